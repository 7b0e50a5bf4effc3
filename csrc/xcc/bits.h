/* bits.h -- dlxc's third XCC engine: bitsets of options.
 *
 * The same problems as dlxc.h's solver and the same contract (resumable
 * runs, batches of solutions, node budgets, no printing, no globals), with
 * a third data structure: the set of active options is a bitset, and every
 * item keeps, as sparse lists of 64-bit words, the options it kills when
 * an option using it is chosen.  Its tree is DLX2's (the uncovered primary
 * item with fewest active options, the leftmost on ties, its options in
 * input order), and so are its nodes and max_level; its updates are its
 * own: options removed from the active set (docs/design/xcc.md, section 8).
 *
 * This header's marked part is fed to cffi after dlxc.h's (build_ext.py
 * takes a header after the unit's headers it includes), whose dlxc_stats
 * and status codes it uses.
 */
#ifndef DLXC_BITS_H
#define DLXC_BITS_H
#include <stdint.h>
#include "dlxc.h"

/* CDEF-BEGIN */
typedef struct dlxc_bits dlxc_bits;

/* Build from the arrays dlxc_new takes (no randomize: ties go leftmost).
 * DLXC_ETOOBIG when the kill lists would pass 2^27 words. */
int dlxc_bits_new(dlxc_bits **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                  const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                  const int32_t *opt_ids);

/* As dlxc_run: search on for about node_budget nodes, at most
 * max_solutions solutions (if > 0) written to buf as k and k option ids. */
int dlxc_bits_run(dlxc_bits *s, uint64_t node_budget, int64_t max_solutions, int32_t *buf,
                  int64_t buf_len, int64_t *buf_used);
void dlxc_bits_get_stats(const dlxc_bits *s, dlxc_stats *out);

/* As dlxc_set_split and dlxc_replay (dlxc.h), for the same tree: a split
 * run records the paths of depth d; a replay commits one and searches the
 * subtree below it, counters from zero.  A solver whose search is done
 * may be replayed again, which spares building one per path. */
int dlxc_bits_set_split(dlxc_bits *s, int32_t depth);
int dlxc_bits_replay(dlxc_bits *s, const int32_t *path, int32_t len);
double dlxc_bits_progress(const dlxc_bits *s);
void dlxc_bits_free(dlxc_bits *s);
/* Drop the dense rows (bits.c, dense_rows) and search through the sparse
 * kill lists alone, as for a problem too big for the rows: the same tree
 * and statistics, for the tests that compare the two ways. */
void dlxc_bits_sparse(dlxc_bits *s);
/* CDEF-END */

#endif
