"""Reading an input file whole, with the error a user sees when it cannot
be read or is not UTF-8: the file's name, and the line where the text
goes wrong.  ``error`` is the exception class of the caller's family
(LexiconError, CrosswordError, ...).  ``read_lines`` is how every word
list is read (word searches and rectangles, the lexicon, Boggle), so that
they agree on what a line is and word their errors alike; ``read_text``
gives a small file's text whole (rules, boards, masks), ``iter_lines``
streams a long one (the boards ``dlxc boggle score`` reads)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
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


def read_text(
    path: os.PathLike[str] | str, what: str, error: Callable[[str], Exception]
) -> tuple[str, str]:
    """(the file's name, its text): a file read whole as read_lines reads
    it (``-`` the standard input, a byte-order mark dropped), for readers
    that parse the text themselves (JSON rules, a board, a mask)."""
    if os.fspath(path) == "-":
        name, stdin = "<stdin>", sys.stdin
        blob = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read().encode()
    else:
        name, blob = read_bytes(path, what, error)
    return name, utf8_text(blob.removeprefix(_BOM), name, error)


def iter_lines(
    path: os.PathLike[str] | str, what: str, error: Callable[[str], Exception]
) -> Iterator[tuple[str, int, str]]:
    """(name, line number, line) of each line of a file read as it streams
    (a list of boards may be longer than memory): the same lines as
    read_lines gives (LF or CRLF ends a line here; a lone CR does not),
    with its errors, the first bad byte's line named when it comes."""
    if os.fspath(path) == "-":
        name = "<stdin>"
        stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else None
        if stream is None:  # a text stream (tests): its lines are text already
            for number, line in enumerate(sys.stdin, 1):
                yield name, number, line.rstrip("\r\n")
            return
        yield from _lines(name, stream, error)
        return
    name = os.fspath(path)
    try:
        f = open(name, "rb")
    except OSError as exc:
        raise error(f"{name}: cannot read the {what} ({exc.strerror})") from None
    with f:
        try:
            yield from _lines(name, f, error)
        except OSError as exc:
            raise error(f"{name}: cannot read the {what} ({exc.strerror})") from None


def _lines(name: str, stream, error) -> Iterator[tuple[str, int, str]]:
    for number, raw in enumerate(stream, 1):
        if number == 1:
            raw = raw.removeprefix(_BOM)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{name}:{number}: not UTF-8 text ({exc.reason})") from None
        yield name, number, line.rstrip("\r\n")


def _split(text: str) -> list[str]:
    """The lines of ``text`` as bytes.splitlines ends them (without decoding
    line by line, which is several times slower on a long list)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not lines[-1]:
        lines.pop()  # the text's last line end, or an empty text
    return lines
