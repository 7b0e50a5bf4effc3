"""The search for the highest-scoring Boggle board: iterated local search,
on one machine or on a Dask cluster.

A climb is a steepest ascent: every board one move away (a cell changed to
another letter, or two cells swapped) is scored, all in one batch, and the
best of them is taken while it scores more; it ends on a peak.  A run
climbs from a random board, then again and again kicks its current peak (a
few random moves) and climbs from there, keeping the new peak when it
scores at least as much; after many climbs without a better board it ends,
and a new run starts from a new random board.  With ``jobs`` processes each
batch is scored in ``jobs`` pieces side by side (``ParallelScorer``); on a
Dask cluster (``dlxc.base.cluster``) whole runs, each with its own seed, go
side by side, and the best board of any run wins.
"""

from __future__ import annotations

import random
import threading
import time
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Callable, Optional

from ..base import cluster
from ..base.closing import Closing
from ..base.errors import BoggleError, SolverError
from ..base.runner import Limits
from .board import check_size
from .scoring import Boggle, ParallelScorer

KICK = 6  # random moves from a peak to the start of the next climb
STALL = 300  # climbs without a better board before a run starts afresh
_CHUNK = 1024  # boards scored between two looks at the clock (a 4x4 or 5x5 neighbourhood)


def moves(board: bytes) -> Iterator[bytes]:
    """The boards one move away: a cell changed to another letter, or two
    cells swapped (hybrid-boggle's hill-climbing neighbourhood)."""
    n = len(board)
    for i in range(n):
        head, tail = board[:i], board[i + 1 :]
        for c in range(97, 123):
            if c != board[i]:
                yield head + bytes((c,)) + tail
    for i in range(n - 1):
        for j in range(i + 1, n):
            if board[i] != board[j]:
                b = bytearray(board)
                b[i], b[j] = b[j], b[i]
                yield bytes(b)


def random_move(board: bytes, rng: random.Random) -> bytes:
    """One move at random: half the time two cells of different letters
    swapped (which keeps the board's letters), else a cell changed to
    another letter."""
    b = bytearray(board)
    n = len(b)
    if rng.random() < 0.5 and len(set(b)) > 1:
        while True:
            i, j = rng.randrange(n), rng.randrange(n)
            if b[i] != b[j]:
                break
        b[i], b[j] = b[j], b[i]
    else:
        i = rng.randrange(n)
        c = 97 + rng.randrange(25)
        b[i] = c + (c >= b[i])  # one of the 25 other letters
    return bytes(b)


def symmetries(rows: int, cols: int) -> list:
    """The cell permutations that map the board onto itself (8 for a square:
    rotations and reflections; 4 for a rectangle)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (cols - 1 - c, r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
        ]
    perms = []
    for f in maps:
        perm = tuple(f(r, c)[0] * cols + f(r, c)[1] for r, c in cells)
        if perm not in perms:
            perms.append(perm)
    return perms


def canonical(board: bytes, perms: list) -> bytes:
    """The least of the board's symmetric images: one name per class."""
    return min(bytes(board[i] for i in perm) for perm in perms)


def _limits(deadline: Optional[float]) -> Limits:
    """The runner's limit for ``deadline``, a value of ``time.time()``: the
    clock every process of a search reads alike (a run on a Dask worker
    included)."""
    return Limits(deadline=deadline, clock=time.time)


class _Deadline(Exception):
    """The clock passed the search's deadline in the middle of a climb."""


_MEMO = 1 << 15  # boards whose best neighbour a run remembers


def climb(
    scorer,
    board: bytes,
    score: int,
    rows: int,
    cols: int,
    deadline: Optional[float] = None,
    memo: Optional[dict] = None,
) -> tuple:
    """Steepest ascent from ``board`` (scoring ``score``): every board one
    move away is scored, all in one batch, and the best of them (the first
    in the order of ``moves`` on ties) becomes the board, while it scores
    more.  Returns (peak, its score, boards scored).  The clock is read
    every ``_CHUNK`` boards; past ``deadline`` (time.time()) it raises
    _Deadline with the best board so far as its arguments.  ``memo`` maps
    boards whose neighbours were scored to their best neighbour and its
    score: a climb that comes back to a board (as a run's climbs come back
    to its peak) takes the step from there without scoring again."""
    limits = _limits(deadline)
    scored = 0
    while True:
        if memo is not None and board in memo:
            top_board, top = memo[board]
            if top <= score:
                return board, score, scored
            board, score = top_board, top
            continue
        nbrs = list(moves(board))
        totals = array("i")
        for k in range(0, len(nbrs), _CHUNK):
            if limits.reached(scored) is not None:
                raise _Deadline(board, score, scored)
            part = nbrs[k : k + _CHUNK]
            totals.extend(scorer.score_many(b"".join(part), rows, cols))
            scored += len(part)
        top = max(totals) if totals else score
        top_board = nbrs[totals.index(top)] if totals else board
        if memo is not None:
            if len(memo) >= _MEMO:
                memo.clear()
            memo[board] = (top_board, top)
        if top <= score:
            return board, score, scored
        board, score = top_board, top


@dataclass
class Run:
    """What a run found: its best board and score, the climbs and the boards
    it scored, and whether it stalled (else the clock stopped it)."""

    board: str
    score: int
    climbs: int = 0
    scored: int = 0
    stalled: bool = False
    seed: int = 0


def letter_weights(text: bytes) -> list:
    """How often each letter a..z occurs in the words of ``text`` (one a
    line), each at least once: the odds of a letter on a run's first board,
    so that a short word list's words can be found on it."""
    return [text.count(bytes((c,))) + 1 for c in range(97, 123)]


def run(
    scorer,
    rows: int,
    cols: int,
    seed: int,
    kick: int = KICK,
    stall: int = STALL,
    deadline: Optional[float] = None,
    improved: Optional[Callable[[str, int], None]] = None,
    climbed: Optional[Callable[[int], None]] = None,
    weights: Optional[list] = None,
) -> Run:
    """One run of iterated local search (seeded): climb from a random board
    (its letters drawn with the odds ``weights``, see ``letter_weights``;
    default all alike) to a peak; then, again and again, make ``kick`` random moves from the
    current peak and climb from there, and take the peak reached if it
    scores at least as much as the current one.  The run ends after
    ``stall`` climbs without a better board than its best, or when the
    clock passes ``deadline``.  ``improved(board, score)`` hears of every
    new best board of the run, ``climbed(boards scored)`` of every climb."""
    rng = random.Random(seed)
    best = Run("", -1, seed=seed)
    limits = _limits(deadline)
    memo: dict = {}

    def note(board: bytes, score: int, scored: int) -> None:
        best.climbs += 1
        best.scored += scored
        if score > best.score:
            best.board, best.score = board.decode("ascii"), score
            if improved:
                improved(best.board, best.score)
        if climbed:
            climbed(scored)

    try:
        board = bytes(rng.choices(range(97, 123), weights, k=rows * cols))
        if limits.reached(best.scored) is not None:
            return best
        score = scorer.score_many(board, rows, cols)[0]
        board, score, scored = climb(scorer, board, score, rows, cols, deadline, memo)
        note(board, score, scored + 1)
        since = 0
        while since < stall:
            start = board
            for _ in range(kick):
                start = random_move(start, rng)
            if limits.reached(best.scored) is not None:
                return best
            first = scorer.score_many(start, rows, cols)[0]
            peak, peak_score, scored = climb(scorer, start, first, rows, cols, deadline, memo)
            before = best.score
            note(peak, peak_score, scored + 1)
            since = 0 if best.score > before else since + 1
            if peak_score >= score:
                board, score = peak, peak_score
        best.stalled = True
    except _Deadline as stop:
        board, score, scored = stop.args
        note(board, score, scored)
    return best


@dataclass
class BestResult:
    board: str
    score: int
    rows: int
    cols: int
    runs: int = 0
    climbs: int = 0
    scored: int = 0
    seconds: float = 0.0
    stopped: str = ""  # "time", "interrupt" or ""

    def offer(self, board: str, score: int, perms: list) -> None:
        """Keep ``board`` if it beats the best so far (on equal scores, the
        least name), under the least name of its symmetry class."""
        name = canonical(board.encode("ascii"), perms).decode("ascii")
        if score > self.score or (score == self.score and name < self.board):
            self.board, self.score = name, score


class BestSearch(Closing):
    """The search for the best board: one run of iterated local search
    after another, with seeds ``seed``, ``seed + 1``, ... until ``seconds``
    pass (or ``runs`` runs end).  With ``jobs`` > 1 every batch is cut in
    ``jobs`` pieces scored by as many processes, so a run goes ``jobs``
    times as fast and finds what it finds on one (the Dask search,
    ``best_on_dask``, runs whole runs side by side instead).  ``result`` is
    the best so far at every moment (for Ctrl-C)."""

    def __init__(
        self,
        rows: int,
        cols: int,
        words=None,
        *,
        seed: int = 0,
        jobs: int = 1,
        kick: int = KICK,
        stall: int = STALL,
        backend: Optional[str] = None,
        text: Optional[bytes] = None,
    ) -> None:
        check_size(rows, cols)
        self.rows, self.cols = rows, cols
        self.seed, self.jobs, self.kick, self.stall = seed, jobs, kick, stall
        self.perms = symmetries(rows, cols)
        self.boggle = Boggle(words, backend=backend, text=text)
        self.weights = letter_weights(self.boggle.text)
        self._scorer = ParallelScorer(self.boggle, jobs)
        self.result = BestResult("", -1, rows, cols)

    def run(
        self,
        seconds: Optional[float] = None,
        runs: Optional[int] = None,
        tick: Optional[Callable[[BestResult], None]] = None,
    ) -> BestResult:
        """Search; ``tick(result)`` hears of every new best board and of
        every climb's end."""
        if seconds is None and runs is None:
            raise BoggleError("give the search a time limit or a number of runs")
        start = time.perf_counter()
        deadline = None if seconds is None else time.time() + seconds
        limits = _limits(deadline)
        result = self.result

        def improved(board: str, score: int) -> None:
            result.offer(board, score, self.perms)
            if tick:
                tick(result)

        def climbed(scored: int) -> None:
            result.climbs += 1
            result.scored += scored
            if tick:
                tick(result)

        try:
            n = 0
            while runs is None or n < runs:
                if limits.reached(result.scored) is not None:
                    result.stopped = "time"
                    break
                run(
                    self._scorer,
                    self.rows,
                    self.cols,
                    self.seed + n,
                    self.kick,
                    self.stall,
                    deadline,
                    improved,
                    climbed,
                    self.weights,
                )
                n += 1
                result.runs = n
        finally:
            result.seconds = time.perf_counter() - start
        return result

    def close(self) -> None:
        self._scorer.close()
        self.boggle.close()


def run_task(
    text: bytes,
    backend: Optional[str],
    rows: int,
    cols: int,
    seed: int,
    kick: int,
    stall: int,
    deadline: Optional[float],
) -> Run:
    """One run on a Dask worker.  Each thread of the worker builds its own
    trie once and keeps it for its next tasks: the trie's per-board marks
    are no state that two threads may share (a shared one refuses the
    second thread, ``dlxc.base.guard``)."""
    key = (hash(text), backend)
    cache = _TASK_CACHE.__dict__
    if cache.get("key") != key:
        old = cache.get("boggle")
        if old is not None:
            old.close()
        cache["boggle"] = Boggle(text=text, backend=backend)
        cache["weights"] = letter_weights(text)
        cache["key"] = key
    return run(cache["boggle"], rows, cols, seed, kick, stall, deadline, weights=cache["weights"])


_TASK_CACHE = threading.local()  # a worker's threads each keep their own trie


def best_on_dask(
    rows: int,
    cols: int,
    text: bytes,
    scheduler: str,
    *,
    seed: int = 0,
    seconds: float,
    kick: int = KICK,
    stall: int = STALL,
    backend: Optional[str] = None,
    tick: Optional[Callable[[BestResult], None]] = None,
    result: Optional[BestResult] = None,
    connect_timeout: float = 30,
) -> BestResult:
    """Runs on the workers of the Dask cluster at ``scheduler`` until
    ``seconds`` pass: each task is a run with its own seed, and a new one
    is handed out as each ends.  The scheduler is probed first, so an
    address where nothing listens fails at once (``dlxc.base.cluster``)."""
    result = result if result is not None else BestResult("", -1, rows, cols)
    start = time.perf_counter()
    deadline = time.time() + seconds
    with cluster.connect(scheduler, "the search", connect_timeout=connect_timeout) as (
        distributed,
        client,
    ):
        try:
            _runs_on(
                client,
                distributed,
                rows,
                cols,
                text,
                seed,
                deadline,
                kick,
                stall,
                backend,
                tick,
                result,
            )
            result.stopped = "time"
        finally:
            result.seconds = time.perf_counter() - start
    return result


def _runs_on(
    client, distributed, rows, cols, text, seed, deadline, kick, stall, backend, tick, result
) -> None:
    threads = max(1, sum(client.nthreads().values()))
    remote = client.scatter(text, broadcast=True, hash=False)
    # every board the cluster reports is scored again here before it counts
    # (a few microseconds each): a worker that scores wrong is an error,
    # never a result
    check = Boggle(text=text, backend=backend)
    perms = symmetries(rows, cols)
    limits = _limits(deadline)
    n = 0
    futures = []
    for _ in range(threads):
        futures.append(
            client.submit(
                run_task, remote, backend, rows, cols, seed + n, kick, stall, deadline, pure=False
            )
        )
        n += 1
    try:
        pending = distributed.as_completed(futures)
        for fut in pending:
            _take(fut.result(), check, rows, cols, perms, result)
            if tick:
                tick(result)
            if limits.reached(result.scored) is None:
                pending.add(
                    client.submit(
                        run_task,
                        remote,
                        backend,
                        rows,
                        cols,
                        seed + n,
                        kick,
                        stall,
                        deadline,
                        pure=False,
                    )
                )
                n += 1
    finally:
        check.close()


def _take(got: Run, check: Boggle, rows: int, cols: int, perms: list, result: BestResult) -> None:
    """Count a run a worker returned, after scoring its board here."""
    result.runs += 1
    result.climbs += got.climbs
    result.scored += got.scored
    if got.score >= 0:
        here = check.score_many(got.board, rows, cols)[0]
        if here != got.score:
            raise SolverError(
                f"a Dask worker reported board {got.board!r} (run seed {got.seed}) "
                f"scoring {got.score}, but it scores {here}: the cluster's result "
                "is wrong, so none is reported"
            )
        result.offer(got.board, got.score, perms)
