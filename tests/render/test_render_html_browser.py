"""The HTML page in a real browser (headless Chromium, Debian's chromium
package): clicking a word's first and last letters finds it and strikes
it through; clicking the ends of its reversed path finds it too; a pair
that is not a word finds nothing.  Skipped where no Chromium is installed."""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser

import pytest

from dlxc.models.pages import wordsearch_page
from dlxc.models.wordsearch import WordSearch
from dlxc.render import page_html

BROWSER = (
    shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        BROWSER is None, reason="no headless Chromium installed (Debian: apt-get install chromium)"
    ),
]


class _State(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: set = set()
        self.status = ""
        self._status = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "li" and "found" in (a.get("class") or ""):
            self.found.add(a["id"])
        self._status = a.get("id") == "status"

    def handle_data(self, data):
        if self._status:
            self.status += data


def _after_clicks(tmp_path, html: str, clicks: list) -> _State:
    script = "".join(f"td({r},{c}).click();" for r, c in clicks)
    path = tmp_path / "page.html"
    path.write_text(html.replace("</body>", f"<script>{script}</script></body>"), "utf-8")
    dom = subprocess.run(
        [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", path.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    state = _State()
    state.feed(dom)
    return state


def test_clicking_the_ends_finds_a_word(tmp_path):
    page = wordsearch_page(WordSearch(8, 8, ["ABEL", "CANTOR", "GAUSS", "EULER"]).puzzle(1))
    first, second = page.words[0].cells, page.words[1].cells
    clicks = [
        first[0],
        first[-1],  # ABEL, first letter then last
        second[-1],
        second[0],  # CANTOR, last letter then first
        (0, 0),
        (0, 0),
    ]  # the same cell twice: no word
    state = _after_clicks(tmp_path, page_html(page), clicks)
    assert state.found == {"w0", "w1"}
    assert state.status.startswith("2 of 4 words found")
