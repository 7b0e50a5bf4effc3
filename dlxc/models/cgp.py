"""Scrabble positions in CGP, the one-line position format of macondo and
MAGPIE (Crossword Game Position).

A CGP record is four fields and optional operations, separated by spaces::

    15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEINRST/ 0/0 0 lex NWL20;

1. the board, its rows separated by ``/``: a letter a tile (lower case a
   blank), a number a run of empty squares, ``[CH]`` a multi-letter tile;
2. the racks, player to move first, separated by ``/`` (``?`` a blank; a
   rack may be empty when unknown);
3. the scores in the same order, separated by ``/``;
4. the number of consecutive zero-point turns before the position;
5. operations, each an opcode, its operands and ``;``: ``lex NAME;`` (the
   lexicon), ``ld NAME;`` (the letter distribution), ``bb N;`` (the bingo
   bonus), ``bdn NAME;`` (the board's name) and others, kept as text.

``parse(text, rules)`` reads one into a ``Position`` (the board as dlxc's
rows, one character a square, a multi-letter tile as its lexicon letter);
``Position.to_cgp(rules)`` writes it back.  ``edition_of(position)`` names
the dlxc edition its ``ld`` or ``bdn`` operation asks for.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Optional

from ..base.errors import BoardError
from ..base.letters import fold_letter, upper_letter
from ..lexicon import MAX_VALUE
from .scrabble import Rules

# letter distributions (ld) and board names (bdn) of macondo and MAGPIE,
# with the dlxc edition each stands for
_EDITION_NAMES = {
    "english": "english",
    "english_super": "super",
    "super": "super",
    "spanish": "spanish",
    "crosswordgame": "english",
    "supercrosswordgame": "super",
}
MAX_PLAYERS = 16


@dataclass
class Position:
    """A position: the board's rows (``.`` empty, upper case a tile, lower
    case a blank; a multi-letter tile as its lexicon letter), the racks and
    scores from the player to move on, the zero-point turns before it and
    the operations (opcode to operand text, in their order)."""

    board: list[str]
    racks: list[str] = field(default_factory=lambda: ["", ""])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    zero_turns: int = 0
    ops: dict[str, str] = field(default_factory=dict)

    @property
    def rack(self) -> str:
        """The rack of the player to move."""
        return self.racks[0] if self.racks else ""

    @property
    def lexicon(self) -> Optional[str]:
        return self.ops.get("lex")

    def to_cgp(self, rules: Optional[Rules] = None) -> str:
        """This position as one CGP line."""
        rules = rules or Rules()
        rows = []
        for line in self.board:
            out = []
            run = 0
            for ch in rules.split(line, "board"):
                if ch == ".":
                    run += 1
                    continue
                if run:
                    out.append(str(run))
                    run = 0
                out.append(_tile_text(rules, ch))
            if run:
                out.append(str(run))
            rows.append("".join(out))
        racks = "/".join(rack_text(rack, rules) for rack in self.racks)
        fields = [
            "/".join(rows),
            racks,
            "/".join(str(s) for s in self.scores),
            str(self.zero_turns),
        ]
        fields += [f"{op} {arg};" if arg else f"{op};" for op, arg in self.ops.items()]
        return " ".join(fields)


def rack_text(rack: str, rules: Optional[Rules] = None) -> str:
    """A rack as CGP writes it: upper case, ``?`` a blank, ``[CH]``."""
    rules = rules or Rules()
    return "".join(
        "?" if ch == "?" else _tile_text(rules, upper_letter(fold_letter(ch)))
        for ch in rules.split(rack, "rack")
    )


def _tile_text(rules: Rules, ch: str) -> str:
    """A board tile as CGP writes it: ``[CH]`` for a multi-letter tile."""
    name = rules.tile_name(fold_letter(ch))
    if len(name) == 1:
        return ch
    return f"[{name.upper()}]" if ch != fold_letter(ch) else f"[{name}]"


def edition_of(position: Position) -> Optional[str]:
    """The dlxc edition the position's ``ld`` (or else ``bdn``) operation
    names, or None when it names none dlxc knows."""
    for op in ("ld", "bdn"):
        name = position.ops.get(op)
        if name and name.strip().lower() in _EDITION_NAMES:
            return _EDITION_NAMES[name.strip().lower()]
    return None


def rules_for(position: Position, rules: Optional[Rules] = None) -> Rules:
    """``rules`` (else the edition its ``ld``/``bdn`` names, else English)
    with the position's ``bb`` bingo bonus, when it has one."""
    if rules is None:
        name = edition_of(position)
        rules = Rules.edition(name) if name else Rules()
    bonus = position.ops.get("bb")
    if bonus is not None:
        value = _number(bonus, "the bb operation (bingo bonus)", MAX_VALUE)
        rules = dataclasses.replace(rules, bingo_bonus=value, source=rules.source)
    return rules


def _number(text: str, what: str, top: int, signed: bool = False) -> int:
    body = text[1:] if signed and text[:1] in "+-" else text
    if not body.isascii() or not body.isdigit():
        raise BoardError(f"cgp: {what}: {text!r} is not a whole number")
    value = int(text)
    if abs(value) > top:
        raise BoardError(f"cgp: {what}: {value} is past {top}")
    return value


def parse(text: str, rules: Optional[Rules] = None) -> Position:
    """One CGP line as a Position; the board's size and its multi-letter
    tiles are those of ``rules`` (else of the edition the line's ``ld`` or
    ``bdn`` names, else standard English).  BoardError for a malformed line."""
    if not isinstance(text, str):
        raise BoardError("cgp: a position is one line of text")
    parts = text.strip().split(None, 4)
    if len(parts) < 4:
        raise BoardError(
            f"cgp: {len(parts)} field{'s' if len(parts) != 1 else ''}; a position has "
            "4 (board, racks, scores, zero-point turns) and operations"
        )
    board_text, racks_text, scores_text, zeros_text = parts[:4]
    ops = _ops(parts[4] if len(parts) > 4 else "")
    position = Position([], ops=ops)
    rules = rules_for(position, rules)
    rows = board_text.split("/")
    if len(rows) != rules.rows:
        raise BoardError(
            f"cgp: the board has {len(rows)} rows; {rules.source} has {rules.rows} rows "
            f"of {rules.cols} squares"
        )
    for i, row in enumerate(rows):
        position.board.append(_row(row, i, rules))
    racks = racks_text.split("/")
    scores = scores_text.split("/")
    if len(racks) > MAX_PLAYERS:
        raise BoardError(f"cgp: {len(racks)} racks; at most {MAX_PLAYERS} players")
    if len(scores) != len(racks):
        raise BoardError(f"cgp: {len(racks)} racks but {len(scores)} scores")
    position.racks = [_rack(r, i, rules) for i, r in enumerate(racks)]
    position.scores = [
        _number(s, f"score {i + 1}", 2**63 - 1, signed=True) for i, s in enumerate(scores)
    ]
    position.zero_turns = _number(zeros_text, "the zero-point turns", 1000)
    return position


def _ops(text: str) -> dict[str, str]:
    ops: dict[str, str] = {}
    text = text.strip()
    if not text:
        return ops
    if not text.endswith(";"):
        raise BoardError(f"cgp: the operations {text!r} do not end in ';'")
    for part in text[:-1].split(";"):
        words = part.split(None, 1)
        if not words:
            raise BoardError(f"cgp: an empty operation in {text!r}")
        ops[words[0]] = words[1].strip() if len(words) > 1 else ""
    return ops


def _row(text: str, i: int, rules: Rules) -> str:
    where = f"cgp: board row {i + 1}"
    out: list[str] = []
    k = 0
    while k < len(text):
        if text[k].isascii() and text[k].isdigit():
            j = k
            while j < len(text) and text[j].isascii() and text[j].isdigit():
                j += 1
            run = int(text[k:j])
            if run == 0 or run > rules.cols:
                raise BoardError(f"{where}: {run} empty squares in a row of {rules.cols}")
            out.append("." * run)
            k = j
            continue
        if text[k] == "[":
            end = text.find("]", k)
            if end < 0:
                raise BoardError(f"{where}: '[' without ']'")
            out.extend(rules.split(text[k : end + 1], where))
            k = end + 1
            continue
        ch = text[k]
        if not ch.isalpha():
            raise BoardError(f"{where}: {ch!r} is not a tile or a number of empty squares")
        out.append(ch)
        k += 1
    line = "".join(out)
    if len(line) != rules.cols:
        raise BoardError(f"{where} has {len(line)} squares, not {rules.cols}: {text!r}")
    return line


def _rack(text: str, i: int, rules: Rules) -> str:
    where = f"cgp: rack {i + 1}"
    tiles = rules.split(text, where)
    for ch in tiles:
        if ch != "?" and not ch.isalpha():
            raise BoardError(f"{where}: {ch!r} is not a tile (? for a blank)")
    if len(tiles) > rules.rack_size:
        raise BoardError(f"{where} has {len(tiles)} tiles; a rack holds at most {rules.rack_size}")
    return "".join(ch if ch == "?" else upper_letter(fold_letter(ch)) for ch in tiles)


def to_cgp(
    board: list[str],
    rack: str,
    rules: Optional[Rules] = None,
    *,
    other_rack: str = "",
    scores: tuple[int, int] = (0, 0),
    zero_turns: int = 0,
    lexicon: Optional[str] = None,
) -> str:
    """A two-player position (the board's rows as dlxc writes them, the rack
    to move) as one CGP line, with ``lex NAME;`` when ``lexicon`` is given
    and ``ld`` naming the edition when it is not English."""
    rules = rules or Rules()
    ops: dict[str, str] = {}
    if lexicon:
        ops["lex"] = lexicon
    if rules.name in ("super", "spanish"):
        ops["ld"] = {"super": "english_super"}.get(rules.name, rules.name)
    if rules.bingo_bonus != 50:
        ops["bb"] = str(rules.bingo_bonus)
    rows = [line.strip() for line in board if line.strip()]
    position = Position(rows, [rack, other_rack], list(scores), zero_turns, ops)
    return position.to_cgp(rules)
