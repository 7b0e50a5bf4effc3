"""The lexicon: a word list as a minimal DAWG and a GADDAG, and word queries.

``Lexicon.from_words(words)`` or ``Lexicon.from_file(path)`` builds one (a
path may be a word list, one word a line, or a lexicon file written by
``save``); then ``"word" in lex``, ``lex.contains_many(words)``,
``lex.prefix("un")``, ``lex.match("c.t*")``, ``lex.anagrams("retains?")``
and ``lex.containing("q.z")``.  Queries are lazy: iterate for words, or call
``.batches()`` for lists of words as the engine hands them over, or
``list()``.

Two engines do the work, the C core (csrc/lexicon/) and its pure-Python
mirror (mirror.py), with byte-identical node arrays and the same answers in
the same order; ``backend="c"`` or ``"python"`` picks one, the default is C
when it was built.  The two have one shape (``build_dawg``, ``build_gaddag``,
a ``Lex`` handle with the membership calls and the three queries, a ``Gen``
that runs, sorts and lists moves as tuples), so ``_engine`` is the only
place here that asks which backend runs.
"""

from __future__ import annotations

import os
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Optional

from ..base.backends import c_import_error, resolve
from ..base.closing import Closing
from ..base.errors import BoardError, LexiconError
from ..base.files import Skips, lines_of, not_letters
from ..base.letters import fold
from ..base.runner import waiting
from ..base.wordlist import WordList, entries, read_list, read_list_bytes
from . import fileformat, mirror
from .alphabet import Alphabet, normalize
from .contract import LexiconEngine
from .mirror import GenDeadline

try:
    from . import _cbackend
except ImportError:  # not built, or stale: dlxc.base.backends says why
    _cbackend = None  # type: ignore[assignment]

MAX_LEN = mirror.MAX_LEN
MAX_SIDE = mirror.MAX_SIDE  # a board's rows or columns, both engines

__all__ = [
    "Lexicon",
    "Query",
    "Alphabet",
    "LexiconError",
    "MoveGenerator",
    "GenDeadline",
    "resolve_backend",
    "c_import_error",
    "read_word_list",
    "read_word_list_with_tiles",
    "MAX_LEN",
    "MAX_SIDE",
    "MAX_SCORE",
    "MAX_VALUE",
    "score_bound",
    "check_score_range",
]


def resolve_backend(name: Optional[str]) -> str:
    """``name`` checked, or the default: C when built, else the mirror (the
    choice every engine shares, ``dlxc.base.backends.resolve``)."""
    return resolve(name)


def _engine(backend: str) -> LexiconEngine:
    """The engine of ``backend``: the module ``_cbackend`` (C) or ``mirror``
    (Python), which have the same functions and classes of the same shape
    (``build_dawg``, ``build_gaddag``, ``Lex``, ``Gen``: the contract of
    contract.py).  The only place
    where the lexicon asks which backend runs."""
    return _cbackend if backend == "c" else mirror


def _fail_where(exc: LexiconError, where: str) -> LexiconError:
    return LexiconError(f"{where}: {exc}")


# ==== word lists =============================================================


def read_word_list_with_tiles(
    path: os.PathLike[str] | str, tiles: dict[str, str], *, strict: bool = False
) -> WordList:
    """``read_word_list`` for an edition with multi-letter tiles: ``tiles``
    maps each tile's name to the one letter that stands for it (``{"ch":
    "ĉ"}``), and a word may write such a tile as its name in brackets,
    ``[CH]ORRO``, as MAGPIE's word lists do.  An unknown name or a ``[``
    without ``]`` is an error naming the line."""
    name, lines = read_list(path, LexiconError)
    return _collect(
        (_with_tiles(text, f"{name}:{i}", tiles) for i, text in entries(lines)),
        name,
        Skips(name, LexiconError, strict),
    )


def _with_tiles(line: str, where: str, tiles: dict[str, str]) -> tuple[str, str]:
    """``line`` with each ``[NAME]`` of ``tiles`` written as its letter."""
    if "[" not in line:
        return line, where
    out = []
    i = 0
    while i < len(line):
        if line[i] != "[":
            out.append(line[i])
            i += 1
            continue
        end = line.find("]", i)
        if end < 0:
            raise LexiconError(f"{where}: {line.strip()!r}: '[' without ']'")
        letter = tiles.get(fold(line[i + 1 : end]))
        if letter is None:
            known = " ".join(f"[{n.upper()}]" for n in tiles)
            raise LexiconError(
                f"{where}: {line[i : end + 1]!r} is not a multi-letter tile (the tiles are {known})"
            )
        out.append(letter)
        i = end + 1
    return "".join(out), where


def _collect(
    entries: Iterable[tuple[str, str]], name: str, skips: Optional[Skips] = None
) -> WordList:
    """Normalize (entry, where) pairs; a word longer than MAX_LEN letters
    is an error naming where it is.  ``skips`` (a file's lines, ``where``
    ending in the line number) counts the entries that are not words and
    notes them, or makes the first an error, as dlxc.base.files.Skips says."""
    seen: set[str] = set()
    words: list[str] = []
    skipped = duplicates = n = 0
    for entry, where in entries:
        n += 1
        word: Optional[str]
        if isinstance(entry, str) and entry.isascii():  # the common case, quickly
            word = entry.strip().lower()
            if not word.isalpha():
                word = None
        else:
            word = normalize(entry) if isinstance(entry, str) else None
        if word is None:
            skipped += 1
            if skips is not None and isinstance(entry, str):
                why = not_letters(entry.strip()) or "is not a word"
                skips.skip(int(where.rsplit(":", 1)[1]), entry.strip(), why)
            continue
        if len(word) > MAX_LEN:
            raise LexiconError(
                f"{where}: {entry!r} has {len(word)} letters; the node format "
                f"takes words of at most {MAX_LEN}"
            )
        if word in seen:
            duplicates += 1
            continue
        seen.add(word)
        words.append(word)
    if skips is not None:
        skips.note()
    if n == 0:
        raise LexiconError(f"{name}: no words (the list is empty)")
    if not words:
        raise LexiconError(
            f"{name}: no usable word: all {n} entries were skipped "
            "(an entry must be purely letters)"
        )
    return WordList(words, skipped=skipped, repeats=duplicates, entries=n, source=name)


def read_word_list(path: os.PathLike[str] | str, *, strict: bool = False) -> WordList:
    """The words of a file, one per line (blank lines and ``#`` lines
    ignored; dlxc.base.files.read_lines says what a line is, ``Skips`` what
    becomes of a line that is not a word, ``strict`` making it an error)."""
    name, blob = read_list_bytes(path, LexiconError)
    return _word_list_of(name, blob, strict)


def _word_list_of(name: str, blob: bytes, strict: bool) -> WordList:
    """read_word_list of the bytes ``blob`` read from ``name``."""
    lines = lines_of(blob, name, LexiconError)
    return _collect(
        ((text, f"{name}:{i}") for i, text in entries(lines)),
        name,
        Skips(name, LexiconError, strict),
    )


# ==== queries ================================================================


class Query:
    """The answers of one query, produced lazily by the engine.  Iterate for
    words; ``batches()`` gives lists of words as the engine fills its buffer.
    A query can be walked once."""

    def __init__(self, lexicon: Lexicon, cursor, sort: bool = False) -> None:
        self._lexicon = lexicon
        self._cursor = cursor
        self._sort = sort

    def batches(self) -> Iterator[list[str]]:
        if self._cursor is None:
            return
        decode = self._lexicon._decode_many
        if self._sort:  # an order the engine does not give: collect, then sort
            words: list[str] = []
            for raw in iter(self._next_raw, None):
                words.extend(decode(raw))
            self._cursor = None
            if words:
                yield sorted(words, key=self._lexicon.sort_key)
            return
        for raw in iter(self._next_raw, None):
            yield decode(raw)
        self._cursor = None

    def _next_raw(self):
        self._lexicon._check_open()
        got = self._cursor.next_words(4096)
        return got if got else None

    def __iter__(self) -> Iterator[str]:
        for batch in self.batches():
            yield from batch

    def list(self) -> list[str]:
        return list(self)


# ==== the lexicon ============================================================


class _PyMembership:
    """The membership calls in Python, for when dlxc._lexfast was not built:
    the methods of its C type ``Membership`` (csrc/lexicon/_lexfast.c), each
    answering as the C type does when no engine is attached."""

    def __contains__(self, word: object) -> bool:
        return self._contains_py(word)  # type: ignore[attr-defined]

    def _contains_list(self, words: list, as_bytes: bool) -> None:
        return None

    def _attach_engine(self, address: int, owner: object) -> None:
        pass

    def _detach_engine(self) -> None:
        pass


# `w in lex` on the C engine: the C type's membership slot, which Lexicon
# inherits (it defines no __contains__), so no Python frame runs
_Membership = (
    _cbackend.Membership
    if _cbackend is not None and _cbackend.Membership is not None
    else _PyMembership
)


class Lexicon(_Membership, Closing):  # type: ignore[valid-type,misc]
    """A word list as a minimal DAWG (and a GADDAG) on one of the engines."""

    def __init__(
        self,
        data: fileformat.LexiconData,
        backend: Optional[str] = None,
        skipped: int = 0,
        *,
        checked: bool = True,
    ) -> None:
        """A lexicon of ``data``'s arrays, validated unless ``checked`` is
        False (arrays a builder of dlxc has just made)."""
        self.backend = resolve_backend(backend)
        self.alphabet = data.alphabet
        self.dawg = data.dawg
        self.gaddag = data.gaddag if len(data.gaddag) else None
        self.words = data.words
        self.max_len = data.max_len
        self.skipped = skipped
        self.build_seconds: Optional[float] = None
        self.load_seconds: Optional[float] = None
        n = len(self.alphabet)
        self._ascii = self.alphabet.ascii_table()
        self._decode_table = self.alphabet.decode_table()
        self._lex = _engine(self.backend).Lex(self.dawg, self.gaddag, n, self._ascii, checked)
        self._has_ascii: Callable[[bytes, int], int] = self._lex.contains_ascii
        address = self._lex.engine_address()  # None: no C handle to walk
        if address is not None:
            self._attach_engine(*address)
        self._closed = False

    # -- making one -------------------------------------------------------
    @classmethod
    def from_words(
        cls,
        words: Iterable[str],
        *,
        backend: Optional[str] = None,
        gaddag: bool = True,
        name: str = "<words>",
    ) -> Lexicon:
        """The lexicon of ``words``: each entry normalized (NFC, case-folded);
        entries that are not purely letters are skipped and counted in
        ``skipped``, repeats are dropped."""
        wl = _collect(((w, f"{name}: word {i}") for i, w in enumerate(words, 1)), name)
        return cls._build(wl, backend, gaddag, name)

    @classmethod
    def from_word_list(
        cls,
        wl: WordList,
        *,
        backend: Optional[str] = None,
        gaddag: bool = True,
        name: str = "<words>",
    ) -> Lexicon:
        """The lexicon of a list read already (``read_word_list``), its
        words taken as they are."""
        if not wl.words:
            raise LexiconError(f"{name}: no words left to build a lexicon of")
        return cls._build(wl, backend, gaddag, name)

    @classmethod
    def from_word_file(
        cls,
        path: os.PathLike[str] | str,
        *,
        backend: Optional[str] = None,
        gaddag: bool = True,
        strict: bool = False,
    ) -> Lexicon:
        """The lexicon of a word list file, one word a line (read_word_list
        says what a line may be).  On the C engine a list of plain ASCII
        words is read, checked, folded, sorted and built in one call, from
        its bytes; any other list is read in Python first."""
        return cls.from_word_file_keeping(
            path, None, backend=backend, gaddag=gaddag, strict=strict
        )[0]

    @classmethod
    def from_word_file_keeping(
        cls,
        path: os.PathLike[str] | str,
        letters: Optional[Iterable[str]],
        *,
        backend: Optional[str] = None,
        gaddag: bool = True,
        strict: bool = False,
    ) -> tuple[Lexicon, list[str]]:
        """(the lexicon of a word list file's words whose letters are all
        in ``letters`` (all its words when None), the words left out):
        ``from_word_file`` with ``read_word_list(...).keeping(letters)``,
        which ``moves`` and ``autoplay`` use to leave out the words a set of
        tiles cannot spell."""
        backend = resolve_backend(backend)
        start = time.perf_counter()
        name, blob = read_list_bytes(path, LexiconError)
        built = waiting(_engine(backend).build_text, blob, gaddag)
        if built is not None and (letters is None or set(built[0]).issubset(letters)):
            alphabet, dawg, gad, words, longest = built
            data = fileformat.LexiconData(Alphabet(alphabet), dawg, gad, words, longest)
            lex = cls(data, backend, checked=False)
            lex.build_seconds = time.perf_counter() - start
            return lex, []
        wl = _word_list_of(name, blob, strict)
        dropped: list[str] = []
        if letters is not None:
            wl, dropped = wl.keeping(letters)
            if not wl.words:
                raise LexiconError(f"{os.fspath(path)}: no words left to build a lexicon of")
        return cls._build(wl, backend, gaddag, os.fspath(path)), dropped

    @classmethod
    def _build(cls, wl: WordList, backend: Optional[str], gaddag: bool, name: str) -> Lexicon:
        backend = resolve_backend(backend)
        alphabet = Alphabet.from_words(wl.words)
        # every word is in its own alphabet: no code string is None
        codes = sorted(c for c in map(alphabet.encode, wl.words) if c is not None)
        engine = _engine(backend)
        start = time.perf_counter()
        try:
            dawg = waiting(engine.build_dawg, codes, len(alphabet))
            gad = waiting(engine.build_gaddag, codes, len(alphabet)) if gaddag else array("I")
        except LexiconError as exc:
            raise _fail_where(exc, name) from None
        seconds = time.perf_counter() - start
        data = fileformat.LexiconData(alphabet, dawg, gad, len(codes), max(map(len, codes)))
        lex = cls(data, backend, skipped=wl.skipped, checked=False)
        lex.build_seconds = seconds
        return lex

    @classmethod
    def load(cls, path: os.PathLike[str] | str, *, backend: Optional[str] = None) -> Lexicon:
        """A lexicon file written by ``save``."""
        start = time.perf_counter()
        data = fileformat.load(path)
        try:
            lex = cls(data, backend)
            # the header's figures are the file's word, not the graph's: a
            # forged count would make `lexicon info` lie and size buffers
            words, longest = _engine(lex.backend).measure(lex.dawg)
            if (words, longest) != (data.words, data.max_len):
                lex.close()
                raise LexiconError(
                    f"its header says {data.words} words of at most {data.max_len} letters, "
                    f"its graph holds {words} of at most {longest}"
                )
        except LexiconError as exc:
            raise LexiconError(f"{os.fspath(path)}: not a usable lexicon file: {exc}") from None
        lex.load_seconds = time.perf_counter() - start
        return lex

    @classmethod
    def from_file(
        cls,
        path: os.PathLike[str] | str,
        *,
        backend: Optional[str] = None,
        gaddag: bool = True,
        strict: bool = False,
    ) -> Lexicon:
        """A lexicon file, or a plain word list (told apart by the magic number)."""
        if fileformat.sniff(path):
            return cls.load(path, backend=backend)
        return cls.from_word_file(path, backend=backend, gaddag=gaddag, strict=strict)

    def save(self, path: os.PathLike[str] | str) -> None:
        fileformat.save(path, self.data())

    def data(self) -> fileformat.LexiconData:
        return fileformat.LexiconData(
            self.alphabet,
            self.dawg,
            self.gaddag if self.gaddag is not None else array("I"),
            self.words,
            self.max_len,
        )

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._has_ascii = self._raise_closed
            self._detach_engine()  # before the handle it walks is freed
            self._lex.close()

    def _raise_closed(self, *args) -> int:
        raise LexiconError("this lexicon has been closed")

    def _check_open(self) -> None:
        if self._closed:
            raise LexiconError("this lexicon has been closed")

    # -- facts --------------------------------------------------------------
    @property
    def dawg_nodes(self) -> int:
        return len(self.dawg)

    @property
    def gaddag_nodes(self) -> int:
        return len(self.gaddag) if self.gaddag is not None else 0

    @property
    def dawg_bytes(self) -> int:
        return 4 * self.dawg_nodes

    @property
    def gaddag_bytes(self) -> int:
        return 4 * self.gaddag_nodes

    def __len__(self) -> int:
        return self.words

    def __repr__(self) -> str:
        return (
            f"<Lexicon {self.words} words, {self.dawg_nodes} DAWG nodes, "
            f"{self.gaddag_nodes} GADDAG nodes, {self.backend} backend>"
        )

    def sort_key(self, word: str) -> bytes:
        """The engine's order of words (the alphabet's code order)."""
        return self.alphabet.encode(word) or b""

    # -- decoding -----------------------------------------------------------
    def _decode_many(self, words: list) -> list[str]:
        if self._decode_table is not None:
            table = self._decode_table
            return [w.translate(table).decode("ascii") for w in words]
        decode = self.alphabet.decode
        return [decode(w) for w in words]

    def _codes(self, word: str) -> Optional[bytes]:
        return self.alphabet.encode(fold(word))

    # -- membership ---------------------------------------------------------
    # ``w in lex`` is the membership slot of the base class: for a lexicon on
    # the C engine, the C type answers an ASCII str itself; for the mirror, a
    # closed lexicon and other str it calls this method (as the Python base
    # does for every word).
    def _contains_py(self, word: object) -> bool:
        # one engine call for an ASCII str (a closed lexicon's _has_ascii
        # raises)
        try:
            b = word.encode("ascii")  # type: ignore[attr-defined]
        except UnicodeEncodeError:
            return self._contains_slow(word)  # type: ignore[arg-type]
        except AttributeError:
            return False
        return self._has_ascii(b, len(b)) == 1

    def _contains_slow(self, word: str) -> bool:
        self._check_open()
        codes = self._codes(word)
        if codes is None:
            return False
        return bool(self._lex.contains_codes(codes))

    def contains_many(self, words: Iterable[str], as_bytes: bool = False):
        """``[w in self for w in words]`` in one engine call; with
        ``as_bytes`` the answers come as bytes of 1 and 0 (no list to build).
        Fastest on sorted words: each walk starts where the previous word
        parts from this one."""
        self._check_open()
        words = words if isinstance(words, list) else list(words)
        if not words:
            return b"" if as_bytes else []
        got = self._contains_list(words, as_bytes)  # the C type's answer, None on the mirror
        if got is not None:
            return got
        n = len(words)
        try:
            buf = "\n".join(words).encode("ascii")
        except (UnicodeEncodeError, TypeError):
            buf = None
        if buf is not None and buf.count(b"\n") == n - 1:  # else a word held a newline
            got = self._lex.contains_many(buf, n, True)
        if got is None:
            codes = []
            for w in words:
                c = self._codes(w) if isinstance(w, str) else None
                codes.append(c if c is not None and 0 not in c else b"\xff")
            got = self._lex.contains_many(b"\0".join(codes), n, False)
        return got if as_bytes else list(map(bool, got))

    # -- enumerations -------------------------------------------------------
    def _cursor(self, kind: str, *args):
        self._check_open()
        return getattr(self._lex, kind)(*args)

    def __iter__(self) -> Iterator[str]:
        return iter(self.match("*"))

    def prefix(self, prefix: str) -> Query:
        """Every word that starts with ``prefix`` (itself included), in order."""
        norm = normalize(prefix) if prefix else ""
        if norm is None or len(norm) > MAX_LEN:
            return Query(self, None)
        return self.match("".join(f"[{ch}]" for ch in norm) + "*")

    def match(self, pattern: str) -> Query:
        """Words matching ``pattern``: ``.`` one letter, ``*`` any run of
        letters (none too), ``[aeiou]`` one of a set, ``[^aeiou]`` one letter
        not in the set; other characters are letters.  In order."""
        tokens = parse_pattern(pattern)
        if len(tokens) > 63:
            raise LexiconError(f"pattern {pattern!r} has {len(tokens)} positions; at most 63")
        masks = [0] * 256
        star = 0
        n = len(self.alphabet)
        for i, tok in enumerate(tokens):
            if tok is None:
                star |= 1 << i
                continue
            neg, letters = tok
            codes = {self.alphabet.codes[ch] for ch in letters if ch in self.alphabet.codes}
            for c in range(1, n + 1):
                if (c in codes) != neg:
                    masks[c] |= 1 << i
        return Query(self, self._cursor("pattern", masks, star, len(tokens)))

    def anagrams(self, rack: str, sub: bool = False) -> Query:
        """Words made of the tiles of ``rack`` (``?`` a blank: any letter):
        all of them, or with ``sub=True`` any of them.  In order."""
        counts = [0] * 256
        blanks = 0
        unknown = False
        for ch in fold(rack):
            if ch == "?":
                blanks += 1
            elif ch in self.alphabet.codes:
                counts[self.alphabet.codes[ch]] += 1
            elif not ch.isspace():
                unknown = True
        if max(counts) > 255 or blanks > 255:
            raise LexiconError(f"rack {rack!r}: at most 255 tiles of one kind")
        if unknown and not sub:
            return Query(self, None)  # a tile no word can use
        return Query(self, self._cursor("anagram", counts, blanks, sub))

    def containing(self, fragment: str, at: Optional[int] = None, sort: bool = False) -> Query:
        """Words that contain ``fragment`` (letters, ``.`` for any letter),
        starting at position ``at`` (from 0) or anywhere.  The GADDAG's
        query: the walk starts at the fragment's first letter, so it costs
        about the number of answers.  GADDAG order, or sorted with ``sort``."""
        if self.gaddag is None:
            raise LexiconError("this lexicon has no GADDAG")
        text = fold(fragment)
        lead = len(text) - len(text.lstrip("."))
        body = text[lead:]
        if not body:
            raise LexiconError(f"fragment {fragment!r} has no letter")
        if len(text) > MAX_LEN:
            return Query(self, None)
        codes = []
        for ch in body:
            if ch == ".":
                codes.append(0)
            elif ch in self.alphabet.codes:
                codes.append(self.alphabet.codes[ch])
            else:
                return Query(self, None)
        if at is not None and at < 0:
            raise LexiconError(f"position {at} is negative")
        args = (bytes(codes), at + lead, 0) if at is not None else (bytes(codes), -1, lead)
        return Query(self, self._cursor("containing", *args), sort=sort)


def parse_pattern(pattern: str) -> list:
    """Tokens of a pattern: None for ``*``, (negated, letters) for the rest."""
    text = fold(pattern)
    tokens: list = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "*":
            if not tokens or tokens[-1] is not None:  # ** is *
                tokens.append(None)
        elif ch == ".":
            tokens.append((True, ""))
        elif ch == "[":
            end = text.find("]", i + 1)
            if end < 0:
                raise LexiconError(f"pattern {pattern!r}: '[' without ']'")
            inner = text[i + 1 : end]
            neg = inner.startswith("^")
            letters = inner[1:] if neg else inner
            if not letters:
                raise LexiconError(f"pattern {pattern!r}: an empty letter set")
            tokens.append((neg, letters))
            i = end
        elif ch == "]":
            raise LexiconError(f"pattern {pattern!r}: ']' without '['")
        elif ch.isspace():
            raise LexiconError(f"pattern {pattern!r}: a space (use . for any letter)")
        else:
            tokens.append((False, ch))
        i += 1
    return tokens


MAX_VALUE = 2**31 - 1  # a tile value or bingo bonus (int32 in the C engine)
MAX_SCORE = 2**63 - 1  # a move's score (int64 in the C engine)


def score_bound(rows: int, cols: int, letter_mult, word_mult, values, bingo_bonus: int) -> int:
    """An upper bound of every move's score under these rules: in each line
    (row or column), every square a new tile with the largest value (the
    main word's letters times all the line's word premiums, plus a cross
    word as long as the board for each square), plus the bingo bonus.
    Both engines compute in integers that hold MAX_SCORE; rules whose bound
    passes it are refused up front, so no score can wrap in C."""
    top = max(values, default=0)
    lm = [[letter_mult[r * cols + c] for c in range(cols)] for r in range(rows)]
    wm = [[word_mult[r * cols + c] for c in range(cols)] for r in range(rows)]
    lines = [(lm[r], wm[r], rows) for r in range(rows)]
    lines += [
        ([lm[r][c] for r in range(rows)], [wm[r][c] for r in range(rows)], cols)
        for c in range(cols)
    ]
    best = 0
    for lms, wms, across in lines:
        product = 1
        for m in wms:
            product *= max(m, 1)
        main = top * sum(lms) * product
        crosses = sum(((across - 1) * top + top * lm) * wm for lm, wm in zip(lms, wms))
        best = max(best, main + crosses)
    return best + bingo_bonus


def check_score_range(
    rows: int, cols: int, letter_mult, word_mult, values, bingo_bonus: int
) -> None:
    """Raise BoardError (a one-line reason) unless the values and bingo bonus
    are integers from 0 to MAX_VALUE and no score can pass MAX_SCORE."""
    for i, v in enumerate(values):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_VALUE:
            raise BoardError(f"tile value {v!r} (code {i}) is not an integer from 0 to {MAX_VALUE}")
    if (
        not isinstance(bingo_bonus, int)
        or isinstance(bingo_bonus, bool)
        or not 0 <= bingo_bonus <= MAX_VALUE
    ):
        raise BoardError(f"bingo bonus {bingo_bonus!r} is not an integer from 0 to {MAX_VALUE}")
    bound = score_bound(rows, cols, letter_mult, word_mult, values, bingo_bonus)
    if bound > MAX_SCORE:
        raise BoardError(
            f"these tile values and premiums allow scores up to {bound:,}, past the "
            f"largest score, 2^63 - 1"
        )


class MoveGenerator(Closing):
    """The move generator of one game's rules (arrays row by row): see
    dlxc.models.scrabble for boards, racks and rules as people write them."""

    def __init__(
        self,
        lexicon: Lexicon,
        rows: int,
        cols: int,
        letter_mult,
        word_mult,
        values,
        start: tuple[int, int],
        bingo_tiles: int,
        bingo_bonus: int,
    ) -> None:
        self.lexicon = lexicon
        if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
            raise BoardError(f"a {rows}x{cols} board: each side is 1 to {MAX_SIDE} squares")
        values = list(values)
        check_score_range(rows, cols, bytes(letter_mult), bytes(word_mult), values, bingo_bonus)
        engine = _engine(lexicon.backend)
        self._gen = engine.Gen(
            rows,
            cols,
            letter_mult,
            word_mult,
            values,
            len(lexicon.alphabet),
            start[0],
            start[1],
            bingo_tiles,
            bingo_bonus,
        )

    def set_deadline(self, deadline: Optional[float]) -> None:
        """A ``time.perf_counter()`` value after which a run of the mirror
        stops with ``GenDeadline`` (None: none).  A C run takes milliseconds
        and does not look at it."""
        if hasattr(self._gen, "deadline"):
            self._gen.deadline = deadline

    def set_stop(self, flag: Optional[list]) -> None:
        """A list whose first item, once true, stops a run of the mirror
        with ``GenDeadline`` as ``set_deadline``'s time does (None: none)."""
        if hasattr(self._gen, "stop"):
            self._gen.stop = flag

    def run(self, board: bytes, rack: bytes) -> int:
        """Find every move on ``board`` (codes, +128 a blank) for ``rack``
        (64 counts, [0] blanks); returns how many."""
        self.lexicon._check_open()
        return self._gen.run(self.lexicon._lex, board, rack)

    def best(self, board: bytes, rack: bytes, top: int) -> int:
        """Find only the ``top`` best moves (the first ``top`` of the sorted
        list of ``run``), best first; returns how many (``top`` or fewer)."""
        self.lexicon._check_open()
        if self._gen is None:
            raise LexiconError("this move generator has been closed")
        return self._gen.best(self.lexicon._lex, board, rack, top)

    def sort(self) -> None:
        self._gen.sort()

    def records(self, count: Optional[int] = None) -> Sequence[tuple]:
        """The first ``count`` moves as a sequence of the tuples of
        ``moves``, decoded one at a time when read (C) or a list (mirror)."""
        return self._gen.records(count)

    def moves(self, count: Optional[int] = None) -> list[tuple]:
        """(score, row, col, down, word, fresh) of the first ``count`` moves."""
        return self._gen.moves(count)

    def close(self) -> None:
        """Refuse later calls (``LexiconError``), from any thread at any
        time: a call of another thread that is inside the engine finishes
        first, on memory freed when it returns (``dlxc.base.guard``)."""
        self._gen.close()
