"""Options that several commands declare alike, declared once here, and
the one way a command writes a text result to stdout or ``-o FILE``.

The options of the XCC commands (limits, progress, jobs, memo) live in
``dlxc.cli.common``; the page options (``--format``, ``-o``, ``--paper``)
in ``dlxc.cli.output``.  Exit statuses are ``dlxc.base.errors``'s
``EXIT_*``.
"""

from __future__ import annotations

from typing import Callable, Optional, TypeVar

import click

F = TypeVar("F", bound=Callable)


def engine_option(f: F) -> F:
    """``--backend c|python`` of the commands whose engine is not XCC's
    (boggle, crossword, lexicon)."""
    return click.option(
        "--backend",
        type=click.Choice(["c", "python"]),
        default=None,
        help="The engine (default: C when built, else the Python mirror).",
    )(f)


def lexicon_file_option(f: F) -> F:
    """``--lexicon FILE`` (required) of the Scrabble commands (moves,
    autoplay, odds, infer, endgame): a lexicon file or a word list."""
    return click.option(
        "--lexicon",
        "lexicon_file",
        required=True,
        metavar="FILE",
        help="A lexicon file or a word list.",
    )(f)


def cgp_option(help: str) -> Callable[[F], F]:
    """``--cgp LINE`` (required) of the Scrabble position commands; ``help``
    says what the line must hold."""
    return click.option("--cgp", "cgp_text", required=True, metavar="CGP", help=help)


def edition_rules_options(f: F) -> F:
    """``--edition NAME`` and ``--rules FILE`` of the commands that read a
    CGP position (sim, endgame, peg): the board and tiles, when the CGP's
    ``ld`` does not say."""
    from ..models import editions

    f = click.option(
        "--rules", default=None, metavar="FILE", help="A JSON rules file; default standard English."
    )(f)
    return click.option(
        "--edition",
        type=click.Choice(editions.names(), case_sensitive=False),
        default=None,
        help="A named edition's board and tiles (default english, or the one the CGP's ld names).",
    )(f)


def tt_mb_option(help: str) -> Callable[[F], F]:
    """``--tt-mb MIB``, the endgame's transposition table (endgame, peg)."""
    return click.option(
        "--tt-mb",
        type=click.FloatRange(min=0, min_open=True),
        default=256,
        show_default=True,
        metavar="MIB",
        help=help,
    )


def quiet_option(help: str = "No statistics on stderr.") -> Callable[[F], F]:
    """``-q/--quiet``; ``help`` says what it silences."""
    return click.option("-q", "--quiet", is_flag=True, help=help)


def write_result(text: str, output: Optional[str]) -> None:
    """``text`` and a newline on stdout, or in ``output`` (``-`` is stdout)."""
    if output is None or output == "-":
        click.echo(text)
    else:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text + "\n")


def timeout_option(help: str) -> Callable[[F], F]:
    """``--timeout SECONDS`` (0 or more); ``help`` says what stops."""
    return click.option(
        "--timeout", type=click.FloatRange(min=0), default=None, metavar="SECONDS", help=help
    )


def node_limit_option(help: str) -> Callable[[F], F]:
    """``--node-limit N`` (1 or more); ``help`` says what stops."""
    return click.option(
        "--node-limit", type=click.IntRange(min=1), default=None, metavar="N", help=help
    )
