/* walk.h -- the frontier walk of seed 001, written once for two widths of
 * visited masks: score.c includes it with MASK_T uint32_t (boards of up to
 * 32 cells) and with MASK_T uint64_t (up to 64), and WALK the function name.
 *
 * A state is (board, trie node, cell, visited mask): the walk has read the
 * letters of a path of the board that ends at `cell' and led from the root
 * to `node'.  Level d of the frontier holds states of paths of d cells.  One
 * step takes every state of a level, tries its (up to 8) neighbours that are
 * on the board and not visited, and follows the letter there in the trie:
 * a child that ends a word adds its score to the board (once per board:
 * last[child] remembers the board), a child with children of its own
 * becomes a state of the next level.
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
 * are), so neighbouring states touch the same trie rows.
 */
typedef struct {
    int32_t node;
    uint32_t bc;         /* board << 6 | cell */
    MASK_T mask;
} STATE;

static int WALK(struct dlxc_bog_trie *t, const bog_geometry *g, const uint8_t *boards,
                int32_t n_boards, int32_t *scores, int64_t cap, dlxc_bog_stats *st)
{
    STATE *level[DLXC_BOG_MAX_CELLS + 2] = {NULL};
    int64_t len[DLXC_BOG_MAX_CELLS + 2] = {0}, pos[DLXC_BOG_MAX_CELLS + 2] = {0};
    const int32_t *child = t->child;
    /* kind[c] = is_terminal[c] | has_child[c] << 1: one load where the step
     * needs both (5-10% faster, A/B in one process on the variations of
     * perslatgsineters and random 4x4 boards) */
    const uint8_t *is_terminal = t->is_terminal, *has_child = t->has_child, *kind = t->kind;
    const int32_t *term_score = t->term_score;
    uint32_t *last = t->last;
    const int ncells = g->ncells;
    uint64_t states = 0, words = 0, deepest = 0;
    uint32_t base = dlxc_bog__stamps(t, (uint32_t)n_boards);
    int32_t gen_board = 0;         /* level 1 is generated from (board, cell) */
    int gen_cell = 0, d = 0, rc = DLXC_BOG_OK;

    for (;;) {
        if (d == 0) {              /* more level-1 states: first letters */
            STATE *out;
            int64_t n = 0;
            if (!level[1] && !(level[1] = malloc((size_t)cap * sizeof(STATE)))) {
                rc = DLXC_BOG_ENOMEM;
                break;
            }
            out = level[1];
            while (gen_board < n_boards && n < cap) {
                const uint8_t *bd = boards + (int64_t)gen_board * ncells;
                int32_t c = child[bd[gen_cell]];
                if (c >= 0) {
                    states++;
                    if (is_terminal[c] && last[c] != base + (uint32_t)gen_board) {
                        last[c] = base + (uint32_t)gen_board;
                        scores[gen_board] += term_score[c];
                        words++;
                    }
                    if (has_child[c]) {
                        out[n].node = c;
                        out[n].bc = (uint32_t)gen_board << 6 | (uint32_t)gen_cell;
                        out[n].mask = (MASK_T)1 << gen_cell;
                        n++;
                    }
                }
                if (++gen_cell == ncells) gen_cell = 0, gen_board++;
            }
            if (n == 0) break;     /* every board is done */
            if (deepest < 1) deepest = 1;
            len[1] = n, pos[1] = 0, d = 1;
            continue;
        }
        if (pos[d] == len[d]) {    /* level d is spent: back up */
            d--;
            continue;
        }
        {                          /* step level d into level d+1 */
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
                /* the rows of the next states' nodes are fetched from memory
                 * while this one is stepped: the walk knows its next moves
                 * in advance, which a depth-first walk does not */
                if (i + PREFETCH_AHEAD < end)
                    PREFETCH(child + (int64_t)in[i + PREFETCH_AHEAD].node * BOG_A);
                const uint32_t b = s.bc >> 6, stamp = base + b;
                const uint8_t *bd = boards + (int64_t)b * ncells;
                const int32_t *row = child + (int64_t)s.node * BOG_A;
                const int8_t *nb = g->nbr + (s.bc & 63) * BOG_NEIGHBOURS;
                int k;
                for (k = 0; k < BOG_NEIGHBOURS; k++) {
                    const int j = nb[k];
                    int32_t c;
                    if (j < 0) break;                       /* off the board */
                    if (s.mask & ((MASK_T)1 << j)) continue; /* visited */
                    c = row[bd[j]];
                    if (c < 0) continue;                    /* no such word */
                    states++;
                    const uint8_t kd = kind[c];
                    if ((kd & 1) && last[c] != stamp) {
                        last[c] = stamp;
                        scores[b] += term_score[c];
                        words++;
                    }
                    if (kd & 2) {
                        out[n].node = c;
                        out[n].bc = b << 6 | (uint32_t)j;
                        out[n].mask = s.mask | ((MASK_T)1 << j);
                        n++;
                    }
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
