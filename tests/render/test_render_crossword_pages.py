"""The pages of a free-form crossword (``dlxc crossword layout --format
pdf|html|svg``): the clues of the list under Across and Down, the answers
only on the answer page, and nothing drawn where the words are not."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from dlxc.cli import main
from dlxc.models.crossword.clues import read_clue_list
from dlxc.puzzles import example_path

CLUES = example_path("fruit-clues")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def layout_json():
    res = run("crossword", "layout", "-w", CLUES, "--compact", "--json", "-q")
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_pdf_puzzle_page_has_clues_answer_page_has_answers(tmp_path):
    pdfium = pytest.importorskip("pypdfium2", reason="reading the PDF needs pypdfium2")
    out = tmp_path / "x.pdf"
    res = run(
        "crossword", "layout", "-w", CLUES, "--compact", "--format", "pdf", "-o", out,
        "--title", "Fruit bowl",
    )  # fmt: skip
    assert res.exit_code == 0 and res.stdout == ""
    doc = pdfium.PdfDocument(out.read_bytes())
    assert len(doc) == 2
    puzzle, answers = (doc[i].get_textpage().get_text_range() for i in range(2))
    clues = read_clue_list(CLUES).clues
    assert "Fruit bowl" in puzzle and "Across" in puzzle and "Down" in puzzle
    for clue in clues.values():
        assert clue in puzzle
    placed = [p["word"].upper() for p in layout_json()["placed"]]
    # the answers are not on the puzzle page, they are on the answer page
    assert not any(re.search(rf"\b{w}\b", puzzle) for w in placed)
    assert all(w in answers for w in placed)


def test_html_clues_by_direction_and_no_squares_outside_the_words():
    res = run("crossword", "layout", "-w", CLUES, "--compact", "--format", "html", "-q")
    assert res.exit_code == 0
    html = res.stdout
    board = layout_json()
    holes = sum(row.count(" ") for row in board["grid"])
    assert html.count('<td class="hole"></td>') == holes
    assert '<td class="block">' not in html
    assert "<h2>Across</h2>" in html and "<h2>Down</h2>" in html
    for clue in read_clue_list(CLUES).clues.values():
        assert clue in html


def test_svg_draws_only_the_words_squares():
    res = run("crossword", "layout", "-w", CLUES, "--compact", "--format", "svg", "-q")
    assert res.exit_code == 0
    board = layout_json()
    letters = sum(len(row) - row.count(" ") for row in board["grid"])
    squares = re.findall(
        r'<rect x="[^"]*" y="[^"]*" width="32" height="32" fill="(\w+)"', res.stdout
    )
    assert squares == ["white"] * letters  # one white square a letter, no block
