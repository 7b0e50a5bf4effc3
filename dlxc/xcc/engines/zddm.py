"""The ZDD of a problem with multiplicities, in pure Python: the mirror of
csrc/xcc/zddm.c.

A primary item written ``u:v|name`` is covered between u and v times, so a
residual problem is no longer told by which items are still to cover (the
key of csrc/xcc/zdd.c): it also needs how many more times each item must
and may be covered, and which options an earlier choice ruled out.  This
search makes the second part trivial by deciding the options in their
order, one level per option (leave it out, then take it): at level j the
options before j are decided, and the residual problem is j together with
the state of every item that options on both sides of j hold (a primary
item's cover count so far, a secondary item's color: unused, one color, or
taken by an option without a color).  Items that only later options hold
are untouched; items that only earlier options hold are finished.  Each
primary item keeps a count of its *live* options (undecided, and not
blocked: an option is blocked while one of its primary items is at its
upper bound v, or one of its secondary items is set to a color it does not
give); whenever a move lowers an item's live count, its cover count plus
the live count must still reach u.  These counts are a function of the
key, so the memo stays exact.

Every level looks its key up in a table first, so a residual problem met
again costs one look-up.  A level whose take leads to a solution makes one
diagram node (option j, lo: the level below without it, hi: with it); one
whose take leads nowhere is the level below's node itself.  So the diagram
is an ordered ZDD (each option at most once on a path, in increasing
order), children made before parents, in Knuth's text format as DLX6
writes it (dlxc.xcc.zdd.Zdd).

Figures: a search node is a level entered (level n, past the last option,
included), a memo a level stored, a hit a level met again.  Memory is
charged as 16 bytes a memo and 4 a key word (the level and one word per
item of the key), 12 a diagram node, the same on both sides, so a memory
limit stops both at the same place.  The C engine makes the same diagram,
node for node, and the same figures.
"""

from __future__ import annotations

from array import array

from .shared import BUDGET, DONE

ELIMIT = -6  # csrc/xcc/zdd.h: DLXC_ZDD_ELIMIT
PLAIN = -1  # a secondary item taken by an option without a color


class _Limit(Exception):
    """The memo and the diagram would pass the memory limit."""


def frontier_items(n_items, opt_start, opt_items):
    """Per level j (0..n_options), the items of the key in increasing
    order: those held by an option before j and by one at or after j."""
    n_options = len(opt_start) - 1
    first = [-1] * n_items
    last = [-1] * n_items
    for j in range(n_options):
        for k in range(opt_start[j], opt_start[j + 1]):
            x = opt_items[k]
            if first[x] < 0:
                first[x] = j
            last[x] = j
    out = []
    for j in range(n_options + 1):
        out.append([x for x in range(n_items) if first[x] >= 0 and first[x] < j <= last[x]])
    return out


class ZddmMirror:
    """The search over compact arrays (those of dlxc_zddm_new) and the
    primary items' bounds (u, v of each in turn)."""

    atomic_run = False

    def __init__(self, n_primary, n_items, opt_start, opt_items, opt_colors, bounds, max_bytes):
        n = self.n_options = len(opt_start) - 1
        self.n_primary = n_primary
        self.max_bytes = max_bytes
        self.lo_b = [bounds[2 * p] for p in range(n_primary)]
        self.hi_b = [bounds[2 * p + 1] for p in range(n_primary)]
        self.start = list(opt_start)
        self.items = list(opt_items)
        self.colors = list(opt_colors)
        # per item its options in order, with its color in each
        self.opts_of: list = [[] for _ in range(n_items)]
        self.col_of: list = [[] for _ in range(n_items)]
        for j in range(n):
            for k in range(opt_start[j], opt_start[j + 1]):
                self.opts_of[opt_items[k]].append(j)
                self.col_of[opt_items[k]].append(opt_colors[k])
        # live[p]: the options of primary item p neither decided nor blocked
        self.live = [len(self.opts_of[p]) for p in range(n_primary)]
        self.blocked = [0] * n  # per option: the reasons it cannot be taken
        self.blk_stack: list = []  # options whose reasons a take added, to undo
        self.blk_n = [0] * (n + 1)
        self.left = bytearray(n + 1)  # whether level j's leave changed live
        # an item that must be covered more often than its options allow
        self.hopeless = any(self.live[p] < self.lo_b[p] for p in range(n_primary))
        self.frontier = frontier_items(n_items, opt_start, opt_items)
        self.st = [0] * n_items
        self.table: dict = {}
        self.zref: list = []
        self.key_words = 0
        self.zvar: list = []
        self.zlo: list = []
        self.zhi: list = []
        self.phase = [0] * (n + 1)  # 0: entered, 1: lo searched, 2: hi searched
        self.lo_res = [0] * (n + 1)
        self.memo_at = [0] * (n + 1)
        self.undo = [0] * (n + 1)  # how many secondary items level j's take set
        self.set_stack: list = []
        self.nodes = self.hits = self.memos = 0
        self.level = self.max_level = 0
        self.root = 0
        self.result = 0
        self.state = "new"

    # ---- memory ----
    def _bytes(self, entries, key_words, z):
        return entries * 16 + key_words * 4 + z * 12

    def _charge(self, entries, key_words, z):
        if self._bytes(entries, key_words, z) > self.max_bytes:
            raise _Limit()

    # ---- the moves ----
    def _can_leave(self, j):
        """Leaving out option j keeps every item of j within reach of u."""
        if self.blocked[j]:
            return True  # j was not counted live
        st, lo_b, live, items = self.st, self.lo_b, self.live, self.items
        for k in range(self.start[j], self.start[j + 1]):
            x = items[k]
            if x < self.n_primary and st[x] + live[x] - 1 < lo_b[x]:
                return False
        return True

    def _leave(self, j):
        self.left[j] = not self.blocked[j]
        if self.left[j]:
            for k in range(self.start[j], self.start[j + 1]):
                if self.items[k] < self.n_primary:
                    self.live[self.items[k]] -= 1

    def _unleave(self, j):
        if self.left[j]:
            for k in range(self.start[j], self.start[j + 1]):
                if self.items[k] < self.n_primary:
                    self.live[self.items[k]] += 1

    def _block(self, o, touched):
        """One more reason why option o cannot be taken."""
        self.blocked[o] += 1
        self.blk_stack.append(o)
        if self.blocked[o] == 1:
            for k in range(self.start[o], self.start[o + 1]):
                x = self.items[k]
                if x < self.n_primary:
                    self.live[x] -= 1
                    touched.append(x)

    def _take(self, j):
        """Take option j (not blocked): True when every item whose live
        options dropped can still reach its lower bound."""
        st, items, colors, live = self.st, self.items, self.colors, self.live
        n_set = 0
        before = len(self.blk_stack)
        touched: list = []
        for k in range(self.start[j], self.start[j + 1]):
            x = items[k]
            if x < self.n_primary:
                st[x] += 1
                live[x] -= 1
                touched.append(x)
                if st[x] == self.hi_b[x]:
                    for o in self.opts_of[x]:
                        if o > j:
                            self._block(o, touched)
            elif st[x] == 0:
                s = st[x] = colors[k] or PLAIN
                self.set_stack.append(x)
                n_set += 1
                for o, c in zip(self.opts_of[x], self.col_of[x]):
                    if o > j and (s == PLAIN or c != s):
                        self._block(o, touched)
        self.undo[j] = n_set
        self.blk_n[j] = len(self.blk_stack) - before
        lo_b = self.lo_b
        return all(st[q] + live[q] >= lo_b[q] for q in touched)

    def _untake(self, j):
        st, items, live, blocked = self.st, self.items, self.live, self.blocked
        for _ in range(self.blk_n[j]):
            o = self.blk_stack.pop()
            blocked[o] -= 1
            if blocked[o] == 0:
                for k in range(self.start[o], self.start[o + 1]):
                    if items[k] < self.n_primary:
                        live[items[k]] += 1
        for k in range(self.start[j], self.start[j + 1]):
            x = items[k]
            if x < self.n_primary:
                st[x] -= 1
                live[x] += 1
        for _ in range(self.undo[j]):
            st[self.set_stack.pop()] = 0

    def _make_node(self, j, lo, hi):
        self._charge(len(self.zref), self.key_words, len(self.zvar) + 1)
        self.zvar.append(j)
        self.zlo.append(lo)
        self.zhi.append(hi)
        return len(self.zvar) + 1

    # ---- the search ----
    def run(self, node_budget):
        if self.state == "error":
            raise ValueError("this ZDD search stopped on an error")
        if self.state == "done":
            return DONE
        try:
            return self._run(node_budget)
        except _Limit:
            self.state = "error"
            return ELIMIT
        except BaseException:
            self.state = "error"  # Ctrl-C inside the Python search
            raise

    def _run(self, node_budget):
        n = self.n_options
        phase, lo_res, memo_at = self.phase, self.lo_res, self.memo_at
        limit = self.nodes + node_budget
        j = self.level
        if self.state == "new":
            if self.hopeless:
                self.nodes = 1
                self.state = "done"
                self.root = 0
                return DONE
            step = "enter"
        else:
            step = self.state
        result = self.result
        while True:
            if step == "enter":
                if self.nodes >= limit:
                    self.state, self.level = "enter", j
                    return BUDGET
                self.nodes += 1
                if j > self.max_level:
                    self.max_level = j
                if j == n:
                    result = 1
                    step = "return"
                    continue
                st = self.st
                key = (j, *[st[x] for x in self.frontier[j]])
                e = self.table.get(key)
                if e is not None:
                    self.hits += 1
                    result = self.zref[e]
                    step = "return"
                    continue
                self._charge(len(self.zref) + 1, self.key_words + len(key), len(self.zvar))
                e = len(self.zref)
                self.table[key] = e
                self.zref.append(0)
                self.key_words += len(key)
                memo_at[j] = e
                phase[j] = 0
                if self._can_leave(j):
                    self._leave(j)
                    j += 1
                    continue
                self.left[j] = 0
                result = 0
                step = "after_lo"
            elif step == "after_lo":
                self._unleave(j)
                lo_res[j] = result
                phase[j] = 1
                if not self.blocked[j]:
                    if self._take(j):
                        j += 1
                        step = "enter"
                        continue
                    self._untake(j)
                result = 0
                step = "after_hi"
            elif step == "after_hi":
                if phase[j] == 2:
                    self._untake(j)
                hi = result
                result = lo_res[j] if hi == 0 else self._make_node(j, lo_res[j], hi)
                self.zref[memo_at[j]] = result
                step = "return"
            else:  # return from level j to level j-1
                if j == 0:
                    self.memos = len(self.zref)
                    self.table = {}
                    self.zref = []
                    self.root = result
                    self.level = 0
                    self.state = "done"
                    return DONE
                j -= 1
                step = "after_lo" if phase[j] == 0 else "after_hi"
                if step == "after_hi":
                    phase[j] = 2

    # ---- what the handle reports ----
    def info(self):
        """(search nodes, memos, hits, bytes, zdd nodes, root, level, max level, done)"""
        done = self.state == "done"
        entries = self.memos if done else len(self.zref)
        return (
            self.nodes,
            entries,
            self.hits,
            self._bytes(entries, self.key_words, len(self.zvar)),
            len(self.zvar),
            self.root if done else 0,
            self.level,
            self.max_level,
            done,
        )

    def progress(self):
        """The share of the two-way tree to the left of the current level."""
        if self.state == "done":
            return 1.0
        f, w = 0.0, 0.5
        for j in range(min(self.level, 60)):
            if self.phase[j]:
                f += w
            w /= 2
        return f

    def diagram(self):
        """(var, lo, hi) arrays of the branch nodes, node k at index k-2."""
        return array("i", self.zvar), array("I", self.zlo), array("I", self.zhi)

    def close(self):
        pass
