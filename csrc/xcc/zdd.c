/* zdd.c -- a ZDD of all the solutions of an XCC problem, after Knuth's DLX6.
 *
 * Contents: 1. Intro  2. Data structures  3. Inputting the options
 *           4. The dancing  5. Residual problems  6. The search
 *           7. The diagram out
 *
 * The Python mirror (dlxc/xcc/engines/zdd.py) follows this file function by
 * function and makes the same diagram, node for node.
 */

/* ==== 1. Intro ===========================================================
 *
 * The search is DLX2's tree (the active primary item with fewest options,
 * leftmost on ties; its options top to bottom), with two additions, after
 * Nishino, Yasuda, Minato and Nagata's "Dancing with decision diagrams" and
 * Knuth's DLX6:
 *  - On entering a level, the residual problem (which primary items are
 *    still to be covered, and the state of every secondary item still in an
 *    active option) is looked up in a table.  A residual problem met before
 *    is not searched again: its diagram node is reused.
 *  - Each option of a level that leads to at least one solution makes one
 *    diagram node: the option, a link "lo" to the node of the level's
 *    earlier successful options, and a link "hi" to the node of the level
 *    below (1 when the option completes a solution).  The level's last such
 *    node stands for all the solutions below the level.
 * So the diagram has DLX6's nodes in DLX6's order, and writes out in its
 * format.
 *
 * Unlike DLX2's engine (dlx2.c), secondary items keep their lengths and sit
 * in a list of their own while some active option holds them: the key of a
 * residual problem is then read off the two lists of active items, without
 * walking the options.
 */
#include "zdd.h"
#include "dlxc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <io.h>
#define write_fd _write
#else
#include <unistd.h>
#define write_fd write
#endif

/* ==== 2. Data structures =================================================
 *
 * nd[] as in dlx2.c: item headers nd[1..n_items], then the options, each
 * after a spacer (itm = -j before the j-th option, 0-based; up: the first
 * node of the option before; down: the last node of the option after).
 * For a header, itm is the item's len (its active options; -1 for a
 * secondary item whose purification left it no option) and color the
 * color it is purified to (0: not purified).  Colors are renumbered per
 * secondary item to 1, 2, ... in order of first use, so a key spends only
 * the bits the item needs.
 * cl[] holds two circular lists of active items: the primary items (head
 * 0) and the secondary items in some active option (head n_items+1).
 */
typedef struct {
    int32_t up, down, itm, color;
} znd;

typedef struct {
    int32_t prev, next;
} zlink;

/* where an item's code goes in a key: word, shift (width implied) */
typedef struct {
    int32_t word, shift;
} zslot;

enum { ZS_NEW, ZS_FORWARD, ZS_DONE, ZS_ERROR };

struct dlxc_zdd {
    znd *nd;
    zlink *cl;
    zslot *slot;
    int32_t n_primary, n_items, n_options, sroot, last_node;
    /* the search, saved between calls */
    int state;
    int32_t level, max_level, best_itm, cur_node;
    uint32_t znode;
    int32_t *choice;   /* choice[level]: the node tried */
    uint32_t *savez;   /* savez[level]: the level's node so far */
    uint32_t *memo_at; /* memo_at[level]: the table entry of the level */
    uint64_t nodes, hits;
    /* the memo: keys of kw words, the diagram node of each, hash slots */
    int32_t kw;
    uint64_t *keys, *scratch, *slots;
    uint32_t *zref;
    uint64_t n_entries, cap_entries, n_slots;
    /* the slots before the last doubling, still read while they move over
     * a few at a time (slots 0 .. moved-1 have); NULL once all have */
    uint64_t *old_slots, n_old_slots, moved;
    /* the diagram: node k at index k-2 */
    int32_t *zvar;
    uint32_t *zlo, *zhi;
    uint64_t n_z, cap_z;
    uint64_t max_bytes;
};

const char *dlxc_zdd_strerror(int code)
{
    if (code == DLXC_ZDD_ELIMIT) return "the diagram would pass the memory limit";
    if (code == DLXC_ZDD_EWRITE) return "the diagram could not be written";
    return dlxc_strerror(code);
}

void dlxc_zdd_free(dlxc_zdd *z)
{
    if (!z) return;
    free(z->nd);
    free(z->cl);
    free(z->slot);
    free(z->choice);
    free(z->savez);
    free(z->memo_at);
    free(z->keys);
    free(z->scratch);
    free(z->slots);
    free(z->old_slots);
    free(z->zref);
    free(z->zvar);
    free(z->zlo);
    free(z->zhi);
    free(z);
}

/* ==== 3. Inputting the options =========================================== */
int dlxc_zdd_new(dlxc_zdd **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                 const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                 uint64_t max_bytes)
{
    dlxc_zdd *z;
    int64_t n_nodes, k;
    int32_t i, j, x, last_spacer, maxcol = 0, *seen = NULL, *local = NULL;
    int32_t word = 0, shift = 0;

    if (!out) return DLXC_EINVAL;
    *out = NULL;
    if (n_primary < 0 || n_items < n_primary || n_options < 0 || !opt_start) return DLXC_EINVAL;
    if (n_options > 0 && (!opt_items || !opt_colors)) return DLXC_EINVAL;
    if (opt_start[0] != 0) return DLXC_EINVAL;
    for (j = 0; j < n_options; j++)
        if (opt_start[j + 1] <= opt_start[j]) return DLXC_EINVAL;
    n_nodes = (int64_t)n_items + 2 + opt_start[n_options] + (int64_t)n_options + 1;
    if (n_nodes >= INT32_MAX) return DLXC_ETOOBIG;
    for (k = 0; k < opt_start[n_options]; k++) {
        if (opt_items[k] < 0 || opt_items[k] >= n_items || opt_colors[k] < 0) return DLXC_EINVAL;
        if (opt_colors[k] > maxcol) maxcol = opt_colors[k];
    }

    z = calloc(1, sizeof *z);
    if (!z) return DLXC_ENOMEM;
    z->nd = calloc((size_t)n_nodes, sizeof(znd));
    z->cl = calloc((size_t)n_items + 2, sizeof(zlink));
    z->slot = calloc((size_t)n_items + 2, sizeof(zslot));
    z->choice = calloc((size_t)n_primary + 2, sizeof(int32_t));
    z->savez = calloc((size_t)n_primary + 2, sizeof(uint32_t));
    z->memo_at = calloc((size_t)n_primary + 2, sizeof(uint32_t));
    seen = calloc((size_t)(n_items > maxcol ? n_items : maxcol) + 1, sizeof(int32_t));
    local = calloc((size_t)maxcol + 1, sizeof(int32_t));
    if (!z->nd || !z->cl || !z->slot || !z->choice || !z->savez || !z->memo_at || !seen || !local)
        goto nomem;
    z->n_primary = n_primary;
    z->n_items = n_items;
    z->n_options = n_options;
    z->sroot = n_items + 1;
    z->max_bytes = max_bytes;

    for (i = 1; i <= n_items; i++) z->nd[i].up = z->nd[i].down = i;
    x = n_items + 1; /* the first spacer (nd[n_items+1] doubles as nothing) */
    x++;
    z->nd[x].itm = 0;
    last_spacer = x;
    for (j = 0; j < n_options; j++) {
        int has_primary = 0;
        int32_t first = x + 1;
        for (k = opt_start[j]; k < opt_start[j + 1]; k++) {
            int32_t c = opt_items[k] + 1, col = opt_colors[k];
            if (seen[c] == j + 1) goto invalid; /* an item twice */
            seen[c] = j + 1;
            if (c <= n_primary) {
                if (col) goto invalid;
                has_primary = 1;
            }
            x++;
            z->nd[x].itm = c;
            z->nd[x].color = col;
            z->nd[x].up = z->nd[c].up; /* append at the bottom of c's list */
            z->nd[x].down = c;
            z->nd[z->nd[c].up].down = x;
            z->nd[c].up = x;
            z->nd[c].itm++;
        }
        if (!has_primary) goto invalid;
        z->nd[last_spacer].down = x;
        x++;
        z->nd[x].itm = -(j + 1);
        z->nd[x].up = first;
        last_spacer = x;
    }
    z->last_node = x;

    /* the active lists; colors renumbered per item; the key layout */
    for (i = 0; i <= n_primary; i++) {
        z->cl[i].prev = i == 0 ? n_primary : i - 1;
        z->cl[i].next = i == n_primary ? 0 : i + 1;
    }
    z->cl[z->sroot].prev = z->cl[z->sroot].next = z->sroot;
    for (i = 1; i <= n_items; i++) {
        int32_t width = 1;
        if (i > n_primary) {
            int32_t p, n_col = 0;
            if (z->nd[i].itm == 0) continue; /* in no option: never active */
            for (p = z->nd[i].down; p != i; p = z->nd[p].down) {
                int32_t col = z->nd[p].color;
                if (!col) continue;
                if (local[col] == 0) {
                    local[col] = ++n_col;
                    seen[n_col] = col; /* seen[] is free now: the colors met */
                }
                z->nd[p].color = local[col];
            }
            for (k = 1; k <= n_col; k++) local[seen[k]] = 0;
            /* codes 1 (untouched) .. n_col+1 (purified to n_col) */
            while ((1 << width) <= n_col + 1) width++;
            /* link at the end of the secondary list */
            z->cl[i].prev = z->cl[z->sroot].prev;
            z->cl[i].next = z->sroot;
            z->cl[z->cl[z->sroot].prev].next = i;
            z->cl[z->sroot].prev = i;
        }
        if (shift + width > 64) word++, shift = 0;
        z->slot[i].word = word;
        z->slot[i].shift = shift;
        shift += width;
    }
    z->kw = word + 1;
    z->scratch = malloc((size_t)z->kw * sizeof(uint64_t));
    if (!z->scratch) goto nomem;
    free(seen);
    free(local);
    z->state = ZS_NEW;
    *out = z;
    return DLXC_DONE;

invalid:
    free(seen);
    free(local);
    dlxc_zdd_free(z);
    return DLXC_EINVAL;
nomem:
    free(seen);
    free(local);
    dlxc_zdd_free(z);
    return DLXC_ENOMEM;
}

/* ==== 4. The dancing =====================================================
 *
 * As DLX6 dances: hiding an option unlinks its unmarked nodes and lowers the
 * len of each of its items; a secondary item whose len falls to 0 leaves
 * the list of active secondary items (and comes back when it rises to 1).
 * A node marked by purify (color -1) stays in its list but counts in its
 * item's len.  commit() passes over a secondary item that is in no active
 * option (len 0): nothing is left to cover or purify there.
 */
static inline void unlink_item(zlink *cl, int32_t c)
{
    int32_t l = cl[c].prev, r = cl[c].next;
    cl[l].next = r;
    cl[r].prev = l;
}

static inline void relink_item(zlink *cl, int32_t c)
{
    int32_t l = cl[c].prev, r = cl[c].next;
    cl[l].next = c;
    cl[r].prev = c;
}

static inline void hide(dlxc_zdd *z, int32_t p)
{
    znd *nd = z->nd;
    int32_t q = p + 1, n_primary = z->n_primary;
    while (q != p) {
        int32_t c = nd[q].itm;
        if (c <= 0) {
            q = nd[q].up;
            continue;
        }
        if (nd[q].color >= 0) {
            int32_t u = nd[q].up, d = nd[q].down;
            nd[u].down = d;
            nd[d].up = u;
        }
        if (--nd[c].itm == 0 && c > n_primary) unlink_item(z->cl, c);
        q++;
    }
}

static inline void unhide(dlxc_zdd *z, int32_t p)
{
    znd *nd = z->nd;
    int32_t q = p - 1, n_primary = z->n_primary;
    while (q != p) {
        int32_t c = nd[q].itm;
        if (c <= 0) {
            q = nd[q].down;
            continue;
        }
        if (nd[q].color >= 0) {
            int32_t u = nd[q].up, d = nd[q].down;
            nd[u].down = q;
            nd[d].up = q;
        }
        if (++nd[c].itm == 1 && c > n_primary) relink_item(z->cl, c);
        q--;
    }
}

static inline void cover(dlxc_zdd *z, int32_t c)
{
    int32_t p;
    unlink_item(z->cl, c);
    for (p = z->nd[c].down; p != c; p = z->nd[p].down) hide(z, p);
}

static inline void uncover(dlxc_zdd *z, int32_t c)
{
    int32_t p;
    for (p = z->nd[c].up; p != c; p = z->nd[p].up) unhide(z, p);
    relink_item(z->cl, c);
}

static inline void purify(dlxc_zdd *z, int32_t p)
{
    znd *nd = z->nd;
    int32_t c = nd[p].itm, x = nd[p].color, q, left = nd[c].itm;
    nd[c].color = x;
    for (q = nd[c].down; q != c; q = nd[q].down) {
        if (nd[q].color != x) {
            left--;
            hide(z, q);
        } else nd[q].color = -1;
    }
    if (left > 0) nd[c].itm = left;
    else {
        nd[c].itm = -1; /* no option left: unpurify must relink it */
        unlink_item(z->cl, c);
    }
}

static inline void unpurify(dlxc_zdd *z, int32_t p)
{
    znd *nd = z->nd;
    int32_t c = nd[p].itm, x = nd[p].color, q, left = nd[c].itm;
    nd[c].color = 0;
    if (left < 0) {
        left = 0;
        relink_item(z->cl, c);
    }
    for (q = nd[c].up; q != c; q = nd[q].up) {
        if (nd[q].color < 0) nd[q].color = x;
        else {
            left++;
            unhide(z, q);
        }
    }
    nd[c].itm = left;
}

static inline void commit(dlxc_zdd *z, int32_t p)
{
    znd *nd = z->nd;
    int32_t q = p + 1;
    while (q != p) {
        int32_t c = nd[q].itm;
        if (c <= 0) {
            q = nd[q].up;
            continue;
        }
        if (c <= z->n_primary || nd[c].itm) {
            if (nd[q].color == 0) cover(z, c);
            else if (nd[q].color > 0) purify(z, q);
        }
        q++;
    }
}

static inline void uncommit(dlxc_zdd *z, int32_t p)
{
    znd *nd = z->nd;
    int32_t q = p - 1;
    while (q != p) {
        int32_t c = nd[q].itm;
        if (c <= 0) {
            q = nd[q].down;
            continue;
        }
        if (c <= z->n_primary || nd[c].itm) {
            if (nd[q].color == 0) uncover(z, c);
            else if (nd[q].color > 0) unpurify(z, q);
        }
        q--;
    }
}

/* the active primary item with fewest options, leftmost on ties */
static inline int32_t choose(const dlxc_zdd *z)
{
    int32_t k, best = 0, t = INT32_MAX;
    for (k = z->cl[0].next; k != 0; k = z->cl[k].next) {
        if (z->nd[k].itm < t) {
            best = k;
            t = z->nd[k].itm;
            if (t == 0) break;
        }
    }
    return best;
}

/* ==== 5. Residual problems ===============================================
 *
 * A key has kw 64-bit words: one bit for each active primary item, and for
 * each active secondary item a code, 1 if it is not purified, 1 + c if it
 * is purified to (renumbered) color c.  Items in no active option add
 * nothing: two states with the same key have the same active options and
 * the same constraints among them, so the same solutions below.  (With
 * multiplicities, a primary item's field would hold how many more times it
 * may be covered, in as many bits as its bounds need.)
 *
 * The table keeps every key met (DLX6 does too: a residual problem with no
 * solution is worth remembering), with its diagram node (0 for none); the
 * slots hold the key's hash in their high half and its entry + 1 in their
 * low half, at most half full.  The table and the diagram grow by
 * doubling, within max_bytes: when the next step would pass it, the search
 * stops with DLXC_ZDD_ELIMIT rather than give a partial diagram.
 */
static uint64_t key_now(dlxc_zdd *z)
{
    uint64_t *w = z->scratch, h = 0x243F6A8885A308D3ULL;
    const zslot *slot = z->slot;
    const znd *nd = z->nd;
    int32_t k, i;
    memset(w, 0, (size_t)z->kw * sizeof(uint64_t));
    for (k = z->cl[0].next; k != 0; k = z->cl[k].next)
        w[slot[k].word] |= UINT64_C(1) << slot[k].shift;
    for (k = z->cl[z->sroot].next; k != z->sroot; k = z->cl[k].next)
        w[slot[k].word] |= (uint64_t)(1 + nd[k].color) << slot[k].shift;
    for (i = 0; i < z->kw; i++) {
        h = (h ^ w[i]) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 31;
    }
    return h;
}

static uint64_t bytes_for(const dlxc_zdd *z, uint64_t cap_entries, uint64_t n_slots, uint64_t cap_z)
{
    return cap_entries * ((uint64_t)z->kw * 8 + 4) + n_slots * 8 + cap_z * 12;
}

/* Move up to k old slots into the slots.  A doubling of the slots once
 * rehashed every key in one engine call, a second for tens of millions,
 * which held up Ctrl-C and the timeout; now eight old slots move at each
 * insertion, so all have moved (the old slots at most half full) before
 * the new ones are a quarter full. */
static void move_slots(dlxc_zdd *z, uint64_t k)
{
    uint64_t n = z->n_slots;
    for (; k > 0 && z->moved < z->n_old_slots; k--, z->moved++) {
        uint64_t v = z->old_slots[z->moved], i;
        if (!v) continue;
        for (i = (v >> 32) & (n - 1); z->slots[i]; i = (i + 1) & (n - 1)) {}
        z->slots[i] = v;
    }
    if (z->moved == z->n_old_slots) {
        free(z->old_slots);
        z->old_slots = NULL;
        z->n_old_slots = 0;
    }
}

/* the entry of the current key (in scratch, its hash h) in slots: its
 * index + 1, or 0 */
static uint64_t memo_find(const dlxc_zdd *z, const uint64_t *slots, uint64_t n, uint64_t h)
{
    uint64_t tag = h >> 32 << 32, mask = n - 1, i;
    size_t kb = (size_t)z->kw * sizeof(uint64_t);
    for (i = (h >> 32) & mask; slots[i]; i = (i + 1) & mask) {
        uint64_t v = slots[i], e;
        if ((v >> 32 << 32) != tag) continue;
        e = (v & 0xFFFFFFFFu) - 1;
        if (memcmp(z->keys + e * (uint64_t)z->kw, z->scratch, kb) == 0) return e + 1;
    }
    return 0;
}

/* room for one more entry (and its slot); 0 when the limit or memory says no */
static int memo_room(dlxc_zdd *z)
{
    if (z->n_entries == z->cap_entries) {
        uint64_t cap = z->cap_entries ? 2 * z->cap_entries : 1024, room;
        void *a, *b;
        if (cap > UINT32_MAX - 1) cap = UINT32_MAX - 1;
        room = bytes_for(z, cap, z->n_slots, z->cap_z);
        if (room > z->max_bytes) { /* as many as fit */
            uint64_t have = bytes_for(z, z->cap_entries, z->n_slots, z->cap_z);
            if (z->max_bytes < have) return 0;
            cap = z->cap_entries + (z->max_bytes - have) / ((uint64_t)z->kw * 8 + 4);
        }
        if (cap <= z->n_entries) return 0;
        a = realloc(z->keys, cap * (size_t)z->kw * sizeof(uint64_t));
        if (a) z->keys = a;
        b = realloc(z->zref, cap * sizeof(uint32_t));
        if (b) z->zref = b;
        if (!a || !b) return -1;
        z->cap_entries = cap;
    }
    if ((z->n_entries + 1) * 2 > z->n_slots) {
        uint64_t n = z->n_slots ? 2 * z->n_slots : 4096;
        uint64_t *slots;
        if (bytes_for(z, z->cap_entries, n, z->cap_z) > z->max_bytes) return 0;
        if (z->old_slots) move_slots(z, UINT64_MAX); /* not reached: see move_slots */
        slots = calloc(n, sizeof(uint64_t));
        if (!slots) return -1;
        if (z->n_entries) { /* the entries move over a few at a time */
            z->old_slots = z->slots;
            z->n_old_slots = z->n_slots;
            z->moved = 0;
        } else free(z->slots);
        z->slots = slots;
        z->n_slots = n;
    }
    return 1;
}

/* Look the current state up: 1 and its node in *zref on a hit; 0 on a
 * miss, with the key stored (node 0 for now) as entry *entry; < 0 on an
 * error status. */
static int memo_lookup(dlxc_zdd *z, uint32_t *zref, uint32_t *entry)
{
    uint64_t h = key_now(z), tag = h >> 32 << 32, i, e = 0, mask;
    size_t kb = (size_t)z->kw * sizeof(uint64_t);
    int room;
    if (z->n_slots) e = memo_find(z, z->slots, z->n_slots, h);
    if (!e && z->old_slots) e = memo_find(z, z->old_slots, z->n_old_slots, h);
    if (e) {
        *zref = z->zref[e - 1];
        return 1;
    }
    room = memo_room(z);
    if (room == 0) return DLXC_ZDD_ELIMIT;
    if (room < 0) return DLXC_ENOMEM;
    e = z->n_entries++;
    memcpy(z->keys + e * (uint64_t)z->kw, z->scratch, kb);
    z->zref[e] = 0;
    mask = z->n_slots - 1;
    for (i = (h >> 32) & mask; z->slots[i]; i = (i + 1) & mask) {}
    z->slots[i] = tag | (e + 1);
    *entry = (uint32_t)e;
    if (z->old_slots) move_slots(z, 8);
    return 0;
}

/* a new diagram node; 0 when the limit or memory says no */
static uint32_t make_node(dlxc_zdd *z, int32_t var, uint32_t lo, uint32_t hi, int *err)
{
    if (z->n_z == z->cap_z) {
        uint64_t cap = z->cap_z ? 2 * z->cap_z : 1024;
        void *a, *b, *c;
        if (cap > UINT32_MAX - 2) cap = UINT32_MAX - 2;
        if (bytes_for(z, z->cap_entries, z->n_slots, cap) > z->max_bytes) {
            uint64_t have = bytes_for(z, z->cap_entries, z->n_slots, z->cap_z);
            cap = have > z->max_bytes ? 0 : z->cap_z + (z->max_bytes - have) / 12;
        }
        if (cap <= z->n_z) {
            *err = DLXC_ZDD_ELIMIT;
            return 0;
        }
        a = realloc(z->zvar, cap * sizeof(int32_t));
        if (a) z->zvar = a;
        b = realloc(z->zlo, cap * sizeof(uint32_t));
        if (b) z->zlo = b;
        c = realloc(z->zhi, cap * sizeof(uint32_t));
        if (c) z->zhi = c;
        if (!a || !b || !c) {
            *err = DLXC_ENOMEM;
            return 0;
        }
        z->cap_z = cap;
    }
    z->zvar[z->n_z] = var;
    z->zlo[z->n_z] = lo;
    z->zhi[z->n_z] = hi;
    return (uint32_t)(2 + z->n_z++);
}

/* the option (0-based) of node p */
static int32_t option_of(const dlxc_zdd *z, int32_t p)
{
    while (z->nd[p].itm > 0) p++;
    return -z->nd[p].itm - 1;
}

/* ==== 6. The search ======================================================
 *
 * DLX6's loop, resumable: the state between calls is the level, the item
 * and option being tried, and the level's node so far (znode); savez[]
 * holds that node for the levels above.  A call returns only on entering a
 * level, so a node budget stops it within one level's options.
 */
int dlxc_zdd_run(dlxc_zdd *z, uint64_t node_budget)
{
    int32_t level, best_itm, cur_node;
    uint32_t znode, zsol = 0, ref, entry = 0;
    uint64_t limit;
    int status, err = 0;

    if (!z || z->state == ZS_ERROR) return DLXC_EINVAL;
    if (z->state == ZS_DONE) return DLXC_DONE;
    level = z->level;
    best_itm = z->best_itm;
    cur_node = z->cur_node;
    znode = z->znode;
    limit = node_budget > UINT64_MAX - z->nodes ? UINT64_MAX : z->nodes + node_budget;
    if (z->state == ZS_NEW && z->cl[0].next == 0) { /* no primary item: one empty solution */
        z->nodes = 2;
        znode = 1;
        goto done;
    }

forward:
    if (z->nodes >= limit) {
        status = DLXC_BUDGET;
        z->state = ZS_FORWARD;
        goto out;
    }
    z->nodes++;
    if (level > z->max_level) z->max_level = level;
    status = memo_lookup(z, &ref, &entry);
    if (status < 0) goto error;
    if (status == 1) {
        z->hits++;
        znode = ref;
        goto backdown;
    }
    z->memo_at[level] = entry;
    znode = 0;
    best_itm = choose(z);
    cover(z, best_itm);
    cur_node = z->choice[level] = z->nd[best_itm].down;

advance:
    if (cur_node == best_itm) goto backup;
    commit(z, cur_node);
    if (z->cl[0].next == 0) { /* a solution */
        z->nodes++;
        zsol = 1;
        goto recover;
    }
    z->savez[level] = znode;
    level++;
    goto forward;

backup:
    uncover(z, best_itm);
    if (znode) z->zref[z->memo_at[level]] = znode;
backdown:
    if (level == 0) goto done;
    level--;
    cur_node = z->choice[level];
    best_itm = z->nd[cur_node].itm;
    zsol = znode;
    znode = z->savez[level];
recover:
    uncommit(z, cur_node);
    if (zsol) {
        znode = make_node(z, option_of(z, cur_node), znode, zsol, &err);
        if (!znode) {
            status = err;
            goto error;
        }
    }
    cur_node = z->choice[level] = z->nd[cur_node].down;
    goto advance;

done:
    /* the table has done its work: the diagram needs none of it (the
     * capacities stay, so that the info still tells the peak memory) */
    free(z->keys);
    free(z->slots);
    free(z->old_slots);
    free(z->zref);
    z->keys = z->slots = z->old_slots = NULL;
    z->zref = NULL;
    z->state = ZS_DONE;
    z->znode = znode;
    z->level = 0;
    return DLXC_DONE;
error:
    z->state = ZS_ERROR;
out:
    z->level = level;
    z->best_itm = best_itm;
    z->cur_node = cur_node;
    z->znode = znode;
    return status;
}

void dlxc_zdd_get_info(const dlxc_zdd *z, dlxc_zdd_info *out)
{
    out->search_nodes = z->nodes;
    out->memos = z->n_entries;
    out->hits = z->hits;
    out->bytes = bytes_for(z, z->cap_entries, z->n_slots, z->cap_z);
    out->zdd_nodes = (uint32_t)z->n_z;
    out->root = z->state == ZS_DONE ? z->znode : 0;
    out->level = z->level;
    out->max_level = z->max_level;
    out->done = z->state == ZS_DONE;
}

/* as dlxc_progress: level l at its k-th of d options adds (k-1)/(d_0...d_l) */
double dlxc_zdd_progress(const dlxc_zdd *z)
{
    const znd *nd = z->nd;
    double f = 0.0, fd = 1.0;
    int32_t l;
    if (z->state == ZS_DONE) return 1.0;
    if (z->state == ZS_NEW) return 0.0;
    for (l = 0; l < z->level && fd < 1e300; l++) {
        int32_t x = z->choice[l], c = nd[x].itm, k = 1, p;
        double d;
        for (p = nd[c].down; p != x && p != c; p = nd[p].down) k++;
        d = nd[c].itm; /* a covered item's len stays as it was */
        if (d < k) d = k;
        fd *= d;
        f += (k - 1) / fd;
    }
    return f;
}

/* ==== 7. The diagram out ================================================= */
void dlxc_zdd_nodes(const dlxc_zdd *z, int32_t *var, uint32_t *lo, uint32_t *hi)
{
    if (!z->n_z) return;
    memcpy(var, z->zvar, z->n_z * sizeof(int32_t));
    memcpy(lo, z->zlo, z->n_z * sizeof(uint32_t));
    memcpy(hi, z->zhi, z->n_z * sizeof(uint32_t));
}

int dlxc_zdd_count(const dlxc_zdd *z, uint64_t *count)
{
    uint64_t *c, k;
    if (!z || z->state != ZS_DONE) return DLXC_EINVAL;
    if (z->znode < 2) {
        *count = z->znode;
        return DLXC_DONE;
    }
    c = malloc((z->n_z + 2) * sizeof(uint64_t));
    if (!c) return DLXC_ENOMEM;
    c[0] = 0;
    c[1] = 1;
    for (k = 0; k < z->n_z; k++) {
        uint64_t a = c[z->zlo[k]], b = c[z->zhi[k]];
        if (a > UINT64_MAX - b) {
            free(c);
            return DLXC_EOVERFLOW;
        }
        c[k + 2] = a + b;
    }
    *count = c[z->znode];
    free(c);
    return DLXC_DONE;
}

/* digits of v in base 16 (hex) or 10, written backwards from end */
static char *put_num(char *end, uint64_t v, int hex)
{
    const char *digits = "0123456789abcdef";
    uint64_t base = hex ? 16 : 10;
    do {
        *--end = digits[v % base];
        v /= base;
    } while (v);
    return end;
}

static int flush_out(int fd, const char *buf, size_t n)
{
    while (n) {
        long w = (long)write_fd(fd, buf, (unsigned)n);
        if (w <= 0) return DLXC_ZDD_EWRITE;
        buf += w;
        n -= (size_t)w;
    }
    return DLXC_DONE;
}

/* one line "K: (~V?L:H)" into buf; its length */
static size_t put_line(char *buf, uint64_t k, uint64_t v, uint64_t lo, uint64_t hi)
{
    char tmp[96], *e = tmp + sizeof tmp, *p = e;
    *--p = '\n';
    *--p = ')';
    p = put_num(p, hi, 1);
    *--p = ':';
    p = put_num(p, lo, 1);
    *--p = '?';
    p = put_num(p, v, 0);
    *--p = '~';
    *--p = '(';
    *--p = ' ';
    *--p = ':';
    p = put_num(p, k, 1);
    memcpy(buf, p, (size_t)(e - p));
    return (size_t)(e - p);
}

int dlxc_zdd_write(const dlxc_zdd *z, int fd)
{
    char buf[1 << 16];
    size_t n = 0;
    uint64_t k;
    int status;
    if (!z || z->state != ZS_DONE) return DLXC_EINVAL;
    for (k = 0; k < z->n_z; k++) {
        if (n > sizeof buf - 100) {
            if ((status = flush_out(fd, buf, n)) != DLXC_DONE) return status;
            n = 0;
        }
        n += put_line(buf + n, k + 2, (uint64_t)z->zvar[k] + 1, z->zlo[k], z->zhi[k]);
    }
    n += put_line(buf + n, z->n_z + 2, 0, 0, z->znode);
    return flush_out(fd, buf, n);
}
