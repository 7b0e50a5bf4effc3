"""The Boggle scorer through cffi: the only Boggle module that touches
``ffi`` and ``lib``.

``CTrie`` has the methods of ``mirror.MirrorTrie``; boards go in as one
bytes buffer (letters 0..25, board after board) and totals come back as an
``array('i')``, so a batch of boards costs one call, not one per board.
"""

from __future__ import annotations

from array import array

from ..base.errors import BoggleError, SolverError
from ..base.guard import Guard
from ..base.native import StatusTable, check_status, ffi, lib  # ImportError when not built

_SOLVE_INTS = 1 << 14


_STATUS = StatusTable(
    lib.dlxc_bog_strerror,
    lib.DLXC_BOG_ENOMEM,
    prefix="boggle: ",
    error=SolverError,
    errors={lib.DLXC_BOG_ELETTER: BoggleError, lib.DLXC_BOG_ESIZE: BoggleError},
)


def _check(code: int) -> int:
    return check_status(code, _STATUS)


class CTrie:
    """A ``dlxc_bog_trie`` handle, freed by ``close()`` or the garbage collector."""

    backend = "c"

    def __init__(self, text: bytes) -> None:
        out = ffi.new("dlxc_bog_trie **")
        _check(lib.dlxc_bog_trie_new(out, ffi.from_buffer("char[]", text), len(text)))
        self._handle = ffi.gc(out[0], lib.dlxc_bog_trie_free)
        # the per-board marks live in the trie: one call at a time
        self._guard = Guard("this Boggle trie", closed_error=BoggleError)
        self._stats = ffi.new("dlxc_bog_stats *")
        self.nodes = lib.dlxc_bog_trie_nodes(self._handle)
        self.words = lib.dlxc_bog_trie_words(self._handle)

    def score(self, boards: bytes, n_boards: int, rows: int, cols: int, frontier_cap: int) -> array:
        scores = array("i", bytes(4 * n_boards))
        handle = self._handle  # before the guard: a close() in between is refused by it
        with self._guard:
            code = lib.dlxc_bog_score(
                handle,
                rows,
                cols,
                ffi.from_buffer("uint8_t[]", boards),
                n_boards,
                ffi.from_buffer("int32_t[]", scores),
                frontier_cap,
                self._stats,
            )
        _check(code)
        return scores

    def score_dfs(self, boards: bytes, n_boards: int, rows: int, cols: int) -> array:
        scores = array("i", bytes(4 * n_boards))
        handle = self._handle
        with self._guard:
            code = lib.dlxc_bog_score_dfs(
                handle,
                rows,
                cols,
                ffi.from_buffer("uint8_t[]", boards),
                n_boards,
                ffi.from_buffer("int32_t[]", scores),
                self._stats,
            )
        _check(code)
        return scores

    def solve(self, board: bytes, rows: int, cols: int) -> list:
        size = _SOLVE_INTS
        used = ffi.new("int64_t *")
        while True:
            buf = ffi.new("int32_t[]", size)
            handle = self._handle
            with self._guard:
                code = lib.dlxc_bog_solve(
                    handle, rows, cols, ffi.from_buffer("uint8_t[]", board), buf, size, used
                )
            if code != lib.DLXC_BOG_EBUFFER:
                break
            size *= 4
        _check(code)
        data = ffi.unpack(buf, used[0])
        paths, i = [], 0
        while i < len(data):
            k = data[i]
            paths.append(tuple(data[i + 1 : i + 1 + k]))
            i += k + 1
        return paths

    @property
    def stats(self) -> dict:
        s = self._stats
        return {"boards": s.boards, "states": s.states, "words": s.words, "max_level": s.max_level}

    def close(self) -> None:
        """Refuse later calls and free the trie, at once or, while a call of
        another thread is inside it, when that call returns (see
        ``dlxc.base.guard``)."""
        if self._guard.close():
            self._handle = None
