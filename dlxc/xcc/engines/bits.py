"""The pure-Python mirror of csrc/xcc/bits.c: XCC with bitsets of options.

Same functions, same names, same tree and same statistics as the C engine
(``strategy="bits"``).  Python's ints are the bitsets: ``A[l]`` holds the
options active at level ``l`` (bit o = option o, in input order), ``U[l]``
the uncovered primary items, and ``kill[o]`` the kill lists of option o's
nodes (M_x or K_{x,c}, one int each, shared between the nodes that have
the same item and color).  Its updates are bits.c's: the words of those lists,
``owords[o]``, whose nonzero 64-bit words bits.c keeps.  The tree is DLX2's;
read bits.c for the prose, the comments here only point at its sections.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...base.errors import SolverError
from ...base.guard import Guard, guarded
from .shared import BATCH, BUDGET, DONE, SideMirror

BS_NEW, BS_FORWARD, BS_SOLUTION, BS_LEAF, BS_DONE = range(5)
_COUNTER_CEILING = 1 << 62


def _bitset(members: list[int], nbytes: int) -> int:
    """The int whose bits are ``members``."""
    b = bytearray(nbytes)
    for o in members:
        b[o >> 3] |= 1 << (o & 7)
    return int.from_bytes(b, "little")


def _nonzero_words(mask: int) -> int:
    """How many 64-bit words of ``mask`` are not zero (bits.c's entries)."""
    n = (mask.bit_length() + 63) // 64
    return sum(1 for w in memoryview(mask.to_bytes(8 * n, "little")).cast("Q") if w)


class BitsMirror(SideMirror):
    """The mirror of a ``dlxc_bits`` handle (see ``_cbackend.BitsC``)."""

    strategy = "bits"

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
        # M[x], the options containing x, and the options giving x each
        # color, built as bytes (OR-ing 1 << o into an int would copy it
        # each time: quadratic in the number of options)
        nbytes = (n_options + 7) // 8
        users: list[list[int]] = [[] for _ in range(n_items)]
        colored_users: dict[tuple[int, int], list[int]] = {}
        for o in range(n_options):
            for k in range(opt_start[o], opt_start[o + 1]):
                x, c = opt_items[k], opt_colors[k]
                users[x].append(o)
                if c:
                    colored_users.setdefault((x, c), []).append(o)
        self.M = M = [_bitset(u, nbytes) for u in users]
        # the kill lists: M_x for a primary item or an uncolored use,
        # K_{x,c} = M_x minus the options giving x the color c
        lists = {key: M[key[0]] & ~_bitset(u, nbytes) for key, u in colored_users.items()}
        words: dict[tuple[int, int], int] = {}
        kill: list[tuple[int, ...]] = [()] * n_options  # kill[o]: its nodes' lists
        self.kill = kill
        self.pbits = pbits = [0] * n_options  # pbits[o]: o's primary items
        self.nprim = nprim = [0] * n_options
        self.owords = owords = [0] * n_options  # owords[o]: the words of o's lists
        for o in range(n_options):
            kills = []
            for k in range(opt_start[o], opt_start[o + 1]):
                x, c = opt_items[k], opt_colors[k]
                key = (x, 0 if x < n_primary else c)
                mask = lists[key] if key[1] else M[x]
                kills.append(mask)
                if key not in words:
                    words[key] = _nonzero_words(mask)
                owords[o] += words[key]
                if x < n_primary:
                    pbits[o] |= 1 << x
                    nprim[o] += 1
            kill[o] = tuple(kills)
        self.opt_id = list(opt_ids) if opt_ids is not None else list(range(n_options))
        self.n_primary = n_primary
        levels = n_primary + 2
        self.A = [0] * levels
        self.U = [0] * levels
        self.A[0] = (1 << n_options) - 1
        self.U[0] = (1 << n_primary) - 1
        self.pl = [0] * levels
        self.pl[0] = n_primary
        self.best = [0] * levels
        self.rest = [0] * levels  # untried options of best[l] (bits.c: ent, rem)
        self.choice = [0] * levels
        self.deg = [0] * levels
        self.kth = [0] * levels
        self.state = BS_NEW
        self.level = self.max_level = 0
        self.split_depth = 0  # > 0: paths to this depth are recorded, not entered
        self.floor = 0  # the level a replayed subproblem starts at
        self.solutions = self.nodes = self.updates = 0

    # ---- 4. The dancing ----
    def choose(self, a: int, u: int) -> tuple[int, int]:
        """C3: the uncovered primary item with fewest active options, the
        leftmost on ties, and its size; a size of 0 ends the scan."""
        M = self.M
        best, t = -1, -1  # -1: no item scanned yet
        while u:
            p = (u & -u).bit_length() - 1
            u &= u - 1
            n = (a & M[p]).bit_count()
            if t < 0 or n < t:
                best, t = p, n
                if t == 0:
                    break
        return best, t

    def commit(self, o: int, level: int) -> None:
        """Level+1's state: level's without what option o kills."""
        self.updates += self.owords[o]
        a = self.A[level]
        for mask in self.kill[o]:
            a &= ~mask
        self.A[level + 1] = a
        self.U[level + 1] = self.U[level] & ~self.pbits[o]
        self.pl[level + 1] = self.pl[level] - self.nprim[o]

    def next_option(self, level: int) -> int:
        r = self.rest[level]
        return (r & -r).bit_length() - 1 if r else -1

    # ---- 5. The resumable search ----
    def record(self, k: int, out: list | None, room: int) -> bool:
        if out is None:
            return True
        if room <= self._recorded:
            return False
        self._recorded += 1
        out.append(tuple(self.opt_id[self.choice[l]] for l in range(k)))
        return True

    def set_split(self, depth: int) -> None:
        """As ``dlxc_bits_set_split``."""
        if self.state != BS_NEW or depth < 0:
            raise ValueError("a split depth is set before the first run")
        self.split_depth = depth

    @guarded
    def replay(self, path: Sequence[int]) -> None:
        """As ``dlxc_bits_replay``: commit ``path`` (option ids) with the
        same branching rule, then search the subtree below it from zero."""
        self._live()
        if self.state not in (BS_NEW, BS_DONE) or self.split_depth or len(path) > self.n_primary:
            raise ValueError(f"path {tuple(path)!r} is not a subproblem of this problem")
        for level, want in enumerate(path):
            if self.pl[level] == 0:
                break
            p, _ = self.choose(self.A[level], self.U[level])
            rest = self.A[level] & self.M[p]
            while rest:
                o = (rest & -rest).bit_length() - 1
                if self.opt_id[o] == want:
                    break
                rest &= rest - 1
            if not rest:
                break
            self.best[level], self.choice[level] = p, o
            self.deg[level] = self.kth[level] = 1
            self.commit(o, level)
        else:
            if not path or self.pl[len(path)]:
                self.level = self.floor = len(path)
                self.solutions = self.nodes = self.updates = self.max_level = 0
                self.state = BS_FORWARD
                return
        self.closed = True  # as bits.c's error state: the search cannot go on
        raise ValueError(f"path {tuple(path)!r} is not a subproblem of this problem")

    def _enter(self, level: int, p: int, size: int) -> None:
        self.best[level] = p
        self.rest[level] = self.A[level] & self.M[p]
        self.deg[level] = size
        self.kth[level] = 0

    @guarded
    def run(
        self, node_budget: int, out: list | None = None, room: int = 0, paths: list | None = None
    ) -> int:
        """Search on, as ``dlxc_bits_run``; a split run appends its paths to
        ``paths``."""
        self._live()
        if self.state == BS_DONE:
            return DONE
        level = self.level
        limit = self.nodes + node_budget
        self._recorded = 0
        room = room if room > 0 else 1 << 62
        status = DONE
        step = {BS_NEW: "forward", BS_FORWARD: "forward", BS_SOLUTION: "solution", BS_LEAF: "leaf"}[
            self.state
        ]
        if self.state == BS_NEW:
            level = 0
        while True:
            if step == "forward":
                if self.nodes >= limit:
                    self.state, status = BS_FORWARD, BUDGET
                    break
                if level == self.split_depth and level > 0:  # a subproblem's path
                    if out is None or paths is None:
                        raise ValueError("a split run lists its paths")
                    if room <= self._recorded:
                        self.state, status = BS_FORWARD, BATCH
                        break
                    self._recorded += 1
                    paths.append(tuple(self.opt_id[self.choice[l]] for l in range(level)))
                    step = "backup"
                    continue
                self.nodes += 1
                self.max_level = max(self.max_level, level)
                if self.pl[level] == 0:  # the empty solution
                    level = -1
                    step = "solution"
                    continue
                if self.pl[level] == 1:  # the last level
                    u = self.U[level]
                    p = (u & -u).bit_length() - 1
                    self._enter(level, p, (self.A[level] & self.M[p]).bit_count())
                    step = "leaf"
                    continue
                p, t = self.choose(self.A[level], self.U[level])
                self._enter(level, p, t)
                step = "advance"
            elif step == "advance":
                o = self.next_option(level)
                if o < 0:
                    step = "backup"
                    continue
                self.rest[level] &= self.rest[level] - 1
                self.choice[level] = o
                self.kth[level] += 1
                self.commit(o, level)
                if self.pl[level + 1] == 0:
                    step = "solution"
                    continue
                level += 1
                step = "forward"
            elif step == "solution":
                if self.nodes >= limit:
                    self.state, status = BS_SOLUTION, BUDGET
                    break
                if not self.record(level + 1, out, room):
                    self.state, status = BS_SOLUTION, BATCH
                    break
                self.nodes += 1
                self.solutions += 1
                step = "done" if level < 0 else "advance"
            elif step == "backup":
                if level == self.floor:
                    step = "done"
                    continue
                level -= 1
                step = "advance"
            elif step == "leaf":
                if out is None:
                    n = self.rest[level].bit_count()
                    if n <= limit - self.nodes:
                        self.nodes += n
                        self.solutions += n
                        self.kth[level] += n
                        step = "backup"
                        continue
                stopped = False
                while (o := self.next_option(level)) >= 0:
                    if self.nodes >= limit:
                        self.state, status, stopped = BS_LEAF, BUDGET, True
                        break
                    self.choice[level] = o
                    if not self.record(level + 1, out, room):
                        self.state, status, stopped = BS_LEAF, BATCH, True
                        break
                    self.rest[level] &= self.rest[level] - 1
                    self.kth[level] += 1
                    self.nodes += 1
                    self.solutions += 1
                if stopped:
                    break
                step = "backup"
            else:  # done
                self.state, status = BS_DONE, DONE
                break
        self.level = level
        if self.nodes >= _COUNTER_CEILING or self.updates >= _COUNTER_CEILING:
            raise SolverError("a 64-bit counter would overflow")
        return status

    def progress(self) -> float:
        """Knuth's estimate of the fraction of the tree explored (bits.c)."""
        if self.state == BS_DONE:
            return 1.0
        if self.state == BS_NEW:
            return 0.0
        f, fd = 0.0, 1.0
        top = self.level + 1 if self.state in (BS_LEAF, BS_SOLUTION) else self.level
        for lev in range(top):
            if fd >= 1e300:
                break
            k = self.kth[lev] + (1 if lev == self.level and self.state == BS_LEAF else 0)
            d = max(self.deg[lev], k)
            fd *= d
            f += (k - 1) / fd
        return min(1.0, f)

    def stats(self) -> tuple[int, int, int, int, int, bool]:
        return (self.solutions, self.nodes, self.updates, 0, self.max_level, self.state == BS_DONE)
