"""The controller of seed 004: every player plays its own game with the same dice, N games.

Each game, every player gets a fresh score card and a random generator seeded
with the game's seed, so all players face the same dice as long as they keep
the same dice. Players take their turns in lockstep (turn 1 of everyone, then
turn 2...), so ``scores()`` shows everyone's score after the same number of turns.
The best score of a game earns a point (ties: all of them). After all games the
most points win; a tie on points is broken by further games among the tied
players (at most ``tiebreak_limit``). An illegal choice, an exception or a late
answer disqualifies the player for the rest of the tournament, with the reason.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from webapp.games.yahtzee import rules as y
from webapp.core.steps import RuleInputError
from webapp.games.yahtzee.contest import bots
from webapp.games.yahtzee.contest.external import ExternalPlayer
from webapp.games.yahtzee.contest.players import GameView, IllegalChoice, Player, TurnChoice

#: Built-in bots by name.
BUILT_IN: dict[str, type[Player]] = {"dummy": bots.DummyBot, "heuristic": bots.HeuristicBot, "optimal": bots.OptimalBot}


def load_player_class(spec: str) -> type[Player]:
    """A player class from ``dummy|heuristic|optimal``, ``package.module.Class``,
    ``package.module:Class`` or ``path/to/file.py:Class``.

    Raises:
        IllegalChoice: the class cannot be found or is not a :class:`Player`.
    """
    if spec in BUILT_IN:
        return BUILT_IN[spec]
    module_name, sep, class_name = spec.rpartition(":") if ":" in spec else spec.rpartition(".")
    if not sep or not module_name:
        raise IllegalChoice(f"{spec!r} is no bot: use dummy, heuristic, optimal, module.Class, file.py:Class or exec:COMMAND")
    try:
        if module_name.endswith(".py"):
            location = importlib.util.spec_from_file_location(Path(module_name).stem, module_name)
            if location is None or not Path(module_name).is_file():
                raise ImportError(f"no file {module_name}")
            module = importlib.util.module_from_spec(location)
            location.loader.exec_module(module)
        else:
            module = importlib.import_module(module_name)
        cls = getattr(module, class_name)
    except (ImportError, AttributeError, SyntaxError) as error:
        raise IllegalChoice(f"cannot load {spec!r}: {error}") from error
    if not (isinstance(cls, type) and issubclass(cls, Player)):
        raise IllegalChoice(f"{spec!r} is not a Player class")
    return cls


def make_player(spec: str, game: GameView, timeout: float) -> Player:
    """Start the player named by ``spec`` (``exec:COMMAND`` runs an external program)."""
    if spec.startswith("exec:"):
        return ExternalPlayer(game, spec[len("exec:"):], timeout)
    return load_player_class(spec)(game)


class Controller:
    """Runs games for a fixed list of players (see the module docstring)."""

    def __init__(self, specs: Sequence[str], joker: y.JokerRule = y.FORCED, timeout: float = 5.0) -> None:
        self.joker = y.JokerRule(joker)
        self.cards: list[y.Scorecard] = [y.Scorecard.empty() for _ in specs]
        self.players = [make_player(spec, GameView(self, i), timeout) for i, spec in enumerate(specs)]
        self.disqualified: dict[int, str] = {}

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
                    self.disqualified[i] = str(error)
        return {i: self.cards[i].total for i in players if i not in self.disqualified}

    def _turn(self, player: Player, card: y.Scorecard, rng: random.Random) -> y.Scorecard:
        dice = [rng.randint(1, 6) for _ in range(y.DICE)]
        for stage in range(y.ROLLS):
            try:
                choice = player.turn(tuple(dice), stage)
            except IllegalChoice:
                raise
            except Exception as error:  # noqa: BLE001 - a crashing bot is disqualified, not the controller
                raise IllegalChoice(f"the bot raised {type(error).__name__}: {error}") from error
            if not isinstance(choice, TurnChoice):
                raise IllegalChoice(f"turn() must return a TurnChoice, not {choice!r}")
            if choice.category is not None:
                try:
                    return card.place(choice.category, dice, self.joker)
                except RuleInputError as error:
                    raise IllegalChoice(f"{choice.category.value} is not allowed for {dice} ({error})") from None
            kept = choice.kept or ()
            if stage == y.ROLLS - 1:
                raise IllegalChoice(f"after the third roll a category must be chosen (dice {dice})")
            if any(not isinstance(i, int) or not 0 <= i < y.DICE for i in kept) or len(set(kept)) != len(kept):
                raise IllegalChoice(f"keep indexes must be distinct numbers 0-4, not {list(kept)}")
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
    disqualified: str | None = None

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
