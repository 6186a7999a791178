"""The class plays Skat (webapp/games/skat/duplicate.py, issue 37 section 1): the round's deals, a child's
Seeger-Fabian points, the ranking and the class's moment.

Sources of the scoring:
* ISkO = Internationale Skatordnung (DSkV/ISPA): 5.3 the declarer's score (+ value won, - 2 x value lost), 5.4
  overbid; 3.2 the bidding (all three pass: the deal is not played).
* Seeger-Fabian list scoring (DSkV Skatwettspielordnung; preisskat.org/leistungsbewertung.html): the declarer
  + 50 for a won game, - 50 for a lost one; each defender 40 at a table of three when the declarer loses.
* preisskat.org/spielregeln.html rule 6: a deal nobody plays is noted "eingepasst" (no points).
* The figures 48 won / -96 lost of Clubs "with 3" (JC JS JH AC 0C KC QC AS 0S AH, skat 7C 7D, bid 36) are the
  official engine's doctest (webapp/games/skat/official.py), checked against ISkO 5.2-5.3 there.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.core.steps import NotationError, RuleViolation, Step
from webapp.games.skat.analysis import Mistake, analyse
from webapp.games.skat.bots import bot_move
from webapp.games.skat.duplicate import (MAX_DEALS, TABLE_SEEDS, BestResult, DealScore, best_of_deal, child_score,
                                         class_moment, place_of, ranking, round_deals, score_data, score_from_data,
                                         table_seed, top)
from webapp.games.skat.official import Declaration, GameType, Outcome, score_game
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import parse_card, parse_cards, parse_hand
from webapp.games.skat.table import Phase, TableState, deal, seat_of

C = parse_card
#: Analyses of whole games are bounded like this here (each takes well under a second).
NODES = 200_000


def play_out(state: TableState, child: Seat, card: str = "") -> TableState:
    """The deal played to the end by the bots; with ``card`` ("first" or "last") the child plays its first or last
    legal card in each trick instead."""
    while state.to_act is not None:
        if card and state.to_act == child and state.phase is Phase.PLAY:
            state = state.apply(state.legal_actions()[0 if card == "first" else -1])
        else:
            state = state.apply(bot_move(state).action)
    return state


def played(points: int, number: int = 1) -> DealScore:
    """A finished deal's score worth ``points`` (the other fields do not matter to the ranking)."""
    return DealScore(number, GameType.CLUBS, 18, False, True, False, 24, points, ())


# --- 1. the round's deals ------------------------------------------------------------------------------------------

def test_the_deals_are_pinned_so_every_machine_deals_the_same():
    """SHA-256 seeds (no hash(), no clock): the same class seed gives these exact deals everywhere."""
    plans = round_deals("4711", 2)
    assert [p.seed for p in plans] == [726151806, 262741311]
    assert plans[0].state == deal(726151806, 1)
    assert str(plans[0].state.hands[0][0]) == "JC"
    assert round_deals(4711, 2) == round_deals("4711", 2) == plans
    assert round_deals("4712", 2)[0].state.hands != plans[0].state.hands


def test_the_child_is_forehand_then_rearhand_then_middlehand_as_player_0_of_a_real_table():
    plans = round_deals("class-7b", MAX_DEALS)
    assert [p.child for p in plans] == [Seat.FOREHAND, Seat.REARHAND, Seat.MIDDLEHAND] * 2 + [Seat.FOREHAND,
                                                                                             Seat.REARHAND]
    assert [p.number for p in plans] == list(range(1, MAX_DEALS + 1))
    assert all(p.state.game_number == p.number and p.state.phase is Phase.AUCTION for p in plans)


@pytest.mark.parametrize("count", [0, 9, -1, 2.0, "3", True, None, "9" * 5000])
def test_a_count_outside_1_to_8_is_refused_with_its_code(count):
    with pytest.raises(NotationError) as error:
        round_deals("x", count)
    assert error.value.step.code == "skat.duplicate.error.count"
    assert len(error.value.step["count"]) <= 12


@pytest.mark.parametrize("seed", ["x" * 65, 1.5, None, b"7", False])
def test_a_seed_of_another_kind_or_too_long_is_refused(seed):
    with pytest.raises(NotationError) as error:
        round_deals(seed, 1)
    assert error.value.step.code == "skat.duplicate.error.seed"


@settings(max_examples=examples(30))
@given(st.one_of(st.text(max_size=64), st.integers(min_value=-10 ** 30, max_value=10 ** 30)),
       st.integers(min_value=1, max_value=MAX_DEALS))
def test_rotation_covers_every_seat_and_deals_are_reproducible(seed, count):
    """Property: any three deals in a row give the child all three seats; the seats are player 0's of
    table.seat_of; the table seeds fit the table page; the same seed gives the same deals."""
    plans = round_deals(seed, count)
    seats = [p.child for p in plans]
    assert seats == [seat_of(0, k) for k in range(1, count + 1)]
    for start in range(count - 2):
        assert set(seats[start:start + 3]) == set(Seat)
    assert all(1 <= p.seed < TABLE_SEEDS and p.seed == table_seed(seed, p.number) for p in plans)
    assert round_deals(seed, count) == plans


# --- 2. a child's points (ISkO 5.3, Seeger-Fabian) -----------------------------------------------------------------

@pytest.fixture(scope="module")
def declared() -> TableState:
    """Deal 1 of class seed 3, played by the bots: the child (forehand) declares Spades and wins."""
    plan = round_deals(3, 1)[0]
    return play_out(plan.state, plan.child)


def with_score(state: TableState, outcome: Outcome) -> TableState:
    """``state`` scored as the Clubs game "with 3" of official.py's doctest (bid 36) with ``outcome``."""
    score = score_game(parse_hand("JC JS JH AC 0C KC QC AS 0S AH"), parse_cards("7C 7D"),
                       Declaration(GameType.CLUBS), outcome, bid=36)
    return replace(state, score=score)


def test_a_declarer_who_won_gets_the_score_plus_50_and_the_defenders_0(declared):
    """ISkO 5.3: won = + value (48); Seeger-Fabian: + 50 -> 98; the defenders 0."""
    state = with_score(declared, Outcome(75, 7))
    mine = child_score(state, declared.declarer)
    assert (mine.declarer, mine.won, mine.passed_in, mine.score, mine.points) == (True, True, False, 48, 98)
    assert mine.steps == (Step("skat.duplicate.score.declarer_won", game=declared.game, score=48, points=98),)
    defender = child_score(state, declared.declarer.next)
    assert (defender.declarer, defender.won, defender.points) == (False, True, 0)
    assert defender.steps[0].code == "skat.duplicate.score.defender_lost"


def test_a_declarer_who_lost_gets_minus_twice_the_value_minus_50_and_each_defender_40(declared):
    """ISkO 5.3: lost = - 2 x value (-96); Seeger-Fabian: - 50 -> -146; each defender + 40 (table of three)."""
    state = with_score(declared, Outcome(50, 4))
    mine = child_score(state, declared.declarer)
    assert (mine.declarer, mine.won, mine.score, mine.points) == (True, False, -96, -146)
    assert mine.steps[0].code == "skat.duplicate.score.declarer_lost"
    for seat in (declared.declarer.next, declared.declarer.next.next):
        defender = child_score(state, seat)
        assert (defender.declarer, defender.won, defender.points) == (False, False, 40)
        assert defender.steps == (Step("skat.duplicate.score.defender_won", game=declared.game, points=40),)


def test_a_played_game_scores_as_the_official_engines_seeger_fabian(declared):
    mine = child_score(declared, declared.declarer)
    assert (mine.number, mine.game, mine.bid) == (1, GameType.SPADES, declared.bid)
    assert (mine.points, 0) == declared.score.seeger_fabian()
    assert mine.points == declared.score.score + 50


def test_a_deal_all_three_passed_scores_0_and_says_so():
    """ISkO 3.2: nobody bids, the deal is not played ("eingepasst"): 0 points for every seat."""
    plan = round_deals(3, 3)[2]
    state = play_out(plan.state, plan.child)
    assert state.phase is Phase.THROWN_IN
    for seat in Seat:
        score = child_score(state, seat)
        assert (score.passed_in, score.game, score.bid, score.won, score.points) == (True, None, 0, None, 0)
        assert score.steps == (Step("skat.duplicate.score.passed"),)


def test_a_deal_still_under_way_has_no_score():
    with pytest.raises(RuleViolation) as error:
        child_score(round_deals(3, 1)[0].state, Seat.FOREHAND)
    assert error.value.step.code == "skat.table.error.not_over"


# --- 3. the ranking ------------------------------------------------------------------------------------------------

def test_ranking_by_total_over_the_deals_played_with_averages_and_shared_places():
    scores = {
        "Mia": [played(98), played(-146), None],     # 2 played, total -48
        "ali": [played(40), played(40), played(0)],  # 3 played, 80
        "Ben": [played(80), None, None],             # 1 played, 80: ties with ali
        "Zoe": [played(120), played(0), played(-20)],
        "Lu": [None, None, None],                    # none played yet: total 0
    }
    places = ranking(scores)
    assert [(p.place, p.nickname, p.total, p.played) for p in places] == [
        (1, "Zoe", 100, 3), (2, "ali", 80, 3), (2, "Ben", 80, 1), (4, "Lu", 0, 0), (5, "Mia", -48, 2)]
    assert place_of(places, "Ben").average == 80.0
    assert place_of(places, "ali").average == pytest.approx(80 / 3)
    assert place_of(places, "Lu").average is None
    assert place_of(places, "nobody") is None
    assert [p.nickname for p in top(places, 2)] == ["Zoe", "ali", "Ben"]  # a tie at place 2 is shown whole
    assert [p.nickname for p in top(places)] == ["Zoe", "ali", "Ben", "Lu", "Mia"]
    assert top(places, 0) == ()


def test_each_deals_best_result_and_who_reached_it():
    scores = {"Mia": [played(98), played(-146)], "ali": [played(40), played(40)], "Ben": [played(98), None],
              "Lu": [None]}
    assert best_of_deal(scores, 1) == BestResult(1, 98, ("Ben", "Mia"))
    assert best_of_deal(scores, 2) == BestResult(2, 40, ("ali",))
    for number in (0, -1, 3, 9):
        assert best_of_deal(scores, number) is None
    assert best_of_deal({"Lu": [None, None]}, 1) is None


nicknames = st.text(alphabet="abcABC", min_size=1, max_size=3)
deal_results = st.lists(st.one_of(st.none(), st.integers(min_value=-300, max_value=300)), max_size=MAX_DEALS)


@settings(max_examples=examples(200))
@given(st.dictionaries(nicknames, deal_results, max_size=12))
def test_ranking_properties(raw):
    """Property: the ranking is a permutation of the children; places never go down the list; equal totals share
    a place, and a place is 1 + the number of children with a higher total."""
    scores = {name: [None if p is None else played(p) for p in points] for name, points in raw.items()}
    places = ranking(scores)
    assert sorted(p.nickname for p in places) == sorted(raw)
    assert all(a.place <= b.place and a.total >= b.total for a, b in zip(places, places[1:]))
    for line in places:
        assert line.place == 1 + sum(other.total > line.total for other in places)
        assert line.total == sum(p for p in raw[line.nickname] if p is not None)
    assert all(p.place <= 5 for p in top(places)) and len(top(places)) == sum(p.place <= 5 for p in places)


# --- 4. the class's moment -----------------------------------------------------------------------------------------

def mistake(trick: int, card: str, better: str = "", line: str = "") -> Mistake:
    """A constructed first deciding mistake (the line: the child's seat plays each card, for telling them apart)."""
    return Mistake(trick, C(card), parse_cards(better.split()) if better else (), 61,
                   tuple((Seat.FOREHAND, c) for c in parse_cards(line.split())) if line else (), Seat.FOREHAND,
                   (trick - 1) * 3)


def test_the_decision_most_children_got_wrong_is_the_moment():
    moment = class_moment({
        "ana": mistake(3, "AH", "JC JS", "JC 7H"), "ben": mistake(3, "AH", "JC", "JC 8H"),
        "cem": mistake(5, "0S", "AS"), "dora": mistake(5, "0S", "AS"), "eli": mistake(3, "AH", "JC JS"),
        "fay": None, "gus": None})
    assert (moment.count, moment.total, moment.trick, moment.card, moment.better, moment.same) == (
        3, 7, 3, C("AH"), C("JC"), True)
    assert moment.children == ("ana", "ben", "eli")
    assert (moment.child, moment.line) == ("ana", ((Seat.FOREHAND, C("JC")), (Seat.FOREHAND, C("7H"))))
    assert moment.steps == (Step("skat.duplicate.moment.same", count=3, total=7, trick=3, card=C("AH")),
                            Step("skat.duplicate.moment.better", card=C("JC")))


def test_a_tie_between_two_decisions_goes_to_the_earlier_trick():
    moment = class_moment({"a": mistake(7, "KD", "AD"), "b": mistake(7, "KD", "AD"),
                           "c": mistake(4, "9C", "AC"), "d": mistake(4, "9C", "AC")})
    assert (moment.trick, moment.card, moment.count, moment.children) == (4, C("9C"), 2, ("c", "d"))


def test_when_nobody_shares_a_decision_the_trick_most_went_wrong_in_is_the_moment():
    moment = class_moment({"a": mistake(6, "QS", "AS"), "b": mistake(6, "7S", "AS"), "c": mistake(6, "QS", "KS"),
                           "d": mistake(2, "JD", "JH"), "e": None})
    assert (moment.same, moment.count, moment.total, moment.trick) == (False, 3, 5, 6)
    assert (moment.card, moment.better, moment.child) == (C("QS"), C("AS"), "a")  # QS played twice; tie: DECK order
    assert moment.steps[0] == Step("skat.duplicate.moment.trick", count=3, total=5, trick=6, card=C("QS"))


def test_nobody_made_a_deciding_mistake_no_moment():
    assert class_moment({"a": None, "b": None}) is None
    assert class_moment({}) is None


def test_a_mistake_without_a_better_card_says_only_what_was_played():
    moment = class_moment({"a": mistake(1, "AC"), "b": None})
    assert (moment.count, moment.total, moment.better, moment.same) == (1, 2, None, True)
    assert moment.steps == (Step("skat.duplicate.moment.same", count=1, total=2, trick=1, card=C("AC")),)


def test_when_every_child_erred_in_a_trick_of_its_own_the_earliest_is_the_moment():
    moment = class_moment({"a": mistake(8, "QS", "AS"), "b": mistake(2, "7C", "AC"), "c": mistake(5, "KD", "AD")})
    assert (moment.same, moment.count, moment.total, moment.trick, moment.card, moment.child) == (
        True, 1, 3, 2, C("7C"), "b")


@settings(max_examples=examples(100))
@given(st.dictionaries(nicknames, st.one_of(st.none(), st.tuples(
    st.integers(min_value=1, max_value=10), st.sampled_from(["AH", "0H", "KH", "JC"]),
    st.sampled_from(["", "7H", "JS"]))), max_size=10))
def test_moment_properties(raw):
    """Property: no moment iff nobody erred; else 1 <= count <= total = children analysed, the children named
    made their mistake in that trick, and no other trick had more children wrong when the grouping fell back."""
    mistakes = {n: None if m is None else mistake(m[0], m[1], m[2]) for n, m in raw.items()}
    moment = class_moment(mistakes)
    wrong = {n: m for n, m in mistakes.items() if m is not None}
    if not wrong:
        assert moment is None
        return
    assert 1 <= moment.count == len(moment.children) <= moment.total == len(raw)
    assert all(wrong[n].trick == moment.trick for n in moment.children)
    assert moment.child in moment.children and wrong[moment.child].card == moment.card
    if not moment.same:
        per_trick = [sum(m.trick == t for m in wrong.values()) for t in range(1, 11)]
        assert moment.count == max(per_trick) and per_trick.index(moment.count) + 1 == moment.trick


def test_the_moment_of_real_analysed_games_of_one_deal():
    """Deal 1 of class seed 3, child forehand and declarer of Spades, analysed three ways: as the bots play it
    (94 card points, Schneider: no mistake), the child playing its last legal card each time (misses Schneider
    with its card of trick 8) and its first legal card (misses it in trick 5). Two children play the second way:
    2 of 4 made the same decision, and the line shown is that child's analysis's."""
    plan = round_deals(3, 1)[0]
    good = analyse(play_out(plan.state, plan.child), plan.child, node_limit=NODES)
    last = analyse(play_out(plan.state, plan.child, "last"), plan.child, node_limit=NODES)
    first = analyse(play_out(plan.state, plan.child, "first"), plan.child, node_limit=NODES)
    assert good.mistake is None
    assert (last.mistake.trick, last.mistake.threshold, first.mistake.trick, first.mistake.threshold) == (8, 90, 5, 90)
    moment = class_moment({"ana": last.mistake, "ben": good.mistake, "cem": last.mistake, "dora": first.mistake})
    assert (moment.count, moment.total, moment.same, moment.children) == (2, 4, True, ("ana", "cem"))
    assert (moment.trick, moment.card, moment.better) == (8, last.mistake.card, last.mistake.better[0])
    assert moment.line == last.mistake.line and moment.line[0] == (plan.child, moment.better)
    assert moment.threshold == 90
    # Without the second child who slipped the same way, the three decisions differ: the earliest trick, trick 5.
    alone = class_moment({"ana": last.mistake, "ben": good.mistake, "dora": first.mistake})
    assert (alone.count, alone.total, alone.trick, alone.child, alone.line) == (1, 3, 5, "dora", first.mistake.line)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10 ** 6))
def test_a_stored_result_reads_back_as_it_was_scored(seed):
    """:func:`duplicate.score_data` and :func:`score_from_data` round-trip every finished deal (the
    classroom stores the result once and ranks from it); damaged data reads as None, never an error."""
    state = play_out(deal(seed, 1 + seed % 3), Seat.FOREHAND)
    for child in Seat:
        result = child_score(state, child)
        assert score_from_data(result.number, score_data(result)) == result
    data = score_data(child_score(state, Seat.FOREHAND))
    for key in data:
        assert score_from_data(1, {k: v for k, v in data.items() if k != key}) is None
    assert score_from_data(1, {**data, "points": "7"}) is None
    assert score_from_data(1, {**data, "game": "chess"}) is None
