"""Pages as plain text and as JSON: the grid as lines of letters, then the
word list (or clues), then, for the answers, the grid of the answers alone
and where each word lies."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Optional

from .page import Page, Word


def _grid_lines(page: Page, answers: bool) -> list[str]:
    used = {cell for w in page.placed() for cell in w.cells} if answers else set()
    texts: list[list[Optional[str]]] = []
    for r, row in enumerate(page.grid):
        line: list[Optional[str]] = []
        for c, cell in enumerate(row):
            if cell is None:
                line.append(None)
            elif cell.block:
                line.append("#")
            elif answers:
                line.append(
                    cell.letter
                    if (r, c) in used or cell.shaded or page.kind != "wordsearch"
                    else "."
                )
            else:
                line.append(cell.letter if cell.given else ".")
        texts.append(line)
    width = max((len(t) for line in texts for t in line if t is not None), default=1)
    return [
        " ".join((" " if t is None else t).ljust(width) for t in line).rstrip() for line in texts
    ]


def word_lines(page: Page) -> list[str]:
    """The word list as the puzzle page shows it."""
    if page.word_display == "count":
        return [f"{len(page.words)} words to find"]
    if page.word_display == "clues":
        out = []
        heading = None
        for w in page.words:
            if w.direction in ("across", "down") and w.label:
                if w.direction != heading:  # crossword style: Across, then Down
                    heading = w.direction
                    out.append(heading.capitalize())
                head = w.label.split("-")[0]
            else:
                head = w.label or w.text
            out.append(f"{head}  {w.clue or ''} ({len(w.answer)})".replace("  (", " (").rstrip())
        return out
    return [w.text + (f"  ({w.clue})" if w.clue else "") for w in page.words]


def where(word: Word) -> str:
    """``row 1, column 7, W``: where the word starts (counting from 1) and
    its direction when it has one."""
    if not word.cells:
        return "not in the grid"
    r, c = word.cells[0]
    text = f"row {r + 1}, column {c + 1}"
    return text + (f", {word.direction}" if word.direction else "")


def page_text(page: Page, *, answers: bool = False) -> str:
    """The puzzle (and, with ``answers``, its answer key) as text."""
    lines = []
    if page.title:
        lines += [page.title, ""]
    lines += _grid_lines(page, False)
    lines.append("")
    lines += word_lines(page)
    if page.notes:
        lines += [""] + list(page.notes)
    if answers:
        lines += ["", "Answers:", ""] + _grid_lines(page, True) + [""]
        placed = page.placed()
        width = max((len(w.text) for w in placed), default=0)
        lines += [f"{w.text.ljust(width)}  {where(w)}" for w in placed]
        if page.answer_notes:
            lines += [""] + list(page.answer_notes)
    return "\n".join(map(plain, lines)) + "\n"


# control characters but tab: a line feed in a title would make lines of
# its own, an escape would speak to the terminal
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")


def plain(line: str) -> str:
    """A line of the text output with each control character (but tab) shown
    as U+FFFD, so that a title, word or clue stays on its line."""
    return _CONTROL.sub("\ufffd", line)


def pages_text(pages: Sequence[Page], *, answers: bool = False) -> str:
    return "\n".join(page_text(p, answers=answers) for p in pages)


def pages_json(pages: Sequence[Page], *, indent: Optional[int] = None) -> str:
    """One JSON object per page and line (JSON Lines), or one indented
    object per page."""
    return "".join(json.dumps(p.to_json(), ensure_ascii=False, indent=indent) + "\n" for p in pages)
