"""Word lists: the one reader under every engine.

Every engine that takes a word list from a file reads it here: the crossword
fill (``WORD;score`` lists), the crossword layout (``WORD;clue`` lists), the
word search and word rectangles, the lexicon and Boggle.  What they share,
and what this module holds:

- the file: UTF-8 read whole (``-`` the standard input where a command
  allows it), a byte-order mark dropped, LF, CRLF and CR ending lines
  (``read_list``, over dlxc.base.files);
- the lines: each stripped of the spaces around it; a blank line, or one
  starting with ``#``, says nothing (``entries``);
- the fields: the entry is what comes before the first ``;``; what follows
  is a score (``parse_score``: an optional sign and ASCII digits, capped at
  a billion), a clue, or both (the clue list's grammar);
- what is read: one class, ``WordList``, whichever engine reads;
- a line whose entry is not a word: ``Skips`` (dlxc.base.files) counts and
  notes it, or with ``strict`` makes it an error naming the file and line.

What a word is beyond that stays with its engine, which knows its letters:
the crossword case-folds and drops nothing, the word search keeps the spaces
and hyphens of an entry for its display, Boggle keeps a..z, the lexicon caps
a word's length.  The crossword engine also reads a plain ASCII list in C
(dlxc_xw_parse_words); that parser follows these rules line for line, and
gives any list it does not take whole back to the Python reader.

Historical note: dlxc once had four list readers, each with its own loop
over lines, and two classes named ``WordList``; the crossword layout read a
list twice, as a clue list and then as a pool (0.6 s of a 0.7 s command on
80,000 words).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Callable, Optional

from .files import read_input, read_lines

#: the largest score a list may give (a larger one is read as this)
MAX_SCORE = 1_000_000_000


@dataclass
class WordList:
    """A word list as read: its words in file order, each once, with what
    the list gave beside them, and how many entries were left out and why.

    ``words`` are the engine's form of each word (folded for the crossword,
    the lexicon and Boggle; letters joined, in upper case, for a word
    rectangle, whose ``letters`` hold each word's cells).  ``scores`` has
    one score a word where the list format has scores; ``clues`` maps a
    word to its clue where one was given; ``where`` says where each word
    stands (``file:line``) for readers that name it later.  ``skipped``
    counts the entries that are not words, ``skipped_case`` those left out
    for their case, ``repeats`` the words given again, ``entries`` every
    entry read."""

    words: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    clues: dict[str, str] = field(default_factory=dict)
    letters: list[tuple[str, ...]] = field(default_factory=list)
    where: list[str] = field(default_factory=list)
    skipped: int = 0
    skipped_case: int = 0
    repeats: int = 0
    entries: int = 0
    source: str = "<words>"

    def __len__(self) -> int:
        return len(self.words)

    def clue(self, answer: str) -> Optional[str]:
        """The clue of ``answer`` (any case), or None."""
        return self.clues.get(answer.lower())

    def of_length(self, n: int) -> list[tuple[str, ...]]:
        """The cells of the words of ``n`` letters (a word rectangle's list)."""
        return [w for w in self.letters if len(w) == n]

    def keeping(self, letters: Iterable[str]) -> tuple[WordList, list[str]]:
        """(this list without the words that have a letter outside
        ``letters``, those words).  One pass over the letters of the whole
        list decides, so a list that needs nothing left out costs no more."""
        bad = set("".join(self.words)).difference(letters)
        if not bad:
            return self, []
        kept: list[str] = []
        dropped: list[str] = []
        for w in self.words:
            (kept if bad.isdisjoint(w) else dropped).append(w)
        out = WordList(
            kept,
            skipped=self.skipped,
            skipped_case=self.skipped_case,
            repeats=self.repeats,
            entries=self.entries,
            source=self.source,
        )
        return out, dropped


def read_list(
    path: os.PathLike[str] | str, error: Callable[[str], Exception], what: str = "word list"
) -> tuple[str, list[str]]:
    """(the file's name, its lines): a list file read as every list is
    (``-`` the standard input; dlxc.base.files.read_lines), its errors
    ``error("NAME: ...")`` or ``error("NAME:LINE: ...")``."""
    return read_lines(path, what, error)


def read_list_bytes(
    path: os.PathLike[str] | str, error: Callable[[str], Exception], what: str = "word list"
) -> tuple[str, bytes]:
    """(the file's name, its bytes, a byte-order mark dropped), for a reader
    that looks at the bytes first (a C parser, a fast path)."""
    return read_input(path, what, error)


def entries(lines: Iterable[str], blanks: Optional[str] = None) -> Iterator[tuple[int, str]]:
    """(line number, entry) for each line of a list that says something:
    the line stripped of ``blanks`` (None: any white space) around it,
    blank lines and ``#`` lines left out."""
    for number, line in enumerate(lines, 1):
        text = line.strip(blanks)
        if text and text[0] != "#":
            yield number, text


def parse_score(text: str) -> Optional[int]:
    """The integer ``text`` spells (spaces and tabs around it, an optional
    sign, ASCII digits; capped at ``MAX_SCORE``), or None."""
    text = text.strip(" \t")
    sign = text[:1] if text[:1] in ("+", "-") else ""
    digits = text[len(sign) :]
    if not digits or not (digits.isascii() and digits.isdigit()):
        return None
    return min(int(digits), MAX_SCORE) * (-1 if sign == "-" else 1)


__all__ = ["MAX_SCORE", "WordList", "entries", "parse_score", "read_list", "read_list_bytes"]
