"""cffi build script: out-of-line API mode over dlxc's own C in csrc/.

The cdef is the part of csrc/dlxc.h between its CDEF markers, so the header
is the single statement of the C interface.  Paths are anchored on this
file, never on the working directory.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent
CSRC = HERE / "csrc"


def _version() -> str:
    text = (HERE / "dlxc" / "_version.py").read_text(encoding="utf-8")
    match = re.search(r'__version__\s*=\s*"([^"]+)"', text)
    if not match:
        raise RuntimeError("dlxc/_version.py has no __version__")
    return match.group(1)


def _cdef() -> str:
    header = (CSRC / "dlxc.h").read_text(encoding="utf-8")
    match = re.search(r"/\* CDEF-BEGIN \*/(.*)/\* CDEF-END \*/", header, re.S)
    if not match:
        raise RuntimeError("csrc/dlxc.h has no CDEF markers")
    return match.group(1)


def _compile_args() -> list[str]:
    if sys.platform == "win32":
        return ["/O2"]
    return ["-O3", "-std=c99", "-Wall", "-Wextra"]


ffibuilder = FFI()
ffibuilder.cdef(_cdef())
ffibuilder.set_source(
    "dlxc._dlxc_cffi",
    '#include "dlxc.h"',
    # setuptools wants source paths relative to where the build runs
    sources=[os.path.relpath(CSRC / "dlxc.c")],
    include_dirs=[os.path.relpath(CSRC)],
    define_macros=[("DLXC_PACKAGE_VERSION", '"%s"' % _version())],
    extra_compile_args=_compile_args(),
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
