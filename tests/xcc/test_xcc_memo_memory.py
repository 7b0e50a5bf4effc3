"""The memo's memory limit holds for the whole memo, its key stack included.

A key is as long as the problem is wide (a bit per primary item, a byte per
secondary item) and waits on a stack for every level of the search path
until that level's subtree is counted.  On a wide and deep problem the
stack alone used to dwarf the limit (170 MB of peak memory under
``--memo-limit 1M`` on 40,000 options).  Now the stack keeps a key for the
deepest min(levels, entries) levels only; shallower levels go unstored,
the counts stay exact, and both engines do the same.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import warnings

from hypothesis import given
from hypothesis import strategies as st

from dlxc.xcc.dlxformat import read_dlx
from dlxc.xcc.problem import Problem
from dlxc.xcc.search import memo_entries_for, memo_fixed_bytes, memo_key_bytes


def _path_problem(n: int, m: int) -> str:
    """Monominoes and dominoes on a path of n cells, each monomino also
    touching one of m secondary items: as deep as n levels, keys of about
    n/8 + m bytes."""
    lines = [" ".join(f"p{i}" for i in range(n)) + " | " + " ".join(f"x{j}" for j in range(m))]
    for i in range(n):
        lines.append(f"p{i} x{i % m}")
        if i + 1 < n:
            lines.append(f"p{i} p{i + 1}")
    return "\n".join(lines) + "\n"


_CHILD = r"""
import io, sys
from dlxc.xcc.dlxformat import read_dlx
from dlxc.xcc.search import memo_entries_for

def rss(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024

problem = read_dlx(io.StringIO(sys.stdin.read()))
# the peak so far is the reader's: start the search's peak from here
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")
before = rss("VmRSS")
with problem.search(backend="c", memo_entries=memo_entries_for(problem, 1 << 20)) as s:
    s.run(node_limit=int(sys.argv[1]))
    info = s.memo_info
print(rss("VmHWM") - before, info.bytes, info.full, s.stats.nodes)
"""


def test_memory_stays_near_the_limit_on_a_wide_deep_problem(c_backend):
    # 6,000 levels of 6,752-byte keys: a stack for every level would take
    # 40 MB; the limit is 1 MiB.
    text = _path_problem(6000, 6000)
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, "8000"],
        input=text,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    grown, table_bytes, full, nodes = out.stdout.split()
    assert int(nodes) == 8000
    assert int(table_bytes) <= 1 << 20
    assert full == "True"  # the deep path dropped shallow keys
    # far below 40 MB: the memo, plus allocator slack (more under the
    # sanitizers, whose allocator keeps freed blocks aside and pads each one)
    slack = 12 << 20 if "ASAN_OPTIONS" in os.environ else 6 << 20
    assert int(grown) < slack


def test_entries_and_stack_fit_the_cap():
    problem = read_dlx(io.StringIO(_path_problem(300, 200)))
    key = memo_key_bytes(problem)
    levels = len(problem.primary) + 2
    for cap in (1 << 16, 1 << 18, 1 << 20, 1 << 24):
        entries = memo_entries_for(problem, cap)
        stack = min(entries, levels) * key
        assert memo_fixed_bytes(problem) + entries * (key + 32) + stack <= cap
        # and one more entry would not fit
        more = entries + 1
        assert memo_fixed_bytes(problem) + more * (key + 32) + min(more, levels) * key > cap


@st.composite
def deep_problems(draw):
    """Random problems whose search can go deeper than a tiny memo's stack."""
    n = draw(st.integers(3, 9))
    primary = [f"p{i}" for i in range(n)]
    secondary = ["x", "y"]
    options = []
    for i in range(n):
        options.append([primary[i]])
        if i + 1 < n and draw(st.booleans()):
            options.append([primary[i], primary[i + 1]])
    for _ in range(draw(st.integers(0, 6))):
        opt = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        col = draw(st.sampled_from([None, "a", "b"]))
        options.append(opt + ([f"x:{col}"] if col else []))
    text = " ".join(primary) + " | " + " ".join(secondary) + "\n"
    text += "\n".join(" ".join(o) for o in options) + "\n"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return read_dlx(io.StringIO(text))


def _memo_run(problem: Problem, backend: str, entries: int):
    with problem.search(backend=backend, memo_entries=entries) as s:
        s.run()
        st_ = s.stats
        info = s.memo_info
    return (
        st_.solutions,
        st_.nodes,
        st_.updates,
        st_.cleansings,
        info.entries,
        info.hits,
        info.full,
    )


@given(deep_problems(), st.integers(1, 4))
def test_a_short_key_stack_keeps_counts_exact_and_engines_in_lockstep(c_backend, problem, entries):
    with problem.search(backend="python") as plain:
        plain.run()
        expected = plain.stats.solutions
    c = _memo_run(problem, "c", entries)
    py = _memo_run(problem, "python", entries)
    assert c == py
    assert c[0] == expected
