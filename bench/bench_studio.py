"""The studio under a constructor's typing: how long the selected entry's
word list takes to follow a keystroke, measured in the browser, and how
much memory the server holds as the typing goes on.

    python bench/bench_studio.py [--minutes 10] [--keys 400] [--think 0] [--lists default]

starts ``dlxc studio --no-browser`` in a scratch folder and drives its page
in headless Chromium (Selenium; Debian's chromium and chromium-driver):
a designed 15x15, then keystrokes into random open squares (a letter of
ETAOINSHRL other than the square's, or Backspace on a letter, or an undo
every so often so the grid stays open): a click on the square, its list
awaited, then the key, each key after the list of the previous one has
arrived.  In the page,
a keydown listener notes ``performance.now()`` and an observer of the
entry's pattern line notes when the list for the new pattern is shown:
the difference is the latency of that keystroke (the page's pause before
asking, the request, the server's work and the drawing).  The suggestion
checks (fillable or not) run behind, as they do for a user, and are not
waited for; with ``--think S`` the bench pauses up to S seconds before
the next square, as a constructor who reads the list does, so that a check
is running when the key comes (the case where the server is busiest).
Every 30 s the server's resident memory (VmRSS) and its thread count are
read from /proc.  The run ends after --keys keystrokes
or --minutes, whichever comes first, and prints the latencies' median,
95th percentile and maximum, the requests' round trips as the browser
timed them (what the server and the network took; the rest is the page),
and the memory and threads over time.

The server is the dlxc the Python running this imports: to compare with
another tree (say the last release's, the C extension built in it), put
that tree first with ``PYTHONPATH=TREE``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def proc_status(pid: int) -> tuple[float, int]:
    rss, threads = 0.0, 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
        elif line.startswith("Threads:"):
            threads = int(line.split()[1])
    return rss, threads


INSTRUMENT = """
performance.setResourceTimingBufferSize(1000000);
window.dlxcLat = [];
window.dlxcKey = null;
document.getElementById('xw-grid').addEventListener('keydown', () => {
  window.dlxcKey = performance.now();
}, true);
new MutationObserver(() => {
  if (window.dlxcKey !== null) {
    window.dlxcLat.push(performance.now() - window.dlxcKey);
    window.dlxcKey = null;
  }
}).observe(document.getElementById('xw-pattern-text'),
  {childList: true, characterData: true, subtree: true});
"""


# the page has shown the list of the selection and asks for nothing more
SETTLED = """
const sel = xwSelected(xwSlots().slots);
if (!sel) return true;
const pat = sel.cells.map(([r, c]) => xw.rows[r][c]).join('').toUpperCase();
return !xw.fetching && document.getElementById('xw-pattern-text').textContent.startsWith(pat + ':');
"""

# the candidates requests' round trips as the browser timed them
TRIPS = """
return performance.getEntriesByType('resource')
  .filter((e) => e.name.includes('/api/crossword/candidates'))
  .map((e) => e.responseEnd - e.startTime);
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--keys", type=int, default=400)
    ap.add_argument("--lists", default="default", help="the word lists field")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="a pause of up to this many seconds (uniform) after each list, before the "
        "next square is clicked: the suggestion checks then run when the key comes",
    )
    args = ap.parse_args()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    rng = random.Random(args.seed)
    load0 = os.getloadavg()[0]
    folder = tempfile.mkdtemp(prefix="dlxc-studio-bench-")
    server = subprocess.Popen(
        [sys.executable, "-c", "from dlxc.cli import main; main()", "studio", "--no-browser"],
        cwd=folder,
        stderr=subprocess.PIPE,
        text=True,
    )
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--window-size=1280,900",
        f"--user-data-dir={folder}/profile",
    ):
        opts.add_argument(flag)
    driver = None
    memory = []
    try:
        url = re.search(r"(http://\S+)", server.stderr.readline()).group(1)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
        driver.get(url)
        start_wait = WebDriverWait(driver, 120, poll_frequency=0.1)
        wait = WebDriverWait(driver, 20, poll_frequency=0.01)
        start_wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        lists = driver.find_element(By.ID, "xw-lists")
        lists.clear()
        lists.send_keys(args.lists)
        driver.find_element(By.ID, "xw-pattern").click()
        start_wait.until(lambda d: "#" in "".join(d.execute_script("return xw.rows.flat();")))
        driver.execute_script(INSTRUMENT)
        grid = driver.find_element(By.ID, "xw-grid")
        start = time.monotonic()
        memory.append((0.0, *proc_status(server.pid)))
        next_read = 30.0
        cpu0 = time.process_time()
        typed = missed = 0
        while typed < args.keys and time.monotonic() - start < args.minutes * 60:
            if args.think > 0:
                time.sleep(rng.uniform(0, args.think))
            rows = driver.execute_script("return xw.rows;")
            open_ = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "#"]
            r, c = rng.choice(open_)
            driver.execute_script("window.dlxcKey = null;")
            driver.find_element(By.CSS_SELECTOR, f'#xw-grid td[data-r="{r}"][data-c="{c}"]').click()
            # the list of the square clicked first (a key then changes it)
            wait.until(lambda d: d.execute_script(SETTLED))
            before = len(driver.execute_script("return window.dlxcLat;"))
            roll = rng.random()
            if roll < 0.1 and rows[r][c] != ".":
                key = Keys.BACKSPACE
            elif roll < 0.15 and driver.execute_script("return xw.undo.length;"):
                key = Keys.CONTROL + "z"
            else:
                key = rng.choice([ch for ch in "etaoinshrl" if ch != rows[r][c]])
            grid.send_keys(key)
            typed += 1
            try:
                wait.until(lambda d: len(d.execute_script("return window.dlxcLat;")) > before)
            except Exception:
                missed += 1
            now = time.monotonic() - start
            if now >= next_read:
                memory.append((now, *proc_status(server.pid)))
                next_read += 30.0
        memory.append((time.monotonic() - start, *proc_status(server.pid)))
        lat = driver.execute_script("return window.dlxcLat;")
        trips = driver.execute_script(TRIPS)
    finally:
        if driver is not None:
            driver.quit()
        server.send_signal(2)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        server.stderr.close()
    lat.sort()
    p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))]
    trips.sort()
    t95 = trips[min(len(trips) - 1, int(0.95 * len(trips)))] if trips else 0.0
    print(
        f"keystrokes {typed}, list updates measured {len(lat)} ({missed} missed), "
        f"lists {args.lists!r}"
    )
    print(
        f"latency ms: median {statistics.median(lat):.0f}, p95 {p95:.0f}, max {lat[-1]:.0f} "
        f"(in the browser, from keydown to the new list shown)"
    )
    if trips:
        print(
            f"  of which the request's round trip ms: median {statistics.median(trips):.0f}, "
            f"p95 {t95:.0f} ({len(trips)} requests, clicks' included)"
        )
    print(f"load at the start {load0:.1f}")
    print("server memory (MB) and threads over time:")
    for t, rss, threads in memory:
        print(f"  {t:7.0f} s  {rss:7.1f} MB  {threads} threads")
    print(
        f"driver CPU {time.process_time() - cpu0:.1f} s; load at the end "
        f"{os.getloadavg()[0]:.1f} (a shared machine: latencies grow with it)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
