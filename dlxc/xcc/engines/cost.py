"""Minimum-cost exact covering with colors in pure Python: the mirror of csrc/xcc/cost.c.

Contents: Data structures, Inputting the options (taxes, sorting), The
dancing, The resumable search.  The algorithm is Knuth's DLX5 (Algorithm C
with costs): every option has a non-negative cost, and the search keeps
the K cheapest solutions seen so far, cutting off every branch whose cost
reaches the K-th best.  Every name here is the C core's name, the tree it
walks is the same, and the statistics (nodes, updates, cleansings, the
number of solutions that entered the best list) are equal, so the backend
tests run the two side by side.

Three ideas make the cut-off bite (all from DLX5):

- Taxes.  Each primary item is taxed the cost of its cheapest option, and
  that tax is taken off every option containing the item.  A solution's
  net cost is then its cost less the total tax, the same for every
  solution, so the order of solutions is kept; but every item now has an
  option of net cost 0, and an option whose net cost is large is seen to
  be useless early.
- Sorted item lists.  Each item's list is sorted by net cost (stable, so
  the input order breaks ties): covering an item with a threshold hides
  only the options cheaper than the threshold, and the rest (which no
  solution below the current cut-off can use) are left alone.
- The branching item has the fewest *usable* options (those cheaper than
  the room left under the cut-off; at most ``LENTHRESH`` are counted, past
  that the item's length stands in), ties going to the item whose cheapest
  option costs most, then to the leftmost.  An item with no usable option
  ends the branch.

One cut is not DLX5's: a lower bound on the cost of covering the active
primary items (``too_dear``), checked as a level is entered once the best
list is full (``bound=False`` turns it off, and the search is DLX5's
exactly, its statistics too).

Costs are Python ints here and unsigned 64-bit words in C; the caller
checks that all the costs of a problem add up to less than 2**63, so no
sum can overflow in either.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from ...base.errors import SolverError
from ...base.guard import Guard, guarded
from .shared import BUDGET, DONE

INFCOST = (1 << 64) - 1  # "no cut-off yet", as C's UINT64_MAX
LENTHRESH = 10  # usable options counted per item when choosing where to branch
CLASS_WORK = 50_000_000  # steps allowed to find the classes of the lower bound


class CostMirror:
    """DLX5's search over Python lists, resumable like ``dlxc_cost_run``.

    Data structures: node x has ``up[x]``, ``down[x]``, ``itm[x]``,
    ``color[x]`` and ``cost[x]`` (the net cost of its option).  Nodes
    1..n_items are the item headers (``itm`` of a header is its length);
    options follow, each after a spacer whose ``itm`` is ``-j`` for the j-th
    option (1-based), whose ``up`` is the option's first node and whose
    ``down`` is the last node of the next option.  ``prev``/``next`` link
    the active primary items in a circle through the root 0, and the
    secondary items in a circle through ``n_items + 1``.
    """

    strategy = "cost"
    atomic_run = False  # Ctrl-C can land inside a run's Python code

    def __init__(
        self,
        n_primary: int,
        n_items: int,
        opt_start: Sequence[int],
        opt_items: Sequence[int],
        opt_colors: Sequence[int],
        opt_costs: Sequence[int],
        opt_ids: Sequence[int] | None,
        k: int,
        bound: bool = True,
    ) -> None:
        self._guard = Guard("this search")
        # ---- Inputting the options ----
        n_options = len(opt_start) - 1
        total = opt_start[n_options] if n_options >= 0 else 0
        last_itm = n_items + 1
        n_nodes = last_itm + total + n_options + 1
        up = [0] * n_nodes
        down = [0] * n_nodes
        itm = [0] * n_nodes
        color = [0] * n_nodes
        second = n_primary + 1
        prev = [0] * (last_itm + 1)
        nxt = [0] * (last_itm + 1)
        for i in range(1, last_itm + 1):
            prev[i], nxt[i] = i - 1, i + 1
        prev[0], nxt[0] = second - 1, 1 if n_primary else 0  # the primary circle
        nxt[second - 1] = 0
        prev[second], nxt[last_itm] = last_itm, second  # the secondary circle
        lists: list[list[int]] = [[] for _ in range(last_itm)]  # each item's nodes
        optcost = list(opt_costs)
        first = [0] * n_options
        x = last_itm  # the first spacer
        for j in range(n_options):
            first[j] = x + 1
            for k2 in range(opt_start[j], opt_start[j + 1]):
                c = opt_items[k2] + 1
                x += 1
                itm[x] = c
                color[x] = opt_colors[k2]
                lists[c].append(x)
            down[first[j] - 1] = x  # the spacer before: the end of this option
            x += 1
            itm[x] = -(j + 1)
            up[x] = first[j]
        down[x] = 0
        node_opt = [0] * n_nodes  # the option of each node, for the taxes
        for j in range(n_options):
            p = first[j]
            while itm[p] > 0:
                node_opt[p] = j
                p += 1
        self.itm = itm
        self.cls = self.make_classes(lists, n_primary)
        self.totaltax = 0
        if bound:
            tax = lagrange_taxes(n_primary, opt_start, opt_items, optcost, self.cls)
            if tax is not None:
                self.totaltax = sum(tax)
                for j in range(n_options):
                    for t in range(opt_start[j], opt_start[j + 1]):
                        if opt_items[t] < n_primary:
                            optcost[j] -= tax[opt_items[t]]
        # Taxes: item k's tax is the least cost of its options, taken off
        # every option containing k (items in order, costs as they stand).
        for c in range(1, second):
            if not lists[c]:
                continue
            minc = min(optcost[node_opt[p]] for p in lists[c])
            if minc:
                self.totaltax += minc
                for p in lists[c]:
                    optcost[node_opt[p]] -= minc
        cost = [0] * n_nodes
        for j in range(n_options):
            p = first[j]
            while itm[p] > 0:
                cost[p] = optcost[j]
                p += 1
        # Sorting: each item's list by net cost, the input order on ties.
        for c in range(1, last_itm):
            nodes = sorted(lists[c], key=cost.__getitem__)
            q = c
            for p in nodes:
                down[q] = p
                up[p] = q
                q = p
            down[q] = c
            up[c] = q
            itm[c] = len(nodes)
        self.up, self.down, self.itm, self.color, self.cost = up, down, itm, color, cost
        self.prev, self.next = prev, nxt
        self.second = second
        self.last_itm = last_itm
        self.opt_id = list(opt_ids) if opt_ids is not None else list(range(n_options))
        self.kthresh = k
        self.bound = bound
        self.zmax = max(
            [1]
            + [
                sum(1 for t in range(opt_start[j], opt_start[j + 1]) if opt_items[t] < n_primary)
                for j in range(n_options)
            ]
        )
        self.closed = False
        # the best list: (net cost, order found, option ids), at most k of them
        self.best: list[tuple[int, int, tuple[int, ...]]] = []
        self.cutoffcost = INFCOST
        self.solutions = self.nodes = self.updates = self.cleansings = 0
        self.max_level = 0
        self.done = False
        self._gen = None
        self.bits = bound and self._make_bits(
            n_primary, n_items, opt_start, opt_items, opt_colors, optcost
        )

    # ---- The dancing ----
    # Only the options cheaper than the threshold are hidden: the lists are
    # sorted by cost, so the loops stop at the first that is not.  Uncover
    # and unpurify use the threshold their cover and purify used, and go
    # down the list in the same order (DLX5 shows this restores the links).

    def cover(self, c: int, thresh: int) -> None:
        up, down, itm, color, cost, second = (
            self.up,
            self.down,
            self.itm,
            self.color,
            self.cost,
            self.second,
        )
        prev, nxt = self.prev, self.next
        l, r = prev[c], nxt[c]
        nxt[l] = r
        prev[r] = l
        updates = 1
        last_itm = self.last_itm
        rr = down[c]
        while rr >= last_itm:
            if cost[rr] >= thresh:
                break
            nn = rr + 1
            while nn != rr:
                if color[nn] >= 0:
                    cc = itm[nn]
                    if cc <= 0:
                        nn = up[nn]
                        continue
                    uu, dd = up[nn], down[nn]
                    down[uu] = dd
                    up[dd] = uu
                    updates += 1
                    if cc < second:
                        itm[cc] -= 1
                nn += 1
            rr = down[rr]
        self.updates += updates

    def uncover(self, c: int, thresh: int) -> None:
        up, down, itm, color, cost, second = (
            self.up,
            self.down,
            self.itm,
            self.color,
            self.cost,
            self.second,
        )
        last_itm = self.last_itm
        rr = down[c]
        while rr >= last_itm:
            if cost[rr] >= thresh:
                break
            nn = rr + 1
            while nn != rr:
                if color[nn] >= 0:
                    cc = itm[nn]
                    if cc <= 0:
                        nn = up[nn]
                        continue
                    down[up[nn]] = nn
                    up[down[nn]] = nn
                    if cc < second:
                        itm[cc] += 1
                nn += 1
            rr = down[rr]
        prev, nxt = self.prev, self.next
        nxt[prev[c]] = c
        prev[nxt[c]] = c

    def purify(self, p: int, thresh: int) -> None:
        up, down, itm, color, cost, second = (
            self.up,
            self.down,
            self.itm,
            self.color,
            self.cost,
            self.second,
        )
        c = itm[p]
        x = color[p]
        cleansings = 1
        updates = 0
        last_itm = self.last_itm
        rr = down[c]
        while rr >= last_itm:
            if cost[rr] >= thresh:
                break
            if color[rr] != x:
                nn = rr + 1
                while nn != rr:
                    if color[nn] >= 0:
                        cc = itm[nn]
                        if cc <= 0:
                            nn = up[nn]
                            continue
                        uu, dd = up[nn], down[nn]
                        down[uu] = dd
                        up[dd] = uu
                        updates += 1
                        if cc < second:
                            itm[cc] -= 1
                    nn += 1
            elif rr != p:
                cleansings += 1
                color[rr] = -1
            rr = down[rr]
        self.updates += updates
        self.cleansings += cleansings

    def unpurify(self, p: int, thresh: int) -> None:
        up, down, itm, color, cost, second = (
            self.up,
            self.down,
            self.itm,
            self.color,
            self.cost,
            self.second,
        )
        c = itm[p]
        x = color[p]
        last_itm = self.last_itm
        rr = down[c]
        while rr >= last_itm:
            if cost[rr] >= thresh:
                break
            if color[rr] < 0:
                color[rr] = x
            elif rr != p:
                nn = rr + 1
                while nn != rr:
                    if color[nn] >= 0:
                        cc = itm[nn]
                        if cc <= 0:
                            nn = up[nn]
                            continue
                        down[up[nn]] = nn
                        up[down[nn]] = nn
                        if cc < second:
                            itm[cc] += 1
                    nn += 1
            rr = down[rr]

    def commit_others(self, p: int, thresh: int) -> None:
        """Cover (or purify) every item of p's option but p's own."""
        up, itm, color = self.up, self.itm, self.color
        pp = p + 1
        while pp != p:
            cc = itm[pp]
            if cc <= 0:
                pp = up[pp]
                continue
            if not color[pp]:
                self.cover(cc, thresh)
            elif color[pp] > 0:
                self.purify(pp, thresh)
            pp += 1

    def uncommit_others(self, p: int, thresh: int) -> None:
        """Undo commit_others, right to left."""
        down, itm, color = self.down, self.itm, self.color
        pp = p - 1
        while pp != p:
            cc = itm[pp]
            if cc <= 0:
                pp = down[pp]
                continue
            if not color[pp]:
                self.uncover(cc, thresh)
            elif color[pp] > 0:
                self.unpurify(pp, thresh)
            pp -= 1

    def make_classes(self, lists: list[list[int]], n_primary: int) -> list[int]:
        """Classes of primary items no option holds two of, greedily: item c
        (in order) joins the first class holding no item that shares an
        option with c.  Past CLASS_WORK steps every item has a class of its
        own (as in C)."""
        itm = self.itm
        spans = []  # each item's options, as (first node, last node)
        work = 0
        for c in range(1, n_primary + 1):
            mine = []
            for p in lists[c]:
                a = p
                while itm[a - 1] > 0:
                    a -= 1
                b = p
                while itm[b] > 0:
                    b += 1
                mine.append((a, b))
                work += b - a
            spans.append(mine)
        if work > CLASS_WORK:
            return list(range(n_primary))
        cls: list[int] = []
        n_cls = 0
        for c in range(1, n_primary + 1):
            taken = {cls[itm[q] - 1] for a, b in spans[c - 1] for q in range(a, b) if itm[q] < c}
            k = 0
            while k in taken:
                k += 1
            n_cls = max(n_cls, k + 1)
            cls.append(k)
        return cls

    def too_dear(self, room: int) -> bool:
        """Whether covering the active primary items costs at least ``room``:
        item i's cheapest option costs m_i or more, an option covers at most
        ``zmax`` items, so with the m_i in decreasing order the options of
        any completion cost at least m[0] + m[zmax] + m[2 zmax] + ...; and
        the items of one class (``make_classes``) lie in different options,
        so the sum of their m_i is a bound too.  An item with an empty list
        costs infinitely much."""
        down, cost, nxt, cls = self.down, self.cost, self.next, self.cls
        mins = []
        sums: dict[int, int] = {}
        k = nxt[0]
        while k != 0:
            p = down[k]
            if p == k:
                return True
            mins.append(cost[p])
            t = sums[cls[k - 1]] = sums.get(cls[k - 1], 0) + cost[p]
            if t >= room:
                return True
            k = nxt[k]
        if self.zmax > 1:
            mins.sort(reverse=True)
        acc = 0
        for m in mins[:: self.zmax]:
            acc += m
            if acc >= room:
                return True
        return False

    def choose(self, room: int) -> tuple[int, int]:
        """(best_itm, t): the active primary item with the fewest options of
        net cost below ``room`` (counting at most LENTHRESH, then its length),
        ties to the dearest cheapest option, then the leftmost; t = 0 when
        some item has no such option."""
        down, itm, cost, nxt = self.down, self.itm, self.cost, self.next
        t = 1 << 62
        best = 0
        mincost_best = 0
        k = nxt[0]
        while k != 0:
            p = down[k]
            if p == k:
                return k, 0
            mincost = cost[p]
            if mincost >= room:
                return k, 0
            s = 1
            p = down[p]
            counting = True
            if cost[self.up[k]] < room:  # the dearest is usable: all are
                s = itm[k]
                counting = False
            while counting:
                if p == k or cost[p] >= room:
                    break
                if s == t:
                    s = -1  # more than t usable options: no change
                    break
                if s >= LENTHRESH:
                    s = itm[k]
                    break
                p = down[p]
                s += 1
            if s >= 0 and (s < t or (s == t and mincost > mincost_best)):
                t, best, mincost_best = s, k, mincost
            k = nxt[k]
        return best, t

    def option_id_of(self, p: int) -> int:
        if self.bits:  # p is a position
            return self.opt_id[self.popt[p]]
        itm = self.itm
        while itm[p] > 0:
            p += 1
        return self.opt_id[-itm[p] - 1]

    def record(self, level: int, choice: list, nextcost: int) -> None:
        """A solution of net cost nextcost < cutoffcost: into the best list
        (dropping the latest-found of the dearest when it is full)."""
        self.solutions += 1
        ids = tuple(self.option_id_of(choice[lv]) for lv in range(level + 1))
        best = self.best
        if len(best) >= self.kthresh:
            worst = max(range(len(best)), key=lambda i: (best[i][0], best[i][1]))
            best.pop(worst)
        best.append((nextcost, self.solutions, ids))
        if len(best) >= self.kthresh:
            self.cutoffcost = max(b[0] for b in best)

    # ---- The resumable search ----

    def _search(self):
        """DLX5's steps as a generator that pauses (yields) before entering a
        level once the call's budget is spent."""
        down, itm = self.down, self.itm
        n_levels = self.second + 1
        choice = [0] * n_levels
        partcost = [0] * n_levels
        thresh0 = [0] * n_levels
        thresh = [0] * n_levels
        level = 0
        curcost = 0
        entering = True
        while True:
            if entering:
                # forward: a new level
                while self.nodes >= self._stop:
                    yield
                self.nodes += 1
                if self.next[0] == 0:  # no primary item at all: the empty solution
                    self.nodes += 1
                    self.record(-1, choice, 0)
                    t = 0
                elif (
                    self.bound
                    and self.cutoffcost != INFCOST
                    and self.too_dear(self.cutoffcost - curcost)
                ):
                    t = 0
                else:
                    best_itm, t = self.choose(self.cutoffcost - curcost)
                if t == 0:
                    go = "backdown"
                else:
                    partcost[level] = curcost
                    cur_node = choice[level] = down[best_itm]
                    nextcost = curcost + self.cost[cur_node]
                    thresh0[level] = self.cutoffcost - nextcost
                    self.cover(best_itm, thresh0[level])
                    go = "advance"
            entering = False
            while True:
                if go == "advance":
                    thresh[level] = self.cutoffcost - nextcost
                    self.commit_others(cur_node, thresh[level])
                    if self.next[0] == 0:  # a solution
                        self.nodes += 1
                        if level + 1 > self.max_level:
                            self.max_level = level + 1
                        self.record(level, choice, nextcost)
                        go = "recover"
                    else:
                        level += 1
                        if level > self.max_level:
                            self.max_level = level
                        curcost = nextcost
                        entering = True
                        break
                if go == "backup":
                    self.uncover(best_itm, thresh0[level])
                    go = "backdown"
                if go == "backdown":
                    if level == 0:
                        self.done = True
                        return
                    level -= 1
                    cur_node = choice[level]
                    best_itm = itm[cur_node]
                    curcost = partcost[level]
                    go = "recover"
                if go == "recover":
                    self.uncommit_others(cur_node, thresh[level])
                    cur_node = choice[level] = down[cur_node]
                    if cur_node == best_itm:
                        go = "backup"
                        continue
                    nextcost = curcost + self.cost[cur_node]
                    if nextcost >= self.cutoffcost:
                        go = "backup"
                        continue
                    go = "advance"

    @guarded
    def run(self, node_budget: int) -> int:
        """Search on for about ``node_budget`` nodes; DONE or BUDGET."""
        self._live()
        if self.done:
            return DONE
        self._stop = self.nodes + max(1, node_budget)
        gen = self._gen
        if gen is None:
            gen = self._gen = self._bits_search() if self.bits else self._search()
        try:
            next(gen)
        except StopIteration:
            return DONE
        return BUDGET

    def results(self) -> list[tuple[int, tuple[int, ...]]]:
        """The best list so far, cheapest first (then in the order found),
        with the true costs (net cost plus the total tax)."""
        return [(c + self.totaltax, ids) for c, _, ids in sorted(self.best)]

    def stats(self) -> tuple[int, int, int, int, int, bool]:
        return (
            self.solutions,
            self.nodes,
            self.updates,
            self.cleansings,
            self.max_level,
            self.done,
        )

    def close(self) -> None:
        self.closed = True
        self._gen = None
        self._guard.close()

    # ---- The bitset mode (csrc/xcc/cost.c, section 7) ----
    # Python ints as the bitsets: bit q is the option at position q (the
    # options sorted by net cost, input order on ties).

    def _make_bits(self, n_primary, n_items, opt_start, opt_items, opt_colors, net) -> bool:
        n_options = len(opt_start) - 1
        if not 1 <= n_options <= BITS_MAX_OPTIONS or n_primary < 1:
            return False
        holders: list[list[tuple[int, int]]] = [[] for _ in range(n_items)]
        for j in range(n_options):
            for x in range(opt_start[j], opt_start[j + 1]):
                holders[opt_items[x]].append((j, opt_colors[x]))
        n_words, n_iwords = (n_options + 63) // 64, (n_primary + 63) // 64
        levels = min(n_primary, n_options) + 2
        words = levels * (n_words + n_iwords) + n_primary * n_words
        if sum(len(h) ** 2 for h in holders) > BITS_CONF_WORK or words > BITS_MAX_WORDS:
            return False
        popt = sorted(range(n_options), key=net.__getitem__)
        posof = [0] * n_options
        for q, j in enumerate(popt):
            posof[j] = q
        conf = [0] * n_options
        imask = [0] * n_primary
        for c, h in enumerate(holders):
            for ja, ca in h:
                qa = posof[ja]
                if c < n_primary:
                    imask[c] |= 1 << qa
                for jb, cb in h:
                    if c < n_primary or ca == 0 or ca != cb:
                        conf[qa] |= 1 << posof[jb]
        self.popt = popt
        self.pcost = [net[j] for j in popt]
        self.conf = conf
        self.imask = imask
        self.pitems = [
            [i for i in opt_items[opt_start[j] : opt_start[j + 1]] if i < n_primary] for j in popt
        ]
        self.n_words = (n_options + 63) // 64
        return True

    def _scan(self, live: int, active: int, room: int, check: bool) -> int:
        """The item to branch on (fewest live options below the room; ties:
        the dearest cheapest option, then the leftmost), or -1 for a dead
        end or, with ``check``, a bound that reaches the room."""
        r = bisect_left(self.pcost, room)
        usable = live & ((1 << r) - 1)
        cls, pcost = self.cls, self.pcost
        sums: dict[int, int] = {}
        mins = []
        best, t, best_min = -1, None, 0
        i = 0
        while active:
            if active & 1:
                x = usable & self.imask[i]
                if not x:
                    return -1
                mc = pcost[(x & -x).bit_length() - 1]
                if check:
                    v = sums[cls[i]] = sums.get(cls[i], 0) + mc
                    if v >= room:
                        return -1
                    mins.append(mc)
                n = bin(x).count("1")
                if t is None or n < t or (n == t and mc > best_min):
                    best, t, best_min = i, n, mc
            active >>= 1
            i += 1
        if check:
            if self.zmax > 1:
                mins.sort(reverse=True)
            acc = 0
            for m in mins[:: self.zmax]:
                acc += m
                if acc >= room:
                    return -1
        return best

    def _bits_search(self):
        """The bitset mode's search as a generator that pauses (yields)
        before entering a level once the call's budget is spent."""
        n_levels = self.second + 1
        choice = [0] * n_levels
        partcost = [0] * n_levels
        at = [0] * n_levels
        item = [0] * n_levels
        live = [0] * (n_levels + 1)
        act = [0] * (n_levels + 1)
        live[0] = (1 << len(self.pcost)) - 1
        act[0] = (1 << (self.second - 1)) - 1
        pcost, conf, imask = self.pcost, self.conf, self.imask
        level = 0
        curcost = 0
        entering = True
        while True:
            if entering:
                while self.nodes >= self._stop:
                    yield
                self.nodes += 1
                room = self.cutoffcost - curcost
                it = self._scan(live[level], act[level], room, self.cutoffcost != INFCOST)
                if it < 0:
                    if level == 0:
                        self.done = True
                        return
                    level -= 1
                else:
                    item[level] = it
                    at[level] = 0
                    partcost[level] = curcost
            entering = False
            # the next option of the level's item
            x = (live[level] & imask[item[level]]) >> at[level]
            curcost = partcost[level]
            q = (x & -x).bit_length() - 1 + at[level] if x else -1
            if q < 0 or curcost + pcost[q] >= self.cutoffcost:
                if level == 0:
                    self.done = True
                    return
                level -= 1
                continue
            at[level] = q + 1
            choice[level] = q
            nextcost = curcost + pcost[q]
            live[level + 1] = live[level] & ~conf[q]
            self.updates += self.n_words
            a = act[level]
            for i in self.pitems[q]:
                a &= ~(1 << i)
            act[level + 1] = a
            if not a:  # a solution
                self.nodes += 1
                self.max_level = max(self.max_level, level + 1)
                self.record(level, choice, nextcost)
                continue
            level += 1
            self.max_level = max(self.max_level, level)
            curcost = nextcost
            entering = True

    def _live(self) -> None:
        if self.closed:
            raise SolverError("this search is closed")


BITS_MAX_OPTIONS = 4096  # options at most for the bitset mode (as in C)
BITS_CONF_WORK = 50_000_000  # steps allowed to build its conflict sets
BITS_MAX_WORDS = 1 << 23  # 64-bit words allowed for its sets and masks
LAG_ROUNDS = 100
LAG_PATIENCE = 8
LAG_LIMIT = 1 << 40


def lagrange_taxes(n_primary, opt_start, opt_items, opt_costs, cls):
    """Lagrangian taxes, as csrc/xcc/cost.c's lagrange_taxes: when every
    option holds exactly one item of class 0, integer prices lam_i on the
    other primary items, climbed by subgradient steps, and for each class-0
    item p the least of c(o) - lam(o) over its options.  Every net cost
    stays >= 0 and the taxes add up to a lower bound on every solution's
    cost.  The taxes per primary item, or None when the scheme does not
    apply (no costs, costs too large, an option without a class-0 item)."""
    n_options = len(opt_costs)
    if not n_primary or not n_options or max(opt_costs) == 0 or sum(opt_costs) >= LAG_LIMIT:
        return None
    prims = []
    head = []
    for j in range(n_options):
        mine = [i for i in opt_items[opt_start[j] : opt_start[j + 1]] if i < n_primary]
        tops = [i for i in mine if cls[i] == 0]
        if len(tops) != 1:
            return None
        prims.append(mine)
        head.append(tops[0])
    rest = [[i for i in mine if cls[i] != 0] for mine in prims]
    tops = [i for i in range(n_primary) if cls[i] == 0]
    lam = [0] * n_primary
    best = lam[:]
    best_l = None
    step = max(1, max(opt_costs) // 8)
    stale = 0
    for _ in range(LAG_ROUNDS):
        if step <= 0:
            break
        mn: dict[int, int] = {}
        arg: dict[int, int] = {}
        for j in range(n_options):
            r = opt_costs[j] - sum(lam[i] for i in rest[j])
            h = head[j]
            if h not in mn or r < mn[h]:
                mn[h] = r
                arg[h] = j
        if len(mn) != len(tops):
            return None  # an item without options
        value = sum(lam) + sum(mn.values())
        if best_l is None or value > best_l:
            best_l, stale = value, 0
            best = lam[:]
        else:
            stale += 1
            if stale >= LAG_PATIENCE:
                step //= 2
                stale = 0
        cnt = [0] * n_primary
        for p in tops:
            for i in prims[arg[p]]:
                cnt[i] += 1
        moved = False
        for i in range(n_primary):
            if cls[i] != 0 and cnt[i] != 1:
                lam[i] += step * (1 - cnt[i])
                moved = True
        if not moved:
            break
    tax = [best[i] if cls[i] != 0 else None for i in range(n_primary)]
    for j in range(n_options):
        r = opt_costs[j] - sum(best[i] for i in rest[j])
        h = head[j]
        if tax[h] is None or r < tax[h]:
            tax[h] = r
    return tax
