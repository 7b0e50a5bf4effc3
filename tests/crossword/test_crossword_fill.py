"""Grid fills: the engine (C and mirror, in lockstep), the XCC model and a
brute-force filler (oracles.crossword) agree on every small grid."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from legs import C_UNAVAILABLE
from oracles.crossword import brute_fills
from oracles.ipuz import problems as ipuz_problems

from dlxc.base.errors import CrosswordError
from dlxc.cli import main
from dlxc.crossword.wordlist import pool_from_words, read_word_list
from dlxc.models.crossword.fill import Filler, fill_problem, parse_grid

ROOT = Path(__file__).resolve().parents[2]
GRIDS = ROOT / "dlxc" / "puzzles" / "crossword"

cell_st = st.sampled_from("....#ab")


@st.composite
def grids(draw):
    h = draw(st.integers(1, 4))
    w = draw(st.integers(1, 4))
    return ["".join(draw(cell_st) for _ in range(w)) for _ in range(h)]


words_st = st.lists(st.text("abc", min_size=2, max_size=4), min_size=0, max_size=25)


def engine_fills(rows, words, backend, seed=0):
    f = Filler(parse_grid("\n".join(rows)), pool_from_words(words), seed=seed, backend=backend)
    return [tuple(r.lower() for r in filled.render().split("\n")) for filled in f.fills()], f


@given(rows=grids(), words=words_st, seed=st.integers(0, 5))
def test_engine_finds_exactly_the_brute_force_fills(backend, rows, words, seed):
    found, _ = engine_fills(rows, words, backend, seed)
    expected = list(brute_fills(rows, words))
    assert sorted(found) == sorted(expected)
    assert len(set(found)) == len(found)


@pytest.mark.skipif(C_UNAVAILABLE, reason="C backend unavailable")
@given(rows=grids(), words=words_st, seed=st.integers(0, 2**64 - 1))
def test_c_and_mirror_in_lockstep(rows, words, seed):
    a, fa = engine_fills(rows, words, "c", seed)
    b, fb = engine_fills(rows, words, "python", seed)
    assert a == b
    assert fa.stats() == fb.stats()
    assert fa._search.weights() == fb._search.weights()


@pytest.mark.skipif(C_UNAVAILABLE, reason="C backend unavailable")
@given(rows=grids(), words=words_st, seed=st.integers(0, 50))
def test_restarts_in_lockstep_with_their_weights(rows, words, seed):
    # tiny attempts: each restart takes over the conflict weights of the one
    # before it, and both engines choose alike with them
    import dlxc.models.crossword.fill as fill_module

    old = fill_module.RESTART_NODES
    fill_module.RESTART_NODES = 1
    try:
        runs = []
        for backend in ("c", "python"):
            f = Filler(
                parse_grid("\n".join(rows)), pool_from_words(words), seed=seed, backend=backend
            )
            found = f.first()
            runs.append((found and found.render(), f.stats(), f._search.weights()))
    finally:
        fill_module.RESTART_NODES = old
    assert runs[0] == runs[1]


@pytest.mark.parametrize("backend_name", ["c", "python"])
def test_weights_steer_the_choice_of_slot(backend_name):
    if backend_name == "c" and C_UNAVAILABLE:
        pytest.skip("C backend unavailable")
    from dlxc.crossword import engine
    from dlxc.models.crossword.fill import Filler as F

    # two across slots of equal candidates: the weightier goes first
    grid = parse_grid("...\n###\n...")
    f = F(grid, pool_from_words(["abc", "abd", "xyz", "xyw"]), backend=backend_name)
    search = f._search
    assert search.weights() == [1, 1]
    search.set_weights([1, 5])
    assert search.weights() == [1, 5]
    with pytest.raises(ValueError):
        search.set_weights([1])
    assert search.run(1) == engine(backend_name).BUDGET
    sol = search.solution()
    assert sol[1] >= 0 and sol[0] == -1


@given(rows=grids(), words=words_st)
def test_xcc_model_counts_the_brute_force_fills(rows, words):
    grid = parse_grid("\n".join(rows))
    problem, decode = fill_problem(grid, pool_from_words(words))
    if problem.unused_primaries():
        expected = list(brute_fills(rows, words))
        assert expected == []
        return
    fills = sorted(
        tuple(r.lower() for r in decode(s).render().split("\n")) for s in problem.solutions()
    )
    assert fills == sorted(brute_fills(rows, words))


@functools.cache
def _brute_count(name):
    return sum(1 for _ in brute_fills((GRIDS / name).read_text().split(), _aeinorst()))


def _aeinorst():
    pool = read_word_list(ROOT / "dlxc" / "puzzles" / "words" / "three-letter.txt")
    return [w for w in pool.words if set(w) <= set("aeinorst")]


@pytest.mark.parametrize(
    "name,slow",
    [("donut-3x3.txt", False), pytest.param("open-3x3.txt", True, marks=pytest.mark.slow)],
)
def test_shipped_small_grids_brute_force_counts(backend, name, slow):
    """The counts dlxc/puzzles/crossword/README.md gives, from the brute-force filler."""
    words = _aeinorst()
    text = (GRIDS / name).read_text()
    expected = _brute_count(name)
    f = Filler(parse_grid(text), pool_from_words(words), backend=backend)
    assert f.count() == expected
    problem, _ = fill_problem(parse_grid(text), pool_from_words(words))
    assert problem.count() == expected


def test_min_score_and_seed_variety(backend):
    words = ["ab", "ba", "aa", "bb"]
    pool = pool_from_words(words, [90, 10, 90, 90])
    grid = parse_grid("..\n..")
    with_all = Filler(grid, pool, backend=backend).count()
    high = Filler(grid, pool, min_score=50, backend=backend).count()
    assert high == sum(1 for _ in brute_fills(["..", ".."], ["ab", "aa", "bb"]))
    assert with_all == sum(1 for _ in brute_fills(["..", ".."], words))


def test_the_oracle_sees_a_reused_word():
    # the grid's two slots would both take "aa": not a fill
    assert list(brute_fills(["a.", "#."], ["aa"])) == []
    assert len(list(brute_fills(["..", "##"], ["ab", "cd"]))) == 2


def test_grid_errors_name_file_and_line(tmp_path):
    with pytest.raises(CrosswordError, match="g:2"):
        parse_grid("...\n.?.\n...", "g")
    with pytest.raises(CrosswordError, match="g:3.*4 cells"):
        parse_grid("...\n...\n....", "g")
    with pytest.raises(CrosswordError, match="no rows"):
        parse_grid("\n\n", "g")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def small(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("cat;60\ncar;40\narc\ntar\nact\nrat\nart\ntea\nate\neat\ntat\n")
    return words


def test_cli_fill_text_json_ipuz(tmp_path, small):
    grid = tmp_path / "g.txt"
    grid.write_text("...\n#..\n")
    res = run("crossword", "fill", grid, "--words", small, "--budget", "1", "-q")
    assert res.exit_code in (0, 3), res.output
    grid.write_text("{c}..\n.#.\n...\n")  # {c}: a letter shown to the solver
    for fmt in ("text", "json", "ipuz"):
        res = run(
            "crossword", "fill", grid, "--words", small, "--budget", "1", "--format", fmt, "-q"
        )
        assert res.exit_code == 0, res.output
        if fmt == "text":
            rows = res.stdout.split()
            assert rows[0][0] == "C" and rows[1][1] == "#"
        elif fmt == "json":
            doc = json.loads(res.stdout)
            assert len(doc["entries"]) == 4
        else:
            doc = json.loads(res.stdout)
            # the ipuz spec's required fields, and those of the crossword kind
            assert doc["version"] == "http://ipuz.org/v2"
            assert doc["kind"] == ["http://ipuz.org/crossword#1"]
            assert doc["dimensions"] == {"width": 3, "height": 3}
            assert len(doc["puzzle"]) == 3 and len(doc["solution"]) == 3
            assert doc["puzzle"][0][0] == {"cell": 1, "value": "C"}
            assert doc["puzzle"][1][1] == "#"
            numbers = [c for row in doc["puzzle"] for c in row if isinstance(c, int) and c]
            assert numbers == [2, 3]  # 1 is the given C
            assert {e[0] for e in doc["clues"]["Across"]} == {1, 3}
            assert {e[0] for e in doc["clues"]["Down"]} == {1, 2}
            assert ipuz_problems(doc) == []  # the independent validator (tests/oracles)
    out = tmp_path / "out.ipuz"
    res = run(
        "crossword",
        "fill",
        grid,
        "--words",
        small,
        "--budget",
        "1",
        "--format",
        "ipuz",
        "-o",
        out,
        "-q",
    )
    assert res.exit_code == 0 and json.loads(out.read_text())["kind"]
    # a plain letter in the grid is a theme letter: an answer, not shown
    grid.write_text("c..\n.#.\n...\n")
    res = run(
        "crossword", "fill", grid, "--words", small, "--budget", "1", "--format", "ipuz", "-q"
    )
    doc = json.loads(res.stdout)
    assert doc["puzzle"][0][0] == 1 and doc["solution"][0][0] == "C"
    assert ipuz_problems(doc) == []


def test_cli_fill_count_and_xcc_agree(tmp_path, small):
    grid = tmp_path / "g.txt"
    grid.write_text("...\n.#.\n...\n")
    a = run("crossword", "fill", grid, "-w", small, "--count", "-q")
    b = run("crossword", "fill", grid, "-w", small, "--count", "--xcc", "-q")
    assert a.exit_code == b.exit_code == 0
    expected = sum(
        1
        for _ in brute_fills(
            ["...", ".#.", "..."], [w.split(";")[0] for w in small.read_text().split()]
        )
    )
    assert int(a.stdout) == int(b.stdout) == expected


def test_cli_fill_no_fill(tmp_path, small):
    grid = tmp_path / "g.txt"
    grid.write_text("qz.\n...\n...\n")
    res = run("crossword", "fill", grid, "-w", small)
    assert res.exit_code == 3 and "1-Across" in res.stderr and "QZ." in res.stderr
    grid.write_text("...\n...\n...\n")  # every slot has words; no fill
    res = run("crossword", "fill", grid, "-w", small)
    assert res.exit_code == 3 and "proved" in res.stderr


def test_cli_fill_unfillable_5x5_shipped():
    res = run(
        "crossword",
        "fill",
        GRIDS / "unfillable-5x5.txt",
        "-w",
        ROOT / "dlxc" / "puzzles" / "words" / "common100.txt",
    )
    assert res.exit_code == 3


def test_cli_fill_bad_inputs(tmp_path, small):
    grid = tmp_path / "g.txt"
    grid.write_text("...\n.x!\n")
    res = run("crossword", "fill", grid, "-w", small)
    assert res.exit_code == 1 and "g.txt:2" in res.stderr and "Traceback" not in res.output
    bad = tmp_path / "bad.txt"
    bad.write_text("cat\ndog;high\n")
    grid.write_text("...\n")
    res = run("crossword", "fill", grid, "-w", bad)
    assert res.exit_code == 1 and "bad.txt:2" in res.stderr


def test_cli_fill_node_limit_stops(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(a + b + c for a in "abcd" for b in "abcd" for c in "abcd"))
    grid = tmp_path / "g.txt"
    grid.write_text("...\n...\n...\n")
    res = run("crossword", "fill", grid, "-w", words, "--count", "--node-limit", "5")
    assert res.exit_code == 4 and "partial" in res.stdout


def test_ipuz_passes_the_ipuz_librarys_validation(tmp_path, small):
    """The ipuz package (svisser/ipuz, if installed) checks the spec's
    required fields and value types; it rejects a document without a puzzle."""
    ipuz = pytest.importorskip("ipuz")
    grid = tmp_path / "g.txt"
    grid.write_text("c..\n.#.\n...\n")
    res = run(
        "crossword", "fill", grid, "--words", small, "--budget", "1", "--format", "ipuz", "-q"
    )
    assert res.exit_code == 0
    doc = ipuz.read(res.stdout)
    assert doc["dimensions"] == {"width": 3, "height": 3}
    broken = json.loads(res.stdout)
    del broken["puzzle"]
    with pytest.raises(ipuz.IPUZException):
        ipuz.read(json.dumps(broken))


@given(rows=grids(), words=words_st, seed=st.integers(0, 50))
def test_first_with_restarts_finds_a_fill_iff_one_exists(backend, rows, words, seed):
    # a cap of one node makes nearly every search restart, several times
    import dlxc.models.crossword.fill as fill_module

    old = fill_module.RESTART_NODES
    fill_module.RESTART_NODES = 1
    try:
        f = Filler(parse_grid("\n".join(rows)), pool_from_words(words), seed=seed, backend=backend)
        found = f.first()
    finally:
        fill_module.RESTART_NODES = old
    expected = set(brute_fills(rows, words))
    if found is None:
        assert expected == set() and f.complete
    else:
        assert tuple(r.lower() for r in found.render().split("\n")) in expected


@pytest.mark.parametrize("fmt", ["svg", "html", "pdf"])
def test_cli_fill_pages(tmp_path, small, fmt):
    """A fill goes to the same pages as a word search: the grid's letters
    appear in the SVG and HTML, and the PDF has a puzzle and an answer page."""
    if fmt == "pdf":
        pytest.importorskip("reportlab")
    grid = tmp_path / "g.txt"
    grid.write_text("c..\n.#.\n...\n")
    out = tmp_path / f"fill.{fmt}"
    res = run(
        "crossword",
        "fill",
        grid,
        "--words",
        small,
        "--budget",
        "1",
        "--format",
        fmt,
        "-o",
        out,
        "-q",
    )
    assert res.exit_code == 0, res.output
    data = out.read_bytes()
    if fmt == "pdf":
        assert (
            data.startswith(b"%PDF")
            and data.count(b"/Type /Page") - data.count(b"/Type /Pages") == 2
        )
    else:
        text = data.decode()
        assert "<svg" in text or "<html" in text.lower()
        assert "Crossword" in text


@given(
    rows=grids(),
    words=words_st,
    picks=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40), st.booleans()), max_size=3),
)
def test_restricted_slots_and_reset_give_the_filtered_brute_force_fills(
    backend, rows, words, picks
):
    """Each restriction keeps (or drops) some words in one slot; a reset
    forgets them, so the same filler then finds every fill again."""
    grid = parse_grid("\n".join(rows))
    words = sorted(set(words))
    f = Filler(grid, pool_from_words(words), backend=backend)

    def found():
        return sorted(tuple(r.lower() for r in x.render().split("\n")) for x in f.fills())

    every = sorted(brute_fills(rows, words))
    if not grid.slots:
        assert found() == every
        return
    allowed: dict[int, list[tuple[set[str], bool]]] = {}
    for s, n, keep in picks:
        slot = grid.slots[s % len(grid.slots)]
        chosen = set(words[n % len(words) :: 2]) if words else set()
        f.restrict(slot, chosen, keep=keep)
        allowed.setdefault(slot.index, []).append((chosen, keep))

    def ok(fill):
        for slot in grid.slots:
            word = "".join(fill[r][c] for r, c in slot.cells())
            if any((word in chosen) != keep for chosen, keep in allowed.get(slot.index, ())):
                return False
        return True

    assert found() == [x for x in every if ok(x)]
    f.reset()
    assert f._search.weights() == [1] * len(grid.slots)  # the conflicts are forgotten too
    assert found() == every


def _restricted(grid, allowed, fill):
    for slot in grid.slots:
        word = "".join(fill[r][c] for r, c in slot.cells())
        if any((word in chosen) != keep for chosen, keep in allowed.get(slot.index, ())):
            return False
    return True


@given(
    rows=grids(),
    words=words_st,
    before=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40), st.booleans()), max_size=1),
    rounds=st.lists(
        st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40), st.booleans()), max_size=2),
        min_size=1,
        max_size=3,
    ),
)
def test_snapshot_and_restore_give_the_filtered_brute_force_fills(
    backend, rows, words, before, rounds
):
    """The root agreed once (with the restrictions made before it), then
    round after round a restore and other restrictions: each round finds
    exactly the brute-force fills its restrictions and the early ones allow."""
    grid = parse_grid("\n".join(rows))
    words = sorted(set(words))
    f = Filler(grid, pool_from_words(words), backend=backend)
    every = sorted(brute_fills(rows, words))
    if not grid.slots:
        return

    def restrict(picks, allowed):
        for s, n, keep in picks:
            slot = grid.slots[s % len(grid.slots)]
            # one word (looked up in place) or every other word of the list
            chosen = {words[n % len(words)]} if words and n % 2 else set(words[n % 7 :: 2])
            f.restrict(slot, chosen, keep=keep)
            allowed.setdefault(slot.index, []).append((chosen, keep))

    early: dict[int, list[tuple[set[str], bool]]] = {}
    restrict(before, early)
    root = f.snapshot()
    if not root:  # arc consistency alone can prove there is no fill, not that one exists
        assert not any(_restricted(grid, early, x) for x in every)
    for picks in rounds:
        f.restore()
        allowed = {k: list(v) for k, v in early.items()}
        restrict(picks, allowed)
        got = sorted(tuple(r.lower() for r in x.render().split("\n")) for x in f.fills())
        assert got == [x for x in every if _restricted(grid, allowed, x)]
        if not root:
            assert got == []


@pytest.mark.skipif(C_UNAVAILABLE, reason="C backend unavailable")
@given(
    rows=grids(),
    words=words_st,
    picks=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=3),
    seed=st.integers(0, 2**64 - 1),
)
def test_restore_and_seed_in_lockstep(rows, words, picks, seed):
    """After a restore, a restriction, a new seed and weights, C and the
    mirror visit the same nodes, revise as often and find the same fills,
    and those are the fills of a fresh handle restricted alike."""
    grid = parse_grid("\n".join(rows))
    words = sorted(set(words))
    if not grid.slots or not words:
        return
    runs = []
    for backend in ("c", "python"):
        for fresh in (False, True):
            f = Filler(grid, pool_from_words(words), backend=backend)
            if not fresh:
                f.snapshot()
                f.restore()
            for s, n in picks:
                f.restrict(grid.slots[s % len(grid.slots)], [words[n % len(words)]])
            f._search.set_seed(seed)
            f._search.set_weights([1 + k % 3 for k in range(len(grid.slots))])
            found = [x.render() for x in f.fills()]
            st_ = f.stats()
            runs.append((found, st_["nodes"], st_["fills"], f._search.weights()))
            if not fresh:
                runs.append(st_["revisions"])
    assert runs[0] == runs[3]  # C and the mirror after a restore
    assert runs[1] == runs[4]  # ... and their revisions
    assert runs[0][:3] == runs[2][:3] == runs[5][:3]  # as searches without a snapshot
