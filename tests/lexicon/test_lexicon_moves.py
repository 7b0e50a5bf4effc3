"""Move generation against a brute force (every span, every arrangement of
the rack), on random small positions, on both engines."""

from __future__ import annotations

import random

import pytest
from enable_lexicon import enable_lexicon
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.lexicon import brute_moves, small_pool

from dlxc.base.errors import BoardError
from dlxc.lexicon import Lexicon
from dlxc.models.scrabble import ENGLISH_VALUES, MoveFinder, Rules, greedy_positions, moves

LETTERS = "aeilnorst"
_lexicons: dict = {}


def lexicon(backend):
    if backend not in _lexicons:
        _lexicons[backend] = Lexicon.from_words(small_pool(LETTERS, 5), backend=backend)
    return _lexicons[backend]


@st.composite
def positions(draw):
    rows = draw(st.integers(3, 6))
    cols = draw(st.integers(3, 6))
    premiums = tuple(
        "".join(draw(st.sampled_from(".....dtDT")) for _ in range(cols)) for _ in range(rows)
    )
    grid = [["."] * cols for _ in range(rows)]
    pool = small_pool(LETTERS, 5)
    for _ in range(draw(st.integers(0, 3))):
        word = draw(st.sampled_from(pool))
        down = draw(st.booleans())
        span = rows if down else cols
        if len(word) > span:
            continue
        r = draw(st.integers(0, rows - (len(word) if down else 1)))
        c = draw(st.integers(0, cols - (1 if down else len(word))))
        for k, ch in enumerate(word):
            rr, cc = (r + k, c) if down else (r, c + k)
            grid[rr][cc] = ch if draw(st.integers(0, 5)) == 0 else ch.upper()
    rack = "".join(draw(st.lists(st.sampled_from(LETTERS + "?"), min_size=1, max_size=4)))
    if rack.count("?") > 1:
        rack = rack.replace("?", "", rack.count("?") - 1)
    return premiums, ["".join(row) for row in grid], rack


def oracle_moves(lex, rules, lines, rack):
    lm, wm = rules.multipliers()
    cols = rules.cols
    lm = [list(lm[i * cols : (i + 1) * cols]) for i in range(rules.rows)]
    wm = [list(wm[i * cols : (i + 1) * cols]) for i in range(rules.rows)]
    board = [[None if ch == "." else (ch.lower(), ch.islower()) for ch in line] for line in lines]
    return brute_moves(
        set(lex),
        board,
        rack,
        lm,
        wm,
        rules.values,
        rules.start,
        rules.rack_size,
        rules.bingo_bonus,
        lex.alphabet.letters,
    )


def keyed(found):
    return [(-m.score, m.row, m.col, int(m.direction == "down"), m.word.swapcase()) for m in found]


@given(position=positions())
@settings(max_examples=60)
def test_against_brute_force(backend, position):
    premiums, lines, rack = position
    rules = Rules(premiums=premiums, rack_size=4, bingo_bonus=50)
    lex = lexicon(backend)
    got = keyed(moves(lex, lines, rack, rules))
    assert [k[0] for k in got] == sorted(k[0] for k in got)  # best first
    assert sorted(got) == oracle_moves(lex, rules, lines, rack)


def test_a_known_position(backend):
    """A hand-checked case: QUIZ on the centre row, rack with a blank."""
    lex = Lexicon.from_words(["quiz", "quizzes", "zee", "zees", "ze", "es"], backend=backend)
    empty = ["." * 15] * 15
    best = moves(lex, empty, "quizzes", top=1)[0]
    # Q on a double letter, the centre's double word, and the bingo
    assert best.score == (10 * 2 + 1 + 1 + 10 + 10 + 1 + 1) * 2 + 50
    for m in moves(lex, empty, "qu?zzes"):
        covered = {(r, c) for r, c, _ in m.tiles}
        assert (7, 7) in covered
    # the blank is best spent on the I: Q on a double letter, both Zs count
    top = moves(lex, empty, "qu?zzes", top=2)
    assert [m.score for m in top] == [(10 * 2 + 1 + 0 + 10 + 10 + 1 + 1) * 2 + 50] * 2
    assert {m.word for m in top} == {"QUiZZES"}


@pytest.mark.slow
def test_both_engines_on_enable_games(c_backend):
    c_lex = enable_lexicon()
    py_lex = Lexicon(c_lex.data(), backend="python")
    c_finder, py_finder = MoveFinder(c_lex), MoveFinder(py_lex)
    positions = greedy_positions(c_finder, seed=5, turns=12)
    rng = random.Random(1)
    for board, rack in rng.sample(positions, 3):
        assert c_finder.moves(board, rack) == py_finder.moves(board, rack)
    assert positions == greedy_positions(py_finder, seed=5, turns=12)


def test_bad_positions(backend):
    lex = lexicon(backend)
    finder = MoveFinder(lex)
    empty = ["." * 15] * 15
    with pytest.raises(BoardError, match="14 rows"):
        finder.board(empty[:14])
    with pytest.raises(BoardError, match="row 3 has 16 squares"):
        finder.board(empty[:2] + ["." * 16] + empty[3:])
    with pytest.raises(BoardError, match="'Q'"):
        finder.board(["Q" + "." * 14] + empty[1:])
    with pytest.raises(BoardError, match="8 tiles"):
        finder.rack("aeilnors")
    with pytest.raises(BoardError, match="'z'"):
        finder.rack("z")


def test_rules_file(backend, tmp_path):
    spec = tmp_path / "mini.json"
    spec.write_text(
        '{"premiums": [".....", ".d.D.", "..*..", ".T.t.", "....."],'
        ' "values": {"a": 1, "e": 1, "i": 1, "l": 2, "n": 1, "o": 1, "r": 1,'
        ' "s": 1, "t": 1}, "rack_size": 5, "bingo_bonus": 20}'
    )
    rules = Rules.from_file(spec)
    assert (rules.rows, rules.cols, rules.start) == (5, 5, (2, 2))
    lex = lexicon(backend)
    lines = [".....", ".....", ".....", ".....", "....."]
    got = keyed(moves(lex, lines, "tales", rules))
    assert got and sorted(got) == oracle_moves(lex, rules, lines, "tales")
    bad = tmp_path / "bad.json"
    bad.write_text('{"premiums": ["..", "..."]}')
    with pytest.raises(BoardError, match="same number"):
        Rules.from_file(bad)
    bad.write_text('{"values": {"a": -1}}')
    with pytest.raises(BoardError):
        Rules.from_file(bad)
    assert ENGLISH_VALUES["q"] == 10


def test_the_brute_force_sees_a_missing_cross_check(monkeypatch):
    """Fault injection: a mirror whose cross-checks allow every letter finds
    moves that make non-words across the line, and the oracle notices."""
    from dlxc.lexicon import mirror

    lex = lexicon("python")
    rules = Rules(premiums=("....",) * 4, rack_size=4, bingo_bonus=50)
    lines = ["....", ".TO.", "....", "...."]
    honest = keyed(moves(lex, lines, "ate", rules))
    assert sorted(honest) == oracle_moves(lex, rules, lines, "ate")
    original = mirror._cross_checks

    def lax(w, lex_, b, rows, r):
        original(w, lex_, b, rows, r)
        w.check = [(1 << 64) - 2] * w.cols

    monkeypatch.setattr(mirror, "_cross_checks", lax)
    broken = keyed(moves(lex, lines, "ate", rules))
    assert sorted(broken) != oracle_moves(lex, rules, lines, "ate")


def test_a_deadline_stops_the_mirrors_move_generation(backend):
    import time

    from dlxc.lexicon import GenDeadline

    finder = MoveFinder(lexicon(backend))
    board = finder.board(["." * 15] * 15)
    rack = finder.rack("aeilnrs")
    whole = finder.count(board, rack)
    assert whole > 0
    finder.generator.set_deadline(time.perf_counter() - 1)  # passed already
    try:
        if backend == "python":  # the mirror stops before its first row
            with pytest.raises(GenDeadline):
                finder.count(board, rack)
        else:  # a C run takes milliseconds and does not look
            assert finder.count(board, rack) == whole
    finally:
        finder.generator.set_deadline(None)
    assert finder.count(board, rack) == whole
