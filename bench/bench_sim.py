"""Simulation speed side by side with MAGPIE: play-outs per CPU second.

The positions are dlxc's own: games two equity players play
(``dlxc.models.game.Game``, game ``i`` seeded with ``game_seed(seed,
i)``), each taken before turn ``--turn`` (the mover's rack and the
scores), written as CGP.  Both engines sim the same position with the
same settings, one thread each, and never stop early: the ``--plays``
plays of best equity, ``--plies`` plies, a fixed number of play-outs.

- dlxc: ``Simulation(...).run(plies, iterations, threads=1)`` with the
  stopping rule switched off (``min_iterations`` above ``iterations``);
  its CPU seconds are ``time.process_time()`` around ``run`` (the
  lexicon's load and the candidates' move generation are outside).
  ``--iterations`` rounds make ``iterations * plays`` play-outs.
- MAGPIE: ``gsim`` with ``-plies P -numplays N -iterations N*I
  -minplayiterations I -scondition none -threads 1 -s1 equity -s2 equity
  -wmp false -savesettings false`` (I = dlxc's rounds: every play I
  play-outs, as dlxc; its ``Iters:`` line, the play-outs it made, is read
  back); its CPU seconds are those of its process less the median of a
  process that only loads the position.  ``-savesettings false`` keeps
  the checkout's settings.txt as it is.

Runs alternate (dlxc, MAGPIE, dlxc, ...) ``--reps`` times per position;
each side's rate is the median over its runs, and the report gives the
median over positions of each side's rate and of their ratio, with the
load (``os.getloadavg``) before and after.

MAGPIE is not part of dlxc: build it as bench/bench_scrabble.py says and
point ``--magpie`` (or MAGPIE_DIR) at that checkout (``-k1/-k2`` name a
klv2 leave file it has).

Usage: ``python bench/bench_sim.py [--positions 6] [--turn 6] [--plays 5]
[--plies 2] [--iterations 200] [--reps 3] [--magpie DIR] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
try:
    import dlxc  # noqa: F401
except ImportError:
    sys.path.insert(0, str(HERE.parent))

import magpie  # noqa: E402  (bench/, this script's folder)

from dlxc.lexicon import Lexicon  # noqa: E402
from dlxc.models.cgp import parse, to_cgp  # noqa: E402
from dlxc.models.game import Game, game_seed  # noqa: E402
from dlxc.models.scrabble import MoveFinder, Rules  # noqa: E402
from dlxc.models.sim import Simulation  # noqa: E402


def positions(finder: MoveFinder, count: int, seed: int, turn: int) -> list[str]:
    """CGP lines (the mover's rack, the scores) before turn ``turn`` of
    ``count`` games of two equity players."""
    rules = finder.rules
    letters = finder.lexicon.alphabet.letters
    out = []
    index = 0
    while len(out) < count:
        game = Game(finder, ("equity", "equity"), seed=game_seed(seed, index))
        index += 1
        for _ in range(turn):
            if game.over:
                break
            game.step()
        if game.over or len(game.bag) < rules.rack_size:
            continue
        p = game.to_move
        rows = []
        for r in range(rules.rows):
            row = []
            for code in game.board[r * rules.cols : (r + 1) * rules.cols]:
                if not code:
                    row.append(".")
                else:
                    row.append(rules.tile_text(letters[(code & 127) - 1], blank=bool(code & 128)))
            rows.append("".join(row))
        out.append(
            to_cgp(
                rows,
                game.rack_text(p),
                rules,
                scores=(game.scores[p], game.scores[1 - p]),
                lexicon="TWLENABLE",
            )
        )
    return out


def magpie_sim(root: Path, cgp: str, klv: str, plays: int, plies: int, iters: int, solve: bool):
    """(play-outs, MAGPIE's own seconds, process CPU seconds)."""
    fields = cgp.split()[:4]
    script = f"cgp {' '.join(fields)}\n" + ("gsim\n" if solve else "")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    settings = ["-plies", str(plies), "-numplays", str(plays), "-iterations", str(iters * plays)]
    settings += ["-minplayiterations", str(iters), "-scondition", "none", "-seed", "1"]
    out = magpie.run(root, klv, script, "equity", *settings)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    if not solve:
        return 0, 0.0, cpu
    it = re.search(r"Iters:\s+(\d+)", out)
    tm = re.search(r"Time:\s+([\d.]+) seconds", out)
    if it is None or tm is None:
        raise SystemExit(f"MAGPIE's sim output not understood:\n{out}")
    return int(it.group(1)), float(tm.group(1)), cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--turn", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plays", type=int, default=5)
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=200, help="dlxc's rounds")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--lexicon", default=None, help="ENABLE word list (default: dlxc's)")
    ap.add_argument("--magpie", default=os.environ.get("MAGPIE_DIR"))
    ap.add_argument("--klv", default="NWL20")
    ap.add_argument("--backend", default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.lexicon is None:
        from dlxc.models import wordlists

        args.lexicon = str(Path(wordlists.__file__).parent / "enable2k.txt")
    rules = Rules()
    lex = Lexicon.from_word_file_keeping(args.lexicon, rules.values, backend=args.backend)[0]
    finder = MoveFinder(lex, rules)
    cgps = positions(finder, args.positions, args.seed, args.turn)
    magpie = Path(args.magpie) if args.magpie else None
    load_before = os.getloadavg()
    base_cpu = None
    if magpie:
        base_cpu = statistics.median(
            magpie_sim(magpie, cgps[0], args.klv, args.plays, args.plies, 1, False)[2]
            for _ in range(3)
        )
    m_iters = args.iterations
    rows = []
    for i, cgp in enumerate(cgps):
        pos = parse(cgp, rules)
        board = finder.board(pos.board, "cgp")
        spread = pos.scores[0] - pos.scores[1]
        d_rates, m_rates = [], []
        d_cpu, m_cpu = [], []
        n_plays = 0
        for _ in range(args.reps):
            s = Simulation(finder, board, pos.rack, spread, plays=args.plays)
            n_plays = len(s.arms)
            c0 = time.process_time()
            res = s.run(
                plies=args.plies,
                iterations=args.iterations,
                seed=1,
                check_every=args.iterations,
                min_iterations=args.iterations + 1,
            )
            c = time.process_time() - c0
            d_cpu.append(c)
            d_rates.append(res.playouts / c)
            if magpie:
                n, _, cpu = magpie_sim(magpie, cgp, args.klv, args.plays, args.plies, m_iters, True)
                cpu = max(1e-6, cpu - (base_cpu or 0.0))
                m_cpu.append(cpu)
                m_rates.append(n / cpu)
        row = {
            "cgp": cgp,
            "plays": n_plays,
            "dlxc_playouts": res.playouts,
            "dlxc_cpu": statistics.median(d_cpu),
            "dlxc_rate": statistics.median(d_rates),
        }
        if magpie:
            row.update(
                magpie_playouts=n,
                magpie_cpu=statistics.median(m_cpu),
                magpie_rate=statistics.median(m_rates),
            )
            row["ratio"] = row["dlxc_rate"] / row["magpie_rate"]
        rows.append(row)
        if not args.json:
            extra = ""
            if magpie:
                extra = (
                    f"  MAGPIE {row['magpie_rate']:8.0f}/CPU-s ({n} in "
                    f"{row['magpie_cpu']:.3f} s)  ratio {row['ratio']:.2f}"
                )
            print(
                f"{i:3d} dlxc {row['dlxc_rate']:8.0f}/CPU-s ({res.playouts} in "
                f"{row['dlxc_cpu']:.3f} s){extra}",
                flush=True,
            )
    report: dict = {
        "positions": len(rows),
        "plays": args.plays,
        "plies": args.plies,
        "dlxc_iterations": args.iterations,
        "magpie_iterations": m_iters,
        "reps": args.reps,
        "dlxc_rate_median": statistics.median(r["dlxc_rate"] for r in rows),
        "load_before": load_before,
        "load_after": os.getloadavg(),
    }
    if magpie:
        report.update(
            magpie_rate_median=statistics.median(r["magpie_rate"] for r in rows),
            ratio_median=statistics.median(r["ratio"] for r in rows),
            magpie_process_base_cpu=base_cpu,
        )
    print(json.dumps(report, indent=None if args.json else 1))


if __name__ == "__main__":
    main()
