"""What a word search finds: a ``Placement`` (one word put in the grid), a
``Layout`` (one placement per word), ``LayoutSearch`` (layouts found one at a
time within limits) and ``NoLayout``."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from ..._closing import Closing
from ...errors import DlxcError
from ...xcc.mirror import all_cross
from ...xcc.search import BoundedSearch
from .grid import _render

if TYPE_CHECKING:
    from .model import WordSearch


class NoLayout(DlxcError):
    """No layout exists: a complete search (or a cheap argument) proved it.
    ``reasons`` says why, when that could be told."""

    def __init__(self, message: str, reasons: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.reasons = list(reasons)


# ---- placements, layouts, puzzles ------------------------------------------------

@dataclass(frozen=True)
class Placement:
    """One word put in the grid: its first letter at (row, col), 0-based,
    read in ``direction``; ``cells`` and ``letters`` go letter by letter."""

    word: str
    row: int
    col: int
    direction: str
    cells: tuple[tuple[int, int], ...]
    letters: tuple[str, ...]

    def to_json(self) -> dict:
        return {"word": self.word, "row": self.row, "col": self.col,
                "direction": self.direction, "cells": [list(c) for c in self.cells]}

    def __str__(self) -> str:
        return f"{self.word} at row {self.row + 1}, column {self.col + 1}, {self.direction}"


class Layout:
    """A solution of a word search: one placement per word, the letters
    agreeing where words share cells.  ``placements`` follow the words'
    order."""

    def __init__(self, search: "WordSearch", placements: Sequence[Placement]) -> None:
        self.search = search
        self.placements: tuple[Placement, ...] = tuple(placements)

    @property
    def letters(self) -> dict[tuple[int, int], str]:
        """The cells the words use, each with its letter."""
        out: dict[tuple[int, int], str] = {}
        for p in self.placements:
            out.update(zip(p.cells, p.letters))
        return out

    def crossing(self) -> bool:
        """True when every word shares at least one cell with another word."""
        cols = self.search.cols
        return all_cross([sum(1 << (r * cols + c) for r, c in p.cells)
                           for p in self.placements])

    def grid(self, empty: Optional[str] = "") -> list[list[Optional[str]]]:
        """Rows of cells: a letter, ``empty`` for an unused cell, None for a
        square that is not a cell."""
        s, used = self.search, self.letters
        return [[None if (r, c) in s.holes else used.get((r, c), empty)
                 for c in range(s.cols)] for r in range(s.rows)]

    def render(self, empty: str = ".", hole: str = " ") -> str:
        """The layout as lines of letters separated by spaces."""
        s, used = self.search, self.letters
        return _render(s.rows, s.cols,
                       lambda r, c: None if (r, c) in s.holes else used.get((r, c), empty), hole)

    __str__ = render

    def to_json(self) -> dict:
        return {"rows": self.search.rows, "cols": self.search.cols,
                "grid": self.grid(empty=""),
                "words": [p.to_json() for p in self.placements]}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self.placements == other.placements

    def __hash__(self) -> int:
        return hash(self.placements)

    def __repr__(self) -> str:
        return f"<Layout {'; '.join(str(p) for p in self.placements)}>"


class LayoutSearch(Closing):
    """Layouts of a word search, found one at a time within optional limits.

    Iterate it for ``Layout`` s; ``count()`` counts the (remaining) ones.
    With ``crossing``, only layouts in which every word shares a cell with
    another word are kept: they are filtered from all layouts, so the
    search visits every layout (a count checks them in C with the C
    engine, ``dlxc_keep_crossing``).  ``found`` counts the layouts kept so far,
    ``complete`` and ``stopped`` tell how the search ended."""

    def __init__(self, ws: "WordSearch", *, crossing: bool = False,
                 backend: Optional[str] = None, seed: Optional[int] = None,
                 node_limit: Optional[int] = None, timeout: Optional[float] = None) -> None:
        self.word_search = ws
        self.crossing = crossing
        self.run = BoundedSearch(ws.problem, backend=backend, seed=seed,
                                 node_limit=node_limit, timeout=timeout)
        self.found = 0
        self.seen = 0

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Kept solutions as tuples of option indices of ``problem``."""
        keep = self.word_search._crosses if self.crossing else None
        for sol in self.run:
            self.seen += 1
            if keep is None or keep(sol):
                self.found += 1
                yield sol

    def __iter__(self) -> Iterator[Layout]:
        for sol in self.solutions():
            yield self.word_search.layout(sol)

    def count(self) -> int:
        s = self.run.search
        keep = self.word_search._crosses if self.crossing else None
        while s.pending:  # found by an iteration, not yet yielded
            sol = next(s)
            self.seen += 1
            if keep is None or keep(sol):
                self.found += 1
        if not self.crossing:
            before = self.run.stats.solutions
            total = self.run.count()
            self.seen += total - before
            self.found += total - before
            return self.found
        before, kept = s.stats.solutions, s.crossing_found
        self.run.count_crossing(self.word_search.cell_masks())
        self.seen += s.stats.solutions - before
        self.found += s.crossing_found - kept
        return self.found

    @property
    def complete(self) -> bool:
        return self.run.complete

    @property
    def stopped(self) -> Optional[str]:
        return self.run.stopped

    @property
    def stats(self):
        return self.run.stats

    def close(self) -> None:
        self.run.close()
