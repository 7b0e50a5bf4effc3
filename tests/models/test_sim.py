"""The simulation (dlxc.models.sim, ``dlxc sim``): the C play-outs equal the
Python mirror's, a play-out of 0 plies is worth the equity the game's
player computes, the stopping rule stops only when its condition holds,
seeds and thread counts reproduce, limits and Ctrl-C stop both backends,
and the command's JSON and errors."""

from __future__ import annotations

import functools
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from legs import BACKENDS, C_UNAVAILABLE
from oracles.lexicon import enable_words
from processes import start

from dlxc.base.errors import BoardError
from dlxc.base.runner import Limits
from dlxc.cli import main
from dlxc.lexicon import Lexicon
from dlxc.models.game import position_options
from dlxc.models.leaves import Leaves
from dlxc.models.scrabble import MoveFinder, greedy_positions
from dlxc.models.sim import Arm, Simulation, playout, round_start, separated, win_chance

BINGO = "retains"


@functools.cache
def words() -> tuple[str, ...]:
    """Short words (fast play-outs on both engines) and one bingo."""
    return tuple(sorted({w for w in enable_words() if len(w) <= 3} | {BINGO}))


@functools.cache
def finder(backend: str) -> MoveFinder:
    return MoveFinder(Lexicon.from_words(list(words()), backend=backend))


@functools.cache
def positions() -> list[tuple[bytes, bytes]]:
    """Mid-game positions of greedy games on the short words."""
    f = finder("python")
    out = []
    for seed in (1, 2):
        out += greedy_positions(f, seed, 9)[4::4]
    return out


def rack_text(f: MoveFinder, rack: bytes) -> str:
    letters = f.lexicon.alphabet.letters
    return "?" * rack[0] + "".join(letters[c - 1] * n for c, n in enumerate(rack) if c and n)


def board_rows(f: MoveFinder, board: bytes) -> list[str]:
    letters = f.lexicon.alphabet.letters
    cols = f.rules.cols
    rows = []
    for r in range(f.rules.rows):
        row = ""
        for code in board[r * cols : (r + 1) * cols]:
            if not code:
                row += "."
            else:
                ch = letters[(code & 127) - 1]
                row += ch if code & 128 else ch.upper()
        rows.append(row)
    return rows


def cgp_line(f: MoveFinder, board: bytes, rack: bytes) -> str:
    from dlxc.models.cgp import to_cgp

    return to_cgp(board_rows(f, board), rack_text(f, rack).upper(), f.rules, scores=(10, 20))


@pytest.mark.skipif(C_UNAVAILABLE, reason="the C engine is not built")
def test_c_playouts_equal_the_mirror():
    fc, fp = finder("c"), finder("python")
    for board, rack in positions():
        sc = Simulation(fc, board, rack, plays=4)
        sp = Simulation(fp, board, rack, plays=4)
        assert [a.text for a in sc.arms] == [a.text for a in sp.arms]
        assert sc.unseen == sp.unseen
        engine = sc._engine()
        for plies in (0, 2):
            got = sc._rounds(engine, fc.generator, engine.stop_flag(), plies, 5, 0, 2, 2)
            want = [
                (
                    i,
                    *zip(
                        *(
                            playout(
                                sp.r,
                                fp.generator,
                                a.board,
                                a.rack_left,
                                a.score,
                                sp.unseen,
                                plies,
                                round_start(5, i),
                            )
                            for a in sp.arms
                        )
                    ),
                )
                for i in (0, 2)
            ]
            assert [(i, list(v), list(u)) for i, v, u in want] == got


@pytest.mark.parametrize("backend", BACKENDS)
def test_zero_plies_is_the_static_equity(backend):
    # the game's equity player's own ranking, from Leaves.value
    f = finder(backend)
    board, rack = positions()[1]
    s = Simulation(f, board, rack, plays=3)
    opts = [o for o in position_options(f, board, rack, Leaves.default()) if o.kind == "play"]
    for arm, opt in zip(s.arms, opts):
        assert arm.move == opt.move
        assert math.isclose(arm.equity, opt.equity, abs_tol=1e-9)
    res = s.run(plies=0, iterations=3, min_iterations=99)
    for arm in res.arms:
        assert arm.n == 3
        assert math.isclose(arm.spread, arm.equity, abs_tol=1e-9)


def arm(win: list[float], value: list[float]) -> Arm:
    a = Arm(None, 0, 0.0, "", b"", b"")
    for w, v in zip(win, value):
        a.add(v, w)
    return a


def test_the_stopping_rule_condition():
    z = 2.576
    clear = arm([0.9, 0.91, 0.92, 0.9] * 10, [10] * 40)
    behind = arm([0.1, 0.12, 0.11, 0.1] * 10, [0] * 40)
    close = arm([0.88, 0.93, 0.9, 0.91] * 10, [0] * 40)
    assert not separated([clear], z)  # never with one arm
    assert separated([clear, behind], z)
    assert separated([behind, clear], z)  # whatever the order
    assert not separated([clear, behind, close], z)
    # every play-out won by both: the values decide
    assert separated([arm([1.0] * 40, [50, 52] * 20), arm([1.0] * 40, [10, 12] * 20)], z)
    assert not separated([arm([1.0] * 40, [50, 10] * 20), arm([1.0] * 40, [49, 11] * 20)], z)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_bingo_ranks_first_and_the_run_stops_only_when_clear(backend):
    f = finder(backend)
    empty = bytes(f.rules.rows * f.rules.cols)
    s = Simulation(f, empty, f.rack("AEINRST"), plays=60)
    # three short plays, then a bingo: the candidates in the worst order
    short = [a for a in s.arms if len(a.move.tiles) < 7]
    s.arms = short[:3] + [a for a in s.arms if len(a.move.tiles) == 7][:1]
    assert len(s.arms) == 4
    res = s.run(plies=1, iterations=200, seed=3, check_every=4, min_iterations=8)
    assert len(res.best.move.tiles) == 7
    assert res.stopped == "clear"
    assert separated(res.arms, 2.576)
    assert res.iterations < 200 and res.iterations % 4 == 0


@pytest.mark.parametrize("backend", BACKENDS)
def test_one_candidate_never_stops_clear(backend):
    f = finder(backend)
    board, rack = positions()[0]
    res = Simulation(f, board, rack, plays=1).run(plies=1, iterations=6, min_iterations=2)
    assert res.stopped == "iterations" and res.iterations == 6


def test_seeds_and_threads_reproduce():
    f = finder("python" if C_UNAVAILABLE else "c")
    board, rack = positions()[2]

    def ranking(seed, threads):
        res = Simulation(f, board, rack, plays=3).run(
            plies=2, iterations=12, seed=seed, threads=threads, check_every=5
        )
        return [(a.text, a.n, a.win, a.spread) for a in res.arms]

    one = ranking(7, 1)
    assert ranking(7, 1) == one
    assert ranking(7, 3) == one
    assert ranking(8, 1) != one


@pytest.mark.parametrize("backend", BACKENDS)
def test_limits_stop_with_what_is_done(backend):
    f = finder(backend)
    board, rack = positions()[0]
    s = Simulation(f, board, rack, plays=3)
    res = s.run(plies=1, iterations=1000, limits=Limits(node_limit=12), min_iterations=999)
    assert res.stopped == "node limit" and res.playouts == 12
    res = s.run(plies=1, iterations=10**6, limits=Limits(timeout=0.2), min_iterations=10**6)
    assert res.stopped == "timeout"
    assert all(a.n == res.iterations for a in res.arms)


@pytest.mark.parametrize("backend", BACKENDS)
def test_ctrl_c_between_batches_ends_the_run_with_its_rounds(backend):
    """Ctrl-C that lands between two batches (here: in the progress
    callback, where the tally is kept) ends the run as one inside a batch
    does: the finished rounds, each play with all of them, "interrupted"."""
    f = finder(backend)
    board, rack = positions()[0]
    s = Simulation(f, board, rack, plays=3)
    calls = []

    def progress(rounds, arms):
        calls.append(rounds)
        os.kill(os.getpid(), signal.SIGINT)

    # Python's own Ctrl-C, which a suite started from a background job
    # (SIGINT ignored) does not have; and a timeout, should the signal be lost
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        # the first progress call comes half a second in
        res = s.run(
            plies=1,
            iterations=10**6,
            check_every=4,
            min_iterations=10**6,
            progress=progress,
            limits=Limits(timeout=60),
        )
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)
    assert res.stopped == "interrupted" and len(calls) == 1
    assert res.iterations == calls[0] and all(a.n == res.iterations for a in res.arms)


def test_bad_input_is_an_error():
    f = finder("python")
    empty = bytes(f.rules.rows * f.rules.cols)
    with pytest.raises(BoardError, match="rack is empty"):
        Simulation(f, empty, bytes(64))
    with pytest.raises(BoardError, match="plays"):
        Simulation(f, empty, f.rack("AB"), plays=0)
    with pytest.raises(BoardError, match="tiles"):
        Simulation(f, empty, f.rack("QQ"))
    with pytest.raises(BoardError, match="plies"):
        Simulation(f, empty, f.rack("AB")).run(plies=-1)


def test_win_chance():
    assert win_chance(1, -1) == 1.0 and win_chance(0, -1) == 0.5 and win_chance(-3, 0) == 0.0
    assert win_chance(0, 50) == 0.5
    assert 0.5 < win_chance(10, 50) < win_chance(10, 10) < 1.0
    assert math.isclose(win_chance(10, 50) + win_chance(-10, 50), 1.0)


@pytest.fixture
def lexicon_file(tmp_path):
    path = tmp_path / "short.txt"
    path.write_text("\n".join(words()) + "\n")
    return str(path)


def test_cli_sim_json_and_errors(lexicon_file):
    f = finder("python")
    board, rack = positions()[0]
    line = cgp_line(f, board, rack)
    r = CliRunner().invoke(
        main,
        ["sim", "--lexicon", lexicon_file, "--cgp", line, "--plays", "3", "--iterations", "5"]
        + ["--json", "-q", "--backend", "python"],
    )
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert set(out) >= {
        "plies",
        "iterations",
        "playouts",
        "stopped",
        "seed",
        "moves",
        "position_spread",
    }
    assert out["position_spread"] == -10 and out["iterations"] == 5 and len(out["moves"]) == 3
    for m in out["moves"]:
        assert {"word", "row", "col", "score", "equity", "win", "spread", "iterations"} <= set(m)
        assert 0.0 <= m["win"] <= 1.0 and m["iterations"] == 5
    wins = [(m["win"], m["spread"]) for m in out["moves"]]
    assert wins == sorted(wins, reverse=True)
    bad = CliRunner().invoke(main, ["sim", "--lexicon", lexicon_file, "--cgp", "15/15 A/ 0/0 0"])
    assert bad.exit_code == 1 and "Traceback" not in bad.output and "cgp" in bad.output.lower()
    r = CliRunner().invoke(
        main, ["sim", "--lexicon", lexicon_file, "--cgp", line, "--timeout", "0", "-q"]
    )
    assert r.exit_code == 4


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["c", "python"])
def test_cli_sim_ctrl_c_prints_what_it_has(lexicon_file, backend):
    if backend == "c" and C_UNAVAILABLE:
        pytest.skip("the C engine is not built")
    f = finder("python")
    board, rack = positions()[0]
    args = [sys.executable, "-c", "from dlxc.cli import main; main()", "sim"]
    args += ["--lexicon", lexicon_file]
    args += ["--cgp", cgp_line(f, board, rack), "--iterations", "100000000", "--plays", "3"]
    args += ["--min-iterations", "100000000", "--backend", backend, "--json"]
    p = start(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # past its start (imports, the lexicon) on a loaded machine too: the
        # child has run a second and a half of CPU, most of it simming
        ticks = os.sysconf("SC_CLK_TCK")
        end = time.monotonic() + 60
        while time.monotonic() < end and p.poll() is None:
            fields = Path(f"/proc/{p.pid}/stat").read_text().rsplit(")", 1)[1].split()
            if (int(fields[11]) + int(fields[12])) / ticks >= 1.5:
                break
            time.sleep(0.1)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=20)
    finally:
        p.kill()
    assert p.returncode == 130, err
    res = json.loads(out)
    assert res["stopped"] == "interrupted" and res["iterations"] > 0 and res["moves"]
    assert "Traceback" not in err


def test_game_pairs_of_one_player_are_even():
    # the same seed both ways: an equity player against itself plays the
    # same game twice, seats swapped, so every pair is even
    from dlxc.models.game import autoplay

    lex = finder("python" if C_UNAVAILABLE else "c").lexicon
    out = autoplay(lex, 2, seed=9, players=("equity", "equity"), pairs=True)
    assert out["pairs"] == 1 and out["pair_ties"] == 1 and out["pair_wins"] == [0, 0]
    assert out["mean_scores"][0] == out["mean_scores"][1]


@pytest.mark.slow
def test_the_sim_player_plays_a_reproducible_game():
    from dlxc.models.game import Game

    f = finder("python" if C_UNAVAILABLE else "c")
    records = [Game(f, ("sim", "equity"), seed=4).play() for _ in range(2)]
    assert records[0].scores == records[1].scores
    assert [t.move for t in records[0].turns] == [t.move for t in records[1].turns]
    # the sim player's plays are legal moves of its rack: the game checks
    # them as it plays them (tiles from the rack, the bag's count kept)
    assert any(t.kind == "play" and t.player == 0 for t in records[0].turns)


@pytest.mark.slow
@pytest.mark.skipif(C_UNAVAILABLE, reason="the C engine is not built")
def test_c_playouts_equal_python_ones_on_the_full_lexicon():
    # the C play-outs skip moves that cannot be the best by equity; the
    # Python play-out looks at every move (here of the C generator): the
    # same values on positions of the whole ENABLE list
    f = MoveFinder(Lexicon.from_words(enable_words(), backend="c"))
    checked = 0
    for seed in (1, 2):
        for board, rack in greedy_positions(f, seed, 14)[3::5]:
            s = Simulation(f, board, rack, plays=3)
            engine = s._engine()
            got = s._rounds(engine, f.generator, engine.stop_flag(), 2, seed, 0, 3, 1)
            for i, values, left in got:
                want = [
                    playout(
                        s.r,
                        f.generator,
                        a.board,
                        a.rack_left,
                        a.score,
                        s.unseen,
                        2,
                        round_start(seed, i),
                    )
                    for a in s.arms
                ]
                assert [v for v, _ in want] == values and [u for _, u in want] == left
                checked += 1
    assert checked >= 6
