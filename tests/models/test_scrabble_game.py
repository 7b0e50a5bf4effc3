"""Whole Scrabble games, leave values, equity, GCG records.

Every game is checked turn by turn against what the test tracks itself:
the tiles (bag + racks + board = the edition's set), each play re-scored
and its words looked up by the independent scorer of tests/oracles, the
totals, the end (going out, six scoreless turns); GCG records are read back
by the small reader there and replayed."""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter

import pytest
from click.testing import CliRunner
from oracles.lexicon import enable_words
from oracles.scrabble_game import read_gcg, words_and_score

from dlxc.base.errors import BoardError
from dlxc.cli import main
from dlxc.lexicon import Lexicon
from dlxc.models.game import Game, autoplay, position_options
from dlxc.models.leaves import LeaveFit, Leaves
from dlxc.models.scrabble import MoveFinder, Rules


@functools.cache
def enable() -> Lexicon:
    return Lexicon.from_words(enable_words(), backend="c")


@functools.cache
def word_set() -> frozenset:
    return frozenset(enable_words())


@functools.cache
def finder() -> MoveFinder:
    return MoveFinder(enable())


def multipliers(rules: Rules):
    lm, wm = rules.multipliers()
    cols = rules.cols
    return (
        [list(lm[r * cols : (r + 1) * cols]) for r in range(rules.rows)],
        [list(wm[r * cols : (r + 1) * cols]) for r in range(rules.rows)],
    )


def letters_of(game: Game, counts) -> Counter:
    """A 64-count rack as a Counter of letters ('?' blanks)."""
    letters = game.finder.lexicon.alphabet.letters
    return Counter({("?" if c == 0 else letters[c - 1]): n for c, n in enumerate(counts) if n})


def rack_counter(text: str) -> Counter:
    return Counter(ch if ch == "?" else ch.lower() for ch in text)


def check_game(game: Game) -> None:
    """Play ``game`` to its end, checking every turn independently."""
    rules = game.rules
    full = Counter({k: n for k, n in rules.counts.items() if n})
    lm, wm = multipliers(rules)
    words = word_set()
    board: dict = {}
    totals = [0, 0]
    scoreless = 0
    while not game.over:
        p = game.to_move
        rack_before = letters_of(game, game.racks[p])
        bag_before = len(game.bag)
        lines = game.step()
        turn = lines[0]
        assert turn.player == p
        assert rack_counter(turn.rack) == rack_before
        if turn.kind == "play":
            placed = [(r, c, ch.lower(), ch.islower()) for r, c, ch in turn.move.tiles]
            formed, score = words_and_score(
                board, placed, lm, wm, rules.values, rules.rack_size, rules.bingo_bonus
            )
            assert formed and all(w in words for w in formed), formed
            assert turn.score == score
            if not board:
                assert rules.start in {(r, c) for r, c, _, _ in placed}
            for r, c, ch, blank in placed:
                board[(r, c)] = (ch, blank)
            used = Counter("?" if b else ch for _, _, ch, b in placed)
            assert not used - rack_before
            assert turn.bingo == (len(placed) == rules.rack_size)
        elif turn.kind == "exchange":
            assert bag_before >= rules.rack_size
            assert not rack_counter(turn.tiles) - rack_before
        else:
            assert turn.kind == "pass"
        totals[p] += turn.score
        assert turn.total == totals[p]
        scoreless = scoreless + 1 if turn.score == 0 else 0
        # tile conservation: bag + racks + board = the edition's set
        on_board = Counter("?" if blank else ch for ch, blank in board.values())
        held = letters_of(game, game.racks[0]) + letters_of(game, game.racks[1])
        bag = letters_of(game, _counts(game.bag))
        assert bag + held + on_board == full
        spent = len(turn.move.tiles) if turn.kind == "play" else 0
        held_before = sum(rack_before.values())
        assert sum(game.racks[p]) == min(rules.rack_size, held_before - spent + bag_before)
        for end in lines[1:]:
            if end.kind == "out":
                other = letters_of(game, game.racks[1 - p])
                assert not game.bag and not any(game.racks[p])
                assert end.score == 2 * sum(rules.values[ch] * n for ch, n in other.items())
                totals[p] += end.score
            else:
                assert end.kind == "penalty" and scoreless == 6
                own = letters_of(game, game.racks[end.player])
                assert end.score == -sum(rules.values[ch] * n for ch, n in own.items())
                totals[end.player] += end.score
            assert end.total == totals[end.player]
        if len(lines) > 1:
            assert game.over
    assert game.scores == totals
    assert any(t.kind in ("out", "penalty") for t in game.turns)


def _counts(codes) -> list[int]:
    out = [0] * 64
    for c in codes:
        out[c] += 1
    return out


@pytest.mark.parametrize(
    "players", [("equity", "score"), ("score", "equity"), ("equity", "equity")]
)
@pytest.mark.parametrize("seed", [1, 2])
def test_games_keep_every_rule(players, seed):
    check_game(Game(finder(), players, seed))


def test_scoreless_end_and_exchanges():
    """A bag of Q's only: no play is possible; both players exchange their
    whole racks (the equity player: throwing all back is worth 0, as much
    as a pass, and the exchange wins ties), and the game ends after six
    scoreless turns with each rack's 70 points lost."""
    rules = Rules(counts={"q": 30})
    game = Game(MoveFinder(enable(), rules), ("score", "equity"), 5)
    check_game(game)
    kinds = Counter(t.kind for t in game.turns)
    assert kinds == {"exchange": 6, "penalty": 2}
    assert game.scores == [-70, -70]


def test_autoplay_is_the_same_whatever_jobs(tmp_path):
    one = autoplay(enable(), 6, seed=9, jobs=1, gcg_dir=tmp_path / "one")
    two = autoplay(enable(), 6, seed=9, jobs=2, gcg_dir=tmp_path / "two")
    assert one == two
    assert one["games"] == 6 and sum(one["wins"]) + one["ties"] == 6
    for f in sorted((tmp_path / "one").iterdir()):
        assert f.read_text() == (tmp_path / "two" / f.name).read_text()


def test_gcg_read_back_and_replayed():
    """The record, read by an independent reader, replays to the game's
    board and totals."""
    rules = Rules()
    lm, wm = multipliers(rules)
    for seed in (3, 4):
        game = Game(finder(), ("equity", "score"), seed)
        rec = game.play()
        parsed = read_gcg(rec.gcg())
        nicks = parsed["players"]
        assert nicks == ["equity", "score"]
        board: dict = {}
        totals = {n: 0 for n in nicks}
        for ev in parsed["events"]:
            if ev["kind"] == "play":
                placed = []
                for k, ch in enumerate(ev["word"]):
                    r, c = (ev["row"] + k, ev["col"]) if ev["down"] else (ev["row"], ev["col"] + k)
                    if ch == ".":
                        assert (r, c) in board
                    else:
                        assert (r, c) not in board
                        placed.append((r, c, ch.lower(), ch.islower()))
                used = Counter("?" if b else ch for _, _, ch, b in placed)
                assert not used - rack_counter(ev["rack"])
                _, score = words_and_score(
                    board, placed, lm, wm, rules.values, rules.rack_size, rules.bingo_bonus
                )
                assert score == ev["score"]
                for r, c, ch, b in placed:
                    board[(r, c)] = (ch, b)
            totals[ev["nick"]] += ev["score"]
            assert totals[ev["nick"]] == ev["total"]
        assert [totals[n] for n in nicks] == rec.scores
        played = {(r, c) for r in range(15) for c in range(15) if game.board[r * 15 + c]}
        assert set(board) == played


# ---- equity ---------------------------------------------------------------------

MIDGAME = [
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "....QUIZ.......",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
]


def test_options_equity_is_score_plus_leave():
    leaves = Leaves({"?": 25, "s": 8, "v": -6, "ss": 10, "e": 3, "ee": 0})
    rack = "SEEV?ST"
    opts = position_options(finder(), MIDGAME, rack, leaves)
    kinds = Counter(o.kind for o in opts)
    # every distinct set of tiles to throw back, once
    distinct = {
        tuple(sorted(c))
        for k in range(1, len(rack) + 1)
        for c in itertools.combinations(rack.lower(), k)
    }
    assert kinds["exchange"] == len(distinct)
    assert kinds["pass"] == 1
    plays = [o for o in opts if o.kind == "play"]
    assert len(plays) == len(finder().moves(MIDGAME, rack))
    for o in opts:
        kept = rack_counter(rack)
        if o.kind == "play":
            kept -= Counter("?" if ch.islower() else ch.lower() for _, _, ch in o.move.tiles)
        elif o.kind == "exchange":
            kept -= rack_counter(o.tiles)
        assert rack_counter(o.leave) == kept
        expect = o.score + (leaves.value(kept.elements()) if o.kind != "pass" else 0)
        assert o.equity == pytest.approx(expect)
    assert [o.equity for o in opts] == sorted((o.equity for o in opts), reverse=True)


def test_equity_player_takes_the_best_option():
    leaves = Leaves.default()
    for seed in (11, 12):
        game = Game(finder(), ("equity", "equity"), seed, leaves)
        for _ in range(8):
            if game.over:
                break
            options = game.options()
            best = options[0]
            turn = game.step()[0]
            assert turn.equity == pytest.approx(best.equity)
            # the same option, ties included: the first of the ranking
            assert (turn.kind, turn.move, turn.tiles) == (best.kind, best.move, best.tiles)


def test_leave_values_from_pairs():
    leaves = Leaves.from_text("# a table\n? 20\nS 8\nQ -7\nQU 0\n?S, 35\n", "t")
    assert leaves.value("S?") == 35  # listed
    assert leaves.value("QU") == 0
    # not listed: singles plus what each listed pair adds
    assert leaves.value("QUS") == pytest.approx(-7 + 0 + 8 + (0 - (-7) - 0))
    assert leaves.value("?SQ") == pytest.approx(20 + 8 - 7 + (35 - 20 - 8))
    assert leaves.value("") == 0
    text = leaves.to_text("header")
    assert Leaves.from_text(text).table == leaves.table


@pytest.mark.parametrize(
    "text, message",
    [
        ("AB", "a leave and its value"),
        ("A1 2", "is not a leave"),
        ("A x", "is not a number"),
        ("A inf", "finite"),
        ("A 1\na 2", "listed twice"),
    ],
)
def test_bad_leave_files(text, message):
    with pytest.raises(BoardError, match=message):
        Leaves.from_text(text, "t.leaves")


def test_leave_fit_recovers_planted_values():
    """Samples drawn from planted values (with a pair bonus) fit back."""
    import random

    rng = random.Random(4)
    planted = {"?": 25.0, "s": 8.0, "q": -7.0, "e": 1.0, "i": -2.0}
    fit = LeaveFit(ridge=1.0, shrink=1.0, min_pairs=10)
    tiles = "?sqeiab"
    for _ in range(4000):
        leave = "".join(rng.choice(tiles) for _ in range(rng.randint(0, 6)))
        y = 30 + sum(planted.get(ch, 0.0) for ch in leave) + rng.gauss(0, 3)
        if leave.count("i") >= 2:
            y -= 5 * (leave.count("i") * (leave.count("i") - 1) // 2)
        fit.add(leave, y)
    got = fit.fit()
    for ch, v in planted.items():
        assert got.table[ch] == pytest.approx(v, abs=0.6)
    assert got.value("ii") == pytest.approx(-9.0, abs=1.5)


def test_default_table_is_shipped_and_sane():
    leaves = Leaves.default()
    # what every published table agrees on: the blank is worth most, then
    # the S; the Q and duplicated vowels hurt
    assert leaves.value("?") > leaves.value("S") > 0 > leaves.value("Q")
    assert leaves.value("II") < 2 * leaves.value("I") < 0


# ---- the command line -----------------------------------------------------------


def test_cli_autoplay_json(tmp_path):
    lex = tmp_path / "enable.lex"
    enable().save(lex)
    runner = CliRunner()
    args = ["autoplay", "--lexicon", str(lex), "--games", "4", "--seed", "2", "--json"]
    res = runner.invoke(main, [*args, "--gcg", str(tmp_path / "g")])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["games"] == 4 and out["players"] == ["equity", "score"]
    assert sum(out["wins"]) + out["ties"] == 4
    assert "games in" in res.stderr
    files = sorted((tmp_path / "g").iterdir())
    assert [f.name for f in files] == [f"game-000{i}.gcg" for i in range(1, 5)]
    # the mean scores are the records' final totals
    finals: dict = {"equity": 0, "score": 0}
    for f in files:
        parsed = read_gcg(f.read_text())
        last = {}
        for ev in parsed["events"]:
            last[ev["nick"]] = ev["total"]
        for nick, total in last.items():
            finals[nick] += total
    assert [finals["equity"] / 4, finals["score"] / 4] == out["mean_scores"]
    fitted = tmp_path / "fit.leaves"
    res = runner.invoke(main, [*args, "--fit-leaves", str(fitted), "--leaves", "none"])
    assert res.exit_code == 0, res.output
    assert len(Leaves.from_file(fitted)) > 0


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--players", "equity,random"], "two of equity, score"),
        (["--players", "equity"], "two of equity, score"),
        (["--leaves", "missing.leaves"], "missing.leaves"),
    ],
)
def test_cli_autoplay_bad_input(tmp_path, extra, message):
    lex = tmp_path / "enable.lex"
    enable().save(lex)
    res = CliRunner().invoke(main, ["autoplay", "--lexicon", str(lex), "--games", "1", *extra])
    assert res.exit_code == 1
    assert message in res.stderr and res.stdout == ""
    assert "Traceback" not in res.stderr


def _board_file(tmp_path, rows=MIDGAME):
    path = tmp_path / "board.txt"
    path.write_text("\n".join(rows) + "\n")
    return str(path)


def test_cli_moves_equity(tmp_path):
    lex = tmp_path / "enable.lex"
    enable().save(lex)
    table = tmp_path / "t.leaves"
    table.write_text("? 25\nS 8\nE 2\nV -6\nEE -1\n")
    leaves = Leaves.from_file(table)
    rack = "SEEV?ST"
    args = ["moves", "--lexicon", str(lex), "--board", _board_file(tmp_path), "--rack", rack]
    res = CliRunner().invoke(main, [*args, "--leaves", str(table)])
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    plays = finder().moves(MIDGAME, rack)
    exchanges = {
        tuple(sorted(c)) for k in range(1, 8) for c in itertools.combinations(rack.lower(), k)
    }
    assert len(lines) == len(plays) + len(exchanges) + 1
    equities = []
    for line in lines:
        fields = line.split()
        eq, score, leave = float(fields[0]), int(fields[1]), fields[-1]
        kept = Counter() if leave == "-" else rack_counter(leave)
        if fields[2] == "exchange":
            assert rack_counter(fields[3]) + kept == rack_counter(rack)
        if fields[2] == "pass":
            assert kept == rack_counter(rack) and eq == 0
        else:
            assert eq == pytest.approx(score + leaves.value(kept.elements()), abs=0.051)
        equities.append(eq)
    assert equities == sorted(equities, reverse=True)
    res = CliRunner().invoke(main, [*args, "--equity", "--json", "--top", "3"])
    assert res.exit_code == 0
    objs = [json.loads(x) for x in res.stdout.splitlines()]
    assert len(objs) == 3 and all({"kind", "equity", "leave", "score"} <= set(o) for o in objs)


def test_cli_moves_without_a_play_prints_the_pass(tmp_path):
    lex = tmp_path / "enable.lex"
    enable().save(lex)
    empty = ["." * 15] * 15
    args = ["moves", "--lexicon", str(lex), "--board", _board_file(tmp_path, empty)]
    res = CliRunner().invoke(main, [*args, "--rack", "QVVWWXX"])
    assert res.exit_code == 0 and res.stdout == "0 pass\n"
    res = CliRunner().invoke(main, [*args, "--rack", "QVVWWXX", "--equity", "--top", "1"])
    assert res.exit_code == 0 and res.stdout.split()[2] == "exchange"
    bad = tmp_path / "bad.leaves"
    bad.write_text("? 25\nS eight\n")
    res = CliRunner().invoke(main, [*args, "--rack", "QVVWWXX", "--leaves", str(bad)])
    assert res.exit_code == 1 and "bad.leaves:2" in res.stderr and res.stdout == ""


# ---- small games against the brute force -------------------------------------------

SMALL_PREMIUMS = ("T..d..T", ".D...D.", "..t.t..", "d..*..d", "..t.t..", ".D...D.", "T..d..T")
SMALL_COUNTS = {"a": 5, "e": 6, "i": 4, "l": 3, "n": 3, "o": 4, "r": 3, "s": 3, "t": 3}


@functools.cache
def small_words() -> tuple:
    from oracles.lexicon import small_pool

    return small_pool("aeilnorst", 5)


def small_rules() -> Rules:
    return Rules(premiums=SMALL_PREMIUMS, rack_size=4, bingo_bonus=20, counts=dict(SMALL_COUNTS))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_small_games_choose_the_brute_forces_best(backend, seed):
    """On a 7x7 board with racks of 4, every choice is the best the brute
    force of tests/oracles finds: the score player's play scores the most,
    the equity player's option has the highest score + leave value."""
    from oracles.lexicon import brute_moves

    rules = small_rules()
    lex = Lexicon.from_words(small_words(), backend=backend)
    leaves = Leaves({"s": 6, "e": 2, "i": -2, "o": -1, "ii": -6, "es": 9})
    game = Game(MoveFinder(lex, rules), ("equity", "score"), seed, leaves)
    lm, wm = multipliers(rules)
    words = set(small_words())
    alphabet = sorted(SMALL_COUNTS)
    while not game.over:
        p = game.to_move
        rows = []
        for r in range(7):
            row = []
            for c in range(7):
                code = game.board[r * 7 + c]
                row.append(None if not code else (alphabet[(code & 127) - 1], code >= 128))
            rows.append(row)
        rack = "".join(letters_of(game, game.racks[p]).elements())
        found = brute_moves(words, rows, rack, lm, wm, rules.values, rules.start, 4, 20, alphabet)
        bag = len(game.bag)
        turn = game.step()[0]
        if game.players[p] == "score":
            if found:
                assert turn.kind == "play" and turn.score == -found[0][0]
            else:
                assert turn.kind == ("exchange" if bag >= 4 else "pass")
            continue
        if not bag:
            continue  # the end's adjustments are checked by check_game

        def fresh(r0, c0, down, w, rows=rows):
            at = [(r0 + k, c0) if down else (r0, c0 + k) for k in range(len(w))]
            return Counter(ch for (r, c), ch in zip(at, w) if rows[r][c] is None)

        best = max(
            [
                -neg + leaves.value((Counter(rack) - fresh(r0, c0, down, w)).elements())
                for neg, r0, c0, down, w in found
            ]
            + [0.0]
        )
        if bag >= 4:
            best = max(
                [best]
                + [
                    leaves.value(kept)
                    for k in range(len(rack))
                    for kept in itertools.combinations(rack, k)
                ]
            )
        assert turn.equity == pytest.approx(best)


def test_small_games_are_the_same_on_both_engines():
    rules = small_rules()
    records = []
    for backend in ("c", "python"):
        lex = Lexicon.from_words(small_words(), backend=backend)
        rec = Game(MoveFinder(lex, rules), ("equity", "score"), 8, Leaves.default()).play()
        records.append(rec.gcg())
    assert records[0] == records[1]


def test_no_exchange_below_a_racks_worth():
    """20 Q's: 6 left in the bag after the racks, too few to exchange, so
    both players pass six times."""
    rules = Rules(counts={"q": 20})
    game = Game(MoveFinder(enable(), rules), ("equity", "score"), 5)
    check_game(game)
    assert Counter(t.kind for t in game.turns) == {"pass": 6, "penalty": 2}
