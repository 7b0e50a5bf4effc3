"""Classic exact cover problems as XCC: n queens, Langford pairs, pentominoes
(on rectangles and on Scott's board), the Soma cube and domino tilings.

These are the textbook models (TAOCP 7.2.2.1) whose counts are known from
the literature, so they serve as test cases and benchmarks.  Item and option
orders are fixed and documented, because the search statistics (nodes,
updates, cleansings) depend on them; ``queens(n)`` follows docs/design/xcc.md
exactly, so that its figures match Knuth's DLX2.

Cells of a board are named ``r_c`` (row, then column, from 0), as in
``dlxc.models.wordsearch``; cells of the Soma cube ``x_y_z``.

Several models take ``distinct=True``, which adds symmetry-breaking
constraints in Knuth's manner (TAOCP 7.2.2.1): some placements of one piece
are left out, so that each solution is counted once up to the symmetries of
the board instead of once per symmetric image.  docs/guide/published-counts.md
lists the counts both ways, with their sources.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..xcc.problem import Problem

__all__ = [
    "queens",
    "langford",
    "pentominoes",
    "scott",
    "soma",
    "dominoes",
    "PENTOMINOES",
    "SOMA",
    "SCOTT_HOLES",
    "piece_orientations",
    "soma_orientations",
]


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


def langford(n: int, *, distinct: bool = False) -> Problem:
    """Langford pairs: place two copies of each value 1..n in positions
    1..2n so that the copies of k have k values between them.

    Primary items: the values ``1 .. n``, then the positions ``s1 .. s{2n}``.
    Options, value by value, then by first position: ``k s_i s_(i+k+1)``.
    A sequence and its mirror image are both counted, so the counts are
    twice the usual ones (n = 3, 4, 7, 8 give 2, 2, 52, 300).  For n with
    n mod 4 in {1, 2} there is no solution.

    With ``distinct=True`` each sequence is counted once with its mirror
    image (the counts of OEIS A014552: 1, 1, 26, 150, ...): the odd value
    ``k`` nearest to n keeps only the options whose first position comes
    before that of its mirror image (``2i < 2n - k``).  As k is odd, no
    pair of k is its own mirror image, so exactly one of each two mirror
    sequences is left.
    """
    if n < 1:
        raise ValueError(f"langford needs n >= 1, got n={n!r}")
    values = [str(k) for k in range(1, n + 1)]
    positions = [f"s{i}" for i in range(1, 2 * n + 1)]
    odd = n if n % 2 else n - 1  # the largest odd value
    options = [
        [str(k), f"s{i}", f"s{i + k + 1}"]
        for k in range(1, n + 1)
        for i in range(1, 2 * n - k)
        if not (distinct and k == odd and 2 * i > 2 * n - k)
    ]
    name = f"langford {n}" + (" distinct" if distinct else "")
    return Problem(values + positions, (), options, name=name)


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


def piece_orientations(
    shape: tuple[str, ...], *, mirrors: bool = True
) -> list[tuple[tuple[int, int], ...]]:
    """The distinct rotations and reflections of a piece drawn with ``#``,
    each a sorted tuple of (row, col) offsets with minimum row and column 0,
    in first-seen order (four rotations, then the four of the mirror image);
    with ``mirrors=False``, the rotations alone."""
    cells = [(r, c) for r, line in enumerate(shape) for c, ch in enumerate(line) if ch == "#"]
    seen: list[tuple[tuple[int, int], ...]] = []
    for flip in (False, True) if mirrors else (False,):
        cur = [(r, -c) for r, c in cells] if flip else list(cells)
        for _ in range(4):
            form = _normalize(cur)
            if form not in seen:
                seen.append(form)
            cur = [(c, -r) for r, c in cur]  # a quarter turn
    return seen


# The symmetries of the square, as maps of a cell (r, c) of a rows x cols
# box: (name, is a reflection, map).  The last four need a square box.
def _box_symmetries(rows: int, cols: int):
    last_r, last_c = rows - 1, cols - 1
    out = [
        ("identity", False, lambda r, c: (r, c)),
        ("half turn", False, lambda r, c: (last_r - r, last_c - c)),
        ("top-bottom mirror", True, lambda r, c: (last_r - r, c)),
        ("left-right mirror", True, lambda r, c: (r, last_c - c)),
    ]
    if rows == cols:
        out += [
            ("quarter turn", False, lambda r, c: (c, last_r - r)),
            ("three-quarter turn", False, lambda r, c: (last_c - c, r)),
            ("diagonal mirror", True, lambda r, c: (c, r)),
            ("antidiagonal mirror", True, lambda r, c: (last_c - c, last_r - r)),
        ]
    return out


def _pack(rows: int, cols: int, holes, distinct: bool, name: str) -> Problem:
    """The twelve pentominoes on a rows x cols box less ``holes``; see
    ``pentominoes`` for the items, the options and ``distinct``."""
    hole_set = set()
    for cell in holes:
        try:
            r, c = cell
        except (TypeError, ValueError):
            raise ValueError(f"a hole is a (row, column) pair, got {cell!r}") from None
        if not (isinstance(r, int) and isinstance(c, int) and 0 <= r < rows and 0 <= c < cols):
            raise ValueError(f"hole {cell!r} is not a cell of the {rows}x{cols} board")
        if (r, c) in hole_set:
            raise ValueError(f"hole {cell!r} is given twice")
        hole_set.add((r, c))
    board = {(r, c) for r in range(rows) for c in range(cols)} - hole_set
    if len(board) != 60:
        raise ValueError(
            f"the twelve pentominoes cover 60 cells; a {rows}x{cols} board"
            + (f" less {len(hole_set)} holes" if hole_set else "")
            + f" has {len(board)}"
        )
    # the symmetries of the board: those of its box that map it onto itself
    group = [
        (label, mirror, g)
        for label, mirror, g in _box_symmetries(rows, cols)
        if {g(r, c) for r, c in board} == board
    ]
    placements = []  # (piece, orientation is mirrored, cells)
    for piece, shape in PENTOMINOES.items():
        turns = piece_orientations(shape, mirrors=False)
        for form in piece_orientations(shape):
            for r in range(rows):
                for c in range(cols):
                    cells = tuple((r + dr, c + dc) for dr, dc in form)
                    if all(cell in board for cell in cells):
                        placements.append((piece, form not in turns, cells))
    secondary: list[str] = []
    if distinct:
        placements, secondary = _break_symmetry(placements, group)
    else:
        placements = [(piece, False, cells) for piece, _, cells in placements]
    options = [
        [piece] + [f"{r}_{c}" for r, c in cells] + (["mirror"] if flag else [])
        for piece, flag, cells in placements
    ]
    cell_names = [f"{r}_{c}" for r in range(rows) for c in range(cols) if (r, c) in board]
    return Problem(list(PENTOMINOES) + cell_names, secondary, options, name=name)


def _break_symmetry(placements, group):
    """Knuth's way of counting packings once up to the symmetries ``group``
    of the board: the X pentomino, which every symmetry maps to an X, keeps
    one placement of each class of placements that the group maps onto one
    another.  Where a kept placement of X is also mapped onto itself by a
    mirror, that mirror still pairs the packings; the P pentomino, which a
    mirror always turns over, then breaks the tie: such placements of X
    and the turned-over placements of P share the secondary item
    ``mirror``, so that they exclude one another.  Returns the options
    (piece, marked with ``mirror``, cells) and the secondary items.

    No placement of X is fixed by a rotation or by two mirrors: that needs
    X centred on the centre of the board, a cell of it only when the box
    is odd by odd; then the 60 cells leave an odd number of holes, and a
    hole pattern with a half turn among its symmetries (as two mirrors
    imply) and an odd number of holes has a hole on the centre."""
    kept: dict[frozenset, bool] = {}  # a kept X -> some mirror maps it onto itself
    seen: set = set()
    for piece, _, cells in placements:
        key = frozenset(cells)
        if piece != "X" or key in seen:
            continue
        images = [(mirror, frozenset(g(r, c) for r, c in key)) for _, mirror, g in group]
        seen.update(image for _, image in images)
        kept[key] = any(mirror and image == key for mirror, image in images)
    needs_mirror = any(kept.values())
    out = []
    for piece, mirrored, cells in placements:
        if piece == "X":
            key = frozenset(cells)
            if key in kept:
                out.append((piece, kept[key], cells))
        else:
            out.append((piece, needs_mirror and piece == "P" and mirrored, cells))
    return out, (["mirror"] if needs_mirror else [])


def pentominoes(
    rows: int = 6, cols: int = 10, *, holes: Iterable[tuple[int, int]] = (), distinct: bool = False
) -> Problem:
    """Pack the twelve pentominoes into a rows x cols board less the cells
    ``holes`` ((row, column) pairs, from 0; 60 cells must remain), every
    placement (all rotations and reflections) allowed.

    Primary items: the piece names ``F I L N P T U V W X Y Z``, then the cells
    ``r_c`` row by row.  Options piece by piece, each piece's orientations in
    ``piece_orientations`` order, and for each the positions row by row:
    the piece name followed by its five cells.  Symmetric packings are
    counted separately: 6x10 gives 9,356 = 4 x 2,339.

    With ``distinct=True`` each packing is counted once with its images under
    the symmetries of the board (6x10: 2,339; 3x20: 2; Scott's board: 65):
    X keeps one placement of each class that the symmetries map onto one
    another, and where a mirror maps a kept X onto itself, the secondary
    item ``mirror`` lets only the unturned P go with it.  A board without
    60 cells, or with a hole off the board, is refused (ValueError).
    """
    name = f"pentominoes {rows}x{cols}" + (" with holes" if holes else "")
    return _pack(rows, cols, holes, distinct, name + (" distinct" if distinct else ""))


#: The cells of the 8x8 board that Scott's problem leaves empty: the 2x2 centre.
SCOTT_HOLES = ((3, 3), (3, 4), (4, 3), (4, 4))


def scott(*, distinct: bool = False) -> Problem:
    """Dana Scott's pentomino problem (1958): the twelve pentominoes on the
    8x8 board with its 2x2 centre left empty; ``pentominoes(8, 8,
    holes=SCOTT_HOLES)``.  520 packings, 65 up to the eight symmetries of the
    square (``distinct=True``, see ``pentominoes``)."""
    return _pack(8, 8, SCOTT_HOLES, distinct, "scott" + (" distinct" if distinct else ""))


# The seven Soma pieces (Piet Hein), in Conway's letters, as unit cubes
# (x, y, z): the pieces of at most four cubes that are not boxes (neither a
# straight row nor the 2x2 square): V of three cubes, six of four.  A and B
# are mirror images of one another, the other five their own mirror images.
SOMA: dict[str, tuple[tuple[int, int, int], ...]] = {
    "V": ((0, 0, 0), (1, 0, 0), (0, 1, 0)),
    "L": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)),
    "T": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)),
    "Z": ((0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)),
    "A": ((0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)),
    "B": ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)),
    "P": ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)),
}


def _rotations_3d():
    """The 24 rotations of the cube, as maps of (x, y, z), generated by
    quarter turns about the z and x axes, identity first."""

    def z_turn(p):
        return (-p[1], p[0], p[2])

    def x_turn(p):
        return (p[0], -p[2], p[1])

    basis = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    found = [basis]
    for images in found:  # grows while it is read: a breadth-first closure
        for turn in (z_turn, x_turn):
            nxt = tuple(turn(v) for v in images)
            if nxt not in found:
                found.append(nxt)
    return found  # each: the images of the three unit vectors


def soma_orientations(cubes) -> list[tuple[tuple[int, int, int], ...]]:
    """The distinct rotations (no reflections) of a piece made of unit
    ``cubes``, each a sorted tuple of (x, y, z) with minimum 0 on each
    axis, in first-seen order."""
    seen: list[tuple[tuple[int, int, int], ...]] = []
    for ex, ey, ez in _rotations_3d():
        moved = [tuple(x * ex[k] + y * ey[k] + z * ez[k] for k in range(3)) for x, y, z in cubes]
        low = [min(p[k] for p in moved) for k in range(3)]
        form = tuple(sorted(tuple(p[k] - low[k] for k in range(3)) for p in moved))
        if form not in seen:
            seen.append(form)
    return seen


def _cube_symmetries():
    """The 48 symmetries of the 3x3x3 cube as maps of a cell (x, y, z),
    each with whether it is a reflection: the 24 rotations, then each
    composed with the central inversion (x, y, z) -> (2-x, 2-y, 2-z)."""
    out = []
    for mirror in (False, True):
        for ex, ey, ez in _rotations_3d():
            # a rotation about the centre (1, 1, 1) of the cube
            def move(p, ex=ex, ey=ey, ez=ez, mirror=mirror):
                d = [p[0] - 1, p[1] - 1, p[2] - 1]
                q = [1 + d[0] * ex[k] + d[1] * ey[k] + d[2] * ez[k] for k in range(3)]
                return (2 - q[0], 2 - q[1], 2 - q[2]) if mirror else tuple(q)

            out.append((mirror, move))
    return out


def soma(*, distinct: bool = False) -> Problem:
    """Piet Hein's Soma cube: the seven pieces of ``SOMA`` packed into a
    3x3x3 cube, each piece turned any way but not reflected.

    Primary items: the piece names ``V L T Z A B P``, then the cells
    ``x_y_z`` (x slowest).  Options piece by piece, each piece's rotations
    in ``soma_orientations`` order, and for each the positions with x
    slowest: the piece name followed by its cells.  11,520 packings: 240
    up to the 48 symmetries of the cube (a reflection turns A into B and B
    into A, which is how a mirrored packing is again a packing), each
    counted 48 times.

    With ``distinct=True`` each packing is counted once with its 47 images
    (240), by constraints in the manner of TAOCP 7.2.2.1 with colors for
    the one case that needs them: L keeps one placement of each class of
    its placements under the 48 symmetries.  L is flat and without a
    symmetry of its own, so only the mirror through its plane can map a
    placement onto itself, and only when that plane is a middle layer of
    the cube.  For such a kept placement the mirror still pairs the
    packings, swapping A and B; both meet the middle layer (each spans two
    layers in every direction), so the tie goes to the packings where the
    first free cell of that layer (x, y, z order) that A or B covers is
    covered by A.  The secondary item ``mode`` says which kept placement of
    L holds (its color: ``free`` or the placement's number), A and B have
    one option per mode and placement, and in a tied mode k the secondary
    items ``k.1``, ``k.2``, ... order them: A whose first cell of the layer
    is the j-th takes ``k.1 .. k.j``, B whose first is the j-th takes
    ``k.j``, so B's must come later.  (As it turns out, no packing has L in
    a middle layer, so the tie never arises; the constraints keep the count
    from resting on that fact.)
    """
    cells = [(x, y, z) for x in range(3) for y in range(3) for z in range(3)]
    placed = []  # (piece, cells)
    for piece, cubes in SOMA.items():
        for form in soma_orientations(cubes):
            size = [1 + max(p[k] for p in form) for k in range(3)]
            for x in range(4 - size[0]):
                for y in range(4 - size[1]):
                    for z in range(4 - size[2]):
                        placed.append((piece, tuple((x + a, y + b, z + c) for a, b, c in form)))

    def name(p):
        return f"{p[0]}_{p[1]}_{p[2]}"

    names = [name(p) for p in cells]
    if not distinct:
        options = [[piece] + [name(p) for p in at] for piece, at in placed]
        return Problem(list(SOMA) + names, (), options, name="soma")
    group = _cube_symmetries()
    kept = []  # (cells of a kept L, the free cells of the plane of its mirror, if any)
    seen: set = set()
    for piece, at in placed:
        key = frozenset(at)
        if piece != "L" or key in seen:
            continue
        images = [(g, frozenset(g(p) for p in key)) for _, g in group]
        seen.update(image for _, image in images)
        fixed = [g for g, image in images[1:] if image == key]  # one mirror at most
        layer = [p for p in cells if p not in key and fixed[0](p) == p] if fixed else []
        kept.append((key, layer))
    options = []
    secondary = ["mode"]
    for k, (_, layer) in enumerate(kept):
        if layer:
            secondary += [f"{k}.{j}" for j in range(1, len(layer) + 1)]
    for piece, at in placed:
        option = [piece] + [name(p) for p in at]
        if piece == "L":
            for k, (key, layer) in enumerate(kept):
                if key == frozenset(at):
                    options.append(option + [("mode", str(k) if layer else "free")])
        elif piece in "AB":
            options.append(option + [("mode", "free")])
            for k, (key, layer) in enumerate(kept):
                if layer and not key.intersection(at):  # else L takes a cell of it
                    first = min(layer.index(p) for p in at if p in layer) + 1
                    order = range(1, first + 1) if piece == "A" else (first,)
                    options.append(option + [("mode", str(k))] + [f"{k}.{j}" for j in order])
        else:
            options.append(option)
    return Problem(list(SOMA) + names, secondary, options, name="soma distinct")


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
