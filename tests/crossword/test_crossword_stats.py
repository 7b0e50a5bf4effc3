"""Grid statistics (dlxc.models.crossword.stats) against an independent
count on random grids, and the --stats options of fill and grid."""

from __future__ import annotations

import json

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from oracles.crossword import _slots

from dlxc.cli import main
from dlxc.models.crossword.stats import grid_stats

# the standard English tile values, written out here from the rules
TILES = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyz",
        [1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10],
    )
)


@st.composite
def grids(draw):
    h = draw(st.integers(1, 7))
    w = draw(st.integers(1, 7))
    cells = st.sampled_from("###....aqzxe")
    return ["".join(draw(cells) for _ in range(w)) for _ in range(h)]


def components(rows):
    """The number of groups of open squares joined side by side (union-find)."""
    parent = {}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != "#":
                parent[(r, c)] = (r, c)
    for r, c in list(parent):
        for nb in ((r + 1, c), (r, c + 1)):
            if nb in parent:
                parent[find(nb)] = find((r, c))
    return len({find(x) for x in parent})


@given(rows=grids())
def test_stats_match_an_independent_count(rows):
    st_ = grid_stats(rows)
    slots = _slots(rows)
    h, w = len(rows), len(rows[0])
    assert st_.entries == len(slots)
    assert st_.across + st_.down == len(slots)
    assert st_.blocks == sum(row.count("#") for row in rows)
    if slots:
        assert abs(st_.mean_length - sum(map(len, slots)) / len(slots)) < 1e-9
    count = {}
    for s in slots:
        for rc in s:
            count[rc] = count.get(rc, 0) + 1
    opens = [(r, c) for r in range(h) for c in range(w) if rows[r][c] != "#"]
    assert st_.unchecked == sum(1 for rc in opens if count.get(rc, 0) < 2)
    assert st_.scrabble == sum(TILES[ch] for row in rows for ch in row if ch.isalpha())
    checks = {c.name: c.passed for c in st_.checks}
    assert checks["no 2-letter entries"] == all(len(s) >= 3 for s in slots)
    assert checks["all-over interlock"] == (components(rows) <= 1)
    flipped = ["".join("#" if ch == "#" else "." for ch in row[::-1]) for row in rows[::-1]]
    plain = ["".join("#" if ch == "#" else "." for ch in row) for row in rows]
    assert checks["rotational symmetry"] == (flipped == plain)
    assert checks["every square checked"] == (st_.unchecked == 0)
    assert json.loads(json.dumps(st_.to_json()))["entries"] == len(slots)


def test_entry_limits_of_a_15x15():
    # an open 15x15 has 30 entries; 78/72 both pass
    st_ = grid_stats(["." * 15] * 15)
    checks = {c.name: c.passed for c in st_.checks}
    assert checks["entries, themed"] and checks["entries, themeless"]
    # blocks on every third square of each row: many short entries
    row = "..#" * 5
    st_ = grid_stats([row] * 15)
    assert st_.entries > 78
    checks = {c.name: c.passed for c in st_.checks}
    assert not checks["entries, themed"] and not checks["entries, themeless"]
    assert "entries, themed" not in {c.name for c in grid_stats(["..."] * 3).checks}


def test_fill_and_grid_print_stats(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("ab\ncd\nac\nbd\n")
    grid = tmp_path / "g.txt"
    grid.write_text("..\n..\n")
    run = CliRunner().invoke
    res = run(
        main,
        ["crossword", "fill", str(grid), "-w", str(words), "--stats", "--format", "json", "-q"],
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["stats"]["entries"] == 4 and doc["stats"]["scrabble"] == 1 + 3 + 3 + 2
    assert "Scrabble score: 9" in res.stderr
    res = run(main, ["crossword", "fill", str(grid), "-w", str(words), "--stats", "--count"])
    assert res.exit_code == 2
    res = run(main, ["crossword", "grid", "15x15", "--no-check", "--json", "-q"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    checks = {c["name"]: c["passed"] for c in doc["stats"]["checks"]}
    assert len(doc["grid"]) == 15 and checks["all-over interlock"] and checks["entries, themed"]
    res = run(main, ["crossword", "grid", "15x15", "--no-check", "--stats", "-q"])
    assert "pass: all-over interlock" in res.stderr
