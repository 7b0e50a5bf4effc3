"""The one random number generator of dlxc: splitmix64, as in C.

Every engine that draws at random (the XCC engines' tie-breaks and uniform
samples, the estimator's probes, the crossword filler's shuffles and
restarts, the free-form layout's pool order) draws from ``splitmix64``
here, and its C side from ``csrc/base/splitmix64.h``, so that one seed
gives one search on both backends.  ``fresh_seed`` draws a seed for a run
that was given none.
"""

from __future__ import annotations

import os

MASK64 = (1 << 64) - 1


def splitmix64(state: int) -> tuple[int, int]:
    """One step of Vigna's splitmix64: (new state, output), as in C."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def uniform_below(state: int, n: int) -> tuple[int, int]:
    """(new state, r) with r uniform in range(n), rejecting below 2^64 mod n."""
    t = (1 << 64) % n
    while True:
        state, r = splitmix64(state)
        if r >= t:
            return state, r % n


def shuffled(n: int, seed: int) -> list[int]:
    """0..n-1 in the Fisher-Yates order of splitmix64(seed)."""
    perm = list(range(n))
    state = seed & MASK64
    for i in range(n - 1, 0, -1):
        state, z = splitmix64(state)
        j = z % (i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    return perm


def fresh_seed() -> int:
    """63 random bits from the system's source, what secrets.randbits(63)
    gives, without importing secrets (and hmac and hashlib with it): every
    command imports this module, and those imports cost it a few
    milliseconds."""
    return int.from_bytes(os.urandom(8), "little") >> 1
