"""Reading an input file whole, with the error a user sees when it cannot
be read or is not UTF-8: the file's name, and the line where the text
goes wrong.  ``error`` is the exception class of the caller's family
(LexiconError, CrosswordError, ...).  ``read_lines`` is how every word
list is read (word searches and rectangles, the lexicon, Boggle), so that
they agree on what a line is and word their errors alike, and
``Skips`` is the one policy for a word list's lines that are not words; ``read_text``
gives a small file's text whole (rules, boards, masks), ``iter_lines``
streams a long one (the boards ``dlxc boggle score`` reads)."""

from __future__ import annotations

import os
import sys
import unicodedata
import warnings
from collections.abc import Iterator
from typing import Callable, Optional

from .errors import SkippedLines

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
    name, blob = read_input(path, what, error)
    return name, lines_of(blob, name, error)


def read_input(
    path: os.PathLike[str] | str, what: str, error: Callable[[str], Exception]
) -> tuple[str, bytes]:
    """(the file's name, its bytes), ``-`` being the standard input (named
    ``<stdin>``), a byte-order mark at the start dropped: what read_lines
    reads, for a reader that looks at the bytes first (lines_of gives the
    lines read_lines would)."""
    if os.fspath(path) == "-":
        name, stdin = "<stdin>", sys.stdin
        blob = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read().encode()
    else:
        name, blob = read_bytes(path, what, error)
    return name, blob.removeprefix(_BOM)


def lines_of(blob: bytes, name: str, error: Callable[[str], Exception]) -> list[str]:
    """The lines of bytes read by read_input, as read_lines gives them."""
    return _split(utf8_text(blob, name, error))


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


# ---- the word-list policy ------------------------------------------------------
#
# Every command that reads a word list reads it alike.  A blank line or one
# starting with '#' says nothing.  An entry (the line without the spaces
# around it, and without the ';score' or ';clue' some lists carry) is a word
# when it is made of letters, each with the combining marks that follow it;
# a word search also keeps the spaces and hyphens inside an entry
# ("ICE CREAM").  An entry with anything else ("AA's", "3D", "e-mail" outside
# a word search) is skipped: the lines skipped are counted and named in one
# note on stderr, and with --strict the first of them is an error, file:line.
# A word that repeats an earlier one (case aside) is kept once.  A list with
# no word left is bad input (exit 1), whichever command reads it.  What an
# engine cannot use beyond that (Boggle's a..z only, a word longer than the
# grid) is its own rule, not a skipped line.


def not_letters(entry: str, keep: str = "") -> Optional[str]:
    """None when ``entry`` is a word (letters with their combining marks,
    and the characters of ``keep`` inside it); else why not, in words."""
    if entry.isascii():
        if entry.isalpha():
            return None
        bad = next((ch for ch in entry if not ch.isalpha() and ch not in keep), None)
        if bad is None:
            return None if any(ch.isalpha() for ch in entry) else "has no letters"
        return f"{bad!r} ({unicodedata.name(bad, f'U+{ord(bad):04X}')}) is not a letter"
    seen_letter = False
    for ch in unicodedata.normalize("NFC", entry):
        cat = unicodedata.category(ch)
        if cat.startswith("L"):
            seen_letter = True
        elif cat.startswith("M") and seen_letter:
            continue
        elif ch not in keep:
            name = unicodedata.name(ch, f"U+{ord(ch):04X}")
            return f"{ch!r} ({name}) is not a letter"
    return None if seen_letter else "has no letters"


SHOWN = 60  # characters of a line that a message quotes


def shown(entry: str, limit: int = SHOWN) -> str:
    """``entry`` quoted for a message (``repr``), cut to its first ``limit``
    characters when longer (a line of a hostile file may be megabytes)."""
    if len(entry) <= limit:
        return repr(entry)
    return f"{entry[:limit]!r}... ({len(entry)} characters)"


class Skips:
    """The lines of one word list that are not words: ``skip`` each one
    (with ``strict``, the first raises ``error("NAME:LINE: ...")``), then
    ``note`` once, which warns (``SkippedLines``) how many there were and
    which came first."""

    def __init__(self, name: str, error: Callable[[str], Exception], strict: bool = False):
        self.name, self.error, self.strict = name, error, strict
        self.count = 0
        self.first: Optional[tuple[int, str, str]] = None

    def skip(self, line: int, entry: str, why: str) -> None:
        if self.strict:
            raise self.error(f"{self.name}:{line}: {shown(entry)}: {why} (--strict)")
        self.count += 1
        if self.first is None:
            self.first = (line, shown(entry), why)  # not the whole line: it may be megabytes

    def note(self) -> None:
        if self.count and self.first is not None:
            line, entry, why = self.first
            warnings.warn(
                SkippedLines(
                    f"{self.name}: {self.count} line{'s' if self.count != 1 else ''} "
                    f"skipped, not words (the first, line {line}: {entry}, {why}); "
                    "--strict makes them errors"
                ),
                stacklevel=3,
            )

    def empty(self, what: str = "word list") -> Exception:
        """The error of a list with no word left: bad input in every command."""
        extra = f" ({self.count} lines were skipped, not words)" if self.count else ""
        return self.error(f"{self.name}: the {what} has no words{extra}")
