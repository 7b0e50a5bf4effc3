"""Word-search puzzles (``WordSearch.puzzle``): reproducible, sound (each
word reads exactly once, checked by scanning the grid), uniform when the
layouts can be counted, and clear about why when no puzzle can be made."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.uniform import chi2_threshold
from oracles.wordsearch import check_puzzle

from dlxc.base.errors import SearchStopped
from dlxc.models.wordsearch import NoLayout, WordSearch

slow = pytest.mark.slow
WORDS = Path(__file__).resolve().parents[2] / "dlxc" / "puzzles" / "words"
SEED_WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]


# ---- puzzles ---------------------------------------------------------------------


def test_puzzle_is_reproducible_and_sound(backend):
    words = ["ABEL", "CANTOR", "GAUSS", "EULER", "NOETHER", "RIEMANN"]
    ws = WordSearch(9, 9, words)
    a = ws.puzzle(11, backend=backend)
    b = WordSearch(9, 9, words).puzzle(11, backend=backend)
    assert a.grid == b.grid and a.layout == b.layout
    check_puzzle(a, ws.words)
    letters = set("".join(words))
    assert all(ch in letters for line in a.grid for ch in line)
    others = {tuple(map(tuple, ws.puzzle(s, backend=backend).grid)) for s in range(4)}
    assert len(others) > 1


@pytest.mark.slow
def test_puzzle_layouts_are_uniform(c_backend):
    # ABEL and LAND in 4x4, 8 directions: 136 layouts can be made puzzles
    # (none of their own letters reads a word twice); each seed's layout
    # must be any of them with the same chance (chi-square, as
    # test_sampling).  The randomized search (uniform_nodes=0) fails this.
    from dlxc.models.wordsearch.maker import _PuzzleMaker

    ws = WordSearch(4, 4, ["ABEL", "LAND"])
    maker = _PuzzleMaker(
        ws, random.Random(0), "ABELND", crossing=False, backend="c", max_rounds=0, max_repairs=0
    )
    key = lambda lay: tuple((p.word, p.row, p.col, p.direction) for p in lay.placements)
    clean = {key(lay) for lay in ws.layouts() if not maker.extras(lay, lay.grid(empty=None))}
    assert len(clean) == 136
    draws = 25 * len(clean)

    def chi_square(uniform_nodes):
        puzzles = [ws.puzzle(seed, uniform_nodes=uniform_nodes) for seed in range(draws)]
        assert all(p.uniform == (uniform_nodes > 0) for p in puzzles)
        got = Counter(key(p.layout) for p in puzzles)
        assert set(got) <= clean
        return sum((got[k] - 25) ** 2 / 25 for k in clean)

    assert chi_square(1_000_000) < chi2_threshold(len(clean) - 1)
    assert chi_square(0) > chi2_threshold(len(clean) - 1)


def test_big_puzzles_say_they_are_not_uniform(c_backend):
    ws = WordSearch(8, 8, SEED_WORDS)  # 123,800,040 layouts: too many to count here
    p = ws.puzzle(3)
    assert not p.uniform
    check_puzzle(p, ws.words)
    small = WordSearch(6, 6, SEED_WORDS).puzzle(3)
    # no seed word reads inside another, so the draw is from all 244,792 (the seed)
    assert small.uniform and small.stats.solutions == 244_792


def test_puzzle_same_on_both_backends(c_backend):
    ws = WordSearch(8, 8, SEED_WORDS)
    for seed in range(3):
        assert ws.puzzle(seed, backend="c").grid == ws.puzzle(seed, backend="python").grid


def test_puzzle_with_filler_mask_and_contained_words():
    # TIN reads inside PLATINUM and ACTINIUM: those readings do not count,
    # but TIN must also be found once on its own
    words = ["TIN", "PLATINUM", "ACTINIUM", "IRON", "NIT"]
    ws = WordSearch(8, 8, words, mask="#......#\n" + "........\n" * 6 + "#......#")
    for seed in range(5):
        p = ws.puzzle(seed, filler="XYZ")
        check_puzzle(p, ws.words)
        used = p.layout.letters
        for r, c in ws.cells:
            if (r, c) not in used:
                assert p.grid[r][c] in "XYZ"
        assert all(p.grid[r][c] is None for r, c in ws.holes)


def test_puzzle_with_palindromes():
    ws = WordSearch(8, 8, ["LEVEL", "RADAR", "ABBA", "NOON", "STATS"])
    for seed in range(3):
        check_puzzle(ws.puzzle(seed), ws.words)


@settings(max_examples=30)
@given(
    size=st.integers(3, 6),
    seed=st.integers(0, 1 << 20),
    words=st.lists(st.text("ABCDE", min_size=2, max_size=5), min_size=1, max_size=4, unique=True),
    dirs=st.sampled_from(["easy", "medium", "orthogonal", "all"]),
)
def test_random_puzzles_are_sound_or_say_why(size, seed, words, dirs):
    ws = WordSearch(size, size, words, dirs)
    try:
        p = ws.puzzle(seed, node_limit=20_000, max_layouts=5, max_repairs=5, max_rounds=50)
    except NoLayout as exc:
        if exc.reasons:
            assert exc.reasons == ws.obstacles()
        elif str(exc).startswith("no layout exists"):
            assert ws.count() == 0
        return
    except SearchStopped:
        return
    check_puzzle(p, ws.words)


def test_puzzle_outcomes():
    with pytest.raises(NoLayout) as info:
        WordSearch(3, 3, ["ABCD"]).puzzle(1)
    assert "longest line" in info.value.reasons[0]
    with pytest.raises(NoLayout, match="no layout exists"):
        WordSearch(3, 3, ["AAA", "B", "BBB", "CCC", "AC"], "E").puzzle(1)
    with pytest.raises(SearchStopped, match="timeout"):
        WordSearch(8, 8, SEED_WORDS).puzzle(1, timeout=0)


def test_puzzle_with_crossing():
    ws = WordSearch(5, 5, ["ABEL", "LAND", "DEAN"], "all")
    p = ws.puzzle(3, crossing=True)
    assert p.layout.crossing()
    check_puzzle(p, ws.words)


def test_common_words_15x15():
    from dlxc.models.words import read_entries

    words, _ = read_entries(WORDS / "common20.txt")
    ws = WordSearch(15, 15, words)
    for seed in range(3):
        check_puzzle(ws.puzzle(seed), ws.words)


@slow
def test_all_118_elements_32x32():
    from dlxc.models.words import read_entries

    words, _ = read_entries(WORDS / "elements.txt")
    assert len(words) == 118
    ws = WordSearch(32, 32, words)
    p = ws.puzzle(1)
    check_puzzle(p, ws.words)
