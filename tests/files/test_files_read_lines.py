"""dlxc.base.files.read_lines, the one reader of word lists: what a line is, and
the same errors in the words of each family that reads a list (word searches
and rectangles, the lexicon, Boggle)."""

from __future__ import annotations

import io
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlxc.base.errors import BoggleError, LexiconError, ProblemError
from dlxc.base.files import read_lines
from dlxc.boggle import read_words
from dlxc.lexicon import read_word_list
from dlxc.models.words import read_entries

READERS = [(read_entries, ProblemError), (read_word_list, LexiconError), (read_words, BoggleError)]


@given(
    st.lists(st.text(st.characters(blacklist_categories=("Cs",)), max_size=6), max_size=6),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.booleans(),
    st.booleans(),
)
def test_lines_are_bytes_splitlines(tmp_path_factory, lines, end, bom, last_end):
    blob = end.join(lines).encode() + (end.encode() if last_end and lines else b"")
    path = tmp_path_factory.mktemp("lines") / "list.txt"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + blob)
    name, got = read_lines(path, "word list", ProblemError)
    assert name == str(path)
    assert got == [raw.decode() for raw in blob.splitlines()]


def test_form_feed_and_line_separator_stay_in_the_line(tmp_path):
    path = tmp_path / "list.txt"
    path.write_bytes("ab\x0ccd\u2028ef\nxy\n".encode())
    assert read_lines(path, "word list", ProblemError)[1] == ["ab\x0ccd\u2028ef", "xy"]


@pytest.mark.parametrize("end", [b"\n", b"\r\n", b"\r"])
@pytest.mark.parametrize("reader,error", READERS)
def test_bad_byte_names_file_and_line(tmp_path, reader, error, end):
    path = tmp_path / "latin1.txt"
    path.write_bytes(end.join([b"apple", b"", b"caf\xe9", b"tea"]))
    with pytest.raises(
        error,
        match=r"latin1\.txt:3: not UTF-8 text \(invalid continuation "
        r"byte\)$",
    ):
        reader(path)


@pytest.mark.parametrize("reader,error", READERS)
def test_missing_file(tmp_path, reader, error):
    path = tmp_path / "nowhere.txt"
    with pytest.raises(error, match=r"nowhere\.txt: cannot read the word list \(No such file"):
        reader(path)


def test_dash_is_standard_input(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbfone\r\ntwo\r")))
    assert read_lines("-", "word list", ProblemError) == ("<stdin>", ["one", "two"])
