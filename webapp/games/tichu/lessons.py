"""Tichu trick lessons: a scripted trick that a child (seat 0) plays through against simple bots.

A :class:`Lesson` deals four hands; :meth:`LessonState.start` lets the bots act
until it is the child's turn, and :meth:`LessonState.apply` takes one of the
child's actions (:class:`Play`, :class:`Pass`, :class:`GiveDragon`), then lets
the bots act again. States are frozen: ``apply`` returns a new state or raises,
and the state it was called on never changes. The rules are those of
:mod:`webapp.games.tichu.trick` (official Tichu rulebook and FAQ).

>>> from webapp.games.tichu.rules import parse_play
>>> state = LessonState.start(LESSONS["dog"])
>>> state = state.apply(Play(parse_play("D")))
>>> state.trick.is_over, state.result.next_lead
(True, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Mapping

from webapp.games.tichu.rules import MAH_JONG, TichuCard, Verdict, parse_play
from webapp.games.tichu.trick import IllegalMove, RuleViolation, Trick, TrickError, TrickResult, bot_move

#: The child's seat; seats 1 and 3 are the opponents, 2 the partner.
CHILD = 0
#: At most this many actions a lesson (the child's moves; the bots' loop too).
MAX_MOVES = 40


@dataclass(frozen=True)
class Lesson:
    """A scripted trick: the four hands, who leads, an open wish, and what a bot wishes with the Mah Jong.

    Attributes:
        key: the lesson's name in the URL.
        hands: the four hands in the suited notation, seat 0 (the child) first.
        leader: the seat that leads.
        wish: a Mah Jong wish still open when the trick starts, or None.
        bot_wish: the rank a bot wishes when it plays the Mah Jong, or None.
    """

    key: str
    hands: tuple[str, str, str, str]
    leader: int = 0
    wish: int | None = None
    bot_wish: int | None = None


#: The lessons by key; seat 0 is the child, seats 1 and 3 are the opponents, 2 the partner.
LESSONS: Mapping[str, Lesson] = MappingProxyType({
    lesson.key: lesson
    for lesson in (
        # Lead the Mah Jong with a wish; player 2 must play the wished 8; the Dragon is bombed.
        Lesson("full", ("1R3g9kKg", "8r2b6b", "Qg4k0b", "5g5k5b5rAb2r")),
        # Player 4 led the Mah Jong wishing a 9: the child holds a 9 and must play it.
        Lesson("wish", ("9gQk4b", "3r6g", "7g2k", "1Jr"), leader=3, bot_wish=9),
        # The child wins with the Dragon and must give the trick to an opponent.
        Lesson("dragon", ("RKk3g", "Ab4r", "2g7k", "Qb5k"), leader=3),
        # The child plays the Dog: the lead goes to the partner.
        Lesson("dog", ("D7g", "Ab", "3k4k", "Kr"), leader=0),
        # An opponent leads an Ace; the child holds a straight-flush bomb.
        Lesson("bomb", ("4b5b6b7b8bJr", "AgQr", "2k3r", "Kb9g"), leader=1),
    )
})


# --- The child's actions ---------------------------------------------------------
@dataclass(frozen=True)
class Play:
    """The child plays ``cards``; ``wish`` is the rank wished with the Mah Jong, ``reading`` the rank the
    Phoenix is declared to stand for (Tichu rulebook: "Mah Jong", "Phoenix")."""

    cards: tuple[TichuCard, ...]
    wish: int | None = None
    reading: int | None = None


@dataclass(frozen=True)
class Pass:
    """The child passes (Tichu rulebook: "Passing")."""


@dataclass(frozen=True)
class GiveDragon:
    """The child gives the trick won with the Dragon to the player in ``seat`` (Tichu rulebook: "Dragon")."""

    seat: int


Action = Play | Pass | GiveDragon


# --- The bots ----------------------------------------------------------------------
def run_bots(trick: Trick, bot_wish: int | None) -> Trick:
    """Let the bots (seats 1 to 3) act until it is the child's turn or the trick is over.

    Before each turn a bot that throws in a bomb out of turn does so first
    (:func:`~webapp.games.tichu.trick.bot_move`); a bot playing the Mah Jong
    wishes ``bot_wish``. At most :data:`MAX_MOVES` bot actions.

    Returns:
        The trick when the child is in turn, the trick is over, or the bots
        used up :data:`MAX_MOVES` actions.

    Raises:
        IllegalMove: never for the built-in bots (they only make legal moves).
    """
    for _ in range(MAX_MOVES):
        if trick.is_over:
            return trick
        bombs = [(s, bot_move(trick, s)) for s in (1, 2, 3) if s != trick.to_move]
        bomb = next(((s, move) for s, move in bombs if move), None)
        if bomb is not None:  # a bomb thrown in out of turn
            trick = trick.play(bomb[0], bomb[1][0])
            continue
        seat = trick.to_move
        if seat == CHILD or seat is None:
            return trick
        cards, wish = bot_move(trick, seat) or ((), None)
        if any(c.rank == MAH_JONG for c in cards):
            wish = bot_wish
        trick = trick.play(seat, cards, wish=wish) if cards else trick.pass_(seat)
    return trick


# --- A lesson in progress -------------------------------------------------------------
@dataclass(frozen=True)
class LessonState:
    """A lesson after some of the child's actions, with the bots' answers.

    Attributes:
        lesson: the :class:`Lesson` played.
        trick: the trick as it stands (the child in turn, or the trick over).
        actions: the child's actions so far, in order.
        verdict: the verdict of the last action when it was a play, else None.
        gift: the seat the child gave the Dragon trick to, or None.
    """

    lesson: Lesson
    trick: Trick
    actions: tuple[Action, ...] = ()
    verdict: Verdict | None = None
    gift: int | None = None

    @classmethod
    def start(cls, lesson: Lesson) -> "LessonState":
        """Deal ``lesson`` and let the bots act until it is the child's turn.

        Raises:
            RuleInputError: when a lesson's hands are badly written (never for :data:`LESSONS`).
        """
        hands = tuple(parse_play(h) for h in lesson.hands)
        return cls(lesson, run_bots(Trick.deal(hands, lesson.leader, lesson.wish), lesson.bot_wish))

    def expect(self, kind: type[Play] | type[Pass] | type[GiveDragon]) -> None:
        """Check that an action of this kind may come now: after the trick only the Dragon's gift.

        Raises:
            RuleViolation: ``tichu.error.trick_over`` for a play or pass in a finished trick.
        """
        if self.trick.is_over and kind is not GiveDragon:
            raise RuleViolation(TrickError.TRICK_OVER, "the trick is over")

    def apply(self, action: Action) -> "LessonState":
        """The state after the child's ``action`` and the bots' answers (Tichu rulebook and FAQ).

        Raises:
            IllegalMove: a play or pass the rules forbid now (its ``verdict`` says why).
            RuleViolation: the trick is over (a play or pass), or the gift is not
                allowed (the trick is not over, was not won with the Dragon, or the
                seat is no opponent).
            RuleInputError: the hand lacks a card of the play, or the Phoenix
                cannot stand for the declared ``reading``.
        """
        self.expect(type(action))
        trick = self.trick
        actions = self.actions + (action,)
        if isinstance(action, GiveDragon):
            trick.result(gift_to=action.seat)
            return replace(self, actions=actions, verdict=None, gift=action.seat)
        if isinstance(action, Pass):
            after = trick.pass_(CHILD)
            return replace(self, trick=run_bots(after, self.lesson.bot_wish), actions=actions, verdict=None)
        verdict = trick.judge(CHILD, action.cards, action.reading)
        after = trick.play(CHILD, action.cards, reading=action.reading, wish=action.wish)
        return replace(self, trick=run_bots(after, self.lesson.bot_wish), actions=actions, verdict=verdict)

    @property
    def hand(self) -> tuple[TichuCard, ...]:
        """The child's cards."""
        return self.trick.hands[CHILD]

    @property
    def result(self) -> TrickResult | None:
        """The finished trick's result, or None while it runs or the Dragon's gift is still to be given."""
        trick = self.trick
        if trick.is_over and (not trick.needs_gift or self.gift is not None):
            return trick.result(gift_to=self.gift if trick.needs_gift else None)
        return None


__all__ = [
    "CHILD", "LESSONS", "MAX_MOVES", "Action", "GiveDragon", "IllegalMove", "Lesson", "LessonState", "Pass", "Play",
    "RuleViolation", "run_bots",
]
