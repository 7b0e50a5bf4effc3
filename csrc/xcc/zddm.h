/* zddm.h -- a ZDD of the solutions of a problem with multiplicities.
 *
 * Like dlxc.h this header is part of the cffi cdef (between the CDEF
 * markers): plain declarations only.
 *
 * The handle has the shape of zdd.h's (the same info struct, the same
 * numbering of the diagram's nodes: 0 and 1 the sinks, node k branching on
 * option var[k] with lo[k] and hi[k], children before parents), and takes
 * the bounds of the primary items too: bounds[2p], bounds[2p+1] are u and v
 * of primary item p.  The diagram is ordered: along a path the options come
 * in increasing order.
 */
#ifndef DLXC_ZDDM_H
#define DLXC_ZDDM_H
#include <stdint.h>
#include "zdd.h"

/* CDEF-BEGIN */
typedef struct dlxc_zddm dlxc_zddm;

/* Build the search; max_bytes bounds the memo and the diagram together, as
 * 16 bytes a memo, 4 a key word and 12 a diagram node. */
int dlxc_zddm_new(dlxc_zddm **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                  const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                  const int32_t *bounds, uint64_t max_bytes);

/* Search on for at most node_budget more search nodes: DLXC_DONE,
 * DLXC_BUDGET, DLXC_ZDD_ELIMIT (the search cannot go on), DLXC_ENOMEM. */
int dlxc_zddm_run(dlxc_zddm *z, uint64_t node_budget);

void dlxc_zddm_get_info(const dlxc_zddm *z, dlxc_zdd_info *out);

/* The share of the two-way tree (leave out, take) left of the current level. */
double dlxc_zddm_progress(const dlxc_zddm *z);

/* Copy the branch nodes 2 .. zdd_nodes+1 into var, lo, hi (index k-2). */
void dlxc_zddm_nodes(const dlxc_zddm *z, int32_t *var, uint32_t *lo, uint32_t *hi);

void dlxc_zddm_free(dlxc_zddm *z);
/* CDEF-END */

#endif
