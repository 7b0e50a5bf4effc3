/* pre.c -- preprocessing of an XCC problem (see pre.h).
 *
 * The options are stored as DLX2 stores them: one node per entry, the
 * nodes of an option side by side between spacers, and each item's nodes
 * in a circular doubly linked list under a header node.  Header node k
 * (items 1..n) keeps the length of item k's list in its itm field and a
 * stamp in its color field.  A spacer has itm <= 0: the one after option
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
    int32_t *node_opt; /* the option of each entry node */
    uint8_t *dead;     /* 1 for each removed option */
    int32_t n_items, n_options, second, last_itm, n_total;
    int32_t max_rounds, rnd, c, change, stack;
    int32_t options_out, blocked, items_out, forced, infeasible, done;
    uint64_t mems;
};

void dlxc_pre_free(dlxc_pre *h)
{
    if (!h) return;
    free(h->nd);
    free(h->node_opt);
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
                 int32_t max_rounds)
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
    if (!nd || !h->node_opt || !h->dead) {
        dlxc_pre_free(h);
        return DLXC_ENOMEM;
    }
    h->n_items = n_items;
    h->n_total = (int32_t)total;
    h->n_options = n_options;
    h->second = n_primary + 1;
    h->last_itm = n_items + 1;
    h->max_rounds = max_rounds;
    h->infeasible = -1;
    for (k = 1; k <= n_items; k++) {
        nd[k].up = nd[k].down = k;
        nd[k].color = -1;
    }
    last_node = h->last_itm; /* the first spacer */
    h->node_opt[last_node] = -1;
    for (j = 0; j < n_options; j++) {
        int32_t i = last_node, a, primaries = 0;
        for (a = opt_start[j]; a < opt_start[j + 1]; a++) {
            int32_t it = opt_items[a], col = opt_colors[a], r;
            if (it < 0 || it >= n_items || col < 0 || (col && it < n_primary)) goto bad;
            k = it + 1;
            if (nd[k].color > i) goto bad; /* twice in one option */
            primaries += it < n_primary;
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

/* Put back the entries of option p from node qq leftwards to p's right
 * neighbor (qq itself was not taken out). */
static uint64_t restore_from(pnode *nd, int32_t p, int32_t qq)
{
    uint64_t mems = 0;
    for (qq--; qq != p;) {
        int32_t cc = nd[qq].itm, uu, dd;
        mems++;
        if (cc <= 0) {
            qq = nd[qq].down;
            continue;
        }
        nd[cc].itm++;
        uu = nd[qq].up, dd = nd[qq].down;
        nd[uu].down = nd[dd].up = qq;
        mems += 2;
        qq--;
    }
    return mems;
}

/* Is option r (c, its first surviving entry, already hidden with the rest
 * of item c) usable?  Returns a primary item that choosing r leaves
 * without options, or 0. */
static int32_t blocker(dlxc_pre *h, int32_t r)
{
    pnode *nd = h->nd;
    const int32_t last_itm = h->last_itm, second = h->second;
    uint64_t mems = h->mems;
    int32_t q, p = 0, qq, cc, x, blocked = 0;
    for (q = r + 1;;) { /* stamp r's items */
        cc = nd[q].itm;
        mems++;
        if (cc <= 0) {
            q = nd[q].up;
            if (q > r) continue;
            break;
        }
        nd[cc].color = r;
        q++;
    }
    for (q = r + 1;;) { /* hide what clashes with r */
        cc = nd[q].itm;
        mems++;
        if (cc <= 0) {
            q = nd[q].up;
            if (q > r) continue;
            break;
        }
        x = nd[q].color;
        for (p = nd[cc].down; p >= last_itm; p = nd[p].down) {
            mems++;
            if (x > 0 && nd[p].color == x) continue;
            for (qq = p + 1; qq != p;) {
                int32_t dd = nd[qq].itm, u, d;
                mems++;
                if (dd <= 0) {
                    qq = nd[qq].up;
                    continue;
                }
                if (nd[dd].itm == 1 && dd < second && nd[dd].color != r) {
                    blocked = dd;
                    break;
                }
                nd[dd].itm--;
                u = nd[qq].up, d = nd[qq].down;
                nd[u].down = d, nd[d].up = u;
                mems += 2;
                qq++;
            }
            if (blocked) {
                mems += restore_from(nd, p, qq);
                break;
            }
        }
        if (blocked) break;
        q++;
    }
    /* put back, in reverse order, what was hidden: when blocked, the
     * options above p in the list of q's item, then r's items left of q */
    if (!blocked) q = r - 1, p = 0;
    for (;;) {
        if (!p) {
            while (q != r && nd[q].itm <= 0) {
                mems++;
                q = nd[q].down;
            }
            if (q == r) break;
            p = nd[q].itm; /* the header: its up field is the list's bottom */
        }
        x = nd[q].color;
        for (p = nd[p].up; p >= last_itm; p = nd[p].up) {
            mems++;
            if (x > 0 && nd[p].color == x) continue;
            mems += restore_from(nd, p, p);
        }
        q--;
        p = 0;
    }
    h->mems = mems;
    return blocked;
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
        h->change = 1;
        return;
    }
    for (r = nd[c].down; r >= last_itm; r = nd[r].down) {
        h->mems++;
        for (q = r - 1; nd[q].down == q - 1; q--) h->mems++; /* skip removed entries */
        if (nd[q].itm <= 0 && !nd[r].color && blocker(h, r)) {
            h->options_out++;
            h->blocked++;
            h->change = 1;
            nd[r].itm = h->stack; /* a list of the options to remove */
            h->stack = r;
        }
    }
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
        if (h->nd[c].itm) reduce_item(h, c);
    }
    return DLXC_DONE;
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
