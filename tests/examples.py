"""Small problems that several test files share.

The color example of docs/design/xcc.md §2: one solution, "A C X:1 Y:1" and "B X:1", and
DLX2's statistics 4 nodes, 14 updates, 5 cleansings.  Its third option has
no primary item, so reading it warns and drops that option, as DLX2 does.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from dlxc import Colored, Problem, ProblemWarning
from dlxc.cli import main

COLOR_EXAMPLE = """\
| comment lines start with |, anywhere
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
X:0 Y:1
B X:1
C Y:1
"""
COLOR_FIGURES = {"solutions": 1, "nodes": 4, "updates": 14, "cleansings": 5}


def color_example(match: str = "no primary item") -> Problem:
    """The color example built in code; the warning must match ``match``."""
    with pytest.warns(ProblemWarning, match=match):
        return Problem(
            ["A", "B", "C"],
            ["X", "Y"],
            [
                ["A", "B", Colored("X", "0"), Colored("Y", "0")],
                ["A", "C", Colored("X", "1"), Colored("Y", "1")],
                [Colored("X", "0"), Colored("Y", "1")],
                ["B", Colored("X", "1")],
                ["C", Colored("Y", "1")],
            ],
        )


def run_cli(*args, input=None):
    """``dlxc ARGS...`` through click's test runner (arguments may be paths
    or numbers); stdout and stderr stay apart."""
    return CliRunner().invoke(main, [str(a) for a in args], input=input)
