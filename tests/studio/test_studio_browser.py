"""The studio end to end: ``dlxc studio`` started as a user starts it, its
page driven in headless Chromium (Selenium), the files it downloads read
back, and a screenshot of each room saved for the docs and for a look.

Needs Chromium and its driver (Debian: chromium, chromium-driver; .ci/run
installs them); without them these tests are skipped, except in CI
(CI=true), where that is a failure.  Screenshots go to
$DLXC_SCREENSHOTS (default: a temporary folder), and
docs/guide/img/studio-*.png is made from them by
``DLXC_SCREENSHOTS=docs/guide/img pytest -m slow tests/studio``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import processes
import pytest
from click.testing import CliRunner

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
IN_CI = os.environ.get("CI", "").lower() == "true"

pytestmark = pytest.mark.slow


def _need_browser() -> None:
    missing = []
    if not (CHROMIUM and DRIVER):
        missing.append("chromium and chromedriver (Debian: apt install chromium chromium-driver)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium (pip install selenium)")
    if missing:
        if IN_CI:
            pytest.fail("the browser tests need " + " and ".join(missing))
        pytest.skip("needs " + " and ".join(missing))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``dlxc studio`` in a folder of its own; (its address, the folder)."""
    _need_browser()
    folder = tmp_path_factory.mktemp("studio")
    proc = processes.start(
        [sys.executable, "-c", "from dlxc.cli import main; main()", "studio", "--no-browser"],
        cwd=folder,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stderr.readline()
        match = re.search(r"(http://\S+)", line)
        assert match, f"no address in {line!r}"
        url = match.group(1)
        yield url, folder
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stderr.close()
        assert proc.returncode is not None


@pytest.fixture
def browser(server, tmp_path_factory):
    """Chromium, one per test: its renderers are processes of the test."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    downloads = tmp_path_factory.mktemp("downloads")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,860",
        f"--user-data-dir={tmp_path_factory.mktemp('profile')}",
    ):
        opts.add_argument(flag)
    opts.add_experimental_option(
        "prefs",
        {
            "download.default_directory": str(downloads),
            "download.prompt_for_download": False,
            "safebrowsing.enabled": False,
            # a second download from the page would otherwise wait for a click
            "profile.default_content_setting_values.automatic_downloads": 1,
        },
    )
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    driver.set_page_load_timeout(30)
    try:
        yield driver, downloads
    finally:
        driver.quit()


def _shots() -> Path:
    where = Path(os.environ.get("DLXC_SCREENSHOTS", "") or "/tmp/dlxc-studio-shots")
    where.mkdir(parents=True, exist_ok=True)
    return where


def _wait(driver, test, seconds: float = 30.0, what: str = "the page"):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(
        lambda d: test(d), message=f"waiting for {what}"
    )


def _download(folder: Path, name: str, seconds: float = 30.0) -> Path:
    path = folder / name
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if path.exists() and not (folder / (name + ".crdownload")).exists() and path.stat().st_size:
            return path
        time.sleep(0.1)
    raise AssertionError(f"{name} was not downloaded; the folder has {os.listdir(folder)}")


def _cell(driver, r: int, c: int):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, f'#xw-grid td[data-r="{r}"][data-c="{c}"]')


def _grid_rows(driver) -> list[str]:
    return driver.execute_script("return xw.rows.map((row) => row.join(''));")


def _candidates_for(driver, slot) -> list:
    """The studio's list of words for ``slot`` once it shows that slot's
    pattern (the list follows the selection after a short pause)."""
    from selenium.webdriver.common.by import By

    def ready(d):
        pattern = "".join(_grid_rows(d)[r][c] for r, c in slot["cells"]).upper()
        if not d.find_element(By.ID, "xw-slot").text.startswith(slot["name"] + " "):
            return False
        if not d.find_element(By.ID, "xw-pattern-text").text.startswith(pattern + ":"):
            return False
        return d.find_elements(By.CSS_SELECTOR, "#xw-candidates li")

    return _wait(driver, ready, what=f"the words of {slot['name']}")


def _fillable_word(driver, slot) -> str:
    """A word of ``slot``'s list that the studio marked fillable (a fill of
    the whole grid keeps it), once its check is back."""
    from selenium.webdriver.common.by import By

    _candidates_for(driver, slot)
    li = _wait(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, '#xw-candidates li[data-status="fillable"]'),
        seconds=60,
        what=f"a word of {slot['name']} marked fillable",
    )[0]
    return li.get_attribute("data-word")


def _select(driver, slot) -> None:
    r, c = slot["cells"][0]
    _cell(driver, r, c).click()
    if driver.execute_script("return xw.dir;") != slot["dir"]:
        _cell(driver, r, c).click()


def test_a_constructor_builds_fills_clues_and_exports_a_15x15(server, browser):
    import ipuz
    import puz
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    url, _ = server
    driver, downloads = browser
    driver.get(url)
    _wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    driver.find_element(By.ID, "xw-pattern").click()
    _wait(driver, lambda d: "#" in "".join(_grid_rows(d)), what="a designed pattern")
    rows = _grid_rows(driver)
    assert len(rows) == 15 and all(len(r) == 15 for r in rows)

    # the theme entry: the longest across entry (the highest of them), typed
    # from the words the studio lists for it and marks fillable
    slots = driver.execute_script("return xwSlots().slots;")
    across = [s for s in slots if s["dir"] == "across"]
    theme = max(across, key=lambda s: (len(s["cells"]), -s["cells"][0][0]))
    _select(driver, theme)
    word = _fillable_word(driver, theme)
    grid = driver.find_element(By.ID, "xw-grid")
    grid.send_keys(word)
    rows = _grid_rows(driver)
    assert "".join(rows[r][c] for r, c in theme["cells"]) == word

    # a crossing slot's suggested word, picked from the list
    down = next(
        s for s in slots if s["dir"] == "down" and any(x in theme["cells"] for x in s["cells"])
    )
    _select(driver, down)
    picked = _fillable_word(driver, down)
    driver.find_element(By.CSS_SELECTOR, f'#xw-candidates li[data-word="{picked}"]').click()
    rows = _grid_rows(driver)
    assert "".join(rows[r][c] for r, c in down["cells"]) == picked

    driver.find_element(By.ID, "xw-fill").click()
    _wait(
        driver,
        lambda d: (
            d.find_element(By.ID, "xw-status").text.startswith("filled")
            or "no fill" in d.find_element(By.ID, "xw-status").text
        ),
        seconds=90,
        what="autofill",
    )
    assert driver.find_element(By.ID, "xw-status").text.startswith("filled")
    rows = _grid_rows(driver)
    assert "." not in "".join(rows)
    assert "".join(rows[r][c] for r, c in theme["cells"]) == word  # kept
    assert "".join(rows[r][c] for r, c in down["cells"]) == picked

    clue = driver.find_element(By.CSS_SELECTOR, f'#xw-clues input[data-slot="{theme["name"]}"]')
    clue.send_keys("Our theme entry", Keys.TAB)
    driver.save_screenshot(str(_shots() / "studio-crossword.png"))

    for fmt in ("puz", "ipuz"):
        driver.find_element(By.CSS_SELECTOR, f'.xw-export[data-format="{fmt}"]').click()
        _wait(
            driver,
            lambda d, fmt=fmt: (
                f"crossword.{fmt} saved" in d.find_element(By.ID, "xw-status").text
                or d.find_element(By.ID, "xw-status").get_attribute("class").endswith("error")
            ),
            what=f"the {fmt} export",
        )
        assert f"crossword.{fmt} saved" in driver.find_element(By.ID, "xw-status").text, (
            driver.find_element(By.ID, "xw-status").text
        )
        _download(downloads, f"crossword.{fmt}")
    p = puz.read(str(downloads / "crossword.puz"))
    assert (p.width, p.height) == (15, 15)
    solution = [p.solution[k * 15 : (k + 1) * 15] for k in range(15)]
    assert [row.replace(".", "#") for row in solution] == [r.upper() for r in rows]
    assert "Our theme entry" in p.clues
    doc = ipuz.read((downloads / "crossword.ipuz").read_text())
    assert doc["dimensions"] == {"width": 15, "height": 15}
    assert any("Our theme entry" in str(c) for c in doc["clues"]["Across"])


def test_a_teacher_makes_a_word_search_from_a_theme_and_downloads_its_pdf(server, browser):
    pdfium = pytest.importorskip("pypdfium2")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    url, _ = server
    driver, downloads = browser
    driver.get(url)
    _wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    driver.find_element(By.ID, "tab-wordsearch").click()
    Select(driver.find_element(By.ID, "ws-theme")).select_by_value("planets")
    driver.find_element(By.ID, "ws-seed").send_keys("4")
    driver.find_element(By.ID, "ws-make").click()
    _wait(
        driver,
        lambda d: (
            d.find_elements(By.CSS_SELECTOR, "#ws-words-placed li")
            and d.find_element(By.ID, "ws-preview").is_displayed()
        ),
        what="the preview",
    )
    driver.save_screenshot(str(_shots() / "studio-wordsearch.png"))
    words = [
        li.get_attribute("textContent")
        for li in driver.find_elements(By.CSS_SELECTOR, "#ws-words-placed li")
    ]
    assert words, driver.find_element(By.ID, "ws-status").text
    driver.find_element(By.CSS_SELECTOR, '#room-wordsearch .download[data-format="pdf"]').click()
    pdf = pdfium.PdfDocument(str(_download(downloads, "wordsearch.pdf")))
    assert len(pdf) == 2
    text = re.sub(r"\s", "", pdf[0].get_textpage().get_text_range().upper())
    for w in words:
        assert re.sub(r"\s", "", w.upper()) in text, w


def test_a_rolled_boggle_board_scores_as_the_command_line_does(server, browser):
    from selenium.webdriver.common.by import By

    from dlxc.cli import main

    url, _ = server
    driver, _ = browser
    driver.get(url)
    _wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    driver.find_element(By.ID, "tab-boggle").click()
    driver.find_element(By.ID, "bg-roll").click()
    score = _wait(
        driver,
        lambda d: d.find_element(By.ID, "bg-score").get_attribute("data-score"),
        what="the board's score",
    )
    board = driver.find_element(By.ID, "bg-board").get_attribute("value")
    driver.save_screenshot(str(_shots() / "studio-boggle.png"))
    result = CliRunner().invoke(main, ["boggle", "solve", board.replace(" ", ""), "--json"])
    assert result.exit_code == 0, result.output
    assert int(score) == json.loads(result.stdout)["score"]


def test_a_second_tab_saving_the_same_puzzle_is_told_and_loses_nothing(server, browser):
    """The page saves a puzzle; another tab (here: the API, as a second tab
    calls it) opens it and saves an edit; the page's next save is refused
    with a line that says why, and the other tab's edit stays in the file;
    once the page opens the file again, its save goes through."""
    import urllib.request

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    url, folder = server
    driver, _ = browser
    driver.get(url)
    _wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    status = lambda d: d.find_element(By.ID, "xw-status")  # noqa: E731
    driver.find_element(By.ID, "xw-name").send_keys("twotabs")
    driver.find_element(By.ID, "xw-save").click()
    _wait(driver, lambda d: "saved as twotabs.json" in status(d).text, what="the first save")

    token = url.split("token=")[1]
    base = url.split("/?")[0]

    def call(path, body=None):
        req = urllib.request.Request(
            base + path,
            data=None if body is None else json.dumps(body).encode(),
            headers={"X-Dlxc-Token": token, "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=30) as res:
            return json.loads(res.read())

    other = call("/api/crossword/open?name=twotabs.json")
    other["rows"][0][0] = "q"
    saved = call("/api/crossword/save", dict(other, name="twotabs"))
    assert saved == {"saved": "twotabs.json", "revision": 2}

    driver.find_element(By.ID, "xw-save").click()
    _wait(driver, lambda d: "another tab" in status(d).text, what="the refusal")
    assert "error" in status(driver).get_attribute("class")
    on_disk = json.loads((folder / "twotabs.json").read_text())
    assert on_disk["revision"] == 2 and on_disk["rows"][0][0] == "q"

    driver.find_element(By.ID, "xw-files").click()  # the list was refreshed by the save
    _wait(driver, lambda d: "twotabs.json" in d.find_element(By.ID, "xw-files").text)
    Select(driver.find_element(By.ID, "xw-files")).select_by_value("twotabs.json")
    driver.find_element(By.ID, "xw-open").click()
    _wait(driver, lambda d: "opened twotabs.json" in status(d).text, what="the reopen")
    assert _grid_rows(driver)[0][0] == "q"
    driver.find_element(By.ID, "xw-save").click()
    _wait(driver, lambda d: "saved as twotabs.json" in status(d).text, what="the second save")
    assert json.loads((folder / "twotabs.json").read_text())["revision"] == 3


TAP = """
const td = arguments[0];
const at = {bubbles: true, pointerType: 'touch', isPrimary: true, button: 0, buttons: 1};
td.dispatchEvent(new PointerEvent('pointerdown', at));
td.dispatchEvent(new PointerEvent('pointerup', Object.assign({}, at, {buttons: 0})));
td.click();
"""


def test_on_a_tablet_taps_place_blocks_and_type_letters(server, browser):
    """A tablet held upright (768x1024): a tap selects a square and opens
    the screen's keyboard (a text field over the grid takes the focus),
    letters typed there fill the entry, the Block button places a block
    and its mirror, two taps after Region mark a region; with a mouse,
    Shift+click and a drag mark one."""
    from selenium.webdriver.common.by import By

    url, _ = server
    driver, _ = browser
    driver.set_window_size(768, 1024)
    driver.get(url)
    _wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    driver.find_element(By.ID, "xw-blank").click()
    driver.execute_script(TAP, _cell(driver, 2, 3))
    assert driver.execute_script("return document.activeElement.id;") == "xw-type"
    assert driver.execute_script("return [xw.r, xw.c];") == [2, 3]
    driver.find_element(By.ID, "xw-type").send_keys("cat")
    assert _grid_rows(driver)[2][3:6] == "cat"
    assert driver.execute_script("return [xw.r, xw.c];") == [2, 6]
    driver.find_element(By.ID, "xw-block").click()
    rows = _grid_rows(driver)
    assert rows[2][6] == "#" and rows[12][8] == "#"  # and its rotational mirror
    driver.find_element(By.ID, "xw-region").click()
    driver.execute_script(TAP, _cell(driver, 0, 0))
    driver.execute_script(TAP, _cell(driver, 4, 5))
    assert driver.execute_script("return xw.region;") == [0, 0, 4, 5]
    assert driver.find_element(By.ID, "xw-fill").text == "Autofill region"
    driver.execute_script("window.scrollTo(0, 0);")
    driver.save_screenshot(str(_shots() / "studio-tablet.png"))

    # with a mouse: Shift+click from the selected square, and a drag
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver.find_element(By.ID, "xw-region-clear").click()
    assert driver.execute_script("return xw.region;") is None
    _cell(driver, 7, 1).click()
    shift_click = ActionChains(driver).key_down(Keys.SHIFT).click(_cell(driver, 9, 4))
    shift_click.key_up(Keys.SHIFT).perform()
    assert driver.execute_script("return xw.region;") == [7, 1, 9, 4]
    assert driver.execute_script("return [xw.r, xw.c];") == [7, 1]
    ActionChains(driver).click_and_hold(_cell(driver, 11, 9)).move_to_element(
        _cell(driver, 10, 12)
    ).release().perform()
    assert driver.execute_script("return xw.region;") == [10, 9, 11, 12]
    assert driver.execute_script("return [xw.r, xw.c];") == [7, 1]  # a drag selects nothing
    grid = driver.find_element(By.ID, "xw-grid").rect
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= 768  # no sideways scrolling
