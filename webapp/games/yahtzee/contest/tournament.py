"""The controller of seed 004: every player plays its own game with the same dice, N games.

Each game, every player gets a fresh score card and a random generator seeded
with the game's seed, so all players face the same dice as long as they keep
the same dice. Players take their turns in lockstep (turn 1 of everyone, then
turn 2...), so ``scores()`` shows everyone's score after the same number of turns.
The best score of a game earns a point (ties: all of them). After all games the
most points win; a tie on points is broken by further games among the tied
players (at most ``tiebreak_limit``). An illegal choice, an exception or a late
answer disqualifies the player for the rest of the tournament, with the reason (a
:class:`~webapp.core.steps.Step`), and a program is stopped at once.

The built-in bots run in the controller's process; a Python class given as
``file.py:Class`` or ``package.module.Class`` runs in a worker process under the
same time limit as a program (:mod:`.worker`), ``exec:COMMAND`` as a program (:mod:`.external`).
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Callable, Sequence

from webapp.games.yahtzee import rules as y
from webapp.core.botproc import shorten
from webapp.core.steps import RuleInputError, Step
from webapp.games.yahtzee.contest import bots
from webapp.games.yahtzee.contest.external import ExternalPlayer
from webapp.games.yahtzee.contest.players import GameView, IllegalChoice, Player, TurnChoice
from webapp.games.yahtzee.contest.worker import WorkerPlayer
from webapp.games.yahtzee.contest.worker import load_player_class as _load_class

#: Built-in bots by name.
BUILT_IN: dict[str, type[Player]] = {"dummy": bots.DummyBot, "heuristic": bots.HeuristicBot, "optimal": bots.OptimalBot}


def load_player_class(spec: str) -> type[Player]:
    """A player class from ``dummy|heuristic|optimal``, ``package.module.Class``,
    ``package.module:Class`` or ``path/to/file.py:Class``, loaded in this process.

    Raises:
        IllegalChoice: the class cannot be found or is not a :class:`Player` (see :func:`.worker.load_player_class`).
    """
    return BUILT_IN[spec] if spec in BUILT_IN else _load_class(spec)


def make_player(spec: str, game: GameView, timeout: float) -> Player:
    """Start the player named by ``spec``: a built-in bot here, ``exec:COMMAND`` as a program, any other
    class in a worker process.

    Raises:
        IllegalChoice: the bot cannot be loaded or started.
    """
    if spec in BUILT_IN:
        return BUILT_IN[spec](game)
    if spec.startswith("exec:"):
        return ExternalPlayer(game, spec[len("exec:"):], timeout)
    _, sep, _ = spec.rpartition(":") if ":" in spec else spec.rpartition(".")
    if not sep:
        raise IllegalChoice("yahtzee.contest.no_bot", spec=spec[:80])
    return WorkerPlayer(game, spec, timeout)


class Controller:
    """Runs games for a fixed list of players (see the module docstring)."""

    def __init__(self, specs: Sequence[str], joker: y.JokerRule = y.FORCED, timeout: float = 5.0) -> None:
        self.joker = y.JokerRule(joker)
        self.cards: list[y.Scorecard] = [y.Scorecard.empty() for _ in specs]
        self.players: list[Player] = []
        self.disqualified: dict[int, Step] = {}
        try:
            for i, spec in enumerate(specs):
                self.players.append(make_player(spec, GameView(self, i), timeout))
        except IllegalChoice:
            self.close()  # the bots started so far
            raise

    def active(self, among: Sequence[int] | None = None) -> list[int]:
        """Indexes of the players still in the tournament (optionally only ``among``)."""
        chosen = range(len(self.players)) if among is None else among
        return [i for i in chosen if i not in self.disqualified]

    def play_game(self, seed: int, among: Sequence[int] | None = None) -> dict[int, int]:
        """Play one game; return the final score of each active player (by index)."""
        players = self.active(among)
        self.cards = [y.Scorecard.empty() for _ in self.players]
        rngs = {i: random.Random(seed) for i in players}
        for _ in range(len(y.CATEGORIES)):
            for i in players:
                if i in self.disqualified:
                    continue
                try:
                    self.cards[i] = self._turn(self.players[i], self.cards[i], rngs[i])
                except IllegalChoice as error:
                    self.disqualified[i] = error.step
                    self.players[i].stop()  # at once: a hostile bot costs nothing more
        return {i: self.cards[i].total for i in players if i not in self.disqualified}

    def _turn(self, player: Player, card: y.Scorecard, rng: random.Random) -> y.Scorecard:
        dice = [rng.randint(1, 6) for _ in range(y.DICE)]
        for stage in range(y.ROLLS):
            try:
                choice = player.turn(tuple(dice), stage)
            except IllegalChoice:
                raise
            except Exception as error:  # noqa: BLE001 - a crashing bot is disqualified, not the controller
                raise IllegalChoice("yahtzee.contest.raised", error=shorten(f"{type(error).__name__}: {error}")) from error
            if not isinstance(choice, TurnChoice) or not (choice.category is None or isinstance(choice.category, y.Category)):
                raise IllegalChoice("yahtzee.contest.not_choice", value=shorten(repr(choice)))
            shown = " ".join(map(str, dice))
            if choice.category is not None:
                try:
                    return card.place(choice.category, dice, self.joker)
                except RuleInputError as error:
                    raise IllegalChoice("yahtzee.contest.not_allowed", category=choice.category, dice=shown,
                                        why=error.step) from None
            kept = choice.kept or ()
            if stage == y.ROLLS - 1:
                raise IllegalChoice("yahtzee.contest.must_place", dice=shown)
            if any(type(i) is not int or not 0 <= i < y.DICE for i in kept) or len(set(kept)) != len(kept):
                raise IllegalChoice("yahtzee.contest.bad_keep", keep=shorten(repr(list(kept))))
            dice = [d if i in kept else rng.randint(1, 6) for i, d in enumerate(dice)]
        raise AssertionError("unreachable")

    def close(self) -> None:
        for player in self.players:
            player.close()


@dataclass
class Standing:
    """One player's line in the final table."""

    name: str
    points: int = 0
    scores: list[int] = field(default_factory=list)
    tiebreak_points: int = 0
    disqualified: Step | None = None

    @property
    def mean(self) -> float:
        return statistics.fmean(self.scores) if self.scores else 0.0

    @property
    def stdev(self) -> float:
        return statistics.stdev(self.scores) if len(self.scores) > 1 else 0.0

    @property
    def best(self) -> int:
        return max(self.scores, default=0)


@dataclass
class TournamentResult:
    """Standings best first, the number of tie-break games, and whether a tie remained."""

    standings: list[Standing]
    games: int
    tiebreak_games: int
    unbroken_tie: bool


def _award(scores: dict[int, int]) -> list[int]:
    """The winners of one game: every player with the best score."""
    if not scores:
        return []
    best = max(scores.values())
    return [i for i, s in scores.items() if s == best]


def run_tournament(specs: Sequence[str], games: int = 1000, seed: int = 0, joker: y.JokerRule = y.FORCED,
                   timeout: float = 5.0, tiebreak_limit: int = 100,
                   progress: Callable[[int], None] | None = None) -> TournamentResult:
    """Run the tournament of seed 004.

    Args:
        specs: one bot a player (see :func:`make_player`); the same bot may appear twice.
        games: games in the main round.
        seed: the tournament seed; game ``g`` uses dice seed ``seed * 1_000_003 + g``.
        joker: the joker rule.
        timeout: seconds an external bot may take for one answer.
        tiebreak_limit: most further games to break a tie on points.
        progress: called with 1 after each game (main and tie-break).

    Returns:
        A :class:`TournamentResult` (standings sorted by points, then tie-break points).

    Raises:
        IllegalChoice: a bot could not be loaded or started.
    """
    controller = Controller(specs, joker, timeout)
    try:
        standings = [Standing(p.name) for p in controller.players]
        for game in range(games):
            scores = controller.play_game(seed * 1_000_003 + game)
            for i, score in scores.items():
                standings[i].scores.append(score)
            for i in _award(scores):
                standings[i].points += 1
            if progress:
                progress(1)
        extra = 0
        unbroken = False
        while True:
            alive = controller.active()
            top = max((standings[i].points for i in alive), default=0)
            tied = [i for i in alive if standings[i].points == top]
            leaders = [i for i in tied if standings[i].tiebreak_points == max(standings[j].tiebreak_points for j in tied)]
            if len(leaders) <= 1:
                break
            if extra >= tiebreak_limit:
                unbroken = True
                break
            scores = controller.play_game(seed * 1_000_003 + games + extra, among=leaders)
            extra += 1
            winners = _award(scores)
            if len(winners) == 1:
                standings[winners[0]].tiebreak_points += 1
            if progress:
                progress(1)
        for i, reason in controller.disqualified.items():
            standings[i].disqualified = reason
    finally:
        controller.close()
    order = sorted(standings, key=lambda s: (s.disqualified is None, s.points, s.tiebreak_points), reverse=True)
    return TournamentResult(order, games, extra, unbroken)
