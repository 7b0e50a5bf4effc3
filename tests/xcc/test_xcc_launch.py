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
from legs import C_UNAVAILABLE
from processes import default_sigint

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
        "A 0:2|B 2:3|C | X\nA B X:1\nB C\nC X:1\nA C\nC\n",  # multiplicities: the mcc engine
        "A 3:2|B\nA B\n",  # bad bounds: handed over
        "| only a comment\n",
    ],
)
def test_count_says_the_same(tmp_path, text):
    if text is None:
        # dominoes-8x8 counts for seconds; the short way reads it as it reads the others
        files = sorted(str(p) for p in PUZZLES.glob("*.dlx") if "dominoes" not in p.name)[:6]
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


@pytest.mark.parametrize(
    "args",
    [
        ("count", "--jobs", "2", "{}"),
        ("count", "{}", "--jobs", "2"),
        ("count", "-j", "3", "{}"),
        ("count", "--jobs=2", "{}"),
        ("count", "--jobs", "0", "{}"),
        ("count", "--jobs", "1", "{}"),
    ],
)
def test_split_count_says_the_same(args):
    """``count --jobs N FILE`` on the short way: the same count, figures,
    engine and split line as the full command line's split count; every
    shipped file (but dominoes-8x8, seconds each) with the first spelling,
    the 8 queens with the others, which differ in the reading of argv."""
    files = sorted(str(p) for p in PUZZLES.glob("*.dlx") if "dominoes" not in p.name)
    if args != ("count", "--jobs", "2", "{}"):
        files = [str(PUZZLES / "queens-8.dlx")]
    for file in files:
        argv = [a.replace("{}", file) for a in args]
        assert run(LAUNCH, *argv) == run(FULL, *argv), (argv, file)


def test_split_count_takes_the_short_way():
    """The short way counts ``--jobs 2`` itself: it imports neither click
    nor multiprocessing (on a tree that outlasts the trial: a smaller one
    is counted in one process)."""
    file = str(PUZZLES / "wordsearch-8x8.dlx")
    probe = (
        "import sys, os; from dlxc import _launch; "
        "real = os._exit; "
        "os._exit = lambda s: (print(sorted(m for m in sys.modules if m.startswith("
        "('click', 'multiprocessing'))), file=sys.stderr), real(s)); "
        "sys.argv = ['dlxc', 'count', '--jobs', '2', sys.argv[1]]; _launch.main()"
    )
    status, out, err = run(probe, file)
    assert status == 0 and out == "123800040\n"
    assert err.splitlines()[-1] == "[]"
    assert "Split into" in err
    status, out, err = run(probe, str(PUZZLES / "queens-8.dlx"))
    assert status == 0 and out == "92\n" and "too small to split" in err


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
def test_ctrl_c_stops_the_short_split_count(tmp_path):
    """Ctrl-C to the whole group ends the short way's split count with 130
    and the figures so far, and leaves no worker behind."""
    import signal
    import time

    from dlxc.models.classic import dominoes
    from dlxc.xcc.dlxformat import write_dlx

    path = tmp_path / "dominoes-10x10.dlx"
    write_dlx(dominoes(10, 10), path)
    proc = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, "count", "--jobs", "2", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=default_sigint,
    )
    time.sleep(2.0)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert out == ""
    assert re.fullmatch(
        r"Interrupted after \d+ solutions, \d+ nodes, [\d.]+ s "
        r"\(c backend, split count: .*\)\.\n",
        err,
    ), err
    time.sleep(0.2)
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)


# ---- the short way of dlxc solve --best K FILE (dlxc/_launch.py) ---------------

BEST_FILES = [
    "A B C | X\nA B |3\nC X:1 |1 |1\nA |1\nB C |2\nA B C X:2\n",  # costs, colors, ties
    "A B | X\nA X:1\nB X:1\nA B\n",  # no cost at all: every solution costs 0
    "r0 r1 c0 c1\nr0 c0 |5\nr0 c1 |2\nr1 c0 |1\nr1 c1 |7\n",
    "A B\nA |x\n",  # a bad cost: handed over, the full command line words it
    "A B\nA |1\n",  # no solution (and a warning): handed over
    "A\nA |1\nA |1\nA |0\n",  # more K than solutions
]


@pytest.mark.parametrize(
    "text, args",
    [(BEST_FILES[0], a) for a in [("--best", "1"), ("--best=2", "-q"), ("-q", "--best", "5")]]
    + [(text, ("--best", "3")) for text in BEST_FILES[1:]],
)
def test_solve_best_says_the_same(tmp_path, text, args):
    path = tmp_path / "x.dlx"
    path.write_text(text)
    short = run(LAUNCH, "solve", *args, str(path))
    full = run(FULL, "solve", *args, str(path))
    assert short == full


def test_solve_best_takes_the_short_way(tmp_path):
    from dlxc._launch import _MAX_K, _best_args
    from dlxc.xcc.best import MAX_K

    assert _MAX_K == MAX_K
    assert _best_args(["solve", "--best", "2", "f"]) == ("f", 2, False)
    assert _best_args(["solve", "-q", "--best=7", "f"]) == ("f", 7, True)
    for other in (
        ["solve", "f"],
        ["solve", "--best", "2", "--json", "f"],
        ["solve", "--best", "0", "f"],
        ["solve", "--best", str(MAX_K + 1), "f"],
        ["solve", "--best", "2", "f", "g"],
        ["count", "--best", "2", "f"],
    ):
        assert _best_args(other) is None, other
    path = tmp_path / "x.dlx"
    path.write_text(BEST_FILES[0])
    code = (
        "import sys; from dlxc._launch import _best; "
        "s = _best(sys.argv[1], 2, True); sys.stdout.flush(); print(s)"
    )
    res = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, cwd=ROOT
    )
    assert res.stdout.splitlines()[-1] == "0"
    assert "solution 2 (cost " in res.stdout


# ---- count -q and preprocess on the short way ----------------------------------

PROBE = (
    "import sys, os; from dlxc import _launch; real = os._exit; "
    "os._exit = lambda s: (print(sorted(m for m in sys.modules if m.startswith("
    "('click', 'dlxc.xcc.problem', 'dlxc.xcc.preprocess', 'dataclasses'))), "
    "file=sys.stderr), real(s)); "
    "sys.argv = ['dlxc', *sys.argv[1:]]; _launch.main()"
)


def test_quiet_count_says_the_same_and_takes_the_short_way():
    file = str(PUZZLES / "queens-8.dlx")
    for args in (
        ("count", "-q", file),
        ("count", file, "--quiet"),
        ("count", "-q", "-j", "2", file),
    ):
        assert run(LAUNCH, *args) == run(FULL, *args), args
    assert run(LAUNCH, "count", "-q", file) == (0, "92\n", "")
    status, out, err = run(PROBE, "count", "-q", file)
    assert (status, out, err) == (0, "92\n", "[]\n")


PRE_TEXTS = [
    "A B | X\nA X:1\nB X:1\nA B\n",  # colors
    "A B C | X Y\nA B X:red\nA C Y\nB\nC X:blue\nA\n",  # options removed
    "A B C\nA B\nA B C\nC\n",  # B forced by A
    "A B C\nA B\nB C\n",  # no solution: C left alone
    "A B\nA\n",  # a warning: handed over
    "A B\nA C\n",  # an error with file and line: handed over
]


@pytest.mark.parametrize("text", [None, *PRE_TEXTS])
def test_preprocess_says_the_same(tmp_path, text):
    """``dlxc preprocess FILE`` (with -o OUT, -q) on the short way: the same
    text, the same summary line, the same exit status as the full command."""
    if text is None:
        names = ("color-example", "langford-7", "queens-8", "wordsearch-6x6")
        files = [str(PUZZLES / f"{name}.dlx") for name in names]
    else:
        path = tmp_path / "x.dlx"
        path.write_text(text)
        files = [str(path)]
    for file in files:
        assert run(LAUNCH, "preprocess", file) == run(FULL, "preprocess", file), file
        outs = []
        for code, name in ((LAUNCH, "short.dlx"), (FULL, "full.dlx")):
            out = tmp_path / name
            res = run(code, "preprocess", "-q", "-o", str(out), file)
            outs.append((res, out.read_bytes() if out.exists() else None))
        assert outs[0] == outs[1], file


def test_preprocess_takes_the_short_way(tmp_path):
    file = str(PUZZLES / "langford-7.dlx")
    status, out, err = run(PROBE, "preprocess", file)
    assert status == 0 and out.startswith("| reduced by dlxc preprocess from ")
    assert err.splitlines()[-1] == "[]" and err.startswith("Removed ")
    # other options go to the full command line
    assert run(LAUNCH, "preprocess", "--origins", file) == run(
        FULL, "preprocess", "--origins", file
    )
    missing = str(tmp_path / "no" / "such.dlx")
    assert run(LAUNCH, "preprocess", file, "-o", missing) == run(
        FULL, "preprocess", file, "-o", missing
    )
    assert run(LAUNCH, "preprocess", file, "-o", missing)[0] != 0
