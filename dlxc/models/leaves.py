"""Leave values: what the tiles a player keeps are worth, in points.

A Scrabble move is judged by its *equity*: its score plus the value of the
leave, the tiles it keeps on the rack for the next turn (a blank and an S
help the next move; a Q, a V or three I's hurt it).  A table of leave values
is a text file, one leave a line::

    # comments and blank lines are skipped
    ?     25.3
    ?S    35.1
    Q     -7.0
    II    -4.2

the leave's tiles (letters in either case, ``?`` a blank, in any order; a
multi-letter tile of the rules in brackets, ``[CH]``, as MAGPIE writes it)
and its value, separated by white space or a comma (a CSV of
``leave,value`` reads too).  A leave listed in the table has the value listed.  A leave that
is not listed is valued from its single tiles and its pairs: the sum of the
values of its tiles, plus, for every pair of its tiles (a duplicate counts as
a pair of equal tiles) listed as a leave of two, what the pair's value adds
to the values of its two tiles.  A tile that is not listed is worth 0.  So a
table of single tiles and pairs values every leave, and a full table (every
leave of 1 to rack size - 1 tiles) is used as it is.  The empty leave is
worth 0.

``Leaves.default()`` is the table dlxc ships for English (standard tile
counts), made by ``dlxc autoplay --fit-leaves`` (see ``LeaveFit`` and the
guide); ``LeaveFit`` fits such a table from self-play: what keeping the tiles
brought on the next turn, fitted over single tiles by ridge least squares
and over pairs by shrunken residual means.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping
from itertools import combinations
from pathlib import Path
from typing import Optional

from ..base.errors import BoardError
from ..base.files import read_text
from .scrabble import ENGLISH_VALUES, Rules

DEFAULT_FILE = Path(__file__).with_name("english.leaves")


def canonical(tiles: Iterable[str]) -> str:
    """A leave's key: its tiles in lower case, sorted (``?`` first)."""
    return "".join(sorted(ch if ch == "?" else ch.lower() for ch in tiles))


def shown(key: str, names: Optional[Mapping[str, str]] = None) -> str:
    """A leave as files and people write it: letters in upper case, a
    multi-letter tile (``names``: its letter to its name) in brackets."""
    if not names or names.keys().isdisjoint(key):
        return key.upper()
    return "".join(f"[{names[ch].upper()}]" if ch in names else ch.upper() for ch in key)


class Leaves:
    """A table of leave values (see the module's help).  Its keys are the
    lexicon's letters; ``rules`` (``dlxc.models.scrabble.Rules``) name the
    multi-letter tiles when the table is written."""

    def __init__(
        self,
        values: Optional[Mapping[str, float]] = None,
        source: str = "leaves",
        rules: Optional[Rules] = None,
    ):
        self.source = source
        self.names = {letter: name for name, letter in (rules.multi if rules else {}).items()}
        table: dict[str, float] = {}
        for leave, value in (values or {}).items():
            v = float(value)
            if not math.isfinite(v):
                raise BoardError(f"{source}: leave {leave!r}: {value!r} is not a finite number")
            table[canonical(leave)] = v
        table.pop("", None)
        self.table = table
        self._memo: dict[str, float] = {}

    # -- reading and writing -----------------------------------------------
    @classmethod
    def from_text(
        cls, text: str, source: str = "<string>", rules: Optional[Rules] = None
    ) -> Leaves:
        """A table from its text; ``rules`` give the multi-letter tiles a
        leave may hold (``[CH]``), none by default."""
        rules = rules or Rules()
        values: dict[str, float] = {}
        for number, line in enumerate(text.splitlines(), 1):
            body = line.split("#", 1)[0].strip()
            if not body:
                continue
            parts = body.replace(",", " ").split()
            if len(parts) != 2:
                raise BoardError(
                    f"{source}:{number}: a line is a leave and its value, not {line.strip()!r}"
                )
            leave, value = parts
            tiles = rules.split(leave, f"{source}:{number}") if "[" in leave else list(leave)
            if not all(ch == "?" or ch.isalpha() for ch in tiles):
                raise BoardError(
                    f"{source}:{number}: {leave!r} is not a leave (letters, ? for a blank)"
                )
            try:
                v = float(value)
            except ValueError:
                raise BoardError(f"{source}:{number}: {value!r} is not a number") from None
            if not math.isfinite(v):
                raise BoardError(f"{source}:{number}: {value!r} is not a finite number")
            key = canonical(tiles)
            if key in values:
                names = {letter: name for name, letter in rules.multi.items()}
                raise BoardError(
                    f"{source}:{number}: the leave {shown(key, names)} is listed twice"
                )
            values[key] = v
        return cls(values, source, rules)

    @classmethod
    def from_file(cls, path: os.PathLike[str] | str, rules: Optional[Rules] = None) -> Leaves:
        name, text = read_text(path, "leave values", BoardError)
        return cls.from_text(text, name, rules)

    @classmethod
    def default(cls) -> Leaves:
        """The shipped English table."""
        return cls.from_file(DEFAULT_FILE)

    @staticmethod
    def fits(rules: Optional[Rules]) -> bool:
        """Whether the shipped English table suits ``rules``: tiles of the
        English letters and the blank only, none of several letters."""
        if rules is None:
            return True
        return not rules.multi and set(rules.values) <= set(ENGLISH_VALUES) | {"?"}

    @classmethod
    def zero(cls) -> Leaves:
        """Every leave worth 0: equity is the score."""
        return cls({}, "no leave values")

    @classmethod
    def named(cls, path: Optional[str], rules: Optional[Rules] = None) -> Leaves:
        """The table a ``--leaves`` value names: None the shipped table
        (English's: for an edition with other tiles, such as Spanish's Ñ and
        CH, every leave 0, see ``fits``), ``none`` every leave 0, else a
        file (its multi-letter tiles those of ``rules``)."""
        if path is None:
            return cls.default() if cls.fits(rules) else cls.zero()
        if path == "none":
            return cls.zero()
        return cls.from_file(path, rules)

    def to_text(self, header: str = "") -> str:
        lines = [f"# {h}" if h else "#" for h in header.splitlines()] if header else []
        order = sorted(self.table, key=lambda k: (len(k), k))
        lines += [f"{shown(k, self.names)} {self.table[k]:.2f}" for k in order]
        return "\n".join(lines) + "\n"

    def write(self, path: os.PathLike[str] | str, header: str = "") -> None:
        Path(path).write_text(self.to_text(header), encoding="utf-8")

    # -- values --------------------------------------------------------------
    def value(self, tiles: Iterable[str]) -> float:
        """The value of a leave (its tiles as letters, ``?`` a blank)."""
        key = canonical(tiles)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._estimate(key)
        return got

    def _estimate(self, key: str) -> float:
        table = self.table
        if not key:
            return 0.0
        if key in table:
            return table[key]
        total = sum(table.get(ch, 0.0) for ch in key)
        for a, b in combinations(key, 2):
            pair = table.get(a + b)  # key is sorted, so a + b is the pair's key
            if pair is not None:
                total += pair - table.get(a, 0.0) - table.get(b, 0.0)
        return total

    def __len__(self) -> int:
        return len(self.table)


# ---- fitting from self-play --------------------------------------------------


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gauss-Jordan with partial pivoting; a is small and
    positive definite here)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        if p == 0:
            continue
        inv = 1.0 / p
        m[col] = [x * inv for x in m[col]]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col]
                rc = m[col]
                m[r] = [x - f * y for x, y in zip(m[r], rc)]
    return [m[i][n] for i in range(n)]


class LeaveFit:
    """Leave values fitted from samples: the leave a player kept, and what
    came of it (the score of the same player's next turn plus the value of
    the leave that turn kept, by the table the games were played with).

    The model is the one ``Leaves`` values an unlisted leave by: an
    intercept (what a fresh draw brings), plus a value per tile kept, plus
    a synergy per pair of tiles kept (duplicates too).  It is fitted by
    backfitting: ridge least squares for the tiles (``ridge`` pulls rarely
    seen tiles toward 0) on the outcome less the pairs' synergies, then
    each pair's synergy as the mean residual of the samples that kept it,
    shrunk toward 0 by ``n / (n + shrink)`` for a pair seen n times, and
    again, ``rounds`` times.  Pairs seen fewer than ``min_pairs`` times get
    no synergy (and no line in the table)."""

    def __init__(
        self, ridge: float = 20.0, shrink: float = 50.0, min_pairs: int = 30, rounds: int = 12
    ) -> None:
        self.ridge = ridge
        self.shrink = shrink
        self.min_pairs = min_pairs
        self.rounds = rounds
        self.samples: list[tuple[str, float]] = []

    def add(self, leave: Iterable[str], outcome: float) -> None:
        self.samples.append((canonical(leave), float(outcome)))

    def extend(self, samples: Iterable[tuple[str, float]]) -> None:
        for leave, y in samples:
            self.add(leave, y)

    def fit(self, rules: Optional[Rules] = None) -> Leaves:
        """The fitted table (``rules`` name its multi-letter tiles)."""
        samples = self.samples
        if not samples:
            return Leaves({}, "no leave values", rules)
        tiles = sorted({ch for leave, _ in samples for ch in leave})
        index = {t: i + 1 for i, t in enumerate(tiles)}
        n = len(tiles) + 1  # [0] the intercept
        seen: dict[str, int] = {}
        for leave, _ in samples:
            for a, b in combinations(leave, 2):
                seen[a + b] = seen.get(a + b, 0) + 1
        kept_pairs = {p for p, c in seen.items() if c >= self.min_pairs}
        rows = []
        ata = [[0.0] * n for _ in range(n)]
        for leave, y in samples:
            x: dict[int, float] = {0: 1.0}
            for ch in leave:
                x[index[ch]] = x.get(index[ch], 0.0) + 1.0
            pairs = [a + b for a, b in combinations(leave, 2) if a + b in kept_pairs]
            rows.append((x, pairs, y))
            for i, xi in x.items():
                row = ata[i]
                for j, xj in x.items():
                    row[j] += xi * xj
        for i in range(1, n):
            ata[i][i] += self.ridge
        synergy = dict.fromkeys(kept_pairs, 0.0)
        w = [0.0] * n
        for _ in range(max(1, self.rounds)):
            atb = [0.0] * n
            for x, pairs, y in rows:
                target = y - sum(synergy[p] for p in pairs)
                for i, xi in x.items():
                    atb[i] += xi * target
            w = _solve(ata, atb)
            if not kept_pairs:
                break
            sums = dict.fromkeys(kept_pairs, 0.0)
            for x, pairs, y in rows:
                if not pairs:
                    continue
                resid = y - sum(w[i] * xi for i, xi in x.items())
                total = sum(synergy[p] for p in pairs)
                for p in pairs:
                    sums[p] += resid - total + synergy[p]
            synergy = {p: sums[p] / (seen[p] + self.shrink) for p in kept_pairs}
        single = {t: w[index[t]] for t in tiles}
        values = {t: round(v, 2) for t, v in single.items()}
        for p in sorted(kept_pairs):
            values[p] = round(single[p[0]] + single[p[1]] + synergy[p], 2)
        return Leaves(values, "fitted leave values", rules)
