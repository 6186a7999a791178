"""The coach of a whole round, for one player: the allowed plays ordered cheapest first, the score told from the
player's side ("your team" / "the opponents"), and a word at the end of the round that fits what happened. Pure,
no Flask.

Cheapest first (Tichu rulebook, "Play": passing is always allowed but on an open lead; the Dragon and the Phoenix
are the strongest singles, bombs beat everything): the ordinary plays from the lowest up, the pass where the player
may pass, then the precious plays a child should not throw away by a tap on the first suggestion: the Dragon, the
Phoenix as a single, and the bombs (weakest first).

>>> from webapp.games.tichu.rules import parse_play, readings
>>> plays = [readings(parse_play(text))[0] for text in ("R", "P", "5555", "K")]
>>> [str(p) if p is not PASS else "pass" for p in cheapest_first(plays, may_pass=True)]
['K', 'pass', 'R', 'P', '5555']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from webapp.core.steps import Step
from webapp.games.tichu.rules import DRAGON, PHOENIX, Combination, Kind
from webapp.games.tichu.round import RoundState
from webapp.games.tichu.trick import ScoreStep, partner, team

__all__ = ["PASS", "EndStep", "RoundEnding", "cheapest_first", "from_side", "play_cost", "round_ending"]

#: The pass in :func:`cheapest_first`'s list.
PASS = None
#: The ordinary kinds in the order a leader meets them (single first); bombs come after the precious singles.
_KINDS = (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FULL_HOUSE, Kind.STRAIGHT, Kind.STAIRS)
#: The tiers of :func:`play_cost`: ordinary plays, the pass, the Dragon, the Phoenix as a single, bombs.
ORDINARY, PASSING, DRAGON_SINGLE, PHOENIX_SINGLE, BOMB = range(5)


def play_cost(play: Combination | None) -> tuple:
    """How much a play costs the player, as a sort key (lower is cheaper); ``None`` is the pass.

    Ordinary plays by kind (single, pair, ...), those without the Phoenix before those with it (the Phoenix is
    worth more kept), then by rank and length; after them the pass, the Dragon, the Phoenix as a single and the
    bombs (by their strength).
    """
    if play is None:
        return (PASSING,)
    if play.is_bomb:
        return (BOMB, *play.bomb_strength)
    if play.kind is Kind.SINGLE and play.cards[0].rank == DRAGON:
        return (DRAGON_SINGLE,)
    if play.kind is Kind.SINGLE and play.cards[0].rank == PHOENIX:
        return (PHOENIX_SINGLE,)
    with_phoenix = any(card.rank == PHOENIX for card in play.cards)
    return (ORDINARY, _KINDS.index(play.kind), with_phoenix, play.rank, play.length)


def cheapest_first(plays: Iterable[Combination], may_pass: bool) -> list[Combination | None]:
    """The allowed ``plays`` cheapest first (:func:`play_cost`), with :data:`PASS` among them when ``may_pass``.

    >>> from webapp.games.tichu.rules import parse_play, readings
    >>> on_an_ace = [readings(parse_play(text))[0] for text in ("R", "P")]
    >>> cheapest_first(on_an_ace, may_pass=True)[0] is PASS
    True
    """
    listed: list[Combination | None] = list(plays)
    if may_pass:
        listed.append(PASS)
    return sorted(listed, key=play_cost)


class EndStep:
    """Step codes of the end of a round told from one player's side (sentences in
    :mod:`webapp.games.tichu.messages_round_page`)."""

    WON = "tichu.round.end.won"
    WON_DOUBLE = "tichu.round.end.won_double"
    DRAW = "tichu.round.end.draw"
    LOST = "tichu.round.end.lost"
    TICHU_MADE = "tichu.round.end.tichu_made"
    GRAND_MADE = "tichu.round.end.grand_made"
    OUT_FIRST = "tichu.round.end.out_first"
    PARTNER_FIRST = "tichu.round.end.partner_first"
    TRICK_POINTS = "tichu.round.end.trick_points"
    PLAYED_ON = "tichu.round.end.played_on"
    TIP_CALL = "tichu.round.end.tip_call"
    TIP_DOUBLE = "tichu.round.end.tip_double"
    TIP_LAST = "tichu.round.end.tip_last"
    TIP_HIGH = "tichu.round.end.tip_high"
    TIP_POINTS = "tichu.round.end.tip_points"


#: The score's steps that name a team, and the codes that say it from the player's side (own team, opponents).
_SIDE_CODES = {
    ScoreStep.TEAM_CARDS: ("tichu.round.side.cards_ours", "tichu.round.side.cards_theirs"),
    ScoreStep.TICHU_WON: ("tichu.round.side.tichu_won_ours", "tichu.round.side.tichu_won_theirs"),
    ScoreStep.TICHU_LOST: ("tichu.round.side.tichu_lost_ours", "tichu.round.side.tichu_lost_theirs"),
    ScoreStep.GRAND_WON: ("tichu.round.side.grand_won_ours", "tichu.round.side.grand_won_theirs"),
    ScoreStep.GRAND_LOST: ("tichu.round.side.grand_lost_ours", "tichu.round.side.grand_lost_theirs"),
    ScoreStep.GAME_WON: ("tichu.round.side.game_won_ours", "tichu.round.side.game_won_theirs"),
}
#: The score's steps with both teams' numbers (``a`` team 1, ``b`` team 2), from the player's side.
_BOTH_CODES = {ScoreStep.ROUND: "tichu.round.side.round", ScoreStep.TOTALS: "tichu.round.side.totals"}


def from_side(steps: Iterable[Step], seat: int) -> tuple[Step, ...]:
    """The score's ``steps`` told from ``seat``'s side: "your team" and "the opponents" instead of "team 1" and
    "team 2", the own team's number first; other steps as they are."""
    own = team(seat)
    told = []
    for step in steps:
        params = step.as_dict()
        if step.code in _SIDE_CODES:
            ours, theirs = _SIDE_CODES[step.code]
            side = params.pop("team") - 1
            told.append(Step(ours if side == own else theirs, **params))
        elif step.code in _BOTH_CODES:
            numbers = (params["a"], params["b"])
            told.append(Step(_BOTH_CODES[step.code], ours=numbers[own], theirs=numbers[1 - own]))
        else:
            told.append(step)
    return tuple(told)


@dataclass(frozen=True)
class RoundEnding:
    """What a player hears when the round is over.

    Attributes:
        outcome: ``"won"``, ``"draw"`` or ``"lost"``: the round's points of the player's team against the
            opponents'.
        ours: the points the player's team made this round; ``theirs``: the opponents'.
        headline: "You won the round!" (or a kind word when it was lost or a draw).
        praise: one thing that went well.
        tip: one thing to try next time (only when the round was not won).
    """

    outcome: str
    ours: int
    theirs: int
    headline: Step
    praise: Step
    tip: Step | None


def round_ending(state: RoundState, seat: int) -> RoundEnding | None:
    """The end of ``state``'s round from ``seat``'s side, or None while the round is on.

    The praise names the best thing that happened to the player (a call that came true, going out first, the
    partner going out first, the card points the player took in tricks, else playing the round through); the tip
    of a round not won fits what went wrong (a call that failed, the opponents' double victory, being the last
    with cards, an opponent out first, else the card points).
    """
    score = state.score
    if score is None:
        return None
    own = team(seat)
    ours, theirs = score.points[own], score.points[1 - own]
    if ours > theirs:
        outcome = "won"
        headline = Step(EndStep.WON_DOUBLE if score.double_victory == own else EndStep.WON)
    elif ours == theirs:
        outcome, headline = "draw", Step(EndStep.DRAW)
    else:
        outcome, headline = "lost", Step(EndStep.LOST)
    first = state.out[0] if state.out else None
    call = state.calls[seat]
    taken = sum(record.result.points for record in state.tricks if record.result.taker == seat)
    if call is not None and first == seat:
        praise = Step(EndStep.TICHU_MADE if call == "tichu" else EndStep.GRAND_MADE)
    elif first == seat:
        praise = Step(EndStep.OUT_FIRST)
    elif first == partner(seat):
        praise = Step(EndStep.PARTNER_FIRST)
    elif taken > 0:
        praise = Step(EndStep.TRICK_POINTS, points=taken)
    else:
        praise = Step(EndStep.PLAYED_ON)
    return RoundEnding(outcome, ours, theirs, headline, praise, None if outcome == "won" else _tip(state, seat))


def _tip(state: RoundState, seat: int) -> Step:
    """One thing to try next time after a round that was not won (see :func:`round_ending`)."""
    first = state.out[0] if state.out else None
    last = [s for s in range(4) if s not in state.out[:3]]
    if state.calls[seat] is not None and first != seat:
        return Step(EndStep.TIP_CALL)
    if state.score is not None and state.score.double_victory not in (None, team(seat)):
        return Step(EndStep.TIP_DOUBLE)
    if len(state.out) < 4 and last == [seat]:
        return Step(EndStep.TIP_LAST)
    if first is not None and team(first) != team(seat):
        return Step(EndStep.TIP_HIGH)
    return Step(EndStep.TIP_POINTS)
