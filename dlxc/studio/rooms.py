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
