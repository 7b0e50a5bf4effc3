"""Independent oracles for crosswords: a board checker and a brute-force
filler.  They use nothing of dlxc but plain strings and tuples, and aim to
be easy to believe rather than fast.

``board_problems(placed, words, width, height)``: ``placed`` is a list of
(word, row, col, direction) with direction "across" or "down".  The grid is
rebuilt letter by letter; every maximal run of two or more letters is read
back from the grid and must be exactly one placed word at that place; every
placed word must come from ``words``, once; no cell may get two letters; the
letters must be connected; everything must lie inside the bounds.

``brute_fills(rows, words)``: every fill of a grid (rows of '#', '.' and
letters), by plain recursion over the slots in reading order, trying every
unused word of the slot's length that agrees with the letters already in
the grid.
"""

from __future__ import annotations

from collections.abc import Iterator


def board_problems(placed, words, width, height, symmetric=False) -> list[str]:
    out = []
    grid: dict[tuple[int, int], str] = {}
    wordset = set(words)
    seen = set()
    at = {}
    for word, row, col, direction in placed:
        if word not in wordset:
            out.append(f"{word} is not in the list")
        if word in seen:
            out.append(f"{word} twice")
        seen.add(word)
        at[(row, col, direction)] = word
        for i, ch in enumerate(word):
            r, c = (row, col + i) if direction == "across" else (row + i, col)
            if not (0 <= r < height and 0 <= c < width):
                out.append(f"{word} out of bounds")
            if grid.get((r, c), ch) != ch:
                out.append(f"conflict at {(r, c)}")
            grid[(r, c)] = ch
    runs = []
    for r in range(height):
        c = 0
        while c < width:
            if (r, c) in grid:
                start = c
                while (r, c) in grid:
                    c += 1
                if c - start >= 2:
                    runs.append(
                        (r, start, "across", "".join(grid[(r, k)] for k in range(start, c)))
                    )
            c += 1
    for c in range(width):
        r = 0
        while r < height:
            if (r, c) in grid:
                start = r
                while (r, c) in grid:
                    r += 1
                if r - start >= 2:
                    runs.append((start, c, "down", "".join(grid[(k, c)] for k in range(start, r))))
            r += 1
    for row, col, direction, text in runs:
        if at.get((row, col, direction)) != text:
            out.append(f"run {text} at {(row, col, direction)} is not a placed word")
    if len(runs) != len(placed):
        out.append(f"{len(runs)} runs, {len(placed)} words")
    if grid:
        start = next(iter(grid))
        todo, reached = [start], {start}
        while todo:
            r, c = todo.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in grid and nb not in reached:
                    reached.add(nb)
                    todo.append(nb)
        if len(reached) != len(grid):
            out.append("not connected")
    if symmetric:
        for r, c in grid:
            if (height - 1 - r, c) not in grid:
                out.append(f"{(r, c)} has no mirror image")
    return out


def _slots(rows):
    h, w = len(rows), len(rows[0])
    slots = []
    for r in range(h):
        for c in range(w):
            if rows[r][c] == "#":
                continue
            if c == 0 or rows[r][c - 1] == "#":
                cells = []
                k = c
                while k < w and rows[r][k] != "#":
                    cells.append((r, k))
                    k += 1
                if len(cells) >= 2:
                    slots.append(cells)
            if r == 0 or rows[r - 1][c] == "#":
                cells = []
                k = r
                while k < h and rows[k][c] != "#":
                    cells.append((k, c))
                    k += 1
                if len(cells) >= 2:
                    slots.append(cells)
    return slots


def brute_fills(rows, words) -> Iterator[tuple[str, ...]]:
    """Each fill as the grid's rows (lower case, '#' kept)."""
    rows = [r.lower() for r in rows]
    slots = _slots(rows)
    grid = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
    words = list(dict.fromkeys(w.lower() for w in words))
    used: set[str] = set()

    def go(k):
        if k == len(slots):
            yield tuple(
                "".join(grid[(r, c)] for c in range(len(rows[0]))) for r in range(len(rows))
            )
            return
        cells = slots[k]
        for word in words:
            if len(word) != len(cells) or word in used:
                continue
            if any(grid[rc] not in (".", ch) for rc, ch in zip(cells, word)):
                continue
            old = [grid[rc] for rc in cells]
            for rc, ch in zip(cells, word):
                grid[rc] = ch
            used.add(word)
            yield from go(k + 1)
            used.discard(word)
            for rc, ch in zip(cells, old):
                grid[rc] = ch

    yield from go(0)


def brute_rebus_fills(rows, words) -> Iterator[tuple[tuple[str, ...], ...]]:
    """Each fill of a grid with rebus squares, as rows of cells (lower
    case): ``rows`` are lists of cells, each '#', '.', a letter or several
    letters (a rebus square).  A slot's word is its cells' letters read in
    order, an empty cell taking one letter; no word twice."""
    grid = {(r, c): ch.lower() for r, row in enumerate(rows) for c, ch in enumerate(row)}
    h, w = len(rows), len(rows[0])
    slots = _slots(["".join("#" if ch == "#" else "." for ch in row) for row in rows])
    words = list(dict.fromkeys(x.lower() for x in words))
    used: set[str] = set()

    def place(cells, word):
        """The letters the word puts in the empty cells, or None."""
        at, out = 0, []
        for rc in cells:
            have = grid[rc]
            if have == ".":
                if at >= len(word):
                    return None
                out.append((rc, word[at]))
                at += 1
            elif word.startswith(have, at):
                at += len(have)
            else:
                return None
        return out if at == len(word) else None

    def go(k):
        if k == len(slots):
            yield tuple(tuple(grid[(r, c)] for c in range(w)) for r in range(h))
            return
        for word in words:
            if word in used:
                continue
            put = place(slots[k], word)
            if put is None:
                continue
            for rc, ch in put:
                grid[rc] = ch
            used.add(word)
            yield from go(k + 1)
            used.discard(word)
            for rc, _ in put:
                grid[rc] = "."

    yield from go(0)


def brute_best(rows, words, scores):
    """(lowest score, mean score) of the best fill by brute force (the
    highest lowest, then the highest mean), or None without a fill."""
    score = {w.lower(): s for w, s in zip(words, scores)}
    best = None
    for fill in brute_fills(rows, words):
        answers = []
        for cells in _slots(list(fill)):
            answers.append("".join(fill[r][c] for r, c in cells))
        values = [score[a] for a in answers]
        key = (min(values), sum(values) / len(values)) if values else (0, 0.0)
        if best is None or key > best:
            best = key
    return best


def brute_region_fills(rows, region, words, bans=None) -> set[tuple[str, ...]]:
    """Every fill of the squares ``region`` ((row, col) pairs) of a grid,
    the rest kept, by plain recursion: the region's squares are cleared; a
    slot with no square in the region is left alone (its letters, complete
    or not, stay); a slot with one takes a word of ``words`` (less
    ``bans[slot's first cell and direction]``) that agrees with the grid's
    letters, an empty square outside the region agreeing with any letter
    and staying empty.  Complete words (the kept ones and those chosen for
    slots with no empty square outside the region) are all different.  Each
    fill is the grid's rows (lower case, '#' and '.' kept; a square of the
    region in no slot stays empty)."""
    rows = [r.lower() for r in rows]
    grid = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
    region = {rc for rc in region if grid.get(rc, "#") != "#"}
    for rc in region:
        grid[rc] = "?"  # a square to fill
    words = list(dict.fromkeys(w.lower() for w in words))
    bans = bans or {}
    chosen: list[tuple[list, bool, set]] = []
    used: set[str] = set()
    for cells in _slots(rows):
        if not any(rc in region for rc in cells):
            text = "".join(grid[rc] for rc in cells)
            if "." not in text:
                if text in used:
                    return set()
                used.add(text)
            continue
        complete = all(rc in region or grid[rc] != "." for rc in cells)
        direction = "across" if len(cells) > 1 and cells[1][0] == cells[0][0] else "down"
        chosen.append((cells, complete, set(bans.get((cells[0], direction), ()))))
    out: set[tuple[str, ...]] = set()

    def go(k):
        if k == len(chosen):
            out.add(
                tuple(
                    "".join(grid[(r, c)] for c in range(len(rows[0]))).replace("?", ".")
                    for r in range(len(rows))
                )
            )
            return
        cells, complete, banned = chosen[k]
        for word in words:
            if len(word) != len(cells) or word in banned or (complete and word in used):
                continue
            if any(grid[rc] not in (".", "?", ch) for rc, ch in zip(cells, word)):
                continue
            old = [grid[rc] for rc in cells]
            for rc, ch in zip(cells, word):
                if rc in region:
                    grid[rc] = ch
            if complete:
                used.add(word)
            go(k + 1)
            if complete:
                used.discard(word)
            for rc, ch in zip(cells, old):
                grid[rc] = ch

    go(0)
    return out
