"""Small promises of the command line and the API, each once broken:

- ``dlxc moves ... | head -1`` ends with 141, as every command that
  prints does when its reader goes away (README, "Exit status");
- ``ParallelScorer`` takes what one job takes: no board is no work, and
  letters left over are the same error as ``Boggle.score_many``'s;
- a ``--scheduler`` address Dask cannot use (an unknown scheme, a port out
  of range) is refused at once, never a minute's wait and a traceback.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from dlxc.base.errors import BoggleError
from dlxc.boggle.scoring import Boggle, ParallelScorer
from dlxc.puzzles import example_path as example

LAUNCH = [sys.executable, "-c", "from dlxc.cli import main; main()"]


@pytest.mark.parametrize("json_lines", [False, True])
def test_moves_into_a_closed_pipe_exits_141(tmp_path, json_lines):
    # ENABLE on the midgame board with a blank: about 140 kB of moves,
    # more than a pipe holds.  The default backend: what happens to a
    # closed pipe is the command's business, not the engine's (the
    # mirror's leg spent 15 s building ENABLE to ask it again).
    args = ["moves", "--lexicon", str(example("enable")), "--board", str(example("midgame"))]
    args += ["--rack", "aeinrs?"] + (["--json"] if json_lines else [])
    with subprocess.Popen(
        LAUNCH + args, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as proc:
        first = proc.stdout.readline()
        proc.stdout.close()  # as `head -1` does
        stderr = proc.stderr.read().decode()
        assert proc.wait(timeout=120) == 141, stderr
    assert first.strip()
    assert stderr == ""


@pytest.fixture
def boggle(backend):
    with Boggle(["cat", "act", "tact", "tacts"], backend=backend) as bg:
        yield bg


def _outcome(fn):
    try:
        return list(fn())
    except BoggleError as exc:
        return ("error", str(exc))


@pytest.mark.parametrize(
    "boards",
    [
        [],
        b"",
        ["catstactcatsxxxx"],
        ["catstactcatsxxxx"] * 5,
        b"catstactcatsxxxx" * 3 + b"ca",  # two letters left over
        b"catstactcatsxxxx" + b"cats",
    ],
)
def test_parallel_scorer_takes_what_one_job_takes(boggle, boards):
    one = _outcome(lambda: boggle.score_many(boards, 4, 4))
    with ParallelScorer(boggle, 2) as two:
        assert _outcome(lambda: two.score_many(boards, 4, 4)) == one
    if isinstance(one, list) and one:
        assert one[0] == boggle.score("catstactcatsxxxx")


@pytest.mark.parametrize("address", ["foo://127.0.0.1:8786", "tcp://127.0.0.1:99999"])
def test_scheduler_address_dask_cannot_use_fails_at_once(tmp_path, address):
    pytest.importorskip("distributed")
    args = ["boggle", "best", "--size", "3x3", "--time", "1", "-q", "--scheduler", address]
    try:
        r = subprocess.run(LAUNCH + args, cwd=tmp_path, capture_output=True, timeout=40, text=True)
    except subprocess.TimeoutExpired:
        pytest.fail(f"--scheduler {address}: still running after 40 s")
    assert r.returncode == 1, r.stderr
    assert r.stdout == ""
    assert "Traceback" not in r.stderr
    assert r.stderr.startswith(f"Error: {address!r} is not a Dask scheduler address")
    assert r.stderr.count("\n") == 1
