"""Rebus squares and the proved-best fill: the engine (C and mirror), the
XCC model and the cost engine against brute force (oracles.crossword), and
the rebus through every output (.puz read back by puzpy, ipuz by the ipuz
package and tests/oracles/ipuz.py, PDF, SVG, HTML)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner
from hypothesis import example, given
from hypothesis import strategies as st
from oracles.crossword import _slots as oracle_slots
from oracles.crossword import brute_best, brute_fills, brute_rebus_fills
from oracles.ipuz import problems as ipuz_problems
from processes import start

from dlxc.base.errors import CrosswordError
from dlxc.cli import main
from dlxc.crossword.wordlist import pool_from_words
from dlxc.models.crossword.fill import Filler, best_fill, fill_problem, parse_grid
from dlxc.xcc.search import Search


def slot_words(cells) -> list[str]:
    """The words a filled grid (rows of cells) spells in its slots."""
    rows = ["".join("#" if ch == "#" else "." for ch in row) for row in cells]
    return ["".join(cells[r][c] for r, c in slot) for slot in oracle_slots(rows)]


@st.composite
def filled_cells(draw, rebus=("ab", "ca"), h_max=3, w_max=4):
    """A small grid filled with a, b, c, blocks and (given ``rebus``) rebus squares."""
    h = draw(st.integers(1, h_max))
    w = draw(st.integers(2, w_max))
    letters = st.sampled_from("abc")
    cell = (
        st.one_of(letters, st.just("#"), *(st.just(t) for t in rebus))
        if rebus
        else st.one_of(letters, st.just("#"))
    )
    cells = [[draw(cell) for _ in range(w)] for _ in range(h)]
    if rebus and not any(len(ch) > 1 for row in cells for ch in row):
        cells[draw(st.integers(0, h - 1))][draw(st.integers(0, w - 1))] = rebus[0]
    return cells


@st.composite
def rebus_cases(draw):
    """(a grid with rebus squares, a word list): the list holds the words of
    one fill of the grid (often; a word twice leaves it without that fill)
    and random others."""
    solved = draw(filled_cells())
    cells = [
        [ch if len(ch) > 1 or ch == "#" or draw(st.integers(0, 5)) == 0 else "." for ch in row]
        for row in solved
    ]
    # a second fill of the same squares: its words and the first's cross
    other = [
        [ch if len(ch) > 1 or ch == "#" else draw(st.sampled_from("abc")) for ch in row]
        for row in solved
    ]
    extra = draw(st.lists(st.text("abc", min_size=2, max_size=5), max_size=10))
    return cells, list(dict.fromkeys(slot_words(solved) + slot_words(other) + extra))


def grid_text(cells) -> str:
    return "\n".join("".join(f"[{ch}]" if len(ch) > 1 else ch for ch in row) for row in cells)


def as_cells(filled) -> tuple:
    spell = filled.grid.spell
    return tuple(tuple(spell(ch) for ch in row) for row in filled.cells)


# a stand-in in an empty cell (0, 2) would spell 3-Down "abc" as two cells
STRAY = ([["a", "#", "."], ["a", "a", "c"], ["ab", "a", "#"]], ["aaab", "ac", "aac", "aa", "abc"])


@example(case=STRAY, seed=0)
@given(case=rebus_cases(), seed=st.integers(0, 3))
def test_rebus_fills_are_the_brute_force_fills(backend, case, seed):
    cells, words = case
    grid = parse_grid(grid_text(cells))
    pool = pool_from_words(words)
    expected = sorted(brute_rebus_fills(cells, words))
    f = Filler(grid, pool, seed=seed, backend=backend)
    assert sorted(as_cells(x) for x in f.fills()) == expected
    first = Filler(grid, pool, seed=seed, backend=backend).first()
    assert (first is None) == (not expected)
    if first is not None:
        assert as_cells(first) in expected
        # each answer is spelled out, one letter a plain cell and the rebus's letters
        assert all(a in {w.lower() for w in words} for a in first.answers)


@example(case=STRAY)
@given(case=rebus_cases())
def test_rebus_xcc_model_has_the_brute_force_fills(case):
    cells, words = case
    grid = parse_grid(grid_text(cells))
    problem, decode = fill_problem(grid, pool_from_words(words))
    got = sorted(as_cells(decode(s)) for s in Search(problem))
    assert got == sorted(brute_rebus_fills(cells, words))


@st.composite
def scored_cases(draw):
    """(rows, words, scores): a grid of blocks, empty cells and a few fixed
    letters, the words of one of its fills and random others, scored 0-9."""
    solved = draw(filled_cells(rebus=()))
    rows = [
        "".join(ch if ch == "#" or draw(st.integers(0, 6)) == 0 else "." for ch in row)
        for row in solved
    ]
    extra = draw(st.lists(st.text("abc", min_size=2, max_size=4), max_size=15))
    words = list(dict.fromkeys(slot_words(solved) + extra))
    scores = draw(st.lists(st.integers(0, 9), min_size=len(words), max_size=len(words)))
    return rows, words, scores


# a 3x3 ring with 54 fills of different scores
ROWS = ["...", ".#.", "..."]
WORDS = "cat car arc tar act rat art tea ate eat tat tee ace era".split()
SCORES = [6, 4, 3, 8, 5, 2, 7, 9, 1, 4, 3, 5, 6, 2]


@given(case=scored_cases())
def test_best_fill_is_the_brute_force_best(backend, case):
    rows, words, scores = case
    grid = parse_grid("\n".join(rows))
    if not grid.slots:
        return
    expected = brute_best(rows, words, scores)
    res = best_fill(grid, pool_from_words(words, scores), backend=backend)
    assert res.complete and res.stopped is None
    if expected is None:
        assert res.filled is None
        return
    assert res.proved and res.lowest_proved and res.filled is not None
    assert (res.score.lowest, res.score.mean) == (expected[0], pytest.approx(expected[1]))
    assert res.lowest_bound == expected[0]
    assert tuple(r.lower() for r in res.filled.render().split("\n")) in set(
        brute_fills(rows, words)
    )


@given(scores=st.lists(st.integers(0, 9), min_size=len(WORDS), max_size=len(WORDS)))
def test_best_fill_of_a_ring_of_54_fills(backend, scores):
    expected = brute_best(ROWS, WORDS, scores)
    res = best_fill(parse_grid("\n".join(ROWS)), pool_from_words(WORDS, scores), backend=backend)
    assert res.proved and res.filled is not None
    assert (res.score.lowest, res.score.mean) == (expected[0], pytest.approx(expected[1]))


def test_best_fill_stops_at_its_limit_with_a_proved_bound():
    grid = parse_grid("\n".join(ROWS))
    pool = pool_from_words(WORDS, SCORES)
    res = best_fill(grid, pool, node_limit=1)
    assert not res.complete and res.stopped == "node limit" and not res.proved
    full = best_fill(grid, pool)
    assert full.proved and full.nodes > 1
    # every node budget stops with a fill no better than the best, or none,
    # and a bound no fill beats
    for limit in range(1, full.nodes, max(1, full.nodes // 6)):
        part = best_fill(grid, pool, node_limit=limit)
        if part.filled is not None:
            assert (part.score.lowest, part.score.mean) <= (full.score.lowest, full.score.mean)
            assert part.lowest_bound >= full.score.lowest


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def heart(tmp_path):
    """A grid with a [HEART] square and a list that fills it one way."""
    grid = tmp_path / "heart.txt"
    grid.write_text("([HEART])..\n...\n..{[AB]}\n")
    words = tmp_path / "w.txt"
    words.write_text("hearten;50\nheartso;40\neve\nsvt\nntab\noeab\nheartens\n")
    return grid, words


def test_cli_rebus_text_and_json(heart):
    grid, words = heart
    res = run("crossword", "fill", grid, "-w", words, "--budget", "0", "-q")
    assert res.exit_code == 0, res.output
    assert res.stdout.split()[0] in ("[HEART]EN", "[HEART]SO")
    res = run("crossword", "fill", grid, "-w", words, "--budget", "0", "-q", "--format", "json")
    doc = json.loads(res.stdout)
    assert {e["word"] for e in doc["entries"]} == {
        "hearten",
        "heartso",
        "eve",
        "svt",
        "ntab",
        "oeab",
    }
    assert doc["rebus"] == [
        {"row": 0, "col": 0, "letters": "HEART"},
        {"row": 2, "col": 2, "letters": "AB"},
    ]


def test_cli_rebus_puz_reads_back_in_puzpy(heart, tmp_path):
    puz = pytest.importorskip("puz", reason="reading .puz files back needs puzpy")
    grid, words = heart
    out = tmp_path / "h.puz"
    res = run(
        "crossword", "fill", grid, "-w", words, "--budget", "0", "-q", "--format", "puz", "-o", out
    )
    assert res.exit_code == 0, res.output
    p = puz.read(str(out))
    assert p.has_rebus() and p.rebus().get_rebus_squares() == [0, 8]
    assert p.rebus().get_rebus_solution(0) == "HEART"
    assert p.rebus().get_rebus_solution(8) == "AB"
    assert p.solution[0] == "H" and p.solution[8] == "A"
    assert p.has_markup() and p.markup().get_markup_squares() == [0]


def test_cli_rebus_ipuz_validates(heart):
    grid, words = heart
    res = run("crossword", "fill", grid, "-w", words, "--budget", "0", "-q", "--format", "ipuz")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["solution"][0][0] == "HEART" and doc["solution"][2][2] == "AB"
    assert doc["puzzle"][2][2] == {"cell": 0, "value": "AB"}  # a given rebus square
    assert ipuz_problems(doc) == []
    ipuz = pytest.importorskip("ipuz")
    ipuz.read(res.stdout)


@pytest.mark.parametrize("fmt", ["svg", "html", "pdf"])
def test_cli_rebus_pages(heart, tmp_path, fmt):
    if fmt == "pdf":
        pytest.importorskip("reportlab")
    grid, words = heart
    out = tmp_path / f"h.{fmt}"
    res = run(
        "crossword", "fill", grid, "-w", words, "--budget", "0", "-q", "--format", fmt, "-o", out
    )
    assert res.exit_code == 0, res.output
    data = out.read_bytes()
    if fmt == "pdf":
        assert data.startswith(b"%PDF")
    else:
        assert b"AB" in data  # the given rebus square is printed
        if fmt == "html":
            assert b'data-a="HEART"' in data


def test_rebus_grid_errors_name_file_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    for text, where, what in (
        ("...\n.[ab..\n", ":2:2:", "needs ']'"),
        ("...\n.a]\n", ":2:3:", "closes no rebus"),
        ("...\n[a]..\n", ":2:1:", "two or more letters"),
        ("...\n[a.b]..\n", ":2:1:", "two or more letters"),
        ("...\n..{[ab]\n", ":2:3:", "needs '}'"),
        ("[ab].\n.\ue000.\n", ":2:2:", "is not '#'"),  # a stand-in is no letter
    ):
        bad.write_text(text)
        with pytest.raises(CrosswordError, match=f"bad.txt{where}.*{what}"):
            parse_grid(text, str(bad))
        res = run("crossword", "fill", bad, "--budget", "0")
        assert res.exit_code == 1 and "Traceback" not in res.output
        assert f"bad.txt{where}" in res.output


def test_a_word_is_not_used_twice_through_a_rebus():
    # across: [ab]c spells abc; down through the rebus too; abc once only
    grid = parse_grid("[ab]c\nc.")
    words = ["abc", "cc", "abcc", "ccc"]
    for backend in ("python",):
        fills = list(Filler(grid, pool_from_words(words), backend=backend).fills())
        assert all(len(set(f.answers)) == len(f.answers) for f in fills)
        assert sorted(as_cells(f) for f in fills) == sorted(
            brute_rebus_fills([["ab", "c"], ["c", "."]], words)
        )


def test_cli_best(tmp_path):
    grid = tmp_path / "g.txt"
    grid.write_text("\n".join(ROWS) + "\n")
    words = tmp_path / "w.txt"
    words.write_text("".join(f"{w};{s}\n" for w, s in zip(WORDS, SCORES)))
    expected = brute_best(ROWS, WORDS, SCORES)
    res = run("crossword", "fill", grid, "-w", words, "--best", "--format", "json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["best"]["proved"] is True
    assert doc["score"]["lowest"] == expected[0]
    assert doc["score"]["mean"] == pytest.approx(expected[1], abs=1e-3)
    assert "proved optimal" in res.stderr
    res = run("crossword", "fill", grid, "-w", words, "--best", "--node-limit", "3")
    assert res.exit_code == 4 and "node limit" in res.output
    res = run("crossword", "fill", grid, "-w", words, "--best", "--count")
    assert res.exit_code == 2 and "--best" in res.output
    grid.write_text("qzx\n...\n...\n")
    res = run("crossword", "fill", grid, "-w", words, "--best")
    assert res.exit_code == 3 and "1-Across (3 letters, QZX)" in res.output


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_cli_best_ctrl_c_prints_the_best_so_far(tmp_path):
    """An open 5x5 from the default list takes many seconds to prove: Ctrl-C
    once a fill is known prints it and what is proved, and exits 130."""
    grid = tmp_path / "g.txt"
    grid.write_text("#....\n.....\n.....\n.....\n....#\n")
    out = tmp_path / "out.txt"
    launch = [sys.executable, "-c", "from dlxc.cli import main; main()"]
    with (
        open(out, "wb") as sink,
        start(
            launch + ["crossword", "fill", str(grid), "--best"], stdout=sink, stderr=subprocess.PIPE
        ) as p,
    ):
        assert p.stderr is not None
        line = p.stderr.readline().decode()
        assert line.startswith("best: a fill"), line
        p.send_signal(signal.SIGINT)
        err = p.stderr.read().decode()
        code = p.wait(timeout=120)
    assert code == 130, err
    assert "Traceback" not in err and "(interrupt)" in err
    rows = out.read_text().split()
    assert len(rows) == 5 and rows[0].startswith("#")


def test_best_fill_through_rebus_squares(backend):
    """The proved-best fill of a grid with rebus squares, against the brute
    force over its fills (each answer spelled out and scored)."""
    cells = [["ab", ".", "."], [".", ".", "."], [".", ".", "ca"]]
    first = [["ab", "a", "b"], ["c", "a", "a"], ["b", "c", "ca"]]
    second = [["ab", "b", "c"], ["a", "c", "b"], ["a", "a", "ca"]]
    words = list(dict.fromkeys(slot_words(first) + slot_words(second) + ["abca", "abac"]))
    scores = [(7 * k) % 10 for k in range(len(words))]
    score = dict(zip(words, scores))
    keys = []
    for fill in brute_rebus_fills(cells, words):
        values = [score[w] for w in slot_words([list(row) for row in fill])]
        keys.append((min(values), sum(values) / len(values)))
    assert len(keys) >= 2
    res = best_fill(parse_grid(grid_text(cells)), pool_from_words(words, scores), backend=backend)
    assert res.proved
    assert (res.score.lowest, res.score.mean) == pytest.approx(max(keys))
