"""Whole Scrabble games between two computer players.

A game has a bag of the edition's tiles (``Rules.counts``), two racks, the
board, and turns.  The rules are the tournament rules of the North American
association (NASPA):

- each player draws up to the rack size; the first player is seat 0;
- a turn is a play (tiles on the board, scored by the move generator), an
  exchange (only while the bag holds at least rack-size tiles: the player
  draws as many tiles as he throws back, then returns them to the bag), or
  a pass;
- the game ends when a player plays out his rack with the bag empty (he
  scores twice the sum of the values of the tiles left on the other rack),
  or after six scoreless turns in a row, passes, exchanges and plays of 0
  points alike (each player then loses the sum of his own rack's values).

Players (strategies) by name:

- ``score``: the highest-scoring play; with no play an exchange of the
  whole rack when the bag allows it, else a pass.
- ``endgame``: the equity player until the bag is empty; then the best
  first move of the exact endgame (``dlxc.models.endgame``), searched for
  at most ``endgame_nodes`` nodes a turn (the deepest completed round's
  best move when the limit stops it; 0: no limit).  With 1 or 2 tiles in
  the bag and ``peg_nodes`` (default 0: off), the pre-endgame
  (``dlxc.models.peg``) over the ``PEG_CANDIDATES`` best plays by equity;
  its best candidate when every candidate is complete within the nodes,
  else the equity play.  Node limits, not time, keep games reproducible.
- ``equity``: the play, exchange or pass of the highest equity: its score
  plus the value of the tiles kept (``Leaves``).  When the bag is empty the
  leave values give way to the end of the game: a play that goes out adds
  twice the value of the opponent's rack, a play that does not loses twice
  the value of the tiles it keeps (the opponent may go out next).  A pass
  keeps the whole rack and counts as a leave of 0 in mid-game.
- ``sim``: the equity player's choice, except that while the bag holds
  tiles and that choice is a play, the ``SIM_PLAYS`` plays of best equity
  are simmed (``dlxc.models.sim``: ``SIM_PLIES`` plies, at most
  ``SIM_ITERATIONS`` rounds, the stopping rule checked every 8 rounds from
  the 16th) and the first by win chance is played.  Its draws are seeded
  from the game's seed and the turn, so a game stays the same for a seed.

With ``pairs`` (``autoplay``) games go two by two with the same seed, the
players in one seat then the other: the bag gives out the same tiles in
the same order in both games of a pair (as long as no one exchanges), so
the luck of the draw weighs less on the comparison.

The bag draws with splitmix64 (``dlxc.base.rng``) from the game's seed, so
a game is the same for a seed on every machine and backend.  ``autoplay``
plays many games (``--jobs`` worker processes), game ``i`` with the
``i``-th output of splitmix64 from the run's seed, the players changing
seats every game; its result does not depend on the number of processes.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import Any, Optional, Union

from ..base.errors import BoardError
from ..base.rng import MASK64, splitmix64, uniform_below
from ..lexicon import Lexicon
from .gcg import tile_text
from .leaves import LeaveFit, Leaves
from .scrabble import Move, MoveFinder, Rules

PLAYERS = ("equity", "score")  # the default pair
DEFAULT_PLAYERS = PLAYERS
KINDS = ("equity", "score", "sim", "endgame")  # every player by name
SCORELESS_TURNS = 6
SIM_PLAYS = 5
SIM_PLIES = 2
SIM_ITERATIONS = 256
ENDGAME_NODES = 200_000  # the endgame player's search, per turn (0: no limit)
PEG_NODES = 0  # its pre-endgame search, per turn (0: none, the equity play)
PEG_CANDIDATES = 5  # the plays by equity its pre-endgame search weighs


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: splitmix64's index-th output."""
    state = (seed + index * 0x9E3779B97F4A7C15) & MASK64
    return splitmix64(state)[1]


@dataclass(frozen=True)
class Option:
    """One choice of a turn: a play (``move``), an exchange (``tiles``
    thrown back) or a pass; its score, its equity, and the leave (the
    tiles kept, letters in upper case, ``?`` a blank)."""

    kind: str
    score: int
    equity: float
    leave: str
    move: Optional[Move] = None
    tiles: str = ""

    def as_dict(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind}
        if self.move is not None:
            out.update(self.move.as_dict())
        else:
            out["score"] = self.score
        if self.kind == "exchange":
            out["tiles"] = self.tiles
        out["equity"] = round(self.equity, 2)
        out["leave"] = self.leave
        return out

    def line(self) -> str:
        """One text line: equity, score, then the move as ``dlxc moves``
        prints it (or ``exchange TILES`` / ``pass``), then the leave."""
        if self.move is not None:
            what = self.move.text
        elif self.kind == "exchange":
            what = f"exchange {self.tiles}"
        else:
            what = "pass"
        return f"{self.equity:.1f} {self.score} {what} {self.leave or '-'}"


@dataclass(frozen=True)
class Turn:
    """One line of a game record.  ``kind``: play, exchange, pass, or the
    end's lines: ``out`` (the player who went out scores twice the values
    of ``tiles``, the other rack) and ``penalty`` (after six scoreless turns
    the player loses the values of ``tiles``, his rack).  ``rack`` is the
    rack before the turn, ``score`` the points of the line, ``total`` the
    player's score after it."""

    player: int
    kind: str
    rack: str
    score: int
    total: int
    move: Optional[Move] = None
    tiles: str = ""
    drawn: str = ""
    equity: Optional[float] = None
    bingo: bool = False


@dataclass
class GameRecord:
    """A finished game: the players' names by seat, the turns, the final
    scores, the seed it was played with."""

    players: tuple[str, str]
    turns: list[Turn]
    scores: list[int]
    seed: int
    rules: Rules = field(repr=False, default_factory=Rules)

    @property
    def winner(self) -> Optional[int]:
        """The winning seat, None for a tie."""
        a, b = self.scores
        return None if a == b else (0 if a > b else 1)

    @property
    def bingos(self) -> list[int]:
        out = [0, 0]
        for t in self.turns:
            if t.bingo:
                out[t.player] += 1
        return out

    def gcg(self, names: Optional[Sequence[str]] = None, lexicon: str = "") -> str:
        from .gcg import write_gcg

        return write_gcg(self, names, lexicon)


class Game:
    """A game in progress.  ``step()`` plays one turn (and the end's lines
    when it ends); ``play()`` plays to the end and returns the record.
    ``bag``, ``racks`` (64 counts each, [0] blanks), ``board`` (codes, +128
    a blank), ``scores`` and ``turns`` are open to read."""

    def __init__(
        self,
        finder: MoveFinder,
        players: Sequence[str] = DEFAULT_PLAYERS,
        seed: int = 0,
        leaves: Optional[Leaves] = None,
        fit: Optional[LeaveFit] = None,
        endgame_nodes: int = ENDGAME_NODES,
        peg_nodes: int = PEG_NODES,
    ) -> None:
        self.finder = finder
        self.endgame_nodes = endgame_nodes
        self.peg_nodes = peg_nodes
        self.rules = rules = finder.rules
        self.players = _check_players(players)
        self.seed = seed
        self.leaves = Leaves.default() if leaves is None else leaves
        self.fit = fit
        alphabet = finder.lexicon.alphabet
        self._letters = alphabet.letters
        self._tile_names = ["?"] + [tile_text(ch, rules) for ch in alphabet.letters]
        self.values = [rules.values["?"]] + [rules.values[ch] for ch in alphabet.letters]
        self.bag = _bag(rules, alphabet.codes)
        self.racks = [bytearray(64), bytearray(64)]
        self.board = bytearray(rules.rows * rules.cols)
        self.scores = [0, 0]
        self.turns: list[Turn] = []
        self.to_move = 0
        self.scoreless = 0
        self.over = False
        self._state = seed & MASK64
        self._leave_memo: dict[bytes, float] = {}
        self._pending: list[Optional[tuple[str, int]]] = [None, None]  # fit samples
        self._draw(0)
        self._draw(1)

    # -- tiles ------------------------------------------------------------------
    def _draw(self, p: int, n: Optional[int] = None) -> list[int]:
        rack = self.racks[p]
        want = self.rules.rack_size - sum(rack) if n is None else n
        got = []
        bag = self.bag
        while want > 0 and bag:
            self._state, k = uniform_below(self._state, len(bag))
            tile = bag[k]
            bag[k] = bag[-1]
            bag.pop()
            rack[tile] += 1
            got.append(tile)
            want -= 1
        return got

    def tiles_text(self, codes) -> str:
        """Tiles (codes, 0 a blank) as letters in upper case, ``?`` blanks,
        blanks first then letters in alphabet order; a multi-letter tile
        in brackets (``[CH]``), as CGP and GCG write it."""
        return "".join(self._tile_names[c] for c in sorted(codes))

    def rack_text(self, p: int) -> str:
        return self.tiles_text(_tiles(self.racks[p]))

    def rack_value(self, p: int) -> int:
        values = self.values
        return sum(values[c] * n for c, n in enumerate(self.racks[p]) if n)

    # -- equity ----------------------------------------------------------------
    def _leave_value(self, key: bytes) -> float:
        got = self._leave_memo.get(key)
        if got is None:
            letters = self._letters
            got = self.leaves.value("?" if c == 0 else letters[c - 1] for c in key)
            self._leave_memo[key] = got
        return got

    def _adjust(self, p: int, kept: bytes) -> float:
        """What keeping ``kept`` (sorted codes) is worth beside the score."""
        if self.bag:
            if len(kept) >= self.rules.rack_size:
                return 0.0
            return self._leave_value(kept)
        values = self.values
        if not kept:
            return 2.0 * self.rack_value(1 - p)
        return -2.0 * sum(values[c] for c in kept)

    def options(self, p: Optional[int] = None, top: Optional[int] = None) -> list[Option]:
        """Every option of the player to move (or seat ``p``), best equity
        first: plays, exchanges when the bag allows them, the pass."""
        p = self.to_move if p is None else p
        return ranked_options(self, p, top)

    # -- players ---------------------------------------------------------------
    def _choose(self, p: int) -> tuple:
        """(kind, payload, equity): ('play', engine record), ('exchange',
        codes thrown), ('pass', None)."""
        gen = self.finder.generator
        rack = bytes(self.racks[p])
        can_exchange = len(self.bag) >= self.rules.rack_size
        if self.players[p] == "score":  # the best-move search skips what cannot win
            if gen.best(bytes(self.board), rack, 1):
                return ("play", gen.moves(1)[0], None)
            if can_exchange:
                return ("exchange", _tiles(self.racks[p]), None)
            return ("pass", None, None)
        if self.players[p] in ("endgame", "sim"):  # the exact search where the bag allows it
            got = self._endgame_choice(p)
            if got is not None:
                return got
        choice = self._equity_choice(p)
        if self.players[p] == "sim" and choice[0] == "play" and self.bag:
            return self._sim_choice(p, choice)
        return choice

    def _sim_choice(self, p: int, choice: tuple) -> tuple:
        """The play a short sim ranks first among the best by equity."""
        from .sim import Simulation

        spread = self.scores[p] - self.scores[1 - p]
        sim = Simulation(
            self.finder, bytes(self.board), bytes(self.racks[p]), spread, self.leaves, SIM_PLAYS
        )
        if len(sim.arms) < 2:
            return choice
        result = sim.run(
            plies=SIM_PLIES,
            iterations=SIM_ITERATIONS,
            seed=game_seed(self.seed ^ 0x5157, len(self.turns)),
            check_every=8,
            min_iterations=16,
        )
        if result.stopped == "interrupted":  # Ctrl-C, which the sim took in hand: the game's
            raise KeyboardInterrupt
        best = result.best
        return ("play", best.rec, best.equity)

    def _equity_choice(self, p: int) -> tuple:
        """The equity player's (kind, payload, equity)."""
        gen = self.finder.generator
        rack = bytes(self.racks[p])
        can_exchange = len(self.bag) >= self.rules.rack_size
        # equity: the best of plays, exchanges and the pass
        n = gen.run(bytes(self.board), rack)
        tiles = _tiles(self.racks[p])
        adjust = self._adjust
        memo: dict[bytes, float] = {}
        best = None
        best_eq = 0.0
        if n:
            for rec in gen.moves():
                word, fresh = rec[4], rec[5]
                used = bytes(sorted([c if c < 128 else 0 for c, f in zip(word, fresh) if f]))
                adj = memo.get(used)
                if adj is None:
                    adj = memo[used] = adjust(p, _minus(tiles, used))
                eq = rec[0] + adj
                if best is None or eq > best_eq or (eq == best_eq and _key(rec) < _key(best)):
                    best, best_eq = rec, eq
        # ties go to the play, then the exchange, then the pass, as ranked_options ranks them
        choice: Optional[tuple] = ("play", best, best_eq) if best is not None else None
        if can_exchange:
            for thrown, kept in _exchanges(tiles):
                eq = adjust(p, kept)
                if choice is None or eq > best_eq:
                    choice, best_eq = ("exchange", list(thrown), eq), eq
        pass_eq = adjust(p, bytes(tiles))
        if choice is None or pass_eq > best_eq:
            choice = ("pass", None, pass_eq)
        return choice

    def _endgame_choice(self, p: int) -> Optional[tuple]:
        """The endgame player's choice when the bag allows a search (the
        bag empty; 1 or 2 tiles with ``peg_nodes``), else None."""
        from ..base.runner import Limits

        other = 1 - p
        spread = self.scores[p] - self.scores[other]
        if not self.bag:
            from .endgame import Endgame

            if not any(self.racks[p]) or not any(self.racks[other]):
                return None
            game = Endgame(
                self.finder,
                bytes(self.board),
                [bytes(self.racks[p]), bytes(self.racks[other])],
                passed=self.scoreless >= SCORELESS_TURNS - 1,
                spread=spread,
            )
            res = game.solve(limits=Limits(node_limit=self.endgame_nodes or None))
            if not res.depth:
                return None  # not one round within the nodes: the equity play
            step = res.top[0].step
            if step.record is None:
                return ("pass", None, None)
            return ("play", step.record, None)
        if len(self.bag) <= 2 and self.peg_nodes:
            from .peg import Peg

            pool = [0] * 64
            for c in self.bag:
                pool[c] += 1
            for c, n in enumerate(self.racks[other]):
                pool[c] += n
            peg = Peg(
                self.finder,
                bytes(self.board),
                bytes(self.racks[p]),
                pool,
                len(self.bag),
                spread,
                self.leaves,
            )
            weighed = peg.evaluate(
                top=PEG_CANDIDATES, limits=Limits(node_limit=self.peg_nodes), keep_outcomes=False
            )
            if weighed.complete and weighed.candidates:
                return ("play", weighed.candidates[0].record, None)
        return None

    # -- turns -----------------------------------------------------------------
    def step(self) -> list[Turn]:
        """Play one turn; returns its lines (with the end's, if it ended)."""
        if self.over:
            raise BoardError("the game is over")
        p = self.to_move
        kind, payload, equity = self._choose(p)
        rack_before = self.rack_text(p)
        lines: list[Turn] = []
        kept: Optional[bytes] = None
        if kind == "play":
            move = self.finder._move(payload)
            score, row, col, down, word, fresh = payload
            placed = 0
            cols = self.rules.cols
            for k, code in enumerate(word):  # the engine's codes, +128 a blank
                if fresh[k]:
                    r, c = (row + k, col) if down else (row, col + k)
                    self.board[r * cols + c] = code
                    self.racks[p][0 if code & 128 else code] -= 1
                    placed += 1
            kept = bytes(_tiles(self.racks[p]))
            drawn = self._draw(p)
            self.scores[p] += score
            lines.append(
                Turn(
                    p,
                    "play",
                    rack_before,
                    score,
                    self.scores[p],
                    move=move,
                    drawn=self.tiles_text(drawn),
                    equity=equity,
                    bingo=placed == self.rules.rack_size,
                )
            )
        elif kind == "exchange":
            thrown = list(payload)
            for c in thrown:
                self.racks[p][c] -= 1
            kept = bytes(_tiles(self.racks[p]))
            drawn = self._draw(p, len(thrown))
            self.bag.extend(thrown)
            score = 0
            lines.append(
                Turn(
                    p,
                    "exchange",
                    rack_before,
                    0,
                    self.scores[p],
                    tiles=self.tiles_text(thrown),
                    drawn=self.tiles_text(drawn),
                    equity=equity,
                )
            )
        else:
            score = 0
            lines.append(Turn(p, "pass", rack_before, 0, self.scores[p], equity=equity))
        self._sample(p, score, kept)
        self.scoreless = self.scoreless + 1 if score == 0 else 0
        if not any(self.racks[p]) and not self.bag:
            bonus = 2 * self.rack_value(1 - p)
            self.scores[p] += bonus
            lines.append(Turn(p, "out", "", bonus, self.scores[p], tiles=self.rack_text(1 - p)))
            self.over = True
        elif self.scoreless >= SCORELESS_TURNS:
            for q in (p, 1 - p):
                loss = self.rack_value(q)
                self.scores[q] -= loss
                rack = self.rack_text(q)
                lines.append(Turn(q, "penalty", rack, -loss, self.scores[q], tiles=rack))
            self.over = True
        self.turns.extend(lines)
        self.to_move = 1 - p
        return lines

    def _sample(self, p: int, score: int, kept: Optional[bytes]) -> None:
        """Leave fitting: the outcome of the leave this player kept last
        turn is this turn's score plus the value (by the table played with)
        of the leave this turn keeps, which waits in turn for the next.
        Only leaves kept with tiles left in the bag count."""
        if self.fit is None:
            return
        pending = self._pending[p]
        keeps = kept is not None and bool(self.bag)
        if pending is not None:
            later = self._leave_value(kept) if keeps and kept is not None else 0.0
            self.fit.add(pending[0], score + later)
        self._pending[p] = None
        if keeps and kept is not None:
            letters = self._letters
            self._pending[p] = ("".join("?" if c == 0 else letters[c - 1] for c in kept), score)

    def play(self) -> GameRecord:
        while not self.over:
            self.step()
        return self.record()

    def record(self) -> GameRecord:
        return GameRecord(self.players, list(self.turns), list(self.scores), self.seed, self.rules)


# ---- helpers -------------------------------------------------------------------


def _check_players(players: Sequence[str]) -> tuple[str, str]:
    names = tuple(players)
    if len(names) != 2 or any(n not in KINDS for n in names):
        raise BoardError(
            f"players {','.join(map(str, names))!r}: two of {', '.join(KINDS)}, "
            "separated by a comma"
        )
    return (names[0], names[1])


def _bag(rules: Rules, codes: dict) -> list[int]:
    bag: list[int] = []
    for ch, n in rules.counts.items():
        if ch == "?":
            bag += [0] * n
            continue
        code = codes.get(ch)
        if code is None:
            if n:
                raise BoardError(
                    f"{rules.source}: the bag holds {rules.tile_text(ch)!r}, which is not "
                    "a letter of the lexicon"
                )
            continue
        bag += [code] * n
    return bag


def _key(rec: tuple) -> tuple:
    """The order of the engine's sorted list among moves of equal equity
    (higher score, then row, column, across before down, length, word), so
    that a choice never depends on the order the moves were found in."""
    return (-rec[0], rec[1], rec[2], rec[3], len(rec[4]), rec[4])


def _tiles(rack) -> list[int]:
    """A rack's tiles as sorted codes (0 the blanks)."""
    return [c for c, n in enumerate(rack) for _ in range(n)]


def _minus(tiles: list[int], used: bytes) -> bytes:
    """Sorted ``tiles`` less the sorted ``used`` (a sub-multiset)."""
    out = []
    i = 0
    for c in tiles:
        if i < len(used) and used[i] == c:
            i += 1
        else:
            out.append(c)
    return bytes(out)


def _exchanges(tiles: list[int]):
    """(thrown, kept) for every distinct non-empty set of tiles to throw
    back, both sorted."""
    kinds = sorted(set(tiles))
    have = [tiles.count(c) for c in kinds]
    for throw in product(*(range(n + 1) for n in have)):
        if not any(throw):
            continue
        thrown = bytes(c for c, k in zip(kinds, throw) for _ in range(k))
        kept = bytes(c for c, n, k in zip(kinds, have, throw) for _ in range(n - k))
        yield thrown, kept


def ranked_options(game: Game, p: int, top: Optional[int] = None) -> list[Option]:
    """Every option of seat ``p`` in ``game``, best equity first; ties go
    to plays (in the engine's sorted order), then exchanges, then the pass,
    as the equity player breaks them."""
    finder = game.finder
    gen = finder.generator
    tiles = _tiles(game.racks[p])
    n = gen.run(bytes(game.board), bytes(game.racks[p]))
    out: list[tuple[float, int, tuple, Option]] = []
    memo: dict[bytes, tuple[float, bytes]] = {}
    order = 0
    for rec in gen.moves() if n else []:
        word, fresh = rec[4], rec[5]
        used = bytes(sorted([c if c < 128 else 0 for c, f in zip(word, fresh) if f]))
        got = memo.get(used)
        if got is None:
            kept = _minus(tiles, used)
            got = memo[used] = (game._adjust(p, kept), kept)
        adj, kept = got
        opt = Option("play", rec[0], rec[0] + adj, game.tiles_text(kept), finder._move(rec))
        out.append((-opt.equity, 0, _key(rec), opt))
    if len(game.bag) >= game.rules.rack_size:
        for thrown, kept in _exchanges(tiles):
            opt = Option(
                "exchange",
                0,
                game._adjust(p, kept),
                game.tiles_text(kept),
                tiles=game.tiles_text(thrown),
            )
            out.append((-opt.equity, 1, (order,), opt))
            order += 1
    whole = bytes(tiles)
    opt = Option("pass", 0, game._adjust(p, whole), game.tiles_text(whole))
    out.append((-opt.equity, 2, (), opt))
    out.sort(key=lambda t: t[:3])
    ranked = [t[3] for t in out]
    return ranked if top is None else ranked[:top]


def position_options(
    finder: MoveFinder,
    board: Union[bytes, str, Sequence[str]],
    rack: Union[bytes, str],
    leaves: Optional[Leaves] = None,
    top: Optional[int] = None,
    bag: Optional[int] = None,
) -> list[Option]:
    """The options of a position ranked by equity, as in mid-game: a bag
    of ``bag`` tiles (default: the full bag less the board and the rack,
    at least rack size, so that exchanges are allowed)."""
    game = Game(finder, DEFAULT_PLAYERS, 0, leaves if leaves is not None else Leaves.default())
    if not isinstance(board, bytes):
        board = finder.board(board)
    if not isinstance(rack, bytes):
        rack = finder.rack(rack)
    game.board[:] = board
    game.racks[0][:] = rack
    game.racks[1][:] = bytes(64)
    size = game.rules.rack_size
    if bag is None:
        on_board = sum(1 for c in board if c)
        bag = max(size, len(_bag(game.rules, finder.lexicon.alphabet.codes)) - on_board - sum(rack))
    game.bag = [0] * bag
    return ranked_options(game, 0, top)


# ---- many games ----------------------------------------------------------------


@dataclass
class _Setup:
    lexicon_path: str
    backend: Optional[str]
    rules: Rules
    leaves: dict
    leaves_source: str
    players: tuple[str, str]
    seed: int
    fit: bool
    gcg: bool
    lexicon_name: str
    pairs: bool = False
    endgame_nodes: int = ENDGAME_NODES
    peg_nodes: int = PEG_NODES


_WORKER: dict = {}


def _worker_init(setup: _Setup) -> None:
    lex = Lexicon.load(setup.lexicon_path, backend=setup.backend)
    _WORKER["finder"] = MoveFinder(lex, setup.rules)
    _WORKER["setup"] = setup
    _WORKER["leaves"] = Leaves(setup.leaves, setup.leaves_source, setup.rules)


def _one_game(finder: MoveFinder, setup: _Setup, leaves: Leaves, index: int) -> dict:
    swap = index % 2 == 1
    seats = (setup.players[1], setup.players[0]) if swap else setup.players
    fit = LeaveFit() if setup.fit else None
    game = Game(
        finder,
        seats,
        game_seed(setup.seed, index // 2 if setup.pairs else index),
        leaves,
        fit,
        setup.endgame_nodes,
        setup.peg_nodes,
    )
    rec = game.play()
    # back to --players order
    order = (1, 0) if swap else (0, 1)
    winner = rec.winner
    out: dict = {
        "scores": [rec.scores[s] for s in order],
        "bingos": [rec.bingos[s] for s in order],
        "winner": None if winner is None else order.index(winner),
        "turns": len([t for t in rec.turns if t.kind in ("play", "exchange", "pass")]),
    }
    if setup.gcg:
        out["gcg"] = rec.gcg(None, setup.lexicon_name)
    if fit is not None:
        out["samples"] = fit.samples
    return out


def _worker_game(index: int) -> dict:
    return _one_game(_WORKER["finder"], _WORKER["setup"], _WORKER["leaves"], index)


def autoplay(
    lexicon: Union[Lexicon, str, os.PathLike],
    games: int,
    seed: int = 0,
    players: Sequence[str] = DEFAULT_PLAYERS,
    jobs: int = 1,
    rules: Optional[Rules] = None,
    leaves: Optional[Leaves] = None,
    gcg_dir: Union[str, os.PathLike, None] = None,
    fit: Optional[LeaveFit] = None,
    backend: Optional[str] = None,
    pairs: bool = False,
    endgame_nodes: int = ENDGAME_NODES,
    peg_nodes: int = PEG_NODES,
) -> dict:
    """Play ``games`` games between ``players`` (names in KINDS) and
    return the tally: games, players, wins (per player, in ``players``
    order), ties, mean scores, bingos.  ``pairs``: games 2k and 2k + 1
    share their seed, the players in swapped seats (the module's help),
    and the tally counts the pairs each player won (more points than the
    other over the two games).  ``gcg_dir``: write each game's
    record there (game-0001.gcg ...); ``fit``: add every game's leave
    samples to it.  ``endgame_nodes`` and ``peg_nodes``: the endgame
    player's node limits per turn (see the module's text).  ``jobs`` > 1
    plays in worker processes, each loading the lexicon once; the result
    is the same whatever ``jobs`` is."""
    from ..base import pool as pools

    names = _check_players(players)
    rules = rules or Rules()
    leaves = Leaves.default() if leaves is None else leaves
    if games < 0:
        raise BoardError(f"games {games}: a number of games is 0 or more")
    jobs = pools.resolve_jobs(jobs)
    tmp: Optional[tempfile.TemporaryDirectory] = None
    if isinstance(lexicon, Lexicon):
        lex_obj: Optional[Lexicon] = lexicon
        path = ""
        lex_name = getattr(lexicon, "name", "") or ""
    else:
        lex_obj = None
        path = os.fspath(lexicon)
        lex_name = Path(path).stem
    setup = _Setup(
        path,
        backend,
        rules,
        dict(leaves.table),
        leaves.source,
        names,
        seed,
        fit is not None,
        gcg_dir is not None,
        lex_name,
        pairs,
        endgame_nodes,
        peg_nodes,
    )
    try:
        if jobs <= 1 or games <= 1:
            if lex_obj is None:
                lex_obj = _open_word_list(path, backend, rules)
            finder = MoveFinder(lex_obj, rules)
            results = [_one_game(finder, setup, leaves, i) for i in range(games)]
        else:
            setup.lexicon_path, tmp = _lex_file(lex_obj, path, backend, rules)
            workers = pools.pool(min(jobs, games), _worker_init, (setup,))
            try:
                results = pools.pool_map(
                    workers, _worker_game, range(games), "an autoplay worker", chunksize=1
                )
            finally:
                pools.stop_pool(workers)
    finally:
        if tmp is not None:
            tmp.cleanup()
    if gcg_dir is not None:
        out = Path(gcg_dir)
        out.mkdir(parents=True, exist_ok=True)
        width = max(4, len(str(games)))
        for i, r in enumerate(results):
            (out / f"game-{i + 1:0{width}d}.gcg").write_text(r["gcg"], encoding="utf-8")
    if fit is not None:
        for r in results:
            fit.samples.extend(r["samples"])
    return tally(names, results, seed, pairs)


def tally(players: tuple[str, str], results: list[dict], seed: int, pairs: bool = False) -> dict:
    games = len(results)
    wins = [0, 0]
    ties = 0
    totals = [0, 0]
    bingos = [0, 0]
    turns = 0
    for r in results:
        if r["winner"] is None:
            ties += 1
        else:
            wins[r["winner"]] += 1
        for k in (0, 1):
            totals[k] += r["scores"][k]
            bingos[k] += r["bingos"][k]
        turns += r["turns"]
    decided = games - ties
    out: dict = {
        "games": games,
        "players": list(players),
        "wins": wins,
        "ties": ties,
        "win_share": [round(w / decided, 4) if decided else None for w in wins],
        "mean_scores": [round(t / games, 2) if games else None for t in totals],
        "bingos": bingos,
        "bingos_per_game": [round(b / games, 3) if games else None for b in bingos],
        "mean_turns": round(turns / games, 2) if games else None,
        "seed": seed,
    }
    if pairs:
        won = [0, 0]
        even = 0
        for k in range(0, games - 1, 2):
            margin = sum(results[i]["scores"][0] - results[i]["scores"][1] for i in (k, k + 1))
            if margin == 0:
                even += 1
            else:
                won[0 if margin > 0 else 1] += 1
        decided_pairs = won[0] + won[1]
        out["pairs"] = games // 2
        out["pair_wins"] = won
        out["pair_ties"] = even
        out["pair_win_share"] = [
            round(w / decided_pairs, 4) if decided_pairs else None for w in won
        ]
    return out


def _load_lexicon(path: str, backend: Optional[str], rules: Rules) -> Lexicon:
    """A lexicon file as it is, a word list built (its words with a letter
    that has no tile value left out)."""
    from ..lexicon.fileformat import sniff

    if sniff(path):
        return Lexicon.load(path, backend=backend)
    return Lexicon.from_word_file_keeping(path, rules.values, backend=backend)[0]


def _lex_file(
    lex: Optional[Lexicon], path: str, backend: Optional[str], rules: Rules
) -> tuple[str, Optional[tempfile.TemporaryDirectory]]:
    """A lexicon file the workers load (a word list is built once, here)."""
    from ..lexicon.fileformat import sniff

    if lex is None and sniff(path):
        return path, None
    if lex is None:
        lex = _open_word_list(path, backend, rules)
    tmp = tempfile.TemporaryDirectory(prefix="dlxc-autoplay-")
    out = os.path.join(tmp.name, "lexicon.lex")
    lex.save(out)
    return out, tmp


def _open_word_list(path: str, backend: Optional[str], rules: Rules) -> Lexicon:
    """``_load_lexicon``, a word list of rules with multi-letter tiles read
    with them in brackets (``[CH]ORRO``)."""
    from ..lexicon import read_word_list_with_tiles
    from ..lexicon.fileformat import sniff

    if not rules.multi or sniff(path):
        return _load_lexicon(path, backend, rules)
    wl, _ = read_word_list_with_tiles(path, rules.multi).keeping(rules.values)
    return Lexicon.from_word_list(wl, backend=backend, name=path)


# ---- positions from games -------------------------------------------------------


def endgame_positions(
    finder: MoveFinder,
    count: int,
    seed: int = 0,
    max_tiles: Optional[int] = None,
    lexicon: Optional[str] = None,
) -> list[str]:
    """``count`` endgame positions as CGP lines (both racks, the side to
    move first), taken from games two equity players play (``Game``, game
    ``i`` with ``game_seed(seed, i)``): in each game the first position
    with the bag empty and at most ``max_tiles`` tiles on the two racks
    together (None: the first with the bag empty).  Reproducible."""
    out: list[str] = []
    index = 0
    while len(out) < count:
        game = Game(finder, ("equity", "equity"), seed=game_seed(seed, index))
        index += 1
        while not game.over:
            if not game.bag:
                held = sum(game.racks[0]) + sum(game.racks[1])
                if max_tiles is None or held <= max_tiles:
                    break
            game.step()
        if game.over:
            continue
        out.append(game_cgp(game, lexicon))
    return out


def game_cgp(game, lexicon: Optional[str] = None, both: bool = True) -> str:
    """The position of a ``Game`` (``dlxc.models.game``) as a CGP line from
    the side to move's seat: its rack, the other's too when ``both``."""
    from .cgp import to_cgp

    rules = game.rules
    letters = game.finder.lexicon.alphabet.letters
    p = game.to_move
    rows = []
    for r in range(rules.rows):
        row = []
        for code in game.board[r * rules.cols : (r + 1) * rules.cols]:
            if not code:
                row.append(".")
                continue
            ch = rules.tile_text(letters[(code & 127) - 1], blank=bool(code & 128))
            row.append(ch)
        rows.append("".join(row))
    return to_cgp(
        rows,
        game.rack_text(p),
        rules,
        other_rack=game.rack_text(1 - p) if both else "",
        scores=(game.scores[p], game.scores[1 - p]),
        zero_turns=game.scoreless,
        lexicon=lexicon,
    )


def pre_endgame_positions(
    finder: MoveFinder,
    count: int,
    seed: int = 0,
    bag: int = 1,
    lexicon: Optional[str] = None,
) -> list[str]:
    """``count`` pre-endgame positions as CGP lines (the side to move's
    rack only): in games two equity players play (game ``i`` with
    ``game_seed(seed, i)``), the first position with ``bag`` tiles in the
    bag; games that skip that count are passed over.  Reproducible."""
    out: list[str] = []
    index = 0
    while len(out) < count:
        game = Game(finder, ("equity", "equity"), seed=game_seed(seed, index))
        index += 1
        while not game.over and len(game.bag) > bag:
            game.step()
        if not game.over and len(game.bag) == bag:
            out.append(game_cgp(game, lexicon, both=False))
    return out
