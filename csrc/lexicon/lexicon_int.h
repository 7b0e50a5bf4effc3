/* lexicon_int.h -- what the lexicon's .c files share and nobody else sees. */
#ifndef DLXC_LEXICON_INT_H
#define DLXC_LEXICON_INT_H
#include <stddef.h>
#include <stdint.h>
#include "lexicon.h"

#define LEX_LETTER(n) ((int)((n)&0xFFu))
#define LEX_CHILD(n) (((n) >> 8) & 0x3FFFFFu)
#define LEX_TERMINAL(n) (((n) >> 30) & 1u)
#define LEX_LAST(n) ((n) >> 31)
#define LEX_NODE(letter, child, term, last)                                                        \
    ((uint32_t)(letter) | ((uint32_t)(child) << 8) | ((uint32_t)(term) << 30) |                    \
     ((uint32_t)(last) << 31))

/* the deepest walk: a GADDAG path is a word plus the separator */
#define LEX_MAXD (DLXC_LEX_MAX_LEN + 2)

/* Membership looks the first letters of a word up in tables instead of
 * scanning sibling lists (see lex_has).  prefix[k] has radix^(k+1)
 * entries, radix = n_letters+1: the entry of codes c0..ck, the number
 * c0 c1 .. ck in that radix, is the node (its 32 bits, not its index) of
 * the arc of ck at the end of the path c0..ck from the root, or 0 when no
 * word starts so (no node is 0: letters are 1..n_letters).  The tables go
 * prefix_depth letters deep, as deep as LEX_PREFIX_CAP entries allow (3
 * for 31 letters or fewer, 80 KB for English). */
#define LEX_PREFIX_MAX 3
#define LEX_PREFIX_CAP 32768

struct dlxc_lex {
    uint32_t *dawg;
    int64_t n_dawg;
    uint32_t *gaddag; /* NULL when the lexicon has none */
    int64_t n_gaddag;
    int32_t n_letters;    /* codes 1..n_letters; n_letters+1 is the separator */
    uint8_t ascii[256];   /* byte -> code, 0 for no letter: the map of lex_has for text */
    uint8_t codes[256];   /* c -> c for codes 1..n_letters, else 0: the map for codes */
    uint32_t radix;       /* n_letters + 1 */
    int32_t prefix_depth; /* 1..LEX_PREFIX_MAX */
    uint32_t *prefix[LEX_PREFIX_MAX]; /* prefix[0]: the root list's node of each code */
    /* For the move generator, when the GADDAG's codes (separator included)
     * are under 32: gx[i] is the GADDAG's node i in its low 32 bits and, in
     * its high 32, the mask of the letters of the arcs from i to the end of
     * its sibling list, so that the arc of L in the list starting at i is
     * i + popcount(mask & ((1 << L) - 1)), found without a scan, in the
     * cache line of the list's first node.  NULL otherwise. */
    uint64_t *gx;
    uint64_t serial; /* this lexicon's number, never reused in a process */
};

/* The layout of struct dlxc_lex as dlxc._lexfast reads it (a separate
 * extension module compiled from this header), and the zero arcs after its
 * arrays that lex_find may load: dlxc_lex_layout() gives the engine's, and
 * dlxc._lexfast is not used with an engine whose layout is not its own. */
#define LEX_LAYOUT                                                                                 \
    ((int64_t)LEX_PAD << 56 | (int64_t)sizeof(dlxc_lex) << 32 |                                    \
     (int64_t)offsetof(dlxc_lex, ascii) << 16 | (int64_t)offsetof(dlxc_lex, prefix))

/* The arc of letter c in the sibling list starting at i, or 0.
 *
 * With SSE2 (every x86-64), four arcs are compared at once: the letters
 * against c, and the isLastSibling bits (the sign bits) tell where the
 * list ends.  Most lists below the first letters of a word have one to
 * four arcs, so the scan is one step whose outcome needs no guess, where
 * the arc-by-arc scan mispredicts its exit once a list.  The loads may
 * read up to three arcs past the end of the array: the arrays of a
 * dlxc_lex are allocated LEX_PAD arcs longer (zeros). */
#define LEX_PAD 4
#if defined(__SSE2__)
#include <emmintrin.h>
static inline uint32_t lex_find(const uint32_t *g, uint32_t i, int c)
{
    if (i == 0) return 0;
    const __m128i want = _mm_set1_epi32(c), letter = _mm_set1_epi32(0xFF);
    for (;; i += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(g + i));
        int eq = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(v, letter), want)));
        int last = _mm_movemask_ps(_mm_castsi128_ps(v)); /* bit 31 of each arc */
        int in_list = last ? last ^ (last - 1) : 0xF;    /* up to the first last arc */
        if (eq & in_list) return i + (uint32_t)__builtin_ctz((unsigned)(eq & in_list));
        if (last) return 0;
    }
}
#else
static inline uint32_t lex_find(const uint32_t *g, uint32_t i, int c)
{
    if (i == 0) return 0;
    for (;; i++) {
        uint32_t n = g[i];
        int l = LEX_LETTER(n);
        if (l == c) return i;
        if (l > c || LEX_LAST(n)) return 0;
    }
}
#endif

/* ---- Membership: the one walk -------------------------------------------
 * Written once here, for query.c's calls and for the CPython type of
 * _lexfast.c (dlxc._lexfast), which reads this struct directly: the two
 * answer `w in lex' with the same code on the same arrays.
 *
 * map turns a byte of the word into a code (lex->ascii for text, lex->codes
 * for codes), 0 for no letter: the prefix tables have 0 at every entry
 * with a 0 digit, so a word with an unknown letter is not found.
 *
 * The first prefix_depth letters cost one table load, whose address
 * depends on the letters only; then one sibling list is scanned for each
 * further letter.  (In ENABLE a shuffled word scans 30 arcs on average
 * without the tables, 21 of them for its 2nd to 4th letters.)
 *
 * Historical notes (ENABLE, the shared 2-core machine, CPU time).  The
 * tables and the SSE2 scan took a shuffled word from about 110 to 70 ns in
 * C, a sorted one walked whole from 65 to 40.  Walking twelve words side by
 * side, each prefetching the list it scans next, was slower in C (76-82 ns
 * against 72-77 one after the other): there the walk waits on branches
 * more than on memory.  From Python it is the other way round: a perf
 * profile of `w in lex' over shuffled hits spends as much time in the
 * interpreter's miss on the str object (listiter_next) as in the whole
 * walk, and half the walk on the load of the list below the table's node,
 * as DAWG2 does in its own walk; so only the batch call, which sees the
 * words ahead, prefetches (_lexfast.c).  A model of the cache with the
 * lists below the tables packed together, or all lists laid out
 * breadth-first, showed no fewer misses than the depth-first layout. */
static inline int lex_has(const dlxc_lex *lex, const uint8_t *map, const uint8_t *s, int64_t len)
{
    const uint32_t *g = lex->dawg;
    if (len <= 0) return 0;
    int64_t k = len < lex->prefix_depth ? len : lex->prefix_depth;
    uint32_t idx = 0;
    for (int64_t j = 0; j < k; j++) idx = idx * lex->radix + map[s[j]];
    uint32_t n = lex->prefix[k - 1][idx]; /* the node itself: its child is one load away */
    for (; n && k < len; k++) {
        uint32_t e = lex_find(g, LEX_CHILD(n), map[s[k]]);
        n = e ? g[e] : 0;
    }
    return n ? (int)LEX_TERMINAL(n) : 0;
}

/* A hint for a word a batch will come to soon, in two stages a few words
 * apart: stage 0 asks the memory for the prefix-table entry of its first
 * letters, stage 1 (that entry in the cache by then) for the sibling list
 * below it.  It changes nothing. */
#if defined(__GNUC__) || defined(__clang__)
#define LEX_PREFETCH(p) __builtin_prefetch(p)
#else
#define LEX_PREFETCH(p) ((void)(p))
#endif

static inline void lex_prefetch(const dlxc_lex *lex, const uint8_t *map, const uint8_t *s,
                                int64_t len, int stage)
{
    if (len <= 0) return;
    int64_t k = len < lex->prefix_depth ? len : lex->prefix_depth;
    uint32_t idx = 0;
    for (int64_t j = 0; j < k; j++) idx = idx * lex->radix + map[s[j]];
    const uint32_t *t = lex->prefix[k - 1] + idx;
    if (stage == 0) {
        LEX_PREFETCH(t);
        return;
    }
    uint32_t n = *t;
    if (n && LEX_CHILD(n)) LEX_PREFETCH(lex->dawg + LEX_CHILD(n));
}

/* A walk over many words remembers the arcs of the previous word, so the
 * next one starts where the two part: in a sorted list most words share
 * all but their last letter or two with the word before. */
typedef struct {
    int64_t depth;                   /* letters of the last word whose nodes are in path */
    uint8_t code[DLXC_LEX_MAX_LEN];  /* those letters */
    uint32_t path[DLXC_LEX_MAX_LEN]; /* path[d]: the node of the arc of letter d */
} lex_walk;

static inline int lex_walk_has(const dlxc_lex *lex, lex_walk *w, const uint8_t *map,
                               const uint8_t *s, int64_t len)
{
    const uint32_t *g = lex->dawg;
    int64_t d = 0, common = w->depth < len ? w->depth : len;
    while (d < common && map[s[d]] == w->code[d]) d++;
    uint32_t n = d ? w->path[d - 1] : 0;
    if (d < lex->prefix_depth) {
        uint32_t idx = 0;
        for (int64_t j = 0; j < d; j++) idx = idx * lex->radix + w->code[j];
        for (; d < len && d < lex->prefix_depth; d++) {
            int c = map[s[d]];
            idx = idx * lex->radix + (uint32_t)c;
            n = lex->prefix[d][idx];
            if (!n) goto done;
            w->code[d] = (uint8_t)c;
            w->path[d] = n;
        }
    }
    for (; d < len && d < DLXC_LEX_MAX_LEN; d++) {
        int c = map[s[d]];
        uint32_t e = lex_find(g, LEX_CHILD(n), c);
        if (!e) break;
        n = g[e];
        w->code[d] = (uint8_t)c;
        w->path[d] = n;
    }
done:
    w->depth = d;
    return d == len && len > 0 && LEX_TERMINAL(n);
}

/* The generator's board size, for the play-outs of sim.c. */
int dlxc_lex_gen_rows(const dlxc_lex_gen *g);
int dlxc_lex_gen_cols(const dlxc_lex_gen *g);
/* The moves that may be the rack's best by equity (sim.c): a move's
 * equity is its score plus adj[sum over its tiles of radix[code]], no
 * move adds more than most, and a move must reach least.  The search is
 * the best-moves search with a floor on the score that rises with the best
 * equity found: every move whose equity is the best, or ties it, is among
 * the moves kept (in no order), besides some worse ones. */
int dlxc_lex_gen_best_equity(dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *board,
                             const uint8_t *rack, const double *adj, const int64_t *radix,
                             double most, double least, int64_t *n_moves);

#endif
