"""Benchmark the lexicon engine against its peers, side by side.

Measures, over several rounds (medians; rounds alternate between dlxc and
the peers so a busy machine slows both alike):

- build: the DAWG and the GADDAG of a sorted word list, in C, from the
  code buffer the Python side hands over (wall and CPU seconds), with node
  counts and bytes;
- load: ``Lexicon.load`` of the saved lexicon file (one read, checksums,
  validation of every node);
- membership from Python, nanoseconds per call on hits and on misses:
  ``w in lexicon`` beside the ``DAWG2`` package's ``w in dawg.DAWG`` and
  ``marisa-trie``'s ``w in marisa_trie.Trie`` (the same loop for all, the
  words cut in ten slices that each container takes in turn, in an order
  reversed from slice to slice, so a change of load hits all alike);
- batch membership: ``Lexicon.contains_many`` over the whole list, sorted
  and shuffled, nanoseconds per word;
- move generation: positions per second from Python on mid-game positions
  (greedy two-player games, seeded, so every run sees the same positions):
  every move found and scored (``MoveFinder.count``), and also sorted best
  first with the best one read back;
- MAGPIE (https://github.com/jvc56/MAGPIE), when ``--magpie BIN`` (or
  MAGPIE_BIN) names its binary and ``--magpie-command`` the command line to
  time: its figure is printed beside ours (see README for how it was run).

The optional peers are the ``bench`` extra: ``pip install 'dlxc[bench]'``.
Usage: ``python bench/bench_lexicon.py [--words dlxc/puzzles/words/enable.txt]
[--rounds 5] [--positions 300] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
try:  # the installed dlxc (a plain install, or an editable one)
    import dlxc  # noqa: F401
except ImportError:  # else the checkout this script is in
    sys.path.insert(0, str(HERE.parent))

from dlxc.lexicon import Lexicon, _cbackend  # noqa: E402
from dlxc.models.scrabble import MoveFinder, greedy_positions  # noqa: E402


def _median(xs):
    return statistics.median(xs)


def timed(fn):
    """(wall seconds, CPU seconds, result) of fn()."""
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - w, time.process_time() - c, out


def per_call_ns(container, words, reps=1):
    """CPU nanoseconds per ``w in container`` (CPU time: the machine is
    shared, and time slices given to others would count in wall time)."""
    start = time.process_time()
    for _ in range(reps):
        for w in words:
            w in container  # noqa: B015
    return (time.process_time() - start) / (reps * len(words)) * 1e9


def side_by_side(containers, words, slices=10):
    """CPU nanoseconds per ``w in c`` for each (name, c) of containers, the
    words taken a slice at a time by every container in turn."""
    total = {name: 0.0 for name, _ in containers}
    order = list(containers)
    step = -(-len(words) // slices)
    for start in range(0, len(words), step):
        part = words[start : start + step]
        for name, container in order:
            total[name] += per_call_ns(container, part) * len(part)
        order.reverse()
    return {name: t / len(words) for name, t in total.items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--words", default=str(HERE.parent / "dlxc" / "puzzles" / "words" / "enable.txt")
    )
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--magpie", default=os.environ.get("MAGPIE_BIN"))
    ap.add_argument(
        "--magpie-command",
        default=os.environ.get("MAGPIE_COMMAND"),
        help="arguments for the MAGPIE binary whose run is timed",
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    lex = Lexicon.from_file(args.words, backend="c")
    words = sorted(lex)
    alphabet = lex.alphabet
    codes = sorted(alphabet.encode(w) for w in words)
    rng = random.Random(args.seed)
    hits = rng.sample(words, min(100_000, len(words)))
    vocabulary = set(words)
    shuffled = rng.sample(words, len(words))
    misses = []
    while len(misses) < 20_000:
        w = rng.choice(words)
        k = rng.randrange(len(w))
        m = w[:k] + rng.choice("abcdefghijklmnopqrstuvwxyz") + w[k + 1 :]
        if m not in vocabulary:
            misses.append(m)

    peers = {}
    try:
        import dawg

        peers["DAWG2"] = dawg.DAWG(words)
    except ImportError as exc:
        print(f"DAWG2 unavailable: {exc}", file=sys.stderr)
    try:
        import marisa_trie

        peers["marisa-trie"] = marisa_trie.Trie(words)
    except ImportError as exc:
        print(f"marisa-trie unavailable: {exc}", file=sys.stderr)

    tmp = Path(tempfile.mkdtemp())
    lex_file = tmp / "bench.lex"
    lex.save(lex_file)
    finder = MoveFinder(lex)
    positions = []
    game = 0
    while len(positions) < args.positions:
        game += 1
        # turns 4..19 of each game: boards with 4 to 19 moves on them
        positions += greedy_positions(finder, seed=args.seed * 1000 + game, turns=20)[4:]
    positions = positions[: args.positions]

    results: dict = {
        k: []
        for k in (
            "dawg_wall",
            "dawg_cpu",
            "gaddag_wall",
            "gaddag_cpu",
            "load",
            "hit_dlxc",
            "miss_dlxc",
            "batch",
            "batch_bytes",
            "batch_shuffled",
            "batch_shuffled_list",
            "batch_engine",
            "movegen",
            "movegen_cpu",
            "movegen_best",
        )
    }
    for name in peers:
        results[f"hit_{name}"] = []
        results[f"miss_{name}"] = []
    n_moves = 0
    for rnd in range(args.rounds):
        w, c, dawg_nodes = timed(lambda: _cbackend.build_dawg(codes, len(alphabet)))
        results["dawg_wall"].append(w)
        results["dawg_cpu"].append(c)
        w, c, gad = timed(lambda: _cbackend.build_gaddag(codes, len(alphabet)))
        results["gaddag_wall"].append(w)
        results["gaddag_cpu"].append(c)
        w, _, _ = timed(lambda: Lexicon.load(lex_file, backend="c"))
        results["load"].append(w)
        order = [("dlxc", lex)] + list(peers.items())
        if rnd % 2:
            order.reverse()
        for kind, probes in (("hit", hits), ("miss", misses)):
            for name, ns in side_by_side(order, probes).items():
                results[f"{kind}_{name}"].append(ns)
        # CPU time, as for the membership calls
        _, c, got = timed(lambda: lex.contains_many(words))
        assert all(got)
        results["batch"].append(c / len(words) * 1e9)
        _, c, got = timed(lambda: lex.contains_many(words, as_bytes=True))
        results["batch_bytes"].append(c / len(words) * 1e9)
        _, c, got = timed(lambda: lex.contains_many(shuffled, as_bytes=True))
        results["batch_shuffled"].append(c / len(words) * 1e9)
        _, c, got = timed(lambda: lex.contains_many(shuffled))
        results["batch_shuffled_list"].append(c / len(words) * 1e9)
        joined = "\n".join(words).encode("ascii")
        _, c, _ = timed(lambda: lex._lex.contains_many(joined, len(words), True))
        results["batch_engine"].append(c / len(words) * 1e9)
        start, cpu = time.perf_counter(), time.process_time()
        n_moves = 0
        for board, rack in positions:
            n_moves += finder.count(board, rack)
        results["movegen"].append(len(positions) / (time.perf_counter() - start))
        results["movegen_cpu"].append(len(positions) / (time.process_time() - cpu))
        gen = finder.generator
        start = time.perf_counter()
        for board, rack in positions:
            if gen.run(board, rack):
                gen.sort()
                gen.moves(1)
        results["movegen_best"].append(len(positions) / (time.perf_counter() - start))

    med = {k: _median(v) for k, v in results.items()}
    report = {
        "words": len(words),
        "dawg_nodes": len(dawg_nodes),
        "dawg_bytes": 4 * len(dawg_nodes),
        "gaddag_nodes": len(gad),
        "gaddag_bytes": 4 * len(gad),
        "dawg_build_s": med["dawg_wall"],
        "dawg_build_cpu_s": med["dawg_cpu"],
        "gaddag_build_s": med["gaddag_wall"],
        "gaddag_build_cpu_s": med["gaddag_cpu"],
        "load_s": med["load"],
        "positions": len(positions),
        "moves_per_position": n_moves / len(positions),
        "movegen_positions_per_s": med["movegen"],
        "movegen_positions_per_cpu_s": med["movegen_cpu"],
        "movegen_best_positions_per_s": med["movegen_best"],
        "batch_ns_per_word": med["batch"],
        "batch_bytes_ns_per_word": med["batch_bytes"],
        "batch_shuffled_ns_per_word": med["batch_shuffled"],
        "batch_shuffled_list_ns_per_word": med["batch_shuffled_list"],
        "batch_engine_ns_per_word": med["batch_engine"],
        "rounds": args.rounds,
    }
    for name in ["dlxc"] + list(peers):
        report[f"hit_ns_{name}"] = med[f"hit_{name}"]
        report[f"miss_ns_{name}"] = med[f"miss_{name}"]

    if args.magpie and args.magpie_command:
        # e.g. --magpie-command "autoplay games 200 -lex NWL15 -s1 score -s2 score
        # -threads 1": two static players, each turn MAGPIE's best move; its
        # "Turns Played" over the run's seconds is positions per second
        import re
        import resource

        walls, cpus, turns = [], [], 0
        for _ in range(args.rounds):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(
                [args.magpie] + shlex.split(args.magpie_command),
                check=True,
                capture_output=True,
                text=True,
                cwd=Path(args.magpie).resolve().parent.parent,
            )
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            m = re.search(r"Turns Played:\s*(\d+)", done.stdout)
            turns = int(m.group(1)) if m else 0
        report["magpie_command"] = args.magpie_command
        report["magpie_seconds"] = _median(walls)
        report["magpie_cpu_seconds"] = _median(cpus)
        report["magpie_turns"] = turns

    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"# {report['words']} words; medians of {args.rounds} rounds (shared machine)")
    print(
        f"DAWG    {report['dawg_nodes']:>9,} nodes {report['dawg_bytes']:>10,} bytes  "
        f"build {report['dawg_build_s']:.4f} s (cpu {report['dawg_build_cpu_s']:.4f})"
    )
    print(
        f"GADDAG  {report['gaddag_nodes']:>9,} nodes {report['gaddag_bytes']:>10,} bytes  "
        f"build {report['gaddag_build_s']:.4f} s (cpu {report['gaddag_build_cpu_s']:.4f})"
    )
    print(f"load    {report['load_s'] * 1e3:.2f} ms")
    for name in ["dlxc"] + list(peers):
        ratio = report[f"hit_ns_{name}"] / report["hit_ns_dlxc"]
        print(
            f"membership (CPU) {name:<12} hit {report[f'hit_ns_{name}']:7.1f} ns  "
            f"miss {report[f'miss_ns_{name}']:7.1f} ns  ({ratio:.2f}x dlxc's hit time)"
        )
    print(
        f"batch   (CPU) contains_many, sorted list: {report['batch_ns_per_word']:.1f} ns/word "
        f"(as_bytes {report['batch_bytes_ns_per_word']:.1f}, engine call alone "
        f"{report['batch_engine_ns_per_word']:.1f}); shuffled: "
        f"{report['batch_shuffled_list_ns_per_word']:.1f} ns/word (as_bytes "
        f"{report['batch_shuffled_ns_per_word']:.1f})"
    )
    print(
        f"moves   {report['positions']} positions, {report['moves_per_position']:.0f} moves "
        f"each on average: {report['movegen_positions_per_s']:,.0f} positions/s all moves "
        f"({report['movegen_positions_per_cpu_s']:,.0f} per CPU second), "
        f"{report['movegen_best_positions_per_s']:,.0f} positions/s best move sorted out"
    )
    if "magpie_seconds" in report:
        print(
            f"MAGPIE  {report['magpie_command']!r}: {report['magpie_seconds']:.3f} s "
            f"(cpu {report['magpie_cpu_seconds']:.3f} s), {report['magpie_turns']} turns: "
            f"{report['magpie_turns'] / report['magpie_seconds']:,.0f} positions/s, "
            f"{report['magpie_turns'] / max(report['magpie_cpu_seconds'], 1e-9):,.0f} per CPU "
            "second (startup and loading its 112 MB word map included)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
