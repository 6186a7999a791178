"""Points, streaks and places of a class (the game-show part of the classroom, issue 16).

Scoring (also shown on the teacher's page and in ``docs/ARCHITECTURE.md``):

* a wrong answer, or none, scores 0 points;
* a right answer scores :data:`FULL` (1,000) points;
* with the speed bonus on and a countdown of ``T`` seconds, a right answer given
  ``t`` seconds after the question appeared scores ``round(1000 * (1 - t / (2 T)))``:
  1,000 at once, 750 at half time, 500 at the last moment (never below 500).
  Without a countdown there is no clock to race, so a right answer scores 1,000.

A child's *streak* is the number of right answers in a row up to this round (a
wrong or missing answer starts again at 0). Places are "competition" places:
children with the same points share a place, the next place skips (1, 1, 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

__all__ = ["BOARD_SIZE", "FULL", "Standing", "named_on_board", "points", "rank", "streak_after"]

#: Points for a right answer without speed bonus, and the most with it.
FULL = 1000

#: How many children the projector's leaderboard names at most.
BOARD_SIZE = 5


def points(correct: bool, seconds: float, countdown: int, speed_bonus: bool) -> int:
    """The points of one answer.

    Args:
        correct: the answer was right.
        seconds: seconds from the round's start to the answer (clamped to ``0..countdown``).
        countdown: the round's countdown in seconds (0: none).
        speed_bonus: the teacher switched the speed bonus on.

    Returns:
        0 for a wrong answer; :data:`FULL` for a right one; with the speed bonus and a
        countdown, ``round(FULL * (1 - t / (2 * countdown)))`` (500 to 1,000).
    """
    if not correct:
        return 0
    if not speed_bonus or countdown <= 0:
        return FULL
    t = min(max(seconds, 0.0), float(countdown))
    return round(FULL * (1 - t / (2 * countdown)))


def streak_after(correct: bool, previous_streak: int | None) -> int:
    """The streak after an answer: ``previous_streak + 1`` when right (``None``: no answer last round, so 1),
    0 when wrong."""
    return (previous_streak or 0) + 1 if correct else 0


@dataclass(frozen=True)
class Standing:
    """One child's line of the leaderboard: ``place`` (1 = first), ``nickname``, ``points`` (total),
    ``participant_id``."""

    place: int
    nickname: str
    points: int
    participant_id: int


def rank(totals: Iterable[tuple[int, str, int]]) -> tuple[Standing, ...]:
    """The leaderboard of ``(participant_id, nickname, points)`` rows: most points first, then by nickname;
    equal points share a place and the next place skips (competition ranking: 1, 1, 3)."""
    ordered = sorted(totals, key=lambda row: (-row[2], row[1].casefold(), row[0]))
    result: list[Standing] = []
    for index, (pid, nickname, total) in enumerate(ordered):
        place = result[-1].place if result and result[-1].points == total else index + 1
        result.append(Standing(place, nickname, total, pid))
    return tuple(result)


def named_on_board(board: tuple[Standing, ...], size: int = BOARD_SIZE) -> tuple[Standing, ...]:
    """The lines of ``board`` (best first, :func:`rank`) that the projector names: a child is named in front of
    the class only for something done well.

    Nobody without points, and never the last place (the fewest points, unless everybody has the same); at most
    ``size`` lines, and a shared place is named whole or not at all (no child left out beside an equal one),
    unless the first place alone is shared by more than ``size`` children (then the first ``size`` of them).
    Each child sees its own place on its tablet.
    """
    if not board:
        return ()
    lowest, highest = board[-1].points, board[0].points
    kept = [line for line in board if line.points > 0 and (line.points > lowest or highest == lowest)]
    if len(kept) <= size:
        return tuple(kept)
    cut = kept[:size]
    whole = [line for line in cut if line.place != kept[size].place]
    return tuple(whole or cut)
