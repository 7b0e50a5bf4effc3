"""Words for puzzles: entries turned into letters, word lists read from files.

A puzzle's letter is what one cell of the grid holds: a Unicode letter,
together with the combining marks that follow it (so a Devanagari syllable
or a letter with a detached accent stays in one cell).  Entries are compared
without regard to case: each letter is put in upper case when Python has a
one-letter upper case for it (``"ß"`` has none, so it stays ``"ß"``), after
Unicode NFC composition (dlxc.base.letters, the rule of every engine).
Spaces and hyphens inside an entry are dropped, as puzzle makers expect
(``"Ice-cream cone"`` is ``ICECREAMCONE``); any other character that is not a
letter is an error that names the entry.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Optional

from ..base.errors import ProblemError
from ..base.files import Skips, not_letters
from ..base.letters import upper_letter
from ..base.wordlist import WordList, entries, read_list

# what an entry may contain besides letters, and loses
_DROPPED = frozenset(" \t\u00a0-\u2010\u2011")


def _upper(ch: str) -> str:
    return upper_letter(ch)


def _split(entry: object) -> tuple[Optional[tuple[str, ...]], str]:
    """(letters, "") or (None, why ``entry`` is not a word)."""
    if not isinstance(entry, str):
        return None, "is not a string"
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", entry):
        if ch in _DROPPED:
            continue
        cat = unicodedata.category(ch)
        if cat.startswith("L"):
            out.append(_upper(ch))
        elif cat.startswith("M") and out:
            out[-1] += ch  # a combining mark stays with its letter
        else:
            name = unicodedata.name(ch, f"U+{ord(ch):04X}")
            return None, f"{ch!r} ({name}) is not a letter"
    if not out:
        return None, "has no letters"
    return tuple(out), ""


def letters(entry: str, *, what: str = "word") -> tuple[str, ...]:
    """The letters of ``entry``, one per cell, in upper case.

    >>> letters("Gauß")
    ('G', 'A', 'U', 'ß')
    >>> letters("ice-cream cone")[:4]
    ('I', 'C', 'E', 'C')
    """
    word, why = _split(entry)
    if word is None:
        raise ProblemError(f"{what} {entry!r}: {why}")
    return word


def is_word(entry: str) -> bool:
    """True when ``entry`` is made of letters only (no spaces, hyphens,
    digits or marks of punctuation): the test word lists are filtered by."""
    entry = unicodedata.normalize("NFC", entry)
    if not entry or not unicodedata.category(entry[0]).startswith("L"):
        return False
    return all(unicodedata.category(ch)[0] in "LM" for ch in entry)


@dataclass
class Words:
    """Normalised words, each with its letters, in the order given."""

    words: list[str] = field(default_factory=list)
    letters: list[tuple[str, ...]] = field(default_factory=list)

    def add(self, word_letters: tuple[str, ...]) -> None:
        self.words.append("".join(word_letters))
        self.letters.append(word_letters)

    def __len__(self) -> int:
        return len(self.words)


def normalize_words(entries: Sequence[str], *, source: Optional[Sequence[str]] = None) -> Words:
    """The words of ``entries``; an error for an entry that is not a word or
    that repeats an earlier one (after dropping case, spaces and hyphens).
    ``source`` may say where each entry came from (``"words.txt:3"``)."""
    out = Words()
    first: dict[str, int] = {}
    for k, entry in enumerate(entries):
        where = source[k] if source is not None else f"word {k + 1}"
        word_letters, why = _split(entry)
        if word_letters is None:
            raise ProblemError(
                f"{where}: {entry!r} {why}"
                if why.startswith(("is", "has"))
                else f"{where}: {entry!r}: {why}"
            )
        word = "".join(word_letters)
        if word in first:
            j = first[word]
            earlier = source[j] if source is not None else f"word {j + 1}"
            raise ProblemError(
                f"{where}: {entry!r} repeats {entries[j]!r} ({earlier}): "
                f"both are the word {word!r}; give each word once"
            )
        first[word] = k
        out.add(word_letters)
    return out


def read_entries(path: os.PathLike[str] | str) -> tuple[list[str], list[str]]:
    """The entries of a word-list file, one per line, with where each one
    stands (``file:line``); ``-`` reads the standard input.  Blank lines and
    lines starting with ``#`` are left out.  The text is UTF-8, with or
    without a byte-order mark; LF, CRLF and CR end lines."""
    name, lines = read_list(path, ProblemError)
    found, where = [], []
    for i, text in entries(lines):
        found.append(text)
        where.append(f"{name}:{i}")
    return found, where


def display_form(entry: str) -> str:
    """How a word is shown in a puzzle's list: the entry as written (its
    spaces and hyphens kept), in upper case (``"ice cream"`` is shown
    ``ICE CREAM`` and hidden as ``ICECREAM``)."""
    return "".join(_upper(ch) for ch in " ".join(unicodedata.normalize("NFC", entry).split()))


def read_clued_entries(
    path: os.PathLike[str] | str, *, strict: bool = False
) -> tuple[list[str], list[str], list[Optional[str]]]:
    """(entries, where, clues) of a word-list file in which a line may
    carry a clue after a semicolon: ``ICE CREAM;a cold dessert``.  The entry
    is what comes before the first ``;`` (its display form: spaces and
    hyphens are shown but not hidden), the clue what follows (None when
    there is none).  Blank lines and ``#`` lines are left out; an entry
    that is not a word (``AA's``) is skipped and noted, or an error with
    ``strict`` (dlxc.base.files.Skips).  A list with no word is an error.
    (Repeats are kept: a word search names them, as a word is hidden once.)"""
    name, lines = read_list(path, ProblemError)
    return clued_entries(lines, name, strict=strict)


def clued_entries(
    lines: list[str], name: str, *, strict: bool = False
) -> tuple[list[str], list[str], list[Optional[str]]]:
    """``read_clued_entries`` of lines already read (``name`` in messages)."""
    skips = Skips(name, ProblemError, strict)
    words, where, clues = [], [], []
    for i, text in entries(lines):
        word, sep, clue = text.partition(";")
        word = word.strip()
        word_letters, why = _split(word)
        if word_letters is None:
            skips.skip(i, word, why)
            continue
        words.append(word)
        where.append(f"{name}:{i}")
        clues.append(clue.strip() or None if sep else None)
    skips.note()
    if not words:
        raise skips.empty()
    return words, where, clues


def load_word_list(
    path: os.PathLike[str] | str,
    *,
    lowercase_only: bool = False,
    lengths: Optional[Iterable[int]] = None,
    strict: bool = False,
) -> WordList:
    """Read a word list, one word per line, keeping the entries made only of
    letters (others are skipped and counted).  ``lowercase_only`` also skips
    entries with an upper-case letter (the proper nouns of a dictionary such
    as /usr/share/dict/words).  ``lengths`` keeps only words of those
    numbers of letters.  Words that repeat after case folding are kept once.
    A list with no word is an error; the entries that are not words are
    noted as every word list's are (dlxc.base.files.Skips; ``strict``: the
    first is an error).  The ``WordList``'s ``letters`` hold each word's
    cells, its ``words`` those cells joined."""
    found, where = read_entries(path)
    name = where[0].rsplit(":", 1)[0] if where else os.fspath(path)
    skips = Skips(name, ProblemError, strict)
    wanted = None if lengths is None else set(lengths)
    out = WordList(source=name, entries=len(found))
    seen: set[tuple[str, ...]] = set()
    for entry, at in zip(found, where):
        if not is_word(entry):
            skips.skip(int(at.rsplit(":", 1)[1]), entry, not_letters(entry) or "is not a word")
            out.skipped += 1
            continue
        if lowercase_only and entry != entry.lower():
            out.skipped_case += 1
            continue
        word = letters(entry)
        if wanted is not None and len(word) not in wanted:
            continue
        if word in seen:
            out.repeats += 1
            continue
        seen.add(word)
        out.letters.append(word)
        out.words.append("".join(word))
        out.where.append(at)
    skips.note()
    if not found or skips.count == len(found):
        raise skips.empty()
    return out
