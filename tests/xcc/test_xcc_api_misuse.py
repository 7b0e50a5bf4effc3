"""Misusing the API raises a DlxcError that is also the builtin it resembles.

The README promises that every error is a ``dlxc.DlxcError``: wrong numbers
are ``RequestError`` (a ``ValueError``), wrong kinds ``RequestTypeError``
(also a ``TypeError``), bad option indices ``OptionIndexError`` (an
``IndexError``), a missing file ``InputFileNotFound`` (a
``FileNotFoundError``).  A closed search keeps its figures (statistics,
memo table, progress) and refuses to search on with a ``SolverError``,
not a cffi TypeError.  Sizes beyond what the engine counts in (2^64) mean
no limit, and so does an infinite timeout.
"""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner

from dlxc import DlxcError
from dlxc.base.errors import (
    InputFileNotFound,
    OptionIndexError,
    RequestError,
    RequestTypeError,
    SolverError,
)
from dlxc.cli import main
from dlxc.models.classic import queens
from dlxc.xcc.dlxformat import read_dlx
from dlxc.xcc.sampling import Sampler

QUEENS5 = 10  # OEIS A000170


@pytest.fixture
def q5():
    return queens(5)


@pytest.mark.parametrize(
    "call, error, builtin",
    [
        (lambda p, b: p.count(backend=b, jobs=-1), RequestError, ValueError),
        (lambda p, b: p.count(backend=b, jobs=1.5), RequestTypeError, TypeError),
        (lambda p, b: p.count(backend=b, seed=1.5), RequestTypeError, TypeError),
        (lambda p, b: list(p.solutions(backend=b, limit=1.5)), RequestTypeError, TypeError),
        (lambda p, b: list(p.solutions(backend=b, limit=-1)), RequestError, ValueError),
        (lambda p, b: p.solution_text((len(p.options),)), OptionIndexError, IndexError),
        (lambda p, b: p.solution_text((-1,)), OptionIndexError, IndexError),
        (lambda p, b: p.solution_text(("1",)), RequestTypeError, TypeError),
        (lambda p, b: p.option_text(-1), OptionIndexError, IndexError),
        (lambda p, b: p.search(backend=b, memo_entries=0), RequestError, ValueError),
        (lambda p, b: p.search(backend=b, memo_entries=2.5), RequestTypeError, TypeError),
        (lambda p, b: p.search(backend=b).step(-1), RequestError, ValueError),
        (lambda p, b: p.search(backend=b).step(1.5), RequestTypeError, TypeError),
        (lambda p, b: p.search(backend=b).run(timeout=math.nan), RequestError, ValueError),
        (lambda p, b: p.search(backend=b).run(timeout=-1), RequestError, ValueError),
        (lambda p, b: p.search(backend=b).run(node_limit=2.5), RequestTypeError, TypeError),
        (lambda p, b: p.count_stats(backend=b, jobs=2, timeout=math.nan), RequestError, ValueError),
        (lambda p, b: p.count(backend=b, memo=True, memo_limit=-1), RequestError, ValueError),
        (lambda p, b: p.estimate(probes=0, backend=b), RequestError, ValueError),
        (lambda p, b: p.sample(-1, backend=b), RequestError, ValueError),
    ],
    ids=[
        "jobs=-1",
        "jobs=1.5",
        "seed=1.5",
        "limit=1.5",
        "limit=-1",
        "index=len",
        "index=-1",
        "index='1'",
        "option_text(-1)",
        "memo_entries=0",
        "memo_entries=2.5",
        "step(-1)",
        "step(1.5)",
        "timeout=nan",
        "timeout=-1",
        "node_limit=2.5",
        "jobs-timeout=nan",
        "memo_limit=-1",
        "probes=0",
        "sample(-1)",
    ],
)
def test_misuse_is_a_dlxc_error(q5, backend, call, error, builtin):
    with pytest.raises(error) as info:
        call(q5, backend)
    assert isinstance(info.value, DlxcError)
    assert isinstance(info.value, builtin)


def test_limit_zero_lists_nothing(q5, backend):
    assert list(q5.solutions(backend=backend, limit=0)) == []


def test_read_dlx_of_a_missing_file(tmp_path):
    with pytest.raises(InputFileNotFound) as info:
        read_dlx(tmp_path / "nope.dlx")
    assert isinstance(info.value, DlxcError) and isinstance(info.value, FileNotFoundError)
    assert info.value.filename == str(tmp_path / "nope.dlx")


def test_huge_sizes_mean_no_limit(q5, backend):
    with q5.search(backend=backend, memo_entries=1 << 70) as s:
        assert s.count() == QUEENS5
    with q5.search(backend=backend) as s:
        assert s.step(1 << 64) is True
        assert s.stats.solutions == QUEENS5
    assert q5.count(backend=backend, memo=True, memo_limit=10**30) == QUEENS5


@pytest.mark.parametrize("timeout", [math.inf, 1e308])
@pytest.mark.parametrize("jobs", [1, 2])
def test_infinite_timeouts(q5, backend, timeout, jobs):
    stats = q5.count_stats(backend=backend, jobs=jobs, timeout=timeout)
    assert stats.complete and stats.solutions == QUEENS5
    with q5.search(backend=backend) as s:
        assert s.run(timeout=timeout).solutions == QUEENS5


def test_a_closed_search_keeps_its_figures_and_refuses_to_go_on(q5, backend):
    s = q5.search(backend=backend, memo_entries=1000)
    s.step(5)
    figures = (s.stats, s.memo_info, s.fraction_done())
    s.close()
    assert (s.stats, s.memo_info, s.fraction_done()) == figures
    with pytest.raises(SolverError, match="closed"):
        s.step(5)
    with pytest.raises(SolverError):
        s.count()


def test_sampler_after_close(q5, backend):
    sampler = Sampler(q5, backend=backend)
    assert len(sampler.sample(2, seed=1)) == 2
    sampler.close()
    with pytest.raises(SolverError, match="closed"):
        sampler.sample(1, seed=1)


@pytest.mark.parametrize(
    "args, code",
    [
        (["--timeout", "inf"], 0),
        (["--timeout", "1e308"], 0),
        (["--timeout", "nan"], 2),
        (["--timeout", "-1"], 2),
        (["--jobs", "2", "--timeout", "inf"], 0),
        (["--jobs", "2", "--timeout", "nan"], 2),
        (["--memo", "--memo-limit", "99999999999999999999G"], 0),
    ],
)
def test_cli_limits_never_give_a_traceback(tmp_path, args, code):
    path = tmp_path / "q5.dlx"
    from dlxc.xcc.dlxformat import write_dlx

    write_dlx(queens(5), path)
    r = CliRunner().invoke(main, ["count", *args, str(path)])
    assert r.exit_code == code, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    if code == 0:
        assert r.stdout == f"{QUEENS5}\n"
    else:
        assert "Error:" in r.stderr and "Traceback" not in r.stderr
