"""Scrabble editions as data, quadruple squares, 21x21 boards and the one
integer range of both engines: the editions against the published tile
tables, moves against the brute-force oracle, bad rules as one-line errors."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from oracles.lexicon import brute_moves

from dlxc.base.errors import BoardError
from dlxc.lexicon import MAX_SCORE, Lexicon, MoveGenerator, score_bound
from dlxc.models import editions
from dlxc.models.scrabble import MoveFinder, Rules, moves

# The published tables (Wikipedia, "Scrabble letter distributions" and
# "Super Scrabble"), written as they print them: points, then letter x count.
ENGLISH_TABLE = """
0: ?x2
1: Ex12 Ax9 Ix9 Ox8 Nx6 Rx6 Tx6 Lx4 Sx4 Ux4
2: Dx4 Gx3
3: Bx2 Cx2 Mx2 Px2
4: Fx2 Hx2 Vx2 Wx2 Yx2
5: Kx1
8: Jx1 Xx1
10: Qx1 Zx1
"""
SUPER_TABLE = """
0: ?x4
1: Ex24 Ax16 Ox15 Tx15 Ix13 Nx13 Rx13 Sx10 Lx7 Ux7
2: Dx8 Gx5
3: Cx6 Mx6 Bx4 Px4
4: Hx5 Fx4 Wx4 Yx4 Vx3
5: Kx2
8: Jx2 Xx2
10: Qx2 Zx2
"""
SPANISH_TABLE = """
0: ?x2
1: Ax12 Ex12 Ox9 Ix6 Sx6 Nx5 Rx5 Ux5 Lx4 Tx4
2: Dx5 Gx2
3: Cx4 Bx2 Mx2 Px2
4: Hx2 Fx1 Vx1 Yx1
5: CHx1 Qx1
8: Jx1 LLx1 Ñx1 RRx1 Xx1
10: Zx1
"""


def table(text: str) -> tuple[dict, dict]:
    """(values, counts) keyed by the tile as people write it, lower case."""
    values, counts = {}, {}
    for line in text.strip().splitlines():
        points, tiles = line.split(":")
        for item in tiles.split():
            tile, n = item.split("x")
            values[tile.lower()] = int(points)
            counts[tile.lower()] = int(n)
    return values, counts


def by_name(rules: Rules, table_: dict) -> dict:
    return {rules.tile_name(k): v for k, v in table_.items()}


@pytest.mark.parametrize(
    "name, text, tiles, side",
    [
        ("english", ENGLISH_TABLE, 100, 15),
        ("super", SUPER_TABLE, 200, 21),
        ("spanish", SPANISH_TABLE, 100, 15),
    ],
)
def test_editions_match_the_published_tables(name, text, tiles, side):
    rules = Rules.edition(name)
    values, counts = table(text)
    assert by_name(rules, rules.values) == values
    assert by_name(rules, rules.counts) == counts
    assert sum(rules.counts.values()) == tiles
    assert (rules.rows, rules.cols, rules.rack_size, rules.bingo_bonus) == (side, side, 7, 50)
    assert rules.start == (side // 2, side // 2)
    assert name in editions.names()
    # every edition file says where its figures come from
    assert json.loads(editions.path(name).read_text(encoding="utf-8"))["sources"]


def test_default_rules_are_the_english_edition():
    default, english = Rules(), Rules.edition("english")
    assert default.values == english.values and default.counts == english.counts
    assert default.premiums == english.premiums


def squares(rules: Rules) -> Counter:
    return Counter(ch for line in rules.premiums for ch in line)


def symmetric(premiums) -> bool:
    n = len(premiums)
    return all(
        premiums[r][c] == premiums[c][r] == premiums[n - 1 - r][c] == premiums[r][n - 1 - c]
        for r in range(n)
        for c in range(n)
    )


def test_boards():
    # the standard board: 8 triple word, 17 double word (the centre one), 12
    # triple letter, 24 double letter squares
    english = squares(Rules.edition("english"))
    assert (english["T"], english["D"] + english["*"], english["t"], english["d"]) == (
        8,
        17,
        12,
        24,
    )
    # Super Scrabble: quadruple word squares in the four corners, eight
    # quadruple letter squares, the start square a double word in the centre
    sup = Rules.edition("super")
    assert squares(sup)["Q"] == 4 and squares(sup)["q"] == 8
    assert {sup.premiums[r][c] for r in (0, 20) for c in (0, 20)} == {"Q"}
    assert sup.premiums[10][10] == "*" and symmetric(sup.premiums)
    assert symmetric(Rules.edition("english").premiums)


def test_multi_letter_tiles():
    rules = Rules.edition("spanish")
    assert rules.letter("CH") == rules.letter("ĉ") == "ĉ"
    assert rules.values[rules.letter("ll")] == 8 and rules.values[rules.letter("ch")] == 5
    assert rules.split("[CH]a[rr]?") == ["Ĉ", "a", "ř", "?"]
    with pytest.raises(BoardError, match=r"\[XY\]"):
        rules.split("a[XY]")
    with pytest.raises(BoardError, match="multi-letter"):
        Rules().split("[CH]")
    # a tile name may hold a middle dot (Catalan L·L), not spaces or brackets
    catalan = Rules(values={"a": 1, "l·l": 10, "ny": 10}, multi={"l·l": "ŀ", "ny": "ñ"})
    assert catalan.split("[L·L]a[ny]") == ["Ŀ", "a", "ñ"] and catalan.values["ŀ"] == 10
    with pytest.raises(BoardError, match="multi"):
        Rules(multi={"c h": "ĉ"})
    # a Spanish word list writes the tiles as their letters
    lex = Lexicon.from_words(["ĉoře", "ĉe", "ŀave"], backend="python")
    empty = ["." * 15] * 15
    best = moves(lex, empty, "[CH]O[RR]E", rules, top=1)[0]
    # CH 5, O 1, RR 8, E 1 on the centre's double word (no letter premium
    # within three squares of the centre, in line with it)
    assert best.word == "[CH]O[RR]E" and best.score == (5 + 1 + 8 + 1) * 2


def test_rules_file_names_an_edition(tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"edition": "super", "bingo_bonus": 60}')
    rules = Rules.from_file(path)
    assert (rules.rows, rules.bingo_bonus, sum(rules.counts.values())) == (21, 60, 200)
    # values overridden: the edition's counts are kept for the letters left
    path.write_text('{"edition": "super", "values": {"a": 2, "b": 5, "?": 0}}')
    rules = Rules.from_file(path)
    assert rules.counts == {"a": 16, "b": 4, "?": 4}
    # --edition gives the edition a file does not name
    path.write_text('{"rack_size": 8}')
    rules = Rules.from_file(path, "super")
    assert (rules.rows, rules.rack_size) == (21, 8)


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"values": {"a": 2147483648}}', "values['a']: 2147483648 is out of range"),
        ('{"values": {"a": 1.5}}', "values['a']: 1.5 is not an integer"),
        ('{"values": {"a": true}}', "values['a']: True is not an integer"),
        ('{"bingo_bonus": Infinity}', "bingo_bonus: inf is not an integer"),
        ('{"bingo_bonus": NaN}', "bingo_bonus: nan is not an integer"),
        ('{"bingo_bonus": 1e400}', "bingo_bonus: inf is not an integer"),
        ('{"start": [7.5, 7]}', "start row: 7.5 is not an integer"),
        ('{"start": [7]}', "start: (7,) is not a [row, column] pair"),
        ('{"start": 7}', "start: 7 is not a [row, column] pair"),
        ('{"start": [7, 15]}', "start column: 15 is out of range"),
        ('{"rack_size": 7.0}', "rack_size: 7.0 is not an integer"),
        ('{"rack_size": 33}', "rack_size: 33 is out of range"),
        ('{"counts": {"a": -1}}', "counts['a']: -1 is out of range"),
        ('{"values": {"a": 1}, "counts": {"b": 1}}', "counts['b']: the tile has no value"),
        ('{"values": {"ch": 1}}', "values['ch']: not a letter"),
        ('{"multi": {"ch": "12"}}', "multi['ch']"),
        ('{"multi": {"c": "ĉ"}}', "multi['c']"),
        ('{"edition": "klingon"}', "edition: no edition 'klingon'"),
        ('{"edition": 5}', "edition: 5 is not a name"),
        ('{"premiums": ["..x"]}', "'x' is not one of"),
        ('{"premiums": "..."}', "premiums: one string of squares per row"),
        ('{"premiums": ["' + "Q" * 32 + '"]}', "past the largest score, 2^63 - 1"),
        ('{"colour": 1}', "unknown keys ['colour']"),
        ("[1]", "must be a JSON object"),
        ("[" * 100_000, "nested too deep"),
        ('{"counts": {"a": 10001}}', "counts['a']: 10001 is out of range"),
        ('{"start": [true, 0]}', "start row: True is not an integer"),
        ('{"premiums": []}', "a board has 1 to 32 rows, not 0"),
    ],
)
def test_bad_rules(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(BoardError) as info:
        Rules.from_file(path)
    assert str(info.value).startswith(f"{path}: ")
    assert message in str(info.value) and "\n" not in str(info.value)


def test_extreme_scores_are_the_same_on_both_engines(backend):
    """Values of 2^30 with a bingo bonus of 2^30: the score passes 2^32, and
    C used to wrap it; both engines now agree with the brute force."""
    big = 2**30
    rules = Rules(
        premiums=("...", ".*.", "..."), values={"a": big, "b": big}, rack_size=2, bingo_bonus=big
    )
    lex = Lexicon.from_words(["ab"], backend=backend)
    found = moves(lex, ["...", "...", "..."], "ab", rules)
    assert found[0].score == (big + big) * 2 + big == 5_368_709_120
    assert [m.score for m in found] == [5_368_709_120] * 4


def test_rack_of_256_letters(backend):
    finder = MoveFinder(Lexicon.from_words(["ab"], backend=backend))
    with pytest.raises(BoardError, match="has 256 tiles; a rack holds at most 7"):
        finder.rack("a" * 256)


def test_score_range_of_the_generator(backend):
    lex = Lexicon.from_words(["ab"], backend=backend)
    values = [0, 1, 1]
    with pytest.raises(BoardError, match="past the largest score"):
        MoveGenerator(lex, 1, 32, bytes([1] * 32), bytes([4] * 32), values, (0, 0), 7, 50)
    with pytest.raises(BoardError, match="tile value -1"):
        MoveGenerator(lex, 1, 2, b"\1\1", b"\1\1", [0, -1, 1], (0, 0), 7, 50)
    with pytest.raises(BoardError, match="tile value 2147483648"):
        MoveGenerator(lex, 1, 2, b"\1\1", b"\1\1", [0, 2**31, 1], (0, 0), 7, 50)
    with pytest.raises(BoardError, match="bingo bonus 1.0"):
        MoveGenerator(lex, 1, 2, b"\1\1", b"\1\1", [0, 1, 1], (0, 0), 7, 1.0)
    with pytest.raises(BoardError, match="33x2 board"):
        MoveGenerator(lex, 33, 2, b"\1" * 66, b"\1" * 66, [0, 1, 1], (0, 0), 7, 50)
    # the bound holds every score the rules allow: a full line of quadruple
    # word squares on the largest board is refused; the Super board with
    # every tile worth 2^31 - 1 and the largest bonus is not
    assert score_bound(1, 32, bytes([1] * 32), bytes([4] * 32), [2**31 - 1], 0) > MAX_SCORE
    lm, wm = Rules.edition("super").multipliers()
    assert score_bound(21, 21, lm, wm, [2**31 - 1], 2**31 - 1) < MAX_SCORE
    top = 2**31 - 1
    Rules(premiums=Rules.edition("super").premiums, values={"a": top}, bingo_bonus=top)


LETTERS = "aelnorst"


def oracle(lex, rules, lines, rack):
    lm, wm = rules.multipliers()
    cols = rules.cols
    lm = [list(lm[i * cols : (i + 1) * cols]) for i in range(rules.rows)]
    wm = [list(wm[i * cols : (i + 1) * cols]) for i in range(rules.rows)]
    board = [[None if ch == "." else (ch.lower(), ch.islower()) for ch in line] for line in lines]
    return brute_moves(
        set(lex),
        board,
        rack,
        lm,
        wm,
        rules.values,
        rules.start,
        rules.rack_size,
        rules.bingo_bonus,
        lex.alphabet.letters,
    )


def keyed(found):
    return sorted(
        (-m.score, m.row, m.col, int(m.direction == "down"), m.word.swapcase()) for m in found
    )


WORDS = [
    "ale",
    "tea",
    "eat",
    "late",
    "tale",
    "rate",
    "tear",
    "stare",
    "near",
    "lo",
    "to",
    "at",
    "ta",
]


def random_position(rng, rows, cols, premiums_from, n_words):
    premiums = tuple("".join(rng.choice(premiums_from) for _ in range(cols)) for _ in range(rows))
    grid = [["."] * cols for _ in range(rows)]
    for _ in range(n_words):
        word = rng.choice(WORDS)
        down = rng.random() < 0.5
        if len(word) > (rows if down else cols):
            continue
        r = rng.randrange(rows - (len(word) if down else 1) + 1)
        c = rng.randrange(cols - (1 if down else len(word)) + 1)
        for k, ch in enumerate(word):
            rr, cc = (r + k, c) if down else (r, c + k)
            grid[rr][cc] = ch.upper() if rng.random() < 0.8 else ch
    rack = "".join(rng.choice(LETTERS + "?") for _ in range(rng.randint(1, 3)))
    return premiums, ["".join(row) for row in grid], rack


def test_quadruple_squares_against_brute_force(backend):
    lex = Lexicon.from_words(WORDS, backend=backend)
    rng = random.Random(4)
    for _ in range(25):
        premiums, lines, rack = random_position(
            rng, rng.randint(3, 6), rng.randint(3, 6), "...dtqDTQ", 2
        )
        rules = Rules(premiums=premiums, rack_size=3, bingo_bonus=35)
        assert keyed(moves(lex, lines, rack, rules)) == oracle(lex, rules, lines, rack)


def test_super_board_against_brute_force(backend):
    lex = Lexicon.from_words(WORDS, backend=backend)
    rules = Rules.edition("super")
    rules.rack_size = 3  # the brute force tries every arrangement of the rack
    rng = random.Random(21)
    for _ in range(3):
        _, lines, rack = random_position(rng, 21, 21, ".", 6)
        found = moves(lex, lines, rack, rules)
        assert keyed(found) == oracle(lex, rules, lines, rack)


def test_quadruple_squares_by_hand(backend):
    """q quadruples a letter, Q the word: AT on q Q scores (1 * 4 + 1) * 4."""
    lex = Lexicon.from_words(["at"], backend=backend)
    rules = Rules(premiums=("qQ.",), start=(0, 0), rack_size=7)
    assert rules.multipliers() == (bytes([4, 1, 1]), bytes([1, 4, 1]))
    assert [(m.score, m.col) for m in moves(lex, ["..."], "at", rules)] == [(20, 0)]


def test_engines_refuse_negative_values_themselves(backend):
    """Below MoveGenerator's checks, each engine's own generator refuses a
    negative value or bonus (C: EBOARD; the mirror the same)."""
    from dlxc.lexicon import mirror

    engine = mirror
    if backend == "c":
        from dlxc.lexicon import _cbackend as engine  # type: ignore[no-redef]
    with pytest.raises(BoardError):
        engine.Gen(1, 2, b"\1\1", b"\1\1", [0, -1], 1, 0, 0, 7, 50)
    with pytest.raises(BoardError):
        engine.Gen(1, 2, b"\1\1", b"\1\1", [0, 1], 1, 0, 0, 7, -1)
    engine.Gen(1, 2, b"\1\1", b"\1\1", [0, 1], 1, 0, 0, 7, 50)


def test_counts_default_to_the_english_bag():
    rules = Rules(values={"a": 1, "b": 3})
    assert rules.counts == {"a": 9, "b": 2, "?": 2}
    assert rules.values["?"] == 0
