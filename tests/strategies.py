"""Hypothesis strategies that several test files share: random XCC problems
in which residual states repeat (memo, split counts), small random XCC
problems for the engines beside DLX2's (with ``run_to_end``, which runs an
engine on one), and word searches on small grids over tiny alphabets
(shared colors everywhere)."""

from __future__ import annotations

import warnings

from hypothesis import strategies as st

from dlxc import Colored, Problem, ProblemWarning
from dlxc.models.wordsearch import DIRECTIONS, word_search_problem
from dlxc.xcc.engines import make_solver


def quiet(build, *args, **kwargs) -> Problem:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProblemWarning)
        return build(*args, **kwargs)


# ---- small problems for one engine, and a run of it -------------------------


@st.composite
def small_xcc_problems(draw, colored=True, max_options=12):
    """Random XCC problems: up to 5 primary and 4 secondary items, options
    of 1-3 primary and up to 3 secondary items, colored from 2 colors."""
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(0, 4))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    options = []
    for _ in range(draw(st.integers(0, max_options))):
        prims = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        secs = (
            draw(st.lists(st.sampled_from(secondary), max_size=3, unique=True)) if secondary else []
        )
        options.append(
            prims
            + [
                (s, draw(st.sampled_from("ab"))) if colored and draw(st.booleans()) else s
                for s in secs
            ]
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Problem(primary, secondary, options)


def run_to_end(problem, backend, strategy="dlx2", budget=1 << 40, room=0, count_only=False):
    """(the solutions listed, or None with ``count_only``; the statistics)
    of one engine run to the end in calls of ``budget`` nodes and at most
    ``room`` solutions each (0: no limit)."""
    solver = make_solver(
        backend, len(problem.primary), len(problem.items), problem.live_arrays(), None, strategy
    )
    out = None if count_only else []
    while solver.run(budget, out, room):
        pass
    return out, solver.stats()


# ---- strategies: problems where residual states repeat ----------------------


@st.composite
def colored_problems(draw):
    """Random XCC problems with up to 24 options, so that many branches
    lead to the same residual problem."""
    n_primary = draw(st.integers(1, 6))
    n_secondary = draw(st.integers(0, 7))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"x{i}" for i in range(n_secondary)]
    colors = ["red", "blue", "green"][: draw(st.integers(1, 3))]
    options = []
    for _ in range(draw(st.integers(0, 24))):
        prim = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        sec = (
            draw(
                st.dictionaries(
                    st.sampled_from(secondary), st.sampled_from([None] + colors), max_size=4
                )
            )
            if secondary
            else {}
        )
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
    words = draw(
        st.lists(st.text(alphabet, min_size=2, max_size=3), min_size=2, max_size=4, unique=True)
    )
    dirs = draw(st.lists(st.sampled_from(list(DIRECTIONS)), min_size=1, unique=True))
    return quiet(word_search_problem, rows, cols, words, dirs)
