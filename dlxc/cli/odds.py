"""``dlxc odds`` and ``dlxc infer``: exact odds of the next draw, and the
opponent's leave inferred from his move (dlxc.models.odds).

Figures go to stdout (one JSON object with --json), the seconds and racks
seen to stderr.  Exit status: 0 done, 1 bad input (a message, never a
traceback), 2 usage error, 3 no leave makes the move the best (infer), 4
stopped by --timeout (the sums so far are printed, marked partial), 130
interrupted.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Optional

import click

from ..base.errors import BoardError, NoLayout, SearchStopped
from .common import edition_names, output_options, progress_bar, user_errors, watch
from .options import engine_option, lexicon_file_option, timeout_option


def _position_options(f, cgp_required: bool = True):
    f = click.option(
        "--rules",
        default=None,
        metavar="FILE",
        help="A JSON rules file (board, premiums, tile values, tile counts); default "
        "standard English.",
    )(f)
    f = click.option(
        "--edition",
        type=click.Choice(edition_names(), case_sensitive=False),
        default=None,
        help="A named edition's board and tiles (default english, or the one a CGP's ld names).",
    )(f)
    f = click.option(
        "--cgp",
        "cgp_text",
        required=cgp_required,
        metavar="CGP",
        help="The position as one CGP line (board, racks, scores, zero turns, operations).",
    )(f)
    return lexicon_file_option(f)


def _max_racks_option(f):
    from ..models.odds import MAX_RACKS

    return click.option(
        "--max-racks",
        type=click.IntRange(min=1),
        default=MAX_RACKS,
        show_default=True,
        metavar="N",
        help="Refuse, before any work, a run over more distinct racks than this.",
    )(f)


def _setup(lexicon_file: str, cgp_text: Optional[str], edition, rules, backend):
    """(finder, position, board codes) of a command's options; without a
    CGP line, the rules' empty board and no position."""
    from ..models import cgp
    from ..models.game import _open_word_list
    from ..models.scrabble import MoveFinder, Rules

    the_rules = None
    if rules:
        the_rules = Rules.from_file(rules, edition)
    elif edition:
        the_rules = Rules.edition(edition)
    position = None
    if cgp_text is not None:
        position = cgp.parse(cgp_text, the_rules)
        the_rules = cgp.rules_for(position, the_rules)
    the_rules = the_rules or Rules()
    lex = _open_word_list(lexicon_file, backend, the_rules)
    finder = MoveFinder(lex, the_rules)
    if position is None:
        return finder, None, bytes(the_rules.rows * the_rules.cols)
    board = finder.board("\n".join(position.board), "cgp")
    return finder, position, board


def _tiles(finder, counts: bytes) -> tuple[int, ...]:
    return tuple(c for c, n in enumerate(counts) for _ in range(n))


def _text(finder, tiles) -> str:
    """Sorted codes as a rack is written: ``?`` blanks first, then letters."""
    letters = finder.lexicon.alphabet.letters
    rules = finder.rules
    return (
        "".join("?" if c == 0 else rules.tile_text(letters[c - 1]).upper() for c in sorted(tiles))
        or "-"
    )


def _figure(x: Optional[Fraction]):
    if x is None:
        return None
    return {"fraction": f"{x.numerator}/{x.denominator}", "value": float(x)}


def _stopped(what: str, seen: int, total: int, timeout) -> SearchStopped:
    return SearchStopped(
        f"stopped by --timeout {timeout:g} after {seen:,} of {total:,} {what}: the figures "
        "are partial"
    )


@click.command()
@_position_options
@click.option(
    "--leave",
    default=None,
    metavar="TILES",
    help="The tiles kept (? a blank); default the whole rack.  Within the CGP's rack "
    "when it has one.",
)
@click.option(
    "--play",
    "play_text",
    default=None,
    metavar="MOVE",
    help="A move of the rack in GCG's notation ('8D WORD' across, 'D8 WORD' down): "
    "the leave is what it keeps, and the board figures are on the board after it.",
)
@click.option(
    "--no-board",
    is_flag=True,
    help="Only the rack figure (a word of all its tiles): no move generation.",
)
@_max_racks_option
@timeout_option("Stop after this many seconds; the sums so far are printed, exit status 4.")
@output_options
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
@engine_option
@user_errors
def odds(
    lexicon_file: str,
    cgp_text: str,
    edition,
    rules,
    leave,
    play_text,
    no_board: bool,
    max_racks: int,
    timeout,
    quiet: bool,
    show_progress: bool,
    as_json: bool,
    backend,
) -> None:
    """Exact odds of the draw after keeping a leave: the chance that the
    rack drawn spells a word with all its tiles, the chance that the board
    offers a bingo with it (through-board words included), and the mean
    score of the best move.  Every distinct rack drawable from the unseen
    tiles (the distribution less the board and the rack) is weighed by the
    number of ways to draw it; the figures are exact fractions."""
    from ..base.runner import Limits
    from ..models.odds import AnagramTable, DrawOdds, after, minus, parse_move, unseen

    finder, position, board = _setup(lexicon_file, cgp_text, edition, rules, backend)
    rack = finder.rack(position.rack)
    if play_text is not None:
        if leave is not None:
            raise click.UsageError("give --leave or --play, not both")
        if not any(rack):
            raise click.UsageError("--play needs the CGP's rack")
        move = parse_move(finder, board, play_text)
        leave = ""  # the rack less the move: checked and set below
        kept = minus(rack, move.tiles, f"the rack {position.rack!r}")
        pool = unseen(finder, board, rack)
        board = after(finder, board, move)
    else:
        kept = rack if leave is None else finder.rack(leave)
    if play_text is None and leave is not None and any(rack):
        over = [c for c in range(64) if kept[c] > rack[c]]
        if over:
            raise BoardError(f"--leave {leave!r} is not within the rack {position.rack!r}")
        pool = unseen(finder, board, rack)
    elif play_text is None:
        pool = unseen(finder, board, kept)
    job = DrawOdds(
        finder,
        _tiles(finder, kept),
        pool,
        None if no_board else board,
        None,
        max_racks=max_racks,
    )
    job.table = AnagramTable(finder)
    limits = Limits(timeout=timeout)
    with progress_bar("odds", quiet, force=show_progress, postfix="racks") as bar:
        watch(job)
        res = job.run(limits, bar)
    size = finder.rules.rack_size
    out = {
        "leave": _text(finder, res.leave),
        "draw": res.draw,
        "unseen": res.pool_size,
        "racks": res.racks,
        "draws": res.ways,
        "racks_seen": res.seen,
        "complete": res.complete,
        "anagram": _figure(res.anagram),
        "bingo": _figure(res.bingo),
        "best_score": _figure(res.best_score),
    }
    if as_json:
        click.echo(json.dumps(out))
    else:
        mark = "" if res.complete else "  (partial: over the racks seen)"
        click.echo(f"leave       {out['leave']}, drawing {res.draw} of {res.pool_size} unseen")
        click.echo(f"racks       {res.racks:,} distinct, {res.ways:,} draws")
        click.echo(
            f"anagram     {float(res.anagram):.6f} = {out['anagram']['fraction']}  "
            f"(a {size}-tile word of the rack){mark}"
        )
        if res.bingo is not None and res.best_score is not None:
            click.echo(
                f"bingo       {float(res.bingo):.6f} = {out['bingo']['fraction']}  "
                f"(a move of all {size} tiles on this board){mark}"
            )
            click.echo(
                f"best score  {float(res.best_score):.4f} = {out['best_score']['fraction']}  "
                f"(the mean of the best move's score){mark}"
            )
    if not quiet:
        click.echo(res.summary(), err=True)
    if not res.complete:
        raise _stopped("racks", res.seen, res.racks, timeout)


def _infer_position_options(f):
    return _position_options(f, cgp_required=False)


@click.command()
@_infer_position_options
@click.option(
    "--gcg",
    "gcg_file",
    default=None,
    metavar="FILE",
    help="A game record in GCG, instead of --cgp, with --turn: the move and the "
    "board before it come from the record.",
)
@click.option(
    "--turn",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="With --gcg: the record's N-th turn (event lines counted from 1), a play.",
)
@click.option(
    "--move",
    "move_text",
    default=None,
    metavar="MOVE",
    help="With --cgp: the opponent's move in GCG's notation: '8D WORD' across, "
    "'D8 WORD' down, lower case a blank, . or the letter for a square already covered.",
)
@click.option(
    "--by",
    type=click.Choice(["score", "equity"]),
    default="score",
    show_default=True,
    help="What the opponent maximizes: the score, or the equity (score plus the "
    "leave's value; exchanges and the pass too).",
)
@click.option(
    "--leaves",
    "leaves_file",
    default=None,
    metavar="FILE",
    help="Leave values (LEAVE value a line) for --by equity; default the shipped English table.",
)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    metavar="N",
    help="List the N likeliest leaves.",
)
@_max_racks_option
@timeout_option("Stop after this many seconds; the leaves so far are printed, exit status 4.")
@output_options
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
@engine_option
@user_errors
def infer(
    lexicon_file: str,
    cgp_text,
    edition,
    rules,
    gcg_file,
    turn,
    move_text,
    by: str,
    leaves_file,
    top: int,
    max_racks: int,
    timeout,
    quiet: bool,
    show_progress: bool,
    as_json: bool,
    backend,
) -> None:
    """Infer the opponent's leave from his move: the CGP is the position
    before it, the opponent to move (his rack may be empty; the second
    rack is the one inferring, if known).  Each leave he may have kept,
    drawn from the tiles unseen by the one inferring, is weighed by the
    ways to draw it times the likelihood that the move was his best (1/t
    when t options tie); the likeliest are listed with exact posterior
    probabilities."""
    from ..base.runner import Limits
    from ..models.leaves import Leaves
    from ..models.odds import LeaveInference, counts_of, parse_move, unseen

    if (cgp_text is None) == (gcg_file is None):
        raise click.UsageError("give the position as --cgp LINE or as --gcg FILE (one of them)")
    if cgp_text is not None and (move_text is None or turn is not None):
        raise click.UsageError("--cgp goes with --move (and not --turn)")
    if gcg_file is not None and (turn is None or move_text is not None):
        raise click.UsageError("--gcg goes with --turn (and not --move: the record has it)")
    finder, position, board = _setup(lexicon_file, cgp_text, edition, rules, backend)
    other = ""
    if gcg_file is not None:
        from ..base.files import read_text
        from ..models.odds import gcg_turn

        name, text = read_text(gcg_file, "record", BoardError)
        recorded = gcg_turn(finder, text, turn, name)
        board, move_text, other = recorded.board, recorded.move, recorded.other_rack
    elif position is not None and len(position.racks) > 1:
        other = position.racks[1]
    assert move_text is not None
    move = parse_move(finder, board, move_text)
    size = finder.rules.rack_size
    mine = finder.rack(other)
    before = unseen(finder, board, mine)
    bag = max(0, sum(before) - size - (0 if any(mine) else size))
    pool = unseen(finder, board, mine, counts_of(move.tiles))
    table = Leaves.named(leaves_file, finder.rules) if by == "equity" else None
    job = LeaveInference(finder, board, move, pool, by, table, bag, max_racks=max_racks)
    limits = Limits(timeout=timeout)
    with progress_bar("infer", quiet, force=show_progress, postfix="leaves") as bar:
        watch(job)
        res = job.run(limits, bar)
    listed = res.leaves[:top]
    out = {
        "move": move_text,
        "score": move.score,
        "played": _text(finder, move.tiles),
        "by": by,
        "leave_size": res.leave_size,
        "leaves": res.racks,
        "leaves_seen": res.seen,
        "consistent": len(res.leaves),
        "complete": res.complete,
        "evidence": _figure(res.evidence),
        "top": [
            {
                "leave": _text(finder, leave),
                "weight": w,
                "likelihood": f"{lik.numerator}/{lik.denominator}",
                "probability": _figure(post),
            }
            for leave, w, lik, post in listed
        ],
    }
    if as_json:
        click.echo(json.dumps(out))
    else:
        click.echo(
            f"move        {move_text} for {move.score}, playing {out['played']}; "
            f"leaves of {res.leave_size} tiles"
        )
        click.echo(
            f"leaves      {res.racks:,} possible, {len(res.leaves):,} make the move the best "
            f"by {by} (chance {float(res.evidence):.6f})"
        )
        for row in out["top"]:
            click.echo(
                f"{row['probability']['value']:.6f}  {row['leave']:<8} "
                f"(ways {row['weight']}, likelihood {row['likelihood']})"
            )
    if not quiet:
        click.echo(res.summary(), err=True)
    if not res.complete:
        raise _stopped("leaves", res.seen, res.racks, timeout)
    if not res.leaves:
        raise NoLayout(f"no leave makes {move_text!r} the best move by {by}")
