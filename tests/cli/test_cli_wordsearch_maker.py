"""``dlxc wordsearch`` as a puzzle maker uses it: a puzzle by default, a
search that gives up after its default budget with advice, sizes refused
before the model is built, shapes (named and from an image), the word
list's order, the directions hint, CSV, and pages without the answer key.

Puzzles are checked by scanning the printed grid for every word in all 8
directions (``oracles.wordsearch.readings``), masks against shapes
computed here from their definitions, and the size bound against the
placements a brute-force walk lists."""

from __future__ import annotations

import csv
import io
import json
import math
import re

import pytest
from click.testing import CliRunner
from oracles.wordsearch import brute_placements, readings

import dlxc.cli.wordsearch_make as puzzles_cli
from dlxc.cli import main
from dlxc.models.pages import direction_hint
from dlxc.models.wordsearch import WordSearch
from dlxc.models.wordsearch.model import MAX_NODES, model_size
from dlxc.models.wordsearch.shapes import SHAPES, image_mask, shape_mask

PETS = ["CAT", "DOG", "BIRD", "FISH"]


def run(*args, input=None):
    return CliRunner().invoke(main, ["wordsearch", *map(str, args)], input=input)


def grid_of(text: str) -> list[list[str]]:
    """The letter grid at the head of a text puzzle (up to its blank line)."""
    block = text.split("\n\n")[0]
    return [line.split(" ") for line in block.splitlines()]


# ---- a puzzle by default ------------------------------------------------------------


def test_no_seed_gives_a_full_puzzle_and_tells_the_seed():
    r = run("8x8", *PETS)
    assert r.exit_code == 0, r.output
    grid = grid_of(r.stdout)
    assert len(grid) == 8 and all(len(row) == 8 for row in grid)
    assert all(re.fullmatch(r"[A-Z]", ch) for row in grid for ch in row)  # no dots
    for w in PETS:
        assert len(readings(grid, w)) == 1, w
    m = re.search(r"seed (\d+) \(--seed \1 makes this puzzle again\)", r.stderr)
    assert m is not None
    again = run("8x8", *PETS, "--seed", m.group(1), "-q")
    assert again.stdout == r.stdout


def test_the_bare_layout_only_when_asked_for():
    r = run("8x8", *PETS, "--layout", "-q")
    assert r.exit_code == 0
    grid = grid_of(r.stdout)
    assert sum(ch == "." for row in grid for ch in row) == 64 - sum(map(len, PETS))
    assert r.stderr == ""


@pytest.mark.parametrize(
    "args, message",
    [
        (["--answers", "--count"], "--answers goes with a puzzle, not with --count"),
        (["--filler", "XY", "--layout"], "--filler goes with a puzzle, not with --layout"),
        (["--answers", "--no-answers"], "choose one of --answers and --no-answers"),
        (["--shape", "heart", "--layout", "--partial"], "choose one of --layout and --partial"),
    ],
)
def test_messages_name_only_options_given(args, message):
    r = run("8x8", *PETS, *args)
    assert r.exit_code == 2 and r.stdout == ""
    assert message in r.stderr
    given = {a for a in args if a.startswith("--")}
    named = set(re.findall(r"--[a-z-]+", r.stderr.split("Error:")[1]))
    assert named <= given, named - given


def test_answers_without_seed_adds_the_key():
    r = run("8x8", *PETS, "--answers", "-q")
    assert r.exit_code == 0
    key = r.stdout.split("\n\n")[-1]
    assert [line.split()[0] for line in key.splitlines()] == PETS


# ---- the default budget -------------------------------------------------------------


def elements(n: int) -> list[str]:
    r = CliRunner().invoke(main, ["example", "elements", "--path"])
    with open(r.stdout.strip(), encoding="utf-8") as f:
        return [w.strip() for w in f if w.strip() and not w.startswith("#")][:n]


@pytest.mark.parametrize("quiet", [[], ["-q"]])
def test_a_hopeless_puzzle_gives_up_with_advice(monkeypatch, quiet):
    monkeypatch.setattr(puzzles_cli, "PUZZLE_BUDGET", 1.0)
    monkeypatch.setattr(puzzles_cli, "PARTIAL_HINT_SECONDS", 1.0)
    words = elements(47)
    r = run("10x10", *words, "--seed", "1", *quiet)
    assert r.exit_code == 3 and r.stdout == ""
    assert "within the default budget of 1 s" in r.stderr
    assert "this search looks hopeless" in r.stderr  # a warning -q keeps
    m = re.search(r"--partial places (\d+) of the 47 words", r.stderr)
    assert m is not None and 0 < int(m.group(1)) < 47
    assert "try: --partial" in r.stderr and "a bigger grid" in r.stderr
    assert ("Stopped after" in r.stderr) is not bool(quiet)  # statistics go with -q


def test_an_own_timeout_keeps_its_exit_status():
    r = run("10x10", *elements(47), "--seed", "1", "--timeout", "0.2", "-q")
    assert r.exit_code == 4 and "stopped by --timeout 0.2" in r.stderr


@pytest.mark.slow
def test_the_budget_lets_the_guide_puzzles_through():
    assert puzzles_cli.PUZZLE_BUDGET <= 30
    r = run("32x32", *elements(118), "--seed", "1", "-q")
    assert r.exit_code == 0, r.stderr


def test_partial_keeps_the_short_words():
    words = elements(47)
    r = run("10x10", *words, "--partial", "--seed", "1", "--format", "json", "-q")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    placed = {w["answer"] for w in doc["words"]}
    assert {"NEON", "IRON", "ZINC"} <= placed  # the shortest of them
    assert len(placed) > 11  # longest first kept 11
    grid = [[c["letter"] for c in row] for row in doc["grid"]]
    for w in placed:
        assert len(readings(grid, w)) == 1, w
    assert "left out" in r.stderr  # a warning -q keeps


# ---- sizes refused up front ---------------------------------------------------------


def test_a_huge_grid_is_refused_at_once():
    r = run("1000x1000", "CAT", "DOG", "--seed", "1")
    assert r.exit_code == 1 and r.stdout == ""
    assert "too big" in r.stderr and "63,808,128 nodes" in r.stderr


@pytest.mark.parametrize(
    "rows, cols, words, dirs",
    [
        (5, 7, ["ABEL", "CAT"], "all"),
        (6, 3, ["ABCDE", "XY", "QRS"], "E,S,NW"),
        (1, 9, ["AB"], "all"),
    ],
)
def test_the_size_bound_counts_every_placement(rows, cols, words, dirs):
    ws = WordSearch(rows, cols, words, dirs)
    options, nodes = model_size(rows, cols, [len(w) for w in words], ws.word_directions)
    # no palindromes here: every placement is an option of its own
    brute = [len(brute_placements(rows, cols, w, ws.directions)) for w in words]
    assert options == sum(brute) == ws.n_options
    assert nodes == sum(n * (len(w) + 1) for n, w in zip(brute, words))


def test_the_largest_grid_named_is_built():
    r = run("1000x1000", "CAT", "DOG", "--count")
    side = int(re.search(r"up to (\d+)x\1", r.stderr).group(1))
    assert model_size(side, side, [3, 3], [DIRS8, DIRS8])[1] <= MAX_NODES
    assert model_size(side + 1, side + 1, [3, 3], [DIRS8, DIRS8])[1] > MAX_NODES


DIRS8 = ("E", "W", "S", "N", "SE", "SW", "NE", "NW")


# ---- shapes -------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHAPES)
@pytest.mark.parametrize("rows, cols", [(9, 9), (15, 15), (12, 20)])
def test_shapes_are_symmetric_and_touch_every_edge(name, rows, cols):
    holes = shape_mask(name, rows, cols)
    cells = {(r, c) for r in range(rows) for c in range(cols)} - holes
    assert len(cells) >= rows * cols // 4
    assert all((r, cols - 1 - c) in cells for r, c in cells)  # mirror image left-right
    assert {r for r, _ in cells} == set(range(rows))
    assert {c for _, c in cells} == set(range(cols))


def test_circle_is_the_disc_at_large_sizes():
    n = 41
    holes = shape_mask("circle", n, n)
    for r in range(n):
        for c in range(n):
            d = math.hypot(r + 0.5 - n / 2, c + 0.5 - n / 2) / (n / 2)
            if d < 0.95:
                assert (r, c) not in holes
            elif d > 1.05:
                assert (r, c) in holes


def test_heart_is_wide_at_the_top_and_pointed_below():
    holes = shape_mask("heart", 15, 15)
    width = [sum((r, c) not in holes for c in range(15)) for r in range(15)]
    assert max(width[:8]) == 15 and width[-1] <= 3
    assert width[0] < width[3]  # the notch between the lobes
    assert (0, 7) in holes


def test_image_mask_reads_dark_pixels(tmp_path):
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (200, 100), "white")
    ImageDraw.Draw(img).rectangle([0, 0, 99, 49], fill="black")  # the top-left quarter
    path = tmp_path / "quarter.png"
    img.save(path)
    holes = image_mask(str(path), 4, 6)
    cells = {(r, c) for r in range(4) for c in range(6)} - holes
    assert cells == {(r, c) for r in range(2) for c in range(3)}
    r = run("4x6", "ABC", "DE", "--mask", path, "--layout", "-q")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[2].strip() == ""


def test_a_white_image_leaves_no_cell(tmp_path):
    from PIL import Image

    path = tmp_path / "white.png"
    Image.new("L", (10, 10), 255).save(path)
    r = run("5x5", "ABC", "--mask", path)
    assert r.exit_code == 1 and "no dark pixels" in r.stderr


def test_a_heart_puzzle_keeps_to_its_cells():
    words = ["LOVE", "ROSE", "KISS", "HUG", "DEAR", "SWEET"]
    r = run("12x12", *words, "--shape", "heart", "--seed", "4", "--format", "json", "-q")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    holes = shape_mask("heart", 12, 12)
    for r_, row in enumerate(doc["grid"]):
        for c, sq in enumerate(row):
            assert (sq is None) == ((r_, c) in holes)
    assert {w["answer"] for w in doc["words"]} == set(words)


# ---- the page -----------------------------------------------------------------------


def test_direction_hint():
    assert direction_hint(["E", "S"]) == "Words go across and down, never backwards."
    assert direction_hint(["E", "SW"]) == "Words go across and diagonally, some backwards."
    assert direction_hint(["S"]) == "Words go down, top to bottom."


def test_word_order_sorted_and_hint_on_the_page():
    words = ["ZEBRA", "APE", "MOLE", "BEE"]
    r = run("8x8", *words, "--seed", "2", "--word-order", "sorted", "--format", "json", "-q")
    doc = json.loads(r.stdout)
    assert [w["text"] for w in doc["words"]] == sorted(words)
    dirs = [w["direction"] for w in doc["words"]]
    assert doc["notes"][0] == direction_hint(dirs)
    r = run("8x8", *words, "--seed", "2", "--format", "json", "-q")
    assert [w["text"] for w in json.loads(r.stdout)["words"]] == words


def test_csv_has_the_grid_and_the_words_where_they_are():
    r = run("8x8", *PETS, "--seed", "5", "--format", "csv", "-q")
    assert r.exit_code == 0, r.stderr
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0] == ["Word search"]
    grid = rows[1:9]
    assert rows[9] == [] and rows[10] == ["word", "row", "col", "direction"]
    steps = {"E": (0, 1), "W": (0, -1), "S": (1, 0), "N": (-1, 0)}
    steps.update({a + b: (steps[a][0], steps[b][1]) for a in "SN" for b in "EW"})
    for word, row, col, d in rows[11:]:
        dr, dc = steps[d]
        r0, c0 = int(row) - 1, int(col) - 1
        assert "".join(grid[r0 + k * dr][c0 + k * dc] for k in range(len(word))) == word
    assert sorted(w for w, *_ in rows[11:]) == sorted(PETS)
    r = run("8x8", *PETS, "--seed", "5", "--format", "csv", "--no-answers", "-q")
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[10] == ["word"] and [x for (x,) in rows[11:]] == PETS


def test_no_answers_leaves_out_the_answer_pages(tmp_path):
    pdfium = pytest.importorskip("pypdfium2")
    with_key, without = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for path, extra in ((with_key, []), (without, ["--no-answers"])):
        r = run(
            "8x8", *PETS, "--seed", "1", "--puzzles", "2", "--format", "pdf", "-o", path, *extra
        )
        assert r.exit_code == 0, r.output
    assert len(pdfium.PdfDocument(str(with_key))) == 4
    assert len(pdfium.PdfDocument(str(without))) == 2
