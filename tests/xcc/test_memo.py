"""Memoized counting (DXZ / DLX6): the same counts as the plain search, always.

The memo key must be the *complete* residual state (active primary items,
and the state of every live secondary item: untouched, or purified to which
color); a key that forgets something merges states with different counts
and the total silently goes wrong.  So memoized counts are compared with
plain counts on many random problems, colored ones and word-search-like
ones (where memo hits are frequent), on both backends, with tables of every
size down to a single entry; the two backends must agree on every figure,
memo entries and hits included.  A fault-injection test shows that the
comparison sees an incomplete key.
"""

from __future__ import annotations

import pytest
from examples import run_cli
from hypothesis import given
from hypothesis import strategies as st
from legs import MIRROR_SLOW
from strategies import colored_problems, small_word_searches

from dlxc import Colored, Problem
from dlxc.models.classic import dominoes, queens
from dlxc.models.wordsearch import word_search_problem
from dlxc.xcc.engines.dlx2 import Dlx2Mirror
from dlxc.xcc.engines.shared import DONE
from dlxc.xcc.search import (
    DEFAULT_MEMO_BYTES,
    MemoInfo,
    memo_entries_for,
    memo_fixed_bytes,
    memo_key_bytes,
)

WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]


problems = st.one_of(colored_problems(), small_word_searches())


def run_to_end(problem, backend, memo_entries=None):
    with problem.search(backend=backend, memo_entries=memo_entries) as s:
        s.count()
        st_ = s.stats
        return (st_.solutions, st_.nodes, st_.updates, st_.cleansings, st_.max_level, s.memo_info)


# ---- memo == plain -----------------------------------------------------------


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@given(problems, st.sampled_from([1, 2, 3, 7, 1 << 20]))
def test_memo_count_equals_plain_count(backend, problem, entries):
    plain = run_to_end(problem, backend)
    memo = run_to_end(problem, backend, entries)
    assert memo[0] == plain[0]
    assert memo[1] <= plain[1]  # never more nodes than the plain search
    info = memo[5]
    assert info.entries <= entries
    assert not info.full or info.entries == entries


@given(problems, st.sampled_from([1, 3, 1 << 20]))
def test_memo_backends_agree_on_every_figure(c_backend, problem, entries):
    c = run_to_end(problem, "c", entries)
    py = run_to_end(problem, "python", entries)
    assert c[:5] == py[:5]
    assert (c[5].entries, c[5].hits, c[5].full) == (py[5].entries, py[5].hits, py[5].full)


@pytest.mark.parametrize(
    "build, expected",
    [
        pytest.param(lambda: queens(8), 92, id="8 queens"),
        pytest.param(lambda: dominoes(4, 4), 36, id="dominoes 4x4"),
        pytest.param(
            lambda: word_search_problem(4, 4, ["ABEL", "LAND"], "EWSN"),
            112,
            id="ABEL+LAND 4x4 EWSN",
        ),
    ],
)
def test_memo_known_counts(backend, build, expected):
    """Counts from docs/design/xcc.md, memoized, with a roomy and a one-entry table."""
    problem = build()
    for entries in (1, 1 << 20):
        assert run_to_end(problem, backend, entries)[0] == expected


def test_memo_dominoes_8x8_c(c_backend):
    """docs/design/xcc.md: 12,988,816 domino tilings of the 8x8 board; the memo
    visits a few thousand nodes where the plain search visits ~50 million."""
    problem = dominoes(8, 8)
    assert problem.count(backend="c", memo=True) == 12_988_816
    stats = problem.count_stats(backend="c", memo=True)
    assert stats.nodes < 100_000 and stats.memo.hits > 0 and not stats.memo.full


def test_memo_word_search_6x6_fewer_nodes(backend):
    """The seed's 244,792 layouts, with fewer nodes than DLX2's 257,181."""
    stats = word_search_problem(6, 6, WORDS).count_stats(backend=backend, memo=True)
    assert stats.solutions == 244_792 and stats.complete
    assert stats.nodes < 257_181


class ForgetfulMirror(Dlx2Mirror):
    """The mirror with an incomplete memo key: untouched live cells are
    forgotten (only purified cells are kept)."""

    def make_key(self):
        active, cells = super().make_key()
        return active, tuple(c if c > 0 else -1 for c in cells)


def forgetful_count(problem) -> int:
    m = ForgetfulMirror(len(problem.primary), len(problem.items), *problem.live_arrays())
    m.set_memo(1 << 20)
    while m.run(1 << 30) != DONE:
        pass
    return m.solutions


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@pytest.mark.parametrize(
    "build, expected",
    [
        # found by hypothesis with the strategies above, then shrunk; 68 by the
        # brute-force oracle of tests/oracles/xcc.py
        pytest.param(
            lambda: word_search_problem(4, 4, ["AA", "ABB", "AAA"], ["SE"]),
            68,
            id="AA ABB AAA 4x4 SE",
        ),
        pytest.param(lambda: word_search_problem(6, 6, WORDS), 244_792, id="seed 6x6"),
    ],
)
def test_incomplete_key_is_caught(backend, build, expected):
    """Fault injection: the forgetful key miscounts, the real key does not,
    so comparing memoized with plain counts can see a key bug."""
    problem = build()
    assert problem.count(backend=backend) == expected
    assert problem.count(backend=backend, memo=True) == expected
    assert forgetful_count(problem) != expected


def test_tiny_fault_case_matches_oracle():
    from oracles import xcc as oracle

    problem = word_search_problem(4, 4, ["AA", "ABB", "AAA"], ["SE"])
    assert len(oracle.solutions(problem)) == 68


# ---- the memory cap ------------------------------------------------------------


def test_full_table_stays_exact(backend):
    problem = word_search_problem(5, 5, ["ABEL", "EULER", "GAUSS"])
    plain = run_to_end(problem, backend)
    capped = run_to_end(problem, backend, 3)
    assert capped[5].full and capped[5].entries == 3
    assert capped[0] == plain[0]
    roomy = run_to_end(problem, backend, 1 << 20)
    assert not roomy[5].full
    assert roomy[1] <= capped[1] <= plain[1]


def test_memo_limit_bytes_to_entries():
    """The byte cap becomes a number of entries from the C key size:
    8 bytes per 64 primary items, one per secondary item, rounded to 8,
    plus 32 bytes of hash, count and slots, after 16 KiB of fixed slots,
    a scratch key, 9 bytes per level, a byte per secondary item and the
    key stack (one key per level once there are more entries than levels)."""
    ws = word_search_problem(6, 6, WORDS)  # 4 primary, 36 secondary
    levels = 4 + 2
    fixed = 16 * 1024 + 48 + 9 * levels + 36 + 1 + levels * 48
    assert memo_key_bytes(ws) == 48  # 8 + 36 = 44 -> 48
    assert memo_entries_for(ws, fixed + 80 * 1000) == 1000
    assert memo_entries_for(ws, 2 * (fixed + 80 * 1000), share=2) == 1000
    assert memo_entries_for(ws, 0) == 1  # never less than one entry
    assert memo_entries_for(ws) == (DEFAULT_MEMO_BYTES - fixed) // 80
    with pytest.raises(ValueError, match="negative"):
        memo_entries_for(ws, -1)
    wide = Problem(["p"], ["x"], [["p", Colored("x", f"c{i}")] for i in range(300)])
    assert memo_key_bytes(wide) == 16  # 8 + 2 bytes -> 16


@pytest.mark.parametrize("cap", [1, 40_000, 64 * 1024, 1 << 20])
def test_c_table_stays_under_its_cap(c_backend, cap):
    """Small caps fill the table (the count stays exact); the C table's own
    byte figure never exceeds the cap (beyond its fixed part and one entry
    with its waiting key)."""
    problem = word_search_problem(7, 7, WORDS)
    stats = problem.count_stats(backend="c", memo=True, memo_limit=cap)
    assert stats.solutions == 9_664_704
    one_entry = memo_key_bytes(problem) * 2 + 32
    assert stats.memo.bytes <= max(cap, memo_fixed_bytes(problem) + one_entry)


def test_memo_api_guards(backend):
    problem = queens(6)
    with pytest.raises(ValueError, match="seed"):
        problem.count_stats(backend=backend, seed=1, memo=True)
    with pytest.raises(ValueError, match="memo=True"):
        problem.count_stats(backend=backend, memo_limit=1000)
    with problem.search(backend=backend, memo_entries=10) as s:
        with pytest.raises(TypeError, match="cannot list"):
            next(iter(s))
    assert problem.count_stats(backend=backend).memo is None
    assert isinstance(problem.count_stats(backend=backend, memo=True).memo, MemoInfo)


# ---- dlxc count --memo -----------------------------------------------------------


def test_cli_count_memo(ws6_file):
    import json

    result = run_cli("count", ws6_file, "--memo", "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["solutions"] == 244_792 and record["nodes"] < 257_181
    assert "Memo table:" in result.stderr and "(full)" not in result.stderr
    tight = run_cli("count", ws6_file, "--memo", "--memo-limit", "20K")
    assert tight.exit_code == 0 and tight.stdout == "244792\n"
    assert "(full)" in tight.stderr and "filled up" in tight.stderr


def test_cli_memo_usage_errors(ws6_file):
    for args in (
        ["--memo-limit", "1M"],
        ["--memo", "--seed", "1"],
        ["--memo", "--memo-limit", "much"],
    ):
        result = run_cli("count", ws6_file, *args)
        assert result.exit_code == 2, (args, result.output)
