/* lexicon_int.h -- what the lexicon's .c files share and nobody else sees. */
#ifndef DLXC_LEXICON_INT_H
#define DLXC_LEXICON_INT_H
#include <stdint.h>
#include "lexicon.h"

#define LEX_LETTER(n) ((int)((n) & 0xFFu))
#define LEX_CHILD(n) (((n) >> 8) & 0x3FFFFFu)
#define LEX_TERMINAL(n) (((n) >> 30) & 1u)
#define LEX_LAST(n) ((n) >> 31)
#define LEX_NODE(letter, child, term, last) \
    ((uint32_t)(letter) | ((uint32_t)(child) << 8) | ((uint32_t)(term) << 30) | ((uint32_t)(last) << 31))

/* the deepest walk: a GADDAG path is a word plus the separator */
#define LEX_MAXD (DLXC_LEX_MAX_LEN + 2)

struct dlxc_lex {
    uint32_t *dawg;
    int64_t n_dawg;
    uint32_t *gaddag;     /* NULL when the lexicon has none */
    int64_t n_gaddag;
    int32_t n_letters;    /* codes 1..n_letters; n_letters+1 is the separator */
    uint8_t ascii[256];
    uint32_t root_arc[256];  /* code -> its arc in the DAWG's root list, or 0 */
};

/* The arc of letter c in the sibling list starting at i, or 0. */
static inline uint32_t lex_find(const uint32_t *g, uint32_t i, int c)
{
    if (i == 0) return 0;
    for (;; i++) {
        uint32_t n = g[i];
        int l = LEX_LETTER(n);
        if (l == c) return i;
        if (l > c || LEX_LAST(n)) return 0;
    }
}

#endif
