"""The table coach's advice in chances (issue 35): how likely each game is to be won, how high to bid, which two
cards to put away. Pure and deterministic (no sampling here: the chances come from the fitted hand model).

* :func:`bid_advice`: for a 10-card hand before the skat, each suit game's and Grand's chance of being won at the
  table (:func:`webapp.games.skat.hand_model.play_chance`: the open-cards model mapped to the share of such games
  the club players won) and each Null variant's (:func:`webapp.games.skat.null_model.null_chance`, fitted to Null
  games the club players played out), beside its exact safe value (ISkO 5.4: the lowest value any skat can leave,
  :func:`webapp.games.skat.coach.bidding_coach`). The games whose chance reaches :data:`ADVISE_SHARE` (2 in 3) are
  advised: bid up to the highest safe value among them; at each bid, play the advised game reaching it with the most
  list points expected (:func:`expected_score`): a sure Diamonds at 27 beats a risky Grand at 72 while the bid
  allows it. None reaches the share: pass.
* :func:`skat_advice`: after picking up the skat, all 66 pairs of the 12 cards that could be put away, for each
  suit game and Grand whose value reaches the bid, scored by the chance of the 10 cards kept
  (:func:`webapp.games.skat.hand_model.declare_chance`: its own mapping, fitted to the games a player following the
  coach declared, since the best of 66 ways picked by the model's figure is won less often than the figure says);
  the best pair of each of the three best games (pairs of one game often tie: the model sees 9 and 7 of a side suit
  alike). :func:`declare_advice`: the game to declare once two cards are away, by the same chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Iterable

from webapp.games.skat import official
from webapp.games.skat.coach import DECK_INDEX, bidding_coach
from webapp.games.skat.hand_model import declare_chance, play_chance
from webapp.games.skat.null_model import null_chance
from webapp.games.skat.official import NULL_VALUES, TRUMP_GAMES, Declaration, GameType
from webapp.games.skat.rules import Card

__all__ = ["ADVISE_SHARE", "BidAdvice", "GameChance", "PutAway", "bid_advice", "declare_advice", "expected_score",
           "skat_advice"]

#: The least chance (0-1) of winning at the table with which the coach advises to play a game: 2 in 3.
ADVISE_SHARE = 2 / 3
#: How many ways of putting away the skat advice shows.
SHOWN = 3


@dataclass(frozen=True)
class GameChance:
    """One game's chance for a hand before the skat.

    Attributes:
        game: a suit game, Grand or Null; chance: 0-1, of winning it at the table (picking up the skat, except a Null
            Hand).
        safe: the highest bid the game's value reaches whatever the skat holds (ISkO 5.4; a Null's fixed value);
            value: its value before the skat.
        hand, ouvert: the Null variant (False for the other games).
    """

    game: GameType
    chance: float
    safe: int
    value: int
    hand: bool = False
    ouvert: bool = False


@dataclass(frozen=True)
class BidAdvice:
    """The coach's bid advice (see :func:`bid_advice`).

    Attributes:
        games: one :class:`GameChance` per suit game, Grand and Null variant (Null, Null Hand, Null Ouvert, Null
            Ouvert Hand), the most likely first.
        plan: the advised games by bid: the first is played at the lowest bid, each next one once the bid passes
            the previous one's safe value (each reaches the share :data:`ADVISE_SHARE`); empty: pass.
        best: ``plan[0]``, or None: pass.
        limit: the bid to go up to (the last planned game's safe value), 0 when passing.
    """

    games: tuple[GameChance, ...]
    plan: tuple[GameChance, ...]

    @property
    def best(self) -> GameChance | None:
        return self.plan[0] if self.plan else None

    @property
    def limit(self) -> int:
        return self.plan[-1].safe if self.plan else 0


@dataclass(frozen=True)
class PutAway:
    """One way of putting away two cards after the skat.

    Attributes:
        cards: the two cards put away (in deck order); game: the game declared with the 10 kept; chance: 0-1.
        value: the game's value with those cards put away (ISkO 5.1).
    """

    cards: tuple[Card, Card]
    game: GameType
    chance: float
    value: int


def _deck_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=DECK_INDEX.__getitem__))


def bid_advice(hand: Iterable[Card], forehand: bool) -> BidAdvice:
    """The coach's chances and bid advice for a 10-card ``hand`` before the skat (see the module's docstring).

    Args:
        hand: the 10 cards dealt; forehand: whether this player leads the first trick (ISkO 3.3.1).

    Returns:
        :class:`BidAdvice`; the same hand always gives the same advice (kept: the advice of 4,096 hands).

    Raises:
        ValueError: not 10 distinct cards.
    """
    return _bid_advice(_deck_order(hand), forehand)


@lru_cache(maxsize=4096)
def _bid_advice(hand: tuple[Card, ...], forehand: bool) -> BidAdvice:
    coach = bidding_coach(hand)
    trump = [GameChance(g.game, play_chance(hand, g.game, forehand), g.safe, g.value)
             for g in coach.games if g.game in TRUMP_GAMES]
    nulls = [GameChance(GameType.NULL, null_chance(hand, forehand, hand_game=h, ouvert=o), value, value, h, o)
             for (h, o), value in NULL_VALUES.items()]
    games = sorted(trump + nulls, key=lambda g: -g.chance)
    good = [g for g in games if g.chance >= ADVISE_SHARE]
    plan: list[GameChance] = []
    while good:  # the best game at the lowest bid, then the best of those still safe above its value, ...
        chosen = max(good, key=lambda g: (expected_score(g.chance, g.safe), g.safe))
        plan.append(chosen)
        good = [g for g in good if g.safe > chosen.safe]
    return BidAdvice(tuple(games), tuple(plan))


def expected_score(chance: float, value: int) -> float:
    """The list points a declarer expects from a game of ``value`` won with ``chance`` (0-1), by the Seeger-Fabian
    list scoring of Skat tournaments (ISkO 7: a won game scores 50 plus its value, a lost one minus 50 minus twice
    its value)."""
    return chance * (50 + value) - (1 - chance) * (50 + 2 * value)


def skat_advice(twelve: Iterable[Card], bid: int, forehand: bool) -> tuple[PutAway, ...]:
    """The best :data:`SHOWN` ways to put away two of the declarer's 12 cards (hand and skat): for each suit game and
    Grand whose value with the two put away reaches ``bid`` (ISkO 5.4: a lower value would be overbid), the chance
    (:func:`~webapp.games.skat.hand_model.declare_chance`) of the 10 kept, ranked by the list points it promises
    (:func:`expected_score` of the chance and the value); all 66 pairs are scored.

    Args:
        twelve: the 10 cards in hand and the 2 of the skat; bid: the bid won (18-264); forehand: as in
            :func:`bid_advice`.

    Returns:
        up to three :class:`PutAway`, one per game, the most list points expected first (on a tie, the more likely);
        empty when no suit game or Grand reaches the bid (only a Null could be declared).

    Raises:
        ValueError: not 12 distinct cards.
    """
    return _skat_advice(_deck_order(twelve), bid, forehand)


@lru_cache(maxsize=1024)
def _skat_advice(twelve: tuple[Card, ...], bid: int, forehand: bool) -> tuple[PutAway, ...]:
    if len(set(twelve)) != 12:
        raise ValueError("the skat advice needs 12 distinct cards")
    scored = []
    for pair in combinations(twelve, 2):
        kept = tuple(c for c in twelve if c not in pair)
        for game in TRUMP_GAMES:
            value = official.game_value(kept, pair, Declaration(game)).value
            if value >= bid:
                scored.append((declare_chance(kept, game, forehand), value,
                               PutAway((pair[0], pair[1]), game, 0.0, value)))
    scored.sort(key=lambda item: (-expected_score(item[0], item[1]), -item[0]))
    best: dict[GameType, PutAway] = {}
    for chance, value, way in scored:
        if way.game not in best and len(best) < SHOWN:
            best[way.game] = PutAway(way.cards, way.game, chance, value)
    return tuple(best.values())


def declare_advice(kept: Iterable[Card], put: Iterable[Card], bid: int, forehand: bool) -> PutAway | None:
    """The suit game or Grand to declare with the 10 ``kept`` cards once ``put`` (2 cards) is away: among those whose
    value reaches ``bid`` (ISkO 5.4), the one with the most list points expected (:func:`expected_score` of its
    chance, :func:`~webapp.games.skat.hand_model.declare_chance`, and its value). None when none reaches it.

    Raises:
        ValueError: ``kept`` is not 10 cards or ``put`` not 2.
    """
    kept, put = _deck_order(kept), _deck_order(put)
    if len(kept) != 10 or len(put) != 2:
        raise ValueError("the declaration advice needs 10 cards kept and 2 put away")
    scored = [(declare_chance(kept, game, forehand), value, game) for game in TRUMP_GAMES
              if (value := official.game_value(kept, put, Declaration(game)).value) >= bid]
    if not scored:
        return None
    chance, value, game = max(scored, key=lambda item: (expected_score(item[0], item[1]), item[0]))
    return PutAway((put[0], put[1]), game, chance, value)
