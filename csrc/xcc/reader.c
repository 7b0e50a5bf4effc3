/* reader.c -- reading Knuth's DLX format fast, for the plain case.
 *
 * Contents: 1. Intro  2. Names: a hash table of byte strings
 *           3. Growing arrays  4. Lines and tokens  5. The reader
 *
 * ==== 1. Intro ===========================================================
 *
 * dlxc's Python reader (dlxc/xcc/dlxformat.py) knows every rule of the
 * format and words every error; it reads a million options of ten items in
 * about thirteen seconds.  This file reads the same files a few dozen
 * times faster when nothing is wrong with them, and gives up (DLXC_DLX_SLOW)
 * as soon as something is: the Python reader then reads the file again and
 * names the problem with its file and line.  Giving up is always allowed,
 * so every rule below errs on the side of giving up:
 *  - bytes that are not UTF-8 (Python's decoder stops there), a NUL byte
 *    outside a comment line;
 *  - no items line, a '|' twice in it, a ':' or '|' inside an item name
 *    other than a primary item's bounds u:v|name or v|name (decimal, with
 *    0 <= u <= v, 1 <= v < 2^30), an item declared twice;
 *  - in an option: an unknown item, a colored primary item, an empty
 *    color, a color of several characters holding ':' or '|', an item
 *    twice;
 * Option costs ("|n" after an option's first item, Knuth's DLX5) are read
 * when each is a decimal number and they add up to less than 2^63 (else
 * it gives up, and the Python reader words the error).
 * An option without a primary item and a primary item in no option are
 * no reason to give up: the Python reader warns about both, and this one
 * lists them (the options' numbers and the lines of the first three, the
 * items' numbers) for read_dlx to give the same warnings.
 * Lines end at LF, CRLF or a bare CR, as the Python reader's universal
 * newlines; tokens are separated by the characters Python's str.split()
 * takes as white space (space, \t, \v, \f, \x1c..\x1f, and the Unicode
 * spaces of unicode_space).  Names and colors are UTF-8 byte strings: two
 * are the same text exactly when they are the same bytes (the decoder is
 * strict), so hashing bytes numbers them as the Python reader does.  A
 * line whose first token starts with '|' is a comment.
 *
 * Items and colors are numbered in first-seen order, as the Python reader
 * numbers them, so both readers build equal Problems (tests compare them).
 */
#include "dlxc.h"
#include "reader.h"
#include <stdlib.h>
#include <string.h>

/* ==== 2. Names: a hash table of byte strings =============================
 *
 * Open addressing with linear probing, kept at most half full.  A slot is
 * 16 bytes: the name's first 8 bytes (zero-padded), its hash and its number
 * plus one.  The text of a name (start, length, in the input) sits in a
 * side array by number, read only for names of 8 bytes or more: a name of
 * fewer bytes is equal to a slot's exactly when their first 8 bytes are
 * (no name holds a NUL byte, so a longer name has no zero among its first
 * 8), and the table then answers without reading the input text again.
 * With 100,000 names that saves a cache miss per token.
 */
typedef struct {
    uint64_t prefix;
    uint32_t hash;
    int32_t val; /* the name's number plus one; 0: an empty slot */
} name_slot;

typedef struct {
    const char *start;
    int64_t len;
} name_text;

typedef struct {
    name_slot *slot;
    name_text *text; /* text[v]: the name numbered v */
    uint32_t mask;   /* capacity - 1, a power of two minus one */
    int32_t count;
} name_table;

/* the first 8 bytes of p[0..n), zero-padded */
static inline uint64_t name_prefix(const char *p, int32_t n)
{
    uint64_t x = 0;
    memcpy(&x, p, n < 8 ? (size_t)n : 8);
    return x;
}

/* the same, where the 8 bytes at p may be read whatever n is: one load
 * and a mask, rather than bytes stored one by one and loaded again */
static inline uint64_t name_prefix_at(const char *p, int32_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t x;
    memcpy(&x, p, 8);
    return n < 8 ? x & ((UINT64_C(1) << (8 * n)) - 1) : x;
#else
    return name_prefix(p, n);
#endif
}

/* the hash of p[0..n) whose prefix is x: a multiply-mix of x for short
 * names, FNV-1a over the rest for longer ones */
static inline uint32_t hash_name(const char *p, int32_t n, uint64_t x)
{
    uint64_t h = (x ^ (uint64_t)n) * 0x9e3779b97f4a7c15u;
    int32_t i;
    if (n > 8) {
        uint32_t f = 2166136261u;
        for (i = 8; i < n; i++) {
            f ^= (unsigned char)p[i];
            f *= 16777619u;
        }
        h ^= f;
        h *= 0xff51afd7ed558ccdu;
    }
    return (uint32_t)(h >> 32);
}

static void table_free(name_table *t)
{
    free(t->slot);
    free(t->text);
    t->slot = NULL;
    t->text = NULL;
}

static int table_init(name_table *t, uint32_t capacity)
{
    t->slot = calloc(capacity, sizeof *t->slot);
    t->text = malloc((capacity / 2 + 1) * sizeof *t->text);
    t->mask = capacity - 1;
    t->count = 0;
    return t->slot && t->text ? DLXC_DONE : DLXC_ENOMEM;
}

/* the slot of name p[0..n) with prefix x and hash h: where it is, or the
 * empty slot where it goes */
static inline uint32_t table_slot(const name_table *t, const char *p, int32_t n, uint64_t x,
                                  uint32_t h)
{
    uint32_t i = h & t->mask;
    const name_slot *sl = t->slot;
    while (sl[i].val) {
        if (sl[i].hash == h && sl[i].prefix == x) {
            const name_text *nt;
            if (n < 8) return i;
            nt = &t->text[sl[i].val - 1];
            if (nt->len == n && memcmp(nt->start, p, (size_t)n) == 0) return i;
        }
        i = (i + 1) & t->mask;
    }
    return i;
}

static int table_grow(name_table *t)
{
    name_slot *bigger;
    name_text *text;
    uint32_t i, mask;
    if (t->mask >= 0x3fffffffu) return DLXC_ETOOBIG;
    mask = 2 * t->mask + 1;
    bigger = calloc((size_t)mask + 1, sizeof *bigger);
    text = realloc(t->text, ((mask + 1) / 2 + 1) * sizeof *text);
    if (!bigger || !text) {
        free(bigger);
        if (text) t->text = text;
        return DLXC_ENOMEM;
    }
    t->text = text;
    for (i = 0; i <= t->mask; i++)
        if (t->slot[i].val) { /* the names are distinct: the first empty slot */
            uint32_t k = t->slot[i].hash & mask;
            while (bigger[k].val) k = (k + 1) & mask;
            bigger[k] = t->slot[i];
        }
    free(t->slot);
    t->slot = bigger;
    t->mask = mask;
    return DLXC_DONE;
}

/* the number of name p[0..n), or -1 if it is not in the table */
static int32_t table_find(const name_table *t, const char *p, int32_t n)
{
    uint64_t x = name_prefix(p, n);
    return t->slot[table_slot(t, p, n, x, hash_name(p, n, x))].val - 1;
}

/* the same, with the name's prefix and hash already computed */
static inline int32_t table_find_hashed(const name_table *t, const char *p, int32_t n, uint64_t x,
                                        uint32_t h)
{
    return t->slot[table_slot(t, p, n, x, h)].val - 1;
}

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)0)
#endif

/* add p[0..n) as the next number (it must not be in the table) */
static int table_add(name_table *t, const char *p, int32_t n)
{
    uint64_t x = name_prefix(p, n);
    uint32_t h = hash_name(p, n, x), i;
    int code;
    if ((uint32_t)(t->count + 1) * 2 > t->mask + 1 && (code = table_grow(t)) != DLXC_DONE)
        return code;
    i = table_slot(t, p, n, x, h);
    t->slot[i].prefix = x;
    t->slot[i].hash = h;
    t->text[t->count].start = p;
    t->text[t->count].len = n;
    t->slot[i].val = ++t->count;
    return DLXC_DONE;
}

/* ==== 3. Growing arrays ================================================== */
typedef struct {
    int32_t *v;
    int64_t n, cap;
} ivec;

static int ivec_reserve(ivec *a, int64_t more)
{
    int64_t cap;
    int32_t *v;
    if (a->n + more <= a->cap) return DLXC_DONE;
    cap = a->cap ? a->cap : 1024;
    while (cap < a->n + more) cap *= 2;
    v = realloc(a->v, (size_t)cap * sizeof *v);
    if (!v) return DLXC_ENOMEM;
    a->v = v;
    a->cap = cap;
    return DLXC_DONE;
}

/* the names of a table in number order, each ended by '\n' */
static char *join_names(const name_table *t, int64_t *len_out)
{
    int64_t len = 0, o = 0;
    int32_t i;
    char *s;
    for (i = 0; i < t->count; i++) len += t->text[i].len + 1;
    s = malloc((size_t)len + 1);
    if (!s) return NULL;
    for (i = 0; i < t->count; i++) {
        memcpy(s + o, t->text[i].start, (size_t)t->text[i].len);
        o += t->text[i].len;
        s[o++] = '\n';
    }
    *len_out = len;
    return s;
}

/* ==== 4. Lines and tokens ================================================ */

/* byte classes: 0 part of a token, 1 white space, 2 a line end, 3 give
 * up, 4 the first byte of a UTF-8 sequence (read by utf8_length), 5 ':'
 * (part of a token, noted by next_token) */
static unsigned char byte_class(unsigned char c)
{
    if (c == '\n' || c == '\r') return 2;
    if (c == ' ' || c == '\t' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1f)) return 1;
    if (c >= 0x80) return 4;
    if (c == 0) return 3;
    if (c == ':') return 5;
    return 0;
}

/* the length of the UTF-8 sequence at p[0..n) (strict, as Python's
 * decoder: no overlong forms, no surrogates, nothing above U+10FFFF), or 0 */
static int utf8_length(const unsigned char *p, int64_t n)
{
    unsigned char c = p[0];
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf) return n >= 2 && (p[1] & 0xc0) == 0x80 ? 2 : 0;
    if (c >= 0xe0 && c <= 0xef) {
        unsigned char lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
        return n >= 3 && p[1] >= lo && p[1] <= hi && (p[2] & 0xc0) == 0x80 ? 3 : 0;
    }
    if (c >= 0xf0 && c <= 0xf4) {
        unsigned char lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
        return n >= 4 && p[1] >= lo && p[1] <= hi && (p[2] & 0xc0) == 0x80 && (p[3] & 0xc0) == 0x80
                   ? 4
                   : 0;
    }
    return 0;
}

/* whether the UTF-8 sequence p[0..k) is a character that Python's
 * str.split() takes as white space: U+0085, U+00A0, U+1680, U+2000 to
 * U+200A, U+2028, U+2029, U+202F, U+205F, U+3000 (none of them ends a line:
 * universal newlines end lines at LF and CR alone) */
static int unicode_space(const unsigned char *p, int k)
{
    if (k == 2) return p[0] == 0xc2 && (p[1] == 0x85 || p[1] == 0xa0);
    if (k != 3) return 0;
    if (p[0] == 0xe1) return p[1] == 0x9a && p[2] == 0x80;
    if (p[0] == 0xe2 && p[1] == 0x80)
        return p[2] <= 0x8a || p[2] == 0xa8 || p[2] == 0xa9 || p[2] == 0xaf;
    if (p[0] == 0xe2) return p[1] == 0x81 && p[2] == 0x9f;
    if (p[0] == 0xe3) return p[1] == 0x80 && p[2] == 0x80;
    return 0;
}

typedef struct {
    const char *p, *end;
    int line_start;    /* no token read yet on the current line */
    int64_t line;      /* the current line, 1-based, as the Python reader numbers them */
    const char *colon; /* the first ':' of the last token read, or NULL */
    unsigned char cls[256];
} scanner;

/* the next token of the current line: 1 (start, length), 0 at the end of
 * the line (the scanner then stands after the line end), 2 at a line's
 * first token if it starts with '|' (a comment: skip_line() it), -1 give up */
static inline int next_token(scanner *sc, const char **tok, int32_t *n)
{
    const unsigned char *p = (const unsigned char *)sc->p, *end = (const unsigned char *)sc->end,
                        *q;
    int k;
    while (p < end) { /* white space, ASCII or not */
        if (sc->cls[*p] == 1) {
            p++;
            continue;
        }
        if (sc->cls[*p] != 4) break;
        if (!(k = utf8_length(p, end - p))) return -1;
        if (!unicode_space(p, k)) break;
        p += k;
    }
    if (p == end) {
        sc->p = (const char *)p;
        return 0;
    }
    if (*p == '|' && sc->line_start) {
        sc->p = (const char *)p;
        return 2;
    }
    switch (sc->cls[*p]) {
    case 2:
        if (*p == '\r' && p + 1 < end && p[1] == '\n') p++;
        sc->p = (const char *)p + 1;
        sc->line_start = 1;
        sc->line++;
        return 0;
    case 3: return -1;
    }
    q = p;
    sc->colon = NULL;
    while (q < end) {
        unsigned char t = sc->cls[*q];
        if (t == 0) {
            q++;
            continue;
        }
        if (t == 5) {
            if (!sc->colon) sc->colon = (const char *)q;
            q++;
            continue;
        }
        if (t != 4) break;
        if (!(k = utf8_length(q, end - q))) return -1;
        if (unicode_space(q, k)) break;
        q += k;
    }
    if (q < end && sc->cls[*q] == 3) return -1;
    if (q - p > INT32_MAX) return -1;
    *tok = (const char *)p;
    *n = (int32_t)(q - p);
    sc->p = (const char *)q;
    sc->line_start = 0;
    return 1;
}

/* pass over the rest of a comment line: any UTF-8 text (nothing in it is
 * read, but the Python reader would stop at bytes that are not UTF-8) */
static int skip_line(scanner *sc)
{
    const unsigned char *p = (const unsigned char *)sc->p, *end = (const unsigned char *)sc->end;
    while (p < end && *p != '\n' && *p != '\r') {
        int k = utf8_length(p, end - p);
        if (!k) return -1;
        p += k;
    }
    if (p < end) {
        if (*p == '\r' && p + 1 < end && p[1] == '\n') p++;
        p++;
        sc->line++;
    }
    sc->p = (const char *)p;
    sc->line_start = 1;
    return 0;
}

/* ==== 5. The reader ======================================================
 *
 * An option line is read in batches of up to BATCH tokens: first every
 * token's item name is hashed and its slot in the table fetched ahead
 * (PREFETCH), then the tokens are looked up one by one.  With 100,000
 * items the table (24 bytes a slot, at most half full) is far larger than
 * the cache, and a lookup after a lookup waits for memory each time; in a
 * batch the waits overlap (a million options of 10 items over 101,000
 * items: about 1.0 s of parse before, see bench/bench_read.py's shapes).
 * A line of one batch (most lines) checks its items against each other
 * for an item twice; longer lines stamp each item in stamp[], which
 * costs a cache miss a token when there are many items. */
#define BATCH 16

typedef struct {
    const char *tok;
    int32_t n, k; /* the token's length, the length of its item name */
    uint32_t h;   /* the item name's hash */
    uint64_t x;   /* and its first 8 bytes */
} pending;

void dlxc_dlx_free(dlxc_dlx *d)
{
    if (!d) return;
    free(d->names);
    free(d->colors);
    free(d->opt_start);
    free(d->opt_items);
    free(d->opt_colors);
    free(d->dropped);
    free(d->unused);
    free(d->opt_costs);
    free(d->bounds);
    free(d);
}

/* the cost of a token "|n" (n decimal digits) added to *total, within
 * COST_TOTAL_LIMIT; -1 for anything else (the Python reader words it) */
#define COST_TOTAL_LIMIT ((int64_t)INT64_MAX)
static int64_t read_cost(const char *tok, int32_t n, int64_t *total)
{
    int64_t v = 0;
    if (n < 2) return -1;
    for (int32_t i = 1; i < n; i++) {
        if (tok[i] < '0' || tok[i] > '9') return -1;
        if (v > (COST_TOTAL_LIMIT - (tok[i] - '0')) / 10) return -1;
        v = 10 * v + (tok[i] - '0');
    }
    if (v >= COST_TOTAL_LIMIT - *total) return -1;
    *total += v;
    return v;
}

/* The bounds of a primary item written u:v|name or v|name: *u and *v, and
 * the name's length after the prefix in *skip; 0 when the prefix is not
 * exactly that (the Python reader then words what is wrong). */
static int bounds_prefix(const char *tok, int32_t n, int32_t *u, int32_t *v, int32_t *skip)
{
    int64_t num[2] = {0, 0};
    int32_t i = 0, k = 0, digits = 0;
    for (;; i++) {
        if (i == n) return 0;
        if (tok[i] >= '0' && tok[i] <= '9') {
            num[k] = 10 * num[k] + (tok[i] - '0');
            if (num[k] >= (INT64_C(1) << 30)) return 0;
            digits++;
        } else if (tok[i] == ':' && k == 0 && digits) {
            k = 1;
            digits = 0;
        } else if (tok[i] == '|' && digits) {
            break;
        } else return 0;
    }
    *v = (int32_t)num[k];
    *u = k ? (int32_t)num[0] : *v;
    if (*v < 1 || *u > *v || i + 1 >= n) return 0;
    *skip = i + 1;
    return 1;
}

void dlxc_dlx_free_array(int32_t *array) { free(array); }

int dlxc_dlx_read(const char *text, int64_t len, int notes, dlxc_dlx **out)
{
    scanner sc;
    name_table items = {NULL, 0, 0}, colors = {NULL, 0, 0};
    ivec start = {0}, its = {0}, cols = {0}, dropped = {0}, unused = {0}, bounds = {0};
    int has_bounds = 0;
    int64_t dropped_lines[3] = {0, 0, 0};
    int32_t *stamp = NULL;
    int32_t color1[256]; /* the number plus one of each one-byte color, 0: not seen */
    unsigned char *used = NULL;
    dlxc_dlx *d = NULL;
    const char *tok;
    pending batch[BATCH];
    int32_t n, n_primary = -1, n_items, j = 0, i;
    int r, code = DLXC_DLX_SLOW, secondary = 0;
    int64_t *costs = NULL, costs_cap = 0, cost_total = 0;

    if (!out || (len && !text) || len < 0) return DLXC_EINVAL;
    *out = NULL;
    memset(color1, 0, sizeof color1);
    for (i = 0; i < 256; i++) sc.cls[i] = byte_class((unsigned char)i);
    sc.p = text;
    sc.end = text + len;
    sc.line_start = 1;
    sc.line = 1;
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) sc.p += 3; /* the BOM */
    if (table_init(&items, 1024) != DLXC_DONE || table_init(&colors, 64) != DLXC_DONE) {
        code = DLXC_ENOMEM;
        goto fail;
    }

    /* the items line: the first line with a token that is not a comment */
    for (;;) {
        if (sc.p == sc.end) goto fail; /* no items line */
        r = next_token(&sc, &tok, &n);
        if (r < 0) goto fail;
        if (r == 0) continue; /* a blank line */
        if (r == 2) {         /* a comment line */
            if (skip_line(&sc) < 0) goto fail;
            continue;
        }
        break;
    }
    do {
        while (n && tok[0] == '|') { /* "|" or "|X": the separator */
            if (secondary) goto fail;
            secondary = 1;
            n_primary = items.count;
            tok++, n--;
        }
        if (!n) continue;
        if (!secondary) { /* u and v of each primary item, 1 and 1 unless given */
            int32_t u = 1, v = 1, skip = 0;
            if (memchr(tok, '|', (size_t)n)) {
                if (!bounds_prefix(tok, n, &u, &v, &skip)) goto fail;
                tok += skip, n -= skip;
                has_bounds |= u != 1 || v != 1;
            }
            if (ivec_reserve(&bounds, 2) != DLXC_DONE) {
                code = DLXC_ENOMEM;
                goto fail;
            }
            bounds.v[bounds.n++] = u;
            bounds.v[bounds.n++] = v;
        }
        if (memchr(tok, ':', (size_t)n) || memchr(tok, '|', (size_t)n)) goto fail;
        if (table_find(&items, tok, n) >= 0) goto fail; /* declared twice */
        if ((code = table_add(&items, tok, n)) != DLXC_DONE) goto fail;
        code = DLXC_DLX_SLOW;
    } while ((r = next_token(&sc, &tok, &n)) == 1);
    if (r < 0) goto fail;
    n_items = items.count;
    if (!secondary) n_primary = n_items;

    /* the options */
    stamp = calloc((size_t)n_items + 1, sizeof *stamp);
    used = calloc((size_t)n_primary + 1, 1);
    if (!stamp || !used || ivec_reserve(&start, 1) != DLXC_DONE) {
        code = DLXC_ENOMEM;
        goto fail;
    }
    start.v[start.n++] = 0;
    {
        /* Every node and every option line takes at least two bytes of the
         * text, so room for that many is room enough: asked for at once,
         * the arrays never grow by copying, and the pages not written are
         * never touched (the arrays are shrunk to their size at the end).
         * Where that much cannot be had, they grow as they go. */
        int64_t most = (sc.end - sc.p) / 2 + 2;
        if (most > INT32_MAX) most = INT32_MAX;
        if (ivec_reserve(&its, most) == DLXC_DONE && ivec_reserve(&cols, most) == DLXC_DONE)
            (void)ivec_reserve(&start, most);
    }
    while (sc.p < sc.end) {
        int has_primary = 0, first = 1, alone, has_cost = 0;
        int64_t line = sc.line, cost = 0;
        r = next_token(&sc, &tok, &n);
        if (r < 0) goto fail;
        if (r == 0) continue;
        if (r == 2) {
            if (skip_line(&sc) < 0) goto fail;
            continue;
        }
        if (j == INT32_MAX - 1) {
            code = DLXC_ETOOBIG;
            goto fail;
        }
        for (;;) {
            int32_t nb = 0, b;
            /* a batch of the line's tokens: hash each item name and fetch
             * its slot ahead, so the cache misses of a line overlap */
            do {
                if (*tok == '|') { /* a cost, as DLX5 reads it */
                    int64_t v = read_cost(tok, n, &cost_total);
                    if (v < 0) goto fail;
                    cost += v, has_cost = 1;
                    continue;
                }
                pending *e = &batch[nb++];
                e->tok = tok;
                e->n = n;
                e->k = sc.colon ? (int32_t)(sc.colon - tok) : n;
                e->x = tok + 8 <= sc.end ? name_prefix_at(tok, e->k) : name_prefix(tok, e->k);
                e->h = hash_name(tok, e->k, e->x);
                PREFETCH(&items.slot[e->h & items.mask]);
            } while (nb < BATCH && (r = next_token(&sc, &tok, &n)) == 1);
            /* a line of one batch: its items are checked against each
             * other, not stamped in a table that is rarely in the cache */
            alone = first && nb < BATCH;
            first = 0;
            for (b = 0; b < nb; b++) {
                const pending *e = &batch[b];
                int32_t k = table_find_hashed(&items, e->tok, e->k, e->x, e->h), c = 0;
                if (e->k < e->n) {
                    const char *col = e->tok + e->k + 1;
                    int32_t m = e->n - e->k - 1;
                    if (k < n_primary || m == 0) goto fail; /* unknown, primary, no color */
                    if (m > 1 && (memchr(col, ':', (size_t)m) || memchr(col, '|', (size_t)m)))
                        goto fail;
                    c = m == 1 ? color1[(unsigned char)*col] - 1 : table_find(&colors, col, m);
                    if (c < 0) {
                        if ((code = table_add(&colors, col, m)) != DLXC_DONE) goto fail;
                        code = DLXC_DLX_SLOW;
                        c = colors.count - 1;
                        if (m == 1) color1[(unsigned char)*col] = c + 1;
                    }
                    c++;
                } else if (k < 0) goto fail; /* unknown item */
                if (alone) {                 /* an item twice: among the few before it */
                    int32_t *at = its.v + its.n - b;
                    int32_t o;
                    for (o = 0; o < b; o++)
                        if (at[o] == k) goto fail;
                } else {
                    if (stamp[k] == j + 1) goto fail;
                    stamp[k] = j + 1;
                }
                if (k < n_primary) has_primary = 1, used[k] = 1;
                if (its.n == INT32_MAX) {
                    code = DLXC_ETOOBIG;
                    goto fail;
                }
                if ((its.n == its.cap && ivec_reserve(&its, 1) != DLXC_DONE) ||
                    (cols.n == cols.cap && ivec_reserve(&cols, 1) != DLXC_DONE)) {
                    code = DLXC_ENOMEM;
                    goto fail;
                }
                its.v[its.n++] = k;
                cols.v[cols.n++] = c;
            }
            if (nb < BATCH || (r = next_token(&sc, &tok, &n)) != 1) break;
        }
        if (r < 0) goto fail;
        if (!has_primary) { /* kept, and listed for the warning */
            if (!notes) goto fail;
            if (ivec_reserve(&dropped, 1) != DLXC_DONE) {
                code = DLXC_ENOMEM;
                goto fail;
            }
            if (dropped.n < 3) dropped_lines[dropped.n] = line;
            dropped.v[dropped.n++] = j;
        }
        if (start.n == start.cap && ivec_reserve(&start, 1) != DLXC_DONE) {
            code = DLXC_ENOMEM;
            goto fail;
        }
        start.v[start.n++] = (int32_t)its.n;
        if (has_cost || costs) { /* the first cost: zeros for the options before */
            if (j >= costs_cap) {
                int64_t cap = costs_cap ? 2 * costs_cap : 1024;
                while (cap <= j) cap *= 2;
                int64_t *grown = realloc(costs, (size_t)cap * sizeof *grown);
                if (!grown) {
                    code = DLXC_ENOMEM;
                    goto fail;
                }
                memset(grown + costs_cap, 0, (size_t)(cap - costs_cap) * sizeof *grown);
                costs = grown, costs_cap = cap;
            }
            costs[j] = cost;
        }
        j++;
    }
    for (i = 0; i < n_primary; i++)
        if (!used[i] && (!has_bounds || bounds.v[2 * i] > 0)) { /* u = 0 needs no option */
            if (!notes) goto fail;
            if (ivec_reserve(&unused, 1) != DLXC_DONE) {
                code = DLXC_ENOMEM;
                goto fail;
            }
            unused.v[unused.n++] = i;
        }

    d = calloc(1, sizeof *d);
    if (!d) {
        code = DLXC_ENOMEM;
        goto fail;
    }
    d->n_primary = n_primary;
    d->n_items = n_items;
    d->n_colors = colors.count;
    d->n_options = j;
    d->n_nodes = its.n;
    d->names = join_names(&items, &d->names_len);
    d->colors = join_names(&colors, &d->colors_len);
    if (!d->names || !d->colors) {
        code = DLXC_ENOMEM;
        goto fail;
    }
    /* hand the arrays over, shrunk to their size (at least one element) */
    d->opt_start = realloc(start.v, (size_t)start.n * sizeof(int32_t));
    if (!d->opt_start) d->opt_start = start.v;
    d->opt_items = its.n ? realloc(its.v, (size_t)its.n * sizeof(int32_t)) : its.v;
    d->opt_colors = cols.n ? realloc(cols.v, (size_t)cols.n * sizeof(int32_t)) : cols.v;
    if (!d->opt_items) d->opt_items = its.v;
    if (!d->opt_colors) d->opt_colors = cols.v;
    if (!its.v) d->opt_items = malloc(sizeof(int32_t));
    if (!cols.v) d->opt_colors = malloc(sizeof(int32_t));
    start.v = its.v = cols.v = NULL;
    d->n_dropped = (int32_t)dropped.n;
    d->dropped = dropped.v;
    memcpy(d->dropped_lines, dropped_lines, sizeof dropped_lines);
    d->n_unused = (int32_t)unused.n;
    d->unused = unused.v;
    d->opt_costs = costs;
    costs = NULL;
    dropped.v = unused.v = NULL;
    if (has_bounds) {
        d->bounds = bounds.v;
        bounds.v = NULL;
    }
    if (!d->opt_items || !d->opt_colors) {
        code = DLXC_ENOMEM;
        goto fail;
    }
    table_free(&items);
    table_free(&colors);
    free(bounds.v);
    free(stamp);
    free(used);
    *out = d;
    return DLXC_DONE;

fail:
    free(costs);
    dlxc_dlx_free(d);
    table_free(&items);
    table_free(&colors);
    free(dropped.v);
    free(unused.v);
    free(bounds.v);
    free(start.v);
    free(its.v);
    free(cols.v);
    free(stamp);
    free(used);
    return code;
}

int64_t dlxc_keep_options(int32_t n_options, const int32_t *start, const int32_t *items,
                          const int32_t *colors, const int32_t *drop, int32_t n_drop,
                          int32_t *out_start, int32_t *out_items, int32_t *out_colors,
                          int32_t *out_ids)
{
    int32_t j, d = 0, kept = 0;
    int64_t n = 0;
    if (!out_start) {
        n = start[n_options];
        for (d = 0; d < n_drop; d++) n -= start[drop[d] + 1] - start[drop[d]];
        return n;
    }
    out_start[0] = 0;
    for (j = 0; j < n_options; j++) {
        int32_t len = start[j + 1] - start[j];
        if (d < n_drop && drop[d] == j) {
            d++;
            continue;
        }
        memcpy(out_items + n, items + start[j], (size_t)len * sizeof *items);
        memcpy(out_colors + n, colors + start[j], (size_t)len * sizeof *colors);
        n += len;
        out_ids[kept++] = j;
        out_start[kept] = (int32_t)n;
    }
    return n;
}
