"""The pure-Python mirror of csrc/xcc/ssxcc.c: XCC with sparse sets
("dancing cells"), after Knuth's SSXCC.

Same functions, same names, same tree and same statistics as the C engine
(``strategy="ssxcc"``): each item keeps its active options as a sparse set
inside one list ``set``, ``pos(x) = set[x-2]``, ``size(x) = set[x-1]``,
options from ``set[x]`` on; nodes are four parallel lists ``itm``, ``loc``,
``clr``, ``spr``.  Forced moves (an item left with one option) go first, an
active primary item whose set empties stops a commit at once, and
backtracking restores the saved sizes.  Read ssxcc.c for the prose; the
comments here only point at its sections.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...base.errors import SolverError
from ...base.guard import Guard, guarded
from .shared import BATCH, BUDGET, DONE, SideMirror

CS_NEW, CS_FORWARD, CS_LEAF, CS_DONE = range(4)
_COUNTER_CEILING = 1 << 62


class SsxccMirror(SideMirror):
    """The mirror of a ``dlxc_cells`` handle (see ``_cbackend.SsxccC``)."""

    strategy = "ssxcc"

    # ---- 3. Inputting the options ----
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
    ) -> None:
        self._guard = Guard("this search")  # one call at a time, as the C handle
        n_options = len(opt_start) - 1
        length = [0] * n_items
        for k in range(opt_start[n_options] if n_options >= 0 else 0):
            length[opt_items[k]] += 1
        at = [0] * n_items
        self.set = set_ = [0] * (opt_start[-1] + 2 * n_items + 2)
        self.item = list(range(n_items))
        x = 2
        for i in range(n_items):
            at[i] = x
            self.item[i] = x
            set_[x - 2] = i
            set_[x - 1] = length[i]
            x += length[i] + 2
            length[i] = 0
        self.second = at[n_primary] if n_primary < n_items else x
        n_nodes = opt_start[-1] + n_options + 1
        self.itm = itm = [0] * n_nodes
        self.loc = loc = [0] * n_nodes
        self.clr = clr = [0] * n_nodes
        self.spr = spr = [0] * n_nodes
        y = 1
        for j in range(n_options):
            a, b = opt_start[j], opt_start[j + 1]
            for k in range(a, b):
                it = opt_items[k]
                itm[y] = at[it]
                clr[y] = opt_colors[k]
                spr[y] = j
                loc[y] = at[it] + length[it]
                set_[at[it] + length[it]] = y
                length[it] += 1
                y += 1
            itm[y] = -(b - a)
            spr[y] = j
            y += 1
        self.opt_id = list(opt_ids) if opt_ids is not None else list(range(n_options))
        self.n_primary = n_primary
        self.active = n_items
        self.oactive = 0
        self.pactive = n_primary
        self.force: list[int] = []
        self.choice = [0] * (n_primary + 2)
        self.saved = [0] * (n_primary + 2)
        self.psaved = [0] * (n_primary + 2)
        self.savestack: list[tuple[int, int]] = []
        self.state = CS_NEW
        self.split_depth = 0  # > 0: paths to this depth are recorded, not entered
        self.floor = 0  # the level a replayed subproblem starts at
        self.level = self.max_level = self.best_itm = self.cur_choice = 0
        self.solutions = self.nodes = self.updates = 0

    # ---- 4. The dancing ----
    def hide(self, c: int, color: int, check: bool) -> bool:
        """Remove the options of c's set that do not color c with ``color``
        (0: all of them) from the other active sets; with ``check``, push
        items left with one option on the force stack and give up (False)
        when an active primary item is left with none."""
        set_, itm, loc, clr = self.set, self.itm, self.loc, self.clr
        active, oactive, second = self.active, self.oactive, self.second
        for rr in range(c, c + set_[c - 1]):
            tt = set_[rr]
            if color and clr[tt] == color:
                continue
            nn = tt + 1
            while nn != tt:
                uu = itm[nn]
                if uu < 0:
                    nn += uu
                    continue
                if set_[uu - 2] < oactive:
                    ss = set_[uu - 1] - 1
                    if ss <= 1 and check and uu < second and set_[uu - 2] < active:
                        if ss == 0:
                            return False
                        self.force.append(uu)
                    vv = loc[nn]
                    nnp = set_[uu + ss]
                    set_[uu - 1] = ss
                    set_[uu + ss] = nn
                    set_[vv] = nnp
                    loc[nn] = uu + ss
                    loc[nnp] = vv
                    self.updates += 1
                nn += 1
        return True

    def swap_out(self, c: int) -> None:
        """Swap item c out of the active list."""
        set_, item = self.set, self.item
        self.active -= 1
        p = self.active
        pp = set_[c - 2]
        cc = item[p]
        item[p] = c
        item[pp] = cc
        set_[cc - 2] = pp
        set_[c - 2] = p

    # ---- 5. The resumable search ----
    def record(self, k: int, out: list | None, room: int) -> bool:
        if out is None:
            return True
        if room <= self._recorded:
            return False
        self._recorded += 1
        out.append(tuple(self.opt_id[self.spr[self.choice[l]]] for l in range(k)))
        return True

    def set_split(self, depth: int) -> None:
        """As ``dlxc_cells_set_split``."""
        if self.state != CS_NEW or depth < 0:
            raise ValueError("a split depth is set before the first run")
        self.split_depth = depth

    @guarded
    def replay(self, path: Sequence[int]) -> None:
        """As ``dlxc_cells_replay``: commit ``path`` (option ids) as forced
        moves, then search the subtree below it from zero (its order may
        differ from the split run's; its solutions do not)."""
        self._live()
        set_, itm, second = self.set, self.itm, self.second
        bad = ValueError(f"path {tuple(path)!r} is not a subproblem of this problem")
        if self.state != CS_NEW or self.split_depth or len(path) > self.n_primary:
            raise bad
        if any(set_[self.item[k] - 1] == 0 for k in range(self.n_primary)):
            self.closed = True
            raise bad
        for level, want in enumerate(path):
            try:
                j = self.opt_id.index(want)
            except ValueError:
                j = -1
            y = self.spr.index(j, 1) if j >= 0 else 0
            while y and 0 <= itm[y] and itm[y] >= second:
                y += 1
            c = itm[y] if y else -1
            if (
                self.pactive == 0
                or c < 0
                or set_[c - 2] >= self.active
                or self.loc[y] >= c + set_[c - 1]
            ):
                self.closed = True
                raise bad
            self.swap_out(c)
            self.pactive -= 1
            self.oactive = self.active
            self.hide(c, 0, False)
            self.choice[level] = y
            self.oactive = oactive = self.active
            q = y + 1
            while q != y:
                cc = itm[q]
                if cc < 0:
                    q += cc
                    continue
                if set_[cc - 2] < self.active:
                    self.swap_out(cc)
                    if cc < second:
                        self.pactive -= 1
                q += 1
            q = y + 1
            while q != y:
                cc = itm[q]
                if cc < 0:
                    q += cc
                    continue
                if cc < second:
                    ok = self.hide(cc, 0, True)
                else:
                    ok = set_[cc - 2] >= oactive or self.hide(cc, self.clr[q], True)
                if not ok:
                    self.closed = True
                    raise bad
                q += 1
        if path and self.pactive == 0:
            self.closed = True
            raise bad
        self.force.clear()
        self.savestack.clear()
        self.saved[len(path)] = 0
        self.level = self.floor = len(path)
        self.solutions = self.nodes = self.updates = self.max_level = 0
        self.state = CS_FORWARD

    def save_sizes(self, level: int) -> None:
        set_, item = self.set, self.item
        del self.savestack[self.saved[level] :]
        self.savestack.extend((item[p], set_[item[p] - 1]) for p in range(self.active))
        self.saved[level + 1] = len(self.savestack)

    @guarded
    def run(
        self, node_budget: int, out: list | None = None, room: int = 0, paths: list | None = None
    ) -> int:
        """Search on, as ``dlxc_cells_run``."""
        self._live()
        if self.state == CS_DONE:
            return DONE
        set_, itm, loc, item = self.set, self.itm, self.loc, self.item
        second, choice = self.second, self.choice
        level, best_itm, cur_choice = self.level, self.best_itm, self.cur_choice
        limit = self.nodes + node_budget
        self._recorded = 0
        room = room if room > 0 else 1 << 62
        status = DONE
        if self.state == CS_NEW:
            level = 0
            step = "forward"
            if any(set_[item[k] - 1] == 0 for k in range(self.n_primary)):
                step = "done"
        elif self.state == CS_FORWARD:
            step = "forward"
        else:
            step = "leaf"
        while True:
            if step == "forward":
                if self.nodes >= limit:
                    self.state, status = CS_FORWARD, BUDGET
                    break
                if self.pactive == 0:
                    if not self.record(level, out, room):
                        self.state, status = CS_FORWARD, BATCH
                        break
                    self.force.clear()
                    self.nodes += 1
                    self.solutions += 1
                    self.max_level = max(self.max_level, level)
                    step = "backup"
                    continue
                if level == self.split_depth and level > 0:  # a subproblem's path
                    if out is None or paths is None:
                        raise ValueError("a split run lists its paths")
                    if room <= self._recorded:
                        self.state, status = CS_FORWARD, BATCH
                        break
                    self._recorded += 1
                    paths.append(tuple(self.opt_id[self.spr[choice[l]]] for l in range(level)))
                    self.force.clear()
                    step = "backup"
                    continue
                self.nodes += 1
                self.max_level = max(self.max_level, level)
                if self.pactive == 1:  # the last level
                    k = 0
                    while item[k] >= second:
                        k += 1
                    best_itm = item[k]
                    self.force.clear()
                    self.updates += 1
                    cur_choice = best_itm
                    step = "leaf"
                    continue
                forced = False
                while self.force:
                    best_itm = self.force.pop()
                    if set_[best_itm - 2] < self.active:
                        forced = True
                        break
                if not forced:
                    t = None
                    for k in range(self.active):
                        x = item[k]
                        if x >= second:
                            continue
                        sz = set_[x - 1]
                        if sz <= 1:
                            self.force.append(x)
                        elif t is None or sz < t or (sz == t and x < best_itm):
                            best_itm, t = x, sz
                    if self.force:
                        best_itm = self.force.pop()
                        forced = True
                self.swap_out(best_itm)
                self.updates += 1
                self.pactive -= 1
                self.oactive = self.active
                self.hide(best_itm, 0, False)
                cur_choice = best_itm
                if forced:
                    del self.savestack[self.saved[level] :]
                    self.saved[level + 1] = self.saved[level]
                else:
                    self.save_sizes(level)
                self.psaved[level] = self.pactive
                step = "advance"
            elif step == "advance":
                cur_node = choice[level] = set_[cur_choice]
                self.oactive = oactive = self.active
                q = cur_node + 1
                while q != cur_node:
                    c = itm[q]
                    if c < 0:
                        q += c
                        continue
                    if set_[c - 2] < self.active:
                        self.swap_out(c)
                        self.updates += 1
                        if c < second:
                            self.pactive -= 1
                    q += 1
                step = "deeper"
                q = cur_node + 1
                while q != cur_node:
                    c = itm[q]
                    if c < 0:
                        q += c
                        continue
                    if c < second:
                        ok = self.hide(c, 0, True)
                    else:
                        ok = set_[c - 2] >= oactive or self.hide(c, self.clr[q], True)
                    if not ok:
                        self.force.clear()
                        step = "abort"
                        break
                    q += 1
                if step == "deeper":
                    level += 1
                    step = "forward"
            elif step == "backup":
                if level == self.floor:
                    step = "done"
                    continue
                level -= 1
                cur_node = choice[level]
                best_itm = itm[cur_node]
                cur_choice = loc[cur_node]
                step = "abort"
            elif step == "abort":
                if cur_choice + 1 >= best_itm + set_[best_itm - 1]:
                    step = "backup"
                    continue
                top, bottom = self.saved[level + 1], self.saved[level]
                del self.savestack[top:]
                self.active = top - bottom
                for x, sz in self.savestack[bottom:top]:
                    set_[x - 1] = sz
                self.pactive = self.psaved[level]
                cur_choice += 1
                step = "advance"
            elif step == "leaf":
                stopped = False
                while cur_choice < best_itm + set_[best_itm - 1]:
                    o = set_[cur_choice]
                    if self.nodes >= limit:
                        self.state, status, stopped = CS_LEAF, BUDGET, True
                        break
                    choice[level] = o
                    if not self.record(level + 1, out, room):
                        self.state, status, stopped = CS_LEAF, BATCH, True
                        break
                    a = 0
                    q = o + 1
                    while q != o:
                        c = itm[q]
                        if c < 0:
                            q += c
                            continue
                        if set_[c - 2] < self.active:
                            a += 1
                        q += 1
                    self.updates += 2 * a
                    self.nodes += 1
                    self.solutions += 1
                    self.max_level = max(self.max_level, level + 1)
                    cur_choice += 1
                if stopped:
                    break
                step = "backup"
            else:  # done
                self.state, status = CS_DONE, DONE
                break
        self.level, self.best_itm, self.cur_choice = level, best_itm, cur_choice
        if self.nodes >= _COUNTER_CEILING or self.updates >= _COUNTER_CEILING:
            raise SolverError("a 64-bit counter would overflow")
        return status

    def progress(self) -> float:
        """Knuth's estimate of the fraction of the tree explored (ssxcc.c)."""
        if self.state == CS_DONE:
            return 1.0
        if self.state == CS_NEW:
            return 0.0
        set_, itm, loc = self.set, self.itm, self.loc
        f, fd = 0.0, 1.0
        top = self.level + 1 if self.state == CS_LEAF else self.level
        for lev in range(top):
            if fd >= 1e300:
                break
            if lev == self.level:
                c = self.best_itm
                k = self.cur_choice - c + 1
            else:
                c = itm[self.choice[lev]]
                k = loc[self.choice[lev]] - c + 1
            d = max(set_[c - 1], k)
            fd *= d
            f += (k - 1) / fd
        return min(1.0, f + 0.5 / fd)

    def stats(self) -> tuple[int, int, int, int, int, bool]:
        return (self.solutions, self.nodes, self.updates, 0, self.max_level, self.state == CS_DONE)
