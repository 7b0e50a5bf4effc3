"""Scoring Boggle boards: the words of a board, and many boards at once,
on one process or on several.

Words count once per board: 1 1 2 3 5 11 points for 3, 4, 5, 6, 7, 8+
letters.  ``Boggle`` holds a word list as one trie on one engine (C or the
mirror, ``dlxc.boggle.engine``) and scores a batch of boards per call;
``ParallelScorer`` cuts each batch in pieces scored side by side by worker
processes (``dlxc.base.pool``), each with its own trie of the same words.
"""

from __future__ import annotations

import os
import time
from array import array
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..base import pool
from ..base.closing import Closing
from ..base.errors import BoggleError, SolverError
from .board import LETTERS, Board, check_size
from .engine import FRONTIER_CAP, encode_boards, make_trie
from .words import plain_trie_text, read_words, trie_text

_CALL = 1 << 20  # boards per engine call

# The default word list: ENABLE2K, shipped in puzzles/words/ (public domain).
# Shipped inside the package (package data), so an installed dlxc has it.
DEFAULT_WORDS = Path(__file__).resolve().parent.parent / "models" / "wordlists" / "enable2k.txt"


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


def load_words(words=None, *, strict: bool = False) -> list:
    """The words to score with: a path (default ENABLE2K; ``strict``: a line
    that is not a word is an error), or words."""
    if words is None:
        if not DEFAULT_WORDS.exists():
            raise BoggleError(
                f"the default word list {str(DEFAULT_WORDS)!r} is missing; give one with --words"
            )
        words = DEFAULT_WORDS
    if isinstance(words, (str, os.PathLike)):
        return read_words(words, strict=strict)
    return list(words)


def _plain_list(path) -> Optional[bytes]:
    """The trie text of the word list at ``path`` when it is a plain list
    (``words.plain_trie_text``), else None (also for the standard input
    and a file that cannot be read: ``load_words`` then says why)."""
    if path is None or os.fspath(path) == "-":
        return None
    try:
        with open(path, "rb") as f:
            blob = f.read()
    except OSError:
        return None
    return plain_trie_text(blob)


class Boggle(Closing):
    """A word list ready to score boards (one trie on one engine)."""

    def __init__(
        self,
        words=None,
        backend: Optional[str] = None,
        frontier_cap: int = FRONTIER_CAP,
        text: Optional[bytes] = None,
        strict: bool = False,
    ) -> None:
        if text is None:
            source = words if isinstance(words, (str, os.PathLike)) else None
            text = _plain_list(DEFAULT_WORDS if words is None else source)
            if text is None:
                text = trie_text(load_words(words, strict=strict))
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
            bad = sorted({chr(c) for c in data if chr(c) not in LETTERS})
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
_PIECE = 1 << 13  # boards a task at most: the last pieces keep every worker busy
_LOCAL = 32  # boards a batch at most that the parent scores itself (a climb's first board)


def _init_worker(boggle: Optional[Boggle], text: bytes, backend: str, frontier_cap: int) -> None:
    """A worker's word list: the parent's trie itself where the worker is a
    fork of the parent (a copy-on-write page costs nothing until written),
    else a trie of its own from the words' text (loaded once a worker)."""
    global _worker
    if boggle is None:
        boggle = Boggle(text=text, backend=backend, frontier_cap=frontier_cap)
    _worker = boggle


def _score_chunk(args: tuple) -> tuple:
    """A piece of a batch, scored in a worker: (totals, CPU seconds)."""
    data, rows, cols = args
    assert _worker is not None
    start = time.process_time()
    out = _worker.score_many(data, rows, cols).tobytes()
    return out, time.process_time() - start


class ParallelScorer(Closing):
    """``jobs`` processes, each with the trie of the same words (loaded
    once, when the scorer starts); boards go to them as bytes, in pieces of
    at most ``_PIECE`` boards, one piece at a time to each idle worker, and
    their totals come back as bytes.  A worker that dies raises
    ``SolverError`` and stops the others."""

    def __init__(self, boggle: Boggle, jobs: int) -> None:
        self.boggle = boggle
        self.jobs = jobs
        # CPU seconds the workers spent scoring: their sum, and the sum over
        # batches of the busiest worker's (what the batches would take on
        # idle cores)
        self.cpu_total = self.cpu_critical = 0.0
        self._pool: Optional[pool.Workers] = None
        if jobs > 1:
            ctx = pool.context()
            inherit = boggle if ctx.get_start_method() == "fork" else None
            self._pool = pool.Workers(
                jobs,
                _init_worker,
                (inherit, boggle.text, boggle.backend, boggle.frontier_cap),
                ctx,
                "a scoring process",
            )

    def _check(self, boards: Sequence[str] | bytes, rows: int, cols: int) -> tuple[bytes, int]:
        # the input is checked as one job checks it: no board, no work; a
        # letter left over (no whole number of boards) is an error
        check_size(rows, cols)
        data = boards if isinstance(boards, bytes) else "".join(boards).encode("ascii")
        n, rest = divmod(len(data), rows * cols)
        if rest:
            raise BoggleError(f"{len(data)} letters are no whole number of {rows}x{cols} boards")
        return data, n

    def _pieces(self, data: bytes, n: int, rows: int, cols: int) -> list:
        """``data`` cut in pieces for the workers: as many as workers at
        least, of at most ``_PIECE`` boards."""
        size = rows * cols
        per = min(_PIECE, -(-n // self.jobs))
        return [(data[i * size : (i + per) * size], rows, cols) for i in range(0, n, per)]

    def score_many(self, boards: Sequence[str] | bytes, rows: int, cols: int) -> array:
        if self._pool is None:
            return self.boggle.score_many(boards, rows, cols)
        data, n = self._check(boards, rows, cols)
        if n == 0:
            return array("i")
        if n <= _LOCAL:  # a trip to a worker and back would cost more
            return self.boggle.score_many(data, rows, cols)
        return self._gather(self._run(self._pool.map, self._pieces(data, n, rows, cols)))

    def score_runs(self, runs) -> Iterator[array]:
        """The totals of each of ``runs`` ((boards, rows, cols) a run, read
        lazily), in order, as they come: the next runs are read and handed
        out while the workers score the ones before (on one process, one
        after the other)."""
        if self._pool is None:
            for boards, rows, cols in runs:
                yield self.boggle.score_many(boards, rows, cols)
            return
        last: deque = deque()  # for each piece handed out: the last of its run?

        def pieces():
            for boards, rows, cols in runs:
                data, n = self._check(boards, rows, cols)
                parts = self._pieces(data, n, rows, cols) or [(b"", rows, cols)]
                for k, part in enumerate(parts):
                    last.append(k == len(parts) - 1)
                    yield part

        parts: list = []
        for got in self._run(self._pool.imap, pieces()):
            parts.append(got)
            if last.popleft():
                yield self._gather(parts)
                parts = []

    def _run(self, how, pieces):
        assert self._pool is not None
        try:
            return how(_score_chunk, pieces)
        except SolverError:
            self.close()  # the rest of the pool goes too: nothing is left running
            raise

    def _gather(self, parts) -> array:
        out = array("i")
        cpus = []
        for part, cpu in parts:
            out.frombytes(part)
            cpus.append(cpu)
        self.cpu_total += sum(cpus)
        self.cpu_critical += max(cpus, default=0.0)
        return out

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None
