"""Knuth's random-probe estimates (dlxc.xcc.estimate).

The estimator is unbiased (Knuth, Math. Comp. 29, 1975), so its mean over
many probes must land near the true figures, which docs/design/xcc.md gives for
n queens and the word searches.  Seeds are fixed, so these statistical
checks cannot flake: a failure is a reproducible deviation of more than 4
standard errors.  The two engines must probe the same paths for the same
seed, and a probe must leave the solver as it found it.
"""

from __future__ import annotations

import json
import math

import pytest
from examples import run_cli

from dlxc.models.classic import queens
from dlxc.models.wordsearch import word_search_problem
from dlxc.xcc import parallel
from dlxc.xcc.estimate import Estimate, estimate, probe_seeds

WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]


@pytest.mark.parametrize(
    "build, solutions, nodes",
    [
        pytest.param(lambda: queens(8), 92, 1_199, id="8 queens"),
        pytest.param(
            lambda: word_search_problem(4, 4, ["ABEL", "LAND"], "EWSN"),
            112,
            129,
            id="ABEL+LAND 4x4 EWSN",
        ),
    ],
)
def test_estimate_is_near_the_truth(backend, build, solutions, nodes):
    """The figures of docs/design/xcc.md §5 within 4 standard errors (fixed seed).  On
    ABEL+LAND every probe sees the same degrees, so every probe is exact."""
    est = estimate(build(), probes=4000, seed=7, backend=backend, calibrate=None)
    assert est.probes == 4000 and not est.exact
    assert abs(est.solutions - solutions) <= 4 * est.solutions_stderr + 1e-9 * solutions
    assert abs(est.nodes - nodes) <= 4 * est.nodes_stderr + 1e-9 * nodes
    assert est.solutions_stderr < 0.1 * solutions  # and the error is not vacuous


def test_estimate_word_search_6x6_c(c_backend):
    est = estimate(
        word_search_problem(6, 6, WORDS), probes=20_000, seed=1, backend="c", calibrate=None
    )
    assert not est.exact
    assert abs(est.solutions - 244_792) < 4 * est.solutions_stderr
    assert abs(est.nodes - 257_181) < 4 * est.nodes_stderr


def test_probes_agree_across_backends(c_backend):
    """Same seed, same path, same estimates: the engines probe alike."""
    problem = word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"])
    data = parallel.payload(problem)
    c, py = parallel.engine(data, "c"), parallel.engine(data, "python")
    seeds = probe_seeds(99)
    for _ in range(200):
        s = next(seeds)
        assert c.probe(s) == py.probe(s)


def test_probe_leaves_the_solver_unchanged(backend):
    problem = queens(7)
    solver = parallel.engine(parallel.payload(problem), backend)
    for s in range(50):
        solver.probe(s)
    assert solver.stats()[:4] == (0, 0, 0, 0)
    while solver.run(1 << 30) != parallel.DONE:
        pass
    assert solver.stats()[0] == 40  # docs/design/xcc.md: 7 queens


def test_seed_reproduces_and_differs(backend):
    problem = queens(8)
    a = estimate(problem, probes=300, seed=5, backend=backend, calibrate=None)
    b = estimate(problem, probes=300, seed=5, backend=backend, calibrate=None)
    c = estimate(problem, probes=300, seed=6, backend=backend, calibrate=None)
    assert (a.solutions, a.nodes) == (b.solutions, b.nodes)
    assert (a.solutions, a.nodes) != (c.solutions, c.nodes)
    assert a.seed == 5
    assert estimate(problem, probes=2, backend=backend, calibrate=None).seed >= 0


def test_small_problem_is_counted_exactly(backend):
    """The calibration count finishes a small search: exact figures."""
    est = estimate(queens(6), backend=backend)
    assert est.exact and est.solutions == 4 and est.solutions_stderr == 0
    assert "Exactly 4 solutions" in est.summary()


def test_time_estimate_and_json(c_backend):
    # DLX2's engine: the bits engine counts it all within the calibration
    est = estimate(
        word_search_problem(7, 7, WORDS),
        probes=500,
        seed=3,
        backend="c",
        calibrate=0.05,
        strategy="dlx2",
    )
    assert not est.exact
    assert est.nodes_per_second > 0 and est.seconds > 0
    assert math.isclose(est.seconds, est.nodes / est.nodes_per_second)
    data = json.loads(json.dumps(est.as_dict()))
    for key in ("solutions", "solutions_stderr", "nodes", "seconds"):
        assert isinstance(data[key], float)
    assert "A full count would take about" in est.summary()


def test_the_time_is_for_the_engine_a_count_runs(c_backend):
    """auto times the engine a count with auto runs (the bits engine on a
    word search), a named strategy that one; the summary names it."""
    problem = word_search_problem(7, 7, WORDS)
    with problem.search(backend="c", strategy="auto") as s:
        counted_by = s.strategy
    for strategy, engine in (("auto", counted_by), ("dlx2", "dlx2"), ("bits", "bits")):
        est = estimate(problem, probes=50, seed=3, backend="c", calibrate=0.01, strategy=strategy)
        assert est.engine == engine
        assert f"c backend, {engine} engine" in est.summary()


def test_ssxcc_time_comes_from_the_share_of_its_tree(c_backend):
    """SSXCC's tree is not the one probed: its time is the calibration's
    seconds over the share of its tree done, with no node rate."""
    est = estimate(
        word_search_problem(8, 8, WORDS),
        probes=50,
        seed=3,
        backend="c",
        calibrate=0.02,
        strategy="ssxcc",
    )
    assert not est.exact and est.engine == "ssxcc"
    assert est.nodes_per_second is None and est.seconds > 0
    assert "ssxcc engine)." in est.summary()


def test_one_probe_has_no_error_bar(backend):
    est = estimate(queens(8), probes=1, seed=1, backend=backend, calibrate=None)
    assert est.solutions_stderr == math.inf
    assert est.as_dict()["solutions_stderr"] is None and est.as_dict()["seconds"] is None


def test_timeout_stops_probing(backend):
    est = estimate(queens(10), probes=10**9, seed=1, backend=backend, timeout=0.05, calibrate=None)
    assert 1 <= est.probes < 10**9


def test_bad_probe_count():
    with pytest.raises(ValueError, match="at least one probe"):
        estimate(queens(4), probes=0)


def test_problem_estimate_delegates():
    assert isinstance(queens(5).estimate(probes=10, seed=1), Estimate)


# ---- dlxc estimate ---------------------------------------------------------------


def test_cli_estimate_json(tmp_path, c_backend):
    """The 8x8 word search (123,800,040 layouts, DLX2's count): too big for
    a 0.2 s calibration count by DLX2's engine, so the probes speak (the
    bits engine, which auto times, may count it all in that time)."""
    from dlxc.xcc.dlxformat import write_dlx

    problem = word_search_problem(8, 8, WORDS)
    path = tmp_path / "ws8.dlx"
    write_dlx(problem, path)
    how = ("--json", "--seed", 4, "--probes", 3000, "--strategy", "dlx2")
    result = run_cli("estimate", path, *how)
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert {"solutions", "solutions_stderr", "nodes", "seconds", "probes", "seed"} <= set(record)
    assert record["probes"] == 3000 and record["seed"] == 4 and record["file"] == str(path)
    truth = 123_800_040
    assert abs(record["solutions"] - truth) < 4 * record["solutions_stderr"]
    assert record["engine"] == "dlx2"
    again = run_cli("estimate", path, *how)
    assert json.loads(again.stdout)["solutions"] == record["solutions"]


def test_cli_estimate_text_and_errors(tmp_path):
    from dlxc.xcc.dlxformat import write_dlx

    path = tmp_path / "q6.dlx"
    write_dlx(queens(6), path)
    result = run_cli("estimate", path)
    assert result.exit_code == 0
    assert result.stdout.startswith("Exactly 4 solutions")
    missing = run_cli("estimate", tmp_path / "nope.dlx")
    assert missing.exit_code == 1 and "nope.dlx" in missing.stderr
    assert run_cli("estimate", path, "--probes", 0).exit_code == 2
