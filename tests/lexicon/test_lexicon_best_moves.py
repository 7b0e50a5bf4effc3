"""The best-moves search (``top``) and the compact move list, on both engines.

The C engine finds the ``top`` best moves without generating every move
(it skips anchors whose moves cannot score enough); the mirror generates
all and cuts.  Both must give exactly the first ``top`` moves of the full
sorted list, whose moves and scores the brute force checks."""

from __future__ import annotations

import random

import pytest
from enable_lexicon import enable_lexicon
from hypothesis import given, settings
from hypothesis import strategies as st
from test_lexicon_moves import keyed, lexicon, oracle_moves, positions

from dlxc.base.errors import BoardError
from dlxc.lexicon import Lexicon, MoveGenerator
from dlxc.models.scrabble import MoveFinder, MoveList, Rules, greedy_positions


@given(position=positions())
@settings(max_examples=60)
def test_top_is_the_head_of_the_full_list(backend, position):
    premiums, lines, rack = position
    rules = Rules(premiums=premiums, rack_size=4, bingo_bonus=50)
    lex = lexicon(backend)
    finder = MoveFinder(lex, rules)
    full = finder.moves(lines, rack)
    oracle_scores = sorted((-k[0] for k in oracle_moves(lex, rules, lines, rack)), reverse=True)
    for top in (1, 2, 3, 7):
        best = finder.moves(lines, rack, top=top)
        assert best == full[:top]
        assert [m.score for m in best] == oracle_scores[:top]
        assert sorted(keyed(best)) == sorted(keyed(full[:top]))


def _enable_positions(finder, n):
    positions = []
    seed = 11
    while len(positions) < n:
        positions += greedy_positions(finder, seed=seed, turns=16)
        seed += 1
    return positions


@pytest.mark.slow
def test_top_on_enable_games(c_backend):
    c_lex = enable_lexicon()
    py_lex = Lexicon(c_lex.data(), backend="python")
    c_finder, py_finder = MoveFinder(c_lex), MoveFinder(py_lex)
    positions = _enable_positions(c_finder, 60)
    # the C engine's pruned search against its own full list, everywhere
    for board, rack in positions:
        full = c_finder.moves(board, rack)
        for top in (1, 3, 20):
            assert c_finder.moves(board, rack, top=top) == full[:top]
    # and the mirror's, on a few (the mirror is slow)
    rng = random.Random(3)
    for board, rack in rng.sample(positions, 3):
        for top in (1, 5):
            assert py_finder.moves(board, rack, top=top) == c_finder.moves(board, rack, top=top)


def test_the_first_move_and_blanks(backend):
    lex = Lexicon.from_words(["quiz", "quizzes", "zee", "zees", "ze", "es", "sez"], backend=backend)
    finder = MoveFinder(lex)
    empty = ["." * 15] * 15
    for rack in ("quizzes", "qu?zzes", "??zeesq", "ezs"):
        full = finder.moves(empty, rack)
        for top in (1, 2, 4):
            assert finder.moves(empty, rack, top=top) == full[:top]


def test_no_move(backend):
    finder = MoveFinder(lexicon(backend))
    empty = ["." * 15] * 15
    assert finder.moves(empty, "a", top=1) == []
    found = finder.find(empty, "a")
    assert len(found) == 0 and list(found) == [] and found.scores() == []
    with pytest.raises(IndexError):
        found[0]


def test_top_must_be_positive(backend):
    finder = MoveFinder(lexicon(backend))
    with pytest.raises(BoardError, match="at least one"):
        finder.find(["." * 15] * 15, "a", top=0)


def test_move_list(backend):
    lex = enable_lexicon() if backend == "c" else lexicon(backend)
    finder = MoveFinder(lex)
    if backend == "c":
        board, rack = _enable_positions(finder, 8)[7]
    else:
        board, rack = finder.board(["." * 15] * 15), finder.rack("aeilnor")
    full = finder.moves(board, rack)
    found = finder.find(board, rack)
    assert isinstance(found, MoveList)
    assert len(found) == len(full) == finder.count(board, rack) > 5
    assert list(found) == full
    assert found[0] == full[0] and found[-1] == full[-1]
    assert found[2:5] == full[2:5] and found[::-3] == full[::-3]
    assert found.scores() == [m.score for m in full]
    with pytest.raises(IndexError):
        found[len(full)]
    top = finder.find(board, rack, top=3)
    assert list(top) == full[:3] and top.scores() == [m.score for m in full[:3]]


@given(position=positions(), bingo_tiles=st.integers(1, 4), zero=st.booleans())
@settings(max_examples=60)
def test_top_under_rules_without_nested_bounds(c_backend, position, bingo_tiles, zero):
    """Rules that ``Rules`` never makes but the generator takes: a bingo for
    fewer tiles than the rack holds, a word premium of 0.  There a span's
    bound may be below that of a span inside it, and the search must bound
    every span: ``top`` is still the head of the full list, on both engines."""
    premiums, lines, rack = position
    rules = Rules(premiums=premiums, rack_size=4, bingo_bonus=50)
    c_lex = lexicon("c")
    py_lex = lexicon("python")
    finder = MoveFinder(c_lex, rules)
    board, counts = finder.board(lines), finder.rack(rack)
    lm, wm = rules.multipliers()
    if zero:
        wm = bytes(0 if k == (len(wm) // 2) else m for k, m in enumerate(wm))
    values = [rules.values["?"]] + [rules.values[ch] for ch in c_lex.alphabet.letters]
    args = (rules.rows, rules.cols, lm, wm, values, rules.start, bingo_tiles, 50)
    c_gen, py_gen = MoveGenerator(c_lex, *args), MoveGenerator(py_lex, *args)
    c_gen.run(board, counts)
    c_gen.sort()
    full = c_gen.moves()
    py_gen.run(board, counts)
    py_gen.sort()
    assert py_gen.moves() == full
    for top in (1, 2, 5):
        assert c_gen.best(board, counts, top) == len(full[:top])
        assert c_gen.moves() == full[:top]
