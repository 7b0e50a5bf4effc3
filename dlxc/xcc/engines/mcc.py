"""The pure-Python mirror of csrc/xcc/mcc.c: exact cover with colors and
multiplicities (MCC), after Knuth's DLX3 (Algorithm M).

Same functions, same names, same tree and same statistics as the C engine:
``strategy="dlx3"`` (``Dlx3Mirror``) reports DLX3's updates and cleansings,
as the C engine's links walk does; ``strategy="mcc"`` (``MccMirror``) walks
the same tree with the C engine's bitset figures (updates = the options
committed, no cleansings), which its links walk counts too.  Each
primary item i has bounds u_i:v_i (1:1 for a plain one) and must be
covered at least u_i and at most v_i times.  The data are DLX2's
dancing links (items 1..n_items with the root 0, nodes after them, a
spacer after each option) plus, for each primary item, its ``bound``
(how many more times it may be covered) and its ``slack`` (v_i - u_i,
which never changes).  Read mcc.c for the prose; the comments here only
point at its sections.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...base.errors import SolverError
from ...base.guard import Guard, guarded
from ...base.rng import MASK64, uniform_below
from .shared import BATCH, BUDGET, DONE, SideMirror

MS_NEW, MS_FORWARD, MS_ADVANCE, MS_BACKUP, MS_DONE, MS_BACKDOWN = range(6)
_COUNTER_CEILING = 1 << 62
_NO_MEMO = (
    "counting with a memo table (--memo) is not available for items with "
    "multiplicities; count without it"
)


class MccMirror(SideMirror):
    """The mirror of a ``dlxc_mcc`` handle (see ``_cbackend.MccC``)."""

    strategy = "mcc"
    links = False  # report DLX3's updates and cleansings (Dlx3Mirror)

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
        bounds: Sequence[int] | None = None,
    ) -> None:
        self._guard = Guard("this search")
        n_options = len(opt_start) - 1
        n_nodes = n_items + 1 + opt_start[-1] + n_options + 1
        self.last_itm = last = n_items + 1
        self.second = n_primary + 1
        self.up = up = [0] * n_nodes
        self.down = down = [0] * n_nodes
        self.itm = itm = [0] * n_nodes
        self.color = color = [0] * n_nodes
        self.len = length = [0] * last
        self.prev = [0] * (last + 1)
        self.next = [0] * (last + 1)
        self.bound = [1] * last
        self.slack = [0] * last
        if bounds is not None:
            for i in range(n_primary):
                lo, hi = bounds[2 * i], bounds[2 * i + 1]
                self.bound[i + 1] = hi
                self.slack[i + 1] = hi - lo
        # the active list: primary items 1..second-1 around the root 0
        root = 0
        for k in range(1, self.second):
            self.prev[k] = k - 1
            self.next[k - 1] = k
        self.next[self.second - 1] = root
        self.prev[root] = self.second - 1
        for k in range(self.second, last):  # secondary items: self-linked
            self.prev[k] = self.next[k] = k
        for k in range(1, last):
            up[k] = down[k] = k
        self.opt_id = list(opt_ids) if opt_ids is not None else list(range(n_options))
        self.spacer_opt: dict[int, int] = {}
        p = last  # the first spacer
        itm[p] = 0
        for j in range(n_options):
            a, b = opt_start[j], opt_start[j + 1]
            first = p + 1
            for k in range(a, b):
                p += 1
                i = opt_items[k] + 1
                itm[p] = i
                color[p] = opt_colors[k]
                length[i] += 1
                q = up[i]
                down[q] = p
                up[p] = q
                down[p] = i
                up[i] = p
            down[first - 1] = p  # the spacer before: down = this option's last node
            p += 1
            itm[p] = -j - 1
            up[p] = first  # the spacer after: up = this option's first node
        self.n_primary = n_primary
        self.levels = max(4, opt_start[-1] + n_primary + 2)
        self.choice = [0] * 8
        self.first_tweak = [0] * 8
        self.scor = [0] * 8
        self.state = MS_NEW
        self.split_depth = 0
        self.floor = 0
        self.level = self.max_level = self.best_itm = self.cur_node = 0
        self.solutions = self.nodes = self.updates = self.cleansings = self.commits = 0
        self._last_progress = 0.0

    # ---- 4. The dancing ----
    def cover(self, c: int, deact: bool) -> None:
        """Hide every option of c's list from the other lists; with
        ``deact``, take c out of the active list too."""
        up, down, itm, color, length = self.up, self.down, self.itm, self.color, self.len
        if deact:
            l, r = self.prev[c], self.next[c]
            self.next[l] = r
            self.prev[r] = l
        self.updates += 1
        last = self.last_itm
        rr = down[c]
        while rr >= last:
            nn = rr + 1
            while nn != rr:
                if color[nn] >= 0:
                    uu, dd = up[nn], down[nn]
                    cc = itm[nn]
                    if cc <= 0:
                        nn = uu
                        continue
                    down[uu] = dd
                    up[dd] = uu
                    self.updates += 1
                    length[cc] -= 1
                nn += 1
            rr = down[rr]

    def uncover(self, c: int, react: bool) -> None:
        up, down, itm, color, length = self.up, self.down, self.itm, self.color, self.len
        last = self.last_itm
        rr = down[c]
        while rr >= last:
            nn = rr + 1
            while nn != rr:
                if color[nn] >= 0:
                    uu, dd = up[nn], down[nn]
                    cc = itm[nn]
                    if cc <= 0:
                        nn = uu
                        continue
                    down[uu] = nn
                    up[dd] = nn
                    length[cc] += 1
                nn += 1
            rr = down[rr]
        if react:
            l, r = self.prev[c], self.next[c]
            self.next[l] = c
            self.prev[r] = c

    def purify(self, p: int) -> None:
        up, down, itm, color, length = self.up, self.down, self.itm, self.color, self.len
        last = self.last_itm
        c, x = itm[p], color[p]
        self.cleansings += 1
        rr = down[c]
        while rr >= last:
            if color[rr] != x:
                nn = rr + 1
                while nn != rr:
                    uu, dd = up[nn], down[nn]
                    cc = itm[nn]
                    if cc <= 0:
                        nn = uu
                        continue
                    if color[nn] >= 0:
                        down[uu] = dd
                        up[dd] = uu
                        self.updates += 1
                        length[cc] -= 1
                    nn += 1
            elif rr != p:
                self.cleansings += 1
                color[rr] = -1
            rr = down[rr]

    def unpurify(self, p: int) -> None:
        up, down, itm, color, length = self.up, self.down, self.itm, self.color, self.len
        last = self.last_itm
        c, x = itm[p], color[p]
        rr = up[c]
        while rr >= last:
            if color[rr] < 0:
                color[rr] = x
            elif rr != p:
                nn = rr - 1
                while nn != rr:
                    uu, dd = up[nn], down[nn]
                    cc = itm[nn]
                    if cc <= 0:
                        nn = dd
                        continue
                    if color[nn] >= 0:
                        down[uu] = nn
                        up[dd] = nn
                        length[cc] += 1
                    nn -= 1
            rr = up[rr]

    def tweak(self, n: int, block: int) -> None:
        """Hide option n (the top of its item's list) from that list; with
        ``block``, from every other list too."""
        up, down, itm, color, length = self.up, self.down, self.itm, self.color, self.len
        nn = n + 1 if block else n
        while True:
            if color[nn] >= 0:
                uu, dd = up[nn], down[nn]
                cc = itm[nn]
                if cc <= 0:
                    nn = uu
                    continue
                down[uu] = dd
                up[dd] = uu
                self.updates += 1
                length[cc] -= 1
            if nn == n:
                break
            nn += 1

    def untweak(self, c: int, x: int, unblock: int) -> None:
        up, down, itm, color, length = self.up, self.down, self.itm, self.color, self.len
        z = down[c]
        down[c] = x
        rr, k, qq = x, 0, c
        while rr != z:
            up[rr] = qq
            k += 1
            if unblock:
                nn = rr + 1
                while nn != rr:
                    if color[nn] >= 0:
                        uu, dd = up[nn], down[nn]
                        cc = itm[nn]
                        if cc <= 0:
                            nn = uu
                            continue
                        down[uu] = nn
                        up[dd] = nn
                        length[cc] += 1
                    nn += 1
            qq, rr = rr, down[rr]
        up[rr] = qq
        length[c] += k
        if not unblock:
            self.uncover(c, False)

    def commit_others(self, cur: int) -> None:
        """Cover, partly cover or purify the other items of cur's option."""
        itm, up, color, bound, second = self.itm, self.up, self.color, self.bound, self.second
        pp = cur + 1
        while pp != cur:
            cc = itm[pp]
            if cc <= 0:
                pp = up[pp]
                continue
            if cc < second:
                bound[cc] -= 1
                if bound[cc] == 0:
                    self.cover(cc, True)
            elif color[pp] == 0:
                self.cover(cc, True)
            elif color[pp] > 0:
                self.purify(pp)
            pp += 1

    def uncommit_others(self, cur: int) -> None:
        itm, down, color, bound, second = self.itm, self.down, self.color, self.bound, self.second
        pp = cur - 1
        while pp != cur:
            cc = itm[pp]
            if cc <= 0:
                pp = down[pp]
                continue
            if cc < second:
                if bound[cc] == 0:
                    self.uncover(cc, True)
                bound[cc] += 1
            elif color[pp] == 0:
                self.uncover(cc, True)
            elif color[pp] > 0:
                self.unpurify(pp)
            pp -= 1

    def choose(self) -> tuple[int, int]:
        """(best item, its branching degree): the active primary item of
        least degree len + s - bound + 1 (s = min(slack, bound)); on ties the
        smaller s, then the longer list, then the leftmost.  Degree
        ``INFTY`` when no primary item is active.  Without ``links`` an item
        that has no option left and needs none is passed over (mcc.c,
        choose)."""
        nxt, length, bound, slack = self.next, self.len, self.bound, self.slack
        skip = not self.links
        score = INFTY
        best = best_s = best_l = 0
        k = nxt[0]
        while k != 0:
            s = slack[k]
            b = bound[k]
            ln = length[k]
            if skip and ln == 0 and s >= b:
                k = nxt[k]
                continue
            if s > b:
                s = b
            t = ln + s - b + 1
            if t <= score and (t < score or s < best_s or (s == best_s and ln > best_l)):
                score, best, best_s, best_l = t, k, s, ln
            k = nxt[k]
        return best, score

    def _grow(self, level: int) -> None:
        while level >= len(self.choice):
            self.choice.extend([0] * len(self.choice))
            self.first_tweak.extend([0] * len(self.first_tweak))
            self.scor.extend([0] * len(self.scor))

    def start_level(self, level: int, best: int) -> int:
        """Step M3-M4 of a new level: take one from best's bound, cover it
        when no choice is left, and return the first node to try."""
        bound, slack = self.bound, self.slack
        cur = self.choice[level] = self.down[best]
        bound[best] -= 1
        self.first_tweak[level] = 0
        if bound[best] == 0 and slack[best] == 0:
            self.cover(best, True)
        else:
            self.first_tweak[level] = cur
            if bound[best] == 0:
                self.cover(best, True)
        return cur

    def try_node(self, best: int, cur: int) -> bool:
        """Step M5: whether node ``cur`` (or the null move, cur == best) may
        be tried at this level; tweaks it when it is."""
        bound, slack = self.bound, self.slack
        if bound[best] == 0 and slack[best] == 0:
            return cur != best
        if self.len[best] <= bound[best] - slack[best]:
            return False
        if cur != best:
            self.tweak(cur, bound[best])
        elif bound[best] != 0:
            l, r = self.prev[best], self.next[best]
            self.next[l] = r
            self.prev[r] = l
        return True

    def restore(self, best: int, level: int) -> None:
        """Step M8: undo what start_level and the tweaks did to best."""
        if self.bound[best] == 0 and self.slack[best] == 0:
            self.uncover(best, True)
        else:
            self.untweak(best, self.first_tweak[level], self.bound[best])
        self.bound[best] += 1

    # ---- 5. The resumable search ----
    def solution(self, level: int) -> tuple[int, ...]:
        last, itm, opt = self.last_itm, self.itm, self.opt_id
        out = []
        for l in range(level):
            p = self.choice[l]
            if p > last:
                while itm[p] > 0:
                    p += 1
                out.append(opt[-itm[p] - 1])
        return tuple(out)

    def path(self, level: int) -> tuple[int, ...]:
        """The choices of levels 0..level-1 as option ids, -1 for a null move."""
        last, itm, opt = self.last_itm, self.itm, self.opt_id
        out = []
        for l in range(level):
            p = self.choice[l]
            if p > last:
                while itm[p] > 0:
                    p += 1
                out.append(opt[-itm[p] - 1])
            else:
                out.append(-1)
        return tuple(out)

    def set_split(self, depth: int) -> None:
        if self.state != MS_NEW or depth < 0:
            raise ValueError("a split depth is set before the first run")
        self.split_depth = depth

    @guarded
    def replay(self, path: Sequence[int]) -> None:
        """Make the choices of ``path`` (option ids, -1 for a null move) with
        the search's own branching rule, then search the subtree below it
        from zero."""
        self._live()
        bad = ValueError(f"path {tuple(path)!r} is not a subproblem of this problem")
        if self.state != MS_NEW or self.split_depth:
            raise bad
        last, itm = self.last_itm, self.itm
        for level, want in enumerate(path):
            self._grow(level)
            best, score = self.choose()
            if score <= 0 or score == INFTY:
                self.closed = True
                raise bad
            self.scor[level] = score
            cur = self.start_level(level, best)
            while True:
                if not self.try_node(best, cur):
                    self.closed = True
                    raise bad
                if cur == best:
                    found = want == -1
                else:
                    p = cur
                    while itm[p] > 0:
                        p += 1
                    found = self.opt_id[-itm[p] - 1] == want
                if found:
                    break
                cur = self.choice[level] = self.down[cur]
            if cur > last:
                self.commit_others(cur)
        self.level = self.floor = len(path)
        self.solutions = self.nodes = self.updates = self.cleansings = self.max_level = 0
        self.commits = 0
        self.state = MS_FORWARD

    @guarded
    def run(
        self, node_budget: int, out: list | None = None, room: int = 0, paths: list | None = None
    ) -> int:
        """Search on, as ``dlxc_mcc_run``."""
        self._live()
        if self.state == MS_DONE:
            return DONE
        level, best, cur = self.level, self.best_itm, self.cur_node
        down, itm, choice = self.down, self.itm, self.choice
        last = self.last_itm
        limit = self.nodes + node_budget
        recorded = 0
        room = room if room > 0 else 1 << 62
        status = DONE
        step = self.state
        if step == MS_NEW:
            level = 0
            step = MS_FORWARD
        while True:
            if step == MS_FORWARD:  # M2
                if level == self.split_depth and level > 0:
                    if out is None or paths is None:
                        raise ValueError("a split run lists its paths")
                    if room <= recorded:
                        self.state, status = MS_FORWARD, BATCH
                        break
                    recorded += 1
                    paths.append(self.path(level))
                    step = MS_BACKDOWN
                    continue
                if self.nodes >= limit:
                    self.state, status = MS_FORWARD, BUDGET
                    break
                self._grow(level)
                best, score = self.choose()
                if score == INFTY:
                    if out is not None:
                        if room <= recorded:
                            self.state, status = MS_FORWARD, BATCH
                            break
                        recorded += 1
                        out.append(self.solution(level))
                    self.nodes += 1
                    self.solutions += 1
                    if level > self.max_level:
                        self.max_level = level
                    step = MS_BACKDOWN
                    continue
                self.nodes += 1
                if level > self.max_level:
                    self.max_level = level
                if score <= 0:
                    step = MS_BACKDOWN
                    continue
                self.scor[level] = score
                cur = self.start_level(level, best)
                step = MS_ADVANCE
            elif step == MS_ADVANCE:  # M5
                if not self.try_node(best, cur):
                    step = MS_BACKUP
                    continue
                if cur > last:
                    self.commit_others(cur)
                    self.commits += 1
                level += 1
                step = MS_FORWARD
            elif step == MS_BACKUP:  # M8
                self.restore(best, level)
                step = MS_BACKDOWN
            elif step == MS_BACKDOWN:  # M9
                if level == self.floor:
                    self.state, status = MS_DONE, DONE
                    break
                level -= 1
                cur = choice[level]
                if cur < last:  # a null move: reactivate the item
                    best = cur
                    l, r = self.prev[best], self.next[best]
                    self.next[l] = best
                    self.prev[r] = best
                    step = MS_BACKUP
                    continue
                best = itm[cur]
                self.uncommit_others(cur)
                cur = choice[level] = down[cur]
                step = MS_ADVANCE
        self.level, self.best_itm, self.cur_node = level, best, cur
        if self.nodes >= _COUNTER_CEILING or max(self.updates, self.commits) >= _COUNTER_CEILING:
            raise SolverError("a 64-bit counter would overflow")
        return status

    def progress(self) -> float:
        """Knuth's estimate of the fraction of the tree explored: choice k
        of d at each level (d the branching degree), never going back."""
        if self.state == MS_DONE:
            return 1.0
        if self.state == MS_NEW:
            return 0.0
        f, fd = 0.0, 1.0
        down, itm, last = self.down, self.itm, self.last_itm
        for lev in range(self.floor, self.level):
            if fd >= 1e300:
                break
            ch = self.choice[lev]
            c = ch if ch < last else itm[ch]
            p = self.first_tweak[lev] or down[c]
            k = 1
            while p != ch and k < 1 << 30:
                p = down[p]
                k += 1
            d = max(self.scor[lev], k)
            fd *= d
            f += (k - 1) / fd
        value = min(1.0, f + 0.5 / fd)
        self._last_progress = max(self._last_progress, value)
        return self._last_progress

    def set_memo(self, max_entries: int) -> None:
        raise SolverError(_NO_MEMO)

    def unwind(self, depth: int) -> None:
        """Undo the choices of levels depth-1 .. 0, as backtracking would."""
        while depth > 0:
            depth -= 1
            cur = self.choice[depth]
            if cur < self.last_itm:  # a null move
                best = cur
                self.next[self.prev[best]] = best
                self.prev[self.next[best]] = best
            else:
                best = self.itm[cur]
                self.uncommit_others(cur)
                if self.bound[best] == 0 and self.slack[best] != 0:
                    # covered by start_level and made active again only by
                    # the null move, which the search would have come to
                    self.next[self.prev[best]] = best
                    self.prev[self.next[best]] = best
            self.restore(best, depth)

    @guarded
    def probe(self, seed: int) -> tuple[float, float, int]:
        """One random probe (fresh solver), as ``dlxc_mcc_probe``."""
        self._live()
        if self.state != MS_NEW:
            raise ValueError("probe needs a fresh solver")
        saved = self.updates, self.cleansings
        rng = seed & MASK64
        prod, est, sols, level = 1.0, 1.0, 0.0, 0
        while True:
            self._grow(level)
            best, score = self.choose()
            if score == INFTY:
                sols = prod
                break
            if score <= 0:
                break
            est += prod * score
            prod *= score
            rng, r = uniform_below(rng, score)
            self.scor[level] = score
            cur = self.start_level(level, best)
            while True:
                if not self.try_node(best, cur):  # not reached
                    raise SolverError("a probe found fewer branches than the degree")
                if not r:
                    break
                r -= 1
                cur = self.choice[level] = self.down[cur]
            if cur > self.last_itm:
                self.commit_others(cur)
            level += 1
        self.unwind(level)
        self.updates, self.cleansings = saved
        return est, sols, level

    def sample(self, seed: int):
        raise SolverError(_NO_MEMO)

    def stats(self) -> tuple[int, int, int, int, int, bool]:
        return (
            self.solutions,
            self.nodes,
            self.updates if self.links else self.commits,
            self.cleansings if self.links else 0,
            self.max_level,
            self.state == MS_DONE,
        )


class Dlx3Mirror(MccMirror):
    """The mirror of a ``dlxc_mcc`` handle walking dancing links with DLX3's
    statistics (``_cbackend.Dlx3C``)."""

    strategy = "dlx3"
    links = True


INFTY = 1 << 30
