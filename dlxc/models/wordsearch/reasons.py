"""Why a word search has no layout, or will not find one soon, told as
early and as cheaply as possible: ``obstacles`` (reasons found without
searching), ``conflict`` (a small set of words that alone have no layout)
and ``outlook`` (a quick estimate that warns when a puzzle search looks
hopeless).  ``WordSearch`` offers each as a method."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from ...base.runner import Limits
from ...xcc.estimate import estimate
from .grid import DIRECTIONS
from .view import WordSearchView

OUTLOOK_PROBES = 200  # probes of the quick estimate before a puzzle search
HOPELESS_NODES = 10**9  # a tree this big with no layout in sight is hopeless


def longest_line(ws: WordSearchView, directions: Optional[Sequence[str]] = None) -> int:
    """The most cells in a straight line along the allowed directions."""
    best = 0
    cells = set(ws.cells)
    for d in directions or ws.directions:
        dr, dc = DIRECTIONS[d]
        for r, c in cells:
            if (r - dr, c - dc) in cells:
                continue  # not the start of a run
            n = 0
            while (r + dr * n, c + dc * n) in cells:
                n += 1
            best = max(best, n)
    return best


def obstacles(ws: WordSearchView) -> list[str]:
    """Reasons, found without searching, why no layout can exist
    (empty when none is found: then only a search can tell)."""
    reasons = []
    dirs = ",".join(ws.directions)
    longest = None
    for w, word in enumerate(ws.words):
        if len(ws.options_of(word)):
            continue
        n = len(ws.word_letters[w])
        if longest is None:
            longest = longest_line(ws)
        if n > longest:
            reasons.append(
                f"{word!r} has {n} letters, but the longest line of cells in "
                f"directions {dirs} has {longest}"
            )
        else:
            reasons.append(
                f"{word!r} has no place in directions {dirs}: no line of {n} cells avoids the mask"
            )
    total = sum(len(lets) for lets in ws.word_letters)
    need: dict[str, int] = {}
    for lets in ws.word_letters:
        counts: dict[str, int] = {}
        for ch in lets:
            counts[ch] = counts.get(ch, 0) + 1
        for ch, k in counts.items():
            need[ch] = max(need.get(ch, 0), k)
    least = sum(need.values())
    n_cells = len(ws.cells)
    if least > n_cells:
        if least == total:
            reasons.append(
                f"the words have {total} letters and no two words have a "
                f"letter in common, so no cell can serve two words; the grid "
                f"has {n_cells} cells"
            )
        else:
            reasons.append(
                f"the words need at least {least} cells (each letter as often "
                f"as the word that uses it most), but the grid has {n_cells}"
            )
    return reasons


def outlook(
    ws: WordSearchView,
    *,
    seed: Optional[int] = 0,
    backend: Optional[str] = None,
    probes: int = OUTLOOK_PROBES,
    timeout: float = 0.5,
) -> list[str]:
    """Lines to show before a long search for a layout: none when a
    quick estimate (Knuth's random probes, at most ``timeout`` seconds)
    finds nothing to worry about; else that the search looks hopeless
    (no probe reached a layout, and the tree has more than
    ``HOPELESS_NODES`` nodes) and what would help."""
    # a probe that reaches a layout settles it: the search is not hopeless
    est = estimate(
        ws.problem,
        probes=probes,
        seed=seed,
        backend=backend,
        timeout=timeout,
        calibrate=None,
        until_solution=True,
    )
    if est.solutions > 0 or est.nodes < HOPELESS_NODES:
        return []
    letters = sum(len(lets) for lets in ws.word_letters)
    return [
        f"note: a quick estimate ({est.probes} random probes) found no layout, and "
        f"puts the search tree at about {est.nodes:.2g} nodes: this search looks "
        "hopeless and may not end in any reasonable time.",
        f"note: a bigger grid (the {len(ws.words)} words have {letters} letters "
        f"for {len(ws.cells)} cells) or fewer words would help; --timeout "
        "bounds the search.",
    ]


def conflict(
    ws: WordSearchView, *, timeout: float = 1.0, backend: Optional[str] = None
) -> Optional[list[str]]:
    """A smallest-found set of words that alone have no layout, or None
    when that could not be decided within ``timeout`` seconds.  Call it
    when there is no layout; each word is left out in turn and stays
    out when the others still have no layout."""
    limits = Limits(timeout=timeout)
    keep = list(range(len(ws.words)))
    for w in range(len(ws.words)):
        if len(keep) == 1:
            break
        trial = [k for k in keep if k != w]
        left = limits.left()
        if left is not None and left <= 0:
            return None
        sub = ws.subset(trial)
        with sub.problem.search(backend=backend, timeout=left) as run:
            run.room = 1
            found = next(run, None)
            if found is None and not run.complete:
                return None
        if found is None:
            keep = trial
    return [ws.words[k] for k in keep]
