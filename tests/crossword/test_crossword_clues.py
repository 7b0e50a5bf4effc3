"""Clue lists: WORD, WORD;score, WORD;clue, WORD;score;clue and WORD;;clue,
read as docs/reference/formats.md writes them."""

from __future__ import annotations

import pytest

from dlxc.base.errors import CrosswordError, SkippedLines
from dlxc.models.crossword.clues import DEFAULT_SCORE, parse_clue_list

CASES = [
    ("apple", "apple", DEFAULT_SCORE, None),
    ("apple;60", "apple", 60, None),
    ("apple;-3", "apple", -3, None),
    ("APPLE;A fruit", "apple", DEFAULT_SCORE, "A fruit"),
    ("apple;60;A fruit", "apple", 60, "A fruit"),
    ("apple;60;Fruit; or a company", "apple", 60, "Fruit; or a company"),
    ("apple;Fruit; or a company", "apple", DEFAULT_SCORE, "Fruit; or a company"),
    ("eleven;;11", "eleven", DEFAULT_SCORE, "11"),
    ("Ice Cream ; A cold dessert ", "icecream", DEFAULT_SCORE, "A cold dessert"),
    ("T-shirt;Casual top", "tshirt", DEFAULT_SCORE, "Casual top"),
    ("ice-cream;40;On a cone", "icecream", 40, "On a cone"),
    ("café;Coffee house", "café", DEFAULT_SCORE, "Coffee house"),
]


@pytest.mark.parametrize("line,word,score,clue", CASES, ids=[c[0] for c in CASES])
def test_one_line(line, word, score, clue):
    got = parse_clue_list(line)
    assert got.words == [word]
    assert got.scores == [score]
    assert got.clue(word) == clue


def test_comments_blank_lines_repeats_and_bom():
    got = parse_clue_list("\ufeff# a list\n\napple;A fruit\nAPPLE;Again\npear\n")
    assert got.words == ["apple", "pear"]
    assert got.clues == {"apple": "A fruit"}


@pytest.mark.parametrize(
    "text,line", [("apple\nr2d2;Robot\n", 2), ("pear\n;clue\n", 2), ("fig\nAA's;Lava\n", 2)]
)
def test_bad_line_skipped_and_noted_or_strict_error(text, line):
    with pytest.warns(SkippedLines, match=rf"list.txt: 1 line skipped.*line {line}"):
        got = parse_clue_list(text, "list.txt")
    assert len(got.words) == 1
    with pytest.raises(CrosswordError, match=rf"^list.txt:{line}: .*--strict"):
        parse_clue_list(text, "list.txt", strict=True)


def test_no_entry_left_is_an_error():
    with pytest.raises(CrosswordError, match="list.txt: the clue list has no words"):
        parse_clue_list("# nothing\n\n", "list.txt")


# ---- read once: the pool and the clues of a layout's list (read_clue_pool)

POOLS = [
    "apple\nPear;60\n\n# note\nfig ; -3\napple;70\n",  # the engine's reader takes it whole
    "\ufeffapple\nPEAR;60\n",
    "apple;A fruit\npear;60\nIce Cream;Cold\n",  # clues and separators: read in Python
    "café;60\napple\nnaïve;Innocent\n",  # Unicode letters
]


@pytest.mark.parametrize("backend", ["c", "python"])
@pytest.mark.parametrize("text", POOLS, ids=range(len(POOLS)))
def test_read_clue_pool_reads_as_the_clue_list_says(tmp_path, text, backend):
    from dlxc.crossword.wordlist import pool_from_words
    from dlxc.models.crossword.clues import read_clue_list, read_clue_pool

    path = tmp_path / "pool.txt"
    path.write_text(text, encoding="utf-8")
    pool, clues = read_clue_pool(path, backend=backend)
    # the oracle: the two passes the layout made before (the list, then a pool of its words)
    want = read_clue_list(path)
    old = pool_from_words(want.words, want.scores)
    assert pool.words == want.words == old.words
    assert list(pool.scores) == want.scores
    assert (pool.alphabet, pool.codes, list(pool.starts)) == (
        old.alphabet,
        old.codes,
        list(old.starts),
    )
    assert clues == want.clues


def test_read_clue_pool_errors_name_the_file(tmp_path):
    from dlxc.models.crossword.clues import read_clue_pool

    path = tmp_path / "bad.txt"
    path.write_text("apple\nR2D2;Droid\n", encoding="utf-8")
    with pytest.raises(CrosswordError, match=r"bad\.txt:2: "):
        read_clue_pool(path, strict=True)
    path.write_text("# nothing\n", encoding="utf-8")
    with pytest.raises(CrosswordError, match=r"bad\.txt: the clue list has no words"):
        read_clue_pool(path)
