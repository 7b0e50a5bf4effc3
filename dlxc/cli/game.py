"""``dlxc autoplay``: whole Scrabble games between computer players.

The tally goes to stdout (one JSON object with --json), the seconds taken
to stderr; --gcg DIR writes each game's record, --fit-leaves FILE fits leave
values from the games' turns and writes them.  Exit status: 0 done, 1 bad
input (a message, never a traceback), 2 usage error.
"""

from __future__ import annotations

import json
import time

import click

from ..models.game import ENDGAME_NODES, PEG_NODES
from .common import backend_option, edition_names, jobs_option, user_errors
from .options import lexicon_file_option


@click.command()
@lexicon_file_option
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    metavar="N",
    help="How many games.",
)
@click.option(
    "--seed",
    type=click.IntRange(min=0, max=(1 << 64) - 1),
    default=0,
    show_default=True,
    metavar="S",
    help="The bags' seed: the same seed plays the same games, whatever --jobs is.",
)
@click.option(
    "--players",
    default="equity,score",
    show_default=True,
    metavar="A,B",
    help="The two players: equity (score plus leave value; exchanges and "
    "passes too), score (the highest score), endgame (equity, then the exact "
    "endgame's best move once the bag is empty) or sim (as endgame, with a play "
    "simmed among the best few while the bag holds tiles). They change seats "
    "every game.",
)
@click.option(
    "--pairs",
    is_flag=True,
    help="Play games in pairs with the same seed, the players in swapped seats, "
    "and count the pairs each wins.",
)
@click.option(
    "--endgame-nodes",
    type=click.IntRange(min=0),
    default=ENDGAME_NODES,
    show_default=True,
    metavar="N",
    help="The endgame and sim players' endgame search per turn (0: to the end); "
    "stopped, it plays the best move of the deepest completed round.",
)
@click.option(
    "--peg-nodes",
    type=click.IntRange(min=0),
    default=PEG_NODES,
    show_default=True,
    metavar="N",
    help="With 1 or 2 tiles in the bag the endgame and sim players weigh their best "
    "plays over every bag (dlxc peg) within N nodes, else play by equity (0: never).",
)
@jobs_option("Processes playing games side by side (0: every core).")
@click.option(
    "--leaves",
    "leaves_file",
    default=None,
    metavar="FILE",
    help="Leave values for the equity player (LEAVE value a line); none: "
    "every leave 0; default: the shipped English table (every leave 0 for "
    "an edition with other tiles).",
)
@click.option(
    "--edition",
    type=click.Choice(edition_names(), case_sensitive=False),
    default=None,
    help="A named edition's board and tiles (default english).",
)
@click.option(
    "--rules",
    default=None,
    metavar="FILE",
    help="A JSON rules file (board, premiums, tile values, tile counts; it may name an "
    "edition and override its keys); default standard English.",
)
@click.option(
    "--gcg",
    "gcg_dir",
    default=None,
    metavar="DIR",
    help="Write each game's record in GCG to DIR (game-0001.gcg ...).",
)
@click.option(
    "--fit-leaves",
    "fit_file",
    default=None,
    metavar="FILE",
    help="Fit leave values from the games' turns and write them to FILE.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
@backend_option
@user_errors
def autoplay(
    lexicon_file: str,
    games: int,
    seed: int,
    players: str,
    pairs: bool,
    jobs: int,
    leaves_file,
    edition,
    rules,
    gcg_dir,
    fit_file,
    as_json: bool,
    backend,
    endgame_nodes: int = ENDGAME_NODES,
    peg_nodes: int = PEG_NODES,
) -> None:
    """Play whole Scrabble games between two computer players and print
    the tally: games, wins per player (in --players order), ties, mean
    scores, bingos.  The games follow the tournament rules: a bag of the
    edition's tiles, exchanges while the bag holds a rack's worth, the end
    when a player goes out (plus twice the other rack) or after six
    scoreless turns (each loses his rack)."""
    from ..models.game import autoplay as play_games
    from ..models.leaves import LeaveFit, Leaves
    from ..models.scrabble import Rules

    if rules:
        the_rules = Rules.from_file(rules, edition)
    elif edition:
        the_rules = Rules.edition(edition)
    else:
        the_rules = Rules()
    table = Leaves.named(leaves_file, the_rules)
    if leaves_file is None and not Leaves.fits(the_rules):
        click.echo(
            f"dlxc: the shipped leave table is English's; the {the_rules.name} edition's "
            "equity player values every leave 0 (give --leaves FILE, fitted with --fit-leaves)",
            err=True,
        )
    fit = LeaveFit() if fit_file else None
    names = [p.strip() for p in players.split(",")]
    start = time.perf_counter()
    cpu = time.process_time()
    result = play_games(
        lexicon_file,
        games,
        seed,
        names,
        jobs,
        the_rules,
        table,
        gcg_dir,
        fit,
        backend,
        pairs,
        endgame_nodes,
        peg_nodes,
    )
    seconds = time.perf_counter() - start
    if fit is not None:
        fitted = fit.fit(the_rules)
        fitted.write(
            fit_file,
            f"leave values fitted by dlxc autoplay from {games} games, seed {seed}, "
            f"players {players}, {len(fit.samples)} samples",
        )
    if as_json:
        click.echo(json.dumps(result))
    else:
        a, b = result["players"]
        click.echo(f"games        {result['games']}")
        click.echo(f"wins         {a} {result['wins'][0]}, {b} {result['wins'][1]}")
        click.echo(f"ties         {result['ties']}")
        ms = result["mean_scores"]
        click.echo(f"mean scores  {a} {ms[0]}, {b} {ms[1]}")
        click.echo(f"bingos       {a} {result['bingos'][0]}, {b} {result['bingos'][1]}")
        if pairs:
            pw = result["pair_wins"]
            click.echo(
                f"pairs        {result['pairs']}: {a} {pw[0]}, {b} {pw[1]}, "
                f"even {result['pair_ties']}"
            )
    click.echo(
        f"{games} games in {seconds:.2f} s (this process's CPU {time.process_time() - cpu:.2f} s)",
        err=True,
    )
