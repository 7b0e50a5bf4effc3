"""``dlxc example``: the sample files that ship with dlxc, listed, printed
or located, so that every example of the documentation works from any
directory (``dlxc example wordsearch-6x6 | dlxc count -``)."""

from __future__ import annotations

import shutil
import sys

import click

from ..puzzles import KINDS, by_kind, examples


@click.command()
@click.argument("name", required=False)
@click.option("--path", "show_path", is_flag=True, help="Print the file's path, not its text.")
def example(name, show_path) -> None:
    """The sample files shipped with dlxc: without NAME the list, with NAME
    the file on stdout (or its path with --path).

    \b
    dlxc example
    dlxc example wordsearch-6x6 | dlxc count -
    dlxc lexicon info "$(dlxc example three-letter --path)"
    """
    found = examples()
    if name is None:
        for kind, names in by_kind().items():
            click.echo(f"{kind}/: {KINDS[kind]}")
            for short in names:
                click.echo(f"  {short}")
        return
    if name not in found:
        raise click.BadParameter(
            f"no example called {name!r} (`dlxc example` lists them)", param_hint="NAME"
        )
    if show_path:
        click.echo(found[name])
        return
    with open(found[name], "rb") as f:
        out = sys.stdout.buffer
        shutil.copyfileobj(f, out)
        out.flush()
