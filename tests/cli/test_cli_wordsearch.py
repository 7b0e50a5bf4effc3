"""``dlxc wordsearch`` on the command line: counts, listings, puzzles,
masks, word files, outcomes and their exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from oracles.wordsearch import readings

from dlxc.cli import main
from dlxc.models.wordsearch import WordSearch, word_search_problem
from dlxc.xcc.dlxformat import read_dlx

slow = pytest.mark.slow
WORDS = Path(__file__).resolve().parents[2] / "dlxc" / "puzzles" / "words"
SEED_WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]


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


def test_cli_counts_shared_and_memoized(monkeypatch):
    from dlxc.xcc import parallel

    # no trial: one process would count this small tree alone
    monkeypatch.setattr(parallel, "TRIAL", 0)
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
        r = run(
            "4x4",
            "ABEL",
            "LAND",
            "-d",
            "EWSN",
            "--count",
            "--crossing",
            "-j",
            jobs,
            "--node-limit",
            "5",
        )
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


@pytest.mark.parametrize(
    "args, code, message",
    [
        (["4x4", "ABEL", "abel"], 1, "'abel' repeats 'ABEL'"),
        (["4x4", "AB3L"], 1, "'3' (DIGIT THREE) is not a letter"),
        (["4x4", "ABEL", "-d", "up"], 1, "unknown direction 'up'"),
        (["4by4", "ABEL"], 2, "'4by4' is not a size"),
        (["4x4"], 2, "give the words to hide"),
        (["4x4", "ABEL", "--count", "--limit", "2"], 2, "choose one of --count and --limit"),
        (
            ["4x4", "ABEL", "--count", "--answers"],
            2,
            "--answers goes with a puzzle, not with --count",
        ),
        (["4x4", "ABEL", "--limit", "2", "--filler", "XY"], 2, "--filler goes with a puzzle"),
        (["4x4", "ABEL", "--dlx", "--crossing"], 2, "--dlx writes the XCC model"),
        (["4x4", "ABEL", "--words", "/nonexistent/words.txt"], 1, "/nonexistent/words.txt"),
    ],
)
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
    assert text.splitlines()[0] == (
        "| dlxc wordsearch 9x9 Gauß Ärger Öl EULERSCHE --directions medium --dlx"
    )
    problem = read_dlx(io.StringIO(text))
    ws = WordSearch(9, 9, ["Gauß", "Ärger", "Öl", "EULERSCHE"], "medium")
    assert len(problem.options) == len(ws.problem.options)
    assert problem.count() == ws.count()
    assert all(len(c) == 1 and c.isascii() for c in problem.colors[1:])
