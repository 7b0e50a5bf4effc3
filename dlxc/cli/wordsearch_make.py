"""How ``dlxc wordsearch`` makes its puzzles: the groups its options fall
into, the default time budget of a puzzle's search, and the pages of one
or more puzzles (``--seed``, ``--puzzles``, ``--partial``, ``--format``).
Exit statuses as ``dlxc.cli.wordsearch`` says.
"""

from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass
from typing import Any, Optional

import click

from ..base.errors import NoLayout, SearchStopped
from ..models.pages import wordsearch_page
from ..models.words import display_form
from ..models.wordsearch import WordSearch
from ..models.wordsearch.fit import (
    dense_puzzle,
    fit_words,
    gave_up,
    no_layout,
    word_directions,
)
from . import common
from .common import (
    echo_stats,
    limit_flag,
)
from .output import emit

#: Seconds a puzzle's search may take when no --timeout or --node-limit is
#: given: every puzzle the README and the guide show takes under a second.
PUZZLE_BUDGET = 20.0
#: The default budget when a quick estimate finds the search hopeless.
HOPELESS_BUDGET = 5.0
#: Seconds the fit behind the advice after the budget ran out may take.
PARTIAL_HINT_SECONDS = 3.0


class _OptionGroup:
    """A group of a command's options, taken out of click's keyword
    arguments by field name."""

    @classmethod
    def take(cls, options: dict):
        return cls(**{f.name: options.pop(f.name) for f in dataclasses.fields(cls)})  # type: ignore[arg-type]


@dataclass
class WordsToHide(_OptionGroup):
    """wordsearch: which words (besides those on the command line), in
    which directions, on which cells."""

    word_file: Optional[str]
    theme: Optional[str]
    pick: Optional[int]
    directions: str
    mask_file: Optional[str]
    shape: Optional[str]
    strict: bool


@dataclass
class Wanted(_OptionGroup):
    """wordsearch: what to do with the layouts (count, list, the model in
    DLX format, one puzzle by seed), and whether words must cross."""

    count: bool
    limit: Optional[int]
    layout: bool
    seed: Optional[int]
    dlx: bool
    crossing: bool


@dataclass
class PuzzleControls(_OptionGroup):
    """wordsearch: how puzzles are made (each asks for one)."""

    n_puzzles: Optional[int]
    partial: bool
    message: Optional[str]
    backward: Optional[float]
    diagonal: Optional[float]
    filler: Optional[str]
    filler_weights: str
    decoys: int
    answers: bool
    no_answers: bool
    word_order: str

    def given(self) -> list[str]:
        """The options given that only puzzle pages take, as flags."""
        return [
            flag
            for flag, on in (
                ("--puzzles", self.n_puzzles is not None),
                ("--partial", self.partial),
                ("--message", bool(self.message)),
                ("--decoys", bool(self.decoys)),
                ("--backward", self.backward is not None),
                ("--diagonal", self.diagonal is not None),
                ("--filler-weights", self.filler_weights != "uniform"),
                ("--word-order", self.word_order != "given"),
            )
            if on
        ]


@dataclass
class PageOutput(_OptionGroup):
    """wordsearch: where the results go and how they look."""

    fmt: Optional[str]
    output: Optional[str]
    paper: str
    font: Optional[str]
    title: Optional[str]
    as_json: bool


@dataclass
class SearchLimits(_OptionGroup):
    """A puzzle command's search: limits, backend, progress, and how a
    count runs."""

    node_limit: Optional[int]
    timeout: Optional[float]
    backend: Optional[str]
    quiet: bool
    show_progress: bool
    jobs: int
    memo: bool

    def how(self) -> dict:
        """The keyword arguments of a single search."""
        return dict(
            node_limit=self.node_limit,
            timeout=self.timeout,
            backend=self.backend,
            quiet=self.quiet,
            show_progress=self.show_progress,
        )


def _make_puzzles(
    rows: int,
    cols: int,
    entries: list,
    sources: list,
    clues: list,
    holes,
    *,
    hide: WordsToHide,
    seed: int,
    crossing: bool,
    controls: PuzzleControls,
    page: PageOutput,
    limits: SearchLimits,
) -> None:
    """Make ``n`` puzzles (seeds ``seed``, ``seed + 1``, ...) with the
    maker's controls and write them in ``fmt``."""
    t0 = time.perf_counter()
    n, partial, message = controls.n_puzzles or 1, controls.partial, controls.message
    directions, backend, quiet = hide.directions, limits.backend, limits.quiet
    backward, diagonal = controls.backward, controls.diagonal
    left_out: list[str] = []
    first_layout = None
    if partial:
        dirs = word_directions(
            len(entries), directions, backward=backward, diagonal=diagonal, seed=seed
        )
        fit = fit_words(
            rows, cols, entries, directions, holes, seed=seed, word_dirs=dirs, backend=backend
        )
        left_out = [display_form(entries[k]) for k in fit.left_out]
        first_layout = fit.layout
        if not fit.placed:
            raise NoLayout(f"no word fits in the {rows}x{cols} grid")
        entries = [entries[k] for k in fit.placed]
        sources = [sources[k] for k in fit.placed]
        clues = [clues[k] for k in fit.placed]
        if left_out:  # a warning, which -q keeps
            click.echo(
                f"placed {len(entries)} words; left out {len(left_out)}: " + ", ".join(left_out),
                err=True,
            )
    pages = []
    for k in range(n):
        s = seed + k
        dirs = word_directions(
            len(entries), directions, backward=backward, diagonal=diagonal, seed=s
        )
        ws = WordSearch(
            rows, cols, entries, directions, holes, sources=sources, word_directions=dirs
        )
        reasons = ws.obstacles()
        if reasons:
            no_layout(ws, reasons, crossing)
        make: dict[str, Any] = dict(
            filler=controls.filler,
            crossing=crossing,
            backend=backend,
            filler_weights=controls.filler_weights,
            message=message,
            decoys=controls.decoys,
        )
        if partial:
            puzzle = dense_puzzle(ws, s, first_layout if k == 0 else None, make)
        else:
            budget = _outlook(ws, s, backend, _budget(limits))
            try:
                with common.progress_bar(
                    "searching for a layout", quiet, force=limits.show_progress
                ) as bar:
                    puzzle = ws.puzzle(
                        s,
                        node_limit=limits.node_limit,
                        timeout=limits.timeout if budget is None else budget,
                        progress=bar if bar.enabled else None,
                        **make,
                    )
            except SearchStopped as exc:
                echo_stats(exc.stats, quiet)
                if budget is not None:
                    gave_up(ws, budget, s, backend, PARTIAL_HINT_SECONDS)
                raise _undecided(exc, limits.node_limit, limits.timeout) from None
        theme = hide.theme
        name = page.title or (theme.replace("-", " ").capitalize() if theme else "Word search")
        pages.append(
            wordsearch_page(
                puzzle,
                title=name,
                clues=clues,
                left_out=left_out,
                number=k + 1 if n > 1 else None,
                message=message,
                order=controls.word_order,
            )
        )
    fmt = page.fmt or "text"
    written = emit(
        pages,
        fmt,
        page.output,
        answers=controls.answers,
        paper=page.paper,
        font=page.font,
        key=not controls.no_answers,
    )
    if not quiet:
        where = f" to {', '.join(written)}" if written else ""
        click.echo(
            f"{n} puzzle{'s' if n > 1 else ''} from seed {seed} in {fmt}{where}, "
            f"{time.perf_counter() - t0:.3f} s.",
            err=True,
        )


def _undecided(exc: SearchStopped, node_limit, timeout) -> SearchStopped:
    """A puzzle's search stopped at the user's own limit: name it."""
    why = exc.stopped or ("timeout" if node_limit is None else "node limit")
    return SearchStopped(
        f"undecided: stopped by {limit_flag(why, node_limit, timeout)} before a "
        f"puzzle was made ({exc})",
        exc.stats,
        exc.stopped,
    )


def _budget(limits: SearchLimits) -> Optional[float]:
    """The default time budget of a puzzle's search, when the user set no
    limit of their own."""
    return PUZZLE_BUDGET if limits.timeout is None and limits.node_limit is None else None


def _outlook(ws: WordSearch, seed: int, backend, budget: Optional[float]) -> Optional[float]:
    """Warn (-q keeps it) when a quick estimate finds the search hopeless,
    and then shorten the default budget to ``HOPELESS_BUDGET``: a search the
    estimate puts at a thousand times what the budget covers is not worth
    the wait before the advice."""
    lines = ws.outlook(seed=seed, backend=backend)
    for line in lines:
        click.echo(line, err=True)
    return min(budget, HOPELESS_BUDGET) if lines and budget is not None else budget


def _puzzle(
    ws,
    seed,
    filler,
    crossing,
    answers,
    as_json,
    *,
    node_limit,
    timeout,
    backend,
    quiet,
    show_progress,
):
    t0 = time.perf_counter()
    budget = PUZZLE_BUDGET if timeout is None and node_limit is None else None
    budget = _outlook(ws, seed, backend, budget)
    try:
        with common.progress_bar("searching for a layout", quiet, force=show_progress) as bar:
            puzzle = ws.puzzle(
                seed,
                filler=filler,
                crossing=crossing,
                backend=backend,
                node_limit=node_limit,
                timeout=timeout if budget is None else budget,
                progress=bar if bar.enabled else None,
            )
    except NoLayout as exc:
        no_layout(
            ws, exc.reasons, crossing, "" if exc.reasons else " (the complete search found none)"
        )
        raise
    except SearchStopped as exc:
        echo_stats(exc.stats, quiet)
        if budget is not None:
            gave_up(ws, budget, seed, backend, PARTIAL_HINT_SECONDS)
        raise _undecided(exc, node_limit, timeout) from None
    if as_json:
        click.echo(json.dumps(puzzle.to_json(), ensure_ascii=False))
    else:
        click.echo(puzzle.render())
        click.echo()
        click.echo("\n".join(puzzle.words))
        if answers:
            click.echo()
            click.echo(puzzle.answer_key())
    if not quiet:
        st = puzzle.stats
        how = (
            f"drawn uniformly from all {st.solutions} layouts"
            if puzzle.uniform
            else "found by a randomized search (too many layouts to draw uniformly)"
        )
        click.echo(
            f"Puzzle from seed {seed}: layout {how}, {st.nodes} nodes, "
            f"{puzzle.repairs} repairs, {time.perf_counter() - t0:.3f} s "
            f"({st.backend} backend).",
            err=True,
        )
