"""Finished word-search puzzles: a layout drawn at random, its empty cells
filled so that each word reads exactly once (``WordSearch.puzzle``).

How a layout is drawn.  When the layouts can be counted within a fixed
node budget, ``uniform_layouts`` draws one exactly uniformly from them
(``dlxc.sampling``).  Otherwise ``draw_layouts`` takes the first layouts of
searches with shuffled options and random tie-breaks, which is fast on any
size but favours some layouts.  ``_PuzzleMaker`` then finds every reading of
every word in the grid, repairs layouts whose own letters read a word twice
(randomized path only), and fills the empty cells.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, Optional

from ...base.closing import Closing
from ...base.errors import MemoLimitError, NoLayout, ProblemError, SearchStopped
from ...base.runner import Limits
from ...xcc.estimate import estimate
from ...xcc.problem import Problem
from ...xcc.sampling import Sampler
from ...xcc.search import Search
from ..words import letters as word_letters
from .grid import _ALL, DIRECTIONS, _render
from .layout import Layout, Placement
from .view import WordSearchView

UNIFORM_NODES = 1_000_000  # search nodes a puzzle may spend counting its layouts
#: How filler letters are drawn: each letter of the alphabet alike, or as
#: often as it occurs in the words (so the filler looks like the words'
#: language, and no word stands out by its letters).
FILLER_WEIGHTS = ("uniform", "words")


def letter_weights(ws: WordSearchView, alphabet: Sequence[str]) -> list[float]:
    """How often each letter of ``alphabet`` occurs in the words, plus one
    half (a letter of ``--filler`` that no word uses still shows up)."""
    counts: dict[str, int] = {}
    for lets in ws.word_letters:
        for ch in lets:
            counts[ch] = counts.get(ch, 0) + 1
    return [counts.get(ch, 0) + 0.5 for ch in alphabet]


_ESTIMATE_SECONDS = 0.25  # at most this long for the probes that judge a uniform draw


class Puzzle:
    """A finished word-search puzzle: a layout whose empty cells hold filler
    letters, such that each word is found exactly once (see
    ``WordSearch.puzzle``)."""

    def __init__(
        self,
        layout: Layout,
        grid: list[list[Optional[str]]],
        filler: Sequence[str],
        seed: object,
        stats=None,
        repairs: int = 0,
        uniform: bool = False,
    ) -> None:
        self.layout = layout
        self.repairs = repairs
        self.uniform = uniform  # layout drawn exactly uniformly (see WordSearch.puzzle)
        self.grid = grid
        self.filler = tuple(filler)
        self.seed = seed
        self.stats = stats
        self.message_cells: tuple[tuple[int, int], ...] = ()  # the hidden message's cells
        self.decoys: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()

    @property
    def words(self) -> list[str]:
        return [p.word for p in self.layout.placements]

    def render(self, hole: str = " ") -> str:
        return _render(
            len(self.grid),
            len(self.grid[0]) if self.grid else 0,
            lambda r, c: self.grid[r][c],
            hole,
        )

    __str__ = render

    def answer_key(self) -> str:
        """The layout alone, and where each word starts (counting from 1)."""
        lines = [self.layout.render(), ""]
        width = max((len(p.word) for p in self.layout.placements), default=0)
        for p in self.layout.placements:
            lines.append(
                f"{p.word.ljust(width)}  row {p.row + 1}, column {p.col + 1}, {p.direction}"
            )
        return "\n".join(lines)

    def to_json(self) -> dict:
        s = self.layout.search
        return {
            "rows": s.rows,
            "cols": s.cols,
            "seed": self.seed,
            "grid": self.grid,
            "words": [p.to_json() for p in self.layout.placements],
        }


def make_puzzle(
    ws: WordSearchView,
    seed: int,
    *,
    filler: Optional[str] = None,
    crossing: bool = False,
    backend: Optional[str] = None,
    node_limit: Optional[int] = None,
    timeout: Optional[float] = None,
    max_layouts: int = 30,
    max_rounds: int = 30,
    max_repairs: int = 20,
    uniform_nodes: int = UNIFORM_NODES,
    progress=None,
    filler_weights: str = "uniform",
    message: Optional[str] = None,
    decoys: int = 0,
) -> Puzzle:
    """The puzzle of ``ws`` for ``seed``; see ``WordSearch.puzzle``.
    ``progress(fraction, stats)`` is called as the layout searches go on."""
    deadline = Limits(timeout=timeout).deadline
    rng = random.Random(seed)
    reasons = ws.obstacles()
    if reasons:
        raise NoLayout("no layout exists", reasons)
    if filler is None:
        alphabet = list(dict.fromkeys(ch for lets in ws.word_letters for ch in lets))
    else:
        alphabet = list(dict.fromkeys(word_letters(filler, what="filler")))
    if filler_weights not in FILLER_WEIGHTS:
        raise ProblemError(
            f"filler weights {filler_weights!r}: use one of {', '.join(FILLER_WEIGHTS)}"
        )
    weights = letter_weights(ws, alphabet) if filler_weights == "words" else None
    hidden = () if not message else word_letters(message, what="message")
    if hidden:
        room = len(ws.cells) - max((len(lets) for lets in ws.word_letters), default=0)
        if len(hidden) > room:
            raise ProblemError(
                f"the message has {len(hidden)} letters, but at most {room} "
                f"cells of the {len(ws.cells)} can be left over by the words"
            )
    maker = _PuzzleMaker(
        ws,
        rng,
        alphabet,
        crossing=crossing,
        backend=backend,
        max_rounds=max_rounds,
        max_repairs=max_repairs,
        deadline=deadline,
        weights=weights,
        message=hidden,
        decoys=decoys,
    )
    prepared = ws.puzzle_problem(rng)
    uniform = uniform_layouts(
        ws,
        prepared,
        rng,
        crossing=crossing,
        backend=backend,
        node_limit=min(uniform_nodes, node_limit or uniform_nodes),
        seed=_engine_seed(seed) ^ 0x2545F4914F6CDD1D,
        deadline=deadline,
        progress=progress,
    )
    if uniform.sampler is not None:
        with uniform:
            if uniform.sampler.count == 0:
                raise NoLayout("no layout exists (complete search)")
            for tried, layout in enumerate(uniform, 1):
                made = maker.make(layout, max_repairs=0)  # repairs would bias the draw
                if made is not None:
                    final, grid = made
                    return maker.finish(
                        Puzzle(final, grid, alphabet, seed, uniform.stats, uniform=True)
                    )
                if tried >= max_layouts or maker.timed_out:
                    break
    if node_limit is not None and uniform.stats is not None:
        node_limit = max(1, node_limit - uniform.stats.nodes)
    tried = 0
    draw = draw_layouts(
        ws,
        rng,
        seed,
        crossing=crossing,
        backend=backend,
        node_limit=node_limit,
        deadline=deadline,
        prepared=prepared,
        progress=progress,
    )
    try:
        for layout in draw:
            tried += 1
            made = maker.make(layout)
            if maker.timed_out:
                raise SearchStopped("the timeout passed while repairing a layout", draw.stats)
            if made is not None:
                final, grid = made
                return maker.finish(
                    Puzzle(
                        final,
                        grid,
                        alphabet,
                        seed,
                        draw.stats,
                        repairs=maker.repairs,
                        uniform=False,
                    )
                )
            if tried >= max_layouts:
                raise SearchStopped(
                    f"gave up after {tried} layouts: in none of them could each word be "
                    "found exactly once (a larger grid, or other filler letters, may "
                    "help)",
                    draw.stats,
                )
        if draw.complete:
            if tried:
                raise NoLayout(f"none of the {tried} layouts lets each word be found exactly once")
            what = "in which every word crosses another " if crossing else ""
            raise NoLayout(f"no layout {what}exists (complete search)")
        raise SearchStopped(
            f"the search stopped at the {draw.stopped} before finding a layout"
            if not tried
            else f"the search stopped at the {draw.stopped} after {tried} "
            "layouts, none of them good",
            draw.stats,
        )
    finally:
        draw.close()


def puzzle_from_layout(
    ws: WordSearchView,
    layout: Layout,
    seed,
    *,
    filler: Optional[str] = None,
    filler_weights: str = "uniform",
    message: Optional[str] = None,
    decoys: int = 0,
    crossing: bool = False,
    backend: Optional[str] = None,
    max_repairs: int = 20,
    max_rounds: int = 30,
) -> Optional[Puzzle]:
    """The puzzle made from a given layout of ``ws`` (repaired and filled
    as ``make_puzzle`` does), or None when it cannot be made one.  For
    layouts found another way: the words that fit a grid (``fit.py``)."""
    rng = random.Random(seed)
    if filler is None:
        alphabet = list(dict.fromkeys(ch for lets in ws.word_letters for ch in lets))
    else:
        alphabet = list(dict.fromkeys(word_letters(filler, what="filler")))
    weights = letter_weights(ws, alphabet) if filler_weights == "words" else None
    hidden = () if not message else word_letters(message, what="message")
    maker = _PuzzleMaker(
        ws,
        rng,
        alphabet,
        crossing=crossing,
        backend=backend,
        max_rounds=max_rounds,
        max_repairs=max_repairs,
        weights=weights,
        message=hidden,
        decoys=decoys,
    )
    made = maker.make(layout)
    if made is None:
        return None
    final, grid = made
    return maker.finish(Puzzle(final, grid, alphabet, seed, None, repairs=maker.repairs))


class uniform_layouts(Closing):
    """Layouts of a puzzle problem, each drawn exactly uniformly, for as
    long as they are wanted (independent draws, so repeats are possible).

    It first counts the problem with a memo table (``dlxc.sampling``);
    when the count needs more than ``node_limit`` nodes or more than
    ``memo_bytes`` of memo table, ``sampler`` is None and nothing is drawn.
    The attempt is skipped when it would surely fail: when the problem has
    more than ``max_options`` options, or when a few random probes (Knuth's
    estimate, seeded by ``seed``) put the plain search tree at more than
    four times ``node_limit`` nodes (the memo seldom saves more than a
    fraction of a word search's nodes: 7% on the 8x8 seed puzzle).  With
    ``crossing``, layouts in which some word crosses no other are drawn
    again (rejection keeps the draw uniform among crossing layouts), up to
    ``max_rejects`` times in a row, after which the draws end."""

    def __init__(
        self,
        ws: WordSearchView,
        prepared: tuple[Problem, array],
        rng: random.Random,
        *,
        crossing: bool,
        backend: Optional[str],
        node_limit: int,
        seed: int,
        max_rejects: int = 1000,
        memo_bytes: int = 64 << 20,
        max_options: int = 20_000,
        deadline: Optional[float] = None,
        progress=None,
    ) -> None:
        self.ws = ws
        self.problem, self.order = prepared
        self.rng = rng
        self.crossing = crossing
        self.max_rejects = max_rejects
        self.sampler: Optional[Sampler] = None
        self.stats = None
        if (
            node_limit <= 0
            or len(self.problem.options) > max_options
            or estimate(
                self.problem,
                probes=16,
                seed=seed,
                backend=backend,
                calibrate=None,
                timeout=_ESTIMATE_SECONDS,
            ).nodes
            > 4 * node_limit
        ):
            return
        try:
            timeout = Limits(deadline=deadline).left()
            self.sampler = Sampler(
                self.problem,
                backend=backend,
                node_limit=node_limit,
                memo_limit=memo_bytes,
                timeout=timeout,
                progress=progress,
            )
            self.stats = self.sampler.stats
        except SearchStopped as stop:
            self.stats = stop.stats
        except MemoLimitError:
            pass

    def __iter__(self) -> Iterator[Layout]:
        order, ws = self.order, self.ws
        rejects = 0
        while self.sampler is not None and rejects <= self.max_rejects:
            chosen = [order[j] for j in self.sampler.draw(self.rng.getrandbits(63))]
            if self.crossing and not ws.crosses(chosen):
                rejects += 1
                continue
            rejects = 0
            yield ws.layout(chosen)

    def close(self) -> None:
        if self.sampler is not None:
            self.sampler.close()


class draw_layouts:
    """The layouts a seeded puzzle is made from, in the order they are tried.

    The options of each word are shuffled by ``rng`` (only their order
    within the word's item matters to the search), and a search with random tie-breaks
    (from ``seed``) gives the first layouts.  The next layouts of one search
    differ only in its last choices, so after ``per_search`` of them (a
    layout spoilt early stays spoilt) a new search starts with a new seed
    drawn from ``rng``.  The node limit and the timeout hold for all the
    searches together.  When a search ends complete, every layout has been
    drawn (``complete``); ``stopped`` names the limit that ended the draw.

    ``WordSearch.puzzle`` uses it when a uniform draw (``uniform_layouts``)
    would cost too much."""

    def __init__(
        self,
        ws: WordSearchView,
        rng: random.Random,
        seed: Optional[int],
        *,
        crossing: bool = False,
        backend: Optional[str] = None,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        deadline: Optional[float] = None,
        per_search: int = 3,
        prepared: Optional[tuple[Problem, array]] = None,
        progress=None,
    ) -> None:
        self.ws = ws
        self.rng = rng
        self.problem, self.order = prepared or ws.puzzle_problem(rng)
        self.crossing = crossing
        self.backend = backend
        self.node_limit = node_limit
        self.deadline = Limits(timeout=timeout, deadline=deadline).deadline
        self.per_search = per_search
        self.progress = progress
        self.searches = 0
        self.complete = False
        self.stopped: Optional[str] = None
        self._engine_seed = _engine_seed(seed)
        self._done_stats: list = []
        self.run: Optional[Search] = None

    def _nodes_so_far(self) -> int:
        return sum(st.nodes for st in self._done_stats)

    def __iter__(self) -> Iterator[Layout]:
        order, ws = self.order, self.ws
        while True:
            node_limit = None
            if self.node_limit is not None:
                node_limit = self.node_limit - self._nodes_so_far()
                if node_limit <= 0:
                    self.stopped = "node limit"
                    return
            seed = self._engine_seed if self.searches == 0 else self.rng.getrandbits(63)
            self.searches += 1
            self.run = run = Search(
                self.problem,
                backend=self.backend,
                seed=seed,
                node_limit=node_limit,
                deadline=self.deadline,
                progress=self.progress,
            )
            if not self.crossing:
                run.room = self.per_search
            drawn = 0
            try:
                for sol in run:
                    chosen = [order[j] for j in sol]
                    if self.crossing and not ws.crosses(chosen):
                        continue
                    yield ws.layout(chosen)
                    drawn += 1
                    if drawn >= self.per_search:
                        break
                else:
                    if run.complete:
                        self.complete = True
                    else:
                        self.stopped = run.stopped
                    return
            finally:
                self._done_stats.append(run.stats)
                run.close()
                self.run = None

    @property
    def stats(self):
        """The searches' statistics added up."""
        all_stats = list(self._done_stats)
        if self.run is not None:
            all_stats.append(self.run.stats)
        if not all_stats:
            return None
        total = all_stats[-1]
        return replace(
            total,
            solutions=sum(s.solutions for s in all_stats),
            nodes=sum(s.nodes for s in all_stats),
            updates=sum(s.updates for s in all_stats),
            cleansings=sum(s.cleansings for s in all_stats),
            seconds=sum(s.seconds for s in all_stats),
            complete=self.complete,
            max_level=max(s.max_level for s in all_stats),
        )

    def close(self) -> None:
        if self.run is not None:
            self.run.close()


def _option_of(ws: WordSearchView, p: Placement) -> int:
    """The option of ``ws`` that is placement ``p``."""
    j = ws.option_at(ws.words.index(p.word), p.row * ws.cols + p.col, _ALL.index(p.direction))
    if j is None:
        raise ProblemError(f"{p} is not a placement of this word search")
    return j


def _engine_seed(seed: Any) -> int:
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed & ((1 << 63) - 1)
    return random.Random(seed).getrandbits(63)


_END = object()  # marks the end of a word in _PuzzleMaker's trie
_REPAIR_NODES = 100_000  # node limit of one repair's search


class _PuzzleMaker:
    """Turns layouts into puzzles: finds every reading of every word in a
    grid (8 directions), repairs layouts whose own letters make an extra
    reading, and fills the empty cells so that each word has one reading."""

    def __init__(
        self,
        ws: WordSearchView,
        rng: random.Random,
        alphabet: Sequence[str],
        *,
        crossing: bool,
        backend: Optional[str],
        max_rounds: int,
        max_repairs: int,
        deadline: Optional[float] = None,
        weights: Optional[Sequence[float]] = None,
        message: Sequence[str] = (),
        decoys: int = 0,
    ) -> None:
        self.ws = ws
        self.weights = None if weights is None else list(weights)
        self.message = tuple(message)
        self.n_decoys = decoys
        self.message_cells: tuple = ()
        self.decoys: tuple = ()
        self.deadline = deadline
        self.timed_out = False
        self.rng = rng
        self.alphabet = list(alphabet)
        self.crossing = crossing
        self.backend = backend
        self.max_rounds = max_rounds
        self.max_repairs = max_repairs
        self.repairs = 0
        trie: dict = {}
        for w, lets in enumerate(ws.word_letters):
            node = trie
            for ch in lets:
                node = node.setdefault(ch, {})
            node[_END] = w
        self.trie = trie

    def readings(self, grid: list[list[Optional[str]]]) -> set[tuple[int, frozenset]]:
        """(word index, cells) of every reading; a palindrome's two readings
        of the same cells are one."""
        rows, cols, trie = self.ws.rows, self.ws.cols, self.trie
        out = set()
        for r in range(rows):
            line = grid[r]
            for c in range(cols):
                first = trie.get(line[c])
                if first is None:
                    continue
                for dr, dc in DIRECTIONS.values():
                    node = first
                    cells = [(r, c)]
                    rr, cc = r, c
                    while True:
                        w = node.get(_END)
                        if w is not None:
                            out.add((w, frozenset(cells)))
                        rr += dr
                        cc += dc
                        if not (0 <= rr < rows and 0 <= cc < cols):
                            break
                        node = node.get(grid[rr][cc])
                        if node is None:
                            break
                        cells.append((rr, cc))
        return out

    def extras(self, layout: Layout, grid) -> list[frozenset]:
        """Cell sets of the readings that should not be there: readings of
        a word other than its placement, not inside another word's
        placement; and a placement inside another's."""
        own = [frozenset(p.cells) for p in layout.placements]
        covering: dict[tuple[int, int], list[int]] = {}
        for w, cells in enumerate(own):
            for cell in cells:
                covering.setdefault(cell, []).append(w)
        out = []
        for w, cells in enumerate(own):
            if any(cells <= own[v] for v in covering[next(iter(cells))] if v != w):
                out.append(cells)
        for w, cells in self.readings(grid):
            if cells == own[w]:
                continue
            inside = covering.get(next(iter(cells)), ())
            if any(cells <= own[v] for v in inside if v != w):
                continue
            out.append(cells)
        return sorted(out, key=sorted)

    def make(
        self, layout: Layout, max_repairs: Optional[int] = None
    ) -> Optional[tuple[Layout, list]]:
        """(layout, filled grid), or None when this layout cannot be made a
        puzzle within the bounds (``max_repairs``: default the maker's)."""
        for _ in range((self.max_repairs if max_repairs is None else max_repairs) + 1):
            bad = self.extras(layout, layout.grid(empty=None))
            if not bad:
                grid = self.fill(layout)
                return None if grid is None else (layout, grid)
            self.repairs += 1
            repaired = self.repair(layout, bad)
            if repaired is None or self.timed_out:
                return None
            layout = repaired
        return None

    def _letter(self, avoid: Optional[str] = None) -> str:
        """A filler letter (weighted when the maker has weights), other than
        ``avoid`` when the alphabet has another."""
        alphabet, weights = self.alphabet, self.weights
        if avoid is not None and len(alphabet) > 1:
            keep = [k for k, ch in enumerate(alphabet) if ch != avoid]
            alphabet = [alphabet[k] for k in keep]
            weights = None if weights is None else [weights[k] for k in keep]
        if weights is None:
            return self.rng.choice(alphabet)
        return self.rng.choices(alphabet, weights)[0]

    def fill(self, layout: Layout) -> Optional[list[list[Optional[str]]]]:
        """The grid of ``layout`` with its empty cells filled: the hidden
        message first (in reading order), then decoys, then filler letters;
        letters that make a word read twice are drawn again (never the
        message's).  None when the layout leaves too few cells for the
        message or the filler cannot be made right."""
        rng = self.rng
        grid = layout.grid(empty=None)
        used = layout.letters
        empty = [cell for cell in self.ws.cells if cell not in used]
        if len(empty) < len(self.message):
            return None
        fixed = set(used)
        self.message_cells = tuple(empty[: len(self.message)])
        for (r, c), ch in zip(self.message_cells, self.message):
            grid[r][c] = ch
            fixed.add((r, c))
        self.decoys = self._place_decoys(grid, fixed)
        for r, c in empty:
            if grid[r][c] is None:
                grid[r][c] = self._letter()
        for _ in range(self.max_rounds + 1):
            extra = self.extras(layout, grid)
            if not extra:
                return grid
            for cells in extra:
                free = sorted(cell for cell in cells if cell not in fixed)
                if not free:
                    return None  # the message's own letters read a word
                r, c = rng.choice(free)
                grid[r][c] = self._letter(avoid=grid[r][c])
        return None

    def _place_decoys(self, grid, fixed) -> tuple:
        """Near-misses of the words written into empty cells: a word less its
        last letter, or with one inner letter changed (words of 4 letters
        or more), each along a random free line.  A decoy that a later
        redraw spoils stays a near-miss or becomes noise, never a word."""
        ws, rng = self.ws, self.rng
        long_words = [lets for lets in ws.word_letters if len(lets) >= 4]
        if not self.n_decoys or not long_words:
            return ()
        taken = set(fixed)
        placed: list[tuple[str, tuple[tuple[int, int], ...]]] = []
        steps = list(DIRECTIONS.values())
        for _ in range(self.n_decoys * 20):
            if len(placed) >= self.n_decoys:
                break
            lets = list(rng.choice(long_words))
            if rng.random() < 0.5:
                lets = lets[:-1]
            else:
                k = rng.randrange(1, len(lets) - 1)
                lets[k] = self._letter(avoid=lets[k])
            r, c = rng.choice(ws.cells)
            dr, dc = rng.choice(steps)
            cells = [(r + dr * k, c + dc * k) for k in range(len(lets))]
            if any(
                cell in taken
                or cell in ws.holes
                or not (0 <= cell[0] < ws.rows and 0 <= cell[1] < ws.cols)
                for cell in cells
            ):
                continue
            for (i, j), ch in zip(cells, lets):
                grid[i][j] = ch
            taken.update(cells)
            placed.append(("".join(lets), tuple(cells)))
        return tuple(placed)

    def finish(self, puzzle: Puzzle) -> Puzzle:
        """The puzzle with what the last fill put in besides the words."""
        puzzle.message_cells = self.message_cells
        puzzle.decoys = self.decoys
        return puzzle

    def repair(self, layout: Layout, bad: list[frozenset]) -> Optional[Layout]:
        """A layout in which the words whose cells make the ``bad`` readings
        are placed anew (not where they were), the other words staying.
        When they cannot be, a few more words are freed, three times at most."""
        ws, rng = self.ws, self.rng
        options = [_option_of(ws, p) for p in layout.placements]
        touched = set().union(*bad)
        free = {w for w, p in enumerate(layout.placements) if touched & set(p.cells)}
        banned = {options[w] for w in free}
        for _ in range(3):
            fixed = [options[w] for w in range(len(options)) if w not in free]
            found = self._place_again(sorted(free), fixed, banned)
            if self.timed_out:
                return None
            if found is not None:
                chosen = fixed + found
                if self.crossing and not ws.crosses(chosen):
                    return None
                return ws.layout(chosen)
            others = [w for w in range(len(options)) if w not in free]
            if not others:
                return None
            free.update(rng.sample(others, min(3, len(others))))
        return None

    def _place_again(
        self, free: list[int], fixed: list[int], banned: set[int]
    ) -> Optional[list[int]]:
        """Options for the words ``free`` that agree with the ``fixed``
        options (letters, and no word inside another), found by a small
        search; None when there are none (within a node limit)."""
        ws, rng = self.ws, self.rng
        colors, st, items, cols_ = ws.problem_arrays()
        extra = ws.containment()
        n_words, n_cells = len(ws.words), len(ws.cells)
        c0, c1 = len(colors), len(colors) + 1  # the containment items' two colors

        def entries(j):
            a, b = st[j] + 1, st[j + 1]
            out = list(zip(items[a:b], cols_[a:b]))
            for x, is_b in extra.adds.get(j, ()):
                out.append((n_words + n_cells + x, c1 if is_b else c0))
            return out

        fixed_color: dict[int, int] = {}
        for j in fixed:
            fixed_color.update(entries(j))
        position = {w: k for k, w in enumerate(free)}
        opt_start, opt_items, opt_colors = array("i", [0]), array("i"), array("i")
        chosen_from: list[int] = []
        for w in free:
            candidates = [j for j in ws.word_options[w] if j not in banned]
            rng.shuffle(candidates)
            for j in candidates:
                es = entries(j)
                if all(fixed_color.get(i, c) == c for i, c in es):
                    opt_items.append(position[w])
                    opt_colors.append(0)
                    for i, c in es:
                        opt_items.append(len(free) + i - n_words)
                        opt_colors.append(c)
                    opt_start.append(len(opt_items))
                    chosen_from.append(j)
        secondary = [f"{r}_{c}" for r, c in ws.cells] + list(extra.names)
        problem = Problem._from_arrays(
            [ws.words[w] for w in free],
            secondary,
            colors + ("0", "1"),
            opt_start,
            opt_items,
            opt_colors,
            name="repair",
            dropped=[],
        )
        if problem.unused_primaries():
            return None
        with Search(
            problem,
            backend=self.backend,
            seed=rng.getrandbits(63),
            node_limit=_REPAIR_NODES,
            deadline=self.deadline,
        ) as run:
            run.room = 1
            sol = next(run, None)
            if run.stopped == "timeout":
                self.timed_out = True
        return None if sol is None else [chosen_from[k] for k in sol]
