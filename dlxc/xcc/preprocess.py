"""Preprocessing: a smaller problem with the same solutions.

``preprocess(problem)`` removes, round after round until a round removes
nothing, the options that no solution can use and the items that another
item forces (the reductions of Knuth's DLX-PRE):

- an item c is *forced* by a primary item p when every option of p has c
  uncolored: covering p covers c.  Item c goes, so do the options that have
  c but not p (choosing one would leave p without options), and c is
  dropped from the options that keep it;
- an option r is *blocked* when choosing it (hiding every option that
  clashes with it: those that share an uncolored item with it, and those
  that give one of its colored items another color, or none) leaves some
  primary item outside r without options.  No solution contains r.

Items left in no option go too.  A primary item left in no option means no
solution: the reduced problem is that item alone, without options.

The work runs in the C engine (csrc/xcc/pre.c, ``PreC``) or in ``PrePython``
below, its mirror: both walk the same dancing-links structure in the same
order, count the same mems and remove the same options and items.  Either is
called with budgets of mems, so a timeout, a mem limit, progress reports and
Ctrl-C act between calls; a reduction stopped early is still sound (what it
removed so far cannot be in a solution).

The reduced problem is a ``Problem`` whose ``origin`` maps each of its
options to the original option's number, so its solutions map back
(``reduced.to_original(solution)``).  Problems with costs are refused
(the reduced problem would have to carry them) unless the caller reads no
costs (a count: ``costs_kept=False``).  Problems with multiplicities get
the reductions that stay sound with bounds (dlxc.xcc.prebounds: blocked
options tested against each item's lower bound, no forced items), on
bitsets in Python whatever the backend.
"""

from __future__ import annotations

import time
from array import array
from dataclasses import dataclass
from typing import Any, Callable, Optional

from ..base.backends import resolve
from ..base.errors import ProblemError, RequestError
from .presummary import summary_line

#: mems of the first call; the next budgets aim at calls of about 20 ms
_FIRST_BUDGET = {"c": 1 << 16, "python": 1 << 10}
_SLICE = 0.02


@dataclass
class PreStats:
    """What a preprocessing removed, and how long it took."""

    options: int  #: options of the problem given (those with a primary item)
    items: int  #: items of the problem given
    options_out: int  #: options removed
    blocked: int  #: of which choosing them leaves a primary item without options
    items_out: int  #: items removed
    forced: int  #: of which another item forces
    rounds: int  #: rounds begun
    mems: int  #: memory accesses, as the engines count them
    seconds: float
    backend: str
    complete: bool  #: False when a limit stopped the work early
    stopped: Optional[str] = None  #: "timeout", "mem limit" or None
    infeasible: Optional[str] = None  #: a primary item left in no option

    def summary(self) -> str:
        """One line: what was removed, and why."""
        return summary_line(
            self.options,
            self.items,
            self.options_out,
            self.blocked,
            self.items_out,
            self.forced,
            self.rounds,
            self.mems,
            self.seconds,
            self.backend,
            self.stopped,
            self.infeasible,
        )


class PrePython:
    """The mirror of csrc/xcc/pre.c: the same structure, walked in the same
    order (see that file's comment), one Python list per node field."""

    def __init__(self, n_primary, n_items, opt_start, opt_items, opt_colors, max_rounds=0, way=0):
        n_options = len(opt_start) - 1
        n_nodes = opt_start[n_options]
        total = n_items + 2 + n_nodes + n_options
        up = [0] * total
        down = [0] * total
        itm = [0] * total
        color = [0] * total
        node_opt = [-1] * total
        for k in range(1, n_items + 1):
            up[k] = down[k] = k
        last = n_items + 1
        prim_start = [0]
        prim: list[int] = []
        opt_first = [0] * n_options
        opt_len = [0] * n_options
        for j in range(n_options):
            i = last
            primaries = 0
            opt_first[j] = i + 1
            opt_len[j] = opt_start[j + 1] - opt_start[j]
            for a in range(opt_start[j], opt_start[j + 1]):
                it, col = opt_items[a], opt_colors[a]
                if not 0 <= it < n_items or col < 0 or (col and it < n_primary):
                    raise ProblemError(f"option {j}: malformed entry")
                k = it + 1
                if it < n_primary:
                    primaries += 1
                    prim.append(k)
                last += 1
                itm[last] = k
                color[last] = col
                node_opt[last] = j
                itm[k] += 1
                r = up[k]
                down[r] = up[k] = last
                up[last] = r
                down[last] = k
            if not primaries:
                raise ProblemError(f"option {j} has no primary item")
            prim_start.append(len(prim))
            down[i] = last
            last += 1
            up[last] = i + 1
            itm[last] = -(j + 1)
        self.up, self.down, self.itm, self.color = up, down, itm, color
        self.node_opt = node_opt
        self.prim_start, self.prim = prim_start, prim
        self.cnt = [0] * (n_items + 1)
        self.cnt_tick = [0] * (n_items + 1)
        self.in_r = [0] * (n_items + 1)
        self.opt_tick = [0] * (n_options + 1)
        self.tick = 0
        self.rcol = [0] * (n_items + 1)
        self.witness = [-1] * (n_items + 1)
        self.opt_first, self.opt_len = opt_first, opt_len
        self.live_primaries = n_primary
        self.way = way  # 0: the cheaper test, 1: by counts, 2: by witnesses
        self.dead = bytearray(n_options)
        self.n_items, self.n_options = n_items, n_options
        self.second = n_primary + 1
        self.last_itm = n_items + 1
        self.max_rounds = max_rounds
        self.rnd, self.c, self.change, self.stack = 1, 1, 0, 0
        self.cur_c = self.cur_r = 0  # an item whose options are being tested, the next one
        self.options_out = self.blocked = self.items_out = self.forced = 0
        self.infeasible = -1
        self.done = False
        self.mems = 0
        for k in range(1, n_items + 1):
            if self.done:
                break
            if not itm[k]:
                self._note_empty(k)

    def _note_empty(self, cc: int) -> None:
        self.items_out += 1
        if cc < self.second:
            self.infeasible = cc - 1
            self.options_out = self.n_options
            self.items_out = self.n_items - 1
            self.done = True

    def _hide(self, c: int) -> None:
        up, down, itm, color = self.up, self.down, self.itm, self.color
        last_itm, second = self.last_itm, self.second
        mems = 0
        rr = down[c]
        while rr >= last_itm:
            mems += 1
            if not color[rr]:
                nn = rr + 1
                while nn != rr:
                    cc = itm[nn]
                    mems += 1
                    if cc <= 0:
                        nn = up[nn]
                        continue
                    uu, dd = up[nn], down[nn]
                    down[uu] = dd
                    up[dd] = uu
                    itm[cc] -= 1
                    if itm[cc] == 0 and cc < second:
                        self.stack = cc
                    mems += 2
                    nn += 1
            rr = down[rr]
        self.mems += mems

    def _unhide(self, c: int) -> None:
        up, down, itm, color = self.up, self.down, self.itm, self.color
        last_itm = self.last_itm
        mems = 0
        rr = down[c]
        while rr >= last_itm:
            mems += 1
            if not color[rr]:
                nn = rr + 1
                while nn != rr:
                    cc = itm[nn]
                    mems += 1
                    if cc <= 0:
                        nn = up[nn]
                        continue
                    uu, dd = up[nn], down[nn]
                    down[uu] = up[dd] = nn
                    itm[cc] += 1
                    mems += 2
                    nn += 1
            rr = down[rr]
        self.mems += mems

    def _blocker(self, r: int, c: int) -> int:
        """A primary item outside option r whose options all clash with r,
        or 0: by counts or by witnesses, whichever looks cheaper (see
        csrc/xcc/pre.c, blocker)."""
        up, itm, color = self.up, self.itm, self.color
        in_r, rcol = self.in_r, self.rcol
        self.tick += 1
        tick = self.tick
        lists = 0
        q = r + 1
        while True:  # mark r's items but c
            cc = itm[q]
            self.mems += 1
            if cc <= 0:
                q = up[q]
                if q > r:
                    continue
                break
            in_r[cc] = tick
            rcol[cc] = color[q]
            lists += itm[cc]
            q += 1
        if self.way == 1 or (self.way == 0 and lists < self.live_primaries):
            return self._by_counts(r, tick)
        return self._by_witness(c, tick)

    def _by_counts(self, r: int, tick: int) -> int:
        up, down, itm, color = self.up, self.down, self.itm, self.color
        last_itm = self.last_itm
        node_opt, prim_start, prim = self.node_opt, self.prim_start, self.prim
        opt_tick, cnt_tick, in_r, cnt = self.opt_tick, self.cnt_tick, self.in_r, self.cnt
        mems = 0
        blocked = 0
        q = r + 1
        while not blocked:
            cc = itm[q]
            mems += 1
            if cc <= 0:
                q = up[q]
                if q > r:
                    continue
                break
            x = color[q]
            p = down[cc]
            while p >= last_itm:
                mems += 1
                if not (x > 0 and color[p] == x):
                    j = node_opt[p]
                    if opt_tick[j] != tick:
                        opt_tick[j] = tick
                        for a in range(prim_start[j], prim_start[j + 1]):
                            t = prim[a]
                            mems += 1
                            if cnt_tick[t] != tick:
                                cnt_tick[t] = tick
                                cnt[t] = itm[t]
                            cnt[t] -= 1
                            if cnt[t] == 0 and in_r[t] != tick:
                                blocked = t
                                break
                        if blocked:
                            break
                p = down[p]
            q += 1
        self.mems += mems
        return blocked

    def _usable(self, j: int, c: int, tick: int) -> bool:
        """Can option j be chosen together with the option under test?
        (Counts its mems.)"""
        if self.dead[j]:
            return False
        itm, color, in_r, rcol = self.itm, self.color, self.in_r, self.rcol
        first = self.opt_first[j]
        for q in range(first, first + self.opt_len[j]):
            i = itm[q]
            self.mems += 1
            if i <= 0:
                continue
            if i == c:
                if not color[q]:
                    return False
            elif in_r[i] == tick and (not rcol[i] or color[q] != rcol[i]):
                return False
        return True

    def _by_witness(self, c: int, tick: int) -> int:
        down, itm, node_opt, witness = self.down, self.itm, self.node_opt, self.witness
        last_itm, in_r = self.last_itm, self.in_r
        for t in range(1, self.second):
            w = witness[t]
            self.mems += 1
            if not itm[t] or t == c or in_r[t] == tick:
                continue
            if w >= 0 and self._usable(w, c, tick):
                continue
            p = down[t]
            while p >= last_itm:
                j = node_opt[p]
                self.mems += 1
                if j != w and self._usable(j, c, tick):
                    break
                p = down[p]
            if p < last_itm:
                return t
            witness[t] = node_opt[p]
        return 0

    def _remove_option(self, r: int) -> None:
        up, down, itm = self.up, self.down, self.itm
        self.options_out += 1
        self.dead[self.node_opt[r]] = 1
        q = r + 1
        while q != r:
            cc = itm[q]
            self.mems += 1
            if cc <= 0:
                q = up[q]
                continue
            itm[cc] -= 1
            if itm[cc] == 0:
                self._note_empty(cc)
                if self.done:
                    return
            u, d = up[q], down[q]
            down[u] = d
            up[d] = u
            self.mems += 2
            q += 1

    def _reduce_item(self, c: int) -> None:
        up, down, itm = self.up, self.down, self.itm
        last_itm = self.last_itm
        self.stack = 0
        self._hide(c)
        if self.stack:  # item self.stack forces item c
            p = self.stack
            self._unhide(c)
            r = down[c]
            while r >= last_itm:
                rr = down[r]
                self.mems += 1
                q = r + 1
                while q != r:
                    cc = itm[q]
                    self.mems += 1
                    if cc <= 0:
                        q = up[q]
                        continue
                    if cc == p:
                        break
                    q += 1
                if q != r:  # keep option r, without c
                    up[r], down[r], itm[r] = r + 1, r - 1, 0
                else:
                    self._remove_option(r)
                    if self.done:
                        return
                r = rr
            up[c] = down[c] = c
            itm[c] = 0
            self.items_out += 1
            self.forced += 1
            if c < self.second:
                self.live_primaries -= 1
            self.change = 1
            return
        self.cur_c, self.cur_r = c, down[c]

    def _test_options(self, stop: int) -> bool:
        """Test item cur_c's options from cur_r on; False when the mems
        reached ``stop`` first (cur_r is then the next one), True once the
        item is finished."""
        down, itm, color = self.down, self.itm, self.color
        last_itm, c = self.last_itm, self.cur_c
        r = self.cur_r
        while r >= last_itm:
            if self.mems >= stop:
                self.cur_r = r
                return False
            self.mems += 1
            q = r - 1
            while down[q] == q - 1:  # skip removed entries
                self.mems += 1
                q -= 1
            if itm[q] <= 0 and not color[r] and self._blocker(r, c):
                self.options_out += 1
                self.blocked += 1
                self.change = 1
                self.dead[self.node_opt[r]] = 1  # no witness any more
                itm[r] = self.stack
                self.stack = r
            r = down[r]
        self._finish_item()
        return True

    def _finish_item(self) -> None:
        """Put back item cur_c's options and remove those found unusable."""
        up, down, itm = self.up, self.down, self.itm
        c = self.cur_c
        self.cur_c = 0
        self._unhide(c)
        r = self.stack
        while r:
            rr = itm[r]
            itm[r] = c
            self.options_out -= 1
            self._remove_option(r)
            if self.done:
                return
            u, d = up[r], down[r]
            down[u] = d
            up[d] = u
            self.mems += 2
            itm[c] -= 1
            if itm[c] == 0:
                self._note_empty(c)
                if self.done:
                    return
            r = rr

    def run(self, budget: int) -> bool:
        """Work for about ``budget`` more mems; True once complete."""
        stop = self.mems + budget
        if self.cur_c and not self.done and not self._test_options(stop):
            return False
        while not self.done:
            if self.c >= self.last_itm:
                if not self.change or (0 < self.max_rounds <= self.rnd):
                    self.done = True
                    break
                self.rnd += 1
                self.c = 1
                self.change = 0
            if self.mems >= stop:
                return False
            c = self.c
            self.c += 1
            if not self.itm[c]:
                continue
            self._reduce_item(c)
            if self.cur_c and not self._test_options(stop):
                return False
        return True

    def settle(self) -> None:
        """Finish the item under way without testing more of its options
        (after a run stopped by its budget, before ``result``)."""
        if self.cur_c and not self.done:
            self._finish_item()

    def stats(self) -> dict:
        return {
            "mems": self.mems,
            "rounds": self.rnd,
            "item": self.c - 1,
            "options_out": self.options_out,
            "blocked": self.blocked,
            "items_out": self.items_out,
            "forced": self.forced,
            "infeasible": self.infeasible,
            "done": int(self.done),
        }

    def result(self) -> tuple[bytes, bytes]:
        """(option_keep, item_keep): one byte per option and per item, 1
        for what is left."""
        feasible = self.infeasible < 0
        opts = bytes(int(feasible and not d) for d in self.dead)
        items = bytes(
            int(self.itm[k + 1] > 0 if feasible else k == self.infeasible)
            for k in range(self.n_items)
        )
        return opts, items

    def reduced(self) -> tuple:
        """(opt_start, opt_items, opt_colors, origin) of the options left,
        as array('i'): their items renumbered among the items left, in the
        original order; origin the options' numbers."""
        opts, keep = self.result()
        new_index = []
        n = 0
        for k in keep:
            new_index.append(n if k else -1)
            n += k
        start = array("i", [0])
        items = array("i")
        colors = array("i")
        origin = array("i")
        itm, color, node_opt = self.itm, self.color, self.node_opt
        last = -1
        for node in range(self.last_itm + 1, len(itm)):
            j = node_opt[node]
            if j < 0:  # a spacer: option j ends
                if last >= 0 and opts[last]:
                    start.append(len(items))
                    origin.append(last)
                last = -1
                continue
            last = j
            k = itm[node]
            if opts[j] and k > 0 and keep[k - 1]:
                items.append(new_index[k - 1])
                colors.append(color[node])
        return start, items, colors, origin

    def close(self) -> None:
        pass


def _engine(backend: str):
    if backend == "c":
        from ._cbackend import PreC

        return PreC
    return PrePython


def check_preprocessable(problem, costs_kept: bool = True) -> None:
    """ProblemError when ``problem`` has option costs that the reduced
    problem should keep (it does not carry them): ``costs_kept`` False for
    a count, which does not read them."""
    if costs_kept and getattr(problem, "costs", None) is not None:
        raise ProblemError(
            f"{problem.name}: preprocessing does not keep option costs: "
            "solve the problem with costs without --preprocess"
        )


def preprocess(
    problem,
    backend: Optional[str] = None,
    *,
    timeout: Optional[float] = None,
    mem_limit: Optional[int] = None,
    max_rounds: Optional[int] = None,
    progress: Optional[Callable[[dict], None]] = None,
    way: int = 0,
    costs_kept: bool = True,
):
    """(reduced problem, PreStats): ``problem`` with the options no solution
    can use and the forced items removed, see the module's comment.
    ``timeout`` (seconds) and ``mem_limit`` stop the work early, soundly;
    ``max_rounds`` bounds the rounds; ``progress(stats)`` is called about
    five times a second with the engine's figures (a dict).  ``way`` picks
    how options are tested (1 by counts, 2 by witnesses, 0 the cheaper way
    for each; csrc/xcc/pre.c, blocker): the same reduction, other mems."""
    check_preprocessable(problem, costs_kept=costs_kept)
    backend = resolve(backend)
    if timeout is not None and timeout < 0:
        raise RequestError(f"timeout must be >= 0, got {timeout}")
    if mem_limit is not None and mem_limit < 0:
        raise RequestError(f"mem limit must be >= 0, got {mem_limit}")
    if max_rounds is not None and max_rounds < 1:
        raise RequestError(f"rounds must be at least 1, got {max_rounds}")
    start_clock = time.perf_counter()
    deadline = None if timeout is None else start_clock + timeout
    arrays = problem.live_arrays()
    opt_start, opt_items, opt_colors, ids = arrays[:4]
    n_primary, n_items = len(problem.primary), len(problem.items)
    engine: Any
    bounded = len(arrays) > 4
    if bounded:  # multiplicities: the reductions that stay sound with them
        from .prebounds import PreBounds

        engine = PreBounds(
            n_primary, n_items, opt_start, opt_items, opt_colors, arrays[4], max_rounds or 0
        )
    else:
        engine = _engine(backend)(
            n_primary, n_items, opt_start, opt_items, opt_colors, max_rounds or 0, way
        )
    stopped = None
    try:
        budget = _FIRST_BUDGET[backend]
        last_report = start_clock
        while True:
            if mem_limit is not None:
                left = mem_limit - engine.stats()["mems"]
                if left <= 0:
                    stopped = "mem limit"
                    break
                budget = min(budget, left)
            t0 = time.perf_counter()
            if engine.run(budget):
                break
            now = time.perf_counter()
            spent = now - t0
            if spent < _SLICE / 2:
                budget = min(budget * 4, 1 << 40)
            elif spent > _SLICE * 2:
                budget = max(1024, budget // 2)
            if deadline is not None and now >= deadline:
                stopped = "timeout"
                break
            if progress is not None and now - last_report >= 0.2:
                last_report = now
                progress(engine.stats())
        engine.settle()
        figures = engine.stats()
        _, item_keep = engine.result()
        arrays = engine.reduced()
    finally:
        engine.close()
    reduced = _reduced(problem, item_keep, arrays, ids)
    infeasible = figures["infeasible"]
    stats = PreStats(
        options=len(opt_start) - 1,
        items=n_items,
        options_out=figures["options_out"],
        blocked=figures["blocked"],
        items_out=figures["items_out"],
        forced=figures["forced"],
        rounds=figures["rounds"],
        mems=figures["mems"],
        seconds=time.perf_counter() - start_clock,
        backend="python" if bounded else backend,  # bounds: prebounds.py
        complete=stopped is None,
        stopped=stopped,
        infeasible=None if infeasible < 0 else problem.items[infeasible],
    )
    reduced.preprocessing = stats
    return reduced, stats


def _reduced(problem, item_keep, arrays, ids):
    """The Problem of the options and items kept (``arrays``: the engine's
    reduced start, items, colors and option numbers), its ``origin`` the
    original numbers of its options."""
    n_primary = len(problem.primary)
    names = problem.items
    primary = [names[k] for k in range(n_primary) if item_keep[k]]
    secondary = [names[k] for k in range(n_primary, len(names)) if item_keep[k]]
    start, items, colors, origin = arrays
    if ids is not None:
        origin = array("i", [ids[j] for j in origin])
    bounds = getattr(problem, "bounds", None)
    if bounds:
        bounds = {name: bounds[name] for name in primary if name in bounds} or None
    reduced = type(problem)._from_arrays(
        primary,
        secondary,
        problem.colors,
        start,
        items,
        colors,
        name=problem.name,
        dropped=[],
        bounds=bounds,
    )
    reduced.origin = origin
    reduced.source = problem
    return reduced
