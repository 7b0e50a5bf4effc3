"""The README's examples, run: every ```python block as a doctest (the
blocks of one file share their names, top to bottom) and every ``$ dlxc
...`` line of a ```console block, whose printed output must be the lines
that follow it (up to the next ``$`` line; other commands are not run).

A console example compares stdout; ``2>&1`` at its end compares what the
terminal shows (stdout and stderr), and ``| head -N`` its first N lines.
The examples run from the repository's root.  DLXC_README names another
file to check (a section before it is merged into README.md).
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from dlxc.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = Path(os.environ.get("DLXC_README", ROOT / "README.md"))
SECTION = "## Puzzles: word search and word rectangles"
_FENCE = re.compile(r"^```(\w*)\s*$")
_HEAD = re.compile(r"^(.*?)\s*\|\s*head\s+-(?:n\s*)?(\d+)\s*$")


def blocks(text: str):
    """(kind, first line number, lines) of each fenced block."""
    out = []
    kind, start, body = None, 0, []
    for number, line in enumerate(text.splitlines(), 1):
        m = _FENCE.match(line)
        if m and kind is None:
            kind, start, body = m.group(1) or "text", number + 1, []
        elif line.strip() == "```" and kind is not None:
            out.append((kind, start, body))
            kind = None
        elif kind is not None:
            body.append(line)
    return out


def console_examples(text: str):
    """(line number, command, expected output lines) of each $ line."""
    out = []
    for kind, start, body in blocks(text):
        if kind not in ("console", "shell", "sh", "bash"):
            continue
        for k, line in enumerate(body):
            if not line.startswith("$ dlxc "):
                continue  # other commands (pip install ...) are shown, not run
            expected = []
            for later in body[k + 1 :]:
                if later.startswith("$ "):
                    break
                expected.append(later)
            out.append((start + k, line[2:], expected))
    return out


def _read():
    try:
        return README.read_text(encoding="utf-8")
    except OSError:
        return ""


TEXT = _read()
MISSING = SECTION not in TEXT
SKIP = pytest.mark.skipif(
    MISSING,
    reason=f"{README.name} has no section {SECTION!r} yet (set DLXC_README to check a draft)",
)
CONSOLE = console_examples(TEXT)
PYTHON = [(start, body) for kind, start, body in blocks(TEXT) if kind in ("python", "pycon")]


@SKIP
def test_the_section_has_examples():
    assert CONSOLE and PYTHON


@SKIP
@pytest.mark.parametrize(
    "number, command, expected",
    [pytest.param(*e, id=f"{README.name}:{e[0]}") for e in CONSOLE]
    or [pytest.param(0, "", [], id="none")],
)
def test_console_example(number, command, expected, monkeypatch):
    monkeypatch.chdir(ROOT)
    head = None
    m = _HEAD.match(command)
    if m:
        command, head = m.group(1), int(m.group(2))
    merged = command.endswith(" 2>&1")
    if merged:
        command = command[: -len(" 2>&1")]
    args = shlex.split(command)
    result = CliRunner().invoke(main, args[1:])
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{README.name}:{number}: {result.exception!r}"
    )
    printed = (result.output if merged else result.stdout).splitlines()
    if head is not None:
        printed = printed[:head]
    assert printed == expected, f"{README.name}:{number}: $ {command}"


@SKIP
def test_python_examples(monkeypatch):
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict = {}
    for start, body in PYTHON:
        test = parser.get_doctest(
            "\n".join(body) + "\n", globs, f"{README.name}:{start}", str(README), start - 1
        )
        runner.run(test, clear_globs=False)
        globs = test.globs
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} README example(s) failed; see above"
