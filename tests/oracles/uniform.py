"""Checks of uniform draws: the chi-square statistic of a sample against
equal chances, and its 0.999 quantiles (written down, since scipy is no test
dependency; ``chi2_cdf`` computes the distribution to check them)."""

from __future__ import annotations

import math
from collections import Counter

# chi2.ppf(0.999, df) from scipy 1.17, written down because scipy is no
# test dependency; test_chi2_table checks them with a series of its own
CHI2_999 = {3: 16.266236, 91: 138.437864, 111: 162.788463, 135: 191.519567}


def chi2_threshold(df: int) -> float:
    return CHI2_999[df]


def chi2_cdf(x: float, df: int) -> float:
    """P(X <= x) for X chi-square with ``df`` degrees of freedom: the
    regularized lower incomplete gamma function P(df/2, x/2), by its series
    sum of z^n / (a (a+1) ... (a+n)), times z^a e^-z / Gamma(a)."""
    a, z = df / 2, x / 2
    term = total = 1 / a
    n = 0
    while term > 1e-17 * total:
        n += 1
        term *= z / (a + n)
        total += term
    return math.exp(a * math.log(z) - z - math.lgamma(a)) * total


def chi_square(draws, n_solutions) -> float:
    counts = Counter(frozenset(d) for d in draws)
    expected = len(draws) / n_solutions
    return sum((counts.get(k, 0) - expected) ** 2 / expected for k in counts) + expected * (
        n_solutions - len(counts)
    )
