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

typedef struct {    /* the trie while it grows: children as sibling lists */
    int32_t *first; /* the least letter's child, -1 for none */
    int32_t *last;  /* the greatest letter's child, -1 for none */
    int32_t *next;  /* the next greater sibling, -1 for none */
    int32_t *score; /* 0 unless a word ends here */
    uint8_t *letter;
    int64_t nodes, cap;
} grow_trie;

static void *grow_array(void *p, int64_t cap, size_t size, int *ok)
{
    void *q = realloc(p, (size_t)cap * size);
    if (!q) *ok = 0;
    return q ? q : p;
}

static int grow(grow_trie *g)
{
    int64_t cap = g->cap ? 2 * g->cap : 4096;
    int ok = 1;
    if (cap > INT32_MAX) {
        cap = INT32_MAX;
        if (cap <= g->cap) return DLXC_BOG_ETOOBIG;
    }
    g->first = grow_array(g->first, cap, sizeof *g->first, &ok);
    g->last = grow_array(g->last, cap, sizeof *g->last, &ok);
    g->next = grow_array(g->next, cap, sizeof *g->next, &ok);
    g->score = grow_array(g->score, cap, sizeof *g->score, &ok);
    g->letter = grow_array(g->letter, cap, sizeof *g->letter, &ok);
    if (!ok) return DLXC_BOG_ENOMEM;
    g->cap = cap;
    return DLXC_BOG_OK;
}

static int new_node(grow_trie *g, int32_t *id, int c)
{
    int rc;
    if (g->nodes == g->cap && (rc = grow(g)) != DLXC_BOG_OK) return rc;
    g->first[g->nodes] = g->last[g->nodes] = g->next[g->nodes] = -1;
    g->score[g->nodes] = 0;
    g->letter[g->nodes] = (uint8_t)c;
    *id = (int32_t)g->nodes++;
    return DLXC_BOG_OK;
}

/* The child of node for letter c, made if it is missing.  Siblings are kept
 * in letter order; a sorted word list (the usual case) always finds or puts
 * its letter at the end of the list, so that case is checked first. */
static int child_of(grow_trie *g, int32_t node, int c, int32_t *out)
{
    int32_t v = g->last[node], prev = -1, made;
    int rc;
    if (v >= 0 && g->letter[v] == c) return *out = v, DLXC_BOG_OK;
    if (v < 0 || g->letter[v] < c) { /* a new greatest child */
        if ((rc = new_node(g, &made, c)) != DLXC_BOG_OK) return rc;
        if (v < 0) g->first[node] = made;
        else g->next[v] = made;
        g->last[node] = made;
        return *out = made, DLXC_BOG_OK;
    }
    for (v = g->first[node]; g->letter[v] < c; v = g->next[v]) prev = v;
    if (g->letter[v] == c) return *out = v, DLXC_BOG_OK;
    if ((rc = new_node(g, &made, c)) != DLXC_BOG_OK) return rc;
    g->next[made] = v;
    if (prev < 0) g->first[node] = made;
    else g->next[prev] = made;
    return *out = made, DLXC_BOG_OK;
}

/* Insert the words of text; on success g holds the trie in insertion order. */
static int insert_words(grow_trie *g, const char *text, int64_t len, int32_t *n_words)
{
    int32_t root, node = 0, c, next;
    int64_t i, letters = 0, qs = 0;
    int rc;
    if ((rc = new_node(g, &root, 0)) != DLXC_BOG_OK) return rc;
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
        if ((rc = child_of(g, node, c, &next)) != DLXC_BOG_OK) return rc;
        node = next;
        letters++;
        qs += (c == 'q' - 'a');
    }
    return DLXC_BOG_OK;
}

/* Renumber g breadth-first into t's packed nodes (bog_internal.h): the
 * children of a node get consecutive ids in letter order. */
static int renumber(const grow_trie *g, struct dlxc_bog_trie *t)
{
    int32_t n = (int32_t)g->nodes, head = 0, tail = 0, u, v;
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
        for (v = g->first[u]; v >= 0; v = g->next[v]) newid[v] = tail, order[tail++] = v;
    }
    for (u = 0; u < n; u++) { /* u: the new id */
        int32_t old = order[u];
        uint32_t arcs = (uint32_t)g->score[old] << BOG_POINTS_SHIFT;
        for (v = g->first[old]; v >= 0; v = g->next[v]) arcs |= 1u << g->letter[v];
        t->node[u].arcs = arcs;
        t->node[u].first = g->first[old] >= 0 ? newid[g->first[old]] : 0;
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
    grow_trie g = {NULL, NULL, NULL, NULL, NULL, 0, 0};
    struct dlxc_bog_trie *t;
    int rc;
    if (!out || (!text && len) || len < 0) return DLXC_BOG_EINVAL;
    *out = NULL;
    t = calloc(1, sizeof *t);
    if (!t) return DLXC_BOG_ENOMEM;
    rc = insert_words(&g, text, len, &t->words);
    if (rc == DLXC_BOG_OK) rc = renumber(&g, t);
    free(g.first);
    free(g.last);
    free(g.next);
    free(g.score);
    free(g.letter);
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
