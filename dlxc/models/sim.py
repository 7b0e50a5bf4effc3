"""Monte Carlo simulation of Scrabble candidate moves.

``Simulation`` takes a position (the board, the rack of the side to move,
the scores), ranks its plays by equity (score plus leave value, as the
equity player does) and sims the ``plays`` best of them:

- A *round* plays every candidate out once.  A play-out makes the
  candidate, draws the opponent's rack at random from the tiles the side
  to move cannot see (the bag and the opponent's rack together: a rack
  the CGP gives for the opponent is not used), refills the mover's rack,
  and lets both sides play their move of best equity in turn, opponent
  first, for ``plies`` plies (no exchanges in play-outs; a pass when no
  play beats keeping the rack; going out with the bag empty ends it).
  Every candidate of a round sees the same draws (the same random
  stream), so their differences are measured on the same racks.
- The *value* of a play-out is the points the mover made (the
  candidate's score included) less the opponent's, plus the leave value
  of each side's last move (the mover's counted for, the opponent's
  against), a leave kept with the bag empty worth 0: a play-out of 0
  plies is worth the candidate's static equity.
- The *win chance* of a play-out comes from the final spread s (the
  position's spread plus the value) and the tiles u the mover cannot see
  at the end: 1, 1/2 or 0 by the sign of s when the game ended, else
  Phi(s / (SIGMA_PER_TILE * sqrt(u))), a normal model of what the rest of
  the game adds to the spread, its spread growing as the square root of
  the tiles left (``win_chance``).  ``SIGMA_PER_TILE`` is 10.5 points:
  in 100 games of dlxc's equity player against itself the final spread
  strayed from the spread at a turn with u tiles unseen by a standard
  deviation of 10.3 to 10.6 times sqrt(u) in every band of u from 8 to
  99 (``bench/sim_win_model.py`` measures it).  The model is dlxc's own
  and simple: it ignores whose turn it is and what the racks hold.
- Candidates rank by mean win chance, then mean value (``spread``).

The stopping rule: after every ``check_every`` rounds, once every
candidate has been played ``min_iterations`` times, let B be the first
in the ranking; the run stops (``stopped = "clear"``) when for every
other candidate C the lower bound of B's win chance exceeds the upper
bound of C's (mean minus or plus z standard errors, z the two-sided
normal quantile of ``confidence``), or, where both win chances have no
spread at all and are equal (every play-out won, say), the same holds of
their values.  With one candidate the rule never holds.  Otherwise the
run stops at ``iterations`` rounds (``"iterations"``), at a limit of
``Limits``: a node limit counts play-outs (``"node limit"``) and a
timeout (``"timeout"``), or at Ctrl-C (``"interrupted"``); the result is
then what the finished rounds say.

``threads`` play the rounds of a batch side by side, thread t the
rounds t, t + threads, ...; each has its own move generator and the
random stream of a round depends only on the seed and the round's
number, so the result is the same for a seed whatever the number of
threads (a run stopped by time or Ctrl-C aside).  The play-outs run in C
(csrc/lexicon/sim.c) on the C engine and in Python here (``playout``)
on the mirror; both give the same values.
"""

from __future__ import annotations

import math
import signal
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Callable, Optional

from ..base.errors import BoardError
from ..base.rng import MASK64, splitmix64, uniform_below
from ..base.runner import Limits
from ..lexicon import GenDeadline, MoveGenerator
from .leaves import Leaves
from .scrabble import Move, MoveFinder

SIGMA_PER_TILE = 10.5
GOLDEN = 0x9E3779B97F4A7C15
MAX_KEY_TILES = 9  # listed leaves of more tiles are valued from their pairs


def _key(rec: tuple) -> tuple:
    """The engine's order among moves of equal equity (dlxc.models.game's)."""
    return (-rec[0], rec[1], rec[2], rec[3], len(rec[4]), rec[4])


def _tiles(rack) -> list[int]:
    """A rack's tiles as sorted codes (0 the blanks)."""
    return [c for c, n in enumerate(rack) for _ in range(n)]


def win_chance(spread: float, unseen: int) -> float:
    """The chance of winning with ``spread`` ahead and ``unseen`` tiles
    not seen by the mover (-1: the game is over)."""
    if unseen < 0 or unseen == 0:
        return 1.0 if spread > 0 else (0.5 if spread == 0 else 0.0)
    return 0.5 * (1.0 + math.erf(spread / (SIGMA_PER_TILE * math.sqrt(unseen) * math.sqrt(2.0))))


def round_start(seed: int, index: int) -> int:
    """The random state every play-out of round ``index`` starts from."""
    return splitmix64((seed + index * GOLDEN) & MASK64)[1]


class LeaveTable:
    """Leave values by codes (0 a blank), as the play-outs add them: a
    listed leave's value, else its tiles' values plus what each listed
    pair adds, summed in code order (csrc/lexicon/sim.c does the same)."""

    def __init__(self, leaves: Leaves, codes: dict[str, int]) -> None:
        self.single = [0.0] * 64
        self.pair: dict[tuple[int, int], float] = {}
        self.listed: dict[tuple[int, ...], float] = {}
        for key, value in leaves.table.items():
            try:
                tiles = tuple(sorted(0 if ch == "?" else codes[ch] for ch in key))
            except KeyError:
                continue  # a tile the lexicon does not have: no rack can hold it
            if len(tiles) == 1:
                self.single[tiles[0]] = value
            elif len(tiles) == 2:
                self.pair[(tiles[0], tiles[1])] = value
            elif len(tiles) <= MAX_KEY_TILES:
                self.listed[tiles] = value

    def value(self, tiles: Sequence[int]) -> float:
        """The value of a leave given as sorted codes."""
        n = len(tiles)
        if n == 0:
            return 0.0
        single = self.single
        if n == 1:
            return single[tiles[0]]
        pair = self.pair
        if n == 2:
            got = pair.get((tiles[0], tiles[1]))
            if got is not None:
                return got
        elif n <= MAX_KEY_TILES and self.listed:
            got = self.listed.get(tuple(tiles))
            if got is not None:
                return got
        total = 0.0
        for t in tiles:
            total += single[t]
        if pair:
            for i in range(n):
                for j in range(i + 1, n):
                    p = pair.get((tiles[i], tiles[j]))
                    if p is not None:
                        total += p - single[tiles[i]] - single[tiles[j]]
        return total

    def engine_arrays(self) -> tuple[list[float], list[float], bytes, list[int], list[float]]:
        """The table as dlxc_sim_new takes it."""
        pair = [0.0] * (64 * 64)
        has = bytearray(64 * 64)
        for (a, b), v in self.pair.items():
            pair[a * 64 + b] = v
            has[a * 64 + b] = 1
        keyed = []
        for tiles, v in self.listed.items():
            key = 0
            for t in tiles:
                key = (key << 7) | (t + 1)
            keyed.append((key, v))
        keyed.sort()
        return self.single, pair, bytes(has), [k for k, _ in keyed], [v for _, v in keyed]


class _Rules:
    """What a play-out needs of the rules."""

    def __init__(self, finder: MoveFinder, leaves: Leaves) -> None:
        rules = finder.rules
        alphabet = finder.lexicon.alphabet
        self.rack_size = rules.rack_size
        self.cols = rules.cols
        self.values = [rules.values["?"]] + [rules.values[ch] for ch in alphabet.letters]
        self.leaves = LeaveTable(leaves, alphabet.codes)

    def points(self, rack: Sequence[int]) -> int:
        values = self.values
        return sum(values[c] * n for c, n in enumerate(rack) if n)

    def adjust(self, kept: Sequence[int], n: int, n_bag: int, opp_points: int) -> float:
        """What keeping ``kept`` (64 counts, ``n`` tiles) is worth beside the score."""
        if n_bag > 0:
            if n >= self.rack_size:
                return 0.0
            return self.leaves.value(_tiles(kept))
        if n == 0:
            return 2.0 * opp_points
        return -2.0 * self.points(kept)


def _draw(state: int, bag: list[int], rack: bytearray, want: int) -> tuple[int, int]:
    got = 0
    while want > 0 and bag:
        state, k = uniform_below(state, len(bag))
        rack[bag[k]] += 1
        bag[k] = bag[-1]
        bag.pop()
        got += 1
        want -= 1
    return state, got


def _choose(
    r: _Rules, gen: MoveGenerator, board: bytes, rack: bytearray, n_bag: int, opp
) -> Optional[tuple]:
    """The move of best equity (an engine record), or None for a pass."""
    n = gen.run(board, bytes(rack))
    opp_points = 0 if n_bag > 0 else r.points(opp)
    held = sum(rack)
    memo: dict[bytes, float] = {}
    best = None
    best_eq = 0.0
    for rec in gen.moves() if n else []:
        word, fresh = rec[4], rec[5]
        used = bytes(sorted(c if c < 128 else 0 for c, f in zip(word, fresh) if f))
        adj = memo.get(used)
        if adj is None:
            kept = bytearray(rack)
            for c in used:
                kept[c] -= 1
            adj = memo[used] = r.adjust(kept, held - len(used), n_bag, opp_points)
        eq = rec[0] + adj
        if best is None or eq > best_eq or (eq == best_eq and _key(rec) < _key(best)):
            best, best_eq = rec, eq
    pass_eq = r.adjust(rack, held, n_bag, opp_points)
    if best is None or pass_eq > best_eq:
        return None
    return best


def playout(
    r: _Rules,
    gen: MoveGenerator,
    board: bytes,
    leave: bytes,
    score: int,
    unseen: bytes,
    plies: int,
    state: int,
) -> tuple[float, int]:
    """One play-out (the module's help): (value, tiles unseen at the end,
    -1 when the game ended); the mirror of csrc/lexicon/sim.c."""
    size = r.rack_size
    cols = r.cols
    b = bytearray(board)
    bag = [c for c in range(64) for _ in range(unseen[c])]
    racks = [bytearray(leave), bytearray(64)]
    held = [sum(leave), 0]
    state, held[1] = _draw(state, bag, racks[1], size)
    points = [score, 0]
    lv = [0.0, 0.0]
    if bag and held[0] < size:
        lv[0] = r.leaves.value(_tiles(racks[0]))
    state, got = _draw(state, bag, racks[0], size - held[0])
    held[0] += got
    over = False
    side = 1
    for _ in range(plies):
        rack = racks[side]
        rec = _choose(r, gen, bytes(b), rack, len(bag), racks[1 - side])
        if rec is None:
            lv[side] = 0.0
            if bag and held[side] < size:
                lv[side] = r.leaves.value(_tiles(rack))
            side ^= 1
            continue
        mscore, row, col, down, word, fresh = rec
        placed = 0
        for k, code in enumerate(word):
            if fresh[k]:
                rr, cc = (row + k, col) if down else (row, col + k)
                b[rr * cols + cc] = code
                rack[0 if code & 128 else code] -= 1
                placed += 1
        held[side] -= placed
        points[side] += mscore
        lv[side] = r.leaves.value(_tiles(rack)) if bag else 0.0
        state, got = _draw(state, bag, rack, size - held[side])
        held[side] += got
        if held[side] == 0 and not bag:
            points[side] += 2 * r.points(racks[1 - side])
            over = True
            break
        side ^= 1
    value = float(points[0] - points[1]) + (lv[0] - lv[1])
    return value, (-1 if over else len(bag) + held[1])


# ---- candidates and results ------------------------------------------------------


@dataclass
class Arm:
    """One candidate and its play-outs so far."""

    move: Optional[Move]  # None: a pass
    score: int
    equity: float
    leave: str
    board: bytes = field(repr=False)
    rack_left: bytes = field(repr=False)
    rec: Optional[tuple] = field(default=None, repr=False)  # the engine's record
    n: int = 0
    win_sum: float = 0.0
    win_sq: float = 0.0
    value_sum: float = 0.0
    value_sq: float = 0.0

    def add(self, value: float, win: float) -> None:
        self.n += 1
        self.win_sum += win
        self.win_sq += win * win
        self.value_sum += value
        self.value_sq += value * value

    @property
    def win(self) -> float:
        return self.win_sum / self.n if self.n else 0.0

    @property
    def spread(self) -> float:
        return self.value_sum / self.n if self.n else self.equity

    def _se(self, total: float, sq: float) -> float:
        if self.n < 2:
            return math.inf
        mean = total / self.n
        var = max(0.0, (sq - self.n * mean * mean) / (self.n - 1))
        return math.sqrt(var / self.n)

    @property
    def win_se(self) -> float:
        return self._se(self.win_sum, self.win_sq)

    @property
    def spread_se(self) -> float:
        return self._se(self.value_sum, self.value_sq)

    @property
    def text(self) -> str:
        return "pass" if self.move is None else self.move.text

    def as_dict(self) -> dict:
        out: dict = {"kind": "pass" if self.move is None else "play"}
        if self.move is not None:
            out.update(self.move.as_dict())
        out.update(
            score=self.score,
            equity=round(self.equity, 3),
            leave=self.leave,
            iterations=self.n,
            win=round(self.win, 6),
            win_se=None if math.isinf(self.win_se) else round(self.win_se, 6),
            spread=round(self.spread, 3),
            spread_se=None if math.isinf(self.spread_se) else round(self.spread_se, 3),
        )
        return out


def rank(arms: Sequence[Arm]) -> list[Arm]:
    """Best first: win chance, then mean value, then static equity."""
    return sorted(arms, key=lambda a: (-a.win, -a.spread, -a.equity))


def separated(arms: Sequence[Arm], z: float) -> bool:
    """The stopping rule's condition (the module's help)."""
    if len(arms) < 2:
        return False
    ranked = rank(arms)
    best = ranked[0]
    for other in ranked[1:]:
        if best.win_se == 0.0 and other.win_se == 0.0 and best.win == other.win:
            if not best.spread - z * best.spread_se > other.spread + z * other.spread_se:
                return False
        elif not best.win - z * best.win_se > other.win + z * other.win_se:
            return False
    return True


@dataclass
class SimResult:
    arms: list[Arm]  # ranked
    iterations: int  # rounds
    playouts: int
    plies: int
    stopped: str
    seconds: float
    cpu_seconds: float
    threads: int
    seed: int
    confidence: float
    spread: int

    @property
    def best(self) -> Arm:
        return self.arms[0]

    def as_dict(self) -> dict:
        return {
            "plies": self.plies,
            "iterations": self.iterations,
            "playouts": self.playouts,
            "stopped": self.stopped,
            "seconds": round(self.seconds, 4),
            "cpu_seconds": round(self.cpu_seconds, 4),
            "threads": self.threads,
            "seed": self.seed,
            "confidence": self.confidence,
            "position_spread": self.spread,
            "moves": [a.as_dict() for a in self.arms],
        }


class Simulation:
    """The sim of one position (the module's help).  ``board`` and
    ``rack`` as ``MoveFinder`` reads them; ``spread`` the mover's score
    less the opponent's."""

    def __init__(
        self,
        finder: MoveFinder,
        board,
        rack,
        spread: int = 0,
        leaves: Optional[Leaves] = None,
        plays: int = 10,
    ) -> None:
        if plays < 1:
            raise BoardError(f"plays {plays}: sim at least one play")
        self.finder = finder
        self.board = board if isinstance(board, bytes) else finder.board(board)
        self.rack = rack if isinstance(rack, bytes) else finder.rack(rack)
        if not any(self.rack):
            raise BoardError("the rack is empty: there is nothing to sim")
        self.spread = spread
        self.leaves = Leaves.default() if leaves is None else leaves
        self.r = _Rules(finder, self.leaves)
        self.unseen = self._unseen()
        self.arms = self._candidates(plays)

    def _unseen(self) -> bytes:
        rules = self.finder.rules
        letters = self.finder.lexicon.alphabet.letters
        used = [0] * 64
        for code in self.board:
            if code:
                used[0 if code & 128 else code] += 1
        for c, n in enumerate(self.rack):
            used[c] += n
        out = bytearray(64)
        for c in range(len(letters) + 1):
            name = "?" if c == 0 else letters[c - 1]
            have = rules.counts.get(name, 0)
            if used[c] > have:
                shown = "?" if c == 0 else rules.tile_text(name)
                raise BoardError(
                    f"the board and rack hold {used[c]} {shown} tiles; the distribution "
                    f"({rules.source}) has {have}"
                )
            if have - used[c] > 255:
                raise BoardError(f"{have - used[c]} unseen tiles of one kind: at most 255")
            out[c] = have - used[c]
        if sum(out) > 4096:
            raise BoardError(f"{sum(out)} unseen tiles: the sim takes at most 4096")
        return bytes(out)

    def _candidates(self, plays: int) -> list[Arm]:
        finder = self.finder
        gen = finder.generator
        r = self.r
        n_bag = max(0, sum(self.unseen) - r.rack_size)
        opp_points = r.points(self.unseen) if n_bag == 0 else 0
        held = sum(self.rack)
        n = gen.run(self.board, self.rack)
        cols = finder.rules.cols
        scored = []
        for rec in gen.moves() if n else []:
            word, fresh = rec[4], rec[5]
            kept = bytearray(self.rack)
            b = bytearray(self.board)
            for k, code in enumerate(word):
                if fresh[k]:
                    rr, cc = (rec[1] + k, rec[2]) if rec[3] else (rec[1], rec[2] + k)
                    b[rr * cols + cc] = code
                    kept[0 if code & 128 else code] -= 1
            eq = rec[0] + r.adjust(kept, held - sum(fresh), n_bag, opp_points)
            scored.append((-eq, _key(rec), rec, bytes(b), bytes(kept), eq))
        scored.sort(key=lambda t: (t[0], t[1]))
        arms = []
        names = finder._shown
        for _, _, rec, arm_board, arm_kept, eq in scored[:plays]:
            leave = "".join(names[c] if c else "?" for c in _tiles(arm_kept))
            arms.append(Arm(finder._move(rec), rec[0], eq, leave, arm_board, arm_kept, rec))
        if not arms:
            eq = r.adjust(self.rack, held, n_bag, opp_points)
            leave = "".join(names[c] if c else "?" for c in _tiles(self.rack))
            arms.append(Arm(None, 0, eq, leave, self.board, self.rack))
        return arms

    # -- the run ------------------------------------------------------------------
    def run(
        self,
        plies: int = 2,
        iterations: int = 1000,
        seed: int = 0,
        threads: int = 1,
        confidence: float = 0.99,
        check_every: int = 16,
        min_iterations: int = 32,
        limits: Optional[Limits] = None,
        progress: Optional[Callable[[int, list[Arm]], None]] = None,
    ) -> SimResult:
        if plies < 0:
            raise BoardError(f"plies {plies}: 0 or more")
        if iterations < 1:
            raise BoardError(f"iterations {iterations}: at least one")
        if threads < 1:
            raise BoardError(f"threads {threads}: at least one")
        if check_every < 1:
            raise BoardError(f"check-every {check_every}: at least one round")
        if not 0.0 < confidence < 1.0:
            raise BoardError(f"confidence {confidence}: between 0 and 1")
        z = NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0)
        arms = self.arms
        for a in arms:
            a.n, a.win_sum, a.win_sq, a.value_sum, a.value_sq = 0, 0.0, 0.0, 0.0, 0.0
        backend = self.finder.lexicon.backend
        gens = [self.finder.generator] + [self._new_gen() for _ in range(threads - 1)]
        engine = self._engine() if backend == "c" else None
        stop = engine.stop_flag() if engine is not None else [0]
        rounds = 0
        stopped = "iterations"
        start, cpu0 = time.perf_counter(), time.process_time()
        next_progress = start + 0.5
        # Ctrl-C sets the engines' stop flag and ends the run after the
        # batch in hand, wherever it lands: between two batches (the tally,
        # the stopping rule) as well as inside one
        ctrl_c = [False]

        def on_sigint(signum, frame) -> None:
            ctrl_c[0] = True
            stop[0] = 1

        previous = None
        if threading.current_thread() is threading.main_thread():
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                previous = signal.signal(signal.SIGINT, on_sigint)
        try:
            while rounds < iterations:
                reason = limits.reached(rounds * len(arms)) if limits is not None else None
                if ctrl_c[0]:
                    reason = "interrupted"
                if reason:
                    stopped = reason
                    break
                batch = min(check_every, iterations - rounds)
                if limits is not None and limits.node_limit is not None:
                    left = (limits.node_limit - rounds * len(arms)) // len(arms)
                    batch = max(1, min(batch, left))
                results, interrupted = self._batch(
                    engine, gens, stop, plies, seed, rounds, batch, limits
                )
                for _, values, left_tiles in sorted(results):
                    for a, value, u in zip(arms, values, left_tiles):
                        a.add(value, win_chance(self.spread + value, u))
                rounds += len(results)
                if ctrl_c[0]:
                    interrupted = "interrupted"
                if interrupted:
                    stopped = interrupted
                    break
                if progress is not None and time.perf_counter() >= next_progress:
                    progress(rounds, rank(arms))
                    next_progress = time.perf_counter() + 0.5
                if min(a.n for a in arms) >= min_iterations and separated(arms, z):
                    stopped = "clear"
                    break
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)
            for g in gens[1:]:
                g.close()
        return SimResult(
            rank(arms),
            rounds,
            rounds * len(arms),
            plies,
            stopped,
            time.perf_counter() - start,
            time.process_time() - cpu0,
            threads,
            seed,
            confidence,
            self.spread,
        )

    def _new_gen(self) -> MoveGenerator:
        f = self.finder
        rules = f.rules
        lm, wm = rules.multipliers()
        values = [rules.values["?"]] + [rules.values[ch] for ch in f.lexicon.alphabet.letters]
        assert rules.start is not None
        return MoveGenerator(
            f.lexicon,
            rules.rows,
            rules.cols,
            lm,
            wm,
            values,
            rules.start,
            rules.rack_size,
            rules.bingo_bonus,
        )

    def _engine(self):
        from ..lexicon import _cbackend

        r = self.r
        single, pair, has, keys, kv = r.leaves.engine_arrays()
        letters = len(self.finder.lexicon.alphabet)
        return _cbackend.Sim(
            letters,
            r.rack_size,
            len(self.board),
            r.values,
            single,
            pair,
            has,
            keys,
            kv,
        )

    def _rounds(self, engine, gen, stop, plies, seed, first, count, stride) -> list:
        """(round, values, tiles unseen) of the rounds of one thread."""
        arms = self.arms
        if engine is not None:
            boards = b"".join(a.board for a in arms)
            leaves = b"".join(a.rack_left for a in arms)
            values, left, done = engine.run(
                gen._gen,
                self.finder.lexicon._lex,
                boards,
                leaves,
                [a.score for a in arms],
                self.unseen,
                plies,
                seed,
                first,
                count,
                stride,
                stop,
            )
            n = len(arms)
            return [
                (first + k * stride, values[k * n : (k + 1) * n], left[k * n : (k + 1) * n])
                for k in range(done)
            ]
        out = []
        # a play-out of the mirror takes a tenth of a second or more: the stop
        # flag is looked at by the move generator itself, and a round it cuts
        # short is dropped
        gen.set_stop(stop)
        try:
            for k in range(count):
                if stop[0]:
                    break
                i = first + k * stride
                st = round_start(seed, i)
                vals, lefts = [], []
                for a in arms:
                    v, u = playout(
                        self.r, gen, a.board, a.rack_left, a.score, self.unseen, plies, st
                    )
                    vals.append(v)
                    lefts.append(u)
                out.append((i, vals, lefts))
        except GenDeadline:
            pass
        finally:
            gen.set_stop(None)
        return out

    def _batch(self, engine, gens, stop, plies, seed, first, count, limits):
        """The finished rounds of one batch and why it was cut short (None)."""
        threads = min(len(gens), count)
        results: list = []
        errors: list = []

        def work(t: int) -> None:
            try:
                n = (count - t + threads - 1) // threads
                results.extend(
                    self._rounds(engine, gens[t], stop, plies, seed, first + t, n, threads)
                )
            except BaseException as exc:  # handed to the caller below
                errors.append(exc)

        workers = [threading.Thread(target=work, args=(t,), daemon=True) for t in range(threads)]
        for w in workers:
            w.start()
        why = None
        try:
            for w in workers:
                while w.is_alive():
                    left = limits.left() if limits is not None else None
                    w.join(0.05 if left is None else min(0.05, max(left, 0.001)))
                    if limits is not None and limits.deadline is not None and limits.left() == 0:
                        if w.is_alive() and why is None:
                            why = "timeout"
                            stop[0] = 1
        except KeyboardInterrupt:
            why = "interrupted"
            stop[0] = 1
            for w in workers:
                w.join()
        if errors:
            raise errors[0]
        # only whole batches keep the result independent of the threads
        return results, why
