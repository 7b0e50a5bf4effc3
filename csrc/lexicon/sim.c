/* sim.c -- Monte Carlo play-outs of Scrabble candidate moves.
 *
 * 1. A play-out.  A candidate move has been made on a board; the side
 * that made it ("us") keeps its leave.  The tiles we cannot see (the bag
 * and the opponent's rack together) are known as counts.  A play-out
 * draws the opponent's rack from them, fills our rack from what is left,
 * and lets both sides play the move of best equity in turn, the opponent
 * first, for a number of plies: score plus the value of the leave kept
 * while the bag holds tiles, and with the bag empty twice the opponent's
 * rack for going out or minus twice the tiles kept (as dlxc's equity
 * player, without exchanges).  A pass is chosen when no play beats it.
 * A side that goes out with the bag empty ends the play-out and scores
 * twice the other rack.
 *
 * 2. The value of a play-out is the points we made (the candidate's
 * score included) less the opponent's, plus the value of the leave kept
 * by each side's last move (ours counted for us, theirs against us), a
 * leave kept with the bag empty being worth 0.  So a play-out of 0
 * plies is worth the candidate's static equity.  With it come the tiles
 * we cannot see at the end (the bag and the opponent's rack), -1 when
 * the game ended, from which the caller estimates the chance of a win.
 *
 * 3. Draws.  Round i of a run starts its random stream from splitmix64
 * of (seed + i * golden), and every candidate of the round starts from
 * that same state (common random numbers: the opponent's rack is the
 * same for every candidate).  A tile is drawn as dlxc's games draw it:
 * a uniform index below the bag's size (rejection sampling), the last
 * tile moved into its place.  The Python mirror (dlxc.models.sim) draws
 * and chooses the same way, so both give the same values.
 *
 * 4. Leave values are those of dlxc.models.leaves: a listed leave has its
 * value; another is the sum of its tiles' values plus, for each pair of
 * its tiles that is listed, what the pair adds to its two tiles.  The
 * sums go in the order of the sorted codes, as the mirror adds them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/splitmix64.h"
#include "lexicon_int.h"

#define MAX_CELLS (DLXC_LEX_MAX_SIDE * DLXC_LEX_MAX_SIDE)
#define MAX_POOL 4096
#define MEMO_MAX 4096

struct dlxc_sim {
    int32_t n_letters, rack_size, cells;
    int32_t values[64];
    double single[64];
    double pair[64 * 64];
    uint8_t has_pair[64 * 64];
    uint64_t *keys; /* the listed leaves of 3 tiles or more, sorted */
    double *key_values;
    int64_t n_keys;
};

int dlxc_sim_new(dlxc_sim **out, int32_t n_letters, int32_t rack_size, int32_t cells,
                 const int32_t *values, const double *single, const double *pair,
                 const uint8_t *has_pair, const uint64_t *keys, const double *key_values,
                 int64_t n_keys)
{
    if (!out || !values || !single || !pair || !has_pair || n_keys < 0 ||
        (n_keys && (!keys || !key_values)))
        return DLXC_LEX_EINVAL;
    if (n_letters < 1 || n_letters > 63 || rack_size < 1 || rack_size > 32 || cells < 1 ||
        cells > MAX_CELLS)
        return DLXC_LEX_EBOARD;
    for (int64_t i = 1; i < n_keys; i++)
        if (keys[i - 1] >= keys[i]) return DLXC_LEX_EINVAL;
    dlxc_sim *s = calloc(1, sizeof *s);
    if (!s) return DLXC_LEX_ENOMEM;
    s->n_letters = n_letters;
    s->rack_size = rack_size;
    s->cells = cells;
    memcpy(s->values, values, sizeof(int32_t) * (size_t)(n_letters + 1));
    memcpy(s->single, single, sizeof s->single);
    memcpy(s->pair, pair, sizeof s->pair);
    memcpy(s->has_pair, has_pair, sizeof s->has_pair);
    if (n_keys) {
        s->keys = malloc(sizeof(uint64_t) * (size_t)n_keys);
        s->key_values = malloc(sizeof(double) * (size_t)n_keys);
        if (!s->keys || !s->key_values) {
            free(s->keys);
            free(s->key_values);
            free(s);
            return DLXC_LEX_ENOMEM;
        }
        memcpy(s->keys, keys, sizeof(uint64_t) * (size_t)n_keys);
        memcpy(s->key_values, key_values, sizeof(double) * (size_t)n_keys);
        s->n_keys = n_keys;
    }
    *out = s;
    return DLXC_LEX_DONE;
}

void dlxc_sim_free(dlxc_sim *s)
{
    if (!s) return;
    free(s->keys);
    free(s->key_values);
    free(s);
}

/* The value of a leave of n tiles (codes sorted, 0 the blanks). */
static double leave_value(const dlxc_sim *s, const uint8_t *t, int n)
{
    if (n == 0) return 0.0;
    if (n == 1) return s->single[t[0]];
    if (n == 2 && s->has_pair[t[0] * 64 + t[1]]) return s->pair[t[0] * 64 + t[1]];
    if (n >= 3 && n <= 9 && s->n_keys) {
        uint64_t key = 0;
        for (int i = 0; i < n; i++) key = (key << 7) | (uint64_t)(t[i] + 1);
        int64_t lo = 0, hi = s->n_keys;
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            if (s->keys[mid] < key) lo = mid + 1;
            else hi = mid;
        }
        if (lo < s->n_keys && s->keys[lo] == key) return s->key_values[lo];
    }
    double total = 0.0;
    for (int i = 0; i < n; i++) total += s->single[t[i]];
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (s->has_pair[t[i] * 64 + t[j]])
                total += s->pair[t[i] * 64 + t[j]] - s->single[t[i]] - s->single[t[j]];
    return total;
}

/* The leave of counts[] as sorted codes; returns how many. */
static int sorted_tiles(const uint8_t *counts, uint8_t *t)
{
    int n = 0;
    for (int c = 0; c < 64; c++)
        for (int k = 0; k < counts[c]; k++) t[n++] = (uint8_t)c;
    return n;
}

static int64_t rack_points(const dlxc_sim *s, const uint8_t *rack)
{
    int64_t v = 0;
    for (int c = 0; c <= s->n_letters; c++) v += (int64_t)s->values[c] * rack[c];
    return v;
}

static uint64_t below(uint64_t *state, uint64_t n)
{
    uint64_t t = (uint64_t)(-n) % n; /* 2^64 mod n */
    for (;;) {
        uint64_t r = splitmix64(state);
        if (r >= t) return r % n;
    }
}

/* Draw up to want tiles from the bag into rack; returns how many. */
static int draw(uint64_t *state, uint8_t *bag, int *n_bag, uint8_t *rack, int want)
{
    int got = 0;
    while (want > 0 && *n_bag > 0) {
        int k = (int)below(state, (uint64_t)*n_bag);
        rack[bag[k]]++;
        bag[k] = bag[*n_bag - 1];
        (*n_bag)--;
        got++;
        want--;
    }
    return got;
}

/* Whether move a comes before move b among moves of equal equity: higher
 * score, then row, column, across first, shorter, word. */
static int move_before(const dlxc_lex_move *a, const dlxc_lex_move *b)
{
    if (a->score != b->score) return a->score > b->score;
    if (a->row != b->row) return a->row < b->row;
    if (a->col != b->col) return a->col < b->col;
    if (a->down != b->down) return a->down < b->down;
    if (a->len != b->len) return a->len < b->len;
    return memcmp(a->word, b->word, a->len) < 0;
}

/* What keeping `kept` (64 counts, n tiles; t its sorted codes) is worth
 * beside the score. */
static double adjust(const dlxc_sim *s, const uint8_t *kept, const uint8_t *t, int n, int n_bag,
                     int64_t opp_points)
{
    if (n_bag > 0) return n >= s->rack_size ? 0.0 : leave_value(s, t, n);
    if (n == 0) return 2.0 * (double)opp_points;
    return -2.0 * (double)rack_points(s, kept);
}

/* The leaves a move can keep, by the tiles it uses of each kind of the
 * rack: index sum over kinds of used[kind] * radix[kind]. */
typedef struct {
    uint8_t kinds[64]; /* the rack's distinct codes, ascending */
    uint8_t have[64];
    int n_kinds;
    int64_t radix[64];
    int64_t size; /* product of (count + 1); 0 when over MEMO_MAX */
    double adj[MEMO_MAX];
    double most; /* the most any leave of a move adds */
} leaves_of;

static void leaves_fill(const dlxc_sim *s, leaves_of *m, const uint8_t *rack, int n_bag,
                        int64_t opp_points)
{
    m->n_kinds = 0;
    m->size = 1;
    for (int c = 0; c < 64; c++)
        if (rack[c]) {
            m->radix[m->n_kinds] = m->size;
            m->have[m->n_kinds] = rack[c];
            m->kinds[m->n_kinds++] = (uint8_t)c;
            m->size *= rack[c] + 1;
            if (m->size > MEMO_MAX) {
                m->size = 0;
                return;
            }
        }
    m->most = -1e300;
    m->adj[0] = 0.0;
    for (int64_t idx = 1; idx < m->size; idx++) { /* idx 0 uses no tile: no move */
        uint8_t kept[64], t[64];
        int n = 0;
        memset(kept, 0, sizeof kept);
        for (int k = 0; k < m->n_kinds; k++) {
            int used = (int)(idx / m->radix[k] % (m->have[k] + 1));
            int left = m->have[k] - used;
            kept[m->kinds[k]] = (uint8_t)left;
            for (int j = 0; j < left; j++) t[n++] = m->kinds[k];
        }
        double a = adjust(s, kept, t, n, n_bag, opp_points);
        m->adj[idx] = a;
        if (a > m->most) m->most = a;
    }
}

/* The best of the moves the generator holds: its index, or -1 when none
 * reaches *best_eq (or beats it, for a pass: ties go to the play). */
static int64_t best_of(const dlxc_lex_gen *g, int64_t n, const leaves_of *m, double *best_eq,
                       int beat)
{
    const dlxc_lex_move *moves = dlxc_lex_gen_moves(g);
    int64_t best = -1;
    for (int64_t i = 0; i < n; i++) {
        const dlxc_lex_move *mv = &moves[i];
        int64_t idx = 0;
        for (int k = 0; k < mv->len; k++)
            if (mv->fresh[k]) {
                int code = mv->word[k] & 128 ? 0 : mv->word[k];
                for (int j = 0; j < m->n_kinds; j++)
                    if (m->kinds[j] == code) {
                        idx += m->radix[j];
                        break;
                    }
            }
        double eq = (double)mv->score + m->adj[idx];
        if (best < 0 ? (beat ? eq > *best_eq : eq >= *best_eq)
                     : (eq > *best_eq || (eq == *best_eq && move_before(mv, &moves[best])))) {
            best = i;
            *best_eq = eq;
        }
    }
    return best;
}

/* One side's move of best equity, as a full list of moves would give it:
 * the index of the move the generator holds, or -1 for a pass; *status
 * an error code.  The generator's best-equity search skips the moves
 * that cannot reach the best equity found so far. */
static int64_t choose(const dlxc_sim *s, dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *board,
                      const uint8_t *rack, int n_bag, const uint8_t *opp_rack, int *status)
{
    int64_t opp_points = n_bag > 0 ? 0 : rack_points(s, opp_rack);
    uint8_t whole[64];
    int held = sorted_tiles(rack, whole);
    double pass_eq = adjust(s, rack, whole, held, n_bag, opp_points);
    leaves_of m;
    leaves_fill(s, &m, rack, n_bag, opp_points);
    int64_t n = 0;
    int rc;
    if (m.size == 0) { /* too many leaves to list: every move, each leave valued */
        rc = dlxc_lex_gen_run(g, lex, board, rack, &n);
        if (rc < 0) {
            *status = rc;
            return -1;
        }
        const dlxc_lex_move *moves = dlxc_lex_gen_moves(g);
        int64_t best = -1;
        double best_eq = 0.0;
        for (int64_t i = 0; i < n; i++) {
            const dlxc_lex_move *mv = &moves[i];
            uint8_t kept[64], t[64];
            memcpy(kept, rack, 64);
            for (int k = 0; k < mv->len; k++)
                if (mv->fresh[k]) kept[mv->word[k] & 128 ? 0 : mv->word[k]]--;
            int nk = sorted_tiles(kept, t);
            double eq = (double)mv->score + adjust(s, kept, t, nk, n_bag, opp_points);
            if (best < 0 || eq > best_eq || (eq == best_eq && move_before(mv, &moves[best]))) {
                best = i;
                best_eq = eq;
            }
        }
        return best < 0 || pass_eq > best_eq ? -1 : best;
    }
    int64_t radix[64];
    memset(radix, 0, sizeof radix);
    for (int k = 0; k < m.n_kinds; k++) radix[m.kinds[k]] = m.radix[k];
    rc = dlxc_lex_gen_best_equity(g, lex, board, rack, m.adj, radix, m.most, pass_eq, &n);
    if (rc < 0) {
        *status = rc;
        return -1;
    }
    double best_eq = pass_eq;
    return best_of(g, n, &m, &best_eq, 0);
}

/* One play-out (section 1); *value and *unseen as section 2 says. */
static int playout(const dlxc_sim *s, dlxc_lex_gen *g, const dlxc_lex *lex, const uint8_t *start,
                   const uint8_t *leave, int64_t score, const uint8_t *unseen, int32_t plies,
                   uint64_t state, double *value, int32_t *left)
{
    uint8_t board[MAX_CELLS];
    uint8_t bag[MAX_POOL];
    uint8_t racks[2][64];
    int n_bag = 0;
    memcpy(board, start, (size_t)s->cells);
    for (int c = 0; c < 64; c++)
        for (int k = 0; k < unseen[c] && n_bag < MAX_POOL; k++) bag[n_bag++] = (uint8_t)c;
    memset(racks, 0, sizeof racks);
    memcpy(racks[0], leave, 64);
    int held[2] = {0, 0};
    for (int c = 0; c < 64; c++) held[0] += leave[c];
    held[1] = draw(&state, bag, &n_bag, racks[1], s->rack_size);
    int64_t points[2] = {score, 0};
    double lv[2] = {0.0, 0.0};
    if (n_bag > 0 && held[0] < s->rack_size) {
        uint8_t t[64];
        int n = sorted_tiles(racks[0], t);
        lv[0] = leave_value(s, t, n);
    }
    held[0] += draw(&state, bag, &n_bag, racks[0], s->rack_size - held[0]);
    int over = 0;
    int side = 1;
    for (int32_t ply = 0; ply < plies && !over; ply++, side ^= 1) {
        int status = 0;
        uint8_t *rack = racks[side];
        int64_t i = choose(s, g, lex, board, rack, n_bag, racks[side ^ 1], &status);
        if (status < 0) return status;
        if (i < 0) { /* a pass keeps the whole rack */
            lv[side] = 0.0;
            if (n_bag > 0 && held[side] < s->rack_size) {
                uint8_t t[64];
                int n = sorted_tiles(rack, t);
                lv[side] = leave_value(s, t, n);
            }
            continue;
        }
        const dlxc_lex_move *mv = &dlxc_lex_gen_moves(g)[i];
        int cols_step = mv->down ? 0 : 1, rows_step = mv->down ? 1 : 0;
        for (int k = 0; k < mv->len; k++) {
            if (!mv->fresh[k]) continue;
            int r = mv->row + rows_step * k, c = mv->col + cols_step * k;
            board[r * dlxc_lex_gen_cols(g) + c] = mv->word[k];
            rack[mv->word[k] & 128 ? 0 : mv->word[k]]--;
        }
        held[side] -= mv->tiles;
        points[side] += mv->score;
        lv[side] = 0.0;
        if (n_bag > 0) {
            uint8_t t[64];
            int n = sorted_tiles(rack, t);
            lv[side] = leave_value(s, t, n);
        }
        held[side] += draw(&state, bag, &n_bag, rack, s->rack_size - held[side]);
        if (held[side] == 0 && n_bag == 0) {
            points[side] += 2 * rack_points(s, racks[side ^ 1]);
            over = 1;
        }
    }
    *value = (double)(points[0] - points[1]) + (lv[0] - lv[1]);
    *left = over ? -1 : n_bag + held[1];
    return DLXC_LEX_DONE;
}

int dlxc_sim_run(const dlxc_sim *s, dlxc_lex_gen *g, const dlxc_lex *lex, int32_t n_arms,
                 const uint8_t *boards, const uint8_t *leaves, const int64_t *scores,
                 const uint8_t *unseen, int32_t plies, uint64_t seed, int64_t first, int64_t count,
                 int64_t stride, double *values, int32_t *left, const volatile int32_t *stop,
                 int64_t *done)
{
    if (!s || !g || !lex || !boards || !leaves || !scores || !unseen || !values || !left || !done ||
        n_arms < 1 || plies < 0 || count < 0 || stride < 1 || first < 0)
        return DLXC_LEX_EINVAL;
    int pool = 0;
    for (int c = 0; c < 64; c++) pool += unseen[c];
    if (pool > MAX_POOL || dlxc_lex_gen_cols(g) * dlxc_lex_gen_rows(g) != s->cells)
        return DLXC_LEX_EBOARD;
    *done = 0;
    for (int64_t k = 0; k < count; k++) {
        if (stop && *stop) break;
        uint64_t round = (first + k * stride) * 0x9E3779B97F4A7C15ULL;
        uint64_t st = seed + round;
        uint64_t start = splitmix64(&st);
        for (int32_t a = 0; a < n_arms; a++) {
            int rc = playout(s, g, lex, boards + (size_t)a * (size_t)s->cells, leaves + a * 64,
                             scores[a], unseen, plies, start, &values[k * n_arms + a],
                             &left[k * n_arms + a]);
            if (rc < 0) return rc;
        }
        *done = k + 1;
    }
    return DLXC_LEX_DONE;
}
