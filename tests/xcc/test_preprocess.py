"""Preprocessing (``dlxc.xcc.preprocess``, ``dlxc preprocess``, ``--preprocess``).

The oracle is the brute force of tests/oracles/xcc.py: the reduced problem
must have the same solutions once mapped back to the original options,
every option removed must be one that no solution uses, and the C engine
and its mirror must give the same reduced problem (same items, options,
origins and figures)."""

from __future__ import annotations

import json
import warnings

import pytest
from click.testing import CliRunner
from hypothesis import given
from legs import BACKENDS, C_UNAVAILABLE, c_skip_reason
from oracles.xcc import solutions as brute_solutions
from strategies import colored_problems

from dlxc import Colored, Problem, ProblemError, ProblemWarning
from dlxc.cli import main
from dlxc.xcc.dlxformat import read_dlx, write_dlx
from dlxc.xcc.preprocess import preprocess


def _problem(primary, secondary, options) -> Problem:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProblemWarning)
        return Problem(primary, secondary, options)


def _mapped_solutions(reduced) -> set:
    return {frozenset(reduced.to_original(s)) for s in reduced.solutions()}


def _shape(reduced, stats) -> tuple:
    """Everything a reduction decides, for comparing the two engines."""
    options = [reduced.options[j] for j in range(len(reduced.options))]
    figures = (stats.options_out, stats.blocked, stats.items_out, stats.forced, stats.rounds)
    return (reduced.primary, reduced.secondary, options, list(reduced.origin), figures, stats.mems)


def _removed(problem, reduced) -> set:
    live = set(range(len(problem.options))) - set(problem.dropped)
    return live - set(reduced.origin)


def _check_against_brute_force(problem, backend):
    expected = brute_solutions(problem)
    reduced, stats = preprocess(problem, backend)
    assert stats.complete
    if stats.infeasible is not None:
        assert not expected
        assert reduced.primary == (stats.infeasible,) and not len(reduced.options)
        assert reduced.count(backend) == 0
    else:
        assert _mapped_solutions(reduced) == expected
    used = set().union(*expected) if expected else set()
    assert not _removed(problem, reduced) & used
    return reduced, stats


@given(colored_problems())
def test_same_solutions_and_same_reduction_on_both_engines(problem):
    shapes = []
    for backend in ("c", "python"):
        if backend == "c" and C_UNAVAILABLE:
            continue
        shapes.append(_shape(*_check_against_brute_force(problem, backend)))
    assert all(s == shapes[0] for s in shapes)
    # the two ways of testing an option decide alike (only the mems differ)
    backend = "python" if C_UNAVAILABLE else "c"
    for way in (1, 2):
        assert _shape(*preprocess(problem, backend, way=way))[:-1] == shapes[0][:-1]


# Knuth's second example in dlx-pre.w: option 0 would leave C uncoverable,
# then C forces Y's last option away... worked out by hand below.
COLOR_EXAMPLE = """\
| A simple example of color controls
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
X:0 Y:1
B X:1
C Y:1
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_color_example(tmp_path, backend):
    path = tmp_path / "color.dlx"
    path.write_text(COLOR_EXAMPLE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProblemWarning)
        problem = read_dlx(str(path))
    reduced, stats = _check_against_brute_force(problem, backend)
    # A B X:0 Y:0 leaves C without options (C's only options clash on X, Y);
    # then every option of A has C, so C goes, with C Y:1.
    assert write_dlx(reduced) == "A B | X Y\nA X:1 Y:1\nB X:1\n"
    assert list(reduced.origin) == [1, 3]
    assert (stats.blocked, stats.options_out, stats.forced, stats.items_out) == (1, 2, 1, 1)


# An L tromino, a domino both ways and a monomino, for a 2x4 box
PIECES = {
    "L": [(0, 0), (1, 0), (1, 1)],
    "D": [(0, 0), (0, 1)],
    "E": [(0, 0), (1, 0)],
    "M": [(0, 0)],
}


def _packing(rows, cols, pieces):
    """Every placement of each piece (cells as (row, col)) in a box, no
    rotations: a polyomino packing with cells as primary items."""
    options = []
    for name, cells in pieces.items():
        for r in range(rows):
            for c in range(cols):
                placed = [(r + dr, c + dc) for dr, dc in cells]
                if all(0 <= a < rows and 0 <= b < cols for a, b in placed):
                    options.append([name] + [f"{a}{b}" for a, b in placed])
    cells = [f"{r}{c}" for r in range(rows) for c in range(cols)]
    return _problem(list(pieces) + cells, [], options)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_packing_loses_the_placements_no_solution_uses(backend):
    # many placements cut off a corner cell that nothing else can fill
    problem = _packing(2, 4, PIECES)
    expected = brute_solutions(problem)
    assert expected
    reduced, stats = _check_against_brute_force(problem, backend)
    removed = _removed(problem, reduced)
    used = set().union(*expected)
    assert removed and stats.options_out == len(removed)
    assert removed <= set(range(len(problem.options))) - used


@pytest.mark.parametrize("backend", BACKENDS)
def test_infeasible_problem_keeps_its_empty_primary_item(backend):
    # B's only option clashes with both options of A on X: no solution
    problem = _problem(
        ["A", "B"],
        ["X"],
        [["A", Colored("X", "r")], ["A", "X"], ["B", Colored("X", "g")]],
    )
    reduced, stats = _check_against_brute_force(problem, backend)
    assert stats.infeasible in ("A", "B")
    assert "no solution" in stats.summary()


@pytest.mark.parametrize("backend", BACKENDS)
def test_small_budgets_give_the_same_reduction(backend, monkeypatch):
    problem = _packing(2, 4, PIECES)
    whole = _shape(*preprocess(problem, backend))
    import dlxc.xcc.preprocess as pre

    monkeypatch.setitem(pre._FIRST_BUDGET, backend, 1)
    monkeypatch.setattr(pre, "_SLICE", 0.0)  # never grow the budget
    assert _shape(*preprocess(problem, backend)) == whole


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_mem_limit_stops_early_and_soundly(backend):
    problem = _packing(2, 4, PIECES)
    expected = brute_solutions(problem)
    reduced, stats = preprocess(problem, backend, mem_limit=1)
    assert not stats.complete and stats.stopped == "mem limit"
    assert "Stopped by the mem limit" in stats.summary()
    assert _mapped_solutions(reduced) == expected
    one_round, _ = preprocess(problem, backend, max_rounds=1)
    assert _mapped_solutions(one_round) == expected


def test_problems_with_costs_are_refused():
    problem = _problem(["A"], [], [["A"]])
    problem.costs = [3]  # as a problem with option costs holds them
    with pytest.raises(ProblemError, match="costs"):
        problem.preprocess()


def test_to_original_names_options_of_the_original_problem():
    problem = _problem(["A", "B"], [], [["A"], ["B"], ["A", "B"]])
    assert problem.to_original([2]) == (2,)
    reduced = problem.preprocess()
    assert {frozenset(s) for s in map(reduced.to_original, reduced.solutions())} == {
        frozenset({0, 1}),
        frozenset({2}),
    }


# ---- the command line --------------------------------------------------------


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def packing_file(tmp_path):
    problem = _packing(2, 4, PIECES)
    path = tmp_path / "packing.dlx"
    write_dlx(problem, str(path))
    return path, problem


def test_cli_preprocess_writes_a_problem_with_the_same_count(packing_file, tmp_path):
    path, problem = packing_file
    out = tmp_path / "small.dlx"
    res = run("preprocess", path, "-o", out)
    assert res.exit_code == 0, res.output
    assert "Removed" in res.stderr and "options" in res.stderr
    small = read_dlx(str(out))
    assert len(small.options) < len(problem.options)
    assert small.count() == len(brute_solutions(problem))
    res = run("preprocess", "-q", "--origins", path)
    assert res.exit_code == 0 and res.stderr == ""
    lines = [x for x in res.stdout.splitlines() if x.startswith("| from option")]
    assert len(lines) == len(small.options)


def test_cli_preprocess_flag_keeps_counts_and_original_option_numbers(packing_file):
    path, problem = packing_file
    expected = brute_solutions(problem)
    for extra in ([], ["--jobs", "2"], ["--memo"]):
        res = run("count", "--preprocess", "-q", *extra, path)
        assert res.exit_code == 0, res.output
        assert int(res.stdout) == len(expected)
    res = run("solve", "--preprocess", "-q", "--json", path)
    assert res.exit_code == 0, res.output
    records = [json.loads(line) for line in res.stdout.splitlines()]
    assert {frozenset(r["options"]) for r in records} == expected
    for r in records:
        assert r["text"] == [problem.option_text(j) for j in r["options"]]
    res = run("sample", "--preprocess", "-q", "--json", "--seed", "3", "-n", "2", path)
    assert res.exit_code == 0, res.output
    assert all(frozenset(json.loads(x)["options"]) in expected for x in res.stdout.splitlines())
    res = run("estimate", "--preprocess", "--json", "--seed", "1", path)
    assert res.exit_code == 0, res.output


def test_cli_preprocess_limits_and_bad_input(packing_file, tmp_path):
    path, _ = packing_file
    res = run("preprocess", "--mem-limit", "1", path)
    assert res.exit_code == 4 and "partial" in res.stderr
    assert read_dlx_text(res.stdout).count() == read_dlx(str(path)).count()
    bad = tmp_path / "bad.dlx"
    bad.write_text("A B\nA C\n")
    res = run("preprocess", bad)
    assert res.exit_code == 1 and "bad.dlx" in res.stderr and "Traceback" not in res.output


def read_dlx_text(text: str):
    import io

    return read_dlx(io.StringIO(text))


@pytest.mark.skipif(C_UNAVAILABLE, reason=c_skip_reason())
def test_c_engine_refuses_malformed_arrays():
    from array import array

    from dlxc.base.errors import DlxcError
    from dlxc.xcc._cbackend import PreC

    with pytest.raises(DlxcError):  # option 0 has no primary item
        PreC(1, 2, array("i", [0, 1]), array("i", [1]), array("i", [0]))
    with pytest.raises(DlxcError):  # item twice in one option
        PreC(1, 1, array("i", [0, 2]), array("i", [0, 0]), array("i", [0, 0]))
