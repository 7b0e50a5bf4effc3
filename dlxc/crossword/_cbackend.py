"""The crossword engine through cffi: the only crossword module that touches
``ffi`` and ``lib``.

The functions here have the pure-Python mirror's names and signatures
(dlxc/crossword/mirror.py); they take and return plain Python values
(bytes, ``array('i')``, ints, lists).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from ..base.errors import SolverError
from ..base.guard import Guard
from ..base.native import (  # raises ImportError when not built or stale
    StatusTable,
    check_status,
    ffi,
    int32_array,
    lib,
)
from .parsing import BadLine, NotAscii

OK, FOUND, EXHAUSTED, BUDGET = (
    lib.DLXC_XW_OK,
    lib.DLXC_XW_FOUND,
    lib.DLXC_XW_EXHAUSTED,
    lib.DLXC_XW_BUDGET,
)


_STATUS = StatusTable(lib.dlxc_xw_strerror, lib.DLXC_XW_ENOMEM, error=SolverError)


def _check(code: int) -> int:
    return check_status(code, _STATUS)


def parse_words(blob: bytes, default_score: int):
    """Parse an ASCII word list (see dlxc_xw_parse_words): (codes, starts,
    scores, repeats), codes 0..25 for a..z.  Raises NotAscii or BadLine."""
    n = len(blob)
    codes = bytearray(n + 1)
    starts = array("i", bytes(4 * (n // 2 + 3)))
    scores = array("i", bytes(4 * (n // 2 + 3)))
    n_words = ffi.new("int32_t *")
    repeats = ffi.new("int32_t *")
    bad = ffi.new("int64_t *")
    code = lib.dlxc_xw_parse_words(
        ffi.from_buffer("uint8_t[]", blob),
        n,
        default_score,
        ffi.from_buffer("uint8_t[]", codes),
        ffi.from_buffer("int32_t[]", starts),
        ffi.from_buffer("int32_t[]", scores),
        n_words,
        repeats,
        bad,
    )
    if code == lib.DLXC_XW_ENONASCII:
        raise NotAscii()
    if code in (lib.DLXC_XW_ELETTER, lib.DLXC_XW_ESCORE):
        raise BadLine(bad[0], ffi.string(lib.dlxc_xw_strerror(code)).decode())
    _check(code)
    k = n_words[0]
    del starts[k + 1 :]
    del scores[k:]
    return bytes(codes[: starts[k]]), starts, scores, repeats[0]


def layout(
    starts,
    codes: bytes,
    n_letters: int,
    width: int,
    height: int,
    symmetric: bool,
    seed: int,
    centre: bool = False,
) -> list[tuple[int, int, int, int]]:
    """Place words (see dlxc_xw_layout): (word, row, col, direction) records
    in placement order."""
    n_words = len(starts) - 1
    out = ffi.new("int32_t[]", 4 * max(n_words, 1))
    n_placed = ffi.new("int32_t *")
    letters = ffi.from_buffer("uint8_t[]", codes or b"\0")
    _check(
        lib.dlxc_xw_layout(
            n_words,
            int32_array(starts),
            letters,
            n_letters,
            width,
            height,
            (lib.DLXC_XW_SYMMETRIC if symmetric else 0) | (lib.DLXC_XW_CENTRE if centre else 0),
            seed & ((1 << 64) - 1),
            out,
            n_placed,
        )
    )
    data = ffi.unpack(out, 4 * n_placed[0])
    return [tuple(data[i : i + 4]) for i in range(0, len(data), 4)]


class Fill:
    """A ``dlxc_xw_fill`` handle: the fill search over one grid, freed by
    ``close()`` or by the garbage collector."""

    def __init__(self, width, height, cells, starts, codes, scores, n_letters, seed=0):
        out = ffi.new("dlxc_xw_fill **")
        self._arrays = (
            int32_array(cells),
            int32_array(starts),
            ffi.from_buffer("uint8_t[]", codes or b"\0"),
            int32_array(scores),
        )
        _check(
            lib.dlxc_xw_fill_new(
                out,
                width,
                height,
                self._arrays[0],
                len(starts) - 1,
                self._arrays[1],
                self._arrays[2],
                self._arrays[3],
                n_letters,
                seed & ((1 << 64) - 1),
            )
        )
        self._handle = ffi.gc(out[0], lib.dlxc_xw_fill_free)
        # the search state lives in the handle: one call at a time
        self._guard = Guard("this fill search")
        self.n_slots = lib.dlxc_xw_fill_n_slots(self._handle)
        self._words = ffi.new("int32_t[]", max(self.n_slots, 1))
        self._stats = ffi.new("dlxc_xw_fill_stats *")

    def set_quality(self, quality: int) -> None:
        """A word's score weighs ``quality`` in the order to try (see
        dlxc_xw_fill_set_quality)."""
        lib.dlxc_xw_fill_set_quality(self._handle, quality)

    def weights(self) -> list[int]:
        """Each slot's conflict weight (dlxc_xw_fill_get_weights)."""
        out = ffi.new("int64_t[]", max(1, self.n_slots))
        handle = self._handle
        with self._guard:
            lib.dlxc_xw_fill_get_weights(handle, out)
            return list(ffi.unpack(out, self.n_slots))

    def set_weights(self, weights: Sequence[int]) -> None:
        """Take over conflict weights, one a slot (dlxc_xw_fill_set_weights)."""
        if len(weights) != self.n_slots:
            raise ValueError("one weight a slot")
        buf = ffi.new("int64_t[]", [min(max(1, int(x)), 1 << 31) for x in weights] or [1])
        handle = self._handle
        with self._guard:
            lib.dlxc_xw_fill_set_weights(handle, buf)

    def slots(self) -> list[tuple[int, int, int, int, int]]:
        """(row, col, direction, length, candidates) of each slot."""
        vals = ffi.new("int32_t[5]")
        out = []
        handle = self._handle  # before the guard: a close() in between is refused by it
        with self._guard:
            for s in range(self.n_slots):
                _check(
                    lib.dlxc_xw_fill_slot(handle, s, vals, vals + 1, vals + 2, vals + 3, vals + 4)
                )
                out.append(tuple(vals[0:5]))
        return out

    def restrict(self, slot: int, words, keep: bool = True) -> None:
        """Before the first run (or after ``reset``): keep only the listed
        words in ``slot`` (``keep``), or drop them (see dlxc_xw_fill_restrict)."""
        ids = int32_array(list(words))
        handle = self._handle
        with self._guard:
            _check(lib.dlxc_xw_fill_restrict(handle, slot, len(ids), ids, 1 if keep else 0))

    def reset(self) -> None:
        """Back to before the first run, restrictions undone, stats zeroed."""
        handle = self._handle
        with self._guard:
            lib.dlxc_xw_fill_reset(handle)

    def snapshot(self) -> int:
        """Agree the root now and keep that state for ``restore``: OK, or
        EXHAUSTED when the root has no fill (see dlxc_xw_fill_snapshot)."""
        handle = self._handle
        with self._guard:
            return _check(lib.dlxc_xw_fill_snapshot(handle))

    def restore(self) -> None:
        """Back to the snapshot (see dlxc_xw_fill_restore)."""
        handle = self._handle
        with self._guard:
            _check(lib.dlxc_xw_fill_restore(handle))

    def set_seed(self, seed: int) -> None:
        """The seed of the jitter in the order of candidates (dlxc_xw_fill_set_seed)."""
        handle = self._handle
        with self._guard:
            lib.dlxc_xw_fill_set_seed(handle, seed & ((1 << 64) - 1))

    def run(self, node_budget: int) -> int:
        """FOUND, EXHAUSTED or BUDGET."""
        handle = self._handle  # before the guard: a close() in between is refused by it
        with self._guard:
            return _check(lib.dlxc_xw_fill_run(handle, node_budget))

    def solution(self) -> list[int]:
        handle = self._handle
        with self._guard:
            lib.dlxc_xw_fill_solution(handle, self._words)
            return list(ffi.unpack(self._words, self.n_slots))

    def stats(self) -> dict:
        handle = self._handle
        if handle is None:
            return self._final
        st = ffi.new("dlxc_xw_fill_stats *")  # not shared with another thread's call
        lib.dlxc_xw_fill_get_stats(handle, st)
        return {
            "nodes": st.nodes,
            "revisions": st.revisions,
            "fills": st.fills,
            "slots": st.n_slots,
            "done": bool(st.done),
        }

    def close(self) -> None:
        """Free the search: at once, or when the call of another thread that
        is inside it returns (see ``dlxc.base.guard``); stats() keeps its
        figures."""
        if self._guard.close():
            self._final = self.stats()
            self._handle = None
