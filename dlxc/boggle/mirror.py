"""The Boggle scorer in pure Python: the same functions as csrc/boggle/, the
same totals and the same statistics (boards, states, words, max_level).

Read it beside csrc/boggle/trie.c and walk.h: a trie numbered breadth-first
with direct child lookup (``child[u*26 + c]``, -1 for none), ``is_terminal``,
``term_score``, ``has_child`` and the per-board marks ``last``; a frontier of
states (board, node, cell, visited mask) stepped one letter at a time, at
most ``cap`` states a level; a depth-first walk for comparison; the words
of one board with their paths.
"""

from __future__ import annotations

from array import array
from collections import deque
from dataclasses import dataclass, field

from ..errors import BoggleError, SolverError

A = 26                      # the alphabet a..z; q is the die face Qu
MAX_CELLS = 64
NEIGHBOURS = 8
_SCORES = (0, 0, 0, 1, 1, 2, 3, 5)
_UINT32 = (1 << 32) - 1

OK, ENOMEM, EINVAL, ELETTER, ESIZE, ETOOBIG, EBUFFER = 0, -1, -2, -3, -4, -5, -6
_MESSAGES = {OK: "success", ENOMEM: "out of memory",
             EINVAL: "invalid argument to the Boggle scorer",
             ELETTER: "a letter outside a..z", ESIZE: "a board must have 1 to 64 cells",
             ETOOBIG: "too many trie nodes for 32-bit indices",
             EBUFFER: "the word buffer is too small for this board"}


def strerror(code: int) -> str:
    return _MESSAGES.get(code, "unknown Boggle status code")


def MirrorStatus(code: int) -> Exception:
    """The exception for a status code, as ``_cbackend._check`` maps them."""
    message = "boggle: " + strerror(code)
    if code == ENOMEM:
        return MemoryError(message)
    if code in (ELETTER, ESIZE):
        return BoggleError(message)
    return SolverError(message)


def word_score(n: int) -> int:
    """Points for a word of n letters (Qu counts two)."""
    return 11 if n >= 8 else _SCORES[n]


@dataclass
class Trie:
    nodes: int = 0
    words: int = 0
    child: array = field(default_factory=lambda: array("i"))
    is_terminal: bytearray = field(default_factory=bytearray)
    has_child: bytearray = field(default_factory=bytearray)
    term_score: array = field(default_factory=lambda: array("i"))
    last: list = field(default_factory=list)
    stamp: int = 0


@dataclass
class Stats:
    boards: int = 0
    states: int = 0
    words: int = 0
    max_level: int = 0


# == The trie ==============================================================

def trie_new(text: bytes) -> Trie:
    """The trie of the words of ``text`` (one a line, a..z, qu written q)."""
    child = [[-1] * A]                 # grows in insertion order
    score = [0]
    words = 0
    for raw in text.split(b"\n"):
        if not raw:
            continue
        node = 0
        for byte in raw:
            c = byte - 97
            if not 0 <= c < A:
                raise MirrorStatus(ELETTER)
            nxt = child[node][c]
            if nxt < 0:
                nxt = len(child)
                child.append([-1] * A)
                score.append(0)
                child[node][c] = nxt
            node = nxt
        points = word_score(len(raw) + raw.count(b"q"))
        if points and score[node] == 0:
            score[node] = points
            words += 1
    return _renumber(child, score, words)


def _renumber(child: list, score: list, words: int) -> Trie:
    """Number the nodes breadth-first, as trie.c does."""
    order = [0]
    newid = {0: 0}
    queue = deque([0])
    while queue:
        u = queue.popleft()
        for v in child[u]:
            if v >= 0:
                newid[v] = len(order)
                order.append(v)
                queue.append(v)
    n = len(order)
    t = Trie(nodes=n, words=words, last=[0] * n)
    flat = t.child
    for old in order:
        row = child[old]
        flat.extend(-1 if v < 0 else newid[v] for v in row)
        t.has_child.append(1 if any(v >= 0 for v in row) else 0)
        t.term_score.append(score[old])
        t.is_terminal.append(1 if score[old] > 0 else 0)
    return t


def trie_nodes(t: Trie) -> int:
    return t.nodes


def trie_words(t: Trie) -> int:
    return t.words


def _stamps(t: Trie, n: int) -> int:
    """Hand out n consecutive stamps; the first one."""
    if t.stamp > _UINT32 - n - 1:
        t.last = [0] * t.nodes
        t.stamp = 0
    t.stamp += n
    return t.stamp - n + 1


# == The board =============================================================

def geometry(rows: int, cols: int) -> list:
    """Neighbour rows of every cell (row above, left, right, row below)."""
    if not (1 <= rows and 1 <= cols and rows * cols <= MAX_CELLS):
        raise MirrorStatus(ESIZE)
    nbr = []
    for r in range(rows):
        for c in range(cols):
            nbr.append(tuple(rr * cols + cc for rr in (r - 1, r, r + 1)
                             for cc in (c - 1, c, c + 1)
                             if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols))
    return nbr


def _prepare(rows: int, cols: int, boards: bytes, n_boards: int) -> list:
    if n_boards < 0 or n_boards >= 1 << 25:
        raise MirrorStatus(EINVAL)
    nbr = geometry(rows, cols)
    if any(b >= A for b in boards[:n_boards * rows * cols]):
        raise MirrorStatus(ELETTER)
    return nbr


# == The frontier walk (walk.h) ============================================

def score(t: Trie, rows: int, cols: int, boards: bytes, n_boards: int, scores: list,
          frontier_cap: int, stats: Stats) -> None:
    """Scores of n_boards boards (letters 0..25 row by row) into scores."""
    nbr = _prepare(rows, cols, boards, n_boards)
    if frontier_cap < 64:
        raise MirrorStatus(EINVAL)
    scores[:n_boards] = [0] * n_boards
    if n_boards == 0:
        return
    ncells = rows * cols
    child, is_terminal, has_child = t.child, t.is_terminal, t.has_child
    term_score, last = t.term_score, t.last
    base = _stamps(t, n_boards)
    cap = frontier_cap
    level: list = [None] * (MAX_CELLS + 2)     # level d: states of d cells
    pos = [0] * (MAX_CELLS + 2)
    states = words = deepest = 0
    gen_board = gen_cell = 0
    d = 0
    while True:
        if d == 0:                              # more first letters
            out = []
            while gen_board < n_boards and len(out) < cap:
                c = child[boards[gen_board * ncells + gen_cell]]
                if c >= 0:
                    states += 1
                    if is_terminal[c] and last[c] != base + gen_board:
                        last[c] = base + gen_board
                        scores[gen_board] += term_score[c]
                        words += 1
                    if has_child[c]:
                        out.append((c, gen_board, gen_cell, 1 << gen_cell))
                gen_cell += 1
                if gen_cell == ncells:
                    gen_cell = 0
                    gen_board += 1
            if not out:
                break
            deepest = max(deepest, 1)
            level[1], pos[1], d = out, 0, 1
            continue
        states_in = level[d]
        if pos[d] == len(states_in):            # level d is spent: back up
            d -= 1
            continue
        out = []
        i, end = pos[d], len(states_in)
        while i < end and len(out) + NEIGHBOURS <= cap:
            node, b, cell, mask = states_in[i]
            i += 1
            stamp = base + b
            off = b * ncells
            row = node * A
            for j in nbr[cell]:
                if mask >> j & 1:
                    continue
                c = child[row + boards[off + j]]
                if c < 0:
                    continue
                states += 1
                if is_terminal[c] and last[c] != stamp:
                    last[c] = stamp
                    scores[b] += term_score[c]
                    words += 1
                if has_child[c]:
                    out.append((c, b, j, mask | 1 << j))
        pos[d] = i
        level[d + 1], pos[d + 1] = out, 0
        if out:
            d += 1
            deepest = max(deepest, d)
    stats.boards += n_boards
    stats.states += states
    stats.words += words
    stats.max_level = max(stats.max_level, deepest)


# == The depth-first walk (score.c) ========================================

class _Walk:
    def __init__(self, t: Trie, nbr: list, board: bytes, buf) -> None:
        self.t, self.nbr, self.board, self.buf = t, nbr, board, buf
        self.stamp = 0
        self.score = self.states = self.words = self.deepest = 0
        self.path: list = []

    def dfs(self, c: int, j: int, mask: int) -> None:
        t = self.t
        self.states += 1
        self.path.append(j)
        if t.is_terminal[c] and t.last[c] != self.stamp:
            t.last[c] = self.stamp
            self.score += t.term_score[c]
            self.words += 1
            if self.buf is not None:
                self.buf.append(tuple(self.path))
        if t.has_child[c]:
            mask |= 1 << j
            self.deepest = max(self.deepest, len(self.path))
            row = c * A
            for n in self.nbr[j]:
                if not mask >> n & 1:
                    cc = t.child[row + self.board[n]]
                    if cc >= 0:
                        self.dfs(cc, n, mask)
        self.path.pop()

    def board_walk(self) -> None:
        for j in range(len(self.nbr)):
            c = self.t.child[self.board[j]]
            if c >= 0:
                self.dfs(c, j, 0)


def score_dfs(t: Trie, rows: int, cols: int, boards: bytes, n_boards: int, scores: list,
              stats: Stats) -> None:
    nbr = _prepare(rows, cols, boards, n_boards)
    ncells = rows * cols
    base = _stamps(t, n_boards)
    total = _Walk(t, nbr, b"", None)
    for b in range(n_boards):
        w = _Walk(t, nbr, boards[b * ncells:(b + 1) * ncells], None)
        w.stamp = base + b
        w.board_walk()
        scores[b] = w.score
        total.states += w.states
        total.words += w.words
        total.deepest = max(total.deepest, w.deepest)
    stats.boards += n_boards
    stats.states += total.states
    stats.words += total.words
    stats.max_level = max(stats.max_level, total.deepest)


# == The words of one board ================================================

def solve(t: Trie, rows: int, cols: int, board: bytes) -> list:
    """The first path (depth-first order) of every word of one board."""
    nbr = _prepare(rows, cols, board, 1)
    paths: list = []
    w = _Walk(t, nbr, board[:rows * cols], paths)
    w.stamp = _stamps(t, 1)
    w.board_walk()
    return paths


class MirrorTrie:
    """The mirror's trie with the methods of ``_cbackend.CTrie``."""

    backend = "python"

    def __init__(self, text: bytes) -> None:
        self._trie: "Trie | None" = trie_new(text)
        self._stats = Stats()
        self.nodes = self._trie.nodes
        self.words = self._trie.words

    def _live(self) -> Trie:
        if self._trie is None:
            raise BoggleError("this Boggle trie has been closed")
        return self._trie

    def score(self, boards: bytes, n_boards: int, rows: int, cols: int,
              frontier_cap: int) -> array:
        scores = [0] * n_boards
        score(self._live(), rows, cols, boards, n_boards, scores, frontier_cap, self._stats)
        return array("i", scores)

    def score_dfs(self, boards: bytes, n_boards: int, rows: int, cols: int) -> array:
        scores = [0] * n_boards
        score_dfs(self._live(), rows, cols, boards, n_boards, scores, self._stats)
        return array("i", scores)

    def solve(self, board: bytes, rows: int, cols: int) -> list:
        return solve(self._live(), rows, cols, board)

    @property
    def stats(self) -> dict:
        s = self._stats
        return {"boards": s.boards, "states": s.states, "words": s.words,
                "max_level": s.max_level}

    def close(self) -> None:
        self._trie = None
