"""Multi-letter tiles (Spanish CH, LL, RR) end to end: moves, racks, CGP,
GCG, leave tables and word lists write such a tile as its name in brackets
(``[CH]``, ``[ch]`` a blank), as MAGPIE does, and read it back.

The checks do not trust dlxc's own notation: the tiles' names and letters
are read from the edition's data file, the brackets are written and split
here with a regular expression, the moves are compared with the brute-force
generator of tests/oracles and the plays of whole games re-scored by the
independent scorer there."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from legs import MIRROR_SLOW
from oracles.lexicon import brute_moves
from oracles.scrabble_game import read_gcg, words_and_score

import dlxc
from dlxc.base.errors import BoardError, LexiconError
from dlxc.cli import main
from dlxc.lexicon import Lexicon, read_word_list, read_word_list_with_tiles
from dlxc.models import cgp
from dlxc.models.game import Game, autoplay
from dlxc.models.leaves import LeaveFit, Leaves
from dlxc.models.scrabble import MoveFinder, Rules, greedy_positions

SPEC = json.loads(
    (Path(dlxc.__file__).parent / "models" / "editionfiles" / "spanish.json").read_text("utf-8")
)
LETTER = SPEC["multi"]  # tile name -> the letter that stands for it
NAME = {v: k for k, v in LETTER.items()}
VALUES = {LETTER.get(k, k): v for k, v in SPEC["values"].items()}
TOKEN = re.compile(r"\[([^\]]+)\]|(.)")

# Spanish words for these tests (written here, not taken from any list):
# every tile of the edition is in one of them, so that a bag of Spanish
# tiles fits the lexicon
WORDS = """
[CH]O[RR]O [CH]E [CH]A [CH]OZA NO[CH]E CO[CH]E LE[CH]E
[LL]AVE CA[LL]E [LL]AMA [LL]ENO PO[LL]O GA[LL]O
PE[RR]O CA[RR]O TO[RR]E PE[RR]A BA[RR]O
CASA COSA MAR AMOR ROMA BOCA DEDO FE GATO HOLA IDEA JEFE LUNA MESA NIÑO AÑO
OSO PAN QUE QUESO RIO SOL TE UVA VOZ XI YA ZETA TAXI LEY HOY DIA DE EL LA LOS
LAS UN UNA NO SI SE ME MI TU SU YO OLA ALA ASA ESE ESA ESO ERA ORO ORA ARO ATE
TIA TIO RIA REO RES MAS MES SOLA RATO PATO MATO LOTE NOTA RUTA
""".split()


def letters(word: str) -> str:
    """A word in brackets as the lexicon's letters, by this file's own reading."""
    out = []
    for name, ch in TOKEN.findall(word):
        out.append(LETTER[name.lower()] if name else ch.lower())
    return "".join(out)


def bracketed(letter: str, blank: bool) -> str:
    """A tile as MAGPIE writes it: upper case, [CH], lower case a blank."""
    name = NAME.get(letter, letter)
    text = name.lower() if blank else name.upper()
    return f"[{text}]" if len(name) > 1 else text


@pytest.fixture
def word_file(tmp_path) -> Path:
    path = tmp_path / "es.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return path


@functools.cache
def spanish_lexicon(backend: str) -> Lexicon:
    return Lexicon.from_words([letters(w) for w in WORDS], backend=backend)


def small_spanish() -> Rules:
    """The Spanish tiles on a 7x7 board with racks of 5, so that the brute
    force tries every placement quickly."""
    premiums = [row[4:11] for row in SPEC["premiums"][4:11]]
    return Rules.from_spec({"edition": "spanish", "premiums": premiums, "rack_size": 5}, "test")


# ---- moves against the brute force ----------------------------------------------


@pytest.mark.parametrize("backend", MIRROR_SLOW)
def test_spanish_moves_match_brute_force(backend):
    """Moves of positions of a greedy game, with multi-letter tiles on the
    board and the racks, equal the brute-force oracle's, words written in
    brackets; the board and the rack are given to dlxc in brackets too."""
    rules = small_spanish()
    lex = spanish_lexicon(backend)
    finder = MoveFinder(lex, rules)
    alphabet = lex.alphabet.letters
    lm, wm = rules.multipliers()
    lm = [list(lm[r * 7 : r * 7 + 7]) for r in range(7)]
    wm = [list(wm[r * 7 : r * 7 + 7]) for r in range(7)]
    checked = multi_seen = 0
    # a bag rich in multi-letter tiles, so that most positions hold some
    bag = {"?": 2, "a": 8, "e": 8, "o": 10, "l": 3, "s": 3, "c": 3, "t": 3}
    bag.update({LETTER[n]: 5 for n in ("ch", "ll", "rr")})
    for seed in range(6):
        for board_codes, rack_codes in greedy_positions(finder, seed, 6, bag):
            grid = [[None] * 7 for _ in range(7)]
            rows = []
            for r in range(7):
                text = []
                for c in range(7):
                    code = board_codes[r * 7 + c]
                    if not code:
                        text.append(".")
                        continue
                    ch, blank = alphabet[(code & 127) - 1], bool(code & 128)
                    grid[r][c] = (ch, blank)
                    text.append(bracketed(ch, blank))
                rows.append("".join(text))
            rack = "".join(
                ("?" if c == 0 else alphabet[c - 1]) * n for c, n in enumerate(rack_codes) if n
            )
            rack_text = "".join("?" if ch == "?" else bracketed(ch, False) for ch in rack)
            got = [
                (-m.score, m.row, m.col, int(m.direction == "down"), m.word)
                for m in finder.moves(rows, rack_text)
            ]
            want = sorted(
                (s, r, c, d, "".join(bracketed(ch.lower(), ch.isupper()) for ch in word))
                for s, r, c, d, word in brute_moves(
                    {letters(w) for w in WORDS},
                    grid,
                    rack,
                    lm,
                    wm,
                    VALUES,
                    rules.start,
                    rules.rack_size,
                    rules.bingo_bonus,
                    alphabet,
                )
            )
            assert sorted(got) == want
            checked += 1
            multi_seen += any("[" in w for *_, w in got)
    assert checked == 36 and multi_seen >= 10


def test_move_text_reads_back(backend):
    """A move's word and tiles, written [CH], are read back by the board
    reader as the squares the move covers."""
    rules = Rules.edition("spanish")
    finder = MoveFinder(spanish_lexicon(backend), rules)
    codes = finder.lexicon.alphabet.codes
    found = finder.moves(["." * 15] * 15, "[CH]O[RR]O?")
    assert found, "no move"
    for m in found:
        tokens = _tokens(m.word)
        assert [t for _, _, t in m.tiles] == tokens  # an empty board: every tile is new
        rows = [["."] * 15 for _ in range(15)]
        want = bytearray(15 * 15)
        for r, c, t in m.tiles:
            rows[r][c] = t
            name, ch = TOKEN.findall(t)[0]
            text = name or ch
            want[r * 15 + c] = codes[LETTER.get(text.lower(), text.lower())] | (
                128 if text.islower() else 0
            )
        assert finder.board(["".join(row) for row in rows]) == bytes(want)
    best = found[0]
    assert best.word == "[CH]O[RR]O" and best.score == (5 + 1 + 8 + 1) * 2
    assert any("[ch]" in m.word or "[rr]" in m.word for m in found)  # a blank as CH or RR


# ---- racks and CGP ----------------------------------------------------------------


def test_racks_and_cgp_round_trip():
    rules = Rules.edition("spanish")
    finder = MoveFinder(spanish_lexicon("python"), rules)
    counts = finder.rack("[CH]a[ll]?[RR]")
    codes = finder.lexicon.alphabet.codes
    assert counts[codes[LETTER["ch"]]] == counts[codes[LETTER["ll"]]] == 1
    assert counts[codes[LETTER["rr"]]] == counts[codes["a"]] == counts[0] == 1
    assert cgp.rack_text("[ch]a[LL]?[rr]", rules) == "[CH]A[LL]?[RR]"
    board = "15/15/15/15/15/15/15/4[CH]O[rr]O[LL]A5/15/15/15/15/15/15/15"
    line = f"{board} [CH]E?/A[RR] 12/7 0 ld spanish;"
    pos = cgp.parse(line)
    assert cgp.rules_for(pos).name == "spanish"
    assert pos.to_cgp(cgp.rules_for(pos)) == line
    assert (
        pos.board[7]
        == "...."
        + "".join([LETTER["ch"].upper(), "O", LETTER["rr"], "O", LETTER["ll"].upper(), "A"])
        + "....."
    )


@pytest.mark.parametrize(
    "rack, message",
    [
        ("A[CX]", "'[CX]' is not a multi-letter tile of the spanish edition"),
        ("A[CH", "'[' without ']'"),
        ("[]", "'[]' is not a multi-letter tile"),
    ],
)
def test_bad_rack_tokens(rack, message):
    finder = MoveFinder(spanish_lexicon("python"), Rules.edition("spanish"))
    with pytest.raises(BoardError, match=re.escape(message)) as err:
        finder.rack(rack)
    assert "\n" not in str(err.value)


def test_bad_cgp_tokens():
    empty = "/".join(["15"] * 14)
    for row, message in (("[CX]14", "'[CX]' is not a multi-letter tile"), ("[CH14", "without")):
        with pytest.raises(BoardError, match=re.escape(message)) as err:
            cgp.parse(f"{empty}/{row} A/ 0/0 0 ld spanish;")
        assert str(err.value).startswith("cgp: board row 15")


# ---- GCG --------------------------------------------------------------------------


def test_spanish_game_gcg_replays(backend):
    """A Spanish game's GCG record, read by the small reader of
    tests/oracles and split into tiles here, replays: every play's tiles
    come from its rack, its words are words and its score is the
    independent scorer's."""
    rules = Rules.edition("spanish")
    finder = MoveFinder(spanish_lexicon(backend), rules)
    lm, wm = rules.multipliers()
    lm = [list(lm[r * 15 : r * 15 + 15]) for r in range(15)]
    wm = [list(wm[r * 15 : r * 15 + 15]) for r in range(15)]
    words = {letters(w) for w in WORDS}
    multi_plays = 0
    for seed in (1, 2, 3):
        rec = Game(finder, ("equity", "score"), seed, Leaves.zero()).play()
        board: dict = {}
        totals: Counter = Counter()
        for ev in read_gcg(rec.gcg())["events"]:
            if ev["kind"] == "play":
                placed = []
                for k, (name, ch) in enumerate(TOKEN.findall(ev["word"])):
                    r, c = (ev["row"] + k, ev["col"]) if ev["down"] else (ev["row"], ev["col"] + k)
                    if ch == ".":
                        assert (r, c) in board
                        continue
                    text = name or ch
                    placed.append((r, c, LETTER.get(text.lower(), text.lower()), text.islower()))
                multi_plays += "[" in ev["word"]
                rack = Counter(letters(t) or "?" for t in _tokens(ev["rack"]))
                used = Counter("?" if b else ch for _, _, ch, b in placed)
                assert not used - rack
                found, score = words_and_score(
                    board, placed, lm, wm, VALUES, rules.rack_size, rules.bingo_bonus
                )
                assert score == ev["score"] and set(found) <= words
                for r, c, ch, b in placed:
                    board[(r, c)] = (ch, b)
            totals[ev["nick"]] += ev["score"]
            assert totals[ev["nick"]] == ev["total"]
    assert multi_plays >= 3


def _tokens(text: str) -> list[str]:
    return [f"[{name}]" if name else ch for name, ch in TOKEN.findall(text)]


# ---- leave tables -----------------------------------------------------------------


def test_leaves_round_trip():
    rules = Rules.edition("spanish")
    text = "[CH] 3.5\n[ll]a -2\n?[RR] 20\n[CH]C 1.25\nCH -1\n"
    table = Leaves.from_text(text, "es.leaves", rules)
    ch, ll, rr = LETTER["ch"], LETTER["ll"], LETTER["rr"]
    assert table.value([ch]) == 3.5 and table.value(["a", ll]) == -2
    assert table.value(["?", rr]) == 20 and table.value(["c", "h"]) == -1
    assert table.value([ch.upper(), "c"]) == 1.25
    written = table.to_text()
    assert "[CH] 3.50" in written and "A[LL] -2.00" in written and "CH -1.00" in written
    again = Leaves.from_text(written, "again", rules)
    assert again.table == table.table


@pytest.mark.parametrize(
    "line, message",
    [
        ("[CX] 1", "es.leaves:2: '[CX]' is not a multi-letter tile of the spanish edition"),
        ("[CH 1", "es.leaves:2: '[CH': '[' without ']'"),
        ("A] 1", "es.leaves:2: 'A]' is not a leave"),
        ("[ch] 2", "es.leaves:2: the leave [CH] is listed twice"),
    ],
)
def test_bad_leave_tokens(line, message):
    with pytest.raises(BoardError, match=re.escape(message)) as err:
        Leaves.from_text(f"[CH] 1\n{line}\n", "es.leaves", Rules.edition("spanish"))
    assert "\n" not in str(err.value)


def test_english_leaves_have_no_multi_letter_tiles():
    with pytest.raises(BoardError, match="standard English rules"):
        Leaves.from_text("[CH] 1\n", "en.leaves")


def test_fitted_leaves_name_the_tiles(backend):
    rules = Rules.edition("spanish")
    fit = LeaveFit(min_pairs=1)
    autoplay(spanish_lexicon(backend), 3, 5, ("equity", "equity"), 1, rules, Leaves.zero(), fit=fit)
    table = fit.fit(rules)
    text = table.to_text()
    assert re.search(r"^\[(CH|LL|RR)\] ", text, re.M)
    assert not set(text) & (set(LETTER.values()) | {ch.upper() for ch in LETTER.values()})
    assert Leaves.from_text(text, "fit", rules).table == table.table


# ---- word lists ---------------------------------------------------------------------


def test_word_list_brackets(word_file):
    rules = Rules.edition("spanish")
    wl = read_word_list_with_tiles(word_file, rules.multi)
    assert len(wl.words) == len(WORDS)
    assert set(wl.words) == {letters(w) for w in WORDS}
    # without the tiles, a bracket is not a letter: the line is skipped
    with pytest.warns(UserWarning, match="18 lines skipped"):
        assert len(read_word_list(word_file).words) == len(WORDS) - 18


@pytest.mark.parametrize(
    "line, message",
    [
        ("CA[CX]O", "es.txt:3: '[CX]' is not a multi-letter tile"),
        ("CA[CHO", "es.txt:3: 'CA[CHO': '[' without ']'"),
    ],
)
def test_bad_word_list_tokens(tmp_path, line, message):
    path = tmp_path / "es.txt"
    path.write_text(f"CASA\n[CH]E\n{line}\n", encoding="utf-8")
    with pytest.raises(LexiconError, match=re.escape(message)) as err:
        read_word_list_with_tiles(path, Rules.edition("spanish").multi)
    assert "\n" not in str(err.value)


# ---- the command line ---------------------------------------------------------------


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_cli_moves_spanish_word_list(word_file, backend):
    line = "/".join(["15"] * 15) + " [CH]O[RR]O?/ 0/0 0 ld spanish;"
    res = run("moves", "--lexicon", word_file, "--cgp", line, "--top", "3", "--backend", backend)
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[0] == "30 4,7 down [CH]O[RR]O"
    assert res.stderr == ""
    leaves = word_file.with_name("es.leaves")
    leaves.write_text("[RR] 5\n?O 9\n", encoding="utf-8")
    res = run("moves", "--lexicon", word_file, "--cgp", line, "--leaves", leaves, "--top", "1")
    assert res.exit_code == 0, res.output
    # equity, score, square, direction, word, leave: [CHORRO] keeps the blank
    assert res.stdout.splitlines()[0].split()[2:] == ["4,7", "down", "[CH]O[RR]O", "?"]
    lex = word_file.with_name("es.lex")
    res = run("lexicon", "build", word_file, "--edition", "spanish", "-o", lex)
    assert res.exit_code == 0 and res.stderr == ""
    assert Lexicon.load(lex).words == len(WORDS)


def test_cli_bad_tokens(word_file):
    empty = word_file.with_name("board.txt")
    empty.write_text(("." * 15 + "\n") * 15)
    base = ["moves", "--lexicon", word_file, "--edition", "spanish", "--board", empty]
    for rack in ("[CX]A", "[CHA"):
        res = run(*base, "--rack", rack)
        assert res.exit_code == 1 and res.stdout == ""
        assert len(res.stderr.strip().splitlines()) == 1 and rack in res.stderr
    bad = word_file.with_name("bad.leaves")
    bad.write_text("A 1\n[CX]A 2\n")
    res = run(*base, "--rack", "A", "--leaves", bad)
    assert res.exit_code == 1 and res.stdout == ""
    assert res.stderr.strip() == (
        f"Error: {bad}:2: '[CX]' is not a multi-letter tile of the spanish edition "
        "(these rules have [CH] [LL] [RR])"
    )


def test_cli_autoplay_fits_spanish_leaves(word_file, tmp_path, backend):
    """``autoplay --edition spanish --fit-leaves`` on a word list written
    with [CH]: the table names the tiles [CH] and reads back; GCG records
    write them so."""
    out = tmp_path / "es.leaves"
    gcg_dir = tmp_path / "games"
    args = ["autoplay", "--lexicon", word_file, "--edition", "spanish", "--games", "3"]
    args += ["--seed", "4", "--players", "equity,equity", "--leaves", "none", "--backend", backend]
    res = run(*args, "--fit-leaves", out, "--gcg", gcg_dir, "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["games"] == 3
    text = out.read_text("utf-8")
    assert re.search(r"^\[(CH|LL|RR)\] -?\d+\.\d\d$", text, re.M)
    table = Leaves.from_file(out, Rules.edition("spanish"))
    assert len(table) > 20
    again = run(*args[:-2], "--leaves", out, "--json")
    assert again.exit_code == 0, again.output
    records = "".join(p.read_text("utf-8") for p in sorted(gcg_dir.iterdir()))
    assert re.search(r"\[(CH|LL|RR|ch|ll|rr)\]", records)
    assert not set(records) & (set(LETTER.values()) | {c.upper() for c in LETTER.values()})


# ---- rules files and tiles of one's own ---------------------------------------------


def test_rules_file_names_tiles_in_brackets(tmp_path):
    values = {k: v for k, v in SPEC["values"].items() if k != "ch"}
    rules = Rules.from_spec({"edition": "spanish", "values": {**values, "[CH]": 6}}, "r")
    assert rules.values[LETTER["ch"]] == 6
    with pytest.raises(BoardError, match=re.escape("r: values['[CX]']: not a letter")):
        Rules.from_spec({"edition": "spanish", "values": {"[CX]": 6}}, "r")


def test_tiles_of_ones_own(tmp_path, backend):
    """A rules file's own multi-letter tiles (Catalan-like L·L and QU) are
    read from a word list in brackets and written in moves the same way."""
    spec = {
        "values": {"a": 1, "e": 1, "s": 1, "l·l": 10, "qu": 8, "?": 0},
        "counts": {"a": 5, "e": 5, "s": 5, "l·l": 1, "qu": 1, "?": 1},
        "multi": {"l·l": "ŀ", "qu": "ǫ"},
    }
    rules_file = tmp_path / "rules.json"
    rules_file.write_text(json.dumps(spec), encoding="utf-8")
    words = tmp_path / "words.txt"
    words.write_text("[QU]E\nA[L·L]A\nSA[L·L]ES\nES\n", encoding="utf-8")
    res = run(
        "moves",
        "--lexicon",
        words,
        "--rules",
        rules_file,
        "--backend",
        backend,
        "--board",
        tmp_path / "board.txt",
        "--rack",
        "SA[l·l]ES",
    )
    assert res.exit_code == 1 and "board.txt" in res.stderr  # no board yet: one line
    (tmp_path / "board.txt").write_text(("." * 15 + "\n") * 15)
    res = run(
        "moves",
        "--lexicon",
        words,
        "--rules",
        rules_file,
        "--backend",
        backend,
        "--board",
        tmp_path / "board.txt",
        "--rack",
        "SA[L·L]ES",
        "--top",
        "1",
    )
    assert res.exit_code == 0, res.output
    # S 1 on a double letter (row 3), A 1, L·L 10, E 1, S 1 on the centre's double word
    assert res.stdout == f"{(2 + 1 + 10 + 1 + 1) * 2} 3,7 down SA[L·L]ES\n"


def test_the_english_leave_table_is_not_used_for_other_tiles():
    from dlxc.models.leaves import Leaves

    english = Leaves.named(None, Rules.edition("english"))
    assert english.value("s") > 0 and english.value("q") < 0  # the shipped table
    assert Leaves.named(None, Rules.edition("super")).value("s") == english.value("s")
    spanish = Leaves.named(None, Rules.edition("spanish"))
    assert spanish.value("s") == 0 and spanish.value("qu") == 0
