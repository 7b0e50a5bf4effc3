"""Membership, ``w in lex`` and ``contains_many``, through the CPython type
dlxc._lexfast.Membership (csrc/lexicon/_lexfast.c) on the C engine and
through Python on the mirror, against a plain set of the words.

The type reads str in place and walks the engine's arrays, so besides the
answers these tests check what such code can get wrong: what is not a str
or not ASCII, letters outside the alphabet, a closed lexicon, Python code
that changes the list or closes the lexicon in the middle of a batch, and
reference counts.
"""

from __future__ import annotations

import gc
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from legs import MIRROR_SLOW
from oracles.letters import folded as fold_as_documented

from dlxc.base.errors import LexiconError
from dlxc.lexicon import Lexicon, _cbackend

ROOT = Path(__file__).resolve().parents[2]

# alphabets of 5, 26, 40 and 200 letters: the engine looks the first three,
# two or one letters up in tables, by the size of the alphabet
CJK = "".join(chr(0x4E00 + i) for i in range(174))
ALPHABETS = [
    "abcde",
    "abcdefghijklmnopqrstuvwxyz",
    "abcdefghijklmnopqrstuvwxyzäöüßéèêëïîôûçñ",
    "abcdefghijklmnopqrstuvwxyz" + CJK,
]
# probe characters: letters of the alphabets, upper case, letters of no
# alphabet here (ASCII and not), digits, punctuation, space, newline, NUL
PROBE_EXTRA = "ABCXYZÄÉ" + "0-' \n\0" + "ωж" + CJK[:3]


def folded(word: str) -> str:
    return fold_as_documented(word)


@st.composite
def lexicon_and_probes(draw):
    letters = draw(st.sampled_from(ALPHABETS))
    pool = letters[:8] + draw(st.text(alphabet=letters, min_size=0, max_size=6))
    words = draw(
        st.lists(
            st.text(alphabet=pool, min_size=1, max_size=9), min_size=1, max_size=60, unique=True
        )
    )
    # the alphabet is the letters of the words: make every letter appear
    words += [letters[i : i + 50] for i in range(0, len(letters), 50)]
    probe = st.one_of(
        st.sampled_from(words),
        st.sampled_from(words).map(str.upper),
        st.text(alphabet=pool + PROBE_EXTRA, max_size=10),
    )
    return words, draw(st.lists(probe, max_size=40))


def expected(words, probes):
    vocabulary = {folded(w) for w in words}
    return [isinstance(p, str) and folded(p) in vocabulary for p in probes]


# ==== the type is there ======================================================


def test_c_lexicons_use_the_c_type(c_backend):
    assert _cbackend.membership_error is None, _cbackend.membership_error
    from dlxc import _lexfast

    lex = Lexicon.from_words(["cat"], backend=c_backend)
    assert isinstance(lex, _lexfast.Membership)
    # no __contains__ of Lexicon's own: the C slot answers without a frame
    assert "__contains__" not in Lexicon.__dict__
    assert Lexicon.__contains__ is _lexfast.Membership.__contains__


# ==== answers ================================================================


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@given(case=lexicon_and_probes())
@settings(max_examples=150)
def test_membership_is_the_set(backend, case):
    words, probes = case
    lex = Lexicon.from_words(words, backend=backend)
    want = expected(words, probes)
    assert [p in lex for p in probes] == want
    assert lex.contains_many(probes) == want
    assert lex.contains_many(probes, as_bytes=True) == bytes(want)
    assert lex.contains_many(sorted(probes)) == expected(words, sorted(probes))


@given(case=lexicon_and_probes(), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=40)
def test_batches_in_every_order(backend, case, seed):
    # long batches, sorted and shuffled, with everything mixed in: a
    # shuffled list turns the look-ahead of the C batch on
    words, probes = case
    lex = Lexicon.from_words(words, backend=backend)
    rng = random.Random(seed)
    batch = [rng.choice(words) for _ in range(300)] + probes * 3
    batch += [None, 7, b"abc", 2.5, ["a"], "", "é" * 3, "a" * 70, "A" * 300]
    sorted_batch = sorted(batch, key=repr)
    rng.shuffle(batch)
    for order in (batch, sorted_batch):
        want = expected(words, order)
        assert lex.contains_many(order) == want
        assert lex.contains_many(iter(order)) == want
        assert lex.contains_many(tuple(order), as_bytes=True) == bytes(want)
        assert [w in lex for w in order] == want


@pytest.mark.slow
def test_both_engines_agree_on_enable(c_backend):
    from enable_lexicon import enable_lexicon
    from oracles.lexicon import enable_words

    c = enable_lexicon()
    words = enable_words()
    rng = random.Random(9)
    sample = rng.sample(words, 3000)
    misses = []
    for w in sample[:2000]:
        k = rng.randrange(len(w))
        misses.append(w[:k] + rng.choice("abcdefghijklmnopqrstuvwxyz") + w[k + 1 :])
    probes = sample + misses + [w.upper() for w in sample[:200]] + [w + "s" for w in sample[:500]]
    py = Lexicon(c.data(), backend="python")
    want = [p in py for p in probes]
    vocabulary = set(words)
    assert want == [p.lower() in vocabulary for p in probes]
    assert [p in c for p in probes] == want
    assert c.contains_many(probes) == want
    assert c.contains_many(sorted(probes)) == [p.lower() in vocabulary for p in sorted(probes)]
    assert all(c.contains_many(words))


def test_what_is_not_a_str_is_not_a_word(backend):
    lex = Lexicon.from_words(["cat", "dog"], backend=backend)
    for thing in (None, 3, 2.5, b"cat", bytearray(b"cat"), ["cat"], ("cat",), object()):
        assert (thing in lex) is False
    assert lex.contains_many([b"cat", "cat", None, "dog", 5]) == [False, True, False, True, False]


def test_str_subclasses_are_words(backend):
    class Word(str):
        pass

    lex = Lexicon.from_words(["cat", "été"], backend=backend)
    assert Word("cat") in lex and Word("ÉTÉ") in lex and Word("ca") not in lex
    assert lex.contains_many([Word("cat"), Word("été"), Word("x")]) == [True, True, False]


def test_words_outside_the_alphabet(backend):
    lex = Lexicon.from_words(["abc", "abd", "straße", "été"], backend=backend)
    # ASCII letters the alphabet lacks, other bytes, a NUL, a newline
    for probe in ("abz", "xbc", "ab", "abcd", "a\nc", "ab\0", "ab c", "ab-c", "ABC\n", ""):
        assert probe not in lex, probe
    # non-ASCII forms: folded and NFC-normalized as the mirror does; ß is one letter
    assert "STRAẞE" in lex and "Straße" in lex and "strasse" not in lex
    assert "e\u0301te\u0301" in lex and "ÉTÉ" in lex and "ete" not in lex
    assert lex.contains_many(["a\nb", "abc\nabd", "abc"]) == [False, False, True]


def test_too_long_words(backend):
    lex = Lexicon.from_words(["a" * 64, "b"], backend=backend)
    assert "a" * 64 in lex and "A" * 64 in lex
    for n in (63, 65, 128, 10_000):
        assert "a" * n not in lex
    assert lex.contains_many(["a" * 65, "a" * 64, "b" * 10_000, "b"]) == [False, True, False, True]


# ==== a closed lexicon =======================================================


def test_closed_lexicon_raises(backend):
    lex = Lexicon.from_words(["cat", "été"], backend=backend)
    lex.close()
    for word in ("cat", "CAT", "été", "xyz", ""):
        with pytest.raises(LexiconError, match="closed"):
            word in lex  # noqa: B015
    assert 3 not in lex and b"cat" not in lex  # not a str: no word, as before
    with pytest.raises(LexiconError, match="closed"):
        lex.contains_many(["cat"])
    lex.close()  # twice is fine
    del lex
    gc.collect()


def test_closed_in_the_middle_of_a_batch(c_backend):
    # Python code runs for a word that is not ASCII; if it closes the
    # lexicon, the rest of the batch must not walk freed memory
    class Closer(Lexicon):
        def _contains_py(self, word):
            if word == "été":
                self.close()
                return True
            return super()._contains_py(word)

    lex = Closer.from_words(["cat", "été", "dog"], backend=c_backend)
    assert lex.contains_many(["cat", "dog"]) == [True, True]
    with pytest.raises(LexiconError, match="closed"):
        lex.contains_many(["cat", "été", "dog"] * 100)
    with pytest.raises(LexiconError, match="closed"):
        "cat" in lex  # noqa: B015


def test_list_changed_in_the_middle_of_a_batch(c_backend):
    words = ["cat", "été", "dog", "xyz"] * 50

    class Changer(Lexicon):
        def _contains_py(self, word):
            words.clear()
            gc.collect()
            return super()._contains_py(word)

    lex = Changer.from_words(["cat", "été", "dog"], backend=c_backend)
    with pytest.raises(RuntimeError, match="changed size"):
        lex._contains_list(words, False)
    assert words == []


def test_memory_kept_until_the_lexicon_goes(c_backend):
    # the type holds the engine's handle: the lexicon's other references
    # gone, membership still walks live memory
    lex = Lexicon.from_words(["cat", "dog"], backend=c_backend)
    del lex._lex, lex._has_ascii  # the Python side's references to the handle
    gc.collect()
    assert "cat" in lex and "cow" not in lex
    assert lex.contains_many(["dog", "cat", "x"] * 100) == [True, True, False] * 100


# ==== reference counts =======================================================


@pytest.mark.parametrize("backend", MIRROR_SLOW)
def test_reference_counts_do_not_change(backend):
    lex = Lexicon.from_words(["cat", "dog", "été"], backend=backend)
    # objects of their own, not shared constants ("" is one object everywhere)
    words = ["".join(w) for w in ("cat", "été", "Été", "zzz", "CAT", "ca", "c\n")]
    batch = words * 100
    before = [sys.getrefcount(w) for w in words]
    batch_before = sys.getrefcount(batch)
    for _ in range(300):
        for word in words:
            word in lex  # noqa: B015
        got = lex.contains_many(batch)
        got_bytes = lex.contains_many(batch, as_bytes=True)
    del word  # the loop's name held the last word
    assert [sys.getrefcount(w) for w in words] == before
    assert sys.getrefcount(batch) == batch_before
    assert sys.getrefcount(got) == 2 and sys.getrefcount(got_bytes) == 2
    assert got == [True, True, True, False, True, False, False] * 100
    assert all(w is not v for w, v in zip(words, ("cat", "été")))
    if sys.version_info < (3, 12):  # (True and False are immortal from 3.12 on)
        true_before, false_before = sys.getrefcount(True), sys.getrefcount(False)
        del got
        for _ in range(100):
            lex.contains_many(batch)
        assert (sys.getrefcount(True), sys.getrefcount(False)) == (
            true_before - 400,
            false_before - 300,
        )


def test_lexicons_are_freed(c_backend):
    import weakref

    lex = Lexicon.from_words(["cat"], backend=c_backend)
    ref = weakref.ref(lex)
    lex.contains_many(["cat", "été"])
    del lex
    gc.collect()
    assert ref() is None


# ==== without the C type =====================================================


def _run(code: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "DLXC_BACKEND"}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


_CHECK = """
from dlxc.lexicon import Lexicon, _cbackend, _PyMembership
print(_cbackend.Membership is None, _cbackend.membership_error)
lex = Lexicon.from_words(["cat", "dog", "été"], backend="c")
assert isinstance(lex, _PyMembership)
probes = ["cat", "CAT", "été", "ca", 3, b"cat", "x\\ny"]
assert [p in lex for p in probes] == [True, True, True, False, False, False, False]
assert lex.contains_many(probes) == [True, True, True, False, False, False, False]
lex.close()
try:
    "cat" in lex
except Exception as exc:
    print(type(exc).__name__)
"""


def test_without_the_module_python_answers(c_backend):
    out = _run("import sys; sys.modules['dlxc._lexfast'] = None\n" + _CHECK)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("True dlxc._lexfast cannot be imported")
    assert lines[-1] == "LexiconError"


def test_a_module_built_from_other_sources_is_not_used(c_backend):
    # a _lexfast whose struct layout is not the engine's would read the
    # handle wrongly: it is left out, and Python answers
    fake = (
        "import sys, types\n"
        "m = types.ModuleType('dlxc._lexfast')\n"
        "m.Membership, m.LAYOUT, m.built_version = object, -1, 'x'\n"
        "sys.modules['dlxc._lexfast'] = m\n"
    )
    out = _run(fake + _CHECK)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("True dlxc._lexfast was built from other sources")
    assert lines[-1] == "LexiconError"
