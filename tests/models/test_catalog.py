"""Every entry of dlxc/puzzles/catalog.toml, checked: the catalog of known
answers is documentation and regression test at once.

Each entry's count (and DLX2's statistics, where the catalog gives them)
must come out of dlxc; entries marked ``oracle = "brute-force"`` are also
recounted by the independent brute force of tests/test_wordsearch.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dlxc import ProblemWarning
from dlxc.models.wordrect import WordRectangle
from dlxc.models.wordsearch import WordSearch, parse_directions, parse_mask
from dlxc.xcc.dlxformat import read_dlx

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = pytest.importorskip(
        "tomli", reason="reading the catalog needs tomllib (Python 3.11+) or the tomli package"
    )

from oracles.wordsearch import brute_layouts, crosses

PUZZLES = Path(__file__).resolve().parents[2] / "dlxc" / "puzzles"
with open(PUZZLES / "catalog.toml", "rb") as _f:
    CATALOG = tomllib.load(_f)
SLOW_COUNT = 2_000_000  # counts above this are marked slow


def entries(kind):
    return [
        pytest.param(e, id=e["id"], marks=[pytest.mark.slow] if e["count"] > SLOW_COUNT else [])
        for e in CATALOG[kind]
    ]


def size(entry):
    rows, cols = entry["size"].split("x")
    return int(rows), int(cols)


def check_stats(stats, entry):
    assert stats.complete and stats.solutions == entry["count"]
    for figure in ("nodes", "updates", "cleansings"):
        if figure in entry:
            assert getattr(stats, figure) == entry[figure], figure


def test_every_entry_has_a_source_and_a_unique_id():
    ids = [e["id"] for kind in CATALOG.values() for e in kind]
    assert len(ids) == len(set(ids))
    for kind in CATALOG.values():
        for e in kind:
            assert e["source"].strip() and isinstance(e["count"], int)


@pytest.mark.parametrize("entry", entries("wordsearch"))
def test_wordsearch(entry):
    rows, cols = size(entry)
    holes = frozenset()
    if "mask" in entry:
        _, _, holes = parse_mask(
            (PUZZLES / entry["mask"]).read_text("utf-8"), rows, cols, source=entry["mask"]
        )
    ws = WordSearch(rows, cols, entry["words"], entry["directions"], holes or None)
    crossing = entry.get("crossing", False)
    if "obstacle" in entry:
        assert any(entry["obstacle"] in why for why in ws.obstacles())
    with ws.search(crossing=crossing) as found:
        assert found.count() == entry["count"]
        if not crossing:
            check_stats(found.stats, entry)
    if entry.get("oracle") == "brute-force":
        layouts = brute_layouts(
            rows, cols, list(ws.words), parse_directions(entry["directions"]), holes
        )
        if crossing:
            layouts = [x for x in layouts if crosses(x)]
        assert len(layouts) == entry["count"]


@pytest.mark.parametrize("entry", entries("wordrect"))
def test_wordrect(entry):
    rows, cols = size(entry)
    wr = WordRectangle(rows, cols, PUZZLES / entry["words"], distinct=entry.get("distinct", False))
    with wr.search() as run:
        assert run.count() == entry["count"]
        check_stats(run.stats, entry)


@pytest.mark.parametrize("entry", entries("dlx"))
def test_dlx(entry):
    path = PUZZLES / entry["file"]
    if "warns" in entry:
        with pytest.warns(ProblemWarning, match=entry["warns"]):
            problem = read_dlx(path)
    else:
        problem = read_dlx(path)
    with problem.search() as s:
        s.count()
        check_stats(s.stats, entry)
