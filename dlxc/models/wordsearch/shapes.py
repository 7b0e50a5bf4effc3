"""Shapes a word search's grid can take besides a rectangle: named shapes
drawn at any size (``shape_mask``) and shapes read from an image
(``image_mask``, whose dark pixels are the cells).

Both give the *holes*: the squares of the ROWS x COLS rectangle that are not
cells, as ``WordSearch`` takes them for its ``mask``.  A named shape is a
region of the square [-1, 1] x [-1, 1] stretched over the grid; a square is
a cell when most of it lies inside (3 x 3 sample points, at least 5 in), so
the outline is the same at every size, only finer.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from ...base.errors import ProblemError

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff")


def _star_polygon(points: int = 5, inner: float = 0.5) -> list[tuple[float, float]]:
    out = []
    for k in range(2 * points):
        radius = 1.0 if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / points  # the first point straight up
        out.append((radius * math.cos(angle), radius * math.sin(angle) + 0.1))
    return out


_STAR = _star_polygon()


def _in_polygon(x: float, y: float, poly: list[tuple[float, float]]) -> bool:
    """Even-odd rule: does a ray to the right of (x, y) cross the outline
    an odd number of times."""
    inside = False
    n = len(poly)
    for k in range(n):
        (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _heart(x: float, y: float) -> bool:
    # the curve (X^2 + Y^2 - 1)^3 = X^2 Y^3, which spans X in [-1.14, 1.14]
    # and Y in [-1, 1.25], with y growing downwards on the page
    X, Y = x * 1.14, 0.125 - 1.125 * y
    return (X * X + Y * Y - 1) ** 3 - X * X * Y**3 <= 0


def _hexagon(x: float, y: float) -> bool:
    # flat top and bottom, pointed left and right, stretched to the square
    return abs(x) + abs(y) / 2 <= 1


#: Each named shape: is the point (x, y) of [-1, 1]^2 (y downwards) inside?
_SHAPES: dict[str, Callable[[float, float], bool]] = {
    "circle": lambda x, y: x * x + y * y <= 1,
    "diamond": lambda x, y: abs(x) + abs(y) <= 1,
    "heart": _heart,
    "star": lambda x, y: _in_polygon(x, y, _STAR),
    "triangle": lambda x, y: abs(x) <= (y + 1) / 2,
    "hexagon": _hexagon,
    "cross": lambda x, y: abs(x) <= 1 / 3 or abs(y) <= 1 / 3,
}

#: The names ``shape_mask`` knows, for ``--shape``.
SHAPES = tuple(_SHAPES)


def shape_mask(name: str, rows: int, cols: int) -> frozenset:
    """The holes of shape ``name`` (one of ``SHAPES``) drawn in a
    ``rows`` x ``cols`` grid.

    >>> from dlxc.models.wordsearch.grid import _render
    >>> holes = shape_mask("diamond", 5, 5)
    >>> print(_render(5, 5, lambda r, c: "#" if (r, c) in holes else "."))
    # # . # #
    # . . . #
    . . . . .
    # . . . #
    # # . # #
    """
    inside = _SHAPES.get(name)
    if inside is None:
        raise ProblemError(f"no shape {name!r}: use one of {', '.join(SHAPES)}")
    # a pointed shape (a heart's tip, a star's points) may leave a whole
    # edge row or column empty at a small size: draw it a little larger
    # until every edge of the grid has a cell, so no line of the page is blank
    for step in range(16):
        holes = _draw(inside, rows, cols, 1 + 0.03 * step)
        edges = (
            [(0, c) for c in range(cols)],
            [(rows - 1, c) for c in range(cols)],
            [(r, 0) for r in range(rows)],
            [(r, cols - 1) for r in range(rows)],
        )
        if all(any(sq not in holes for sq in edge) for edge in edges):
            break
    return holes


def _draw(inside: Callable[[float, float], bool], rows: int, cols: int, zoom: float) -> frozenset:
    holes = set()
    for r in range(rows):
        for c in range(cols):
            hits = 0
            for dy in (1 / 6, 1 / 2, 5 / 6):
                for dx in (1 / 6, 1 / 2, 5 / 6):
                    x = (2 * (c + dx) / cols - 1) / zoom
                    y = (2 * (r + dy) / rows - 1) / zoom
                    hits += inside(x, y)
            if hits < 5:
                holes.add((r, c))
    return frozenset(holes)


def is_image(path: str) -> bool:
    """Whether a ``--mask`` file is an image (by its suffix)."""
    return Path(path).suffix.lower() in IMAGE_SUFFIXES


def image_mask(path: str, rows: int, cols: int, threshold: int = 128) -> frozenset:
    """The holes of the image at ``path`` scaled to ``rows`` x ``cols``: a
    square is a cell when its share of the picture is dark (mean grey below
    ``threshold`` of 255; transparent pixels count as white).  Needs Pillow
    (``pip install dlxc[image]``)."""
    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError:
        raise ProblemError(
            f"{path}: reading an image mask needs Pillow: pip install 'dlxc[image]'"
        ) from None
    try:
        with Image.open(path) as img:
            img.load()
            rgba = img.convert("RGBA")
    except UnidentifiedImageError:
        raise ProblemError(f"{path}: not an image Pillow can read") from None
    white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    grey = Image.alpha_composite(white, rgba).convert("L")
    small = grey.resize((cols, rows), Image.Resampling.BOX)
    holes = frozenset(
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if small.getpixel((c, r)) >= threshold  # type: ignore[operator]
    )
    if len(holes) == rows * cols:
        raise ProblemError(f"{path}: no dark pixels, so the mask leaves no cell")
    return holes
