"""Writing puzzles for people and other programs: text, JSON, SVG, PDF,
ipuz, HTML and .puz (crosswords), from one neutral description of a page (``Page``).

This package sits below the puzzle models and imports none of them: a
model describes itself as a ``Page`` (``dlxc.models.pages`` for word
searches and word rectangles; ``kinds.crossword_page`` and
``kinds.boggle_page`` take plain grids), and ``render`` writes it.

>>> from dlxc.render import Page, Word, letters_grid, render
>>> page = Page("wordsearch", "Tiny", letters_grid(["AB", "CD"]),
...             [Word("AB", ("A", "B"), cells=((0, 0), (0, 1)), direction="E")])
>>> print(render([page], "text")[0].decode())
Tiny
<BLANKLINE>
A B
C D
<BLANKLINE>
AB
<BLANKLINE>
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Optional

from ..base.errors import RenderError
from .html import page_html
from .ipuz import page_ipuz
from .kinds import boggle_page, crossword_page, numbered_grid
from .page import PAPERS, Cell, Page, Word, check_page, letters_grid
from .puz import page_puz
from .svg import page_svg
from .text import pages_json, pages_text

FORMATS = ("text", "json", "svg", "pdf", "ipuz", "html", "csv", "puz")

#: Formats that hold one puzzle per file: several puzzles make several files.
ONE_PER_FILE = ("svg", "ipuz", "html", "puz")


def render(
    pages: Sequence[Page],
    fmt: str,
    *,
    answers: bool = False,
    paper: str = "letter",
    font: Optional[str] = None,
    key: bool = True,
) -> list[bytes]:
    """The documents of ``pages`` in format ``fmt``: one for text, json,
    pdf and csv (every page in it; a PDF has the answer pages unless ``key``
    is false, a CSV the words' positions), one per page for svg, ipuz, html
    and puz (``answers``: an SVG with the answers marked; puz: crosswords
    only)."""
    if fmt not in FORMATS:
        raise RenderError(f"format {fmt!r}: use one of {', '.join(FORMATS)}")
    if fmt == "text":
        return [pages_text(pages, answers=answers).encode()]
    if fmt == "json":
        return [pages_json(pages).encode()]
    if fmt == "pdf":
        from .boggle_pdf import DRAWERS
        from .pdf import pages_pdf

        return [pages_pdf(pages, paper=paper, font=font, answers=key, drawers=DRAWERS)]
    if fmt == "csv":
        from .csv import pages_csv  # here: most commands never write CSV

        return [pages_csv(pages, key=key).encode()]
    if fmt == "svg":
        # a Boggle board is a few large dice: drawn larger than a grid of letters
        return [
            page_svg(p, answers=answers, cell=72.0 if p.kind == "boggle" else 32.0).encode()
            for p in pages
        ]
    if fmt == "ipuz":
        return [
            (json.dumps(page_ipuz(p), ensure_ascii=False, indent=1) + "\n").encode() for p in pages
        ]
    if fmt == "puz":
        return [page_puz(p) for p in pages]
    from .boggle_html import boggle_html  # here: only Boggle pages need it

    return [(boggle_html(p) if p.kind == "boggle" else page_html(p)).encode() for p in pages]


__all__ = [
    "FORMATS",
    "ONE_PER_FILE",
    "PAPERS",
    "Cell",
    "Page",
    "Word",
    "check_page",
    "letters_grid",
    "numbered_grid",
    "crossword_page",
    "boggle_page",
    "page_svg",
    "page_ipuz",
    "page_puz",
    "page_html",
    "pages_text",
    "pages_json",
    "render",
]
