"""``dlxc endgame``: the exact value of a Scrabble endgame (the bag empty,
both racks known) and its line.

Exit status: 0 solved (or the depth asked for reached), 1 bad input (a
message, never a traceback; a position that is not an endgame is one),
2 usage error, 4 stopped by --timeout or --node-limit (the deepest
completed round's result is printed first), 130 Ctrl-C (likewise).
"""

from __future__ import annotations

import json
import sys

import click

from .common import read_position, user_errors
from .options import (
    cgp_option,
    edition_rules_options,
    engine_option,
    lexicon_file_option,
    node_limit_option,
    quiet_option,
    timeout_option,
    tt_mb_option,
)


@click.command()
@lexicon_file_option
@cgp_option(
    "The position as one CGP line with both racks (RACK1/RACK2, the side to move first) "
    "and the bag empty."
)
@click.option(
    "--plies",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Search at most N plies (default: until the value is proved).",
)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    metavar="K",
    help="Rank the K best first moves with their values.",
)
@tt_mb_option("The transposition table's size (about); a full table takes no new positions.")
@edition_rules_options
@timeout_option("Stop after this many seconds with the deepest completed round's line; exit 4.")
@node_limit_option("Stop after N search nodes with the deepest completed round's line; exit 4.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
@quiet_option("No progress and no statistics on stderr.")
@engine_option
@user_errors
def endgame(
    lexicon_file: str,
    cgp_text: str,
    plies,
    top: int,
    tt_mb: float,
    edition,
    rules,
    timeout,
    node_limit,
    as_json: bool,
    quiet: bool,
    backend,
) -> None:
    """Solve a Scrabble endgame (the bag empty, both racks known): the
    value (the spread the side to move gains to the end), the final
    spread, the line, and the best first moves, each value marked proved
    when the search reached the end of every line."""
    from ..base.errors import SearchStopped
    from ..base.runner import Limits
    from ..models.endgame import from_position
    from ..models.scrabble import MoveFinder
    from .lexicon import _move_lexicon, _tile_lexicon

    position, the_rules = read_position(cgp_text, edition, rules)
    open_lexicon = _tile_lexicon if the_rules.multi else _move_lexicon
    lex = open_lexicon(lexicon_file, backend, False, the_rules)
    finder = MoveFinder(lex, the_rules)
    game = from_position(finder, position)
    show = not quiet and sys.stderr.isatty()

    def progress(depth: int, nodes: int) -> None:
        sys.stderr.write(f"\rdepth {depth}, {nodes:,} nodes")
        sys.stderr.flush()

    result = game.solve(
        plies=plies,
        top=top,
        limits=Limits(node_limit, timeout),
        tt_mb=tt_mb,
        progress=progress if show else None,
    )
    if show:
        sys.stderr.write("\r" + " " * 40 + "\r")
    if as_json:
        click.echo(json.dumps(result.as_dict()))
    else:
        state = "proved" if result.proved else f"estimate at depth {result.depth}, not proved"
        click.echo(f"value {result.value:+d} ({state}); final spread {result.spread:+d}")
        steps = [f"{'you' if s.side == 0 else 'them'}: {s.text} {s.points:+d}" for s in result.line]
        click.echo("line: " + "; ".join(steps))
        for r in result.top:
            mark = "proved" if r.proved else ("at most" if r.bound == "upper" else "estimate")
            click.echo(f"{r.value:+5d} {r.step.text} ({mark})")
    if not quiet:
        click.echo(
            f"{result.nodes:,} nodes, depth {result.depth}, {result.seconds:.3f} s, "
            f"{result.table_entries:,} table entries",
            err=True,
        )
    if result.stopped == "interrupted":
        raise KeyboardInterrupt
    if result.stopped:
        raise SearchStopped(
            f"stopped by the {result.stopped} at depth {result.depth}: the value is not proved",
            stopped=result.stopped,
        )
