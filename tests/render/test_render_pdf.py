"""PDF pages, rendered to images and looked at by the test: the puzzle
page has the grid's letters and no colour; the answer page has the
coloured marks; Greek and Cyrillic words print; a letter the font lacks is
an error.  Pages are rendered with pypdfium2 (a wheel the test extra
installs) and, when it is installed, also with poppler's pdftoppm."""

from __future__ import annotations

import shutil
import subprocess

import pytest

pytest.importorskip("reportlab", reason="PDF output needs the optional extra dlxc[pdf]")
pdfium = pytest.importorskip("pypdfium2", reason="rendering PDF pages needs pypdfium2")

from click.testing import CliRunner  # noqa: E402

from dlxc.base.errors import RenderError  # noqa: E402
from dlxc.cli import main  # noqa: E402
from dlxc.models.pages import theme_entries, wordsearch_page  # noqa: E402
from dlxc.models.wordsearch import WordSearch  # noqa: E402
from dlxc.render import boggle_page, crossword_page, render  # noqa: E402
from dlxc.render.pdf import pages_pdf  # noqa: E402

with open("dlxc/puzzles/words/common20.txt", encoding="utf-8") as _f:
    WORDS = [line.strip() for line in _f if line.strip() and not line.startswith("#")]


def _images(data: bytes, scale: float = 0.5):
    doc = pdfium.PdfDocument(data)
    return [doc[i].render(scale=scale).to_pil().convert("RGB") for i in range(len(doc))]


def _ink(img) -> tuple[int, int]:
    """(dark pixels, coloured pixels) of a page image."""
    dark = coloured = 0
    raw = img.tobytes()
    for k in range(0, len(raw), 3):
        r, g, b = raw[k], raw[k + 1], raw[k + 2]
        if max(r, g, b) < 100:
            dark += 1
        elif max(r, g, b) - min(r, g, b) > 60:
            coloured += 1
    return dark, coloured


@pytest.fixture(scope="module")
def puzzle_pdf():
    page = wordsearch_page(WordSearch(15, 15, WORDS).puzzle(1), title="Twenty words")
    return pages_pdf([page], paper="letter")


def test_two_pages_grid_then_marked_answers(puzzle_pdf):
    pages = _images(puzzle_pdf)
    assert len(pages) == 2
    (dark1, colour1), (dark2, colour2) = _ink(pages[0]), _ink(pages[1])
    assert dark1 > 1000 and colour1 == 0  # letters in black, nothing marked
    assert colour2 > 20 * dark2 // 10  # 20 translucent marks on the answer page
    w, h = pages[0].size
    assert abs(w / h - 215.9 / 279.4) < 0.01  # US Letter


def test_a4_and_numbered_pages():
    pages = [wordsearch_page(WordSearch(8, 8, WORDS[:4]).puzzle(s), number=s) for s in (1, 2)]
    images = _images(pages_pdf(pages, paper="a4"))
    assert len(images) == 4
    w, h = images[0].size
    assert abs(w / h - 210 / 297) < 0.01
    text = pdfium.PdfDocument(pages_pdf(pages, paper="a4"))[3].get_textpage().get_text_range()
    assert "Answers: 2." in text and "4" in text.split()


@pytest.mark.parametrize("theme", ["greek-animals", "russian-colours", "fruit"])
def test_scripts_print(theme):
    entries, _, clues = theme_entries(theme)
    ws = WordSearch(16, 16, entries[:10])
    data = pages_pdf([wordsearch_page(ws.puzzle(5), clues=clues[:10])])
    text = pdfium.PdfDocument(data)[0].get_textpage().get_text_range()
    shown = wordsearch_page(ws.puzzle(5)).words[0].text
    assert shown in text


def test_missing_glyph_is_named():
    page = boggle_page(["中文", "AB"], [])
    with pytest.raises(RenderError, match="no glyph for '中'"):
        pages_pdf([page])


def test_crossword_and_boggle_pages():
    xw = crossword_page(["CAT#", "ARE#", "BEAD", "#SEA"], {"CAT": "a pet"})
    bg = boggle_page(
        ["CATS", "ODGE", "RAIN", "BEST"],
        [("CAT", [(0, 0), (0, 1), (0, 2)]), ("DOG", [(1, 1), (1, 0), (1, 2)])],
    )
    images = _images(render([xw, bg], "pdf")[0])
    assert len(images) == 4
    assert _ink(images[0])[1] == 0 and _ink(images[3])[1] > 0  # the Boggle paths marked
    assert _ink(images[2])[0] > _ink(images[0])[0]  # the crossword's letters


def test_long_word_lists_run_on_to_more_pages():
    # A Boggle board's answer page lists every word; a thousand of them do
    # not fit one page even at the smallest size, and none may be lost.
    rows = ["ABCD", "EFGH", "IJKL", "MNOP"]  # distinct letters: a path spells one word
    paths = [[(r, c)] for r in range(4) for c in range(4)]
    for _ in range(3):  # every path of four cells
        paths = [
            p + [(r, c)]
            for p in paths
            for r in range(4)
            for c in range(4)
            if max(abs(r - p[-1][0]), abs(c - p[-1][1])) == 1 and (r, c) not in p
        ]
    words = ["".join(rows[r][c] for r, c in p) for p in paths]
    bg = boggle_page(rows, list(zip(words, paths)))
    doc = pdfium.PdfDocument(pages_pdf([bg]))
    assert len(doc) > 2
    text = "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    found = set(text.split())
    assert all(w in found for w in words)
    assert [str(k) for k in range(1, len(doc) + 1)] == [
        doc[i].get_textpage().get_text_range().split()[-1] for i in range(len(doc))
    ]


@pytest.mark.skipif(
    shutil.which("pdftoppm") is None,
    reason="poppler's pdftoppm is not installed (Debian poppler-utils)",
)
def test_pdftoppm_renders_both_pages(puzzle_pdf, tmp_path):
    path = tmp_path / "p.pdf"
    path.write_bytes(puzzle_pdf)
    subprocess.run(["pdftoppm", "-r", "30", "-png", str(path), str(tmp_path / "page")], check=True)
    assert len(list(tmp_path.glob("page-*.png"))) == 2


def test_cli_pdf(tmp_path):
    out = tmp_path / "ws.pdf"
    res = CliRunner().invoke(
        main,
        [
            "wordsearch",
            "15x15",
            "--words",
            "dlxc/puzzles/words/common20.txt",
            "--seed",
            "1",
            "--format",
            "pdf",
            "-o",
            str(out),
            "--paper",
            "a4",
        ],
    )
    assert res.exit_code == 0, res.output
    assert out.read_bytes().startswith(b"%PDF") and len(_images(out.read_bytes())) == 2
