"""Region fills and per-slot bans (dlxc.models.crossword.region): the
engine's fills of a region equal a brute-force filler's (oracles.crossword),
on both backends, through the count and the quality search, and the CLI's
options and errors."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from oracles.crossword import brute_fills, brute_region_fills

from dlxc.base.errors import CrosswordError
from dlxc.cli import main
from dlxc.crossword.wordlist import pool_from_words
from dlxc.models.crossword.fill import Filler, parse_grid, quality_fill
from dlxc.models.crossword.region import parse_bans, plan, slot_named

# small grids and two letters, so that most examples have fills to compare
cell_st = st.sampled_from(".....#ab")
words_st = st.lists(st.text("ab", min_size=2, max_size=3), min_size=0, max_size=12)


@st.composite
def grids(draw):
    h = draw(st.integers(1, 3))
    w = draw(st.integers(1, 3))
    return ["".join(draw(cell_st) for _ in range(w)) for _ in range(h)]


def region_fills(rows, region, words, backend, bans=None):
    grid = parse_grid("\n".join(rows))
    p = plan(grid, pool_from_words(words), region=region, bans=bans)
    f = Filler(p.grid, p.pool, backend=backend, restrictions=p.restrictions)
    found = [tuple(r.lower() for r in p.filled(x).render().split("\n")) for x in f.fills()]
    f.close()
    return found, p


@given(
    rows=grids(),
    words=words_st,
    corner=st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)),
    ban_picks=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=3),
)
def test_region_fills_are_the_brute_force_region_fills(backend, rows, words, corner, ban_picks):
    """A rectangle of the grid, kept letters, empty squares outside it and
    per-slot bans: the engine finds each brute-force fill once."""
    check_region(backend, rows, words, corner, ban_picks)


@pytest.mark.parametrize(
    "rows, words, corner, ban_picks",
    [
        # a kept word counts against the region's slots
        (["ab", ".."], ["ab", "ba", "aa", "bb"], (1, 0, 1, 1), []),
        # a slot running out of the region into an empty square: bans hold
        ([".."], ["ab"], (0, 0, 0, 0), [(0, 0)]),
        ([".", ".", "."], ["aba", "bab"], (0, 0, 1, 0), [(0, 1)]),
        # kept slots, complete and not, and a region through both directions
        (["a..", "...", "..b"], ["aab", "abb", "bab", "aaa", "bbb"], (0, 0, 1, 1), [(2, 3)]),
    ],
)
def test_region_fills_on_chosen_grids(backend, rows, words, corner, ban_picks):
    check_region(backend, rows, words, corner, ban_picks)


def check_region(backend, rows, words, corner, ban_picks):
    grid = parse_grid("\n".join(rows))
    r1, c1, r2, c2 = corner
    region = {
        (r, c)
        for r in range(min(r1, r2), max(r1, r2) + 1)
        for c in range(min(c1, c2), max(c1, c2) + 1)
    }
    words = sorted(set(words))
    bans: dict[int, set[str]] = {}
    oracle_bans: dict = {}
    for s, n in ban_picks:
        if grid.slots and words:
            slot = grid.slots[s % len(grid.slots)]
            bans.setdefault(slot.index, set()).add(words[n % len(words)])
            oracle_bans.setdefault(((slot.row, slot.col), slot.direction), set()).add(
                words[n % len(words)]
            )
    expected = brute_region_fills(rows, region, words, oracle_bans)
    inside = {(r, c) for r, c in region if r < grid.height and c < grid.width and rows[r][c] != "#"}
    if not inside:
        with pytest.raises(CrosswordError, match="no open square"):
            region_fills(rows, region, words, backend, bans)
        return
    try:
        found, _ = region_fills(rows, region, words, backend, bans)
    except CrosswordError as exc:
        assert "both hold" in str(exc) and not expected
        return
    assert len(set(found)) == len(found)
    assert sorted(found) == sorted(expected)


@given(rows=grids(), words=words_st)
def test_a_region_of_the_whole_grid_is_a_fill_of_the_cleared_grid(backend, rows, words):
    """The whole grid as the region gives brute_fills' fills of the grid
    with its letters cleared (a region's letters are filled afresh)."""
    grid = parse_grid("\n".join(rows))
    every = {(r, c) for r in range(grid.height) for c in range(grid.width)}
    words = sorted(set(words))
    if any(ch != "#" for row in rows for ch in row):
        found, _ = region_fills(rows, every, words, backend)
        cleared = ["".join("#" if ch == "#" else "." for ch in row) for row in rows]
        assert sorted(found) == sorted(brute_fills(cleared, words))


def test_region_with_the_quality_search_keeps_the_rest(backend):
    rows = ["cat#", "a...", "b...", "#..."]
    words = ["cab", "cat", "ate", "tea", "eat", "ten", "net", "tan", "ant", "nab", "bat", "tab"]
    grid = parse_grid("\n".join(rows))
    region = {(r, c) for r in range(1, 4) for c in range(1, 4)}
    p = plan(grid, pool_from_words(words, range(len(words))), region=region)
    res = quality_fill(
        p.grid, p.pool, budget=0.05, seed=1, backend=backend, restrictions=p.restrictions
    )
    expected = brute_region_fills(rows, region, words)
    if res.filled is None:
        assert not expected
    else:
        got = tuple(r.lower() for r in p.filled(res.filled).render().split("\n"))
        assert got in expected


def test_slot_names_and_bans_parse():
    grid = parse_grid("...\n...\n...")
    assert slot_named(grid, "1A").name == "1-Across"
    assert slot_named(grid, "2-down").name == "2-Down"
    assert slot_named(grid, " 4 Across ").name == "4-Across"
    for bad in ("A1", "1X", "9A"):
        with pytest.raises(CrosswordError):
            slot_named(grid, bad)
    per_slot, everywhere = parse_bans(grid, ["1A=abc,Def", "xyz"])
    assert per_slot == {0: {"abc", "def"}} and everywhere == {"xyz"}
    with pytest.raises(CrosswordError, match="not a word"):
        parse_bans(grid, ["1A=ab1"])


def test_cli_region_slots_bans_and_errors(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("cat\ncot\nact\ntoe\nape\ncab\nate\nace\ntea\n")
    grid = tmp_path / "g.txt"
    grid.write_text("CAT\n...\n###\n")
    run = CliRunner().invoke
    base = ["crossword", "fill", str(grid), "-w", str(words), "-q"]
    # 4-Across takes any listed word but CAT, kept above it (downs run
    # through empty... no: the grid's downs are 2 long, complete once filled)
    res = run(main, base + ["--slots", "4A", "--count"])
    assert res.exit_code in (0, 3), res.output
    res = run(main, base + ["--region", "2,1:2,3", "--ban", "4A=act", "--budget", "0"])
    assert "ACT" not in res.output.split("\n")[1:2]
    for args, what in (
        (["--slots", "9A"], "no slot 9-Across"),
        (["--region", "1,1:9,9"], "outside the"),
        (["--region", "a"], "not a rectangle"),
        (["--ban", "1A=c4t"], "not a word"),
    ):
        res = run(main, base + args)
        assert res.exit_code == 1 and what in res.output, (args, res.output)
    bans = tmp_path / "bans.txt"
    bans.write_text("# mine\n4A=act\n\n4A=c4t\n")
    res = run(main, base + ["--ban-file", str(bans)])
    assert res.exit_code == 1 and "bans.txt:4:" in res.output and "not a word" in res.output
    res = run(main, base + ["--slots", "4A", "--xcc"])
    assert res.exit_code == 2 and "--xcc" in res.output


@given(
    rows=grids(),
    words=words_st,
    ban_picks=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=3),
)
def test_bans_on_a_whole_grid_are_the_filtered_brute_force_fills(backend, rows, words, ban_picks):
    grid = parse_grid("\n".join(rows))
    words = sorted(set(words))
    bans: dict[int, set[str]] = {}
    for s, n in ban_picks:
        if grid.slots and words:
            bans.setdefault(grid.slots[s % len(grid.slots)].index, set()).add(words[n % len(words)])
    found, _ = region_fills(rows, None, words, backend, bans)

    def ok(fill):
        return all(
            "".join(fill[r][c] for r, c in slot.cells()) not in bans.get(slot.index, ())
            for slot in grid.slots
        )

    assert sorted(found) == sorted(x for x in brute_fills(rows, words) if ok(x))


def test_the_quality_search_honours_bans(backend):
    """The best-scored word of a slot, banned, never comes back, whatever
    the phase (first fill, climb, repairs) that makes the fill kept."""
    rows = ["...", "...", "..."]
    grid = parse_grid("\n".join(rows))
    fills = list(brute_fills(rows, WORDS9))
    assert fills
    top = grid.slots[0]
    words_at_top = {f[0] for f in fills}
    banned = sorted(words_at_top)[:-1]  # all but one of 1-Across's words
    p = plan(grid, pool_from_words(WORDS9, range(len(WORDS9))), bans={top.index: banned})
    assert banned
    for seed in (1, 2):
        res = quality_fill(
            p.grid, p.pool, budget=0.1, seed=seed, backend=backend, restrictions=p.restrictions
        )
        assert res.filled is not None and res.filled.words[top.index] not in banned


# a few 3x3 squares' words, so that the grid has several fills
WORDS9 = [
    "cat", "ore", "wed", "cow", "are", "ted", "den", "cod", "ten", "wen", "gel", "cog",
    "tel", "bat", "bog", "ado", "tee", "oat", "rat", "arc", "toe", "eta",
]  # fmt: skip
