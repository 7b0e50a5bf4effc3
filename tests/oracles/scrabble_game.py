"""Independent checks of whole Scrabble games: a scorer of one placement
from the board's squares alone, and a small reader of GCG records.  Nothing
here uses dlxc's move generator, its game module or its GCG writer."""

from __future__ import annotations

import re


def words_and_score(board, placed, lm, wm, values, rack_size, bingo):
    """The words a placement forms and its score, by walking the squares.

    ``board``: dict (row, col) -> (letter, blank) of the tiles already down;
    ``placed``: list of (row, col, letter, blank); lm/wm: lists of rows of
    multipliers; values: letter (and "?") -> points.  Returns (words,
    score), or raises ValueError when the tiles are not in one line or
    leave a gap."""
    rows_used = {r for r, _, _, _ in placed}
    cols_used = {c for _, c, _, _ in placed}
    new = {(r, c): (ch, b) for r, c, ch, b in placed}
    if any(sq in board for sq in new):
        raise ValueError("a tile on a covered square")
    both = dict(board)
    both.update(new)
    if len(rows_used) == 1 and (len(cols_used) > 1 or len(placed) == 1):
        dr, dc = 0, 1
    elif len(cols_used) == 1:
        dr, dc = 1, 0
    else:
        raise ValueError("the tiles are not in one line")

    def run(r, c, dr, dc):
        while (r - dr, c - dc) in both:
            r, c = r - dr, c - dc
        squares = []
        while (r, c) in both:
            squares.append((r, c))
            r, c = r + dr, c + dc
        return squares

    def value(sq):
        ch, blank = both[sq]
        return values["?"] if blank else values[ch]

    def score_of(squares):
        total, mult = 0, 1
        for sq in squares:
            if sq in new:
                total += value(sq) * lm[sq[0]][sq[1]]
                mult *= wm[sq[0]][sq[1]]
            else:
                total += value(sq)
        return total * mult

    r0, c0 = placed[0][0], placed[0][1]
    main = run(r0, c0, dr, dc)
    if not all(sq in main for sq in new):
        raise ValueError("a gap in the main word")
    words, score = [], 0
    if len(main) == 1:  # one tile: its word is the other way
        dr, dc = dc, dr
        main = run(r0, c0, dr, dc)
    if len(main) > 1:
        words.append("".join(both[sq][0] for sq in main))
        score += score_of(main)
    for sq in new:
        cross = run(sq[0], sq[1], dc, dr)
        if len(cross) > 1:
            words.append("".join(both[s][0] for s in cross))
            score += score_of(cross)
    if len(placed) == rack_size:
        score += bingo
    return words, score


# ==== GCG ====================================================================

_MOVE = re.compile(r"^>(\S+):\s+(\S+)\s+([0-9]+[A-Z]|[A-Z][0-9]+)\s+(\S+)\s+\+(\d+)\s+(-?\d+)\s*$")
_EXCHANGE = re.compile(r"^>(\S+):\s+(\S+)\s+-(\S+)\s+\+0\s+(-?\d+)\s*$")
_PASS = re.compile(r"^>(\S+):\s+(\S+)\s+-\s+\+0\s+(-?\d+)\s*$")
_OUT = re.compile(r"^>(\S+):\s+\((\S+)\)\s+\+(\d+)\s+(-?\d+)\s*$")
_PENALTY = re.compile(r"^>(\S+):\s+(\S+)\s+\((\S+)\)\s+-(\d+)\s+(-?\d+)\s*$")


def read_gcg(text: str) -> dict:
    """{'players': [nick, nick], 'events': [dict ...]}; each event has
    'nick', 'kind' and its fields; a play's 'row', 'col' (from 0),
    'down' and 'word' ('.' for a square already covered)."""
    players: list[str] = []
    events = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if line.startswith("#player"):
            players.append(line.split()[1])
            continue
        if line.startswith("#"):
            continue
        if m := _MOVE.match(line):
            nick, rack, pos, word, score, total = m.groups()
            if pos[0].isdigit():
                row, col, down = int(pos[:-1]) - 1, ord(pos[-1]) - 65, False
            else:
                row, col, down = int(pos[1:]) - 1, ord(pos[0]) - 65, True
            events.append(
                dict(
                    nick=nick,
                    kind="play",
                    rack=rack,
                    row=row,
                    col=col,
                    down=down,
                    word=word,
                    score=int(score),
                    total=int(total),
                )
            )
        elif m := _PASS.match(line):
            events.append(dict(nick=m[1], kind="pass", rack=m[2], score=0, total=int(m[3])))
        elif m := _EXCHANGE.match(line):
            events.append(
                dict(nick=m[1], kind="exchange", rack=m[2], tiles=m[3], score=0, total=int(m[4]))
            )
        elif m := _OUT.match(line):
            events.append(dict(nick=m[1], kind="out", tiles=m[2], score=int(m[3]), total=int(m[4])))
        elif m := _PENALTY.match(line):
            events.append(
                dict(
                    nick=m[1],
                    kind="penalty",
                    rack=m[2],
                    tiles=m[3],
                    score=-int(m[4]),
                    total=int(m[5]),
                )
            )
        else:
            raise ValueError(f"not a GCG line: {line!r}")
    return {"players": players, "events": events}
