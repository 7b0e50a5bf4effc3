"""The lexicon file: a DAWG and a GADDAG in one binary file.

Layout (every integer little-endian, unsigned 32-bit)::

    offset  field
    0       magic            b"DLXCLEX\\0"
    8       version          1
    12      flags            0 (reserved)
    16      words            number of words
    20      max_len          letters in the longest word
    24      letters          N, the alphabet's size (codes 1..N, separator N+1)
    28      alphabet_bytes   length of the alphabet's UTF-8 text
    32      dawg_nodes       nodes of the DAWG
    36      gaddag_nodes     nodes of the GADDAG (0: none)
    40      dawg_crc         CRC-32 of the DAWG's bytes
    44      gaddag_crc       CRC-32 of the GADDAG's bytes
    48      header_crc       CRC-32 of bytes 0..48 and the alphabet's text
    52      reserved         0
    56      the alphabet: its N letters in code order as UTF-8, then zero
            bytes up to a multiple of 4
    ...     the DAWG: dawg_nodes 32-bit nodes (the layout of csrc/lexicon/lexicon.h)
    ...     the GADDAG: gaddag_nodes 32-bit nodes

and nothing after.  A file is read in one call and trusted only after every
count, the checksums and every node's offset have been checked (the node
check is ``validate`` of the engine), so a truncated or corrupted file is a
``LexiconError`` that says what is wrong, never a crash.
"""

from __future__ import annotations

import os
import struct
import sys
import zlib
from array import array
from dataclasses import dataclass
from typing import Optional

from ..base.errors import LexiconError
from ..base.files import read_bytes
from .alphabet import Alphabet

MAGIC = b"DLXCLEX\x00"
VERSION = 1
_HEADER = struct.Struct("<8s12I")
HEADER_BYTES = _HEADER.size  # 56


@dataclass
class LexiconData:
    """What a lexicon file holds, checked except for the node arrays'
    structure (the backend validates those)."""

    alphabet: Alphabet
    dawg: array  # array('I')
    gaddag: array  # array('I'), empty when there is none
    words: int
    max_len: int


def nodes_from_bytes(data: bytes | memoryview) -> array:
    nodes = array("I")
    nodes.frombytes(bytes(data))
    if sys.byteorder == "big":
        nodes.byteswap()
    return nodes


def nodes_to_bytes(nodes: array) -> bytes:
    if sys.byteorder == "big":
        nodes = array("I", nodes)
        nodes.byteswap()
    return nodes.tobytes()


def dumps(data: LexiconData) -> bytes:
    alpha = data.alphabet.to_text().encode("utf-8")
    padded = alpha + b"\0" * (-len(alpha) % 4)
    dawg, gaddag = nodes_to_bytes(data.dawg), nodes_to_bytes(data.gaddag)
    fields = [
        VERSION,
        0,
        data.words,
        data.max_len,
        len(data.alphabet),
        len(alpha),
        len(data.dawg),
        len(data.gaddag),
        zlib.crc32(dawg),
        zlib.crc32(gaddag),
    ]
    head = struct.pack("<8s10I", MAGIC, *fields)
    header_crc = zlib.crc32(alpha, zlib.crc32(head))
    return head + struct.pack("<2I", header_crc, 0) + padded + dawg + gaddag


def save(path: os.PathLike[str] | str, data: LexiconData) -> None:
    blob = dumps(data)
    try:
        with open(path, "wb") as f:
            f.write(blob)
    except OSError as exc:
        raise LexiconError(
            f"{os.fspath(path)}: cannot write the lexicon ({exc.strerror})"
        ) from None


def is_lexicon_file(head: bytes) -> bool:
    return head.startswith(MAGIC)


def loads(blob: bytes, name: str = "<bytes>") -> LexiconData:
    """The lexicon in ``blob``; LexiconError (naming ``name``) when it is
    not a whole, intact lexicon file."""

    def bad(why: str) -> LexiconError:
        return LexiconError(f"{name}: not a usable lexicon file: {why}")

    if len(blob) < HEADER_BYTES:
        if MAGIC.startswith(blob[:8]) or blob.startswith(MAGIC):
            raise bad(f"truncated ({len(blob)} bytes, the header alone takes {HEADER_BYTES})")
        raise bad("no lexicon magic number")
    (
        magic,
        version,
        flags,
        words,
        max_len,
        letters,
        alpha_len,
        n_dawg,
        n_gaddag,
        dawg_crc,
        gaddag_crc,
        header_crc,
        reserved,
    ) = _HEADER.unpack_from(blob)
    if magic != MAGIC:
        raise bad("no lexicon magic number")
    if version != VERSION:
        raise bad(f"format version {version}; this dlxc reads version {VERSION}")
    alpha_end = HEADER_BYTES + alpha_len
    if alpha_end > len(blob):
        raise bad(f"truncated ({len(blob)} bytes) or a corrupted header")
    alpha = blob[HEADER_BYTES:alpha_end]
    if zlib.crc32(alpha, zlib.crc32(blob[:48])) != header_crc:
        raise bad("the header's checksum does not match (corrupted header or alphabet)")
    if flags or reserved:
        raise bad("unknown flags")
    start = alpha_end + (-alpha_len % 4)
    expected = start + 4 * (n_dawg + n_gaddag)
    if len(blob) != expected:
        raise bad(
            f"{len(blob)} bytes where the header announces {expected}"
            + (" (truncated)" if len(blob) < expected else " (trailing bytes)")
        )
    try:
        alphabet = Alphabet(alpha.decode("utf-8"))
    except (UnicodeDecodeError, LexiconError) as exc:
        raise bad(f"bad alphabet ({exc})") from None
    if len(alphabet) != letters:
        raise bad("the alphabet's size does not match the header")
    if n_dawg < 2 or words < 1 or max_len < 1:
        raise bad("an empty DAWG")
    dawg_bytes = blob[start : start + 4 * n_dawg]
    gaddag_bytes = blob[start + 4 * n_dawg : expected]
    if zlib.crc32(dawg_bytes) != dawg_crc:
        raise bad("the DAWG's checksum does not match (corrupted nodes)")
    if zlib.crc32(gaddag_bytes) != gaddag_crc:
        raise bad("the GADDAG's checksum does not match (corrupted nodes)")
    return LexiconData(
        alphabet, nodes_from_bytes(dawg_bytes), nodes_from_bytes(gaddag_bytes), words, max_len
    )


def load(path: os.PathLike[str] | str) -> LexiconData:
    name, blob = read_bytes(path, "lexicon", LexiconError)
    return loads(blob, name)


def sniff(path: os.PathLike[str] | str) -> Optional[bool]:
    """True when ``path`` starts with the lexicon magic number, False when
    it does not (a word list, presumably)."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as f:
            return is_lexicon_file(f.read(len(MAGIC)))
    except OSError as exc:
        raise LexiconError(f"{name}: cannot read the lexicon ({exc.strerror})") from None
