"""Encouragement at the end of a game at the Skat table (``/skat/table``), from the child's side and the score's
facts: after a win, what went well; after a loss, a kind word and one thing to try next time (overbid, a Null
trick, too few trumps, too few card points, a failed announcement, a hand game); never the score alone.

Pure: the finished :class:`TableState` in, :class:`Step` s out (rendered by the page in the reader's language).
"""

from __future__ import annotations

from webapp.core.steps import Step
from webapp.games.skat.official import TOTAL_POINTS
from webapp.games.skat.play import Seat
from webapp.games.skat.table import Phase, TableState

#: Card points the declarer needs to win (ISkO 4.1.2), for Schneider (ISkO 5.2.2) and the defenders' Schneider line.
WIN, SCHNEIDER, SCHNEIDER_FREE = 61, 90, 31
TRICKS = 10


def cheer_steps(state: TableState, child: Seat, declarer_name: str = "", partner_name: str = "") -> tuple[Step, ...]:
    """What to tell the child (sitting at ``child``) when the game is over: two short sentences, or none while
    the game goes on. ``declarer_name`` is the declarer's name when a bot declared, ``partner_name`` the other
    bot's (the child's partner in the defence)."""
    if state.phase is Phase.THROWN_IN:
        return (Step("skat.table.cheer.thrown_in"),)
    score, declaration = state.score, state.declaration
    if state.phase is not Phase.DONE or score is None or declaration is None:
        return ()
    if state.declarer == child:
        return _as_declarer(state) if score.won else (Step("skat.table.cheer.lost"), _declarer_tip(state))
    return _as_defender(state, declarer_name, partner_name)


def _as_declarer(state: TableState) -> tuple[Step, ...]:
    score, declaration = state.score, state.declaration
    assert score is not None and declaration is not None
    points, tricks = score.outcome.points, score.outcome.tricks
    if declaration.game.is_null:
        well = Step("skat.table.cheer.well.null")
    elif tricks == TRICKS:
        well = Step("skat.table.cheer.well.schwarz")
    elif points >= SCHNEIDER:
        well = Step("skat.table.cheer.well.schneider", points=points)
    elif declaration.hand:
        well = Step("skat.table.cheer.well.hand")
    else:
        well = Step("skat.table.cheer.well.points", points=points)
    return Step("skat.table.cheer.won"), well


def _declarer_tip(state: TableState) -> Step:
    """One thing to try next time after a lost game, the most telling first."""
    score, declaration = state.score, state.declaration
    assert score is not None and declaration is not None
    points = score.outcome.points
    if declaration.game.is_null:
        return Step("skat.table.cheer.tip.null")
    if score.overbid:
        return Step("skat.table.cheer.tip.overbid")
    if points >= WIN:  # enough card points: an announcement failed
        return Step("skat.table.cheer.tip.announce")
    if points < SCHNEIDER_FREE:
        return Step("skat.table.cheer.tip.trumps")
    if declaration.hand:
        return Step("skat.table.cheer.tip.hand")
    return Step("skat.table.cheer.tip.points", missing=WIN - points)


def _as_defender(state: TableState, name: str, partner: str) -> tuple[Step, ...]:
    score, declaration = state.score, state.declaration
    assert score is not None and declaration is not None
    null = declaration.game.is_null
    ours = TOTAL_POINTS - score.outcome.points  # the defenders' card points
    if not score.won:
        well = (Step("skat.table.cheer.defence.well_null", name=name) if null
                else Step("skat.table.cheer.defence.well_points", points=ours))
        return Step("skat.table.cheer.defence.won", name=name, partner=partner), well
    if null:
        tip = Step("skat.table.cheer.defence.tip_null", name=name)
    elif ours < SCHNEIDER_FREE:
        tip = Step("skat.table.cheer.defence.tip_schneider", name=name, partner=partner)
    else:
        tip = Step("skat.table.cheer.defence.tip_points", partner=partner)
    return Step("skat.table.cheer.defence.lost", name=name), tip
