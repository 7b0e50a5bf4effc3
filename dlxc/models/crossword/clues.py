"""Clue lists for crosswords: one entry a line, with its score, its clue, or both.

A line is one of

- ``WORD`` (an entry without a clue; it scores ``DEFAULT_SCORE``),
- ``WORD;score`` (a scored entry, as crossword word lists write them),
- ``WORD;clue`` (the field after ``;`` is not an integer: a clue, as the
  word search reads its lists),
- ``WORD;score;clue`` (both), and ``WORD;;clue`` for a clue that is itself
  a number (an empty score field: the default score).

The clue is everything after the separator, semicolons included.  The
entry may be written with spaces and hyphens (``ICE CREAM``, ``T-SHIRT``),
as word-search lists are: the answer is its letters alone, case-folded
(``icecream``).  Blank lines and lines starting with ``#`` are skipped; an
entry that repeats an earlier answer is dropped (its clue with it).  A line
whose entry is not letters (``R2D2``, ``AA's``, nothing before ``;``) is skipped and
noted, or with ``strict`` an error naming the file and line, as every word
list is read (``dlxc.base.files.Skips``); a list with no entry left is an
error.

The lines, fields and scores are read as every word list is
(dlxc.base.wordlist); what is a clue list's own is above.
"""

from __future__ import annotations

import os
from typing import Optional, Union

from ...base.errors import CrosswordError
from ...base.files import Skips, not_letters, utf8_text
from ...base.letters import fold
from ...base.wordlist import WordList, entries, parse_score, read_list_bytes
from ...crossword.wordlist import WordPool, parse_plain_list, pool_of_read_words

DEFAULT_SCORE = 50
#: Characters an entry may carry that are not part of its answer.
SEPARATORS = " -"


def parse_clue_list(text: str, source: str = "<clues>", *, strict: bool = False) -> WordList:
    """The ``WordList`` of the text of a clue list (see the module's
    docstring): answers in file order with their scores, and ``clues``
    mapping an answer to its clue (an answer without one is absent)."""
    out = WordList(source=source)
    skips = Skips(source, CrosswordError, strict)
    seen: set[str] = set()
    # dlxc's one case rule: NFC, and a letter's case changed only where it
    # stays one letter (İstanbul has 8 letters, STRAßE 6); on ASCII text, lower
    case = str.lower if text.isascii() else fold
    for number, line in entries(text.lstrip("\ufeff").split("\n"), " \t\r"):
        out.entries += 1
        entry, sep, rest = line.partition(";")
        score, clue = DEFAULT_SCORE, None
        if sep:
            head, sep2, tail = rest.partition(";")
            value = parse_score(head)
            if sep2 and (value is not None or not head.strip()):
                score, clue = (DEFAULT_SCORE if value is None else value), tail.strip()
            elif value is not None:
                score = value
            else:
                clue = rest.strip()
        answer = entry
        for separator in SEPARATORS:
            if separator in answer:
                answer = answer.replace(separator, "")
        answer = case(answer)
        if not answer or not answer.isalpha():
            why = not_letters(answer) if answer else "no entry before ';'"
            skips.skip(number, entry.strip(), why or "not a word")
            out.skipped += 1
            continue
        if answer in seen:
            out.repeats += 1
            continue
        seen.add(answer)
        out.words.append(answer)
        out.scores.append(score)
        if clue:
            out.clues[answer] = clue
    skips.note()
    if not out.words:
        raise skips.empty("clue list")
    return out


def read_clue_pool(
    path: Union[str, os.PathLike[str]], *, strict: bool = False, backend: Optional[str] = None
) -> tuple[WordPool, dict[str, str]]:
    """A clue-list file read once: (the pool of its answers, their clues).

    A list the crossword engine's reader takes whole (ASCII, every line
    ``WORD`` or ``WORD;score``) is parsed in C and has no clue; any other is
    read by ``parse_clue_list``, whose answers make the pool as they are."""
    name, blob = read_list_bytes(path, CrosswordError, "clue list")
    pool = parse_plain_list(blob, name, backend)
    if pool is not None and len(pool):
        return pool, {}
    clue_list = parse_clue_list(utf8_text(blob, name, CrosswordError), name, strict=strict)
    pool = pool_of_read_words(clue_list.words, clue_list.scores, name)
    pool.repeats = clue_list.repeats
    return pool, clue_list.clues


def read_clue_list(path: Union[str, os.PathLike[str]], *, strict: bool = False) -> WordList:
    """Read a clue-list file (UTF-8, a byte-order mark tolerated)."""
    name, blob = read_list_bytes(path, CrosswordError, "clue list")
    return parse_clue_list(utf8_text(blob, name, CrosswordError), name, strict=strict)
