"""Filling American-style crossword grids (with blocks) from a word list.

A grid is text, one row a line: ``#`` a block, ``.`` an empty cell, a
letter a letter fixed in the grid (a theme entry: an answer like the others,
not shown to the solver).  Two marks wrap one cell: ``{a}`` a letter shown
to the solver on the printed puzzle (a given), ``(a)`` or ``(.)`` a circled
square.  ``[heart]`` is a rebus square: one cell holding several letters,
which every slot through it spells at that place (it may be given,
``{[heart]}``, or circled, ``([heart])``).  A slot is an across or down run of two or more
open cells; a fill puts a word of the list into every slot, no word twice,
crossing slots agreeing on their shared letter.  Slots are numbered as
crosswords number them (row by row, a number for each cell that starts a
slot): ``1-Across``, ``5-Down``.

Two ways to search:

- ``Filler`` runs the crossword engine's search (csrc/crossword/fill.c or
  its mirror): arc consistency over slots, most constrained slot first,
  resumable in node budgets so limits and Ctrl-C act between calls.
- ``fill_problem`` writes the same question as an XCC problem, as word
  rectangles are (dlxc/models/wordrect.py): slots primary, cells secondary
  colored by their letter, and one uncolored secondary item per word that
  two slots could share, so no word is used twice.  Counting its solutions
  counts the fills: ``--count`` on small grids, and a cross-check of the
  engine.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Optional, Union

from ...base.errors import CrosswordError
from ...base.files import read_bytes, utf8_text
from ...base.letters import fold, upper, upper_letter
from ...base.runner import Limits, Runner
from ...crossword import engine, mirror
from ...crossword.wordlist import WordPool
from ...render import Page
from ...render.ipuz import page_ipuz
from ...render.kinds import crossword_page

BLOCK, EMPTY = "#", "."
#: a rebus square is one cell of the grid's rows holding a stand-in
#: character (Unicode's private use area, never a letter of a list): the
#: first rebus text of a grid gets this one, the next text the next one
REBUS_BASE = 0xE000


@dataclass(frozen=True)
class Slot:
    index: int  # the engine's slot number (across row by row, then down)
    number: int  # the crossword's clue number
    row: int
    col: int
    direction: str  # "across" or "down"
    length: int

    @property
    def name(self) -> str:
        return f"{self.number}-{self.direction.capitalize()}"

    def cells(self) -> list[tuple[int, int]]:
        dr, dc = (0, 1) if self.direction == "across" else (1, 0)
        return [(self.row + i * dr, self.col + i * dc) for i in range(self.length)]


class Grid:
    """A crossword grid: ``rows[r][c]`` is ``#``, ``.`` or a lower-case letter."""

    def __init__(
        self,
        rows: list[str],
        source: str = "<grid>",
        *,
        givens: frozenset[tuple[int, int]] = frozenset(),
        circles: frozenset[tuple[int, int]] = frozenset(),
        rebus: Optional[Mapping[str, str]] = None,
    ) -> None:
        self.rows = rows
        self.source = source
        self.givens = givens  # (row, col) of the letters shown to the solver
        self.circles = circles  # (row, col) of the circled squares
        # a rebus square's stand-in character -> its letters (lower case)
        self.rebus: dict[str, str] = dict(rebus or {})
        self.height = len(rows)
        self.width = len(rows[0]) if rows else 0
        self.slots = self._slots()

    def _slots(self) -> list[Slot]:
        h, w, g = self.height, self.width, self.rows
        open_ = [[g[r][c] != BLOCK for c in range(w)] for r in range(h)]
        starts: dict[tuple[int, int, int], int] = {}
        for d, (dr, dc) in enumerate(((0, 1), (1, 0))):
            for r in range(h):
                for c in range(w):
                    if not open_[r][c]:
                        continue
                    if r - dr >= 0 and c - dc >= 0 and open_[r - dr][c - dc]:
                        continue
                    n = 0
                    while r + n * dr < h and c + n * dc < w and open_[r + n * dr][c + n * dc]:
                        n += 1
                    if n >= 2:
                        starts[(d, r, c)] = n
        numbers: dict[tuple[int, int], int] = {}
        for r in range(h):
            for c in range(w):
                if (0, r, c) in starts or (1, r, c) in starts:
                    numbers[(r, c)] = len(numbers) + 1
        out: list[Slot] = []
        for (d, r, c), n in starts.items():  # insertion order: across, then down, row by row
            out.append(Slot(len(out), numbers[(r, c)], r, c, ("across", "down")[d], n))
        return out

    def numbers(self) -> dict[tuple[int, int], int]:
        return {(s.row, s.col): s.number for s in self.slots}

    def __str__(self) -> str:
        return "\n".join("".join(self.show(ch) for ch in row) for row in self.rows)

    def spell(self, word: str) -> str:
        """``word`` (a slot's letters, a rebus square's stand-in among them)
        with each rebus square's letters written out."""
        if not self.rebus:
            return word
        return "".join(self.rebus.get(ch, ch) for ch in word)

    def show(self, ch: str) -> str:
        """A cell as the grid file writes it, in upper case (``[HEART]``
        for a rebus square)."""
        text = self.rebus.get(ch)
        return upper_letter(ch) if text is None else f"[{upper(text)}]"


def parse_grid(text: str, source: str = "<grid>") -> Grid:
    """A grid from its text; ``CrosswordError`` with file and line for a bad
    one (a character that is neither ``#``, ``.`` nor a letter; rows of
    different lengths; no row at all)."""
    rows: list[str] = []
    givens: set[tuple[int, int]] = set()
    circles: set[tuple[int, int]] = set()
    rebus: dict[str, str] = {}  # a rebus square's letters -> its stand-in
    first_line = 0
    lines = text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    for number, raw in enumerate(lines, 1):
        line = fold(raw.strip().lstrip("\ufeff"))  # one letter a cell, also in case
        if not line:
            if rows:
                raise CrosswordError(f"{source}:{number}: a blank line inside the grid")
            continue
        lead = len(raw) - len(raw.lstrip())
        odd = next((k for k, ch in enumerate(line) if _is_rebus(ch)), None)
        if odd is not None:  # the stand-ins of rebus squares are dlxc's own
            raise CrosswordError(
                f"{source}:{number}:{lead + odd + 1}: {line[odd]!r} is not '#' (a block), "
                f"'.' (an empty cell) or a letter: {raw.rstrip()!r}"
            )
        line = _unmark(line, len(rows), givens, circles, rebus, f"{source}:{number}", raw, lead)
        for ch in line:
            if ch not in (BLOCK, EMPTY) and not ch.isalpha() and not _is_rebus(ch):
                raise CrosswordError(
                    f"{source}:{number}: {ch!r} is not '#' (a block), '.' "
                    f"(an empty cell) or a letter: {raw.rstrip()!r}"
                )
        if rows and len(line) != len(rows[0]):
            raise CrosswordError(
                f"{source}:{number}: this row has {len(line)} cells, row 1 "
                f"(line {first_line}) has {len(rows[0])}: {raw.rstrip()!r}"
            )
        if not rows:
            first_line = number
        rows.append(line)
    if not rows:
        raise CrosswordError(f"{source}: the grid has no rows")
    stand_in = {ch: text for text, ch in rebus.items()}
    return Grid(rows, source, givens=frozenset(givens), circles=frozenset(circles), rebus=stand_in)


_MARKS = {"{": "}", "(": ")"}
#: the most rebus squares' different texts in one grid
MAX_REBUS = 64


def _is_rebus(ch: str) -> bool:
    return REBUS_BASE <= ord(ch) < REBUS_BASE + MAX_REBUS


def _unmark(
    line: str,
    r: int,
    givens: set,
    circles: set,
    rebus: dict[str, str],
    where: str,
    raw: str,
    lead: int = 0,
) -> str:
    """The row's cells with the marks taken off, noting the given and the
    circled squares of row ``r`` and giving each new rebus text (``[heart]``)
    its stand-in character in ``rebus``.  ``lead``: the blanks before the
    row's first cell on its line (for the column of an error)."""
    if not any(m in line for m in "{([])}"):
        return line
    shown = raw.rstrip()

    def at(k: int) -> str:
        return f"{where}:{lead + k + 1}"

    def cell_at(k: int) -> tuple[str, int]:
        """The cell starting at ``line[k]`` and the index after it."""
        if k >= len(line):
            return "", k
        if line[k] == "]":
            raise CrosswordError(f"{at(k)}: ']' closes no rebus square: {shown!r}")
        if line[k] != "[":
            return line[k], k + 1
        end = line.find("]", k + 1)
        if end < 0:
            raise CrosswordError(
                f"{at(k)}: '[' opens a rebus square and needs ']' to close it: {shown!r}"
            )
        text = line[k + 1 : end]
        if len(text) < 2 or not text.isalpha():
            raise CrosswordError(
                f"{at(k)}: a rebus square ([heart]) holds two or more letters, "
                f"not {text!r}: {shown!r}"
            )
        if text not in rebus:
            if len(rebus) >= MAX_REBUS:
                raise CrosswordError(
                    f"{at(k)}: more than {MAX_REBUS} different rebus squares: {shown!r}"
                )
            rebus[text] = chr(REBUS_BASE + len(rebus))
        return rebus[text], end + 1

    out: list[str] = []
    k = 0
    while k < len(line):
        ch = line[k]
        if ch in _MARKS:
            close = _MARKS[ch]
            cell, after = cell_at(k + 1)
            if not cell or after >= len(line) or line[after] != close:
                raise CrosswordError(
                    f"{at(k)}: {ch!r} opens a mark of one cell and needs {close!r} "
                    f"right after it: {shown!r}"
                )
            if ch == "{":
                if not (cell.isalpha() or _is_rebus(cell)):
                    raise CrosswordError(
                        f"{at(k)}: a given ({{a}}) holds a letter, not {cell!r}: {shown!r}"
                    )
                givens.add((r, len(out)))
            else:
                if cell == BLOCK:
                    raise CrosswordError(f"{at(k)}: a block cannot be circled: {shown!r}")
                circles.add((r, len(out)))
            out.append(cell)
            k = after + 1
        elif ch in "})":
            raise CrosswordError(f"{at(k)}: {ch!r} closes no mark: {shown!r}")
        else:
            cell, k = cell_at(k)
            out.append(cell)
    return "".join(out)


def read_grid(path: Union[str, os.PathLike[str]]) -> Grid:
    name, blob = read_bytes(path, "grid", CrosswordError)
    return parse_grid(utf8_text(blob, name, CrosswordError), name)


class Filled:
    """A filled grid: the word of each slot.  ``words`` are the slots'
    letters as the search sees them (a rebus square's stand-in in the words
    through it); ``answers`` spells them out."""

    def __init__(self, grid: Grid, words: list[str]) -> None:
        self.grid = grid
        self.words = words  # by slot index
        cells = [list(row) for row in grid.rows]
        for slot, word in zip(grid.slots, words):
            for (r, c), ch in zip(slot.cells(), word):
                cells[r][c] = ch
        self.cells = cells

    @property
    def answers(self) -> list[str]:
        """The entries by slot index, rebus squares written out."""
        return [self.grid.spell(w) for w in self.words]

    def repeats(self) -> bool:
        """Whether an answer comes twice (only a rebus can make the search
        place one word twice: once through a rebus square, once spelled out)."""
        answers = self.answers
        return len(set(answers)) < len(answers)

    def render(self) -> str:
        show = self.grid.show
        return "\n".join("".join(show(ch) for ch in row) for row in self.cells)

    __str__ = render

    def rebus_squares(self) -> list[tuple[int, int, str]]:
        """(row, col, letters) of each rebus square, in reading order."""
        rebus = self.grid.rebus
        return [
            (r, c, rebus[ch])
            for r, row in enumerate(self.cells)
            for c, ch in enumerate(row)
            if ch in rebus
        ]

    def entries(self) -> list[tuple[Slot, str]]:
        order = sorted(
            range(len(self.words)),
            key=lambda i: (self.grid.slots[i].direction, self.grid.slots[i].number),
        )
        return [(self.grid.slots[i], self.grid.spell(self.words[i])) for i in order]

    def to_json(self, clues: Optional[Mapping[str, str]] = None) -> dict:
        """The grid and its entries (with the clue of each entry that
        ``clues`` gives one); a rebus square shows as ``[HEART]`` in the
        grid's rows and is listed under ``rebus``."""
        entries = []
        for s, w in self.entries():
            entry: dict = {
                "number": s.number,
                "direction": s.direction,
                "row": s.row,
                "col": s.col,
                "word": w,
            }
            if clues and clues.get(w):
                entry["clue"] = clues[w]
            entries.append(entry)
        show = self.grid.show
        doc = {
            "width": self.grid.width,
            "height": self.grid.height,
            "grid": ["".join(show(ch) for ch in row) for row in self.cells],
            "entries": entries,
        }
        squares = self.rebus_squares()
        if squares:
            doc["rebus"] = [{"row": r, "col": c, "letters": upper(t)} for r, c, t in squares]
        return doc

    def page(self, title: str = "Crossword", clues: Optional[Mapping[str, str]] = None) -> Page:
        """The fill as a printable page (``dlxc.render``): the numbered grid
        with its givens (``{a}`` in the grid; the other letters fixed in the
        grid are answers), circles and rebus squares (a square of several
        letters), and one clue an entry (``clues`` maps a word
        to its clue; otherwise the clue names the answer's length)."""
        # a cell no slot crosses has no letter: an open square without answer
        spell = self.grid.spell
        rows = [["" if ch == EMPTY else upper(spell(ch)) for ch in row] for row in self.cells]
        return crossword_page(
            rows,
            clues,
            title=title,
            given=sorted(self.grid.givens),
            circled=sorted(self.grid.circles),
        )

    def to_ipuz(self, clues: Optional[Mapping[str, str]] = None) -> dict:
        """The ipuz document (http://ipuz.org, crossword kind) of ``page()``."""
        return page_ipuz(self.page(clues=clues))


def rebus_pool(grid: Grid, pool: WordPool) -> WordPool:
    """``pool`` with the words that spell through the grid's rebus squares:
    for each slot through one, every word of the list whose letters at the
    square's place are the square's letters, written as the slot's cells
    hold it (the square's stand-in character for its letters, so the word
    has one letter a cell) and scored as the word.  The search needs
    nothing else: a rebus square is a fixed letter of its own.  A grid
    without rebus squares, or a pool that has them already, comes back as
    it is."""
    rebus = grid.rebus
    if not rebus or all(ch in pool.alphabet for ch in rebus):
        return pool
    alphabet = pool.alphabet + "".join(sorted(set(rebus) - set(pool.alphabet)))
    if len(alphabet) > 256:
        raise CrosswordError(f"{grid.source}: more than 256 different letters with the rebus")
    words, scores = pool.words, pool.scores
    # each slot through a rebus square: its cells, each cell's place in the
    # spelled-out word, and the squares (cell, place, letters)
    wanted: dict[int, list[tuple[list[str], list[int], list]]] = {}
    for s in grid.slots:
        pattern = [grid.rows[r][c] for r, c in s.cells()]
        if not any(ch in rebus for ch in pattern):
            continue
        places, at = [], 0
        for ch in pattern:
            places.append(at)
            at += len(rebus.get(ch, "x"))
        squares = [(k, places[k], rebus[ch]) for k, ch in enumerate(pattern) if ch in rebus]
        wanted.setdefault(at, []).append((pattern, places, squares))
    added: dict[str, int] = {}
    for i, w in enumerate(words):
        for pattern, places, squares in wanted.get(len(w), ()):
            if all(w.startswith(text, p) for _, p, text in squares):
                cells = [w[p] for p in places]
                for k, _, _ in squares:
                    cells[k] = pattern[k]
                added.setdefault("".join(cells), scores[i])
    index = {ch: i for i, ch in enumerate(alphabet)}
    extra = [bytes(index[ch] for ch in w) for w in added]
    starts = array("i", pool.starts)
    at = len(pool.codes)
    for codes in extra:
        at += len(codes)
        starts.append(at)
    return WordPool(
        alphabet,
        pool.codes + b"".join(extra),
        starts,
        array("i", list(pool.scores) + list(added.values())),
        source=pool.source,
    )


class FillStopped(CrosswordError):
    """A fill search stopped at its node limit or timeout before deciding."""

    def __init__(self, message: str, stats: dict) -> None:
        super().__init__(message)
        self.stats = stats


RESTART_NODES = 2000  # the first attempt's node cap when looking for one fill

#: a narrowing of one slot's candidates for every search of a ``Filler``:
#: (the slot's index, words, keep: only these words, or all but them).  A word
#: names every copy of it in the pool; ``word#k`` names one, k as a Python
#: index into the copies in the pool's order (``word#-1``: the last)
Restriction = tuple[int, tuple[str, ...], bool]


class Restrictions:
    """Restrictions (see ``Restriction``) read once, and their word ids in
    each pool they meet, kept: the quality search builds many fillers over
    the same few pools, and a region's restrictions name thousands of
    words."""

    def __init__(self, restrictions: Iterable[Restriction]) -> None:
        self.items: list[tuple[int, list[tuple[str, Optional[int]]], bool]] = []
        for slot, words, keep in restrictions:
            named = []
            for w in words:
                w = w.lower() if w.isascii() else fold(w)
                base, sep, k = w.partition(BLOCK)
                named.append((base, int(k) if sep else None))
            self.items.append((slot, named, keep))
        self.bases = {base for _, named, _ in self.items for base, _ in named}
        self._seen: dict[int, tuple[WordPool, list[tuple[int, tuple[int, ...], bool]]]] = {}

    @staticmethod
    def of(restrictions: Union[Restrictions, Iterable[Restriction]]) -> Restrictions:
        return (
            restrictions if isinstance(restrictions, Restrictions) else Restrictions(restrictions)
        )

    def __bool__(self) -> bool:
        return bool(self.items)

    def ids(self, pool: WordPool) -> list[tuple[int, tuple[int, ...], bool]]:
        """(slot, word ids, keep) of each restriction in ``pool``."""
        hit = self._seen.get(id(pool))
        if hit is not None and hit[0] is pool:
            return hit[1]
        parts = getattr(pool, "_parts", None)
        if parts is not None:  # a repair's pool: its two parts (the first kept)
            head, tail = parts
            shift = len(head)
            return [
                (slot, tuple(sorted(set(a) | {shift + i for i in b})), keep)
                for (slot, a, keep), (_, b, _) in zip(self.ids(head), self._plain_ids(tail))
            ]
        index: dict[str, list[int]] = {}
        bases = self.bases
        for i, w in enumerate(pool.words):
            if w in bases:
                index.setdefault(w, []).append(i)
        out = []
        for slot, named, keep in self.items:
            ids: set[int] = set()
            for base, k in named:
                got = index.get(base)
                if not got:
                    continue
                if k is None:
                    ids.update(got)
                elif -len(got) <= k < len(got):
                    ids.add(got[k])
            out.append((slot, tuple(sorted(ids)), keep))
        if len(self._seen) >= 32:  # the pools of one search are few; forget old ones
            self._seen.clear()
        self._seen[id(pool)] = (pool, out)
        return out

    def _plain_ids(self, pool: WordPool) -> list[tuple[int, tuple[int, ...], bool]]:
        """As ``ids``, not kept, and with every copy a word names: the small
        second part of a repair's pool (the weak words the fill keeps), which
        holds no numbered copy."""
        index: dict[str, list[int]] = {}
        for i, w in enumerate(pool.words):
            if w in self.bases:
                index.setdefault(w, []).append(i)
        return [
            (slot, tuple(i for base, _ in named for i in index.get(base, ())), keep)
            for slot, named, keep in self.items
        ]


def luby(i: int) -> int:
    """The i-th term (from 1) of Luby, Sinclair and Zuckerman's restart
    sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


_STOP_HOOK: contextvars.ContextVar[Optional[Callable[[], object]]] = contextvars.ContextVar(
    "dlxc_fill_stop_hook", default=None
)


@contextlib.contextmanager
def stopping(hook: Callable[[], object]) -> Iterator[None]:
    """Within the block, every fill search of this thread calls ``hook``
    between engine slices (about ten times a second): an exception it
    raises ends the search at once, whichever of the many searches of a
    quality fill, a repair or a proof is running (the studio's Stop)."""
    token = _STOP_HOOK.set(hook)
    try:
        yield
    finally:
        _STOP_HOOK.reset(token)


class Filler:
    """The fill search of one grid over one word pool.

    ``min_score`` drops the words scored below it; ``seed`` (0: the list's
    order) shuffles the words of equal score and jitters the engine's order
    of candidates, for variety; ``quality`` weighs each word's score in the
    engine's order of candidates (0: crossings alone).

    ``fills()`` enumerates every fill with one complete search (counts,
    proofs).  ``first()`` looks for one fill with restarts: a search whose
    choices went wrong early can wander for a long time (the time to a fill
    has a heavy tail over seeds), so each attempt is capped at
    ``RESTART_NODES`` nodes times the next term of Luby's sequence (1 1 2 1
    1 2 4 ...), and the next one starts afresh from a seed derived from
    ``seed``.  Luby's caps, unlike doubled ones, keep trying short searches:
    doubling left 2 of 8 seeds of a 21x21 over the default list searching
    past 15 CPU seconds, where Luby's filled all 8 within 6.  An attempt that ends without
    a fill has searched everything, so "no fill" is still a proof."""

    def __init__(
        self,
        grid: Grid,
        pool: WordPool,
        *,
        min_score: Optional[int] = None,
        seed: int = 0,
        quality: int = 0,
        backend: Optional[str] = None,
        restrictions: Union[Restrictions, Iterable[Restriction]] = (),
    ) -> None:
        self.grid = grid
        self.quality = quality
        long = [s for s in grid.slots if s.length > 64]
        if long:
            raise CrosswordError(
                f"{grid.source}: slot {long[0].name} has {long[0].length} "
                "cells; the fill handles slots of at most 64"
            )
        pool = rebus_pool(grid, pool)
        if min_score is not None:
            pool = pool.filtered(i for i in range(len(pool)) if pool.scores[i] >= min_score)
        self.pool = pool
        self.seed = seed
        alphabet = pool.alphabet
        givens = sorted({ch for row in grid.rows for ch in row} - {BLOCK, EMPTY} - set(alphabet))
        self.alphabet = alphabet + "".join(givens)
        if len(self.alphabet) > 64:
            raise CrosswordError(
                f"the fill handles at most 64 different letters, the list "
                f"and grid have {len(self.alphabet)}"
            )
        index = {ch: i for i, ch in enumerate(self.alphabet)}
        self._cells = array(
            "i",
            [
                -1 if ch == BLOCK else -2 if ch == EMPTY else index[ch]
                for row in grid.rows
                for ch in row
            ],
        )
        self._impl = engine(backend)
        # (slot index, word ids, keep): narrowings applied to every search
        narrowed = Restrictions.of(restrictions)
        self._restrictions = list(narrowed.ids(self.pool)) if narrowed else []
        self._rebus_bans = self._rebus_slot_bans()
        self._search = self._new_search(seed)
        info = self._search.slots()
        if len(info) != len(grid.slots):
            raise CrosswordError("internal error: the engine and the grid disagree on slots")
        self.candidates = [k for (_, _, _, _, k) in info]
        self.complete = False
        self.stopped: Optional[str] = None
        self.restarts = 0
        self._spent = 0  # nodes of the attempts before the current one
        self._snapped = 0  # the restrictions made before the snapshot

    def _new_search(self, seed: int):
        p = self.pool
        search = self._impl.Fill(
            self.grid.width,
            self.grid.height,
            self._cells,
            p.starts,
            p.codes,
            p.scores,
            len(self.alphabet),
            seed,
        )
        if self.quality:
            search.set_quality(self.quality)
        for slot, ids, keep in self._restrictions:
            search.restrict(slot, ids, keep)
        for slot, ids in self._rebus_bans:
            search.restrict(slot, ids, False)
        return search

    def _rebus_slot_bans(self) -> list[tuple[int, tuple[int, ...]]]:
        """For each slot, the words through a rebus square (``rebus_pool``)
        it must not take: those with a rebus square's stand-in where the
        slot has no rebus square (in an empty cell the stand-in would be
        one more letter to the search)."""
        rebus = self.grid.rebus
        if not rebus:
            return []
        from bisect import bisect_right

        p = self.pool
        codes, starts = p.codes, p.starts
        places: dict[int, set[int]] = {}  # word id -> the places of its stand-ins
        for ch in rebus:
            if ch not in self.alphabet:
                continue
            b = bytes([self.alphabet.index(ch)])
            at = codes.find(b)
            while at >= 0:
                i = bisect_right(starts, at) - 1
                places.setdefault(i, set()).add(at - starts[i])
                at = codes.find(b, at + 1)
        bans = []
        for s in self.grid.slots:
            own = {k for k, (r, c) in enumerate(s.cells()) if self.grid.rows[r][c] in rebus}
            ids = tuple(
                i
                for i, ks in places.items()
                if starts[i + 1] - starts[i] == s.length and not ks <= own
            )
            if ids:
                bans.append((s.index, ids))
        return bans

    def restrict(self, slot: Slot, words: Iterable[str], *, keep: bool = True) -> None:
        """Narrow one slot's candidates for every search of this filler:
        only ``words`` (``keep``) or all but them (``keep=False``).  Words
        the pool lacks are ignored.  Call it before the first search, or
        after ``reset()``."""
        ids = self._ids(words)
        self._search.restrict(slot.index, ids, keep)
        self._restrictions.append((slot.index, ids, keep))

    def _ids(self, words: Iterable[str]) -> tuple[int, ...]:
        """The pool's ids of ``words`` (every copy of a word the pool holds
        more than once; none of a word it lacks; ``word#k`` its k-th copy)."""
        words = tuple(words)
        if any(BLOCK in w for w in words):
            return Restrictions([(0, words, True)]).ids(self.pool)[0][1]
        index = self._word_index()
        ids: set[int] = set()
        for w in words:
            ids.update(index.get(w.lower() if w.isascii() else fold(w), ()))
        return tuple(sorted(ids))

    def _word_index(self) -> dict[str, list[int]]:
        """Each word of the pool and its ids, built once: a filler that is
        restricted again and again (the suggestions try word after word)
        must not read the whole pool each time."""
        index = getattr(self, "_index", None)
        if index is None:
            index = {}
            for i, w in enumerate(self.pool.words):
                index.setdefault(w, []).append(i)
            self._index = index
        return index

    def reset(self) -> None:
        """Forget the restrictions and the search so far: the next search
        starts afresh over the same grid and pool (cheaper than a new
        filler, which sorts and indexes the whole pool again)."""
        self._restrictions.clear()
        self._search.reset()
        for slot, ids in self._rebus_bans:
            self._search.restrict(slot, ids, False)
        self.complete = False
        self.stopped = None
        self.restarts = 0
        self._spent = 0

    def snapshot(self) -> bool:
        """Agree the lists at the root now, with the restrictions so far,
        and keep that state for ``restore``: a search after a restore and a
        few more restrictions revises only what those reach (the
        suggestions try word after word in one slot).  False when the root
        already has no fill.  ``reset`` drops it, and so does a restart of
        ``first`` (a new handle): searches after a restore use ``fills`` or
        the engine's run."""
        self._snapped = len(self._restrictions)
        return self._search.snapshot() == self._impl.OK

    def restore(self) -> None:
        """Back to the snapshot: the restrictions made since undone, the
        next search afresh from the root agreed then."""
        del self._restrictions[self._snapped :]
        self._search.restore()
        self.complete = False
        self.stopped = None
        self.restarts = 0
        self._spent = 0

    def empty_slots(self) -> list[Slot]:
        """The slots no word of the list fits (given letters and length)."""
        return [s for s, k in zip(self.grid.slots, self.candidates) if k == 0]

    def stats(self) -> dict:
        st = dict(self._search.stats())
        st["nodes"] += self._spent
        st["restarts"] = self.restarts
        return st

    def _runner(self, node_limit: Optional[int], timeout: Optional[float]) -> Runner:
        """The runner of one call of ``fills`` or ``first``: its limits count
        the nodes of every attempt of this filler; the hook of ``stopping``
        (if any) is its progress call."""
        return Runner(
            lambda: self._search.stats()["nodes"] + self._spent,
            lambda status: status != self._impl.BUDGET,
            "python" if self._impl is mirror else "c",
            Limits(node_limit, timeout),
            _STOP_HOOK.get(),
        )

    def _drive(self, runner: Runner, cap: Optional[int], what: str):
        """Run the current search to its next fill: FOUND, EXHAUSTED, or
        BUDGET when it reaches ``cap`` nodes of its own; FillStopped at a
        limit."""
        search = self._search
        if cap is None:
            status = runner.run(search.run)
        else:
            status = runner.run(
                lambda budget: search.run(min(budget, cap - search.stats()["nodes"])),
                until=lambda: search.stats()["nodes"] >= cap,
            )
        if status is None:
            self.stopped = runner.stopped
            limit = runner.limits.node_limit
            at = "its timeout" if self.stopped == "timeout" else f"its node limit ({limit})"
            raise FillStopped(f"the {what} stopped at {at}", self.stats())
        return status

    def fills(
        self, *, node_limit: Optional[int] = None, timeout: Optional[float] = None
    ) -> Iterator[Filled]:
        """Every fill, one by one, from one complete search; ``FillStopped``
        when a limit ends it first.  ``complete`` is True once it is over."""
        runner = self._runner(node_limit, timeout)
        word = self.pool.word
        while True:
            status = self._drive(runner, None, "fill search")
            if status == self._impl.FOUND:
                filled = Filled(self.grid, [word(w) for w in self._search.solution()])
                if not (self.grid.rebus and filled.repeats()):
                    yield filled
            else:
                self.complete = True
                return

    def first(
        self,
        *,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        restarts: bool = True,
    ) -> Optional[Filled]:
        """One fill, or None when none exists (``complete`` is then True)."""
        from ...base.rng import MASK64, splitmix64

        runner = self._runner(node_limit, timeout)
        # restart seeds: the seed is mixed before the attempt is added (with
        # seed + attempt, seed s's second attempt was seed s + 1's first restart)
        base = splitmix64(self.seed & MASK64)[1]
        attempt = 0
        while True:
            cap = RESTART_NODES * luby(attempt + 1) if restarts else None
            status = self._drive(runner, cap, "fill search")
            if status == self._impl.FOUND:
                filled = Filled(self.grid, [self.pool.word(w) for w in self._search.solution()])
                if self.grid.rebus and filled.repeats():
                    continue  # one word twice through a rebus square: search on
                return filled
            if status == self._impl.EXHAUSTED:
                self.complete = True
                return None
            attempt += 1
            self.restarts = attempt
            self._spent += self._search.stats()["nodes"]
            weights = self._search.weights()
            self._search.close()
            self._search = self._new_search(splitmix64((base + attempt) & MASK64)[1] | 1)
            self._search.set_weights(weights)

    def count(self, **limits) -> int:
        return sum(1 for _ in self.fills(**limits))

    def close(self) -> None:
        self._search.close()


# ---------------------------------------------------------------- quality first


@dataclass
class FillScore:
    """How a fill scores on its list: the mean and the lowest word score,
    and the mean with each score capped at ``enough`` (the quality search's
    measure: a word scored above it is as good as one scored ``enough``)."""

    mean: float
    lowest: int
    lowest_words: list[str]
    capped_mean: float = 0.0

    @staticmethod
    def of(filled: Filled, score: dict[str, int], enough: Optional[int] = None) -> FillScore:
        values = [score[w] for w in filled.words]
        low = min(values) if values else 0
        capped = values if enough is None else [min(v, enough) for v in values]
        return FillScore(
            sum(values) / len(values) if values else 0.0,
            low,
            sorted({filled.grid.spell(w) for w in filled.words if score[w] == low}),
            sum(capped) / len(capped) if capped else 0.0,
        )

    def key(self) -> tuple[float, int, float]:
        """Better fills have larger keys: the capped mean, then the lowest
        score, then the mean."""
        return (round(self.capped_mean, 6), self.lowest, round(self.mean, 6))


#: the shares of the list (best-scored first) the quality search tries, in turn
#: (a step of 5%: see quality_fill)
TIER_SHARES = (0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 1.0)
TIER_NODES = 1500  # the node cap of one attempt below the whole list
TIER_SEEDS = 3  # attempts (seeds) at each threshold below the whole list
ENOUGH_SHARE = 0.05  # the fill's measure caps scores at the score of the word at this share
QUALITY = 2  # the weight of a word's score in the engine's order (Filler's quality)
FIRST_QUALITY = 1  # the same in the first fill, from the whole list (see quality_fill)


def tiers(scores: Iterable[int], shares: Iterable[float] = TIER_SHARES) -> list[int]:
    """The score thresholds of the quality search, highest first: for each
    share, the score of the word at that share of the list sorted best
    first (so a list of any scale, or an unscored one, gets sensible steps)."""
    ordered = sorted(scores, reverse=True)
    if not ordered:
        return []
    out: list[int] = []
    for share in shares:
        t = ordered[min(len(ordered) - 1, max(0, int(share * len(ordered)) - 1))]
        if not out or t < out[-1]:
            out.append(t)
    return out


@dataclass
class QualityResult:
    filled: Optional[Filled]
    score: Optional[FillScore]
    threshold: Optional[int]  # the lowest score the fill was allowed
    attempts: int
    nodes: int
    complete: bool  # no fill exists (proved over the whole list)


def quality_fill(
    grid: Grid,
    pool: WordPool,
    *,
    min_score: Optional[int] = None,
    budget: float = 3.0,
    seed: int = 0,
    node_limit: Optional[int] = None,
    timeout: Optional[float] = None,
    backend: Optional[str] = None,
    node_budget: Optional[int] = None,
    restrictions: Union[Restrictions, Iterable[Restriction]] = (),
) -> QualityResult:
    """The best-scored fill found within ``budget`` seconds, as Crossfire's
    and Ingrid's quality searches do, in two phases:

    1. A fill from the whole list (the words scored ``min_score`` or more):
       one search with restarts, up to ``node_limit``/``timeout``, whose
       complete search proves that no fill exists.  The engine tries
       well-scored words first where they leave the crossings room, with
       half the weight of the later phases (``FIRST_QUALITY``): over 12
       seeds of a 21x21 from the default list, the first fill took at most
       1.1 CPU s where the full weight took up to 7.6 s, and the climb
       makes up for the weaker start.
    2. Until ``budget`` is spent, climb the thresholds of ``tiers`` (the
       score of the word at every 5% of the list from 65% to 15%, best
       first; on the default list steps of 3-5 points, where steps of 15%
       left a gap from 9 to 23 that the climb of the shipped 15x15 never
       crossed): ``TIER_SEEDS`` searches of at most ``TIER_NODES`` nodes from
       the words scored at least the threshold above the best fill's; after
       a success, the next threshold; after ``TIER_SEEDS`` failures, one
       more seed at the best fill's own threshold.  The fill kept has the
       highest mean score with each score capped at ``enough`` (the score
       of the word at ``ENOUGH_SHARE`` of the list, best first), then the
       highest lowest score, then the highest mean.

    ``node_budget`` ends phases 2 and 3 once the searches have visited that
    many nodes (``budget`` still applies): with a node budget, a budget of
    time that is never reached and no ``timeout``, the fill depends on the
    seed alone, on any machine (``crossword grid`` checks its 21x21s so).

    ``restrictions`` (see ``Filler``) narrow the slots in every search of
    every phase: per-slot bans and region fills hold throughout.

    The engine is unchanged (each attempt is one of ``Filler.first``), so
    every fill is checked by the same tests as any other."""
    from ...base.rng import MASK64, splitmix64

    t0 = time.perf_counter()
    pool = rebus_pool(grid, pool)
    restrictions = Restrictions.of(restrictions)
    if min_score is not None:
        pool = pool.filtered(i for i in range(len(pool)) if pool.scores[i] >= min_score)
    score = dict(zip(pool.words, pool.scores))
    steps = tiers(pool.scores)
    enough = tiers(pool.scores, (ENOUGH_SHARE,))[0] if ENOUGH_SHARE and len(pool) else None
    best: Optional[tuple[Filled, FillScore, int]] = None
    attempts = nodes = 0
    rng = seed & MASK64
    pools: dict[int, WordPool] = {}

    def pool_at(t: int) -> WordPool:
        if t not in pools:
            pools[t] = pool.filtered(i for i in range(len(pool)) if pool.scores[i] >= t)
        return pools[t]

    def attempt(t: int, s: int, last: bool) -> Optional[Filled]:
        nonlocal attempts, nodes
        attempts += 1
        quality = FIRST_QUALITY if last else QUALITY
        filler = Filler(
            grid,
            pool_at(t),
            seed=s,
            quality=quality,
            backend=backend,
            restrictions=restrictions,
        )
        try:
            if filler.empty_slots():
                if last:  # no word fits a slot: a proof too
                    attempt.complete = True  # type: ignore[attr-defined]
                return None
            if last:
                left = None if timeout is None else max(0.0, timeout - (time.perf_counter() - t0))
                room = None if node_limit is None else max(1, node_limit - nodes)
                return filler.first(node_limit=room, timeout=left)
            return filler.first(node_limit=TIER_NODES, timeout=timeout, restarts=False)
        except FillStopped:
            if last:
                raise
            return None
        finally:
            nodes += filler.stats()["nodes"]
            if last and filler.complete:
                attempt.complete = True  # type: ignore[attr-defined]
            filler.close()

    attempt.complete = False  # type: ignore[attr-defined]
    # 1. the whole list
    filled = attempt(steps[-1], seed, True) if steps else None
    if filled is None:
        complete = attempt.complete or not steps  # type: ignore[attr-defined]
        return QualityResult(None, None, None, attempts, nodes, complete)
    at = len(steps) - 1
    best = (filled, FillScore.of(filled, score, enough), steps[at])
    if len(set(pool.scores)) < 2:
        budget = 0.0  # all words score alike: no fill is better than another
    top = max(pool.scores)  # a fill of words all scored this is the best there is
    # 2. climb: the threshold above the best fill's, TIER_SEEDS seeds, then
    #    one more seed at the best fill's own threshold, and so on
    fails = 0
    climb_end = t0 + budget * CLIMB_SHARE
    end = t0 + (budget if timeout is None else min(budget, timeout))
    climb_nodes = None if node_budget is None else node_budget * CLIMB_SHARE
    while (
        time.perf_counter() < min(climb_end, end)
        and best[1].lowest < top
        and (climb_nodes is None or nodes < climb_nodes)
    ):
        rng, s = splitmix64(rng)
        k = at - 1 if at > 0 and fails < TIER_SEEDS else at
        filled = attempt(steps[k], s | 1, False)
        if filled is None:
            fails = fails + 1 if k < at else 0
            continue
        fs = FillScore.of(filled, score, enough)
        if k < at:
            at, fails = k, 0
        if fs.key() > best[1].key():
            best = (filled, fs, steps[k])
    # 3. repair: replace the weakest entries one neighbourhood at a time
    left = None if node_budget is None else node_budget - nodes
    if time.perf_counter() < end and best[1].lowest < top and (left is None or left > 0):
        rng, s = splitmix64(rng)
        repaired, tried, spent = _repair(
            grid,
            pool,
            best[0],
            score,
            end,
            s,
            backend,
            enough,
            max_nodes=left,
            restrictions=restrictions,
        )
        attempts += tried
        nodes += spent
        fs = FillScore.of(repaired, score, enough)
        if fs.key() > best[1].key():
            best = (repaired, fs, best[2])
    return QualityResult(best[0], best[1], best[2], attempts, nodes, False)


CLIMB_SHARE = 0.5  # the share of the budget the climb (phase 2) may use
REPAIR_NODES = 3000  # the node cap of one repair attempt
REPAIR_WIDE = 3  # one attempt in this many clears the crossers' crossers too
REPAIR_LOWEST = 4  # a repair attempt targets one of this many weakest entries
REPAIR_WIDEN_AFTER = 10  # after this many repairs in a row without a refill, clear one ring more
REPAIR_DEPTH = 3  # up to this many rings of crossers (one more one time in REPAIR_WIDE)


def _joined(a: WordPool, b: WordPool) -> WordPool:
    """The words of ``a`` then those of ``b`` (one alphabet)."""
    starts = array("i", a.starts)
    starts.extend(len(a.codes) + x for x in b.starts[1:])
    out = WordPool(a.alphabet, a.codes + b.codes, starts, a.scores + b.scores, source=a.source)
    out._parts = (a, b)  # type: ignore[attr-defined]  # for Restrictions.ids
    return out


def _repair(
    grid: Grid,
    pool: WordPool,
    filled: Filled,
    score: dict[str, int],
    end: float,
    seed: int,
    backend: Optional[str],
    enough: Optional[int] = None,
    max_nodes: Optional[int] = None,
    restrictions: Union[Restrictions, Iterable[Restriction]] = (),
) -> tuple[Filled, int, int]:
    """Improve ``filled`` until ``end`` (a ``time.perf_counter()`` value) by
    large-neighbourhood repair: take one of the ``REPAIR_LOWEST`` weakest
    entries (at random), clear it and every entry crossing it (and, one
    attempt in three, the entries crossing those), keep the rest of the fill
    as fixed letters, and refill the cleared squares from the words that
    score more than the weak entry, plus the words the fill keeps.  After
    ``REPAIR_WIDEN_AFTER`` attempts in a row without a refill, each attempt
    clears one ring of crossers more, up to ``REPAIR_DEPTH`` rings: a fill
    whose weak entries sit where every small refill fails (a 15x15 kept
    a fill with six weak entries, all its repairs failing in a millisecond)
    gets room to change, and a success returns to the small rings.  A
    refill whose ``FillScore.key`` (scores capped at ``enough``) is at
    least the current one's replaces it.  Stops at ``end`` or once the refills
    have visited ``max_nodes`` nodes.  ``restrictions`` narrow every
    refill's slots.  Returns (the best fill, attempts, nodes)."""
    from ...base.rng import MASK64, splitmix64

    restrictions = Restrictions.of(restrictions)
    slots = grid.slots
    cells = [s.cells() for s in slots]
    holders: dict[tuple[int, int], list[int]] = {}
    for i, cs in enumerate(cells):
        for rc in cs:
            holders.setdefault(rc, []).append(i)
    crossers = [
        sorted({j for rc in cs for j in holders[rc] if j != i}) for i, cs in enumerate(cells)
    ]
    lengths = {s.length for s in slots}
    pool = pool.filtered(
        i for i in range(len(pool)) if pool.starts[i + 1] - pool.starts[i] in lengths
    )
    index = {w: i for i, w in enumerate(pool.words)}
    tops: dict[int, WordPool] = {}

    def top(t: int) -> WordPool:
        if t not in tops:
            tops[t] = pool.filtered(i for i in range(len(pool)) if pool.scores[i] >= t)
        return tops[t]

    current, cur = filled, FillScore.of(filled, score, enough)
    rng = seed & MASK64
    attempts = nodes = misses = 0
    best_score = max(score.values())  # no fill beats one of words all scored this
    while (
        time.perf_counter() < end
        and cur.lowest < best_score
        and (max_nodes is None or nodes < max_nodes)
    ):
        rng, r = splitmix64(rng)
        words = current.words
        weakest = sorted(range(len(slots)), key=lambda i: (score[words[i]], (r >> (i % 61)) & 7))
        target = weakest[(r >> 8) % min(REPAIR_LOWEST, len(weakest))]
        depth = 1 + min(REPAIR_DEPTH - 1, misses // REPAIR_WIDEN_AFTER)
        if (r >> 16) % REPAIR_WIDE == 0:
            depth += 1
        region, frontier = {target}, {target}
        for _ in range(depth):
            frontier = {k for j in frontier for k in crossers[j]} - region
            region |= frontier
        clear = {rc for j in region for rc in cells[j]}
        rows = [
            "".join(
                EMPTY if (rr, cc) in clear and ch == EMPTY else current.cells[rr][cc]
                for cc, ch in enumerate(row)
            )
            for rr, row in enumerate(grid.rows)
        ]
        t = score[words[target]] + 1
        # the words scored t or more, and the weaker words the fill keeps
        kept = sorted({index[w] for j, w in enumerate(words) if j not in region and score[w] < t})
        sub_pool = _joined(top(t), pool.filtered(kept))
        sub = Filler(
            Grid(rows, grid.source, rebus=grid.rebus),
            sub_pool,
            seed=r | 1,
            quality=QUALITY,
            backend=backend,
            restrictions=restrictions,
        )
        attempts += 1
        try:
            if sub.empty_slots():
                misses += 1
                continue
            left = max(0.0, end - time.perf_counter())
            got = sub.first(node_limit=REPAIR_NODES, timeout=left, restarts=False)
        except FillStopped:
            got = None
        finally:
            nodes += sub.stats()["nodes"]
            sub.close()
        if got is None:
            misses += 1
            continue
        new = Filled(grid, got.words)
        fs = FillScore.of(new, score, enough)
        if fs.key() >= cur.key():
            current, cur = new, fs
            misses = 0
    return current, attempts, nodes


# ---------------------------------------------------------------- the XCC model


class BuildStopped(CrosswordError):
    """The XCC model of a fill was still being built at the deadline."""


def fill_problem(
    grid: Grid,
    pool: WordPool,
    *,
    min_score: Optional[int] = None,
    deadline: Optional[float] = None,
    costs: bool = False,
):
    """The XCC problem whose solutions are the fills of ``grid``: (problem,
    decode) where ``decode(solution)`` gives the ``Filled`` of a solution.
    ``costs``: each option costs the list's top score less its word's score,
    so the cheapest solution is the fill of the highest total (every fill
    has one word a slot) for ``Problem.best``.
    ``deadline`` (a ``time.perf_counter()`` value): ``BuildStopped`` when
    the model is not built by then (a timeout covers the build too)."""
    from ...xcc.problem import Problem

    limits = Limits(deadline=deadline)

    def check() -> None:
        if limits.reached(0) is not None:
            raise BuildStopped("the timeout came while the XCC model was being built")

    pool = rebus_pool(grid, pool)
    if min_score is not None:
        pool = pool.filtered(i for i in range(len(pool)) if pool.scores[i] >= min_score)
    words = pool.words
    # one word item per answer (spelled out: a word through a rebus square
    # and the same word spelled in full are one word)
    answer = [grid.spell(w) for w in words] if grid.rebus else words
    by_len: dict[int, list[int]] = {}
    for i, w in enumerate(words):
        by_len.setdefault(len(w), []).append(i)
    slots = grid.slots
    cell_item: dict[tuple[int, int], int] = {}
    for s in slots:
        for rc in s.cells():
            cell_item.setdefault(rc, len(slots) + len(cell_item))
    # each slot's candidates: words of its length that fit its given letters
    cands: list[list[int]] = []
    for s in slots:
        check()
        givens = [
            (k, grid.rows[r][c]) for k, (r, c) in enumerate(s.cells()) if grid.rows[r][c] != EMPTY
        ]
        cands.append(
            [
                i
                for i in by_len.get(s.length, ())
                if all(words[i][k] == ch for k, ch in givens)
                and not (grid.rebus and _stray_rebus(grid, s, words[i]))
            ]
        )
    # a word item only where two slots could both take the word
    holders: dict[str, int] = {}
    for lst in cands:
        for i in lst:
            holders[answer[i]] = holders.get(answer[i], 0) + 1
    word_item: dict[int, int] = {}
    item_of: dict[str, int] = {}
    names: list[str] = []
    first_word = len(slots) + len(cell_item)
    for lst in cands:
        for i in lst:
            a = answer[i]
            if holders[a] > 1 and i not in word_item:
                if a not in item_of:
                    item_of[a] = first_word + len(names)
                    names.append("w:" + a)
                word_item[i] = item_of[a]
    colors = [""] + sorted({ch for w in words for ch in w})
    color_of = {ch: k for k, ch in enumerate(colors)}
    opt_start, opt_items, opt_colors = array("i", [0]), array("i"), array("i")
    option_of: list[tuple[int, int]] = []
    for k, (s, lst) in enumerate(zip(slots, cands)):
        cells = [cell_item[rc] for rc in s.cells()]
        for n, i in enumerate(lst):
            if not n % 4096:
                check()
            opt_items.append(k)
            opt_colors.append(0)
            opt_items.extend(cells)
            opt_colors.extend(color_of[ch] for ch in words[i])
            if i in word_item:
                opt_items.append(word_item[i])
                opt_colors.append(0)
            opt_start.append(len(opt_items))
            option_of.append((k, i))
    check()
    primary = [s.name for s in slots]
    cell_names = [f"{r}_{c}" for (r, c) in cell_item]
    problem = Problem._from_arrays(
        primary,
        cell_names + names,
        tuple(colors),
        opt_start,
        opt_items,
        opt_colors,
        name="crossword fill",
        dropped=[],
        costs=_option_costs(pool, option_of) if costs else None,
    )

    def decode(solution) -> Filled:
        chosen = [""] * len(slots)
        for j in solution:
            k, i = option_of[j]
            chosen[k] = words[i]
        return Filled(grid, chosen)

    return problem, decode


def _stray_rebus(grid: Grid, slot: Slot, word: str) -> bool:
    """Whether ``word`` puts a rebus square's stand-in where ``slot`` has
    no rebus square."""
    return any(ch in grid.rebus and grid.rows[r][c] != ch for ch, (r, c) in zip(word, slot.cells()))


def _option_costs(pool: WordPool, option_of: list[tuple[int, int]]) -> array:
    top = max(pool.scores, default=0)
    return array("q", [top - pool.scores[i] for _, i in option_of])


# ---------------------------------------------------------------- the best fill


PROGRESS_SECONDS = 5.0  # best_fill: seconds between progress lines of one long search


@dataclass
class BestFill:
    """The result of ``best_fill``.

    ``filled`` is the best fill found (None: none found), ``score`` its
    score.  ``lowest_bound`` is proved: no fill's lowest score is above it
    (None: nothing proved yet, the budget ended at the first search).
    ``proved`` says the fill is optimal: its lowest score is the highest
    there is, and no fill with that lowest score has a higher mean.
    ``lowest_proved`` says the first half alone is proved.  ``complete``
    with no fill: no fill exists.  ``stopped``: "node limit" or "timeout"
    when a limit ended the search."""

    filled: Optional[Filled]
    score: Optional[FillScore]
    lowest_bound: Optional[int]
    lowest_proved: bool
    proved: bool
    complete: bool
    stopped: Optional[str]
    searches: int
    nodes: int


def best_fill(
    grid: Grid,
    pool: WordPool,
    *,
    min_score: Optional[int] = None,
    node_limit: Optional[int] = None,
    timeout: Optional[float] = None,
    backend: Optional[str] = None,
    progress: Optional[Callable[[str], object]] = None,
) -> BestFill:
    """The fill whose lowest word score is highest and, among those, whose
    mean score is highest, with a proof, in two steps:

    1. The highest lowest score, by thresholds: a fill from the whole list
       (complete searches of ``Filler.first``), then a binary search over
       the list's scores above the best fill's lowest: a fill from the words
       scored ``t`` or more raises the best lowest score to that fill's; a
       search over them that ends without a fill proves that no fill's
       lowest score reaches ``t``.
    2. The highest mean among the fills of that lowest score: the XCC model
       of the fill from the words scored at least that, each option costing
       the top score less its word's (``fill_problem(costs=True)``), solved
       by the minimum-cost search (``dlxc.xcc.best``), which proves its
       answer when it finishes.

    ``node_limit`` counts the nodes of every search together, ``timeout``
    from the call; at a limit the result holds the best fill found so far
    and the bound proved so far (``stopped`` "interrupt" on Ctrl-C: the
    KeyboardInterrupt goes on, carrying that result as its ``best``).
    ``progress(line)`` hears each step, and every ``PROGRESS_SECONDS`` of
    the minimum-cost search.  The
    fill returned is checked again (a word of the list in every slot, the
    crossings agreeing, the grid's letters kept, no word twice, the scores
    recomputed) before it is returned."""
    from ...xcc.best import BestSearch

    t0 = time.perf_counter()
    pool = rebus_pool(grid, pool)
    lengths = {s.length for s in grid.slots}
    pool = pool.filtered(
        i
        for i in range(len(pool))
        if pool.starts[i + 1] - pool.starts[i] in lengths
        and (min_score is None or pool.scores[i] >= min_score)
    )
    score = dict(zip(pool.words, pool.scores))
    say = progress or (lambda line: None)
    searches = nodes = 0
    best: Optional[Filled] = None
    best_score: Optional[FillScore] = None
    values = sorted(set(pool.scores))
    hi = values[-1] if values else None  # no fill's lowest score is above hi (proved)

    def left() -> tuple[Optional[int], Optional[float]]:
        room = None if node_limit is None else max(1, node_limit - nodes)
        rest = None if timeout is None else max(0.0, timeout - (time.perf_counter() - t0))
        return room, rest

    def result(proved: bool, lowest_proved: bool, stopped: Optional[str]) -> BestFill:
        fs = None
        if best is not None:
            fs = _checked(grid, best, score, min_score)
        return BestFill(
            best,
            fs,
            None if best is None and not values else hi,
            lowest_proved,
            proved,
            stopped is None,
            stopped,
            searches,
            nodes,
        )

    stop: list[Optional[str]] = [None]

    def attempt(t: int) -> Optional[Filled]:
        nonlocal searches, nodes
        room, rest = left()
        if rest is not None and rest <= 0:  # before a new filler's preparing
            stop[0] = "timeout"
            raise FillStopped("the best fill's search stopped at its timeout", {})
        searches += 1
        filler = Filler(grid, pool, min_score=t, seed=1, quality=QUALITY, backend=backend)
        try:
            if filler.empty_slots():
                return None
            room, rest = left()
            return filler.first(node_limit=room, timeout=rest)
        finally:
            nodes += filler.stats()["nodes"]
            stop[0] = filler.stopped
            filler.close()

    lowest_done = [False]  # step 1 is over: the lowest score is proved

    def search() -> BestFill:
        nonlocal best, best_score, hi, nodes, searches
        # 1. the highest lowest score
        if not grid.slots:  # one fill, of no words
            best = Filled(grid, [])
            return result(True, True, None)
        if not values:
            hi = None
            return result(False, False, None)
        try:
            got = attempt(values[0])
            if got is None:
                hi = None
                return result(False, False, None)
            best, best_score = got, FillScore.of(got, score)
            say(f"a fill: lowest score {best_score.lowest}, mean {best_score.mean:.2f}")
            lo = best_score.lowest
            while True:
                assert hi is not None
                above = [v for v in values if lo < v <= hi]
                if not above:
                    break
                t = above[len(above) // 2]
                got = attempt(t)
                if got is None:
                    hi = max(v for v in values if v < t)
                    say(f"no fill of words scored {t} or more: the lowest score is at most {hi}")
                else:
                    fs = FillScore.of(got, score)
                    best, best_score, lo = got, fs, fs.lowest
                    say(f"a fill of words scored {t} or more: lowest {lo}, mean {fs.mean:.2f}")
        except FillStopped:
            return result(False, False, stop[0] or "timeout")
        hi = lo
        lowest_done[0] = True
        # 2. the highest mean among the fills of lowest score lo
        room, rest = left()
        if rest is not None and rest <= 0:
            return result(False, True, "timeout")
        deadline = None if rest is None else time.perf_counter() + rest
        try:
            problem, decode = fill_problem(grid, pool, min_score=lo, deadline=deadline, costs=True)
        except BuildStopped:
            return result(False, True, "timeout")
        room, rest = left()
        say(f"the lowest score {lo} is proved; the highest mean: {len(problem.options)} options")
        clock = [time.perf_counter()]

        def tick() -> None:
            now = time.perf_counter()
            if now - clock[0] >= PROGRESS_SECONDS:
                clock[0] = now
                st = cost.stats
                say(f"minimum-cost search: {st.nodes} nodes, {st.solutions} better fills")

        cost = BestSearch(problem, 1, backend, node_limit=room, timeout=rest, progress=tick)
        try:
            found = cost.run()
        finally:
            nodes += cost.stats.nodes
            searches += 1
            cost.close()
        if found.solutions:
            cand = decode(found.solutions[0][1])
            fs = FillScore.of(cand, score)
            # ties go to the model's fill, which the fill engine does not sway
            if best_score is None or (fs.lowest, fs.mean) >= (best_score.lowest, best_score.mean):
                best, best_score = cand, fs
        if not found.complete:
            return result(False, True, found.stopped or "timeout")
        return result(True, True, None)

    try:
        return search()
    except KeyboardInterrupt as exc:
        # the caller may print the best so far: it rides on the exception
        exc.best = result(False, lowest_done[0], "interrupt")  # type: ignore[attr-defined]
        raise


def _checked(grid: Grid, filled: Filled, score: dict[str, int], min_score: Optional[int]):
    """``filled``'s score, recomputed after checking it is a fill of ``grid``
    from the words of ``score``: CrosswordError (an internal error) if not."""

    def bad(why: str) -> CrosswordError:
        return CrosswordError(f"internal error: the best fill is not a fill: {why}")

    if len(filled.words) != len(grid.slots):
        raise bad("a slot without a word")
    for s, w in zip(grid.slots, filled.words):
        if w not in score or (min_score is not None and score[w] < min_score):
            raise bad(f"{grid.spell(w)!r} is not a word of the list")
        letters = "".join(filled.cells[r][c] for r, c in s.cells())
        if letters != w:
            raise bad(f"{s.name} reads {grid.spell(letters)!r}, not {grid.spell(w)!r}")
        for (r, c), ch in zip(s.cells(), w):
            if grid.rows[r][c] not in (EMPTY, ch):
                raise bad(f"{s.name} changes a letter of the grid")
    if filled.repeats():
        raise bad("a word twice")
    return FillScore.of(filled, score)
