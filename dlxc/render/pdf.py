"""Pages as a printable PDF (fpdf2, the optional extra ``dlxc[pdf]``).

Each puzzle gets a page: its title, the grid as large as the paper allows
(squares, letters centered, blocks, clue numbers), and the word list in as
many columns as fit (or the clues, or how many words there are).  The
answer pages follow, one per puzzle, with each word marked by a
translucent stroke along its path (round ends: the usual capsule around a
straight word).  Pages are numbered at the foot.  Paper: US Letter or A4.

Text is set in DejaVu Sans, shipped in ``dlxc/render/fonts`` under its
licence (Bitstream Vera's, see LICENSE-DejaVu.txt), which covers Latin with
its accents, Greek and Cyrillic; ``font=`` takes another TTF file for other
scripts.  A letter the font lacks is an error naming it, not a blank box.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path
from typing import BinaryIO, Sequence, Union

from ..errors import RenderError
from .page import PAPERS, Page
from .svg import MARK_COLORS
from .text import word_lines

FONT = Path(__file__).parent / "fonts" / "DejaVuSans.ttf"
MARGIN = 15.0          # mm around the page
MAX_CELL = 12.0        # mm: the largest square of a small grid
PT = 0.3528            # mm per point


def _fpdf():
    try:
        from fpdf import FPDF
    except ImportError as exc:
        raise RenderError("PDF output needs the fpdf2 library: pip install 'dlxc[pdf]' "
                          f"({exc})") from None
    return FPDF


def _rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def pages_pdf(pages: Sequence[Page], *, paper: str = "letter", answers: bool = True,
              font: Union[None, str, "os.PathLike[str]"] = None) -> bytes:
    """The PDF of ``pages``: every puzzle page, then (``answers``) every
    answer page, numbered.  Returns the document's bytes."""
    if paper not in PAPERS:
        raise RenderError(f"paper {paper!r}: use one of {', '.join(PAPERS)}")
    if not pages:
        raise RenderError("no puzzle to print")
    FPDF = _fpdf()
    width, height = PAPERS[paper]
    font_path = Path(font) if font is not None else FONT
    if not font_path.is_file():
        raise RenderError(f"font file {str(font_path)!r} not found")

    class _Doc(FPDF):
        def footer(self) -> None:
            self.set_y(-12)
            self.set_font("body", size=9)
            self.set_text_color(90, 90, 90)
            self.cell(0, 5, f"{self.page_no()}", align="C")

    pdf = _Doc(unit="mm", format=(width, height))
    pdf.set_auto_page_break(False)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_creator("dlxc")
    pdf.set_title(pages[0].title if len(pages) == 1 else f"{len(pages)} puzzles")
    pdf.add_font("body", "", str(font_path))
    try:
        _check_glyphs(pages, pdf.fonts["body"].cmap, font_path.name)
        for page in pages:
            _puzzle_page(pdf, page, width, height)
        if answers:
            for page in pages:
                _answer_page(pdf, page, width, height)
        return bytes(pdf.output())
    finally:
        for f in pdf.fonts.values():  # fpdf2 keeps the TTF file open until closed
            close = getattr(f, "close", None)
            if close is not None:
                close()


def write_pdf(pages: Sequence[Page], out: Union[str, "os.PathLike[str]", BinaryIO], **kw
              ) -> None:
    data = pages_pdf(pages, **kw)
    if hasattr(out, "write"):
        out.write(data)  # type: ignore[union-attr]
    else:
        with open(out, "wb") as f:
            f.write(data)


def _check_glyphs(pages: Sequence[Page], cmap, font_name: str) -> None:
    """``RenderError`` naming the first character the font cannot draw
    (``cmap``: the font's characters, as fpdf2 read them)."""
    for page in pages:
        texts = [page.title] + [w.text for w in page.words] + [w.clue or "" for w in page.words]
        texts += [sq.letter for row in page.grid for sq in row if sq is not None]
        texts += page.notes + page.answer_notes
        for text in texts:
            for ch in text:
                if ord(ch) not in cmap and not ch.isspace():
                    raise RenderError(
                        f"the font {font_name} has no glyph for {ch!r} "
                        f"({unicodedata.name(ch, hex(ord(ch)))}) in {text!r}; give a font "
                        "that covers the words' script (--font FILE.ttf)")


def _title(pdf, page: Page, text: str, width: float) -> float:
    pdf.set_text_color(0, 0, 0)
    pdf.set_font("body", size=20)
    pdf.set_xy(MARGIN, MARGIN)
    pdf.multi_cell(width - 2 * MARGIN, 9, text, align="C")
    return pdf.get_y() + 4


def _heading(page: Page, answers: bool) -> str:
    name = page.title or page.kind
    if page.number is not None:
        name = f"{page.number}. {name}"
    return f"Answers: {name}" if answers else name


def _grid(pdf, page: Page, top: float, width: float, max_h: float, answers: bool) -> float:
    """Draw the grid from ``top``; returns the y below it."""
    rows, cols = page.rows, page.cols
    avail_w = width - 2 * MARGIN
    cell = min(MAX_CELL, avail_w / cols, max_h / rows)
    x0 = (width - cell * cols) / 2
    y0 = top
    crossword = page.kind in ("crossword", "wordrect")
    used = set()
    if answers and page.kind == "wordsearch":
        used = {c for w in page.placed() for c in w.cells}
    for r, row in enumerate(page.grid):
        for c, sq in enumerate(row):
            if sq is None:
                continue
            x, y = x0 + c * cell, y0 + r * cell
            if sq.block:
                pdf.set_fill_color(0, 0, 0)
                pdf.rect(x, y, cell, cell, style="F")
                continue
            if answers and sq.shaded:
                pdf.set_fill_color(255, 240, 170)
                pdf.rect(x, y, cell, cell, style="F")
            if crossword or page.kind == "boggle":
                pdf.set_draw_color(60, 60, 60)
                pdf.set_line_width(0.3)
                pdf.rect(x, y, cell, cell)
            if sq.number is not None:
                pdf.set_text_color(0, 0, 0)
                pdf.set_font("body", size=max(4.0, cell * 0.27 / PT))
                pdf.text(x + cell * 0.06, y + cell * 0.3, str(sq.number))
    if not crossword and page.kind != "boggle":
        pdf.set_draw_color(120, 120, 120)
        pdf.set_line_width(0.3)
        pdf.rect(x0 - 1, y0 - 1, cell * cols + 2, cell * rows + 2)
    if answers:
        _marks(pdf, page, x0, y0, cell)
    for r, row in enumerate(page.grid):
        for c, sq in enumerate(row):
            if sq is None or sq.block or not sq.letter or not (sq.given or answers):
                continue
            faded = answers and page.kind == "wordsearch" and (r, c) not in used \
                and not sq.shaded
            pdf.set_text_color(*((170, 170, 170) if faded else (0, 0, 0)))
            size = cell * (0.55 if len(sq.letter) < 2 else 0.42) / PT
            pdf.set_font("body", size=size)
            tw = pdf.get_string_width(sq.letter)
            x = x0 + c * cell + (cell - tw) / 2
            y = y0 + r * cell + cell * 0.5 + size * PT * 0.36
            pdf.text(x, y, sq.letter)
    return y0 + rows * cell + 6


def _marks(pdf, page: Page, x0: float, y0: float, cell: float) -> None:
    for k, word in enumerate(page.marked()):
        pts = [(x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell) for r, c in word.cells]
        with pdf.local_context(stroke_opacity=0.4, fill_opacity=0.3, line_width=cell * 0.72,
                               stroke_cap_style="ROUND", stroke_join_style="ROUND"):
            pdf.set_draw_color(*_rgb(MARK_COLORS[k % len(MARK_COLORS)]))
            pdf.set_fill_color(*_rgb(MARK_COLORS[k % len(MARK_COLORS)]))
            if len(pts) == 1:
                pdf.circle(pts[0][0], pts[0][1], cell * 0.38, style="F")
            else:
                pdf.polyline(pts)


def _columns(pdf, lines: list[str], top: float, width: float, height: float,
             size: float = 11.0) -> float:
    """The lines in as many columns as fit across the page; the font
    shrinks when they would run off its foot."""
    avail_w = width - 2 * MARGIN
    bottom = height - MARGIN - 6
    while True:
        pdf.set_font("body", size=size)
        widest = max((pdf.get_string_width(t) for t in lines), default=0) + 6
        ncols = max(1, min(len(lines), int(avail_w // max(widest, 1))))
        per = -(-len(lines) // ncols) if lines else 0
        line_h = size * PT * 1.45
        if top + per * line_h <= bottom or size <= 6:
            break
        size -= 0.5
    colw = avail_w / ncols
    pdf.set_text_color(0, 0, 0)
    for k, text in enumerate(lines):
        col, row = divmod(k, per)
        pdf.set_xy(MARGIN + col * colw, top + row * line_h)
        pdf.cell(colw, line_h, text)
    return top + per * line_h + 3


def _puzzle_page(pdf, page: Page, width: float, height: float) -> None:
    pdf.add_page()
    top = _title(pdf, page, _heading(page, False), width)
    lines = word_lines(page)
    grid_h = (height - top - MARGIN) * (0.62 if page.word_display != "count" else 0.8)
    y = _grid(pdf, page, top, width, grid_h, answers=False)
    y = _columns(pdf, lines, y, width, height)
    if page.notes:
        _columns(pdf, list(page.notes), y, width, height, size=10)


def _answer_page(pdf, page: Page, width: float, height: float) -> None:
    pdf.add_page()
    top = _title(pdf, page, _heading(page, True), width)
    grid_h = (height - top - MARGIN) * 0.62
    y = _grid(pdf, page, top, width, grid_h, answers=True)
    if page.kind == "boggle":
        y = _columns(pdf, [w.text for w in page.words], y, width, height, size=10)
    elif page.kind == "crossword":
        y = _columns(pdf, [f"{w.label}  {w.text}" for w in page.words], y, width, height,
                     size=10)
    notes = list(page.answer_notes)
    if notes:
        _columns(pdf, notes, y, width, height, size=10)


__all__ = ["pages_pdf", "write_pdf", "FONT"]
