"""``dlxc boggle``: the words of a board, totals of many boards, the search
for the best board, and boards rolled from real dice, as text or as pages
to print and to play (``--format pdf|html|svg|json``, dlxc.render).

Results go to stdout, statistics, notes and the progress bar to stderr.
Every file is read through dlxc.base.files (word lists by its one policy).
Exit status, as every command's: 0 done, 1 bad input (a board of the wrong
length, a letter that is not a..z, a file that cannot be read, a word list
with no usable word), 2 usage, 130 Ctrl-C (``best`` prints the best board
found so far first), 141 stdout closed.  The default word list is
ENABLE2K (dlxc/models/wordlists/enable2k.txt).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Optional

import click

from ..base.progress import ClockBar
from ..boggle import (
    DICE,
    KICK,
    STALL,
    BestResult,
    BestSearch,
    Board,
    Boggle,
    ParallelScorer,
    best_on_dask,
    check_size,
    parse_size,
    roll,
)
from ..render.kinds import boggle_page
from .common import strict_option, user_errors, watch
from .options import engine_option, quiet_option
from .output import emit, output_format_options

_BATCH = 1 << 16  # boards read and scored at a time by `score`
# boards per engine call on one process: Ctrl-C is seen between two calls,
# and 2048 boards take some 20 ms on one core (random 4x4, ENABLE2K)
_ONE_CALL = 1 << 11


def _words_option(f):
    return click.option(
        "-w",
        "--words",
        "words",
        default=None,
        metavar="LIST",
        help="The word list, one word a line (default: ENABLE2K, "
        "dlxc/models/wordlists/enable2k.txt).",
    )(f)


def _cut(runs, most: int):
    """Runs of boards (rows, cols, letters) cut to at most ``most`` boards."""
    for rows, cols, letters in runs:
        size = most * rows * cols
        for k in range(0, len(letters), size):
            yield rows, cols, letters[k : k + size]


def _size_option(f):
    return click.option(
        "--size",
        default=None,
        metavar="ROWSxCOLS",
        help="The board's size (default: the square of its length).",
    )(f)


def _jobs(jobs: Optional[int]) -> int:
    from ..base.pool import resolve_jobs

    return resolve_jobs(jobs)


@click.group()
def boggle() -> None:
    """Boggle: the words of a board, totals of many boards, the best board.

    A board is its letters row by row, the die face Qu written q:
    perslatgsineters is the 4x4 board PERS / LATG / SINE / TERS.  Words of 3
    letters or more count once a board: 1 1 2 3 5 11 points for 3, 4, 5, 6,
    7, 8+ letters (Qu counts two).
    """


def _minutes_option(f):
    return click.option(
        "--minutes",
        type=click.FloatRange(min=0.1, max=600),
        default=3.0,
        show_default=True,
        help="With --format html: the time on the page's clock.",
    )(f)


def _page(board: Board, found: list, score: int, title: str, minutes: float):
    """The page of a solved board: its words with paths and points."""
    page = boggle_page(
        board.letters,
        [(f.word, f.path, f.points) for f in found],
        cols=board.cols,
        score=score,
        title=title,
    )
    page.meta["minutes"] = minutes
    return page


def _emit(pages: list, fmt: str, output: Optional[str], **kw) -> None:
    """Write the pages and name on stderr the files written."""
    for path in emit(pages, fmt, output, **kw):
        click.echo(f"wrote {path}", err=True)


def _text(lines: list, output: Optional[str]) -> None:
    """Lines of text to stdout, or to the file ``output``."""
    if output is None or output == "-":
        for line in lines:
            click.echo(line)
        return
    with open(output, "w", encoding="utf-8") as f:
        f.write("".join(f"{line}\n" for line in lines))
    click.echo(f"wrote {output}", err=True)


# ---- solve --------------------------------------------------------------------


@boggle.command()
@click.argument("board")
@_words_option
@_size_option
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object instead.")
@output_format_options
@_minutes_option
@engine_option
@strict_option
@user_errors
def solve(
    board: str,
    words: Optional[str],
    size: Optional[str],
    as_json: bool,
    fmt: Optional[str],
    output: Optional[str],
    paper: str,
    font: Optional[str],
    title: Optional[str],
    minutes: float,
    backend: Optional[str],
    strict: bool = False,
) -> None:
    """Every word of BOARD with a path (cells numbered 0.. row by row) and
    its points, then the total.  With --format pdf, the board to hand out
    (large, with lines to write on) and an answer page (every word by
    length with its points, and the total); html, a page to play on
    screen against a timer; svg or json, the board and its words.

    \b
    dlxc boggle solve perslatgsineters
    dlxc boggle solve perslatgsineters --format pdf -o board.pdf
    """
    parsed = Board.parse(board, parse_size(size) if size else None)
    with Boggle(words, backend=backend, strict=strict) as bg:
        sol = bg.solve(parsed)
    found = sorted(sol.words, key=lambda f: (-f.points, f.word))
    if fmt not in (None, "text"):
        page = _page(parsed, found, sol.score, title or "Boggle", minutes)
        _emit([page], fmt, output, paper=paper, font=font)
        return
    if as_json:
        obj = {
            "board": parsed.letters,
            "rows": parsed.rows,
            "cols": parsed.cols,
            "score": sol.score,
            "words": [{"word": f.word, "path": list(f.path), "points": f.points} for f in found],
        }
        _text([json.dumps(obj)], output)
        return
    lines = [f"{f.points:3d} {f.word} {'-'.join(map(str, f.path))}" for f in found]
    _text([*lines, f"{parsed.letters} {sol.score} ({len(found)} words)"], output)


# ---- score --------------------------------------------------------------------


@boggle.command()
@click.argument("file", default="-")
@_words_option
@_size_option
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Processes to score with (0: every core).",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Score on the Dask cluster at ADDRESS (tcp://HOST:8786), "
    "65,536 boards a task (--jobs is then unused).",
)
@engine_option
@quiet_option()
@strict_option
@user_errors
def score(
    file: str,
    words: Optional[str],
    size: Optional[str],
    jobs: int,
    scheduler: Optional[str],
    backend: Optional[str],
    quiet: bool,
    strict: bool = False,
) -> None:
    """One total a line for the boards of FILE (one board a line; default
    stdin); boards per second on stderr.

    \b
    printf 'perslatgsineters\\nligdrmanesietildsracsepes\\n' | dlxc boggle score
    """
    from ..boggle.boardfile import board_runs

    dims = parse_size(size) if size else None
    start = time.perf_counter()
    n = 0
    if scheduler:
        from ..boggle.dask_scoring import score_runs_on_dask

        with Boggle(words, backend=backend, strict=strict) as bg:
            text, engine = bg.text, bg.backend
        batches = ((b, r, c) for r, c, b in board_runs(file, dims, _BATCH))
        write = sys.stdout.write
        for totals in score_runs_on_dask(batches, text, scheduler, backend=engine):
            if totals:
                write("\n".join(map(str, totals)) + "\n")
                n += len(totals)
        seconds = time.perf_counter() - start
        if not quiet:
            rate = n / seconds if seconds > 0 else 0.0
            click.echo(
                f"{n:,} boards in {seconds:.2f}s = {rate:,.0f} boards/s "
                f"(Dask cluster at {scheduler}, {engine})",
                err=True,
            )
        return
    with (
        Boggle(words, backend=backend, strict=strict) as bg,
        ParallelScorer(bg, _jobs(jobs)) as scorer,
    ):
        runs = board_runs(file, dims, _BATCH)
        if scorer.jobs == 1:  # calls of _ONE_CALL boards: Ctrl-C is seen between two
            runs = _cut(runs, _ONE_CALL)
        write = sys.stdout.write
        for totals in scorer.score_runs((b, r, c) for r, c, b in runs):
            if totals:
                write("\n".join(map(str, totals)) + "\n")
            n += len(totals)
    seconds = time.perf_counter() - start
    if not quiet:
        rate = n / seconds if seconds > 0 else 0.0
        click.echo(
            f"{n:,} boards in {seconds:.2f}s = {rate:,.0f} boards/s "
            f"({scorer.jobs} process{'es' if scorer.jobs > 1 else ''}, "
            f"{bg.backend})",
            err=True,
        )


# ---- best ---------------------------------------------------------------------


class _BestSoFar:
    """What ``best`` has found at every moment, and the line an interrupt
    prints about it (through ``watch``)."""

    def __init__(self, result: BestResult) -> None:
        self.result = result
        self.start = time.perf_counter()

    @property
    def stats(self) -> _BestSoFar:
        return self

    def summary(self) -> str:
        return (
            f"Stopped after {time.perf_counter() - self.start:.1f}s "
            f"({self.result.climbs} climbs); the best board so far:"
        )


def _report(result: BestResult, bg: Optional[Boggle], as_json: bool) -> None:
    if result.score < 0:
        click.echo("no board was scored", err=True)
        return
    if as_json:
        words = []
        if bg is not None:
            sol = bg.solve(Board(result.board, result.rows, result.cols))
            words = sorted({f.word for f in sol.words})
        click.echo(json.dumps({"board": result.board, "score": result.score, "words": words}))
    else:
        click.echo(f"{result.board} {result.score}")


@boggle.command()
@click.option(
    "--size", default="4x4", show_default=True, metavar="ROWSxCOLS", help="The board's size."
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Seed of the first run (run k uses SEED + k): the same seed, the same search.",
)
@click.option(
    "--time",
    "seconds",
    type=click.FloatRange(min=0),
    default=60.0,
    show_default=True,
    metavar="SECONDS",
    help="How long to search.",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Processes scoring each batch side by side (0: every core).",
)
@click.option(
    "--kick",
    type=click.IntRange(min=1),
    default=KICK,
    show_default=True,
    help="Random moves from a peak to the start of the next climb.",
)
@click.option(
    "--stall",
    type=click.IntRange(min=0),
    default=STALL,
    show_default=True,
    help="Climbs without a better board before a run starts afresh.",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Search on the Dask cluster at ADDRESS (tcp://HOST:8786), one run a task.",
)
@_words_option
@click.option(
    "--json", "as_json", is_flag=True, help="Print a JSON object (board, score, words) instead."
)
@engine_option
@quiet_option("No progress bar or statistics.")
@strict_option
@user_errors
def best(
    size: str,
    seed: int,
    seconds: float,
    jobs: int,
    kick: int,
    stall: int,
    scheduler: Optional[str],
    words: Optional[str],
    as_json: bool,
    backend: Optional[str],
    quiet: bool,
    strict: bool = False,
) -> None:
    """Search for the highest-scoring board by iterated local search: climb
    to a peak over one- and two-cell changes (a letter changed, two letters
    swapped), every neighbour of the board scored in one batch and the best
    taken; then kick the peak with a few random moves and climb again,
    keeping the new peak if it is no worse; after --stall climbs without a
    better board, start afresh from a random board.  The best board is
    printed under the least name of its rotations and reflections.  The
    last line of stdout is the best board and its score; Ctrl-C prints the
    best so far (exit 130).

    \b
    dlxc boggle best --size 4x4 --time 60
    """
    rows, cols = parse_size(size)
    check_size(rows, cols)
    bg = Boggle(words, backend=backend, strict=strict)
    so_far = _BestSoFar(BestResult("", -1, rows, cols))

    # Ctrl-C: user_errors says how long and how many climbs, then this
    # prints the best board so far (exit 130)
    def then() -> None:
        _report(so_far.result, bg, as_json)
        sys.stdout.flush()

    watch(so_far, then=then)

    with ClockBar(seconds, "best", quiet=quiet) as bar:

        def tick(result: BestResult) -> None:
            bar.tick(
                time.perf_counter() - so_far.start,
                f"{result.board} {result.score} ({result.climbs} climbs, {result.scored:,} boards)",
            )

        if scheduler:
            best_on_dask(
                rows,
                cols,
                bg.text,
                scheduler,
                seed=seed,
                seconds=seconds,
                kick=kick,
                stall=stall,
                backend=backend,
                tick=tick,
                result=so_far.result,
            )
        else:
            with BestSearch(
                rows,
                cols,
                seed=seed,
                jobs=_jobs(jobs),
                kick=kick,
                stall=stall,
                backend=backend,
                text=bg.text,
            ) as search:
                so_far.result = search.result
                search.run(seconds=seconds, tick=tick)
    result = so_far.result
    if not quiet:
        click.echo(
            f"{result.runs} runs, {result.climbs} climbs, {result.scored:,} "
            f"boards scored in {result.seconds:.1f}s",
            err=True,
        )
    _report(result, bg, as_json)
    bg.close()


# ---- roll ---------------------------------------------------------------------


@boggle.command(name="roll")
@click.option(
    "--dice",
    type=click.Choice(sorted(DICE)),
    default="new",
    show_default=True,
    help="classic (4x4, 1976), new (4x4, 1987), big (5x5, 1979), "
    "superbig (6x6, 2011; its two-letter and blank faces are rolled again).",
)
@click.option(
    "--seed",
    type=int,
    default=None,
    help="Seed of the roll (default: drawn, and said on stderr); board k of "
    "--count uses SEED + k - 1.",
)
@click.option(
    "--count",
    type=click.IntRange(min=1, max=1000),
    default=1,
    show_default=True,
    metavar="N",
    help="Roll N boards (one a line; in a PDF one a page, the answer pages after).",
)
@click.option("--grid", is_flag=True, help="Also print the board as a grid (on stderr).")
@output_format_options
@_minutes_option
@_words_option
@engine_option
@strict_option
@user_errors
def roll_command(
    dice: str,
    seed: Optional[int],
    count: int,
    grid: bool,
    fmt: Optional[str],
    output: Optional[str],
    paper: str,
    font: Optional[str],
    title: Optional[str],
    minutes: float,
    words: Optional[str],
    backend: Optional[str],
    strict: bool = False,
) -> None:
    """A board rolled from a real set of Boggle dice (letters row by row,
    Qu as q).  With --format pdf, each board on a page to hand out and its
    answers on the pages after (every word by length, with its points and
    the total); html, a page to play on screen against a timer; svg or
    json, the board and its words (found in --words).

    \b
    dlxc boggle roll --seed 1
    dlxc boggle roll --seed 1 --count 4 --format pdf -o boards.pdf
    """
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(1_000_000)
        if fmt not in (None, "text") or count > 1:
            click.echo(f"seed {seed} (--seed {seed} rolls the same boards)", err=True)
    boards = [roll(dice, seed + k) for k in range(count)]
    if fmt in (None, "text"):
        for board in boards:
            if grid:
                click.echo(board.grid(), err=True)
        _text([board.letters for board in boards], output)
        return
    pages = []
    with Boggle(words, backend=backend, strict=strict) as bg:
        for k, board in enumerate(boards):
            sol = bg.solve(board)
            found = sorted(sol.words, key=lambda f: (-f.points, f.word))
            name = title or f"Boggle ({dice} dice, seed {seed + k})"
            page = _page(board, found, sol.score, name, minutes)
            if count > 1:
                page.number = k + 1
            pages.append(page)
    _emit(pages, fmt, output, paper=paper, font=font)
