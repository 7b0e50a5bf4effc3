"""Writing puzzles from the command line: the options every puzzle
command shares to choose a format and a file (``--format``, ``-o``,
``--paper``, ``--font``, ``--title``), and ``emit``, which writes pages
through ``dlxc.render``.

A command builds its pages (``dlxc.models.pages``; for crosswords and
Boggle boards ``dlxc.render.kinds``) and calls ``emit(pages, fmt, ...)``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Callable, Optional, TypeVar

import click

from ..render import FORMATS, ONE_PER_FILE, PAPERS, Page, render

F = TypeVar("F", bound=Callable)


def _title_text(ctx, param, value: Optional[str]) -> Optional[str]:
    """The title as text: bytes of the command line that are not UTF-8
    (which Python keeps as lone surrogates, no file can hold) become U+FFFD."""
    if value is None:
        return None
    return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in value)


def output_format_options(f: F) -> F:
    """--format, -o/--output, --paper, --font, --title."""
    f = click.option(
        "--title",
        default=None,
        metavar="TEXT",
        callback=_title_text,
        help="The puzzle's title (on the page, in the file).",
    )(f)
    f = click.option(
        "--font",
        default=None,
        metavar="FILE.ttf",
        help="With --format pdf: a TrueType font for scripts DejaVu Sans lacks.",
    )(f)
    f = click.option(
        "--paper",
        type=click.Choice(list(PAPERS)),
        default="letter",
        show_default=True,
        help="With --format pdf: the paper size.",
    )(f)
    f = click.option(
        "-o",
        "--output",
        default=None,
        metavar="FILE",
        help="Write to FILE instead of stdout; several puzzles in svg, ipuz, "
        "html or puz go to FILE-1.svg, FILE-2.svg, ...",
    )(f)
    f = click.option(
        "--format",
        "fmt",
        type=click.Choice(list(FORMATS)),
        default=None,
        help="text, json (one page object a line), svg (the grid; the answers "
        "marked with --answers), pdf (puzzle pages, then answer pages; "
        "needs dlxc[pdf]), ipuz (ipuz.org), html (solve on screen), csv (the "
        "grid, then the words with row, column and direction), puz (Across "
        "Lite; crosswords only).",
    )(f)
    return f


def output_paths(output: str, n: int) -> list[Path]:
    """Where ``n`` one-puzzle files go: ``output`` itself for one, else
    ``stem-1.ext``, ``stem-2.ext``, ..."""
    path = Path(output)
    if n == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{k}{path.suffix}") for k in range(1, n + 1)]


def emit(
    pages: Sequence[Page],
    fmt: str,
    output: Optional[str],
    *,
    answers: bool = False,
    paper: str = "letter",
    font: Optional[str] = None,
    key: bool = True,
) -> list[str]:
    """Write ``pages`` in format ``fmt`` to ``output`` (a file; None:
    stdout); ``key=False`` leaves the answer key out.  Returns the names of
    the files written."""
    docs = render(pages, fmt, answers=answers, paper=paper, font=font, key=key)
    if output is None or output == "-":
        if fmt in ("pdf", "puz") and sys.stdout.isatty():
            raise click.UsageError(f"a {fmt} file is not for the terminal: give -o FILE.{fmt}")
        sys.stdout.flush()
        out = sys.stdout.buffer
        for doc in docs:
            out.write(doc)
        out.flush()
        return []
    paths = output_paths(output, len(docs)) if fmt in ONE_PER_FILE else [Path(output)]
    for path, doc in zip(paths, docs):
        path.write_bytes(doc)
    return [str(p) for p in paths]
