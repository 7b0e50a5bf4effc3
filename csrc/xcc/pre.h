/* pre.h -- preprocessing of an exact cover problem with colors: options
 * that no solution can use and items that another item forces are removed,
 * round after round, until a round removes nothing (the reductions of
 * Knuth's DLX-PRE).  The reduced problem has the same solutions.
 *
 * Lifecycle: dlxc_pre_new() takes the options (each with at least one
 * primary item), dlxc_pre_run() works until a budget of memory accesses
 * ("mems") is spent or the reduction is complete, and can be called again
 * to go on where it stopped; dlxc_pre_result() says which options and
 * items are left (at any time: what has been removed so far is removed
 * soundly); dlxc_pre_free() releases everything.  Status codes are those
 * of dlxc.h.
 */
#ifndef DLXC_PRE_H
#define DLXC_PRE_H
#include <stdint.h>

/* CDEF-BEGIN */
typedef struct dlxc_pre dlxc_pre;

typedef struct {
    uint64_t mems;       /* memory accesses so far, counted as the mirror counts them */
    int32_t rounds;      /* rounds begun */
    int32_t item;        /* the next item (0-based) the current round looks at */
    int32_t options_out; /* options removed */
    int32_t blocked;     /* of which tried and found to leave a primary item without options */
    int32_t items_out;   /* items removed */
    int32_t forced;      /* of which covered whenever another item is */
    int32_t infeasible;  /* a primary item left without options, or -1 */
    int32_t done;        /* 1 once a round removed nothing (or max_rounds ended) */
} dlxc_pre_stats;

/* n_primary, n_items, n_options, opt_start, opt_items, opt_colors as for
 * dlxc_new; max_rounds <= 0: as many rounds as it takes; way: how options
 * are tested (pre.c, blocker): 0 the cheaper way for each, 1 always by
 * counts, 2 always by witnesses (the same answers; for tests). */
int dlxc_pre_new(dlxc_pre **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                 const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                 int32_t max_rounds, int32_t way);
/* Work on for at least mem_budget more mems (checked between options):
 * DLXC_DONE once complete, DLXC_BUDGET when the budget ran out first. */
int dlxc_pre_run(dlxc_pre *h, uint64_t mem_budget);
/* After a run that returned DLXC_BUDGET, before dlxc_pre_result and
 * dlxc_pre_reduced: finish the item under way without testing more of its
 * options (the removals found so far stand). */
void dlxc_pre_settle(dlxc_pre *h);
void dlxc_pre_get_stats(const dlxc_pre *h, dlxc_pre_stats *out);
/* option_keep[j] (n_options bytes) and item_keep[i] (n_items bytes): 1
 * for what is left.  An infeasible problem keeps only its empty primary
 * item and no option. */
void dlxc_pre_result(const dlxc_pre *h, uint8_t *option_keep, uint8_t *item_keep);
/* The options left, their entries renumbered among the items left (in
 * the original order of items and options), as dlxc_new takes them, and
 * out_origin[i] the number of the i-th option left.  With out_start NULL,
 * only returns the number of entries left (the sizes to allocate: the
 * number of options left is that of option_keep's ones). */
int64_t dlxc_pre_reduced(const dlxc_pre *h, int32_t *out_start, int32_t *out_items,
                         int32_t *out_colors, int32_t *out_origin);
void dlxc_pre_free(dlxc_pre *h);
/* CDEF-END */

#endif
