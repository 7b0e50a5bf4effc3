"""Boggle boards: letters row by row, their sizes, and boards rolled from
the dice of the published games.

A board is rows x cols letters, row by row (``perslatgsineters`` is a 4x4);
the die face ``Qu`` is written ``q`` and reads as two letters.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional

from ..base.errors import BoggleError
from ..base.letters import fold

LETTERS = "abcdefghijklmnopqrstuvwxyz"
_LETTER_SET = frozenset(LETTERS)
MAX_CELLS = 64

# ---- dice -----------------------------------------------------------------
# Letters on the dice of the published games, facts gathered from public
# descriptions (a face "q" is the die face "Qu"):
# - classic (Boggle 1976-1986) and new (1987 on): had2know.org, "Play
#   Boggle", https://www.had2know.org/entertainment/play-boggle-word-search-game.html
#   (the new set also in danvk/hybrid-boggle boggle/dice.py, from
#   bananagrammer.com's "The Boggle cube redesign").
# - big (Big Boggle, 5x5, 1979): Eugene McDonnell's "Remarks on the Game of
#   Boggle", OEIS A063000, https://oeis.org/A063000/a063000.txt (one die a
#   column of his table).
# - superbig (Super Big Boggle, 6x6, 2011): pillowfication/pf-boggle on
#   GitHub, src/diceSets.js.  It has faces with two letters (An, Er, He, In,
#   Th) and three blank faces; a board here has one letter a cell, so when
#   such a face comes up the die is rolled again (said in ``roll``'s help).
DICE = {
    "classic": (
        "aaciot",
        "abilty",
        "abjmoq",
        "acdemp",
        "acelrs",
        "adenvz",
        "ahmors",
        "bfiorx",
        "denosw",
        "dknotu",
        "eefhiy",
        "egintv",
        "egkluy",
        "ehinps",
        "elpstu",
        "gilruw",
    ),
    "new": (
        "aaeegn",
        "abbjoo",
        "achops",
        "affkps",
        "aoottw",
        "cimotu",
        "deilrx",
        "delrvy",
        "distty",
        "eeghnw",
        "eeinsu",
        "ehrtvw",
        "eiosst",
        "elrtty",
        "himnuq",
        "hlnnrz",
    ),
    "big": (
        "aaafrs",
        "aaeeee",
        "aafirs",
        "adennn",
        "aeeeem",
        "aeegmu",
        "aegmnn",
        "afirsy",
        "bjkqxz",
        "ccenst",
        "ceiilt",
        "ceilpt",
        "ceipst",
        "ddhnot",
        "dhhlor",
        "dhlnor",
        "dhlnor",
        "eiiitt",
        "emottt",
        "ensssu",
        "fiprsy",
        "gorrvw",
        "iprrry",
        "nootuw",
        "ooottu",
    ),
    "superbig": (
        ("a", "a", "a", "f", "r", "s"),
        ("a", "a", "e", "e", "e", "e"),
        ("a", "a", "e", "e", "o", "o"),
        ("a", "a", "f", "i", "r", "s"),
        ("a", "b", "d", "e", "i", "o"),
        ("a", "d", "e", "n", "n", "n"),
        ("a", "e", "e", "e", "e", "m"),
        ("a", "e", "e", "g", "m", "u"),
        ("a", "e", "g", "m", "n", "n"),
        ("a", "e", "i", "l", "m", "n"),
        ("a", "e", "i", "n", "o", "u"),
        ("a", "f", "i", "r", "s", "y"),
        ("an", "er", "he", "in", "q", "th"),
        ("b", "b", "j", "k", "x", "z"),
        ("c", "c", "e", "n", "s", "t"),
        ("c", "d", "d", "l", "n", "n"),
        ("c", "e", "i", "i", "t", "t"),
        ("c", "e", "i", "p", "s", "t"),
        ("c", "f", "g", "n", "u", "y"),
        ("d", "d", "h", "n", "o", "t"),
        ("d", "h", "h", "l", "o", "r"),
        ("d", "h", "h", "n", "o", "w"),
        ("d", "h", "l", "n", "o", "r"),
        ("e", "h", "i", "l", "r", "s"),
        ("e", "i", "i", "l", "s", "t"),
        ("e", "i", "l", "p", "s", "t"),
        ("e", "i", "o", "", "", ""),
        ("e", "m", "t", "t", "t", "o"),
        ("e", "n", "s", "s", "s", "u"),
        ("g", "o", "r", "r", "v", "w"),
        ("h", "i", "r", "s", "t", "v"),
        ("h", "o", "p", "r", "s", "t"),
        ("i", "p", "r", "s", "y", "y"),
        ("j", "k", "q", "w", "x", "z"),
        ("n", "o", "o", "t", "u", "w"),
        ("o", "o", "o", "t", "t", "u"),
    ),
}
DICE_SIZE = {"classic": (4, 4), "new": (4, 4), "big": (5, 5), "superbig": (6, 6)}


# ---- boards -----------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """rows x cols letters a..z, row by row; ``q`` is the die face Qu."""

    letters: str
    rows: int
    cols: int

    @classmethod
    def parse(cls, text: str, size: Optional[tuple] = None) -> Board:
        """A board from its letters row by row (spaces, ``/`` and ``,``
        between rows are ignored); the size is ``size`` or, for 9, 16, 25
        or 36 letters, the square."""
        letters = "".join(ch for ch in fold(text.strip()) if ch not in " /,\t")
        bad = sorted({ch for ch in letters if ch not in _LETTER_SET})
        if bad:
            raise BoggleError(
                f"board {text!r}: {', '.join(map(repr, bad))} "
                f"{'is not a letter' if len(bad) == 1 else 'are not letters'} "
                "a..z (write the die face Qu as q)"
            )
        rows, cols = size if size is not None else _square(letters, text)
        check_size(rows, cols)
        if len(letters) != rows * cols:
            raise BoggleError(
                f"board {text!r} has {len(letters)} letters; a {rows}x{cols} "
                f"board has {rows * cols}"
            )
        return cls(letters, rows, cols)

    def __str__(self) -> str:
        return self.letters

    def grid(self) -> str:
        """The board as rows of letters, Qu written out."""
        faces = ["Qu" if ch == "q" else ch.upper() for ch in self.letters]
        return "\n".join(
            " ".join(f"{f:<2}" for f in faces[r * self.cols : (r + 1) * self.cols]).rstrip()
            for r in range(self.rows)
        )

    def word(self, path: Sequence[int]) -> str:
        """The word a path of cells spells (a q cell reads qu)."""
        return "".join("qu" if self.letters[i] == "q" else self.letters[i] for i in path)


def _square(letters: str, text: str) -> tuple:
    side = int(round(len(letters) ** 0.5))
    if side * side != len(letters) or side < 1:
        raise BoggleError(
            f"board {text!r} has {len(letters)} letters, which is no square; "
            "give its size (--size ROWSxCOLS)"
        )
    return side, side


def check_size(rows: int, cols: int) -> None:
    if rows < 1 or cols < 1 or rows * cols > MAX_CELLS:
        raise BoggleError(
            f"a {rows}x{cols} board: boards have 1 to {MAX_CELLS} cells "
            "(3x3 to 6x6 and rectangles such as 3x4 or 4x5)"
        )


def parse_size(text: str) -> tuple:
    parts = text.lower().replace("\u00d7", "x").split("x")
    try:
        rows, cols = (int(p) for p in parts)
    except ValueError:
        raise BoggleError(f"{text!r} is not a board size like 4x4 or 3x4") from None
    check_size(rows, cols)
    return rows, cols


def roll(
    dice: str = "new", seed: Optional[int] = None, rng: Optional[random.Random] = None
) -> Board:
    """A board from the named dice set: the dice in random places, each
    showing a random face (a face no cell can hold, a two-letter face or a
    blank of the 6x6 set, is rolled again)."""
    if dice not in DICE:
        raise BoggleError(f"unknown dice {dice!r}; choose one of {', '.join(DICE)}")
    rng = rng or random.Random(seed)
    order = list(DICE[dice])
    rng.shuffle(order)
    faces = []
    for die in order:
        usable = [f for f in die if len(f) == 1]
        faces.append(rng.choice(usable))
    rows, cols = DICE_SIZE[dice]
    return Board("".join(faces), rows, cols)
