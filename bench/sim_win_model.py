"""The win model of the sim (dlxc.models.sim.win_chance) measured on
dlxc's own games: how far the final spread moves from the spread at each
turn, by the tiles the mover cannot see.

Games of two equity players (``Game``, game ``i`` seeded with
``game_seed(seed, i)``); at each turn with tiles in the bag the mover's
spread s and unseen tiles u (the bag and the opponent's rack) are noted,
and at the end the mover's final spread f.  For buckets of u the script
prints the standard deviation of f - s and its ratio to sqrt(u), the
constant ``SIGMA_PER_TILE`` stands for, and the fraction of turns where
the model's win chance, Phi(s / (c sqrt(u))), is right about the winner
(the mover ahead at the end with a chance over 1/2).

Usage: ``python bench/sim_win_model.py [--games 100] [--seed 5]``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
try:
    import dlxc  # noqa: F401
except ImportError:
    sys.path.insert(0, str(HERE.parent))

from dlxc.lexicon import Lexicon  # noqa: E402
from dlxc.models.game import Game, game_seed  # noqa: E402
from dlxc.models.scrabble import MoveFinder, Rules  # noqa: E402
from dlxc.models.sim import SIGMA_PER_TILE, win_chance  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--lexicon", default=None)
    args = ap.parse_args()
    if args.lexicon is None:
        from dlxc.models import wordlists

        args.lexicon = str(Path(wordlists.__file__).parent / "enable2k.txt")
    rules = Rules()
    finder = MoveFinder(Lexicon.from_word_file_keeping(args.lexicon, rules.values)[0], rules)
    notes = []  # (u, s, f)
    for i in range(args.games):
        game = Game(finder, ("equity", "equity"), seed=game_seed(args.seed, i))
        seen = []
        while not game.over:
            p = game.to_move
            if game.bag:
                u = len(game.bag) + sum(game.racks[1 - p])
                seen.append((p, u, game.scores[p] - game.scores[1 - p]))
            game.step()
        for p, u, s in seen:
            notes.append((u, s, game.scores[p] - game.scores[1 - p]))
    print(f"{args.games} games, {len(notes)} turns; SIGMA_PER_TILE = {SIGMA_PER_TILE}")
    print("unseen   turns  sd(final - now)  sd/sqrt(u)  model right")
    for lo, hi in ((8, 20), (20, 40), (40, 60), (60, 80), (80, 100)):
        got = [(u, s, f) for u, s, f in notes if lo <= u < hi]
        if len(got) < 3:
            continue
        sd = statistics.pstdev(f - s for _, s, f in got)
        mid = statistics.mean(u for u, _, _ in got)
        right = sum((win_chance(s, u) > 0.5) == (f > 0) for u, s, f in got if f != 0 and s != 0)
        counted = sum(1 for _, s, f in got if f != 0 and s != 0)
        print(
            f"{lo:3d}-{hi - 1:<3d} {len(got):7d} {sd:16.1f} {sd / math.sqrt(mid):11.2f}"
            f" {right / max(counted, 1):12.3f}"
        )
    # the constant of the best fit over all turns: var(f - s) = c^2 u
    c = math.sqrt(sum((f - s) ** 2 for _, s, f in notes) / sum(u for u, _, _ in notes))
    print(f"least-squares c: {c:.2f}")


if __name__ == "__main__":
    main()
