/* mcc.c -- exact cover with colors and multiplicities (MCC), after Knuth's DLX3.
 *
 * Contents: 1. Intro  2. Data structures  3. Inputting the options
 *           4. The dancing  5. The bitset mode  6. The resumable search
 *
 * The Python mirror (dlxc/xcc/engines/mcc.py) follows this file function by
 * function, with the same names and the same statistics.
 *
 * ==== 1. Intro ===========================================================
 *
 * Each primary item i has bounds u_i:v_i, and a solution is a set of
 * options that covers it at least u_i and at most v_i times (plain items
 * are 1:1, where this is DLX2's problem).  Knuth's Algorithm M (DLX3)
 * keeps for each primary item its `bound`, how many more times it may be
 * covered (v_i at first), and its `slack`, v_i - u_i, which never changes.
 * It branches on the active primary item of least "branching degree"
 * len + s - bound + 1, where len is the number of options left in its
 * list and s = min(slack, bound): the number of ways to go on from here,
 * the null move (leave the item as it is) included when s > 0.  On ties it
 * prefers the smaller s, then the longer list, then the leftmost item.
 *
 * When the chosen item can take no more options after this one (bound
 * becomes 0 with no slack) the item is covered, as in DLX2, and each of
 * its options is tried in turn.  Otherwise the options are "tweaked": the
 * top one is tried and then removed from the item's list for good (at
 * this level), so that each set of options is generated exactly once;
 * when too few are left for the lower bound the level gives up, and when
 * the slack allows it the last move is the null one, which makes the item
 * inactive.  Undoing the tweaks ("untweak") needs only the first node
 * tweaked: the removed nodes still point at their successors.
 *
 * With dlxc_mcc_use_links the tree and the statistics are DLX3's: nodes =
 * level entries (solutions and dead ends included), updates = items
 * covered plus nodes unlinked, cleansings as DLX2's, the figures DLX3
 * prints for the same file.  Without it (the mcc engine) choose passes
 * over the items with no option left that need none, whose one branch in
 * DLX3 is the null move: the same solutions in the same order, fewer
 * nodes; the updates are the options committed and there are no
 * cleansings, figures that the bitset mode (section 5) can keep too.
 *
 * Historical notes: the search is written as a resumable state machine
 * (it stops only where a level is entered, so the state is the level and
 * the arrays), without mem counting; the length of an item's list lives
 * in its header node's itm field, as in DLX3, so that the removal loops
 * touch one cache line per node.  The bitset mode and the levels left out
 * (search CPU less start-up, medians of 5 alternating runs on the shared
 * 2-core host at load 14, bench/bench_mcc.py): rooks 10 1.19 s for the
 * faster of DLX3 and SSMCC against 0.49 s, triples covering 8 elements
 * 1.33 s against 0.55 s, tetromino packings 0.09-0.24 of the peers' time;
 * the links walk had been within 0.7-0.9 of them.  Leaving the levels out
 * took rooks 10 from 4.60 to 2.65 million nodes; a choice of item that
 * skips the popcounts of items whose key cannot win measured no faster.
 */
#include "mcc.h"
#include "splitmix64.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ==== 2. Data structures =================================================
 *
 * nd[0] is unused; nd[1..n_items] are the item headers (itm = the length
 * of the item's list), nd[last_itm] the first spacer, then the options,
 * each followed by a spacer.  A spacer's itm is -(j+1) for option j (0 for
 * the first); its up field is the first node of the option before it, its
 * down field the last node of the option after it.  A node's color is 0
 * (none), > 0, or -1 once a purify has found it already right.
 * cl[0] is the root of the doubly linked list of active primary items.
 */
typedef struct {
    int32_t up, down, itm, color;
} mnode;

typedef struct {
    int32_t prev, next, bound, slack;
} mitem;

typedef struct mbits mbits;
static void bits_free(mbits *b);
static int bits_new(dlxc_mcc *s, const int32_t *opt_start, const int32_t *opt_items,
                    const int32_t *opt_colors, const int32_t *bounds);

enum { MS_NEW, MS_FORWARD, MS_DONE, MS_ERROR };

#define INFTY INT32_MAX

struct dlxc_mcc {
    mnode *nd;
    mitem *cl;
    int32_t *choice, *first_tweak, *scor, *opt_id;
    int32_t n_items, n_primary, n_options, second, last_itm, max_levels;
    int state;
    int32_t level, max_level, split_depth, floor;
    uint64_t solutions, nodes, updates, cleansings, commits;
    double last_progress;
    int links; /* DLX3's statistics asked for (dlxc_mcc_use_links) */
    mbits *b;  /* the bitset mode (section 5), or NULL: the links walk */
};

#define LEN(c) nd[c].itm

void dlxc_mcc_free(dlxc_mcc *s)
{
    if (!s) return;
    free(s->nd);
    free(s->cl);
    free(s->choice);
    free(s->first_tweak);
    free(s->scor);
    free(s->opt_id);
    bits_free(s->b);
    free(s);
}

/* ==== 3. Inputting the options =========================================== */
int dlxc_mcc_new(dlxc_mcc **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                 const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                 const int32_t *opt_ids, const int32_t *bounds)
{
    dlxc_mcc *s;
    int64_t total, n_nodes, levels, k;
    int32_t *seen = NULL;
    int32_t i, j, p, last;
    mnode *nd;

    if (!out) return DLXC_EINVAL;
    *out = NULL;
    if (n_primary < 0 || n_items < n_primary || n_options < 0 || !opt_start) return DLXC_EINVAL;
    if (n_options > 0 && (!opt_items || !opt_colors)) return DLXC_EINVAL;
    if (opt_start[0] != 0) return DLXC_EINVAL;
    for (j = 0; j < n_options; j++)
        if (opt_start[j + 1] <= opt_start[j]) return DLXC_EINVAL;
    if (bounds)
        for (i = 0; i < n_primary; i++)
            if (bounds[2 * i] < 0 || bounds[2 * i + 1] < 1 || bounds[2 * i] > bounds[2 * i + 1])
                return DLXC_EINVAL;
    total = opt_start[n_options];
    n_nodes = (int64_t)n_items + 2 + total + n_options;
    /* each level takes an option or makes an item inactive */
    levels = (int64_t)n_options + n_primary + 2;
    if (n_nodes >= INT32_MAX || levels >= INT32_MAX) return DLXC_ETOOBIG;

    s = calloc(1, sizeof *s);
    if (!s) return DLXC_ENOMEM;
    seen = calloc((size_t)n_items + 1, sizeof *seen);
    s->nd = calloc((size_t)n_nodes, sizeof *s->nd);
    s->cl = calloc((size_t)n_items + 2, sizeof *s->cl);
    s->choice = calloc((size_t)levels, sizeof *s->choice);
    s->first_tweak = calloc((size_t)levels, sizeof *s->first_tweak);
    s->scor = calloc((size_t)levels, sizeof *s->scor);
    s->opt_id = malloc(((size_t)n_options + 1) * sizeof *s->opt_id);
    if (!seen || !s->nd || !s->cl || !s->choice || !s->first_tweak || !s->scor || !s->opt_id) {
        free(seen);
        dlxc_mcc_free(s);
        return DLXC_ENOMEM;
    }
    nd = s->nd;
    last = s->last_itm = n_items + 1;
    s->second = n_primary + 1;
    s->n_items = n_items;
    s->n_primary = n_primary;
    s->n_options = n_options;
    s->max_levels = (int32_t)levels;
    for (i = 1; i < last; i++) {
        nd[i].up = nd[i].down = i;
        s->cl[i].bound = 1;
        s->cl[i].prev = s->cl[i].next = i;
    }
    for (i = 1; i < s->second; i++) {
        s->cl[i].prev = i - 1;
        s->cl[i - 1].next = i;
        if (bounds) {
            s->cl[i].bound = bounds[2 * i - 1];
            s->cl[i].slack = bounds[2 * i - 1] - bounds[2 * i - 2];
        }
    }
    s->cl[s->second - 1].next = 0;
    s->cl[0].prev = s->second - 1;
    p = last;
    nd[p].itm = 0;
    for (j = 0; j < n_options; j++) {
        int has_primary = 0;
        int32_t first = p + 1;
        for (k = opt_start[j]; k < opt_start[j + 1]; k++) {
            int32_t it = opt_items[k], col = opt_colors[k], c, q;
            if (it < 0 || it >= n_items || col < 0) goto invalid;
            if (seen[it] == j + 1) goto invalid; /* an item twice */
            seen[it] = j + 1;
            if (it < n_primary) {
                if (col) goto invalid; /* a colored primary */
                has_primary = 1;
            }
            c = it + 1;
            p++;
            nd[p].itm = c;
            nd[p].color = col;
            LEN(c)++;
            q = nd[c].up;
            nd[q].down = p;
            nd[p].up = q;
            nd[p].down = c;
            nd[c].up = p;
        }
        if (!has_primary) goto invalid;
        nd[first - 1].down = p;
        p++;
        nd[p].itm = -j - 1;
        nd[p].up = first;
        s->opt_id[j] = opt_ids ? opt_ids[j] : j;
    }
    free(seen);
    if (bits_new(s, opt_start, opt_items, opt_colors, bounds) != DLXC_DONE) {
        dlxc_mcc_free(s);
        return DLXC_ENOMEM;
    }
    s->state = MS_NEW;
    *out = s;
    return DLXC_DONE;
invalid:
    free(seen);
    dlxc_mcc_free(s);
    return DLXC_EINVAL;
}

/* ==== 4. The dancing =====================================================
 *
 * cover(c): hide every option of c's list from the other lists (and, with
 * deact, take c out of the active list); uncover undoes it.  purify(p):
 * hide the options of p's secondary item that give it another color than
 * p's, and mark those that give it p's color (-1) so that they are left
 * alone.  tweak(n, block): take option n, the top of its item's list, out
 * of that list, and with block out of every other list too.
 */
typedef struct {
    mnode *nd;
    mitem *cl;
    int32_t last_itm, second;
    int skip; /* choose passes over empty items that need nothing (not DLX3's) */
    uint64_t updates, cleansings;
} dance;

static void cover(dance *d, int32_t c, int deact)
{
    mnode *const nd = d->nd;
    const int32_t last = d->last_itm;
    int32_t rr, nn;
    if (deact) {
        int32_t l = d->cl[c].prev, r = d->cl[c].next;
        d->cl[l].next = r;
        d->cl[r].prev = l;
    }
    d->updates++;
    for (rr = nd[c].down; rr >= last; rr = nd[rr].down)
        for (nn = rr + 1; nn != rr;) {
            if (nd[nn].color >= 0) {
                int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
                if (cc <= 0) {
                    nn = uu;
                    continue;
                }
                nd[uu].down = dd;
                nd[dd].up = uu;
                d->updates++;
                LEN(cc)--;
            }
            nn++;
        }
}

static void uncover(dance *d, int32_t c, int react)
{
    mnode *const nd = d->nd;
    const int32_t last = d->last_itm;
    int32_t rr, nn;
    for (rr = nd[c].down; rr >= last; rr = nd[rr].down)
        for (nn = rr + 1; nn != rr;) {
            if (nd[nn].color >= 0) {
                int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
                if (cc <= 0) {
                    nn = uu;
                    continue;
                }
                nd[uu].down = nn;
                nd[dd].up = nn;
                LEN(cc)++;
            }
            nn++;
        }
    if (react) {
        int32_t l = d->cl[c].prev, r = d->cl[c].next;
        d->cl[l].next = c;
        d->cl[r].prev = c;
    }
}

static void purify(dance *d, int32_t p)
{
    mnode *const nd = d->nd;
    const int32_t last = d->last_itm;
    int32_t c = nd[p].itm, x = nd[p].color, rr, nn;
    d->cleansings++;
    for (rr = nd[c].down; rr >= last; rr = nd[rr].down) {
        if (nd[rr].color != x) {
            for (nn = rr + 1; nn != rr;) {
                int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
                if (cc <= 0) {
                    nn = uu;
                    continue;
                }
                if (nd[nn].color >= 0) {
                    nd[uu].down = dd;
                    nd[dd].up = uu;
                    d->updates++;
                    LEN(cc)--;
                }
                nn++;
            }
        } else if (rr != p) {
            d->cleansings++;
            nd[rr].color = -1;
        }
    }
}

static void unpurify(dance *d, int32_t p)
{
    mnode *const nd = d->nd;
    const int32_t last = d->last_itm;
    int32_t c = nd[p].itm, x = nd[p].color, rr, nn;
    for (rr = nd[c].up; rr >= last; rr = nd[rr].up) {
        if (nd[rr].color < 0) nd[rr].color = x;
        else if (rr != p) {
            for (nn = rr - 1; nn != rr;) {
                int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
                if (cc <= 0) {
                    nn = dd;
                    continue;
                }
                if (nd[nn].color >= 0) {
                    nd[uu].down = nn;
                    nd[dd].up = nn;
                    LEN(cc)++;
                }
                nn--;
            }
        }
    }
}

static void tweak(dance *d, int32_t n, int32_t block)
{
    mnode *const nd = d->nd;
    int32_t nn = block ? n + 1 : n;
    for (;;) {
        if (nd[nn].color >= 0) {
            int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
            if (cc <= 0) {
                nn = uu;
                continue;
            }
            nd[uu].down = dd;
            nd[dd].up = uu;
            d->updates++;
            LEN(cc)--;
        }
        if (nn == n) break;
        nn++;
    }
}

static void untweak(dance *d, int32_t c, int32_t x, int32_t unblock)
{
    mnode *const nd = d->nd;
    int32_t z = nd[c].down, rr, qq, k = 0, nn;
    nd[c].down = x;
    for (rr = x, qq = c; rr != z; qq = rr, rr = nd[rr].down) {
        nd[rr].up = qq;
        k++;
        if (unblock)
            for (nn = rr + 1; nn != rr;) {
                if (nd[nn].color >= 0) {
                    int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
                    if (cc <= 0) {
                        nn = uu;
                        continue;
                    }
                    nd[uu].down = nn;
                    nd[dd].up = nn;
                    LEN(cc)++;
                }
                nn++;
            }
    }
    nd[rr].up = qq;
    LEN(c) += k;
    if (!unblock) uncover(d, c, 0);
}

/* Cover, partly cover (one less in its bound) or purify the other items of
 * cur's option, left to right; uncommit_others undoes it right to left. */
static void commit_others(dance *d, int32_t cur)
{
    mnode *const nd = d->nd;
    int32_t pp;
    for (pp = cur + 1; pp != cur;) {
        int32_t cc = nd[pp].itm;
        if (cc <= 0) {
            pp = nd[pp].up;
            continue;
        }
        if (cc < d->second) {
            if (--d->cl[cc].bound == 0) cover(d, cc, 1);
        } else if (nd[pp].color == 0) cover(d, cc, 1);
        else if (nd[pp].color > 0) purify(d, pp);
        pp++;
    }
}

static void uncommit_others(dance *d, int32_t cur)
{
    mnode *const nd = d->nd;
    int32_t pp;
    for (pp = cur - 1; pp != cur;) {
        int32_t cc = nd[pp].itm;
        if (cc <= 0) {
            pp = nd[pp].down;
            continue;
        }
        if (cc < d->second) {
            if (d->cl[cc].bound == 0) uncover(d, cc, 1);
            d->cl[cc].bound++;
        } else if (nd[pp].color == 0) uncover(d, cc, 1);
        else if (nd[pp].color > 0) unpurify(d, pp);
        pp--;
    }
}

/* M3: the active primary item of least branching degree (see the Intro);
 * *score = INFTY when none is active.  With d->skip (the mcc engine, not
 * DLX3's statistics) an item with no option left and a bound within its
 * slack is passed over: DLX3 would branch on it with the null move as its
 * one branch, a level that changes nothing below it, so the tree is
 * DLX3's without those levels: the same solutions in the same order, as
 * many nodes fewer as there were such levels. */
static int32_t choose(const dance *d, int32_t *score)
{
    const mnode *const nd = d->nd;
    const mitem *const cl = d->cl;
    int32_t k, best = 0, best_s = 0, best_l = 0, sc = INFTY;
    for (k = cl[0].next; k != 0; k = cl[k].next) {
        int32_t b = cl[k].bound, s = cl[k].slack, ln = LEN(k), t;
        if (d->skip && ln == 0 && s >= b) continue;
        if (s > b) s = b;
        t = ln + s - b + 1;
        if (t <= sc && (t < sc || s < best_s || (s == best_s && ln > best_l))) {
            sc = t;
            best = k;
            best_s = s;
            best_l = ln;
        }
    }
    *score = sc;
    return best;
}

/* M4: take one from best's bound, cover it when no choice is left after
 * this one, and return the first node to try. */
static int32_t start_level(dlxc_mcc *s, dance *d, int32_t level, int32_t best)
{
    mitem *const c = &d->cl[best];
    int32_t cur = s->choice[level] = d->nd[best].down;
    c->bound--;
    s->first_tweak[level] = 0;
    if (c->bound == 0 && c->slack == 0) cover(d, best, 1);
    else {
        s->first_tweak[level] = cur;
        if (c->bound == 0) cover(d, best, 1);
    }
    return cur;
}

/* M5: whether node cur (the null move when cur == best) may be tried;
 * tweaks it, or makes best inactive for the null move, when it may. */
static int try_node(dance *d, int32_t best, int32_t cur)
{
    mitem *const c = &d->cl[best];
    if (c->bound == 0 && c->slack == 0) return cur != best;
    if (d->nd[best].itm <= c->bound - c->slack) return 0;
    if (cur != best) tweak(d, cur, c->bound);
    else if (c->bound != 0) {
        d->cl[c->prev].next = c->next;
        d->cl[c->next].prev = c->prev;
    }
    return 1;
}

/* M8: undo what start_level and the tweaks did to best. */
static void restore(dlxc_mcc *s, dance *d, int32_t best, int32_t level)
{
    mitem *const c = &d->cl[best];
    if (c->bound == 0 && c->slack == 0) uncover(d, best, 1);
    else untweak(d, best, s->first_tweak[level], c->bound);
    c->bound++;
}

/* The option of node p */
static int32_t option_of(const mnode *nd, int32_t p)
{
    while (nd[p].itm > 0) p++;
    return -nd[p].itm - 1;
}

/* ==== 5. The bitset mode =================================================
 *
 * The same tree walked over bitsets, as csrc/xcc/bits.c walks DLX2's: the
 * options are numbered 0 .. n-1 in input order, and a level's state is L,
 * the set of live options (those still in the lists), and U, the set of
 * active primary items, each copied from one level to the next; the
 * bounds change in place and are given back on the way up.  An option
 * leaves the lists exactly when the links walk unlinks it, so |L & M_p|
 * (M_p: the options of p) is the length of p's list, and the choice of
 * item, the order of the tries (the lowest untried option of the item's
 * list R first, which is the list's order), the tweaks (an option tried
 * with the bound still above 0 leaves L for the rest of the level), the
 * null moves and the dead ends are the links walk's: the same nodes, the
 * same solutions in the same order, the same split paths.  A commit is
 * nw ANDs of the option's kill row K_o (o itself, and for each secondary
 * item the options it clashes with there: all of the item's if o leaves
 * it uncolored, those of another color or none if o colors it) and the
 * lists of the primary items whose bound reaches 0.
 *
 * Only the statistics differ: there is nothing to count in DLX3's way, so
 * this mode's updates are the options committed (the links walk counts
 * them too, for the same figures in both; dlxc_mcc_use_links asks for
 * DLX3's instead, and turns this mode off).
 *
 * Why: the links walk spends its time unlinking and relinking nodes one
 * by one and walking lists; here a commit removes up to 64 options in one
 * AND and the degree of an item is a popcount per word.  The mode is
 * taken when its rows and level copies fit in BITS_MAX_WORDS and the
 * options fit in BITS_MAX_OPTION_WORDS words: past that a choice that
 * scans every active item's words costs more than DLX3's, which reads one
 * length per item.
 */
#define BITS_MAX_WORDS (INT64_C(1) << 22)
#define BITS_MAX_OPTION_WORDS 64

enum { BM_PLAIN, BM_BLOCK, BM_NONBLOCK };

/* The figures of the subtree below a level entry where one primary item
 * is left, with ln options, bound b and slack sl (see leaf_figures) */
typedef struct {
    uint64_t nodes, solutions, commits;
    int32_t depth, known;
} mleaf;

/* choose's keys: (degree - len + KEY_OFF) << 40 | s << 20 | 0xFFFFF, to
 * which the length adds len << 40 - len; the bitset mode is taken only
 * for bounds below KEY_MAX_BOUND, where every field stays in its bits */
#define KEY_OFF (1 << 20)
#define KEY_MAX_BOUND (1 << 19)

#define LEAF_SLACKS 8
#define LEAF_MAX_ENTRIES (INT64_C(1) << 18)
#define LEAF_CEILING (UINT64_C(1) << 60)

struct mbits {
    int32_t nw, pw, np, levels;
    uint64_t *M;  /* M[p * nw ..]: the options of primary item p */
    uint64_t *K;  /* K[o * nw ..]: the options that committing o removes */
    int32_t *pst; /* option o's primary items: pit[pst[o] .. pst[o + 1] - 1] */
    int32_t *pit;
    int32_t *bound; /* of primary item p (from 0): how many more times */
    uint64_t *kb;   /* kb[p]: p's key for choose, but for its length (set_key) */
    int32_t *slack;
    uint64_t *L, *U, *R; /* per level: live options, active items, untried options of best */
    int32_t *best, *len, *kth, *mode;
    int32_t (*choose)(mbits *, int32_t, int32_t *, int32_t *, int32_t *);
    uint64_t *S;              /* the options with a secondary item (NULL: none has one) */
    int32_t maxv;             /* the largest v */
    int32_t leaf_off;         /* 1 once a subtree's figures passed LEAF_CEILING */
    mleaf *leaf[LEAF_SLACKS]; /* leaf[sl][ln * (maxv + 1) + b], made when first asked */
};

/* kb[p] from p's bound and slack: called whenever the bound changes */
static inline void set_key(mbits *b, int32_t p)
{
    int32_t bd = b->bound[p], s = b->slack[p] < bd ? b->slack[p] : bd;
    b->kb[p] = ((uint64_t)(s - bd + 1 + KEY_OFF) << 40) | ((uint64_t)s << 20) | 0xFFFFF;
}

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define MCC_X86 1
#else
#define MCC_X86 0
#endif

#define HOT plain
#define HOT_ATTR
#define POPCOUNT(x) ((uint64_t)__builtin_popcountll(x))
#include "mcc_hot.h"
#undef HOT
#undef HOT_ATTR

#if MCC_X86
#define HOT popcnt
#define HOT_ATTR __attribute__((target("popcnt")))
#include "mcc_hot.h"
#undef HOT
#undef HOT_ATTR
#endif
#undef POPCOUNT

static void bits_free(mbits *b)
{
    int sl;
    if (!b) return;
    free(b->M);
    free(b->K);
    free(b->pst);
    free(b->pit);
    free(b->bound);
    free(b->slack);
    free(b->L);
    free(b->U);
    free(b->R);
    free(b->best);
    free(b->len);
    free(b->kth);
    free(b->mode);
    free(b->S);
    free(b->kb);
    for (sl = 0; sl < LEAF_SLACKS; sl++) free(b->leaf[sl]);
    free(b);
}

/* Set up the bitset mode on s (s->b), or leave s->b NULL when the problem
 * is too big for it; DLXC_ENOMEM when memory runs out.  The arrays were
 * checked by dlxc_mcc_new. */
static int bits_new(dlxc_mcc *s, const int32_t *opt_start, const int32_t *opt_items,
                    const int32_t *opt_colors, const int32_t *bounds)
{
    mbits *b;
    int64_t nw = ((int64_t)s->n_options + 63) / 64, pw = ((int64_t)s->n_primary + 63) / 64;
    int64_t levels = (int64_t)s->n_primary + 2, words, k;
    int32_t i, j, x;
    if (nw == 0) nw = 1;
    if (pw == 0) pw = 1;
    /* a level takes an option, each of which covers a primary item, or
     * makes an item inactive: at most n_primary + the sum of the v's */
    for (i = 0; i < s->n_primary; i++) levels += bounds ? bounds[2 * i + 1] : 1;
    if (levels > s->max_levels) levels = s->max_levels;
    words = ((int64_t)s->n_options + s->n_primary) * nw + levels * (2 * nw + pw);
    if (nw > BITS_MAX_OPTION_WORDS || words > BITS_MAX_WORDS) return DLXC_DONE;
    for (i = 0; i < s->n_primary; i++)
        if (bounds && bounds[2 * i + 1] >= KEY_MAX_BOUND) return DLXC_DONE;
    b = calloc(1, sizeof *b);
    if (!b) return DLXC_ENOMEM;
    s->b = b;
    b->nw = (int32_t)nw;
    b->pw = (int32_t)pw;
    b->np = s->n_primary;
    b->levels = (int32_t)levels;
    b->M = calloc((size_t)(s->n_primary * nw) + 1, sizeof *b->M);
    b->K = calloc((size_t)(s->n_options * nw) + 1, sizeof *b->K);
    b->pst = calloc((size_t)s->n_options + 1, sizeof *b->pst);
    b->pit = malloc(((size_t)opt_start[s->n_options] + 1) * sizeof *b->pit);
    b->bound = malloc(((size_t)s->n_primary + 1) * sizeof *b->bound);
    b->slack = malloc(((size_t)s->n_primary + 1) * sizeof *b->slack);
    b->kb = malloc(((size_t)s->n_primary + 1) * sizeof *b->kb);
    b->L = calloc((size_t)(levels * nw), sizeof *b->L);
    b->U = calloc((size_t)(levels * pw), sizeof *b->U);
    b->R = calloc((size_t)(levels * nw), sizeof *b->R);
    b->best = calloc((size_t)levels, sizeof *b->best);
    b->len = calloc((size_t)levels, sizeof *b->len);
    b->kth = calloc((size_t)levels, sizeof *b->kth);
    b->mode = calloc((size_t)levels, sizeof *b->mode);
    if (!b->M || !b->K || !b->pst || !b->pit || !b->bound || !b->slack || !b->kb || !b->L ||
        !b->U || !b->R || !b->best || !b->len || !b->kth || !b->mode)
        return DLXC_ENOMEM;
    if (s->n_items > s->n_primary) {
        b->S = calloc((size_t)nw, sizeof *b->S);
        if (!b->S) return DLXC_ENOMEM;
    }
    for (i = 0; i < s->n_primary; i++) {
        b->bound[i] = bounds ? bounds[2 * i + 1] : 1;
        if (b->bound[i] > b->maxv) b->maxv = b->bound[i];
        b->slack[i] = bounds ? bounds[2 * i + 1] - bounds[2 * i] : 0;
        set_key(b, i);
        b->U[i >> 6] |= UINT64_C(1) << (i & 63);
    }
    /* M_p, the primary items of each option, and o itself in K_o */
    for (j = 0, x = 0; j < s->n_options; j++) {
        b->pst[j] = x;
        b->K[j * nw + (j >> 6)] |= UINT64_C(1) << (j & 63);
        b->L[j >> 6] |= UINT64_C(1) << (j & 63);
        for (k = opt_start[j]; k < opt_start[j + 1]; k++)
            if (opt_items[k] < s->n_primary) {
                b->M[opt_items[k] * nw + (j >> 6)] |= UINT64_C(1) << (j & 63);
                b->pit[x++] = opt_items[k];
            } else b->S[j >> 6] |= UINT64_C(1) << (j & 63);
    }
    b->pst[s->n_options] = x;
    /* K_o's secondary part: for each secondary node of o, every option
     * with the same item but not the same nonzero color (o's own color 0
     * clashes with all of them) */
    for (j = 0; j < s->n_options; j++)
        for (k = opt_start[j]; k < opt_start[j + 1]; k++) {
            int32_t it = opt_items[k], col = opt_colors[k], q;
            const mnode *nd = s->nd;
            if (it < s->n_primary) continue;
            for (q = nd[it + 1].down; q != it + 1; q = nd[q].down)
                if (!col || nd[q].color != col) {
                    int32_t o = option_of(nd, q);
                    b->K[j * nw + (o >> 6)] |= UINT64_C(1) << (o & 63);
                }
        }
    b->choose = bits_choose_plain;
#if MCC_X86
    if (__builtin_cpu_supports("popcnt")) b->choose = bits_choose_popcnt;
#endif
    return DLXC_DONE;
}

/* M4: take one from best's bound; its untried options R are its list */
static inline void bits_start(mbits *b, int32_t level, int32_t best, int32_t len)
{
    const int32_t nw = b->nw;
    uint64_t *a = b->L + (int64_t)level * nw, *r = b->R + (int64_t)level * nw;
    const uint64_t *m = b->M + (int64_t)best * nw;
    int32_t w;
    b->best[level] = best;
    b->len[level] = len;
    b->kth[level] = 0;
    for (w = 0; w < nw; w++) r[w] = a[w] & m[w];
    b->bound[best]--;
    set_key(b, best);
    if (b->bound[best] == 0) { /* covered: its options leave the others' lists */
        for (w = 0; w < nw; w++) a[w] &= ~m[w];
        b->U[(int64_t)level * b->pw + (best >> 6)] &= ~(UINT64_C(1) << (best & 63));
        b->mode[level] = b->slack[best] ? BM_NONBLOCK : BM_PLAIN;
    } else b->mode[level] = BM_BLOCK;
}

/* M5: the next move of the level: an option (tweaked), -1 for the null
 * move, -2 when the level is over */
static inline int32_t bits_next(mbits *b, int32_t level)
{
    const int32_t nw = b->nw, best = b->best[level];
    uint64_t *r = b->R + (int64_t)level * nw;
    int32_t w, o;
    if (b->mode[level] != BM_PLAIN && b->len[level] <= b->bound[best] - b->slack[best]) return -2;
    for (w = 0; w < nw && !r[w]; w++) continue;
    if (w == nw) {
        if (b->mode[level] == BM_PLAIN) return -2;
        b->kth[level]++;
        return -1;
    }
    o = w * 64 + __builtin_ctzll(r[w]);
    r[w] &= r[w] - 1;
    b->len[level]--;
    b->kth[level]++;
    if (b->mode[level] == BM_BLOCK) b->L[(int64_t)level * nw + w] &= ~(UINT64_C(1) << (o & 63));
    return o;
}

/* commit option o (or the null move, o = -1) from level to level + 1 */
static inline void bits_commit(mbits *b, int32_t level, int32_t o)
{
    const int32_t nw = b->nw, pw = b->pw, best = b->best[level];
    const uint64_t *a0 = b->L + (int64_t)level * nw, *k;
    uint64_t *a1 = b->L + (int64_t)(level + 1) * nw, *u1 = b->U + (int64_t)(level + 1) * pw;
    int32_t w, e;
    for (w = 0; w < pw; w++) u1[w] = b->U[(int64_t)level * pw + w];
    if (o < 0) { /* the null move: best leaves the active items */
        for (w = 0; w < nw; w++) a1[w] = a0[w];
        u1[best >> 6] &= ~(UINT64_C(1) << (best & 63));
        return;
    }
    k = b->K + (int64_t)o * nw;
    for (w = 0; w < nw; w++) a1[w] = a0[w] & ~k[w];
    for (e = b->pst[o]; e < b->pst[o + 1]; e++) {
        int32_t p = b->pit[e];
        if (p == best) continue;
        b->bound[p]--;
        set_key(b, p);
        if (b->bound[p] == 0) {
            const uint64_t *m = b->M + (int64_t)p * nw;
            for (w = 0; w < nw; w++) a1[w] &= ~m[w];
            u1[p >> 6] &= ~(UINT64_C(1) << (p & 63));
        }
    }
}

static inline void bits_uncommit(mbits *b, int32_t level, int32_t o)
{
    int32_t e, best = b->best[level];
    for (e = b->pst[o]; e < b->pst[o + 1]; e++)
        if (b->pit[e] != best) {
            b->bound[b->pit[e]]++;
            set_key(b, b->pit[e]);
        }
}

/* The last item: where p is the only active primary item left, every
 * live option holds p and no other active item, so when none of them has
 * a secondary item the subtree below the level entry depends only on p's
 * list length ln, bound b and slack sl, and its figures (level entries,
 * solutions, commits, depth below the entry) follow from the rules of
 * bits_start and bits_next without walking it: a solution when ln = 0 and
 * b <= sl (choose passes over the item); a dead end when
 * ln + min(sl, b) - b + 1 <= 0; else with b - 1 = 0 a solution for each
 * option, and one more for the null move when sl > 0; else, while more
 * than b - 1 - sl options are left, the next one taken (its subtree has
 * the options after it, with bound b - 1), and the null move (a solution)
 * when the list ran out.  A count without a listing takes these figures
 * at once, as bits.c takes its last level's popcount: the same tree, the
 * same statistics, every node counted.  The figures are kept per (sl, ln,
 * b) in tables of LEAF_MAX_ENTRIES at most (sl below LEAF_SLACKS), and
 * the shortcut stops for good once a figure passes LEAF_CEILING. */
static const mleaf *leaf_figures(mbits *b, int32_t ln, int32_t bd, int32_t sl)
{
    int64_t cols = (int64_t)b->maxv + 1, at = (int64_t)ln * cols + bd, r;
    mleaf *t, *e;
    if (sl >= LEAF_SLACKS || ln >= b->nw * 64 + 1 || bd > b->maxv) return NULL;
    if (!b->leaf[sl]) {
        if ((int64_t)(b->nw * 64 + 1) * cols > LEAF_MAX_ENTRIES) return NULL;
        b->leaf[sl] = calloc((size_t)((b->nw * 64 + 1) * cols), sizeof *b->leaf[sl]);
        if (!b->leaf[sl]) return NULL;
    }
    t = b->leaf[sl];
    e = &t[at];
    if (e->known) return e;
    {
        int32_t s = sl < bd ? sl : bd, bb = bd - 1;
        uint64_t nodes = 1, sols = 0, commits = 0;
        int32_t depth = 0;
        if (ln == 0 && sl >= bd) sols = 1; /* passed over (choose): a solution */
        else if (ln + s - bd + 1 > 0) {
            if (bb == 0) {
                sols = (uint64_t)ln + (sl > 0);
                nodes += sols;
                commits = (uint64_t)ln;
                depth = 1;
            } else
                for (r = ln;; r--) {
                    const mleaf *c;
                    if (r <= bb - sl) break;
                    if (r == 0) { /* the null move: no active item below */
                        nodes++;
                        sols++;
                        if (depth < 1) depth = 1;
                        break;
                    }
                    c = leaf_figures(b, (int32_t)r - 1, bb, sl);
                    if (!c) return NULL;
                    nodes += c->nodes;
                    sols += c->solutions;
                    commits += c->commits + 1;
                    if (depth < c->depth + 1) depth = c->depth + 1;
                    if (nodes > LEAF_CEILING || commits > LEAF_CEILING) return NULL;
                }
        }
        e = &b->leaf[sl][at];
        e->nodes = nodes;
        e->solutions = sols;
        e->commits = commits;
        e->depth = depth;
        e->known = 1;
    }
    return e;
}

/* the figures of level's subtree when p is the last active item and the
 * shortcut applies (see leaf_figures), or NULL */
static const mleaf *last_item(mbits *b, int32_t level, int32_t p, int32_t ln)
{
    const mleaf *e;
    if (b->leaf_off) return NULL;
    if (b->S) {
        const uint64_t *a = b->L + (int64_t)level * b->nw, *m = b->M + (int64_t)p * b->nw;
        int32_t w;
        for (w = 0; w < b->nw; w++)
            if (a[w] & m[w] & b->S[w]) return NULL;
    }
    e = leaf_figures(b, ln, b->bound[p], b->slack[p]);
    if (!e) b->leaf_off = 1;
    return e;
}

/* ==== 6. The resumable search ============================================ */

/* Write the choices of levels 0..level-1 to buf: a solution (k, then the
 * options) or, with path, a split path (-level, then an option id or -1
 * for a null move per level).  0 when the buffer or the room is full. */
static int record(const dlxc_mcc *s, int32_t level, int path, int32_t *buf, int64_t buf_len,
                  int64_t *used, int64_t *room)
{
    int32_t l, k = 0;
    if (!buf) return 1;
    if (*room == 0 || *used + level + 1 > buf_len) return 0;
    (*room)--;
    for (l = 0; l < level; l++) {
        int32_t p = s->choice[l];
        if (p > s->last_itm) buf[*used + 1 + k++] = s->opt_id[option_of(s->nd, p)];
        else if (path) buf[*used + 1 + k++] = -1;
    }
    buf[*used] = path ? -k : k;
    *used += k + 1;
    return 1;
}

#define COUNTER_CEILING (UINT64_C(1) << 62)

/* The bitset mode's solution or split path, as record() writes them */
static int bits_record(const dlxc_mcc *s, int32_t level, int path, int32_t *buf, int64_t buf_len,
                       int64_t *used, int64_t *room)
{
    int32_t l, k = 0;
    if (!buf) return 1;
    if (*room == 0 || *used + level + 1 > buf_len) return 0;
    (*room)--;
    for (l = 0; l < level; l++) {
        int32_t o = s->choice[l];
        if (o >= 0) buf[*used + 1 + k++] = s->opt_id[o];
        else if (path) buf[*used + 1 + k++] = -1;
    }
    buf[*used] = path ? -k : k;
    *used += k + 1;
    return 1;
}

/* dlxc_mcc_run in the bitset mode: the same places to stop (a level entry) */
static int bits_run(dlxc_mcc *s, uint64_t node_budget, int64_t max_solutions, int32_t *buf,
                    int64_t buf_len, int64_t *buf_used)
{
    mbits *const b = s->b;
    int32_t *const choice = s->choice;
    int32_t level, best, o, score, len, n_active;
    uint64_t nodes = s->nodes, solutions = s->solutions, commits = s->commits, limit;
    int64_t used = 0, room = max_solutions > 0 ? max_solutions : -1;
    int status;

    level = s->state == MS_NEW ? 0 : s->level;
    limit = node_budget > UINT64_MAX - nodes ? UINT64_MAX : nodes + node_budget;

forward: /* M2 */
    if (level == s->split_depth && level > 0) {
        if (!bits_record(s, level, 1, buf, buf_len, &used, &room)) {
            status = DLXC_BATCH;
            goto stop;
        }
        goto backdown;
    }
    if (nodes >= limit) {
        status = DLXC_BUDGET;
        goto stop;
    }
    best = b->choose(b, level, &score, &len, &n_active);
    if (n_active == 1 && !buf && score != INFTY) { /* the last item: counted at once */
        const mleaf *e = last_item(b, level, best, len);
        if (e && e->nodes <= limit - nodes) {
            nodes += e->nodes;
            solutions += e->solutions;
            commits += e->commits;
            if (level + e->depth > s->max_level) s->max_level = level + e->depth;
            goto backdown;
        }
    }
    if (score == INFTY) {
        if (!bits_record(s, level, 0, buf, buf_len, &used, &room)) {
            status = DLXC_BATCH;
            goto stop;
        }
        nodes++;
        solutions++;
        if (level > s->max_level) s->max_level = level;
        goto backdown;
    }
    nodes++;
    if (level > s->max_level) s->max_level = level;
    if (score <= 0) goto backdown;
    s->scor[level] = score;
    bits_start(b, level, best, len);

advance: /* M5 */
    o = bits_next(b, level);
    if (o == -2) goto backup;
    choice[level] = o;
    bits_commit(b, level, o);
    if (o >= 0) commits++;
    level++;
    goto forward;

backup: /* M8 */
    b->bound[b->best[level]]++;
    set_key(b, b->best[level]);

backdown: /* M9 */
    if (level == s->floor) {
        s->state = MS_DONE;
        status = DLXC_DONE;
        goto out;
    }
    level--;
    o = choice[level];
    if (o < 0) goto backup; /* the null move was the level's last */
    bits_uncommit(b, level, o);
    goto advance;

stop:
    s->state = MS_FORWARD;
out:
    s->level = level;
    s->nodes = nodes;
    s->solutions = solutions;
    s->commits = commits;
    if (buf_used) *buf_used = used;
    if (nodes >= COUNTER_CEILING || commits >= COUNTER_CEILING) {
        s->state = MS_ERROR;
        return DLXC_EOVERFLOW;
    }
    return status;
}

/* dlxc_mcc_replay in the bitset mode */
static int bits_replay(dlxc_mcc *s, const int32_t *path, int32_t len)
{
    mbits *const b = s->b;
    int32_t level;
    if (len >= b->levels) goto bad;
    for (level = 0; level < len; level++) {
        int32_t score, n, act, best = b->choose(b, level, &score, &n, &act), o;
        if (score <= 0 || score == INFTY) goto bad;
        s->scor[level] = score;
        bits_start(b, level, best, n);
        for (;;) {
            o = bits_next(b, level);
            if (o == -2) goto bad;
            if (o < 0 ? path[level] == -1 : s->opt_id[o] == path[level]) break;
        }
        s->choice[level] = o;
        bits_commit(b, level, o);
    }
    s->level = s->floor = len;
    s->solutions = s->nodes = s->updates = s->cleansings = s->commits = 0;
    s->max_level = 0;
    s->state = MS_FORWARD;
    return DLXC_DONE;
bad:
    s->state = MS_ERROR;
    return DLXC_EINVAL;
}

void dlxc_mcc_get_stats(const dlxc_mcc *s, dlxc_stats *out)
{
    out->solutions = s->solutions;
    out->nodes = s->nodes;
    out->updates = s->links ? s->updates : s->commits;
    out->cleansings = s->links ? s->cleansings : 0;
    out->level = s->level;
    out->max_level = s->max_level;
    out->done = s->state == MS_DONE;
}

int32_t dlxc_mcc_max_levels(const dlxc_mcc *s) { return s->max_levels; }

int dlxc_mcc_set_split(dlxc_mcc *s, int32_t depth)
{
    if (!s || s->state != MS_NEW || depth < 0) return DLXC_EINVAL;
    s->split_depth = depth;
    return DLXC_DONE;
}

static void dance_of(dlxc_mcc *s, dance *d)
{
    d->nd = s->nd;
    d->cl = s->cl;
    d->last_itm = s->last_itm;
    d->second = s->second;
    d->skip = !s->links;
    d->updates = s->updates;
    d->cleansings = s->cleansings;
}

int dlxc_mcc_replay(dlxc_mcc *s, const int32_t *path, int32_t len)
{
    dance d;
    int32_t level;
    if (!s || s->state != MS_NEW || s->split_depth || len < 0 || (len && !path) ||
        len >= s->max_levels)
        return DLXC_EINVAL;
    if (s->b) return bits_replay(s, path, len);
    dance_of(s, &d);
    for (level = 0; level < len; level++) {
        int32_t score, best = choose(&d, &score), cur;
        if (score <= 0 || score == INFTY) goto bad;
        s->scor[level] = score;
        cur = start_level(s, &d, level, best);
        for (;;) {
            int found;
            if (!try_node(&d, best, cur)) goto bad;
            if (cur == best) found = path[level] == -1;
            else found = s->opt_id[option_of(s->nd, cur)] == path[level];
            if (found) break;
            cur = s->choice[level] = s->nd[cur].down;
        }
        if (cur > s->last_itm) commit_others(&d, cur);
    }
    s->level = s->floor = len;
    s->solutions = s->nodes = s->updates = s->cleansings = s->commits = 0;
    s->max_level = 0;
    s->state = MS_FORWARD;
    return DLXC_DONE;
bad:
    s->state = MS_ERROR;
    return DLXC_EINVAL;
}

int dlxc_mcc_use_links(dlxc_mcc *s)
{
    if (!s || s->state != MS_NEW) return DLXC_EINVAL;
    bits_free(s->b);
    s->b = NULL;
    s->links = 1;
    return DLXC_DONE;
}

int dlxc_mcc_run(dlxc_mcc *s, uint64_t node_budget, int64_t max_solutions, int32_t *buf,
                 int64_t buf_len, int64_t *buf_used)
{
    dance d;
    mnode *nd;
    int32_t level, best = 0, cur = 0, score, *choice;
    const int32_t last = s ? s->last_itm : 0;
    uint64_t nodes, limit;
    int64_t used = 0, room = max_solutions > 0 ? max_solutions : -1;
    int status;

    if (buf_used) *buf_used = 0;
    if (!s) return DLXC_EINVAL;
    if (s->state == MS_ERROR) return DLXC_EINVAL;
    if (buf && buf_len < (int64_t)s->max_levels + 1) return DLXC_EBUFFER;
    if (s->split_depth && !buf) return DLXC_EINVAL;
    if (s->state == MS_DONE) return DLXC_DONE;
    if (s->b) return bits_run(s, node_budget, max_solutions, buf, buf_len, buf_used);

    dance_of(s, &d);
    nd = s->nd;
    choice = s->choice;
    nodes = s->nodes;
    level = s->state == MS_NEW ? 0 : s->level;
    limit = node_budget > UINT64_MAX - nodes ? UINT64_MAX : nodes + node_budget;

forward: /* M2: enter a level */
    if (level == s->split_depth && level > 0) {
        if (!record(s, level, 1, buf, buf_len, &used, &room)) {
            status = DLXC_BATCH;
            goto stop;
        }
        goto backdown;
    }
    if (nodes >= limit) {
        status = DLXC_BUDGET;
        goto stop;
    }
    best = choose(&d, &score);
    if (score == INFTY) { /* no active primary item: a solution */
        if (!record(s, level, 0, buf, buf_len, &used, &room)) {
            status = DLXC_BATCH;
            goto stop;
        }
        nodes++;
        s->solutions++;
        if (level > s->max_level) s->max_level = level;
        goto backdown;
    }
    nodes++;
    if (level > s->max_level) s->max_level = level;
    if (score <= 0) goto backdown; /* too few options left for best */
    s->scor[level] = score;
    cur = start_level(s, &d, level, best);

advance: /* M5: try cur */
    if (!try_node(&d, best, cur)) goto backup;
    if (cur > last) {
        commit_others(&d, cur);
        s->commits++;
    }
    level++;
    goto forward;

backup: /* M8 */
    restore(s, &d, best, level);

backdown: /* M9 */
    if (level == s->floor) {
        s->state = MS_DONE;
        status = DLXC_DONE;
        goto out;
    }
    level--;
    cur = choice[level];
    if (cur < last) { /* a null move: best becomes active again */
        best = cur;
        d.cl[d.cl[best].prev].next = best;
        d.cl[d.cl[best].next].prev = best;
        goto backup;
    }
    best = nd[cur].itm;
    uncommit_others(&d, cur);
    cur = choice[level] = nd[cur].down;
    goto advance;

stop:
    s->state = MS_FORWARD;
out:
    s->level = level;
    s->nodes = nodes;
    s->updates = d.updates;
    s->cleansings = d.cleansings;
    if (buf_used) *buf_used = used;
    if (nodes >= COUNTER_CEILING || d.updates >= COUNTER_CEILING) {
        s->state = MS_ERROR;
        return DLXC_EOVERFLOW;
    }
    return status;
}

/* Undo the choices of levels depth-1 .. 0, as backtracking would. */
static void unwind(dlxc_mcc *s, dance *d, int32_t depth)
{
    while (depth-- > 0) {
        int32_t cur = s->choice[depth], best;
        if (cur < s->last_itm) { /* a null move */
            best = cur;
            d->cl[d->cl[best].prev].next = best;
            d->cl[d->cl[best].next].prev = best;
        } else {
            best = s->nd[cur].itm;
            uncommit_others(d, cur);
            if (d->cl[best].bound == 0 && d->cl[best].slack != 0) {
                /* covered by start_level and made active again only by
                 * the null move, which the search would have come to */
                d->cl[d->cl[best].prev].next = best;
                d->cl[d->cl[best].next].prev = best;
            }
        }
        restore(s, d, best, depth);
    }
}

static uint64_t uniform_below(uint64_t *rng, uint64_t n)
{
    uint64_t r, t = (0 - n) % n; /* 2^64 mod n: reject below it */
    do r = splitmix64(rng);
    while (r < t);
    return r % n;
}

/* One of Knuth's random probes (fresh solver): from the root, a branch
 * drawn uniformly at each level (the branching degree is exactly the
 * number of branches: the options tried and the null move), down to a
 * solution or a dead end; the estimates are the sums and the product of
 * the degrees.  Everything is undone, the statistics too. */
int dlxc_mcc_probe(dlxc_mcc *s, uint64_t seed, double *nodes_est, double *solutions_est,
                   int32_t *depth)
{
    dance d;
    double prod = 1.0, est = 1.0, sols = 0.0;
    int32_t level = 0;
    uint64_t rng = seed;
    if (!s || s->state != MS_NEW) return DLXC_EINVAL;
    dance_of(s, &d);
    for (;;) {
        int32_t score, best = choose(&d, &score), cur;
        uint64_t r;
        if (score == INFTY) {
            sols = prod;
            break;
        }
        if (score <= 0) break;
        est += prod * score;
        prod *= score;
        r = uniform_below(&rng, (uint64_t)score);
        s->scor[level] = score;
        cur = start_level(s, &d, level, best);
        for (;; r--) {
            if (!try_node(&d, best, cur)) { /* not reached: the degree counts the branches */
                restore(s, &d, best, level);
                sols = 0.0;
                goto done;
            }
            if (!r) break;
            cur = s->choice[level] = s->nd[cur].down;
        }
        if (cur > s->last_itm) commit_others(&d, cur);
        level++;
    }
done:
    unwind(s, &d, level);
    *nodes_est = est;
    *solutions_est = sols;
    *depth = level;
    return DLXC_DONE;
}

/* Knuth's estimate of the fraction of the tree explored: choice k of d at
 * each level above the current one (d the branching degree), never going
 * back from one call to the next. */
double dlxc_mcc_progress(dlxc_mcc *s)
{
    const mnode *nd = s->nd;
    double f = 0.0, fd = 1.0;
    int32_t l;
    if (s->state == MS_DONE) return 1.0;
    if (s->state == MS_NEW) return 0.0;
    for (l = s->floor; s->b && l < s->level && fd < 1e300; l++) {
        int32_t k = s->b->kth[l], d = s->scor[l] > k ? s->scor[l] : k;
        fd *= d;
        f += (k - 1) / fd;
    }
    for (l = s->floor; !s->b && l < s->level && fd < 1e300; l++) {
        int32_t ch = s->choice[l], c = ch < s->last_itm ? ch : nd[ch].itm;
        int32_t p = s->first_tweak[l] ? s->first_tweak[l] : nd[c].down, k = 1, d;
        while (p != ch && k < (1 << 30)) {
            p = nd[p].down;
            k++;
        }
        d = s->scor[l] > k ? s->scor[l] : k;
        fd *= d;
        f += (k - 1) / fd;
    }
    f += 0.5 / fd;
    if (f > 1.0) f = 1.0;
    if (f < s->last_progress) f = s->last_progress;
    s->last_progress = f;
    return f;
}
