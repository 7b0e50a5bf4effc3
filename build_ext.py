"""cffi build script: out-of-line API mode over dlxc's own C in csrc/.

dlxc has one extension, ``dlxc._dlxc_cffi``, made of several C units: each
folder ``csrc/<unit>/`` (``xcc`` the exact-cover engine, and one folder per
further engine) holds one header whose part between ``/* CDEF-BEGIN */`` and
``/* CDEF-END */`` is that unit's C interface, and the ``.c`` files that
implement it.  The cdef is those marked parts, unit by unit in sorted order,
so each header is the single statement of its interface.  Paths are anchored
on this file, never on the working directory.

A ``.c`` file whose name starts with ``_`` is not part of the cffi
extension: it is a CPython extension module of its own, written against
Python's C API, named ``dlxc.<its stem>`` (``csrc/lexicon/_lexfast.c`` is
``dlxc._lexfast``), built from its unit's folder and headers.  setup.py
builds those beside the cffi extension (``python_extensions()``), and they
are optional in the same way.  ``python build_ext.py`` builds all of them
in place.
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


def _unit_headers(unit: Path) -> list[Path]:
    """A unit's marked headers in name order, except that a header comes
    after the unit's headers it includes (their types are in its cdef:
    csrc/xcc/bits.h uses dlxc.h's dlxc_stats)."""
    marked = [h for h in sorted(unit.glob("*.h")) if _MARKED.search(h.read_text("utf-8"))]
    names = {h.name for h in marked}
    out: list[Path] = []

    def place(h: Path) -> None:
        if h in out:
            return
        for name in re.findall(r'#include "([^"]+)"', h.read_text("utf-8")):
            if name in names and name != h.name:
                place(unit / name)
        out.append(h)

    for h in marked:
        place(h)
    return out


def _headers() -> list[Path]:
    return [h for unit in _units() for h in _unit_headers(unit)]


def _cdef() -> str:
    headers = _headers()
    if not headers:
        raise RuntimeError("no header in csrc/*/ has CDEF markers")
    return "\n".join(_MARKED.search(h.read_text("utf-8")).group(1) for h in headers)


def _cffi_sources(unit: Path) -> list[Path]:
    return sorted(c for c in unit.glob("*.c") if not c.name.startswith("_"))


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
    sources=[os.path.relpath(c) for unit in _units() for c in _cffi_sources(unit)],
    include_dirs=[os.path.relpath(unit) for unit in _units()],
    define_macros=[("DLXC_PACKAGE_VERSION", f'"{_version()}"')],
    extra_compile_args=_compile_args(),
)


def python_extensions() -> list:
    """The CPython extension modules of csrc/ (the ``_*.c`` files), as
    setuptools Extensions, paths relative to where the build runs (as the
    cffi extension's)."""
    from setuptools import Extension

    return [
        Extension(
            f"dlxc.{c.stem}",
            sources=[os.path.relpath(c)],
            include_dirs=[os.path.relpath(unit)],
            depends=[os.path.relpath(h) for h in sorted(unit.glob("*.h"))],
            define_macros=[("DLXC_PACKAGE_VERSION", f'"{_version()}"')],
            extra_compile_args=_compile_args(),
        )
        for unit in _units()
        for c in sorted(unit.glob("_*.c"))
    ]


def inplace_target() -> str:
    """The name ``pip install -e .`` gives the cffi extension in dlxc/, which
    ``python build_ext.py`` gives it too: _dlxc_cffi.abi3.so (cffi's
    modules use CPython's limited API), .pyd on Windows.  Left to itself
    ffibuilder.compile() would name it _dlxc_cffi.cpython-311-<platform>.so,
    and with both files there Python loads that one, however old."""
    return "_dlxc_cffi" + (".pyd" if sys.platform == "win32" else ".abi3.so")


def remove_shadowed(built: str) -> None:
    """Delete the other builds of the extension ``built`` beside it (those
    an older build_ext.py left under the longer name): whichever of them
    comes first in importlib.machinery.EXTENSION_SUFFIXES is the one loaded,
    and the version check cannot tell a stale build from a fresh one."""
    from importlib.machinery import EXTENSION_SUFFIXES

    folder, name = os.path.split(built)
    stem = name.split(".")[0]
    for other in os.listdir(folder or "."):
        if (
            other != name
            and other.split(".")[0] == stem
            and any(other.endswith(suffix) for suffix in EXTENSION_SUFFIXES)
        ):
            os.remove(os.path.join(folder, other))


def _build_python_extensions_in_place() -> None:
    """What ``pip install -e .`` does for them: dlxc/<name>*.so in place."""
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    os.chdir(HERE)
    dist = Distribution({"name": "dlxc", "ext_modules": python_extensions()})
    cmd = build_ext(dist)
    cmd.inplace = True
    cmd.ensure_finalized()
    cmd.run()


if __name__ == "__main__":
    remove_shadowed(ffibuilder.compile(verbose=True, target=inplace_target()))
    _build_python_extensions_in_place()
