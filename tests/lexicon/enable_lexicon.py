"""ENABLE built once per test session on the C engine (several test files
use it; building takes a few seconds)."""

from __future__ import annotations

import functools

from oracles.lexicon import enable_words

from dlxc.lexicon import Lexicon


@functools.cache
def enable_lexicon() -> Lexicon:
    return Lexicon.from_words(enable_words(), backend="c")
