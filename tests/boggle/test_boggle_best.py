"""The best-board search (iterated local search): its moves, its climbs, its
runs, checked against the independent solver of tests/oracles/boggle.py and
against themselves (the same seed, the same search, on one process or two).
Runs are bounded by counts, never by the clock."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from legs import MIRROR_SLOW
from oracles.boggle import score as oracle_score

from dlxc.boggle import (
    BestSearch,
    Boggle,
    canonical,
    climb,
    letter_weights,
    moves,
    random_move,
    run,
    symmetries,
)

WORDS = [
    "tea",
    "eat",
    "ate",
    "tate",
    "teat",
    "seat",
    "east",
    "eats",
    "sate",
    "seta",
    "teas",
    "tease",
    "easts",
    "state",
    "taste",
    "estate",
    "tastes",
    "rest",
    "rate",
    "tear",
    "stare",
    "tears",
    "star",
    "arts",
    "rats",
    "tsar",
    "aster",
    "rates",
]


def _differs(a: bytes, b: bytes) -> list:
    return [i for i in range(len(a)) if a[i] != b[i]]


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 12))
def test_a_random_move_is_one_move(seed, n):
    rng = random.Random(seed)
    board = bytes(rng.choice(b"aest") for _ in range(n))
    moved = random_move(board, rng)
    cells = _differs(board, moved)
    assert len(cells) in (1, 2)
    if len(cells) == 2:  # a swap keeps the letters
        i, j = cells
        assert (moved[i], moved[j]) == (board[j], board[i])
    assert moved in set(moves(board))


def test_a_climb_ends_on_a_peak(backend):
    bg = Boggle(WORDS, backend=backend)
    rng = random.Random(3)
    for _ in range(3):
        board = bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(9))
        start = oracle_score(board.decode(), 3, 3, WORDS)
        peak, score, scored = climb(bg, board, start, 3, 3)
        assert score == oracle_score(peak.decode(), 3, 3, WORDS) >= start
        assert scored % len(list(moves(board))) == 0 or scored > 0
        # no board one move away scores more
        assert max(oracle_score(b.decode(), 3, 3, WORDS) for b in moves(peak)) <= score


@pytest.mark.parametrize("backend", MIRROR_SLOW)
def test_a_run_is_reproducible_and_scores_what_the_oracle_says(backend):
    bg = Boggle(WORDS, backend=backend)
    weights = letter_weights(bg.text)
    first = run(bg, 3, 3, seed=11, kick=2, stall=5, weights=weights)
    again = run(bg, 3, 3, seed=11, kick=2, stall=5, weights=weights)
    assert first == again
    assert first.stalled and first.climbs >= 6
    assert first.score == oracle_score(first.board, 3, 3, WORDS) > 0


@pytest.mark.parametrize("backend", MIRROR_SLOW)
def test_the_search_names_its_best_board_canonically(backend):
    with BestSearch(3, 4, WORDS, seed=2, stall=1, backend=backend) as search:
        result = search.run(runs=2)
    assert result.runs == 2 and result.climbs >= 4
    assert result.score == oracle_score(result.board, 3, 4, WORDS) > 0
    assert result.board.encode() == canonical(result.board.encode(), symmetries(3, 4))


def test_two_processes_search_as_one(c_backend):
    """Each batch cut in two and scored by two processes: the same boards,
    the same scores, so the same search."""
    found = []
    for jobs in (1, 2):
        with BestSearch(4, 4, WORDS, seed=5, stall=3, jobs=jobs, backend=c_backend) as search:
            result = search.run(runs=1)
        found.append((result.board, result.score, result.climbs, result.scored))
    assert found[0] == found[1]
