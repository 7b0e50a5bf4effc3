/* build.c -- word lists into minimal DAWGs and GADDAGs in 32-bit nodes.
 *
 * 1. Intro.  A DAWG is the trie of a word list with identical subtrees
 * merged.  In the node layout of lexicon.h a node is an *arc*: it carries
 * a letter, says whether a word ends with it, and points at the sibling
 * list of its child.  So the unit that can be shared is a sibling list,
 * and two lists are the same when they have the same arcs: the same
 * letters, terminal flags and child lists.  We build the minimal graph
 * with Daciuk, Mihov, Watson and Watson's incremental construction from
 * sorted input (Computational Linguistics 26, 2000): the lists on the path
 * of the previous word are kept open; when the next word leaves that path
 * at depth d, the open lists below d can never change again, and each is
 * replaced by its registered twin or registered itself (the "register" is
 * a hash table of lists).  Every list is registered bottom-up exactly once,
 * so the result is minimal and the work linear in the input.
 *
 * 2. The GADDAG (Gordon 1994) of a word w = a1..an holds, for every split
 * 1 <= i <= n, the path rev(a1..ai) SEP a(i+1)..an, except that for i = n
 * the separator is left out (the path is rev(w)).  The register it needs
 * is the one the same construction would make from those paths, sorted;
 * section 2a makes it from the DAWG's prefixes without writing them out.
 *
 * 3. Packing.  A list that is the tail of a longer list shares its nodes
 * (see share_tails).  The kept lists get positions in depth-first
 * pre-order from the root's list, which starts at node 1 (node 0 is the
 * header arc that points to it).  The Python mirror does the same steps, so
 * the arrays are byte-identical.
 *
 * Historical notes (ENABLE, 172,823 words, on the shared 2-core machine).
 * Merging equal lists alone gave 122,173 DAWG nodes and 834,590 GADDAG
 * nodes; sharing tails brings them to 116,879 and 806,533.  Sorting the
 * GADDAG's 1.57 million paths with qsort took about as long as building
 * from them; an MSD radix sort took a third off.  Lists were first laid out
 * breadth-first; depth-first order puts a word's lists nearer each other
 * and membership of shuffled words went from about 135 to 118 ns in C.
 * A side table of letter masks per node (one popcount instead of a scan of
 * the siblings) made membership twice as slow: the extra cache misses cost
 * more than the scans of lists that are one or two cache lines long.
 * Building the GADDAG from all its paths registered 3.2 million lists
 * (1.64 billion instructions under callgrind for both graphs from sorted
 * codes); from the DAWG's prefixes (section 2a) 1.3 million, and reading,
 * folding and sorting the text in C included, 0.60 billion.  Most of the
 * time left is cache misses: the register's table (one random slot a
 * lookup, a chain of lookups each needing the id the last one gave),
 * the table of tails, and the packing's walk.  Slots of 16 bytes (first
 * arc, hash, id) against 64 bits: the smaller table was about a tenth
 * faster.  Prefetching share_tails' slots 8 lists ahead gained nothing
 * measurable.
 */
#include <stdlib.h>
#include <string.h>

#include "lexicon_int.h"

/* ==== 1. The register of sibling lists ================================== */

/* An arc before packing: letter (8 bits), terminal (1 bit), child list id. */
#define ARC(letter, term, child)                                                                   \
    ((uint64_t)(letter) | ((uint64_t)(term) << 8) | ((uint64_t)(child) << 9))
#define ARC_LETTER(a) ((int)((a)&0xFF))
#define ARC_TERM(a) ((int)(((a) >> 8) & 1))
#define ARC_CHILD(a) ((uint32_t)((a) >> 9))

/* A slot of the register's hash table (open addressing, linear probes),
 * 64 bits: the list's first arc (31 bits: 8 for the letter, 1 for the
 * terminal flag, 22 for the child), its length (8 bits), its id (22) and
 * 3 bits of its hash; 0 is a free slot.  A probe compares the first arc
 * and the length in the slot itself, so a list of one arc (four in five of
 * the lists looked up for ENABLE) is found without a look at the arcs,
 * and the table of a GADDAG as large as ENABLE's is 8 MB. */
#define SLOT(arc0, n, id, h)                                                                       \
    ((uint64_t)(arc0) | (uint64_t)(n) << 31 | (uint64_t)(id) << 39 | ((uint64_t)(h) >> 61) << 61)
#define SLOT_KEY(s) ((s)&0x7FFFFFFFFFULL) /* first arc and length */
#define SLOT_ID(s) ((uint32_t)((s) >> 39) & 0x3FFFFFu)
#define SLOT_TAG(s) ((s) >> 61)

typedef struct {
    uint64_t *arcs; /* the arcs of every registered list, list after list */
    int64_t n_arcs, cap_arcs;
    uint32_t *start; /* list id -> first arc in arcs; id 0 is the empty list */
    uint32_t *len;   /* list id -> number of arcs */
    int64_t n_lists, cap_lists;
    uint64_t *table;
    uint64_t table_size; /* a power of two */
} reg;

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

/* The hash of a list is made from its end: hash(a[k..n)) from a[k] and
 * hash(a[k+1..n)), so share_tails has the hashes of all tails of a list
 * in one pass.  (Which hash is used changes no result: every probe
 * compares the lists themselves.) */
#define HASH_EMPTY 0x9E3779B97F4A7C15ULL
static inline uint64_t hash_step(uint64_t tail, uint64_t arc) { return mix(tail ^ arc) + arc; }

static uint64_t list_hash(const uint64_t *arcs, uint32_t n)
{
    uint64_t h = HASH_EMPTY;
    for (uint32_t i = n; i-- > 0;) h = hash_step(h, arcs[i]);
    return h;
}

static int same_arcs(const uint64_t *a, const uint64_t *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* expect about `lists' lists (a hint: the table grows as needed) */
static int reg_init(reg *r, int64_t lists)
{
    memset(r, 0, sizeof *r);
    r->cap_arcs = 1 << 16;
    r->cap_lists = 1 << 14;
    r->table_size = 1 << 15;
    while ((int64_t)r->table_size < 2 * lists && r->table_size < (1u << 23)) r->table_size *= 2;
    r->arcs = malloc((size_t)r->cap_arcs * sizeof *r->arcs);
    r->start = malloc((size_t)r->cap_lists * sizeof *r->start);
    r->len = malloc((size_t)r->cap_lists * sizeof *r->len);
    r->table = calloc((size_t)r->table_size, sizeof *r->table);
    if (!r->arcs || !r->start || !r->len || !r->table) return DLXC_LEX_ENOMEM;
    r->start[0] = 0;
    r->len[0] = 0;
    r->n_lists = 1;
    return 0;
}

static void reg_free(reg *r)
{
    free(r->arcs);
    free(r->start);
    free(r->len);
    free(r->table);
}

static int reg_grow_table(reg *r)
{
    uint64_t size = r->table_size * 2;
    uint64_t *t = calloc((size_t)size, sizeof *t);
    if (!t) return DLXC_LEX_ENOMEM;
    for (uint64_t k = 0; k < r->table_size; k++) {
        uint64_t v = r->table[k];
        if (!v) continue;
        uint32_t id = SLOT_ID(v);
        uint64_t h = list_hash(r->arcs + r->start[id], r->len[id]) & (size - 1);
        while (t[h]) h = (h + 1) & (size - 1);
        t[h] = v;
    }
    free(r->table);
    r->table = t;
    r->table_size = size;
    return 0;
}

/* The id of the list arcs[0..n): its registered twin, or itself newly
 * registered.  Returns a negative status on failure. */
static int64_t reg_list(reg *r, const uint64_t *arcs, uint32_t n)
{
    if (n == 0) return 0;
    uint64_t mask = r->table_size - 1;
    uint64_t hash = list_hash(arcs, n), h = hash & mask;
    uint64_t key = SLOT_KEY(SLOT(arcs[0], n, 0, 0));
    for (uint64_t v; (v = r->table[h]) != 0; h = (h + 1) & mask) {
        if (SLOT_KEY(v) == key && SLOT_TAG(v) == hash >> 61 &&
            (n == 1 || same_arcs(r->arcs + r->start[SLOT_ID(v)] + 1, arcs + 1, n - 1)))
            return SLOT_ID(v);
    }
    if (r->n_lists >= DLXC_LEX_MAX_NODES) return DLXC_LEX_ETOOBIG;
    if (r->n_arcs + n > r->cap_arcs) {
        int64_t cap = r->cap_arcs * 2;
        while (cap < r->n_arcs + n) cap *= 2;
        uint64_t *a = realloc(r->arcs, (size_t)cap * sizeof *a);
        if (!a) return DLXC_LEX_ENOMEM;
        r->arcs = a;
        r->cap_arcs = cap;
    }
    if (r->n_lists == r->cap_lists) {
        int64_t cap = r->cap_lists * 2;
        uint32_t *st = realloc(r->start, (size_t)cap * sizeof *st);
        if (!st) return DLXC_LEX_ENOMEM;
        r->start = st;
        uint32_t *l = realloc(r->len, (size_t)cap * sizeof *l);
        if (!l) return DLXC_LEX_ENOMEM;
        r->len = l;
        r->cap_lists = cap;
    }
    if (r->n_arcs + n > 0xFFFFFFFFLL) return DLXC_LEX_ETOOBIG;
    int64_t id = r->n_lists++;
    r->start[id] = (uint32_t)r->n_arcs;
    r->len[id] = n;
    memcpy(r->arcs + r->n_arcs, arcs, n * sizeof *arcs);
    r->n_arcs += n;
    r->table[h] = SLOT(arcs[0], n, id, hash);
    if ((uint64_t)r->n_lists * 2 > r->table_size) {
        int rc = reg_grow_table(r);
        if (rc) return rc;
    }
    return id;
}

/* ==== 2. Incremental construction from sorted words ===================== */

/* The distinct prefixes of a sorted word list, in sorted order (the nodes
 * of its trie in pre-order), as the DAWG's construction meets them: the
 * prefix is word[0..len), term says whether it is a word itself, child is
 * the DAWG's list of the arcs after it (0: no word goes on). */
typedef struct {
    const uint8_t **word;
    uint8_t *len;
    uint8_t *term;
    uint32_t *child;
    int64_t n, cap;
} prefixes;

static void prefixes_free(prefixes *pf)
{
    free(pf->word);
    free(pf->len);
    free(pf->term);
    free(pf->child);
}

static int prefixes_grow(prefixes *pf)
{
    int64_t cap = pf->cap ? pf->cap * 2 : 1 << 16;
    const uint8_t **w = realloc(pf->word, (size_t)cap * sizeof *w);
    if (!w) return DLXC_LEX_ENOMEM;
    pf->word = w;
    uint8_t *l = realloc(pf->len, (size_t)cap);
    if (!l) return DLXC_LEX_ENOMEM;
    pf->len = l;
    uint8_t *t = realloc(pf->term, (size_t)cap);
    if (!t) return DLXC_LEX_ENOMEM;
    pf->term = t;
    uint32_t *c = realloc(pf->child, (size_t)cap * sizeof *c);
    if (!c) return DLXC_LEX_ENOMEM;
    pf->child = c;
    pf->cap = cap;
    return 0;
}

/* words[0..n) point at 0-ended code strings in strictly increasing order,
 * codes 1..max_code, at most max_len long.  On success the registered
 * lists are in r and *root is the root list's id; pf, when not NULL,
 * receives the prefixes of the words. */
static int build_sorted(const uint8_t *const *words, int64_t n, int max_code, int max_len, reg *r,
                        uint32_t *root, prefixes *pf)
{
    /* open[d] holds the arcs of the open list at depth d; the child of its
     * last arc is the open list at depth d+1, not registered yet */
    uint64_t *open = malloc((size_t)LEX_MAXD * 256 * sizeof *open);
    uint32_t n_open[LEX_MAXD];
    int64_t at[LEX_MAXD + 1]; /* at[d]: the prefix record of the path's first d letters */
    if (!open) return DLXC_LEX_ENOMEM;
    memset(n_open, 0, sizeof n_open);
    const uint8_t *prev = NULL;
    int prev_len = 0;
    int rc = 0;
    for (int64_t k = 0; k < n; k++) {
        const uint8_t *w = words[k];
        int len = 0, cp = 0;
        while (w[len]) {
            if (w[len] > max_code) {
                rc = DLXC_LEX_EINVAL;
                goto out;
            }
            if (++len > max_len) {
                rc = DLXC_LEX_ELONG;
                goto out;
            }
        }
        if (prev) {
            while (cp < len && cp < prev_len && w[cp] == prev[cp]) cp++;
            if (cp == len || (cp < prev_len && w[cp] < prev[cp])) {
                rc = DLXC_LEX_EUNSORTED;
                goto out;
            }
        }
        /* the open lists deeper than cp are final now */
        for (int d = prev_len; d > cp; d--) {
            int64_t id = reg_list(r, open + (size_t)d * 256, n_open[d]);
            if (id < 0) {
                rc = (int)id;
                goto out;
            }
            uint64_t *last = open + (size_t)(d - 1) * 256 + n_open[d - 1] - 1;
            *last |= (uint64_t)id << 9;
            n_open[d] = 0;
            if (pf) pf->child[at[d]] = (uint32_t)id;
        }
        for (int d = cp; d < len; d++) {
            open[(size_t)d * 256 + n_open[d]++] = ARC(w[d], d == len - 1, 0);
            if (pf) {
                if (pf->n == pf->cap && (rc = prefixes_grow(pf)) != 0) goto out;
                int64_t i = pf->n++;
                pf->word[i] = w;
                pf->len[i] = (uint8_t)(d + 1);
                pf->term[i] = d == len - 1;
                pf->child[i] = 0;
                at[d + 1] = i;
            }
        }
        prev = w;
        prev_len = len;
    }
    if (!prev) {
        rc = DLXC_LEX_EEMPTY;
        goto out;
    }
    for (int d = prev_len; d > 0; d--) {
        int64_t id = reg_list(r, open + (size_t)d * 256, n_open[d]);
        if (id < 0) {
            rc = (int)id;
            goto out;
        }
        open[(size_t)(d - 1) * 256 + n_open[d - 1] - 1] |= (uint64_t)id << 9;
        if (pf) pf->child[at[d]] = (uint32_t)id;
    }
    {
        int64_t id = reg_list(r, open, n_open[0]);
        if (id < 0) {
            rc = (int)id;
            goto out;
        }
        *root = (uint32_t)id;
    }
out:
    free(open);
    return rc;
}

/* ==== 2a. The GADDAG from the DAWG's prefixes =============================
 *
 * Building from the sorted paths of section 2 registers a list for every
 * node of the trie of the paths: 3.2 million for ENABLE, most of them
 * below a separator, where the path rev(p) SEP s goes on with the words'
 * endings s after the prefix p.  Those endings are the DAWG's list below
 * p, minimal already.  So the paths are never written out: only rev(p),
 * for each distinct prefix p (388,000 strings for ENABLE where there are
 * 1.57 million paths), sorted and built as in section 2, and when the
 * list after rev(p) is final, the separator's arc is put at its end
 * (SEP is the largest code) with the DAWG's list below p as its child.
 *
 * The register must come out the same, list for list and id for id (the
 * packing's tie-breaks go by id).  Section 2 registers lists in the
 * post-order of the trie, a list new when no equal list came before.
 * The lists below a separator are those of the DAWG's sub-graph below p:
 * import_list walks it in the same post-order and registers each DAWG
 * list the first time it is met (translated: its children's ids made the
 * GADDAG register's), remembering the id; a DAWG list met again is equal
 * to one registered, as its whole sub-trie was in section 2, so its id is
 * the one remembered, and nothing new is registered below it.  Every
 * other list is registered when section 2 registers it. */

/* The GADDAG register's id of the DAWG list l (gid[l], registered with
 * its sub-graph in post-order when first met); scratch holds LEX_MAXD *
 * 256 arcs, depth the recursion's level (the DAWG's lists are at most
 * DLXC_LEX_MAX_LEN deep). */
static int64_t import_list(reg *r, const reg *rd, uint32_t *gid, uint32_t l, uint64_t *scratch,
                           int depth)
{
    if (gid[l]) return gid[l];
    if (depth >= LEX_MAXD) return DLXC_LEX_EINVAL; /* (never: the DAWG is that shallow) */
    const uint64_t *a = rd->arcs + rd->start[l];
    uint32_t n = rd->len[l];
    uint64_t *t = scratch + (size_t)depth * 256;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t c = ARC_CHILD(a[i]);
        int64_t g = 0;
        if (c) {
            g = import_list(r, rd, gid, c, scratch, depth + 1);
            if (g < 0) return g;
        }
        t[i] = (a[i] & 0x1FF) | (uint64_t)g << 9;
    }
    int64_t id = reg_list(r, t, n);
    if (id > 0) gid[l] = (uint32_t)id;
    return id;
}

/* Sort 0-ended strings that agree on their first depth bytes: an MSD
 * radix sort (one counting pass per byte position), insertion sort for
 * small groups.  The order is strcmp's. */
static void radix_sort(const uint8_t **a, int64_t n, int depth, const uint8_t **tmp)
{
    if (n < 24) {
        for (int64_t i = 1; i < n; i++) {
            const uint8_t *x = a[i];
            int64_t j = i;
            while (j > 0 && strcmp((const char *)a[j - 1] + depth, (const char *)x + depth) > 0) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return;
    }
    int64_t count[256] = {0}, start[256];
    for (int64_t i = 0; i < n; i++) count[a[i][depth]]++;
    int64_t sum = 0;
    for (int b = 0; b < 256; b++) {
        start[b] = sum;
        sum += count[b];
    }
    for (int64_t i = 0; i < n; i++) tmp[start[a[i][depth]]++] = a[i];
    memcpy(a, tmp, (size_t)n * sizeof *a);
    int64_t lo = count[0]; /* strings that end here are all equal */
    for (int b = 1; b < 256; b++) {
        if (count[b] > 1) radix_sort(a + lo, count[b], depth + 1, tmp);
        lo += count[b];
    }
}

/* The order of the prefixes' reverses: rev_cmp compares two as strcmp
 * would (a string before its extensions). */
static int rev_cmp(const prefixes *pf, uint32_t a, uint32_t b)
{
    const uint8_t *wa = pf->word[a], *wb = pf->word[b];
    int la = pf->len[a], lb = pf->len[b];
    for (int d = 0;; d++) {
        int ca = d < la ? wa[la - 1 - d] : 0, cb = d < lb ? wb[lb - 1 - d] : 0;
        if (ca != cb || !ca) return ca - cb;
    }
}

/* order[0..n) := the prefix records sorted by their reverses.  With codes
 * under 32 (English), the first 12 letters of each reverse are packed in a
 * 64-bit key, 5 bits a letter from the top, which an LSD radix sort orders
 * in six passes of 10 bits over an array read in turn; the few runs of
 * equal keys (reverses of more than 12 letters that agree on 12) are put
 * in order by rev_cmp.  Otherwise the reverses are written out and sorted
 * as strings. */
typedef struct {
    uint64_t key;
    uint32_t k;
    uint32_t len;
} rev_key;

#define KEY_LETTERS 12
#define KEY_PASSES 6
#define KEY_BITS 10

static int sort_reversed(const prefixes *pf, int n_letters, uint32_t *order)
{
    int64_t n = pf->n;
    if (n_letters < 32) {
        rev_key *a = malloc((size_t)(n ? n : 1) * sizeof *a);
        rev_key *b = malloc((size_t)(n ? n : 1) * sizeof *b);
        uint32_t(*count)[1 << KEY_BITS] = calloc(KEY_PASSES, sizeof *count);
        if (!a || !b || !count) {
            free(a);
            free(b);
            free(count);
            return DLXC_LEX_ENOMEM;
        }
        for (int64_t k = 0; k < n; k++) {
            const uint8_t *w = pf->word[k];
            int l = pf->len[k], m = l < KEY_LETTERS ? l : KEY_LETTERS;
            uint64_t key = 0;
            for (int d = 0; d < m; d++) key |= (uint64_t)w[l - 1 - d] << (59 - 5 * d);
            a[k].key = key;
            a[k].k = (uint32_t)k;
            a[k].len = (uint32_t)l;
            for (int pass = 0; pass < KEY_PASSES; pass++)
                count[pass][(key >> (4 + KEY_BITS * pass)) & ((1 << KEY_BITS) - 1)]++;
        }
        for (int pass = 0; pass < KEY_PASSES; pass++) {
            uint32_t *c = count[pass];
            int shift = 4 + KEY_BITS * pass;
            if (n && c[(a[0].key >> shift) & ((1 << KEY_BITS) - 1)] == (uint64_t)n) continue;
            uint32_t sum = 0;
            for (int v = 0; v < 1 << KEY_BITS; v++) {
                uint32_t x = c[v];
                c[v] = sum;
                sum += x;
            }
            for (int64_t q = 0; q < n; q++)
                b[c[(a[q].key >> shift) & ((1 << KEY_BITS) - 1)]++] = a[q];
            rev_key *t = a;
            a = b;
            b = t;
        }
        for (int64_t q = 0; q < n; q++) order[q] = a[q].k;
        for (int64_t q = 0; q < n;) { /* runs of equal keys */
            int64_t e = q + 1;
            while (e < n && a[e].key == a[q].key) e++;
            for (int64_t x = q + 1; x < e; x++) { /* insertion sort: runs are short */
                uint32_t v = order[x];
                int64_t y = x;
                while (y > q && rev_cmp(pf, order[y - 1], v) > 0) {
                    order[y] = order[y - 1];
                    y--;
                }
                order[y] = v;
            }
            q = e;
        }
        free(a);
        free(b);
        free(count);
        return 0;
    }
    int64_t bytes = 0;
    for (int64_t k = 0; k < n; k++) bytes += pf->len[k] + 1 + 4;
    /* each reverse is 0-ended and follows its record's number */
    uint8_t *buf = malloc((size_t)(bytes ? bytes : 1));
    const uint8_t **s = malloc((size_t)(n ? n : 1) * sizeof *s);
    const uint8_t **tmp = malloc((size_t)(n ? n : 1) * sizeof *tmp);
    if (!buf || !s || !tmp) {
        free(buf);
        free(s);
        free(tmp);
        return DLXC_LEX_ENOMEM;
    }
    uint8_t *p = buf;
    for (int64_t k = 0; k < n; k++) {
        uint32_t k32 = (uint32_t)k;
        memcpy(p, &k32, 4);
        p += 4;
        s[k] = p;
        const uint8_t *w = pf->word[k];
        for (int j = pf->len[k]; j-- > 0;) *p++ = w[j];
        *p++ = 0;
    }
    radix_sort(s, n, 0, tmp);
    for (int64_t q = 0; q < n; q++) memcpy(&order[q], s[q] - 4, 4);
    free(buf);
    free(s);
    free(tmp);
    return 0;
}

/* The GADDAG's register from the prefixes of the DAWG in rd (codes
 * 1..n_letters); *root is the root list's id. */
static int gaddag_from_prefixes(const prefixes *pf, const reg *rd, int n_letters, reg *r,
                                uint32_t *root)
{
    const uint8_t sep = (uint8_t)(n_letters + 1);
    int64_t n = pf->n, bytes = 0;
    for (int64_t k = 0; k < n; k++) bytes += pf->len[k] + 6;
    /* the reverses in order, each after its prefix's DAWG list (4 bytes),
     * length and terminal flag: the construction reads them in turn */
    uint8_t *buf = malloc((size_t)(bytes ? bytes : 1));
    uint32_t *order = malloc((size_t)(n ? n : 1) * sizeof *order);
    uint32_t *gid = calloc((size_t)rd->n_lists, sizeof *gid);
    uint64_t *open = malloc((size_t)LEX_MAXD * 256 * sizeof *open);
    uint64_t *scratch = malloc((size_t)LEX_MAXD * 256 * sizeof *scratch);
    uint32_t n_open[LEX_MAXD], sep_of[LEX_MAXD];
    int rc = 0;
    if (!buf || !order || !gid || !open || !scratch) {
        rc = DLXC_LEX_ENOMEM;
        goto out;
    }
    rc = sort_reversed(pf, n_letters, order);
    if (rc) goto out;
    uint8_t *p = buf;
    for (int64_t q = 0; q < n; q++) {
        if (q + 8 < n) LEX_PREFETCH(pf->word[order[q + 8]]);
        uint32_t k = order[q];
        const uint8_t *w = pf->word[k];
        int l = pf->len[k];
        memcpy(p, &pf->child[k], 4);
        p[4] = (uint8_t)l;
        p[5] = pf->term[k];
        p += 6;
        for (int j = l; j-- > 0;) *p++ = w[j];
    }
    memset(n_open, 0, sizeof n_open);
    memset(sep_of, 0, sizeof sep_of);
    int prev_len = 0;
    const uint8_t *prev = NULL;
    /* the list at depth d is final: the separator's arc after its letters
     * (the node above it ends a prefix that words go on from), then its
     * id into the last arc at depth d-1 */
#define FINISH(d)                                                                                  \
    do {                                                                                           \
        uint64_t *list_ = open + (size_t)(d)*256;                                                  \
        if (sep_of[(d)-1]) {                                                                       \
            int64_t g_ = import_list(r, rd, gid, sep_of[(d)-1], scratch, 0);                       \
            if (g_ < 0) {                                                                          \
                rc = (int)g_;                                                                      \
                goto out;                                                                          \
            }                                                                                      \
            list_[n_open[d]++] = ARC(sep, 0, g_);                                                  \
        }                                                                                          \
        int64_t id_ = reg_list(r, list_, n_open[d]);                                               \
        if (id_ < 0) {                                                                             \
            rc = (int)id_;                                                                         \
            goto out;                                                                              \
        }                                                                                          \
        open[(size_t)((d)-1) * 256 + n_open[(d)-1] - 1] |= (uint64_t)id_ << 9;                     \
        n_open[d] = 0;                                                                             \
    } while (0)
    p = buf;
    for (int64_t q = 0; q < n; q++) {
        uint32_t child;
        memcpy(&child, p, 4);
        int len = p[4], term = p[5], cp = 0;
        const uint8_t *w = p + 6;
        p += 6 + len;
        if (prev)
            while (cp < len && cp < prev_len && w[cp] == prev[cp]) cp++;
        for (int d = prev_len; d > cp; d--) FINISH(d);
        for (int d = cp; d < len; d++) {
            open[(size_t)d * 256 + n_open[d]++] = ARC(w[d], d == len - 1 && term, 0);
            sep_of[d] = 0;
        }
        sep_of[len - 1] = child;
        prev = w;
        prev_len = len;
    }
    for (int d = prev_len; d > 0; d--) FINISH(d);
#undef FINISH
    {
        int64_t id = reg_list(r, open, n_open[0]);
        if (id < 0) {
            rc = (int)id;
            goto out;
        }
        *root = (uint32_t)id;
    }
out:
    free(buf);
    free(order);
    free(gid);
    free(open);
    free(scratch);
    return rc;
}

/* ==== 3. Packing ========================================================== */

/* Tail sharing: a list that is the tail of a longer list needs no nodes
 * of its own, since the longer list's isLastSibling ends it as well.  Lists
 * are taken longest first (then by id); a list found among the tails of a
 * list already kept points into it (owner, offset), any other list is kept
 * and its proper tails are entered in a hash table. */
typedef struct {
    uint32_t *owner; /* list id -> the kept list holding it */
    uint8_t *offset; /* list id -> where in the owner it starts */
} tails;

static int share_tails(const reg *r, tails *t)
{
    int64_t n = r->n_lists;
    int rc = 0;
    t->owner = malloc((size_t)n * sizeof *t->owner);
    t->offset = calloc((size_t)n, 1);
    /* counting sort of the ids by length, longest first (ids ascending) */
    uint32_t *order = malloc((size_t)n * sizeof *order);
    int64_t count[258] = {0};
    /* a slot holds a tail: the high half of its hash, and (owner << 8 |
     * offset) + 1 below, 0 for a free slot; a kept list enters its proper
     * tails, fewer than its arcs */
    uint64_t size = 1;
    while (size < (uint64_t)(r->n_arcs - n) * 2 + 2) size *= 2;
    uint64_t *slot = calloc((size_t)size, sizeof *slot);
    if (!t->owner || !t->offset || !order || !slot) {
        rc = DLXC_LEX_ENOMEM;
        goto out;
    }
    for (int64_t i = 0; i < n; i++) count[256 - r->len[i]]++;
    for (int k = 1; k < 258; k++) count[k] += count[k - 1];
    for (int64_t i = n - 1; i >= 0; i--) order[--count[256 - r->len[i]]] = (uint32_t)i;
    uint64_t th[257]; /* th[k]: the hash of the tail from arc k */
    for (int64_t q = 0; q < n; q++) {
        uint32_t s = order[q];
        const uint64_t *a = r->arcs + r->start[s];
        uint32_t len = r->len[s];
        t->owner[s] = s;
        t->offset[s] = 0;
        if (len == 0) continue;
        th[len] = HASH_EMPTY;
        for (uint32_t k = len; k-- > 0;) th[k] = hash_step(th[k + 1], a[k]);
        int found = 0;
        for (uint32_t k = 0; k < len && !found; k++) {
            /* k = 0: is the list a tail of a list kept?  k > 0: enter its
             * tails not entered yet */
            uint32_t tag = (uint32_t)(th[k] >> 32);
            uint64_t h = tag & (size - 1);
            int seen = 0;
            for (uint64_t v; (v = slot[h]) != 0; h = (h + 1) & (size - 1)) {
                if ((uint32_t)(v >> 32) != tag) continue;
                uint32_t ref = (uint32_t)v - 1, o = ref >> 8, off = ref & 0xFF;
                if (r->len[o] - off == len - k &&
                    same_arcs(r->arcs + r->start[o] + off, a + k, len - k)) {
                    seen = 1;
                    if (k == 0) {
                        t->owner[s] = o;
                        t->offset[s] = (uint8_t)off;
                        found = 1;
                    }
                    break;
                }
            }
            if (!seen && k > 0) slot[h] = (uint64_t)tag << 32 | ((s << 8 | k) + 1);
        }
    }
out:
    free(order);
    free(slot);
    return rc;
}

static int pack(const reg *r, uint32_t root, uint32_t **nodes, int64_t *n_nodes)
{
    tails t = {NULL, NULL};
    uint32_t *pos = calloc((size_t)r->n_lists, sizeof *pos);
    uint32_t *queue = malloc((size_t)r->n_lists * sizeof *queue);
    uint32_t *out = NULL, *stack = NULL;
    int rc = share_tails(r, &t);
    if (!rc && (!pos || !queue)) rc = DLXC_LEX_ENOMEM;
    if (rc) goto done;
    /* depth-first pre-order: a list is placed when the walk first enters
     * it, so a word's lists lie close together in memory */
    int64_t tail = 0, next = 1, top = 0;
    uint32_t o = t.owner[root];
    stack = malloc((size_t)(r->n_arcs + 1) * sizeof *stack);
    if (!stack) {
        rc = DLXC_LEX_ENOMEM;
        goto done;
    }
    stack[top++] = o;
    while (top > 0) {
        uint32_t s = stack[--top];
        if (pos[s]) continue;
        if (next >= DLXC_LEX_MAX_NODES) {
            rc = DLXC_LEX_ETOOBIG;
            goto done;
        }
        pos[s] = (uint32_t)next;
        next += r->len[s];
        queue[tail++] = s;
        const uint64_t *a = r->arcs + r->start[s];
        for (uint32_t i = r->len[s]; i-- > 0;) {
            uint32_t c = ARC_CHILD(a[i]);
            if (c && !pos[t.owner[c]]) stack[top++] = t.owner[c];
        }
    }
    if (next > DLXC_LEX_MAX_NODES) {
        rc = DLXC_LEX_ETOOBIG;
        goto done;
    }
    out = malloc((size_t)next * sizeof *out);
    if (!out) {
        rc = DLXC_LEX_ENOMEM;
        goto done;
    }
    out[0] = LEX_NODE(0, pos[o] + t.offset[root], 0, 1);
    for (int64_t q = 0; q < tail; q++) {
        uint32_t s = queue[q];
        const uint64_t *a = r->arcs + r->start[s];
        for (uint32_t i = 0; i < r->len[s]; i++) {
            uint32_t c = ARC_CHILD(a[i]);
            uint32_t at = c ? pos[t.owner[c]] + t.offset[c] : 0;
            out[pos[s] + i] = LEX_NODE(ARC_LETTER(a[i]), at, ARC_TERM(a[i]), i == r->len[s] - 1);
        }
    }
    *nodes = out;
    *n_nodes = next;
    out = NULL;
done:
    free(stack);
    free(t.owner);
    free(t.offset);
    free(pos);
    free(queue);
    free(out);
    return rc;
}

/* ==== 4. The entry points =============================================== */

/* Pointers to the 0-ended words of buf[0..len); the last must be ended. */
static int split_words(const uint8_t *buf, int64_t len, const uint8_t ***words, int64_t *n)
{
    if (len < 0 || (len > 0 && buf[len - 1] != 0)) return DLXC_LEX_EINVAL;
    int64_t count = 0;
    for (int64_t i = 0; i < len; i++) count += buf[i] == 0;
    const uint8_t **w = malloc((size_t)(count ? count : 1) * sizeof *w);
    if (!w) return DLXC_LEX_ENOMEM;
    int64_t k = 0;
    for (int64_t i = 0; i < len;) {
        if (buf[i] == 0) {
            free(w);
            return DLXC_LEX_EINVAL;
        } /* an empty word */
        w[k++] = buf + i;
        while (buf[i]) i++;
        i++;
    }
    *words = w;
    *n = k;
    return 0;
}

static int build(const uint8_t *const *words, int64_t n, int max_code, int max_len,
                 uint32_t **nodes, int64_t *n_nodes)
{
    reg r;
    uint32_t root = 0;
    int rc = reg_init(&r, n / 4); /* ENABLE's DAWG: 0.31 lists a word */
    if (!rc) rc = build_sorted(words, n, max_code, max_len, &r, &root, NULL);
    if (!rc) rc = pack(&r, root, nodes, n_nodes);
    reg_free(&r);
    return rc;
}

/* The DAWG (when dawg is not NULL) and the GADDAG (when gaddag is not
 * NULL) of words[0..n): distinct code strings 1..n_letters, at most
 * DLXC_LEX_MAX_LEN long, in increasing order.  The GADDAG is built from
 * the DAWG's register (section 2a), so that is built either way. */
static int build_both(const uint8_t *const *words, int64_t n, int n_letters, uint32_t **dawg,
                      int64_t *n_dawg, uint32_t **gaddag, int64_t *n_gaddag)
{
    reg rd, rg;
    prefixes pf;
    uint32_t droot = 0, groot = 0;
    uint32_t *d = NULL;
    memset(&pf, 0, sizeof pf);
    memset(&rg, 0, sizeof rg);
    int rc = reg_init(&rd, n / 4);
    if (!rc)
        rc = build_sorted(words, n, n_letters, DLXC_LEX_MAX_LEN, &rd, &droot, gaddag ? &pf : NULL);
    if (!rc && dawg) rc = pack(&rd, droot, &d, n_dawg);
    if (!rc && gaddag) {
        rc = reg_init(&rg, pf.n); /* ENABLE's GADDAG: 1.08 lists a prefix */
        if (!rc) rc = gaddag_from_prefixes(&pf, &rd, n_letters, &rg, &groot);
        if (!rc) rc = pack(&rg, groot, gaddag, n_gaddag);
    }
    reg_free(&rd);
    reg_free(&rg);
    prefixes_free(&pf);
    if (rc) {
        free(d);
        return rc;
    }
    if (dawg) *dawg = d;
    return 0;
}

int dlxc_lex_build_dawg(const uint8_t *words, int64_t len, int32_t n_letters, uint32_t **nodes,
                        int64_t *n_nodes)
{
    if (!words || !nodes || !n_nodes || n_letters < 1 || n_letters > 254) return DLXC_LEX_EINVAL;
    const uint8_t **w;
    int64_t n;
    int rc = split_words(words, len, &w, &n);
    if (rc) return rc;
    rc = build(w, n, n_letters, DLXC_LEX_MAX_LEN, nodes, n_nodes);
    free(w);
    return rc;
}

/* Sort the pointers words[0..n) to 0-ended strings in strcmp's order:
 * at once when they are in order already (a word list usually is). */
static int sort_words(const uint8_t **words, int64_t n)
{
    int64_t k = 1;
    while (k < n && strcmp((const char *)words[k - 1], (const char *)words[k]) < 0) k++;
    if (k >= n) return 0;
    const uint8_t **tmp = malloc((size_t)n * sizeof *tmp);
    if (!tmp) return DLXC_LEX_ENOMEM;
    radix_sort(words, n, 0, tmp);
    free(tmp);
    return 0;
}

int dlxc_lex_build_gaddag(const uint8_t *words, int64_t len, int32_t n_letters, uint32_t **nodes,
                          int64_t *n_nodes)
{
    if (!words || !nodes || !n_nodes || n_letters < 1 || n_letters > 254) return DLXC_LEX_EINVAL;
    const uint8_t **w;
    int64_t n;
    int rc = split_words(words, len, &w, &n);
    if (rc) return rc;
    for (int64_t k = 0; k < n && !rc; k++)
        if (strlen((const char *)w[k]) > DLXC_LEX_MAX_LEN) rc = DLXC_LEX_ELONG;
    for (int64_t k = 0; k < n && !rc; k++)
        for (const uint8_t *c = w[k]; *c; c++)
            if (*c > n_letters) rc = DLXC_LEX_EINVAL;
    if (!rc && n == 0) rc = DLXC_LEX_EEMPTY;
    if (!rc) rc = sort_words(w, n);
    for (int64_t k = 1; k < n && !rc; k++)
        if (strcmp((const char *)w[k - 1], (const char *)w[k]) == 0) rc = DLXC_LEX_EINVAL;
    if (!rc) rc = build_both(w, n, n_letters, NULL, NULL, nodes, n_nodes);
    free(w);
    return rc;
}

/* ==== 5. From a word list's text ==========================================
 *
 * The whole way from the bytes of a word list to both graphs, for the
 * lists most are: lines of ASCII letters.  A line is ended by LF, CR or
 * CRLF; spaces and tabs around it are dropped; a blank line and a line
 * whose first character is # say nothing.  Each other line must be
 * letters only, at most DLXC_LEX_MAX_LEN of them; it is folded to lower
 * case.  Codes are given to the letters used in alphabetical order, the
 * words are sorted (unless they are in order already) and repeats
 * dropped.  Any other line (a digit, a hyphen, a byte that is not ASCII,
 * a word too long) and a list without words make it answer
 * DLXC_LEX_EINVAL, and the caller reads the list the long way, which
 * says what is wrong where, skips what it may skip and folds Unicode. */
int dlxc_lex_build_text(const uint8_t *text, int64_t len, int32_t gaddag, dlxc_lex_text_build *out)
{
    if (!text || len < 0 || !out) return DLXC_LEX_EINVAL;
    memset(out, 0, sizeof *out);
    uint8_t *buf = malloc((size_t)len + 1);
    int64_t cap = 1 << 14, n = 0;
    const uint8_t **w = malloc((size_t)cap * sizeof *w);
    uint32_t *dawg = NULL, *gad = NULL;
    int64_t n_dawg = 0, n_gad = 0;
    int rc = 0;
    if (!buf || !w) {
        rc = DLXC_LEX_ENOMEM;
        goto out;
    }
    uint32_t seen = 0; /* the letters used: bit 0 for a */
    uint8_t *p = buf;
    int max_len = 0;
    for (int64_t i = 0; i < len;) {
        int64_t e = i;
        while (e < len && text[e] != '\n' && text[e] != '\r') e++;
        int64_t a = i, b = e;
        i = e + 1;
        while (a < b && (text[a] == ' ' || text[a] == '\t')) a++;
        while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t')) b--;
        if (a == b || text[a] == '#') continue;
        if (b - a > DLXC_LEX_MAX_LEN) {
            rc = DLXC_LEX_EINVAL;
            goto out;
        }
        if (n == cap) {
            cap *= 2;
            const uint8_t **w2 = realloc(w, (size_t)cap * sizeof *w2);
            if (!w2) {
                rc = DLXC_LEX_ENOMEM;
                goto out;
            }
            w = w2;
        }
        w[n++] = p;
        for (int64_t k = a; k < b; k++) {
            unsigned c = text[k] | 0x20u; /* lower case for letters */
            if (c - 'a' > 'z' - 'a') {
                rc = DLXC_LEX_EINVAL;
                goto out;
            }
            seen |= 1u << (c - 'a');
            *p++ = (uint8_t)c;
        }
        *p++ = 0;
        if (b - a > max_len) max_len = (int)(b - a);
    }
    if (n == 0) {
        rc = DLXC_LEX_EINVAL; /* the long way says why */
        goto out;
    }
    uint8_t code[256];
    int n_letters = 0;
    memset(code, 0, sizeof code);
    for (int c = 0; c < 26; c++)
        if (seen >> c & 1) {
            code['a' + c] = (uint8_t)++n_letters;
            out->letters[n_letters - 1] = (uint8_t)('a' + c);
        }
    for (uint8_t *q = buf; q < p; q++) *q = code[*q];
    rc = sort_words(w, n);
    if (rc) goto out;
    int64_t kept = 1;
    for (int64_t k = 1; k < n; k++)
        if (strcmp((const char *)w[kept - 1], (const char *)w[k]) != 0) w[kept++] = w[k];
    rc = build_both(w, kept, n_letters, &dawg, &n_dawg, gaddag ? &gad : NULL, &n_gad);
    if (rc) goto out;
    out->dawg = dawg;
    out->n_dawg = n_dawg;
    out->gaddag = gad;
    out->n_gaddag = n_gad;
    out->words = kept;
    out->max_len = max_len;
    out->n_letters = n_letters;
out:
    free(buf);
    free(w);
    return rc;
}

void dlxc_lex_array_free(uint32_t *nodes) { free(nodes); }

int dlxc_lex_validate(const uint32_t *nodes, int64_t n_nodes, int32_t max_letter)
{
    if (!nodes || n_nodes < 2 || n_nodes > DLXC_LEX_MAX_NODES || max_letter < 1 || max_letter > 255)
        return DLXC_LEX_ECORRUPT;
    if (LEX_LETTER(nodes[0]) != 0 || !LEX_LAST(nodes[0]) || LEX_TERMINAL(nodes[0]) ||
        LEX_CHILD(nodes[0]) == 0 || !LEX_LAST(nodes[n_nodes - 1]))
        return DLXC_LEX_ECORRUPT;
    for (int64_t i = 0; i < n_nodes; i++) {
        uint32_t x = nodes[i];
        if ((int64_t)LEX_CHILD(x) >= n_nodes) return DLXC_LEX_ECORRUPT;
        if (i == 0) continue;
        int l = LEX_LETTER(x);
        if (l < 1 || l > max_letter) return DLXC_LEX_ECORRUPT;
        if (!LEX_LAST(x) && LEX_LETTER(nodes[i + 1]) <= l) return DLXC_LEX_ECORRUPT;
        if (LEX_CHILD(x) == 0 && !LEX_TERMINAL(x)) return DLXC_LEX_ECORRUPT; /* a dead end */
    }
    int64_t words;
    int32_t max_len;
    return dlxc_lex_measure(nodes, n_nodes, &words, &max_len);
}

/* The words of a graph and its longest word, by one depth-first walk over
 * its sibling lists (a list is named by the index of its first node) that
 * refuses a cycle: a list met again while it is still being walked.  The
 * walk is iterative (a crafted graph may be deep), each list is walked
 * once, and word counts saturate at INT64_MAX.  Call it on an array whose
 * nodes passed validate's per-node checks. */
int dlxc_lex_measure(const uint32_t *nodes, int64_t n_nodes, int64_t *words, int32_t *max_len)
{
    uint8_t *state = calloc((size_t)n_nodes, 1); /* 0 unseen, 1 on the walk, 2 done */
    int64_t *count = malloc((size_t)n_nodes * sizeof *count);
    int32_t *longest = malloc((size_t)n_nodes * sizeof *longest);
    int64_t *stack = malloc((size_t)n_nodes * 2 * sizeof *stack); /* (list, next node) pairs */
    int rc = 0;
    if (!state || !count || !longest || !stack) {
        rc = DLXC_LEX_ENOMEM;
        goto out;
    }
    int64_t top = 0, root = LEX_CHILD(nodes[0]);
    state[root] = 1;
    stack[0] = root;
    stack[1] = root;
    top = 1;
    while (top) {
        int64_t list = stack[2 * top - 2], at = stack[2 * top - 1];
        if (at >= 0) { /* go on along the list: descend into the next child */
            uint32_t x = nodes[at];
            stack[2 * top - 1] = LEX_LAST(x) ? -1 : at + 1;
            int64_t c = LEX_CHILD(x);
            if (c == 0 || state[c] == 2) continue;
            if (state[c] == 1) {
                rc = DLXC_LEX_ECORRUPT; /* a cycle: no finite word list has it */
                goto out;
            }
            state[c] = 1;
            stack[2 * top] = c;
            stack[2 * top + 1] = c;
            top++;
            continue;
        }
        /* the list is done: its words and longest word from its children's */
        int64_t n = 0;
        int32_t len = 0;
        for (int64_t k = list;; k++) {
            uint32_t x = nodes[k];
            int64_t c = LEX_CHILD(x), below = LEX_TERMINAL(x) ? 1 : 0;
            if (c) below = count[c] > INT64_MAX - below ? INT64_MAX : below + count[c];
            n = below > INT64_MAX - n ? INT64_MAX : n + below;
            int32_t l = c ? longest[c] + 1 : 1;
            if (l > len) len = l;
            if (LEX_LAST(x)) break;
        }
        count[list] = n;
        longest[list] = len;
        state[list] = 2;
        top--;
    }
    *words = count[root];
    *max_len = longest[root];
out:
    free(state);
    free(count);
    free(longest);
    free(stack);
    return rc;
}
