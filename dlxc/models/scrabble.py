"""Scrabble positions as people write them, and their moves.

A board is one text line per row: ``.`` an empty square, a letter a tile,
upper case for an ordinary tile and lower case for a blank played as that
letter.  A rack is its letters, ``?`` for a blank.  The rules (board size,
premium squares, tile values, rack size, bingo bonus) are the standard
English game unless a rules file says otherwise, a JSON object::

    {"premiums": ["T..d...T...d..T", ...],   one string per row:
                                              T D triple/double word,
                                              t d triple/double letter,
                                              * the start square (double word),
                                              . plain
     "values": {"a": 1, "b": 3, ..., "?": 0}, tile values ("?" a blank)
     "rack_size": 7, "bingo_bonus": 50,       a bingo uses rack_size tiles
     "start": [7, 7]}                         optional; else the * square,
                                              else the centre

Moves come from the lexicon engine's generator (Gordon's GADDAG algorithm,
csrc/lexicon/moves.c): every legal move with its score, best first.  The
first move must cover the start square.  A one-tile move that makes words
both ways is listed once, as an across move.
"""

from __future__ import annotations

import json
import os
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Optional, overload

from ..base.errors import BoardError
from ..base.files import read_text
from ..base.letters import fold, fold_letter, upper_letter
from ..lexicon import Lexicon, MoveGenerator

STANDARD_PREMIUMS = (
    "T..d...T...d..T",
    ".D...t...t...D.",
    "..D...d.d...D..",
    "d..D...d...D..d",
    "....D.....D....",
    ".t...t...t...t.",
    "..d...d.d...d..",
    "T..d...*...d..T",
    "..d...d.d...d..",
    ".t...t...t...t.",
    "....D.....D....",
    "d..D...d...D..d",
    "..D...d.d...D..",
    ".D...t...t...D.",
    "T..d...T...d..T",
)

ENGLISH_VALUES = {
    "a": 1,
    "b": 3,
    "c": 3,
    "d": 2,
    "e": 1,
    "f": 4,
    "g": 2,
    "h": 4,
    "i": 1,
    "j": 8,
    "k": 5,
    "l": 1,
    "m": 3,
    "n": 1,
    "o": 1,
    "p": 3,
    "q": 10,
    "r": 1,
    "s": 1,
    "t": 1,
    "u": 1,
    "v": 4,
    "w": 4,
    "x": 8,
    "y": 4,
    "z": 10,
    "?": 0,
}

_PREMIUM = {".": (1, 1), "d": (2, 1), "t": (3, 1), "D": (1, 2), "T": (1, 3), "*": (1, 2)}


@dataclass
class Rules:
    """One edition's board and tiles."""

    premiums: tuple[str, ...] = STANDARD_PREMIUMS
    values: dict = field(default_factory=lambda: dict(ENGLISH_VALUES))
    rack_size: int = 7
    bingo_bonus: int = 50
    start: Optional[tuple[int, int]] = None
    source: str = "standard English rules"

    def __post_init__(self) -> None:
        where = self.source
        rows = len(self.premiums)
        if not 1 <= rows <= 32:
            raise BoardError(f"{where}: a board has 1 to 32 rows, not {rows}")
        cols = len(self.premiums[0])
        for i, line in enumerate(self.premiums):
            if len(line) != cols or not 1 <= cols <= 32:
                raise BoardError(
                    f"{where}: premium row {i} has {len(line)} squares; every row "
                    f"needs the same number, 1 to 32"
                )
            for ch in line:
                if ch not in _PREMIUM:
                    raise BoardError(f"{where}: premium row {i}: {ch!r} is not one of . d t D T *")
        if self.start is None:
            stars = [(r, line.index("*")) for r, line in enumerate(self.premiums) if "*" in line]
            self.start = stars[0] if stars else (rows // 2, cols // 2)
        r, c = self.start
        if not (0 <= r < rows and 0 <= c < cols):
            raise BoardError(f"{where}: the start square {self.start} is off the board")
        if not 1 <= self.rack_size <= 32:
            raise BoardError(f"{where}: rack_size {self.rack_size} is not from 1 to 32")
        values = {}
        for k, v in self.values.items():
            if (
                not isinstance(k, str)
                or not isinstance(v, int)
                or v < 0
                or (k != "?" and len(fold(k)) != 1)
            ):
                raise BoardError(
                    f"{where}: tile value {k!r}: {v!r} is not a letter and a value of 0 or more"
                )
            values["?" if k == "?" else fold(k)] = v
        values.setdefault("?", 0)
        self.values = values

    @property
    def rows(self) -> int:
        return len(self.premiums)

    @property
    def cols(self) -> int:
        return len(self.premiums[0])

    @classmethod
    def from_file(cls, path: os.PathLike[str] | str) -> Rules:
        name, text = read_text(path, "rules", BoardError)
        try:
            spec = json.loads(text)
        except ValueError as exc:
            raise BoardError(f"{name}: not a JSON rules file ({exc})") from None
        if not isinstance(spec, dict):
            raise BoardError(f"{name}: the rules must be a JSON object")
        unknown = set(spec) - {"premiums", "values", "rack_size", "bingo_bonus", "start"}
        if unknown:
            raise BoardError(f"{name}: unknown keys {sorted(unknown)}")
        try:
            start = spec.get("start")
            return cls(
                premiums=tuple(spec.get("premiums", STANDARD_PREMIUMS)),
                values=dict(spec.get("values", ENGLISH_VALUES)),
                rack_size=int(spec.get("rack_size", 7)),
                bingo_bonus=int(spec.get("bingo_bonus", 50)),
                start=tuple(start) if start is not None else None,
                source=name,
            )
        except (TypeError, ValueError) as exc:
            if isinstance(exc, BoardError):
                raise
            raise BoardError(f"{name}: malformed rules ({exc})") from None

    def multipliers(self) -> tuple[bytes, bytes]:
        lm = bytes(_PREMIUM[ch][0] for line in self.premiums for ch in line)
        wm = bytes(_PREMIUM[ch][1] for line in self.premiums for ch in line)
        return lm, wm


@dataclass(frozen=True)
class Move:
    """A move: its score, first square (row, col from 0), direction, the
    word (blanks in lower case) and the squares newly covered, as
    (row, col, letter) with a blank's letter in lower case."""

    score: int
    row: int
    col: int
    direction: str
    word: str
    tiles: tuple

    def as_dict(self) -> dict:
        return {
            "score": self.score,
            "row": self.row,
            "col": self.col,
            "direction": self.direction,
            "word": self.word,
            "tiles": [{"row": r, "col": c, "letter": ch} for r, c, ch in self.tiles],
        }


class MoveFinder:
    """The moves of positions under one set of rules with one lexicon."""

    def __init__(self, lexicon: Lexicon, rules: Optional[Rules] = None) -> None:
        self.lexicon = lexicon
        self.rules = rules or Rules()
        alphabet = lexicon.alphabet
        if len(alphabet) > 63:
            raise BoardError(
                f"the lexicon has {len(alphabet)} letters; the move generator takes at most 63"
            )
        missing = [ch for ch in alphabet.letters if ch not in self.rules.values]
        if missing:
            raise BoardError(
                f"{self.rules.source}: no tile value for the lexicon's letters {''.join(missing)!r}"
            )
        values = [self.rules.values["?"]] + [self.rules.values[ch] for ch in alphabet.letters]
        lm, wm = self.rules.multipliers()
        start = self.rules.start
        if start is None:  # Rules.__post_init__ sets it; a caller may have cleared it
            raise BoardError("the rules have no start square")
        self.generator = MoveGenerator(
            lexicon,
            self.rules.rows,
            self.rules.cols,
            lm,
            wm,
            values,
            start,
            self.rules.rack_size,
            self.rules.bingo_bonus,
        )

    # -- reading positions --------------------------------------------------
    def board(self, lines: str | Sequence[str], name: str = "board") -> bytes:
        """The board's codes (+128 a blank), checked."""
        if isinstance(lines, str):
            lines = lines.splitlines()
        rows = [ln.strip() for ln in lines if ln.strip()]
        rules = self.rules
        if len(rows) != rules.rows:
            raise BoardError(
                f"{name}: {len(rows)} rows; the board has {rules.rows} rows of {rules.cols} squares"
            )
        codes = self.lexicon.alphabet.codes
        out = bytearray()
        for i, line in enumerate(rows):
            line = unicodedata.normalize("NFC", line)
            if len(line) != rules.cols:
                raise BoardError(
                    f"{name}: row {i + 1} has {len(line)} squares, not {rules.cols}: {line!r}"
                )
            for j, ch in enumerate(line):
                if ch == ".":
                    out.append(0)
                    continue
                letter = fold_letter(ch)
                blank = ch.islower()
                if len(letter) != 1 or letter not in codes:
                    raise BoardError(
                        f"{name}: row {i + 1}, column {j + 1}: {ch!r} is not a "
                        "letter of the lexicon (use . for an empty square)"
                    )
                out.append(codes[letter] | (128 if blank else 0))
        return bytes(out)

    def rack(self, text: str) -> bytes:
        """The rack as 64 counts ([0] blanks), checked."""
        counts = bytearray(64)
        codes = self.lexicon.alphabet.codes
        tiles = 0
        for ch in fold(text.strip()):
            if ch == "?":
                counts[0] += 1
            elif ch in codes:
                counts[codes[ch]] += 1
            else:
                raise BoardError(
                    f"rack {text!r}: {ch!r} is not a letter of the lexicon (? for a blank)"
                )
            tiles += 1
        if tiles > self.rules.rack_size:
            raise BoardError(
                f"rack {text!r} has {tiles} tiles; a rack holds at most {self.rules.rack_size}"
            )
        return bytes(counts)

    # -- moves --------------------------------------------------------------
    def count(self, board: bytes, rack: bytes) -> int:
        """Find every move of a position (codes); returns how many."""
        return self.generator.run(board, rack)

    def moves(
        self, board: bytes | str | Sequence[str], rack: bytes | str, top: Optional[int] = None
    ) -> list[Move]:
        """Every legal move (the ``top`` best), best first."""
        return list(self.find(board, rack, top))

    def find(
        self, board: bytes | str | Sequence[str], rack: bytes | str, top: Optional[int] = None
    ) -> MoveList:
        """Every legal move (the ``top`` best), best first, as a compact
        sequence: the moves stay in the engine's records and each ``Move``
        is made when it is read.  With ``top`` the search skips the parts
        of the board where no move can be among the ``top`` best."""
        if not isinstance(board, bytes):
            board = self.board(board)
        if not isinstance(rack, bytes):
            rack = self.rack(rack)
        if top is None:
            self.generator.run(board, rack)
            self.generator.sort()
        else:
            if top < 1:
                raise BoardError(f"top {top}: ask for at least one move")
            self.generator.best(board, rack, top)
        return MoveList(self, self.generator.records())

    def _move(self, rec: tuple) -> Move:
        score, row, col, down, word, fresh = rec
        letters = self.lexicon.alphabet.letters
        text = []
        tiles = []
        for k, code in enumerate(word):
            ch = letters[(code & 127) - 1]
            ch = ch if code & 128 else upper_letter(ch)
            text.append(ch)
            if fresh[k]:
                tiles.append((row + k if down else row, col if down else col + k, ch))
        return Move(score, row, col, "down" if down else "across", "".join(text), tuple(tiles))


class MoveList(Sequence[Move]):
    """The moves of one position, best first, as ``MoveFinder.find`` gives
    them: ``len``, indexing and slicing (a ``Move`` made on each read),
    iteration, and ``scores()`` without making any ``Move``."""

    __slots__ = ("_finder", "_records")

    def __init__(self, finder: MoveFinder, records: Sequence[tuple]) -> None:
        self._finder = finder
        self._records = records

    def __len__(self) -> int:
        return len(self._records)

    @overload
    def __getitem__(self, i: int) -> Move: ...

    @overload
    def __getitem__(self, i: slice) -> list[Move]: ...

    def __getitem__(self, i: int | slice) -> Move | list[Move]:
        if isinstance(i, slice):
            return [self._finder._move(rec) for rec in self._records[i]]
        return self._finder._move(self._records[i])

    def __iter__(self) -> Iterator[Move]:
        move = self._finder._move
        for k in range(len(self._records)):
            yield move(self._records[k])

    def scores(self) -> list[int]:
        """Every move's score, best first."""
        scores = getattr(self._records, "scores", None)
        return scores() if scores else [rec[0] for rec in self._records]

    def __repr__(self) -> str:
        return f"<MoveList of {len(self)} moves>"


def moves(
    lexicon: Lexicon,
    board: str | Sequence[str],
    rack: str,
    rules: Optional[Rules] = None,
    top: Optional[int] = None,
) -> list[Move]:
    """Every legal move of a position, best first."""
    return MoveFinder(lexicon, rules).moves(board, rack, top)


ENGLISH_TILES = {
    "a": 9,
    "b": 2,
    "c": 2,
    "d": 4,
    "e": 12,
    "f": 2,
    "g": 3,
    "h": 2,
    "i": 9,
    "j": 1,
    "k": 1,
    "l": 4,
    "m": 2,
    "n": 6,
    "o": 8,
    "p": 2,
    "q": 1,
    "r": 6,
    "s": 4,
    "t": 6,
    "u": 4,
    "v": 2,
    "w": 2,
    "x": 1,
    "y": 2,
    "z": 1,
    "?": 2,
}


def greedy_positions(
    finder: MoveFinder, seed: int, turns: int, tiles: Optional[dict] = None
) -> list[tuple[bytes, bytes]]:
    """Positions of a game two greedy players play (each turn the best
    move, a pass when there is none), drawing from a bag shuffled with
    ``seed``: the (board, rack) before each of ``turns`` turns, in the
    engine's codes.  Reproducible, for tests and benchmarks."""
    import random

    rng = random.Random(seed)
    codes = finder.lexicon.alphabet.codes
    bag = [
        0 if ch == "?" else codes[ch]
        for ch, n in (tiles or ENGLISH_TILES).items()
        for _ in range(n)
        if ch == "?" or ch in codes
    ]
    rng.shuffle(bag)
    rules = finder.rules
    board = bytearray(rules.rows * rules.cols)
    racks = [bytearray(64), bytearray(64)]
    held = [0, 0]

    def draw(p: int) -> None:
        while held[p] < rules.rack_size and bag:
            racks[p][bag.pop()] += 1
            held[p] += 1

    draw(0)
    draw(1)
    out = []
    gen = finder.generator
    for turn in range(turns):
        p = turn % 2
        out.append((bytes(board), bytes(racks[p])))
        if not gen.run(bytes(board), bytes(racks[p])):
            continue
        gen.sort()
        score, row, col, down, word, fresh = gen.moves(1)[0]
        for k, code in enumerate(word):
            if fresh[k]:
                r, c = (row + k, col) if down else (row, col + k)
                board[r * rules.cols + c] = code
                racks[p][0 if code & 128 else code] -= 1
                held[p] -= 1
        draw(p)
    return out
