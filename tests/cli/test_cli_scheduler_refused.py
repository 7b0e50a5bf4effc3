"""``--scheduler`` at an address where nothing listens fails at once.

Dask's client retries a refused connection for its whole connect timeout
(30 s) before it gives up; dlxc first tries a plain TCP connection, so a
refused one is reported right away, with what to do, and exit status 1;
so is an address Dask could not use at all.
The test checks the message that only that probe gives (no timing here).
"""

from __future__ import annotations

import socket

import pytest
from click.testing import CliRunner

from dlxc.cli import main

pytest.importorskip("distributed")


def _refused_port() -> int:
    """A local port that nothing listens on (bound, then freed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("form", ["tcp://127.0.0.1:{}", "127.0.0.1:{}"])
def test_refused_scheduler_fails_at_once(tmp_path, form):
    path = tmp_path / "one.dlx"
    path.write_text("A\nA\n")
    address = form.format(_refused_port())
    r = CliRunner().invoke(main, ["count", "--scheduler", address, str(path)])
    assert r.exit_code == 1, r.output
    assert f"cannot reach the Dask scheduler at '{address}': connection refused" in r.stderr
    assert "dask scheduler" in r.stderr
    assert r.stdout == ""


@pytest.mark.parametrize(
    "command", [["count", "{path}"], ["boggle", "best", "--size", "3x3", "--time", "1", "-q"]]
)
def test_not_an_address_is_bad_input(tmp_path, command):
    """An address Dask cannot use is bad input like an unreachable one: exit
    status 1 and one line naming it, not a usage error (exit 2)."""
    path = tmp_path / "one.dlx"
    path.write_text("A\nA\n")
    args = [a.format(path=path) for a in command]
    r = CliRunner().invoke(main, [*args, "--scheduler", "tcp://no-port-here"])
    assert r.exit_code == 1, r.output
    assert r.stderr.startswith("Error: 'tcp://no-port-here' is not a Dask scheduler address")
    assert r.stderr.count("\n") == 1
    assert r.stdout == ""
