"""``dlxc count`` and ``dlxc solve``: DLX files in, counts and solutions out.

Results go to stdout, statistics and warnings to stderr, as DLX2 does; the
options, outcomes and exit codes are those of ``dlxc.cli.common``.
"""

from __future__ import annotations

import json
import sys
import time

import click

from ..base.errors import EXIT_INPUT, DlxcError, SearchStopped
from ..xcc.best import MAX_K, BestSearch
from ..xcc.search import DEFAULT_MEMO_BYTES
from . import common
from .common import (
    EPILOG,
    backend_option,
    echo_stats,
    input_error,
    jobs_option,
    json_option,
    limit_flag,
    limit_options,
    memo_limit_option,
    memo_note,
    memo_option,
    output_options,
    read_problem,
    run_count,
    scheduler_option,
    seed_option,
    user_errors,
    watch,
)
from .preprocess import preprocess_option, reduce, time_left

_FLUSH_SECONDS = 0.1
MEMO_LIMIT_HELP = (
    f"Memory for the --memo table, e.g. 512M or 4G (default "
    f"{DEFAULT_MEMO_BYTES >> 30}G); when it is full the count goes on "
    "exactly, without new entries."
)
_SEED_HELP = (
    "Break ties between items with equally few options at random, with this seed "
    "(default: the leftmost item, as DLX2)."
)
_SPLIT_HELP = "Processes to share the work (0: every core). "


def _stats_record(stats) -> dict:
    return {
        "solutions": stats.solutions,
        "nodes": stats.nodes,
        "updates": stats.updates,
        "cleansings": stats.cleansings,
        "seconds": round(stats.seconds, 6),
        "backend": stats.backend,
        "engine": stats.engine,
        "complete": stats.complete,
        "max_level": stats.max_level,
    }


# ---- dlxc count ----


@click.command(epilog=EPILOG)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@seed_option(_SEED_HELP)
@backend_option
@jobs_option(_SPLIT_HELP + "The count and the statistics equal a serial run's.")
@memo_option(
    "Memoized counting: residual problems met again are not searched again "
    "(fewer nodes, the same count). Only DLX2's engine keeps memo tables: "
    "--memo counts on it, with --jobs too. A file with multiplicities "
    "(u:v|name items) counts the paths of its ZDD instead (the zddm engine, "
    "dlxc zdd's search), in one process."
)
@memo_limit_option(MEMO_LIMIT_HELP)
@scheduler_option
@limit_options
@output_options
@json_option("One JSON object per file and line instead of plain numbers.")
@click.option(
    "--strategy",
    type=click.Choice(["auto", "dlx2", "ssxcc", "bits", "dlx3"]),
    default="auto",
    show_default=True,
    help="The engine: dlx2 (Knuth's DLX2: dancing links, its tree and statistics), "
    "ssxcc (Knuth's SSXCC: sparse sets and forced moves, its tree and "
    "statistics), bits (bitsets of options: DLX2's tree, its own updates), "
    "auto (the faster one for the file; DLX2's with --seed or --memo, which "
    "only it serves). --jobs and a scheduler split every engine and auto keeps "
    "its choice; a split ssxcc count gives the serial solutions, but its nodes "
    "and updates (the split run's plus its subproblems') may differ from a "
    "serial run's. A file with multiplicities (u:v|name items) runs on the mcc "
    "engine (Knuth's DLX3's tree over bitsets; its updates are the options "
    "committed) whatever this says, or with dlx3 on dancing links with DLX3's "
    "updates and cleansings. "
    "The summary and --json name the engine that ran.",
)
@preprocess_option
@user_errors
def count(files, backend, seed, as_json, quiet, strategy, preprocess, **how) -> None:
    """Count the solutions of DLX files (Knuth's format; - is stdin).

    \b
    Output on stdout, one line per file, in the order given:
      one file:       the number of solutions
      several files:  COUNT FILE
      --json:         {"file": FILE, "solutions": ..., "nodes": ..., "updates": ...,
                       "cleansings": ..., "seconds": ..., "backend": ...,
                       "complete": ..., "max_level": ...}
    With --jobs or --scheduler and the ssxcc engine ("engine": "ssxcc"),
    "nodes" and "updates" are the split run's plus its subproblems' (the
    solutions are exact; these may differ a little from a serial count's).
    Statistics (DLX2's summary sentence) go to stderr, prefixed by the file
    name when there are several files.  --timeout and --node-limit hold for
    each file; a count they stop prints what it counted, says "partial" on
    stderr ("complete": false in JSON) and exits with 4.  A file that cannot
    be read or is not in the format is reported on stderr ("Error: FILE:LINE:
    ..."), nothing is printed for it on stdout, the other files are still
    counted, and the exit status is 1.
    """
    several = len(files) > 1
    out = sys.stdout
    stopped = bad_input = False
    for file in files:
        label = file if several else None
        try:
            problem = read_problem(file)
            run_how = how
            if preprocess:
                started = time.perf_counter()
                problem, _ = reduce(
                    problem,
                    backend=backend,
                    quiet=quiet,
                    show_progress=how["show_progress"],
                    timeout=how["timeout"],
                    label=label,
                    costs_kept=False,
                )
                run_how = {**how, "timeout": time_left(how["timeout"], started)}
            stats = run_count(
                problem,
                backend=backend,
                seed=seed,
                label=label,
                quiet=quiet,
                strategy=strategy,
                **run_how,
            )
        except (DlxcError, OSError) as exc:
            message = input_error(exc)
            if message is None:
                raise
            click.echo(f"Error: {message}", err=True)
            bad_input = True
            continue
        if as_json:
            out.write(json.dumps({"file": file, **_stats_record(stats)}) + "\n")
        elif several:
            out.write(f"{stats.solutions} {file}\n")
        else:
            out.write(f"{stats.solutions}\n")
        out.flush()
        echo_stats(stats, quiet, label=label)
        memo_note(stats, label)
        if not stats.complete:
            stopped = True
            head = f"{label}: " if label else ""
            click.echo(
                f"{head}partial: stopped by "
                f"{limit_flag(stats.stopped, how['node_limit'], how['timeout'])} "
                "before the search was complete; the figures count what was "
                "searched so far",
                err=True,
            )
    if bad_input:  # a bad file outweighs a count stopped by a limit
        raise click.exceptions.Exit(EXIT_INPUT)
    if stopped:
        raise SearchStopped("")


# ---- dlxc solve ----


@click.command(epilog=EPILOG)
@click.argument("file")
@click.option(
    "--max",
    "max_solutions",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="Stop after N solutions (default: all).",
)
@click.option(
    "--best",
    "best_k",
    type=click.IntRange(min=1, max=MAX_K),
    default=None,
    metavar="K",
    help="The K cheapest solutions, cheapest first, each with its cost (options cost "
    "what their '|n' entries say, as in Knuth's DLX5; 0 without one). Ties go to the "
    "solutions the search finds first. A file with multiplicities (u:v|name "
    "items) takes the K cheapest paths of its ZDD (the zddm engine).",
)
@seed_option(_SEED_HELP)
@backend_option
@jobs_option(_SPLIT_HELP + "Every solution comes once, but not in the serial order.")
@limit_options
@output_options
@json_option("One JSON object per solution and line.")
@preprocess_option
@user_errors
def solve(
    file,
    max_solutions,
    best_k,
    backend,
    seed,
    as_json,
    jobs,
    timeout,
    node_limit,
    quiet,
    show_progress,
    preprocess,
) -> None:
    """List the solutions of a DLX file (Knuth's format; - is stdin).

    \b
    Each solution, as it is found, is printed as a header line
    "solution K:" (K from 1) followed by its options, one per line as in
    the file (e.g. "A C X:1 Y:1"), in the order the search chose them, and
    a blank line.  No option line can read "solution K:" (its "K:" would be
    an item with an empty color).
    With --json, one object per line instead:
      {"solution": K, "options": [J, ...], "text": ["A C X:1 Y:1", ...]}
    where J is the 0-based number of the option among the file's option
    lines.  DLX2's summary sentence goes to stderr.
    With --jobs, every solution still comes exactly once, but in an order
    that differs from the serial one (and from run to run).
    Option costs ("|n" entries, as Knuth's DLX5 reads them) count only with
    --best K: then the K cheapest solutions are printed once the search
    is over, cheapest first, each headed "solution K (cost C):" (in JSON
    with a "cost" field), and DLX5's summary goes to stderr.  A limit or
    Ctrl-C prints the best found so far, which are not proved the cheapest.
    """
    problem = original = read_problem(file)
    if best_k is not None:
        if max_solutions is not None or jobs != 1 or seed is not None or preprocess:
            raise click.UsageError(
                "--best searches in one process: no --max, --jobs, --seed or --preprocess"
            )
        _solve_best(problem, best_k, backend, as_json, timeout, node_limit, quiet)
        return
    search_timeout = timeout
    if preprocess:
        started = time.perf_counter()
        problem, _ = reduce(
            problem, backend=backend, quiet=quiet, show_progress=show_progress, timeout=timeout
        )
        search_timeout = time_left(timeout, started)
    out = sys.stdout
    write = out.write
    last_flush = time.monotonic()
    with (
        common.progress_bar("solving", quiet, stdout_too=True, force=show_progress) as bar,
        problem.solutions(
            backend=backend,
            seed=seed,
            limit=max_solutions,
            jobs=jobs,
            node_limit=node_limit,
            timeout=search_timeout,
        ) as search,
    ):
        watch(search)
        if bar.enabled and hasattr(search, "progress"):
            search.progress = bar
        for k, solution in enumerate(search, 1):
            solution = problem.to_original(solution)
            text = original.solution_text(solution)
            if as_json:
                write(json.dumps({"solution": k, "options": list(solution), "text": text}) + "\n")
            else:
                write(f"solution {k}:\n" + "".join(t + "\n" for t in text) + "\n")
            now = time.monotonic()
            if k == 1 or now - last_flush >= _FLUSH_SECONDS:
                out.flush()
                last_flush = now
        out.flush()
        stats = search.stats
        stopped = search.stopped
    echo_stats(stats, quiet)
    if stopped is not None:
        raise SearchStopped(
            f"partial: stopped by {limit_flag(stopped, node_limit, timeout)} "
            "before the search was complete; the solutions above are those "
            "found so far"
        )


def _solve_best(problem, k, backend, as_json, timeout, node_limit, quiet) -> None:
    """``dlxc solve --best K``: the K cheapest solutions, printed at the end
    (or at a limit or Ctrl-C, the best found so far)."""
    costs = problem.costs

    def text_of(j: int) -> str:
        line = problem.option_text(j)
        return line if costs is None else f"{line} |{costs[j]}"

    with BestSearch(problem, k, backend, node_limit=node_limit, timeout=timeout) as search:

        def show() -> None:
            out = sys.stdout
            for n, (cost, solution) in enumerate(search.result().solutions, 1):
                text = [text_of(j) for j in solution]
                if as_json:
                    record = {"solution": n, "cost": cost, "options": list(solution), "text": text}
                    out.write(json.dumps(record) + "\n")
                else:
                    out.write(f"solution {n} (cost {cost}):\n" + "".join(t + "\n" for t in text))
                    out.write("\n")
            out.flush()

        watch(search, then=show)
        result = search.run()
        show()
    stats = search.stats
    if not quiet:
        click.echo(stats.summary(), err=True)
        costs_found = [c for c, _ in result.solutions]
        if result.complete and costs_found:
            what = "The optimum cost is" if k == 1 else f"The {len(costs_found)} optimum costs are"
            click.echo(f"{what} {', '.join(map(str, costs_found))}.", err=True)
    if not result.complete:
        raise SearchStopped(
            f"partial: stopped by {limit_flag(stats.stopped, node_limit, timeout)} "
            "before the search was complete; the solutions above are the cheapest "
            "found so far, not proved optimal"
        )
