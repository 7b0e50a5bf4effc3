"""Uniform random solutions (dlxc.xcc.sampling).

Each draw must be a solution (checked by the brute-force oracle), every
solution must be equally likely (a chi-square test on problems whose
counts docs/design/xcc.md gives), and a seed must reproduce a sample on both
backends.  The seeds are fixed, so the statistical test is deterministic:
it fails only if the draws really are lopsided.  Its threshold is the
chi-square quantile at significance 0.001 (scipy's values, written down
below and checked by a series of our own).
"""

from __future__ import annotations

import json

import pytest
from examples import run_cli
from legs import MIRROR_SLOW
from oracles import xcc as oracle
from oracles.uniform import CHI2_999, chi2_cdf, chi2_threshold, chi_square

from dlxc import DlxcError, Problem, ProblemWarning
from dlxc.base.errors import MemoLimitError, NoSolutionError
from dlxc.models.classic import queens
from dlxc.models.wordsearch import word_search_problem
from dlxc.xcc.sampling import Sampler, draw_seeds, sample


def test_chi2_table():
    for df, value in CHI2_999.items():
        assert chi2_cdf(value, df) == pytest.approx(0.999, abs=1e-7)


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@pytest.mark.parametrize(
    "build, n_solutions, draws",
    [
        pytest.param(
            lambda: word_search_problem(4, 4, ["ABEL", "LAND"], "EWSN"),
            112,
            112 * 40,
            id="ABEL+LAND 4x4 EWSN",
        ),
        pytest.param(lambda: queens(8), 92, 92 * 40, id="8 queens"),
        pytest.param(lambda: queens(6), 4, 400, id="6 queens"),
    ],
)
def test_draws_are_uniform(backend, build, n_solutions, draws):
    problem = build()
    got = problem.sample(draws, seed=2024, backend=backend)
    assert len(got) == draws
    distinct = {frozenset(d) for d in got}
    assert all(oracle.is_solution(problem, d) for d in distinct)
    assert len(distinct) == n_solutions  # so every solution turns up
    assert chi_square(got, n_solutions) < chi2_threshold(n_solutions - 1)


def test_draws_are_solutions_of_the_seed_problem(c_backend):
    problem = word_search_problem(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"])
    with Sampler(problem, backend="c") as sampler:
        assert sampler.count == 244_792
        for d in sampler.sample(50, seed=1):
            assert oracle.is_solution(problem, d)


def test_chi_square_sees_a_biased_sampler(c_backend):
    """The uniformity test can fail: DLX2's seeded random tie-breaking,
    taking the first solution of each seeded search, is not uniform on
    ABEL+LAND (whose MRV ties it breaks at random), and the test says so."""
    problem = word_search_problem(4, 4, ["ABEL", "LAND"], "EWSN")
    first = []
    for seed in range(112 * 10):
        with problem.solutions(backend="c", seed=seed, limit=1) as s:
            first.extend(s)
    assert chi_square(first, 112) > chi2_threshold(111)


def test_seed_reproduces_on_both_backends(c_backend):
    problem = word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"])
    a = sample(problem, 20, seed=11, backend="c")
    b = sample(problem, 20, seed=11, backend="python")
    assert a == b
    assert sample(problem, 20, seed=12, backend="c") != a
    assert sample(problem, 5, seed=11, backend="c") == a[:5]  # a prefix


def test_draw_seeds_are_a_stream():
    assert draw_seeds(1, 3) == draw_seeds(1, 5)[:3]
    assert len(set(draw_seeds(1, 100))) == 100


def test_full_table_refuses_to_sample(backend):
    problem = word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"])
    with pytest.raises(MemoLimitError, match="memo-limit"):
        problem.sample(3, seed=1, backend=backend, memo_limit=1)
    assert issubclass(MemoLimitError, DlxcError)


def test_no_solution(backend):
    with pytest.warns(ProblemWarning, match="'B' is in no option"):
        problem = Problem(["A", "B"], [], [["A"]])
    with pytest.raises(NoSolutionError, match="no solution"):
        problem.sample(1, backend=backend)
    assert problem.sample(0, backend=backend) == []


def test_sample_arguments(backend):
    with pytest.raises(ValueError, match="negative"):
        queens(6).sample(-1, backend=backend)
    with queens(6).search(backend=backend) as s:
        with pytest.raises(ValueError, match="memoized"):
            s.sample(1)
    with queens(6).search(backend=backend, memo_entries=100) as s:
        with pytest.raises(ValueError, match="complete count"):
            s.sample(1)


# ---- dlxc sample ------------------------------------------------------------------


@pytest.fixture
def abel_land_file(tmp_path):
    from dlxc.xcc.dlxformat import write_dlx

    path = tmp_path / "abel_land.dlx"
    write_dlx(word_search_problem(4, 4, ["ABEL", "LAND"], "EWSN"), path)
    return path


def test_cli_sample_json(abel_land_file):
    from dlxc.xcc.dlxformat import read_dlx

    problem = read_dlx(abel_land_file)
    result = run_cli("sample", abel_land_file, "-n", 6, "--seed", 9, "--json")
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["sample"] for r in records] == [1, 2, 3, 4, 5, 6]
    for r in records:
        assert oracle.is_solution(problem, r["options"])
        assert r["text"] == problem.solution_text(r["options"])
    assert "Drew 6 of 112 solutions" in result.stderr and "seed 9" in result.stderr
    assert run_cli("sample", abel_land_file, "-n", 6, "--seed", 9, "--json").stdout == result.stdout
    assert [tuple(r["options"]) for r in records] == sample(problem, 6, seed=9)


def test_cli_sample_text(abel_land_file):
    result = run_cli("sample", abel_land_file, "--seed", 1)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "sample 1:" and len(lines) == 4 and lines[-1] == ""
    assert lines[1].startswith(("ABEL ", "LAND "))


def test_cli_sample_refusals(abel_land_file, tmp_path):
    from dlxc.xcc.dlxformat import write_dlx

    three = tmp_path / "three.dlx"
    write_dlx(word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"]), three)
    full = run_cli("sample", three, "--memo-limit", "1")
    assert full.exit_code == 1 and "--memo-limit" in full.stderr
    assert run_cli("sample", abel_land_file, "--memo-limit", "lots").exit_code == 2
    path = tmp_path / "none.dlx"
    path.write_text("A B\nA\n")
    none = run_cli("sample", path)
    assert none.exit_code == 1 and "no solution" in none.stderr


def test_limits_stop_the_count(c_backend):
    from dlxc.base.errors import SearchStopped

    problem = word_search_problem(8, 8, ["ABEL", "CANTOR", "GAUSS", "EULER"])
    with pytest.raises(SearchStopped, match="node limit") as info:
        Sampler(problem, backend="c", node_limit=1000)
    assert info.value.stats.nodes >= 1000 and info.value.stats.partial
    with pytest.raises(SearchStopped, match="timeout"):
        Sampler(problem, backend="c", timeout=0.05)
