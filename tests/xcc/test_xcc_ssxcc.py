"""The ssxcc strategy (csrc/xcc/ssxcc.c and its mirror dlxc/xcc/engines/ssxcc.py):
SSXCC's tree on both backends, checked against the brute-force oracle, in
lockstep C against Python, and against the figures Knuth's SSXCC prints.

The published-figure test uses SSXCC's own output on the repository's DLX
files: ssxcc.w (Knuth, the 2023 version with forced moves) built with
ctangle and cc -O3 and run as ``ssxcc < FILE`` here; its "Altogether ...
updates, ... nodes" line is the source of each (nodes, updates) pair.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from oracles import xcc as oracle
from strategies import run_to_end, small_xcc_problems

from dlxc import read_dlx
from dlxc.base.errors import EngineRefused, SolverError
from dlxc.models.classic import dominoes, langford, queens
from dlxc.models.wordsearch import word_search_problem
from dlxc.xcc.engines import make_solver, pick_strategy

PUZZLES = Path(__file__).resolve().parents[2] / "dlxc" / "puzzles" / "dlx"


def run_all(problem, backend, strategy="ssxcc", **how):
    return run_to_end(problem, backend, strategy, **how)


@given(problem=small_xcc_problems())
def test_ssxcc_finds_the_oracles_solutions(backend, problem):
    got, stats = run_all(problem, backend)
    assert {frozenset(s) for s in got} == oracle.solutions(problem)
    assert len(got) == len(set(map(frozenset, got))) == stats[0]


@given(problem=small_xcc_problems(colored=False))
def test_ssxcc_finds_the_oracles_solutions_without_colors(backend, problem):
    got, _ = run_all(problem, backend)
    assert {frozenset(s) for s in got} == oracle.solutions(problem)


@given(problem=small_xcc_problems(), budget=st.integers(1, 5), room=st.integers(0, 3))
def test_ssxcc_c_and_mirror_in_lockstep(c_backend, problem, budget, room):
    """Same solutions in the same order and the same statistics, however
    the search is cut into calls."""
    whole = run_all(problem, "c")
    assert run_all(problem, "python") == whole
    assert run_all(problem, "c", budget=budget, room=room) == whole
    assert run_all(problem, "python", budget=budget, room=room) == whole


@pytest.mark.parametrize(
    "problem",
    [
        pytest.param(queens(6), id="queens-6"),
        pytest.param(langford(7), id="langford-7"),
        pytest.param(dominoes(4, 5), id="dominoes-4x5"),
        pytest.param(dominoes(3, 4), id="dominoes-3x4"),
        pytest.param(word_search_problem(5, 5, ["ABEL", "LAND", "GAUSS"]), id="wordsearch-5x5"),
    ],
)
def test_ssxcc_lockstep_and_dlx2_agree_on_classic_models(c_backend, problem):
    c = run_all(problem, "c", budget=97, room=5)
    assert run_all(problem, "python", budget=97, room=5) == c
    dlx2, _ = run_all(problem, "c", "dlx2")
    assert sorted(map(sorted, c[0])) == sorted(map(sorted, dlx2))


# (file, solutions, nodes, updates) as printed by Knuth's SSXCC on the file
SSXCC_FIGURES = [
    ("abel-land-4x4.dlx", 112, 129, 1585),
    ("color-example.dlx", 1, 3, 16),
    ("langford-7.dlx", 52, 466, 7734),
    ("queens-8.dlx", 92, 947, 20078),
    ("wordsearch-6x6.dlx", 244792, 257181, 2824445),
]


@pytest.mark.parametrize("name,solutions,nodes,updates", SSXCC_FIGURES)
def test_ssxcc_statistics_are_knuths(backend, name, solutions, nodes, updates):
    if backend == "python" and solutions > 1000:
        pytest.skip("the mirror is too slow for this one; C and mirror agree elsewhere")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        problem = read_dlx(PUZZLES / name)
    st_ = problem.count_stats(backend=backend, strategy="ssxcc")
    assert (st_.solutions, st_.nodes, st_.updates, st_.cleansings) == (solutions, nodes, updates, 0)


def test_strategy_choice():
    assert pick_strategy("auto", 4, 4 + 36) == "dlx2"  # a word search
    assert pick_strategy("auto", 72, 72) == "ssxcc"  # pentominoes
    assert pick_strategy(None, 6, 15) == "ssxcc"  # a word rectangle
    assert pick_strategy("auto", 72, 72, seed=3) == "dlx2"
    assert pick_strategy("auto", 72, 72, memo=True) == "dlx2"
    assert pick_strategy("dlx2", 72, 72) == "dlx2"
    with pytest.raises(EngineRefused, match="unknown strategy 'dlx9'; choose one of auto, dlx2"):
        pick_strategy("dlx9", 1, 1)
    with pytest.raises(
        EngineRefused, match="ssxcc engine has no random tie-breaking; use strategy=.dlx2."
    ):
        pick_strategy("ssxcc", 1, 1, seed=1)
    with pytest.raises(EngineRefused, match="ssxcc engine has no memo tables; use strategy='dlx2'"):
        pick_strategy("ssxcc", 1, 1, memo=True)


def test_every_choice_refuses_through_the_one_table(monkeypatch, tmp_path):
    """No engine of the table lacks a split today, so one is taken away from
    SSXCC's row: the library's count, the split choice and the command line
    all refuse it with the one sentence and the one exception, naming the
    engines the table says can, and ``auto`` passes over it."""
    from click.testing import CliRunner

    from dlxc.cli import main
    from dlxc.xcc import parallel
    from dlxc.xcc.engines import table

    row = table.ENGINES["ssxcc"]
    monkeypatch.setitem(
        table.ENGINES,
        "ssxcc",
        table.Engine("ssxcc", row.c_class, row.mirror_class, "ssxcc", frozenset()),
    )
    sentence = (
        "the ssxcc engine has no splitting into subtrees; use strategy='dlx2' or strategy='bits'"
    )
    problem = queens(6)
    with pytest.raises(EngineRefused, match=sentence):
        problem.count_stats(backend="python", strategy="ssxcc", jobs=2)
    with pytest.raises(EngineRefused, match=sentence):
        parallel.split_strategy(problem, "ssxcc")
    assert pick_strategy("auto", 72, 72) == "ssxcc"  # serial: the size rule
    assert pick_strategy("auto", 72, 72, split=True) == "dlx2"  # the first that splits
    path = tmp_path / "q.dlx"
    path.write_text((PUZZLES / "queens-8.dlx").read_text())
    result = CliRunner().invoke(main, ["count", "--jobs", "2", "--strategy", "ssxcc", str(path)])
    assert result.exit_code == 2 and sentence in result.stderr, result.output


def test_ssxcc_searches_resume_split_and_refuse_what_only_dlx2_does(backend):
    problem = queens(6)
    with problem.search(backend=backend, strategy="ssxcc") as s:
        assert s.strategy == "ssxcc"
        first = next(iter(s))
        assert 0.0 <= s.fraction_done() <= 1.0
        assert len(first) == 6
        rest = list(s)
        assert len(rest) + 1 == 4 and s.stats.complete
    split = problem.count_stats(backend=backend, strategy="ssxcc", jobs=2)
    assert split.solutions == 4 and split.engine == "ssxcc" and split.complete
    solver = make_solver(backend, 12, 34, problem.live_arrays(), None, "ssxcc")
    with pytest.raises(SolverError, match="dlx2"):
        solver.set_memo(10)


def test_cli_count_strategies(tmp_path):
    from click.testing import CliRunner

    from dlxc.cli import main

    path = str(PUZZLES / "queens-8.dlx")
    r1 = CliRunner().invoke(main, ["count", "--strategy", "ssxcc", path])
    r2 = CliRunner().invoke(main, ["count", "--strategy", "dlx2", path])
    r3 = CliRunner().invoke(main, ["count", path])
    assert r1.exit_code == r2.exit_code == r3.exit_code == 0
    assert r1.stdout == r2.stdout == r3.stdout == "92\n"
    assert "20078 updates, 0 cleansings, 947 nodes" in r1.stderr
    assert "0 cleansings, 1199 nodes" in r3.stderr  # auto picks the bits engine for queens
