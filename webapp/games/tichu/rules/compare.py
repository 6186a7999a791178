"""Which Tichu combination beats which: the comparison of a play with the table.

Tichu rulebook, "Bombs", "Dragon", "Phoenix", "Dog", "Mah Jong"; seed 001.
Shared by :mod:`~webapp.games.tichu.rules.judge` (the verdict and its steps) and
:mod:`~webapp.games.tichu.rules.wish` (which plays fulfil the wish).
"""

from __future__ import annotations

from webapp.core.steps import Step
from webapp.games.tichu.rules.codes import Reason, RuleStep
from webapp.games.tichu.rules.cards import _CARD, DOG, DRAGON, MAH_JONG, PHOENIX, TichuCard
from webapp.games.tichu.rules.combinations import Combination, Kind


def _is_dog(combo: Combination) -> bool:
    return combo.kind is Kind.SINGLE and combo.rank == DOG



def _beats(
    table: Combination, mine: Combination, steps: list[Step], phoenix_on: TichuCard | None
) -> tuple[bool, Step]:
    """Decide a play that is not a lead; may add rule steps before the reason."""
    if mine.kind is Kind.SINGLE and mine.rank == DOG:
        return False, Step(Reason.DOG_NOT_LEAD)
    if mine.is_bomb:
        if not table.is_bomb:
            return True, Step(Reason.BOMB_BEATS)
        return _bomb_on_bomb(table, mine)
    if table.is_bomb:
        return False, Step(Reason.BOMB_ON_TABLE)
    if mine.kind is Kind.SINGLE and table.kind is Kind.SINGLE:
        return _beats_single(table.cards[0], mine.cards[0], phoenix_on)
    if mine.kind is Kind.SINGLE and mine.rank == DRAGON:
        return False, Step(Reason.DRAGON_SINGLE)
    if mine.kind is not table.kind:
        return False, Step(Reason.KIND, previous=table.kind, play=mine.kind)
    if mine.length != table.length:
        return False, Step(Reason.LENGTH, kind=mine.kind, previous=table.length, play=mine.length)
    if mine.kind is Kind.FULL_HOUSE:
        steps.append(Step(RuleStep.BY_TRIPLE))
    elif mine.kind in (Kind.STRAIGHT, Kind.STAIRS):
        steps.append(Step(RuleStep.BY_TOP))
    return _higher(mine.kind, mine.rank, table.rank)


def _bomb_on_bomb(table: Combination, mine: Combination) -> tuple[bool, Step]:
    """Bombs: more cards first, then the higher rank (Tichu rulebook: "Bombs")."""
    if not table.is_straight_flush and not mine.is_straight_flush:
        params = {"play": _CARD[mine.rank], "previous": _CARD[table.rank]}
        if mine.rank > table.rank:
            return True, Step(Reason.BOMB_HIGHER, **params)
        return False, Step(Reason.BOMB_NOT_HIGHER, **params)
    if mine.length != table.length:
        if not table.is_straight_flush:
            return True, Step(Reason.FLUSH_BEATS_FOUR)
        if not mine.is_straight_flush:
            return False, Step(Reason.FOUR_UNDER_FLUSH)
        code = Reason.FLUSH_LONGER if mine.length > table.length else Reason.FLUSH_SHORTER
        return mine.length > table.length, Step(code, play=mine.length, previous=table.length)
    params = {"play": _CARD[mine.rank], "previous": _CARD[table.rank]}
    if mine.rank > table.rank:
        return True, Step(Reason.FLUSH_HIGHER, **params)
    return False, Step(Reason.FLUSH_NOT_HIGHER, **params)


def _beats_single(table: TichuCard, mine: TichuCard, phoenix_on: TichuCard | None) -> tuple[bool, Step]:
    """Single on single, with the Phoenix, the Dragon and the Mah Jong."""
    if table.rank == PHOENIX:
        under = phoenix_on.rank if phoenix_on is not None and phoenix_on.is_natural else None
        if mine.rank == PHOENIX:
            return False, Step(Reason.PHOENIX_ON_PHOENIX)
        if mine.rank == DRAGON:
            return True, Step(Reason.DRAGON_BEATS)
        if under is not None:  # the Phoenix counts half a rank above `under`
            if mine.rank > under:
                return True, Step(Reason.BEATS_PHOENIX_OVER, card=mine, under=_CARD[under])
            return False, Step(Reason.UNDER_PHOENIX_OVER, card=mine, under=_CARD[under])
        if mine.rank == MAH_JONG:
            return False, Step(Reason.MAH_JONG_PHOENIX)
        return True, Step(Reason.BEATS_PHOENIX, card=mine)
    if mine.rank == DRAGON:
        if table.rank == DRAGON:
            return _higher(Kind.SINGLE, DRAGON, DRAGON)
        return True, Step(Reason.DRAGON_BEATS)
    if mine.rank == PHOENIX:
        if table.rank == DRAGON:
            return False, Step(Reason.PHOENIX_DRAGON)
        return True, Step(Reason.PHOENIX_HALF, card=table)
    if table.rank == DRAGON:
        return False, Step(Reason.DRAGON_ON_TABLE)
    return _higher(Kind.SINGLE, mine.rank, table.rank)


def _higher(kind: Kind, mine: int, table: int) -> tuple[bool, Step]:
    params = {"kind": kind, "play": _CARD[mine], "previous": _CARD[table]}
    if mine > table:
        return True, Step(Reason.HIGHER, **params)
    return False, Step(Reason.NOT_HIGHER, **params)
