"""A page's grid as SVG: squares, letters, blocks and clue numbers, and on
request the answers marked (a translucent stroke along each word's path,
round at both ends, so a straight word gets the usual capsule)."""

from __future__ import annotations

# html.escape, not xml.sax.saxutils.escape: importing saxutils imports
# urllib.request, which every puzzle command paid for at its start (about a
# tenth of `dlxc wordsearch ... --count`).
import json
import re
import textwrap
from html import escape
from typing import Any

from .page import Page, letter_size, outline

#: The colors of the answer marks, one per word in turn (tints that keep
#: the letters readable under them).
MARK_COLORS = (
    "#e6194b",
    "#3cb44b",
    "#4363d8",
    "#f58231",
    "#911eb4",
    "#42d4f4",
    "#f032e6",
    "#9a6324",
    "#808000",
    "#000075",
)


# what XML 1.0 cannot hold even escaped: the C0 controls but tab, line feed
# and carriage return, lone surrogates, U+FFFE and U+FFFF
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def markup(text: str) -> str:
    """``text`` as XML or HTML text: &, < and > escaped, and each character
    XML cannot hold (a control character) shown as U+FFFD (the SVG and HTML
    pages use it)."""
    return escape(_NOT_XML.sub("\ufffd", text), quote=False)


def script_json(data: Any) -> str:
    """``data`` as JSON to put inside an HTML ``<script>`` element: every
    ``<``, ``>`` and ``&`` written as a JSON escape, so that no text in it
    (``</script>``, ``<!--``) can end the element or change how it is read."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def attribute(text: str) -> str:
    """``text`` as the value of an attribute in double quotes."""
    return markup(text).replace('"', "&quot;")


def page_svg(page: Page, *, answers: bool = False, cell: float = 32.0, title: bool = True) -> str:
    """The grid of ``page`` as one SVG document (``answers``: every
    crossword letter shown and every placed word marked)."""
    rows, cols = page.rows, page.cols
    top = cell * 1.2 if title and page.title else 0.0
    pad = 2.0
    w, h = cols * cell + 2 * pad, rows * cell + 2 * pad + top
    below, w = _word_list(page, rows * cell + 2 * pad + top, w, cell)
    h += below[1] if below else 0.0
    x0 = (w - cols * cell) / 2
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" '
        f'viewBox="0 0 {w:g} {h:g}" font-family="DejaVu Sans, Verdana, sans-serif">',
        f"<title>{markup(page.title or page.kind)}</title>",
        f'<rect width="{w:g}" height="{h:g}" fill="white"/>',
    ]
    if top:
        # a title wider than a small grid shrinks to fit (a bold DejaVu Sans
        # letter is about 0.7 of its size wide)
        size = min(cell * 0.6, (w - 2 * pad) / (0.7 * max(1, len(page.title))))
        out.append(
            f'<text x="{w / 2:g}" y="{cell * 0.85:g}" font-size="{size:g}" '
            f'text-anchor="middle" font-weight="bold">{markup(page.title)}</text>'
        )
    y0 = pad + top
    lines = page.kind != "wordsearch" and page.kind != "boggle"
    for r, row in enumerate(page.grid):
        for c, sq in enumerate(row):
            if sq is None:
                continue
            x, y = x0 + c * cell, y0 + r * cell
            fill = "black" if sq.block else ("#fff3b0" if answers and sq.shaded else "white")
            stroke = (
                ' stroke="#444" stroke-width="1"'
                if lines or sq.block
                else ' stroke="#ddd" stroke-width="0.5"'
            )
            out.append(
                f'<rect x="{x:g}" y="{y:g}" width="{cell:g}" height="{cell:g}" '
                f'fill="{fill}"{stroke}/>'
            )
            if sq.circled:
                out.append(
                    f'<circle cx="{x + cell / 2:g}" cy="{y + cell / 2:g}" r="{cell * 0.46:g}" '
                    'fill="none" stroke="#666" stroke-width="1"/>'
                )
            if sq.number is not None:
                out.append(
                    f'<text x="{x + cell * 0.06:g}" y="{y + cell * 0.3:g}" '
                    f'font-size="{cell * 0.28:g}">{sq.number}</text>'
                )
            if not sq.block and sq.letter and (sq.given or answers):
                size = cell * letter_size(sq.letter)
                out.append(
                    f'<text x="{x + cell / 2:g}" y="{y + cell * 0.7:g}" '
                    f'font-size="{size:g}" text-anchor="middle">'
                    f"{markup(sq.letter)}</text>"
                )
    if answers:
        for k, word in enumerate(page.marked()):
            pts = " ".join(
                f"{x0 + (c + 0.5) * cell:g},{y0 + (r + 0.5) * cell:g}" for r, c in word.cells
            )
            if len(word.cells) == 1:
                r, c = word.cells[0]
                out.append(
                    f'<circle cx="{x0 + (c + 0.5) * cell:g}" '
                    f'cy="{y0 + (r + 0.5) * cell:g}" r="{cell * 0.38:g}" '
                    f'fill="{MARK_COLORS[k % len(MARK_COLORS)]}" fill-opacity="0.3"/>'
                )
                continue
            out.append(
                f'<polyline class="answer" data-word="{attribute(word.text)}" '
                f'points="{pts}" fill="none" '
                f'stroke="{MARK_COLORS[k % len(MARK_COLORS)]}" stroke-opacity="0.35" '
                f'stroke-width="{cell * 0.72:g}" stroke-linecap="round" '
                f'stroke-linejoin="round"/>'
            )
    if page.kind == "wordsearch" and any(sq is None for line in page.grid for sq in line):
        # a shaped word search: its outline shows the shape
        d = " ".join(
            f"M{x0 + c1 * cell:g},{y0 + r1 * cell:g}L{x0 + c2 * cell:g},{y0 + r2 * cell:g}"
            for (r1, c1), (r2, c2) in outline(page.grid)
        )
        out.append(
            f'<path class="outline" d="{d}" fill="none" stroke="#555" stroke-width="1.5" '
            'stroke-linecap="square"/>'
        )
    if below:
        out.append(below[0])
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _word_list(page: Page, top: float, width: float, cell: float) -> tuple:
    """A word search's words in columns under its grid, then its notes (the
    directions hint, words left out): ``((svg, height), width)``, the width
    grown when a word is wider than the grid; ``(None, width)`` for other
    pages, whose SVG is the grid alone."""
    if page.kind != "wordsearch" or not page.words:
        return None, width
    size = cell * 0.42
    char = size * 0.66  # a capital's advance in DejaVu Sans, about
    line_h = size * 1.5
    texts = [w.text for w in page.words]
    widest = max(len(t) for t in texts) * char + cell
    width = max(width, widest + 8)
    ncols = max(1, min(len(texts), int((width - 8) // widest)))
    per = -(-len(texts) // ncols)
    colw = (width - 8) / ncols
    out = [f'<g class="word-list" font-size="{size:g}">']
    y = top + cell * 0.4
    for k, text in enumerate(texts):
        col, row = divmod(k, per)
        out.append(
            f'<text x="{4 + col * colw + cell * 0.2:g}" y="{y + (row + 0.8) * line_h:g}">'
            f"{markup(text)}</text>"
        )
    y += per * line_h + cell * 0.3
    note_size = size * 0.85
    per_line = max(20, int((width - 8 - cell * 0.4) / (note_size * 0.56)))
    for note in page.notes:  # wrapped to the width: SVG text does not wrap itself
        for line in textwrap.wrap(note, per_line):
            out.append(
                f'<text x="{4 + cell * 0.2:g}" y="{y + line_h * 0.8:g}" '
                f'font-size="{note_size:g}" font-style="italic">{markup(line)}</text>'
            )
            y += line_h
    out.append("</g>")
    return ("\n".join(out), y - top + cell * 0.3), width
