"""Fitting words to a grid before a puzzle is made: the grid size chosen
for a list of words (``choose_size``), the words that fit when not all do
(``fit_words``), and each word's directions for a share of backward and
diagonal words (``word_directions``); and when no puzzle comes of them,
the one made of whatever layouts fit (``dense_puzzle``, for ``--partial``)
and why none exists (``no_layout``, ``gave_up``).

Each question is a short bounded search of the word-search model: a
layout found proves the words fit; a search that ends at its node limit
counts as "does not fit" (so a word left out might fit after a longer
search: the result says which words were left out, never silently).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NoReturn, Optional, Union

from ...base.errors import NoLayout, ProblemError, SearchStopped
from ...base.runner import Limits
from ..words import display_form
from ..words import letters as word_letters
from .grid import _ALL, parse_directions
from .layout import Layout
from .maker import puzzle_from_layout
from .model import WordSearch

FIT_NODES = 20_000  # nodes one "do these words fit?" search may spend
MAX_SIDE = 60  # the largest grid choose_size tries

_FORWARD = ("E", "S")
_BACKWARD = ("W", "N")
_DIAG_FORWARD = ("SE", "NE")
_DIAG_BACKWARD = ("SW", "NW")


def _fits(
    rows: int,
    cols: int,
    entries: Sequence[str],
    directions,
    holes,
    seed: int,
    word_dirs=None,
    node_limit: int = FIT_NODES,
    backend: Optional[str] = None,
) -> Optional[Layout]:
    ws = WordSearch(rows, cols, entries, directions, holes or None, word_directions=word_dirs)
    if ws.obstacles():
        return None
    return quick_layout(ws, seed, node_limit=node_limit, tries=1, backend=backend)


def quick_layout(
    ws: WordSearch,
    seed: int,
    *,
    node_limit: int = FIT_NODES,
    tries: int = 20,
    backend: Optional[str] = None,
) -> Optional[Layout]:
    """A layout of ``ws`` from up to ``tries`` searches, each over the
    options in a new random order (``WordSearch.puzzle_problem``: no word
    inside another) and stopped after ``node_limit`` nodes (restarts beat
    the heavy tail of one long search in a dense grid); None if none found."""
    rng = random.Random(seed)
    for _ in range(tries):
        problem, order = ws.puzzle_problem(rng)  # options shuffled: layouts vary
        with problem.search(
            backend=backend, seed=rng.getrandbits(31), node_limit=node_limit
        ) as run:
            run.room = 1
            sol = next(run, None)
        if sol is not None:
            return ws.layout(order[j] for j in sol)
    return None


def choose_size(
    entries: Sequence[str],
    directions="all",
    *,
    seed: int = 0,
    margin: float = 0.15,
    word_dirs=None,
    backend: Optional[str] = None,
) -> int:
    """The side of a square grid for ``entries``: the smallest side at which
    a short search finds a layout, grown by ``margin`` (at least one more
    row and column) so that the puzzle has room for variety.  The search
    starts at the side whose cells hold every letter once (no word may be
    longer than the side)."""
    lengths = [len(word_letters(e)) for e in entries]
    if not lengths:
        raise ProblemError("no words to place")
    side = max(max(lengths), math.ceil(math.sqrt(sum(lengths) * 0.75)))
    while side <= MAX_SIDE:
        if _fits(side, side, entries, directions, None, seed, word_dirs, backend=backend):
            return side + max(1, round(side * margin))
        side += 1
    raise ProblemError(
        f"the {len(entries)} words found no layout in grids up to "
        f"{MAX_SIDE}x{MAX_SIDE}; give the size"
    )


@dataclass
class Fit:
    """Which entries fit (``placed``, in the given order) and which were
    left out (``left_out``)."""

    placed: list = field(default_factory=list)
    left_out: list = field(default_factory=list)
    layout: Optional[Layout] = None  # a layout of the placed words


def fit_words(
    rows: int,
    cols: int,
    entries: Sequence[str],
    directions="all",
    holes=None,
    *,
    seed: int = 0,
    word_dirs=None,
    node_limit: int = FIT_NODES,
    backend: Optional[str] = None,
    timeout: Optional[float] = None,
) -> Fit:
    """As many of ``entries`` as fit together, by a greedy rule: the words
    go in one at a time, shortest first (ties in a seeded random order), and
    a word stays when a search of at most ``node_limit`` nodes finds a
    layout of it with the words kept so far.  Short words first keeps the
    most words: a long word takes the room of several short ones.  After
    ``timeout`` seconds the words not yet tried are left out.  Returns the
    indices kept and left out."""
    rng = random.Random(seed)
    order = list(range(len(entries)))
    rng.shuffle(order)
    lengths = [len(word_letters(e)) for e in entries]
    order.sort(key=lambda k: lengths[k])
    kept: list[int] = []
    out = Fit()
    limits = Limits(timeout=timeout)
    for k in order:
        if limits.reached(0) is not None:
            out.left_out.append(k)
            continue
        trial = sorted(kept + [k])
        dirs = None if word_dirs is None else [word_dirs[j] for j in trial]
        found = _fits(
            rows,
            cols,
            [entries[j] for j in trial],
            directions,
            holes,
            rng.getrandbits(31),
            dirs,
            node_limit,
            backend,
        )
        if found is not None:
            kept = trial
            out.layout = found
        else:
            out.left_out.append(k)
    out.placed = kept
    out.left_out.sort()
    return out


def word_directions(
    n: int,
    directions: Union[str, Sequence[str]] = "all",
    *,
    backward: Optional[float] = None,
    diagonal: Optional[float] = None,
    seed: int = 0,
) -> Optional[list[tuple[str, ...]]]:
    """Each of ``n`` words' directions so that about ``backward`` of them
    read backwards (W, N, SW, NW) and ``diagonal`` of them diagonally (the
    shares from 0 to 1; rounded to whole words, drawn at random by
    ``seed``).  Only directions in ``directions`` are used.  None when no
    share is given (every word takes every direction)."""
    if backward is None and diagonal is None:
        return None
    for name, share in (("backward", backward), ("diagonal", diagonal)):
        if share is not None and not 0 <= share <= 1:
            raise ProblemError(f"the {name} share must be from 0 to 1, not {share!r}")
    allowed = set(parse_directions(directions))
    rng = random.Random(seed)
    n_back = None if backward is None else round(backward * n)
    n_diag = None if diagonal is None else round(diagonal * n)
    back = set(rng.sample(range(n), n_back)) if n_back is not None else None
    diag = set(rng.sample(range(n), n_diag)) if n_diag is not None else None
    out = []
    for k in range(n):
        pool: set[str] = set()
        for group, is_back, is_diag in (
            (_FORWARD, False, False),
            (_BACKWARD, True, False),
            (_DIAG_FORWARD, False, True),
            (_DIAG_BACKWARD, True, True),
        ):
            if back is not None and (k in back) != is_back:
                continue
            if diag is not None and (k in diag) != is_diag:
                continue
            pool.update(group)
        dirs = tuple(d for d in _ALL if d in pool and d in allowed)
        if not dirs:
            raise ProblemError(
                f"the directions {','.join(sorted(allowed))} leave no way to "
                "give the words the backward and diagonal shares asked for"
            )
        out.append(dirs)
    return out


def gave_up(
    ws: WordSearch, budget: float, seed: int, backend, hint_seconds: float = 3.0
) -> NoReturn:
    """Raise ``NoLayout`` after a puzzle's default budget (``budget``
    seconds) ran out: what was tried, what a fit of the words of at most
    ``hint_seconds`` found, and what to do."""
    letters = sum(len(lets) for lets in ws.word_letters)
    lines = [
        f"no puzzle: the search found no layout of the {len(ws.words)} words "
        f"({letters} letters) in the {len(ws.cells)} cells within the default "
        f"budget of {budget:g} s (none may exist)"
    ]
    dirs = list(ws.word_directions) if len(set(ws.word_directions)) > 1 else None
    fit = fit_words(
        ws.rows,
        ws.cols,
        list(ws.entries),
        ws.directions,
        ws.holes or None,
        seed=seed,
        word_dirs=dirs,
        backend=backend,
        timeout=hint_seconds,
    )
    if fit.placed:
        out = ", ".join(display_form(ws.entries[k]) for k in fit.left_out[:8])
        more = ", ..." if len(fit.left_out) > 8 else ""
        lines.append(
            f"--partial places {len(fit.placed)} of the {len(ws.words)} words "
            f"(leaving out {out}{more})"
        )
    lines.append(
        "try: --partial (as many words as fit), a bigger grid, fewer words, "
        "or --timeout SECONDS for a longer search"
    )
    raise NoLayout("\n".join(lines))


def dense_puzzle(ws: WordSearch, seed: int, hint, make: dict, tries: int = 10):
    """A puzzle of words that fill the grid densely (``--partial``): the
    layout comes from short restarted searches (``hint``: the one the fit
    found), and the maker fills it; a layout it cannot fill is replaced."""
    rng = random.Random(seed)
    for attempt in range(tries):
        layout = (
            hint
            if attempt == 0 and hint is not None
            else quick_layout(ws, rng.getrandbits(31), backend=make["backend"])
        )
        if layout is None:
            continue
        # the same placements, as options of this word search (each has one)
        options = [
            ws.option_at(ws.words.index(p.word), p.row * ws.cols + p.col, _ALL.index(p.direction))
            for p in layout.placements
        ]
        layout = ws.layout(j for j in options if j is not None)
        puzzle = puzzle_from_layout(ws, layout, seed, **make)
        if puzzle is not None:
            return puzzle
    raise SearchStopped(
        f"gave up after {tries} layouts of the {len(ws.words)} words that "
        "fit: none could be filled so that each word reads once"
    )


def no_layout(ws: WordSearch, reasons, crossing: bool, search_note: str = "") -> NoReturn:
    """Raise ``NoLayout`` saying why, when that can be told."""
    if reasons:
        lines = ["no layout exists: " + reasons[0]] + ["also: " + why for why in reasons[1:]]
    else:
        what = " in which every word crosses another" if crossing else ""
        lines = [f"no layout{what} exists{search_note}"]
        if not crossing and len(ws.words) > 1:
            core = ws.conflict(timeout=1.0)
            if core is not None and len(core) < len(ws.words):
                names = ", ".join(repr(w) for w in core)
                lines.append(f"the words {names} alone have no layout in this grid")
    raise NoLayout("\n".join(lines), reasons)
