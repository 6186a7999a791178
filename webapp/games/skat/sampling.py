"""Dealing what a player cannot see: every consistent deal equally likely, then weighted by the bids said. Pure.

The first half of perfect-information Monte Carlo (PIMC; Ginsberg's GIB for bridge, and for Skat Kupferschmid and
Helmert, CG 2006, and Buro et al.'s Kermit, IJCAI 2009): deal the cards a player has not seen many times, each
deal consistent with everything the player knows, then solve each deal with open cards
(:mod:`webapp.games.skat.solver`).

What a player knows (:func:`knowledge_of`): its own cards; the skat once it picked it up (the declarer), or the
cards it put away; every card played and who played it; the cards of an Ouvert declarer (ISkO 5.2.6); how many
cards each player holds; and the suits a player showed it lacks: a player who did not follow the led "suit" (the
trumps count as one, ISkO 2.3) holds none of it.

The sampler (:func:`sample_deals`) draws uniformly among all deals that fit, exactly: it counts, suit by suit, the
ways the unseen cards of each suit can be split among the holders that may hold it (a multinomial coefficient for
each split), draws a split in proportion to its ways, then shuffles the cards within each suit. No deal is tried and
thrown away for a void, so a position with many voids costs no more than one without.

The bids (a documented, simple weighting): a player who said or held a bid ``b`` is unlikely to hold a hand that
cannot be worth ``b`` (:func:`could_bid`). A deal in which such a player's hand could not be bid that high is kept
with probability :data:`UNLIKELY` only (rejection sampling); after :data:`TRIES` draws a sample, the last draws are
kept as they come, so a strange auction never makes the sampler slow. Passing says little (a player may pass a
playable hand), so it is not weighted.

Every draw comes from a :class:`random.Random` seeded by :func:`situation_seed`: the same situation gives the same
deals on every machine.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Sequence

from webapp.games.skat.coach import DECK_INDEX, NULL_ORDER
from webapp.games.skat.official import NULL_VALUES, SUIT_GAMES, TRUMP_ORDER, GameType, _run  # the matadors' run
from webapp.games.skat.play import Seat, follow_class
from webapp.games.skat.rules import DECK, Card, Rank, Suit
from webapp.games.skat.table import Phase, TableState

__all__ = ["Deal", "Knowledge", "SKAT", "TRIES", "UNLIKELY", "could_bid", "knowledge_of", "sample_deals",
           "situation_seed"]

#: The holder of the skat (or of the cards put away), beside the seats 0-2.
SKAT = 3
#: The chance that a deal is kept in which a player who bid ``b`` holds a hand that cannot be worth ``b``.
UNLIKELY = 0.2
#: Jacks and aces together that make a Grand plausible for :func:`could_bid`.
GRAND_JACKS_AND_ACES = 4
#: Draws allowed for each sample before the bids' weighting is given up for that sample.
TRIES = 20
#: A "suit" for following: a plain suit, or None for the trumps (as :func:`webapp.games.skat.play.follow_class`).
FollowClass = Suit | None


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows of a deal (see the module's docstring).

    Attributes:
        seat: whose knowledge it is.
        known: the cards whose holder is known now, by holder (seats 0-2 and :data:`SKAT`); cards played are not
            held by anybody and are in none of them.
        unseen: the cards the seat cannot place, in deck order.
        counts: how many unseen cards each holder (seats 0-2, :data:`SKAT`) holds, by holder.
        lacks: by holder, the follow classes it holds none of (its voids).
        played: by seat, the cards it has played (its hand as dealt is these and what it holds now).
        bids: by seat, the highest bid it said or held (0: none).
        game: the declared game, or None before the declaration (no voids then).
    """

    seat: Seat
    known: tuple[tuple[Card, ...], ...]
    unseen: tuple[Card, ...]
    counts: tuple[int, int, int, int]
    lacks: tuple[frozenset, frozenset, frozenset, frozenset]
    played: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    bids: tuple[int, int, int]
    game: GameType | None


@dataclass(frozen=True)
class Deal:
    """One deal that fits a :class:`Knowledge`: the cards each seat holds now (by seat value) and the skat (or the
    cards put away) as the sampler placed them."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    skat: tuple[Card, ...]


def _bids(state: TableState) -> tuple[int, int, int]:
    best = [0, 0, 0]
    for call in state.auction.calls:
        if isinstance(call.word, int):
            best[call.seat.value] = max(best[call.seat.value], call.word)
        elif call.word == "yes":
            best[call.seat.value] = max(best[call.seat.value], _held(state, call))
    return best[0], best[1], best[2]


def _held(state: TableState, call) -> int:
    """The bid a "yes" held: the last number said before it."""
    said = 0
    for earlier in state.auction.calls:
        if earlier is call:
            return said
        if isinstance(earlier.word, int):
            said = earlier.word
    return said


def knowledge_of(state: TableState, seat: Seat) -> Knowledge:
    """What ``seat`` knows of ``state`` (see the module's docstring), at any phase but a thrown-in game.

    Returns:
        :class:`Knowledge`; the counts add up to ``len(unseen)``.

    Raises:
        ValueError: the game was thrown in (nothing to sample).
    """
    if state.phase is Phase.THROWN_IN:
        raise ValueError("a thrown-in game has nothing to sample")
    game = state.game
    played = [pair for trick in state.tricks for pair in trick.cards] + list(state.trick)
    gone = {card for _, card in played}
    known: list[set[Card]] = [set(), set(), set(), set()]
    known[seat.value] = set(state.hands[seat.value])
    declarer = state.declarer
    for open_seat in state.open_seats:
        known[open_seat.value] = set(state.hands[open_seat.value])
    if declarer == seat and state.picked_up:
        known[SKAT] = set(state.discarded)
    counts = [len(state.hands[s.value]) for s in Seat] + [2]
    lacks: list[set[FollowClass]] = [set(), set(), set(), set()]
    if game is not None:
        tricks = [trick.cards for trick in state.tricks] + ([state.trick] if state.trick else [])
        for cards in tricks:
            led = follow_class(cards[0][1], game)
            for who, card in cards[1:]:
                if follow_class(card, game) is not led:
                    lacks[who.value].add(led)
    seen = gone.union(*known)
    unseen = tuple(c for c in DECK if c not in seen)
    left = tuple(counts[h] - len(known[h]) for h in range(4))
    played_by = tuple(tuple(c for s, c in played if s == seat_) for seat_ in Seat)
    return Knowledge(seat, tuple(_sorted(tuple(k)) for k in known), unseen, (left[0], left[1], left[2], left[3]),
                     tuple(frozenset(x) for x in lacks), played_by, _bids(state), game)  # type: ignore[arg-type]


def situation_seed(state: TableState, k: Knowledge, salt: str = "") -> int:
    """A seed from everything a seat knows (its :class:`Knowledge` ``k`` of ``state``, the order of the cards played)
    and ``salt`` (what is asked): 64 bits of SHA-256, so the same situation gives the same samples on every machine
    and every reload."""
    text = repr((k.seat.value, [[str(c) for c in cards] for cards in k.known], [str(c) for c in k.unseen],
                 k.counts, [sorted(str(x) for x in lack) for lack in k.lacks], k.bids,
                 None if k.game is None else k.game.value, [str(c) for t in state.tricks for _, c in t.cards],
                 [str(c) for _, c in state.trick], salt))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# --- exact uniform sampling under voids ------------------------------------------------------------------------------

def _classes(knowledge: Knowledge) -> dict[FollowClass, list[Card]]:
    """The unseen cards by follow class (one class for all before the declaration)."""
    groups: dict[FollowClass, list[Card]] = {}
    for card in knowledge.unseen:
        key = follow_class(card, knowledge.game) if knowledge.game is not None else None
        groups.setdefault(key, []).append(card)
    return groups


def _splits(size: int, allowed: Sequence[bool], left: tuple[int, ...]):
    """Every way to give ``size`` cards to the holders (by count), each allowed holder at most what it has left."""
    holders = len(left)

    def rec(h: int, remaining: int):
        if h == holders - 1:
            if remaining == 0 or (allowed[h] and remaining <= left[h]):
                yield (remaining,)
            return
        top = min(remaining, left[h]) if allowed[h] else 0
        for k in range(top + 1):
            for rest in rec(h + 1, remaining - k):
                yield (k,) + rest

    return rec(0, size)


def _ways(split: Sequence[int]) -> int:
    """The multinomial coefficient: ways to deal ``sum(split)`` distinct cards into groups of these sizes."""
    total, ways = 0, 1
    for k in split:
        total += k
        ways *= comb(total, k)
    return ways


class _Counter:
    """Counts the deals that fit, class by class, remembering each partial count (a small dynamic program)."""

    def __init__(self, sizes: list[int], allowed: list[list[bool]]) -> None:
        self.sizes, self.allowed = sizes, allowed
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(self, index: int, left: tuple[int, ...]) -> int:
        """Deals of classes ``index``.. with ``left`` cards still to give each holder."""
        if index == len(self.sizes):
            return 1 if not any(left) else 0
        key = (index, left)
        if key not in self.memo:
            self.memo[key] = sum(_ways(split) * self.count(index + 1, tuple(a - b for a, b in zip(left, split)))
                                 for split in _splits(self.sizes[index], self.allowed[index], left))
        return self.memo[key]


def _draw_uniform(knowledge: Knowledge, rng: random.Random, counter: _Counter,
                  groups: list[list[Card]]) -> list[list[Card]]:
    """One deal of the unseen cards to the four holders, uniform among those that fit."""
    left = knowledge.counts
    placed: list[list[Card]] = [[], [], [], []]
    for index, cards in enumerate(groups):
        choices = []
        for split in _splits(len(cards), counter.allowed[index], left):
            after = tuple(a - b for a, b in zip(left, split))
            weight = _ways(split) * counter.count(index + 1, after)
            if weight:
                choices.append((split, after, weight))
        pick = rng.randrange(sum(w for _, _, w in choices))
        for split, after, weight in choices:
            if pick < weight:
                break
            pick -= weight
        shuffled = list(cards)
        rng.shuffle(shuffled)
        start = 0
        for holder, k in enumerate(split):
            placed[holder].extend(shuffled[start:start + k])
            start += k
        left = after
    return placed


#: Null order within a suit, low to high (ISkO 2.3.3); a card above the 9 is "high" for :func:`could_bid`.
_NULL_RANK = {rank: i for i, rank in enumerate(NULL_ORDER)}
_NINE = _NULL_RANK[Rank.NINE]


@lru_cache(maxsize=4096)
def could_bid(hand: tuple[Card, ...], bid: int) -> bool:
    """Whether a player could reasonably say or hold ``bid`` with these cards (a weighting, not a rule).

    True when some game's value before the skat reaches the bid: a suit game with at least 4 trumps or a Grand with
    at least 2 jacks and :data:`GRAND_JACKS_AND_ACES` jacks and aces (one fewer than the bidding coach's rule), their matadors "with" or "without" counted from these cards (ISkO 4.2: value = (matadors + 1)
    x the base value); or a Null (23, or 35 as Hand) with at most one card above the 9 in each suit.

    Args:
        hand: the player's cards as dealt (10), in any order.
        bid: the bid said or held (18-264).
    """
    held = set(hand)
    jacks = sum(1 for c in hand if c.is_jack)
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    for game in SUIT_GAMES + (GameType.GRAND,):
        if game is GameType.GRAND:
            enough = jacks >= 2 and jacks + aces >= GRAND_JACKS_AND_ACES
        else:
            enough = jacks + sum(1 for c in hand if c.suit is game.suit and not c.is_jack) >= 4
        if enough and (_run(TRUMP_ORDER[game], held)[1] + 1) * game.base_value >= bid:
            return True
    high = Counter(c.suit for c in hand if _NULL_RANK[c.rank] > _NINE)
    return bid <= NULL_VALUES[(True, False)] and all(n <= 1 for n in high.values())


def sample_deals(knowledge: Knowledge, count: int, seed: int) -> tuple[Deal, ...]:
    """``count`` deals that fit ``knowledge``, drawn as the module's docstring says, reproducibly from ``seed``.

    Args:
        knowledge: from :func:`knowledge_of`.
        count: how many deals (1-10,000).
        seed: the :class:`random.Random` seed (see :func:`situation_seed`).

    Returns:
        the deals, in the order drawn.

    Raises:
        ValueError: ``count`` out of range, or no deal fits (the knowledge contradicts itself).
    """
    if not 1 <= count <= 10_000:
        raise ValueError(f"count must be 1-10000, not {count}")
    groups_by = _classes(knowledge)
    keys = list(groups_by)
    groups = [groups_by[k] for k in keys]
    allowed = [[k not in knowledge.lacks[h] for h in range(4)] for k in keys]
    counter = _Counter([len(g) for g in groups], allowed)
    if counter.count(0, knowledge.counts) == 0:
        raise ValueError("no deal fits what the player knows")
    rng = random.Random(seed)
    bidders = [s for s in Seat if s != knowledge.seat and knowledge.bids[s.value] and not knowledge.known[s.value]]
    deals = []
    for _ in range(count):
        for _ in range(TRIES):
            placed = _draw_uniform(knowledge, rng, counter, groups)
            weight = 1.0
            for s in bidders:
                dealt = knowledge.played[s.value] + tuple(placed[s.value])
                if not could_bid(_sorted(dealt), knowledge.bids[s.value]):
                    weight *= UNLIKELY
            if weight == 1.0 or rng.random() < weight:
                break
        hands = tuple(_sorted(knowledge.known[s.value] + tuple(placed[s.value])) for s in Seat)
        deals.append(Deal(hands, _sorted(knowledge.known[SKAT] + tuple(placed[SKAT]))))  # type: ignore[arg-type]
    return tuple(deals)


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=DECK_INDEX.__getitem__))
