"""Option costs: the reader and writer, ``Problem(costs=)``, the k cheapest
solutions (``dlxc.xcc.best``) on both backends, and ``dlxc solve --best``.

The cheapest solutions are checked against a brute-force oracle
(tests/oracles/xcc.py lists every solution by plain recursion; their costs
are summed and sorted here), never against the engine itself: the k best
costs must be the k smallest costs of all solutions, and every solution
returned must be one, with the cost it is given, each once.  The C engine
and the mirror must also agree on the statistics, with the extra bound
and without it (then the search is DLX5's).
"""

from __future__ import annotations

import io
import json
import warnings

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from legs import BACKENDS, C_LEG, C_UNAVAILABLE, c_skip_reason
from oracles.xcc import is_solution
from oracles.xcc import solutions as oracle_solutions
from strategies import small_xcc_problems

from dlxc import Problem, ProblemError
from dlxc.base.errors import DlxFormatError
from dlxc.cli import main
from dlxc.xcc.best import best
from dlxc.xcc.dlxformat import read_dlx, write_dlx

COST_FILE = """\
| three items, one secondary; costs as in Knuth's DLX5
A B C | X
A B |3
C X:1 |1 |1
A |1
B C |2
A B C X:2
"""


def with_costs(problem: Problem, costs) -> Problem:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Problem(problem.primary, problem.secondary, list(problem.options), costs=list(costs))


@st.composite
def costed_problems(draw):
    problem = draw(small_xcc_problems(max_options=11))
    costs = draw(
        st.lists(st.integers(0, 9), min_size=len(problem.options), max_size=len(problem.options))
    )
    return with_costs(problem, costs)


def oracle_costs(problem: Problem) -> list[int]:
    return sorted(sum(problem.costs[j] for j in s) for s in oracle_solutions(problem))


def check_best(problem: Problem, k: int, result) -> None:
    """result is the k cheapest: its costs are the oracle's k smallest, and
    each entry is a distinct solution of the cost it is given."""
    every = oracle_solutions(problem)
    want = oracle_costs(problem)[:k]
    assert [c for c, _ in result.solutions] == want
    seen = set()
    for cost, options in result.solutions:
        chosen = frozenset(options)
        assert chosen in every
        assert cost == sum(problem.costs[j] for j in options)
        assert chosen not in seen
        seen.add(chosen)
    assert result.complete


# ---- the format ----------------------------------------------------------------------


def test_reader_sums_costs_and_defaults_to_zero():
    p = read_dlx(io.StringIO(COST_FILE))
    assert list(p.costs) == [3, 2, 1, 2, 0]
    assert p.option_text(1) == "C X:1"


def test_reader_without_costs_has_none(tmp_path):
    path = tmp_path / "plain.dlx"
    path.write_text("A B\nA\nB\n")
    assert read_dlx(path).costs is None


def test_path_and_stream_read_the_same_costs(tmp_path):
    path = tmp_path / "c.dlx"
    path.write_text(COST_FILE)
    assert list(read_dlx(path).costs) == list(read_dlx(io.StringIO(COST_FILE)).costs)


def test_write_dlx_round_trip():
    p = read_dlx(io.StringIO(COST_FILE))
    text = write_dlx(p)
    assert "A B C X:2 |0" in text
    q = read_dlx(io.StringIO(text))
    assert list(q.costs) == list(p.costs)
    assert list(q.options) == list(p.options)


@pytest.mark.parametrize(
    "line, message",
    [
        ("A |x", "option cost '|x' should be '|' and a decimal number"),
        ("A | 3", "option cost '|' should be '|' and a decimal number"),
        ("A |3a", "illegal digit in option cost '|3a'"),
        ("A |١", "option cost '|١' should be"),
        (f"A |{1 << 63}", "the option costs add up to"),
    ],
)
def test_reader_errors_name_file_and_line(tmp_path, line, message):
    path = tmp_path / "bad.dlx"
    path.write_text(f"A B\nB\n{line}\n")
    with pytest.raises(DlxFormatError) as err:
        read_dlx(path)
    assert f"{path}:3" in str(err.value)
    assert message in str(err.value)


@st.composite
def cost_texts(draw):
    """DLX text with cost tokens after any item of some options."""
    n_primary = draw(st.integers(1, 4))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = ["s0", "s1"]
    lines = [" ".join(primary) + " | " + " ".join(secondary)]
    for _ in range(draw(st.integers(1, 8))):
        toks = draw(st.lists(st.sampled_from(primary + secondary), min_size=1, unique=True))
        toks = [t + ":c" if t in secondary and draw(st.booleans()) else t for t in toks]
        for _ in range(draw(st.integers(0, 2))):
            at = draw(st.integers(1, len(toks)))
            toks.insert(at, "|" + str(draw(st.integers(0, 10**12))))
        lines.append(" ".join(toks))
    return ("\n".join(lines) + "\n").encode()


@given(cost_texts())
@pytest.mark.skipif(C_UNAVAILABLE, reason=c_skip_reason())
def test_c_reader_reads_costs_as_the_python_reader(text):
    from dlxc.xcc._cbackend import read_dlx_arrays

    got = read_dlx_arrays(text, notes=True, costs=True)
    assert got is not None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = read_dlx(io.TextIOWrapper(io.BytesIO(text), encoding="utf-8"))
    want_costs = None if expected.costs is None else list(expected.costs)
    assert (None if got[-1] is None else list(got[-1])) == want_costs
    assert list(got[3]) == list(expected.opt_start)
    assert list(got[4]) == list(expected.opt_items)
    assert read_dlx_arrays(text) is None or want_costs is None  # not asked for: left alone


@pytest.mark.parametrize("line", ["A |x", "A | 3", "A |3a", "A |-1", f"A |{1 << 63}"])
@pytest.mark.skipif(C_UNAVAILABLE, reason=c_skip_reason())
def test_c_reader_leaves_bad_costs_to_python(line):
    from dlxc.xcc._cbackend import read_dlx_arrays

    assert read_dlx_arrays(f"A B\nB\n{line}\n".encode(), notes=True, costs=True) is None


@pytest.mark.parametrize(
    "costs, message",
    [
        ([1], "one cost per option"),
        ([1, -2], "costs are >= 0"),
        ([1, 2.5], "not an int"),
        ([True, 1], "not an int"),
        ([1 << 62, 1 << 62], "below 2**63"),
    ],
)
def test_problem_costs_are_checked(costs, message):
    with pytest.raises(ProblemError, match=message.replace("*", r"\*")):
        Problem(["A", "B"], [], [["A"], ["B"]], costs=costs)


def test_problem_without_costs():
    assert Problem(["A"], [], [["A"]]).costs is None


# ---- the cheapest solutions --------------------------------------------------------------


@given(costed_problems(), st.sampled_from([1, 2, 3, 6]))
@pytest.mark.parametrize("backend", BACKENDS)
def test_best_matches_the_oracle(backend, problem, k):
    check_best(problem, k, best(problem, k, backend))


@given(costed_problems(), st.sampled_from([1, 3]))
@pytest.mark.parametrize("backend", BACKENDS)
def test_dlx5_search_without_the_bound_matches_the_oracle(backend, problem, k):
    check_best(problem, k, best(problem, k, backend, bound=False))


@given(costed_problems(), st.sampled_from([1, 2, 5]), st.booleans())
@pytest.mark.parametrize("c_backend", [C_LEG])
def test_c_and_mirror_agree_on_everything(c_backend, problem, k, bound):
    a = best(problem, k, "c", bound=bound)
    b = best(problem, k, "python", bound=bound)
    assert a.solutions == b.solutions
    for field in ("solutions", "nodes", "updates", "cleansings", "max_level"):
        assert getattr(a.stats, field) == getattr(b.stats, field), field


def test_the_bound_prunes_and_keeps_the_answer(backend):
    # 6 queens as XCC, costs that make many partial placements hopeless
    n = 6
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    options = [
        [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)
    ]
    costs = [(7 * i + 3 * j * j) % 10 for i in range(n) for j in range(n)]
    p = Problem(primary, secondary, options, costs=costs)
    plain = best(p, 2, backend, bound=False)
    bounded = best(p, 2, backend)
    assert [c for c, _ in plain.solutions] == [c for c, _ in bounded.solutions]
    check_best(p, 2, bounded)
    assert bounded.stats.nodes <= plain.stats.nodes


def test_more_k_than_solutions_gives_them_all(backend):
    p = read_dlx(io.StringIO(COST_FILE))
    result = p.best(50, backend)
    check_best(p, 50, result)
    assert len(result) == len(oracle_solutions(p))


def test_without_costs_every_solution_costs_zero(backend):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = Problem(["A", "B"], [], [["A"], ["B"], ["A", "B"]])
    result = p.best(5, backend)
    assert sorted(frozenset(o) for _, o in result) == sorted(
        frozenset(s) for s in oracle_solutions(p)
    )
    assert all(c == 0 for c, _ in result)


def test_no_primary_item_has_the_empty_solution(backend):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = Problem([], ["x"], [["x"]], costs=[4])
    assert p.best(3, backend).solutions == [(0, ())]


def test_ties_are_deterministic_and_the_same_on_both_backends(backend):
    # four solutions of cost 2: which two come back is fixed
    p = Problem(["A", "B"], [], [["A"], ["A"], ["B"], ["B"]], costs=[1, 1, 1, 1])
    first = p.best(2, backend).solutions
    assert first == p.best(2, backend).solutions
    assert first == p.best(2, "python").solutions
    assert [c for c, _ in first] == [2, 2]


def test_node_limit_returns_the_best_so_far(backend):
    n = 7
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    options = [
        [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)
    ]
    costs = [(5 * (x // n) + x % n) % 9 for x in range(n * n)]
    p = Problem(primary, secondary, options, costs=costs)
    full = p.best(1, backend)
    part = p.best(1, backend, node_limit=20)
    assert not part.complete and part.stopped == "node limit"
    assert part.stats.nodes < full.stats.nodes
    for cost, options in part:
        assert is_solution(p, options)
        assert cost == sum(costs[j] for j in options) >= full.solutions[0][0]


def test_k_is_checked():
    p = Problem(["A"], [], [["A"]], costs=[1])
    with pytest.raises(ValueError):
        p.best(0)


# ---- the command line --------------------------------------------------------------------


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def cost_file(tmp_path):
    path = tmp_path / "costs.dlx"
    path.write_text(COST_FILE)
    return path


def test_cli_best_text(cost_file):
    result = run("solve", "--best", 2, cost_file)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (
        "solution 1 (cost 0):\nA B C X:2 |0\n\nsolution 2 (cost 3):\nA |1\nB C |2\n\n"
    )
    assert "The 2 optimum costs are 0, 3." in result.stderr


def test_cli_best_json(cost_file):
    result = run("solve", "--best", 3, "--json", cost_file)
    assert result.exit_code == 0
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["cost"] for r in records] == [0, 3, 5]
    assert records[2]["options"] == [0, 1]
    assert records[2]["text"] == ["A B |3", "C X:1 |2"]


def test_cli_best_refuses_jobs_and_max(cost_file):
    for extra in (["--jobs", "2"], ["--max", "1"], ["--seed", "1"]):
        result = run("solve", "--best", 1, *extra, cost_file)
        assert result.exit_code == 2
        assert "--best searches in one process" in result.stderr


def test_cli_best_node_limit_is_partial(tmp_path):
    n = 7
    lines = [
        " ".join([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)])
        + " | "
        + " ".join([f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)])
    ]
    for i in range(n):
        for j in range(n):
            lines.append(f"r{i} c{j} a{i + j} b{i - j + n - 1} |{(5 * i + j) % 9}")
    path = tmp_path / "q7.dlx"
    path.write_text("\n".join(lines) + "\n")
    result = run("solve", "--best", 1, "--node-limit", 20, path)
    assert result.exit_code == 4
    assert "not proved optimal" in result.stderr


def test_count_and_solve_ignore_costs(cost_file):
    p = read_dlx(cost_file)
    assert run("count", cost_file).stdout.strip() == str(len(oracle_solutions(p)))
    assert run("solve", cost_file).exit_code == 0


def test_options_without_a_primary_item_keep_their_numbers(backend):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = Problem(["A", "B"], ["x"], [["x"], ["A"], ["B", "x"], ["A", "B"]], costs=[0, 5, 1, 9])
    result = p.best(3, backend)
    assert result.solutions == [(6, (1, 2)), (9, (3,))]
    check_best(p, 3, result)


def test_cli_best_interrupted_prints_the_best_so_far(tmp_path, monkeypatch):
    n = 7
    lines = [
        " ".join([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)])
        + " | "
        + " ".join([f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)])
    ]
    for i in range(n):
        for j in range(n):
            lines.append(f"r{i} c{j} a{i + j} b{i - j + n - 1} |{(5 * i + j) % 9}")
    path = tmp_path / "q7.dlx"
    path.write_text("\n".join(lines) + "\n")
    import dlxc.xcc.best as best_module

    def interrupted(self):
        self._runner.limits = best_module.Limits(40)
        self._runner.run(self._call)  # some of the search, then Ctrl-C
        raise KeyboardInterrupt

    monkeypatch.setattr(best_module.BestSearch, "run", interrupted)
    result = run("solve", "--best", 1, path)
    assert result.exit_code == 130
    assert result.stdout.startswith("solution 1 (cost ")
    assert "Interrupted after" in result.stderr


# ---- Lagrangian taxes ------------------------------------------------------------------


@st.composite
def headed_problems(draw):
    """Problems where every option holds exactly one of the first h items
    (as every queen holds a row): the Lagrangian taxes apply to them."""
    h = draw(st.integers(1, 3))
    m = draw(st.integers(1, 5))
    heads = [f"h{i}" for i in range(h)]
    others = [f"x{i}" for i in range(m)]
    n_options = draw(st.integers(h, 12))
    options = []
    for j in range(n_options):
        head = heads[j % h]
        rest = draw(st.lists(st.sampled_from(others), max_size=m, unique=True))
        options.append([head, *rest])
    costs = draw(st.lists(st.integers(0, 30), min_size=n_options, max_size=n_options))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Problem(heads + others, [], options, costs=costs)


@given(headed_problems(), st.sampled_from([1, 2, 4]))
@pytest.mark.parametrize("backend", BACKENDS)
def test_lagrangian_taxes_keep_the_oracle_answer(backend, problem, k):
    check_best(problem, k, best(problem, k, backend))


@given(headed_problems(), st.sampled_from([1, 3]))
@pytest.mark.parametrize("c_backend", [C_LEG])
def test_lagrangian_taxes_c_and_mirror_agree(c_backend, problem, k):
    a = best(problem, k, "c")
    b = best(problem, k, "python")
    assert a.solutions == b.solutions
    for field in ("solutions", "nodes", "updates", "cleansings", "max_level"):
        assert getattr(a.stats, field) == getattr(b.stats, field), field


@given(headed_problems())
def test_lagrangian_taxes_are_a_lower_bound(problem):
    from dlxc.xcc.engines.cost import lagrange_taxes

    index = {name: i for i, name in enumerate(problem.primary)}
    start, items = [0], []
    for option in problem.options:
        items += [index[name] for name in option]
        start.append(len(items))
    h = sum(1 for name in problem.primary if name.startswith("h"))
    cls = [0] * h + [1] * (len(problem.primary) - h)
    tax = lagrange_taxes(len(problem.primary), start, items, list(problem.costs), cls)
    if tax is None:
        assert max(problem.costs) == 0
        return
    for j, option in enumerate(problem.options):  # every net cost stays >= 0
        assert problem.costs[j] - sum(tax[index[name]] for name in option) >= 0
    found = oracle_costs(problem)
    if found:
        assert sum(tax) <= found[0]


def test_lagrangian_taxes_beat_the_greedy_ones_on_queens(backend):
    # 7 queens with costs: the rows are class 0; the prices on the columns
    # raise the total tax above the greedy one, and the answer stays the oracle's
    n = 7
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    options = [
        [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)
    ]
    costs = [(13 * i * i + 7 * j + 5 * i * j) % 23 for i in range(n) for j in range(n)]
    p = Problem(primary, secondary, options, costs=costs)
    bounded = best(p, 3, backend)
    check_best(p, 3, bounded)
    plain = best(p, 3, backend, bound=False)
    assert bounded.stats.nodes < plain.stats.nodes
