"""The build itself: the C extension is there when it should be, and is current."""

from __future__ import annotations

import os

import pytest

import dlxc
from dlxc.base.backends import c_import_error


def test_c_backend_present_in_ci():
    # CI installs with a C compiler: a missing extension there is a build
    # failure, not a reason to skip half the suite.
    if not (os.environ.get("CI") or os.environ.get("DLXC_REQUIRE_C")):
        pytest.skip("only enforced in CI (CI or DLXC_REQUIRE_C set)")
    assert c_import_error() is None, f"C extension failed to import: {c_import_error()!r}"
    assert "c" in dlxc.available_backends()


def test_membership_type_present_in_ci():
    # dlxc._lexfast, the lexicon's membership type, is built beside the cffi
    # extension and must match it (version and struct layout)
    if not (os.environ.get("CI") or os.environ.get("DLXC_REQUIRE_C")):
        pytest.skip("only enforced in CI (CI or DLXC_REQUIRE_C set)")
    from dlxc.lexicon import _cbackend

    assert _cbackend.membership_error is None, _cbackend.membership_error


def test_extension_version_matches_package():
    if c_import_error() is not None:
        pytest.skip(f"C backend unavailable: {c_import_error()}")
    from dlxc.base.native import built_version

    assert built_version == dlxc.__version__


def test_python_backend_always_available():
    assert "python" in dlxc.available_backends()
