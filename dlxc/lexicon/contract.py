"""The contract of a lexicon engine: what the C module (``_cbackend``, over
csrc/lexicon/) and the Python mirror (``mirror``) both offer, so that
``dlxc.lexicon._engine`` may hand out either module and ``Lexicon``,
``Query`` and ``MoveGenerator`` never ask which one runs.

An engine here is a module, not a class: the node arrays are built by
module functions before any handle exists, and the two handle classes
(``Lex``, ``Gen``) live beside them.  ``LexiconEngine`` states that shape;
mypy checks both modules against it (a module may satisfy a Protocol), and
the handles against ``LexHandle``, ``LexCursor`` and ``MoveGen``, in the
assignments under ``TYPE_CHECKING`` at the end of this module.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional, Protocol


class LexCursor(Protocol):
    """The answers of one query, produced on demand: ``next_words(limit)``
    returns at most ``limit`` more words (all of them for None) as letter
    codes, in the lexicon's order, and an empty list once there are no
    more."""

    def next_words(self, limit: Optional[int] = None) -> list[bytes]: ...


class LexHandle(Protocol):
    """A lexicon: the DAWG's node array and, for move generation, the
    GADDAG's (``has_gaddag``), over ``n_letters`` letter codes.

    - ``contains_codes(word)``: whether ``word`` (letter codes) is a word.
    - ``contains_ascii(word, n)``: the same for ASCII letters through the
      alphabet's table; -1 for a letter outside it.
    - ``contains_many(buf, n, ascii)``: one answer byte per word of ``buf``
      (``n`` words, each ended by a 0 byte).
    - ``pattern(masks, star, n_tokens)``, ``anagram(counts, blanks, sub)``,
      ``containing(frag, at, min_at)``: the queries, each a ``LexCursor``.
    - ``engine_address()``: the C handle's address for dlxc._lexfast, or
      None (the mirror has none).
    - ``close()``: free the handle.  The C handle then refuses every call
      with ``LexiconError``; the mirror's has nothing to free, and
      ``Lexicon`` refuses the calls of a closed lexicon on both sides.

    Invariants: both sides answer every query with the same words in the
    same order; queries only read the lexicon, so they may run side by side.
    """

    n_letters: int
    has_gaddag: bool

    def contains_codes(self, word: bytes) -> bool: ...

    def contains_ascii(self, word: bytes, n: int) -> int: ...

    def contains_many(self, buf: bytes, n: int, ascii: bool) -> bytes: ...

    def pattern(self, masks: Sequence[int], star: int, n_tokens: int) -> LexCursor: ...

    def anagram(self, counts: Sequence[int], blanks: int, sub: bool) -> LexCursor: ...

    def containing(self, frag: bytes, at: int, min_at: int) -> LexCursor: ...

    def engine_address(self) -> Optional[tuple]: ...

    def close(self) -> None: ...


class MoveGen(Protocol):
    """One game's rules (board, premiums, letter values, bingo), finding
    moves on a board with a rack.

    - ``run(lex, board, rack)``: find every move; returns how many.
    - ``best(lex, board, rack, top)``: the ``top`` best only, sorted.
    - ``sort()``: the moves found, best first.
    - ``records(count)`` and ``moves(count)``: the first ``count`` moves
      (all for None) as (score, row, col, down, word, fresh) tuples.
    - ``close()``: free the generator.

    Invariants: ``lex`` is a handle of the same side (the C generator walks
    the C handle), hence typed Any here; both sides find the same moves with
    the same scores, and ``sort`` orders them the same way.  One call at a
    time (``HandleBusy`` for a second thread): the moves found live in the
    generator.
    """

    def run(self, lex: Any, board: bytes, rack: bytes) -> int: ...

    def best(self, lex: Any, board: bytes, rack: bytes, top: int) -> int: ...

    def sort(self) -> None: ...

    def records(self, count: Optional[int] = None) -> Sequence[Any]: ...

    def moves(self, count: Optional[int] = None) -> list[tuple]: ...

    def close(self) -> None: ...


class LexClass(Protocol):
    """How a lexicon handle is made: the arrays (``gaddag`` may be None),
    the number of letter codes, the ASCII table, and whether the arrays
    must be validated (False for arrays the builder has just made)."""

    def __call__(
        self,
        dawg: array,
        gaddag: Optional[array],
        n_letters: int,
        ascii_table: bytes,
        checked: bool = True,
    ) -> LexHandle: ...


class MoveGenClass(Protocol):
    """How a move generator is made from one game's rules."""

    def __call__(
        self,
        rows: int,
        cols: int,
        letter_mult: bytes,
        word_mult: bytes,
        values: Sequence[int],
        n_letters: int,
        start_row: int,
        start_col: int,
        bingo_tiles: int,
        bingo_bonus: int,
    ) -> MoveGen: ...


class LexiconEngine(Protocol):
    """A lexicon engine module.

    - ``build_dawg(codes, n_letters)`` and ``build_gaddag(codes,
      n_letters)``: the node array of the sorted, distinct words ``codes``
      (letter codes 1..n_letters).
    - ``build_text(text, gaddag)``: a plain word list read and built in one
      call, (alphabet, dawg, gaddag, words, longest), or None where the
      engine has no such short way (the mirror) or the text needs the long
      one.
    - ``validate(nodes, max_letter)``: None for a well-formed node array,
      else what is wrong.
    - ``measure(nodes)``: (words, longest word) of a DAWG.
    - ``Lex`` and ``Gen``: the handle classes (``LexClass``,
      ``MoveGenClass``).

    Invariants: both modules build byte-identical node arrays from the same
    words, so a lexicon file written by one is read by the other.
    """

    def build_dawg(self, codes: Sequence[bytes], n_letters: int) -> array: ...

    def build_gaddag(self, codes: Sequence[bytes], n_letters: int) -> array: ...

    def build_text(
        self, text: bytes, gaddag: bool
    ) -> Optional[tuple[str, array, array, int, int]]: ...

    def validate(self, nodes: array, max_letter: int) -> Optional[str]: ...

    def measure(self, nodes: array) -> tuple[int, int]: ...

    @property
    def Lex(self) -> LexClass: ...

    @property
    def Gen(self) -> MoveGenClass: ...


if TYPE_CHECKING:  # the check: mypy fails here when a side drifts
    from . import _cbackend, mirror

    _c: LexiconEngine = _cbackend
    _mirror: LexiconEngine = mirror
