"""dlxc's command line (click): results on stdout, statistics on stderr.

Exit codes: 0 success, 1 bad input (a message naming file and line, never a
traceback), 2 usage error (click's own).  Each command lives in a module beside
this one and is imported when it runs.
"""

from __future__ import annotations

import importlib

import click

from .._version import __version__


# Which module defines each command.  A command's module is imported only
# when that command runs (or a list of commands is shown), so `dlxc count`
# does not pay for importing the puzzle modelers.
_COMMANDS = {"count": "solve", "solve": "solve", "estimate": "scale", "sample": "scale",
             "wordsearch": "puzzles", "wordrect": "puzzles", "lexicon": "lexicon",
             "moves": "lexicon", "crossword": "crossword", "boggle": "boggle"}


class _LazyGroup(click.Group):
    """A click group whose commands are imported on first use (click's
    list_commands/get_command contract)."""

    def list_commands(self, ctx: click.Context) -> list:
        return sorted(set(super().list_commands(ctx)) | set(_COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str):
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in _COMMANDS:
            module = importlib.import_module(f"{__name__}.{_COMMANDS[cmd_name]}")
            command = getattr(module, cmd_name)
            self.add_command(command)
        return command


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dlxc")
def main() -> None:
    """Count, list and sample exact covers with colors (Knuth's Algorithm C)."""
