"""Pages of crosswords and Boggle boards from plain grids, so that their
models plug in with one call and without this package knowing them:

- ``crossword_page(rows, clues)``: a filled crossword given as rows of
  letters with ``#`` for a block (what ``Filled.render().splitlines()``
  prints); slots are numbered the usual way (row by row, a number for each
  cell that starts an across or down run of two or more cells).
- ``boggle_page(board, words)``: a board (rows of dice faces) and the words
  found, each with its path of cells.

Word searches and word rectangles come from their models through
``dlxc.models.pages``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Optional, Union

from ..base.errors import RenderError
from ..base.letters import upper
from .page import Cell, Page, Word

Coord = tuple[int, int]


def _runs(open_: list[list[bool]]) -> list[tuple[str, int, int, int]]:
    """(direction, row, col, length) of every run of two or more open
    cells: across row by row, then down row by row."""
    h, w = len(open_), len(open_[0])
    out = []
    for d, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
        for r in range(h):
            for c in range(w):
                if not open_[r][c] or (r - dr >= 0 and c - dc >= 0 and open_[r - dr][c - dc]):
                    continue
                n = 0
                while r + n * dr < h and c + n * dc < w and open_[r + n * dr][c + n * dc]:
                    n += 1
                if n >= 2:
                    out.append((d, r, c, n))
    return out


def numbered_grid(
    rows: Sequence[Sequence[str]], *, block: str = "#", given=None, shown: bool = False
) -> tuple[list[list[Optional[Cell]]], list[Word]]:
    """Cells and the entries of a crossword-style grid (``rows`` of letters,
    ``block`` for a black square, a space or ``None`` for a missing
    square); ``given`` is the set of (row, col) shown on the puzzle page,
    ``shown`` shows every letter."""
    grid: list[list[Optional[Cell]]] = []
    for row in rows:
        line: list[Optional[Cell]] = []
        for ch in row:
            if ch is None or ch == " ":
                line.append(None)
            elif ch == block:
                line.append(Cell("", block=True))
            else:
                line.append(Cell(upper(str(ch)), given=shown))
        grid.append(line)
    if not grid or any(len(line) != len(grid[0]) for line in grid):
        raise RenderError("a crossword grid needs rows of equal length")
    for r, c in given or ():
        grid[r][c].given = True
    open_cells = {
        (r, c): sq
        for r, line in enumerate(grid)
        for c, sq in enumerate(line)
        if sq is not None and not sq.block
    }
    runs = _runs([[(r, c) in open_cells for c in range(len(line))] for r, line in enumerate(grid)])
    starts = {(r, c) for _, r, c, _ in runs}
    number = 0
    for (r, c), sq in sorted(open_cells.items()):
        if (r, c) in starts:
            number += 1
            sq.number = number
    words = []
    for d, r, c, n in runs:
        dr, dc = (0, 1) if d == "across" else (1, 0)
        cells = tuple((r + k * dr, c + k * dc) for k in range(n))
        answer = tuple(open_cells[cell].letter for cell in cells)
        label = f"{open_cells[r, c].number}-{d.capitalize()}"
        words.append(Word("".join(answer), answer, label=label, cells=cells, direction=d))
    return grid, words


def crossword_page(
    rows: Sequence[Sequence[str]],
    clues: Union[None, Mapping[str, str], Sequence[Optional[str]]] = None,
    *,
    title: str = "Crossword",
    given: Optional[Sequence[Coord]] = None,
    block: str = "#",
    circled: Optional[Sequence[Coord]] = None,
) -> Page:
    """The page of a filled crossword: ``rows`` of letters and ``#``
    blocks (a space: no square there, as around a free-form layout's
    words; a cell of several letters: a rebus square); ``clues`` maps an
    answer (any case) to its clue, or lists the clues in entry order
    (across row by row, then down); without a clue an entry shows its
    length.  Letters at ``given`` are printed in the grid, squares at
    ``circled`` carry a circle.  The answer page shows the letters (no
    marks: a crossword's answers are its letters)."""
    grid, words = numbered_grid(rows, block=block, given=given)
    for r, c in circled or ():
        sq = grid[r][c]
        if sq is None or sq.block:
            raise RenderError(f"square {(r, c)} is not an open square: it cannot be circled")
        sq.circled = True
    for k, w in enumerate(words):
        if isinstance(clues, Mapping):
            w.clue = clues.get(w.text) or clues.get(w.text.lower())
        elif clues is not None and k < len(clues):
            w.clue = clues[k]
    return Page("crossword", title, grid, words, word_display="clues", mark_answers=False)


def _face(face: str) -> str:
    face = str(face)
    return "Qu" if face.lower() in ("q", "qu") else upper(face)


def boggle_page(
    board: Union[str, Sequence[Sequence[str]]],
    words: Sequence[Sequence],
    *,
    cols: Optional[int] = None,
    title: str = "Boggle",
    score: Optional[int] = None,
    marks: int = 3,
) -> Page:
    """The page of a Boggle board: ``board`` rows of faces, or one string
    of letters row by row with ``cols`` (``q`` is the face Qu); ``words``
    each with its path, first letter first, of (row, col) pairs or of
    indices ``row * cols + col``, and optionally its points (``(text, path,
    points)``).  The puzzle page shows the board and how many words there
    are; the answer page lists them and marks the paths of the ``marks``
    longest."""
    if isinstance(board, str):
        if not cols or len(board) % cols:
            raise RenderError(f"board {board!r}: give cols, a divisor of its {len(board)} letters")
        board = [board[k : k + cols] for k in range(0, len(board), cols)]
    faces = [[Cell(_face(f)) for f in row] for row in board]
    width = len(faces[0]) if faces else 0
    out = []
    for entry in words:
        text, path = entry[0], entry[1]
        pts = int(entry[2]) if len(entry) > 2 and entry[2] is not None else None
        cells = tuple(
            divmod(int(p), width) if isinstance(p, int) else (int(p[0]), int(p[1])) for p in path
        )
        answer = (
            tuple(faces[r][c].letter for r, c in cells)
            if all(0 <= r < len(faces) and 0 <= c < width for r, c in cells)
            else ()
        )
        if upper("".join(answer)) != upper(str(text)):
            raise RenderError(
                f"Boggle word {text!r}: its path {list(cells)} spells {''.join(answer)!r}"
            )
        out.append(Word(upper(str(text)), answer, cells=cells, points=pts))
    notes = [
        f"{len(out)} words"
        + ("" if score is None else f", {score} points")
        + (f"; the {min(marks, len(out))} longest are marked" if marks else "")
    ]
    grid: list[list[Optional[Cell]]] = [list(row) for row in faces]
    return Page(
        "boggle", title, grid, out, word_display="count", mark_longest=marks, answer_notes=notes
    )
