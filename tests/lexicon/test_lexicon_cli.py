"""``dlxc lexicon`` and ``dlxc moves``: output, JSON keys, exit codes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from oracles import lexicon as oracle
from oracles.lexicon import small_pool

from dlxc.cli import main

KEYS = {"words", "dawg_nodes", "dawg_bytes", "gaddag_nodes", "gaddag_bytes", "seconds"}


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


@pytest.fixture
def word_list(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(small_pool("aeilnorst", 5)) + "\nice-cream\nR2D2\n\n")
    return path


@pytest.fixture
def lex_file(tmp_path, word_list):
    out = tmp_path / "small.lex"
    result = run("lexicon", "build", word_list, "-o", out)
    assert result.exit_code == 0, result.output
    return out


def test_build_and_info(backend, tmp_path, word_list):
    out = tmp_path / "w.lex"
    result = run("lexicon", "build", word_list, "-o", out, "--json", "--backend", backend)
    assert result.exit_code == 0, result.stderr
    facts = json.loads(result.stdout)
    assert set(facts) == KEYS
    assert facts["words"] == len(small_pool("aeilnorst", 5))
    assert facts["dawg_bytes"] == 4 * facts["dawg_nodes"]
    assert facts["gaddag_bytes"] == 4 * facts["gaddag_nodes"]
    assert "note: " in result.stderr and "2 lines skipped" in result.stderr
    info = run("lexicon", "info", out, "--json", "--backend", backend)
    assert info.exit_code == 0
    again = json.loads(info.stdout)
    assert set(again) == KEYS and {k: again[k] for k in KEYS - {"seconds"}} == {
        k: facts[k] for k in KEYS - {"seconds"}
    }
    text = run("lexicon", "info", out)
    assert text.exit_code == 0 and "DAWG nodes" in text.stdout


def test_match_and_anagram(lex_file, word_list):
    words = small_pool("aeilnorst", 5)
    for file in (lex_file, word_list):  # a word list is built on the fly
        result = run("lexicon", "match", file, "s.[aeiou]*")
        assert result.exit_code == 0
        assert result.stdout.split() == oracle.match(words, "s.[aeiou]*")
        result = run("lexicon", "anagram", file, "tales")
        assert result.stdout.split() == oracle.anagrams(words, "tales", False)
        result = run("lexicon", "anagram", file, "tal?", "--sub")
        assert result.stdout.split() == oracle.anagrams(words, "tal?", True)


def _board(tmp_path, rows):
    path = tmp_path / "board.txt"
    path.write_text("\n".join(rows) + "\n")
    return path


def test_moves(tmp_path, lex_file):
    empty = ["." * 15] * 15
    board = _board(tmp_path, empty[:7] + ["......TOE......"] + empty[8:])
    result = run("moves", "--lexicon", lex_file, "--board", board, "--rack", "ain?", "--top", "5")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 5
    scores = [int(line.split()[0]) for line in lines]
    assert scores == sorted(scores, reverse=True)
    score, square, direction, word = lines[0].split()
    assert direction in ("across", "down") and "," in square
    js = run("moves", "--lexicon", lex_file, "--board", board, "--rack", "ain?", "--json")
    objs = [json.loads(line) for line in js.stdout.splitlines()]
    assert {"score", "row", "col", "direction", "word", "tiles"} <= set(objs[0])
    assert objs[0]["score"] == scores[0]
    assert all(t["letter"] for o in objs for t in o["tiles"])
    stdin = run(
        "moves",
        "--lexicon",
        lex_file,
        "--board",
        "-",
        "--rack",
        "ain?",
        "--top",
        "5",
        input=board.read_text(),
    )
    assert stdin.stdout == result.stdout


@pytest.mark.parametrize(
    "case, message",
    [
        ("empty", "no words"),
        ("junk", "no usable word"),
        ("long", "65 letters"),
    ],
)
def test_bad_lists(tmp_path, case, message):
    path = tmp_path / f"{case}.txt"
    path.write_text({"empty": "", "junk": "12\n--\n", "long": "cat\n" + "z" * 65 + "\n"}[case])
    result = run("lexicon", "build", path, "-o", tmp_path / "x.lex")
    assert result.exit_code == 1
    assert message in result.stderr and "Traceback" not in result.stderr
    assert str(path) in result.stderr


def test_corrupted_lexicon(tmp_path, lex_file):
    data = bytearray(lex_file.read_bytes())
    data[len(data) // 2] ^= 0x10
    bad = tmp_path / "bad.lex"
    bad.write_bytes(bytes(data))
    for args in (("lexicon", "info", bad), ("lexicon", "match", bad, "a*")):
        result = run(*args)
        assert result.exit_code == 1 and "checksum" in result.stderr
    bad.write_bytes(bytes(data[:100]))
    result = run("lexicon", "info", bad)
    assert result.exit_code == 1 and "truncated" in result.stderr


@pytest.mark.parametrize(
    "rows, rack, message",
    [
        (["." * 15] * 14, "ate", "14 rows"),
        (["." * 15] * 7 + ["......QZ#......"] + ["." * 15] * 7, "ate", "'Q'"),
        (["." * 15] * 15, "aeilnors", "8 tiles"),
        (["." * 15] * 15, "ab1", "'b'"),
    ],
)
def test_bad_positions(tmp_path, lex_file, rows, rack, message):
    board = _board(tmp_path, rows)
    result = run("moves", "--lexicon", lex_file, "--board", board, "--rack", rack)
    assert result.exit_code == 1, result.output
    assert message in result.stderr and "Traceback" not in result.stderr
