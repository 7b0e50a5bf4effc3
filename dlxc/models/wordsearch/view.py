"""What the word search's helpers see of it: ``WordSearchView``.

``WordSearch`` (model.py) offers layouts, puzzles and reasons as methods,
and hands the work to ``layout``, ``maker`` and ``reasons``, which take the
word search back as an argument.  They name this view of it, not the class,
so that model.py sits above them and none of them imports it, even for type
checking.  ``WordSearch`` satisfies the view by its shape.

``Containment`` lives here too: it is what ``WordSearchView.containment``
returns.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Optional, Protocol

from ...xcc.problem import Problem


@dataclass
class Containment:
    """Secondary items that keep a word from lying inside another's
    placement (``WordSearch.containment``)."""

    names: list = field(default_factory=list)  # the new secondary items
    adds: dict = field(default_factory=dict)  # option -> [(item, colors it 1?)]


class WordSearchView(Protocol):
    """A word search as its layouts, its puzzle maker and its reasons read it."""

    rows: int
    cols: int
    #: the words, normalized, and each one's letters
    words: tuple[str, ...]
    word_letters: tuple[tuple[str, ...], ...]
    #: the directions of all words, and of each word
    directions: tuple[str, ...]
    word_directions: tuple[tuple[str, ...], ...]
    #: the cells of the grid, and the ones the mask leaves out
    cells: tuple[tuple[int, int], ...]
    holes: frozenset

    @property
    def problem(self) -> Problem:
        """The XCC problem: option j places a word."""
        ...

    @property
    def word_options(self) -> list[range]:
        """Each word's option indices, in the words' order."""
        ...

    def subset(self, keep: Sequence[int]) -> WordSearchView:
        """The word search of some of its words, on the same grid."""
        ...

    def options_of(self, word: str) -> range: ...

    def option_at(self, w: int, start: int, di: int) -> Optional[int]: ...

    def problem_arrays(self) -> Any: ...

    def puzzle_problem(self, rng: random.Random) -> tuple[Problem, array]: ...

    def containment(self) -> Containment: ...

    def cell_masks(self) -> list: ...

    def crosses(self, solution: Sequence[int]) -> bool: ...

    def obstacles(self) -> list[str]: ...

    def layout(self, solution: Iterable[int]) -> Any:
        """The ``Layout`` of a solution (dlxc.models.wordsearch.layout names
        the class; this view sits below it, so it says Any)."""
        ...
