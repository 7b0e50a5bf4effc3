"""setuptools needs this shim for cffi_modules and the CPython extension
modules of csrc/ (build_ext.python_extensions); everything else is in
pyproject.toml.

The C extensions are optional: without a working C compiler the build says
why, once, and installs dlxc without it, and dlxc runs on its pure-Python
engine (``dlxc.active_backend()`` says ``python``).  Set DLXC_REQUIRE_C=1 to
make a failed compile fail the install instead (CI does, through its tests).
"""

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

_BANNER = "=" * 72


sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_ext import python_extensions  # noqa: E402  (this folder's build_ext.py)


class optional_build_ext(build_ext):
    """build_ext that installs dlxc without its C extensions when they
    cannot be compiled (cffi's build_ext, which writes the C source first,
    subclasses this one).  One warning, naming every extension that failed."""

    def run(self):
        self._failed = []
        try:
            super().run()
        except (CCompilerError, ExecError, PlatformError, OSError) as exc:
            self._skip(exc)
        if self._failed:
            self._warn()

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except (CCompilerError, ExecError, PlatformError, OSError) as exc:
            self._skip(exc, ext.name)

    def _skip(self, exc, name=None):
        if os.environ.get("DLXC_REQUIRE_C", "") not in ("", "0"):
            raise exc
        self._failed.append((name, exc))

    def _warn(self):
        names = ", ".join(name for name, _ in self._failed if name)
        exc = self._failed[0][1]
        compiler = os.environ.get("CC", "the C compiler")
        sys.stderr.write(
            f"\n{_BANNER}\nWARNING: dlxc's C extension could not be built "
            f"({names + ': ' if names else ''}{exc}).\n"
            f"dlxc installs without it and runs on its pure-Python engine, which is\n"
            f"about 50 times slower. To get the C engine, make {compiler} work (or\n"
            f"install a C compiler such as gcc, or point CC at one) and reinstall\n"
            f"dlxc. DLXC_REQUIRE_C=1 makes this a build error instead.\n{_BANNER}\n\n"
        )


setup(
    cffi_modules=["build_ext.py:ffibuilder"],
    ext_modules=python_extensions(),
    cmdclass={"build_ext": optional_build_ext},
)
