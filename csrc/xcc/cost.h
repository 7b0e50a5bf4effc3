/* cost.h -- dlxc's minimum-cost engine: Knuth's DLX5 (Algorithm C with costs).
 *
 * Every option has a non-negative cost; the engine finds the k cheapest
 * solutions, keeping the k best seen so far and cutting off every branch
 * that cannot beat the k-th (cost.c says how).  The contract is that of
 * dlxc.h's solver: a handle built from compact option arrays, resumable
 * runs within a node budget, no printing, no globals, status codes.
 *
 * This header's marked part is fed to cffi after dlxc.h's (it includes
 * it), whose dlxc_stats and status codes it uses.
 */
#ifndef DLXC_COST_H
#define DLXC_COST_H
#include <stdint.h>
#include "dlxc.h"

/* CDEF-BEGIN */
typedef struct dlxc_cost dlxc_cost;

/* Build from the arrays dlxc_new takes, plus opt_costs (one cost >= 0 per
 * option; all of them together below 2^63) and k >= 1, the number of
 * cheapest solutions to keep.  With bound 0 the search is DLX5's exactly
 * (its tree and statistics); with bound 1 it also cuts off every node whose
 * cost so far plus a lower bound on the rest reaches the cut-off (cost.c). */
int dlxc_cost_new(dlxc_cost **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                  const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                  const int64_t *opt_costs, const int32_t *opt_ids, int32_t k, int bound);

/* Search on until node_budget more nodes are counted (checked as a level
 * is entered) or to the end: DLXC_BUDGET or DLXC_DONE. */
int dlxc_cost_run(dlxc_cost *s, uint64_t node_budget);
void dlxc_cost_get_stats(const dlxc_cost *s, dlxc_stats *out);

/* The best list so far: dlxc_cost_kept() entries, in no order; entry i has
 * its cost (the true cost, taxes added back), the number of the solution
 * when it was found (1, 2, ...: the order of discovery) and its length;
 * dlxc_cost_entry writes its option ids (level order) to ids, which has
 * room for dlxc_cost_entry_len(s, i) of them. */
int32_t dlxc_cost_kept(const dlxc_cost *s);
int32_t dlxc_cost_entry_len(const dlxc_cost *s, int32_t i);
int dlxc_cost_entry(const dlxc_cost *s, int32_t i, uint64_t *cost, uint64_t *found, int32_t *ids);
void dlxc_cost_free(dlxc_cost *s);
/* CDEF-END */

#endif
