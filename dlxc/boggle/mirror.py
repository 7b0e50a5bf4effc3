"""The Boggle scorer in pure Python: the same functions as csrc/boggle/, the
same totals and the same statistics (boards, states, words, max_level).

Read it beside csrc/boggle/trie.c and walk.h: a trie numbered breadth-first
whose nodes are packed as in bog_internal.h (``arcs[u]``: the letters of u's
children in bits 0..25 and the points of the word ending at u from bit 26;
``first[u]``: u's first child, the children being consecutive), the child
lookup ``child(u, c)`` and the per-board marks ``last``; a frontier of
states (node, board, cell, visited mask) stepped one letter at a time, at
most ``cap`` states a level; a depth-first walk for comparison; the words
of one board with their paths.
"""

from __future__ import annotations

from array import array
from collections import deque
from dataclasses import dataclass, field

from ..base.errors import BoggleError, SolverError
from ..base.guard import Guard

A = 26  # the alphabet a..z; q is the die face Qu
LETTERS = (1 << A) - 1  # arcs: the child letters
POINTS_SHIFT = 26  # arcs: the points of the word ending here
MAX_CELLS = 64
NEIGHBOURS = 8
_SCORES = (0, 0, 0, 1, 1, 2, 3, 5)
_UINT32 = (1 << 32) - 1

OK, ENOMEM, EINVAL, ELETTER, ESIZE, ETOOBIG, EBUFFER = 0, -1, -2, -3, -4, -5, -6
_MESSAGES = {
    OK: "success",
    ENOMEM: "out of memory",
    EINVAL: "invalid argument to the Boggle scorer",
    ELETTER: "a letter outside a..z",
    ESIZE: "a board must have 1 to 64 cells",
    ETOOBIG: "too many trie nodes for 32-bit indices",
    EBUFFER: "the word buffer is too small for this board",
}


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
    arcs: array = field(default_factory=lambda: array("I"))
    first: array = field(default_factory=lambda: array("i"))
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
    kids = [[-1] * A]  # rows of 26 children, in insertion order
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
            nxt = kids[node][c]
            if nxt < 0:
                nxt = len(kids)
                kids.append([-1] * A)
                score.append(0)
                kids[node][c] = nxt
            node = nxt
        points = word_score(len(raw) + raw.count(b"q"))
        if points and score[node] == 0:
            score[node] = points
            words += 1
    return _renumber(kids, score, words)


def _renumber(kids: list, score: list, words: int) -> Trie:
    """Number the nodes breadth-first and pack them, as trie.c does."""
    order = [0]
    newid = {0: 0}
    queue = deque([0])
    while queue:
        u = queue.popleft()
        for v in kids[u]:
            if v >= 0:
                newid[v] = len(order)
                order.append(v)
                queue.append(v)
    n = len(order)
    t = Trie(nodes=n, words=words, last=[0] * n)
    for old in order:
        row = kids[old]
        letters = [c for c in range(A) if row[c] >= 0]
        arcs = score[old] << POINTS_SHIFT
        for c in letters:
            arcs |= 1 << c
        t.arcs.append(arcs)
        t.first.append(newid[row[letters[0]]] if letters else 0)
    return t


def child(t: Trie, u: int, c: int) -> int:
    """Seed 001's childIndex[u*26 + c]: u's child for letter c, or -1."""
    arcs = t.arcs[u]
    if not arcs >> c & 1:
        return -1
    return t.first[u] + bin(arcs & ((1 << c) - 1)).count("1")


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
            nbr.append(
                tuple(
                    rr * cols + cc
                    for rr in (r - 1, r, r + 1)
                    for cc in (c - 1, c, c + 1)
                    if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols
                )
            )
    return nbr


def _prepare(rows: int, cols: int, boards: bytes, n_boards: int) -> list:
    if n_boards < 0 or n_boards >= 1 << 25:
        raise MirrorStatus(EINVAL)
    nbr = geometry(rows, cols)
    if any(b >= A for b in boards[: n_boards * rows * cols]):
        raise MirrorStatus(ELETTER)
    return nbr


# == The frontier walk (walk.h) ============================================


def score(
    t: Trie,
    rows: int,
    cols: int,
    boards: bytes,
    n_boards: int,
    scores: list,
    frontier_cap: int,
    stats: Stats,
) -> None:
    """Scores of n_boards boards (letters 0..25 row by row) into scores."""
    nbr = _prepare(rows, cols, boards, n_boards)
    if frontier_cap < 64:
        raise MirrorStatus(EINVAL)
    scores[:n_boards] = [0] * n_boards
    if n_boards == 0:
        return
    ncells = rows * cols
    arcs, first, last = t.arcs, t.first, t.last
    nbrmask = [sum(1 << j for j in ns) for ns in nbr]
    base = _stamps(t, n_boards)
    cap = frontier_cap
    level: list = [None] * (MAX_CELLS + 2)  # level d: states of d cells
    pos = [0] * (MAX_CELLS + 2)
    states = words = deepest = 0
    gen_board = gen_cell = 0
    d = 0
    while True:
        if d == 0:  # more first letters
            out: list[tuple[int, int, int, int, int]] = []
            while gen_board < n_boards and len(out) < cap:
                c = child(t, 0, boards[gen_board * ncells + gen_cell])
                if c >= 0:
                    states += 1
                    points = arcs[c] >> POINTS_SHIFT
                    if points and last[c] != base + gen_board:
                        last[c] = base + gen_board
                        scores[gen_board] += points
                        words += 1
                    if arcs[c] & LETTERS:
                        out.append((arcs[c], first[c], gen_board, gen_cell, 1 << gen_cell))
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
        if pos[d] == len(states_in):  # level d is spent: back up
            d -= 1
            continue
        out = []
        i, end = pos[d], len(states_in)
        while i < end and len(out) + NEIGHBOURS <= cap:
            s_arcs, s_first, b, cell, mask = states_in[i]
            i += 1
            stamp = base + b
            off = b * ncells
            todo = nbrmask[cell] & ~mask  # the neighbours not visited
            while todo:
                low = todo & -todo
                j = low.bit_length() - 1
                todo ^= low
                letter = boards[off + j]
                if not s_arcs >> letter & 1:
                    continue  # no such word
                c = s_first + bin(s_arcs & ((1 << letter) - 1)).count("1")
                states += 1
                points = arcs[c] >> POINTS_SHIFT
                if points and last[c] != stamp:
                    last[c] = stamp
                    scores[b] += points
                    words += 1
                if arcs[c] & LETTERS:
                    out.append((arcs[c], first[c], b, j, mask | low))
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
        points = t.arcs[c] >> POINTS_SHIFT
        if points and t.last[c] != self.stamp:
            t.last[c] = self.stamp
            self.score += points
            self.words += 1
            if self.buf is not None:
                self.buf.append(tuple(self.path))
        if t.arcs[c] & LETTERS:
            mask |= 1 << j
            self.deepest = max(self.deepest, len(self.path))
            for n in self.nbr[j]:
                if not mask >> n & 1:
                    cc = child(t, c, self.board[n])
                    if cc >= 0:
                        self.dfs(cc, n, mask)
        self.path.pop()

    def board_walk(self) -> None:
        for j in range(len(self.nbr)):
            c = child(self.t, 0, self.board[j])
            if c >= 0:
                self.dfs(c, j, 0)


def score_dfs(
    t: Trie, rows: int, cols: int, boards: bytes, n_boards: int, scores: list, stats: Stats
) -> None:
    nbr = _prepare(rows, cols, boards, n_boards)
    ncells = rows * cols
    base = _stamps(t, n_boards)
    total = _Walk(t, nbr, b"", None)
    for b in range(n_boards):
        w = _Walk(t, nbr, boards[b * ncells : (b + 1) * ncells], None)
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
    w = _Walk(t, nbr, board[: rows * cols], paths)
    w.stamp = _stamps(t, 1)
    w.board_walk()
    return paths


class MirrorTrie:
    """The mirror's trie with the methods of ``_cbackend.CTrie``."""

    backend = "python"

    def __init__(self, text: bytes) -> None:
        self._trie: Trie | None = trie_new(text)
        self._guard = Guard("this Boggle trie", closed_error=BoggleError)
        self._stats = Stats()
        self.nodes = self._trie.nodes
        self.words = self._trie.words

    def _live(self) -> Trie:
        assert self._trie is not None  # the guard refuses calls after close()
        return self._trie

    def score(self, boards: bytes, n_boards: int, rows: int, cols: int, frontier_cap: int) -> array:
        scores = [0] * n_boards
        with self._guard:
            score(self._live(), rows, cols, boards, n_boards, scores, frontier_cap, self._stats)
        return array("i", scores)

    def score_dfs(self, boards: bytes, n_boards: int, rows: int, cols: int) -> array:
        scores = [0] * n_boards
        with self._guard:
            score_dfs(self._live(), rows, cols, boards, n_boards, scores, self._stats)
        return array("i", scores)

    def solve(self, board: bytes, rows: int, cols: int) -> list:
        with self._guard:
            return solve(self._live(), rows, cols, board)

    @property
    def stats(self) -> dict:
        s = self._stats
        return {"boards": s.boards, "states": s.states, "words": s.words, "max_level": s.max_level}

    def close(self) -> None:
        if self._guard.close():
            self._trie = None
