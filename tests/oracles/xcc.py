"""A brute-force oracle for XCC, independent of dancing links.

It reads a problem through its public face only (item names and the option
entries of ``problem.options``), never through the engine's arrays, and
checks the definition of a solution in docs/design/xcc.md §1 literally:

- every primary item is in exactly one chosen option;
- every secondary item is in no chosen option, or in exactly one with no
  color, or in any number of them that all give it the same color (so an
  uncolored use together with any other use is a conflict);
- options without a primary item are never chosen (the engine ignores them).

Two enumerations are offered.  ``all_subsets`` tries every subset of the
options and is obviously complete, but exponential in the number of
options.  ``solutions`` only enumerates sets of options whose primary items
partition the primary items (every solution is one of those: recursion on
the first primary item not yet covered, trying each option that contains it
and no primary item already covered), then applies the same full check.
The tests check that the two agree.  Neither is fast; both are meant to be
easy to believe.
"""

from __future__ import annotations

from itertools import combinations
from typing import Optional

Solution = frozenset  # of option indices into problem.options


def parse_entry(entry) -> tuple[str, Optional[str]]:
    """(item, color) of an option entry; color None when uncolored."""
    if isinstance(entry, str):
        return entry, None
    item, color = entry
    return item, color


def _options(problem) -> list[list[tuple[str, Optional[str]]]]:
    return [[parse_entry(e) for e in option] for option in problem.options]


def is_solution(problem, chosen) -> bool:
    """Whether the options with indices ``chosen`` form a solution of
    ``problem`` by the definition (see the module docstring)."""
    return _check(problem.primary, problem.secondary, _options(problem), chosen)


def _check(primary_items, secondary_items, options, chosen) -> bool:
    primary = set(primary_items)
    chosen = list(chosen)
    if len(set(chosen)) != len(chosen):
        return False
    for j in chosen:
        if not any(item in primary for item, _ in options[j]):
            return False  # the engine never uses an option without a primary item
    for item in primary_items:
        if sum(1 for j in chosen for it, _ in options[j] if it == item) != 1:
            return False
    for item in secondary_items:
        uses = [color for j in chosen for it, color in options[j] if it == item]
        if len(uses) <= 1:
            continue  # unused, or used once (colored or not)
        if any(color is None for color in uses):
            return False  # an uncolored use shares the item with another use
        if len(set(uses)) != 1:
            return False  # two different colors
    return True


def all_subsets(problem) -> set[Solution]:
    """Every subset of the options that is a solution (exponential: tiny
    problems only)."""
    n = len(problem.options)
    if n > 16:
        raise ValueError(f"all_subsets would try 2**{n} subsets")
    options = _options(problem)
    found = set()
    for size in range(n + 1):
        for chosen in combinations(range(n), size):
            if _check(problem.primary, problem.secondary, options, chosen):
                found.add(frozenset(chosen))
    return found


def solutions(problem) -> set[Solution]:
    """All solutions, by recursion over the first primary item not yet
    covered, each candidate checked in full by ``is_solution``."""
    options = _options(problem)
    primary = list(problem.primary)
    primary_set = set(primary)
    prim_of = [frozenset(it for it, _ in opt if it in primary_set) for opt in options]
    found: set[Solution] = set()

    def extend(chosen: list[int], covered: frozenset) -> None:
        uncovered = [p for p in primary if p not in covered]
        if not uncovered:
            if _check(problem.primary, problem.secondary, options, chosen):
                found.add(frozenset(chosen))
            return
        first = uncovered[0]
        for j, prims in enumerate(prim_of):
            if first in prims and not (prims & covered):
                chosen.append(j)
                extend(chosen, covered | prims)
                chosen.pop()

    extend([], frozenset())
    return found
