"""Boggle: boards, dice, the words of a board, many boards scored at once,
and the search for the highest-scoring board.

A board is rows x cols letters, row by row (``perslatgsineters`` is a 4x4);
the die face ``Qu`` is written ``q`` and reads as two letters.  Words count
once per board: 1 1 2 3 5 11 points for 3, 4, 5, 6, 7, 8+ letters.  The
scoring is done by the Boggle engine (``dlxc.boggle``, C or the mirror), a
batch of boards per call.

The best-board search (``best``) is hill climbing from a pool of boards, as
danvk/hybrid-boggle's ``hillclimb.py`` does it: every board one move away
from a board of the pool (a cell changed to another letter, or two cells
swapped; so a step changes one or two cells) is scored, all in one batch, and
the best ``pool`` boards of the pool and its neighbours make the next pool.
When the pool stops changing, the climb has reached a peak, and a new climb
starts from random boards.  With ``jobs`` processes each batch is scored in
``jobs`` pieces side by side; on a Dask cluster whole climbs, each with its
own seed, run side by side, and the best board of any climb wins.
"""

from __future__ import annotations

import os
import random
import time
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Optional, Sequence

from .._closing import Closing
from ..boggle import FRONTIER_CAP, encode_boards, make_trie, read_words, trie_text
from ..errors import BoggleError

LETTERS = "abcdefghijklmnopqrstuvwxyz"
_LETTER_SET = frozenset(LETTERS)
MAX_CELLS = 64
_CALL = 1 << 20       # boards per engine call

# The default word list: ENABLE2K, shipped in puzzles/words/ (public domain).
# Shipped inside the package (package data), so an installed dlxc has it.
DEFAULT_WORDS = Path(__file__).resolve().parent / "wordlists" / "enable2k.txt"

# ---- dice -----------------------------------------------------------------
# Letters on the dice of the published games, facts gathered from public
# descriptions (a face "q" is the die face "Qu"):
# - classic (Boggle 1976-1986) and new (1987 on): had2know.org, "Play
#   Boggle", https://www.had2know.org/entertainment/play-boggle-word-search-game.html
#   (the new set also in danvk/hybrid-boggle boggle/dice.py, from
#   bananagrammer.com's "The Boggle cube redesign").
# - big (Big Boggle, 5x5, 1979): Eugene McDonnell's "Remarks on the Game of
#   Boggle", OEIS A063000, https://oeis.org/A063000/a063000.txt (one die a
#   column of his table).
# - superbig (Super Big Boggle, 6x6, 2011): pillowfication/pf-boggle on
#   GitHub, src/diceSets.js.  It has faces with two letters (An, Er, He, In,
#   Th) and three blank faces; a board here has one letter a cell, so when
#   such a face comes up the die is rolled again (said in ``roll``'s help).
DICE = {
    "classic": ("aaciot", "abilty", "abjmoq", "acdemp", "acelrs", "adenvz", "ahmors", "bfiorx",
                "denosw", "dknotu", "eefhiy", "egintv", "egkluy", "ehinps", "elpstu", "gilruw"),
    "new": ("aaeegn", "abbjoo", "achops", "affkps", "aoottw", "cimotu", "deilrx", "delrvy",
            "distty", "eeghnw", "eeinsu", "ehrtvw", "eiosst", "elrtty", "himnuq", "hlnnrz"),
    "big": ("aaafrs", "aaeeee", "aafirs", "adennn", "aeeeem", "aeegmu", "aegmnn", "afirsy",
            "bjkqxz", "ccenst", "ceiilt", "ceilpt", "ceipst", "ddhnot", "dhhlor", "dhlnor",
            "dhlnor", "eiiitt", "emottt", "ensssu", "fiprsy", "gorrvw", "iprrry", "nootuw",
            "ooottu"),
    "superbig": (("a", "a", "a", "f", "r", "s"), ("a", "a", "e", "e", "e", "e"),
                 ("a", "a", "e", "e", "o", "o"), ("a", "a", "f", "i", "r", "s"),
                 ("a", "b", "d", "e", "i", "o"), ("a", "d", "e", "n", "n", "n"),
                 ("a", "e", "e", "e", "e", "m"), ("a", "e", "e", "g", "m", "u"),
                 ("a", "e", "g", "m", "n", "n"), ("a", "e", "i", "l", "m", "n"),
                 ("a", "e", "i", "n", "o", "u"), ("a", "f", "i", "r", "s", "y"),
                 ("an", "er", "he", "in", "q", "th"), ("b", "b", "j", "k", "x", "z"),
                 ("c", "c", "e", "n", "s", "t"), ("c", "d", "d", "l", "n", "n"),
                 ("c", "e", "i", "i", "t", "t"), ("c", "e", "i", "p", "s", "t"),
                 ("c", "f", "g", "n", "u", "y"), ("d", "d", "h", "n", "o", "t"),
                 ("d", "h", "h", "l", "o", "r"), ("d", "h", "h", "n", "o", "w"),
                 ("d", "h", "l", "n", "o", "r"), ("e", "h", "i", "l", "r", "s"),
                 ("e", "i", "i", "l", "s", "t"), ("e", "i", "l", "p", "s", "t"),
                 ("e", "i", "o", "", "", ""), ("e", "m", "t", "t", "t", "o"),
                 ("e", "n", "s", "s", "s", "u"), ("g", "o", "r", "r", "v", "w"),
                 ("h", "i", "r", "s", "t", "v"), ("h", "o", "p", "r", "s", "t"),
                 ("i", "p", "r", "s", "y", "y"), ("j", "k", "q", "w", "x", "z"),
                 ("n", "o", "o", "t", "u", "w"), ("o", "o", "o", "t", "t", "u")),
}
DICE_SIZE = {"classic": (4, 4), "new": (4, 4), "big": (5, 5), "superbig": (6, 6)}


# ---- boards -----------------------------------------------------------------

@dataclass(frozen=True)
class Board:
    """rows x cols letters a..z, row by row; ``q`` is the die face Qu."""

    letters: str
    rows: int
    cols: int

    @classmethod
    def parse(cls, text: str, size: Optional[tuple] = None) -> "Board":
        """A board from its letters row by row (spaces, ``/`` and ``,``
        between rows are ignored); the size is ``size`` or, for 9, 16, 25
        or 36 letters, the square."""
        letters = "".join(ch for ch in text.strip().casefold() if ch not in " /,\t")
        bad = sorted({ch for ch in letters if ch not in _LETTER_SET})
        if bad:
            raise BoggleError(f"board {text!r}: {', '.join(map(repr, bad))} "
                              f"{'is not a letter' if len(bad) == 1 else 'are not letters'} "
                              "a..z (write the die face Qu as q)")
        rows, cols = size if size is not None else _square(letters, text)
        check_size(rows, cols)
        if len(letters) != rows * cols:
            raise BoggleError(f"board {text!r} has {len(letters)} letters; a {rows}x{cols} "
                              f"board has {rows * cols}")
        return cls(letters, rows, cols)

    def __str__(self) -> str:
        return self.letters

    def grid(self) -> str:
        """The board as rows of letters, Qu written out."""
        faces = ["Qu" if ch == "q" else ch.upper() for ch in self.letters]
        return "\n".join(" ".join(f"{f:<2}" for f in faces[r * self.cols:(r + 1) * self.cols])
                         .rstrip() for r in range(self.rows))

    def word(self, path: Sequence[int]) -> str:
        """The word a path of cells spells (a q cell reads qu)."""
        return "".join("qu" if self.letters[i] == "q" else self.letters[i] for i in path)


def _square(letters: str, text: str) -> tuple:
    side = int(round(len(letters) ** 0.5))
    if side * side != len(letters) or side < 1:
        raise BoggleError(f"board {text!r} has {len(letters)} letters, which is no square; "
                          "give its size (--size ROWSxCOLS)")
    return side, side


def check_size(rows: int, cols: int) -> None:
    if rows < 1 or cols < 1 or rows * cols > MAX_CELLS:
        raise BoggleError(f"a {rows}x{cols} board: boards have 1 to {MAX_CELLS} cells "
                          "(3x3 to 6x6 and rectangles such as 3x4 or 4x5)")


def parse_size(text: str) -> tuple:
    parts = text.lower().replace("\u00d7", "x").split("x")
    try:
        rows, cols = (int(p) for p in parts)
    except ValueError:
        raise BoggleError(f"{text!r} is not a board size like 4x4 or 3x4") from None
    check_size(rows, cols)
    return rows, cols


def roll(dice: str = "new", seed: Optional[int] = None,
         rng: Optional[random.Random] = None) -> Board:
    """A board from the named dice set: the dice in random places, each
    showing a random face (a face no cell can hold, a two-letter face or a
    blank of the 6x6 set, is rolled again)."""
    if dice not in DICE:
        raise BoggleError(f"unknown dice {dice!r}; choose one of {', '.join(DICE)}")
    rng = rng or random.Random(seed)
    order = list(DICE[dice])
    rng.shuffle(order)
    faces = []
    for die in order:
        usable = [f for f in die if len(f) == 1]
        faces.append(rng.choice(usable))
    rows, cols = DICE_SIZE[dice]
    return Board("".join(faces), rows, cols)


def random_board(rows: int, cols: int, rng: random.Random) -> Board:
    return Board("".join(rng.choice(LETTERS) for _ in range(rows * cols)), rows, cols)


# ---- the scorer ---------------------------------------------------------------

@dataclass(frozen=True)
class Found:
    word: str
    path: tuple
    points: int


@dataclass
class Solution:
    board: Board
    words: list = field(default_factory=list)   # Found, in the order of the walk

    @property
    def score(self) -> int:
        return sum(f.points for f in self.words)


def points(word: str) -> int:
    n = len(word)
    return 11 if n >= 8 else (0, 0, 0, 1, 1, 2, 3, 5)[n]


def load_words(words=None) -> list:
    """The words to score with: a path (default ENABLE2K), or words."""
    if words is None:
        if not DEFAULT_WORDS.exists():
            raise BoggleError(f"the default word list {str(DEFAULT_WORDS)!r} is missing; "
                              "give one with --words")
        words = DEFAULT_WORDS
    if isinstance(words, (str, os.PathLike)):
        return read_words(words)
    return list(words)


class Boggle(Closing):
    """A word list ready to score boards (one trie on one engine)."""

    def __init__(self, words=None, backend: Optional[str] = None,
                 frontier_cap: int = FRONTIER_CAP, text: Optional[bytes] = None) -> None:
        if text is None:
            source = words if isinstance(words, (str, os.PathLike)) else None
            text = trie_text(load_words(words))
            if not text:
                where = f" in {os.fspath(source)!r}" if source is not None else ""
                raise BoggleError(f"no usable word{where}: a word has 3 letters or more, "
                                  "a..z only, every q followed by u")
        self.text = text
        self.trie = make_trie(text, backend)
        self.backend = self.trie.backend
        self.frontier_cap = frontier_cap

    @property
    def words(self) -> int:
        return self.trie.words

    @property
    def stats(self) -> dict:
        return self.trie.stats

    def score(self, board: "Board | str") -> int:
        if not isinstance(board, Board):
            board = Board.parse(board)
        return self.score_many([board.letters], board.rows, board.cols)[0]

    def score_many(self, boards: "Sequence[str] | bytes", rows: int, cols: int,
                   dfs: bool = False) -> array:
        """Totals of many boards of one size (strings of letters, or one
        bytes buffer of their letters end to end), in one engine call."""
        check_size(rows, cols)
        data = boards if isinstance(boards, bytes) else "".join(boards).encode("ascii")
        n, rest = divmod(len(data), rows * cols)
        if rest:
            raise BoggleError(f"{len(data)} letters are no whole number of {rows}x{cols} "
                              "boards")
        enc = encode_boards(data)
        if n and max(enc) >= 26:
            bad = sorted({chr(c) for c in data if chr(c) not in _LETTER_SET})
            raise BoggleError(f"boards hold letters a..z only, not {', '.join(map(repr, bad))}")
        if n <= _CALL:
            return self._score(enc, n, rows, cols, dfs)
        out = array("i")          # the engine takes fewer than 2**25 boards a call
        size = rows * cols
        for k in range(0, n, _CALL):
            part = enc[k * size:(k + _CALL) * size]
            out.extend(self._score(part, len(part) // size, rows, cols, dfs))
        return out

    def _score(self, enc: bytes, n: int, rows: int, cols: int, dfs: bool) -> array:
        if dfs:
            return self.trie.score_dfs(enc, n, rows, cols)
        return self.trie.score(enc, n, rows, cols, self.frontier_cap)

    def solve(self, board: "Board | str") -> Solution:
        if not isinstance(board, Board):
            board = Board.parse(board)
        paths = self.trie.solve(encode_boards(board.letters.encode("ascii")),
                                board.rows, board.cols)
        found = []
        for path in paths:
            word = board.word(path)
            found.append(Found(word, path, points(word)))
        return Solution(board, found)

    def close(self) -> None:
        self.trie.close()


# ---- scoring on many cores ------------------------------------------------------

_worker: Optional[Boggle] = None


def _init_worker(text: bytes, backend: Optional[str], frontier_cap: int) -> None:
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the parent handles Ctrl-C
    global _worker
    _worker = Boggle(text=text, backend=backend, frontier_cap=frontier_cap)


def _score_chunk(args: tuple) -> tuple:
    """A piece of a batch, scored in a worker: (totals, CPU seconds)."""
    data, rows, cols = args
    assert _worker is not None
    start = time.process_time()
    out = _worker.score_many(data, rows, cols).tobytes()
    return out, time.process_time() - start


def _context():
    import multiprocessing as mp
    import sys
    import threading
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return mp.get_context("fork")
    return mp.get_context("spawn")


class ParallelScorer(Closing):
    """``jobs`` processes, each with its own trie of the same words; batches
    of boards are cut in ``jobs`` pieces scored side by side."""

    def __init__(self, boggle: Boggle, jobs: int) -> None:
        self.boggle = boggle
        self.jobs = jobs
        # CPU seconds the workers spent scoring: their sum, and the sum over
        # batches of the busiest worker's (what the batches would take on
        # idle cores)
        self.cpu_total = self.cpu_critical = 0.0
        self._pool = None
        if jobs > 1:
            self._pool = _context().Pool(jobs, _init_worker,
                                         (boggle.text, boggle.backend, boggle.frontier_cap))

    def score_many(self, boards: "Sequence[str] | bytes", rows: int, cols: int) -> array:
        if self._pool is None:
            return self.boggle.score_many(boards, rows, cols)
        data = boards if isinstance(boards, bytes) else "".join(boards).encode("ascii")
        size = rows * cols
        n = len(data) // size
        per = -(-n // self.jobs)
        pieces = [(data[i * size:(i + per) * size], rows, cols) for i in range(0, n, per)]
        out = array("i")
        parts = self._pool.map(_score_chunk, pieces)
        for part, _ in parts:
            out.frombytes(part)
        self.cpu_total += sum(cpu for _, cpu in parts)
        self.cpu_critical += max((cpu for _, cpu in parts), default=0.0)
        return out

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


# ---- the best-board search ----------------------------------------------------

POOL = 250
_CHUNK = 1 << 15      # boards scored between two looks at the clock


def moves(board: bytes) -> Iterator[bytes]:
    """The boards one move away: a cell changed to another letter, or two
    cells swapped (hybrid-boggle's hill-climbing neighbourhood)."""
    n = len(board)
    for i in range(n):
        head, tail = board[:i], board[i + 1:]
        for c in range(97, 123):
            if c != board[i]:
                yield head + bytes((c,)) + tail
    for i in range(n - 1):
        for j in range(i + 1, n):
            if board[i] != board[j]:
                b = bytearray(board)
                b[i], b[j] = b[j], b[i]
                yield bytes(b)


def symmetries(rows: int, cols: int) -> list:
    """The cell permutations that map the board onto itself (8 for a square:
    rotations and reflections; 4 for a rectangle)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    maps = [lambda r, c: (r, c), lambda r, c: (rows - 1 - r, c),
            lambda r, c: (r, cols - 1 - c), lambda r, c: (rows - 1 - r, cols - 1 - c)]
    if rows == cols:
        maps += [lambda r, c: (c, r), lambda r, c: (cols - 1 - c, r),
                 lambda r, c: (c, rows - 1 - r), lambda r, c: (cols - 1 - c, rows - 1 - r)]
    perms = []
    for f in maps:
        perm = tuple(f(r, c)[0] * cols + f(r, c)[1] for r, c in cells)
        if perm not in perms:
            perms.append(perm)
    return perms


def canonical(board: bytes, perms: list) -> bytes:
    """The least of the board's symmetric images: one name per class."""
    return min(bytes(board[i] for i in perm) for perm in perms)


def _next_pool(candidates: list, pool: int, perms: list) -> list:
    """The best ``pool`` candidates, one board per symmetry class (a board
    and its mirror image have mirror-image neighbourhoods: keeping both
    would score every neighbour twice)."""
    out, classes = [], set()
    for board, score in sorted(candidates, key=lambda kv: (-kv[1], kv[0])):
        name = canonical(board, perms)
        if name not in classes:
            classes.add(name)
            out.append((board, score))
            if len(out) == pool:
                break
    return out


@dataclass
class Climb:
    """What a climb found: its best board and score, the rounds and the
    boards it scored, and whether it reached a peak (else it was stopped)."""

    board: str
    score: int
    rounds: int = 0
    scored: int = 0
    peak: bool = False
    seed: int = 0


def climb(scorer, rows: int, cols: int, seed: int, pool: int = POOL,
          deadline: Optional[float] = None,
          improved: Optional[Callable[[str, int], None]] = None) -> Climb:
    """One hill climb from ``pool`` random boards (seeded), until the pool
    stops changing or the clock passes ``deadline`` (time.time()).
    ``improved(board, score)`` hears of every new best board."""
    rng = random.Random(seed)
    start = [random_board(rows, cols, rng).letters.encode("ascii") for _ in range(pool)]
    scores = scorer.score_many(b"".join(start), rows, cols)
    seen = dict(zip(start, scores))
    perms = symmetries(rows, cols)
    current = _next_pool(list(seen.items()), pool, perms)
    best = Climb(current[0][0].decode(), current[0][1], seed=seed, scored=len(seen))
    if improved:
        improved(best.board, best.score)
    while True:
        if deadline is not None and time.time() >= deadline:
            return best
        best.rounds += 1
        fresh = []
        for board, _ in current:
            for nb in moves(board):
                if nb not in seen:
                    seen[nb] = -1
                    fresh.append(nb)
        scored: list = []
        for k in range(0, len(fresh), _CHUNK):    # the clock is read between chunks
            part = fresh[k:k + _CHUNK]
            scored.extend(zip(part, scorer.score_many(b"".join(part), rows, cols)))
            if deadline is not None and time.time() >= deadline:
                break
        seen.update(scored)
        best.scored += len(scored)
        candidates = current + scored
        nxt = _next_pool(candidates, pool, perms)
        if nxt[0][1] > best.score:
            best.board, best.score = nxt[0][0].decode(), nxt[0][1]
            if improved:
                improved(best.board, best.score)
        if [b for b, _ in nxt] == [b for b, _ in current]:
            best.peak = True
            return best
        current = nxt


@dataclass
class BestResult:
    board: str
    score: int
    rows: int
    cols: int
    climbs: int = 0
    scored: int = 0
    seconds: float = 0.0
    stopped: str = ""      # "time", "interrupt" or ""


class BestSearch(Closing):
    """The search for the best board: one climb after another with seeds
    ``seed``, ``seed + 1``, ... until ``seconds`` pass (or ``climbs`` climbs
    end).  With ``jobs`` > 1 every batch of a climb is cut in ``jobs``
    pieces scored by as many processes, so one climb runs ``jobs`` times as
    fast (the Dask search, ``best_on_dask``, runs whole climbs side by side
    instead).  ``result`` is the best so far at every moment (for Ctrl-C)."""

    def __init__(self, rows: int, cols: int, words=None, *, seed: int = 0,
                 jobs: int = 1, pool: int = POOL, backend: Optional[str] = None,
                 text: Optional[bytes] = None) -> None:
        check_size(rows, cols)
        self.rows, self.cols = rows, cols
        self.seed, self.jobs, self.pool = seed, jobs, pool
        self.boggle = Boggle(words, backend=backend, text=text)
        self._scorer = ParallelScorer(self.boggle, jobs)
        self.result = BestResult("", -1, rows, cols)

    def _offer(self, board: str, score: int) -> None:
        r = self.result
        if score > r.score or (score == r.score and board < r.board):
            r.board, r.score = board, score

    def run(self, seconds: Optional[float] = None, climbs: Optional[int] = None,
            tick: Optional[Callable[[BestResult], None]] = None) -> BestResult:
        """Search; ``tick(result)`` hears of every new best board and of
        every climb's end."""
        if seconds is None and climbs is None:
            raise BoggleError("give the search a time limit or a number of climbs")
        start = time.perf_counter()
        deadline = None if seconds is None else time.time() + seconds

        def improved(board: str, score: int) -> None:
            self._offer(board, score)
            if tick:
                tick(self.result)

        try:
            n = 0
            while climbs is None or n < climbs:
                if deadline is not None and time.time() >= deadline:
                    self.result.stopped = "time"
                    break
                got = climb(self._scorer, self.rows, self.cols, self.seed + n, self.pool,
                            deadline, improved)
                n += 1
                self.result.climbs = n
                self.result.scored += got.scored
                if tick:
                    tick(self.result)
        finally:
            self.result.seconds = time.perf_counter() - start
        return self.result

    def close(self) -> None:
        self._scorer.close()
        self.boggle.close()


def climb_task(text: bytes, backend: Optional[str], rows: int, cols: int, seed: int,
               pool: int, deadline: Optional[float]) -> Climb:
    """One climb on a Dask worker (the worker builds the trie once and
    keeps it for the next tasks)."""
    key = (hash(text), backend)
    cache = _TASK_CACHE
    if cache.get("key") != key:
        old = cache.get("boggle")
        if old is not None:
            old.close()
        cache["boggle"] = Boggle(text=text, backend=backend)
        cache["key"] = key
    return climb(cache["boggle"], rows, cols, seed, pool, deadline)


_TASK_CACHE: dict = {}


def best_on_dask(rows: int, cols: int, text: bytes, scheduler: str, *, seed: int = 0,
                 seconds: float, pool: int = POOL, backend: Optional[str] = None,
                 tick: Optional[Callable[[BestResult], None]] = None,
                 result: Optional[BestResult] = None, connect_timeout: float = 30) -> BestResult:
    """Climbs on the workers of the Dask cluster at ``scheduler`` until
    ``seconds`` pass: each task is a climb with its own seed, and a new one
    is handed out as each ends."""
    try:
        import distributed
    except ImportError as exc:
        from ..errors import BackendUnavailable
        raise BackendUnavailable(f"the search on a Dask cluster needs Dask distributed "
                                 f"({exc}); install it with: pip install 'dlxc[dask]'") from None
    result = result if result is not None else BestResult("", -1, rows, cols)
    start = time.perf_counter()
    deadline = time.time() + seconds
    try:
        client = distributed.Client(scheduler, timeout=connect_timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        from ..errors import BackendUnavailable
        raise BackendUnavailable(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") \
            from None
    try:
        with client.as_current():   # as_completed looks for the current client
            _climbs_on(client, distributed, rows, cols, text, seed, deadline, pool, backend,
                       tick, result)
        result.stopped = "time"
    finally:
        client.close()
        result.seconds = time.perf_counter() - start
    return result


def _climbs_on(client, distributed, rows, cols, text, seed, deadline, pool, backend, tick,
               result) -> None:
    threads = max(1, sum(client.nthreads().values()))
    remote = client.scatter(text, broadcast=True, hash=False)
    n = 0
    futures = []
    for _ in range(threads):
        futures.append(client.submit(climb_task, remote, backend, rows, cols, seed + n,
                                     pool, deadline, pure=False))
        n += 1
    pending = distributed.as_completed(futures)
    for fut in pending:
        got = fut.result()
        result.climbs += 1
        result.scored += got.scored
        if got.score > result.score or (got.score == result.score
                                        and got.board < result.board):
            result.board, result.score = got.board, got.score
        if tick:
            tick(result)
        if time.time() < deadline:
            pending.add(client.submit(climb_task, remote, backend, rows, cols, seed + n,
                                      pool, deadline, pure=False))
            n += 1
