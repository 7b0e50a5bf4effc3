/* score.c -- scoring boards: the batched frontier walk, the
 * depth-first walk it is measured against, and the words of one board.
 *
 * Historical notes.  The frontier walk keeps every state it will step in
 * memory, where a depth-first walk keeps one path on the stack; what it buys
 * is that one step does the same small thing to thousands of states of many
 * boards in a row.  bench/bench_boggle.py measures both against
 * danvk/hybrid-boggle's depth-first C++ scorer; docs/performance.md has the figures.
 *
 * The first trie kept rows of 26 int32 children: 40 MB for
 * ENABLE2K, and a profile of the walk on the variations of perslatgsineters
 * spent most of its time waiting for the row loads.  Packing a row into
 * 8 bytes (bog_internal.h; 3.1 MB) and carrying the node's packed row in
 * the state took the walk from 17,600 to 25,500 boards per CPU second on
 * those boards, from 4,800 to 7,700 on the 5x5 variations and from 102,000
 * to 156,000 on random 4x4 boards (one process, same host, same hour); the
 * totals did not change.  In the same change the step runs over the set
 * bits of (neighbours & ~visited) instead of testing 8 table entries, and
 * writes every child state, keeping it only if it has children (no branch).
 * Levels of 65,536 states stayed the best size: 2,048 to 262,144 moved the
 * speed by less than 15%.
 */
#include <stdlib.h>
#include <string.h>

#include "boggle.h"
#include "bog_internal.h"

/* == The board ========================================================== */

/* Neighbours of every cell, row above left to right, then left and right,
 * then row below, as hybrid-boggle orders them; -1 after the last. */
static int geometry(int32_t rows, int32_t cols, bog_geometry *g)
{
    int32_t r, c, dr, dc;
    if (rows < 1 || cols < 1 || rows > DLXC_BOG_MAX_CELLS || cols > DLXC_BOG_MAX_CELLS ||
        rows * cols > DLXC_BOG_MAX_CELLS)
        return DLXC_BOG_ESIZE;
    g->rows = rows, g->cols = cols, g->ncells = rows * cols;
    memset(g->nbr, 0xff, sizeof g->nbr);
    memset(g->nbrmask, 0, sizeof g->nbrmask);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            int k = 0;
            for (dr = -1; dr <= 1; dr++)
                for (dc = -1; dc <= 1; dc++) {
                    int32_t rr = r + dr, cc = c + dc;
                    if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < cols) {
                        g->nbr[(r * cols + c) * BOG_NEIGHBOURS + k++] = (int8_t)(rr * cols + cc);
                        g->nbrmask[r * cols + c] |= (uint64_t)1 << (rr * cols + cc);
                    }
                }
        }
    return DLXC_BOG_OK;
}

static int check_boards(const uint8_t *boards, int64_t n)
{
    int64_t i;
    for (i = 0; i < n; i++)
        if (boards[i] >= BOG_A) return DLXC_BOG_ELETTER;
    return DLXC_BOG_OK;
}

static int prepare(dlxc_bog_trie *t, int32_t rows, int32_t cols, const uint8_t *boards,
                   int32_t n_boards, int32_t *scores, bog_geometry *g)
{
    int rc;
    if (!t || n_boards < 0 || (n_boards && (!boards || !scores))) return DLXC_BOG_EINVAL;
    if (n_boards >= (1 << 25)) return DLXC_BOG_EINVAL; /* board << 6 | cell in 32 bits */
    if ((rc = geometry(rows, cols, g)) != DLXC_BOG_OK) return rc;
    if ((rc = check_boards(boards, (int64_t)n_boards * g->ncells)) != DLXC_BOG_OK) return rc;
    memset(scores, 0, (size_t)n_boards * sizeof *scores);
    return DLXC_BOG_OK;
}

/* == The frontier walk ================================================== */

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch((p), 0, 1)
#else
#define PREFETCH(p) ((void)(p))
#endif
#define PREFETCH_AHEAD 6

#define CTZ(x) (sizeof(x) == 8 ? __builtin_ctzll((uint64_t)(x)) : __builtin_ctz((uint32_t)(x)))

/* Each walk twice: with the popcnt instruction, for processors that have
 * it (all x86-64 processors of the last fifteen years), chosen at run time,
 * and with bog_popcount for the others.  popcnt made the walk 1.06-1.19x as
 * fast (var44, var55, random 4x4 boards); the tests passed on both, the
 * second forced by a build with HAS_POPCNT() 0. */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define BOG_X86 1
#define HAS_POPCNT() __builtin_cpu_supports("popcnt")
#else
#define BOG_X86 0
#define HAS_POPCNT() 0
#endif

#define WALK_ATTR
#define POPCOUNT(x) bog_popcount(x)
#define MASK_T uint32_t
#define STATE state32
#define WALK walk32
#include "walk.h"
#undef MASK_T
#undef STATE
#undef WALK

#define MASK_T uint64_t
#define STATE state64
#define WALK walk64
#include "walk.h"
#undef MASK_T
#undef STATE
#undef WALK
#undef WALK_ATTR
#undef POPCOUNT

#if BOG_X86
#define WALK_ATTR __attribute__((target("popcnt")))
#define POPCOUNT(x) ((uint32_t)__builtin_popcount(x))
#define MASK_T uint32_t
#define STATE state32p
#define WALK walk32_popcnt
#include "walk.h"
#undef MASK_T
#undef STATE
#undef WALK

#define MASK_T uint64_t
#define STATE state64p
#define WALK walk64_popcnt
#include "walk.h"
#undef MASK_T
#undef STATE
#undef WALK
#undef WALK_ATTR
#undef POPCOUNT
#endif

int dlxc_bog_score(dlxc_bog_trie *t, int32_t rows, int32_t cols, const uint8_t *boards,
                   int32_t n_boards, int32_t *scores, int64_t frontier_cap, dlxc_bog_stats *stats)
{
    bog_geometry g;
    int rc = prepare(t, rows, cols, boards, n_boards, scores, &g);
    if (rc != DLXC_BOG_OK) return rc;
    if (frontier_cap < 64) return DLXC_BOG_EINVAL;
    if (n_boards == 0) return DLXC_BOG_OK;
#if BOG_X86
    if (HAS_POPCNT()) {
        if (g.ncells <= 32)
            return walk32_popcnt(t, &g, boards, n_boards, scores, frontier_cap, stats);
        return walk64_popcnt(t, &g, boards, n_boards, scores, frontier_cap, stats);
    }
#endif
    if (g.ncells <= 32) return walk32(t, &g, boards, n_boards, scores, frontier_cap, stats);
    return walk64(t, &g, boards, n_boards, scores, frontier_cap, stats);
}

/* == The depth-first walk =============================================== */

typedef struct {
    struct dlxc_bog_trie *t;
    const bog_geometry *g;
    const uint8_t *board;
    uint32_t stamp;
    int32_t score;
    uint64_t states, words, deepest;
    int32_t *buf; /* solve: where paths go (NULL when scoring) */
    int64_t buf_len, used;
    int overflow;
    int32_t path[DLXC_BOG_MAX_CELLS];
} dfs_walk;

/* Enter node c at cell j, the path so far being depth cells long. */
static void dfs(dfs_walk *w, int32_t c, int j, uint64_t mask, int depth)
{
    struct dlxc_bog_trie *t = w->t;
    const bog_node *u = t->node + c;
    const int32_t points = (int32_t)(u->arcs >> BOG_POINTS_SHIFT);
    w->states++;
    w->path[depth] = j;
    if (points && t->last[c] != w->stamp) {
        t->last[c] = w->stamp;
        w->score += points;
        w->words++;
        if (w->buf) {
            if (w->used + depth + 2 > w->buf_len) {
                w->overflow = 1;
            } else {
                int k;
                w->buf[w->used++] = depth + 1;
                for (k = 0; k <= depth; k++) w->buf[w->used++] = w->path[k];
            }
        }
    }
    if (u->arcs & BOG_LETTERS) {
        const int8_t *nb = w->g->nbr + j * BOG_NEIGHBOURS;
        int k;
        mask |= (uint64_t)1 << j;
        if ((uint64_t)depth + 1 > w->deepest) w->deepest = (uint64_t)depth + 1;
        for (k = 0; k < BOG_NEIGHBOURS && nb[k] >= 0; k++) {
            const int n = nb[k];
            int32_t cc;
            if (mask & ((uint64_t)1 << n)) continue;
            cc = bog_child(u, w->board[n]);
            if (cc >= 0) dfs(w, cc, n, mask, depth + 1);
        }
    }
}

static void dfs_board(dfs_walk *w)
{
    int j;
    for (j = 0; j < w->g->ncells; j++) {
        int32_t c = bog_child(w->t->node, w->board[j]);
        if (c >= 0) dfs(w, c, j, 0, 0);
    }
}

int dlxc_bog_score_dfs(dlxc_bog_trie *t, int32_t rows, int32_t cols, const uint8_t *boards,
                       int32_t n_boards, int32_t *scores, dlxc_bog_stats *stats)
{
    bog_geometry g;
    dfs_walk w;
    int32_t b;
    uint32_t base;
    int rc = prepare(t, rows, cols, boards, n_boards, scores, &g);
    if (rc != DLXC_BOG_OK) return rc;
    memset(&w, 0, sizeof w);
    w.t = t, w.g = &g;
    base = dlxc_bog__stamps(t, (uint32_t)n_boards);
    for (b = 0; b < n_boards; b++) {
        w.board = boards + (int64_t)b * g.ncells;
        w.stamp = base + (uint32_t)b;
        w.score = 0;
        dfs_board(&w);
        scores[b] = w.score;
    }
    if (stats) {
        stats->boards += (uint64_t)n_boards;
        stats->states += w.states;
        stats->words += w.words;
        if (w.deepest > stats->max_level) stats->max_level = w.deepest;
    }
    return DLXC_BOG_OK;
}

/* == The words of one board ============================================= */

int dlxc_bog_solve(dlxc_bog_trie *t, int32_t rows, int32_t cols, const uint8_t *board, int32_t *buf,
                   int64_t buf_len, int64_t *buf_used)
{
    bog_geometry g;
    dfs_walk w;
    int32_t score;
    int rc = prepare(t, rows, cols, board, 1, &score, &g);
    if (rc != DLXC_BOG_OK) return rc;
    if (!buf || !buf_used || buf_len < 0) return DLXC_BOG_EINVAL;
    memset(&w, 0, sizeof w);
    w.t = t, w.g = &g, w.board = board;
    w.stamp = dlxc_bog__stamps(t, 1);
    w.buf = buf, w.buf_len = buf_len;
    dfs_board(&w);
    *buf_used = w.used;
    return w.overflow ? DLXC_BOG_EBUFFER : DLXC_BOG_OK;
}
