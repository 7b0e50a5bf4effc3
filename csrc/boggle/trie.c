/* trie.c -- the trie of seed 001: direct child lookup, terminal flags and
 * precomputed word scores, numbered breadth-first.
 *
 * Building.  Words are inserted into a growing trie (nodes numbered as they
 * are made), then renumbered breadth-first into the final arrays, so that a
 * node's children, and the first levels of the trie that every walk goes
 * through, lie close together in memory.  For ENABLE2K (173,528 words) the
 * trie has 388,990 nodes: 40 MB of child indices, of which a walk touches
 * mostly the first few levels.
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

typedef struct {      /* the trie while it grows */
    int32_t *child;
    int32_t *score;   /* 0 unless a word ends here */
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
        if (i == len || text[i] == '\n') {          /* end of a word */
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

/* Renumber g breadth-first into t's arrays. */
static int renumber(const grow_trie *g, struct dlxc_bog_trie *t)
{
    int32_t n = (int32_t)g->nodes, head = 0, tail = 0, u, v, c;
    int32_t *order = malloc((size_t)n * sizeof *order);
    int32_t *newid = malloc((size_t)n * sizeof *newid);
    int rc = DLXC_BOG_ENOMEM;
    if (!order || !newid) goto out;
    t->child = malloc((size_t)n * BOG_A * sizeof *t->child);
    t->is_terminal = calloc((size_t)n, 1);
    t->has_child = calloc((size_t)n, 1);
    t->kind = calloc((size_t)n, 1);
    t->term_score = calloc((size_t)n, sizeof *t->term_score);
    t->last = calloc((size_t)n, sizeof *t->last);
    if (!t->child || !t->is_terminal || !t->has_child || !t->kind || !t->term_score || !t->last) goto out;
    order[tail++] = 0;
    newid[0] = 0;
    while (head < tail) {                    /* queue of old ids, in BFS order */
        u = order[head++];
        for (c = 0; c < BOG_A; c++) {
            v = g->child[(int64_t)u * BOG_A + c];
            if (v >= 0) newid[v] = tail, order[tail++] = v;
        }
    }
    for (u = 0; u < n; u++) {               /* u: the new id */
        int32_t old = order[u];
        for (c = 0; c < BOG_A; c++) {
            v = g->child[(int64_t)old * BOG_A + c];
            t->child[(int64_t)u * BOG_A + c] = v < 0 ? -1 : newid[v];
            if (v >= 0) t->has_child[u] = 1;
        }
        t->term_score[u] = g->score[old];
        t->is_terminal[u] = g->score[old] > 0;
        t->kind[u] = (uint8_t)(t->is_terminal[u] | t->has_child[u] << 1);
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
    free(t->child);
    free(t->is_terminal);
    free(t->has_child);
    free(t->kind);
    free(t->term_score);
    free(t->last);
    free(t);
}

uint32_t dlxc_bog__stamps(struct dlxc_bog_trie *t, uint32_t n)
{
    if (t->stamp > UINT32_MAX - n - 1) {    /* would wrap: forget every mark */
        memset(t->last, 0, (size_t)t->nodes * sizeof *t->last);
        t->stamp = 0;
    }
    t->stamp += n;
    return t->stamp - n + 1;
}
