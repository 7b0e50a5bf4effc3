"""Every reader of a user's file, fed bytes it was never meant to read.

A reader may accept the input or refuse it with one of dlxc's own errors
(a ``DlxcError``, which the command line turns into one line and exit 1);
anything else (an IndexError, a UnicodeDecodeError, a RecursionError, a
crash in C) is a bug.  What an accepted input became is used a little, so
the engines see it too: a DLX problem is counted for a few nodes, a word
list fills a small grid, a lexicon lists its words.

The inputs mix raw bytes with fragments of each format (its marks,
separators, numbers at the edges of their types, non-ASCII letters), so
that most examples get past the first line.  The default run draws the
project's usual number of examples (tests/conftest.py profiles); the
sanitizer run (.ci/sanitize) runs these too, where a C reader's slip stops
the run; bench/fuzz_readers.py runs the same tests for as long as asked,
on that build or on the installed one.
Each input a run finds wrong is kept below as a regression example.
"""

from __future__ import annotations

import os
import warnings

import pytest
from fuzz_drivers import DRIVERS, ONE_BACKEND, fragments_of, seeds_of
from hypothesis import example, given, settings
from hypothesis import strategies as st
from legs import C_UNAVAILABLE

from dlxc.base.errors import DlxcError, SolverError

BACKENDS_HERE = ["python"] if C_UNAVAILABLE else ["c", "python"]


def _mutate(data: bytes, edits) -> bytes:
    out = bytearray(data)
    for op, where, span, piece in edits:
        at = where % (len(out) + 1)
        if op == "insert":
            out[at:at] = piece
        elif op == "replace":
            out[at : at + len(piece)] = piece
        elif op == "delete":
            del out[at : at + span]
        elif op == "repeat":  # a stretch written again right after itself
            out[at:at] = out[at : at + span]
        else:  # "truncate"
            del out[at:]
    return bytes(out)


def inputs(fmt: str) -> st.SearchStrategy[bytes]:
    """A valid file of the format changed in a few places (most examples),
    raw bytes, or lines made of the format's fragments and raw bytes."""
    frag = st.sampled_from(fragments_of(fmt))
    edit = st.tuples(
        st.sampled_from(["insert", "replace", "delete", "repeat", "truncate"]),
        st.integers(0, 1 << 16),
        st.integers(1, 12),
        st.one_of(frag, st.binary(min_size=1, max_size=6)),
    )
    mutated = st.builds(
        _mutate, st.sampled_from(seeds_of(fmt)).map(lambda make: make()), st.lists(edit, max_size=4)
    )
    piece = st.one_of(frag, frag, frag, st.binary(max_size=8))
    line = st.lists(piece, max_size=8).map(b"".join)
    sep = st.sampled_from([b"\n", b"\n", b"\r\n", b" ", b"\t", b"\r", b""])
    text = st.lists(st.tuples(line, sep), max_size=10).map(
        lambda parts: b"".join(a + b for a, b in parts)
    )
    return st.one_of(mutated, mutated, mutated, text, st.binary(max_size=200))


def check(fmt: str, data: bytes, backend: str, tmp_path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            DRIVERS[fmt](data, backend, tmp_path)
        except SolverError:
            raise  # the engine failed on what its reader let through
        except DlxcError:
            pass  # refused with one of dlxc's messages: that is the contract


# bench/fuzz_readers.py sets the number of examples of its long runs
_examples = (
    settings(max_examples=int(os.environ["DLXC_FUZZ_EXAMPLES"]))
    if os.environ.get("DLXC_FUZZ_EXAMPLES")
    else (lambda test: test)
)


def _case(fmt):
    backends = ["python"] if fmt in ONE_BACKEND else BACKENDS_HERE

    @pytest.mark.parametrize("backend", backends)
    @given(data=inputs(fmt))
    @_examples
    def test(backend, data, tmp_path):
        check(fmt, data, backend, tmp_path)

    return test


test_dlx = example(data=b"A 2:3|B | x\nA B x:1\n| c\nB |4 x:\n")(_case("dlx"))
test_word_list = _case("word_list")
test_scored_list = _case("scored_list")
test_grid = _case("grid")
test_clues = _case("clues")
test_cgp = _case("cgp")
test_rules = _case("rules")
test_leaves = _case("leaves")
test_lexicon_file = _case("lexicon_file")
test_mask = _case("mask")
test_boggle_board = _case("boggle_board")


def test_every_format_has_a_test():
    """A driver without a test above would never run."""
    names = {n[len("test_") :] for n in globals() if n.startswith("test_")}
    assert set(DRIVERS) <= names


def test_a_refusal_is_a_dlxc_error_not_a_crash(tmp_path):
    """The check itself can fail: a reader's bare Python error goes through."""
    with pytest.raises(ZeroDivisionError):
        DRIVERS["_selftest"] = lambda data, backend, tmp: 1 // 0
        try:
            check("_selftest", b"", "python", tmp_path)
        finally:
            del DRIVERS["_selftest"]
