"""What the crossword engine's list parser signals (both implementations):
a blob that is not ASCII, a line it does not take.  Apart from the mirror so
that a command using the C engine does not import the mirror to catch them."""

from __future__ import annotations


class NotAscii(Exception):
    """The blob holds non-ASCII bytes; the caller reads it as Unicode."""


class BadLine(Exception):
    """A word-list line the parser rejects: ``line`` (1-based), ``reason``."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason
