"""Counting and listing on several cores (dlxc.xcc.parallel).

The split is exact: the split run's figures plus those of every replayed
subproblem are the serial run's solutions, nodes, updates and cleansings,
at every split depth, on both backends, for every engine that can split
(DLX2's and the bits engine, which walks DLX2's tree with its own
updates); the pool adds them up the same way, and its counts equal the
brute-force oracle's; listing in parallel gives every solution exactly once.  Limits stop a
parallel count cleanly, with partial figures.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import re
import signal
import subprocess
import sys
import time

import pytest
from examples import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from legs import MIRROR_SLOW
from processes import default_sigint
from strategies import colored_problems, small_word_searches

from dlxc.base import pool
from dlxc.models.classic import dominoes, langford, queens
from dlxc.models.wordsearch import word_search_problem
from dlxc.xcc import parallel
from dlxc.xcc.dlxformat import write_dlx
from dlxc.xcc.engines.table import serving

# smaller than test_memo's: every path of a split builds a fresh engine
problems = st.one_of(colored_problems(), small_word_searches(side=3))

WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]
SPLITTING = serving("split")  # the engines that can split: dlx2, ssxcc, bits
#: SSXCC's tree below a replayed path depends on the order inside its sparse
#: sets, which the split run's longer history left otherwise: its split
#: counts equal a serial run's in solutions, not in nodes or updates
SAME_TREE = [name for name in SPLITTING if name != "ssxcc"]


def exact(strategy, figures_):
    """The figures a split run of ``strategy`` must give as a serial run does."""
    return figures_ if strategy in SAME_TREE else figures_[:1]


def serial_figures(problem, backend, strategy="dlx2"):
    with problem.search(backend=backend, strategy=strategy) as s:
        s.count()
        st_ = s.stats
    return st_.solutions, st_.nodes, st_.updates, st_.cleansings, st_.max_level


def figures(stats):
    return stats.solutions, stats.nodes, stats.updates, stats.cleansings, stats.max_level


def split_and_replay(problem, backend, depth, strategy="dlx2"):
    """Split at exactly ``depth`` and count every subproblem in this process."""
    data = parallel.payload(problem)
    solver = parallel.engine(data, backend, strategy)
    solver.set_split(depth)
    paths: list = []
    out: list = []
    while solver.run(1 << 40, out, 1 << 20, paths) != parallel.DONE:
        pass
    total = parallel.Tally(solver.stats()[:5])
    total.merge(parallel.count_paths(data, backend, paths, strategy=strategy))
    return total, paths, out


# ---- the split is exact --------------------------------------------------------


def test_the_splitting_engines():
    """The table says which engines split; the tests below run each."""
    assert SPLITTING == ["dlx2", "ssxcc", "bits"]


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@pytest.mark.parametrize("strategy", SPLITTING)
@given(problems, st.integers(1, 3))
def test_split_sums_equal_serial(backend, strategy, problem, depth):
    serial = serial_figures(problem, backend, strategy)
    total, paths, _ = split_and_replay(problem, backend, depth, strategy)
    assert exact(strategy, total.counts) == exact(strategy, serial)
    assert total.finished == len(paths)


@given(problems, st.integers(1, 3))
def test_bits_splits_dlx2s_tree(backend, problem, depth):
    """The bits engine walks DLX2's tree: the same paths, solutions and nodes."""
    bits = split_and_replay(problem, backend, depth, "bits")
    dlx2 = split_and_replay(problem, backend, depth, "dlx2")
    assert bits[1] == dlx2[1]
    assert bits[0].counts[:2] == dlx2[0].counts[:2]


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@pytest.mark.parametrize("strategy", SPLITTING)
@given(problems, st.integers(1, 3))
def test_split_solutions_partition_the_serial_ones(backend, strategy, problem, depth):
    """Solutions above the split depth plus those below each path: the
    serial list, each solution once."""
    data = parallel.payload(problem)
    _, paths, above = split_and_replay(problem, backend, depth, strategy)
    found = list(above)
    for path in paths:
        solver = parallel.engine(data, backend, strategy)
        solver.replay(path)
        out: list = []
        while solver.run(1 << 40, out, 1 << 20) != parallel.DONE:
            pass
        assert all(sol[: len(path)] == path for sol in out)
        found += out
    serial = list(problem.solutions(backend=backend))
    # SSXCC lists a solution's options in the order it chose them
    found = [tuple(sorted(sol)) for sol in found]
    assert sorted(found) == sorted(tuple(sorted(sol)) for sol in serial)
    assert len(set(found)) == len(found)


@pytest.mark.parametrize("strategy", SPLITTING)
@given(problems, st.integers(1, 3))
def test_paths_are_the_same_on_both_backends(c_backend, strategy, problem, depth):
    """A path means the same subtree everywhere: both engines split alike."""
    c = split_and_replay(problem, "c", depth, strategy)
    py = split_and_replay(problem, "python", depth, strategy)
    assert c[1] == py[1] and c[0].counts == py[0].counts


@given(problems, st.integers(1, 3))
def test_ssxcc_split_counts_the_oracles_solutions(backend, problem, depth):
    """SSXCC's split: the split run's solutions and those below its paths
    are the oracle's, each once, on either backend."""
    from oracles import xcc as oracle

    data = parallel.payload(problem)
    _, paths, above = split_and_replay(problem, backend, depth, "ssxcc")
    found = [frozenset(sol) for sol in above]
    for path in paths:
        solver = parallel.engine(data, backend, "ssxcc")
        solver.replay(path)
        out: list = []
        while solver.run(1 << 40, out, 1 << 20) != parallel.DONE:
            pass
        found += [frozenset(sol) for sol in out]
    assert len(found) == len(set(found))
    assert set(found) == oracle.solutions(problem)


def test_adaptive_split_grows_until_enough_paths():
    data = parallel.payload(dominoes(6, 6))
    top = parallel.split(data, "python", 32)
    assert len(top.paths) >= 32 and top.depth > 1
    assert all(len(p) == top.depth for p in top.paths)
    # a tree that ends early: everything is counted by the split run itself
    tiny = parallel.split(parallel.payload(queens(4)), "python", 10**6)
    assert tiny.paths == [] and tiny.counts[0] == 2


@pytest.mark.parametrize("strategy", SPLITTING)
def test_replay_rejects_foreign_paths(backend, strategy):
    data = parallel.payload(queens(6))
    for bad in [(999,), (0, 0)]:
        solver = parallel.engine(data, backend, strategy)
        with pytest.raises(ValueError):
            solver.replay(bad)


def test_a_bits_solver_replays_again_once_done(backend):
    """A finished bits search may take another path: the same figures as a
    fresh solver's, so a worker need not rebuild the engine per path."""
    data = parallel.payload(queens(7))
    top = parallel.split(data, backend, 8, strategy="bits")
    reused = parallel.engine(data, backend, "bits")
    for path in top.paths:
        fresh = parallel.engine(data, backend, "bits")
        for solver in (reused, fresh):
            solver.replay(path)
            while solver.run(1 << 40) != parallel.DONE:
                pass
        assert reused.stats() == fresh.stats()


# ---- the trial before a split ------------------------------------------------------


@pytest.mark.parametrize("strategy", SPLITTING)
def test_a_tree_within_the_trial_is_counted_alone(backend, strategy):
    """A tree one process counts within the trial is not split: its figures
    are the serial count's (the engine's own, SSXCC's too), no subproblem."""
    problem = queens(6)
    stats = parallel.count(problem, 2, backend, strategy=strategy, trial_seconds=60)
    assert figures(stats) == serial_figures(problem, backend, strategy)
    assert stats.complete and stats.subproblems == 0 and stats.jobs == 2
    assert stats.engine == strategy


def test_a_tree_past_the_trial_is_split(backend):
    """The trial's work is dropped and the split counts everything."""
    problem = queens(8)
    data = parallel.payload(problem)
    assert parallel.trial(data, backend, 1e-9) is None  # one engine call: not done
    stats = parallel.count(problem, 2, backend, trial_seconds=1e-9)
    assert figures(stats) == serial_figures(problem, backend, stats.engine)
    assert stats.complete and stats.subproblems > 0


def test_the_trial_keeps_the_limits(backend):
    """A node limit or a timeout reached within the trial stops the count
    as a serial count stops: the same nodes, partial, the limit named."""
    problem = word_search_problem(6, 6, WORDS)
    limit = 5_000
    stats = parallel.count(problem, 2, backend, node_limit=limit, trial_seconds=60)
    serial = problem.count_stats(backend, node_limit=limit)
    assert stats.subproblems == 0 and not stats.complete and stats.stopped == "node limit"
    assert (stats.solutions, stats.nodes) == (serial.solutions, serial.nodes)
    assert stats.nodes == limit
    stats = parallel.count(problem, 2, backend, timeout=0, trial_seconds=60)
    assert not stats.complete and stats.stopped == "timeout" and stats.nodes == 0


def test_the_trial_counts_overlaps_and_memo(c_backend):
    """With an overlap filter or a memo table the trial's count is a serial
    one too: the same solutions and the same overlapping ones as a split."""
    problem = word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"])
    masks = [1 << (k % 3) for k in range(len(problem.live_arrays()[0]) - 1)]
    alone = parallel.count(problem, 2, "c", overlap=masks, trial_seconds=60)
    split_ = parallel.count(problem, 2, "c", overlap=masks, trial_seconds=0)
    assert alone.subproblems == 0 and split_.subproblems > 0
    assert (alone.solutions, alone.overlapping) == (split_.solutions, split_.overlapping)
    memo = parallel.count(problem, 2, "c", memo_entries=1000, trial_seconds=60)
    assert memo.subproblems == 0 and memo.solutions == alone.solutions and memo.complete


def test_one_solver_counts_every_path(backend):
    """Where the engine replays again, a process keeps one solver for all
    its paths: the figures are a serial count's."""
    problem = word_search_problem(6, 6, WORDS)
    data = parallel.payload(problem)
    top = parallel.split(data, backend, 32, strategy="bits")
    tally = parallel.count_paths(data, backend, top.paths, strategy="bits")
    total = parallel.Tally(top.counts)
    total.merge(tally)
    assert total.counts == serial_figures(problem, backend, "bits")
    assert tally.finished == len(top.paths)


# ---- the process pool ------------------------------------------------------------


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@pytest.mark.parametrize(
    "build",
    [
        pytest.param(lambda: word_search_problem(6, 6, WORDS), id="word search 6x6"),
        pytest.param(lambda: queens(9), id="9 queens"),
        pytest.param(lambda: langford(7), id="Langford 7"),
        pytest.param(lambda: queens(4), id="4 queens (tree ends above the split)"),
    ],
)
@pytest.mark.parametrize("strategy", SPLITTING)
def test_pool_count_equals_serial(backend, build, strategy):
    problem = build()
    # no trial: these trees are small enough for one process to count alone
    stats = parallel.count(problem, 2, backend, strategy=strategy, trial_seconds=0)
    assert exact(strategy, figures(stats)) == exact(
        strategy, serial_figures(problem, backend, strategy)
    )
    assert stats.complete and stats.jobs == 2 and stats.engine == strategy


@pytest.mark.parametrize("strategy", [*SPLITTING, "auto"])
# each example starts a pool of two processes (a quarter of a second); the
# same splits are checked against the oracle in-process on every example
# above, so a few pools suffice here
@pytest.mark.parametrize("backend", MIRROR_SLOW)
@settings(max_examples=12)
@given(problem=problems)
def test_pool_count_equals_the_oracle(backend, strategy, problem):
    """Checked against the brute-force oracle, not against the engine."""
    from oracles import xcc as oracle

    stats = parallel.count(problem, 2, backend, per_job=4, strategy=strategy, trial_seconds=0)
    assert stats.solutions == len(oracle.solutions(problem))


def test_auto_splits_with_the_serial_choice():
    """More processes never trade auto's engine for a slower one: a split
    takes the serial choice when it can split, else DLX2's."""
    from dlxc.xcc.engines import pick_strategy

    for problem in (word_search_problem(5, 5, ["ABEL", "EULER"]), queens(6), dominoes(12, 12)):
        serial = pick_strategy(
            "auto",
            len(problem.primary),
            len(problem.items),
            n_options=len(problem.live_arrays()[0]) - 1,
        )
        expected = serial if serial in SPLITTING else SPLITTING[0]
        assert parallel.split_strategy(problem, "auto") == expected
    assert parallel.split_strategy(queens(6), "auto", memo=True) == "dlx2"
    assert parallel.split_strategy(queens(6), "ssxcc") == "ssxcc"
    with pytest.raises(ValueError, match="memo"):
        parallel.split_strategy(queens(6), "ssxcc", memo=True)
    with pytest.raises(ValueError, match="memo"):
        parallel.split_strategy(queens(6), "bits", memo=True)


def test_problem_count_with_jobs(backend):
    problem = word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"])
    assert problem.count(backend=backend, jobs=2) == problem.count(backend=backend)
    assert problem.count(backend=backend, jobs=0) == problem.count(backend=backend)
    stats = problem.count_stats(backend=backend, jobs=2, memo=True)
    assert stats.solutions == problem.count(backend=backend) and stats.complete


def test_seeded_search_refuses_jobs():
    problem = queens(6)
    with pytest.raises(ValueError, match="seed"):
        problem.count(seed=3, jobs=2)
    with pytest.raises(ValueError, match="seed"):
        problem.solutions(seed=3, jobs=2)
    with pytest.raises(ValueError, match="jobs"):
        problem.count(jobs=-1)


def test_pool_timeout_is_partial(c_backend):
    # DLX2's engine needs seconds for this count; the bits engine only
    # 0.06 s, so it is timed out on a search with two more words
    problem = word_search_problem(8, 8, WORDS)
    stats = parallel.count(problem, 2, "c", timeout=0.2, strategy="dlx2")
    assert not stats.complete and stats.partial
    assert 0 < stats.solutions < 123_800_040
    bigger = word_search_problem(8, 8, [*WORDS, "CAUCHY", "NEWTON"])
    stats = parallel.count(bigger, 2, "c", timeout=0.2)
    assert stats.engine == "bits"
    assert not stats.complete and stats.partial


def test_pool_node_limit_is_partial(backend):
    problem = word_search_problem(6, 6, WORDS)
    limit = 20_000
    stats = parallel.count(problem, 2, backend, node_limit=limit)
    assert not stats.complete
    # each engine call is granted nodes no other process has taken, so the
    # two stop at the limit together, as a serial count does
    assert stats.nodes == limit
    assert 0 < stats.solutions < 244_792
    serial = problem.count_stats(backend, node_limit=limit)
    assert serial.nodes == limit


def test_interrupt_terminates_the_pool(c_backend):
    """Ctrl-C in the parent (here raised by the progress callback) stops
    the workers and propagates."""

    def interrupt(fraction, stats):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        parallel.count(word_search_problem(8, 8, WORDS), 2, "c", progress=interrupt)
    assert mp.active_children() == []


def test_pool_progress_reaches_one(backend):
    seen = []
    stats = parallel.count(
        word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"]),
        2,
        backend,
        progress=lambda f, s: seen.append(f),
    )
    assert stats.complete
    assert seen and seen == sorted(seen) and seen[-1] == 1.0


# ---- listing in parallel -----------------------------------------------------------


def test_parallel_solutions_each_once(backend):
    problem = word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"])
    serial = list(problem.solutions(backend=backend))
    with problem.solutions(backend=backend, jobs=2) as it:
        got = list(it)
        assert it.stats.complete
        assert figures(it.stats) == serial_figures(problem, backend, it.stats.engine)
    assert len(got) == len(set(got)) == len(serial)
    assert set(got) == set(serial)


def test_parallel_solutions_limit_and_early_close(c_backend):
    problem = word_search_problem(7, 7, WORDS)
    with problem.solutions(backend="c", jobs=2, limit=1000) as it:
        got = list(it)
    assert len(got) == len(set(got)) == 1000
    assert not it.stats.complete
    it = problem.solutions(backend="c", jobs=2)
    first = [next(it) for _ in range(10)]
    it.close()
    assert len(set(first)) == 10
    assert mp.active_children() == []


def test_pool_without_fork(monkeypatch):
    """Where 'fork' is unsafe or missing, the pool starts with 'spawn' and
    each worker rebuilds the problem from the arrays it is sent."""
    monkeypatch.setattr(pool, "context", lambda: mp.get_context("spawn"))
    problem = queens(8)
    stats = parallel.count(problem, 2, "python")
    assert figures(stats) == serial_figures(problem, "python", stats.engine)


# ---- dlxc count --jobs, dlxc solve --jobs ------------------------------------------


@pytest.fixture
def ws5_file(tmp_path):
    from dlxc.xcc.dlxformat import write_dlx

    path = tmp_path / "ws5.dlx"
    write_dlx(word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"]), path)
    return path


def test_cli_count_jobs_equals_serial(ws5_file, monkeypatch):
    import json

    # without the trial, which would count this small tree in one process
    monkeypatch.setattr(parallel, "TRIAL", 0)
    # auto takes the bits engine here, serial or split, and a split keeps
    # its statistics; so does DLX2's engine when it is named
    for how in ((), ("--strategy", "dlx2")):
        serial = json.loads(run_cli("count", ws5_file, "--json", *how).stdout)
        result = run_cli("count", ws5_file, "--json", "--jobs", 2, *how)
        assert result.exit_code == 0, result.output
        par = json.loads(result.stdout)
        for key in ("solutions", "nodes", "updates", "cleansings", "max_level", "complete"):
            assert par[key] == serial[key]
        assert par["engine"] == serial["engine"] == (how[1] if how else "bits")
        assert "subproblems for 2 processes" in result.stderr
        assert f"{par['engine']} engine)." in result.stderr


def test_cli_count_jobs_on_a_small_tree(ws5_file):
    """A tree within the trial is counted by one process, and says so; a
    limit that stops the trial says only that it stopped the count."""
    serial = run_cli("count", ws5_file)
    result = run_cli("count", ws5_file, "--jobs", 2)
    assert result.exit_code == 0 and result.stdout == serial.stdout
    assert "too small to split: one process counted it" in result.stderr
    result = run_cli("count", ws5_file, "--jobs", 2, "--node-limit", 100)
    assert result.exit_code == 4 and "100 nodes" in result.stderr
    assert "too small" not in result.stderr and "Split into" not in result.stderr


def test_cli_solve_jobs_lists_each_once(ws5_file):
    import json

    serial = run_cli("solve", ws5_file, "--json")
    result = run_cli("solve", ws5_file, "--json", "--jobs", 2)
    assert result.exit_code == 0, result.output

    def options(out):
        return [tuple(json.loads(line)["options"]) for line in out.splitlines()]

    got, want = options(result.stdout), options(serial.stdout)
    assert len(got) == len(set(got)) == len(want) and set(got) == set(want)
    assert [json.loads(line)["solution"] for line in result.stdout.splitlines()] == list(
        range(1, len(want) + 1)
    )
    assert run_cli("solve", ws5_file, "--jobs", 2, "--max", 3).stdout.count("solution ") == 3


def test_cli_jobs_refuse_seed(ws5_file):
    for command in ("count", "solve"):
        result = run_cli(command, ws5_file, "--jobs", 2, "--seed", 1)
        assert result.exit_code == 2 and "--seed" in result.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
def test_ctrl_c_stops_a_split_count_and_reports_it(tmp_path):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it)
    ends `count --jobs 2` with status 130 and the figures so far; no
    counting process is left behind.  10x10 dominoes: 258,584,046,368
    tilings, far more than a second's count."""
    path = tmp_path / "dominoes-10x10.dlx"
    write_dlx(dominoes(10, 10), path)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from dlxc.cli import main; main()",
            "count",
            "--jobs",
            "2",
            str(path),
        ],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=default_sigint,
    )
    time.sleep(2.5)  # start-up, the split, and a few progress reports
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert out == ""
    assert re.fullmatch(
        r"Interrupted after \d+ solutions, \d+ nodes, [\d.]+ s "
        r"\(\w+ backend, split count: .*\)\.\n",
        err,
    ), err
    time.sleep(0.2)
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)  # the group is empty: the child counter is gone too


@pytest.mark.parametrize("backend", MIRROR_SLOW)
def test_crossing_counts_split_like_serial(backend):
    """A crossing check (every option shares a cell with another) counted
    by two processes equals the serial count, both from count_stats and
    from a plain filter over the listed layouts; a node limit stops both."""
    from dlxc.models.wordsearch import WordSearch
    from dlxc.xcc.engines.shared import all_overlap

    # the mirror's leg on three of the words: a quarter of the layouts to
    # list, the same paths through the split and the filter
    ws = WordSearch(6, 6, WORDS if backend == "c" else WORDS[:1] + WORDS[2:])
    masks = ws.cell_masks()
    listed = list(ws.problem.solutions())
    crossing = sum(all_overlap([masks[j] for j in sol]) for sol in listed)
    serial = ws.problem.count_stats(backend, overlap=masks)
    split = ws.problem.count_stats(backend, jobs=2, overlap=masks)
    assert serial.overlapping == split.overlapping == crossing > 0
    assert serial.solutions == split.solutions == len(listed)
    assert serial.nodes == split.nodes > 20_000
    cut = ws.problem.count_stats(backend, jobs=2, overlap=masks, node_limit=20_000)
    assert not cut.complete and cut.nodes == 20_000 and 0 <= cut.overlapping < crossing
    with pytest.raises(ValueError, match="memo"):
        ws.problem.count_stats(backend, memo=True, overlap=masks)


def test_a_process_waits_for_nodes_another_may_give_back():
    """Under a node limit, a process that finds every node granted to calls
    under way waits for what they give back instead of leaving its
    subproblem unfinished (here a thread plays the other process)."""
    import threading

    problem = word_search_problem(5, 5, ["ABEL", "LAND"], "EWSN")
    total = serial_figures(problem, "c")[1]
    data = parallel.payload(problem)
    top = parallel.split(data, "c", 32)
    shared = mp.get_context().Array("q", [0, top.counts[1], 0, top.counts[1] + 1000])

    def give_back():
        time.sleep(0.2)
        with shared.get_lock():
            shared[3] -= 1000

    helper = threading.Thread(target=give_back)
    helper.start()
    tally = parallel.count_paths(data, "c", top.paths, node_limit=total, shared=shared, share=2)
    helper.join()
    assert not tally.stopped and tally.finished == len(top.paths)
    assert top.counts[1] + tally.counts[1] == total


def test_the_split_run_keeps_the_node_limit(backend):
    # 4x4 ABEL+LAND is small enough for the split run to count it all
    problem = word_search_problem(4, 4, ["ABEL", "LAND"], "EWSN")
    serial = problem.count_stats(backend, node_limit=5)
    split = problem.count_stats(backend, jobs=2, node_limit=5)
    assert not serial.complete and not split.complete
    assert serial.nodes == split.nodes == 5


def test_crossing_masks_are_checked(c_backend):
    problem = word_search_problem(4, 4, ["ABEL", "LAND"], "EWSN")
    masks = [1] * len(problem.options)
    for bad in (masks + [1], masks[:-1], [-1] + masks[1:]):
        with pytest.raises(ValueError, match="mask"):
            parallel.count(problem, 2, c_backend, overlap=bad)
    with pytest.raises(ValueError, match="memoized"):
        parallel.count(problem, 2, c_backend, overlap=masks, memo_entries=100)
