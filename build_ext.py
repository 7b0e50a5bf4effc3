"""cffi build script: out-of-line API mode over dlxc's own C in csrc/.

dlxc has one extension, ``dlxc._dlxc_cffi``, made of several C units: each
folder ``csrc/<unit>/`` (``xcc`` the exact-cover engine, and one folder per
further engine) holds one header whose part between ``/* CDEF-BEGIN */`` and
``/* CDEF-END */`` is that unit's C interface, and the ``.c`` files that
implement it.  The cdef is those marked parts, unit by unit in sorted order,
so each header is the single statement of its interface.  Paths are anchored
on this file, never on the working directory.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent
CSRC = HERE / "csrc"
_MARKED = re.compile(r"/\* CDEF-BEGIN \*/(.*)/\* CDEF-END \*/", re.S)


def _version() -> str:
    text = (HERE / "dlxc" / "_version.py").read_text(encoding="utf-8")
    match = re.search(r'__version__\s*=\s*"([^"]+)"', text)
    if not match:
        raise RuntimeError("dlxc/_version.py has no __version__")
    return match.group(1)


def _units() -> list[Path]:
    """The unit folders, xcc first (the others may use its types)."""
    units = sorted(p for p in CSRC.iterdir() if p.is_dir() and any(p.glob("*.h")))
    return sorted(units, key=lambda p: p.name != "xcc")


def _headers() -> list[Path]:
    return [h for unit in _units() for h in sorted(unit.glob("*.h")) if _MARKED.search(h.read_text("utf-8"))]


def _cdef() -> str:
    headers = _headers()
    if not headers:
        raise RuntimeError("no header in csrc/*/ has CDEF markers")
    return "\n".join(_MARKED.search(h.read_text("utf-8")).group(1) for h in headers)


def _compile_args() -> list[str]:
    if sys.platform == "win32":
        return ["/O2"]
    return ["-O3", "-std=c99", "-Wall", "-Wextra"]


ffibuilder = FFI()
ffibuilder.cdef(_cdef())
ffibuilder.set_source(
    "dlxc._dlxc_cffi",
    "\n".join(f'#include "{h.name}"' for h in _headers()),
    # setuptools wants source paths relative to where the build runs
    sources=[os.path.relpath(c) for unit in _units() for c in sorted(unit.glob("*.c"))],
    include_dirs=[os.path.relpath(unit) for unit in _units()],
    define_macros=[("DLXC_PACKAGE_VERSION", '"%s"' % _version())],
    extra_compile_args=_compile_args(),
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
