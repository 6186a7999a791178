"""The quiz kinds "Skat official value" and "Poker: which hand wins?".

Expected values are worked out by hand from the rules, not taken from the
code under test: Skat from the ISkO (2.4 matadors over hand and skat, 5.1
base values clubs 12 / spades 11 / hearts 10 / diamonds 9 / Grand 24, 5.2
multiplier = matadors + 1 for the game + 1 for Hand); poker from seed 003
(standard hand ranking, the best hand wins, equal hands tie, suits never
decide). The interface, JSON and same-code checks for every kind are in
``test_quiz_kinds.py`` (parametrised over the registry). Run with ``-s`` to see
the fairness figures.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from webapp import quiz
from webapp.quiz import kinds
from webapp.quiz.kinds import AnswerError, parse_answer
from webapp.games.pokerface import quiz as poker_showdown
from webapp.games.skat import quiz_official as skat_official
from webapp.games.pokerface import rules as pf
from webapp.games.skat import rules as skat
from webapp.games.skat import official as so

SAMPLES = 600


def marked(kind, question, answer) -> str | None:
    checked = kind.check(question, answer)
    return None if checked.wrong_step is None else checked.steps[checked.wrong_step].code


def test_both_kinds_are_in_the_registry():
    assert kinds.get("skat_official") is skat_official
    assert kinds.get("poker_showdown") is poker_showdown


# --- Skat official value: right and wrong answers -------------------------------------------
def official(hand: str, skat_cards: str, game: str, hand_game: bool = False) -> dict:
    return {"hand": hand.split(), "skat": skat_cards.split(), "game": game, "hand_game": hand_game}


# Clubs, JC JS JH held, JD missing: with 3 (ISkO 2.4.1); (3 + 1) x 12 = 48 (ISkO 5.1, 5.2).
CLUBS_WITH_3 = official("JC JS JH AC 0C KC QC AS 0S AH", "7C 7D", "clubs")
# The same as a Hand game: (3 + 1 + 1) x 12 = 60.
CLUBS_WITH_3_HAND = official("JC JS JH AC 0C KC QC AS 0S AH", "7C 7D", "clubs", True)
# Hearts; the hand alone is without 1 (JC missing, JS held), but JC lies in the skat:
# over all 12 cards JC JS held, JH missing: with 2 (ISkO 2.4: the skat counts); (2 + 1) x 10 = 30.
HEARTS_SKAT_CHANGES = official("JS JD AH 0H KH 9H 8H AS 0S AC", "JC 7D", "hearts")
# Grand Hand with all four jacks: with 4; (4 + 1 + 1) x 24 = 144.
GRAND_HAND_WITH_4 = official("JC JS JH JD AC 0C AS 0S AH 0H", "KH 7D", "grand", True)
# Grand, JC missing, JS held: without 1; (1 + 1) x 24 = 48.
GRAND_WITHOUT_1 = official("JS AC 0C KC AS 0S KS AH 0H KH", "7D 8D", "grand")


@pytest.mark.parametrize("question, value", [
    (CLUBS_WITH_3, 48), (CLUBS_WITH_3_HAND, 60), (HEARTS_SKAT_CHANGES, 30), (GRAND_HAND_WITH_4, 144),
    (GRAND_WITHOUT_1, 48),
])
def test_official_right_answer_is_the_isko_value(question, value):
    assert skat_official.solve(question) == {"value": value}
    checked = skat_official.check(question, {"value": value})
    assert checked.correct and checked.wrong_step is None
    assert checked.expected == {"value": value}
    assert checked.steps[-1].code == "skat.official.value"


@pytest.mark.parametrize("question, answer, step", [
    (CLUBS_WITH_3, 50, "skat.official.base"),  # not a multiple of 12: wrong base value
    (CLUBS_WITH_3, 44, "skat.official.base"),  # 4 x 11: spades' base value
    (CLUBS_WITH_3, 36, "skat.official.level.game"),  # 3 x 12: forgot "+ 1 for the game"
    (CLUBS_WITH_3, 72, "skat.official.matadors.with"),  # 6 x 12: with 5 counted
    (CLUBS_WITH_3_HAND, 48, "skat.official.level.hand"),  # forgot Hand: 4 x 12
    (HEARTS_SKAT_CHANGES, 20, "skat.official.matadors.skat_changed"),  # without 1 from the 10 cards: 2 x 10
    (HEARTS_SKAT_CHANGES, 40, "skat.official.matadors.with"),  # with 3: 4 x 10
    (GRAND_HAND_WITH_4, 120, "skat.official.level.hand"),  # 5 x 24: forgot Hand
    (GRAND_HAND_WITH_4, 96, "skat.official.matadors.with"),  # 4 x 24
    (GRAND_WITHOUT_1, 72, "skat.official.matadors.without"),  # 3 x 24: "without 2" counted
    (GRAND_WITHOUT_1, 24, "skat.official.level.game"),  # 1 x 24
])
def test_official_wrong_answer_marks_the_step(question, answer, step):
    checked = skat_official.check(question, {"value": answer})
    assert not checked.correct
    assert checked.steps[checked.wrong_step].code == step


def test_official_hand_game_counts_the_skat_and_shows_it():
    shown = skat_official.show(CLUBS_WITH_3_HAND)
    assert [s.caption.code for s in shown] == ["quiz.show.declared_hand", "quiz.show.hand", "quiz.show.skat_hand"]
    assert shown[0].cards == () and len(shown[1].cards) == 10 and len(shown[2].cards) == 2
    assert skat_official.describe({"value": 60})["value"] == 60


def test_official_answer_is_a_whole_number():
    assert parse_answer(skat_official, {"value": "48"}) == {"value": 48}
    for form, code in [({}, "quiz.error.missing"), ({"value": "4a"}, "quiz.error.number"),
                       ({"value": "0"}, "quiz.error.number"), ({"value": "1000"}, "quiz.error.number")]:
        with pytest.raises(AnswerError) as error:
            parse_answer(skat_official, form)
        assert error.value.step.code == code, form


# --- Skat official value: fair generation ----------------------------------------------------
def official_figures(difficulty: str) -> dict:
    rng = random.Random(f"fair-official-{difficulty}")
    figures: dict[str, Counter] = {"game": Counter(), "with": Counter(), "run": Counter(), "hand": Counter(),
                                   "skat_changed": Counter()}
    for _ in range(SAMPLES):
        q = skat_official.generate(rng, difficulty).to_json()
        game = so.GameType(q["game"])
        hand, skat_cards = skat.parse_hand(q["hand"]), skat.parse_cards(q["skat"])
        assert len(set(hand) | set(skat_cards)) == 12
        m = so.count_matadors(game, hand, skat_cards)
        figures["game"][q["game"]] += 1
        figures["with"][m.kind.value] += 1
        figures["run"][("grand " if game is so.GameType.GRAND else "") + m.kind.value + f" {m.count}"] += 1
        figures["hand"][q["hand_game"]] += 1
        figures["skat_changed"][bool(m.from_skat)] += 1
    return figures


@pytest.mark.parametrize("difficulty", kinds.DIFFICULTIES)
def test_official_questions_are_fair(difficulty):
    f = official_figures(difficulty)
    print(f"\nSkat official ({difficulty}), {SAMPLES} questions: games {dict(f['game'])}; "
          f"with/without {dict(f['with'])}; matadors {dict(sorted(f['run'].items()))}; "
          f"Hand {f['hand'][True] / SAMPLES:.0%}; skat changes the matadors {f['skat_changed'][True] / SAMPLES:.0%}")
    for kind in ("with", "without"):
        assert 0.4 <= f["with"][kind] / SAMPLES <= 0.6, kind
    for game in ("clubs", "spades", "hearts", "diamonds"):
        assert f["game"][game] >= 0.12 * SAMPLES, game
    counts = {int(key.rsplit(" ", 1)[1]) for key in f["run"]}
    if difficulty == "easy":  # suit games without Hand, 1 to 3 matadors, the skat never changes them
        assert f["game"]["grand"] == 0 and f["hand"][True] == 0 and f["skat_changed"][True] == 0
        assert counts == {1, 2, 3}
    else:
        assert f["game"]["grand"] >= 0.12 * SAMPLES
        assert f["hand"][True] >= 0.15 * SAMPLES and f["skat_changed"][True] >= 0.15 * SAMPLES
        assert set(range(1, 6)) <= counts
        assert f["run"]["grand with 4"] > 0 and f["run"]["grand without 1"] > 0
    if difficulty == "hard":
        assert f["game"]["grand"] >= 0.25 * SAMPLES
        assert f["hand"][True] >= 0.4 * SAMPLES and f["skat_changed"][True] >= 0.4 * SAMPLES
        assert max(counts) >= 7


# --- Poker: which hand wins? ------------------------------------------------------------------
def poker(a: str, b: str) -> dict:
    return {"a": a.split(), "b": b.split()}


ROYAL_VS_FLUSH = poker("SA SK SQ SJ ST", "H2 H3 H4 H5 H7")  # straight flush beats flush: A
SAME_HIGH_CARDS = poker("SA HK DQ CJ S9", "HA DK CQ SJ H9")  # the same ranks, suits never decide: tie
KING_PAIRS_KICKER = poker("SK HK D9 C5 S2", "DK CK HQ S3 H2")  # kings each, queen kicker beats nine: B
WHEEL_VS_TRIPS = poker("SA H2 D3 C4 S5", "H6 D6 C6 S9 HT")  # A-2-3-4-5 is a straight, beats three of a kind: A


@pytest.mark.parametrize("question, winner", [
    (ROYAL_VS_FLUSH, "a"), (SAME_HIGH_CARDS, "tie"), (KING_PAIRS_KICKER, "b"), (WHEEL_VS_TRIPS, "a"),
])
def test_poker_right_and_wrong_answers(question, winner):
    assert poker_showdown.solve(question) == {"winner": winner}
    right = poker_showdown.check(question, {"winner": winner})
    assert right.correct and right.wrong_step is None and right.expected == {"winner": winner}
    for other in {"a", "b", "tie"} - {winner}:
        wrong = poker_showdown.check(question, {"winner": other})
        assert not wrong.correct
        expected_step = "poker.showdown.ties" if winner == "tie" else "poker.showdown.beats"
        assert wrong.steps[wrong.wrong_step].code == expected_step


def test_poker_deciding_step_names_the_kicker():
    checked = poker_showdown.check(KING_PAIRS_KICKER, {"winner": "a"})
    why = checked.steps[checked.wrong_step]["why"]
    assert why.code == "poker.compare.kicker" and (why["better"], why["worse"]) == (pf.Rank.QUEEN, pf.Rank.NINE)
    checked = poker_showdown.check(WHEEL_VS_TRIPS, {"winner": "b"})
    assert checked.steps[checked.wrong_step]["why"].code == "poker.compare.category"
    assert checked.steps[-1].code == "poker.quiz.winner"


def test_poker_questions_are_those_of_the_pokerface_generator():
    # the same rng state gives the same hands as the /pokerface/quiz generator (seed 003 notation)
    q = poker_showdown.generate(random.Random(42), "normal").to_json()
    original = pf.which_hand_wins(random.Random(42), names=("A", "B"))
    assert q == {"a": [str(c) for c in original.hands[0]], "b": [str(c) for c in original.hands[1]]}
    assert poker_showdown.solve(q) == {"winner": original.answer}
    assert quiz.question("poker_showdown", "hard", "K7PX3M", 3) == quiz.question("poker_showdown", "hard", "K7PX3M", 3)


def test_poker_answer_must_be_one_of_the_buttons():
    assert parse_answer(poker_showdown, {"winner": "tie"}) == {"winner": "tie"}
    with pytest.raises(AnswerError) as error:
        parse_answer(poker_showdown, {"winner": "c"})
    assert error.value.step.code == "quiz.error.choice"


def test_poker_questions_are_fair():
    rng = random.Random("fair-poker")
    winners: Counter[str] = Counter()
    categories: Counter[str] = Counter()
    same = 0
    for _ in range(SAMPLES):
        q = poker_showdown.generate(rng, "normal").to_json()
        a, b = pf.parse_cards(q["a"], 5), pf.parse_cards(q["b"], 5)
        assert not set(a) & set(b)
        ca, cb = pf.category(pf.evaluate(a)), pf.category(pf.evaluate(b))
        same += ca == cb
        categories.update((ca.name, cb.name))
        winners[poker_showdown.solve(q)["winner"]] += 1
    print(f"\nPoker which hand wins, {SAMPLES} questions: winners {dict(winners)}; "
          f"same category {same / SAMPLES:.0%}; categories {dict(categories)}")
    assert 0.35 <= winners["a"] / SAMPLES <= 0.65 and 0.35 <= winners["b"] / SAMPLES <= 0.65
    assert same >= 0.5 * SAMPLES  # half the questions are decided by ranks or kickers
    assert len(categories) >= 5
