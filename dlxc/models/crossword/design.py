"""American crossword grids: the rules of the style, and block patterns
designed from a seed.

The rules a grid of the American style keeps (as the major US papers state
them for submissions):

- 180-degree rotational symmetry of the blocks;
- every entry (across or down run of open cells) at least 3 letters long;
- every open cell checked, in an across and a down entry at once (which
  follows from the previous rule: a run of one open cell is an unchecked
  square);
- all open cells connected;
- at most ``MAX_ENTRIES[size]`` entries: 78 for a 15x15 (72 for a
  themeless one in the New York Times' guidelines, 78 for a themed one),
  140 for a 21x21 (the Sunday limit); other sizes have no stated limit.

``style_problems`` says which rules a grid breaks (``dlxc crossword fill``
prints them as warnings); ``design`` builds a pattern that keeps them all,
and ``checked_design`` one that a word list fills well (``dlxc crossword
grid``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Optional

from ...base.errors import CrosswordError
from ...base.rng import MASK64, splitmix64
from .fill import BLOCK, EMPTY, FillStopped, Grid, quality_fill

if TYPE_CHECKING:
    from ...crossword.wordlist import WordPool

#: the most entries a grid of that size may have (width, height) -> entries
MAX_ENTRIES = {(15, 15): 78, (21, 21): 140}
MIN_ENTRY = 3


def _open(rows: list[str]) -> list[list[bool]]:
    return [[ch != BLOCK for ch in row] for row in rows]


def _runs(open_: list[list[bool]]) -> list[tuple[int, int, int, int]]:
    """Every across and down run of open cells: (direction, row, col, length),
    direction 0 across, 1 down; runs of one cell included."""
    h = len(open_)
    w = len(open_[0]) if h else 0
    out = []
    for r in range(h):
        c = 0
        while c < w:
            if open_[r][c]:
                s = c
                while c < w and open_[r][c]:
                    c += 1
                out.append((0, r, s, c - s))
            else:
                c += 1
    for c in range(w):
        r = 0
        while r < h:
            if open_[r][c]:
                s = r
                while r < h and open_[r][c]:
                    r += 1
                out.append((1, s, c, r - s))
            else:
                r += 1
    return out


def _connected(open_: list[list[bool]]) -> bool:
    """Whether the open cells are connected: a flood fill over the cells as
    bits of one integer (bit r * (w + 1) + c; the spare bit at the end of
    each row keeps a shift from wrapping into the next row)."""
    h = len(open_)
    w = len(open_[0]) if h else 0
    stride = w + 1
    cells = 0
    for r, row in enumerate(open_):
        for c, o in enumerate(row):
            if o:
                cells |= 1 << (r * stride + c)
    if not cells:
        return True
    reached = cells & -cells  # the lowest open cell
    while True:
        grown = (
            reached | reached << 1 | reached >> 1 | reached << stride | reached >> stride
        ) & cells
        if grown == reached:
            return reached == cells
        reached = grown


def _symmetric(open_: list[list[bool]]) -> bool:
    h = len(open_)
    w = len(open_[0]) if h else 0
    return all(open_[r][c] == open_[h - 1 - r][w - 1 - c] for r in range(h) for c in range(w))


def entry_count(rows: list[str]) -> int:
    """The number of entries (runs of two or more open cells)."""
    return sum(1 for (_, _, _, n) in _runs(_open(rows)) if n >= 2)


def style_problems(grid: Grid) -> list[str]:
    """The rules of the American style that ``grid`` breaks, in words (an
    empty list for a grid that keeps them all)."""
    open_ = _open(grid.rows)
    runs = _runs(open_)
    out = []
    short = [s for s in grid.slots if s.length < MIN_ENTRY]
    if short:
        names = ", ".join(s.name for s in short[:5]) + (" ..." if len(short) > 5 else "")
        out.append(
            f"{len(short)} entr{'y has' if len(short) == 1 else 'ies have'} fewer than "
            f"{MIN_ENTRY} letters ({names})"
        )
    across = {(r, c + i) for (d, r, c, n) in runs if d == 0 and n >= 2 for i in range(n)}
    down = {(r + i, c) for (d, r, c, n) in runs if d == 1 and n >= 2 for i in range(n)}
    unchecked = sorted(
        (r, c)
        for r, row in enumerate(open_)
        for c, o in enumerate(row)
        if o and ((r, c) not in across or (r, c) not in down)
    )
    if unchecked:
        where = ", ".join(f"row {r + 1} col {c + 1}" for r, c in unchecked[:5])
        more = " ..." if len(unchecked) > 5 else ""
        out.append(
            f"{len(unchecked)} unchecked square{'s' if len(unchecked) != 1 else ''} "
            f"(in only one entry, or none): {where}{more}"
        )
    if not _symmetric(open_):
        out.append("the blocks are not symmetric under a 180-degree rotation")
    if not _connected(open_):
        out.append("the open squares are not all connected")
    limit = MAX_ENTRIES.get((grid.width, grid.height))
    n = len(grid.slots)
    if limit is not None and n > limit:
        out.append(f"{n} entries, more than the {limit} a {grid.width}x{grid.height} may have")
    return out


def _legal(open_: list[list[bool]], cells: list[tuple[int, int]]) -> bool:
    """No run of 1 or 2 open cells through the rows and columns of ``cells``,
    and the open cells connected."""
    h, w = len(open_), len(open_[0])
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    for r in rows:
        n = 0
        for c in range(w + 1):
            if c < w and open_[r][c]:
                n += 1
            else:
                if 0 < n < MIN_ENTRY:
                    return False
                n = 0
    for c in cols:
        n = 0
        for r in range(h + 1):
            if r < h and open_[r][c]:
                n += 1
            else:
                if 0 < n < MIN_ENTRY:
                    return False
                n = 0
    return _connected(open_)


def default_blocks(width: int, height: int) -> int:
    """The default number of blocks: 38 on a 15x15 (76-78 entries, the
    count most published 15x15s have), BLOCKS_21 on a 21x21, about 16% of
    the squares otherwise."""
    if (width, height) == (15, 15):
        return 38
    if (width, height) == (21, 21):
        return BLOCKS_21
    return max(0, round(0.16 * width * height))


#: A 21x21's default blocks (19% of its squares, as in the heavier published
#: Sunday grids).  Of 40 patterns drawn with 80 blocks, 4 were filled by the
#: default list's familiar words within 10,000 nodes (see ``dlxc crossword
#: grid``); with 84, 8.
#: With 72 (the 1/6 of the squares a 15x15's 38 keeps to) none of 16 was.
BLOCKS_21 = 84


def check_blocks(width: int, height: int, blocks: Optional[int]) -> int:
    """The number of blocks to place (``blocks``, or the default);
    ``CrosswordError`` for a number no symmetric pattern has."""
    target = default_blocks(width, height) if blocks is None else blocks
    n_cells = width * height
    if not 0 <= target <= n_cells // 2:
        raise CrosswordError(
            f"{target} blocks: a {width}x{height} grid takes from 0 to {n_cells // 2}"
        )
    if not (width % 2 and height % 2) and target % 2:
        raise CrosswordError(
            f"{target} blocks: a {width}x{height} grid has no center square, so its "
            "symmetric patterns have an even number of blocks"
        )
    return target


def _run_lengths(open_: list[list[bool]], r: int, c: int) -> tuple[int, int]:
    """The lengths of the across and the down run through the open (r, c)."""
    h, w = len(open_), len(open_[0])
    out = []
    for dr, dc in ((0, 1), (1, 0)):
        n = 1
        rr, cc = r - dr, c - dc
        while rr >= 0 and cc >= 0 and open_[rr][cc]:
            n, rr, cc = n + 1, rr - dr, cc - dc
        rr, cc = r + dr, c + dc
        while rr < h and cc < w and open_[rr][cc]:
            n, rr, cc = n + 1, rr + dr, cc + dc
        out.append(n)
    return out[0], out[1]


def _run_tables(open_: list[list[bool]]) -> tuple[list[list[int]], list[list[int]]]:
    """``_run_lengths`` of every cell at once (0 at a block): the across
    lengths by row and the down lengths by row, from one ``_runs``."""
    h = len(open_)
    w = len(open_[0]) if h else 0
    across = [[0] * w for _ in range(h)]
    down = [[0] * w for _ in range(h)]
    for direction, r, c, n in _runs(open_):
        if direction == 0:
            across[r][c : c + n] = [n] * n
        else:
            for i in range(r, r + n):
                down[i][c] = n
    return across, down


def max_run(width: int, height: int) -> int:
    """The longest entry ``pattern`` leaves: 9 in a 15x15 (as in most
    grids without theme entries: long slots are what makes a pattern hard
    to fill), 8 in larger grids (whose slots cross more slots that cross
    more: a 21x21 with 9-letter entries was never filled by familiar words
    alone), about 60% of the longer side in smaller ones."""
    if max(width, height) > 15:
        return 8
    return max(MIN_ENTRY, min(9, round(0.6 * max(width, height))))


def pattern(
    width: int, height: int, seed: int, blocks: Optional[int] = None, max_tries: int = 100
) -> list[str]:
    """A legal block pattern of ``width`` x ``height`` (see the module's
    rules) with ``blocks`` blocks (default ``default_blocks``), drawn from
    ``seed``: block pairs (a square and its 180-degree image) are added one
    at a time, each at the open square whose across and down runs are
    longest together (ties and near-ties broken at random), keeping only
    additions after which every run is 3 or more and the open squares stay
    connected.  A pattern whose longest entry passes ``max_run`` is drawn
    again.  The same seed gives the same pattern."""
    target = check_blocks(width, height, blocks)
    center = (height // 2, width // 2) if width % 2 and height % 2 else None
    limit = MAX_ENTRIES.get((width, height))
    longest = max_run(width, height) if blocks is None else max(width, height)
    state = (seed * 0x9E3779B97F4A7C15 + 1) & MASK64
    for _ in range(max_tries):
        open_ = [[True] * width for _ in range(height)]
        placed = 0
        if target % 2:
            r, c = center  # type: ignore[misc]
            open_[r][c] = False
            if _legal(open_, [(r, c)]):
                placed = 1
            else:
                open_[r][c] = True
        while placed < target:
            ranked = []
            across, down = _run_tables(open_)
            for r in range(height):
                for c in range(width):
                    if open_[r][c] and (r, c) != center:
                        a, d = across[r][c], down[r][c]
                        state, jitter = splitmix64(state)
                        ranked.append((-(max(a, d) * 4 + min(a, d) + (jitter % 6)), r, c))
            ranked.sort()
            for _key, r, c in ranked:
                pair = [(r, c), (height - 1 - r, width - 1 - c)]
                if placed + 2 > target:
                    break
                for rr, cc in pair:
                    open_[rr][cc] = False
                if _legal(open_, pair):
                    placed += 2
                    break
                for rr, cc in pair:
                    open_[rr][cc] = True
            else:
                break
            if placed + 2 > target and placed != target:
                break
        if placed != target:
            continue
        rows = ["".join(EMPTY if o else BLOCK for o in row) for row in open_]
        if limit is not None and entry_count(rows) > limit:
            continue
        if max(n for (_, _, _, n) in _runs(open_)) > longest:
            continue
        return rows
    raise CrosswordError(
        f"no legal {width}x{height} pattern with {target} blocks was found in {max_tries} tries"
    )


#: how many times ``design`` lets ``pattern`` place the blocks before it gives
#: up: with 84 blocks on a 21x21 about 1 placement in 16 keeps the entry
#: limit and the longest entry, so 100 failed once in about 40 patterns
DRAW_TRIES = 400


def design(
    width: int,
    height: int,
    seed: int,
    *,
    blocks: Optional[int] = None,
    fillable: Optional[Callable[[Grid], bool]] = None,
    tries: int = 20,
    progress: Optional[Callable[[float], None]] = None,
) -> tuple[Grid, int]:
    """A legal pattern, and (with ``fillable``) one that ``fillable``
    accepts: (the grid, how many patterns were drawn).  Pattern k is drawn
    from a seed derived from ``seed`` and k, so the answer is reproducible
    when ``fillable`` is (a node limit, not a timeout).  ``progress`` is
    called with the share of ``tries`` drawn before each draw."""
    state = seed & MASK64
    for k in range(1, tries + 1):
        if progress is not None:
            progress((k - 1) / tries)
        state, s = splitmix64(state)
        rows = pattern(width, height, s, blocks, max_tries=DRAW_TRIES)
        grid = Grid(rows, f"<pattern {width}x{height} seed {seed}>")
        if fillable is None or fillable(grid):
            return grid, k
    raise CrosswordError(
        f"none of {tries} {width}x{height} patterns drawn from seed {seed} could be filled"
    )


CHECK_NODES = 60_000  # the fill check's node limit (a limit, not a timeout: reproducible)
# on grids larger than 15x15 a node costs more and a pattern that fills at all
# mostly fills within a few thousand nodes: a low limit moves on sooner
CHECK_NODES_LARGE = 10_000
# The check first asks more: a fill from the default list's familiar words (scored
# FAMILIAR_SCORE or more: met at least once in ten million words) within
# FAMILIAR_NODES nodes, for up to FAMILIAR_TRIES patterns (FAMILIAR_TRIES_LARGE on
# grids larger than 15x15, where fewer pass: about 1 21x21 in 12).  A
# pattern that passes is one whose quality fill scores well (the long,
# crossing-heavy patterns that force rare words fail it); the plain check is
# the fallback.
FAMILIAR_SCORE = 20
FAMILIAR_NODES = 10_000
FAMILIAR_TRIES = 12
FAMILIAR_TRIES_LARGE = 60
FAMILIAR_NODES_LARGE = 5_000
# On larger grids a familiar pattern must also keep at most WELL_FILLED_WEAK
# entries scored under FAMILIAR_SCORE in a quality fill of WELL_FILLED_NODES
# nodes (about 2 s), or the familiar pattern with the fewest is taken after
# FAMILIAR_TRIES_LARGE draws.  Of the familiar 21x21s drawn, about 4 in 10
# pass.  Measured with Spread the Wordlist, the fills of those that passed
# met the mark about twice as often as those of the others in a first
# measure, and no more often in a later one of eleven 21x21s
# (docs/performance.md): a weak preference at best.
WELL_FILLED_NODES = 30_000
WELL_FILLED_SECONDS = math.inf  # no time limit: the node budget ends the search
WELL_FILLED_WEAK = 3


def checked_design(
    width: int,
    height: int,
    seed: int,
    pool: WordPool,
    *,
    blocks: Optional[int] = None,
    backend: Optional[str] = None,
    progress: Optional[Callable[[float], None]] = None,
) -> tuple[Grid, int, bool]:
    """A legal pattern that ``pool`` fills: (the grid, how many patterns
    were drawn, whether its familiar words fill it).

    First up to ``FAMILIAR_TRIES`` patterns (``FAMILIAR_TRIES_LARGE`` on a
    grid larger than 15x15) are offered to a fill from the words scored
    ``FAMILIAR_SCORE`` or more; on a larger grid a pattern that passes must
    also keep at most ``WELL_FILLED_WEAK`` weak entries in a quality fill,
    or the one with the fewest is taken.  When none passes, the first
    pattern the whole list fills (the plain check).  Every check is bounded
    by nodes, not time, so the answer depends on the seed alone.  Raises
    ``CrosswordError`` when no pattern passes either check."""
    small = width * height <= 15 * 15
    scores = dict(zip(pool.words, pool.scores))
    # large grids: the familiar patterns whose quality fill kept too
    # many weak entries, as (weak entries, draw, grid), the fallback
    near: list[tuple[int, int, Grid]] = []
    draws = 0

    def fills(min_score: Optional[int], nodes: int):
        # the words allowed, chosen once for every pattern drawn
        allowed = pool
        if min_score is not None:
            allowed = pool.filtered(i for i in range(len(pool)) if pool.scores[i] >= min_score)

        def fillable(g) -> bool:
            nonlocal draws
            draws += 1
            try:
                res = quality_fill(
                    g,
                    allowed,
                    budget=0,
                    seed=1,
                    node_limit=nodes,
                    backend=backend,
                )
            except FillStopped:
                return False
            if res.filled is None:
                return False
            if small or min_score is None:
                return True
            weak = weak_entries(g)
            if weak <= WELL_FILLED_WEAK:
                return True
            near.append((weak, draws, g))
            return False

        return fillable

    def weak_entries(g) -> int:
        # how many entries scored under FAMILIAR_SCORE a quality fill
        # bounded by nodes, not time (so reproducible), keeps
        try:
            res = quality_fill(
                g,
                pool,
                budget=WELL_FILLED_SECONDS,
                seed=1,
                node_limit=WELL_FILLED_NODES,
                node_budget=WELL_FILLED_NODES,
                backend=backend,
            )
        except FillStopped:
            return len(g.slots)
        if res.filled is None:
            return len(g.slots)
        return sum(scores[w] < FAMILIAR_SCORE for w in res.filled.words)

    found = None
    familiar = False
    try:
        found = design(
            width,
            height,
            seed,
            blocks=blocks,
            fillable=fills(FAMILIAR_SCORE, FAMILIAR_NODES if small else FAMILIAR_NODES_LARGE),
            tries=FAMILIAR_TRIES if small else FAMILIAR_TRIES_LARGE,
            progress=progress,
        )
        familiar = True
    except CrosswordError:
        if near:  # the fewest weak entries, then the earliest draw
            _, k, g = min(near)
            found, familiar = (g, k), True
    if found is None:  # no pattern passed: the plain check
        nodes = CHECK_NODES if small else CHECK_NODES_LARGE
        found = design(
            width,
            height,
            seed,
            blocks=blocks,
            fillable=fills(None, nodes),
            tries=40,
            progress=progress,
        )
    g, drawn = found
    return g, drawn, familiar
