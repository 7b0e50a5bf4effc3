"""Scrabble editions as data: the board, tiles and rules of each game dlxc
knows by name, one JSON file each in dlxc/models/editionfiles/.

An edition file is a rules file (see dlxc.models.scrabble) with a name, a
title and its sources::

    {"name": "super", "title": "...", "sources": ["..."],
     "premiums": [...], "values": {...}, "counts": {...},
     "rack_size": 7, "bingo_bonus": 50,
     "multi": {"ch": "ĉ"}}                    optional: multi-letter tiles

``multi`` names the tiles that carry more than one letter (Spanish CH, LL,
RR) and the one lexicon letter that stands for each: dlxc's lexicons have
one code point per letter (dlxc.lexicon.alphabet), so a word list for such
an edition writes each of these tiles as its letter (CHORRO as ĉořo), the
way macondo's and Quackle's Spanish lexicons write them as 1, 2 and 3.
Values and counts may name the tile either way.

``names()`` lists the editions, ``spec(name)`` reads one (a dict, checked
by ``Rules``), ``path(name)`` gives its file.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..base.errors import BoardError

_DIR = Path(__file__).resolve().parent / "editionfiles"


def names() -> list[str]:
    """The editions dlxc ships, by name."""
    return sorted(p.stem for p in _DIR.glob("*.json"))


def path(name: str) -> Path:
    """The data file of edition ``name`` (BoardError when there is none)."""
    key = name.strip().lower() if isinstance(name, str) else name
    if not isinstance(key, str) or key not in names():
        raise BoardError(f"no edition {name!r}; the editions are {', '.join(names())}")
    return _DIR / f"{key}.json"


def spec(name: str) -> dict:
    """Edition ``name`` as the JSON object of its file."""
    file = path(name)
    data = json.loads(file.read_text(encoding="utf-8"))
    if not isinstance(data, dict):  # a broken install, not a user's error
        raise BoardError(f"{file}: an edition file must hold a JSON object")
    return data
