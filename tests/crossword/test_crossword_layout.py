"""Free-form layouts: C and mirror give the same board for a
seed, and every board passes the independent checker in oracles.crossword."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from legs import C_UNAVAILABLE
from oracles.crossword import board_problems

from dlxc.base.errors import CrosswordError
from dlxc.cli import main
from dlxc.crossword import engine
from dlxc.crossword.wordlist import pool_from_words, read_word_list
from dlxc.models.crossword.layout import (
    Crossword,
    PlacedWord,
    compact_layout,
    density,
    make_layout,
)

ROOT = Path(__file__).resolve().parents[2]
COMMON20 = ROOT / "dlxc" / "puzzles" / "words" / "common20.txt"
COMMON100 = ROOT / "dlxc" / "puzzles" / "words" / "common100.txt"

words_st = st.lists(st.text("abcdeilnorst", min_size=2, max_size=7), min_size=1, max_size=40)


def oracle(board, words):
    placed = [(p.word, p.row, p.col, p.direction) for p in board.placed]
    return board_problems(placed, words, board.width, board.height, board.symmetric)


def records(pool, w, h, sym, seed, backend, centre=False):
    return engine(backend).layout(
        pool.starts, pool.codes, len(pool.alphabet), w, h, sym, seed, centre
    )


@pytest.mark.skipif(C_UNAVAILABLE, reason="C backend unavailable")
@pytest.mark.parametrize("sym", [False, True])
def test_c_and_mirror_same_board_common20(sym):
    pool = read_word_list(COMMON20)
    for seed in range(12):
        assert records(pool, 24, 23, sym, seed, "c") == records(pool, 24, 23, sym, seed, "python")


@pytest.mark.skipif(C_UNAVAILABLE, reason="C backend unavailable")
@given(
    words=words_st,
    seed=st.integers(0, 2**64 - 1),
    sym=st.booleans(),
    centre=st.booleans(),
    w=st.integers(1, 14),
    h=st.integers(1, 14),
)
def test_c_and_mirror_same_board_random(words, seed, sym, centre, w, h):
    pool = pool_from_words(words)
    c = records(pool, w, h, sym, seed, "c", centre)
    assert c == records(pool, w, h, sym, seed, "python", centre)


@given(
    words=words_st,
    seed=st.integers(0, 1000),
    sym=st.booleans(),
    centre=st.booleans(),
    w=st.integers(2, 14),
    h=st.integers(2, 14),
)
def test_every_board_passes_the_oracle(backend, words, seed, sym, centre, w, h):
    pool = pool_from_words(words)
    board = make_layout(
        pool, w, h, symmetric=sym, seed=seed, tries=1, crop=False, centre=centre, backend=backend
    )
    assert oracle(board, pool.words) == []
    placed = {p.word for p in board.placed}
    assert placed | set(board.not_placed) == set(pool.words)
    assert not placed & set(board.not_placed)


def test_common20_all_placed_connected(backend):
    pool = read_word_list(COMMON20)
    board = make_layout(pool, seed=0, backend=backend)
    assert len(board.placed) == 20 and board.not_placed == []
    assert oracle(board, pool.words) == []


def test_common100_at_least_98(backend):
    pool = read_word_list(COMMON100)
    assert len(pool) == 100
    board = make_layout(pool, seed=0, backend=backend)
    assert len(board.placed) >= 98
    assert oracle(board, pool.words) == []


@pytest.mark.slow
@pytest.mark.skipif(C_UNAVAILABLE, reason="C backend unavailable")
def test_big_symmetric_board_has_no_conflict():
    rng = random.Random(7)
    letters = "etaoinshrdlcumwfgypb"
    words = {"".join(rng.choice(letters) for _ in range(rng.randint(3, 11))) for _ in range(6000)}
    pool = pool_from_words(sorted(words))
    board = make_layout(pool, 61, 61, symmetric=True, seed=5, backend="c", crop=False)
    assert len(board.placed) > 100
    assert oracle(board, pool.words) == []


def test_same_seed_same_board(backend):
    pool = read_word_list(COMMON20)
    a = make_layout(pool, 20, 20, seed=9, tries=1, backend=backend)
    b = make_layout(pool, 20, 20, seed=9, tries=1, backend=backend)
    assert a.to_json() == b.to_json()


def test_symmetric_seed_word_is_centred(backend):
    pool = pool_from_words(["abcde", "xbx", "ydy"])
    board = make_layout(pool, 9, 9, symmetric=True, seed=0, crop=False, backend=backend)
    first = board.placed[0]
    assert first.direction == "down" and first.col == 0
    assert first.row + len(first.word) // 2 == 4


def test_first_word_in_the_middle_when_dlxc_sizes_the_board(backend):
    # in the corner, RUBY cannot cross PYTHON (its Y is its last letter);
    # from the middle it can, and the size dlxc chooses centres the first word
    pool = pool_from_words(["python", "ruby"])
    corner = make_layout(pool, 7, 7, seed=0, crop=False, backend=backend)
    assert corner.not_placed == ["ruby"]
    middle = make_layout(pool, seed=0, crop=False, backend=backend)
    assert middle.not_placed == [] and oracle(middle, pool.words) == []
    first = middle.placed[0]
    assert first.word == "python" and (first.row, first.col) == (3, 0)


def test_cli_layout_places_a_short_list_whole(tmp_path):
    # the breadth-first layout leaves words of this list out from every seed;
    # the CLI then lays it out compactly, and says so
    path = tmp_path / "langs.txt"
    words = ["python", "ruby", "perl", "java", "rust", "swift", "kotlin", "haskell", "cobol"]
    path.write_text("".join(f"{w.upper()};clue for {w}\n" for w in words))
    left_out = make_layout(pool_from_words(words), seed=0, tries=32, crop=False)
    assert left_out.not_placed  # else this test shows nothing
    r = CliRunner().invoke(main, ["crossword", "layout", "--words", str(path), "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    placed = {(w["word"].lower(), w["row"], w["col"], w["direction"]) for w in doc["placed"]}
    assert {p[0] for p in placed} == set(words) and doc["not_placed"] == []
    board = Crossword(
        doc["width"], doc["height"], [PlacedWord(*p) for p in placed], [], symmetric=False
    )
    assert oracle(board, words) == []
    assert "compact layout" in r.stderr


def test_the_checker_sees_bad_boards():
    # a conflict, a stray run and a disconnected word: the model's own check
    bad = Crossword(5, 5, [PlacedWord("abc", 0, 0, "across"), PlacedWord("xyz", 0, 0, "down")], [])
    assert bad.problems()
    with pytest.raises(CrosswordError):
        bad.check()
    apart = Crossword(5, 5, [PlacedWord("abc", 0, 0, "across"), PlacedWord("de", 3, 3, "down")], [])
    assert any("not connected" in p for p in apart.problems())
    side = Crossword(
        5, 5, [PlacedWord("abc", 0, 0, "across"), PlacedWord("de", 1, 0, "across")], []
    )
    assert side.problems() and board_problems(
        [("abc", 0, 0, "across"), ("de", 1, 0, "across")], ["abc", "de"], 5, 5
    )


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_cli_layout_json():
    res = run("crossword", "layout", "--words", COMMON20, "--json", "--seed", "3")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert {"grid", "placed", "not_placed", "width", "height"} <= set(doc)
    placed = [(p["word"], p["row"], p["col"], p["direction"]) for p in doc["placed"]]
    words = read_word_list(COMMON20).words
    assert board_problems(placed, words, doc["width"], doc["height"]) == []
    for p in doc["placed"]:
        line = doc["grid"][p["row"]]
        if p["direction"] == "across":
            assert line[p["col"] : p["col"] + len(p["word"])] == p["word"].upper()


def test_cli_layout_text_and_size(tmp_path):
    res = run("crossword", "layout", "-w", COMMON20, "--size", "30x25", "--symmetric", "-q")
    assert res.exit_code == 0
    rows = res.stdout.splitlines()
    assert rows and all(len(r) == len(rows[0]) for r in rows)
    assert rows == rows[::-1] or all(
        (a == ".") == (b == ".") for top, bot in zip(rows, rows[::-1]) for a, b in zip(top, bot)
    )


def test_cli_layout_bad_inputs(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("apple\nr2d2;a robot\n")
    res = run("crossword", "layout", "-w", bad)
    assert res.exit_code == 0 and "1 line skipped" in res.stderr and "line 2" in res.stderr
    res = run("crossword", "layout", "-w", bad, "--strict")
    assert res.exit_code == 1 and "bad.txt:2" in res.stderr and "Traceback" not in res.output
    res = run("crossword", "layout", "-w", COMMON20, "--size", "ten")
    assert res.exit_code == 2
    res = run("crossword", "layout", "-w", tmp_path / "missing.txt")
    assert res.exit_code == 1 and "missing.txt" in res.stderr


# ------------------------------------------------------------------ compact


@given(words=words_st, seed=st.integers(0, 2**32), tries=st.integers(1, 3))
def test_compact_boards_pass_the_oracle(words, seed, tries):
    pool = pool_from_words(words)
    board = compact_layout(pool, seed=seed, tries=tries)
    assert oracle(board, pool.words) == []
    assert {p.word for p in board.placed} | set(board.not_placed) == set(pool.words)


@pytest.mark.parametrize("path,n", [(COMMON20, 20), (COMMON100, 50), (COMMON100, 100)])
def test_compact_places_every_word_densely(path, n):
    pool = read_word_list(path).filtered(range(n))
    board = compact_layout(pool)
    assert oracle(board, pool.words) == []
    assert len(board.placed) == n and board.not_placed == []
    # density counted here from the board's letters, not by the module's helper
    letters = {rc for p in board.placed for rc in p.cells()}
    assert len(letters) / (board.width * board.height) >= 0.40
    # the default layout of the same words is sparser (what --compact is for)
    loose = make_layout(pool)
    assert len(letters) / (board.width * board.height) > density(loose)


def test_compact_is_reproducible_and_lists_what_cannot_cross():
    pool = pool_from_words(["apple", "plum", "lime", "xyz"])
    a = compact_layout(pool, seed=5, tries=4)
    b = compact_layout(pool, seed=5, tries=4)
    assert a.to_json() == b.to_json()
    assert a.not_placed == ["xyz"] and oracle(a, pool.words) == []


def test_cli_compact(tmp_path):
    res = run("crossword", "layout", "-w", COMMON20, "--compact", "--tries", "20")
    assert res.exit_code == 0, res.output
    rows = res.stdout.split()
    assert "Placed 20 of 20" in res.stderr and "density" in res.stderr
    letters = sum(ch != "." for row in rows for ch in row)
    assert letters / (len(rows) * len(rows[0])) > 0.3  # the default layout: 0.285
    res = run("crossword", "layout", "-w", COMMON20, "--compact", "--symmetric")
    assert res.exit_code == 2 and "--compact" in res.stderr and res.stdout == ""


def test_compact_reports_progress_once_a_pass():
    pool = read_word_list(COMMON20)
    seen: list[float] = []
    board = compact_layout(pool, seed=3, tries=5, progress=seen.append)
    assert seen == [0.0, 0.2, 0.4, 0.6, 0.8]
    assert board.to_json() == compact_layout(pool, seed=3, tries=5).to_json()
