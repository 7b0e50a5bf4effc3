/* moves.c -- every legal Scrabble move, with its score (Gordon 1994).
 *
 * 1. Intro.  A move lays tiles in one line and forms a main word (the
 * run of tiles through them in that line) and a cross word for each new
 * tile that touches tiles across the line.  Every word must be in the
 * lexicon.  We work on rows; columns are the rows of the transposed board.
 *
 * 2. Cross-checks.  For an empty square, the letters that may go there as
 * far as the perpendicular line is concerned: all letters when no tile
 * touches it across the line, else those L for which up L down is a word
 * (one walk of the DAWG: down the part above, then each arc L, then the
 * part below).  The cross score is the sum of the tiles above and below.
 *
 * 3. Anchors, in one row.  The last tile of each run of tiles (a block
 * anchor), and each empty square with no tile beside it in the row but one
 * across the line (a cross anchor), or the start square of an empty board.
 * Every move covers an anchor: a move through tiles covers whole runs, and
 * one without covers a square next to a tile across the line.  We generate
 * each move from its leftmost anchor, so no move is found twice: going left
 * from an anchor the walk stops before the anchor to its left (before the
 * square after it, for a block anchor: a tile there would join the run).
 * From a block anchor the walk first reads the run backwards, so the
 * letters the run allows beside it are known before any tile is placed.
 *
 * 4. The walk (Gordon's Gen and GoOn).  From the anchor the GADDAG path
 * spells the word leftwards (the reversed prefix), then after the separator
 * rightwards from the square after the anchor.  Squares with tiles must be
 * followed; empty squares take a rack tile allowed by the cross-check (a
 * blank as any such letter).  A word is recorded when its arc is terminal
 * and the squares just beyond both ends are empty or off the board.
 *
 * 5. Scores are kept as the walk goes: the main word's letter sum with the
 * letter premiums of new tiles, the product of their word premiums, and the
 * finished cross words.  A blank scores 0; playing bingo_tiles tiles adds
 * bingo_bonus.  Scores are 64-bit: the caller bounds the values and
 * premiums so that no move's score passes 2^63 - 1 (dlxc.lexicon's
 * MoveGenerator checks it for both engines).  A move of one tile that forms words both ways is the same
 * move in both directions; it is kept once, as an across move.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lexicon_int.h"

#define SIDE DLXC_LEX_MAX_SIDE
#define BLANK 128
#define ANCHOR_EMPTY 1 /* an empty square */
#define ANCHOR_BLOCK 2 /* the last tile of a run of tiles */

struct dlxc_lex_gen {
    int rows, cols, n_letters, start_row, start_col, bingo_tiles, bingo_bonus;
    int nested;              /* a best-moves run whose spans' bounds grow with the span */
    int word_mults_positive; /* every square's word premium is at least 1 */
    uint8_t lm[2][SIDE * SIDE], wm[2][SIDE * SIDE]; /* [0] as given, [1] transposed */
    int32_t values[64];
    dlxc_lex_move *moves;
    int64_t n, cap;
    /* one run's tables, [down][row][col] on the board of that direction */
    uint64_t check[2][SIDE][SIDE];    /* cross-checks (bit L: letter L may go here) */
    int64_t xscore[2][SIDE][SIDE];    /* the cross word's tiles, -1: no cross word */
    uint8_t is_anchor[2][SIDE][SIDE]; /* ANCHOR_EMPTY, ANCHOR_BLOCK or 0 */
    int8_t lim[2][SIDE][SIDE];        /* an anchor's walk covers no square at or left of it */
    int32_t tilecap[2][SIDE][SIDE];   /* the best value a rack tile may have there */
    /* The words' letter multisets, for the bound of a move of the whole
     * rack: a multiset's key is the sum of one random 64-bit number per
     * letter (bag_key), the set an open-addressing table of the keys of
     * the lexicon's words (0 a free slot; NULL: no table), built at the
     * first best-moves run with the lexicon whose serial is bags_of.  Two
     * multisets may share a key: then a span is thought possible that is
     * not, which only weakens the bound. */
    uint64_t *bags;
    uint64_t bags_size, bags_of;
    uint64_t rack_key; /* the rack's letters' key (its blanks not in it) */
    int rack_blanks;
    /* the best-moves search (top > 0): the scores of the top best moves so
     * far in a min-heap; moves scoring under threshold are not kept */
    int64_t top, heap_n, heap_cap, threshold;
    int64_t *heap;
    /* the best-equity search (eq_adj not NULL): a move's equity is its
     * score plus eq_adj[sum over its tiles of eq_radix[code]]; no move
     * adds more than eq_most; eq_best is the best equity so far, and the
     * threshold follows it (a move under eq_best - eq_most cannot reach it) */
    const double *eq_adj;
    const int64_t *eq_radix;
    double eq_best, eq_most;
    struct anchor_ref {
        int64_t bound;
        uint8_t down, row, col;
    } anchors[2 * SIDE * SIDE];
};

/* What one walk along one row needs. */
typedef struct {
    dlxc_lex_gen *gen;
    const uint32_t *gaddag;
    const uint64_t *gx; /* the lexicon's GADDAG nodes with list masks, or NULL */
    int sep, cols, down, row, anchor;
    const uint8_t *line;    /* the row's squares */
    const uint8_t *lm, *wm; /* the row's premiums */
    const uint64_t *check;  /* the row's cross-checks */
    const int64_t *xscore;  /* the row's cross scores, -1 no cross word */
    const int8_t *lim;      /* the row's left limits of the anchors */
    int left_limit;         /* this anchor's: no tile at or left of it */
    uint8_t cell[SIDE];     /* the word being built, code | BLANK */
    uint8_t fresh[SIDE];
    uint8_t counts[64];
    int blanks;
    int tiles;          /* tiles placed so far */
    int lo;             /* going right: the word's first square */
    int rack_tiles;     /* tiles on the rack at the start */
    uint64_t rack_mask; /* letters on the rack now (bit L) */
    int failed;         /* a status code once out of memory */
    int popcnt;         /* the processor has the popcount instruction */
} walk;

int dlxc_lex_gen_new(dlxc_lex_gen **out, int32_t rows, int32_t cols, const uint8_t *letter_mult,
                     const uint8_t *word_mult, const int32_t *values, int32_t n_letters,
                     int32_t start_row, int32_t start_col, int32_t bingo_tiles, int32_t bingo_bonus)
{
    if (!out || !letter_mult || !word_mult || !values) return DLXC_LEX_EINVAL;
    if (rows < 1 || cols < 1 || rows > SIDE || cols > SIDE || n_letters < 1 || n_letters > 63 ||
        start_row < 0 || start_row >= rows || start_col < 0 || start_col >= cols || bingo_bonus < 0)
        return DLXC_LEX_EBOARD;
    for (int i = 0; i <= n_letters; i++)
        if (values[i] < 0) return DLXC_LEX_EBOARD;
    dlxc_lex_gen *g = calloc(1, sizeof *g);
    if (!g) return DLXC_LEX_ENOMEM;
    g->rows = rows;
    g->cols = cols;
    g->n_letters = n_letters;
    g->start_row = start_row;
    g->start_col = start_col;
    g->bingo_tiles = bingo_tiles;
    g->bingo_bonus = bingo_bonus;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            g->lm[0][r * SIDE + c] = g->lm[1][c * SIDE + r] = letter_mult[r * cols + c];
            g->wm[0][r * SIDE + c] = g->wm[1][c * SIDE + r] = word_mult[r * cols + c];
        }
    for (int i = 0; i <= n_letters; i++) g->values[i] = values[i];
    g->word_mults_positive = 1;
    for (int i = 0; i < rows * cols; i++)
        if (!word_mult[i]) g->word_mults_positive = 0;
    *out = g;
    return 0;
}

void dlxc_lex_gen_free(dlxc_lex_gen *g)
{
    if (!g) return;
    free(g->moves);
    free(g->heap);
    free(g->bags);
    free(g);
}

const dlxc_lex_move *dlxc_lex_gen_moves(const dlxc_lex_gen *g) { return g->moves; }

int dlxc_lex_gen_rows(const dlxc_lex_gen *g) { return g->rows; }

int dlxc_lex_gen_cols(const dlxc_lex_gen *g) { return g->cols; }

/* ==== Recording a move ==================================================== */

/* The best-moves search keeps the scores of the best `top' moves so far in
 * a min-heap: its root, once it holds `top' scores, is the score a move
 * needs to be among the best (a tie may still win on the order). */
static int heap_add(dlxc_lex_gen *g, int64_t score)
{
    int64_t *h = g->heap;
    if (g->heap_n < g->top) {
        if (g->heap_n == g->heap_cap) {
            int64_t cap = g->heap_cap ? g->heap_cap * 2 : 64;
            if (cap > g->top) cap = g->top;
            h = realloc(g->heap, (size_t)cap * sizeof *h);
            if (!h) return DLXC_LEX_ENOMEM;
            g->heap = h;
            g->heap_cap = cap;
        }
        int64_t i = g->heap_n++;
        while (i > 0 && h[(i - 1) / 2] > score) {
            h[i] = h[(i - 1) / 2];
            i = (i - 1) / 2;
        }
        h[i] = score;
    } else if (score > h[0]) {
        int64_t i = 0, n = g->heap_n;
        for (;;) {
            int64_t k = 2 * i + 1;
            if (k >= n) break;
            if (k + 1 < n && h[k + 1] < h[k]) k++;
            if (h[k] >= score) break;
            h[i] = h[k];
            i = k;
        }
        h[i] = score;
    }
    if (g->heap_n == g->top) g->threshold = h[0];
    return 0;
}

static void record(walk *w, int lo, int hi, int tiles, int64_t score)
{
    dlxc_lex_gen *g = w->gen;
    if (hi - lo + 1 < 2) return; /* a main word of one letter is no word */
    if (w->down && tiles == 1) { /* one tile: kept as an across move if it is one */
        int c = lo;
        while (!w->fresh[c]) c++;
        if (w->xscore[c] >= 0) return;
    }
    score += tiles == g->bingo_tiles ? g->bingo_bonus : 0;
    if (g->top) {
        if (score < g->threshold) return; /* the best `top' moves all score more */
        if (g->eq_adj) {
            int64_t idx = 0;
            for (int c = lo; c <= hi; c++)
                if (w->fresh[c]) idx += g->eq_radix[w->cell[c] & BLANK ? 0 : w->cell[c]];
            double eq = (double)score + g->eq_adj[idx];
            if (eq < g->eq_best) return;
            if (eq > g->eq_best) {
                g->eq_best = eq;
                double f = floor(eq - g->eq_most);
                if (f > (double)g->threshold && f < 9e18) g->threshold = (int64_t)f;
            }
        } else {
            int rc = heap_add(g, score);
            if (rc) {
                w->failed = rc;
                return;
            }
        }
    }
    if (g->n == g->cap) {
        int64_t cap = g->cap ? g->cap * 2 : 1024;
        dlxc_lex_move *m = realloc(g->moves, (size_t)cap * sizeof *m);
        if (!m) {
            w->failed = DLXC_LEX_ENOMEM;
            return;
        }
        g->moves = m;
        g->cap = cap;
    }
    dlxc_lex_move *m = &g->moves[g->n++];
    memset(m, 0, sizeof *m);
    m->score = score;
    m->row = (uint8_t)(w->down ? lo : w->row);
    m->col = (uint8_t)(w->down ? w->row : lo);
    m->down = (uint8_t)w->down;
    m->len = (uint8_t)(hi - lo + 1);
    m->tiles = (uint8_t)tiles;
    for (int c = lo; c <= hi; c++) {
        m->word[c - lo] = w->cell[c];
        m->fresh[c - lo] = w->fresh[c];
    }
}

/* ==== Gen and GoOn (moves_walk.h) ====================================== */

/* Set bits of x: the instruction where the compiler may use it, else a few
 * shifts and adds (no call into the runtime library). */
static inline uint32_t bits_of(uint32_t x)
{
#if defined(__POPCNT__)
    return (uint32_t)__builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
#endif
}

/* GADDAG node i. */
static inline uint32_t node_at(const walk *w, uint32_t i)
{
    return w->gx ? (uint32_t)w->gx[i] : w->gaddag[i];
}

/* Ask the memory for the list at i, to be walked soon. */
static inline void list_ahead(const walk *w, uint32_t i)
{
    if (w->gx) LEX_PREFETCH(w->gx + i);
    else LEX_PREFETCH(w->gaddag + i);
}

#define WALK(name) name
#define WALK_ATTR
#define WALK_BITS(x) bits_of(x)
#include "moves_walk.h"
#undef WALK
#undef WALK_ATTR
#undef WALK_BITS

/* The walk again, with the popcount instruction, for the processors that
 * have it (every x86-64 of the last fifteen years, but not the baseline a
 * portable build targets). */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__)) &&     \
    !defined(__POPCNT__)
#define WALK_POPCNT 1
#define WALK(name) name##_popcnt
#define WALK_ATTR __attribute__((target("popcnt")))
#define WALK_BITS(x) ((uint32_t)__builtin_popcount(x))
#include "moves_walk.h"
#undef WALK
#undef WALK_ATTR
#undef WALK_BITS
#else
#define WALK_POPCNT 0
#endif

/* ==== The tables of a run ================================================= */

/* The board tiles of column c in rows up..dn but r: the cross word's score
 * before the new tile. */
static int64_t cross_score(const int32_t *values, const uint8_t *b, int c, int up, int r, int dn)
{
    int64_t score = 0;
    for (int k = up; k <= dn; k++) {
        int sq = b[k * SIDE + c];
        if (k != r) score += (sq & BLANK) ? values[0] : values[sq & ~BLANK];
    }
    return score;
}

/* The cross-check of square (r, c) whose column holds tiles in up..r-1
 * and r+1..dn (one part may be empty), from the GADDAG: the letters L of
 * `playable' for which above L below is a word.  With a part below, the
 * path rev(below) from the root ends in the list of the letters that may
 * come before it, and L's arc goes on with rev(above), a word where it
 * ends on a terminal arc (the GADDAG's path of the whole word reversed);
 * with none, rev(above) SEP leads to the letters that may end the word.
 * Either way the rack's few letters are looked up through the lists'
 * masks, where the DAWG's walk scanned whole lists and went down the part
 * below once for every letter. */
static uint64_t cross_check_gaddag(const uint64_t *gx, const uint8_t *b, int c, int up, int r,
                                   int dn, int sep, uint64_t playable)
{
    uint32_t list = LEX_CHILD((uint32_t)gx[0]);
    uint64_t out = 0;
    if (dn == r) { /* rev(above) SEP, then the last letter */
        for (int k = r - 1; k >= up && list; k--) {
            uint32_t e = gx_arc(gx, list, b[k * SIDE + c] & ~BLANK);
            list = e ? LEX_CHILD((uint32_t)gx[e]) : 0;
        }
        uint32_t s = gx_arc(gx, list, sep);
        list = s ? LEX_CHILD((uint32_t)gx[s]) : 0;
        if (!list) return 0;
        uint64_t m = (gx[list] >> 32) & playable;
        while (m) {
            int l = __builtin_ctzll(m);
            m &= m - 1;
            if (LEX_TERMINAL((uint32_t)gx[gx_arc(gx, list, l)])) out |= 1ULL << l;
        }
        return out;
    }
    for (int k = dn; k > r && list; k--) { /* rev(below) */
        uint32_t e = gx_arc(gx, list, b[k * SIDE + c] & ~BLANK);
        list = e ? LEX_CHILD((uint32_t)gx[e]) : 0;
    }
    if (!list) return 0;
    uint64_t m = (gx[list] >> 32) & playable & ~(1ULL << sep);
    while (m) {
        int l = __builtin_ctzll(m);
        m &= m - 1;
        uint32_t e = gx_arc(gx, list, l);
        for (int k = r - 1; k >= up && e; k--) { /* then rev(above) */
            uint32_t ch = LEX_CHILD((uint32_t)gx[e]);
            e = gx_arc(gx, ch, b[k * SIDE + c] & ~BLANK);
        }
        if (e && LEX_TERMINAL((uint32_t)gx[e])) out |= 1ULL << l;
    }
    return out;
}

/* Row r of board b (one direction): each square's cross-check and cross
 * score, and which squares are anchors.  A square with a cross word gets
 * a cross-check of the letters of `playable' only (the rack's, or all with
 * a blank): the walk never asks about the others, and each letter costs a
 * walk along the cross word. */
static void cross_checks(dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *b, int rows, int cols,
                         int down, int r, int empty, int sr, int sc, uint64_t playable)
{
    const uint32_t *d = lex->dawg;
    const int32_t *values = g->values;
    uint64_t *check = g->check[down][r];
    int64_t *xscore = g->xscore[down][r];
    uint8_t *is_anchor = g->is_anchor[down][r];
    int8_t *lim = g->lim[down][r];
    uint64_t all = (g->n_letters >= 63) ? ~0ULL : ((1ULL << (g->n_letters + 1)) - 2);
    const uint8_t *line = b + r * SIDE;
    int last = -1; /* the left limit of the next anchor */
    for (int c = 0; c < cols; c++) {
        check[c] = 0;
        xscore[c] = -1;
        is_anchor[c] = 0;
        lim[c] = (int8_t)last;
        if (line[c]) {
            /* the last tile of a run, unless the run fills the row */
            if (c + 1 < cols && !line[c + 1]) {
                is_anchor[c] = ANCHOR_BLOCK;
                last = c + 1;
            } else if (c + 1 == cols) {
                int s = c;
                while (s > 0 && line[s - 1]) s--;
                if (s > 0) is_anchor[c] = ANCHOR_BLOCK;
            }
            continue;
        }
        int up = r, dn = r;
        while (up > 0 && b[(up - 1) * SIDE + c]) up--;
        while (dn + 1 < rows && b[(dn + 1) * SIDE + c]) dn++;
        int beside = (c > 0 && line[c - 1]) || (c + 1 < cols && line[c + 1]);
        if (empty ? r == sr && c == sc : !beside && (up < r || dn > r)) {
            is_anchor[c] = ANCHOR_EMPTY;
            last = c;
        }
        if (up == r && dn == r) {
            check[c] = all;
            continue;
        }
        int64_t score = 0;
        if (lex->gx) {
            xscore[c] = cross_score(values, b, c, up, r, dn);
            check[c] = cross_check_gaddag(lex->gx, b, c, up, r, dn, lex->n_letters + 1, playable);
            continue;
        }
        uint32_t list = LEX_CHILD(d[0]);
        for (int k = up; k < r; k++) {
            int sq = b[k * SIDE + c];
            score += (sq & BLANK) ? values[0] : values[sq & ~BLANK];
            if (list) {
                uint32_t e = lex_find(d, list, sq & ~BLANK);
                list = e ? LEX_CHILD(d[e]) : 0;
            }
        }
        for (int k = r + 1; k <= dn; k++) {
            int sq = b[k * SIDE + c];
            score += (sq & BLANK) ? values[0] : values[sq & ~BLANK];
        }
        xscore[c] = score;
        if (up < r && !list) continue; /* the part above is no prefix */
        for (uint32_t i = list; i; i++) {
            uint32_t x = d[i];
            int l = LEX_LETTER(x);
            uint32_t e = l < 64 && (playable >> l) & 1 ? i : 0; /* letters the rack can play */
            for (int k = r + 1; k <= dn && e; k++) {
                uint32_t ch = LEX_CHILD(d[e]);
                e = ch ? lex_find(d, ch, b[k * SIDE + c] & ~BLANK) : 0;
            }
            if (e && LEX_TERMINAL(d[e]) && l < 64) check[c] |= 1ULL << l;
            if (LEX_LAST(x)) break;
        }
    }
}

/* ==== The score bound of an anchor (the "shadow") ===========================
 *
 * Every move found from anchor a covers a span lo..hi of its row with
 * lo <= a <= hi (and the whole run of a block anchor), lo past the
 * anchor's left limit, at least one empty square, and every empty square
 * of the span takes a tile that its cross-check and the rack allow; the
 * squares just beyond both ends are empty.  For one
 * span, with W the product of the word premiums of its empty squares, a
 * tile of value v on empty square s scores v * lm(s) * (W + wm(s) if s
 * has a cross word, else W), on top of a part that does not depend on the
 * tiles (the span's board tiles times W, the cross words' board tiles
 * times their premiums, the bingo bonus when the span has bingo_tiles
 * empty squares).  Pairing the highest rack values with the highest of
 * those factors (sorted both ways) gives no less than any arrangement of
 * the rack, so the largest such sum over the spans bounds every move of
 * the anchor: the best-moves search takes anchors by decreasing bound and
 * stops at the first one whose bound is under the score it must beat.
 *
 * A span of as many empty squares as the rack has tiles can hold a move
 * only if the rack and the span's board tiles are an anagram of a word;
 * without that test every anchor with room for the whole rack carries the
 * bingo bonus in its bound, and the search walks most of them.  The test
 * looks the multiset up in a set of the lexicon's words' multisets.
 *
 * When no square's word premium is 0 and the rack has no more tiles than
 * earn the bingo bonus (`nested'), a span's bound is at least that of any
 * span inside it: its factors are the inner span's, each at least as
 * large, and more of them; its board tiles and cross words are more; its
 * bingo bonus, if the inner one has it, too (both then hold the whole
 * rack).  So for each left end only the longest span of fewer tiles than
 * the rack's counts, and the longest span of the whole rack that passes
 * the anagram test. */

/* ==== Letter multisets ===================================================== */

static uint64_t bag_key(int letter)
{
    uint64_t z = (uint64_t)letter * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (z ^ (z >> 31)) | 1; /* never 0 */
}

static int bags_has(const dlxc_lex_gen *g, uint64_t key)
{
    if (!key) key = 1; /* as bags_add stores it */
    uint64_t mask = g->bags_size - 1;
    for (uint64_t h = (key * 0x9E3779B97F4A7C15ULL) >> 20 & mask;; h = (h + 1) & mask) {
        uint64_t v = g->bags[h];
        if (v == key) return 1;
        if (!v) return 0;
    }
}

static void bags_add(dlxc_lex_gen *g, uint64_t key)
{
    if (!key) key = 1; /* 0 marks a free slot; a false match only weakens a bound */
    uint64_t mask = g->bags_size - 1;
    for (uint64_t h = (key * 0x9E3779B97F4A7C15ULL) >> 20 & mask;; h = (h + 1) & mask) {
        if (g->bags[h] == key) return;
        if (!g->bags[h]) {
            g->bags[h] = key;
            return;
        }
    }
}

/* Every word's key, by one walk of the DAWG (paths of at most
 * DLXC_LEX_MAX_LEN arcs). */
static void bags_walk(dlxc_lex_gen *g, const uint32_t *d, uint32_t list, uint64_t key, int depth,
                      const uint64_t *keys)
{
    for (uint32_t i = list; i; i++) {
        uint32_t x = d[i];
        uint64_t k = key + keys[LEX_LETTER(x)];
        if (LEX_TERMINAL(x)) bags_add(g, k);
        if (LEX_CHILD(x) && depth < DLXC_LEX_MAX_LEN)
            bags_walk(g, d, LEX_CHILD(x), k, depth + 1, keys);
        if (LEX_LAST(x)) break;
    }
}

/* The set of the lexicon's multisets, made once per lexicon.  A lexicon
 * of more than 2^24 words, or no memory for the table, leaves the bound
 * without it (every whole-rack span possible), not the search failing. */
static void bags_build(dlxc_lex_gen *g, const dlxc_lex *lex)
{
    if (g->bags_of == lex->serial) return;
    free(g->bags);
    g->bags = NULL;
    g->bags_of = lex->serial;
    int64_t words = 0;
    int32_t longest = 0;
    if (dlxc_lex_measure(lex->dawg, lex->n_dawg, &words, &longest) || words > (1 << 24)) return;
    uint64_t size = 1024;
    while (size < (uint64_t)words * 2) size *= 2;
    g->bags = calloc((size_t)size, sizeof *g->bags);
    if (!g->bags) return;
    g->bags_size = size;
    uint64_t keys[256];
    for (int l = 0; l < 256; l++) keys[l] = bag_key(l);
    bags_walk(g, lex->dawg, LEX_CHILD(lex->dawg[0]), 0, 1, keys);
}

/* Whether a move can use the whole rack on the span lo..hi: whether some
 * word is an anagram of the rack and the span's board tiles (a blank as
 * any letter; with more than two blanks, taken to be possible). */
static int whole_rack_fits(const dlxc_lex_gen *g, const uint8_t *line, int lo, int hi)
{
    if (!g->bags) return 1;
    uint64_t key = g->rack_key;
    for (int c = lo; c <= hi; c++)
        if (line[c]) key += bag_key(line[c] & ~BLANK);
    int nl = g->n_letters;
    switch (g->rack_blanks) {
    case 0: return bags_has(g, key);
    case 1:
        for (int x = 1; x <= nl; x++)
            if (bags_has(g, key + bag_key(x))) return 1;
        return 0;
    case 2:
        for (int x = 1; x <= nl; x++)
            for (int y = x; y <= nl; y++)
                if (bags_has(g, key + bag_key(x) + bag_key(y))) return 1;
        return 0;
    default: return 1;
    }
}

static int64_t span_bound(const dlxc_lex_gen *g, const uint8_t *line, const uint8_t *lm,
                          const uint8_t *wm, const int64_t *xscore, const int32_t *cap, int lo,
                          int hi, const int32_t *vals, int tiles, int rack_tiles)
{
    /* a move of every tile on the rack spells an anagram of the rack and
     * the span's board tiles */
    if (tiles == rack_tiles && !whole_rack_fits(g, line, lo, hi)) return INT64_MIN;
    int64_t base = 0, fixed = 0, mult = 1;
    for (int c = lo; c <= hi; c++) {
        int sq = line[c];
        if (sq) base += (sq & BLANK) ? g->values[0] : g->values[sq & ~BLANK];
        else {
            mult *= wm[c];
            if (xscore[c] >= 0) fixed += (int64_t)xscore[c] * wm[c];
        }
    }
    /* a square whose cross word lets only lower tiles go there counts at
     * its own best tile; the others share the rack's best tiles */
    int64_t f[SIDE], total = 0;
    int n = 0;
    for (int c = lo; c <= hi; c++) {
        if (line[c]) continue;
        int64_t k = (int64_t)lm[c] * (mult + (xscore[c] >= 0 ? wm[c] : 0));
        if (cap[c] < vals[0]) {
            total += k * cap[c];
            continue;
        }
        int j = n++;
        while (j > 0 && f[j - 1] < k) { /* insertion: f stays decreasing */
            f[j] = f[j - 1];
            j--;
        }
        f[j] = k;
    }
    total += base * mult + fixed;
    for (int j = 0; j < n; j++) total += f[j] * vals[j];
    if (tiles == g->bingo_tiles) total += g->bingo_bonus;
    return total;
}

static int64_t anchor_bound(const dlxc_lex_gen *g, const uint8_t *line, int down, int r, int cols,
                            int a, uint64_t playable, const int32_t *vals, int rack_tiles)
{
    const uint8_t *lm = g->lm[down] + r * SIDE, *wm = g->wm[down] + r * SIDE;
    const uint64_t *check = g->check[down][r];
    const int64_t *xscore = g->xscore[down][r];
    const int32_t *cap = g->tilecap[down][r];
    int64_t best = INT64_MIN;
    /* a block anchor's spans hold its run, a cross anchor's its square */
    int first = a, lim = g->lim[down][r][a];
    while (first > 0 && line[first - 1]) first--;
    int left = line[a] ? 0 : 1; /* empty squares in lo..a */
    for (int lo = first; lo > lim; lo--) {
        if (lo < first && !line[lo]) {
            if (!(check[lo] & playable) || ++left > rack_tiles) break;
        }
        if (lo > 0 && line[lo - 1]) continue; /* the word would go on to the left */
        int tiles = left;
        int part = -1, part_tiles = 0; /* the longest span of fewer tiles than the rack's */
        int whole[SIDE], n_whole = 0;  /* the spans of the whole rack */
        for (int hi = a; hi < cols; hi++) {
            if (hi > a && !line[hi] && (!(check[hi] & playable) || ++tiles > rack_tiles)) break;
            if (hi + 1 < cols && line[hi + 1]) continue; /* it would go on to the right */
            if (hi == lo || !tiles) continue; /* one letter is no word; no tile, no move */
            if (!g->nested) {
                int64_t s =
                    span_bound(g, line, lm, wm, xscore, cap, lo, hi, vals, tiles, rack_tiles);
                if (s > best) best = s;
            } else if (tiles < rack_tiles) {
                part = hi;
                part_tiles = tiles;
            } else whole[n_whole++] = hi;
        }
        if (!g->nested) continue;
        /* a span's bound is at least that of any span inside it (see above):
         * the longest span of the part, and the longest span of the whole
         * rack that passes the anagram test */
        if (part >= 0) {
            int64_t s =
                span_bound(g, line, lm, wm, xscore, cap, lo, part, vals, part_tiles, rack_tiles);
            if (s > best) best = s;
        }
        while (n_whole > 0) {
            int64_t s = span_bound(g, line, lm, wm, xscore, cap, lo, whole[--n_whole], vals,
                                   rack_tiles, rack_tiles);
            if (s == INT64_MIN) continue;
            if (s > best) best = s;
            break;
        }
    }
    return best;
}

/* Whether anchor a comes before b: the higher bound first, then in board
 * order (so that the walk's order does not depend on the heap's). */
static int anchor_before(const struct anchor_ref *a, const struct anchor_ref *b)
{
    if (a->bound != b->bound) return a->bound > b->bound;
    if (a->down != b->down) return a->down < b->down;
    if (a->row != b->row) return a->row < b->row;
    return a->col < b->col;
}

/* Move anchor i of the heap h[0..n) down to its place. */
static void anchor_sift(struct anchor_ref *h, int n, int i)
{
    struct anchor_ref x = h[i];
    for (;;) {
        int k = 2 * i + 1;
        if (k >= n) break;
        if (k + 1 < n && anchor_before(&h[k + 1], &h[k])) k++;
        if (!anchor_before(&h[k], &x)) break;
        h[i] = h[k];
        i = k;
    }
    h[i] = x;
}

/* ==== A run ================================================================ */

static void walk_row(walk *w, const uint8_t *b, int down, int r)
{
    dlxc_lex_gen *g = w->gen;
    w->down = down;
    w->row = r;
    w->cols = down ? g->rows : g->cols;
    w->line = b + r * SIDE;
    w->lm = g->lm[down] + r * SIDE;
    w->wm = g->wm[down] + r * SIDE;
    w->check = g->check[down][r];
    w->xscore = g->xscore[down][r];
    w->lim = g->lim[down][r];
}

static void walk_anchor(walk *w, int c, uint32_t root)
{
    w->anchor = c;
    w->left_limit = w->lim[c];
    w->tiles = 0;
#if WALK_POPCNT
    if (w->popcnt) {
        gen_popcnt(w, c, root, 0, 1, 0);
        return;
    }
#endif
    gen(w, c, root, 0, 1, 0);
}

static int run(dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *board, const uint8_t *rack,
               int64_t top, int64_t floor_score, int64_t *n_moves)
{
    if (!g || !lex || !board || !rack || !n_moves) return DLXC_LEX_EINVAL;
    if (!lex->gaddag || lex->n_letters != g->n_letters) return DLXC_LEX_EBOARD;
    uint8_t b[2][SIDE * SIDE];
    int empty = 1;
    memset(b, 0, sizeof b);
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            uint8_t sq = board[r * g->cols + c];
            int l = sq & ~BLANK;
            if (sq && (l < 1 || l > g->n_letters)) return DLXC_LEX_EBOARD;
            if (sq) empty = 0;
            b[0][r * SIDE + c] = b[1][c * SIDE + r] = sq;
        }
    for (int l = g->n_letters + 1; l < 64; l++)
        if (rack[l]) return DLXC_LEX_EBOARD;
    g->n = 0;
    g->top = top;
    g->heap_n = 0;
    g->threshold = floor_score;

    walk w;
    memset(&w, 0, sizeof w);
    w.gen = g;
    w.gaddag = lex->gaddag;
    w.gx = lex->gx;
    w.sep = lex->n_letters + 1;
#if WALK_POPCNT
    w.popcnt = __builtin_cpu_supports("popcnt");
#endif
    w.rack_tiles = rack[0];
    for (int l = 1; l <= g->n_letters; l++) {
        w.counts[l] = rack[l];
        w.rack_tiles += rack[l];
        if (rack[l]) w.rack_mask |= 1ULL << l;
    }
    w.blanks = rack[0];
    uint32_t root = LEX_CHILD(lex->gaddag[0]);
    uint64_t playable = w.blanks ? ~0ULL : w.rack_mask;

    for (int down = 0; down < 2; down++) {
        int rows = down ? g->cols : g->rows, cols = down ? g->rows : g->cols;
        int sr = down ? g->start_col : g->start_row, sc = down ? g->start_row : g->start_col;
        for (int r = 0; r < rows; r++)
            cross_checks(g, lex, b[down], rows, cols, down, r, empty, sr, sc, playable);
    }
    if (!top) { /* every move, row by row */
        for (int down = 0; down < 2 && !w.failed; down++) {
            int rows = down ? g->cols : g->rows, cols = down ? g->rows : g->cols;
            for (int r = 0; r < rows && !w.failed; r++) {
                walk_row(&w, b[down], down, r);
                for (int c = 0; c < cols && !w.failed; c++)
                    if (g->is_anchor[down][r][c] == ANCHOR_BLOCK ||
                        (g->is_anchor[down][r][c] && (w.check[c] & playable)))
                        walk_anchor(&w, c, root);
            }
        }
    } else { /* the best moves: anchors by decreasing bound, while one may still count */
        int32_t vals[64];
        int nv = 0;
        for (int l = 0; l <= g->n_letters; l++)
            for (int k = 0; k < rack[l]; k++) vals[nv++] = g->values[l];
        for (int i = 1; i < nv; i++) /* decreasing */
            for (int j = i; j > 0 && vals[j - 1] < vals[j]; j--) {
                int32_t t = vals[j];
                vals[j] = vals[j - 1];
                vals[j - 1] = t;
            }
        /* every square's best tile: the best value among the rack's letters
         * that its cross-check allows (a blank's value for any letter) */
        int32_t rack_best = nv ? vals[0] : -1; /* a square that takes every rack letter */
        for (int down = 0; down < 2; down++) {
            int rows = down ? g->cols : g->rows, cols = down ? g->rows : g->cols;
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++) {
                    uint64_t ok = g->check[down][r][c];
                    if (ok && (ok & w.rack_mask) == w.rack_mask) {
                        g->tilecap[down][r][c] = rack_best;
                        continue;
                    }
                    int32_t best = -1;
                    if (ok && w.blanks) best = g->values[0];
                    ok &= w.rack_mask;
                    while (ok) {
                        int l = __builtin_ctzll(ok);
                        ok &= ok - 1;
                        if (g->values[l] > best) best = g->values[l];
                    }
                    g->tilecap[down][r][c] = best;
                }
        }
        /* the rack's multiset, for spans of the whole rack */
        bags_build(g, lex);
        g->rack_key = 0;
        for (int l = 1; l <= g->n_letters; l++) g->rack_key += rack[l] * bag_key(l);
        g->rack_blanks = rack[0];
        g->nested = g->word_mults_positive && w.rack_tiles <= g->bingo_tiles;
        int na = 0;
        for (int down = 0; down < 2; down++) {
            int rows = down ? g->cols : g->rows, cols = down ? g->rows : g->cols;
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++) {
                    int kind = g->is_anchor[down][r][c];
                    if (!kind || (kind == ANCHOR_EMPTY && !(g->check[down][r][c] & playable)))
                        continue;
                    int64_t bound = anchor_bound(g, b[down] + r * SIDE, down, r, cols, c, playable,
                                                 vals, w.rack_tiles);
                    if (bound == INT64_MIN) continue;
                    g->anchors[na++] =
                        (struct anchor_ref){bound, (uint8_t)down, (uint8_t)r, (uint8_t)c};
                }
        }
        /* a heap: most runs walk a third of the anchors or fewer */
        for (int i = na / 2 - 1; i >= 0; i--) anchor_sift(g->anchors, na, i);
        while (na > 0 && !w.failed) {
            struct anchor_ref a = g->anchors[0];
            if (a.bound < g->threshold) break;
            g->anchors[0] = g->anchors[--na];
            anchor_sift(g->anchors, na, 0);
            walk_row(&w, b[a.down], a.down, a.row);
            walk_anchor(&w, a.col, root);
        }
    }
    if (w.failed) {
        g->n = 0;
        return w.failed;
    }
    *n_moves = g->n;
    return 0;
}

int dlxc_lex_gen_run(dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *board,
                     const uint8_t *rack, int64_t *n_moves)
{
    return run(g, lex, board, rack, 0, INT64_MIN, n_moves);
}

static int move_cmp(const void *pa, const void *pb)
{
    const dlxc_lex_move *a = pa, *b = pb;
    if (a->score != b->score) return a->score > b->score ? -1 : 1;
    if (a->row != b->row) return a->row < b->row ? -1 : 1;
    if (a->col != b->col) return a->col < b->col ? -1 : 1;
    if (a->down != b->down) return a->down < b->down ? -1 : 1;
    if (a->len != b->len) return a->len < b->len ? -1 : 1;
    return memcmp(a->word, b->word, sizeof a->word);
}

void dlxc_lex_gen_sort(dlxc_lex_gen *g)
{
    if (g && g->n > 1) qsort(g->moves, (size_t)g->n, sizeof *g->moves, move_cmp);
}

int dlxc_lex_gen_best(dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *board,
                      const uint8_t *rack, int64_t top, int64_t *n_moves)
{
    if (top < 1) return DLXC_LEX_EINVAL;
    int rc = run(g, lex, board, rack, top, INT64_MIN, n_moves);
    if (rc) return rc;
    dlxc_lex_gen_sort(g);
    if (g->n > top) g->n = top;
    *n_moves = g->n;
    return 0;
}

int dlxc_lex_gen_best_equity(dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *board,
                             const uint8_t *rack, const double *adj, const int64_t *radix,
                             double most, double least, int64_t *n_moves)
{
    if (!g || !adj || !radix) return DLXC_LEX_EINVAL;
    double f = floor(least - most);
    g->eq_adj = adj;
    g->eq_radix = radix;
    g->eq_most = most;
    g->eq_best = least;
    int64_t at = f < -9e18 ? INT64_MIN : f > 9e18 ? INT64_MAX : (int64_t)f;
    int rc = run(g, lex, board, rack, INT64_MAX, at, n_moves);
    g->eq_adj = NULL;
    g->eq_radix = NULL;
    return rc;
}
