"""The one rule for the case of letters, used by every engine's input.

A cell of a grid, a tile of a rack or a die face holds one letter, so a
letter's case is changed only where the change keeps it one letter.  Some
letters change length when cased: ``"ß".upper()`` is ``"SS"``,
``"İ".lower()`` is ``"i̇"`` (two code points), ``"ﬁ".upper()`` is ``"FI"``.
Such a letter is kept as it is written (after NFC composition), in one
cell: ``STRAßE`` has 6 letters and fills a 6-cell slot, never ``STRASSE``.

``fold`` is the form used to compare words (each letter case-folded when
its folding is one letter, else put in lower case when that is one letter,
else kept: ``"ẞ"`` and ``"ß"`` both fold to ``"ß"``); ``upper`` the form
shown in grids.  Both keep the number of code points of their NFC input,
so a word's length is the same before and after.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=4096)
def fold_letter(ch: str) -> str:
    """One code point, folded without changing its length."""
    folded = ch.casefold()
    if len(folded) == 1:
        return folded
    low = ch.lower()
    return low if len(low) == 1 else ch


@lru_cache(maxsize=4096)
def upper_letter(ch: str) -> str:
    """One code point in upper case when that is one code point, else as is."""
    up = ch.upper()
    return up if len(up) == 1 else ch


def fold(text: str) -> str:
    """``text`` in NFC form, each code point folded (``fold_letter``).

    >>> fold("Straße"), fold("STRAẞE"), fold("İstanbul") == "İstanbul"
    ('straße', 'straße', True)
    """
    text = unicodedata.normalize("NFC", text)
    if text.isascii():
        return text.lower()
    return "".join(fold_letter(ch) for ch in text)


def upper(text: str) -> str:
    """``text`` with each code point in upper case where that keeps it one
    code point (no NFC step: the caller's text is shown as it is).

    >>> upper("straße")
    'STRAßE'
    """
    if text.isascii():
        return text.upper()
    return "".join(upper_letter(ch) for ch in text)
