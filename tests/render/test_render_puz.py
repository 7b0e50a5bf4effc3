"""The .puz files dlxc writes, read back by an independent reader (puzpy):
its checksums, its numbering of the grid, the clues in its order, the
rebus and circle sections; and the ipuz of the same pages read back by the
``ipuz`` package as well as the validator in tests/oracles/ipuz.py."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from oracles.ipuz import problems as ipuz_problems

from dlxc.base.errors import RenderError
from dlxc.cli import main
from dlxc.models.crossword.clues import parse_clue_list
from dlxc.models.crossword.fill import Filled, parse_grid
from dlxc.render import boggle_page, crossword_page, page_ipuz, page_puz, render

puz = pytest.importorskip("puz", reason="reading .puz files back needs puzpy")


def read_back(data: bytes):
    """puzpy's reading of the bytes (it checks every checksum)."""
    return puz.load(data)


def entries(p):
    """(number, direction, answer, clue) as puzpy numbers the grid itself."""
    n = p.clue_numbering()
    out = []
    for d, clues in (("across", n.across), ("down", n.down)):
        step = 1 if d == "across" else p.width
        for c in clues:
            answer = "".join(p.solution[c["cell"] + k * step] for k in range(c["len"]))
            out.append((c["num"], d, answer, c["clue"]))
    return sorted(out)


def test_crossword_page_reads_back_with_its_clues():
    rows = ["CAT#", "ARE#", "BEAR", "#SEA"]
    clues = {"CAT": "Pet that purrs", "BEAR": "Grizzly", "CAB": "Taxi"}
    page = crossword_page(rows, clues, title="Small one")
    data = page_puz(page)
    p = read_back(data)
    assert (p.width, p.height, p.title) == (4, 4, "Small one")
    assert p.solution == "".join(rows).replace("#", ".")
    assert p.fill == "".join("." if ch == "#" else "-" for ch in "".join(rows))
    got = entries(p)
    # every across and down run of the grid, read by puzpy, with our clue or the length
    for number, direction, answer, clue in got:
        assert clue == clues.get(answer, f"({len(answer)})"), (number, direction, answer)
    assert {a for _, _, a, _ in got} >= {"CAT", "BEAR", "CAB"}
    # puzpy writes the same puzzle to the same bytes
    assert p.tobytes() == data


def test_free_form_squares_are_blocks_and_unicode_clues_make_version_2():
    rows = ["CAT ", "A   ", "BOAT"]
    page = crossword_page(rows, {"CAT": "Félin – chat"}, title="Ünïcode ☃")
    p = read_back(page_puz(page))
    assert p.solution == "CAT.A...BOAT"
    assert p.version == b"2.0"
    assert p.title == "Ünïcode ☃"
    assert ("Félin – chat") in p.clues


def test_rebus_and_circles():
    rows = [["C", "AT", "S"], ["O", "#", "O"], ["W", "E", "T"]]
    page = crossword_page(rows, title="Marks", circled=[(0, 0), (2, 2)])
    data = page_puz(page)
    p = read_back(data)
    assert p.has_rebus() and p.rebus().get_rebus_squares() == [1]
    assert p.rebus().get_rebus_solution(1) == "AT"
    assert p.solution[1] == "A"
    assert p.has_markup() and p.markup().get_markup_squares() == [0, 8]
    doc = page_ipuz(page)
    assert ipuz_problems(doc) == []
    ipuz = pytest.importorskip("ipuz", reason="the ipuz package reads the file back")
    ipuz.read(json.dumps(doc))  # raises IPUZException on an invalid document
    assert doc["solution"][0][1] == "AT"
    assert doc["puzzle"][0][0] == {"cell": 1, "style": {"shapebg": "circle"}}
    assert doc["puzzle"][2][2] == {"cell": 0, "style": {"shapebg": "circle"}}


def test_not_a_crossword_and_bad_letters():
    with pytest.raises(RenderError, match="crosswords"):
        render([boggle_page("abcd", [], cols=2)], "puz")
    with pytest.raises(RenderError, match="ISO-8859-1"):
        page_puz(crossword_page(["ΑΒΓ"]))


def test_isolated_open_square_writes_valid_files():
    grid = parse_grid("...\n###\n#.#\n###\n...")
    # no slot crosses (2, 1): it has no letter
    assert [s.name for s in grid.slots] == ["1-Across", "2-Across"]
    filled = Filled(grid, ["cat", "rat"])
    page = filled.page()
    assert page.grid[2][1] is not None and page.grid[2][1].letter == ""
    doc = page_ipuz(page)
    assert ipuz_problems(doc) == []
    ipuz = pytest.importorskip("ipuz", reason="the ipuz package reads the file back")
    ipuz.read(json.dumps(doc))
    assert doc["solution"][2][1] is None and doc["solution"][0] == ["C", "A", "T"]
    p = read_back(page_puz(page))
    assert p.solution == "CAT" + "." * 9 + "RAT"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


CLUES = """\
# answers with clues, as a constructor writes them
PYTHON;A snake, or a language
ICE CREAM;A cold dessert
ORANGE;45;A fruit; also a colour
TIGER;Striped big cat
PIANO;Instrument with 88 keys
NOTE;Memo
ONION;Layered vegetable
EAGLE;;1
RIVER;Where a stream ends up
TRAIN;It runs on rails
CARROT;Orange root
APPLE;Fruit of the tree of knowledge
"""


@pytest.fixture
def clue_file(tmp_path):
    path = tmp_path / "clues.txt"
    path.write_text(CLUES, encoding="utf-8")
    return path


def test_layout_writes_puz_with_the_given_clues(tmp_path, clue_file):
    out = tmp_path / "x.puz"
    res = run("crossword", "layout", "-w", clue_file, "--format", "puz", "-o", out, "--title", "T")
    assert res.exit_code == 0, res.output
    assert res.stdout == ""
    assert "Placed" in res.stderr
    p = puz.read(str(out))
    assert p.title == "T"
    given = parse_clue_list(CLUES).clues
    got = entries(p)
    assert len(got) >= 5
    for _, _, answer, clue in got:
        assert clue == given[answer.lower()], answer


def test_layout_ipuz_is_valid_and_free_form(tmp_path, clue_file):
    ipuz = pytest.importorskip("ipuz", reason="the ipuz package reads the file back")
    res = run("crossword", "layout", "-w", clue_file, "--format", "ipuz", "-q")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert ipuz_problems(doc) == []
    ipuz.read(res.stdout)  # raises IPUZException on an invalid document
    cells = [c for row in doc["puzzle"] for c in row]
    assert "#" not in cells and None in cells  # nothing around the words, no block
    given = parse_clue_list(CLUES).clues
    sol = doc["solution"]
    numbers = {}
    for r, row in enumerate(doc["puzzle"]):
        for c, cell in enumerate(row):
            if isinstance(cell, int) and cell:
                numbers[cell] = (r, c)
    for direction, (dr, dc) in (("Across", (0, 1)), ("Down", (1, 0))):
        for number, clue in doc["clues"][direction]:
            r, c = numbers[number]
            answer = ""
            while 0 <= r < len(sol) and 0 <= c < len(sol[0]) and sol[r][c]:
                answer += sol[r][c]
                r, c = r + dr, c + dc
            assert clue == given[answer.lower()], (number, direction, answer)


def test_layout_text_json_and_bad_formats(tmp_path, clue_file):
    res = run("crossword", "layout", "-w", clue_file, "--format", "text", "-q")
    assert res.exit_code == 0 and res.stderr == ""
    doc = json.loads(run("crossword", "layout", "-w", clue_file, "--json", "-q").stdout)
    assert res.stdout.split() == [row.replace(" ", ".") for row in doc["grid"]]
    res = run("crossword", "layout", "-w", clue_file, "--json", "--format", "pdf")
    assert res.exit_code == 2 and "two formats" in res.stderr


def test_fill_clues_reach_ipuz_and_puz(tmp_path):
    grid = tmp_path / "g.txt"
    grid.write_text("(c)..\n.#.\n...\n")
    words = tmp_path / "w.txt"
    words.write_text("cat\ncar\narc\ntar\nact\nrat\nart\ntea\nate\neat\ntat\n")
    clues = tmp_path / "c.txt"
    clues.write_text("CAT;Pet that purrs\nTEA;Afternoon drink\nRAT;Rodent\n")
    res = run("crossword", "fill", grid, "-w", words, "--clues", clues, "--format", "ipuz", "-q")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert ipuz_problems(doc) == []
    ipuz = pytest.importorskip("ipuz", reason="the ipuz package reads the file back")
    ipuz.read(res.stdout)
    assert doc["puzzle"][0][0] == {"cell": 1, "style": {"shapebg": "circle"}}
    given = parse_clue_list(clues.read_text()).clues
    found = [clue for d in ("Across", "Down") for _, clue in doc["clues"][d]]
    sol = ["".join(row) for row in doc["solution"]]
    across = [sol[0], sol[2]]
    down = ["".join(r[0] for r in sol), "".join(r[2] for r in sol)]
    expect = [given.get(a.lower(), f"({len(a)})") for a in across + down]
    assert found == expect
    out = tmp_path / "f.puz"
    res = run(
        "crossword", "fill", grid, "-w", words, "--clues", clues, "--format", "puz", "-o", out
    )
    assert res.exit_code == 0, res.output
    p = puz.read(str(out))
    for _, _, answer, clue in entries(p):
        assert clue == given.get(answer.lower(), f"({len(answer)})")
    assert p.markup().get_markup_squares() == [0]
    res = run("crossword", "fill", grid, "-w", words, "--clues", clues, "--format", "json", "-q")
    entries_json = json.loads(res.stdout)["entries"]
    assert all(e.get("clue") == given.get(e["word"]) for e in entries_json)
