"""The compiled extension ``dlxc._dlxc_cffi``, loaded and checked once.

One extension holds every C unit of csrc/ (the XCC engine, and each further
engine).  Each engine's ``_cbackend`` module takes ``ffi`` and ``lib`` from
here and from nowhere else, so a stale build is caught in one place:
importing this module raises ImportError when the extension is missing or
was built for another version of dlxc, and the error says what to do.
"""

from __future__ import annotations

from .._version import __version__

TYPE_CHECKING = False  # typing is not imported: `dlxc count FILE` runs through here
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping


def missing_reason(package_dir) -> str:
    """Why ``dlxc._dlxc_cffi`` is not there, and what to do about it
    (``package_dir``: the package's folder, a pathlib.Path).

    Python run from the root of a source checkout imports the checkout's
    ``dlxc/`` (the current directory comes first on ``sys.path``), which
    holds no compiled extension unless it was built in place, even when an
    installed dlxc has one.  Otherwise dlxc was installed without it, most
    likely because no C compiler worked at install time."""
    root = package_dir.parent
    if (root / "build_ext.py").is_file() and (root / "csrc").is_dir():
        return (
            f"you are importing dlxc from {package_dir}, a source checkout in which "
            f"the C extension was never compiled; run `pip install -e .` in {root} "
            "(or `python build_ext.py` there) to build it in place (it needs a C "
            "compiler; `pip install -v -e .` says why a build failed), or run Python "
            "from another directory to use the installed dlxc"
        )
    return (
        f"dlxc in {package_dir} was installed without its C extension, most likely "
        "because no C compiler worked when it was built (`pip install -v` shows why); "
        "install a C compiler and reinstall dlxc (pip install --force-reinstall "
        "--no-cache-dir ...)"
    )


try:
    from .._dlxc_cffi import ffi, lib
except ModuleNotFoundError as exc:
    if exc.name != __name__.split(".")[0] + "._dlxc_cffi":
        raise  # something the extension needs (cffi's backend) is missing
    from pathlib import Path  # only here: pathlib costs a start-up a few ms

    raise ImportError(
        missing_reason(Path(__file__).resolve().parent.parent), name=exc.name
    ) from None

built_version = ffi.string(lib.dlxc_version()).decode()
if built_version != __version__:
    raise ImportError(
        f"stale C extension: built for dlxc {built_version}, this is dlxc {__version__}; "
        "reinstall dlxc (pip install .)"
    )


def int32_array(values):
    """A cffi ``int32_t[]`` over a sequence of ints, for the engines' C
    calls: a view without a copy of an ``array('i')`` (or any buffer of
    int32), else a new C array holding the values."""
    try:
        return ffi.from_buffer("int32_t[]", values)
    except TypeError:
        return ffi.new("int32_t[]", list(values))


class StatusTable:
    """How one engine's C status codes become Python exceptions.

    Every engine's C functions return a status: zero or more is success (a
    count, a flag), below zero an error whose text the engine's own
    ``*_strerror`` gives.  ``enomem`` becomes MemoryError; a code listed in
    ``errors`` becomes that class; any other becomes ``error``, or
    SolverError when ``error`` is None (dlxc.base.errors is then imported
    only when an error happens: `dlxc count FILE` on a small file would pay
    for it).  ``prefix`` starts every message (MemoryError's is "dlxc: "
    when it is empty); a code listed in ``names`` sets the exception's
    ``status`` attribute to that name."""

    __slots__ = ("strerror", "enomem", "prefix", "error", "errors", "names")

    def __init__(
        self,
        strerror: Callable[[int], object],
        enomem: int,
        prefix: str = "",
        error: type[Exception] | None = None,
        errors: Mapping[int, type[Exception]] | None = None,
        names: Mapping[int, str] | None = None,
    ) -> None:
        self.strerror = strerror
        self.enomem = enomem
        self.prefix = prefix
        self.error = error
        self.errors = errors or {}
        self.names = names or {}


def check_status(code: int, table: StatusTable) -> int:
    """``code`` when it is a success, else the exception ``table`` maps it
    to, raised: the single choke point from C status codes to exceptions,
    shared by every engine's ``_cbackend``."""
    if code >= 0:
        return code
    text = ffi.string(table.strerror(code)).decode()
    if code == table.enomem:
        raise MemoryError((table.prefix or "dlxc: ") + text)
    cls = table.errors.get(code, table.error)
    if cls is None:
        from .errors import SolverError

        cls = SolverError
    err = cls(table.prefix + text)
    if table.names:
        err.status = table.names.get(code, "E?")  # type: ignore[attr-defined]
    raise err


__all__ = [
    "ffi",
    "lib",
    "built_version",
    "missing_reason",
    "int32_array",
    "StatusTable",
    "check_status",
]
