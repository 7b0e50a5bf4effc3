"""Word search as XCC: each word a primary item, each cell a secondary item
colored by its letter, each placement (word, start, direction) an option.

Items and options come in the order REFERENCE.md gives for DLX2's figures:
words as given, then cells row by row (``r_c``); options word by word, the
directions in the order E, W, S, N, SE, SW, NE, NW, and for each direction
the start cells row by row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..problem import Colored, Problem

DIRECTIONS: dict[str, tuple[int, int]] = {
    "E": (0, 1), "W": (0, -1), "S": (1, 0), "N": (-1, 0),
    "SE": (1, 1), "SW": (1, -1), "NE": (-1, 1), "NW": (-1, -1),
}


def word_search_problem(rows: int, cols: int, words: Sequence[str],
                        directions: Iterable[str] = tuple(DIRECTIONS)) -> Problem:
    """The XCC problem whose solutions are the layouts of ``words``."""
    dirs = [d for d in DIRECTIONS if d in set(directions)]
    cells = [f"{r}_{c}" for r in range(rows) for c in range(cols)]
    options = []
    for word in words:
        n = len(word)
        for d in dirs:
            dr, dc = DIRECTIONS[d]
            for r in range(rows):
                for c in range(cols):
                    er, ec = r + dr * (n - 1), c + dc * (n - 1)
                    if not (0 <= er < rows and 0 <= ec < cols):
                        continue
                    options.append([word] + [Colored(f"{r + dr * k}_{c + dc * k}", ch)
                                             for k, ch in enumerate(word)])
    return Problem(list(words), cells, options, name=f"wordsearch {rows}x{cols}")
