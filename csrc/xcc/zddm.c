/* zddm.c -- a ZDD of all the solutions of a problem with multiplicities.
 *
 * Contents: 1. Intro  2. Data structures  3. Inputting the options
 *           4. The memo  5. The moves  6. The search
 *
 * The Python mirror (dlxc/xcc/engines/zddm.py) follows this file function
 * by function and makes the same diagram, node for node, with the same
 * figures.
 */

/* ==== 1. Intro ===========================================================
 *
 * A primary item u:v|name is covered between u and v times.  zdd.c keys a
 * residual problem by the items still to cover, which no longer tells it
 * here: it would also need how many more times each item must and may be
 * covered, and which options earlier choices ruled out.  This search rules
 * out nothing behind the key's back: it decides the options in order, one
 * level per option (first without it, then with it), so that at level j
 * every option before j is decided and none after.  The residual problem is
 * then j and the state of each item held by options on both sides of j: a
 * primary item's cover count so far, a secondary item's color (0 unused,
 * the color, or PLAIN when an option without a color took it).  Items held
 * only by later options are untouched; items held only by earlier ones are
 * finished.  Each primary item counts its live options (section 5): when a
 * move lowers that count, the item's cover count plus it must reach u.
 *
 * Each level's key is looked up first: a residual problem met again costs
 * one look-up.  A level whose take leads to a solution makes one node
 * (option j, lo: the level below without j, hi: with j); otherwise its
 * node is the lo one.  The diagram is thus ordered (options increase along
 * a path) and zero-suppressed.
 */
#include "zddm.h"
#include "dlxc.h"
#include <stdlib.h>
#include <string.h>

/* ==== 2. Data structures ================================================= */
#define PLAIN (-1)

enum { ZM_NEW, ZM_ENTER, ZM_AFTER_LO, ZM_AFTER_HI, ZM_RETURN, ZM_DONE, ZM_ERROR };

struct dlxc_zddm {
    int32_t n_primary, n_items, n_options;
    int32_t *start, *items, *colors;     /* the options (copied) */
    int32_t *of_start, *of_opt, *of_col; /* per item: its options in order, its color in each */
    int32_t *live;                       /* per primary item: options neither decided nor blocked */
    int32_t *blocked;                    /* per option: the reasons it cannot be taken */
    int32_t *blk_stack;                  /* options whose reasons a take added, to undo */
    int64_t n_blk, cap_blk;
    int64_t *blk_n;   /* per level: reasons its take added */
    int32_t *touched; /* scratch: primary items whose live options a take dropped */
    int64_t n_touched, cap_touched;
    uint8_t *left;                /* per level: whether its leave changed live */
    int32_t *lo_b, *hi_b;         /* bounds of the primary items */
    int32_t *fr_start, *fr_items; /* per level j: the items of its key */
    int32_t *st;                  /* per item: count or color */
    int32_t *set_stack, n_set;    /* secondary items a take set, to undo */
    int32_t *phase, *undo;        /* per level: 0 entered, 1 lo done, 2 in hi; takes' sets */
    uint32_t *lo_res, *memo_at;
    int hopeless, state;
    int32_t level, max_level;
    uint32_t result, root;
    uint64_t nodes, hits, memos;
    /* the memo: keys in one arena of words, entries, open-addressing slots */
    int32_t *arena;
    uint64_t n_words, cap_words;
    uint64_t *key_at; /* entry -> offset of its key in the arena */
    uint32_t *zref;   /* entry -> its diagram node */
    uint64_t n_entries, cap_entries;
    uint64_t *slots; /* entry + 1, 0 when empty */
    uint64_t n_slots;
    /* the slots before the last doubling, still read while their entries
     * move over a few at a time (moved: entries 0 .. moved-1 of the first
     * n_old_entries); NULL once all have moved */
    uint64_t *old_slots;
    uint64_t n_old_slots, n_old_entries, moved;
    int32_t *scratch; /* the key being looked up */
    /* the diagram: node k at index k-2 */
    int32_t *zvar;
    uint32_t *zlo, *zhi;
    uint64_t n_z, cap_z;
    uint64_t max_bytes;
};

void dlxc_zddm_free(dlxc_zddm *z)
{
    if (!z) return;
    free(z->start);
    free(z->items);
    free(z->colors);
    free(z->of_start);
    free(z->of_opt);
    free(z->of_col);
    free(z->live);
    free(z->blocked);
    free(z->blk_stack);
    free(z->blk_n);
    free(z->touched);
    free(z->left);
    free(z->lo_b);
    free(z->hi_b);
    free(z->fr_start);
    free(z->fr_items);
    free(z->st);
    free(z->set_stack);
    free(z->phase);
    free(z->undo);
    free(z->lo_res);
    free(z->memo_at);
    free(z->arena);
    free(z->key_at);
    free(z->zref);
    free(z->slots);
    free(z->old_slots);
    free(z->scratch);
    free(z->zvar);
    free(z->zlo);
    free(z->zhi);
    free(z);
}

/* ==== 3. Inputting the options =========================================== */
int dlxc_zddm_new(dlxc_zddm **out, int32_t n_primary, int32_t n_items, int32_t n_options,
                  const int32_t *opt_start, const int32_t *opt_items, const int32_t *opt_colors,
                  const int32_t *bounds, uint64_t max_bytes)
{
    dlxc_zddm *z;
    int32_t i, j, n_entries, *first = NULL, *last = NULL, *seen = NULL, *fill = NULL;
    int64_t k, total = 0;

    if (!out) return DLXC_EINVAL;
    *out = NULL;
    if (n_primary < 0 || n_items < n_primary || n_options < 0 || !opt_start) return DLXC_EINVAL;
    if (n_primary > 0 && !bounds) return DLXC_EINVAL;
    if (opt_start[0] != 0) return DLXC_EINVAL;
    for (j = 0; j < n_options; j++)
        if (opt_start[j + 1] <= opt_start[j]) return DLXC_EINVAL;
    n_entries = opt_start[n_options];
    if (n_entries > 0 && (!opt_items || !opt_colors)) return DLXC_EINVAL;
    for (k = 0; k < n_entries; k++) {
        if (opt_items[k] < 0 || opt_items[k] >= n_items || opt_colors[k] < 0) return DLXC_EINVAL;
        if (opt_items[k] < n_primary && opt_colors[k]) return DLXC_EINVAL;
    }
    for (i = 0; i < n_primary; i++)
        if (bounds[2 * i] < 0 || bounds[2 * i + 1] < bounds[2 * i] || bounds[2 * i + 1] < 1)
            return DLXC_EINVAL;

    z = calloc(1, sizeof *z);
    if (!z) return DLXC_ENOMEM;
    z->n_primary = n_primary;
    z->n_items = n_items;
    z->n_options = n_options;
    z->max_bytes = max_bytes;
    z->start = malloc(((size_t)n_options + 1) * sizeof(int32_t));
    z->items = malloc(((size_t)n_entries + 1) * sizeof(int32_t));
    z->colors = malloc(((size_t)n_entries + 1) * sizeof(int32_t));
    z->of_start = calloc((size_t)n_items + 2, sizeof(int32_t));
    z->of_opt = malloc(((size_t)n_entries + 1) * sizeof(int32_t));
    z->of_col = malloc(((size_t)n_entries + 1) * sizeof(int32_t));
    z->live = calloc((size_t)n_primary + 1, sizeof(int32_t));
    z->blocked = calloc((size_t)n_options + 1, sizeof(int32_t));
    z->blk_n = calloc((size_t)n_options + 1, sizeof(int64_t));
    z->left = calloc((size_t)n_options + 1, 1);
    z->lo_b = malloc(((size_t)n_primary + 1) * sizeof(int32_t));
    z->hi_b = malloc(((size_t)n_primary + 1) * sizeof(int32_t));
    z->st = calloc((size_t)n_items + 1, sizeof(int32_t));
    z->set_stack = calloc((size_t)n_items + 1, sizeof(int32_t));
    z->phase = calloc((size_t)n_options + 1, sizeof(int32_t));
    z->undo = calloc((size_t)n_options + 1, sizeof(int32_t));
    z->lo_res = calloc((size_t)n_options + 1, sizeof(uint32_t));
    z->memo_at = calloc((size_t)n_options + 1, sizeof(uint32_t));
    z->fr_start = calloc((size_t)n_options + 2, sizeof(int32_t));
    z->scratch = calloc((size_t)n_items + 2, sizeof(int32_t));
    first = malloc(((size_t)n_items + 1) * sizeof(int32_t));
    last = malloc(((size_t)n_items + 1) * sizeof(int32_t));
    seen = calloc((size_t)n_items + 1, sizeof(int32_t));
    if (!z->start || !z->items || !z->colors || !z->of_start || !z->of_opt || !z->of_col ||
        !z->live || !z->blocked || !z->blk_n || !z->left || !z->lo_b || !z->hi_b || !z->st ||
        !z->set_stack || !z->phase || !z->undo || !z->lo_res || !z->memo_at || !z->fr_start ||
        !z->scratch || !first || !last || !seen)
        goto nomem;
    memcpy(z->start, opt_start, ((size_t)n_options + 1) * sizeof(int32_t));
    if (n_entries) {
        memcpy(z->items, opt_items, (size_t)n_entries * sizeof(int32_t));
        memcpy(z->colors, opt_colors, (size_t)n_entries * sizeof(int32_t));
    }
    for (i = 0; i < n_primary; i++) {
        z->lo_b[i] = bounds[2 * i];
        z->hi_b[i] = bounds[2 * i + 1];
    }
    /* an item twice in an option, an option without a primary item: refused */
    for (j = 0; j < n_options; j++) {
        int has_primary = 0;
        for (k = opt_start[j]; k < opt_start[j + 1]; k++) {
            int32_t x = opt_items[k];
            if (seen[x] == j + 1) goto invalid;
            seen[x] = j + 1;
            if (x < n_primary) has_primary = 1;
        }
        if (!has_primary) goto invalid;
    }
    /* per item its options in order; live counts; whether some item must
     * be covered more often than its options allow */
    for (k = 0; k < n_entries; k++) z->of_start[opt_items[k] + 1]++;
    for (i = 0; i < n_items; i++) z->of_start[i + 1] += z->of_start[i];
    memset(seen, 0, ((size_t)n_items + 1) * sizeof(int32_t));
    for (j = 0; j < n_options; j++)
        for (k = opt_start[j]; k < opt_start[j + 1]; k++) {
            int32_t x = opt_items[k], at = z->of_start[x] + seen[x]++;
            z->of_opt[at] = j;
            z->of_col[at] = opt_colors[k];
        }
    for (i = 0; i < n_primary; i++) {
        z->live[i] = z->of_start[i + 1] - z->of_start[i];
        if (z->live[i] < z->lo_b[i]) z->hopeless = 1;
    }
    /* the keys' items: x belongs to the levels first[x]+1 .. last[x] */
    for (i = 0; i < n_items; i++) first[i] = last[i] = -1;
    for (j = 0; j < n_options; j++)
        for (k = opt_start[j]; k < opt_start[j + 1]; k++) {
            int32_t x = opt_items[k];
            if (first[x] < 0) first[x] = j;
            last[x] = j;
        }
    for (i = 0; i < n_items; i++)
        if (first[i] >= 0) {
            total += last[i] - first[i];
            for (j = first[i] + 1; j <= last[i]; j++) z->fr_start[j + 1]++;
        }
    if (total >= INT32_MAX) {
        free(first);
        free(last);
        free(seen);
        dlxc_zddm_free(z);
        return DLXC_ETOOBIG;
    }
    for (j = 0; j <= n_options; j++) z->fr_start[j + 1] += z->fr_start[j];
    z->fr_items = malloc(((size_t)total + 1) * sizeof(int32_t));
    if (!z->fr_items) goto nomem;
    free(seen);
    seen = NULL;
    fill = calloc((size_t)n_options + 1, sizeof(int32_t));
    if (!fill) goto nomem;
    for (i = 0; i < n_items; i++)
        if (first[i] >= 0)
            for (j = first[i] + 1; j <= last[i]; j++) z->fr_items[z->fr_start[j] + fill[j]++] = i;
    free(first);
    free(last);
    free(fill);
    z->state = ZM_NEW;
    *out = z;
    return DLXC_DONE;

nomem:
    free(first);
    free(last);
    free(seen);
    dlxc_zddm_free(z);
    return DLXC_ENOMEM;
invalid:
    free(first);
    free(last);
    free(seen);
    dlxc_zddm_free(z);
    return DLXC_EINVAL;
}

/* ==== 4. The memo ======================================================== */
static uint64_t bytes_of(uint64_t entries, uint64_t words, uint64_t znodes)
{
    return entries * 16 + words * 4 + znodes * 12;
}

static uint64_t hash_key(const int32_t *key, int32_t len)
{
    uint64_t h = 0x243f6a8885a308d3ULL;
    int32_t i;
    for (i = 0; i < len; i++) {
        h ^= (uint32_t)key[i];
        h *= 0x9e3779b97f4a7c15ULL;
        h ^= h >> 29;
    }
    return h;
}

/* the key of level j into scratch; its length */
static int32_t key_now(dlxc_zddm *z, int32_t j)
{
    int32_t p, n = 1;
    z->scratch[0] = j;
    for (p = z->fr_start[j]; p < z->fr_start[j + 1]; p++) z->scratch[n++] = z->st[z->fr_items[p]];
    return n;
}

/* the slot of the key in scratch in slots (n of them): its entry + 1
 * there, or 0 (empty) */
static uint64_t probe(const dlxc_zddm *z, const uint64_t *slots, uint64_t n, int32_t len,
                      uint64_t h)
{
    uint64_t mask = n - 1, s = h & mask;
    for (;;) {
        uint64_t e = slots[s];
        if (!e) return s;
        e--;
        if (z->arena[z->key_at[e]] == z->scratch[0] &&
            !memcmp(z->arena + z->key_at[e], z->scratch, (size_t)len * sizeof(int32_t)))
            return s;
        s = (s + 1) & mask;
    }
}

/* the key in scratch: its entry + 1, or 0 when it is new (then *s is the
 * empty slot to put it in) */
static uint64_t find_entry(const dlxc_zddm *z, int32_t len, uint64_t h, uint64_t *s)
{
    *s = probe(z, z->slots, z->n_slots, len, h);
    if (z->slots[*s]) return z->slots[*s];
    if (z->old_slots) { /* an entry not moved yet */
        uint64_t o = probe(z, z->old_slots, z->n_old_slots, len, h);
        return z->old_slots[o];
    }
    return 0;
}

/* move up to k entries of the old slots into the new ones */
static void move_entries(dlxc_zddm *z, uint64_t k)
{
    uint64_t n = z->n_slots;
    for (; k > 0 && z->moved < z->n_old_entries; k--, z->moved++) {
        const int32_t *key = z->arena + z->key_at[z->moved];
        int32_t j = key[0], len = 1 + z->fr_start[j + 1] - z->fr_start[j];
        uint64_t s = hash_key(key, len) & (n - 1);
        while (z->slots[s]) s = (s + 1) & (n - 1);
        z->slots[s] = z->moved + 1;
    }
    if (z->moved == z->n_old_entries) {
        free(z->old_slots);
        z->old_slots = NULL;
        z->n_old_slots = 0;
    }
}

/* Twice the slots.  The entries move over a few at each insertion rather
 * than all at once: a table of tens of millions of keys took a second to
 * rehash, in one engine call, which held up Ctrl-C and the timeout.  Four
 * entries an insertion move them all before the new slots are half full. */
static int grow_slots(dlxc_zddm *z)
{
    uint64_t n = z->n_slots ? 2 * z->n_slots : 4096, *fresh;
    if (z->old_slots) move_entries(z, UINT64_MAX); /* not reached: see above */
    fresh = calloc((size_t)n, sizeof(uint64_t));
    if (!fresh) return DLXC_ENOMEM;
    if (z->n_entries) {
        z->old_slots = z->slots;
        z->n_old_slots = z->n_slots;
        z->n_old_entries = z->n_entries;
        z->moved = 0;
    } else free(z->slots);
    z->slots = fresh;
    z->n_slots = n;
    return DLXC_DONE;
}

/* the key in scratch as a new entry at slot s (pending node 0) */
static int insert(dlxc_zddm *z, int32_t len, uint64_t *s, uint64_t h)
{
    if (bytes_of(z->n_entries + 1, z->n_words + (uint64_t)len, z->n_z) > z->max_bytes)
        return DLXC_ZDD_ELIMIT;
    if (z->n_entries == z->cap_entries) {
        uint64_t cap = z->cap_entries ? 2 * z->cap_entries : 1024;
        uint64_t *ka = realloc(z->key_at, (size_t)cap * sizeof(uint64_t));
        uint32_t *zr;
        if (!ka) return DLXC_ENOMEM;
        z->key_at = ka;
        zr = realloc(z->zref, (size_t)cap * sizeof(uint32_t));
        if (!zr) return DLXC_ENOMEM;
        z->zref = zr;
        z->cap_entries = cap;
    }
    if (z->n_words + (uint64_t)len > z->cap_words) {
        uint64_t cap = z->cap_words ? 2 * z->cap_words : 4096;
        int32_t *a;
        while (cap < z->n_words + (uint64_t)len) cap *= 2;
        a = realloc(z->arena, (size_t)cap * sizeof(int32_t));
        if (!a) return DLXC_ENOMEM;
        z->arena = a;
        z->cap_words = cap;
    }
    if ((z->n_entries + 1) * 2 > z->n_slots) {
        int status = grow_slots(z);
        if (status < 0) return status;
        *s = probe(z, z->slots, z->n_slots, len, h);
    }
    memcpy(z->arena + z->n_words, z->scratch, (size_t)len * sizeof(int32_t));
    z->key_at[z->n_entries] = z->n_words;
    z->zref[z->n_entries] = 0;
    z->slots[*s] = z->n_entries + 1;
    z->n_words += (uint64_t)len;
    z->n_entries++;
    if (z->old_slots) move_entries(z, 4);
    return DLXC_DONE;
}

static int make_node(dlxc_zddm *z, int32_t j, uint32_t lo, uint32_t hi, uint32_t *node)
{
    if (bytes_of(z->n_entries, z->n_words, z->n_z + 1) > z->max_bytes || z->n_z + 3 > UINT32_MAX)
        return DLXC_ZDD_ELIMIT;
    if (z->n_z == z->cap_z) {
        uint64_t cap = z->cap_z ? 2 * z->cap_z : 1024;
        int32_t *v = realloc(z->zvar, (size_t)cap * sizeof(int32_t));
        uint32_t *a;
        if (!v) return DLXC_ENOMEM;
        z->zvar = v;
        a = realloc(z->zlo, (size_t)cap * sizeof(uint32_t));
        if (!a) return DLXC_ENOMEM;
        z->zlo = a;
        a = realloc(z->zhi, (size_t)cap * sizeof(uint32_t));
        if (!a) return DLXC_ENOMEM;
        z->zhi = a;
        z->cap_z = cap;
    }
    z->zvar[z->n_z] = j;
    z->zlo[z->n_z] = lo;
    z->zhi[z->n_z] = hi;
    z->n_z++;
    *node = (uint32_t)(z->n_z + 1);
    return DLXC_DONE;
}

/* ==== 5. The moves =======================================================
 *
 * live[p] counts the options of primary item p not yet decided and not
 * blocked; an option is blocked while some reason holds (a primary item
 * of it at its upper bound, a secondary item of it set to a color it does
 * not give).  Leaving out or taking option j takes it out of live; a take
 * adds the reasons it makes, and the items whose live options dropped must
 * still reach their lower bounds.
 */
static int can_leave(const dlxc_zddm *z, int32_t j)
{
    int32_t k;
    if (z->blocked[j]) return 1; /* j was not counted live */
    for (k = z->start[j]; k < z->start[j + 1]; k++) {
        int32_t x = z->items[k];
        if (x < z->n_primary && z->st[x] + z->live[x] - 1 < z->lo_b[x]) return 0;
    }
    return 1;
}

static void leave(dlxc_zddm *z, int32_t j)
{
    int32_t k;
    z->left[j] = !z->blocked[j];
    if (z->left[j])
        for (k = z->start[j]; k < z->start[j + 1]; k++)
            if (z->items[k] < z->n_primary) z->live[z->items[k]]--;
}

static void unleave(dlxc_zddm *z, int32_t j)
{
    int32_t k;
    if (z->left[j])
        for (k = z->start[j]; k < z->start[j + 1]; k++)
            if (z->items[k] < z->n_primary) z->live[z->items[k]]++;
}

static int push_touched(dlxc_zddm *z, int32_t x)
{
    if (z->n_touched == z->cap_touched) {
        int64_t cap = z->cap_touched ? 2 * z->cap_touched : 1024;
        int32_t *t = realloc(z->touched, (size_t)cap * sizeof(int32_t));
        if (!t) return DLXC_ENOMEM;
        z->touched = t;
        z->cap_touched = cap;
    }
    z->touched[z->n_touched++] = x;
    return DLXC_DONE;
}

/* one more reason why option o cannot be taken */
static int block(dlxc_zddm *z, int32_t o)
{
    int32_t k;
    if (z->n_blk == z->cap_blk) {
        int64_t cap = z->cap_blk ? 2 * z->cap_blk : 1024;
        int32_t *b = realloc(z->blk_stack, (size_t)cap * sizeof(int32_t));
        if (!b) return DLXC_ENOMEM;
        z->blk_stack = b;
        z->cap_blk = cap;
    }
    z->blk_stack[z->n_blk++] = o;
    if (++z->blocked[o] == 1)
        for (k = z->start[o]; k < z->start[o + 1]; k++) {
            int32_t x = z->items[k];
            if (x < z->n_primary) {
                z->live[x]--;
                if (push_touched(z, x) < 0) return DLXC_ENOMEM;
            }
        }
    return DLXC_DONE;
}

/* take option j (not blocked): 1 when every item whose live options
 * dropped can still reach its lower bound, 0 when not, or DLXC_ENOMEM
 * (the take is made in every case: untake undoes it) */
static int take(dlxc_zddm *z, int32_t j)
{
    int32_t k, n_set = 0, p;
    int64_t before = z->n_blk, t;
    int status = DLXC_DONE;
    z->n_touched = 0;
    for (k = z->start[j]; k < z->start[j + 1]; k++) {
        int32_t x = z->items[k];
        if (x < z->n_primary) {
            z->st[x]++;
            z->live[x]--;
            if (status == DLXC_DONE) status = push_touched(z, x);
            if (z->st[x] == z->hi_b[x])
                for (p = z->of_start[x]; p < z->of_start[x + 1]; p++)
                    if (z->of_opt[p] > j && status == DLXC_DONE) status = block(z, z->of_opt[p]);
        } else if (!z->st[x]) {
            int32_t s = z->colors[k] ? z->colors[k] : PLAIN;
            z->st[x] = s;
            z->set_stack[z->n_set++] = x;
            n_set++;
            for (p = z->of_start[x]; p < z->of_start[x + 1]; p++)
                if (z->of_opt[p] > j && (s == PLAIN || z->of_col[p] != s) && status == DLXC_DONE)
                    status = block(z, z->of_opt[p]);
        }
    }
    z->undo[j] = n_set;
    z->blk_n[j] = z->n_blk - before;
    if (status < 0) return status;
    for (t = 0; t < z->n_touched; t++) {
        int32_t q = z->touched[t];
        if (z->st[q] + z->live[q] < z->lo_b[q]) return 0;
    }
    return 1;
}

static void untake(dlxc_zddm *z, int32_t j)
{
    int32_t k;
    int64_t b;
    for (b = 0; b < z->blk_n[j]; b++) {
        int32_t o = z->blk_stack[--z->n_blk];
        if (--z->blocked[o] == 0)
            for (k = z->start[o]; k < z->start[o + 1]; k++)
                if (z->items[k] < z->n_primary) z->live[z->items[k]]++;
    }
    for (k = z->start[j]; k < z->start[j + 1]; k++)
        if (z->items[k] < z->n_primary) {
            z->st[z->items[k]]--;
            z->live[z->items[k]]++;
        }
    for (k = 0; k < z->undo[j]; k++) z->st[z->set_stack[--z->n_set]] = 0;
}

/* ==== 6. The search ====================================================== */
int dlxc_zddm_run(dlxc_zddm *z, uint64_t node_budget)
{
    int32_t j, n;
    int step, status;
    uint32_t result;
    uint64_t limit;

    if (!z || z->state == ZM_ERROR) return DLXC_EINVAL;
    if (z->state == ZM_DONE) return DLXC_DONE;
    n = z->n_options;
    limit = node_budget > UINT64_MAX - z->nodes ? UINT64_MAX : z->nodes + node_budget;
    j = z->level;
    result = z->result;
    if (z->state == ZM_NEW) {
        if (z->hopeless) {
            z->nodes = 1;
            z->root = 0;
            z->state = ZM_DONE;
            return DLXC_DONE;
        }
        step = ZM_ENTER;
    } else step = z->state;
    for (;;) {
        if (step == ZM_ENTER) {
            int32_t len;
            uint64_t h, s, found;
            if (z->nodes >= limit) {
                z->state = ZM_ENTER;
                z->level = j;
                return DLXC_BUDGET;
            }
            z->nodes++;
            if (j > z->max_level) z->max_level = j;
            if (j == n) {
                result = 1;
                step = ZM_RETURN;
                continue;
            }
            len = key_now(z, j);
            h = hash_key(z->scratch, len);
            if (!z->n_slots) {
                status = grow_slots(z);
                if (status < 0) goto error;
            }
            found = find_entry(z, len, h, &s);
            if (found) {
                z->hits++;
                result = z->zref[found - 1];
                step = ZM_RETURN;
                continue;
            }
            status = insert(z, len, &s, h);
            if (status < 0) goto error;
            z->memo_at[j] = (uint32_t)(z->n_entries - 1);
            z->phase[j] = 0;
            if (can_leave(z, j)) {
                leave(z, j);
                j++;
                continue;
            }
            z->left[j] = 0;
            result = 0;
            step = ZM_AFTER_LO;
        } else if (step == ZM_AFTER_LO) {
            unleave(z, j);
            z->lo_res[j] = result;
            z->phase[j] = 1;
            if (!z->blocked[j]) {
                int ok = take(z, j);
                if (ok == 1) {
                    j++;
                    step = ZM_ENTER;
                    continue;
                }
                untake(z, j);
                if (ok < 0) {
                    status = ok;
                    goto error;
                }
            }
            result = 0;
            step = ZM_AFTER_HI;
        } else if (step == ZM_AFTER_HI) {
            uint32_t hi = result;
            if (z->phase[j] == 2) untake(z, j);
            if (hi == 0) result = z->lo_res[j];
            else {
                status = make_node(z, j, z->lo_res[j], hi, &result);
                if (status < 0) goto error;
            }
            z->zref[z->memo_at[j]] = result;
            step = ZM_RETURN;
        } else { /* ZM_RETURN: from level j to level j-1 */
            if (j == 0) {
                z->memos = z->n_entries;
                z->root = result;
                z->level = 0;
                z->state = ZM_DONE;
                free(z->slots); /* the memo is done with */
                free(z->old_slots);
                free(z->arena);
                free(z->key_at);
                free(z->zref);
                z->slots = z->old_slots = NULL;
                z->arena = NULL;
                z->key_at = NULL;
                z->zref = NULL;
                z->n_slots = z->n_old_slots = z->cap_words = z->cap_entries = 0;
                return DLXC_DONE;
            }
            j--;
            if (z->phase[j] == 0) step = ZM_AFTER_LO;
            else {
                step = ZM_AFTER_HI;
                z->phase[j] = 2;
            }
        }
    }
error:
    z->state = ZM_ERROR;
    z->level = j;
    return status;
}

void dlxc_zddm_get_info(const dlxc_zddm *z, dlxc_zdd_info *out)
{
    int done;
    uint64_t entries;
    if (!z || !out) return;
    done = z->state == ZM_DONE;
    entries = done ? z->memos : z->n_entries;
    out->search_nodes = z->nodes;
    out->memos = entries;
    out->hits = z->hits;
    out->bytes = bytes_of(entries, z->n_words, z->n_z);
    out->zdd_nodes = (uint32_t)z->n_z;
    out->root = done ? z->root : 0;
    out->level = z->level;
    out->max_level = z->max_level;
    out->done = done;
}

double dlxc_zddm_progress(const dlxc_zddm *z)
{
    double f = 0.0, w = 0.5;
    int32_t j;
    if (!z) return 0.0;
    if (z->state == ZM_DONE) return 1.0;
    for (j = 0; j < z->level && j < 60; j++) {
        if (z->phase[j]) f += w;
        w /= 2;
    }
    return f;
}

void dlxc_zddm_nodes(const dlxc_zddm *z, int32_t *var, uint32_t *lo, uint32_t *hi)
{
    if (!z || !z->n_z) return;
    memcpy(var, z->zvar, (size_t)z->n_z * sizeof(int32_t));
    memcpy(lo, z->zlo, (size_t)z->n_z * sizeof(uint32_t));
    memcpy(hi, z->zhi, (size_t)z->n_z * sizeof(uint32_t));
}
