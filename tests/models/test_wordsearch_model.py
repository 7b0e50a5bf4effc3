"""Word search, the model: its problem, layouts, counts, limits and
reasons, checked against the brute force of ``oracles.wordsearch``.
Fixed figures come from the seed (244,792; 112 and 16) and docs/design/xcc.md."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from legs import MIRROR_SLOW
from oracles.wordsearch import STEPS, brute_layouts, brute_placements, crosses

from dlxc import Colored, Problem, ProblemError
from dlxc.base.errors import SearchStopped
from dlxc.models.wordsearch import (
    DIRECTIONS,
    WordSearch,
    parse_directions,
    parse_mask,
    word_search_problem,
)

slow = pytest.mark.slow
WORDS = Path(__file__).resolve().parents[2] / "dlxc" / "puzzles" / "words"
SEED_WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]


# ---- the model ---------------------------------------------------------------------


def reference_builder(rows, cols, words, dirs):
    """The order of docs/design/xcc.md §5, written out with Problem's checked constructor."""
    cells = [f"{r}_{c}" for r in range(rows) for c in range(cols)]
    options = []
    for word in words:
        for d in [d for d in DIRECTIONS if d in dirs]:
            dr, dc = STEPS[d]
            for r in range(rows):
                for c in range(cols):
                    end = (r + dr * (len(word) - 1), c + dc * (len(word) - 1))
                    if 0 <= end[0] < rows and 0 <= end[1] < cols:
                        options.append(
                            [word]
                            + [
                                Colored(f"{r + dr * k}_{c + dc * k}", ch)
                                for k, ch in enumerate(word)
                            ]
                        )
    return Problem(words, cells, options)


@pytest.mark.parametrize(
    "rows, cols, words, dirs",
    [
        (6, 6, SEED_WORDS, tuple(DIRECTIONS)),
        (4, 4, ["ABEL", "LAND"], ("E", "W", "S", "N")),
        (3, 5, ["AB", "CDE", "FG"], ("E", "SE", "NW")),
    ],
)
def test_reference_order(rows, cols, words, dirs):
    mine = word_search_problem(rows, cols, words, dirs)
    ref = reference_builder(rows, cols, words, dirs)
    assert mine.items == ref.items and mine.colors == ref.colors
    assert [mine.option_text(j) for j in range(len(mine.options))] == [
        ref.option_text(j) for j in range(len(ref.options))
    ]


def test_seed_figures(backend):
    ws = WordSearch(6, 6, SEED_WORDS)
    with ws.problem.search(backend=backend) as s:
        s.count()
        st_ = s.stats
    assert (st_.solutions, st_.nodes, st_.updates, st_.cleansings) == (
        244_792,
        257_181,
        1_799_889,
        1_040_476,
    )


def test_abel_land_crossing(backend):
    ws = WordSearch(4, 4, ["abel", "Land"], "E,W,S,N")
    layouts = brute_layouts(4, 4, ["ABEL", "LAND"], "EWSN")
    assert ws.count(backend=backend) == len(layouts) == 112
    assert ws.count(crossing=True, backend=backend) == sum(map(crosses, layouts)) == 16
    found = list(ws.layouts(crossing=True, backend=backend))
    assert len(found) == 16 and all(layout.crossing() for layout in found)
    assert str(found[0]) == "A B E L\n. . . A\n. . . N\n. . . D"


def test_crossing_count_after_listing_some(backend):
    # the count takes over with layouts the listing fetched but did not yield
    ws = WordSearch(4, 4, ["ABEL", "LAND"], "EWSN")
    with ws.search(crossing=True, backend=backend) as found:
        layouts = iter(found)
        first = [next(layouts) for _ in range(3)]
        assert all(layout.crossing() for layout in first)
        assert found.count() == 16 and found.seen == 112
        assert found.pending == 0
    with ws.search(backend=backend) as found:  # and without --crossing
        layouts = iter(found)
        first = [next(layouts) for _ in range(3)]
        assert found.count() == 112 == len(brute_layouts(4, 4, ["ABEL", "LAND"], "EWSN"))


@given(
    rows=st.integers(1, 4),
    cols=st.integers(1, 4),
    words=st.lists(st.text("ABC", min_size=1, max_size=3), min_size=1, max_size=3, unique=True),
    dirs=st.sets(st.sampled_from(list(DIRECTIONS)), min_size=1),
    holes=st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=3),
    crossing=st.booleans(),
    how=st.sampled_from([{}, {"memo": True}, {"jobs": 2}]),
)
def test_counts_against_brute_force(rows, cols, words, dirs, holes, crossing, how):
    holes = frozenset((r, c) for r, c in holes if r < rows and c < cols)
    if len(holes) == rows * cols:
        return
    ws = WordSearch(rows, cols, words, dirs, holes)
    expected = brute_layouts(rows, cols, words, dirs, holes)
    if crossing:
        expected = [e for e in expected if crosses(e)]
        how = {k: v for k, v in how.items() if k != "memo"}  # memo visits no layout
    assert ws.count(crossing=crossing, **how) == len(expected)
    got = {
        frozenset(frozenset(zip(p.cells, p.letters)) for p in layout.placements)
        for layout in ws.layouts(crossing=crossing)
    }
    assert got == {frozenset(e) for e in expected}


def test_palindromes_and_single_letters_are_one_placement():
    ws = WordSearch(3, 3, ["ABA", "X"], "all")
    assert len(ws.options_of("ABA")) == len(brute_placements(3, 3, "ABA", DIRECTIONS)) == 8
    assert len(ws.options_of("X")) == 9
    assert ws.count() == len(brute_layouts(3, 3, ["ABA", "X"], DIRECTIONS))
    # read only westward, a palindrome keeps its W placements
    assert len(WordSearch(3, 3, ["ABA"], "W").options_of("ABA")) == 3


def test_unicode_words_case_spaces_and_hyphens():
    ws = WordSearch(6, 6, ["Gauß", "ärger", "Öl-fass"], "E,S")
    assert ws.words == ("GAUß", "ÄRGER", "ÖLFASS")
    assert ws.count() == len(brute_layouts(6, 6, ws.words, "ES")) > 0
    small = WordSearch(4, 4, ["née", "ÉTÉ"], "all")
    assert small.count() == len(brute_layouts(4, 4, ["NÉE", "ÉTÉ"], DIRECTIONS))


def test_combining_marks_stay_with_their_letter():
    hindi = WordSearch(1, 4, ["नमस्ते"], "E")
    assert hindi.word_letters[0] == ("न", "म", "स्", "ते") and hindi.count() == 1


# ---- input errors and cheap reasons -----------------------------------------------


@pytest.mark.parametrize(
    "words, message",
    [
        (["ABEL", "abel"], "word 2: 'abel' repeats 'ABEL' (word 1): both are the word 'ABEL'"),
        (["AB-EL", "A BEL"], "word 2: 'A BEL' repeats 'AB-EL'"),
        (["C3PO"], "word 1: 'C3PO': '3' (DIGIT THREE) is not a letter"),
        (["--"], "word 1: '--' has no letters"),
        ([], "no words to place"),
    ],
)
def test_word_errors(words, message):
    with pytest.raises(ProblemError) as info:
        WordSearch(4, 4, words)
    assert message in str(info.value)


def test_directions():
    assert parse_directions("easy") == ("E", "S") == parse_directions("forward")
    assert parse_directions("medium") == ("E", "S", "SE", "NE")
    assert parse_directions("orthogonal") == ("E", "W", "S", "N")
    assert parse_directions("all") == tuple(DIRECTIONS) == parse_directions("hard")
    assert parse_directions("nw, e+S") == ("E", "S", "NW")
    assert parse_directions(["SE", "E"]) == ("E", "SE")
    assert parse_directions("EWSN") == ("E", "W", "S", "N")
    with pytest.raises(ProblemError, match="unknown direction 'up'"):
        parse_directions("E,up")


def test_masks():
    rows, cols, holes = parse_mask("\n. # .\n. . .\n", 2, 3)
    assert (rows, cols, holes) == (2, 3, frozenset({(0, 1)}))
    with pytest.raises(ProblemError, match=r"m.txt:2: this row of the mask has 2 squares"):
        parse_mask("...\n..\n", source="m.txt")
    with pytest.raises(ProblemError, match=r"m.txt:1: 'x' in the mask"):
        parse_mask(".x.\n", source="m.txt")
    with pytest.raises(ProblemError, match="the mask has 1 rows, but the grid has 2"):
        parse_mask("...\n", 2, 3)
    ws = WordSearch(3, 3, ["ABC"], "E,S", mask="...\n.#.\n...")
    assert ws.count() == len(brute_layouts(3, 3, ["ABC"], "ES", {(1, 1)})) == 4


def test_obstacles_name_the_cause():
    assert WordSearch(4, 4, ["CANTOR"], "easy").obstacles() == [
        "'CANTOR' has 6 letters, but the longest line of cells in directions E,S has 4"
    ]
    [why] = WordSearch(3, 3, ["ABC", "DEF", "GHI", "JKL"]).obstacles()
    assert "12 letters and no two words have a letter in common" in why
    [why] = WordSearch(3, 3, ["ABC", "CBA", "DEF", "GHI", "AXX"]).obstacles()
    assert "need at least 11 cells" in why
    [why] = WordSearch(3, 3, ["ABC"], "E", mask="#..\n#..\n#..").obstacles()
    assert "longest line of cells in directions E has 2" in why
    assert WordSearch(6, 6, SEED_WORDS).obstacles() == []


def test_conflict_finds_the_words_that_clash():
    ws = WordSearch(3, 3, ["AAA", "B", "BBB", "CCC", "AC"], "E")
    assert ws.count() == 0 == len(brute_layouts(3, 3, ws.words, "E"))
    assert ws.conflict() == ["AAA", "BBB", "CCC", "AC"]
    assert brute_layouts(3, 3, ["B", "BBB", "CCC", "AC"], "E")


def test_limits_stop_a_count():
    ws = WordSearch(6, 6, SEED_WORDS)
    with pytest.raises(SearchStopped, match="node limit"):
        ws.count(node_limit=1000)
    with ws.search(node_limit=1000) as found:
        n = found.count()
        assert not found.complete and found.stopped == "node limit"
        assert 0 < n < 244_792 and found.stats.nodes <= 1000
    with ws.search(timeout=0) as found:
        assert found.count() == 0 and found.stopped == "timeout"


def test_layout_json_and_grid():
    ws = WordSearch(3, 4, ["ABEL", "BEE"], "E,S", mask="....\n.#..\n....")
    layout = next(iter(ws.layouts()))
    data = layout.to_json()
    assert data["rows"] == 3 and data["cols"] == 4
    assert data["grid"][1][1] is None
    for entry in data["words"]:
        for (r, c), ch in zip(entry["cells"], entry["word"]):
            assert data["grid"][r][c] == ch
        assert entry["cells"][0] == [entry["row"], entry["col"]]


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@pytest.mark.parametrize("how", [{"jobs": 2}, {"memo": True}, {"jobs": 2, "memo": True}])
def test_count_shared_or_memoized(backend, how):
    # the DLX2 figure of docs/design/xcc.md §5, and the brute-force count of ABEL+LAND
    assert WordSearch(6, 6, SEED_WORDS).count(backend=backend, **how) == 244_792
    small = WordSearch(4, 4, ["ABEL", "LAND"], "EWSN")
    layouts = brute_layouts(4, 4, ["ABEL", "LAND"], "EWSN")
    assert small.count(backend=backend, **how) == len(layouts)
    if how.get("memo"):
        with pytest.raises(ValueError, match="one by one"):
            small.count(crossing=True, **how)
    else:
        assert (
            small.count(crossing=True, backend=backend, **how) == sum(map(crosses, layouts)) == 16
        )
        seven = WordSearch(7, 7, SEED_WORDS)  # split into subproblems, unlike 4x4
        assert seven.count(crossing=True, backend="c", **how) == seven.count(crossing=True)


def test_random_layouts_are_layouts():
    ws = WordSearch(6, 6, SEED_WORDS)
    rng = random.Random(3)
    for layout in ws.layouts(seed=rng.randrange(1 << 30), limit=20):
        letters = {}
        for p in layout.placements:
            for cell, ch in zip(p.cells, p.letters):
                assert letters.setdefault(cell, ch) == ch


def test_docstring_examples():
    import doctest

    from dlxc.models import wordrect, words
    from dlxc.models.wordsearch import grid, model

    for module in (grid, model, wordrect, words):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
