/* cost.c -- the k cheapest solutions of an XCC problem with option costs.
 *
 * Contents: 1. Intro  2. Data structures  3. Inputting the options
 *           4. The dancing  5. The best list  6. The resumable search
 *
 * ==== 1. Intro ===========================================================
 *
 * This is Knuth's DLX5: Algorithm C (dlx2.c) where every option has a
 * non-negative cost, searching for the k solutions of least total cost.
 * The search keeps the k best solutions seen so far; once it has k of
 * them, the dearest one's cost is the cut-off, and a partial solution whose
 * cost reaches the cut-off is abandoned.  Three ideas make that cut bite:
 *
 *  - Taxes.  Each primary item, in input order, is taxed the least cost of
 *    its options, and the tax is taken off every option containing it.
 *    Every solution covers every primary item once, so its net cost is its
 *    cost less the total tax, the same amount for all: the order of the
 *    solutions is kept, but now every item has an option of net cost 0, and
 *    options of large net cost are seen to be useless early.
 *  - Sorted item lists.  Every item's list is sorted by net cost (stable:
 *    the input order breaks ties).  Covering an item with a threshold then
 *    hides only the options cheaper than the threshold and stops at the
 *    first that is not: the others can be in no solution under the cut-off,
 *    so they need not be hidden.  Uncovering uses the same threshold (kept
 *    per level, as the cut-off moves), and walks the list in the same
 *    order, which restores every link as well as walking it backwards.
 *  - Branching.  The item to branch on has the fewest usable options (net
 *    cost below the room left under the cut-off; at most LENTHRESH are
 *    counted, past that the item's length stands in), ties going to the
 *    item whose cheapest option costs most (that cost must be paid), then
 *    to the leftmost.  An item without a usable option ends the branch;
 *    the options of the chosen item are tried cheapest first, and the first
 *    that reaches the cut-off ends the loop.
 *
 * One more cut, not DLX5's (it has a narrower one behind its z and Z
 * parameters): a lower bound on the cost of covering the active primary
 * items (too_dear, section 4), checked as a level is entered once the
 * best list is full; a partial solution whose cost plus the bound reaches
 * the cut-off is abandoned.  With bound 0 it is off, and the search is
 * DLX5's exactly.
 *
 * The statistics are DLX5's: nodes (level entries plus solutions), updates,
 * cleansings, and the solutions that entered the best list when they were
 * found; dlxc/xcc/engines/cost.py is the Python mirror and counts the same.
 * Costs are unsigned 64-bit; the caller keeps all costs together below
 * 2^63, so no sum overflows and "no cut-off yet" is UINT64_MAX.
 */
#include "cost.h"
#include <stdlib.h>
#include <string.h>

#define INFCOST UINT64_MAX
#define LENTHRESH 10

/* ==== 2. Data structures =================================================
 *
 * nd[1..n_items] are the item headers (len: the number of options in a
 * primary item's list, those not hidden); options follow, each after a
 * spacer whose itm is -j for the j-th option (1-based), whose up is the
 * option's first node and whose down is the last node of the next one.
 * Every node carries its option's net cost.  A node with color -1 was
 * marked by purify (its option agrees with the color chosen).  prev/next
 * link the active primary items in a circle through the root 0, and the
 * secondary items in one through last_itm.
 */
typedef struct {
    int32_t up, down;
    int32_t itm; /* the item (len in a header; <= 0 in a spacer) */
    int32_t color;
    uint64_t cost; /* the option's net cost */
} cnode;

typedef struct {
    uint64_t cost;  /* net cost */
    uint64_t found; /* the number of the solution: the order of discovery */
    int32_t len;
    int32_t *ids;
} entry;

struct dlxc_cost {
    cnode *nd;
    int32_t *prev, *next;
    int32_t second, last_itm, n_nodes;
    int32_t *opt_id;
    uint64_t totaltax;
    /* the best list: a max-heap on (cost, found), at most kthresh entries */
    entry *heap;
    int32_t kept, kthresh, heap_cap;
    uint64_t cutoffcost;
    /* the search state between runs */
    int32_t level, max_level, broken, done;
    uint64_t curcost;
    int32_t *choice;
    uint64_t *partcost, *thresh0, *thresh;
    /* the lower bound: zmax primary items at most per option, a scratch
     * array of a cost per primary item; bound 0 switches it off */
    int32_t zmax, bound;
    uint64_t *mins;
    /* classes of primary items no option holds two of (cls[c] for item c,
     * 0-based class numbers), and a sum per class */
    int32_t *cls, n_cls;
    uint64_t *cls_sum;
    uint64_t solutions, nodes, updates, cleansings;
    /* the bitset mode (section 7): positions are the options sorted by net
     * cost (pcost, popt: the option at each), W words of options, IW of
     * primary items; per level a live set and an active-item set */
    int32_t bits, P, W, IW;
    uint64_t *pcost, *conf, *imask, *live, *act, *use;
    int32_t *popt, *pstart, *pitems, *at, *bitm, *iorder;
};

/* ==== 3. Inputting the options ========================================== */

static int cmp_cost(const void *a, const void *b, const cnode *nd)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    if (nd[x].cost != nd[y].cost) return nd[x].cost < nd[y].cost ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* a stable sort of list[0..n) by net cost: insertion sort for short lists,
 * merge sort otherwise (node numbers grow down the list, so they break
 * ties in input order) */
static void sort_list(int32_t *list, int32_t *tmp, int32_t n, const cnode *nd)
{
    if (n < 16) {
        for (int32_t i = 1; i < n; i++) {
            int32_t x = list[i], j = i;
            while (j > 0 && cmp_cost(&list[j - 1], &x, nd) > 0) list[j] = list[j - 1], j--;
            list[j] = x;
        }
        return;
    }
    int32_t h = n / 2;
    sort_list(list, tmp, h, nd);
    sort_list(list + h, tmp, n - h, nd);
    memcpy(tmp, list, (size_t)h * sizeof *tmp);
    int32_t i = 0, j = h, o = 0;
    while (i < h && j < n) list[o++] = cmp_cost(&list[j], &tmp[i], nd) < 0 ? list[j++] : tmp[i++];
    while (i < h) list[o++] = tmp[i++];
}

/* Classes of primary items, greedily: item c (in order) joins the first
 * class that holds no item sharing an option with c.  list[begin[c-1] ..
 * begin[c]) are item c's nodes.  When the options are long and many
 * (more than CLASS_WORK steps), every item gets a class of its own, and
 * the class bound is just the largest cheapest option. */
#define CLASS_WORK 50000000
static int make_classes(dlxc_cost *s, const int32_t *list, const int32_t *begin)
{
    const cnode *nd = s->nd;
    int32_t n = s->second - 1;
    s->cls = malloc(((size_t)n + 1) * sizeof *s->cls);
    s->cls_sum = calloc((size_t)n + 1, sizeof *s->cls_sum);
    int32_t *seen = malloc(((size_t)n + 1) * sizeof *seen);
    if (!s->cls || !s->cls_sum || !seen) {
        free(seen);
        return DLXC_ENOMEM;
    }
    int64_t work = 0;
    for (int32_t c = 1; c <= n; c++)
        for (int32_t t = begin[c - 1]; t < begin[c]; t++) {
            int32_t len = 0;
            for (int32_t q = list[t]; nd[q - 1].itm > 0; q--) len++;
            for (int32_t q = list[t]; nd[q].itm > 0; q++) len++;
            work += len;
        }
    for (int32_t i = 0; i <= n; i++) seen[i] = -1;
    s->n_cls = 0;
    for (int32_t c = 1; c <= n; c++) {
        if (work > CLASS_WORK) {
            s->cls[c - 1] = s->n_cls++;
            continue;
        }
        for (int32_t t = begin[c - 1]; t < begin[c]; t++) {
            int32_t q = list[t];
            while (nd[q - 1].itm > 0) q--;
            for (; nd[q].itm > 0; q++) {
                int32_t d = nd[q].itm;
                if (d < c) seen[s->cls[d - 1]] = c; /* d's class is taken */
            }
        }
        int32_t k = 0;
        while (k < s->n_cls && seen[k] == c) k++;
        if (k == s->n_cls) s->n_cls++;
        s->cls[c - 1] = k;
    }
    free(seen);
    return DLXC_DONE;
}

/* Lagrangian taxes (with the bound on): when every option holds exactly one
 * item of class 0 (as every queen holds a row, every pentomino placement a
 * piece), the other primary items i get integer prices lam_i, possibly
 * negative, and each class-0 item p the least of c(o) - lam(o) over its
 * options o (lam(o): the prices of o's items).  Then every option's net
 * cost c(o) - lam(o) - y_p stays >= 0, and the total tax is
 * L = sum lam_i + sum_p y_p, a lower bound on every solution's cost.  The
 * prices climb L by integer subgradient steps: an item covered by none
 * of the class-0 items' cheapest options gets dearer, one covered by
 * several cheaper.  The best prices seen are kept; the steps halve after
 * LAG_PATIENCE rounds without progress, and the climb ends at step 0 or
 * after LAG_ROUNDS rounds.  Pure integers, so the mirror agrees exactly. */
#define LAG_ROUNDS 100
#define LAG_PATIENCE 8
#define LAG_LIMIT ((int64_t)1 << 40)
static int lagrange_taxes(int32_t n_primary, int32_t n_options, const int32_t *opt_start,
                          const int32_t *opt_items, const int64_t *opt_costs, const int32_t *cls,
                          int64_t *tax)
{
    int64_t maxc = 0, sum = 0;
    for (int32_t j = 0; j < n_options; j++) {
        if (opt_costs[j] > maxc) maxc = opt_costs[j];
        sum += opt_costs[j];
        if (sum >= LAG_LIMIT) return 0;
    }
    if (maxc == 0 || n_primary == 0) return 0;
    int32_t *head = malloc(((size_t)n_options + 1) * sizeof *head);
    int32_t *arg = malloc(((size_t)n_primary + 1) * sizeof *arg);
    int64_t *lam = calloc((size_t)n_primary + 1, sizeof *lam);
    int64_t *best = calloc((size_t)n_primary + 1, sizeof *best);
    int64_t *mn = malloc(((size_t)n_primary + 1) * sizeof *mn);
    int64_t *red = malloc(((size_t)n_options + 1) * sizeof *red);
    int32_t *cnt = malloc(((size_t)n_primary + 1) * sizeof *cnt);
    int ok = 0;
    if (!head || !arg || !lam || !best || !mn || !red || !cnt) goto out;
    for (int32_t j = 0; j < n_options; j++) {
        head[j] = -1;
        for (int32_t x = opt_start[j]; x < opt_start[j + 1]; x++) {
            int32_t i = opt_items[x];
            if (i < n_primary && cls[i] == 0) {
                if (head[j] >= 0) goto out;
                head[j] = i;
            }
        }
        if (head[j] < 0) goto out;
    }
    int64_t bestL = INT64_MIN, step = maxc / 8 > 0 ? maxc / 8 : 1;
    int32_t stale = 0;
    for (int32_t round = 0; round < LAG_ROUNDS && step > 0; round++) {
        int64_t L = 0;
        for (int32_t i = 0; i < n_primary; i++) mn[i] = INT64_MAX, arg[i] = -1, L += lam[i];
        for (int32_t j = 0; j < n_options; j++) {
            int64_t r = opt_costs[j];
            for (int32_t x = opt_start[j]; x < opt_start[j + 1]; x++)
                if (opt_items[x] < n_primary) r -= lam[opt_items[x]];
            red[j] = r;
            if (r < mn[head[j]]) mn[head[j]] = r, arg[head[j]] = j;
        }
        for (int32_t i = 0; i < n_primary; i++)
            if (cls[i] == 0) {
                if (arg[i] < 0) goto out; /* an item without options */
                L += mn[i];
            }
        if (L > bestL) {
            bestL = L, stale = 0;
            memcpy(best, lam, (size_t)n_primary * sizeof *lam);
        } else if (++stale >= LAG_PATIENCE) step /= 2, stale = 0;
        for (int32_t i = 0; i < n_primary; i++) cnt[i] = 0;
        for (int32_t i = 0; i < n_primary; i++)
            if (cls[i] == 0)
                for (int32_t x = opt_start[arg[i]]; x < opt_start[arg[i] + 1]; x++)
                    if (opt_items[x] < n_primary) cnt[opt_items[x]]++;
        int moved = 0;
        for (int32_t i = 0; i < n_primary; i++)
            if (cls[i] != 0 && cnt[i] != 1) lam[i] += step * (1 - cnt[i]), moved = 1;
        if (!moved) break; /* the cheapest options make a solution */
    }
    /* the taxes at the best prices */
    for (int32_t i = 0; i < n_primary; i++) tax[i] = cls[i] == 0 ? INT64_MAX : best[i];
    for (int32_t j = 0; j < n_options; j++) {
        int64_t r = opt_costs[j];
        for (int32_t x = opt_start[j]; x < opt_start[j + 1]; x++)
            if (opt_items[x] < n_primary && cls[opt_items[x]] != 0) r -= best[opt_items[x]];
        if (r < tax[head[j]]) tax[head[j]] = r;
    }
    ok = 1;
out:
    free(head), free(arg), free(lam), free(best), free(mn), free(red), free(cnt);
    return ok;
}

static int make_bits(dlxc_cost *s, int32_t n_primary, int32_t n_items, int32_t n_options,
                     const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors);

int dlxc_cost_new(dlxc_cost **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                  const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                  const int64_t *opt_costs, const int32_t *opt_ids, int32_t k, int bound)
{
    *out = NULL;
    if (n_primary < 0 || n_items < n_primary || n_options < 0 || k < 1) return DLXC_EINVAL;
    if (opt_start[0] != 0) return DLXC_EINVAL;
    int64_t total = opt_start[n_options];
    if ((int64_t)n_items + 2 + total + n_options + 1 >= INT32_MAX) return DLXC_ETOOBIG;
    for (int32_t j = 0; j < n_options; j++) {
        if (opt_start[j + 1] < opt_start[j] || opt_costs[j] < 0) return DLXC_EINVAL;
        int prim = 0;
        for (int32_t x = opt_start[j]; x < opt_start[j + 1]; x++) {
            if (opt_items[x] < 0 || opt_items[x] >= n_items || opt_colors[x] < 0)
                return DLXC_EINVAL;
            if (opt_items[x] < n_primary) {
                if (opt_colors[x]) return DLXC_EINVAL;
                prim = 1;
            }
        }
        if (!prim) return DLXC_EINVAL;
    }
    int32_t zmax = 1;
    for (int32_t j = 0; j < n_options; j++) {
        int32_t z = 0;
        for (int32_t x = opt_start[j]; x < opt_start[j + 1]; x++) z += opt_items[x] < n_primary;
        if (z > zmax) zmax = z;
    }
    dlxc_cost *s = calloc(1, sizeof *s);
    if (!s) return DLXC_ENOMEM;
    int32_t last_itm = n_items + 1;
    int32_t n_nodes = last_itm + (int32_t)total + n_options + 1;
    s->nd = calloc((size_t)n_nodes, sizeof *s->nd);
    s->prev = malloc(((size_t)last_itm + 1) * sizeof *s->prev);
    s->next = malloc(((size_t)last_itm + 1) * sizeof *s->next);
    s->opt_id = malloc(((size_t)n_options + 1) * sizeof *s->opt_id);
    int32_t levels = n_primary + 2;
    s->choice = malloc((size_t)levels * sizeof *s->choice);
    s->partcost = malloc((size_t)levels * sizeof *s->partcost);
    s->thresh0 = malloc((size_t)levels * sizeof *s->thresh0);
    s->thresh = malloc((size_t)levels * sizeof *s->thresh);
    s->mins = malloc(((size_t)n_primary + 1) * sizeof *s->mins);
    int32_t *list = malloc(((size_t)total + 1) * sizeof *list);
    int32_t *tmp = malloc(((size_t)total + 1) * sizeof *tmp);
    int32_t *fill = calloc((size_t)last_itm + 1, sizeof *fill);
    int32_t *begin = calloc((size_t)last_itm + 2, sizeof *begin);
    if (!s->mins || !s->nd || !s->prev || !s->next || !s->opt_id || !s->choice || !s->partcost ||
        !s->thresh0 || !s->thresh || !list || !tmp || !fill || !begin) {
        free(list), free(tmp), free(fill), free(begin);
        dlxc_cost_free(s);
        return DLXC_ENOMEM;
    }
    cnode *nd = s->nd;
    s->second = n_primary + 1;
    s->last_itm = last_itm;
    s->n_nodes = n_nodes;
    s->kthresh = k;
    s->zmax = zmax;
    s->bound = bound != 0;
    s->cutoffcost = INFCOST;
    for (int32_t i = 1; i <= last_itm; i++) s->prev[i] = i - 1, s->next[i] = i + 1;
    s->prev[0] = s->second - 1, s->next[0] = n_primary ? 1 : 0;
    s->next[s->second - 1] = 0;
    s->prev[s->second] = last_itm, s->next[last_itm] = s->second;
    for (int32_t j = 0; j < n_options; j++) s->opt_id[j] = opt_ids ? opt_ids[j] : j;
    /* the nodes, and each item's nodes in input order (a counting sort) */
    int32_t x = last_itm;
    for (int32_t j = 0; j < n_options; j++) {
        int32_t first = x + 1;
        for (int32_t t = opt_start[j]; t < opt_start[j + 1]; t++) {
            x++;
            nd[x].itm = opt_items[t] + 1;
            nd[x].color = opt_colors[t];
            nd[x].cost = (uint64_t)opt_costs[j];
            begin[opt_items[t] + 1]++;
        }
        nd[first - 1].down = x;
        x++;
        nd[x].itm = -(j + 1);
        nd[x].up = first;
    }
    nd[x].down = 0;
    for (int32_t c = 1; c <= last_itm; c++) begin[c] += begin[c - 1];
    for (int32_t p = last_itm + 1; p < n_nodes; p++) {
        int32_t c = nd[p].itm;
        if (c > 0) list[begin[c - 1] + fill[c]++] = p;
    }
    if (make_classes(s, list, begin) != DLXC_DONE) {
        free(list), free(tmp), free(fill), free(begin);
        dlxc_cost_free(s);
        return DLXC_ENOMEM;
    }
    if (s->bound) {
        int64_t *tax = malloc(((size_t)n_primary + 1) * sizeof *tax);
        if (tax &&
            lagrange_taxes(n_primary, n_options, opt_start, opt_items, opt_costs, s->cls, tax)) {
            int64_t sum = 0;
            for (int32_t i = 0; i < n_primary; i++) sum += tax[i];
            s->totaltax = (uint64_t)sum;
            for (int32_t p = last_itm + 1; p < n_nodes; p++) {
                int32_t c = nd[p].itm;
                if (c > 0 && c <= n_primary) {
                    int32_t q = p;
                    while (nd[q - 1].itm > 0) q--;
                    for (; nd[q].itm > 0; q++)
                        nd[q].cost = (uint64_t)((int64_t)nd[q].cost - tax[c - 1]);
                }
            }
        }
        free(tax);
    }
    /* taxes: item c, in order, pays the least net cost of its options */
    for (int32_t c = 1; c < s->second; c++) {
        int32_t a = begin[c - 1], b = begin[c];
        if (a == b) continue;
        uint64_t minc = INFCOST;
        for (int32_t t = a; t < b && minc; t++)
            if (nd[list[t]].cost < minc) minc = nd[list[t]].cost;
        if (!minc) continue;
        s->totaltax += minc;
        for (int32_t t = a; t < b; t++) {
            int32_t p = list[t], q = p;
            while (nd[q - 1].itm > 0) q--; /* the option's first node */
            for (; nd[q].itm > 0; q++) nd[q].cost -= minc;
        }
    }
    /* sorting: each item's list by net cost, then the links */
    for (int32_t c = 1; c < last_itm; c++) {
        int32_t a = begin[c - 1], n = begin[c] - a;
        sort_list(list + a, tmp, n, nd);
        int32_t q = c;
        for (int32_t t = a; t < a + n; t++) nd[q].down = list[t], nd[list[t]].up = q, q = list[t];
        nd[q].down = c, nd[c].up = q;
        nd[c].itm = n;
    }
    free(list), free(tmp), free(fill), free(begin);
    if (s->bound && make_bits(s, n_primary, n_items, n_options, opt_start, opt_items, opt_colors) !=
                        DLXC_DONE) {
        dlxc_cost_free(s);
        return DLXC_ENOMEM;
    }
    *out = s;
    return DLXC_DONE;
}

void dlxc_cost_free(dlxc_cost *s)
{
    if (!s) return;
    if (s->heap)
        for (int32_t i = 0; i < s->kept; i++) free(s->heap[i].ids);
    free(s->heap);
    free(s->nd), free(s->prev), free(s->next), free(s->opt_id);
    free(s->choice), free(s->partcost), free(s->thresh0), free(s->thresh);
    free(s->mins), free(s->cls), free(s->cls_sum);
    free(s->pcost), free(s->conf), free(s->imask), free(s->live), free(s->act), free(s->use);
    free(s->popt), free(s->pstart), free(s->pitems), free(s->at), free(s->bitm), free(s->iorder);
    free(s);
}

/* ==== 4. The dancing =====================================================
 *
 * hide_option unlinks the other nodes of rr's option from their lists
 * (passing over nodes marked by purify), unhide_option links them back.
 */
static inline uint64_t hide_option(cnode *nd, int32_t rr, int32_t second)
{
    uint64_t updates = 0;
    for (int32_t nn = rr + 1; nn != rr;) {
        if (nd[nn].color >= 0) {
            int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
            if (cc <= 0) {
                nn = uu;
                continue;
            }
            nd[uu].down = dd, nd[dd].up = uu;
            updates++;
            if (cc < second) nd[cc].itm--;
        }
        nn++;
    }
    return updates;
}

static inline void unhide_option(cnode *nd, int32_t rr, int32_t second)
{
    for (int32_t nn = rr + 1; nn != rr;) {
        if (nd[nn].color >= 0) {
            int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
            if (cc <= 0) {
                nn = uu;
                continue;
            }
            nd[uu].down = nn, nd[dd].up = nn;
            if (cc < second) nd[cc].itm++;
        }
        nn++;
    }
}

static void cover(dlxc_cost *s, int32_t c, uint64_t thresh)
{
    cnode *nd = s->nd;
    int32_t l = s->prev[c], r = s->next[c], last_itm = s->last_itm, second = s->second;
    s->next[l] = r, s->prev[r] = l;
    uint64_t updates = 1;
    for (int32_t rr = nd[c].down; rr >= last_itm && nd[rr].cost < thresh; rr = nd[rr].down)
        updates += hide_option(nd, rr, second);
    s->updates += updates;
}

static void uncover(dlxc_cost *s, int32_t c, uint64_t thresh)
{
    cnode *nd = s->nd;
    int32_t last_itm = s->last_itm, second = s->second;
    for (int32_t rr = nd[c].down; rr >= last_itm && nd[rr].cost < thresh; rr = nd[rr].down)
        unhide_option(nd, rr, second);
    int32_t l = s->prev[c], r = s->next[c];
    s->next[l] = c, s->prev[r] = c;
}

static void purify(dlxc_cost *s, int32_t p, uint64_t thresh)
{
    cnode *nd = s->nd;
    int32_t c = nd[p].itm, x = nd[p].color, last_itm = s->last_itm, second = s->second;
    uint64_t updates = 0, cleansings = 1;
    for (int32_t rr = nd[c].down; rr >= last_itm && nd[rr].cost < thresh; rr = nd[rr].down) {
        if (nd[rr].color != x) updates += hide_option(nd, rr, second);
        else if (rr != p) cleansings++, nd[rr].color = -1;
    }
    s->updates += updates;
    s->cleansings += cleansings;
}

static void unpurify(dlxc_cost *s, int32_t p, uint64_t thresh)
{
    cnode *nd = s->nd;
    int32_t c = nd[p].itm, x = nd[p].color, last_itm = s->last_itm, second = s->second;
    for (int32_t rr = nd[c].down; rr >= last_itm && nd[rr].cost < thresh; rr = nd[rr].down) {
        if (nd[rr].color < 0) nd[rr].color = x;
        else if (rr != p) unhide_option(nd, rr, second);
    }
}

/* cover or purify every item of p's option but p's own, left to right */
static void commit_others(dlxc_cost *s, int32_t p, uint64_t thresh)
{
    cnode *nd = s->nd;
    for (int32_t pp = p + 1; pp != p;) {
        int32_t cc = nd[pp].itm;
        if (cc <= 0) {
            pp = nd[pp].up;
            continue;
        }
        if (!nd[pp].color) cover(s, cc, thresh);
        else if (nd[pp].color > 0) purify(s, pp, thresh);
        pp++;
    }
}

static void uncommit_others(dlxc_cost *s, int32_t p, uint64_t thresh)
{
    cnode *nd = s->nd;
    for (int32_t pp = p - 1; pp != p;) {
        int32_t cc = nd[pp].itm;
        if (cc <= 0) {
            pp = nd[pp].down;
            continue;
        }
        if (!nd[pp].color) uncover(s, cc, thresh);
        else if (nd[pp].color > 0) unpurify(s, pp, thresh);
        pp--;
    }
}

/* The lower bound: whether covering the active primary items costs at
 * least room.  Item i's cheapest option (the first in its sorted list)
 * costs m_i or more, and an option covers at most zmax items, so with the
 * m_i in decreasing order v_0 >= v_1 >= ..., the options of any
 * completion cost at least v_0 + v_zmax + v_2zmax + ... (each option costs
 * at least the largest m_i among its items, and the sum of those largest
 * values is least when the items are grouped zmax at a time from the
 * top).  An item with an empty list makes the cost infinite. */
static int cmp_decreasing(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* Besides, the items of one class are in different options of any
 * completion, so the sum of their m_i is a lower bound too. */
static int zmax_too_dear(dlxc_cost *s, int32_t n, uint64_t room);
static int too_dear(dlxc_cost *s, uint64_t room)
{
    const cnode *nd = s->nd;
    uint64_t *m = s->mins;
    int32_t n = 0;
    uint64_t *sum = s->cls_sum;
    const int32_t *cls = s->cls;
    for (int32_t i = 0; i < s->n_cls; i++) sum[i] = 0;
    for (int32_t k = s->next[0]; k != 0; k = s->next[k]) {
        int32_t p = nd[k].down;
        if (p == k) return 1;
        m[n++] = nd[p].cost;
        if ((sum[cls[k - 1]] += nd[p].cost) >= room) return 1;
    }
    return zmax_too_dear(s, n, room);
}

/* The zmax part of the bound on the n values in s->mins. */
static int zmax_too_dear(dlxc_cost *s, int32_t n, uint64_t room)
{
    uint64_t *m = s->mins, acc = 0;
    int32_t z = s->zmax;
    if (z == 1) {
        for (int32_t i = 0; i < n; i++)
            if ((acc += m[i]) >= room) return 1;
        return 0;
    }
    /* no sort when the bound cannot reach room: with v_0 the largest and S
     * the sum, v_0 + v_z + v_2z + ... <= v_0 + (S - v_0) / z (each v_kz,
     * k >= 1, is at most the mean of the z values above it) */
    uint64_t top = 0, all = 0;
    for (int32_t i = 0; i < n; i++) {
        if (m[i] > top) top = m[i];
        all = all > UINT64_MAX - m[i] ? UINT64_MAX : all + m[i];
    }
    if (all != UINT64_MAX && top + (all - top + (uint64_t)z - 1) / (uint64_t)z < room) return 0;
    if (n > 48) qsort(m, (size_t)n, sizeof *m, cmp_decreasing);
    else
        for (int32_t i = 1; i < n; i++) { /* insertion sort, decreasing */
            uint64_t x = m[i];
            int32_t j = i;
            while (j > 0 && m[j - 1] < x) m[j] = m[j - 1], j--;
            m[j] = x;
        }
    for (int32_t i = 0; i < n; i += z)
        if ((acc += m[i]) >= room) return 1;
    return 0;
}

/* The item to branch on (see the intro); *t = 0 when an item has no
 * option cheaper than room. */
static int32_t choose(const dlxc_cost *s, uint64_t room, int32_t *t_out)
{
    const cnode *nd = s->nd;
    int32_t t = INT32_MAX, best = 0;
    uint64_t best_min = 0;
    for (int32_t k = s->next[0]; k != 0; k = s->next[k]) {
        int32_t p = nd[k].down;
        if (p == k) return *t_out = 0, k;
        uint64_t mincost = nd[p].cost;
        if (mincost >= room) return *t_out = 0, k;
        int32_t n = 1;
        if (nd[nd[k].up].cost < room) { /* the dearest is usable: all are */
            n = nd[k].itm;
            goto compare;
        }
        for (p = nd[p].down;; p = nd[p].down, n++) {
            if (p == k || nd[p].cost >= room) break;
            if (n == t) goto no_change; /* more than t usable options */
            if (n >= LENTHRESH) {
                n = nd[k].itm; /* an upper bound will do */
                break;
            }
        }
    compare:
        if (n < t || (n == t && mincost > best_min)) t = n, best = k, best_min = mincost;
    no_change:;
    }
    *t_out = t;
    return best;
}

/* ==== 5. The best list ===================================================
 *
 * A max-heap on (net cost, order found) of at most kthresh entries; once
 * it is full, its top's cost is the cut-off, and a new solution (always
 * cheaper than the cut-off) replaces the top: among the dearest, the one
 * found last.  So the list holds the k least (cost, order found) pairs.
 */
static int entry_less(const entry *a, const entry *b)
{
    return a->cost < b->cost || (a->cost == b->cost && a->found < b->found);
}

static void sift_down(entry *h, int32_t n, int32_t i)
{
    entry e = h[i];
    for (;;) {
        int32_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && entry_less(&h[c], &h[c + 1])) c++;
        if (!entry_less(&e, &h[c])) break;
        h[i] = h[c], i = c;
    }
    h[i] = e;
}

static int32_t option_id_of(const dlxc_cost *s, int32_t p)
{
    if (s->bits) return s->opt_id[s->popt[p]];
    while (s->nd[p].itm > 0) p++;
    return s->opt_id[-s->nd[p].itm - 1];
}

static int record(dlxc_cost *s, int32_t level, uint64_t cost)
{
    entry e;
    s->solutions++;
    e.cost = cost, e.found = s->solutions, e.len = level + 1;
    if (s->kept == s->kthresh) { /* replace the top, reusing its buffer */
        free(s->heap[0].ids);
        s->heap[0].ids = NULL;
        s->heap[0] = s->heap[--s->kept];
        sift_down(s->heap, s->kept, 0);
    }
    e.ids = malloc(((size_t)e.len + 1) * sizeof *e.ids);
    if (!e.ids) return DLXC_ENOMEM;
    for (int32_t l = 0; l <= level; l++) e.ids[l] = option_id_of(s, s->choice[l]);
    if (s->kept == s->heap_cap) {
        int32_t cap = s->heap_cap ? 2 * s->heap_cap : 16;
        if (cap > s->kthresh) cap = s->kthresh;
        entry *h = realloc(s->heap, (size_t)cap * sizeof *h);
        if (!h) {
            free(e.ids);
            return DLXC_ENOMEM;
        }
        s->heap = h, s->heap_cap = cap;
    }
    int32_t i = s->kept++; /* sift up */
    while (i > 0 && entry_less(&s->heap[(i - 1) / 2], &e)) {
        s->heap[i] = s->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    s->heap[i] = e;
    if (s->kept == s->kthresh) s->cutoffcost = s->heap[0].cost;
    return DLXC_DONE;
}

int32_t dlxc_cost_kept(const dlxc_cost *s) { return s->kept; }

int32_t dlxc_cost_entry_len(const dlxc_cost *s, int32_t i)
{
    return i >= 0 && i < s->kept ? s->heap[i].len : 0;
}

int dlxc_cost_entry(const dlxc_cost *s, int32_t i, uint64_t *cost, uint64_t *found, int32_t *ids)
{
    if (i < 0 || i >= s->kept) return DLXC_EINVAL;
    *cost = s->heap[i].cost + s->totaltax;
    *found = s->heap[i].found;
    memcpy(ids, s->heap[i].ids, (size_t)s->heap[i].len * sizeof *ids);
    return DLXC_DONE;
}

/* ==== 6. The resumable search ============================================
 *
 * DLX5's steps with its labels.  A run stops only as a level is entered
 * (forward), so the state kept between runs is the level, the cost so far
 * and the per-level arrays.
 */
static int bits_run(dlxc_cost *s, uint64_t node_budget);

int dlxc_cost_run(dlxc_cost *s, uint64_t node_budget)
{
    if (s->broken) return DLXC_ENOMEM; /* a solution could not be kept */
    if (s->done) return DLXC_DONE;
    if (s->bits) return bits_run(s, node_budget);
    cnode *nd = s->nd;
    uint64_t stop = s->nodes + (node_budget ? node_budget : 1);
    int32_t level = s->level, best_itm, cur_node, t;
    uint64_t curcost = s->curcost, nextcost;
    int code;
forward:
    if (s->nodes >= stop) {
        s->level = level, s->curcost = curcost;
        return DLXC_BUDGET;
    }
    s->nodes++;
    if (s->next[0] == 0) { /* no primary item at all: the empty solution */
        s->nodes++;
        code = record(s, -1, 0);
        if (code != DLXC_DONE) return s->broken = 1, code;
        goto backdown;
    }
    if (s->bound && s->cutoffcost != INFCOST && too_dear(s, s->cutoffcost - curcost)) goto backdown;
    best_itm = choose(s, s->cutoffcost - curcost, &t);
    if (t == 0) goto backdown;
    s->partcost[level] = curcost;
    cur_node = s->choice[level] = nd[best_itm].down;
    nextcost = curcost + nd[cur_node].cost;
    s->thresh0[level] = s->cutoffcost - nextcost;
    cover(s, best_itm, s->thresh0[level]);
advance:
    s->thresh[level] = s->cutoffcost - nextcost;
    commit_others(s, cur_node, s->thresh[level]);
    if (s->next[0] == 0) { /* a solution */
        s->nodes++;
        if (level + 1 > s->max_level) s->max_level = level + 1;
        code = record(s, level, nextcost);
        if (code != DLXC_DONE) return s->broken = 1, code;
        goto recover;
    }
    if (++level > s->max_level) s->max_level = level;
    curcost = nextcost;
    goto forward;
backup:
    uncover(s, best_itm, s->thresh0[level]);
backdown:
    if (level == 0) {
        s->done = 1;
        s->level = 0;
        return DLXC_DONE;
    }
    level--;
    cur_node = s->choice[level];
    best_itm = nd[cur_node].itm;
    curcost = s->partcost[level];
recover:
    uncommit_others(s, cur_node, s->thresh[level]);
    cur_node = s->choice[level] = nd[cur_node].down;
    if (cur_node == best_itm) goto backup;
    nextcost = curcost + nd[cur_node].cost;
    if (nextcost >= s->cutoffcost) goto backup;
    goto advance;
}

void dlxc_cost_get_stats(const dlxc_cost *s, dlxc_stats *out)
{
    out->solutions = s->solutions;
    out->nodes = s->nodes;
    out->updates = s->updates;
    out->cleansings = s->cleansings;
    out->level = s->level;
    out->max_level = s->max_level;
    out->done = s->done;
}

/* ==== 7. The bitset mode =================================================
 *
 * With the bound on and at most BITS_MAX_OPTIONS options, the search runs
 * on bitsets instead of dancing links.  The options are renumbered by net
 * cost (stable: the input order breaks ties), so "the options cheaper than
 * the room left" is a prefix of the positions, found by a binary search.
 * Each option has a conflict set (itself and every option that shares a
 * primary item with it, or a secondary item with another color or without
 * one), each primary item a mask of its options, and each level a copy of
 * the live set (the options compatible with the choices so far) and of the
 * active primary items.  Choosing an option is then W word operations, and
 * the scan of a node counts, for every active item, its live options below
 * the room and finds its cheapest live option (the first bit): the item to
 * branch on is the one with the fewest (ties: the dearest cheapest option,
 * then the leftmost), and the cheapest options give the bound of section 4,
 * now on the truly live options.  The options of the chosen item are tried
 * cheapest first, up to the first that reaches the cut-off.  The tree
 * differs from the dancing one (the counts are exact, the bound sharper),
 * the answers' costs do not.  Statistics: nodes and solutions as above;
 * updates count the words of the live sets written, cleansings stay 0. */
#define BITS_MAX_OPTIONS 4096
#define BITS_CONF_WORK 50000000
#define BITS_MAX_WORDS (1 << 23) /* 64 MiB of live sets, active sets and masks */

static int make_bits(dlxc_cost *s, int32_t n_primary, int32_t n_items, int32_t n_options,
                     const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors)
{
    if (n_options < 1 || n_options > BITS_MAX_OPTIONS || n_primary < 1) return DLXC_DONE;
    /* each item's options, and whether the conflict sets are cheap enough */
    int32_t *ibeg = calloc((size_t)n_items + 2, sizeof *ibeg);
    if (!ibeg) return DLXC_ENOMEM;
    for (int32_t x = 0; x < opt_start[n_options]; x++) ibeg[opt_items[x] + 1]++;
    int64_t work = 0;
    for (int32_t c = 0; c < n_items; c++) work += (int64_t)ibeg[c + 1] * ibeg[c + 1];
    int32_t P = n_options, W = (P + 63) / 64, IW = (n_primary + 63) / 64;
    /* a solution has at most min(n_primary, P) options */
    int32_t levels = (n_primary < P ? n_primary : P) + 2;
    int64_t words = (int64_t)levels * (W + IW) + (int64_t)n_primary * W;
    if (work > BITS_CONF_WORK || words > BITS_MAX_WORDS) {
        free(ibeg);
        return DLXC_DONE;
    }
    for (int32_t c = 0; c < n_items; c++) ibeg[c + 1] += ibeg[c];
    int32_t *iopt = malloc(((size_t)opt_start[n_options] + 1) * sizeof *iopt);
    int32_t *icol = malloc(((size_t)opt_start[n_options] + 1) * sizeof *icol);
    int32_t *ifill = calloc((size_t)n_items + 1, sizeof *ifill);
    int32_t *posof = malloc((size_t)P * sizeof *posof);
    uint64_t *net = malloc((size_t)P * sizeof *net);
    s->pcost = malloc(((size_t)P + 1) * sizeof *s->pcost);
    s->popt = malloc((size_t)P * sizeof *s->popt);
    s->conf = calloc((size_t)P * W, sizeof *s->conf);
    s->imask = calloc((size_t)n_primary * W, sizeof *s->imask);
    s->pstart = malloc(((size_t)P + 1) * sizeof *s->pstart);
    s->pitems = malloc(((size_t)opt_start[n_options] + 1) * sizeof *s->pitems);
    s->live = malloc((size_t)levels * W * sizeof *s->live);
    s->act = malloc((size_t)levels * IW * sizeof *s->act);
    s->at = malloc((size_t)levels * sizeof *s->at);
    s->bitm = malloc((size_t)levels * sizeof *s->bitm);
    s->iorder = malloc((size_t)n_primary * sizeof *s->iorder);
    s->use = malloc((size_t)W * sizeof *s->use);
    int code = DLXC_ENOMEM;
    if (!s->iorder || !s->use || !iopt || !icol || !ifill || !posof || !net || !s->pcost ||
        !s->popt || !s->conf || !s->imask || !s->pstart || !s->pitems || !s->live || !s->act ||
        !s->at || !s->bitm)
        goto out;
    /* the net cost of each option (its first node's), and the positions:
     * a stable sort by net cost (a merge sort through sort_list's) */
    {
        int32_t x = s->last_itm;
        for (int32_t j = 0; j < n_options; j++) {
            net[j] = s->nd[x + 1].cost;
            x += opt_start[j + 1] - opt_start[j] + 1;
        }
        for (int32_t j = 0; j < P; j++) s->popt[j] = j;
        /* insertion into runs, then merging: the simple way, P is small */
        int32_t *tmp = posof;
        for (int32_t width = 1; width < P; width *= 2)
            for (int32_t lo = 0; lo < P; lo += 2 * width) {
                int32_t mid = lo + width < P ? lo + width : P;
                int32_t hi = lo + 2 * width < P ? lo + 2 * width : P;
                int32_t i = lo, j = mid, o = lo;
                while (i < mid && j < hi)
                    tmp[o++] = net[s->popt[j]] < net[s->popt[i]] ? s->popt[j++] : s->popt[i++];
                while (i < mid) tmp[o++] = s->popt[i++];
                while (j < hi) tmp[o++] = s->popt[j++];
                memcpy(s->popt + lo, tmp + lo, (size_t)(hi - lo) * sizeof *tmp);
            }
        for (int32_t q = 0; q < P; q++) posof[s->popt[q]] = q, s->pcost[q] = net[s->popt[q]];
        s->pcost[P] = INFCOST;
    }
    /* each item's positions; the primary items of each position */
    for (int32_t j = 0; j < n_options; j++)
        for (int32_t x = opt_start[j]; x < opt_start[j + 1]; x++) {
            int32_t c = opt_items[x];
            iopt[ibeg[c] + ifill[c]] = posof[j];
            icol[ibeg[c] + ifill[c]++] = opt_colors[x];
        }
    s->pstart[0] = 0;
    for (int32_t q = 0; q < P; q++) {
        int32_t j = s->popt[q], e = s->pstart[q];
        for (int32_t x = opt_start[j]; x < opt_start[j + 1]; x++)
            if (opt_items[x] < n_primary) s->pitems[e++] = opt_items[x];
        s->pstart[q + 1] = e;
    }
    /* the conflict sets and the item masks */
    for (int32_t c = 0; c < n_items; c++)
        for (int32_t a = ibeg[c]; a < ibeg[c + 1]; a++) {
            int32_t qa = iopt[a];
            uint64_t *row = s->conf + (int64_t)qa * W;
            if (c < n_primary) s->imask[(int64_t)c * W + qa / 64] |= 1ULL << (qa & 63);
            for (int32_t b = ibeg[c]; b < ibeg[c + 1]; b++)
                if (c < n_primary || icol[a] == 0 || icol[a] != icol[b])
                    row[iopt[b] / 64] |= 1ULL << (iopt[b] & 63);
        }
    for (int32_t w = 0; w < W; w++) s->live[w] = 0;
    for (int32_t q = 0; q < P; q++) s->live[q / 64] |= 1ULL << (q & 63);
    for (int32_t w = 0; w < IW; w++) s->act[w] = 0;
    for (int32_t c = 0; c < n_primary; c++) s->act[c / 64] |= 1ULL << (c & 63);
    /* the order of the scan: the items with fewer options first, so that
     * the fewest found so far is small early and the other counts stop
     * soon (the choice itself does not depend on the order) */
    {
        int32_t n = 0;
        for (int32_t d = 0; d <= P && n < n_primary; d++)
            for (int32_t c = 0; c < n_primary; c++)
                if (ibeg[c + 1] - ibeg[c] == d) s->iorder[n++] = c;
    }
    s->P = P, s->W = W, s->IW = IW;
    s->bits = 1;
    code = DLXC_DONE;
out:
    free(ibeg), free(iopt), free(icol), free(ifill), free(posof), free(net);
    return code;
}

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define COST_X86 1
#else
#define COST_X86 0
#endif

/* The scan of a node (see above), once compiled for the popcnt instruction
 * and once for any processor: the item to branch on, or -1 when the node
 * is a dead end (an item without a live option below the room) or, with
 * check, the bound reaches the room.  R: the positions below the room. */
#define COST_SCAN(NAME, ATTR)                                                                      \
    ATTR static int32_t NAME(dlxc_cost *s, const uint64_t *live, const uint64_t *u, int32_t R,     \
                             uint64_t room, int check)                                             \
    {                                                                                              \
        int32_t W = s->W, nw = (R + 63) / 64, best = -1, t = INT32_MAX, n = 0;                     \
        uint64_t last = (R & 63) ? ~0ULL >> (64 - (R & 63)) : ~0ULL, best_min = 0;                 \
        uint64_t *sum = s->cls_sum;                                                                \
        const int32_t *cls = s->cls;                                                               \
        if (nw == 0) return -1;                                                                    \
        {                                                                                          \
            uint64_t *b = s->use;                                                                  \
            for (int32_t w = 0; w < nw; w++) b[w] = live[w];                                       \
            b[nw - 1] &= last;                                                                     \
        }                                                                                          \
        const uint64_t *a = s->use;                                                                \
        if (check)                                                                                 \
            for (int32_t i = 0; i < s->n_cls; i++) sum[i] = 0;                                     \
        for (int32_t r = 0; r < s->second - 1; r++) {                                              \
            int32_t i = s->iorder[r], first = -1, w;                                               \
            if (!(u[i / 64] >> (i & 63) & 1)) continue;                                            \
            const uint64_t *m = s->imask + (int64_t)i * W;                                         \
            int32_t cnt = 0;                                                                       \
            for (w = 0; w < nw; w++) { /* the cheapest */                                          \
                uint64_t x = a[w] & m[w];                                                          \
                if (x) {                                                                           \
                    first = w * 64 + __builtin_ctzll(x);                                           \
                    cnt = __builtin_popcountll(x);                                                 \
                    break;                                                                         \
                }                                                                                  \
            }                                                                                      \
            while (++w < nw && cnt <= t) cnt += __builtin_popcountll(a[w] & m[w]); /* the count */ \
            if (first < 0) return -1;                                                              \
            uint64_t mc = s->pcost[first];                                                         \
            if (check) {                                                                           \
                if ((sum[cls[i]] += mc) >= room) return -1;                                        \
                s->mins[n++] = mc;                                                                 \
            }                                                                                      \
            if (cnt < t || (cnt == t && (mc > best_min || (mc == best_min && i < best))))          \
                t = cnt, best = i, best_min = mc;                                                  \
        }                                                                                          \
        if (check && zmax_too_dear(s, n, room)) return -1;                                         \
        return best;                                                                               \
    }

COST_SCAN(scan_plain, )
#if COST_X86
COST_SCAN(scan_popcnt, __attribute__((target("popcnt"))))
#endif

/* the positions whose net cost is below room */
static int32_t below(const dlxc_cost *s, uint64_t room)
{
    int32_t lo = 0, hi = s->P;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (s->pcost[mid] < room) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static int bits_run(dlxc_cost *s, uint64_t node_budget)
{
    uint64_t stop = s->nodes + (node_budget ? node_budget : 1);
    int32_t level = s->level, W = s->W, IW = s->IW, item, p;
    uint64_t curcost = s->curcost;
    int code;
#if COST_X86
    int32_t (*scan)(dlxc_cost *, const uint64_t *, const uint64_t *, int32_t, uint64_t, int) =
        __builtin_cpu_supports("popcnt") ? scan_popcnt : scan_plain;
#else
    int32_t (*scan)(dlxc_cost *, const uint64_t *, const uint64_t *, int32_t, uint64_t, int) =
        scan_plain;
#endif
forward: /* a run stops only here, so the next one starts here */
    if (s->nodes >= stop) {
        s->level = level, s->curcost = curcost;
        return DLXC_BUDGET;
    }
    s->nodes++;
    {
        const uint64_t *a = s->live + (int64_t)level * W, *u = s->act + (int64_t)level * IW;
        uint64_t room = s->cutoffcost - curcost;
        item = scan(s, a, u, below(s, room), room, s->cutoffcost != INFCOST);
        if (item < 0) goto backdown;
        s->bitm[level] = item;
        s->at[level] = 0;
        s->partcost[level] = curcost;
    }
next : /* the next option of the level's item */
{
    const uint64_t *a = s->live + (int64_t)level * W;
    const uint64_t *m = s->imask + (int64_t)s->bitm[level] * W;
    int32_t q = s->at[level], w = q / 64;
    p = -1;
    if (w < W) {
        uint64_t x = a[w] & m[w] & (~0ULL << (q & 63));
        while (!x && ++w < W) x = a[w] & m[w];
        if (x) p = w * 64 + __builtin_ctzll(x);
    }
    curcost = s->partcost[level];
    if (p < 0 || curcost + s->pcost[p] >= s->cutoffcost) goto backdown;
    s->at[level] = p + 1;
    s->choice[level] = p;
    uint64_t nextcost = curcost + s->pcost[p];
    uint64_t *b = s->live + (int64_t)(level + 1) * W;
    const uint64_t *k = s->conf + (int64_t)p * W;
    for (int32_t i = 0; i < W; i++) b[i] = a[i] & ~k[i];
    s->updates += (uint64_t)W;
    uint64_t *v = s->act + (int64_t)(level + 1) * IW;
    const uint64_t *u = s->act + (int64_t)level * IW;
    uint64_t any = 0;
    for (int32_t i = 0; i < IW; i++) v[i] = u[i];
    for (int32_t e = s->pstart[p]; e < s->pstart[p + 1]; e++)
        v[s->pitems[e] / 64] &= ~(1ULL << (s->pitems[e] & 63));
    for (int32_t i = 0; i < IW; i++) any |= v[i];
    if (!any) { /* a solution */
        s->nodes++;
        if (level + 1 > s->max_level) s->max_level = level + 1;
        code = record(s, level, nextcost);
        if (code != DLXC_DONE) return s->broken = 1, code;
        goto next;
    }
    if (++level > s->max_level) s->max_level = level;
    curcost = nextcost;
    goto forward;
}
backdown:
    if (level == 0) {
        s->done = 1;
        s->level = 0;
        return DLXC_DONE;
    }
    level--;
    goto next;
}
