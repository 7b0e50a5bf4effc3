"""Word rectangles: the model, its rectangles, and ``dlxc wordrect``.

The oracle is a row-by-row brute force that does not use dlxc: it extends
the rows one at a time with the words whose letters continue a column word,
then checks --distinct on the finished rectangle.  The 154,946 three-letter
squares are the published figure, recounted here by that brute force.
"""

from __future__ import annotations

import io
import json
from collections import defaultdict
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from dlxc import ProblemError
from dlxc.base.errors import SkippedLines
from dlxc.cli import main
from dlxc.models.wordrect import WordRectangle
from dlxc.models.words import is_word, letters, load_word_list
from dlxc.xcc.dlxformat import read_dlx

slow = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
THREE = "dlxc/puzzles/words/three-letter.txt"  # relative: the CLI tests print it back


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def brute_rectangles(m, n, words, distinct=False):
    """Every m x n rectangle (a tuple of its row words) over ``words``."""
    across = sorted({w for w in words if len(w) == n})
    down = {w for w in words if len(w) == m}
    follows = defaultdict(set)  # a column's letters so far -> letters that may come next
    for w in down:
        for k in range(m):
            follows[w[:k]].add(w[k])
    by_first = defaultdict(list)
    for w in across:
        by_first[w[0]].append(w)
    found = []

    def extend(rows, cols):
        if len(rows) == m:
            if not distinct or len(set(rows) | set(cols)) == m + n:
                found.append(tuple(rows))
            return
        allowed = [follows.get(c, ()) for c in cols]
        for a in allowed[0]:
            for w in by_first.get(a, ()):
                if all(w[j] in allowed[j] for j in range(1, n)):
                    extend(rows + [w], [c + w[j] for j, c in enumerate(cols)])

    extend([], [""] * n)
    return found


def three_letter_words():
    with open(THREE, encoding="utf-8") as f:
        return [line.strip().upper() for line in f if line.strip() and not line.startswith("#")]


# ---- the model -----------------------------------------------------------------


@given(
    m=st.integers(1, 3),
    n=st.integers(1, 3),
    words=st.lists(st.text("ABC", min_size=1, max_size=3), max_size=14),
    distinct=st.booleans(),
)
def test_against_brute_force(m, n, words, distinct):
    wr = WordRectangle(m, n, words, distinct=distinct)
    expected = brute_rectangles(m, n, words, distinct)
    assert wr.count() == len(expected)
    got = [r.rows for r in wr.rectangles()]
    assert sorted(got) == sorted(expected)
    for r in wr.rectangles(limit=3):
        assert all("".join(line) in r.rows for line in r.grid)
        assert list(r.cols) == ["".join(line[j] for line in r.grid) for j in range(n)]


def test_small_known_squares(backend):
    words = ["AT", "TO", "TA", "OO"]
    wr = WordRectangle(2, 2, words)
    assert wr.count(backend=backend) == len(brute_rectangles(2, 2, words)) == 5
    assert WordRectangle(2, 2, words, distinct=True).count(backend=backend) == len(
        brute_rectangles(2, 2, words, True)
    )


def test_model_items_and_options():
    wr = WordRectangle(2, 3, ["cat", "dog", "ad", "to", "og"], distinct=True)
    p = wr.problem
    # from the middle out, rows and columns alternating
    assert p.primary == ("r0", "c1", "r1", "c0", "c2")
    assert p.secondary[:6] == ("0_0", "0_1", "0_2", "1_0", "1_1", "1_2")
    assert p.secondary[6:] == ("CAT", "DOG", "AD", "TO", "OG")
    assert p.option_text(0) == "r0 0_0:C 0_1:A 0_2:T CAT"
    assert p.option_text(2) == "c1 0_1:A 1_1:D AD"
    assert p.option_text(len(p.options) - 1) == "c2 0_2:O 1_2:G OG"
    assert len(p.options) == 2 * 2 + 3 * 3
    assert WordRectangle(3, 3, []).lines() == [
        ("r", 1),
        ("c", 1),
        ("r", 0),
        ("c", 0),
        ("r", 2),
        ("c", 2),
    ]


def test_rectangle_rendering_and_json():
    wr = WordRectangle(2, 2, ["at", "to", "ta", "oo"])
    r = next(iter(wr.rectangles()))
    assert str(r) == "AT\nTO"
    assert r.to_json() == {
        "rows": 2,
        "cols": 2,
        "grid": [["A", "T"], ["T", "O"]],
        "across": ["AT", "TO"],
        "down": ["AT", "TO"],
    }


def test_obstacles():
    assert WordRectangle(2, 5, ["abc"]).obstacles() == [
        "the list has no word of 5 letters for the rows",
        "the list has no word of 2 letters for the columns",
    ]
    assert WordRectangle(2, 2, ["ab", "ba", "aa"], distinct=True).obstacles() == [
        "4 different words are needed, the list has 3 of 2 letters"
    ]


def test_word_lists(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("# a comment\ncat\nCat\nDog\nO'Neil\nice cream\nnée\n\nx-ray\n", "utf-8")
    with pytest.warns(SkippedLines, match="3 lines skipped"):
        wl = load_word_list(f)
    assert wl.letters == [("C", "A", "T"), ("D", "O", "G"), ("N", "É", "E")]
    assert (wl.skipped, wl.repeats) == (3, 1)
    with pytest.warns(SkippedLines):
        wl = load_word_list(f, lowercase_only=True)
    assert wl.letters == [("C", "A", "T"), ("N", "É", "E")] and wl.skipped_case == 2
    assert wl.words == ["CAT", "NÉE"]
    assert is_word("née") and not is_word("x-ray") and letters("x-ray") == ("X", "R", "A", "Y")
    with pytest.raises(ProblemError, match="cannot read the word list"):
        load_word_list(tmp_path / "missing.txt")
    (tmp_path / "bad.txt").write_bytes(b"caf\xe9\n")
    with pytest.raises(ProblemError, match="not UTF-8"):
        load_word_list(tmp_path / "bad.txt")


def test_three_letter_list_is_the_665():
    words = three_letter_words()
    assert len(words) == len(set(words)) == 665
    assert len(WordRectangle(3, 3, THREE).across) == 665


def test_three_letter_squares(c_backend):
    # the published figure (the mirror would take minutes: the C engine only)
    assert WordRectangle(3, 3, THREE).count(backend=c_backend) == 154_946


@slow
def test_three_letter_squares_by_brute_force():
    squares = brute_rectangles(3, 3, three_letter_words())
    assert len(squares) == 154_946
    # the distinct ones among them (six different words), not a second enumeration
    distinct = [rows for rows in squares if len(set(rows) | {"".join(c) for c in zip(*rows)}) == 6]
    assert len(distinct) == WordRectangle(3, 3, THREE, distinct=True).count() == 82_680


# ---- the command line ----------------------------------------------------------


def run(*args):
    return CliRunner().invoke(main, ["wordrect", *map(str, args)])


def test_cli_count():
    r = run("3x3", "--words", THREE, "--count")
    assert (r.exit_code, r.stdout) == (0, "154946\n")
    assert f"{THREE}: 665 words of 3 letters" in r.stderr
    assert "Altogether 154946 solutions" in r.stderr
    r = run("3x3", "--words", THREE, "--count", "--json", "-q")
    assert json.loads(r.stdout)["rectangles"] == 154946 and r.stderr == ""


def test_count_shared_or_memoized():
    words = ["AT", "TO", "TA", "OO", "OAT", "TAO", "ATT", "TOT"]
    for m, n in ((2, 2), (2, 3), (3, 3)):
        wr = WordRectangle(m, n, words)
        expected = len(brute_rectangles(m, n, words))
        assert wr.count(jobs=2) == wr.count(memo=True) == expected
    r = run("3x3", "--words", THREE, "--count", "-j", "2", "--memo", "-q")
    assert (r.exit_code, r.stdout) == (0, "154946\n")  # as test_three_letter_squares
    r = run("3x3", "--words", THREE, "--limit", "2", "-j", "2")
    assert r.exit_code == 2 and "--jobs and --memo go with --count" in r.stderr


def test_cli_list(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("at\nto\nta\noo\nO'Neil\n")
    r = run("2x2", "--words", f, "--limit", "10", "-q")
    grids = r.stdout.strip().split("\n\n")
    expected = brute_rectangles(2, 2, ["AT", "TO", "TA", "OO"])
    assert sorted(tuple(g.splitlines()) for g in grids) == sorted(expected)
    r = run("2x2", "--words", f, "--json")
    assert json.loads(r.stdout)["across"] == ["AT", "TO"]
    assert "1 line skipped" in r.stderr and "O'Neil" in r.stderr


def test_cli_outcomes(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("abc\nbcd\n")
    r = run("2x3", "--words", f, "--count")
    assert r.exit_code == 3 and "no word of 2 letters for the columns" in r.stderr
    r = run("3x3", "--words", f)
    assert r.exit_code == 3 and "no rectangle exists (the complete search found none)" in r.stderr
    r = run("3x3", "--words", THREE, "--count", "--node-limit", "5000")
    assert r.exit_code == 4 and int(r.stdout) < 154946
    assert "partial: stopped by --node-limit 5000" in r.stderr
    r = run("3x3", "--words", THREE, "--timeout", "0")
    assert r.exit_code == 4 and "undecided: stopped by --timeout 0" in r.stderr
    r = run("3x3", "--words", tmp_path / "none.txt")
    assert r.exit_code == 1 and "cannot read the word list" in r.stderr
    r = run("3x3", "--words", THREE, "--count", "--limit", "2")
    assert r.exit_code == 2 and "choose one of --count and --limit" in r.stderr
    r = run("3", "--words", THREE)
    assert r.exit_code == 2


def test_cli_dlx():
    r = run("3x3", "--words", THREE, "--distinct", "--dlx")
    assert r.exit_code == 0
    first = r.stdout.splitlines()[0]
    assert first == f"| dlxc wordrect 3x3 --words {THREE} --distinct --dlx"
    problem = read_dlx(io.StringIO(r.stdout))
    items_line = next(x for x in r.stdout.splitlines() if not x.startswith("|"))
    assert all(len(name) <= 8 for name in items_line.split())
    assert len(problem.options) == 6 * 665
    assert problem.count() == 82_680
