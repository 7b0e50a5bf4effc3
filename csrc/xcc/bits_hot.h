/* bits_hot.h -- the inner loops of csrc/xcc/bits.c, included there twice:
 * once compiled for the popcnt instruction (chosen at run time on x86),
 * once for any processor.  Before each inclusion bits.c defines HOT (the
 * suffix of the names), HOT_ATTR (the target attribute) and POPCOUNT.
 * Not a header of its own: it holds no CDEF part and no declarations for
 * other files.
 */
#define HOT_NAME2(a, b) a##_##b
#define HOT_NAME(a, b) HOT_NAME2(a, b)

/* C3: the uncovered primary item (a bit of u) with the fewest active
 * options (bits of a inside its M list), the leftmost on ties; its size
 * goes to *size.  A size of 0 ends the scan: nothing can beat it. */
HOT_ATTR static int32_t HOT_NAME(choose, HOT)(const dlxc_bits *s, const uint64_t *a,
                                              const uint64_t *u, int32_t *size)
{
    const int32_t *kw = s->kw, *mlo = s->mlo;
    const uint64_t *km = s->km;
    int32_t best = -1, t = INT32_MAX, j;
    if (s->dm) { /* at most four words of options: every item's M as four words */
        const uint64_t *dm = s->dm;
        for (j = 0; j < s->pw; j++) {
            uint64_t bits = u[j];
            while (bits) {
                int32_t p = j * 64 + __builtin_ctzll(bits), n;
                const uint64_t *m = dm + 4 * (int64_t)p;
                bits &= bits - 1;
                n = (int32_t)(POPCOUNT(a[0] & m[0]) + POPCOUNT(a[1] & m[1]) +
                              POPCOUNT(a[2] & m[2]) + POPCOUNT(a[3] & m[3]));
                if (n < t) {
                    t = n;
                    best = p;
                    if (t == 0) goto out;
                }
            }
        }
        goto out;
    }
    for (j = 0; j < s->pw; j++) {
        uint64_t bits = u[j];
        while (bits) {
            int32_t p = j * 64 + __builtin_ctzll(bits), e, end = mlo[p + 1], n = 0;
            bits &= bits - 1;
            for (e = mlo[p]; e < end; e++) n += (int32_t)POPCOUNT(a[kw[e]] & km[e]);
            if (n < t) {
                t = n;
                best = p;
                if (t == 0) goto out;
            }
        }
    }
out:
    *size = t;
    return best;
}

/* commit option o: a1 = a0 without the options o kills, u1 = u0 without
 * o's primary items (no popcount here: see the Intro on updates) */
HOT_ATTR static void HOT_NAME(commit, HOT)(const dlxc_bits *s, int32_t o, const uint64_t *a0,
                                           uint64_t *a1, const uint64_t *u0, uint64_t *u1)
{
    const int32_t *kw = s->kw;
    const uint64_t *km = s->km;
    int32_t k, end = s->ostart[o + 1];
    if (s->dk) { /* the option's kill lists merged into one dense row */
        const uint64_t *dk = s->dk + (int64_t)o * s->nw, *dp = s->dp + (int64_t)o * s->pw;
        int32_t w, nw = s->nw, pw = s->pw;
        for (w = 0; w < nw; w++) a1[w] = a0[w] & ~dk[w];
        for (w = 0; w < pw; w++) u1[w] = u0[w] & ~dp[w];
        return;
    }
    memcpy(a1, a0, (size_t)s->nw * sizeof *a1);
    memcpy(u1, u0, (size_t)s->pw * sizeof *u1);
    for (k = s->ostart[o]; k < end; k++) {
        int32_t e, hi = s->nhi[k], p = s->npri[k];
        for (e = s->nlo[k]; e < hi; e++) a1[kw[e]] &= ~km[e];
        if (p >= 0) u1[p >> 6] &= ~(UINT64_C(1) << (p & 63));
    }
}

/* the number of active options of item p (the last level's solutions),
 * from entry e on, whose word's untried options are rem */
HOT_ATTR static uint64_t HOT_NAME(leaf_count, HOT)(const dlxc_bits *s, const uint64_t *a, int32_t p,
                                                   int32_t e, uint64_t rem)
{
    uint64_t n = POPCOUNT(rem);
    int32_t end = s->mlo[p + 1];
    for (e++; e < end; e++) n += POPCOUNT(a[s->kw[e]] & s->km[e]);
    return n;
}

#undef HOT_NAME
#undef HOT_NAME2
