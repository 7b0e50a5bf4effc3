"""Problems with multiplicities through the memoized count, uniform samples
and the ZDD (csrc/xcc/zddm.c and its mirror dlxc/xcc/engines/zddm.py).

Everything is checked against the brute-force oracle of test_mcc.py (every
subset of the options) and the plain MCC search: the diagram's paths are
the oracle's solutions, its count and the memoized count are their number,
the two backends make the same diagram node for node, and samples are
uniform by a chi-square test.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from oracles.uniform import chi2_cdf, chi_square
from test_mcc import KNUTH_EXAMPLE, _rooks, _rooks_brute, mcc_problems, oracle

from dlxc import Problem, read_dlx
from dlxc.base.errors import MemoLimitError, RequestError, SearchStopped
from dlxc.xcc.sampling import Sampler
from dlxc.xcc.zdd import Zdd, ZddBuild

#: 23 solutions, with slack (0:2, 1:3), an exact 2 and colors; ten options
SMALL = """1:2|A 0:2|B 1:3|C 2|D | X
B A
D A
D
C X:x
D A
D X:x
B X
D
D X:x
A X:y
"""


def small() -> Problem:
    return read_dlx(io.StringIO(SMALL))


def threshold(df: int) -> float:
    """The chi-square quantile at 0.999 (bisection on the oracle's cdf)."""
    lo, hi = 0.0, 10.0 * df + 50
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if chi2_cdf(mid, df) < 0.999 else (lo, mid)
    return hi


@given(problem=mcc_problems(max_options=7))
def test_zdd_paths_are_the_oracles_solutions(backend, problem):
    z = problem.zdd(backend=backend)
    paths = [frozenset(s) for s in z]
    want = oracle(problem)
    assert len(paths) == len(set(paths)) == z.count() == len(want)
    assert set(paths) == want
    for s in z if problem.bounds else ():  # ordered: options increase along a path
        assert list(s) == sorted(s)
    stats = problem.count_stats(memo=True, backend=backend)
    assert stats.complete and stats.solutions == len(want)
    assert stats.engine == "zddm" or not problem.bounds
    assert problem.count(backend=backend) == len(want)


@given(problem=mcc_problems(max_options=7), budget=st.integers(1, 5))
def test_c_and_mirror_make_the_same_diagram(c_backend, problem, budget):
    """Node for node, with the same figures, however the search is cut."""
    assume(problem.bounds)
    out = []
    for backend, step in (("c", 1 << 40), ("python", 1 << 40), ("c", budget), ("python", budget)):
        b = ZddBuild(problem, backend)
        while b._engine.run(step) == 2:
            pass
        out.append((b._engine.info(), [list(a) for a in b._engine.diagram()]))
    assert out[1:] == out[:1] * 3


def test_round_trip_and_min_cost(backend):
    """The text format reads back to the same diagram; min_cost over it is
    the brute force's."""
    problem = small()
    z = problem.zdd(backend=backend)
    again = Zdd.read(io.StringIO(z.text()), problem)
    assert list(again) == list(z) and again.count() == z.count() == len(oracle(problem))
    costs = [(7 * j) % 5 + 1 for j in range(len(problem.options))]
    best = min(sum(costs[j] for j in s) for s in oracle(problem))
    cost, solution = z.min_cost(costs)
    assert cost == best == sum(costs[j] for j in solution)
    assert frozenset(solution) in oracle(problem)


def test_memo_count_of_a_covering_with_slack(backend):
    problem = _rooks(4)
    stats = problem.count_stats(memo=True, backend=backend)
    assert stats.solutions == _rooks_brute(4) == problem.count(backend="c")
    assert stats.memo is not None and stats.memo.hits > 0


def test_draws_are_uniform(backend):
    problem = small()
    solutions = oracle(problem)
    n = len(solutions)
    got = problem.sample(40 * n, seed=7, backend=backend)
    assert {frozenset(d) for d in got} == solutions
    assert chi_square(got, n) < threshold(n - 1)
    assert problem.sample(5, seed=3, backend=backend) == problem.sample(5, seed=3, backend="c")


def test_limits_and_memory(c_backend):
    problem = _rooks(5)
    stats = problem.count_stats(memo=True, node_limit=50)
    assert not stats.complete and stats.stopped == "node limit" and stats.nodes == 50
    with pytest.raises(SearchStopped, match="node limit"):
        Sampler(problem, backend="c", node_limit=50)
    with pytest.raises(MemoLimitError, match="memory limit"):
        problem.zdd(memo_limit=1000)
    with pytest.raises(RequestError, match="one process"):
        problem.count(memo=True, jobs=2)


def test_no_solution_and_empty_solution(backend):
    """An item no option can cover often enough; an item of u = 0 alone."""
    p = Problem(["A", "B"], [], [["A"], ["A", "B"]], bounds={"B": (2, 2)})
    assert p.zdd(backend=backend).count() == 0 == p.count(memo=True, backend=backend)
    q = Problem(["A"], [], [["A"]], bounds={"A": (0, 1)})
    assert sorted(q.zdd(backend=backend)) == [(), (0,)]


def test_cli(tmp_path):
    from examples import run_cli

    path = tmp_path / "ex.dlx"
    path.write_text(KNUTH_EXAMPLE)
    r = run_cli("count", "--memo", path)
    assert r.exit_code == 0 and r.stdout == "1\n" and "zddm engine" in r.stderr
    r = run_cli("zdd", "--count", path)
    assert r.exit_code == 0 and r.stdout == "1\n", r.output
    r = run_cli("zdd", path)
    z = Zdd.read(io.StringIO(r.stdout), read_dlx(io.StringIO(KNUTH_EXAMPLE)))
    assert [sorted(s) for s in z] == [[1, 3, 4]]
    r = run_cli("sample", "--seed", "1", "-n", "2", path)
    assert r.exit_code == 0 and r.stdout.count("A C X:1 Y:1\nB X:1\nC Y:1\n") == 2
    r = run_cli("count", "--memo", "--jobs", "2", path)
    assert r.exit_code != 0 and "one process" in r.output and "Traceback" not in r.output


# ---- preprocessing -----------------------------------------------------------


@given(problem=mcc_problems(max_options=7))
def test_preprocessing_keeps_every_solution(problem):
    """The reduced problem's solutions, mapped back, are the oracle's; the
    reductions run on bitsets, the same on both backends."""
    from dlxc.xcc.preprocess import preprocess

    reduced, stats = preprocess(problem, "python")
    assert {frozenset(reduced.to_original(s)) for s in reduced.solutions()} == oracle(problem)
    assert reduced.count(memo=True) == len(oracle(problem))


def test_preprocessing_removes_what_bounds_rule_out(backend):
    problem = small()
    reduced, stats = problem.preprocess(backend=backend), problem.preprocess().preprocessing
    assert stats.blocked == 2 and len(reduced.options) == 8
    assert reduced.bounds == problem.bounds
    assert {frozenset(reduced.to_original(s)) for s in reduced.solutions()} == oracle(problem)
    # an item that can no longer be covered u times: no solution, the item alone
    p = Problem(["A", "B", "C"], [], [["A", "B"], ["A", "B", "C"], ["C"]], bounds={"A": (2, 2)})
    r = p.preprocess(backend=backend)
    assert r.primary == ("A",) and not r.options and r.count() == 0 == len(oracle(p))


def test_preprocess_cli_and_count_with_costs(tmp_path):
    from examples import run_cli

    path = tmp_path / "m.dlx"
    path.write_text(SMALL)
    r = run_cli("preprocess", path)
    assert r.exit_code == 0 and "2 options" in r.stderr
    assert r.stdout.splitlines()[1] == "1:2|A 0:2|B 1:3|C 2|D | X"
    again = tmp_path / "r.dlx"
    again.write_text(r.stdout)
    assert run_cli("count", again).stdout == run_cli("count", "--preprocess", path).stdout
    assert run_cli("count", path).stdout == "23\n"
    costs = tmp_path / "c.dlx"
    costs.write_text("A B C\nA B |3\nC |1\nA |2\nB C |4\n")
    r = run_cli("count", "--preprocess", costs)
    assert r.exit_code == 0 and r.stdout == "2\n", r.output


# ---- costs -------------------------------------------------------------------


@given(problem=mcc_problems(max_options=7), k=st.integers(1, 4), data=st.data())
def test_k_best_against_brute_force(backend, problem, k, data):
    """The k cheapest costs are the brute force's k smallest, and each
    solution listed is a solution of that cost."""
    assume(problem.bounds)
    n = len(problem.options)
    problem.costs = data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    solutions = oracle(problem)
    want = sorted(sum(problem.costs[j] for j in s) for s in solutions)[:k]
    got = problem.best(k, backend=backend)
    assert got.complete and [c for c, _ in got] == want
    for cost, options in got:
        assert frozenset(options) in solutions
        assert cost == sum(problem.costs[j] for j in options)
    assert len({frozenset(o) for _, o in got}) == len(got)


def test_best_cli_with_bounds(tmp_path):
    from examples import run_cli

    path = tmp_path / "mc.dlx"
    path.write_text("2:3|A B | X\nA X:a |3\nA B |2\nB |1\nA |4\nA X:b |1\nB X:a |2\n")
    problem = read_dlx(str(path))
    costs = sorted(sum(problem.costs[j] for j in s) for s in oracle(problem))
    r = run_cli("solve", "--best", "3", path)
    assert r.exit_code == 0, r.output
    assert [
        int(line.split("cost ")[1][:-2]) for line in r.stdout.splitlines() if "cost" in line
    ] == costs[:3]
    assert "zddm engine" in r.stderr
    r = run_cli("solve", "--best", "2", "--node-limit", "3", path)
    assert r.exit_code == 4 and "Traceback" not in r.output
