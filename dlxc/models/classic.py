"""Classic exact cover problems as XCC: n queens, Langford pairs, pentominoes
and domino tilings.

These are the textbook models (TAOCP 7.2.2.1) whose counts are known from
the literature, so they serve as test cases and benchmarks.  Item and option
orders are fixed and documented, because the search statistics (nodes,
updates, cleansings) depend on them; ``queens(n)`` follows docs/design/xcc.md
exactly, so that its figures match Knuth's DLX2.

Cells of a board are named ``r_c`` (row, then column, from 0), as in
``dlxc.models.wordsearch``.
"""

from __future__ import annotations

from ..xcc.problem import Problem

__all__ = ["queens", "langford", "pentominoes", "dominoes", "PENTOMINOES", "piece_orientations"]


def queens(n: int) -> Problem:
    """The n queens problem.

    Primary items ``r0..r{n-1} c0..c{n-1}`` (each row and each column holds
    exactly one queen), secondary items ``a0..a{2n-2} b0..b{2n-2}`` (each
    diagonal holds at most one).  One option per square, row by row:
    ``r_i c_j a_(i+j) b_(i-j+n-1)``.
    """
    if n < 1:
        raise ValueError(f"queens needs a board of at least 1x1, got n={n!r}")
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    options = [
        [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)
    ]
    return Problem(primary, secondary, options, name=f"queens {n}")


def langford(n: int) -> Problem:
    """Langford pairs: place two copies of each value 1..n in positions
    1..2n so that the copies of k have k values between them.

    Primary items: the values ``1 .. n``, then the positions ``s1 .. s{2n}``.
    Options, value by value, then by first position: ``k s_i s_(i+k+1)``.
    A sequence and its mirror image are both counted, so the counts are
    twice the usual ones (n = 3, 4, 7, 8 give 2, 2, 52, 300).  For n with
    n mod 4 in {1, 2} there is no solution.
    """
    if n < 1:
        raise ValueError(f"langford needs n >= 1, got n={n!r}")
    values = [str(k) for k in range(1, n + 1)]
    positions = [f"s{i}" for i in range(1, 2 * n + 1)]
    options = [
        [str(k), f"s{i}", f"s{i + k + 1}"] for k in range(1, n + 1) for i in range(1, 2 * n - k)
    ]
    return Problem(values + positions, (), options, name=f"langford {n}")


# The twelve pentominoes in Conway's letters, one orientation each.
PENTOMINOES: dict[str, tuple[str, ...]] = {
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("####", "#..."),
    "N": ("##..", ".###"),
    "P": ("##", "##", "#."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": (".#..", "####"),
    "Z": ("##.", ".#.", ".##"),
}


def _normalize(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def piece_orientations(shape: tuple[str, ...]) -> list[tuple[tuple[int, int], ...]]:
    """The distinct rotations and reflections of a piece drawn with ``#``,
    each a sorted tuple of (row, col) offsets with minimum row and column 0,
    in first-seen order (four rotations, then the four of the mirror image)."""
    cells = [(r, c) for r, line in enumerate(shape) for c, ch in enumerate(line) if ch == "#"]
    seen: list[tuple[tuple[int, int], ...]] = []
    for flip in (False, True):
        cur = [(r, -c) for r, c in cells] if flip else list(cells)
        for _ in range(4):
            form = _normalize(cur)
            if form not in seen:
                seen.append(form)
            cur = [(c, -r) for r, c in cur]  # a quarter turn
    return seen


def pentominoes(rows: int = 6, cols: int = 10) -> Problem:
    """Pack the twelve pentominoes into a rows x cols board (60 cells), every
    placement (all rotations and reflections) allowed.

    Primary items: the piece names ``F I L N P T U V W X Y Z``, then the cells
    ``r_c`` row by row.  Options piece by piece, each piece's orientations in
    ``piece_orientations`` order, and for each the positions row by row:
    the piece name followed by its five cells.  Symmetric packings are
    counted separately: 6x10 gives 9,356 = 4 x 2,339.
    """
    if rows * cols != 60:
        raise ValueError(
            f"the twelve pentominoes cover 60 cells; a {rows}x{cols} board has {rows * cols}"
        )
    cells = [f"{r}_{c}" for r in range(rows) for c in range(cols)]
    options = []
    for name, shape in PENTOMINOES.items():
        for form in piece_orientations(shape):
            height = 1 + max(r for r, _ in form)
            width = 1 + max(c for _, c in form)
            for r in range(rows - height + 1):
                for c in range(cols - width + 1):
                    options.append([name] + [f"{r + dr}_{c + dc}" for dr, dc in form])
    return Problem(list(PENTOMINOES) + cells, (), options, name=f"pentominoes {rows}x{cols}")


def dominoes(rows: int, cols: int) -> Problem:
    """Domino tilings of a rows x cols board.

    Primary items: the cells ``r_c`` row by row.  Options: for each cell row
    by row, the horizontal domino starting there (if it fits), then the
    vertical one.
    """
    if rows < 1 or cols < 1:
        raise ValueError(f"dominoes needs a board of at least 1x1, got {rows}x{cols}")
    cells = [f"{r}_{c}" for r in range(rows) for c in range(cols)]
    options = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                options.append([f"{r}_{c}", f"{r}_{c + 1}"])
            if r + 1 < rows:
                options.append([f"{r}_{c}", f"{r + 1}_{c}"])
    return Problem(cells, (), options, name=f"dominoes {rows}x{cols}")
