/* moves_walk.h -- the walk of moves.c (Gordon's Gen and GoOn), included
 * there twice: once as it is, and on x86 once more with the popcount
 * instruction allowed (WALK(name) is then name_popcnt), which the walk
 * uses when the processor has it.  The walk finds the arc of a letter in a
 * list by counting the bits of the list's mask below it: one instruction
 * with popcount, a dozen without, and a portable build may not assume it.
 * No include guard: that is the point.
 *
 * Before it: WALK(name), WALK_ATTR (the functions' attributes) and
 * WALK_BITS(x) (the set bits of x), and moves.c's walk, record(),
 * node_at() and list_ahead(). */

/* The score so far goes down the recursion in three arguments: sum, the
 * main word's letters with the letter premiums of new tiles; mult, the
 * product of the word premiums of new tiles; cross, the finished cross
 * words.  The tiles placed and the word's first square (once the walk goes
 * right) are in the walk, so that every argument goes in a register. */
static WALK_ATTR void WALK(gen)(walk *w, int col, uint32_t list, int64_t sum, int64_t mult,
                                int64_t cross);

/* The arc of letter l in the list at `list' of the GADDAG with masks gx,
 * or 0 (list may be 0: no list). */
static inline WALK_ATTR uint32_t WALK(gx_arc)(const uint64_t *gx, uint32_t list, int l)
{
    uint32_t m = (uint32_t)(gx[list] >> 32); /* gx[0]'s mask is of the header: never asked */
    if (!list || !((m >> l) & 1)) return 0;
    return list + WALK_BITS(m & ((1u << l) - 1));
}

/* The arc of letter l in the GADDAG list at `list', or 0. */
static inline WALK_ATTR uint32_t WALK(arc_of)(const walk *w, uint32_t list, int l)
{
    if (!w->gx) return lex_find(w->gaddag, list, l);
    return WALK(gx_arc)(w->gx, list, l);
}

/* Whether gen(w, col, list) can place anything: a board tile, or a
 * letter of the list that the square and the rack allow.  Half the empty
 * squares the walk comes to take nothing; asking here, in the list's
 * first node (which gen would read anyway), saves the call. */
static inline WALK_ATTR int WALK(worth)(const walk *w, int col, uint32_t list)
{
    if (w->line[col] || !w->gx) return 1;
    uint64_t allowed = w->check[col] & (w->blanks ? ~0ULL : w->rack_mask);
    return ((uint32_t)(w->gx[list] >> 32) & (uint32_t)allowed & ~(1u << w->sep)) != 0;
}

/* Square col now holds letter l (code | BLANK); arc is its arc in the
 * current list.  Record the word if it ends here, and go on. */
static WALK_ATTR void WALK(go_on)(walk *w, int col, uint32_t arc, int64_t sum, int64_t mult,
                                  int64_t cross)
{
    uint32_t x = node_at(w, arc);
    uint32_t child = LEX_CHILD(x);
    int cols = w->cols, a = w->anchor;
    if (col <= a) { /* going left: the word is col..a */
        int left_free = col == 0 || !w->line[col - 1];
        if (LEX_TERMINAL(x) && left_free && w->tiles && (a + 1 >= cols || !w->line[a + 1]))
            record(w, col, a, w->tiles, sum * mult + cross);
        if (!child || w->failed) return;
        int more = w->tiles < w->rack_tiles; /* tiles left to place */
        /* the turn to the right first found (its list asked for), then
         * the walk to the left, then the turn */
        uint32_t right = 0;
        if (left_free && a + 1 < cols && (more || w->line[a + 1])) {
            uint32_t s = WALK(arc_of)(w, child, w->sep);
            right = s ? LEX_CHILD(node_at(w, s)) : 0;
            if (right) list_ahead(w, right);
        }
        if (col > 0 && (w->line[col - 1] || (more && col - 1 > w->left_limit)) &&
            WALK(worth)(w, col - 1, child))
            WALK(gen)(w, col - 1, child, sum, mult, cross);
        if (right && !w->failed && WALK(worth)(w, a + 1, right)) {
            w->lo = col;
            WALK(gen)(w, a + 1, right, sum, mult, cross);
        }
    } else { /* going right: the word is w->lo..col */
        int right_free = col + 1 >= cols || !w->line[col + 1];
        if (LEX_TERMINAL(x) && right_free) record(w, w->lo, col, w->tiles, sum * mult + cross);
        if (child && col + 1 < cols && !w->failed &&
            (w->line[col + 1] || w->tiles < w->rack_tiles) && WALK(worth)(w, col + 1, child))
            WALK(gen)(w, col + 1, child, sum, mult, cross);
    }
}

static WALK_ATTR void WALK(place)(walk *w, int col, uint32_t arc, int letter, int blank,
                                  int64_t sum, int64_t mult, int64_t cross)
{
    int64_t v = blank ? w->gen->values[0] : w->gen->values[letter];
    int64_t lv = v * w->lm[col];
    if (w->xscore[col] >= 0) cross += (w->xscore[col] + lv) * w->wm[col];
    w->tiles++;
    w->cell[col] = (uint8_t)(letter | (blank ? BLANK : 0));
    w->fresh[col] = 1;
    WALK(go_on)(w, col, arc, sum + lv, mult * w->wm[col], cross);
    w->fresh[col] = 0;
    w->tiles--;
}

static WALK_ATTR void WALK(gen)(walk *w, int col, uint32_t list, int64_t sum, int64_t mult,
                                int64_t cross)
{
    const uint32_t *g = w->gaddag;
    int sq = w->line[col];
    if (sq) { /* a tile on the board */
        int l = sq & ~BLANK;
        uint32_t arc = WALK(arc_of)(w, list, l);
        if (!arc) return;
        sum += (sq & BLANK) ? w->gen->values[0] : w->gen->values[l];
        w->cell[col] = (uint8_t)sq;
        w->fresh[col] = 0;
        WALK(go_on)(w, col, arc, sum, mult, cross);
        return;
    }
    /* the letters that may go here: allowed by the cross-check, and on the
     * rack unless a blank is left */
    uint64_t allowed = w->check[col] & (w->blanks ? ~0ULL : w->rack_mask);
    /* first the arcs to follow, each one's list of children asked of the
     * memory at once: the walk waits on those loads more than on anything */
    uint32_t arcs[64];
    int n = 0;
    if (w->gx) { /* the allowed letters of the list, without a scan */
        uint32_t all = (uint32_t)(w->gx[list] >> 32), m = all & (uint32_t)allowed & ~(1u << w->sep);
        while (m) {
            int l = __builtin_ctz(m);
            m &= m - 1;
            uint32_t i = list + WALK_BITS(all & ((1u << l) - 1));
            arcs[n++] = i;
            list_ahead(w, LEX_CHILD((uint32_t)w->gx[i]));
        }
    } else
        for (uint32_t i = list;; i++) {
            uint32_t x = g[i];
            int l = LEX_LETTER(x);
            if (l != w->sep && (allowed >> l) & 1) {
                arcs[n++] = i;
                LEX_PREFETCH(g + LEX_CHILD(x));
            }
            if (LEX_LAST(x)) break;
        }
    for (int k = 0; k < n; k++) {
        uint32_t i = arcs[k];
        int l = LEX_LETTER(node_at(w, i));
        if (w->counts[l]) {
            if (--w->counts[l] == 0) w->rack_mask &= ~(1ULL << l);
            WALK(place)(w, col, i, l, 0, sum, mult, cross);
            w->counts[l]++;
            w->rack_mask |= 1ULL << l;
        }
        if (w->blanks) {
            w->blanks--;
            WALK(place)(w, col, i, l, 1, sum, mult, cross);
            w->blanks++;
        }
        if (w->failed) return;
    }
}
