"""Word search: the grid (directions, masks), the XCC model (``WordSearch``),
what it finds (``Placement``, ``Layout``, ``LayoutSearch``) and the puzzle
maker (``Puzzle``, ``WordSearch.puzzle``)."""

from ...base.errors import NoLayout
from .grid import DIRECTION_SETS, DIRECTIONS, parse_directions, parse_mask
from .layout import Layout, LayoutSearch, Placement
from .maker import Puzzle
from .model import UNIFORM_NODES, WordSearch, word_search_problem

__all__ = [
    "DIRECTIONS",
    "DIRECTION_SETS",
    "parse_directions",
    "parse_mask",
    "Placement",
    "Layout",
    "LayoutSearch",
    "NoLayout",
    "Puzzle",
    "WordSearch",
    "word_search_problem",
    "UNIFORM_NODES",
]
