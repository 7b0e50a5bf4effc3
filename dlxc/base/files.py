"""Reading an input file whole, with the error a user sees when it cannot
be read or is not UTF-8: the file's name, and the line where the text
goes wrong.  ``error`` is the exception class of the caller's family
(LexiconError, CrosswordError, ...).  ``read_lines`` is how every word
list is read (word searches and rectangles, the lexicon, Boggle), so that
they agree on what a line is and word their errors alike."""

from __future__ import annotations

import os
import sys
from typing import Callable

_BOM = b"\xef\xbb\xbf"


def read_bytes(
    path: os.PathLike[str] | str, what: str, error: Callable[[str], Exception]
) -> tuple[str, bytes]:
    """(the file's name, its bytes); ``error("NAME: cannot read the WHAT
    (why)")`` raised when the file cannot be read."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as f:
            return name, f.read()
    except OSError as exc:
        raise error(f"{name}: cannot read the {what} ({exc.strerror})") from None


def utf8_text(blob: bytes, name: str, error: Callable[[str], Exception]) -> str:
    """``blob`` decoded; ``error("NAME:LINE: not UTF-8 text (why)")`` at the
    line of the first byte that is not."""
    try:
        return blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = len(blob[: exc.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n"))
        raise error(f"{name}:{line}: not UTF-8 text ({exc.reason})") from None


def read_lines(
    path: os.PathLike[str] | str, what: str, error: Callable[[str], Exception]
) -> tuple[str, list[str]]:
    """(the file's name, its lines), ``-`` being the standard input (named
    ``<stdin>``).  The text is UTF-8, a byte-order mark at its start is
    dropped, and LF, CRLF and CR end lines, as bytes.splitlines has it
    (str.splitlines would also end them at form feeds and Unicode line
    separators, which belong to an entry).  Errors as read_bytes and
    utf8_text raise them."""
    if os.fspath(path) == "-":
        name, stdin = "<stdin>", sys.stdin
        blob = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read().encode()
    else:
        name, blob = read_bytes(path, what, error)
    text = utf8_text(blob.removeprefix(_BOM), name, error)
    return name, _split(text)


def _split(text: str) -> list[str]:
    """The lines of ``text`` as bytes.splitlines ends them (without decoding
    line by line, which is several times slower on a long list)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not lines[-1]:
        lines.pop()  # the text's last line end, or an empty text
    return lines
