"""Every ipuz document dlxc writes is valid against the specification, as
the independent validator in tests/oracles/ipuz.py reads it."""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner
from oracles.ipuz import problems, wordsearch_spells

from dlxc.base.errors import RenderError
from dlxc.cli import main
from dlxc.models.pages import theme_entries, wordrect_page, wordsearch_page
from dlxc.models.wordrect import WordRectangle
from dlxc.models.wordsearch import WordSearch
from dlxc.render import boggle_page, crossword_page, page_ipuz

WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER", "NOETHER"]


def _wordsearch_docs():
    yield page_ipuz(wordsearch_page(WordSearch(8, 8, WORDS).puzzle(1), title="Maths"))
    entries, _, clues = theme_entries("greek-animals")
    yield page_ipuz(
        wordsearch_page(
            WordSearch(14, 14, entries[:10]).puzzle(2, message="ΓΕΙΑ"),
            clues=clues[:10],
            message="ΓΕΙΑ",
        )
    )
    mask = {(0, 0), (0, 6), (6, 0), (6, 6)}
    yield page_ipuz(
        wordsearch_page(WordSearch(7, 7, ["ABEL", "LAND", "DEAN"], mask=mask).puzzle(3))
    )


def _crossword_docs():
    yield page_ipuz(
        crossword_page(["CAT#", "ARE#", "BEAD", "#SEA"], {"CAT": "a pet", "CAB": "a taxi"})
    )
    rect = next(iter(WordRectangle(3, 3, "dlxc/puzzles/words/three-letter.txt").rectangles()))
    yield page_ipuz(wordrect_page(rect))


@pytest.mark.parametrize("doc", list(_wordsearch_docs()), ids=["latin", "greek", "mask"])
def test_wordsearch_ipuz_is_valid(doc):
    assert problems(doc) == []
    assert doc["kind"] == ["http://ipuz.org/wordsearch#1"]
    assert wordsearch_spells(doc) == []


@pytest.mark.parametrize("doc", list(_crossword_docs()), ids=["crossword", "wordrect"])
def test_crossword_ipuz_is_valid(doc):
    assert problems(doc) == []
    assert doc["kind"] == ["http://ipuz.org/crossword#1"]
    # each clue's answer runs from its numbered cell in the solution grid
    assert doc["clues"]["Across"] and doc["clues"]["Down"]


def test_mask_squares_are_omitted_cells():
    doc = list(_wordsearch_docs())[2]
    assert doc["puzzle"][0][0] is None and doc["puzzle"][6][6] is None


def test_validator_sees_broken_documents():
    """The validator can fail: each planted fault is reported."""
    good = next(_wordsearch_docs())
    faults = [
        lambda d: d.pop("version"),
        lambda d: d.__setitem__("kind", "http://ipuz.org/wordsearch#1"),
        lambda d: d["dimensions"].__setitem__("width", 0),
        lambda d: d["puzzle"].pop(),
        lambda d: d["puzzle"][0].append("X"),
        lambda d: d["solution"].__setitem__("ABEL", {"cells": [[99, 0]]}),
        lambda d: d["solution"].__setitem__("ABEL", {"where": 1}),
        lambda d: d.__setitem__("useall", "yes"),
    ]
    for fault in faults:
        doc = copy.deepcopy(good)
        fault(doc)
        assert problems(doc), fault
    xw = next(_crossword_docs())
    bad = copy.deepcopy(xw)
    bad["clues"]["Across"].append([99, "nowhere"])
    assert problems(bad)
    bad = copy.deepcopy(xw)
    bad["solution"][0].append("Z")
    assert problems(bad)


def test_boggle_has_no_ipuz_kind():
    page = boggle_page(["CA", "TS"], [("CAT", [(0, 0), (0, 1), (1, 0)])])
    with pytest.raises(RenderError, match="no kind"):
        page_ipuz(page)


def test_cli_ipuz_files_are_valid(tmp_path):
    out = tmp_path / "p.ipuz"
    res = CliRunner().invoke(
        main,
        [
            "wordsearch",
            "9x9",
            *WORDS,
            "--seed",
            "4",
            "--puzzles",
            "2",
            "--format",
            "ipuz",
            "-o",
            str(out),
            "-q",
        ],
    )
    assert res.exit_code == 0, res.output
    files = sorted(tmp_path.glob("p-*.ipuz"))
    assert [f.name for f in files] == ["p-1.ipuz", "p-2.ipuz"]
    for f in files:
        doc = json.loads(f.read_text("utf-8"))
        assert problems(doc) == [] and wordsearch_spells(doc) == []
    res = CliRunner().invoke(
        main,
        [
            "wordrect",
            "3x3",
            "--words",
            "dlxc/puzzles/words/three-letter.txt",
            "--format",
            "ipuz",
            "-q",
        ],
    )
    assert res.exit_code == 0, res.output
    assert problems(json.loads(res.stdout)) == []
