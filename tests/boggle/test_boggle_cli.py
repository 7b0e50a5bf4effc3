"""``dlxc boggle``: outputs, JSON keys, exit codes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from oracles.boggle import score as oracle_score

from dlxc.boggle import DICE, Board, Boggle, roll
from dlxc.cli import main

WORDS = [
    "tea",
    "eat",
    "ate",
    "tate",
    "teat",
    "seat",
    "east",
    "eats",
    "sate",
    "seta",
    "teas",
    "tease",
    "easts",
    "state",
    "taste",
    "estate",
    "tastes",
]


@pytest.fixture
def words(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return str(path)


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_solve(words):
    r = run("boggle", "solve", "teasetase", "--words", words)
    assert r.exit_code == 0, r.stderr
    last = r.stdout.splitlines()[-1].split()
    assert last[:2] == ["teasetase", str(oracle_score("teasetase", 3, 3, WORDS))]
    r = run("boggle", "solve", "teasetase", "--words", words, "--json")
    data = json.loads(r.stdout)
    assert set(data) >= {"board", "score", "words"}
    assert data["score"] == oracle_score("teasetase", 3, 3, WORDS)
    assert all(set(w) == {"word", "path", "points"} for w in data["words"])


def test_score(words):
    boards = ["teasetase", "statesate", "zzzzzzzzz"]
    r = run("boggle", "score", "--words", words, input="\n".join(boards) + "\n")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.split() == [str(oracle_score(b, 3, 3, WORDS)) for b in boards]
    assert "boards/s" in r.stderr
    r2 = run(
        "boggle", "score", "--words", words, "--jobs", "2", input="\n".join(boards * 50) + "\n"
    )
    assert r2.exit_code == 0, r2.stderr
    assert r2.stdout.split() == r.stdout.split() * 50
    r3 = run("boggle", "score", "--words", words, "--size", "1x9", input="teasetase\n")
    assert r3.stdout.split() == [str(oracle_score("teasetase", 1, 9, WORDS))]


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "teaset"], "no square"),
        (["solve", "teasetas5"], "not a letter"),
        (["solve", "teasetase", "--size", "2x2"], "a 2x2 board has 4"),
        (["solve", "teasetase", "--size", "9x9"], "1 to 64 cells"),
    ],
)
def test_bad_input_exits_1(words, args, message):
    r = run("boggle", *args, "--words", words)
    assert r.exit_code == 1
    assert message in r.stderr
    assert "Traceback" not in r.stderr


def test_bad_score_line_names_the_line(words):
    r = run("boggle", "score", "--words", words, input="teasetase\nteasetas\n")
    assert r.exit_code == 1
    assert "<stdin>:2" in r.stderr or ":2:" in r.stderr


def test_empty_dictionary_exits_1(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("at\nqat\n", encoding="utf-8")
    r = run("boggle", "solve", "teasetase", "--words", str(empty))
    assert r.exit_code == 1
    assert "no usable word" in r.stderr


def test_usage_error_exits_2(words):
    assert run("boggle", "roll", "--dice", "huge").exit_code == 2


def test_best(words):
    r = run("boggle", "best", "--size", "3x3", "--time", "1", "--words", words, "--quiet")
    assert r.exit_code == 0, r.stderr
    board, score = r.stdout.splitlines()[-1].split()
    assert int(score) == oracle_score(board, 3, 3, WORDS) > 0
    r = run("boggle", "best", "--size", "3x3", "--time", "1", "--words", words, "--quiet", "--json")
    data = json.loads(r.stdout.splitlines()[-1])
    assert set(data) == {"board", "score", "words"}
    found = Boggle(WORDS).solve(Board(data["board"], 3, 3))
    assert data["words"] == sorted(f.word for f in found.words)
    assert data["score"] == found.score


def test_best_on_two_processes(words):
    r = run(
        "boggle", "best", "--size", "3x3", "--time", "2", "--words", words, "--quiet", "--jobs", "2"
    )
    assert r.exit_code == 0, r.stderr
    board, score = r.stdout.splitlines()[-1].split()
    assert int(score) == oracle_score(board, 3, 3, WORDS) > 0


def test_best_interrupted_prints_the_best_board_so_far(words, monkeypatch):
    """Ctrl-C during ``best``: stderr says how long and how many climbs,
    stdout ends with the best board so far and its score (which the oracle
    scores again), and the exit status is 130."""
    from dlxc.boggle import BestSearch

    def interrupted(self, seconds=None, runs=None, tick=None):
        BestSearch_run(self, runs=2, tick=tick)
        raise KeyboardInterrupt

    BestSearch_run = BestSearch.run
    monkeypatch.setattr(BestSearch, "run", interrupted)
    r = run("boggle", "best", "--size", "3x3", "--time", "60", "--words", words)
    assert r.exit_code == 130, r.output
    (line,) = [x for x in r.stderr.splitlines() if x.startswith("Interrupted after ")]
    climbs = int(line.split("(")[1].split()[0])
    assert climbs >= 2 and line.endswith("; the best board so far:")
    board, score = r.stdout.splitlines()[-1].split()
    assert int(score) == oracle_score(board, 3, 3, WORDS) > 0


@pytest.mark.parametrize("dice", sorted(DICE))
def test_roll(dice):
    r = run("boggle", "roll", "--dice", dice, "--seed", "7")
    assert r.exit_code == 0
    letters = r.stdout.strip()
    assert letters == roll(dice, 7).letters
    assert len(letters) == len(DICE[dice])
    # every cell shows a face of a different die: a perfect matching of
    # cells to dice (Kuhn's augmenting paths)
    faces = [set(d) for d in DICE[dice]]
    owner = [-1] * len(faces)

    def augment(i, seen):
        for k, f in enumerate(faces):
            if letters[i] in f and k not in seen:
                seen.add(k)
                if owner[k] < 0 or augment(owner[k], seen):
                    owner[k] = i
                    return True
        return False

    assert all(augment(i, set()) for i in range(len(letters)))


@pytest.mark.parametrize("fmt", ["svg", "html", "json"])
def test_solve_as_a_page(tmp_path, words, fmt):
    """`boggle solve --format` prints the board as a page (dlxc.render) whose
    answers are the words solve finds, each along a path that spells it."""
    out = tmp_path / f"board.{fmt}"
    res = run("boggle", "solve", "sateeastt", "--words", words, "--format", fmt, "-o", str(out))
    assert res.exit_code == 0, res.output
    text = out.read_text()
    if fmt == "json":
        page = json.loads(text.splitlines()[0])
        assert page["kind"] == "boggle" and page["grid"][0][0]["letter"] == "S"
        listed = sorted(
            w["answer"] if isinstance(w["answer"], str) else "".join(w["answer"])
            for w in page["words"]
        )
        solved = json.loads(run("boggle", "solve", "sateeastt", "--words", words, "--json").output)
        assert [a.lower() for a in listed] == sorted(w["word"] for w in solved["words"])
    else:
        assert "Boggle" in text


def test_ipuz_has_no_boggle_kind(tmp_path, words):
    res = run("boggle", "solve", "sateeastt", "--words", words, "--format", "ipuz")
    assert res.exit_code == 1 and "ipuz has no kind" in res.output
