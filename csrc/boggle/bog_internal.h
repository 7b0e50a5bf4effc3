/* bog_internal.h -- the trie and the board geometry, shared by trie.c and
 * score.c (not part of the cffi interface: no CDEF markers here).
 *
 * The trie.  Seed 001's table childIndex[u*26 + c] with its rows packed:
 * nodes are numbered breadth-first from the root (node 0), so the children
 * of a node have consecutive numbers, in letter order, and node u is
 * described by two words, node[u].arcs and node[u].first:
 *
 *   arcs bits 0..25   the letters c for which u has a child (BOG_LETTERS);
 *   arcs bits 26..29  the points of the word ending at u, 0 if none (the
 *                     seed's termScore; isTerminal is "points > 0");
 *   first             the number of u's first child.
 *
 * So childIndex[u*26 + c] is first + (the number of letters of arcs below
 * c) when bit c of arcs is set, and -1 (no such child) when it is not.
 * Eight bytes a node instead of the 104 of a row of 26 int32: for ENABLE2K
 * 3.1 MB instead of 40 MB, so the part of the trie that a batch of boards
 * walks stays in the processor's caches (see score.c's historical notes).
 *
 * last[u] is the stamp of the last board whose walk counted the word ending
 * at u: the per-board dedupe.  Stamps grow across calls and are reset to
 * zero before they would wrap.
 */
#ifndef DLXC_BOG_INTERNAL_H
#define DLXC_BOG_INTERNAL_H
#include <stdint.h>

#define BOG_A 26
#define BOG_NEIGHBOURS 8
#define BOG_LETTERS ((1u << BOG_A) - 1)
#define BOG_POINTS_SHIFT 26

typedef struct {
    uint32_t arcs; /* child letters | points << BOG_POINTS_SHIFT */
    int32_t first; /* the first child (children are consecutive) */
} bog_node;

struct dlxc_bog_trie {
    int32_t nodes;
    int32_t words;
    bog_node *node; /* [nodes] */
    uint32_t *last; /* [nodes] */
    uint32_t stamp; /* the last stamp handed out */
};

/* The number of set bits of x, without the popcnt instruction (the default
 * x86-64 target has none, and gcc would call a library function). */
static inline uint32_t bog_popcount(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

/* childIndex[u*26 + c] of the seed: u's child for letter c, or -1. */
static inline int32_t bog_child(const bog_node *n, int c)
{
    if (!(n->arcs >> c & 1)) return -1;
    return n->first + (int32_t)bog_popcount(n->arcs & ((1u << c) - 1));
}

/* The board's cells 0..ncells-1, row by row; nbr[cell*8 + k] is the k-th
 * neighbour of cell, -1 after the last one (off the board); nbrmask[cell]
 * has bit j set for each neighbour j.  Neighbours come in increasing cell
 * order: row above left to right, then left and right, then row below. */
typedef struct {
    int32_t rows, cols, ncells;
    int8_t nbr[64 * BOG_NEIGHBOURS];
    uint64_t nbrmask[64];
} bog_geometry;

/* Hand out n consecutive stamps; returns the first. */
uint32_t dlxc_bog__stamps(struct dlxc_bog_trie *t, uint32_t n);

#endif
