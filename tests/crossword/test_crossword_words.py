"""Word lists for crosswords: the C parser and the Python reader give the
same pool on ASCII input; errors name the file and line."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlxc.base.errors import CrosswordError, SkippedLines
from dlxc.crossword.wordlist import (
    DEFAULT_SCORE,
    parse_word_list,
    pool_from_words,
    read_word_list,
    stacked,
)

line_st = st.one_of(
    st.text("abcXYZ", min_size=1, max_size=6),
    st.builds(
        lambda w, s: f"{w};{s}", st.text("abcXYZ", min_size=1, max_size=6), st.integers(-100, 100)
    ),
    st.sampled_from(["", "  ", "# a comment", "\r", " abc ; 7 \r"]),
)


def pool_tuple(pool):
    return (pool.alphabet, pool.codes, list(pool.starts), list(pool.scores), pool.repeats)


@given(lines=st.lists(line_st, max_size=30), crlf=st.booleans())
def test_backends_parse_alike(backend, lines, crlf):
    blob = ("\r\n" if crlf else "\n").join(lines).encode()
    a = parse_word_list(blob, backend=backend)
    b = parse_word_list(blob, backend="python")
    assert pool_tuple(a) == pool_tuple(b)
    # and both agree with a plain reading of the rules
    expected: dict[str, int] = {}
    for line in blob.decode().split("\n"):
        entry = line.strip(" \t\r")
        if not entry or entry.startswith("#"):
            continue
        word, _, score = entry.partition(";")
        expected.setdefault(word.strip().lower(), int(score) if score.strip() else DEFAULT_SCORE)
    assert a.words == list(expected)
    assert list(a.scores) == list(expected.values())


def test_bom_unicode_and_repeats(backend):
    blob = "\ufeffÉté;70\nété\nabc\nABC\n".encode()
    pool = parse_word_list(blob, backend=backend)
    assert pool.words == ["été", "abc"] and pool.repeats == 2
    assert list(pool.scores) == [70, DEFAULT_SCORE]


@pytest.mark.parametrize(
    "text,line",
    [
        ("abc\nab-c\n", 2),
        ("abc\n\nx;;3\n", 3),
        ("abc;\n", 1),
        (";5\n", 1),
        ("a b\n", 1),
        ("été\nx1\n", 2),
    ],
)
def test_bad_lines_name_file_and_line(backend, tmp_path, text, line):
    path = tmp_path / "list.txt"
    path.write_bytes(text.encode())
    with pytest.raises(CrosswordError, match=rf"list.txt:{line}:"):
        read_word_list(path, backend=backend, strict=True)


@pytest.mark.parametrize(
    "text,line,kept",
    [
        ("abc\nab-c\n", 2, ["abc"]),
        ("a b\nxyz\n", 1, ["xyz"]),
        ("été\nx1\nAA's\n", 2, ["été"]),
    ],
)
def test_lines_not_words_are_skipped_and_noted(backend, tmp_path, text, line, kept):
    path = tmp_path / "list.txt"
    path.write_bytes(text.encode())
    skipped = text.count("\n") - len(kept)
    with pytest.warns(SkippedLines, match=rf"list.txt: {skipped} lines? skipped.*line {line}:"):
        pool = read_word_list(path, backend=backend)
    assert pool.words == kept


def test_a_bad_score_is_an_error_even_unstrict(backend, tmp_path):
    path = tmp_path / "list.txt"
    path.write_bytes(b"abc\nx;;3\n")
    with pytest.raises(CrosswordError, match=r"list.txt:2: the score"):
        read_word_list(path, backend=backend)


def test_an_empty_list_is_an_error(backend, tmp_path):
    path = tmp_path / "list.txt"
    path.write_bytes(b"# nothing\n\n")
    with pytest.raises(CrosswordError, match="list.txt: the word list has no words"):
        read_word_list(path, backend=backend)


def test_not_utf8(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"abc\ncaf\xe9\n")
    with pytest.raises(CrosswordError, match="latin1.txt:2: not UTF-8"):
        read_word_list(path)


scored_st = st.lists(st.tuples(st.text("abcé", min_size=1, max_size=4), st.integers(-5, 80)))


@given(lists=st.lists(scored_st, min_size=1, max_size=4))
def test_stacked_lists_take_the_first_score(backend, lists):
    """Stacked lists hold every word of each, in the order of its first
    appearance, scored by the first list that holds it."""
    pools = [pool_from_words([w for w, _ in ws], [s for _, s in ws]) for ws in lists]
    pools = [p for p in pools if len(p)] or [pool_from_words(["a"])]
    out = stacked(pools, backend)
    order: list[str] = []
    score: dict[str, int] = {}
    for p in pools:
        for w, s in zip(p.words, p.scores):
            if w not in score:
                order.append(w)
                score[w] = s
    assert out.words == order
    assert list(out.scores) == [score[w] for w in order]


def test_cli_fill_stacks_word_lists(tmp_path):
    """``fill -w A -w B``: A's scores override B's; the quality fill follows."""
    import json

    from click.testing import CliRunner

    from dlxc.cli import main

    grid = tmp_path / "g.txt"
    grid.write_text("...\n...\n...\n")
    x = ["abc", "def", "ghi", "adg", "beh", "cfi"]  # a square: rows, then columns
    y = ["kmo", "pqr", "stu", "kps", "mqt", "oru"]
    a = tmp_path / "a.txt"
    a.write_text("".join(f"{w};40\n" for w in x) + "".join(f"{w};10\n" for w in y))
    b = tmp_path / "b.txt"
    b.write_text("".join(f"{w};60\n" for w in y))

    def fill(*lists):
        args = ["crossword", "fill", str(grid), "--budget", "1", "--format", "json", "-q"]
        res = CliRunner().invoke(main, args + [x for p in lists for x in ("-w", str(p))])
        assert res.exit_code == 0, res.output
        return {e["word"] for e in json.loads(res.stdout)["entries"]}

    assert fill(a) == set(x)
    assert fill(b, a) == set(y)
    assert fill(a, b) == set(x)
