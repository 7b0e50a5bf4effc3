"""The ``dlxc`` command's entry point: a short way for ``dlxc count FILE``.

``dlxc count FILE`` on a small file is mostly the start of a Python process:
importing click, the CLI modules and the package costs several times the
search of a 6x6 word search.  So when the command line is exactly
``dlxc count FILE`` (one file given by path, no option, the C engine,
stderr not a terminal so there is no progress bar to draw) this module
reads the file with the C reader, counts in C and prints what the full
command prints, having imported only the engine's C binding.  Everything
else, and every file the C reader leaves to the Python reader (an error or a
warning to word), goes to the full command line, ``dlxc.cli.main``, which
then does all the work itself; so output, messages and exit codes are the
command line's own (tests/xcc/test_xcc_launch.py compares the two).
"""

from __future__ import annotations

# _signal, not signal: the signal module wraps the same functions in enums,
# and importing enum (with functools and collections) costs more than this
# whole short path's own work on a small file.
import _signal  # type: ignore[import-not-found]  # CPython's C module has no stub
import os
import sys
import time


def main() -> None:
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "count" and _plain_file(args[1]):
        status = _count(args[1])
        if status is not None:
            # Done: leave without the interpreter's shutdown (freeing every
            # module and object one by one), which costs a few milliseconds
            # and has nothing to do here; the streams are flushed first.
            try:
                sys.stdout.flush()
            except BrokenPipeError:
                status = 141
            sys.stderr.flush()
            os._exit(status)
    from .cli import main as full

    sys.exit(full())


def _plain_file(arg: str) -> bool:
    return (
        not arg.startswith("-")
        and os.environ.get("DLXC_BACKEND", "c") == "c"
        and os.environ.get("DLXC_READER") != "python"
        and not _isatty(sys.stderr)
    )


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _count(path: str):
    """Count ``path`` as ``dlxc count`` does; None when the full command line
    must (the file cannot be read here, or the C engine is missing)."""
    try:
        from .base.runner import Runner, on_sigterm
        from .xcc._cbackend import read_dlx_arrays
        from .xcc.engines import make_picked_solver

        with open(path, "rb") as f:
            data = f.read()
    except (ImportError, OSError):
        return None
    arrays = read_dlx_arrays(data, views=True)
    if arrays is None:
        return None
    primary, secondary, _, start, items, colors = arrays
    del data, arrays
    t0 = time.perf_counter()
    n_primary, n_items = len(primary), len(primary) + len(secondary)
    engine, solver = make_picked_solver(
        "c", n_primary, n_items, (start, items, colors, None), None, "auto"
    )
    del start, items, colors
    # the runner every search uses: slices of 10-20 ms, so that Ctrl-C and
    # SIGTERM are seen within a few hundredths of a second
    runner = Runner(lambda: solver.stats()[1], lambda status: status == 0)
    previous = _signal.signal(_signal.SIGTERM, on_sigterm)
    try:
        runner.run(solver.run)
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM as the full command line takes it
        print(
            _summary(solver.stats(), time.perf_counter() - t0, "Interrupted after", engine),
            file=sys.stderr,
        )
        return 130
    finally:
        _signal.signal(_signal.SIGTERM, previous)
    stats = solver.stats()
    seconds = time.perf_counter() - t0
    try:
        sys.stdout.write(f"{stats[0]}\n")
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    print(_summary(stats, seconds, "Altogether", engine), file=sys.stderr)
    return 0


def _summary(stats, seconds: float, head: str, engine: str) -> str:
    """dlxc.xcc.search.Stats.summary's sentence (not imported: it costs the
    dataclasses module; the tests hold the two sentences equal)."""
    solutions, nodes, updates, cleansings = stats[:4]
    return (
        f"{head} {solutions} solution{'s' if solutions != 1 else ''}, {updates} updates, "
        f"{cleansings} cleansings, {nodes} nodes, {seconds:.3f} s (c backend, {engine} engine)."
    )
