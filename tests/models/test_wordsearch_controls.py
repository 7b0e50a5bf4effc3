"""The word-search maker's controls: --partial, the chosen grid size, the
hidden message, backward/diagonal shares, weighted filler, decoys, clued
word lists and themes.  Each puzzle is checked by an independent reading
of its grid (every word found exactly once, in any of 8 directions)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dlxc.cli import main
from dlxc.models.pages import theme_entries, themes
from dlxc.models.words import read_clued_entries
from dlxc.models.wordsearch import WordSearch
from dlxc.models.wordsearch.fit import choose_size, fit_words, word_directions

STEPS = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def readings(grid, word):
    """Cell sets along which ``word`` (a string of one-letter cells) reads."""
    rows, cols, out = len(grid), len(grid[0]), set()
    for r in range(rows):
        for c in range(cols):
            for dr, dc in STEPS:
                cells = [(r + dr * k, c + dc * k) for k in range(len(word))]
                if all(
                    0 <= i < rows and 0 <= j < cols and grid[i][j] == ch
                    for (i, j), ch in zip(cells, word)
                ):
                    out.add(frozenset(cells))
    return out


@pytest.mark.slow
def test_partial_places_what_fits_and_names_the_rest():
    with open("dlxc/puzzles/words/elements.txt", encoding="utf-8") as f:
        words = [w.strip() for w in f if w.strip() and not w.startswith("#")][:50]
    res = CliRunner().invoke(
        main, ["wordsearch", "10x10", *words, "--partial", "--seed", "1", "--format", "json"]
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    placed = [w["answer"] for w in doc["words"]]
    (note,) = [n for n in doc["notes"] if n.startswith("Left out")]
    left = note.split(": ", 1)[1].split(", ")
    assert sorted(placed + left) == sorted(w.upper() for w in words)
    grid = [[c["letter"] for c in row] for row in doc["grid"]]
    for w in placed:
        assert len(readings(grid, w)) == 1, w
    assert f"placed {len(placed)} words; left out {len(left)}" in res.stderr


def test_fit_words_keeps_all_when_all_fit():
    fit = fit_words(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"], seed=3)
    assert fit.placed == [0, 1, 2, 3] and fit.left_out == []


def test_chosen_size_fits_and_is_small():
    words = ["ABEL", "CANTOR", "GAUSS", "EULER", "NOETHER"]
    side = choose_size(words, seed=1)
    assert 7 <= side <= 10
    assert WordSearch(side, side, words).puzzle(1)


def test_hidden_message_reads_in_leftover_cells():
    ws = WordSearch(8, 8, ["ABEL", "CANTOR", "GAUSS", "EULER", "NOETHER"])
    p = ws.puzzle(1, message="hi there")
    assert "".join(p.grid[r][c] for r, c in p.message_cells) == "HITHERE"
    used = {cell for pl in p.layout.placements for cell in pl.cells}
    free = [(r, c) for r in range(8) for c in range(8) if (r, c) not in used]
    assert list(p.message_cells) == free[:7]
    for pl in p.layout.placements:
        assert len(readings(p.grid, pl.word)) == 1


def test_backward_and_diagonal_shares():
    dirs = word_directions(10, backward=0.3, diagonal=0.5, seed=2)
    back = sum(all(d in ("W", "N", "SW", "NW") for d in ds) for ds in dirs)
    diag = sum(all(len(d) == 2 for d in ds) for ds in dirs)
    assert back == 3 and diag == 5
    words = [
        "MOON",
        "RIVER",
        "GARDEN",
        "WINDOW",
        "PENCIL",
        "ORANGE",
        "TEACHER",
        "FOREST",
        "ISLAND",
        "CASTLE",
    ]
    p = WordSearch(12, 12, words, word_directions=dirs).puzzle(2)
    for pl, ds in zip(p.layout.placements, dirs):
        assert pl.direction in ds


def test_weighted_filler_follows_the_words():
    ws = WordSearch(12, 12, ["XENON", "ZEBRA", "EMBER", "EVENT", "EDGE", "TEMPER"])

    def share_of_e(weights):
        p = ws.puzzle(1, filler_weights=weights)
        used = {cell for pl in p.layout.placements for cell in pl.cells}
        filler = [p.grid[r][c] for r in range(12) for c in range(12) if (r, c) not in used]
        return filler.count("E") / len(filler)

    # E is 11 of the words' 29 letters; uniform filler gives it 1 in 12
    assert share_of_e("words") > 2 * share_of_e("uniform")


def test_decoys_are_near_misses_not_words():
    words = ["ABEL", "CANTOR", "GAUSS", "EULER"]
    p = WordSearch(10, 10, words).puzzle(3, decoys=4)
    assert p.decoys
    for pl in p.layout.placements:
        assert len(readings(p.grid, pl.word)) == 1


def test_clued_word_file_and_themes(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("# dessert\nICE CREAM;a cold dessert\nCAKE\n", encoding="utf-8")
    assert read_clued_entries(f) == (
        ["ICE CREAM", "CAKE"],
        [f"{f}:2", f"{f}:3"],
        ["a cold dessert", None],
    )
    assert {"planets", "fruit", "elements", "greek-animals", "russian-colours"} <= set(themes())
    entries, _, clues = theme_entries("fruit")
    assert "Passion fruit" in entries and all(clues)
    res = CliRunner().invoke(
        main,
        ["wordsearch", "--theme", "fruit", "--pick", "8", "--seed", "2", "--format", "json", "-q"],
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert len(doc["words"]) == 8 and all(w["clue"] for w in doc["words"])
    res = CliRunner().invoke(main, ["wordsearch", "--theme", "nope", "--seed", "1"])
    assert res.exit_code == 1 and "no theme 'nope'" in res.stderr


def test_partial_with_no_room_and_bad_shares():
    run = CliRunner().invoke
    res = run(main, ["wordsearch", "3x3", "ELEPHANT", "GIRAFFE", "--partial", "--seed", "1"])
    assert res.exit_code == 3 and "no word fits" in res.stderr
    res = run(main, ["wordsearch", "6x6", "ABEL", "--backward", "1.5", "--seed", "1"])
    assert res.exit_code == 2
    res = run(
        main,
        [
            "wordsearch",
            "6x6",
            "ABEL",
            "LAND",
            "--diagonal",
            "1",
            "--directions",
            "E,S",
            "--seed",
            "1",
        ],
    )
    assert res.exit_code == 1 and "leave no way" in res.stderr
