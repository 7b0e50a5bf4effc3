"""Where the command line's input comes from: word lists with a byte-order
mark or old Mac line ends, ``--words -`` (standard input), DLX files with
CR line ends, and ``dlxc count`` over several files one of which is bad.

Expected counts come from the ABEL+LAND example of dlxc/puzzles/dlx (112
layouts in 4x4 with E,W,S,N; every solver agrees on it) or from counting
the same problem given another way.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dlxc.cli import main

PUZZLES = Path(__file__).resolve().parents[2] / "dlxc" / "puzzles"
ABEL_LAND = PUZZLES / "dlx" / "abel-land-4x4.dlx"


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def _count(*args, input=None) -> str:
    r = run(*args, input=input)
    assert r.exit_code == 0, r.stderr
    return r.stdout.strip()


WORDS = "ABEL\nLAND\n"


@pytest.mark.parametrize(
    "encoded",
    [
        WORDS.encode(),
        b"\xef\xbb\xbf" + WORDS.encode(),  # a UTF-8 byte-order mark
        (WORDS.replace("\n", "\r")).encode(),  # old Mac line ends
        b"\xef\xbb\xbf" + WORDS.replace("\n", "\r\n").encode(),  # Windows' Notepad
    ],
    ids=["plain", "bom", "cr", "bom-crlf"],
)
def test_word_list_encodings(tmp_path, encoded):
    path = tmp_path / "words.txt"
    path.write_bytes(encoded)
    assert _count("wordsearch", "4x4", "--words", path, "-d", "E,W,S,N", "--count", "-q") == "112"


def test_words_from_stdin():
    assert (
        _count("wordsearch", "4x4", "--words", "-", "-d", "E,W,S,N", "--count", "-q", input=WORDS)
        == "112"
    )
    # with a byte-order mark too, and together with words on the command line
    assert (
        _count(
            "wordsearch",
            "4x4",
            "ABEL",
            "--words",
            "-",
            "-d",
            "E,W,S,N",
            "--count",
            "-q",
            input="\ufeffLAND\n",
        )
        == "112"
    )


def test_wordrect_words_from_stdin(tmp_path):
    words = (PUZZLES / "words" / "three-letter.txt").read_text(encoding="utf-8")
    small = "\n".join(words.split()[::6]) + "\n"
    path = tmp_path / "small.txt"
    path.write_text(small, encoding="utf-8")
    from_file = _count("wordrect", "3x3", "--words", path, "--count", "-q")
    assert _count("wordrect", "3x3", "--words", "-", "--count", "-q", input=small) == from_file


def test_word_list_not_utf8_names_the_line(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"ABEL\rLAND\rN\xe9E\r")
    r = run("wordsearch", "4x4", "--words", path, "--count", "-q")
    assert r.exit_code == 1
    assert f"{path}:3: not UTF-8" in r.stderr


def test_cr_only_dlx_file_counts(tmp_path):
    path = tmp_path / "mac.dlx"
    path.write_bytes(ABEL_LAND.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r"))
    assert _count("count", path) == "112"
    assert _count("count", "-", input=path.read_bytes()) == "112"


# ---- several files, one of them bad -------------------------------------------------


def test_count_reports_a_bad_file_and_counts_the_rest(tmp_path):
    bad = tmp_path / "bad.dlx"
    bad.write_text("A B | X\nA X:1\nB Q\n")
    missing = tmp_path / "missing.dlx"
    r = run("count", ABEL_LAND, bad, ABEL_LAND, missing, ABEL_LAND)
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [f"112 {ABEL_LAND}"] * 3
    errors = [line for line in r.stderr.splitlines() if line.startswith("Error:")]
    assert errors[0] == f"Error: {bad}:3: unknown item 'Q'"
    assert errors[1] == f"Error: cannot open {str(missing)!r}: No such file or directory"
    assert len(errors) == 2


def test_count_json_skips_a_bad_file(tmp_path):
    bad = tmp_path / "bad.dlx"
    bad.write_text("A | X\nX:1\n|\nA A\n")
    r = run("count", "--json", bad, ABEL_LAND)
    assert r.exit_code == 1
    records = [json.loads(line) for line in r.stdout.splitlines()]
    assert [(x["file"], x["solutions"]) for x in records] == [(str(ABEL_LAND), 112)]
    assert f"Error: {bad}:4: item 'A' twice in one option" in r.stderr


def test_count_of_one_missing_file_is_exit_1(tmp_path):
    r = run("count", tmp_path / "nope.dlx")
    assert r.exit_code == 1
    assert "No such file or directory" in r.stderr
    assert "Traceback" not in r.stderr
