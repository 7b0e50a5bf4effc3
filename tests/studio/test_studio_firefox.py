"""The studio in Firefox: the crossword room typed into, a suggested word
picked, a region marked and autofilled then undone, a word search made
and a Boggle board rolled, in headless Firefox driven over its own
Marionette protocol (no geckodriver: ``tests/marionette.py``).  Skipped
where Firefox is absent (Debian: apt install firefox-esr), and in CI
(CI=true) unless DLXC_TEST_FIREFOX=1: .ci/run does not install Firefox,
and a Firefox run costs the slow tests' budget more than it has.  A
screenshot of each room goes to $DLXC_SCREENSHOTS as
studio-firefox-*.png, for a look."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys

import processes
import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from marionette import FIREFOX, Firefox  # noqa: E402
from test_studio_browser import _shots  # noqa: E402

pytestmark = pytest.mark.slow

X = "const {xw, xwSlots, xwSelected} = window.dlxcStudio;"


@pytest.fixture
def firefox(tmp_path):
    if FIREFOX is None:
        pytest.skip("needs Firefox (Debian: apt install firefox-esr)")
    if os.environ.get("CI", "").lower() == "true" and os.environ.get("DLXC_TEST_FIREFOX") != "1":
        pytest.skip("Firefox in CI only with DLXC_TEST_FIREFOX=1")
    folder = tmp_path / "studio"
    folder.mkdir()
    proc = processes.start(
        [sys.executable, "-c", "from dlxc.cli import main; main()", "studio", "--no-browser"],
        cwd=folder,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        match = re.search(r"(http://\S+)", proc.stderr.readline())
        assert match
        with Firefox(tmp_path / "profile") as ff:
            ff.navigate(match.group(1))
            ff.wait("return document.body.dataset.ready", what="the page")
            yield ff
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stderr.close()


def _rows(ff) -> list[str]:
    return ff.script(X + "return xw.rows.map((row) => row.join(''));")


def _cell(r: int, c: int) -> str:
    return f'#xw-grid td[data-r="{r}"][data-c="{c}"]'


def test_the_studio_works_in_firefox(firefox):
    ff = firefox
    ff.click("#xw-pattern")
    ff.wait(X + "return xw.rows.flat().includes('#')", what="a designed pattern")
    slots = ff.script(X + "return xwSlots().slots;")
    slot = next(s for s in slots if s["dir"] == "across" and len(s["cells"]) >= 4)
    r, c = slot["cells"][0]
    ff.click(_cell(r, c))
    if ff.script(X + "return xw.dir;") != "across":
        ff.click(_cell(r, c))
    ff.keys("#xw-grid", "s")
    assert _rows(ff)[r][c] == "s"
    pattern = "S" + "." * (len(slot["cells"]) - 1)
    ff.wait(
        f"return document.getElementById('xw-pattern-text').textContent.startsWith('{pattern}:')"
        " && document.querySelector('#xw-candidates li');",
        what="the typed entry's words",
    )
    word = ff.script("return document.querySelector('#xw-candidates li').dataset.word;")
    assert word.startswith("s") and len(word) == len(slot["cells"])
    ff.click("#xw-candidates li")
    assert "".join(_rows(ff)[a][b] for a, b in slot["cells"]) == word
    ff.wait("return document.querySelector('#xw-candidates li[data-status]')", 60, "marks")

    # a region of the top left corner, marked by two taps, filled, undone
    before = _rows(ff)
    ff.click("#xw-region")
    ff.click(_cell(0, 0))
    ff.click(_cell(3, 3))
    assert ff.script(X + "return xw.region;") == [0, 0, 3, 3]
    assert ff.script("return document.getElementById('xw-fill').textContent") == "Autofill region"
    ff.click("#xw-fill")
    status = ff.wait(
        "const t = document.getElementById('xw-status').textContent;"
        "return /region filled|no fill/.test(t) && t;",
        90,
        "the region's fill",
    )
    assert status.startswith("region filled"), status
    after = _rows(ff)
    for a in range(len(before)):
        for b in range(len(before[a])):
            if a > 3 or b > 3:
                assert after[a][b] == before[a][b], (a, b)
            elif before[a][b] != "#":
                assert after[a][b].isalpha(), (a, b)
    ff.screenshot(_shots() / "studio-firefox-crossword.png")
    ff.click("#xw-undo")
    assert _rows(ff) == before

    ff.click("#tab-wordsearch")
    ff.script("document.getElementById('ws-theme').value = 'planets';")
    ff.keys("#ws-seed", "4")
    ff.click("#ws-make")
    ff.wait(
        "const i = document.getElementById('ws-preview');"
        "return !i.hidden && i.complete && i.getBoundingClientRect().width > 100;",
        60,
        "the word search's preview",
    )
    assert ff.script("return document.querySelectorAll('#ws-words-placed li').length") > 3
    ff.screenshot(_shots() / "studio-firefox-wordsearch.png")

    ff.click("#tab-boggle")
    ff.click("#bg-roll")
    score = ff.wait("return document.getElementById('bg-score').dataset.score", 60, "a score")
    assert int(score) >= 0
    assert ff.script("return document.querySelectorAll('#bg-grid td').length") >= 16
    ff.screenshot(_shots() / "studio-firefox-boggle.png")
