/* boggle.h -- dlxc's Boggle scorer: a trie of words and a batched walk of
 * many boards through it (a batched frontier walk).
 *
 * This header is also the cffi cdef (build_ext.py reads the part between the
 * CDEF markers), so it holds only plain declarations.
 *
 * The rules are the players' rules: a word is a path of distinct cells, each
 * cell a king's move from the one before; words of 3 letters or more count
 * once per board, 1 1 2 3 5 11 points for 3, 4, 5, 6, 7, 8+ letters.  A `Qu'
 * die face is stored as the letter q and reads as two letters: the words
 * given to dlxc_bog_trie_new have every "qu" already written as "q" (and
 * words with a q not followed by u left out), so a trie edge q means "qu",
 * and a word's length is its number of trie letters plus its number of q's.
 *
 * Lifecycle: dlxc_bog_trie_new() builds the trie, dlxc_bog_score() scores a
 * batch of boards with the frontier walk (dlxc_bog_score_dfs() with a plain
 * depth-first walk, the baseline), dlxc_bog_solve() lists the words of one
 * board with a path each, dlxc_bog_trie_free() releases everything.  A trie
 * keeps per-board marks, so one trie serves one thread at a time.  The
 * library never prints, never exits and keeps no global state; every
 * function returns a status code that dlxc_bog_strerror() turns into a
 * sentence.
 */
#ifndef DLXC_BOGGLE_H
#define DLXC_BOGGLE_H
#include <stdint.h>

/* CDEF-BEGIN */
typedef struct dlxc_bog_trie dlxc_bog_trie;

typedef struct {
    uint64_t boards;    /* boards scored */
    uint64_t states;    /* steps taken: (board, node, cell, mask) states entered */
    uint64_t words;     /* words counted, after the per-board dedupe */
    uint64_t max_level; /* the longest path kept in the frontier, in cells */
} dlxc_bog_stats;

enum {
    DLXC_BOG_OK = 0,
    DLXC_BOG_ENOMEM = -1,  /* out of memory */
    DLXC_BOG_EINVAL = -2,  /* a NULL pointer, a negative count, a frontier too small */
    DLXC_BOG_ELETTER = -3, /* a letter outside a..z in a word or on a board */
    DLXC_BOG_ESIZE = -4,   /* a board of fewer than 1 or more than 64 cells */
    DLXC_BOG_ETOOBIG = -5, /* more trie nodes than 32-bit indices can address */
    DLXC_BOG_EBUFFER = -6  /* the buffer cannot hold the words of this board */
};

#define DLXC_BOG_ALPHABET 26
#define DLXC_BOG_MAX_CELLS 64

const char *dlxc_bog_strerror(int code);

/* Build the trie of the words in text[0..len): words separated by '\n',
 * each made of the letters a..z ("qu" written q).  Words scoring nothing
 * (fewer than 3 letters) are left out; a word given twice counts once. */
int dlxc_bog_trie_new(dlxc_bog_trie **out, const char *text, int64_t len);
int32_t dlxc_bog_trie_nodes(const dlxc_bog_trie *t);
int32_t dlxc_bog_trie_words(const dlxc_bog_trie *t);
void dlxc_bog_trie_free(dlxc_bog_trie *t);

/* Score n_boards boards of rows x cols cells: board b is the bytes
 * boards[b*rows*cols ..] row by row, letters 0..25 (q = 16 is Qu); its
 * total goes to scores[b].  The frontier holds at most frontier_cap states
 * per level of the walk (>= 64).  stats (may be NULL) is added to. */
int dlxc_bog_score(dlxc_bog_trie *t, int32_t rows, int32_t cols, const uint8_t *boards,
                   int32_t n_boards, int32_t *scores, int64_t frontier_cap, dlxc_bog_stats *stats);

/* The same totals and statistics by a depth-first walk, board by board. */
int dlxc_bog_score_dfs(dlxc_bog_trie *t, int32_t rows, int32_t cols, const uint8_t *boards,
                       int32_t n_boards, int32_t *scores, dlxc_bog_stats *stats);

/* The words of one board, each once with the first path of the depth-first
 * walk (start cells in order, neighbours in the order of the neighbour
 * table: row above left to right, then left, right, then row below):
 * written to buf as k and the k cells of the path.  *buf_used gets the
 * number of int32 written; DLXC_BOG_EBUFFER when buf_len is too small. */
int dlxc_bog_solve(dlxc_bog_trie *t, int32_t rows, int32_t cols, const uint8_t *board, int32_t *buf,
                   int64_t buf_len, int64_t *buf_used);
/* CDEF-END */

#endif
