"""dlxc's command line (click): results on stdout, statistics on stderr.

Exit codes: 0 success, 1 bad input (a message naming file and line, never a
traceback), 2 usage error (click's own).  Each command lives in a module beside
this one and is imported when it runs.
"""

from __future__ import annotations

import importlib

import click

from .._version import __version__

# Each command: the module that defines it, and the first sentence of its
# help, which `dlxc --help` lists.  A command's module is imported only when
# that command runs or shows its own help, so neither `dlxc count` nor the
# list of commands pays for importing the puzzle modelers, the renderers and
# every engine (about 0.1 s).  tests/cli/test_cli_help_list.py holds each
# sentence equal to the command's own.
_COMMANDS = {
    "autoplay": (
        "game",
        "Play whole Scrabble games between two computer players and print "
        "the tally: games, wins per player (in --players order), ties, mean "
        "scores, bingos.",
    ),
    "boggle": ("boggle", "Boggle: the words of a board, totals of many boards, the best board."),
    "count": ("solve", "Count the solutions of DLX files (Knuth's format; - is stdin)."),
    "crossword": (
        "crossword",
        "Crosswords: free-form layouts from a word list, and fills of grids with blocks.",
    ),
    "endgame": (
        "endgame",
        "Solve a Scrabble endgame (the bag empty, both racks known): the "
        "value (the spread the side to move gains to the end), the final "
        "spread, the line, and the best first moves, each value marked proved "
        "when the search reached the end of every line.",
    ),
    "estimate": ("scale", "Estimate the size of a DLX file's search tree (Knuth's random probes)."),
    "example": (
        "example",
        "The sample files shipped with dlxc: without NAME the list, with NAME "
        "the file on stdout (or its path with --path).",
    ),
    "infer": (
        "odds",
        "Infer the opponent's leave from his move: the CGP is the position "
        "before it, the opponent to move (his rack may be empty; the second "
        "rack is the one inferring, if known).",
    ),
    "lexicon": ("lexicon", "Build lexicon files (a minimal DAWG and a GADDAG) and query them."),
    "moves": (
        "lexicon",
        "Every legal Scrabble move, best first, one a line: score, first "
        "square (row,col from 0), direction, word (blanks in lower case).",
    ),
    "odds": (
        "odds",
        "Exact odds of the draw after keeping a leave: the chance that the "
        "rack drawn spells a word with all its tiles, the chance that the board "
        "offers a bingo with it (through-board words included), and the mean "
        "score of the best move.",
    ),
    "peg": (
        "peg",
        "Solve a Scrabble pre-endgame (a few tiles in the bag, the opponent's "
        "rack unknown): for each candidate play that empties the bag, every bag "
        "with its exact probability and the endgame after it solved exactly; "
        "the win chance (ties half) and the mean final spread per candidate, "
        "best first.",
    ),
    "preprocess": (
        "preprocess",
        "Write a smaller DLX problem with the same solutions (Knuth's DLX-PRE).",
    ),
    "sample": ("scale", "Draw solutions of a DLX file uniformly at random."),
    "sim": (
        "sim",
        "Simulate a Scrabble position: the plays of best equity, each played "
        "out many times against random racks of the opponent, ranked by win "
        "chance, then mean spread; stops when the best play is clear.",
    ),
    "solve": ("solve", "List the solutions of a DLX file (Knuth's format; - is stdin)."),
    "studio": (
        "studio",
        "Start the studio: a page in your browser to build crosswords, word "
        "searches and Boggle boards with dlxc's engines.",
    ),
    "wordrect": (
        "wordrect",
        "Fill an MxN rectangle so that every row is an N-letter word and "
        "every column an M-letter word of a list (Knuth's word "
        "rectangles).",
    ),
    "wordsearch": (
        "wordsearch",
        "Hide WORDs in a grid of ROWSxCOLS cells: make a puzzle (the default), "
        "count the layouts, or list them.",
    ),
    "zdd": ("zdd", "The ZDD of a DLX file's solutions, as Knuth's DLX6 builds it."),
}


class _LazyGroup(click.Group):
    """A click group whose commands are imported on first use (click's
    list_commands/get_command contract), and listed without importing them."""

    def list_commands(self, ctx: click.Context) -> list:
        return sorted(set(super().list_commands(ctx)) | set(_COMMANDS))

    # Ctrl-C before a command has taken it in hand (while the command's module
    # loads, while its options are read) ends the run as it ends inside one:
    # "Interrupted." and exit status 130, where click would print "Aborted!"
    # and exit with 1.
    def make_context(self, *args, **kwargs) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            raise _interrupted() from None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise _interrupted() from None

    def get_command(self, ctx: click.Context, cmd_name: str):
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in _COMMANDS:
            module = importlib.import_module(f"{__name__}.{_COMMANDS[cmd_name][0]}")
            command = getattr(module, cmd_name)
            self.add_command(command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's list of commands, each command's short help made by click
        from the sentence in _COMMANDS (click.Group's own list would import
        every command)."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        rows = [
            (name, click.Command(name, help=_COMMANDS[name][1]).get_short_help_str(limit))
            for name in names
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _interrupted() -> click.exceptions.Exit:
    click.echo("Interrupted.", err=True)
    return click.exceptions.Exit(130)  # common.EXIT_INTERRUPT, not imported for so little


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dlxc")
def main() -> None:
    """Word puzzles and exact covers with colors (Knuth's Algorithm C): count,
    list, sample and make them."""
