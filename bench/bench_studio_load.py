"""The studio under load, over the loopback: does a running ``dlxc studio``
keep its memory and threads flat, lose no edit, and answer each tab with
its own puzzle?

    python bench/bench_studio_load.py --mode mixed [--minutes 10] [--tabs 6] [--burst 200]
    python bench/bench_studio_load.py --mode typing [--minutes 60]

Both modes start ``dlxc studio --no-browser`` in a scratch folder and speak
to it as its page does (the token in ``X-Dlxc-Token``, JSON bodies).  A
sampler reads the server's resident memory (VmRSS) and thread count from
``/proc/PID/status`` every ``--every`` seconds.

``mixed``: ``--tabs`` tabs, each on its own puzzle (its own size, pattern
and letters), run at once, each looping over: type a letter, ask for the
entry's words and the statistics, start a suggestion check (the previous
one stopped first, as the page does), now and then an autofill (stopped
half the time after a moment, as with Stop), an export of the filled grid
(.puz, read back), a save of the puzzle to its own file (with the
revision it holds) and a reopen; besides them, three tabs editing and
saving one shared puzzle (a stale save must be refused with 409, and no
accepted save lost), a word search tab and a Boggle tab, and every
``--burst-every`` seconds a burst of ``--burst`` suggestion requests sent
at once.  Every answer is checked against the
tab that asked: the pattern of the entry, the words fitting it, a fill
keeping its letters, a .puz holding its grid, a reopened file holding the
last edit saved.  A burst's refusals (429, the bounded queue) are counted,
not errors.

``typing``: one constructor at a 15x15, a keystroke every 0.3-1 s (a
letter or a deletion), the words and statistics after each, the check
after a pause of 0.4 s, an autofill about every 3 minutes and an export
after it.

Rules (the exit status is 1 when one fails): after a warm-up (the first
sixth of the run, at least 30 s, when the word lists and engines are
loaded), the highest RSS of the last third of the run is within
``--rss-slack`` percent (default 10) of the highest of the first third
after warm-up, and the highest thread count of the last third is at most
that of the first third plus 2; in ``typing`` mode the RSS stays at most
``--rss-cap`` MB (default 300) throughout; no edit is lost; no answer
carries another tab's puzzle; no 5xx answer, no failed job.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

LETTERS = "ETAOINSHRLDCUMP"


def proc_status(pid: int) -> tuple[float, int]:
    rss, threads = 0.0, 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
        elif line.startswith("Threads:"):
            threads = int(line.split()[1])
    return rss, threads


def proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Stats:
    """Answer times by kind, statuses, and the problems found."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.status: Counter = Counter()
        self.problems: list[str] = []
        self.counts: Counter = Counter()

    def note(self, kind: str, status: int, seconds: float) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            self.status[(kind, status)] += 1

    def count(self, what: str) -> None:
        with self.lock:
            self.counts[what] += 1

    def problem(self, text: str) -> None:
        with self.lock:
            if len(self.problems) < 200:
                self.problems.append(text)
            self.counts["problems"] += 1


class Client:
    """Requests to the studio, one keep-alive connection per thread."""

    def __init__(self, port: int, token: str, stats: Stats) -> None:
        self.port, self.token, self.stats = port, token, stats
        self.local = threading.local()

    def _conn(self) -> http.client.HTTPConnection:
        conn = getattr(self.local, "conn", None)
        if conn is None:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            self.local.conn = conn
        return conn

    def call(self, method: str, path: str, body=None, kind: str = "", raw: bool = False):
        headers = {"X-Dlxc-Token": self.token, "Host": f"127.0.0.1:{self.port}"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in range(2):
            conn = self._conn()
            t0 = time.perf_counter()
            try:
                conn.request(method, path, body=data, headers=headers)
                res = conn.getresponse()
                payload = res.read()
                break
            except (ConnectionError, http.client.HTTPException, OSError):
                conn.close()
                self.local.conn = None
                if attempt:
                    raise
        took = time.perf_counter() - t0
        self.stats.note(kind or path.split("?")[0], res.status, took)
        if res.status >= 500 and res.status != 503:
            self.stats.problem(f"{method} {path}: {res.status} {payload[:200]!r}")
        if raw:
            return res.status, payload
        try:
            return res.status, json.loads(payload) if payload else None
        except ValueError:
            return res.status, payload.decode("utf-8", "replace")

    def job(self, path: str, body, kind: str, stop_after: float | None = None):
        """Start a job, poll it (every 0.12 s, as the page) until it ends;
        stop it after ``stop_after`` seconds when given.  Returns its view
        (None when refused as busy)."""
        status, got = self.call("POST", path, body, kind=kind)
        if status in (429, 503):
            self.stats.count(f"{kind} refused ({status})")
            return None
        if status != 202:
            self.stats.problem(f"{kind}: started with {status} {got}")
            return None
        ident = got["job"]
        t0 = time.monotonic()
        stopped = False
        while True:
            status, view = self.call("GET", f"/api/jobs/{ident}", kind="job poll")
            if status != 200:
                self.stats.problem(f"{kind} job {ident}: poll {status} {view}")
                return None
            if view["state"] not in ("waiting", "running"):
                if view["state"] == "failed":
                    self.stats.problem(f"{kind} job failed: {view.get('error')}")
                self.stats.count(f"{kind} {view['state']}")
                return view
            if stop_after is not None and not stopped and time.monotonic() - t0 > stop_after:
                self.call("DELETE", f"/api/jobs/{ident}", kind="job stop")
                stopped = True
            time.sleep(0.12)

    def close(self) -> None:
        conn = getattr(self.local, "conn", None)
        if conn is not None:
            conn.close()
            self.local.conn = None


# ---- a crossword tab --------------------------------------------------------------


def slots(rows: list[list[str]]):
    """(name, direction, cells) of each entry of 2 or more squares."""
    h, w = len(rows), len(rows[0])
    out = []
    number = 0
    for r in range(h):
        for c in range(w):
            if rows[r][c] == "#":
                continue
            starts_a = (c == 0 or rows[r][c - 1] == "#") and c + 1 < w and rows[r][c + 1] != "#"
            starts_d = (r == 0 or rows[r - 1][c] == "#") and r + 1 < h and rows[r + 1][c] != "#"
            if starts_a or starts_d:
                number += 1
            if starts_a:
                cells = []
                cc = c
                while cc < w and rows[r][cc] != "#":
                    cells.append((r, cc))
                    cc += 1
                out.append((f"{number}-Across", "across", cells))
            if starts_d:
                cells = []
                rr = r
                while rr < h and rows[rr][c] != "#":
                    cells.append((rr, c))
                    rr += 1
                out.append((f"{number}-Down", "down", cells))
    return out


class Tab:
    """One tab of the page at its own crossword."""

    def __init__(self, client: Client, stats: Stats, name: str, size: int, seed: int) -> None:
        self.client, self.stats, self.name = client, stats, name
        self.rng = random.Random(seed)
        status, got = client.call("POST", "/api/crossword/pattern", {"width": size, "seed": seed})
        if status != 200:
            raise RuntimeError(f"pattern: {status} {got}")
        self.rows = [list(r) for r in got["rows"]]
        self.title = f"tab {name}"
        self.revision = None  # the saved file's revision this tab holds
        self.saved_rows = None
        self.suggest_job = None

    def body(self, **extra):
        return dict(
            {"rows": ["".join(r) for r in self.rows], "title": self.title, "lists": ["default"]},
            **extra,
        )

    def clear(self, share: float) -> None:
        for row in self.rows:
            for c, ch in enumerate(row):
                if ch != "#" and self.rng.random() < share:
                    row[c] = "."

    def open_squares(self):
        return [(r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch != "#"]

    def keystroke(self) -> None:
        r, c = self.rng.choice(self.open_squares())
        self.rows[r][c] = "." if self.rng.random() < 0.3 else self.rng.choice(LETTERS)
        self.selected = (r, c, self.rng.choice(("across", "down")))

    def entry(self):
        r, c, d = self.selected
        for name, direction, cells in slots(self.rows):
            if direction == d and (r, c) in cells:
                return name, cells
        for name, _direction, cells in slots(self.rows):
            if (r, c) in cells:
                self.selected = (r, c, _direction)
                return name, cells
        return None, None

    def candidates(self) -> None:
        name, cells = self.entry()
        if name is None:
            return
        self.last_words = []
        r, c, d = self.selected
        pattern = "".join(self.rows[rr][cc] for rr, cc in cells).lower()
        status, got = self.client.call(
            "POST", "/api/crossword/candidates", self.body(row=r, col=c, direction=d)
        )
        if status != 200:
            self.stats.problem(f"{self.name} candidates: {status} {got}")
            return
        if got["slot"] != name or got["pattern"].lower() != pattern:
            self.stats.problem(
                f"{self.name}: candidates for {got['slot']} {got['pattern']!r}, "
                f"asked {name} {pattern!r} (another tab's puzzle?)"
            )
        rx = re.compile(pattern + r"\Z")
        for w in got["words"]:
            if not rx.match(w["word"]):
                self.stats.problem(f"{self.name}: {w['word']!r} does not fit {pattern!r}")
                break
        self.last_words = [w["word"] for w in got["words"]]
        self.stats.count("answers checked")

    def type_word(self) -> None:
        """A keystroke of a constructor: the next letter of a word the list
        offered for the entry being typed (a new entry, and a word from the
        top of its list, once one is done), now and then a deletion."""
        plan = getattr(self, "plan", None)
        if not plan:
            entries = [e for e in slots(self.rows) if any(self.rows[r][c] == "." for r, c in e[2])]
            if not entries:  # all filled: clear an entry
                entries = slots(self.rows)
                _, _, cells = self.rng.choice(entries)
                for r, c in cells:
                    self.rows[r][c] = "."
                entries = slots(self.rows)
            name, d, cells = self.rng.choice(entries)
            self.selected = (cells[0][0], cells[0][1], d)
            self.candidates()
            words = getattr(self, "last_words", [])
            if not words:  # nothing fits: clear the entry's letters
                for r, c in cells:
                    self.rows[r][c] = "."
                return
            word = self.rng.choice(words[:10])
            self.plan = [(r, c, ch.upper()) for (r, c), ch in zip(cells, word)]
            plan = self.plan
        r, c, ch = plan.pop(0)
        if self.rng.random() < 0.1 and self.rows[r][c] != ".":
            self.rows[r][c] = "."  # a deletion
            self.plan = []
        else:
            self.rows[r][c] = ch
        d = self.selected[2]
        self.selected = (r, c, d)

    def stats_call(self) -> None:
        status, got = self.client.call("POST", "/api/crossword/stats", self.body())
        blocks = sum(row.count("#") for row in self.rows)
        if status != 200:
            self.stats.problem(f"{self.name} stats: {status} {got}")
        elif got.get("blocks") != blocks or got.get("entries") != len(slots(self.rows)):
            self.stats.problem(
                f"{self.name}: stats say {got.get('blocks')} blocks, {got.get('entries')} "
                f"entries; its grid has {blocks}, {len(slots(self.rows))} (another tab's?)"
            )
        else:
            self.stats.count("answers checked")

    def suggest(self, wait: bool = True) -> None:
        """Stop the previous check, start this one, and (``wait``) poll it."""
        if self.suggest_job is not None:
            self.client.call("DELETE", f"/api/jobs/{self.suggest_job}", kind="job stop")
            self.suggest_job = None
        name, cells = self.entry()
        if name is None:
            return
        r, c, d = self.selected
        pattern = "".join(self.rows[rr][cc] for rr, cc in cells).lower()
        body = self.body(row=r, col=c, direction=d)
        if not wait:
            status, got = self.client.call("POST", "/api/crossword/suggest", body)
            if status == 202:
                self.suggest_job = got["job"]
            elif status == 429:
                self.stats.count("suggest refused (429)")
            else:
                self.stats.problem(f"{self.name} suggest: {status} {got}")
            return
        view = self.client.job("/api/crossword/suggest", body, "suggest")
        if view is None or view["state"] != "done":
            return
        result = view["result"]
        rx = re.compile(pattern + r"\Z")
        if result["slot"] != name or not all(rx.match(w["word"]) for w in result["words"]):
            self.stats.problem(
                f"{self.name}: suggestions for {result['slot']} "
                f"{[w['word'] for w in result['words'][:3]]} do not fit {name} {pattern!r}"
            )
        else:
            self.stats.count("answers checked")

    def fill(self, stop_after=None) -> bool:
        before = [row[:] for row in self.rows]
        view = self.client.job(
            "/api/crossword/fill", self.body(seed=self.rng.randrange(1000)), "fill", stop_after
        )
        if view is None or view["state"] != "done" or not view["result"]["filled"]:
            return False
        filled = view["result"]["rows"]
        for r, row in enumerate(before):
            for c, ch in enumerate(row):
                got = filled[r][c]
                if (ch == "#") != (got == "#") or (ch not in "#." and got.upper() != ch.upper()):
                    self.stats.problem(
                        f"{self.name}: the fill has {got!r} at {r},{c} where the tab has {ch!r}"
                    )
                    return False
        self.stats.count("answers checked")
        self.rows = [[ch.upper() if ch != "#" else ch for ch in row] for row in filled]
        return True

    def export(self) -> None:
        status, data = self.client.call(
            "POST", "/api/crossword/export?format=puz", self.body(), kind="export", raw=True
        )
        if status != 200:
            self.stats.problem(f"{self.name} export: {status} {data[:200]!r}")
            return
        w, h = data[0x2C], data[0x2D]
        solution = data[0x34 : 0x34 + w * h].decode("latin-1")
        mine = "".join("".join(ch if ch == "#" else ch.upper() for ch in row) for row in self.rows)
        mine = mine.replace("#", ".")
        if (w, h) != (len(self.rows[0]), len(self.rows)) or solution.upper() != mine.upper():
            self.stats.problem(f"{self.name}: the .puz holds another grid than the tab's")
        else:
            self.stats.count("answers checked")

    def save_and_reopen(self) -> None:
        """Save to the tab's own file with the revision it holds, reopen it,
        and check it holds exactly this edit (no lost edit)."""
        fname = f"{self.name}.json"
        status, got = self.client.call(
            "POST",
            "/api/crossword/save",
            self.body(name=fname, revision=self.revision),
            kind="save",
        )
        if status != 200:
            self.stats.problem(f"{self.name} save: {status} {got}")
            return
        self.revision = got.get("revision")
        self.saved_rows = ["".join(r) for r in self.rows]
        self.stats.count("edits saved")
        status, got = self.client.call("GET", f"/api/crossword/open?name={fname}", kind="open")
        if status != 200:
            self.stats.problem(f"{self.name} open: {status} {got}")
            return
        rows = ["".join(r) for r in got["rows"]]
        if rows != self.saved_rows or got.get("title") != self.title:
            self.stats.problem(f"{self.name}: reopened {fname} does not hold the last edit saved")
        elif got.get("revision") != self.revision:
            self.stats.problem(f"{self.name}: reopened revision {got.get('revision')}")
        else:
            self.stats.count("edits read back")


def shared_puzzle(client: Client, stats: Stats, end: float, tabs: int = 2) -> None:
    """``tabs`` tabs on one saved puzzle: each opens it, edits a square,
    waits a moment and saves with the revision it opened.  A save over
    another tab's newer one must be refused (409); every accepted save must
    get a revision of its own (two at one revision: an edit lost), and a
    reopened file must hold what was saved at its revision."""
    first = Tab(client, stats, "shared0", 11, 77)
    status, got = client.call("POST", "/api/crossword/save", first.body(name="shared.json"))
    if status != 200:
        stats.problem(f"shared: first save {status} {got}")
        return
    ledger = {got["revision"]: ["".join(r) for r in first.rows]}
    lock = threading.Lock()

    def one(i: int) -> None:
        rng = random.Random(500 + i)
        while time.monotonic() < end:
            status, got = client.call("GET", "/api/crossword/open?name=shared.json", kind="open")
            if status != 200:
                stats.problem(f"shared open: {status} {got}")
                return
            rows = ["".join(r) for r in got["rows"]]
            with lock:  # (a save just answered may not be in the ledger yet)
                want = ledger.get(got["revision"])
                if want is not None and want != rows:
                    stats.problem(f"shared: revision {got['revision']} holds another grid")
            grid = [list(r) for r in rows]
            opens = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != "#"]
            r, c = rng.choice(opens)
            grid[r][c] = rng.choice(LETTERS)
            time.sleep(rng.uniform(0.0, 0.5))
            body = {"rows": ["".join(x) for x in grid], "name": "shared", "title": "shared"}
            status, saved = client.call(
                "POST", "/api/crossword/save", dict(body, revision=got["revision"]), kind="save"
            )
            if status == 409:
                stats.count("shared: stale saves refused (409)")
            elif status != 200:
                stats.problem(f"shared save: {status} {saved}")
            else:
                with lock:
                    if saved["revision"] in ledger:
                        stats.problem(f"shared: two saves at revision {saved['revision']}")
                    ledger[saved["revision"]] = body["rows"]
                stats.count("shared: edits saved")
            time.sleep(rng.uniform(0.1, 1.0))

    threads = [threading.Thread(target=one, args=(i,)) for i in range(tabs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    status, got = client.call("GET", "/api/crossword/open?name=shared.json", kind="open")
    last = max(ledger)
    rows = ["".join(r) for r in got["rows"]] if status == 200 else None
    if got["revision"] != last or rows != ledger[last]:
        stats.problem("shared: the file does not hold the last save accepted")
    elif sorted(ledger) != list(range(1, last + 1)):
        stats.problem(f"shared: revisions {sorted(ledger)} have a gap")
    else:
        stats.count("shared: every accepted save kept in order")


# ---- the other rooms ------------------------------------------------------------------


def word_search(client: Client, stats: Stats, rng: random.Random) -> None:
    words = rng.sample(
        ["PLANET", "COMET", "ORBIT", "MOON", "STAR", "NEBULA", "GALAXY", "QUASAR", "METEOR"], 6
    )
    body = {"words": "\n".join(words), "seed": rng.randrange(1 << 20)}
    if rng.random() < 0.3:
        view = client.job("/api/wordsearch/export?format=pdf", body, "wordsearch export")
        if view is not None and view["state"] == "done":
            status, data = client.call("GET", f"/api/jobs/{view['id']}/file", raw=True)
            if status != 200 or not data.startswith(b"%PDF"):
                stats.problem(f"word search pdf: {status}")
        return
    view = client.job("/api/wordsearch/preview", body, "wordsearch")
    if view is not None and view["state"] == "done":
        if sorted(view["result"]["words"]) != sorted(words):
            stats.problem(f"word search answered {view['result']['words']} for {words}")
        else:
            stats.count("answers checked")


def boggle(client: Client, stats: Stats, rng: random.Random) -> None:
    status, board = client.call("POST", "/api/boggle/roll", {"seed": rng.randrange(1 << 20)})
    if status != 200:
        stats.problem(f"boggle roll: {status} {board}")
        return
    status, got = client.call("POST", "/api/boggle/solve", {"board": board["board"]})
    if status != 200 or got["board"] != board["board"]:
        stats.problem(f"boggle solve: {status} for {board['board']}")
        return
    stats.count("answers checked")
    if rng.random() < 0.2:
        status, data = client.call(
            "POST", "/api/boggle/export?format=svg", {"board": board["board"]}, raw=True
        )
        if status != 200 or b"<svg" not in data:
            stats.problem(f"boggle export: {status}")


# ---- the run ------------------------------------------------------------------------


class Server:
    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="dlxc-studio-load-")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from dlxc.cli import main; main()", "studio", "--no-browser"],
            cwd=self.folder,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = self.proc.stderr.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=(\S+)", line)
        if m is None:
            self.stop()
            raise SystemExit(f"the studio did not start: {line!r}")
        self.port, self.token = int(m.group(1)), m.group(2)
        self.pid = self.proc.pid
        self.log: list[str] = []
        threading.Thread(target=self._drain, daemon=True).start()
        import socket

        deadline = time.monotonic() + 60
        while True:  # the address is printed just before the server listens
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.stop()
                    raise SystemExit("the studio did not start listening") from None
                time.sleep(0.1)

    def _drain(self) -> None:
        for line in self.proc.stderr:
            self.log.append(line.rstrip())

    def stop(self) -> int:
        self.proc.send_signal(2)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)
        return self.proc.returncode


class Sampler(threading.Thread):
    def __init__(self, pid: int, every: float) -> None:
        super().__init__(daemon=True)
        self.pid, self.every = pid, every
        self.samples: list[tuple[float, float, int, float]] = []
        self.t0 = time.monotonic()
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            self.sample()
            self.done.wait(self.every)

    def sample(self) -> None:
        try:
            rss, threads = proc_status(self.pid)
            cpu = proc_cpu(self.pid)
        except OSError:
            return
        self.samples.append((time.monotonic() - self.t0, rss, threads, cpu))


def mixed(args, client: Client, stats: Stats, end: float) -> None:
    tabs = []
    for i in range(args.tabs):
        tabs.append(Tab(client, stats, f"tab{i}", size=11 + 2 * (i % 3), seed=1000 + i))
    stop = threading.Event()

    def run_tab(tab: Tab) -> None:
        n = 0
        while time.monotonic() < end and not stop.is_set():
            n += 1
            tab.keystroke()
            tab.candidates()
            tab.stats_call()
            tab.suggest(wait=tab.rng.random() < 0.5)
            roll = tab.rng.random()
            if roll < 0.08:
                stopped = tab.rng.random() < 0.5
                if tab.fill(stop_after=0.3 if stopped else None):
                    tab.export()
            if n % 4 == 0:
                tab.save_and_reopen()
            time.sleep(tab.rng.uniform(0.05, 0.3))
        if tab.suggest_job is not None:
            tab.client.call("DELETE", f"/api/jobs/{tab.suggest_job}", kind="job stop")

    def run_room(fn, seed: int) -> None:
        rng = random.Random(seed)
        while time.monotonic() < end and not stop.is_set():
            fn(client, stats, rng)
            time.sleep(rng.uniform(0.2, 1.0))

    def bursts() -> None:
        rng = random.Random(7)
        pool = ThreadPoolExecutor(max_workers=args.burst)
        try:
            while time.monotonic() < end and not stop.is_set():
                stop.wait(args.burst_every)
                if time.monotonic() >= end:
                    break
                # one puzzle of its own per burst, a different entry per request
                tab = Tab(client, stats, f"burst{rng.randrange(1 << 30)}", 11, rng.randrange(99))

                def one(i: int, tab=tab) -> None:
                    _, _, cells = random.Random(i).choice(
                        [e for e in slots(tab.rows) if e[1] == "across"]
                    )
                    r, c = cells[0]
                    s, got = client.call(
                        "POST",
                        "/api/crossword/suggest",
                        tab.body(row=r, col=c, direction="across"),
                        kind="burst suggest",
                    )
                    if s == 202:
                        stats.count("burst accepted")
                        if i % 2 == 0:
                            client.call("DELETE", f"/api/jobs/{got['job']}", kind="job stop")
                    elif s in (429, 503):
                        stats.count(f"burst refused ({s})")
                    else:
                        stats.problem(f"burst suggest: {s} {got}")

                list(pool.map(one, range(args.burst)))
                stats.count("bursts")
        finally:
            pool.shutdown(wait=True)

    threads = [threading.Thread(target=run_tab, args=(t,)) for t in tabs]
    threads.append(threading.Thread(target=run_room, args=(word_search, 11)))
    threads.append(threading.Thread(target=run_room, args=(boggle, 12)))
    threads.append(threading.Thread(target=bursts))
    threads.append(threading.Thread(target=shared_puzzle, args=(client, stats, end, 3)))
    for t in threads:
        t.start()
    try:
        for t in threads:
            t.join()
    except KeyboardInterrupt:
        stop.set()
        for t in threads:
            t.join()
        raise


def typing(args, client: Client, stats: Stats, end: float) -> None:
    tab = Tab(client, stats, "constructor", size=15, seed=args.seed)
    next_fill = time.monotonic() + args.fill_every
    keys = 0
    while time.monotonic() < end:
        tab.type_word()
        keys += 1
        tab.candidates()
        tab.stats_call()
        pause = tab.rng.uniform(0.3, 1.0)
        if pause > 0.4:  # the page starts the check after 0.4 s without a key
            time.sleep(0.4)
            tab.suggest(wait=False)
            time.sleep(pause - 0.4)
        else:
            time.sleep(pause)
        if time.monotonic() >= next_fill:
            next_fill = time.monotonic() + args.fill_every
            for _ in range(2):
                if tab.fill():
                    stats.count("typing: fills exported")
                    tab.export()
                    tab.save_and_reopen()
                    break
                # no fill keeps these letters: the constructor clears most of them
                tab.clear(0.8)
                tab.plan = []
            tab.clear(0.8)  # and goes on typing in a mostly open grid
            tab.plan = []
    stats.counts["keystrokes"] = keys


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def judge(args, samples, stats: Stats) -> list[str]:
    failures = []
    span = samples[-1][0]
    warm = max(30.0, span / 6)
    after = [s for s in samples if s[0] >= warm]
    third = (span - warm) / 3
    first = [s for s in after if s[0] < warm + third]
    last = [s for s in after if s[0] >= span - third]
    if first and last:
        rss0, rss1 = max(s[1] for s in first), max(s[1] for s in last)
        th0, th1 = max(s[2] for s in first), max(s[2] for s in last)
        print(
            f"rule: last third's max RSS {rss1:.1f} MB vs first third's (after {warm:.0f} s "
            f"warm-up) {rss0:.1f} MB: {100 * (rss1 - rss0) / rss0:+.1f}% (allowed "
            f"+{args.rss_slack:.0f}%); threads {th1} vs {th0} (allowed +2)"
        )
        if rss1 > rss0 * (1 + args.rss_slack / 100):
            failures.append(f"memory grew: {rss0:.1f} -> {rss1:.1f} MB")
        if th1 > th0 + 2:
            failures.append(f"threads grew: {th0} -> {th1}")
    else:
        failures.append("the run was too short to judge")
    if args.mode == "typing":
        top = max(s[1] for s in samples)
        if top > args.rss_cap:
            failures.append(f"RSS reached {top:.1f} MB (cap {args.rss_cap} MB)")
    if stats.counts["problems"]:
        failures.append(f"{stats.counts['problems']} wrong answers or errors (listed above)")
    return failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mode", choices=("mixed", "typing"), default="mixed")
    ap.add_argument("--minutes", type=float, default=None, help="10 (mixed) or 60 (typing)")
    ap.add_argument("--tabs", type=int, default=6, help="crossword tabs (mixed)")
    ap.add_argument("--burst", type=int, default=200, help="suggestion requests at once (mixed)")
    ap.add_argument("--burst-every", type=float, default=20.0, help="seconds between bursts")
    ap.add_argument("--fill-every", type=float, default=180.0, help="seconds (typing)")
    ap.add_argument("--every", type=float, default=5.0, help="seconds between samples")
    ap.add_argument("--rss-slack", type=float, default=10.0, help="percent")
    ap.add_argument("--rss-cap", type=float, default=300.0, help="MB (typing)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    minutes = args.minutes if args.minutes is not None else (10 if args.mode == "mixed" else 60)
    stats = Stats()
    server = Server()
    sampler = Sampler(server.pid, args.every)
    sampler.start()
    client = Client(server.port, server.token, stats)
    cpu0 = resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.monotonic()
    load0 = os.getloadavg()
    print(
        f"dlxc studio pid {server.pid} port {server.port}; mode {args.mode}, {minutes} min; "
        f"load {load0[0]:.1f} {load0[1]:.1f} {load0[2]:.1f}",
        flush=True,
    )
    loads = []

    def watch_load() -> None:
        while not sampler.done.is_set():
            loads.append(os.getloadavg()[0])
            sampler.done.wait(30)

    threading.Thread(target=watch_load, daemon=True).start()
    try:
        (mixed if args.mode == "mixed" else typing)(args, client, stats, t0 + minutes * 60)
        time.sleep(2 * args.every)  # the jobs left end; their threads should go
        sampler.sample()
    finally:
        sampler.done.set()
        sampler.join()
        client.close()
        rc = server.stop()
    wall = time.monotonic() - t0
    cpu1 = resource.getrusage(resource.RUSAGE_SELF)
    samples = sampler.samples
    print(f"server exit status {rc}; wall {wall:.0f} s")
    print("server over time (s, RSS MB, threads, server CPU s):")
    step = max(1, len(samples) // 40)
    for i, (t, rss, th, cpu) in enumerate(samples):
        if i % step == 0 or i == len(samples) - 1:
            print(f"  {t:7.0f}  {rss:7.1f}  {th:3d}  {cpu:8.1f}")
    rss = [s[1] for s in samples]
    th = [s[2] for s in samples]
    print(
        f"RSS MB: start {rss[0]:.1f}, end {rss[-1]:.1f}, max {max(rss):.1f}; "
        f"threads: start {th[0]}, end {th[-1]}, max {max(th)}; server CPU {samples[-1][3]:.0f} s"
    )
    print("requests (kind: count by status; answer time p50 / p95 ms):")
    total = 0
    for kind in sorted(stats.times):
        times = stats.times[kind]
        total += len(times)
        by = {s: n for (k, s), n in stats.status.items() if k == kind}
        print(
            f"  {kind:32s} {len(times):7d} {by}  {1000 * statistics.median(times):7.1f} / "
            f"{1000 * pct(times, 0.95):7.1f}"
        )
    print(f"  all {total} requests ({total / wall:.1f}/s)")
    print("counts:", dict(sorted(stats.counts.items())))
    for p in stats.problems[:30]:
        print("PROBLEM:", p)
    print(
        f"driver CPU {cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime:.0f} s; "
        f"load over the run: min {min(loads):.1f}, median {statistics.median(loads):.1f}, "
        f"max {max(loads):.1f} (1-minute averages; 2 cores)"
    )
    failures = judge(args, samples, stats)
    for f in failures:
        print("FAIL:", f)
    print("PASS" if not failures else "FAILED")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
