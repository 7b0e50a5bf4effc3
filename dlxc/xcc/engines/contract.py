"""The contract of an XCC engine: what the C handle classes of
dlxc/xcc/_cbackend.py (``Dlx2C``, ``SsxccC``, ``BitsC``) and the mirror
classes of this package (``Dlx2Mirror``, ``SsxccMirror``, ``BitsMirror``)
all are, so that ``make_solver`` may hand out either and ``Search``, the
split count, the estimate and the sampler never ask which one runs.

mypy holds every side to it: the assignments under ``TYPE_CHECKING`` at the
end of this module fail the type check when a class drifts (a method
renamed, dropped, or given other parameters).  Nothing here is imported at
run time by the engines themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional, Protocol


class XccEngine(Protocol):
    """A resumable search of one XCC problem, in Knuth's terms: items
    (``n_primary`` primary ones first, then the secondary ones) and options,
    given as the four arrays of ``dlxc.xcc.problem.Problem.live_arrays``.

    Attributes:

    - ``strategy``: the engine's name in dlxc.xcc.engines.table (``dlx2``,
      ``ssxcc``, ``bits``).
    - ``atomic_run``: True when one ``run`` is one C call that Ctrl-C cannot
      cut in half (the runner then keeps node budgets small).

    Methods:

    - ``run(node_budget, out=None, room=0, paths=None) -> status``: search
      on for at most ``node_budget`` nodes from where the last call stopped.
      With ``out`` a list, at most ``room`` solutions (tuples of option ids)
      are appended to it; with ``room`` 0 they are counted only.  After
      ``set_split``, the paths of the split depth go to ``paths``.  The
      status is 0 when the search is done, nonzero when the budget, the room
      or the split stopped it; nothing is searched twice.
    - ``set_overlap(masks, words)`` and ``run_overlap(node_budget) ->
      (status, overlapping)``: count, as ``run`` does, also the solutions
      whose every option shares a bit of its mask with another.
    - ``set_split(depth)`` and ``replay(path)``: stop at ``depth`` and list
      the paths there; replay one such path (option ids) as a fresh search of
      its subtree.  ``ValueError`` for a path that is not one.
    - ``progress() -> float``: the share of the tree done, 0.0 to 1.0,
      never going back.
    - ``set_memo(max_entries)`` and ``memo_info() -> (entries, hits,
      stores, full)``: memoized counting of residual problems.
    - ``probe(seed) -> (estimate, cost, depth)``: one of Knuth's random
      probes of the tree's size.
    - ``sample(seed) -> option ids``: a uniform sample after a complete
      memoized count.
    - ``stats() -> (solutions, nodes, updates, cleansings, max_level,
      done)``: the figures so far.
    - ``close()``: free the engine; any later call raises ``SolverError``.

    Invariants: both sides of one strategy give the same solutions in the
    same order, the same statistics and the same progress for the same
    problem and budgets.  A capability that dlxc.xcc.engines.table denies
    the strategy (``set_memo`` on SSXCC's engine, for one) raises
    ``SolverError`` with the table's one sentence (``table.refusal``).  One
    call at a time: a second thread entering a running engine gets
    ``HandleBusy`` (a ``SolverError``), not a corrupt search.
    """

    strategy: str
    atomic_run: bool

    def run(
        self,
        node_budget: int,
        out: Optional[list] = None,
        room: int = 0,
        paths: Optional[list] = None,
    ) -> int: ...

    def set_overlap(self, masks: Sequence[int], words: int) -> None: ...

    def run_overlap(self, node_budget: int) -> tuple[int, int]: ...

    def set_split(self, depth: int) -> None: ...

    def replay(self, path: Sequence[int]) -> None: ...

    def progress(self) -> float: ...

    def set_memo(self, max_entries: int) -> None: ...

    def memo_info(self) -> tuple[int, int, int, bool]: ...

    def probe(self, seed: int) -> tuple[float, float, int]: ...

    def sample(self, seed: int) -> tuple[int, ...]: ...

    def stats(self) -> tuple[int, int, int, int, int, bool]: ...

    def close(self) -> None: ...


class XccEngineClass(Protocol):
    """How an engine is made (``make_solver``): the sizes, the four arrays
    (``opt_ids`` may be None: option ids are then positions), a seed and
    whether ties are broken at random with it (only where the table says
    the engine can; ``make_solver`` refuses the others)."""

    def __call__(
        self,
        n_primary: int,
        n_items: int,
        opt_start: Sequence[int],
        opt_items: Sequence[int],
        opt_colors: Sequence[int],
        opt_ids: Optional[Sequence[int]] = None,
        seed: int = 0,
        randomize: bool = False,
    ) -> XccEngine: ...


if TYPE_CHECKING:  # the check: mypy fails here when a side drifts
    from .._cbackend import BitsC, Dlx2C, MccC, SsxccC
    from .bits import BitsMirror
    from .dlx2 import Dlx2Mirror
    from .mcc import MccMirror
    from .ssxcc import SsxccMirror

    _dlx2_c: XccEngineClass = Dlx2C
    _dlx2_mirror: XccEngineClass = Dlx2Mirror
    _ssxcc_c: XccEngineClass = SsxccC
    _ssxcc_mirror: XccEngineClass = SsxccMirror
    _bits_c: XccEngineClass = BitsC
    _bits_mirror: XccEngineClass = BitsMirror
    _mcc_c: XccEngineClass = MccC
    _mcc_mirror: XccEngineClass = MccMirror
