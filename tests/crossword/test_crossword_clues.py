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
