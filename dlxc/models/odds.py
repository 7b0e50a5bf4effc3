"""Exact odds of the next draw, and the opponent's leave inferred from a move.

A player who keeps a leave draws the rest of the rack from the tiles unseen
to him: the tile distribution less the board and his own rack (the bag and
the opponent's rack together, since the bag is a uniform part of what he
cannot see).  The racks he can end up with are multisets; the distinct ones
number at most a few million, and a multiset that takes ``k_t`` tiles of a
kind the pool holds ``n_t`` of is drawn in ``prod C(n_t, k_t)`` of the
``C(N, d)`` equally likely ways to draw ``d`` of ``N`` tiles.  So every
figure here is an exact sum over the distinct racks, kept in
``fractions.Fraction``, never a sample.

- ``draws(pool, d)``: the distinct draws with their weights;
  ``rack_count(pool, d)`` counts them first (a sum over kinds, no listing).
- ``AnagramTable``: which racks hold a word of all their tiles (blanks
  included), from the lexicon's words of rack size, sorted into keys; one
  look-up a rack.
- ``DrawOdds``: for a leave and a pool, the probability that the rack
  drawn holds such a word, the probability that the board offers a move
  with every tile of it (a bingo, through-board words included: the move
  generator per distinct rack), and the mean score of the best move.
- ``LeaveInference``: the leaves the opponent may have kept when he made a
  move, each with its prior (how likely he drew it) times the likelihood
  that the move he made was his best (by score or by equity; ``1/t`` when
  it ties with ``t - 1`` others), normalized.

Both run in slices between which a deadline, progress and Ctrl-C act
(``dlxc.base.runner.Limits``); a stopped run keeps what it has summed, and
says how many racks it has seen.

Historical notes: MAGPIE estimates bingo odds from 14 sampled racks; with
a probability near 0.3 that estimate's standard error is about 0.12, so two
runs may differ by 0.2 (bench/bench_odds.py measures it against the exact
figure).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Optional

from ..base.errors import BoardError
from ..base.letters import fold_letter
from ..base.runner import Limits
from ..lexicon import GenDeadline
from .leaves import Leaves
from .scrabble import MoveFinder

MAX_RACKS = 5_000_000  # distinct racks a run takes unless asked for more
_CHECK_EVERY = 64  # racks between two looks at the clock


class TooManyRacks(BoardError):
    """More distinct racks than the bound allows."""


# ---- pools and draws -------------------------------------------------------------


def distribution(finder: MoveFinder) -> list[int]:
    """The rules' tiles as 64 counts by the lexicon's codes ([0] blanks)."""
    rules = finder.rules
    codes = finder.lexicon.alphabet.codes
    out = [0] * 64
    for ch, n in rules.counts.items():
        if ch == "?":
            out[0] += n
        elif ch in codes:
            out[codes[ch]] += n
        elif n:
            raise BoardError(
                f"{rules.source}: the bag holds {rules.tile_text(ch)!r}, which is not a "
                "letter of the lexicon"
            )
    return out


def unseen(finder: MoveFinder, board: bytes, *racks: bytes) -> list[int]:
    """The tiles unseen by a player: the distribution less the board (codes,
    +128 a blank) and ``racks`` (64 counts each).  A kind with more tiles
    in sight than the distribution has is an error naming it."""
    pool = distribution(finder)
    seen = [0] * 64
    for code in board:
        if code:
            seen[0 if code & 128 else code] += 1
    for rack in racks:
        for c, n in enumerate(rack):
            seen[c] += n
    letters = finder.lexicon.alphabet.letters
    for c, n in enumerate(seen):
        if n > pool[c]:
            name = "?" if c == 0 else finder.rules.tile_text(letters[c - 1])
            raise BoardError(
                f"the board and the rack hold {n} {name!r} tile{'s' if n != 1 else ''}; "
                f"the distribution ({finder.rules.source}) has {pool[c]}"
            )
        pool[c] -= n
    return pool


def rack_count(pool: Sequence[int], draw: int) -> int:
    """How many distinct multisets of ``draw`` tiles ``pool`` (counts by
    code) holds: the coefficient of x^draw in prod (1 + x + ... + x^n)."""
    ways = [1] + [0] * draw
    for n in pool:
        if not n:
            continue
        new = [0] * (draw + 1)
        for have, w in enumerate(ways):
            if w:
                for k in range(min(n, draw - have) + 1):
                    new[have + k] += w
        ways = new
    return ways[draw]


def draws(pool: Sequence[int], draw: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Each distinct multiset of ``draw`` tiles of ``pool`` once, as its
    sorted codes, with the number of ways to draw it (the product of
    ``C(n, k)`` over its kinds); the weights add up to ``C(sum(pool), draw)``."""
    kinds = [c for c, n in enumerate(pool) if n]
    left = [0] * (len(kinds) + 1)  # tiles of kinds i.. in the pool
    for i in range(len(kinds) - 1, -1, -1):
        left[i] = left[i + 1] + pool[kinds[i]]
    taken: list[int] = []

    def go(i: int, need: int, weight: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if need == 0:
            yield tuple(taken), weight
            return
        if i == len(kinds) or left[i] < need:
            return
        code = kinds[i]
        n = pool[code]
        for k in range(min(n, need), -1, -1):
            taken.extend([code] * k)
            yield from go(i + 1, need - k, weight * comb(n, k))
            if k:
                del taken[-k:]

    if draw < 0 or draw > sum(pool):
        return
    for codes, weight in go(0, draw, 1):
        yield tuple(sorted(codes)), weight


def counts_of(tiles: Sequence[int]) -> bytes:
    """Sorted codes as the engine's rack: 64 counts, [0] blanks."""
    out = bytearray(64)
    for c in tiles:
        out[c] += 1
    return bytes(out)


# ---- the anagram table ---------------------------------------------------------


class AnagramTable:
    """Which racks of ``size`` tiles spell a word of the lexicon with all
    of them, blanks standing for any letter.  The words' letters, sorted,
    are the keys for racks without blanks; a rack with ``b`` blanks looks up
    its ``size - b`` letters among the sub-multisets of the keys of that
    size, made on first use (23,208 seven-letter words of ENABLE make
    161,000 keys with one blank and 487,000 with two)."""

    def __init__(self, finder: MoveFinder, size: Optional[int] = None) -> None:
        self.size = finder.rules.rack_size if size is None else size
        codes = finder.lexicon.alphabet.codes
        keys = set()
        for word in finder.lexicon:
            if len(word) == self.size:
                keys.add(bytes(sorted(codes[ch] for ch in word)))
        self._by_blanks: dict[int, frozenset] = {0: frozenset(keys)}

    def words(self) -> int:
        return len(self._by_blanks[0])

    def _keys(self, blanks: int) -> frozenset:
        got = self._by_blanks.get(blanks)
        if got is None:
            keep = self.size - blanks
            out = set()
            for key in self._by_blanks[0]:
                for pick in combinations(key, keep):
                    out.add(bytes(pick))
            got = self._by_blanks[blanks] = frozenset(out)
        return got

    def has(self, tiles: Sequence[int]) -> bool:
        """Whether sorted codes ``tiles`` (0 a blank) spell a word of all of
        them."""
        if len(tiles) != self.size:
            return False
        blanks = 0
        while blanks < len(tiles) and tiles[blanks] == 0:
            blanks += 1
        if blanks >= self.size:
            return bool(self._by_blanks[0])
        return bytes(tiles[blanks:]) in self._keys(blanks)


# ---- bingo odds and the expected best score ---------------------------------------


@dataclass
class OddsResult:
    """What ``DrawOdds.run`` found.  ``anagram``, ``bingo`` and
    ``best_score`` are sums over the racks seen, divided by all the ways
    to draw (so a stopped run's figures are lower bounds of the whole
    sums); ``bingo`` and ``best_score`` are None without the board."""

    leave: tuple[int, ...]
    draw: int
    pool_size: int
    racks: int
    ways: int
    seen: int = 0
    seen_ways: int = 0
    anagram: Fraction = Fraction(0)
    bingo: Optional[Fraction] = None
    best_score: Optional[Fraction] = None
    seconds: float = 0.0
    complete: bool = False

    def summary(self) -> str:
        head = "Altogether" if self.complete else "Stopped after"
        return (
            f"{head} {self.seen:,} of {self.racks:,} distinct racks "
            f"({self.seen_ways:,} of {self.ways:,} draws), {self.seconds:.3f} s."
        )

    @property
    def stats(self) -> OddsResult:  # what an interrupt reports (dlxc.cli.common.watch)
        return self


class DrawOdds:
    """The odds of the draw after keeping ``leave`` (sorted codes) with
    ``pool`` unseen (64 counts): ``run()`` enumerates the distinct racks.
    With ``board`` (codes) it also asks the move generator, per rack,
    for the best move and whether a move plays every tile."""

    def __init__(
        self,
        finder: MoveFinder,
        leave: Sequence[int],
        pool: Sequence[int],
        board: Optional[bytes] = None,
        table: Optional[AnagramTable] = None,
        draw: Optional[int] = None,
        max_racks: Optional[int] = MAX_RACKS,
    ) -> None:
        self.finder = finder
        self.leave = tuple(sorted(leave))
        self.pool = list(pool)
        self.board = board
        size = finder.rules.rack_size
        if len(self.leave) > size:
            raise BoardError(f"a leave of {len(self.leave)} tiles; a rack holds {size}")
        total = sum(self.pool)
        if draw is None:
            draw = min(size - len(self.leave), total)
        if not 0 <= draw <= total:
            raise BoardError(f"cannot draw {draw} tiles from {total} unseen")
        self.draw = draw
        self.racks = rack_count(self.pool, draw)
        if max_racks is not None and self.racks > max_racks:
            raise TooManyRacks(
                f"{self.racks:,} distinct racks to draw ({draw} tiles of {total} unseen); "
                f"the bound is {max_racks:,} (raise it with --max-racks)"
            )
        self.table = table if table is not None else AnagramTable(finder)
        self.result = OddsResult(self.leave, draw, total, self.racks, comb(total, draw))

    @property
    def stats(self) -> OddsResult:
        return self.result

    def board_figures(self, board: bytes, rack: tuple[int, ...]) -> tuple[int, bool]:
        """The best move's score on ``board`` (0 without a move) and whether
        some move plays every tile of ``rack`` (sorted codes), when full."""
        gen = self.finder.generator
        rules = self.finder.rules
        counts = counts_of(rack)
        if not gen.best(board, counts, 1):
            return 0, False
        best = gen.records(1)[0]
        full = len(rack) == rules.rack_size
        if not full:
            return best[0], False
        if sum(best[5]) == rules.rack_size:
            return best[0], True
        if best[0] < rules.bingo_bonus:  # a move of every tile scores the bonus at least
            return best[0], False
        gen.run(board, counts)
        gen.sort()
        for rec in gen.records():
            if rec[0] < rules.bingo_bonus:
                break
            if sum(rec[5]) == rules.rack_size:
                return best[0], True
        return best[0], False

    def run(
        self,
        limits: Optional[Limits] = None,
        progress: Optional[Callable[[float], object]] = None,
    ) -> OddsResult:
        """Sum over every distinct rack (to a limit: ``result.complete``
        False and ``limits.reached`` names it)."""
        res = self.result
        start = time.perf_counter()
        anagram = bingo = score = 0
        board = self.board
        table = self.table
        leave = self.leave
        last = start
        # a rack costs a move generation with the board (about 0.1 ms in C,
        # some ms in the mirror): the clock is read before each; a look-up
        # alone costs microseconds: every _CHECK_EVERY racks
        every = 1 if board is not None else _CHECK_EVERY
        for i, (drawn, weight) in enumerate(draws(self.pool, self.draw)):
            if i % every == 0:
                if limits is not None and limits.reached(0):
                    break
                now = time.perf_counter()
                if progress is not None and now - last >= 0.1:
                    progress(i / self.racks)
                    last = now
                res.seconds = now - start
            rack = tuple(sorted(leave + drawn))
            if table.has(rack):
                anagram += weight
            if board is not None:
                best, full = self.board_figures(board, rack)
                score += weight * best
                if full:
                    bingo += weight
            res.seen = i + 1
            res.seen_ways += weight
        else:
            res.complete = True
        res.anagram = Fraction(anagram, res.ways)
        if board is not None:
            res.bingo = Fraction(bingo, res.ways)
            res.best_score = Fraction(score, res.ways)
        res.seconds = time.perf_counter() - start
        if progress is not None and res.complete:
            progress(1.0)
        return res


# ---- inference ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlayedMove:
    """A move as the opponent made it: its squares newly covered as
    (row, col, code) with code + 128 for a blank, and its score."""

    squares: frozenset
    score: int
    tiles: tuple[int, ...]  # the rack tiles it used, sorted codes (0 a blank)


def parse_move(finder: MoveFinder, board: bytes, text: str) -> PlayedMove:
    """A move in GCG's notation, ``8D WORD`` (row then column: across;
    column then row: down; ``.`` or the letter for a square already
    covered, lower case for a blank), checked against the board and found
    among the legal moves of its own tiles."""
    rules = finder.rules
    parts = text.split()
    if len(parts) != 2:
        raise BoardError(
            f"move {text!r}: write it as POSITION WORD, such as '8D WORD' or 'H4 WORD'"
        )
    where, word = parts
    up = where.upper()
    if up[:1].isdigit():
        digits = up.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        col_text, row_text, down = up[len(digits) :], digits, False
    else:
        letters = up.rstrip("0123456789")
        col_text, row_text, down = letters, up[len(letters) :], True
    if len(col_text) != 1 or not row_text.isdigit() or not col_text.isalpha():
        raise BoardError(
            f"move {text!r}: {where!r} is not a square such as 8D (across) or D8 (down)"
        )
    row, col = int(row_text) - 1, ord(col_text) - ord("A")
    if not (0 <= row < rules.rows and 0 <= col < rules.cols):
        raise BoardError(f"move {text!r}: {where!r} is off the {rules.rows}x{rules.cols} board")
    codes = finder.lexicon.alphabet.codes
    squares = set()
    used = []
    cells = rules.split(word, f"move {text!r}")
    for k, ch in enumerate(cells):
        r, c = (row + k, col) if down else (row, col + k)
        if r >= rules.rows or c >= rules.cols:
            raise BoardError(f"move {text!r}: the word runs off the board")
        on = board[r * rules.cols + c]
        if ch == ".":
            if not on:
                raise BoardError(f"move {text!r}: '.' stands on the empty square {_name(r, c)}")
            continue
        letter = fold_letter(ch)
        if len(letter) != 1 or letter not in codes:
            raise BoardError(f"move {text!r}: {ch!r} is not a letter of the lexicon")
        code = codes[letter] | (128 if ch.islower() else 0)
        if on:
            if on & 127 != code & 127:
                raise BoardError(
                    f"move {text!r}: square {_name(r, c)} already holds another letter"
                )
            continue
        squares.add((r, c, code))
        used.append(0 if code & 128 else code)
    if not squares:
        raise BoardError(f"move {text!r} covers no empty square")
    if len(used) > rules.rack_size:
        raise BoardError(f"move {text!r} plays {len(used)} tiles; a rack holds {rules.rack_size}")
    tiles = tuple(sorted(used))
    gen = finder.generator
    n = gen.run(board, counts_of(tiles))
    for rec in gen.records(n):
        if _squares(rec) == squares:
            return PlayedMove(frozenset(squares), rec[0], tiles)
    raise BoardError(f"move {text!r} is not a legal move on this board")


def after(finder: MoveFinder, board: bytes, move: PlayedMove) -> bytes:
    """The board once ``move`` is played on it."""
    out = bytearray(board)
    cols = finder.rules.cols
    for r, c, code in move.squares:
        out[r * cols + c] = code
    return bytes(out)


def minus(rack: bytes, tiles: Sequence[int], what: str = "the rack") -> bytes:
    """``rack`` (64 counts) less ``tiles`` (codes), which it must hold."""
    out = bytearray(rack)
    for c in tiles:
        if not out[c]:
            raise BoardError(f"the move plays tiles that {what} does not hold")
        out[c] -= 1
    return bytes(out)


def _name(row: int, col: int) -> str:
    """A square as GCG names it: row number, column letter (``8D``)."""
    return f"{row + 1}{chr(ord('A') + col)}"


def _squares(rec: tuple) -> set:
    """The squares a move record newly covers, as (row, col, code)."""
    score, row, col, down, word, fresh = rec
    return {
        ((row + k, col) if down else (row, col + k)) + (code,)
        for k, code in enumerate(word)
        if fresh[k]
    }


@dataclass(frozen=True)
class RecordedTurn:
    """A play of a game record: the board before it, the move as GCG
    writes it (``8D WORD``), who made it, the other player's rack at that
    time when the record shows it (else ""), and its line."""

    board: bytes
    move: str
    nick: str
    other_rack: str
    line: int


_GCG_SQUARE = re.compile(r"^(\d+[A-Za-z]|[A-Za-z]\d+)$")


def gcg_turn(finder: MoveFinder, text: str, turn: int, source: str = "<gcg>") -> RecordedTurn:
    """Turn ``turn`` (from 1, counting every event line ``>nick: ...``) of a
    GCG record, which must be a play, with the board the plays before it
    make (a play withdrawn, ``--``, is taken back)."""
    rules = finder.rules
    codes = finder.lexicon.alphabet.codes
    events = []
    for number, line in enumerate(text.splitlines(), 1):
        body = line.strip()
        if body.startswith(">"):
            nick, _, rest = body[1:].partition(":")
            events.append((number, nick.strip(), rest.split()))
    if not 1 <= turn <= len(events):
        raise BoardError(f"{source}: turn {turn}: the record has {len(events)} turns")
    board = bytearray(rules.rows * rules.cols)
    placed: list[list[int]] = []

    def is_play(fields: list[str]) -> bool:
        return len(fields) >= 3 and bool(_GCG_SQUARE.match(fields[1]))

    for number, _, fields in events[: turn - 1]:
        where = f"{source}, line {number}"
        if is_play(fields):
            squares = []
            for r, c, ch in _gcg_cells(rules, fields[1], fields[2], where):
                k = r * rules.cols + c
                if ch == "." or board[k]:
                    continue
                letter = fold_letter(ch)
                if len(letter) != 1 or letter not in codes:
                    raise BoardError(f"{where}: {ch!r} is not a letter of the lexicon")
                board[k] = codes[letter] | (128 if ch.islower() else 0)
                squares.append(k)
            placed.append(squares)
        elif len(fields) >= 2 and fields[1] == "--" and placed:
            for k in placed.pop():
                board[k] = 0
    number, nick, fields = events[turn - 1]
    if not is_play(fields):
        raise BoardError(
            f"{source}, line {number}: turn {turn} is not a play: {' '.join(fields)!r}"
        )
    other = ""
    for _, later, more in events[turn:]:
        if later != nick:
            if more and not more[0].startswith("("):
                other = more[0]
            break
    return RecordedTurn(bytes(board), f"{fields[1]} {fields[2]}", nick, other, number)


def _gcg_cells(rules, where: str, word: str, place: str):
    """(row, col, tile) of each square a GCG play's word spans."""
    up = where.upper()
    if up[0].isdigit():
        row, col, down = int(up[:-1]) - 1, ord(up[-1]) - ord("A"), False
    else:
        row, col, down = int(up[1:]) - 1, ord(up[0]) - ord("A"), True
    cells = rules.split(word, place)
    out = []
    for k, ch in enumerate(cells):
        r, c = (row + k, col) if down else (row, col + k)
        if not (0 <= r < rules.rows and 0 <= c < rules.cols):
            raise BoardError(f"{place}: {where} {word} runs off the board")
        out.append((r, c, ch))
    return out


@dataclass
class InferResult:
    """The leaves and their posterior probabilities, most likely first:
    (leave as sorted codes, prior weight, likelihood, posterior)."""

    move: PlayedMove
    by: str
    leave_size: int
    racks: int
    ways: int
    seen: int = 0
    leaves: list = field(default_factory=list)
    evidence: Fraction = Fraction(0)  # P(the move is the best), over all leaves
    seconds: float = 0.0
    complete: bool = False

    def summary(self) -> str:
        head = "Altogether" if self.complete else "Stopped after"
        return f"{head} {self.seen:,} of {self.racks:,} possible leaves, {self.seconds:.3f} s."

    @property
    def stats(self) -> InferResult:
        return self


class LeaveInference:
    """The opponent's possible leaves after ``move`` on ``board``, drawn
    from ``pool`` (what was unseen to the one inferring, less the tiles the
    move played), each weighted by how likely it was drawn and by the
    likelihood that the move was the opponent's best (``by``: "score",
    the best score among plays; "equity", score plus the leave's value
    among plays, exchanges when the bag allowed them, and the pass; with
    the bag empty a leave is worth nothing, so equity is the score)."""

    def __init__(
        self,
        finder: MoveFinder,
        board: bytes,
        move: PlayedMove,
        pool: Sequence[int],
        by: str = "score",
        leaves: Optional[Leaves] = None,
        bag: int = 0,
        max_racks: Optional[int] = MAX_RACKS,
    ) -> None:
        if by not in ("score", "equity"):
            raise BoardError(f"by {by!r}: score or equity")
        self.finder = finder
        self.board = board
        self.move = move
        self.pool = list(pool)
        self.by = by
        self.leaves = leaves if leaves is not None else Leaves.default()
        self.bag = bag
        size = finder.rules.rack_size
        self.leave_size = min(size - len(move.tiles), sum(self.pool))
        self.racks = rack_count(self.pool, self.leave_size)
        if max_racks is not None and self.racks > max_racks:
            raise TooManyRacks(
                f"{self.racks:,} possible leaves of {self.leave_size} tiles; the bound is "
                f"{max_racks:,} (raise it with --max-racks)"
            )
        self.result = InferResult(
            move, by, self.leave_size, self.racks, comb(sum(self.pool), self.leave_size)
        )
        self._values: dict[bytes, float] = {}

    @property
    def stats(self) -> InferResult:
        return self.result

    def _adjust(self, kept: bytes) -> float:
        """The value of keeping ``kept`` (sorted codes), as the equity
        player counts it: the leave's value while the bag has tiles."""
        if not self.bag or len(kept) >= self.finder.rules.rack_size:
            return 0.0
        got = self._values.get(kept)
        if got is None:
            letters = self.finder.lexicon.alphabet.letters
            got = self.leaves.value("?" if c == 0 else letters[c - 1] for c in kept)
            self._values[kept] = got
        return got

    def likelihood(self, leave: tuple[int, ...]) -> Fraction:
        """The chance that the move was the best of its rack (``1/t`` when
        ``t`` options tie for the best, 0 when another is better)."""
        rack = tuple(sorted(self.move.tiles + leave))
        counts = counts_of(rack)
        gen = self.finder.generator
        if self.by == "score":
            top = 8
            while True:
                n = gen.best(self.board, counts, top)
                recs = gen.records(n)
                best = recs[0][0]
                if best > self.move.score:
                    return Fraction(0)
                tied = sum(1 for rec in recs if rec[0] == best)
                if tied < n or n < top:
                    return Fraction(1, tied)
                top *= 4
        mine = self.move.score + self._adjust(bytes(leave))
        # the pass and the exchanges first; then the plays best score first,
        # up to the first whose score plus the best any leave of the rack
        # is worth falls short of the best so far (no later play can reach
        # or tie it)
        keeps = list(_kept_after_exchanges(rack))
        options = [self._adjust(bytes(rack))]  # the pass
        if self.bag >= self.finder.rules.rack_size:
            options += [self._adjust(kept) for kept in keeps]
        best = max(options)
        tied = options.count(best)
        top_adjust = max(self._adjust(kept) for kept in keeps)
        n = gen.run(self.board, counts)
        gen.sort()
        memo: dict[bytes, float] = {}
        for rec in gen.records(n):
            if rec[0] + top_adjust < best:
                break
            used = bytes(sorted(0 if c & 128 else c for c, f in zip(rec[4], rec[5]) if f))
            adj = memo.get(used)
            if adj is None:
                adj = memo[used] = self._adjust(_minus(rack, used))
            eq = rec[0] + adj
            if eq > best:
                best, tied = eq, 1
            elif eq == best:
                tied += 1
        if mine < best:
            return Fraction(0)
        return Fraction(1, tied)

    def run(
        self,
        limits: Optional[Limits] = None,
        progress: Optional[Callable[[float], object]] = None,
    ) -> InferResult:
        res = self.result
        start = last = time.perf_counter()
        found = []
        gen = self.finder.generator
        if limits is not None and limits.deadline is not None and limits.clock is time.perf_counter:
            gen.set_deadline(limits.deadline)  # the mirror's move generation stops there too
        # each leave costs a move generation: the clock is read before each
        try:
            for i, (leave, weight) in enumerate(draws(self.pool, self.leave_size)):
                if limits is not None and limits.reached(0):
                    break
                now = time.perf_counter()
                res.seconds = now - start
                if progress is not None and now - last >= 0.1:
                    progress(i / self.racks)
                    last = now
                try:
                    lik = self.likelihood(leave)
                except GenDeadline:  # the leave is not counted as seen
                    break
                if lik:
                    found.append((leave, weight, lik))
                res.seen = i + 1
            else:
                res.complete = True
        finally:
            gen.set_deadline(None)
        evidence = sum((w * lik for _, w, lik in found), Fraction(0))
        res.evidence = evidence / res.ways if res.ways else Fraction(0)
        res.leaves = sorted(
            ((leave, w, lik, w * lik / evidence) for leave, w, lik in found),
            key=lambda t: (-t[3], t[0]),
        )
        res.seconds = time.perf_counter() - start
        if progress is not None and res.complete:
            progress(1.0)
        return res


def _minus(tiles: Sequence[int], used: bytes) -> bytes:
    """Sorted ``tiles`` less the sorted ``used``."""
    out = []
    i = 0
    for c in tiles:
        if i < len(used) and used[i] == c:
            i += 1
        else:
            out.append(c)
    return bytes(out)


def _kept_after_exchanges(rack: Sequence[int]) -> Iterator[bytes]:
    """What each distinct exchange of at least one tile keeps."""
    kinds = sorted(set(rack))
    have = [list(rack).count(c) for c in kinds]

    def go(i: int, kept: list[int], thrown: int) -> Iterator[bytes]:
        if i == len(kinds):
            if thrown:
                yield bytes(kept)
            return
        for k in range(have[i] + 1):
            yield from go(i + 1, kept + [kinds[i]] * k, thrown + have[i] - k)

    yield from go(0, [], 0)
