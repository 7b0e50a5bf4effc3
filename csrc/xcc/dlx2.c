/* dlx2.c -- Algorithm C (exact covering with colors), after Knuth's DLX2.
 *
 * Contents: 1. Intro  2. Data structures  3. Inputting the options
 *           4. The dancing  5. The resumable search  6. Index of status codes
 *
 * The Python mirror (dlxc/xcc/engines/dlx2.py) follows this file function by
 * function, with the same names, so a reader can hold the two side by side.
 */

/* ==== 1. Intro ===========================================================
 *
 * Items are primary (covered exactly once) or secondary (covered at most
 * once, or any number of times with one color).  The search is DLX2's:
 * choose the active primary item with the fewest options (leftmost on
 * ties, or a seeded random one among the ties), cover it, try its options
 * top to bottom, commit the other items of each option (cover an uncolored
 * one, purify a colored one), and go one level deeper.
 *
 * The statistics follow DLX2's conventions exactly (see docs/design/xcc.md):
 * nodes = level entries + solutions; updates = unlinks of items from their
 * item lists and of nodes from their option lists; cleansings = purify
 * calls + nodes marked by purify.
 *
 * Historical notes (why this file differs from DLX2 while keeping its tree
 * and its counts):
 *  - Secondary items carry no length.  Nothing reads it (only primary items
 *    are branched on), and DLX2's own notes put its upkeep near a fifth of
 *    the memory traffic on word search.
 *  - Secondary items sit in no item list: cover() counts the update DLX2
 *    makes when it unlinks one, but touches no memory for it.
 *  - The last level.  When one primary item p is left, every option still
 *    in p's list is a solution: the options of every other primary item
 *    were hidden when that item was covered, and purify hid every option
 *    whose color disagrees.  DLX2 would cover p (hiding all of p's
 *    options), then commit each option, find the root list empty and
 *    uncommit it.  Nothing of that changes the answer, only the counts, and
 *    the counts can be read off the options without moving a link: hiding
 *    an option unlinks each of its unmarked nodes (one update each), and
 *    then, with every list emptied, committing it costs one update per
 *    uncolored item and one cleansing per unmarked colored item.  So the
 *    last level is a read-only walk over p's options that adds exactly
 *    DLX2's counts.  On the 8x8 word search 123.8 million of the 125.1
 *    million nodes are such leaves; covering p for real took 6.0 s there,
 *    the walk takes a fraction of it (README, Performance).
 */
#include "dlxc.h"
#include "splitmix64.h"
#include <stdlib.h>
#include <string.h>

#define DLXC_VERSION_STRING DLXC_PACKAGE_VERSION
#ifndef DLXC_PACKAGE_VERSION
#define DLXC_PACKAGE_VERSION "unknown"
#endif

/* ==== 2. Data structures =================================================
 *
 * nd[] holds every node in 16 bytes, so that one node is one memory access.
 *  - nd[1..n_items] are the item headers: up/down are the ends of the
 *    item's list of options; for a primary item, itm holds len, the number
 *    of active options containing it.
 *  - Then options follow, each preceded by a spacer.  For an option node,
 *    itm is its item and color its color (0 none, > 0 a color, -1 marked:
 *    Knuth's COMMITTED sticker, set by purify on same-colored nodes).
 *  - A spacer has itm <= 0: the spacer before the j-th option (0-based)
 *    has itm = -j.  Its up field is the first node of the option before it,
 *    its down field the last node of the option after it.
 * cl[] is the circular list of active primary items, root 0.
 */
typedef struct {
    int32_t up, down;
    int32_t itm; /* item of an option node; len of a primary header */
    int32_t color;
} node;

typedef struct {
    int32_t prev, next;
} item_link;

enum { ST_NEW, ST_FORWARD, ST_SOLUTION, ST_LEAF, ST_DONE, ST_ERROR };

typedef struct memo_table memo_table; /* section 6 */
static void memo_free(memo_table *m);

struct dlxc_solver {
    node *nd;
    item_link *cl;
    int32_t *opt_id; /* id of the j-th option */
    int32_t *choice; /* choice[level]: the node tried at each level */
    int32_t n_primary, n_items, n_options, second, last_node;
    /* search state, saved between calls */
    int state;
    int32_t level, max_level, best_itm, cur_node;
    int32_t floor;       /* the search is over when it backs up past this */
    int32_t split_depth; /* > 0: paths to this depth are recorded, not entered */
    uint64_t solutions, nodes, updates, cleansings;
    uint64_t rng;
    int randomize;
    memo_table *memo; /* NULL unless dlxc_set_memo was called */
};

const char *dlxc_version(void) { return DLXC_VERSION_STRING; }

const char *dlxc_strerror(int code)
{
    switch (code) {
    case DLXC_DONE: return "search complete";
    case DLXC_BATCH: return "solution buffer full";
    case DLXC_BUDGET: return "node budget spent";
    case DLXC_ENOMEM: return "out of memory";
    case DLXC_EINVAL: return "malformed problem arrays";
    case DLXC_ETOOBIG: return "problem too large for 32-bit node links";
    case DLXC_EOVERFLOW: return "a 64-bit counter would overflow";
    case DLXC_EBUFFER: return "solution buffer too small for one solution";
    default: return "unknown status code";
    }
}

void dlxc_free(dlxc_solver *s)
{
    if (!s) return;
    free(s->nd);
    free(s->cl);
    free(s->opt_id);
    free(s->choice);
    memo_free(s->memo);
    free(s);
}

/* ==== 3. Inputting the options ===========================================
 *
 * The caller hands over validated compact arrays (the Python side checks
 * names, duplicates and colors and reports them with file and line); this
 * function checks them again cheaply so that bad arrays give DLXC_EINVAL
 * rather than a crash.
 */
int dlxc_new(dlxc_solver **out, int32_t n_primary, int32_t n_items, int32_t n_options,
             const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
             const int32_t *opt_ids, uint64_t seed, int randomize)
{
    dlxc_solver *s;
    int64_t total, n_nodes, k;
    /* per item while the options go in: the last node in its list (then,
     * going up, the first), and the last option that had it (+1), side by
     * side in 8 bytes rather than in nd[]'s 16-byte headers and a second
     * array: with 100,000 items each node reads one cache line, not two */
    struct {
        int32_t end, seen;
    } *seen = NULL;
    int32_t i, j, x, last_spacer;

    if (!out) return DLXC_EINVAL;
    *out = NULL;
    if (n_primary < 0 || n_items < n_primary || n_options < 0 || !opt_start) return DLXC_EINVAL;
    if (n_options > 0 && (!opt_items || !opt_colors)) return DLXC_EINVAL;
    if (opt_start[0] != 0) return DLXC_EINVAL;
    for (j = 0; j < n_options; j++)
        if (opt_start[j + 1] <= opt_start[j]) return DLXC_EINVAL;
    total = opt_start[n_options];
    n_nodes = (int64_t)n_items + 1 + total + (int64_t)n_options + 1;
    if (n_nodes >= INT32_MAX) return DLXC_ETOOBIG;

    s = calloc(1, sizeof *s);
    if (!s) return DLXC_ENOMEM;
    s->nd = calloc((size_t)n_nodes, sizeof(node));
    s->cl = calloc((size_t)n_primary + 2, sizeof(item_link));
    s->opt_id = malloc(((size_t)n_options + 1) * sizeof(int32_t));
    s->choice = malloc(((size_t)n_primary + 2) * sizeof(int32_t));
    seen = calloc((size_t)n_items + 1, sizeof *seen);
    if (!s->nd || !s->cl || !s->opt_id || !s->choice || !seen) goto nomem;

    s->n_primary = n_primary;
    s->n_items = n_items;
    s->n_options = n_options;
    s->second = n_primary + 1;

    /* the primary items in a circular list, headers with empty lists */
    for (i = 0; i <= n_primary; i++) {
        s->cl[i].prev = i == 0 ? n_primary : i - 1;
        s->cl[i].next = i == n_primary ? 0 : i + 1;
    }
    for (i = 1; i <= n_items; i++) {
        s->nd[i].up = s->nd[i].down = i;
        s->nd[i].itm = 0;
        seen[i].end = i;
    }

    /* options, each after a spacer, appended to the bottom of the lists */
    x = n_items + 1; /* the first spacer */
    s->nd[x].itm = 0;
    s->nd[x].up = s->nd[x].down = 0;
    last_spacer = x;
    for (j = 0; j < n_options; j++) {
        int has_primary = 0;
        int32_t first = x + 1;
        for (k = opt_start[j]; k < opt_start[j + 1]; k++) {
            int32_t it = opt_items[k], col = opt_colors[k], c;
            if (it < 0 || it >= n_items || col < 0) goto invalid;
            c = it + 1;
            if (seen[c].seen == j + 1) goto invalid; /* item twice */
            seen[c].seen = j + 1;
            if (c <= n_primary) {
                if (col) goto invalid; /* colored primary */
                has_primary = 1;
            }
            x++;
            s->nd[x].itm = c;
            s->nd[x].color = col;
            s->nd[x].up = seen[c].end; /* the down links: below */
            seen[c].end = x;
            if (c <= n_primary) s->nd[c].itm++; /* len */
        }
        if (!has_primary) goto invalid;
        s->nd[last_spacer].down = x; /* last node of option */
        x++;                         /* the next spacer */
        s->nd[x].itm = -(j + 1);
        s->nd[x].up = first;
        last_spacer = x;
        s->opt_id[j] = opt_ids ? opt_ids[j] : j;
    }
    s->nd[last_spacer].down = 0;
    s->last_node = x;
    for (i = 1; i <= n_items; i++) {
        s->nd[i].up = seen[i].end;
        seen[i].end = i;
    }
    /* The down links, in a pass from the last node up: each node's down is
     * the node of its item met last in that pass.  Setting them as the
     * options go in would write to the node above, anywhere in nd[]: a
     * cache miss per node on a big problem (about half the time of this
     * function for ten million nodes over 100,000 items). */
    for (k = x - 1; k > n_items + 1; k--) {
        int32_t c = s->nd[k].itm;
        if (c <= 0) continue; /* a spacer */
        s->nd[k].down = seen[c].end;
        seen[c].end = (int32_t)k;
    }
    for (i = 1; i <= n_items; i++) s->nd[i].down = seen[i].end;
    free(seen);

    s->rng = seed;
    s->randomize = randomize != 0;
    s->state = ST_NEW;
    *out = s;
    return DLXC_DONE;

invalid:
    free(seen);
    dlxc_free(s);
    return DLXC_EINVAL;
nomem:
    free(seen);
    dlxc_free(s);
    return DLXC_ENOMEM;
}

/* ==== 4. The dancing =====================================================
 *
 * Invariant: the len of a primary item is the number of active options in
 * its list.  A node whose color is -1 (marked by purify) stays in its list
 * while its item's color is fixed, so hide() passes over it and unhide()
 * does too; unpurify() peels the mark off.  The color field of a secondary
 * item's header tells its state: 0 untouched, -1 covered, c > 0 purified
 * to color c (DLX2 keeps the color there too); memo keys read it.
 */
typedef struct {
    uint64_t updates, cleansings;
} counts;

/* hide: unlink the other nodes of the option of node p from their lists */
static inline void hide(node *nd, int32_t second, int32_t p, counts *ct)
{
    int32_t q = p + 1;
    while (q != p) {
        int32_t c = nd[q].itm;
        if (c <= 0) { /* a spacer: back to the option's start */
            q = nd[q].up;
            continue;
        }
        if (nd[q].color >= 0) {
            int32_t u = nd[q].up, d = nd[q].down;
            nd[u].down = d;
            nd[d].up = u;
            ct->updates++;
            if (c < second) nd[c].itm--;
        }
        q++;
    }
}

static inline void unhide(node *nd, int32_t second, int32_t p)
{
    int32_t q = p - 1;
    while (q != p) {
        int32_t c = nd[q].itm;
        if (c <= 0) { /* a spacer: on to the option's end */
            q = nd[q].down;
            continue;
        }
        if (nd[q].color >= 0) {
            int32_t u = nd[q].up, d = nd[q].down;
            nd[u].down = q;
            nd[d].up = q;
            if (c < second) nd[c].itm++;
        }
        q--;
    }
}

/* cover: remove item c from the active items and hide its options */
static inline void cover(dlxc_solver *s, int32_t c, counts *ct)
{
    node *nd = s->nd;
    int32_t p;
    if (c < s->second) {
        int32_t l = s->cl[c].prev, r = s->cl[c].next;
        s->cl[l].next = r;
        s->cl[r].prev = l;
    } else nd[c].color = -1;
    ct->updates++; /* a secondary item is unlinked only on paper */
    for (p = nd[c].down; p != c; p = nd[p].down) hide(nd, s->second, p, ct);
}

static inline void uncover(dlxc_solver *s, int32_t c)
{
    node *nd = s->nd;
    int32_t p;
    for (p = nd[c].up; p != c; p = nd[p].up) unhide(nd, s->second, p);
    if (c < s->second) {
        int32_t l = s->cl[c].prev, r = s->cl[c].next;
        s->cl[l].next = c;
        s->cl[r].prev = c;
    } else nd[c].color = 0;
}

/* purify: node p colors its item x; hide the options that color x
 * differently and mark (stick COMMITTED on) those that agree */
static inline void purify(node *nd, int32_t second, int32_t p, counts *ct)
{
    int32_t c = nd[p].itm, x = nd[p].color, q;
    nd[c].color = x;
    ct->cleansings++;
    for (q = nd[c].down; q != c; q = nd[q].down) {
        if (nd[q].color != x) hide(nd, second, q, ct);
        else if (q != p) {
            nd[q].color = -1;
            ct->cleansings++;
        }
    }
}

static inline void unpurify(node *nd, int32_t second, int32_t p)
{
    int32_t c = nd[p].itm, x = nd[p].color, q;
    for (q = nd[c].up; q != c; q = nd[q].up) {
        if (nd[q].color < 0) nd[q].color = x;
        else if (q != p) unhide(nd, second, q);
    }
    nd[c].color = 0;
}

/* commit / uncommit: the other items of a chosen option */
static inline void commit(dlxc_solver *s, int32_t p, counts *ct)
{
    node *nd = s->nd;
    int32_t q = p + 1;
    while (q != p) {
        int32_t c = nd[q].itm;
        if (c <= 0) {
            q = nd[q].up;
            continue;
        }
        if (nd[q].color == 0) cover(s, c, ct);
        else if (nd[q].color > 0) purify(nd, s->second, q, ct);
        q++;
    }
}

static inline void uncommit(dlxc_solver *s, int32_t p)
{
    node *nd = s->nd;
    int32_t q = p - 1;
    while (q != p) {
        int32_t c = nd[q].itm;
        if (c <= 0) {
            q = nd[q].down;
            continue;
        }
        if (nd[q].color == 0) uncover(s, c);
        else if (nd[q].color > 0) unpurify(nd, s->second, q);
        q--;
    }
}

/* ==== 5. The resumable search ============================================
 *
 * dlxc_run is Algorithm C written as a state machine: every place where it
 * may return (a level entry when the budget is spent, a solution that does
 * not fit in the buffer, the next option of the last level) saves what the
 * next call needs in the solver, and the next call jumps straight back.
 *
 * Two extensions serve parallel counting.  With a split depth d, a path of
 * d choices is written to the buffer (as -d and d option ids) instead of
 * entering level d.  dlxc_replay() takes such a path, commits it level by
 * level with the same branching rule, and sets the floor to d: that solver
 * then searches the subtree below the path only, counting from zero.  The
 * split run counts what lies above depth d, the subproblems what lies
 * below, so their sums are the serial run's counts exactly.
 */
static int32_t option_id_of(const dlxc_solver *s, int32_t p)
{
    const node *nd = s->nd;
    while (nd[p].itm > 0) p++; /* the spacer after the option */
    return s->opt_id[-nd[p].itm - 1];
}

/* Write choice[0..level] as one record headed by tag (level+1 for a
 * solution, -(level+1) for a split path); 0 if it does not fit or the call
 * has recorded max_solutions already. */
static int record(dlxc_solver *s, int32_t level, int32_t tag, int32_t *buf, int64_t buf_len,
                  int64_t *used, int64_t *room)
{
    int32_t l;
    if (!buf) return 1;
    if (*room == 0 || *used + level + 2 > buf_len) return 0;
    (*room)--;
    buf[(*used)++] = tag;
    for (l = 0; l <= level; l++) buf[(*used)++] = option_id_of(s, s->choice[l]);
    return 1;
}

/* C3: the active primary item with fewest options, leftmost on ties, or
 * (randomize) one of the ties chosen by reservoir sampling */
static int32_t choose(dlxc_solver *s, int randomize)
{
    const node *nd = s->nd;
    const item_link *cl = s->cl;
    int32_t k, t = INT32_MAX, best = 0, ties = 0;
    for (k = cl[0].next; k != 0; k = cl[k].next) {
        int32_t len = nd[k].itm;
        if (len < t) {
            best = k;
            t = len;
            ties = 1;
            if (t == 0) break;
        } else if (len == t && randomize) {
            ties++;
            if (splitmix64(&s->rng) % (uint64_t)ties == 0) best = k;
        }
    }
    return best;
}

int32_t dlxc_max_solution_length(const dlxc_solver *s) { return s->n_primary; }

void dlxc_get_stats(const dlxc_solver *s, dlxc_stats *out)
{
    out->solutions = s->solutions;
    out->nodes = s->nodes;
    out->updates = s->updates;
    out->cleansings = s->cleansings;
    out->level = s->level;
    out->max_level = s->max_level;
    out->done = s->state == ST_DONE;
}

int dlxc_set_split(dlxc_solver *s, int32_t depth)
{
    if (!s || s->state != ST_NEW || depth < 0 || s->memo) return DLXC_EINVAL;
    s->split_depth = depth;
    return DLXC_DONE;
}

int dlxc_replay(dlxc_solver *s, const int32_t *path, int32_t len)
{
    counts ct = {0, 0};
    int32_t l;
    if (!s || s->state != ST_NEW || s->randomize || len < 0 || len > s->n_primary || (len && !path))
        return DLXC_EINVAL;
    for (l = 0; l < len; l++) {
        int32_t best, p;
        if (s->cl[0].next == 0) goto invalid; /* the path went past a solution */
        best = choose(s, 0);
        cover(s, best, &ct);
        for (p = s->nd[best].down; p != best; p = s->nd[p].down)
            if (option_id_of(s, p) == path[l]) break;
        if (p == best) goto invalid; /* not an option of this item */
        s->choice[l] = p;
        commit(s, p, &ct);
    }
    if (len && s->cl[0].next == 0) goto invalid; /* a solution, not a subtree */
    s->level = s->floor = len;
    s->state = ST_FORWARD;
    return DLXC_DONE;
invalid:
    s->state = ST_ERROR;
    return DLXC_EINVAL;
}

static int memo_lookup(dlxc_solver *s, int32_t level, uint64_t *count);
static void memo_insert(dlxc_solver *s, int32_t level, uint64_t count);

#define COUNTER_CEILING (UINT64_C(1) << 62)

int dlxc_run(dlxc_solver *s, uint64_t node_budget, int64_t max_solutions, int32_t *buf,
             int64_t buf_len, int64_t *buf_used)
{
    node *nd;
    item_link *cl;
    counts ct;
    int32_t level, best_itm, cur_node;
    uint64_t nodes, solutions, limit, cached;
    int64_t used = 0, room = max_solutions > 0 ? max_solutions : -1;
    int status;

    if (buf_used) *buf_used = 0;
    if (!s) return DLXC_EINVAL;
    if (s->state == ST_ERROR) return DLXC_EINVAL;
    if (buf && buf_len < (int64_t)s->n_primary + 2) return DLXC_EBUFFER;
    if (s->split_depth && !buf) return DLXC_EINVAL;
    if (s->state == ST_DONE) return DLXC_DONE;

    nd = s->nd;
    cl = s->cl;
    ct.updates = s->updates;
    ct.cleansings = s->cleansings;
    nodes = s->nodes;
    solutions = s->solutions;
    level = s->level;
    best_itm = s->best_itm;
    cur_node = s->cur_node;
    limit = node_budget > UINT64_MAX - nodes ? UINT64_MAX : nodes + node_budget;

    switch (s->state) {
    case ST_NEW: level = 0; goto forward;
    case ST_FORWARD: goto forward;
    case ST_SOLUTION: goto solution;
    case ST_LEAF: goto leaf;
    default: return DLXC_EINVAL;
    }

forward: /* C2: enter a level */
    if (nodes >= limit) {
        s->state = ST_FORWARD;
        status = DLXC_BUDGET;
        goto out;
    }
    if (level == s->split_depth && level > 0) {
        /* a subproblem for another solver: hand over its path */
        if (!record(s, level - 1, -level, buf, buf_len, &used, &room)) {
            s->state = ST_FORWARD;
            status = DLXC_BATCH;
            goto out;
        }
        goto up;
    }
    nodes++;
    if (level > s->max_level) s->max_level = level;
    if (cl[0].next == 0) {
        /* no primary item at all (only at level 0): the empty solution,
         * recorded at level -1 (a record of 0 options) */
        level = -1;
        goto solution;
    }
    if (cl[cl[0].next].next == 0) {
        /* C3, last level: one primary item left; see the Intro */
        best_itm = cl[0].next;
        ct.updates++; /* what cover() would count for the item */
        cur_node = nd[best_itm].down;
        goto leaf;
    }
    if (s->memo) {
        s->solutions = solutions;
        if (memo_lookup(s, level, &cached)) {
            if (cached > UINT64_MAX - solutions) {
                s->state = ST_ERROR;
                status = DLXC_EOVERFLOW;
                goto out;
            }
            solutions += cached;
            goto up;
        }
    }
    best_itm = choose(s, s->randomize);
    /* C4: cover i */
    cover(s, best_itm, &ct);
    cur_node = s->choice[level] = nd[best_itm].down;

advance: /* C5: try x_l */
    if (cur_node == best_itm) goto backup;
    commit(s, cur_node, &ct);
    if (cl[0].next == 0) goto solution;
    level++;
    goto forward;

solution: /* every primary item is covered; a solution is a node too */
    if (nodes >= limit) {
        s->state = ST_SOLUTION;
        status = DLXC_BUDGET;
        goto out;
    }
    if (!record(s, level, level + 1, buf, buf_len, &used, &room)) {
        s->state = ST_SOLUTION;
        status = DLXC_BATCH;
        goto out;
    }
    nodes++;
    solutions++;
    if (level < 0) goto done; /* the empty solution */
    goto recover;

backup: /* C7: backtrack */
    uncover(s, best_itm);
    if (s->memo) memo_insert(s, level, solutions);
up: /* the subtree of this level is finished */
    if (level == s->floor) goto done;
    level--;
    cur_node = s->choice[level];
    best_itm = nd[cur_node].itm;
recover: /* C6: try again */
    uncommit(s, cur_node);
    cur_node = s->choice[level] = nd[cur_node].down;
    goto advance;

leaf: /* the options in the list of best_itm are solutions; see Intro */
    while (cur_node != best_itm) {
        int32_t q;
        if (nodes >= limit) {
            s->state = ST_LEAF;
            status = DLXC_BUDGET;
            goto out;
        }
        s->choice[level] = cur_node;
        if (!record(s, level, level + 1, buf, buf_len, &used, &room)) {
            s->state = ST_LEAF;
            status = DLXC_BATCH;
            goto out;
        }
        /* what DLX2's cover of best_itm (hide) and commit would count */
        for (q = cur_node + 1; q != cur_node;) {
            int32_t c = nd[q].itm, col;
            if (c <= 0) {
                q = nd[q].up;
                continue;
            }
            col = nd[q].color;
            if (col == 0) ct.updates += 2;
            else if (col > 0) ct.updates++, ct.cleansings++;
            q++;
        }
        nodes++;
        solutions++;
        cur_node = nd[cur_node].down;
    }
    goto up; /* best_itm was never covered */

done:
    s->state = ST_DONE;
    status = DLXC_DONE;

out:
    s->nodes = nodes;
    s->solutions = solutions;
    s->updates = ct.updates;
    s->cleansings = ct.cleansings;
    s->level = level;
    s->best_itm = best_itm;
    s->cur_node = cur_node;
    if (buf_used) *buf_used = used;
    if (status >= 0 && (nodes >= COUNTER_CEILING || ct.updates >= COUNTER_CEILING ||
                        ct.cleansings >= COUNTER_CEILING)) {
        /* no call adds 2^62 to a counter, so this is seen before a wrap */
        s->state = ST_ERROR;
        return DLXC_EOVERFLOW;
    }
    return status;
}

/* Knuth's estimate of the fraction of the tree already explored: level l
 * is at its k-th of d options, so sum (k-1)/(d_0 d_1 ... d_l) over the
 * levels below the floor.  It never decreases: moving on to the next option
 * at level l adds 1/(d_0 ... d_l), more than all the deeper terms it drops
 * can sum to, and entering a level adds a term of 0.  (Adding half the
 * weight of the current node, as this function once did, made it fall back
 * whenever the search went deeper.) */
double dlxc_progress(const dlxc_solver *s)
{
    const node *nd = s->nd;
    double f = 0.0, fd = 1.0;
    int32_t l, top;
    if (s->state == ST_DONE) return 1.0;
    if (s->state == ST_NEW) return 0.0;
    /* the levels with a choice made: at a solution or in the last-level
     * walk, the current level's too */
    top = s->state == ST_LEAF || s->state == ST_SOLUTION ? s->level + 1 : s->level;
    for (l = s->floor; l < top && fd < 1e300; l++) {
        int32_t x = l == s->level ? s->cur_node : s->choice[l];
        int32_t c = nd[x].itm, k = 1, p;
        double d;
        for (p = nd[c].down; p != x && p != c; p = nd[p].down) k++;
        d = nd[c].itm; /* the len of a covered item stays frozen */
        if (d < k) d = k;
        fd *= d;
        f += (k - 1) / fd;
    }
    return f;
}

/* ==== 6. Memoized counting ===============================================
 *
 * After Nishino et al.'s DXZ and Knuth's DLX6: the number of solutions
 * below a node depends only on the residual problem there, so it can be
 * cached.  The key must be complete: which primary items are still active
 * (a bitset) and, for every secondary item still in play (in some active
 * option), whether it is untouched or purified and to which color (one
 * byte per item, two when there are 254 colors or more).  An item in no
 * active option is "dead" whatever its history: two states that agree on
 * the primary items and on every live secondary item have the same active
 * options and the same constraints among them, so the same count.  Leaving
 * out the untouched items that are still live gives wrong counts: an
 * option that a live cell admits is not admitted when the cell is already
 * colored otherwise.  Marking the live items walks the active options, so
 * a key costs about the size of the residual problem; only levels with
 * two or more primary items left are memoized.
 *
 * The table is open addressing over fixed-size keys.  It stops growing at
 * max_entries (or when memory runs out): from then on it answers lookups
 * but takes no new entries, and the search stays exact, only slower.
 *
 * A key is made when a level is entered and stored when its subtree is
 * finished, so the keys of the levels on the current path wait on a
 * stack.  A key can be as long as the problem is wide, and the path as
 * deep as there are primary items, so a stack for every level could
 * outgrow the table by far (170 MB under a 1 MB table on 40,000 options of
 * a 20,000-cell path).  The stack therefore has key_levels =
 * min(levels, max_entries) slots, used as a ring: the deepest key_levels
 * levels of the path keep their keys; a shallower level's key is
 * overwritten, that level is not stored, and the table reports itself full
 * (so sampling knows counts are missing).  A table of max_entries entries
 * thus never needs more than max_entries waiting keys, and the memory limit
 * (dlxc/xcc/search.py, memo_entries_for) covers both.
 */
struct memo_table {
    int32_t words, n_sec, wide;
    size_t key_bytes; /* a multiple of 8 */
    uint64_t max_entries, n_entries, cap_entries, n_slots, hits;
    int32_t key_levels; /* slots of the key stack, one more for scratch */
    uint64_t *hashes, *counts, *sol_at;
    unsigned char *keys, *stack, *have_key, *live;
    uint32_t *slots;
    int full;    /* no room for new entries */
    int dropped; /* a key left the stack unstored */
};

static void memo_free(memo_table *m)
{
    if (!m) return;
    free(m->hashes);
    free(m->counts);
    free(m->sol_at);
    free(m->keys);
    free(m->stack);
    free(m->have_key);
    free(m->live);
    free(m->slots);
    free(m);
}

int dlxc_set_memo(dlxc_solver *s, uint64_t max_entries)
{
    memo_table *m;
    int32_t maxcol = 0, k, levels;
    if (!s || s->memo || s->split_depth || s->nodes || s->randomize ||
        (s->state != ST_NEW && s->state != ST_FORWARD))
        return DLXC_EINVAL;
    for (k = s->n_items + 1; k <= s->last_node; k++)
        if (s->nd[k].itm > 0 && s->nd[k].color > maxcol) maxcol = s->nd[k].color;
    if (maxcol >= 65534) return DLXC_EINVAL;
    m = calloc(1, sizeof *m);
    if (!m) return DLXC_ENOMEM;
    m->words = (s->n_primary + 63) / 64;
    m->n_sec = s->n_items - s->n_primary;
    m->wide = maxcol >= 254;
    m->key_bytes = ((size_t)m->words * 8 + (size_t)m->n_sec * (m->wide ? 2 : 1) + 7) / 8 * 8;
    if (m->key_bytes == 0) m->key_bytes = 8;
    m->max_entries = max_entries < UINT32_MAX - 1 ? max_entries : UINT32_MAX - 1;
    levels = s->n_primary + 2;
    m->key_levels = m->max_entries < (uint64_t)levels ? (int32_t)m->max_entries : levels;
    if (m->key_levels < 1) m->key_levels = 1;
    m->stack = malloc(((size_t)m->key_levels + 1) * m->key_bytes);
    m->have_key = calloc((size_t)levels, 1);
    m->sol_at = calloc((size_t)levels, sizeof(uint64_t));
    m->live = malloc((size_t)m->n_sec + 1);
    if (!m->stack || !m->have_key || !m->sol_at || !m->live) {
        memo_free(m);
        return DLXC_ENOMEM;
    }
    s->memo = m;
    return DLXC_DONE;
}

/* the key of the current state, into `slot` of the key stack */
static uint64_t make_key(const dlxc_solver *s, int32_t slot)
{
    const memo_table *m = s->memo;
    unsigned char *key = m->stack + (size_t)slot * m->key_bytes;
    uint64_t *w = (uint64_t *)(void *)key, h = 0x243F6A8885A308D3ULL;
    int32_t k, i;
    size_t j;
    const node *nd = s->nd;
    memset(key, 0, m->key_bytes);
    if (m->n_sec) memset(m->live, 0, (size_t)m->n_sec);
    for (k = s->cl[0].next; k != 0; k = s->cl[k].next) {
        int32_t p;
        w[(k - 1) >> 6] |= UINT64_C(1) << ((k - 1) & 63);
        if (!m->n_sec) continue;
        for (p = nd[k].down; p != k; p = nd[p].down) { /* live items */
            int32_t q = p + 1;
            while (q != p) {
                int32_t c = nd[q].itm;
                if (c <= 0) {
                    q = nd[q].up;
                    continue;
                }
                if (c >= s->second) m->live[c - s->second] = 1;
                q++;
            }
        }
    }
    key += (size_t)m->words * 8;
    for (i = 0; i < m->n_sec; i++) {
        int32_t col = nd[s->second + i].color; /* 0 or a color if live */
        uint32_t v = !m->live[i] ? (m->wide ? 0xFFFFu : 0xFFu) : (uint32_t)col;
        if (m->wide) {
            key[2 * i] = (unsigned char)(v & 0xFF);
            key[2 * i + 1] = (unsigned char)(v >> 8);
        } else key[i] = (unsigned char)v;
    }
    for (j = 0; j < m->key_bytes / 8; j++) {
        h = (h ^ w[j]) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
    }
    return h ? h : 1;
}

static int64_t memo_find(const memo_table *m, const unsigned char *key, uint64_t h)
{
    uint64_t i;
    if (!m->n_slots) return -1;
    for (i = h & (m->n_slots - 1); m->slots[i]; i = (i + 1) & (m->n_slots - 1)) {
        uint64_t e = m->slots[i] - 1;
        if (m->hashes[e] == h && memcmp(m->keys + e * m->key_bytes, key, m->key_bytes) == 0)
            return (int64_t)e;
    }
    return -1;
}

static int memo_grow(memo_table *m)
{
    if (m->n_entries == m->cap_entries) {
        uint64_t cap = m->cap_entries ? 2 * m->cap_entries : 1024;
        void *a, *b, *c;
        if (cap > m->max_entries) cap = m->max_entries;
        if (cap <= m->n_entries) return 0;
        a = realloc(m->hashes, cap * sizeof(uint64_t));
        if (a) m->hashes = a;
        b = realloc(m->counts, cap * sizeof(uint64_t));
        if (b) m->counts = b;
        c = realloc(m->keys, cap * m->key_bytes);
        if (c) m->keys = c;
        if (!a || !b || !c) return 0;
        m->cap_entries = cap;
    }
    if ((m->n_entries + 1) * 2 > m->n_slots) {
        uint64_t n = m->n_slots ? 2 * m->n_slots : 4096, e;
        uint32_t *slots = calloc(n, sizeof(uint32_t));
        if (!slots) return 0;
        for (e = 0; e < m->n_entries; e++) {
            uint64_t i = m->hashes[e] & (n - 1);
            while (slots[i]) i = (i + 1) & (n - 1);
            slots[i] = (uint32_t)(e + 1);
        }
        free(m->slots);
        m->slots = slots;
        m->n_slots = n;
    }
    return 1;
}

static uint64_t key_hash_at(const dlxc_solver *s, int32_t slot);

static int memo_lookup(dlxc_solver *s, int32_t level, uint64_t *count)
{
    memo_table *m = s->memo;
    int32_t slot = level % m->key_levels;
    uint64_t h = make_key(s, slot);
    int64_t e = memo_find(m, m->stack + (size_t)slot * m->key_bytes, h);
    if (e >= 0) {
        m->hits++;
        *count = m->counts[e];
        return 1;
    }
    if (level >= m->key_levels && m->have_key[level - m->key_levels]) {
        /* the slot held a shallower level's key: that level goes unstored */
        m->have_key[level - m->key_levels] = 0;
        m->dropped = 1;
    }
    m->have_key[level] = 1;
    m->sol_at[level] = s->solutions;
    return 0;
}

static void memo_insert(dlxc_solver *s, int32_t level, uint64_t solutions)
{
    memo_table *m = s->memo;
    uint64_t h, e, i;
    if (!m->have_key[level]) return;
    m->have_key[level] = 0;
    if (m->full) return;
    if (m->n_entries >= m->max_entries || !memo_grow(m)) {
        m->full = 1;
        return;
    }
    h = key_hash_at(s, level % m->key_levels);
    e = m->n_entries++;
    m->hashes[e] = h;
    m->counts[e] = solutions - m->sol_at[level];
    memcpy(m->keys + e * m->key_bytes, m->stack + (size_t)(level % m->key_levels) * m->key_bytes,
           m->key_bytes);
    for (i = h & (m->n_slots - 1); m->slots[i]; i = (i + 1) & (m->n_slots - 1)) {}
    m->slots[i] = (uint32_t)(e + 1);
}

static uint64_t key_hash_at(const dlxc_solver *s, int32_t slot)
{
    const memo_table *m = s->memo;
    const uint64_t *w = (const uint64_t *)(const void *)(m->stack + (size_t)slot * m->key_bytes);
    uint64_t h = 0x243F6A8885A308D3ULL;
    size_t j;
    for (j = 0; j < m->key_bytes / 8; j++) {
        h = (h ^ w[j]) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
    }
    return h ? h : 1;
}

void dlxc_memo_info(const dlxc_solver *s, uint64_t *entries, uint64_t *hits, uint64_t *bytes,
                    int *full)
{
    const memo_table *m = s->memo;
    if (!m) {
        *entries = *hits = *bytes = 0;
        *full = 0;
        return;
    }
    *entries = m->n_entries;
    *hits = m->hits;
    *bytes = m->cap_entries * (16 + m->key_bytes) + m->n_slots * 4 +
             ((uint64_t)m->key_levels + 1) * m->key_bytes +             /* key stack */
             (uint64_t)(s->n_primary + 2) * 9 + (uint64_t)m->n_sec + 1; /* per level, live */
    *full = m->full || m->dropped;
}

/* ==== 7. Random probes and uniform samples ===============================
 *
 * dlxc_probe walks one random path from the root of the search tree (the
 * deterministic tree, leftmost on ties), choosing each option with equal
 * probability, and returns Knuth's estimates (Math. Comp. 29, 1975): with
 * degrees d_0, d_1, ... along the path, 1 + d_0 + d_0 d_1 + ... nodes, and
 * d_0 d_1 ... d_k solutions if the path ends in a solution, else 0.  Their
 * means over many probes are unbiased.  The solver is left as it was.
 *
 * dlxc_sample draws a solution exactly uniformly after a complete memoized
 * count: at each level it weighs every option by the number of solutions
 * below it (1 for a solution, the len of the last item at the last level,
 * the memo table's entry otherwise) and picks one in proportion.
 */
static uint64_t uniform_below(uint64_t *rng, uint64_t n)
{
    uint64_t r, t = (0 - n) % n; /* 2^64 mod n: reject below it */
    do r = splitmix64(rng);
    while (r < t);
    return r % n;
}

static void undo_path(dlxc_solver *s, int32_t depth)
{
    while (depth-- > 0) {
        int32_t p = s->choice[depth];
        uncommit(s, p);
        uncover(s, s->nd[p].itm);
    }
}

int dlxc_probe(dlxc_solver *s, uint64_t seed, double *nodes_est, double *solutions_est,
               int32_t *depth)
{
    counts ct = {0, 0};
    double prod = 1.0, est = 1.0, sols = 0.0;
    int32_t level = 0;
    uint64_t rng = seed;
    if (!s || s->state != ST_NEW) return DLXC_EINVAL;
    if (s->cl[0].next == 0) {
        est = 2.0; /* the root and the empty solution */
        sols = 1.0;
    } else {
        for (;;) {
            int32_t best = choose(s, 0), d = s->nd[best].itm, p;
            uint64_t r;
            if (d == 0) break;
            est += prod * d;
            prod *= d;
            r = uniform_below(&rng, (uint64_t)d);
            for (p = s->nd[best].down; r; r--) p = s->nd[p].down;
            cover(s, best, &ct);
            s->choice[level++] = p;
            commit(s, p, &ct);
            if (s->cl[0].next == 0) {
                sols = prod;
                break;
            }
        }
    }
    undo_path(s, level);
    *nodes_est = est;
    *solutions_est = sols;
    *depth = level;
    return DLXC_DONE;
}

/* solutions below the current state, when known without searching */
static int count_here(dlxc_solver *s, uint64_t *count)
{
    int32_t scratch = s->memo->key_levels, first = s->cl[0].next;
    int64_t e;
    uint64_t h;
    if (first == 0) {
        *count = 1;
        return 1;
    }
    if (s->cl[first].next == 0) {
        *count = (uint64_t)s->nd[first].itm;
        return 1;
    }
    h = make_key(s, scratch);
    e = memo_find(s->memo, s->memo->stack + (size_t)scratch * s->memo->key_bytes, h);
    if (e < 0) return 0;
    *count = s->memo->counts[e];
    return 1;
}

int dlxc_sample(dlxc_solver *s, uint64_t seed, int32_t *buf, int64_t buf_len, int64_t *buf_used)
{
    counts ct = {0, 0};
    uint64_t rng = seed, total = s ? s->solutions : 0, c;
    int32_t level = 0, l;
    if (buf_used) *buf_used = 0;
    if (!s || !s->memo || s->memo->full || s->memo->dropped || s->floor || s->state != ST_DONE ||
        !buf)
        return DLXC_EINVAL;
    if (total == 0) return DLXC_EINVAL;
    if (buf_len < (int64_t)s->n_primary + 1) return DLXC_EBUFFER;
    while (s->cl[0].next != 0) {
        int32_t best = choose(s, 0), p;
        uint64_t r = uniform_below(&rng, total);
        cover(s, best, &ct);
        for (p = s->nd[best].down; p != best; p = s->nd[p].down) {
            commit(s, p, &ct);
            if (!count_here(s, &c)) {
                uncommit(s, p);
                uncover(s, best);
                undo_path(s, level);
                return DLXC_EINVAL;
            }
            if (r < c) break;
            r -= c;
            uncommit(s, p);
        }
        if (p == best) { /* the counts do not add up: cannot happen */
            uncover(s, best);
            undo_path(s, level);
            return DLXC_EINVAL;
        }
        s->choice[level++] = p;
        total = c;
    }
    buf[0] = level;
    for (l = 0; l < level; l++) buf[l + 1] = option_id_of(s, s->choice[l]);
    if (buf_used) *buf_used = level + 1;
    undo_path(s, level);
    return DLXC_DONE;
}

/* ==== 8. Overlapping solutions =============================================
 *
 * A filter over the records dlxc_run writes, outside the search: keep the
 * solutions in which every option shares a bit of its mask with another
 * option.  A word search gives each option its cells as its mask, to keep
 * the layouts in which every word crosses another; checking that in Python cost more than the search itself
 * (1.4 microseconds a layout against 0.02).  Per record of k options:
 * "shared" collects the bits that two options have, and every option must
 * have one of them.  The scratch is two masks, on the stack up to 4096
 * bits, else allocated.
 */
#define OVERLAP_STACK_WORDS 64

int64_t dlxc_keep_overlapping(int32_t *buf, int64_t used, const uint64_t *masks, int32_t n_masks,
                              int32_t words, int64_t *kept_used)
{
    uint64_t stack[2 * OVERLAP_STACK_WORDS], *seen, *shared;
    int64_t i = 0, out = 0, kept = 0;
    if (kept_used) *kept_used = 0;
    if (!buf || used < 0 || words < 1 || n_masks < 0 || (n_masks && !masks)) return DLXC_EINVAL;
    seen = words <= OVERLAP_STACK_WORDS ? stack : malloc(2 * sizeof(uint64_t) * words);
    if (!seen) return DLXC_ENOMEM;
    shared = seen + words;
    while (i < used) {
        int32_t k = buf[i], j, w, ok = 1;
        int64_t n = k < 0 ? -(int64_t)k : k;
        if (i + 1 + n > used) {
            kept = DLXC_EINVAL;
            break;
        }
        for (j = 0; j < n; j++)
            if (buf[i + 1 + j] < 0 || buf[i + 1 + j] >= n_masks) ok = -1;
        if (ok < 0) {
            kept = DLXC_EINVAL;
            break;
        }
        if (k < 0) {
            i += 1 + n;
            continue;
        } /* a split path */
        memset(seen, 0, 2 * sizeof(uint64_t) * words);
        for (j = 0; j < k; j++) {
            const uint64_t *m = masks + (int64_t)buf[i + 1 + j] * words;
            for (w = 0; w < words; w++) {
                shared[w] |= seen[w] & m[w];
                seen[w] |= m[w];
            }
        }
        for (j = 0; j < k && ok; j++) {
            const uint64_t *m = masks + (int64_t)buf[i + 1 + j] * words;
            ok = 0;
            for (w = 0; w < words; w++)
                if (m[w] & shared[w]) {
                    ok = 1;
                    break;
                }
        }
        if (ok) {
            if (out != i) memmove(buf + out, buf + i, sizeof(int32_t) * (1 + k));
            out += 1 + k;
            kept++;
        }
        i += 1 + n;
    }
    if (seen != stack) free(seen);
    if (kept >= 0 && kept_used) *kept_used = out;
    return kept;
}
