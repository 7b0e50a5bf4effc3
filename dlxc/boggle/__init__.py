"""Boggle: the engine (a trie of words and a batched frontier-walk scorer),
boards and dice, scoring many boards at once, and the best-board search.

One module a concern:

- ``engine``: the trie on the C core (csrc/boggle/) or its pure-Python
  ``mirror``, which gives the same totals and statistics; boards go in as
  one bytes buffer of letters 0..25.
- ``words``: word lists in the scorer's spelling.
- ``board``: boards, their sizes, the dice of the published games, rolling.
- ``scoring``: ``Boggle`` (a word list ready to score boards, the words of a
  board) and ``ParallelScorer`` (batches cut over worker processes).
- ``best``: the best-board search, on one machine or on a Dask cluster.

Every name below is importable from ``dlxc.boggle`` itself.
"""

from __future__ import annotations

from ..base.backends import resolve
from .best import (
    KICK,
    STALL,
    BestResult,
    BestSearch,
    Run,
    best_on_dask,
    canonical,
    climb,
    letter_weights,
    moves,
    random_move,
    run,
    run_task,
    symmetries,
)
from .board import DICE, DICE_SIZE, LETTERS, MAX_CELLS, Board, check_size, parse_size, roll
from .dask_scoring import score_runs_on_dask
from .engine import FRONTIER_CAP, CTrie, MirrorTrie, decode_board, encode_boards, make_trie
from .scoring import DEFAULT_WORDS, Boggle, Found, ParallelScorer, Solution, load_words, points
from .words import boggle_form, read_words, trie_text

__all__ = [
    "score_runs_on_dask",
    # engine and word lists
    "make_trie",
    "resolve",
    "encode_boards",
    "decode_board",
    "FRONTIER_CAP",
    "read_words",
    "trie_text",
    "boggle_form",
    "CTrie",
    "MirrorTrie",
    # boards and dice
    "LETTERS",
    "MAX_CELLS",
    "DICE",
    "DICE_SIZE",
    "Board",
    "check_size",
    "parse_size",
    "roll",
    # scoring
    "DEFAULT_WORDS",
    "Found",
    "Solution",
    "points",
    "load_words",
    "Boggle",
    "ParallelScorer",
    # the best-board search
    "KICK",
    "STALL",
    "moves",
    "random_move",
    "symmetries",
    "canonical",
    "climb",
    "Run",
    "letter_weights",
    "run",
    "BestResult",
    "BestSearch",
    "run_task",
    "best_on_dask",
]
