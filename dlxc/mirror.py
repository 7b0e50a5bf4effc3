"""The pure-Python mirror of csrc/dlxc.c: Algorithm C, function for function.

Contents: Data structures, Inputting the options, The dancing, The resumable
search.  Every name here is the C core's name (``hide``, ``purify``,
``commit``, ``best_itm``, ``cur_node``, ``choice``), the tree it walks is the
same, the solutions come in the same order and the statistics (nodes,
updates, cleansings) are equal.  The backend test suite runs the two in
lockstep, so each one checks the other, and this one runs where no C
compiler exists.

Two switches exist only for tests and are off the C core's path:
``sticker=False`` removes Knuth's COMMITTED mark from purify (the bug of the
seed document: ABEL+LAND crossing layouts come out 28 instead of 16), and
``shortcut=False`` makes the last level commit every option the way DLX2
does, so the tests can show that the shortcut keeps DLX2's statistics.
"""

from __future__ import annotations

from collections.abc import Sequence

DONE, BATCH, BUDGET = 0, 1, 2
ST_NEW, ST_FORWARD, ST_SOLUTION, ST_LEAF, ST_DONE = range(5)
_MASK64 = (1 << 64) - 1
_COUNTER_CEILING = 1 << 62


def splitmix64(state: int) -> tuple[int, int]:
    """One step of splitmix64: (new state, output), as in the C core."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


class MirrorSolver:
    """Algorithm C over Python lists, resumable like ``dlxc_run``.

    Data structures (as in the C core): node k has ``up[k]``, ``down[k]``,
    ``itm[k]`` and ``color[k]``.  Nodes 1..n_items are the item headers
    (``itm`` of a primary header is its len); options follow, each after a
    spacer whose ``itm`` is ``-j`` for the j-th option.  ``prev``/``next``
    hold the circular list of active primary items with root 0.
    """

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
        self.opt_id = list(opt_ids) if opt_ids is not None else list(range(n_options))
        self.choice = [0] * (n_primary + 2)
        self.rng = seed & _MASK64
        self.randomize = randomize
        self.sticker = sticker
        self.shortcut = shortcut
        # search state, saved between calls
        self.state = ST_NEW
        self.level = self.max_level = self.best_itm = self.cur_node = 0
        self.solutions = self.nodes = self.updates = self.cleansings = 0

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

    def purify(self, p: int) -> None:
        down, itm, color, hide = self.down, self.itm, self.color, self.hide
        c = itm[p]
        x = color[p]
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

    def record(self, level: int, out: list[tuple[int, ...]] | None, room: int) -> bool:
        if out is None:
            return True
        if len(out) >= room:
            return False
        out.append(tuple(self.option_id_of(self.choice[l]) for l in range(level + 1)))
        return True

    def run(
        self,
        node_budget: int,
        out: list[tuple[int, ...]] | None = None,
        room: int = 0,
    ) -> int:
        """Search on, as ``dlxc_run``: solutions are appended to ``out`` (at
        most ``room`` of them in this call) or, with ``out=None``, only
        counted.  Returns DONE, BATCH or BUDGET."""
        if self.state == ST_DONE:
            return DONE
        up, down, itm, color = self.up, self.down, self.itm, self.color
        nxt, choice = self.next, self.choice
        level, best_itm, cur_node = self.level, self.best_itm, self.cur_node
        limit = self.nodes + node_budget
        goto = {ST_NEW: "forward", ST_FORWARD: "forward", ST_SOLUTION: "solution",
                ST_LEAF: "leaf"}[self.state]
        status = DONE
        while True:
            if goto == "forward":  # C2: enter a level
                if self.nodes >= limit:
                    self.state = ST_FORWARD
                    status = BUDGET
                    break
                self.nodes += 1
                if level > self.max_level:
                    self.max_level = level
                if nxt[0] == 0:  # no primary item at all: the empty solution
                    if not self.record(-1, out, room):
                        self.nodes -= 1
                        self.state = ST_FORWARD
                        status = BATCH
                        break
                    self.nodes += 1
                    self.solutions += 1
                    self.state = ST_DONE
                    break
                if self.shortcut and nxt[nxt[0]] == 0:
                    # C3, last level: one primary item left (see dlxc.c, Intro)
                    best_itm = nxt[0]
                    self.updates += 1  # what cover() would count for the item
                    cur_node = down[best_itm]
                    goto = "leaf"
                    continue
                # C3: choose i (MRV, leftmost on ties, or random among ties)
                t = 1 << 31
                ties = 0
                k = nxt[0]
                while k != 0:
                    length = itm[k]
                    if length < t:
                        best_itm = k
                        t = length
                        ties = 1
                        if t == 0:
                            break
                    elif length == t and self.randomize:
                        ties += 1
                        self.rng, r = splitmix64(self.rng)
                        if r % ties == 0:
                            best_itm = k
                    k = nxt[k]
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
            elif goto == "solution":
                if not self.record(level, out, room):
                    self.state = ST_SOLUTION
                    status = BATCH
                    break
                self.nodes += 1
                self.solutions += 1
                goto = "recover"
            elif goto == "backup":  # C7
                self.uncover(best_itm)
                if level == 0:
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
            else:  # "leaf": the options left in best_itm's list are solutions
                self.level = level
                stop = self._leaf(best_itm, cur_node, limit, out, room)
                cur_node = self.cur_node
                if stop is not None:
                    status = stop
                    break
                # C7 without uncover: best_itm was never covered
                if level == 0:
                    self.state = ST_DONE
                    break
                level -= 1
                cur_node = choice[level]
                best_itm = itm[cur_node]
                goto = "recover"
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
