"""Crossword pages as .puz files (Across Lite, the binary format most
crossword apps still read).

The layout, as the format's community documentation describes it (the
"PUZ file format" notes of the puz project; puzpy reads the same):

- a 52-byte header: the file checksum, ``ACROSS&DOWN\\0``, the checksum of
  the 8 bytes from width to scrambled tag (CIB), the four masked checksums
  (``ICHEATED``), the version ``1.3\\0``, then width, height, the number of
  clues, the puzzle type (1, normal) and the scrambled tag (0);
- the solution, one byte a square row by row, ``.`` for a block; the
  solver's empty grid, ``-`` for an open square, ``.`` for a block;
- the title, author, copyright, each clue and the notes as NUL-terminated
  strings, clues in the order of their numbers, the across clue of a
  number before its down clue;
- extra sections, each ``NAME`` + length + checksum + data + NUL: ``GRBS``
  and ``RTBL`` for rebus squares (the solution byte holds the first
  letter), ``GEXT`` for circled squares (flag 0x80).

A .puz square is open or a block: the squares a free-form layout leaves
out, and an open square without a letter (one no entry crosses), are
written as blocks.  Text is ISO-8859-1; a grid letter outside it
raises ``RenderError``, clues and titles outside it make a version 2.0
file, whose strings are UTF-8.  Given letters have no place in the format
(Across Lite shows none): they are answers like the others.
"""

from __future__ import annotations

import struct
from typing import Optional

from ..base.errors import RenderError
from ..base.letters import upper_letter
from .page import Page

MAGIC = b"ACROSS&DOWN\0"
BLOCK = b"."
OPEN = b"-"
CIRCLED = 0x80


def checksum(data: bytes, c: int = 0) -> int:
    """The format's 16-bit rotating checksum of ``data``, starting from ``c``."""
    for b in data:
        c = ((c >> 1) | 0x8000 if c & 1 else c >> 1) + b
        c &= 0xFFFF
    return c


def _section(name: bytes, data: bytes) -> bytes:
    return name + struct.pack("<HH", len(data), checksum(data)) + data + b"\0"


def page_puz(page: Page, *, author: str = "", copyright: str = "", notes: str = "") -> bytes:
    """The .puz file of a crossword page."""
    if page.kind not in ("crossword", "wordrect"):
        raise RenderError(f".puz holds crosswords, not {page.kind} puzzles")
    w, h = page.cols, page.rows
    if w > 255 or h > 255:
        raise RenderError(f"a .puz grid is at most 255x255, not {w}x{h}")
    solution, state = bytearray(), bytearray()
    rebus: dict[str, int] = {}
    grbs, gext = bytearray(), bytearray()
    for r, row in enumerate(page.grid):
        for c, sq in enumerate(row):
            flags = 0
            if sq is None or sq.block or not sq.letter:
                solution += BLOCK
                state += BLOCK
                grbs.append(0)
                gext.append(0)
                continue
            letter = upper_letter(sq.letter)  # one letter stays one letter (ß)
            try:
                letter.encode("latin-1")
            except UnicodeEncodeError:
                raise RenderError(
                    f"square {(r, c)} holds {letter!r}: .puz grids hold ISO-8859-1 letters only"
                ) from None
            solution += letter[0].encode("latin-1")
            state += OPEN
            if len(letter) > 1:
                grbs.append(rebus.setdefault(letter, len(rebus)) + 1)
            else:
                grbs.append(0)
            if sq.circled:
                flags |= CIRCLED
            gext.append(flags)
    clues = _clues(page)
    strings = [page.title or "", author, copyright]
    version, encoding = b"1.3\0", "latin-1"
    try:
        for text in strings + clues + [notes]:
            text.encode("latin-1")
    except UnicodeEncodeError:
        version, encoding = b"2.0\0", "utf-8"
    title_b, author_b, copy_b = (text.encode(encoding) for text in strings)
    clues_b = [text.encode(encoding) for text in clues]
    notes_b = notes.encode(encoding)

    cib_data = struct.pack("<BBHHH", w, h, len(clues), 1, 0)
    c_cib = checksum(cib_data)
    c_sol = checksum(bytes(solution))
    c_grid = checksum(bytes(state))
    c_text = _text_checksum(title_b, author_b, copy_b, clues_b, notes_b, 0)
    c_file = checksum(bytes(state), checksum(bytes(solution), c_cib))
    c_file = _text_checksum(title_b, author_b, copy_b, clues_b, notes_b, c_file)
    parts = (c_cib, c_sol, c_grid, c_text)
    low = bytes(m ^ (p & 0xFF) for m, p in zip(b"ICHE", parts))
    high = bytes(m ^ (p >> 8) for m, p in zip(b"ATED", parts))

    out = bytearray()
    out += struct.pack("<H", c_file) + MAGIC + struct.pack("<H", c_cib) + low + high
    out += version + b"\0\0" + struct.pack("<H", 0) + b"\0" * 12 + cib_data
    out += solution + state
    for blob in (title_b, author_b, copy_b, *clues_b, notes_b):
        out += blob + b"\0"
    if rebus:
        table = "".join(f"{k:2d}:{text};" for text, k in rebus.items())
        out += _section(b"GRBS", bytes(grbs)) + _section(b"RTBL", table.encode("latin-1"))
    if any(gext):
        out += _section(b"GEXT", bytes(gext))
    return bytes(out)


def _text_checksum(
    title: bytes, author: bytes, copyright: bytes, clues: list[bytes], notes: bytes, c: int
) -> int:
    """The checksum of the strings: title, author, copyright and notes with
    their NUL when not empty, the clues without."""
    for blob in (title, author, copyright):
        if blob:
            c = checksum(blob + b"\0", c)
    for blob in clues:
        c = checksum(blob, c)
    if notes:
        c = checksum(notes + b"\0", c)
    return c


def _clues(page: Page) -> list[str]:
    """The clue texts in .puz order: by number, across before down."""
    keyed: list[tuple[int, int, str]] = []
    for w in page.words:
        if not w.cells or w.direction not in ("across", "down"):
            raise RenderError(f"word {w.text!r}: a crossword entry needs its cells and direction")
        r, c = w.cells[0]
        number: Optional[int] = page.grid[r][c].number  # type: ignore[union-attr]
        if number is None:
            raise RenderError(f"word {w.text!r}: its first square has no clue number")
        keyed.append((number, 0 if w.direction == "across" else 1, w.clue or f"({len(w.answer)})"))
    keyed.sort(key=lambda k: k[:2])
    return [text for _, _, text in keyed]
