/* zdd.h -- a ZDD of the solutions of an XCC problem, after Knuth's DLX6.
 *
 * Like dlxc.h this header is part of the cffi cdef (between the CDEF
 * markers): plain declarations only.
 *
 * dlxc_zdd_new() builds the search from the same compact option arrays as
 * dlxc_new(); dlxc_zdd_run() searches until a node budget is spent or the
 * diagram is complete, and resumes where it stopped.  The diagram's nodes
 * are numbered from 2 in the order they are made (0 and 1 are the sinks);
 * node k branches on option var[k] (0-based among the options handed in),
 * with lo[k] the diagram without it and hi[k] the rest of the solutions
 * with it.  Children are always made before their parents.
 */
#ifndef DLXC_ZDD_H
#define DLXC_ZDD_H
#include <stdint.h>

/* CDEF-BEGIN */
typedef struct dlxc_zdd dlxc_zdd;

enum {
    DLXC_ZDD_ELIMIT = -6, /* the diagram and its memo would pass the memory limit */
    DLXC_ZDD_EWRITE = -7  /* writing to the file descriptor failed (errno says why) */
};

typedef struct {
    uint64_t search_nodes; /* DLX6's search nodes: level entries plus solutions */
    uint64_t memos;        /* residual problems stored */
    uint64_t hits;         /* residual problems met again */
    uint64_t bytes;        /* memory of the memo and the diagram */
    uint32_t zdd_nodes;    /* branch nodes made so far (without the sinks) */
    uint32_t root;         /* the diagram's top node (0: no solution), once done */
    int32_t level;         /* current depth */
    int32_t max_level;     /* deepest level entered */
    int32_t done;          /* 1 once the diagram is complete */
} dlxc_zdd_info;

const char *dlxc_zdd_strerror(int code);

/* Build the search: the arguments are dlxc_new's (without ids and seed);
 * max_bytes bounds the memo table and the diagram together. */
int dlxc_zdd_new(dlxc_zdd **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                 const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                 uint64_t max_bytes);

/* Search on for at most node_budget more search nodes: DLXC_DONE when the
 * diagram is complete, DLXC_BUDGET when the budget is spent,
 * DLXC_ZDD_ELIMIT when the memory limit would be passed (the search cannot
 * go on), DLXC_ENOMEM. */
int dlxc_zdd_run(dlxc_zdd *z, uint64_t node_budget);

void dlxc_zdd_get_info(const dlxc_zdd *z, dlxc_zdd_info *out);

/* Knuth's estimate of the fraction of the search done (0..1). */
double dlxc_zdd_progress(const dlxc_zdd *z);

/* Copy the branch nodes 2 .. zdd_nodes+1 into var, lo, hi (zdd_nodes
 * entries each, node k at index k-2). */
void dlxc_zdd_nodes(const dlxc_zdd *z, int32_t *var, uint32_t *lo, uint32_t *hi);

/* The number of solutions (paths to 1), or DLXC_EOVERFLOW when it does
 * not fit in 64 bits; DLXC_EINVAL before the diagram is complete. */
int dlxc_zdd_count(const dlxc_zdd *z, uint64_t *count);

/* Write the diagram to file descriptor fd in Knuth's ZDD text format, as
 * DLX6 writes it: one line "K: (~V?L:H)" per node (K, L, H in hex, V the
 * option's number from 1 in decimal), then the root line "R: (~0?0:T)". */
int dlxc_zdd_write(const dlxc_zdd *z, int fd); /* DLXC_ZDD_EWRITE on a failed write */

void dlxc_zdd_free(dlxc_zdd *z);
/* CDEF-END */

#endif
