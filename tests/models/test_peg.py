"""The pre-endgame (``dlxc peg``) against a brute force: for each candidate,
every bag drawn as tile instances (each equally likely, no multiplicities
computed) and every endgame after it played out by a plain minimax (no
pruning, no table), on both backends; its limits, errors and CLI."""

from __future__ import annotations

import functools
import json
import os
import tempfile
from fractions import Fraction
from itertools import combinations

import pytest
from click.testing import CliRunner
from legs import MIRROR_SLOW

from dlxc.base.errors import BoardError
from dlxc.base.runner import Limits
from dlxc.cli import main
from dlxc.lexicon import Lexicon
from dlxc.models import cgp
from dlxc.models.peg import Peg, from_position
from dlxc.models.scrabble import MoveFinder


@functools.cache
def finder(backend: str) -> MoveFinder:
    if backend == "c":  # built once for the session's test files
        from lexicon.enable_lexicon import enable_lexicon

        return MoveFinder(enable_lexicon())
    with tempfile.TemporaryDirectory() as tmp:  # the mirror reads the C engine's build
        path = os.path.join(tmp, "enable.lex")
        finder("c").lexicon.save(path)
        return MoveFinder(Lexicon.load(path, backend=backend))


# bag-empty positions from dlxc's games (dlxc.models.game.endgame_positions,
# seed 1): the side to move's rack, and a small unseen pool made of the other
# rack and one or two more tiles (so the opponent's rack is small and the
# brute force quick)
BOARD_A = "T2RERIG1U4W/A2O5N3AH/CLIQUED2Z1HIVE/I2u3B1OPE1OY/T1VELD1ULNAR3/5JURIES4/2KEPI1A1D5/BEATINGS7/ANSAE10/4C10/3MEW1R7/1ITERaTED6/5NOLO6/1SOFTY1A7/NOMA3X7"  # noqa: E501
BOARD_B = "9PUNIER/1I2TIBIAE3N1/1MONERANS4C1/UPDATE1T2TOKAY/1REB3h1JOW1G1/1O3HORA1N2EL/1VAGI1FAX1I3U/FEY4LI1EL2T/1SEI1DISS1RE2Z/11U3/11C3/11o2D/11M2E/9GRAVEL/5WAHOO4T"  # noqa: E501
TINY = (
    (f"{BOARD_A} FGI/ 394/392 0", "OEE", 1),
    (f"{BOARD_B} DO/ 401/376 0", "NQR", 1),
    (f"{BOARD_B} DO/ 401/376 0", "NQRI", 2),
)


def values(f: MoveFinder) -> list[int]:
    return [f.rules.values["?"]] + [f.rules.values[c] for c in f.lexicon.alphabet.letters]


def minimax(f: MoveFinder, board: bytearray, racks: list, side: int, passed: bool) -> int:
    """The spread the side to move gains to the end, every line played out."""
    worth = values(f)

    def rack_value(rack) -> int:
        return sum(worth[c] * n for c, n in enumerate(rack) if n)

    other = 1 - side
    if passed:
        best = rack_value(racks[other]) - rack_value(racks[side])
    else:
        best = -minimax(f, board, racks, other, True)
    gen = f.generator
    gen.run(bytes(board), bytes(racks[side]))
    held = sum(racks[side])
    cols = f.rules.cols
    for score, row, col, down, word, fresh in gen.moves():
        squares = [
            ((row + k) * cols + col if down else row * cols + col + k, code)
            for k, code in enumerate(word)
            if fresh[k]
        ]
        if len(squares) == held:
            value = score + 2 * rack_value(racks[other])
        else:
            for sq, code in squares:
                board[sq] = code
                racks[side][0 if code & 128 else code] -= 1
            value = score - minimax(f, board, racks, other, False)
            for sq, code in squares:
                board[sq] = 0
                racks[side][0 if code & 128 else code] += 1
        best = max(best, value)
    return best


def brute(f: MoveFinder, board: bytes, rack: bytes, unseen: list[int], bag: int, spread, move):
    """(win chance with ties half, mean final spread) of playing ``move``:
    every ``bag`` tile instances of the unseen ones, each equally likely."""
    codes = f.lexicon.alphabet.codes
    after = bytearray(board)
    mine = bytearray(rack)
    for r, c, ch in move.tiles:
        code = codes[ch.lower()] | (128 if ch.islower() else 0)
        after[r * f.rules.cols + c] = code
        mine[0 if code & 128 else code] -= 1
    wins = Fraction(0)
    total = Fraction(0)
    count = 0
    for chosen in combinations(range(len(unseen)), bag):
        me = bytearray(mine)
        them = bytearray(64)
        for i, c in enumerate(unseen):
            if i in chosen:
                me[c] += 1
            else:
                them[c] += 1
        final = spread + move.score - minimax(f, bytearray(after), [them, me], 0, False)
        wins += 1 if final > 0 else Fraction(1, 2) if final == 0 else 0
        total += final
        count += 1
    return wins / count, total / count


def tiny(f: MoveFinder, k: int):
    line, pool_text, bag = TINY[k]
    position = cgp.parse(line)
    board = f.board(position.board)
    rack = f.rack(position.racks[0])
    unseen = [f.lexicon.alphabet.codes[ch.lower()] for ch in pool_text]
    pool = [0] * 64
    for c in unseen:
        pool[c] += 1
    spread = position.scores[0] - position.scores[1]
    return Peg(f, board, rack, pool, bag, spread), board, rack, unseen, bag, spread


@pytest.mark.parametrize("backend", MIRROR_SLOW)
def test_figures_equal_a_brute_force(backend):
    f = finder(backend)
    for k in (0, 1) if backend == "c" else (1,):
        peg, board, rack, unseen, bag, spread = tiny(f, k)
        result = peg.evaluate(top=2)
        assert result.complete and result.candidates
        for cand in result.candidates:
            assert cand.complete and cand.proved
            assert (cand.win, cand.spread) == brute(
                finder("c"), board, rack, unseen, bag, spread, cand.move
            ), cand.text
        # ranked: win chance, then mean spread
        keys = [(c.win, c.spread) for c in result.candidates]
        assert keys == sorted(keys, reverse=True)


def test_two_in_the_bag_and_the_moves_left_out():
    f = finder("c")
    peg, board, rack, unseen, bag, spread = tiny(f, 2)
    result = peg.evaluate(top=2)
    assert len(result.candidates) == 2
    for cand in result.candidates:
        assert len(cand.move.tiles) >= 2  # a one-tile play leaves a tile in the bag
        assert cand.total == 6 and sum(o.ways for o in cand.outcomes) == 6  # C(4, 2)
        assert (cand.win, cand.spread) == brute(f, board, rack, unseen, bag, spread, cand.move)
    gen = f.generator
    gen.run(board, rack)
    short = sum(1 for rec in gen.moves() if sum(rec[5]) < 2)
    assert result.skipped == short + 1  # and the pass


def test_limits_report_the_candidates_finished():
    f = finder("c")
    peg = tiny(f, 0)[0]
    whole = peg.evaluate(top=3)
    first = whole.endgames // 3  # each candidate has as many bags
    stopped = tiny(f, 0)[0].evaluate(top=3, limits=Limits(node_limit=1))
    assert stopped.stopped == "node limit" and not stopped.complete
    assert stopped.endgames <= 1 and first >= 1
    assert all(not c.complete for c in stopped.candidates)


def test_errors():
    f = finder("c")
    line = TINY[0][0]
    with pytest.raises(BoardError, match="opponent's rack unknown"):
        from_position(f, cgp.parse(line.replace("FGI/", "FGI/O")))
    with pytest.raises(BoardError, match="endgame"):
        from_position(f, cgp.parse(line))  # 2 unseen tiles: no bag
    peg = tiny(f, 0)
    with pytest.raises(BoardError, match="no rack"):
        Peg(f, peg[1], peg[2], [0] * 64, 1)
    with pytest.raises(BoardError, match="bag"):
        Peg(f, peg[1], peg[2], peg[0].pool, 0)


def test_cli_peg(tmp_path):
    words = tmp_path / "enable.lex"
    finder("c").lexicon.save(str(words))
    line = TINY[0][0].replace("FGI/", "FG/")
    runner = CliRunner()
    # --bag 1 of the 2 unseen tiles (I and O): the opponent holds one
    out = runner.invoke(
        main, ["peg", "--lexicon", str(words), "--cgp", line, "--bag", "1", "--json", "-q"]
    )
    assert out.exit_code == 0, out.output
    got = json.loads(out.stdout)
    assert got["complete"] and got["candidates"] and got["bag"] == 1 and got["unseen"] == 2
    best = got["candidates"][0]
    assert best["complete"] and 0 <= best["win"] <= 1
    text = runner.invoke(main, ["peg", "--lexicon", str(words), "--cgp", line, "--bag", "1"])
    assert text.exit_code == 0 and "win" in text.output
    bad = runner.invoke(main, ["peg", "--lexicon", str(words), "--cgp", line])
    assert bad.exit_code == 1 and "endgame" in bad.output
    stopped = runner.invoke(
        main, ["peg", "--lexicon", str(words), "--cgp", line, "--bag", "1", "--node-limit", "1"]
    )
    assert stopped.exit_code == 4, stopped.output
    assert "partial" in stopped.output


def test_ctrl_c_between_endgames_reports_what_is_done():
    f = finder("c")
    peg = tiny(f, 0)[0]
    calls = []

    def progress(done, total, nodes):
        calls.append(done)
        if done == 3:  # the second candidate's first bag (two bags each)
            raise KeyboardInterrupt

    result = peg.evaluate(top=3, progress=progress)
    assert result.stopped == "interrupted" and result.endgames == 3
    done = [c for c in result.candidates if c.complete]
    assert len(done) == 1 and result.candidates[0] is done[0]  # complete ones rank first
    first_bag = done[0].outcomes[0].ways  # every candidate meets the bags in one order
    assert [c.ways for c in result.candidates[1:]] == [first_bag]


@pytest.mark.slow
def test_cli_ctrl_c_prints_the_partial_figures(tmp_path):
    import select
    import signal
    import subprocess
    import sys

    from processes import start

    from dlxc.models.game import pre_endgame_positions

    words = tmp_path / "enable.lex"
    finder("c").lexicon.save(str(words))
    line = pre_endgame_positions(finder("c"), 1, seed=1, bag=1)[0]  # seven tiles a rack: slow
    RUN = "import sys; from dlxc.cli import main; main(sys.argv[1:], prog_name='dlxc')"
    proc = start(
        [sys.executable, "-c", RUN, "peg", "--lexicon", str(words), "--cgp", line, "--json"]
        + ["--progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
    )
    # the progress bar shows once an endgame is done: the search is under way
    ready, _, _ = select.select([proc.stderr], [], [], 600)
    assert ready and proc.stderr.read(1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    got = json.loads(out)
    assert got["stopped"] == "interrupted" and not got["complete"]
