"""Word search as XCC: each word a primary item, each cell a secondary item
colored by its letter, each placement (word, start, direction) an option.

Items and options come in the order docs/design/xcc.md gives for DLX2's figures:
words as given, then cells row by row (``r_c``); options word by word, the
directions in the order E, W, S, N, SE, SW, NE, NW, and for each direction
the start cells row by row.  Two placements of one word that cover the same
cells with the same letters (a palindrome read both ways, or a one-letter
word in any direction) are one option: the first in that order.

A grid may have a mask, a small picture in which ``#`` marks a square that
is not a cell of the puzzle (``.`` marks a cell), so that shapes work; a
word's line of cells never jumps over such a square.

``WordSearch`` is the library face: it builds the problem, counts and lists
layouts (each a ``Layout`` that knows its ``Placement`` s and renders as a
grid), within an optional node limit or timeout, and makes a seeded
``Puzzle`` (``dlxc.models.puzzle``).  ``word_search_problem`` is the plain
XCC problem.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Optional, Union

from ...base.errors import ProblemError
from ...xcc.count import count_solutions
from ...xcc.engines.shared import all_overlap
from ...xcc.problem import Problem
from ..words import letters as word_letters
from ..words import normalize_words
from . import reasons
from .grid import _ALL, _EARLIER_OPPOSITE, DIRECTIONS, parse_directions, parse_mask
from .layout import Layout, LayoutSearch, Placement
from .maker import UNIFORM_NODES, Puzzle, make_puzzle
from .view import Containment

# ---- the modeler ----------------------------------------------------------------------

#: The most nodes (an option's word and cells, summed over the options) a
#: word search model may have.  Building one costs about 80 bytes a node
#: (the placements, the problem and the engine's copy; 4.9 GB for the 64
#: million nodes of two 3-letter words in a 1000x1000 grid), so this keeps a
#: model under about 1 GB; the 118 chemical elements in 32x32 take 5.9
#: million nodes, 0.33 GB and 2 s for their puzzle.
MAX_NODES = 12_000_000
BYTES_PER_NODE = 80


def model_size(
    rows: int, cols: int, lengths: Sequence[int], word_dirs: Sequence[Sequence[str]]
) -> tuple[int, int]:
    """An upper bound on the (options, nodes) of a word search, counted in
    time proportional to the words and directions, not the cells: each word
    of length L in direction (dr, dc) has (rows - (L-1)|dr|) (cols -
    (L-1)|dc|) starts, and an option has L + 1 nodes (a mask only removes
    options)."""
    options = nodes = 0
    for length, dirs in zip(lengths, word_dirs):
        for d in dirs:
            dr, dc = DIRECTIONS[d]
            starts = max(0, rows - (length - 1) * abs(dr)) * max(0, cols - (length - 1) * abs(dc))
            options += starts
            nodes += starts * (length + 1)
    return options, nodes


class WordSearch:
    """A word search: words to place in a ROWS x COLS grid (less the
    squares of a mask) along the allowed directions.

    >>> ws = WordSearch(4, 4, ["abel", "land"], directions="orthogonal")
    >>> ws.count()
    112
    >>> ws.count(crossing=True)
    16
    >>> print(next(iter(ws.layouts(crossing=True))))
    A B E L
    . . . A
    . . . N
    . . . D
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        words: Sequence[str],
        directions: Union[str, Iterable[str]] = "all",
        mask: Union[None, str, Iterable[tuple[int, int]]] = None,
        *,
        sources: Optional[Sequence[str]] = None,
        word_directions: Optional[Sequence[Union[str, Iterable[str]]]] = None,
    ) -> None:
        for what, v in (("rows", rows), ("cols", cols)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise ProblemError(f"a grid needs at least one row and one column; {what} = {v!r}")
        if isinstance(words, str):
            raise ProblemError(f"words should be a list of words, not the string {words!r}")
        normal = normalize_words(list(words), source=sources)
        if not normal.words:
            raise ProblemError("no words to place")
        self.rows, self.cols = rows, cols
        self.entries: tuple[str, ...] = tuple(words)
        self.words: tuple[str, ...] = tuple(normal.words)
        self.word_letters: tuple[tuple[str, ...], ...] = tuple(normal.letters)
        self.directions: tuple[str, ...] = parse_directions(directions)
        # each word's own directions (a puzzle's difficulty: which words go
        # backwards or diagonally); by default every word takes them all
        if word_directions is None:
            self.word_directions: tuple[tuple[str, ...], ...] = (self.directions,) * len(self.words)
        else:
            if len(word_directions) != len(self.words):
                raise ProblemError(
                    f"word_directions has {len(word_directions)} entries "
                    f"for {len(self.words)} words"
                )
            self.word_directions = tuple(parse_directions(d) for d in word_directions)
            self.directions = tuple(d for d in _ALL if any(d in ds for ds in self.word_directions))
        if mask is None:
            holes: frozenset = frozenset()
        elif isinstance(mask, str):
            _, _, holes = parse_mask(mask, rows, cols)
        else:
            holes = frozenset((int(r), int(c)) for r, c in mask)
            bad = [h for h in holes if not (0 <= h[0] < rows and 0 <= h[1] < cols)]
            if bad:
                raise ProblemError(
                    f"mask square {sorted(bad)[0]!r} is outside the {rows}x{cols} grid"
                )
        self.holes: frozenset = holes
        self._check_size()
        self.cells: tuple[tuple[int, int], ...] = tuple(
            (r, c) for r in range(rows) for c in range(cols) if (r, c) not in holes
        )
        if not self.cells:
            raise ProblemError("the mask leaves no cell")
        # item of each square (row-major), -1 for a hole
        self._item = array("i", [-1]) * (rows * cols)
        n_words = len(self.words)
        for k, (r, c) in enumerate(self.cells):
            self._item[r * cols + c] = n_words + k
        self._place()
        self._problem: Optional[Problem] = None
        self._ref_arrays = None
        self._starts_index: Optional[dict] = None
        self._containment: Optional[Containment] = None
        self._cell_masks: Optional[list] = None  # option -> its cells as bits, r*cols+c

    def _check_size(self) -> None:
        """``ProblemError`` before the model is built when it would not fit
        in memory or time (``MAX_NODES``), with the figures."""
        lengths = [len(lets) for lets in self.word_letters]
        options, nodes = model_size(self.rows, self.cols, lengths, self.word_directions)
        if nodes <= MAX_NODES:
            return
        # the largest square grid whose model fits, for the advice
        lo, hi = 1, max(self.rows, self.cols)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if model_size(mid, mid, lengths, self.word_directions)[1] <= MAX_NODES:
                lo = mid
            else:
                hi = mid - 1
        raise ProblemError(
            f"a {self.rows}x{self.cols} grid is too big for this model: its "
            f"{len(self.words)} words have up to {options:,} placements with "
            f"{nodes:,} nodes, about {nodes * BYTES_PER_NODE / 1e9:.1f} GB to build; "
            f"the most is {MAX_NODES:,} nodes (a grid of up to {lo}x{lo} for these "
            "words, or fewer directions)"
        )

    # -- placements, compactly: option j is (word, start square, direction)
    def _place(self) -> None:
        rows, cols, item = self.rows, self.cols, self._item
        pw, ps, pd = array("i"), array("i"), array("i")
        self._word_options: list[range] = []
        # (word, direction, starts, first option, runs): the options of one
        # word and direction, in a row; runs are the starts' ranges row by
        # row when there is no mask
        self._groups: list[tuple[int, int, array, int, Optional[list]]] = []
        for w, lets in enumerate(self.word_letters):
            n = len(lets)
            palindrome = lets == lets[::-1]
            first = len(pw)
            dirs = self.word_directions[w]
            for d in dirs:
                if n == 1 and len(pw) > first:
                    break  # one letter: one placement per cell
                if palindrome and _EARLIER_OPPOSITE.get(d) in dirs:
                    continue
                dr, dc = DIRECTIONS[d]
                di = _ALL.index(d)
                step = dr * cols + dc
                r_lo, r_hi = max(0, -dr * (n - 1)), min(rows, rows - dr * (n - 1))
                c_lo, c_hi = max(0, -dc * (n - 1)), min(cols, cols - dc * (n - 1))
                starts = array("i")
                runs: Optional[list[tuple[int, int]]] = None if self.holes else []
                for r in range(r_lo, r_hi):
                    base = r * cols
                    if self.holes:
                        starts.extend(
                            s
                            for s in range(base + c_lo, base + c_hi)
                            if all(item[s + k * step] >= 0 for k in range(n))
                        )
                    elif c_lo < c_hi and runs is not None:  # runs: no holes
                        starts.extend(range(base + c_lo, base + c_hi))
                        runs.append((base + c_lo, base + c_hi))
                if starts:
                    self._groups.append((w, di, starts, len(pw), runs))
                    pw.extend(array("i", [w]) * len(starts))
                    ps.extend(starts)
                    pd.extend(array("i", [di]) * len(starts))
            self._word_options.append(range(first, len(pw)))
        self._pw, self._ps, self._pd = pw, ps, pd

    def subset(self, keep: Sequence[int]) -> WordSearch:
        """The word search of the words at ``keep`` (indices of ``words``),
        on the same grid, each word with its own directions."""
        return type(self)(
            self.rows,
            self.cols,
            [self.words[k] for k in keep],
            self.directions,
            self.holes or None,
            word_directions=[self.word_directions[k] for k in keep],
        )

    @property
    def word_options(self) -> list[range]:
        """Each word's option indices, in the words' order."""
        return self._word_options

    def options_of(self, word: str) -> range:
        """The option indices of ``word``'s placements."""
        return self._word_options[self.words.index("".join(word_letters(word)))]

    def placement(self, j: int) -> Placement:
        """Option ``j`` as a placement."""
        w, s, d = self._pw[j], self._ps[j], _ALL[self._pd[j]]
        dr, dc = DIRECTIONS[d]
        r, c = divmod(s, self.cols)
        lets = self.word_letters[w]
        cells = tuple((r + dr * k, c + dc * k) for k in range(len(lets)))
        return Placement(self.words[w], r, c, d, cells, lets)

    @property
    def n_options(self) -> int:
        return len(self._pw)

    def _arrays(self):
        """(colors, opt_start, opt_items, opt_colors) of all options in the
        reference order, built a (word, direction) group at a time."""
        cols, item = self.cols, self._item
        steps = [dr * cols + dc for dr, dc in DIRECTIONS.values()]
        color_of: dict[str, int] = {}
        colors = [""]
        # colors numbered in first-seen order over the options, as Problem does
        for w, lets in enumerate(self.word_letters):
            if len(self._word_options[w]):
                for ch in lets:
                    if ch not in color_of:
                        color_of[ch] = len(colors)
                        colors.append(ch)
        opt_start = array("i", [0])
        opt_items = array("i")
        opt_colors = array("i")
        n_words = len(self.words)
        square_items = array("i", range(n_words, n_words + self.rows * self.cols))
        for w, di, starts, _, runs in self._groups:
            lets = self.word_letters[w]
            width, m, step = len(lets) + 1, len(starts), steps[di]
            block = array("i", [w]) * (m * width)
            for k in range(1, width):
                off = (k - 1) * step
                if runs is None:
                    block[k::width] = array("i", [item[s + off] for s in starts])
                else:  # no mask: square s is item n_words + s; copy runs of them
                    column = array("i")
                    for lo, hi in runs:
                        column.extend(square_items[lo + off : hi + off])
                    block[k::width] = column
            end = len(opt_items)
            opt_items.extend(block)
            opt_colors.extend(array("i", [0] + [color_of[ch] for ch in lets]) * m)
            opt_start.extend(range(end + width, end + width * m + 1, width))
        return tuple(colors), opt_start, opt_items, opt_colors

    def _make_problem(self, arrays=None, secondary_extra: Sequence[str] = ()) -> Problem:
        colors, opt_start, opt_items, opt_colors = arrays or self._arrays()
        secondary = [f"{r}_{c}" for r, c in self.cells] + list(secondary_extra)
        return Problem._from_arrays(
            self.words,
            secondary,
            colors,
            opt_start,
            opt_items,
            opt_colors,
            name=f"wordsearch {self.rows}x{self.cols}",
            dropped=[],
        )

    def option_at(self, w: int, start: int, di: int) -> Optional[int]:
        """The option that places word ``w`` (its index in ``words``) from
        square ``start`` (row * cols + col) in direction ``di`` (an index of
        ``grid.DIRECTIONS``), or None when the directions do not allow it; a
        palindrome's reading from the other end gives its one option."""
        lets = self.word_letters[w]
        n = len(lets)
        d = _ALL[di]
        dirs = self.word_directions[w]
        if n == 1:
            d = dirs[0]
        elif lets == lets[::-1] and _EARLIER_OPPOSITE.get(d) in dirs:
            dr, dc = DIRECTIONS[d]
            start += (n - 1) * (dr * self.cols + dc)
            d = _EARLIER_OPPOSITE[d]
        if d not in dirs:
            return None
        if self._starts_index is None:
            self._starts_index = {
                (w_, di): {s: k0 + t for t, s in enumerate(starts)}
                for w_, di, starts, k0, _ in self._groups
            }
        index = self._starts_index.get((w, _ALL.index(d)))
        return None if index is None else index.get(start)

    def puzzle_problem(self, rng: random.Random) -> tuple[Problem, array]:
        """(problem, order): the problem a puzzle's layout is drawn from, and
        which option of ``problem`` each of its options is (option k is
        ``order[k]``).  The options of each word come in an order shuffled
        by ``rng``, and no word may be placed inside another's placement.

        When word A reads inside word B (TIN in PLATINUM, or A is B read
        backwards), each placement p of A that some placement of B covers
        gets a secondary item ``A@r_c<dir>``: p colors it 0 and every such
        placement of B colors it 1, so they exclude each other while two
        placements of B (or of B and C) may still cover it together."""
        colors, st, items, cols_ = self.problem_arrays()
        extra = self.containment()
        adds = extra.adds
        colors = colors + ("0", "1")
        c0, c1 = len(colors) - 2, len(colors) - 1
        base = len(self.words) + len(self.cells)
        keys = array("I")
        keys.frombytes(rng.randbytes(4 * self.n_options))
        raw = memoryview(items).cast("B")
        order = array("i")
        opt_start = array("i", [0])
        opt_items = array("i")
        opt_colors = array("i")
        for w, options in enumerate(self._word_options):
            if not options:
                continue
            perm = sorted(options, key=keys.__getitem__)
            order.extend(perm)
            width = len(self.word_letters[w]) + 1
            first = st[options.start]
            if not any(j in adds for j in options):
                # rows of equal width: move each option's bytes in one slice
                size = 4 * width
                skip = 4 * (first - width * options.start)
                rows = [raw[skip + size * j : skip + size * (j + 1)] for j in perm]
                opt_items.frombytes(b"".join(rows))
                opt_colors.extend(cols_[first : first + width] * len(perm))
                end = opt_start[-1]
                opt_start.extend(range(end + width, end + width * len(perm) + 1, width))
                continue
            for j in perm:
                a, b = st[j], st[j + 1]
                opt_items.extend(items[a:b])
                opt_colors.extend(cols_[a:b])
                for x, is_b in adds.get(j, ()):
                    opt_items.append(base + x)
                    opt_colors.append(c1 if is_b else c0)
                opt_start.append(len(opt_items))
        problem = self._make_problem((colors, opt_start, opt_items, opt_colors), extra.names)
        return problem, order

    def problem_arrays(self):
        """The arrays of ``problem`` (cached)."""
        if self._ref_arrays is None:
            self._ref_arrays = self._arrays()
        return self._ref_arrays

    def containment(self) -> Containment:
        """The pairs of words of which one lies inside the other (TIN in
        PLATINUM, or a word read backwards inside another): ``names`` of the
        secondary items that keep such placements apart, and ``adds``, for
        each option concerned, the items it gets (see ``puzzle_problem``).
        Computed once."""
        if self._containment is None:
            self._containment = self._find_containment()
        return self._containment

    def _find_containment(self) -> Containment:
        out = Containment()
        words = self.word_letters
        pairs = []
        for a, la in enumerate(words):
            ra = la[::-1]
            for b, lb in enumerate(words):
                if a == b or len(la) > len(lb):
                    continue
                for i in range(len(lb) - len(la) + 1):
                    piece = lb[i : i + len(la)]
                    if piece == la:
                        pairs.append((a, b, i, True))
                    elif piece == ra:
                        pairs.append((a, b, i, False))
        if not pairs:
            return out
        steps = [dr * self.cols + dc for dr, dc in DIRECTIONS.values()]
        opposite = {
            d: _ALL.index(o)
            for d, o in (
                ("E", "W"),
                ("W", "E"),
                ("S", "N"),
                ("N", "S"),
                ("SE", "NW"),
                ("NW", "SE"),
                ("SW", "NE"),
                ("NE", "SW"),
            )
        }
        slot_item: dict[int, int] = {}
        for a, b, i, forward in pairs:
            n = len(words[a])
            for q in self._word_options[b]:
                s, di = self._ps[q], self._pd[q]
                step = steps[di]
                if forward:
                    p = self.option_at(a, s + i * step, di)
                else:
                    p = self.option_at(a, s + (i + n - 1) * step, opposite[_ALL[di]])
                if p is None:
                    continue
                x = slot_item.get(p)
                if x is None:
                    x = slot_item[p] = len(out.names)
                    r, c = divmod(self._ps[p], self.cols)
                    out.names.append(f"{self.words[a]}@{r}_{c}{_ALL[self._pd[p]]}")
                    out.adds.setdefault(p, []).append((x, False))
                out.adds.setdefault(q, []).append((x, True))
        return out

    @property
    def problem(self) -> Problem:
        """The XCC problem: option j is ``placement(j)``."""
        if self._problem is None:
            self._problem = self._make_problem(self.problem_arrays())
        return self._problem

    def layout(self, solution: Iterable[int]) -> Layout:
        """The layout of a solution (option indices of ``problem``)."""
        chosen = sorted(solution, key=lambda j: self._pw[j])
        return Layout(self, [self.placement(j) for j in chosen])

    def _mask_of(self, j: int) -> int:
        w, s, d = self._pw[j], self._ps[j], self._pd[j]
        dr, dc = DIRECTIONS[_ALL[d]]
        step = dr * self.cols + dc
        m = 0
        for k in range(len(self.word_letters[w])):
            m |= 1 << (s + step * k)
        if self._cell_masks is not None:
            self._cell_masks[j] = m
        return m

    def cell_masks(self) -> list:
        """Every option's cells as bits (r * cols + c), by option index."""
        masks = self._cell_masks
        if masks is None:
            masks = self._cell_masks = [None] * self.n_options
        return [self._mask_of(j) if m is None else m for j, m in enumerate(masks)]

    def crosses(self, solution: Sequence[int]) -> bool:
        """Whether every word of a layout (given as option indices of
        ``problem``) shares a cell with another word; the options' cell
        masks are kept for the next call."""
        masks = self._cell_masks
        if masks is None:
            masks = self._cell_masks = [None] * self.n_options
        own = []
        for j in solution:
            m = masks[j]
            own.append(self._mask_of(j) if m is None else m)
        return all_overlap(own)

    # -- why there is no layout, when that is cheap to tell (``reasons``)
    def longest_line(self, directions: Optional[Sequence[str]] = None) -> int:
        """The most cells in a straight line along the allowed directions."""
        return reasons.longest_line(self, directions)

    def obstacles(self) -> list[str]:
        """Reasons, found without searching, why no layout can exist
        (empty when none is found: then only a search can tell)."""
        return reasons.obstacles(self)

    def outlook(self, **kwargs) -> list[str]:
        """Lines to show before a long search for a layout: empty, or that
        the search looks hopeless and what would help (``reasons.outlook``:
        seed, backend, probes, timeout)."""
        return reasons.outlook(self, **kwargs)

    def conflict(
        self, *, timeout: float = 1.0, backend: Optional[str] = None
    ) -> Optional[list[str]]:
        """A smallest-found set of words that alone have no layout, or None
        when that could not be decided within ``timeout`` seconds
        (``reasons.conflict``)."""
        return reasons.conflict(self, timeout=timeout, backend=backend)

    # -- counting and listing
    def layouts(
        self,
        *,
        crossing: bool = False,
        limit: Optional[int] = None,
        backend: Optional[str] = None,
        seed: Optional[int] = None,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Layout]:
        """Layouts one at a time (all, or the first ``limit``)."""
        with LayoutSearch(
            self,
            crossing=crossing,
            backend=backend,
            seed=seed,
            node_limit=node_limit,
            timeout=timeout,
        ) as found:
            if limit is not None and not crossing:
                found.room = min(found.room, limit)
            for k, layout in enumerate(found):
                if limit is not None and k >= limit:
                    return
                yield layout

    def search(self, **kwargs) -> LayoutSearch:
        """A ``LayoutSearch`` (keyword arguments: crossing, backend, seed,
        node_limit, timeout)."""
        return LayoutSearch(self, **kwargs)

    def count(
        self,
        *,
        crossing: bool = False,
        backend: Optional[str] = None,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        jobs: Optional[int] = 1,
        memo: bool = False,
        progress=None,
    ) -> int:
        """The number of layouts; ``SearchStopped`` if a limit stops it.

        ``jobs`` processes share the count (0 or None: every core) and
        ``memo`` counts with a memo table (``dlxc.xcc.count``).  With
        ``crossing`` the layouts are checked one by one (the overlap filter
        on the cells), which a memoized count cannot do."""
        return count_solutions(
            self.problem,
            "layouts",
            backend=backend,
            jobs=jobs,
            memo=memo,
            node_limit=node_limit,
            timeout=timeout,
            progress=progress,
            overlap=self.cell_masks() if crossing else None,
        )

    # -- puzzles
    def puzzle(
        self,
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
        """A puzzle made from ``seed``: a random layout (``draw_layouts``),
        its empty cells filled with random letters drawn from ``filler``
        (default: the letters of the words), such that each word is found
        exactly once in the finished grid, in any of the 8 directions (a
        palindrome, read both ways, counts once).

        Readings of a word that lie inside another word's placement do not
        count (TIN inside PLATINUM cannot be avoided), and no word's
        placement may lie inside another's.  Filler letters that create
        extra readings are drawn again (at most ``max_rounds`` times).  A
        layout whose own letters make an extra reading is repaired: the
        words crossing that reading are placed anew around the others (at
        most ``max_repairs`` times), and if that fails the next layout is
        drawn (at most ``max_layouts``).  Raises ``NoLayout`` when there is none, and
        ``SearchStopped`` at a limit.  The same seed gives the same puzzle.

        Every layout is equally likely when the layouts can be counted with
        a memo table in at most ``uniform_nodes`` search nodes (a fixed
        budget, so the outcome does not depend on the machine's speed): the
        layout is then drawn exactly uniformly (``dlxc.sampling``), and one
        that cannot be made a puzzle is drawn again rather than repaired, so
        the puzzle's layout is uniform among those that can be.  Bigger
        puzzles, whose layouts are far too many to count, take the
        randomized search above; ``Puzzle.uniform`` says which way was taken.

        ``filler_weights="words"`` draws filler letters as often as they
        occur in the words.  ``message`` is written into the cells the words
        leave free, in reading order (``Puzzle.message_cells``); the rest is
        filler.  ``decoys`` near-misses of the words (a word less its last
        letter, or with an inner letter changed) go into free cells
        (``Puzzle.decoys``).
        """
        return make_puzzle(
            self,
            seed,
            filler=filler,
            crossing=crossing,
            backend=backend,
            node_limit=node_limit,
            timeout=timeout,
            max_layouts=max_layouts,
            max_rounds=max_rounds,
            max_repairs=max_repairs,
            uniform_nodes=uniform_nodes,
            progress=progress,
            filler_weights=filler_weights,
            message=message,
            decoys=decoys,
        )


def word_search_problem(
    rows: int, cols: int, words: Sequence[str], directions: Union[str, Iterable[str]] = _ALL
) -> Problem:
    """The XCC problem whose solutions are the layouts of ``words``."""
    return WordSearch(rows, cols, words, directions).problem
