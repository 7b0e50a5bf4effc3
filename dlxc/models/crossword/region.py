"""Region fills and per-slot bans: fill part of a grid, keep the rest.

A region is a set of open squares (named slots' squares, or rectangles of
squares).  Its squares are filled afresh: a letter the grid holds there is
cleared, except a given (``{a}``), which the solver is shown and so stays.
Every square outside the region keeps what the grid file has:

- a letter stays, and constrains every slot through it;
- a slot with no square in the region is not searched: a complete one keeps
  its word even when the list lacks it, and its word still counts against
  using a word twice (no slot of the region takes it);
- an empty square outside the region stays empty.  A slot of the region that
  runs through one is checked, not filled: some word of the list (not banned
  from it) must agree with its kept letters and the letters the fill gives
  its region squares; that word is not written, is not scored and does not
  count against using a word twice.  Slots with no square in the region are
  not checked at all.

The engine knows none of this: ``plan`` writes the question as an ordinary
fill of a changed grid over a larger pool, with per-slot restrictions
(``Filler``'s), so the count, the quality search and the limits work as
they do on a whole grid.  An empty square outside the region becomes a
letter no word has (``WILD``); each slot through it may take only the list's
words with that letter where it runs outside the region (a copy per slot, so
no two slots compete for one); a slot outside the region may take only its
own letters (a copy of them per slot).  The added entries score as the
list's best word, so that the quality search's thresholds keep them and its
score of a fill counts only the region's complete entries.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Optional

from ...base.errors import CrosswordError
from ...base.files import utf8_text
from ...base.letters import fold, upper
from ...base.wordlist import entries, read_list_bytes
from ...crossword.wordlist import WordPool
from .fill import BLOCK, EMPTY, Filled, FillScore, Grid, Restriction, Slot

WILD = "?"  # an empty square outside the region, in the engine's grid

Cell = tuple[int, int]


def slot_named(grid: Grid, name: str) -> Slot:
    """The slot called ``name``: ``17A``, ``17a``, ``17-Across``, ``17
    across``, ``5D``, ``5-Down``; ``CrosswordError`` when the grid has none."""
    m = re.fullmatch(r"\s*(\d+)\s*-?\s*([A-Za-z]+)\s*", name)
    direction = None
    if m:
        word = m.group(2).lower()
        if "across".startswith(word):
            direction = "across"
        elif "down".startswith(word):
            direction = "down"
    if not m or direction is None:
        raise CrosswordError(
            f"{name!r} is not a slot's name: a number and A or D (17A, 5D, 17-Across)"
        )
    number = int(m.group(1))
    for s in grid.slots:
        if s.number == number and s.direction == direction:
            return s
    raise CrosswordError(f"{grid.source}: the grid has no slot {number}-{direction.capitalize()}")


def parse_rectangle(text: str, grid: Grid) -> set[Cell]:
    """The open squares of a rectangle ``R1,C1:R2,C2`` (rows and columns
    counted from 1, both corners included, in any order)."""
    m = re.fullmatch(r"\s*(\d+)\s*,\s*(\d+)\s*:\s*(\d+)\s*,\s*(\d+)\s*", text)
    if not m:
        raise CrosswordError(
            f"{text!r} is not a rectangle: ROW,COL:ROW,COL, two opposite corners "
            "counted from 1 (1,1:5,5 is the 5x5 corner at the top left)"
        )
    r1, c1, r2, c2 = (int(x) for x in m.groups())
    for r, c in ((r1, c1), (r2, c2)):
        if not (1 <= r <= grid.height and 1 <= c <= grid.width):
            raise CrosswordError(
                f"{grid.source}: the square {r},{c} of {text!r} is outside the "
                f"{grid.width}x{grid.height} grid (rows and columns count from 1)"
            )
    return {
        (r, c)
        for r in range(min(r1, r2) - 1, max(r1, r2))
        for c in range(min(c1, c2) - 1, max(c1, c2))
        if grid.rows[r][c] != BLOCK
    }


@dataclass
class Plan:
    """A fill question for the engine: ``grid`` and ``pool`` with
    ``restrictions``; ``filled`` maps the engine's fill back onto the
    grid the user gave."""

    original: Grid
    grid: Grid
    pool: WordPool
    restrictions: list[Restriction] = field(default_factory=list)
    region: Optional[frozenset[Cell]] = None
    searched: frozenset[int] = frozenset()  # slots with a square in the region
    listed: Optional[WordPool] = None  # the list, without the added entries

    @property
    def list_size(self) -> int:
        return len(self.listed if self.listed is not None else self.pool)

    def filled(self, found: Filled) -> Filled:
        """The fill on the original grid: the region's squares from the
        engine's fill, every other square as the grid file has it."""
        if self.region is None:
            return Filled(self.original, found.words)
        words = [w.replace(WILD, EMPTY) for w in found.words]
        out = Filled(self.original, words)
        for r, row in enumerate(out.cells):
            for c in range(len(row)):
                if (r, c) in self.region:  # filled, or cleared if in no slot
                    row[c] = found.cells[r][c]
                elif self.original.rows[r][c] != BLOCK:
                    row[c] = self.original.rows[r][c]
        return out

    def score(self, found: Filled) -> Optional[FillScore]:
        """The fill's score over the entries the search chose (complete
        slots of the region), by the list's scores; None if there is
        none."""
        listed = self.listed if self.listed is not None else self.pool
        scores = dict(zip(listed.words, listed.scores))
        if self.region is None:
            picked = found.words
        else:
            picked = [w for i, w in enumerate(found.words) if i in self.searched and EMPTY not in w]
        picked = [w for w in picked if w in scores]
        if not picked:
            return None
        return FillScore.of(Filled(self.original, picked), scores)

    def shown(self) -> Grid:
        """The grid as the search starts from: the region's squares cleared
        (for messages)."""
        return Grid(
            [row.replace(WILD, EMPTY) for row in self.grid.rows],
            self.original.source,
            givens=self.original.givens,
            circles=self.original.circles,
        )


def plan(
    grid: Grid,
    pool: WordPool,
    *,
    region: Optional[Iterable[Cell]] = None,
    bans: Optional[Mapping[int, Iterable[str]]] = None,
) -> Plan:
    """The engine's question for filling ``region`` (None: the whole grid)
    of ``grid`` from ``pool`` with ``bans`` (a slot's index -> words it may
    not take).  ``pool`` is taken as it is (apply ``min_score`` first)."""
    banned = {k: {fold(w) for w in ws} for k, ws in (bans or {}).items()}
    if region is None:
        bans_only = [(k, tuple(sorted(ws)), False) for k, ws in sorted(banned.items()) if ws]
        every = frozenset(range(len(grid.slots)))
        return Plan(grid, grid, pool, bans_only, None, every, pool)
    inside = frozenset(
        (r, c)
        for r, c in region
        if 0 <= r < grid.height and 0 <= c < grid.width and grid.rows[r][c] != BLOCK
    )
    if not inside:
        raise CrosswordError(f"{grid.source}: the region holds no open square")
    rows = []
    for r, row in enumerate(grid.rows):
        out = []
        for c, ch in enumerate(row):
            if ch == BLOCK:
                out.append(BLOCK)
            elif (r, c) in inside and (r, c) not in grid.givens:
                out.append(EMPTY)
            elif ch == EMPTY:
                out.append(WILD)
            else:
                out.append(ch)
        rows.append("".join(out))
    work = Grid(rows, grid.source, givens=grid.givens, circles=grid.circles)
    top = max(pool.scores) if len(pool) else 0
    by_len: dict[int, list[int]] = {}
    words = pool.words
    for i, w in enumerate(words):
        by_len.setdefault(len(w), []).append(i)
    added: list[str] = []  # entries added to the pool, one copy per slot
    numbered: dict[str, int] = {}  # an added entry -> its copies so far
    # (slot, its copies as (entry, copy number)) -> a restriction to them alone
    only: list[tuple[int, list[tuple[str, int]]]] = []

    def copies(entries: Iterable[str]) -> list[tuple[str, int]]:
        out = []
        for e in entries:
            out.append((e, numbered.get(e, 0)))
            numbered[e] = numbered.get(e, 0) + 1
            added.append(e)
        return out

    kept_at: dict[str, str] = {}  # a kept word -> the slot holding it
    searched: set[int] = set()
    plain: list[Slot] = []  # searched slots without a WILD square
    shapes: dict[int, set[str]] = {}  # length -> the added entries of that length
    for s in work.slots:
        pattern = "".join(rows[r][c] for r, c in s.cells())
        if EMPTY not in pattern:
            if WILD not in pattern:
                if pattern in kept_at:
                    raise CrosswordError(
                        f"{grid.source}: {kept_at[pattern]} and {s.name} both hold "
                        f"{upper(pattern)}, outside the region: a fill uses a word once"
                    )
                kept_at[pattern] = s.name
            shapes.setdefault(s.length, set()).add(pattern)
            only.append((s.index, copies([pattern])))
            continue
        searched.add(s.index)
        if WILD not in pattern:
            plain.append(s)
            continue
        no = banned.get(s.index, set())
        fixed = [(k, ch) for k, ch in enumerate(pattern) if ch not in (EMPTY, WILD)]
        wild = [k for k, ch in enumerate(pattern) if ch == WILD]
        fits: set[str] = set()
        for i in by_len.get(s.length, ()):
            w = words[i]
            if w in no or any(w[k] != ch for k, ch in fixed):
                continue
            letters = list(w)
            for k in wild:
                letters[k] = WILD
            fits.add("".join(letters))
        shapes.setdefault(s.length, set()).update(fits)
        only.append((s.index, copies(sorted(fits))))
    restrictions: list[Restriction] = []
    # each slot outside the region, or through an empty square outside it,
    # takes its own copies alone: counted from the pool's end (the added
    # entries come last in every pool the quality search filters out of it)
    for k, mine in only:
        named = tuple(f"{e}{BLOCK}{n - numbered[e]}" for e, n in mine)
        restrictions.append((k, named, True))
    for s in plain:
        # neither the kept words (nor the list's copies of them) nor the
        # added entries (which hold WILD, so would fit an empty square)
        pattern = "".join(rows[r][c] for r, c in s.cells())
        no = set(banned.get(s.index, set()))
        no.update(
            e
            for e in shapes.get(s.length, ())
            if all(p in (EMPTY, ch) for p, ch in zip(pattern, e))  # one that would fit
        )
        if no:
            restrictions.append((s.index, tuple(sorted(no)), False))
    return Plan(
        grid,
        work,
        _with_entries(pool, added, top),
        restrictions,
        inside,
        frozenset(searched),
        pool,
    )


def _with_entries(pool: WordPool, entries: list[str], score: int) -> WordPool:
    """``pool`` and then ``entries`` (repeats kept, each scored ``score``),
    over the pool's alphabet and ``WILD``."""
    alphabet = pool.alphabet if WILD in pool.alphabet else pool.alphabet + WILD
    index = {ch: i for i, ch in enumerate(alphabet)}
    missing = sorted({ch for e in entries for ch in e} - set(index))
    alphabet += "".join(missing)
    index = {ch: i for i, ch in enumerate(alphabet)}
    if len(alphabet) > 256:
        raise CrosswordError("the list and the grid hold more than 256 different letters")
    codes = pool.codes + b"".join(bytes(index[ch] for ch in e) for e in entries)
    base = pool.starts[-1]
    starts = array("i", pool.starts)
    starts.extend(base + x for x in accumulate(map(len, entries)))
    scores = array("i", pool.scores)
    scores.extend([score] * len(entries))
    return WordPool(alphabet, codes, starts, scores, pool.repeats, pool.source)


def region_of(
    grid: Grid, slots: Iterable[str] = (), rectangles: Iterable[str] = ()
) -> Optional[set[Cell]]:
    """The squares of the named slots and rectangles (None when neither is
    given: the whole grid)."""
    slots, rectangles = list(slots), list(rectangles)
    if not slots and not rectangles:
        return None
    cells: set[Cell] = set()
    for name in slots:
        cells.update(slot_named(grid, name).cells())
    for text in rectangles:
        cells |= parse_rectangle(text, grid)
    return cells


def parse_bans(
    grid: Grid, specs: Iterable[str], files: Iterable[str] = ()
) -> tuple[dict[int, set[str]], set[str]]:
    """``--ban`` values: ``SLOT=WORD[,WORD...]`` bans the words from one
    slot, ``WORD[,WORD...]`` from every slot; ``files`` hold one such value
    a line (blank lines and ``#`` lines skipped; an error names the file
    and line).  Returns (slot index -> words, words banned everywhere)."""
    per_slot: dict[int, set[str]] = {}
    everywhere: set[str] = set()

    def add(spec: str, where: str) -> None:
        head, sep, tail = spec.partition("=")
        listed = tail if sep else head
        ws = [fold(w.strip()) for w in listed.split(",") if w.strip()]
        bad = next((w for w in ws if not w.isalpha()), None)
        if not ws or bad is not None:
            what = f"{bad!r} is not a word" if bad else "no word"
            raise CrosswordError(
                f"{where} {spec!r}: {what} (SLOT=WORD[,WORD...] or WORD[,WORD...])"
            )
        if sep:
            try:
                slot = slot_named(grid, head)
            except CrosswordError as exc:
                raise CrosswordError(f"{where} {spec!r}: {exc}") from None
            per_slot.setdefault(slot.index, set()).update(ws)
        else:
            everywhere.update(ws)

    for spec in specs:
        add(spec, "--ban")
    for path in files:
        name, blob = read_list_bytes(path, CrosswordError, "ban file")
        lines = utf8_text(blob, name, CrosswordError).split("\n")
        for number, text in entries(lines):
            add(text, f"{name}:{number}:")
    return per_slot, everywhere
