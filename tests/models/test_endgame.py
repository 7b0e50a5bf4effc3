"""The endgame solver against a plain minimax (no pruning, no table) on
small endgames from games, on both backends; its proved flags, limits and
errors, and ``dlxc endgame``'s exit codes."""

from __future__ import annotations

import functools
import json

import pytest
from click.testing import CliRunner
from legs import MIRROR_SLOW
from oracles.lexicon import enable_words

from dlxc.base.errors import BoardError
from dlxc.base.runner import Limits
from dlxc.cli import main
from dlxc.lexicon import Lexicon
from dlxc.models import cgp
from dlxc.models.endgame import from_position
from dlxc.models.scrabble import MoveFinder


@functools.cache
def finder(backend: str) -> MoveFinder:
    """ENABLE's move finder; the mirror's searches the C engine's build of
    ENABLE (building it in Python takes 15 s; the two builds are compared
    in tests/lexicon)."""
    if backend == "c":
        return MoveFinder(Lexicon.from_words(enable_words(), backend="c"))
    return MoveFinder(Lexicon(finder("c").lexicon.data(), backend=backend))


# endgames from dlxc's games (dlxc.models.game.endgame_positions, seed 1, at most
# 4 tiles on the racks): the values come from the minimax below
POSITIONS = (  # noqa: E501 (one CGP line each)
    "UNWITTED5AW/1OR1A8HI/1ROMP5VAC1V/ZITIS2P3HEBE/E1ES3O2FARO1/B2l2RIOJA1EX1/r2Y3NEON4/AI1I3D2ODEON/1CINQUES2NET2/1K1G7YAM1/6LIEGES1U1/3ATLATL4G1/13F1/13U1/13L1 RR/D 499/330 0",  # noqa: E501
    "3HADJI3WAIN/BLOOIE1SACKeRS1/U2U11/N2N4BEGUM2/T2DITCHED5/I6A7/N6Z7/G6E6E/2V3FROE2I1R/2A6FOYS1A/2M4E2DOORS/T1O4Q4G1E/I1s2ELUVIATE1R/PRETAX1A4N2/I6L3WYLE NP/OT 366/441 0",  # noqa: E501
    "T2RERIG1U4W/A2O5N3AH/CLIQUED2Z1HIVE/I2u3B1OPE1OY/T1VELD1ULNAR3/5JURIES4/2KEPI1A1D5/BEATINGS7/ANSAE10/4C10/3MEW1R7/1ITERaTED6/5NOLO6/1SOFTY1A7/NOMA3X7 FGI/O 394/392 0",  # noqa: E501
    "1KNURL8C/3N7MI1O/2BI3AIRIER1V/2IF3E3TOME/1ABYE2R2HONE1/1Z2X2U1JAPED1/TA2E2G1O1ID2/UN2D2O1E1C3/T2cROSSLY5/UP2AW9/1I1OES2ASHING1/1L1F1ERADIATe2/1L1T11/3E11/TWANG10 E/OQV 329/377 0",  # noqa: E501
    "9PUNIER/1I2TIBIAE3N1/1MONERANS4C1/UPDATE1T2TOKAY/1REB3h1JOW1G1/1O3HORA1N2EL/1VAGI1FAX1I3U/FEY4LI1EL2T/1SEI1DISS1RE2Z/11U3/11C3/11o2D/11M2E/9GRAVEL/5WAHOO4T DO/NQ 401/376 0",  # noqa: E501
)


def minimax(f: MoveFinder, board: bytearray, racks: list, side: int, passed: bool) -> int:
    """The spread the side to move gains to the end, every line played out:
    a play that empties the rack adds twice the other rack's value, a pass
    after a pass ends the game with each side losing its rack's value."""
    values = [f.rules.values["?"]] + [f.rules.values[c] for c in f.lexicon.alphabet.letters]

    def worth(rack) -> int:
        return sum(values[c] * n for c, n in enumerate(rack) if n)

    other = 1 - side
    if passed:
        best = worth(racks[other]) - worth(racks[side])
    else:
        best = -minimax(f, board, racks, other, True)
    gen = f.generator
    gen.run(bytes(board), bytes(racks[side]))
    held = sum(racks[side])
    cols = f.rules.cols
    for score, row, col, down, word, fresh in gen.moves():
        squares = []
        for k, code in enumerate(word):
            if fresh[k]:
                sq = (row + k) * cols + col if down else row * cols + col + k
                squares.append((sq, code))
        if len(squares) == held:
            value = score + 2 * worth(racks[other])
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


def oracle(f: MoveFinder, line: str) -> int:
    position = cgp.parse(line)
    board = bytearray(f.board(position.board))
    racks = [bytearray(f.rack(r)) for r in position.racks]
    return minimax(f, board, racks, 0, position.zero_turns >= 5)


@pytest.mark.parametrize("backend", MIRROR_SLOW)
def test_values_equal_a_plain_minimax(backend):
    check_values(backend, POSITIONS[2:4] if backend == "c" else POSITIONS[2:3])


@pytest.mark.slow
def test_more_values_equal_a_plain_minimax():
    check_values("c", POSITIONS[:2])


def check_values(backend: str, lines) -> None:
    f = finder(backend)
    for line in lines:
        want = oracle(finder("c"), line)
        result = from_position(f, cgp.parse(line)).solve(top=2)
        assert result.proved, line
        assert result.value == want, line
        position = cgp.parse(line)
        assert result.spread == position.scores[0] - position.scores[1] + want
        # the line adds up to the value, side to move's points less the other's
        assert sum(s.points if s.side == 0 else -s.points for s in result.line) == want
        assert result.top[0].value == want and result.top[0].proved


def test_the_top_moves_are_each_worth_what_the_minimax_says():
    f = finder("c")
    line = POSITIONS[3]
    result = from_position(f, cgp.parse(line)).solve(top=3)
    position = cgp.parse(line)
    board = bytearray(f.board(position.board))
    racks = [bytearray(f.rack(r)) for r in position.racks]
    for ranked in result.top:
        if not ranked.proved:
            continue
        if ranked.step.move is None:
            want = -minimax(f, board, racks, 1, True)
        else:
            squares = [(r * 15 + c, ch) for r, c, ch in ranked.step.move.tiles]
            codes = f.lexicon.alphabet.codes
            placed = []
            for sq, ch in squares:
                code = codes[ch.lower()] | (128 if ch.islower() else 0)
                board[sq] = code
                racks[0][0 if code & 128 else code] -= 1
                placed.append((sq, code))
            if not any(racks[0]):
                want = ranked.step.points
            else:
                want = ranked.step.move.score - minimax(f, board, racks, 1, False)
            for sq, code in placed:
                board[sq] = 0
                racks[0][0 if code & 128 else code] += 1
        assert ranked.value == want


def test_a_depth_limit_is_not_proved_and_a_node_limit_stops():
    f = finder("c")
    line = POSITIONS[4]
    shallow = from_position(f, cgp.parse(line)).solve(plies=1)
    full = from_position(f, cgp.parse(line)).solve()
    assert full.proved and full.depth > 1
    assert not shallow.proved and shallow.depth == 1
    stopped = from_position(f, cgp.parse(line)).solve(limits=Limits(node_limit=5))
    assert stopped.stopped == "node limit" and not stopped.proved
    assert stopped.line  # the best line found so far


def test_not_an_endgame_is_an_error():
    f = finder("c")
    line = POSITIONS[0]
    fields = line.split(" ")
    board, racks = fields[0], fields[1]
    first, second = racks.split("/")
    with pytest.raises(BoardError, match="left in the bag"):
        from_position(f, cgp.parse(" ".join([board, first[:-1] + "/" + second] + fields[2:])))
    with pytest.raises(BoardError, match="has 1"):  # a second Z: more than the bag holds
        from_position(f, cgp.parse(" ".join([board, first + "Z/" + second] + fields[2:])))
    with pytest.raises(BoardError, match="both racks"):
        from_position(f, cgp.parse(" ".join([board, first + "/"] + fields[2:])))


def test_cli_endgame(tmp_path):
    words = tmp_path / "enable.lex"
    finder("c").lexicon.save(str(words))
    line = POSITIONS[2]
    runner = CliRunner()
    out = runner.invoke(main, ["endgame", "--lexicon", str(words), "--cgp", line, "--json", "-q"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.stdout)
    assert got["proved"] and got["value"] == oracle(finder("c"), line)
    board, racks = line.split(" ")[:2]
    first, second = racks.split("/")
    out = runner.invoke(
        main, ["endgame", "--lexicon", str(words), "--cgp", f"{board} {first[:-1]}/{second} 0/0 0"]
    )
    assert out.exit_code == 1 and "not an endgame" in out.output
    stopped = runner.invoke(
        main, ["endgame", "--lexicon", str(words), "--cgp", line, "--node-limit", "1"]
    )
    assert stopped.exit_code == 4, stopped.output
