"""Scrabble positions as people write them, and their moves.

A board is one text line per row: ``.`` an empty square, a letter a tile,
upper case for an ordinary tile and lower case for a blank played as that
letter.  A rack is its letters, ``?`` for a blank.  A multi-letter tile
(Spanish CH) is its name in brackets, ``[CH]`` (``[ch]`` a blank), on a
board, a rack and in the moves found (``Rules.split``, ``Rules.tile_text``).  The rules (board size,
premium squares, tile values, rack size, bingo bonus) are the standard
English game unless a rules file says otherwise, a JSON object::

    {"edition": "super",                      optional: start from an edition
     "premiums": ["T..d...T...d..T", ...],   one string per row:
                                              T D Q triple/double/quadruple word,
                                              t d q triple/double/quadruple letter,
                                              * the start square (double word),
                                              . plain
     "values": {"a": 1, "b": 3, ..., "?": 0}, tile values ("?" a blank)
     "counts": {"a": 9, ..., "?": 2},         the bag (default: English, 100)
     "multi": {"ch": "ĉ"},                    multi-letter tiles, their letters
     "rack_size": 7, "bingo_bonus": 50,       a bingo uses rack_size tiles
     "start": [7, 7]}                         optional; else the * square,
                                              else the centre

Named editions (english, super, spanish) are such files shipped in the
package (dlxc.models.editions).  Every integer is checked: values and the
bonus from 0 to 2^31 - 1, and no score the rules allow may pass 2^63 - 1
(dlxc.lexicon.score_bound), so the C engine's 64-bit scores never wrap.

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
from ..lexicon import MAX_SIDE, MAX_VALUE, Lexicon, MoveGenerator, check_score_range
from ..lexicon.alphabet import normalize
from . import editions

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

_PREMIUM = {
    ".": (1, 1),
    "d": (2, 1),
    "t": (3, 1),
    "q": (4, 1),
    "D": (1, 2),
    "T": (1, 3),
    "Q": (1, 4),
    "*": (1, 2),
}

# the keys of a rules file (an edition file is one too)
RULES_KEYS = frozenset(
    {
        "edition",
        "premiums",
        "values",
        "counts",
        "multi",
        "rack_size",
        "bingo_bonus",
        "start",
        "name",
        "title",
        "sources",
    }
)
MAX_RACK = 32  # tiles on a rack (the engines count them in bytes)
MAX_COUNT = 10_000  # tiles of one kind in the bag


class _DefaultCounts(dict):
    """Counts nobody asked for: kept only for the letters that have values."""


def _integer(value: object, where: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BoardError(f"{where}: {value!r} is not an integer (from {lo} to {hi})")
    if not lo <= value <= hi:
        raise BoardError(f"{where}: {value} is out of range (an integer from {lo} to {hi})")
    return value


@dataclass
class Rules:
    """One edition's board and tiles.

    ``values`` and ``counts`` are keyed by the lexicon's letters (``?`` the
    blank); a multi-letter tile (``multi``, name to letter: ``{"ch": "ĉ"}``)
    goes by its letter once checked.  ``counts`` defaults to the standard
    English 100 tiles, for the letters that have a value."""

    premiums: tuple[str, ...] = STANDARD_PREMIUMS
    values: dict = field(default_factory=lambda: dict(ENGLISH_VALUES))
    rack_size: int = 7
    bingo_bonus: int = 50
    start: Optional[tuple[int, int]] = None
    source: str = "standard English rules"
    counts: dict[str, int] = field(default_factory=lambda: _DefaultCounts(ENGLISH_TILES))
    multi: dict[str, str] = field(default_factory=dict)
    name: str = "english"

    def __post_init__(self) -> None:
        where = self.source
        if isinstance(self.premiums, str) or not all(isinstance(x, str) for x in self.premiums):
            raise BoardError(f"{where}: premiums: one string of squares per row")
        self.premiums = tuple(self.premiums)
        rows = len(self.premiums)
        if not 1 <= rows <= MAX_SIDE:
            raise BoardError(f"{where}: premiums: a board has 1 to {MAX_SIDE} rows, not {rows}")
        cols = len(self.premiums[0])
        for i, line in enumerate(self.premiums):
            if len(line) != cols or not 1 <= cols <= MAX_SIDE:
                raise BoardError(
                    f"{where}: premiums: row {i} has {len(line)} squares; every row "
                    f"needs the same number, 1 to {MAX_SIDE}"
                )
            for ch in line:
                if ch not in _PREMIUM:
                    raise BoardError(
                        f"{where}: premiums: row {i}: {ch!r} is not one of . d t q D T Q *"
                    )
        if self.start is None:
            stars = [(r, line.index("*")) for r, line in enumerate(self.premiums) if "*" in line]
            self.start = stars[0] if stars else (rows // 2, cols // 2)
        if isinstance(self.start, str) or len(self.start) != 2:
            raise BoardError(f"{where}: start: {self.start!r} is not a [row, column] pair")
        r = _integer(self.start[0], f"{where}: start row", 0, rows - 1)
        c = _integer(self.start[1], f"{where}: start column", 0, cols - 1)
        self.start = (r, c)
        self.rack_size = _integer(self.rack_size, f"{where}: rack_size", 1, MAX_RACK)
        self.bingo_bonus = _integer(self.bingo_bonus, f"{where}: bingo_bonus", 0, MAX_VALUE)
        self.multi = self._check_multi(where)
        default_counts = isinstance(self.counts, _DefaultCounts)
        self.values = self._letters(self.values, "values", 0, MAX_VALUE)
        self.values.setdefault("?", 0)
        counts = self._letters(self.counts, "counts", 0, MAX_COUNT)
        if default_counts:
            counts = {k: n for k, n in counts.items() if k in self.values}
        else:
            for k in counts:
                if k not in self.values:
                    raise BoardError(f"{where}: counts[{k!r}]: the tile has no value")
        self.counts = counts
        lm, wm = self.multipliers()
        try:
            check_score_range(rows, cols, lm, wm, list(self.values.values()), self.bingo_bonus)
        except BoardError as exc:
            raise BoardError(f"{where}: {exc}") from None

    def _check_multi(self, where: str) -> dict[str, str]:
        if not isinstance(self.multi, dict):
            raise BoardError(f"{where}: multi: an object of tile names and their letters")
        out: dict[str, str] = {}
        for name, letter in self.multi.items():
            key = fold(name) if isinstance(name, str) else ""
            if len(key) < 2 or not key[0].isalpha() or any(c.isspace() or c in "[]?." for c in key):
                raise BoardError(
                    f"{where}: multi[{name!r}]: a multi-letter tile is named by 2 letters or "
                    "more (L·L too), without spaces, brackets, ? or ."
                )
            if (
                not isinstance(letter, str)
                or len(letter) != 1
                or normalize(letter) != letter
                or letter in out.values()
            ):
                raise BoardError(
                    f"{where}: multi[{name!r}]: {letter!r} is not one case-folded letter of its own"
                )
            out[key] = letter
        return out

    def _letters(self, table: object, key: str, lo: int, hi: int) -> dict[str, int]:
        """``table`` (tile to integer) keyed by the lexicon's letters, checked."""
        where = self.source
        if not isinstance(table, dict):
            raise BoardError(f"{where}: {key}: an object of tiles and integers")
        out: dict[str, int] = {}
        for k, v in table.items():
            letter = self.letter(k) if isinstance(k, str) else None
            if letter is None:
                raise BoardError(
                    f"{where}: {key}[{k!r}]: not a letter, a multi-letter tile or ? (a blank)"
                )
            if letter in out:
                raise BoardError(f"{where}: {key}[{k!r}]: the tile is named twice")
            out[letter] = _integer(v, f"{where}: {key}[{k!r}]", lo, hi)
        return out

    def letter(self, tile: str) -> Optional[str]:
        """The lexicon letter of a tile as people write it (``a``, ``CH``,
        ``?``), or None."""
        if tile == "?":
            return "?"
        if len(tile) > 2 and tile[0] == "[" and tile[-1] == "]":
            tile = tile[1:-1]  # [CH], as racks and records write it
        key = fold(tile)
        if key in self.multi:
            return self.multi[key]
        return key if len(key) == 1 and key.isalpha() else None

    def split(self, text: str, where: str = "tiles") -> list[str]:
        """The squares or tiles of ``text`` one by one, a multi-letter tile
        written ``[CH]`` (``[ch]`` a blank) given as its letter in the same
        case; other characters as they are (NFC)."""
        text = unicodedata.normalize("NFC", text)
        out: list[str] = []
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "[":
                end = text.find("]", i)
                if end < 0:
                    raise BoardError(f"{where}: {text[i:]!r}: '[' without ']'")
                name = text[i + 1 : end]
                letter = self.multi.get(fold(name))
                if letter is None:
                    known = " ".join(f"[{n.upper()}]" for n in self.multi) or "none"
                    raise BoardError(
                        f"{where}: {text[i : end + 1]!r} is not a multi-letter tile of "
                        f"{self.source} (these rules have {known})"
                    )
                out.append(letter if name.islower() else upper_letter(letter))
                i = end + 1
                continue
            out.append(ch)
            i += 1
        return out

    def tile_name(self, letter: str) -> str:
        """How people write the tile of a lexicon letter: ``ch`` for ``ĉ``."""
        for name, ch in self.multi.items():
            if ch == letter:
                return name
        return letter

    def tile_text(self, letter: str, blank: bool = False) -> str:
        """A tile (a lexicon letter) as dlxc writes it in moves, racks,
        leaves, CGP and GCG: in upper case, in lower case for a blank
        played as it, a multi-letter tile's name in brackets (``[CH]``,
        ``[ch]``), as MAGPIE and macondo write it."""
        name = self.tile_name(letter)
        if len(name) == 1:
            return name if blank else upper_letter(name)
        return f"[{name}]" if blank else f"[{''.join(upper_letter(c) for c in name)}]"

    @classmethod
    def edition(cls, name: str) -> Rules:
        """A named edition (``dlxc.models.editions.names()``): english,
        super, spanish."""
        return cls.from_spec(editions.spec(name), f"the {name.strip().lower()} edition")

    @property
    def rows(self) -> int:
        return len(self.premiums)

    @property
    def cols(self) -> int:
        return len(self.premiums[0])

    @classmethod
    def from_file(cls, path: os.PathLike[str] | str, edition: Optional[str] = None) -> Rules:
        """A rules file: a JSON object, its own rules or an ``edition``'s
        with some keys overridden (``edition`` when the file names none)."""
        name, text = read_text(path, "rules", BoardError)
        try:
            spec = json.loads(text)
        except ValueError as exc:
            raise BoardError(f"{name}: not a JSON rules file ({exc})") from None
        except RecursionError:
            raise BoardError(f"{name}: not a rules file (JSON nested too deep)") from None
        return cls.from_spec(spec, name, edition)

    @classmethod
    def from_spec(cls, spec: object, source: str, edition: Optional[str] = None) -> Rules:
        """Rules from a rules file's JSON object; errors name ``source``."""
        if not isinstance(spec, dict):
            raise BoardError(f"{source}: the rules must be a JSON object")
        unknown = set(spec) - RULES_KEYS
        if unknown:
            raise BoardError(f"{source}: unknown keys {sorted(unknown)}")
        base: dict = {}
        if edition is not None and "edition" not in spec:
            spec = {**spec, "edition": edition}
        if "edition" in spec:
            if not isinstance(spec["edition"], str):
                raise BoardError(f"{source}: edition: {spec['edition']!r} is not a name")
            try:
                base = editions.spec(spec["edition"])
            except BoardError as exc:
                raise BoardError(f"{source}: edition: {exc}") from None
        merged = {**base, **spec}
        counts = merged.get("counts", ENGLISH_TILES)
        # counts the file does not give are kept for the tiles that have values
        own_tiles = "values" in spec or "multi" in spec
        if ("counts" not in spec and own_tiles) or "counts" not in merged:
            counts = _DefaultCounts(counts) if isinstance(counts, dict) else counts
        premiums = merged.get("premiums", STANDARD_PREMIUMS)
        if not isinstance(premiums, (list, tuple)):
            raise BoardError(f"{source}: premiums: one string of squares per row")
        start = merged.get("start")
        if start is not None and not isinstance(start, (list, tuple)):
            raise BoardError(f"{source}: start: {start!r} is not a [row, column] pair")
        label = merged.get("name", "custom")
        return cls(
            premiums=tuple(premiums),
            values=merged.get("values", ENGLISH_VALUES),
            rack_size=merged.get("rack_size", 7),
            bingo_bonus=merged.get("bingo_bonus", 50),
            start=tuple(start) if start is not None else None,
            source=source,
            counts=counts,
            multi=merged.get("multi", {}),
            name=label if isinstance(label, str) else "custom",
        )

    def multipliers(self) -> tuple[bytes, bytes]:
        lm = bytes(_PREMIUM[ch][0] for line in self.premiums for ch in line)
        wm = bytes(_PREMIUM[ch][1] for line in self.premiums for ch in line)
        return lm, wm


@dataclass(frozen=True)
class Move:
    """A move: its score, first square (row, col from 0), direction, the
    word (blanks in lower case) and the squares newly covered, as
    (row, col, letter) with a blank's letter in lower case.  A multi-letter
    tile is its name in brackets, in the word and as a letter: ``[CH]O[RR]E``
    (``[ch]`` a blank), which ``Rules.split`` reads back."""

    score: int
    row: int
    col: int
    direction: str
    word: str
    tiles: tuple

    @property
    def text(self) -> str:
        """The move as ``dlxc moves`` prints it, less the score:
        ``ROW,COL across|down WORD``."""
        return f"{self.row},{self.col} {self.direction} {self.word}"

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
        # each code's text in a move: [code] a tile, [code | 128] a blank
        shown = ["?"] * 256
        for code, ch in enumerate(alphabet.letters, 1):
            shown[code] = self.rules.tile_text(ch)
            shown[code | 128] = self.rules.tile_text(ch, blank=True)
        self._shown = shown
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
        for i, text in enumerate(rows):
            line = rules.split(text, f"{name}: row {i + 1}")
            if len(line) != rules.cols:
                raise BoardError(
                    f"{name}: row {i + 1} has {len(line)} squares, not {rules.cols}: {text!r}"
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
        tiles = self.rules.split(text.strip(), f"rack {text!r}") if isinstance(text, str) else None
        if tiles is None:
            raise BoardError(f"rack {text!r}: not a string of tiles")
        if len(tiles) > self.rules.rack_size:
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise BoardError(
                f"rack {shown!r} has {len(tiles)} tiles; "
                f"a rack holds at most {self.rules.rack_size}"
            )
        counts = bytearray(64)
        codes = self.lexicon.alphabet.codes
        for ch in tiles:
            letter = ch if ch == "?" else fold_letter(ch)
            if letter == "?":
                counts[0] += 1
            elif letter in codes:
                counts[codes[letter]] += 1
            else:
                raise BoardError(
                    f"rack {text!r}: {ch!r} is not a letter of the lexicon (? for a blank)"
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
        shown = self._shown
        text = []
        tiles = []
        for k, code in enumerate(word):
            ch = shown[code]
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


def greedy_positions(
    finder: MoveFinder, seed: int, turns: int, tiles: Optional[dict] = None
) -> list[tuple[bytes, bytes]]:
    """Positions of a game two greedy players play (each turn the best
    move, a pass when there is none), drawing from a bag (``tiles``, else
    the rules' counts) shuffled with ``seed``: the (board, rack) before
    each of ``turns`` turns, in the engine's codes.  Reproducible, for
    tests and benchmarks."""
    import random

    rng = random.Random(seed)
    codes = finder.lexicon.alphabet.codes
    bag = [
        0 if ch == "?" else codes[ch]
        for ch, n in (tiles or finder.rules.counts).items()
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
        if not gen.best(bytes(board), bytes(racks[p]), 1):
            continue
        score, row, col, down, word, fresh = gen.moves(1)[0]
        for k, code in enumerate(word):
            if fresh[k]:
                r, c = (row + k, col) if down else (row, col + k)
                board[r * rules.cols + c] = code
                racks[p][0 if code & 128 else code] -= 1
                held[p] -= 1
        draw(p)
    return out
