"""Game records in the GCG format (John Chew's, which Quackle, macondo and
MAGPIE read and write).

A record is pragma lines (``#player1 NICK NAME``, ``#player2``,
``#lexicon``, ``#description``) then one event line a turn::

    >nick: RACK POSITION WORD +SCORE TOTAL     a play
    >nick: RACK -TILES +0 TOTAL                an exchange
    >nick: RACK - +0 TOTAL                     a pass
    >nick: (RACK) +POINTS TOTAL                going out: twice the other rack
    >nick: RACK (RACK) -POINTS TOTAL           six scoreless turns: own rack

RACK is the tiles before the turn (``?`` a blank).  POSITION is the first
square: row number then column letter (``8D``) for an across play, column
letter then row number (``D8``) for a down play, rows from 1 and columns
from A.  WORD is the main word with a blank's letter in lower case and a
square already covered as ``.``; a multi-letter tile is its name in
brackets (``[CH]``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from ..base.letters import fold_letter

# a record is dlxc.models.game's GameRecord and its turns are Turns (not
# imported: the game module imports this one)
GameRecord = Any
Turn = Any


def tile_text(letter: str, rules: Any, blank: bool = False) -> str:
    """A tile (a lexicon letter) as racks and records write it: in upper
    case (lower case for a blank played as it), a multi-letter tile's name
    in brackets (``[CH]``)."""
    return rules.tile_text(letter, blank)


def position(row: int, col: int, direction: str) -> str:
    """GCG's square of a move's first tile (row and col from 0)."""
    column = chr(ord("A") + col)
    return f"{row + 1}{column}" if direction == "across" else f"{column}{row + 1}"


def _event(nick: str, t: Turn, rules) -> str:
    if t.kind == "play":
        m = t.move
        if m is None:
            raise ValueError("a play without its move")
        fresh = {(r, c) for r, c, _ in m.tiles}
        word = "".join(
            tile_text(fold_letter(ch), rules, ch.islower())
            if ((m.row + k, m.col) if m.direction == "down" else (m.row, m.col + k)) in fresh
            else "."
            for k, ch in enumerate(rules.split(m.word, "move"))
        )
        where = position(m.row, m.col, m.direction)
        return f">{nick}: {t.rack} {where} {word} +{t.score} {t.total}"
    if t.kind == "exchange":
        return f">{nick}: {t.rack} -{t.tiles} +0 {t.total}"
    if t.kind == "pass":
        return f">{nick}: {t.rack} - +0 {t.total}"
    if t.kind == "out":
        return f">{nick}: ({t.tiles}) +{t.score} {t.total}"
    if t.kind == "penalty":
        return f">{nick}: {t.rack} ({t.tiles}) -{-t.score} {t.total}"
    raise ValueError(f"unknown turn kind {t.kind!r}")


def write_gcg(record: GameRecord, names: Optional[Sequence[str]] = None, lexicon: str = "") -> str:
    """The GCG text of a finished game; ``names``: the players' nicknames
    by seat (no white space), by default their strategies' names."""
    nicks = list(names) if names else list(record.players)
    if nicks[0] == nicks[1]:
        nicks = [f"{nicks[0]}1", f"{nicks[1]}2"]
    for n in nicks:
        if not n or any(ch.isspace() for ch in n):
            raise ValueError(f"a GCG nickname has no white space: {n!r}")
    lines = ["#character-encoding UTF-8"]
    for seat, nick in enumerate(nicks):
        lines.append(f"#player{seat + 1} {nick} {record.players[seat]} player")
    if lexicon:
        lines.append(f"#lexicon {lexicon}")
    lines.append(f"#description dlxc autoplay, game seed {record.seed}")
    lines += [_event(nicks[t.player], t, record.rules) for t in record.turns]
    return "\n".join(lines) + "\n"
