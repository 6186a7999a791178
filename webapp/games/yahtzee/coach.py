"""The Yahtzee coach: the best choice in a position in a child's words, every choice rated, and why.

>>> # advise(strategy, card, dice=(5, 5, 5, 2, 1), roll=1) -> Advice(...)

A child reads the advice (:attr:`Advice.steps`: "Best: keep the dice showing 5, 5, 5
and roll 2 dice again.") and a :class:`Rating` of every choice (best, good, not so
good: stars on the page); the numbers behind them are the "why?" (:attr:`Advice.why`):
the expected final score of each choice from the optimal strategy
(:mod:`webapp.games.yahtzee.strategy`), the exact chances of the patterns on the next
roll (computed by enumerating the rolls of the dice that are not kept) and the margin
over the next best choice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Sequence

from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import strategy as ys
from webapp.core.steps import Step

#: Boxes whose chance the coach names when it explains a keep (patterns, not sums).
PATTERN_BOXES = (y.Category.YAHTZEE, y.Category.LARGE_STRAIGHT, y.Category.SMALL_STRAIGHT,
                 y.Category.FULL_HOUSE, y.Category.FOUR_OF_A_KIND, y.Category.THREE_OF_A_KIND)
#: The coach lists at most this many keeps (the best ones); boxes are always all listed.
SHOWN_KEEPS = 6
#: A choice at most this many points (expected final score) below the best one is still "good".
GOOD_MARGIN = 2.0


class Rating(StrEnum):
    """How good a choice is, in a child's words: the best one, nearly as good, or clearly worse."""

    BEST = "best"
    GOOD = "good"
    NOT_SO_GOOD = "not_so_good"

    @property
    def stars(self) -> int:
        """Stars on the page: 3, 2 or 1."""
        return {Rating.BEST: 3, Rating.GOOD: 2, Rating.NOT_SO_GOOD: 1}[self]


def rate(value: float, best_value: float, best: bool = False) -> Rating:
    """The :class:`Rating` of a choice worth ``value`` when the best choice is worth ``best_value``
    (expected final scores): the best one, within :data:`GOOD_MARGIN` points of it, or further below."""
    if best:
        return Rating.BEST
    return Rating.GOOD if best_value - value <= GOOD_MARGIN else Rating.NOT_SO_GOOD


@dataclass(frozen=True)
class Choice:
    """One thing the player can do now.

    Attributes:
        keep: the dice to keep before rolling again (sorted faces), or ``None`` for a box.
        category: the box to fill now, or ``None`` for a keep.
        value: the expected final score of the game after this choice, with best play.
        points: the points written in the box now (bonuses not included); 0 for a keep.
        best: True for the best choice (ties: the first in the list).
        rating: how good it is next to the best choice (:func:`rate`).
    """

    keep: tuple[int, ...] | None
    category: y.Category | None
    value: float
    points: int = 0
    best: bool = False
    rating: Rating = Rating.NOT_SO_GOOD


@dataclass(frozen=True)
class Advice:
    """The coach's answer: choices best first, the advice in a child's words, and the numbers behind it.

    Attributes:
        choices: best first (see :func:`advise`).
        steps: what to do, in words (no expected scores, no percentages).
        why: the numbers: the expected final score, the chances on the next roll, the margin.
    """

    choices: tuple[Choice, ...]
    steps: tuple[Step, ...]
    why: tuple[Step, ...] = ()

    @property
    def best(self) -> Choice | None:
        """The best choice (``None`` before the first roll)."""
        return self.choices[0] if self.choices else None


def next_roll_chances(keep: Sequence[int], categories: Sequence[y.Category]) -> dict[y.Category, float]:
    """Exact chance that one roll of the dice not kept makes the pattern of each box.

    Args:
        keep: the kept faces (0..5 dice).
        categories: the boxes to ask about.

    Returns:
        box -> probability (0..1) that the five dice after the roll match it.
    """
    if not categories:
        return {}
    indicators = ys.MATCHES[[c.index for c in categories]].T
    chances = ys.expected_keeps(indicators)[ys.KEEP_INDEX[tuple(sorted(keep))]]
    return dict(zip(categories, chances.tolist()))


def advise(strategy: ys.Strategy, card: y.Scorecard, dice: Sequence[int] | None, roll: int) -> Advice:
    """What the optimal player would do, with the expected final score of every choice.

    Args:
        strategy: the optimal strategy (its table and joker rule).
        card: the score card now (not complete).
        dice: the five dice showing, or ``None`` before the first roll.
        roll: how many rolls this turn has had: 0 (none yet), 1, 2 or 3.

    Returns:
        :class:`Advice`; choices sorted best first: up to :data:`SHOWN_KEEPS` keeps
        (after roll 1 or 2) and every allowed box.
    """
    if dice is None or roll == 0:
        value = card.total + strategy.future(card)
        return Advice((), (Step("yahtzee.coach.roll_first"),), (Step("yahtzee.coach.start", value=round(value, 1)),))
    boxes = strategy.box_values(card, dice)
    points = {o.category: o.box_points for o in y.options(dice, card, strategy.joker)}
    choices = [Choice(None, c, v, points[c]) for c, v in boxes.items()]
    if roll < y.ROLLS:
        keeps = strategy.keep_values(card, dice, roll)
        ranked = sorted(((v, k) for k, v in keeps.items() if len(k) < y.DICE), reverse=True)
        choices += [Choice(k, None, v) for v, k in ranked[:SHOWN_KEEPS]]
    choices.sort(key=lambda c: -c.value)
    top = choices[0].value
    choices = [replace(c, best=i == 0, rating=rate(c.value, top, i == 0)) for i, c in enumerate(choices)]
    steps, why = _reason(card, dice, choices, roll)
    return Advice(tuple(choices), steps, why)


def _reason(card: y.Scorecard, dice: Sequence[int], choices: list[Choice],
            roll: int) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """``(steps, why)``: the best choice in words, and the numbers behind it."""
    best, others = choices[0], choices[1:]
    steps: list[Step] = []
    why: list[Step] = [Step("yahtzee.coach.expect", value=round(best.value, 1))]
    if best.keep is not None:
        rolled = y.DICE - len(best.keep)
        if best.keep:
            steps.append(Step("yahtzee.coach.keep", keep=best.keep, count=rolled))
        else:
            steps.append(Step("yahtzee.coach.reroll_all"))
        # the boxes still open, and the Yahtzee while a further one earns the bonus
        free = [c for c in PATTERN_BOXES if c in card.free or (c is y.Category.YAHTZEE and card.bonus_eligible)]
        chances = next_roll_chances(best.keep, free)
        worth = {c: y.FIXED_POINTS.get(c, 20) for c in free} | (  # a sum box is worth about 20
            {y.Category.YAHTZEE: y.YAHTZEE_BONUS} if card.bonus_eligible else {})
        named = sorted(((c, p) for c, p in chances.items() if 0 < p < 1), key=lambda cp: -cp[1] * worth[cp[0]])[:3]
        if named:  # in words: the most useful pattern this keep aims at
            steps.append(Step("yahtzee.coach.aim", category=named[0][0]))
        why += [Step("yahtzee.coach.chance", category=c, percent=round(100 * p, 1)) for c, p in named]
        if roll == 1:
            steps.append(Step("yahtzee.coach.two_rolls"))
    else:
        if best.points == 0:
            steps.append(Step("yahtzee.coach.zero", category=best.category))
        else:
            steps.append(Step("yahtzee.coach.box", category=best.category, points=best.points))
        if y.is_yahtzee(dice) and card.bonus_eligible:
            steps.append(Step("yahtzee.bonus.yahtzee_now", bonus=y.YAHTZEE_BONUS))
    if others:
        other = others[0]
        margin = round(best.value - other.value, 1)
        if other.category is not None:
            why.append(Step("yahtzee.coach.margin_box", margin=margin, category=other.category))
        elif other.keep:
            why.append(Step("yahtzee.coach.margin_keep", margin=margin, keep=other.keep))
        else:
            why.append(Step("yahtzee.coach.margin_reroll", margin=margin))
        if other.rating is Rating.GOOD:  # in words: a second choice nearly as good
            steps.append(Step("yahtzee.coach.also_good"))
    return tuple(steps), tuple(why)


def keep_indexes(dice: Sequence[int], keep: Sequence[int]) -> list[int]:
    """Which positions (0-4) of ``dice`` to keep for the multiset ``keep`` (the first matching dice)."""
    left = list(keep)
    chosen = []
    for i, d in enumerate(dice):
        if d in left:
            left.remove(d)
            chosen.append(i)
    return chosen
