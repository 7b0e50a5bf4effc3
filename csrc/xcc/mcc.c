/* mcc.c -- exact cover with colors and multiplicities (MCC), after Knuth's DLX3.
 *
 * Contents: 1. Intro  2. Data structures  3. Inputting the options
 *           4. The dancing  5. The resumable search
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
 * The statistics are DLX3's: nodes = level entries (solutions and dead
 * ends included), updates = items covered plus nodes unlinked, cleansings
 * as DLX2's.  dlxc's figures equal those DLX3 prints for the same file.
 *
 * Historical notes: the search is written as a resumable state machine
 * (it stops only where a level is entered, so the state is the level and
 * the arrays), without mem counting; the length of an item's list lives
 * in its header node's itm field, as in DLX3, so that the removal loops
 * touch one cache line per node.
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

enum { MS_NEW, MS_FORWARD, MS_DONE, MS_ERROR };

#define INFTY INT32_MAX

struct dlxc_mcc {
    mnode *nd;
    mitem *cl;
    int32_t *choice, *first_tweak, *scor, *opt_id;
    int32_t n_items, n_primary, n_options, second, last_itm, max_levels;
    int state;
    int32_t level, max_level, split_depth, floor;
    uint64_t solutions, nodes, updates, cleansings;
    double last_progress;
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
 * *score = INFTY when none is active. */
static int32_t choose(const dance *d, int32_t *score)
{
    const mnode *const nd = d->nd;
    const mitem *const cl = d->cl;
    int32_t k, best = 0, best_s = 0, best_l = 0, sc = INFTY;
    for (k = cl[0].next; k != 0; k = cl[k].next) {
        int32_t b = cl[k].bound, s = cl[k].slack, ln = LEN(k), t;
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

/* ==== 5. The resumable search ============================================ */
static int32_t option_of(const mnode *nd, int32_t p)
{
    while (nd[p].itm > 0) p++;
    return -nd[p].itm - 1;
}

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

void dlxc_mcc_get_stats(const dlxc_mcc *s, dlxc_stats *out)
{
    out->solutions = s->solutions;
    out->nodes = s->nodes;
    out->updates = s->updates;
    out->cleansings = s->cleansings;
    out->level = s->level;
    out->max_level = s->max_level;
    out->done = s->state == MS_DONE;
}

int32_t dlxc_mcc_max_levels(const dlxc_mcc *s) { return s->max_levels; }

#define COUNTER_CEILING (UINT64_C(1) << 62)

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
    s->solutions = s->nodes = s->updates = s->cleansings = 0;
    s->max_level = 0;
    s->state = MS_FORWARD;
    return DLXC_DONE;
bad:
    s->state = MS_ERROR;
    return DLXC_EINVAL;
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
    if (cur > last) commit_others(&d, cur);
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
    for (l = s->floor; l < s->level && fd < 1e300; l++) {
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
