"""Preprocessing a problem with multiplicities: the reductions that stay
sound when a primary item ``u:v|name`` is covered between u and v times.

DLX-PRE's two reductions assume each primary item is covered exactly once
(dlxc.xcc.preprocess).  With bounds:

- *blocked* options generalize: choosing option r rules out the options
  that clash with it (those that share an uncolored secondary item with r,
  give one of r's colored secondary items another color or none, or share
  a primary item of upper bound 1 with r).  If then some primary item q
  has fewer options left (counting r itself when it holds q) than its
  lower bound u, no solution holds r, and r goes.  With every bound 1:1
  this is DLX-PRE's test.  A count of options is an upper bound on the
  covers q can still get, so the test never removes an option of a
  solution.
- *forced* items are not removed: "every option of p holds c, so covering
  p covers c" breaks when p may be covered twice or not at all, or c may
  be covered more than once, and keeping c is always sound.

Items left in no option go (a secondary item, or a primary item of lower
bound 0); a primary item that can no longer reach its lower bound means no
solution, and the reduced problem is that item alone, without options.

The work is on bitsets (Python ints, one bit per option), the same on both
backends; it has the interface of the engines of dlxc.xcc.preprocess
(``run(budget)`` in mems, here one per item of an option tested and one per
primary item checked), so timeouts, mem limits and progress act the same.
"""

from __future__ import annotations

from array import array


def _ones(x: int) -> int:
    return bin(x).count("1")


class PreBounds:
    """The reductions over compact arrays and the bounds (u, v of each
    primary item in turn)."""

    def __init__(self, n_primary, n_items, opt_start, opt_items, opt_colors, bounds, max_rounds):
        n = self.n_options = len(opt_start) - 1
        self.n_primary = n_primary
        self.n_items = n_items
        self.start, self.items, self.colors = list(opt_start), list(opt_items), list(opt_colors)
        self.lo_b = [bounds[2 * p] for p in range(n_primary)]
        self.hi_b = [bounds[2 * p + 1] for p in range(n_primary)]
        self.max_rounds = max_rounds
        self.of_item = [0] * n_items  # options holding the item
        self.plain = [0] * n_items  # options holding it without a color
        self.colored: list = [dict() for _ in range(n_items)]  # color -> options
        for j in range(n):
            bit = 1 << j
            for k in range(opt_start[j], opt_start[j + 1]):
                x, c = opt_items[k], opt_colors[k]
                self.of_item[x] |= bit
                if c == 0:
                    self.plain[x] |= bit
                else:
                    self.colored[x][c] = self.colored[x].get(c, 0) | bit
        self.needed = [q for q in range(n_primary) if self.lo_b[q] > 0]
        self.alive = (1 << n) - 1
        self.dead = bytearray(n)
        self.mems = self.rnd = 0
        self.options_out = self.blocked = self.items_out = 0
        self.infeasible = -1
        self.j = 0  # the next option to test in this round
        self.change = False
        self.done = False
        self._check_items()
        if self.infeasible < 0 and n:
            self.rnd = 1

    def _clash(self, j: int) -> int:
        """The options that cannot go with option j (j included)."""
        out = 1 << j
        for k in range(self.start[j], self.start[j + 1]):
            x, c = self.items[k], self.colors[k]
            if x < self.n_primary:
                if self.hi_b[x] == 1:
                    out |= self.of_item[x]
            elif c == 0:
                out |= self.of_item[x]
            else:
                out |= self.of_item[x] & ~self.colored[x][c]
        return out

    def _blocked(self, j: int) -> bool:
        avail = self.alive & ~self._clash(j)
        mine = {self.items[k] for k in range(self.start[j], self.start[j + 1])}
        self.mems += self.start[j + 1] - self.start[j]
        for q in self.needed:
            self.mems += 1
            n = _ones(self.of_item[q] & avail) + (q in mine)
            if n < self.lo_b[q]:
                return True
        return False

    def _check_items(self) -> None:
        """Infeasible when a needed item has fewer live options than u."""
        for q in self.needed:
            if _ones(self.of_item[q] & self.alive) < self.lo_b[q]:
                self.infeasible = q
                self.done = True
                return

    def run(self, budget: int) -> bool:
        """Work for about ``budget`` more mems; True once complete."""
        stop = self.mems + budget
        while not self.done:
            if self.j >= self.n_options:
                if not self.change or (0 < self.max_rounds <= self.rnd):
                    self.done = True
                    break
                self.rnd += 1
                self.j = 0
                self.change = False
            if self.mems >= stop:
                return False
            j = self.j
            self.j += 1
            if self.dead[j]:
                continue
            if self._blocked(j):
                self.dead[j] = 1
                self.alive &= ~(1 << j)
                self.options_out += 1
                self.blocked += 1
                self.change = True
                self._check_items()
        return True

    def settle(self) -> None:
        """Nothing is half done between two options."""

    def stats(self) -> dict:
        return {
            "mems": self.mems,
            "rounds": self.rnd,
            "item": -1,
            "options_out": self.options_out,
            "blocked": self.blocked,
            "items_out": self._items_out(),
            "forced": 0,
            "infeasible": self.infeasible,
            "done": int(self.done),
        }

    def _items_out(self) -> int:
        return self.n_items - sum(self.result()[1])

    def result(self) -> tuple[bytes, bytes]:
        """(option_keep, item_keep): one byte per option and per item."""
        feasible = self.infeasible < 0
        opts = bytes(int(feasible and not d) for d in self.dead)
        if not feasible:
            return opts, bytes(int(k == self.infeasible) for k in range(self.n_items))
        alive = self.alive
        keep = bytes(
            int(bool(self.of_item[k] & alive) or (k < self.n_primary and self.lo_b[k] > 0))
            for k in range(self.n_items)
        )
        return opts, keep

    def reduced(self) -> tuple:
        """(opt_start, opt_items, opt_colors, origin) of the options left,
        their items renumbered among the items left."""
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
        for j in range(self.n_options):
            if not opts[j]:
                continue
            for k in range(self.start[j], self.start[j + 1]):
                items.append(new_index[self.items[k]])
                colors.append(self.colors[k])
            start.append(len(items))
            origin.append(j)
        return start, items, colors, origin

    def close(self) -> None:
        pass
