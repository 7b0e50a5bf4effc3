/* ssxcc.c -- XCC with sparse sets ("dancing cells"), after Knuth's SSXCC.
 *
 * Contents: 1. Intro  2. Data structures  3. Inputting the options
 *           4. The dancing  5. The resumable search
 *
 * The Python mirror (dlxc/xcc/engines/ssxcc.py) follows this file function by
 * function, with the same names and the same statistics.
 *
 * ==== 1. Intro ===========================================================
 *
 * Knuth's SSXCC (ssxcc.w, 2020-2023, after Christine Solnon's XCC with
 * dancing cells) keeps, for every item, the set of its active options as a
 * sparse set: a segment of one big array whose first size(x) entries are
 * the active ones.  Removing an option from a set swaps it to the end of
 * the active part and decrements the size; backtracking only restores the
 * sizes, which were saved on a stack, and never touches a link.  Covering
 * and purifying are one operation (hide the options of an item that do not
 * have the given color; no color: hide them all), and a covered or
 * purified item simply leaves the active list.
 *
 * Its tree differs from DLX2's in two ways that make it smaller:
 *  - while an option is being committed, an active primary item whose set
 *    becomes empty stops the commit at once (DLX2 would finish it, enter
 *    the next level, find the item with no option, and back up: one node);
 *  - an item left with one option is remembered on a stack of forced moves
 *    and taken at the next level before any choice of item.
 * Otherwise it branches as DLX2 does: on the active primary item with the
 * fewest options, the first one in input order on ties.  The statistics
 * are SSXCC's: nodes = level entries, solutions included; updates = items
 * swapped out of the active list plus options removed from a set.  dlxc's
 * figures equal those SSXCC prints for the same file.
 *
 * Historical notes (what differs from SSXCC while keeping its tree and its
 * counts):
 *  - The last level.  When one primary item p is active, every option in
 *    its set is a solution (an option still in the set of an active item
 *    contains an active primary item, so hiding p's options empties the
 *    sets of the active secondary items, and committing an option then
 *    removes nothing more).  SSXCC would swap p out, hide its options,
 *    and enter a level per option; the counts of all that are read off
 *    the options without changing the sets: one update for p, and for
 *    each option twice the number of its other items still active (once
 *    when p's options are hidden, once when the option's items are swapped
 *    out).  The same idea as dlx2.c's last level.
 *  - The sizes are saved on a stack that grows as needed, and there is no
 *    mem counting.
 *  - Measured on an AMD EPYC (Zen 3), gcc 12 -O3, search CPU time alone,
 *    pentominoes 6x10: 7.49 s as first written (SSXCC's whole run 6.83 s),
 *    5.69 s after three changes that keep every swap, so the tree and
 *    the statistics stay SSXCC's.  (1) The node is 8 bytes (itm, loc), not
 *    16: the color and the option number, which the removal loop does not
 *    read, live in arrays beside nd[], so twice as many nodes share a
 *    cache line.  (2) In that loop, "a primary item left with at most one
 *    option" is one sign test, ((ss - 2) & (uu - second)) < 0, almost never
 *    true.  Written as SSXCC writes it, with &&, gcc tested pos(uu) <
 *    active first, and that branch goes both ways whenever the hidden
 *    option shares an item with the chosen one: it mispredicted, and it
 *    cost more than the rest of the loop's branches together.  (3) The
 *    choice of item keys each active item by size * 2^32 + x (a secondary
 *    item by the largest key) instead of branching on its kind, which the
 *    active list mixes (13 queens: 0.92x the time; Langford n=11: 0.89x).
 *    Tried and dropped: 16-bit indexes and a prefetch of the next
 *    option's nodes (no better), counted loops over an option's nodes
 *    instead of the wrap-around at the spacer (slower), hide as a function
 *    of its own (pentominoes 0.84x, but 13 queens 1.2x: the calls cost),
 *    -O2 for the whole extension (pentominoes 0.95x, nothing elsewhere).
 *    Every swap has to stay: the order inside the sets, not only their
 *    sizes, decides the order of the options tried and of the forced
 *    moves, hence the tree (docs/design/xcc.md, section 7).
 */
#include "ssxcc.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ==== 2. Data structures =================================================
 *
 * nd[] holds the options, each followed by a spacer, one node per item:
 * itm = the item (its index x into set[]), loc = where the node sits in its
 * item's set.  The spacer after an option of t items has itm = -t, so that
 * walking an option's nodes from one of them wraps around with q += itm.
 * Two arrays beside nd[], indexed by node too, hold what the removal loop
 * does not read: clr[y] = the node's color (0 none), spr[y] = its option's
 * number.  (SSXCC keeps all four in one 16-byte node; see the Intro's
 * historical notes for why they are apart here.)
 * set[] holds, for the item at index x: pos(x) = set[x-2], its place in the
 * active list item[]; size(x) = set[x-1]; then its options' nodes,
 * set[x .. x+size(x)-1] active.  Invariants: pos(item[k]) = k,
 * set[nd[y].loc] = y.  Primary items come first: x < second.
 * The active items are item[0 .. active-1]; pactive of them are primary.
 */
typedef struct {
    int32_t itm, loc;
} cnode;

typedef struct {
    int32_t itm, size;
} saved_size;

enum { CS_NEW, CS_FORWARD, CS_LEAF, CS_DONE, CS_ERROR };

struct dlxc_cells {
    cnode *nd;
    int32_t *clr; /* clr[y]: node y's color */
    int32_t *spr; /* spr[y]: node y's option number */
    int32_t *set;
    int32_t *item;   /* the active list, a permutation of the items */
    int32_t *force;  /* the stack of forced moves */
    int32_t *choice; /* choice[level]: the node chosen at each level */
    int32_t *saved;  /* saved[level]: savestack size at level entry */
    int32_t *psaved; /* psaved[level]: pactive after the level's item left */
    int32_t *opt_id;
    saved_size *savestack;
    int64_t saveptr, savecap;
    int32_t n_items, n_primary, n_options, second;
    int32_t active, oactive, pactive, forced;
    int state;
    int32_t level, max_level, best_itm, cur_choice;
    int32_t split_depth; /* > 0: paths to this depth are recorded, not entered */
    int32_t floor;       /* the level a replayed subproblem starts at (0: the root) */
    uint64_t solutions, nodes, updates;
};

#define size(x) set[(x)-1]
#define pos(x) set[(x)-2]

void dlxc_cells_free(dlxc_cells *s)
{
    if (!s) return;
    free(s->nd);
    free(s->clr);
    free(s->spr);
    free(s->set);
    free(s->item);
    free(s->force);
    free(s->choice);
    free(s->saved);
    free(s->psaved);
    free(s->opt_id);
    free(s->savestack);
    free(s);
}

/* ==== 3. Inputting the options =========================================== */
int dlxc_cells_new(dlxc_cells **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                   const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                   const int32_t *opt_ids)
{
    dlxc_cells *s;
    int64_t total, n_nodes, setlength, k;
    int32_t *len = NULL, *at = NULL, *seen = NULL;
    int32_t i, j, y, x;

    if (!out) return DLXC_EINVAL;
    *out = NULL;
    if (n_primary < 0 || n_items < n_primary || n_options < 0 || !opt_start) return DLXC_EINVAL;
    if (n_options > 0 && (!opt_items || !opt_colors)) return DLXC_EINVAL;
    if (opt_start[0] != 0) return DLXC_EINVAL;
    for (j = 0; j < n_options; j++)
        if (opt_start[j + 1] <= opt_start[j]) return DLXC_EINVAL;
    total = opt_start[n_options];
    n_nodes = total + (int64_t)n_options + 1;
    setlength = total + 2 * (int64_t)n_items + 2;
    if (n_nodes >= INT32_MAX || setlength >= INT32_MAX) return DLXC_ETOOBIG;

    s = calloc(1, sizeof *s);
    if (!s) return DLXC_ENOMEM;
    len = calloc((size_t)n_items + 1, sizeof *len);
    at = calloc((size_t)n_items + 1, sizeof *at);
    seen = calloc((size_t)n_items + 1, sizeof *seen);
    s->nd = calloc((size_t)n_nodes, sizeof *s->nd);
    s->clr = calloc((size_t)n_nodes, sizeof *s->clr);
    s->spr = calloc((size_t)n_nodes, sizeof *s->spr);
    s->set = calloc((size_t)setlength, sizeof *s->set);
    s->item = malloc(((size_t)n_items + 1) * sizeof *s->item);
    s->force = malloc(((size_t)n_items + 1) * sizeof *s->force);
    s->choice = malloc(((size_t)n_primary + 2) * sizeof *s->choice);
    s->saved = calloc((size_t)n_primary + 2, sizeof *s->saved);
    s->psaved = calloc((size_t)n_primary + 2, sizeof *s->psaved);
    s->opt_id = malloc(((size_t)n_options + 1) * sizeof *s->opt_id);
    if (!len || !at || !seen || !s->nd || !s->clr || !s->spr || !s->set || !s->item || !s->force ||
        !s->choice || !s->saved || !s->psaved || !s->opt_id)
        goto nomem;

    /* check the options and count each item's */
    for (j = 0; j < n_options; j++) {
        int has_primary = 0;
        for (k = opt_start[j]; k < opt_start[j + 1]; k++) {
            int32_t it = opt_items[k], col = opt_colors[k];
            if (it < 0 || it >= n_items || col < 0) goto invalid;
            if (seen[it] == j + 1) goto invalid; /* an item twice */
            seen[it] = j + 1;
            if (it < n_primary) {
                if (col) goto invalid; /* a colored primary */
                has_primary = 1;
            }
            len[it]++;
        }
        if (!has_primary) goto invalid;
        s->opt_id[j] = opt_ids ? opt_ids[j] : j;
    }

    /* the sets: item i at x = at[i], primary items first */
    x = 2;
    for (i = 0; i < n_items; i++) {
        at[i] = x;
        s->item[i] = x;
        s->set[x - 2] = i;      /* pos */
        s->set[x - 1] = len[i]; /* size */
        x += len[i] + 2;
        len[i] = 0; /* from here on: how many are placed */
    }
    s->second = n_primary < n_items ? at[n_primary] : x;

    /* the nodes, each placed in its item's set */
    y = 1;
    for (j = 0; j < n_options; j++) {
        int32_t t = opt_start[j + 1] - opt_start[j];
        for (k = opt_start[j]; k < opt_start[j + 1]; k++, y++) {
            int32_t it = opt_items[k];
            s->nd[y].itm = at[it];
            s->clr[y] = opt_colors[k];
            s->spr[y] = j;
            s->nd[y].loc = at[it] + len[it];
            s->set[at[it] + len[it]++] = y;
        }
        s->nd[y].itm = -t; /* the spacer */
        s->spr[y] = j;
        y++;
    }

    s->n_items = n_items;
    s->n_primary = n_primary;
    s->n_options = n_options;
    s->active = n_items;
    s->pactive = n_primary;
    s->state = CS_NEW;
    free(len);
    free(at);
    free(seen);
    *out = s;
    return DLXC_DONE;

invalid:
    free(len);
    free(at);
    free(seen);
    dlxc_cells_free(s);
    return DLXC_EINVAL;
nomem:
    free(len);
    free(at);
    free(seen);
    dlxc_cells_free(s);
    return DLXC_ENOMEM;
}

/* ==== 4. The dancing =====================================================
 *
 * hide(c, color, check): remove from the sets of the other active items the
 * options of c's set that do not have c colored `color` (color 0: all of
 * them).  With check, an active primary item left with one option goes on
 * the force stack, and one left with none stops hide at once (returns 0):
 * this option cannot be part of a solution.  Items at positions below
 * oactive are those active before the current option's items left the
 * active list; their sets are kept up to date.
 */
typedef struct {
    cnode *nd;
    const int32_t *clr;
    int32_t *set, *force;
    int32_t active, oactive, second, forced;
    uint64_t updates;
} dance;

static inline int hide(dance *d, int32_t c, int32_t color, int check)
{
    cnode *const nd = d->nd;
    int32_t *const set = d->set;
    /* locals, so that the stores into set[] do not make the compiler
     * reload them: the inner loop is where the time goes */
    const int32_t active = d->active, oactive = d->oactive, second = d->second;
    int32_t rr, end = c + size(c), forced = d->forced;
    uint64_t updates = d->updates;
    int ok = 1;
    for (rr = c; rr < end; rr++) {
        int32_t tt = set[rr], nn;
        if (color && d->clr[tt] == color) continue;
        /* remove option tt from the other sets it is in */
        for (nn = tt + 1; nn != tt;) {
            int32_t uu = nd[nn].itm, vv, ss, nnp;
            if (uu < 0) {
                nn += uu;
                continue;
            }
            if (pos(uu) < oactive) {
                ss = size(uu) - 1;
                /* a primary item left with at most one option: both
                 * differences negative.  One test that is almost never
                 * true, so that it predicts well; see the Intro */
                if (((ss - 2) & (uu - second)) < 0) {
                    if (check && pos(uu) < active) {
                        if (ss == 0) {
                            ok = 0;
                            goto out;
                        }
                        d->force[forced++] = uu;
                    }
                }
                vv = nd[nn].loc;
                nnp = set[uu + ss];
                size(uu) = ss;
                set[uu + ss] = nn;
                set[vv] = nnp;
                nd[nn].loc = uu + ss;
                nd[nnp].loc = vv;
                updates++;
            }
            nn++;
        }
    }
out:
    d->forced = forced;
    d->updates = updates;
    return ok;
}

/* swap item c out of the active list (it is at a position below *active) */
static inline void swap_out(int32_t *set, int32_t *item, int32_t c, int32_t *active)
{
    int32_t p = --*active, pp = pos(c), cc = item[p];
    item[p] = c;
    item[pp] = cc;
    pos(cc) = pp;
    pos(c) = p;
}

/* ==== 5. The resumable search ============================================
 *
 * dlxc_cells_run is SSXCC's loop as a state machine, as dlxc_run is DLX2's:
 * it returns when the node budget is spent (at a level entry, or between
 * two solutions of the last level), when the buffer or max_solutions is
 * full, or at the end, and the next call goes on from there.
 */
/* a record: k and the ids of the options chosen at levels 0 .. k-1; a
 * split path is written with -k in place of k */
static int record(const dlxc_cells *s, int32_t k, int32_t *buf, int64_t buf_len, int64_t *used,
                  int64_t *room)
{
    int32_t l, path = k < 0;
    if (path) k = -k;
    if (!buf) return 1;
    if (*room == 0 || *used + k + 1 > buf_len) return 0;
    (*room)--;
    buf[(*used)++] = path ? -k : k;
    for (l = 0; l < k; l++) buf[(*used)++] = s->opt_id[s->spr[s->choice[l]]];
    return 1;
}

static int save_sizes(dlxc_cells *s, int32_t level, int32_t active)
{
    int32_t p;
    saved_size *v;
    if (s->saveptr + active > s->savecap) {
        int64_t cap = s->savecap ? 2 * s->savecap : 1024;
        while (cap < s->saveptr + active) cap *= 2;
        v = realloc(s->savestack, (size_t)cap * sizeof *v);
        if (!v) return DLXC_ENOMEM;
        s->savestack = v;
        s->savecap = cap;
    }
    { /* locals: the stores into v[] cannot change them */
        const int32_t *item = s->item, *set = s->set;
        v = s->savestack + s->saveptr;
        for (p = 0; p < active; p++) {
            int32_t x = item[p];
            v[p].itm = x;
            v[p].size = size(x);
        }
    }
    s->saveptr += active;
    s->saved[level + 1] = (int32_t)s->saveptr;
    return DLXC_DONE;
}

void dlxc_cells_get_stats(const dlxc_cells *s, dlxc_stats *out)
{
    out->solutions = s->solutions;
    out->nodes = s->nodes;
    out->updates = s->updates;
    out->cleansings = 0;
    out->level = s->level;
    out->max_level = s->max_level;
    out->done = s->state == CS_DONE;
}

#define COUNTER_CEILING (UINT64_C(1) << 62)

int dlxc_cells_run(dlxc_cells *s, uint64_t node_budget, int64_t max_solutions, int32_t *buf,
                   int64_t buf_len, int64_t *buf_used)
{
    dance d;
    cnode *nd;
    int32_t *set, *item;
    int32_t level, best_itm, cur_choice, cur_node, pactive, oactive;
    uint64_t nodes, solutions, limit;
    int64_t used = 0, room = max_solutions > 0 ? max_solutions : -1;
    int status;

    if (buf_used) *buf_used = 0;
    if (!s) return DLXC_EINVAL;
    if (s->state == CS_ERROR) return DLXC_EINVAL;
    if (buf && buf_len < (int64_t)s->n_primary + 2) return DLXC_EBUFFER;
    if (s->split_depth && !buf) return DLXC_EINVAL;
    if (s->state == CS_DONE) return DLXC_DONE;

    nd = d.nd = s->nd;
    d.clr = s->clr;
    set = d.set = s->set;
    item = s->item;
    d.force = s->force;
    d.second = s->second;
    d.active = s->active;
    d.oactive = oactive = s->oactive;
    d.forced = s->forced;
    d.updates = s->updates;
    pactive = s->pactive;
    nodes = s->nodes;
    solutions = s->solutions;
    level = s->level;
    best_itm = s->best_itm;
    cur_choice = s->cur_choice;
    limit = node_budget > UINT64_MAX - nodes ? UINT64_MAX : nodes + node_budget;

    switch (s->state) {
    case CS_NEW: {
        int32_t k;
        level = 0;
        /* a primary item without options: no solution (SSXCC's baditem) */
        for (k = 0; k < s->n_primary; k++)
            if (size(item[k]) == 0) goto done;
        goto forward;
    }
    case CS_FORWARD: goto forward;
    case CS_LEAF: goto leaf;
    default: return DLXC_EINVAL;
    }

forward: /* enter a level */
    if (nodes >= limit) {
        s->state = CS_FORWARD;
        status = DLXC_BUDGET;
        goto out;
    }
    if (pactive == 0) { /* every primary item is covered */
        if (!record(s, level, buf, buf_len, &used, &room)) {
            s->state = CS_FORWARD;
            status = DLXC_BATCH;
            goto out;
        }
        d.forced = 0; /* what is left on it is inactive */
        nodes++;
        solutions++;
        if (level > s->max_level) s->max_level = level;
        goto backup;
    }
    if (level == s->split_depth && level > 0) {
        /* a subproblem for another solver: hand over its path */
        if (!record(s, -level, buf, buf_len, &used, &room)) {
            s->state = CS_FORWARD;
            status = DLXC_BATCH;
            goto out;
        }
        d.forced = 0; /* what the path's commit pushed belongs to its subtree */
        goto backup;
    }
    nodes++;
    if (level > s->max_level) s->max_level = level;
    if (pactive == 1) { /* the last level; see the Intro */
        int32_t k;
        for (k = 0; item[k] >= d.second; k++) {}
        best_itm = item[k];
        d.forced = 0;
        d.updates++; /* what swapping best_itm out would count */
        cur_choice = best_itm;
        goto leaf;
    }
    /* forced moves first */
    while (d.forced) {
        best_itm = d.force[--d.forced];
        if (pos(best_itm) < d.active) goto forced;
    }
    { /* the item with fewest options, forced ones aside.  The key
         * size(x) * 2^32 + x orders by size, then by input order; a
         * secondary item gets the largest key, so that no branch asks
         * which kind x is (that one mispredicts: the kinds are mixed) */
        const int32_t active = d.active, second = d.second;
        uint64_t best = UINT64_MAX;
        int32_t k;
        for (k = 0; k < active; k++) {
            int32_t x = item[k];
            uint64_t key = (uint64_t)(uint32_t)size(x) << 32 | (uint32_t)x;
            key = x < second ? key : UINT64_MAX;
            if (key < (UINT64_C(2) << 32)) d.force[d.forced++] = x; /* size <= 1 */
            else best = key < best ? key : best;
        }
        if (d.forced) {
            best_itm = d.force[--d.forced];
            goto forced;
        }
        best_itm = (int32_t)(uint32_t)best;
    }
    swap_out(set, item, best_itm, &d.active);
    d.updates++;
    pactive--;
    d.oactive = oactive = d.active;
    hide(&d, best_itm, 0, 0);
    cur_choice = best_itm;
    if (save_sizes(s, level, d.active) != DLXC_DONE) {
        s->state = CS_ERROR;
        status = DLXC_ENOMEM;
        goto out;
    }
    s->psaved[level] = pactive;
    goto advance;

forced: /* best_itm has one option left: no sizes to save */
    swap_out(set, item, best_itm, &d.active);
    d.updates++;
    pactive--;
    d.oactive = oactive = d.active;
    hide(&d, best_itm, 0, 0);
    cur_choice = best_itm;
    s->saved[level + 1] = (int32_t)s->saveptr;
    s->psaved[level] = pactive;

advance: /* try the option at cur_choice */
    cur_node = s->choice[level] = set[cur_choice];
    { /* swap out the option's other active items */
        int32_t q, p = d.active;
        d.oactive = oactive = p;
        for (q = cur_node + 1; q != cur_node;) {
            int32_t c = nd[q].itm;
            if (c < 0) {
                q += c;
                continue;
            }
            if (pos(c) < p) {
                swap_out(set, item, c, &p);
                d.updates++;
                if (c < d.second) pactive--;
            }
            q++;
        }
        d.active = p;
        /* hide the other options of those items, or give up on this one */
        for (q = cur_node + 1; q != cur_node;) {
            int32_t c = nd[q].itm;
            if (c < 0) {
                q += c;
                continue;
            }
            if (c < d.second) {
                if (!hide(&d, c, 0, 1)) {
                    d.forced = 0;
                    goto abort;
                }
            } else if (pos(c) < oactive && !hide(&d, c, s->clr[q], 1)) {
                d.forced = 0;
                goto abort;
            }
            q++;
        }
    }
    level++;
    goto forward;

backup:
    if (level == s->floor) goto done;
    level--;
    cur_node = s->choice[level];
    best_itm = nd[cur_node].itm;
    cur_choice = nd[cur_node].loc;
abort: /* on to the next option of best_itm, if there is one */
    if (cur_choice + 1 >= best_itm + size(best_itm)) goto backup;
    {
        int64_t p, top = s->saved[level + 1], bottom = s->saved[level];
        const saved_size *v = s->savestack;
        s->saveptr = top;
        d.active = (int32_t)(top - bottom);
        for (p = bottom; p < top; p++) size(v[p].itm) = v[p].size;
        pactive = s->psaved[level];
    }
    cur_choice++;
    goto advance;

leaf: /* every option of best_itm completes a solution; see Intro */
    while (cur_choice < best_itm + size(best_itm)) {
        int32_t o = set[cur_choice], q, a = 0;
        if (nodes >= limit) {
            s->state = CS_LEAF;
            status = DLXC_BUDGET;
            goto out;
        }
        s->choice[level] = o;
        if (!record(s, level + 1, buf, buf_len, &used, &room)) {
            s->state = CS_LEAF;
            status = DLXC_BATCH;
            goto out;
        }
        for (q = o + 1; q != o;) {
            int32_t c = nd[q].itm;
            if (c < 0) {
                q += c;
                continue;
            }
            if (pos(c) < d.active) a++;
            q++;
        }
        d.updates += 2 * (uint64_t)a;
        nodes++;
        solutions++;
        if (level + 1 > s->max_level) s->max_level = level + 1;
        cur_choice++;
    }
    goto backup;

done:
    s->state = CS_DONE;
    status = DLXC_DONE;

out:
    s->active = d.active;
    s->oactive = oactive;
    s->forced = d.forced;
    s->updates = d.updates;
    s->pactive = pactive;
    s->nodes = nodes;
    s->solutions = solutions;
    s->level = level;
    s->best_itm = best_itm;
    s->cur_choice = cur_choice;
    if (buf_used) *buf_used = used;
    if (status >= 0 && (nodes >= COUNTER_CEILING || d.updates >= COUNTER_CEILING)) {
        s->state = CS_ERROR;
        return DLXC_EOVERFLOW;
    }
    return status;
}

int dlxc_cells_set_split(dlxc_cells *s, int32_t depth)
{
    if (!s || s->state != CS_NEW || depth < 0) return DLXC_EINVAL;
    s->split_depth = depth;
    return DLXC_DONE;
}

/* Commit the path of option ids as a split run records them and start the
 * search at the level below it, counters from zero (as dlxc_bits_replay).
 * Each option is committed as the search commits a forced move: its first
 * primary item leaves the active list, then its other items.  The order
 * inside the sets after this differs from the split run's, whose history
 * was longer, so the subtree below is searched in another order and may
 * have another number of nodes; its solutions are the same ones, all the
 * completions of the path.  Only a fresh solver replays. */
int dlxc_cells_replay(dlxc_cells *s, const int32_t *path, int32_t len)
{
    dance d;
    cnode *nd;
    int32_t *set, *item;
    int32_t l, k, pactive;
    if (!s || s->state != CS_NEW || s->split_depth || len < 0 || len > s->n_primary ||
        (len && !path))
        return DLXC_EINVAL;
    nd = d.nd = s->nd;
    d.clr = s->clr;
    set = d.set = s->set;
    item = s->item;
    d.force = s->force;
    d.second = s->second;
    d.active = d.oactive = s->active;
    d.forced = 0;
    d.updates = 0;
    pactive = s->pactive;
    for (k = 0; k < s->n_primary; k++)
        if (size(item[k]) == 0) goto invalid; /* no solution: no subproblem */
    for (l = 0; l < len; l++) {
        int32_t j, y, c, q, p;
        for (j = 0; j < s->n_options && s->opt_id[j] != path[l]; j++) {}
        if (j == s->n_options || pactive == 0) goto invalid;
        /* the option's first node, then its first primary item's */
        for (y = 1; s->spr[y] != j; y++) {}
        while (nd[y].itm >= d.second) y++;
        c = nd[y].itm;
        if (c < 0) goto invalid;                               /* no primary item: cannot be */
        if (c >= d.second || pos(c) >= d.active) goto invalid; /* covered already */
        /* is the option still in c's set? */
        if (nd[y].loc >= c + size(c)) goto invalid;
        swap_out(set, item, c, &d.active);
        pactive--;
        d.oactive = d.active;
        hide(&d, c, 0, 0);
        s->choice[l] = y;
        p = d.active;
        d.oactive = p;
        for (q = y + 1; q != y;) {
            int32_t cc = nd[q].itm;
            if (cc < 0) {
                q += cc;
                continue;
            }
            if (pos(cc) < p) {
                swap_out(set, item, cc, &p);
                if (cc < d.second) pactive--;
            }
            q++;
        }
        d.active = p;
        for (q = y + 1; q != y;) {
            int32_t cc = nd[q].itm;
            if (cc < 0) {
                q += cc;
                continue;
            }
            if (cc < d.second) {
                if (!hide(&d, cc, 0, 1)) goto invalid;
            } else if (pos(cc) < d.oactive && !hide(&d, cc, s->clr[q], 1)) {
                goto invalid;
            }
            q++;
        }
    }
    if (len && pactive == 0) goto invalid; /* a solution, not a subtree */
    s->active = d.active;
    s->oactive = d.oactive;
    s->pactive = pactive;
    s->forced = 0; /* the search looks for items of one option itself */
    s->saveptr = 0;
    s->saved[len] = 0;
    s->level = s->floor = len;
    s->nodes = s->solutions = s->updates = 0;
    s->max_level = 0;
    s->state = CS_FORWARD;
    return DLXC_DONE;
invalid:
    s->state = CS_ERROR;
    return DLXC_EINVAL;
}

/* Knuth's estimate of the fraction of the tree explored: level l is at its
 * k-th of d options (SSXCC's print_progress). */
double dlxc_cells_progress(const dlxc_cells *s)
{
    const int32_t *set = s->set;
    double f = 0.0, fd = 1.0;
    int32_t l, top;
    if (s->state == CS_DONE) return 1.0;
    if (s->state == CS_NEW) return 0.0;
    top = s->state == CS_LEAF ? s->level + 1 : s->level;
    for (l = 0; l < top && fd < 1e300; l++) {
        int32_t c, k, d;
        if (l == s->level) {
            c = s->best_itm;
            k = s->cur_choice - c + 1;
        } else {
            c = s->nd[s->choice[l]].itm;
            k = s->nd[s->choice[l]].loc - c + 1;
        }
        d = size(c);
        if (d < k) d = k;
        fd *= d;
        f += (k - 1) / fd;
    }
    f += 0.5 / fd;
    return f > 1.0 ? 1.0 : f;
}
