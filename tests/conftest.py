"""Shared fixtures: the two backends, and hypothesis settings.

Every engine test that takes the ``backend`` fixture runs once on the C core
and once on the pure-Python mirror.  When the C extension cannot be
imported, its leg is skipped and the skip reason is the real import error,
so a broken build shows up in the test report instead of hiding.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import processes
import pytest
from hypothesis import HealthCheck, settings
from legs import BACKENDS, C_UNAVAILABLE, c_skip_reason

# The tests that run dlxc in a subprocess (`python -c "from dlxc.cli import
# main; ..."`) start it as the `dlxc` command starts: without the current
# directory at the front of sys.path (Python 3.11's safe path; earlier
# Pythons ignore it).  Otherwise, run from the root of a checkout, as CI
# runs, they would import the checkout's dlxc/ instead of the installed
# package, and with it no compiled extension.
os.environ["PYTHONSAFEPATH"] = "1"

# Deterministic in CI (CI=true): the same examples on every run, so a red
# build can be reproduced; elsewhere hypothesis explores new examples each
# run.  40 examples a test: the default run is meant to take a couple of
# minutes (120, as before, cost a third of it); HYPOTHESIS_PROFILE=thorough
# draws 120 for a longer look.  No deadline: the machine is shared and
# timing is bench/'s business.  The fixtures given to hypothesis tests are
# constant strings (a backend's name), so sharing one value across examples
# is what is wanted.
_COMMON = dict(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
settings.register_profile("ci", max_examples=40, derandomize=True, **_COMMON)
settings.register_profile("dev", max_examples=40, **_COMMON)
settings.register_profile("thorough", max_examples=120, **_COMMON)
settings.register_profile("quick", max_examples=20, **_COMMON)
# the sanitizer run (.ci/sanitize): fresh examples each run, ten a test,
# under a runtime that makes each several times dearer
settings.register_profile("sanitize", max_examples=10, **_COMMON)
settings.load_profile(
    os.environ.get(
        "HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI", "").lower() == "true" else "dev"
    )
)


def pytest_configure(config):
    # hypothesis, when it reports a failing example, touches
    # mypy_extensions.TypedDict, whose DeprecationWarning would turn the
    # report into an INTERNALERROR under filterwarnings = error.
    config.addinivalue_line(
        "filterwarnings", "ignore:mypy_extensions.TypedDict is deprecated:DeprecationWarning"
    )


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    """The name of a backend: "c" (skipped with the import error when it is
    unavailable) or "python"."""
    return request.param


@pytest.fixture
def c_backend() -> str:
    """The C backend, for tests that need both engines side by side."""
    if C_UNAVAILABLE:
        pytest.skip(c_skip_reason())
    return "c"


@pytest.fixture
def ws6_file() -> Path:
    """The 6x6 word search of docs/design/xcc.md (244,792 layouts), as shipped."""
    return (
        Path(__file__).resolve().parent.parent / "dlxc" / "puzzles" / "dlx" / "wordsearch-6x6.dlx"
    )


@pytest.fixture(autouse=True)
def _no_process_left():
    """Fails the test that leaves a process running, after ending it.

    Processes started by module- or session-scoped fixtures (a Dask
    cluster) were running before this fixture's snapshot and are not
    counted; a child that is on its way out gets three seconds to go."""
    before = processes.descendants()
    yield
    left = processes.descendants() - before
    deadline = time.monotonic() + 3.0
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = processes.descendants() - before
    if left:
        named = "; ".join(f"{pid}: {processes.cmdline(pid)}" for pid in sorted(left))
        processes.end(left)
        pytest.fail(f"the test left {len(left)} process(es) running (now ended): {named}")
