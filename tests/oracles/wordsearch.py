"""A brute-force oracle for word search, written from the definition, not
from dlxc: it walks every start cell and direction to list a word's
placements (merging those with the same cells and letters), and counts the
choices of one placement per word whose letters agree on shared cells.
Puzzles are checked by scanning the finished grid for every word in all 8
directions."""

from __future__ import annotations

STEPS = {
    "E": (0, 1),
    "W": (0, -1),
    "S": (1, 0),
    "N": (-1, 0),
    "SE": (1, 1),
    "SW": (1, -1),
    "NE": (-1, 1),
    "NW": (-1, -1),
}


def brute_placements(rows, cols, word, dirs, holes=frozenset()):
    """Each distinct placement of ``word`` as a frozenset of (cell, letter)."""
    out = []
    seen = set()
    for d in dirs:
        dr, dc = STEPS[d]
        for r in range(rows):
            for c in range(cols):
                cells = [(r + dr * k, c + dc * k) for k in range(len(word))]
                if all(0 <= a < rows and 0 <= b < cols and (a, b) not in holes for a, b in cells):
                    key = frozenset(zip(cells, word))
                    if key not in seen:
                        seen.add(key)
                        out.append(key)
    return out


def brute_layouts(rows, cols, words, dirs, holes=frozenset()):
    """Every layout, as a tuple of placements (one per word, in order)."""
    per_word = [brute_placements(rows, cols, w, dirs, holes) for w in words]
    found = []

    def extend(k, letters, chosen):
        if k == len(words):
            found.append(tuple(chosen))
            return
        for p in per_word[k]:
            if all(letters.get(cell, ch) == ch for cell, ch in p):
                extend(k + 1, {**letters, **dict(p)}, chosen + [p])

    extend(0, {}, [])
    return found


def crosses(layout):
    cells = [{cell for cell, _ in p} for p in layout]
    return all(
        any(cells[i] & cells[j] for j in range(len(cells)) if j != i) for i in range(len(cells))
    )


def readings(grid, word):
    """Cell sets where ``word`` reads in ``grid`` (8 directions)."""
    rows, cols = len(grid), len(grid[0])
    out = set()
    for r in range(rows):
        for c in range(cols):
            for dr, dc in STEPS.values():
                cells = [(r + dr * k, c + dc * k) for k in range(len(word))]
                if all(
                    0 <= a < rows and 0 <= b < cols and grid[a][b] == ch
                    for (a, b), ch in zip(cells, word)
                ):
                    out.add(frozenset(cells))
    return out


def check_puzzle(puzzle, words):
    """Each word reads exactly once, apart from readings inside another
    word's placement; every placement agrees with the grid."""
    placed = {p.word: frozenset(p.cells) for p in puzzle.layout.placements}
    assert sorted(placed) == sorted(words)
    for p in puzzle.layout.placements:
        assert [puzzle.grid[r][c] for r, c in p.cells] == list(p.letters)
    for word, own in placed.items():
        assert not any(own <= other for w, other in placed.items() if w != word)
        found = readings(puzzle.grid, word)
        extra = {
            cells
            for cells in found
            if cells != own and not any(cells <= other for w, other in placed.items() if w != word)
        }
        assert own in found and not extra, (word, extra)
