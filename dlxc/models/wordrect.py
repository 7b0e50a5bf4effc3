"""Word rectangles as XCC (Knuth's model): fill an M x N rectangle so that
every row is an N-letter word and every column an M-letter word of a list.

Items: one primary item per row (``r0`` ...) and per column (``c0`` ...),
then one secondary item per cell (``i_j``, row by row) colored by its
letter.  Options: for each primary item in turn, each word of its length in
list order: the row's (or column's) item and its cells with their letters.
With ``distinct``, each word also gets an uncolored secondary item (the
word itself), so no word is used twice in one rectangle.

The primary items are listed from the middle out, rows and columns
alternating (``r1 c1 r0 c0 r2 c2`` for 3x3), because the search branches
first on the leftmost of the items tied for fewest options, and a middle
line's letters cut the crossing words on both sides: for the 665
three-letter words, 61 million updates instead of 110 million with
``r0 r1 r2 c0 c1 c2``, the same 154,946 squares.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Optional, Union

from ..base.errors import ProblemError
from ..base.wordlist import WordList
from ..xcc.count import count_solutions
from ..xcc.problem import Problem
from ..xcc.search import Search
from .words import letters, load_word_list


class Rectangle:
    """One solution: the words of the rows and of the columns."""

    def __init__(
        self, rows: Sequence[str], cols: Sequence[str], grid: Sequence[Sequence[str]]
    ) -> None:
        self.rows: tuple[str, ...] = tuple(rows)
        self.cols: tuple[str, ...] = tuple(cols)
        self.grid: tuple[tuple[str, ...], ...] = tuple(tuple(line) for line in grid)

    def render(self) -> str:
        return "\n".join("".join(line) for line in self.grid)

    __str__ = render

    def to_json(self) -> dict:
        return {
            "rows": len(self.grid),
            "cols": len(self.grid[0]) if self.grid else 0,
            "grid": [list(line) for line in self.grid],
            "across": list(self.rows),
            "down": list(self.cols),
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rectangle) and self.grid == other.grid

    def __hash__(self) -> int:
        return hash(self.grid)

    def __repr__(self) -> str:
        return f"<Rectangle {'/'.join(self.rows)}>"


class WordRectangle:
    """Word rectangles of ``rows`` x ``cols`` over a list of words.

    >>> wr = WordRectangle(2, 2, ["at", "to", "ta", "oo"])
    >>> wr.count()
    5
    >>> print(next(iter(wr.rectangles())))
    AT
    TO
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        words: Union[Iterable[str], WordList, os.PathLike[str]],
        *,
        distinct: bool = False,
    ) -> None:
        for what, v in (("rows", rows), ("cols", cols)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise ProblemError(
                    f"a rectangle needs at least one row and one column; {what} = {v!r}"
                )
        if isinstance(words, (str, os.PathLike)):
            words = load_word_list(words, lengths={rows, cols})
        if isinstance(words, WordList):
            entries = words.letters
        else:
            entries = [letters(w) for w in words]
        seen: set = set()
        unique: list[tuple[str, ...]] = []
        for w in entries:
            if w not in seen:
                seen.add(w)
                unique.append(w)
        self.rows, self.cols, self.distinct = rows, cols, distinct
        self.across: list[tuple[str, ...]] = [w for w in unique if len(w) == cols]
        self.down: list[tuple[str, ...]] = [w for w in unique if len(w) == rows]
        self._problem: Optional[Problem] = None

    def obstacles(self) -> list[str]:
        """Reasons, found without searching, why no rectangle can exist."""
        out = []
        if not self.across:
            out.append(f"the list has no word of {self.cols} letters for the rows")
        if not self.down and self.rows != self.cols:
            out.append(f"the list has no word of {self.rows} letters for the columns")
        if self.distinct and self.rows == self.cols:
            need = 2 * self.rows
            if 0 < len(self.across) < need:
                out.append(
                    f"{need} different words are needed, the list has "
                    f"{len(self.across)} of {self.rows} letters"
                )
        elif self.distinct:
            if 0 < len(self.across) < self.rows:
                out.append(
                    f"{self.rows} different {self.cols}-letter words are needed, the "
                    f"list has {len(self.across)}"
                )
            if 0 < len(self.down) < self.cols:
                out.append(
                    f"{self.cols} different {self.rows}-letter words are needed, the "
                    f"list has {len(self.down)}"
                )
        return out

    @property
    def problem(self) -> Problem:
        if self._problem is None:
            self._problem = self._build()
        return self._problem

    def lines(self) -> list[tuple[str, int]]:
        """The rows and columns in the order of the primary items:
        ("r", i) or ("c", j), from the middle out, alternating."""

        def middle_out(k: int) -> list[int]:
            return sorted(range(k), key=lambda i: (abs(2 * i - (k - 1)), i))

        rows = [("r", i) for i in middle_out(self.rows)]
        cols = [("c", j) for j in middle_out(self.cols)]
        out = []
        for k in range(max(len(rows), len(cols))):
            out += rows[k : k + 1] + cols[k : k + 1]
        return out

    def _build(self) -> Problem:
        m, n = self.rows, self.cols
        lines = self.lines()
        primary = [f"{kind}{i}" for kind, i in lines]
        cells = [f"{i}_{j}" for i in range(m) for j in range(n)]
        word_item: dict[tuple[str, ...], int] = {}
        names: list[str] = []
        if self.distinct:
            for w in self.across + self.down:
                if w not in word_item:
                    word_item[w] = len(primary) + len(cells) + len(names)
                    names.append("".join(w))
        color_of: dict[str, int] = {}
        colors = [""]
        for w in self.across + self.down:
            for ch in w:
                if ch not in color_of:
                    color_of[ch] = len(colors)
                    colors.append(ch)
        first_cell = len(primary)
        opt_start, opt_items, opt_colors = array("i", [0]), array("i"), array("i")

        def add(item: int, cell_items: Sequence[int], w: tuple[str, ...]) -> None:
            opt_items.append(item)
            opt_colors.append(0)
            opt_items.extend(cell_items)
            opt_colors.extend(color_of[ch] for ch in w)
            if self.distinct:
                opt_items.append(word_item[w])
                opt_colors.append(0)
            opt_start.append(len(opt_items))

        for item, (kind, k) in enumerate(lines):
            if kind == "r":
                cell_items = [first_cell + k * n + j for j in range(n)]
            else:
                cell_items = [first_cell + i * n + k for i in range(m)]
            for w in self.across if kind == "r" else self.down:
                add(item, cell_items, w)
        return Problem._from_arrays(
            primary,
            cells + names,
            tuple(colors),
            opt_start,
            opt_items,
            opt_colors,
            name=f"wordrect {m}x{n}",
            dropped=[],
        )

    def rectangle(self, solution: Iterable[int]) -> Rectangle:
        """The rectangle of a solution (option indices of ``problem``)."""
        m, n = self.rows, self.cols
        grid = [[""] * n for _ in range(m)]
        across: list = [None] * m
        down: list = [None] * n
        starts = []  # (first option, kind, line) of each primary item's options
        first = 0
        for kind, k in self.lines():
            starts.append((first, kind, k))
            first += len(self.across if kind == "r" else self.down)
        for j in solution:
            first, kind, k = max(s for s in starts if s[0] <= j)
            if kind == "r":
                word = self.across[j - first]
                across[k] = "".join(word)
                for c in range(n):
                    grid[k][c] = word[c]
            else:
                word = self.down[j - first]
                down[k] = "".join(word)
                for i in range(m):
                    grid[i][k] = word[i]
        return Rectangle(across, down, grid)

    def search(
        self,
        *,
        backend: Optional[str] = None,
        seed: Optional[int] = None,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        progress=None,
    ) -> Search:
        """A ``dlxc.Search`` over ``problem`` within the limits (solutions:
        option indices; ``rectangle()`` turns one into a ``Rectangle``)."""
        return self.problem.search(
            backend=backend, seed=seed, node_limit=node_limit, timeout=timeout, progress=progress
        )

    def rectangles(
        self,
        *,
        limit: Optional[int] = None,
        backend: Optional[str] = None,
        seed: Optional[int] = None,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Rectangle]:
        """Rectangles one at a time (all, or the first ``limit``)."""
        with self.search(backend=backend, seed=seed, node_limit=node_limit, timeout=timeout) as run:
            if limit is not None:
                run.room = min(run.room, limit)
            for k, sol in enumerate(run):
                if limit is not None and k >= limit:
                    return
                yield self.rectangle(sol)

    def count(
        self,
        *,
        backend: Optional[str] = None,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        jobs: Optional[int] = 1,
        memo: bool = False,
        progress=None,
    ) -> int:
        """The number of rectangles; ``SearchStopped`` if a limit stops it.
        ``jobs`` processes share the count (0 or None: every core); ``memo``
        counts with a memo table (``dlxc.xcc.count``)."""
        return count_solutions(
            self.problem,
            "rectangles",
            backend=backend,
            jobs=jobs,
            memo=memo,
            node_limit=node_limit,
            timeout=timeout,
            progress=progress,
        )
