"""The newer searches end when asked: crossword suggest, the region fill,
the proved-best fill, rebus fills, multiplicities (``--strategy dlx3``),
costs (``solve --best``), the ZDD (``dlxc zdd``, ``count --memo``,
``sample``), ``dlxc preprocess``, and the Scrabble searches ``odds``,
``infer`` and ``endgame``.

Each runs on an input it searches for far longer than the test waits, on
both backends, and

- Ctrl-C (``_thread.interrupt_main``, as the signal's handler raises it)
  ends it with exit status 130, "Interrupted" on stderr, no traceback, and
  no thread left running; a real SIGINT to a child process does the same
  (the slow run, C only: each costs an interpreter's start);
- ``--timeout`` ends it with exit status 4 long before its natural end;
- ``--node-limit 1`` (where the search counts nodes) ends it with 4.

The tests hold generous bounds only: how soon each stop comes (0.2 s plus
10% of the limit) is bench/bench_interrupt_searches.py's figure.  That no
process is left behind is conftest's autouse check, after every test.
"""

from __future__ import annotations

import _thread
import functools
import os
import re
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from legs import C_LEG, MIRROR_SLOW
from processes import start

from dlxc.cli import main
from dlxc.lexicon import Lexicon
from dlxc.puzzles import example_path

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
from bench_costs import pentominoes, queens  # noqa: E402
from bench_interrupt_searches import ENDGAME, INFER, ODDS  # noqa: E402
from bench_mcc import packing, rooks  # noqa: E402

sys.path.remove(str(BENCH))

#: seconds a command runs before it is interrupted
INTERRUPT_AFTER = 0.15
#: the --timeout of an interrupted command: a safety net, far from the stop
SAFETY = 60


@functools.cache
def _inputs(root: str) -> dict:
    d = Path(root)
    enable = Path(example_path("enable")).read_text().split()
    # every sixth 6-letter word of ENABLE: a 6x6 open grid over them is a
    # word square with rows and columns from the list, which takes minutes
    (d / "six.txt").write_text("\n".join([w for w in enable if len(w) == 6][::6]) + "\n")
    (d / "open6.txt").write_text("......\n" * 6)
    # a 5x5 open grid: each of the thousand 5-letter words suggested for
    # 1-Across is proved fillable with a search of its own, seconds in all
    (d / "open5.txt").write_text(".....\n" * 5)
    # a 5x5 open grid with an [ER] square in its middle, over ENABLE's
    # 5-letter words and its 6-letter words with ER third and fourth:
    # counting its fills takes many seconds
    (d / "rebus.txt").write_text(".....\n.....\n..[ER]..\n.....\n.....\n")
    five = [w for w in enable if len(w) == 5 or (len(w) == 6 and w[2:4] == "er")]
    (d / "five.txt").write_text("\n".join(five) + "\n")
    (d / "rooks13.dlx").write_text(rooks(13))
    (d / "queens24.dlx").write_text(queens(24, 1))
    (d / "pack.dlx").write_text(packing(10, 4, 2))
    (d / "pent24.dlx").write_text(re.sub(r" \|\d+\n", "\n", pentominoes(24, 24, 1)))
    return {p.name: str(p) for p in d.iterdir()}


@functools.cache
def _lexicon(root: str, backend: str) -> str:
    """A lexicon file, built once by the C core where there is one: the
    mirror reads one in seconds, where it would build ENABLE's in tens.
    The mirror's is of the words of at most five letters (EX is one): its
    searches are as long."""
    words = Path(example_path("enable")).read_text().split()
    if backend != "c":
        words = [w for w in words if len(w) <= 5]
    path = Path(root) / f"{backend}.lex"
    Lexicon.from_words(words, backend="c" if _c() else "python").save(path)
    return str(path)


def _c() -> bool:
    from legs import C_UNAVAILABLE

    return not C_UNAVAILABLE


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict:
    return _inputs(str(tmp_path_factory.mktemp("searches")))


def command(name: str, f: dict, backend: str) -> list:
    lex = _lexicon(str(Path(f["six.txt"]).parent), backend) if name in SCRABBLE else ""
    return [
        *{
            "suggest": [
                "crossword", "suggest", f["open5.txt"], "--slot", "1A", "-w", f["five.txt"],
                "--top", "1000", "--budget", "600",
            ],
            "region": [
                "crossword", "fill", f["open6.txt"], "-w", f["six.txt"], "--region", "1,1:6,6",
                "--count",
            ],
            "best": ["crossword", "fill", f["open6.txt"], "-w", f["six.txt"], "--best"],
            "rebus": ["crossword", "fill", f["rebus.txt"], "-w", f["five.txt"], "--count"],
            "mcc": ["count", f["rooks13.dlx"], "--strategy", "dlx3"],
            "costs": ["solve", "--best", "3", f["queens24.dlx"]],
            "zdd": ["zdd", f["pack.dlx"], "--count"],
            "memo": ["count", "--memo", f["pack.dlx"]],
            "sample": ["sample", f["pack.dlx"]],
            "preprocess": ["preprocess", f["pent24.dlx"], "-o", f["pent24.dlx"] + ".out"],
            "odds": ["odds", "--lexicon", lex, "--cgp", ODDS, "--leave", "RT"],
            "infer": ["infer", "--lexicon", lex, "--cgp", INFER, "--move", "2N .X"],
            "endgame": ["endgame", "--lexicon", lex, "--cgp", ENDGAME],
        }[name],
        "--backend",
        backend,
    ]  # fmt: skip


SEARCHES = [
    "suggest", "region", "best", "rebus", "mcc", "costs", "zdd", "memo", "sample",
    "preprocess", "odds", "infer", "endgame",
]  # fmt: skip
SCRABBLE = {"odds", "infer", "endgame"}
#: the searches that count nodes (--node-limit); the others take --timeout only
NODES = {"suggest", "region", "best", "rebus", "mcc", "costs", "zdd", "memo", "sample", "endgame"}


def legs():
    """(search, backend) pairs: the C legs in the default run, the
    mirror's with the slow tests."""
    return [
        pytest.param(name, leg.values[0], marks=leg.marks, id=f"{name}-{leg.values[0]}")
        for name in SEARCHES
        for leg in (C_LEG, MIRROR_SLOW[1])
    ]


def _alive_threads() -> set:
    return {t for t in threading.enumerate() if t.is_alive()}


def interrupted(args: list, after: float = INTERRUPT_AFTER):
    """Run the command in this process and raise KeyboardInterrupt in it
    ``after`` seconds in, as a SIGINT's handler does: (click's result, the
    seconds from the interrupt to the return, the threads it left)."""
    before = _alive_threads()
    state = {"running": True, "at": None}
    lock = threading.Lock()

    def fire() -> None:
        with lock:
            if state["running"]:
                state["at"] = time.perf_counter()
                _thread.interrupt_main()

    # a suite run from a background job inherits SIGINT ignored, and then
    # interrupt_main does nothing: Python's own handler, for this call
    old_handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(after, fire)
    timer.start()
    try:
        # --timeout: a lost interrupt fails the test in a minute, not hours
        result = CliRunner().invoke(main, [*map(str, args), "--timeout", str(SAFETY)])
    except KeyboardInterrupt:  # arrived as the command returned
        pytest.fail(f"the interrupt came after the command had ended: {args}")
    finally:
        with lock:
            state["running"] = False
        timer.cancel()
        timer.join()
        signal.signal(signal.SIGINT, old_handler)
    took = time.perf_counter() - state["at"] if state["at"] is not None else None
    time.sleep(0.05)  # a thread on its way out
    return result, took, _alive_threads() - before


def _no_traceback(result) -> None:
    text = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert "Traceback" not in text, text
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )


# An interrupt that lands inside open(), after the raw file is made and
# before its buffer wraps it, leaves that file to the garbage collector
# (CPython's own race, harmless: the run is ending); pytest would report
# its ResourceWarning as an error.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("name,backend", legs())
def test_ctrl_c_ends_it_with_130_and_no_thread_left(inputs, name, backend):
    result, took, left = interrupted(command(name, inputs, backend))
    assert took is not None, f"{name} ended before it was interrupted: {result.output}"
    assert result.exit_code == 130, result.output
    assert "nterrupted" in result.output, result.output
    _no_traceback(result)
    assert not left, f"threads left running: {left}"
    assert took < 20, took  # bench/: 0.2 s


@pytest.mark.parametrize("name,backend", [p for p in legs() if p.values[0] in NODES])
def test_node_limit_ends_it_with_4(inputs, name, backend):
    before = _alive_threads()
    result = CliRunner().invoke(main, [*command(name, inputs, backend), "--node-limit", "1"])
    assert result.exit_code == 4, result.output
    assert "limit" in result.output, result.output
    _no_traceback(result)
    assert not (_alive_threads() - before)


@pytest.mark.slow
@pytest.mark.parametrize("name", SEARCHES)
def test_timeout_ends_it_with_4(inputs, name, c_backend):
    t0 = time.perf_counter()
    result = CliRunner().invoke(main, [*command(name, inputs, c_backend), "--timeout", "0.2"])
    took = time.perf_counter() - t0
    assert result.exit_code == 4, result.output
    assert "timeout" in result.output, result.output
    _no_traceback(result)
    assert took < 20, took  # each runs for minutes; the figure is bench/'s


def _wait_for_cpu(pid: int, seconds: float, most: float = 60.0) -> None:
    """Wait until process ``pid`` has used ``seconds`` of CPU (its start-up
    is a fraction of that, so it is searching then), whatever the machine's
    load; a plain sleep where there is no /proc."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        time.sleep(seconds)
        return
    tick = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + most
    while time.monotonic() < deadline:
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            return
        if (int(fields[11]) + int(fields[12])) / tick >= seconds:
            return
        time.sleep(0.05)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
@pytest.mark.parametrize("name", ["suggest", "zdd", "endgame"])
def test_sigint_to_the_process(inputs, name, c_backend):
    """The real signal, to a child whose SIGINT is at its default (a suite
    run from a background job ignores SIGINT; processes.start resets it)."""
    import subprocess

    p = start(
        [sys.executable, "-c", "from dlxc.cli import main; main()", *command(name, inputs, "c")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _wait_for_cpu(p.pid, 1.0)  # the interpreter started, the input read, the search on
    assert p.poll() is None, p.communicate()
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    assert "nterrupted" in err and "Traceback" not in err, err


@pytest.mark.slow
def test_count_jobs_leaves_no_worker(inputs, c_backend):
    """A split count of the multiplicities problem, interrupted: its worker
    processes end with it (conftest's check after the test would see them)."""
    result, took, left = interrupted(command("mcc", inputs, "c") + ["--jobs", "2"], after=1.0)
    assert result.exit_code == 130, result.output
    assert not left


@pytest.mark.skipif(sys.platform == "win32", reason="SIGALRM is POSIX")
@pytest.mark.parametrize("extra", [["suggest", "--slot", "1A"], ["fill", "--best"]])
def test_a_timeout_that_comes_while_reading_stops_there(tmp_path, monkeypatch, extra):
    """suggest and fill --best count --timeout from the start: a word list
    that takes long to read (here, one whose reading sleeps) is cut short
    at the timeout, exit 4, no search begun; the alarm is cleared after."""
    from dlxc.crossword import wordlist

    real = wordlist.read_word_list

    def slow(*a, **kw):
        time.sleep(30)
        return real(*a, **kw)

    monkeypatch.setattr(wordlist, "read_word_list", slow)
    (tmp_path / "g.txt").write_text("...\n...\n...\n")
    (tmp_path / "w.txt").write_text("abc\n")
    head, *rest = extra
    before, alarm = signal.getsignal(signal.SIGALRM), signal.getitimer(signal.ITIMER_REAL)[0]
    t0 = time.perf_counter()
    result = CliRunner().invoke(
        main,
        ["crossword", head, str(tmp_path / "g.txt"), *rest, "-w", str(tmp_path / "w.txt"),
         "--timeout", "0.2"],
    )  # fmt: skip
    assert time.perf_counter() - t0 < 20
    assert result.exit_code == 4, result.output
    assert "before the search began" in result.output
    # the alarm and its handler are the caller's again (pytest-timeout's, here)
    assert signal.getsignal(signal.SIGALRM) == before
    assert (signal.getitimer(signal.ITIMER_REAL)[0] > 0) == (alarm > 0)
