"""The lexicon file: round trips, and every damaged file is a LexiconError."""

from __future__ import annotations

import random
from array import array

import pytest
from oracles.lexicon import small_pool

from dlxc.base.errors import LexiconError
from dlxc.lexicon import Lexicon, fileformat


@pytest.fixture(scope="module")
def blob(tmp_path_factory) -> bytes:
    lex = Lexicon.from_words(small_pool("aeilnorst", 5), backend="python")
    path = tmp_path_factory.mktemp("lex") / "small.lex"
    lex.save(path)
    return path.read_bytes()


def test_round_trip(backend, tmp_path, blob):
    path = tmp_path / "a.lex"
    path.write_bytes(blob)
    lex = Lexicon.load(path, backend=backend)
    assert sorted(lex) == sorted(small_pool("aeilnorst", 5))
    again = tmp_path / "b.lex"
    lex.save(again)
    assert again.read_bytes() == blob
    assert Lexicon.from_file(path, backend=backend).dawg == lex.dawg


def test_word_list_or_lexicon(backend, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\n")
    lex = Lexicon.from_file(words, backend=backend)
    assert sorted(lex) == ["cat", "dog"] and lex.gaddag_nodes > 0
    lex.save(tmp_path / "x.lex")
    assert sorted(Lexicon.from_file(tmp_path / "x.lex", backend=backend)) == ["cat", "dog"]


def test_truncated(backend, tmp_path, blob):
    rng = random.Random(9)
    cuts = sorted(
        {0, 1, 7, 8, 55, 56, 57, len(blob) - 1} | {rng.randrange(len(blob)) for _ in range(40)}
    )
    for cut in cuts:
        path = tmp_path / "t.lex"
        path.write_bytes(blob[:cut])
        with pytest.raises(LexiconError, match="t.lex"):
            Lexicon.load(path, backend=backend)


def test_flipped_bytes(backend, tmp_path, blob):
    rng = random.Random(3)
    for _ in range(60):
        data = bytearray(blob)
        k = rng.randrange(len(data))
        data[k] ^= 1 << rng.randrange(8)
        path = tmp_path / "f.lex"
        path.write_bytes(bytes(data))
        with pytest.raises(LexiconError):
            Lexicon.load(path, backend=backend)


def test_trailing_bytes(backend, tmp_path, blob):
    path = tmp_path / "long.lex"
    path.write_bytes(blob + b"\0\0\0\0")
    with pytest.raises(LexiconError, match="trailing"):
        Lexicon.load(path, backend=backend)


def test_bad_nodes_with_good_checksums(backend, tmp_path, blob):
    """A file whose checksums are right but whose nodes point anywhere is
    caught by the validation of every offset, before the engine walks it."""
    data = fileformat.loads(blob)
    n = len(data.dawg)
    cases = []
    d = data.dawg
    for k, node in (
        (1, (d[1] & 0xC00000FF) | ((n + 5) << 8)),  # a child past the end
        (0, 0),  # no root
        (n - 1, d[n - 1] & 0x7FFFFFFF),  # the last list never ends
        (2, (d[2] & ~0xFF) | 200),  # a letter outside the alphabet
        (3, 0),
    ):  # letter 0, a dead end
        dawg = array("I", d)
        dawg[k] = node & 0xFFFFFFFF
        cases.append(dawg)
    for dawg in cases:
        bad = fileformat.LexiconData(data.alphabet, dawg, data.gaddag, data.words, data.max_len)
        path = tmp_path / "bad.lex"
        path.write_bytes(fileformat.dumps(bad))
        with pytest.raises(LexiconError, match="not a usable lexicon file"):
            Lexicon.load(path, backend=backend)


def test_not_a_lexicon(backend, tmp_path):
    path = tmp_path / "x.lex"
    path.write_bytes(b"DLXCLEX\0" + b"\xff" * 100)
    with pytest.raises(LexiconError):
        Lexicon.load(path, backend=backend)
    with pytest.raises(LexiconError, match="cannot read"):
        Lexicon.load(tmp_path / "missing.lex", backend=backend)


def test_word_list_with_bom_and_crlf(backend, tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes(b"\xef\xbb\xbfcat\r\ndog\r\n\r\n")
    lex = Lexicon.from_file(path, backend=backend)
    assert sorted(lex) == ["cat", "dog"] and lex.skipped == 0
    path.write_bytes(b"\xff\xfecat")
    with pytest.raises(LexiconError, match="not UTF-8"):
        Lexicon.from_file(path, backend=backend)
