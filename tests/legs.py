"""The backend legs of a test: C (skipped with the import error when the
extension is missing) and the pure-Python mirror.

``BACKENDS`` is what conftest's ``backend`` fixture runs over.  A test whose
mirror leg costs seconds while its C leg costs milliseconds (the mirror is
about 50 times slower) takes ``MIRROR_SLOW`` instead, with
``@pytest.mark.parametrize("backend", MIRROR_SLOW)``: the C leg runs in
the default run, the mirror's with the slow tests, which CI runs in a step
of its own.
"""

from __future__ import annotations

import pytest

from dlxc.base.backends import c_import_error

C_UNAVAILABLE = c_import_error() is not None


def c_skip_reason() -> str:
    return f"C backend unavailable: {c_import_error()!r}"


C_LEG = pytest.param("c", marks=pytest.mark.skipif(C_UNAVAILABLE, reason=c_skip_reason()))
BACKENDS = [C_LEG, pytest.param("python")]
MIRROR_SLOW = [C_LEG, pytest.param("python", marks=pytest.mark.slow)]
