"""``dlxc example`` and ``dlxc.example_path``: the sample files that ship
with dlxc, listed, printed and located, from any directory."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

import dlxc
from dlxc.cli import main
from dlxc.puzzles import KINDS, by_kind, examples


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_every_kind_has_examples_and_names_are_files():
    found = examples()
    grouped = by_kind()
    assert list(grouped) == list(KINDS) and all(grouped.values())
    assert {n: p for names in grouped.values() for n, p in names.items()} == found
    for kind, names in grouped.items():  # a kind's folder holds its examples, but the lists
        for name, path in names.items():  # another part of dlxc owns
            if name not in ("crossword-scored", "crossword-banned"):
                assert os.path.basename(os.path.dirname(path)) == kind, name
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


def test_crossword_lists_are_the_engines_data_not_a_copy():
    from dlxc.crossword import wordlist

    for name in (wordlist.DEFAULT_LIST, wordlist.BAN_LIST):
        path = dlxc.example_path(name)
        assert os.path.samefile(path, wordlist._shipped(name))
        assert os.path.basename(os.path.dirname(path)) == "wordlists"
        words = os.path.dirname(dlxc.example_path("enable"))
        assert f"{name}.txt" not in os.listdir(words)  # one copy only
        listed = run("example", name)
        with open(path, encoding="utf-8") as f:
            assert listed.exit_code == 0 and listed.output == f.read()
