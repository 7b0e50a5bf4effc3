"""Every figure of docs/design/xcc.md, statistics included, on both backends, and
the known counts of the classic problems.

Sources: the statistics table is Knuth's DLX2 run on the same input (see
docs/design/xcc.md); the counts are from the literature (OEIS A000170 for n
queens, A014552 for Langford pairs, the pentomino and domino counts as
docs/design/xcc.md lists them).  Domino tilings are also checked against
Kasteleyn's product formula, computed here independently of any search.
The 7x7 and 8x8 word searches are DLX2's figures measured on this machine
(8x8: also DLX2's figures).
"""

from __future__ import annotations

import math

import pytest
from examples import color_example

from dlxc.models.classic import dominoes, langford, pentominoes, queens
from dlxc.models.wordsearch import word_search_problem

slow = pytest.mark.slow
WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]


def both(cases, python_slow=()):
    """pytest params (builder, figures, backend) for each case on each backend;
    the Python leg of the cases named in ``python_slow`` is marked slow."""
    out = []
    for name, build, figures in cases:
        for backend in ("c", "python"):
            marks = [slow] if backend == "python" and name in python_slow else []
            out.append(pytest.param(build, figures, backend, id=f"{name}-{backend}", marks=marks))
    return out


def use(backend, request) -> str:
    if backend == "c":
        request.getfixturevalue("c_backend")  # skips with the import error
    return backend


def solve(problem, backend):
    with problem.search(backend=backend) as s:
        s.count()
        return s.stats


# ---- DLX2's statistics ---------------------------------------------------------

STATISTICS = [
    # name, builder, (solutions, nodes, updates, cleansings)
    ("color-example", color_example, (1, 4, 14, 5)),
    (
        "abel-land-4x4-EWSN",
        lambda: word_search_problem(4, 4, ["ABEL", "LAND"], "EWSN"),
        (112, 129, 1089, 512),
    ),
    (
        "wordsearch-6x6",
        lambda: word_search_problem(6, 6, WORDS),
        (244_792, 257_181, 1_799_889, 1_040_476),
    ),
    ("queens-8", lambda: queens(8), (92, 1199, 21_375, 0)),
    ("queens-10", lambda: queens(10), (724, 16_448, 312_964, 0)),
]


@pytest.mark.parametrize("build, figures, backend", both(STATISTICS))
def test_dlx2_statistics(build, figures, backend, request):
    st = solve(build(), use(backend, request))
    assert (st.solutions, st.nodes, st.updates, st.cleansings) == figures
    assert st.complete and st.backend == backend


def test_color_example_solution(backend):
    # the one solution: `A C X:1 Y:1` then `B X:1`, options 1 and 3
    p = color_example()
    assert list(p.solutions(backend=backend)) == [(1, 3)]
    assert p.solution_text((1, 3)) == ["A C X:1 Y:1", "B X:1"]


def test_wordsearch_7x7(c_backend):
    st = solve(word_search_problem(7, 7, WORDS), "c")
    assert (st.solutions, st.nodes, st.updates, st.cleansings) == (
        9_664_704,
        9_854_369,
        58_705_585,
        39_490_968,
    )


@slow
def test_wordsearch_8x8(c_backend):
    st = solve(word_search_problem(8, 8, WORDS), "c")
    assert (st.solutions, st.nodes) == (123_800_040, 125_066_485)


# ---- known counts -----------------------------------------------------------------

QUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]  # n = 1..13


@pytest.mark.parametrize(
    "n, expected", [pytest.param(n, QUEENS[n - 1], id=f"queens-{n}") for n in range(1, 12)]
)
def test_queens(n, expected, backend):
    assert queens(n).count(backend=backend) == expected


@pytest.mark.parametrize(
    "n, expected", [pytest.param(n, QUEENS[n - 1], id=f"queens-{n}") for n in (12, 13)]
)
def test_queens_large(n, expected, c_backend):
    assert queens(n).count(backend="c") == expected


@pytest.mark.parametrize(
    "n, expected",
    [
        pytest.param(3, 2, id="langford-3"),
        pytest.param(4, 2, id="langford-4"),
        pytest.param(5, 0, id="langford-5"),  # n mod 4 in {1, 2}: none
        pytest.param(6, 0, id="langford-6"),
        pytest.param(7, 52, id="langford-7"),
        pytest.param(8, 300, id="langford-8"),
    ],
)
def test_langford(n, expected, backend):
    assert langford(n).count(backend=backend) == expected


# pentominoes 6x10 and 3x20, raw and up to symmetry: test_published_counts.py


def test_pentomino_placements():
    # 63 orientations in all (Golomb); a 6x10 board has 2,056 placements
    from dlxc.models.classic import PENTOMINOES, piece_orientations

    sizes = {name: len(piece_orientations(shape)) for name, shape in PENTOMINOES.items()}
    assert sizes == dict(F=8, I=2, L=8, N=8, P=8, T=4, U=4, V=4, W=4, X=1, Y=8, Z=4)
    assert len(pentominoes(6, 10).options) == 2056
    with pytest.raises(ValueError, match="60 cells"):
        pentominoes(5, 10)


def kasteleyn(m: int, n: int) -> int:
    """Domino tilings of an m x n board by Kasteleyn's product formula."""
    prod = 1.0
    for j in range(1, (m + 1) // 2 + 1):
        for k in range(1, (n + 1) // 2 + 1):
            prod *= (
                4 * math.cos(math.pi * j / (m + 1)) ** 2 + 4 * math.cos(math.pi * k / (n + 1)) ** 2
            )
    return round(prod)


def fibonacci(n: int) -> int:
    a, b = 1, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def test_kasteleyn_formula_matches_known_values():
    assert [kasteleyn(2, n) for n in range(1, 11)] == [fibonacci(n) for n in range(1, 11)]
    assert (kasteleyn(4, 4), kasteleyn(6, 6), kasteleyn(8, 8)) == (36, 6728, 12_988_816)
    assert kasteleyn(3, 3) == 0


DOMINO_BOARDS = [(2, n) for n in range(2, 11)] + [(3, 3), (3, 4), (4, 4), (3, 8), (5, 6), (6, 6)]


@pytest.mark.parametrize(
    "rows, cols", [pytest.param(r, c, id=f"dominoes-{r}x{c}") for r, c in DOMINO_BOARDS]
)
def test_dominoes(rows, cols, backend):
    assert dominoes(rows, cols).count(backend=backend) == kasteleyn(rows, cols)


def test_dominoes_known_values(backend):
    assert dominoes(4, 4).count(backend=backend) == 36
    assert dominoes(6, 6).count(backend=backend) == 6728
    assert [dominoes(2, n).count(backend=backend) for n in range(2, 9)] == [2, 3, 5, 8, 13, 21, 34]


@slow
def test_dominoes_8x8(c_backend):
    assert dominoes(8, 8).count(backend="c") == 12_988_816
