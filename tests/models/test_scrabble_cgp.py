"""CGP positions: the format's documented examples, round trips, moves from
CGP equal to moves from the board file, bad lines as one-line errors, and
``dlxc moves --cgp / --to-cgp / --edition`` with their exit codes."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from dlxc.base.errors import BoardError
from dlxc.cli import main
from dlxc.lexicon import Lexicon
from dlxc.models import cgp
from dlxc.models.scrabble import Rules, moves

# every letter, so that every tile of the examples is one of the lexicon
PANGRAM = "the quick brown fox jumps over the lazy dog".split()
# The two example positions of the CGP description (macondo, cgp/README.md).
NATIONALS = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18; lm -2;"
MAVEN = (
    "5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/"
    "AT1FOLIA4V2/LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 "
    "IKLMTZ/AEINRU? 0/0 0 lex OSPD1;"
)
# The Maven endgame's board as the description's rules spell it out: a
# letter a tile, a number that many empty squares, c (lower case) a blank.
MAVEN_ROWS = [
    ".....BERGS.....",
    "....PA...U.....",
    "..QAID...R.....",
    "...BEE...F..S..",
    ".P.ET..VIATIC..",
    "MA.TAW...c..H..",
    "ES...IS..E..A..",
    "AT.FOLIA....V..",
    "LI.L.EX.E......",
    ".N.O.D..N..Y...",
    ".GNU..C.JETE...",
    "..ER..OHO..N...",
    "..O...GOY......",
    ".INDOW.U.......",
    "....DORR.......",
]


def test_documented_examples():
    p = cgp.parse(NATIONALS)
    assert p.board == ["." * 15] * 15
    assert (p.racks, p.scores, p.zero_turns) == (["AELNOQT", ""], [0, 0], 0)
    assert p.ops == {"lex": "NWL18", "lm": "-2"} and p.lexicon == "NWL18"
    m = cgp.parse(MAVEN)
    assert m.board == MAVEN_ROWS
    assert m.racks == ["IKLMTZ", "AEINRU?"] and m.rack == "IKLMTZ"
    for text in (NATIONALS, MAVEN):
        assert cgp.parse(text).to_cgp() == text


def test_round_trips():
    rng = random.Random(7)
    rules = Rules()
    for _ in range(50):
        rows = [
            "".join(rng.choice("......" + "ABCXYZ" + "ez") for _ in range(15)) for _ in range(15)
        ]
        rack = "".join(rng.choice("ABEQ?") for _ in range(rng.randint(0, 7)))
        scores = (rng.randint(-50, 900), rng.randint(0, 900))
        text = cgp.to_cgp(rows, rack, rules, scores=scores, zero_turns=rng.randint(0, 6))
        back = cgp.parse(text)
        assert back.board == rows and back.rack == rack and tuple(back.scores) == scores
        assert back.to_cgp() == text


def test_editions_and_multi_letter_tiles():
    text = "15/15/15/15/15/15/15/5[CH]O[rr]O6/15/15/15/15/15/15/15 A[LL]E?/ 10/0 0 ld spanish;"
    p = cgp.parse(text)
    assert p.board[7] == ".....ĈOřO......" and p.rack == "AĿE?"
    rules = cgp.rules_for(p)
    assert rules.name == "spanish" and p.to_cgp(rules) == text
    sup = cgp.parse("/".join(["21"] * 21) + " QUIZZES/ 0/0 0 ld english_super;")
    assert cgp.rules_for(sup).rows == 21
    assert cgp.rules_for(cgp.parse(NATIONALS + " bb 35;")).bingo_bonus == 35


def test_moves_from_cgp_equal_moves_from_the_board(backend):
    lex = Lexicon.from_words(
        ["zit", "zits", "kilt", "milk", "mil", "tiz", "lit", "kit", "it", "ti", "mi", "li"]
        + PANGRAM,
        backend=backend,
    )
    p = cgp.parse(MAVEN)
    assert moves(lex, p.board, p.rack) == moves(lex, MAVEN_ROWS, "IKLMTZ")
    assert moves(lex, p.board, p.rack)


@pytest.mark.parametrize(
    "text, message",
    [
        ("15/15 A/ 0/0 0", "the board has 2 rows"),
        ("/".join(["15"] * 14 + ["16"]) + " A/ 0/0 0", "16 empty squares"),
        ("/".join(["15"] * 14 + ["14AB"]) + " A/ 0/0 0", "has 16 squares"),
        ("/".join(["15"] * 14 + ["14#"]) + " A/ 0/0 0", "'#' is not a tile"),
        ("/".join(["15"] * 15) + " A/ 0/0", "3 fields"),
        ("/".join(["15"] * 15) + " A/ 0/x 0", "score 2: 'x' is not a whole number"),
        ("/".join(["15"] * 15) + " A/ 0 0", "2 racks but 1 scores"),
        ("/".join(["15"] * 15) + " A/ 0/0 1.5", "zero-point turns: '1.5'"),
        ("/".join(["15"] * 15) + " ABCDEFGH/ 0/0 0", "8 tiles"),
        ("/".join(["15"] * 15) + " A1/ 0/0 0", "'1' is not a tile"),
        ("/".join(["15"] * 15) + " [CH]/ 0/0 0", "not a multi-letter tile"),
        ("/".join(["15"] * 15) + " A/ 0/0 0 lex NWL20", "do not end in ';'"),
        ("/".join(["15"] * 15) + " A/ 0/0 0 bb 2147483648;", "past 2147483647"),
        ("/".join(["15"] * 15) + " A/ 0/0 0 bb 1e3;", "'1e3' is not a whole number"),
    ],
)
def test_bad_cgp(text, message):
    with pytest.raises(BoardError) as info:
        cgp.parse(text)
    assert str(info.value).startswith("cgp") and message in str(info.value)


# ---- the command line --------------------------------------------------------


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


@pytest.fixture
def words(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("quiz\nzit\nzits\nkilt\nmilk\nmil\nlit\nkit\nit\nti\nmi\nli\n")
    path.write_text(path.read_text() + "\n".join(PANGRAM) + "\n")
    return path


def test_cli_cgp_and_board_agree(tmp_path, words):
    board = tmp_path / "board.txt"
    board.write_text("\n".join(MAVEN_ROWS) + "\n")
    by_board = run("moves", "--lexicon", words, "--board", board, "--rack", "iklmtz")
    by_cgp = run("moves", "--lexicon", words, "--cgp", MAVEN)
    assert by_board.exit_code == by_cgp.exit_code == 0, by_cgp.output
    assert by_cgp.stdout == by_board.stdout and by_cgp.stdout
    assert by_cgp.stderr == ""
    out = run("moves", "--lexicon", words, "--board", board, "--rack", "IKLMTZ", "--to-cgp")
    assert out.exit_code == 0
    assert out.stdout == MAVEN.replace("/AEINRU?", "/").replace("OSPD1", "words") + "\n"
    again = run("moves", "--lexicon", words, "--cgp", MAVEN, "--to-cgp")
    assert again.stdout == MAVEN + "\n"
    # --rack replaces the CGP's rack to move
    other = run("moves", "--lexicon", words, "--cgp", MAVEN, "--rack", "zit", "--json")
    assert {
        tuple(sorted(t["letter"] for t in json.loads(line)["tiles"]))
        for line in other.stdout.splitlines()
    } <= {
        ("I", "T", "Z"),
        ("I", "Z"),
        ("T", "Z"),
        ("I", "T"),
        ("I",),
        ("T",),
        ("Z",),
    }


def test_cli_editions(words):
    empty21 = "/".join(["21"] * 21)
    result = run(
        "moves",
        "--lexicon",
        words,
        "--cgp",
        f"{empty21} QUIZ/ 0/0 0",
        "--edition",
        "super",
        "--top",
        "1",
    )
    assert result.exit_code == 0, result.output
    # Q on a double letter two squares up or left of the centre's double word
    score, square, direction, word = result.stdout.split()
    assert (int(score), word) == ((10 + 1 + 1 + 10) * 2, "QUIZ")
    by_ld = run(
        "moves",
        "--lexicon",
        words,
        "--cgp",
        f"{empty21} QUIZ/ 0/0 0 ld english_super;",
        "--top",
        "1",
    )
    assert by_ld.stdout == result.stdout
    wrong = run("moves", "--lexicon", words, "--cgp", f"{empty21} QUIZ/ 0/0 0")
    assert wrong.exit_code == 1 and "the board has 21 rows" in wrong.stderr
    assert "Traceback" not in wrong.output


@pytest.mark.parametrize(
    "rules, rack, message",
    [
        ('{"values": {"a": 2147483648}}', "a", "values['a']: 2147483648 is out of range"),
        ('{"values": {"a": 1.5}}', "a", "values['a']: 1.5 is not an integer"),
        ('{"bingo_bonus": Infinity}', "a", "bingo_bonus: inf is not an integer"),
        ('{"start": [7.5, 7]}', "a", "start row: 7.5 is not an integer"),
        ('{"premiums": ["' + "Q" * 32 + '"]}', "a", "past the largest score"),
        ("{}", "a" * 256, "has 256 tiles"),
    ],
)
@pytest.mark.parametrize("backend", ["c", "python"])
def test_cli_bad_input(tmp_path, words, rules, rack, message, backend):
    path = tmp_path / "rules.json"
    path.write_text(rules)
    result = run(
        "moves",
        "--lexicon",
        words,
        "--rules",
        path,
        "--board",
        "-",
        "--rack",
        rack,
        "--backend",
        backend,
        input="\n".join(["." * 15] * 15),
    )
    assert result.exit_code == 1, result.output
    assert message in result.stderr and "Traceback" not in result.output
    assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1


def test_cli_usage(words, tmp_path):
    both = run("moves", "--lexicon", words, "--cgp", NATIONALS, "--board", "-", input="")
    neither = run("moves", "--lexicon", words, "--rack", "a")
    no_rack = run("moves", "--lexicon", words, "--board", "-", input="")
    for result in (both, neither, no_rack):
        assert result.exit_code == 2 and "Traceback" not in result.output


def test_cli_spanish(tmp_path):
    """A Spanish word list may write CH, LL, RR as ĉ, ŀ, ř; CGP, racks and
    moves write them [CH]."""
    words = tmp_path / "es.txt"
    words.write_text("ĉoře\nĉe\nŀave\nřo\n")
    line = "/".join(["15"] * 15) + " [CH]O[RR]E/ 0/0 0 ld spanish;"
    result = run("moves", "--lexicon", words, "--cgp", line, "--top", "1", "--json")
    assert result.exit_code == 0, result.output
    best = json.loads(result.stdout)
    # CH 5 + O 1 + RR 8 + E 1, doubled by the centre square
    assert (best["word"], best["score"]) == ("[CH]O[RR]E", 30)
    assert [t["letter"] for t in best["tiles"]] == ["[CH]", "O", "[RR]", "E"]
    back = run("moves", "--lexicon", words, "--cgp", line, "--to-cgp")
    assert back.stdout == line + "\n"
    english = run("moves", "--lexicon", words, "--cgp", line, "--edition", "english")
    assert english.exit_code == 1 and "not a multi-letter tile" in english.stderr
