"""The XCC engine through cffi: the only XCC module that touches ``ffi`` and ``lib``.

cffi's untyped values stay in here; the rest of dlxc sees the handle class
of each strategy (``Dlx2C``, ``SsxccC``, ``BitsC``, over csrc/xcc/dlx2.c,
ssxcc.c and bits.c), each with the shape of its mirror in dlxc/xcc/engines/
(same methods, same plain Python values back), and plain Python ints.
The C classes live here rather than beside their mirrors so that one
module of the XCC engines holds every cffi value, and a mirror imports
without a built extension.
"""

from __future__ import annotations

from ..base.guard import Guard
from ..base.native import (  # raises ImportError when not built or stale
    StatusTable,
    check_status,
    ffi,
    int32_array,
    lib,
)
from .engines.table import refusal

DONE, BATCH, BUDGET = lib.DLXC_DONE, lib.DLXC_BATCH, lib.DLXC_BUDGET
_BUFFER_INTS = 1 << 16
_UINT64_MAX = (1 << 64) - 1  # a budget or a table size beyond it is "no limit"


def _solver_error(message: str):
    """A SolverError; dlxc.base.errors is imported here rather than at the top,
    which `dlxc count FILE` on a small file would pay for (dlxc/engines.py)."""
    from ..base.errors import SolverError

    return SolverError(message)


_STATUS = StatusTable(lib.dlxc_strerror, lib.DLXC_ENOMEM)


def _check(code: int) -> int:
    return check_status(code, _STATUS)


def read_dlx_arrays(
    data: bytes, views: bool = False, notes: bool = False, costs: bool = False, bounds: bool = False
):
    """Knuth's DLX text ``data`` read by csrc/xcc/reader.c: (primary,
    secondary, colors, opt_start, opt_items, opt_colors) with colors[0] = ""
    and the arrays as array('i'), or None when the Python reader must read it
    (an error to word, or text the fast path does not take).  ``data`` may
    be a list holding the bytes, which is emptied once they are read (so
    the caller's text is freed before the arrays are copied).  Without
    ``notes``, a file with something to warn about (options without a
    primary item, primary items in no option) is left to the Python reader
    too; with it, the tuple goes on with what to warn about: the numbers of
    the options without a primary item, the lines of the first three, and
    the numbers of the primary items in no option (three lists).  With
    ``views`` the arrays are int memoryviews instead, enough for
    make_solver: dlxc/_launch.py's short path takes them, since importing the
    array module imports collections too.  With ``costs`` the tuple ends
    with the option costs (an array('q'), or None for a file without cost
    tokens); without it, a file with costs is left to the Python reader.
    With ``bounds`` it ends (after the costs, if asked) with the
    multiplicities (u, v of each primary item in turn, an int list) or None
    when every item is 1:1; without it, a file with multiplicities is left
    to the Python reader (None)."""
    box = data if isinstance(data, list) else None
    if box is not None:
        data = box[0]
    out = ffi.new("dlxc_dlx **")
    code = lib.dlxc_dlx_read(ffi.from_buffer(data), len(data), int(notes), out)
    if code == lib.DLXC_DLX_SLOW or code == lib.DLXC_ETOOBIG:
        return None
    _check(code)
    del data
    if box is not None:
        box.clear()  # the text is read: let it go before the copies below
    d = out[0]
    n_primary, n_items = d.n_primary, d.n_items
    opt_costs = None
    if d.opt_costs != ffi.NULL:
        if not costs:
            lib.dlxc_dlx_free(d)
            return None
        from array import array

        opt_costs = array("q")
        opt_costs.frombytes(ffi.buffer(d.opt_costs, 8 * d.n_options))
    if d.bounds != ffi.NULL and not bounds:
        lib.dlxc_dlx_free(d)
        return None
    try:
        limits = ffi.unpack(d.bounds, 2 * n_primary) if d.bounds != ffi.NULL else None
        if notes:
            found = (
                ffi.unpack(d.dropped, d.n_dropped) if d.n_dropped else [],
                list(d.dropped_lines)[: min(d.n_dropped, 3)],
                ffi.unpack(d.unused, d.n_unused) if d.n_unused else [],
            )
        names = ffi.unpack(d.names, d.names_len).decode("utf-8").split("\n")
        colors = [""] + ffi.unpack(d.colors, d.colors_len).decode("utf-8").split("\n")[:-1]
        arrays: list = []
        for field, n in (
            ("opt_start", d.n_options + 1),
            ("opt_items", d.n_nodes),
            ("opt_colors", d.n_nodes),
        ):
            ptr = getattr(d, field)
            if views:
                arrays.append(memoryview(ffi.buffer(ptr, 4 * n)[:]).cast("i"))
            else:
                from array import array

                copy = array("i")
                copy.frombytes(ffi.buffer(ptr, 4 * n))
                arrays.append(copy)
            # one array at a time: the C copy goes as soon as Python has its own
            lib.dlxc_dlx_free_array(ptr)
            setattr(d, field, ffi.NULL)
    finally:
        lib.dlxc_dlx_free(d)
    tail = ((opt_costs,) if costs else ()) + ((limits,) if bounds else ())
    if notes:
        return (names[:n_primary], names[n_primary:n_items], colors, *arrays, *found, *tail)
    return (names[:n_primary], names[n_primary:n_items], colors, *arrays, *tail)


def keep_options(opt_start, opt_items, opt_colors, dropped):
    """(opt_start, opt_items, opt_colors, opt_ids) of the options not in
    ``dropped`` (their numbers, increasing), as array('i'), copied in C
    (dlxc_keep_options): Problem.live_arrays for big problems."""
    from array import array

    n_options = len(opt_start) - 1
    drop = int32_array(dropped)
    args = [int32_array(a) for a in (opt_start, opt_items, opt_colors)]
    nodes = lib.dlxc_keep_options(
        n_options, args[0], args[1], args[2], drop, len(dropped), *[ffi.NULL] * 4
    )
    n_kept = n_options - len(dropped)
    out = [array("i", [0]) * size for size in (n_kept + 1, nodes, nodes, n_kept)]
    lib.dlxc_keep_options(
        n_options,
        args[0],
        args[1],
        args[2],
        drop,
        len(dropped),
        *[ffi.from_buffer("int32_t[]", a) for a in out],
    )
    return tuple(out)


class Dlx2C:
    """A ``dlxc_solver`` handle, freed by ``close()`` or by the garbage collector."""

    strategy = "dlx2"
    #: a run is one C call, which Ctrl-C cannot cut in half
    atomic_run = True

    def __init__(
        self,
        n_primary,
        n_items,
        opt_start,
        opt_items,
        opt_colors,
        opt_ids=None,
        seed=0,
        randomize=False,
    ):
        out = ffi.new("dlxc_solver **")
        arrays = [int32_array(a) for a in (opt_start, opt_items, opt_colors)]
        ids = int32_array(opt_ids) if opt_ids is not None else ffi.NULL
        n_options = len(opt_start) - 1
        _check(
            lib.dlxc_new(
                out,
                n_primary,
                n_items,
                n_options,
                *arrays,
                ids,
                seed & ((1 << 64) - 1),
                1 if randomize else 0,
            )
        )
        self._handle = ffi.gc(out[0], lib.dlxc_free)
        self._buffers(n_primary)

    #: The engine's resumable search (dlxc_run; SsxccC: dlxc_cells_run).
    _engine_run = lib.dlxc_run

    def _buffers(self, n_primary):
        """The solution buffer and the out-parameters every run reuses."""
        # the search state and these buffers live in the object: one call at a time
        self._guard = Guard("this search")
        size = max(_BUFFER_INTS, n_primary + 2)
        self._buf = ffi.new("int32_t[]", size)
        self._buf_len = size
        self._used = ffi.new("int64_t *")
        self._stats = ffi.new("dlxc_stats *")

    def run(self, node_budget, out=None, room=0, paths=None):
        """Search on; see ``dlxc_run``.  Solutions are appended to ``out``,
        split paths to ``paths``."""
        with self._guard:
            return self._run(node_budget, out, room, paths)

    def _run(self, node_budget, out, room, paths):
        handle = self._handle
        node_budget = min(node_budget, _UINT64_MAX)
        if out is None:
            return _check(self._engine_run(handle, node_budget, 0, ffi.NULL, 0, ffi.NULL))
        status = _check(
            self._engine_run(
                handle, node_budget, min(room, 1 << 62), self._buf, self._buf_len, self._used
            )
        )
        used = self._used[0]
        if used:
            self._unpack(ffi.unpack(self._buf, used), out, paths)
        return status

    @staticmethod
    def _unpack(data, out, paths):
        """Records are k and k ids (a solution) or -k and k ids (a split path)."""
        used = len(data)
        k = data[0]
        if k > 0 and used % (k + 1) == 0 and data[:: k + 1] == [k] * (used // (k + 1)):
            # every record is a solution of k options: slice them out in one go
            out.extend(zip(*[data[i :: k + 1] for i in range(1, k + 1)]))
            return
        i = 0
        while i < used:
            k = data[i]
            if k >= 0:
                out.append(tuple(data[i + 1 : i + 1 + k]))
            else:
                k = -k
                (paths if paths is not None else out).append(tuple(data[i + 1 : i + 1 + k]))
            i += k + 1

    def set_overlap(self, masks, words):
        """The masks ``run_overlap`` checks: ``masks[id]`` (an int of at most
        ``words`` 64-bit words) for each option id."""
        data = bytearray(b"".join(m.to_bytes(8 * words, "little") for m in masks))
        self._overlap = (ffi.from_buffer("uint64_t[]", data), data, len(masks), words)

    def run_overlap(self, node_budget):
        """Search on as ``run`` does, keeping the solutions in which every
        option shares a bit of its mask with another (dlxc_keep_overlapping,
        in C): (status, number kept in this call)."""
        with self._guard:
            return self._run_overlap(node_budget)

    def _run_overlap(self, node_budget):
        handle = self._handle
        masks, _, n_masks, words = self._overlap
        status = _check(
            self._engine_run(
                handle, min(node_budget, _UINT64_MAX), 1 << 62, self._buf, self._buf_len, self._used
            )
        )
        kept = _check(
            lib.dlxc_keep_overlapping(self._buf, self._used[0], masks, n_masks, words, self._used)
        )
        return status, kept

    def set_split(self, depth):
        with self._guard:
            _check(lib.dlxc_set_split(self._handle, depth))

    def replay(self, path):
        with self._guard:
            code = lib.dlxc_replay(self._handle, ffi.new("int32_t[]", list(path)), len(path))
        if code == lib.DLXC_EINVAL:
            raise ValueError(f"path {tuple(path)!r} is not a subproblem of this problem")
        _check(code)

    def progress(self):
        handle = self._handle
        if handle is None:
            return self._final_progress
        return lib.dlxc_progress(handle)

    def set_memo(self, max_entries):
        with self._guard:
            _check(lib.dlxc_set_memo(self._handle, min(max_entries, _UINT64_MAX)))

    def memo_info(self):
        """(entries, hits, bytes, full) of the memo table."""
        handle = self._handle
        if handle is None:
            return self._final_memo
        vals = ffi.new("uint64_t[3]")
        full = ffi.new("int *")
        lib.dlxc_memo_info(handle, vals, vals + 1, vals + 2, full)
        return vals[0], vals[1], vals[2], bool(full[0])

    def probe(self, seed):
        """One random probe: (nodes estimate, solutions estimate, depth)."""
        est = ffi.new("double[2]")
        depth = ffi.new("int32_t *")
        with self._guard:
            _check(lib.dlxc_probe(self._handle, seed & ((1 << 64) - 1), est, est + 1, depth))
        return est[0], est[1], depth[0]

    def sample(self, seed):
        """A uniformly drawn solution, after a complete memoized count."""
        with self._guard:
            code = lib.dlxc_sample(
                self._handle, seed & ((1 << 64) - 1), self._buf, self._buf_len, self._used
            )
            if code == lib.DLXC_EINVAL:
                raise ValueError("sampling needs a complete memoized count")
            _check(code)
            data = ffi.unpack(self._buf, self._used[0])
        return tuple(data[1 : 1 + data[0]])

    def stats(self):
        handle = self._handle
        if handle is None:
            return self._final
        st = ffi.new("dlxc_stats *")  # not self._stats: a running call may be writing it
        lib.dlxc_get_stats(handle, st)
        return (st.solutions, st.nodes, st.updates, st.cleansings, st.max_level, bool(st.done))

    def close(self):
        """Free the engine: at once, or when the call of another thread
        that is inside it returns (that call holds the handle: see
        ``dlxc.base.guard``).  stats(), memo_info() and progress() keep the
        figures they had; everything else raises SolverError."""
        if self._guard.close():
            self._final = self.stats()
            self._final_memo = self.memo_info()
            self._final_progress = self.progress()
            self._handle = None


class _SideEngine(Dlx2C):
    """A handle of one of the engines beside DLX2's (csrc/xcc/ssxcc.c,
    csrc/xcc/bits.c), whose functions have the same shapes: the same calls
    as Dlx2C for listing and counting; what the engine cannot do (splits,
    memo, probes, samples, as dlxc.xcc.engines.table says; make_solver
    refuses a seed) raises the table's refusal.  A subclass names its
    strategy, its handle type and its five functions."""

    strategy = ""
    _handle_type = ""
    _engine_new = _engine_free = _engine_run = _engine_progress = _engine_stats = None

    def __init__(
        self,
        n_primary,
        n_items,
        opt_start,
        opt_items,
        opt_colors,
        opt_ids=None,
        seed=0,
        randomize=False,
    ):
        out = ffi.new(self._handle_type)
        arrays = [int32_array(a) for a in (opt_start, opt_items, opt_colors)]
        ids = int32_array(opt_ids) if opt_ids is not None else ffi.NULL
        _check(self._engine_new(out, n_primary, n_items, len(opt_start) - 1, *arrays, ids))
        self._handle = ffi.gc(out[0], self._engine_free)
        self._buffers(n_primary)

    def progress(self):
        handle = self._handle
        if handle is None:
            return self._final_progress
        return self._engine_progress(handle)

    def memo_info(self):
        return 0, 0, 0, False

    def _refuse(self, capability):
        raise _solver_error(refusal(self.strategy, capability))

    def set_split(self, depth):
        self._refuse("split")

    def replay(self, path):
        self._refuse("split")

    def set_memo(self, max_entries):
        self._refuse("memo")

    def probe(self, seed):
        self._refuse("estimate")

    def sample(self, seed):
        self._refuse("sample")

    def stats(self):
        handle = self._handle
        if handle is None:
            return self._final
        st = self._stats
        self._engine_stats(handle, st)
        return (st.solutions, st.nodes, st.updates, st.cleansings, st.max_level, bool(st.done))


class SsxccC(_SideEngine):
    """A ``dlxc_cells`` handle (csrc/xcc/ssxcc.c, SSXCC's tree)."""

    strategy = "ssxcc"
    _handle_type = "dlxc_cells **"
    _engine_new, _engine_free, _engine_run = (
        lib.dlxc_cells_new,
        lib.dlxc_cells_free,
        lib.dlxc_cells_run,
    )
    _engine_progress, _engine_stats = lib.dlxc_cells_progress, lib.dlxc_cells_get_stats

    def set_split(self, depth):
        with self._guard:
            _check(lib.dlxc_cells_set_split(self._handle, depth))

    def replay(self, path):
        """Commit ``path`` (option ids, as a split run records them) and
        search the subtree below it from zero, in an order of SSXCC's that
        may differ from the split run's (its solutions do not)."""
        with self._guard:
            code = lib.dlxc_cells_replay(self._handle, ffi.new("int32_t[]", list(path)), len(path))
        if code == lib.DLXC_EINVAL:
            raise ValueError(f"path {tuple(path)!r} is not a subproblem of this problem")
        _check(code)


class BitsC(_SideEngine):
    """A ``dlxc_bits`` handle (csrc/xcc/bits.c: bitsets of options, DLX2's
    tree)."""

    strategy = "bits"
    _handle_type = "dlxc_bits **"
    _engine_new, _engine_free, _engine_run = (
        lib.dlxc_bits_new,
        lib.dlxc_bits_free,
        lib.dlxc_bits_run,
    )
    _engine_progress, _engine_stats = lib.dlxc_bits_progress, lib.dlxc_bits_get_stats

    def set_split(self, depth):
        with self._guard:
            _check(lib.dlxc_bits_set_split(self._handle, depth))

    def replay(self, path):
        """Commit ``path`` (option ids, as a split run records them) and
        search the subtree below it from zero; a solver whose search is done
        may replay another path."""
        with self._guard:
            code = lib.dlxc_bits_replay(self._handle, ffi.new("int32_t[]", list(path)), len(path))
        if code == lib.DLXC_EINVAL:
            raise ValueError(f"path {tuple(path)!r} is not a subproblem of this problem")
        _check(code)


class CostC:
    """A ``dlxc_cost`` handle (csrc/xcc/cost.c, Knuth's DLX5: the k cheapest
    solutions), with the shape of ``dlxc.xcc.engines.cost.CostMirror``."""

    strategy = "cost"
    atomic_run = True

    def __init__(
        self,
        n_primary,
        n_items,
        opt_start,
        opt_items,
        opt_colors,
        opt_costs,
        opt_ids,
        k,
        bound=True,
    ):
        out = ffi.new("dlxc_cost **")
        arrays = [int32_array(a) for a in (opt_start, opt_items, opt_colors)]
        costs = ffi.new("int64_t[]", list(opt_costs) or [0])
        ids = int32_array(opt_ids) if opt_ids is not None else ffi.NULL
        _check(
            lib.dlxc_cost_new(
                out, n_primary, n_items, len(opt_start) - 1, *arrays, costs, ids, k, int(bound)
            )
        )
        self._handle = ffi.gc(out[0], lib.dlxc_cost_free)
        self._guard = Guard("this search")
        self._stats = ffi.new("dlxc_stats *")
        self._final = None
        self._final_results: list = []

    def run(self, node_budget):
        with self._guard:
            return _check(lib.dlxc_cost_run(self._handle, min(max(1, node_budget), _UINT64_MAX)))

    def results(self):
        """The best list so far, cheapest first (then in the order found):
        (cost, option ids) pairs."""
        handle = self._handle
        if handle is None:
            return list(self._final_results)
        cost = ffi.new("uint64_t *")
        found = ffi.new("uint64_t *")
        entries = []
        for i in range(lib.dlxc_cost_kept(handle)):
            n = lib.dlxc_cost_entry_len(handle, i)
            ids = ffi.new("int32_t[]", max(1, n))
            _check(lib.dlxc_cost_entry(handle, i, cost, found, ids))
            entries.append((cost[0], found[0], tuple(ffi.unpack(ids, n))))
        return [(c, ids) for c, _, ids in sorted(entries)]

    def stats(self):
        if self._handle is None:
            return self._final
        lib.dlxc_cost_get_stats(self._handle, self._stats)
        st = self._stats
        return (st.solutions, st.nodes, st.updates, st.cleansings, st.max_level, bool(st.done))

    def close(self):
        if self._guard.close():
            self._final = self.stats()
            self._final_results = self.results()
            self._handle = None


_ZDD_STATUS = StatusTable(lib.dlxc_zdd_strerror, lib.DLXC_ENOMEM)


class _ZddHandle:
    """What the two ZDD engines' handles share (csrc/xcc/zdd.c, zddm.c):
    the resumable run, its figures, its progress and the diagram's nodes,
    through the functions named ``dlxc_<prefix>_...``."""

    #: a run is one C call, which Ctrl-C cannot cut in half
    atomic_run = True

    def _open(self, prefix: str, *args) -> None:
        out = ffi.new(f"dlxc_{prefix} **")
        check_status(getattr(lib, f"dlxc_{prefix}_new")(out, *args), _ZDD_STATUS)
        self._handle = ffi.gc(out[0], getattr(lib, f"dlxc_{prefix}_free"))
        self._run_fn = getattr(lib, f"dlxc_{prefix}_run")
        self._info_fn = getattr(lib, f"dlxc_{prefix}_get_info")
        self._progress_fn = getattr(lib, f"dlxc_{prefix}_progress")
        self._nodes_fn = getattr(lib, f"dlxc_{prefix}_nodes")
        self._info = ffi.new("dlxc_zdd_info *")
        self._guard = Guard("this ZDD search")

    def run(self, node_budget):
        """Search on: DONE, BUDGET, or ELIMIT (-6)."""
        with self._guard:
            code = self._run_fn(self._handle, min(node_budget, _UINT64_MAX))
        if code == lib.DLXC_ZDD_ELIMIT:
            return code
        return check_status(code, _ZDD_STATUS)

    def info(self):
        """(search nodes, memos, hits, bytes, zdd nodes, root, level, max level, done)"""
        self._info_fn(self._handle, self._info)
        i = self._info
        return (
            i.search_nodes,
            i.memos,
            i.hits,
            i.bytes,
            i.zdd_nodes,
            i.root,
            i.level,
            i.max_level,
            bool(i.done),
        )

    def progress(self):
        return self._progress_fn(self._handle)

    def diagram(self):
        """(var, lo, hi) arrays of the branch nodes, node k at index k-2."""
        from array import array

        n = self.info()[4]
        var = array("i", bytes(4 * n))
        lo = array("I", bytes(4 * n))
        hi = array("I", bytes(4 * n))
        if n:
            self._nodes_fn(
                self._handle,
                ffi.from_buffer("int32_t[]", var),
                ffi.from_buffer("uint32_t[]", lo),
                ffi.from_buffer("uint32_t[]", hi),
            )
        return var, lo, hi


class ZddC(_ZddHandle):
    """A ``dlxc_zdd`` handle (csrc/xcc/zdd.c), the shape of
    ``dlxc.xcc.engines.zdd.ZddMirror``."""

    def __init__(self, n_primary, n_items, opt_start, opt_items, opt_colors, max_bytes):
        arrays = [int32_array(a) for a in (opt_start, opt_items, opt_colors)]
        self._open(
            "zdd", n_primary, n_items, len(opt_start) - 1, *arrays, min(max_bytes, _UINT64_MAX)
        )

    def count64(self):
        """The number of solutions when it fits in 64 bits, else None."""
        out = ffi.new("uint64_t *")
        code = lib.dlxc_zdd_count(self._handle, out)
        if code == lib.DLXC_EOVERFLOW:
            return None
        check_status(code, _ZDD_STATUS)
        return out[0]

    def write(self, fd):
        """Knuth's text of the diagram onto file descriptor ``fd``."""
        code = lib.dlxc_zdd_write(self._handle, fd)
        if code == lib.DLXC_ZDD_EWRITE:
            import os

            number = ffi.errno
            raise OSError(number, os.strerror(number))  # BrokenPipeError for EPIPE
        check_status(code, _ZDD_STATUS)

    def close(self):
        pass


class PreC:
    """A ``dlxc_pre`` handle (csrc/xcc/pre.c): the shape of
    ``dlxc.xcc.preprocess.PrePython``."""

    def __init__(self, n_primary, n_items, opt_start, opt_items, opt_colors, max_rounds=0, way=0):
        out = ffi.new("dlxc_pre **")
        arrays = [int32_array(a) for a in (opt_start, opt_items, opt_colors)]
        self.n_items = n_items
        self.n_options = len(opt_start) - 1
        _check(lib.dlxc_pre_new(out, n_primary, n_items, self.n_options, *arrays, max_rounds, way))
        self._h = ffi.gc(out[0], lib.dlxc_pre_free)

    def run(self, budget: int) -> bool:
        return _check(lib.dlxc_pre_run(self._h, min(budget, _UINT64_MAX))) == DONE

    def settle(self) -> None:
        lib.dlxc_pre_settle(self._h)

    def stats(self) -> dict:
        s = ffi.new("dlxc_pre_stats *")
        lib.dlxc_pre_get_stats(self._h, s)
        return {
            "mems": s.mems,
            "rounds": s.rounds,
            "item": s.item,
            "options_out": s.options_out,
            "blocked": s.blocked,
            "items_out": s.items_out,
            "forced": s.forced,
            "infeasible": s.infeasible,
            "done": s.done,
        }

    def result(self) -> tuple:
        opts = ffi.new("uint8_t[]", max(self.n_options, 1))
        items = ffi.new("uint8_t[]", max(self.n_items, 1))
        lib.dlxc_pre_result(self._h, opts, items)
        return bytes(ffi.buffer(opts, self.n_options)), bytes(ffi.buffer(items, self.n_items))

    def reduced(self) -> tuple:
        from array import array

        nodes = _check(lib.dlxc_pre_reduced(self._h, ffi.NULL, ffi.NULL, ffi.NULL, ffi.NULL))
        opts, _ = self.result()
        kept = sum(opts)
        out = [array("i", [0]) * size for size in (kept + 1, nodes, nodes, kept)]
        _check(lib.dlxc_pre_reduced(self._h, *[ffi.from_buffer("int32_t[]", a) for a in out]))
        return tuple(out)

    def close(self) -> None:
        if self._h is not None:
            ffi.release(self._h)
            self._h = None


class MccC(_SideEngine):
    """A ``dlxc_mcc`` handle (csrc/xcc/mcc.c: items with multiplicities,
    DLX3's tree, over bitsets where the problem is small enough; updates
    are the options committed)."""

    strategy = "mcc"
    links = False
    _handle_type = "dlxc_mcc **"
    _engine_new, _engine_free, _engine_run = (
        lib.dlxc_mcc_new,
        lib.dlxc_mcc_free,
        lib.dlxc_mcc_run,
    )
    _engine_progress, _engine_stats = lib.dlxc_mcc_progress, lib.dlxc_mcc_get_stats

    def __init__(
        self,
        n_primary,
        n_items,
        opt_start,
        opt_items,
        opt_colors,
        opt_ids=None,
        seed=0,
        randomize=False,
        bounds=None,
    ):
        out = ffi.new(self._handle_type)
        arrays = [int32_array(a) for a in (opt_start, opt_items, opt_colors)]
        ids = int32_array(opt_ids) if opt_ids is not None else ffi.NULL
        limits = int32_array(bounds) if bounds is not None else ffi.NULL
        _check(lib.dlxc_mcc_new(out, n_primary, n_items, len(opt_start) - 1, *arrays, ids, limits))
        self._handle = ffi.gc(out[0], lib.dlxc_mcc_free)
        if self.links:
            _check(lib.dlxc_mcc_use_links(self._handle))
        # a record holds one entry per level: an option or a null move
        self._buffers(max(n_primary, lib.dlxc_mcc_max_levels(self._handle)))

    def set_split(self, depth):
        with self._guard:
            _check(lib.dlxc_mcc_set_split(self._handle, depth))

    def replay(self, path):
        """Make the choices of ``path`` (option ids, -1 for a null move, as
        a split run records them) and search the subtree below it from zero."""
        with self._guard:
            code = lib.dlxc_mcc_replay(self._handle, ffi.new("int32_t[]", list(path)), len(path))
        if code == lib.DLXC_EINVAL:
            raise ValueError(f"path {tuple(path)!r} is not a subproblem of this problem")
        _check(code)

    def set_memo(self, max_entries):
        raise _solver_error(_MCC_NO_MEMO)

    def sample(self, seed):
        raise _solver_error(_MCC_NO_MEMO)

    def probe(self, seed):
        """One random probe: (nodes estimate, solutions estimate, depth)."""
        est = ffi.new("double[2]")
        depth = ffi.new("int32_t *")
        with self._guard:
            _check(lib.dlxc_mcc_probe(self._handle, seed & ((1 << 64) - 1), est, est + 1, depth))
        return est[0], est[1], depth[0]


class Dlx3C(MccC):
    """The same handle walking DLX3's tree over dancing links, with DLX3's
    updates and cleansings (``dlxc_mcc_use_links``)."""

    strategy = "dlx3"
    links = True


_MCC_NO_MEMO = (
    "counting with a memo table (--memo) is not available for items with "
    "multiplicities; count without it"
)


class ZddmC(_ZddHandle):
    """A ``dlxc_zddm`` handle (csrc/xcc/zddm.c: the ZDD of a problem with
    multiplicities), the shape of ``dlxc.xcc.engines.zddm.ZddmMirror``."""

    def __init__(self, n_primary, n_items, opt_start, opt_items, opt_colors, bounds, max_bytes):
        arrays = [int32_array(a) for a in (opt_start, opt_items, opt_colors, bounds)]
        self._open(
            "zddm", n_primary, n_items, len(opt_start) - 1, *arrays, min(max_bytes, _UINT64_MAX)
        )
