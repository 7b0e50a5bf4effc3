"""How big is the tree? Knuth's random-probe estimate, and the time a count would take.

Knuth (Estimating the efficiency of backtrack programs, Math. Comp. 29,
1975): walk one random path from the root of the search tree, at each level
picking one of the d branches uniformly; with degrees d_0, d_1, ... along
the path, ``1 + d_0 + d_0 d_1 + ...`` estimates the number of nodes and,
when the path ends in a solution, ``d_0 d_1 ... d_k`` the number of
solutions (0 when it ends in a dead end).  Both are unbiased, so the mean
over many probes converges to the true figures; the standard error of the
mean says how far off it is likely to be (about 2/3 of the time within one
standard error, 95% within two, once the probes are many).  The tree probed
is the deterministic one (leftmost MRV), so the node estimate is for the
figure a plain count reports.

The estimate of the time is for the engine a count would run (``auto``:
``engines.pick_strategy``'s choice, the bits engine on most small
problems): nodes per second measured on the problem itself with a short
count by that engine (engine calls of doubling node budgets until
``calibrate`` seconds, 0.2 by default, are spent), times the estimated
nodes.  The probes walk DLX2's tree, which the bits engine walks too, so
their node estimate holds for both; SSXCC's tree is another, and for it
the time is the calibration's seconds over the share of its tree that
the calibration got through (Knuth's monotone estimate, the progress
bar's).  A problem with multiplicities is probed and counted on the same
MCC engine (mcc, or dlx3 when asked), whose probes walk its own tree, so
its rate times the node estimate holds.
The rate at the top of the tree stands for the whole search.
If that short count finishes the search, the figures are exact and say so.

The estimator's variance can be huge on lopsided trees (a few rare paths
carry most of the solutions): then the standard error is large too, or,
worse, the rare paths were never drawn and both mean and error are too
small.  More probes are the only cure.
"""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Optional

from ..base.args import seconds, whole
from ..base.backends import resolve
from ..base.errors import RequestError
from ..base.rng import fresh_seed, splitmix64
from ..base.runner import FIRST_BUDGET
from .engines import make_solver
from .engines.table import MCC_ENGINES, serving
from .engines.table import engine as engine_row
from .search import Search

if TYPE_CHECKING:
    from .view import ProblemView

DEFAULT_PROBES = 10_000
CALIBRATE_SECONDS = 0.2


@dataclass(frozen=True)
class Estimate:
    """The result of ``estimate``: means over ``probes`` random probes and
    their standard errors; ``seconds`` is the estimated time of a full plain
    count with this ``backend`` at ``nodes_per_second``.  ``exact`` is True
    when the calibration count finished the search (then the figures are
    the true ones and the errors 0).  ``seed`` reproduces the probes."""

    probes: int
    solutions: float
    solutions_stderr: float
    nodes: float
    nodes_stderr: float
    seconds: Optional[float]
    nodes_per_second: Optional[float]
    max_depth: int
    backend: str
    seed: int
    elapsed: float
    exact: bool = False
    engine: str = ""  # the engine whose count the time is for

    def as_dict(self) -> dict:
        """The fields, with None for what is not a finite number (JSON has
        no infinity: one probe gives no standard error)."""
        return {
            k: (None if isinstance(v, float) and not math.isfinite(v) else v)
            for k, v in asdict(self).items()
        }

    def summary(self) -> str:
        """Two sentences for people."""
        if self.exact:
            return (
                f"Exactly {self.solutions:,.0f} solutions and {self.nodes:,.0f} nodes "
                f"(the calibration count finished in {self.seconds:.3f} s, "
                f"{self.backend} backend, {self.engine} engine)."
            )
        text = (
            f"About {_num(self.solutions)} solutions (standard error "
            f"{_num(self.solutions_stderr)}) and {_num(self.nodes)} nodes (standard error "
            f"{_num(self.nodes_stderr)}), from {self.probes:,} random probes."
        )
        if self.seconds is not None:
            text += (
                f"\nA full count would take about {_duration(self.seconds)} on this "
                f"machine ({self.backend} backend, {self.engine} engine"
                + (
                    f", {_num(self.nodes_per_second)} nodes/s)."
                    if self.nodes_per_second is not None
                    else ")."
                )
            )
        return text


def _num(x: Optional[float]) -> str:
    if x is None or not math.isfinite(x):
        return str(x)
    if abs(x) >= 1e9:
        return f"{x:.4g}"
    if abs(x) >= 100:
        return f"{x:,.0f}"
    return f"{x:.3g}"


def _duration(seconds: float) -> str:
    if not math.isfinite(seconds):
        return "forever"
    if seconds < 120:
        return f"{seconds:.3g} s"
    for unit, size in (
        ("years", 365.25 * 86400),
        ("days", 86400),
        ("hours", 3600),
        ("minutes", 60),
    ):
        if seconds >= 2 * size:
            return f"{seconds / size:.3g} {unit}"
    return f"{seconds:.0f} s"


def probe_seeds(seed: int):
    """The endless stream of per-probe seeds derived from ``seed``."""
    state = seed & ((1 << 64) - 1)
    while True:
        state, out = splitmix64(state)
        yield out


class _Moments:
    """Running mean and variance (Welford's method, stable for huge values)."""

    __slots__ = ("n", "mean", "m2")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def stderr(self) -> float:
        """The standard error of the mean (inf for fewer than 2 values)."""
        if self.n < 2:
            return math.inf
        return math.sqrt(self.m2 / (self.n - 1) / self.n)


def estimate(
    problem: ProblemView,
    probes: int = DEFAULT_PROBES,
    seed: Optional[int] = None,
    backend: Optional[str] = None,
    timeout: Optional[float] = None,
    calibrate: Optional[float] = CALIBRATE_SECONDS,
    until_solution: bool = False,
    strategy: Optional[str] = "auto",
) -> Estimate:
    """Estimate the numbers of solutions and nodes with ``probes`` random
    probes (fewer if ``timeout`` seconds pass first), and the time of a
    full count from a short count of about ``calibrate`` seconds (None:
    no timing, and ``seconds`` is None).  ``seed`` None draws a fresh one
    (reported in the result).  ``until_solution`` stops at the first probe
    that reaches a solution, for a caller that asks only whether one is
    within reach.  ``strategy`` names the engine whose count is timed
    ("auto": the one a count with "auto" runs)."""
    probes = whole(probes, "probes", minimum=-(1 << 64))
    if probes < 1:
        raise RequestError(f"an estimate needs at least one probe, got probes={probes!r}")
    timeout = seconds(timeout)  # inf: no limit
    backend = resolve(backend)
    if seed is None:
        seed = fresh_seed()
    t0 = time.perf_counter()
    rate: Optional[float] = None
    full: Optional[float] = None  # the time of a count, where not nodes / rate
    engine = ""
    if calibrate is not None:
        # a short plain count on the problem itself, in the runner's slices,
        # by the engine a count would run
        with Search(problem, backend=backend, timeout=calibrate, strategy=strategy or "auto") as s:
            if not s.step(FIRST_BUDGET[backend]):
                s.count()
            stats = s.stats
            engine = s.strategy
            done = s.fraction_done()
        if stats.complete:
            return Estimate(
                probes=0,
                solutions=float(stats.solutions),
                solutions_stderr=0.0,
                nodes=float(stats.nodes),
                nodes_stderr=0.0,
                seconds=stats.seconds,
                nodes_per_second=stats.nodes / stats.seconds if stats.seconds else None,
                max_depth=stats.max_level,
                backend=backend,
                seed=seed,
                elapsed=time.perf_counter() - t0,
                exact=True,
                engine=engine,
            )
        if engine_row(engine).tree in ("dlx2", "dlx3", "mcc"):  # the probes walk its tree
            rate = stats.nodes / stats.seconds if stats.seconds > 0 else None
        elif done > 0:
            full = stats.seconds / done
    # the engine that draws random probes; on a problem with multiplicities
    # the MCC engine whose count was timed, which probes its own tree
    prober = strategy if strategy in MCC_ENGINES else serving("estimate")[0]
    solver = make_solver(
        backend, len(problem.primary), len(problem.items), problem.live_arrays(), None, prober
    )
    deadline = None if timeout is None else time.perf_counter() + timeout
    sols, nodes = _Moments(), _Moments()
    max_depth = 0
    try:
        for probe_seed in probe_seeds(seed):
            node_est, sol_est, depth = solver.probe(probe_seed)
            sols.add(sol_est)
            nodes.add(node_est)
            if depth > max_depth:
                max_depth = depth
            if nodes.n >= probes or (until_solution and sol_est > 0):
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
    finally:
        solver.close()
    return Estimate(
        probes=nodes.n,
        solutions=sols.mean,
        solutions_stderr=sols.stderr(),
        nodes=nodes.mean,
        nodes_stderr=nodes.stderr(),
        seconds=full if rate is None else nodes.mean / rate,
        nodes_per_second=rate,
        max_depth=max_depth,
        backend=backend,
        seed=seed,
        elapsed=time.perf_counter() - t0,
        engine=engine,
    )
