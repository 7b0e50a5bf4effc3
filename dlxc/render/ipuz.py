"""Pages as ipuz documents (the open puzzle format, ipuz.org, version 2).

Two PuzzleKinds are written:

- ``http://ipuz.org/wordsearch#1`` for word searches: ``puzzle`` holds the
  grid's letters (``null`` for a square that is not a cell), ``solution``
  maps each word to a GroupSpec whose ``cells`` are its path, first letter
  first.
- ``http://ipuz.org/crossword#1`` for crosswords and word rectangles:
  ``puzzle`` holds the labeled cells (a clue number, ``0`` an unnumbered
  empty cell, ``"#"`` a block, ``null`` a missing square, ``{"cell": n,
  "value": "A"}`` a letter given, ``"style": {"shapebg": "circle"}`` on a
  circled square), ``solution`` the letters (several in a rebus square,
  ``null`` for a square without a letter), ``clues`` the Across and Down
  lists as ``[number, clue]``.

Coordinates (the GroupSpec ``cells``) are ``[column, row]``, as ipuz
writes positions (x before y), counted from 0 as libipuz reads them; the
specification leaves the base open.  Boggle has no ipuz kind:
``RenderError``.  ``page_ipuz`` is the one entry point; a crossword model
builds a page with ``dlxc.render.kinds.crossword_page`` and calls it.
"""

from __future__ import annotations

from typing import Optional

from ..base.errors import RenderError
from .page import Page

VERSION = "http://ipuz.org/v2"
WORDSEARCH_KIND = "http://ipuz.org/wordsearch#1"
CROSSWORD_KIND = "http://ipuz.org/crossword#1"
BLOCK = "#"
EMPTY = 0


def page_ipuz(page: Page, *, author: Optional[str] = None) -> dict:
    """The ipuz document of ``page`` (a dict to dump as JSON)."""
    if page.kind == "wordsearch":
        doc = _wordsearch(page)
    elif page.kind in ("crossword", "wordrect"):
        doc = _crossword(page)
    else:
        raise RenderError(f"ipuz has no kind for {page.kind} puzzles; use json, svg, pdf or html")
    head = {"version": VERSION, "kind": doc.pop("kind")}
    if page.title:
        head["title"] = page.title
    if author:
        head["author"] = author
    head["origin"] = "dlxc"
    head.update(doc)
    return head


def _wordsearch(page: Page) -> dict:
    puzzle = [
        [None if sq is None else (BLOCK if sq.block else sq.letter) for sq in row]
        for row in page.grid
    ]
    solution = {}
    for w in page.placed():
        key = "".join(w.answer)
        solution[key] = {"cells": [[c, r] for r, c in w.cells]}
    doc = {
        "kind": [WORDSEARCH_KIND],
        "dimensions": {"width": page.cols, "height": page.rows},
        "puzzle": puzzle,
        "solution": solution,
    }
    missing = [w.text for w in page.words if not w.cells]
    if missing:
        doc["notes"] = "Not in the grid: " + ", ".join(missing)
    return doc


def _solution_value(letter: Optional[str]) -> Optional[str]:
    """A cell's solution: its letter, or null for a cell that holds none (a
    cell no entry crosses is left empty by the fill, shown ``.``)."""
    if not letter or letter in (".", BLOCK) or not letter.strip():
        return None
    return letter


def _crossword(page: Page) -> dict:
    puzzle, solution = [], []
    for row in page.grid:
        prow: list = []
        srow: list = []
        for sq in row:
            if sq is None:
                prow.append(None)
                srow.append(None)
            elif sq.block:
                prow.append(BLOCK)
                srow.append(BLOCK)
            else:
                n = sq.number if sq.number is not None else EMPTY
                label: dict = {"cell": n}
                if sq.given and sq.letter:
                    label["value"] = sq.letter
                if sq.circled:
                    label["style"] = {"shapebg": "circle"}
                prow.append(label if len(label) > 1 else n)
                # a square no entry crosses may have no letter: no solution there
                srow.append(_solution_value(sq.letter))
        puzzle.append(prow)
        solution.append(srow)
    clues: dict[str, list] = {"Across": [], "Down": []}
    for w in page.words:
        if not w.cells or w.direction not in ("across", "down"):
            raise RenderError(
                f"word {w.text!r}: a crossword entry needs its cells and "
                "the direction across or down"
            )
        r, c = w.cells[0]
        first = page.grid[r][c]
        number = first.number if first is not None else None
        if number is None:
            raise RenderError(f"word {w.text!r}: its first cell has no clue number")
        clue = w.clue or f"({len(w.answer)})"
        clues["Across" if w.direction == "across" else "Down"].append([number, clue])
    return {
        "kind": [CROSSWORD_KIND],
        "dimensions": {"width": page.cols, "height": page.rows},
        "empty": EMPTY,
        "block": BLOCK,
        "puzzle": puzzle,
        "solution": solution,
        "clues": clues,
    }
