"""Instructions per position of Scrabble move generation, under callgrind.

Wall and CPU times swing with the load of a shared machine; callgrind's
instruction counts do not.  This script takes the positions of
bench_scrabble.py (the same seed, the same greedy games), compiles a small
C driver against dlxc's lexicon engine (csrc/lexicon) and counts the
instructions of ``dlxc_lex_gen_best`` (top 1) and ``dlxc_lex_gen_run`` (every
move) over the positions, the engine's own work without Python's.

With ``--magpie-harness`` it counts MAGPIE's too: bench/magpie_harness.c
built in a MAGPIE checkout as bench_scrabble.py builds it, but for a CPU
that valgrind can emulate (valgrind 3.19 does not know AVX-512, which
``-march=native`` may turn on: build MAGPIE's objects with
``-march=x86-64-v3``).  The harness has no hook for callgrind, so its count
is that of two passes over the positions less that of one.

Usage: ``python bench/callgrind_scrabble.py [--positions 300]
[--magpie-harness EXE --magpie-data DIR [--magpie-lexicon TWLENABLE]]``
(needs valgrind and a C compiler).
"""

from __future__ import annotations

import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
try:  # the installed dlxc (a plain install, or an editable one)
    import dlxc  # noqa: F401
except ImportError:  # else the checkout this script is in
    sys.path.insert(0, str(HERE.parent))

from bench_scrabble import as_text, positions_of  # noqa: E402

from dlxc.lexicon import Lexicon  # noqa: E402
from dlxc.models.cgp import to_cgp  # noqa: E402
from dlxc.models.scrabble import MoveFinder  # noqa: E402

DRIVER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lexicon.h"
static int rows, cols, n;
static uint8_t *boards, *racks;
__attribute__((noinline)) long timed_loop(dlxc_lex_gen *gen, dlxc_lex *lex, int best)
{
    long total = 0;
    int64_t found;
    for (int i = 0; i < n; i++) {
        const uint8_t *b = boards + (size_t)i * rows * cols, *r = racks + (size_t)i * 64;
        int rc = best ? dlxc_lex_gen_best(gen, lex, b, r, 1, &found)
                      : dlxc_lex_gen_run(gen, lex, b, r, &found);
        if (rc) exit(3);
        total += found;
    }
    return total;
}
static void get(void *p, size_t size, size_t count, FILE *f)
{
    if (fread(p, size, count, f) != count) exit(4);
}
int main(int argc, char **argv)
{
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 2;
    int h[8];
    get(h, 4, 8, f);
    rows = h[0], cols = h[1], n = h[7];
    uint8_t lm[1024], wm[1024];
    get(lm, 1, rows * cols, f);
    get(wm, 1, rows * cols, f);
    int32_t values[64];
    get(values, 4, h[2] + 1, f);
    int64_t nd, ng;
    get(&nd, 8, 1, f);
    get(&ng, 8, 1, f);
    uint32_t *dawg = malloc(nd * 4), *gaddag = malloc(ng * 4);
    get(dawg, 4, nd, f);
    get(gaddag, 4, ng, f);
    boards = malloc((size_t)n * rows * cols);
    racks = malloc((size_t)n * 64);
    for (int i = 0; i < n; i++) {
        get(boards + (size_t)i * rows * cols, 1, rows * cols, f);
        get(racks + (size_t)i * 64, 1, 64, f);
    }
    uint8_t ascii[256] = {0};
    dlxc_lex *lex;
    dlxc_lex_gen *gen;
    if (dlxc_lex_new(&lex, dawg, nd, gaddag, ng, h[2], ascii)) return 5;
    if (dlxc_lex_gen_new(&gen, rows, cols, lm, wm, values, h[2], h[3], h[4], h[5], h[6])) return 6;
    int64_t found;
    dlxc_lex_gen_best(gen, lex, boards, racks, 1, &found); /* builds the multiset table */
    printf("%ld\n", timed_loop(gen, lex, strcmp(argv[2], "best") == 0));
    return 0;
}
"""


def collected(cmd: list[str], **kw) -> int:
    """The instructions callgrind counted in a run of cmd."""
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            *kw.pop("extra", []),
            *cmd,
        ],
        capture_output=True,
        text=True,
        check=True,
        **kw,
    ).stderr
    return int(re.search(r"Collected : (\d+)", out).group(1))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--words", default=str(HERE.parent / "dlxc" / "puzzles" / "words" / "enable.txt")
    )
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--magpie-harness")
    ap.add_argument("--magpie-data")
    ap.add_argument("--magpie-lexicon", default="TWLENABLE")
    args = ap.parse_args(argv)

    lex = Lexicon.from_file(args.words, backend="c")
    finder = MoveFinder(lex)
    positions = positions_of(finder, args.positions, args.seed)
    rules = finder.rules
    lm, wm = rules.multipliers()
    values = [rules.values["?"]] + [rules.values[ch] for ch in lex.alphabet.letters]
    n = len(positions)
    src = HERE.parent / "csrc" / "lexicon"
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "positions.bin")
        with open(data, "wb") as out:
            head = (rules.rows, rules.cols, len(lex.alphabet), *rules.start)
            out.write(struct.pack("=8i", *head, rules.rack_size, rules.bingo_bonus, n))
            out.write(bytes(lm) + bytes(wm))
            out.write(struct.pack(f"={len(values)}i", *values))
            out.write(struct.pack("=qq", len(lex.dawg), len(lex.gaddag)))
            out.write(lex.dawg.tobytes() + lex.gaddag.tobytes())
            for board, rack in positions:
                out.write(board + rack)
        driver = os.path.join(tmp, "driver.c")
        Path(driver).write_text(DRIVER)
        exe = os.path.join(tmp, "driver")
        subprocess.run(
            [args.cc, "-O3", "-std=c99", "-fwrapv", "-I", str(src), driver]
            + [str(src / name) for name in ("moves.c", "query.c", "build.c")]
            + ["-o", exe],
            check=True,
        )
        print(f"{n} positions; instructions per position (callgrind)")
        for mode in ("best", "all"):
            count = collected([exe, data, mode], extra=["--toggle-collect=timed_loop"])
            line = f"{mode:5} dlxc {count / n:>10,.0f}"
            if args.magpie_harness:
                cgp = os.path.join(tmp, "positions.cgp")
                with open(cgp, "w") as f:
                    for board, rack in positions:
                        f.write(to_cgp(*as_text(finder, board, rack)) + "\n")
                run = [args.magpie_harness, args.magpie_data, args.magpie_lexicon, cgp, mode]
                where = {"cwd": str(Path(args.magpie_data).parent)}
                one, two = collected(run + ["1"], **where), collected(run + ["2"], **where)
                line += f"   MAGPIE {(two - one) / n:>10,.0f}"
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
