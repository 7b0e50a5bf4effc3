"""The published counts of the classic exact cover problems, reproduced.

Each count is checked against where it is published, and, where that is
cheap, against a computation that does not go through the figure itself:

- Counts up to symmetry are found twice: by the model with
  ``distinct=True`` (symmetry-breaking constraints: placements left out,
  as Knuth does, and ties broken with secondary items and colors) and by
  sorting the listed solutions into classes under the board's symmetry
  group, which also checks that each image of a solution is a solution
  and that no solution is its own image (so the raw count is the group's
  order times the distinct one).
- Domino tilings are counted with the memo table (they are too many to
  list) and checked against Kasteleyn's theorem twice: an exact integer
  determinant of the signed bipartite adjacency matrix, and the product
  formula of Kasteleyn and of Temperley and Fisher.
- Listed packings are checked cell by cell: every board cell covered
  once, every piece congruent to its shape.
- The symmetry-broken models, written for Knuth's DLX2, give DLX2 the
  same counts and statistics as dlxc's dlx2 engine.

Sources:
  Scott's problem  D. Scott (1958), 65 solutions up to symmetry; D. E. Knuth,
                   "Dancing links" (2000) and TAOCP Vol. 4B, 7.2.2.1: 520 in all.
  Soma cube        J. H. Conway and M. J. T. Guy (1961), 240 up to symmetry;
                   E. R. Berlekamp, J. H. Conway and R. K. Guy, Winning Ways,
                   ch. 24; TAOCP 7.2.2.1: 11,520 in all.
  Pentominoes      C. B. and J. Haselgrove, "A computer program for pentominoes",
                   Eureka 23 (1960): 6x10 2,339 and 3x20 2 up to symmetry;
                   TAOCP 7.2.2.1; Knuth, "Dancing links" (2000).
  Dominoes         OEIS A004003 (tilings of the 2n x 2n board): n = 5 gives
                   258,584,046,368; P. W. Kasteleyn (1961), H. N. V. Temperley
                   and M. E. Fisher (1961).
  Langford pairs   OEIS A014552: n = 12 gives 108,144 up to reversal.
  n queens         OEIS A000170: n = 12 gives 14,200.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from dlxc import Problem
from dlxc.models.classic import (
    PENTOMINOES,
    SCOTT_HOLES,
    SOMA,
    dominoes,
    langford,
    pentominoes,
    piece_orientations,
    queens,
    scott,
    soma,
    soma_orientations,
)

slow = pytest.mark.slow


def solutions(problem):
    """Every solution of ``problem``, listed by the C engine, as a map
    cell -> piece (the first item of each option names the piece)."""
    out = []
    options = [(option[0], option[1:]) for option in problem.options]
    with problem.search(backend="c", strategy="auto") as s:
        for sol in s:
            labels = {}
            for j in sol:
                piece, cells = options[j]
                for cell in cells:
                    labels[cell] = piece
            out.append(labels)
    assert s.stats.complete
    return out


def classes(found, cells, group):
    """Sort the solutions ``found`` (maps cell -> piece) into classes under
    ``group`` (pairs: a map of cells, a map of piece names); check that every
    image of a solution is a solution and that the images of one solution
    are all different; return the number of classes."""
    as_text = {"".join(labels[cell] for cell in cells) for labels in found}
    assert len(as_text) == len(found)
    where = {cell: k for k, cell in enumerate(cells)}
    # each symmetry as a permutation of the positions of the text
    moves = [([where[move(cell)] for cell in cells], rename) for move, rename in group]
    left = set(as_text)
    n = 0
    while left:
        text = left.pop()
        images = set()
        for to, rename in moves:
            image = [""] * len(cells)
            for k, piece in enumerate(text):
                image[to[k]] = rename.get(piece, piece)
            images.add("".join(image))
        assert images <= as_text, "an image of a solution is not a solution"
        assert len(images) == len(group), "a solution is its own image"
        left -= images
        n += 1
    return n


# ---- boards of squares ---------------------------------------------------------------


def square_group(rows, cols):
    """The symmetries of a rows x cols box on cells named ``r_c``, written
    out here independently of the model's own list."""

    def cell_map(f):
        def move(name):
            r, c = map(int, name.split("_"))
            return "{}_{}".format(*f(r, c))

        return move, {}

    R, C = rows - 1, cols - 1
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (R - r, c),
        lambda r, c: (r, C - c),
        lambda r, c: (R - r, C - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (C - c, R - r),
            lambda r, c: (c, R - r),
            lambda r, c: (C - c, r),
        ]
    return [cell_map(f) for f in maps]


FORMS = {piece: set(piece_orientations(shape)) for piece, shape in PENTOMINOES.items()}


def congruent(cells, piece):
    """Whether the cells (``r_c`` names) are the piece turned or flipped."""
    points = [tuple(map(int, name.split("_"))) for name in cells]
    r0 = min(r for r, _ in points)
    c0 = min(c for _, c in points)
    return tuple(sorted((r - r0, c - c0) for r, c in points)) in FORMS[piece]


def check_packings(found, board):
    for labels in found:
        assert set(labels) == board
        for piece in PENTOMINOES:
            assert congruent([cell for cell, p in labels.items() if p == piece], piece)


def board_cells(rows, cols, holes=()):
    return [f"{r}_{c}" for r in range(rows) for c in range(cols) if (r, c) not in holes]


def test_scott(c_backend):
    # Scott's problem: 520 packings (Knuth), 65 up to the 8 symmetries (Scott)
    problem = scott()
    found = solutions(problem)
    assert len(found) == 520
    cells = board_cells(8, 8, SCOTT_HOLES)
    check_packings(found, set(cells))
    assert classes(found, cells, square_group(8, 8)) == 65
    assert scott(distinct=True).count_stats(backend="c", strategy="auto").solutions == 65


def test_pentominoes_3x20(c_backend):
    # Haselgrove (1960): two packings of the 3x20 box up to its 4 symmetries
    found = solutions(pentominoes(3, 20))
    assert len(found) == 8
    cells = board_cells(3, 20)
    check_packings(found, set(cells))
    assert classes(found, cells, square_group(3, 20)) == 2
    distinct = pentominoes(3, 20, distinct=True)
    assert distinct.count(backend="c") == 2
    # X always lies on the top-bottom mirror's axis there: without the tie
    # that the item ``mirror`` breaks, each packing would be counted twice
    loose = [[item for item in o if item != "mirror"] for o in distinct.options]
    assert Problem(distinct.primary, (), loose).count(backend="c") == 4


def test_pentominoes_6x10_distinct(c_backend):
    # Haselgrove (1960): 2,339 packings of the 6x10 box up to symmetry
    problem = pentominoes(6, 10, distinct=True)
    assert problem.count_stats(backend="c", strategy="bits").solutions == 2339


@slow
def test_pentominoes_6x10(c_backend):
    # 9,356 = 4 x 2,339 in all; every class has 4 members
    found = solutions(pentominoes(6, 10))
    assert len(found) == 9356
    assert classes(found, board_cells(6, 10), square_group(6, 10)) == 2339


OTHER_BOXES = [(5, 12, 1010), (4, 15, 368)]


@pytest.mark.parametrize("rows, cols, expected", OTHER_BOXES)
def test_pentominoes_distinct_other_boxes(rows, cols, expected, c_backend):
    # the other boxes of 60 cells (Haselgrove 1960; TAOCP 7.2.2.1): there X
    # can sit on a mirror's axis, which the secondary item ``mirror`` handles
    problem = pentominoes(rows, cols, distinct=True)
    assert problem.secondary == ("mirror",)
    assert problem.count_stats(backend="c", strategy="auto").solutions == expected


@slow
@pytest.mark.parametrize("rows, cols, expected", OTHER_BOXES)
def test_pentominoes_other_boxes(rows, cols, expected, c_backend):
    # the raw count has exactly four times as many
    raw = pentominoes(rows, cols).count_stats(backend="c", strategy="auto").solutions
    assert raw == 4 * expected


def test_pentomino_board_errors():
    with pytest.raises(ValueError, match="has 64"):
        pentominoes(8, 8)
    with pytest.raises(ValueError, match="not a cell"):
        pentominoes(8, 8, holes=[(3, 3), (3, 4), (4, 3), (8, 4)])
    with pytest.raises(ValueError, match="twice"):
        pentominoes(8, 8, holes=[(3, 3), (3, 3), (4, 3), (4, 4)])
    with pytest.raises(ValueError, match="pair"):
        pentominoes(8, 8, holes=[(3, 3), (3, 4), (4, 3), 44])


def test_scott_is_pentominoes_with_holes():
    a, b = scott(), pentominoes(8, 8, holes=SCOTT_HOLES)
    assert list(a.options) == list(b.options) and a.primary == b.primary
    assert len(a.options) == 1568


# Knuth's DLX2 on ``write_dlx(model, path, knuth=True)``: its summary
# (solutions, updates, cleansings, nodes); dlxc's dlx2 engine must agree.
DLX2_FIGURES = [
    ("scott-distinct", lambda: scott(distinct=True), (65, 13_281_449, 0, 37_888)),
    ("3x20-distinct", lambda: pentominoes(3, 20, distinct=True), (2, 2_782_545, 0, 8_409)),
    ("soma-distinct", lambda: soma(distinct=True), (240, 746_651, 388, 5_968)),
]


@pytest.mark.parametrize(
    "build, figures", [pytest.param(b, f, id=name) for name, b, f in DLX2_FIGURES]
)
def test_dlx2_statistics(build, figures, c_backend):
    stats = build().count_stats(backend="c", strategy="dlx2")
    assert (stats.solutions, stats.updates, stats.cleansings, stats.nodes) == figures


# ---- the Soma cube -------------------------------------------------------------------


def cube_group():
    """The 48 symmetries of the 3x3x3 cube on cells ``x_y_z``: every
    permutation of the axes with every choice of flips.  A reflection (odd
    permutation with an even number of flips, or the other way round)
    turns piece A into B's shape and B into A's."""
    import itertools

    out = []
    for axes in itertools.permutations(range(3)):
        inversions = sum(axes[i] > axes[j] for i in range(3) for j in range(i + 1, 3))
        for flips in itertools.product((False, True), repeat=3):

            def move(name, axes=axes, flips=flips):
                p = list(map(int, name.split("_")))
                q = [2 - p[a] if f else p[a] for a, f in zip(axes, flips)]
                return "{}_{}_{}".format(*q)

            mirror = (inversions + sum(flips)) % 2 == 1
            out.append((move, {"A": "B", "B": "A"} if mirror else {}))
    return out


def test_soma_pieces():
    # 7 pieces of 27 cubes; A and B are mirror images, the others are not chiral
    assert sum(len(c) for c in SOMA.values()) == 27
    mirrored = {k: tuple(sorted((-x + 1, y, z) for x, y, z in c)) for k, c in SOMA.items()}

    def same(a, b):
        low = [min(p[k] for p in b) for k in range(3)]
        form = tuple(sorted(tuple(p[k] - low[k] for k in range(3)) for p in b))
        return form in soma_orientations(a)

    assert same(SOMA["A"], mirrored["B"]) and not same(SOMA["A"], SOMA["B"])
    for k in "VLTZP":
        assert same(SOMA[k], mirrored[k])
    counts = {k: len(soma_orientations(c)) for k, c in SOMA.items()}
    assert counts == dict(V=12, L=24, T=12, Z=12, A=12, B=12, P=8)


def test_soma(c_backend):
    # 11,520 packings = 48 x 240 (Conway and Guy); every class has 48 members
    problem = soma()
    found = solutions(problem)
    assert len(found) == 11520
    cells = [f"{x}_{y}_{z}" for x in range(3) for y in range(3) for z in range(3)]
    for labels in found[:: len(found) // 50]:
        assert set(labels) == set(cells)
    assert classes(found, cells, cube_group()) == 240
    distinct = soma(distinct=True)
    assert distinct.count_stats(backend="c", strategy="auto").solutions == 240


def test_soma_by_restricting_one_piece(c_backend):
    # The 240 classes again, without listing: L keeps one placement of each
    # class of its placements under the 48 symmetries.  As no packing is its
    # own image, a class of packings with L in the class of placement r
    # holds |stabilizer of r| packings with L exactly at r, so the classes
    # number the sum over the kept r of count(L at r) / |stabilizer of r|.
    problem = soma()
    group = cube_group()
    placed = [j for j, option in enumerate(problem.options) if option[0] == "L"]
    cells_of = {j: frozenset(problem.options[j][1:]) for j in placed}
    seen: set = set()
    total = Fraction(0)
    for j in placed:
        if cells_of[j] in seen:
            continue
        images = [frozenset(move(cell) for cell in cells_of[j]) for move, _ in group]
        seen.update(images)
        stabilizer = images.count(cells_of[j])
        options = [o for k, o in enumerate(problem.options) if k == j or k not in cells_of]
        restricted = Problem(problem.primary, problem.secondary, options, name="soma, L fixed")
        total += Fraction(restricted.count(backend="c"), stabilizer)
    assert seen == set(cells_of.values())
    assert total == 240


# ---- domino tilings ------------------------------------------------------------------


def kasteleyn_determinant(m: int, n: int) -> int:
    """Domino tilings of an m x n board: |det K| for K the black-by-white
    adjacency matrix of the board, horizontal neighbours +1, vertical
    neighbours (-1)^column (every square face has an odd number of -1
    edges, Kasteleyn's condition), computed exactly with fractions."""
    black = [(r, c) for r in range(m) for c in range(n) if (r + c) % 2 == 0]
    white = [(r, c) for r in range(m) for c in range(n) if (r + c) % 2 == 1]
    if len(black) != len(white):
        return 0
    col = {cell: k for k, cell in enumerate(white)}
    rows = []
    for r, c in black:
        row = [Fraction(0)] * len(white)
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            w = (r + dr, c + dc)
            if w in col:
                row[col[w]] = Fraction(1 if dr == 0 else (-1) ** c)
        rows.append(row)
    det = Fraction(1)
    size = len(rows)
    for k in range(size):
        pivot = next((i for i in range(k, size) if rows[i][k] != 0), None)
        if pivot is None:
            return 0
        if pivot != k:
            rows[k], rows[pivot] = rows[pivot], rows[k]
            det = -det
        det *= rows[k][k]
        for i in range(k + 1, size):
            if rows[i][k]:
                f = rows[i][k] / rows[k][k]
                rows[i] = [a - f * b for a, b in zip(rows[i], rows[k])]
    assert det.denominator == 1
    return abs(int(det))


def kasteleyn_product(m: int, n: int) -> int:
    """The product formula of Kasteleyn and of Temperley and Fisher, in
    floating point; for boards up to 10x10 the product (under 3e11) is
    within 1e-3 of the integer, which the rounding checks."""
    prod = 1.0
    for j in range(1, (m + 1) // 2 + 1):
        for k in range(1, (n + 1) // 2 + 1):
            prod *= (
                4 * math.cos(math.pi * j / (m + 1)) ** 2 + 4 * math.cos(math.pi * k / (n + 1)) ** 2
            )
    assert abs(prod - round(prod)) < 1e-3
    return round(prod)


A004003 = [1, 2, 36, 6728, 12988816, 258584046368]  # 2n x 2n boards, n = 0..5


def test_kasteleyn_oracles_agree():
    for m, n in [(2, 3), (3, 4), (4, 4), (4, 7), (5, 6), (6, 6), (3, 3)]:
        assert kasteleyn_determinant(m, n) == kasteleyn_product(m, n)


@pytest.mark.parametrize("n", range(1, 6), ids=lambda n: f"{2 * n}x{2 * n}")
def test_dominoes_memo(n, c_backend):
    # OEIS A004003; too many to list: the memoized count
    count = dominoes(2 * n, 2 * n).count(backend="c", memo=True)
    assert count == A004003[n] == kasteleyn_determinant(2 * n, 2 * n)
    assert count == kasteleyn_product(2 * n, 2 * n)


def test_dominoes_memo_rectangles(c_backend):
    for m, n in [(7, 10), (9, 8), (10, 3)]:
        assert dominoes(m, n).count(backend="c", memo=True) == kasteleyn_determinant(m, n)


# ---- Langford pairs and n queens -----------------------------------------------------

A014552 = [0, 0, 1, 1, 0, 0, 26, 150, 0, 0, 17792, 108144]  # n = 1..12, up to reversal


def langford_brute(n: int) -> tuple[int, int]:
    """Langford sequences of 1..n listed by plain backtracking (placing the
    largest value first): (all of them, those up to reversal)."""
    seq = [0] * (2 * n)
    found = []

    def place(k):
        if k == 0:
            found.append(tuple(seq))
            return
        for i in range(2 * n - k - 1):
            if seq[i] == 0 and seq[i + k + 1] == 0:
                seq[i] = seq[i + k + 1] = k
                place(k - 1)
                seq[i] = seq[i + k + 1] = 0

    place(n)
    return len(found), len({min(s, s[::-1]) for s in found})


@pytest.mark.parametrize("n", range(3, 9))
def test_langford_small(n, backend):
    raw, distinct = langford(n), langford(n, distinct=True)
    counts = (raw.count(backend=backend), distinct.count(backend=backend))
    assert counts == langford_brute(n)
    assert counts[1] == A014552[n - 1]


def test_langford_12(c_backend):
    # OEIS A014552: 108,144 up to reversal, 216,288 in all
    raw = langford(12).count_stats(backend="c", strategy="auto").solutions
    distinct = langford(12, distinct=True).count_stats(backend="c", strategy="auto").solutions
    assert (distinct, raw) == (A014552[11], 2 * A014552[11])


def queens_brute(n: int) -> int:
    """n queens by bitmask backtracking, row by row."""
    full = (1 << n) - 1

    def place(cols, left, right):
        if cols == full:
            return 1
        total = 0
        free = full & ~(cols | left | right)
        while free:
            bit = free & -free
            free ^= bit
            total += place(cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1)
        return total

    return place(0, 0, 0)


A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]  # n = 1..12


def test_queens_12(c_backend):
    # OEIS A000170
    assert queens(12).count_stats(backend="c", strategy="auto").solutions == A000170[11]
    assert [queens_brute(n) for n in range(1, 10)] == A000170[:9]


@slow
def test_queens_12_brute_force():
    assert queens_brute(12) == A000170[11]
