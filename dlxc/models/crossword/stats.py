"""A crossword grid's statistics and the American style's checks.

``grid_stats(rows)`` takes the grid's rows (``#`` a block, ``.`` an empty
square, a letter a filled one: a ``Grid``'s rows or a ``Filled``'s cells)
and gives the counts constructors quote: entries (every across or down run
of two or more open squares), blocks, the mean entry length, unchecked
squares (open squares in fewer than two entries), the Scrabble score of the
letters (standard English tile values; a letter without a tile scores 0),
and the American checks, each passed or failed:

- entries: at most 78 on a 15x15 with a theme, 72 without (both are
  checked: the grid says nothing of a theme), 140 on a 21x21; other sizes
  have no such rule (the check is left out);
- no entry of two letters (nor of one: an open square alone in its row
  or column makes an unchecked square, checked below);
- every square checked (in an across and a down entry);
- all-over interlock: the open squares connected, side by side;
- rotational symmetry: the blocks the same under a half turn.

The studio and the command line share it: ``to_json()`` and ``text()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Optional

BLOCK, EMPTY = "#", "."

Cell = tuple[int, int]

#: the entry limits of the American style: size -> (themed, themeless)
ENTRY_LIMITS: dict[tuple[int, int], tuple[int, Optional[int]]] = {
    (15, 15): (78, 72),
    (21, 21): (140, None),
}


@dataclass
class Check:
    name: str
    passed: bool
    detail: str

    def to_json(self) -> dict:
        return {"name": self.name, "passed": self.passed, "detail": self.detail}


@dataclass
class GridStats:
    width: int
    height: int
    entries: int
    across: int
    down: int
    blocks: int
    open_squares: int
    filled_squares: int
    mean_length: float
    lengths: dict[int, int]  # entry length -> how many
    unchecked: int
    scrabble: int  # the letters' tile values, summed
    checks: list[Check] = field(default_factory=list)

    @property
    def scrabble_mean(self) -> float:
        return self.scrabble / self.filled_squares if self.filled_squares else 0.0

    def to_json(self) -> dict:
        return {
            "width": self.width,
            "height": self.height,
            "entries": self.entries,
            "across": self.across,
            "down": self.down,
            "blocks": self.blocks,
            "open_squares": self.open_squares,
            "filled_squares": self.filled_squares,
            "mean_length": round(self.mean_length, 3),
            "lengths": {str(k): v for k, v in sorted(self.lengths.items())},
            "unchecked": self.unchecked,
            "scrabble": self.scrabble,
            "scrabble_mean": round(self.scrabble_mean, 3),
            "checks": [c.to_json() for c in self.checks],
        }

    def text(self) -> str:
        lengths = ", ".join(f"{n} of {k}" for k, n in sorted(self.lengths.items()))
        lines = [
            f"size: {self.width}x{self.height}",
            f"entries: {self.entries} ({self.across} across, {self.down} down)",
            f"entry lengths: {lengths + ' letters' if lengths else 'none'}",
            f"mean entry length: {self.mean_length:.2f}",
            f"blocks: {self.blocks}",
            f"unchecked squares: {self.unchecked}",
            f"filled squares: {self.filled_squares} of {self.open_squares}",
            f"Scrabble score: {self.scrabble} (mean {self.scrabble_mean:.2f} a letter)",
        ]
        for c in self.checks:
            lines.append(f"{'pass' if c.passed else 'FAIL'}: {c.name} ({c.detail})")
        return "\n".join(lines)


def _values() -> dict[str, int]:
    from ..scrabble import ENGLISH_VALUES

    return ENGLISH_VALUES


def _runs(rows: Sequence[str]) -> tuple[list[list[Cell]], list[list[Cell]]]:
    """The across runs and the down runs of two or more open squares."""
    h = len(rows)
    w = len(rows[0]) if h else 0
    lines = [[(r, c) for c in range(w)] for r in range(h)]
    columns = [[(r, c) for r in range(h)] for c in range(w)]
    out: tuple[list[list[Cell]], list[list[Cell]]] = ([], [])
    for k, group in enumerate((lines, columns)):
        for line in group:
            run: list[Cell] = []
            for r, c in line + [(-1, -1)]:
                if r >= 0 and rows[r][c] != BLOCK:
                    run.append((r, c))
                    continue
                if len(run) >= 2:
                    out[k].append(run)
                run = []
    return out


def _connected(cells: set[Cell]) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def grid_stats(rows: Sequence[Sequence[str]]) -> GridStats:
    """The statistics and checks of a grid given as rows of cells (strings
    or lists of one-letter strings; see the module's docstring)."""
    text = ["".join(row) for row in rows]
    h = len(text)
    w = len(text[0]) if h else 0
    across, down = _runs(text)
    entries = across + down
    open_ = {(r, c) for r in range(h) for c in range(w) if text[r][c] != BLOCK}
    blocks = h * w - len(open_)
    in_across = {rc for run in across for rc in run}
    in_down = {rc for run in down for rc in run}
    unchecked = sum(1 for rc in open_ if rc not in in_across or rc not in in_down)
    values = _values()
    letters = [text[r][c].lower() for r, c in open_ if text[r][c] != EMPTY]
    lengths: dict[int, int] = {}
    for run in entries:
        lengths[len(run)] = lengths.get(len(run), 0) + 1
    stats = GridStats(
        width=w,
        height=h,
        entries=len(entries),
        across=len(across),
        down=len(down),
        blocks=blocks,
        open_squares=len(open_),
        filled_squares=len(letters),
        mean_length=sum(len(run) for run in entries) / len(entries) if entries else 0.0,
        lengths=lengths,
        unchecked=unchecked,
        scrabble=sum(values.get(ch, 0) for ch in letters),
    )
    checks = stats.checks
    limits = ENTRY_LIMITS.get((w, h))
    if limits is not None:
        themed, themeless = limits
        n = len(entries)
        checks.append(
            Check("entries, themed", n <= themed, f"{n} of at most {themed} on a {w}x{h}")
        )
        if themeless is not None:
            checks.append(
                Check(
                    "entries, themeless",
                    n <= themeless,
                    f"{n} of at most {themeless} on a {w}x{h}",
                )
            )
    short = sum(n for k, n in lengths.items() if k < 3)
    checks.append(Check("no 2-letter entries", short == 0, f"{short} of 2 letters"))
    checks.append(Check("every square checked", unchecked == 0, f"{unchecked} unchecked"))
    connected = _connected(open_)
    checks.append(
        Check(
            "all-over interlock",
            connected,
            "the open squares are connected" if connected else "the open squares fall apart",
        )
    )
    symmetric = all(
        (text[r][c] == BLOCK) == (text[h - 1 - r][w - 1 - c] == BLOCK)
        for r in range(h)
        for c in range(w)
    )
    checks.append(
        Check(
            "rotational symmetry",
            symmetric,
            "the blocks match under a half turn"
            if symmetric
            else "the blocks do not match under a half turn",
        )
    )
    return stats
