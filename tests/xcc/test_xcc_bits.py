"""The bits strategy (csrc/xcc/bits.c and its mirror dlxc/xcc/engines/bits.py):
XCC with bitsets of options, checked against the brute-force oracle, in
lockstep C against Python, and against the DLX2 engine, whose tree it walks:
the same solutions in the same order, the same nodes and max_level, on
random problems and on the repository's DLX files (docs/design/xcc.md, section 8).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from oracles import xcc as oracle
from strategies import run_to_end, small_xcc_problems

from dlxc import Problem, read_dlx
from dlxc.base.errors import EngineRefused, RequestError, SolverError
from dlxc.models.classic import dominoes, langford, pentominoes, queens
from dlxc.models.wordsearch import word_search_problem
from dlxc.xcc.engines import make_solver, pick_strategy

PUZZLES = Path(__file__).resolve().parents[2] / "dlxc" / "puzzles" / "dlx"


def run_all(problem, backend, strategy="bits", **how):
    return run_to_end(problem, backend, strategy, **how)


def same_tree(bits_stats, dlx2_stats):
    """solutions, nodes and max_level agree (updates are each engine's own)"""
    return (bits_stats[0], bits_stats[1], bits_stats[4], bits_stats[5]) == (
        dlx2_stats[0],
        dlx2_stats[1],
        dlx2_stats[4],
        dlx2_stats[5],
    )


@given(problem=small_xcc_problems())
def test_bits_finds_the_oracles_solutions(backend, problem):
    got, stats = run_all(problem, backend)
    assert {frozenset(s) for s in got} == oracle.solutions(problem)
    assert len(got) == len(set(map(frozenset, got))) == stats[0]
    assert stats[3] == 0  # no cleansings


@given(problem=small_xcc_problems(colored=False))
def test_bits_finds_the_oracles_solutions_without_colors(backend, problem):
    got, _ = run_all(problem, backend)
    assert {frozenset(s) for s in got} == oracle.solutions(problem)


@given(problem=small_xcc_problems(max_options=70))
def test_bits_walks_dlx2s_tree(backend, problem):
    """More than 64 options, so that kill lists span several words."""
    got, stats = run_all(problem, backend)
    dlx2, dlx2_stats = run_all(problem, backend, "dlx2")
    assert got == dlx2
    assert same_tree(stats, dlx2_stats)


@given(
    problem=small_xcc_problems(max_options=70),
    budget=st.integers(1, 5),
    room=st.integers(0, 3),
    count_only=st.booleans(),
)
def test_bits_c_and_mirror_in_lockstep(c_backend, problem, budget, room, count_only):
    """Same solutions in the same order and the same statistics, however
    the search is cut into calls, listing or only counting."""
    whole = run_all(problem, "c")
    assert run_all(problem, "python") == whole
    cut = run_all(problem, "c", budget=budget, room=room, count_only=count_only)
    assert run_all(problem, "python", budget=budget, room=room, count_only=count_only) == cut
    assert cut[1] == whole[1]


def run_sparse(problem, budget=1 << 40, room=0, count_only=False):
    """run_all on the C engine with its dense rows dropped (dlxc_bits_sparse):
    the kill lists alone, as problems too big for the rows are searched."""
    from dlxc.xcc._cbackend import lib

    solver = make_solver(
        "c", len(problem.primary), len(problem.items), problem.live_arrays(), None, "bits"
    )
    lib.dlxc_bits_sparse(solver._handle)
    out = None if count_only else []
    while solver.run(budget, out, room):
        pass
    return out, solver.stats()


@given(
    problem=small_xcc_problems(max_options=70),
    budget=st.integers(1, 5),
    room=st.integers(0, 3),
    count_only=st.booleans(),
)
def test_bits_dense_rows_and_kill_lists_in_lockstep(c_backend, problem, budget, room, count_only):
    """Small problems commit through dense rows and choose through dense
    masks; without them (the way of big problems) the C engine gives the
    same solutions in the same order and the same statistics as the mirror."""
    mirror = run_all(problem, "python", budget=budget, room=room, count_only=count_only)
    assert run_sparse(problem, budget=budget, room=room, count_only=count_only) == mirror
    assert run_all(problem, "c", budget=budget, room=room, count_only=count_only) == mirror


@pytest.mark.parametrize(
    "problem",
    [
        pytest.param(queens(7), id="queens-7"),
        pytest.param(langford(7), id="langford-7"),
        pytest.param(dominoes(4, 5), id="dominoes-4x5"),
        pytest.param(pentominoes(3, 20), id="pentominoes-3x20"),
        pytest.param(word_search_problem(5, 5, ["ABEL", "LAND", "GAUSS"]), id="wordsearch-5x5"),
    ],
)
def test_bits_lockstep_and_dlx2s_tree_on_classic_models(c_backend, problem):
    c = run_all(problem, "c", budget=97, room=5)
    dlx2 = run_all(problem, "c", "dlx2")
    assert c[0] == dlx2[0] and same_tree(c[1], dlx2[1])
    assert run_sparse(problem, budget=97, room=5) == c
    if len(problem.options) < 300:
        assert run_all(problem, "python", budget=97, room=5) == c


@pytest.mark.parametrize(
    "name",
    [
        "abel-land-4x4.dlx",
        "color-example.dlx",
        "langford-7.dlx",
        "langford-8.dlx",
        "queens-8.dlx",
        "queens-10.dlx",
        "wordsearch-6x6.dlx",
    ],
)
def test_bits_and_dlx2_agree_on_the_puzzle_files(backend, name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        problem = read_dlx(PUZZLES / name)
    count_only = len(problem.options) > 100 and backend == "python"
    got = run_all(problem, backend, count_only=count_only)
    dlx2 = run_all(problem, "c" if backend == "c" else "python", "dlx2", count_only=count_only)
    assert got[0] == dlx2[0] and same_tree(got[1], dlx2[1])


@pytest.mark.slow
@pytest.mark.parametrize("name", ["dominoes-8x8.dlx", "wordsearch-8x8.dlx"])
def test_bits_and_dlx2_count_alike_on_the_big_files(c_backend, name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        problem = read_dlx(PUZZLES / name)
    assert same_tree(
        run_all(problem, "c", count_only=True)[1], run_all(problem, "c", "dlx2", count_only=True)[1]
    )


def test_bits_updates_are_the_kill_words(backend):
    """updates = the 64-bit words of the kill lists applied, per commit: in
    the color example (one word of options), each committed option adds one
    word per item whose kill list is not empty."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        problem = read_dlx(PUZZLES / "color-example.dlx")
    _, stats = run_all(problem, backend)
    _, dlx2 = run_all(problem, backend, "dlx2")
    assert same_tree(stats, dlx2) and stats[2] > 0 and stats[3] == 0
    # the mirror counts them from its own ints, the C from its entries
    if backend == "c":
        assert run_all(problem, "python")[1] == stats


@pytest.mark.slow
def test_bits_fault_injection_colors_matter():
    """With every colored use treated as uncolored (K_{x,c} = M_x), the
    mirror loses solutions that share a colored cell: proof that the
    tests above can see a wrong kill list."""
    from dlxc.xcc.engines.bits import BitsMirror

    problem = word_search_problem(5, 5, ["ABEL", "LAND", "GAUSS"])
    n_primary, n_items = len(problem.primary), len(problem.items)
    start, items, colors, ids = problem.live_arrays()
    solver = BitsMirror(n_primary, n_items, start, items, colors, ids)
    for o in range(len(solver.kill)):
        solver.kill[o] = tuple(solver.M[items[k]] for k in range(start[o], start[o + 1]))
    out: list = []
    while solver.run(1 << 40, out):
        pass
    right = oracle.solutions(problem)
    assert right and {frozenset(s) for s in out} != right


def test_bits_refuses_what_only_dlx2_does(backend):
    problem = queens(6)
    with problem.search(backend=backend, strategy="bits") as s:
        assert s.strategy == "bits"
        next(iter(s))
        assert 0.0 <= s.fraction_done() <= 1.0
        rest = list(s)
        assert len(rest) + 1 == 4 and s.stats.complete
    # it splits (tests/xcc/test_parallel.py), but keeps no memo table
    assert problem.count_stats(backend=backend, strategy="bits", jobs=2).solutions == 4
    with pytest.raises(RequestError, match="memo"):
        problem.count_stats(backend=backend, strategy="bits", jobs=2, memo=True)
    with pytest.raises(
        EngineRefused, match="bits engine has no random tie-breaking; use strategy='dlx2'"
    ):
        pick_strategy("bits", 1, 1, seed=1)
    with pytest.raises(EngineRefused, match="bits engine has no memo tables; use strategy='dlx2'"):
        pick_strategy("bits", 1, 1, memo=True)
    with pytest.raises(EngineRefused, match="bits engine has no random tie-breaking"):
        make_solver(backend, 12, 34, problem.live_arrays(), 5, "bits")
    solver = make_solver(backend, 12, 34, problem.live_arrays(), None, "bits")
    for call in (lambda: solver.set_memo(10), lambda: solver.probe(1)):
        with pytest.raises(SolverError, match="dlx2"):
            call()
    solver.close()
    with pytest.raises(SolverError, match="closed"):
        solver.run(10)


def test_bits_progress_never_goes_back(backend):
    problem = langford(5) if backend == "python" else langford(7)
    with problem.search(backend=backend, strategy="bits") as s:
        seen = [s.fraction_done()]
        while not s.step(1):
            seen.append(s.fraction_done())
        seen.append(s.fraction_done())
    assert seen[0] == 0.0 and seen[-1] == 1.0
    assert all(a <= b for a, b in zip(seen, seen[1:]))


def test_bits_empty_problems(backend):
    """No primary item: the empty solution; a primary item without options:
    none.  The DLX2 engine counts the same nodes."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "primary item 'b' is in no option"
        problems = (Problem([], [], []), Problem(["a", "b"], [], [["a"]]))
    for problem in problems:
        got = run_all(problem, backend)
        dlx2 = run_all(problem, backend, "dlx2")
        assert got[0] == dlx2[0] and same_tree(got[1], dlx2[1])


def test_cli_count_bits():
    from click.testing import CliRunner

    from dlxc.cli import main

    path = str(PUZZLES / "queens-8.dlx")
    r1 = CliRunner().invoke(main, ["count", "--strategy", "bits", path])
    r2 = CliRunner().invoke(main, ["count", "--strategy", "dlx2", path])
    assert r1.exit_code == r2.exit_code == 0
    assert r1.stdout == r2.stdout == "92\n"
    assert "0 cleansings, 1199 nodes" in r1.stderr and "1199 nodes" in r2.stderr


def test_auto_takes_bits_where_it_fits():
    from dlxc.xcc.engines import BITS_MAX_OPTIONS, BITS_MAX_PRIMARY

    assert pick_strategy("auto", 6, 15, n_options=3990) == "bits"  # word rectangles 3x3
    assert pick_strategy("auto", 4, 40, n_options=260) == "bits"  # word search 6x6
    assert pick_strategy("auto", 72, 72, n_options=2057) == "bits"  # pentominoes 6x10
    assert pick_strategy("auto", 72, 72, n_options=2057, seed=1) == "dlx2"
    assert pick_strategy("auto", 72, 72, n_options=2057, memo=True) == "dlx2"
    # huge or wide problems keep the sparse engines
    assert pick_strategy("auto", 6, 15, n_options=1_000_000) == "ssxcc"
    assert pick_strategy("auto", 4, 40, n_options=BITS_MAX_OPTIONS + 1) == "dlx2"
    assert pick_strategy("auto", BITS_MAX_PRIMARY + 1, 200, n_options=500) == "ssxcc"
    # without the number of options, the rule of the two sparse engines
    assert pick_strategy("auto", 6, 15) == "ssxcc"


def test_launch_and_cli_take_bits_by_default(c_backend):
    """The fast path of `dlxc count FILE` and the full command line pick the
    same engine: the bits engine's statistics (no cleansings) on queens 8."""
    import subprocess
    import sys

    path = str(PUZZLES / "queens-8.dlx")
    launch = "import sys; from dlxc._launch import main; sys.argv[0] = 'dlxc'; main()"
    fast = subprocess.run(
        [sys.executable, "-c", launch, "count", path], capture_output=True, text=True
    )
    assert fast.stdout == "92\n"
    assert "0 cleansings, 1199 nodes" in fast.stderr
    from click.testing import CliRunner

    from dlxc.cli import main

    full = CliRunner().invoke(main, ["count", "--json", path])
    assert '"nodes": 1199' in full.stdout and '"cleansings": 0' in full.stdout


def _refusing_bits(monkeypatch):
    """The C bits engine refusing every problem, as it does one whose kill
    lists pass 2^27 words (DLXC_ETOOBIG)."""
    from dlxc.xcc import _cbackend

    def refuse(*args, **kwargs):
        raise SolverError("problem too large for 32-bit node links")

    monkeypatch.setattr(_cbackend, "BitsC", refuse)


def test_auto_falls_back_when_the_bits_engine_refuses(c_backend, monkeypatch):
    problem = word_search_problem(5, 5, ["ABEL", "LAND", "GAUSS"])

    def key(stats):
        return stats.solutions, stats.nodes, stats.updates, stats.cleansings

    expected = key(problem.count_stats(backend="c", strategy="dlx2"))
    assert key(problem.count_stats(backend="c", strategy="auto")) != expected  # bits' updates
    _refusing_bits(monkeypatch)
    search = problem.search(backend="c", strategy="auto")
    assert search.strategy == "dlx2"  # what auto takes for a word search without bits
    assert key(problem.count_stats(backend="c", strategy="auto")) == expected
    with pytest.raises(SolverError, match="too large"):
        problem.search(backend="c", strategy="bits")


def test_short_path_falls_back_when_the_bits_engine_refuses(
    c_backend, monkeypatch, capsys, tmp_path
):
    from dlxc import _launch
    from dlxc.xcc.dlxformat import write_dlx

    path = tmp_path / "langford7.dlx"
    write_dlx(langford(7), path)
    _refusing_bits(monkeypatch)
    assert _launch._count(str(path)) == 0
    out, err = capsys.readouterr()
    assert out == f"{langford(7).count(backend='c')}\n" and "Altogether" in err
