"""``dlxc peg``: the pre-endgame (a few tiles in the bag, the opponent's
rack unknown): each candidate move over every bag, each endgame after it
solved exactly (dlxc.models.peg).

Exit status: 0 done, 1 bad input (a message, never a traceback), 2 usage
error, 4 stopped by --timeout or --node-limit (the candidates finished so
far are printed, the one in progress marked partial), 130 Ctrl-C
(likewise).
"""

from __future__ import annotations

import json

import click

from .common import output_options, progress_bar, read_position, user_errors
from .options import (
    cgp_option,
    edition_rules_options,
    engine_option,
    lexicon_file_option,
    node_limit_option,
    timeout_option,
    tt_mb_option,
)


@click.command()
@lexicon_file_option
@cgp_option(
    "The position as one CGP line with the side to move's rack only (RACK/); the "
    "unseen tiles are the distribution less the board and the rack."
)
@click.option(
    "--bag",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="N of the unseen tiles are in the bag, the rest on the opponent's rack (default: "
    "all but a full rack).",
)
@click.option(
    "--candidates",
    "top",
    type=click.IntRange(min=0),
    default=10,
    show_default=True,
    metavar="N",
    help="Evaluate the N best plays by equity that empty the bag (0: all of them).",
)
@click.option(
    "--bags",
    "show_bags",
    is_flag=True,
    help="Each candidate's bags too: the tiles, the ways to draw them, the final spread.",
)
@tt_mb_option("The transposition table's size (about), one table for every endgame of the run.")
@edition_rules_options
@timeout_option("Stop after this many seconds with the candidates finished so far; exit 4.")
@node_limit_option("Stop after N endgame nodes in all with the candidates finished so far; exit 4.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
@output_options
@engine_option
@user_errors
def peg(
    lexicon_file: str,
    cgp_text: str,
    bag,
    top: int,
    show_bags: bool,
    tt_mb: float,
    edition,
    rules,
    timeout,
    node_limit,
    as_json: bool,
    quiet: bool,
    show_progress: bool,
    backend,
) -> None:
    """Solve a Scrabble pre-endgame (a few tiles in the bag, the opponent's
    rack unknown): for each candidate play that empties the bag, every bag
    with its exact probability and the endgame after it solved exactly;
    the win chance (ties half) and the mean final spread per candidate,
    best first."""
    from ..base.errors import SearchStopped
    from ..base.runner import Limits
    from ..models.peg import from_position
    from ..models.scrabble import MoveFinder
    from .lexicon import _move_lexicon, _tile_lexicon

    position, the_rules = read_position(cgp_text, edition, rules)
    open_lexicon = _tile_lexicon if the_rules.multi else _move_lexicon
    lex = open_lexicon(lexicon_file, backend, False, the_rules)
    finder = MoveFinder(lex, the_rules)
    job = from_position(finder, position, bag)
    with progress_bar("peg", quiet, force=show_progress, postfix="endgames") as bar:

        def progress(done: int, total: int, nodes: int) -> None:
            bar(done / max(total, 1))

        result = job.evaluate(
            top=top or None,
            limits=Limits(node_limit, timeout),
            tt_mb=tt_mb,
            progress=progress,
            keep_outcomes=show_bags,
        )
    if as_json:
        click.echo(json.dumps(result.as_dict(show_bags)))
    else:
        click.echo(f"bag {result.bag} of {result.pool} unseen tiles; win% (ties half), mean spread")
        for c in result.candidates:
            mark = "" if c.complete else f"  (partial: {c.ways:,} of {c.total:,} draws)"
            figures = (
                f"{100 * float(c.win or 0):6.2f}% {float(c.spread or 0):+8.2f}"
                if c.ways
                else f"{'-':>7} {'-':>8}"
            )
            click.echo(f"{figures}  {c.text} {c.move.score}{mark}")
            if show_bags:
                for o in c.outcomes:
                    click.echo(f"         bag {o.bag} x{o.ways}: final spread {o.spread:+d}")
    if not quiet:
        click.echo(
            f"{result.endgames:,} endgames, {result.nodes:,} nodes, {result.seconds:.3f} s; "
            f"{result.skipped:,} move{'s' if result.skipped != 1 else ''} "
            f"{'leave' if result.skipped != 1 else 'leaves'} tiles in the bag (not evaluated)",
            err=True,
        )
    if result.stopped == "interrupted":
        raise KeyboardInterrupt
    if result.stopped:
        raise SearchStopped(
            f"stopped by the {result.stopped}: the figures are partial",
            stopped=result.stopped,
        )
