"""Knuth's DLX text format: read a file into a Problem, write one back.

The format (docs/design/xcc.md) is the input of Knuth's DLX1/DLX2::

    | a comment: a line whose first non-blank character is |
    A B C | X Y        <- the items line: primary items, |, secondary items
    A B X:0 Y:0        <- every further line is one option
    A C X:1 Y:1           (item:color colors a secondary item)

Blank lines and comment lines may come anywhere.  dlxc reads more than
DLX2 does: names longer than 8 characters, colors of several characters
(any text without whitespace, ``|`` or ``:``; a color of one character may be
any non-blank character, as in DLX2), tabs, CRLF and CR line ends, a UTF-8
byte-order mark and a last line without a newline.  Like DLX2's reader, it
takes ``|X`` in the items line as the separator followed by the item ``X``.
As in DLX2, ``|`` starts a comment only as a line's first non-blank
character; in an option line it starts a cost (below), and a second
``|`` in the items line is an error.

Option costs
------------
As in Knuth's DLX5, an option line may carry costs: each token ``|n``
after the first (``n`` a decimal number) adds ``n`` to the option's cost,
so ``A B X:0 |3`` is an option of cost 3 (``|1 |2`` would say the same).
A file with at least one such token gives a Problem with ``costs`` (one
int per option, 0 for options without a cost token); a file without any
gives ``costs`` None.  A ``|`` token that is not a decimal number is an
error, as is a total of all costs of 2**63 or more.  The C reader reads
costs too, and leaves any error in them to this one.

Reading a million options
-------------------------
A file given by path or as a binary stream (stdin too) goes first to the C
reader (csrc/xcc/reader.c, with the C backend): it takes UTF-8 text with
nothing wrong in it, whatever the number of items and colors, and lists
what there is to warn about (options without a primary item, primary items
in no option), which ``_read_fast`` words as the Python reader does; a
million options of ten items are read in about half a second of CPU.  Any
error, and any byte it does not take, sends the same bytes to the Python
reader below, which names the file, line and problem.

The Python reader builds the Problem's three compact columns (``opt_start``,
``opt_items``, ``opt_colors``) directly, one line at a time; no per-option
Python object outlives its line.  Each line is split, and its tokens are
looked up in a cache that knows every item name and every colored token
(``X:0``) seen so far: one dictionary lookup per token, done in C by
``map``.  A token not in the cache sends the line to ``parse``, which adds
new colored tokens (up to ``_TOKEN_CACHE`` of them); anything wrong (an
unknown name, an item twice, a stray ``|``) goes to ``_diagnose``, which
reads the line again slowly to name the problem.  So the checks cost
nothing on good input: a million options of ten items take about five
seconds, three times as long when they name 100,000 items in four colors
(bench/bench_read.py).

Writing for DLX2
----------------
``write_dlx`` writes what dlxc reads.  With ``knuth=True`` it writes what
DLX2 itself reads: names of at most 8 printable ASCII characters, colors of
one character, every line ended by a newline.  Names and colors that do not
fit are replaced by short ones, and comment lines at the top of the file
record what each stands for.
"""

from __future__ import annotations

import io
import mmap
import os
import sys
import warnings
from array import array
from typing import Optional, TextIO, Union

from ..base.errors import DlxFormatError, InputFileError, ProblemError, ProblemWarning
from .problem import Problem

__all__ = ["read_dlx", "write_dlx"]

Source = Union[str, "os.PathLike[str]", TextIO]

_SHOWN_DROPPED = 3  # lines named in the warning about options without a primary item
_TOKEN_CACHE = 1 << 20  # colored tokens remembered by the reader (about 100 bytes each)
_COST_TOTAL_LIMIT = 1 << 63  # all the costs of a problem add up to less (dlxc.xcc.best)


# ---- reading ----


def read_dlx(source: Source, name: Optional[str] = None) -> Problem:
    """Read a problem in Knuth's DLX format.

    ``source`` is a path or an open file (text or binary; ``sys.stdin``
    works).  ``name`` is the name used in messages and as ``problem.name``;
    by default the path, ``<stdin>``, or the stream's ``name``.

    Raises ``DlxFormatError`` (a ``ProblemError``) naming the file, the
    1-based line and the problem; warns (``ProblemWarning``) about options
    without a primary item, which the search ignores, and about primary
    items in no option, which leave the problem without solutions.
    """
    if isinstance(source, (str, bytes, os.PathLike)):
        path = os.fsdecode(source)
        try:
            f = open(path, "rb")
        except OSError as exc:
            raise InputFileError.from_oserror(exc, path) from None
        with f:
            return _read_path(f, path if name is None else name)
    if name is None:
        name = _stream_name(source)
    if isinstance(source, (io.RawIOBase, io.BufferedIOBase)):
        fast = _fast_reader()
        if fast is None:
            return _read_binary(source, name)
        box = [source.read()]
        problem = _read_fast(fast, box, name, stacklevel=4)
        if problem is not None:
            return problem
        # the Python reader, on the same bytes: a stream that could not be
        # read again still cannot, so its messages stay the same
        return _read_binary(_Replay(box[0], source.seekable()), name)
    if "b" in getattr(source, "mode", ""):  # a binary file of another kind
        # its lines are bytes, though the annotation of ``source`` says text
        return _read(_cr_lines(map(bytes.decode, source)), name, _next_line)  # type: ignore[arg-type]
    return _read(_cr_lines(source), name, None)


def _read_path(f, file: str) -> Problem:
    """A file opened by path: the C reader's fast path when it takes the
    file (UTF-8 text, nothing wrong), else the Python reader, which words
    every error (csrc/xcc/reader.c gives up on those)."""
    fast = _fast_reader()
    if fast is None:
        return _read_binary(f, file)
    text = _map(f)
    # the box holds the only reference to the text: the C reader empties it
    # once the text is read, so a mapping goes before the arrays are copied
    box: list = [f.read() if text is None else text]
    del text
    problem = _read_fast(fast, box, file, stacklevel=5)
    if problem is None:
        data = io.BytesIO(box[0])  # a copy
        if isinstance(box[0], mmap.mmap):
            box[0].close()
        box.clear()
        return _read_binary(data, file)
    return problem


def _map(f) -> Optional[mmap.mmap]:
    """The file mapped into memory (read-only), or None where it cannot be
    (an empty file, a pipe, a platform without mmap): the C reader reads the
    pages of the file where they lie, with no copy of 80 MB into a bytes
    object first."""
    try:
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return None


def _read_fast(fast, box: list, file: str, stacklevel: int) -> Optional[Problem]:
    """The problem in ``box[0]`` (bytes) as the C reader reads it, with the Python
    reader's warnings (options without a primary item, primary items in no
    option; ``stacklevel`` makes them point at read_dlx's caller), or None
    when the Python reader must read it."""
    got = fast(box, notes=True, costs=True, bounds=True)  # it empties the box once read
    if got is None:
        return None
    (
        primary,
        secondary,
        colors,
        opt_start,
        opt_items,
        opt_colors,
        dropped,
        lines,
        unused,
        costs,
        b,
    ) = got
    limits = None
    if b is not None:
        limits = {
            name: (b[2 * i], b[2 * i + 1])
            for i, name in enumerate(primary)
            if (b[2 * i], b[2 * i + 1]) != (1, 1)
        }
    problem = Problem._from_arrays(
        primary,
        secondary,
        colors,
        opt_start,
        opt_items,
        opt_colors,
        file,
        dropped,
        costs=costs,
        bounds=limits,
    )
    if dropped:
        _warn_dropped(file, lines, len(dropped), stacklevel)
    if unused:
        _warn_unused_names(problem.name, [problem.primary[i] for i in unused], stacklevel)
    return problem


class _Replay(io.BytesIO):
    """Bytes read from a stream, given to the Python reader as the stream
    was: seekable or not (it names the line of a decoding error only when
    it can read the stream again)."""

    def __init__(self, data: bytes, seekable: bool) -> None:
        super().__init__(data)
        self._seekable = seekable

    def seekable(self) -> bool:
        return self._seekable


def _fast_reader():
    """``read_dlx_arrays`` of the C backend, or None without one (or with
    DLXC_READER=python, to test the Python reader on its own)."""
    if os.environ.get("DLXC_READER") == "python":
        return None
    try:
        from ._cbackend import read_dlx_arrays
    except ImportError:
        return None
    return read_dlx_arrays


def _stream_name(stream) -> str:
    if stream is sys.stdin or stream is sys.__stdin__:
        return "<stdin>"
    name = getattr(stream, "name", None)
    return name if isinstance(name, str) and name else "<stream>"


# Line ends.  LF, CRLF and a bare CR all end a line, whatever the source:
# a text stream opened with Python's defaults reads so already, a binary
# one is read through a TextIOWrapper with universal newlines (faster than
# decoding each line in Python), and _cr_lines makes the other streams
# (io.StringIO, a file opened with newline="") agree, so a file of old Mac
# line ends reads the same however it is given.


def _cr_lines(lines):
    """``lines`` (text), each split further at a bare CR."""
    for line in lines:
        cr = line.find("\r")
        if cr >= 0 and line[cr:].strip():  # a CR with more text after it
            pieces = line.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            last = pieces.pop()
            yield from (piece + "\n" for piece in pieces)
            if last:
                yield last
        else:
            yield line


def _read_binary(f, file: str) -> Problem:
    start = f.tell() if f.seekable() else None
    text = io.TextIOWrapper(f, encoding="utf-8", newline=None)

    def locate(exc: UnicodeDecodeError, lineno: int):
        """The undecodable line (the wrapper decodes ahead, so read the raw
        bytes again when that is possible): (line number, its error)."""
        if start is None:
            return None, exc
        f.seek(start)
        for k, raw in enumerate(f.read().splitlines(), 1):  # LF, CRLF and CR, as bytes
            try:
                raw.decode()
            except UnicodeDecodeError as bad:
                return k, bad
        return None, exc

    try:
        return _read(text, file, locate)
    finally:
        text.detach()  # leave the caller's stream open


def _next_line(exc: UnicodeDecodeError, lineno: int):
    """For sources decoded a line at a time: the line after the last one read."""
    return lineno + 1, exc


def _read(lines, file: str, locate) -> Problem:
    """Read the problem from ``lines`` (text).  ``locate(exc, lineno)``, if
    given, names the line of a decoding error."""
    numbered = enumerate(lines, 1)
    lineno = 0
    try:
        for lineno, line in numbered:
            if lineno == 1 and line.startswith("\ufeff"):  # a byte-order mark
                line = line[1:]
            toks = line.split()
            if toks and toks[0][0] != "|":
                break
        else:
            what = (
                f"its {lineno} line{'s are' if lineno > 1 else ' is'} only comments and blank lines"
                if lineno
                else "the input is empty"
            )
            raise DlxFormatError(f"no items line: {what}", file)
    except UnicodeDecodeError as exc:
        raise _not_utf8(exc, file, lineno, locate) from None
    primary, secondary, bounds = _items_line(toks, file, lineno, line)
    return _options(numbered, primary, secondary, file, lineno, locate, bounds)


def _not_utf8(exc: UnicodeDecodeError, file: str, lineno: int, locate) -> DlxFormatError:
    """The error for undecodable input, with its line when it is known (a
    text stream decodes ahead in blocks, so there may be none to name)."""
    line, exc = locate(exc, lineno) if locate is not None else (None, exc)
    if line is None:
        return DlxFormatError(f"not UTF-8 text ({exc.reason})", file)
    return DlxFormatError(
        f"not UTF-8 text ({exc.reason} at byte {exc.start} of the line)", file, line
    )


def _items_line(toks, file, lineno, line):
    """The primary and secondary items named in the items line, and the
    bounds of the primary items written ``u:v|name`` or ``v|name`` (Knuth's
    DLX3: covered at least u and at most v times; ``v|name`` is v:v), as
    a dict of the items not 1:1 (None when there is none)."""
    primary: list[str] = []
    secondary: list[str] = []
    bounds: dict[str, tuple[int, int]] = {}
    seen: set[str] = set()
    target = primary
    for tok in toks:
        while tok.startswith("|"):  # Knuth's reader also takes "|X" as "| X"
            if target is secondary:
                raise DlxFormatError("the items line has '|' twice", file, lineno, line)
            target = secondary
            tok = tok[1:]
        if not tok:
            continue
        pair = None
        if "|" in tok and target is primary:
            pair, tok = _bounds_prefix(tok, file, lineno, line)
        elif "|" in tok:
            raise DlxFormatError(
                f"{tok!r}: only primary items have bounds (u:v|name); "
                f"a secondary item cannot have '|' in its name",
                file,
                lineno,
                line,
            )
        if ":" in tok:
            if target is primary and pair is None:
                raise DlxFormatError(
                    f"{tok!r} in the items line: a lower bound needs an upper bound "
                    "(u:v|name); colors belong in options",
                    file,
                    lineno,
                    line,
                )
            raise DlxFormatError(
                f"{tok!r} in the items line has a color; colors belong in options, "
                "the items line only names the items",
                file,
                lineno,
                line,
            )
        if tok in seen:
            raise DlxFormatError(f"item {tok!r} declared twice", file, lineno, line)
        seen.add(tok)
        target.append(tok)
        if pair is not None and pair != (1, 1):
            bounds[tok] = pair
    return primary, secondary, bounds or None


def _bounds_prefix(tok, file, lineno, line):
    """((u, v), name) of a primary item written ``u:v|name`` or ``v|name``."""

    def fail(reason):
        raise DlxFormatError(f"{reason} in {tok!r}", file, lineno, line)

    spec, _, name = tok.partition("|")
    if "|" in name or not all(ch.isascii() and (ch.isdigit() or ch == ":") for ch in spec):
        raise DlxFormatError(
            f"illegal character '|' in item name {tok!r} (bounds are written "
            "u:v|name or v|name, with decimal numbers u and v)",
            file,
            lineno,
            line,
        )
    if not name:
        fail("empty item name after the bounds")
    lo, colon, hi = spec.rpartition(":") if ":" in spec else ("", "", spec)
    if ":" in lo:
        fail("more than one ':' in the bounds")
    for part in (lo, hi) if colon else (hi,):
        if not part:
            fail("a bound is missing")
    v = int(hi)
    u = int(lo) if colon else v
    if v == 0:
        fail("the upper bound is zero")
    if u > v:
        fail(f"the lower bound {u} exceeds the upper bound {v}")
    if v >= 1 << 30:
        fail(f"the upper bound {v} is too large")
    return (u, v), name


def _options(numbered, primary, secondary, file, lineno, locate, bounds=None) -> Problem:
    """Read the option lines into compact arrays and build the Problem."""
    n_primary = len(primary)
    index = {name: k for k, name in enumerate(primary + secondary)}
    # The token cache: every item name, and each colored token ("X:red")
    # met so far, with its item and its color (0 for none).  Big files
    # repeat the same colored tokens, so most lines need no parsing at all.
    item_of = dict(index)
    color_of = dict.fromkeys(index, 0)
    item_get = item_of.get  # .get is a cheaper call than __getitem__
    color_get = color_of.get
    room = [_TOKEN_CACHE]
    color_index: dict[str, int] = {}
    colors = [""]
    opt_start = array("i", [0])
    opt_items = array("i")
    opt_colors = array("i")
    start_append = opt_start.append
    # fromlist, not extend: extend takes a list one generic item at a time
    items_fromlist = opt_items.fromlist
    colors_fromlist = opt_colors.fromlist
    colors_extend = opt_colors.extend  # from an array: one copy
    zeros: list[array] = []  # zeros[n]: n zero colors, to extend opt_colors at C speed
    dropped: list[int] = []
    dropped_lines: list[int] = []
    total = 0
    j = 0  # the number of the next option

    def parse(toks, lineno, line):
        """Items and colors of a line with tokens not in the cache yet."""
        ks, cs = [], []
        for tok in toks:
            k = item_of.get(tok)
            if k is not None:
                ks.append(k)
                cs.append(color_of[tok])
                continue
            it, colon, col = tok.partition(":")
            k = index.get(it)
            if (
                not colon
                or k is None
                or k < n_primary
                or not col
                or (len(col) > 1 and (":" in col or "|" in col))
            ):
                _diagnose(toks, index, n_primary, file, lineno, line)
            c = color_index.get(col)
            if c is None:
                c = color_index[col] = len(colors)
                colors.append(col)
            if room[0]:
                room[0] -= 1
                item_of[tok] = k
                color_of[tok] = c
            ks.append(k)
            cs.append(c)
        return ks, cs

    opt_costs = array("q")
    has_costs = False
    cost_total = 0
    try:
        for lineno, line in numbered:
            toks = line.split()
            if not toks or toks[0][0] == "|":
                continue
            if "|" in line:
                toks, cost = _split_costs(toks, file, lineno, line)
                cost_total += cost
                if cost_total >= _COST_TOTAL_LIMIT:
                    raise DlxFormatError(
                        f"the option costs add up to {cost_total} here; dlxc takes "
                        "costs whose total is below 2**63",
                        file,
                        lineno,
                        line,
                    )
                if not has_costs:
                    has_costs = True
                    opt_costs.extend([0] * j)
                opt_costs.append(cost)
            elif has_costs:
                opt_costs.append(0)
            n = len(toks)
            ks: list = list(map(item_get, toks))  # None for a token parse() reads
            if None in ks:
                ks, cs = parse(toks, lineno, line)
            elif ":" in line:
                cs = list(map(color_get, toks))  # the same keys as item_of
            else:
                while len(zeros) <= n:
                    zeros.append(array("i", [0]) * len(zeros))
                cs = zeros[n]
            if n > 1 and len(set(ks)) != n:
                _diagnose(toks, index, n_primary, file, lineno, line)
            items_fromlist(ks)
            if type(cs) is list:
                colors_fromlist(cs)
            else:
                colors_extend(cs)
            total += n
            start_append(total)
            if min(ks) >= n_primary:
                dropped.append(j)
                if len(dropped_lines) < _SHOWN_DROPPED:
                    dropped_lines.append(lineno)
            j += 1
    except UnicodeDecodeError as exc:
        raise _not_utf8(exc, file, lineno, locate) from None
    problem = Problem._from_arrays(
        primary,
        secondary,
        colors,
        opt_start,
        opt_items,
        opt_colors,
        file,
        dropped,
        costs=opt_costs if has_costs else None,
        bounds=bounds,
    )
    if dropped:
        _warn_dropped(file, dropped_lines, len(dropped))
    _warn_unused(problem, opt_items, n_primary)
    return problem


def _split_costs(toks, file, lineno, line):
    """(the item tokens, the option's cost) of an option line with a '|':
    every token ``|n`` after the first (a decimal number n >= 0) adds n
    to the cost, as in Knuth's DLX5."""
    kept = [toks[0]]
    cost = 0
    for tok in toks[1:]:
        if not tok.startswith("|"):
            kept.append(tok)
            continue
        digits = tok[1:]
        if not digits or not ("0" <= digits[0] <= "9"):
            raise DlxFormatError(
                f"option cost {tok!r} should be '|' and a decimal number, such as '|3'",
                file,
                lineno,
                line,
            )
        if not (digits.isascii() and digits.isdigit()):
            raise DlxFormatError(f"illegal digit in option cost {tok!r}", file, lineno, line)
        cost += int(digits)
    return kept, cost


def _diagnose(toks, index, n_primary, file, lineno, line):
    """Raise the DlxFormatError that explains why this option line is bad
    (the fast paths only know that something is wrong)."""

    def fail(reason):
        raise DlxFormatError(reason, file, lineno, line)

    seen: set[str] = set()
    for tok in toks:
        if tok.startswith("|"):
            fail(
                f"an option cannot contain {tok!r}: only the items line separates primary "
                "from secondary items with '|' (a comment line starts with '|')"
            )
        it, colon, col = tok.partition(":")
        if not it:
            fail(f"empty item name in {tok!r}")
        if "|" in it:
            fail(f"illegal character '|' in item name {it!r}")
        if colon:
            if not col:
                fail(f"empty color in {tok!r}")
            if len(col) > 1 and (":" in col or "|" in col):
                bad = ":" if ":" in col else "|"
                fail(f"illegal character {bad!r} in color {col!r} of {tok!r}")
        k = index.get(it)
        if k is None:
            fail(f"unknown item {it!r}")
        if it in seen:
            fail(f"item {it!r} twice in one option")
        seen.add(it)
        if colon and k < n_primary:
            fail(f"primary item {it!r} cannot be colored")
    fail("bad option line")  # not reached: the fast path saw a problem


def _warn_dropped(file: str, lines: list[int], n: int, stacklevel: int = 5) -> None:
    if n == 1:
        msg = f"{file}:{lines[0]}: option ignored (no primary item)"
    else:
        shown = ", ".join(str(x) for x in lines)
        more = f" and {n - len(lines)} more" if n > len(lines) else ""
        msg = f"{file}: {n} options ignored (no primary item): lines {shown}{more}"
    warnings.warn(msg, ProblemWarning, stacklevel=stacklevel)


def _warn_unused(problem: Problem, opt_items: array, n_primary: int) -> None:
    # Dropped options hold no primary item, so every primary item in
    # opt_items belongs to a kept option.
    used = set(opt_items)
    if len(used) >= n_primary and all(i in used for i in range(n_primary)):
        return
    bounds = problem.bounds or {}
    unused = [
        name
        for i, name in enumerate(problem.primary)
        if i not in used and bounds.get(name, (1, 1))[0] > 0  # u = 0 needs no option
    ]
    if not unused:
        return
    _warn_unused_names(problem.name, unused, 6)


def _warn_unused_names(name: str, unused: list[str], stacklevel: int) -> None:
    shown = ", ".join(repr(u) for u in unused[:5])
    more = f" and {len(unused) - 5} more" if len(unused) > 5 else ""
    which = "item" if len(unused) == 1 else "items"
    verb = "is" if len(unused) == 1 else "are"
    warnings.warn(
        f"{name}: primary {which} {shown}{more} {verb} in no option, so "
        "the problem has no solution",
        ProblemWarning,
        stacklevel=stacklevel,
    )


# ---- writing ----

# One-character names and colors DLX2 reads and dlxc reads back: printable
# ASCII without the space, '|' and ':'.
_KNUTH_CHARS = "".join(chr(c) for c in range(33, 127) if chr(c) not in "|:")
_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_KNUTH_NAME_LEN = 8


def _knuth_name_ok(name: str) -> bool:
    return len(name) <= _KNUTH_NAME_LEN and all(c in _KNUTH_CHARS for c in name)


def _base36(n: int) -> str:
    s = ""
    while True:
        n, r = divmod(n, 36)
        s = _DIGITS36[r] + s
        if not n:
            return s


def _short_names(items) -> dict[str, str]:
    """New names for the items DLX2 cannot read: '#' and a base-36 number,
    skipping any that an item already has."""
    taken = set(items)
    renamed: dict[str, str] = {}
    n = 0
    for name in items:
        if _knuth_name_ok(name):
            continue
        while True:
            new = "#" + _base36(n)
            n += 1
            if new not in taken:
                break
        if len(new) > _KNUTH_NAME_LEN:  # needs 36**7 long names: not in this universe
            raise ProblemError("too many long item names to shorten for DLX2")
        taken.add(new)
        renamed[name] = new
    return renamed


def _short_colors(colors) -> dict[str, str]:
    """One-character colors for DLX2: those already one such character keep
    it; the others take unused characters in turn."""
    in_use = set(colors)
    free = [c for c in _KNUTH_CHARS if c not in in_use]
    renamed: dict[str, str] = {}
    long = [c for c in colors[1:] if not (len(c) == 1 and c in _KNUTH_CHARS)]
    if len(long) > len(free):
        n_single = len(colors) - 1 - len(long)
        raise ProblemError(
            f"the problem has {len(colors) - 1} colors but DLX2 takes one-character colors, "
            f"and only {len(_KNUTH_CHARS)} characters can be colors ({n_single} already in "
            f"use as they are); it cannot be written with knuth=True"
        )
    for col, new in zip(long, free):
        renamed[col] = new
    return renamed


def write_dlx(
    problem: Problem,
    file: Union[str, os.PathLike[str], TextIO, None] = None,
    *,
    comment: Optional[str] = None,
    knuth: bool = False,
) -> Optional[str]:
    """Write ``problem`` in Knuth's DLX format.

    ``file`` is a path or a text file open for writing; with None the text
    is returned as a string.  ``comment`` (any number of lines) comes first,
    as ``|`` comment lines.  The options keep their order, those without a
    primary item too (a reader drops them again, with a warning), so option
    indices survive the round trip: ``read_dlx`` of the output has the same
    items, options and colors.

    With ``knuth=True`` the output obeys the limits of Knuth's DLX2: item
    names longer than 8 characters (or with characters other than printable
    ASCII) become ``#0``, ``#1``, ...; colors longer than one character get
    one-character names (there are 92 such characters, so at most 92 colors
    in all); comment lines record every renaming.  A problem that cannot be
    written so raises ``ProblemError``.

    A problem with costs (``problem.costs``) ends every option line with its
    cost, ``A B X:0 |3``, as Knuth's DLX5 reads it (DLX2 does not).
    """
    if not problem.primary:
        raise ProblemError(
            f"{problem.name}: a problem without primary items cannot be "
            "written: its items line would begin with '|', a comment"
        )
    starts = problem.opt_start
    for j in range(len(starts) - 1):
        if starts[j] == starts[j + 1]:
            raise ProblemError(
                f"{problem.name}: option {j} is empty, and an empty line "
                "is no option in Knuth's format"
            )
    names = list(problem.items)
    colors = list(problem.colors)
    head: list[str] = []
    if comment is not None:
        head += ["| " + text if text else "|" for text in comment.splitlines() or [""]]
    if knuth:
        renamed = _short_names(names)
        recolored = _short_colors(colors)
        if renamed:
            head.append(
                f"| {len(renamed)} item names shortened to at most "
                f"{_KNUTH_NAME_LEN} characters for DLX2:"
            )
            head += [f"|   {new} = {old}" for old, new in renamed.items()]
            names = [renamed.get(x, x) for x in names]
        if recolored:
            head.append(f"| {len(recolored)} colors shortened to one character for DLX2:")
            head += [f"|   {new} = {old}" for old, new in recolored.items()]
            colors = [recolored.get(c, c) for c in colors]
    if isinstance(file, (str, bytes, os.PathLike)):
        with open(os.fsdecode(file), "w", encoding="utf-8", newline="\n") as f:
            _write(f, problem, names, colors, head)
        return None
    if file is None:
        buf = io.StringIO()
        _write(buf, problem, names, colors, head)
        return buf.getvalue()
    _write(file, problem, names, colors, head)
    return None


def _with_bounds(name: str, pair) -> str:
    """A primary item as the items line writes it: ``u:v|name``, ``v|name``
    when u = v, or the bare name when it is 1:1."""
    if pair is None or pair == (1, 1):
        return name
    u, v = pair
    return f"{v}|{name}" if u == v else f"{u}:{v}|{name}"


def _write(f, problem: Problem, names, colors, head) -> None:
    n_primary = len(problem.primary)
    write = f.write
    for text in head:
        write(text + "\n")
    bounds = problem.bounds or {}
    line = " ".join(
        _with_bounds(name, bounds.get(old)) for name, old in zip(names, problem.primary)
    )
    if len(names) > n_primary:
        line += " | " + " ".join(names[n_primary:])
    write(line + "\n")
    starts, items, cols = problem.opt_start, problem.opt_items, problem.opt_colors
    costs = getattr(problem, "costs", None)
    chunk: list[str] = []
    for j in range(len(starts) - 1):
        a, b = starts[j], starts[j + 1]
        text = " ".join(
            [
                names[items[k]] if not cols[k] else names[items[k]] + ":" + colors[cols[k]]
                for k in range(a, b)
            ]
        )
        chunk.append(text if costs is None else f"{text} |{costs[j]}")
        if len(chunk) >= 4096:
            write("\n".join(chunk) + "\n")
            chunk.clear()
    if chunk:
        write("\n".join(chunk) + "\n")
