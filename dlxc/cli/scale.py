"""``dlxc estimate`` and ``dlxc sample``: the size of a search, and uniform
draws from its solutions.

- ``dlxc estimate FILE``: Knuth's random-probe estimate of the numbers of
  solutions and nodes, with standard errors, and of the time a full count
  would take here (``dlxc.xcc.estimate``).
- ``dlxc sample FILE -n K --seed S``: K solutions drawn exactly uniformly
  (``dlxc.xcc.sampling``).

Options, outcomes and exit codes are those of ``dlxc.cli.common``.
"""

from __future__ import annotations

import json
import sys
import time

import click

from ..base.errors import NoSolutionError
from ..base.rng import fresh_seed
from ..xcc.estimate import estimate as run_estimate
from ..xcc.sampling import Sampler, draw_seeds
from ..xcc.search import DEFAULT_MEMO_BYTES
from . import common
from .common import backend_option, json_option, memo_limit_option, read_problem, user_errors
from .options import timeout_option
from .preprocess import preprocess_option, reduce, time_left

# ---- dlxc estimate ----


@click.command()
@click.argument("file")
@click.option(
    "--probes",
    type=click.IntRange(min=1),
    default=10_000,
    show_default=True,
    metavar="N",
    help="Random root-to-leaf probes to average.",
)
@common.seed_option("Seed of the probes (default: a fresh one, shown in the output).")
@timeout_option("Stop probing after this long, with fewer probes.")
@backend_option
@click.option(
    "--strategy",
    type=click.Choice(["auto", "dlx2", "ssxcc", "bits"]),
    default="auto",
    show_default=True,
    help="The engine whose count is timed (as `dlxc count --strategy`): auto "
    "times the engine a count would run.",
)
@json_option("One JSON object instead of text.")
@preprocess_option
def estimate(file, probes, seed, timeout, backend, strategy, as_json, preprocess) -> None:
    """Estimate the size of a DLX file's search tree (Knuth's random probes).

    \b
    Each probe walks one random path from the root, picking each branch
    with equal chance; the products of the branching degrees estimate the
    numbers of solutions and nodes without bias (Knuth, Math. Comp. 29,
    1975).  The output gives their means over the probes with standard
    errors, and the time a full count would take on this machine by the
    engine it would run (from the node rate of a 0.2 s count of the
    problem itself by that engine; the probes walk DLX2's tree, which the
    bits engine shares; for SSXCC's tree, from the share of it that count
    got through).  If that short count finishes, the figures are exact
    and say so.
    \b
    --json prints one object with the keys file, solutions,
    solutions_stderr, nodes, nodes_stderr, seconds (of a full count),
    nodes_per_second, probes, max_depth, backend, engine, seed, elapsed,
    exact.
    """
    with user_errors():
        problem = read_problem(file)
        if preprocess:
            started = time.perf_counter()
            problem, _ = reduce(problem, backend=backend, timeout=timeout)
            timeout = time_left(timeout, started)
        est = run_estimate(
            problem,
            probes=probes,
            seed=seed,
            backend=backend,
            timeout=timeout,
            strategy=strategy,
        )
        out = sys.stdout
        if as_json:
            out.write(json.dumps({"file": file, **est.as_dict()}) + "\n")
        else:
            out.write(est.summary() + "\n")
            if not est.exact:
                out.write(f"(seed {est.seed}; {est.elapsed:.2f} s)\n")
        out.flush()


# ---- dlxc sample ----


@click.command()
@click.argument("file")
@click.option(
    "-n",
    "--count",
    "k",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    metavar="K",
    help="How many solutions to draw.",
)
@common.seed_option(
    "Seed of the draws: the same seed gives the same samples (default: "
    "a fresh one, reported on stderr)."
)
@memo_limit_option(f"Memory for the counts (default {DEFAULT_MEMO_BYTES >> 30}G).")
@backend_option
@json_option("One JSON object per sample and line.")
@common.limit_options
@common.output_options
@preprocess_option
def sample(
    file,
    k,
    seed,
    memo_limit,
    backend,
    as_json,
    timeout,
    node_limit,
    quiet,
    show_progress,
    preprocess,
) -> None:
    """Draw solutions of a DLX file uniformly at random.

    \b
    Every solution is equally likely, exactly: dlxc counts the solutions
    with a memo table, then walks down from the root, choosing each option
    in proportion to the solutions below it.  Only DLX2's engine keeps
    memo tables and draws samples, so it is the engine here, whatever
    the file; a file with multiplicities (u:v|name items) is drawn from
    its ZDD instead (dlxc zdd's search).  Draws are independent, so a
    solution can come twice.  If the table does not fit in --memo-limit,
    dlxc says so rather than draw with a bias.
    \b
    Each sample is printed as "sample K:" and its options, one per line as
    in the file, then a blank line; with --json, one object per line:
      {"sample": K, "options": [J, ...], "text": ["A C X:1 Y:1", ...]}
    where J is the 0-based number of the option among the file's options.
    """
    with user_errors():
        problem = original = read_problem(file)
        if preprocess:
            started = time.perf_counter()
            problem, _ = reduce(
                problem, backend=backend, quiet=quiet, show_progress=show_progress, timeout=timeout
            )
            timeout = time_left(timeout, started)
        if seed is None:
            seed = fresh_seed()
        with common.progress_bar("counting", quiet, force=show_progress) as bar:
            sampler = Sampler(
                problem,
                backend=backend,
                memo_limit=memo_limit,
                progress=bar,
                timeout=timeout,
                node_limit=node_limit,
            )
        with sampler:
            if k and sampler.count == 0:
                raise NoSolutionError(f"{problem.name} has no solution to sample")
            out = sys.stdout
            for i, draw_seed in enumerate(draw_seeds(seed, k), 1):
                draw = problem.to_original(sampler.draw(draw_seed))
                text = original.solution_text(draw)
                if as_json:
                    out.write(json.dumps({"sample": i, "options": list(draw), "text": text}) + "\n")
                else:
                    out.write(f"sample {i}:\n" + "".join(t + "\n" for t in text) + "\n")
            out.flush()
        if not quiet:
            click.echo(
                f"Drew {k} of {sampler.count:,} solutions uniformly at random (seed {seed}).",
                err=True,
            )
