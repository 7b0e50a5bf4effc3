"""The Python face of dlxc: building problems, the errors people see, the
search object and its statistics, choosing a backend."""

from __future__ import annotations

import pytest

import dlxc
from dlxc import (
    Colored,
    DlxcError,
    Problem,
    ProblemError,
    ProblemWarning,
    Search,
    Stats,
    active_backend,
    available_backends,
)
from dlxc.base.backends import c_import_error
from dlxc.models.classic import queens
from dlxc.models.wordsearch import word_search_problem


def color_problem(**kw):
    """The color example of docs/design/xcc.md §2 without its option that has no primary item."""
    return Problem(
        ["A", "B", "C"],
        ["X", "Y"],
        [
            ["A", "B", Colored("X", "0"), Colored("Y", "0")],
            ["A", "C", Colored("X", "1"), Colored("Y", "1")],
            ["B", Colored("X", "1")],
            ["C", Colored("Y", "1")],
        ],
        **kw,
    )


# ---- construction errors -----------------------------------------------------


@pytest.mark.parametrize(
    "primary, secondary, options, message",
    [
        pytest.param(["A"], [], [["A", "B"]], "option 0: unknown item 'B'", id="unknown-item"),
        pytest.param(
            ["A", "B"],
            [],
            [["B"], ["A", "B", "A"]],
            "option 1: item 'A' twice in one option",
            id="item-twice-in-option",
        ),
        pytest.param(
            ["A"],
            ["x"],
            [["A", "x", ("x", "r")]],
            "option 0: item 'x' twice in one option",
            id="colored-and-plain-twice",
        ),
        pytest.param(
            ["A"],
            [],
            [[Colored("A", "r")]],
            "option 0: primary item 'A' cannot be colored",
            id="colored-primary",
        ),
        pytest.param(["A", "B", "A"], [], [], "item 'A' is declared twice", id="declared-twice"),
        pytest.param(["A"], ["A"], [], "item 'A' is declared twice", id="primary-and-secondary"),
        pytest.param(
            ["A B"], [], [], "item name 'A B' contains whitespace, '|' or ':'", id="space-in-name"
        ),
        pytest.param(["A"], ["x|y"], [], "item name 'x|y' contains whitespace", id="bar-in-name"),
        pytest.param(["A:1"], [], [], "item name 'A:1' contains whitespace", id="colon-in-name"),
        pytest.param(["A\t"], [], [], "item name 'A\\t' contains whitespace", id="tab-in-name"),
        pytest.param([""], [], [], "empty item name", id="empty-name"),
        pytest.param([7], [], [], "item name 7 is not a string", id="name-not-a-string"),
        pytest.param(
            ["A"],
            [],
            ["A"],
            "option 0: expected a sequence of items, got the string 'A'",
            id="option-as-string",
        ),
        pytest.param(
            ["A"],
            ["x"],
            [["A", ("x", "r g")]],
            "option 0: color 'r g' contains whitespace",
            id="bad-color",
        ),
        pytest.param(
            ["A"],
            ["x"],
            [["A", ("x", "r", "g")]],
            "option 0: entry ('x', 'r', 'g') is neither an item name nor an (item, color) pair",
            id="entry-triple",
        ),
        pytest.param(["A"], [], [["A", 3]], "option 0: entry 3 is neither", id="entry-int"),
    ],
)
def test_problem_errors(primary, secondary, options, message):
    with pytest.raises(ProblemError) as info:
        Problem(primary, secondary, options)
    assert message in str(info.value)


def test_problem_error_is_value_error_and_dlxc_error():
    with pytest.raises(ValueError):
        Problem(["A"], [], [["B"]])
    with pytest.raises(DlxcError):
        Problem(["A"], [], [["B"]])


# ---- options: entries, round trip, text ------------------------------------------


def test_colored_and_plain_tuples_are_equivalent():
    a = Problem(["A"], ["x", "y"], [["A", Colored("x", "r"), "y"], ["A", Colored("y", "g")]])
    b = Problem(["A"], ["x", "y"], [["A", ("x", "r"), "y"], ("A", ("y", "g"))])
    for name in ("opt_start", "opt_items", "opt_colors", "colors", "items"):
        assert getattr(a, name) == getattr(b, name)
    assert list(a.options) == list(b.options)
    assert all(isinstance(e, Colored) for opt in b.options for e in opt if not isinstance(e, str))


def test_options_round_trip():
    p = color_problem()
    assert p.options[1] == ("A", "C", Colored("X", "1"), Colored("Y", "1"))
    assert p.options[-1] == ("C", Colored("Y", "1"))
    assert p.options[2:] == [("B", Colored("X", "1")), ("C", Colored("Y", "1"))]
    assert len(p.options) == 4
    with pytest.raises(IndexError):
        p.options[4]
    q = Problem(p.primary, p.secondary, list(p.options))
    assert (q.opt_start, q.opt_items, q.opt_colors, q.colors) == (
        p.opt_start,
        p.opt_items,
        p.opt_colors,
        p.colors,
    )


def test_items_and_colors_numbered_in_first_seen_order():
    p = Problem(["B", "A"], ["y", "x"], [["A", ("x", "z")], ["B", ("y", "a"), ("x", "a")]])
    assert p.items == ("B", "A", "y", "x")
    assert p.colors == ("", "z", "a")


def test_option_text():
    p = color_problem()
    assert p.option_text(0) == "A B X:0 Y:0"
    assert p.option_text(2) == "B X:1"
    assert str(Colored("X", "1")) == "X:1"
    assert p.solution_text([1, 2]) == ["A C X:1 Y:1", "B X:1"]


# ---- statistics -------------------------------------------------------------------


def test_stats_summary_wording():
    done = Stats(
        solutions=1, nodes=4, updates=14, cleansings=5, seconds=0.01234, complete=True, backend="c"
    )
    assert done.summary() == (
        "Altogether 1 solution, 14 updates, 5 cleansings, 4 nodes, 0.012 s (c backend)."
    )
    stopped = Stats(
        solutions=3,
        nodes=9,
        updates=20,
        cleansings=0,
        seconds=1.5,
        complete=False,
        backend="python",
    )
    assert stopped.summary() == (
        "Stopped after 3 solutions, 20 updates, 0 cleansings, 9 nodes, 1.500 s (python backend)."
    )


def test_stats_of_a_search(backend):
    s = color_problem().solutions(backend=backend)
    assert isinstance(s, Search)
    assert s.stats.solutions == 0 and not s.stats.complete
    assert list(s) == [(1, 2)]
    st = s.stats
    assert (st.solutions, st.nodes, st.updates, st.cleansings) == (1, 4, 14, 5)
    assert st.complete and s.done and st.backend == backend and st.seconds >= 0
    assert st.summary().startswith("Altogether 1 solution, 14 updates, 5 cleansings, 4 nodes")


# ---- backends ----------------------------------------------------------------------


def test_available_and_active_backends(monkeypatch):
    monkeypatch.delenv("DLXC_BACKEND", raising=False)
    backends = available_backends()
    assert "python" in backends
    assert ("c" in backends) == (c_import_error() is None)
    assert active_backend() == ("c" if "c" in backends else "python")


def test_dlxc_backend_environment_variable(monkeypatch):
    monkeypatch.setenv("DLXC_BACKEND", "python")
    assert active_backend() == "python"
    s = queens(5).solutions()
    assert s.backend == "python"
    assert s.count() == 10 and s.stats.backend == "python"


def test_dlxc_backend_environment_variable_unknown(monkeypatch):
    monkeypatch.setenv("DLXC_BACKEND", "fortran")
    with pytest.raises(ValueError, match="unknown backend 'fortran'"):
        active_backend()


def test_unknown_backend_argument():
    with pytest.raises(ValueError, match="unknown backend 'gpu'; choose one of c, python"):
        queens(4).count(backend="gpu")


# ---- searching -----------------------------------------------------------------------


@pytest.mark.parametrize("k", [0, 1, 5, 92, 100])
def test_limit_yields_exactly_k(backend, k):
    s = queens(8).solutions(backend=backend, limit=k)
    got = list(s)
    assert len(got) == min(k, 92)
    assert s.stats.solutions == min(k, 92)
    if k != 92:  # at k == 92 the search may or may not have seen the tree's end
        assert s.stats.complete == (k > 92)
    assert got == list(queens(8).solutions(backend=backend))[:k]


def test_solutions_are_tuples_of_ints(backend):
    got = list(queens(6).solutions(backend=backend))
    assert len(got) == 4
    for sol in got:
        assert type(sol) is tuple and len(sol) == 12 // 2
        assert all(type(j) is int for j in sol)


def test_iteration_streams(backend):
    """Taking one solution does not search the whole tree."""
    with word_search_problem(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"]).solutions(
        backend=backend
    ) as s:
        first = next(s)
        assert len(first) == 4
        assert not s.stats.complete
        assert s.stats.solutions < 244_792 // 10
    assert s.stats.solutions >= 1  # statistics survive close()


def test_count_and_iteration_agree(backend):
    p = queens(7)
    s = p.solutions(backend=backend)
    assert sum(1 for _ in s) == s.stats.solutions == p.count(backend=backend) == 40


def test_fetch_bounds_each_step(backend):
    """fetch() searches about the nodes it is given and queues at most
    ``room`` solutions; iterating takes the queued ones without searching,
    and the solutions come out as plain iteration gives them."""
    p = queens(8)
    expected = list(p.solutions(backend=backend))
    got = []
    with p.solutions(backend=backend) as s:
        while True:
            nodes = s.stats.nodes
            done = s.fetch(50, room=3)
            assert 0 < s.pending <= 3 or (s.pending == 0 and (done or s.stats.nodes > nodes))
            assert s.stats.nodes - nodes <= 50 + 8  # a node budget, overshot by < one level
            queued, before = s.pending, s.stats.nodes
            got.extend(next(s) for _ in range(queued))
            assert s.stats.nodes == before  # taking does not search
            if done:
                break
    assert got == expected and len(got) == 92


def test_empty_problem_warns_and_has_no_solution(backend):
    with pytest.warns(ProblemWarning, match="'A' is in no option"):
        p = Problem(["A"])
    assert p.count(backend=backend) == 0


def test_repr_and_version():
    assert repr(color_problem(name="colors")) == (
        "<Problem colors: 3 primary, 2 secondary items, 4 options>"
    )
    assert isinstance(dlxc.__version__, str) and dlxc.__version__
