"""The pre-endgame: a few tiles left in the bag, the opponent's rack unknown.

``Peg(finder, board, rack, pool, bag)`` holds the side to move's view: the
board, its rack, the ``pool`` of tiles it cannot see (the opponent's rack
and the bag together, 64 counts) and how many of them are in the bag (the
rest are the opponent's rack).  Every way the tiles can lie is equally
likely: the bag is a random ``bag``-tile part of the pool.

``evaluate`` takes the candidate moves (the plays that empty the bag: a
play of at least ``bag`` tiles draws the whole bag, and then both racks are
known), best equity first, and for each one enumerates every distinct bag
with its exact number of ways (``dlxc.models.odds.draws``: the product of
``C(n, k)`` over the kinds of tile, out of ``C(pool, bag)``).  The bag goes
onto the player's rack, the rest of the pool is the opponent's, and the
endgame that follows is solved exactly (``dlxc.models.endgame``; one
transposition table serves every endgame of the run: its keys cover the
board, both racks, the side to move and the pass flag, so an entry holds
for whichever endgame meets its position).  A candidate's figures are

- ``win``: the chance that the game ends with the player ahead, ties
  counted half (an exact fraction);
- ``spread``: the mean final spread (the position's spread, plus the
  move's score, less what the opponent gains in the endgame);

candidates are ranked by win chance, then mean spread.  Moves that leave
tiles in the bag (the pass; with two or more in the bag, plays of fewer
tiles) would need the draws after them to be searched too; they are not
evaluated and are counted in ``skipped``.

A node limit (over the whole run), a timeout and Ctrl-C stop the run with
the candidates finished so far; the one in progress is reported over the
bags solved, marked partial.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Optional

from ..base.errors import BoardError
from ..base.runner import Limits
from .endgame import Endgame
from .leaves import Leaves
from .odds import draws
from .scrabble import Move, MoveFinder

MAX_BAG = 6  # beyond that the draws and the endgames grow too many to enumerate


@dataclass
class Outcome:
    """One bag: its tiles (text), the ways to draw it, the endgame's value
    for the opponent, the final spread for the player, and whether the
    endgame was solved to the end (``proved``)."""

    bag: str
    ways: int
    value: int
    spread: int
    proved: bool

    def as_dict(self) -> dict:
        return {
            "bag": self.bag,
            "ways": self.ways,
            "opponent_value": self.value,
            "spread": self.spread,
            "proved": self.proved,
        }


@dataclass
class Candidate:
    """A first move and its figures over the bags solved so far: ``ways``
    of ``total`` (all of them when ``complete``); ``win`` and ``spread``
    are exact fractions over the ways seen."""

    move: Move
    equity: float
    total: int
    ways: int = 0
    wins2: int = 0  # twice the winning ways plus the tied ways
    spread_sum: int = 0
    outcomes: list[Outcome] = field(default_factory=list)
    proved: bool = True
    record: Optional[tuple] = field(default=None, repr=False)  # the engine's

    @property
    def complete(self) -> bool:
        return self.ways == self.total

    @property
    def win(self) -> Optional[Fraction]:
        return Fraction(self.wins2, 2 * self.ways) if self.ways else None

    @property
    def spread(self) -> Optional[Fraction]:
        return Fraction(self.spread_sum, self.ways) if self.ways else None

    @property
    def text(self) -> str:
        return self.move.text

    def as_dict(self, outcomes: bool = False) -> dict:
        win, spread = self.win, self.spread
        out: dict = {
            "move": self.move.as_dict(),
            "equity": round(self.equity, 2),
            "win": None if win is None else float(win),
            "win_fraction": None if win is None else f"{win.numerator}/{win.denominator}",
            "spread": None if spread is None else float(spread),
            "ways": self.ways,
            "total": self.total,
            "complete": self.complete,
            "proved": self.proved and self.complete,
        }
        if outcomes:
            out["bags"] = [o.as_dict() for o in self.outcomes]
        return out


@dataclass
class PegResult:
    """The candidates ranked (complete ones first, by win chance then mean
    spread), the number of moves not evaluated (``skipped``: they leave
    tiles in the bag), the endgames solved, the nodes, the seconds, and
    ``stopped`` ("node limit", "timeout", "interrupted") when a limit ended
    the run."""

    candidates: list[Candidate]
    bag: int
    pool: int
    skipped: int
    endgames: int
    nodes: int
    seconds: float
    stopped: Optional[str] = None

    @property
    def complete(self) -> bool:
        return self.stopped is None

    def as_dict(self, outcomes: bool = False) -> dict:
        return {
            "bag": self.bag,
            "unseen": self.pool,
            "candidates": [c.as_dict(outcomes) for c in self.candidates],
            "skipped": self.skipped,
            "endgames": self.endgames,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "complete": self.complete,
            "stopped": self.stopped,
        }


def rank(candidates: Sequence[Candidate]) -> list[Candidate]:
    """Complete candidates first, each group by win chance, then mean
    spread, then equity."""

    def key(c: Candidate):
        return (
            not c.complete,
            -(c.win or 0),
            -(c.spread or 0),
            -c.equity,
        )

    return sorted(candidates, key=key)


class Peg:
    """A pre-endgame from the side to move's view (see the module's text)."""

    def __init__(
        self,
        finder: MoveFinder,
        board: bytes,
        rack: bytes,
        pool: Sequence[int],
        bag: int,
        spread: int = 0,
        leaves: Optional[Leaves] = None,
    ) -> None:
        rules = finder.rules
        if len(board) != rules.rows * rules.cols:
            raise BoardError(
                f"peg: the board has {len(board)} squares, not {rules.rows * rules.cols}"
            )
        pool = list(pool) + [0] * (64 - len(pool))
        unseen = sum(pool)
        if bag < 1:
            raise BoardError(f"peg: {bag} tiles in the bag; with the bag empty it is an endgame")
        if bag > MAX_BAG:
            raise BoardError(f"peg: {bag} tiles in the bag; at most {MAX_BAG} are enumerated")
        if unseen <= bag:
            raise BoardError(
                f"peg: {unseen} unseen tile{'s' if unseen != 1 else ''} and {bag} in the bag "
                "leave the opponent no rack"
            )
        if not any(rack):
            raise BoardError("peg: the rack is empty")
        self.finder = finder
        self.board = bytes(board)
        self.rack = bytes(rack)
        self.pool = pool
        self.bag = bag
        self.spread = spread
        self.leaves = Leaves.default() if leaves is None else leaves
        self.table: dict[int, tuple] = {}
        letters = finder.lexicon.alphabet.letters
        self._names = ["?"] + [rules.tile_text(ch).upper() for ch in letters]

    def tiles_text(self, codes: Sequence[int]) -> str:
        return "".join(self._names[c] for c in sorted(codes))

    def candidates(self, top: Optional[int] = None) -> tuple[list[tuple[tuple, float]], int]:
        """The plays that empty the bag, best equity first (score plus the
        value of the tiles kept), the ``top`` first; and how many moves
        (the pass included) leave tiles in the bag."""
        gen = self.finder.generator
        gen.run(self.board, self.rack)
        gen.sort()
        letters = self.finder.lexicon.alphabet.letters
        rack_tiles = [c for c, n in enumerate(self.rack) for _ in range(n)]
        ranked = []
        skipped = 1  # the pass
        for order, rec in enumerate(gen.moves()):
            word, fresh = rec[4], rec[5]
            used = sorted(c if c < 128 else 0 for c, f in zip(word, fresh) if f)
            if len(used) < self.bag:
                skipped += 1
                continue
            kept = list(rack_tiles)
            for c in used:
                kept.remove(c)
            value = self.leaves.value("?" if c == 0 else letters[c - 1] for c in kept)
            ranked.append((-(rec[0] + value), order, rec, rec[0] + value))
        ranked.sort(key=lambda t: t[:2])
        chosen = [(t[2], t[3]) for t in ranked]
        return (chosen if top is None else chosen[:top]), skipped

    def evaluate(
        self,
        top: Optional[int] = None,
        limits: Optional[Limits] = None,
        tt_mb: float = 256,
        progress: Optional[Callable[[int, int, int], None]] = None,
        keep_outcomes: bool = True,
    ) -> PegResult:
        """Each candidate (the ``top`` best by equity; None: all) over every
        bag; ``progress(done, total, nodes)`` after each endgame, ``done``
        and ``total`` counting the (candidate, bag) pairs."""
        if top is not None and top < 1:
            raise BoardError(f"top {top}: evaluate at least one move")
        start = time.perf_counter()
        limits = limits or Limits()
        finder = self.finder
        cols = finder.rules.cols
        chosen, skipped = self.candidates(top)
        bags = list(draws(self.pool, self.bag))
        total = comb(sum(self.pool), self.bag)
        out: list[Candidate] = []
        nodes = 0
        endgames = 0
        stopped: Optional[str] = None
        pairs = len(chosen) * len(bags)
        try:
            for rec, equity in chosen:
                if stopped:
                    break
                cand = Candidate(finder._move(rec), equity, total, record=rec)
                out.append(cand)
                score, row, col, down, word, fresh = rec
                board = bytearray(self.board)
                leave = bytearray(self.rack)
                for k, code in enumerate(word):
                    if fresh[k]:
                        board[(row + k) * cols + col if down else row * cols + col + k] = code
                        leave[0 if code & 128 else code] -= 1
                for drawn, ways in bags:
                    reason = limits.reached(nodes)
                    if reason:
                        stopped = reason
                        break
                    mine = bytearray(leave)
                    theirs = bytearray(self.pool)
                    for c in drawn:
                        mine[c] += 1
                        theirs[c] -= 1
                    spread = self.spread + score
                    game = Endgame(
                        finder, bytes(board), [bytes(theirs), bytes(mine)], False, -spread
                    )
                    game.table = self.table
                    left = None if limits.node_limit is None else max(1, limits.node_limit - nodes)
                    res = game.solve(limits=Limits(left, deadline=limits.deadline), tt_mb=tt_mb)
                    nodes += res.nodes
                    endgames += 1
                    if res.stopped:
                        stopped = res.stopped
                        break
                    final = spread - res.value
                    cand.ways += ways
                    cand.wins2 += ways * (2 if final > 0 else 1 if final == 0 else 0)
                    cand.spread_sum += ways * final
                    cand.proved = cand.proved and res.proved
                    if keep_outcomes:
                        cand.outcomes.append(
                            Outcome(self.tiles_text(drawn), ways, res.value, final, res.proved)
                        )
                    if progress is not None:
                        progress(endgames, pairs, nodes)
        except KeyboardInterrupt:  # between two endgames (a solve reports its own)
            stopped = "interrupted"
        return PegResult(
            rank(out),
            self.bag,
            sum(self.pool),
            skipped,
            endgames,
            nodes,
            time.perf_counter() - start,
            stopped,
        )


def from_position(
    finder: MoveFinder, position, bag: Optional[int] = None, leaves: Optional[Leaves] = None
) -> Peg:
    """The pre-endgame of a CGP ``Position`` (``dlxc.models.cgp``) with the
    side to move's rack: the unseen tiles are the distribution less the
    board and the rack; ``bag`` of them are in the bag (default: all but a
    full rack, the opponent's)."""
    from .odds import unseen

    if not position.racks or not position.racks[0]:
        raise BoardError("cgp: a pre-endgame needs the side to move's rack (RACK1/)")
    if len(position.racks) > 1 and position.racks[1]:
        raise BoardError(
            "cgp: a pre-endgame has the opponent's rack unknown; give only RACK1 "
            "(with both racks and the bag empty it is an endgame: dlxc endgame)"
        )
    board = finder.board(position.board, "cgp")
    rack = finder.rack(position.racks[0])
    pool = unseen(finder, board, rack)
    size = finder.rules.rack_size
    n = sum(pool)
    if bag is None:
        bag = n - size
        if bag < 1:
            raise BoardError(
                f"cgp: {n} unseen tiles, at most a rack ({size}): the bag is empty, it is "
                "an endgame (dlxc endgame, with both racks)"
            )
    spread = position.scores[0] - position.scores[1]
    return Peg(finder, board, rack, pool, bag, spread, leaves)
