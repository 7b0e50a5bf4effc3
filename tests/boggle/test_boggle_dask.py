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


# ---- scoring a file of boards ------------------------------------------------


def _boards_file(tmp_path):
    """Boards of three sizes in runs (4x4, then 3x3, then 4x4 again), and
    their totals as the oracle finds them."""
    import random

    rng = random.Random(11)
    letters = "aeeerssttt" + "abcdefghijklmnopqrstuvwxyz"
    rows = []
    for size, count in [((4, 4), 90), ((3, 3), 40), ((4, 4), 70)]:
        for _ in range(count):
            rows.append((size, "".join(rng.choice(letters) for _ in range(size[0] * size[1]))))
    path = tmp_path / "boards.txt"
    path.write_text("".join(board + "\n" for _, board in rows))
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    want = [oracle_score(board, r, c, WORDS) for (r, c), board in rows]
    assert sum(want) > 0
    return path, words, want


@pytest.mark.slow
@pytest.mark.parametrize("processes", [False, True])
def test_score_on_dask_gives_the_oracles_totals_in_file_order(tmp_path, monkeypatch, processes):
    """`boggle score --scheduler` on one worker of two threads: batches of
    20 boards (so many tasks, of two sizes, in flight at once) come back as
    the oracle's totals, in file order; stdout holds the totals only."""
    from click.testing import CliRunner

    from dlxc.cli import boggle as cli_boggle
    from dlxc.cli import main

    path, words, want = _boards_file(tmp_path)
    monkeypatch.setattr(cli_boggle, "_BATCH", 20)
    extra = {} if processes else {"protocol": "tcp://", "scheduler_port": 0}
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=processes,
        host="127.0.0.1",
        dashboard_address=":0",
        silence_logs=40,
        **extra,
    ) as cluster:
        args = ["boggle", "score", "--words", str(words), "--scheduler", cluster.scheduler_address]
        r = CliRunner().invoke(main, [*args, str(path)])
    assert r.exit_code == 0, r.output
    assert [int(line) for line in r.stdout.splitlines()] == want
    assert "200 boards in" in r.stderr and "Dask cluster at" in r.stderr


@pytest.mark.slow
def test_each_thread_of_a_worker_builds_its_trie_once(tmp_path, monkeypatch):
    """Many batches, one worker of two threads (in this process, so that the
    tries built can be counted): two tries at most, not one a batch."""
    from dlxc.boggle import dask_scoring

    built = []
    real = dask_scoring.Boggle

    def counting(*args, **kwargs):
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(dask_scoring, "Boggle", counting)
    path, words, want = _boards_file(tmp_path)
    text = Boggle(words).text
    data = [line.strip() for line in path.read_text().splitlines()]
    runs = [(b.encode(), int(len(b) ** 0.5), int(len(b) ** 0.5)) for b in data]
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
        got = dask_scoring.score_runs_on_dask(runs, text, cluster.scheduler_address)
        totals = [t for batch in got for t in batch]
    assert totals == want
    assert len(runs) == 200 and 1 <= len(built) <= 2


def test_score_at_a_refused_address_fails_at_once_in_one_line(tmp_path):
    import socket

    from click.testing import CliRunner

    from dlxc.cli import main

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    path = tmp_path / "boards.txt"
    path.write_text("abcdefghi\n")
    address = f"tcp://127.0.0.1:{port}"
    r = CliRunner().invoke(main, ["boggle", "score", "--scheduler", address, str(path)])
    assert r.exit_code == 1, r.output
    assert r.stderr.startswith(f"Error: cannot reach the Dask scheduler at '{address}'")
    assert r.stderr.count("\n") == 1
    assert r.stdout == ""
