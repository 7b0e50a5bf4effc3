"""``dlxc sim``: Monte Carlo simulation of a Scrabble position's best
plays (dlxc.models.sim): win chance and mean spread of each, best first.

Exit status: 0 finished (the best play clear, or the iterations done), 1
bad input (a message, never a traceback), 2 usage error, 4 stopped by
--timeout or --node-limit (the ranking of the finished rounds is printed
first), 130 Ctrl-C (likewise).
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
)


@click.command()
@lexicon_file_option
@cgp_option(
    "The position as one CGP line: the rack to move first (an opponent's rack is not used)."
)
@click.option(
    "--plays",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    metavar="N",
    help="Sim the N plays of best static equity.",
)
@click.option(
    "--plies",
    type=click.IntRange(min=0),
    default=2,
    show_default=True,
    metavar="N",
    help="Play each play-out N plies beyond the candidate (the opponent first).",
)
@click.option(
    "--iterations",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    metavar="N",
    help="Stop after N rounds (one play-out of every candidate each).",
)
@click.option(
    "--confidence",
    type=click.FloatRange(min=0, max=1, min_open=True, max_open=True),
    default=0.99,
    show_default=True,
    help="Stop once the best play's win chance is ahead of every other's at this confidence.",
)
@click.option(
    "--check-every",
    type=click.IntRange(min=1),
    default=16,
    show_default=True,
    metavar="K",
    help="Test the stopping rule every K rounds.",
)
@click.option(
    "--min-iterations",
    type=click.IntRange(min=2),
    default=32,
    show_default=True,
    metavar="N",
    help="Test the stopping rule only after N rounds.",
)
@click.option(
    "--threads",
    type=click.IntRange(min=1, max=256),
    default=1,
    show_default=True,
    metavar="T",
    help="Play rounds in T threads (the result does not depend on T).",
)
@click.option(
    "--seed",
    type=click.IntRange(min=0, max=2**64 - 1),
    default=0,
    show_default=True,
    help="The draws' seed: the same seed gives the same result.",
)
@click.option(
    "--leaves",
    "leaves_file",
    default=None,
    metavar="FILE",
    help="Leave values (a text file of leaves and values; 'none' for all 0); default "
    "dlxc's English table.",
)
@edition_rules_options
@timeout_option("Stop after this many seconds with the finished rounds' ranking; exit 4.")
@node_limit_option("Stop after about N play-outs with the finished rounds' ranking; exit 4.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
@quiet_option("No progress and no statistics on stderr.")
@engine_option
@user_errors
def sim(
    lexicon_file: str,
    cgp_text: str,
    plays: int,
    plies: int,
    iterations: int,
    confidence: float,
    check_every: int,
    min_iterations: int,
    threads: int,
    seed: int,
    leaves_file,
    edition,
    rules,
    timeout,
    node_limit,
    as_json: bool,
    quiet: bool,
    backend,
) -> None:
    """Simulate a Scrabble position: the plays of best equity, each played
    out many times against random racks of the opponent, ranked by win
    chance, then mean spread; stops when the best play is clear."""
    from ..base.errors import SearchStopped
    from ..base.runner import Limits
    from ..models.game import _open_word_list
    from ..models.leaves import Leaves
    from ..models.scrabble import MoveFinder
    from ..models.sim import Simulation

    position, the_rules = read_position(cgp_text, edition, rules)
    table = Leaves.named(leaves_file, the_rules)
    lex = _open_word_list(lexicon_file, backend, the_rules)
    finder = MoveFinder(lex, the_rules)
    spread = position.scores[0] - position.scores[1] if len(position.scores) >= 2 else 0
    simulation = Simulation(
        finder, finder.board(position.board, "cgp"), position.rack, spread, table, plays
    )
    show = not quiet and sys.stderr.isatty()

    def progress(rounds: int, ranked) -> None:
        best = ranked[0]
        sys.stderr.write(
            f"\r{rounds:,} rounds; best {best.text} win {100 * best.win:.1f}% "
            f"spread {best.spread:+.1f}   "
        )
        sys.stderr.flush()

    result = simulation.run(
        plies=plies,
        iterations=iterations,
        seed=seed,
        threads=threads,
        confidence=confidence,
        check_every=check_every,
        min_iterations=min_iterations,
        limits=Limits(node_limit, timeout),
        progress=progress if show else None,
    )
    if show:
        sys.stderr.write("\r" + " " * 70 + "\r")
    if as_json:
        click.echo(json.dumps(result.as_dict()))
    else:
        click.echo("   win%    spread equity score move leave (play-outs)")
        for a in result.arms:
            se = f"±{100 * a.win_se:.1f}" if a.n > 1 else "     "
            click.echo(
                f"{100 * a.win:5.1f}{se} {a.spread:+7.1f} {a.equity:6.1f} {a.score:5d} "
                f"{a.text} {a.leave or '-'} ({a.n})"
            )
    if not quiet:
        click.echo(
            f"{result.iterations:,} rounds, {result.playouts:,} play-outs, "
            f"{result.plies} plies, {result.seconds:.3f} s ({result.cpu_seconds:.3f} s CPU), "
            f"stopped: {result.stopped}",
            err=True,
        )
    if result.stopped == "interrupted":
        raise KeyboardInterrupt
    if result.stopped in ("timeout", "node limit"):
        raise SearchStopped(f"stopped by the {result.stopped}", stopped=result.stopped)
