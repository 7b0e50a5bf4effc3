"""Queries against plain Python oracles, on both engines, in the same order."""

from __future__ import annotations

import itertools

import pytest
from enable_lexicon import enable_lexicon
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import lexicon as oracle
from oracles.lexicon import small_pool

from dlxc.base.errors import LexiconError
from dlxc.lexicon import Lexicon

LETTERS = "aeilnorst"


@st.composite
def lexicons(draw):
    pool = small_pool(LETTERS, 6)
    words = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=150, unique=True))
    return words


token = st.one_of(
    st.sampled_from(list(LETTERS) + ["x"]),
    st.just("."),
    st.just("*"),
    st.builds(
        lambda s, neg: "[" + ("^" if neg else "") + s + "]",
        st.text(alphabet=LETTERS, min_size=1, max_size=3),
        st.booleans(),
    ),
)


_cache: dict = {}


def build(words, backend):
    key = (tuple(words), backend)
    if key not in _cache:
        _cache.clear()
        _cache[key] = Lexicon.from_words(words, backend=backend)
    return _cache[key]


@given(words=lexicons(), tokens=st.lists(token, max_size=7))
@settings(max_examples=100)
def test_match(backend, words, tokens):
    pattern = "".join(tokens)
    lex = build(words, backend)
    assert lex.match(pattern).list() == oracle.match(words, pattern)


@given(words=lexicons(), prefix=st.text(alphabet=LETTERS, max_size=3))
@settings(max_examples=60)
def test_prefix(backend, words, prefix):
    lex = build(words, backend)
    assert lex.prefix(prefix).list() == sorted(w for w in words if w.startswith(prefix))


@given(words=lexicons(), rack=st.text(alphabet=LETTERS + "??x", max_size=7), sub=st.booleans())
@settings(max_examples=100)
def test_anagrams(backend, words, rack, sub):
    lex = build(words, backend)
    expected = oracle.anagrams(words, rack, sub)
    if "x" in rack and not sub:
        expected = []
    assert lex.anagrams(rack, sub=sub).list() == expected


@given(
    words=lexicons(),
    fragment=st.text(alphabet=LETTERS + ".", min_size=1, max_size=4),
    at=st.one_of(st.none(), st.integers(0, 4)),
)
@settings(max_examples=100)
def test_containing(backend, words, fragment, at):
    lex = build(words, backend)
    if not fragment.strip("."):
        with pytest.raises(LexiconError):
            lex.containing(fragment, at)
        return
    got = lex.containing(fragment, at).list()
    assert len(got) == len(set(got))  # each word once
    assert sorted(got) == oracle.containing(words, fragment, at)
    assert lex.containing(fragment, at, sort=True).list() == sorted(got)


def test_same_order_on_both_engines(c_backend):
    words = list(small_pool(LETTERS, 6))
    c = Lexicon.from_words(words, backend="c")
    py = Lexicon.from_words(words, backend="python")
    for q in (
        lambda L: L.match("*s"),
        lambda L: L.containing("r"),
        lambda L: L.containing("t.e"),
        lambda L: L.anagrams("ate?s", sub=True),
    ):
        assert q(c).list() == q(py).list()


def test_lazy_and_batched(backend):
    lex = Lexicon.from_words(small_pool(LETTERS, 6), backend=backend)
    first = list(itertools.islice(iter(lex.match("*")), 5))
    assert first == sorted(small_pool(LETTERS, 6))[:5]
    batches = list(lex.containing("e").batches())
    assert all(batches) and sum(map(len, batches)) == len(oracle.containing(lex, "e"))


def test_enable_queries(c_backend):
    lex = enable_lexicon()
    words = oracle.enable_words()
    assert lex.match("qu[aeiou]z*").list() == oracle.match(words, "qu[aeiou]z*")
    assert lex.anagrams("retains").list() == oracle.anagrams(words, "retains", False)
    assert sorted(lex.containing("zz", 2)) == oracle.containing(words, "zz", 2)
    batch = list(lex.match("*").batches())
    assert len(batch) > 1 and sum(map(len, batch)) == len(words)


def test_unicode_lexicon(backend):
    lex = Lexicon.from_words(["Straße", "STRAND", "été", "Été", "ÉTÉS", "ça"], backend=backend)
    assert sorted(lex) == sorted(["straße", "strand", "été", "étés", "ça"])
    assert "ÉTÉ" in lex and "ete" not in lex
    assert lex.match("é*").list() == ["été", "étés"]
    assert lex.anagrams("éét").list() == ["été"]
    assert lex.contains_many(["ÉTÉ", "ça", "ca", "x\ny"]) == [True, True, False, False]


def test_bad_patterns(backend):
    lex = Lexicon.from_words(["cat"], backend=backend)
    for bad in ("[ab", "ab]", "[]", "a b"):
        with pytest.raises(LexiconError):
            lex.match(bad)
