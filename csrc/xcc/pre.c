/* pre.c -- preprocessing of an XCC problem (see pre.h).
 *
 * The options are stored as DLX2 stores them: one node per entry, the
 * nodes of an option side by side between spacers, and each item's nodes
 * in a circular doubly linked list under a header node.  Header node k
 * (items 1..n) keeps the length of item k's list in its itm field (and,
 * while the options are read, its latest node in its color field, which
 * catches an item twice in one option).  A spacer has itm <= 0: the one after option
 * j holds -(j+1), its up field points to the option's first node and its
 * down field to the last node of the option after it.  An entry removed
 * from a kept option (its item was forced) becomes a spacer too, with up
 * pointing one node right and down one node left, so that walking around
 * an option skips it.
 *
 * Two reductions, item by item, round after round:
 *
 * - Hiding item c (every option that has c uncolored) may leave a primary
 *   item p without options: then every option of p has c uncolored, so
 *   covering p covers c.  Item c goes, options with c but not p go (they
 *   would leave p uncoverable), and c is dropped from the others.
 * - Otherwise, for each option r with c uncolored (c its first surviving
 *   entry, so that each option is tried once a round): hide also every
 *   option that clashes with r in one of r's other items (an uncolored
 *   entry clashes with every option of its item, a colored one with the
 *   options that give the item another color or none).  If a primary item
 *   outside r is left without options, no solution contains r: r goes.
 *   (blocker answers that question without hiding anything.)
 *
 * Both only remove options that no solution uses and items whose covering
 * another item's covering decides, so the solutions stay the same.  The
 * work is counted in mems (one per node or header read or written, as the
 * Python mirror counts them), which is what the budget of dlxc_pre_run
 * measures.
 */
#include "pre.h"
#include "dlxc.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    int32_t up, down; /* neighbors in the item's list (spacers: see above) */
    int32_t itm;      /* the item; in a header, the list's length */
    int32_t color;    /* the entry's color, 0 for none; in a header, a stamp */
} pnode;

struct dlxc_pre {
    pnode *nd;
    int32_t *node_opt;   /* the option of each entry node */
    int32_t *prim_start; /* option j's primary items are prim[prim_start[j]..] */
    int32_t *prim;
    int32_t *cnt;       /* per item: options left not clashing, in a test */
    uint32_t *cnt_tick; /* per item: the test whose count cnt holds */
    uint32_t *in_r;     /* per item: the last test whose option has it */
    uint32_t *opt_tick; /* per option: the last test that met it */
    uint32_t tick;      /* tests so far */
    int32_t *rcol;      /* per item: its color in the option under test */
    int32_t *witness;   /* per primary item: an option that last let it be covered */
    int32_t *opt_first; /* per option: its first node */
    int32_t *opt_len;   /* per option: its number of nodes */
    int32_t live_primaries;
    int32_t way;   /* 0: the cheaper test, 1: by counts, 2: by witnesses */
    uint8_t *dead; /* 1 for each removed option */
    int32_t n_items, n_options, second, last_itm, n_total;
    int32_t max_rounds, rnd, c, change, stack;
    int32_t cur_c, cur_r; /* an item whose options are being tested, the next one */
    int32_t options_out, blocked, items_out, forced, infeasible, done;
    uint64_t mems;
};

void dlxc_pre_free(dlxc_pre *h)
{
    if (!h) return;
    free(h->nd);
    free(h->node_opt);
    free(h->prim_start);
    free(h->prim);
    free(h->cnt);
    free(h->cnt_tick);
    free(h->in_r);
    free(h->opt_tick);
    free(h->rcol);
    free(h->witness);
    free(h->opt_first);
    free(h->opt_len);
    free(h->dead);
    free(h);
}

/* Item cc (1-based) has no option left. */
static void note_empty(dlxc_pre *h, int32_t cc)
{
    h->items_out++;
    if (cc < h->second) { /* a primary item nobody can cover: no solution */
        h->infeasible = cc - 1;
        h->options_out = h->n_options;
        h->items_out = h->n_items - 1;
        h->done = 1;
    }
}

int dlxc_pre_new(dlxc_pre **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                 const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                 int32_t max_rounds, int32_t way)
{
    dlxc_pre *h;
    pnode *nd;
    int64_t total;
    int32_t j, k, last_node, n_nodes;
    if (!out) return DLXC_EINVAL;
    *out = NULL;
    if (n_items < 0 || n_primary < 0 || n_primary > n_items || n_options < 0 || !opt_start ||
        opt_start[0] != 0)
        return DLXC_EINVAL;
    for (j = 0; j < n_options; j++)
        if (opt_start[j + 1] < opt_start[j]) return DLXC_EINVAL;
    n_nodes = opt_start[n_options];
    if (n_nodes && (!opt_items || !opt_colors)) return DLXC_EINVAL;
    total = (int64_t)n_items + 2 + n_nodes + n_options;
    if (total >= INT32_MAX) return DLXC_ETOOBIG;
    h = calloc(1, sizeof *h);
    if (!h) return DLXC_ENOMEM;
    h->nd = nd = calloc((size_t)total, sizeof *nd);
    h->node_opt = malloc((size_t)total * sizeof *h->node_opt);
    h->dead = calloc((size_t)n_options + 1, 1);
    h->prim_start = malloc(((size_t)n_options + 1) * sizeof *h->prim_start);
    h->prim = malloc(((size_t)n_nodes + 1) * sizeof *h->prim);
    h->cnt = malloc(((size_t)n_items + 1) * sizeof *h->cnt);
    h->cnt_tick = calloc((size_t)n_items + 1, sizeof *h->cnt_tick);
    h->in_r = calloc((size_t)n_items + 1, sizeof *h->in_r);
    h->opt_tick = calloc((size_t)n_options + 1, sizeof *h->opt_tick);
    h->rcol = calloc((size_t)n_items + 1, sizeof *h->rcol);
    h->witness = malloc(((size_t)n_items + 1) * sizeof *h->witness);
    h->opt_first = malloc(((size_t)n_options + 1) * sizeof *h->opt_first);
    h->opt_len = malloc(((size_t)n_options + 1) * sizeof *h->opt_len);
    if (!nd || !h->node_opt || !h->dead || !h->prim_start || !h->prim || !h->cnt || !h->cnt_tick ||
        !h->in_r || !h->opt_tick || !h->rcol || !h->witness || !h->opt_first || !h->opt_len) {
        dlxc_pre_free(h);
        return DLXC_ENOMEM;
    }
    h->n_items = n_items;
    h->n_total = (int32_t)total;
    h->n_options = n_options;
    h->second = n_primary + 1;
    h->last_itm = n_items + 1;
    h->max_rounds = max_rounds;
    h->way = way;
    h->infeasible = -1;
    h->live_primaries = n_primary;
    for (k = 1; k <= n_items; k++) {
        nd[k].up = nd[k].down = k;
        nd[k].color = -1;
        h->witness[k] = -1;
    }
    last_node = h->last_itm; /* the first spacer */
    h->node_opt[last_node] = -1;
    h->prim_start[0] = 0;
    for (j = 0; j < n_options; j++) {
        int32_t i = last_node, a, primaries = 0;
        h->opt_first[j] = i + 1;
        h->opt_len[j] = opt_start[j + 1] - opt_start[j];
        for (a = opt_start[j]; a < opt_start[j + 1]; a++) {
            int32_t it = opt_items[a], col = opt_colors[a], r;
            if (it < 0 || it >= n_items || col < 0 || (col && it < n_primary)) goto bad;
            k = it + 1;
            if (nd[k].color > i) goto bad; /* twice in one option */
            if (it < n_primary) h->prim[h->prim_start[j] + primaries++] = k;
            last_node++;
            nd[last_node].itm = k;
            nd[last_node].color = col;
            h->node_opt[last_node] = j;
            nd[k].itm++;
            nd[k].color = last_node;
            r = nd[k].up;
            nd[r].down = nd[k].up = last_node;
            nd[last_node].up = r;
            nd[last_node].down = k;
        }
        if (!primaries) goto bad;
        h->prim_start[j + 1] = h->prim_start[j] + primaries;
        nd[i].down = last_node;
        last_node++;
        nd[last_node].up = i + 1;
        nd[last_node].itm = -(j + 1);
        h->node_opt[last_node] = -1;
    }
    for (k = 1; k <= n_items; k++) nd[k].color = 0;
    h->rnd = 1;
    h->c = 1;
    for (k = 1; k <= n_items && !h->done; k++)
        if (!nd[k].itm) note_empty(h, k);
    *out = h;
    return DLXC_DONE;
bad:
    dlxc_pre_free(h);
    return DLXC_EINVAL;
}

/* Take out of their lists the other entries of the options that have c
 * uncolored; h->stack receives a primary item left empty, if any. */
static void hide(dlxc_pre *h, int32_t c)
{
    pnode *nd = h->nd;
    const int32_t last_itm = h->last_itm, second = h->second;
    uint64_t mems = h->mems;
    int32_t rr, nn;
    for (rr = nd[c].down; rr >= last_itm; rr = nd[rr].down) {
        mems++;
        if (nd[rr].color) continue;
        for (nn = rr + 1; nn != rr;) {
            int32_t cc = nd[nn].itm, uu, dd;
            mems++;
            if (cc <= 0) {
                nn = nd[nn].up;
                continue;
            }
            uu = nd[nn].up, dd = nd[nn].down;
            nd[uu].down = dd, nd[dd].up = uu;
            if (--nd[cc].itm == 0 && cc < second) h->stack = cc;
            mems += 2;
            nn++;
        }
    }
    h->mems = mems;
}

static void unhide(dlxc_pre *h, int32_t c)
{
    pnode *nd = h->nd;
    const int32_t last_itm = h->last_itm;
    uint64_t mems = h->mems;
    int32_t rr, nn;
    for (rr = nd[c].down; rr >= last_itm; rr = nd[rr].down) {
        mems++;
        if (nd[rr].color) continue;
        for (nn = rr + 1; nn != rr;) {
            int32_t cc = nd[nn].itm, uu, dd;
            mems++;
            if (cc <= 0) {
                nn = nd[nn].up;
                continue;
            }
            uu = nd[nn].up, dd = nd[nn].down;
            nd[uu].down = nd[dd].up = nn;
            nd[cc].itm++;
            mems += 2;
            nn++;
        }
    }
    h->mems = mems;
}

/* The test of option r (see reduce_item): a primary item outside r whose
 * options all clash with r, or 0.  DLX-PRE hides every option that clashes
 * with r and looks for an item left empty, then puts them back.  Here the
 * same question is answered one of two ways, whichever looks cheaper:
 *
 * - by counts: each clashing option (met in the lists of r's items) is
 *   visited once, marked with this test's tick, and takes one from a count
 *   of the options left to each of its primary items (the counts start, on
 *   first touch, from the lengths of the lists); cost about the lengths of
 *   r's lists;
 * - by witnesses: each primary item outside r keeps an option that let it
 *   be covered in an earlier test; if that option still clashes with
 *   nothing in r it answers at once, else the item's list is searched for
 *   another; cost about the number of primary items.
 *
 * Either way the answer is whether some primary item outside r keeps no
 * live option that does not clash with r, where an option clashes with r
 * when it shares an item of r other than c without both giving it the same
 * color, and the options with c uncolored are hidden (those with c colored
 * are not, as in DLX-PRE). */
static int32_t by_counts(dlxc_pre *h, int32_t r, uint32_t tick)
{
    pnode *nd = h->nd;
    const int32_t last_itm = h->last_itm;
    const int32_t *node_opt = h->node_opt, *prim_start = h->prim_start, *prim = h->prim;
    uint32_t *opt_tick = h->opt_tick, *cnt_tick = h->cnt_tick, *in_r = h->in_r;
    int32_t *cnt = h->cnt;
    uint64_t mems = 0;
    int32_t q, p, cc, x, blocked = 0;
    for (q = r + 1; !blocked;) {
        cc = nd[q].itm;
        mems++;
        if (cc <= 0) {
            q = nd[q].up;
            if (q > r) continue;
            break;
        }
        x = nd[q].color;
        for (p = nd[cc].down; p >= last_itm; p = nd[p].down) {
            int32_t j, a, end;
            mems++;
            if (x > 0 && nd[p].color == x) continue;
            j = node_opt[p];
            if (opt_tick[j] == tick) continue; /* met in an earlier item of r */
            opt_tick[j] = tick;
            for (a = prim_start[j], end = prim_start[j + 1]; a < end; a++) {
                int32_t t = prim[a];
                mems++;
                if (cnt_tick[t] != tick) cnt_tick[t] = tick, cnt[t] = nd[t].itm;
                if (--cnt[t] == 0 && in_r[t] != tick) {
                    blocked = t;
                    break;
                }
            }
            if (blocked) break;
        }
        q++;
    }
    h->mems += mems;
    return blocked;
}

/* Can option j be chosen together with the option under test? */
static int usable(const dlxc_pre *h, int32_t j, int32_t c, uint32_t tick, uint64_t *mems)
{
    const pnode *nd = h->nd;
    int32_t q, end;
    if (h->dead[j]) return 0;
    for (q = h->opt_first[j], end = q + h->opt_len[j]; q < end; q++) {
        int32_t i = nd[q].itm;
        ++*mems;
        if (i <= 0) continue; /* an entry removed with its item */
        if (i == c) {
            if (!nd[q].color) return 0; /* hidden with c */
        } else if (h->in_r[i] == tick && (!h->rcol[i] || nd[q].color != h->rcol[i])) return 0;
    }
    return 1;
}

static int32_t by_witness(dlxc_pre *h, int32_t c, uint32_t tick)
{
    const pnode *nd = h->nd;
    const int32_t last_itm = h->last_itm;
    uint64_t mems = 0;
    int32_t t, p, blocked = 0;
    for (t = 1; t < h->second; t++) {
        int32_t w = h->witness[t];
        mems++;
        if (!nd[t].itm || t == c || h->in_r[t] == tick) continue;
        if (w >= 0 && usable(h, w, c, tick, &mems)) continue;
        for (p = nd[t].down; p >= last_itm; p = nd[p].down) {
            int32_t j = h->node_opt[p];
            mems++;
            if (j != w && usable(h, j, c, tick, &mems)) break;
        }
        if (p < last_itm) {
            blocked = t;
            break;
        }
        h->witness[t] = h->node_opt[p];
    }
    h->mems += mems;
    return blocked;
}

static int32_t blocker(dlxc_pre *h, int32_t r, int32_t c)
{
    pnode *nd = h->nd;
    int64_t lists = 0;
    int32_t q, cc;
    uint32_t tick;
    if (++h->tick == 0) { /* after 2^32 tests: forget the old ticks */
        memset(h->cnt_tick, 0, ((size_t)h->n_items + 1) * sizeof *h->cnt_tick);
        memset(h->in_r, 0, ((size_t)h->n_items + 1) * sizeof *h->in_r);
        memset(h->opt_tick, 0, ((size_t)h->n_options + 1) * sizeof *h->opt_tick);
        h->tick = 1;
    }
    tick = h->tick;
    for (q = r + 1;;) { /* mark r's items but c */
        cc = nd[q].itm;
        h->mems++;
        if (cc <= 0) {
            q = nd[q].up;
            if (q > r) continue;
            break;
        }
        h->in_r[cc] = tick;
        h->rcol[cc] = nd[q].color;
        lists += nd[cc].itm;
        q++;
    }
    if (h->way == 1 || (h->way == 0 && lists < h->live_primaries)) return by_counts(h, r, tick);
    return by_witness(h, c, tick);
}

/* Remove option r (node r is its entry in item c, whose list is not
 * touched) from the lists of its other items. */
static void remove_option(dlxc_pre *h, int32_t r)
{
    pnode *nd = h->nd;
    int32_t q;
    h->options_out++;
    h->dead[h->node_opt[r]] = 1;
    for (q = r + 1; q != r;) {
        int32_t cc = nd[q].itm, u, d;
        h->mems++;
        if (cc <= 0) {
            q = nd[q].up;
            continue;
        }
        if (--nd[cc].itm == 0) {
            note_empty(h, cc);
            if (h->done) return;
        }
        u = nd[q].up, d = nd[q].down;
        nd[u].down = d, nd[d].up = u;
        h->mems += 2;
        q++;
    }
}

static void finish_item(dlxc_pre *h);

/* Hide item c; either remove it (forced) or begin testing its options. */
static void reduce_item(dlxc_pre *h, int32_t c)
{
    pnode *nd = h->nd;
    const int32_t last_itm = h->last_itm;
    int32_t r, rr, q;
    h->stack = 0;
    hide(h, c);
    if (h->stack) { /* item h->stack forces item c */
        int32_t p = h->stack;
        unhide(h, c);
        for (r = nd[c].down; r >= last_itm; r = rr) {
            rr = nd[r].down;
            h->mems++;
            for (q = r + 1; q != r;) {
                int32_t cc = nd[q].itm;
                h->mems++;
                if (cc <= 0) {
                    q = nd[q].up;
                    continue;
                }
                if (cc == p) break;
                q++;
            }
            if (q != r) { /* keep option r, without c */
                nd[r].up = r + 1, nd[r].down = r - 1, nd[r].itm = 0;
            } else {
                remove_option(h, r);
                if (h->done) return;
            }
        }
        nd[c].up = nd[c].down = c;
        nd[c].itm = 0;
        h->items_out++;
        h->forced++;
        if (c < h->second) h->live_primaries--;
        h->change = 1;
        return;
    }
    h->cur_c = c, h->cur_r = nd[c].down;
}

/* Test the options of item h->cur_c from h->cur_r on, until the list ends
 * (then finish the item: 1) or the mems reach stop (0: h->cur_r is the
 * next option to test, item c stays hidden). */
static int test_options(dlxc_pre *h, uint64_t stop)
{
    pnode *nd = h->nd;
    const int32_t last_itm = h->last_itm, c = h->cur_c;
    int32_t r, q;
    for (r = h->cur_r; r >= last_itm; r = nd[r].down) {
        if (h->mems >= stop) {
            h->cur_r = r;
            return 0;
        }
        h->mems++;
        for (q = r - 1; nd[q].down == q - 1; q--) h->mems++; /* skip removed entries */
        if (nd[q].itm <= 0 && !nd[r].color && blocker(h, r, c)) {
            h->options_out++;
            h->blocked++;
            h->change = 1;
            h->dead[h->node_opt[r]] = 1; /* no witness any more */
            nd[r].itm = h->stack;        /* a list of the options to remove */
            h->stack = r;
        }
    }
    finish_item(h);
    return 1;
}

/* Put back item h->cur_c's options and remove those found unusable. */
static void finish_item(dlxc_pre *h)
{
    pnode *nd = h->nd;
    const int32_t c = h->cur_c;
    int32_t r, rr;
    h->cur_c = 0;
    unhide(h, c);
    for (r = h->stack; r; r = rr) {
        rr = nd[r].itm;
        nd[r].itm = c;
        h->options_out--; /* counted again by remove_option */
        remove_option(h, r);
        if (h->done) return;
        /* remove_option leaves c's list alone: take r out of it too */
        {
            int32_t u = nd[r].up, d = nd[r].down;
            nd[u].down = d, nd[d].up = u;
            h->mems += 2;
            if (--nd[c].itm == 0) {
                note_empty(h, c);
                if (h->done) return;
            }
        }
    }
}

int dlxc_pre_run(dlxc_pre *h, uint64_t mem_budget)
{
    uint64_t stop;
    if (!h) return DLXC_EINVAL;
    stop = h->mems + mem_budget;
    if (stop < h->mems) stop = UINT64_MAX;
    if (h->cur_c && !h->done && !test_options(h, stop)) return DLXC_BUDGET;
    while (!h->done) {
        int32_t c;
        if (h->c >= h->last_itm) { /* the end of a round */
            if (!h->change || (h->max_rounds > 0 && h->rnd >= h->max_rounds)) {
                h->done = 1;
                break;
            }
            h->rnd++, h->c = 1, h->change = 0;
        }
        if (h->mems >= stop) return DLXC_BUDGET;
        c = h->c++;
        if (!h->nd[c].itm) continue;
        reduce_item(h, c);
        if (h->cur_c && !test_options(h, stop)) return DLXC_BUDGET;
    }
    return DLXC_DONE;
}

void dlxc_pre_settle(dlxc_pre *h)
{
    if (h && h->cur_c && !h->done) finish_item(h);
}

void dlxc_pre_get_stats(const dlxc_pre *h, dlxc_pre_stats *out)
{
    if (!h || !out) return;
    out->mems = h->mems;
    out->rounds = h->rnd;
    out->item = h->c - 1;
    out->options_out = h->options_out;
    out->items_out = h->items_out;
    out->blocked = h->blocked;
    out->forced = h->forced;
    out->infeasible = h->infeasible;
    out->done = h->done;
}

void dlxc_pre_result(const dlxc_pre *h, uint8_t *option_keep, uint8_t *item_keep)
{
    int32_t j, k;
    if (!h) return;
    for (j = 0; j < h->n_options; j++) option_keep[j] = h->infeasible < 0 && !h->dead[j];
    for (k = 0; k < h->n_items; k++)
        item_keep[k] = h->infeasible < 0 ? h->nd[k + 1].itm > 0 : k == h->infeasible;
}

int64_t dlxc_pre_reduced(const dlxc_pre *h, int32_t *out_start, int32_t *out_items,
                         int32_t *out_colors, int32_t *out_origin)
{
    const pnode *nd;
    int32_t *new_index, node, last = -1, k, n = 0, kept = 0;
    int64_t count = 0;
    if (!h) return DLXC_EINVAL;
    if (h->infeasible >= 0) {
        if (out_start) out_start[0] = 0;
        return 0;
    }
    nd = h->nd;
    new_index = malloc(((size_t)h->n_items + 1) * sizeof *new_index);
    if (!new_index) return DLXC_ENOMEM;
    for (k = 1; k <= h->n_items; k++) new_index[k] = nd[k].itm > 0 ? n++ : -1;
    if (out_start) out_start[0] = 0;
    for (node = h->last_itm + 1; node < h->n_total; node++) {
        int32_t j = h->node_opt[node], it;
        if (j < 0) {
            if (last >= 0 && !h->dead[last] && out_start) {
                out_start[kept + 1] = (int32_t)count;
                out_origin[kept] = last;
            }
            if (last >= 0 && !h->dead[last]) kept++;
            last = -1;
            continue;
        }
        last = j;
        it = nd[node].itm;
        if (h->dead[j] || it <= 0 || new_index[it] < 0) continue;
        if (out_start) {
            out_items[count] = new_index[it];
            out_colors[count] = nd[node].color;
        }
        count++;
    }
    free(new_index);
    return count;
}
