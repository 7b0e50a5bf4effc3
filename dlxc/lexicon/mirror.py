"""The lexicon engine in pure Python: the C of csrc/lexicon/, step for step.

Same names as the C functions (without the ``dlxc_lex_`` prefix), same
algorithms, same order of work, so the node arrays are byte-identical and
every query gives the same answers in the same order.  Read it beside
build.c, query.c and moves.c; their comments explain the why.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Sequence
from typing import Optional

from ..base.errors import BoardError, LexiconError
from ..base.guard import Guard

MAX_LEN = 64
MAX_NODES = 1 << 22
MAX_SIDE = 32
BLANK = 128


# dlxc_lex_strerror's sentences, by status name
STRERROR = {
    "EINVAL": "malformed arguments",
    "ETOOBIG": "the graph needs more than 4,194,304 nodes (22-bit offsets)",
    "EUNSORTED": "words are not in strictly increasing order",
    "ELONG": "a word is longer than 64 letters",
    "ECORRUPT": "the node array is not a well-formed graph",
    "EEMPTY": "no words",
    "EBOARD": "a board, rack or rule set the move generator cannot take",
}


def fail(status: str, detail: str = "") -> Exception:
    """The exception for a status, as the C backend raises it."""
    message = STRERROR[status] + (f" ({detail})" if detail else "")
    err: Exception = BoardError(message) if status == "EBOARD" else LexiconError(message)
    err.status = status  # type: ignore[attr-defined]
    return err


def _node(letter: int, child: int, term: int, last: int) -> int:
    return letter | (child << 8) | (term << 30) | (last << 31)


# ==== build.c ===============================================================


def _build_sorted(words: Sequence[bytes], max_code: int, max_len: int):
    """Daciuk's incremental construction; returns (lists, root): lists[id]
    is a tuple of arcs (letter, terminal, child id), lists[0] = ()."""
    lists: list[tuple] = [()]
    register: dict[tuple, int] = {(): 0}
    open_: list[list] = [[] for _ in range(max_len + 2)]
    prev: Optional[bytes] = None

    def reg(arcs: list) -> int:
        key = tuple(arcs)
        got = register.get(key)
        if got is None:
            if len(lists) >= MAX_NODES:
                raise fail("ETOOBIG")
            got = register[key] = len(lists)
            lists.append(key)
        return got

    for w in words:
        n = len(w)
        if n > max_len:
            raise fail("ELONG")
        if not n or max(w) > max_code or min(w) < 1:
            raise fail("EINVAL")
        cp = 0
        if prev is not None:
            m = min(n, len(prev))
            while cp < m and w[cp] == prev[cp]:
                cp += 1
            if cp == n or (cp < len(prev) and w[cp] < prev[cp]):
                raise fail("EUNSORTED")
            for d in range(len(prev), cp, -1):
                ident = reg(open_[d])
                letter, term, _ = open_[d - 1][-1]
                open_[d - 1][-1] = (letter, term, ident)
                open_[d] = []
        for d in range(cp, n):
            open_[d].append((w[d], 1 if d == n - 1 else 0, 0))
        prev = w
    if prev is None:
        raise fail("EEMPTY")
    for d in range(len(prev), 0, -1):
        ident = reg(open_[d])
        letter, term, _ = open_[d - 1][-1]
        open_[d - 1][-1] = (letter, term, ident)
    return lists, reg(open_[0])


def _share_tails(lists: list) -> tuple[list, list]:
    owner = list(range(len(lists)))
    offset = [0] * len(lists)
    order = sorted(range(len(lists)), key=lambda i: (-len(lists[i]), i))
    tails: dict[tuple, tuple[int, int]] = {}
    for s in order:
        arcs = lists[s]
        if not arcs:
            continue
        hit = tails.get(arcs)
        if hit is not None:
            owner[s], offset[s] = hit
            continue
        for k in range(1, len(arcs)):
            tails.setdefault(arcs[k:], (s, k))
    return owner, offset


def _pack(lists: list, root: int) -> array:
    owner, offset = _share_tails(lists)
    pos = [0] * len(lists)
    o = owner[root]
    nxt = 1
    queue = []
    stack = [o]
    while stack:  # depth-first pre-order, children pushed last arc first
        s = stack.pop()
        if pos[s]:
            continue
        if nxt >= MAX_NODES:
            raise fail("ETOOBIG")
        pos[s] = nxt
        nxt += len(lists[s])
        queue.append(s)
        for _, _, c in reversed(lists[s]):
            if c and not pos[owner[c]]:
                stack.append(owner[c])
    if nxt > MAX_NODES:
        raise fail("ETOOBIG")
    out = array("I", bytes(4 * nxt))
    out[0] = _node(0, pos[o] + offset[root], 0, 1)
    for s in queue:
        arcs = lists[s]
        base = pos[s]
        last = len(arcs) - 1
        for i, (letter, term, c) in enumerate(arcs):
            at = pos[owner[c]] + offset[c] if c else 0
            out[base + i] = _node(letter, at, term, 1 if i == last else 0)
    return out


def build_dawg(words: Sequence[bytes], n_letters: int) -> array:
    """The DAWG of ``words`` (code strings in strictly increasing order)."""
    if not 1 <= n_letters <= 254:
        raise fail("EINVAL")
    lists, root = _build_sorted(words, n_letters, MAX_LEN)
    return _pack(lists, root)


def gaddag_paths(word: bytes, sep: int) -> list[bytes]:
    """rev(w[:i]) SEP w[i:] for 1 <= i < n, and rev(w)."""
    n = len(word)
    out = []
    for i in range(1, n + 1):
        path = word[:i][::-1]
        if i < n:
            path += bytes([sep]) + word[i:]
        out.append(path)
    return out


def build_gaddag(words: Sequence[bytes], n_letters: int) -> array:
    """The GADDAG of ``words`` (distinct code strings, any order)."""
    if not 1 <= n_letters <= 254:
        raise fail("EINVAL")
    paths = []
    for w in words:
        if len(w) > MAX_LEN:
            raise fail("ELONG")
        if w and max(w) > n_letters:
            raise fail("EINVAL")
        paths.extend(gaddag_paths(w, n_letters + 1))
    paths.sort()
    try:
        lists, root = _build_sorted(paths, n_letters + 1, MAX_LEN + 1)
    except LexiconError as exc:
        if getattr(exc, "status", None) == "EUNSORTED":
            raise fail("EINVAL") from None
        raise
    return _pack(lists, root)


def build_text(text: bytes, gaddag: bool) -> None:
    """The C engine builds a plain word list from its bytes in one call
    (``_cbackend.build_text``); here every list is read the long way."""
    return None


def validate(nodes: Sequence[int], max_letter: int) -> Optional[str]:
    """None when ``nodes`` is a well-formed graph, else what is wrong."""
    n = len(nodes)
    if n < 2 or n > MAX_NODES:
        return "a node count out of range"
    head = nodes[0]
    if head & 0xFF or not head >> 31 or (head >> 30) & 1 or not (head >> 8) & 0x3FFFFF:
        return "a bad header node"
    if not nodes[n - 1] >> 31:
        return "the last sibling list does not end"
    for i in range(n):
        x = nodes[i]
        if ((x >> 8) & 0x3FFFFF) >= n:
            return f"node {i} points outside the array"
        if i == 0:
            continue
        letter = x & 0xFF
        if not 1 <= letter <= max_letter:
            return f"node {i} has letter code {letter}"
        if not x >> 31 and (nodes[i + 1] & 0xFF) <= letter:
            return f"node {i}: siblings out of order"
        if not (x >> 8) & 0x3FFFFF and not (x >> 30) & 1:
            return f"node {i} is a dead end"
    if _measure(nodes) is None:
        return "its nodes form a cycle"
    return None


def _measure(nodes: Sequence[int]) -> Optional[tuple[int, int]]:
    """build.c's dlxc_lex_measure: (words, longest word) by one walk over
    the sibling lists, or None when a list is met again on its own walk
    (a cycle)."""
    state = bytearray(len(nodes))  # 0 unseen, 1 on the walk, 2 done
    count: dict = {}
    longest: dict = {}
    root = (nodes[0] >> 8) & 0x3FFFFF
    state[root] = 1
    stack = [[root, root]]
    while stack:
        frame = stack[-1]
        list_, at = frame
        if at >= 0:
            x = nodes[at]
            frame[1] = -1 if x >> 31 else at + 1
            c = (x >> 8) & 0x3FFFFF
            if not c or state[c] == 2:
                continue
            if state[c] == 1:
                return None
            state[c] = 1
            stack.append([c, c])
            continue
        n = length = 0
        k = list_
        while True:
            x = nodes[k]
            c = (x >> 8) & 0x3FFFFF
            n += ((x >> 30) & 1) + (count[c] if c else 0)
            length = max(length, longest[c] + 1 if c else 1)
            if x >> 31:
                break
            k += 1
        count[list_] = min(n, (1 << 63) - 1)
        longest[list_] = length
        state[list_] = 2
        stack.pop()
    return count[root], longest[root]


def measure(nodes: Sequence[int]) -> tuple[int, int]:
    """(words, longest word) of a validated node array."""
    got = _measure(nodes)
    if got is None:
        raise fail("ECORRUPT", "its nodes form a cycle")
    return got


# ==== query.c ===============================================================


def _find(g: Sequence[int], i: int, c: int) -> int:
    if not i:
        return 0
    while True:
        x = g[i]
        letter = x & 0xFF
        if letter == c:
            return i
        if letter > c or x >> 31:
            return 0
        i += 1


class Lex:
    """A lexicon handle: the two node arrays (``gaddag`` may be None), with
    the methods of ``_cbackend.Lex``."""

    def __init__(
        self,
        dawg: array,
        gaddag: Optional[array],
        n_letters: int,
        ascii_table: bytes = bytes(256),
        checked: bool = True,
    ) -> None:
        if checked:  # not for arrays the builder has just made
            why = validate(dawg, n_letters)
            if why is None and gaddag is not None:
                why = validate(gaddag, n_letters + 1)
            if why is not None:
                raise fail("ECORRUPT", why)
        self.dawg = dawg
        self.gaddag = gaddag
        self.n_letters = n_letters
        self.has_gaddag = gaddag is not None
        self.ascii_table = ascii_table

    def close(self) -> None:
        pass  # nothing to free

    def engine_address(self) -> None:
        """None: there is no C handle for ``dlxc._lexfast`` to walk."""
        return None

    def contains_codes(self, word: bytes) -> bool:
        return contains_codes(self, word)

    def contains_ascii(self, word: bytes, n: int) -> int:
        """1 when ``word`` (ASCII bytes, ``n`` of them) is a word, else 0."""
        codes = word.translate(self.ascii_table)
        if not n or 0 in codes:
            return 0
        return int(contains_codes(self, codes))

    def contains_many(self, buf: bytes, n: int, ascii: bool) -> bytes:
        """At most n results (bytes of 0/1) for the words of buf, separated
        by '\\n' (ascii) or by 0 (codes); fewer when buf held fewer words."""
        words = buf.split(b"\n" if ascii else b"\0")[:n]
        if ascii:
            words = [w.translate(self.ascii_table) for w in words]
        return bytes(1 if w and 0 not in w and contains_codes(self, w) else 0 for w in words)

    def pattern(self, masks: Sequence[int], star: int, n_tokens: int) -> Cursor:
        return pattern(self, masks, star, n_tokens)

    def anagram(self, counts: Sequence[int], blanks: int, sub: bool) -> Cursor:
        return anagram(self, counts, blanks, sub)

    def containing(self, frag: bytes, at: int, min_at: int) -> Cursor:
        return containing(self, frag, at, min_at)


def contains_codes(lex: Lex, word: bytes) -> bool:
    g = lex.dawg
    i = (g[0] >> 8) & 0x3FFFFF
    n = len(word)
    if not n:
        return False
    for k, c in enumerate(word):
        e = _find(g, i, c)
        if not e:
            return False
        if k == n - 1:
            return bool((g[e] >> 30) & 1)
        i = (g[e] >> 8) & 0x3FFFFF
    return False  # not reached


def _star_closure(s: int, star: int) -> int:
    while True:
        t = s | ((s & star) << 1)
        if t == s:
            return s
        s = t


class Cursor:
    """The depth-first walk of query.c; ``next_words`` is
    ``dlxc_lex_cursor_next`` without a buffer (it returns every answer)."""

    PATTERN, ANAGRAM, CONTAINING = range(3)

    # each query kind's state, set by pattern(), anagram() or containing()
    # (query.c's union): a pattern's token masks, star positions and
    # accepting bit, and the positions reached after each letter
    masks: list[int]
    star: int
    accept: int
    set: list[int]
    # an anagram's tile counts, blanks and which levels used a blank
    counts: list[int]
    blanks: int
    tiles: int
    sub: int
    blank: list[int]
    # a fragment's letters, where it may start, the GADDAG's separator and
    # the walk's ends on each side
    frag: bytes
    at: int
    min_at: int
    sep: int
    left: list[int]
    right: list[int]

    def __init__(self, g: Sequence[int], kind: int, maxdepth: int) -> None:
        self.g = g
        self.kind = kind
        self.maxdepth = maxdepth
        self.depth = 0
        self.cur = [0] * (MAX_LEN + 2)
        self.cur[0] = (g[0] >> 8) & 0x3FFFFF
        self.word = [0] * (MAX_LEN + 2)

    # -- the three query kinds --------------------------------------------
    def enter(self, d: int, letter: int) -> bool:
        if self.kind == Cursor.PATTERN:
            s = self.set[d]
            t = ((s & self.masks[letter]) << 1) | (s & self.star)
            if not t:
                return False
            self.set[d + 1] = _star_closure(t, self.star)
            return True
        if self.kind == Cursor.ANAGRAM:
            if self.counts[letter]:
                self.counts[letter] -= 1
                self.blank[d] = 0
                return True
            if self.blanks:
                self.blanks -= 1
                self.blank[d] = 1
                return True
            return False
        left = self.left[d]
        if d == 0:
            if letter != self.frag[0]:
                return False
            self.left[1] = 0
            self.right[1] = 0
            return True
        if left >= 0:
            if letter == self.sep:
                if (left != self.at) if self.at >= 0 else (left < self.min_at):
                    return False
                self.left[d + 1] = -1
                self.right[d + 1] = 0
                return True
            if self.at >= 0 and left >= self.at:
                return False
            self.left[d + 1] = left + 1
            return True
        r = self.right[d]
        if letter == self.sep:
            return False
        if r + 1 < len(self.frag) and self.frag[r + 1] and self.frag[r + 1] != letter:
            return False
        self.left[d + 1] = -1
        self.right[d + 1] = r + 1
        return True

    def undo(self, d: int) -> None:
        if self.kind == Cursor.ANAGRAM:
            if self.blank[d]:
                self.blanks += 1
            else:
                self.counts[self.word[d]] += 1

    def complete(self, d: int) -> bool:
        if self.kind == Cursor.PATTERN:
            return bool(self.set[d] & self.accept)
        if self.kind == Cursor.ANAGRAM:
            return bool(self.sub) or d == self.tiles
        left = self.left[d]
        if left >= 0:
            return len(self.frag) == 1 and (
                left == self.at if self.at >= 0 else left >= self.min_at
            )
        return self.right[d] >= len(self.frag) - 1

    def emit(self, d: int) -> Optional[bytes]:
        if self.kind != Cursor.CONTAINING:
            return bytes(self.word[:d])
        arcs = self.word[:d]
        s = arcs.index(self.sep) if self.sep in arcs else d
        word = bytes(arcs[:s][::-1] + arcs[s + 1 :])
        if self.at < 0:
            p = s - 1
            frag = self.frag
            for q in range(self.min_at, p):
                if q + len(frag) > len(word):
                    break
                if all(not f or f == word[q + j] for j, f in enumerate(frag)):
                    return None
        return word

    # -- the walk ---------------------------------------------------------
    def next_words(self, limit: Optional[int] = None) -> list[bytes]:
        """Up to ``limit`` more answers (all when None); [] at the end."""
        g = self.g
        out: list[bytes] = []
        while self.depth >= 0:
            if limit is not None and len(out) >= limit:
                return out
            d = self.depth
            e = self.cur[d]
            if not e:
                self.depth -= 1
                if self.depth >= 0:
                    self.undo(self.depth)
                continue
            x = g[e]
            self.cur[d] = 0 if x >> 31 else e + 1
            letter = x & 0xFF
            if not self.enter(d, letter):
                continue
            self.word[d] = letter
            if (x >> 30) & 1 and self.complete(d + 1):
                w = self.emit(d + 1)
                if w is not None:
                    out.append(w)
            child = (x >> 8) & 0x3FFFFF
            if child and d + 1 < self.maxdepth:
                self.depth = d + 1
                self.cur[d + 1] = child
            else:
                self.undo(d)
        return out


def pattern(lex: Lex, masks: Sequence[int], star: int, n_tokens: int) -> Cursor:
    if not 0 <= n_tokens <= 63:
        raise fail("EINVAL")
    c = Cursor(lex.dawg, Cursor.PATTERN, MAX_LEN if star else n_tokens)
    full = (1 << n_tokens) - 1
    c.star = star & full
    c.masks = [m & full & ~c.star for m in masks]
    c.masks[0] = 0
    c.accept = 1 << n_tokens
    c.set = [0] * (MAX_LEN + 3)
    c.set[0] = _star_closure(1, c.star)
    if n_tokens == 0:
        c.depth = -1
    return c


def anagram(lex: Lex, counts: Sequence[int], blanks: int, sub: bool) -> Cursor:
    tiles = blanks + sum(counts[1:])
    c = Cursor(lex.dawg, Cursor.ANAGRAM, min(tiles, MAX_LEN))
    c.counts = list(counts)
    c.counts[0] = 0
    c.blanks = blanks
    c.tiles = tiles
    c.sub = 1 if sub else 0
    c.blank = [0] * (MAX_LEN + 2)
    if tiles == 0:
        c.depth = -1
    return c


def containing(lex: Lex, frag: bytes, at: int, min_at: int) -> Cursor:
    if lex.gaddag is None or not frag or not frag[0] or len(frag) > MAX_LEN:
        raise fail("EINVAL")
    c = Cursor(lex.gaddag, Cursor.CONTAINING, MAX_LEN + 1)
    c.frag = bytes(frag)
    c.at = at
    c.min_at = min_at
    c.sep = lex.n_letters + 1
    c.left = [0] * (MAX_LEN + 3)
    c.right = [0] * (MAX_LEN + 3)
    return c


# ==== moves.c ===============================================================


class Move:
    """One move as moves.c records it (dlxc_lex_move)."""

    __slots__ = ("score", "row", "col", "down", "word", "fresh")

    def __init__(self, score, row, col, down, word, fresh):
        self.score, self.row, self.col, self.down = score, row, col, down
        self.word, self.fresh = word, fresh

    def key(self):
        return (-self.score, self.row, self.col, self.down, len(self.word), self.word)


class Gen:
    """``dlxc_lex_gen``: one game's rules."""

    def __init__(
        self,
        rows,
        cols,
        letter_mult,
        word_mult,
        values,
        n_letters,
        start_row,
        start_col,
        bingo_tiles,
        bingo_bonus,
    ) -> None:
        if not (
            1 <= rows <= MAX_SIDE
            and 1 <= cols <= MAX_SIDE
            and 1 <= n_letters <= 63
            and 0 <= start_row < rows
            and 0 <= start_col < cols
            and bingo_bonus >= 0
            and all(v >= 0 for v in values[: n_letters + 1])
        ):
            raise fail("EBOARD")
        self.rows, self.cols, self.n_letters = rows, cols, n_letters
        self.start = (start_row, start_col)
        self.bingo_tiles, self.bingo_bonus = bingo_tiles, bingo_bonus
        self.values = list(values[: n_letters + 1])
        lm = [letter_mult[i * cols : (i + 1) * cols] for i in range(rows)]
        wm = [word_mult[i * cols : (i + 1) * cols] for i in range(rows)]
        self.lm = (lm, [list(c) for c in zip(*lm)])
        self.wm = (wm, [list(c) for c in zip(*wm)])
        self.found: list[Move] = []
        # a time.perf_counter() value: a run still going then stops between two
        # rows of the board (GenDeadline); C needs none, its runs take milliseconds
        self.deadline: Optional[float] = None
        self.stop: Optional[list] = None  # likewise once stop[0] is set (a Ctrl-C, say)
        # the moves found live in the generator, as in C: one call at a time
        self._guard = Guard("this move generator", closed_error=LexiconError)

    def run(self, lex: Lex, board: bytes, rack: Sequence[int]) -> int:
        """Find every move; returns how many."""
        with self._guard:
            return len(gen_run(self, lex, board, rack))

    def best(self, lex: Lex, board: bytes, rack: Sequence[int], top: int) -> int:
        """The ``top`` best moves, sorted (every move found, then cut: the
        mirror does not prune); returns how many."""
        if top < 1:
            raise fail("EINVAL")
        gen_run(self, lex, board, rack)
        gen_sort(self)
        del self.found[top:]
        return len(self.found)

    def sort(self) -> None:
        with self._guard:
            gen_sort(self)

    def records(self, count: Optional[int] = None) -> list[tuple]:
        return self.moves(count)

    def moves(self, count: Optional[int] = None) -> list[tuple]:
        """(score, row, col, down, word, fresh) of the first ``count`` moves
        (all when None)."""
        with self._guard:
            found = self.found if count is None else self.found[:count]
            return [(m.score, m.row, m.col, m.down, m.word, m.fresh) for m in found]

    def close(self) -> None:
        """Refuse later calls (a running one finishes)."""
        self._guard.close()


class GenDeadline(Exception):
    """A mirror run of the move generator that reached its ``deadline`` or
    saw its ``stop`` flag set (the moves found so far are not a whole list)."""


class _Walk:
    pass


def gen_run(gen: Gen, lex: Lex, board: bytes, rack: Sequence[int]) -> list[Move]:
    if lex.gaddag is None or lex.n_letters != gen.n_letters:
        raise fail("EBOARD")
    rows, cols = gen.rows, gen.cols
    b = [list(board[r * cols : (r + 1) * cols]) for r in range(rows)]
    empty = True
    for row in b:
        for sq in row:
            if sq:
                empty = False
                if not 1 <= (sq & ~BLANK) <= gen.n_letters:
                    raise fail("EBOARD")
    if any(rack[gen.n_letters + 1 : 64]):
        raise fail("EBOARD")
    gen.found = []
    _direction(gen, lex, b, 0, rack, empty)
    _direction(gen, lex, [list(c) for c in zip(*b)], 1, rack, empty)
    return gen.found


def gen_sort(gen: Gen) -> None:
    gen.found.sort(key=Move.key)


def _record(w, lo, hi, tiles, score):
    gen = w.gen
    if hi - lo + 1 < 2:
        return
    if w.down and tiles == 1:
        c = lo
        while not w.fresh[c]:
            c += 1
        if w.xscore[c] >= 0:
            return
    if tiles == gen.bingo_tiles:
        score += gen.bingo_bonus
    row, col = (lo, w.row) if w.down else (w.row, lo)
    gen.found.append(
        Move(score, row, col, w.down, bytes(w.cell[lo : hi + 1]), bytes(w.fresh[lo : hi + 1]))
    )


def _go_on(w, col, arc, lo, hi, tiles, total, mult, cross):
    g = w.gaddag
    x = g[arc]
    child = (x >> 8) & 0x3FFFFF
    cols, a, line = w.cols, w.anchor, w.line
    if col <= a:
        lo = col
        left_free = col == 0 or not line[col - 1]
        if (x >> 30) & 1 and left_free and tiles and (a + 1 >= cols or not line[a + 1]):
            _record(w, lo, hi, tiles, total * mult + cross)
        if not child:
            return
        if col > 0 and (line[col - 1] or col - 1 > w.left_limit):
            _gen(w, col - 1, child, lo, hi, tiles, total, mult, cross)
        if left_free and a + 1 < cols:
            s = _find(g, child, w.sep)
            if s and (g[s] >> 8) & 0x3FFFFF:
                _gen(w, a + 1, (g[s] >> 8) & 0x3FFFFF, lo, hi, tiles, total, mult, cross)
    else:
        hi = col
        right_free = col + 1 >= cols or not line[col + 1]
        if (x >> 30) & 1 and right_free:
            _record(w, lo, hi, tiles, total * mult + cross)
        if child and col + 1 < cols:
            _gen(w, col + 1, child, lo, hi, tiles, total, mult, cross)


def _place(w, col, arc, letter, blank, lo, hi, tiles, total, mult, cross):
    v = w.values[0] if blank else w.values[letter]
    lv = v * w.lm[col]
    total += lv
    mult *= w.wm[col]
    if w.xscore[col] >= 0:
        cross += (w.xscore[col] + lv) * w.wm[col]
    w.cell[col] = letter | (BLANK if blank else 0)
    w.fresh[col] = 1
    _go_on(w, col, arc, lo, hi, tiles + 1, total, mult, cross)
    w.fresh[col] = 0


def _gen(w, col, lst, lo, hi, tiles, total, mult, cross):
    g = w.gaddag
    sq = w.line[col]
    if sq:
        letter = sq & ~BLANK
        arc = _find(g, lst, letter)
        if not arc:
            return
        total += w.values[0] if sq & BLANK else w.values[letter]
        w.cell[col] = sq
        w.fresh[col] = 0
        _go_on(w, col, arc, lo, hi, tiles, total, mult, cross)
        return
    check = w.check[col]
    i = lst
    while True:
        x = g[i]
        letter = x & 0xFF
        if letter != w.sep and (check >> letter) & 1:
            if w.counts[letter]:
                w.counts[letter] -= 1
                _place(w, col, i, letter, 0, lo, hi, tiles, total, mult, cross)
                w.counts[letter] += 1
            if w.blanks:
                w.blanks -= 1
                _place(w, col, i, letter, 1, lo, hi, tiles, total, mult, cross)
                w.blanks += 1
        if x >> 31:
            break
        i += 1


def _cross_checks(w, lex, b, rows, r):
    d = lex.dawg
    cols = w.cols
    values = w.values
    every = (1 << (w.gen.n_letters + 1)) - 2
    w.check = [0] * cols
    w.xscore = [-1] * cols
    for c in range(cols):
        if b[r][c]:
            continue
        up = down = r
        while up > 0 and b[up - 1][c]:
            up -= 1
        while down + 1 < rows and b[down + 1][c]:
            down += 1
        if up == r and down == r:
            w.check[c] = every
            continue
        score = 0
        lst = (d[0] >> 8) & 0x3FFFFF
        for k in range(up, r):
            sq = b[k][c]
            score += values[0] if sq & BLANK else values[sq & ~BLANK]
            if lst:
                e = _find(d, lst, sq & ~BLANK)
                lst = (d[e] >> 8) & 0x3FFFFF if e else 0
        for k in range(r + 1, down + 1):
            sq = b[k][c]
            score += values[0] if sq & BLANK else values[sq & ~BLANK]
        w.xscore[c] = score
        if up < r and not lst:
            continue
        i = lst
        while i:
            x = d[i]
            letter = x & 0xFF
            e = i
            for k in range(r + 1, down + 1):
                if not e:
                    break
                ch = (d[e] >> 8) & 0x3FFFFF
                e = _find(d, ch, b[k][c] & ~BLANK) if ch else 0
            if e and (d[e] >> 30) & 1 and letter < 64:
                w.check[c] |= 1 << letter
            if x >> 31:
                break
            i += 1


def _direction(gen, lex, b, down, rack, empty):
    w = _Walk()
    rows, cols = len(b), len(b[0])
    sr, sc = (gen.start[1], gen.start[0]) if down else gen.start
    w.gen, w.gaddag, w.sep, w.cols, w.down = gen, lex.gaddag, lex.n_letters + 1, cols, down
    w.values = gen.values
    w.counts = [0] + [rack[i] for i in range(1, gen.n_letters + 1)]
    w.blanks = rack[0]
    w.cell = [0] * cols
    w.fresh = [0] * cols
    root = (lex.gaddag[0] >> 8) & 0x3FFFFF
    for r in range(rows):
        if (gen.deadline is not None and time.perf_counter() >= gen.deadline) or (
            gen.stop is not None and gen.stop[0]
        ):
            raise GenDeadline()
        w.row = r
        w.line = b[r]
        w.lm = gen.lm[down][r]
        w.wm = gen.wm[down][r]
        _cross_checks(w, lex, b, rows, r)
        # the anchors: the last tile of each run (unless the run fills the
        # row), each empty square with no tile beside it in the row and one
        # across it (the start square of an empty board); each anchor's walk
        # stops before the one to its left (the square after it, for a run)
        line = b[r]
        last = -1
        for c in range(cols):
            if line[c]:
                if c + 1 < cols and line[c + 1]:
                    continue
                if c + 1 == cols and all(line):
                    continue
                w.anchor, w.left_limit = c, last
                _gen(w, c, root, c, c, 0, 0, 1, 0)
                last = c + 1
                continue
            beside = (c > 0 and line[c - 1]) or (c + 1 < cols and line[c + 1])
            across = (r > 0 and b[r - 1][c]) or (r + 1 < rows and b[r + 1][c])
            if not (r == sr and c == sc if empty else not beside and across):
                continue
            if w.check[c]:
                w.anchor, w.left_limit = c, last
                _gen(w, c, root, c, c, 0, 0, 1, 0)
            last = c
