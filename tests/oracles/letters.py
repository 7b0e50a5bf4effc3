"""The case rule of docs/reference/formats.md ("Letters and case"), written
from the page for the tests: NFC, then each code point case-folded where
that gives one code point, else lower-cased where that does, else kept."""

from __future__ import annotations

import unicodedata


def _one(options, ch):
    for mapped in options:
        if len(mapped) == 1:
            return mapped
    return ch


def folded(word: str) -> str:
    return "".join(
        _one((ch.casefold(), ch.lower()), ch) for ch in unicodedata.normalize("NFC", word)
    )


def uppered(word: str) -> str:
    return "".join(_one((ch.upper(),), ch) for ch in word)
