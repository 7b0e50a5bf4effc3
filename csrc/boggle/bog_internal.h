/* bog_internal.h -- the trie and the board geometry, shared by trie.c and
 * score.c (not part of the cffi interface: no CDEF markers here).
 *
 * The trie (seed 001): node u's child for letter c is child[u*26 + c], or -1;
 * is_terminal[u] says a word ends at u, term_score[u] is that word's points.
 * Nodes are numbered breadth-first from the root (node 0), so the upper
 * levels, which every board visits, sit together at the front of the arrays.
 * has_child[u] says whether u has any child (a state at a leaf is never
 * queued).  last[u] is the stamp of the last board whose walk counted the
 * word ending at u: the per-board dedupe.  Stamps grow across calls and are
 * reset to zero before they would wrap.
 */
#ifndef DLXC_BOG_INTERNAL_H
#define DLXC_BOG_INTERNAL_H
#include <stdint.h>

#define BOG_A 26
#define BOG_NEIGHBOURS 8

struct dlxc_bog_trie {
    int32_t nodes;
    int32_t words;
    int32_t *child;          /* [nodes * 26] */
    uint8_t *is_terminal;    /* [nodes] */
    uint8_t *has_child;      /* [nodes] */
    uint8_t *kind;           /* [nodes]: is_terminal | has_child << 1, one load for both */
    int32_t *term_score;     /* [nodes] */
    uint32_t *last;          /* [nodes] */
    uint32_t stamp;          /* the last stamp handed out */
};

/* The board's cells 0..ncells-1, row by row; nbr[cell*8 + k] is the k-th
 * neighbour of cell, -1 after the last one (off the board). */
typedef struct {
    int32_t rows, cols, ncells;
    int8_t nbr[64 * BOG_NEIGHBOURS];
} bog_geometry;

/* Hand out n consecutive stamps; returns the first. */
uint32_t dlxc_bog__stamps(struct dlxc_bog_trie *t, uint32_t n);

#endif
