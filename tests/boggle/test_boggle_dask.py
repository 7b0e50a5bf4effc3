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
