/* crossword.h -- dlxc's crossword engine: word lists, free-form layouts
 * (the design of the Google I/O 2024 crossword generator), and the fill of
 * grids with blocks.
 *
 * Words reach the engine as letter codes: word w is codes[starts[w] ..
 * starts[w+1]-1], each code in 0 .. n_letters-1.  The library never prints,
 * never exits and keeps no global state; every function returns a status
 * code that dlxc_xw_strerror() turns into a sentence.
 */
#ifndef DLXC_CROSSWORD_H
#define DLXC_CROSSWORD_H
#include <stdint.h>

/* CDEF-BEGIN */
enum {
    DLXC_XW_OK = 0,        /* done (layout, parse) */
    DLXC_XW_FOUND = 1,     /* dlxc_xw_fill_run: a fill is ready */
    DLXC_XW_EXHAUSTED = 2, /* dlxc_xw_fill_run: no further fill exists */
    DLXC_XW_BUDGET = 3,    /* dlxc_xw_fill_run: the node budget is spent */
    DLXC_XW_ENOMEM = -1,   /* out of memory */
    DLXC_XW_EINVAL = -2,   /* malformed arguments */
    DLXC_XW_ELETTER = -3,  /* a word-list line holds a character that is not a letter */
    DLXC_XW_ESCORE = -4,   /* a word-list line has a score that is not an integer */
    DLXC_XW_ENONASCII = -5 /* the blob is not ASCII (read it in Python) */
};

const char *dlxc_xw_strerror(int code);

/* ---- Word lists ----
 * Parse an ASCII word list held in one blob: one entry per line, `word` or
 * `word;score`, blank lines and lines starting with '#' skipped, letters
 * A-Z/a-z case-folded to codes 0..25, CR and surrounding blanks ignored.
 * A word that repeats an earlier one is dropped (counted in *n_repeats).
 * codes must hold len bytes, starts len+2 ints, scores len+1 ints (upper
 * bounds); *n_words receives the count.  Unscored words get default_score.
 * On ELETTER/ESCORE, *bad_line is the 1-based line. */
int dlxc_xw_parse_words(const uint8_t *blob, int64_t len, int32_t default_score, uint8_t *codes,
                        int32_t *starts, int32_t *scores, int32_t *n_words, int32_t *n_repeats,
                        int64_t *bad_line);

/* ---- Layout (seed 002) ----
 * Place words on a width x height board.  Writes one record per placed
 * word, in placement order, to out (4 ints each: word, row, col, direction
 * 0 across / 1 down; room for 4*n_words ints); *n_placed receives the number
 * of words placed.  flags: DLXC_XW_SYMMETRIC for a horizontal line of
 * symmetry; DLXC_XW_CENTRE to place the first word in the middle of the
 * board rather than in its top left corner (words may then cross it from
 * above and from the left). */
enum { DLXC_XW_SYMMETRIC = 1, DLXC_XW_CENTRE = 2 };
int dlxc_xw_layout(int32_t n_words, const int32_t *starts, const uint8_t *codes, int32_t n_letters,
                   int32_t width, int32_t height, int flags, uint64_t seed, int32_t *out,
                   int32_t *n_placed);

/* ---- Fill ----
 * A grid of width x height cells: cells[i] is -1 for a block, -2 for an
 * empty cell, or a letter code.  Slots are the across and down runs of two
 * or more cells.  Words are the candidates (already filtered by score, in
 * the order to try them, before the seed's shuffle within equal scores). */
typedef struct dlxc_xw_fill dlxc_xw_fill;

typedef struct {
    uint64_t nodes;     /* slots assigned a word */
    uint64_t revisions; /* candidate lists filtered */
    uint64_t fills;     /* fills found so far */
    int32_t n_slots;
    int32_t level;
    int32_t done;
} dlxc_xw_fill_stats;

int dlxc_xw_fill_new(dlxc_xw_fill **out, int32_t width, int32_t height, const int32_t *cells,
                     int32_t n_words, const int32_t *starts, const uint8_t *codes,
                     const int32_t *scores, int32_t n_letters, uint64_t seed);
int32_t dlxc_xw_fill_n_slots(const dlxc_xw_fill *f);
/* slot s: first cell row, col, direction (0 across, 1 down), length, and
 * the number of candidate words it has before any search */
int dlxc_xw_fill_slot(const dlxc_xw_fill *f, int32_t s, int32_t *row, int32_t *col,
                      int32_t *direction, int32_t *length, int32_t *candidates);
/* Search on for about node_budget nodes: FOUND (read it with
 * dlxc_xw_fill_solution: the word of each slot), EXHAUSTED or BUDGET. */
int dlxc_xw_fill_run(dlxc_xw_fill *f, uint64_t node_budget);
/* Quality: from now on, a candidate's place in the order to try adds
 * quality x its word's score (clamped to -1000..1000) to its crossing
 * measure (16 log2 of each crossing slot's count); 0, the default, orders
 * by the crossing measure alone.  Call it before the first run. */
void dlxc_xw_fill_set_quality(dlxc_xw_fill *f, int32_t quality);
/* Conflict weights: weight[s] of each slot s (n_slots of them), 1 at the
 * start, one more each time the slot's candidates were wiped out.  The
 * search chooses the slot with the fewest candidates per unit of weight,
 * so a new search of the same grid that takes over an earlier one's
 * weights (a restart) goes first to where that one failed. */
void dlxc_xw_fill_get_weights(const dlxc_xw_fill *f, int64_t *weight);
void dlxc_xw_fill_set_weights(dlxc_xw_fill *f, const int64_t *weight);
/* Narrow slot s's candidates before the first run (or after a reset or a
 * restore): with keep = 1 only the caller's words listed stay, with keep = 0
 * they go.  The narrowing lasts until dlxc_xw_fill_reset (or the restore,
 * for one made after the snapshot); slot() still reports the
 * candidates the grid alone allows.  EINVAL once the search has started,
 * for a bad slot or a word id out of range. */
int dlxc_xw_fill_restrict(dlxc_xw_fill *f, int32_t slot, int32_t n, const int32_t *words,
                          int32_t keep);
/* Back to the state before the first run, every restriction undone, the
 * conflict weights back to 1 and the statistics zeroed: the grid and the word list are kept, so one handle
 * serves many searches that differ only in their restrictions. */
void dlxc_xw_fill_reset(dlxc_xw_fill *f);
/* Snapshot: agree the lists and letters at the root now (the restrictions
 * so far included) and keep that state, so that dlxc_xw_fill_restore goes
 * back to it without agreeing the whole grid again: many searches that differ
 * in a few restrictions (a slot's words tried one by one) share that work.
 * After a restore, restrictions are allowed again and only what they reach
 * is revised at the next run; the search is the one a reset, the same
 * restrictions and a run would make.  OK, EXHAUSTED when the root already has
 * no fill (every run after a restore says so), EINVAL once the search has
 * started.  A reset drops the snapshot. */
int dlxc_xw_fill_snapshot(dlxc_xw_fill *f);
/* Back to the snapshot: the restrictions made after it undone, the conflict
 * weights back to 1, the statistics zeroed.  EINVAL without a snapshot. */
int dlxc_xw_fill_restore(dlxc_xw_fill *f);
/* The seed of the jitter in the order of candidates from now on (the
 * order of the words of equal score keeps the seed of dlxc_xw_fill_new):
 * restarts of one handle draw other orders without sorting the list anew. */
void dlxc_xw_fill_set_seed(dlxc_xw_fill *f, uint64_t seed);
int dlxc_xw_fill_solution(const dlxc_xw_fill *f, int32_t *words);
void dlxc_xw_fill_get_stats(const dlxc_xw_fill *f, dlxc_xw_fill_stats *out);
void dlxc_xw_fill_free(dlxc_xw_fill *f);
/* CDEF-END */

#endif
