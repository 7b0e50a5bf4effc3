/* mcc.h -- dlxc's engine for items with multiplicities (MCC), after Knuth's DLX3.
 *
 * A primary item may carry bounds u:v: a solution covers it at least u and
 * at most v times (plain items are 1:1).  The same contract as dlxc.h's
 * solver (resumable runs, batches of solutions, node budgets, no printing,
 * no globals); the tree is DLX3's, nodes = level entries (solutions and
 * dead ends included).  By default the levels whose one branch is the
 * null move of an empty item that needs nothing are left out, and updates
 * are the options committed (cleansings 0); after dlxc_mcc_use_links the
 * tree and every statistic are DLX3's.
 *
 * This header's marked part is fed to cffi after dlxc.h's, whose
 * dlxc_stats and status codes it uses.
 */
#ifndef DLXC_MCC_H
#define DLXC_MCC_H
#include <stdint.h>
#include "dlxc.h"

/* CDEF-BEGIN */
typedef struct dlxc_mcc dlxc_mcc;

/* Build from the arrays dlxc_new takes, plus bounds: u and v of each
 * primary item in turn (2 * n_primary ints, 0 <= u <= v, v >= 1), or NULL
 * for 1:1 everywhere. */
int dlxc_mcc_new(dlxc_mcc **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                 const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                 const int32_t *opt_ids, const int32_t *bounds);

/* As dlxc_run: search on for about node_budget nodes, at most
 * max_solutions solutions (if > 0) written to buf as k and k option ids
 * (a solution has as many options as it has, not one per level). */
int dlxc_mcc_run(dlxc_mcc *s, uint64_t node_budget, int64_t max_solutions, int32_t *buf,
                 int64_t buf_len, int64_t *buf_used);
void dlxc_mcc_get_stats(const dlxc_mcc *s, dlxc_stats *out);
double dlxc_mcc_progress(dlxc_mcc *s);
/* Splitting: a path records one entry per level, the option id chosen or
 * -1 for a null move (an item left with no more options); a replay makes
 * the same choices with the same branching rule. */
int dlxc_mcc_set_split(dlxc_mcc *s, int32_t depth);
int dlxc_mcc_replay(dlxc_mcc *s, const int32_t *path, int32_t len);
int32_t dlxc_mcc_max_levels(const dlxc_mcc *s);
/* One random probe of the search tree (fresh solver), as dlxc_probe:
 * Knuth's unbiased estimates of the numbers of nodes and solutions. */
int dlxc_mcc_probe(dlxc_mcc *s, uint64_t seed, double *nodes_est, double *solutions_est,
                   int32_t *depth);
/* Walk the tree over dancing links and report DLX3's updates and
 * cleansings (fresh solver only); without it, a problem small enough is
 * searched over bitsets, with the same nodes and solutions, whose updates
 * are the options committed and cleansings 0. */
int dlxc_mcc_use_links(dlxc_mcc *s);
void dlxc_mcc_free(dlxc_mcc *s);
/* CDEF-END */

#endif
