/* splitmix64.h: the one random number generator of dlxc's C engines.
 *
 * Vigna's splitmix64: a 64-bit state advanced by a constant, and an output
 * mixed from it.  Every engine that draws (the XCC engine's random
 * tie-break, the crossword filler's shuffles and jitter, the free-form
 * layout's pool order) draws from this one function, and the Python mirrors
 * from dlxc.base.rng.splitmix64, so that a seed gives the same search on both
 * backends. */
#ifndef DLXC_SPLITMIX64_H
#define DLXC_SPLITMIX64_H

#include <stdint.h>

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

#endif
