/* dlxc.c -- Algorithm C (exact covering with colors), after Knuth's DLX2.
 *
 * Contents: 1. Intro  2. Data structures  3. Inputting the options
 *           4. The dancing  5. The resumable search  6. Index of status codes
 *
 * The Python mirror (dlxc/mirror.py) follows this file function by
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
 * The statistics follow DLX2's conventions exactly (see REFERENCE.md):
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
 *    the walk takes a fraction of it (bench/README figures).
 */
#include "dlxc.h"
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
    int32_t itm;    /* item of an option node; len of a primary header */
    int32_t color;
} node;

typedef struct {
    int32_t prev, next;
} item_link;

enum { ST_NEW, ST_FORWARD, ST_SOLUTION, ST_LEAF, ST_DONE, ST_ERROR };

struct dlxc_solver {
    node *nd;
    item_link *cl;
    int32_t *opt_id;      /* id of the j-th option */
    int32_t *choice;      /* choice[level]: the node tried at each level */
    int32_t n_primary, n_items, n_options, second, last_node;
    /* search state, saved between calls */
    int state;
    int32_t level, max_level, best_itm, cur_node;
    uint64_t solutions, nodes, updates, cleansings;
    uint64_t rng;
    int randomize;
};

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

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
    free(s);
}

/* ==== 3. Inputting the options ===========================================
 *
 * The caller hands over validated compact arrays (the Python side checks
 * names, duplicates and colors and reports them with file and line); this
 * function checks them again cheaply so that bad arrays give DLXC_EINVAL
 * rather than a crash.
 */
int dlxc_new(dlxc_solver **out, int32_t n_primary, int32_t n_items,
             int32_t n_options, const int32_t *opt_start,
             const int32_t *opt_items, const int32_t *opt_colors,
             const int32_t *opt_ids, uint64_t seed, int randomize)
{
    dlxc_solver *s;
    int64_t total, n_nodes, k;
    int32_t *seen = NULL;
    int32_t i, j, x, last_spacer;

    if (!out) return DLXC_EINVAL;
    *out = NULL;
    if (n_primary < 0 || n_items < n_primary || n_options < 0 || !opt_start)
        return DLXC_EINVAL;
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
    seen = calloc((size_t)n_items + 1, sizeof(int32_t));
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
    }

    /* options, each after a spacer, appended to the bottom of the lists */
    x = n_items + 1;        /* the first spacer */
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
            if (seen[c] == j + 1) goto invalid;   /* item twice */
            seen[c] = j + 1;
            if (c <= n_primary) {
                if (col) goto invalid;             /* colored primary */
                has_primary = 1;
            }
            x++;
            s->nd[x].itm = c;
            s->nd[x].color = col;
            s->nd[x].up = s->nd[c].up;
            s->nd[x].down = c;
            s->nd[s->nd[c].up].down = x;
            s->nd[c].up = x;
            if (c <= n_primary) s->nd[c].itm++;    /* len */
        }
        if (!has_primary) goto invalid;
        s->nd[last_spacer].down = x;               /* last node of option */
        x++;                                       /* the next spacer */
        s->nd[x].itm = -(j + 1);
        s->nd[x].up = first;
        last_spacer = x;
        s->opt_id[j] = opt_ids ? opt_ids[j] : j;
    }
    s->nd[last_spacer].down = 0;
    s->last_node = x;
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
 * does too; unpurify() peels the mark off.
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
        if (c <= 0) {               /* a spacer: back to the option's start */
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
        if (c <= 0) {               /* a spacer: on to the option's end */
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
    }
    ct->updates++;      /* a secondary item is unlinked only on paper */
    for (p = nd[c].down; p != c; p = nd[p].down)
        hide(nd, s->second, p, ct);
}

static inline void uncover(dlxc_solver *s, int32_t c)
{
    node *nd = s->nd;
    int32_t p;
    for (p = nd[c].up; p != c; p = nd[p].up)
        unhide(nd, s->second, p);
    if (c < s->second) {
        int32_t l = s->cl[c].prev, r = s->cl[c].next;
        s->cl[l].next = c;
        s->cl[r].prev = c;
    }
}

/* purify: node p colors its item x; hide the options that color x
 * differently and mark (stick COMMITTED on) those that agree */
static inline void purify(node *nd, int32_t second, int32_t p, counts *ct)
{
    int32_t c = nd[p].itm, x = nd[p].color, q;
    ct->cleansings++;
    for (q = nd[c].down; q != c; q = nd[q].down) {
        if (nd[q].color != x)
            hide(nd, second, q, ct);
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
        if (nd[q].color < 0)
            nd[q].color = x;
        else if (q != p)
            unhide(nd, second, q);
    }
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
        if (nd[q].color == 0)
            cover(s, c, ct);
        else if (nd[q].color > 0)
            purify(nd, s->second, q, ct);
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
        if (nd[q].color == 0)
            uncover(s, c);
        else if (nd[q].color > 0)
            unpurify(nd, s->second, q);
        q--;
    }
}

/* ==== 5. The resumable search ============================================
 *
 * dlxc_run is Algorithm C written as a state machine: every place where it
 * may return (a level entry when the budget is spent, a solution that does
 * not fit in the buffer, the next option of the last level) saves what the
 * next call needs in the solver, and the next call jumps straight back.
 */
static int32_t option_id_of(const dlxc_solver *s, int32_t p)
{
    const node *nd = s->nd;
    while (nd[p].itm > 0) p++;          /* the spacer after the option */
    return s->opt_id[-nd[p].itm - 1];
}

/* Write choice[0..level] as one solution; 0 if it does not fit or the
 * call has recorded max_solutions already. */
static int record(dlxc_solver *s, int32_t level, int32_t *buf,
                  int64_t buf_len, int64_t *used, int64_t *room)
{
    int32_t l;
    if (!buf) return 1;
    if (*room == 0 || *used + level + 2 > buf_len) return 0;
    (*room)--;
    buf[(*used)++] = level + 1;
    for (l = 0; l <= level; l++)
        buf[(*used)++] = option_id_of(s, s->choice[l]);
    return 1;
}

int32_t dlxc_max_solution_length(const dlxc_solver *s)
{
    return s->n_primary;
}

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

#define COUNTER_CEILING (UINT64_C(1) << 62)

int dlxc_run(dlxc_solver *s, uint64_t node_budget, int64_t max_solutions,
             int32_t *buf, int64_t buf_len, int64_t *buf_used)
{
    node *nd;
    item_link *cl;
    counts ct;
    int32_t level, best_itm, cur_node, k, t, ties;
    uint64_t nodes, solutions, limit;
    int64_t used = 0, room = max_solutions > 0 ? max_solutions : -1;
    int status;

    if (buf_used) *buf_used = 0;
    if (!s) return DLXC_EINVAL;
    if (s->state == ST_ERROR) return DLXC_EOVERFLOW;
    if (buf && buf_len < (int64_t)s->n_primary + 2) return DLXC_EBUFFER;
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

forward:    /* C2: enter a level */
    if (nodes >= limit) {
        s->state = ST_FORWARD;
        status = DLXC_BUDGET;
        goto out;
    }
    nodes++;
    if (level > s->max_level) s->max_level = level;
    if (cl[0].next == 0) {
        /* no primary item at all (only at level 0): the empty solution */
        cur_node = -1;
        goto empty_solution;
    }
    if (cl[cl[0].next].next == 0) {
        /* C3, last level: one primary item left; see the Intro */
        best_itm = cl[0].next;
        ct.updates++;           /* what cover() would count for the item */
        cur_node = nd[best_itm].down;
        goto leaf;
    }
    /* C3: choose i (MRV, leftmost on ties, or random among ties) */
    t = INT32_MAX;
    ties = 0;
    for (k = cl[0].next; k != 0; k = cl[k].next) {
        int32_t len = nd[k].itm;
        if (len < t) {
            best_itm = k;
            t = len;
            ties = 1;
            if (t == 0) break;
        } else if (len == t && s->randomize) {
            ties++;
            if (splitmix64(&s->rng) % (uint64_t)ties == 0) best_itm = k;
        }
    }
    /* C4: cover i */
    cover(s, best_itm, &ct);
    cur_node = s->choice[level] = nd[best_itm].down;

advance:    /* C5: try x_l */
    if (cur_node == best_itm) goto backup;
    commit(s, cur_node, &ct);
    if (cl[0].next == 0) goto solution;
    level++;
    goto forward;

solution:   /* every primary item is covered */
    if (!record(s, level, buf, buf_len, &used, &room)) {
        s->state = ST_SOLUTION;
        status = DLXC_BATCH;
        goto out;
    }
    nodes++;
    solutions++;
    goto recover;

backup:     /* C7: backtrack */
    uncover(s, best_itm);
    if (level == 0) goto done;
    level--;
    cur_node = s->choice[level];
    best_itm = nd[cur_node].itm;
recover:    /* C6: try again */
    uncommit(s, cur_node);
    cur_node = s->choice[level] = nd[cur_node].down;
    goto advance;

leaf:       /* the options in the list of best_itm are solutions; see Intro */
    while (cur_node != best_itm) {
        int32_t q;
        if (nodes >= limit) {
            s->state = ST_LEAF;
            status = DLXC_BUDGET;
            goto out;
        }
        s->choice[level] = cur_node;
        if (!record(s, level, buf, buf_len, &used, &room)) {
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
    /* C7 without uncover: best_itm was never covered */
    if (level == 0) goto done;
    level--;
    cur_node = s->choice[level];
    best_itm = nd[cur_node].itm;
    goto recover;

empty_solution:
    if (!record(s, -1, buf, buf_len, &used, &room)) {
        s->state = ST_FORWARD;
        nodes--;
        status = DLXC_BATCH;
        goto out;
    }
    nodes++;
    solutions++;
    goto done;

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
    if (nodes >= COUNTER_CEILING || ct.updates >= COUNTER_CEILING ||
        ct.cleansings >= COUNTER_CEILING) {
        /* no call adds 2^62 to a counter, so this is seen before a wrap */
        s->state = ST_ERROR;
        return DLXC_EOVERFLOW;
    }
    return status;
}
