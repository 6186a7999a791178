"""What a Yahtzee bot sees and answers: the player interface of seed 004, in Python naming.

A bot is a class with ``turn(dice, stage) -> TurnChoice``::

    from webapp.games.yahtzee.contest.players import Player, TurnChoice

    class KeepSixes(Player):
        def turn(self, dice, stage):
            if stage < 2:
                return TurnChoice.keep(i for i, d in enumerate(dice) if d == 6)
            return TurnChoice.place(max(self.game.scorecard().free_categories,
                                        key=lambda c: c.score(dice)))

* ``dice``: the five dice showing (a tuple of ints 1-6); ``stage``: the roll of
  the turn, 0 (after the first roll), 1 or 2 (after the third roll: a box must be chosen).
* :meth:`TurnChoice.keep` keeps the dice at the given indexes (0-4) and rolls the
  others (only at stage 0 and 1); :meth:`TurnChoice.place` fills a box.
* ``self.game`` (a :class:`GameView`) answers ``scorecard()`` (a read-only
  :class:`ScorecardView` of the bot's own card) and ``scores()`` (every
  player's current score in this game, without names, sorted).

External programs (any language) speak JSON lines: see :mod:`.external`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from webapp.core.steps import Step
from webapp.games.yahtzee import rules as y

Category = y.Category


@dataclass(frozen=True)
class ScorecardView:
    """A read-only copy of a score card (the seed's ``ScorecardInterface``); ``card`` is the
    immutable :class:`webapp.games.yahtzee.rules.Scorecard` itself, for bots that want every box."""

    free_categories: tuple[Category, ...]
    score: int
    upper_score: int
    upper_bonus: int
    yahtzee_bonus: int
    yahtzee_box: int | None
    card: y.Scorecard

    @classmethod
    def of(cls, card: y.Scorecard) -> "ScorecardView":
        return cls(card.free, card.total, card.upper_score, card.upper_bonus, card.yahtzee_bonus,
                   card.get(Category.YAHTZEE), card)

    def legal(self, dice) -> tuple[Category, ...]:
        """The boxes the forced joker rule allows for ``dice`` now."""
        return y.legal_categories(dice, self.card)

    def as_json(self) -> dict:
        """The view as JSON-ready data (category names as in :class:`Category` values)."""
        return {"free": [c.value for c in self.free_categories], "score": self.score,
                "upper_score": self.upper_score, "upper_bonus": self.upper_bonus,
                "yahtzee_bonus": self.yahtzee_bonus, "yahtzee_box": self.yahtzee_box}


class GameView:
    """What a player may ask the controller (the seed's ``ControllerInterface``)."""

    def __init__(self, controller, index: int) -> None:
        self._controller = controller
        self._index = index

    def scorecard(self) -> ScorecardView:
        """The player's own score card (a copy)."""
        return ScorecardView.of(self._controller.cards[self._index])

    def scores(self) -> list[int]:
        """Every player's current score in this game, sorted, without names."""
        return sorted(card.total for card in self._controller.cards)


@dataclass(frozen=True)
class TurnChoice:
    """A player's answer: keep some dice (indexes 0-4) and roll the rest, or fill a box."""

    kept: tuple[int, ...] | None = None
    category: Category | None = None

    @classmethod
    def keep(cls, indexes: Iterable[int]) -> "TurnChoice":
        """Keep the dice at these indexes (0-4) and roll the others."""
        return cls(kept=tuple(indexes))

    @classmethod
    def place(cls, category: Category) -> "TurnChoice":
        """Fill ``category`` with the dice showing."""
        return cls(category=category)


class Player:
    """Base class of a bot: override :meth:`turn`. ``self.game`` is its :class:`GameView`."""

    def __init__(self, game: GameView) -> None:
        self.game = game

    @property
    def name(self) -> str:
        """The name in the tournament table: the class name."""
        return type(self).__name__

    def turn(self, dice: tuple[int, ...], stage: int) -> TurnChoice:  # pragma: no cover - abstract
        """Answer one roll: keep dice (stage 0 or 1) or fill a box."""
        raise NotImplementedError

    def close(self) -> None:
        """Called once when the tournament is over (external programs are stopped here)."""

    def stop(self) -> None:
        """Called when the player is disqualified: a program is stopped at once (the default: :meth:`close`)."""
        self.close()


class IllegalChoice(Exception):
    """A player broke a rule, failed to answer, or cannot be loaded or started.

    Args:
        reason: the reason's message code (``yahtzee.contest.*``, or an engine's code); ``params`` its parameters.

    Attributes:
        step: the reason as a :class:`~webapp.core.steps.Step`, rendered in the reader's language.
    """

    def __init__(self, reason: str, /, **params: Any) -> None:
        super().__init__(reason)
        self.step = Step(reason, **params)
