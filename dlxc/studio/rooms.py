"""What each room of the studio asks of dlxc's models, as plain functions of
JSON-ready arguments (what the page sends) to JSON-ready results or file
bytes: the server (``dlxc.studio.app``) adds only HTTP, the guard and
the jobs.

Every size a request can name is bounded here (``MAX_SIDE``, ``MAX_WORDS``,
...), so no request makes work the studio cannot finish; a wrong value is a
``RequestError`` with one line for the page to show.
"""

from __future__ import annotations

import random
import threading
import warnings
from typing import Any, Callable, Optional

from ..base.errors import DlxcError, RequestError
from ..boggle.board import DICE, DICE_SIZE, Board, roll
from ..models.pages import theme_entries, themes, wordsearch_page
from ..models.words import clued_entries
from ..models.wordsearch import WordSearch
from ..models.wordsearch.fit import choose_size
from ..models.wordsearch.grid import DIRECTION_SETS, parse_directions
from ..models.wordsearch.shapes import SHAPES, shape_mask
from ..render import boggle_page, render

MAX_SIDE = 30  # rows or columns of a word search
MAX_WORDS = 80  # words hidden in one
MAX_TEXT = 20_000  # characters of a word list typed in
EXPORTS = {
    "pdf": "application/pdf",
    "svg": "image/svg+xml",
    "html": "text/html; charset=utf-8",
    "ipuz": "application/json",
    "json": "application/json",
    "text": "text/plain; charset=utf-8",
}


def _int(args: dict, key: str, lo: int, hi: int, default: Optional[int] = None) -> int:
    value = args.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value)
        else:
            raise RequestError(f"{key} must be a whole number from {lo} to {hi}")
    if not lo <= value <= hi:
        raise RequestError(f"{key} must be from {lo} to {hi} (it is {value})")
    return value


def _text(args: dict, key: str, limit: int = 200) -> str:
    value = args.get(key, "")
    if not isinstance(value, str):
        raise RequestError(f"{key} must be text")
    if len(value) > limit:
        raise RequestError(f"{key} is over {limit} characters")
    return value


def choices() -> dict:
    """What the page's menus offer."""
    return {
        "themes": themes(),
        "shapes": list(SHAPES),
        "directions": list(DIRECTION_SETS),
        "dice": list(DICE),
        "exports": list(EXPORTS),
    }


# ---- word search --------------------------------------------------------------


class WordSearchRequest:
    """A word search as the page describes it (checked and bounded)."""

    def __init__(self, args: dict) -> None:
        if not isinstance(args, dict):
            raise RequestError("the request must be a JSON object")
        words_text = _text(args, "words", MAX_TEXT)
        theme = _text(args, "theme", 60) or None
        entries: list[str] = []
        clues: list[Optional[str]] = []
        notes: list[str] = []
        if words_text.strip():
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                got, _, got_clues = clued_entries(words_text.split("\n"), "your words")
            notes += [str(w.message) for w in seen]
            entries += got
            clues += got_clues
        if theme is not None:
            if theme not in themes():
                raise RequestError(f"unknown theme {theme!r}")
            got, _, got_clues = theme_entries(theme)
            entries += got
            clues += got_clues
        if not entries:
            raise RequestError("type some words, or choose a theme")
        if len(entries) > MAX_WORDS:
            raise RequestError(f"{len(entries)} words: the studio hides at most {MAX_WORDS}")
        self.entries, self.clues, self.notes = entries, clues, notes
        self.theme = theme
        self.title = _text(args, "title", 80).strip() or (
            theme.replace("-", " ").capitalize() if theme else "Word search"
        )
        spec = _text(args, "directions", 60) or "all"
        try:
            self.directions = parse_directions(spec)
        except DlxcError as exc:
            raise RequestError(str(exc)) from None
        shape = _text(args, "shape", 40) or None
        if shape is not None and shape not in SHAPES:
            raise RequestError(f"unknown shape {shape!r}")
        self.shape = shape
        self.seed = _int(args, "seed", 0, (1 << 31) - 1, random.randrange(1 << 31))
        size = args.get("size")
        if size in (None, "", 0):
            self.rows = self.cols = 0  # the smallest that fits, found when made
        else:
            self.rows = _int(args, "rows", 2, MAX_SIDE, size if isinstance(size, int) else None)
            self.cols = _int(args, "cols", 2, MAX_SIDE, self.rows)

    def make(self, check: Callable[..., None], seconds: float) -> tuple[Any, Any]:
        """(page, puzzle), searching at most ``seconds``; ``check`` is
        called between engine slices (the job's stop)."""
        rows, cols = self.rows, self.cols
        if not rows:
            side = choose_size(self.entries, self.directions, seed=self.seed)
            rows = cols = min(MAX_SIDE, side)
        holes = shape_mask(self.shape, rows, cols) if self.shape else None
        ws = WordSearch(rows, cols, self.entries, self.directions, holes)
        reasons = ws.obstacles()
        if reasons:
            raise RequestError("no layout: " + "; ".join(map(str, reasons[:3])))
        puzzle = ws.puzzle(self.seed, timeout=seconds, progress=lambda *a, **k: check())
        page = wordsearch_page(puzzle, title=self.title, clues=self.clues)
        return page, puzzle


def wordsearch_preview(args: dict, check: Callable[..., None], seconds: float) -> dict:
    req = WordSearchRequest(args)
    page, _ = req.make(check, seconds)
    svg, answers = render([page], "svg")[0], render([page], "svg", answers=True)[0]
    return {
        "seed": req.seed,
        "title": req.title,
        "rows": len(page.grid),
        "cols": len(page.grid[0]) if page.grid else 0,
        "words": [w.text for w in page.words],
        "svg": svg.decode(),
        "answers_svg": answers.decode(),
        "notes": req.notes,
    }


def wordsearch_export(args: dict, fmt: str, check: Callable[..., None], seconds: float) -> bytes:
    if fmt not in EXPORTS:
        raise RequestError(f"format {fmt!r}: use one of {', '.join(EXPORTS)}")
    req = WordSearchRequest(args)
    page, _ = req.make(check, seconds)
    return render([page], fmt, answers=True)[0]


# ---- Boggle ------------------------------------------------------------------------


def boggle_roll(args: dict) -> dict:
    dice = _text(args, "dice", 20) or "new"
    if dice not in DICE:
        raise RequestError(f"unknown dice {dice!r}; choose one of {', '.join(DICE)}")
    seed = _int(args, "seed", 0, (1 << 31) - 1, random.randrange(1 << 31))
    board = roll(dice, seed=seed)
    rows, cols = DICE_SIZE[dice]
    return {"board": board.letters, "rows": rows, "cols": cols, "seed": seed}


def _board(args: dict) -> Board:
    text = _text(args, "board", 100)
    rows = args.get("rows")
    size = None
    if rows is not None:
        r = _int(args, "rows", 1, 6)
        c = _int(args, "cols", 1, 6, r)
        size = (r, c)
    return Board.parse(text, size)


def check_board(args: dict) -> None:
    """Refuse a wrong board before the scorer is made."""
    _board(args)


def boggle_solve(args: dict, scorer) -> dict:
    board = _board(args)
    solution = scorer.solve(board)
    found = sorted(solution.words, key=lambda f: (-f.points, f.word))
    return {
        "board": board.letters,
        "rows": board.rows,
        "cols": board.cols,
        "score": solution.score,
        "words": [{"word": f.word, "points": f.points, "path": list(f.path)} for f in found],
    }


def boggle_export(args: dict, fmt: str, scorer) -> bytes:
    if fmt not in ("pdf", "svg", "html", "json", "text"):
        raise RequestError(f"format {fmt!r}: use pdf, svg, html, json or text")
    board = _board(args)
    solution = scorer.solve(board)
    title = _text(args, "title", 80).strip() or "Boggle"
    page = boggle_page(
        board.letters,
        [(f.word, f.path, f.points) for f in solution.words],
        cols=board.cols,
        score=solution.score,
        title=title,
    )
    return render([page], fmt)[0]


# ---- crossword ----------------------------------------------------------------------

MAX_XW_SIDE = 25  # rows or columns of a crossword grid
MAX_CANDIDATES = 200  # words listed for a slot
MAX_REBUS = 12  # letters of a rebus square
FILE_KINDS = (".txt", ".json", ".dict")  # what the studio opens from its folder


class NotFound(RequestError):
    """A file the studio will not show: outside its folder, or absent (404)."""


class Conflict(RequestError):
    """A save that would overwrite changes this tab has not seen (409)."""


def _cells(args: dict, key: str) -> set[tuple[int, int]]:
    value = args.get(key) or []
    if not isinstance(value, list) or len(value) > MAX_XW_SIDE * MAX_XW_SIDE:
        raise RequestError(f"{key} must be a list of [row, col] pairs")
    out = set()
    for cell in value:
        if (
            not isinstance(cell, list)
            or len(cell) != 2
            or not all(isinstance(x, int) and 0 <= x < MAX_XW_SIDE for x in cell)
        ):
            raise RequestError(f"{key} must be a list of [row, col] pairs")
        out.add((cell[0], cell[1]))
    return out


def crossword_grid(args: dict):
    """The studio's grid (``rows`` of ``#``, ``.`` and letters; ``givens``
    and ``circles`` as [row, col] lists) as dlxc's ``Grid``."""
    from ..models.crossword.fill import parse_grid

    if not isinstance(args, dict):
        raise RequestError("the request must be a JSON object")
    rows = args.get("rows")
    if (
        not isinstance(rows, list)
        or not rows
        or len(rows) > MAX_XW_SIDE
        or not all(isinstance(r, (str, list)) and 0 < len(r) <= MAX_XW_SIDE for r in rows)
    ):
        raise RequestError(f"rows must be 1 to {MAX_XW_SIDE} rows of 1 to {MAX_XW_SIDE} squares")
    givens, circles = _cells(args, "givens"), _cells(args, "circles")
    lines = []
    for r, row in enumerate(rows):
        out = []
        for c, ch in enumerate(row):
            # a square: "#", ".", a letter, or several letters (a rebus square)
            if not isinstance(ch, str) or not ch or len(ch) > MAX_REBUS:
                raise RequestError(f"row {r + 1}, square {c + 1}: not a square")
            if ch not in ("#", ".") and not ch.isalpha():
                raise RequestError(f"row {r + 1}, square {c + 1}: {ch!r} is not #, . or letters")
            cell = f"[{ch}]" if len(ch) > 1 else ch
            if (r, c) in circles and ch != "#":
                out.append(f"({cell})")
            elif (r, c) in givens and ch.isalpha():
                out.append("{" + cell + "}")
            else:
                out.append(cell)
        lines.append("".join(out))
    return parse_grid("\n".join(lines), "the studio's grid")


def crossword_pattern(args: dict) -> dict:
    """A designed American pattern of ``width`` x ``height`` from ``seed``."""
    from ..models.crossword.design import design

    width = _int(args, "width", 3, MAX_XW_SIDE, 15)
    height = _int(args, "height", 3, MAX_XW_SIDE, width)
    seed = _int(args, "seed", 0, (1 << 31) - 1, random.randrange(1 << 31))
    grid, _ = design(width, height, seed, tries=40)
    return {"rows": grid.rows, "seed": seed}


def _slot_of(grid, args: dict):
    r, c = _int(args, "row", 0, MAX_XW_SIDE - 1), _int(args, "col", 0, MAX_XW_SIDE - 1)
    direction = _text(args, "direction", 10) or "across"
    if direction not in ("across", "down"):
        raise RequestError("direction must be across or down")
    for slot in grid.slots:
        if slot.direction == direction and (r, c) in slot.cells():
            return slot
    raise RequestError(f"no {direction} entry runs through row {r + 1}, square {c + 1}")


_LENGTHS: dict[int, tuple[Any, dict[int, list[tuple[int, str]]]]] = {}


def _by_length(pool) -> dict[int, list[tuple[int, str]]]:
    """The pool's (score, word) pairs by length, best score first, made once
    a pool: a keystroke's list then reads the words of one length only."""
    hit = _LENGTHS.get(id(pool))
    if hit is not None and hit[0] is pool:
        return hit[1]
    table: dict[int, list[tuple[int, str]]] = {}
    for w, s in zip(pool.words, pool.scores):
        table.setdefault(len(w), []).append((s, w))
    for words in table.values():
        words.sort(key=lambda x: (-x[0], x[1]))
    if len(_LENGTHS) >= 4:
        _LENGTHS.clear()
    _LENGTHS[id(pool)] = (pool, table)
    return table


def crossword_candidates(args: dict, pool) -> dict:
    """The words of ``pool`` that fit the selected slot's letters, best
    score first (at most MAX_CANDIDATES), the words the grid holds already
    left out."""
    import re as _re

    grid = crossword_grid(args)
    slot = _slot_of(grid, args)
    cells = [grid.rows[r][c] for r, c in slot.cells()]
    pattern = "".join(grid.rebus.get(ch, ch) for ch in cells)
    placed = set()
    for other in grid.slots:
        word = "".join(grid.rows[r][c] for r, c in other.cells())
        if "." not in word and other is not slot:
            placed.add(grid.spell(word))
    regex = _re.compile(
        "".join("." if ch == "." else _re.escape(grid.rebus.get(ch, ch)) for ch in cells) + r"\Z"
    )
    found = [
        (s, w)
        for s, w in _by_length(pool).get(len(pattern), ())
        if w not in placed and regex.match(w)
    ]
    return {
        "slot": slot.name,
        "row": slot.row,
        "col": slot.col,
        "direction": slot.direction,
        "pattern": "".join(grid.show(ch) if ch in grid.rebus else ch for ch in cells),
        "count": len(found),
        "words": [{"word": w, "score": s} for s, w in found[:MAX_CANDIDATES]],
    }


def crossword_region(grid, args: dict):
    """The squares of ``region`` (rectangles ``[r0, c0, r1, c1]``, rows and
    columns from 0, both corners in), or None: the whole grid."""
    spec = args.get("region")
    if spec in (None, []):
        return None
    if not isinstance(spec, list) or len(spec) > 20:
        raise RequestError("region must be a list of at most 20 rectangles [r0, c0, r1, c1]")
    cells: set[tuple[int, int]] = set()
    for rect in spec:
        if (
            not isinstance(rect, list)
            or len(rect) != 4
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in rect)
        ):
            raise RequestError("a region's rectangle is [r0, c0, r1, c1], four whole numbers")
        r0, c0, r1, c1 = rect
        for r, c in ((r0, c0), (r1, c1)):
            if not (0 <= r < grid.height and 0 <= c < grid.width):
                raise RequestError(f"the region's corner {r},{c} is outside the grid")
        cells.update(
            (r, c)
            for r in range(min(r0, r1), max(r0, r1) + 1)
            for c in range(min(c0, c1), max(c0, c1) + 1)
            if grid.rows[r][c] != "#"
        )
    if not cells:
        raise RequestError("the region holds no open square")
    return cells


def crossword_fill(args: dict, pool, check: Callable[..., None], seconds: float) -> dict:
    """Autofill: every empty square, the letters typed kept (the quality
    search of ``dlxc crossword fill``, its budget within ``seconds``); with
    ``region``, the region's squares alone, filled afresh, every other
    square kept (``dlxc crossword fill --region``)."""
    from ..models.crossword.fill import quality_fill, stopping

    grid = crossword_grid(args)
    region = crossword_region(grid, args)
    check()
    budget = min(3.0, max(0.2, seconds / 2))
    plan = None
    if region is not None:
        from ..models.crossword.region import plan as region_plan

        plan = region_plan(grid, pool, region=region)
    with stopping(check):  # Stop ends whichever search is running
        result = quality_fill(
            grid if plan is None else plan.grid,
            pool if plan is None else plan.pool,
            budget=budget,
            timeout=seconds,
            seed=_seed(args),
            restrictions=() if plan is None else plan.restrictions,
        )
    check()
    if result.filled is None:
        return {"filled": False, "complete": result.complete}
    score = result.score
    filled = result.filled
    if plan is not None:
        filled, score = plan.filled(filled), plan.score(filled)
    return {
        "filled": True,
        "rows": [[grid.rebus.get(ch, ch) for ch in row] for row in filled.cells],
        "mean": round(score.mean, 1) if score else None,
        "lowest": score.lowest if score else None,
    }


def check_slot(args: dict) -> None:
    """Refuse a request whose grid or selected entry is wrong, before work."""
    _slot_of(crossword_grid(args), args)


def check_suggest(args: dict) -> None:
    """Refuse a wrong suggestion request before it becomes a job."""
    check_slot(args)
    _int(args, "top", 1, 100, 30)


def check_fill(args: dict) -> None:
    """Refuse a wrong autofill request before it becomes a job."""
    crossword_grid(args)
    _seed(args)


def _clues(args: dict) -> dict:
    clues = args.get("clues") or {}
    if not isinstance(clues, dict):
        raise RequestError("clues must map an entry (1-Across) to its clue")
    return clues


def _seed(args: dict) -> int:
    return _int(args, "seed", 0, (1 << 31) - 1, 0)


def crossword_export(args: dict, fmt: str) -> bytes:
    """The filled grid with its clues, as ``fmt`` (puz, ipuz, pdf, html, svg)."""
    from ..models.crossword.fill import Filled

    if fmt not in ("puz", "ipuz", "pdf", "html", "svg", "text", "json"):
        raise RequestError(f"format {fmt!r}: use puz, ipuz, pdf, html or svg")
    grid = crossword_grid(args)
    words = []
    for slot in grid.slots:
        word = "".join(grid.rows[r][c] for r, c in slot.cells())
        if "." in word:
            raise RequestError(f"{slot.name} is not filled yet: fill the grid first")
        words.append(word)
    clues_in = args.get("clues") or {}
    if not isinstance(clues_in, dict):
        raise RequestError("clues must map an entry (1-Across) to its clue")
    clues = {}
    for slot, word in zip(grid.slots, words):
        clue = clues_in.get(slot.name)
        if isinstance(clue, str) and clue.strip():
            clues[word] = clue.strip()[:300]
    title = _text(args, "title", 80).strip() or "Crossword"
    page = Filled(grid, words).page(title=title, clues=clues)
    return render([page], fmt, answers=fmt == "svg")[0] if fmt != "pdf" else render([page], fmt)[0]


# ---- the folder ---------------------------------------------------------------------


def inside(folder, name: str):
    """``name`` in the studio's folder, or NotFound: no path that leaves it
    (``..``, an absolute path, a link pointing out), no hidden file."""
    from pathlib import Path

    if not isinstance(name, str) or not name or len(name) > 200:
        raise NotFound("no such file")
    if "/" in name or "\\" in name or name.startswith(".") or "\0" in name:
        raise NotFound("no such file in the studio's folder")
    path = (Path(folder) / name).resolve()
    if path.parent != Path(folder).resolve():
        raise NotFound("no such file in the studio's folder")
    return path


def list_files(folder) -> list[str]:
    from pathlib import Path

    out = []
    for p in sorted(Path(folder).iterdir()):
        if p.name.startswith(".") or p.suffix not in FILE_KINDS:
            continue
        try:
            if p.is_file() and p.resolve().parent == Path(folder).resolve():
                out.append(p.name)
        except OSError:
            continue
    return out[:500]


MAX_SAVED = 256 * 1024  # bytes of a saved puzzle


def crossword_save(folder, args: dict) -> dict:
    """Write the puzzle (grid, marks, clues, title) as NAME.json in the folder."""
    import json as _json

    name = _text(args, "name", 100).strip()
    if not name.endswith(".json"):
        name += ".json"
    path = inside(folder, name)
    crossword_grid(args)  # a grid the studio can open again
    doc = {
        "dlxc-studio": 1,
        "kind": "crossword",
        "title": _text(args, "title", 80),
        "rows": args["rows"],
        "givens": sorted(_cells(args, "givens")),
        "circles": sorted(_cells(args, "circles")),
        "clues": {k: v for k, v in _clues(args).items() if isinstance(v, str)},
    }
    held = args.get("revision")
    if held is not None and (isinstance(held, bool) or not isinstance(held, int)):
        raise RequestError("revision must be a whole number (the one the puzzle was opened at)")
    with _SAVING:  # the check and the write as one step, whichever tab saves
        doc["revision"] = _next_revision(path, held)
        data = _json.dumps(doc, indent=1).encode()
        if len(data) > MAX_SAVED:
            raise RequestError("the puzzle is too large to save")
        tmp = path.with_name(path.name + ".part")
        try:
            tmp.write_bytes(data)
            tmp.replace(path)
        finally:
            tmp.unlink(missing_ok=True)
    return {"saved": path.name, "revision": doc["revision"]}


# Two tabs (or windows) may hold the same saved puzzle.  Each saved file
# carries a revision, counted up by every save; a tab saves with the
# revision it opened or last saved, and a save whose revision is not the
# file's (another tab saved since) is refused, so no tab's edits are
# overwritten unseen.  A save with no revision makes a new file only.
_SAVING = threading.Lock()


def _next_revision(path, held) -> int:
    import json as _json

    if not path.exists():
        return 1
    try:
        doc = _json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        doc = None
    if not isinstance(doc, dict) or doc.get("kind") != "crossword":
        raise Conflict(f"{path.name} is a file the studio did not save: save under another name")
    current = doc.get("revision", 0)
    current = current if isinstance(current, int) and not isinstance(current, bool) else 0
    if held is None:
        raise Conflict(
            f"{path.name} exists already: open it to change it, or save under another name"
        )
    if held != current:
        raise Conflict(
            f"{path.name} was saved from another tab since this one opened it (it is at "
            f"revision {current}, this tab at {held}): open it again to see those changes, "
            "or save under another name"
        )
    return current + 1


def crossword_open(folder, name: str) -> dict:
    """A puzzle saved by the studio (.json) or a grid file (.txt)."""
    import json as _json

    from ..models.crossword.fill import read_grid

    path = inside(folder, name)
    if not path.is_file():
        raise NotFound("no such file in the studio's folder")
    if path.stat().st_size > MAX_SAVED:
        raise RequestError(f"{name} is too large to open here")
    if path.suffix == ".json":
        try:
            doc = _json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError, RecursionError):
            raise RequestError(f"{name}: not a puzzle saved by the studio") from None
        if not isinstance(doc, dict) or doc.get("kind") != "crossword":
            raise RequestError(f"{name}: not a crossword saved by the studio")
        crossword_grid(doc)
        out = {k: doc.get(k) for k in ("title", "rows", "givens", "circles", "clues")}
        revision = doc.get("revision", 0)
        out["revision"] = revision if isinstance(revision, int) else 0
        return out
    grid = read_grid(path)
    if grid.width > MAX_XW_SIDE or grid.height > MAX_XW_SIDE:
        raise RequestError(
            f"{name}: the studio edits grids of at most {MAX_XW_SIDE} squares a side"
        )
    return {
        "title": path.stem,
        "rows": [[grid.rebus.get(ch, ch) for ch in row] for row in grid.rows],
        "givens": sorted(map(list, grid.givens)),
        "circles": sorted(map(list, grid.circles)),
        "clues": {},
    }


def crossword_stats(args: dict) -> dict:
    """The grid's statistics and the American checks (``crossword grid --stats``)."""
    from ..models.crossword.stats import grid_stats

    grid = crossword_grid(args)
    return grid_stats(grid.rows).to_json()


class Suggesters:
    """The engines of the last grids asked about, kept between requests: a
    selection moved to another entry of the same grid (same letters, same
    lists) reuses the grid's prepared search instead of building it again.
    One user of an engine at a time: ``take`` hands it out, ``give`` takes
    it back."""

    KEEP = 1  # the last grid: a prepared search holds tens of MB

    def __init__(self) -> None:
        import threading
        from collections import OrderedDict

        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple, Any] = OrderedDict()

    def take(self, key: tuple):
        with self._lock:
            return self._kept.pop(key, None)

    def give(self, key: tuple, suggester) -> None:
        with self._lock:
            old = self._kept.pop(key, None)
            self._kept[key] = suggester
            drop = [old] if old is not None and old is not suggester else []
            while len(self._kept) > self.KEEP:
                drop.append(self._kept.popitem(last=False)[1])
        for sg in drop:
            sg.close()

    def close(self) -> None:
        with self._lock:
            kept = list(self._kept.values())
            self._kept.clear()
        for sg in kept:
            sg.close()


def _behind_requests() -> None:
    """Lower the calling thread's priority (Linux schedules threads one by
    one): the checks then yield the processor to the requests of the next
    keystroke.  Elsewhere, or where it is refused, nothing changes."""
    import os

    if getattr(_lowered, "done", False):
        return
    _lowered.done = True
    try:
        tid = threading.get_native_id()
        now = os.getpriority(os.PRIO_PROCESS, tid)
        os.setpriority(os.PRIO_PROCESS, tid, min(19, now + CHECK_NICENESS))
    except (AttributeError, OSError):
        pass


CHECK_NICENESS = 10  # added to the thread's niceness, once a thread
_lowered = threading.local()
FIRST_MARKED = 8  # words marked in a first, short round, shown while the rest are checked


def crossword_suggest(
    args: dict,
    pool,
    check: Callable[..., None],
    seconds: float,
    suggesters: Optional[Suggesters] = None,
) -> dict:
    """The selected entry's best words, each marked fillable (a fill keeps
    it), unfillable (none does) or unknown, with the fills it leaves where
    counted (``crossword suggest``).  The first ``FIRST_MARKED`` words are
    marked first, in a short round reported through ``check(words=...)``
    (the page shows those marks while the rest are checked)."""
    from ..models.crossword.fill import stopping
    from ..models.crossword.suggest import Suggester

    grid = crossword_grid(args)
    slot = _slot_of(grid, args)
    top = _int(args, "top", 1, 100, 30)
    _behind_requests()
    check()
    key = (tuple(grid.rows), id(pool))
    suggester = suggesters.take(key) if suggesters is not None else None
    if suggester is None:
        suggester = Suggester(grid, pool)
    try:
        check()
        budget = max(0.2, min(seconds, 3.0))
        with stopping(check):  # Stop (or a newer request) ends it at once
            if top > FIRST_MARKED:
                first = suggester.suggest(
                    slot,
                    top=FIRST_MARKED,
                    budget=budget / 4,
                    counts=False,
                    blocking=False,
                    progress=lambda *_: check(),
                )
                check(words=_marks(first))
            result = suggester.suggest(
                slot,
                top=top,
                budget=budget,
                blocking=False,
                progress=lambda *_: check(),
            )
    finally:
        # kept even when stopped: each search starts from the engine's reset
        if suggesters is not None:
            suggesters.give(key, suggester)
        else:
            suggester.close()
    return {"slot": slot.name, "words": _marks(result)}


def _marks(result) -> list[dict]:
    return [
        {"word": s.word, "score": s.score, "status": s.status, "count": s.count_text()}
        for s in result.suggestions
    ]
