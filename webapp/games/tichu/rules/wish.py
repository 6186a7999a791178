"""The Mah Jong's wish: which plays from a hand fulfil it, and the searches behind that.

Tichu rulebook, "Mah Jong", "Bombs"; FAQ.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Iterable

from webapp.games.tichu.rules.cards import ACE, COPIES, DOG, DRAGON, MIN_STRAIGHT, PHOENIX, TichuCard, TichuSuit, _sort_key
from webapp.games.tichu.rules.combinations import Combination, readings
from webapp.games.tichu.rules.compare import _beats, _is_dog


# --- The Mah Jong's wish -------------------------------------------------------
def fulfilling_plays(
    previous: Iterable[TichuCard] | Combination | None,
    hand: Iterable[TichuCard],
    wish: int,
    *,
    phoenix_on: TichuCard | None = None,
) -> tuple[Combination, ...]:
    """The plays from ``hand`` that fulfil ``wish`` on the current trick, lowest first.

    A play fulfils the wish when it holds a natural card of the wished rank
    and may legally be laid on ``previous`` in turn (on lead any play may).
    The Phoenix may help to build the combination but does not count as the
    wished card; a bomb counts too: a player who can fulfil the wish only with
    a bomb must play the bomb (Tichu rulebook, "Mah Jong"; FAQ).

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> [str(c) for c in fulfilling_plays(parse_play("55"), parse_play("8P9"), 8)]
    ['8P']
    >>> fulfilling_plays(parse_play("55"), parse_play("9P"), 8)
    ()

    Args:
        previous: the table (cards, a declared :class:`Combination`, or
            ``()``/None on lead).
        hand: the player's cards.
        wish: the wished rank 2..14.

    Returns:
        The fulfilling plays as :class:`Combination` objects, each beating the
        table, non-bombs before bombs, lower before higher; ``()`` when the
        player cannot fulfil the wish.
    """
    hand = tuple(hand)
    wished = [c for c in hand if c.rank == wish]
    if not wished:
        return ()
    if previous is None:
        previous = ()
    table = previous if isinstance(previous, Combination) else (readings(tuple(previous)) or (None,))[0]
    if table is None or _is_dog(table):
        return tuple(readings((wished[0],)))
    found: dict[tuple, Combination] = {}
    for cards in _candidates(hand, table.length, wish):
        for combo in readings(cards):
            if _beats(table, combo, [], phoenix_on)[0] and any(c.rank == wish for c in combo.cards):
                found.setdefault((combo.kind, combo.length, combo.rank, combo.phoenix_as, str(combo)), combo)
    for bomb in _bombs_with(hand, wish):
        if _beats(table, bomb, [], phoenix_on)[0]:
            found.setdefault((bomb.kind, bomb.length, bomb.rank, None, str(bomb)), bomb)
    return tuple(sorted(found.values(), key=lambda c: (c.is_bomb, c.bomb_strength if c.is_bomb else (0, c.rank))))


def can_fulfil_wish(
    previous: Iterable[TichuCard] | Combination | None,
    hand: Iterable[TichuCard],
    wish: int,
    *,
    phoenix_on: TichuCard | None = None,
) -> bool:
    """True when the player in turn must fulfil ``wish`` now (see :func:`fulfilling_plays`).

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> can_fulfil_wish(parse_play("K"), parse_play("8"), 8), can_fulfil_wish((), parse_play("8"), 8)
    (False, True)
    """
    return bool(fulfilling_plays(previous, hand, wish, phoenix_on=phoenix_on))


def _candidates(hand: tuple[TichuCard, ...], length: int, wish: int | None) -> Iterable[tuple[TichuCard, ...]]:
    """Every set of ``length`` cards from ``hand`` (with a natural of rank ``wish``), one per rank pattern.

    Cards of one rank are interchangeable here (suits only make bombs, which
    :func:`bombs` finds), so each multiset of ranks is tried once.
    """
    usable = sorted((c for c in hand if c.rank not in (DOG, DRAGON) or length == 1), key=_sort_key)
    if length > len(usable):
        return
    if length <= 3 and wish is not None:  # single, pair, triple: the wished rank and the Phoenix only
        usable = [c for c in usable if c.rank in (wish, PHOENIX)]
    seen: set[tuple[int, ...]] = set()
    for cards in combinations(usable, length):
        ranks = tuple(c.rank for c in cards)
        if (wish is None or wish in ranks) and ranks not in seen:
            seen.add(ranks)
            yield cards


def plays_of_length(hand: Iterable[TichuCard], length: int) -> tuple[Combination, ...]:
    """Every combination of ``length`` cards that ``hand`` can form (one per rank pattern; bombs aside).

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> [str(c) for c in plays_of_length(parse_play("5577P"), 2)]
    ['55', '5P', '77', '7P']
    """
    found: list[Combination] = []
    for cards in _candidates(tuple(hand), length, None):
        found.extend(c for c in readings(cards) if not c.is_straight_flush)
    return tuple(found)


def bombs(hand: Iterable[TichuCard]) -> tuple[Combination, ...]:
    """Every bomb in ``hand``: each four of a kind, and each one-suit run of 5 or more cards.

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> [str(b) for b in bombs(parse_play("7777 2g3g4g5g6g"))]
    ['7777', '2g3g4g5g6g']
    """
    hand = tuple(hand)
    found: list[Combination] = []
    counts = Counter(c.rank for c in hand if c.is_natural)
    for rank in sorted(r for r, k in counts.items() if k == COPIES):
        found.extend(readings(c for c in hand if c.rank == rank))
    for suit in TichuSuit:
        ranks = {c.rank for c in hand if c.suit is suit}
        for low in sorted(ranks):
            for high in range(low + MIN_STRAIGHT - 1, ACE + 1):
                if not all(r in ranks for r in range(low, high + 1)):
                    break
                found.extend(readings(TichuCard(r, suit) for r in range(low, high + 1)))
    return tuple(found)


def _bombs_with(hand: tuple[TichuCard, ...], wish: int) -> list[Combination]:
    """The bombs in ``hand`` holding a natural of rank ``wish``."""
    return [b for b in bombs(hand) if any(c.rank == wish for c in b.cards)]

