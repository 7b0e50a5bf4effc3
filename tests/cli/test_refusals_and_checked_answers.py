"""Memory refused before the search, and answers checked before they are
given.

- A memo limit (``dlxc zdd``, ``count --memo``, ``sample``) or an endgame
  table (``--tt-mb``) larger than the machine's memory is refused with one
  line and exit status 1, before any search: the machine's memory is made
  small here (``machine_memory``), so that the tests hold on any machine.
- A proved endgame value is its line's spread, the line played out by the
  rules; a proved-best crossword fill is a fill of the grid from the list
  with its score recomputed; a ZDD's count is the number of its paths.  Each
  check is shown to catch a wrong answer (a search made to give one), so
  that it cannot pass by checking nothing.
"""

from __future__ import annotations

import functools
import itertools

import pytest
from click.testing import CliRunner
from oracles.lexicon import enable_words

import dlxc.base.args as args_module
from dlxc import Problem
from dlxc.base.errors import CrosswordError, MemoLimitError, SolverError
from dlxc.cli import main
from dlxc.crossword.wordlist import pool_from_words
from dlxc.lexicon import Lexicon
from dlxc.models import cgp
from dlxc.models.crossword import fill as fill_module
from dlxc.models.crossword.fill import Filled, best_fill, parse_grid
from dlxc.models.endgame import Endgame, from_position
from dlxc.models.scrabble import MoveFinder
from dlxc.puzzles import example_path
from dlxc.xcc.dlxformat import read_dlx

MIB = 1 << 20
#: an endgame of dlxc's games that the solver proves in a few hundred nodes
#: (tests/models/test_endgame.py's first)
POSITION = (
    "UNWITTED5AW/1OR1A8HI/1ROMP5VAC1V/ZITIS2P3HEBE/E1ES3O2FARO1/B2l2RIOJA1EX1/r2Y3NEON4/"
    "AI1I3D2ODEON/1CINQUES2NET2/1K1G7YAM1/6LIEGES1U1/3ATLATL4G1/13F1/13U1/13L1 RR/D 499/330 0"
)


@pytest.fixture
def small_machine(monkeypatch):
    """A machine of 64 MiB."""
    monkeypatch.setattr(args_module, "machine_memory", lambda: 64 * MIB)


def run(*argv):
    return CliRunner().invoke(main, [str(a) for a in argv])


# ---- memory refused up front --------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["zdd", "--count"],
    ],
    ids=["zdd"],
)
def test_a_memo_limit_beyond_the_machine_is_refused(small_machine, argv):
    langford = example_path("langford-8")
    refused = run(*argv, langford, "--memo-limit", "100M")
    assert refused.exit_code == 1, refused.output
    lines = refused.output.strip().splitlines()
    assert lines == [lines[0]] and "more than this machine's memory (0.1 GiB)" in lines[0]
    assert "solution" not in refused.output.lower()  # nothing searched
    # within the machine, the same command runs
    assert run(*argv, langford, "--memo-limit", "32M").exit_code == 0


def test_a_memo_cache_beyond_the_machine_stops_at_the_machine(small_machine):
    """count --memo's table is a cache, sample's a table of counts that
    grows as the search needs it: a cap beyond the machine (a huge one is
    "no limit") is the machine's memory, and the count is the same."""
    from dlxc.xcc.search import memo_entries_for

    langford = example_path("langford-8")
    plain = run("count", langford)
    cached = run("count", "--memo", langford, "--memo-limit", "100G")
    assert cached.exit_code == 0 and cached.stdout == plain.stdout
    assert run("sample", langford, "--memo-limit", "100G").exit_code == 0  # its counts' table
    problem = read_dlx(langford)
    assert memo_entries_for(problem, 10**30) == memo_entries_for(problem, 64 * MIB)


def test_the_api_refuses_before_any_search(small_machine):
    problem = Problem(["a", "b"], [], [["a"], ["b"], ["a", "b"]])
    with pytest.raises(MemoLimitError, match="this machine's memory"):
        problem.zdd(memo_limit=100 * MIB)
    assert problem.zdd(memo_limit=MIB).count() == 2


@functools.cache
def _finder() -> MoveFinder:
    return MoveFinder(Lexicon.from_words(enable_words()))


def test_an_endgame_table_beyond_the_machine_is_refused(small_machine, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(w for w in enable_words() if len(w) <= 4) + "\n")
    refused = run("endgame", "--lexicon", words, "--cgp", POSITION, "--tt-mb", 100)
    assert refused.exit_code == 1
    assert refused.output.strip().splitlines() == [
        "Error: a table of 100 MiB (--tt-mb): more than this machine's memory (0.1 GiB); "
        "give a size that fits"
    ]
    game = from_position(_finder(), cgp.parse(POSITION))
    with pytest.raises(MemoLimitError):
        game.solve(tt_mb=100)
    assert game.nodes == 0  # refused before the search
    assert game.solve(tt_mb=8).proved


def test_machine_memory_is_the_physical_memory():
    have = args_module.machine_memory()
    assert have is None or have >= 64 * MIB


# ---- answers checked ------------------------------------------------------------


def test_a_proved_endgame_value_is_its_lines_spread():
    game = from_position(_finder(), cgp.parse(POSITION))
    result = game.solve()
    assert result.proved
    spread = sum(s.points if s.side == 0 else -s.points for s in result.line)
    assert spread == result.value
    assert [s.side for s in result.line] == [k % 2 for k in range(len(result.line))]


def test_the_endgame_check_catches_a_wrong_line(monkeypatch):
    real = Endgame._line

    def cut(self, first, value, depth):
        steps, recs = real(self, first, value, depth)
        return steps[:-1], recs[:-1]  # the line stops before the end of the game

    monkeypatch.setattr(Endgame, "_line", cut)
    with pytest.raises(SolverError, match="not its line's spread"):
        from_position(_finder(), cgp.parse(POSITION)).solve()

    def lie(self, first, value, depth):
        steps, recs = real(self, first, value, depth)
        s = steps[0]
        return [type(s)(s.side, s.move, s.points + 1), *steps[1:]], recs

    monkeypatch.setattr(Endgame, "_line", lie)
    with pytest.raises(SolverError, match="points"):
        from_position(_finder(), cgp.parse(POSITION)).solve()


ROWS = ["...", "...", "..."]
WORDS = ["abc", "def", "ghi", "adg", "beh", "cfi", "bad", "ace"]


def test_a_proved_best_fill_is_a_fill_with_its_score():
    grid = parse_grid("\n".join(ROWS))
    scores = [50, 40, 30, 60, 45, 35, 10, 20]
    pool = pool_from_words(WORDS, scores)
    res = best_fill(grid, pool)
    assert res.proved and res.filled is not None
    by = dict(zip(WORDS, scores))
    words = res.filled.words
    assert all(w in by for w in words) and len(set(words)) == len(words)
    assert res.score.lowest == min(by[w] for w in words)
    # the brute force: every way to put words in the three rows
    fills = [
        rows
        for rows in itertools.permutations(WORDS, 3)
        if all("".join(r[c] for r in rows) in by for c in range(3))
    ]
    best = max(
        min(by[w] for w in [*r, *("".join(x[c] for x in r) for c in range(3))]) for r in fills
    )
    assert res.score.lowest == best


def test_the_best_fill_check_catches_a_wrong_fill(monkeypatch):
    grid = parse_grid("\n".join(ROWS))
    pool = pool_from_words(WORDS, [50, 40, 30, 60, 45, 35, 10, 20])
    real_first, real_problem = fill_module.Filler.first, fill_module.fill_problem

    def swapped(got):
        # words of the list, each in another slot: the crossings disagree
        return None if got is None else Filled(got.grid, got.words[1:] + got.words[:1])

    def first(self, **kw):
        return swapped(real_first(self, **kw))

    def problem(*a, **kw):
        model, decode = real_problem(*a, **kw)
        return model, lambda solution: swapped(decode(solution))

    monkeypatch.setattr(fill_module.Filler, "first", first)
    monkeypatch.setattr(fill_module, "fill_problem", problem)
    with pytest.raises(CrosswordError, match="not a fill"):
        best_fill(grid, pool)


def test_a_zdd_count_is_its_paths_and_the_check_catches_a_wrong_one(backend):
    # every subset of 8 random options over 6 items, brute force
    import random

    rng = random.Random(4)
    for _ in range(6):
        names = [f"i{k}" for k in range(6)]
        options = [rng.sample(names, rng.randint(1, 3)) for _ in range(8)]
        items = sorted({i for o in options for i in o})
        problem = Problem(items, [], options)
        z = problem.zdd(backend=backend)
        want = sum(
            1
            for r in range(len(options) + 1)
            for chosen in itertools.combinations(options, r)
            if sorted(i for o in chosen for i in o) == sorted(items)
        )
        assert z.count() == len(list(z)) == want
        z.check()
    z = Problem(["a", "b"], [], [["a"], ["b"], ["a", "b"]]).zdd(backend=backend)
    z._count, z._count_checked = 3, False
    with pytest.raises(SolverError, match="counted 3 solutions, its paths 2"):
        z.count()
    if len(z.hi):
        z.hi[0] = 0  # a HI branch to the sink 0: no ZDD has one
        with pytest.raises(SolverError, match="branches"):
            z.check()
