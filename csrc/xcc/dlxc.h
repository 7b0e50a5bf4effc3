/* dlxc.h -- the C engine of dlxc: Knuth's Algorithm C (TAOCP 7.2.2.1).
 *
 * This header is also the cffi cdef (build_ext.py reads it between the
 * CDEF markers), so it holds only plain declarations: no macros with
 * arguments, no #include inside the marked region.
 *
 * Lifecycle: dlxc_new() builds a solver from compact option arrays,
 * dlxc_run() searches until a batch of solutions is full, a node budget is
 * spent, or the search is over, and can be called again to resume exactly
 * where it stopped.  dlxc_free() releases everything.  The library never
 * prints, never exits and keeps no global state; every function returns a
 * status code that dlxc_strerror() turns into a sentence.
 */
#ifndef DLXC_H
#define DLXC_H
#include <stdint.h>

/* CDEF-BEGIN */
typedef struct dlxc_solver dlxc_solver;

typedef struct {
    uint64_t solutions;  /* solutions found so far */
    uint64_t nodes;      /* DLX2's nodes: level entries plus solutions */
    uint64_t updates;    /* DLX2's updates: unlinks of items and of nodes */
    uint64_t cleansings; /* DLX2's cleansings: purify calls plus marks */
    int32_t level;       /* current depth of the search */
    int32_t max_level;   /* deepest level entered */
    int32_t done;        /* 1 once the whole tree has been explored */
} dlxc_stats;

/* status codes (>= 0: how dlxc_run returned; < 0: an error) */
enum {
    DLXC_DONE = 0,       /* the search is complete */
    DLXC_BATCH = 1,      /* the solution buffer is full; call again */
    DLXC_BUDGET = 2,     /* the node budget of this call is spent */
    DLXC_ENOMEM = -1,    /* out of memory */
    DLXC_EINVAL = -2,    /* malformed problem arrays */
    DLXC_ETOOBIG = -3,   /* more nodes than 32-bit links can address */
    DLXC_EOVERFLOW = -4, /* a 64-bit counter would wrap */
    DLXC_EBUFFER = -5    /* the buffer cannot hold even one solution */
};

const char *dlxc_strerror(int code);
const char *dlxc_version(void);

/* Build a solver.
 *   n_primary   items 0 .. n_primary-1 are primary, the rest secondary
 *   n_items     total number of items
 *   n_options   number of options
 *   opt_start   n_options+1 offsets into opt_items/opt_colors
 *   opt_items   item index of each node, 0-based
 *   opt_colors  color of each node: 0 = none, >= 1 a color
 *   opt_ids     the id reported for each option (NULL: 0 .. n_options-1)
 *   seed, randomize   with randomize != 0, ties in the choice of item are
 *                     broken by a splitmix64 stream seeded with seed
 * Every option needs at least one primary item; primary items cannot be
 * colored; no item may appear twice in one option. */
int dlxc_new(dlxc_solver **out, int32_t n_primary, int32_t n_items, int32_t n_options,
             const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
             const int32_t *opt_ids, uint64_t seed, int randomize);

/* Search on.  Stops when node_budget more nodes are counted, never later
 * (a node is a level entry or a solution, as DLX2 counts them), after recording
 * max_solutions solutions (if > 0), when buf (if not NULL) cannot take the
 * next solution, or at the end.  Each solution is
 * written to buf as k followed by the k option ids, in level order;
 * *buf_used receives the number of int32 written.  With buf == NULL the
 * solutions are only counted. */
int dlxc_run(dlxc_solver *s, uint64_t node_budget, int64_t max_solutions, int32_t *buf,
             int64_t buf_len, int64_t *buf_used);

void dlxc_get_stats(const dlxc_solver *s, dlxc_stats *out);

/* Parallel counting.  dlxc_set_split(s, d) (before the first run): instead
 * of entering level d, write the path of d choices to buf as -d followed
 * by d option ids.  dlxc_replay(s, path, d) (on a fresh solver without
 * randomize): commit such a path with the same branching rule; the solver
 * then searches only the subtree below it, with counters from zero. */
int dlxc_set_split(dlxc_solver *s, int32_t depth);
int dlxc_replay(dlxc_solver *s, const int32_t *path, int32_t len);

/* Knuth's estimate of the fraction of the tree explored so far (0..1),
 * never decreasing from one call of dlxc_run to the next. */
double dlxc_progress(const dlxc_solver *s);

/* Memoized counting (before the first run, not with split or randomize):
 * cache solution counts of residual problems, at most max_entries; the keys
 * waiting on the search path are kept for the deepest
 * min(n_primary + 2, max_entries) levels.  dlxc_memo_info's bytes count the
 * table and that key stack; full is set when an entry or a waiting key had
 * to be left out (the counts stay exact; sampling needs full == 0). */
int dlxc_set_memo(dlxc_solver *s, uint64_t max_entries);
void dlxc_memo_info(const dlxc_solver *s, uint64_t *entries, uint64_t *hits, uint64_t *bytes,
                    int *full);

/* One random probe of the search tree (fresh solver): Knuth's unbiased
 * estimates of the numbers of nodes and solutions. */
int dlxc_probe(dlxc_solver *s, uint64_t seed, double *nodes_est, double *solutions_est,
               int32_t *depth);

/* A solution drawn exactly uniformly, after a complete memoized count whose
 * table never filled up; written to buf as k and k option ids. */
int dlxc_sample(dlxc_solver *s, uint64_t seed, int32_t *buf, int64_t buf_len, int64_t *buf_used);
int32_t dlxc_max_solution_length(const dlxc_solver *s);
void dlxc_free(dlxc_solver *s);

/* Keep, in place, the solution records of buf[0..used) (k and k option
 * ids, as dlxc_run writes them) in which every option shares a bit of its
 * mask with another option of the same record; split-path records are
 * dropped.  Option id j's mask is masks[j*words .. j*words+words-1].
 * Returns the number of records kept, their length in *kept_used, or
 * DLXC_EINVAL for an id outside 0..n_masks-1. */
int64_t dlxc_keep_overlapping(int32_t *buf, int64_t used, const uint64_t *masks, int32_t n_masks,
                              int32_t words, int64_t *kept_used);
/* CDEF-END */

#endif
