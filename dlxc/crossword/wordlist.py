"""Word lists for crosswords: one place that reads them.

A list is UTF-8 text (a byte-order mark is tolerated), one entry a line:
``word`` or ``word;score`` (the convention of crossword word lists).  Blank
lines and lines starting with ``#`` are skipped; a word is letters only,
case-folded; a line whose word is not (``AA's``) is skipped and noted, or
an error with ``strict``, as every word list is read (dlxc.base.files.Skips);
a score that is not an integer is an error; a word that repeats an earlier
one is dropped and counted.  A list with no word is an error.  Words
without a score get ``DEFAULT_SCORE``.

``read_word_list`` is the only function here that reads a list file, through
dlxc.base.wordlist (the reader under every engine: its lines, fields and
scores).  The file is read as one bytes blob; an ASCII blob is parsed and
indexed in C, anything else in Python (both give the same pool on ASCII
input).
"""

from __future__ import annotations

import os
import string
from array import array
from collections.abc import Iterable, Sequence
from itertools import accumulate
from pathlib import Path
from typing import Optional, Union

from ..base.errors import CrosswordError
from ..base.files import Skips, not_letters, utf8_text
from ..base.letters import fold
from ..base.wordlist import entries, parse_score, read_list_bytes
from . import engine
from .parsing import BadLine, NotAscii

DEFAULT_SCORE = 50
ASCII = string.ascii_lowercase


class WordPool:
    """Words as letter codes: word ``i`` is ``codes[starts[i]:starts[i+1]]``,
    each code an index into ``alphabet`` (a..z first, then any other letter
    in sorted order).  ``scores[i]`` is its score."""

    def __init__(
        self,
        alphabet: str,
        codes: bytes,
        starts: array[int],
        scores: array[int],
        repeats: int = 0,
        source: str = "<words>",
    ) -> None:
        self.alphabet = alphabet
        self.codes = codes
        self.starts = starts
        self.scores = scores
        self.repeats = repeats
        self.source = source
        self._words: Optional[list[str]] = None

    def __len__(self) -> int:
        return len(self.starts) - 1

    def word(self, i: int) -> str:
        a = self.alphabet
        return "".join(a[c] for c in self.codes[self.starts[i] : self.starts[i + 1]])

    @property
    def words(self) -> list[str]:
        if self._words is None:
            a = self.alphabet
            if a.isascii():  # a..z, and any other ASCII letter or mark after them
                table = bytes.maketrans(bytes(range(len(a))), a.encode())
                text = self.codes.translate(table).decode("ascii")
                s = self.starts
                self._words = [text[a:b] for a, b in zip(s, s[1:])]
            else:
                # each code a character of latin-1, mapped to its letter at once
                # (a word at a time took seconds for 190,000 words)
                letters = dict(enumerate(self.alphabet))
                text = bytes(self.codes).decode("latin-1").translate(letters)
                s = self.starts
                self._words = [text[a:b] for a, b in zip(s, s[1:])]
        return self._words

    def encode(self, word: str) -> bytes:
        """The codes of a word (letters must be in the alphabet)."""
        index = {ch: i for i, ch in enumerate(self.alphabet)}
        return bytes(index[ch] for ch in word)

    def filtered(self, keep: Iterable[int]) -> WordPool:
        """The pool of the words ``keep`` (indices, in that order)."""
        keep = list(keep)
        c, s = self.codes, self.starts
        # slices joined once and offsets summed in C: a loop of appends took
        # a quarter of a second for ENABLE's 172,000 words
        pieces = [c[s[i] : s[i + 1]] for i in keep]
        starts = array("i", accumulate(map(len, pieces), initial=0))
        scores = array("i", [self.scores[i] for i in keep])
        return WordPool(self.alphabet, b"".join(pieces), starts, scores, source=self.source)


def pool_of_read_words(words: list[str], scores: list[int], source: str) -> WordPool:
    """The pool of words a list reader has checked already: each letters
    only, folded, given once (``read_clue_pool``).  Nothing is parsed again:
    ASCII words are joined and their codes made by one ``translate``."""
    if len(words) != len(scores):
        raise ValueError("one score for each word")
    starts = array("i", accumulate(map(len, words), initial=0))
    text = "".join(words)
    if text.isascii():
        codes = text.encode("ascii").translate(_ASCII_CODES)
        return WordPool(ASCII, codes, starts, array("i", scores), 0, source)
    extra = sorted(set(text) - set(ASCII))
    alphabet = ASCII + "".join(extra)
    if len(alphabet) > 256:
        raise CrosswordError(f"{source}: more than 256 different letters")
    index = {ch: i for i, ch in enumerate(alphabet)}
    codes = bytes(index[ch] for ch in text)
    return WordPool(alphabet, codes, starts, array("i", scores), 0, source)


#: a..z to the codes 0..25 (every other byte kept: the caller's words are letters)
_ASCII_CODES = bytes.maketrans(ASCII.encode(), bytes(range(26)))


def pool_from_words(
    words: Iterable[str], scores: Optional[Iterable[int]] = None, source: str = "<words>"
) -> WordPool:
    """A pool from words given in code (tests, the API); same rules as a file."""
    words = list(words)
    if scores is None:
        lines = words
    else:
        lines = [f"{w};{s}" for w, s in zip(words, scores)]
    return _parse_text("\n".join(lines), source)


def _parse_text(text: str, source: str, skips: Optional[Skips] = None) -> WordPool:
    """The Python reader: any Unicode letter (``skips``: what becomes of a
    line whose word is not letters; None, an error)."""
    words: list[str] = []
    scores = array("i")
    seen: set[str] = set()
    repeats = 0
    lines = text.split("\n")
    for number, entry in entries(lines, " \t\r"):
        shown = lines[number - 1].rstrip  # the line as written, for an error
        word, sep, score_text = entry.partition(";")
        word = word.rstrip(" \t")
        score = DEFAULT_SCORE
        if sep:
            value = parse_score(score_text)
            if value is None:
                raise CrosswordError(
                    f"{source}:{number}: the score after ';' is not an integer: {shown()!r}"
                )
            score = value
        if not word or not word.isalpha():
            bad = next((ch for ch in word if not ch.isalpha()), None)
            what = f"{bad!r} is not a letter" if bad else "no word before ';'"
            if skips is None:
                raise CrosswordError(f"{source}:{number}: {what}: {shown()!r}")
            skips.skip(number, word, not_letters(word) or what)
            continue
        word = fold(word)
        if word in seen:
            repeats += 1
            continue
        seen.add(word)
        words.append(word)
        scores.append(score)
    extra = sorted({ch for w in words for ch in w} - set(ASCII))
    alphabet = ASCII + "".join(extra)
    index = {ch: i for i, ch in enumerate(alphabet)}
    if len(alphabet) > 256:
        raise CrosswordError(f"{source}: more than 256 different letters")
    codes = bytearray()
    starts = array("i", [0])
    for w in words:
        codes += bytes(index[ch] for ch in w)
        starts.append(len(codes))
    return WordPool(alphabet, bytes(codes), starts, scores, repeats, source)


def parse_word_list(
    blob: bytes, source: str = "<words>", backend: Optional[str] = None, strict: bool = False
) -> WordPool:
    """A pool from the bytes of a list file (see the module's docstring)."""
    return _parse_blob(blob, source, backend, strict)


def parse_plain_list(blob: bytes, source: str, backend: Optional[str] = None) -> Optional[WordPool]:
    """The pool of ``blob`` when the engine's reader takes every line of it
    (ASCII, each line ``word`` or ``word;score``), else None: the caller reads
    it by its own rules (a clue list's clues, Unicode letters, skipped lines)."""
    if blob.startswith(b"\xef\xbb\xbf"):
        blob = blob[3:]
    try:
        codes, starts, scores, repeats = engine(backend).parse_words(blob, DEFAULT_SCORE)
    except (NotAscii, BadLine):
        return None
    return WordPool(ASCII, codes, starts, scores, repeats, source)


def _parse_blob(blob: bytes, source: str, backend: Optional[str], strict: bool) -> WordPool:
    if blob.startswith(b"\xef\xbb\xbf"):
        blob = blob[3:]
    impl = engine(backend)
    try:
        codes, starts, scores, repeats = impl.parse_words(blob, DEFAULT_SCORE)
    except NotAscii:
        pass
    except BadLine:  # the Python reader skips (or, strict, reports) what the C one stops at
        skips = Skips(source, CrosswordError, strict)
        pool = _parse_text(blob.decode("ascii"), source, skips)
        skips.note()
        return pool
    else:
        return WordPool(ASCII, codes, starts, scores, repeats, source)
    skips = Skips(source, CrosswordError, strict)
    pool = _parse_text(utf8_text(blob, source, CrosswordError), source, skips)
    skips.note()
    return pool


def read_word_list(
    path: Union[str, os.PathLike[str]], backend: Optional[str] = None, *, strict: bool = False
) -> WordPool:
    """Read a word-list file (the one function that does)."""
    name, blob = read_list_bytes(path, CrosswordError)
    pool = parse_word_list(blob, name, backend, strict)
    if len(pool) == 0:
        raise CrosswordError(f"{name}: the word list has no words")
    return pool


def stacked(pools: Iterable[WordPool], backend: Optional[str] = None) -> WordPool:
    """One pool from several lists, as a constructor stacks them (a personal
    list before the default one): every word of every list, in the order of
    its first appearance, with its score from the first list that holds it
    (the rule of Crossfire's and Ingrid's list priorities)."""
    pools = list(pools)
    if len(pools) == 1:
        return pools[0]
    merged: dict[str, int] = {}
    for pool in pools:
        for w, s in zip(pool.words, pool.scores):
            merged.setdefault(w, s)
    blob = "".join(f"{w};{s}\n" for w, s in merged.items()).encode("utf-8")
    source = " + ".join(p.source for p in pools)
    out = parse_word_list(blob, source, backend, strict=True)
    out.repeats = sum(p.repeats for p in pools)
    return out


# ---------------------------------------------------------------- the shipped lists

#: dlxc's default crossword list: ENABLE's words, WordNet's phrases and names
#: and american-english's names, scored by word frequency (see
#: dlxc/models/wordlists/CROSSWORD-SCORED-NOTICE.txt for where the scores come from).
DEFAULT_LIST = "crossword-scored"
#: the words left out of fills unless asked for (``--allow-all``).
BAN_LIST = "crossword-banned"


#: where the crossword engine's lists lie: the package data of
#: dlxc.models.wordlists (a path, not an import: the engine sits below the
#: models); ``dlxc example crossword-scored`` names the same files.
LISTS = Path(__file__).resolve().parent.parent / "models" / "wordlists"


def _shipped(name: str) -> str:
    return str(LISTS / f"{name}.txt")


def default_word_list(backend: Optional[str] = None) -> WordPool:
    """The default crossword list (ENABLE's words, WordNet's phrases and
    names, american-english's names; 3 to 21 letters, scored 0-77 by ten
    times wordfreq's Zipf frequency, less penalties for less familiar kinds
    of entry)."""
    return read_word_list(_shipped(DEFAULT_LIST), backend)


def banned_words() -> set[str]:
    """The ban list's words (lower case)."""
    name, blob = read_list_bytes(_shipped(BAN_LIST), CrosswordError, "ban list")
    lines = utf8_text(blob, name, CrosswordError).split("\n")
    return {w.lower() for _, w in entries(lines)}


def without(pool: WordPool, words: Iterable[str]) -> tuple[WordPool, int]:
    """``pool`` less ``words``: (the pool, how many of its words were left out)."""
    drop = set(words)
    keep = [i for i, w in enumerate(pool.words) if w not in drop]
    if len(keep) == len(pool):
        return pool, 0
    out = pool.filtered(keep)
    out.repeats = pool.repeats
    return out, len(pool) - len(keep)


def fill_list(
    paths: Sequence[Union[str, os.PathLike[str]]],
    backend: Optional[str] = None,
    *,
    strict: bool = False,
    allow_all: bool = False,
) -> WordPool:
    """The list a fill or a suggestion draws from: the files of ``paths``
    stacked (``stacked``), or the default list when there are none, less
    the ban list's words unless ``allow_all``."""
    if not paths:
        pool = default_word_list(backend=backend)
    else:
        pool = stacked((read_word_list(p, backend=backend, strict=strict) for p in paths), backend)
    if not allow_all:
        pool, _ = without(pool, banned_words())
    return pool
