/* mcc_hot.h -- the choice of item of csrc/xcc/mcc.c's bitset mode,
 * included there twice: once compiled for the popcnt instruction (chosen
 * at run time on x86), once for any processor, as bits_hot.h is for
 * bits.c.  Before each inclusion mcc.c defines HOT (the suffix of the
 * name), HOT_ATTR (the target attribute) and POPCOUNT.  Not a header of
 * its own: it holds no CDEF part and no declarations for other files.
 */
#define HOT_NAME2(a, b) a##_##b
#define HOT_NAME(a, b) HOT_NAME2(a, b)

/* M3 over bitsets: the active primary item of least branching degree
 * len + s - bound + 1 (len = |L & M_p|, s = min(slack, bound)), ties to
 * the smaller s, then the longer list, then the leftmost item, as the
 * links walk's choose: the least key kb[p] + (len << 40) - len (see
 * set_key), the first of equal ones, passing over the items with no
 * option left that need none (see choose in mcc.c), which leave this
 * level's U (lists only shrink and bounds only fall below it, so they
 * stay so in the subtree); *score = INFTY when no item is active, and a
 * degree of 0 or less ends the scan (the level is a dead end whichever
 * item it names).  *len is the chosen item's list length, *n_active the
 * number of items weighed (all of them unless the scan ended early). */
HOT_ATTR static int32_t HOT_NAME(bits_choose, HOT)(mbits *b, int32_t level, int32_t *score,
                                                   int32_t *len, int32_t *n_active)
{
    const int32_t nw = b->nw, pw = b->pw;
    const uint64_t *a = b->L + (int64_t)level * nw, *M = b->M, *kb = b->kb;
    const uint64_t dead = (uint64_t)(KEY_OFF + 1) << 40, idle = dead;
    uint64_t *u = b->U + (int64_t)level * pw, top = UINT64_MAX;
    int32_t best = -1, n = 0, j;
    for (j = 0; j < pw; j++) {
        uint64_t bits = u[j];
        while (bits) {
            int32_t p = j * 64 + __builtin_ctzll(bits);
            const uint64_t *m = M + (int64_t)p * nw;
            uint64_t ln, key;
            bits &= bits - 1;
            if (nw == 1) ln = POPCOUNT(a[0] & m[0]);
            else if (nw == 2) ln = POPCOUNT(a[0] & m[0]) + POPCOUNT(a[1] & m[1]);
            else {
                int32_t w;
                ln = 0;
                for (w = 0; w < nw; w++) ln += POPCOUNT(a[w] & m[w]);
            }
            if (ln == 0 && kb[p] >= idle) { /* empty, needs nothing: gone for good */
                u[j] &= ~(UINT64_C(1) << (p & 63));
                continue;
            }
            n++;
            key = kb[p] + (ln << 40) - ln;
            if (key < top) {
                top = key;
                best = p;
                if (key < dead) goto out;
            }
        }
    }
out:
    *n_active = n;
    if (best < 0) {
        *score = INFTY;
        *len = 0;
    } else {
        *score = (int32_t)(top >> 40) - KEY_OFF;
        *len = (int32_t)(0xFFFFF - (top & 0xFFFFF));
    }
    return best;
}

#undef HOT_NAME
#undef HOT_NAME2
