"""One exit status for each outcome, in every command (README, "Exit
status"): every command that reads a file is run on each kind of bad file
(missing, a directory, not UTF-8, empty, no word in it) and must exit with
1 and a one-line message naming the file, never a traceback; a usage error
exits with 2, a proof that nothing exists with 3, a limit reached first
with 4."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from dlxc.cli import main
from dlxc.puzzles import example_path as example

EXIT_INPUT, EXIT_USAGE, EXIT_NONE, EXIT_STOPPED = 1, 2, 3, 4

WORDS = str(example("common100"))
GRID = str(example("open-3x3"))
BOARD = str(example("midgame"))
RACK = ["--rack", "aeinrst"]

# (id, command line with {} where the file goes, is the file a word list)
COMMANDS = [
    ("boggle score", ["boggle", "score", "{}"], False),
    ("boggle solve", ["boggle", "solve", "perslatgsineters", "-w", "{}"], True),
    ("boggle roll", ["boggle", "roll", "--seed", "1", "--format", "json", "-w", "{}"], True),
    ("boggle best", ["boggle", "best", "--time", "0.1", "-q", "-w", "{}"], True),
    ("crossword layout", ["crossword", "layout", "-w", "{}"], True),
    ("crossword fill list", ["crossword", "fill", GRID, "-w", "{}"], True),
    ("crossword fill grid", ["crossword", "fill", "{}", "-w", WORDS], False),
    ("lexicon build", ["lexicon", "build", "{}", "-o", "{out}"], True),
    ("lexicon match", ["lexicon", "match", "{}", "c*"], True),
    ("lexicon anagram", ["lexicon", "anagram", "{}", "tac"], True),
    ("moves lexicon", ["moves", *RACK, "--lexicon", "{}", "--board", BOARD], True),
    ("moves board", ["moves", *RACK, "--lexicon", WORDS, "--board", "{}"], False),
    ("moves rules", ["moves", *RACK, "--lexicon", WORDS, "--board", BOARD, "--rules", "{}"], False),
    ("wordsearch words", ["wordsearch", "10x10", "-w", "{}", "--pick", "8", "--seed", "1"], True),
    ("wordsearch mask", ["wordsearch", "8x8", "CAT", "DOG", "--mask", "{}", "--seed", "1"], False),
    ("wordrect", ["wordrect", "2x2", "-w", "{}"], True),
    ("count", ["count", "{}"], False),
    ("solve", ["solve", "{}"], False),
    ("estimate", ["estimate", "{}"], False),
    ("sample", ["sample", "{}"], False),
]


def bad_files(tmp_path) -> dict:
    (tmp_path / "adir").mkdir()
    (tmp_path / "latin1.txt").write_bytes(b"cat\ncaf\xe9\n")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "nowords.txt").write_text("# only lines that are not words\nAA's\n3D\n")
    return {
        "missing": tmp_path / "missing.txt",
        "directory": tmp_path / "adir",
        "not utf-8": tmp_path / "latin1.txt",
        "empty": tmp_path / "empty.txt",
        "no words": tmp_path / "nowords.txt",
    }


def run(args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _args(cmd, file, tmp_path):
    return [a.replace("{}", str(file)).replace("{out}", str(tmp_path / "x.lex")) for a in cmd]


@pytest.mark.parametrize("kind", ["missing", "directory", "not utf-8", "empty", "no words"])
@pytest.mark.parametrize("name,cmd,word_list", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_bad_files_exit_1_with_one_line(tmp_path, name, cmd, word_list, kind):
    file = bad_files(tmp_path)[kind]
    if kind == "not utf-8" and name == "boggle score":  # its first line must be a board
        file.write_bytes(b"perslatgsineters\ncaf\xe9\n")
    if kind == "no words" and not word_list:
        pytest.skip("only a word list has words to skip")
    if kind == "empty" and name == "boggle score":
        pytest.skip("no boards is a list of boards, scored: nothing to print")
    r = run(_args(cmd, file, tmp_path))
    assert not (r.exception and not isinstance(r.exception, SystemExit)), r.exception
    assert "Traceback" not in r.output
    assert r.exit_code == EXIT_INPUT, (r.exit_code, r.stderr)
    errors = [line for line in r.stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1 and file.name in errors[0], r.stderr
    if kind == "not utf-8":
        assert f"{file.name}:2: not UTF-8" in errors[0]


@pytest.mark.parametrize("name,cmd,word_list", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_usage_errors_exit_2(tmp_path, name, cmd, word_list):
    r = run([*_args(cmd, WORDS, tmp_path), "--no-such-option"])
    assert r.exit_code == EXIT_USAGE and "No such option" in r.stderr


@pytest.mark.parametrize("name,cmd,word_list", [c for c in COMMANDS if c[2]], ids=lambda c: c)
def test_strict_makes_a_line_that_is_no_word_an_error(tmp_path, name, cmd, word_list):
    words = tmp_path / "list.txt"
    # the list with one line that is no word, at its end
    words.write_text(Path(WORDS).read_text("utf-8") + "AA's\n", encoding="utf-8")
    line = len(words.read_text().splitlines())
    relaxed = run(_args(cmd, words, tmp_path))
    assert "note: " in relaxed.stderr and f'line {line}: "AA\'s"' in relaxed.stderr
    assert relaxed.stderr.count("note: ") == 1
    strict = run([*_args(cmd, words, tmp_path), "--strict"])
    assert strict.exit_code == EXIT_INPUT and f'list.txt:{line}: "AA\'s"' in strict.stderr


def test_nothing_exists_exits_3(tmp_path):
    assert run(["wordrect", "5x5", "-w", str(example("three-letter"))]).exit_code == EXIT_NONE
    unfillable = str(example("unfillable-5x5"))
    assert run(["crossword", "fill", unfillable, "-w", WORDS]).exit_code == EXIT_NONE


def test_a_limit_reached_first_exits_4():
    r = run(["count", str(example("queens-8")), "--node-limit", "5"])
    assert r.exit_code == EXIT_STOPPED
