"""dlxc's command line (click): results on stdout, statistics on stderr.

Exit codes: 0 success, 1 bad input (a message naming file and line, never a
traceback), 2 usage error (click's own).  Each command lives in a module of
its own beside this one and is attached to ``main`` here.
"""

from __future__ import annotations

import click

from .._version import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dlxc")
def main() -> None:
    """Count, list and sample exact covers with colors (Knuth's Algorithm C)."""


def _attach() -> None:
    from . import scale, solve
    for command in solve.COMMANDS + scale.COMMANDS:
        main.add_command(command)
    try:  # modelers' commands, as they land
        from . import puzzles
    except ImportError:
        return
    for command in puzzles.COMMANDS:
        main.add_command(command)


_attach()
