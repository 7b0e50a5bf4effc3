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

``dlxc count --jobs N FILE`` (or ``-j N``) takes the short way too, since
the full command line's imports (click and the CLI modules, then
multiprocessing) cost 0.06-0.1 s of CPU that a split count of a second or
two cannot afford if two processes are to take half its time.  Here the
split is dlxc.xcc.parallel's (the same paths, the same figures, the same
engine), with what the operating system offers at no import cost: the
workers are forked, they take the subproblems' numbers from a pipe (a
4-byte read of a pipe is atomic, so each number goes to one process) and
leave their figures in a shared anonymous mmap.  A worker that dies hands
the file to the full command line, which counts it again.

``dlxc zdd FILE`` (with at most -o OUT, -q, --count and --nodes) takes the
short way too, for the same reason: it builds the diagram in C and writes it
as the full command does (dlxc/cli/zdd.py), and hands everything else over
(a file the C reader leaves, a memory limit reached, a count past 64 bits).

``dlxc solve --best K FILE`` (with at most -q) takes the short way as well:
a minimum-cost search of a second must not pay 0.2 s of imports.  It runs
the cost engine in C and prints the K cheapest solutions, the summary and
the optimum costs as dlxc/cli/solve.py does (Ctrl-C too: the best so far,
exit 130); a file the C reader leaves goes to the full command line.

``dlxc count -q FILE`` (-q or --quiet anywhere, with or without --jobs) is
``dlxc count FILE`` without the statistics on stderr.  ``dlxc preprocess
FILE`` (with at most -o OUT and -q) reduces the problem in C and writes it
as dlxc/cli/preprocess.py does, with the same summary line
(dlxc.xcc.presummary); a problem left that Knuth's format cannot hold, or an
OUT that cannot be opened, goes to the full command line, which words it.
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
    jobs, file, quiet = _split_args(args)
    zdd = _zdd_args(args)
    best = _best_args(args)
    pre = _pre_args(args)
    if zdd is not None:
        file = zdd[0]
    elif best is not None:
        file = best[0]
    elif pre is not None:
        file = pre[0]
    if file is not None and _plain_file(file):
        if zdd is not None:
            status = _zdd(*zdd)
        elif best is not None:
            status = _best(*best)
        elif pre is not None:
            status = _preprocess(*pre)
        else:
            status = _count(file, jobs, quiet)
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
    try:
        from .cli import main as full
    except KeyboardInterrupt:  # Ctrl-C while the command line is imported
        sys.stderr.write("Interrupted.\n")
        sys.exit(130)
    sys.exit(full())


def _split_args(args: list):
    """(jobs, FILE, quiet) of ``count FILE``, ``count --jobs N FILE`` and
    the like, with or without -q/--quiet (jobs 1 without --jobs), or
    (1, None, False) for any other command line."""
    if not args or args[0] != "count":
        return 1, None, False
    rest = [a for a in args[1:] if a not in ("-q", "--quiet")]
    quiet = len(rest) < len(args) - 1
    jobs = "1"
    if len(rest) == 3:
        for i in (0, 1):
            if rest[i] in ("--jobs", "-j"):
                jobs = rest[i + 1]
                del rest[i : i + 2]
                break
    elif len(rest) == 2 and rest[0].startswith("--jobs="):
        jobs = rest.pop(0)[len("--jobs=") :]
    if len(rest) != 1 or not jobs.isdigit() or len(jobs) > 6:
        return 1, None, False
    n = int(jobs)
    if n == 0:
        try:
            n = len(os.sched_getaffinity(0))
        except AttributeError:
            return 1, None, False
    return max(1, n), rest[0], quiet


def _zdd_args(args: list):
    """(FILE, OUT, quiet, count, nodes) of ``zdd FILE`` with at most the
    options -o/--output OUT, -q/--quiet, --count and --nodes; None for any
    other command line (the full command line takes it)."""
    if not args or args[0] != "zdd":
        return None
    file, out, flags = None, "-", set()
    rest = args[1:]
    i = 0
    while i < len(rest):
        a = rest[i]
        if a in ("-o", "--output") and i + 1 < len(rest):
            out = rest[i + 1]
            i += 2
            continue
        if a.startswith("--output="):
            out = a[len("--output=") :]
        elif a in ("-q", "--quiet", "--count", "--nodes"):
            flags.add("--quiet" if a == "-q" else a)
        elif a.startswith("-") or file is not None:
            return None
        else:
            file = a
        i += 1
    if file is None or not out or out.startswith("-") and out != "-":
        return None
    return file, out, "--quiet" in flags, "--count" in flags, "--nodes" in flags


# dlxc.xcc.best.MAX_K (not imported: the module costs dataclasses; a test
# holds the two equal)
_MAX_K = 1 << 24


def _best_args(args: list):
    """(FILE, K, quiet) of ``solve --best K FILE`` with at most the option
    -q/--quiet besides (--best=K too); None for any other command line."""
    if not args or args[0] != "solve":
        return None
    file, k, quiet = None, None, False
    rest = args[1:]
    i = 0
    while i < len(rest):
        a = rest[i]
        if a == "--best" and i + 1 < len(rest) and k is None:
            k = rest[i + 1]
            i += 2
            continue
        if a.startswith("--best=") and k is None:
            k = a[len("--best=") :]
        elif a in ("-q", "--quiet"):
            quiet = True
        elif a.startswith("-") or file is not None:
            return None
        else:
            file = a
        i += 1
    if file is None or k is None or not k.isdigit() or len(k) > 9:
        return None
    n = int(k)
    if not 1 <= n <= _MAX_K:
        return None
    return file, n, quiet


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


def _read_arrays(path: str, **how):
    """The C reader's arrays of ``path`` (read_dlx_arrays(views=True,
    **how)), or None when the file cannot be read here or the C reader
    leaves it to the Python reader: the full command line then words why."""
    try:
        from .xcc._cbackend import read_dlx_arrays

        with open(path, "rb") as f:
            data = f.read()
    except (ImportError, OSError):
        return None
    return read_dlx_arrays(data, views=True, **how)


def _count(path: str, jobs: int = 1, quiet: bool = False):
    """Count ``path`` as ``dlxc count`` (``--jobs jobs``, ``--quiet`` when
    ``quiet``) does; None when the
    full command line must (the file cannot be read here, the C engine is
    missing, or a worker process died)."""
    try:
        from .base.runner import Runner, on_sigterm
        from .xcc.engines import make_picked_solver
    except ImportError:
        return None
    arrays = _read_arrays(path, bounds=True)
    if arrays is None:
        return None
    primary, secondary, _, start, items, colors, bounds = arrays
    del arrays
    if bounds is not None and jobs > 1:
        return None  # a split count of a problem with multiplicities: the full way
    t0 = time.perf_counter()
    n_primary, n_items = len(primary), len(primary) + len(secondary)
    engine, solver = make_picked_solver(
        "c", n_primary, n_items, (start, items, colors, None, bounds), None, "auto"
    )
    # the runner every search uses: slices of 10-20 ms, so that Ctrl-C and
    # SIGTERM are seen within a few hundredths of a second
    runner = Runner(lambda: solver.stats()[1], lambda status: status == 0)
    previous = _signal.signal(_signal.SIGTERM, on_sigterm)
    split = False
    try:
        # a tree that outlasts the trial is worth a split (the trial's few
        # milliseconds of work are dropped, its solver with them)
        split = jobs > 1 and not trial(solver, TRIAL)
        if not split:
            runner.run(solver.run)  # at once done after a trial that finished
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM as the full command line takes it
        print(
            _summary(solver.stats(), time.perf_counter() - t0, "Interrupted after", engine),
            file=sys.stderr,
        )
        return 130
    finally:
        _signal.signal(_signal.SIGTERM, previous)
    if split:
        return _split_count(
            solver, engine, jobs, n_primary, n_items, (start, items, colors), t0, quiet
        )
    del start, items, colors
    stats = solver.stats()
    seconds = time.perf_counter() - t0
    try:
        sys.stdout.write(f"{stats[0]}\n")
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    if quiet:
        return 0
    print(_summary(stats, seconds, "Altogether", engine), file=sys.stderr)
    if jobs > 1:
        print("The tree was too small to split: one process counted it.", file=sys.stderr)
    return 0


def _zdd(path: str, out: str, quiet: bool, count: bool, nodes: bool):
    """``dlxc zdd FILE`` as the full command line runs it (dlxc/cli/zdd.py),
    on the C engine; None when the full command line must (the file cannot
    be read here, the count passes 64 bits, the memory limit is reached:
    it says so in its own words)."""
    try:
        from .base.runner import Runner, on_sigterm
        from .xcc._cbackend import ZddC
        from .xcc.engines.zdd import DEFAULT_BYTES, ELIMIT, summary
    except ImportError:
        return None
    if out != "-" and not os.path.isdir(os.path.dirname(os.path.abspath(out))):
        return None  # the full command line says so before it searches
    arrays = _read_arrays(path)
    if arrays is None:
        return None
    primary, secondary, _, start, items, colors = arrays
    del arrays
    t0 = time.perf_counter()
    z = ZddC(len(primary), len(primary) + len(secondary), start, items, colors, DEFAULT_BYTES)
    del start, items, colors
    runner = Runner(lambda: z.info()[0], lambda status: status <= 0)
    previous = _signal.signal(_signal.SIGTERM, on_sigterm)
    try:
        status = runner.run(z.run)
    except KeyboardInterrupt:
        n, memos, hits, size, zn = z.info()[:5]
        text = summary(n, memos, hits, size, zn, time.perf_counter() - t0, "c")
        print("Interrupted after " + text.split(" ", 1)[1], file=sys.stderr)
        return 130
    finally:
        _signal.signal(_signal.SIGTERM, previous)
    solutions = z.count64() if status == 0 else None
    if status == ELIMIT or solutions is None:
        return None
    seconds = time.perf_counter() - t0
    n, memos, hits, size, zn = z.info()[:5]
    try:
        if count or nodes:
            text = (f"{zn}\n" if nodes else "") + (f"{solutions}\n" if count else "")
            if out == "-":
                sys.stdout.write(text)
                sys.stdout.flush()
            else:
                with open(out, "w", encoding="ascii") as f:
                    f.write(text)
        elif out == "-":
            sys.stdout.flush()
            z.write(sys.stdout.fileno())
        else:
            with open(out, "wb") as f:
                z.write(f.fileno())
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except OSError:
        return None  # the full command line words it
    if not quiet:
        text = summary(n, memos, hits, size, zn, seconds, "c")
        print(f"{solutions:,} solutions. {text}", file=sys.stderr)
    return 0


def _best(path: str, k: int, quiet: bool):
    """``dlxc solve --best K FILE`` as the full command line runs it
    (dlxc/cli/solve.py), on the C engine: the same solutions, text and
    summary; None when the full command line must (the file cannot be read
    here, or its costs add up past the limit: it says so in its words)."""
    try:
        from .base.runner import Runner, on_sigterm
        from .xcc._cbackend import CostC
    except ImportError:
        return None
    arrays = _read_arrays(path, costs=True)
    if arrays is None:
        return None
    primary, secondary, colors, start, items, opt_colors, costs = arrays
    del arrays
    n_options = len(start) - 1
    if costs is not None and sum(costs) >= 1 << 63:
        return None
    solver = CostC(
        len(primary),
        len(primary) + len(secondary),
        start,
        items,
        opt_colors,
        costs if costs is not None else [0] * n_options,
        None,
        k,
    )
    seconds = [0.0]
    done = [False]

    def call(budget: int) -> int:
        began = time.perf_counter()
        try:
            status = solver.run(budget)
        finally:
            seconds[0] += time.perf_counter() - began
        done[0] = status == 0
        return status

    names = primary + secondary

    def show() -> None:
        out = sys.stdout
        for n, (cost, chosen) in enumerate(solver.results(), 1):
            out.write(f"solution {n} (cost {cost}):\n")
            for j in chosen:
                line = " ".join(
                    names[items[x]] + (":" + colors[opt_colors[x]] if opt_colors[x] else "")
                    for x in range(start[j], start[j + 1])
                )
                out.write(line + ("\n" if costs is None else f" |{costs[j]}\n"))
            out.write("\n")
        out.flush()

    runner = Runner(lambda: solver.stats()[1], lambda status: status == 0)
    previous = _signal.signal(_signal.SIGTERM, on_sigterm)
    try:
        runner.run(call)
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM as the full command line takes it
        print("Interrupted after " + _best_summary(solver, seconds[0]), file=sys.stderr)
        try:
            show()
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 130
    finally:
        _signal.signal(_signal.SIGTERM, previous)
    try:
        show()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    if not quiet:
        print("Altogether " + _best_summary(solver, seconds[0]), file=sys.stderr)
        found = [str(c) for c, _ in solver.results()]
        if found:
            what = "The optimum cost is" if k == 1 else f"The {len(found)} optimum costs are"
            print(f"{what} {', '.join(found)}.", file=sys.stderr)
    return 0


def _best_summary(solver, seconds: float) -> str:
    """dlxc.xcc.best.BestStats.summary's sentence after its first word (the
    tests hold the two equal)."""
    solutions, nodes, updates, cleansings = solver.stats()[:4]
    return (
        f"{solutions} improving solution{'s' if solutions != 1 else ''}, "
        f"{updates} updates, {cleansings} cleansings, {nodes} nodes, "
        f"{seconds:.3f} s (c backend, cost engine)."
    )


def _pre_args(args: list):
    """(FILE, OUT, quiet) of ``preprocess FILE`` with at most the options
    -o/--output OUT and -q/--quiet; None for any other command line."""
    if not args or args[0] != "preprocess":
        return None
    file, out, quiet = None, "-", False
    rest = args[1:]
    i = 0
    while i < len(rest):
        a = rest[i]
        if a in ("-o", "--output") and i + 1 < len(rest):
            out = rest[i + 1]
            i += 2
            continue
        if a.startswith("--output="):
            out = a[len("--output=") :]
        elif a in ("-q", "--quiet"):
            quiet = True
        elif a.startswith("-") or file is not None:
            return None
        else:
            file = a
        i += 1
    if file is None or len(file.splitlines()) != 1 or not out:
        return None  # (a name of several lines: write_dlx makes it several comment lines)
    if out.startswith("-") and out != "-":
        return None
    return file, out, quiet


def _preprocess(path: str, out: str, quiet: bool):
    """``dlxc preprocess FILE`` as the full command line runs it
    (dlxc/cli/preprocess.py, dlxc.xcc.preprocess.preprocess) on the C
    engine, without limits; None when the full command line must (the file
    cannot be read here, OUT cannot be opened, the problem left cannot be
    written in Knuth's format: it says so in its own words)."""
    try:
        from .base.runner import on_sigterm
        from .xcc._cbackend import PreC
        from .xcc.presummary import summary_line
    except ImportError:
        return None
    arrays = _read_arrays(path)
    if arrays is None:
        return None
    primary, secondary, color_names, start, items, colors = arrays
    del arrays
    t0 = time.perf_counter()
    n_primary, n_items, n_options = len(primary), len(primary) + len(secondary), len(start) - 1
    previous = _signal.signal(_signal.SIGTERM, on_sigterm)
    try:
        engine = PreC(n_primary, n_items, start, items, colors)
        del start, items, colors
        # slices of about 20 ms, as dlxc.xcc.preprocess.preprocess's, so
        # that Ctrl-C and SIGTERM are seen soon
        budget = 1 << 16
        while True:
            began = time.perf_counter()
            if engine.run(budget):
                break
            spent = time.perf_counter() - began
            if spent < 0.01:
                budget = min(budget * 4, 1 << 40)
            elif spent > 0.04:
                budget = max(1024, budget // 2)
        engine.settle()
        figures = engine.stats()
        _, item_keep = engine.result()
        r_start, r_items, r_colors, _ = engine.reduced()
        engine.close()
    except KeyboardInterrupt:  # as the full command line: no figures to give
        print("Interrupted.", file=sys.stderr)
        return 130
    finally:
        _signal.signal(_signal.SIGTERM, previous)
    names = primary + secondary
    kept = [names[k] for k in range(n_items) if item_keep[k]]
    k_primary = sum(item_keep[:n_primary])
    if not k_primary or any(r_start[j] == r_start[j + 1] for j in range(len(r_start) - 1)):
        return None  # no problem in Knuth's format: the full command line says why
    seconds = time.perf_counter() - t0
    # the reduced problem's text, as dlxc.xcc.dlxformat.write_dlx writes it
    # (the engine numbers the items among those kept)
    line = " ".join(kept[:k_primary])
    if len(kept) > k_primary:
        line += " | " + " ".join(kept[k_primary:])
    o_out, i_out = figures["options_out"], figures["items_out"]
    lines = [
        f"| reduced by dlxc preprocess from {path}: {o_out:,} "
        f"option{'' if o_out == 1 else 's'} and {i_out:,} "
        f"item{'' if i_out == 1 else 's'} removed\n",
        line + "\n",
    ]
    for j in range(len(r_start) - 1):
        lines.append(
            " ".join(
                [
                    kept[r_items[k]]
                    if not r_colors[k]
                    else kept[r_items[k]] + ":" + color_names[r_colors[k]]
                    for k in range(r_start[j], r_start[j + 1])
                ]
            )
            + "\n"
        )
    infeasible = figures["infeasible"]
    try:
        target = None if out == "-" else open(out, "w", encoding="utf-8", newline="\n")
    except OSError:
        return None  # the full command line words it
    if not quiet:
        print(
            summary_line(
                n_options,
                n_items,
                o_out,
                figures["blocked"],
                i_out,
                figures["forced"],
                figures["rounds"],
                figures["mems"],
                seconds,
                "c",
                None,
                None if infeasible < 0 else names[infeasible],
            ),
            file=sys.stderr,
        )
    if target is not None:
        with target:
            target.write("".join(lines))
        return 0
    try:
        # a few thousand lines a write, as dlxc.cli.common.write_lines: a
        # reader gone (| head -1) ends the command with 141, as it ends the others
        for i in range(0, len(lines), 4096):
            sys.stdout.write("".join(lines[i : i + 4096]))
            sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    return 0


# How long a count with --jobs first runs in one process, in CPU seconds
# (as dlxc.xcc.parallel.TRIAL).  Starting the workers costs a few
# milliseconds (a fork, an engine each, the split run), and a subproblem
# costs a replay; a tree that one process finishes in this time is counted
# by it alone, so --jobs never makes a small count much slower.  A bigger
# tree loses the trial's work, this long and at most one engine call more.
# CPU time, not wall time: on a busy host the decision stays the same.
TRIAL = 0.005


def trial(solver, seconds: float) -> bool:
    """Run ``solver`` for about ``seconds`` of CPU time (engine calls of
    growing node budgets, the last one cut to the time left at the rate
    seen): whether its search is done."""
    end = time.process_time() + seconds
    budget = 16  # nodes: as dlxc.base.runner.FIRST_BUDGET["c"]
    while True:
        nodes = solver.stats()[1]
        began = time.process_time()
        if solver.run(budget) == 0:
            return True
        now = time.process_time()
        if now >= end:
            return False
        rate = max(1, solver.stats()[1] - nodes) / max(now - began, 1e-7)
        budget = max(16, min(8 * budget, int(rate * (end - now)) + 1))


_PER_JOB = 16  # subproblems per process, as dlxc.xcc.parallel.PER_JOB
# a worker's slot in the shared mmap, int64 fields: solutions, nodes,
# updates, cleansings, max_level, subproblems finished, done
_SLOT = 7


def _split_count(solver, engine, jobs, n_primary, n_items, arrays, t0, quiet=False):
    """``dlxc count --jobs N FILE``: dlxc.xcc.parallel.count's split and
    hand-out (see the module's docstring)."""
    import mmap
    import struct

    from .base.runner import on_sigterm
    from .xcc.engines import make_solver, pick_strategy
    from .xcc.engines.table import REPLAY_AGAIN

    solver.close()
    # auto's engine for a split, as dlxc.xcc.parallel.split_strategy; the
    # bits engine only if the serial count took it (its C side may refuse)
    n_options = len(arrays[0]) - 1 if engine == "bits" else None
    engine = pick_strategy("auto", n_primary, n_items, n_options=n_options, split=True)
    reuse = engine in REPLAY_AGAIN

    def fresh():
        return make_solver("c", n_primary, n_items, (*arrays, None), None, engine)

    # the split run: depth 1, 2, ... until there are enough paths
    depth = 1
    while True:
        top = fresh()
        top.set_split(depth)
        paths: list = []
        out: list = []
        while top.run(1 << 62, out, 1 << 14, paths) != 0:
            out.clear()
        counts = top.stats()[:5]
        top.close()
        if len(paths) >= _PER_JOB * jobs or not paths or depth >= n_primary:
            break
        depth += 1
    total = list(counts)
    if paths:
        if len(paths) > 16_000:  # their numbers might not fit in a pipe's buffer
            return None
        processes = min(jobs, len(paths))
        slots = mmap.mmap(-1, 8 * _SLOT * processes)
        claim_r, claim_w = os.pipe()
        os.write(claim_w, struct.pack(f"<{len(paths)}i", *range(len(paths))))
        children = []
        for k in range(1, processes):
            pid = os.fork()
            if pid == 0:  # a worker: paths from the pipe, its figures in slot k
                code = 1
                try:
                    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # the parent decides
                    os.close(claim_w)
                    _work(fresh, reuse, paths, claim_r, slots, k)
                    code = 0
                finally:
                    os._exit(code)
            children.append(pid)
        os.close(claim_w)
        previous = _signal.signal(_signal.SIGTERM, on_sigterm)
        died = False
        try:
            _work(fresh, reuse, paths, claim_r, slots, 0)
            while children:
                _, status = os.waitpid(children[-1], 0)
                children.pop()
                died = died or status != 0
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM: stop the workers, say what was done
            for pid in children:
                os.kill(pid, _signal.SIGKILL)
            for pid in children:
                os.waitpid(pid, 0)
            sols, nodes = counts[0], counts[1]
            for k in range(processes):
                f = struct.unpack_from(f"<{_SLOT}q", slots, 8 * _SLOT * k)
                sols, nodes = sols + f[0], nodes + f[1]
            print(
                f"Interrupted after {sols} solution{'s' if sols != 1 else ''}, {nodes} nodes, "
                f"{time.perf_counter() - t0:.3f} s (c backend, split count: updates and "
                "cleansings are added up only at the end).",
                file=sys.stderr,
            )
            return 130
        finally:
            _signal.signal(_signal.SIGTERM, previous)
            os.close(claim_r)
        finished = 0
        for k in range(processes):
            f = struct.unpack_from(f"<{_SLOT}q", slots, 8 * _SLOT * k)
            died = died or not f[6]
            for i in range(4):
                total[i] += f[i]
            total[4] = max(total[4], f[4])
            finished += f[5]
        if died or finished != len(paths):
            return None  # the full command line counts it again
    seconds = time.perf_counter() - t0
    try:
        sys.stdout.write(f"{total[0]}\n")
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    if quiet:
        return 0
    print(_summary(total, seconds, "Altogether", engine), file=sys.stderr)
    if paths:
        print(f"Split into {len(paths):,} subproblems for {jobs} processes.", file=sys.stderr)
    else:
        print("The tree was too small to split: one process counted it.", file=sys.stderr)
    return 0


def _work(fresh, reuse: bool, paths, claim, slots, k: int) -> None:
    """Count the subproblems whose numbers this process reads from the pipe
    ``claim``, adding the figures up in slot ``k`` of ``slots`` (solutions
    and nodes after every engine call, for a report on Ctrl-C).  With
    ``reuse`` one solver replays every path, else each has a fresh one."""
    import struct

    from .base.runner import Runner

    fields = [0] * _SLOT
    at = 8 * _SLOT * k
    base = [0, 0]
    solver = None

    def nodes():
        st = solver.stats()
        fields[0], fields[1] = base[0] + st[0], base[1] + st[1]
        struct.pack_into(f"<{_SLOT}q", slots, at, *fields)
        return st[1]

    runner = Runner(nodes, lambda status: status == 0)  # one slicer for all paths
    try:
        while True:
            got = os.read(claim, 4)
            if not got:
                break
            if solver is None or not reuse:
                if solver is not None:
                    solver.close()
                solver = fresh()
            solver.replay(paths[struct.unpack("<i", got)[0]])
            base[:] = fields[:2]
            runner.run(solver.run)
            s, n, u, c, m, _ = solver.stats()
            fields[0], fields[1] = base[0] + s, base[1] + n
            fields[2] += u
            fields[3] += c
            fields[4] = max(fields[4], m)
            fields[5] += 1
    finally:
        if solver is not None:
            solver.close()
    fields[6] = 1
    struct.pack_into(f"<{_SLOT}q", slots, at, *fields)


def _summary(stats, seconds: float, head: str, engine: str) -> str:
    """dlxc.xcc.search.Stats.summary's sentence (not imported: it costs the
    dataclasses module; the tests hold the two sentences equal)."""
    solutions, nodes, updates, cleansings = stats[:4]
    return (
        f"{head} {solutions} solution{'s' if solutions != 1 else ''}, {updates} updates, "
        f"{cleansings} cleansings, {nodes} nodes, {seconds:.3f} s (c backend, {engine} engine)."
    )
