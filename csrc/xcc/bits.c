/* bits.c -- XCC with bitsets of options: dlxc's third engine.
 *
 * Contents: 1. Intro  2. Data structures  3. Inputting the options
 *           4. The dancing (bits_hot.h)  5. The resumable search
 *
 * The Python mirror (dlxc/xcc/engines/bits.py) follows this file function
 * by function, with the same names and the same statistics; it has no
 * dense rows (dense_rows, section 3), which are a faster way to the same
 * states (a test runs the C engine without them against the mirror).
 *
 * ==== 1. Intro ===========================================================
 *
 * Options are numbered 0 .. n-1 in input order, and the state of the
 * search is A, the set of active options, as a bitset of 64-bit words.
 * For an item x, M_x is the set of options containing x, kept as a sparse
 * list of its nonzero words (word index, mask).  Choosing an option o kills
 * every option that clashes with it: for each item x of o, the options of
 * M_x if x is primary or o uses x uncolored, and for a secondary x colored
 * c the options of K_{x,c} = M_x minus those that give x the color c.
 * Each node of an option points at its kill list, precomputed, so that
 * committing o is A[w] &= ~mask over a few short lists, and backtracking
 * is going back to the copy of A one level up.  The size of an uncovered
 * primary item p is |A & M_p|, a popcount over p's words.
 *
 * The tree is DLX2's as csrc/xcc/dlx2.c walks it: DLX2's LEN(p) is the
 * number of active options in p's list, which is |A & M_p| (an option is
 * hidden exactly when it clashes with a chosen one); it branches on the
 * uncovered primary item with the smallest LEN, the leftmost on ties, and
 * tries its options top to bottom, which is input order.  So this engine
 * makes the same choices, finds the same solutions in the same order and
 * counts the same nodes (level entries plus solutions, a dead end being a
 * level entry whose item has no option) and max_level, and it takes
 * dlx2.c's last level too: with one uncovered primary item p left, every
 * active option of p is a solution, here |A & M_p| of them at once, a
 * popcount per word of p when they are only counted.  Its updates are its
 * own: the mask words ANDed into A (the entries of the kill lists of each
 * committed option, owords[o], fixed per option), none at the last level;
 * no cleansings (docs/design/xcc.md, section 8).
 *
 * Why: on small problems with many options per node the other engines
 * remove options one by one (word rectangles 3x3: 59 million single
 * removals for 443,000 nodes in SSXCC), while here one AND removes up to
 * 64 of them, and the last level, where word searches spend most of their
 * nodes, is a few popcounts.  The price: a copy of A per level, kill
 * lists that grow with the number of colors of each item, and a scan of
 * every uncovered primary item per node that costs more than DLX2's when
 * there are hundreds of them with few options each; so strategy "auto"
 * takes this engine for at most 80 primary items and 2^18 options
 * (dlxc/xcc/backend.py, pick_strategy).
 *
 * Historical notes (search CPU time, medians of 3 alternating runs on a
 * shared 2-core host; docs/design/xcc.md, section 8):
 *  - A copy of A per level, not a trail of (word, old value) with the AND
 *    done in place: a commit touches about as many words as A has, and a
 *    trail entry is one store more and a restore later.  The trail took
 *    word rectangles 3x3 from 0.089 s to 0.145 s, 3x4 from 1.08 to 1.68,
 *    pentominoes 6x10 from 2.43 to 3.30, 13 queens from 0.160 to 0.259.
 *  - updates were first the options removed, popcount(A[w] & mask) before
 *    each AND: 25-40% of the search (pentominoes 2.72 s against 1.97 s,
 *    the 8x8 word search 0.21 s against 0.12 s).  The mask words applied
 *    are as deterministic, describe the work done, and cost nothing.
 *  - Dense rows (dense_rows below) for problems whose rows fit in
 *    DENSE_MAX_WORDS: search CPU 13 queens 0.093 s -> 0.052 s, pentominoes
 *    6x10 0.98 -> 0.72, word rectangles 3x4 0.42 -> 0.24, the 8x8 word
 *    search 0.064 -> 0.020; the same tree and statistics.
 *  - The popcount: the extension is built without -march, where
 *    __builtin_popcountll is a call into libgcc; the inner loops are
 *    compiled twice (bits_hot.h), once for the popcnt instruction, chosen
 *    at run time as csrc/boggle/score.c does: 2-3 times as fast
 *    (pentominoes 6.91 s without, 2.72 s with; word rectangles 3x4 3.54 s
 *    and 1.11 s).
 */
#include "bits.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ==== 2. Data structures =================================================
 *
 * Kill lists are runs of entries (kw[e], km[e]) = (word index, mask) in
 * increasing word order, none with a zero mask.  mlo[x] .. mlo[x+1]-1 is
 * M_x; the colored lists K_{x,c} follow all of them.  Node k of the input
 * (opt_start[o] <= k < opt_start[o+1]) kills the entries nlo[k] ..
 * nhi[k]-1; npri[k] is its item if primary, else -1.
 * Level l's state: a_l = A + l*nw (active options), u_l = U + l*pw
 * (uncovered primary items), pl[l] = how many of those; best[l] the item
 * branched on, ent[l] the entry of its list being tried, rem[l] the
 * options of that entry's word not tried yet, choice[l] the option tried.
 * Invariant: every option in a_l has all its primary items in u_l.
 */
#define MAX_WORDS (INT64_C(1) << 27) /* kill entries + level copies */

enum { BS_NEW, BS_FORWARD, BS_SOLUTION, BS_LEAF, BS_DONE, BS_ERROR };

typedef struct dlxc_bits bits_t;
typedef int32_t (*choose_fn)(const bits_t *, const uint64_t *, const uint64_t *, int32_t *);
typedef void (*commit_fn)(const bits_t *, int32_t, const uint64_t *, uint64_t *, const uint64_t *,
                          uint64_t *);
typedef uint64_t (*leaf_count_fn)(const bits_t *, const uint64_t *, int32_t, int32_t, uint64_t);

struct dlxc_bits {
    int32_t n_primary, n_items, n_options, nw, pw;
    int32_t *kw;  /* kw[e]: the word of entry e */
    uint64_t *km; /* km[e]: its mask */
    int64_t n_ent, cap_ent;
    int32_t *mlo;       /* M_x is entries mlo[x] .. mlo[x+1]-1 */
    int32_t *ostart;    /* option o is nodes ostart[o] .. ostart[o+1]-1 */
    int32_t *nlo, *nhi; /* node k kills entries nlo[k] .. nhi[k]-1 */
    int32_t *npri;      /* node k's item if primary, else -1 */
    int32_t *nprim;     /* nprim[o]: primary items of option o */
    int64_t *owords;    /* owords[o]: entries of o's kill lists (updates) */
    int32_t *opt_id;
    uint64_t *dk, *dp; /* dense rows per option (NULL when too big): see dense_rows */
    uint64_t *dm;      /* M_p as 4 words per primary item p, when nw <= 4 (or NULL) */
    uint64_t *A, *U;   /* the levels' copies */
    int32_t *pl, *best, *ent, *choice;
    uint64_t *rem;
    uint64_t *deg, *kth; /* for progress: options of best[l], rank of choice[l] */
    choose_fn choose;
    commit_fn commit;
    leaf_count_fn leaf_count;
    int state;
    int32_t level, max_level;
    int32_t split_depth; /* > 0: paths to this depth are recorded, not entered */
    int32_t floor;       /* the level a replayed subproblem starts at (0: the root) */
    uint64_t solutions, nodes, updates;
};

/* ==== 4. The dancing: the inner loops, twice ============================= */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define BITS_X86 1
#define HAS_POPCNT() __builtin_cpu_supports("popcnt")
#else
#define BITS_X86 0
#define HAS_POPCNT() 0
#endif

#define HOT plain
#define HOT_ATTR
#define POPCOUNT(x) ((uint64_t)__builtin_popcountll(x))
#include "bits_hot.h"
#undef HOT
#undef HOT_ATTR

#if BITS_X86
#define HOT popcnt
#define HOT_ATTR __attribute__((target("popcnt")))
#include "bits_hot.h"
#undef HOT
#undef HOT_ATTR
#endif
#undef POPCOUNT

void dlxc_bits_free(dlxc_bits *s)
{
    if (!s) return;
    free(s->kw);
    free(s->km);
    free(s->mlo);
    free(s->ostart);
    free(s->nlo);
    free(s->nhi);
    free(s->npri);
    free(s->nprim);
    free(s->owords);
    free(s->opt_id);
    free(s->dk);
    free(s->dm);
    free(s->dp);
    free(s->A);
    free(s->U);
    free(s->pl);
    free(s->best);
    free(s->ent);
    free(s->choice);
    free(s->rem);
    free(s->deg);
    free(s->kth);
    free(s);
}

/* ==== 3. Inputting the options =========================================== */

/* append entry (w, m); DLXC_ETOOBIG past MAX_WORDS */
static int push(bits_t *s, int32_t w, uint64_t m)
{
    if (s->n_ent == s->cap_ent) {
        int64_t cap = s->cap_ent ? 2 * s->cap_ent : 1024;
        int32_t *kw;
        uint64_t *km;
        if (s->n_ent >= MAX_WORDS) return DLXC_ETOOBIG;
        kw = realloc(s->kw, (size_t)cap * sizeof *kw);
        if (kw) s->kw = kw;
        km = realloc(s->km, (size_t)cap * sizeof *km);
        if (km) s->km = km;
        if (!kw || !km) return DLXC_ENOMEM;
        s->cap_ent = cap;
    }
    s->kw[s->n_ent] = w;
    s->km[s->n_ent++] = m;
    return DLXC_DONE;
}

/* Dense rows: for a small problem, each option's kill lists ORed into one
 * row of nw words (dk) and its primary items into one of pw words (dp), so
 * that a commit is a1 = a0 & ~dk[o], u1 = u0 & ~dp[o], word by word, where
 * the sparse way copies a0 and then ANDs entry after entry.  The tree and
 * every statistic are the same (updates still count the kill lists'
 * entries, owords).  Only when all the rows fit in DENSE_MAX_WORDS: past
 * that a commit through a row costs more than the few entries of the kill
 * lists, and the rows leave the cache. */
#define DENSE_MAX_WORDS (INT64_C(1) << 22)

static int dense_rows(bits_t *s)
{
    int64_t nw = s->nw, pw = s->pw, o, k, e;
    if ((int64_t)s->n_options * (nw + pw) > DENSE_MAX_WORDS) return DLXC_DONE;
    s->dk = calloc((size_t)(s->n_options * nw) + 1, sizeof *s->dk);
    s->dp = calloc((size_t)(s->n_options * pw) + 1, sizeof *s->dp);
    if (!s->dk || !s->dp) return DLXC_ENOMEM;
    for (o = 0; o < s->n_options; o++)
        for (k = s->ostart[o]; k < s->ostart[o + 1]; k++) {
            int32_t p = s->npri[k];
            for (e = s->nlo[k]; e < s->nhi[k]; e++) s->dk[o * nw + s->kw[e]] |= s->km[e];
            if (p >= 0) s->dp[o * pw + (p >> 6)] |= UINT64_C(1) << (p & 63);
        }
    if (nw <= 4) {
        int32_t p;
        s->dm = calloc((size_t)s->n_primary * 4 + 1, sizeof *s->dm);
        if (!s->dm) return DLXC_ENOMEM;
        for (p = 0; p < s->n_primary; p++)
            for (e = s->mlo[p]; e < s->mlo[p + 1]; e++) s->dm[4 * p + s->kw[e]] = s->km[e];
    }
    return DLXC_DONE;
}

void dlxc_bits_sparse(dlxc_bits *s)
{
    if (!s) return;
    free(s->dk);
    free(s->dp);
    free(s->dm);
    s->dk = s->dp = s->dm = NULL;
}

typedef struct {
    int32_t color, node;
} colored;

static int by_color(const void *a, const void *b)
{
    const colored *x = a, *y = b;
    if (x->color != y->color) return x->color < y->color ? -1 : 1;
    return (x->node > y->node) - (x->node < y->node);
}

int dlxc_bits_new(dlxc_bits **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                  const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                  const int32_t *opt_ids)
{
    bits_t *s;
    int64_t total, k, levels;
    int32_t *len = NULL, *seen = NULL, *occ = NULL, *nopt = NULL;
    colored *tmp = NULL;
    uint64_t *tmpm = NULL;
    int32_t i, j, x;
    int rc;

    if (!out) return DLXC_EINVAL;
    *out = NULL;
    if (n_primary < 0 || n_items < n_primary || n_options < 0 || !opt_start) return DLXC_EINVAL;
    if (n_options > 0 && (!opt_items || !opt_colors)) return DLXC_EINVAL;
    if (opt_start[0] != 0) return DLXC_EINVAL;
    for (j = 0; j < n_options; j++)
        if (opt_start[j + 1] <= opt_start[j]) return DLXC_EINVAL;
    total = opt_start[n_options];
    levels = (int64_t)n_primary + 2;

    s = calloc(1, sizeof *s);
    if (!s) return DLXC_ENOMEM;
    s->n_primary = n_primary;
    s->n_items = n_items;
    s->n_options = n_options;
    s->nw = (n_options + 63) / 64;
    s->pw = (n_primary + 63) / 64;
    if (levels * ((int64_t)s->nw + s->pw) > MAX_WORDS) {
        free(s);
        return DLXC_ETOOBIG;
    }
    len = calloc((size_t)n_items + 1, sizeof *len);
    seen = calloc((size_t)n_items + 1, sizeof *seen);
    occ = malloc(((size_t)total + 1) * sizeof *occ);
    nopt = malloc(((size_t)total + 1) * sizeof *nopt);
    tmp = malloc(((size_t)total + 1) * sizeof *tmp);
    s->mlo = malloc(((size_t)n_items + 1) * sizeof *s->mlo);
    s->ostart = malloc(((size_t)n_options + 1) * sizeof *s->ostart);
    s->nlo = malloc(((size_t)total + 1) * sizeof *s->nlo);
    s->nhi = malloc(((size_t)total + 1) * sizeof *s->nhi);
    s->npri = malloc(((size_t)total + 1) * sizeof *s->npri);
    s->nprim = calloc((size_t)n_options + 1, sizeof *s->nprim);
    s->owords = calloc((size_t)n_options + 1, sizeof *s->owords);
    s->opt_id = malloc(((size_t)n_options + 1) * sizeof *s->opt_id);
    /* 4 words more: choose() reads 4 words of the top level when nw <= 4 */
    s->A = calloc((size_t)(levels * s->nw) + 4, sizeof *s->A);
    s->U = calloc((size_t)(levels * s->pw) + 1, sizeof *s->U);
    s->pl = calloc((size_t)levels, sizeof *s->pl);
    s->best = calloc((size_t)levels, sizeof *s->best);
    s->ent = calloc((size_t)levels, sizeof *s->ent);
    s->choice = calloc((size_t)levels, sizeof *s->choice);
    s->rem = calloc((size_t)levels, sizeof *s->rem);
    s->deg = calloc((size_t)levels, sizeof *s->deg);
    s->kth = calloc((size_t)levels, sizeof *s->kth);
    if (!len || !seen || !occ || !nopt || !tmp || !s->mlo || !s->ostart || !s->nlo || !s->nhi ||
        !s->npri || !s->nprim || !s->owords || !s->opt_id || !s->A || !s->U || !s->pl || !s->best ||
        !s->ent || !s->choice || !s->rem || !s->deg || !s->kth)
        goto nomem;

    /* check the options and count each item's */
    for (j = 0; j < n_options; j++) {
        for (k = opt_start[j]; k < opt_start[j + 1]; k++) {
            int32_t it = opt_items[k], col = opt_colors[k];
            if (it < 0 || it >= n_items || col < 0) goto invalid;
            if (seen[it] == j + 1) goto invalid; /* an item twice */
            seen[it] = j + 1;
            if (it < n_primary) {
                if (col) goto invalid; /* a colored primary */
                s->nprim[j]++;
            }
            len[it]++;
            nopt[k] = j;
        }
        if (!s->nprim[j]) goto invalid;
        s->ostart[j] = opt_start[j];
        s->opt_id[j] = opt_ids ? opt_ids[j] : j;
    }
    s->ostart[n_options] = (int32_t)total;

    /* each item's nodes, in option order: occ[mlo'[x] ..] (len[] becomes
     * the start of x's run, then its end) */
    {
        int32_t at = 0;
        for (i = 0; i < n_items; i++) {
            int32_t n = len[i];
            len[i] = at;
            at += n;
        }
        len[n_items] = at;
        for (k = 0; k < total; k++) occ[len[opt_items[k]]++] = (int32_t)k;
        for (i = n_items; i > 0; i--) len[i] = len[i - 1];
        len[0] = 0;
    }

    /* M_x for every item x */
    for (x = 0; x < n_items; x++) {
        s->mlo[x] = (int32_t)s->n_ent;
        for (k = len[x]; k < len[x + 1]; k++) {
            int32_t o = nopt[occ[k]], w = o >> 6;
            if (s->n_ent == s->mlo[x] || s->kw[s->n_ent - 1] != w) {
                if ((rc = push(s, w, 0)) != DLXC_DONE) goto leave;
            }
            s->km[s->n_ent - 1] |= UINT64_C(1) << (o & 63);
        }
    }
    s->mlo[n_items] = (int32_t)s->n_ent;

    /* the kill list of every node: M_x, or K_{x,c} for a colored one */
    for (x = 0; x < n_items; x++) {
        int32_t n = 0, lo = s->mlo[x], hi = s->mlo[x + 1], g;
        for (k = len[x]; k < len[x + 1]; k++) {
            int32_t y = occ[k];
            s->npri[y] = x < n_primary ? x : -1;
            s->nlo[y] = lo;
            s->nhi[y] = hi;
            if (opt_colors[y]) {
                tmp[n].color = opt_colors[y];
                tmp[n++].node = y;
            }
        }
        if (!n) continue;
        qsort(tmp, (size_t)n, sizeof *tmp, by_color);
        free(tmpm);
        tmpm = malloc(((size_t)(hi - lo) + 1) * sizeof *tmpm);
        if (!tmpm) goto nomem;
        for (g = 0; g < n;) { /* the group of nodes colored tmp[g].color */
            int32_t h = g, e, first = (int32_t)s->n_ent;
            for (e = lo; e < hi; e++) tmpm[e - lo] = s->km[e];
            for (e = lo; h < n && tmp[h].color == tmp[g].color; h++) {
                int32_t o = nopt[tmp[h].node];
                while (s->kw[e] != o >> 6) e++;
                tmpm[e - lo] &= ~(UINT64_C(1) << (o & 63));
            }
            for (e = lo; e < hi; e++)
                if (tmpm[e - lo] && (rc = push(s, s->kw[e], tmpm[e - lo])) != DLXC_DONE) goto leave;
            for (; g < h; g++) {
                s->nlo[tmp[g].node] = first;
                s->nhi[tmp[g].node] = (int32_t)s->n_ent;
            }
        }
    }
    for (j = 0; j < n_options; j++)
        for (k = opt_start[j]; k < opt_start[j + 1]; k++) s->owords[j] += s->nhi[k] - s->nlo[k];
    if (s->n_ent + levels * ((int64_t)s->nw + s->pw) > MAX_WORDS) {
        rc = DLXC_ETOOBIG;
        goto leave;
    }

    if ((rc = dense_rows(s)) != DLXC_DONE) goto leave;

    /* level 0: every option active, every primary item uncovered */
    for (j = 0; j < n_options; j++) s->A[j >> 6] |= UINT64_C(1) << (j & 63);
    for (i = 0; i < n_primary; i++) s->U[i >> 6] |= UINT64_C(1) << (i & 63);
    s->pl[0] = n_primary;

    s->choose = choose_plain;
    s->commit = commit_plain;
    s->leaf_count = leaf_count_plain;
#if BITS_X86
    if (HAS_POPCNT()) {
        s->choose = choose_popcnt;
        s->commit = commit_popcnt;
        s->leaf_count = leaf_count_popcnt;
    }
#endif
    s->state = BS_NEW;
    *out = s;
    s = NULL; /* the caller's now: below, only the scratch arrays go */
    rc = DLXC_DONE;
    goto leave;

invalid:
    rc = DLXC_EINVAL;
    goto leave;
nomem:
    rc = DLXC_ENOMEM;
leave: /* every way out, success too: rc says which */
    free(len);
    free(seen);
    free(occ);
    free(nopt);
    free(tmp);
    free(tmpm);
    dlxc_bits_free(s);
    return rc;
}

/* ==== 5. The resumable search ============================================
 *
 * dlxc_bits_run walks DLX2's tree as dlxc_run does, with the same places
 * to return: a level entry when the budget is spent, a solution that does
 * not fit, the next option of the last level.
 */
static int record(const bits_t *s, int32_t k, int32_t tag, int32_t *buf, int64_t buf_len,
                  int64_t *used, int64_t *room)
{
    int32_t l;
    if (!buf) return 1;
    if (*room == 0 || *used + k + 1 > buf_len) return 0;
    (*room)--;
    buf[(*used)++] = tag;
    for (l = 0; l < k; l++) buf[(*used)++] = s->opt_id[s->choice[l]];
    return 1;
}

void dlxc_bits_get_stats(const dlxc_bits *s, dlxc_stats *out)
{
    out->solutions = s->solutions;
    out->nodes = s->nodes;
    out->updates = s->updates;
    out->cleansings = 0;
    out->level = s->level;
    out->max_level = s->max_level;
    out->done = s->state == BS_DONE;
}

#define COUNTER_CEILING (UINT64_C(1) << 62)

/* the first untried option of level l's item from entry ent[l] on, with
 * ent[l] and rem[l] moved to it; -1 when there is none */
static inline int32_t next_option(bits_t *s, int32_t l, const uint64_t *a)
{
    int32_t e = s->ent[l], end = s->mlo[s->best[l] + 1];
    uint64_t r = s->rem[l];
    while (!r) {
        if (++e >= end) {
            s->ent[l] = e;
            return -1;
        }
        r = a[s->kw[e]] & s->km[e];
    }
    s->ent[l] = e;
    s->rem[l] = r;
    return s->kw[e] * 64 + __builtin_ctzll(r);
}

int dlxc_bits_run(dlxc_bits *s, uint64_t node_budget, int64_t max_solutions, int32_t *buf,
                  int64_t buf_len, int64_t *buf_used)
{
    int32_t level, nw, pw, p, o;
    uint64_t nodes, solutions, updates, limit;
    int64_t used = 0, room = max_solutions > 0 ? max_solutions : -1;
    const uint64_t *a;
    int status;

    if (buf_used) *buf_used = 0;
    if (!s) return DLXC_EINVAL;
    if (s->state == BS_ERROR) return DLXC_EINVAL;
    if (buf && buf_len < (int64_t)s->n_primary + 2) return DLXC_EBUFFER;
    if (s->split_depth && !buf) return DLXC_EINVAL;
    if (s->state == BS_DONE) return DLXC_DONE;

    nw = s->nw;
    pw = s->pw;
    nodes = s->nodes;
    solutions = s->solutions;
    updates = s->updates;
    level = s->level;
    limit = node_budget > UINT64_MAX - nodes ? UINT64_MAX : nodes + node_budget;

    switch (s->state) {
    case BS_NEW: level = 0; goto forward;
    case BS_FORWARD: goto forward;
    case BS_SOLUTION: goto solution;
    case BS_LEAF: goto leaf;
    default: return DLXC_EINVAL;
    }

forward: /* C2: enter a level */
    if (nodes >= limit) {
        s->state = BS_FORWARD;
        status = DLXC_BUDGET;
        goto out;
    }
    if (level == s->split_depth && level > 0) {
        /* a subproblem for another solver: hand over its path */
        if (!record(s, level, -level, buf, buf_len, &used, &room)) {
            s->state = BS_FORWARD;
            status = DLXC_BATCH;
            goto out;
        }
        goto backup;
    }
    nodes++;
    if (level > s->max_level) s->max_level = level;
    a = s->A + (int64_t)level * nw;
    if (s->pl[level] == 0) {
        /* no primary item at all (only at level 0): the empty solution */
        level = -1;
        goto solution;
    }
    if (s->pl[level] == 1) {
        /* the last level: every active option of p is a solution */
        const uint64_t *u = s->U + (int64_t)level * pw;
        int32_t j = 0;
        while (!u[j]) j++;
        p = j * 64 + __builtin_ctzll(u[j]);
        s->best[level] = p;
        s->ent[level] = s->mlo[p];
        s->rem[level] = s->mlo[p] < s->mlo[p + 1] ? a[s->kw[s->mlo[p]]] & s->km[s->mlo[p]] : 0;
        s->deg[level] = s->leaf_count(s, a, p, s->ent[level], s->rem[level]);
        s->kth[level] = 0;
        goto leaf;
    }
    { /* C3: choose p */
        int32_t t;
        p = s->choose(s, a, s->U + (int64_t)level * pw, &t);
        s->best[level] = p;
        s->deg[level] = (uint64_t)t;
        s->kth[level] = 0;
        s->ent[level] = s->mlo[p];
        s->rem[level] = s->mlo[p] < s->mlo[p + 1] ? a[s->kw[s->mlo[p]]] & s->km[s->mlo[p]] : 0;
    }

advance: /* C5: try the next option of best[level] */
    a = s->A + (int64_t)level * nw;
    o = next_option(s, level, a);
    if (o < 0) goto backup;
    s->rem[level] &= s->rem[level] - 1;
    s->choice[level] = o;
    s->kth[level]++;
    s->commit(s, o, a, s->A + (int64_t)(level + 1) * nw, s->U + (int64_t)level * pw,
              s->U + (int64_t)(level + 1) * pw);
    updates += (uint64_t)s->owords[o];
    s->pl[level + 1] = s->pl[level] - s->nprim[o];
    if (s->pl[level + 1] == 0) goto solution;
    level++;
    goto forward;

solution: /* every primary item is covered; a solution is a node too */
    if (nodes >= limit) {
        s->state = BS_SOLUTION;
        status = DLXC_BUDGET;
        goto out;
    }
    if (!record(s, level + 1, level + 1, buf, buf_len, &used, &room)) {
        s->state = BS_SOLUTION;
        status = DLXC_BATCH;
        goto out;
    }
    nodes++;
    solutions++;
    if (level < 0) goto done; /* the empty solution */
    goto advance;

backup: /* C7: this level is finished */
    if (level == s->floor) goto done;
    level--;
    goto advance;

leaf: /* the options of best[level] are solutions; see the Intro */
    a = s->A + (int64_t)level * nw;
    p = s->best[level];
    if (!buf) { /* only counted: all at once if the budget allows */
        uint64_t n = s->leaf_count(s, a, p, s->ent[level], s->rem[level]);
        if (n <= limit - nodes) {
            nodes += n;
            solutions += n;
            s->kth[level] += n;
            goto backup;
        }
    }
    while ((o = next_option(s, level, a)) >= 0) {
        if (nodes >= limit) {
            s->state = BS_LEAF;
            status = DLXC_BUDGET;
            goto out;
        }
        s->choice[level] = o;
        if (!record(s, level + 1, level + 1, buf, buf_len, &used, &room)) {
            s->state = BS_LEAF;
            status = DLXC_BATCH;
            goto out;
        }
        s->rem[level] &= s->rem[level] - 1;
        s->kth[level]++;
        nodes++;
        solutions++;
    }
    goto backup;

done:
    s->state = BS_DONE;
    status = DLXC_DONE;

out:
    s->nodes = nodes;
    s->solutions = solutions;
    s->updates = updates;
    s->level = level;
    if (buf_used) *buf_used = used;
    if (status >= 0 && (nodes >= COUNTER_CEILING || updates >= COUNTER_CEILING)) {
        s->state = BS_ERROR;
        return DLXC_EOVERFLOW;
    }
    return status;
}

int dlxc_bits_set_split(dlxc_bits *s, int32_t depth)
{
    if (!s || s->state != BS_NEW || depth < 0) return DLXC_EINVAL;
    s->split_depth = depth;
    return DLXC_DONE;
}

/* As dlxc_replay: commit the path of option ids level by level, each an
 * option of the item this engine branches on there, and start the search
 * at the level below it, counters from zero.  A solver whose search is
 * done may be replayed again: level 0's copies are never written. */
int dlxc_bits_replay(dlxc_bits *s, const int32_t *path, int32_t len)
{
    int32_t l;
    if (!s || (s->state != BS_NEW && s->state != BS_DONE) || s->split_depth || len < 0 ||
        len > s->n_primary || (len && !path))
        return DLXC_EINVAL;
    for (l = 0; l < len; l++) {
        const uint64_t *a = s->A + (int64_t)l * s->nw;
        int32_t p, t, e, o = -1;
        if (s->pl[l] == 0) goto invalid; /* the path went past a solution */
        p = s->choose(s, a, s->U + (int64_t)l * s->pw, &t);
        for (e = s->mlo[p]; e < s->mlo[p + 1] && o < 0; e++) {
            uint64_t r = a[s->kw[e]] & s->km[e];
            while (r) {
                int32_t q = s->kw[e] * 64 + __builtin_ctzll(r);
                if (s->opt_id[q] == path[l]) {
                    o = q;
                    break;
                }
                r &= r - 1;
            }
        }
        if (o < 0) goto invalid; /* not an active option of this item */
        s->best[l] = p;
        s->choice[l] = o;
        s->deg[l] = s->kth[l] = 1;
        s->commit(s, o, a, s->A + (int64_t)(l + 1) * s->nw, s->U + (int64_t)l * s->pw,
                  s->U + (int64_t)(l + 1) * s->pw);
        s->pl[l + 1] = s->pl[l] - s->nprim[s->choice[l]];
    }
    if (len && s->pl[len] == 0) goto invalid; /* a solution, not a subtree */
    s->level = s->floor = len;
    s->nodes = s->solutions = s->updates = 0;
    s->max_level = 0;
    s->state = BS_FORWARD;
    return DLXC_DONE;
invalid:
    s->state = BS_ERROR;
    return DLXC_EINVAL;
}

/* Knuth's estimate of the fraction of the tree explored: level l is at its
 * k-th of d options (as dlxc_progress). */
double dlxc_bits_progress(const dlxc_bits *s)
{
    double f = 0.0, fd = 1.0;
    int32_t l, top;
    if (s->state == BS_DONE) return 1.0;
    if (s->state == BS_NEW) return 0.0;
    top = s->state == BS_LEAF || s->state == BS_SOLUTION ? s->level + 1 : s->level;
    for (l = 0; l < top && fd < 1e300; l++) {
        double k = (double)s->kth[l], d = (double)s->deg[l];
        if (l == s->level && s->state == BS_LEAF) k += 1;
        if (d < k) d = k;
        fd *= d;
        f += (k - 1) / fd;
    }
    return f > 1.0 ? 1.0 : f;
}
