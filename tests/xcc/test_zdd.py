"""The ZDD of the solutions (dlxc.xcc.zdd, csrc/xcc/zdd.c, dlxc zdd).

The diagram is checked against the brute-force oracle (its paths are the
solutions, no more, no fewer), against the plain search (its count, and its
solutions listed in the same order), and the two backends against each
other (the same nodes in the same order, the same search figures).
Sampling must reach only solutions and, with every seed of a range, each of
them; min_cost must equal the least cost of a listed solution.  Knuth's
text round-trips; DLX6 itself, when it is on the machine (the environment
variable DLXC_DLX6 names it), must write the same text.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from examples import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from legs import BACKENDS, C_UNAVAILABLE, MIRROR_SLOW
from oracles import xcc as oracle
from strategies import colored_problems, small_word_searches

from dlxc import Colored, Problem
from dlxc.base.errors import DlxFormatError, MemoLimitError, NoSolutionError, SearchStopped
from dlxc.models.classic import queens
from dlxc.xcc.dlxformat import write_dlx
from dlxc.xcc.zdd import Zdd

problems = st.one_of(colored_problems(), small_word_searches(side=3))
HAVE_C = not C_UNAVAILABLE


def figures(z: Zdd):
    s = z.stats
    return (list(z.var), list(z.lo), list(z.hi), z.root, s.nodes, s.memos, s.hits, s.bytes)


def well_formed(z: Zdd) -> None:
    """Children come before parents; no hi edge to 0 (a reduced ZDD)."""
    for k in range(z.nodes):
        assert z.lo[k] < k + 2 and z.hi[k] < k + 2
        assert z.hi[k] != 0
    assert z.root < z.nodes + 2


def paths(z: Zdd) -> int:
    """The number of paths from the root to 1, walked one by one."""
    return sum(1 for _ in z)


# ---- the diagram against the oracle and the plain search ---------------------


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@settings(max_examples=12)
@given(problems)
def test_zdd_paths_are_the_solutions(backend, problem):
    z = problem.zdd(backend=backend)
    well_formed(z)
    listed = list(problem.solutions(backend=backend))
    assert z.count() == problem.count(backend=backend) == len(listed)
    assert paths(z) == z.count()
    assert list(z) == listed  # the same solutions, in the search's order
    assert {frozenset(s) for s in z} == oracle.solutions(problem)


@pytest.mark.skipif(not HAVE_C, reason="the C extension is not built")
@settings(max_examples=15)
@given(problems)
def test_backends_make_the_same_diagram(problem):
    assert figures(problem.zdd(backend="c")) == figures(problem.zdd(backend="python"))


@pytest.mark.parametrize("backend", BACKENDS)
def test_queens_and_the_search_agree(backend):
    p = queens(7)
    z = p.zdd(backend=backend)
    assert z.count() == p.count() == 40
    assert list(z) == list(p.solutions())
    assert z.stats.hits > 0  # residual problems did repeat
    assert z.stats.nodes < p.count_stats().nodes


def test_big_counts_are_exact():
    """Paths past 2^64: the count is a Python int, with every option of
    64 independent pairs free to go either way (2^64 * 3^2 solutions)."""
    primary = [f"p{i}" for i in range(66)]
    options = [[p] for p in primary for _ in range(2)] + [["p64"], ["p65"]]
    p = Problem(primary, [], options)
    for backend in BACKENDS_NAMES:
        z = p.zdd(backend=backend)
        assert z.count() == 2**64 * 9
        assert z.nodes == 2 * 64 + 3 + 3


BACKENDS_NAMES = ["c", "python"] if HAVE_C else ["python"]


def test_no_solution_and_empty_problem():
    none = Problem(["a", "b", "c"], [], [["a", "b"], ["b", "c"]])
    for backend in BACKENDS_NAMES:
        z = none.zdd(backend=backend)
        assert (z.root, z.nodes, z.count(), list(z)) == (0, 0, 0, [])
        with pytest.raises(NoSolutionError):
            z.sample(1)
        with pytest.raises(NoSolutionError):
            z.min_cost([1, 1])
        empty = Problem([], [], []).zdd(backend=backend)
        assert (empty.root, empty.count(), list(empty)) == (1, 1, [()])


# ---- sampling and costs --------------------------------------------------------


def _cube_problem() -> Problem:
    """A small colored problem with several solutions and memo hits."""
    return Problem(
        ["a", "b", "c", "d"],
        ["x", "y"],
        [
            ["a", "b", Colored("x", "1")],
            ["a", Colored("x", "2")],
            ["b", Colored("x", "2"), "y"],
            ["c", "d"],
            ["c", Colored("y", "1")],
            ["d"],
            ["b", Colored("x", "1")],
            ["a", "c"],
            ["b", "d"],
            ["b"],
        ],
    )


@pytest.mark.parametrize("backend", BACKENDS)
def test_samples_reach_every_solution_and_only_them(backend):
    for problem in (_cube_problem(), queens(6), queens(5)):
        z = problem.zdd(backend=backend)
        sols = oracle.solutions(problem)
        assert len(sols) >= 4
        drawn = [z.sample(seed) for seed in range(40 * len(sols))]
        assert {frozenset(s) for s in drawn} == sols
        assert all(s in set(z) for s in drawn)  # in the search's order too
        # roughly uniform: no solution drawn more than 3 times its share
        share = len(drawn) / len(sols)
        for s in sols:
            assert sum(1 for d in drawn if frozenset(d) == s) < 3 * share
        assert z.sample(7) == z.sample(7)


def _brute_min_cost(problem, costs):
    sols = oracle.solutions(problem)
    return min(sum(costs[j] for j in s) for s in sols)


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@settings(max_examples=12)
@given(problems, st.randoms(use_true_random=False))
def test_min_cost_is_the_least_cost_of_a_solution(backend, problem, rnd):
    costs = [rnd.randint(0, 9) for _ in problem.options]
    z = problem.zdd(backend=backend)
    if z.count() == 0:
        with pytest.raises(NoSolutionError):
            z.min_cost(costs)
        return
    cost, solution = z.min_cost(costs)
    assert cost == _brute_min_cost(problem, costs)
    assert oracle.is_solution(problem, solution)
    assert sum(costs[j] for j in solution) == cost
    # the first listed solution of that cost
    listed = [s for s in z if sum(costs[j] for j in s) == cost]
    assert solution == listed[0]


def test_min_cost_takes_problem_costs_and_checks_them():
    p = _cube_problem()
    z = p.zdd()
    with pytest.raises(ValueError, match="costs"):
        z.min_cost()
    with pytest.raises(ValueError, match="one cost per option"):
        z.min_cost([1, 2])
    p.costs = list(range(len(p.options), 0, -1))  # what the costs field will hold
    assert z.min_cost() == z.min_cost(p.costs)


# ---- Knuth's text ----------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_text_round_trips(backend, tmp_path):
    p = _cube_problem()
    z = p.zdd(backend=backend)
    path = tmp_path / "cube.zdd"
    z.write(path)
    text = path.read_text()
    assert text == z.text()
    lines = text.splitlines()
    assert len(lines) == z.nodes + 1
    assert lines[-1] == f"{z.nodes + 2:x}: (~0?0:{z.root:x})"
    back = Zdd.read(path, p)
    assert (list(back.var), list(back.lo), list(back.hi), back.root) == (
        list(z.var),
        list(z.lo),
        list(z.hi),
        z.root,
    )
    assert list(back) == list(z)


def test_option_numbers_skip_options_without_primary(tmp_path):
    """Knuth numbers only the options he keeps; the API uses the file's."""
    src = tmp_path / "p.dlx"
    src.write_text("a b | x\nx\na\nb x\n")
    from dlxc.xcc.dlxformat import read_dlx

    with pytest.warns(Warning):
        p = read_dlx(src)
    z = p.zdd()
    assert list(z) == [(1, 2)]
    assert sorted(z.live_var) == [0, 1]
    out = tmp_path / "z.txt"
    z.write(out)
    assert list(Zdd.read(out, p)) == [(1, 2)]


@pytest.mark.parametrize(
    "text, why",
    [
        ("2: (~1?0:1)\nnonsense\n", "bad.zdd:2"),
        ("2: (~1?0:3)\n3: (~0?0:2)\n", "used before it is defined"),
        ("2: (~99?0:1)\n3: (~0?0:2)\n", "does not exist"),
        ("2: (~1?0:1)\n", "no root line"),
        ("2: (~1?0:0)\n3: (~0?0:2)\n", "hi branch is 0"),
    ],
)
def test_bad_text_names_file_and_line(tmp_path, text, why):
    p = _cube_problem()
    f = tmp_path / "bad.zdd"
    f.write_text(text)
    with pytest.raises(DlxFormatError, match=why) as info:
        Zdd.read(f, p)
    assert str(f) in str(info.value)


DLX6 = os.environ.get("DLXC_DLX6") or shutil.which("dlx6")


@pytest.mark.skipif(not DLX6, reason="Knuth's DLX6 is not on this machine (DLXC_DLX6)")
@pytest.mark.parametrize("n", [5, 6, 8])
def test_the_text_is_dlx6s(tmp_path, n):
    p = queens(n)
    path = tmp_path / "q.dlx"
    write_dlx(p, path)
    with open(path, "rb") as fin:
        theirs = subprocess.run([DLX6, "m1"], stdin=fin, capture_output=True, check=True)
    assert p.zdd().text() == theirs.stdout.decode()


# ---- limits ------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_memory_limit_stops_both_backends_alike(backend):
    p = queens(7)
    with pytest.raises(MemoLimitError, match="memory limit"):
        p.zdd(backend=backend, memo_limit=40_000)
    assert p.zdd(backend=backend, memo_limit=10**6).count() == 40


@pytest.mark.parametrize("backend", BACKENDS)
def test_node_limit_and_timeout(backend):
    p = queens(7)
    with pytest.raises(SearchStopped) as info:
        p.zdd(backend=backend, node_limit=50)
    assert info.value.stopped == "node limit"
    assert not info.value.stats.complete
    with pytest.raises(SearchStopped) as info:
        p.zdd(backend=backend, timeout=0)
    assert info.value.stopped == "timeout"


# ---- the command ------------------------------------------------------------------


def test_cli(tmp_path):
    p = queens(6)
    src = tmp_path / "q6.dlx"
    write_dlx(p, src)
    z = p.zdd()
    r = run_cli("zdd", src)
    assert r.exit_code == 0, r.output
    assert r.stdout == z.text()
    assert "4 solutions" in r.stderr
    r = run_cli("zdd", "--count", "--nodes", "-q", src)
    assert (r.exit_code, r.stdout, r.stderr) == (0, f"{z.nodes}\n4\n", "")
    out = tmp_path / "q6.zdd"
    r = run_cli("zdd", "-o", out, "--backend", "python", src)
    assert r.exit_code == 0 and r.stdout == ""
    assert out.read_text() == z.text()
    r = run_cli("zdd", "--node-limit", 5, src)
    assert r.exit_code == 4 and r.stdout == ""
    assert "--node-limit 5" in r.stderr
    r = run_cli("zdd", "--memo-limit", "1k", src)
    assert r.exit_code == 1 and "memory limit" in r.stderr and "Traceback" not in r.output
    r = run_cli("zdd", "-o", tmp_path / "no" / "x.zdd", src)
    assert r.exit_code == 1 and "cannot open" in r.stderr and "4 solutions" not in r.stderr
    bad = tmp_path / "bad.dlx"
    bad.write_text("a b\na c:1\n")
    r = run_cli("zdd", bad)
    assert r.exit_code == 1 and "bad.dlx:2" in r.stderr


def test_paths_match_subsets_on_tiny_problems():
    """The exponential oracle on a few fixed tiny problems."""
    rnd = random.Random(5)
    for _ in range(8):
        primary = ["a", "b", "c"]
        options = [
            rnd.sample(primary, rnd.randint(1, 2)) + ([Colored("x", rnd.choice("12"))])
            for _ in range(7)
        ]
        p = Problem(primary, ["x"], options)
        want = oracle.all_subsets(p)
        assert {frozenset(s) for s in p.zdd()} == want
        assert p.zdd().count() == len(want)


# ---- the short way of dlxc zdd FILE (dlxc/_launch.py) --------------------------

LAUNCH = "import sys; from dlxc._launch import main; sys.argv[0] = 'dlxc'; main()"
FULL = "import sys; from dlxc.cli import main; sys.argv[0] = 'dlxc'; main()"


def _run(code, *args, cwd):
    res = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd
    )
    clock = re.compile(r"\d+\.\d\d s \(")
    return res.returncode, res.stdout, clock.sub("S s (", res.stderr)


@pytest.mark.skipif(C_UNAVAILABLE, reason="the short way needs the C backend")
def test_short_way_says_what_the_full_command_says(tmp_path):
    from dlxc.xcc.engines.zdd import DEFAULT_BYTES
    from dlxc.xcc.search import DEFAULT_MEMO_BYTES

    assert DEFAULT_BYTES == DEFAULT_MEMO_BYTES
    src = tmp_path / "q6.dlx"
    write_dlx(queens(6), src)
    (tmp_path / "bad.dlx").write_text("a b\na c:1\n")
    for args in (
        ["zdd", "q6.dlx"],
        ["zdd", "q6.dlx", "-q", "--count", "--nodes"],
        ["zdd", "bad.dlx"],
    ):
        assert _run(LAUNCH, *args, cwd=tmp_path) == _run(FULL, *args, cwd=tmp_path)
    assert _run(LAUNCH, "zdd", "--output=a.zdd", "q6.dlx", cwd=tmp_path)[0] == 0
    assert (tmp_path / "a.zdd").read_text() == queens(6).zdd().text()


@pytest.mark.slow
@pytest.mark.skipif(C_UNAVAILABLE, reason="the short way needs the C backend")
@pytest.mark.parametrize("extra", [[], ["--timeout", "100"]])  # the short way, the full command
def test_ctrl_c_stops_the_zdd_with_its_figures(tmp_path, extra):
    import signal
    import time

    from processes import default_sigint

    path = Path(__file__).resolve().parents[2] / "dlxc" / "puzzles" / "dlx" / "wordsearch-8x8.dlx"
    proc = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, "zdd", str(path), "-o", str(tmp_path / "z"), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )
    time.sleep(3.0)  # past the imports even on a loaded host; the search runs for minutes
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert out == "" and not (tmp_path / "z").exists()
    assert re.fullmatch(r"Interrupted after [\d,]+ search nodes, .* \(c\)\.\n", err), err
