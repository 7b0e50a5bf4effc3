"""dlxc's endgame player and MAGPIE's endgame solver, each playing out the
same bag-empty positions against the same opponent.

The positions are those of bench/bench_endgame.py (``endgame_positions``:
games of two equity players, the first position with the bag empty and at
most ``--max-tiles`` tiles on the racks).  Each is played out twice from
the side to move's seat, the other seat always dlxc's equity player (with
the bag empty: a play that goes out adds twice the other rack, one that
does not loses twice the tiles it keeps):

- dlxc: the ``endgame`` player of ``dlxc autoplay`` (the exact endgame's
  best first move every turn, searched to the end unless ``--endgame-nodes``);
- MAGPIE: its ``endgame`` command (``-eplies 25``, one thread) on the
  position of every turn of that seat, its best play (or pass) played.

The report counts the wins, ties and losses of each, and lists the
positions MAGPIE wins that dlxc does not (the target: none), and the other
way round.  MAGPIE is set up as bench/bench_endgame.py says.

Usage: ``python bench/bench_endgame_player.py [--positions 100]
[--max-tiles 8] [--seed 1] [--magpie DIR] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
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
from dlxc.models.cgp import parse  # noqa: E402
from dlxc.models.game import Game, endgame_positions, game_cgp  # noqa: E402
from dlxc.models.odds import _squares, parse_move  # noqa: E402
from dlxc.models.scrabble import MoveFinder, Rules  # noqa: E402


def magpie_move(root: Path, cgp: str, klv: str, ttfraction: float) -> str:
    """MAGPIE's best play of a position, as it prints it ("14H (A)G",
    "pass")."""
    board = " ".join(cgp.split()[:4])
    script = f"cgp {board}\nendgame -eplies 25\n"
    out = magpie.run(root, klv, script, "score", "-ttfraction", str(ttfraction))
    lines = out.splitlines()
    k = next((i for i, ln in enumerate(lines) if ln.startswith("Play")), None)
    if k is None or k + 1 >= len(lines):
        raise SystemExit(f"MAGPIE's endgame output not understood:\n{out}")
    return lines[k + 1]


def record_of(finder: MoveFinder, game: Game, text: str):
    """The engine's record of MAGPIE's play (None: a pass)."""
    fields = text.split()
    if fields[0].lower() in ("pass", "(pass)"):
        return None
    where, word = fields[0], fields[1]
    word = re.sub(r"\(([^)]*)\)", lambda m: "." * len(m.group(1)), word)
    played = parse_move(finder, bytes(game.board), f"{where} {word}")
    gen = finder.generator
    n = gen.run(bytes(game.board), bytes(game.racks[game.to_move]))
    for rec in gen.records(n):
        if _squares(rec) == played.squares:
            return rec
    raise SystemExit(f"MAGPIE's play {text!r} is not a move of the rack")


class MagpieSeat(Game):
    """A game whose seat 0 plays MAGPIE's endgame moves."""

    magpie: Path
    klv: str
    ttfraction: float
    calls = 0
    seconds = 0.0

    def _choose(self, p: int) -> tuple:
        if p != 0:
            return super()._choose(p)
        start = time.perf_counter()
        text = magpie_move(self.magpie, game_cgp(self, "TWLENABLE"), self.klv, self.ttfraction)
        self.calls += 1
        self.seconds += time.perf_counter() - start
        rec = record_of(self.finder, self, text)
        return ("pass", None, None) if rec is None else ("play", rec, None)


def set_up(game: Game, finder: MoveFinder, cgp: str, rules: Rules) -> Game:
    """``game`` (fresh) put in the position of ``cgp``: seat 0 to move."""
    position = parse(cgp, rules)
    game.board[:] = finder.board(position.board, "cgp")
    game.racks[0][:] = finder.rack(position.racks[0])
    game.racks[1][:] = finder.rack(position.racks[1])
    game.bag = []
    game.scores = list(position.scores)
    game.scoreless = position.zero_turns
    game.to_move = 0
    game.turns = []
    return game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--max-tiles", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lexicon", default=None, help="ENABLE word list (default: dlxc's)")
    ap.add_argument("--magpie", default=os.environ.get("MAGPIE_DIR"))
    ap.add_argument("--klv", default="NWL20")
    ap.add_argument("--ttfraction", type=float, default=0.002)
    ap.add_argument("--endgame-nodes", type=int, default=0, help="0: every search to the end")
    ap.add_argument("--backend", default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not args.magpie:
        raise SystemExit("give --magpie DIR (or MAGPIE_DIR): a built MAGPIE checkout")
    if args.lexicon is None:
        from dlxc.models import wordlists

        args.lexicon = str(Path(wordlists.__file__).parent / "enable2k.txt")
    rules = Rules()
    lex = Lexicon.from_word_file_keeping(args.lexicon, rules.values, backend=args.backend)[0]
    finder = MoveFinder(lex, rules)
    cgps = endgame_positions(finder, args.positions, args.seed, args.max_tiles, "TWLENABLE")
    rows = []
    for i, cgp in enumerate(cgps):
        ours = set_up(
            Game(finder, ("endgame", "equity"), endgame_nodes=args.endgame_nodes),
            finder,
            cgp,
            rules,
        )
        w0, c0 = time.perf_counter(), time.process_time()
        ours.play()
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        theirs = MagpieSeat(finder, ("equity", "equity"))
        theirs.magpie, theirs.klv, theirs.ttfraction = Path(args.magpie), args.klv, args.ttfraction
        set_up(theirs, finder, cgp, rules)
        theirs.play()
        a = ours.scores[0] - ours.scores[1]
        b = theirs.scores[0] - theirs.scores[1]
        rows.append(
            {
                "cgp": cgp,
                "dlxc_spread": a,
                "magpie_spread": b,
                "dlxc_wall": wall,
                "dlxc_cpu": cpu,
                "magpie_wall": theirs.seconds,
                "magpie_calls": theirs.calls,
            }
        )
        if not args.json:
            mark = "  MAGPIE WINS, dlxc DOES NOT" if b > 0 >= a else ""
            print(
                f"{i:4d} dlxc {a:+5d} ({wall:6.2f}s cpu {cpu:6.2f}s)  "
                f"MAGPIE {b:+5d} ({theirs.seconds:6.2f}s, {theirs.calls} calls){mark}",
                flush=True,
            )

    def tally(key: str) -> dict:
        return {
            "wins": sum(r[key] > 0 for r in rows),
            "ties": sum(r[key] == 0 for r in rows),
            "losses": sum(r[key] < 0 for r in rows),
            "mean_spread": statistics.mean(r[key] for r in rows) if rows else None,
        }

    report = {
        "positions": len(rows),
        "max_tiles": args.max_tiles,
        "seed": args.seed,
        "endgame_nodes": args.endgame_nodes,
        "dlxc": tally("dlxc_spread"),
        "magpie": tally("magpie_spread"),
        "magpie_wins_dlxc_not": [r for r in rows if r["magpie_spread"] > 0 >= r["dlxc_spread"]],
        "dlxc_wins_magpie_not": [r for r in rows if r["dlxc_spread"] > 0 >= r["magpie_spread"]],
        "same_spread": sum(r["dlxc_spread"] == r["magpie_spread"] for r in rows),
        "dlxc_better_spread": sum(r["dlxc_spread"] > r["magpie_spread"] for r in rows),
        "magpie_better_spread": sum(r["dlxc_spread"] < r["magpie_spread"] for r in rows),
        "dlxc_cpu_total": sum(r["dlxc_cpu"] for r in rows),
        "magpie_wall_total": sum(r["magpie_wall"] for r in rows),
        "load": os.getloadavg(),
    }
    print(json.dumps(report, indent=None if args.json else 1))


if __name__ == "__main__":
    main()
