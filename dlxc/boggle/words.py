"""Word lists for Boggle: one word per line in, the scorer's spelling out.

This is the one place where the Boggle engine reads words, through the reader
under every engine (dlxc.base.wordlist), kept small so it can later take its
words from ``dlxc.lexicon`` instead.  A list is UTF-8
text, one word a line (a byte-order mark and Windows line ends are fine);
words are case-folded, and a line that is not made of the letters a..z only
(after folding) is left out, as are words of fewer than 3 letters, which
score nothing.

The scorer's spelling: a Boggle die face ``Qu`` is stored as ``q`` and reads
as two letters, so every ``qu`` of a word is written ``q``; a word with a q
not followed by u cannot be formed on a board and is left out.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import Optional

from ..base.errors import BoggleError
from ..base.files import Skips, not_letters
from ..base.letters import fold
from ..base.wordlist import entries, read_list

_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
MIN_LETTERS = 3
# board.MAX_CELLS (board.py ranks above this module): a longer word fits on
# no board, and a trie of it would cost memory for nothing (a hostile list's
# line of 10 million letters took 1.2 GB)
MAX_LETTERS = 64


def boggle_form(word: str) -> Optional[str]:
    """``word`` spelt for the scorer (``"quiz"`` -> ``"qiz"``), or None when
    no board can hold it (a letter outside a..z, a q without its u, fewer
    than 3 letters or more than the 64 cells of the largest board)."""
    word = fold(word)
    if not MIN_LETTERS <= len(word) <= 2 * MAX_LETTERS or not _LETTERS.issuperset(word):
        return None
    if "q" in word:
        parts = word.split("q")
        if any(not part.startswith("u") for part in parts[1:]):
            return None
        word = parts[0] + "".join("q" + part[1:] for part in parts[1:])
    return word if len(word) <= MAX_LETTERS else None


def read_words(path: os.PathLike[str] | str, *, strict: bool = False) -> list[str]:
    """The words of the list at ``path``, folded, in file order: a line that
    is not a word is skipped and noted (``strict``: an error), as every word
    list is read (dlxc.base.files.Skips); of the words, those of the letters
    a..z only are kept (no die shows another letter)."""
    name, lines = read_list(path, BoggleError)
    skips = Skips(name, BoggleError, strict)
    out = []
    for number, entry in entries(lines):
        why = not_letters(entry)
        if why is not None:
            skips.skip(number, entry, why)
            continue
        word = fold(entry)
        if _LETTERS.issuperset(word):
            out.append(word)
    skips.note()
    return out


_PLAIN = b"abcdefghijklmnopqrstuvwxyz\n"


def plain_trie_text(blob: bytes) -> Optional[bytes]:
    """``trie_text(read_words(FILE))`` for a file of bytes ``blob`` whose
    lines hold letters a..z only (LF or CRLF ends, a byte-order mark at the
    start), without a Python step for each word; None for any other file
    (capitals, comments, blank lines with spaces, other letters...), which
    then goes the long way, with its notes and errors.  ENABLE2K is such a
    file: its 173,528 words take 10 ms here against 150 ms."""
    blob = blob.removeprefix(b"\xef\xbb\xbf").replace(b"\r\n", b"\n")
    if blob.translate(None, _PLAIN):
        return None
    words = blob.split(b"\n")
    whole = _whole_words(blob, words)
    if whole is not None:
        return whole
    if b"q" not in blob:
        keep = [w for w in words if MIN_LETTERS <= len(w) <= MAX_LETTERS]
    else:  # a word's qu becomes q: the long and short checks as boggle_form has them
        forms = [
            w if b"q" not in w else _q_form(w)
            for w in words
            if MIN_LETTERS <= len(w) <= 2 * MAX_LETTERS
        ]
        keep = [w for w in forms if w and len(w) <= MAX_LETTERS]
    return b"\n".join(keep)


def _whole_words(blob: bytes, words: list) -> Optional[bytes]:
    """The trie text of a list whose words are all of 64 letters at most
    (ENABLE2K), from the blob as a whole, or None: the words of fewer than 3
    letters and those with a q not followed by u (a few a list) are cut out,
    then every qu becomes q; no Python step for each word."""
    if words and not words[-1]:
        blob = blob[:-1]
    if max(map(len, words)) > MAX_LETTERS:
        return None
    cut = {}  # start of a word to cut out -> end of its line (past its LF)
    for short in _SHORT.finditer(b"\n" + blob):  # in blob: one less, past the LF
        cut[short.start()] = short.end()
    for bad in _BAD_Q.finditer(blob):
        start = blob.rfind(b"\n", 0, bad.start()) + 1
        end = blob.find(b"\n", bad.start())
        cut[start] = len(blob) + 1 if end < 0 else end + 1
    parts = []
    at = 0
    for start in sorted(cut):
        parts.append(blob[at:start])
        at = cut[start]
    parts.append(blob[at:])
    text = b"".join(parts)
    if text.endswith(b"\n"):  # the last word was cut out
        text = text[:-1]
    return text.replace(b"qu", b"q")


_SHORT = re.compile(rb"\n[a-z]{0,2}(?=\n|\Z)")
_BAD_Q = re.compile(rb"q(?!u)")


def _q_form(word: bytes) -> bytes:
    form = boggle_form(word.decode("ascii"))
    return form.encode("ascii") if form else b""


def trie_text(words: Iterable[str]) -> bytes:
    """The words a trie is built from, in the scorer's spelling, one a line
    (words no board can hold are left out)."""
    forms = (boggle_form(w) for w in words)
    return "\n".join(f for f in forms if f).encode("ascii")
