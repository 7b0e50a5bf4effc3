"""The C reader of Knuth's format (csrc/xcc/reader.c) against the Python one.

The C reader is a fast path: it either builds exactly the Problem the Python
reader builds, or gives up (None) and lets the Python reader word the error
or the warning.  These tests generate DLX text, plain and damaged in the
ways the format can go wrong, and check both halves of that contract: equal
arrays and names whenever C reads a file, and C giving up whenever the
Python reader raises (with ``notes``, C reads what the Python reader warns
about, and read_dlx gives the same warnings), or warns (without ``notes``,
as the short path of ``dlxc count`` asks).  Plain UTF-8 input without
anything to report (names in any script, Unicode spaces between them) must
take the fast path (else the fast path would be dead code).
"""

from __future__ import annotations

import io
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st
from legs import C_UNAVAILABLE

from dlxc.base.errors import DlxcError
from dlxc.xcc import dlxformat

pytestmark = pytest.mark.skipif(C_UNAVAILABLE, reason="the C reader needs the C backend")

# names and colors with letters of two, three and four UTF-8 bytes, and the
# Unicode spaces that str.split() splits at (U+00A0, U+2028, U+3000, ...)
NAMES = st.text(alphabet="abcXYZ019_#!?.é€\U0001f600\ufeff", min_size=1, max_size=4)
COLORS = st.text(alphabet="rgb01:|#ü", min_size=1, max_size=3)
SPACE = st.sampled_from(
    [" ", "  ", "\t", " \x0b", "\x1c", "\u00a0", " \u2028", "\u3000", "\x85", "\u2009\u205f"]
)
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
        b"A | B\nA:1\n",
        b"A | B\nA B:\n",
        b"A|B|C\nA\n",
        b"A\xff\nA\n",
        b"A\n| \xff\nA\n",
        b"A:x\nA\n",
        b"A A\nA\n",
    ],
)
def test_bad_input_is_left_to_python(tmp_path, text):
    assert fast_read(text) is None
    assert dlxformat._fast_reader()(text, notes=True) is None
    path = tmp_path / "bad.dlx"
    path.write_bytes(text)
    expected, _ = python_read(path)
    assert isinstance(expected, Exception)


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


def read_with(reader: str, source_of):
    """read_dlx of ``source_of()`` with the reader named ("python", or ""
    for the default: C where it can): (problem or error, warnings)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DLXC_READER", reader)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                got = dlxformat.read_dlx(source_of())
            except DlxcError as exc:
                got = exc
    return got, [str(w.message) for w in caught]


class _Pipe(io.BytesIO):
    """A stream that cannot be read again, as a pipe on stdin."""

    def seekable(self) -> bool:
        return False


@given(text=dlx_texts(damaged=True), how=st.sampled_from(["path", "stream", "pipe"]))
def test_read_dlx_gives_the_python_readers_problem_errors_and_warnings(tmp_path_factory, text, how):
    """Whatever the input (warned about, wrong, or plain) and however it is
    given (a path, a binary stream, a stream that cannot be read again):
    read_dlx, which takes the C reader where it can, gives what the Python
    reader alone gives: the same problem and ignored options, or the same
    error with its file and line, and the same warnings."""
    path = tmp_path_factory.mktemp("any") / "p.dlx"
    path.write_bytes(text)
    source_of = {
        "path": lambda: path,
        "stream": lambda: io.BytesIO(text),
        "pipe": lambda: _Pipe(text),
    }[how]
    expected, expected_warnings = read_with("python", source_of)
    got, got_warnings = read_with("", source_of)
    assert got_warnings == expected_warnings
    if isinstance(expected, Exception):
        assert type(got) is type(expected) and str(got) == str(expected)
        return
    assert as_arrays(got) == as_arrays(expected)
    assert (got.name, got.dropped) == (expected.name, expected.dropped)
    assert got.live_arrays() == expected.live_arrays()


@pytest.mark.parametrize(
    "text",
    [
        b"A | B\nA\nB\nB:x\nA B\n",  # options without a primary item
        b"A B C\nA\n",  # primary items in no option
        b"A B | X\r\nX\rA\n\n| c\nX:1\nX\n",  # both, and the lines they are on
    ],
)
def test_warned_input_takes_the_fast_path(tmp_path, text):
    from dlxc.xcc._cbackend import read_dlx_arrays

    assert read_dlx_arrays(text) is None  # the short path of `dlxc count` leaves it
    assert read_dlx_arrays(text, notes=True) is not None
    path = tmp_path / "w.dlx"
    path.write_bytes(text)
    expected, expected_warnings = read_with("python", lambda: path)
    got, got_warnings = read_with("", lambda: path)
    assert expected_warnings and got_warnings == expected_warnings
    assert as_arrays(got) == as_arrays(expected) and got.dropped == expected.dropped


@given(text=dlx_texts(damaged=True))
def test_live_arrays_leave_out_the_ignored_options(tmp_path_factory, text):
    """Problem.live_arrays (copied in C, dlxc_keep_options) against the
    options kept, option by option."""
    path = tmp_path_factory.mktemp("live") / "p.dlx"
    path.write_bytes(text)
    p, _ = read_with("", lambda: path)
    if isinstance(p, Exception):
        return
    start, items, colors, ids = p.live_arrays()
    kept = [j for j in range(len(p.options)) if j not in set(p.dropped)]
    if not p.dropped:
        assert ids is None
        return
    assert list(ids) == kept and len(start) == len(kept) + 1 and start[0] == 0
    for n, j in enumerate(kept):
        a, b = p.opt_start[j], p.opt_start[j + 1]
        assert list(items[start[n] : start[n + 1]]) == list(p.opt_items[a:b])
        assert list(colors[start[n] : start[n + 1]]) == list(p.opt_colors[a:b])
    assert len(items) == len(colors) == start[-1]


@pytest.mark.parametrize("edit", ["unknown", "twice", "colored"])
@pytest.mark.parametrize("bad_at", [None, 0, 15, 16, 17, 31, 32, 33, 39])
def test_long_options_read_alike(tmp_path, bad_at, edit):
    """Options longer than the C reader's batches of tokens (16), plain or
    with an unknown item, a repeated item or a colored primary item at a
    batch's edge: the same problem, or the same error, as the Python reader."""
    import random

    rng = random.Random(str(bad_at))  # "None" too: Random(None) would differ each run
    primary = [f"p{i}" for i in range(60)]
    secondary = [f"s{i}" for i in range(60)]
    lines = [" ".join(primary) + " | " + " ".join(secondary)]
    for n in range(1, 41):
        toks = rng.sample(primary, n // 2 + 1) + [
            s + rng.choice(["", ":a", ":b"]) for s in rng.sample(secondary, n - n // 2 - 1)
        ]
        rng.shuffle(toks)
        lines.append(" ".join(toks))
    # every primary item in some option: a primary item in none is a warning,
    # which the fast path leaves to the Python reader (about 1 draw in 60)
    used = {t for line in lines[1:] for t in line.split()}
    unused = [p for p in primary if p not in used]
    if unused:
        lines.insert(1, " ".join(unused))
    if bad_at is not None:
        toks = lines[-1].split()  # the 40-token option
        toks.insert(bad_at, {"unknown": "zz", "twice": toks[-1], "colored": "p59:x"}[edit])
        lines.append(" ".join(toks))
    data = ("\n".join(lines) + "\n").encode()
    path = tmp_path / "long.dlx"
    path.write_bytes(data)
    expected, expected_warnings = read_with("python", lambda: path)
    got, got_warnings = read_with("", lambda: path)
    assert got_warnings == expected_warnings
    if bad_at is None:
        assert fast_read(data) is not None
        assert as_arrays(got) == as_arrays(expected)
    else:
        assert isinstance(expected, DlxcError) and str(got) == str(expected)


@pytest.mark.parametrize("twice", [None, "short", "long"])
@pytest.mark.parametrize("seed", range(3))
def test_names_near_eight_bytes_read_alike(tmp_path, seed, twice):
    """Thousands of names of 1 to 20 bytes that share their first bytes (the
    C reader's table compares the first 8 bytes of a name, and the rest
    only for names of 8 bytes or more; so many names make it grow), with
    colors of one byte and of several: the Python reader's problem, and its
    error for an item twice in an option of a few items or of many."""
    import random

    rng = random.Random(seed)
    names: set[str] = set()
    while len(names) < 3000:
        head = "abcdefgh"[: rng.randint(1, 8)]
        names.add(head + "".join(rng.choice("xy") for _ in range(rng.randint(0, 12))))
    order = sorted(names)
    rng.shuffle(order)
    primary, secondary = order[:1000], order[1000:]
    lines = [" ".join(primary) + " | " + " ".join(secondary)]
    for p in primary:  # every primary item in some option
        toks = [p] + [
            s + rng.choice(["", ":r", ":g", ":red", ":grün"])
            for s in rng.sample(secondary, rng.randint(0, 12))
        ]
        rng.shuffle(toks)
        lines.append(" ".join(toks))
    if twice is not None:
        n = 3 if twice == "short" else 30
        toks = rng.sample(primary, 1) + rng.sample(secondary, n)
        toks.insert(rng.randint(0, n), rng.choice(toks))
        lines.append(" ".join(toks))
    data = ("\n".join(lines) + "\n").encode()
    path = tmp_path / "names.dlx"
    path.write_bytes(data)
    expected, expected_warnings = read_with("python", lambda: path)
    got, got_warnings = read_with("", lambda: path)
    assert got_warnings == expected_warnings
    if twice is None:
        assert fast_read(data) is not None
        assert as_arrays(got) == as_arrays(expected)
    else:
        assert fast_read(data) is None
        assert isinstance(expected, DlxcError) and "twice" in str(expected)
        assert str(got) == str(expected)
