"""The bidding coach (official rules, ISkO): what each game of a hand is worth before the skat, and how high to bid.

For every suit game, Grand and Null it gives the value before the skat is seen, the highest bid that is safe
whatever the skat holds (the lowest value any of the 231 possible skats can leave: a hidden jack turns "without 3"
into "with 1"), and, with a simple hand-strength rule (a teaching aid, not the ISkO), the game to aim for.

With JC JS JH, a Grand is "with 3, game 4", 4 x 24 = 96, and no skat can lower it:

>>> result = bidding_coach(parse_hand("JC JS JH AC 0C KC QC AS 0S AH"))
>>> result.best.game.value, result.best.value, result.best.safe
('grand', 96, 96)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import Iterable

from webapp.core.steps import Step
from webapp.games.skat.official import (  # the value rules of the ISkO, and their step helpers
    NULL_VALUES, SKAT_SIZE, SUIT_GAMES, TRUMP_GAMES, TRUMP_ORDER, Declaration, GameType, MatadorKind, Matadors,
    _check_cards, _matador_steps, _null_name, _run, count_matadors,
)
from webapp.games.skat.bids import bid_ladder
from webapp.games.skat.rules import DECK, Card, Rank, Suit, parse_hand  # noqa: F401 - parse_hand for the doctest

__all__ = ["CoachGame", "CoachResult", "bidding_coach"]

#: Each card's place in :data:`DECK` (the coach's cache keys its hands in deck order).
DECK_INDEX = {card: i for i, card in enumerate(DECK)}


@dataclass(frozen=True)
class CoachGame:
    """What one game is worth for a 10-card hand before (or after) the skat.

    Attributes:
        game: the :class:`GameType`; for Null, ``hand``/``ouvert`` name the variant.
        hand, ouvert: the Null variant (False for the other games).
        matadors: the matadors of the 10 cards (or of the 12 with a known skat); None for Null.
        value: the value before the skat (with a known skat: the exact value), picking up the skat.
        safe: the highest safe bid: the lowest value any skat can leave (ISkO 5.4 overbid trap).
        worst: the matadors the worst skat makes, when they differ; else None.
        worst_skat: an example skat card that makes the worst case (the highest missing top trump).
        risk: the share of possible skats (0.0-1.0) that lower the value.
        steps: the explanation for this game.
    """

    game: GameType
    hand: bool
    ouvert: bool
    matadors: Matadors | None
    value: int
    safe: int
    worst: tuple[MatadorKind, int] | None
    worst_skat: Card | None
    risk: float
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class CoachResult:
    """The bidding coach's advice for a hand (see :func:`bidding_coach`).

    Attributes:
        hand: the 10 cards; skat: the 2 skat cards or None.
        games: one :class:`CoachGame` for each suit, Grand, Null, Null Hand, Null Ouvert, Null Ouvert Hand.
        best: the game the hand-strength rule picks (an element of ``games``), or None (pass).
        ladder: the valid bids from 18 up to the best game's value before the skat.
        stop: the highest safe bid of the best game (where to stop), or None.
        steps: the hand-strength rule's explanation.
    """

    hand: tuple[Card, ...]
    skat: tuple[Card, ...] | None
    games: tuple[CoachGame, ...]
    best: CoachGame | None
    ladder: tuple[int, ...]
    stop: int | None
    steps: tuple[Step, ...]


def _coach_trump_game(game: GameType, hand: tuple[Card, ...], skat: tuple[Card, ...] | None,
                      unknown: tuple[Card, ...]) -> CoachGame:
    order = TRUMP_ORDER[game]
    base = game.base_value
    m = count_matadors(game, hand, skat)
    steps = [Step("skat.coach.game", game=game, base=base)]
    steps.extend(_matador_steps(game, m))
    value = (m.count + 1) * base
    if skat is not None:
        steps.append(Step("skat.coach.exact", run=m.count, base=base, value=value))
        return CoachGame(game, False, False, m, value, value, None, None, 0.0, tuple(steps))
    own = frozenset(hand)
    worst_n, worst_m, lower = m.count + 1, None, 0
    pairs = 0
    for pair in combinations(unknown, SKAT_SIZE):
        pairs += 1
        with_, n = _run(order, own | frozenset(pair))
        if n + 1 < m.count + 1:
            lower += 1
        if n + 1 < worst_n:
            worst_n, worst_m = n + 1, (MatadorKind.WITH if with_ else MatadorKind.WITHOUT, n)
    safe = worst_n * base
    steps.append(Step("skat.coach.value", run=m.count, base=base, value=value))
    worst_skat = None
    if worst_m is not None:
        worst_skat = next(c for c in order if c not in own)
        steps.append(Step("skat.coach.trap", card=worst_skat, kind=worst_m[0], run=worst_m[1], safe=safe,
                          percent=round(100 * lower / pairs)))
    else:
        steps.append(Step("skat.coach.safe", value=value))
    return CoachGame(game, False, False, m, value, safe, worst_m, worst_skat, lower / pairs, tuple(steps))


def _coach_null(hand_game: bool, ouvert: bool) -> CoachGame:
    value = NULL_VALUES[(hand_game, ouvert)]
    declaration = Declaration(GameType.NULL, hand_game, ouvert)
    steps = (Step("skat.official.null_value", value=value, hand=hand_game, ouvert=ouvert,
                  name=_null_name(declaration)),)
    return CoachGame(GameType.NULL, hand_game, ouvert, None, value, value, None, None, 0.0, steps)


#: Null order within a suit, low to high (ISkO 2.3.3): 7 8 9 10 J Q K A.
NULL_ORDER: tuple[Rank, ...] = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
                                Rank.ACE)
#: The hand-strength rule's thresholds (see :func:`bidding_coach`).
GRAND_MIN_JACKS = 2
GRAND_MIN_JACKS_AND_ACES = 5
SUIT_MIN_TRUMPS = 6


def _null_safe(cards: tuple[Card, ...]) -> tuple[bool, Suit | None]:
    """Null rule: in every suit held the lowest card is the 7 and no gap of more than one card follows."""
    for suit in Suit:
        ranks = sorted(NULL_ORDER.index(c.rank) for c in cards if c.suit is suit)
        if not ranks:
            continue
        if ranks[0] != 0 or any(b - a > 2 for a, b in zip(ranks, ranks[1:])):
            return False, suit
    return True, None


def bidding_coach(hand: Iterable[Card], skat: Iterable[Card] | None = None) -> CoachResult:
    """How high may I bid? Values and safe bids of every game for a 10-card hand.

    For each suit game and Grand: the value before the skat (matadors of the
    10 cards + 1 for the game, x base) and the highest safe bid: the lowest
    value any of the 231 possible skats can leave. A hidden top trump in the
    skat can turn "without 3" into "with 1" (the classic overbid trap, ISkO
    5.4); "with N" can only grow. Null values are fixed (23, 35, 46, 59).
    With the skat given, every value is exact.

    The hand-strength rule (a simple teaching rule, not the ISkO), first match wins:

    1. Grand when you hold at least 2 jacks and jacks + aces make at least 5.
    2. A suit game when some suit gives at least 6 trumps (its cards plus all
       jacks; the most trumps, ties to the higher suit), as the family rule.
    3. Null when in every suit you hold your lowest card is the 7 and no gap of
       more than one card follows (7 9 J is fine, 7 10 is not).
    4. Otherwise pass.

    Returns:
        :class:`CoachResult`; ``stop`` is the best game's safe bid.

    Raises:
        RuleInputError: not 10 distinct cards, a skat not of 2 cards, or a card in both.
    """
    cards = tuple(hand)
    skat_cards = None if skat is None else tuple(skat)
    _check_cards(cards, skat_cards)
    result = _advice(_in_deck_order(cards), None if skat_cards is None else _in_deck_order(skat_cards))
    return replace(result, hand=cards, skat=skat_cards)


#: How many hands' advice :func:`_advice` keeps (a few KB each): the table's bots ask for the same three hands on
#: every move of a replay, and the pages for the hands of the deals being played.
ADVICE_CACHE = 512


def _in_deck_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=DECK_INDEX.__getitem__))


@lru_cache(maxsize=ADVICE_CACHE)
def _advice(cards: tuple[Card, ...], skat_cards: tuple[Card, ...] | None) -> CoachResult:
    """:func:`bidding_coach` for checked cards in deck order (its advice depends on the cards, not on their
    order), memoised: 5 trump games x 231 skats is about 2 ms of CPU a hand, and the table's replay asks again
    for every bot move."""
    own = frozenset(cards)
    unknown = tuple(c for c in DECK if c not in own)
    games = [_coach_trump_game(g, cards, skat_cards, unknown) for g in TRUMP_GAMES]
    games += [_coach_null(h, o) for h, o in ((False, False), (True, False), (False, True), (True, True))]

    steps: list[Step] = []
    held = cards  # the rule looks at the 10 cards in hand
    jacks = sum(1 for c in held if c.is_jack)
    aces = sum(1 for c in held if c.rank is Rank.ACE)
    trumps = [(g, jacks + sum(1 for c in held if c.suit is g.suit and not c.is_jack)) for g in SUIT_GAMES]
    suit_game, suit_trumps = max(trumps, key=lambda gt: (gt[1], gt[0].base_value))
    null_ok, weak_suit = _null_safe(held)
    best: CoachGame | None = None
    if jacks >= GRAND_MIN_JACKS and jacks + aces >= GRAND_MIN_JACKS_AND_ACES:
        steps.append(Step("skat.coach.rule.grand", jacks=jacks, aces=aces))
        best = games[TRUMP_GAMES.index(GameType.GRAND)]
    else:
        steps.append(Step("skat.coach.rule.no_grand", jacks=jacks, aces=aces))
        if suit_trumps >= SUIT_MIN_TRUMPS:
            steps.append(Step("skat.coach.rule.suit", suit=suit_game.suit, count=suit_trumps))
            best = games[TRUMP_GAMES.index(suit_game)]
        else:
            steps.append(Step("skat.coach.rule.no_suit", suit=suit_game.suit, count=suit_trumps,
                              needed=SUIT_MIN_TRUMPS))
            if null_ok:
                steps.append(Step("skat.coach.rule.null"))
                best = games[len(TRUMP_GAMES)]
            else:
                steps.append(Step("skat.coach.rule.no_null", suit=weak_suit))
                steps.append(Step("skat.coach.rule.pass"))
    if best is None:
        return CoachResult(cards, skat_cards, tuple(games), None, (), None, tuple(steps))
    steps.append(Step("skat.coach.stop", safe=best.safe, value=best.value))
    return CoachResult(cards, skat_cards, tuple(games), best, bid_ladder(best.value), best.safe, tuple(steps))
