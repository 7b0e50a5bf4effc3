"""What the Python mirrors of the XCC engines share: the run statuses, the
overlap filter of listed solutions, and the base of the mirrors whose
engine can only list and count (``SideMirror``, as _cbackend's
``_SideEngine`` is for their C handles)."""

from __future__ import annotations

from collections.abc import Sequence

from ...base.errors import SolverError
from ...base.guard import Guard
from .table import refusal

DONE, BATCH, BUDGET = 0, 1, 2


def all_overlap(masks: Sequence[int]) -> bool:
    """Whether every mask shares a bit with another: ``shared`` collects
    the bits that two masks have, and each mask must have one of them."""
    seen = shared = 0
    for m in masks:
        shared |= seen & m
        seen |= m
    for m in masks:
        if not m & shared:
            return False
    return True


def keep_overlapping(solutions: list, masks: Sequence[int]) -> list:
    """As ``dlxc_keep_overlapping``: the solutions (tuples of option ids) in
    which every option shares a bit of its mask (``masks[id]``) with another."""
    return [sol for sol in solutions if all_overlap([masks[j] for j in sol])]


def _refusing(capability: str):
    """A method that refuses ``capability`` with the table's sentence."""

    def refuse(self, *args):
        raise SolverError(refusal(self.strategy, capability))

    refuse.__name__ = f"refuse_{capability}"
    return refuse


class SideMirror:
    """What the mirrors of the engines beside DLX2's (ssxcc.py, bits.py)
    share around their search, as _cbackend's _SideEngine does for their C
    side: overlap filtering of the listed solutions, close, and a refusal
    (from dlxc.xcc.engines.table) of whatever the engine cannot do: a
    split, a memo table, probes, samples (make_solver refuses a seed)."""

    strategy = ""
    atomic_run = False  # as Dlx2Mirror's
    closed = False
    _guard: Guard  # made by each engine's __init__

    def run(self, node_budget: int, out=None, room: int = 0, paths=None) -> int:
        raise NotImplementedError  # each engine's search

    def set_overlap(self, masks: Sequence[int], words: int) -> None:
        self._overlap_masks = list(masks)

    def run_overlap(self, node_budget: int) -> tuple[int, int]:
        out: list = []
        status = self.run(node_budget, out, 1 << 62)
        return status, len(keep_overlapping(out, self._overlap_masks))

    def memo_info(self) -> tuple[int, int, int, bool]:
        return 0, 0, 0, False

    set_split = replay = _refusing("split")
    set_memo = _refusing("memo")
    probe = _refusing("estimate")
    sample = _refusing("sample")

    def close(self) -> None:
        self.closed = True
        self._guard.close()

    def _live(self) -> None:
        if self.closed:
            raise SolverError("this search has been closed; its engine is freed")


def mask_words(masks: Sequence[int]) -> int:
    """How many 64-bit words the widest mask needs (at least one): the
    width ``dlxc_keep_overlapping`` reads them in."""
    return max(1, (max(masks, default=0).bit_length() + 63) // 64)
