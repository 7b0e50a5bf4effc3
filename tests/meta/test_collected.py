"""Every folder of tests is collected: none is named as a folder pytest
skips (its ``norecursedirs``: ``build``, ``dist``, ``venv``, dotted names...),
which once hid a whole folder of install tests from every run."""

from __future__ import annotations

import fnmatch
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_test_folder_is_skipped_by_pytest(pytestconfig):
    skipped = pytestconfig.getini("norecursedirs")
    folders = {p.parent for p in TESTS.rglob("test_*.py")}
    hidden = sorted(
        str(folder.relative_to(TESTS))
        for folder in folders
        for part in folder.relative_to(TESTS).parts
        if any(fnmatch.fnmatch(part, pattern) for pattern in skipped)
    )
    assert folders and not hidden, f"pytest never collects {hidden} (norecursedirs: {skipped})"
