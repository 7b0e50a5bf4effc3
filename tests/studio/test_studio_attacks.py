"""The studio under attack, in-process (Starlette's test client, through the
guard): paths out of its folder, bodies too large or not JSON, values of
the wrong type or size, requests not from its page, and two tabs saving
the same puzzle.  Each is refused with one line (403, 404, 409, 413 or
400), and the folder (and what lies beside it) is left as it was."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from dlxc.studio import jobs as jobs_module  # noqa: E402
from dlxc.studio import rooms  # noqa: E402
from dlxc.studio.app import Studio, guarded_app  # noqa: E402
from dlxc.studio.guard import MAX_BODY  # noqa: E402
from dlxc.studio.jobs import Busy, Jobs  # noqa: E402

PORT = 8765
HOST = f"127.0.0.1:{PORT}"
SMALL = ["...#", "....", "....", "#..."]


@pytest.fixture
def place(tmp_path):
    """The studio's folder inside a parent that holds a secret beside it."""
    folder = tmp_path / "studio"
    folder.mkdir()
    (tmp_path / "secret.json").write_text('{"kind": "crossword", "rows": ["ab"]}')
    (tmp_path / "secret.txt").write_text("#..\n...\n..#\n")
    (folder / "link.json").symlink_to(tmp_path / "secret.json")
    (folder / "link.txt").symlink_to(tmp_path / "secret.txt")
    (folder / "up").symlink_to(tmp_path, target_is_directory=True)
    (folder / "notes.json").write_text('{"mine": "not a puzzle"}')
    return tmp_path, folder


@pytest.fixture
def studio(place):
    _, folder = place
    st = Studio(folder, "sekret", "127.0.0.1", PORT)
    with TestClient(guarded_app(st), base_url=f"http://{HOST}") as client:
        client.headers["X-Dlxc-Token"] = "sekret"
        yield st, client
    st.close()
    assert st.jobs.running() == 0


def snapshot(root: Path) -> dict:
    """Every file under ``root`` (links not followed) with its bytes."""
    out = {}
    for p in sorted(root.rglob("*")):
        if p.is_symlink():
            out[str(p)] = ("link", str(p.readlink()))
        elif p.is_file():
            out[str(p)] = p.read_bytes()
    return out


def one_line(r) -> str:
    text = r.json()["error"] if "json" in r.headers.get("content-type", "") else r.text
    assert text.strip() and "\n" not in text.strip(), text
    assert "Traceback" not in text and "internal error" not in text
    return text


# ---- paths out of the folder ---------------------------------------------------------

OUT = [
    "../secret.json",
    "..%2fsecret.json",  # sent encoded: the server reads "../secret.json"
    "%2e%2e%2fsecret.json",
    "%2e%2e/secret.json",
    "..\\secret.json",
    "/etc/passwd",
    "%2fetc%2fpasswd",
    "link.json",  # a link to the secret beside the folder
    "link.txt",
    "up/secret.json",
    "up%2fsecret.json",
    ".hidden.json",
    "a.json%00.txt",
    "x" * 300 + ".json",
]


@pytest.mark.parametrize("name", OUT)
def test_no_path_leaves_the_folder(studio, place, name):
    _, client = studio
    root, _ = place
    before = snapshot(root)
    r = client.get(f"/api/crossword/open?name={name}")
    assert r.status_code == 404, (name, r.text)
    one_line(r)
    if name != "link.txt":  # (saved, it is link.txt.json: a name of the folder)
        sent = name.replace("%2f", "/").replace("%00", "\0")
        r = client.post("/api/crossword/save", json={"rows": SMALL, "name": sent})
        assert r.status_code in (400, 404), (name, r.text)
        one_line(r)
    body = {"rows": SMALL, "lists": [name], "row": 0, "col": 0}
    r = client.post("/api/crossword/candidates", json=body)
    assert r.status_code == 404, (name, r.text)
    assert snapshot(root) == before


def test_the_folder_list_holds_no_link_out(studio):
    _, client = studio
    assert client.get("/api/files").json()["files"] == ["notes.json"]


@pytest.mark.parametrize(
    "path",
    [
        "/static/../app.py",
        "/static/%2e%2e/app.py",
        "/static/..%2fapp.py",
        "/static/%2e%2e%2f%2e%2e%2fcli/studio.py",
        "/static//etc/passwd",
        "/static/%2fetc%2fpasswd",
    ],
)
def test_static_files_stay_in_their_folder(studio, path):
    _, client = studio
    r = client.get(path)
    assert r.status_code == 404, (path, r.status_code)
    assert b"def " not in r.content and b"root:" not in r.content


# ---- bodies ----------------------------------------------------------------------------------


def test_oversized_bodies_are_refused_before_anything_is_written(studio, place):
    _, client = studio
    root, _ = place
    before = snapshot(root)
    big = {"rows": SMALL, "name": "big", "title": "x" * (MAX_BODY + 1)}
    r = client.post("/api/crossword/save", json=big)
    assert r.status_code == 413
    one_line(r)

    def chunks():  # no Content-Length: the body is counted as it comes
        yield b'{"rows": ["...#"], "name": "big", "title": "'
        for _ in range(MAX_BODY // 65536 + 2):
            yield b"x" * 65536
        yield b'"}'

    r = client.post("/api/crossword/save", content=chunks())
    assert r.status_code == 413
    one_line(r)
    r = client.post("/api/crossword/save", content=b"{}", headers={"Content-Length": "lots"})
    assert r.status_code == 400
    assert snapshot(root) == before


ROUTES = [
    "/api/crossword/save",
    "/api/crossword/candidates",
    "/api/crossword/suggest",
    "/api/crossword/fill",
    "/api/crossword/stats",
    "/api/crossword/export?format=puz",
    "/api/crossword/pattern",
    "/api/wordsearch/preview",
    "/api/wordsearch/export?format=pdf",
    "/api/boggle/solve",
    "/api/boggle/export?format=svg",
]


@pytest.mark.parametrize(
    "body",
    [b"{", b'{"rows": ', b"\xff\xfe{}", b"[" * 50_000, b"[]", b"123", b'"rows"', b"null"],
)
def test_malformed_json_is_400_everywhere(studio, place, body):
    st, client = studio
    root, _ = place
    before = snapshot(root)
    for route in ROUTES:
        r = client.post(route, content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 400, (route, body[:10], r.text)
        one_line(r)
    assert st.jobs.get("j1") is None and snapshot(root) == before


GRID = ROUTES[:6]  # every crossword call reads the grid
SLOT = ["/api/crossword/candidates", "/api/crossword/suggest"]
WRONG = [
    (GRID, {"rows": 5}),
    (GRID, {"rows": "...#"}),
    (GRID, {"rows": [[1, 2], [3, 4]]}),
    (GRID, {"rows": [None]}),
    (GRID, {"rows": ["." * 10_000] * 3}),
    (GRID, {"rows": ["...."] * 10_000}),
    (GRID, {"rows": [["." * 13, "."]]}),
    (GRID, {"rows": ["a1b", "..."]}),
    (GRID, {"rows": SMALL, "givens": "x"}),
    (GRID, {"rows": SMALL, "givens": [[0, 10_000]]}),
    (GRID, {"rows": SMALL, "circles": [[0]]}),
    (ROUTES[1:4], {"rows": SMALL, "lists": 5}),
    (ROUTES[1:4], {"rows": SMALL, "lists": ["default"] * 9}),
    (["/api/crossword/save", "/api/crossword/export?format=puz"], {"clues": ["1-Across"]}),
    (["/api/crossword/save", "/api/crossword/export?format=puz"], {"title": 5}),
    (SLOT, {"row": "a", "col": 0}),
    (SLOT, {"row": 0, "col": 0, "direction": 5}),
    (SLOT, {"row": 99, "col": 0}),
    (["/api/crossword/suggest"], {"row": 0, "col": 0, "top": 10**9}),
    (["/api/crossword/fill"], {"seed": -1}),
    (["/api/crossword/fill"], {"seed": 1.5}),
    (["/api/crossword/save"], {"name": 5}),
    (["/api/crossword/save"], {"name": "r", "revision": "1"}),
    (["/api/crossword/save"], {"name": "r", "revision": True}),
]


@pytest.mark.parametrize("routes, body", WRONG, ids=[str(i) for i in range(len(WRONG))])
def test_wrong_types_and_sizes_are_refused_up_front_and_change_nothing(studio, place, routes, body):
    st, client = studio
    root, _ = place
    before = snapshot(root)
    body = dict({"rows": SMALL, "name": "new", "row": 0, "col": 0}, **body)
    for route in routes:
        r = client.post(route, json=body)
        assert r.status_code in (400, 404, 413), (route, body, r.status_code, r.text[:200])
        one_line(r)
    assert st.jobs.get("j1") is None and snapshot(root) == before


@pytest.mark.parametrize(
    "route, body",
    [
        ("/api/crossword/pattern", {"width": 10_000, "height": 10_000}),
        ("/api/crossword/pattern", {"width": "15x15"}),
        ("/api/wordsearch/preview", {"words": "CAT", "size": 1, "rows": 10_000, "cols": 10_000}),
        ("/api/wordsearch/preview", {"words": ["CAT"]}),
        ("/api/wordsearch/preview", {"words": "\n".join(f"W{i:05d}" for i in range(2000))}),
        ("/api/boggle/solve", {"board": "abcd", "rows": 10_000, "cols": 10_000}),
        ("/api/boggle/solve", {"board": 1234}),
        ("/api/boggle/roll", {"dice": ["new"]}),
    ],
)
def test_other_rooms_refuse_wrong_sizes(studio, route, body):
    st, client = studio
    r = client.post(route, json=body)
    assert r.status_code == 400, (route, body, r.text[:200])
    one_line(r)
    assert st.jobs.get("j1") is None


# ---- requests not from the page -------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"X-Dlxc-Token": ""},
        {"X-Dlxc-Token": "sekret2"},
        {"Host": "evil.example:8765"},
        {"Host": "127.0.0.1"},
        {"Host": "127.0.0.1:8765.evil.example"},
        {"Origin": "http://evil.example"},
        {"Origin": "http://127.0.0.1:8765.evil.example"},
        {"Origin": "https://127.0.0.1:8765"},
        {"Origin": "null"},
    ],
)
def test_requests_not_from_the_page_change_nothing(studio, place, headers):
    st, client = studio
    root, _ = place
    before = snapshot(root)
    calls = [
        ("POST", "/api/crossword/save", {"rows": SMALL, "name": "stolen"}),
        ("POST", "/api/crossword/fill", {"rows": SMALL}),
        ("POST", "/api/wordsearch/preview", {"words": "CAT\nDOG"}),
        ("GET", "/api/crossword/open?name=notes.json", None),
        ("GET", "/api/files", None),
        ("DELETE", "/api/jobs/j1", None),
        ("GET", "/", None),
        ("GET", "/static/studio.js", None),
    ]
    for method, path, body in calls:
        r = client.request(method, path, json=body, headers=headers)
        assert r.status_code == 403, (method, path, headers, r.status_code)
        one_line(r)
    assert st.jobs.get("j1") is None and snapshot(root) == before


def test_no_token_at_all_changes_nothing(studio, place):
    st, client = studio
    root, _ = place
    before = snapshot(root)
    del client.headers["X-Dlxc-Token"]
    r = client.post("/api/crossword/save", json={"rows": SMALL, "name": "stolen"})
    assert r.status_code == 403 and "token" in r.text
    client.cookies.set("dlxc_studio", "guess")
    r = client.get("/api/files")
    assert r.status_code == 403
    assert snapshot(root) == before


# ---- two tabs, one puzzle ---------------------------------------------------------------


def test_a_second_tab_cannot_overwrite_edits_it_has_not_seen(studio, place):
    _, client = studio
    _, folder = place
    first = client.post("/api/crossword/save", json={"rows": SMALL, "name": "pz"}).json()
    assert first == {"saved": "pz.json", "revision": 1}
    # tab B opens it; tab A edits and saves
    tab_b = client.get("/api/crossword/open", params={"name": "pz.json"}).json()
    assert tab_b["revision"] == 1
    a_rows = ["A..#", "....", "....", "#..."]
    r = client.post("/api/crossword/save", json={"rows": a_rows, "name": "pz", "revision": 1})
    assert r.json() == {"saved": "pz.json", "revision": 2}
    # tab B saves its own edit over revision 1: refused, A's edit kept
    b_rows = ["B..#", "....", "....", "#..."]
    r = client.post("/api/crossword/save", json={"rows": b_rows, "name": "pz", "revision": 1})
    assert r.status_code == 409
    assert "another tab" in one_line(r) and "revision 2" in r.json()["error"]
    back = client.get("/api/crossword/open", params={"name": "pz.json"}).json()
    assert back["rows"] == a_rows and back["revision"] == 2
    # B reopens (sees A's edit), edits and saves: accepted
    b_rows = ["AB.#", "....", "....", "#..."]
    r = client.post("/api/crossword/save", json={"rows": b_rows, "name": "pz", "revision": 2})
    assert r.json()["revision"] == 3
    # a save with no revision (a new puzzle) never overwrites a file
    r = client.post("/api/crossword/save", json={"rows": SMALL, "name": "pz"})
    assert r.status_code == 409 and "exists" in one_line(r)
    # nor does a save over a file the studio did not write
    before = (folder / "notes.json").read_bytes()
    r = client.post("/api/crossword/save", json={"rows": SMALL, "name": "notes", "revision": 0})
    assert r.status_code == 409 and "did not save" in one_line(r)
    assert (folder / "notes.json").read_bytes() == before
    assert client.get("/api/crossword/open", params={"name": "pz.json"}).json()["rows"] == b_rows
    assert not list(folder.glob("*.part"))


def test_tabs_saving_at_once_lose_no_edit(place):
    """Eight tabs save the same revision at the same moment: exactly one
    wins, the others are told, and the file holds the winner's edit."""
    _, folder = place
    rooms.crossword_save(folder, {"rows": SMALL, "name": "race"})
    results: dict[int, object] = {}
    go = threading.Barrier(8)

    def tab(i: int) -> None:
        rows = [f"{chr(65 + i)}..#", "....", "....", "#..."]
        go.wait()
        try:
            results[i] = rooms.crossword_save(folder, {"rows": rows, "name": "race", "revision": 1})
        except rooms.Conflict as exc:
            results[i] = exc

    threads = [threading.Thread(target=tab, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    won = [i for i, r in results.items() if isinstance(r, dict)]
    assert len(won) == 1 and len(results) == 8
    back = rooms.crossword_open(folder, "race.json")
    assert back["revision"] == 2 and back["rows"][0] == f"{chr(65 + won[0])}..#"


# ---- the jobs' queue -----------------------------------------------------------------------


def test_stopped_waiting_jobs_free_their_place_and_the_backlog_is_bounded(monkeypatch):
    jobs = Jobs(workers=1, seconds=10)
    release = threading.Event()

    def block(job):
        while not release.is_set():
            job.check()
            time.sleep(0.005)
        return "ok"

    try:
        first = jobs.start("fill", block)
        waiting = [jobs.start("suggest", block) for _ in range(jobs_module.MAX_WAITING)]
        with pytest.raises(Busy):
            jobs.start("suggest", block)
        for j in waiting:  # the page's Stop: each frees its place at once
            jobs.cancel(j.id)
            assert jobs.get(j.id).state == "cancelled"
        started = 0
        with pytest.raises(Busy, match="started and stopped"):
            for _ in range(jobs_module.MAX_BACKLOG + 1):
                jobs.cancel(jobs.start("suggest", block).id)
                started += 1
        assert started == jobs_module.MAX_BACKLOG - jobs_module.MAX_WAITING
    finally:
        release.set()
        jobs.close()
    assert first.state == "done" and jobs.running() == 0
    assert not [t for t in threading.enumerate() if t.name.startswith("dlxc-studio")]
