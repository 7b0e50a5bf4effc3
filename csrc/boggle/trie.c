/* trie.c -- the trie of the Boggle engine: child lookup, terminal flags and
 * precomputed word scores, numbered breadth-first, rows packed.
 *
 * Building.  Words are inserted into a growing trie with direct
 * rows of 26 children (nodes numbered as they are made), then renumbered
 * breadth-first into the final packed nodes (bog_internal.h), so that a
 * node's children are consecutive and the first levels of the trie, which
 * every walk goes through, lie together at the front.  For ENABLE2K
 * (173,528 words) the trie has 388,990 nodes: 3.1 MB of packed nodes,
 * where the rows of 26 children took 40 MB.
 */
#include <stdlib.h>
#include <string.h>

#include "boggle.h"
#include "bog_internal.h"

/* Points for a word of n letters (Qu counts two): 3 and 4 letters 1, then
 * 2, 3, 5, and 11 for 8 letters or more. */
static int32_t word_score(int64_t n)
{
    static const int32_t table[8] = {0, 0, 0, 1, 1, 2, 3, 5};
    return n >= 8 ? 11 : table[n];
}

const char *dlxc_bog_strerror(int code)
{
    switch (code) {
    case DLXC_BOG_OK: return "success";
    case DLXC_BOG_ENOMEM: return "out of memory";
    case DLXC_BOG_EINVAL: return "invalid argument to the Boggle scorer";
    case DLXC_BOG_ELETTER: return "a letter outside a..z";
    case DLXC_BOG_ESIZE: return "a board must have 1 to 64 cells";
    case DLXC_BOG_ETOOBIG: return "too many trie nodes for 32-bit indices";
    case DLXC_BOG_EBUFFER: return "the word buffer is too small for this board";
    default: return "unknown Boggle status code";
    }
}

typedef struct { /* the trie while it grows */
    int32_t *child;
    int32_t *score; /* 0 unless a word ends here */
    int64_t nodes, cap;
} grow_trie;

static int grow(grow_trie *g)
{
    int64_t cap = g->cap ? 2 * g->cap : 4096;
    int32_t *child, *score;
    if (cap > INT32_MAX / BOG_A) {
        cap = INT32_MAX / BOG_A;
        if (cap <= g->cap) return DLXC_BOG_ETOOBIG;
    }
    child = realloc(g->child, (size_t)cap * BOG_A * sizeof *child);
    if (!child) return DLXC_BOG_ENOMEM;
    g->child = child;
    score = realloc(g->score, (size_t)cap * sizeof *score);
    if (!score) return DLXC_BOG_ENOMEM;
    g->score = score;
    g->cap = cap;
    return DLXC_BOG_OK;
}

static int new_node(grow_trie *g, int32_t *id)
{
    int rc;
    if (g->nodes == g->cap && (rc = grow(g)) != DLXC_BOG_OK) return rc;
    memset(g->child + g->nodes * BOG_A, 0xff, BOG_A * sizeof *g->child);
    g->score[g->nodes] = 0;
    *id = (int32_t)g->nodes++;
    return DLXC_BOG_OK;
}

/* Insert the words of text; on success g holds the trie in insertion order. */
static int insert_words(grow_trie *g, const char *text, int64_t len, int32_t *n_words)
{
    int32_t root, node = 0, c, next;
    int64_t i, letters = 0, qs = 0;
    int rc;
    if ((rc = new_node(g, &root)) != DLXC_BOG_OK) return rc;
    *n_words = 0;
    for (i = 0; i <= len; i++) {
        if (i == len || text[i] == '\n') { /* end of a word */
            int32_t points = word_score(letters + qs);
            if (letters && points && g->score[node] == 0) {
                g->score[node] = points;
                ++*n_words;
            }
            node = root, letters = qs = 0;
            continue;
        }
        c = (unsigned char)text[i] - 'a';
        if (c < 0 || c >= BOG_A) return DLXC_BOG_ELETTER;
        next = g->child[(int64_t)node * BOG_A + c];
        if (next < 0) {
            if ((rc = new_node(g, &next)) != DLXC_BOG_OK) return rc;
            g->child[(int64_t)node * BOG_A + c] = next;
        }
        node = next;
        letters++;
        qs += (c == 'q' - 'a');
    }
    return DLXC_BOG_OK;
}

/* Renumber g breadth-first into t's packed nodes (bog_internal.h). */
static int renumber(const grow_trie *g, struct dlxc_bog_trie *t)
{
    int32_t n = (int32_t)g->nodes, head = 0, tail = 0, u, v, c;
    int32_t *order = malloc((size_t)n * sizeof *order);
    int32_t *newid = malloc((size_t)n * sizeof *newid);
    int rc = DLXC_BOG_ENOMEM;
    if (!order || !newid) goto out;
    t->node = calloc((size_t)n, sizeof *t->node);
    t->last = calloc((size_t)n, sizeof *t->last);
    if (!t->node || !t->last) goto out;
    order[tail++] = 0;
    newid[0] = 0;
    while (head < tail) { /* queue of old ids, in BFS order */
        u = order[head++];
        for (c = 0; c < BOG_A; c++) {
            v = g->child[(int64_t)u * BOG_A + c];
            if (v >= 0) newid[v] = tail, order[tail++] = v;
        }
    }
    for (u = 0; u < n; u++) { /* u: the new id */
        int32_t old = order[u];
        uint32_t arcs = (uint32_t)g->score[old] << BOG_POINTS_SHIFT;
        int32_t first = 0;
        for (c = BOG_A - 1; c >= 0; c--) { /* ends with the least letter's child */
            v = g->child[(int64_t)old * BOG_A + c];
            if (v >= 0) arcs |= 1u << c, first = newid[v];
        }
        t->node[u].arcs = arcs;
        t->node[u].first = first;
    }
    t->nodes = n;
    rc = DLXC_BOG_OK;
out:
    free(order);
    free(newid);
    return rc;
}

int dlxc_bog_trie_new(dlxc_bog_trie **out, const char *text, int64_t len)
{
    grow_trie g = {NULL, NULL, 0, 0};
    struct dlxc_bog_trie *t;
    int rc;
    if (!out || (!text && len) || len < 0) return DLXC_BOG_EINVAL;
    *out = NULL;
    t = calloc(1, sizeof *t);
    if (!t) return DLXC_BOG_ENOMEM;
    rc = insert_words(&g, text, len, &t->words);
    if (rc == DLXC_BOG_OK) rc = renumber(&g, t);
    free(g.child);
    free(g.score);
    if (rc != DLXC_BOG_OK) {
        dlxc_bog_trie_free(t);
        return rc;
    }
    *out = t;
    return DLXC_BOG_OK;
}

int32_t dlxc_bog_trie_nodes(const dlxc_bog_trie *t) { return t ? t->nodes : 0; }
int32_t dlxc_bog_trie_words(const dlxc_bog_trie *t) { return t ? t->words : 0; }

void dlxc_bog_trie_free(dlxc_bog_trie *t)
{
    if (!t) return;
    free(t->node);
    free(t->last);
    free(t);
}

uint32_t dlxc_bog__stamps(struct dlxc_bog_trie *t, uint32_t n)
{
    if (t->stamp > UINT32_MAX - n - 1) { /* would wrap: forget every mark */
        memset(t->last, 0, (size_t)t->nodes * sizeof *t->last);
        t->stamp = 0;
    }
    t->stamp += n;
    return t->stamp - n + 1;
}
