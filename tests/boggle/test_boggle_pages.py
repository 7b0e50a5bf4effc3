"""Boggle boards as pages (``dlxc boggle roll|solve --format ...``): the
words on a page are the board's words as an independent solver finds them
(tests/oracles/boggle.py), with the players' points, and the PDF holds a
puzzle page and answer pages for every board."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter

import pytest
from click.testing import CliRunner
from oracles.boggle import _points, words_on_board

from dlxc.boggle import roll
from dlxc.cli import main

# a small list keeps the oracle quick; the board's words are found in it
WORDS = "tea eat ate tate teat seat east eats sate seta teas tease easts state taste estate tastes"
BOARD = "seatteasstateeat"  # 4x4, holds most of them


@pytest.fixture
def words(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS.split()) + "\n", encoding="utf-8")
    return str(path)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def expected(board: str, cols: int = 4) -> dict:
    found = words_on_board(board, len(board) // cols, cols, WORDS.split())
    return {w.upper(): _points(w) for w in found}


def test_solve_json_page_has_every_word_with_its_points(words):
    r = run("boggle", "solve", BOARD, "-w", words, "--format", "json")
    assert r.exit_code == 0, r.output
    page = json.loads(r.stdout)
    got = {w["text"]: w["points"] for w in page["words"]}
    assert got == expected(BOARD)
    assert page["kind"] == "boggle" and page["rows"] == page["cols"] == 4


def test_roll_text_is_unchanged_and_counts_seeds(words):
    r = run("boggle", "roll", "--seed", 7, "--count", 3)
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout.split() == [roll("new", s).letters for s in (7, 8, 9)]


def test_roll_without_seed_says_the_seed(words, tmp_path):
    out = tmp_path / "b.json"
    r = run("boggle", "roll", "-w", words, "--format", "json", "-o", out)
    assert r.exit_code == 0, r.output
    seed = int(re.search(r"seed (\d+) \(--seed \1 rolls the same boards\)", r.stderr).group(1))
    assert (
        json.loads(out.read_text())["grid"][0][0]["letter"].lower()[0]
        == roll("new", seed).letters[0]
    )


def test_html_page_carries_the_answers_and_a_clock(words, tmp_path):
    out = tmp_path / "play.html"
    r = run("boggle", "solve", BOARD, "-w", words, "--format", "html", "-o", out, "--minutes", 2)
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    data = json.loads(
        re.search(r'<script type="application/json" id="page">(.*?)</script>', html).group(1)
    )
    assert {w["text"]: w["points"] for w in data["words"]} == expected(BOARD)
    assert data["minutes"] == 2 and data["total"] == sum(expected(BOARD).values())
    assert 'id="clock"' in html and 'id="guess"' in html and "Show answers" in html


pdftotext = shutil.which("pdftotext")


def _pdf_pages(path) -> list[str]:
    text = subprocess.run(
        [pdftotext, "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.split("\f")[:-1]


@pytest.mark.skipif(pdftotext is None, reason="pdftotext (poppler-utils) is not installed")
def test_pdf_has_a_board_page_and_grouped_answers(words, tmp_path):
    pytest.importorskip("reportlab")
    out = tmp_path / "b.pdf"
    r = run("boggle", "solve", BOARD, "-w", words, "--format", "pdf", "-o", out)
    assert r.exit_code == 0, r.output
    pages = _pdf_pages(out)
    assert len(pages) == 2
    puzzle, answers = pages
    assert "Words found" in puzzle and "Points:" in puzzle
    assert not any(w in puzzle.split() for w in expected(BOARD))  # no answer on the board's page
    want = expected(BOARD)
    # every word with its points, under the header of its length
    listed = dict(re.findall(r"\b([A-Z]{3,})\s+(\d+)\b", answers))
    assert {w: int(p) for w, p in listed.items()} == want
    for n, k in Counter(len(w) for w in want).items():
        pts = _points("x" * n)
        assert f"{n} letters: {k} word{'s' if k != 1 else ''}, {pts} point" in answers
    assert f"Total: {len(want)} words, {sum(want.values())} points" in answers


@pytest.mark.skipif(pdftotext is None, reason="pdftotext (poppler-utils) is not installed")
def test_pdf_of_several_rolls(tmp_path):
    pytest.importorskip("reportlab")
    out = tmp_path / "boards.pdf"
    r = run("boggle", "roll", "--seed", 1, "--count", 3, "--format", "pdf", "-o", out)
    assert r.exit_code == 0, r.output
    pages = _pdf_pages(out)
    heads = [p.strip().splitlines()[0].strip() for p in pages]
    assert heads[:3] == [f"{k}. Boggle (new dice, seed {k})" for k in (1, 2, 3)]
    assert heads[3].startswith("Answers: 1. Boggle (new dice, seed 1)")
    assert sum(h.startswith("Answers: ") for h in heads) == 3


BROWSER = (
    shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
)


@pytest.mark.slow
@pytest.mark.skipif(BROWSER is None, reason="no headless Chromium installed")
def test_html_game_in_a_browser(words, tmp_path):
    """Start the clock, type a word of the board, one that is not and a
    repeat; the score is the word's points; Show answers lists every word."""
    out = tmp_path / "play.html"
    assert run("boggle", "solve", BOARD, "-w", words, "--format", "html", "-o", out).exit_code == 0
    want = expected(BOARD)
    first = max(want, key=lambda w: (want[w], w))
    typed = [first.lower(), "zzz", first]
    script = "document.getElementById('go').click();" + "".join(
        f"guess.value={w!r};guess.dispatchEvent(new KeyboardEvent('keydown',{{key:'Enter'}}));"
        for w in typed
    )
    script += "window.whyText=why.textContent;document.getElementById('reveal').click();"
    script += "document.body.setAttribute('data-why', window.whyText);"
    page = tmp_path / "page.html"
    page.write_text(
        out.read_text("utf-8").replace("</body>", f"<script>{script}</script></body>"), "utf-8"
    )
    dom = subprocess.run(
        [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    assert f"Score: {want[first]} (1 of {len(want)} words)" in dom
    assert f'data-why="{first}: found already"' in dom
    answers = dom[dom.index('id="answers"') :]
    assert sorted(re.findall(r"<li[^>]*>([A-Z]+)<span>", answers)) == sorted(want)
    assert f'<li class="found">{first}<span>' in answers
    assert f"Total: {len(want)} words, {sum(want.values())} points." in answers


def test_text_goes_to_the_output_file(words, tmp_path):
    out = tmp_path / "boards.txt"
    r = run("boggle", "roll", "--seed", 3, "--count", 2, "-o", out)
    assert r.exit_code == 0 and r.stdout == "" and f"wrote {out}" in r.stderr
    assert out.read_text().split() == [roll("new", 3).letters, roll("new", 4).letters]
    r = run("boggle", "solve", BOARD, "-w", words, "-o", out)
    assert r.exit_code == 0 and r.stdout == ""
    assert (
        out.read_text().splitlines()[-1]
        == f"{BOARD} {sum(expected(BOARD).values())} ({len(expected(BOARD))} words)"
    )
