"""The valid bids of Skat (ISkO 3.3.1, 5.1, 5.2): every value a game can have, and the games that have it.

A bid is a game value: a suit game or Grand at a multiplier from 2 (with or without 1, game) up to the
matadors plus every extra level, or one of the four fixed Null values.

>>> VALID_BIDS[:6], len(VALID_BIDS), VALID_BIDS[-1]
((18, 20, 22, 23, 24, 27), 63, 264)
"""

from __future__ import annotations

from dataclasses import dataclass

from webapp.core.steps import RuleInputError
from webapp.games.skat.official import NULL_VALUES, TRUMP_GAMES, TRUMP_ORDER, GameType

__all__ = ["BidGame", "MAX_EXTRA_LEVELS", "VALID_BIDS", "bid_games", "bid_ladder", "parse_bid"]


#: Extra levels a suit game or Grand can reach on top of matadors + game: Hand,
#: Schneider, Schneider announced, Schwarz, Schwarz announced, Ouvert (ISkO 5.2.1).
MAX_EXTRA_LEVELS = 6


@dataclass(frozen=True)
class BidGame:
    """One way to reach a bid: a game with its multiplier (None for Null, fixed value)."""

    game: GameType
    multiplier: int | None
    hand: bool = False
    ouvert: bool = False


def _bid_table() -> dict[int, tuple[BidGame, ...]]:
    table: dict[int, list[BidGame]] = {}
    for game in TRUMP_GAMES:
        top = len(TRUMP_ORDER[game])
        for multiplier in range(2, top + 1 + MAX_EXTRA_LEVELS + 1):
            table.setdefault(game.base_value * multiplier, []).append(BidGame(game, multiplier))
    for (hand, ouvert), value in NULL_VALUES.items():
        table.setdefault(value, []).append(BidGame(GameType.NULL, None, hand, ouvert))
    return {bid: tuple(table[bid]) for bid in sorted(table)}


_BIDS = _bid_table()
#: The 63 valid bids, lowest first: 18, 20, 22, 23, 24, 27, 30, ..., 216, 240, 264 (ISkO 3.3.1, 5.1, 5.2).
VALID_BIDS: tuple[int, ...] = tuple(_BIDS)


def bid_games(bid: int) -> tuple[BidGame, ...]:
    """The games whose value is exactly ``bid`` (empty for a number that is no valid bid)."""
    return _BIDS.get(bid, ())


def parse_bid(bid: int | str) -> int:
    """Check a bid: one of the 63 :data:`VALID_BIDS`.

    Raises:
        RuleInputError: ``skat.official.error.bid`` naming the bid and the nearest valid bids.
    """
    try:
        number = int(bid)
    except (TypeError, ValueError):
        number = None
    if number not in _BIDS:
        below = max((b for b in VALID_BIDS if number is not None and b < number), default=None)
        above = min((b for b in VALID_BIDS if number is None or b > number), default=None)
        raise RuleInputError("skat.official.error.bid", f"{bid} is no valid bid", token=str(bid),
                             below=below if below is not None else "-", above=above if above is not None else "-")
    return number


def bid_ladder(up_to: int) -> tuple[int, ...]:
    """The valid bids from 18 up to ``up_to`` (inclusive): the bidding ladder."""
    return tuple(b for b in VALID_BIDS if b <= up_to)
