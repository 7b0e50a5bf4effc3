"""Live progress of a long count: a tqdm bar on stderr, only for people.

A count that takes more than about a second shows how far it has come: the
fraction of the search tree explored (Knuth's estimate from the "k of d"
choices at each level, see ``Search.fraction_done``; or, for a count split
over processes, the share of subproblems finished), the solutions so far
and tqdm's estimate of the time left.  The bar appears only when its stream
is a terminal, never on stdout, and not at all with ``--quiet``; so
scripts, pipes and test runs see nothing.

Knuth's fraction is an estimate, and it can move unevenly when a large
subtree turns out small; the time left is therefore a guess too.
"""

from __future__ import annotations

import sys
from typing import IO, Optional

from .closing import Closing

DELAY = 1.0  # seconds before the bar appears: short counts stay silent
_SCALE = 10_000  # the bar counts in hundredths of a percent


def wanted(stream: Optional[IO] = None, quiet: bool = False) -> bool:
    """Whether a progress bar belongs on ``stream`` (default stderr): only
    when it is a terminal and the user did not ask for quiet."""
    if quiet:
        return False
    stream = sys.stderr if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


class ProgressBar(Closing):
    """A callable ``progress(fraction, stats)`` for ``Search.run`` and the
    parallel counts, drawing a tqdm bar.

    ``enabled=None`` decides by ``wanted(file)``; ``enabled=True`` draws on
    ``file`` even when it is not a terminal (for tests).  ``delay`` is the
    time before the bar first appears, ``mininterval`` the least time
    between two redraws, ``postfix`` the text after the bar until a call
    brings statistics.  Use it as a context manager, or call
    ``close()`` when the count is over.
    """

    def __init__(
        self,
        desc: str = "counting",
        file: Optional[IO] = None,
        enabled: Optional[bool] = None,
        delay: float = DELAY,
        mininterval: float = 0.1,
        postfix: str = "0 solutions",
    ) -> None:
        self.file = sys.stderr if file is None else file
        self.enabled = wanted(self.file) if enabled is None else enabled
        self._bar = None
        self._last = 0
        if self.enabled:
            from tqdm import tqdm

            self._bar = tqdm(
                total=_SCALE,
                file=self.file,
                delay=delay,
                desc=desc,
                leave=False,
                dynamic_ncols=True,
                mininterval=mininterval,
                postfix=[postfix],
                # a list postfix is used as given (a string would get a ", " in
                # front); tqdm's README shows this form
                bar_format="{desc}: {percentage:5.1f}%|{bar}| {postfix[0]} "
                "[{elapsed} elapsed, {remaining} left]",
            )

    def __call__(self, fraction: float, stats=None) -> None:
        if self._bar is None:
            return
        step = int(min(max(fraction, 0.0), 1.0) * _SCALE)
        if stats is not None:
            self._bar.postfix[0] = f"{stats.solutions:,} solutions"
        # Knuth's estimate only grows; keep the bar monotone.  update(0)
        # still redraws (the postfix) once tqdm's interval and delay allow.
        delta = max(step - self._last, 0)
        self._last += delta
        self._bar.update(delta)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


class ClockBar(Closing):
    """A tqdm bar of the seconds a search is given, for a search that runs
    for a set time (``dlxc boggle best``): ``tick(elapsed, postfix)`` moves
    it to ``elapsed`` seconds of ``seconds`` and shows ``postfix`` after
    it.  Drawn only where ``wanted(file, quiet)``; use it as a context
    manager, or call ``close()``."""

    def __init__(
        self, seconds: float, desc: str, file: Optional[IO] = None, quiet: bool = False
    ) -> None:
        self.file = sys.stderr if file is None else file
        self.seconds = seconds
        self._bar = None
        if wanted(self.file, quiet):
            from tqdm import tqdm

            self._bar = tqdm(
                total=round(seconds),
                file=self.file,
                unit="s",
                leave=False,
                desc=desc,
                dynamic_ncols=True,
                mininterval=0.2,
                bar_format="{desc}: {bar} {n:.0f}/{total:.0f}s {postfix}",
            )

    def tick(self, elapsed: float, postfix: str) -> None:
        if self._bar is not None:
            self._bar.n = min(self.seconds, elapsed)
            self._bar.set_postfix_str(postfix)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
