"""How much two busy vCPUs slow each other down on this host.

    python bench/host_pairs.py [--rounds 4]

``count --jobs 2`` can only be as fast as the two cores are when both are
busy.  This times three tiny C loops, each alone and then two copies at
once, alternating, and prints the median of pair time / time alone:

- chain:  one long multiply chain (latency-bound, no memory): cores that
          share nothing run it at the same speed in pairs.
- wide:   eight independent add/xor chains (throughput-bound): two
          hyperthreads of one physical core slow each other down here.
- chase:  a random pointer chase through 96 KB, the size of the 8x8 word
          search's nodes (L2-resident, a third of it fits the 32 KB L1d):
          cores that share a level-1 or level-2 cache slow each other down,
          as two dlxc counts do.

A ratio near 1 means a perfect split halves the time; at 1.10, no split
of a count can take less than 0.55 of the serial time.  Needs a C compiler
(``cc``).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

LOOPS = {
    "chain": """
#include <stdio.h>
#include <stdint.h>
int main(void) {
    volatile uint64_t x = 1;
    for (uint64_t i = 0; i < 1000000000ULL; i++) x = x * 6364136223846793005ULL + 1;
    printf("%llu\\n", (unsigned long long)x);
    return 0;
}
""",
    "wide": """
#include <stdio.h>
#include <stdint.h>
int main(void) {
    uint64_t a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8;
    for (uint64_t i = 0; i < 1000000000ULL; i++) {
        a += b ^ i; b += c ^ a; c += d ^ i; d += e ^ c;
        e += f ^ i; f += g ^ e; g += h ^ i; h += a ^ g;
    }
    printf("%llu\\n", (unsigned long long)(a + b + c + d + e + f + g + h));
    return 0;
}
""",
    "chase": """
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
int main(void) {
    enum { N = 96 * 1024 / 8 };
    uint64_t *next = malloc(N * sizeof *next), s = 88172645463325252ULL, p = 0;
    if (!next) return 1;
    for (uint64_t i = 0; i < N; i++) next[i] = i;
    for (uint64_t i = N - 1; i > 0; i--) {      /* a random cycle order */
        uint64_t j, t;
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        j = s % (i + 1); t = next[i]; next[i] = next[j]; next[j] = t;
    }
    for (uint64_t i = 0; i < 300000000ULL; i++) p = next[p];
    printf("%llu\\n", (unsigned long long)p);
    return 0;
}
""",
}


def timed(commands: list[list[str]]) -> float:
    t0 = time.perf_counter()
    procs = [subprocess.Popen(c, stdout=subprocess.DEVNULL) for c in commands]
    for p in procs:
        p.wait()
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=4)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for name, source in LOOPS.items():
            src, exe = Path(tmp) / f"{name}.c", Path(tmp) / name
            src.write_text(source)
            subprocess.run(["cc", "-O2", "-o", str(exe), str(src)], check=True)
            alone, pair = [], []
            for _ in range(args.rounds):
                alone.append(timed([[str(exe)]]))
                pair.append(timed([[str(exe)], [str(exe)]]))
            ratios = [b / a for a, b in zip(alone, pair)]
            print(
                f"{name:6} alone {' '.join(f'{t:.2f}' for t in alone)} s; two at once "
                f"{' '.join(f'{t:.2f}' for t in pair)} s; pair / alone: median "
                f"{statistics.median(ratios):.3f} (rounds: "
                f"{' '.join(f'{r:.2f}' for r in ratios)})"
            )


if __name__ == "__main__":
    main()
