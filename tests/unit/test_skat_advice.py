"""The table coach's advice in chances (webapp/games/skat/advice.py, issue 35): each rule against a brute force."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from webapp.games.skat import official
from webapp.games.skat.advice import ADVISE_SHARE, SHOWN, bid_advice, expected_score, skat_advice
from webapp.games.skat.coach import bidding_coach
from webapp.games.skat.hand_model import declare_chance, play_chance
from webapp.games.skat.null_model import null_chance
from webapp.games.skat.official import NULL_VALUES, TRUMP_GAMES, Declaration, GameType
from webapp.games.skat.rules import parse_cards
from webapp.games.skat.table import deal

DEALS = [deal(23, n) for n in range(1, 61)]


def test_bid_advice_plans_the_games_that_win_two_in_three_by_list_points():
    """Brute force over each hand's suit games, Grand and Null variants: every game's chance is play_chance (Null:
    null_chance) and its safe value the bidding coach's (Null: its fixed value); the plan starts with the game of the most list points expected (expected_score of its chance and
    safe value; then the higher safe value) among those whose chance reaches 2 in 3, then the best of those safe above
    it, and so on; the limit is the last one's safe value; none reaches the share: pass (limit 0). The games come
    most likely first."""
    advised = passed = 0
    for dealt in DEALS:
        for seat, hand in enumerate(dealt.hands):
            forehand = seat == 0
            advice = bid_advice(hand, forehand)
            safe = {(g.game, False, False): g.safe for g in bidding_coach(hand).games if g.game in TRUMP_GAMES}
            chances = {key: play_chance(hand, key[0], forehand) for key in safe}
            for (hand_game, ouvert), value in NULL_VALUES.items():
                key = (GameType.NULL, hand_game, ouvert)
                safe[key] = value
                chances[key] = null_chance(hand, forehand, hand_game=hand_game, ouvert=ouvert)
            assert {(g.game, g.hand, g.ouvert): (g.chance, g.safe) for g in advice.games} == {
                key: (chances[key], safe[key]) for key in safe}
            assert [g.chance for g in advice.games] == sorted(chances.values(), reverse=True)
            good = [key for key in safe if chances[key] >= ADVISE_SHARE]
            plan = []
            while good:
                chosen = max(good, key=lambda k: (expected_score(chances[k], safe[k]), safe[k]))
                plan.append(chosen)
                good = [k for k in good if safe[k] > safe[chosen]]
            assert [(g.game, g.hand, g.ouvert) for g in advice.plan] == plan
            if plan:
                assert advice.best is not None and (advice.best.game, advice.best.hand, advice.best.ouvert) == plan[0] and advice.limit == safe[plan[-1]]
                advised += 1
            else:
                assert advice.best is None and advice.limit == 0
                passed += 1
    assert advised >= 10 and passed >= 10  # both branches were seen


def _brute_force(twelve, bid, forehand):
    """Every pair put away and every suit game or Grand whose value with it reaches ``bid``: (chance, value, pair,
    game)."""
    found = []
    for pair in combinations(twelve, 2):
        kept = [c for c in twelve if c not in pair]
        for game in TRUMP_GAMES:
            value = official.game_value(kept, pair, Declaration(game)).value
            if value >= bid:
                found.append((declare_chance(kept, game, forehand), value, frozenset(pair), game))
    return found


@pytest.mark.parametrize("bid", [18, 30, 48])
def test_skat_advice_scores_all_66_pairs_and_shows_the_best_of_the_three_best_games(bid):
    """Brute force over all 66 pairs and every game reaching the bid, ranked by the list points expected
    (expected_score of the chance and the value; then the chance): the first way is the best of all; each way is its
    game's best pair; the games are distinct, at most three, the three best, best first; none when no game reaches
    the bid."""
    empty = 0
    for dealt in DEALS[:25]:
        for seat in range(3):
            twelve = dealt.hands[seat] + dealt.skat
            ways = skat_advice(twelve, bid, seat == 0)
            found = _brute_force(twelve, bid, seat == 0)
            if not found:
                assert ways == ()
                empty += 1
                continue
            best_of: dict = {}
            for chance, value, pair, game in found:
                best_of[game] = max(best_of.get(game, (-1e9, 0.0)), (expected_score(chance, value), chance))
            ranked = sorted(best_of.values(), reverse=True)
            assert len(ways) == min(SHOWN, len(best_of)) and len({w.game for w in ways}) == len(ways)
            assert [best_of[w.game] for w in ways] == ranked[:len(ways)]
            for way in ways:
                kept = [c for c in twelve if c not in way.cards]
                value = official.game_value(kept, way.cards, Declaration(way.game)).value
                assert (way.chance, value, frozenset(way.cards), way.game) in found
                assert (expected_score(way.chance, value), way.chance) == best_of[way.game]
    assert bid > 18 or empty == 0  # at 18 every suit game and Grand reaches the bid


def test_on_equal_chances_the_game_of_higher_value_comes_first_and_the_cards_order_does_not_matter():
    """Clubs and Spades with the same cards in each (the model sees them alike): equal chances, and Clubs (base
    value 12, ISkO 5.1.1: more list points expected) comes before Spades (11); the same cards in any order give the
    same advice."""
    twelve = parse_cards("JC JS AC 0C KC QC AS 0S KS QS 7H 8H")
    ways = skat_advice(twelve, 18, True)
    games = [w.game for w in ways]
    clubs, spades = ways[games.index(GameType.CLUBS)], ways[games.index(GameType.SPADES)]
    assert games.index(GameType.CLUBS) < games.index(GameType.SPADES) and clubs.chance == spades.chance
    assert set(clubs.cards) == set(parse_cards("7H 8H"))
    shuffled = list(twelve)
    for seed in range(5):
        random.Random(seed).shuffle(shuffled)
        assert skat_advice(tuple(shuffled), 18, True) == ways
        assert bid_advice(tuple(shuffled[:10]), False) == bid_advice(tuple(sorted(shuffled[:10], key=str)), False)


@pytest.mark.parametrize("cards, twice", [("JC JS AC 0C KC 7S 8S AH 0H", ""), ("JC JS AC 0C KC 7S 8S AH 0H 9D 9H", ""),
                                          ("JC JS AC 0C KC 7S 8S AH 0H", "JC")])
def test_bid_advice_needs_ten_distinct_cards(cards, twice):
    with pytest.raises(ValueError):
        bid_advice(parse_cards(cards) + (parse_cards(twice) if twice else ()), True)


@pytest.mark.parametrize("cards, twice", [("JC JS AC 0C KC 7S 8S AH 0H 9D 9H", ""),
                                          ("JC JS AC 0C KC 7S 8S AH 0H 9D 9H 7H 8H", ""),
                                          ("JC JS AC 0C KC 7S 8S AH 0H 9D 9H", "JC")])
def test_skat_advice_needs_twelve_distinct_cards(cards, twice):
    with pytest.raises(ValueError):
        skat_advice(parse_cards(cards) + (parse_cards(twice) if twice else ()), 18, True)


@pytest.mark.parametrize("bid", [18, 36, 60])
def test_declare_advice_is_the_game_of_most_list_points_by_the_chance_after_the_skat(bid):
    """Brute force: every suit game and Grand whose value with the two put away reaches ``bid`` (ISkO 5.4), scored
    by expected_score of declare_chance (the mapping fitted to the cards kept, not the dealt hand's play_chance)."""
    from webapp.games.skat.advice import declare_advice

    seen = 0
    for dealt in DEALS[:30]:
        twelve = dealt.hands[0] + dealt.skat
        put, kept = twelve[:2], twelve[2:]
        reaching = [(declare_chance(kept, g, True), v, g) for g in TRUMP_GAMES
                    if (v := official.game_value(kept, put, Declaration(g)).value) >= bid]
        advice = declare_advice(kept, put, bid, True)
        if not reaching:
            assert advice is None
            continue
        seen += 1
        chance, value, game = max(reaching, key=lambda r: (expected_score(r[0], r[1]), r[0]))
        assert advice is not None and (advice.game, advice.chance, advice.value) == (game, chance, value)
    assert seen >= 5
