"""The Skat counting and bidding quiz kinds: card points, who won the game, the bid ladder and the Null values.

Expected answers are worked out by hand from the International Skat Order (ISkO 1.2.2: card points A 11, 10 10,
K 4, Q 3, J 2, 9 8 7 0, 120 in all; 5.2.2: the declarer wins with 61 card points, the skat included, the defenders
with 60; 5.2.3: Schneider with 30 or fewer; 5.2.4: Schwarz without a trick; 3.2: Middlehand bids to Forehand, then
Rearhand to the one still in; 5.1.2: Null 23, Null Hand 35, Null Ouvert 46, Null Ouvert Hand 59), or come from an
independent brute force written here, never from the kinds.
"""

from __future__ import annotations

import random

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.core.quizkind import AnswerError
from webapp.core.steps import RuleInputError
from webapp.games.skat import quiz_bid, quiz_points, quiz_result
from webapp.games.skat.rules import DECK
from webapp.quiz.kinds import DIFFICULTIES, parse_answer

POINTS = {"A": 11, "0": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}  # ISkO 1.2.2, written out again


def marked(kind, question, answer) -> str | None:
    checked = kind.check(question, answer)
    return None if checked.wrong_step is None else checked.steps[checked.wrong_step].code


def tricks_of(text: str) -> list[list[str]]:
    """``"AH 0S KC / 7C 8C 9C"`` as tricks of card codes."""
    return [trick.split() for trick in text.split("/") if trick.strip()]


# --- card points (ISkO 1.2.2) ----------------------------------------------------------------------------------

POINT_CASES = [
    # one trick: ace 11 + ten 10 + king 4 = 25
    ([], "AH 0S KC", 25),
    # the jacks are worth 2 each, the nines, eights and sevens nothing: 2 + 2 + 0 = 4
    ([], "JC JS 9D", 4),
    # a skat of queen and jack (3 + 2) and a trick of low cards: 5
    (["QD", "JD"], "7C 8C 9C", 5),
    # skat 11 + 0, trick 10 + 3 + 4 = 17: 28
    (["AS", "7H"], "0H QS KD", 28),
]


@pytest.mark.parametrize("skat, tricks, points", POINT_CASES)
def test_card_points_hand_worked(skat, tricks, points):
    question = {"skat": skat, "tricks": tricks_of(tricks)}
    assert quiz_points.solve(question) == {"points": points}
    assert quiz_points.check(question, {"points": points}).correct
    assert not quiz_points.check(question, {"points": points + 1}).correct


def test_all_32_cards_are_worth_120():
    """ISkO 1.2.2: the 32 cards hold 120 card points; the skat and ten tricks are all of them."""
    codes = [str(card) for card in DECK]
    question = {"skat": codes[:2], "tricks": [codes[2 + 3 * i:5 + 3 * i] for i in range(10)]}
    assert quiz_points.solve(question) == {"points": 120}


def test_a_miscounted_card_marks_its_group_a_forgotten_skat_the_skat_and_a_wrong_sum_the_total():
    question = {"skat": ["AS", "7H"], "tricks": tricks_of("0H QS KD / JC 8D 9S")}  # 11 + 17 + 2 = 30
    assert quiz_points.solve(question) == {"points": 30}
    assert marked(quiz_points, question, {"points": 19}) == "skat.quiz.points.skat"  # the skat left out
    checked = quiz_points.check(question, {"points": 20})  # the ten of hearts counted as 0: trick 1
    assert checked.steps[checked.wrong_step] == checked.steps[2] and checked.steps[2]["n"] == 1
    assert marked(quiz_points, question, {"points": 35}) == "skat.quiz.points.total"  # no one card explains 5 more
    one = {"skat": [], "tricks": [["AH", "0S", "KC"]]}
    assert marked(quiz_points, one, {"points": 99}) == "skat.quiz.points.trick"  # the only trick


def test_the_counting_steps_name_every_card_with_its_points():
    steps = quiz_points.check({"skat": ["QD", "JD"], "tricks": [["AC", "7C", "KH"]]}, {"points": 20}).steps
    assert [step.code for step in steps] == ["skat.quiz.points.values", "skat.quiz.points.skat",
                                             "skat.quiz.points.trick", "skat.quiz.points.total"]
    assert (steps[1]["pa"], steps[1]["pb"], steps[1]["points"]) == (3, 2, 5)
    assert (steps[2]["pa"], steps[2]["pb"], steps[2]["pc"], steps[2]["points"]) == (11, 0, 4, 15)
    assert (steps[3]["sums"], steps[3]["points"]) == ("5 + 15", 20)


@pytest.mark.parametrize("bad", [
    {"skat": ["AS"], "tricks": [["AH", "0S", "KC"]]},  # a skat of one card
    {"skat": [], "tricks": [["AH", "0S"]]},  # a trick of two
    {"skat": [], "tricks": []},  # nothing to count
    {"skat": ["AH", "7C"], "tricks": [["AH", "0S", "KC"]]},  # a card twice
    {"skat": [], "tricks": [["XX", "0S", "KC"]]},  # no card
    {"skat": [], "tricks": "AH 0S KC"},  # not a list of tricks
])
def test_a_malformed_points_question_is_a_rule_input_error(bad):
    with pytest.raises(RuleInputError):
        quiz_points.PointsQuestion.from_json(bad)


# --- who won the game (ISkO 5.2.2-5.2.4) ---------------------------------------------------------------------


def result(skat: list[str], tricks: str, asks: str = "hard") -> dict:
    return {"skat": skat, "tricks": tricks_of(tricks), "asks": asks}


#: Declarer's tricks worked out by hand: (skat, tricks, card points, won, reached, levels).
RESULT_CASES = [
    # 61 wins (ISkO 5.2.2): skat 11 + 10, tricks 11 + 10 + 4 and 11 + 4 + 0: 21 + 25 + 15 = 61
    (["AC", "0C"], "AS 0S KS / AH KH 7H", 61, "yes", "none", 1),
    # 60 loses, the defenders win with 60: a queen instead of the king, 21 + 25 + 14 (and a trick of 0)
    (["AC", "0C"], "AS 0S KS / AH QH 7H / 7D 8D 9D", 60, "no", "none", 1),
    # 90 makes the defenders Schneider (they have 30): 21 + 25 + 25 + 19
    (["AC", "0C"], "AS 0S KS / AH 0H KH / AD KD KC", 90, "yes", "schneider", 2),
    # 89: the defenders have 31, no Schneider: 21 + 25 + 25 + 18
    (["AC", "0C"], "AS 0S KS / AH 0H KH / AD KD QC", 89, "yes", "none", 1),
    # the declarer with 30 is Schneider and loses: skat 0, tricks 11+10+4, 3+2
    (["7C", "8C"], "AS 0S KS / QH JH 7H", 30, "no", "schneider", 2),
    # 31 is lost but no Schneider: skat 0, tricks 25, 3+3
    (["7C", "8C"], "AS 0S KS / QH QD 7H", 31, "no", "none", 1),
    # no trick: the declarer is Schwarz and has only the skat (ISkO 5.2.4)
    (["AC", "0C"], "", 21, "no", "schwarz", 3),
]


@pytest.mark.parametrize("skat, tricks, points, won, reached, levels", RESULT_CASES)
def test_who_won_hand_worked(skat, tricks, points, won, reached, levels):
    question = result(skat, tricks)
    assert quiz_points.PointsQuestion(*quiz_points.PointsQuestion.read(question, 0)).points == points
    assert quiz_result.solve(question) == {"won": won, "reached": reached, "levels": levels}
    assert quiz_result.solve({**question, "asks": "easy"}) == {"won": won}
    assert quiz_result.check(question, {"won": won, "reached": reached, "levels": levels}).correct


def test_all_ten_tricks_make_the_defenders_schwarz():
    codes = [str(card) for card in DECK]
    question = {"skat": codes[:2], "tricks": [codes[2 + 3 * i:5 + 3 * i] for i in range(10)], "asks": "hard"}
    assert quiz_result.solve(question) == {"won": "yes", "reached": "schwarz", "levels": 3}
    assert "skat.quiz.schwarz.defenders" in [step.code for step in quiz_result.check(question, {}).steps]


def test_a_wrong_result_is_marked_at_the_rule_it_broke():
    sixty = result(["AC", "0C"], "AS 0S KS / AH QH 7H / 7D 8D 9D")  # 60: lost
    assert marked(quiz_result, sixty, {"won": "yes", "reached": "none", "levels": 1}) == "skat.quiz.result.lost"
    ninety = result(["AC", "0C"], "AS 0S KS / AH 0H KH / AD KD KC")  # 90: Schneider
    assert (marked(quiz_result, ninety, {"won": "yes", "reached": "none", "levels": 1})
            == "skat.quiz.schneider.defenders")
    assert marked(quiz_result, ninety, {"won": "yes", "reached": "schwarz", "levels": 3}) == "skat.quiz.schwarz.none"
    assert marked(quiz_result, ninety, {"won": "yes", "reached": "schneider", "levels": 3}) == "skat.quiz.levels"
    assert marked(quiz_result, ninety, {}) == "skat.quiz.result.won"  # nothing answered: the first field


def test_the_fields_grow_with_the_difficulty():
    base = result(["AC", "0C"], "AS 0S KS / AH 0H KH")
    names = {asks: [(f.name, [c.value for c in f.choices]) for f in quiz_result.fields_for({**base, "asks": asks})]
             for asks in DIFFICULTIES}
    assert names == {"easy": [("won", ["yes", "no"])],
                     "normal": [("won", ["yes", "no"]), ("reached", ["none", "schneider"])],
                     "hard": [("won", ["yes", "no"]), ("reached", ["none", "schneider", "schwarz"]), ("levels", [])]}
    with pytest.raises(AnswerError):  # Schwarz is no choice of a normal question
        parse_answer(quiz_result, {"won": "yes", "reached": "schwarz"},
                     quiz_result.fields_for({**base, "asks": "normal"}))


def test_a_malformed_result_question_is_a_rule_input_error():
    for bad in (result([], "AS 0S KS"), result(["AC", "0C"], "AS 0S KS", asks="expert")):
        with pytest.raises(RuleInputError):
            quiz_result.ResultQuestion.from_json(bad)


# --- bidding (ISkO 3.2, 3.3.1, 5.1.2) --------------------------------------------------------------------------


def brute_ladder() -> list[int]:
    """Every game value: base values 9, 10, 11, 12 (suits) and 24 (Grand) times 2 up to the most the game can
    reach (11 matadors, 5 for Grand, + game, Hand, Schneider, announced, Schwarz, announced, Ouvert), and the four
    Null values (ISkO 5.1, 5.2)."""
    values = {base * m for base in (9, 10, 11, 12) for m in range(2, 11 + 1 + 6 + 1)}
    values |= {24 * m for m in range(2, 4 + 1 + 6 + 1)}
    return sorted(values | {23, 35, 46, 59})


def test_the_ladder_starts_as_the_isko_says_and_every_next_bid_is_the_next_game_value():
    ladder = brute_ladder()
    assert ladder[:12] == [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44]
    for low, high in zip(ladder, ladder[1:]):
        question = {"ask": "next", "bid": low, "passed": "", "hand": [], "hand_game": False, "ouvert": False}
        assert quiz_bid.solve(question) == {"bid": high}, low


def bid(ask: str, **more) -> dict:
    return {"ask": ask, "bid": 0, "passed": "", "hand": [], "hand_game": False, "ouvert": False, **more}


def test_after_23_comes_24_and_a_skipped_or_impossible_bid_is_marked():
    after_23 = bid("next", bid=23)
    assert quiz_bid.check(after_23, {"bid": 24}).correct
    assert marked(quiz_bid, after_23, {"bid": 27}) == "skat.quiz.bid.next"  # a bid, but not the next
    assert marked(quiz_bid, after_23, {"bid": 25}) == "skat.quiz.bid.ladder"  # no game is worth 25
    step = quiz_bid.check(bid("next", bid=33), {"bid": 35}).steps[-1]
    assert step.code == "skat.quiz.bid.next_null" and step["name"] == "Null Hand"  # 35: only Null Hand


@pytest.mark.parametrize("passed, order", [("", "middlehand_forehand"), ("middlehand", "rearhand_forehand"),
                                           ("forehand", "rearhand_middlehand")])
def test_who_bids_to_whom(passed, order):
    """ISkO 3.2: Middlehand says bids to Forehand; the one of them who stays in hears Rearhand's bids."""
    question = bid("order", passed=passed, bid=20 if passed else 0)
    assert quiz_bid.solve(question) == {"order": order}
    wrong = next(value for value, _, _ in quiz_bid.ORDERS if value != order)
    code = "skat.quiz.bid.then" if passed else "skat.quiz.bid.first"
    assert marked(quiz_bid, question, {"order": wrong}) == code


@pytest.mark.parametrize("hand_game, ouvert, value", [(False, False, 23), (True, False, 35), (False, True, 46),
                                                       (True, True, 59)])
def test_the_null_values_are_fixed_whatever_the_jacks(hand_game, ouvert, value):
    """ISkO 5.1.2: Null 23, Null Hand 35, Null Ouvert 46, Null Ouvert Hand 59; all four jacks change nothing."""
    question = bid("null", hand="JC JS JH JD AC 0C KC QC 9C 8C".split(), hand_game=hand_game, ouvert=ouvert)
    assert quiz_bid.solve(question) == {"null_value": str(value)}
    other = next(str(v) for v in (23, 35, 46, 59) if v != value)
    assert marked(quiz_bid, question, {"null_value": other}) == "skat.official.null_value"


@pytest.mark.parametrize("bad", [bid("next", bid=25), bid("next", bid=264), bid("order", passed="rearhand", bid=18),
                                 bid("null"), bid("guess"), bid("next", bid=True), bid("order", bid=18)])
def test_a_malformed_bid_question_is_a_rule_input_error(bad):
    with pytest.raises(RuleInputError):
        quiz_bid.BidQuestion.from_json(bad)


# --- properties of every generated question ---------------------------------------------------------------------

KINDS = (quiz_points, quiz_result, quiz_bid)


def a_wrong_answer(kind, right: dict) -> dict:
    """Another answer: every number one more (within range), every choice another one of its field."""
    choices = {field.name: [c.value for c in field.choices] for field in kind.FIELDS}
    wrong = {}
    for name, value in right.items():
        if isinstance(value, int):
            wrong[name] = value + 1 if value < 120 else value - 1
        else:
            wrong[name] = next(other for other in choices[name] if other != value)
    return wrong


@settings(max_examples=examples(150))
@given(st.sampled_from(KINDS), st.sampled_from(DIFFICULTIES), st.integers(0, 2**32))
def test_every_generated_question_is_right_with_its_answer_and_wrong_with_another(kind, difficulty, seed):
    question = kind.generate(random.Random(seed), difficulty)
    again = kind.generate(random.Random(seed), difficulty)
    assert question == again  # deterministic per seed
    data = question.to_json()
    assert kind.QUESTION.from_json(data) == question
    right = kind.solve(data)
    checked = kind.check(data, right)
    assert checked.correct and checked.wrong_step is None and checked.expected == right
    fields = kind.fields_for(data) if hasattr(kind, "fields_for") else kind.FIELDS
    assert [field.name for field in fields] == list(right)
    wrong = kind.check(data, a_wrong_answer(kind, right))
    assert not wrong.correct and wrong.wrong_step is not None and 0 <= wrong.wrong_step < len(wrong.steps)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_the_outcomes_of_who_won_are_fair(difficulty):
    """Every outcome of the difficulty occurs, none rarely: won and lost about evenly, Schneider and Schwarz
    (normal, hard) each in a fair share."""
    rng = random.Random(f"fair-result-{difficulty}")
    answers = [quiz_result.solve(quiz_result.generate(rng, difficulty)) for _ in range(300)]
    won = sum(answer["won"] == "yes" for answer in answers)
    assert 0.35 <= won / len(answers) <= 0.65
    if difficulty != "easy":
        assert sum(answer["reached"] == "schneider" for answer in answers) >= 0.2 * len(answers)
    if difficulty == "hard":
        assert sum(answer["reached"] == "schwarz" for answer in answers) >= 0.1 * len(answers)
