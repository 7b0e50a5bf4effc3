"""Exact draw odds and leave inference (dlxc.models.odds).

Every exact figure is checked against a literal enumeration: the unseen
tiles listed one by one (two E's are two tiles) and every combination of
their positions drawn, each equally likely, with the rack's figures found
from the full move list and a word-by-word anagram test, never from the
multiset arithmetic under test.  On a large pool a seeded sample of a few
thousand draws must fall within four standard errors of the exact value."""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from click.testing import CliRunner
from legs import BACKENDS

from dlxc.base.errors import BoardError
from dlxc.cli import main
from dlxc.lexicon import Lexicon
from dlxc.models import odds
from dlxc.models.game import position_options
from dlxc.models.leaves import Leaves
from dlxc.models.scrabble import MoveFinder, Rules

# a 5x5 game with 4-tile racks: small enough for the mirror and for
# enumerating every combination of tile positions
SMALL_WORDS = [
    "ab", "ad", "at", "ba", "be", "da", "de", "ed", "et", "ta", "te",
    "bad", "bat", "bed", "bet", "dab", "date", "tab", "tad", "tea", "ted",
    "abet", "bade", "bate", "beat", "bead", "date", "debt", "tabe",
    "abed", "eat", "ate", "tae", "eta", "beate",
]  # fmt: skip
SMALL_RULES = Rules(
    premiums=("T...d", ".d...", "..*..", "...d.", "d...T"),
    counts={"a": 3, "b": 2, "d": 2, "e": 3, "t": 2, "?": 1},
    values={"a": 1, "b": 3, "d": 2, "e": 1, "t": 1, "?": 0},
    rack_size=4,
    bingo_bonus=20,
    source="a small test game",
)
SMALL_BOARD = [".....", ".....", ".BAT.", ".....", "....."]


@functools.cache
def small_finder(backend: str, bonus: int = 20) -> MoveFinder:
    rules = dataclasses.replace(SMALL_RULES, bingo_bonus=bonus) if bonus != 20 else SMALL_RULES
    return MoveFinder(Lexicon.from_words(SMALL_WORDS, backend=backend), rules)


def tile_list(pool) -> list[int]:
    """The pool as one code per tile."""
    return [c for c, n in enumerate(pool) for _ in range(n)]


def spells(rack: list[int], words: list[bytes]) -> bool:
    """Whether some word uses every tile of ``rack``, blanks (0) as any
    letter: the rack's letters fit in the word, one by one."""
    letters = Counter(c for c in rack if c)
    for w in words:
        if len(w) == len(rack) and not letters - Counter(w):
            return True
    return False


def brute_odds(finder: MoveFinder, board: bytes, leave: list[int], pool, draw: int):
    """(anagram, bingo, best score) by drawing every combination of tile
    positions."""
    codes = finder.lexicon.alphabet.codes
    size = finder.rules.rack_size
    words = [bytes(codes[ch] for ch in w) for w in finder.lexicon if len(w) == size]
    tiles = tile_list(pool)
    n = anagram = bingo = score = 0
    for pick in combinations(range(len(tiles)), draw):
        rack = sorted(leave + [tiles[i] for i in pick])
        moves = finder.moves(board, odds.counts_of(rack))
        n += 1
        anagram += spells(rack, words)
        bingo += any(len(m.tiles) == size for m in moves)
        score += moves[0].score if moves else 0
    return Fraction(anagram, n), Fraction(bingo, n), Fraction(score, n)


def test_draws_are_the_combinations_of_tile_positions():
    rng = random.Random(7)
    for _ in range(6):
        pool = [rng.randrange(4) for _ in range(6)] + [0] * 58
        total = sum(pool)
        for draw in range(min(total, 5) + 1):
            tiles = tile_list(pool)
            seen = Counter(
                tuple(sorted(tiles[i] for i in pick)) for pick in combinations(range(total), draw)
            )
            got = dict(odds.draws(pool, draw))
            assert got == dict(seen)
            assert odds.rack_count(pool, draw) == len(seen)
            assert sum(got.values()) == math.comb(total, draw)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    "leave, bonus",
    # without a bonus a move of every tile is often not the best one
    [("", 20), ("A", 20), ("E?", 20), ("ABT", 20), ("A", 0), ("E?", 0)],
)
def test_exact_odds_equal_brute_force(backend, leave, bonus):
    finder = small_finder(backend, bonus)
    board = finder.board(SMALL_BOARD)
    kept = finder.rack(leave)
    pool = odds.unseen(finder, board, kept)
    leave_codes = [c for c, n in enumerate(kept) for _ in range(n)]
    job = odds.DrawOdds(finder, leave_codes, pool, board)
    res = job.run()
    assert res.complete and res.seen == res.racks
    want = brute_odds(finder, board, leave_codes, pool, job.draw)
    assert (res.anagram, res.bingo, res.best_score) == want
    assert 0 < res.anagram < 1  # the test has both kinds of rack


def test_a_bingo_through_the_board_counts():
    """BEET spells no word of the list, yet plays all four tiles through
    the board's A (BEATE): the board figure counts it, the rack's not."""
    finder = small_finder("c")
    board = finder.board([".....", ".....", "..A..", ".....", "....."])
    codes = finder.lexicon.alphabet.codes
    rack = tuple(sorted(codes[ch] for ch in "beet"))
    pool = odds.unseen(finder, board, odds.counts_of(rack))
    job = odds.DrawOdds(finder, rack, pool, board)
    assert job.draw == 0 and job.racks == 1
    res = job.run()
    assert res.anagram == 0 and res.bingo == 1
    assert any(len(m.tiles) == 4 for m in finder.moves(board, odds.counts_of(rack)))


def test_larger_pool_sample_within_four_standard_errors():
    """The small game's letters in a bag of 60 with four blanks: the exact
    chance of a four-letter word against 4,000 seeded draws judged word by
    word."""
    rules = dataclasses.replace(
        SMALL_RULES, counts={"a": 14, "b": 6, "d": 8, "e": 18, "t": 10, "?": 4}
    )
    finder = MoveFinder(Lexicon.from_words(SMALL_WORDS, backend="c"), rules)
    board = finder.board(SMALL_BOARD)
    pool = odds.unseen(finder, board, bytes(64))
    res = odds.DrawOdds(finder, [], pool).run()
    assert res.racks == odds.rack_count(pool, 4) and res.ways == math.comb(57, 4)
    p = float(res.anagram)
    codes = finder.lexicon.alphabet.codes
    words = [bytes(codes[ch] for ch in w) for w in SMALL_WORDS if len(w) == 4]
    rng = random.Random(11)
    tiles = tile_list(pool)
    n = 4000
    hits = sum(spells(rng.sample(tiles, 4), words) for _ in range(n))
    se = math.sqrt(p * (1 - p) / n)
    assert 0.05 < p < 0.95
    assert abs(hits / n - p) <= 4 * se, (hits / n, p, se)


@pytest.mark.slow
def test_large_pool_sample_within_four_standard_errors():
    """ENABLE on a mid-game board: the exact chance that a leave of four
    draws into a seven-letter word, against 3,000 seeded draws judged by
    trying every letter for each blank."""
    from lexicon.enable_lexicon import enable_lexicon

    finder = MoveFinder(enable_lexicon())
    board = finder.board(MID_GAME)
    kept = finder.rack("EINT")
    pool = odds.unseen(finder, board, kept)
    leave = [c for c, n in enumerate(kept) for _ in range(n)]
    res = odds.DrawOdds(finder, leave, pool).run()
    p = float(res.anagram)
    keys = {bytes(sorted(w)) for w in _seven(finder)}
    rng = random.Random(2024)
    tiles = tile_list(pool)
    n = 3000
    hits = 0
    for _ in range(n):
        rack = sorted(leave + rng.sample(tiles, res.draw))
        hits += _spelled(rack, keys)
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= 4 * se, (hits / n, p, se)


MID_GAME = [
    "...........RAZE",
    ".............E.",
    "........R....D.",
    ".......PACKERS.",
    ".......IT......",
    ".......BAY.....",
    "......FANE.....",
    "......AL.N.....",
    "......C........",
    ".....HE........",
    ".....IT........",
    ".....M.........",
    "...............",
    "...............",
    "...............",
]


def _seven(finder: MoveFinder) -> list[bytes]:
    codes = finder.lexicon.alphabet.codes
    return [bytes(codes[ch] for ch in w) for w in finder.lexicon if len(w) == 7]


def _spelled(rack: list[int], keys: set) -> bool:
    blanks = rack.count(0)
    letters = [c for c in rack if c]
    for fill in _fills(blanks):
        if bytes(sorted(letters + fill)) in keys:
            return True
    return False


def _fills(blanks: int):
    if blanks == 0:
        yield []
        return
    for c in range(1, 27):
        for rest in _fills(blanks - 1):
            if not rest or rest[0] >= c:
                yield [c] + rest


# ---- inference -----------------------------------------------------------------


def brute_inference(finder, board, move, pool, by, leaves=None, bag=0):
    """Each leave's posterior from every combination of tile positions; the
    likelihood from the full move list (score), or from the equity
    ranking of dlxc.models.game (equity)."""
    tiles = tile_list(pool)
    size = finder.rules.rack_size
    k = min(size - len(move.tiles), len(tiles))
    mass: Counter = Counter()
    for pick in combinations(range(len(tiles)), k):
        leave = tuple(sorted(tiles[i] for i in pick))
        rack = odds.counts_of(sorted(move.tiles + leave))
        if by == "score":
            moves = finder.moves(board, rack)
            best = moves[0].score
            tied = [m for m in moves if m.score == best]
            mine = [m for m in tied if _placed(m, finder) == move.squares]
        else:
            opts = position_options(finder, board, rack, leaves, bag=bag)
            best = opts[0].equity
            tied = [o for o in opts if o.equity == best]
            mine = [o for o in tied if o.kind == "play" and _placed(o.move, finder) == move.squares]
        if mine:
            mass[leave] += Fraction(1, len(tied))
    total = sum(mass.values())
    return {leave: m / total for leave, m in mass.items()}


def _placed(m, finder) -> frozenset:
    codes = finder.lexicon.alphabet.codes
    return frozenset(
        (r, c, codes[ch.lower()] | (128 if ch.islower() else 0)) for r, c, ch in m.tiles
    )


# moves of one to three tiles whose likelihoods include ties (1/2, 1/3, 1/4)
# and leaves for which another move is better
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("move_text", ["2B AD", "4B ED", "3B BATE"])
def test_inference_by_score_equals_brute_force(backend, move_text):
    finder = small_finder(backend)
    board = finder.board(SMALL_BOARD)
    _check_inference(finder, board, move_text, "score")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("move_text", ["4B ED", "3B BATE"])
def test_inference_by_equity_equals_brute_force(backend, move_text):
    finder = small_finder(backend)
    board = finder.board(SMALL_BOARD)
    table = Leaves({"a": 1.5, "e": 2.0, "b": -3.0, "?": 8.0, "de": 1.0}, "test values")
    _check_inference(finder, board, move_text, "equity", table)


def _check_inference(finder, board, move_text, by, table=None):
    move = odds.parse_move(finder, board, move_text)
    pool = odds.unseen(finder, board, odds.counts_of(move.tiles))
    bag = 5 if by == "equity" else 0
    res = odds.LeaveInference(finder, board, move, pool, by, table, bag).run()
    assert res.complete
    got = {leave: post for leave, _, _, post in res.leaves}
    want = brute_inference(finder, board, move, pool, by, table, bag)
    assert got == want
    assert sum(got.values()) == 1
    assert len(got) >= 2 and len(got) < res.racks  # some leaves fit, some do not


def test_parse_move_errors():
    finder = small_finder("c")
    board = finder.board(SMALL_BOARD)
    for text, says in [
        ("3B", "POSITION WORD"),
        ("Z9 AB", "off the"),
        ("3B TAB", "already holds another letter"),
        ("1A ZZ", "not a letter"),
        ("1A AB", "not a legal move"),
        ("3B .AT", "covers no empty square"),
    ]:
        with pytest.raises(BoardError, match=says):
            odds.parse_move(finder, board, text)


def test_bounds_and_bad_pools():
    finder = small_finder("c")
    board = finder.board(SMALL_BOARD)
    pool = odds.unseen(finder, board, finder.rack("A"))
    with pytest.raises(odds.TooManyRacks, match="--max-racks"):
        odds.DrawOdds(finder, [1], pool, board, max_racks=3)
    with pytest.raises(BoardError, match="distribution"):
        odds.unseen(finder, board, finder.rack("BB"))  # the board has a B already


# ---- the command line ------------------------------------------------------------

SMALL_CGP = "5/5/1BAT1/5/5 DE/ 0/0 0"


@pytest.fixture
def game_files(tmp_path):
    rules = tmp_path / "small.json"
    rules.write_text(
        json.dumps(
            {
                "premiums": list(SMALL_RULES.premiums),
                "counts": SMALL_RULES.counts,
                "values": SMALL_RULES.values,
                "rack_size": 4,
                "bingo_bonus": 20,
            }
        )
    )
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL_WORDS) + "\n")
    return ["--rules", str(rules), "--lexicon", str(words)]


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_cli_odds_json_matches_the_api(game_files):
    r = run("odds", *game_files, "--cgp", SMALL_CGP, "--leave", "E", "--json", "-q")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    finder = small_finder("c")
    board = finder.board(SMALL_BOARD)
    pool = odds.unseen(finder, board, finder.rack("DE"))
    e = finder.lexicon.alphabet.codes["e"]
    want = brute_odds(finder, board, [e], pool, 3)
    got = tuple(Fraction(out[k]["fraction"]) for k in ("anagram", "bingo", "best_score"))
    assert got == want
    assert out["draw"] == 3 and out["unseen"] == sum(pool) and out["complete"]
    # --play: the leave is the rack less the move, the board the one after it
    r = run("odds", *game_files, "--cgp", "5/5/1BAT1/5/5 DEE/ 0/0 0", "--play", "4B ED", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    pool = odds.unseen(finder, board, finder.rack("DEE"))
    after = finder.board([".....", ".....", ".BAT.", ".ED..", "....."])
    want = brute_odds(finder, after, [e], pool, 3)
    got = tuple(Fraction(out[k]["fraction"]) for k in ("anagram", "bingo", "best_score"))
    assert got == want and out["leave"] == "E"
    r = run("odds", *game_files, "--cgp", SMALL_CGP, "--no-board")
    assert r.exit_code == 0 and "anagram" in r.stdout and "bingo" not in r.stdout


def test_cli_errors(game_files):
    r = run("odds", *game_files, "--cgp", SMALL_CGP, "--leave", "AA")
    assert r.exit_code == 1 and "not within the rack" in r.output
    r = run("odds", *game_files, "--cgp", SMALL_CGP, "--max-racks", "2")
    assert r.exit_code == 1 and "raise it with --max-racks" in r.output
    assert "Traceback" not in r.output
    r = run("odds", *game_files, "--cgp", SMALL_CGP, "--timeout", "0", "-q")
    assert r.exit_code == 4 and "stopped by --timeout" in r.stderr
    assert "partial" in r.stdout
    r = run("odds", *game_files, "--cgp", "5/5/1BBB1/5/5 DE/ 0/0 0")
    assert r.exit_code == 1 and "distribution" in r.output
    r = run("odds", *game_files, "--cgp", SMALL_CGP, "--play", "3B BAT")
    assert r.exit_code == 1 and "covers no empty square" in r.output
    r = run("odds", *game_files, "--cgp", SMALL_CGP, "--play", "2B AB")
    assert r.exit_code == 1 and "does not hold" in r.output
    r = run("infer", *game_files, "--cgp", SMALL_CGP, "--move", "1A AB")
    assert r.exit_code == 1 and "not a legal move" in r.output
    r = run("infer", *game_files, "--cgp", SMALL_CGP, "--move", "4B AB", "-q")
    assert r.exit_code == 3 and "no leave makes" in r.output


def test_cli_infer(game_files):
    r = run("infer", *game_files, "--cgp", "5/5/1BAT1/5/5 /DE 0/0 0", "--move", "4B ED", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["played"] == "DE" and out["leave_size"] == 2
    finder = small_finder("c")
    board = finder.board(SMALL_BOARD)
    move = odds.parse_move(finder, board, "4B ED")
    pool = odds.unseen(finder, board, finder.rack("DE"), odds.counts_of(move.tiles))
    want = brute_inference(finder, board, move, pool, "score")
    letters = finder.lexicon.alphabet.letters
    named = {
        "".join("?" if c == 0 else letters[c - 1].upper() for c in leave): p
        for leave, p in want.items()
    }
    got = {t["leave"]: Fraction(t["probability"]["fraction"]) for t in out["top"]}
    assert got == named


GCG = """#player1 a Ann
#player2 b Bob
>a: ABT 3B BAT +10 10
>b: DEET 5A DE +3 3
>b: DEET -- -3 0
>b: DEET 4B ED +9 9
>a: AAE? - +0 10
"""


def test_cli_infer_from_a_record(game_files, tmp_path):
    """The fourth turn of a record (after a play taken back) is the move
    and board of the CGP line, and the next rack of the other player the
    rack of the one inferring."""
    record = tmp_path / "game.gcg"
    record.write_text(GCG)
    r = run("infer", *game_files, "--gcg", str(record), "--turn", "4", "--json", "-q")
    assert r.exit_code == 0, r.output
    cgp = "5/5/1BAT1/5/5 /AAE? 0/0 0"
    r2 = run("infer", *game_files, "--cgp", cgp, "--move", "4B ED", "--json", "-q")
    assert r2.exit_code == 0, r2.output
    a, b = json.loads(r.stdout), json.loads(r2.stdout)
    assert a["top"] == b["top"] and a["leaves"] == b["leaves"] < 15  # AAE? is out of the pool
    r = run("infer", *game_files, "--gcg", str(record), "--turn", "5")
    assert r.exit_code == 1 and "line 7: turn 5 is not a play" in r.output
    r = run("infer", *game_files, "--gcg", str(record), "--turn", "4", "--move", "4B ED")
    assert r.exit_code == 2
