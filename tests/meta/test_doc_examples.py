"""Every example of README.md and of the documentation site (docs/**/*.md),
run as a reader would run it: from a fresh directory outside the
repository, so that an example that only works from the source tree fails.

- A ```console block: each ``$ COMMAND`` line runs in bash (pipes, ``2>&1``
  and ``$(...)`` as typed); the lines after it, up to the next ``$`` line,
  are what stdout must print (blank lines at the end aside).  Nothing shown
  means only the exit status is checked.
- A ```sh block: every line runs, and must succeed.
- A command must exit with 0, or with N where its line ends ``# exit N``.
- A ```python block runs as a doctest when it has ``>>>`` prompts (the
  blocks of one page share their names, top to bottom), else as a script.
- Installing is shown, not run: lines that start with ``pip``, ``pytest``,
  ``dask``, ``git`` or ``mkdocs`` (CI runs the README's two commands as
  they are).  ```text blocks are never run: they show output that depends on
  the clock or the machine.

A block whose fence is preceded by the line ``<!-- slow -->`` is marked
slow.  The pages must also say nothing of the build machine or of the
project's internal records (issue numbers, paths on a host).
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SHOWN_NOT_RUN = ("pip", "pytest", "dask", "git", "mkdocs")
_FENCE = re.compile(r"^```(\w*)\s*$")
_EXIT = re.compile(r"#\s*exit\s+(\d+)\s*$")
# what a page must not say: the project's internal records and host paths
_INTERNAL = re.compile(
    r"\bissues? #?\d+|\bseed 00\d|/work/|/home/\w|/root/|this session|\bPR #?\d+", re.I
)


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def blocks(page: Path):
    """(kind, first line number, lines, slow) of each fenced block."""
    out = []
    kind, start, body, slow = None, 0, [], False
    previous = ""
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        m = _FENCE.match(line)
        if m and kind is None:
            kind, start, body = m.group(1) or "text", number + 1, []
            slow = previous.strip() == "<!-- slow -->"
        elif line.strip() == "```" and kind is not None:
            out.append((kind, start, body, slow))
            kind = None
        elif kind is not None:
            body.append(line)
        previous = line
    return out


def _shown_only(command: str) -> bool:
    return command.split(maxsplit=1)[0] in SHOWN_NOT_RUN


def commands(kind: str, body: list):
    """(offset, command, expected stdout lines or None) of a shell block."""
    out = []
    if kind == "console":
        for k, line in enumerate(body):
            if not line.startswith("$ "):
                continue
            expected = []
            for later in body[k + 1 :]:
                if later.startswith("$ "):
                    break
                expected.append(later)
            while expected and not expected[-1].strip():
                expected.pop()
            out.append((k, line[2:], expected or None))
    else:
        for k, line in enumerate(body):
            if line.strip() and not line.lstrip().startswith("#"):
                out.append((k, line.strip(), None))
    return [c for c in out if not _shown_only(c[1])]


def _shell_cases():
    cases = []
    for page in PAGES:
        for kind, start, body, slow in blocks(page):
            if kind not in ("console", "sh"):
                continue
            runs = commands(kind, body)
            if runs:
                marks = [pytest.mark.slow] if slow else []
                cases.append(
                    pytest.param(page, start, runs, id=f"{_name(page)}:{start}", marks=marks)
                )
    return cases


def _env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DLXC_BACKEND")}
    bin_dir = os.path.dirname(sys.executable)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    return env


@pytest.mark.parametrize("page, start, runs", _shell_cases())
def test_shell_example(page, start, runs, tmp_path):
    for offset, command, expected in runs:
        where = f"{_name(page)}:{start + offset}: $ {command}"
        m = _EXIT.search(command)
        status = int(m.group(1)) if m else 0
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=tmp_path,
            env=_env(),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == status, f"{where}\n{done.stderr[-2000:]}"
        if expected is not None:
            printed = done.stdout.splitlines()
            while printed and not printed[-1].strip():
                printed.pop()
            assert printed == expected, where


def _python_cases():
    cases = []
    for page in PAGES:
        found = [
            (start, body, slow) for kind, start, body, slow in blocks(page) if kind == "python"
        ]
        if found:
            marks = [pytest.mark.slow] if any(slow for _, _, slow in found) else []
            cases.append(pytest.param(page, found, id=_name(page), marks=marks))
    return cases


@pytest.mark.parametrize("page, found", _python_cases())
def test_python_examples(page, found, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict = {"__name__": "__doc_example__"}
    for start, body, _ in found:
        text = "\n".join(body) + "\n"
        if ">>>" not in text:
            exec(compile(text, f"{_name(page)}:{start}", "exec"), globs)
            continue
        test = parser.get_doctest(text, globs, f"{_name(page)}:{start}", str(page), start - 1)
        runner.run(test, clear_globs=False)
        globs = test.globs
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} example(s) of {_name(page)} failed; see above"


def test_the_readme_is_short_and_has_the_two_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) < 15_000
    assert "pip install '.[test]' && pytest" in text


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_pages_name_nothing_internal(page):
    text = page.read_text(encoding="utf-8")
    found = [m.group(0) for m in _INTERNAL.finditer(text)]
    assert not found, f"{_name(page)}: {found}"
    # the sample files are named through dlxc example, never by a path that
    # works only from the root of the source tree
    assert not re.search(r"(?<![\w/])puzzles/(?:dlx|words|crossword|masks|scrabble)/", text)
