"""The shipped ENABLE list is what its notice says it is."""

from __future__ import annotations

import hashlib
import re

from oracles.lexicon import ENABLE, enable_words


def test_enable_file():
    words = enable_words()
    assert len(words) == 172823
    assert list(words) == sorted(set(words))
    assert all(re.fullmatch("[a-z]+", w) for w in words)
    assert max(map(len, words)) == 28


def test_notice_records_the_checksum():
    notice = (ENABLE.parent / "ENABLE-NOTICE.txt").read_text(encoding="utf-8")
    assert hashlib.sha256(ENABLE.read_bytes()).hexdigest() in notice
    assert "public domain" in notice
