"""The neutral description of a puzzle page that every writer reads.

A ``Page`` is plain data: a title, a grid of ``Cell`` s (``None`` where a
square is not part of the puzzle), the words with their display form,
optional clue and the path of cells each answer takes, and a few notes.
Puzzle models turn themselves into pages (``dlxc.models.pages`` for word
searches and word rectangles, ``dlxc.render.kinds`` for crosswords and
Boggle boards given as plain grids); the writers beside this module
(text, json, svg, pdf, ipuz, html) know only pages, never a model.

Coordinates are (row, column), counted from 0, the top left cell (0, 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Optional

from ..base.errors import RenderError

#: Paper sizes in millimetres (width, height).
PAPERS = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}

#: What the puzzle page shows of the words: the list to find (word
#: search), the clues (crossword), or only how many there are (Boggle).
WORD_DISPLAYS = ("list", "clues", "count")


@dataclass
class Cell:
    """One square of the grid.  ``letter`` is the answer's letter (may be
    several characters: a letter with its marks, Boggle's Qu); ``given``
    says whether the puzzle page shows it (word-search letters are given,
    a crossword's are not); ``block`` a black square; ``number`` a clue
    number; ``shaded`` a cell to tint on the answer page (the hidden
    message's cells); ``circled`` a crossword square drawn with a circle
    (a theme's marked letters)."""

    letter: str = ""
    given: bool = True
    block: bool = False
    number: Optional[int] = None
    shaded: bool = False
    circled: bool = False

    def to_json(self) -> dict:
        out: dict = {"letter": self.letter}
        if not self.given:
            out["given"] = False
        if self.block:
            out["block"] = True
        if self.number is not None:
            out["number"] = self.number
        if self.shaded:
            out["shaded"] = True
        if self.circled:
            out["circled"] = True
        return out


@dataclass
class Word:
    """A word of the page: ``text`` as the solver reads it in the list
    (``ICE CREAM``), ``answer`` the letters in the grid (``ICECREAM``,
    one string per cell), ``clue`` when there is one, ``label`` when the
    word is named by its place (``1-Across``), and ``cells`` the path the
    answer takes, first letter first (empty: the word is not in the grid);
    ``points`` what the word scores where the game scores words (Boggle)."""

    text: str
    answer: tuple[str, ...] = ()
    clue: Optional[str] = None
    label: Optional[str] = None
    cells: tuple[tuple[int, int], ...] = ()
    direction: Optional[str] = None
    points: Optional[int] = None

    def to_json(self) -> dict:
        out: dict = {"text": self.text, "answer": "".join(self.answer)}
        for key in ("clue", "label", "direction", "points"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out["cells"] = [list(c) for c in self.cells]
        return out


@dataclass
class Page:
    """One puzzle: what the puzzle page and its answer page show.

    ``kind`` is ``wordsearch``, ``crossword``, ``wordrect`` or ``boggle``
    (writers that care, ipuz above all, read it).  ``words`` shows on the
    puzzle page as ``word_display`` says; on the answer page every word
    with cells is marked along its path when ``mark_answers``.  ``notes``
    are lines printed under the word list (words left out, a hidden
    message's length); ``answer_notes`` only on the answer page."""

    kind: str
    title: str
    grid: list[list[Optional[Cell]]]
    words: list[Word] = field(default_factory=list)
    word_display: str = "list"
    mark_answers: bool = True
    notes: list[str] = field(default_factory=list)
    answer_notes: list[str] = field(default_factory=list)
    number: Optional[int] = None  # the puzzle's number in a set (--puzzles N)
    mark_longest: Optional[int] = None  # mark only this many words, longest first
    meta: dict = field(default_factory=dict)  # seed, directions, ...: carried into json

    def __post_init__(self) -> None:
        check_page(self)

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    def cell(self, r: int, c: int) -> Optional[Cell]:
        return self.grid[r][c]

    def placed(self) -> list[Word]:
        return [w for w in self.words if w.cells]

    def marked(self) -> list[Word]:
        """The words the answer page marks: every placed word, or the
        ``mark_longest`` longest (a Boggle board's hundreds of paths would
        hide the board)."""
        if not self.mark_answers:
            return []
        placed = self.placed()
        if self.mark_longest is None:
            return placed
        return sorted(placed, key=lambda w: -len(w.cells))[: self.mark_longest]

    def to_json(self) -> dict:
        out = {
            "kind": self.kind,
            "title": self.title,
            "rows": self.rows,
            "cols": self.cols,
            "grid": [[None if c is None else c.to_json() for c in row] for row in self.grid],
            "words": [w.to_json() for w in self.words],
        }
        if self.notes:
            out["notes"] = list(self.notes)
        if self.answer_notes:
            out["answer_notes"] = list(self.answer_notes)
        if self.number is not None:
            out["number"] = self.number
        out.update(self.meta)
        return out


def letter_size(letter: str) -> float:
    """The font size of a square's letters, as a share of the square's side:
    one letter large, two (Qu, a short rebus) smaller, and a longer rebus
    (HEART) small enough that its capitals fit across the square."""
    if len(letter) < 2:
        return 0.55
    return min(0.42, 1.25 / len(letter))


def check_page(page: Page) -> None:
    """``RenderError`` when a page is not well formed: a ragged or empty
    grid, a word whose path leaves the grid or runs over a block or a
    missing square, or whose letters disagree with the grid's."""
    if page.word_display not in WORD_DISPLAYS:
        raise RenderError(
            f"word_display {page.word_display!r}: use one of {', '.join(WORD_DISPLAYS)}"
        )
    if not page.grid or not page.grid[0]:
        raise RenderError(f"{page.title!r}: the grid is empty")
    width = len(page.grid[0])
    for r, row in enumerate(page.grid):
        if len(row) != width:
            raise RenderError(
                f"{page.title!r}: row {r + 1} has {len(row)} squares, row 1 has {width}"
            )
    for w in page.words:
        if w.cells and len(w.cells) != len(w.answer):
            raise RenderError(f"word {w.text!r}: {len(w.answer)} letters but {len(w.cells)} cells")
        for (r, c), ch in zip(w.cells, w.answer):
            if not (0 <= r < page.rows and 0 <= c < width):
                raise RenderError(
                    f"word {w.text!r}: cell {(r, c)} is outside the {page.rows}x{width} grid"
                )
            cell = page.grid[r][c]
            if cell is None or cell.block:
                raise RenderError(f"word {w.text!r}: cell {(r, c)} is not an open cell")
            if cell.letter != ch:
                raise RenderError(
                    f"word {w.text!r}: cell {(r, c)} holds {cell.letter!r}, "
                    f"the word has {ch!r} there"
                )


def letters_grid(
    rows: Sequence[Sequence[Optional[str]]], *, given: bool = True, block: str = "#"
) -> list[list[Optional[Cell]]]:
    """Cells from rows of letters: ``None`` stays a missing square, ``block``
    becomes a black square."""
    out = []
    for row in rows:
        line: list[Optional[Cell]] = []
        for ch in row:
            if ch is None:
                line.append(None)
            elif ch == block:
                line.append(Cell("", given=True, block=True))
            else:
                line.append(Cell(str(ch), given=given))
        out.append(line)
    return out


Corner = tuple[int, int]


def outline(grid: Sequence[Sequence[Optional[Cell]]]) -> list[tuple[Corner, Corner]]:
    """The border of a shaped grid's cells (those not None) as straight
    segments between grid corners ``(row, col)``, each as long as it runs:
    what a writer draws around a heart-shaped word search instead of a
    rectangle.

    >>> g = [[None, Cell("A")], [Cell("B"), Cell("C")]]
    >>> sorted(outline(g))[:3]
    [((0, 1), (0, 2)), ((0, 1), (1, 1)), ((0, 2), (2, 2))]
    """
    rows = len(grid)
    cols = len(grid[0]) if rows else 0

    def cell(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and grid[r][c] is not None

    segments = []
    # horizontal edges: the line above row r, between a cell and a non-cell
    for r in range(rows + 1):
        start = None
        for c in range(cols + 1):
            edge = c < cols and cell(r - 1, c) != cell(r, c)
            if edge and start is None:
                start = c
            elif not edge and start is not None:
                segments.append(((r, start), (r, c)))
                start = None
    # vertical edges: the line left of column c
    for c in range(cols + 1):
        start = None
        for r in range(rows + 1):
            edge = r < rows and cell(r, c - 1) != cell(r, c)
            if edge and start is None:
                start = r
            elif not edge and start is not None:
                segments.append(((start, c), (r, c)))
                start = None
    return segments
