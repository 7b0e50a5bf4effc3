/* fill.c -- filling a crossword grid with blocks from a word list.
 *
 * Intro.  A slot is an across or down run of two or more open cells; a
 * fill gives every slot a word of its length from the list, no word twice,
 * so that crossing slots agree on their shared letter.
 *
 * Data structures.  dom[cell] is the set of letters the cell may still hold
 * (a bit mask over the alphabet, at most 64 letters).  A slot's candidates
 * are a set of bits over the words of its length (internal numbers, in the
 * order to try them), sparse: the indices of its nonzero 64-bit words come
 * first (the compact tables of constraint solvers).  Per length and per
 * (position, letter) a table holds the set of words with that letter
 * there, so a revision ANDs the candidates with the union of a cell's
 * letters' sets, 64 words at a time.  The trail records every change of dom
 * and of a set's 64-bit words; undoing a level pops the trail.  The lists
 * of the search levels (a slot's candidates in the order to try them) lie
 * in an arena whose top each level marks.
 *
 * Search.  Most constrained slot first: the fewest candidates per unit of
 * conflict weight (weight[slot]: 1, plus one for each wipe-out of its list
 * by arc consistency; the restarts of the model layer pass the weights on
 * to the next attempt), lowest slot on ties; its candidates in list order (score first; the seed shuffles the
 * words of equal score); each assignment is followed by arc consistency
 * (AC-3 over slots); with a quality weight, a word's own score counts
 * in that order too, so well-scored words are tried first where they
 * leave the crossings room (dlxc_xw_fill_set_quality); then arc consistency
 * (AC-3 over slots): a slot whose cells changed keeps the words that fit
 * every cell's letters, and each cell keeps only the letters some kept word
 * puts there, which may wake the crossing slot.  The search is a state
 * machine: dlxc_xw_fill_run() returns with a fill, at the end, or when its
 * node budget is spent, and resumes where it stopped.
 *
 * Historical notes (issue 11's 15x15 grid, 72 slots, on a shared 2-core
 * machine).  With candidates tried in list order, ENABLE needed 105 to
 * 5,679 nodes over seeds 0-11 and two seeds passed 20,000; american-english
 * (64k words) passed 20,000 on seven of twelve.  Trying first the words that
 * leave the crossing slots most candidates brought ENABLE to 72-79 nodes
 * (no backtracking at all for most seeds) and american-english to about
 * 700-1,100, with a few seeds still stuck: the restarts of the model layer
 * (dlxc/models/crossword/fill.py) take care of those.  Testing only the
 * positions whose letters changed halved the time of a revision, and
 * numbering the words internally so that lists read letters front to back
 * matters because revisions are 86% of the time (perf).  Candidates as
 * sets over the letter tables instead of lists of word ids (the same words
 * kept in the same order, so the same nodes), with supports looked for
 * first where they were last and only for the letters of removed words,
 * halved the CPU time of the suggestions (bench/bench_suggest.py, default
 * list: per slot median 0.45 -> 0.23 s on the themed 15x15, 1.11 -> 0.44 s
 * on the designed pattern of seed 2).
 *
 * Conflict weights (tight 15x15 patterns of 74-78 entries with open corners,
 * from american-english filtered to lower-case words): with the plain
 * fewest-candidates choice, restarts kept failing in the same corner and
 * two such patterns ran past 40 CPU seconds; choosing by candidates per
 * unit of weight, the weights passed on from one restart to the next, they
 * filled in 3 and 5 s (13 and 7 restarts), while the easy grids, which
 * rarely wipe out a list, keep about their node counts.
 */
#include <stdlib.h>
#include <string.h>

#include "crossword.h"
#include "splitmix64.h"

typedef struct {
    int32_t kind, idx, off, cnt;
    uint64_t mask;
} trail_entry;
typedef struct {
    int32_t slot, off, cnt, j, trail, arena;
} level_rec;

enum { T_DOM, T_CAND, T_BITS };
enum { S_START, S_CHOOSE, S_TRY, S_AFTER_FOUND, S_DONE, S_SNAP };

struct dlxc_xw_fill {
    int32_t W, H, A, n_cells, n_slots, n_words, ring;
    const int32_t *starts; /* copies owned by the handle */
    int32_t *wstart;       /* internal word i: codes[wstart[i] ..] */
    uint8_t *codes;
    int32_t *orig;      /* internal word i is the caller's word orig[i] */
    int32_t *wscore;    /* internal word i's score, clamped to -1000..1000 */
    int32_t quality;    /* the weight of a word's score in the order to try */
    int32_t *slot_cell; /* slot s: cells slot_cell[slot_off[s] ..] */
    int32_t *slot_off, *slot_row, *slot_col, *slot_dir;
    int32_t *cell_slot; /* [cell*2+d]: the slot through the cell, or -1 */
    int32_t *cell_pos;  /* [cell*2+d]: the cell's position in that slot */
    uint64_t *dirty;    /* per slot: positions whose letters changed since its
                                   list last agreed with them (clear between searches) */
    int32_t *initial;   /* candidates before the search */
    uint64_t *dom;
    int32_t *live, *cand_cnt, *assigned;
    /* the candidate sets: internal words of length L are len_off[L] ..
     * len_off[L + 1] - 1, a set over them is lnw[L] 64-bit words (bit j:
     * the word len_off[L] + j).  lbits[lw_off[L] + (p * A + a) * lnw[L] ..]:
     * the words of length L with letter a at position p; ubits[uoff[L] ..]:
     * the words in use; sbits[soff[s] ..]: slot s's candidates, sidx[soff[s]
     * ..] the indices of its 64-bit words, the live[s] nonzero ones first */
    int32_t maxlen, max_lnw;
    int32_t *len_off, *lnw, *inv; /* inv: the caller's word -> internal, or -1 */
    int64_t *lw_off, *uoff, *soff;
    int64_t n_ubits;
    uint64_t *lbits, *ubits, *sbits, *scratch, *mask;
    int32_t *sidx;
    int32_t *res;    /* [(slot_off[s] + p) * A + a]: a 64-bit word of slot s's set
                     that last had a word with letter a at p (a hint) */
    int64_t *weight; /* per slot: 1 + its wipe-outs (dlxc_xw_fill_set_weights) */
    uint8_t *used;
    int32_t *arena;
    int64_t arena_top, arena_cap;
    int64_t arena_base; /* the arena's top once the initial lists are in */
    trail_entry *trail;
    int64_t trail_top, trail_cap;
    level_rec *levels;
    int32_t depth, max_depth;
    int32_t *queue;
    uint8_t *queued;
    uint8_t *stale; /* per slot: its set changed since its last revision
                       (dlxc_xw_fill_restrict), so each letter's support is
                       looked for afresh */
    int state;
    uint64_t seed;
    dlxc_xw_fill_stats stats;
    /* the snapshot (dlxc_xw_fill_snapshot): the trail's and the arena's
     * marks of the lists and letters agreed at the root; snap_dead when
     * that agreement wiped a list out; n_pending slots restricted since the
     * restore wait in queue[0 ..] for the next run's propagation */
    int has_snap, snap_dead;
    int popcnt; /* the processor has the popcnt instruction */
    int64_t snap_trail, snap_arena;
    int32_t n_pending;
};

static int arena_reserve(dlxc_xw_fill *f, int64_t more)
{
    if (f->arena_top + more <= f->arena_cap) return 1;
    int64_t cap = f->arena_cap ? f->arena_cap : 1024;
    while (cap < f->arena_top + more) cap *= 2;
    int32_t *a = realloc(f->arena, (size_t)cap * sizeof *a);
    if (!a) return 0;
    f->arena = a, f->arena_cap = cap;
    return 1;
}

static int trail_push(dlxc_xw_fill *f, int32_t kind, int32_t idx, int32_t off, int32_t cnt,
                      uint64_t mask)
{
    if (f->trail_top == f->trail_cap) {
        int64_t cap = f->trail_cap ? 2 * f->trail_cap : 1024;
        trail_entry *t = realloc(f->trail, (size_t)cap * sizeof *t);
        if (!t) return 0;
        f->trail = t, f->trail_cap = cap;
    }
    trail_entry *e = &f->trail[f->trail_top++];
    e->kind = kind, e->idx = idx, e->off = off, e->cnt = cnt, e->mask = mask;
    return 1;
}

static void undo_to(dlxc_xw_fill *f, int64_t mark, int64_t arena_mark)
{
    while (f->trail_top > mark) {
        trail_entry *e = &f->trail[--f->trail_top];
        if (e->kind == T_DOM) f->dom[e->idx] = e->mask;
        else if (e->kind == T_BITS) f->sbits[f->soff[e->idx] + e->off] = e->mask;
        else f->live[e->idx] = e->off, f->cand_cnt[e->idx] = e->cnt;
    }
    f->arena_top = arena_mark;
}

void dlxc_xw_fill_free(dlxc_xw_fill *f)
{
    if (!f) return;
    free(f->wstart), free(f->codes), free(f->orig), free(f->wscore), free(f->slot_cell),
        free(f->slot_off);
    free(f->slot_row), free(f->slot_col), free(f->slot_dir), free(f->cell_slot);
    free(f->cell_pos), free(f->dirty);
    free(f->initial), free(f->dom), free(f->live), free(f->cand_cnt);
    free(f->len_off), free(f->lnw), free(f->inv), free(f->lw_off), free(f->uoff), free(f->soff);
    free(f->lbits), free(f->ubits), free(f->sbits), free(f->scratch), free(f->mask), free(f->sidx);
    free(f->res);
    free(f->assigned), free(f->used), free(f->arena), free(f->trail), free(f->levels);
    free(f->queue), free(f->queued), free(f->weight), free(f->stale);
    free(f);
}

/* set a cell's letters, trailed; wake the slots through it but `from` */
static int set_dom(dlxc_xw_fill *f, int32_t cell, uint64_t mask, int32_t from, int32_t *qn)
{
    if (f->dom[cell] == mask) return 1;
    if (!trail_push(f, T_DOM, cell, 0, 0, f->dom[cell])) return -1;
    f->dom[cell] = mask;
    for (int d = 0; d < 2; d++) {
        int32_t t = f->cell_slot[cell * 2 + d];
        if (t >= 0 && t != from && f->assigned[t] < 0) {
            f->dirty[t] |= 1ULL << f->cell_pos[cell * 2 + d];
            if (!f->queued[t]) {
                f->queued[t] = 1;
                f->queue[(*qn)++ % f->ring] = t;
            }
        }
    }
    return 1;
}

/* the number of bits set in x (without a call into libgcc, which
 * __builtin_popcountll is in a build without -march) */
static inline int32_t pop64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int32_t)((x * 0x0101010101010101ULL) >> 56);
}

static int trail_reserve(dlxc_xw_fill *f, int64_t more)
{
    if (f->trail_top + more <= f->trail_cap) return 1;
    int64_t cap = f->trail_cap ? f->trail_cap : 1024;
    while (cap < f->trail_top + more) cap *= 2;
    trail_entry *t = realloc(f->trail, (size_t)cap * sizeof *t);
    if (!t) return 0;
    f->trail = t, f->trail_cap = cap;
    return 1;
}

/* slot t's set takes the values nv[i] at its words sidx[i] (i < live[t]),
 * kept words in all, trailed; the words that became zero go past live[t] */
static void set_words(dlxc_xw_fill *f, int32_t t, const uint64_t *nv, int32_t kept)
{
    uint64_t *S = f->sbits + f->soff[t];
    int32_t *ix = f->sidx + f->soff[t];
    int32_t live = f->live[t];
    trail_entry *e = &f->trail[f->trail_top++];
    e->kind = T_CAND, e->idx = t, e->off = live, e->cnt = f->cand_cnt[t], e->mask = 0;
    for (int32_t i = 0; i < live; i++) {
        int32_t k = ix[i];
        if (nv[i] != S[k]) {
            e = &f->trail[f->trail_top++];
            e->kind = T_BITS, e->idx = t, e->off = k, e->cnt = 0, e->mask = S[k];
            S[k] = nv[i];
        }
    }
    /* the order of sidx is not trailed: the words in front of a live mark
     * stay the same set whatever is swapped behind a smaller mark later */
    for (int32_t i = 0; i < live;)
        if (S[ix[i]]) i++;
        else {
            int32_t k = ix[i];
            ix[i] = ix[--live], ix[live] = k;
        }
    f->live[t] = live;
    f->cand_cnt[t] = kept;
}

/* revise slot t: keep the words that fit; narrow its cells.  0: a wipe-out.
 * The set already agrees with every position not marked dirty (the trail
 * restores sets and letters together), so only dirty positions are tested.
 * A 64-bit word of the set is filtered either through the letter tables
 * (the union of the allowed letters' sets at a position, or the complement
 * of the others' when they are fewer) or, when it has few words, word by
 * word; likewise the letters some kept word puts at a position are
 * gathered until they cover that position's letters. */
#define POP(x) (hw ? (int32_t)__builtin_popcountll(x) : pop64(x))
static inline __attribute__((always_inline)) int revise_with(dlxc_xw_fill *f, int32_t t,
                                                             int32_t *qn, int hw)
{
    int32_t L = f->slot_off[t + 1] - f->slot_off[t], A = f->A;
    const int32_t *cells = f->slot_cell + f->slot_off[t];
    uint64_t dm[64], allowed[64];
    uint64_t full = A == 64 ? ~0ULL : (1ULL << A) - 1;
    int32_t chk[64], nchk = 0, rstart[65], invert[64], open[64], nopen = 0, need = 0;
    const uint64_t *row[64 * 32];
    int32_t nw = f->lnw[L], nrow = 0;
    const uint64_t *tab = f->lbits + f->lw_off[L];
    uint64_t dirty = f->dirty[t];
    f->dirty[t] = 0;
    for (int32_t p = 0; p < L; p++) {
        dm[p] = f->dom[cells[p]], allowed[p] = 0;
        if ((dirty >> p) & 1 && dm[p] != full) {
            uint64_t lets = dm[p];
            int32_t inv = 2 * POP(lets) > A;
            if (inv) lets = full & ~lets;
            chk[nchk] = p, rstart[nchk] = nrow, invert[nchk] = inv;
            for (; lets; lets &= lets - 1)
                row[nrow++] = tab + ((int64_t)p * A + __builtin_ctzll(lets)) * nw;
            nchk++;
        }
        if (dm[p] & (dm[p] - 1)) open[nopen++] = p, need += POP(dm[p]);
        else allowed[p] = dm[p];
    }
    rstart[nchk] = nrow;
    const uint64_t *S = f->sbits + f->soff[t];
    const int32_t *ix = f->sidx + f->soff[t];
    const uint64_t *U = f->ubits + f->uoff[L];
    const uint8_t *codes = f->codes + f->wstart[f->len_off[L]];
    uint64_t *nv = f->scratch;
    int32_t live = f->live[t], cnt = f->cand_cnt[t], kept = 0;
    f->stats.revisions++;
    for (int32_t i = 0; i < live; i++) {
        int32_t k = ix[i];
        uint64_t v = S[k] & ~U[k];
        if (nchk && v) {
            if (POP(v) * nchk < nrow) { /* word by word */
                for (uint64_t b = v; b; b &= b - 1) {
                    int32_t j = __builtin_ctzll(b);
                    const uint8_t *word = codes + ((int64_t)k * 64 + j) * L;
                    for (int32_t c = 0; c < nchk; c++)
                        if (!((dm[chk[c]] >> word[chk[c]]) & 1)) {
                            v &= ~(1ULL << j);
                            break;
                        }
                }
            } else
                for (int32_t c = 0; c < nchk && v; c++) {
                    uint64_t m = 0;
                    for (int32_t r = rstart[c]; r < rstart[c + 1]; r++) m |= row[r][k];
                    v &= invert[c] ? ~m : m;
                }
        }
        nv[i] = v;
        kept += POP(v);
    }
    if (kept == 0) {
        f->weight[t]++;
        return 0;
    }
    /* A slot revised since its set last changed elsewhere had a word for
     * each of its cells' letters, so only the letters of the words removed
     * now can have lost theirs: gathered word by word when they are few. */
    int stale = f->stale[t] || dirty == ~0ULL;
    f->stale[t] = 0;
    if (!stale && nopen && (int64_t)(cnt - kept) * nopen <= need) {
        uint64_t lost[64];
        for (int32_t o = 0; o < nopen; o++) lost[open[o]] = 0;
        for (int32_t i = 0; i < live; i++) {
            int32_t k = ix[i];
            for (uint64_t rem = S[k] & ~nv[i]; rem; rem &= rem - 1) {
                const uint8_t *word = codes + ((int64_t)k * 64 + __builtin_ctzll(rem)) * L;
                for (int32_t o = 0; o < nopen; o++) lost[open[o]] |= 1ULL << word[open[o]];
            }
        }
        need = 0;
        for (int32_t o = 0; o < nopen;) {
            int32_t p = open[o];
            allowed[p] = dm[p] & ~lost[p];
            need += POP(dm[p] & lost[p]);
            if (allowed[p] == dm[p]) open[o] = open[--nopen];
            else o++;
        }
    }
    if (kept < cnt) {
        if (!trail_reserve(f, (int64_t)live + 1)) return -1;
        set_words(f, t, nv, kept);
        live = f->live[t];
    }
    /* supports: first where each letter had one last time, unless the
     * words kept are so few that reading their letters costs less */
    int32_t *res = f->res + (int64_t)f->slot_off[t] * A;
    for (int32_t o = 0; (int64_t)kept * nopen > need && o < nopen;) {
        int32_t p = open[o];
        const uint64_t *base = tab + (int64_t)p * A * nw;
        for (uint64_t lets = dm[p] & ~allowed[p]; lets; lets &= lets - 1) {
            int32_t a = __builtin_ctzll(lets), r = res[p * A + a];
            if (S[r] & base[(int64_t)a * nw + r]) allowed[p] |= 1ULL << a, need--;
        }
        if (allowed[p] == dm[p]) open[o] = open[--nopen];
        else o++;
    }
    for (int32_t i = 0; i < live && nopen; i++) {
        int32_t k = ix[i];
        uint64_t v = S[k];
        if (POP(v) * nopen <= need) { /* word by word */
            for (; v && nopen; v &= v - 1) {
                const uint8_t *word = codes + ((int64_t)k * 64 + __builtin_ctzll(v)) * L;
                for (int32_t o = 0; o < nopen;) {
                    int32_t p = open[o];
                    uint64_t bit = 1ULL << word[p];
                    if (!(allowed[p] & bit)) allowed[p] |= bit, need--, res[p * A + word[p]] = k;
                    if (allowed[p] == dm[p]) open[o] = open[--nopen];
                    else o++;
                }
            }
        } else
            for (int32_t o = 0; o < nopen;) {
                int32_t p = open[o];
                const uint64_t *base = tab + (int64_t)p * A * nw + k;
                for (uint64_t lets = dm[p] & ~allowed[p]; lets; lets &= lets - 1) {
                    int32_t a = __builtin_ctzll(lets);
                    if (v & base[(int64_t)a * nw])
                        allowed[p] |= 1ULL << a, need--, res[p * A + a] = k;
                }
                if (allowed[p] == dm[p]) open[o] = open[--nopen];
                else o++;
            }
    }
    for (int32_t p = 0; p < L; p++)
        if ((dm[p] & allowed[p]) != dm[p])
            if (set_dom(f, cells[p], dm[p] & allowed[p], t, qn) < 0) return -1;
    return 1;
}

/* revise twice: with the popcnt instruction, for processors that have it
 * (chosen at run time: the extension is built without -march), and
 * without */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define FILL_X86 1
__attribute__((target("popcnt"))) static int revise_popcnt(dlxc_xw_fill *f, int32_t t, int32_t *qn)
{
    return revise_with(f, t, qn, 1);
}
#else
#define FILL_X86 0
#endif

static int revise(dlxc_xw_fill *f, int32_t t, int32_t *qn)
{
#if FILL_X86
    if (f->popcnt) return revise_popcnt(f, t, qn);
#endif
    return revise_with(f, t, qn, 0);
}
#undef POP

/* arc consistency from the slots queued: 1 ok, 0 a wipe-out, -1 no memory */
static int propagate(dlxc_xw_fill *f, int32_t qn)
{
    int32_t qh = 0;
    int rc = 1;
    while (qh < qn) {
        /* a ring: each slot is queued at most once at a time */
        int32_t t = f->queue[qh++ % f->ring];
        f->queued[t] = 0;
        if (rc != 1) {
            f->dirty[t] = 0;
            continue;
        }
        rc = revise(f, t, &qn);
    }
    return rc;
}

int dlxc_xw_fill_new(dlxc_xw_fill **out, int32_t width, int32_t height, const int32_t *cells,
                     int32_t n_words, const int32_t *starts, const uint8_t *codes,
                     const int32_t *scores, int32_t n_letters, uint64_t seed)
{
    if (!out || width < 1 || height < 1 || (int64_t)width * height > (1 << 20) || n_letters < 1 ||
        n_letters > 64 || n_words < 0 || !cells || (n_words && (!starts || !codes || !scores)))
        return DLXC_XW_EINVAL;
    *out = NULL;
    dlxc_xw_fill *f = calloc(1, sizeof *f);
    if (!f) return DLXC_XW_ENOMEM;
    int32_t n = width * height;
    f->W = width, f->H = height, f->A = n_letters, f->n_cells = n, f->n_words = n_words;
    for (int32_t i = 0; i < n; i++)
        if (cells[i] < -2 || cells[i] >= n_letters) {
            free(f);
            return DLXC_XW_EINVAL;
        }
    int64_t total = n_words ? starts[n_words] : 0;
    f->wstart = malloc((size_t)(n_words + 1) * sizeof *f->wstart);
    f->codes = malloc((size_t)total + 1);
    f->cell_slot = malloc((size_t)n * 2 * sizeof *f->cell_slot);
    f->cell_pos = malloc((size_t)n * 2 * sizeof *f->cell_pos);
    f->dom = malloc((size_t)n * sizeof *f->dom);
    f->used = calloc((size_t)n_words + 1, 1);
    /* at most n across and n down slots, each of at most max(W, H) cells */
    f->slot_cell = malloc((size_t)n * 2 * sizeof *f->slot_cell);
    f->slot_off = malloc((size_t)(n + 1) * 2 * sizeof *f->slot_off);
    f->slot_row = malloc((size_t)n * 2 * sizeof *f->slot_row);
    f->slot_col = malloc((size_t)n * 2 * sizeof *f->slot_col);
    f->slot_dir = malloc((size_t)n * 2 * sizeof *f->slot_dir);
    if (!f->wstart || !f->codes || !f->cell_slot || !f->cell_pos || !f->dom || !f->used ||
        !f->slot_cell || !f->slot_off || !f->slot_row || !f->slot_col || !f->slot_dir) {
        dlxc_xw_fill_free(f);
        return DLXC_XW_ENOMEM;
    }
    f->orig = malloc((size_t)(n_words + 1) * sizeof *f->orig);
    f->wscore = malloc((size_t)(n_words + 1) * sizeof *f->wscore);
    if (!f->orig || !f->wscore) {
        dlxc_xw_fill_free(f);
        return DLXC_XW_ENOMEM;
    }
    for (int64_t i = 0; i < total; i++)
        if (codes[i] >= n_letters) {
            dlxc_xw_fill_free(f);
            return DLXC_XW_EINVAL;
        }
    uint64_t full = n_letters == 64 ? ~0ULL : (1ULL << n_letters) - 1;
    for (int32_t i = 0; i < n; i++) {
        f->dom[i] = cells[i] >= 0 ? 1ULL << cells[i] : (cells[i] == -2 ? full : 0);
        f->cell_slot[2 * i] = f->cell_slot[2 * i + 1] = -1;
    }
    /* slots: across runs row by row, then down runs row by row */
    int32_t ns = 0, nc = 0, maxlen = 0;
    f->slot_off[0] = 0;
    for (int d = 0; d < 2; d++)
        for (int32_t r = 0; r < height; r++)
            for (int32_t c = 0; c < width; c++) {
                int32_t dr = d, dc = 1 - d;
                if (cells[r * width + c] == -1) continue;
                int32_t pr = r - dr, pc = c - dc;
                if (pr >= 0 && pc >= 0 && cells[pr * width + pc] != -1) continue;
                int32_t L = 0;
                while (r + L * dr < height && c + L * dc < width &&
                       cells[(r + L * dr) * width + c + L * dc] != -1)
                    L++;
                if (L < 2) continue;
                if (L > 64) {
                    dlxc_xw_fill_free(f);
                    return DLXC_XW_EINVAL;
                }
                if (L > maxlen) maxlen = L;
                for (int32_t i = 0; i < L; i++) {
                    int32_t cell = (r + i * dr) * width + c + i * dc;
                    f->slot_cell[nc++] = cell;
                    f->cell_slot[cell * 2 + d] = ns;
                    f->cell_pos[cell * 2 + d] = i;
                }
                f->slot_row[ns] = r, f->slot_col[ns] = c, f->slot_dir[ns] = d;
                f->slot_off[++ns] = nc;
            }
    f->n_slots = ns;
    int32_t nsl = ns > 0 ? ns : 1;
    f->ring = nsl;
    f->initial = calloc((size_t)nsl, sizeof *f->initial);
    f->live = calloc((size_t)nsl, sizeof *f->live);
    f->cand_cnt = calloc((size_t)nsl, sizeof *f->cand_cnt);
    f->assigned = malloc((size_t)nsl * sizeof *f->assigned);
    f->levels = malloc((size_t)(nsl + 1) * sizeof *f->levels);
    f->queue = malloc((size_t)nsl * sizeof *f->queue);
    f->queued = calloc((size_t)nsl, 1);
    f->stale = calloc((size_t)nsl, 1);
    f->dirty = calloc((size_t)nsl, sizeof *f->dirty);
    f->weight = malloc((size_t)nsl * sizeof *f->weight);
    int32_t *order = malloc((size_t)(n_words + 1) * sizeof *order);
    uint64_t *key = malloc((size_t)(n_words + 1) * sizeof *key);
    if (!f->initial || !f->live || !f->cand_cnt || !f->assigned || !f->levels || !f->queue ||
        !f->queued || !f->stale || !f->dirty || !f->weight || !order || !key) {
        free(order), free(key);
        dlxc_xw_fill_free(f);
        return DLXC_XW_ENOMEM;
    }
    for (int32_t s = 0; s < ns; s++) f->assigned[s] = -1, f->weight[s] = 1;
    /* the order of words: score descending; equal scores in list order, or
     * shuffled by the seed (seed 0 keeps list order) */
    for (int32_t i = 0; i < n_words; i++) order[i] = i;
    if (seed) {
        uint64_t st = seed;
        for (int32_t i = n_words - 1; i > 0; i--) {
            int32_t j = (int32_t)(splitmix64(&st) % (uint64_t)(i + 1));
            int32_t t = order[i];
            order[i] = order[j], order[j] = t;
        }
    }
    /* sort by (-score, rank) with one 64-bit key each */
    for (int32_t i = 0; i < n_words; i++) {
        int64_t sc = scores[order[i]];
        uint64_t hi = (uint64_t)(0x7fffffffLL - (sc < -0x7fffffffLL ? -0x7fffffffLL : sc));
        key[i] = (hi << 32) | (uint64_t)i;
    }
    /* radix sort of key[] by its high 32 bits (stable on i) */
    {
        uint64_t *tmp = malloc((size_t)(n_words + 1) * sizeof *tmp);
        if (!tmp) {
            free(order), free(key);
            dlxc_xw_fill_free(f);
            return DLXC_XW_ENOMEM;
        }
        for (int shift = 32; shift < 64; shift += 8) {
            int64_t count[257];
            memset(count, 0, sizeof count);
            for (int32_t i = 0; i < n_words; i++) count[((key[i] >> shift) & 255) + 1]++;
            for (int b = 0; b < 256; b++) count[b + 1] += count[b];
            for (int32_t i = 0; i < n_words; i++) tmp[count[(key[i] >> shift) & 255]++] = key[i];
            memcpy(key, tmp, (size_t)n_words * sizeof *key);
        }
        free(tmp);
    }
    for (int32_t i = 0; i < n_words; i++) key[i] = (uint64_t)order[key[i] & 0xffffffffULL];
    /* then a stable counting sort by length, so each slot reads only its length */
    int32_t *len_off = calloc((size_t)maxlen + 2, sizeof *len_off);
    if (!len_off) {
        free(order), free(key);
        dlxc_xw_fill_free(f);
        return DLXC_XW_ENOMEM;
    }
    for (int32_t i = 0; i < n_words; i++) {
        int32_t L = starts[key[i] + 1] - starts[key[i]];
        if (L <= maxlen) len_off[L + 1]++;
    }
    for (int32_t L = 0; L <= maxlen; L++) len_off[L + 1] += len_off[L];
    {
        int32_t *pos = malloc((size_t)(maxlen + 2) * sizeof *pos);
        uint64_t *byl = malloc((size_t)(n_words + 1) * sizeof *byl);
        if (!byl || !pos) {
            free(pos), free(byl), free(order), free(key), free(len_off);
            dlxc_xw_fill_free(f);
            return DLXC_XW_ENOMEM;
        }
        memcpy(pos, len_off, (size_t)(maxlen + 1) * sizeof *pos);
        for (int32_t i = 0; i < n_words; i++) {
            int32_t L = starts[key[i] + 1] - starts[key[i]];
            if (L <= maxlen) byl[pos[L]++] = key[i];
        }
        free(key), free(pos);
        key = byl;
    }
    free(order);
    /* Internal numbering: words in the order of key[] (by length, then the
     * order to try them), their letters stored in that order, so a
     * candidate list (a subsequence) reads the letters front to back
     * instead of jumping around the caller's list. */
    f->wstart[0] = 0;
    for (int32_t i = 0; i < len_off[maxlen + 1]; i++) {
        int32_t w = (int32_t)key[i], L = starts[w + 1] - starts[w];
        f->orig[i] = w;
        f->wscore[i] = scores[w] < -1000 ? -1000 : scores[w] > 1000 ? 1000 : scores[w];
        memcpy(f->codes + f->wstart[i], codes + starts[w], (size_t)L);
        f->wstart[i + 1] = f->wstart[i] + L;
    }
    /* the letter tables of the lengths the slots have, and each slot's
     * initial set: the words of its length that fit its given letters */
    f->len_off = len_off, f->maxlen = maxlen;
    len_off = NULL;
    free(key);
    f->lnw = calloc((size_t)maxlen + 1, sizeof *f->lnw);
    f->lw_off = calloc((size_t)maxlen + 1, sizeof *f->lw_off);
    f->uoff = calloc((size_t)maxlen + 2, sizeof *f->uoff);
    f->soff = calloc((size_t)nsl + 1, sizeof *f->soff);
    f->inv = malloc((size_t)(n_words + 1) * sizeof *f->inv);
    uint8_t *has_len = calloc((size_t)maxlen + 1, 1);
    if (!f->lnw || !f->lw_off || !f->uoff || !f->soff || !f->inv || !has_len) {
        free(has_len);
        dlxc_xw_fill_free(f);
        return DLXC_XW_ENOMEM;
    }
    for (int32_t s = 0; s < ns; s++) has_len[f->slot_off[s + 1] - f->slot_off[s]] = 1;
    int64_t n_lbits = 0;
    for (int32_t L = 0; L <= maxlen; L++) {
        int32_t nw = (f->len_off[L + 1] - f->len_off[L] + 63) / 64;
        f->lnw[L] = nw;
        if (nw > f->max_lnw) f->max_lnw = nw;
        f->uoff[L + 1] = f->uoff[L] + nw;
        f->lw_off[L] = n_lbits;
        if (has_len[L]) n_lbits += (int64_t)L * f->A * nw;
    }
    f->n_ubits = f->uoff[maxlen + 1];
    for (int32_t s = 0; s < ns; s++)
        f->soff[s + 1] = f->soff[s] + f->lnw[f->slot_off[s + 1] - f->slot_off[s]];
    f->lbits = calloc((size_t)n_lbits + 1, sizeof *f->lbits);
    f->ubits = calloc((size_t)f->n_ubits + 1, sizeof *f->ubits);
    f->sbits = calloc((size_t)f->soff[ns] + 1, sizeof *f->sbits);
    f->sidx = malloc(((size_t)f->soff[ns] + 1) * sizeof *f->sidx);
    f->scratch = malloc(((size_t)f->max_lnw + 1) * sizeof *f->scratch);
    f->mask = calloc((size_t)f->max_lnw + 1, sizeof *f->mask);
    f->res = calloc((size_t)f->slot_off[ns] * f->A + 1, sizeof *f->res);
    if (!f->lbits || !f->ubits || !f->sbits || !f->sidx || !f->scratch || !f->mask || !f->res) {
        free(has_len);
        dlxc_xw_fill_free(f);
        return DLXC_XW_ENOMEM;
    }
    for (int32_t i = 0; i < n_words; i++) f->inv[i] = -1;
    for (int32_t i = 0; i < f->len_off[maxlen + 1]; i++) f->inv[f->orig[i]] = i;
    for (int32_t L = 1; L <= maxlen; L++) {
        if (!has_len[L]) continue;
        uint64_t *tab = f->lbits + f->lw_off[L];
        int32_t nw = f->lnw[L];
        for (int32_t i = f->len_off[L]; i < f->len_off[L + 1]; i++) {
            int32_t j = i - f->len_off[L];
            const uint8_t *word = f->codes + f->wstart[i];
            for (int32_t p = 0; p < L; p++)
                tab[((int64_t)p * f->A + word[p]) * nw + j / 64] |= 1ULL << (j % 64);
        }
    }
    free(has_len);
    for (int32_t s = 0; s < ns; s++) {
        int32_t L = f->slot_off[s + 1] - f->slot_off[s];
        const int32_t *sc = f->slot_cell + f->slot_off[s];
        uint64_t *S = f->sbits + f->soff[s];
        int32_t *ix = f->sidx + f->soff[s];
        int32_t cnt = 0, nw = f->lnw[L], live = 0, back = nw;
        for (int32_t i = f->len_off[L]; i < f->len_off[L + 1]; i++) {
            const uint8_t *word = f->codes + f->wstart[i];
            int32_t p = 0, j = i - f->len_off[L];
            while (p < L && ((f->dom[sc[p]] >> word[p]) & 1)) p++;
            if (p == L) S[j / 64] |= 1ULL << (j % 64), cnt++;
        }
        for (int32_t k = 0; k < nw; k++) /* nonzero words first, each part in order */
            if (S[k]) ix[live++] = k;
            else ix[--back] = k;
        f->live[s] = live;
        f->cand_cnt[s] = cnt;
        f->initial[s] = cnt;
    }
    f->arena_base = 0;
    f->state = S_START;
    f->seed = seed;
#if FILL_X86
    f->popcnt = __builtin_cpu_supports("popcnt") != 0;
#endif
    f->stats.n_slots = ns;
    *out = f;
    return DLXC_XW_OK;
}

int32_t dlxc_xw_fill_n_slots(const dlxc_xw_fill *f) { return f->n_slots; }

void dlxc_xw_fill_set_quality(dlxc_xw_fill *f, int32_t quality) { f->quality = quality; }

int dlxc_xw_fill_slot(const dlxc_xw_fill *f, int32_t s, int32_t *row, int32_t *col,
                      int32_t *direction, int32_t *length, int32_t *candidates)
{
    if (s < 0 || s >= f->n_slots) return DLXC_XW_EINVAL;
    *row = f->slot_row[s], *col = f->slot_col[s], *direction = f->slot_dir[s];
    *length = f->slot_off[s + 1] - f->slot_off[s];
    *candidates = f->initial[s];
    return DLXC_XW_OK;
}

void dlxc_xw_fill_get_weights(const dlxc_xw_fill *f, int64_t *weight)
{
    memcpy(weight, f->weight, (size_t)f->n_slots * sizeof *weight);
}

void dlxc_xw_fill_set_weights(dlxc_xw_fill *f, const int64_t *weight)
{
    for (int32_t s = 0; s < f->n_slots; s++)
        f->weight[s] = weight[s] < 1 ? 1 : weight[s] > (1LL << 31) ? (1LL << 31) : weight[s];
}

int dlxc_xw_fill_restrict(dlxc_xw_fill *f, int32_t slot, int32_t n, const int32_t *words,
                          int32_t keep)
{
    if ((f->state != S_START && f->state != S_SNAP) || slot < 0 || slot >= f->n_slots || n < 0 ||
        (n && !words))
        return DLXC_XW_EINVAL;
    for (int32_t i = 0; i < n; i++)
        if (words[i] < 0 || words[i] >= f->n_words) return DLXC_XW_EINVAL;
    /* the words listed, as a set over the slot's length */
    int32_t L = f->slot_off[slot + 1] - f->slot_off[slot], nw = f->lnw[L];
    uint64_t *m = f->mask, *nv = f->scratch;
    for (int32_t i = 0; i < n; i++) {
        int32_t w = f->inv[words[i]], j = w - f->len_off[L];
        if (w >= 0 && j >= 0 && w < f->len_off[L + 1]) m[j / 64] |= 1ULL << (j % 64);
    }
    const uint64_t *S = f->sbits + f->soff[slot];
    const int32_t *ix = f->sidx + f->soff[slot];
    int32_t live = f->live[slot], cnt = f->cand_cnt[slot], kept = 0;
    for (int32_t i = 0; i < live; i++) {
        nv[i] = S[ix[i]] & (keep ? m[ix[i]] : ~m[ix[i]]);
        kept += pop64(nv[i]);
    }
    memset(m, 0, (size_t)nw * sizeof *m);
    if (!trail_reserve(f, (int64_t)live + 1)) return DLXC_XW_ENOMEM;
    set_words(f, slot, nv, kept);
    f->stale[slot] = 1;
    /* after a restore the slot's cells (and through them its crossings)
     * follow at the next run */
    if (f->state == S_SNAP && kept < cnt && !f->queued[slot]) {
        f->queued[slot] = 1;
        f->queue[f->n_pending++] = slot;
    }
    return DLXC_XW_OK;
}

static void back_to(dlxc_xw_fill *f, int64_t trail, int64_t arena)
{
    undo_to(f, trail, arena);
    for (int32_t s = 0; s < f->n_slots; s++)
        f->assigned[s] = -1, f->queued[s] = 0, f->dirty[s] = 0, f->weight[s] = 1;
    memset(f->used, 0, (size_t)f->n_words + 1);
    memset(f->ubits, 0, (size_t)f->n_ubits * sizeof *f->ubits);
    f->depth = f->max_depth = 0;
    f->n_pending = 0;
    int32_t ns = f->stats.n_slots;
    memset(&f->stats, 0, sizeof f->stats);
    f->stats.n_slots = ns;
}

void dlxc_xw_fill_reset(dlxc_xw_fill *f)
{
    back_to(f, 0, f->arena_base);
    f->has_snap = 0;
    f->state = S_START;
}

int dlxc_xw_fill_snapshot(dlxc_xw_fill *f)
{
    if (f->state != S_START) return DLXC_XW_EINVAL;
    int32_t qn = 0;
    for (int32_t s = 0; s < f->n_slots; s++) {
        f->queued[s] = 1, f->queue[qn++] = s;
        f->dirty[s] = ~0ULL;
    }
    int rc = propagate(f, qn);
    if (rc < 0) return DLXC_XW_ENOMEM;
    f->has_snap = 1;
    f->snap_dead = rc == 0;
    f->snap_trail = f->trail_top, f->snap_arena = f->arena_top;
    dlxc_xw_fill_restore(f);
    return f->snap_dead ? DLXC_XW_EXHAUSTED : DLXC_XW_OK;
}

int dlxc_xw_fill_restore(dlxc_xw_fill *f)
{
    if (!f->has_snap) return DLXC_XW_EINVAL;
    back_to(f, f->snap_trail, f->snap_arena);
    f->state = S_SNAP;
    return DLXC_XW_OK;
}

void dlxc_xw_fill_set_seed(dlxc_xw_fill *f, uint64_t seed) { f->seed = seed; }

int dlxc_xw_fill_solution(const dlxc_xw_fill *f, int32_t *words)
{
    for (int32_t s = 0; s < f->n_slots; s++)
        words[s] = f->assigned[s] < 0 ? -1 : f->orig[f->assigned[s]];
    return DLXC_XW_OK;
}

void dlxc_xw_fill_get_stats(const dlxc_xw_fill *f, dlxc_xw_fill_stats *out)
{
    *out = f->stats;
    out->level = f->depth;
    out->done = f->state == S_DONE;
}

/* assign word w to slot s and propagate: 1 ok, 0 a wipe-out, -1 no memory */
/* internal word w in use (on) or not, in used[] and in its length's set */
static void set_used(dlxc_xw_fill *f, int32_t w, int on)
{
    int32_t L = f->wstart[w + 1] - f->wstart[w], j = w - f->len_off[L];
    uint64_t *u = f->ubits + f->uoff[L] + j / 64;
    f->used[w] = (uint8_t)on;
    if (on) *u |= 1ULL << (j % 64);
    else *u &= ~(1ULL << (j % 64));
}

static int assign(dlxc_xw_fill *f, int32_t s, int32_t w)
{
    f->assigned[s] = w;
    set_used(f, w, 1);
    f->stats.nodes++;
    int32_t L = f->slot_off[s + 1] - f->slot_off[s];
    const int32_t *cells = f->slot_cell + f->slot_off[s];
    const uint8_t *word = f->codes + f->wstart[w];
    int32_t qn = 0;
    for (int32_t p = 0; p < L; p++)
        if (set_dom(f, cells[p], 1ULL << word[p], s, &qn) < 0) return -1;
    return propagate(f, qn);
}

static void unassign(dlxc_xw_fill *f, level_rec *lv)
{
    int32_t w = f->assigned[lv->slot];
    if (w >= 0) set_used(f, w, 0);
    f->assigned[lv->slot] = -1;
    undo_to(f, lv->trail, lv->arena);
}

/* ilog(x): 16 log2(x), to a sixteenth, in integers (x >= 1); -1024 for 0 */
static int32_t ilog(int32_t x)
{
    if (x <= 0) return -1024;
    int32_t b = 0;
    while ((x >> b) > 1) b++;
    int32_t frac = b >= 4 ? (x >> (b - 4)) & 15 : (x << (4 - b)) & 15;
    return 16 * b + frac;
}

typedef struct {
    int32_t score, idx, w;
} scored;

static int by_score(const void *a, const void *b)
{
    const scored *x = a, *y = b;
    if (x->score != y->score) return x->score > y->score ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* The order to try slot s's candidates: the words that leave the crossing
 * slots most words first.  A word scores the sum, over its crossed cells, of
 * ilog(the number of candidates of the crossing slot with the word's letter
 * there), plus, with a seed, a jitter of 0..7 drawn from splitmix64(seed ^
 * word); ties keep list order (the order of internal numbers).  The ordered
 * list goes at the arena's top (*off), below the new level's mark. */
static int order_candidates(dlxc_xw_fill *f, int32_t s, int32_t *off)
{
    int32_t cnt = f->cand_cnt[s];
    int32_t L = f->slot_off[s + 1] - f->slot_off[s];
    if (!arena_reserve(f, cnt)) return -1;
    /* the list: the slot's set in order */
    int32_t *out = f->arena + f->arena_top, n = 0;
    {
        const uint64_t *S = f->sbits + f->soff[s];
        int32_t base = f->len_off[L];
        for (int32_t k = 0; k < f->lnw[L]; k++)
            for (uint64_t v = S[k]; v; v &= v - 1) out[n++] = base + k * 64 + __builtin_ctzll(v);
    }
    *off = (int32_t)f->arena_top;
    f->arena_top += cnt;
    if (cnt < 2) return 1;
    const int32_t *cells = f->slot_cell + f->slot_off[s];
    int32_t d = f->slot_dir[s];
    int32_t(*count)[64] = calloc((size_t)L, sizeof *count);
    int32_t *pos = malloc((size_t)L * sizeof *pos);
    scored *sc = malloc((size_t)cnt * sizeof *sc);
    if (!count || !pos || !sc) {
        free(count), free(pos), free(sc);
        return -1;
    }
    int32_t np = 0;
    for (int32_t p = 0; p < L; p++) {
        int32_t t = f->cell_slot[cells[p] * 2 + 1 - d];
        if (t < 0 || f->assigned[t] >= 0) continue;
        /* the crossing slot's words not in use, by their letter here: word
         * by word where a 64-bit word of its set holds fewer words than the
         * cell has letters, else through the letter tables */
        int32_t q = f->cell_pos[cells[p] * 2 + 1 - d];
        int32_t Lt = f->slot_off[t + 1] - f->slot_off[t], nw = f->lnw[Lt];
        const uint64_t *S = f->sbits + f->soff[t], *U = f->ubits + f->uoff[Lt];
        const uint64_t *tab = f->lbits + f->lw_off[Lt] + (int64_t)q * f->A * nw;
        const int32_t *ix = f->sidx + f->soff[t];
        const uint8_t *codes = f->codes + f->wstart[f->len_off[Lt]] + q;
        uint64_t lets = f->dom[cells[p]];
        int32_t nlets = pop64(lets);
        for (int32_t i = 0; i < f->live[t]; i++) {
            int32_t k = ix[i];
            uint64_t v = S[k] & ~U[k];
            if (pop64(v) <= nlets)
                for (; v; v &= v - 1)
                    count[p][codes[((int64_t)k * 64 + __builtin_ctzll(v)) * Lt]]++;
            else
                for (uint64_t l = lets; l; l &= l - 1) {
                    int32_t a = __builtin_ctzll(l);
                    count[p][a] += pop64(v & tab[(int64_t)a * nw + k]);
                }
        }
        pos[np++] = p;
        for (int32_t a = 0; a < f->A; a++) count[p][a] = ilog(count[p][a]);
    }
    for (int32_t j = 0; j < cnt; j++) {
        int32_t w = out[j], score = 0;
        const uint8_t *word = f->codes + f->wstart[w];
        for (int32_t i = 0; i < np; i++) score += count[pos[i]][word[pos[i]]]; /* its ilog */
        score += f->quality * f->wscore[w];
        if (f->seed) { /* variety: a jitter of up to a factor 1.4 in one count */
            uint64_t st = f->seed ^ (uint64_t)f->orig[w];
            score += (int32_t)(splitmix64(&st) & 7);
        }
        sc[j].score = score, sc[j].idx = j, sc[j].w = w;
    }
    qsort(sc, (size_t)cnt, sizeof *sc, by_score);
    for (int32_t j = 0; j < cnt; j++) out[j] = sc[j].w;
    free(count), free(pos), free(sc);
    return 1;
}

int dlxc_xw_fill_run(dlxc_xw_fill *f, uint64_t node_budget)
{
    uint64_t stop = f->stats.nodes + node_budget;
    if (f->state == S_DONE) return DLXC_XW_EXHAUSTED;
    if (f->state == S_START) {
        int32_t qn = 0;
        for (int32_t s = 0; s < f->n_slots; s++) {
            f->queued[s] = 1, f->queue[qn++] = s;
            f->dirty[s] = ~0ULL;
        }
        int rc = propagate(f, qn);
        if (rc < 0) return DLXC_XW_ENOMEM;
        if (rc == 0) {
            f->state = S_DONE;
            return DLXC_XW_EXHAUSTED;
        }
        f->state = S_CHOOSE;
    }
    if (f->state == S_SNAP) {
        /* the root agreed at the snapshot: only the restricted slots and
         * what they reach are revised */
        int rc = f->snap_dead ? 0 : propagate(f, f->n_pending);
        if (f->snap_dead)
            for (int32_t j = 0; j < f->n_pending; j++) f->queued[f->queue[j]] = 0;
        f->n_pending = 0;
        if (rc < 0) return DLXC_XW_ENOMEM;
        if (rc == 0) {
            f->state = S_DONE;
            return DLXC_XW_EXHAUSTED;
        }
        f->state = S_CHOOSE;
    }
    for (;;) {
        if (f->state == S_AFTER_FOUND) {
            if (f->depth == 0) {
                f->state = S_DONE;
                return DLXC_XW_EXHAUSTED;
            }
            unassign(f, &f->levels[f->depth - 1]);
            f->state = S_TRY;
        }
        if (f->state == S_CHOOSE) {
            /* choose the unassigned slot with the fewest candidates per
             * unit of conflict weight (lowest slot on ties) */
            int32_t best = -1;
            for (int32_t s = 0; s < f->n_slots; s++)
                if (f->assigned[s] < 0 &&
                    (best < 0 || (int64_t)f->cand_cnt[s] * f->weight[best] <
                                     (int64_t)f->cand_cnt[best] * f->weight[s]))
                    best = s;
            if (best < 0) {
                f->stats.fills++;
                f->state = S_AFTER_FOUND;
                return DLXC_XW_FOUND;
            }
            int32_t off;
            if (order_candidates(f, best, &off) < 0) return DLXC_XW_ENOMEM;
            level_rec *lv = &f->levels[f->depth++];
            if (f->depth > f->max_depth) f->max_depth = f->depth;
            lv->slot = best, lv->off = off, lv->cnt = f->cand_cnt[best];
            lv->j = 0, lv->trail = (int32_t)f->trail_top, lv->arena = (int32_t)f->arena_top;
            f->state = S_TRY;
        }
        /* S_TRY: the next candidate of the deepest level */
        level_rec *lv = &f->levels[f->depth - 1];
        int advanced = 0;
        while (lv->j < lv->cnt) {
            if (f->stats.nodes >= stop) return DLXC_XW_BUDGET;
            int32_t w = f->arena[lv->off + lv->j++];
            if (f->used[w]) continue;
            int rc = assign(f, lv->slot, w);
            if (rc < 0) {
                unassign(f, lv);
                return DLXC_XW_ENOMEM;
            }
            if (rc == 1) {
                advanced = 1;
                break;
            }
            unassign(f, lv);
        }
        if (advanced) {
            f->state = S_CHOOSE;
            continue;
        }
        /* this level is exhausted: back up */
        f->depth--;
        if (f->depth == 0) {
            f->state = S_DONE;
            return DLXC_XW_EXHAUSTED;
        }
        unassign(f, &f->levels[f->depth - 1]);
        f->state = S_TRY;
    }
}
