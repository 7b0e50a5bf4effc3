"""Knuth's DLX format: reading (structure, errors with file and line,
warnings), writing, and round trips, also in DLX2's narrower dialect."""

from __future__ import annotations

import io
import re
import warnings

import pytest
from examples import COLOR_EXAMPLE
from hypothesis import given
from hypothesis import strategies as st

import dlxc
from dlxc import Colored, DlxFormatError, Problem, ProblemError, ProblemWarning
from dlxc.xcc.dlxformat import read_dlx, write_dlx

# the color example of docs/design/xcc.md §2, word for word: one solution, "A C X:1 Y:1"
# and "B X:1"; DLX2's statistics 4 nodes, 14 updates, 5 cleansings.
COLOR_OPTIONS = [
    ("A", "B", Colored("X", "0"), Colored("Y", "0")),
    ("A", "C", Colored("X", "1"), Colored("Y", "1")),
    (Colored("X", "0"), Colored("Y", "1")),
    ("B", Colored("X", "1")),
    ("C", Colored("Y", "1")),
]
DROPPED = "option ignored \\(no primary item\\)"


def read_text(text: str, name: str = "test.dlx") -> Problem:
    return read_dlx(io.StringIO(text), name=name)


def quiet(make):
    """``make()``, with dlxc's problem warnings silenced (for problems that
    are meant to have dropped options or unused primary items)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProblemWarning)
        return make()


# ---- the color example ------------------------------------------------------


def test_color_example_structure():
    with pytest.warns(ProblemWarning, match=r"^test\.dlx:5: " + DROPPED + "$"):
        p = read_text(COLOR_EXAMPLE)
    assert p.name == "test.dlx"
    assert p.primary == ("A", "B", "C")
    assert p.secondary == ("X", "Y")
    assert list(p.options) == COLOR_OPTIONS
    assert p.dropped == [2]
    assert p.colors == ("", "0", "1")  # in first-seen order
    assert p.option_text(1) == "A C X:1 Y:1"


def test_color_example_solution_and_statistics(backend):
    p = quiet(lambda: read_text(COLOR_EXAMPLE))
    with p.search(backend=backend) as s:
        assert list(s) == [(1, 3)]
        stats = s.stats
    assert (stats.solutions, stats.nodes, stats.updates, stats.cleansings) == (1, 4, 14, 5)


# The same problem written differently: the reader must see the same items,
# options and colors, and the count must stay 1.
LAYOUTS = {
    "crlf": COLOR_EXAMPLE.replace("\n", "\r\n"),
    "tabs": COLOR_EXAMPLE.replace(" ", "\t"),
    "no-final-newline": COLOR_EXAMPLE.rstrip("\n"),
    "blank-lines": "\n\n" + COLOR_EXAMPLE.replace("\n", "\n   \n"),
    "comments-everywhere": COLOR_EXAMPLE.replace("\n", "\n| a comment\n  |indented one\n"),
    "leading-spaces": "".join("   " + line + "\n" for line in COLOR_EXAMPLE.splitlines()),
    "knuth-bar-glued": COLOR_EXAMPLE.replace("A B C | X Y", "A B C |X Y"),
    "crlf-tabs-no-newline": COLOR_EXAMPLE.replace(" ", " \t ").replace("\n", "\r\n")[:-2],
}


@pytest.mark.parametrize("text", LAYOUTS.values(), ids=LAYOUTS.keys())
def test_layout_does_not_matter(text):
    with pytest.warns(ProblemWarning, match=DROPPED):
        p = read_text(text)
    assert p.primary == ("A", "B", "C")
    assert p.secondary == ("X", "Y")
    assert list(p.options) == COLOR_OPTIONS
    assert p.count() == 1


def test_sources_path_stream_binary_and_names(tmp_path):
    path = tmp_path / "color.dlx"
    path.write_text(COLOR_EXAMPLE)
    for source, name in [
        (str(path), str(path)),
        (path, str(path)),
        (io.StringIO(COLOR_EXAMPLE), "<stream>"),
        (io.BytesIO(COLOR_EXAMPLE.encode()), "<stream>"),
    ]:
        with pytest.warns(ProblemWarning, match=re.escape(name) + ":5: " + DROPPED):
            p = read_dlx(source)
        assert p.name == name
        assert list(p.options) == COLOR_OPTIONS
    with open(path) as f, pytest.warns(ProblemWarning, match=re.escape(str(path))):
        assert read_dlx(f).name == str(path)  # an open file: its name
    with pytest.warns(ProblemWarning, match="mine:5"):
        assert read_dlx(path, name="mine").name == "mine"


def test_byte_order_mark_is_not_part_of_the_first_name():
    text = "\ufeffA B\nA\nB\n"
    assert read_dlx(io.BytesIO(text.encode())).primary == ("A", "B")
    assert read_text(text).primary == ("A", "B")


def test_long_names_and_colors():
    text = (
        "| names longer than DLX2's 8 characters, colors of several\n"
        "first_word second_word | cell_0_0 cell_0_1\n"
        "first_word cell_0_0:crimson cell_0_1:teal\n"
        "second_word cell_0_0:crimson\n"
        "second_word cell_0_0:teal cell_0_1:teal\n"
    )
    p = read_text(text)
    assert p.items == ("first_word", "second_word", "cell_0_0", "cell_0_1")
    assert p.colors == ("", "crimson", "teal")
    assert p.options[0] == (
        "first_word",
        Colored("cell_0_0", "crimson"),
        Colored("cell_0_1", "teal"),
    )
    assert sorted(map(sorted, p.solutions())) == [[0, 1]]
    # multi-character colors really differ: "crimson" and "teal" clash
    assert p.count() == 1


def test_unicode_names():
    p = read_text("Ärger ß | Ω\nÄrger Ω:α\nß Ω:α\n")
    assert p.items == ("Ärger", "ß", "Ω")
    assert p.count() == 1


# ---- errors: file, line, reason, the line itself -------------------------------

ITEMS = "A B C | X Y\n"
ERRORS = [
    # (id, text, line, reason)
    ("no-items-empty-file", "", None, "no items line: the input is empty"),
    (
        "no-items-only-comments",
        "| one\n\n  | two\n",
        None,
        "no items line: its 3 lines are only comments and blank lines",
    ),
    ("items-bar-twice", "A | X | Y\n", 1, "the items line has '|' twice"),
    ("items-bar-twice-glued", "A | X |Y\n", 1, "the items line has '|' twice"),
    ("items-double-bar", "A || X\n", 1, "the items line has '|' twice"),
    (
        "items-color",
        "| items\nA B | X:0\n",
        2,
        "'X:0' in the items line has a color; colors belong in options",
    ),
    ("items-declared-twice", "A B A\n", 1, "item 'A' declared twice"),
    ("items-primary-and-secondary", "A B | A\n", 1, "item 'A' declared twice"),
    ("items-illegal-char", "A B|C\n", 1, "illegal character '|' in item name 'B|C'"),
    ("unknown-item", ITEMS + "A Q\n", 2, "unknown item 'Q'"),
    ("unknown-colored-item", ITEMS + "A Z:1\n", 2, "unknown item 'Z'"),
    ("unknown-after-comments", ITEMS + "\n| c\nA B\n  \nA Q X:1\n", 6, "unknown item 'Q'"),
    ("item-twice", ITEMS + "B A B\n", 2, "item 'B' twice in one option"),
    ("colored-twice", ITEMS + "A X:0 X:1\n", 2, "item 'X' twice in one option"),
    ("plain-and-colored", ITEMS + "A X X:1\n", 2, "item 'X' twice in one option"),
    ("primary-colored", ITEMS + "A:1 B\n", 2, "primary item 'A' cannot be colored"),
    ("empty-color", ITEMS + "A X:\n", 2, "empty color in 'X:'"),
    ("empty-item-name", ITEMS + "A :0\n", 2, "empty item name in ':0'"),
    ("colon-in-color", ITEMS + "A X:0:1\n", 2, "illegal character ':' in color '0:1'"),
    ("bar-in-color", ITEMS + "A X:0|1\n", 2, "illegal character '|' in color '0|1'"),
    ("bar-in-option", ITEMS + "A | X\n", 2, "option cost '|' should be '|' and a decimal"),
    ("bar-glued-in-option", ITEMS + "A |X\n", 2, "option cost '|X' should be '|' and a"),
    ("illegal-char-in-option", ITEMS + "A B|C\n", 2, "illegal character '|' in item name 'B|C'"),
    ("crlf-line-numbers", (ITEMS + "A B\n\nC Q\n").replace("\n", "\r\n"), 4, "unknown item 'Q'"),
]


@pytest.mark.parametrize("text, line, reason", [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS])
def test_format_errors(text, line, reason):
    with pytest.raises(DlxFormatError) as info:
        read_text(text, name="puzzle.dlx")
    err = info.value
    assert isinstance(err, ProblemError) and isinstance(err, ValueError)
    assert err.file == "puzzle.dlx"
    assert err.line == line
    assert reason in err.reason
    where = "puzzle.dlx" if line is None else f"puzzle.dlx:{line}"
    assert str(err).startswith(f"{where}: {err.reason}")
    if line is not None:
        assert err.text.rstrip("\r\n") == text.splitlines()[line - 1]
        assert err.text.strip() in str(err)  # the line itself is shown


def test_error_names_the_path(tmp_path):
    path = tmp_path / "bad.dlx"
    path.write_text(ITEMS + "A B\nA Q\n")
    with pytest.raises(DlxFormatError, match=re.escape(f"{path}:3: unknown item 'Q'")):
        read_dlx(path)


def test_not_utf8_names_the_line():
    with pytest.raises(DlxFormatError, match="not UTF-8") as info:
        read_dlx(io.BytesIO(b"A B\nA\nB \xff\n"), name="latin.dlx")
    assert (info.value.file, info.value.line) == ("latin.dlx", 3)


def test_missing_file_is_an_oserror(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_dlx(tmp_path / "nope.dlx")


# ---- warnings --------------------------------------------------------------


def test_dropped_options_one_warning_per_file():
    text = ITEMS + "".join(f"X:{i}\n" if i % 2 else "A B C\n" for i in range(12))
    with pytest.warns(ProblemWarning) as record:
        p = read_text(text)
    assert len(record) == 1
    assert str(record[0].message) == (
        "test.dlx: 6 options ignored (no primary item): lines 3, 5, 7 and 3 more"
    )
    assert p.dropped == [1, 3, 5, 7, 9, 11]
    assert len(p.options) == 12  # kept, so indices stay those of the file
    assert p.count() == 6


def test_unused_primary_item_warns():
    with pytest.warns(ProblemWarning, match=r"^test\.dlx: primary item 'C' is in no option"):
        p = read_text("A B C | X\nA B\nX:0 A\n")
    assert p.count() == 0


def test_dropped_option_and_unused_primary_warn_apart():
    with pytest.warns(ProblemWarning) as record:
        read_text("A C | X\nA\nX\n")
    messages = sorted(str(r.message) for r in record)
    assert messages == [
        "test.dlx: primary item 'C' is in no option, so the problem has no solution",
        "test.dlx:3: option ignored (no primary item)",
    ]


# ---- writing ------------------------------------------------------------------


def test_write_color_example_as_dlx2_reads_it(tmp_path):
    p = quiet(lambda: read_text(COLOR_EXAMPLE))
    text = write_dlx(p, comment="the color example of docs/design/xcc.md §2\nsecond line")
    assert text == (
        "| the color example of docs/design/xcc.md §2\n| second line\n"
        + COLOR_EXAMPLE.split("\n", 1)[1]
    )
    path = tmp_path / "out.dlx"
    assert write_dlx(p, path) is None
    assert path.read_text() == COLOR_EXAMPLE.split("\n", 1)[1]
    buf = io.StringIO()
    write_dlx(p, buf, knuth=True)
    assert buf.getvalue() == path.read_text()  # nothing to shorten


def test_write_without_secondary_items():
    p = Problem(["A", "B"], [], [["A"], ["B"], ["A", "B"]])
    assert write_dlx(p) == "A B\nA\nB\nA B\n"
    assert read_text(write_dlx(p)).count() == 2


def test_write_refuses_what_the_format_cannot_say():
    with pytest.raises(ProblemError, match="option 1 is empty"):
        write_dlx(quiet(lambda: Problem(["A"], [], [["A"], []])))
    with pytest.raises(ProblemError, match="without primary items"):
        write_dlx(quiet(lambda: Problem([], ["X"], [])))


def knuth_limits_hold(text: str) -> None:
    """What DLX2 demands of its input: every line ends with a newline, names
    have at most 8 characters, colors exactly one; all printable ASCII."""
    assert text.endswith("\n")
    lines = [x for x in text.split("\n")[:-1] if x.split() and not x.lstrip().startswith("|")]
    for tok in lines[0].split():
        assert tok == "|" or (len(tok) <= 8 and tok.isascii() and tok.isprintable()), tok
    for line in lines[1:]:
        for tok in line.split():
            name, colon, color = tok.partition(":")
            assert 1 <= len(name) <= 8 and name.isascii() and name.isprintable(), tok
            assert not colon or (len(color) == 1 and color.isascii()), tok


def undo_knuth_renaming(text: str) -> Problem:
    """Read a knuth=True file and put the original names and colors back,
    as its comment lines record them."""
    items, colors, section = {}, {}, None
    for line in text.splitlines():
        if not line.startswith("|"):
            break
        if "item names shortened" in line:
            section = items
        elif "colors shortened" in line:
            section = colors
        elif section is not None and " = " in line:
            new, old = line[1:].split(" = ")
            section[new.strip()] = old.strip()
    p = quiet(lambda: read_text(text))
    rename = lambda x: items.get(x, x)  # noqa: E731
    options = [
        [
            Colored(rename(e.item), colors.get(e.color, e.color))
            if isinstance(e, Colored)
            else rename(e)
            for e in opt
        ]
        for opt in p.options
    ]
    return quiet(lambda: Problem(map(rename, p.primary), map(rename, p.secondary), options))


def test_knuth_shortens_long_names_and_colors():
    p = Problem(
        ["a_long_word", "B", "#0"],
        ["cell_10_10", "c"],
        [
            ["a_long_word", Colored("cell_10_10", "crimson"), Colored("c", "x")],
            ["B", Colored("cell_10_10", "crimson")],
            ["#0", Colored("cell_10_10", "navy"), Colored("c", "x")],
            ["B", "#0"],
        ],
    )
    text = write_dlx(p, knuth=True)
    knuth_limits_hold(text)
    assert "#0 = " not in text  # "#0" is taken: the new names avoid it
    q = quiet(lambda: read_text(text))
    assert q.items[1:3] == ("B", "#0") and q.secondary[1] == "c"  # short names stay
    assert q.colors[2] == "x"  # a one-character color stays
    assert list(q.solutions()) == list(p.solutions())
    back = undo_knuth_renaming(text)
    assert (back.primary, back.secondary) == (p.primary, p.secondary)
    assert list(back.options) == list(p.options)


def test_knuth_colors_limit():
    def many_colors(n):
        return Problem(["A"], ["x"], [["A", Colored("x", f"c{i}")] for i in range(n)])

    text = write_dlx(many_colors(92), knuth=True)
    knuth_limits_hold(text)
    assert quiet(lambda: read_text(text)).count() == 92
    with pytest.raises(ProblemError, match="93 colors"):
        write_dlx(many_colors(93), knuth=True)
    assert read_text(write_dlx(many_colors(93))).count() == 93  # dlxc's own dialect is fine


# ---- round trips over random problems -------------------------------------------

_NAME_CHARS = st.characters(
    blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp"), blacklist_characters="|:\ufeff"
)
_names = st.text(_NAME_CHARS, min_size=1, max_size=10).filter(
    lambda s: not any(c.isspace() for c in s)
)


@st.composite
def problems(draw):
    names = draw(st.lists(_names, min_size=1, max_size=9, unique=True))
    n_primary = draw(st.integers(1, len(names)))
    primary, secondary = names[:n_primary], names[n_primary:]
    palette = draw(st.lists(_names, min_size=1, max_size=4, unique=True))
    options = []
    for _ in range(draw(st.integers(0, 12))):
        chosen = draw(st.lists(st.sampled_from(names), min_size=1, max_size=5, unique=True))
        options.append(
            [
                Colored(x, draw(st.sampled_from(palette)))
                if x in secondary and draw(st.booleans())
                else x
                for x in chosen
            ]
        )
    return quiet(lambda: Problem(primary, secondary, options))


def same_problem(p: Problem, q: Problem) -> None:
    assert (q.primary, q.secondary) == (p.primary, p.secondary)
    assert list(q.options) == list(p.options)
    assert q.dropped == p.dropped


@given(problems())
def test_round_trip(p):
    q = quiet(lambda: read_text(write_dlx(p)))
    same_problem(p, q)
    assert q.count() == p.count()


@given(problems())
def test_knuth_round_trip(p):
    text = write_dlx(p, knuth=True, comment="random problem")
    knuth_limits_hold(text)
    q = quiet(lambda: read_text(text))
    assert len(q.options) == len(p.options) and q.dropped == p.dropped
    # option indices survive, so the very solutions do
    assert sorted(map(sorted, q.solutions())) == sorted(map(sorted, p.solutions()))
    same_problem(p, undo_knuth_renaming(text))


def test_exported_from_package():
    assert dlxc.read_dlx is read_dlx and dlxc.write_dlx is write_dlx
