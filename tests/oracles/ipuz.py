"""An independent ipuz validator, written from the specification (ipuz
version 2, ipuz.org; Puzzazz), not from dlxc's writer.

What it checks, field by field as the spec states them:

- every puzzle: ``version`` is ``http://ipuz.org/v1`` or ``.../v2``;
  ``kind`` is a non-empty list of PuzzleKind URIs (strings starting with
  ``http``); the optional text fields (title, author, origin, notes, ...)
  are strings;
- ``http://ipuz.org/crossword`` (mandatory: ``dimensions``, ``puzzle``):
  ``dimensions`` has integer ``width`` and ``height`` of at least 1;
  ``puzzle`` is ``height`` rows of ``width`` LabeledCells (a clue number, a
  label string, the block, the empty value, null for an omitted cell, or a
  dict with ``cell`` / ``style`` / ``value``); ``solution``, when present,
  has the same shape of CrosswordValues (strings or null); ``clues`` maps
  directions to lists of clues, each ``[number, text]``, a string, or a
  dict with ``number`` and ``clue``; every clue number appears in the grid;
- ``http://ipuz.org/wordsearch`` (mandatory: ``dimensions``): ``puzzle``
  is ``height`` rows of ``width`` CrosswordValues; ``solution`` is text, a
  list of words, or a dict of word -> GroupSpec (keys ``rect``, ``cells``,
  ``style`` only; ``cells`` a non-empty list of integer ``[x, y]`` pairs,
  here also within the grid); ``dictionary`` is a non-empty string or
  false; ``showanswers`` is ``during``/``after``; ``time`` a non-negative
  integer; ``zigzag``/``retrace``/``useall`` booleans.

``problems(doc)`` lists what is wrong (empty: valid); the tests also
check dlxc's own facts (each word's cells spell it in the puzzle grid).
"""

from __future__ import annotations

VERSIONS = ("http://ipuz.org/v1", "http://ipuz.org/v2")
TEXT_FIELDS = (
    "copyright",
    "publisher",
    "publication",
    "url",
    "uniqueid",
    "title",
    "intro",
    "explanation",
    "annotation",
    "author",
    "editor",
    "date",
    "notes",
    "difficulty",
    "origin",
)


def _is_int(x) -> bool:
    return type(x) is int


def _grid_shape(doc, name, w, h, cell_ok, out) -> None:
    grid = doc.get(name)
    if not isinstance(grid, list) or len(grid) != h:
        out.append(f"{name}: expected {h} rows")
        return
    for r, row in enumerate(grid):
        if not isinstance(row, list) or len(row) != w:
            out.append(f"{name}: row {r} is not a list of {w} cells")
            continue
        for c, cell in enumerate(row):
            if not cell_ok(cell):
                out.append(f"{name}[{r}][{c}] = {cell!r} is not allowed")


def problems(doc) -> list[str]:
    out: list[str] = []
    if not isinstance(doc, dict):
        return ["an ipuz document is a JSON object"]
    for field in ("version", "kind"):
        if field not in doc:
            out.append(f"mandatory field {field} is missing")
    if out:
        return out
    if doc["version"] not in VERSIONS:
        out.append(f"version {doc['version']!r} is not an ipuz version")
    kinds = doc["kind"]
    if (
        not isinstance(kinds, list)
        or not kinds
        or not all(isinstance(k, str) and k.startswith("http") for k in kinds)
    ):
        return out + ["kind must be a non-empty list of PuzzleKind URIs"]
    for field in TEXT_FIELDS:
        if field in doc and not isinstance(doc[field], str):
            out.append(f"{field} must be text")
    base = [k.split("#")[0] for k in kinds]
    crossword = "http://ipuz.org/crossword" in base
    wordsearch = "http://ipuz.org/wordsearch" in base
    if not (crossword or wordsearch):
        return out + [f"unknown kinds {kinds!r} for this validator"]
    dims = doc.get("dimensions")
    if not isinstance(dims, dict) or not all(
        _is_int(dims.get(k)) and dims[k] >= 1 for k in ("width", "height")
    ):
        return out + ["dimensions must give integer width and height of at least 1"]
    w, h = dims["width"], dims["height"]
    block = doc.get("block", "#")
    empty = doc.get("empty", 0)

    def crossword_value(v) -> bool:
        return v is None or isinstance(v, str)

    if crossword:
        if "puzzle" not in doc:
            out.append("mandatory field puzzle is missing")

        def labeled(v) -> bool:
            if v is None or v == block or v == empty or _is_int(v) or isinstance(v, str):
                return not isinstance(v, bool)
            if isinstance(v, dict):
                return (
                    set(v) <= {"cell", "style", "value"}
                    and ("cell" not in v or _is_int(v["cell"]) or isinstance(v["cell"], str))
                    and ("value" not in v or isinstance(v["value"], str))
                )
            return False

        if "puzzle" in doc:
            _grid_shape(doc, "puzzle", w, h, labeled, out)
        if "solution" in doc:
            _grid_shape(doc, "solution", w, h, crossword_value, out)
        numbers = set()
        for row in doc.get("puzzle") or []:
            for v in row if isinstance(row, list) else []:
                n = v.get("cell") if isinstance(v, dict) else v
                if _is_int(n) and n != empty:
                    numbers.add(n)
        clues = doc.get("clues", {})
        if not isinstance(clues, dict):
            out.append("clues must map directions to lists")
            clues = {}
        for direction, items in clues.items():
            if not isinstance(items, list):
                out.append(f"clues {direction!r} is not a list")
                continue
            for item in items:
                if isinstance(item, list):
                    ok = (
                        len(item) == 2
                        and (_is_int(item[0]) or isinstance(item[0], str))
                        and isinstance(item[1], str)
                    )
                    n = item[0] if ok else None
                elif isinstance(item, dict):
                    ok = "clue" in item and isinstance(item["clue"], str)
                    n = item.get("number")
                else:
                    ok, n = isinstance(item, str), None
                if not ok:
                    out.append(f"clue {item!r} in {direction} is not a clue")
                elif _is_int(n) and n not in numbers:
                    out.append(f"clue number {n} in {direction} is not in the grid")
    if wordsearch:
        if "puzzle" in doc:
            _grid_shape(doc, "puzzle", w, h, crossword_value, out)
        sol = doc.get("solution")
        if sol is not None:
            if isinstance(sol, dict):
                for word, spec in sol.items():
                    if not isinstance(word, str) or not word:
                        out.append(f"solution key {word!r} is not a word")
                    if (
                        not isinstance(spec, dict)
                        or not spec
                        or not set(spec) <= {"rect", "cells", "style"}
                    ):
                        out.append(f"solution[{word!r}] is not a GroupSpec")
                        continue
                    cells = spec.get("cells")
                    if cells is not None:
                        if (
                            not isinstance(cells, list)
                            or not cells
                            or not all(
                                isinstance(p, list) and len(p) == 2 and all(map(_is_int, p))
                                for p in cells
                            )
                        ):
                            out.append(f"solution[{word!r}].cells is not a list of [x, y]")
                        elif not all(0 <= x < w and 0 <= y < h for x, y in cells):
                            out.append(f"solution[{word!r}].cells leave the grid")
            elif isinstance(sol, list):
                if not all(isinstance(x, str) for x in sol):
                    out.append("solution list must hold words")
            elif not isinstance(sol, str):
                out.append("solution must be text, a list of words or a dict of GroupSpecs")
        if "dictionary" in doc and not (
            doc["dictionary"] is False or (isinstance(doc["dictionary"], str) and doc["dictionary"])
        ):
            out.append("dictionary must be a non-empty string or false")
        if "showanswers" in doc and doc["showanswers"] not in ("during", "after"):
            out.append("showanswers must be 'during' or 'after'")
        if "time" in doc and not (_is_int(doc["time"]) and doc["time"] >= 0):
            out.append("time must be a non-negative integer")
        for flag in ("zigzag", "retrace", "useall"):
            if flag in doc and not isinstance(doc[flag], bool):
                out.append(f"{flag} must be true or false")
    return out


def wordsearch_spells(doc) -> list[str]:
    """dlxc's promise beyond the spec: each solution word reads along its
    cells ([x, y]) in the puzzle grid."""
    out = []
    for word, spec in (doc.get("solution") or {}).items():
        got = "".join(doc["puzzle"][y][x] for x, y in spec["cells"])
        if got != word:
            out.append(f"{word!r} reads {got!r} along its cells")
    return out
