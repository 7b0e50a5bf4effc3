"""The Scrabble endgame: the bag is empty, both racks are known, and the
best play is a matter of search.

``Endgame(finder, board, racks, passes)`` holds the position (the board's
codes, the two racks as 64 counts, the side to move first, and whether the
last turn was a scoreless one); ``solve`` searches it and returns an
``EndgameResult``: the value, its line (the principal variation), the best
first moves with their values, and whether the value is proved.

The rules of the end are the ones MAGPIE's endgame solver plays by:

- a play that empties a rack ends the game, and its player adds twice the
  value of the tiles left on the other rack;
- a pass is always allowed; two scoreless turns in a row (in an endgame
  only passes are) end the game, and each player loses the value of his
  own rack.  Six scoreless turns end a game in the tournament rules; with
  the bag empty, a position met again after two passes offers the same
  choices, so the solver ends the game at the second pass.  A CGP's count
  of zero-point turns is read the same way: five or more mean that the
  next pass ends the game, fewer that it does not.

A value is the spread the side to move gains from here to the end (its
own points less the other's, end bonuses and penalties included); the
final spread is the position's spread plus it.

The search is negamax with alpha-beta pruning, iterative deepening (one
ply more each round, until a round meets no depth cut: its value is then
exact, *proved*), and a transposition table keyed by a Zobrist hash of the
board, both racks, the side to move and the pass flag.  The moves come
from dlxc's move generator (C, or the pure-Python mirror: the same moves,
so the same values), searched best table move first, then by score, the
pass last.  A position cut at the depth limit is given an estimate (the
difference of the two racks' values); a value that rests on one is an
estimate, not proved.  ``limits`` (a node limit, a timeout) and Ctrl-C end
the search with the line of the deepest round completed.
"""

from __future__ import annotations

import functools
import heapq
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Optional

from ..base.args import within_memory
from ..base.errors import BoardError, SolverError
from ..base.rng import MASK64, splitmix64
from ..base.runner import Limits
from ..lexicon import GenDeadline
from .scrabble import Move, MoveFinder

INF_DEPTH = 1 << 20  # the depth of a table entry whose subtree met no depth cut
EXACT, LOWER, UPPER = 0, 1, 2
ENTRY_BYTES = 400  # about what one table entry costs in Python (dict slot, key, entry)
CHECK_EVERY = 256  # nodes between two looks at the limits


class _Stop(Exception):
    """The search ran into a limit (its ``reason``)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Step:
    """One turn of a line: a play (``move``) or a pass, by ``side`` (0 the
    side to move at the root), and the points it scored (the end bonus of
    a play that goes out included; a pass that ends the game: its side's
    rack penalty against the other's)."""

    side: int
    move: Optional[Move]
    points: int
    record: Optional[tuple] = field(default=None, compare=False, repr=False)  # the engine's

    @property
    def text(self) -> str:
        return "pass" if self.move is None else self.move.text

    def as_dict(self) -> dict:
        out: dict = {"side": self.side, "points": self.points}
        if self.move is None:
            out["kind"] = "pass"
        else:
            out["kind"] = "play"
            out.update(self.move.as_dict())
        return out


@dataclass
class Ranked:
    """A first move and its value: exact when ``proved``; ``bound`` "upper"
    when the search only showed that it is worth at most ``value``."""

    step: Step
    value: int
    proved: bool
    bound: Optional[str] = None

    def as_dict(self) -> dict:
        return {
            "move": self.step.as_dict(),
            "value": self.value,
            "proved": self.proved,
            "bound": self.bound,
        }


@dataclass
class EndgameResult:
    """The value (spread gained by the side to move), the final ``spread``
    (the position's spread plus the value), the line, the ranked first
    moves, the depth of the deepest completed round, whether the value is
    proved (exact), the nodes searched, the seconds taken, and ``stopped``
    ("node limit", "timeout", "interrupted") when a limit ended it."""

    value: int
    spread: int
    line: list[Step]
    top: list[Ranked]
    depth: int
    proved: bool
    nodes: int
    seconds: float
    stopped: Optional[str] = None
    table_entries: int = 0

    def as_dict(self) -> dict:
        return {
            "value": self.value,
            "spread": self.spread,
            "proved": self.proved,
            "depth": self.depth,
            "line": [s.as_dict() for s in self.line],
            "top": [r.as_dict() for r in self.top],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "stopped": self.stopped,
            "table_entries": self.table_entries,
        }


@functools.lru_cache(maxsize=16)
def _zobrist(n: int, seed: int) -> tuple[int, ...]:
    """``n`` random 64-bit keys from ``seed``: the same for every endgame
    of a board size, so that endgames can share a table (``Endgame.table``)."""
    state = seed
    out = []
    for _ in range(n):
        state, x = splitmix64(state)
        out.append(x & MASK64)
    return tuple(out)


@dataclass
class _Root:
    rec: Optional[tuple]  # the engine's record, None a pass
    value: int = 0
    exact: bool = False
    searched: bool = False
    order: float = 0.0
    extra: dict = field(default_factory=dict)


class Endgame:
    """A bag-empty position with both racks known (see the module's text)."""

    def __init__(
        self,
        finder: MoveFinder,
        board: bytes,
        racks: Sequence[bytes],
        passed: bool = False,
        spread: int = 0,
    ) -> None:
        rules = finder.rules
        if len(board) != rules.rows * rules.cols:
            raise BoardError(
                f"endgame: the board has {len(board)} squares, not {rules.rows * rules.cols}"
            )
        if len(racks) != 2:
            raise BoardError(f"endgame: {len(racks)} racks; an endgame has two")
        self.finder = finder
        self.gen = finder.generator
        self.cols = rules.cols
        letters = finder.lexicon.alphabet.letters
        self.values = (
            [rules.values["?"]]
            + [rules.values[ch] for ch in letters]
            + [0] * (64 - 1 - len(letters))
        )
        self.board = bytearray(board)
        self.racks = [bytearray(r) for r in racks]
        if not any(self.racks[0]) and not any(self.racks[1]):
            raise BoardError("endgame: both racks are empty; the game is over")
        if not any(self.racks[0]) or not any(self.racks[1]):
            raise BoardError("endgame: a rack is empty; the game is over")
        self.passed = bool(passed)
        self.spread = spread
        size = len(board)
        self._zb = _zobrist(size * 256, 0x5EED_E4D6)
        self._zr = _zobrist(2 * 64 * 16, 0xBA6_E4D6)
        self._side_key, self._pass_key = _zobrist(2, 0x51DE)
        h = 0
        for sq, code in enumerate(self.board):
            if code:
                h ^= self._zb[sq * 256 + code]
        for s in (0, 1):
            for letter, n in enumerate(self.racks[s]):
                if n:
                    h ^= self._zr[(s * 64 + letter) * 16 + min(n, 15)]
        self.hash = h
        self._count()
        self.side = 0
        self.table: dict[int, tuple] = {}
        self.nodes = 0
        self.cuts = 0
        self._next_check = 0
        # the mirror's nodes cost milliseconds (a move generation in Python):
        # it looks at the limits at every node
        self._check_every = CHECK_EVERY if finder.lexicon.backend == "c" else 1
        self._limits: Optional[Limits] = None
        self._progress: Optional[Callable[[int, int], None]] = None
        self._capacity = 1 << 20
        self._depth = 0
        self._next_progress = 0.0

    # -- values ---------------------------------------------------------------
    def rack_value(self, side: int) -> int:
        """The value of a rack's tiles (kept up to date by play and unplay:
        the search asks for it at every leaf)."""
        return self._worth[side]

    def tiles(self, side: int) -> int:
        return self._held[side]

    def _count(self) -> None:
        values = self.values
        self._worth = [sum(values[c] * n for c, n in enumerate(rack) if n) for rack in self.racks]
        self._held = [sum(rack) for rack in self.racks]

    # -- playing and taking back ------------------------------------------------
    def _play(self, rec: tuple, side: int) -> list[int]:
        _score, row, col, down, word, fresh = rec
        cols = self.cols
        board = self.board
        rack = self.racks[side]
        zb, zr = self._zb, self._zr
        h = self.hash
        placed = []
        base = side * 64
        worth = 0
        for k in range(len(word)):
            if fresh[k]:
                code = word[k]
                sq = (row + k) * cols + col if down else row * cols + col + k
                board[sq] = code
                h ^= zb[sq * 256 + code]
                letter = 0 if code & 128 else code
                n = rack[letter]
                h ^= zr[(base + letter) * 16 + min(n, 15)]
                if n > 1:
                    h ^= zr[(base + letter) * 16 + min(n - 1, 15)]
                rack[letter] = n - 1
                worth += self.values[letter]
                placed.append(sq)
        self.hash = h
        self._worth[side] -= worth
        self._held[side] -= len(placed)
        return placed

    def _unplay(self, placed: list[int], side: int) -> None:
        board = self.board
        rack = self.racks[side]
        zb, zr = self._zb, self._zr
        h = self.hash
        base = side * 64
        worth = 0
        for sq in placed:
            code = board[sq]
            board[sq] = 0
            h ^= zb[sq * 256 + code]
            letter = 0 if code & 128 else code
            n = rack[letter]
            if n:
                h ^= zr[(base + letter) * 16 + min(n, 15)]
            h ^= zr[(base + letter) * 16 + min(n + 1, 15)]
            rack[letter] = n + 1
            worth += self.values[letter]
        self.hash = h
        self._worth[side] += worth
        self._held[side] += len(placed)

    def _moves(self, side: int) -> Sequence[tuple]:
        gen = self.gen
        try:
            gen.run(bytes(self.board), bytes(self.racks[side]))
        except GenDeadline:  # the mirror's, set by solve
            raise _Stop("timeout") from None
        gen.sort()
        return gen.records()

    # -- the search -------------------------------------------------------------
    def _key(self, side: int, passed: bool) -> int:
        h = self.hash
        if side:
            h ^= self._side_key
        if passed:
            h ^= self._pass_key
        return h

    def _estimate(self, side: int) -> int:
        """A position cut at the depth limit: the racks' values as if the
        game ended by passes now (a guess; it makes the value an estimate)."""
        return self.rack_value(1 - side) - self.rack_value(side)

    def _search(self, depth: int, alpha: int, beta: int, side: int, passed: bool) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check()
        key = self._key(side, passed)
        entry = self.table.get(key)
        table_move = None
        if entry is not None:
            edepth, flag, value, table_move = entry
            if edepth >= depth:
                if edepth < INF_DEPTH:
                    self.cuts += 1
                if flag == EXACT:
                    return value
                if flag == LOWER and value >= beta:
                    return value
                if flag == UPPER and value <= alpha:
                    return value
        if depth <= 0:
            self.cuts += 1
            return self._estimate(side)
        cuts_before = self.cuts
        alpha0 = alpha
        other = 1 - side
        records = self._moves(side)
        n = len(records)
        held = self.tiles(side)
        best = -(1 << 62)
        best_move: object = None
        order: list[object] = list(range(n))
        if table_move is not None:
            # the table's move first: a record index, or -1 the pass
            order = [table_move] + [i for i in order if i != table_move]
            if table_move != -1:
                order.append(-1)
        else:
            order.append(-1)
        for i in order:
            if i == -1:
                if passed:
                    value = self.rack_value(other) - self.rack_value(side)
                else:
                    value = -self._search(depth - 1, -beta, -alpha, other, True)
            else:
                if not isinstance(i, int) or i >= n:
                    continue
                rec = records[i]
                score = rec[0]
                fresh = rec[5]
                if sum(fresh) == held:
                    value = score + 2 * self.rack_value(other)
                else:
                    placed = self._play(rec, side)
                    try:
                        value = score - self._search(
                            depth - 1, score - beta, score - alpha, other, False
                        )
                    finally:
                        self._unplay(placed, side)
            if value > best:
                best = value
                best_move = i
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = EXACT
        if best <= alpha0:
            flag = UPPER
        elif best >= beta:
            flag = LOWER
        stored_depth = INF_DEPTH if self.cuts == cuts_before else depth
        self._store(key, stored_depth, flag, best, best_move)
        return best

    def _store(self, key: int, depth: int, flag: int, value: int, move: object) -> None:
        table = self.table
        if key not in table and len(table) >= self._capacity:
            return
        table[key] = (depth, flag, value, move)

    def _check(self) -> None:
        self._next_check = self.nodes + self._check_every
        if self._limits is not None:
            if self._limits.node_limit is not None:
                self._next_check = min(self._next_check, self._limits.node_limit)
            reason = self._limits.reached(self.nodes)
            if reason:
                raise _Stop(reason)
        if self._progress is not None:
            now = time.perf_counter()
            if now >= self._next_progress:
                self._next_progress = now + 0.1
                self._progress(self._depth, self.nodes)

    # -- the root ---------------------------------------------------------------
    def _step(self, rec: Optional[tuple], side: int, points: int) -> Step:
        move = None if rec is None else self.finder._move(rec)
        return Step(side, move, points, rec)

    def _root(self, depth: int, roots: list[_Root], top: int) -> None:
        """One round at ``depth``: each first move's value (exact above the
        ``top``-th best, else an upper bound), best first."""
        side = 0
        other = 1
        held = self.tiles(0)
        roots.sort(key=lambda r: (-r.value, r.order))
        kept: list[int] = []  # the top best values so far, a min-heap
        seen = 0
        for root in roots:
            # the window: better than the top-th best value found so far
            alpha = kept[0] if len(kept) >= top else -(1 << 62)
            cuts = self.cuts
            rec = root.rec
            if rec is None:
                if self.passed:
                    value = self.rack_value(other) - self.rack_value(side)
                else:
                    value = -self._search(depth - 1, -(1 << 62), -alpha, other, True)
            elif sum(rec[5]) == held:
                value = rec[0] + 2 * self.rack_value(other)
            else:
                placed = self._play(rec, side)
                try:
                    value = rec[0] - self._search(
                        depth - 1, -(1 << 62), rec[0] - alpha, other, False
                    )
                finally:
                    self._unplay(placed, side)
            root.value = value
            root.exact = self.cuts == cuts
            root.searched = value > alpha or seen < top
            root.extra["upper"] = not root.searched
            seen += 1
            if len(kept) < top:
                heapq.heappush(kept, value)
            elif value > kept[0]:
                heapq.heapreplace(kept, value)
        roots.sort(key=lambda r: (-r.value, r.order))

    def _line(
        self, first: Optional[tuple], value: int, depth: int
    ) -> tuple[list[Step], list[Optional[tuple]]]:
        """The line of ``value`` from the root, ``first`` tried first: at
        each position the first move whose value (searched again in a
        narrow window, mostly from the table) is the one wanted; its steps
        and their move records (None a pass)."""
        out: list[Step] = []
        recs: list[Optional[tuple]] = []
        undo: list[tuple] = []
        side = 0
        passed = self.passed
        want = value
        at_root = True
        try:
            while depth > 0:
                other = 1 - side
                held = self.tiles(side)
                records = self._moves(side)
                options: list[Optional[tuple]] = [records[i] for i in range(len(records))]
                options.append(None)
                if at_root:
                    options.insert(0, first)
                    at_root = False
                chosen = None
                for rec in options:
                    if rec is None:
                        if passed:
                            got = self.rack_value(other) - self.rack_value(side)
                            if got == want:
                                out.append(Step(side, None, got))
                                recs.append(None)
                                return out, recs
                            continue
                        got = -self._search(depth - 1, -want - 1, -want + 1, other, True)
                        points = 0
                    elif sum(rec[5]) == held:
                        got = rec[0] + 2 * self.rack_value(other)
                        if got == want:
                            out.append(self._step(rec, side, got))
                            recs.append(rec)
                            return out, recs
                        continue
                    else:
                        points = rec[0]
                        placed = self._play(rec, side)
                        try:
                            got = points - self._search(
                                depth - 1, points - want - 1, points - want + 1, other, False
                            )
                        finally:
                            self._unplay(placed, side)
                    if got == want:
                        chosen = (rec, points)
                        break
                if chosen is None:
                    break
                rec, points = chosen
                recs.append(rec)
                if rec is None:
                    out.append(Step(side, None, 0))
                    passed = True
                else:
                    out.append(self._step(rec, side, points))
                    undo.append((self._play(rec, side), side))
                    passed = False
                want = points - want
                side = other
                depth -= 1
        finally:
            for placed, s in reversed(undo):
                self._unplay(placed, s)
        return out, recs

    def _spread_of(self, recs: Sequence[Optional[tuple]]) -> tuple[int, bool, list[int]]:
        """Play ``recs`` (None a pass) from the root, the sides taking turns,
        by the rules alone (no search, no table): the spread the side to move
        at the root gains along them, whether the game is over after the
        last, and each turn's points (end bonus or pass penalty included)."""
        undo: list[tuple] = []
        side, passed = 0, self.passed
        total, over, points = 0, False, []
        try:
            for rec in recs:
                other = 1 - side
                if rec is None:
                    got = 0
                    if passed:
                        got, over = self.rack_value(other) - self.rack_value(side), True
                    passed = True
                else:
                    undo.append((self._play(rec, side), side))
                    got = rec[0]
                    if not any(self.racks[side]):
                        got, over = got + 2 * self.rack_value(other), True
                    passed = False
                points.append(got)
                total += got if side == 0 else -got
                side = other
                if over:
                    break
        finally:
            for placed, s in reversed(undo):
                self._unplay(placed, s)
        return total, over, points

    def solve(
        self,
        plies: Optional[int] = None,
        top: int = 1,
        limits: Optional[Limits] = None,
        tt_mb: float = 256,
        progress: Optional[Callable[[int, int], None]] = None,
    ) -> EndgameResult:
        """Search to ``plies`` (None: until the value is proved) and return
        the result; ``top`` first moves ranked; the table holds at most
        ``tt_mb`` MiB (about); ``limits`` and Ctrl-C stop the search with
        the deepest completed round's line (``stopped`` says why)."""
        if plies is not None and plies < 1:
            raise BoardError(f"plies {plies}: search at least one ply")
        if top < 1:
            raise BoardError(f"top {top}: rank at least one move")
        if not tt_mb > 0:
            raise BoardError(f"tt-mb {tt_mb}: give the table some memory (MiB, more than 0)")
        within_memory(tt_mb * (1 << 20), f"a table of {tt_mb:,.0f} MiB (--tt-mb)")
        self._capacity = max(1, int(tt_mb * (1 << 20) / ENTRY_BYTES))
        self._limits = limits
        self._progress = progress
        self._next_progress = time.perf_counter() + 0.1
        self._depth = 0
        start = time.perf_counter()
        records = self._moves(0)
        roots = [_Root(records[i], order=i) for i in range(len(records))]
        roots.append(_Root(None, order=len(records)))
        # the most plies a game from here can last: each play takes a tile,
        # and two passes in a row end it
        most = 2 * (self.tiles(0) + self.tiles(1)) + 2
        limit = most if plies is None else min(plies, most)
        done: Optional[list[_Root]] = None
        done_depth = 0
        proved = False
        stopped = None
        snapshot = None
        # a Ctrl-C may land between a move played and taken back: the
        # position is put back from these before the line is played again
        board0, racks0 = bytes(self.board), [bytes(r) for r in self.racks]
        if limits is not None and limits.deadline is not None and limits.clock is time.perf_counter:
            self.gen.set_deadline(limits.deadline)  # a move generation of the mirror stops there
        try:
            for depth in range(1, limit + 1):
                self._depth = depth
                cuts = self.cuts
                try:
                    self._root(depth, roots, top)
                except _Stop as stop:
                    stopped = stop.reason
                    break
                except KeyboardInterrupt:
                    stopped = "interrupted"
                    break
                done = roots
                done_depth = depth
                proved = self.cuts == cuts
                snapshot = [
                    _Root(r.rec, r.value, r.exact, r.searched, r.order, dict(r.extra))
                    for r in roots
                ]
                if proved:
                    break
        finally:
            self.gen.set_deadline(None)  # the line is played again in full
        if stopped is not None:
            self.board[:] = board0
            for rack, kept in zip(self.racks, racks0):
                rack[:] = kept
            self._count()
        seconds = time.perf_counter() - start
        if snapshot is None:
            # not even one ply: the moves by score alone, nothing proved
            snapshot = [
                _Root(r.rec, r.rec[0] if r.rec else 0, False, False, r.order) for r in roots
            ]
        del done
        best = snapshot[0]
        ranked = []
        for r in snapshot[:top]:
            points = r.rec[0] if r.rec is not None else 0
            if r.rec is not None and sum(r.rec[5]) == self.tiles(0):
                points += 2 * self.rack_value(1)
            step = self._step(r.rec, 0, points)
            exact = proved and r.exact and r.searched
            ranked.append(
                Ranked(step, r.value, exact, None if not r.extra.get("upper") else "upper")
            )
        self._limits = None
        self._progress = None
        if done_depth:
            line, recs = self._line(best.rec, best.value, done_depth if not proved else INF_DEPTH)
            self._check_line(line, recs, best.value, proved and best.exact)
        else:
            line = [ranked[0].step]
        return EndgameResult(
            value=best.value,
            spread=self.spread + best.value,
            line=line,
            top=ranked,
            depth=done_depth,
            proved=proved and best.exact,
            nodes=self.nodes,
            seconds=seconds,
            stopped=stopped,
            table_entries=len(self.table),
        )

    def _check_line(
        self, line: list[Step], recs: list[Optional[tuple]], value: int, proved: bool
    ) -> None:
        """The answer checked before it is given: each turn of the line
        scores what the rules give it, played out from the root; and a
        proved value is the spread of its line, played to the end of the
        game.  SolverError (a bug, never the position) otherwise."""
        total, over, points = self._spread_of(recs)
        if points != [s.points for s in line][: len(points)] or len(points) != len(line):
            raise SolverError(
                f"endgame: the line's points {[s.points for s in line]} are not the ones its "
                f"moves score ({points}): an internal error"
            )
        if proved and (not over or total != value):
            end = "at the end of the game" if over else "without ending the game"
            raise SolverError(
                f"endgame: the proved value {value:+d} is not its line's spread ({total:+d} "
                f"{end}): an internal error"
            )


def from_position(finder: MoveFinder, position, rules=None) -> Endgame:
    """The endgame of a CGP ``Position`` (``dlxc.models.cgp``): two racks,
    the bag empty.  BoardError when it is not an endgame: a rack missing,
    tiles the distribution does not hold, tiles left in the bag."""
    rules = finder.rules
    if len(position.racks) != 2 or not all(position.racks):
        raise BoardError("cgp: an endgame needs both racks (RACK1/RACK2, the side to move first)")
    board = finder.board(position.board, "cgp")
    racks = [finder.rack(r) for r in position.racks]
    # every tile on the board and the racks must come from the bag
    letters = finder.lexicon.alphabet.letters
    used = [0] * 64
    for code in board:
        if code:
            used[0 if code & 128 else code] += 1
    for r in racks:
        for c, n in enumerate(r):
            used[c] += n
    left = 0
    for c, n in enumerate(used):
        name = "?" if c == 0 else (letters[c - 1] if c - 1 < len(letters) else None)
        if name is None:
            continue
        have = rules.counts.get(name, 0)
        if n > have:
            shown = "?" if c == 0 else rules.tile_text(name)
            raise BoardError(
                f"cgp: the board and racks hold {n} {shown} tiles; the distribution "
                f"({rules.source}) has {have}"
            )
        left += have - n
    if left:
        raise BoardError(
            f"cgp: not an endgame: {left} tile{'s' if left != 1 else ''} left in the bag "
            "(an endgame has the bag empty and both racks known)"
        )
    spread = position.scores[0] - position.scores[1]
    return Endgame(finder, board, racks, passed=position.zero_turns >= 5, spread=spread)
