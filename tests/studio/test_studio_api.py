"""The studio's server in-process (Starlette's test client, through the
guard): who is let in, what each room answers, and jobs that stop."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from oracles.boggle import score as brute_score  # noqa: E402
from oracles.wordsearch import readings  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from dlxc.boggle.scoring import load_words  # noqa: E402
from dlxc.studio.app import Studio, guarded_app  # noqa: E402
from dlxc.studio.guard import MAX_BODY  # noqa: E402

PORT = 8765
HOST = f"127.0.0.1:{PORT}"


@pytest.fixture
def studio(tmp_path):
    st = Studio(tmp_path, "sekret", "127.0.0.1", PORT)
    with TestClient(guarded_app(st), base_url=f"http://{HOST}") as client:
        client.headers["X-Dlxc-Token"] = "sekret"
        yield st, client
    st.close()
    assert st.jobs.running() == 0


def wait(client, job: str, seconds: float = 30.0) -> dict:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        view = client.get(f"/api/jobs/{job}").json()
        if view["state"] not in ("waiting", "running"):
            return view
        time.sleep(0.02)
    raise AssertionError(f"job {job} still running after {seconds} s")


# ---- the guard ------------------------------------------------------------------


def test_the_page_needs_the_token_and_sets_its_cookie(studio):
    _, client = studio
    del client.headers["X-Dlxc-Token"]
    assert client.get("/").status_code == 403
    assert client.get("/?token=wrong").status_code == 403
    assert client.get("/static/studio.js").status_code == 403
    page = client.get("/?token=sekret")
    assert page.status_code == 200
    assert 'content="sekret"' in page.text
    assert page.cookies.get("dlxc_studio") == "sekret"
    # the cookie alone now opens the static files, and nothing else needs more
    assert client.get("/static/studio.js").status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {"Host": "evil.example:8765"},  # a rebound name
        {"Host": "127.0.0.1:9999"},  # another port
        {"Origin": "http://evil.example"},  # another site's page
        {"Origin": "null"},
        {"X-Dlxc-Token": "wrong"},
    ],
)
def test_requests_not_from_the_page_are_refused_and_change_nothing(studio, headers):
    st, client = studio
    r = client.post("/api/wordsearch/preview", json={"words": "CAT\nDOG"}, headers=headers)
    assert r.status_code == 403
    assert st.jobs.get("j1") is None  # no job was started


def test_own_origin_is_accepted(studio):
    _, client = studio
    r = client.get("/api/choices", headers={"Origin": f"http://{HOST}"})
    assert r.status_code == 200
    assert "planets" in r.json()["themes"] or r.json()["themes"]


def test_bodies_are_bounded_and_must_be_json(studio):
    _, client = studio
    big = b'{"words": "' + b"A" * (MAX_BODY + 10) + b'"}'
    r = client.post("/api/wordsearch/preview", content=big)
    assert r.status_code == 413
    r = client.post("/api/boggle/solve", content=b"{not json")
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    r = client.post("/api/boggle/solve", content=b"[" * 100_000)
    assert r.status_code == 400


def test_wrong_values_get_one_line(studio):
    _, client = studio
    cases = [
        ("/api/wordsearch/preview", {"words": ""}),
        ("/api/wordsearch/preview", {"words": "CAT", "rows": 99, "size": 1}),
        ("/api/wordsearch/preview", {"theme": "no-such-theme"}),
        ("/api/wordsearch/preview", {"words": "CAT", "shape": "blob"}),
        ("/api/boggle/solve", {"board": "ab1d"}),
        ("/api/boggle/roll", {"dice": "loaded"}),
    ]
    for path, body in cases:
        r = client.post(path, json=body)
        assert r.status_code == 400, (path, body, r.text)
        assert "\n" not in r.json()["error"].strip()


# ---- the rooms ------------------------------------------------------------------


def test_word_search_preview_hides_every_word(studio):
    _, client = studio
    words = ["PLANET", "COMET", "ORBIT", "MOON", "STAR"]
    r = client.post(
        "/api/wordsearch/preview",
        json={"words": "\n".join(words), "size": 1, "rows": 8, "cols": 8, "seed": 5},
    )
    assert r.status_code == 202
    view = wait(client, r.json()["job"])
    assert view["state"] == "done", view
    result = view["result"]
    assert result["seed"] == 5 and (result["rows"], result["cols"]) == (8, 8)
    assert sorted(result["words"]) == sorted(words)
    assert result["svg"].startswith("<svg") or "<svg" in result["svg"][:200]
    grid = _grid_of(result["svg"], 8, 8)
    for w in words:
        assert readings(grid, w.lower()), w


def _grid_of(svg: str, rows: int, cols: int) -> list[str]:
    """The letters of a word search's SVG, read back from its text nodes in
    the order drawn (row by row)."""
    import re

    letters = re.findall(r"<text[^>]*>([A-Za-z])</text>", svg)
    cells = letters[: rows * cols]
    assert len(cells) == rows * cols
    return ["".join(cells[r * cols : (r + 1) * cols]).lower() for r in range(rows)]


def test_word_search_pdf_export_has_two_pages_with_the_words(studio):
    pdfium = pytest.importorskip("pypdfium2")
    _, client = studio
    args = {"theme": "planets", "seed": 3}
    r = client.post("/api/wordsearch/export?format=pdf", json=args)
    view = wait(client, r.json()["job"])
    assert view["state"] == "done", view
    data = client.get(f"/api/jobs/{view['id']}/file").content
    pdf = pdfium.PdfDocument(io.BytesIO(data))
    assert len(pdf) == 2
    text = pdf[0].get_textpage().get_text_range().upper()
    preview = wait(client, client.post("/api/wordsearch/preview", json=args).json()["job"])
    for w in preview["result"]["words"]:
        assert w.upper().replace(" ", "") in text.replace(" ", "").replace("\n", ""), w


def test_boggle_roll_and_score_equal_the_brute_force(studio):
    _, client = studio
    rolled = client.post("/api/boggle/roll", json={"dice": "new", "seed": 11}).json()
    solved = client.post("/api/boggle/solve", json={"board": rolled["board"]}).json()
    words = load_words()
    assert solved["score"] == brute_score(rolled["board"], 4, 4, words)
    assert solved["score"] == sum(w["points"] for w in solved["words"])
    pdf = client.post("/api/boggle/export?format=pdf", json={"board": rolled["board"]})
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_a_job_stops_when_told_and_leaves_no_thread(studio):
    st, client = studio
    # thirty long words in a 12x12 grid, one direction: a search that takes long
    words = [f"{a}{b}{c}QZX" for a in "ABC" for b in "DEF" for c in "GHIJ"][:30]
    r = client.post(
        "/api/wordsearch/preview",
        json={"words": "\n".join(words), "size": 1, "rows": 12, "cols": 12, "directions": "easy"},
    )
    job = r.json()["job"]
    time.sleep(0.3)
    before = client.get(f"/api/jobs/{job}").json()["state"]
    t0 = time.monotonic()
    client.delete(f"/api/jobs/{job}")
    view = wait(client, job, 5.0)
    if before == "running":  # it was searching: Stop ends it, within a slice
        assert view["state"] == "cancelled", view
        assert time.monotonic() - t0 < 2.0
    else:
        assert view["state"] in ("cancelled", "done", "failed"), view
    assert st.jobs.running() == 0


def test_unknown_jobs_and_files_are_404(studio):
    _, client = studio
    assert client.get("/api/jobs/j999").status_code == 404
    assert client.delete("/api/jobs/j999").status_code == 404
    assert client.get("/api/jobs/j999/file").status_code == 404
    assert client.get("/static/../../etc/passwd").status_code == 404
    assert client.get("/static/%2e%2e/app.py").status_code == 404
    assert Path(__file__).exists()


# ---- the command ------------------------------------------------------------------


def test_the_command_refuses_a_remote_address_without_the_flag():
    from click.testing import CliRunner

    from dlxc.cli import main

    r = CliRunner().invoke(main, ["studio", "--host", "0.0.0.0", "--no-browser"])
    assert r.exit_code == 2
    assert "--allow-remote" in r.output and "Traceback" not in r.output


def test_without_the_extra_the_command_says_what_to_install(monkeypatch):
    import sys

    from click.testing import CliRunner

    from dlxc.cli import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now fails
    r = CliRunner().invoke(main, ["studio", "--no-browser"])
    assert r.exit_code == 1
    assert "pip install 'dlxc[studio]'" in r.output
    assert len(r.output.strip().splitlines()) == 1


# ---- the crossword room ------------------------------------------------------------

SMALL = ["...#", "....", "....", "#..."]


def test_crossword_candidates_fit_the_pattern_and_skip_placed_words(studio):
    _, client = studio
    rows = ["c...", "a...", "t...", "...."]
    r = client.post(
        "/api/crossword/candidates", json={"rows": rows, "row": 0, "col": 0, "direction": "down"}
    ).json()
    assert r["pattern"] == "cat."
    words = [w["word"] for w in r["words"]]
    assert words and all(len(w) == 4 and w.startswith("cat") for w in words)
    scores = [w["score"] for w in r["words"]]
    assert scores == sorted(scores, reverse=True)


def test_crossword_suggest_marks_agree_with_the_fill(studio, tmp_path):
    from dlxc.crossword.wordlist import read_word_list
    from dlxc.models.crossword.fill import Filler, parse_grid

    st, client = studio
    (tmp_path / "mine.txt").write_text("\n".join(["abc", "bca", "cab", "acb", "bac", "cba"]))
    args = {"rows": ["...", "...", "..."], "row": 0, "col": 0, "direction": "across"}
    args["lists"] = ["mine.txt"]
    view = wait(client, client.post("/api/crossword/suggest", json=args).json()["job"])
    assert view["state"] == "done", view
    pool = read_word_list(tmp_path / "mine.txt")
    for w in view["result"]["words"]:
        if w["status"] == "unknown":
            continue
        grid = parse_grid("\n".join([w["word"], "...", "..."]))
        filled = Filler(grid, pool).first()
        assert (filled is not None) == (w["status"] == "fillable"), w
    # another entry of the same grid: the grid's engine is kept and reused
    assert len(st.suggesters._kept) == 1
    args.update(row=0, col=1, direction="down")
    view = wait(client, client.post("/api/crossword/suggest", json=args).json()["job"])
    assert view["state"] == "done", view
    assert len(st.suggesters._kept) == 1
    for w in view["result"]["words"]:
        if w["status"] == "unknown":
            continue
        grid = parse_grid("\n".join("." + ch + "." for ch in w["word"]))
        filled = Filler(grid, pool).first()
        assert (filled is not None) == (w["status"] == "fillable"), w


def test_region_autofill_keeps_every_square_outside_the_region(studio, tmp_path):
    from itertools import product

    _, client = studio
    words = ["cat", "arc", "act", "toe", "tar", "rat", "era", "ore", "are", "tea", "net", "ten"]
    words += ["eat", "not", "tan"]
    (tmp_path / "w.txt").write_text("\n".join(words))
    cases = (
        ["x..", "era", "net"],
        ["...", "era", "act"],
        ["c..", "ore", "tan"],
        ["...", "are", "tea"],
    )
    for rows in cases:
        args = {"rows": [list(r) for r in rows], "lists": ["w.txt"], "region": [[0, 0, 0, 2]]}
        view = wait(client, client.post("/api/crossword/fill", json=args).json()["job"])
        assert view["state"] == "done", view
        # the oracle: every top row that makes itself and the three columns
        # words, no word twice in the grid
        tops = set()
        for t in product(sorted(set("".join(words))), repeat=3):
            entries = ["".join(t), *rows[1:], *(t[c] + rows[1][c] + rows[2][c] for c in range(3))]
            if all(e in words for e in entries) and len(set(entries)) == len(entries):
                tops.add(entries[0])
        result = view["result"]
        assert result["filled"] == bool(tops), (rows, result)
        if tops:
            got = ["".join(r) for r in result["rows"]]
            assert got[1:] == rows[1:]  # outside the region: kept
            assert got[0] in tops
    bad = {"rows": ["...", "..."], "region": [[0, 0, 5, 5]]}
    r = client.post("/api/crossword/fill", json=bad)
    assert r.status_code == 400 and "outside the grid" in r.json()["error"]
    bad["region"] = [[0, 0, "a", 1]]
    assert client.post("/api/crossword/fill", json=bad).status_code == 400


def test_crossword_stats_and_export_read_back(studio):
    puz = pytest.importorskip("puz")
    _, client = studio
    stats = client.post("/api/crossword/stats", json={"rows": SMALL}).json()
    assert stats["blocks"] == 2 and stats["entries"] == 8
    filled = ["cat#", "area", "test", "#ear"]
    r = client.post("/api/crossword/export?format=puz", json={"rows": filled, "title": "T"})
    assert r.status_code == 200
    p = puz.load(r.content)
    assert p.solution.replace(".", "#") == "".join(filled).upper()
    r = client.post("/api/crossword/export?format=puz", json={"rows": SMALL})
    assert r.status_code == 400 and "not filled" in r.json()["error"]


@pytest.mark.parametrize("name", ["../x.json", "/etc/passwd", ".hidden.json", "a/b.json", ""])
def test_files_outside_the_folder_are_404_and_nothing_is_written(studio, tmp_path, name):
    st, client = studio
    before = sorted(p.name for p in tmp_path.parent.iterdir())
    r = client.post("/api/crossword/save", json={"rows": SMALL, "name": name})
    assert r.status_code in (400, 404), r.text
    r = client.get("/api/crossword/open", params={"name": name})
    assert r.status_code in (400, 404)
    assert sorted(p.name for p in tmp_path.parent.iterdir()) == before
    assert not any(tmp_path.iterdir())


def test_save_and_open_a_puzzle_in_the_folder(studio, tmp_path):
    _, client = studio
    doc = {"rows": SMALL, "givens": [[0, 0]], "circles": [[1, 1]], "clues": {"1-Across": "x"}}
    assert client.post("/api/crossword/save", json=dict(doc, name="mine")).json() == {
        "saved": "mine.json",
        "revision": 1,
    }
    assert (tmp_path / "mine.json").is_file()
    assert "mine.json" in client.get("/api/files").json()["files"]
    back = client.get("/api/crossword/open", params={"name": "mine.json"}).json()
    assert back["rows"] == SMALL and back["givens"] == [[0, 0]] and back["clues"]["1-Across"] == "x"
    (tmp_path / "grid.txt").write_text("#..\n...\n..#\n")
    back = client.get("/api/crossword/open", params={"name": "grid.txt"}).json()
    assert ["".join(row) for row in back["rows"]] == ["#..", "...", "..#"]


def test_autofill_stops_at_once_when_told(studio):
    st, client = studio
    rows = ["." * 15] * 15  # an open 15x15: a search far longer than the test waits
    job = client.post("/api/crossword/fill", json={"rows": rows}).json()["job"]
    end = time.monotonic() + 10
    while client.get(f"/api/jobs/{job}").json()["state"] == "waiting":
        assert time.monotonic() < end
        time.sleep(0.02)
    time.sleep(0.5)
    t0 = time.monotonic()
    client.delete(f"/api/jobs/{job}")
    view = wait(client, job, 5.0)
    assert view["state"] == "cancelled", view
    assert time.monotonic() - t0 < 1.0
    assert st.jobs.running() == 0


def test_a_rebus_square_fills_and_reaches_the_puz_rebus_table(studio, tmp_path):
    puz = pytest.importorskip("puz")
    _, client = studio
    words = ["heartx", "aheart", "ab", "ba", "xy", "yy", "hearty", "cheart"]
    (tmp_path / "rebus.txt").write_text("\n".join(words))
    rows = [["heart", "."], [".", "."]]  # a 2x2 whose top left square holds HEART
    args = {"rows": rows, "lists": ["rebus.txt"], "row": 0, "col": 0, "direction": "across"}
    cand = client.post("/api/crossword/candidates", json=args).json()
    assert {w["word"] for w in cand["words"]} == {"heartx", "hearty"}
    view = wait(client, client.post("/api/crossword/fill", json=args).json()["job"])
    assert view["state"] == "done" and view["result"]["filled"], view
    filled = view["result"]["rows"]
    assert filled[0][0] == "heart"
    across = "".join(filled[0])
    down = filled[0][0] + filled[1][0]
    assert across in words and down in words
    p = puz.load(client.post("/api/crossword/export?format=puz", json={"rows": filled}).content)
    assert p.has_rebus()
    assert p.rebus().get_rebus_solution(0).upper() == "HEART"
