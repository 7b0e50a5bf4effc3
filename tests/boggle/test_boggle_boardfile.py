"""``dlxc boggle score`` reads its boards in blocks (dlxc.boggle.boardfile):
plain blocks whole, any other block line by line.  Whichever way a line is
read, and with one process or two, every board gets the total the oracle
gives it (tests/oracles/boggle.py: plain recursion over sets of words), in
the file's order; a bad line is an error naming the file and the line,
after the totals of every board before it."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from oracles.boggle import score as oracle_score

from dlxc.boggle.boardfile import board_runs
from dlxc.cli import main

WORDS = [
    "tea", "eat", "ate", "tee", "set", "sea", "seat", "east", "teas", "rest",
    "star", "rats", "tars", "arts", "stare", "tears", "rates", "aster", "least",
    "steal", "tales", "slate", "queen", "quite", "quiet", "line", "lines", "nest",
]  # fmt: skip


def _board(rng, n=16):
    return "".join(rng.choice("aeilnqrstu") for _ in range(n))


def _written(rng, board):
    """``board`` as a person might write it: plain most often, else in
    upper case, in rows with / or spaces, or with spaces around."""
    kind = rng.randrange(6)
    if kind == 1:
        return board.upper()
    if kind == 2:
        return "/".join(board[i : i + 4] for i in range(0, 16, 4))
    if kind == 3:
        return " " + " ".join(board[i : i + 4] for i in range(0, 16, 4)) + "  "
    return board


@pytest.fixture(scope="module")
def words_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("words") / "words.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return str(path)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_board_gets_the_oracle_total(tmp_path, words_file, jobs):
    rng = random.Random(5)
    boards = [_board(rng) for _ in range(3000)]
    lines = []
    for i, b in enumerate(boards):
        if i % 500 == 7:
            lines.append("# a comment")
        if i % 700 == 3:
            lines.append("")
        # long plain stretches (read whole) between stretches of other forms
        lines.append(b if (i // 250) % 2 == 0 else _written(rng, b))
    path = tmp_path / "boards.txt"
    path.write_bytes(("\r\n".join(lines[:1000]) + "\r\n" + "\n".join(lines[1000:])).encode())
    r = CliRunner().invoke(main, ["boggle", "score", "-q", "-j", jobs, "-w", words_file, str(path)])
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""
    got = [int(x) for x in r.stdout.split()]
    assert got == [oracle_score(b, 4, 4, WORDS) for b in boards]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bad_line_comes_after_the_totals_before_it(tmp_path, words_file, jobs):
    rng = random.Random(6)
    boards = [_board(rng) for _ in range(2000)]
    lines = boards[:1500] + ["abcdefghijklmno1"] + boards[1500:]
    path = tmp_path / "boards.txt"
    path.write_text("\n".join(lines) + "\n")
    r = CliRunner().invoke(main, ["boggle", "score", "-q", "-j", jobs, "-w", words_file, str(path)])
    assert r.exit_code == 1
    assert r.stderr.startswith(f"Error: {path}:1501: board 'abcdefghijklmno1': '1' is not a letter")
    assert [int(x) for x in r.stdout.split()] == [
        oracle_score(b, 4, 4, WORDS) for b in boards[:1500]
    ]


def test_runs_keep_sizes_apart_and_in_order(tmp_path):
    """Boards of different sizes come in separate runs, in file order, at
    most ``most`` boards a run; a byte-order mark and CRLF are read away."""
    text = "\ufeff" + "abcdefghi\r\nperslatgsineters\nperslatgsineters\nabcdefghi\n" * 3
    path = tmp_path / "b.txt"
    path.write_bytes(text.encode())
    runs = list(board_runs(path, None, most=2))
    sizes = [(r, c, len(b) // (r * c)) for r, c, b in runs]
    assert sizes == [(3, 3, 1), (4, 4, 2), (3, 3, 2), (4, 4, 2), (3, 3, 2), (4, 4, 2), (3, 3, 1)]
    letters = b"".join(b for _, _, b in runs).decode()
    assert letters == text.replace("\ufeff", "").replace("\r", "").replace("\n", "")
