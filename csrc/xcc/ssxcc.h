/* ssxcc.h -- dlxc's second XCC engine: "dancing cells", after Knuth's SSXCC.
 *
 * The same problems as dlxc.h's solver and the same contract (resumable
 * runs, batches of solutions, node budgets, no printing, no globals), with
 * another data structure: each item keeps its active options in a sparse
 * set, and backtracking restores set sizes instead of relinking nodes.
 * Its tree is SSXCC's (forced moves first, then the item with fewest
 * options, the first one in input order on ties) and so are its
 * statistics: nodes = level entries (solutions included), updates = items
 * swapped out of the active list plus options removed from a set.
 *
 * This header's marked part is fed to cffi after dlxc.h's (build_ext.py
 * takes a unit's headers in name order), whose
 * dlxc_stats and status codes it uses.
 */
#ifndef DLXC_SSCELLS_H
#define DLXC_SSCELLS_H
#include <stdint.h>
#include "dlxc.h"

/* CDEF-BEGIN */
typedef struct dlxc_cells dlxc_cells;

/* Build from the arrays dlxc_new takes (no randomize: the tree is fixed). */
int dlxc_cells_new(dlxc_cells **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                   const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                   const int32_t *opt_ids);

/* As dlxc_run: search on for about node_budget nodes, at most
 * max_solutions solutions (if > 0) written to buf as k and k option ids. */
int dlxc_cells_run(dlxc_cells *s, uint64_t node_budget, int64_t max_solutions, int32_t *buf,
                   int64_t buf_len, int64_t *buf_used);
void dlxc_cells_get_stats(const dlxc_cells *s, dlxc_stats *out);
double dlxc_cells_progress(const dlxc_cells *s);
/* Splitting, as dlxc_bits_set_split and dlxc_bits_replay (see ssxcc.c). */
int dlxc_cells_set_split(dlxc_cells *s, int32_t depth);
int dlxc_cells_replay(dlxc_cells *s, const int32_t *path, int32_t len);
void dlxc_cells_free(dlxc_cells *s);
/* CDEF-END */

#endif
