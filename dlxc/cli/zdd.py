"""``dlxc zdd``: the ZDD of a DLX file's solutions, in Knuth's text format.

The diagram goes to stdout (or ``-o OUT``) as DLX6 writes it with ``m1``;
``--count`` and ``--nodes`` print figures instead.  Statistics go to
stderr, as ``dlxc count`` puts them; the options, outcomes and exit codes
are those of ``dlxc.cli.common``.
"""

from __future__ import annotations

import sys

import click

from ..base.errors import SearchStopped
from ..xcc.engines.zdd import DEFAULT_BYTES
from .common import (
    EPILOG,
    backend_option,
    limit_flag,
    limit_options,
    memo_limit_option,
    output_options,
    progress_bar,
    read_problem,
    user_errors,
    watch,
)


@click.command(epilog=EPILOG)
@click.argument("file")
@click.option(
    "-o",
    "--output",
    "out",
    default="-",
    metavar="OUT",
    help="Write the diagram to OUT (default: stdout).",
)
@click.option("--count", "count", is_flag=True, help="Print the number of solutions only.")
@click.option(
    "--nodes",
    "nodes",
    is_flag=True,
    help="Print the number of ZDD nodes only (branch nodes; DLX6's summary adds the two sinks).",
)
@backend_option
@memo_limit_option(
    "Memory for the memo table and the diagram together, e.g. 512M or 4G "
    f"(default {DEFAULT_BYTES >> 30}G); a diagram that would need more stops "
    "with an error (exit status 1)."
)
@limit_options
@output_options
@user_errors
def zdd(
    file, out, count, nodes, backend, memo_limit, timeout, node_limit, quiet, show_progress
) -> None:
    """The ZDD of a DLX file's solutions, as Knuth's DLX6 builds it.

    \b
    Output, on stdout or in OUT:
      default:  the diagram in Knuth's ZDD text format, as DLX6 writes it:
                "K: (~V?L:H)" per node, children first (K, L, H in hex, V
                the option's number from 1 among the options with a primary
                item), then the root line "R: (~0?0:T)"
      --nodes:  the number of ZDD nodes (branch nodes)
      --count:  the number of solutions (exact)
    With both flags, the node count's line comes first.  A summary (search
    nodes, ZDD nodes, memos, hits, memory) goes to stderr.  --memo-limit
    bounds the memory of the memo and the diagram: a diagram that would pass
    it is an error, not a partial diagram.  --timeout and --node-limit stop
    the search with exit status 4 and write no diagram.
    A file with multiplicities (u:v|name items), which DLX6 does not read,
    gets an ordered diagram in the same format (options decided in their
    order, the zddm engine): its paths are the solutions dlxc solve lists.
    """
    problem = read_problem(file)
    if out != "-":
        _check_writable(out)  # before the search, not after it
    with progress_bar("ZDD", quiet, force=show_progress, postfix="") as bar:
        from ..xcc.zdd import ZddBuild

        build = ZddBuild(
            problem,
            backend,
            memo_limit=memo_limit,
            node_limit=node_limit,
            timeout=timeout,
            progress=lambda fraction, stats: bar(fraction),
        )
        watch(build)
        try:
            diagram = build.run()
        except SearchStopped as exc:
            if not quiet:
                click.echo(exc.stats.summary(), err=True)
            raise SearchStopped(
                f"stopped by {limit_flag(exc.stopped, node_limit, timeout)} before the "
                "diagram was complete; nothing was written"
            ) from None
    if count or nodes:
        lines = ([f"{diagram.nodes}\n"] if nodes else []) + (
            [f"{diagram.count()}\n"] if count else []
        )
        if out == "-":
            sys.stdout.write("".join(lines))
            sys.stdout.flush()
        else:
            with open(out, "w", encoding="ascii") as f:
                f.write("".join(lines))
    elif out == "-":
        sys.stdout.flush()
        diagram.write(sys.stdout)
    else:
        diagram.write(out)
    if not quiet:
        click.echo(f"{diagram.count():,} solutions. {build.stats.summary()}", err=True)


def _check_writable(path: str) -> None:
    """An OSError worded as any unwritable file is (dlxc.cli.common), now,
    when OUT cannot be written: its folder is missing or closed to us."""
    import errno
    import os

    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
    if os.path.isdir(path) or not os.access(folder, os.W_OK) and not os.access(path, os.W_OK):
        code = errno.EISDIR if os.path.isdir(path) else errno.EACCES
        raise OSError(code, os.strerror(code), path)
