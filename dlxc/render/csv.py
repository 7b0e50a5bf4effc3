"""Pages as CSV, for spreadsheets and other programs: the grid, one row of
the sheet per row of the grid (an empty field for a square that is not a
cell), a blank line, then the words with the row and column (from 1) of
their first letter and their direction (letters a puzzle does not give,
a crossword's, only with the key).  Several pages follow one another,
each after a line with its title."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from .page import Page


def page_rows(page: Page, *, key: bool = True) -> list[list[str]]:
    """The rows of one page's CSV: the grid, then the words (``key``: with
    their row, column and direction; else the words alone)."""
    rows: list[list[str]] = [[page.title]]
    for line in page.grid:
        rows.append(
            ["" if sq is None or sq.block or not (sq.given or key) else sq.letter for sq in line]
        )
    rows.append([])
    rows.append(["word", "row", "col", "direction"] if key else ["word"])
    for w in page.words:
        if key and w.cells:
            r, c = w.cells[0]
            rows.append([w.text, str(r + 1), str(c + 1), w.direction or ""])
        else:
            rows.append([w.text] + (["", "", ""] if key else []))
    return rows


def pages_csv(pages: Sequence[Page], *, key: bool = True) -> str:
    """Every page's CSV, a blank line between pages."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for k, page in enumerate(pages):
        if k:
            writer.writerow([])
        writer.writerows(page_rows(page, key=key))
    return out.getvalue()
