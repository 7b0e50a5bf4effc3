"""Pages as a printable PDF (reportlab, the optional extra ``dlxc[pdf]``).

Each puzzle gets a page: its title, the grid as large as the paper allows
(squares, letters centered, blocks, clue numbers), and the word list in as
many columns as fit (or the clues, or how many words there are).  The
answer pages follow, one per puzzle, with each word marked by a
translucent stroke along its path (round ends: the usual capsule around a
straight word).  Pages are numbered at the foot.  Paper: US Letter or A4.

Text is set in DejaVu Sans, shipped in ``dlxc/render/fonts`` under its
licence (Bitstream Vera's, see LICENSE-DejaVu.txt), which covers Latin with
its accents, Greek and Cyrillic; ``font=`` takes another TTF file for other
scripts.  reportlab embeds only the glyphs a document uses.  A letter the
font lacks is an error naming it, not a blank box.

reportlab rather than fpdf2: importing fpdf2 imports fontTools, about half
a second, which was more than everything else a two-page word search costs
(bench/bench_pdf.py); reportlab reads TrueType fonts itself.
"""

from __future__ import annotations

import io
import os
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import BinaryIO, Optional, Union

from ..base.errors import RenderError
from .page import PAPERS, Page, letter_size, outline
from .svg import MARK_COLORS
from .text import word_lines

FONT = Path(__file__).parent / "fonts" / "DejaVuSans.ttf"
MARGIN = 15.0  # mm around the page
MAX_CELL = 12.0  # mm: the largest square of a small grid
PT = 0.3528  # mm per point
MM = 72 / 25.4  # points per mm
ASCENT = 0.36  # a capital's half height, in font sizes: centres a letter on a line


def _reportlab():
    try:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFError, TTFont
        from reportlab.pdfgen.canvas import Canvas
    except ImportError as exc:
        raise RenderError(
            f"PDF output needs the reportlab library: pip install 'dlxc[pdf]' ({exc})"
        ) from None
    return Canvas, pdfmetrics, TTFont, TTFError


def _rgb(color: str) -> tuple[float, float, float]:
    r, g, b = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return r, g, b


def _grey(level: int) -> tuple[float, float, float]:
    v = level / 255
    return v, v, v


class _Sheet:
    """A reportlab canvas measured as the layout below measures a page: in
    mm, from the top left corner, y growing downwards; text sizes in points."""

    def __init__(self, canvas, font: str, width: float, height: float, string_width) -> None:
        self.canvas, self.font, self.width_mm, self.height = canvas, font, width, height
        self._string_width = string_width
        self.number = 1

    def next_page(self) -> None:
        """The page's number at its foot, and on to a new page."""
        self.text(
            self.width_mm / 2,
            self.height - 12 + 2.5 + 9 * PT * ASCENT,
            f"{self.number}",
            9,
            color=_grey(90),
            centred=True,
        )
        self.canvas.showPage()
        self.number += 1

    def width(self, text: str, size: float) -> float:
        return self._string_width(text, self.font, size) / MM

    def text(
        self,
        x: float,
        baseline: float,
        text: str,
        size: float,
        color=(0.0, 0.0, 0.0),
        centred: bool = False,
    ) -> None:
        c = self.canvas
        c.setFillColorRGB(*color)
        c.setFont(self.font, size)
        draw = c.drawCentredString if centred else c.drawString
        draw(x * MM, (self.height - baseline) * MM, text)

    def rect(
        self, x: float, y: float, w: float, h: float, *, fill=None, stroke=None, line: float = 0.3
    ) -> None:
        c = self.canvas
        if fill is not None:
            c.setFillColorRGB(*fill)
        if stroke is not None:
            c.setStrokeColorRGB(*stroke)
            c.setLineWidth(line * MM)
        c.rect(
            x * MM,
            (self.height - y - h) * MM,
            w * MM,
            h * MM,
            stroke=int(stroke is not None),
            fill=int(fill is not None),
        )

    def line(self, x1: float, y1: float, x2: float, y2: float, color, width: float = 0.3) -> None:
        """A plain line from (x1, y1) to (x2, y2), ``width`` mm wide."""
        c = self.canvas
        c.setStrokeColorRGB(*color)
        c.setLineWidth(width * MM)
        c.setLineCap(2)  # square ends: the segments of an outline meet at corners
        c.line(x1 * MM, (self.height - y1) * MM, x2 * MM, (self.height - y2) * MM)

    def stroke_path(self, pts, color, width: float) -> None:
        """A translucent stroke with round ends and joins through ``pts``."""
        c = self.canvas
        c.saveState()
        c.setStrokeColorRGB(*color)
        c.setStrokeAlpha(0.4)
        c.setLineWidth(width * MM)
        c.setLineCap(1)
        c.setLineJoin(1)
        path = c.beginPath()
        (x, y), rest = pts[0], pts[1:]
        path.moveTo(x * MM, (self.height - y) * MM)
        for x, y in rest:
            path.lineTo(x * MM, (self.height - y) * MM)
        c.drawPath(path, stroke=1, fill=0)
        c.restoreState()

    def ring(self, x: float, y: float, r: float, color, line: float = 0.25) -> None:
        """An unfilled circle (a crossword's circled square)."""
        c = self.canvas
        c.saveState()
        c.setStrokeColorRGB(*color)
        c.setLineWidth(line * MM)
        c.circle(x * MM, (self.height - y) * MM, r * MM, stroke=1, fill=0)
        c.restoreState()

    def dot(self, x: float, y: float, r: float, color) -> None:
        c = self.canvas
        c.saveState()
        c.setFillColorRGB(*color)
        c.setFillAlpha(0.3)
        c.circle(x * MM, (self.height - y) * MM, r * MM, stroke=0, fill=1)
        c.restoreState()


def _font(path: Path, pdfmetrics, TTFont, TTFError):
    """reportlab's font of the TTF file ``path``, registered once a process."""
    name = f"dlxc:{path.resolve()}"
    if name in pdfmetrics.getRegisteredFontNames():  # (getFont of an unknown name
        return pdfmetrics.getFont(name)  # searches every AFM file first)
    try:
        font = TTFont(name, str(path))
    except (TTFError, OSError, ValueError) as exc:
        raise RenderError(f"font file {str(path)!r}: not a usable TrueType font ({exc})") from None
    pdfmetrics.registerFont(font)
    return font


def pages_pdf(
    pages: Sequence[Page],
    *,
    paper: str = "letter",
    answers: bool = True,
    font: Union[None, str, os.PathLike[str]] = None,
    drawers: Optional[Mapping[str, tuple[Callable, Callable]]] = None,
) -> bytes:
    """The PDF of ``pages``: every puzzle page, then (``answers``) every
    answer page, numbered.  ``drawers`` maps a page kind to the (puzzle,
    answer) functions that draw its pages, each called as
    ``draw(sheet, page, width, height)`` (the Boggle pages of
    ``dlxc.render.boggle_pdf``).  Returns the document's bytes."""
    if paper not in PAPERS:
        raise RenderError(f"paper {paper!r}: use one of {', '.join(PAPERS)}")
    if not pages:
        raise RenderError("no puzzle to print")
    Canvas, pdfmetrics, TTFont, TTFError = _reportlab()
    width, height = PAPERS[paper]
    font_path = Path(font) if font is not None else FONT
    if not font_path.is_file():
        raise RenderError(f"font file {str(font_path)!r} not found")
    face = _font(font_path, pdfmetrics, TTFont, TTFError)
    _check_glyphs(pages, face.face.charToGlyph, font_path.name)
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(width * MM, height * MM), invariant=True)
    canvas.setCreator("dlxc")
    canvas.setTitle(pages[0].title if len(pages) == 1 else f"{len(pages)} puzzles")
    sheet = _Sheet(canvas, face.fontName, width, height, pdfmetrics.stringWidth)
    kinds = dict(drawers or {})
    drawn = [(kinds.get(page.kind, (_puzzle_page, _answer_page))[0], page) for page in pages]
    if answers:
        drawn += [(kinds.get(page.kind, (_puzzle_page, _answer_page))[1], page) for page in pages]
    for draw, page in drawn:
        draw(sheet, page, width, height)
        sheet.next_page()
    canvas.save()
    return out.getvalue()


def write_pdf(pages: Sequence[Page], out: Union[str, os.PathLike[str], BinaryIO], **kw) -> None:
    data = pages_pdf(pages, **kw)
    if isinstance(out, (str, os.PathLike)):
        with open(out, "wb") as f:
            f.write(data)
    else:
        out.write(data)


def _check_glyphs(pages: Sequence[Page], cmap, font_name: str) -> None:
    """``RenderError`` naming the first character the font cannot draw
    (``cmap``: the font's characters, as reportlab read them)."""
    for page in pages:
        texts = [page.title] + [w.text for w in page.words] + [w.clue or "" for w in page.words]
        texts += [sq.letter for row in page.grid for sq in row if sq is not None]
        texts += page.notes + page.answer_notes
        for text in texts:
            for ch in text:
                if (ch < " " and ch not in "\t\n\r") or "\x7f" <= ch <= "\x9f":
                    raise RenderError(
                        f"{text!r} has the control character {ch!r}, "
                        "which a PDF page cannot show; leave it out"
                    )
                if ord(ch) not in cmap and not ch.isspace():
                    raise RenderError(
                        f"the font {font_name} has no glyph for {ch!r} "
                        f"({unicodedata.name(ch, hex(ord(ch)))}) in {text!r}; give a font "
                        "that covers the words' script (--font FILE.ttf)"
                    )


def _title(sheet: _Sheet, text: str, width: float) -> float:
    """The title centred at the head of the page, wrapped to its width;
    returns the y below it."""
    size, line_h = 20, 9.0
    words = text.split()
    lines: list[str] = []
    for word in words:
        if lines and sheet.width(f"{lines[-1]} {word}", size) <= width - 2 * MARGIN:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    for k, line in enumerate(lines or [""]):
        baseline = MARGIN + k * line_h + line_h / 2 + size * PT * ASCENT
        sheet.text(width / 2, baseline, line, size, centred=True)
    return MARGIN + max(1, len(lines)) * line_h + 4


def _heading(page: Page, answers: bool) -> str:
    name = page.title or page.kind
    if page.number is not None:
        name = f"{page.number}. {name}"
    return f"Answers: {name}" if answers else name


def _grid(
    sheet: _Sheet, page: Page, top: float, width: float, max_h: float, answers: bool
) -> float:
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
                sheet.rect(x, y, cell, cell, fill=(0, 0, 0))
                continue
            if answers and sq.shaded:
                sheet.rect(x, y, cell, cell, fill=_rgb("#fff0aa"))
            if crossword or page.kind == "boggle":
                sheet.rect(x, y, cell, cell, stroke=_grey(60))
            if sq.circled:
                sheet.ring(x + cell / 2, y + cell / 2, cell * 0.46, _grey(90))
            if sq.number is not None:
                sheet.text(
                    x + cell * 0.06, y + cell * 0.3, str(sq.number), max(4.0, cell * 0.27 / PT)
                )
    shaped = page.kind == "wordsearch" and any(sq is None for line in page.grid for sq in line)
    if shaped:  # a shaped word search: its outline, not a frame around the rectangle
        for (r1, c1), (r2, c2) in outline(page.grid):
            sheet.line(
                x0 + c1 * cell, y0 + r1 * cell, x0 + c2 * cell, y0 + r2 * cell, _grey(90), 0.4
            )
    elif not crossword and page.kind != "boggle":
        sheet.rect(x0 - 1, y0 - 1, cell * cols + 2, cell * rows + 2, stroke=_grey(120))
    if answers:
        _marks(sheet, page, x0, y0, cell)
    for r, row in enumerate(page.grid):
        for c, sq in enumerate(row):
            if sq is None or sq.block or not sq.letter or not (sq.given or answers):
                continue
            faded = answers and page.kind == "wordsearch" and (r, c) not in used and not sq.shaded
            size = cell * letter_size(sq.letter) / PT
            sheet.text(
                x0 + (c + 0.5) * cell,
                y0 + (r + 0.5) * cell + size * PT * ASCENT,
                sq.letter,
                size,
                color=_grey(170) if faded else (0, 0, 0),
                centred=True,
            )
    return y0 + rows * cell + 6


def _marks(sheet: _Sheet, page: Page, x0: float, y0: float, cell: float) -> None:
    for k, word in enumerate(page.marked()):
        color = _rgb(MARK_COLORS[k % len(MARK_COLORS)])
        pts = [(x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell) for r, c in word.cells]
        if len(pts) == 1:
            sheet.dot(pts[0][0], pts[0][1], cell * 0.38, color)
        else:
            sheet.stroke_path(pts, color, cell * 0.72)


def _columns(
    sheet: _Sheet, lines: list[str], top: float, width: float, height: float, size: float = 11.0
) -> float:
    """The lines in as many columns as fit across the page; the font
    shrinks when they would run off its foot, down to 6 points, and what
    still does not fit goes on to the next pages (a Boggle board's
    thousand words): no line is lost."""
    avail_w = width - 2 * MARGIN
    bottom = height - MARGIN - 6
    while True:
        widest = max((sheet.width(t, size) for t in lines), default=0) + 6
        ncols = max(1, min(len(lines), int(avail_w // max(widest, 1))))
        per = -(-len(lines) // ncols) if lines else 0
        line_h = size * PT * 1.45
        if top + per * line_h <= bottom or size <= 6:
            break
        size -= 0.5
    colw = avail_w / ncols
    while lines:
        rows = max(1, min(per, int((bottom - top) // line_h)))
        here, lines = lines[: rows * ncols], lines[rows * ncols :]
        rows = -(-len(here) // ncols)
        for k, text in enumerate(here):
            col, row = divmod(k, rows)
            sheet.text(
                MARGIN + col * colw + 1,
                top + row * line_h + line_h / 2 + size * PT * ASCENT,
                text,
                size,
            )
        if lines:
            sheet.next_page()
            top = MARGIN
        else:
            top += rows * line_h
    return top + 3


def _clue_columns(
    sheet: _Sheet, lines: list[str], top: float, width: float, height: float
) -> Optional[float]:
    """A crossword's clues as newspapers print them: Across in the left
    column, Down in the right, each under its heading; the font shrinks to
    fit, down to 7 points.  None when they do not fit on the page (the
    caller flows them in columns over as many pages as they need)."""
    if "Down" not in lines:
        return None
    k = lines.index("Down")
    across, down = lines[:k], lines[k:]
    avail_w = width - 2 * MARGIN
    bottom = height - MARGIN - 6
    size = 11.0
    while size >= 7:
        line_h = size * PT * 1.45
        widest = max(sheet.width(t, size) for t in lines) + 6
        if widest <= avail_w / 2 and top + max(len(across), len(down)) * line_h <= bottom:
            for col, part in enumerate((across, down)):
                for row, text in enumerate(part):
                    sheet.text(
                        MARGIN + col * avail_w / 2 + 1,
                        top + row * line_h + line_h / 2 + size * PT * ASCENT,
                        text,
                        size,
                    )
            return top + max(len(across), len(down)) * line_h + 3
        size -= 0.5
    return None


def _puzzle_page(sheet: _Sheet, page: Page, width: float, height: float) -> None:
    top = _title(sheet, _heading(page, False), width)
    lines = word_lines(page)
    grid_h = (height - top - MARGIN) * (0.62 if page.word_display != "count" else 0.8)
    y = _grid(sheet, page, top, width, grid_h, answers=False)
    placed = _clue_columns(sheet, lines, y, width, height) if page.kind == "crossword" else None
    y = placed if placed is not None else _columns(sheet, lines, y, width, height)
    if page.notes:
        _columns(sheet, list(page.notes), y, width, height, size=10)


def _answer_page(sheet: _Sheet, page: Page, width: float, height: float) -> None:
    top = _title(sheet, _heading(page, True), width)
    grid_h = (height - top - MARGIN) * 0.62
    y = _grid(sheet, page, top, width, grid_h, answers=True)
    if page.kind == "boggle":
        y = _columns(sheet, [w.text for w in page.words], y, width, height, size=10)
    elif page.kind == "crossword":
        y = _columns(sheet, [f"{w.label}  {w.text}" for w in page.words], y, width, height, size=10)
    notes = list(page.answer_notes)
    if notes:
        _columns(sheet, notes, y, width, height, size=10)


__all__ = ["pages_pdf", "write_pdf", "FONT"]
