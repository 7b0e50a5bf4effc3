"""Building from a word list's bytes in one C call (plain ASCII lists), and
the GADDAG built from the DAWG's prefixes: both checked against the
pure-Python mirror, which reads every list line by line in Python and builds
the GADDAG from all its paths, sorted."""

from __future__ import annotations

import random
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.lexicon import enable_words, gaddag_strings, minimal_nodes

from dlxc.base.errors import LexiconError, SkippedLines
from dlxc.lexicon import Lexicon, mirror


def both(path, **kw):
    """(C lexicon, mirror lexicon) of the same file."""
    return (
        Lexicon.from_word_file(path, backend="c", **kw),
        Lexicon.from_word_file(path, backend="python", **kw),
    )


def same(c, py):
    assert c.alphabet == py.alphabet
    assert c.dawg.tobytes() == py.dawg.tobytes()
    assert c.gaddag.tobytes() == py.gaddag.tobytes()
    assert (c.words, c.max_len, c.skipped) == (py.words, py.max_len, py.skipped)
    assert c.data().alphabet == py.data().alphabet


def test_text_path_is_taken(c_backend):
    """A plain list is built in one call (no Python reading); a list with a
    line that is not a plain ASCII word is not."""
    from dlxc.lexicon import _cbackend

    assert _cbackend.build_text(b"cat\nDog\n\n# note\n  emu\t\r\ncat\r", True) is not None
    for text in (b"cat\nd0g\n", "caf\u00e9\n".encode(), b"a-b\n", b"", b"# only\n\n", b"a\x0bb\n"):
        assert _cbackend.build_text(text, True) is None, text
    assert _cbackend.build_text(b"a" * 65, True) is None
    letters, dawg, gad, words, longest = _cbackend.build_text(b"b\nA\nb\n", False)
    assert (letters, words, longest, len(gad)) == ("ab", 2, 1, 0)


LINES = ["cat", "Cat", "CAT", "dog", "emu", "ant", "antelope", "a", "be", "bee", "Been"]
JUNK = ["", "   ", "\t", "# a comment", "  # indented", "r2d2", "ice-cream", "caf\u00e9", "x y"]


@given(
    lines=st.lists(st.sampled_from(LINES + JUNK), min_size=1, max_size=30),
    ends=st.lists(st.sampled_from(["\n", "\r\n", "\r"]), min_size=1, max_size=3),
    pad=st.sampled_from(["", " ", "\t", " \t "]),
    bom=st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_files_as_the_mirror_reads_them(c_backend, tmp_path_factory, lines, ends, pad, bom):
    """Any mixture of case, line ends, padding, blank and comment lines,
    repeats and order gives the mirror's lexicon, and lines that are not
    words the mirror's notes or errors."""
    path = tmp_path_factory.mktemp("t") / "list.txt"
    text = "".join(pad + w + pad + ends[i % len(ends)] for i, w in enumerate(lines))
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode())
    results = []
    for backend in ("c", "python"):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", SkippedLines)  # compared as lex.skipped
                results.append(Lexicon.from_word_file(path, backend=backend))
        except LexiconError as exc:
            results.append(str(exc))
    c, py = results
    if isinstance(py, str):
        assert c == py
    else:
        same(c, py)


def test_shuffled_and_repeated_enable_slice(c_backend, tmp_path):
    """Unsorted, repeated, mixed-case words: sorted and folded in C as in
    Python (a slice of ENABLE, so the mirror builds it in a second)."""
    words = list(enable_words()[::40])
    rng = random.Random(5)
    lines = words + rng.sample(words, 500)
    rng.shuffle(lines)
    lines = [w.upper() if rng.random() < 0.3 else w for w in lines]
    path = tmp_path / "shuffled.txt"
    path.write_text("\r\n".join(lines) + "\r\n")
    c, py = both(path)
    same(c, py)
    assert len(c) == len(words)


def test_errors_name_the_file_and_line(c_backend, tmp_path):
    """Lists that are not plain are read the long way: the same one-line
    errors as before, naming the file and line."""
    long = tmp_path / "long.txt"
    long.write_text("cat\n" + "b" * 65 + "\n")
    with pytest.raises(LexiconError, match=r"long\.txt:2: .*65 letters"):
        Lexicon.from_word_file(long, backend="c")
    strict = tmp_path / "strict.txt"
    strict.write_text("cat\ndog\nr2d2\n")
    with pytest.raises(LexiconError, match=r"strict\.txt:3"):
        Lexicon.from_word_file(strict, backend="c", strict=True)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"cat\n\xff\n")
    with pytest.raises(LexiconError, match=r"bad\.txt:2: not UTF-8"):
        Lexicon.from_word_file(bad, backend="c")
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n\n")
    with pytest.raises(LexiconError, match=r"empty\.txt: no words"):
        Lexicon.from_word_file(empty, backend="c")


@st.composite
def dense_lists(draw):
    """Lists whose words share many prefixes, endings and middles."""
    letters = draw(st.sampled_from(["ab", "abc", "abcd", "aeinrst"]))
    word = st.text(alphabet=letters, min_size=1, max_size=9)
    return draw(st.lists(word, min_size=1, max_size=150, unique=True))


@given(words=dense_lists())
@settings(max_examples=60, deadline=None)
def test_gaddag_from_prefixes_is_the_mirrors(c_backend, words):
    from dlxc.lexicon import _cbackend

    n = len({ch for w in words for ch in w})
    alphabet = sorted({ch for w in words for ch in w})
    codes = [bytes(alphabet.index(ch) + 1 for ch in w) for w in words]
    random.Random(len(words)).shuffle(codes)  # any order
    c = _cbackend.build_gaddag(codes, n)
    assert c.tobytes() == mirror.build_gaddag(codes, n).tobytes()
    assert len(c) == minimal_nodes(gaddag_strings(sorted(words)))


@pytest.mark.slow
def test_gaddag_of_an_enable_slice_is_the_mirrors(c_backend):
    from dlxc.lexicon import _cbackend

    codes = [bytes(ord(ch) - 96 for ch in w) for w in enable_words()[::8]]
    assert _cbackend.build_gaddag(codes, 26).tobytes() == mirror.build_gaddag(codes, 26).tobytes()


def test_gaddag_input_errors(c_backend):
    from dlxc.lexicon import _cbackend

    for engine in (_cbackend, mirror):
        with pytest.raises(LexiconError, match="malformed"):
            engine.build_gaddag([b"\x01\x02", b"\x01\x02"], 2)  # a repeat
        with pytest.raises(LexiconError, match="malformed"):
            engine.build_gaddag([b"\x01\x03"], 2)  # a code past the alphabet
        with pytest.raises(LexiconError, match="longer than 64"):
            engine.build_gaddag([b"\x01" * 65], 2)


@pytest.mark.slow
def test_enable_gaddag_is_the_mirrors(c_backend, tmp_path):
    path = tmp_path / "enable.txt"
    path.write_text("\n".join(enable_words()) + "\n")
    c = Lexicon.from_word_file(path, backend="c")
    codes = [bytes(ord(ch) - 96 for ch in w) for w in enable_words()]
    assert c.gaddag.tobytes() == mirror.build_gaddag(codes, 26).tobytes()


def test_gaddag_of_long_shared_stretches(c_backend):
    """Prefixes of more than 12 letters that end alike (the C engine orders
    their reverses by a key of 12 letters first, then by the rest)."""
    from dlxc.lexicon import _cbackend

    rng = random.Random(3)
    core = "abcabcbacbacabca"
    words = set()
    for _ in range(300):
        lead = "".join(rng.choice("abc") for _ in range(rng.randrange(0, 6)))
        tail = "".join(rng.choice("abc") for _ in range(rng.randrange(0, 4)))
        words.add(lead + core[: rng.randrange(10, len(core) + 1)] + tail)
    codes = [bytes(ord(ch) - 96 for ch in w) for w in words]
    assert _cbackend.build_gaddag(codes, 3).tobytes() == mirror.build_gaddag(codes, 3).tobytes()


@given(
    words=st.lists(
        st.text(alphabet="".join(map(chr, range(0x3041, 0x3041 + 40))), min_size=1, max_size=6),
        min_size=1,
        max_size=120,
        unique=True,
    )
)
@settings(max_examples=25, deadline=None)
def test_gaddag_of_a_large_alphabet(c_backend, words):
    """32 letters or more: the reverses are sorted as strings."""
    lexicons = [Lexicon.from_words(words, backend=b) for b in ("c", "python")]
    assert lexicons[0].gaddag.tobytes() == lexicons[1].gaddag.tobytes()
    big = Lexicon.from_words(list(map(chr, range(0x3041, 0x3041 + 40))) + words, backend="c")
    assert len(big.alphabet) == 40
    assert (
        big.gaddag.tobytes()
        == Lexicon.from_words(
            list(map(chr, range(0x3041, 0x3041 + 40))) + words, backend="python"
        ).gaddag.tobytes()
    )


@pytest.mark.parametrize(
    "text, letters",
    [
        ("cat\nDog\nemu\n", "abcdefghijklmnopqrstuvwxyz"),  # nothing left out
        ("cat\nDog\nemu\nzebra\n", "abcdegmortu"),  # zebra left out
        ("cat\nr2d2\nCAFÉ\nquiz\n", "acfétz"),  # the long way: skips and Unicode
    ],
)
def test_keeping_letters_as_the_long_way(backend, tmp_path, text, letters):
    """from_word_file_keeping is read_word_list(...).keeping(...) then
    from_word_list, on a plain list (one C call) and on any other."""
    from dlxc.lexicon import read_word_list

    path = tmp_path / "list.txt"
    path.write_text(text, encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SkippedLines)
        lex, dropped = Lexicon.from_word_file_keeping(path, letters, backend=backend)
        wl, dropped2 = read_word_list(path).keeping(letters)
    old = Lexicon.from_word_list(wl, backend="python", name=str(path))
    assert dropped == dropped2
    same(lex, old)
    nothing = tmp_path / "none.txt"
    nothing.write_text("zebra\n")
    with pytest.raises(LexiconError, match=r"none\.txt: no words left"):
        Lexicon.from_word_file_keeping(nothing, letters[:3], backend=backend)


def test_random_words_past_the_first_table_size(c_backend):
    """Words that share little: the registers' hash tables outgrow the size
    guessed from the input and are rebuilt on the way."""
    from dlxc.lexicon import _cbackend

    rng = random.Random(11)
    words = {
        "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8)) for _ in range(6000)
    }
    codes = sorted(bytes(ord(ch) - 96 for ch in w) for w in words)
    assert _cbackend.build_dawg(codes, 26).tobytes() == mirror.build_dawg(codes, 26).tobytes()
    assert _cbackend.build_gaddag(codes, 26).tobytes() == mirror.build_gaddag(codes, 26).tobytes()
