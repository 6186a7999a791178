"""The official Skat rules (ISkO): game value, score, overbid, valid bids and the bidding coach.

Sources cited per test:
* ISkO = Internationale Skatordnung (DSkV/ISPA, 1998 ff.), sections as numbered there
  (German text e.g. skatclubvohwinkel.de/skatordnung.html; English translation by
  D. Parlett, weddslist.com/skat/ordnung/skatordnung3.html).
* ISkO 5.2.6 gives two worked examples: "Kreuz ouvert mit zweien zählt 9 x 12 = 108",
  "Grand ouvert mit vieren zählt 11 x 24 = 264".
* skatblog.com/tag/ueberreizt: a recorded Spades Hand game bid to 72 "without 5"
  with the Jack of Clubs in the skat (ISkO 5.4.2).
* preisskat.org/ueberreiztes-spiel-skataufnahme.html: Diamonds held to 45 "without 4",
  Jack of Clubs found in the skat: even Schwarz gives only 4 x 9 = 36.
* skatblog.com "Die blanke 8" (R. Holzer): Seeger-Fabian sums for Null and Null Ouvert.
* preisskat.org/leistungsbewertung.html: Seeger-Fabian: +/-50 for the declarer, 40 (3 players)
  or 30 (4 players, dealer included) for each opponent of a lost game.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest

from webapp.games.skat.rules import DECK, Card, Rank, Suit, parse_cards, parse_hand
from webapp.games.skat.coach import bidding_coach
from webapp.games.skat.bids import VALID_BIDS, bid_games, bid_ladder, parse_bid
from webapp.games.skat.official import NULL_VALUES, Announcement, Declaration, GameType, Level, MatadorKind, Outcome, count_matadors, declare, game_value, matadors_from_count, parse_outcome, score_game
from webapp.core.steps import RuleInputError

BASE = {GameType.CLUBS: 12, GameType.SPADES: 11, GameType.HEARTS: 10, GameType.DIAMONDS: 9, GameType.GRAND: 24}
SUIT_OF = {GameType.CLUBS: Suit.CLUBS, GameType.SPADES: Suit.SPADES, GameType.HEARTS: Suit.HEARTS,
           GameType.DIAMONDS: Suit.DIAMONDS}
JACKS = [Card(Rank.JACK, s) for s in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)]


def trumps(game: GameType) -> list[Card]:
    """ISkO 2.3: the jacks JC JS JH JD, then A 10 K Q 9 8 7 of the trump suit (Grand: jacks only)."""
    if game is GameType.GRAND:
        return list(JACKS)
    suit = SUIT_OF[game]
    return JACKS + [Card(r, suit) for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT,
                                            Rank.SEVEN)]


def twelve_cards(game: GameType, with_: bool, n: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A hand and skat (12 cards) that are exactly "with n" / "without n" for ``game``."""
    order = trumps(game)
    if with_:
        chosen = order[:n]
    else:
        chosen = order[n:n + 1]
    others = [c for c in DECK if c not in order]
    cards = (chosen + others)[:12]
    assert len(cards) == 12
    return tuple(cards[:10]), tuple(cards[10:])


def outcome(points: int, tricks: int) -> Outcome:
    return parse_outcome(points, tricks)


# --- the ISkO's own examples -------------------------------------------------------------


def test_isko_5_2_6_clubs_ouvert_with_two_is_108():
    hand = parse_hand("JC JS AC 0C KC QC 9C 8C 7C AS")
    declaration, implied = declare(GameType.CLUBS, ouvert=True)
    assert declaration.hand and declaration.schwarz_announced and declaration.schneider_announced
    result = score_game(hand, parse_cards("7D 8D"), declaration, outcome(120, 10), implied=implied)
    assert (result.game.multiplier, result.value, result.score) == (9, 108, 108)
    assert result.steps[0].code == "skat.official.ouvert_implies"


def test_isko_5_2_6_grand_ouvert_with_four_is_264():
    hand = parse_hand("JC JS JH JD AC 0C AS 0S AH 0H")
    declaration, _ = declare(GameType.GRAND, ouvert=True)
    assert game_value(hand, parse_cards("7D 8D"), declaration).value == 11 * 24 == 264
    assert score_game(hand, parse_cards("7D 8D"), declaration, outcome(120, 10)).score == 264


# --- every multiplier --------------------------------------------------------------------


@pytest.mark.parametrize("game", [GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS])
@pytest.mark.parametrize("with_", [True, False])
@pytest.mark.parametrize("n", range(1, 12))
def test_every_suit_multiplier_with_and_without_1_to_11(game, with_, n):
    """ISkO 2.4 / 5.2.1: value = (matadors + 1 for the game) x base, counted over 12 cards."""
    hand, skat = twelve_cards(game, with_, n)
    m = count_matadors(game, hand, skat)
    assert (m.kind is MatadorKind.WITH, m.count) == (with_, n)
    assert game_value(hand, skat, Declaration(game)).value == (n + 1) * BASE[game]


@pytest.mark.parametrize("with_", [True, False])
@pytest.mark.parametrize("n", range(1, 5))
def test_every_grand_multiplier_with_and_without_1_to_4(with_, n):
    """ISkO 2.4.3: in a Grand only the four jacks are matadors (N up to 4)."""
    hand, skat = twelve_cards(GameType.GRAND, with_, n)
    assert game_value(hand, skat, Declaration(GameType.GRAND)).value == (n + 1) * 24


def test_without_four_in_grand_and_without_eleven_in_a_suit_game():
    no_trumps = parse_hand("AC 0C KC QC 9C 8C 7C AS 0S KS")
    assert count_matadors(GameType.GRAND, no_trumps, parse_cards("QS 9S")).count == 4
    assert count_matadors(GameType.HEARTS, no_trumps, parse_cards("QS 9S")).count == 11


# --- every level ----------------------------------------------------------------------------

WITH_1_CLUBS = parse_hand("JC AC 0C KC QC 9C AS 0S KS 7H")  # with 1 (JS missing)
SKAT = parse_cards("8H 9H")  # no points, no trumps


@pytest.mark.parametrize(
    ("hand", "announced", "points", "tricks", "levels", "multiplier", "score"),
    [
        # skatregeln.net/gewinnstufen: "mit (ohne) Einem, Spiel 2, Schneider 3, Schwarz 4 x Grundwert"
        (False, None, 61, 5, [Level.GAME], 2, 24),
        (False, None, 89, 8, [Level.GAME], 2, 24),
        (False, None, 90, 8, [Level.GAME, Level.SCHNEIDER], 3, 36),
        (False, None, 120, 10, [Level.GAME, Level.SCHNEIDER, Level.SCHWARZ], 4, 48),
        # hand games (ISkO 5.2.1): + 1 Hand; announcements only there (ISkO 5.2.5)
        (True, None, 75, 7, [Level.GAME, Level.HAND], 3, 36),
        (True, Announcement.SCHNEIDER, 95, 9,
         [Level.GAME, Level.HAND, Level.SCHNEIDER, Level.SCHNEIDER_ANNOUNCED], 5, 60),
        (True, Announcement.SCHNEIDER, 120, 10,
         [Level.GAME, Level.HAND, Level.SCHNEIDER, Level.SCHNEIDER_ANNOUNCED, Level.SCHWARZ], 6, 72),
        (True, Announcement.SCHWARZ, 120, 10,
         [Level.GAME, Level.HAND, Level.SCHNEIDER, Level.SCHNEIDER_ANNOUNCED, Level.SCHWARZ,
          Level.SCHWARZ_ANNOUNCED], 7, 84),
        # lost: - 2 x value, hand games too (ISkO 5.3)
        (False, None, 60, 5, [Level.GAME], 2, -48),
        (True, None, 31, 3, [Level.GAME, Level.HAND], 3, -72),
        # the declarer Schneider / Schwarz raises the lost game (ISkO 5.2.3-5.2.4: "the side")
        (False, None, 30, 3, [Level.GAME, Level.SCHNEIDER], 3, -72),
        (False, None, 0, 0, [Level.GAME, Level.SCHNEIDER, Level.SCHWARZ], 4, -96),
        # a failed announcement loses at the announced level (ISkO 5.2.5)
        (True, Announcement.SCHNEIDER, 89, 8,
         [Level.GAME, Level.HAND, Level.SCHNEIDER, Level.SCHNEIDER_ANNOUNCED], 5, -120),
        (True, Announcement.SCHWARZ, 110, 9,
         [Level.GAME, Level.HAND, Level.SCHNEIDER, Level.SCHNEIDER_ANNOUNCED, Level.SCHWARZ,
          Level.SCHWARZ_ANNOUNCED], 7, -168),
        # no "Eigenschneider": announced Schneider and Schneider himself counts once (ISkO 5.2.5)
        (True, Announcement.SCHNEIDER, 25, 2,
         [Level.GAME, Level.HAND, Level.SCHNEIDER, Level.SCHNEIDER_ANNOUNCED], 5, -120),
    ],
)
def test_every_level(hand, announced, points, tricks, levels, multiplier, score):
    declaration, _ = declare(GameType.CLUBS, hand=hand, announced=announced)
    result = score_game(WITH_1_CLUBS, SKAT, declaration, outcome(points, tricks))
    assert list(result.game.levels) == levels
    assert result.game.multiplier == multiplier == 1 + len(levels)
    assert result.score == score
    assert result.won is (score > 0)


def test_failed_schwarz_announcement_names_schwarz():
    declaration, _ = declare(GameType.CLUBS, hand=True, announced=Announcement.SCHWARZ)
    result = score_game(WITH_1_CLUBS, SKAT, declaration, outcome(80, 8))
    codes = [s.code for s in result.steps]
    assert "skat.official.announce_failed.schwarz" in codes
    assert "skat.official.announce_failed.schneider" not in codes
    assert result.score == -2 * 7 * 12


def test_ouvert_level_and_implied_hand():
    declaration, implied = declare(GameType.SPADES, ouvert=True)
    assert declaration == Declaration(GameType.SPADES, True, True, Announcement.SCHWARZ)
    hand, skat = twelve_cards(GameType.SPADES, True, 3)
    result = game_value(hand, skat, declaration)
    assert Level.OUVERT in result.levels and result.multiplier == 3 + 7
    # an ouvert game that loses a trick is lost at the announced level: -2 x value
    lost = score_game(hand, skat, declaration, outcome(100, 9), implied=implied)
    assert lost.score == -2 * 10 * 11 and not lost.won


# --- overbid (ISkO 5.4) -----------------------------------------------------------------------


def test_recorded_hand_game_overbid_by_the_jack_of_clubs_in_the_skat():
    """skatblog.com/tag/ueberreizt: Spades Hand bid to 72 on "without 5"; the Jack of Clubs was in the skat:
    "Mit 1 Spiel 2 Hand 3 mal Pik = 33", below the bid: overbid (ISkO 5.4.2), the multiple of 11
    that reaches 72 is 77, counted twice."""
    hand = parse_hand("0S KS QS 9S 8S 7S AC AH AD 0H")
    skat = parse_cards("JC 7D")
    declaration, _ = declare(GameType.SPADES, hand=True)
    before = game_value(hand, None, declaration)
    assert before.value == 77  # without 5, game 6, hand 7 x 11
    result = score_game(hand, skat, declaration, outcome(70, 6), bid=72)
    assert result.value == 33
    assert result.overbid and not result.won
    assert result.score == -2 * 77
    changed = [s for s in result.steps if s.code == "skat.official.matadors.skat_changed"]
    assert changed and Card(Rank.JACK, Suit.CLUBS) in changed[0]["cards"]
    assert changed[0]["before_kind"] is MatadorKind.WITHOUT and changed[0]["before"] == 5


def test_recorded_diamonds_overbid_even_schwarz_stays_below_45():
    """preisskat.org: held 45 (Diamonds without 4), Jack of Clubs in the skat:
    "Karo mit Einem, Spiel 2, Schneider 3, Schwarz 4 würde nur 4 * 9 = 36 Punkte ergeben"."""
    hand = parse_hand("AD 0D KD QD 9D 8D 7D AS AH AC")
    result = score_game(hand, parse_cards("JC 7S"), Declaration(GameType.DIAMONDS), outcome(120, 10), bid=45)
    assert result.value == 36 and result.overbid
    assert result.score == -2 * 45


def test_overbid_can_be_saved_by_schneider():
    """skatregeln.net/gewinnstufen: bidding on the Schneider level needs 90 points, else overbid."""
    bid = 36  # clubs with 1: game 2, Schneider 3 x 12
    saved = score_game(WITH_1_CLUBS, SKAT, Declaration(GameType.CLUBS), outcome(92, 8), bid=bid)
    assert (saved.won, saved.overbid, saved.score) == (True, False, 36)
    short = score_game(WITH_1_CLUBS, SKAT, Declaration(GameType.CLUBS), outcome(85, 8), bid=bid)
    assert (short.won, short.overbid, short.score) == (False, True, -72)


@pytest.mark.parametrize("bid", [b for b in VALID_BIDS if b <= 264])
def test_overbid_value_is_the_smallest_multiple_reaching_the_bid(bid):
    """ISkO 5.4: the smallest multiple of the base value (12) that is at least the bid, x -2."""
    result = score_game(WITH_1_CLUBS, SKAT, Declaration(GameType.CLUBS), outcome(70, 6), bid=bid)
    if bid <= 24:
        assert (result.overbid, result.score) == (False, 24)
    else:
        multiple = next(k * 12 for k in range(1, 30) if k * 12 >= bid)
        assert (result.overbid, result.score) == (True, -2 * multiple)


def test_null_below_the_bid_is_refused():
    with pytest.raises(RuleInputError) as error:
        score_game(WITH_1_CLUBS, SKAT, Declaration(GameType.NULL), outcome(0, 0), bid=24)
    assert error.value.step.code == "skat.official.error.null_overbid"
    assert error.value.step["value"] == 23 and error.value.step["bid"] == 24
    ok = score_game(WITH_1_CLUBS, SKAT, Declaration(GameType.NULL, ouvert=True), outcome(0, 0), bid=46)
    assert ok.score == 46


# --- Null ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "ouvert", "value"), [(False, False, 23), (True, False, 35), (False, True, 46),
                                                         (True, True, 59)])
def test_null_values(hand, ouvert, value):
    """ISkO 5.1.2: Null 23, Null Hand 35, Null Ouvert 46, Null Ouvert Hand 59; won with no trick (5.2.7)."""
    declaration, _ = declare(GameType.NULL, hand=hand, ouvert=ouvert)
    assert declaration == Declaration(GameType.NULL, hand, ouvert)
    won = score_game(WITH_1_CLUBS, SKAT, declaration, Outcome(0, 0))
    lost = score_game(WITH_1_CLUBS, SKAT, declaration, Outcome(0, 1))
    assert (won.score, lost.score) == (value, -2 * value)


def test_seeger_fabian_published_sums():
    """skatblog.com "Die blanke 8": Null Ouvert won 46 + 50 = 96, lost -92 - 50 = -142;
    Null won 23 + 50 = 73, lost -46 - 50 = -96. Opponents: 40 at 3 players, 30 at 4 (preisskat.org)."""
    ouvert = Declaration(GameType.NULL, ouvert=True)
    null = Declaration(GameType.NULL)
    assert score_game(None, None, ouvert, Outcome(0, 0)).seeger_fabian()[0] == 96
    assert score_game(None, None, ouvert, Outcome(0, 2)).seeger_fabian() == (-142, 40)
    assert score_game(None, None, null, Outcome(0, 0)).seeger_fabian() == (73, 0)
    assert score_game(None, None, null, Outcome(0, 1)).seeger_fabian(players=4) == (-96, 30)


# --- declarations and input ---------------------------------------------------------------------


def test_declaration_rules():
    with pytest.raises(RuleInputError, match="only in hand games"):
        declare(GameType.HEARTS, announced=Announcement.SCHNEIDER)
    with pytest.raises(RuleInputError):
        declare(GameType.NULL, hand=True, announced=Announcement.SCHWARZ)
    with pytest.raises(RuleInputError):
        declare(GameType.GRAND, ouvert=True, announced=Announcement.SCHNEIDER)
    assert declare(GameType.GRAND, ouvert=True, announced=Announcement.SCHWARZ)[0].hand
    # Schwarz announced includes Schneider announced (ISkO 5.2.5)
    schwarz = declare(GameType.GRAND, hand=True, announced=Announcement.SCHWARZ)[0]
    assert schwarz.schneider_announced and schwarz.schwarz_announced


@pytest.mark.parametrize(("points", "tricks"), [(121, 5), (-1, 0), (60, 11), (1, 1), (119, 9), (100, 10),
                                                (40, 0)])
def test_impossible_results_are_refused(points, tricks):
    with pytest.raises(RuleInputError):
        parse_outcome(points, tricks)


def test_skat_points_bound_the_declarer_points():
    skat = parse_cards("AC AS")
    assert parse_outcome(22, 0, skat).points == 22
    with pytest.raises(RuleInputError):
        parse_outcome(15, 2, skat)


def test_matadors_count_without_cards():
    m = matadors_from_count(GameType.HEARTS, False, 3)
    assert score_game(None, None, Declaration(GameType.HEARTS), outcome(70, 6), matadors=m).score == 40
    with pytest.raises(RuleInputError):
        matadors_from_count(GameType.GRAND, True, 5)


def test_bad_cards_are_named():
    with pytest.raises(RuleInputError) as error:
        game_value(WITH_1_CLUBS, parse_cards("JC 8H"), Declaration(GameType.CLUBS))
    assert error.value.token == "JC"
    with pytest.raises(RuleInputError) as error:
        game_value(WITH_1_CLUBS, parse_cards("8H"), Declaration(GameType.CLUBS))
    assert error.value.step.code == "skat.official.error.skat_count"


# --- matadors over 12 cards ---------------------------------------------------------------------


def test_matadors_count_the_skat_also_in_hand_games():
    """ISkO 2.4: the skat counts for the matadors, even when it was not picked up."""
    hand = parse_hand("JS JH AC 0C KC QC 9C AS 0S 7H")  # without 1 alone
    skat = parse_cards("JC 8H")
    hand_game = game_value(hand, skat, Declaration(GameType.CLUBS, hand=True))
    assert (hand_game.matadors.kind, hand_game.matadors.count) == (MatadorKind.WITH, 3)  # JC JS JH, no JD
    assert hand_game.value == (3 + 1 + 1) * 12


def test_skat_card_extending_the_run_is_shown():
    hand = parse_hand("JS JH JD AC 0C KC QC AS 0S 7H")  # without 1 in hand
    skat = parse_cards("JC 8H")
    m = count_matadors(GameType.CLUBS, hand, skat)
    assert (m.kind, m.count) == (MatadorKind.WITH, 8)  # JC JS JH JD A 10 K Q
    assert m.without_skat == (MatadorKind.WITHOUT, 1)
    assert m.from_skat == (Card(Rank.JACK, Suit.CLUBS),)
    steps = game_value(hand, skat, Declaration(GameType.CLUBS)).steps
    assert [s for s in steps if s.code == "skat.official.matadors.skat_changed"]


# --- the valid bids -----------------------------------------------------------------------------


def independent_bids() -> set[int]:
    """Derived here from the ISkO's parts: base values x every reachable multiplier, and the Null values.

    A suit game has 1-11 matadors, a Grand 1-4, then + 1 game and 0-6 of the further levels (Hand,
    Schneider, Schneider announced, Schwarz, Schwarz announced, Ouvert): any number of them is
    reachable (Schneider; Schneider + Schwarz; Hand + ...; Ouvert implies all).
    """
    bids = {23, 35, 46, 59}
    for base, top in ((9, 11), (10, 11), (11, 11), (12, 11), (24, 4)):
        for matadors in range(1, top + 1):
            for extra in range(0, 7):
                bids.add(base * (matadors + 1 + extra))
    return bids


def test_the_63_valid_bids():
    """ISkO 3.3.1 (lowest bid 18) and 5.1-5.2; the published list ends 204, 216, 240, 264
    (the same derivation in Jobai/MASkatDev BiddingValues.java)."""
    assert len(VALID_BIDS) == 63
    assert set(VALID_BIDS) == independent_bids()
    assert VALID_BIDS[:6] == (18, 20, 22, 23, 24, 27)
    assert VALID_BIDS[-4:] == (204, 216, 240, 264)
    assert list(VALID_BIDS) == sorted(VALID_BIDS)


def test_every_bid_names_games_that_reach_it():
    for bid in VALID_BIDS:
        games = bid_games(bid)
        assert games
        for g in games:
            if g.game is GameType.NULL:
                assert NULL_VALUES[(g.hand, g.ouvert)] == bid
            else:
                assert BASE[g.game] * g.multiplier == bid
    assert {(g.game, g.multiplier) for g in bid_games(48)} == {(GameType.GRAND, 2), (GameType.CLUBS, 4)}
    assert bid_games(19) == ()


def test_parse_bid_names_the_neighbours():
    assert parse_bid("48") == 48
    with pytest.raises(RuleInputError) as error:
        parse_bid(19)
    assert (error.value.step["below"], error.value.step["above"]) == (18, 20)
    assert bid_ladder(30) == (18, 20, 22, 23, 24, 27, 30)


# --- bidding coach ------------------------------------------------------------------------------


def test_coach_without_three_has_the_overbid_trap():
    hand = parse_hand("JD AD 0D KD QD 9D 8D AS 0S AH")
    result = bidding_coach(hand)
    diamonds = next(g for g in result.games if g.game is GameType.DIAMONDS)
    assert diamonds.value == 4 * 9 and diamonds.safe == 2 * 9
    assert diamonds.worst == (MatadorKind.WITH, 1)
    # one of JC, JS, JH among the 2 skat cards out of the 22 unknown ones
    assert diamonds.risk == pytest.approx(1 - comb(19, 2) / comb(22, 2))
    assert result.best is diamonds and result.stop == 18
    assert result.ladder == (18, 20, 22, 23, 24, 27, 30, 33, 35, 36)


def test_coach_with_jacks_is_safe():
    hand = parse_hand("JC JS JH AC 0C KC QC AS 0S AH")
    result = bidding_coach(hand)
    grand = next(g for g in result.games if g.game is GameType.GRAND)
    assert (grand.value, grand.safe, grand.risk) == (96, 96, 0.0)
    assert result.best is grand and result.stop == 96
    nulls = [(g.hand, g.ouvert, g.value) for g in result.games if g.game is GameType.NULL]
    assert nulls == [(False, False, 23), (True, False, 35), (False, True, 46), (True, True, 59)]


def test_coach_safe_bid_is_the_worst_skat():
    """Brute force: the safe bid equals the smallest value over all 231 skats."""
    hand = parse_hand("JS JD AH 0H KH 9H 7H AC 8S 7D")
    result = bidding_coach(hand)
    unknown = [c for c in DECK if c not in hand]
    for coach in result.games[:5]:
        values = [game_value(hand, pair, Declaration(coach.game)).value for pair in combinations(unknown, 2)]
        assert coach.safe == min(values)
        assert coach.value == game_value(hand, None, Declaration(coach.game)).value


def test_coach_with_the_skat_gives_exact_values():
    hand = parse_hand("JD AD 0D KD QD 9D 8D AS 0S AH")
    result = bidding_coach(hand, parse_cards("JC 7C"))
    diamonds = next(g for g in result.games if g.game is GameType.DIAMONDS)
    assert diamonds.value == diamonds.safe == 18


def test_coach_rule_null_and_pass():
    null_hand = parse_hand("7C 9C 7S 8S 0S 7H 9H JH 7D 8D")
    assert bidding_coach(null_hand).best.game is GameType.NULL
    weak = parse_hand("KC 9C 8S 0S QH 9H KD QD 8D 7D")
    result = bidding_coach(weak)
    assert result.best is None and result.stop is None
    assert result.steps[-1].code == "skat.coach.rule.pass"


def test_module_examples():
    """The examples in the module docstring hold."""
    import doctest

    import webapp.games.skat.official as module

    assert doctest.testmod(module).failed == 0
