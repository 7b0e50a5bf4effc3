"""Boggle boards as pages a teacher hands out, drawn on the PDF writer's
sheet (``pages_pdf(..., drawers=DRAWERS)``).

The puzzle page is the board, large and centred, as a tray of dice under
the title and a line of rules, then ruled columns to write the words
found and the points table at the foot.  The answer page (on the pages
after every board's puzzle page) shows the board small with the longest
words marked, then every word grouped by length, longest first, each
group headed by its points a word, and the total at the end; a board
with more words than a page holds goes on to the next page.
"""

from __future__ import annotations

from collections import defaultdict

from .page import Page
from .pdf import ASCENT, MARGIN, MM, PT, _grey, _grid, _heading, _title

RULES = (
    "Find words of 3 letters or more by joining dice side by side or corner to "
    "corner, each die once a word."
)
POINTS_TABLE = "Points: 3 or 4 letters 1, 5 letters 2, 6 letters 3, 7 letters 5, 8 or more 11."


def _die(sheet, x: float, y: float, side: float, face: str) -> None:
    """One die: a rounded square, its face centred (``Qu`` smaller)."""
    c = sheet.canvas
    c.saveState()
    c.setFillColorRGB(0.97, 0.96, 0.92)
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    c.setLineWidth(0.5 * MM)
    c.roundRect(
        x * MM, (sheet.height - y - side) * MM, side * MM, side * MM, side * 0.14 * MM, 1, 1
    )
    c.restoreState()
    size = side * (0.58 if len(face) < 2 else 0.44) / PT
    sheet.text(x + side / 2, y + side / 2 + size * PT * ASCENT, face, size, centred=True)
    if face in ("M", "W", "N", "Z"):  # which way up: the letters that read as others
        w = sheet.width(face, size)
        base = y + side / 2 + size * PT * ASCENT + side * 0.06
        sheet.rect(x + (side - w) / 2, base, w, side * 0.025, fill=(0, 0, 0))


def _board(sheet, page: Page, top: float, side: float, width: float) -> float:
    """The board as a tray of dice, ``side`` mm wide, centred; returns the
    y below it."""
    cols, rows = page.cols, page.rows
    pad = side * 0.04
    cell = (side - 2 * pad) / max(cols, rows)
    gap = cell * 0.08
    w, h = cols * cell + 2 * pad, rows * cell + 2 * pad
    x0 = (width - w) / 2
    c = sheet.canvas
    c.saveState()
    c.setFillColorRGB(0.16, 0.27, 0.45)
    c.roundRect(x0 * MM, (sheet.height - top - h) * MM, w * MM, h * MM, pad * 1.5 * MM, 0, 1)
    c.restoreState()
    for r, row in enumerate(page.grid):
        for k, sq in enumerate(row):
            if sq is None:
                continue
            _die(
                sheet,
                x0 + pad + k * cell + gap / 2,
                top + pad + r * cell + gap / 2,
                cell - gap,
                sq.letter,
            )
    return top + h


def puzzle_page(sheet, page: Page, width: float, height: float) -> None:
    """The board to play: title, rules, the board large, lines to write on."""
    top = _title(sheet, _heading(page, False), width)
    size = 10.5
    sheet.text(width / 2, top + 1, RULES, size, centred=True)
    top += 7
    free = height - top - MARGIN
    side = min(width - 2 * MARGIN - 30, free * 0.58, 34.0 * max(page.cols, page.rows))
    y = _board(sheet, page, top, side, width) + 9
    sheet.text(MARGIN, y, "Words found", 12)
    sheet.text(width - MARGIN - sheet.width("Score: ______", 12), y, "Score: ______", 12)
    y += 3
    foot = height - MARGIN - 8
    ncols, line_h = 3, 8.0
    colw = (width - 2 * MARGIN) / ncols
    c = sheet.canvas
    c.saveState()
    c.setStrokeColorRGB(*_grey(175))
    c.setLineWidth(0.25 * MM)
    row = y + line_h
    while row <= foot - 2:
        for k in range(ncols):
            x = MARGIN + k * colw
            c.line(
                (x + 1) * MM,
                (sheet.height - row) * MM,
                (x + colw - 5) * MM,
                (sheet.height - row) * MM,
            )
        row += line_h
    c.restoreState()
    sheet.text(width / 2, foot + 4, POINTS_TABLE, 9, color=_grey(70), centred=True)


def _groups(page: Page) -> list[tuple[int, list]]:
    by_len: dict[int, list] = defaultdict(list)
    for w in page.words:
        by_len[len(w.text)].append(w)
    return [(n, sorted(by_len[n], key=lambda w: w.text)) for n in sorted(by_len, reverse=True)]


def answer_page(sheet, page: Page, width: float, height: float) -> None:
    """The board small with its longest words marked, then every word by
    length, longest first, with its points; the total at the end."""
    top = _title(sheet, _heading(page, True), width)
    y = _grid(sheet, page, top, width, (height - top - MARGIN) * 0.3, answers=True)
    bottom = height - MARGIN - 6
    size, line_h = 10.0, 10.0 * PT * 1.5
    widest = max((sheet.width(f"{w.text}  {w.points or 0}", size) for w in page.words), default=0)
    ncols = max(1, min(6, int((width - 2 * MARGIN) // (widest + 8))))
    colw = (width - 2 * MARGIN) / ncols
    total = sum(w.points or 0 for w in page.words)

    def room(lines: float) -> None:
        nonlocal y
        if y + lines * line_h > bottom:
            sheet.next_page()
            y = MARGIN

    for n, words in _groups(page):
        pts = words[0].points
        head = f"{n} letters: {len(words)} word{'s' if len(words) != 1 else ''}"
        if pts is not None:
            head += f", {pts} point{'s' if pts != 1 else ''} each, {pts * len(words)} in all"
        room(2.5)
        y += 2
        sheet.text(MARGIN, y + line_h / 2 + 11 * PT * ASCENT, head, 11, color=(0.16, 0.27, 0.45))
        y += line_h + 1
        rows = -(-len(words) // ncols)
        k = 0
        while k < len(words):
            room(1)
            here = min(rows, max(1, int((bottom - y) // line_h)))
            chunk = words[k : k + here * ncols]
            per = -(-len(chunk) // ncols)
            for j, w in enumerate(chunk):
                col, row = divmod(j, per)
                x, base = (
                    MARGIN + col * colw + 1,
                    y + row * line_h + line_h / 2 + size * PT * ASCENT,
                )
                sheet.text(x, base, w.text, size)
                if w.points is not None:
                    label = str(w.points)
                    sheet.text(
                        x + colw - 8 - sheet.width(label, size), base, label, size, color=_grey(90)
                    )
            y += per * line_h
            k += len(chunk)
            rows = -(-(len(words) - k) // ncols)
    room(2)
    y += 4
    summary = f"Total: {len(page.words)} words"
    if any(w.points is not None for w in page.words):
        summary += f", {total} points"
    sheet.text(MARGIN, y + 12 * PT * ASCENT, summary, 12)


DRAWERS = {"boggle": (puzzle_page, answer_page)}

__all__ = ["DRAWERS", "puzzle_page", "answer_page"]
