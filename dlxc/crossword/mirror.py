"""The crossword engine in pure Python: csrc/crossword/ line by line, with
the same function names, so that for the same input and seed both give the
same words, the same boards and the same fills.

See layout.c for the layout's design (the board as cells with
letters and the words through them; the index length -> position -> letter
-> words; breadth-first candidates; longest fitting word first; an exact
horizontal symmetry), and fill.c for the fill (arc consistency over slots,
most constrained slot first).
"""

from __future__ import annotations

import time
from array import array
from typing import Optional

from ..base.guard import Guard
from ..base.rng import MASK64, shuffled, splitmix64
from .parsing import BadLine, NotAscii

OK, FOUND, EXHAUSTED, BUDGET = 0, 1, 2, 3
AGREE_SECONDS = 0.05  # the fill's root agreement: the longest step between clock reads


# ---------------------------------------------------------------- word lists

_BLANK = b" \t\r"
_LETTERS = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def parse_words(blob: bytes, default_score: int):
    """dlxc_xw_parse_words: (codes, starts, scores, repeats) of an ASCII list."""
    if not blob.isascii():
        raise NotAscii()
    codes = bytearray()
    starts = array("i", [0])
    scores = array("i")
    seen: dict[bytes, int] = {}
    repeats = 0
    for number, raw in enumerate(blob.split(b"\n"), 1):
        line = raw.strip(_BLANK)
        if not line or line[:1] == b"#":
            continue
        k = 0
        while k < len(line) and line[k] in _LETTERS:
            k += 1
        word = line[:k].lower()
        tail = line[k:].lstrip(_BLANK)
        score = default_score
        if tail[:1] == b";":
            rest = tail[1:].strip(_BLANK)
            neg = rest[:1] == b"-"
            if rest[:1] in (b"-", b"+"):
                rest = rest[1:]
            digits = rest
            if not digits or not digits.isdigit():
                raise BadLine(number, "the score after ';' is not an integer")
            score = -min(int(digits), 10**9) if neg else min(int(digits), 10**9)
        elif tail or k == 0:
            raise BadLine(number, "a word holds a character that is not a letter")
        if k == 0:
            raise BadLine(number, "a word holds a character that is not a letter")
        if word in seen:
            repeats += 1
            continue
        seen[word] = len(scores)
        codes += bytes(c - 97 for c in word)
        starts.append(len(codes))
        scores.append(score)
    return bytes(codes), starts, scores, repeats


# ---------------------------------------------------------------- layout

#: dlxc_xw_layout's flags: a horizontal line of symmetry; the first word in
#: the middle of the board rather than its top left corner.
SYMMETRIC, CENTRE = 1, 2


class _Layout:
    """The state of one layout run (layout.c's ``lay``)."""

    def __init__(self, starts, codes, n_letters, width, height, flags, seed):
        symmetric = flags & SYMMETRIC
        self.centre = bool(flags & CENTRE)
        self.W = width
        self.H = height - 1 if symmetric and height % 2 == 0 else height
        self.symmetric = bool(symmetric)
        self.mid = self.H // 2
        self.A = n_letters
        self.starts, self.codes = starts, codes
        n_words = len(starts) - 1
        side = max(width, self.H)
        maxlen = 0
        for w in range(n_words):
            L = starts[w + 1] - starts[w]
            if L <= side and L > maxlen:
                maxlen = L
        self.maxlen = min(maxlen, 500)
        self.n_words = n_words
        self.out: list[tuple[int, int, int, int]] = []
        if self.maxlen < 2:
            return
        cells = self.W * self.H
        self.grid = [-1] * cells
        self.flags = [0] * cells
        self.used = bytearray(n_words + 1)
        perm = shuffled(n_words, seed)
        self.len_lists: dict[int, list[int]] = {}
        self.key_lists: dict[tuple[int, int, int], list[int]] = {}
        for w in perm:
            L = starts[w + 1] - starts[w]
            if L < 2 or L > self.maxlen:
                continue
            self.len_lists.setdefault(L, []).append(w)
            for p in range(L):
                self.key_lists.setdefault((L, p, codes[starts[w] + p]), []).append(w)
        self.len_cur = {L: 0 for L in self.len_lists}
        self.key_cur = {k: 0 for k in self.key_lists}
        self.eligible = sum(len(v) for v in self.len_lists.values())

    def inb(self, r, c):
        return 0 <= r < self.H and 0 <= c < self.W

    def letter_at(self, r, c):
        return 0 <= r < self.H and 0 <= c < self.W and self.grid[r * self.W + c] >= 0

    def scan(self, r, c, d):
        """(longest length, constraints [(position, letter)])."""
        dr, dc = d, 1 - d
        cons: list[tuple[int, int]] = []
        if not self.inb(r, c) or self.letter_at(r - dr, c - dc):
            return 0, cons
        L = 0
        i = 0
        while True:
            rr, cc = r + i * dr, c + i * dc
            if not self.inb(rr, cc):
                break
            cell = rr * self.W + cc
            if self.grid[cell] >= 0:
                if self.flags[cell] & (1 << d):
                    break
                cons.append((i, self.grid[cell]))
            elif self.letter_at(rr - dc, cc - dr) or self.letter_at(rr + dc, cc + dr):
                break
            L = i + 1
            if L >= self.maxlen:
                break
            i += 1
        return L, cons

    def forbidden(self, r, c, d, L):
        return self.letter_at(r + L * d, c + L * (1 - d))

    def lookup(self, L, cons, exclude):
        if not cons:
            lists, k = self.len_lists, L
            cur = self.len_cur
        else:
            lists, cur = self.key_lists, self.key_cur
            k = (L,) + cons[0]
            for c in cons[1:]:
                kj = (L,) + c
                if len(lists.get(kj, ())) - cur.get(kj, 0) < len(lists.get(k, ())) - cur.get(k, 0):
                    k = kj
        lst = lists.get(k)
        if not lst:
            return -1
        j = cur[k]
        used = self.used
        while j < len(lst) and used[lst[j]]:
            j += 1
        cur[k] = j
        codes, starts = self.codes, self.starts
        for j in range(j, len(lst)):  # noqa: B020  (resumes where the skip loop stopped)
            w = lst[j]
            if used[w] or w == exclude:
                continue
            s = starts[w]
            if all(codes[s + p] == x for p, x in cons):
                return w
        return -1

    def place(self, w, r, c, d):
        L = self.starts[w + 1] - self.starts[w]
        s = self.starts[w]
        for i in range(L):
            cell = (r + i * d) * self.W + c + i * (1 - d)
            self.grid[cell] = self.codes[s + i]
            self.flags[cell] |= 1 << d
        self.out.append((w, r, c, d))

    def unplace_last(self):
        w, r, c, d = self.out.pop()
        L = self.starts[w + 1] - self.starts[w]
        for i in range(L):
            cell = (r + i * d) * self.W + c + i * (1 - d)
            self.flags[cell] &= ~(1 << d)
            if not self.flags[cell]:
                self.grid[cell] = -1

    def push(self, r, c, d):
        idx = (r * self.W + c) * 2 + d
        if not self.seen[idx]:
            self.seen[idx] = 1
            self.queue.append(idx)

    def push_candidates(self, j):
        w, r, c, d = self.out[j]
        pd = 1 - d
        L = self.starts[w + 1] - self.starts[w]
        for i in range(L):
            rr, cc = r + i * d, c + i * (1 - d)
            for k in range(self.maxlen):
                sr, sc = rr - k * pd, cc - k * (1 - pd)
                if not self.inb(sr, sc):
                    break
                self.push(sr, sc, pd)

    def mode(self, r, d, L):
        if not self.symmetric:
            return "single"
        m = self.mid
        if d == 0:
            return "single" if r == m else "pair"
        if r > m:
            return "pair"
        if r == m:
            return None
        if L <= m - r:
            return "pair"
        return "single" if L == 2 * (m - r) + 1 else None

    def evaluate(self, r, c, d):
        Lmax, cons = self.scan(r, c, d)
        for L in range(Lmax, 1, -1):
            if self.forbidden(r, c, d, L):
                continue
            k = len(cons)
            while k > 0 and cons[k - 1][0] >= L:
                k -= 1
            if k == 0:
                break
            if L not in self.len_lists:
                continue
            md = self.mode(r, d, L)
            if md is None:
                continue
            w = self.lookup(L, cons[:k], -1)
            if w < 0:
                continue
            first = len(self.out)
            self.place(w, r, c, d)
            if md == "pair":
                r2 = self.H - 1 - r if d == 0 else self.H - r - L
                L2, cons2 = self.scan(r2, c, d)
                w2 = -1
                if L2 >= L and not self.forbidden(r2, c, d, L):
                    k2 = len(cons2)
                    while k2 > 0 and cons2[k2 - 1][0] >= L:
                        k2 -= 1
                    if k2 > 0:
                        w2 = self.lookup(L, cons2[:k2], w)
                if w2 < 0:
                    self.unplace_last()
                    continue
                self.place(w2, r2, c, d)
                self.used[w2] = 1
            self.used[w] = 1
            for j in range(first, len(self.out)):
                self.push_candidates(j)
            return True
        return False

    def seed_word(self):
        if self.symmetric:
            L = self.maxlen - (self.maxlen % 2 == 0)
            while L >= 1:
                if L <= self.H:
                    w = self.lookup(L, [], -1)
                    if w >= 0:
                        col = self.W // 2 if self.centre else 0
                        self.place(w, self.mid - (L - 1) // 2, col, 1)
                        self.used[w] = 1
                        return
                L -= 2
            return
        for d in range(2):
            for L in range(self.maxlen, 1, -1):
                if L > (self.H if d else self.W):
                    continue
                w = self.lookup(L, [], -1)
                if w < 0:
                    continue
                r = c = 0
                if self.centre:
                    r = (self.H - L) // 2 if d else self.H // 2
                    c = self.W // 2 if d else (self.W - L) // 2
                self.place(w, r, c, d)
                self.used[w] = 1
                return

    def run(self):
        if self.maxlen < 2:
            return self.out
        self.seed_word()
        before = 0
        cells = self.W * self.H
        while len(self.out) > before and len(self.out) < self.eligible:
            before = len(self.out)
            self.seen = bytearray(cells * 2)
            self.queue: list[int] = []
            for j in range(len(self.out)):
                self.push_candidates(j)
            head = 0
            while head < len(self.queue) and len(self.out) < self.eligible:
                idx = self.queue[head]
                head += 1
                cell = idx // 2
                self.evaluate(cell // self.W, cell % self.W, idx % 2)
        return self.out


def layout(
    starts,
    codes: bytes,
    n_letters: int,
    width: int,
    height: int,
    symmetric: bool,
    seed: int,
    centre: bool = False,
) -> list[tuple[int, int, int, int]]:
    """dlxc_xw_layout: (word, row, col, direction) records in placement order."""
    if width < 1 or height < 1 or not 1 <= n_letters <= 256:
        raise ValueError("malformed arguments")
    flags = (SYMMETRIC if symmetric else 0) | (CENTRE if centre else 0)
    return _Layout(starts, codes, n_letters, width, height, flags, seed).run()


# ---------------------------------------------------------------- fill


def ilog(x: int) -> int:
    """fill.c's ilog: 16 log2(x) to a sixteenth, in integers; -1024 for 0."""
    if x <= 0:
        return -1024
    b = x.bit_length() - 1
    frac = (x >> (b - 4)) & 15 if b >= 4 else (x << (4 - b)) & 15
    return 16 * b + frac


class Fill:
    """fill.c's search in Python (see there), with the same slots, order of
    words, choices and results."""

    def __init__(self, width, height, cells, starts, codes, scores, n_letters, seed=0):
        if not 1 <= n_letters <= 64 or width < 1 or height < 1:
            raise ValueError("malformed arguments")
        self._guard = Guard("this fill search")  # as the C handle: one call at a time
        self.W, self.H = width, height
        n = width * height
        n_words = len(starts) - 1
        self.starts, self.codes = starts, codes
        self.wscore = [max(-1000, min(1000, x)) for x in scores]
        self.quality = 0
        full = self.full = (1 << n_letters) - 1
        self.dom = [(1 << c) if c >= 0 else (full if c == -2 else 0) for c in cells]
        self.cell_slot = [[-1, -1] for _ in range(n)]
        self.slot_cells: list[list[int]] = []
        self.slot_info: list[tuple[int, int, int]] = []
        for d in range(2):
            dr, dc = d, 1 - d
            for r in range(height):
                for c in range(width):
                    if cells[r * width + c] == -1:
                        continue
                    pr, pc = r - dr, c - dc
                    if pr >= 0 and pc >= 0 and cells[pr * width + pc] != -1:
                        continue
                    L = 0
                    while (
                        r + L * dr < height
                        and c + L * dc < width
                        and cells[(r + L * dr) * width + c + L * dc] != -1
                    ):
                        L += 1
                    if L < 2:
                        continue
                    sc = [(r + i * dr) * width + c + i * dc for i in range(L)]
                    for cell in sc:
                        self.cell_slot[cell][d] = len(self.slot_cells)
                    self.slot_cells.append(sc)
                    self.slot_info.append((r, c, d))
        self.n_slots = len(self.slot_cells)
        order = shuffled(n_words, seed) if seed else list(range(n_words))
        order.sort(key=lambda w: -scores[w])  # stable: ties keep the shuffled order
        self.cand: list[list[int]] = []
        self.initial: list[int] = []
        by_len: dict[int, list[int]] = {}
        for w in order:
            by_len.setdefault(starts[w + 1] - starts[w], []).append(w)
        for sc in self.slot_cells:
            L = len(sc)
            # only the squares that do not allow every letter can turn a word away
            narrow = [(p, self.dom[sc[p]]) for p in range(L) if self.dom[sc[p]] != full]
            if not narrow:
                lst = list(by_len.get(L, ()))
            else:
                lst = [
                    w
                    for w in by_len.get(L, ())
                    if all((m >> codes[starts[w] + p]) & 1 for p, m in narrow)
                ]
            self.cand.append(lst)
            self.initial.append(len(lst))
        self.assigned = [-1] * self.n_slots
        self.weight = [1] * self.n_slots  # 1 + each slot's wipe-outs
        self.used = bytearray(n_words + 1)
        self.trail: list[tuple] = []
        self.levels: list[list] = []
        self.state = "start"
        self.seed = seed & MASK64
        self.nodes = self.revisions = self.fills = 0
        # the snapshot: the trail's length at the root's agreement (None:
        # none), whether that wiped a list out, the slots restricted since
        self.snap: Optional[int] = None
        self.snap_dead = False
        self.pending: list[int] = []
        self._agree: Optional[tuple] = None  # the root's agreement under way (``_agree_for``)

    def set_quality(self, quality: int) -> None:
        """dlxc_xw_fill_set_quality: a word's score weighs in the order to try."""
        self.quality = quality

    def weights(self) -> list[int]:
        """dlxc_xw_fill_get_weights: each slot's conflict weight."""
        return list(self.weight)

    def set_weights(self, weights) -> None:
        """dlxc_xw_fill_set_weights: take over conflict weights."""
        if len(weights) != self.n_slots:
            raise ValueError("one weight a slot")
        self.weight = [min(max(1, int(x)), 1 << 31) for x in weights]

    def restrict(self, slot, words, keep=True) -> None:
        """dlxc_xw_fill_restrict: narrow a slot's list before the first run."""
        ids = list(words)
        n_words = len(self.starts) - 1
        if self.state not in ("start", "snap") or not 0 <= slot < self.n_slots:
            raise ValueError("malformed arguments")
        if any(not 0 <= w < n_words for w in ids):
            raise ValueError("malformed arguments")
        listed = set(ids)
        lst = self.cand[slot]
        self.trail.append(("cand", slot, lst))
        self.cand[slot] = [w for w in lst if (w in listed) == bool(keep)]
        if self.state == "snap" and len(self.cand[slot]) < len(lst) and slot not in self.pending:
            self.pending.append(slot)

    def _back_to(self, mark: int) -> None:
        while len(self.trail) > mark:
            kind, idx, old = self.trail.pop()
            if kind == "dom":
                self.dom[idx] = old
            else:
                self.cand[idx] = old
        self.assigned = [-1] * self.n_slots
        self.weight = [1] * self.n_slots
        self.used = bytearray(len(self.used))
        self.levels = []
        self.pending = []
        self.nodes = self.revisions = self.fills = 0

    def reset(self) -> None:
        """dlxc_xw_fill_reset: back to before the first run."""
        self._back_to(0)
        self.snap = None
        self.state = "start"

    def snapshot(self) -> int:
        """dlxc_xw_fill_snapshot: agree the root now and keep that state."""
        if self.state != "start":
            raise ValueError("malformed arguments")
        queue = list(range(self.n_slots))
        queued = bytearray([1]) * self.n_slots
        self._agree = (queue, queued, 0, None)
        self.snap_dead = not self._agree_for(float("inf"))
        self._agree = None
        self.snap = len(self.trail)
        self.restore()
        return EXHAUSTED if self.snap_dead else OK

    def restore(self) -> None:
        """dlxc_xw_fill_restore: back to the snapshot."""
        if self.snap is None:
            raise ValueError("malformed arguments")
        self._back_to(self.snap)
        self.state = "snap"

    def set_seed(self, seed: int) -> None:
        """dlxc_xw_fill_set_seed: the seed of the order's jitter from now on."""
        self.seed = seed & MASK64

    def slots(self):
        return [
            (r, c, d, len(sc), self.initial[s])
            for s, ((r, c, d), sc) in enumerate(zip(self.slot_info, self.slot_cells))
        ]

    def _set_dom(self, cell, mask, frm, queue, queued):
        if self.dom[cell] == mask:
            return
        self.trail.append(("dom", cell, self.dom[cell]))
        self.dom[cell] = mask
        for d in range(2):
            t = self.cell_slot[cell][d]
            if t >= 0 and t != frm and self.assigned[t] < 0 and not queued[t]:
                queued[t] = 1
                queue.append(t)

    def _revise_steps(self, t, queue, queued):
        """fill.c's revise, pausing (a yield) every 2048 words of the list:
        an agreement is timed between pauses.  Its value: False at a
        wipe-out."""
        sc = self.slot_cells[t]
        L = len(sc)
        dm = [self.dom[c] for c in sc]
        full = self.full
        # a square that allows every letter turns no word away; the letters
        # kept words put at a square are gathered until they cover its own
        check = [(p, dm[p]) for p in range(L) if dm[p] != full]
        allowed = [0 if dm[p] & (dm[p] - 1) else dm[p] for p in range(L)]
        open_ = [p for p in range(L) if dm[p] & (dm[p] - 1)]
        lst = self.cand[t]
        kept = []
        codes, starts, used = self.codes, self.starts, self.used
        self.revisions += 1
        for j, w in enumerate(lst):
            if j & 2047 == 2047:
                yield
            if used[w]:
                continue
            s = starts[w]
            if all((m >> codes[s + p]) & 1 for p, m in check):
                kept.append(w)
                if open_:
                    for p in open_:
                        allowed[p] |= 1 << codes[s + p]
                    open_ = [p for p in open_ if allowed[p] != dm[p]]
        if not kept:
            self.weight[t] += 1
            return False
        if len(kept) < len(lst):
            self.trail.append(("cand", t, lst))
            self.cand[t] = kept
        for p in range(L):
            if dm[p] & allowed[p] != dm[p]:
                self._set_dom(sc[p], dm[p] & allowed[p], t, queue, queued)
        return True

    def _agree_for(self, seconds: float):
        """fill.c's propagate (arc consistency from the slots queued in
        ``_agree``: the root's or a node's) for about ``seconds``: False at a
        wipe-out, True when it is over, None when there is more to do (kept
        in ``_agree``)."""
        agree = self._agree
        assert agree is not None
        queue, queued, head, steps = agree
        end = time.perf_counter() + seconds
        while True:
            if steps is None:
                if head >= len(queue):
                    return True
                t = queue[head]
                head += 1
                queued[t] = 0
                steps = self._revise_steps(t, queue, queued)
            try:
                while True:
                    next(steps)
                    if time.perf_counter() >= end:
                        self._agree = (queue, queued, head, steps)
                        return None
            except StopIteration as done:
                steps = None
                if not done.value:
                    for u in queue[head:]:  # the rest are not revised
                        queued[u] = 0
                    return False
            if time.perf_counter() >= end:
                self._agree = (queue, queued, head, None)
                return None

    def _assign(self, s, w):
        """Word ``w`` in slot ``s``, its letters set: the (queue, marks) of
        the slots to revise, for ``_agree_for``."""
        self.assigned[s] = w
        self.used[w] = 1
        self.nodes += 1
        queue: list[int] = []
        queued = bytearray(self.n_slots)
        st = self.starts[w]
        for p, cell in enumerate(self.slot_cells[s]):
            self._set_dom(cell, 1 << self.codes[st + p], s, queue, queued)
        return queue, queued

    def _unassign(self, lv):
        s = lv[0]
        w = self.assigned[s]
        if w >= 0:
            self.used[w] = 0
        self.assigned[s] = -1
        while len(self.trail) > lv[3]:
            kind, idx, old = self.trail.pop()
            if kind == "dom":
                self.dom[idx] = old
            else:
                self.cand[idx] = old

    def _order(self, s):
        """fill.c's order_candidates: words leaving the crossing slots most
        words first (a sum of ilog of the crossing counts), ties in list order."""
        lst = self.cand[s]
        if len(lst) < 2:
            return lst
        codes, starts, used = self.codes, self.starts, self.used
        d = self.slot_info[s][2]
        crossed = []
        for p, cell in enumerate(self.slot_cells[s]):
            t = self.cell_slot[cell][1 - d]
            if t < 0 or self.assigned[t] >= 0:
                continue
            q = self.slot_cells[t].index(cell)
            count: dict[int, int] = {}
            for w in self.cand[t]:
                if not used[w]:
                    x = codes[starts[w] + q]
                    count[x] = count.get(x, 0) + 1
            crossed.append((p, count))

        seed = self.seed

        def score(w):
            st = starts[w]
            total = sum(ilog(count.get(codes[st + p], 0)) for p, count in crossed)
            total += self.quality * self.wscore[w]
            if seed:
                total += splitmix64(seed ^ w)[1] & 7
            return total

        return sorted(lst, key=lambda w: -score(w))

    def run(self, node_budget):
        with self._guard:
            return self._run(node_budget)

    def _run(self, node_budget):
        stop = self.nodes + node_budget
        if self.state == "done":
            return EXHAUSTED
        if self.state == "start":
            self._agree = ([*range(self.n_slots)], bytearray([1]) * self.n_slots, 0, None)
            self.state = "agree"
        if self.state == "snap":
            queue = list(self.pending)
            queued = bytearray(self.n_slots)
            for t in queue:
                queued[t] = 1
            self.pending = []
            if self.snap_dead:
                self.state = "done"
                return EXHAUSTED
            self._agree = (queue, queued, 0, None)
            self.state = "agree"
        if self.state == "agree":
            # the root's agreement, in slices of about AGREE_SECONDS: over a long
            # list it takes seconds here (a moment in C), and the caller's clock
            # and Ctrl-C are looked at between calls; no node is counted
            agreed = self._agree_for(AGREE_SECONDS)
            if agreed is None:
                return BUDGET
            self._agree = None
            if not agreed:
                self.state = "done"
                return EXHAUSTED
            self.state = "choose"
        while True:
            if self.state == "assigning":  # a node's agreement, taken up again
                agreed = self._agree_for(AGREE_SECONDS)
                if agreed is None:
                    return BUDGET
                self._agree = None
                if agreed:
                    self.state = "choose"
                    continue
                self._unassign(self.levels[-1])
                self.state = "try"
            if self.state == "after":
                if not self.levels:
                    self.state = "done"
                    return EXHAUSTED
                self._unassign(self.levels[-1])
                self.state = "try"
            if self.state == "choose":
                # fewest candidates per unit of conflict weight
                best, weight, cand = -1, self.weight, self.cand
                for s in range(self.n_slots):
                    if self.assigned[s] < 0 and (
                        best < 0 or len(cand[s]) * weight[best] < len(cand[best]) * weight[s]
                    ):
                        best = s
                if best < 0:
                    self.fills += 1
                    self.state = "after"
                    return FOUND
                # [slot, list, next index, trail mark]
                self.levels.append([best, self._order(best), 0, len(self.trail)])
                self.state = "try"
            lv = self.levels[-1]
            advanced = False
            while lv[2] < len(lv[1]):
                if self.nodes >= stop:
                    return BUDGET
                w = lv[1][lv[2]]
                lv[2] += 1
                if self.used[w]:
                    continue
                # the node's agreement runs in slices, as the root's: one node
                # can take seconds over a long list here
                self._agree = (*self._assign(lv[0], w), 0, None)
                agreed = self._agree_for(AGREE_SECONDS)
                if agreed is None:
                    self.state = "assigning"
                    return BUDGET
                self._agree = None
                if agreed:
                    advanced = True
                    break
                self._unassign(lv)
            if advanced:
                self.state = "choose"
                continue
            self.levels.pop()
            if not self.levels:
                self.state = "done"
                return EXHAUSTED
            self._unassign(self.levels[-1])
            self.state = "try"

    def solution(self):
        return list(self.assigned)

    def stats(self):
        return {
            "nodes": self.nodes,
            "revisions": self.revisions,
            "fills": self.fills,
            "slots": self.n_slots,
            "done": self.state == "done",
        }

    def close(self):
        self._guard.close()
