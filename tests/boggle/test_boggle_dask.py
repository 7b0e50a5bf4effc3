"""The best-board search on a Dask cluster (loopback only): runs go as
tasks on the workers, and the board reported scores what the oracle says.
Skipped when Dask distributed is not installed (``dlxc[dask]``)."""

from __future__ import annotations

import pytest

distributed = pytest.importorskip(
    "distributed", reason="Dask distributed not installed (pip install 'dlxc[dask]')"
)

from oracles.boggle import score as oracle_score  # noqa: E402

from dlxc.boggle import Boggle, best_on_dask  # noqa: E402

WORDS = [
    "tea",
    "eat",
    "ate",
    "seat",
    "east",
    "eats",
    "sate",
    "teas",
    "tease",
    "state",
    "taste",
    "estate",
    "tastes",
    "rest",
    "rate",
    "tear",
    "stare",
    "tears",
]


@pytest.mark.slow
def test_best_on_dask():
    text = Boggle(WORDS).text
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
        silence_logs=40,
    ) as cluster:
        result = best_on_dask(3, 3, text, cluster.scheduler_address, seed=5, seconds=3, stall=5)
    assert result.runs >= 2
    assert result.score == oracle_score(result.board, 3, 3, WORDS) > 0


# ---- workers of two threads ------------------------------------------------


@pytest.fixture(scope="module")
def two_thread_cluster():
    """One worker process of two threads: both threads run tasks of the
    search at once, as on a real cluster's workers."""
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
        silence_logs=40,
    ) as cluster:
        yield cluster


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["c", "python"])
def test_two_threads_of_a_worker_report_true_scores(two_thread_cluster, backend):
    """The threads of one worker once shared one trie, whose per-board marks
    they overwrote: boards came back with totals they do not score (3633
    for a board of 3603).  Every run's board must score, by the oracle,
    what the worker said."""
    from dlxc.boggle.best import BestResult

    words = Boggle().text.decode().split()
    if backend == "python":  # the mirror builds a trie of 1/20 of them in time
        words = words[::20]
    text = Boggle(words).text
    seen = []

    class Recording(BestResult):
        def offer(self, board, score, perms):
            seen.append((board, score))
            super().offer(board, score, perms)

    result = best_on_dask(
        4,
        4,
        text,
        two_thread_cluster.scheduler_address,
        seed=1,
        seconds=8,
        backend=backend,
        result=Recording("", -1, 4, 4),
    )
    assert len(seen) >= 2
    for board, score in seen:
        if score < 0:  # a run the deadline stopped before its first board
            continue
        assert score == oracle_score(board, 4, 4, words), board
    assert result.score == oracle_score(result.board, 4, 4, words) > 0


def test_a_board_the_cluster_scores_wrong_is_an_error(monkeypatch):
    """Every board a worker reports is scored again before it counts: a
    wrong total stops the search with SolverError, not a result.  (Workers
    in this process, so that the test can make one lie.)"""
    from dlxc.base.errors import SolverError
    from dlxc.boggle import best as best_module

    real_run = best_module.run

    def lying_run(*args, **kwargs):
        got = real_run(*args, **kwargs)
        got.score += 1
        return got

    monkeypatch.setattr(best_module, "run", lying_run)
    text = Boggle(WORDS).text
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address=":0",
        silence_logs=40,
    ) as cluster:
        with pytest.raises(SolverError, match="scores"):
            best_on_dask(3, 3, text, cluster.scheduler_address, seed=5, seconds=2, stall=5)
