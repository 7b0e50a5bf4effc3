"""Boggle: boards, dice, the words of a board, many boards scored at once,
and the search for the highest-scoring board.

A board is rows x cols letters, row by row (``perslatgsineters`` is a 4x4);
the die face ``Qu`` is written ``q`` and reads as two letters.  Words count
once per board: 1 1 2 3 5 11 points for 3, 4, 5, 6, 7, 8+ letters.  The
scoring is done by the Boggle engine (``dlxc.boggle``, C or the mirror), a
batch of boards per call.

The best-board search (``best``) is iterated local search.  A climb is a
steepest ascent: every board one move away (a cell changed to another
letter, or two cells swapped) is scored, all in one batch, and the best of
them is taken while it scores more; it ends on a peak.  A run climbs from a
random board, then again and again kicks its current peak (a few random
moves) and climbs from there, keeping the new peak when it scores at least
as much; after many climbs without a better board it ends, and a new run
starts from a new random board.  With ``jobs`` processes each batch is
scored in ``jobs`` pieces side by side; on a Dask cluster whole runs, each
with its own seed, go side by side, and the best board of any run wins.
"""

from __future__ import annotations

import os
import random
import time
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from ..base.closing import Closing
from ..base.errors import BoggleError
from ..boggle import FRONTIER_CAP, encode_boards, make_trie, read_words, trie_text

LETTERS = "abcdefghijklmnopqrstuvwxyz"
_LETTER_SET = frozenset(LETTERS)
MAX_CELLS = 64
_CALL = 1 << 20  # boards per engine call

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
    "classic": (
        "aaciot",
        "abilty",
        "abjmoq",
        "acdemp",
        "acelrs",
        "adenvz",
        "ahmors",
        "bfiorx",
        "denosw",
        "dknotu",
        "eefhiy",
        "egintv",
        "egkluy",
        "ehinps",
        "elpstu",
        "gilruw",
    ),
    "new": (
        "aaeegn",
        "abbjoo",
        "achops",
        "affkps",
        "aoottw",
        "cimotu",
        "deilrx",
        "delrvy",
        "distty",
        "eeghnw",
        "eeinsu",
        "ehrtvw",
        "eiosst",
        "elrtty",
        "himnuq",
        "hlnnrz",
    ),
    "big": (
        "aaafrs",
        "aaeeee",
        "aafirs",
        "adennn",
        "aeeeem",
        "aeegmu",
        "aegmnn",
        "afirsy",
        "bjkqxz",
        "ccenst",
        "ceiilt",
        "ceilpt",
        "ceipst",
        "ddhnot",
        "dhhlor",
        "dhlnor",
        "dhlnor",
        "eiiitt",
        "emottt",
        "ensssu",
        "fiprsy",
        "gorrvw",
        "iprrry",
        "nootuw",
        "ooottu",
    ),
    "superbig": (
        ("a", "a", "a", "f", "r", "s"),
        ("a", "a", "e", "e", "e", "e"),
        ("a", "a", "e", "e", "o", "o"),
        ("a", "a", "f", "i", "r", "s"),
        ("a", "b", "d", "e", "i", "o"),
        ("a", "d", "e", "n", "n", "n"),
        ("a", "e", "e", "e", "e", "m"),
        ("a", "e", "e", "g", "m", "u"),
        ("a", "e", "g", "m", "n", "n"),
        ("a", "e", "i", "l", "m", "n"),
        ("a", "e", "i", "n", "o", "u"),
        ("a", "f", "i", "r", "s", "y"),
        ("an", "er", "he", "in", "q", "th"),
        ("b", "b", "j", "k", "x", "z"),
        ("c", "c", "e", "n", "s", "t"),
        ("c", "d", "d", "l", "n", "n"),
        ("c", "e", "i", "i", "t", "t"),
        ("c", "e", "i", "p", "s", "t"),
        ("c", "f", "g", "n", "u", "y"),
        ("d", "d", "h", "n", "o", "t"),
        ("d", "h", "h", "l", "o", "r"),
        ("d", "h", "h", "n", "o", "w"),
        ("d", "h", "l", "n", "o", "r"),
        ("e", "h", "i", "l", "r", "s"),
        ("e", "i", "i", "l", "s", "t"),
        ("e", "i", "l", "p", "s", "t"),
        ("e", "i", "o", "", "", ""),
        ("e", "m", "t", "t", "t", "o"),
        ("e", "n", "s", "s", "s", "u"),
        ("g", "o", "r", "r", "v", "w"),
        ("h", "i", "r", "s", "t", "v"),
        ("h", "o", "p", "r", "s", "t"),
        ("i", "p", "r", "s", "y", "y"),
        ("j", "k", "q", "w", "x", "z"),
        ("n", "o", "o", "t", "u", "w"),
        ("o", "o", "o", "t", "t", "u"),
    ),
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
    def parse(cls, text: str, size: Optional[tuple] = None) -> Board:
        """A board from its letters row by row (spaces, ``/`` and ``,``
        between rows are ignored); the size is ``size`` or, for 9, 16, 25
        or 36 letters, the square."""
        letters = "".join(ch for ch in text.strip().casefold() if ch not in " /,\t")
        bad = sorted({ch for ch in letters if ch not in _LETTER_SET})
        if bad:
            raise BoggleError(
                f"board {text!r}: {', '.join(map(repr, bad))} "
                f"{'is not a letter' if len(bad) == 1 else 'are not letters'} "
                "a..z (write the die face Qu as q)"
            )
        rows, cols = size if size is not None else _square(letters, text)
        check_size(rows, cols)
        if len(letters) != rows * cols:
            raise BoggleError(
                f"board {text!r} has {len(letters)} letters; a {rows}x{cols} "
                f"board has {rows * cols}"
            )
        return cls(letters, rows, cols)

    def __str__(self) -> str:
        return self.letters

    def grid(self) -> str:
        """The board as rows of letters, Qu written out."""
        faces = ["Qu" if ch == "q" else ch.upper() for ch in self.letters]
        return "\n".join(
            " ".join(f"{f:<2}" for f in faces[r * self.cols : (r + 1) * self.cols]).rstrip()
            for r in range(self.rows)
        )

    def word(self, path: Sequence[int]) -> str:
        """The word a path of cells spells (a q cell reads qu)."""
        return "".join("qu" if self.letters[i] == "q" else self.letters[i] for i in path)


def _square(letters: str, text: str) -> tuple:
    side = int(round(len(letters) ** 0.5))
    if side * side != len(letters) or side < 1:
        raise BoggleError(
            f"board {text!r} has {len(letters)} letters, which is no square; "
            "give its size (--size ROWSxCOLS)"
        )
    return side, side


def check_size(rows: int, cols: int) -> None:
    if rows < 1 or cols < 1 or rows * cols > MAX_CELLS:
        raise BoggleError(
            f"a {rows}x{cols} board: boards have 1 to {MAX_CELLS} cells "
            "(3x3 to 6x6 and rectangles such as 3x4 or 4x5)"
        )


def parse_size(text: str) -> tuple:
    parts = text.lower().replace("\u00d7", "x").split("x")
    try:
        rows, cols = (int(p) for p in parts)
    except ValueError:
        raise BoggleError(f"{text!r} is not a board size like 4x4 or 3x4") from None
    check_size(rows, cols)
    return rows, cols


def roll(
    dice: str = "new", seed: Optional[int] = None, rng: Optional[random.Random] = None
) -> Board:
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


# ---- the scorer ---------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    word: str
    path: tuple
    points: int


@dataclass
class Solution:
    board: Board
    words: list = field(default_factory=list)  # Found, in the order of the walk

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
            raise BoggleError(
                f"the default word list {str(DEFAULT_WORDS)!r} is missing; give one with --words"
            )
        words = DEFAULT_WORDS
    if isinstance(words, (str, os.PathLike)):
        return read_words(words)
    return list(words)


class Boggle(Closing):
    """A word list ready to score boards (one trie on one engine)."""

    def __init__(
        self,
        words=None,
        backend: Optional[str] = None,
        frontier_cap: int = FRONTIER_CAP,
        text: Optional[bytes] = None,
    ) -> None:
        if text is None:
            source = words if isinstance(words, (str, os.PathLike)) else None
            text = trie_text(load_words(words))
            if not text:
                where = f" in {os.fspath(source)!r}" if source is not None else ""
                raise BoggleError(
                    f"no usable word{where}: a word has 3 letters or more, "
                    "a..z only, every q followed by u"
                )
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

    def score(self, board: Board | str) -> int:
        if not isinstance(board, Board):
            board = Board.parse(board)
        return self.score_many([board.letters], board.rows, board.cols)[0]

    def score_many(
        self, boards: Sequence[str] | bytes, rows: int, cols: int, dfs: bool = False
    ) -> array:
        """Totals of many boards of one size (strings of letters, or one
        bytes buffer of their letters end to end), in one engine call."""
        check_size(rows, cols)
        data = boards if isinstance(boards, bytes) else "".join(boards).encode("ascii")
        n, rest = divmod(len(data), rows * cols)
        if rest:
            raise BoggleError(f"{len(data)} letters are no whole number of {rows}x{cols} boards")
        enc = encode_boards(data)
        if n and max(enc) >= 26:
            bad = sorted({chr(c) for c in data if chr(c) not in _LETTER_SET})
            raise BoggleError(f"boards hold letters a..z only, not {', '.join(map(repr, bad))}")
        if n <= _CALL:
            return self._score(enc, n, rows, cols, dfs)
        out = array("i")  # the engine takes fewer than 2**25 boards a call
        size = rows * cols
        for k in range(0, n, _CALL):
            part = enc[k * size : (k + _CALL) * size]
            out.extend(self._score(part, len(part) // size, rows, cols, dfs))
        return out

    def _score(self, enc: bytes, n: int, rows: int, cols: int, dfs: bool) -> array:
        if dfs:
            return self.trie.score_dfs(enc, n, rows, cols)
        return self.trie.score(enc, n, rows, cols, self.frontier_cap)

    def solve(self, board: Board | str) -> Solution:
        if not isinstance(board, Board):
            board = Board.parse(board)
        paths = self.trie.solve(
            encode_boards(board.letters.encode("ascii")), board.rows, board.cols
        )
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

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    # a worker forked from the dlxc command inherits its SIGTERM handler,
    # which raises; ParallelScorer.close() terminates workers with SIGTERM
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
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
            self._pool = _context().Pool(
                jobs, _init_worker, (boggle.text, boggle.backend, boggle.frontier_cap)
            )

    def score_many(self, boards: Sequence[str] | bytes, rows: int, cols: int) -> array:
        if self._pool is None:
            return self.boggle.score_many(boards, rows, cols)
        data = boards if isinstance(boards, bytes) else "".join(boards).encode("ascii")
        size = rows * cols
        n = len(data) // size
        per = -(-n // self.jobs)
        pieces = [(data[i * size : (i + per) * size], rows, cols) for i in range(0, n, per)]
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
            if deadline is not None and time.time() >= deadline:
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
        if deadline is not None and time.time() >= deadline:
            return best
        score = scorer.score_many(board, rows, cols)[0]
        board, score, scored = climb(scorer, board, score, rows, cols, deadline, memo)
        note(board, score, scored + 1)
        since = 0
        while since < stall:
            start = board
            for _ in range(kick):
                start = random_move(start, rng)
            if deadline is not None and time.time() >= deadline:
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
                if deadline is not None and time.time() >= deadline:
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
    """One run on a Dask worker (the worker builds the trie once and keeps
    it for the next tasks)."""
    key = (hash(text), backend)
    cache = _TASK_CACHE
    if cache.get("key") != key:
        old = cache.get("boggle")
        if old is not None:
            old.close()
        cache["boggle"] = Boggle(text=text, backend=backend)
        cache["weights"] = letter_weights(text)
        cache["key"] = key
    return run(cache["boggle"], rows, cols, seed, kick, stall, deadline, weights=cache["weights"])


_TASK_CACHE: dict = {}


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
    is handed out as each ends."""
    try:
        import distributed
    except ImportError as exc:
        from ..base.errors import BackendUnavailable

        raise BackendUnavailable(
            f"the search on a Dask cluster needs Dask distributed "
            f"({exc}); install it with: pip install 'dlxc[dask]'"
        ) from None
    result = result if result is not None else BestResult("", -1, rows, cols)
    start = time.perf_counter()
    deadline = time.time() + seconds
    try:
        client = distributed.Client(scheduler, timeout=connect_timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        from ..base.errors import BackendUnavailable

        raise BackendUnavailable(
            f"cannot reach the Dask scheduler at {scheduler!r}: {exc}"
        ) from None
    try:
        with client.as_current():  # as_completed looks for the current client
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
        client.close()
        result.seconds = time.perf_counter() - start
    return result


def _runs_on(
    client, distributed, rows, cols, text, seed, deadline, kick, stall, backend, tick, result
) -> None:
    threads = max(1, sum(client.nthreads().values()))
    remote = client.scatter(text, broadcast=True, hash=False)
    perms = symmetries(rows, cols)
    n = 0
    futures = []
    for _ in range(threads):
        futures.append(
            client.submit(
                run_task, remote, backend, rows, cols, seed + n, kick, stall, deadline, pure=False
            )
        )
        n += 1
    pending = distributed.as_completed(futures)
    for fut in pending:
        got = fut.result()
        result.runs += 1
        result.climbs += got.climbs
        result.scored += got.scored
        if got.score >= 0:
            result.offer(got.board, got.score, perms)
        if tick:
            tick(result)
        if time.time() < deadline:
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
