"""The play order of a Skat game as bits: the open-cards solver's card layout (:mod:`.solver`). Pure, no Flask.

Each card is a bit of an int: each non-trump suit a block of adjacent bits, weakest lowest (A 10 K Q 9 8 7 in suit
games and Grand, A K Q J 10 9 8 7 in Null, ISkO 2.3), and the trumps the highest block (the jacks JC JS JH JD, then
the trump suit's A 10 K Q 9 8 7; Grand: the jacks; Null: none). Following suit is then a mask, and the trick's winner
is the highest bit of the led block or of the trump block.

>>> from webapp.games.skat.rules import parse_cards
>>> order = layout(GameType.GRAND)
>>> [str(c) for c in order.unmask(order.mask(parse_cards("7C JD JC AS")))]
['JC', 'JD', 'AS', '7C']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from webapp.games.skat.official import TRUMP_ORDER, GameType
from webapp.games.skat.play import NULL_ORDER, PLAIN_ORDER
from webapp.games.skat.rules import CARD_POINTS, DECK, SUITS, Card

__all__ = ["Layout", "bits_of", "layout", "mask_of", "points_of"]


@dataclass(frozen=True)
class Layout:
    """A game's play order: each card's bit, its follow-class and points (see the module's docstring).

    Attributes:
        game: the game.
        bit: card -> bit (0-31).
        cards: bit -> card.
        block: bit -> the mask of its follow-class (the trump block, or its suit's block).
        points: bit -> card points (0 for every card in Null, where points do not count).
        trumps: the mask of the trump block (0 in Null).
    """

    game: GameType
    bit: dict[Card, int]
    cards: tuple[Card, ...]
    block: tuple[int, ...]
    points: tuple[int, ...]
    trumps: int

    def mask(self, cards: Iterable[Card]) -> int:
        """The bits of ``cards``."""
        result = 0
        for card in cards:
            result |= 1 << self.bit[card]
        return result

    def unmask(self, bits: int) -> tuple[Card, ...]:
        """The cards of ``bits``, strongest of each block first (blocks from trump down)."""
        out = []
        while bits:
            top = bits.bit_length() - 1
            out.append(self.cards[top])
            bits ^= 1 << top
        return tuple(out)


def _make_layout(game: GameType) -> Layout:
    trumps = TRUMP_ORDER.get(game, ())
    order = NULL_ORDER if game.is_null else PLAIN_ORDER
    blocks: list[list[Card]] = []
    for suit in SUITS:
        blocks.append([Card(rank, suit) for rank in reversed(order)
                       if Card(rank, suit) not in trumps and (game.is_null or not Card(rank, suit).is_jack)])
    if trumps:
        blocks.append(list(reversed(trumps)))
    cards: list[Card] = []
    block_masks: list[int] = []
    for members in blocks:
        start = len(cards)
        cards.extend(members)
        mask = ((1 << len(members)) - 1) << start
        block_masks.extend([mask] * len(members))
    assert sorted(map(str, cards)) == sorted(map(str, DECK))
    points = tuple(0 if game.is_null else CARD_POINTS[c.rank] for c in cards)
    trump_mask = block_masks[-1] if trumps else 0
    return Layout(game, {c: i for i, c in enumerate(cards)}, tuple(cards), tuple(block_masks), points, trump_mask)


_LAYOUTS = {game: _make_layout(game) for game in GameType}


def layout(game: GameType) -> Layout:
    """The play order of ``game`` (shared, immutable)."""
    return _LAYOUTS[game]


def bits_of(mask: int) -> list[int]:
    """The bits set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(bits: Iterable[int]) -> int:
    """The mask of ``bits``."""
    mask = 0
    for bit in bits:
        mask |= 1 << bit
    return mask


def points_of(mask: int, points: Sequence[int]) -> int:
    """The card points of the cards in ``mask`` (``points``: by bit)."""
    total = 0
    while mask:
        low = mask & -mask
        total += points[low.bit_length() - 1]
        mask ^= low
    return total
