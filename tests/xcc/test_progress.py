"""Live progress (dlxc.base.progress) and Search.run's limits.

The bar is for people: it goes to stderr only when stderr is a terminal and
the user did not ask for quiet.  Tests force it on a StringIO to see what it
draws, and check that stdout never gets a byte of it.  Knuth's fraction of
the tree must grow from 0 to 1; limits must stop a count cleanly, with
partial figures that a resumed run completes exactly.
"""

from __future__ import annotations

import io

import pytest
from examples import run_cli

from dlxc.base.progress import ProgressBar, wanted
from dlxc.models.classic import queens
from dlxc.models.wordsearch import word_search_problem

WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        super().isatty()  # raises ValueError once closed, as a real stream does
        return True


def test_wanted_only_on_a_terminal():
    assert wanted(FakeTerminal())
    assert not wanted(FakeTerminal(), quiet=True)
    assert not wanted(io.StringIO())
    closed = FakeTerminal()
    closed.close()
    assert not wanted(closed)


def test_bar_draws_on_its_stream_only(capsys):
    stream = io.StringIO()
    stats = queens(6).count_stats()
    with ProgressBar(desc="counting", file=stream, enabled=True, delay=0, mininterval=0) as bar:
        bar(0.25, stats)
        bar(0.5, stats)
        bar(0.4, stats)  # never moves back
        bar(1.0, stats)
    text = stream.getvalue()
    assert "counting" in text and "100.0%" in text and "4 solutions" in text
    out, err = capsys.readouterr()
    assert out == "" and err == ""


def test_bar_is_silent_when_not_wanted(capsys):
    stream = io.StringIO()
    with ProgressBar(file=stream) as bar:  # a StringIO is no terminal
        bar(0.5)
    assert stream.getvalue() == ""
    assert capsys.readouterr() == ("", "")


def test_bar_waits_for_its_delay():
    stream = FakeTerminal()
    with ProgressBar(file=stream, delay=60) as bar:
        bar(0.5)
    assert stream.getvalue() == ""


def test_run_with_progress_true_stays_quiet_without_terminal(capsys):
    stats = word_search_problem(6, 6, WORDS).count_stats(progress=True)
    assert stats.solutions == 244_792
    assert capsys.readouterr() == ("", "")


def test_fraction_grows_to_one(backend):
    seen = []
    with word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"]).search(backend=backend) as s:
        assert s.fraction_done() == 0.0
        while not s.step(500):
            seen.append(s.fraction_done())
        assert s.fraction_done() == 1.0
    assert len(seen) > 3
    assert seen == sorted(seen) and 0 < seen[0] and seen[-1] < 1


def test_run_calls_progress_and_ends_at_one(c_backend):
    seen = []
    stats = word_search_problem(7, 7, WORDS).count_stats(
        backend="c", progress=lambda f, s: seen.append((f, s.solutions))
    )
    assert stats.complete and seen[-1] == (1.0, 9_664_704)
    assert [f for f, _ in seen] == sorted(f for f, _ in seen)


# ---- limits: partial counts -----------------------------------------------------


def test_node_limit_stops_and_resumes_exactly(backend):
    problem = word_search_problem(6, 6, WORDS)
    with problem.search(backend=backend) as s:
        part = s.run(node_limit=10_000)
        assert part.partial and not part.complete
        assert 10_000 <= part.nodes < 11_000 and 0 < part.solutions < 244_792
        again = s.run(node_limit=10_000)  # already there: no more work
        assert again.nodes == part.nodes
        full = s.run()
    assert full.complete and (full.solutions, full.nodes) == (244_792, 257_181)


def test_timeout_stops(c_backend):
    stats = word_search_problem(8, 8, WORDS).count_stats(backend="c", timeout=0.2)
    assert stats.partial and 0 < stats.solutions < 123_800_040


def test_zero_limits_do_nothing(backend):
    with queens(8).search(backend=backend) as s:
        assert s.run(timeout=0).nodes == 0
        assert s.run(node_limit=0).nodes == 0
        with pytest.raises(ValueError, match="negative"):
            s.run(timeout=-1)
        assert s.run().solutions == 92


# ---- dlxc count / solve with limits and a progress bar ---------------------------


def test_cli_node_limit_is_partial(ws6_file):
    import json

    result = run_cli("count", ws6_file, "--node-limit", 5000, "--json")
    assert result.exit_code == 4
    record = json.loads(result.stdout)
    assert record["complete"] is False and 0 < record["solutions"] < 244_792
    assert "partial" in result.stderr and "--node-limit 5000" in result.stderr
    plain = run_cli("count", ws6_file, "--node-limit", 5000, "--jobs", 2)
    assert plain.exit_code == 4 and 0 < int(plain.stdout) < 244_792
    enough = run_cli("count", ws6_file, "--node-limit", 10**9)
    assert enough.exit_code == 0 and enough.stdout == "244792\n"


def test_cli_timeout_is_partial(tmp_path, c_backend):
    from dlxc.xcc.dlxformat import write_dlx

    path = tmp_path / "ws8.dlx"
    write_dlx(word_search_problem(8, 8, WORDS), path)
    # DLX2's engine: the bits engine counts this file in about 0.2 s
    result = run_cli("count", path, "--timeout", 0.2, "--backend", "c", "--strategy", "dlx2")
    assert result.exit_code == 4
    assert 0 < int(result.stdout) < 123_800_040
    assert "partial" in result.stderr and "--timeout 0.2" in result.stderr


def test_cli_solve_limits(ws6_file):
    import json

    result = run_cli("solve", ws6_file, "--node-limit", 100, "--json")
    assert result.exit_code == 4 and "partial" in result.stderr
    lines = result.stdout.splitlines()
    assert 0 < len(lines) < 244_792
    assert [json.loads(line)["solution"] for line in lines] == list(range(1, len(lines) + 1))
    assert run_cli("solve", ws6_file, "--max", 5, "--timeout", 60).exit_code == 0


def test_cli_progress_bar_goes_to_stderr(ws6_file, monkeypatch):
    """With the bar forced on (as on a terminal), it draws on stderr only,
    and stdout holds nothing but the count; --quiet turns it off."""
    import dlxc.cli.common as common

    def forced(label, quiet, stdout_too=False, force=False):
        import sys

        return ProgressBar(
            desc=label or "counting", file=sys.stderr, enabled=not quiet, delay=0, mininterval=0
        )

    monkeypatch.setattr(common, "progress_bar", forced)
    result = run_cli("count", ws6_file)
    assert result.exit_code == 0 and result.stdout == "244792\n"
    assert "counting:" in result.stderr and "%|" in result.stderr
    quiet = run_cli("count", ws6_file, "--quiet")
    assert "counting:" not in quiet.stderr and quiet.stdout == "244792\n"
    # the puzzle commands' counts too
    words = ["wordsearch", "6x6", "ABEL", "CANTOR", "GAUSS", "EULER", "--count"]
    result = run_cli(*words)
    assert result.exit_code == 0 and result.stdout == "244792\n"
    assert "counting:" in result.stderr and "244,792 solutions" in result.stderr
    assert "counting:" not in run_cli(*words, "-q").stderr
