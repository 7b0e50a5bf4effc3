/* lexicon.h -- dlxc's word engine: a minimal DAWG and a GADDAG in 32-bit
 * nodes, word queries, and Scrabble move generation (Gordon 1994).
 *
 * This header is also the cffi cdef (build_ext.py reads it between the
 * CDEF markers), so the marked region holds only plain declarations.
 *
 * Words are sequences of letter codes 1..n_letters (the lexicon's own
 * alphabet, chosen by the Python side); code 0 ends a word, and the GADDAG
 * separator is code n_letters+1.  Both graphs are one flat array of 32-bit
 * nodes, siblings contiguous, each node
 *
 *     bits 0-7    letter             the code on this arc
 *     bits 8-29   firstChildOffset   index of the child's first sibling,
 *                                    0 when the arc has no children
 *     bit 30      isTerminal         a word ends with this arc
 *     bit 31      isLastSibling      the last arc of its sibling list
 *
 * Node 0 is a header arc whose child is the root's sibling list, so that
 * offset 0 can mean "no children".  Sibling lists are sorted by letter.
 *
 * The library never prints, never exits and keeps no global state; every
 * function that can fail returns a status code that dlxc_lex_strerror()
 * turns into a sentence.
 */
#ifndef DLXC_LEXICON_H
#define DLXC_LEXICON_H
#include <stdint.h>

/* CDEF-BEGIN */
#define DLXC_LEX_MAX_LEN 64
#define DLXC_LEX_MAX_NODES 4194304
#define DLXC_LEX_MAX_SIDE 32

enum {
    DLXC_LEX_DONE = 0,         /* the enumeration is complete */
    DLXC_LEX_MORE = 1,         /* the buffer is full; call again */
    DLXC_LEX_ENOMEM = -101,    /* out of memory */
    DLXC_LEX_EINVAL = -102,    /* malformed arguments */
    DLXC_LEX_ETOOBIG = -103,   /* more nodes than 22-bit offsets can address */
    DLXC_LEX_EUNSORTED = -104, /* words not in strictly increasing order */
    DLXC_LEX_ELONG = -105,     /* a word longer than DLXC_LEX_MAX_LEN letters */
    DLXC_LEX_ECORRUPT = -106,  /* a node array that is not a well-formed graph */
    DLXC_LEX_EEMPTY = -107,    /* no word at all */
    DLXC_LEX_EBOARD = -108     /* a board, rack or rule set the generator cannot take */
};

const char *dlxc_lex_strerror(int code);

/* ---- Building ------------------------------------------------------------
 * words: word after word, each a run of codes 1..n_letters ended by a 0.
 * dlxc_lex_build_dawg wants them in strictly increasing order (as byte
 * strings); dlxc_lex_build_gaddag takes any order of distinct words.  The
 * result is a malloc'd node array in *nodes (free it with
 * dlxc_lex_array_free) of *n_nodes nodes. */
int dlxc_lex_build_dawg(const uint8_t *words, int64_t len, int32_t n_letters, uint32_t **nodes,
                        int64_t *n_nodes);
int dlxc_lex_build_gaddag(const uint8_t *words, int64_t len, int32_t n_letters, uint32_t **nodes,
                          int64_t *n_nodes);
void dlxc_lex_array_free(uint32_t *nodes);

/* Both graphs straight from the bytes of a word list, for a list of plain
 * ASCII words (see build.c, section 5); DLXC_LEX_EINVAL for any other text
 * and for a list without words: read it the long way then.  The arrays
 * are freed with dlxc_lex_array_free. */
typedef struct {
    uint32_t *dawg;
    int64_t n_dawg;
    uint32_t *gaddag; /* NULL when not asked for */
    int64_t n_gaddag;
    int64_t words;       /* distinct words */
    int32_t max_len;     /* letters of the longest */
    int32_t n_letters;   /* letters used, coded 1..n_letters */
    uint8_t letters[32]; /* those letters in lower case, in code order */
} dlxc_lex_text_build;
int dlxc_lex_build_text(const uint8_t *text, int64_t len, int32_t gaddag, dlxc_lex_text_build *out);

/* Check that a node array is well formed: every child offset inside the
 * array and at the start of a sibling list that ends inside it, letters in
 * 1..max_letter, lists sorted, and no cycle (a cycle would make a walk
 * enumerate words without end until DLXC_LEX_MAX_LEN cut it).  Every walk
 * of the library is bounded by DLXC_LEX_MAX_LEN+1 arcs, so a checked array
 * can never send it astray. */
int dlxc_lex_validate(const uint32_t *nodes, int64_t n_nodes, int32_t max_letter);

/* The number of words of a well-formed array (saturating at INT64_MAX) and
 * the length of its longest; ECORRUPT when its nodes form a cycle (which
 * validate refuses too), ENOMEM.  A lexicon file's header must agree. */
int dlxc_lex_measure(const uint32_t *nodes, int64_t n_nodes, int64_t *words, int32_t *max_len);

/* ---- A lexicon ------------------------------------------------------------
 * Copies and validates both arrays (gaddag may be NULL with n_gaddag 0).
 * ascii[256] maps bytes to codes (0: not a letter) for the fast calls. */
typedef struct dlxc_lex dlxc_lex;
int dlxc_lex_new(dlxc_lex **out, const uint32_t *dawg, int64_t n_dawg, const uint32_t *gaddag,
                 int64_t n_gaddag, int32_t n_letters, const uint8_t *ascii);
/* The same for arrays that dlxc_lex_build_* (or the Python mirror's builder,
 * which makes the same bytes) has just made: they are not validated again. */
int dlxc_lex_new_built(dlxc_lex **out, const uint32_t *dawg, int64_t n_dawg, const uint32_t *gaddag,
                       int64_t n_gaddag, int32_t n_letters, const uint8_t *ascii);
void dlxc_lex_free(dlxc_lex *lex);
/* The layout of the handle, for dlxc._lexfast's check that it was built
 * from the same lexicon_int.h as this library. */
int64_t dlxc_lex_layout(void);

/* Membership: 1 or 0.  _ascii maps bytes through the table; _codes takes
 * codes.  _many: words separated by sep ('\n' for ascii, 0 for codes);
 * out[i] = 1 or 0 for the i-th word, *n_words the number of words read
 * (a word that would overflow out is not read). */
int dlxc_lex_contains_ascii(const dlxc_lex *lex, const char *word, int64_t len);
int dlxc_lex_contains_codes(const dlxc_lex *lex, const uint8_t *word, int64_t len);
int dlxc_lex_contains_many(const dlxc_lex *lex, const char *buf, int64_t len, int ascii,
                           uint8_t *out, int64_t out_len, int64_t *n_words);

/* ---- Enumerations (resumable) --------------------------------------------
 * A cursor walks one query; dlxc_lex_cursor_next writes whole words (codes,
 * each ended by 0) into buf and returns DLXC_LEX_MORE when buf is nearly
 * full (call again to go on) or DLXC_LEX_DONE at the end.  The lexicon
 * must outlive its cursors.
 *   pattern:    token i (0 <= i < n_tokens) is a letter set or a star;
 *               masks[c] has bit i when code c matches set token i, star
 *               has bit i for each star (a run of zero or more letters).
 *               Words come in increasing order.
 *   anagram:    counts[c] tiles of code c and blanks blanks; sub = 0 uses
 *               every tile, sub = 1 any nonempty part.  Increasing order.
 *   containing: the GADDAG's query.  frag[0..frag_len) codes, 0 for any
 *               letter, with frag[0] a letter: words in which the fragment
 *               starts at position at (from 0), or anywhere from
 *               position min_at on (at = -1; each word once, for its
 *               leftmost such occurrence).  GADDAG order. */
typedef struct dlxc_lex_cursor dlxc_lex_cursor;
int dlxc_lex_pattern(dlxc_lex_cursor **out, const dlxc_lex *lex, const uint64_t *masks,
                     uint64_t star, int32_t n_tokens);
int dlxc_lex_anagram(dlxc_lex_cursor **out, const dlxc_lex *lex, const uint8_t *counts,
                     int32_t blanks, int32_t sub);
int dlxc_lex_containing(dlxc_lex_cursor **out, const dlxc_lex *lex, const uint8_t *frag,
                        int32_t frag_len, int32_t at, int32_t min_at);
int dlxc_lex_cursor_next(dlxc_lex_cursor *c, uint8_t *buf, int64_t buf_len, int64_t *used,
                         int64_t *count);
void dlxc_lex_cursor_free(dlxc_lex_cursor *c);

/* ---- Scrabble move generation --------------------------------------------
 * A generator holds one game's rules: rows x cols squares (each side at
 * most DLXC_LEX_MAX_SIDE), letter and word multipliers per square, tile
 * values per code (values[0] is a blank's), the start square, the rack
 * size that earns the bingo bonus.  Codes must be at most 63; values and
 * the bingo bonus 0 or more.  Scores are 64-bit and do not overflow as
 * long as the largest score the rules allow fits (checked by the caller).
 * dlxc_lex_gen_run takes a board (rows*cols bytes: 0 empty, else the code,
 * plus 128 for a blank) and a rack (rack[c] tiles of code c, rack[0]
 * blanks) and finds every legal move with its score.  Move i is
 * moves[i]; they stay valid until the next run. */
typedef struct {
    int64_t score;
    uint8_t row, col; /* the first square of the word */
    uint8_t down;     /* 0 across, 1 down */
    uint8_t len;      /* letters in the word */
    uint8_t tiles;    /* tiles placed */
    uint8_t pad[3];
    uint8_t word[32];  /* codes, plus 128 for a blank */
    uint8_t fresh[32]; /* 1 where a tile is placed */
} dlxc_lex_move;

typedef struct dlxc_lex_gen dlxc_lex_gen;
int dlxc_lex_gen_new(dlxc_lex_gen **out, int32_t rows, int32_t cols, const uint8_t *letter_mult,
                     const uint8_t *word_mult, const int32_t *values, int32_t n_letters,
                     int32_t start_row, int32_t start_col, int32_t bingo_tiles,
                     int32_t bingo_bonus);
int dlxc_lex_gen_run(dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *board,
                     const uint8_t *rack, int64_t *n_moves);
const dlxc_lex_move *dlxc_lex_gen_moves(const dlxc_lex_gen *g);
/* Sort the moves best first: score down, then row, col, down, word. */
void dlxc_lex_gen_sort(dlxc_lex_gen *g);
/* The top best moves (top >= 1), sorted: the first min(top, all) moves of
 * the sorted list of dlxc_lex_gen_run, found without generating them all
 * (anchors are searched by decreasing bound on their moves' scores, and
 * the search stops where no move left can be among the best).  *n_moves
 * is how many are kept. */
int dlxc_lex_gen_best(dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *board,
                      const uint8_t *rack, int64_t top, int64_t *n_moves);
void dlxc_lex_gen_free(dlxc_lex_gen *g);

/* ---- Simulation (sim.c) ----------------------------------------------------
 * A dlxc_sim holds what play-outs need besides the generator: the tile
 * values (values[0] a blank's), the rack size, the board's squares, and
 * the leave values: single[c] a tile's, pair[a*64+b] (a <= b) a listed
 * pair's where has_pair is 1, and the listed leaves of 3 to 9 tiles as
 * keys (their sorted codes, each plus 1, 7 bits each, first code highest)
 * in increasing order with their values.
 * dlxc_sim_run plays count rounds (round first + k * stride for k from 0)
 * of play-outs of n_arms candidates: candidate a's board after its move
 * (boards + a*cells), its leave (leaves + a*64, counts), its score; the
 * tiles unseen (64 counts: the bag and the opponent's rack); plies.  The
 * value of round k, candidate a goes to values[k*n_arms+a] and the tiles
 * unseen at its end (-1: the game ended) to left[k*n_arms+a].  It stops
 * early, between rounds, once *stop is not 0; *done is the rounds
 * finished.  One generator per thread; the dlxc_sim and lexicon may be
 * shared. */
typedef struct dlxc_sim dlxc_sim;
int dlxc_sim_new(dlxc_sim **out, int32_t n_letters, int32_t rack_size, int32_t cells,
                 const int32_t *values, const double *single, const double *pair,
                 const uint8_t *has_pair, const uint64_t *keys, const double *key_values,
                 int64_t n_keys);
void dlxc_sim_free(dlxc_sim *s);
int dlxc_sim_run(const dlxc_sim *s, dlxc_lex_gen *g, const dlxc_lex *lex, int32_t n_arms,
                 const uint8_t *boards, const uint8_t *leaves, const int64_t *scores,
                 const uint8_t *unseen, int32_t plies, uint64_t seed, int64_t first, int64_t count,
                 int64_t stride, double *values, int32_t *left, const volatile int32_t *stop,
                 int64_t *done);
/* CDEF-END */

#endif
