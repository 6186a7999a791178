"""What the child hears when a Yahtzee game ends: one thing that went well and one thing to try next time.

Read from the finished score card alone (pure: no Flask, no files), so the page, a test or the command
line get the same words. Never a bare number: each sentence says what happened in the game's words.
"""

from __future__ import annotations

from webapp.core.steps import Step
from webapp.games.yahtzee import rules as y

C = y.Category
#: A score from which the game counts as a strong one (the optimal player's mean is about 254).
STRONG_SCORE = 200
#: Boxes with a pattern: a 0 in one of them is a pattern that did not come.
PATTERNS = (C.SMALL_STRAIGHT, C.LARGE_STRAIGHT, C.FULL_HOUSE)


def went_well(card: y.Scorecard) -> Step:
    """The best thing about the finished ``card``, in words (there is always one: the game was played to the end)."""
    if card.yahtzee_bonus:
        return Step("yahtzee.end.good.yahtzee_bonus", count=card.yahtzee_bonus // y.YAHTZEE_BONUS)
    if card.get(C.YAHTZEE) == y.YAHTZEE_SCORE:
        return Step("yahtzee.end.good.yahtzee")
    if card.total >= STRONG_SCORE:
        return Step("yahtzee.end.good.strong", points=card.total)
    if card.upper_bonus:
        return Step("yahtzee.end.good.upper_bonus", bonus=y.UPPER_BONUS)
    made = [c for c in (C.LARGE_STRAIGHT, C.FULL_HOUSE, C.SMALL_STRAIGHT, C.FOUR_OF_A_KIND) if card.get(c)]
    if made:
        return Step("yahtzee.end.good.pattern", category=made[0])
    return Step("yahtzee.end.good.finished")


def to_try(card: y.Scorecard) -> Step:
    """One thing to try in the next game, chosen from what the finished ``card`` missed."""
    if not card.upper_bonus:
        return Step("yahtzee.end.try.upper_bonus", needed=y.UPPER_BONUS_AT, bonus=y.UPPER_BONUS)
    missed = [c for c in PATTERNS if card.get(c) == 0]
    if missed:
        return Step("yahtzee.end.try.pattern", category=missed[0])
    if card.get(C.YAHTZEE) == 0:
        return Step("yahtzee.end.try.yahtzee")
    return Step("yahtzee.end.try.coach")


def encouragement(card: y.Scorecard) -> tuple[Step, ...]:
    """What went well and one thing to try next time, for a complete ``card`` (empty before the end)."""
    if not card.is_complete:
        return ()
    return went_well(card), to_try(card)
