"""Dealing what a player cannot see (webapp/games/skat/sampling.py) and the sampled card chances (chances.py).

The sampler must draw every deal that fits what the player knows equally often (checked against all such deals
listed by brute force here), never a deal that breaks what the player saw (following suit, ISkO 2.3: a player who
did not follow holds none of the led suit), and the same deals for the same situation on every run.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from webapp.games.skat.bots import bot_move
from webapp.games.skat.chances import card_chances, target_of
from webapp.games.skat.official import GameType
from webapp.games.skat.play import Seat, follow_class
from webapp.games.skat.rules import Suit, parse_cards
from webapp.games.skat.sampling import Knowledge, could_bid, knowledge_of, sample_deals, situation_seed
from webapp.games.skat.table import Phase, deal


def _knowledge(unseen: str, counts, lacks, game=GameType.HEARTS, bids=(0, 0, 0)) -> Knowledge:
    return Knowledge(Seat.FOREHAND, ((), (), (), ()), tuple(parse_cards(unseen)), counts,
                     tuple(frozenset(x) for x in lacks), ((), (), ()), bids, game)


def _all_deals(knowledge: Knowledge) -> list[tuple]:
    """Every placement of the unseen cards that gives each holder its count and no card of a suit it lacks."""
    cards = knowledge.unseen
    out = []

    def place(holder: int, left: tuple) -> None:
        if holder == 4:
            if not left:
                out.append(tuple(tuple(sorted(map(str, h))) for h in chosen))
            return
        for pick in combinations(left, knowledge.counts[holder]):
            if any(follow_class(c, knowledge.game) in knowledge.lacks[holder] for c in pick):
                continue
            chosen.append(pick)
            place(holder + 1, tuple(c for c in left if c not in pick))
            chosen.pop()

    chosen: list = []
    place(0, cards)
    return out


@pytest.mark.parametrize("counts, lacks", [
    ((0, 2, 2, 2), [(), (), (), ()]),
    ((0, 2, 2, 2), [(), (None,), (), ()]),                       # middlehand has no trump
    ((0, 2, 2, 2), [(), (None,), (Suit.SPADES,), ()]),           # and rearhand no spade
])
def test_every_deal_that_fits_is_drawn_equally_often(counts, lacks):
    """Uniform over the deals the brute force lists: each drawn about n/N times (a chi-square test at the 0.1 %
    level, with a fixed seed: the test gives the same result every run)."""
    knowledge = _knowledge("JC AH 0H AS 0S 7S", counts, [set(x) for x in lacks])
    everything = _all_deals(knowledge)
    n = 200 * len(everything)
    drawn = Counter()
    for d in sample_deals(knowledge, min(n, 10_000), seed=5):
        drawn[tuple(tuple(sorted(map(str, h))) for h in (d.hands[0], d.hands[1], d.hands[2], d.skat))] += 1
    assert set(drawn) <= set(everything)
    total = sum(drawn.values())
    expected = total / len(everything)
    chi2 = sum((drawn.get(deal_, 0) - expected) ** 2 / expected for deal_ in everything)
    dof = len(everything) - 1
    assert chi2 < dof + 3.1 * (2 * dof) ** 0.5 + 10, (chi2, dof)  # about the 99.9 % quantile


def test_a_knowledge_that_contradicts_itself_is_refused():
    """Two holders without trumps and no room for the trumps elsewhere: no deal fits."""
    knowledge = _knowledge("JC JS AH 0H", (0, 2, 2, 0), [set(), {None}, {None}, set()])
    with pytest.raises(ValueError, match="no deal fits"):
        sample_deals(knowledge, 5, seed=1)


def _states(seed: int, stop_after: int):
    """A bot game from ``seed``, stopped in trick play after ``stop_after`` cards (or where it ends)."""
    state = deal(seed, 1 + seed % 3)
    played = 0
    while state.to_act is not None:
        if state.phase is Phase.PLAY:
            if played == stop_after:
                return state
            played += 1
        state = state.apply(bot_move(state).action)
    return None


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 27))
def test_every_deal_fits_what_the_player_saw(seed, cards_played):
    """Every sampled deal gives each seat its own cards where it sees them, the right number of cards elsewhere,
    no card twice, no card already played, and no card of a suit a player did not follow."""
    state = _states(seed, cards_played)
    if state is None:
        return
    seat = state.to_act
    knowledge = knowledge_of(state, seat)
    played = {c for t in state.tricks for _, c in t.cards} | {c for _, c in state.trick}
    lacks = {s: set() for s in Seat}  # ISkO 2.3, read off the tricks here
    for cards in [t.cards for t in state.tricks] + [state.trick]:
        for who, card in cards[1:]:
            if follow_class(card, state.game) is not follow_class(cards[0][1], state.game):
                lacks[who].add(follow_class(cards[0][1], state.game))
    for d in sample_deals(knowledge, 20, situation_seed(state, knowledge)):
        assert set(d.hands[seat.value]) == set(state.hands[seat.value])
        everything = [c for h in d.hands for c in h] + list(d.skat)
        assert len(everything) == len(set(everything)) == 32 - len(played)
        assert not played & set(everything)
        for s in Seat:
            assert len(d.hands[s.value]) == len(state.hands[s.value])
            assert not any(follow_class(c, state.game) in lacks[s] for c in d.hands[s.value])
        if seat == state.declarer and state.picked_up:
            assert set(d.skat) == set(state.discarded)


def test_the_same_situation_gives_the_same_deals_and_another_seat_others():
    state = _states(3, 7)
    seat = state.to_act
    first = sample_deals(knowledge_of(state, seat), 10, situation_seed(state, knowledge_of(state, seat)))
    again = sample_deals(knowledge_of(state, seat), 10, situation_seed(state, knowledge_of(state, seat)))
    assert first == again
    other = seat.next
    assert situation_seed(state, knowledge_of(state, other)) != situation_seed(state, knowledge_of(state, seat))


def test_a_player_who_did_not_follow_is_known_to_lack_the_suit():
    """ISkO 2.3: a player who does not follow the led suit has none of it."""
    for seed in range(200):
        state = _states(seed, 27)
        if state is None:
            continue
        for trick in state.tricks:
            led = follow_class(trick.cards[0][1], state.game)
            for who, card in trick.cards[1:]:
                if follow_class(card, state.game) is not led:
                    assert led in knowledge_of(state, state.to_act).lacks[who.value]
                    return
    pytest.fail("no trick with a player who did not follow in 200 games")


@pytest.mark.parametrize("hand, bid, expected", [
    ("JC JS JH JD AC AS AH AD 0C 0S", 120, True),    # Grand with 4, game 5: 5 x 24 = 120 (ISkO 4.2)
    ("JC JS JH JD AC AS AH AD 0C 0S", 121, False),
    ("JC JS AC 0C KC 7S 8S 9H 8D 7D", 36, True),     # Clubs with 2, game 3: 3 x 12 = 36
    ("JC JS AC 0C KC 7S 8S 9H 8D 7D", 37, False),
    ("JD AH 0H KH QH 7S 8S 9C 8D 7D", 40, True),     # Hearts without 3, game 4: 4 x 10 = 40
    ("7C 8C 9C 7S 8S 0S 7H 8H 7D 8D", 35, True),     # a Null hand: Null Hand 35
    ("7C 8C 9C 7S 8S 0S 7H 8H 7D 8D", 36, False),
    ("AC KC 9C 7S QS 0S 7H 8H 7D 8D", 18, False),    # no 4 trumps, no 2 jacks, two high spades and clubs
    ("JC JS AC 7S 8S 9S 7H 8H 9H 7D", 48, False),    # 2 jacks and 1 ace are no Grand
    ("JC JS AC AS 8S 9S 7H 8H 9H 7D", 72, True),     # 2 jacks and 2 aces: Grand with 2, game 3: 72
])
def test_who_could_bid_what(hand, bid, expected):
    assert could_bid(tuple(parse_cards(hand)), bid) is expected


def test_the_bids_weight_the_deals():
    """A player who held 48 gets a hand that could be worth 48 far more often than the uniform share."""
    state = deal(1, 1)
    seat = state.to_act
    bidder = seat.next
    plain = knowledge_of(state, seat)
    bids = tuple(48 if s == bidder else 0 for s in Seat)
    bidding = Knowledge(plain.seat, plain.known, plain.unseen, plain.counts, plain.lacks, plain.played, bids,
                        plain.game)

    def share(k):
        deals = sample_deals(k, 400, seed=9)
        return sum(could_bid(d.hands[bidder.value], 48) for d in deals) / len(deals)

    assert share(bidding) > 2 * share(plain)


def test_card_chances_count_each_deal_by_the_solver():
    """Every card's wins are the deals in which the solver says the player's side still wins after it; the same
    situation gives the same chances; a defender counts the declarer's failures."""
    state = _states(21, 16)
    chances = card_chances(state, samples=12)
    assert chances.deals + chances.left_out == 12
    again = card_chances(state, samples=12)
    assert again == chances
    legal = [a.card for a in state.legal_actions()]
    assert [c for c, _ in chances.cards] == legal
    assert all(0 <= wins <= chances.deals for _, wins in chances.cards)
    assert chances.declarer_side == (state.to_act == state.declarer)
    assert target_of(state) in (0, 31, 61, 90)


def test_card_chances_with_nothing_hidden_are_the_solvers_answer():
    """Before the last trick with the skat known to the declarer and the cards' places forced, every deal is the
    true one: each card's wins are all deals or none, as the open-cards solver says."""
    state = _states(5, 27)
    if state is None or state.to_act is None:
        pytest.skip("that game ended early")
    chances = card_chances(state, samples=6)
    assert all(wins in (0, chances.deals) for _, wins in chances.cards)


def test_card_chances_are_the_brute_forces_counts_over_the_same_deals():
    """Late in a game (two tricks left): each card's wins equal the count, over the very deals sampled, of the deals
    in which the brute-force minimax (written in the solver's tests) says the side still wins after that card."""
    from test_skat_solver import brute_values
    from webapp.games.skat.chances import _position

    checked = 0
    for seed in range(40):
        state = _states(seed, 24)
        if state is None or len(state.legal_actions()) < 2:
            continue
        chances = card_chances(state, samples=10)
        seat = state.to_act
        knowledge = knowledge_of(state, seat)
        deals = sample_deals(knowledge, 10, situation_seed(state, knowledge, "card"))
        target = target_of(state)
        expected = {a.card: 0 for a in state.legal_actions()}
        for d in deals:
            values = brute_values(_position(state, d))
            for card, value in values.items():
                reached = value == 1 if state.game.is_null else value >= target
                expected[card] += reached == (seat == state.declarer)
        assert dict(chances.cards) == expected
        checked += 1
    assert checked >= 10
