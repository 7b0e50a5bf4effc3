/* layout.c -- free-form crossword layouts, after the Google I/O 2024
 * crossword generator (seed 002), with its symmetric mode made exact.
 *
 * Intro.  From a pool of words, place as many as fit in a width x height
 * rectangle so that the board is connected, no two words write different
 * letters into one cell, and every across or down run of two or more
 * letters is a placed word.  The same seed gives the same board; the
 * pure-Python mirror (dlxc/crossword/mirror.py) follows this file step by
 * step and gives the same board too.
 *
 * Data structures.  The board is grid[] (a letter code or -1) and flags[]
 * (bit 0: an across word covers the cell, bit 1: a down word does).  The
 * word index is the seed's "length -> position -> letter -> words": for
 * each key (L, p, x) the ids of the words of length L with letter x at
 * position p, in pool order (the words shuffled by the seed), and for each
 * length the ids of all its words.  Each list keeps a cursor past its
 * leading used words, so a list is not rescanned from its start.
 *
 * Candidates.  A candidate is a start cell and a direction.  When a word is
 * placed, every start from which a perpendicular word would cross one of
 * its letters (the letter itself and the cells before it, up to the longest
 * word's length) joins a FIFO queue, once per pass: the breadth-first
 * expansion of the seed.  scan() derives a candidate's constraints: the
 * letters it would cross (position -> letter), the longest length it may
 * have (it stops before a cell of a word in the same direction, and before
 * an empty cell whose side neighbour holds a letter, which would make a new
 * run), and the lengths that are forbidden because the cell after the end
 * holds a letter.  The longest length with a word that fits wins; each word
 * is used once.  When the queue runs dry and the pass placed something, a
 * new pass starts from every placed word (words placed late may now fit
 * where earlier candidates failed).
 *
 * Symmetry.  With a horizontal line of symmetry (the middle row m of an
 * odd height), the seed is an odd-length word placed down at column 0 with
 * its middle letter on row m.  An across word on row m and a down word
 * centred on row m are their own mirror images and are placed alone; a
 * down word that would cross row m off centre is never placed; any other
 * word is placed together with a word of the same length at its mirror
 * position (row r -> height-1-r), or not at all.  The original writes two
 * words into the slot on the line of symmetry (its own mirror image); here
 * such a slot holds one word, so no letter ever conflicts.
 *
 * The first word.  The longest word that fits goes across the top left
 * corner, as in the original, or with DLXC_XW_CENTRE across the middle of
 * the board (down, in symmetric mode, on the middle column), so that words
 * can cross it from above and from the left: in the corner, a word crosses
 * the first word only where its own first letter is, which leaves most of a
 * short list unplaced.  dlxc centres it when it chooses the board's size.
 *
 * Historical notes.  The original adds as candidates the cells of a placed
 * word and their neighbours; here every start from which a crossing word
 * would reach a letter is a candidate, so a crossing may fall on any letter
 * of the new word.  From a seeded sample of 80,000 ENABLE words this places
 * 773-809 words in 79x79 (seeds 0-4; a port of the original placed 589) and
 * 1,082-1,129 in a symmetric 93x93, in about 20 ms of C each.
 */
#include <stdlib.h>
#include <string.h>

#include "crossword.h"
#include "splitmix64.h"

typedef struct {
    int32_t W, H, maxlen, A, n_words, symmetric, centre, mid;
    const int32_t *starts;
    const uint8_t *codes;
    int16_t *grid;
    uint8_t *flags;
    uint8_t *used;
    int32_t *len_off, *len_list, *len_cur; /* length L: len_list[len_off[L]..len_off[L+1]) */
    int32_t *key_off, *key_list, *key_cur; /* key (L, p, x) */
    int32_t *queue, qhead, qtail;
    uint8_t *seen; /* [cell * 2 + direction] */
    int32_t *out, n_placed;
    int32_t cpos[2][512], cx[2][512]; /* constraints of a scan (two: a pair) */
} lay;

static int inb(const lay *s, int32_t r, int32_t c)
{
    return r >= 0 && c >= 0 && r < s->H && c < s->W;
}

static int letter_at(const lay *s, int32_t r, int32_t c)
{
    return inb(s, r, c) && s->grid[r * s->W + c] >= 0;
}

static int32_t key(const lay *s, int32_t L, int32_t p, int32_t x)
{
    return (L * s->maxlen + p) * s->A + x;
}

/* scan(): the constraints of a word starting at (r, c) in direction d (0
 * across, 1 down).  Returns the longest length it may have (0: none);
 * cpos[t]/cx[t] get the crossed letters in order of position, *nc their
 * number. */
static int32_t scan(lay *s, int32_t r, int32_t c, int d, int t, int32_t *nc)
{
    int32_t dr = d, dc = 1 - d, n = 0, L = 0;
    *nc = 0;
    if (!inb(s, r, c) || letter_at(s, r - dr, c - dc)) return 0;
    for (int32_t i = 0;; i++) {
        int32_t rr = r + i * dr, cc = c + i * dc;
        if (!inb(s, rr, cc)) break;
        int32_t cell = rr * s->W + cc;
        if (s->grid[cell] >= 0) {
            if (s->flags[cell] & (1 << d)) break; /* a word in the same direction */
            s->cpos[t][n] = i;
            s->cx[t][n] = s->grid[cell];
            n++;
        } else if (letter_at(s, rr - dc, cc - dr) || letter_at(s, rr + dc, cc + dr)) {
            break; /* a new letter here would start a run across our word */
        }
        L = i + 1;
        if (L >= s->maxlen) break;
    }
    *nc = n;
    return L;
}

static int forbidden(const lay *s, int32_t r, int32_t c, int d, int32_t L)
{
    return letter_at(s, r + L * d, c + L * (1 - d));
}

/* lookup(): the first unused word of length L (other than exclude) in
 * pool order with the k letters cx[t][0..k) at positions cpos[t][0..k). */
static int32_t lookup(lay *s, int32_t L, int t, int32_t k, int32_t exclude)
{
    int32_t *list, *cur, end;
    if (k == 0) {
        list = s->len_list;
        cur = &s->len_cur[L];
        end = s->len_off[L + 1];
    } else {
        int32_t best = key(s, L, s->cpos[t][0], s->cx[t][0]);
        for (int32_t j = 1; j < k; j++) {
            int32_t kj = key(s, L, s->cpos[t][j], s->cx[t][j]);
            if (s->key_off[kj + 1] - s->key_cur[kj] < s->key_off[best + 1] - s->key_cur[best])
                best = kj;
        }
        list = s->key_list;
        cur = &s->key_cur[best];
        end = s->key_off[best + 1];
    }
    while (*cur < end && s->used[list[*cur]]) (*cur)++;
    for (int32_t j = *cur; j < end; j++) {
        int32_t w = list[j];
        if (s->used[w] || w == exclude) continue;
        const uint8_t *word = s->codes + s->starts[w];
        int32_t i = 0;
        while (i < k && word[s->cpos[t][i]] == s->cx[t][i]) i++;
        if (i == k) return w;
    }
    return -1;
}

static void place(lay *s, int32_t w, int32_t r, int32_t c, int d)
{
    int32_t L = s->starts[w + 1] - s->starts[w];
    const uint8_t *word = s->codes + s->starts[w];
    for (int32_t i = 0; i < L; i++) {
        int32_t cell = (r + i * d) * s->W + c + i * (1 - d);
        s->grid[cell] = word[i];
        s->flags[cell] |= (uint8_t)(1 << d);
    }
    int32_t *o = s->out + 4 * s->n_placed++;
    o[0] = w, o[1] = r, o[2] = c, o[3] = d;
}

static void unplace_last(lay *s)
{
    int32_t *o = s->out + 4 * --s->n_placed;
    int32_t w = o[0], r = o[1], c = o[2], d = o[3];
    int32_t L = s->starts[w + 1] - s->starts[w];
    for (int32_t i = 0; i < L; i++) {
        int32_t cell = (r + i * d) * s->W + c + i * (1 - d);
        s->flags[cell] &= (uint8_t) ~(1 << d);
        if (!s->flags[cell]) s->grid[cell] = -1;
    }
}

static void push(lay *s, int32_t r, int32_t c, int d)
{
    int32_t idx = (r * s->W + c) * 2 + d;
    if (s->seen[idx]) return;
    s->seen[idx] = 1;
    s->queue[s->qtail++] = idx;
}

/* the candidates of placed record j: every start of a crossing word */
static void push_candidates(lay *s, int32_t j)
{
    const int32_t *o = s->out + 4 * j;
    int32_t w = o[0], r = o[1], c = o[2], d = o[3], pd = 1 - d;
    int32_t L = s->starts[w + 1] - s->starts[w];
    for (int32_t i = 0; i < L; i++) {
        int32_t rr = r + i * d, cc = c + i * (1 - d);
        for (int32_t k = 0; k < s->maxlen; k++) {
            int32_t sr = rr - k * pd, sc = cc - k * (1 - pd);
            if (!inb(s, sr, sc)) break;
            push(s, sr, sc, pd);
        }
    }
}

enum { NONE, SINGLE, PAIR };

/* which placement a length allows at a start (symmetric mode) */
static int mode(const lay *s, int32_t r, int d, int32_t L)
{
    if (!s->symmetric) return SINGLE;
    int32_t m = s->mid;
    if (d == 0) return r == m ? SINGLE : PAIR;
    if (r > m) return PAIR;
    if (r == m) return NONE;
    if (L <= m - r) return PAIR;
    return L == 2 * (m - r) + 1 ? SINGLE : NONE;
}

/* evaluate a candidate: place the longest word that fits (and its mirror) */
static int evaluate(lay *s, int32_t r, int32_t c, int d)
{
    int32_t nc, nc2;
    int32_t Lmax = scan(s, r, c, d, 0, &nc);
    for (int32_t L = Lmax; L >= 2; L--) {
        if (forbidden(s, r, c, d, L)) continue;
        int32_t k = nc;
        while (k > 0 && s->cpos[0][k - 1] >= L) k--;
        if (k == 0) break; /* not connected, nor at any shorter length */
        if (s->len_off[L + 1] == s->len_off[L]) continue;
        int md = mode(s, r, d, L);
        if (md == NONE) continue;
        int32_t w = lookup(s, L, 0, k, -1);
        if (w < 0) continue;
        int32_t first = s->n_placed;
        place(s, w, r, c, d);
        if (md == PAIR) {
            int32_t r2 = d == 0 ? s->H - 1 - r : s->H - r - L;
            int32_t L2 = scan(s, r2, c, d, 1, &nc2);
            int32_t w2 = -1;
            if (L2 >= L && !forbidden(s, r2, c, d, L)) {
                int32_t k2 = nc2;
                while (k2 > 0 && s->cpos[1][k2 - 1] >= L) k2--;
                if (k2 > 0) w2 = lookup(s, L, 1, k2, w);
            }
            if (w2 < 0) {
                unplace_last(s);
                continue;
            }
            place(s, w2, r2, c, d);
            s->used[w2] = 1;
        }
        s->used[w] = 1;
        for (int32_t j = first; j < s->n_placed; j++) push_candidates(s, j);
        return 1;
    }
    return 0;
}

static void seed_word(lay *s)
{
    if (s->symmetric) {
        for (int32_t L = s->maxlen - (s->maxlen % 2 == 0); L >= 1; L -= 2) {
            if (L > s->H) continue;
            int32_t w = lookup(s, L, 0, 0, -1);
            if (w < 0) continue;
            place(s, w, s->mid - (L - 1) / 2, s->centre ? s->W / 2 : 0, 1);
            s->used[w] = 1;
            return;
        }
        return;
    }
    for (int d = 0; d < 2; d++) {
        for (int32_t L = s->maxlen; L >= 2; L--) {
            if (L > (d ? s->H : s->W)) continue;
            int32_t w = lookup(s, L, 0, 0, -1);
            if (w < 0) continue;
            int32_t r = 0, c = 0;
            if (s->centre) {
                r = d ? (s->H - L) / 2 : s->H / 2;
                c = d ? s->W / 2 : (s->W - L) / 2;
            }
            place(s, w, r, c, d);
            s->used[w] = 1;
            return;
        }
    }
}

static void release(lay *s)
{
    free(s->grid), free(s->flags), free(s->used);
    free(s->len_off), free(s->len_list), free(s->len_cur);
    free(s->key_off), free(s->key_list), free(s->key_cur);
    free(s->queue), free(s->seen);
}

int dlxc_xw_layout(int32_t n_words, const int32_t *starts, const uint8_t *codes, int32_t n_letters,
                   int32_t width, int32_t height, int flags, uint64_t seed, int32_t *out,
                   int32_t *n_placed)
{
    int symmetric = (flags & DLXC_XW_SYMMETRIC) != 0;
    if ((flags & ~(DLXC_XW_SYMMETRIC | DLXC_XW_CENTRE)) || n_words < 0 || width < 1 || height < 1 ||
        n_letters < 1 || n_letters > 256 || (int64_t)width * height > (1 << 26) || !out ||
        !n_placed || (n_words && (!starts || !codes)))
        return DLXC_XW_EINVAL;
    *n_placed = 0;
    lay S;
    memset(&S, 0, sizeof S);
    lay *s = &S;
    s->W = width;
    s->H = symmetric && height % 2 == 0 ? height - 1 : height;
    s->symmetric = symmetric;
    s->centre = (flags & DLXC_XW_CENTRE) != 0;
    s->mid = s->H / 2;
    s->A = n_letters;
    s->n_words = n_words;
    s->starts = starts, s->codes = codes, s->out = out;
    int32_t side = width > s->H ? width : s->H;
    int32_t maxlen = 0;
    for (int32_t w = 0; w < n_words; w++) {
        int32_t L = starts[w + 1] - starts[w];
        if (L < 0) return DLXC_XW_EINVAL;
        for (int32_t i = 0; i < L; i++)
            if (codes[starts[w] + i] >= n_letters) return DLXC_XW_EINVAL;
        if (L <= side && L > maxlen) maxlen = L;
    }
    if (maxlen > 500) maxlen = 500;
    s->maxlen = maxlen;
    if (maxlen < 2) return DLXC_XW_OK;
    int32_t cells = s->W * s->H;
    int64_t nkeys = (int64_t)(maxlen + 1) * maxlen * n_letters;
    int32_t *perm = malloc((size_t)(n_words + 1) * sizeof *perm);
    s->grid = malloc((size_t)cells * sizeof *s->grid);
    s->flags = calloc((size_t)cells, 1);
    s->used = calloc((size_t)n_words + 1, 1);
    s->len_off = calloc((size_t)maxlen + 2, sizeof *s->len_off);
    s->len_cur = calloc((size_t)maxlen + 2, sizeof *s->len_cur);
    s->len_list = malloc((size_t)(n_words + 1) * sizeof *s->len_list);
    s->key_off = calloc((size_t)nkeys + 1, sizeof *s->key_off);
    s->key_cur = calloc((size_t)nkeys + 1, sizeof *s->key_cur);
    s->queue = malloc((size_t)cells * 2 * sizeof *s->queue);
    s->seen = calloc((size_t)cells * 2, 1);
    if (!perm || !s->grid || !s->flags || !s->used || !s->len_off || !s->len_cur || !s->len_list ||
        !s->key_off || !s->key_cur || !s->queue || !s->seen) {
        free(perm);
        release(s);
        return DLXC_XW_ENOMEM;
    }
    for (int32_t i = 0; i < cells; i++) s->grid[i] = -1;
    /* the pool order: a Fisher-Yates shuffle by splitmix64(seed) */
    uint64_t state = seed;
    for (int32_t i = 0; i < n_words; i++) perm[i] = i;
    for (int32_t i = n_words - 1; i > 0; i--) {
        int32_t j = (int32_t)(splitmix64(&state) % (uint64_t)(i + 1));
        int32_t t = perm[i];
        perm[i] = perm[j], perm[j] = t;
    }
    /* counting sort into the length lists and the (L, p, x) lists */
    int64_t total = 0;
    for (int32_t i = 0; i < n_words; i++) {
        int32_t L = starts[perm[i] + 1] - starts[perm[i]];
        if (L < 2 || L > maxlen) continue;
        s->len_off[L + 1]++;
        for (int32_t p = 0; p < L; p++) s->key_off[key(s, L, p, codes[starts[perm[i]] + p]) + 1]++;
        total += L;
    }
    for (int32_t L = 0; L <= maxlen; L++) s->len_off[L + 1] += s->len_off[L];
    for (int64_t k = 0; k < nkeys; k++) s->key_off[k + 1] += s->key_off[k];
    s->key_list = malloc((size_t)(total + 1) * sizeof *s->key_list);
    if (!s->key_list) {
        free(perm);
        release(s);
        return DLXC_XW_ENOMEM;
    }
    memcpy(s->len_cur, s->len_off, (size_t)(maxlen + 1) * sizeof *s->len_cur);
    memcpy(s->key_cur, s->key_off, (size_t)nkeys * sizeof *s->key_cur);
    for (int32_t i = 0; i < n_words; i++) {
        int32_t w = perm[i], L = starts[w + 1] - starts[w];
        if (L < 2 || L > maxlen) continue;
        s->len_list[s->len_cur[L]++] = w;
        for (int32_t p = 0; p < L; p++) {
            int32_t k = key(s, L, p, codes[starts[w] + p]);
            s->key_list[s->key_cur[k]++] = w;
        }
    }
    free(perm);
    memcpy(s->len_cur, s->len_off, (size_t)(maxlen + 1) * sizeof *s->len_cur);
    memcpy(s->key_cur, s->key_off, (size_t)nkeys * sizeof *s->key_cur);

    seed_word(s);
    int32_t eligible = s->len_off[maxlen + 1];
    int32_t placed_before = 0;
    while (s->n_placed > placed_before && s->n_placed < eligible) {
        placed_before = s->n_placed;
        memset(s->seen, 0, (size_t)cells * 2);
        s->qhead = s->qtail = 0;
        for (int32_t j = 0; j < s->n_placed; j++) push_candidates(s, j);
        while (s->qhead < s->qtail && s->n_placed < eligible) {
            int32_t idx = s->queue[s->qhead++];
            int32_t cell = idx / 2;
            evaluate(s, cell / s->W, cell % s->W, idx % 2);
        }
    }
    *n_placed = s->n_placed;
    release(s);
    return DLXC_XW_OK;
}
