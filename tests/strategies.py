"""Hypothesis strategies that several test files share: random XCC problems
in which residual states repeat (memo, split counts), and word searches on
small grids over tiny alphabets (shared colors everywhere)."""

from __future__ import annotations

import warnings

from hypothesis import strategies as st

from dlxc import Colored, Problem, ProblemWarning
from dlxc.models.wordsearch import DIRECTIONS, word_search_problem


def quiet(build, *args, **kwargs) -> Problem:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProblemWarning)
        return build(*args, **kwargs)


# ---- strategies: problems where residual states repeat ----------------------

@st.composite
def colored_problems(draw):
    """Random XCC problems with up to 24 options, so that many branches
    lead to the same residual problem."""
    n_primary = draw(st.integers(1, 6))
    n_secondary = draw(st.integers(0, 7))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"x{i}" for i in range(n_secondary)]
    colors = ["red", "blue", "green"][:draw(st.integers(1, 3))]
    options = []
    for _ in range(draw(st.integers(0, 24))):
        prim = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        sec = draw(st.dictionaries(st.sampled_from(secondary), st.sampled_from([None] + colors),
                                   max_size=4)) if secondary else {}
        entries = prim + [x if c is None else Colored(x, c) for x, c in sec.items()]
        options.append(draw(st.permutations(entries)))
    return quiet(Problem, primary, secondary, options, name="<generated>")


@st.composite
def small_word_searches(draw, side=4):
    """Word searches on small grids (at most side x side) over a two- or
    three-letter alphabet: crossings (shared colors) everywhere."""
    rows = draw(st.integers(2, side))
    cols = draw(st.integers(2, side))
    alphabet = draw(st.sampled_from(["AB", "ABC"]))
    words = draw(st.lists(st.text(alphabet, min_size=2, max_size=3), min_size=2, max_size=4,
                          unique=True))
    dirs = draw(st.lists(st.sampled_from(list(DIRECTIONS)), min_size=1, unique=True))
    return quiet(word_search_problem, rows, cols, words, dirs)
