"""The ``endgame`` player of ``dlxc autoplay``: with the bag empty its move
is worth the position's exact value (a plain minimax's), with a tile or two
in the bag and ``peg_nodes`` it plays the pre-endgame's best candidate."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from test_endgame import POSITIONS, minimax
from test_peg import TINY, finder

from dlxc.base.errors import BoardError
from dlxc.cli import main
from dlxc.models import cgp
from dlxc.models.game import Game
from dlxc.models.peg import Peg


def game_at(f, line: str, players=("endgame", "equity"), **kw) -> Game:
    position = cgp.parse(line)
    game = Game(f, players, **kw)
    game.board[:] = f.board(position.board)
    for k, rack in enumerate(position.racks):
        game.racks[k][:] = f.rack(rack)
    game.bag = []
    game.scores = list(position.scores)
    game.scoreless = position.zero_turns
    return game


@pytest.mark.parametrize("player", ["endgame", "sim"])
def test_the_endgame_move_is_worth_the_exact_value(player):
    """The endgame player, and the sim player, which plays the exact
    endgame too once the bag is empty."""
    f = finder("c")
    for line in POSITIONS[2:4]:
        game = game_at(f, line, (player, "equity"))
        board = bytearray(game.board)
        racks = [bytearray(r) for r in game.racks]
        want = minimax(f, board, racks, 0, False)
        kind, rec, _ = game._choose(0)
        if kind == "pass":
            got = -minimax(f, board, racks, 1, True)
        else:
            score, row, col, down, word, fresh = rec
            for k, code in enumerate(word):
                if fresh[k]:
                    board[(row + k) * 15 + col if down else row * 15 + col + k] = code
                    racks[0][0 if code & 128 else code] -= 1
            if not any(racks[0]):
                got = score + 2 * sum(game.values[c] * n for c, n in enumerate(racks[1]) if n)
            else:
                got = score - minimax(f, board, racks, 1, False)
        assert got == want, line


@pytest.mark.parametrize("player", ["endgame", "sim"])
def test_the_pre_endgame_move_is_the_best_candidate(player):
    f = finder("c")
    line, pool_text, bag = TINY[0]
    codes = f.lexicon.alphabet.codes
    game = game_at(f, line.replace("FGI/", "FGI/OE"), (player, "equity"), peg_nodes=10**7)
    game.bag = [codes["e"]]
    pool = [0] * 64
    for ch in pool_text:
        pool[codes[ch.lower()]] += 1
    peg = Peg(f, bytes(game.board), bytes(game.racks[0]), pool, 1, game.scores[0] - game.scores[1])
    best = peg.evaluate(top=5).candidates[0]
    kind, rec, _ = game._choose(0)
    assert kind == "play" and rec == best.record
    # without peg_nodes: the equity play
    plain = game_at(f, line.replace("FGI/", "FGI/OE"))
    plain.bag = [codes["e"]]
    equity = game_at(f, line.replace("FGI/", "FGI/OE"), ("equity", "equity"))
    equity.bag = [codes["e"]]
    assert plain._choose(0) == equity._choose(0)


def test_the_player_is_named_and_checked():
    with pytest.raises(BoardError, match="endgame"):
        Game(finder("c"), ("endgame", "nobody"))


@pytest.mark.slow
def test_cli_autoplay_with_the_endgame_player(tmp_path):
    words = tmp_path / "enable.lex"
    finder("c").lexicon.save(str(words))
    out = CliRunner().invoke(
        main,
        [
            "autoplay",
            "--lexicon",
            str(words),
            "--games",
            "2",
            "--players",
            "endgame,equity",
            "--endgame-nodes",
            "20000",
            "--json",
        ],
    )
    assert out.exit_code == 0, out.output
    assert '"games": 2' in out.stdout
