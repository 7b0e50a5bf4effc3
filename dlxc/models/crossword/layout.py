"""Free-form crossword layouts (Google I/O-style generator): the board model.

``make_layout`` asks the crossword engine (C or the mirror) to place the
words of a pool in a rectangle, then checks the board it got back before
returning it as a ``Crossword``: no cell holds two letters, no word is used
twice, the board is connected, and every across or down run of two or more
letters is a placed word.  A board that fails the check raises
``CrosswordError`` (it would be a bug in the engine: the check is the
promise, not a repair).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

from ...base.errors import CrosswordError
from ...base.letters import upper_letter
from ...crossword import engine
from ...crossword.wordlist import WordPool

DIRECTIONS = ("across", "down")
MAX_DEFAULT_SIDE = 99


@dataclass(frozen=True)
class PlacedWord:
    word: str
    row: int
    col: int
    direction: str  # "across" or "down"

    def cells(self) -> list[tuple[int, int]]:
        dr, dc = (0, 1) if self.direction == "across" else (1, 0)
        return [(self.row + i * dr, self.col + i * dc) for i in range(len(self.word))]

    def to_json(self) -> dict:
        return {"word": self.word, "row": self.row, "col": self.col, "direction": self.direction}


class Crossword:
    """A board: its words with their places, its size, and the words left
    out.  Rows and columns count from 0 at the top left."""

    def __init__(
        self,
        width: int,
        height: int,
        placed: list[PlacedWord],
        not_placed: list[str],
        *,
        symmetric: bool = False,
        seed: int = 0,
    ) -> None:
        self.width, self.height = width, height
        self.placed = placed
        self.not_placed = not_placed
        self.symmetric = symmetric
        self.seed = seed

    def grid(self) -> list[list[Optional[str]]]:
        g: list[list[Optional[str]]] = [[None] * self.width for _ in range(self.height)]
        for p in self.placed:
            for (r, c), ch in zip(p.cells(), p.word):
                g[r][c] = ch
        return g

    def render(self, empty: str = ".") -> str:
        return "\n".join(
            "".join(empty if ch is None else upper_letter(ch) for ch in row) for row in self.grid()
        )

    __str__ = render

    def to_json(self) -> dict:
        return {
            "width": self.width,
            "height": self.height,
            "symmetric": self.symmetric,
            "seed": self.seed,
            "grid": [
                "".join(" " if ch is None else upper_letter(ch) for ch in row)
                for row in self.grid()
            ],
            "placed": [p.to_json() for p in self.placed],
            "not_placed": list(self.not_placed),
        }

    def problems(self) -> list[str]:
        """What is wrong with the board (nothing, for every board dlxc returns)."""
        out: list[str] = []
        h, w = self.height, self.width
        grid: list[list[Optional[str]]] = [[None] * w for _ in range(h)]
        words_seen: set[str] = set()
        starts: dict[tuple[int, int, str], str] = {}
        for p in self.placed:
            if p.word in words_seen:
                out.append(f"{p.word!r} is placed twice")
            words_seen.add(p.word)
            starts[(p.row, p.col, p.direction)] = p.word
            for (r, c), ch in zip(p.cells(), p.word):
                if not (0 <= r < h and 0 <= c < w):
                    out.append(f"{p.word!r} leaves the board at row {r}, column {c}")
                    continue
                old = grid[r][c]
                if old is None:
                    grid[r][c] = ch
                elif old != ch:
                    out.append(f"row {r}, column {c} holds {old!r} and {ch!r}")
        # every run of two or more letters is a placed word, and only those
        runs = 0
        lines = [("across", r, 0, 0, 1, w) for r in range(h)] + [
            ("down", 0, c, 1, 0, h) for c in range(w)
        ]
        for direction, r0, c0, dr, dc, n in lines:
            k = 0
            while k < n:
                if grid[r0 + k * dr][c0 + k * dc] is None:
                    k += 1
                    continue
                first = k
                text = []
                while k < n:
                    cell = grid[r0 + k * dr][c0 + k * dc]
                    if cell is None:
                        break
                    text.append(cell)
                    k += 1
                if len(text) < 2:
                    continue
                runs += 1
                word = "".join(text)
                r, c = r0 + first * dr, c0 + first * dc
                if starts.get((r, c, direction)) != word:
                    out.append(
                        f"the {direction} run {word!r} at row {r}, column {c} is not a placed word"
                    )
        if runs != len(self.placed):
            out.append(f"{len(self.placed)} words placed but {runs} runs on the board")
        # connected
        letters = [(r, c) for r in range(h) for c in range(w) if grid[r][c] is not None]
        if letters:
            seen = {letters[0]}
            stack = [letters[0]]
            while stack:
                r, c = stack.pop()
                for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if (
                        0 <= rr < h
                        and 0 <= cc < w
                        and grid[rr][cc] is not None
                        and (rr, cc) not in seen
                    ):
                        seen.add((rr, cc))
                        stack.append((rr, cc))
            if len(seen) != len(letters):
                out.append(
                    f"the board is not connected ({len(seen)} of {len(letters)} "
                    "letters reachable from the first)"
                )
        if self.symmetric:
            for r, c in letters:
                if grid[h - 1 - r][c] is None:
                    out.append(f"row {r}, column {c} has no mirror image")
                    break
        return out

    def check(self) -> None:
        """Raise CrosswordError when the board breaks a rule."""
        bad = self.problems()
        if bad:
            raise CrosswordError("the layout breaks the rules: " + "; ".join(bad[:5]))

    def cropped(self) -> Crossword:
        """The board cut down to the rows and columns that hold letters."""
        if not self.placed:
            return Crossword(0, 0, [], self.not_placed, symmetric=self.symmetric, seed=self.seed)
        cells = [rc for p in self.placed for rc in p.cells()]
        r0 = min(r for r, _ in cells)
        r1 = max(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        c1 = max(c for _, c in cells)
        placed = [PlacedWord(p.word, p.row - r0, p.col - c0, p.direction) for p in self.placed]
        return Crossword(
            c1 - c0 + 1,
            r1 - r0 + 1,
            placed,
            self.not_placed,
            symmetric=self.symmetric,
            seed=self.seed,
        )


def default_side(pool: WordPool) -> int:
    """The side of the square board used when no size is given: room for
    the words at about a quarter density, at most 99."""
    if not len(pool):
        return 1
    lengths = [pool.starts[i + 1] - pool.starts[i] for i in range(len(pool))]
    return max(2, min(max(max(lengths), math.ceil(math.sqrt(4 * sum(lengths)))), MAX_DEFAULT_SIDE))


def default_tries(pool: WordPool) -> int:
    """Seeds tried when none is given a count: small lists are laid out from
    several seeds (microseconds each) until every word is placed."""
    return 32 if len(pool) <= 1000 else 1


def make_layout(
    pool: WordPool,
    width: Optional[int] = None,
    height: Optional[int] = None,
    *,
    symmetric: bool = False,
    seed: int = 0,
    tries: Optional[int] = None,
    crop: bool = True,
    backend: Optional[str] = None,
) -> Crossword:
    """Lay out the words of ``pool`` on a ``width`` x ``height`` board (by
    default a square of ``default_side``).  With ``tries`` > 1, seeds
    ``seed``, ``seed + 1`` ... are tried in turn, stopping when every word
    is placed, and the board with the most words wins (the first on ties).
    The board is checked, then cropped to its letters unless ``crop`` is
    False."""
    if width is None or height is None:
        side = default_side(pool)
        width = width or side
        height = height or side
    if width < 1 or height < 1:
        raise CrosswordError(f"a board needs at least one row and one column, not {width}x{height}")
    if len(pool.alphabet) > 256:
        raise CrosswordError("the layout handles at most 256 different letters")
    impl = engine(backend)
    tries = default_tries(pool) if tries is None else max(1, tries)
    best: list = []
    best_seed = seed
    for k in range(tries):
        records = impl.layout(
            pool.starts, pool.codes, len(pool.alphabet), width, height, symmetric, seed + k
        )
        if k == 0 or len(records) > len(best):
            best, best_seed = records, seed + k
        if len(best) == len(pool):
            break
    words = pool.words
    placed = [PlacedWord(words[w], r, c, DIRECTIONS[d]) for w, r, c, d in best]
    used = {w for w, _, _, _ in best}
    not_placed = [words[i] for i in range(len(pool)) if i not in used]
    # the engine works in an odd height when symmetric; the board keeps it
    h = height - 1 if symmetric and height % 2 == 0 else height
    board = Crossword(width, h, placed, not_placed, symmetric=symmetric, seed=best_seed)
    board.check()
    return board.cropped() if crop else board
