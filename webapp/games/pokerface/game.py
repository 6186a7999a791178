"""The child's Pokerface game against three bots, as a frozen state with typed actions (seed 003).

A game is ten rounds at a table of four: the child in seat 0, then the bots
of :data:`TABLE` (Leo, Mia, Ben). A round has four phases (:class:`Phase`):
the child picks cards to give away (``exchange``), then takes 0 to 3 extra
cards (``extras``), then picks the five cards to show (``reveal``), then
sees the ``showdown``. The bots play their moves in seat order after the
child, exactly as in a contest round (:func:`~.contest.tournament.play_round`).

:class:`Game` is immutable: ``game.apply(action)`` returns the new game or
raises a typed error, so a page, a CLI or a bot can drive it alike::

    >>> game = Game.new("demo")
    >>> game = game.apply(Toggle(0)).apply(Exchange()).apply(Extras(3)).apply(Best()).apply(Reveal())
    >>> game.phase, len(game.held)
    (<Phase.SHOWDOWN: 'showdown'>, 8)

Errors: :class:`~.rules.NotationError` for an action that names nothing now
(an index past the cards held, an action of another phase, a count other
than 0-3; a page answers 400) and :class:`~.rules.RuleViolation` for a move
the rules forbid (a sixth card to show, showing other than five; a page
answers 422).

Everything is reproducible from the seed: the deck of round ``n`` is shuffled
from ``f"{seed}:{n}"``, so a game is fully described by its seed and the
child's moves (:meth:`Game.moves`, :meth:`Game.from_moves`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any, Sequence, Union

from webapp.games.pokerface.contest.strategies import FillerBot, LeoBot, SmartBot, Strategy
from webapp.games.pokerface.rules import (HAND_SIZE, MAX_EXTRA, PLAYERS, ROUNDS, Card, Dealer, NotationError, Reason,
                                          RuleViolation, Showdown, best_five, check_reveal, exchange, game_winners,
                                          showdown)

#: The three bots at the child's table, by seat 1-3: name and strategy (seed 003's reference bot,
#: our bot, the filler bot).
TABLE: tuple[tuple[str, type[Strategy]], ...] = (("Leo", LeoBot), ("Mia", SmartBot), ("Ben", FillerBot))


class Phase(StrEnum):
    """The four phases of a round, in order; the values are those the pages use."""

    EXCHANGE = "exchange"
    EXTRAS = "extras"
    REVEAL = "reveal"
    SHOWDOWN = "showdown"


# --- Actions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Toggle:
    """Select the held card at ``index`` (0-based), or put it back when it is selected."""

    index: int


@dataclass(frozen=True)
class Select:
    """Add the card at ``index`` to the selection (no-op when it is selected): a selection restored from a link."""

    index: int


@dataclass(frozen=True)
class Exchange:
    """Give away the selected cards (none: keep all five); phase ``exchange``."""


@dataclass(frozen=True)
class Extras:
    """Take ``count`` extra cards, 0 to 3; phase ``extras``."""

    count: int


@dataclass(frozen=True)
class Best:
    """Select the best five of the cards held; phase ``reveal``."""


@dataclass(frozen=True)
class Reveal:
    """Show the five selected cards; phase ``reveal``."""


@dataclass(frozen=True)
class Next:
    """Start the next round; phase ``showdown`` of rounds 1-9."""


@dataclass(frozen=True)
class Hint:
    """Show or hide the hint (the best five), in any phase."""


@dataclass(frozen=True)
class NewGame:
    """Start a new game dealt from ``seed``; the hint setting stays."""

    seed: str


Action = Union[Toggle, Select, Exchange, Extras, Best, Reveal, Next, Hint, NewGame]


def _wrong(detail: str) -> NotationError:
    """The error for an action that names nothing now (the page's "broken link" sentence)."""
    return NotationError(Reason.NOT_NOW, f"not possible now: {detail}", detail=detail)


# --- A round -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    """A played round: every seat's cards held at the end, and the showdown.

    Attributes:
        held: each seat's cards (5 to 8), seat 0 the child.
        showdown: the :class:`~.rules.Showdown` of the four revealed hands
            (None while the child has not revealed yet).
    """

    held: tuple[tuple[Card, ...], ...]
    showdown: Showdown | None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that score a point (none before the showdown)."""
        return () if self.showdown is None else self.showdown.winners


@dataclass(frozen=True)
class Round:
    """One round: its deck and the child's moves so far (``None``: not made yet).

    Attributes:
        deck_seed: the seed the deck is shuffled from (``"<game seed>:<round number>"``).
        give: the indices (0-4, ascending) of the dealt cards given away.
        extras: how many extra cards were taken (0-3).
        shown: the indices (ascending) of the five held cards shown.

    Raises:
        NotationError: for moves out of order or out of range (a token that no game made).
    """

    deck_seed: str
    give: tuple[int, ...] | None = None
    extras: int | None = None
    shown: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        moves = (self.give, self.extras, self.shown)
        made = sum(m is not None for m in moves)
        if any(m is None for m in moves[:made]):
            raise _wrong("moves out of order")
        if self.give is not None and (list(self.give) != sorted(set(self.give))
                                      or not all(0 <= i < HAND_SIZE for i in self.give)):
            raise _wrong(f"give={self.give}")
        if self.extras is not None and not 0 <= self.extras <= MAX_EXTRA:
            raise _wrong(f"extras={self.extras}")
        if self.shown is not None and (list(self.shown) != sorted(set(self.shown)) or len(self.shown) != HAND_SIZE
                                       or not all(0 <= i < self.size for i in self.shown)):
            raise _wrong(f"shown={self.shown}")

    @property
    def phase(self) -> Phase:
        """The phase: the first move not made yet."""
        if self.give is None:
            return Phase.EXCHANGE
        if self.extras is None:
            return Phase.EXTRAS
        return Phase.REVEAL if self.shown is None else Phase.SHOWDOWN

    @property
    def size(self) -> int:
        """How many cards the child holds now: five, plus the extra cards once taken."""
        return HAND_SIZE + (self.extras or 0)

    @property
    def dealt(self) -> tuple[Card, ...]:
        """The child's five dealt cards (seat 0 is dealt first)."""
        return Dealer(self.deck_seed).deal(1)[0]

    @property
    def held(self) -> tuple[Card, ...]:
        """The child's cards now: as dealt, after the exchange, or with the extra cards."""
        return _play(self.deck_seed, self.give or (), self.extras or 0, None, ()).held[0]

    def outcome(self, names: Sequence[str]) -> Outcome:
        """The played round (phase ``showdown`` only), ``names`` the four players' names, seat 0 first.

        Raises:
            NotationError: before the showdown.
        """
        if self.shown is None:
            raise _wrong("no showdown yet")
        return _play(self.deck_seed, self.give, self.extras, self.shown, tuple(names))

    def moves(self) -> list:
        """The moves made, as a link stores them: ``[give, extras, shown]`` as far as made (lists of ints)."""
        moves: list = []
        if self.give is not None:
            moves.append(list(self.give))
        if self.extras is not None:
            moves.append(self.extras)
        if self.shown is not None:
            moves.append(list(self.shown))
        return moves

    @classmethod
    def from_moves(cls, deck_seed: str, moves: Sequence[Any]) -> Round:
        """The round from the moves a link stored (see :meth:`moves`).

        Raises:
            NotationError: for more than three moves or moves of a wrong shape or range.
        """
        try:
            if not isinstance(moves, (list, tuple)) or len(moves) > 3:
                raise TypeError("moves are a list of at most three")
            give = None if len(moves) < 1 else tuple(int(i) for i in moves[0])
            extras = None if len(moves) < 2 else int(moves[1])
            shown = None if len(moves) < 3 else tuple(int(i) for i in moves[2])
        except (TypeError, ValueError):
            raise _wrong("moves of a wrong shape") from None
        return cls(deck_seed, give, extras, shown)


@lru_cache(maxsize=512)
def _play(deck_seed: str, give: tuple[int, ...], extras: int, shown: tuple[int, ...] | None,
          names: tuple[str, ...]) -> Outcome:
    """Play a round at the child's table (seed 003; the same steps and order as a contest round).

    Each seat in turn gives away cards and draws as many from the deck, then each
    takes its extra cards, then each reveals five. Moves the child has not made
    yet count as "keep all", "no extras"; without ``shown`` there is no showdown
    (``Outcome.showdown`` is None). A memo of a pure function: the same moves,
    the same outcome.
    """
    dealer = Dealer(deck_seed)
    held = [list(hand) for hand in dealer.deal(PLAYERS)]
    bots = [strategy() for _, strategy in TABLE]
    gives = [give] + [tuple(sorted(set(bot.exchange(tuple(held[seat]))))) for seat, bot in enumerate(bots, 1)]
    for seat, cards in enumerate(gives):
        if cards:
            held[seat] = list(exchange(held[seat], cards, dealer.draw(len(cards))))
    counts = [extras] + [bot.extras(tuple(held[seat])) for seat, bot in enumerate(bots, 1)]
    for seat, count in enumerate(counts):
        held[seat].extend(dealer.draw(count))
    if shown is None:
        return Outcome(tuple(map(tuple, held)), None)
    hands = [tuple(held[0][i] for i in shown)] + [tuple(bot.reveal(tuple(held[seat])))
                                                  for seat, bot in enumerate(bots, 1)]
    for seat, hand in enumerate(hands):
        check_reveal(held[seat], hand)  # the built-in bots and a checked child never fail
    return Outcome(tuple(map(tuple, held)), showdown(names, hands))


# --- The game ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Game:
    """A game of :data:`~.rules.ROUNDS` rounds: the finished rounds, the current one, the choice in progress.

    Attributes:
        seed: the game's seed (any text): round ``n`` is dealt from ``f"{seed}:{n}"``.
        rounds: the rounds so far, the current one last (never empty).
        hint: whether the page shows the best five.
        selected: the indices of the held cards selected so far, in the order clicked.
    """

    seed: str
    rounds: tuple[Round, ...]
    hint: bool = True
    selected: tuple[int, ...] = ()

    @classmethod
    def new(cls, seed: str, hint: bool = True) -> Game:
        """A game at round 1, dealt from ``seed``."""
        return cls(seed, (Round(f"{seed}:1"),), hint)

    @classmethod
    def from_moves(cls, seed: str, rounds: Sequence[Sequence[Any]], hint: bool = True) -> Game:
        """The game from a link's data: the seed, each round's moves (see :meth:`Round.moves`), the hint.

        Raises:
            NotationError: for no rounds or more than ten, an unfinished round before the last,
                or moves of a wrong shape.
        """
        if not isinstance(rounds, (list, tuple)) or not 1 <= len(rounds) <= ROUNDS:
            raise _wrong("rounds")
        parsed = tuple(Round.from_moves(f"{seed}:{n}", moves) for n, moves in enumerate(rounds, 1))
        if any(r.phase is not Phase.SHOWDOWN for r in parsed[:-1]):
            raise _wrong("an unfinished round")
        return cls(seed, parsed, hint)

    def moves(self) -> list[list]:
        """Each round's moves, as a link stores them (the inverse of :meth:`from_moves`)."""
        return [r.moves() for r in self.rounds]

    @property
    def round(self) -> Round:
        """The current round."""
        return self.rounds[-1]

    @property
    def number(self) -> int:
        """The current round's number, 1 to 10."""
        return len(self.rounds)

    @property
    def phase(self) -> Phase:
        """The current round's phase."""
        return self.round.phase

    @property
    def over(self) -> bool:
        """True at the showdown of the last round."""
        return self.number == ROUNDS and self.phase is Phase.SHOWDOWN

    @property
    def held(self) -> tuple[Card, ...]:
        """The child's cards in the current phase (:attr:`Round.held`)."""
        return self.round.held

    def scores(self, names: Sequence[str]) -> tuple[list[int], list[Outcome]]:
        """Points per seat from the finished rounds (a point to each winner), and their outcomes.

        Args:
            names: the four players' names, the child first (they appear in the showdown steps).
        """
        points = [0] * PLAYERS
        outcomes = []
        for played in self.rounds:
            if played.shown is None:
                break
            outcome = played.outcome(names)
            for seat in outcome.winners:
                points[seat] += 1
            outcomes.append(outcome)
        return points, outcomes

    def winners(self, names: Sequence[str]) -> tuple[int, ...]:
        """The seats with the most points (seed 003: each wins a victory point); meaningful when :attr:`over`."""
        return game_winners(self.scores(names)[0])

    def apply(self, action: Action) -> Game:
        """The game after ``action``.

        Raises:
            NotationError: ``web.error.bad_url`` (``detail``) for an index past the
                cards held or an action of another phase.
            RuleViolation: ``poker.error.five`` for a sixth card selected to show,
                ``poker.error.count`` (``count``, ``needed``) for showing other than five.
        """
        phase = self.phase
        match action:
            case Toggle(index) | Select(index) if not 0 <= index < self.round.size:
                raise _wrong(f"toggle={index}")
            case Select(index):
                return self if index in self.selected else replace(self, selected=self.selected + (index,))
            case Toggle(index) if index in self.selected:
                return replace(self, selected=tuple(i for i in self.selected if i != index))
            case Toggle(index):
                if phase is Phase.REVEAL and len(self.selected) >= HAND_SIZE:
                    raise RuleViolation(Reason.FIVE, "five cards are selected already")
                return replace(self, selected=self.selected + (index,))
            case NewGame(seed):
                return Game.new(seed, self.hint)
            case Hint():
                return replace(self, hint=not self.hint)
            case Exchange() if phase is Phase.EXCHANGE:
                return self._move(give=tuple(sorted(self.selected)))
            case Extras(count) if phase is Phase.EXTRAS and 0 <= count <= MAX_EXTRA:
                return self._move(extras=count, keep=True)
            case Best() if phase is Phase.REVEAL:
                held = self.held
                return replace(self, selected=tuple(held.index(c) for c in best_five(held)[1]))
            case Reveal() if phase is Phase.REVEAL:
                if len(self.selected) != HAND_SIZE:
                    raise RuleViolation(Reason.COUNT, f"5 cards needed, not {len(self.selected)}",
                                        count=len(self.selected), needed="5")
                return self._move(shown=tuple(sorted(self.selected)))
            case Next() if phase is Phase.SHOWDOWN and not self.over:
                following = Round(f"{self.seed}:{self.number + 1}")
                kept = tuple(i for i in self.selected if i < following.size)  # a selection carries over
                return replace(self, rounds=self.rounds + (following,), selected=kept)
        raise _wrong(f"action={type(action).__name__.lower()}")

    def _move(self, keep: bool = False, **move: Any) -> Game:
        """The game with a move made in the current round; the selection is cleared unless ``keep``."""
        rounds = self.rounds[:-1] + (replace(self.round, **move),)
        return replace(self, rounds=rounds, selected=self.selected if keep else ())
