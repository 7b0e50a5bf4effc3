"""Counting on a Dask cluster (dlxc.xcc.distributed), on loopback only.

A LocalCluster of two worker processes, one thread each, listens on
127.0.0.1 for the module; the counts it returns must equal the serial ones
figure for figure.  Skipped, with the reason, when Dask distributed is not
installed (it is the optional extra ``dlxc[dask]``).
"""

from __future__ import annotations

import pytest

distributed = pytest.importorskip(
    "distributed", reason="Dask distributed not installed (pip install 'dlxc[dask]')"
)

from dlxc import BackendUnavailable  # noqa: E402
from dlxc.models.classic import langford, queens  # noqa: E402
from dlxc.models.wordsearch import word_search_problem  # noqa: E402
from dlxc.xcc.distributed import count  # noqa: E402

WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",  # None means the default port, which another run may hold
        silence_logs=40,
    ) as c:
        yield c


def figures(stats):
    return stats.solutions, stats.nodes, stats.updates, stats.cleansings, stats.max_level


@pytest.mark.parametrize(
    "build",
    [
        pytest.param(lambda: word_search_problem(6, 6, WORDS), id="word search 6x6"),
        pytest.param(lambda: queens(9), id="9 queens"),
        pytest.param(lambda: langford(7), id="Langford 7"),
    ],
)
@pytest.mark.parametrize("strategy", ["dlx2", "ssxcc", "bits"])
def test_cluster_count_equals_serial(cluster, build, strategy):
    problem = build()
    serial = problem.count_stats(strategy=strategy)
    stats = problem.count_stats(scheduler=cluster.scheduler_address, strategy=strategy)
    # SSXCC's subtrees are searched in another order: its nodes may differ
    keep = 5 if strategy != "ssxcc" else 1
    assert figures(stats)[:keep] == figures(serial)[:keep]
    assert stats.complete and stats.jobs == 2 and stats.engine == strategy


def test_cluster_count_python_backend_and_memo(cluster):
    problem = word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"])
    expected = problem.count()
    with distributed.Client(cluster, set_as_default=False) as client:
        stats = count(problem, client=client, backend="python", strategy="bits")
        assert stats.solutions == expected and stats.backend == "python"
        assert stats.engine == "bits"
        assert count(problem, client=client, memo_entries=1000).solutions == expected


def test_cluster_limits_are_partial(cluster):
    problem = word_search_problem(7, 7, WORDS)
    stats = problem.count_stats(scheduler=cluster.scheduler_address, node_limit=200_000)
    assert stats.partial and 200_000 <= stats.nodes < 9_854_369
    # the mirror needs some 20 s for this tree; 2 s leaves a loaded
    # host time to find some solutions (0.3 s did not always)
    stats = problem.count_stats(scheduler=cluster.scheduler_address, backend="python", timeout=2)
    assert stats.partial and 0 < stats.solutions < 9_664_704
    # a tree small enough for the split run alone: the split keeps the limit
    small = word_search_problem(4, 4, ["ABEL", "LAND"], "EWSN")
    stats = small.count_stats(scheduler=cluster.scheduler_address, node_limit=5)
    assert stats.partial and stats.nodes == 5


def test_seed_is_refused(cluster):
    with pytest.raises(ValueError, match="seed"):
        queens(6).count(seed=1, scheduler=cluster.scheduler_address)


def test_unreachable_scheduler():
    with pytest.raises(BackendUnavailable, match="cannot reach"):
        count(queens(6), "tcp://127.0.0.1:9", connect_timeout=1)


def test_cli_count_scheduler(cluster, tmp_path):
    import json

    from click.testing import CliRunner

    from dlxc.cli import main
    from dlxc.xcc.dlxformat import write_dlx

    path = tmp_path / "ws6.dlx"
    write_dlx(word_search_problem(6, 6, WORDS), path)
    runner = CliRunner()
    # auto takes the bits engine here, on one process or on the cluster, and
    # the cluster's figures are a serial count's
    serial = json.loads(runner.invoke(main, ["count", str(path), "--json"]).stdout)
    result = runner.invoke(
        main, ["count", str(path), "--json", "--scheduler", cluster.scheduler_address]
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    for key in ("solutions", "nodes", "updates", "cleansings", "complete", "engine"):
        assert record[key] == serial[key]
    assert record["engine"] == "bits"


def test_cluster_count_with_multiplicities(cluster):
    """A problem with bounds goes to the mcc engine on the workers too."""
    from dlxc import Problem

    n = 7  # one or two cells per row and column, at most one per diagonal
    lines = [f"R{i}" for i in range(n)] + [f"C{i}" for i in range(n)]
    diagonals = [f"{d}{k}" for d in "AB" for k in range(2 * n - 1)]
    options = [
        [f"R{r}", f"C{c}", f"A{r + c}", f"B{r - c + n - 1}"] for r in range(n) for c in range(n)
    ]
    bounds = {x: (1, 2) for x in lines}
    bounds.update({x: (0, 1) for x in diagonals})
    problem = Problem(lines + diagonals, [], options, bounds=bounds)
    serial = problem.count_stats()
    stats = problem.count_stats(scheduler=cluster.scheduler_address)
    assert figures(stats) == figures(serial)
    assert stats.engine == "mcc" and stats.complete
