"""The contract of a crossword engine: what the C module (``_cbackend``,
over csrc/crossword/) and the Python mirror (``mirror``) both offer, so that
``dlxc.crossword.engine`` may hand out either module and the word-list
reader, the layout and the fill never ask which one runs.

An engine here is a module, not a class: parsing a word list and laying
out words are single calls with no state to keep, and only the fill search
is a handle (``Fill``).  ``CrosswordEngine`` states that shape; mypy checks
both modules against it (a module may satisfy a Protocol) through the
return type of ``engine`` and the assignments under ``TYPE_CHECKING`` at
the end of this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol


class FillSearch(Protocol):
    """The fill search over one grid: every slot (a run of two or more open
    cells) gets a word of the list, crossing slots agreeing on their shared
    cells, no word twice.

    - ``n_slots``: how many slots the grid has.
    - ``slots()``: (row, col, direction, length, candidates) of each slot,
      in the order ``solution`` answers; candidates is how many words of
      the list fit the slot before the search.
    - ``set_quality(quality)``: how much a word's score weighs in the order
      words are tried (0: not at all).
    - ``weights()`` / ``set_weights(weights)``: each slot's conflict weight
      (1 + the times its candidates were wiped out); the slot chosen next
      has the fewest candidates per unit of weight, so a restart that takes
      over the weights of the search before it goes first where that failed.
    - ``restrict(slot, words, keep)``: before the first run, keep only the
      listed word indices in the slot's candidates (``keep``) or drop them;
      ``reset()``: back to before the first run, restrictions undone,
      conflict weights back to 1 and statistics zeroed (the grid and word list stay).
    - ``snapshot() -> status``: agree the lists at the root now (``OK``, or
      ``EXHAUSTED``: the root has no fill) and keep that state;
      ``restore()``: back to it, the restrictions made since undone, weights
      back to 1, statistics zeroed; restrictions after a restore are revised
      at the next run, which searches as a reset with the same restrictions
      would.  ``set_seed(seed)``: the seed of the jitter in the order of
      candidates from now on (a restart without a new handle).
    - ``run(node_budget) -> status``: search on for at most
      ``node_budget`` nodes; the status is the module's ``FOUND``,
      ``EXHAUSTED`` (no fill exists) or ``BUDGET`` (the budget is spent),
      and a later call resumes where it stopped.
    - ``solution()``: after a fill, the word index of each slot.
    - ``stats()``: ``{"nodes", "revisions", "fills", "slots", "done"}``,
      also after ``close()``.
    - ``close()``: free the search.

    Invariants: both sides, given the same grid, words and seed, visit the
    same nodes and give the same fill and the same statistics.  One call at
    a time (``HandleBusy`` for a second thread): the search state lives in
    the handle.
    """

    n_slots: int

    def slots(self) -> list[tuple[int, int, int, int, int]]: ...

    def set_quality(self, quality: int) -> None: ...

    def weights(self) -> list[int]: ...

    def snapshot(self) -> int: ...

    def restore(self) -> None: ...

    def set_seed(self, seed: int) -> None: ...

    def set_weights(self, weights: Sequence[int]) -> None: ...

    def restrict(self, slot: int, words: Iterable[int], keep: bool = True) -> None: ...

    def reset(self) -> None: ...

    def run(self, node_budget: int) -> int: ...

    def solution(self) -> list[int]: ...

    def stats(self) -> dict: ...

    def close(self) -> None: ...


class FillClass(Protocol):
    """How a fill search is made: the grid (``width`` x ``height``,
    ``cells`` its letters or blocks), the word list as ``starts``/``codes``
    (word i is ``codes[starts[i]:starts[i + 1]]``) with a score per word,
    the number of letter codes and a seed for the order of ties."""

    def __call__(
        self,
        width: int,
        height: int,
        cells: Sequence[int],
        starts: Sequence[int],
        codes: bytes,
        scores: Sequence[int],
        n_letters: int,
        seed: int = 0,
    ) -> FillSearch: ...


class CrosswordEngine(Protocol):
    """A crossword engine module.

    - ``parse_words(blob, default_score)``: an ASCII word list read in one
      call, (codes, starts, scores, repeats), codes 0..25 for a..z; raises
      ``mirror.NotAscii`` for bytes past ASCII (the reader then decodes the
      text the long way) and ``mirror.BadLine`` for a line it cannot use.
    - ``layout(starts, codes, n_letters, width, height, symmetric, seed,
      centre=False)``: words placed crossing one another on an open grid,
      as (word, row, col, direction) records in placement order.
    - ``Fill``: the fill search (``FillClass``).
    - ``FOUND``, ``EXHAUSTED``, ``BUDGET``: the statuses of ``Fill.run``;
      ``OK`` (or ``EXHAUSTED``) that of ``Fill.snapshot``.

    Invariants: both modules give the same parse, the same layout for the
    same seed and the same fill.
    """

    def parse_words(self, blob: bytes, default_score: int) -> Any: ...

    def layout(
        self,
        starts: Sequence[int],
        codes: bytes,
        n_letters: int,
        width: int,
        height: int,
        symmetric: bool,
        seed: int,
        centre: bool = False,
    ) -> list[tuple[int, int, int, int]]: ...

    @property
    def Fill(self) -> FillClass: ...

    @property
    def OK(self) -> int: ...

    @property
    def FOUND(self) -> int: ...

    @property
    def EXHAUSTED(self) -> int: ...

    @property
    def BUDGET(self) -> int: ...


if TYPE_CHECKING:  # the check: mypy fails here when a side drifts
    from . import _cbackend, mirror

    _c: CrosswordEngine = _cbackend
    _mirror: CrosswordEngine = mirror
