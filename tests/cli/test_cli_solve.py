"""``dlxc count`` and ``dlxc solve``: output, statistics, exit codes.

The figures come from docs/design/xcc.md: its color example has 1 solution
(4 nodes, 14 updates, 5 cleansings in DLX2); ABEL and LAND in a 4x4 grid,
directions E W S N, have 112 layouts (129 nodes, 1,089 updates, 512
cleansings).  stdout and stderr are read apart (click >= 8.2 keeps them
apart in CliRunner).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner
from examples import COLOR_EXAMPLE

import dlxc.xcc.search
from dlxc import Problem
from dlxc.cli import main
from dlxc.models.wordsearch import word_search_problem
from dlxc.xcc.dlxformat import read_dlx, write_dlx

COLOR_FIGURES = {"solutions": 1, "nodes": 4, "updates": 14, "cleansings": 5}
ABEL_LAND_FIGURES = {"solutions": 112, "nodes": 129, "updates": 1089, "cleansings": 512}
STATS_KEYS = {
    "file",
    "solutions",
    "nodes",
    "updates",
    "cleansings",
    "seconds",
    "backend",
    "engine",
    "complete",
}


def run(*args, input=None):
    args = [str(a) for a in args]
    if args[:1] == ["count"] and "--strategy" not in args:
        # these tests check DLX2's figures: dlxc count picks an engine per file
        # (--strategy auto), tests/xcc/test_xcc_ssxcc.py checks the other one
        args[1:1] = ["--strategy", "dlx2"]
    return CliRunner().invoke(main, args, input=input)


@pytest.fixture
def color(tmp_path):
    path = tmp_path / "color.dlx"
    path.write_text(COLOR_EXAMPLE)
    return path


@pytest.fixture
def abel_land(tmp_path):
    path = tmp_path / "abel_land.dlx"
    write_dlx(
        word_search_problem(4, 4, ["ABEL", "LAND"], ["E", "W", "S", "N"]),
        path,
        comment="ABEL and LAND in 4x4, directions E W S N (docs/design/xcc.md: 112)",
    )
    return path


def figures(record: dict) -> dict:
    return {k: record[k] for k in ("solutions", "nodes", "updates", "cleansings")}


# ---- count ------------------------------------------------------------------------


def test_count_one_file(color):
    r = run("count", color)
    assert r.exit_code == 0, r.stderr
    assert r.stdout == "1\n"
    lines = r.stderr.splitlines()
    # the dropped option: one plain line, not Python's warning format
    assert lines[0] == f"warning: {color}:5: option ignored (no primary item)"
    assert lines[1].startswith("Altogether 1 solution, 14 updates, 5 cleansings, 4 nodes, ")
    assert len(lines) == 2


def test_count_abel_land(abel_land):
    r = run("count", abel_land)
    assert (r.exit_code, r.stdout) == (0, "112\n")
    assert "Altogether 112 solutions, 1089 updates, 512 cleansings, 129 nodes" in r.stderr
    assert "warning" not in r.stderr


def test_count_stdin():
    r = run("count", "-", input=COLOR_EXAMPLE)
    assert (r.exit_code, r.stdout) == (0, "1\n")
    assert "warning: <stdin>:5: option ignored" in r.stderr


def test_count_several_files(color, abel_land):
    r = run("count", color, abel_land, "-", input=COLOR_EXAMPLE)
    assert r.exit_code == 0, r.stderr
    assert r.stdout.splitlines() == [f"1 {color}", f"112 {abel_land}", "1 -"]
    summaries = [x for x in r.stderr.splitlines() if not x.startswith("warning: ")]
    assert [s.split(": ")[0] for s in summaries] == [str(color), str(abel_land), "-"]
    assert all(": Altogether " in s for s in summaries)


def test_count_json(color, abel_land):
    r = run("count", "--json", color, abel_land)
    assert r.exit_code == 0, r.stderr
    records = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(records) == 2
    for record, path, expected in zip(
        records, (color, abel_land), (COLOR_FIGURES, ABEL_LAND_FIGURES)
    ):
        assert STATS_KEYS <= set(record)
        assert record["file"] == str(path)
        assert figures(record) == expected
        assert record["complete"] is True
        assert isinstance(record["seconds"], float) and record["seconds"] >= 0


def test_backends_agree(abel_land, c_backend):
    records = {}
    for backend in (c_backend, "python"):
        r = run("count", "--json", "--backend", backend, abel_land)
        assert r.exit_code == 0, r.stderr
        records[backend] = json.loads(r.stdout)
        assert records[backend]["backend"] == backend
        assert f"({backend} backend, {records[backend]['engine']} engine)." in r.stderr
    for rec in records.values():
        del rec["seconds"], rec["backend"]
    assert records["c"] == records["python"]
    assert figures(records["python"]) == ABEL_LAND_FIGURES


def test_count_with_seed(abel_land, backend):
    r = run("count", "--seed", 7, "--backend", backend, abel_land)
    assert (r.exit_code, r.stdout) == (0, "112\n")  # random ties, same count


# ---- solve -----------------------------------------------------------------------


def parse_solutions(text: str) -> list[list[str]]:
    """Plain ``dlxc solve`` output back into solutions (lists of option lines)."""
    solutions: list[list[str]] = []
    for line in text.splitlines():
        m = re.fullmatch(r"solution (\d+):", line)
        if m:
            assert int(m.group(1)) == len(solutions) + 1
            solutions.append([])
        elif line:
            solutions[-1].append(line)
    return solutions


def test_solve_color_example(color):
    r = run("solve", color)
    assert r.exit_code == 0, r.stderr
    assert r.stdout == "solution 1:\nA C X:1 Y:1\nB X:1\n\n"
    assert "Altogether 1 solution, 14 updates, 5 cleansings, 4 nodes" in r.stderr


def test_solve_lists_every_solution(abel_land):
    r = run("solve", abel_land)
    assert r.exit_code == 0, r.stderr
    listed = parse_solutions(r.stdout)
    assert len(listed) == 112
    # each is a true layout: the options of some solution of the same problem
    problem = read_dlx(abel_land)
    expected = {frozenset(problem.solution_text(s)) for s in problem.solutions()}
    assert {frozenset(s) for s in listed} == expected
    assert all(len(s) == 2 for s in listed)


def test_solve_max(abel_land):
    r = run("solve", "--max", 3, abel_land)
    assert r.exit_code == 0, r.stderr
    assert len(parse_solutions(r.stdout)) == 3
    assert r.stderr.startswith("Stopped after 3 solutions, ")


def test_solve_json(abel_land, backend):
    r = run("solve", "--json", "--backend", backend, "--max", 5, abel_land)
    assert r.exit_code == 0, r.stderr
    problem = read_dlx(abel_land)
    records = [json.loads(line) for line in r.stdout.splitlines()]
    assert [rec["solution"] for rec in records] == [1, 2, 3, 4, 5]
    assert [tuple(rec["options"]) for rec in records] == list(problem.solutions(limit=5))
    for rec in records:
        assert set(rec) == {"solution", "options", "text"}
        assert rec["text"] == [problem.option_text(j) for j in rec["options"]]


def test_solve_stdin_json():
    r = run("solve", "--json", "-", input=COLOR_EXAMPLE)
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout) == {
        "solution": 1,
        "options": [1, 3],
        "text": ["A C X:1 Y:1", "B X:1"],
    }


# ---- errors and exit codes --------------------------------------------------------


@pytest.mark.parametrize("command", ["count", "solve"])
def test_bad_input_exits_1_with_file_and_line(tmp_path, command):
    path = tmp_path / "bad.dlx"
    path.write_text("A B | X\nA X:0\nB X:1 Q\n")
    r = run(command, path)
    assert r.exit_code == 1
    assert r.stdout == ""
    assert r.stderr == f"Error: {path}:3: unknown item 'Q'\n    B X:1 Q\n"
    assert "Traceback" not in r.output


def test_bad_input_among_several_files(color, tmp_path):
    bad = tmp_path / "bad.dlx"
    bad.write_text("A B\nA A\n")
    r = run("count", color, bad)
    assert r.exit_code == 1
    assert r.stdout == f"1 {color}\n"  # the files before the bad one are counted
    assert f"Error: {bad}:2: item 'A' twice in one option" in r.stderr


def test_missing_file_exits_1(tmp_path):
    missing = tmp_path / "nope.dlx"
    r = run("count", missing)
    assert r.exit_code == 1
    assert r.stderr == f"Error: cannot open {str(missing)!r}: No such file or directory\n"


def test_empty_input_exits_1():
    r = run("solve", "-", input="| nothing here\n")
    assert r.exit_code == 1
    assert r.stderr.startswith("Error: <stdin>: no items line")


@pytest.mark.parametrize(
    "args",
    [
        ["count", "--bogus", "x.dlx"],
        ["count"],
        ["count", "--backend", "fortran", "x.dlx"],
        ["solve", "--max", "-1", "x.dlx"],
        ["solve", "a.dlx", "b.dlx"],
    ],
    ids=["unknown-option", "no-file", "bad-backend", "negative-max", "two-files"],
)
def test_usage_errors_exit_2(args):
    r = run(*args)
    assert r.exit_code == 2
    assert "Usage:" in r.stderr and r.stdout == ""


def test_help_lists_every_command():
    r = run("--help")
    assert r.exit_code == 0
    listed = re.findall(r"^  (\w+)  ", r.stdout, re.M)
    assert listed == [
        "autoplay",
        "boggle",
        "count",
        "crossword",
        "endgame",
        "estimate",
        "example",
        "infer",
        "lexicon",
        "moves",
        "odds",
        "peg",
        "preprocess",
        "sample",
        "sim",
        "solve",
        "studio",
        "wordrect",
        "wordsearch",
        "zdd",
    ]


def test_count_does_not_import_the_modelers(tmp_path):
    # Commands are imported when they run: a count skips the puzzle modules.
    code = (
        "import sys; from dlxc.cli import main\n"
        "try:\n    main(['count', sys.argv[1]])\n"
        "except SystemExit as e:\n"
        "    print(e.code, sorted(m for m in sys.modules if m.startswith('dlxc.models')))"
    )
    path = tmp_path / "color.dlx"
    path.write_text(COLOR_EXAMPLE)
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    ).stdout
    assert out == "1\n0 []\n"


def test_unused_primary_warning(tmp_path):
    path = tmp_path / "unused.dlx"
    path.write_text("A B C\nA B\n")
    r = run("count", path)
    assert (r.exit_code, r.stdout) == (0, "0\n")
    assert f"warning: {path}: primary item 'C' is in no option" in r.stderr
    assert "ProblemWarning" not in r.stderr  # not Python's warning format


def test_interrupt_reports_partial_statistics(abel_land, monkeypatch, backend):
    def interrupted_count(self):
        self.step(20)
        raise KeyboardInterrupt

    monkeypatch.setattr(dlxc.xcc.search.Search, "count", interrupted_count)
    r = run("count", "--backend", backend, abel_land)
    assert r.exit_code == 130
    assert r.stdout == ""
    assert re.match(
        r"Interrupted after \d+ solutions?, \d+ updates, \d+ cleansings, "
        rf"\d+ nodes, .*\({backend} backend, dlx2 engine\)\.\n$",
        r.stderr,
    )
    assert "Traceback" not in r.output and "Aborted" not in r.output


def test_interrupt_before_the_command_has_started(abel_land, monkeypatch):
    """Ctrl-C while the command's modules are imported (before it handles
    Ctrl-C itself) ends the run as an interrupted command does: exit 130 and
    one line, not click's "Aborted!" with exit 1."""
    import dlxc.cli

    imported = []

    def interrupted_import(name):
        imported.append(name)
        raise KeyboardInterrupt

    monkeypatch.setattr(main, "commands", {})  # none imported yet
    monkeypatch.setattr(dlxc.cli.importlib, "import_module", interrupted_import)
    r = run("count", abel_land)
    assert imported == ["dlxc.cli.solve"]
    assert (r.exit_code, r.stdout, r.stderr) == (130, "", "Interrupted.\n")


def test_closed_stdout_is_quiet(tmp_path):
    # 8 independent choices of 4: 65,536 solutions, far more than a pipe holds
    problem = Problem(
        [f"P{i}" for i in range(8)], [], [[f"P{i}"] for i in range(8) for _ in range(4)]
    )
    path = tmp_path / "many.dlx"
    write_dlx(problem, path)
    with subprocess.Popen(
        [sys.executable, "-c", "from dlxc.cli import main; main()", "solve", str(path)],
        cwd=tmp_path,  # not the source tree
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdout.readline() == b"solution 1:\n"
        proc.stdout.close()  # as `head -1` does
        stderr = proc.stderr.read().decode()
        assert proc.wait(timeout=60) == 141
    assert stderr == ""
