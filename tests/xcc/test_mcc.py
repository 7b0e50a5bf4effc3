"""Items with multiplicities (csrc/xcc/mcc.c and its mirror
dlxc/xcc/engines/mcc.py): a primary item written ``u:v|name`` is covered at
least u and at most v times.

The search is checked against a brute-force oracle written here (every
subset of the options, each primary item's cover count within its bounds,
each secondary item's colors consistent), the two backends against each
other figure for figure, splits against the serial count, and the readers'
errors word by word.
"""

from __future__ import annotations

import io
import itertools
import random
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlxc import Problem, read_dlx, write_dlx
from dlxc.base.errors import DlxFormatError, ProblemError
from dlxc.xcc.engines import make_solver

# ---- the oracle --------------------------------------------------------------


def oracle(problem: Problem) -> set:
    """Every set of options (indices) that covers each primary item within
    its bounds and gives each secondary item one color (or one uncolored
    option only), by enumerating all subsets."""
    bounds = problem.bounds or {}
    lo = [bounds.get(p, (1, 1))[0] for p in problem.primary]
    hi = [bounds.get(p, (1, 1))[1] for p in problem.primary]
    n_primary = len(problem.primary)
    options = list(problem.options)
    index = {name: k for k, name in enumerate(problem.items)}
    kept = [j for j in range(len(options)) if j not in set(problem.dropped)]
    found = set()
    for r in range(len(kept) + 1):
        for chosen in itertools.combinations(kept, r):
            count = [0] * n_primary
            colors: dict[int, list] = {}
            for j in chosen:
                for entry in options[j]:
                    name, color = (entry, None) if isinstance(entry, str) else entry
                    k = index[name]
                    if k < n_primary:
                        count[k] += 1
                    else:
                        colors.setdefault(k, []).append(color)
            if any(not lo[i] <= count[i] <= hi[i] for i in range(n_primary)):
                continue
            if all(
                len(cs) == 1 or (None not in cs and len(set(cs)) == 1) for cs in colors.values()
            ):
                found.add(frozenset(chosen))
    return found


@st.composite
def mcc_problems(draw, max_options=9):
    """Small problems with bounds and colors; every option has a primary item."""
    n_primary = draw(st.integers(1, 4))
    n_secondary = draw(st.integers(0, 2))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    bounds = {}
    for name in primary:
        v = draw(st.integers(1, 3))
        bounds[name] = (draw(st.integers(0, v)), v)
    options = []
    for _ in range(draw(st.integers(1, max_options))):
        items = draw(st.lists(st.sampled_from(primary), min_size=1, max_size=3, unique=True))
        for s in secondary:
            how = draw(st.sampled_from(["", "", "plain", "a", "b"]))
            if how == "plain":
                items.append(s)
            elif how:
                items.append((s, how))
        options.append(items)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Problem(primary, secondary, options, bounds=bounds)


def run(
    problem: Problem,
    backend: str,
    budget: int = 1 << 40,
    room: int = 1 << 20,
    strategy: str = "mcc",
    listed: bool = True,
):
    """(solutions in order, statistics) of an MCC engine, in calls of
    ``budget`` nodes and ``room`` solutions (none listed unless ``listed``:
    then the C engine counts a last item's subtree at once)."""
    arrays = problem.live_arrays()
    solver = make_solver(backend, len(problem.primary), len(problem.items), arrays, None, strategy)
    out: list | None = [] if listed else None
    while solver.run(budget, out, room):
        pass
    return out, solver.stats()


@given(problem=mcc_problems())
def test_mcc_finds_the_oracles_solutions(backend, problem):
    got, stats = run(problem, backend)
    assert {frozenset(s) for s in got} == oracle(problem)
    assert len(got) == len(set(map(frozenset, got))) == stats[0]
    assert problem.count(backend=backend) == stats[0]


@given(
    problem=mcc_problems(),
    budget=st.integers(1, 4),
    room=st.integers(1, 3),
    strategy=st.sampled_from(["mcc", "dlx3"]),
)
def test_mcc_c_and_mirror_in_lockstep(c_backend, problem, budget, room, strategy):
    """The same solutions in the same order and the same statistics (DLX3's
    nodes; with dlx3 its updates and cleansings, with mcc the options
    committed), however the search is cut into calls: the C side's bitset
    walk (mcc) and links walk (dlx3) against the mirror's links walk."""
    whole = run(problem, "c", strategy=strategy)
    assert run(problem, "python", strategy=strategy) == whole
    assert run(problem, "c", budget, room, strategy) == whole
    assert run(problem, "python", budget, room, strategy) == whole
    # counted without a listing, the C side takes a last item's subtree at once
    assert run(problem, "c", listed=False, strategy=strategy)[1] == whole[1]
    assert run(problem, "c", budget, room, strategy, listed=False)[1] == whole[1]
    # mcc's tree is DLX3's without the levels whose only branch is the null
    # move of an empty item that needs nothing: the same solutions in the
    # same order, fewer nodes
    other = run(problem, "c", strategy="dlx3" if strategy == "mcc" else "mcc")
    mcc, dlx3 = (whole, other) if strategy == "mcc" else (other, whole)
    assert mcc[0] == dlx3[0] and mcc[1][0] == dlx3[1][0]
    assert mcc[1][1] <= dlx3[1][1] and mcc[1][4] <= dlx3[1][4]


@given(problem=mcc_problems(max_options=8), depth=st.integers(1, 4))
def test_mcc_split_and_replay_add_up(backend, problem, depth):
    """The paths of a split run (option ids, -1 for a null move), each
    replayed, give the serial solutions and nodes exactly."""
    serial, stats = run(problem, backend)
    arrays = problem.live_arrays()
    sizes = (len(problem.primary), len(problem.items))
    top = make_solver(backend, *sizes, arrays, None, "mcc")
    top.set_split(depth)
    paths: list = []
    found: list = []
    while top.run(1 << 40, found, 1 << 20, paths):
        pass
    nodes = top.stats()[1]
    for path in paths:
        sub = make_solver(backend, *sizes, arrays, None, "mcc")
        sub.replay(path)
        while sub.run(1 << 40, found, 1 << 20):
            pass
        nodes += sub.stats()[1]
    assert sorted(map(sorted, found)) == sorted(map(sorted, serial))
    assert nodes == stats[1]


def test_plain_problems_keep_their_engines():
    """All bounds 1:1: no bounds, the usual engines; any other: mcc."""
    p = Problem(["A", "B"], [], [["A"], ["B"], ["A", "B"]], bounds={"A": (1, 1)})
    assert p.bounds is None and len(p.live_arrays()) == 4
    assert p.count_stats(strategy="auto").engine != "mcc"
    q = Problem(["A", "B"], [], [["A"], ["B"], ["A", "B"]], bounds={"A": (1, 2)})
    assert q.bounds == {"A": (1, 2)}
    stats = q.count_stats(strategy="auto")
    assert stats.engine == "mcc" and stats.solutions == 3  # {A,B}, {AB}, {A,AB}


KNUTH_EXAMPLE = """| DLX3's example of color controls with bounds
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


def test_knuths_example(backend):
    """dlx3.w's example: the unique solution is A C X:1 Y:1, B X:1, C Y:1;
    DLX3 reports 6 nodes, 14 updates and 7 cleansings."""
    problem = read_dlx(io.StringIO(KNUTH_EXAMPLE))
    assert problem.bounds == {"C": (2, 3)}
    got, stats = run(problem, backend, strategy="dlx3")
    assert [sorted(s) for s in got] == [[1, 3, 4]]
    assert stats[:4] == (1, 6, 14, 7)
    # the mcc engine: DLX3's tree less one level, the null move of an item
    # with no option left that needs none; its updates are the 4 options
    # committed
    got, stats = run(problem, backend)
    assert [sorted(s) for s in got] == [[1, 3, 4]]
    assert stats[:4] == (1, 5, 4, 0)


def test_knuths_example_through_the_cli(tmp_path):
    from examples import run_cli

    path = tmp_path / "ex.dlx"
    path.write_text(KNUTH_EXAMPLE)
    r = run_cli("solve", path)
    assert r.exit_code == 0, r.output
    assert "A C X:1 Y:1\nB X:1\nC Y:1" in r.stdout
    r = run_cli("count", "--memo", path)
    assert r.exit_code == 0 and r.stdout == "1\n", r.output


def _rooks(n: int) -> Problem:
    """One or two marked cells in every row and column, at most one on each
    diagonal: a covering with u < v."""
    items = [f"R{i}" for i in range(n)] + [f"C{i}" for i in range(n)]
    diag = [f"A{d}" for d in range(2 * n - 1)] + [f"B{d}" for d in range(2 * n - 1)]
    options = [
        [f"R{r}", f"C{c}", f"A{r + c}", f"B{r - c + n - 1}"] for r in range(n) for c in range(n)
    ]
    bounds = {x: (1, 2) for x in items}
    bounds.update({x: (0, 1) for x in diag})
    return Problem(items + diag, [], options, bounds=bounds)


def _rooks_brute(n: int) -> int:
    """The same count, row by row: each row marks one or two columns."""
    rows = [set(c) for k in (1, 2) for c in itertools.combinations(range(n), k)]
    total = 0
    for marks in itertools.product(rows, repeat=n):
        cells = [(r, c) for r, cs in enumerate(marks) for c in cs]
        cols = [sum(1 for _, c in cells if c == i) for i in range(n)]
        a = [r + c for r, c in cells]
        b = [r - c for r, c in cells]
        if all(1 <= x <= 2 for x in cols) and len(set(a)) == len(a) and len(set(b)) == len(b):
            total += 1
    return total


def test_covering_with_slack_against_brute_force(backend):
    problem = _rooks(4)
    assert problem.count(backend=backend) == _rooks_brute(4)


def test_split_count_and_limits():
    """--jobs, node limits and the estimate's refusal on a problem with bounds."""
    problem = _rooks(8)
    serial = problem.count_stats()
    split = problem.count_stats(jobs=2)
    assert split.solutions == serial.solutions and split.engine == "mcc"
    assert split.nodes == serial.nodes
    # the links walk is slow enough for the split to happen
    serial = problem.count_stats(strategy="dlx3")
    split = problem.count_stats(jobs=2, strategy="dlx3")
    assert split.solutions == serial.solutions and split.engine == "dlx3"
    assert split.nodes == serial.nodes and split.subproblems > 1
    listed = list(map(frozenset, problem.solutions(jobs=2)))
    assert len(listed) == serial.solutions
    assert set(listed) == set(map(frozenset, problem.solutions()))
    stopped = problem.count_stats(node_limit=50)
    assert not stopped.complete and stopped.nodes <= 50
    from dlxc.xcc.estimate import estimate

    guess = estimate(problem, probes=2000, seed=1, calibrate=None)
    assert guess.probes == 2000 and not guess.exact
    assert abs(guess.solutions - serial.solutions) < 5 * guess.solutions_stderr + 1


# ---- the readers -------------------------------------------------------------


@pytest.mark.parametrize(
    "items, bounds",
    [
        ("A 2|B C", {"B": (2, 2)}),
        ("0:3|A B", {"A": (0, 3)}),
        ("1:1|A 1|B", None),
        ("A | X 2:5|Y", "error"),
    ],
)
def test_reader_bounds(items, bounds):
    text = f"{items}\nA B\n"
    if bounds == "error":
        with pytest.raises(DlxFormatError):
            read_dlx(io.StringIO(text))
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert read_dlx(io.StringIO(text)).bounds == bounds


@pytest.mark.parametrize(
    "token, words",
    [
        ("3:2|A", "lower bound 3 exceeds the upper bound 2"),
        ("0|A", "upper bound is zero"),
        ("x:2|A", "illegal character '|' in item name 'x:2|A'"),
        ("1:|A", "a bound is missing"),
        ("2|", "empty item name"),
        ("1:2:3|A", "more than one ':'"),
        ("2:A", "a lower bound needs an upper bound"),
    ],
)
def test_reader_errors_name_file_and_line(tmp_path, token, words):
    path = tmp_path / "bad.dlx"
    path.write_text(f"| a comment\n{token} B\nB\n")
    with pytest.raises(DlxFormatError, match=words) as info:
        read_dlx(path)
    assert "bad.dlx" in str(info.value) and ":2" in str(info.value)


def test_secondary_item_with_bounds_is_refused(tmp_path):
    path = tmp_path / "bad.dlx"
    path.write_text("A | 2|X\nA X\n")
    with pytest.raises(DlxFormatError, match="only primary items have bounds"):
        read_dlx(path)


def test_write_dlx_round_trip():
    problem = read_dlx(io.StringIO(KNUTH_EXAMPLE.replace("A B", "0:2|A 3|B", 1)))
    assert problem.bounds == {"A": (0, 2), "B": (3, 3), "C": (2, 3)}
    text = write_dlx(problem)
    assert text.splitlines()[0] == "0:2|A 3|B 2:3|C | X Y"
    again = read_dlx(io.StringIO(text))
    assert again.bounds == problem.bounds and list(again.options) == list(problem.options)
    knuth = write_dlx(problem, knuth=True)
    assert knuth.splitlines()[0] == "0:2|A 3|B 2:3|C | X Y"


@pytest.mark.parametrize(
    "bounds, words",
    [
        ({"A": (2, 1)}, "need 0 <= u <= v"),
        ({"A": (0, 0)}, "at least 1"),
        ({"A": (-1, 2)}, "need 0 <= u <= v"),
        ({"X": (1, 2)}, "secondary item"),
        ({"Z": (1, 2)}, "unknown item"),
        ({"A": 3}, "expected a pair"),
        ({"A": (1.0, 2)}, "must be ints"),
    ],
)
def test_problem_checks_its_bounds(bounds, words):
    with pytest.raises(ProblemError, match=words):
        Problem(["A"], ["X"], [["A"]], bounds=bounds)


def test_unused_item_with_zero_lower_bound_is_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Problem(["A", "B"], [], [["A"]], bounds={"B": (0, 1)})


def test_random_text_files_against_the_oracle(backend):
    """Files written by hand-rolled random generation, read back, give the
    oracle's count (both readers see the bounds)."""
    rng = random.Random(5)
    for _ in range(15):
        prim = [f"p{i}" for i in range(rng.randint(1, 4))]
        heads = []
        for name in prim:
            v = rng.randint(1, 3)
            u = rng.randint(0, v)
            heads.append(f"{u}:{v}|{name}")
        lines = [" ".join(heads) + " | s"]
        for _ in range(rng.randint(1, 8)):
            opt = rng.sample(prim, rng.randint(1, len(prim)))
            if rng.random() < 0.5:
                opt.append(rng.choice(["s", "s:a", "s:b"]))
            lines.append(" ".join(opt))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            problem = read_dlx(io.StringIO("\n".join(lines) + "\n"))
        assert problem.count(backend=backend) == len(oracle(problem))


def test_both_readers_read_the_same_bounds(tmp_path, monkeypatch):
    """The C reader's fast path and the Python reader agree on the bounds,
    the options and the warnings (none for an unused item with u = 0)."""
    path = tmp_path / "m.dlx"
    path.write_text("0:2|A 3|B 1:1|C 0:4|D | X\nA B X:1\nB C\nB X:1\nA C\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fast = read_dlx(path)
        monkeypatch.setenv("DLXC_READER", "python")
        slow = read_dlx(path)
    assert fast.bounds == slow.bounds == {"A": (0, 2), "B": (3, 3), "D": (0, 4)}
    assert list(fast.options) == list(slow.options)
    assert fast.count() == slow.count() == len(oracle(slow))


@given(problem=mcc_problems(), seed=st.integers(0, 1 << 64 - 1))
def test_probes_agree_and_leave_the_solver_as_it_was(c_backend, problem, seed):
    """The same probes on both backends; after them, the search gives the
    figures of a fresh solver (every probe undid what it did)."""
    arrays = problem.live_arrays()
    sizes = (len(problem.primary), len(problem.items))
    fresh = run(problem, "c")
    for backend in ("c", "python"):
        solver = make_solver(backend, *sizes, arrays, None, "mcc")
        probes = [solver.probe(seed + k) for k in range(4)]
        if backend == "c":
            first = probes
        assert probes == first
        out: list = []
        while solver.run(1 << 40, out, 1 << 20):
            pass
        assert (out, solver.stats()) == fresh


def test_probes_are_exact_on_a_tree_of_one_path(backend):
    """Every item has one way to go: each probe gives the exact figures."""
    problem = Problem(["A", "B"], [], [["A", "B"]], bounds={"A": (0, 1)})
    arrays = problem.live_arrays()
    solver = make_solver(backend, 2, 2, arrays, None, "mcc")
    _, stats = run(problem, backend)
    nodes, sols, _ = solver.probe(7)
    assert sols == stats[0] == problem.count(backend=backend)
    assert nodes == stats[1]


@pytest.mark.parametrize("secondary", [False, True])
def test_last_item_counted_at_once(secondary):
    """A count without a listing takes the subtree of the last active item
    at once (csrc/xcc/mcc.c, leaf_figures): every figure equals the walk's,
    on one item of every bound up to 4 with up to 7 options, after a first
    item that leaves it last; with a secondary item in its options the
    shortcut stands aside, with the same figures."""
    for n in range(8):
        for v in range(1, 5):
            for u in range(v + 1):
                options: list = [["a"]]
                for k in range(n):
                    options.append(["b", ("s", "x" if k % 2 else "y")] if secondary else ["b"])
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    p = Problem(
                        ["a", "b"], ["s"] if secondary else [], options, bounds={"b": (u, v)}
                    )
                walked = run(p, "python")[1]
                assert run(p, "c", listed=False)[1] == walked
                assert run(p, "c", listed=False, budget=3)[1] == walked
                assert walked[0] == len(oracle(p))
