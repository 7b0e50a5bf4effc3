"""Suggestions for one slot of a partial grid: the words that fit it, best
score first, each with a proof of whether the rest of the grid can still be
filled with it, and the number of fills it leaves where that count ends
within the budget.

The engine is ``Filler`` (csrc/crossword/fill.c or its mirror): one filler
for the grid, its lists agreed at the root once (``Filler.snapshot``), and
for each word a restore, the slot narrowed to that word
(``Filler.restrict``: only what its letters reach is revised again) and a
search under a node cap, so no word costs the building of a new handle nor
the agreement of the whole grid.  The words are checked in rounds, best
score first, each round with a larger cap per word, so one hard word cannot
eat the time of the others:

- first, near the last fill found (for any word, any slot): the slots
  more than ``NEAR_RADIUS`` crossings away keep that fill's words, the
  search is small (``NEAR_CAP`` nodes at most), and a fill found is a fill
  of the grid all the same;
- then the whole grid, caps growing fourfold round after round, spent in
  restarts (``RESTART_CAP`` nodes times Luby's sequence, each from another
  seed of the order of candidates, with the conflict weights of the
  attempts before, the word's attempts going on from round to round: the
  time to a fill has a heavy tail over orders, and one long search per
  word left words undecided that another order fills in a hundred nodes):
  a fill found proves "fillable" (the fill is the witness), an attempt
  exhausted proves "unfillable";
- with time left, the fills of each fillable word are counted, again in
  rounds of growing caps; the search is the same each time, so a count cut
  short is a lower bound.

When the grid has no fill at all, ``blocking_set`` finds a smallest set of
slots whose constraints alone already have no fill (deletion from the
slots nearest the most constrained slot, each test a search of the XCC
model restricted to those slots): dropping any one slot of it leaves a
fillable grid, or one the budget could not decide.
"""

from __future__ import annotations

import re
import time
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Callable, Optional

from ...base.errors import CrosswordError
from ...base.letters import upper_letter
from ...base.rng import MASK64, splitmix64
from ...crossword import mirror
from ...crossword.wordlist import WordPool
from .fill import _STOP_HOOK, EMPTY, Filled, Filler, Grid, Slot, luby

FILLABLE, UNFILLABLE, UNKNOWN = "fillable", "unfillable", "unknown"

#: the node cap of each word in the first round (each next round's is fourfold)
FIRST_CAP = 1000
#: a first try for each word keeps the slots more than this many crossings
#: away from the slot as a fill found already has them, for this many nodes,
#: near at most this many fills in turn
NEAR_RADIUS, NEAR_CAP, NEAR_TRIES = 3, 300, 1
#: the whole grid's search of a word restarts after this many nodes times
#: the next term of Luby's sequence, from seeds drawn from this one
RESTART_CAP, RESTART_SEED = 500, 0x5EED
#: a word's first restart takes over the conflict weights of the last word
#: of the slot that restarted (the words of one slot meet the same hard
#: corners: 4% fewer nodes over 17 slots of two 15x15s, 20-30% on the
#: slowest two)
SHARE_WEIGHTS = True
#: the most words one request checks (``top``)
MAX_TOP = 1000
#: the most candidate words over all slots a suggester takes (the engine
#: keeps a list of them a slot: beyond this, refused before any is built)
MAX_CANDIDATES = 20_000_000
#: the most options of the blocking set's model (beyond: no blocking set)
MAX_BLOCKING_OPTIONS = 2_000_000
#: nodes per engine call between checks of the clock (C, mirror)
CHUNK = {"c": 64, "python": 4}

_SLOT_NAME = re.compile(r"^\s*(\d+)\s*-?\s*(a|d|across|down)\s*$", re.IGNORECASE)


def parse_slot_name(text: str) -> tuple[int, str]:
    """(number, "across" or "down") of ``17A``, ``17-Across``, ``17a``,
    ``5D``, ``5 down``; ``ValueError`` otherwise."""
    m = _SLOT_NAME.match(text)
    if not m:
        raise ValueError(
            f"{text!r} is not a slot name like 17A, 17-Across or 5D "
            "(a clue number, then A/Across or D/Down)"
        )
    d = m.group(2).lower()
    return int(m.group(1)), "across" if d.startswith("a") else "down"


def find_slot(grid: Grid, name: str) -> Slot:
    """The slot of ``grid`` named ``name`` (see ``parse_slot_name``);
    ``CrosswordError`` when the name is bad or the grid has no such slot."""
    try:
        number, direction = parse_slot_name(name)
    except ValueError as exc:
        raise CrosswordError(str(exc)) from None
    for s in grid.slots:
        if s.number == number and s.direction == direction:
            return s
    same = [s.name for s in grid.slots if s.number == number]
    hint = f" (it has {', '.join(same)})" if same else ""
    raise CrosswordError(f"{grid.source}: the grid has no {number}-{direction.capitalize()}{hint}")


def pattern(grid: Grid, slot: Slot) -> str:
    """The slot's letters as the grid gives them, '.' for an empty cell."""
    return "".join(
        EMPTY if grid.rows[r][c] == EMPTY else upper_letter(grid.rows[r][c])
        for r, c in slot.cells()
    )


def complete_words(grid: Grid, skip: Optional[Slot] = None) -> dict[str, Slot]:
    """The words already written whole in the grid, by word (the slot
    ``skip`` aside)."""
    out: dict[str, Slot] = {}
    for s in grid.slots:
        if s is skip or s == skip:
            continue
        w = "".join(grid.rows[r][c] for r, c in s.cells())
        if EMPTY not in w:
            out.setdefault(w, s)
    return out


@dataclass
class Suggestion:
    """One word for the slot: ``status`` is ``fillable`` (``witness`` is a
    fill with it), ``unfillable`` (the search with it fixed was exhausted)
    or ``unknown`` (the budget ended first).  ``count`` is the number of
    fills with the word found so far; ``count_complete`` says it is all of
    them (otherwise it is a lower bound)."""

    word: str
    score: int
    status: str = UNKNOWN
    count: int = 0
    count_complete: bool = False
    witness: Optional[Filled] = None
    nodes: int = 0
    seconds: Optional[float] = None  # when it was decided, from the start of the call
    cpu: Optional[float] = None  # the same in CPU seconds of the process
    how: str = ""  # "near" (near another fill), "search" (the whole grid), "slot" (no fill)

    def count_text(self) -> str:
        if self.count_complete:
            return str(self.count)
        return f">= {self.count}"

    def to_json(self, witness: bool = True) -> dict:
        doc: dict = {
            "word": self.word,
            "score": self.score,
            "status": self.status,
            "count": self.count,
            "count_complete": self.count_complete,
            "nodes": self.nodes,
            "seconds": None if self.seconds is None else round(self.seconds, 4),
        }
        if witness and self.witness is not None:
            doc["witness"] = self.witness.to_json()["grid"]
        return doc


@dataclass
class BlockingSet:
    """Slots whose constraints alone already leave the grid no fill;
    ``minimal`` says that dropping any one of them was shown to leave a
    fill (otherwise some drop was undecided within the budget)."""

    slots: list[Slot]
    patterns: list[str]
    minimal: bool

    def to_json(self) -> dict:
        return {
            "slots": [s.name for s in self.slots],
            "patterns": self.patterns,
            "minimal": self.minimal,
        }


@dataclass
class SuggestResult:
    grid: Grid
    slot: Slot
    pattern: str
    fitting: int  # words of the list that fit the slot (before --top)
    suggestions: list[Suggestion]
    empty_slots: list[tuple[Slot, str]]  # slots no word fits, with their patterns
    grid_fillable: Optional[bool]  # None: not decided
    blocking: Optional[BlockingSet] = None
    slot_complete: bool = False  # the slot's letters were all given
    stopped: Optional[str] = None  # "budget", "timeout", "node limit", "interrupt"
    nodes: int = 0
    seconds: float = 0.0
    words: int = 0  # the list's size (at the threshold)
    duplicates: list[str] = field(default_factory=list)  # words excluded: used elsewhere

    def decided(self) -> int:
        return sum(1 for s in self.suggestions if s.status != UNKNOWN)

    def to_json(self, witness: bool = True) -> dict:
        return {
            "slot": self.slot.name,
            "row": self.slot.row,
            "col": self.slot.col,
            "length": self.slot.length,
            "pattern": self.pattern,
            "slot_complete": self.slot_complete,
            "fitting": self.fitting,
            "words": self.words,
            "grid_fillable": self.grid_fillable,
            "suggestions": [s.to_json(witness) for s in self.suggestions],
            "empty_slots": [{"slot": s.name, "pattern": p} for s, p in self.empty_slots],
            "blocking": None if self.blocking is None else self.blocking.to_json(),
            "excluded": self.duplicates,
            "stopped": self.stopped,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
        }

    def render(self) -> str:
        """The answer as text: one line a word (word, score, status, fills),
        then the slots no word fits and the blocking set."""
        lines = []
        width = max((len(s.word) for s in self.suggestions), default=4)
        for s in self.suggestions:
            count = "" if s.status == UNFILLABLE else f"  fills {s.count_text()}"
            if s.status == UNFILLABLE:
                count = "  fills 0"
            lines.append(f"{upper_word(s.word):<{width}}  {s.score:>4}  {s.status:<10}{count}")
        for slot, pat in self.empty_slots:
            lines.append(f"no word fits {slot.name} ({pat})")
        if self.grid_fillable is False and self.blocking is None:
            lines.append("blocking set: none smaller than the grid found within the budget")
        if self.blocking is not None:
            b = self.blocking
            names = ", ".join(f"{s.name} ({p})" for s, p in zip(b.slots, b.patterns))
            how = "minimal" if b.minimal else "minimality not proved within the budget"
            lines.append(f"blocking set: {names} [{how}]")
        return "\n".join(lines)


def upper_word(word: str) -> str:
    return "".join(upper_letter(ch) for ch in word)


class _Clock:
    """The budget of a suggestion: a deadline, a node limit, the nodes so far."""

    def __init__(self, deadline: float, node_limit: Optional[int], stop_name: str) -> None:
        self.deadline = deadline
        self.node_limit = node_limit
        self.stop_name = stop_name  # what the deadline is: "budget" or "timeout"
        self.nodes = 0
        self.stopped: Optional[str] = None
        self.t0, self.c0 = time.perf_counter(), time.process_time()
        self.hook = _STOP_HOOK.get()  # fill.stopping's: called about ten times a second
        self._hook_at = 0.0

    def mark(self, s: Suggestion, how: str) -> None:
        s.seconds = time.perf_counter() - self.t0
        s.cpu = time.process_time() - self.c0
        s.how = how

    def out(self) -> bool:
        if self.stopped is not None:
            return True
        if self.hook is not None:
            now = time.perf_counter()
            if now >= self._hook_at:
                self._hook_at = now + 0.1
                self.hook()  # an exception it raises ends the suggestion
        if self.node_limit is not None and self.nodes >= self.node_limit:
            self.stopped = "node limit"
        elif time.perf_counter() >= self.deadline:
            self.stopped = self.stop_name
        return self.stopped is not None

    def room(self, chunk: int) -> int:
        if self.node_limit is None:
            return chunk
        return max(1, min(chunk, self.node_limit - self.nodes))


def _run_word(
    filler: Filler,
    slot: Slot,
    word: Optional[str],
    cap: int,
    clock: _Clock,
    count: bool,
    fixed: Sequence[tuple[Slot, str]] = (),
    seed: int = 0,
    weights: Optional[list[int]] = None,
) -> tuple[str, int, Optional[Filled], bool]:
    """Search ``filler``'s grid with ``slot`` narrowed to ``word`` (None:
    not narrowed) for at most ``cap`` nodes: (the last status, "found" /
    "exhausted" / "budget" / "stopped"; fills found; the first fill; whether
    the search was exhausted).  With ``count`` it goes on after the first
    fill.  ``seed`` jitters the order of candidates and ``weights`` are
    the conflict weights to start from (a restart)."""
    impl = filler._impl
    filler.restore()
    if word is not None:
        filler.restrict(slot, [word])
    for other, w in fixed:
        filler.restrict(other, [w])
    search = filler._search
    search.set_seed(seed)
    if weights is not None:
        search.set_weights(weights)
    chunk = CHUNK["python" if filler._impl is mirror else "c"]
    fills = 0
    first: Optional[Filled] = None
    used = 0
    while True:
        if clock.out():
            return "stopped", fills, first, False
        if used >= cap:
            return "budget", fills, first, False
        budget = clock.room(min(chunk, cap - used))
        before = search.stats()["nodes"]
        status = search.run(budget)
        spent = search.stats()["nodes"] - before
        used += spent
        clock.nodes += spent
        if status == impl.FOUND:
            fills += 1
            if first is None:
                first = Filled(filler.grid, [filler.pool.word(w) for w in search.solution()])
            if not count:
                return "found", fills, first, False
        elif status == impl.EXHAUSTED:
            return "exhausted", fills, first, True


class Suggester:
    """Suggestions for the slots of one grid over one list: the fillers
    (the whole list's and, for a large list, the smaller one of the first
    round) are built once, then each ``suggest(slot)`` call reuses them."""

    def __init__(
        self,
        grid: Grid,
        pool: WordPool,
        *,
        min_score: Optional[int] = None,
        backend: Optional[str] = None,
    ) -> None:
        if min_score is not None:
            pool = pool.filtered(i for i in range(len(pool)) if pool.scores[i] >= min_score)
        self.grid, self.pool, self.backend = grid, pool, backend
        lengths = {s.length for s in grid.slots}
        st = pool.starts
        self.by_len: dict[int, list[int]] = {}
        for i, n in enumerate(b - a for a, b in zip(st, st[1:])):
            if n in lengths:
                self.by_len.setdefault(n, []).append(i)
        total = sum(len(self.by_len.get(s.length, ())) for s in grid.slots)
        if total > MAX_CANDIDATES:
            raise CrosswordError(
                f"{grid.source}: {len(grid.slots)} slots with {total:,} words of their "
                f"lengths in all, more than the {MAX_CANDIDATES:,} suggestions take: "
                "use a smaller grid or a shorter list (--min-score)"
            )
        self.filler = Filler(grid, pool, backend=backend)
        self.empty = [(s, pattern(grid, s)) for s in self.filler.empty_slots()]
        # the root agreed once: each word's search starts from there
        self.root_fillable = self.filler.snapshot()
        # each word written whole in the grid, with every slot that has it
        self.used: dict[str, list[Slot]] = {}
        for t in grid.slots:
            w = "".join(grid.rows[r][c] for r, c in t.cells())
            if EMPTY not in w:
                self.used.setdefault(w, []).append(t)
        self.filler._word_index()  # built now, not in the first word's time
        self._witness: Optional[Filled] = None  # the last fill found, any slot

    def close(self) -> None:
        self.filler.close()

    def fitting(self, slot: Slot) -> tuple[list[int], list[str]]:
        """The indices of the words that fit ``slot``, best score first
        (the list's order among equals), and the fitting words left out as
        written whole elsewhere in the grid."""
        words, scores = self.pool.words, self.pool.scores
        pat = "".join(
            "." if self.grid.rows[r][c] == EMPTY else re.escape(self.grid.rows[r][c])
            for r, c in slot.cells()
        )
        match = re.compile(pat).fullmatch
        used = {w for w, ts in self.used.items() if any(t != slot for t in ts)}
        fitting: list[int] = []
        duplicates: list[str] = []
        for i in self.by_len.get(slot.length, ()):
            w = words[i]
            if match(w):
                if w in used:
                    duplicates.append(w)
                else:
                    fitting.append(i)
        fitting.sort(key=lambda i: -scores[i])
        return fitting, sorted(duplicates)

    def suggest(
        self,
        slot: Slot,
        *,
        top: int = 50,
        budget: float = 1.0,
        timeout: Optional[float] = None,
        node_limit: Optional[int] = None,
        counts: bool = True,
        blocking: bool = True,
        progress: Optional[Callable[[str, int, int], object]] = None,
    ) -> SuggestResult:
        """See ``suggest``."""
        if top > MAX_TOP:
            raise CrosswordError(f"top={top}: one request checks at most {MAX_TOP} words")
        t0 = time.perf_counter()
        grid, pool = self.grid, self.pool
        limit = budget if timeout is None else min(budget, timeout)
        stop_name = "timeout" if timeout is not None and timeout <= budget else "budget"
        clock = _Clock(t0 + limit, node_limit, stop_name)
        pat = pattern(grid, slot)
        fitting, duplicates = self.fitting(slot)
        words, scores = pool.words, pool.scores
        sugg = [Suggestion(words[i], scores[i]) for i in fitting[: max(0, top)]]
        result = SuggestResult(
            grid,
            slot,
            pat,
            len(fitting),
            sugg,
            self.empty,
            None,
            slot_complete=EMPTY not in pat,
            words=len(pool),
            duplicates=duplicates,
        )
        try:
            _decide(self, slot, sugg, clock, progress, counts, result)
            if blocking and result.grid_fillable is False:
                # the blocking set gets what is left, and at least a quarter of the budget
                clock.deadline = max(clock.deadline, time.perf_counter() + limit / 4)
                if timeout is not None:
                    clock.deadline = min(clock.deadline, t0 + timeout)
                clock.stopped = None
                result.blocking = blocking_set(
                    grid,
                    pool,
                    clock=clock,
                    backend=self.backend,
                    empty=self.empty,
                    known_unfillable=True,
                )
        except KeyboardInterrupt:
            clock.stopped = "interrupt"
            if any(s.status == FILLABLE for s in sugg):
                result.grid_fillable = True
        result.stopped = clock.stopped
        result.nodes = clock.nodes
        result.seconds = time.perf_counter() - t0
        return result


def suggest(
    grid: Grid,
    pool: WordPool,
    slot: Slot,
    *,
    min_score: Optional[int] = None,
    top: int = 50,
    budget: float = 1.0,
    timeout: Optional[float] = None,
    node_limit: Optional[int] = None,
    backend: Optional[str] = None,
    counts: bool = True,
    blocking: bool = True,
    progress: Optional[Callable[[str, int, int], object]] = None,
) -> SuggestResult:
    """The ``top`` best-scored words of ``pool`` (those scored ``min_score``
    or more) that fit ``slot`` of ``grid``, each with whether the rest of
    the grid can still be filled and how many fills it leaves, within
    ``budget`` seconds (and ``timeout``, ``node_limit``; ``top`` at most
    ``MAX_TOP``), with the slots no word fits and, for a grid with no fill, a blocking set of slots
    (``counts``/``blocking`` False skip those).  ``progress(what, done,
    total)`` is called between words.  Ctrl-C ends the search: the result
    says so in ``stopped`` and keeps what was found.  For several slots of
    one grid, a ``Suggester`` builds the engine's handles once."""
    t0 = time.perf_counter()
    sg = Suggester(grid, pool, min_score=min_score, backend=backend)
    try:
        spent = time.perf_counter() - t0
        return sg.suggest(
            slot,
            top=top,
            budget=max(0.0, budget - spent),
            timeout=None if timeout is None else max(0.0, timeout - spent),
            node_limit=node_limit,
            counts=counts,
            blocking=blocking,
            progress=progress,
        )
    finally:
        sg.close()


def _far_slots(grid: Grid, slot: Slot, radius: int) -> list[Slot]:
    """The slots more than ``radius`` crossings away from ``slot``."""
    holders: dict[tuple[int, int], list[Slot]] = {}
    for s in grid.slots:
        for rc in s.cells():
            holders.setdefault(rc, []).append(s)
    near = {slot.index}
    frontier = [slot]
    for _ in range(radius):
        nxt = []
        for s in frontier:
            for rc in s.cells():
                for t in holders[rc]:
                    if t.index not in near:
                        near.add(t.index)
                        nxt.append(t)
        frontier = nxt
    return [s for s in grid.slots if s.index not in near]


def _closest(fills: list[Filled], slot: Slot, word: str, n: int) -> list[Filled]:
    """The ``n`` fills whose words in ``slot`` have the most letters of
    ``word`` in place (the latest first among ties), each word once."""
    ranked: dict[str, tuple[int, int, Filled]] = {}
    for k, f in enumerate(fills):
        w = f.words[slot.index]
        ranked[w] = (sum(a == b for a, b in zip(w, word)), k, f)
    return [f for _, _, f in sorted(ranked.values(), key=lambda t: (-t[0], -t[1]))[:n]]


def _restarts(filler: Filler, slot: Slot, s: Suggestion, cap: int, clock: _Clock, tries: dict):
    """Search the grid with ``s.word`` in ``slot`` for about ``cap`` nodes
    in attempts capped by Luby's sequence times ``RESTART_CAP`` (the time
    to a fill has a heavy tail over orders of candidates), each from a new
    seed with the conflict weights of the attempts before (the first with
    those of the slot's last word that restarted), the word's attempts going
    on from round to round: (status of the last attempt,
    the fill found or None, whether an attempt was exhausted)."""
    state = tries.setdefault(s.word, [0, tries.get("", None) if SHARE_WEIGHTS else None])
    used = 0
    while True:
        attempt, weights = state
        room = RESTART_CAP * luby(attempt + 1)
        seed = 0 if attempt == 0 else splitmix64((RESTART_SEED + attempt) & MASK64)[1] | 1
        status, _fills, first, done = _run_word(
            filler, slot, s.word, room, clock, False, seed=seed, weights=weights
        )
        spent = filler.stats()["nodes"]
        s.nodes += spent
        used += spent
        if status != "budget":
            return status, first, done
        state[0], state[1] = attempt + 1, filler._search.weights()
        tries[""] = state[1]
        if used >= cap:
            return status, first, done


def _decide(sg: Suggester, slot, sugg, clock, progress, counts, result) -> None:
    """Mark ``sugg`` in rounds (see the module's docstring); set the
    result's ``grid_fillable`` where a proof came."""
    filler = sg.filler
    if sg.empty or not sg.root_fillable:
        # a slot no word fits: no word leaves a fill (unless that slot is
        # this one, which then has no word to suggest)
        for s in sugg:
            s.status, s.count_complete = UNFILLABLE, True
        result.grid_fillable = False
        return

    def note(what: str, k: int) -> None:
        if progress is not None:
            progress(what, k, len(sugg))

    far = _far_slots(sg.grid, slot, NEAR_RADIUS)
    tries: dict[str, list] = {}  # each word's restarts so far: [attempt, weights]
    seen: list[Filled] = [] if sg._witness is None else [sg._witness]
    r = 0
    while True:
        left = [s for s in sugg if s.status == UNKNOWN]
        if not left or clock.out():
            break
        cap = FIRST_CAP * 4**r
        for k, s in enumerate(left):
            note("checking", len(sugg) - len(left) + k)
            near = _closest(seen, slot, s.word, NEAR_TRIES) if r == 0 and far else []
            for witness in near:
                # first near fills found already, those whose word here
                # shares the most letters with this one: the slots far from
                # this one keep its words (a fill found so is a fill all the same)
                fixed = [(sl, witness.words[sl.index]) for sl in far]
                status, _fills, first, _done = _run_word(
                    filler, slot, s.word, NEAR_CAP, clock, False, fixed
                )
                s.nodes += filler.stats()["nodes"]
                if first is not None or status == "stopped":
                    break
            if near and first is not None:
                s.status, s.witness = FILLABLE, first
                s.count = 1
                seen.append(first)
                clock.mark(s, "near")
                continue
            if near and status == "stopped":
                break
            status, first, done = _restarts(filler, slot, s, cap, clock, tries)
            if first is not None:
                s.status, s.witness = FILLABLE, first
                s.count = max(s.count, 1)
                sg._witness = first
                seen.append(first)
                clock.mark(s, "search")
            elif done:
                s.status, s.count, s.count_complete = UNFILLABLE, 0, True
                clock.mark(s, "search")
            if status == "stopped":
                break
        r += 1
    # counts: the fillable words whose count is unfinished, caps growing
    cap = FIRST_CAP * 4
    while counts and not clock.out():
        left = [s for s in sugg if s.status == FILLABLE and not s.count_complete]
        if not left:
            break
        for k, s in enumerate(left):
            note("counting", k)
            status, fills, _first, done = _run_word(filler, slot, s.word, cap, clock, True)
            s.count = max(s.count, fills)
            s.count_complete = s.count_complete or done
            if status == "stopped":
                break
        cap *= 4
    if any(s.status == FILLABLE for s in sugg):
        result.grid_fillable = True
    elif result.fitting == len(sugg) and all(s.status == UNFILLABLE for s in sugg):
        result.grid_fillable = False  # every word that fits leaves no fill
    elif not clock.out():
        # some words were not checked (--top): ask the grid itself
        status, _fills, _first, done = _run_word(filler, slot, None, 1 << 62, clock, False)
        if status == "found":
            result.grid_fillable = True
        elif done:
            result.grid_fillable = False


# ---------------------------------------------------------------- the blocking set


class _SlotModel:
    """The XCC model of a grid's fill restricted to a set of slots: slots
    primary, cells secondary colored by letter, one uncolored item per word
    that two slots could share (see ``fill_problem``)."""

    def __init__(self, grid: Grid, pool: WordPool, clock: _Clock) -> None:
        self.grid = grid
        words = pool.words
        self.words = words
        by_len: dict[int, list[int]] = {}
        for i, w in enumerate(words):
            by_len.setdefault(len(w), []).append(i)
        self.cands: list[list[int]] = []
        for s in grid.slots:
            if clock.out():
                raise _OutOfTime()
            given = [
                (k, grid.rows[r][c])
                for k, (r, c) in enumerate(s.cells())
                if grid.rows[r][c] != EMPTY
            ]
            self.cands.append(
                [i for i in by_len.get(s.length, ()) if all(words[i][k] == ch for k, ch in given)]
            )
        if sum(len(c) for c in self.cands) > MAX_BLOCKING_OPTIONS:
            raise _OutOfTime()  # a model this large would not fit: no blocking set
        self.colors = [""] + sorted({ch for w in words for ch in w})
        self.color_of = {ch: k for k, ch in enumerate(self.colors)}

    def problem(self, keep: Sequence[int]):
        from ...xcc.problem import Problem

        slots = self.grid.slots
        cell_item: dict[tuple[int, int], int] = {}
        for k in keep:
            for rc in slots[k].cells():
                cell_item.setdefault(rc, len(keep) + len(cell_item))
        holders: dict[int, int] = {}
        for k in keep:
            for i in self.cands[k]:
                holders[i] = holders.get(i, 0) + 1
        first_word = len(keep) + len(cell_item)
        word_item: dict[int, int] = {}
        names: list[str] = []
        starts, items, colors = array("i", [0]), array("i"), array("i")
        words, color_of = self.words, self.color_of
        for n, k in enumerate(keep):
            cells = [cell_item[rc] for rc in slots[k].cells()]
            for i in self.cands[k]:
                items.append(n)
                colors.append(0)
                items.extend(cells)
                colors.extend(color_of[ch] for ch in words[i])
                if holders[i] > 1:
                    if i not in word_item:
                        word_item[i] = first_word + len(names)
                        names.append("w:" + words[i])
                    items.append(word_item[i])
                    colors.append(0)
                starts.append(len(items))
        cell_names = [f"{r}_{c}" for (r, c) in cell_item]
        return Problem._from_arrays(
            [slots[k].name for k in keep],
            cell_names + names,
            tuple(self.colors),
            starts,
            items,
            colors,
            name="crossword slots",
            dropped=[],
        )


class _OutOfTime(Exception):
    pass


def _has_fill(model: _SlotModel, keep: Sequence[int], clock: _Clock, backend) -> Optional[bool]:
    """Whether the grid restricted to the slots ``keep`` has a fill (None:
    the budget ended first)."""
    from ...xcc.search import Search

    if not keep:
        return True
    if any(not model.cands[k] for k in keep):
        return False
    if clock.out():
        return None
    room = None if clock.node_limit is None else max(1, clock.node_limit - clock.nodes)
    search = Search(
        model.problem(keep),
        backend=backend,
        deadline=clock.deadline,
        node_limit=room,
        limit=1,
    )
    try:
        found = next(iter(search), None)
        clock.nodes += search.stats.nodes
        if found is not None:
            return True
        return False if search.complete else None
    finally:
        search.close()


def blocking_set(
    grid: Grid,
    pool: WordPool,
    *,
    clock: Optional[_Clock] = None,
    budget: float = 1.0,
    backend: Optional[str] = None,
    empty: Optional[list[tuple[Slot, str]]] = None,
    known_unfillable: bool = False,
) -> Optional[BlockingSet]:
    """A smallest set of slots of ``grid`` whose constraints alone have no
    fill from ``pool``, or None when the budget ends before one is shown to
    have none (or the grid has a fill).  Slots are taken nearest first from
    the most constrained slot, the set grown to the shortest unfillable
    prefix (by halving), its last slot kept, and so on (QuickXplain's
    linear cousin); then each slot is dropped in turn to check minimality."""
    if clock is None:
        clock = _Clock(time.perf_counter() + budget, None, "budget")
    slots = grid.slots
    if empty:
        s = empty[0][0]
        return BlockingSet([s], [empty[0][1]], True)
    try:
        model = _SlotModel(grid, pool, clock)
    except _OutOfTime:
        return None
    n = len(slots)
    for k in range(n):
        if not model.cands[k]:
            return BlockingSet([slots[k]], [pattern(grid, slots[k])], True)
    # order: breadth first over crossings from the slot with fewest candidates
    holders: dict[tuple[int, int], list[int]] = {}
    for k, s in enumerate(slots):
        for rc in s.cells():
            holders.setdefault(rc, []).append(k)
    start = min(range(n), key=lambda k: len(model.cands[k]))
    order, seen = [start], {start}
    at = 0
    while len(order) < n:
        if at == len(order):  # another part of the grid
            nxt = min((k for k in range(n) if k not in seen), key=lambda k: len(model.cands[k]))
            order.append(nxt)
            seen.add(nxt)
        k = order[at]
        at += 1
        for rc in slots[k].cells():
            for j in sorted(holders[rc], key=lambda j: len(model.cands[j])):
                if j not in seen:
                    seen.add(j)
                    order.append(j)
    core: list[int] = []
    rest = order
    if not known_unfillable:
        whole = _has_fill(model, rest, clock, backend)
        if whole is not False:
            return None
    while True:
        got = _has_fill(model, core, clock, backend)
        if got is None:  # core + rest is known to have no fill
            return _finish(grid, model, core + rest, clock, backend) if core else None
        if got is False:
            break
        # the shortest prefix of rest that, with core, has no fill
        lo, hi = 1, len(rest)
        while lo < hi:
            mid = (lo + hi) // 2
            got = _has_fill(model, core + rest[:mid], clock, backend)
            if got is None:
                if not core and hi == len(rest):
                    return None  # nothing smaller than the whole grid yet
                return _finish(grid, model, core + rest[:hi], clock, backend)
            if got is False:
                hi = mid
            else:
                lo = mid + 1
        core.append(rest[lo - 1])
        rest = rest[: lo - 1]
    return _finish(grid, model, core, clock, backend)


def _finish(grid, model, core, clock, backend) -> BlockingSet:
    """``core`` (shown to have no fill) with each slot dropped in turn:
    a drop that still has no fill is made; minimal when every drop had one."""
    core = list(core)
    minimal = True
    k = 0
    while k < len(core):
        without = core[:k] + core[k + 1 :]
        got = _has_fill(model, without, clock, backend)
        if got is False:
            core = without
            continue
        if got is None:
            minimal = False
        k += 1
    core.sort()
    slots = [grid.slots[k] for k in core]
    return BlockingSet(slots, [pattern(grid, s) for s in slots], minimal)
