"""One rule for letters whose case mapping changes their length (ß -> SS,
İ -> i̇, ﬁ -> FI): such a letter is kept as written, in one cell, by every
engine and every output (docs/reference/formats.md, "Letters and case").

The oracle is Unicode itself: a word's cells are its NFC code points, so a
word of n code points must fill an n-cell slot, show n letters in every
grid row, and put n one-letter strings in an ipuz solution."""

from __future__ import annotations

import json
import unicodedata

import pytest
from click.testing import CliRunner
from oracles.letters import folded, uppered

from dlxc.base.letters import fold, upper
from dlxc.cli import main

LENGTH_CHANGERS = ["ß", "ẞ", "İ", "ﬁ", "ŉ", "ǰ"]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_every_letter_keeps_its_length_when_folded_or_upper_cased():
    changed = 0
    for cp in range(0x110000):
        ch = chr(cp)
        if not unicodedata.category(ch).startswith("L") or unicodedata.normalize("NFC", ch) != ch:
            continue  # NFC itself may split a letter (U+0958); that is not a case change
        assert len(fold(ch)) == 1 and len(upper(ch)) == 1, ch
        assert fold(ch) == folded(ch) and upper(ch) == uppered(ch), ch
        if len(ch.casefold()) != 1 or len(ch.upper()) != 1:
            changed += 1
            # kept as written, or its one-letter lower case (ẞ -> ß)
            assert fold(ch) in (ch, ch.lower()), ch
        # upper case and folding agree, but for Turkish dotless i (ı -> I -> i)
        if ch != "ı":
            assert fold(upper(ch)) == fold(ch), ch
    assert changed > 100  # Python's tables do have such letters


@pytest.mark.parametrize("ch", LENGTH_CHANGERS)
def test_length_changers_are_kept_as_written(ch):
    assert fold("a" + ch) == "a" + (ch.lower() if len(ch.lower()) == 1 else ch)
    assert upper(ch) == ch or len(ch.upper()) == 1


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize("fmt", ["text", "ipuz", "json", "csv"])
def test_crossword_fill_strasse_fills_six_cells(tmp_path, backend, fmt):
    words = _write(tmp_path, "w.txt", "straße\nabcdefg\n")
    grid = _write(tmp_path, "g.txt", "......\n")
    r = run("crossword", "fill", grid, "-w", words, "--backend", backend, "--format", fmt, "-q")
    assert r.exit_code == 0, r.output
    out = r.stdout
    if fmt == "text":
        assert out.split() == ["STRAßE"]
    elif fmt == "ipuz":
        doc = json.loads(out)
        assert doc["dimensions"] == {"width": 6, "height": 1}
        assert doc["solution"] == [list("STRAßE")]
    elif fmt == "json":
        doc = json.loads(out)
        assert doc["grid"] == ["STRAßE"]
    else:
        assert "S,T,R,A,ß,E" in out.splitlines()
        assert "STRAßE,1,1,across" in out.splitlines()


def test_crossword_fill_strasse_does_not_fit_seven_cells(tmp_path, backend):
    words = _write(tmp_path, "w.txt", "straße\n")
    grid = _write(tmp_path, "g.txt", ".......\n")
    r = run("crossword", "fill", grid, "-w", words, "--backend", backend, "-q")
    assert r.exit_code == 3, r.output
    assert r.stdout == ""


@pytest.mark.parametrize("cells,code", [(8, 0), (9, 3)])
def test_crossword_fill_istanbul_is_eight_cells(tmp_path, backend, cells, code):
    words = _write(tmp_path, "w.txt", "İstanbul\n")
    grid = _write(tmp_path, "g.txt", "." * cells + "\n")
    r = run("crossword", "fill", grid, "-w", words, "--backend", backend, "-q")
    assert r.exit_code == code, r.output
    if code == 0:
        assert r.stdout.split() == ["İSTANBUL"]


def test_crossword_fill_xcc_keeps_one_letter_a_cell(tmp_path):
    words = _write(tmp_path, "w.txt", "straße\n")
    grid = _write(tmp_path, "g.txt", "......\n")
    r = run("crossword", "fill", grid, "-w", words, "--xcc", "-q")
    assert r.exit_code == 0, r.output
    assert r.stdout.split() == ["STRAßE"]


def test_crossword_layout_json_rows_fit_the_grid(tmp_path, backend):
    words = _write(tmp_path, "w.txt", "straße\nİstanbul\nfiﬁx\nalbert\n")
    r = run("crossword", "layout", "-w", words, "--json", "--backend", backend)
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert all(len(row) == doc["width"] for row in doc["grid"]), doc["grid"]
    assert len(doc["grid"]) == doc["height"]
    for p in doc["placed"]:
        n = len(unicodedata.normalize("NFC", p["word"]))
        r0, c0 = p["row"], p["col"]
        cells = [
            doc["grid"][r0 + k][c0] if p["direction"] == "down" else doc["grid"][r0][c0 + k]
            for k in range(n)
        ]
        assert "".join(cells) == upper(p["word"]), p


def test_moves_rack_with_sharp_s_is_not_three_tiles(tmp_path, backend):
    lexicon = _write(tmp_path, "lex.txt", "as\nass\nsa\n")
    board = _write(tmp_path, "b.txt", "\n".join(["." * 15] * 15) + "\n")
    r = run("moves", "--lexicon", lexicon, "--board", board, "--rack", "ßA", "--backend", backend)
    assert r.exit_code == 1, r.output
    assert r.stdout == ""
    assert "'ß'" in r.stderr and "rack" in r.stderr


def test_boggle_board_with_sharp_s_is_refused(backend):
    r = run("boggle", "solve", "ßaaaaaaa", "--backend", backend)
    assert r.exit_code == 1, r.output
    assert r.stdout == ""
    assert "'ß'" in r.stderr and "9" not in r.stderr


@pytest.mark.parametrize("word,found", [("strasse", True), ("straße", False), ("STRAẞE", False)])
def test_boggle_word_with_sharp_s_is_left_out(tmp_path, backend, word, found):
    # s t r / e s a / a a s: strasse runs 0-1-2-5-8-4-3; ß is on no die
    words = _write(tmp_path, "w.txt", f"{word}\nass\n")
    r = run("boggle", "solve", "stresaaas", "-w", words, "--backend", backend)
    assert r.exit_code == 0, r.output
    found_words = [line.split()[1] for line in r.stdout.splitlines() if line.startswith(" ")]
    assert ("strasse" in found_words) == found, r.stdout
    assert "ass" in found_words


def test_lexicon_keeps_sharp_s_one_letter(tmp_path, backend):
    words = _write(tmp_path, "w.txt", "straße\nSTRASSE\n")
    r = run("lexicon", "match", words, "......", "--backend", backend)
    assert r.exit_code == 0, r.output
    assert r.stdout.split() == ["straße"]
    r = run("lexicon", "match", words, ".......", "--backend", backend)
    assert r.stdout.split() == ["strasse"]


def test_moves_with_a_sharp_s_tile_play_one_tile_for_it(tmp_path, backend):
    # rules that give ß a value: the rack ßA is two tiles, so no move lays
    # more than two, and the moves spell words of the list letter for letter
    from dlxc.models.scrabble import ENGLISH_VALUES

    values = dict(ENGLISH_VALUES, ß=4)
    rules = _write(tmp_path, "rules.json", json.dumps({"values": values}))
    lexicon = _write(tmp_path, "lex.txt", "aß\nßa\nass\nsa\n")
    board = _write(tmp_path, "b.txt", "\n".join(["." * 15] * 15) + "\n")
    r = run(
        "moves", "--lexicon", lexicon, "--board", board, "--rack", "ßA", "--rules", rules,
        "--json", "--backend", backend,
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    moves = [json.loads(line) for line in r.stdout.splitlines()]
    assert moves
    assert all(len(m["tiles"]) <= 2 for m in moves)
    assert {fold(m["word"]) for m in moves} <= {"aß", "ßa"}
    assert {fold(m["word"]) for m in moves} == {"aß", "ßa"}
