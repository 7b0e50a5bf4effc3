"""A lexicon's own alphabet: its letters numbered 1..N.

Words are compared without regard to case: an entry is put in Unicode NFC
form and case-folded letter by letter (``dlxc.base.letters.fold``: a
letter whose folding is longer, ``ß``, stays one letter), and each code
point of the result is one letter, so any script works.  A word is made of letters (Unicode
category L) and the combining marks (category M) that follow them; anything
else (digits, spaces, hyphens, apostrophes) makes an entry no word.

Codes are given in increasing code-point order of the letters, 1..N; code 0
ends a word in the C engine's buffers, and the GADDAG's separator is N+1, a
code of its own.  The node layout has 8 bits per letter, so N is at most 254.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Optional

from ..base.errors import LexiconError
from ..base.letters import fold

MAX_LETTERS = 254


def normalize(entry: str) -> Optional[str]:
    """``entry`` as a lexicon word (NFC, case-folded, surrounding spaces
    dropped), or None when it is not purely letters."""
    word = fold(entry.strip())
    if not word or not unicodedata.category(word[0]).startswith("L"):
        return None
    for ch in word:
        if unicodedata.category(ch)[0] not in "LM":
            return None
    return word


class Alphabet:
    """The letters of a lexicon, in code order: ``letters[c - 1]`` has code c."""

    __slots__ = ("letters", "codes", "separator", "is_ascii", "_encode", "_decode")

    def __init__(self, letters: Iterable[str]) -> None:
        letters = tuple(letters)
        if not letters:
            raise LexiconError("an alphabet needs at least one letter")
        if len(letters) > MAX_LETTERS:
            raise LexiconError(
                f"{len(letters)} letters: a lexicon's alphabet has at most "
                f"{MAX_LETTERS} (8-bit letter codes)"
            )
        for ch in letters:
            if (
                not isinstance(ch, str)
                or len(ch) != 1
                or normalize(ch) != ch
                and unicodedata.category(ch)[0] != "M"
            ):
                raise LexiconError(f"{ch!r} is not a case-folded letter")
        if len(set(letters)) != len(letters) or list(letters) != sorted(letters):
            raise LexiconError("an alphabet's letters must be distinct and in code-point order")
        self.letters = letters
        self.codes = {ch: i + 1 for i, ch in enumerate(letters)}
        self.separator = len(letters) + 1
        self.is_ascii = all(ch < "\x80" for ch in letters)
        self._encode = {ord(ch): i + 1 for i, ch in enumerate(letters)}
        self._decode = {i + 1: ch for i, ch in enumerate(letters)}

    @classmethod
    def from_words(cls, words: Iterable[str]) -> Alphabet:
        """The alphabet of the letters used by ``words`` (normalized words)."""
        seen: set[str] = set()
        for w in words:
            seen.update(w)
        return cls(sorted(seen))

    def __len__(self) -> int:
        return len(self.letters)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Alphabet) and other.letters == self.letters

    def __repr__(self) -> str:
        return f"Alphabet({''.join(self.letters)!r})"

    def encode(self, word: str) -> Optional[bytes]:
        """The codes of a normalized word, or None when a letter is not in
        the alphabet."""
        try:
            return bytes(self._encode[ord(ch)] for ch in word)
        except KeyError:
            return None

    def decode(self, codes: bytes) -> str:
        return "".join(self._decode[c] for c in codes)

    def ascii_table(self) -> bytes:
        """256 bytes: the code of each ASCII byte that is a letter of the
        alphabet (upper case too), 0 for every other byte."""
        table = bytearray(256)
        for ch, code in self.codes.items():
            if ch < "\x80":
                table[ord(ch)] = code
                up = ch.upper()
                if len(up) == 1 and up < "\x80" and up.casefold() == ch:
                    table[ord(up)] = code
        return bytes(table)

    def decode_table(self) -> Optional[bytes]:
        """For ASCII alphabets, a bytes.translate table from codes to the
        letters' bytes (0 stays 0); None otherwise."""
        if not self.is_ascii:
            return None
        table = bytearray(range(256))
        for ch, code in self.codes.items():
            table[code] = ord(ch)
        return bytes(table)

    def to_text(self) -> str:
        return "".join(self.letters)
