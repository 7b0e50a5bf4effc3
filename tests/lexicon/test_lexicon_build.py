"""Building: C and mirror give byte-identical arrays, of the minimal size
an independent count predicts, holding exactly the words given."""

from __future__ import annotations

import pytest
from enable_lexicon import enable_lexicon
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.letters import folded as fold_as_documented
from oracles.letters import uppered
from oracles.lexicon import enable_words, gaddag_strings, minimal_nodes

from dlxc.base.errors import LexiconError, SkippedLines
from dlxc.lexicon import Lexicon, mirror

ALPHABETS = ["ab", "abc", "abcde", "aeiourst", "äöüßé", "абв"]


@st.composite
def word_lists(draw, max_words=40):
    letters = draw(st.sampled_from(ALPHABETS))
    word = st.text(alphabet=letters, min_size=1, max_size=7)
    return draw(st.lists(word, min_size=1, max_size=max_words, unique=True))


def folded(words):
    """The distinct words as the lexicon keeps them (NFC, case-folded)."""
    return sorted({fold_as_documented(w) for w in words})


@given(words=word_lists())
@settings(max_examples=80)
def test_arrays_identical_and_minimal(c_backend, words):
    c = Lexicon.from_words(words, backend="c")
    py = Lexicon.from_words(words, backend="python")
    assert c.dawg.tobytes() == py.dawg.tobytes()
    assert c.gaddag.tobytes() == py.gaddag.tobytes()
    words = folded(words)
    assert len(c.dawg) == minimal_nodes([tuple(w) for w in words])
    assert len(c.gaddag) == minimal_nodes(gaddag_strings(words))


@given(
    words=word_lists(), probes=st.lists(st.text(alphabet="abcdeäöüßé xy", max_size=6), max_size=20)
)
@settings(max_examples=60)
def test_membership_is_the_set(backend, words, probes):
    lex = Lexicon.from_words(words, backend=backend)
    vocabulary = set(folded(words))
    for w in words:
        assert w in lex
        assert uppered(w) in lex
    for p in probes:
        assert (p in lex) == (fold_as_documented(p) in vocabulary), p
    expected = [fold_as_documented(p) in vocabulary for p in probes + words]
    assert lex.contains_many(probes + words) == expected
    assert len(lex) == len(vocabulary)
    assert list(lex) == sorted(vocabulary)


def test_entries_that_are_not_words_are_skipped(backend):
    lex = Lexicon.from_words(
        ["Cat", "dog", "ice-cream", "r2d2", "", "  ", "DOG", "Straße"], backend=backend
    )
    assert sorted(lex) == ["cat", "dog", "straße"]
    assert lex.skipped == 4
    # ß is one letter (docs/reference/formats.md, "Letters and case")
    assert "CAT" in lex and "STRAßE" in lex and "STRAẞE" in lex and "STRASSE" not in lex


def test_bad_lists(backend, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    with pytest.raises(LexiconError, match="no words"):
        Lexicon.from_word_file(empty, backend=backend)
    junk = tmp_path / "junk.txt"
    junk.write_text("123\nfoo-bar\n\n")
    with pytest.raises(LexiconError, match="no usable word"), pytest.warns(SkippedLines):
        Lexicon.from_word_file(junk, backend=backend)
    long = tmp_path / "long.txt"
    long.write_text("cat\n" + "a" * 65 + "\n")
    with pytest.raises(LexiconError, match=r"long\.txt:2: .*65 letters"):
        Lexicon.from_word_file(long, backend=backend)
    # 64 letters is fine
    assert "a" * 64 in Lexicon.from_words(["a" * 64], backend=backend)


def test_too_many_letters(backend):
    words = [chr(0x4E00 + i) for i in range(300)]
    with pytest.raises(LexiconError, match="at most 254"):
        Lexicon.from_words(words, backend=backend)


def test_engines_reject_unsorted_input(c_backend):
    from dlxc.lexicon import _cbackend

    with pytest.raises(LexiconError, match="increasing order"):
        _cbackend.build_dawg([b"\x02", b"\x01"], 2)
    with pytest.raises(LexiconError, match="increasing order"):
        mirror.build_dawg([b"\x02", b"\x01"], 2)
    with pytest.raises(LexiconError, match="increasing order"):
        mirror.build_dawg([b"\x01", b"\x01"], 2)


def test_enable_sizes(c_backend):
    """The size targets: at most 116,880 DAWG nodes, GADDAG at most 3.25 MB."""
    lex = enable_lexicon()
    assert len(lex) == 172823
    assert lex.dawg_nodes <= 116880
    assert lex.gaddag_bytes <= 3_250_000


@pytest.mark.slow
def test_enable_minimal_and_mirror_identical(c_backend):
    words = enable_words()
    lex = enable_lexicon()
    assert lex.dawg_nodes == minimal_nodes(words)
    codes = [bytes(ord(ch) - 96 for ch in w) for w in words]
    assert mirror.build_dawg(codes, 26).tobytes() == lex.dawg.tobytes()


def test_too_many_nodes_is_an_error(monkeypatch):
    """A graph past the 22-bit offsets is an error, never a truncation (shown
    on the mirror with its limit lowered; ENABLE-sized lists are far below)."""
    monkeypatch.setattr(mirror, "MAX_NODES", 12)
    with pytest.raises(LexiconError, match="22-bit offsets"):
        Lexicon.from_words(["alpha", "beta", "gamma", "delta", "epsilon"], backend="python")
