"""Reading word lists for Boggle, and the scorer's spelling of Qu."""

from __future__ import annotations

import pytest

from dlxc.base.errors import BoggleError, SkippedLines
from dlxc.boggle import boggle_form, read_words, trie_text


def test_boggle_form():
    assert boggle_form("quiz") == "qiz"
    assert boggle_form("Queue") == "qeue"
    assert boggle_form("equ") == "eq"
    assert boggle_form("qat") is None  # q without u
    assert boggle_form("suq") is None
    assert boggle_form("at") is None  # too short to score
    assert boggle_form("qua") == "qa"  # 3 letters, 2 cells
    assert boggle_form("naïve") is None  # not a..z
    assert boggle_form("can't") is None


def test_read_words(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes("\ufeffApple\r\nbanana\n  cherry \n\nit's\nnaïve\nQUIZ\n".encode("utf-8"))
    # it's is no word (the one policy: noted); naïve is, but no die shows ï
    with pytest.warns(SkippedLines, match=r"1 line skipped.*line 5: \"it's\""):
        words = read_words(path)
    assert words == ["apple", "banana", "cherry", "quiz"]
    assert trie_text(words) == b"apple\nbanana\ncherry\nqiz"
    with pytest.raises(BoggleError, match=r"w\.txt:5: \"it's\": .* is not a letter"):
        read_words(path, strict=True)


def test_unreadable_lists(tmp_path):
    with pytest.raises(BoggleError, match="cannot read"):
        read_words(tmp_path / "missing.txt")
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"caf\xe9\n")
    with pytest.raises(BoggleError, match="not UTF-8"):
        read_words(bad)


def test_a_hostile_line_costs_neither_memory_nor_a_long_message(tmp_path, backend):
    """A line of ten million characters: a message quotes its first 60 and
    says how long it is (not 10 MB on stderr), and a word longer than the
    64 cells of the largest board is left out before a trie is built of it
    (it took 1.2 GB)."""
    import pytest

    from dlxc.base.errors import BoggleError
    from dlxc.boggle import Boggle
    from dlxc.boggle.words import read_words

    bad = tmp_path / "bad.txt"
    bad.write_text("a" * 10_000_000 + "3\nhello\n")
    with pytest.raises(BoggleError) as info:
        read_words(bad, strict=True)
    message = str(info.value)
    assert len(message) < 300 and "(10000001 characters)" in message
    long = tmp_path / "long.txt"
    long.write_text("ab" * 5_000_000 + "\nhello\n" + "a" * 64 + "\n" + "a" * 65 + "\n")
    with Boggle(long, backend=backend) as bg:
        assert bg.words == 2  # hello, and the word of 64 letters


def test_a_plain_list_takes_the_short_way_to_the_same_trie_text(tmp_path):
    """plain_trie_text (a list of a..z lines, read without a step a word)
    gives what reading the list word by word gives, qu and lengths and all,
    and declines any list that needs the long way."""
    import random

    from dlxc.boggle.words import plain_trie_text, read_words, trie_text

    rng = random.Random(4)
    for _ in range(200):
        words = ["".join(rng.choice("aqubz") for _ in range(rng.randrange(140))) for _ in range(40)]
        end = rng.choice(["\n", "\r\n"])
        data = (end.join(words) + rng.choice(["", end])).encode()
        if rng.random() < 0.2:
            data = b"\xef\xbb\xbf" + data
        path = tmp_path / "w.txt"
        path.write_bytes(data)
        try:
            slow = trie_text(read_words(path))
        except Exception as exc:  # no usable word: the fast way gives b""
            slow = exc
        fast = plain_trie_text(data)
        assert fast == (slow if isinstance(slow, bytes) else b"")
    for data in [b"Abc\n", b"abc\rdef\n", b"# x\nabc\n", b"abc \n", "caf\u00e9\n".encode()]:
        assert plain_trie_text(data) is None


def test_a_list_of_whole_words_takes_the_shortest_way_to_the_same_trie_text(tmp_path):
    """A plain list whose every word has 64 letters at most (ENABLE2K's
    kind) is cut as a whole (blank lines, words of 1 or 2 letters and words
    with a q not followed by u go, qu becomes q): the same text as reading it
    word by word, with such lines first, last, together and alone."""
    import random

    from dlxc.boggle.words import plain_trie_text, read_words, trie_text

    rng = random.Random(7)
    for _ in range(300):
        n = rng.randrange(1, 30)
        lengths = [rng.choice([0, 1, 2, rng.randrange(3, 65)]) for _ in range(n)]
        words = ["".join(rng.choice("aqubz") for _ in range(k)) for k in lengths]
        data = ("\n".join(words) + rng.choice(["", "\n"])).encode()
        path = tmp_path / "w.txt"
        path.write_bytes(data)
        try:
            slow = trie_text(read_words(path))
        except Exception:  # no usable word: the fast way gives b""
            slow = b""
        assert plain_trie_text(data) == slow, words
