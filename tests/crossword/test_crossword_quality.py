"""The default word list, the ban list, the quality-first fill and grid
design: checked against independent rules (a fill's words, crossings and
scores recomputed from the grid; a pattern's symmetry, runs and
connectivity recomputed here), never against dlxc's own answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from legs import C_UNAVAILABLE, MIRROR_SLOW
from oracles.crossword import brute_fills

from dlxc.cli import main
from dlxc.crossword.wordlist import banned_words, default_word_list, pool_from_words, without
from dlxc.models.crossword.design import (
    _connected,
    _run_lengths,
    _run_tables,
    design,
    pattern,
    style_problems,
)
from dlxc.models.crossword.fill import (
    Filled,
    Filler,
    FillScore,
    Grid,
    _repair,
    parse_grid,
    quality_fill,
    tiers,
)

ROOT = Path(__file__).resolve().parents[2]
WORDS = ROOT / "dlxc" / "puzzles" / "words"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


# ---------------------------------------------------------------- the lists


def test_default_list_is_enable_scored_by_frequency():
    pool = default_word_list()
    enable = set((WORDS / "enable.txt").read_text().split())
    words = pool.words
    assert {w for w in enable if 3 <= len(w) <= 21} <= set(words)
    score = dict(zip(words, pool.scores))
    # the scale the notice documents: ten times the Zipf frequency, 0 to ~77
    assert 0 <= min(pool.scores) and max(pool.scores) <= 80
    # everyday words score far above the junk the issue found in fills
    for common, rare in (("area", "sered"), ("eyes", "pyes"), ("read", "rede")):
        assert score[common] >= score[rare] + 20, (common, rare)
    assert (
        ROOT / "dlxc" / "models" / "wordlists" / "CROSSWORD-SCORED-NOTICE.txt"
    ).read_text().count("CC BY-SA 4.0") >= 1


def _letters(text: str) -> str:
    """A WordNet lemma or a name as a crossword entry (``far_out(a)``: farout)."""
    return "".join(ch for ch in text.lower().split("(")[0] if "a" <= ch <= "z")


def test_default_list_phrases_and_names_come_from_their_sources():
    """Every entry beyond ENABLE is a WordNet lemma or an american-english
    name written as letters (checked against the installed sources, when
    they are), and everyday phrases are in, scored as familiar words."""
    pool = default_word_list()
    enable = set((WORDS / "enable.txt").read_text().split())
    extra = {w for w in pool.words if w not in enable}
    assert all(w.isascii() and w.isalpha() and 3 <= len(w) <= 21 for w in extra)
    score = dict(zip(pool.words, pool.scores))
    for phrase in ("icecream", "highschool", "newyork", "takein"):
        assert phrase in extra and score[phrase] >= 30, phrase
    # an obscure single word scores below an everyday phrase of its length
    assert score["icecream"] > score["sered"] + 10
    assert (
        "WordNet 3.0 Copyright 2006 by Princeton University"
        in (WORDS / "WORDNET-NOTICE.txt").read_text()
    )
    wordnet, scowl = Path("/usr/share/wordnet"), Path("/usr/share/dict/american-english")
    if not (wordnet.is_dir() and scowl.is_file()):
        pytest.skip("WordNet (wordnet-base) or american-english (wamerican) not installed")
    known = {_letters(w) for w in scowl.read_text(encoding="utf-8").split() if w[:1].isupper()}
    for pos in ("noun", "verb", "adj", "adv"):
        with open(wordnet / f"data.{pos}", encoding="latin-1") as f:
            for line in f:
                if not line.startswith(" "):
                    fields = line.split()
                    n = int(fields[3], 16)
                    known.update(_letters(lemma) for lemma in fields[4 : 4 + 2 * n : 2])
    assert extra <= known, sorted(extra - known)[:10]


def test_ban_list_words_and_filter():
    banned = banned_words()
    assert {"penis", "redskin", "squaw"} <= banned and "area" not in banned
    pool = pool_from_words(["area", "penis", "eyes"])
    kept, n = without(pool, banned)
    assert kept.words == ["area", "eyes"] and n == 1


def test_tiers_follow_the_list_not_a_scale():
    assert tiers([50] * 10) == [50]
    t = tiers(range(100))
    assert t == sorted(t, reverse=True) and t[-1] == 0 and t[0] == 85  # the best 15%: 99 down to 85
    assert tiers([]) == []


# ---------------------------------------------------------------- the quality fill


def _check_fill(grid: Grid, filled, words: set[str]):
    """An independent check: every slot holds a listed word read off the
    filled cells, no word twice, givens kept."""
    cells = [row.lower() for row in filled.render().split("\n")]
    seen = []
    for slot in grid.slots:
        word = "".join(cells[r][c] for r, c in slot.cells())
        assert word in words, (slot.name, word)
        seen.append(word)
    assert len(seen) == len(set(seen))
    for r, row in enumerate(grid.rows):
        for c, ch in enumerate(row):
            if ch not in "#.":
                assert cells[r][c] == ch


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@given(
    rows=st.sampled_from([["...", ".#.", "..."], ["...", "...", "..."], ["....", "....", "#..."]]),
    scores=st.lists(st.integers(0, 60), min_size=27, max_size=27),
)
@settings(max_examples=25, deadline=None)
def test_quality_fill_finds_a_fill_exactly_when_brute_force_does(backend, rows, scores):
    """The kept fill is a real fill (checked cell by cell), its reported
    mean and lowest score are its own, and "no fill" comes only with a
    proof, exactly when the brute force finds none."""
    words = [a + b + c for a in "abt" for b in "aet" for c in "ate"][:27]
    grid = parse_grid("\n".join(rows))
    pool = pool_from_words(words, scores)
    score = dict(zip(words, scores))
    fills = list(brute_fills(rows, words))
    res = quality_fill(grid, pool, budget=0.05, seed=3, backend=backend)
    if not fills:
        assert res.filled is None and res.complete
        return
    assert res.filled is not None and res.score is not None
    _check_fill(grid, res.filled, set(words))
    got = [score[w] for w in res.filled.words]
    assert res.score.mean == pytest.approx(sum(got) / len(got))
    assert res.score.lowest == min(got)


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@given(
    rows=st.sampled_from([["...", ".#.", "..."], ["....", "....", "#..."], ["a..", "...", "..."]]),
    scores=st.lists(st.integers(0, 60), min_size=27, max_size=27),
    seed=st.integers(0, 2**64 - 1),
    enough=st.sampled_from([None, 30]),
    widen_after=st.sampled_from([1, 10]),
)
@settings(max_examples=25, deadline=None)
def test_repair_keeps_a_real_fill_and_never_scores_lower(
    backend, rows, scores, seed, enough, widen_after
):
    """The repair phase, started from the brute force's worst fill, ends on
    one of the brute force's fills (letters fixed in the grid kept) whose
    mean with scores capped at ``enough``, then lowest score, then mean, is
    at least the start's; also when every failed refill widens the next
    one's rings (``widen_after`` 1)."""
    import time

    import dlxc.models.crossword.fill as fill_module

    words = [a + b + c for a in "abt" for b in "aet" for c in "ate"][:27]
    grid = parse_grid("\n".join(rows))
    pool = pool_from_words(words, scores)
    score = dict(zip(words, scores))
    fills = list(brute_fills(rows, words))
    if not fills:
        return

    def key(fill):
        got = [score[w] for w in fill]
        capped = [v if enough is None else min(v, enough) for v in got]
        mean = round(sum(got) / len(got), 6)
        return (round(sum(capped) / len(capped), 6), min(got), mean)

    # brute_fills gives each fill as rows of letters; read the slots' words off it
    def slot_words(fill_rows):
        return ["".join(fill_rows[r][c] for r, c in s.cells()) for s in grid.slots]

    by_key = sorted((key(slot_words(f)), f) for f in fills)
    start = Filled(grid, slot_words(by_key[0][1]))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(fill_module, "REPAIR_WIDEN_AFTER", widen_after)
        # a node budget ends it (a clock would let a loaded machine end it
        # before its first attempt); the 10 s are only a safety net
        got, attempts, _nodes = _repair(
            grid, pool, start, score, time.perf_counter() + 10, seed, backend, enough, 300
        )
    # it tries, unless every entry already has the list's best score
    assert attempts >= 1 or min(score[w] for w in start.words) == max(scores)
    assert [r.upper() for r in got.render().split("\n")] in [[r.upper() for r in f] for f in fills]
    _check_fill(grid, got, set(words))
    assert FillScore.of(got, score, enough).key() == key(got.words)
    assert key(got.words) >= key(start.words)


def test_min_score_is_a_floor(backend):
    rows = ["...", ".#.", "..."]
    words = [a + b + c for a in "abt" for b in "aet" for c in "ate"]
    scores = [(i * 7) % 50 for i in range(len(words))]
    pool = pool_from_words(words, scores)
    res = quality_fill(parse_grid("\n".join(rows)), pool, min_score=20, budget=0, backend=backend)
    if res.filled is not None:
        assert res.score is not None and res.score.lowest >= 20
        allowed = {w for w, s in zip(words, scores) if s >= 20}
        _check_fill(parse_grid("\n".join(rows)), res.filled, allowed)
    else:  # then no brute-force fill from the allowed words exists
        allowed = [w for w, s in zip(words, scores) if s >= 20]
        assert not list(brute_fills(rows, allowed))


@pytest.mark.slow
@pytest.mark.skipif(C_UNAVAILABLE, reason="C backend unavailable")
@given(
    rows=st.sampled_from([["...", ".#.", "..."], ["....", "....", "#..."], ["...", "..."]]),
    scores=st.lists(st.integers(-5, 60), min_size=27, max_size=27),
    quality=st.integers(0, 20),
    seed=st.integers(0, 2**64 - 1),
)
@settings(max_examples=40, deadline=None)
def test_quality_order_c_and_mirror_in_lockstep(rows, scores, quality, seed):
    words = [a + b + c for a in "abt" for b in "aet" for c in "ate"][:27]
    words += [a + b + c + d for a in "at" for b in "ae" for c in "at" for d in "te"]
    scores = scores + [30] * 16
    grid = parse_grid("\n".join(rows))
    out = []
    for backend in ("c", "python"):
        f = Filler(
            grid, pool_from_words(words, scores), seed=seed, quality=quality, backend=backend
        )
        fills = [x.render() for x in f.fills()]
        out.append((fills, f.stats()))
    assert out[0] == out[1]
    assert sorted(out[0][0]) == sorted(
        "\n".join(r.upper() for r in fill) for fill in brute_fills(rows, words)
    )


def test_quality_raises_the_mean_on_the_shipped_grid():
    """On the shipped 15x15, a fill with a budget scores at least as well as
    the plain first fill of the whole list (its first phase)."""
    from dlxc import example_path

    grid = parse_grid(Path(example_path("american-15x15")).read_text())
    pool, _ = without(default_word_list(), banned_words())
    first = quality_fill(grid, pool, budget=0, seed=1)
    better = quality_fill(grid, pool, budget=1.0, seed=1)
    assert first.score is not None and better.score is not None
    assert better.score.key() >= first.score.key()
    _check_fill(grid, better.filled, set(pool.words))
    assert not set(better.filled.words) & banned_words()


# ---------------------------------------------------------------- the CLI fill


@pytest.fixture
def small(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("cat;60\ncar;40\narc;10\ntar;30\nact;50\nrat;5\nart;45\ntea\nate\neat\ntat\n")
    return words


def test_cli_fill_reports_mean_and_lowest(tmp_path, small):
    grid = tmp_path / "g.txt"
    grid.write_text("...\n.#.\n...\n")
    res = run("crossword", "fill", grid, "-w", small, "--format", "json", "--budget", "0.1")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    score = dict(
        line.split(";") if ";" in line else (line, "50") for line in small.read_text().split()
    )
    got = [int(score[e["word"]]) for e in doc["entries"]]
    assert doc["score"]["mean"] == pytest.approx(sum(got) / len(got), abs=1e-3)
    assert doc["score"]["lowest"] == min(got)
    assert f"lowest {min(got)}" in res.stderr and "mean" in res.stderr
    # the middle squares of the edges are in one entry only: a warning, not an error
    assert "warning:" in res.stderr and "4 unchecked squares" in res.stderr
    assert "fewer than 3" not in res.stderr and "symmetric" not in res.stderr


def test_cli_fill_warns_about_the_style(tmp_path, small):
    grid = tmp_path / "g.txt"
    grid.write_text("...\n#..\n")
    res = run("crossword", "fill", grid, "-w", small, "-q")
    assert "fewer than 3 letters" in res.stderr
    assert "not symmetric" in res.stderr and "unchecked" in res.stderr
    clean = run(
        "crossword",
        "fill",
        ROOT / "dlxc/puzzles/crossword/american-15x15.txt",
        "--budget",
        "0",
        "-q",
    )
    assert clean.exit_code == 0 and "warning" not in clean.stderr
    rows = clean.stdout.split()
    assert len(rows) == 15 and all(len(r) == 15 for r in rows)


def test_cli_fill_ban_list_and_allow_all(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("sex;60\nsea;10\n")
    grid = tmp_path / "g.txt"
    grid.write_text("...\n")
    res = run("crossword", "fill", grid, "-w", words, "-q")
    assert res.exit_code == 0 and res.stdout.strip() == "SEA"
    res = run("crossword", "fill", grid, "-w", words, "-q", "--allow-all")
    assert res.exit_code == 0 and res.stdout.strip() == "SEX"


# ---------------------------------------------------------------- grid design


def _rules(rows: list[str]) -> list[str]:
    """The American rules checked here, independently of design.py."""
    h, w = len(rows), len(rows[0])
    bad = []
    for r in range(h):
        for c in range(w):
            if (rows[r][c] == "#") != (rows[h - 1 - r][w - 1 - c] == "#"):
                bad.append("symmetry")
    lines = rows + ["".join(row[c] for row in rows) for c in range(w)]
    runs = [len(x) for line in lines for x in line.split("#") if x]
    if min(runs) < 3:
        bad.append("short")
    open_ = {(r, c) for r in range(h) for c in range(w) if rows[r][c] == "."}
    start = next(iter(open_))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in open_ and n not in seen:
                seen.add(n)
                todo.append(n)
    if seen != open_:
        bad.append("connected")
    entries = sum(1 for n in runs if n >= 2)
    if (w, h) == (15, 15) and entries > 78 or (w, h) == (21, 21) and entries > 140:
        bad.append("entries")
    return bad


@pytest.mark.parametrize(
    "size", [(15, 15), pytest.param((21, 21), marks=pytest.mark.slow), (13, 13), (11, 9)]
)
def test_patterns_keep_the_rules(size):
    for seed in range(1, 6):
        rows = pattern(*size, seed)
        assert _rules(rows) == [], (seed, rows)
        assert style_problems(Grid(rows)) == []
    assert pattern(*size, 1) == pattern(*size, 1)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 9).flatmap(
        lambda w: st.lists(st.lists(st.booleans(), min_size=w, max_size=w), min_size=1, max_size=9)
    )
)
def test_designer_helpers_match_their_plain_definitions(open_):
    """The designer's fast helpers (a flood fill over the bits of one
    integer, the run lengths of every cell in one pass) against the plain
    walk of ``_rules`` and ``_run_lengths``."""
    cells = {(r, c) for r, row in enumerate(open_) for c, o in enumerate(row) if o}
    seen = set(list(cells)[:1])
    todo = list(seen)
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    assert _connected(open_) == (seen == cells)
    across, down = _run_tables(open_)
    for r, row in enumerate(open_):
        for c, o in enumerate(row):
            assert (across[r][c], down[r][c]) == (_run_lengths(open_, r, c) if o else (0, 0))


def test_design_reports_its_draws_and_keeps_the_first_accepted():
    """``design`` draws patterns until ``fillable`` accepts one, calls
    ``progress`` with the share of its tries before each draw, and says
    which draw it kept; the same seed draws the same patterns."""
    seen: list[tuple[str, ...]] = []
    shares: list[float] = []

    def third(grid) -> bool:
        seen.append(tuple(grid.rows))
        return len(seen) == 3

    grid, drawn = design(13, 13, 7, fillable=third, tries=10, progress=shares.append)
    assert drawn == 3 and tuple(grid.rows) == seen[-1]
    assert shares == [0.0, 0.1, 0.2]
    assert len(set(seen)) == 3
    again = [tuple(design(13, 13, 7, tries=10)[0].rows)]
    assert again == seen[:1]


def test_style_problems_see_each_broken_rule():
    assert style_problems(parse_grid("...\n...\n...")) == []
    probs = style_problems(parse_grid("..#\n...\n..."))
    assert any("symmetric" in p for p in probs) and any("fewer than 3" in p for p in probs)
    probs = style_problems(parse_grid("..#..\n..#..\n#####\n..#..\n..#.."))
    assert any("connected" in p for p in probs)


@pytest.mark.slow
def test_cli_grid_three_seeds_three_fillable_patterns(tmp_path):
    out = []
    for seed in (1, 2, 3):
        res = run("crossword", "grid", "15x15", "--seed", seed)
        assert res.exit_code == 0, res.output
        rows = res.stdout.split()
        assert len(rows) == 15 and _rules(rows) == []
        out.append(rows)
        path = tmp_path / f"g{seed}.txt"
        path.write_text(res.stdout)
        filled = run("crossword", "fill", path, "--budget", "0", "-q")
        assert filled.exit_code == 0 and "warning" not in filled.stderr
    assert len({tuple(r) for r in out}) == 3


def _fill_from_familiar_words(path):
    """``fill`` of the grid at ``path`` from the default list's words scored
    20 or more, as JSON: the claim ``grid``'s check makes, made again."""
    return run(
        "crossword",
        "fill",
        path,
        "--min-score",
        "20",
        "--budget",
        "0",
        "--seed",
        "1",
        "--format",
        "json",
        "-q",
    )


@pytest.mark.slow
def test_cli_grid_15x15_fills_from_familiar_words(tmp_path):
    """On a 15x15 the check asks for a fill from the words scored 20 or more;
    ``fill`` finds one again from those words alone, and its lowest score
    says so."""
    res = run("crossword", "grid", "15x15", "--seed", 2)
    assert res.exit_code == 0 and "familiar words (scored 20 or more)" in res.stderr
    path = tmp_path / "g.txt"
    path.write_text(res.stdout)
    filled = _fill_from_familiar_words(path)
    assert filled.exit_code == 0, filled.output
    assert json.loads(filled.stdout)["score"]["lowest"] >= 20


@pytest.mark.slow
def test_cli_grid_21x21_is_legal_short_entried_and_fills(tmp_path):
    """A 21x21 design keeps the rules, its entries are 8 letters at most, the
    default list's familiar words fill it (the check's claim, made again by
    ``fill``), and a quality fill bounded by nodes keeps at most
    WELL_FILLED_WEAK entries under 20 (made again here)."""
    from dlxc.models.crossword.design import WELL_FILLED_NODES, WELL_FILLED_WEAK

    res = run("crossword", "grid", "21x21", "--seed", 4)  # its second draw passes
    assert res.exit_code == 0, res.output
    assert "familiar words (scored 20 or more)" in res.stderr
    rows = res.stdout.split()
    assert len(rows) == 21 and _rules(rows) == []
    assert sum(row.count("#") for row in rows) == 84
    lines = rows + ["".join(row[c] for row in rows) for c in range(21)]
    assert max(len(x) for line in lines for x in line.split("#")) <= 8
    path = tmp_path / "g21.txt"
    path.write_text(res.stdout)
    filled = _fill_from_familiar_words(path)
    assert filled.exit_code == 0 and "warning" not in filled.stderr
    assert json.loads(filled.stdout)["score"]["lowest"] >= 20
    pool, _ = without(default_word_list(), banned_words())
    score = dict(zip(pool.words, pool.scores))
    got = quality_fill(
        parse_grid(res.stdout),
        pool,
        budget=3600,
        seed=1,
        node_limit=WELL_FILLED_NODES,
        node_budget=WELL_FILLED_NODES,
    )
    assert got.filled is not None
    assert sum(score[w] < 20 for w in got.filled.words) <= WELL_FILLED_WEAK


@pytest.mark.slow
def test_cli_grid_21x21_takes_the_fewest_weak_entries_when_none_passes(monkeypatch):
    """When no familiar 21x21 passes the weak-entries check within the draws
    allowed, ``grid`` takes the familiar pattern with the fewest weak
    entries, not the plain check's first pattern."""
    import dlxc.models.crossword.design as design_module

    monkeypatch.setattr(design_module, "WELL_FILLED_WEAK", -1)  # nothing passes
    # four draws: the second, the one taken, is also the first that passes below
    monkeypatch.setattr(design_module, "FAMILIAR_TRIES_LARGE", 4)
    res = run("crossword", "grid", "21x21", "--seed", 10)
    assert res.exit_code == 0, res.output
    assert "pattern 2 drawn" in res.stderr and "familiar words" in res.stderr
    monkeypatch.setattr(design_module, "WELL_FILLED_WEAK", 3)
    again = run("crossword", "grid", "21x21", "--seed", 10, "-q")
    assert again.stdout == res.stdout


@pytest.mark.slow
def test_quality_fill_with_a_node_budget_is_reproducible():
    """With a node budget and a time budget it never reaches, the fill and
    the node count depend on the seed alone, and the budget is kept to
    within one attempt's node cap."""
    from dlxc.models.crossword.fill import REPAIR_NODES, TIER_NODES

    grid = parse_grid((ROOT / "dlxc" / "puzzles" / "crossword" / "american-15x15.txt").read_text())
    pool, _ = without(default_word_list(), banned_words())
    a, b = (quality_fill(grid, pool, budget=3600, seed=7, node_budget=8000) for _ in range(2))
    assert a.filled is not None and b.filled is not None
    assert a.filled.words == b.filled.words and a.nodes == b.nodes
    assert a.nodes <= 8000 + max(TIER_NODES, REPAIR_NODES) or a.attempts == 1


@pytest.mark.slow
def test_cli_fill_nodes_gives_the_same_fill_again():
    """``fill --nodes N`` gives the same fill for the same seed whatever the
    time budget, as long as the time does not run out first; when it does,
    ``fill`` says so."""
    grid = ROOT / "dlxc" / "puzzles" / "crossword" / "american-15x15.txt"
    a, b = (
        run("crossword", "fill", grid, "--nodes", 4000, "--seed", 3, *more)
        for more in ((), ("--budget", 50))
    )
    assert a.exit_code == 0 and b.exit_code == 0, a.output + b.output
    assert a.stdout == b.stdout and "warning" not in a.stderr + b.stderr
    nodes = [int(line.split(" nodes)")[0].split()[-1]) for line in (a.stderr, b.stderr)]
    assert nodes[0] == nodes[1] >= 4000
    cut = run("crossword", "fill", grid, "--nodes", 10**9, "--budget", 0.2, "--seed", 3)
    assert cut.exit_code == 0 and "the time ran out (0.2 s)" in cut.stderr
    first = run("crossword", "fill", grid, "--nodes", 10**9, "--budget", 0, "--seed", 3)
    assert first.exit_code == 0 and "warning" not in first.stderr


def test_cli_fill_refuses_budget_or_nodes_with_count_or_xcc():
    """--budget and --nodes steer the quality search, which --count and --xcc
    do not make: the pair is refused up front (usage error), naming both."""
    grid = ROOT / "dlxc" / "puzzles" / "crossword" / "american-15x15.txt"
    for chooser, other in (("--nodes", "--count"), ("--budget", "--xcc")):
        value = "5" if chooser == "--nodes" else "1"
        res = run("crossword", "fill", grid, chooser, value, other)
        assert res.exit_code == 2, res.output
        assert f"leave out {chooser} or {other}" in res.output
    res = run("crossword", "fill", grid, "--budget", "1", "--nodes", "5", "--count")
    assert res.exit_code == 2 and "--budget and --nodes apply" in res.output


def test_cli_grid_blocks_and_bad_sizes():
    res = run("crossword", "grid", "15x15", "--blocks", "30", "--no-check")
    assert res.exit_code == 0 and sum(r.count("#") for r in res.stdout.split()) == 30
    assert run("crossword", "grid", "15", "--no-check", "-q").exit_code == 0
    res = run("crossword", "grid", "10x10", "--blocks", "7", "--no-check")
    assert res.exit_code == 1 and "even number" in res.stderr
    assert run("crossword", "grid", "banana").exit_code == 2
