"""What Knuth's DLX2 accepts, dlxc accepts, and the documentation says so.

DLX2's reader (dlx2.w, "Inputting the matrix"): a line whose first
non-blank character is ``|`` is a comment, and so is a blank line; the items
line takes one ``|``, the separator (a second is "Item name line contains |
twice"); in an option line a ``|`` is part of an item name, which no item
has ("Unknown item name"); a color is one non-blank character followed by a
blank, so ``X:|`` and ``X::`` are colors.  Line ends: dlxc reads LF, CRLF
and bare CR alike, whether it is given a path, a binary stream or a text
stream.
"""

from __future__ import annotations

import io
import re
import warnings
from pathlib import Path

import pytest

from dlxc import DlxFormatError, ProblemWarning
from dlxc.xcc.dlxformat import read_dlx

FORMATS = Path(__file__).resolve().parents[2] / "docs" / "reference" / "formats.md"
SECTION = "## DLX files (exact cover)"


def _quiet_read(source, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProblemWarning)
        return read_dlx(source, **kw)


def _shape(p):
    return (p.primary, p.secondary, p.colors, list(p.options), p.dropped)


def test_documented_format_example_reads_as_its_comments_say():
    # The file formats page's example of the format, as printed there.
    text = FORMATS.read_text(encoding="utf-8").split(SECTION, 1)[1]
    block = re.search(r"\n```text\n(.*?)\n```\n", text, re.S).group(1) + "\n"
    with pytest.warns(ProblemWarning, match="option ignored"):
        p = read_dlx(io.StringIO(block), name="formats.md")
    assert p.primary == ("A", "B", "C") and p.secondary == ("X", "Y")
    assert [p.option_text(j) for j in range(len(p.options))] == [
        "A B X:0 Y:0",
        "A C X:1 Y:1",
        "X:0 Y:1",
        "B X:1",
        "C Y:1",
    ]
    assert p.count(backend="python") == 1


@pytest.mark.parametrize(
    "text, line, reason",
    [
        # a remark after an option: DLX2 reads "|" as (part of) an unknown
        # item, DLX5 (whose costs dlxc reads) as a cost that is no number
        ("A B | X\nA X:1 | remark\n", 2, "option cost '|' should be '|' and a decimal"),
        ("A B | X\nA X:1 |remark\n", 2, "option cost '|remark' should be '|' and a"),
        ("A B | X\nA B|x\n", 2, "illegal character '|' in item name 'B|x'"),
        # a remark after the items line: DLX2's "contains | twice"
        ("A B | X | the items\nA\n", 1, "the items line has '|' twice"),
    ],
)
def test_a_bar_after_text_is_an_error_as_in_dlx2(text, line, reason):
    with pytest.raises(DlxFormatError) as info:
        read_dlx(io.StringIO(text), name="t.dlx")
    assert info.value.line == line
    assert reason in info.value.reason


def test_comments_are_lines_starting_with_a_bar():
    text = "| c\n   | indented\n\t|tab\nA B | X\n |x\nA X:1\n\n  \nB X:1\n"
    p = read_dlx(io.StringIO(text))
    assert [p.option_text(j) for j in range(2)] == ["A X:1", "B X:1"]


def test_any_one_character_is_a_color_as_in_dlx2():
    # DLX2 takes the character after ':' whatever it is; ':' and '|' too.
    p = read_dlx(io.StringIO("A B C | X\nA X:|\nB X:|\nC X::\n"))
    assert p.colors == ("", "|", ":")
    assert p.option_text(0) == "A X:|"
    assert p.count(backend="python") == 0  # X cannot be both '|' and ':'
    for bad in ("A X:a|", "A X:a:b"):
        with pytest.raises(DlxFormatError, match="illegal character"):
            read_dlx(io.StringIO("A | X\n" + bad + "\n"))


# ---- line ends ------------------------------------------------------------

COLOR_EXAMPLE = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"


@pytest.mark.parametrize("ends", ["\n", "\r\n", "\r", "mixed"])
def test_line_ends_read_alike_from_path_and_streams(tmp_path, ends):
    if ends == "mixed":
        lines = COLOR_EXAMPLE.splitlines()
        text = "".join(line + ("\r", "\n", "\r\n")[k % 3] for k, line in enumerate(lines))
    else:
        text = COLOR_EXAMPLE.replace("\n", ends)
    path = tmp_path / "example.dlx"
    path.write_bytes(text.encode())
    want = _shape(_quiet_read(io.StringIO(COLOR_EXAMPLE)))
    sources = {
        "path": lambda: str(path),
        "binary file": lambda: open(path, "rb"),
        "text file": lambda: open(path, encoding="utf-8"),
        "text file, newline=''": lambda: open(path, encoding="utf-8", newline=""),
        "StringIO": lambda: io.StringIO(text),
        "BytesIO": lambda: io.BytesIO(text.encode()),
    }
    for what, source in sources.items():
        src = source()
        try:
            assert _shape(_quiet_read(src)) == want, what
        finally:
            if hasattr(src, "close"):
                src.close()


def test_cr_only_file_is_not_one_line(tmp_path):
    # One line to a binary reader, it used to say "item 'A' declared twice".
    path = tmp_path / "mac.dlx"
    path.write_bytes(b"| old Mac line ends\rA B | X\rA X:1\rB X:1\r")
    p = read_dlx(path)
    assert p.primary == ("A", "B") and len(p.options) == 2


def test_bare_cr_counts_as_a_line_end_in_error_positions(tmp_path):
    path = tmp_path / "bad.dlx"
    text = "A B | X\rA X:1\r\nB Q\n"
    path.write_bytes(text.encode())
    for source in (str(path), io.StringIO(text)):
        with pytest.raises(DlxFormatError) as info:
            read_dlx(source, name="bad.dlx")
        assert (info.value.line, info.value.reason) == (3, "unknown item 'Q'")


def test_byte_order_mark_with_cr_line_ends(tmp_path):
    path = tmp_path / "bom.dlx"
    path.write_bytes("\ufeffA B | X\rA X:1\rB X:1\r".encode())
    assert read_dlx(path).primary == ("A", "B")
