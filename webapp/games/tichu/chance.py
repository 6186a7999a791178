"""The chance that a seat goes out first if it calls, and the Grand Tichu / Tichu advice from it. Pure, no Flask.

Method (issue 38, section 1): sample the cards the seat has not seen, consistent with what it knows, and play
each sample out with today's bots (:mod:`webapp.games.tichu.round_bots`) until the first player is out; the
seat makes the call in question and then plays as the bot would (a bot that called plays its high cards harder,
its partner helps: :func:`~webapp.games.tichu.round_bots._stakes`). The share of samples in which the seat went
out first is the chance; its 95 % interval is Wilson's score interval.

* 8 cards (before the Grand Tichu call): the other 48 cards are dealt at random, the seat's 6 still to come
  among them; the round is played from the Grand Tichu decisions on.
* 14 cards (before the exchange and the first card): the other 42 cards are dealt at random to the three others,
  keeping only deals in which each of them made the Grand Tichu decision it did (``grand_calls``: the bots call
  when their first 8 cards reach :data:`~webapp.games.tichu.round_bots.GRAND_LIMIT`; with two or three callers
  seat by seat, see :func:`_deal_fitting`); the seat itself declined.
  The round is played from the exchange on.

Reproducible: the samples come from ``random.Random`` seeded with an integer derived (SHA-256) from ``seed``, the
cards, the seat and the calls, never from ``hash()`` or the clock; sample ``i`` is the same for any number of
samples, so more samples only add deals.

Bounded: at most :data:`MAX_SAMPLES` samples, at most :data:`MOVES_PER_SAMPLE` bot moves a sample on average
(the work stops, with fewer samples, when the moves are spent) and :data:`TRIES_PER_SAMPLE` deals drawn a
sample for the calls to fit (:func:`_deal_fitting`); CPU is counted in moves, not time, so the figures are the same on every machine.

The advice (Tichu rulebook, "Tichu"): a Tichu call wins its caller's team 100 points when the caller goes out
first and loses 100 otherwise, Grand Tichu 200 (:data:`~webapp.games.tichu.trick.CALLS`); the card points and the
double victory count the same with or without the call. With the chance ``p`` the call is worth
``stake * p - stake * (1 - p) = stake * (2p - 1)`` points on average, more than not calling (0) exactly when
``p >= 1/2``: :data:`THRESHOLD`. A Grand Tichu call also gives up the chance to call Tichu later with 14 cards,
worth at most ``100 * (2p - 1)`` at the same chance, so Grand Tichu beats it too exactly when ``p >= 1/2``.
The chance is the one with the call made (:func:`called`), which is what the call's value needs.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from webapp.core.steps import RuleInputError, Step
from webapp.games.tichu.round import FIRST_CARDS, HAND, Phase, RoundState, position
from webapp.games.tichu.round_bots import GRAND_LIMIT, MAX_ACTIONS, grand_strength, next_bot_move
from webapp.games.tichu.rules import TichuCard, TichuSuit, check_deck, deck
from webapp.games.tichu.rules.codes import Code, codes
from webapp.games.tichu.strength import HandStrength, hand_strength
from webapp.games.tichu.trick import CALLS, SEATS

__all__ = ["Chance", "ChanceError", "ChanceStep", "DEFAULT_SAMPLES", "Estimate", "MAX_SAMPLES", "THRESHOLD",
           "bot_grand_calls", "call_value", "called", "endgame_chance", "first_out", "out_first_chance", "wilson"]

#: Samples played when none are asked for, and the most ever played.
DEFAULT_SAMPLES = 200
MAX_SAMPLES = 2_000
#: Bot moves a sample may use on average (a round to its first player out takes about 50).
MOVES_PER_SAMPLE = 150
#: Deals drawn a sample, at most, for the others' Grand Tichu decisions to be the ones the seat saw (and as many
#: hands a seat when drawn seat by seat).
TRIES_PER_SAMPLE = 500
#: Call when the chance to go out first is at least this (the call's expected value, see the module's docstring).
THRESHOLD = 0.5
#: The normal quantile of a 95 % interval.
Z95 = 1.959963984540054


class ChanceError(Code):
    """Input the chance cannot be computed for (raised as :class:`~webapp.core.steps.RuleInputError`)."""

    COUNT = "tichu.chance.error.count", ("count",)


class ChanceStep(Code):
    """The advice's reasons (sentences in :mod:`webapp.games.tichu.messages_chance`)."""

    CHANCE = "tichu.chance.chance", ("high", "low", "percent", "samples")
    STRENGTH = "tichu.chance.strength", ("plays", "strength")
    GRAND = "tichu.chance.grand", ("percent", "value")
    NO_GRAND = "tichu.chance.no_grand", ("percent", "threshold", "value")
    TICHU = "tichu.chance.tichu", ("percent", "value")
    NO_TICHU = "tichu.chance.no_tichu", ("percent", "threshold", "value")


def wilson(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of the share ``hits / n`` (95 % by default), as ``(low, high)`` in 0..1;
    ``(0.0, 1.0)`` when ``n`` is 0. Wilson (1927), "Probable inference, the law of succession, and statistical
    inference".

    >>> [round(x, 3) for x in wilson(5, 10)]
    [0.237, 0.763]
    """
    if n <= 0:
        return 0.0, 1.0
    share = hits / n
    centre = share + z * z / (2 * n)
    spread = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    low = 0.0 if hits <= 0 else max(0.0, (centre - spread) / scale)
    return low, 1.0 if hits >= n else min(1.0, (centre + spread) / scale)


@dataclass(frozen=True)
class Estimate:
    """A sampled share: ``hits`` of ``samples`` deals in which the seat went out first, with ``moves`` bot moves
    played in all. ``chance`` is 0.0 when no sample could be played."""

    hits: int
    samples: int
    moves: int

    @property
    def chance(self) -> float:
        """The share in 0..1."""
        return self.hits / self.samples if self.samples else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval ``(low, high)`` (:func:`wilson`)."""
        return wilson(self.hits, self.samples)


@dataclass(frozen=True)
class Chance:
    """The chance of a hand of 8 or 14 cards and the call advice.

    Attributes:
        chance: the share of sampled deals the seat went out first (0..1); samples: how many deals were played;
        low, high: the 95 % Wilson interval; moves: bot moves played in all.
        call: ``"grand"`` (8 cards) or ``"tichu"`` (14 cards); advised: True when the call is advised
        (``chance >= THRESHOLD``); value: the call's expected points, ``stake * (2 * chance - 1)`` rounded.
        strength: the hand's :class:`~webapp.games.tichu.strength.HandStrength`; steps: the reasons
        (``tichu.chance.*``).
    """

    chance: float
    samples: int
    low: float
    high: float
    moves: int
    call: str
    advised: bool
    value: int
    strength: HandStrength
    steps: tuple[Step, ...]


def _seed(*parts: object) -> int:
    """An integer seed from ``parts`` (their text, SHA-256): the same on every machine and every run."""
    text = ":".join(str(p) for p in ("kartenschule-tichu-chance",) + parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _real_cards(cards: Sequence[TichuCard]) -> tuple[TichuCard, ...]:
    """The cards as cards of the deck, sorted: a card written without a suit gets a free suit, turning with the
    rank (rank ``r`` tries suit ``r mod 4`` first), so that suitless cards never make a straight flush by chance.

    Raises:
        RuleInputError: a card given twice, or more than four of a rank (:func:`check_deck`).
    """
    check_deck((), cards)
    suits = list(TichuSuit)
    taken = {c for c in cards if c.suit is not None}
    real: list[TichuCard] = [c for c in cards if c.suit is not None or not c.is_natural]
    for card in (c for c in cards if c.suit is None and c.is_natural):
        turned = [suits[(card.rank + i) % len(suits)] for i in range(len(suits))]
        free = next(s for s in turned if TichuCard(card.rank, s) not in taken)
        taken.add(TichuCard(card.rank, free))
        real.append(TichuCard(card.rank, free))
    order = {c: i for i, c in enumerate(deck())}
    return tuple(sorted(real, key=order.__getitem__))


def _estimate(draw: Callable[[random.Random], RoundState | None], seat: int, samples: int,
              rng: random.Random) -> Estimate:
    """Draw up to ``samples`` deals (``draw`` returns None when it finds none that fits what the seat knows; as
    many misses end the sampling) and play each out: the :class:`Estimate` of ``seat`` going out first, within the module's bounds."""
    budget = samples * MOVES_PER_SAMPLE
    hits = played = moves = misses = 0
    while played < samples and moves < budget and misses < samples:
        state = draw(rng)
        if state is None:  # no deal found that fits what the seat knows
            misses += 1
            continue
        first, used = first_out(state, budget - moves)
        moves += used
        if first is None:  # the moves ran out in the middle of a deal: it does not count
            break
        played += 1
        hits += first == seat
    return Estimate(hits, played, moves)


def _check_samples(samples: int) -> int:
    if type(samples) is not int or not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"samples are 1 to {MAX_SAMPLES}, not {samples!r}")
    return samples


def _check_seat(seat: int) -> int:
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise ValueError(f"seats are 0 to 3, not {seat!r}")
    return seat


def bot_grand_calls(dealt: Sequence[Sequence[TichuCard]], seat: int) -> frozenset[int]:
    """The seats other than ``seat`` whose bots call Grand Tichu on the first 8 of their ``dealt`` cards
    (:func:`~webapp.games.tichu.round_bots.grand_strength` at least
    :data:`~webapp.games.tichu.round_bots.GRAND_LIMIT`)."""
    return frozenset(s for s in range(SEATS) if s != seat and _fits(dealt[s], True))


def called(dealt: Sequence[Sequence[TichuCard]], seat: int, seen: int, callers: Iterable[int] = ()) -> RoundState:
    """The round of the 4 x 14 ``dealt`` cards at the moment of ``seat``'s call, the call made: with ``seen`` 8
    cards Grand Tichu (the others still to decide), with 14 Tichu before the exchange (the Grand Tichu decisions
    made: ``callers`` called, the others and ``seat`` declined). What :func:`out_first_chance` plays out, and the
    benchmark the real deals.

    Raises:
        ValueError: ``seen`` is neither 8 nor 14.
    """
    hands = tuple(tuple(cards) for cards in dealt)
    if seen == FIRST_CARDS:
        return RoundState(seed=0, round_number=1, dealt=hands,
                          grand=tuple(True if s == seat else None for s in range(SEATS)),
                          calls=tuple("grand" if s == seat else None for s in range(SEATS)))
    if seen != HAND:
        raise ValueError(f"a call is made after 8 or 14 cards, not {seen}")
    grand = frozenset(callers)
    return RoundState(seed=0, round_number=1, dealt=hands, grand=tuple(s in grand for s in range(SEATS)),
                      calls=tuple("grand" if s in grand else "tichu" if s == seat else None for s in range(SEATS)))


def first_out(state: RoundState, budget: int = MAX_ACTIONS) -> tuple[int | None, int]:
    """Play ``state`` with four bots until a player is out: ``(that seat, moves made)``; at most
    ``min(budget, MAX_ACTIONS)`` moves (the seat is None when they run out first)."""
    for moves in range(min(budget, MAX_ACTIONS)):
        if state.out or state.phase is Phase.DONE:
            return (state.out[0] if state.out else None), moves
        found = next_bot_move(state)
        if found is None:
            return None, moves
        state = state.apply(found[1].action)
    return (state.out[0] if state.out else None), min(budget, MAX_ACTIONS)


def _fits(cards: Sequence[TichuCard], caller: bool) -> bool:
    """True when a bot with these first 8 ``cards`` makes the Grand Tichu decision ``caller``."""
    return (grand_strength(tuple(cards[:FIRST_CARDS])) >= GRAND_LIMIT) == caller


def _deal_fitting(rng: random.Random, pool: Sequence[TichuCard], others: Sequence[int],
                  callers: frozenset[int]) -> dict[int, tuple[TichuCard, ...]] | None:
    """14 of the ``pool`` cards for each seat of ``others`` such that the seats in ``callers`` called Grand Tichu
    and the others did not (as the bots decide on their first 8), or None.

    Whole deals are drawn until one fits, at most :data:`TRIES_PER_SAMPLE` (exact: every fitting deal is as
    likely). When none fits (two or three callers, as each bot calls on about 3 % of hands), seat by seat: the
    first 8 cards of each until they fit, then the rest at random (close, not exact: a seat's cards are drawn
    without looking at the later seats' decisions); None when a seat still does not fit.
    """
    for _ in range(TRIES_PER_SAMPLE):
        cards = list(pool)
        rng.shuffle(cards)
        hands = {other: tuple(cards[i * HAND:(i + 1) * HAND]) for i, other in enumerate(others)}
        if all(_fits(hands[other], other in callers) for other in others):
            return hands
    return _deal_seat_by_seat(rng, pool, others, callers)


def _deal_seat_by_seat(rng: random.Random, pool: Sequence[TichuCard], others: Sequence[int],
                       callers: frozenset[int]) -> dict[int, tuple[TichuCard, ...]] | None:
    """:func:`_deal_fitting`'s second way: each seat's first 8 cards in turn until they fit, then the rest."""
    left = list(pool)
    firsts: dict[int, tuple[TichuCard, ...]] = {}
    for other in others:
        for _ in range(TRIES_PER_SAMPLE):
            first = tuple(rng.sample(left, FIRST_CARDS))
            if _fits(first, other in callers):
                break
        else:
            return None
        firsts[other] = first
        left = [c for c in left if c not in first]
    rng.shuffle(left)
    more = HAND - FIRST_CARDS
    return {other: firsts[other] + tuple(left[i * more:(i + 1) * more]) for i, other in enumerate(others)}


def out_first_chance(cards: Iterable[TichuCard], *, seat: int = 0, grand_calls: Iterable[int] = (),
                     samples: int = DEFAULT_SAMPLES, seed: int = 0) -> Chance:
    """The chance that ``seat`` goes out first with ``cards`` and the call advice (see the module's docstring).

    Args:
        cards: the seat's first 8 cards (advice: Grand Tichu) or its 14 cards before the exchange (advice:
            Tichu); a card without a suit stands for any free card of its rank.
        seat: the seat (0-3); grand_calls: with 14 cards, the other seats that called Grand Tichu (the seat
            itself declined); samples: deals to play, 1 to :data:`MAX_SAMPLES`; seed: any integer.

    Returns:
        A :class:`Chance`.

    Raises:
        RuleInputError: ``tichu.chance.error.count`` for a number of cards other than 8 or 14; a card twice
            (:func:`~webapp.games.tichu.rules.check_deck`).
        ValueError: a seat outside 0..3, a Grand Tichu call by ``seat`` itself or outside 0..3 or with 8 cards (the
            child decides first), samples outside 1..MAX_SAMPLES.
    """
    given = tuple(cards)
    if len(given) not in (FIRST_CARDS, HAND):
        raise RuleInputError(ChanceError.COUNT, f"give 8 or 14 cards, not {len(given)}", count=len(given))
    hand = _real_cards(given)
    seat, samples = _check_seat(seat), _check_samples(samples)
    callers = frozenset(grand_calls)
    if seat in callers or not callers <= set(range(SEATS)) or callers and len(hand) == FIRST_CARDS:
        raise ValueError(f"Grand Tichu callers are other seats than {seat}, known with 14 cards: {sorted(callers)!r}")
    rest = [c for c in deck() if c not in hand]
    others = [s for s in range(SEATS) if s != seat]
    rng = random.Random(_seed(seed, "".join(map(str, hand)), seat, sorted(callers)))

    def draw(rng: random.Random) -> RoundState | None:
        cards = rest[:]
        rng.shuffle(cards)
        dealt: list[tuple[TichuCard, ...]] = [()] * SEATS
        dealt[seat] = hand + tuple(cards[:HAND - len(hand)])
        if len(hand) == FIRST_CARDS:
            cards = cards[HAND - FIRST_CARDS:]
            for i, other in enumerate(others):
                dealt[other] = tuple(cards[i * HAND:(i + 1) * HAND])
        else:
            hands = _deal_fitting(rng, rest, others, callers)
            if hands is None:
                return None
            for other in others:
                dealt[other] = hands[other]
        return called(dealt, seat, len(hand), callers)

    estimate = _estimate(draw, seat, samples, rng)
    return _advice(hand, estimate)


def call_value(call: str, chance: float) -> float:
    """The expected points a call brings its team, ``stake * (2 * chance - 1)``: ``stake`` (100 for ``"tichu"``,
    200 for ``"grand"``, Tichu rulebook) won with the ``chance`` (0..1) to go out first, lost otherwise.

    >>> call_value("tichu", 0.75), call_value("grand", 0.25)
    (50.0, -100.0)

    Raises:
        KeyError: a call other than ``"tichu"`` and ``"grand"``.
    """
    stake = CALLS[call]
    return stake * chance - stake * (1 - chance)


def _advice(hand: tuple[TichuCard, ...], estimate: Estimate) -> Chance:
    """The :class:`Chance` of ``hand`` from its :class:`Estimate`: the call, its value and the reasons."""
    call = "grand" if len(hand) == FIRST_CARDS else "tichu"
    chance = estimate.chance
    low, high = estimate.interval
    value = round(call_value(call, chance))
    advised = estimate.samples > 0 and chance >= THRESHOLD
    strength = hand_strength(hand)
    percent = math.floor(100 * chance)  # never 50 in 100 below the threshold
    steps = [Step(ChanceStep.CHANCE, percent=percent, low=math.floor(100 * low),
                  high=math.ceil(100 * high), samples=estimate.samples),
             Step(ChanceStep.STRENGTH, strength=strength.score, plays=strength.plays)]
    if advised:
        steps.append(Step(ChanceStep.GRAND if call == "grand" else ChanceStep.TICHU, percent=percent, value=value))
    else:
        steps.append(Step(ChanceStep.NO_GRAND if call == "grand" else ChanceStep.NO_TICHU, percent=percent,
                          value=-value, threshold=round(100 * THRESHOLD)))
    return Chance(chance=chance, samples=estimate.samples, low=low, high=high, moves=estimate.moves, call=call,
                  advised=advised, value=value, strength=strength, steps=tuple(steps))


def endgame_chance(hand: Iterable[TichuCard], unseen: Iterable[TichuCard], counts: Sequence[int], *, leader: int,
                   seat: int = 0, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> Estimate:
    """The chance that ``seat`` goes out first from a position in the play (:func:`~webapp.games.tichu.round.position`,
    no calls): ``seat`` holds ``hand``, ``leader`` leads, and the ``unseen`` cards lie at random with the other
    seats, ``counts[s]`` cards with seat ``s`` (``counts[seat]`` is ignored). For puzzles, and to check the
    sampling against an exact count.

    Raises:
        ValueError: the counts do not add up to the unseen cards, a seat or samples out of range.
    """
    mine, pool = tuple(hand), list(unseen)
    seat, samples, leader = _check_seat(seat), _check_samples(samples), _check_seat(leader)
    others = [s for s in range(SEATS) if s != seat]
    if len(counts) != SEATS or sum(counts[s] for s in others) != len(pool) or min(counts) < 0:
        raise ValueError("give each seat's number of cards; the other seats' must add up to the unseen cards")
    rng = random.Random(_seed("endgame", seed, "".join(map(str, mine)), "".join(map(str, pool)), seat, leader,
                              tuple(counts)))

    def draw(rng: random.Random) -> RoundState:
        cards = pool[:]
        rng.shuffle(cards)
        hands: list[tuple[TichuCard, ...]] = [()] * SEATS
        hands[seat] = mine
        start = 0
        for other in others:
            hands[other] = tuple(cards[start:start + counts[other]])
            start += counts[other]
        return position(hands, leader)

    return _estimate(draw, seat, samples, rng)


#: Every code this module emits, with its parameter names.
CODES: dict[str, tuple[str, ...]] = codes(ChanceError, ChanceStep)
