"""The Boggle engine: a trie of words and a batched frontier-walk scorer.

``make_trie(text, backend)`` builds the trie on the C core (csrc/boggle/)
when it was built, else on the pure-Python mirror (``mirror.py``), which
gives the same totals and statistics; ``backend="c"|"python"`` names one.
Boards go in as one bytes buffer of letters 0..25 (``encode_boards``).
"""

from __future__ import annotations

from typing import Optional

from ..base.backends import resolve
from .contract import BoggleTrie
from .mirror import MirrorTrie

try:
    from ._cbackend import CTrie
except ImportError:  # not built, or stale: dlxc.base.backends says why
    CTrie = None  # type: ignore[assignment,misc]

# States a level of the frontier may hold (16 bytes a state with 32-bit
# masks, 24 with 64-bit).  Larger levels let the states of many similar
# boards pass one after another, so they share the trie nodes in cache: with
# the first trie (rows of 26 children, 40 MB) on the variations of
# perslatgsineters 65,536 ran 1.2-1.5x as fast as the depth-first walk,
# 1,024 at 0.5x (the walk of one board evicted what the next board would
# reuse); with the packed trie (3.1 MB) 2,048 to 262,144 differ by less
# than 15%, 65,536 among the fastest.  Levels are allocated as the walk
# reaches them.
FRONTIER_CAP = 65536

_TO_INDEX = bytes.maketrans(b"abcdefghijklmnopqrstuvwxyz", bytes(range(26)))
_FROM_INDEX = bytes.maketrans(bytes(range(26)), b"abcdefghijklmnopqrstuvwxyz")


def make_trie(text: bytes, backend: Optional[str] = None) -> BoggleTrie:
    """A trie (``CTrie`` or ``MirrorTrie``) of the words of ``text`` (one a
    line, in the scorer's spelling: see ``words.trie_text``)."""
    cls = CTrie if resolve(backend) == "c" else MirrorTrie
    return cls(text)


def encode_boards(boards: bytes) -> bytes:
    """Letters a..z (board after board) as the scorer's 0..25."""
    return boards.translate(_TO_INDEX)


def decode_board(board: bytes) -> bytes:
    return board.translate(_FROM_INDEX)
