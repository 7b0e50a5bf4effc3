"""``dlxc example`` and ``dlxc.example_path``: the sample files that ship
with dlxc, listed, printed and located, from any directory."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

import dlxc
from dlxc.cli import main
from dlxc.puzzles import KINDS, examples


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_every_kind_has_examples_and_names_are_files():
    found = examples()
    kinds = {os.path.basename(os.path.dirname(p)) for p in found.values()}
    assert kinds == set(KINDS)
    assert all(os.path.isfile(p) for p in found.values())
    # notices travel beside the word lists but are no examples
    words = os.path.dirname(found["enable"])
    assert {"ENABLE-NOTICE.txt", "SCOWL-COPYRIGHT.txt"} <= set(os.listdir(words))
    assert not any("NOTICE" in n or "COPYRIGHT" in n for n in found)


def test_list_print_and_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    listed = run("example")
    assert listed.exit_code == 0
    assert "dlx/:" in listed.output and "  wordsearch-6x6\n" in listed.output
    printed = run("example", "wordsearch-6x6")
    path = run("example", "wordsearch-6x6", "--path").output.strip()
    assert os.path.isabs(path) and path == dlxc.example_path("wordsearch-6x6")
    with open(path, encoding="utf-8") as f:
        assert printed.output == f.read()
    counted = run("count", "-q", "-", input=printed.output)
    assert counted.output.strip() == "244792"


def test_unknown_name_is_a_usage_error():
    r = run("example", "nope")
    assert r.exit_code == 2
    assert "no example called 'nope'" in r.output
    with pytest.raises(KeyError, match="wordsearch-6x6"):
        dlxc.example_path("nope")
