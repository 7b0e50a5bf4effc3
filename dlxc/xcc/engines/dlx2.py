"""DLX2's strategy in pure Python: the mirror of csrc/xcc/dlx2.c, function for function.

Contents: Data structures, Inputting the options, The dancing, The resumable
search.  Every name here is the C core's name (``hide``, ``purify``,
``commit``, ``best_itm``, ``cur_node``, ``choice``), the tree it walks is the
same, the solutions come in the same order and the statistics (nodes,
updates, cleansings) are equal.  The backend test suite runs the two in
lockstep, so each one checks the other, and this one runs where no C
compiler exists.

Two switches exist only for tests and are off the C core's path:
``sticker=False`` removes Knuth's COMMITTED mark from purify (the bug of the
seed document), and ``shortcut=False`` makes the last level commit every
option the way DLX2 does, so the tests can show that the shortcut keeps
DLX2's statistics.  The bug needs both: with the shortcut the last word is
never purified twice.  How wrong it goes depends on the option order: on
ABEL+LAND in 4x4 it reports 28 crossing layouts (the seed's figure) with the
directions in the order E,W,N,S, 26 in docs/design/xcc.md's order E,W,S,N; the
true number is 16.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...base.errors import SolverError
from ...base.guard import Guard, guarded
from ...base.rng import MASK64, splitmix64, uniform_below
from .shared import BATCH, BUDGET, DONE, keep_overlapping

ST_NEW, ST_FORWARD, ST_SOLUTION, ST_LEAF, ST_DONE = range(5)
_COUNTER_CEILING = 1 << 62


class Dlx2Mirror:
    """Algorithm C over Python lists, resumable like ``dlxc_run``.

    Data structures (as in the C core): node k has ``up[k]``, ``down[k]``,
    ``itm[k]`` and ``color[k]``.  Nodes 1..n_items are the item headers
    (``itm`` of a primary header is its len); options follow, each after a
    spacer whose ``itm`` is ``-j`` for the j-th option.  ``prev``/``next``
    hold the circular list of active primary items with root 0.
    """

    strategy = "dlx2"
    #: Ctrl-C can land inside a run's Python code and leave it half done
    atomic_run = False

    def __init__(
        self,
        n_primary: int,
        n_items: int,
        opt_start: Sequence[int],
        opt_items: Sequence[int],
        opt_colors: Sequence[int],
        opt_ids: Sequence[int] | None = None,
        seed: int = 0,
        randomize: bool = False,
        *,
        sticker: bool = True,
        shortcut: bool = True,
    ) -> None:
        self._guard = Guard("this search")  # one call at a time, as the C handle
        # ---- Inputting the options (validated by the caller) ----
        n_options = len(opt_start) - 1
        total = opt_start[n_options] if n_options >= 0 else 0
        n_nodes = n_items + 1 + total + n_options + 1
        up = [0] * n_nodes
        down = [0] * n_nodes
        itm = [0] * n_nodes
        color = [0] * n_nodes
        self.prev = [n_primary if i == 0 else i - 1 for i in range(n_primary + 1)]
        self.next = [0 if i == n_primary else i + 1 for i in range(n_primary + 1)]
        for i in range(1, n_items + 1):
            up[i] = down[i] = i
        x = n_items + 1
        last_spacer = x
        for j in range(n_options):
            first = x + 1
            for k in range(opt_start[j], opt_start[j + 1]):
                c = opt_items[k] + 1
                x += 1
                itm[x] = c
                color[x] = opt_colors[k]
                up[x] = up[c]
                down[x] = c
                down[up[c]] = x
                up[c] = x
                if c <= n_primary:
                    itm[c] += 1
            down[last_spacer] = x
            x += 1
            itm[x] = -(j + 1)
            up[x] = first
            last_spacer = x
        down[last_spacer] = 0
        self.up, self.down, self.itm, self.color = up, down, itm, color
        self.n_primary = n_primary
        self.second = n_primary + 1
        self.n_secondary = n_items - n_primary
        self.opt_id = list(opt_ids) if opt_ids is not None else list(range(n_options))
        self.choice = [0] * (n_primary + 2)
        self.closed = False
        self.rng = seed & MASK64
        self.randomize = randomize
        self.sticker = sticker
        self.shortcut = shortcut
        # search state, saved between calls
        self.state = ST_NEW
        self.level = self.max_level = self.best_itm = self.cur_node = 0
        self.floor = 0
        self.split_depth = 0
        self.solutions = self.nodes = self.updates = self.cleansings = 0
        self.memo: dict | None = None

    # ---- The dancing ----
    # Invariant: the len of a primary item is the number of active options in
    # its list; a node marked by purify (color -1) stays in its list and is
    # passed over by hide and unhide.

    def hide(self, p: int) -> None:
        up, down, itm, color, second = self.up, self.down, self.itm, self.color, self.second
        q = p + 1
        n = 0
        while q != p:
            c = itm[q]
            if c <= 0:
                q = up[q]
                continue
            if color[q] >= 0:
                u = up[q]
                d = down[q]
                down[u] = d
                up[d] = u
                n += 1
                if c < second:
                    itm[c] -= 1
            q += 1
        self.updates += n

    def unhide(self, p: int) -> None:
        up, down, itm, color, second = self.up, self.down, self.itm, self.color, self.second
        q = p - 1
        while q != p:
            c = itm[q]
            if c <= 0:
                q = down[q]
                continue
            if color[q] >= 0:
                down[up[q]] = q
                up[down[q]] = q
                if c < second:
                    itm[c] += 1
            q -= 1

    def cover(self, c: int) -> None:
        if c < self.second:
            prev, nxt = self.prev, self.next
            l, r = prev[c], nxt[c]
            nxt[l] = r
            prev[r] = l
        else:
            self.color[c] = -1  # the header's color: the item's state
        self.updates += 1  # a secondary item is unlinked only on paper
        down, hide = self.down, self.hide
        p = down[c]
        while p != c:
            hide(p)
            p = down[p]

    def uncover(self, c: int) -> None:
        up, unhide = self.up, self.unhide
        p = up[c]
        while p != c:
            unhide(p)
            p = up[p]
        if c < self.second:
            prev, nxt = self.prev, self.next
            nxt[prev[c]] = c
            prev[nxt[c]] = c
        else:
            self.color[c] = 0

    def purify(self, p: int) -> None:
        down, itm, color, hide = self.down, self.itm, self.color, self.hide
        c = itm[p]
        x = color[p]
        color[c] = x
        self.cleansings += 1
        marked = 0
        q = down[c]
        if self.sticker:
            while q != c:
                if color[q] != x:
                    hide(q)
                elif q != p:
                    color[q] = -1
                    marked += 1
                q = down[q]
        else:  # the seed's bug: agreeing options are skipped, not marked
            while q != c:
                if color[q] != x:
                    hide(q)
                q = down[q]
        self.cleansings += marked

    def unpurify(self, p: int) -> None:
        up, itm, color, unhide = self.up, self.itm, self.color, self.unhide
        c = itm[p]
        x = color[p]
        q = up[c]
        if self.sticker:
            while q != c:
                if color[q] < 0:
                    color[q] = x
                elif q != p:
                    unhide(q)
                q = up[q]
        else:
            while q != c:
                if color[q] != x:
                    unhide(q)
                q = up[q]
        color[c] = 0

    def commit(self, p: int) -> None:
        up, itm, color = self.up, self.itm, self.color
        q = p + 1
        while q != p:
            c = itm[q]
            if c <= 0:
                q = up[q]
                continue
            if color[q] == 0:
                self.cover(c)
            elif color[q] > 0:
                self.purify(q)
            q += 1

    def uncommit(self, p: int) -> None:
        down, itm, color = self.down, self.itm, self.color
        q = p - 1
        while q != p:
            c = itm[q]
            if c <= 0:
                q = down[q]
                continue
            if color[q] == 0:
                self.uncover(c)
            elif color[q] > 0:
                self.unpurify(q)
            q -= 1

    # ---- The resumable search ----

    def option_id_of(self, p: int) -> int:
        itm = self.itm
        while itm[p] > 0:
            p += 1
        return self.opt_id[-itm[p] - 1]

    def record(self, level: int, out: list | None, room: int, paths: list | None = None) -> bool:
        """Append choice[0..level] to ``out`` (a solution) or to ``paths`` (a
        split path); False if this call has recorded ``room`` already."""
        if out is None:
            return True
        if self._recorded >= room:
            return False
        self._recorded += 1
        ids = tuple(self.option_id_of(self.choice[l]) for l in range(level + 1))
        (out if paths is None else paths).append(ids)
        return True

    def choose(self, randomize: bool) -> int:
        """C3: the active primary item with fewest options, leftmost on ties,
        or (randomize) one of the ties by reservoir sampling."""
        itm, nxt = self.itm, self.next
        t = 1 << 31
        ties = 0
        best = 0
        k = nxt[0]
        while k != 0:
            length = itm[k]
            if length < t:
                best = k
                t = length
                ties = 1
                if t == 0:
                    break
            elif length == t and randomize:
                ties += 1
                self.rng, r = splitmix64(self.rng)
                if r % ties == 0:
                    best = k
            k = nxt[k]
        return best

    def set_split(self, depth: int) -> None:
        assert self.state == ST_NEW and self.memo is None
        self.split_depth = depth

    def replay(self, path: Sequence[int]) -> None:
        """Commit a split path level by level; then only the subtree below it
        is searched, with counters from zero (see dlxc_replay)."""
        if self.state != ST_NEW or self.randomize:
            raise ValueError("replay needs a fresh solver without randomize")
        down, nxt = self.down, self.next
        saved = self.updates, self.cleansings
        for l, ident in enumerate(path):
            if nxt[0] == 0:
                raise ValueError(f"path goes past a solution at level {l}")
            best = self.choose(False)
            self.cover(best)
            p = down[best]
            while p != best and self.option_id_of(p) != ident:
                p = down[p]
            if p == best:
                raise ValueError(f"option {ident} is not a choice at level {l}")
            self.choice[l] = p
            self.commit(p)
        if path and nxt[0] == 0:
            raise ValueError("the path is a solution, not a subproblem")
        self.updates, self.cleansings = saved
        self.level = self.floor = len(path)
        self.state = ST_FORWARD

    def progress(self) -> float:
        """Knuth's estimate of the fraction of the tree explored (dlxc_progress)."""
        if self.state == ST_DONE:
            return 1.0
        if self.state == ST_NEW:
            return 0.0
        down, itm = self.down, self.itm
        top = self.level + 1 if self.state in (ST_LEAF, ST_SOLUTION) else self.level
        f, fd = 0.0, 1.0
        for l in range(self.floor, top):
            if fd >= 1e300:
                break
            x = self.cur_node if l == self.level else self.choice[l]
            c = itm[x]
            k = 1
            p = down[c]
            while p != x and p != c:
                k += 1
                p = down[p]
            fd *= max(itm[c], k)
            f += (k - 1) / fd
        return f  # no half weight of the current node: that made it fall back

    def stats(self) -> tuple[int, int, int, int, int, bool]:
        """(solutions, nodes, updates, cleansings, max_level, done), as Dlx2C."""
        return (
            self.solutions,
            self.nodes,
            self.updates,
            self.cleansings,
            self.max_level,
            self.state == ST_DONE,
        )

    def close(self) -> None:
        """As Dlx2C.close: stats(), memo_info() and progress() keep their
        figures, everything else raises SolverError (there is nothing to free)."""
        self.closed = True
        self._guard.close()

    def _live(self) -> None:
        if self.closed:
            raise SolverError("this search has been closed; its engine is freed")

    # ---- Memoized counting (see section 6 of dlx2.c) ----

    def set_memo(self, max_entries: int) -> None:
        self._live()
        if self.memo is not None or self.split_depth or self.nodes or self.randomize:
            raise ValueError("memo must be set on a fresh solver without split or randomize")
        self.memo = {}
        self.memo_max = max_entries
        # the keys waiting on the path: the deepest key_levels levels (dlx2.c, 6)
        self.memo_key_levels = max(1, min(self.n_primary + 2, max_entries))
        self.memo_full = False
        self.memo_dropped = False
        self.memo_hits = 0
        self.memo_keys: dict[int, tuple] = {}
        self.memo_sol_at: dict[int, int] = {}

    def memo_info(self) -> tuple[int, int, int, bool]:
        """(entries, hits, bytes, full) as Dlx2C.memo_info; bytes is the
        C table's size for as many entries, an estimate here."""
        if self.memo is None:
            return 0, 0, 0, False
        return len(self.memo), self.memo_hits, 0, self.memo_full or self.memo_dropped

    def make_key(self) -> tuple:
        """The complete residual state: the active primary items, and for
        every secondary item in some active option (live) its state, 0
        untouched or its color; -1 for every other one (see dlx2.c, 6)."""
        nxt, color, down, up, itm, second = (
            self.next,
            self.color,
            self.down,
            self.up,
            self.itm,
            self.second,
        )
        active = []
        live = set()
        k = nxt[0]
        while k != 0:
            active.append(k)
            p = down[k]
            while p != k:
                q = p + 1
                while q != p:
                    c = itm[q]
                    if c <= 0:
                        q = up[q]
                        continue
                    if c >= second:
                        live.add(c)
                    q += 1
                p = down[p]
            k = nxt[k]
        active.sort()
        return (
            tuple(active),
            tuple(color[c] if c in live else -1 for c in range(second, second + self.n_secondary)),
        )

    def memo_lookup(self, level: int) -> int | None:
        if self.memo is None:
            return None
        key = self.make_key()
        hit = self.memo.get(key)
        if hit is not None:
            self.memo_hits += 1
            return hit
        if self.memo_keys.pop(level - self.memo_key_levels, None) is not None:
            self.memo_dropped = True  # its slot of the ring is taken: not stored
        self.memo_keys[level] = key
        self.memo_sol_at[level] = self.solutions
        return None

    def memo_insert(self, level: int) -> None:
        key = self.memo_keys.pop(level, None)
        if key is None or self.memo_full or self.memo is None:
            return
        if len(self.memo) >= self.memo_max:
            self.memo_full = True
            return
        self.memo[key] = self.solutions - self.memo_sol_at[level]

    # ---- Random probes and uniform samples (section 7 of dlx2.c) ----

    def undo_path(self, depth: int) -> None:
        for l in range(depth - 1, -1, -1):
            p = self.choice[l]
            self.uncommit(p)
            self.uncover(self.itm[p])

    def probe(self, seed: int) -> tuple[float, float, int]:
        """One random root-to-leaf path: Knuth's (nodes, solutions) estimates."""
        self._live()
        if self.state != ST_NEW:
            raise ValueError("probe needs a fresh solver")
        saved = self.updates, self.cleansings
        rng = seed & MASK64
        down, itm, nxt = self.down, self.itm, self.next
        prod, est, sols, level = 1.0, 1.0, 0.0, 0
        if nxt[0] == 0:
            est, sols = 2.0, 1.0
        else:
            while True:
                best = self.choose(False)
                d = itm[best]
                if d == 0:
                    break
                est += prod * d
                prod *= d
                rng, r = uniform_below(rng, d)
                p = down[best]
                for _ in range(r):
                    p = down[p]
                self.cover(best)
                self.choice[level] = p
                level += 1
                self.commit(p)
                if nxt[0] == 0:
                    sols = prod
                    break
        self.undo_path(level)
        self.updates, self.cleansings = saved
        return est, sols, level

    def count_here(self) -> int | None:
        nxt = self.next
        first = nxt[0]
        if first == 0:
            return 1
        if nxt[first] == 0:
            return self.itm[first]
        return None if self.memo is None else self.memo.get(self.make_key())

    def sample(self, seed: int) -> tuple[int, ...]:
        """A solution drawn exactly uniformly (after a complete memo count)."""
        self._live()
        if (
            self.memo is None
            or self.memo_full
            or self.memo_dropped
            or self.floor
            or self.state != ST_DONE
        ):
            raise ValueError("sampling needs a complete memoized count")
        total = self.solutions
        if total == 0:
            raise ValueError("no solution to sample")
        saved = self.updates, self.cleansings
        rng = seed & MASK64
        down, nxt = self.down, self.next
        level = 0
        while nxt[0] != 0:
            best = self.choose(False)
            rng, r = uniform_below(rng, total)
            self.cover(best)
            p = down[best]
            c = None
            while p != best:
                self.commit(p)
                c = self.count_here()
                if c is None:
                    raise ValueError("memo table lacks a state")
                if r < c:
                    break
                r -= c
                self.uncommit(p)
                p = down[p]
            if c is None:  # an item without options: not after a complete count
                raise ValueError("memo table lacks a state")
            self.choice[level] = p
            level += 1
            total = c
        ids = tuple(self.option_id_of(self.choice[l]) for l in range(level))
        self.undo_path(level)
        self.updates, self.cleansings = saved
        return ids

    def set_overlap(self, masks: Sequence[int], words: int) -> None:
        """The masks ``run_overlap`` checks: ``masks[id]`` for each option
        id (``words`` 64-bit words each; the C engine needs that width)."""
        self._overlap_masks = list(masks)  # a copy, as the C engine keeps

    def run_overlap(self, node_budget: int) -> tuple[int, int]:
        """Search on as ``run`` does, keeping the solutions in which every
        option shares a bit of its mask with another (``keep_overlapping``):
        (status, number kept in this call).  Split paths are dropped."""
        out: list = []
        status = self.run(node_budget, out, 1 << 62, [])
        return status, len(keep_overlapping(out, self._overlap_masks))

    @guarded
    def run(
        self, node_budget: int, out: list | None = None, room: int = 0, paths: list | None = None
    ) -> int:
        """Search on, as ``dlxc_run``: solutions are appended to ``out`` and
        split paths to ``paths`` (at most ``room`` records in this call; no
        limit when ``room`` is 0, as for the C engine's max_solutions), or,
        with ``out=None``, only counted.  Returns DONE, BATCH or BUDGET."""
        self._live()
        if self.state == ST_DONE:
            return DONE
        if self.split_depth and out is None:
            raise ValueError("a split run needs an output list")
        down, itm = self.down, self.itm
        nxt, choice = self.next, self.choice
        level, best_itm, cur_node = self.level, self.best_itm, self.cur_node
        limit = self.nodes + node_budget
        self._recorded = 0
        room = room if room > 0 else 1 << 62
        goto = {ST_NEW: "forward", ST_FORWARD: "forward", ST_SOLUTION: "solution", ST_LEAF: "leaf"}[
            self.state
        ]
        status = DONE
        while True:
            if goto == "forward":  # C2: enter a level
                if self.nodes >= limit:
                    self.state = ST_FORWARD
                    status = BUDGET
                    break
                if level == self.split_depth and level > 0:
                    # a subproblem for another solver: hand over its path
                    if not self.record(level - 1, out, room, paths if paths is not None else out):
                        self.state = ST_FORWARD
                        status = BATCH
                        break
                    goto = "up"
                    continue
                self.nodes += 1
                if level > self.max_level:
                    self.max_level = level
                if nxt[0] == 0:  # no primary item at all: the empty solution
                    level = -1  # recorded at level -1 (a record of 0 options)
                    goto = "solution"
                    continue
                if self.shortcut and nxt[nxt[0]] == 0:
                    # C3, last level: one primary item left (see dlx2.c, Intro)
                    best_itm = nxt[0]
                    self.updates += 1  # what cover() would count for the item
                    cur_node = down[best_itm]
                    goto = "leaf"
                    continue
                if self.memo is not None:
                    cached = self.memo_lookup(level)
                    if cached is not None:
                        self.solutions += cached
                        goto = "up"
                        continue
                best_itm = self.choose(self.randomize)
                self.cover(best_itm)  # C4
                cur_node = choice[level] = down[best_itm]
                goto = "advance"
            elif goto == "advance":  # C5: try x_l
                if cur_node == best_itm:
                    goto = "backup"
                    continue
                self.commit(cur_node)
                if nxt[0] == 0:
                    goto = "solution"
                    continue
                level += 1
                goto = "forward"
            elif goto == "solution":  # a solution is a node too
                if self.nodes >= limit:
                    self.state = ST_SOLUTION
                    status = BUDGET
                    break
                if not self.record(level, out, room):
                    self.state = ST_SOLUTION
                    status = BATCH
                    break
                self.nodes += 1
                self.solutions += 1
                if level < 0:  # the empty solution
                    self.state = ST_DONE
                    break
                goto = "recover"
            elif goto == "backup":  # C7
                self.uncover(best_itm)
                if self.memo is not None:
                    self.memo_insert(level)
                goto = "up"
            elif goto == "up":  # the subtree of this level is finished
                if level == self.floor:
                    self.state = ST_DONE
                    break
                level -= 1
                cur_node = choice[level]
                best_itm = itm[cur_node]
                goto = "recover"
            elif goto == "recover":  # C6
                self.uncommit(cur_node)
                cur_node = choice[level] = down[cur_node]
                goto = "advance"
            else:  # "leaf": the options in best_itm's list are solutions
                self.level = level
                stop = self._leaf(best_itm, cur_node, limit, out, room)
                cur_node = self.cur_node
                if stop is not None:
                    status = stop
                    break
                goto = "up"  # best_itm was never covered
        self.level, self.best_itm, self.cur_node = level, best_itm, cur_node
        if max(self.nodes, self.updates, self.cleansings) >= _COUNTER_CEILING:
            raise OverflowError("a 64-bit counter would overflow")
        return status

    def _leaf(self, best_itm, cur_node, limit, out, room):
        down, up, itm, color, choice = self.down, self.up, self.itm, self.color, self.choice
        level = self.level
        updates = cleansings = 0
        nodes = self.nodes
        status = None
        while cur_node != best_itm:
            if nodes >= limit:
                status = BUDGET
                break
            choice[level] = cur_node
            if out is not None and not self.record(level, out, room):
                status = BATCH
                break
            # what DLX2's cover of best_itm (hide) and commit would count
            q = cur_node + 1
            while q != cur_node:
                c = itm[q]
                if c <= 0:
                    q = up[q]
                    continue
                col = color[q]
                if col == 0:
                    updates += 2
                elif col > 0:
                    updates += 1
                    cleansings += 1
                q += 1
            nodes += 1
            cur_node = down[cur_node]
        self.solutions += nodes - self.nodes
        self.nodes = nodes
        self.updates += updates
        self.cleansings += cleansings
        self.cur_node = cur_node
        if status is not None:
            self.state = ST_LEAF
        return status
