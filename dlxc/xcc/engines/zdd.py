"""The ZDD search in pure Python: the mirror of csrc/xcc/zdd.c.

Function by function as the C file (see its Intro): DLX2's tree with the
residual problem of every level looked up in a table, one diagram node per
option of a level that leads to a solution.  It makes the same diagram as
the C engine, node for node, and counts the same search nodes, memo entries
and hits.  Memory is charged as the C table would charge it, so a memory
limit stops both at the same place.
"""

from __future__ import annotations

from array import array

from .shared import BUDGET, DONE

ELIMIT = -6  # csrc/xcc/zdd.h: DLXC_ZDD_ELIMIT
#: The memory of the memo and the diagram when no limit is given (as
#: dlxc.xcc.search.DEFAULT_MEMO_BYTES, which this module does not import:
#: dlxc zdd's short way, dlxc/_launch.py, reads it here).
DEFAULT_BYTES = 1 << 30


def summary(nodes, memos, hits, size, zdd_nodes, seconds, backend, complete=True) -> str:
    """The summary sentence of a ZDD search (``dlxc zdd`` on stderr)."""
    head = "Altogether" if complete else "Stopped after"
    return (
        f"{head} {nodes:,} search nodes, {zdd_nodes:,} ZDD nodes, "
        f"{memos:,} memos, {hits:,} hits, "
        f"{size / (1 << 20):.1f} MiB, {seconds:.2f} s ({backend})."
    )


class ZddLimit(Exception):
    """The diagram and its memo would pass the memory limit."""


class ZddMirror:
    """The ZDD search over compact arrays (those of dlxc_zdd_new)."""

    atomic_run = False

    def __init__(self, n_primary, n_items, opt_start, opt_items, opt_colors, max_bytes):
        n_options = len(opt_start) - 1
        self.n_primary = n_primary
        self.n_items = n_items
        sroot = self.sroot = n_items + 1
        size = n_items + 2 + opt_start[n_options] + n_options + 1
        up = [0] * size
        down = [0] * size
        itm = [0] * size
        color = [0] * size
        for i in range(1, n_items + 1):
            up[i] = down[i] = i
        x = n_items + 2  # the first spacer
        last_spacer = x
        for j in range(n_options):
            first = x + 1
            seen = set()
            has_primary = False
            for k in range(opt_start[j], opt_start[j + 1]):
                c = opt_items[k] + 1
                col = opt_colors[k]
                if c in seen or not 1 <= c <= n_items or col < 0 or (c <= n_primary and col):
                    raise ValueError("malformed problem arrays")
                seen.add(c)
                has_primary = has_primary or c <= n_primary
                x += 1
                itm[x] = c
                color[x] = col
                up[x] = up[c]
                down[x] = c
                down[up[c]] = x
                up[c] = x
                itm[c] += 1
            if not has_primary:
                raise ValueError("malformed problem arrays")
            down[last_spacer] = x
            x += 1
            itm[x] = -(j + 1)
            up[x] = first
            last_spacer = x
        self.up, self.down, self.itm, self.color = up, down, itm, color
        prev = [0] * (n_items + 2)
        nxt = [0] * (n_items + 2)
        for i in range(n_primary + 1):
            prev[i] = n_primary if i == 0 else i - 1
            nxt[i] = 0 if i == n_primary else i + 1
        prev[sroot] = nxt[sroot] = sroot
        # the key layout: (word, shift) per item
        word = shift = 0
        self.word = [0] * (n_items + 2)
        self.shift = [0] * (n_items + 2)
        for i in range(1, n_items + 1):
            width = 1
            if i > n_primary:
                if itm[i] == 0:
                    continue
                local: dict = {}
                p = down[i]
                while p != i:
                    col = color[p]
                    if col:
                        color[p] = local.setdefault(col, len(local) + 1)
                    p = down[p]
                while (1 << width) <= len(local) + 1:
                    width += 1
                prev[i] = prev[sroot]
                nxt[i] = sroot
                nxt[prev[sroot]] = i
                prev[sroot] = i
            if shift + width > 64:
                word += 1
                shift = 0
            self.word[i] = word
            self.shift[i] = shift
            shift += width
        self.prev, self.next = prev, nxt
        self.kw = word + 1
        self.max_bytes = max_bytes
        self.state = "new"
        self.level = self.max_level = self.best_itm = self.cur_node = self.znode = 0
        self.choice = [0] * (n_primary + 2)
        self.savez = [0] * (n_primary + 2)
        self.memo_at = [0] * (n_primary + 2)
        self.nodes = self.hits = self.memos = 0
        self.table: dict = {}
        self.zref: list = []
        self.cap_entries = self.n_slots = self.cap_z = 0
        self.zvar = array("i")
        self.zlo = array("I")
        self.zhi = array("I")

    # ---- the dancing ----
    def _unlink(self, c):
        p, n = self.prev[c], self.next[c]
        self.next[p] = n
        self.prev[n] = p

    def _relink(self, c):
        p, n = self.prev[c], self.next[c]
        self.next[p] = c
        self.prev[n] = c

    def hide(self, p):
        up, down, itm, color, n_primary = self.up, self.down, self.itm, self.color, self.n_primary
        q = p + 1
        while q != p:
            c = itm[q]
            if c <= 0:
                q = up[q]
                continue
            if color[q] >= 0:
                u, d = up[q], down[q]
                down[u] = d
                up[d] = u
            itm[c] -= 1
            if itm[c] == 0 and c > n_primary:
                self._unlink(c)
            q += 1

    def unhide(self, p):
        up, down, itm, color, n_primary = self.up, self.down, self.itm, self.color, self.n_primary
        q = p - 1
        while q != p:
            c = itm[q]
            if c <= 0:
                q = down[q]
                continue
            if color[q] >= 0:
                u, d = up[q], down[q]
                down[u] = q
                up[d] = q
            itm[c] += 1
            if itm[c] == 1 and c > n_primary:
                self._relink(c)
            q -= 1

    def cover(self, c):
        self._unlink(c)
        p = self.down[c]
        while p != c:
            self.hide(p)
            p = self.down[p]

    def uncover(self, c):
        p = self.up[c]
        while p != c:
            self.unhide(p)
            p = self.up[p]
        self._relink(c)

    def purify(self, p):
        itm, color, down = self.itm, self.color, self.down
        c, x = itm[p], color[p]
        left = itm[c]
        color[c] = x
        q = down[c]
        while q != c:
            if color[q] != x:
                left -= 1
                self.hide(q)
            else:
                color[q] = -1
            q = down[q]
        if left > 0:
            itm[c] = left
        else:
            itm[c] = -1
            self._unlink(c)

    def unpurify(self, p):
        itm, color, up = self.itm, self.color, self.up
        c, x = itm[p], color[p]
        left = itm[c]
        color[c] = 0
        if left < 0:
            left = 0
            self._relink(c)
        q = up[c]
        while q != c:
            if color[q] < 0:
                color[q] = x
            else:
                left += 1
                self.unhide(q)
            q = up[q]
        itm[c] = left

    def commit(self, p):
        itm, color, n_primary = self.itm, self.color, self.n_primary
        q = p + 1
        while q != p:
            c = itm[q]
            if c <= 0:
                q = self.up[q]
                continue
            if c <= n_primary or itm[c]:
                if color[q] == 0:
                    self.cover(c)
                elif color[q] > 0:
                    self.purify(q)
            q += 1

    def uncommit(self, p):
        itm, color, n_primary = self.itm, self.color, self.n_primary
        q = p - 1
        while q != p:
            c = itm[q]
            if c <= 0:
                q = self.down[q]
                continue
            if c <= n_primary or itm[c]:
                if color[q] == 0:
                    self.uncover(c)
                elif color[q] > 0:
                    self.unpurify(q)
            q -= 1

    def choose(self):
        best, t = 0, 1 << 62
        nxt, itm = self.next, self.itm
        k = nxt[0]
        while k != 0:
            if itm[k] < t:
                best, t = k, itm[k]
                if t == 0:
                    break
            k = nxt[k]
        return best

    # ---- residual problems ----
    def key_now(self):
        """The current residual problem as a tuple of kw words (zdd.c, 5)."""
        w = [0] * self.kw
        word, shift, nxt, color = self.word, self.shift, self.next, self.color
        k = nxt[0]
        while k != 0:
            w[word[k]] |= 1 << shift[k]
            k = nxt[k]
        sroot = self.sroot
        k = nxt[sroot]
        while k != sroot:
            w[word[k]] |= (1 + color[k]) << shift[k]
            k = nxt[k]
        return tuple(w)

    def _bytes(self, cap_entries, n_slots, cap_z):
        return cap_entries * (self.kw * 8 + 4) + n_slots * 8 + cap_z * 12

    def _memo_room(self):
        """zdd.c's memo_room: the capacities the C table would take."""
        n = len(self.zref)
        if n == self.cap_entries:
            cap = 2 * self.cap_entries if self.cap_entries else 1024
            cap = min(cap, (1 << 32) - 2)
            if self._bytes(cap, self.n_slots, self.cap_z) > self.max_bytes:
                have = self._bytes(self.cap_entries, self.n_slots, self.cap_z)
                if self.max_bytes < have:
                    return False
                cap = self.cap_entries + (self.max_bytes - have) // (self.kw * 8 + 4)
            if cap <= n:
                return False
            self.cap_entries = cap
        if (n + 1) * 2 > self.n_slots:
            slots = 2 * self.n_slots if self.n_slots else 4096
            if self._bytes(self.cap_entries, slots, self.cap_z) > self.max_bytes:
                return False
            self.n_slots = slots
        return True

    def _make_node(self, var, lo, hi):
        n = len(self.zvar)
        if n == self.cap_z:
            cap = min(2 * self.cap_z if self.cap_z else 1024, (1 << 32) - 3)
            if self._bytes(self.cap_entries, self.n_slots, cap) > self.max_bytes:
                have = self._bytes(self.cap_entries, self.n_slots, self.cap_z)
                cap = 0 if have > self.max_bytes else self.cap_z + (self.max_bytes - have) // 12
            if cap <= n:
                raise ZddLimit()
            self.cap_z = cap
        self.zvar.append(var)
        self.zlo.append(lo)
        self.zhi.append(hi)
        return n + 2

    def option_of(self, p):
        itm = self.itm
        while itm[p] > 0:
            p += 1
        return -itm[p] - 1

    # ---- the search ----
    def run(self, node_budget):
        if self.state == "error":
            raise ValueError("this ZDD search stopped on an error")
        if self.state == "done":
            return DONE
        try:
            return self._run(node_budget)
        except ZddLimit:
            self.state = "error"
            return ELIMIT
        except BaseException:
            self.state = "error"  # Ctrl-C inside the Python search
            raise

    def _run(self, node_budget):
        down, itm, nxt = self.down, self.itm, self.next
        choice, savez, memo_at = self.choice, self.savez, self.memo_at
        level, best, cur, znode = self.level, self.best_itm, self.cur_node, self.znode
        zsol = 0
        limit = self.nodes + node_budget
        if self.state == "new" and nxt[0] == 0:
            self.nodes = 2
            self.znode = 1
            self.state = "done"
            return DONE
        step = "forward"
        while True:
            if step == "forward":
                if self.nodes >= limit:
                    self.state = "forward"
                    self.level, self.best_itm, self.cur_node, self.znode = level, best, cur, znode
                    return BUDGET
                self.nodes += 1
                if level > self.max_level:
                    self.max_level = level
                key = self.key_now()
                e = self.table.get(key)
                if e is not None:
                    self.hits += 1
                    znode = self.zref[e]
                    step = "backdown"
                    continue
                if not self._memo_room():
                    raise ZddLimit()
                e = len(self.zref)
                self.table[key] = e
                self.zref.append(0)
                memo_at[level] = e
                znode = 0
                best = self.choose()
                self.cover(best)
                cur = choice[level] = down[best]
                step = "advance"
            elif step == "advance":
                if cur == best:
                    self.uncover(best)
                    if znode:
                        self.zref[memo_at[level]] = znode
                    step = "backdown"
                    continue
                self.commit(cur)
                if nxt[0] == 0:
                    self.nodes += 1
                    zsol = 1
                    step = "recover"
                    continue
                savez[level] = znode
                level += 1
                step = "forward"
            elif step == "backdown":
                if level == 0:
                    self.memos = len(self.zref)
                    self.table = {}  # as zdd.c frees its table
                    self.zref = []
                    self.state = "done"
                    self.znode = znode
                    self.level = 0
                    return DONE
                level -= 1
                cur = choice[level]
                best = itm[cur]
                zsol = znode
                znode = savez[level]
                step = "recover"
            else:  # recover
                self.uncommit(cur)
                if zsol:
                    znode = self._make_node(self.option_of(cur), znode, zsol)
                cur = choice[level] = down[cur]
                step = "advance"

    # ---- what the handle reports ----
    def info(self):
        """(search nodes, memos, hits, bytes, zdd nodes, root, level, max level, done)"""
        done = self.state == "done"
        return (
            self.nodes,
            self.memos if done else len(self.zref),
            self.hits,
            self._bytes(self.cap_entries, self.n_slots, self.cap_z),
            len(self.zvar),
            self.znode if done else 0,
            self.level,
            self.max_level,
            done,
        )

    def progress(self):
        if self.state == "done":
            return 1.0
        if self.state == "new":
            return 0.0
        f, fd = 0.0, 1.0
        down, itm = self.down, self.itm
        for level in range(self.level):
            if fd >= 1e300:
                break
            x = self.choice[level]
            c = itm[x]
            k = 1
            p = down[c]
            while p != x and p != c:
                k += 1
                p = down[p]
            d = max(itm[c], k)
            fd *= d
            f += (k - 1) / fd
        return f

    def diagram(self):
        """(var, lo, hi) arrays of the branch nodes, node k at index k-2."""
        return array("i", self.zvar), array("I", self.zlo), array("I", self.zhi)

    def close(self):
        pass
