"""The compiled extension ``dlxc._dlxc_cffi``, loaded and checked once.

One extension holds every C unit of csrc/ (the XCC engine, and each further
engine).  Each engine's ``_cbackend`` module takes ``ffi`` and ``lib`` from
here and from nowhere else, so a stale build is caught in one place:
importing this module raises ImportError when the extension is missing or
was built for another version of dlxc.
"""

from __future__ import annotations

from ._dlxc_cffi import ffi, lib  # raises ImportError when not built
from ._version import __version__

built_version = ffi.string(lib.dlxc_version()).decode()
if built_version != __version__:
    raise ImportError(
        f"stale C extension: built for dlxc {built_version}, this is dlxc {__version__}; "
        "reinstall dlxc (pip install .)")

__all__ = ["ffi", "lib", "built_version"]
