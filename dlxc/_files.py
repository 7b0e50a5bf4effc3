"""Reading an input file whole, with the error a user sees when it cannot
be read or is not UTF-8: the file's name, and the line where the text
goes wrong.  ``error`` is the exception class of the caller's family
(LexiconError, CrosswordError, ...)."""

from __future__ import annotations

import os
from typing import Callable


def read_bytes(path: "os.PathLike[str] | str", what: str,
               error: Callable[[str], Exception]) -> tuple[str, bytes]:
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
        line = blob[:exc.start].count(b"\n") + 1
        raise error(f"{name}:{line}: not UTF-8 text ({exc.reason})") from None
