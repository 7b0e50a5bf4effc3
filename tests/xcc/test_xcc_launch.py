"""The short way of ``dlxc count FILE`` (dlxc/_launch.py) says what the full
command line says: the same stdout, the same stderr (but the seconds), the
same exit code, on files it takes and on files it hands over."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import C_UNAVAILABLE

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "dlxc" / "puzzles" / "dlx"

pytestmark = pytest.mark.skipif(C_UNAVAILABLE, reason="the short way needs the C backend")

LAUNCH = "import sys; from dlxc._launch import main; sys.argv[0] = 'dlxc'; main()"
FULL = "import sys; from dlxc.cli import main; sys.argv[0] = 'dlxc'; main()"


def run(code: str, *args: str, env=None):
    res = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        cwd=ROOT,
    )

    def unclocked(text):
        return re.sub(r'"seconds": [0-9.e-]+', '"seconds": S', re.sub(r"\d+\.\d{3} s", "S s", text))

    return res.returncode, unclocked(res.stdout), unclocked(res.stderr)


@pytest.mark.parametrize(
    "text",
    [
        None,  # the puzzles' files, below
        "A B | X\nA X:1\nB X:1\nA B\n",
        "A B\nA\n",  # a warning: handed over
        "A B\nA C\n",  # an error with file and line: handed over
        "| only a comment\n",
    ],
)
def test_count_says_the_same(tmp_path, text):
    if text is None:
        files = sorted(str(p) for p in PUZZLES.glob("*.dlx"))[:6]
    else:
        path = tmp_path / "x.dlx"
        path.write_text(text)
        files = [str(path)]
    for file in files:
        short = run(LAUNCH, "count", file)
        full = run(FULL, "count", file)
        assert short == full, file


def test_imports_little(tmp_path):
    """The short way does not import click or the Python engine, nor the
    standard modules that cost more than its work on a small file (enum,
    which signal imports; re; array, which imports collections)."""
    path = tmp_path / "x.dlx"
    path.write_text("A B | X\nA X:1\nB X:1\nA B\n")
    code = (
        "import sys; before = set(sys.modules); from dlxc._launch import _count; "
        "s = _count(sys.argv[1]); "
        "print(s, sorted(m for m in set(sys.modules) - before if m.startswith(("
        "'click', 'dlxc.xcc.engines.dlx2', 'dlxc.xcc.search', 'tqdm', 'enum', 're', 'array', "
        "'signal', 'collections'))))"
    )
    status, out, _ = run(code, str(path))
    assert out.splitlines()[-1] == "0 []"


def test_the_command_is_a_plain_script():
    """The installed ``dlxc`` runs scripts/dlxc, which imports nothing but
    sys before the launcher (pip's entry-point launcher imports re)."""
    script = (ROOT / "scripts" / "dlxc").read_text()
    imports = [line for line in script.splitlines() if line.startswith(("import", "from"))]
    assert imports == ["import sys", "from dlxc._launch import main"]


def test_other_command_lines_go_to_the_full_one(tmp_path):
    path = tmp_path / "x.dlx"
    path.write_text("A B\nA\nB\n")
    assert run(LAUNCH, "count", "--json", str(path)) == run(FULL, "count", "--json", str(path))
    assert run(LAUNCH, "count", str(path), env={"DLXC_BACKEND": "python"}) == run(
        FULL, "count", str(path), env={"DLXC_BACKEND": "python"}
    )
    assert run(LAUNCH, "count", str(tmp_path / "missing.dlx"))[0] == 1
