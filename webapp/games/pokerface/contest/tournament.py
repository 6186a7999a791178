"""Rounds, games and the tournament of the Pokerface contest (seed 003).

* A round: deal five cards to each player; each may exchange cards (in seat
  order, from the top of the deck), then take up to three extra cards (again
  in seat order); each reveals five cards. The best hand scores a point, tied
  best hands each score one. A bot that breaks the rules (timeout, crash,
  garbage, a card it does not hold) is out of that round and the report says why.
* A game: 10 rounds; the player(s) with the most points win a victory point.
* The tournament: one 4-player game for every subset of four bots, the whole
  repeated 5 times; filler bots are added until the number of bots divides by
  four. Ranking by victory points, ties sharing a place.

After each round every revealed hand is appended to ``<bot>/data/hands.txt``
of each subprocess bot, one hand a line, ASCII.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from webapp.games.pokerface.rules import PLAYERS, ROUNDS, Card, Dealer, Showdown, cards_text, exchange, game_winners, showdown
from webapp.games.pokerface.contest.config import BotConfig
from webapp.games.pokerface.contest.players import STARTUP_GRACE, BotFailure, InProcessPlayer, Player, SubprocessPlayer
from webapp.games.pokerface.contest.strategies import FillerBot
from webapp.core.steps import Step

#: Games per subset of four bots (seed 003: "this process is repeated five times").
REPEAT = 5


@dataclass(frozen=True)
class Failure:
    """A bot that lost a round by breaking the rules: who, where (game and round, from 1), and why.

    ``kind`` is ``timeout``, ``crash``, ``garbage`` or ``cheat``; ``reason`` the
    :class:`~webapp.core.steps.Step` to show (a ``poker.contest.*`` code).
    """

    player: str
    game: int
    round: int
    kind: str
    reason: Step

    @property
    def step(self) -> Step:
        """The whole line as a step: "<bot> (game g, round r): <reason>"."""
        return Step("poker.contest.failure", player=self.player, game=self.game, round=self.round, reason=self.reason)


@dataclass(frozen=True)
class RoundResult:
    """One round: the held cards, the showdown, and each failed seat's :class:`~.players.BotFailure`."""

    held: tuple[tuple[Card, ...], ...]
    showdown: Showdown | None
    failures: dict[int, BotFailure]

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.showdown is None else self.showdown.winners


def play_round(players: Sequence[Player], seed: str | int) -> RoundResult:
    """Play one round with the seats in order (seed 003's four steps).

    Returns:
        The :class:`RoundResult`; when every player failed, there is no showdown.
    """
    dealer = Dealer(seed)
    held = [list(h) for h in dealer.deal(len(players))]
    failures: dict[int, BotFailure] = {}

    def each(action: Callable[[int, Player], None]) -> None:
        for seat, player in enumerate(players):
            if seat in failures:
                continue
            try:
                action(seat, player)
            except BotFailure as failure:
                failures[seat] = failure
                player.finish(at_once=True)  # stop a failed bot at once (it and everything it started)

    gives: dict[int, tuple[int, ...]] = {}
    counts: dict[int, int] = {}
    reveals: dict[int, tuple[Card, ...]] = {}
    try:
        each(lambda seat, p: p.start(tuple(held[seat])))
        each(lambda seat, p: gives.__setitem__(seat, p.exchange()))

        def replace(seat: int, player: Player) -> None:
            if gives[seat]:
                new = dealer.draw(len(gives[seat]))
                held[seat] = list(exchange(held[seat], gives[seat], new))
                player.replaced(new)

        each(replace)
        each(lambda seat, p: counts.__setitem__(seat, p.extras()))

        def draw_extras(seat: int, player: Player) -> None:
            extra = dealer.draw(counts[seat])
            held[seat].extend(extra)
            player.extra_cards(extra)

        each(draw_extras)
        each(lambda seat, p: reveals.__setitem__(seat, p.reveal(tuple(held[seat]))))
    finally:
        for player in players:
            player.finish()
    hands = [reveals.get(seat) if seat not in failures else None for seat in range(len(players))]
    result = None
    if any(h is not None for h in hands):
        result = showdown([p.name for p in players], hands)
    return RoundResult(tuple(tuple(h) for h in held), result, failures)


def record_hands(players: Sequence[Player], result: RoundResult) -> None:
    """Append every revealed hand to ``data/hands.txt`` of each subprocess bot (seed 003)."""
    if result.showdown is None:
        return
    lines = "".join(cards_text(h) + "\n" for h in result.showdown.hands if h is not None)
    for player in players:
        if isinstance(player, SubprocessPlayer):
            data = Path(player.config.folder) / "data"
            try:
                data.mkdir(exist_ok=True)
                with open(data / "hands.txt", "a", encoding="ascii", newline="\n") as f:
                    f.write(lines)
            except OSError:
                pass  # a read-only bot folder does not stop the contest


@dataclass
class GameResult:
    """One game of ten rounds: points per seat, the winners, and the failures."""

    names: tuple[str, ...]
    points: list[int]
    winners: tuple[int, ...] = ()
    failures: list[Failure] = field(default_factory=list)


def play_game(players: Sequence[Player], seed: str, rounds: int = ROUNDS, number: int = 1) -> GameResult:
    """Play ``rounds`` rounds (seed 003: 10); the most points win the game, ties shared."""
    game = GameResult(tuple(p.name for p in players), [0] * len(players))
    for round_number in range(1, rounds + 1):
        result = play_round(players, f"{seed}:{round_number}")
        for seat in result.winners:
            game.points[seat] += 1
        for seat, failure in sorted(result.failures.items()):
            game.failures.append(Failure(players[seat].name, number, round_number, failure.kind, failure.step))
        record_hands(players, result)
    game.winners = game_winners(game.points)
    return game


@dataclass
class Standing:
    """One bot's line in the final table."""

    name: str
    victory_points: int = 0
    games: int = 0
    round_points: int = 0
    failures: int = 0
    place: int = 0
    filler: bool = False


@dataclass
class TournamentResult:
    """The final table (best first, places shared on ties), every game, and every failure."""

    standings: list[Standing]
    games: list[GameResult]
    failures: list[Failure]


def schedule(count: int, repeat: int = REPEAT) -> list[tuple[int, ...]]:
    """The games: every subset of 4 of ``count`` seats (a multiple of 4), ``repeat`` times."""
    subsets = list(itertools.combinations(range(count), PLAYERS))
    return [subset for _ in range(repeat) for subset in subsets]


def with_fillers(players: list[Player]) -> list[Player]:
    """Add filler bots until the number of players divides by four (seed 003: up to three)."""
    fillers = [InProcessPlayer(FillerBot(), f"Filler {i}") for i in range(1, -len(players) % PLAYERS + 1)]
    return players + fillers


def rank_standings(standings: list[Standing]) -> list[Standing]:
    """Sort by victory points, then round points; equal victory points share a place ("1, 1, 3")."""
    ordered = sorted(standings, key=lambda s: (-s.victory_points, -s.round_points, s.name))
    for index, standing in enumerate(ordered):
        same = index and ordered[index - 1].victory_points == standing.victory_points
        standing.place = ordered[index - 1].place if same else index + 1
    return ordered


def run_tournament(players: Sequence[Player], repeat: int = REPEAT, rounds: int = ROUNDS, seed: str = "pokerface",
                   progress: Callable[[GameResult], None] | None = None) -> TournamentResult:
    """Run the whole tournament (seed 003) and return the table.

    Args:
        players: the bots (fillers are added here).
        repeat: how often every subset of four plays (seed: 5).
        rounds: rounds a game (seed: 10).
        seed: makes the deals reproducible.
        progress: called after each game.
    """
    table = with_fillers(list(players))
    standings = [Standing(p.name, filler=index >= len(players)) for index, p in enumerate(table)]
    games: list[GameResult] = []
    failures: list[Failure] = []
    for number, subset in enumerate(schedule(len(table), repeat), start=1):
        seats = [table[i] for i in subset]
        game = play_game(seats, f"{seed}:{number}", rounds, number)
        for seat, index in enumerate(subset):
            standings[index].games += 1
            standings[index].round_points += game.points[seat]
            standings[index].victory_points += seat in game.winners
            standings[index].failures += sum(f.player == table[index].name for f in game.failures)
        games.append(game)
        failures.extend(game.failures)
        if progress is not None:
            progress(game)
    return TournamentResult(rank_standings(standings), games, failures)


def game_count(bots: int, repeat: int = REPEAT) -> int:
    """How many games a tournament of ``bots`` bots plays (fillers included)."""
    return len(schedule(bots + (-bots % PLAYERS), repeat))


def bot_players(configs: Sequence[BotConfig], timeout: float = 1.0, startup_grace: float = STARTUP_GRACE) -> list[Player]:
    """Subprocess players for bot folders; names made unique with a number when they clash."""
    players: list[Player] = []
    seen: dict[str, int] = {}
    for config in configs:
        player = SubprocessPlayer(config, timeout=timeout, startup_grace=startup_grace)
        seen[config.name] = seen.get(config.name, 0) + 1
        if seen[config.name] > 1:
            player.name = f"{config.name} ({seen[config.name]})"
        players.append(player)
    return players

