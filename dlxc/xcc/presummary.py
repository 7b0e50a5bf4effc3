"""The summary line of a preprocessing (``PreStats.summary``), in a module
of its own that imports nothing: dlxc/_launch.py's short way of ``dlxc
preprocess FILE`` prints it without importing dataclasses and the rest."""

from __future__ import annotations


def summary_line(
    options: int,
    items: int,
    options_out: int,
    blocked: int,
    items_out: int,
    forced: int,
    rounds: int,
    mems: int,
    seconds: float,
    backend: str,
    stopped: str | None = None,
    infeasible: str | None = None,
) -> str:
    """One line: what was removed, and why (see ``PreStats`` for the figures)."""
    if infeasible is not None:
        return (
            f"Primary item {infeasible} is in no option that can be used: "
            f"the problem has no solution (removed {options_out:,} "
            f"option{_s(options_out)} and {items_out:,} "
            f"item{_s(items_out)}), after {mems:,} mems, "
            f"{rounds} round{_s(rounds)}, {seconds:.3f} s."
        )
    head = "Removed" if stopped is None else f"Stopped by the {stopped}; removed"
    removed = []
    if options_out:
        why = _reasons(
            (blocked, "that would leave a primary item without options"),
            (options_out - blocked, "with a forced item but not the item forcing it"),
        )
        removed.append(f"{options_out:,} option{_s(options_out)} ({why})")
    if items_out:
        why = _reasons(
            (forced, "forced by another item"),
            (items_out - forced, "left in no option"),
        )
        removed.append(f"{items_out:,} item{_s(items_out)} ({why})")
    return (
        f"{head} {' and '.join(removed) or 'nothing'}, of {options:,} "
        f"option{_s(options)} and {items:,} item{_s(items)}, after "
        f"{mems:,} mems, {rounds} round{_s(rounds)}, "
        f"{seconds:.3f} s ({backend} backend)."
    )


def _reasons(*parts) -> str:
    """ "3 forced by another item, 1 left in no option", without the zeros."""
    return ", ".join(f"{n:,} {text}" for n, text in parts if n)


def _s(n: int) -> str:
    return "" if n == 1 else "s"
