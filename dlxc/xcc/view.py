"""What the XCC services see of a problem: ``ProblemView``.

The search, the count, the estimate, the sampler and the process pool take
a problem and read only its item names, its color names, how many options
it has, its name for messages and the arrays the engines search.  They
name that view, not ``dlxc.xcc.problem.Problem``, so that ``problem``
(whose solving methods hand over to them) sits above them and nothing
below imports it, even for type checking.  ``Problem`` satisfies the view
by its shape; nothing registers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class ProblemView(Protocol):
    """A problem as the services read it."""

    #: the problem's name in messages (a file name, or what the model says)
    name: str
    #: the primary items' names, then the secondary ones'; all items
    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    items: tuple[str, ...]
    #: the color names, ``colors[0] == ""`` (no color)
    colors: tuple[str, ...]

    @property
    def options(self) -> Sequence[Any]:
        """Every option, those without a primary item too."""
        ...

    def live_arrays(self) -> tuple:
        """(opt_start, opt_items, opt_colors, opt_ids) of the options the
        engines search."""
        ...
