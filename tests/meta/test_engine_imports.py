"""No engine borrows another's tools: the commands of the word engines
(lexicon and moves, crossword, boggle) and the modules they stand on import
no module of the XCC engine.  What they share (the runner, the worker
processes, Dask) lives in dlxc/base/.

Each check runs in a fresh interpreter, since this one has imported
everything already."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# a command module, and the modules of its engine that it imports when it runs
COMMANDS = {
    "lexicon, moves": ["dlxc.cli.lexicon", "dlxc.lexicon", "dlxc.models.scrabble"],
    "crossword": [
        "dlxc.cli.crossword",
        "dlxc.crossword.wordlist",
        "dlxc.models.crossword.layout",
        "dlxc.models.crossword.fill",
    ],
    "boggle": ["dlxc.cli.boggle", "dlxc.boggle"],
}


def _loaded_after(code: str) -> list:
    """The dlxc modules loaded in a fresh interpreter after ``code``."""
    script = (
        f"{code}\nimport json, sys\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('dlxc'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out.splitlines()[-1])


@pytest.mark.parametrize("command", list(COMMANDS))
def test_command_imports_no_xcc_module(command):
    loaded = _loaded_after("\n".join(f"import {m}" for m in COMMANDS[command]))
    assert set(COMMANDS[command]) <= set(loaded)  # the check saw the imports
    assert [m for m in loaded if m == "dlxc.xcc" or m.startswith("dlxc.xcc.")] == []


def test_a_boggle_run_imports_no_xcc_module(tmp_path):
    """Not only the import: solving a board on several processes (the pool
    of dlxc.base) loads no XCC module either."""
    words = tmp_path / "words.txt"
    words.write_text("rat\ntar\nart\nstar\n")
    loaded = _loaded_after(
        "from dlxc.boggle import Boggle, ParallelScorer\n"
        f"bg = Boggle({str(words)!r})\n"
        "boards = ['starxxxxx', 'ratxxxxxx', 'tarsxxxxx']\n"
        "with ParallelScorer(bg, 2) as p:\n"
        "    assert p.score_many(boards, 3, 3) == bg.score_many(boards, 3, 3)\n"
    )
    assert "dlxc.base.pool" in loaded
    assert [m for m in loaded if m == "dlxc.xcc" or m.startswith("dlxc.xcc.")] == []


def test_the_check_sees_an_xcc_import():
    # the check can fail: importing a command of the XCC engine is seen
    loaded = _loaded_after("import dlxc.cli.solve")
    assert "dlxc.xcc.search" in loaded
