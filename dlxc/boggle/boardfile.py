"""Reading a file of boards, one a line, fast: runs of boards of one size as
one bytes buffer of their letters end to end, as the scorer takes them.

The rules are those of ``Board.parse`` line by line (``dlxc boggle
score``): a blank line or one starting with ``#`` says nothing, the letters
are case-folded, spaces, ``/`` and ``,`` between rows are ignored, the size
is the one given or the square of the length, LF or CRLF ends a line, a
byte-order mark may start the file, and the first bad line is an error
naming the file and the line.  The file is read in blocks of whole lines;
a block whose lines are all boards of one size written plainly (letters
only, each line as long as the first) is taken whole, with a few calls
over the block's bytes (no Python work a board); any other block goes line
by line through ``Board.parse``, with the same result.  Most files of
boards are the first kind (a generator's output), and parsing each line in
Python took longer than scoring it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Optional

from ..base.errors import BoggleError
from .board import MAX_CELLS, Board

_BOM = b"\xef\xbb\xbf"
_BLOCK = 1 << 20  # bytes read at a time
_LOWER = b"abcdefghijklmnopqrstuvwxyz"
_ASCII_LETTERS = _LOWER + _LOWER.upper()
_SQUARES = {side * side: side for side in range(1, 9) if side * side <= MAX_CELLS}


def board_runs(
    path: os.PathLike[str] | str, size: Optional[tuple] = None, most: int = 1 << 16
) -> Iterator[tuple[int, int, bytes]]:
    """(rows, cols, letters) for the boards of the file at ``path`` (``-``:
    the standard input), in file order: runs of boards of one size, at most
    ``most`` boards a run, the letters a..z of each board row by row, board
    after board.  ``size`` (rows, cols) is the size of every board, else
    each board is the square of its length.  A bad line raises
    ``BoggleError("NAME:LINE: why")`` after the runs before it."""
    runs = _Runs(most)
    for name, first, block in _blocks(path):
        fast = _plain(block, size)
        if fast is not None:
            yield from runs.add(*fast)
            continue
        for number, raw in enumerate(block.split(b"\n"), first):
            if not raw.strip():
                continue
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield from runs.flush()
                raise BoggleError(f"{name}:{number}: not UTF-8 text ({exc.reason})") from None
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                board = Board.parse(text, size)
            except BoggleError as exc:
                yield from runs.flush()
                raise BoggleError(f"{name}:{number}: {exc}") from None
            yield from runs.add(board.rows, board.cols, board.letters.encode("ascii"))
    yield from runs.flush()


class _Runs:
    """Boards gathered into runs of one size, at most ``most`` boards."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.dims: tuple = ()
        self.parts: list = []
        self.count = 0

    def add(self, rows: int, cols: int, letters: bytes) -> Iterator[tuple[int, int, bytes]]:
        if (rows, cols) != self.dims:
            yield from self.flush()
            self.dims = (rows, cols)
        size = rows * cols
        n = len(letters) // size
        at = 0
        while at < n:
            take = min(n - at, self.most - self.count)
            self.parts.append(letters[at * size : (at + take) * size])
            self.count += take
            at += take
            if self.count >= self.most:
                yield from self.flush()

    def flush(self) -> Iterator[tuple[int, int, bytes]]:
        if self.count:
            rows, cols = self.dims
            yield rows, cols, b"".join(self.parts)
        self.parts = []
        self.count = 0


def _plain(block: bytes, size: Optional[tuple]) -> Optional[tuple[int, int, bytes]]:
    """(rows, cols, letters) when every line of ``block`` is a board written
    plainly, all of one size; None when any line needs ``Board.parse``."""
    width = block.find(b"\n")
    if width <= 0:
        return None
    if size is not None:
        rows, cols = size
        if rows * cols != width:
            return None
    elif width in _SQUARES:
        rows = cols = _SQUARES[width]
    else:
        return None
    if not block.endswith(b"\n"):
        block += b"\n"
    n, rest = divmod(len(block), width + 1)
    if rest or block[width :: width + 1] != b"\n" * n:
        return None
    if block.translate(None, _LOWER + b"\n"):
        if block.translate(None, _ASCII_LETTERS + b"\n"):
            return None
        block = block.lower()
    return rows, cols, block.replace(b"\n", b"")


def _blocks(path: os.PathLike[str] | str) -> Iterator[tuple[str, int, bytes]]:
    """(name, number of its first line, block) for blocks of whole lines of
    the file (the last one's line end may be missing), LF-ended: CRLF
    becomes LF; a lone CR stays (not a line end, as ``iter_lines`` has it)."""
    if os.fspath(path) == "-":
        name = "<stdin>"
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream (tests): encode its text back
            text = sys.stdin.read().encode("utf-8", "surrogateescape")
            yield from _split_blocks(name, [text])
            return
        reader = getattr(stream, "read1", stream.read)
        yield from _split_blocks(name, iter(lambda: reader(_BLOCK), b""))
        return
    name = os.fspath(path)
    try:
        f = open(name, "rb")
    except OSError as exc:
        raise BoggleError(f"{name}: cannot read the boards ({exc.strerror})") from None
    with f:
        try:
            yield from _split_blocks(name, iter(lambda: f.read(_BLOCK), b""))
        except OSError as exc:
            raise BoggleError(f"{name}: cannot read the boards ({exc.strerror})") from None


def _split_blocks(name: str, chunks) -> Iterator[tuple[str, int, bytes]]:
    line = 1
    carry = b""
    first = True
    for chunk in chunks:
        data = carry + chunk
        if first:
            if len(data) < len(_BOM) and _BOM.startswith(data):
                carry = data
                continue
            data = data.removeprefix(_BOM)
            first = False
        cut = data.rfind(b"\n") + 1
        if cut == 0:
            carry = data
            continue
        block, carry = data[:cut], data[cut:]
        if b"\r" in block:
            block = block.replace(b"\r\n", b"\n")
        yield name, line, block
        line += block.count(b"\n")
    if first:
        carry = carry.removeprefix(_BOM)
    if carry:
        yield name, line, carry
