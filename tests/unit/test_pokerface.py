"""The Pokerface engine (seed 003): cards, hand ranking, best five of 6-8 cards, showdown.

Expected figures come from the rules, not from the engine: the category counts
of all 2,598,960 five-card hands and the 7,462 classes are the standard poker
combinatorics (also named in issue 6); the order of the classes is checked
against a small reference ranking written here from the rules.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.games.pokerface import rules as pf
from webapp.games.pokerface.rules import Category, Rank, Ranks, Suit
from webapp.core.steps import RuleInputError, Step

C = pf.parse_cards


def rank_of(text: str) -> int:
    return pf.evaluate(C(text))


# --- an independent reference ranking, straight from the rules -------------------------
def reference_key(cards) -> tuple:
    """(category strength 8..0, tie-break ranks) for 5 cards: higher is better.

    Straight flush 8, four of a kind 7, full house 6, flush 5, straight 4,
    three of a kind 3, two pair 2, one pair 1, high card 0; within a category
    the groups by size then rank, A-2-3-4-5 counts as 5-high.
    """
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    ordered = tuple(r for r, _ in groups)
    flush = len({c.suit for c in cards}) == 1
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            straight_top = 5
    shape = tuple(n for _, n in groups)
    if straight_top and flush:
        return (8, (straight_top,))
    if shape == (4, 1):
        return (7, ordered)
    if shape == (3, 2):
        return (6, ordered)
    if flush:
        return (5, tuple(ranks))
    if straight_top:
        return (4, (straight_top,))
    if shape == (3, 1, 1):
        return (3, ordered)
    if shape == (2, 2, 1):
        return (2, ordered)
    if shape == (2, 1, 1, 1):
        return (1, ordered)
    return (0, tuple(ranks))


# --- cards and parsing ---------------------------------------------------------------
def test_seed_notation_suit_then_rank():
    ace, ten, four = C("SA HT D4")
    assert (ace.suit, ace.rank) == (Suit.SPADES, Rank.ACE)
    assert (ten.suit, ten.rank) == (Suit.HEARTS, Rank.TEN)
    assert (four.suit, four.rank) == (Suit.DIAMONDS, Rank.FOUR)
    assert [str(c) for c in (ace, ten, four)] == ["SA", "HT", "D4"]


def test_deck_has_52_distinct_cards():
    assert len(pf.DECK) == 52 == len(set(pf.DECK)) == len({str(c) for c in pf.DECK})
    assert all(pf.parse_card(str(c)) is c or pf.parse_card(str(c)) == c for c in pf.DECK)


def test_lower_case_and_ten_as_10_are_accepted():
    assert pf.parse_card("sa") == pf.parse_card("SA")
    assert pf.parse_card("h10") == pf.parse_card("HT")


@pytest.mark.parametrize("token", ["AS", "X4", "S1", "S", "SAA", "H11", "10H", ""])
def test_bad_tokens_are_named(token):
    with pytest.raises(RuleInputError) as info:
        pf.parse_card(token)
    assert info.value.step.code == "poker.error.unknown"
    assert info.value.token == token


def test_duplicates_and_counts_are_errors():
    with pytest.raises(RuleInputError) as info:
        C("SA HT SA")
    assert info.value.step.code == "poker.error.duplicate" and info.value.token == "SA"
    with pytest.raises(RuleInputError) as info:
        C("SA HT", count=5)
    assert info.value.step["count"] == 2
    assert len(C("SA,HT, D4 C2 C3", count=5)) == 5


# --- the exhaustive count ----------------------------------------------------------------
#: Hands of each category among all C(52, 5) five-card hands (standard poker combinatorics).
CATEGORY_HANDS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}
#: Distinct classes of each category (7,462 in all).
CATEGORY_CLASSES = {
    Category.STRAIGHT_FLUSH: 10,
    Category.FOUR_OF_A_KIND: 156,
    Category.FULL_HOUSE: 156,
    Category.FLUSH: 1_277,
    Category.STRAIGHT: 10,
    Category.THREE_OF_A_KIND: 858,
    Category.TWO_PAIR: 858,
    Category.ONE_PAIR: 2_860,
    Category.HIGH_CARD: 1_277,
}


@pytest.fixture(scope="module")
def all_hands():
    """Evaluate every five-card hand once: hands per rank, and one example hand per rank."""
    per_rank = [0] * (pf.CLASS_COUNT + 1)
    example: dict[int, tuple] = {}
    evaluate5 = pf.evaluate5
    for hand in itertools.combinations(pf.DECK, 5):
        rank = evaluate5(*hand)
        per_rank[rank] += 1
        if rank not in example:
            example[rank] = hand
    return per_rank, example


def test_all_2598960_hands_fall_into_7462_classes(all_hands):
    per_rank, _ = all_hands
    assert sum(per_rank) == 2_598_960
    assert per_rank[0] == 0 and all(per_rank[1:])  # every rank 1..7462 occurs
    assert pf.CLASS_COUNT == 7_462


def test_category_counts(all_hands):
    per_rank, _ = all_hands
    hands, classes = Counter(), Counter()
    for rank in range(1, pf.CLASS_COUNT + 1):
        hands[pf.category(rank)] += per_rank[rank]
        classes[pf.category(rank)] += 1
    assert dict(hands) == CATEGORY_HANDS == pf.CATEGORY_HANDS
    assert dict(classes) == CATEGORY_CLASSES
    royal = [r for r in range(1, 11) if pf.hand_class(r).is_royal]
    assert royal == [1] and per_rank[1] == 4  # the four royal flushes


def test_class_order_matches_the_reference_ranking(all_hands):
    _, example = all_hands
    keys = [reference_key(example[rank]) for rank in range(1, pf.CLASS_COUNT + 1)]
    assert all(a > b for a, b in zip(keys, keys[1:])), "rank 1 is the best and ranks strictly descend"


# --- properties on random hands ------------------------------------------------------------
fives = st.lists(st.sampled_from(pf.DECK), min_size=5, max_size=5, unique=True)
more = st.lists(st.sampled_from(pf.DECK), min_size=6, max_size=8, unique=True)


@given(fives, fives)
def test_two_hands_compare_as_the_reference_says(a, b):
    ra, rb = pf.evaluate(a), pf.evaluate(b)
    ka, kb = reference_key(a), reference_key(b)
    assert (ra < rb) == (ka > kb) and (ra == rb) == (ka == kb)


@settings(deadline=None)  # the first example may build the 6-8-card tables (half a second)
@given(more)
def test_best_of_6_to_8_is_the_best_five_card_part(cards):
    brute = min(pf.evaluate5(*five) for five in itertools.combinations(cards, 5))
    assert pf.evaluate(cards) == brute
    rank, five = pf.best_five(cards)
    assert rank == brute and set(five) <= set(cards) and len(set(five)) == 5


@given(fives, st.randoms())
def test_order_and_suits_never_matter_except_for_flushes(cards, rnd):
    shuffled = cards[:]
    rnd.shuffle(shuffled)
    assert pf.evaluate(cards) == pf.evaluate(shuffled)


# --- names and examples --------------------------------------------------------------------
@pytest.mark.parametrize(
    "cards, name",
    [
        ("SA SK SQ SJ ST", "royal flush"),
        ("H5 H4 H3 H2 HA", "straight flush, five high"),
        ("H4 D4 C4 DA SA", "full house, fours over aces"),
        ("H4 DA D4 SA C4", "full house, fours over aces"),  # seed 003: order does not matter
        ("S9 H9 C9 D9 S2", "four of a kind, nines, two kicker"),
        ("CA C9 C7 C4 C2", "flush, ace-nine-seven-four-two"),
        ("SA D2 C3 H4 S5", "straight, five high"),
        ("S7 H7 D7 CK C2", "three of a kind, sevens, kickers king and two"),
        ("SA HA D7 C7 S2", "two pair, aces and sevens, two kicker"),
        ("ST HT DA C9 S4", "one pair, tens, kickers ace, nine and four"),
        ("S7 H5 C4 D3 S2", "high card, seven-five-four-three-two"),
    ],
)
def test_names(cards, name):
    assert pf.hand_name(rank_of(cards)) == name


def test_best_and_worst_rank():
    assert rank_of("DA DK DQ DJ DT") == 1
    assert rank_of("S7 H5 C4 D3 S2") == 7462


def test_ace_low_straight_is_the_lowest_straight():
    assert rank_of("SA D2 C3 H4 S5") > rank_of("S2 D3 C4 H5 S6")
    assert rank_of("SA D2 C3 H4 S5") < rank_of("S7 H7 D7 CK C2")  # but it beats three of a kind


def test_hand_class_range():
    with pytest.raises(ValueError):
        pf.hand_class(0)
    with pytest.raises(ValueError):
        pf.hand_class(7463)


def test_hand_step_parameters():
    step = pf.hand_step(rank_of("H4 D4 C4 DA SA"))
    assert step == Step("poker.hand.full_house", triple=Ranks.FOURS, pair=Ranks.ACES)
    assert pf.hand_step(1) == Step("poker.hand.royal_flush")


# --- comparing and the showdown ------------------------------------------------------------
def test_compare_by_category():
    step = pf.compare(rank_of("S2 S3 S4 S5 S7"), rank_of("SA HA DA CK HK"))
    assert step == Step("poker.compare.category", better=Category.FULL_HOUSE, worse=Category.FLUSH)


def test_compare_by_second_kicker():
    step = pf.compare(rank_of("ST HT DA C9 S4"), rank_of("CT DT HA S8 S4"))
    assert step == Step("poker.compare.kicker", position=2, better=Rank.NINE, worse=Rank.EIGHT)


def test_compare_two_pair_by_the_low_pair():
    step = pf.compare(rank_of("SA HA D7 C7 S2"), rank_of("CA DA D6 C6 SK"))
    assert step == Step("poker.compare.low_pair", better=Ranks.SEVENS, worse=Ranks.SIXES)


def test_suits_never_break_ties():
    a, b = rank_of("SA SK SQ SJ S9"), rank_of("HA HK HQ HJ H9")
    assert a == b
    assert pf.compare(a, b) == Step("poker.compare.tie", category=Category.FLUSH)


def test_showdown_single_winner_and_reasons():
    result = pf.showdown(["Ann", "Leo"], [C("SA HA D7 C7 S2"), C("CK DK D6 C6 SQ")])
    assert result.winners == (0,)
    codes = [s.code for s in result.steps]
    assert codes == ["poker.showdown.hand", "poker.showdown.hand", "poker.showdown.beats", "poker.showdown.winner"]
    assert result.steps[2]["why"] == Step("poker.compare.high_pair", better=Ranks.ACES, worse=Ranks.KINGS)


def test_showdown_tie_shares_the_point_and_skips_players_out():
    result = pf.showdown(["A", "B", "C"], [C("SA SK SQ SJ S9"), None, C("HA HK HQ HJ H9")])
    assert result.winners == (0, 2)
    assert result.steps[1] == Step("poker.showdown.out", player="B")
    assert result.steps[-1] == Step("poker.showdown.shared", players=("A", "C"))


def test_game_winners_share_ties():
    assert pf.game_winners([3, 5, 5, 1]) == (1, 2)


# --- a round's cards --------------------------------------------------------------------
def test_one_deck_is_enough_for_four_players():
    dealer = pf.Dealer(7)
    hands = dealer.deal(4)
    replaced = [dealer.draw(5) for _ in hands]
    extras = [dealer.draw(3) for _ in hands]
    used = [c for group in hands + replaced + extras for c in group]
    assert len(used) == 52 == len(set(used)) and dealer.remaining == []


def test_dealing_is_reproducible():
    assert pf.shuffled_deck("g1:3") == pf.shuffled_deck("g1:3") != pf.shuffled_deck("g1:4")


def test_exchange_and_reveal_checks():
    hand = C("SA HT D4 C2 C3")
    new = pf.exchange(hand, [3, 4], C("SK HK"))
    assert new == C("SA HT D4 SK HK")
    pf.check_reveal(new, new)
    with pytest.raises(RuleInputError) as info:
        pf.check_reveal(new, C("SA HT D4 SK C2"))
    assert info.value.step.code == "poker.error.not_held" and info.value.token == "C2"
    with pytest.raises(RuleInputError):
        pf.check_reveal(new, C("SA HT D4 SK"))


# --- the cached 6-8-card tables ---------------------------------------------------------------
CHECK = """
import sys
from webapp.games.pokerface import rules as pf
hands = [pf.parse_cards(t) for t in ("SA SK SQ SJ ST S9 H2 D3", "H4 D4 C4 DA SA S2 S3", "C2 C3 C4 C5 H6 D9")]
print((pf.cache_folder() / pf.CACHE_NAME).is_file(), [pf.evaluate(h) for h in hands])
"""


def test_tables_are_cached_and_a_bad_cache_is_rebuilt(tmp_path):
    """Built once, then loaded; a broken cache file is ignored and replaced (expected ranks: 1 royal flush,
    then the full house of fours over aces and the 6-high straight, compared with the 5-card evaluator)."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, KARTENSCHULE_CACHE_DIR=str(tmp_path))
    expected = [1, pf.evaluate(C("H4 D4 C4 DA SA")), pf.evaluate(C("C2 C3 C4 C5 H6"))]

    def run():
        out = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, check=True)
        return out.stdout.strip()

    assert run() == f"False {expected}"  # no cache yet: built, then written
    cache = tmp_path / "pokerface-tables-v1.marshal"
    assert cache.stat().st_size > 1_000_000
    assert run() == f"True {expected}"  # loaded
    cache.write_bytes(b"not a table")
    assert run() == f"True {expected}"  # rebuilt
    assert cache.stat().st_size > 1_000_000
