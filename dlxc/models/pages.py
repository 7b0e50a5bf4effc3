"""Puzzle models described as pages for the writers of ``dlxc.render``
(text, json, svg, pdf, ipuz, html), and the themed word lists dlxc ships.

- ``wordsearch_page(puzzle, ...)``: a finished word search; each word keeps
  its display form (``ICE CREAM``) and clue, the hidden message's cells are
  shaded on the answer page, words left out are named in the notes.
- ``wordrect_page(rect, ...)``: a word rectangle as a fill-in puzzle (the
  empty grid and its words to place; the answer page shows the letters).

Crosswords and Boggle boards are described from plain grids by
``dlxc.render.kinds`` (``crossword_page``, ``boggle_page``).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Optional

from ..base.errors import ProblemError
from ..base.letters import upper_letter
from ..render import Cell, Page, Word, numbered_grid
from .words import display_form

THEMES_PACKAGE = "dlxc.models.themes"


def wordsearch_page(
    puzzle,
    *,
    title: str = "Word search",
    display: Optional[Sequence[str]] = None,
    clues: Optional[Sequence[Optional[str]]] = None,
    left_out: Sequence[str] = (),
    number: Optional[int] = None,
    message: Optional[str] = None,
    order: str = "given",
    hint: bool = True,
) -> Page:
    """The page of a ``Puzzle``: ``display`` and ``clues`` go with the
    puzzle's words in order (default: the entries as given, in upper case;
    no clues); ``left_out`` names words that did not fit (``--partial``),
    ``message`` the hidden message, whose cells the puzzle knows.  The word
    list is in the order given, or ``order="sorted"`` (alphabetically);
    ``hint`` adds a line that says which ways the words go
    (``direction_hint``)."""
    ws = puzzle.layout.search
    shown = list(display) if display is not None else [display_form(e) for e in ws.entries]
    grid: list[list[Optional[Cell]]] = [
        [None if ch is None else Cell(ch) for ch in row] for row in puzzle.grid
    ]
    for r, c in puzzle.message_cells:
        grid[r][c].shaded = True
    words = []
    for k, p in enumerate(puzzle.layout.placements):
        words.append(
            Word(
                shown[k] if k < len(shown) else p.word,
                p.letters,
                clue=clues[k] if clues is not None and k < len(clues) else None,
                cells=p.cells,
                direction=p.direction,
            )
        )
    if order == "sorted":
        words.sort(key=lambda w: (w.text.casefold(), w.text))
    elif order != "given":
        raise ProblemError(f"word order {order!r}: use 'given' or 'sorted'")
    notes, answer_notes = [], []
    if hint:
        notes.append(direction_hint(p.direction for p in puzzle.layout.placements))
    if left_out:
        notes.append("Left out (no room in the grid): " + ", ".join(left_out))
    if message:
        notes.append(
            f"The first {len(puzzle.message_cells)} letters left over, read row by "
            "row, spell a hidden message."
        )
        answer_notes.append(f"Hidden message: {display_form(message)}")
    meta = {"seed": puzzle.seed, "directions": ",".join(ws.directions)}
    return Page(
        "wordsearch",
        title,
        grid,
        words,
        notes=notes,
        answer_notes=answer_notes,
        number=number,
        meta=meta,
    )


_ACROSS, _DOWN = {"E", "W"}, {"S", "N"}
_BACKWARDS = {"W", "N", "SW", "NW"}


def direction_hint(directions) -> str:
    """A line for the solver on which ways the words go, from the
    directions of the placements (so it tells no more than the puzzle):

    >>> direction_hint(["E", "S", "NW"])
    'Words go across, down and diagonally, some backwards.'
    >>> direction_hint(["E", "E"])
    'Words go across, left to right.'
    """
    used = set(directions)
    ways = [
        name
        for name, group in (
            ("across", _ACROSS),
            ("down", _DOWN),
            ("diagonally", set(_DIAGONAL)),
        )
        if used & group
    ]
    text = ways[0] if len(ways) == 1 else ", ".join(ways[:-1]) + " and " + ways[-1]
    if not used & _BACKWARDS:
        tail = ", left to right" if ways == ["across"] else ", never backwards"
        if ways == ["down"]:
            tail = ", top to bottom"
    elif used <= _BACKWARDS:
        tail = ", all backwards"
    else:
        tail = ", some backwards"
    return f"Words go {text}{tail}."


_DIAGONAL = ("SE", "SW", "NE", "NW")


def wordrect_page(rect, *, title: str = "Word rectangle", number: Optional[int] = None) -> Page:
    """A word rectangle as a fill-in puzzle: the empty grid numbered as a
    crossword, the words to place listed by length; the answer page shows
    the letters (the ipuz form is a crossword whose clues are lengths)."""
    grid, words = numbered_grid([[upper_letter(ch) for ch in line] for line in rect.grid])
    words.sort(key=lambda w: (len(w.answer), w.text))
    return Page("wordrect", title, grid, words, mark_answers=False, number=number)


def themes() -> list[str]:
    """The names of the themed word lists dlxc ships (``--theme NAME``)."""
    return sorted(
        p.name[:-4] for p in resources.files(THEMES_PACKAGE).iterdir() if p.name.endswith(".txt")
    )


def theme_entries(name: str) -> tuple[list[str], list[str], list[Optional[str]]]:
    """(entries, where, clues) of a shipped theme (one ``ENTRY;clue`` a line)."""
    if name not in themes():
        raise ProblemError(f"no theme {name!r}; dlxc ships: {', '.join(themes())}")
    text = resources.files(THEMES_PACKAGE).joinpath(name + ".txt").read_text("utf-8")
    entries, where, clues = [], [], []
    for i, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, sep, clue = line.partition(";")
        entries.append(word.strip())
        where.append(f"theme {name}:{i}")
        clues.append(clue.strip() or None if sep else None)
    return entries, where, clues
