"""Independent oracles for the lexicon engine: plain sets and sorted lists,
a node count of the minimal graph by a different method, and a brute-force
Scrabble move generator.  Nothing here uses the DAWG, the GADDAG or the
engine's code."""

from __future__ import annotations

import itertools
import re
from collections import Counter

# ==== queries ================================================================


def match(words, pattern: str) -> list[str]:
    """Words matching a dlxc pattern, through Python's re."""
    rx = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "*":
            rx.append(r"\w*")
        elif ch == ".":
            rx.append(r"\w")
        elif ch == "[":
            end = pattern.index("]", i)
            inner = pattern[i + 1 : end]
            rx.append(
                "[^" + re.escape(inner[1:]) + "]"
                if inner.startswith("^")
                else "[" + re.escape(inner) + "]"
            )
            i = end
        else:
            rx.append(re.escape(ch))
        i += 1
    compiled = re.compile("".join(rx) + r"\Z")
    return sorted(w for w in words if compiled.match(w))


def anagrams(words, rack: str, sub: bool) -> list[str]:
    tiles = Counter(ch for ch in rack if ch != "?")
    blanks = rack.count("?")
    out = []
    for w in words:
        need = Counter(w)
        short = sum(max(0, n - tiles[ch]) for ch, n in need.items())
        if short > blanks:
            continue
        if not sub and len(w) != len(rack):
            continue
        out.append(w)
    return sorted(out)


def containing(words, fragment: str, at=None) -> list[str]:
    def fits(w, q):
        return q + len(fragment) <= len(w) and all(
            f == "." or f == w[q + j] for j, f in enumerate(fragment)
        )

    if at is not None:
        return sorted(w for w in words if fits(w, at))
    return sorted(w for w in words if any(fits(w, q) for q in range(len(w))))


# ==== the minimal graph's size ===============================================


def _trie(strings):
    root: dict = {}
    for s in strings:
        node = root
        for ch in s:
            node = node.setdefault(ch, [False, {}])[1]
    # mark terminals: walk again
    for s in strings:
        node = root
        for k, ch in enumerate(s):
            entry = node[ch]
            if k == len(s) - 1:
                entry[0] = True
            node = entry[1]
    return root


def minimal_nodes(strings) -> int:
    """Nodes of the minimal packed graph of ``strings`` (sequences of
    comparable symbols): one header node, plus the arcs of every distinct
    sibling list that is not a proper tail of another distinct list.  A
    list's identity is its canonical signature, computed bottom-up over a
    plain trie (nested dicts), so it depends on the right languages only."""
    root = _trie(strings)
    lists: set = set()

    def sig(children: dict):
        out = tuple((ch, term, sig(sub)) for ch, (term, sub) in sorted(children.items()))
        if out:
            lists.add(out)
        return out

    import sys

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 10000))
    try:
        sig(root)
    finally:
        sys.setrecursionlimit(old)
    tails = {lst[k:] for lst in lists for k in range(1, len(lst))}
    return 1 + sum(len(lst) for lst in lists if lst not in tails)


SEPARATOR = "\U0010ffff"  # sorts after every letter, as code N+1 does


def gaddag_strings(words):
    """Gordon's paths: rev(w[:i]) + separator + w[i:] for 0 < i < n, and rev(w)."""
    out = []
    for w in words:
        for i in range(1, len(w) + 1):
            out.append(tuple(w[:i][::-1]) + ((SEPARATOR,) + tuple(w[i:]) if i < len(w) else ()))
    return out


# ==== brute-force Scrabble ===================================================


def brute_moves(words, board, rack: str, lm, wm, values, start, rack_size, bingo, alphabet):
    """Every legal move by trying every span of every line with every
    arrangement of rack tiles.  ``board`` is a list of rows of None or
    (letter, blank); lm/wm are lists of rows; values maps letters (and "?")
    to points.  Returns the sorted list of (-score, row, col, down, word),
    the word in lower case with a blank's letter in upper case, so that
    where the blanks went is part of the move."""
    rows, cols = len(board), len(board[0])
    empty_board = all(sq is None for row in board for sq in row)
    found = set()

    def at(r, c):
        return board[r][c] if 0 <= r < rows and 0 <= c < cols else None

    def tile_value(letter, blank):
        return values["?"] if blank else values[letter]

    for down in (0, 1):
        n_lines, length = (cols, rows) if down else (rows, cols)
        for line in range(n_lines):

            def sq(k, line=line):
                return (k, line) if down else (line, k)

            for s in range(length):
                for e in range(s + 1, length):
                    if s > 0 and at(*sq(s - 1)) is not None:
                        continue
                    if e + 1 < length and at(*sq(e + 1)) is not None:
                        continue
                    holes = [k for k in range(s, e + 1) if at(*sq(k)) is None]
                    if not holes or len(holes) > len(rack):
                        continue
                    if empty_board:
                        if start not in [sq(k) for k in range(s, e + 1)]:
                            continue
                    else:
                        touching = any(at(*sq(k)) is not None for k in range(s, e + 1))
                        for k in holes:
                            r, c = sq(k)
                            if any(
                                at(r + dr, c + dc) is not None
                                for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
                            ):
                                touching = True
                        if not touching:
                            continue
                    for tiles in set(itertools.permutations(rack, len(holes))):
                        choices = [
                            [(t, False)] if t != "?" else [(a, True) for a in alphabet]
                            for t in tiles
                        ]
                        for placed in itertools.product(*choices):
                            fill = dict(zip(holes, placed))
                            letters = [
                                fill[k] if k in fill else at(*sq(k)) for k in range(s, e + 1)
                            ]
                            word = "".join(ch for ch, _ in letters)
                            if word not in words:
                                continue
                            ok = True
                            cross_total = 0
                            for k, (ch, blank) in fill.items():
                                r, c = sq(k)
                                dr, dc = (0, 1) if down else (1, 0)
                                before, after = [], []
                                rr, cc = r - dr, c - dc
                                while at(rr, cc) is not None:
                                    before.append(at(rr, cc))
                                    rr, cc = rr - dr, cc - dc
                                rr, cc = r + dr, c + dc
                                while at(rr, cc) is not None:
                                    after.append(at(rr, cc))
                                    rr, cc = rr + dr, cc + dc
                                if not before and not after:
                                    continue
                                cross = before[::-1] + [(ch, blank)] + after
                                if "".join(x for x, _ in cross) not in words:
                                    ok = False
                                    break
                                pts = sum(tile_value(x, b) for x, b in before + after)
                                pts += tile_value(ch, blank) * lm[r][c]
                                cross_total += pts * wm[r][c]
                            if not ok:
                                continue
                            if down and len(fill) == 1:
                                (k,) = fill
                                r, c = sq(k)
                                if at(r, c - 1) is not None or at(r, c + 1) is not None:
                                    continue  # listed once, as an across move
                            main = 0
                            mult = 1
                            for k in range(s, e + 1):
                                r, c = sq(k)
                                ch, blank = fill[k] if k in fill else at(r, c)
                                if k in fill:
                                    main += tile_value(ch, blank) * lm[r][c]
                                    mult *= wm[r][c]
                                else:
                                    main += tile_value(ch, blank)
                            score = main * mult + cross_total
                            if len(fill) == rack_size:
                                score += bingo
                            shown = "".join(ch.upper() if blank else ch for ch, blank in letters)
                            r0, c0 = sq(s)
                            found.add((-score, r0, c0, down, shown))
    return sorted(found)


# ==== shared test data =======================================================

import functools  # noqa: E402
from pathlib import Path  # noqa: E402

ENABLE = Path(__file__).resolve().parents[2] / "dlxc" / "puzzles" / "words" / "enable.txt"


@functools.cache
def enable_words() -> tuple:
    return tuple(ENABLE.read_text(encoding="ascii").split())


@functools.cache
def small_pool(letters: str = "aeilnorst", max_len: int = 5) -> tuple:
    """ENABLE's words of at most max_len letters, all from ``letters``."""
    keep = set(letters)
    return tuple(w for w in enable_words() if len(w) <= max_len and set(w) <= keep)
