"""The grid of a word search: the eight directions, their named sets, and
mask pictures (``#`` for a square that is not a cell).  Nothing here knows
of the XCC engine."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Optional, Union

from ...base.errors import ProblemError

DIRECTIONS: dict[str, tuple[int, int]] = {
    "E": (0, 1),
    "W": (0, -1),
    "S": (1, 0),
    "N": (-1, 0),
    "SE": (1, 1),
    "SW": (1, -1),
    "NE": (-1, 1),
    "NW": (-1, -1),
}
_ALL = tuple(DIRECTIONS)

#: Named sets of directions, for the usual levels of difficulty.
DIRECTION_SETS: dict[str, tuple[str, ...]] = {
    "easy": ("E", "S"),  # forward only: across and down
    "forward": ("E", "S"),
    "medium": ("E", "S", "SE", "NE"),  # forward, and the forward diagonals
    "orthogonal": ("E", "W", "S", "N"),  # across and down, both ways
    "diagonal": ("SE", "SW", "NE", "NW"),
    "hard": _ALL,  # all eight
    "all": _ALL,
}

# A palindrome read in direction d covers the same cells with the same
# letters as its reading from the other end in the opposite direction; the
# latter comes first in DIRECTIONS' order when it is one of these.
_EARLIER_OPPOSITE = {"W": "E", "N": "S", "NE": "SW", "NW": "SE"}


# ---- directions and masks ----------------------------------------------------


def parse_directions(spec: Union[str, Iterable[str]]) -> tuple[str, ...]:
    """Directions from names and named sets, in the order E W S N SE SW NE NW.

    A string may list several, separated by commas, spaces or ``+``; a word
    of the letters E, W, S, N alone that is no direction's name stands for
    one direction per letter (``"EWSN"``).

    >>> parse_directions("medium")
    ('E', 'S', 'SE', 'NE')
    >>> parse_directions("S,e,nw")
    ('E', 'S', 'NW')
    >>> parse_directions("EWSN")
    ('E', 'W', 'S', 'N')
    """
    if isinstance(spec, str):
        tokens = spec.replace(",", " ").replace("+", " ").split()
    else:
        tokens = [str(t) for t in spec]
    chosen: set[str] = set()
    for token in tokens:
        up, low = token.strip().upper(), token.strip().lower()
        if up in DIRECTIONS:
            chosen.add(up)
        elif low in DIRECTION_SETS:
            chosen.update(DIRECTION_SETS[low])
        elif up and set(up) <= set("EWSN"):
            chosen.update(up)
        else:
            sets = ", ".join(
                f"{k} ({','.join(v)})"
                for k, v in DIRECTION_SETS.items()
                if k not in ("forward", "hard")
            )
            raise ProblemError(
                f"unknown direction {token!r}: use E, W, S, N, SE, SW, NE, NW or a set: {sets}"
            )
    if not chosen:
        raise ProblemError(f"no direction given in {spec!r}")
    return tuple(d for d in _ALL if d in chosen)


def parse_mask(
    text: str, rows: Optional[int] = None, cols: Optional[int] = None, source: str = "<mask>"
) -> tuple[int, int, frozenset]:
    """(rows, cols, holes) of a mask picture: one line per row of the grid,
    ``#`` for a square that is not a cell, ``.`` for a cell; spaces between
    squares are allowed and ignored, and so are blank lines at either end.
    When ``rows``/``cols`` are given the picture must have that size."""
    lines = text.splitlines()
    numbered = [(i, line) for i, line in enumerate(lines, 1)]
    while numbered and not numbered[-1][1].strip():
        numbered.pop()
    while numbered and not numbered[0][1].strip():
        numbered.pop(0)
    if not numbered:
        raise ProblemError(
            f"{source}: the mask is empty; draw the grid with '.' for a cell "
            "and '#' for a square that is not a cell"
        )
    holes: set[tuple[int, int]] = set()
    width = None
    for r, (i, line) in enumerate(numbered):
        squares = "".join(line.split())
        for ch in squares:
            if ch not in ".#":
                raise ProblemError(
                    f"{source}:{i}: {ch!r} in the mask: use '.' for a cell "
                    f"and '#' for a square that is not a cell\n    {line}"
                )
        if width is None:
            width = len(squares)
            if cols is not None and width != cols:
                raise ProblemError(
                    f"{source}:{i}: the mask's rows have {width} squares, "
                    f"but the grid has {cols} columns\n    {line}"
                )
        elif len(squares) != width:
            raise ProblemError(
                f"{source}:{i}: this row of the mask has {len(squares)} "
                f"squares, the first row has {width}\n    {line}"
            )
        holes.update((r, c) for c, ch in enumerate(squares) if ch == "#")
    if rows is not None and len(numbered) != rows:
        raise ProblemError(f"{source}: the mask has {len(numbered)} rows, but the grid has {rows}")
    return len(numbered), width or 0, frozenset(holes)


def _render(rows: int, cols: int, cell_text, hole: str = " ") -> str:
    width = 1
    texts = [[cell_text(r, c) for c in range(cols)] for r in range(rows)]
    for line in texts:
        for t in line:
            if t is not None:
                width = max(width, len(t))
    out = []
    for line in texts:
        out.append(" ".join((hole if t is None else t).ljust(width) for t in line).rstrip())
    return "\n".join(out)
