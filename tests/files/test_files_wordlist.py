"""dlxc.base.wordlist: the reader under every engine.  Its pieces against
plain oracles, then every engine's reader on one file: the same words, and
the same file:line for a line that is not a word."""

from __future__ import annotations

import random
import warnings

import pytest

from dlxc.base.errors import SkippedLines
from dlxc.base.wordlist import MAX_SCORE, WordList, entries, parse_score


def test_parse_score_against_int():
    rng = random.Random(33)
    alphabet = "0123456789+- \tx٣"  # ٣: a digit, not an ASCII one
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6)))
        core = text.strip(" \t")
        digits = core[1:] if core[:1] in ("+", "-") else core
        ok = digits != "" and all("0" <= ch <= "9" for ch in digits)
        want = max(-MAX_SCORE, min(MAX_SCORE, int(core))) if ok else None
        assert parse_score(text) == want, text
    assert parse_score("99999999999") == MAX_SCORE and parse_score("-99999999999") == -MAX_SCORE


def test_entries_skip_blank_and_comment_lines():
    lines = ["  cat ", "", "   ", "# note", "  # note too", "dog;5", "\tfig\t"]
    assert list(entries(lines)) == [(1, "cat"), (6, "dog;5"), (7, "fig")]
    # the crossword's blanks: spaces, tabs and a CR left by a CRLF line end
    assert list(entries(["cat\r", "\u00a0x"], " \t\r")) == [(1, "cat"), (2, "\u00a0x")]


def test_keeping_drops_the_words_with_other_letters():
    wl = WordList(["cat", "çay", "dog"], repeats=2, entries=6, source="f")
    kept, dropped = wl.keeping("abcdefghijklmnopqrstuvwxyz")
    assert (kept.words, dropped, kept.repeats, kept.entries) == (["cat", "dog"], ["çay"], 2, 6)
    assert wl.keeping("catdogçy") == (wl, [])


TEXT = "\ufeff# a list\ncat\r\n\nDog\n  emu  \nR2D2\ncat\n"


def _readers():
    from dlxc.boggle.words import read_words
    from dlxc.crossword.wordlist import read_word_list
    from dlxc.lexicon import read_word_list as lexicon_list
    from dlxc.models.crossword.clues import read_clue_list, read_clue_pool
    from dlxc.models.words import load_word_list

    return {
        "crossword": lambda p, s: read_word_list(p, strict=s).words,
        "clues": lambda p, s: read_clue_list(p, strict=s).words,
        "layout": lambda p, s: read_clue_pool(p, strict=s)[0].words,
        "lexicon": lambda p, s: lexicon_list(p, strict=s).words,
        "boggle": lambda p, s: read_words(p, strict=s),
        "rectangle": lambda p, s: [w.lower() for w in load_word_list(p, strict=s).words],
    }


@pytest.mark.parametrize("reader", list(_readers()))
def test_every_engine_reads_a_list_alike(tmp_path, reader):
    path = tmp_path / "list.txt"
    path.write_bytes(TEXT.encode("utf-8"))
    read = _readers()[reader]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", SkippedLines)
        words = read(path, False)
    # boggle keeps a repeat (its trie drops it); every other reader keeps a word once
    want = ["cat", "dog", "emu", "cat"] if reader == "boggle" else ["cat", "dog", "emu"]
    assert words == want
    notes = [str(w.message) for w in caught if issubclass(w.category, SkippedLines)]
    assert len(notes) == 1 and "1 line skipped" in notes[0] and "line 6: 'R2D2'" in notes[0]
    with pytest.raises(Exception, match=r"list\.txt:6: 'R2D2': .*\(--strict\)"):
        read(path, True)
