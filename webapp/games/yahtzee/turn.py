"""One player's Yahtzee game between two moves: the score card and the turn under way.

The turn follows seed 004 (the official Hasbro rules): up to 3 rolls a turn; after
the first roll any dice may be kept and the others rolled again; then exactly one
free box is filled (the joker rule may send a Yahtzee elsewhere), and the next turn
begins. 13 turns fill the 13 boxes and end the game.

A :class:`Turn` is frozen; :meth:`Turn.apply` takes one typed move and returns the
next state, or raises:

* :class:`~webapp.games.yahtzee.rules.NotationError` when the move names nothing
  (a die position outside 0-4, a box name that is no box, faces that are no dice);
* :class:`~webapp.games.yahtzee.rules.RuleViolation` when the move is well formed
  but the rules forbid it now (a fourth roll, keeping or placing before the first
  roll, a filled box, a box the joker rule forbids, any move after the 13th turn).

The engine never draws dice: :class:`Roll` carries the new faces, drawn by the
caller (the web page uses the server's random generator), so a state and a move
always give the same next state.

>>> turn = Turn().apply(Roll((6, 6, 6, 2, 1))).apply(Keep(0)).apply(Keep(1)).apply(Keep(2))
>>> turn.to_roll
2
>>> turn = turn.apply(Roll((6, 3)))
>>> turn.dice, turn.rolls
((6, 6, 6, 6, 3), 2)
>>> str(turn.apply(Place("4kind")).card)
'4kind=27'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from webapp.games.yahtzee.rules import (
    DICE, FACES, ROLLS, Category, Dice, JokerRule, NotationError, RuleViolation, Scorecard, parse_category,
)

__all__ = ["Keep", "Move", "NotationError", "Place", "Roll", "RuleViolation", "Turn"]

NOTHING_KEPT: tuple[bool, ...] = (False,) * DICE


@dataclass(frozen=True)
class Roll:
    """Roll the dice that are not kept (all five on the first roll of a turn).

    Attributes:
        faces: the new faces (1-6), one for each die rolled, in the order of the
            dice positions; :attr:`Turn.to_roll` says how many are needed.
    """

    faces: Dice


@dataclass(frozen=True)
class Keep:
    """Keep die ``index`` (0-4) for the next roll, or roll it again after all: a toggle,
    like clicking a die on the page.

    Attributes:
        index: the die's position, 0 (first) .. 4 (last).
    """

    index: int


@dataclass(frozen=True)
class Place:
    """Fill a box of the score card with the dice showing; the turn ends.

    Attributes:
        box: the :class:`~webapp.games.yahtzee.rules.Category`, or its name as typed
            (``"fours"``, ``"3kind"``, ...; see :func:`~webapp.games.yahtzee.rules.parse_category`).
    """

    box: Category | str


Move = Roll | Keep | Place


@dataclass(frozen=True)
class Turn:
    """A game's state between moves (seed 004: 3 rolls a turn, 13 turns).

    Attributes:
        card: the score card so far.
        dice: the five dice showing, or ``()`` before the first roll of the turn.
        kept: for each die position, whether it is kept for the next roll.
        rolls: rolls made this turn: 0 (none yet) .. 3 (:data:`ROLLS`).
        joker: the joker rule for placing a Yahtzee.

    Raises:
        ValueError: on construction, for an inconsistent state (not five ``kept``
            flags, ``rolls`` outside 0..3, dice without a roll or a roll without
            five dice 1-6).
    """

    card: Scorecard = field(default_factory=Scorecard.empty)
    dice: Dice = ()
    kept: tuple[bool, ...] = NOTHING_KEPT
    rolls: int = 0
    joker: JokerRule = JokerRule.FORCED

    def __post_init__(self) -> None:
        if len(self.kept) != DICE or not 0 <= self.rolls <= ROLLS:
            raise ValueError(f"inconsistent turn: kept={self.kept!r}, rolls={self.rolls!r}")
        if (self.rolls == 0) != (self.dice == ()) or (self.dice and not _are_dice(self.dice, DICE)):
            raise ValueError(f"inconsistent turn: dice={self.dice!r}, rolls={self.rolls!r}")

    @property
    def is_over(self) -> bool:
        """True when all 13 boxes are filled: no move is left."""
        return self.card.is_complete

    @property
    def to_roll(self) -> int:
        """How many dice the next :class:`Roll` needs: 5 on the first roll, then the dice
        not kept; 0 when no roll is left (3 rolls made, or the game is over)."""
        if self.is_over or self.rolls >= ROLLS:
            return 0
        return DICE if self.rolls == 0 else self.kept.count(False)

    def require_open(self) -> None:
        """Check that a move is possible at all.

        Raises:
            RuleViolation: ``yahtzee.web.over`` when the game is over (13 boxes filled).
        """
        if self.is_over:
            raise RuleViolation("yahtzee.web.over", "the game is over")

    def apply(self, move: Move) -> "Turn":
        """The state after ``move``.

        Args:
            move: a :class:`Roll`, :class:`Keep` or :class:`Place`.

        Returns:
            The new :class:`Turn` (this one is unchanged).

        Raises:
            RuleViolation: ``yahtzee.web.over`` (the game is over),
                ``yahtzee.web.no_rolls`` (a fourth roll, or keeping after the third),
                ``yahtzee.web.roll_first`` (keeping or placing before the first roll),
                ``yahtzee.error.taken`` / ``yahtzee.joker.not_here`` (from
                :meth:`Scorecard.place`).
            NotationError: ``yahtzee.web.bad_action`` (no such die position or move),
                ``yahtzee.error.count`` / ``yahtzee.error.die`` (the faces of a roll),
                ``yahtzee.error.category`` (no such box).
        """
        self.require_open()
        if isinstance(move, Roll):
            return self._roll(move.faces)
        if isinstance(move, Keep):
            return self._keep(move.index)
        if isinstance(move, Place):
            return self._place(move.box)
        raise NotationError("yahtzee.web.bad_action", f"not a move: {move!r}", detail=repr(move)[:40])

    def _roll(self, faces: Dice) -> "Turn":
        if self.rolls >= ROLLS:
            raise RuleViolation("yahtzee.web.no_rolls", "three rolls are made: choose a box")
        kept = self.kept if self.rolls else NOTHING_KEPT
        faces = tuple(faces)
        if len(faces) != self.to_roll:
            raise NotationError("yahtzee.error.count", f"{self.to_roll} dice are rolled, not {len(faces)}",
                                count=len(faces), needed=self.to_roll)
        if not _are_dice(faces, len(faces)):
            bad = next(f for f in faces if not _is_die(f))
            raise NotationError("yahtzee.error.die", f"not a die (1-6): {bad!r}", token=str(bad))
        fresh = iter(faces)
        old = self.dice or (0,) * DICE
        dice = tuple(d if k else next(fresh) for d, k in zip(old, kept))
        return Turn(self.card, dice, kept, self.rolls + 1, self.joker)

    def _keep(self, index: int) -> "Turn":
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < DICE:
            raise NotationError("yahtzee.web.bad_action", f"no die at position {index!r}",
                                detail=str(index)[:40])
        if self.rolls == 0:
            raise RuleViolation("yahtzee.web.roll_first", "roll the dice first")
        if self.rolls >= ROLLS:
            raise RuleViolation("yahtzee.web.no_rolls", "three rolls are made: choose a box")
        kept = tuple(not k if i == index else k for i, k in enumerate(self.kept))
        return Turn(self.card, self.dice, kept, self.rolls, self.joker)

    def _place(self, box: Category | str) -> "Turn":
        if self.rolls == 0:
            raise RuleViolation("yahtzee.web.roll_first", "roll the dice first")
        category = box if isinstance(box, Category) else parse_category(box if isinstance(box, str) else repr(box))
        card = self.card.place(category, self.dice, self.joker)
        return Turn(card, (), NOTHING_KEPT, 0, self.joker)


def _is_die(face: object) -> bool:
    return isinstance(face, int) and not isinstance(face, bool) and 1 <= face <= FACES


def _are_dice(faces: Dice, count: int) -> bool:
    return len(faces) == count and all(_is_die(f) for f in faces)
