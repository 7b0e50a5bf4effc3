/* walk.h -- the frontier walk, written once for two widths of
 * visited masks and two ways of counting bits: score.c includes it with
 * MASK_T uint32_t (boards of up to 32 cells) or uint64_t (up to 64),
 * POPCOUNT the bit count (the popcnt instruction where the processor has
 * it), WALK_ATTR the function's attributes and WALK its name.
 *
 * A state is (board, trie node, cell, visited mask): the walk has read the
 * letters of a path of the board that ends at `cell' and led from the root
 * to `node'.  The state carries its node's packed description (arcs and
 * first, bog_internal.h) rather than its number: the step reads it from
 * the state, where the previous step, which had it in hand, wrote it.
 * Level d of the frontier holds states of paths of d cells.  One step takes
 * every state of a level, tries its (up to 8) neighbours that are on the
 * board and not visited, and follows the letter there in the trie: a child
 * that ends a word adds its points to the board (once per board: last[child]
 * remembers the board), a child with children of its own becomes a state of
 * the next level.
 *
 * Memory.  A batch of high-scoring boards has millions of states in flight
 * if every level is stepped whole (breadth-first).  Here each level holds at
 * most `cap' states: a step stops when the next level is full, the walk goes
 * down to step that level, and comes back for the rest.  So the frontier
 * never exceeds cap states a level, whatever the batch, and the states of
 * every level still pass in the order of a breadth-first walk.  That order
 * is what the dedupe needs: a trie node of depth d is reached only while
 * level d-1 is stepped, and the states of a level are grouped by board, so
 * all the visits of one board to one node come together, and "the last
 * board seen at this node" tells whether this board counted the word yet.
 *
 * Cache.  Boards of a batch are stepped in the order given; the caller puts
 * similar boards next to each other (the variations of a board in a search
 * are), so neighbouring states touch the same trie nodes.
 */
typedef struct {
    uint32_t arcs; /* the node's arcs and points (bog_node) */
    int32_t first; /* the node's first child */
    uint32_t bc;   /* board << 6 | cell */
    MASK_T mask;   /* visited cells, this one included */
} STATE;

WALK_ATTR
static int WALK(struct dlxc_bog_trie *t, const bog_geometry *g, const uint8_t *boards,
                int32_t n_boards, int32_t *scores, int64_t cap, dlxc_bog_stats *st)
{
    STATE *level[DLXC_BOG_MAX_CELLS + 2] = {NULL};
    int64_t len[DLXC_BOG_MAX_CELLS + 2] = {0}, pos[DLXC_BOG_MAX_CELLS + 2] = {0};
    const bog_node *node = t->node;
    uint32_t *last = t->last;
    const int ncells = g->ncells;
    uint64_t states = 0, words = 0, deepest = 0;
    uint32_t base = dlxc_bog__stamps(t, (uint32_t)n_boards);
    int32_t gen_board = 0; /* level 1 is generated from (board, cell) */
    int gen_cell = 0, d = 0, rc = DLXC_BOG_OK;

    for (;;) {
        if (d == 0) { /* more level-1 states: first letters */
            STATE *out;
            int64_t n = 0;
            if (!level[1] && !(level[1] = malloc((size_t)cap * sizeof(STATE)))) {
                rc = DLXC_BOG_ENOMEM;
                break;
            }
            out = level[1];
            while (gen_board < n_boards && n < cap) {
                const uint8_t *bd = boards + (int64_t)gen_board * ncells;
                const int32_t c = bog_child(node, bd[gen_cell]);
                if (c >= 0) {
                    const bog_node e = node[c];
                    const uint32_t points = e.arcs >> BOG_POINTS_SHIFT;
                    states++;
                    if (points && last[c] != base + (uint32_t)gen_board) {
                        last[c] = base + (uint32_t)gen_board;
                        scores[gen_board] += (int32_t)points;
                        words++;
                    }
                    if (e.arcs & BOG_LETTERS) {
                        out[n].arcs = e.arcs;
                        out[n].first = e.first;
                        out[n].bc = (uint32_t)gen_board << 6 | (uint32_t)gen_cell;
                        out[n].mask = (MASK_T)1 << gen_cell;
                        n++;
                    }
                }
                if (++gen_cell == ncells) gen_cell = 0, gen_board++;
            }
            if (n == 0) break; /* every board is done */
            if (deepest < 1) deepest = 1;
            len[1] = n, pos[1] = 0, d = 1;
            continue;
        }
        if (pos[d] == len[d]) { /* level d is spent: back up */
            d--;
            continue;
        }
        { /* step level d into level d+1 */
            const STATE *in = level[d];
            STATE *out;
            int64_t i = pos[d], end = len[d], n = 0;
            if (!level[d + 1] && !(level[d + 1] = malloc((size_t)cap * sizeof(STATE)))) {
                rc = DLXC_BOG_ENOMEM;
                break;
            }
            out = level[d + 1];
            while (i < end && n + BOG_NEIGHBOURS <= cap) {
                const STATE s = in[i++];
                /* the children of the next states' nodes are fetched from
                 * memory while this one is stepped: the walk knows its next
                 * moves in advance, which a depth-first walk does not */
                if (i + PREFETCH_AHEAD < end) PREFETCH(node + in[i + PREFETCH_AHEAD].first);
                const uint32_t b = s.bc >> 6, stamp = base + b;
                const uint8_t *bd = boards + (int64_t)b * ncells;
                /* the neighbours not visited, in increasing order */
                MASK_T todo = (MASK_T)g->nbrmask[s.bc & 63] & ~s.mask;
                while (todo) {
                    const int j = CTZ(todo);
                    const unsigned letter = bd[j];
                    todo &= todo - 1;
                    if (!(s.arcs >> letter & 1)) continue; /* no such word */
                    const int32_t c = s.first + (int32_t)POPCOUNT(s.arcs & ((1u << letter) - 1));
                    const bog_node e = node[c];
                    const uint32_t points = e.arcs >> BOG_POINTS_SHIFT;
                    states++;
                    if (points && last[c] != stamp) {
                        last[c] = stamp;
                        scores[b] += (int32_t)points;
                        words++;
                    }
                    /* written whether or not c has children; kept if it has */
                    out[n].arcs = e.arcs;
                    out[n].first = e.first;
                    out[n].bc = b << 6 | (uint32_t)j;
                    out[n].mask = s.mask | ((MASK_T)1 << j);
                    n += (e.arcs & BOG_LETTERS) != 0;
                }
            }
            pos[d] = i;
            len[d + 1] = n, pos[d + 1] = 0;
            if (n) {
                d++;
                if ((uint64_t)d > deepest) deepest = (uint64_t)d;
            }
        }
    }
    for (d = 0; d < DLXC_BOG_MAX_CELLS + 2; d++) free(level[d]);
    if (st && rc == DLXC_BOG_OK) {
        st->boards += (uint64_t)n_boards;
        st->states += states;
        st->words += words;
        if (deepest > st->max_level) st->max_level = deepest;
    }
    return rc;
}
