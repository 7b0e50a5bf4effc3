"""The Boggle scorer (C and mirror) against the independent solver of
tests/oracles/boggle.py, in lockstep with each other, on random boards of
every size."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from oracles.boggle import score as oracle_score
from oracles.boggle import words_on_board

from dlxc.base.errors import BoggleError
from dlxc.boggle import Board, Boggle, encode_boards, make_trie, points, trie_text

ENABLE2K = Path(__file__).resolve().parents[2] / "dlxc" / "models" / "wordlists" / "enable2k.txt"
ALPHABET = "aeqrstu"  # few letters: many words on small boards, and Qu

SIZES = [(r, c) for r in range(1, 7) for c in range(1, 7) if r * c <= 36] + [(7, 9), (8, 8)]


def _words(rng: random.Random, n: int) -> list:
    out = set()
    while len(out) < n:
        k = rng.randint(1, 9)
        out.add("".join(rng.choice(ALPHABET + "qu") for _ in range(k)).replace("qq", "qu"))
    return sorted(out)


def _engine_scores(text, backend, boards, rows, cols, cap):
    trie = make_trie(text, backend)
    data = encode_boards("".join(boards).encode())
    frontier = list(trie.score(data, len(boards), rows, cols, cap))
    fstats = trie.stats
    trie2 = make_trie(text, backend)
    dfs = list(trie2.score_dfs(data, len(boards), rows, cols))
    return frontier, dfs, fstats, trie2.stats


@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.sampled_from(SIZES),
    cap=st.sampled_from([64, 200, 65536]),
)
def test_scores_match_the_oracle(backend, seed, size, cap):
    rng = random.Random(seed)
    rows, cols = size
    words = _words(rng, rng.randint(1, 60))
    text = trie_text(words)
    if not text:
        return
    letters = ALPHABET if rng.random() < 0.8 else "abcdefghijklmnopqrstuvwxyz"
    boards = [
        "".join(rng.choice(letters) for _ in range(rows * cols)) for _ in range(rng.randint(1, 6))
    ]
    frontier, dfs, fstats, dstats = _engine_scores(text, backend, boards, rows, cols, cap)
    expected = [oracle_score(b, rows, cols, words) for b in boards]
    assert frontier == expected
    assert dfs == expected
    # the two walks take the same steps and count the same words
    assert fstats == dstats


@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([(3, 3), (4, 4), (3, 5), (6, 6)]))
def test_c_and_mirror_in_lockstep(c_backend, seed, size):
    rng = random.Random(seed)
    rows, cols = size
    words = _words(rng, 80)
    text = trie_text(words)
    boards = ["".join(rng.choice(ALPHABET) for _ in range(rows * cols)) for _ in range(5)]
    c = _engine_scores(text, "c", boards, rows, cols, 64)
    py = _engine_scores(text, "python", boards, rows, cols, 64)
    assert c == py
    assert make_trie(text, "c").nodes == make_trie(text, "python").nodes


@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from(SIZES))
def test_solve_paths_spell_the_words(backend, seed, size):
    rng = random.Random(seed)
    rows, cols = size
    words = _words(rng, 50)
    bg = Boggle(words, backend=backend)
    board = Board("".join(rng.choice(ALPHABET) for _ in range(rows * cols)), rows, cols)
    sol = bg.solve(board)
    expected = words_on_board(board.letters, rows, cols, words)
    assert sorted(f.word for f in sol.words) == sorted(expected)
    for f in sol.words:
        assert len(set(f.path)) == len(f.path)
        for a, b in zip(f.path, f.path[1:]):
            assert max(abs(a // cols - b // cols), abs(a % cols - b % cols)) == 1
        assert board.word(f.path) == f.word
        assert f.points == points(f.word)
    assert sol.score == bg.score(board)


def test_qu_reads_two_letters(backend):
    # q on the board is the face Qu: "quest" takes 4 cells and scores as 5 letters
    bg = Boggle(["quest", "qat", "suq", "equ"], backend=backend)
    sol = bg.solve(Board.parse("qest", (1, 4)))
    assert sorted((f.word, f.points) for f in sol.words) == [("equ", 1), ("quest", 2)]
    # a word with a q not followed by u is never found
    assert bg.score(Board.parse("qat", (1, 3))) == 0
    assert bg.score(Board.parse("sqa", (1, 3))) == 0


def test_a_word_found_twice_counts_once(backend):
    # "tat" lies along many paths of this board, and counts once
    bg = Boggle(["tat", "tatt"], backend=backend)
    assert bg.score(Board.parse("tatatatat")) == 2
    frontier = bg.score_many(["tatatatat"] * 3, 3, 3)
    assert list(frontier) == [2, 2, 2]


def test_without_the_dedupe_the_count_is_wrong(backend, monkeypatch):
    """The tests see a broken dedupe: the mirror with its per-board mark
    disabled counts a word once per path."""
    from dlxc.boggle import mirror

    bg = Boggle(["tat"], backend="python")
    honest = bg.score(Board.parse("tatatatat"))
    monkeypatch.setattr(mirror, "_stamps", lambda t, n: 1 << 40)  # never equal to a mark
    trie = mirror.MirrorTrie(trie_text(["tat"]))
    trie._trie.last = _NeverEqual()
    broken = trie.score(encode_boards(b"tatatatat"), 1, 3, 3, 64)[0]
    assert honest == oracle_score("tatatatat", 3, 3, ["tat"]) == 1
    assert broken > honest


class _NeverEqual(list):
    def __getitem__(self, i):
        return -1

    def __setitem__(self, i, v):
        pass


def test_64_cell_boards_use_wide_masks(backend):
    # the words lie in the last row (cells 56..63): only 64-bit masks hold
    # them; "abcdcba" would need a cell twice
    words = ["abcdefgh", "hgfedcba", "abcdcba", "xxa", "gha"]
    board = "x" * 56 + "abcdefgh"
    bg = Boggle(words, backend=backend)
    assert bg.score(Board.parse(board, (8, 8))) == oracle_score(board, 8, 8, words) == 23


def test_bad_boards(backend):
    bg = Boggle(["tea"], backend=backend)
    with pytest.raises(BoggleError, match="a 4x4 board has 16"):
        Board.parse("perslatgsinete", (4, 4))
    with pytest.raises(BoggleError, match="no square"):
        Board.parse("abc")
    with pytest.raises(BoggleError, match="not a letter"):
        Board.parse("perslatgsinete5s")
    with pytest.raises(BoggleError, match="1 to 64 cells"):
        Board.parse("a" * 81)
    with pytest.raises(BoggleError):
        bg.score_many(["ABCD"], 2, 2)
    with pytest.raises(BoggleError, match="no usable word"):
        Boggle(["qat", "ab", "x1"], backend=backend)


@pytest.mark.skipif(not ENABLE2K.exists(), reason="dlxc/models/wordlists/enable2k.txt is missing")
def test_published_best_4x4(c_backend):
    """perslatgsineters: 3,625 points, 1,045 words under ENABLE2K, and
    ligdrmanesietildsracsepes 10,406 (danvk/hybrid-boggle's README, the
    proved best 4x4 and the best known 5x5)."""
    bg = Boggle(ENABLE2K, backend="c")
    assert bg.words == 173402  # hybrid-boggle's wordlists/README: "Boggle OK"
    sol = bg.solve("perslatgsineters")
    assert (sol.score, len(sol.words)) == (3625, 1045)
    assert bg.score("ligdrmanesietildsracsepes") == 10406


@pytest.mark.slow
@pytest.mark.skipif(not ENABLE2K.exists(), reason="dlxc/models/wordlists/enable2k.txt is missing")
def test_enable2k_random_boards_match_the_oracle(c_backend):
    from dlxc.boggle import read_words

    words = set(read_words(ENABLE2K))
    rng = random.Random(2024)
    bg = Boggle(ENABLE2K, backend="c")
    for rows, cols in [(3, 3), (4, 4), (3, 4), (5, 5), (6, 6)]:
        boards = [
            "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rows * cols))
            for _ in range(3)
        ]
        expected = [oracle_score(b, rows, cols, words) for b in boards]
        assert list(bg.score_many(boards, rows, cols)) == expected


def test_symmetric_boards_share_a_name_and_a_score(c_backend):
    """The search keeps one board per symmetry class: the images of a board
    under rotations and reflections score the same, and share one name
    (the four 3,625 boards hybrid-boggle's README lists are one)."""
    from dlxc.boggle import canonical, symmetries

    perms = symmetries(4, 4)
    same = [b"tslpeiaerntrsegs", b"terssinelatgpers", b"sgesrtnreaieplst", b"sretenisgtalsrep"]
    assert {canonical(b, perms) for b in same} == {b"perslatgsineters"}
    rng = random.Random(7)
    words = _words(rng, 60)
    bg = Boggle(words, backend=c_backend)
    for rows, cols in [(4, 4), (3, 5)]:
        board = bytes(rng.choice(ALPHABET.encode()) for _ in range(rows * cols))
        images = [bytes(board[i] for i in p) for p in symmetries(rows, cols)]
        assert len(set(bg.score_many(b"".join(images), rows, cols))) == 1
