"""The lexicon engine through cffi: the only lexicon module touching ``ffi`` and ``lib``.

Same names and shapes as mirror.py (functions, ``Lex``, ``Cursor``,
``Gen``).  cffi's values stay in here, and so do the C records' layouts
(``Gen.moves`` decodes the move records); callers see arrays, bytes,
lists, tuples and Python ints.

Here too is the one CPython type of the engine, ``dlxc._lexfast.Membership``
(csrc/lexicon/_lexfast.c): ``Membership`` below, or None when that module
was not built or was built from another lexicon_int.h than the cffi
extension (``membership_error`` says why).  ``Lex.engine_address()`` gives
it the handle it walks.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Sequence
from typing import Optional

from .._version import __version__
from ..base.errors import BoardError, LexiconError
from ..base.guard import Guard
from ..base.native import StatusTable, check_status, ffi, lib  # ImportError when not built

if not hasattr(lib, "dlxc_lex_new"):  # an extension built before the lexicon engine
    raise ImportError("the C extension has no lexicon engine; reinstall dlxc (pip install .)")

membership_error: Optional[str] = None
try:
    from .._lexfast import LAYOUT, Membership, built_version
except ImportError as exc:
    Membership = None
    membership_error = f"dlxc._lexfast cannot be imported: {exc}"
else:
    if (
        built_version != __version__
        or not hasattr(lib, "dlxc_lex_layout")
        or LAYOUT != lib.dlxc_lex_layout()
    ):
        Membership = None
        membership_error = (
            "dlxc._lexfast was built from other sources than the C extension; "
            "rebuild both (pip install -e . or python build_ext.py)"
        )

MORE = lib.DLXC_LEX_MORE
_STATUS = StatusTable(
    lib.dlxc_lex_strerror,
    lib.DLXC_LEX_ENOMEM,
    error=LexiconError,
    errors={lib.DLXC_LEX_EBOARD: BoardError},
    names={
        lib.DLXC_LEX_EINVAL: "EINVAL",
        lib.DLXC_LEX_ETOOBIG: "ETOOBIG",
        lib.DLXC_LEX_EUNSORTED: "EUNSORTED",
        lib.DLXC_LEX_ELONG: "ELONG",
        lib.DLXC_LEX_ECORRUPT: "ECORRUPT",
        lib.DLXC_LEX_EEMPTY: "EEMPTY",
        lib.DLXC_LEX_EBOARD: "EBOARD",
    },
)
_BUFFER = 1 << 15
MOVE_BYTES = ffi.sizeof("dlxc_lex_move")
# where the fields of a move record lie (int64 score first, then uint8s)
_ROW, _COL, _DOWN, _LEN = (ffi.offsetof("dlxc_lex_move", f) for f in ("row", "col", "down", "len"))
_WORD = ffi.offsetof("dlxc_lex_move", "word")
_FRESH = ffi.offsetof("dlxc_lex_move", "fresh")
_SCORE_BYTES = ffi.sizeof("int64_t")


def _check(code: int) -> int:
    return check_status(code, _STATUS)


def _copied(nodes, n: int) -> array:
    """The C array ``nodes`` of ``n`` nodes as an array (in the machine's
    byte order, as C wrote it)."""
    out = array("I")
    out.frombytes(ffi.buffer(nodes, 4 * n))
    return out


def _built(fn, codes: Sequence[bytes], n_letters: int) -> array:
    words = b"\0".join(codes) + b"\0"
    out = ffi.new("uint32_t **")
    n = ffi.new("int64_t *")
    _check(fn(words, len(words), n_letters, out, n))
    try:
        return _copied(out[0], n[0])
    finally:
        lib.dlxc_lex_array_free(out[0])


def build_text(text: bytes, gaddag: bool) -> Optional[tuple[str, array, array, int, int]]:
    """(letters, DAWG, GADDAG, words, longest word) of a word list's text
    when its lines are plain ASCII words (blank and ``#`` lines aside), all
    in C; None for any other text, which is then read the long way.  The
    GADDAG is empty when not asked for."""
    out = ffi.new("dlxc_lex_text_build *")
    if lib.dlxc_lex_build_text(text, len(text), 1 if gaddag else 0, out) != 0:
        return None
    built = out[0]
    try:
        dawg = _copied(built.dawg, built.n_dawg)
        gad = _copied(built.gaddag, built.n_gaddag) if built.gaddag != ffi.NULL else array("I")
    finally:
        lib.dlxc_lex_array_free(built.dawg)
        lib.dlxc_lex_array_free(built.gaddag)
    letters = ffi.buffer(built.letters, built.n_letters)[:].decode("ascii")
    return letters, dawg, gad, built.words, built.max_len


def build_dawg(codes: Sequence[bytes], n_letters: int) -> array:
    """The DAWG of ``codes``: code strings, increasing."""
    return _built(lib.dlxc_lex_build_dawg, codes, n_letters)


def build_gaddag(codes: Sequence[bytes], n_letters: int) -> array:
    """The GADDAG of ``codes``: distinct code strings."""
    return _built(lib.dlxc_lex_build_gaddag, codes, n_letters)


def validate(nodes: array, max_letter: int) -> Optional[str]:
    rc = lib.dlxc_lex_validate(ffi.from_buffer("uint32_t[]", nodes), len(nodes), max_letter)
    return None if rc == 0 else ffi.string(lib.dlxc_lex_strerror(rc)).decode()


def measure(nodes: array) -> tuple[int, int]:
    """(words, longest word) of a validated node array."""
    words = ffi.new("int64_t *")
    longest = ffi.new("int32_t *")
    _check(lib.dlxc_lex_measure(ffi.from_buffer("uint32_t[]", nodes), len(nodes), words, longest))
    return words[0], longest[0]


class Lex:
    """A ``dlxc_lex`` handle (copies of both arrays, validated by C)."""

    def __init__(
        self,
        dawg: array,
        gaddag: Optional[array],
        n_letters: int,
        ascii_table: bytes,
        checked: bool = True,
    ) -> None:
        """``checked=False`` for arrays the builder has just made, which are
        not validated again."""
        out = ffi.new("dlxc_lex **")
        g = ffi.from_buffer("uint32_t[]", gaddag) if gaddag is not None else ffi.NULL
        new = lib.dlxc_lex_new if checked else lib.dlxc_lex_new_built
        _check(
            new(
                out,
                ffi.from_buffer("uint32_t[]", dawg),
                len(dawg),
                g,
                len(gaddag) if gaddag is not None else 0,
                n_letters,
                ascii_table,
            )
        )
        self._handle = ffi.gc(out[0], lib.dlxc_lex_free)
        # queries only read the lexicon: they may run side by side
        self._guard = Guard("this lexicon", shared=True, closed_error=LexiconError)
        self.n_letters = n_letters
        self.has_gaddag = gaddag is not None

    def close(self) -> None:
        """Refuse later calls and free the lexicon, at once or, while a call
        or a cursor of another thread still uses it, when that one ends (a
        running call's argument and every cursor hold a reference to the
        handle: see ``dlxc.base.guard``)."""
        if self._guard.close():
            self._handle = None

    def contains_ascii(self, word: bytes, n: int) -> int:
        """1 when ``word`` (ASCII bytes, ``n`` of them) is a word, else 0.
        The handle is taken before the guard is entered: a close() between
        the two finds the guard closed (the call is refused), and one after
        leaves this call its own reference to the memory."""
        handle = self._handle
        with self._guard:
            return lib.dlxc_lex_contains_ascii(handle, word, n)

    def engine_address(self) -> tuple:
        """(address, owner) of the handle, for ``Membership._attach_engine``:
        the handle's address as an int, and the cffi object that owns it."""
        return int(ffi.cast("uintptr_t", self._handle)), self._handle

    def contains_codes(self, word: bytes) -> bool:
        handle = self._handle  # before the guard, as in contains_ascii
        with self._guard:
            return bool(lib.dlxc_lex_contains_codes(handle, word, len(word)))

    def contains_many(self, buf: bytes, n: int, ascii: bool) -> bytes:
        """n results (bytes of 0/1) for n words in buf, separated by '\\n'
        (ascii) or by 0 (codes); fewer when buf held fewer words."""
        out = ffi.new("uint8_t[]", max(n, 1))
        got = ffi.new("int64_t *")
        handle = self._handle
        with self._guard:
            lib.dlxc_lex_contains_many(handle, buf, len(buf), 1 if ascii else 0, out, n, got)
        return ffi.buffer(out, got[0])[:]

    def pattern(self, masks, star: int, n_tokens: int) -> Cursor:
        out = ffi.new("dlxc_lex_cursor **")
        handle = self._handle
        with self._guard:
            _check(
                lib.dlxc_lex_pattern(
                    out, handle, ffi.new("uint64_t[256]", list(masks)), star, n_tokens
                )
            )
            return Cursor(out[0], self)

    def anagram(self, counts, blanks: int, sub: bool) -> Cursor:
        out = ffi.new("dlxc_lex_cursor **")
        handle = self._handle
        with self._guard:
            _check(lib.dlxc_lex_anagram(out, handle, bytes(counts), blanks, 1 if sub else 0))
            return Cursor(out[0], self)

    def containing(self, frag: bytes, at: int, min_at: int) -> Cursor:
        out = ffi.new("dlxc_lex_cursor **")
        handle = self._handle
        with self._guard:
            _check(lib.dlxc_lex_containing(out, handle, frag, len(frag), at, min_at))
            return Cursor(out[0], self)


class Cursor:
    """A ``dlxc_lex_cursor``; ``next_words`` gives the next batch of
    answers as code strings ([] at the end)."""

    def __init__(self, handle, lex: Lex) -> None:
        self._handle = ffi.gc(handle, lib.dlxc_lex_cursor_free)
        self._lex = lex
        self._lex_handle = lex._handle  # the lexicon's memory outlives the cursor
        self._guard = Guard("this lexicon query", closed_error=LexiconError)
        self._buf = ffi.new("uint8_t[]", _BUFFER)
        self._used = ffi.new("int64_t *")
        self._count = ffi.new("int64_t *")
        self._done = False

    def _next_raw(self) -> bytes:
        """The next batch as one buffer of 0-ended code strings (b'' at the end)."""
        while not self._done:
            with self._lex._guard, self._guard:
                rc = lib.dlxc_lex_cursor_next(
                    self._handle, self._buf, _BUFFER, self._used, self._count
                )
            _check(rc)
            if rc != MORE:
                self._done = True
            if self._used[0]:
                return ffi.buffer(self._buf, self._used[0])[:]
        return b""

    def next_words(self, limit: Optional[int] = None) -> list[bytes]:
        raw = self._next_raw()
        return raw[:-1].split(b"\0") if raw else []


class Gen:
    """A ``dlxc_lex_gen``: one game's rules; ``run`` finds the moves."""

    def __init__(
        self,
        rows,
        cols,
        letter_mult,
        word_mult,
        values,
        n_letters,
        start_row,
        start_col,
        bingo_tiles,
        bingo_bonus,
    ) -> None:
        out = ffi.new("dlxc_lex_gen **")
        _check(
            lib.dlxc_lex_gen_new(
                out,
                rows,
                cols,
                bytes(letter_mult),
                bytes(word_mult),
                ffi.new("int32_t[]", list(values)),
                n_letters,
                start_row,
                start_col,
                bingo_tiles,
                bingo_bonus,
            )
        )
        self._handle = ffi.gc(out[0], lib.dlxc_lex_gen_free)
        # the moves found live in the generator: one call at a time
        self._guard = Guard("this move generator", closed_error=LexiconError)
        self._n = ffi.new("int64_t *")
        self.n = 0

    # Each call takes the handles before it enters the guards: a close()
    # before that is seen by the guard (the call is refused), and after it
    # the call holds its own reference (the memory outlives the call).

    def run(self, lex: Lex, board: bytes, rack: bytes) -> int:
        """Find every move; returns how many."""
        handle, lex_handle = self._handle, lex._handle
        with lex._guard, self._guard:
            _check(lib.dlxc_lex_gen_run(handle, lex_handle, board, rack, self._n))
            self.n = self._n[0]
        return self.n

    def best(self, lex: Lex, board: bytes, rack: bytes, top: int) -> int:
        """Find the ``top`` best moves only, sorted; returns how many."""
        handle, lex_handle = self._handle, lex._handle
        with lex._guard, self._guard:
            _check(lib.dlxc_lex_gen_best(handle, lex_handle, board, rack, top, self._n))
            self.n = self._n[0]
        return self.n

    def sort(self) -> None:
        handle = self._handle
        with self._guard:
            lib.dlxc_lex_gen_sort(handle)

    def _raw(self, count: Optional[int] = None) -> bytes:
        """The first ``count`` moves (all when None) as dlxc_lex_move records."""
        handle = self._handle
        with self._guard:
            n = self.n if count is None else min(count, self.n)
            if not n:
                return b""
            return ffi.buffer(lib.dlxc_lex_gen_moves(handle), n * MOVE_BYTES)[:]

    def close(self) -> None:
        """Refuse later calls and free the generator, at once or, while a
        call of another thread is inside it, when that call returns."""
        if self._guard.close():
            self._handle = None

    def records(self, count: Optional[int] = None) -> MoveRecords:
        """The first ``count`` moves (all when None) as one buffer, decoded
        one at a time when asked."""
        return MoveRecords(self._raw(count))

    def moves(self, count: Optional[int] = None) -> list[tuple]:
        """(score, row, col, down, word, fresh) of the first ``count`` moves
        (all when None), decoded from their dlxc_lex_move records: int64
        score, uint8 row, col, down and length, then the word's codes and
        which tiles are fresh (offsets from cffi)."""
        raw = self._raw(count)
        out = []
        for k in range(0, len(raw), MOVE_BYTES):
            rec = raw[k : k + MOVE_BYTES]
            n = rec[_LEN]
            out.append(
                (
                    int.from_bytes(rec[0:_SCORE_BYTES], sys.byteorder, signed=True),
                    rec[_ROW],
                    rec[_COL],
                    rec[_DOWN],
                    rec[_WORD : _WORD + n],
                    rec[_FRESH : _FRESH + n],
                )
            )
        return out


_SCORE = struct.Struct("=q")  # the record's int64 score, in the machine's byte order


class MoveRecords(Sequence):
    """dlxc_lex_move records in one bytes object: ``len``, ``scores()``,
    and the (score, row, col, down, word, fresh) tuple of one move."""

    __slots__ = ("_raw", "_n")

    def __init__(self, raw: bytes) -> None:
        self._raw = raw
        self._n = len(raw) // MOVE_BYTES

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._n))]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("move index out of range")
        k = i * MOVE_BYTES
        raw = self._raw
        n = raw[k + _LEN]
        return (
            _SCORE.unpack_from(raw, k)[0],
            raw[k + _ROW],
            raw[k + _COL],
            raw[k + _DOWN],
            raw[k + _WORD : k + _WORD + n],
            raw[k + _FRESH : k + _FRESH + n],
        )

    def scores(self) -> list[int]:
        """Every move's score, in order."""
        if MOVE_BYTES % 8 == 0:
            return memoryview(self._raw).cast("q")[:: MOVE_BYTES // 8].tolist()
        raw = self._raw
        return [_SCORE.unpack_from(raw, k)[0] for k in range(0, len(raw), MOVE_BYTES)]


class Sim:
    """A ``dlxc_sim``: what play-outs need beside the generator (see
    csrc/lexicon/sim.c); read only once made, shared by threads."""

    def __init__(
        self,
        n_letters: int,
        rack_size: int,
        cells: int,
        values: Sequence[int],
        single: Sequence[float],
        pair: Sequence[float],
        has_pair: bytes,
        keys: Sequence[int],
        key_values: Sequence[float],
    ) -> None:
        out = ffi.new("dlxc_sim **")
        _check(
            lib.dlxc_sim_new(
                out,
                n_letters,
                rack_size,
                cells,
                ffi.new("int32_t[]", list(values)),
                ffi.new("double[]", list(single)),
                ffi.new("double[]", list(pair)),
                has_pair,
                ffi.new("uint64_t[]", list(keys) or [0]),
                ffi.new("double[]", list(key_values) or [0.0]),
                len(keys),
            )
        )
        self._handle = ffi.gc(out[0], lib.dlxc_sim_free)

    @staticmethod
    def stop_flag():
        """A flag a run reads between rounds: set ``[0] = 1`` to stop it."""
        return ffi.new("int32_t *")

    def run(
        self,
        gen: Gen,
        lex: Lex,
        boards: bytes,
        leaves: bytes,
        scores: Sequence[int],
        unseen: bytes,
        plies: int,
        seed: int,
        first: int,
        count: int,
        stride: int,
        stop,
    ) -> tuple[list[float], list[int], int]:
        """(values, tiles unseen at the end, rounds done) of ``count``
        rounds, round ``first + k * stride``, arm by arm within a round."""
        n_arms = len(scores)
        values = ffi.new("double[]", max(1, count * n_arms))
        left = ffi.new("int32_t[]", max(1, count * n_arms))
        done = ffi.new("int64_t *")
        handle, gen_handle, lex_handle = self._handle, gen._handle, lex._handle
        with lex._guard, gen._guard:
            _check(
                lib.dlxc_sim_run(
                    handle,
                    gen_handle,
                    lex_handle,
                    n_arms,
                    boards,
                    leaves,
                    ffi.new("int64_t[]", list(scores)),
                    unseen,
                    plies,
                    seed & 0xFFFFFFFFFFFFFFFF,
                    first,
                    count,
                    stride,
                    values,
                    left,
                    stop,
                    done,
                )
            )
        n = done[0] * n_arms
        return list(values[0:n]), list(left[0:n]), done[0]
