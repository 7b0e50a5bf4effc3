"""The readers the fuzz tests drive, one function per input format, and the
fragments each format is made of.

A driver takes the bytes of a would-be file, the backend to use and a
scratch folder; it reads the bytes as dlxc reads such a file (from a path,
as the command line does, so that the decoding of the bytes is the
reader's too) and then uses what it read a little.  It returns nothing:
the caller only cares whether it raised, and what.  Shared by
tests/fuzz/test_fuzz_readers.py and bench/fuzz_readers.py.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable

EDGE_NUMBERS = [
    b"0",
    b"1",
    b"-1",
    b"2",
    b"9",
    b"255",
    b"256",
    b"65535",
    b"2147483647",
    b"2147483648",
    b"-2147483649",
    b"9223372036854775807",
    b"9223372036854775808",
    b"18446744073709551616",
    b"1e9",
    b"0x10",
    b"+3",
    b"\xd9\xa3",  # ARABIC-INDIC DIGIT THREE, which int() would take
]
TEXTY = [b"\xef\xbb\xbf", b"\xc3\x9f", b"\xe1\xba\x9e", b"\xc4\xb0", b"\xff", b"\x00", b"\t", b" "]


def _write(tmp: Path, name: str, data: bytes) -> Path:
    path = tmp / name
    path.write_bytes(data)
    return path


# ---- exact cover --------------------------------------------------------------


def dlx(data: bytes, backend: str, tmp: Path) -> None:
    from dlxc.xcc.dlxformat import read_dlx

    problem = read_dlx(_write(tmp, "p.dlx", data))
    if len(problem.options) <= 200:
        problem.count_stats(backend, node_limit=200)


# ---- word lists ------------------------------------------------------------------


def word_list(data: bytes, backend: str, tmp: Path) -> None:
    from dlxc.crossword.wordlist import read_word_list
    from dlxc.lexicon import Lexicon

    path = _write(tmp, "w.txt", data)
    pool = read_word_list(path, backend=backend)
    _fill_small(pool, backend)
    Lexicon.from_word_file(path, backend=backend, gaddag=False)


def scored_list(data: bytes, backend: str, tmp: Path) -> None:
    from dlxc.boggle.words import read_words
    from dlxc.models.crossword.clues import read_clue_pool

    path = _write(tmp, "s.txt", data)
    pool, _ = read_clue_pool(path, backend=backend)
    _fill_small(pool, backend)
    read_words(path)


def _fill_small(pool, backend: str) -> None:
    from dlxc.models.crossword.fill import Filler, parse_grid

    f = Filler(parse_grid("...\n.#.\n..."), pool, backend=backend)
    try:
        f.first(node_limit=50)
    finally:
        f.close()


# ---- crossword files -----------------------------------------------------------------


def grid(data: bytes, backend: str, tmp: Path) -> None:
    from dlxc.crossword.wordlist import pool_from_words
    from dlxc.models.crossword.fill import Filler, read_grid

    g = read_grid(_write(tmp, "g.txt", data))
    if g.width * g.height <= 400:
        f = Filler(g, pool_from_words(["ab", "ba", "abc", "cab", "a"]), backend=backend)
        try:
            f.first(node_limit=50)
        finally:
            f.close()


def clues(data: bytes, backend: str, tmp: Path) -> None:
    from dlxc.models.crossword.clues import read_clue_list

    read_clue_list(_write(tmp, "c.txt", data))


# ---- Scrabble files ------------------------------------------------------------------


def cgp(data: bytes, backend: str, tmp: Path) -> None:
    from dlxc.base.errors import BoardError
    from dlxc.base.files import read_text
    from dlxc.models import cgp as cgp_module

    _, text = read_text(_write(tmp, "p.cgp", data), "position", BoardError)
    cgp_module.parse(text)


def rules(data: bytes, backend: str, tmp: Path) -> None:
    from dlxc.models.scrabble import Rules

    Rules.from_file(_write(tmp, "r.json", data))


def leaves(data: bytes, backend: str, tmp: Path) -> None:
    from dlxc.models.leaves import Leaves

    Leaves.from_file(_write(tmp, "l.leaves", data))


@functools.cache
def _lexicon_bytes() -> bytes:
    import tempfile

    from dlxc.lexicon import Lexicon

    lex = Lexicon.from_words(["cat", "act", "at", "ta", "cats", "scat", "taxi", "zo"])
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "x.lex"
        lex.save(path)
        return path.read_bytes()


def _resealed(blob: bytearray) -> bytes:
    """The checksums of a lexicon file made right again, so that what the
    nodes hold reaches the engine's own check of them."""
    import struct
    import zlib

    fields = list(struct.unpack_from("<8s12I", blob))
    alpha_len, n_dawg = fields[6], fields[7]
    start = 56 + alpha_len + (-alpha_len % 4)
    dawg = bytes(blob[start : start + 4 * n_dawg])
    gaddag = bytes(blob[start + 4 * n_dawg :])
    struct.pack_into("<2I", blob, 40, zlib.crc32(dawg), zlib.crc32(gaddag))
    alpha = bytes(blob[56 : 56 + alpha_len])
    struct.pack_into("<I", blob, 48, zlib.crc32(alpha, zlib.crc32(bytes(blob[:48]))))
    return bytes(blob)


def lexicon_file(data: bytes, backend: str, tmp: Path) -> None:
    """A saved lexicon with the input's bytes written over part of it, its
    checksums then made right or not (the input's first two bytes say
    which and where), or the input alone."""
    from dlxc.lexicon import Lexicon

    base = bytearray(_lexicon_bytes())
    mode = data[0] % 3 if data else 0
    if mode and len(data) >= 2:
        body = data[2:]
        if mode == 1:  # anywhere, checksums left wrong
            at = (data[1] * 7) % len(base)
            base[at : at + len(body)] = body
            blob = bytes(base)
        else:  # the nodes only, the length kept, checksums right
            nodes = 56 + 4 * ((struct_alpha(base) + 3) // 4)
            at = nodes + (data[1] * 4 + data[1] // 64) % (len(base) - nodes)
            body = body[: len(base) - at]
            base[at : at + len(body)] = body
            blob = _resealed(base)
    else:
        blob = data
    lex = Lexicon.load(_write(tmp, "x.lex", blob), backend=backend)
    try:
        assert isinstance("cat" in lex, bool)
        list(lex.prefix("c"))
    finally:
        lex.close()


def struct_alpha(blob: bytearray) -> int:
    """The length of a lexicon file's alphabet text (its header's field)."""
    import struct

    return struct.unpack_from("<I", blob, 28)[0]


# ---- word search and Boggle -----------------------------------------------------------


def mask(data: bytes, backend: str, tmp: Path) -> None:
    from dlxc.base.errors import ProblemError
    from dlxc.base.files import read_text
    from dlxc.models.wordsearch.grid import parse_mask

    name, text = read_text(_write(tmp, "m.txt", data), "mask", ProblemError)
    parse_mask(text, source=name)


def boggle_board(data: bytes, backend: str, tmp: Path) -> None:
    from dlxc.base.errors import BoggleError
    from dlxc.base.files import read_text
    from dlxc.boggle.board import Board

    _, text = read_text(_write(tmp, "b.txt", data), "board", BoggleError)
    Board.parse(text)


DRIVERS: dict[str, Callable[[bytes, str, Path], None]] = {
    "dlx": dlx,
    "word_list": word_list,
    "scored_list": scored_list,
    "grid": grid,
    "clues": clues,
    "cgp": cgp,
    "rules": rules,
    "leaves": leaves,
    "lexicon_file": lexicon_file,
    "mask": mask,
    "boggle_board": boggle_board,
}

# the readers whose work is the same on either backend (no engine behind
# them): their tests run once
ONE_BACKEND = {"clues", "cgp", "rules", "leaves", "mask", "boggle_board"}

_FRAGMENTS = {
    "dlx": [
        b"A",
        b"B",
        b"x",
        b"y",
        b"|",
        b" | ",
        b":",
        b"x:a",
        b"x:",
        b"1:2|",
        b"0:0|",
        b"3|",
        b"2:1|",
        b"|5",
        b"| c",
        b"#",
        b"A A",
    ],
    "word_list": [b"cat", b"ab", b"b", b"#", b";", b";50", b"STRAsSE", b"a-b", b"a b", b"\r"],
    "scored_list": [b"cat;", b"ab;7", b";clue", b";;", b"ICE CREAM", b"T-SHIRT", b"#x", b";-3;c"],
    "grid": [
        b".",
        b"#",
        b"a",
        b"{a}",
        b"(a)",
        b"(.)",
        b"{",
        b"}",
        b"(",
        b")",
        b"[",
        b"]",
        b"[ab]",
        b"....",
        b"#.#",
    ],
    "clues": [b"cat;", b";", b"clue", b";;", b"WORD;50;A clue", b"#"],
    "cgp": [
        b"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15",
        b"/",
        b"CAT",
        b"ABC",
        b"?",
        b"lex",
        b"NWL20",
        b";",
        b" ",
        b"0/0",
        b"12",
        b"a",
        b"7",
        b"15",
    ],
    "rules": [
        b"{",
        b"}",
        b"[",
        b"]",
        b'"',
        b":",
        b",",
        b"null",
        b"true",
        b'"tiles"',
        b'"edition"',
        b'"english"',
        b'"board"',
        b'"rack"',
        b'"premiums"',
        b'"bingo"',
    ],
    "leaves": [b"?", b"A", b"B", b"[CH]", b"-0.5", b"1e308", b"nan", b"inf", b",", b"#", b"AA"],
    "lexicon_file": [b"DLXC", b"\x00\x00\x00\x00", b"\xff\xff\xff\xff", b"\x01\x00\x00\x00"],
    "mask": [b".", b"#", b" ", b"..##", b"\n"],
    "boggle_board": [b"a", b"q", b"qu", b"/", b",", b" ", b"z"],
}


def fragments_of(fmt: str) -> list[bytes]:
    return _FRAGMENTS[fmt] + EDGE_NUMBERS + TEXTY


def _english_rules() -> bytes:
    from dlxc.models import editionfiles

    return (Path(editionfiles.__file__).parent / "english.json").read_bytes()


# valid files of each format, which the mutations below start from: most
# random bytes are refused on their first line, a valid file changed in a
# few places reaches the rest of the reader and the engine behind it
_SEEDS: dict[str, list[Callable[[], bytes]]] = {
    "dlx": [
        lambda: b"A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
        lambda: b"| costs\nA B C | X\nA X:a |3\nB X:a |1\nA B |5\nC |2\nC X:b |1 |1\n",
        lambda: b"p q r s | x y\np q x:1\nr y:2\ns x:1 y:2\np r s\nq\n",
    ],
    "word_list": [lambda: b"cat\ndog\nact\nta\nat;40\n# note\ntac;7\nab\nba\nabc\ncab\n"],
    "scored_list": [lambda: b"CAT;50;A pet\nDOG;;Another pet\nICE CREAM;30\nab;7\nba\nabc;x\n"],
    "grid": [
        lambda: b"...\n.#.\n...\n",
        lambda: b"{c}a(t)\n.#.\n(.)..\n",
        lambda: b"#....\n.....\n..#..\n.....\n....#\n",
    ],
    "clues": [lambda: b"CAT;50;A pet\nDOG;;Another; with a semicolon\nT-SHIRT;A top\n"],
    "cgp": [
        lambda: b"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18; lm -2;",
        lambda: b"15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AE?/ 10/0 0 lex CSW21;",
    ],
    "rules": [_english_rules, lambda: b'{"edition": "english", "rack_size": 8, "bingo_bonus": 35}'],
    "leaves": [lambda: b"# values\n? 20.33\nA -0.48\nB -4.03\nAB 1.5\n?? 30\n"],
    "lexicon_file": [_lexicon_bytes],
    "mask": [lambda: b"..#..\n.....\n#...#\n"],
    "boggle_board": [lambda: b"abcd efgh ijkl mnop", lambda: b"abc/def/ghi"],
}


def seeds_of(fmt: str) -> list[Callable[[], bytes]]:
    return _SEEDS[fmt]
