"""What a word search finds: a ``Placement`` (one word put in the grid), a
``Layout`` (one placement per word) and ``LayoutSearch`` (layouts found one
at a time within limits)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Optional

from ...xcc.engines.shared import all_overlap
from ...xcc.search import Search
from .grid import _render
from .view import WordSearchView


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
        return {
            "word": self.word,
            "row": self.row,
            "col": self.col,
            "direction": self.direction,
            "cells": [list(c) for c in self.cells],
        }

    def __str__(self) -> str:
        return f"{self.word} at row {self.row + 1}, column {self.col + 1}, {self.direction}"


class Layout:
    """A solution of a word search: one placement per word, the letters
    agreeing where words share cells.  ``placements`` follow the words'
    order."""

    def __init__(self, search: WordSearchView, placements: Sequence[Placement]) -> None:
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
        return all_overlap([sum(1 << (r * cols + c) for r, c in p.cells) for p in self.placements])

    def grid(self, empty: Optional[str] = "") -> list[list[Optional[str]]]:
        """Rows of cells: a letter, ``empty`` for an unused cell, None for a
        square that is not a cell."""
        s, used = self.search, self.letters
        return [
            [None if (r, c) in s.holes else used.get((r, c), empty) for c in range(s.cols)]
            for r in range(s.rows)
        ]

    def render(self, empty: str = ".", hole: str = " ") -> str:
        """The layout as lines of letters separated by spaces."""
        s, used = self.search, self.letters
        return _render(
            s.rows,
            s.cols,
            lambda r, c: None if (r, c) in s.holes else used.get((r, c), empty),
            hole,
        )

    __str__ = render

    def to_json(self) -> dict:
        return {
            "rows": self.search.rows,
            "cols": self.search.cols,
            "grid": self.grid(empty=""),
            "words": [p.to_json() for p in self.placements],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self.placements == other.placements

    def __hash__(self) -> int:
        return hash(self.placements)

    def __repr__(self) -> str:
        return f"<Layout {'; '.join(str(p) for p in self.placements)}>"


class LayoutSearch(Search):
    """Layouts of a word search, found one at a time within optional limits:
    a ``dlxc.Search`` over the word search's problem whose iteration yields
    ``Layout`` s (``solutions()`` yields the option indices).

    With ``crossing``, only layouts in which every word shares a cell with
    another word are kept: the search's overlap filter, with each option's
    cells as its mask (in C with the C engine).  ``count()`` counts the
    (remaining) layouts kept, ``seen`` all layouts visited, and
    ``complete`` and ``stopped`` tell how the search ended."""

    def __init__(
        self,
        ws: WordSearchView,
        *,
        crossing: bool = False,
        backend: Optional[str] = None,
        seed: Optional[int] = None,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        progress=None,
    ) -> None:
        super().__init__(
            ws.problem,
            backend=backend,
            seed=seed,
            node_limit=node_limit,
            timeout=timeout,
            progress=progress,
            overlap=ws.cell_masks() if crossing else None,
        )
        self.word_search = ws
        self.crossing = crossing

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Kept solutions as tuples of option indices of ``problem``."""
        while True:
            try:
                yield Search.__next__(self)
            except StopIteration:
                return

    def __iter__(self) -> LayoutSearch:
        return self

    def __next__(self) -> Layout:  # type: ignore[override]
        return self.word_search.layout(Search.__next__(self))

    @property
    def seen(self) -> int:
        """Layouts visited so far, crossing or not."""
        return self.stats.solutions
