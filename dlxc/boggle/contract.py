"""The contract of a Boggle engine: what the C trie (``_cbackend.CTrie``,
over csrc/boggle/) and the mirror's trie (``mirror.MirrorTrie``) both are,
so that ``engine.make_trie`` may hand out either and the scorers never ask
which one runs.

mypy holds both sides to it: the assignments under ``TYPE_CHECKING`` at the
end of this module fail the type check when a class drifts.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Protocol


class BoggleTrie(Protocol):
    """A trie of the words of a list, made from ``text`` (one word a line,
    in the scorer's spelling: ``words.trie_text``), that scores boards.
    Boards are bytes of letters 0..25 (25 is ``q``, the die face Qu), row by
    row, ``n_boards`` of ``rows * cols`` letters one after another
    (``engine.encode_boards``).

    Attributes: ``backend`` (``"c"`` or ``"python"``), ``nodes`` and
    ``words`` (the trie's size, as built).

    Methods:

    - ``score(boards, n_boards, rows, cols, frontier_cap) -> array('i')``:
      each board's total, from the frontier walk that moves the states of
      many boards level by level, at most ``frontier_cap`` states a level.
    - ``score_dfs(boards, n_boards, rows, cols) -> array('i')``: the same
      totals from a depth-first walk of each board.
    - ``solve(board, rows, cols) -> list``: the words of one board, each
      once, as tuples of the cells (0-based, row by row) that spell it.
    - ``stats`` (a property): the figures of the last scoring,
      ``{"boards", "states", "words", "max_level"}``.
    - ``close()``: free the trie; a later call raises ``BoggleError``.

    Invariants: both sides give the same totals, the same words and the
    same statistics for the same words and boards, and ``score`` and
    ``score_dfs`` agree.  One call at a time: another thread entering a
    busy trie gets ``HandleBusy``, not a corrupt walk, and ``close()`` while a
    call runs frees the trie when that call returns.
    """

    backend: str
    nodes: int
    words: int

    def score(
        self, boards: bytes, n_boards: int, rows: int, cols: int, frontier_cap: int
    ) -> array: ...

    def score_dfs(self, boards: bytes, n_boards: int, rows: int, cols: int) -> array: ...

    def solve(self, board: bytes, rows: int, cols: int) -> list: ...

    @property
    def stats(self) -> dict: ...

    def close(self) -> None: ...


class BoggleTrieClass(Protocol):
    """How a trie is made: from the text of its words."""

    def __call__(self, text: bytes) -> BoggleTrie: ...


if TYPE_CHECKING:  # the check: mypy fails here when a side drifts
    from ._cbackend import CTrie
    from .mirror import MirrorTrie

    _c: BoggleTrieClass = CTrie
    _mirror: BoggleTrieClass = MirrorTrie
