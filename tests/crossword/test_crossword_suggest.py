"""Suggestions for a slot: every word's status and fill count against a
brute-force filler (oracles.crossword), the witness fills checked as fills,
the statuses against ``dlxc crossword fill`` with the word written in, and
the blocking set against a brute force over subsets of slots."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.crossword import brute_fills

from dlxc.base.errors import CrosswordError
from dlxc.cli import main
from dlxc.crossword.wordlist import pool_from_words
from dlxc.models.crossword.fill import parse_grid
from dlxc.models.crossword.suggest import (
    FILLABLE,
    UNFILLABLE,
    UNKNOWN,
    Suggester,
    blocking_set,
    find_slot,
    parse_slot_name,
    suggest,
)

cell_st = st.sampled_from("....#ab")


@st.composite
def grids(draw):
    h = draw(st.integers(1, 4))
    w = draw(st.integers(2, 4))
    return ["".join(draw(cell_st) for _ in range(w)) for _ in range(h)]


words_st = st.lists(
    st.tuples(st.text("abc", min_size=2, max_size=4), st.integers(0, 3)),
    min_size=0,
    max_size=25,
    unique_by=lambda t: t[0],
)


def _with_word(rows, slot, word):
    cells = [list(r) for r in rows]
    for (r, c), ch in zip(slot.cells(), word):
        cells[r][c] = ch
    return ["".join(r) for r in cells]


def _slot_words(rows, grid):
    return ["".join(rows[r][c] for r, c in s.cells()) for s in grid.slots]


@settings(max_examples=30, deadline=None)
@given(rows=grids(), words=words_st, pick=st.integers(0, 40))
def test_statuses_and_counts_match_the_brute_force(backend, rows, words, pick):
    grid = parse_grid("\n".join(rows))
    if not grid.slots:
        return
    slot = grid.slots[pick % len(grid.slots)]
    names = [w for w, _ in words]
    score = dict(words)
    pool = pool_from_words(names, [s for _, s in words])
    res = suggest(grid, pool, slot, top=100, budget=60, backend=backend)
    assert res.stopped is None
    # the words that fit: length and letters, not written whole elsewhere
    elsewhere = {
        w for s, w in zip(grid.slots, _slot_words(rows, grid)) if s != slot and "." not in w
    }
    pattern = [rows[r][c] for r, c in slot.cells()]
    fit = [
        w
        for w in names
        if len(w) == slot.length and all(p in (".", ch) for p, ch in zip(pattern, w))
    ]
    assert sorted(s.word for s in res.suggestions) == sorted(w for w in fit if w not in elsewhere)
    assert res.duplicates == sorted(w for w in fit if w in elsewhere)
    got = [s.score for s in res.suggestions]
    assert got == sorted(got, reverse=True)
    every = set(brute_fills(rows, names))
    assert res.grid_fillable == bool(every)
    for s in res.suggestions:
        assert s.score == score[s.word]
        fills = set(brute_fills(_with_word(rows, slot, s.word), names))
        assert s.status != UNKNOWN and s.count_complete
        assert s.count == len(fills)
        assert s.status == (FILLABLE if fills else UNFILLABLE)
        if s.witness is not None:
            assert tuple(r.lower() for r in s.witness.render().split("\n")) in fills
        assert (s.witness is not None) == bool(fills)
    bad = {s.index for s in grid.slots if not any(True for _ in _fitting(rows, s, names))}
    assert {s.index for s, _ in res.empty_slots} <= bad | {s.index for s in grid.slots}
    if res.blocking is not None:
        _check_blocking(rows, grid, names, res.blocking)


def _fitting(rows, slot, names):
    pattern = [rows[r][c] for r, c in slot.cells()]
    return (
        w
        for w in names
        if len(w) == slot.length and all(p in (".", ch) for p, ch in zip(pattern, w))
    )


def _subset_has_fill(rows, grid, names, keep) -> bool:
    """Brute force: words for the slots ``keep`` alone, crossings agreeing,
    no word twice."""
    slots = [grid.slots[k] for k in keep]
    cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
    used: set[str] = set()

    def go(i):
        if i == len(slots):
            return True
        s = slots[i]
        for w in names:
            if len(w) != s.length or w in used:
                continue
            if any(cells[rc] not in (".", ch) for rc, ch in zip(s.cells(), w)):
                continue
            old = [cells[rc] for rc in s.cells()]
            for rc, ch in zip(s.cells(), w):
                cells[rc] = ch
            used.add(w)
            if go(i + 1):
                return True
            used.discard(w)
            for rc, ch in zip(s.cells(), old):
                cells[rc] = ch
        return False

    return go(0)


def _check_blocking(rows, grid, names, blocking):
    keep = [s.index for s in blocking.slots]
    assert keep
    assert not _subset_has_fill(rows, grid, names, keep)
    if blocking.minimal:
        for k in keep:
            assert _subset_has_fill(rows, grid, names, [j for j in keep if j != k])


@settings(max_examples=25, deadline=None)
@given(rows=grids(), words=st.lists(st.text("ab", min_size=2, max_size=3), max_size=10))
def test_blocking_set_is_unfillable_and_minimal(backend, rows, words):
    grid = parse_grid("\n".join(rows))
    names = sorted(set(words))
    if not grid.slots or set(brute_fills(rows, names)):
        return
    found = blocking_set(grid, pool_from_words(names), budget=60, backend=backend)
    assert found is not None and found.minimal
    _check_blocking(rows, grid, names, found)


def test_a_blocking_pair_in_a_larger_grid(backend):
    # two across words whose crossings no list word can join: the rest is free
    rows = ["ab.", "...", "..."]
    names = ["abc", "aaa", "bbb", "ccc", "aab", "bba", "cab", "cba", "acb"]
    grid = parse_grid("\n".join(rows))
    names = [w for w in names if w != "abc"]  # 1-Across can take no word
    res = blocking_set(grid, pool_from_words(names), budget=30, backend=backend)
    assert res is not None and [s.name for s in res.slots] == ["1-Across"]
    assert res.minimal


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _check_against_fill(d, rows, words, pick, backend):
    """Each word ``crossword suggest`` marks fillable fills with ``dlxc
    crossword fill`` once written into the grid (exit 0), each marked
    unfillable fails (exit 3), and a fillable word's witness is a fill of
    the grid: every slot a word of the list, no word twice, the given
    letters kept, the word in its slot."""
    grid = parse_grid("\n".join(rows))
    if not grid.slots:
        return
    slot = grid.slots[pick % len(grid.slots)]
    lst = d / "w.txt"
    lst.write_text("".join(f"{w};{s}\n" for w, s in words))
    g = d / "g.txt"
    g.write_text("\n".join(rows) + "\n")
    name = f"{slot.number}{slot.direction[0].upper()}"
    both = ["-w", lst, "--backend", backend]
    r = run("crossword", "suggest", g, "--slot", name, *both, "--json", "--budget", "30")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["slot"] == slot.name
    names = {w for w, _ in words}
    for s in doc["suggestions"]:
        g2 = d / "g2.txt"
        g2.write_text("\n".join(_with_word(rows, slot, s["word"])) + "\n")
        rc = run("crossword", "fill", g2, *both, "--budget", "0", "-q").exit_code
        assert rc == {FILLABLE: 0, UNFILLABLE: 3}[s["status"]]
        assert ("witness" in s) == (s["status"] == FILLABLE)
        if s["status"] == FILLABLE:
            w = [row.lower() for row in s["witness"]]
            assert len(w) == len(rows) and all(len(a) == len(b) for a, b in zip(w, rows))
            for r_, row in enumerate(rows):
                for c, ch in enumerate(row):
                    assert (ch == "#") == (w[r_][c] == "#")
                    assert ch in ".#" or w[r_][c] == ch
            placed = ["".join(w[r_][c] for r_, c in t.cells()) for t in grid.slots]
            assert all(x in names for x in placed) and len(set(placed)) == len(placed)
            assert placed[slot.index] == s["word"]


@settings(max_examples=6, deadline=None)
@given(rows=grids(), words=words_st.filter(bool), pick=st.integers(0, 40))
def test_cli_statuses_agree_with_fill(tmp_path_factory, backend, rows, words, pick):
    _check_against_fill(tmp_path_factory.mktemp("suggest"), rows, words, pick, backend)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(rows=grids(), words=words_st.filter(bool), pick=st.integers(0, 40))
def test_cli_statuses_agree_with_fill_many(tmp_path_factory, backend, rows, words, pick):
    _check_against_fill(tmp_path_factory.mktemp("suggest"), rows, words, pick, backend)


@pytest.mark.parametrize(
    "text,want",
    [
        ("17A", (17, "across")),
        ("17-Across", (17, "across")),
        ("17a", (17, "across")),
        ("5D", (5, "down")),
        ("5 down", (5, "down")),
        (" 5-d ", (5, "down")),
    ],
)
def test_slot_names(text, want):
    assert parse_slot_name(text) == want


@pytest.mark.parametrize("text", ["", "A17", "17", "17X", "17-Acrossx", "x5D"])
def test_bad_slot_names(text):
    with pytest.raises(ValueError):
        parse_slot_name(text)


def test_no_such_slot():
    grid = parse_grid("...\n...\n...", "g.txt")
    with pytest.raises(CrosswordError, match="no 2-Across"):
        find_slot(grid, "2A")


@pytest.fixture
def small(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("cat;60\ncar;40\narc\ntar\nact\nrat\nart\ntea\nate\neat\ntat\n")
    grid = tmp_path / "g.txt"
    grid.write_text("c..\n...\n...\n")
    return grid, words


def test_cli_text_and_errors(tmp_path, small):
    grid, words = small
    r = run("crossword", "suggest", grid, "--slot", "1A", "-w", words)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].startswith("1-Across (3 letters, C..)")
    assert lines[1].split()[:2] == ["CAT", "60"]
    # a bad slot name: usage error, one line and no traceback
    r = run("crossword", "suggest", grid, "--slot", "1X", "-w", words)
    assert r.exit_code == 2 and "Traceback" not in r.output
    r = run("crossword", "suggest", grid, "--slot", "9A", "-w", words)
    assert r.exit_code == 1 and "no 9-Across" in r.output
    assert len(r.output.strip().splitlines()) == 1
    bad = tmp_path / "bad.txt"
    bad.write_text("...\n.x.\n..\n")
    r = run("crossword", "suggest", bad, "--slot", "1A", "-w", words)
    assert r.exit_code == 1 and f"{bad}:3" in r.output
    badw = tmp_path / "badw.txt"
    badw.write_text("cat\nc@t\n")
    r = run("crossword", "suggest", grid, "--slot", "1A", "-w", badw, "--strict")
    assert r.exit_code == 1 and f"{badw}:2" in r.output


def test_cli_full_slot_and_used_words(tmp_path, small):
    _, words = small
    grid = tmp_path / "full.txt"
    grid.write_text("cat\n...\n...\n")
    r = run("crossword", "suggest", grid, "--slot", "1-Across", "-w", words, "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["slot_complete"] and [s["word"] for s in doc["suggestions"]] == ["cat"]
    # a word written whole elsewhere is not suggested
    r = run("crossword", "suggest", grid, "--slot", "4A", "-w", words, "--json")
    doc = json.loads(r.stdout)
    assert "cat" in doc["excluded"] and "cat" not in [s["word"] for s in doc["suggestions"]]


def test_cli_empty_slot_and_blocking(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("ab\nba\n")
    grid = tmp_path / "g.txt"
    grid.write_text("ab#\nz..\n")
    r = run("crossword", "suggest", grid, "--slot", "1A", "-w", words)
    assert r.exit_code == 0, r.output
    assert "no word fits 1-Down (AZ)" in r.stdout
    assert "blocking set: 3-Across (Z..) [minimal]" in r.stdout
    # no slot empty, but 1-Down can only repeat 1-Across's word
    words.write_text("ab\nba\nbb\n")
    grid.write_text("ab\n..\n")
    r = run("crossword", "suggest", grid, "--slot", "3A", "-w", words, "--json")
    doc = json.loads(r.stdout)
    assert doc["grid_fillable"] is False and doc["empty_slots"] == []
    assert doc["blocking"] == {
        "slots": ["1-Across", "1-Down"],
        "patterns": ["AB", "A."],
        "minimal": True,
    }


def test_node_limit_stops_with_exit_4(tmp_path, small):
    _, words = small
    grid = tmp_path / "g.txt"
    grid.write_text("...\n...\n...\n")
    r = run("crossword", "suggest", grid, "--slot", "1A", "-w", words, "--node-limit", "1")
    assert r.exit_code == 4, r.output
    assert "unknown" in r.stdout and "stopped by the node limit" in r.stderr


def test_suggester_reused_across_slots(backend):
    rows = ["...", "...", "..."]
    names = ["cat", "car", "arc", "tar", "act", "rat", "art", "tea", "ate", "eat", "ore", "are"]
    grid = parse_grid("\n".join(rows))
    sg = Suggester(grid, pool_from_words(names), backend=backend)
    try:
        for slot in grid.slots:
            res = sg.suggest(slot, budget=30)
            for s in res.suggestions:
                n = sum(1 for _ in brute_fills(_with_word(rows, slot, s.word), names))
                assert s.count_complete and s.count == n
    finally:
        sg.close()


@pytest.mark.parametrize("radius", [0, 1])
def test_words_proved_near_another_fill(backend, monkeypatch, radius):
    """With the near tries reaching the slots of a small grid, the fills
    they find are fills of the whole grid with the word in place."""
    import dlxc.models.crossword.suggest as mod

    monkeypatch.setattr(mod, "NEAR_RADIUS", radius)
    rows = ["...", "...", "..."]
    names = sorted({a + b + c for a in "ab" for b in "ab" for c in "ab"}) + ["cab", "abc"]
    grid = parse_grid("\n".join(rows))
    slot = grid.slots[0]
    res = suggest(grid, pool_from_words(names), slot, top=6, budget=60, backend=backend)
    assert res.stopped is None
    hows = {s.how for s in res.suggestions}
    assert "near" in hows or radius == 0
    for s in res.suggestions:
        fills = set(brute_fills(_with_word(rows, slot, s.word), names))
        assert s.count == len(fills) and s.count_complete
        assert (s.status == FILLABLE) == bool(fills)
        if s.witness is not None:
            assert tuple(r.lower() for r in s.witness.render().split("\n")) in fills


def test_requests_that_cannot_fit_are_refused_up_front(tmp_path, monkeypatch):
    """Too many words asked for, or a grid whose slots' candidates would not
    fit: one line, the usual exit codes, before any search."""
    import dlxc.models.crossword.suggest as sg_module
    from dlxc.cli.crossword_suggest import MAX_TOP

    assert MAX_TOP == sg_module.MAX_TOP  # the CLI's bound is the model's
    g = tmp_path / "g.txt"
    g.write_text("...\n...\n...\n")
    lst = tmp_path / "w.txt"
    lst.write_text("abc\nbca\ncab\nacb\n")
    r = run("crossword", "suggest", g, "--slot", "1A", "-w", lst, "--top", MAX_TOP + 1)
    assert r.exit_code == 2 and "--top" in r.output
    pool = pool_from_words(["abc", "bca", "cab"])
    grid = parse_grid("...\n...\n...")
    with pytest.raises(CrosswordError, match="at most"):
        suggest(grid, pool, grid.slots[0], top=MAX_TOP + 1)
    monkeypatch.setattr(sg_module, "MAX_CANDIDATES", 5)  # 6 slots of 4 words
    r = run("crossword", "suggest", g, "--slot", "1A", "-w", lst)
    assert r.exit_code == 1, r.output
    assert "24 words of their lengths in all" in r.output
    assert len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output
