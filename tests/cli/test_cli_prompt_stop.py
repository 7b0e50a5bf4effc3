"""Ctrl-C and --timeout take effect in every phase, not only between the
long calls of an engine.

- ``dlxc boggle score`` on one process scores its boards a few hundred at
  a time: Ctrl-C is seen between two engine calls, so a call must stay
  short (a batch of 65,536 boards took some 2 s, the longest wait).
- ``dlxc crossword fill --xcc --timeout S`` counts S from the start of the
  command: building the model (seconds on ENABLE) is part of it.

The exact figures are bench/bench_interrupt.py's business; the bounds here
are generous, and each timed test retries before it fails.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from processes import default_sigint

from dlxc.boggle import scoring
from dlxc.cli import main
from dlxc.crossword.wordlist import read_word_list
from dlxc.models.crossword.fill import BuildStopped, fill_problem, read_grid
from dlxc.puzzles import example_path as example

LAUNCH = [sys.executable, "-c", "from dlxc.cli import main; main()"]
TRIES = 3


def _boards(n: int, seed: int = 1, size: int = 16) -> str:
    letters = "".join(random.Random(seed).choices("aeioustrlndcgmpb", k=n * size))
    return "".join(letters[i : i + size] + "\n" for i in range(0, len(letters), size))


def test_boggle_score_calls_the_engine_a_few_boards_at_a_time(monkeypatch, tmp_path):
    # the command's batching, on the default backend (the mirror's leg
    # spent 20 s scoring the boards to ask the command the same question)
    sizes = []
    real = scoring.Boggle.score_many

    def spy(self, boards, rows, cols, dfs=False):
        sizes.append(len(boards) if not isinstance(boards, bytes) else len(boards) // 16)
        return real(self, boards, rows, cols, dfs)

    monkeypatch.setattr(scoring.Boggle, "score_many", spy)
    path = tmp_path / "boards.txt"
    path.write_text(_boards(5000))
    r = CliRunner().invoke(main, ["boggle", "score", str(path), "-q"])
    assert r.exit_code == 0, r.output
    assert len(r.stdout.split()) == 5000
    assert sum(sizes) == 5000 and max(sizes) <= 2048, sizes


def _reaction(path, delay: float) -> float:
    """Seconds from SIGINT to the end of ``boggle score``, sent ``delay`` s
    after its first totals reach its output file (a file, not a pipe: a
    full pipe would block it in a write, which a signal ends at once)."""
    out = path.parent / "totals.txt"
    with (
        open(out, "wb") as sink,
        subprocess.Popen(
            LAUNCH + ["boggle", "score", str(path)],
            stdout=sink,
            stderr=subprocess.PIPE,
            preexec_fn=default_sigint,
        ) as p,
    ):
        while out.stat().st_size == 0:
            assert p.poll() is None
            time.sleep(0.01)
        time.sleep(delay)
        t0 = time.perf_counter()
        p.send_signal(signal.SIGINT)
        err = p.stderr.read().decode()
        code = p.wait(timeout=120)
        took = time.perf_counter() - t0
    assert code == 130, err
    assert "Traceback" not in err
    return took


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_boggle_score_reacts_to_ctrl_c_at_once(tmp_path):
    path = tmp_path / "boards.txt"
    path.write_text(_boards(200_000, size=36))  # 6x6: the engine's slowest boards
    misses = []
    for _ in range(TRIES):
        took = max(_reaction(path, delay) for delay in (0.3, 0.8, 1.3))
        if took < 1.0:
            return
        misses.append(round(took, 3))
    pytest.fail(f"boggle score took up to {misses} s to stop after SIGINT")


def test_fill_problem_stops_at_its_deadline():
    grid = read_grid(example("american-15x15"))
    pool = read_word_list(example("enable"))
    with pytest.raises(BuildStopped):
        fill_problem(grid, pool, deadline=time.perf_counter())


def test_crossword_fill_xcc_timeout_covers_the_model_build(tmp_path):
    args = ["crossword", "fill", str(example("american-15x15")), "-w", str(example("enable"))]
    misses = []
    for _ in range(TRIES):
        t0 = time.perf_counter()
        r = CliRunner().invoke(main, args + ["--xcc", "--timeout", "0.3"])
        took = time.perf_counter() - t0
        assert r.exit_code == 4, r.output
        assert r.stdout == ""
        assert "stopped at its timeout" in r.stderr and "model" in r.stderr
        if took < 0.3 + 1.0:
            return
        misses.append(round(took, 3))
    pytest.fail(f"--timeout 0.3 took {misses} s")
