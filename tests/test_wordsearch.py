"""Word search: the model, its layouts, puzzles, and ``dlxc wordsearch``.

The oracle here is a brute force written from the definition, not from
dlxc: it walks every start cell and direction to list a word's placements
(merging those with the same cells and letters), and counts the choices of
one placement per word whose letters agree on shared cells.  Puzzles are
checked by scanning the finished grid for every word in all 8 directions.
Fixed figures come from the seed (244,792; 112 and 16) and REFERENCE.md.
"""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from dlxc import Colored, Problem, ProblemError
from dlxc.cli import main
from dlxc.xcc.dlxformat import read_dlx
from dlxc.models.wordsearch import (DIRECTIONS, NoLayout, WordSearch, parse_directions,
                                    parse_mask, word_search_problem)
from dlxc.errors import SearchStopped

slow = pytest.mark.slow
WORDS = Path(__file__).resolve().parent.parent / "puzzles" / "words"
SEED_WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]
STEPS = {"E": (0, 1), "W": (0, -1), "S": (1, 0), "N": (-1, 0),
         "SE": (1, 1), "SW": (1, -1), "NE": (-1, 1), "NW": (-1, -1)}


# ---- the independent oracle ---------------------------------------------------------

def brute_placements(rows, cols, word, dirs, holes=frozenset()):
    """Each distinct placement of ``word`` as a frozenset of (cell, letter)."""
    out = []
    seen = set()
    for d in dirs:
        dr, dc = STEPS[d]
        for r in range(rows):
            for c in range(cols):
                cells = [(r + dr * k, c + dc * k) for k in range(len(word))]
                if all(0 <= a < rows and 0 <= b < cols and (a, b) not in holes
                       for a, b in cells):
                    key = frozenset(zip(cells, word))
                    if key not in seen:
                        seen.add(key)
                        out.append(key)
    return out


def brute_layouts(rows, cols, words, dirs, holes=frozenset()):
    """Every layout, as a tuple of placements (one per word, in order)."""
    per_word = [brute_placements(rows, cols, w, dirs, holes) for w in words]
    found = []

    def extend(k, letters, chosen):
        if k == len(words):
            found.append(tuple(chosen))
            return
        for p in per_word[k]:
            if all(letters.get(cell, ch) == ch for cell, ch in p):
                extend(k + 1, {**letters, **dict(p)}, chosen + [p])

    extend(0, {}, [])
    return found


def crosses(layout):
    cells = [{cell for cell, _ in p} for p in layout]
    return all(any(cells[i] & cells[j] for j in range(len(cells)) if j != i)
               for i in range(len(cells)))


def readings(grid, word):
    """Cell sets where ``word`` reads in ``grid`` (8 directions)."""
    rows, cols = len(grid), len(grid[0])
    out = set()
    for r in range(rows):
        for c in range(cols):
            for dr, dc in STEPS.values():
                cells = [(r + dr * k, c + dc * k) for k in range(len(word))]
                if all(0 <= a < rows and 0 <= b < cols and grid[a][b] == ch
                       for (a, b), ch in zip(cells, word)):
                    out.add(frozenset(cells))
    return out


def check_puzzle(puzzle, words):
    """Each word reads exactly once, apart from readings inside another
    word's placement; every placement agrees with the grid."""
    placed = {p.word: frozenset(p.cells) for p in puzzle.layout.placements}
    assert sorted(placed) == sorted(words)
    for p in puzzle.layout.placements:
        assert [puzzle.grid[r][c] for r, c in p.cells] == list(p.letters)
    for word, own in placed.items():
        assert not any(own <= other for w, other in placed.items() if w != word)
        found = readings(puzzle.grid, word)
        extra = {cells for cells in found
                 if cells != own and not any(cells <= other
                                             for w, other in placed.items() if w != word)}
        assert own in found and not extra, (word, extra)


# ---- the model ---------------------------------------------------------------------

def reference_builder(rows, cols, words, dirs):
    """REFERENCE.md's order, written out with Problem's checked constructor."""
    cells = [f"{r}_{c}" for r in range(rows) for c in range(cols)]
    options = []
    for word in words:
        for d in [d for d in DIRECTIONS if d in dirs]:
            dr, dc = STEPS[d]
            for r in range(rows):
                for c in range(cols):
                    end = (r + dr * (len(word) - 1), c + dc * (len(word) - 1))
                    if 0 <= end[0] < rows and 0 <= end[1] < cols:
                        options.append([word] + [Colored(f"{r + dr * k}_{c + dc * k}", ch)
                                                 for k, ch in enumerate(word)])
    return Problem(words, cells, options)


@pytest.mark.parametrize("rows, cols, words, dirs", [
    (6, 6, SEED_WORDS, tuple(DIRECTIONS)),
    (4, 4, ["ABEL", "LAND"], ("E", "W", "S", "N")),
    (3, 5, ["AB", "CDE", "FG"], ("E", "SE", "NW")),
])
def test_reference_order(rows, cols, words, dirs):
    mine = word_search_problem(rows, cols, words, dirs)
    ref = reference_builder(rows, cols, words, dirs)
    assert mine.items == ref.items and mine.colors == ref.colors
    assert [mine.option_text(j) for j in range(len(mine.options))] == \
           [ref.option_text(j) for j in range(len(ref.options))]


def test_seed_figures(backend):
    ws = WordSearch(6, 6, SEED_WORDS)
    with ws.problem.search(backend=backend) as s:
        s.count()
        st_ = s.stats
    assert (st_.solutions, st_.nodes, st_.updates, st_.cleansings) == \
           (244_792, 257_181, 1_799_889, 1_040_476)


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


@given(rows=st.integers(1, 4), cols=st.integers(1, 4),
       words=st.lists(st.text("ABC", min_size=1, max_size=3), min_size=1, max_size=3,
                      unique=True),
       dirs=st.sets(st.sampled_from(list(DIRECTIONS)), min_size=1),
       holes=st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=3),
       crossing=st.booleans(), how=st.sampled_from([{}, {"memo": True}, {"jobs": 2}]))
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
    got = {frozenset(frozenset(zip(p.cells, p.letters)) for p in layout.placements)
           for layout in ws.layouts(crossing=crossing)}
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

@pytest.mark.parametrize("words, message", [
    (["ABEL", "abel"], "word 2: 'abel' repeats 'ABEL' (word 1): both are the word 'ABEL'"),
    (["AB-EL", "A BEL"], "word 2: 'A BEL' repeats 'AB-EL'"),
    (["C3PO"], "word 1: 'C3PO': '3' (DIGIT THREE) is not a letter"),
    (["--"], "word 1: '--' has no letters"),
    ([], "no words to place"),
])
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
        "'CANTOR' has 6 letters, but the longest line of cells in directions E,S has 4"]
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


def test_puzzle_layouts_are_uniform(c_backend):
    # ABEL and LAND in 4x4, 8 directions: 136 layouts can be made puzzles
    # (none of their own letters reads a word twice); each seed's layout
    # must be any of them with the same chance (chi-square, as
    # test_sampling).  The randomized search (uniform_nodes=0) fails this.
    from test_sampling import chi2_threshold
    from dlxc.models.wordsearch.maker import _PuzzleMaker
    ws = WordSearch(4, 4, ["ABEL", "LAND"])
    maker = _PuzzleMaker(ws, random.Random(0), "ABELND", crossing=False, backend="c",
                         max_rounds=0, max_repairs=0)
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
    ws = WordSearch(8, 8, SEED_WORDS)   # 123,800,040 layouts: too many to count here
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
@given(size=st.integers(3, 6), seed=st.integers(0, 1 << 20),
       words=st.lists(st.text("ABCDE", min_size=2, max_size=5), min_size=1, max_size=4,
                      unique=True),
       dirs=st.sampled_from(["easy", "medium", "orthogonal", "all"]))
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


# ---- the command line -------------------------------------------------------------

def run(*args, input=None):
    return CliRunner().invoke(main, ["wordsearch", *map(str, args)], input=input)


def test_cli_counts():
    r = run("6x6", *SEED_WORDS, "--count")
    assert (r.exit_code, r.stdout) == (0, "244792\n")
    assert "Altogether 244792 solutions" in r.stderr
    r = run("4x4", "ABEL", "LAND", "--directions", "E,W,S,N", "--count")
    assert (r.exit_code, r.stdout) == (0, "112\n")
    r = run("4x4", "ABEL", "LAND", "--directions", "E,W,S,N", "--count", "--crossing")
    assert (r.exit_code, r.stdout) == (0, "16\n")
    assert "16 of the 112 layouts cross" in r.stderr
    r = run("4x4", "ABEL", "LAND", "-d", "orthogonal", "--count", "--json", "-q")
    assert json.loads(r.stdout)["layouts"] == 112 and r.stderr == ""


@pytest.mark.parametrize("how", [{"jobs": 2}, {"memo": True}, {"jobs": 2, "memo": True}])
def test_count_shared_or_memoized(backend, how):
    # REFERENCE.md's figure, and the brute-force count of ABEL+LAND
    assert WordSearch(6, 6, SEED_WORDS).count(backend=backend, **how) == 244_792
    small = WordSearch(4, 4, ["ABEL", "LAND"], "EWSN")
    layouts = brute_layouts(4, 4, ["ABEL", "LAND"], "EWSN")
    assert small.count(backend=backend, **how) == len(layouts)
    if how.get("memo"):
        with pytest.raises(ValueError, match="one by one"):
            small.count(crossing=True, **how)
    else:
        assert small.count(crossing=True, backend=backend, **how) == \
            sum(map(crosses, layouts)) == 16
        seven = WordSearch(7, 7, SEED_WORDS)  # split into subproblems, unlike 4x4
        assert seven.count(crossing=True, backend="c", **how) == seven.count(crossing=True)


def test_cli_counts_shared_and_memoized():
    r = run("6x6", *SEED_WORDS, "--count", "-j", "2")
    assert (r.exit_code, r.stdout) == (0, "244792\n")
    assert "Split into" in r.stderr and "for 2 processes" in r.stderr
    r = run("6x6", *SEED_WORDS, "--count", "--memo", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["layouts"] == 244792
    assert "Memo table:" in r.stderr
    r = run("7x7", *SEED_WORDS, "--count", "-j", "2", "--node-limit", "5000")
    assert r.exit_code == 4 and 0 < int(r.stdout) < 9_664_704
    assert "5000 nodes" in r.stderr and "partial: stopped by --node-limit 5000" in r.stderr
    r = run("6x6", *SEED_WORDS, "--limit", "2", "--memo")
    assert r.exit_code == 2 and "--jobs and --memo go with --count" in r.stderr
    r = run("4x4", "ABEL", "LAND", "-d", "EWSN", "--count", "--crossing", "-j", "2")
    assert (r.exit_code, r.stdout) == (0, "16\n")
    assert "16 of the 112 layouts cross" in r.stderr and "too small to split" in r.stderr
    for jobs in ("1", "2"):  # the split run keeps the limit as a serial run does
        r = run("4x4", "ABEL", "LAND", "-d", "EWSN", "--count", "--crossing", "-j", jobs,
                "--node-limit", "5")
        assert r.exit_code == 4 and "partial: stopped by --node-limit 5" in r.stderr
    r = run("6x6", *SEED_WORDS, "--count", "--crossing", "--memo")
    assert r.exit_code == 2 and "--memo does not visit" in r.stderr


def test_cli_lists_layouts():
    r = run("4x4", "ABEL", "LAND", "-d", "orthogonal", "--crossing", "--limit", "2", "-q")
    assert r.exit_code == 0
    assert r.stdout == "A B E L\n. . . A\n. . . N\n. . . D\n\nL . . .\nA B E L\nN . . .\nD . . .\n"
    r = run("4x4", "ABEL", "LAND", "-d", "orthogonal", "--limit", "3", "--json", "-q")
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(lines) == 3 and lines[0]["words"][0]["word"] == "ABEL"


def test_cli_outcomes():
    r = run("3x3", "ABEL", "--count")
    assert r.exit_code == 3 and r.stdout == ""
    assert "'ABEL' has 4 letters, but the longest line" in r.stderr
    r = run("3x3", "AAA", "B", "BBB", "CCC", "AC", "-d", "E")
    assert r.exit_code == 3
    assert "no layout exists (the complete search found none)" in r.stderr
    assert "the words 'AAA', 'BBB', 'CCC', 'AC' alone have no layout" in r.stderr
    r = run("6x6", *SEED_WORDS, "--count", "--node-limit", "1000")
    assert r.exit_code == 4 and 0 < int(r.stdout) < 244792
    assert "partial: stopped by --node-limit 1000" in r.stderr
    r = run("6x6", *SEED_WORDS, "--timeout", "0")
    assert r.exit_code == 4 and "undecided: stopped by --timeout 0" in r.stderr


@pytest.mark.parametrize("args, code, message", [
    (["4x4", "ABEL", "abel"], 1, "'abel' repeats 'ABEL'"),
    (["4x4", "AB3L"], 1, "'3' (DIGIT THREE) is not a letter"),
    (["4x4", "ABEL", "-d", "up"], 1, "unknown direction 'up'"),
    (["4by4", "ABEL"], 2, "'4by4' is not a size"),
    (["4x4"], 2, "give the words to hide"),
    (["4x4", "ABEL", "--count", "--limit", "2"], 2, "choose one of --count and --limit"),
    (["4x4", "ABEL", "--answers"], 2, "--filler and --answers go with --seed"),
    (["4x4", "ABEL", "--dlx", "--crossing"], 2, "--dlx writes the XCC model"),
    (["4x4", "ABEL", "--words", "/nonexistent/words.txt"], 1, "/nonexistent/words.txt"),
])
def test_cli_errors(args, code, message):
    r = run(*args)
    assert r.exit_code == code, r.output
    assert message in r.stderr and r.stdout == ""


def test_cli_mask_file(tmp_path):
    mask = tmp_path / "m.txt"
    mask.write_text(". . .\n. # .\n. . .\n")
    r = run("3x3", "ABC", "-d", "E,S", "--mask", mask, "--count")
    assert r.stdout == "4\n"
    mask.write_text("...\n..\n...\n")
    r = run("3x3", "ABC", "--mask", mask)
    assert r.exit_code == 1 and f"{mask}:2: this row of the mask has 2 squares" in r.stderr


def test_cli_words_file(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("# the seed's words\nABEL\ncantor\n\nGauss\nEULER\n")
    r = run("6x6", "--words", f, "--count", "-q")
    assert r.stdout == "244792\n"
    f.write_text("ABEL\nA-bel\n")
    r = run("6x6", "--words", f)
    assert r.exit_code == 1 and f"{f}:2: 'A-bel' repeats 'ABEL' ({f}:1)" in r.stderr


def test_cli_puzzle():
    r = run("8x8", *SEED_WORDS, "--seed", "5", "--answers", "-q")
    assert r.exit_code == 0
    again = run("8x8", *SEED_WORDS, "--seed", "5", "--answers", "-q")
    assert r.stdout == again.stdout
    grid_text, words_text, key = r.stdout.split("\n\n", 2)
    grid = [line.split(" ") for line in grid_text.splitlines()]
    assert len(grid) == 8 and all(len(line) == 8 for line in grid)
    assert words_text.splitlines() == SEED_WORDS
    assert "ABEL" in key and "row " in key
    r = run("8x8", *SEED_WORDS, "--seed", "5", "--json", "-q")
    data = json.loads(r.stdout)
    assert data["grid"] == grid and data["seed"] == 5
    for entry in data["words"]:
        assert readings(grid, entry["word"]) >= {frozenset(map(tuple, entry["cells"]))}
    r = run("8x8", *SEED_WORDS, "--seed", "5", "--filler", "xyz", "-q")
    letters = set("".join(SEED_WORDS)) | set("XYZ")
    assert set(r.stdout.split("\n\n")[0].split()) <= letters


def test_cli_dlx_is_the_model():
    r = run("6x6", *SEED_WORDS, "--dlx")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[0] == "| dlxc wordsearch 6x6 ABEL CANTOR GAUSS EULER --dlx"
    problem = read_dlx(io.StringIO(r.stdout))
    mine = word_search_problem(6, 6, SEED_WORDS)
    assert problem.items == mine.items and problem.count() == 244_792
    # DLX2's limits: names of at most 8 characters, colors of one
    r = run("9x9", "Gauß", "Ärger", "Öl", "EULERSCHE", "-d", "medium", "--dlx")
    text = r.stdout
    items_line = next(x for x in text.splitlines() if not x.startswith("|"))
    assert all(len(name) <= 8 and name.isascii() for name in items_line.split())
    assert "|   #0 = GAUß" in text and "= ß" in text
    assert text.splitlines()[0] == ("| dlxc wordsearch 9x9 Gauß Ärger Öl EULERSCHE "
                                    "--directions medium --dlx")
    problem = read_dlx(io.StringIO(text))
    ws = WordSearch(9, 9, ["Gauß", "Ärger", "Öl", "EULERSCHE"], "medium")
    assert len(problem.options) == len(ws.problem.options)
    assert problem.count() == ws.count()
    assert all(len(c) == 1 and c.isascii() for c in problem.colors[1:])


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
