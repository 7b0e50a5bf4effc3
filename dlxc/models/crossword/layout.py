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
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Optional

from ...base.errors import CrosswordError
from ...base.letters import upper_letter
from ...crossword import engine
from ...crossword.wordlist import WordPool
from ...render import Page
from ...render.kinds import crossword_page

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

    def page(self, title: str = "Crossword", clues: Optional[Mapping[str, str]] = None) -> Page:
        """The board as a printable page (``dlxc.render``): the free-form
        look, numbered open squares and nothing around the words (no
        blocks: the squares no word crosses are not part of the puzzle,
        ``null`` in ipuz), one clue an entry (``clues`` maps a word to its
        clue; an entry without one shows its length), the letters on the
        answer page only."""
        return crossword_page(self.render(empty=" ").splitlines(), clues or {}, title=title)

    def to_json(self, clues: Optional[Mapping[str, str]] = None) -> dict:
        """The board as JSON; each placed word with its clue when ``clues``
        (word -> clue) gives one."""
        placed = []
        for p in self.placed:
            entry = p.to_json()
            if clues and clues.get(p.word):
                entry["clue"] = clues[p.word]
            placed.append(entry)
        return {
            "width": self.width,
            "height": self.height,
            "symmetric": self.symmetric,
            "seed": self.seed,
            "grid": [
                "".join(" " if ch is None else upper_letter(ch) for ch in row)
                for row in self.grid()
            ],
            "placed": placed,
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
    centre: Optional[bool] = None,
    backend: Optional[str] = None,
) -> Crossword:
    """Lay out the words of ``pool`` on a ``width`` x ``height`` board (by
    default a square of ``default_side``).  The first word goes in the
    middle of the board when ``centre`` is true (the default when dlxc
    chooses the size), else in its top left corner, as in the Google I/O
    generator, where words cross it only from below and from the right.
    With ``tries`` > 1, seeds
    ``seed``, ``seed + 1`` ... are tried in turn, stopping when every word
    is placed, and the board with the most words wins (the first on ties).
    The board is checked, then cropped to its letters unless ``crop`` is
    False."""
    if centre is None:
        centre = width is None or height is None
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
            pool.starts, pool.codes, len(pool.alphabet), width, height, symmetric, seed + k, centre
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


# ------------------------------------------------------------------ compact


def default_compact_tries(n: int) -> int:
    """Passes of the compact layout when none is given: many for a few
    words, fewer for many (a pass costs about n^2 candidate checks)."""
    return max(8, min(400, 4000 // max(n, 1)))


#: Words weighed at each step of a compact pass (measured on the sample
#: lists: 1 gives density 0.40, 8 about 0.43, more costs time for little).
LOOKAHEAD = 4

#: The widest board shape a pass aims for (long side over short side): a
#: placement that would make the board longer than this is weighed as if the
#: board were that much wider, so boards stay page-shaped (without it, half
#: the boards of 20 words came out two or three times as long as wide, for
#: 0.02 more density).
ASPECT = 1.5


def _compact_once(words: Sequence[str], rng: random.Random) -> Optional[list[PlacedWord]]:
    """One greedy pass: the words longest first (ties shuffled); at each
    step, of the next ``LOOKAHEAD`` words, the one whose best legal crossing
    grows the board's bounding box least, then crosses most letters (ties at
    random), is placed there; when none of them can cross, any word that
    can.  None when no word left can cross the board."""
    order = sorted(words, key=lambda w: (-len(w), rng.random()))
    letters: dict[tuple[int, int], str] = {}
    dirs: dict[tuple[int, int], int] = {}  # bit 1 across, bit 2 down
    where: dict[str, list[tuple[int, int]]] = {}
    placed: list[PlacedWord] = []
    box = [0, 0, 0, 0]  # top, left, bottom, right (inclusive)

    def put(word: str, r: int, c: int, d: int) -> None:
        dr, dc = (0, 1) if d == 0 else (1, 0)
        for i, ch in enumerate(word):
            rc = (r + i * dr, c + i * dc)
            if rc not in letters:
                letters[rc] = ch
                where.setdefault(ch, []).append(rc)
            dirs[rc] = dirs.get(rc, 0) | (1 << d)
        end = (r + (len(word) - 1) * dr, c + (len(word) - 1) * dc)
        if not placed:
            box[:] = [r, c, end[0], end[1]]
        else:
            box[:] = [min(box[0], r), min(box[1], c), max(box[2], end[0]), max(box[3], end[1])]
        placed.append(PlacedWord(word, r, c, DIRECTIONS[d]))

    def fits(word: str, r: int, c: int, d: int) -> int:
        """The crossings of ``word`` at (r, c) in direction d, or -1 when it
        may not go there (a clash, a new run beside it, a word run on)."""
        dr, dc = (0, 1) if d == 0 else (1, 0)
        pr, pc = dc, dr  # the perpendicular step
        n = len(word)
        if (r - dr, c - dc) in letters or (r + n * dr, c + n * dc) in letters:
            return -1
        crossings = 0
        for i, ch in enumerate(word):
            rc = (r + i * dr, c + i * dc)
            old = letters.get(rc)
            if old is not None:
                if old != ch or dirs[rc] & (1 << d):
                    return -1
                crossings += 1
            elif (rc[0] + pr, rc[1] + pc) in letters or (rc[0] - pr, rc[1] - pc) in letters:
                return -1
        return crossings

    def best_spot(word: str) -> Optional[tuple]:
        """(its key, (row, col, direction)) of the word's best crossing."""
        best: Optional[tuple] = None
        seen: set[tuple[int, int, int]] = set()
        for i, ch in enumerate(word):
            for r0, c0 in where.get(ch, ()):
                for d in (0, 1):
                    spot = (r0, c0 - i, d) if d == 0 else (r0 - i, c0, d)
                    if spot in seen:
                        continue
                    seen.add(spot)
                    k = fits(word, *spot)
                    if k <= 0:
                        continue
                    r, c, _ = spot
                    er, ec = (r, c + len(word) - 1) if d == 0 else (r + len(word) - 1, c)
                    hh = max(box[2], er) - min(box[0], r) + 1
                    ww = max(box[3], ec) - min(box[1], c) + 1
                    area: float = hh * ww
                    if max(hh, ww) > ASPECT * min(hh, ww):
                        area = max(hh, ww) ** 2 / ASPECT
                    key = (area, -k, rng.random())
                    if best is None or key < best[0]:
                        best = (key, spot)
        return best

    put(order[0], 0, 0, rng.randrange(2))
    rest = order[1:]
    while rest:
        # the best placement of the next LOOKAHEAD words (then of any word)
        choice: Optional[tuple] = None
        for k, word in enumerate(rest):
            if k >= LOOKAHEAD and choice is not None:
                break
            found = best_spot(word)
            if found is not None and (choice is None or found[0] < choice[0]):
                choice = (found[0], k, found[1])
        if choice is None:
            return None
        _, k, spot = choice
        put(rest.pop(k), *spot)
    return placed


def density(board: Crossword) -> float:
    """Letter cells over the board's area."""
    cells = {rc for p in board.placed for rc in p.cells()}
    return len(cells) / max(1, board.width * board.height)


def compact_layout(
    pool: WordPool,
    *,
    seed: int = 0,
    tries: Optional[int] = None,
    progress: Optional[Callable[[float], None]] = None,
) -> Crossword:
    """A dense free-form layout with every word placed: ``tries`` greedy
    passes (seeds ``seed``, ``seed + 1`` ...; by default
    ``default_compact_tries``), each placing the words longest first where
    they grow the bounding box least; of the boards that place every word,
    the densest whose long side is at most 1.6 times its short side wins
    (the densest of all when none is that shape; the first on ties).  When
    no pass places every word, the words that cross are placed and the rest
    are listed as not placed.  The board is checked and cropped like
    ``make_layout``'s.  ``progress(fraction)`` is called after each pass."""
    words = pool.words
    if not words:
        return Crossword(0, 0, [], [])
    tries = default_compact_tries(len(words)) if tries is None else max(1, tries)
    best: Optional[tuple[tuple[bool, float], Crossword]] = None
    partial: Optional[Crossword] = None
    for k in range(tries):
        if progress is not None:
            progress(k / tries)
        rng = random.Random(seed + k)
        placed = _compact_once(words, rng)
        if placed is None:
            if partial is None:
                partial = _greedy_partial(words, seed + k)
            continue
        board = _normalized(Crossword(1, 1, placed, [], seed=seed + k))
        # page-shaped boards first, then the densest
        shaped = max(board.width, board.height) <= 1.6 * min(board.width, board.height)
        key = (shaped, density(board))
        if best is None or key > best[0]:
            best = (key, board)
    if best is not None:
        board = best[1]
    elif partial is not None:
        board = partial
    else:  # tries >= 1, so one of the two is set
        raise CrosswordError("the compact layout made no board")
    board.check()
    return board


def _normalized(board: Crossword) -> Crossword:
    """The board shifted to start at (0, 0) and sized to its letters."""
    cells = [rc for p in board.placed for rc in p.cells()]
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    placed = [PlacedWord(p.word, p.row - r0, p.col - c0, p.direction) for p in board.placed]
    h = max(r for r, _ in cells) - r0 + 1
    w = max(c for _, c in cells) - c0 + 1
    return Crossword(w, h, placed, list(board.not_placed), seed=board.seed)


def _greedy_partial(words: Sequence[str], seed: int) -> Crossword:
    """The best a pass can do when some word never crosses: every word that
    can be placed, the others listed as not placed."""
    placed: Optional[list[PlacedWord]] = None
    left = list(words)
    dropped: list[str] = []
    while left:
        placed = _compact_once(left, random.Random(seed))
        if placed is not None:
            break
        # drop the word that crosses least well: the one sharing fewest letters
        counts = {w: sum(1 for v in left if v != w and set(v) & set(w)) for w in left}
        worst = min(left, key=lambda w: (counts[w], len(w), w))
        left.remove(worst)
        dropped.append(worst)
    if not placed:
        return Crossword(0, 0, [], list(words), seed=seed)
    return _normalized(Crossword(1, 1, placed, dropped, seed=seed))


#: Lists of at most this many words that the default layout cannot finish
#: are laid out again by the compact layout (about 0.1 s a pass at 100
#: words), in this many passes, and the board with more words is kept.
RESCUE_WORDS, RESCUE_TRIES = 100, 16


def free_layout(
    pool: WordPool,
    width: Optional[int] = None,
    height: Optional[int] = None,
    *,
    symmetric: bool = False,
    seed: int = 0,
    tries: Optional[int] = None,
    backend: Optional[str] = None,
) -> tuple[Crossword, bool]:
    """``make_layout``'s board, or, for a short list (``RESCUE_WORDS`` words
    at most) that it could not finish on a board of its own choosing, the
    compact layout's when that places more words: (the board, whether the
    compact layout's was taken)."""
    board = make_layout(
        pool, width, height, symmetric=symmetric, seed=seed, tries=tries, backend=backend
    )
    if board.not_placed and width is None and not symmetric and len(pool) <= RESCUE_WORDS:
        # a short list the breadth-first layout could not finish: the
        # compact layout places every word that can cross another
        dense = compact_layout(pool, seed=seed, tries=RESCUE_TRIES)
        if len(dense.placed) > len(board.placed):
            return dense, True
    return board, False
