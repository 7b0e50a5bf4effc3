"""The sample files that ship with dlxc: puzzle instances (DLX files,
crossword grids, word-search masks, a Scrabble position, Boggle boards)
and word lists, each with its known answers in ``catalog.toml``.

Every example of the documentation names one of them by its short name,
so that it works from any directory::

    dlxc example                      # the list
    dlxc example wordsearch-6x6       # the file on stdout
    dlxc example enable --path        # where it is

and from Python, ``dlxc.example_path("wordsearch-6x6")``.  A name is the
file's name without its extension; the licence notices of the word lists
lie beside them in ``words/`` (the crossword lists', beside them in
dlxc/models/wordlists/, where the crossword engine reads them).
"""

from __future__ import annotations

import os

HERE = os.path.dirname(os.path.abspath(__file__))

#: The folders that hold examples, and what each holds.
KINDS = {
    "dlx": "problems in Knuth's DLX format (dlxc count, solve, estimate, sample)",
    "words": "word lists, one word a line (--words, dlxc lexicon, dlxc crossword)",
    "crossword": "grids to fill: # a block, . an empty cell (dlxc crossword fill), and "
    "a clue list, WORD;clue (dlxc crossword layout --words, fill --clues)",
    "masks": "word-search shapes: # not a cell, . a cell (dlxc wordsearch --mask)",
    "scrabble": "a Scrabble position, 15 lines (dlxc moves)",
    "boggle": "the best Boggle boards known (dlxc boggle)",
}

# files in the folders that are not examples: notices and notes
_NOT_EXAMPLES = ("README", "NOTICE", "COPYRIGHT")

# examples whose data another part of dlxc owns and reads (one copy, listed
# here by its path): the crossword engine's default list and ban list
_ELSEWHERE = {
    "words": (
        os.path.join(os.path.dirname(HERE), "models", "wordlists"),
        ("crossword-banned.txt", "crossword-scored.txt"),
    ),
}


def examples() -> dict[str, str]:
    """Every example: short name -> the file's path, in the order of
    ``KINDS`` and then by name."""
    return {name: path for names in by_kind().values() for name, path in names.items()}


def by_kind() -> dict[str, dict[str, str]]:
    """The examples of each kind of ``KINDS``: short name -> path, by name."""
    out: dict[str, dict[str, str]] = {}
    for kind in KINDS:
        folder = os.path.join(HERE, kind)
        found = {
            entry: os.path.join(folder, entry)
            for entry in os.listdir(folder)
            if not any(word in entry for word in _NOT_EXAMPLES)
        }
        if kind in _ELSEWHERE:
            other, names = _ELSEWHERE[kind]
            found.update((entry, os.path.join(other, entry)) for entry in names)
        out[kind] = {os.path.splitext(entry)[0]: found[entry] for entry in sorted(found)}
    return out


def example_path(name: str) -> str:
    """The path of the sample file called ``name`` (``"wordsearch-6x6"``,
    ``"enable"``, ``"american-15x15"`` ...); ``dlxc example`` lists them.

    Raises KeyError, naming the examples, for a name that is not one."""
    found = examples()
    try:
        return found[name]
    except KeyError:
        raise KeyError(f"no example called {name!r}; the examples: {', '.join(found)}") from None


__all__ = ["KINDS", "by_kind", "examples", "example_path"]
