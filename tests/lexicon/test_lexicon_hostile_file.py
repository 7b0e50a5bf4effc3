"""Lexicon files crafted to pass every checksum while lying: nodes that
form a cycle (a walk of it would list words without end: `lexicon match
FILE '*'` printed 91 million words in 20 s and went on), and a header whose
word count or longest word the graph does not have (`lexicon info` printed
it as it was).  Both backends refuse such a file with exit status 1 and a
message naming it, before any walk."""

from __future__ import annotations

from array import array

import pytest
from click.testing import CliRunner

from dlxc.cli import main
from dlxc.lexicon import Lexicon, fileformat

WORDS = ["cat", "cats", "dog", "dogs", "do", "at", "tea"]


def _forged(tmp_path, backend, change):
    lex = Lexicon.from_words(WORDS, backend=backend)
    data = lex.data()
    lex.close()
    change(data)
    path = tmp_path / "forged.lex"
    fileformat.save(path, data)  # writes true checksums of what it is given
    return path


def _cycle(data):
    """Point the child of the last node of a word back at the root's list:
    every check of one node at a time still passes."""
    dawg = array("I", data.dawg)
    root = (dawg[0] >> 8) & 0x3FFFFF
    for i in range(len(dawg) - 1, 0, -1):
        if (dawg[i] >> 30) & 1 and not (dawg[i] >> 8) & 0x3FFFFF:  # a word's end, no child
            dawg[i] |= root << 8
            break
    data.dawg = dawg


def _run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("command", [["match", "*"], ["info"]])
def test_a_cycle_is_refused(tmp_path, backend, command):
    path = _forged(tmp_path, backend, _cycle)
    args = ["lexicon", command[0], str(path), *command[1:], "--backend", backend]
    got = _run(*args)
    assert got.exit_code == 1, got.output[-500:]
    assert got.stdout == ""
    assert "not a usable lexicon file" in got.stderr and "forged.lex" in got.stderr
    assert "Traceback" not in got.stderr


@pytest.mark.parametrize(
    "field, value", [("words", len(WORDS) + 1), ("words", 10**9), ("max_len", 40)]
)
def test_a_header_the_graph_does_not_match_is_refused(tmp_path, backend, field, value):
    path = _forged(tmp_path, backend, lambda d: setattr(d, field, value))
    got = _run("lexicon", "info", str(path), "--backend", backend)
    assert got.exit_code == 1, got.output[-500:]
    assert got.stdout == ""
    assert "header says" in got.stderr and "forged.lex" in got.stderr


def test_a_true_file_still_loads(tmp_path, backend):
    path = _forged(tmp_path, backend, lambda d: None)
    with Lexicon.load(path, backend=backend) as lex:
        assert len(lex) == len(WORDS)
        assert sorted(lex.match("*")) == sorted(WORDS)
