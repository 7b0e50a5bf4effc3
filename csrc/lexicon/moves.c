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
 * 3. Anchors.  An empty square next to a tile, or the start square of an
 * empty board.  Every move puts a tile on an anchor; we generate each move
 * from its leftmost newly covered anchor, so no move is found twice: going
 * left from an anchor, the walk never puts a tile on another anchor.
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
#include <stdlib.h>
#include <string.h>

#include "lexicon_int.h"

#define SIDE DLXC_LEX_MAX_SIDE
#define BLANK 128

struct dlxc_lex_gen {
    int rows, cols, n_letters, start_row, start_col, bingo_tiles, bingo_bonus;
    uint8_t lm[2][SIDE * SIDE], wm[2][SIDE * SIDE]; /* [0] as given, [1] transposed */
    int32_t values[64];
    dlxc_lex_move *moves;
    int64_t n, cap;
};

/* What one walk along one row needs. */
typedef struct {
    dlxc_lex_gen *gen;
    const uint32_t *gaddag;
    int sep, cols, down, row, anchor;
    const uint8_t *line;    /* the row's squares */
    const uint8_t *lm, *wm; /* the row's premiums */
    uint64_t check[SIDE];   /* cross-checks (bit L: letter L may go here) */
    int64_t xscore[SIDE];   /* -1: no cross word */
    uint8_t is_anchor[SIDE];
    uint8_t cell[SIDE]; /* the word being built, code | BLANK */
    uint8_t fresh[SIDE];
    uint8_t counts[64];
    int blanks;
    int rack_tiles;     /* tiles on the rack at the start */
    uint64_t rack_mask; /* letters on the rack now (bit L) */
    int failed;         /* a status code once out of memory */
} walk;

int dlxc_lex_gen_new(dlxc_lex_gen **out, int32_t rows, int32_t cols, const uint8_t *letter_mult,
                     const uint8_t *word_mult, const int32_t *values, int32_t n_letters,
                     int32_t start_row, int32_t start_col, int32_t bingo_tiles, int32_t bingo_bonus)
{
    if (!out || !letter_mult || !word_mult || !values) return DLXC_LEX_EINVAL;
    if (rows < 1 || cols < 1 || rows > SIDE || cols > SIDE || n_letters < 1 || n_letters > 63 ||
        start_row < 0 || start_row >= rows || start_col < 0 || start_col >= cols ||
        bingo_bonus < 0)
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
    *out = g;
    return 0;
}

void dlxc_lex_gen_free(dlxc_lex_gen *g)
{
    if (!g) return;
    free(g->moves);
    free(g);
}

const dlxc_lex_move *dlxc_lex_gen_moves(const dlxc_lex_gen *g) { return g->moves; }

/* ==== Recording a move ==================================================== */

static void record(walk *w, int lo, int hi, int tiles, int64_t score)
{
    dlxc_lex_gen *g = w->gen;
    if (hi - lo + 1 < 2) return; /* a main word of one letter is no word */
    if (w->down && tiles == 1) { /* one tile: kept as an across move if it is one */
        int c = lo;
        while (!w->fresh[c]) c++;
        if (w->xscore[c] >= 0) return;
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
    m->score = score + (tiles == g->bingo_tiles ? g->bingo_bonus : 0);
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

/* ==== Gen and GoOn ======================================================== */

typedef struct {
    int lo, hi; /* the squares the word covers so far */
    int tiles;
    int64_t sum;   /* main word letters, premiums of new tiles applied */
    int64_t mult;  /* product of the word premiums of new tiles */
    int64_t cross; /* finished cross words */
} partial;

static void gen(walk *w, int col, uint32_t list, partial p);

/* Square col now holds letter l (code | BLANK); arc is its arc in the
 * current list.  Record the word if it ends here, and go on. */
static void go_on(walk *w, int col, uint32_t arc, partial p)
{
    const uint32_t *g = w->gaddag;
    uint32_t x = g[arc];
    uint32_t child = LEX_CHILD(x);
    int cols = w->cols, a = w->anchor;
    if (col <= a) { /* going left */
        p.lo = col;
        int left_free = col == 0 || !w->line[col - 1];
        if (LEX_TERMINAL(x) && left_free && (a + 1 >= cols || !w->line[a + 1]))
            record(w, p.lo, p.hi, p.tiles, p.sum * p.mult + p.cross);
        if (!child || w->failed) return;
        int more = p.tiles < w->rack_tiles; /* tiles left to place */
        if (col > 0 && (w->line[col - 1] || (more && !w->is_anchor[col - 1])))
            gen(w, col - 1, child, p);
        if (left_free && a + 1 < cols && (more || w->line[a + 1])) {
            uint32_t s = lex_find(g, child, w->sep);
            if (s && LEX_CHILD(g[s])) gen(w, a + 1, LEX_CHILD(g[s]), p);
        }
    } else { /* going right */
        p.hi = col;
        int right_free = col + 1 >= cols || !w->line[col + 1];
        if (LEX_TERMINAL(x) && right_free) record(w, p.lo, p.hi, p.tiles, p.sum * p.mult + p.cross);
        if (child && col + 1 < cols && !w->failed && (w->line[col + 1] || p.tiles < w->rack_tiles))
            gen(w, col + 1, child, p);
    }
}

static void place(walk *w, int col, uint32_t arc, int letter, int blank, partial p)
{
    int64_t v = blank ? w->gen->values[0] : w->gen->values[letter];
    int64_t lv = v * w->lm[col];
    p.sum += lv;
    p.mult *= w->wm[col];
    if (w->xscore[col] >= 0) p.cross += (w->xscore[col] + lv) * w->wm[col];
    p.tiles++;
    w->cell[col] = (uint8_t)(letter | (blank ? BLANK : 0));
    w->fresh[col] = 1;
    go_on(w, col, arc, p);
    w->fresh[col] = 0;
}

static void gen(walk *w, int col, uint32_t list, partial p)
{
    const uint32_t *g = w->gaddag;
    int sq = w->line[col];
    if (sq) { /* a tile on the board */
        int l = sq & ~BLANK;
        uint32_t arc = lex_find(g, list, l);
        if (!arc) return;
        p.sum += (sq & BLANK) ? w->gen->values[0] : w->gen->values[l];
        w->cell[col] = (uint8_t)sq;
        w->fresh[col] = 0;
        go_on(w, col, arc, p);
        return;
    }
    /* the letters that may go here: allowed by the cross-check, and on the
     * rack unless a blank is left */
    uint64_t allowed = w->check[col] & (w->blanks ? ~0ULL : w->rack_mask);
    for (uint32_t i = list;; i++) {
        uint32_t x = g[i];
        int l = LEX_LETTER(x);
        if (l != w->sep && (allowed >> l) & 1) {
            if (w->counts[l]) {
                if (--w->counts[l] == 0) w->rack_mask &= ~(1ULL << l);
                place(w, col, i, l, 0, p);
                w->counts[l]++;
                w->rack_mask |= 1ULL << l;
            }
            if (w->blanks) {
                w->blanks--;
                place(w, col, i, l, 1, p);
                w->blanks++;
            }
            if (w->failed) return;
        }
        if (LEX_LAST(x)) break;
    }
}

/* ==== One direction ======================================================= */

static void cross_checks(walk *w, const dlxc_lex *lex, const uint8_t *b, int rows, int r)
{
    const uint32_t *d = lex->dawg;
    int cols = w->cols;
    const int32_t *values = w->gen->values;
    uint64_t all = (w->gen->n_letters >= 63) ? ~0ULL : ((1ULL << (w->gen->n_letters + 1)) - 2);
    for (int c = 0; c < cols; c++) {
        w->check[c] = 0;
        w->xscore[c] = -1;
        if (b[r * SIDE + c]) continue;
        int up = r, down = r;
        while (up > 0 && b[(up - 1) * SIDE + c]) up--;
        while (down + 1 < rows && b[(down + 1) * SIDE + c]) down++;
        if (up == r && down == r) {
            w->check[c] = all;
            continue;
        }
        int64_t score = 0;
        uint32_t list = LEX_CHILD(d[0]);
        for (int k = up; k < r; k++) {
            int sq = b[k * SIDE + c];
            score += (sq & BLANK) ? values[0] : values[sq & ~BLANK];
            if (list) {
                uint32_t e = lex_find(d, list, sq & ~BLANK);
                list = e ? LEX_CHILD(d[e]) : 0;
            }
        }
        for (int k = r + 1; k <= down; k++) {
            int sq = b[k * SIDE + c];
            score += (sq & BLANK) ? values[0] : values[sq & ~BLANK];
        }
        w->xscore[c] = score;
        if (up < r && !list) continue; /* the part above is no prefix */
        for (uint32_t i = list; i; i++) {
            uint32_t x = d[i];
            int l = LEX_LETTER(x);
            uint32_t e = i;
            for (int k = r + 1; k <= down && e; k++) {
                uint32_t ch = LEX_CHILD(d[e]);
                e = ch ? lex_find(d, ch, b[k * SIDE + c] & ~BLANK) : 0;
            }
            if (e && LEX_TERMINAL(d[e]) && l < 64) w->check[c] |= 1ULL << l;
            if (LEX_LAST(x)) break;
        }
    }
}

static void direction(dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *b, int down,
                      const uint8_t *rack, int empty)
{
    walk *w = calloc(1, sizeof *w);
    if (!w) {
        g->n = -1;
        return;
    }
    int rows = down ? g->cols : g->rows, cols = down ? g->rows : g->cols;
    int sr = down ? g->start_col : g->start_row, sc = down ? g->start_row : g->start_col;
    w->gen = g;
    w->gaddag = lex->gaddag;
    w->sep = lex->n_letters + 1;
    w->cols = cols;
    w->down = down;
    w->rack_tiles = rack[0];
    for (int l = 1; l <= g->n_letters; l++) {
        w->counts[l] = rack[l];
        w->rack_tiles += rack[l];
        if (rack[l]) w->rack_mask |= 1ULL << l;
    }
    w->blanks = rack[0];
    uint32_t root = LEX_CHILD(lex->gaddag[0]);
    for (int r = 0; r < rows && !w->failed; r++) {
        w->row = r;
        w->line = b + r * SIDE;
        w->lm = g->lm[down] + r * SIDE;
        w->wm = g->wm[down] + r * SIDE;
        cross_checks(w, lex, b, rows, r);
        for (int c = 0; c < cols; c++) {
            int any = 0;
            if (!b[r * SIDE + c]) {
                if (empty) any = r == sr && c == sc;
                else
                    any = (c > 0 && b[r * SIDE + c - 1]) || (c + 1 < cols && b[r * SIDE + c + 1]) ||
                          (r > 0 && b[(r - 1) * SIDE + c]) ||
                          (r + 1 < rows && b[(r + 1) * SIDE + c]);
            }
            w->is_anchor[c] = (uint8_t)any;
        }
        for (int c = 0; c < cols && !w->failed; c++) {
            if (!w->is_anchor[c] || !w->check[c]) continue;
            w->anchor = c;
            partial p = {c, c, 0, 0, 1, 0};
            gen(w, c, root, p);
        }
    }
    if (w->failed) g->n = -1;
    free(w);
}

int dlxc_lex_gen_run(dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *board,
                     const uint8_t *rack, int64_t *n_moves)
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
    direction(g, lex, b[0], 0, rack, empty);
    if (g->n >= 0) direction(g, lex, b[1], 1, rack, empty);
    if (g->n < 0) {
        g->n = 0;
        return DLXC_LEX_ENOMEM;
    }
    *n_moves = g->n;
    return 0;
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
