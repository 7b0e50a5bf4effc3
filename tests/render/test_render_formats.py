"""Text, JSON, SVG and HTML pages, read back structurally; the page
description rejects what it cannot draw."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from dlxc.base.errors import RenderError
from dlxc.cli import main
from dlxc.models.pages import wordsearch_page
from dlxc.models.wordsearch import WordSearch
from dlxc.render import Cell, Page, Word, boggle_page, crossword_page, render

WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER", "ice cream"]
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def page():
    return wordsearch_page(
        WordSearch(9, 9, WORDS).puzzle(7),
        title="Maths & more",
        clues=[None, None, None, None, "a cold dessert"],
    )


def test_display_form_and_clue(page):
    assert page.words[-1].text == "ICE CREAM"
    assert "".join(page.words[-1].answer) == "ICECREAM"
    text = render([page], "text")[0].decode()
    assert "ICE CREAM  (a cold dessert)" in text


def test_json_round_trip(page):
    doc = json.loads(render([page], "json")[0])
    assert doc["kind"] == "wordsearch" and doc["rows"] == 9
    for w in doc["words"]:
        assert "".join(doc["grid"][r][c]["letter"] for r, c in w["cells"]) == w["answer"]


def test_svg_marks_every_word_on_request(page):
    plain = ET.fromstring(render([page], "svg")[0])
    marked = ET.fromstring(render([page], "svg", answers=True)[0])
    assert not plain.findall(f"{SVG}polyline")
    lines = marked.findall(f"{SVG}polyline")
    assert sorted(x.get("data-word") for x in lines) == sorted(w.text for w in page.words)
    letters = [t.text for t in plain.findall(f"{SVG}text")][1:]  # after the title
    assert len(letters) == 81


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list = []
        self.data: dict = {}
        self._in = None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in = dict(attrs).get("id")

    def handle_data(self, data):
        if self._in:
            self.data[self._in] = self.data.get(self._in, "") + data


def test_html_is_one_self_contained_page(page):
    html = render([page], "html")[0].decode()
    p = _Collect()
    p.feed(html)
    tags = [t for t, _ in p.tags]
    assert tags.count("td") == 81 and tags.count("tr") == 9
    assert tags.count("li") == len(page.words)
    assert not any(a.get("src") or a.get("href") for _, a in p.tags)  # nothing fetched
    data = json.loads(p.data["page"])
    assert data["words"][0]["cells"] == [list(c) for c in page.words[0].cells]
    assert "function click" in html and "line-through" in html


def test_crossword_page_numbers_like_a_crossword():
    xw = crossword_page(["CAT#", "ARE#", "BEAD", "#SEA"])
    assert [w.label for w in xw.words] == [
        "1-Across",
        "4-Across",
        "5-Across",
        "7-Across",
        "1-Down",
        "2-Down",
        "3-Down",
        "6-Down",
    ]
    assert xw.words[0].text == "CAT" and xw.words[4].text == "CAB"
    assert all(not sq.given for row in xw.grid for sq in row if sq and not sq.block)


def test_boggle_path_must_spell_the_word():
    with pytest.raises(RenderError, match="spells"):
        boggle_page(["CA", "TS"], [("CAT", [(0, 0), (1, 1), (1, 0)])])
    page = boggle_page(["CA", "TS"], [("CATS", [(0, 0), (0, 1), (1, 0), (1, 1)])])
    assert page.marked()[0].text == "CATS"


def test_malformed_pages_are_refused():
    with pytest.raises(RenderError, match="row 2"):
        Page("wordsearch", "x", [[Cell("A")], [Cell("B"), Cell("C")]])
    with pytest.raises(RenderError, match="holds"):
        Page(
            "wordsearch",
            "x",
            [[Cell("A"), Cell("B")]],
            [Word("BA", ("B", "A"), cells=((0, 0), (0, 1)))],
        )
    with pytest.raises(RenderError, match="outside"):
        Page("wordsearch", "x", [[Cell("A")]], [Word("A", ("A",), cells=((1, 0),))])


def test_cli_formats_and_usage(tmp_path):
    run = CliRunner().invoke
    res = run(
        main,
        ["wordsearch", "7x7", "ABEL", "LAND", "--format", "svg", "--answers", "--seed", "1", "-q"],
    )
    assert res.exit_code == 0 and res.stdout.startswith("<svg")
    res = run(main, ["wordsearch", "7x7", "ABEL", "--format", "svg", "--json"])
    assert res.exit_code == 2
    out = tmp_path / "p.html"
    res = run(
        main,
        [
            "wordsearch",
            "7x7",
            "ABEL",
            "LAND",
            "--format",
            "html",
            "-o",
            str(out),
            "--puzzles",
            "2",
            "--seed",
            "3",
            "-q",
        ],
    )
    assert res.exit_code == 0
    assert (tmp_path / "p-1.html").exists() and (tmp_path / "p-2.html").exists()


def test_boggle_board_as_letters_with_flat_paths_and_qu():
    """The form the Boggle model hands over: letters row by row (q is the
    face Qu) and paths of cell indices."""
    page = boggle_page("qatsodge", [("quat", [0, 1, 2]), ("dog", [5, 4, 6])], cols=4, score=2)
    assert page.grid[0][0].letter == "Qu"
    assert [w.cells for w in page.words] == [((0, 0), (0, 1), (0, 2)), ((1, 1), (1, 0), (1, 2))]
    assert page.answer_notes == ["2 words, 2 points; the 2 longest are marked"]
    with pytest.raises(RenderError, match="cols"):
        boggle_page("qatsodge", [], cols=3)


def test_crossword_html_has_a_box_per_letter():
    xw = crossword_page(["CAT#", "ARE#", "BEAD", "#SEA"], given=[(0, 0)])
    p = _Collect()
    p.feed(render([xw], "html")[0].decode())
    boxes = [a for t, a in p.tags if t == "input" and "data-a" in a]
    assert len(boxes) == 13 - 1  # 13 open cells, one of them given
    assert {a["data-a"] for a in boxes} <= set("CATREBDS")
    assert any(a.get("id") == "check" for _, a in p.tags)
