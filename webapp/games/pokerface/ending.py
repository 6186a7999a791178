"""What the child hears when a Pokerface game ends: one thing that went well and one thing to try next time.

Read from the game's rounds (the child's moves, the showdowns): pure, no Flask. Never a bare number:
each sentence says what happened in the game's words.
"""

from __future__ import annotations

from typing import Sequence

from webapp.core.steps import Step
from webapp.games.pokerface.evaluator import Category, category
from webapp.games.pokerface.game import Game, Outcome
from webapp.games.pokerface.rules import MAX_EXTRA, best_five

#: From this kind of hand on, the child's best hand of the game is worth naming.
NAMED_FROM = Category.TWO_PAIR


def missed_better_fives(game: Game, outcomes: Sequence[Outcome]) -> int:
    """In how many rounds the child showed five cards weaker than the best five it held."""
    missed = 0
    for outcome in outcomes:
        shown = outcome.showdown.ranks[0] if outcome.showdown is not None else None
        if shown is not None and best_five(outcome.held[0])[0] < shown:  # lower rank: better hand
            missed += 1
    return missed


def went_well(points: Sequence[int], outcomes: Sequence[Outcome]) -> Step:
    """The best thing about the child's game (seat 0), in words."""
    ranks = [o.showdown.ranks[0] for o in outcomes if o.showdown is not None and o.showdown.ranks[0] is not None]
    best = min(ranks) if ranks else None
    if best is not None and category(best).value <= NAMED_FROM.value:  # categories: lower is better
        return Step("poker.end.good.best_hand", category=category(best))
    if points[0]:
        return Step("poker.end.good.rounds", count=points[0])
    return Step("poker.end.good.finished")


def to_try(game: Game, outcomes: Sequence[Outcome]) -> Step:
    """One thing to try in the next game, chosen from how the child played."""
    missed = missed_better_fives(game, outcomes)
    if missed:
        return Step("poker.end.try.best_five", count=missed)
    played = [r for r in game.rounds if r.extras is not None]
    if played and sum(r.extras < MAX_EXTRA for r in played) * 2 > len(played):
        return Step("poker.end.try.extras")
    if played and not any(r.give for r in played):
        return Step("poker.end.try.swap")
    return Step("poker.end.try.watch")


def encouragement(game: Game, points: Sequence[int], outcomes: Sequence[Outcome]) -> tuple[Step, ...]:
    """What went well and one thing to try next time, once the game is over (empty before)."""
    if not game.over:
        return ()
    return went_well(points, outcomes), to_try(game, outcomes)
