"""The C reader of Knuth's format (csrc/xcc/reader.c) against the Python one.

The C reader is a fast path: it either builds exactly the Problem the Python
reader builds, or gives up (None) and lets the Python reader word the error
or the warning.  These tests generate DLX text, plain and damaged in the
ways the format can go wrong, and check both halves of that contract: equal
arrays and names whenever C reads a file, and C giving up whenever the
Python reader raises or warns.  Plain ASCII input without anything to
report must take the fast path (else the fast path would be dead code).
"""

from __future__ import annotations

import warnings

import pytest
from conftest import C_UNAVAILABLE
from hypothesis import given
from hypothesis import strategies as st

from dlxc.base.errors import DlxcError
from dlxc.xcc import dlxformat

pytestmark = pytest.mark.skipif(C_UNAVAILABLE, reason="the C reader needs the C backend")

NAMES = st.text(alphabet="abcXYZ019_#!?.", min_size=1, max_size=4)
COLORS = st.text(alphabet="rgb01:|#", min_size=1, max_size=3)
SPACE = st.sampled_from([" ", "  ", "\t", " \x0b", "\x1c"])
EOL = st.sampled_from(["\n", "\r\n", "\r"])


def python_read(path):
    """The Python reader alone: (problem, warnings) or (exception, [])."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DLXC_READER", "python")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                return dlxformat.read_dlx(path), [str(w.message) for w in caught]
            except DlxcError as exc:
                return exc, []


def fast_read(data: bytes):
    from dlxc.xcc._cbackend import read_dlx_arrays

    return read_dlx_arrays(data)


def as_arrays(p):
    return [
        list(p.primary),
        list(p.secondary),
        list(p.colors),
        list(p.opt_start),
        list(p.opt_items),
        list(p.opt_colors),
    ]


@st.composite
def dlx_texts(draw, damaged: bool):
    """DLX text: an items line, options over those items (secondary ones
    colored at random), comments and blank lines; with ``damaged``, one
    random edit of the kind that makes files wrong."""
    primary = draw(st.lists(NAMES, min_size=1, max_size=5, unique=True))
    secondary = draw(st.lists(NAMES.filter(lambda n: n not in primary), max_size=4, unique=True))
    sp, eol = draw(SPACE), draw(EOL)
    lines = []
    if draw(st.booleans()):
        lines.append("| a comment" + draw(st.sampled_from(["", " é ü", " |x:y"])))
    lines.append(sp.join(primary + (["|"] + secondary if secondary else [])))
    for _ in range(draw(st.integers(0, 8))):
        its = draw(
            st.lists(st.sampled_from(primary + secondary), min_size=1, max_size=5, unique=True)
        )
        toks = [
            it + (":" + draw(COLORS) if it in secondary and draw(st.booleans()) else "")
            for it in its
        ]
        lines.append(sp.join(toks))
        if draw(st.integers(0, 5)) == 0:
            lines.append(draw(st.sampled_from(["", "   ", "| comment", "  |x y"])))
    if damaged:
        k = draw(st.integers(0, len(lines) - 1))
        edit = draw(st.sampled_from(["append", "insert", "dup", "drop_primary"]))
        if edit == "append":
            lines[k] += " " + draw(
                st.sampled_from(
                    [
                        "zz",
                        "|",
                        "a|b",
                        ":c",
                        "x:",
                        "é",
                        "\x00",
                        "\u00a0",
                        "\u2028q",
                        primary[0] + ":1",
                    ]
                )
            )
        elif edit == "insert":
            lines.insert(k, draw(st.sampled_from(["\ufeffA", "a b | c | d", "\xa0| c"])))
        elif edit == "dup" and lines[k].split():
            lines[k] += " " + lines[k].split()[0]
        elif edit == "drop_primary":
            lines.append(sp.join(secondary) if secondary else primary[0] + ":x")
    text = eol.join(lines) + draw(st.sampled_from(["", eol]))
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text.encode("utf-8")


def check_agree(tmp_path, data: bytes) -> bool:
    """The contract on one input; True when the fast path took it."""
    path = tmp_path / "p.dlx"
    path.write_bytes(data)
    expected, warned = python_read(path)
    got = fast_read(data)
    if got is None:
        return False
    assert not isinstance(expected, Exception), f"C read what Python rejects: {expected}"
    assert not warned, f"C read what Python warns about: {warned}"
    assert list(map(list, got)) == as_arrays(expected)
    return True


@given(text=dlx_texts(damaged=False))
def test_plain_input_reads_alike(tmp_path_factory, text):
    tmp = tmp_path_factory.mktemp("plain")
    path = tmp / "p.dlx"
    path.write_bytes(text)
    expected, warned = python_read(path)
    took = check_agree(tmp, text)
    if not isinstance(expected, Exception) and not warned:
        assert took, "plain input must take the fast path"


@given(text=dlx_texts(damaged=True))
def test_damaged_input_is_left_to_python(tmp_path_factory, text):
    check_agree(tmp_path_factory.mktemp("damaged"), text)


@pytest.mark.parametrize(
    "text",
    [
        b"",
        b"\n\n| only comments\n",
        b"A B\nA C\n",
        b"A | B\nA B:x:y\n",
        b"A\nA A\n",
        b"A | B\nB\n",
        b"A B\nA\n",
        b"A | B\nA:1\n",
        b"A | B\nA B:\n",
        b"A|B|C\nA\n",
        b"A\xff\nA\n",
        b"A\n| \xff\nA\n",
        b"A:x\nA\n",
        b"A A\nA\n",
    ],
)
def test_bad_or_warned_input_is_left_to_python(tmp_path, text):
    assert fast_read(text) is None
    path = tmp_path / "bad.dlx"
    path.write_bytes(text)
    expected, warned = python_read(path)
    assert isinstance(expected, Exception) or warned


def test_read_dlx_uses_it_and_gives_the_same_problem(tmp_path):
    data = b"| colors\xc3\xa9\r\nA B |X Y\rA X:0 Y:1\r\nB X:1\nA B Y::\n"
    path = tmp_path / "ok.dlx"
    path.write_bytes(data)
    assert fast_read(data) is not None
    p = dlxformat.read_dlx(path)
    q, warned = python_read(path)
    assert as_arrays(p) == as_arrays(q) and not warned
    assert p.name == q.name == str(path) and p.dropped == q.dropped == []
    assert p.count() == q.count() == 1
