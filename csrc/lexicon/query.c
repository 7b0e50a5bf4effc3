/* query.c -- a lexicon handle, membership, and resumable enumerations.
 *
 * 1. Intro.  Queries walk the packed arrays of build.c directly.
 * Membership follows one arc per letter.  The enumerations (patterns,
 * anagrams, the GADDAG's "containing") are one depth-first walk whose state
 * lives in a cursor: cur[d] is the next arc to try at depth d (0 when the
 * list at depth d is used up) and word[d] the letter chosen there.  A query
 * kind says which letters may be chosen at a depth (enter), what to give
 * back when the walk climbs (undo), and when a terminal arc completes an
 * answer (complete).  The walk stops when the caller's buffer could not take
 * one more word and resumes exactly there, so Python iterates lazily and
 * nothing is visited twice.  No walk goes deeper than LEX_MAXD arcs.
 */
#include <stdlib.h>
#include <string.h>

#include "lexicon_int.h"

const char *dlxc_lex_strerror(int code)
{
    switch (code) {
    case DLXC_LEX_DONE: return "enumeration complete";
    case DLXC_LEX_MORE: return "buffer full";
    case DLXC_LEX_ENOMEM: return "out of memory";
    case DLXC_LEX_EINVAL: return "malformed arguments";
    case DLXC_LEX_ETOOBIG: return "the graph needs more than 4,194,304 nodes (22-bit offsets)";
    case DLXC_LEX_EUNSORTED: return "words are not in strictly increasing order";
    case DLXC_LEX_ELONG: return "a word is longer than 64 letters";
    case DLXC_LEX_ECORRUPT: return "the node array is not a well-formed graph";
    case DLXC_LEX_EEMPTY: return "no words";
    case DLXC_LEX_EBOARD: return "a board, rack or rule set the move generator cannot take";
    default: return "unknown status code";
    }
}

/* ==== 2. The handle ====================================================== */

/* Fill prefix[depth..] below the sibling list at i, whose path from the
 * root has the index idx (see lexicon_int.h). */
static void fill_prefix(dlxc_lex *lex, uint32_t i, int depth, uint32_t idx)
{
    const uint32_t *g = lex->dawg;
    if (depth >= LEX_PREFIX_MAX) return; /* (never: prefix_depth is at most that) */
    for (;; i++) {
        uint32_t j = idx * lex->radix + (uint32_t)LEX_LETTER(g[i]);
        lex->prefix[depth][j] = g[i];
        if (depth + 1 < lex->prefix_depth && LEX_CHILD(g[i]))
            fill_prefix(lex, LEX_CHILD(g[i]), depth + 1, j);
        if (LEX_LAST(g[i])) return;
    }
}

/* The prefix tables of membership, as deep as LEX_PREFIX_CAP entries allow,
 * in one block. */
static int prefix_tables(dlxc_lex *lex)
{
    const uint64_t r = (uint64_t)lex->n_letters + 1;
    uint64_t total = 0, size = 1;
    int depth = 0;
    while (depth < LEX_PREFIX_MAX && (depth == 0 || total + size * r <= LEX_PREFIX_CAP)) {
        size *= r;
        total += size;
        depth++;
    }
    uint32_t *block = calloc((size_t)total, sizeof *block);
    if (!block) return DLXC_LEX_ENOMEM;
    lex->radix = (uint32_t)r;
    lex->prefix_depth = depth;
    size = 1;
    for (int k = 0; k < depth; k++) {
        size *= r;
        lex->prefix[k] = block;
        block += size;
    }
    fill_prefix(lex, LEX_CHILD(lex->dawg[0]), 0, 0);
    return 0;
}

/* check: validate both arrays (not for arrays the builder has just made) */
static int lex_new(dlxc_lex **out, const uint32_t *dawg, int64_t n_dawg, const uint32_t *gaddag,
                   int64_t n_gaddag, int32_t n_letters, const uint8_t *ascii, int check)
{
    if (!out || !ascii || n_letters < 1 || n_letters > 254) return DLXC_LEX_EINVAL;
    if (!dawg || n_dawg < 2 || (gaddag && n_gaddag < 2)) return DLXC_LEX_ECORRUPT;
    int rc = check ? dlxc_lex_validate(dawg, n_dawg, n_letters) : 0;
    if (rc) return rc;
    if (check && (gaddag || n_gaddag)) {
        rc = dlxc_lex_validate(gaddag, n_gaddag, n_letters + 1);
        if (rc) return rc;
    }
    for (int b = 0; b < 256; b++)
        if (ascii[b] > n_letters) return DLXC_LEX_EINVAL;
    dlxc_lex *lex = calloc(1, sizeof *lex);
    if (!lex) return DLXC_LEX_ENOMEM;
    /* LEX_PAD zero arcs after each array: lex_find may load them */
    lex->dawg = calloc((size_t)n_dawg + LEX_PAD, sizeof *lex->dawg);
    if (!lex->dawg) {
        free(lex);
        return DLXC_LEX_ENOMEM;
    }
    memcpy(lex->dawg, dawg, (size_t)n_dawg * sizeof *dawg);
    lex->n_dawg = n_dawg;
    if (gaddag) {
        lex->gaddag = calloc((size_t)n_gaddag + LEX_PAD, sizeof *lex->gaddag);
        if (!lex->gaddag) {
            free(lex->dawg);
            free(lex);
            return DLXC_LEX_ENOMEM;
        }
        memcpy(lex->gaddag, gaddag, (size_t)n_gaddag * sizeof *gaddag);
        lex->n_gaddag = n_gaddag;
        if (n_letters + 1 < 32) {
            lex->gx = calloc((size_t)n_gaddag + LEX_PAD, sizeof *lex->gx);
            if (!lex->gx) {
                dlxc_lex_free(lex);
                return DLXC_LEX_ENOMEM;
            }
            lex->gx[0] = gaddag[0];
            for (int64_t i = n_gaddag - 1; i >= 1; i--) {
                uint32_t x = gaddag[i];
                uint64_t m = (1u << LEX_LETTER(x)) | (LEX_LAST(x) ? 0 : lex->gx[i + 1] >> 32);
                lex->gx[i] = m << 32 | x;
            }
        }
    }
    lex->n_letters = n_letters;
    {
        static uint64_t serials; /* move generators tell lexicons apart by it */
        lex->serial = __atomic_add_fetch(&serials, 1, __ATOMIC_RELAXED);
    }
    memcpy(lex->ascii, ascii, 256);
    for (int c = 0; c < 256; c++) lex->codes[c] = (uint8_t)(c <= n_letters ? c : 0);
    rc = prefix_tables(lex);
    if (rc) {
        dlxc_lex_free(lex);
        return rc;
    }
    *out = lex;
    return 0;
}

int dlxc_lex_new(dlxc_lex **out, const uint32_t *dawg, int64_t n_dawg, const uint32_t *gaddag,
                 int64_t n_gaddag, int32_t n_letters, const uint8_t *ascii)
{
    return lex_new(out, dawg, n_dawg, gaddag, n_gaddag, n_letters, ascii, 1);
}

int dlxc_lex_new_built(dlxc_lex **out, const uint32_t *dawg, int64_t n_dawg, const uint32_t *gaddag,
                       int64_t n_gaddag, int32_t n_letters, const uint8_t *ascii)
{
    return lex_new(out, dawg, n_dawg, gaddag, n_gaddag, n_letters, ascii, 0);
}

void dlxc_lex_free(dlxc_lex *lex)
{
    if (!lex) return;
    free(lex->dawg);
    free(lex->gaddag);
    free(lex->gx);
    free(lex->prefix[0]); /* the block of every table */
    free(lex);
}

int64_t dlxc_lex_layout(void) { return LEX_LAYOUT; }

/* ==== 3. Membership ====================================================== */

/* The first letter's arc comes from a table; the rest are found in their
 * sibling lists (sorted, so a scan stops at the first larger letter).  The
 * walks are lex_has and lex_walk_has of lexicon_int.h, which dlxc._lexfast
 * calls too. */
int dlxc_lex_contains_ascii(const dlxc_lex *lex, const char *word, int64_t len)
{
    return lex_has(lex, lex->ascii, (const uint8_t *)word, len);
}

int dlxc_lex_contains_codes(const dlxc_lex *lex, const uint8_t *word, int64_t len)
{
    return lex_has(lex, lex->codes, word, len);
}

/* Words often share a prefix with the word before them (always, in a
 * sorted list): the walk starts again where the two words part. */
int dlxc_lex_contains_many(const dlxc_lex *lex, const char *buf, int64_t len, int ascii,
                           uint8_t *out, int64_t out_len, int64_t *n_words)
{
    const uint8_t *s = (const uint8_t *)buf, *map = ascii ? lex->ascii : lex->codes;
    const int sep = ascii ? '\n' : 0;
    lex_walk w;
    w.depth = 0;
    int64_t n = 0, k = 0;
    while (k <= len && n < out_len) {
        const uint8_t *end = k < len ? memchr(s + k, sep, (size_t)(len - k)) : NULL;
        int64_t j = end ? end - s : len;
        out[n++] = (uint8_t)lex_walk_has(lex, &w, map, s + k, j - k);
        k = j + 1;
    }
    *n_words = n;
    return 0;
}

/* ==== 4. Cursors ========================================================= */

enum { K_PATTERN, K_ANAGRAM, K_CONTAINING };

struct dlxc_lex_cursor {
    const uint32_t *g;
    int kind;
    int depth;    /* -1 when the walk is over */
    int maxdepth; /* no arc is taken at depth >= maxdepth */
    uint32_t cur[LEX_MAXD];
    uint8_t word[LEX_MAXD];
    /* pattern: set[d] = token positions reached after d letters */
    uint64_t masks[256], star, accept;
    uint64_t set[LEX_MAXD + 1];
    /* anagram: tiles left; blank[d] = 1 when depth d took a blank */
    uint8_t counts[256];
    int blanks, tiles, sub;
    uint8_t blank[LEX_MAXD];
    /* containing: the fragment; left[d] = letters placed leftwards after
     * d arcs, or -1 once the separator is behind */
    uint8_t frag[LEX_MAXD];
    int frag_len, at, min_at, sep;
    int left[LEX_MAXD + 1];
    int right[LEX_MAXD + 1];
};

static dlxc_lex_cursor *cursor_new(const uint32_t *g, int kind, int maxdepth)
{
    dlxc_lex_cursor *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->g = g;
    c->kind = kind;
    c->maxdepth = maxdepth;
    c->depth = 0;
    c->cur[0] = LEX_CHILD(g[0]);
    return c;
}

void dlxc_lex_cursor_free(dlxc_lex_cursor *c) { free(c); }

static uint64_t star_closure(uint64_t s, uint64_t star)
{
    for (;;) {
        uint64_t t = s | ((s & star) << 1);
        if (t == s) return s;
        s = t;
    }
}

int dlxc_lex_pattern(dlxc_lex_cursor **out, const dlxc_lex *lex, const uint64_t *masks,
                     uint64_t star, int32_t n_tokens)
{
    if (!out || !lex || !masks || n_tokens < 0 || n_tokens > 63) return DLXC_LEX_EINVAL;
    int maxdepth = star ? DLXC_LEX_MAX_LEN : n_tokens;
    dlxc_lex_cursor *c = cursor_new(lex->dawg, K_PATTERN, maxdepth);
    if (!c) return DLXC_LEX_ENOMEM;
    uint64_t all = (n_tokens == 64) ? ~0ULL : ((1ULL << n_tokens) - 1);
    for (int i = 0; i < 256; i++) c->masks[i] = masks[i] & all & ~star;
    c->masks[0] = 0;
    c->star = star & all;
    c->accept = 1ULL << n_tokens;
    c->set[0] = star_closure(1, c->star);
    if (n_tokens == 0) c->depth = -1; /* only the empty word matches */
    *out = c;
    return 0;
}

int dlxc_lex_anagram(dlxc_lex_cursor **out, const dlxc_lex *lex, const uint8_t *counts,
                     int32_t blanks, int32_t sub)
{
    if (!out || !lex || !counts || blanks < 0 || blanks > 255) return DLXC_LEX_EINVAL;
    int tiles = blanks;
    for (int i = 1; i < 256; i++) tiles += counts[i];
    dlxc_lex_cursor *c =
        cursor_new(lex->dawg, K_ANAGRAM, tiles < DLXC_LEX_MAX_LEN ? tiles : DLXC_LEX_MAX_LEN);
    if (!c) return DLXC_LEX_ENOMEM;
    memcpy(c->counts, counts, 256);
    c->counts[0] = 0;
    c->blanks = blanks;
    c->tiles = tiles;
    c->sub = sub != 0;
    if (tiles == 0) c->depth = -1;
    *out = c;
    return 0;
}

int dlxc_lex_containing(dlxc_lex_cursor **out, const dlxc_lex *lex, const uint8_t *frag,
                        int32_t frag_len, int32_t at, int32_t min_at)
{
    if (!out || !lex || !frag || frag_len < 1 || frag_len > DLXC_LEX_MAX_LEN || frag[0] == 0 ||
        at < -1 || min_at < 0)
        return DLXC_LEX_EINVAL;
    if (!lex->gaddag) return DLXC_LEX_EINVAL;
    for (int i = 0; i < frag_len; i++)
        if (frag[i] > lex->n_letters) return DLXC_LEX_EINVAL;
    dlxc_lex_cursor *c = cursor_new(lex->gaddag, K_CONTAINING, DLXC_LEX_MAX_LEN + 1);
    if (!c) return DLXC_LEX_ENOMEM;
    memcpy(c->frag, frag, (size_t)frag_len);
    c->frag_len = frag_len;
    c->at = at;
    c->min_at = min_at;
    c->sep = lex->n_letters + 1;
    c->left[0] = 0;
    *out = c;
    return 0;
}

/* May the walk take letter l at depth d?  If so, set up depth d+1. */
static int enter(dlxc_lex_cursor *c, int d, int l)
{
    switch (c->kind) {
    case K_PATTERN: {
        uint64_t s = c->set[d];
        uint64_t t = ((s & c->masks[l]) << 1) | (s & c->star);
        if (!t) return 0;
        c->set[d + 1] = star_closure(t, c->star);
        return 1;
    }
    case K_ANAGRAM:
        if (c->counts[l]) {
            c->counts[l]--;
            c->blank[d] = 0;
            return 1;
        }
        if (c->blanks) {
            c->blanks--;
            c->blank[d] = 1;
            return 1;
        }
        return 0;
    default: { /* K_CONTAINING */
        int left = c->left[d];
        if (d == 0) {
            if (l != c->frag[0]) return 0;
            c->left[1] = 0;
            c->right[1] = 0;
            return 1;
        }
        if (left >= 0) { /* still going left */
            if (l == c->sep) {
                if (c->at >= 0 ? left != c->at : left < c->min_at) return 0;
                c->left[d + 1] = -1;
                c->right[d + 1] = 0;
                return 1;
            }
            if (c->at >= 0 && left >= c->at) return 0;
            c->left[d + 1] = left + 1;
            return 1;
        }
        int r = c->right[d]; /* going right: r letters after the anchor */
        if (l == c->sep) return 0;
        if (r + 1 < c->frag_len && c->frag[r + 1] && c->frag[r + 1] != l) return 0;
        c->left[d + 1] = -1;
        c->right[d + 1] = r + 1;
        return 1;
    }
    }
}

static void undo(dlxc_lex_cursor *c, int d)
{
    if (c->kind == K_ANAGRAM) {
        if (c->blank[d]) c->blanks++;
        else c->counts[c->word[d]]++;
    }
}

/* Does a terminal arc at depth d-1 (d arcs taken) end an answer? */
static int complete(const dlxc_lex_cursor *c, int d)
{
    switch (c->kind) {
    case K_PATTERN: return (c->set[d] & c->accept) != 0;
    case K_ANAGRAM: return c->sub || d == c->tiles;
    default: {
        int left = c->left[d];
        if (left >= 0) /* no separator: the word ends with the anchor */
            return c->frag_len == 1 && (c->at >= 0 ? left == c->at : left >= c->min_at);
        return c->right[d] >= c->frag_len - 1;
    }
    }
}

/* Write the answer of d arcs to buf; returns bytes written (0: skipped). */
static int64_t emit(const dlxc_lex_cursor *c, int d, uint8_t *buf)
{
    if (c->kind != K_CONTAINING) {
        memcpy(buf, c->word, (size_t)d);
        buf[d] = 0;
        return d + 1;
    }
    /* word = the arcs before the separator reversed, then those after */
    int k = 0, s = 0;
    while (s < d && c->word[s] != c->sep) s++;
    for (int i = s - 1; i >= 0; i--) buf[k++] = c->word[i];
    for (int i = s + 1; i < d; i++) buf[k++] = c->word[i];
    if (c->at < 0) { /* keep the word only for the leftmost occurrence */
        int p = s - 1;
        for (int q = c->min_at; q < p; q++) {
            if (q + c->frag_len > k) break;
            int j = 0;
            while (j < c->frag_len && (!c->frag[j] || c->frag[j] == buf[q + j])) j++;
            if (j == c->frag_len) return 0;
        }
    }
    buf[k] = 0;
    return k + 1;
}

int dlxc_lex_cursor_next(dlxc_lex_cursor *c, uint8_t *buf, int64_t buf_len, int64_t *used,
                         int64_t *count)
{
    if (!c || !buf || !used || !count || buf_len < LEX_MAXD + 1) return DLXC_LEX_EINVAL;
    const uint32_t *g = c->g;
    int64_t u = 0, n = 0;
    while (c->depth >= 0) {
        int d = c->depth;
        uint32_t e = c->cur[d];
        if (e == 0) { /* the list at depth d is used up */
            c->depth--;
            if (c->depth >= 0) undo(c, c->depth);
            continue;
        }
        if (u + LEX_MAXD + 1 > buf_len) {
            *used = u;
            *count = n;
            return DLXC_LEX_MORE;
        }
        uint32_t x = g[e];
        c->cur[d] = LEX_LAST(x) ? 0 : e + 1;
        int l = LEX_LETTER(x);
        if (!enter(c, d, l)) continue;
        c->word[d] = (uint8_t)l;
        if (LEX_TERMINAL(x) && complete(c, d + 1)) {
            int64_t k = emit(c, d + 1, buf + u);
            if (k) {
                u += k;
                n++;
            }
        }
        uint32_t child = LEX_CHILD(x);
        if (child && d + 1 < c->maxdepth) {
            c->depth = d + 1;
            c->cur[d + 1] = child;
        } else {
            undo(c, d);
        }
    }
    *used = u;
    *count = n;
    return DLXC_LEX_DONE;
}
