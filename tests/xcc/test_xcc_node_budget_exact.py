"""A node budget is exact, on both engines and in lockstep.

DLX2 counts a node for each level entered and for each solution.  A call of
the engine with a budget of b nodes must stop after exactly b more nodes
(or at the end), wherever they fall: a level entry, a solution found at an
inner level (the last option of an item completing the cover), or the
read-only walk of the last level.  Calls of any budgets must add up to the
uninterrupted search's statistics, and the C core and the mirror must agree
on every counter after every call.
"""

from __future__ import annotations

import io
import json
import warnings

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from dlxc.cli import main
from dlxc.xcc.dlxformat import read_dlx
from dlxc.xcc.engines import make_solver
from dlxc.xcc.engines.shared import DONE
from dlxc.xcc.problem import Problem


def _solver(problem: Problem, backend: str):
    return make_solver(
        backend, len(problem.primary), len(problem.items), problem.live_arrays(), None
    )


def _run_all(problem: Problem, backend: str, budget: int):
    """Run to the end in calls of ``budget`` nodes: the statistics after
    each call."""
    solver = _solver(problem, backend)
    seen = []
    while True:
        status = solver.run(budget)
        seen.append(solver.stats())
        if status == DONE:
            return seen


@st.composite
def problems(draw):
    """Small XCC problems, with colors; every option has a primary item."""
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(0, 3))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    options = []
    for _ in range(draw(st.integers(1, 14))):
        opt = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        for s in draw(
            st.lists(st.sampled_from(secondary), max_size=2, unique=True)
            if secondary
            else st.just([])
        ):
            color = draw(st.sampled_from(["", "a", "b"]))
            opt.append(f"{s}:{color}" if color else s)
        options.append(" ".join(opt))
    text = " ".join(primary) + (" | " + " ".join(secondary) if secondary else "") + "\n"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return read_dlx(io.StringIO(text + "\n".join(options) + "\n"))


@given(problems(), st.integers(1, 7))
def test_budget_is_exact_and_resumes_exactly(c_backend, problem, budget):
    full = {b: _run_all(problem, b, 1 << 40)[-1] for b in ("c", "python")}
    assert full["c"] == full["python"]
    total_nodes = full["c"][1]
    for backend in ("c", "python"):
        calls = _run_all(problem, backend, budget)
        nodes = [stats[1] for stats in calls]
        # every call but the last spends exactly its budget
        assert nodes == [min(budget * (k + 1), total_nodes) for k in range(len(calls))]
        assert calls[-1] == full[backend]
    # lockstep: the same counters after every call
    assert _run_all(problem, "c", budget) == _run_all(problem, "python", budget)


def _one_item_problem(n: int, second_item: bool) -> Problem:
    """One item with n options; with ``second_item`` each option also holds
    a second primary item, so every option completes a solution at level 0
    (an inner level, not the last-level walk)."""
    if second_item:
        return Problem(["A", "B"], [], [["A", "B"]] * n)
    return Problem(["A"], [], [["A"]] * n)


@pytest.mark.parametrize("second_item", [False, True], ids=["last-level", "inner-level"])
@pytest.mark.parametrize("limit", [1, 2, 50, 101])
def test_node_limit_on_an_item_with_100_options(backend, second_item, limit):
    problem = _one_item_problem(100, second_item)
    solver = _solver(problem, backend)
    solver.run(limit)
    solutions, nodes = solver.stats()[:2]
    assert nodes == limit
    assert solutions == limit - 1  # one node for the level, one for each solution


def test_empty_problem_budget(backend):
    # No primary item: one node for level 0, one for the empty solution.
    problem = Problem([], ["X"], [])
    calls = _run_all(problem, backend, 1)
    assert [stats[:2] for stats in calls] == [(0, 1), (1, 2)]


def test_cli_count_node_limit_one(tmp_path, backend):
    path = tmp_path / "ab.dlx"
    path.write_text("A B\n" + "A B\n" * 100)
    r = CliRunner().invoke(
        main, ["count", "--node-limit", "1", "--backend", backend, "--json", str(path)]
    )
    assert r.exit_code == 4, r.stderr
    record = json.loads(r.stdout)
    assert (record["nodes"], record["solutions"], record["complete"]) == (1, 0, False)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_cli_solve_node_limit_one(tmp_path, backend, jobs):
    path = tmp_path / "ab.dlx"
    path.write_text("A B\n" + "A B\n" * 100)
    r = CliRunner().invoke(
        main, ["solve", "--node-limit", "1", "--jobs", jobs, "--backend", backend, str(path)]
    )
    assert r.exit_code == 4, r.stderr
    assert "solution 1:" not in r.stdout
    assert "Stopped after 0 solutions" in r.stderr and " 1 nodes," in r.stderr
