"""Question kinds: the common interface, reproducible codes, fair generation, wrong-step marking.

Expected values come from the seeds (002 Skat family rule, 001 Tichu legality),
not from the code under test. Run with ``-s`` to see the fairness figures.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from webapp import quiz
from webapp.catalogue import MESSAGES
from webapp.quiz import kinds
from webapp.quiz.kinds import AnswerError, parse_answer
from webapp.games.skat import quiz_family as skat_family
from webapp.games.tichu import quiz as tichu_legality
from webapp.games.skat import rules as skat
from webapp.games.tichu import rules as tichu

SAMPLES = 600


@pytest.mark.parametrize("name", sorted(kinds.KINDS))
def test_every_kind_has_the_common_interface(name):
    kind = kinds.get(name)
    assert kind.NAME == name
    assert kind.TITLE in MESSAGES
    assert kind.FIELDS and all(f.label in MESSAGES for f in kind.FIELDS)
    for choice in (c for f in kind.FIELDS for c in f.choices):
        assert choice.label.code in MESSAGES
    for function in ("generate", "solve", "check", "describe", "show"):
        assert callable(getattr(kind, function)), function


@pytest.mark.parametrize("name", sorted(kinds.KINDS))
@pytest.mark.parametrize("difficulty", kinds.DIFFICULTIES)
def test_questions_are_json_and_the_engine_agrees_with_its_own_answer(name, difficulty):
    kind = kinds.get(name)
    rng = random.Random(f"{name}{difficulty}")
    for _ in range(80):
        question = kind.generate(rng, difficulty).to_json()  # the JSON form; the kind reads it back
        assert json.loads(json.dumps(question)) == question
        answer = kind.solve(question)
        assert json.loads(json.dumps(answer)) == answer
        checked = kind.check(question, answer)
        assert checked.correct and checked.wrong_step is None and checked.steps
        assert kind.describe(answer).code in MESSAGES
        assert kind.show(question)


@pytest.mark.parametrize("name", sorted(kinds.KINDS))
def test_the_same_code_gives_the_same_questions(name):
    first = [quiz.question(name, "normal", "K7PX3M", n).to_json() for n in range(10)]
    again = [quiz.question(name, "normal", "K7PX3M", n).to_json() for n in range(10)]
    other = [quiz.question(name, "normal", "K7PX3N", n).to_json() for n in range(10)]
    assert first == again
    assert first != other
    assert len({json.dumps(q, sort_keys=True) for q in first}) >= 8  # questions within a quiz vary


def test_codes_use_no_look_alike_characters():
    for letter in "01ILO":
        assert letter not in quiz.CODE_ALPHABET
    codes = {quiz.new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 6 and quiz.normalise_code(c.lower()) == c for c in codes)
    assert quiz.normalise_code("k7p-x3 m") == "K7PX3M"
    assert quiz.normalise_code("K7PX3") is None
    assert quiz.normalise_code("K7PX30") is None  # 0 is not a code letter
    assert quiz.normalise_code("<script>") is None


# --- fairness ---------------------------------------------------------------------------
def skat_figures(difficulty: str) -> dict:
    rng = random.Random(f"fair-skat-{difficulty}")
    playable = 0
    trumps: Counter[str] = Counter()
    factors: Counter[tuple[bool, int]] = Counter()
    pass_reasons: Counter[str] = Counter()
    for _ in range(SAMPLES):
        hand = skat.parse_hand(skat_family.generate(rng, difficulty).to_json()["hand"])
        result = skat.family_game_value(hand)
        factors[(result.with_matadors, result.jack_factor)] += 1
        if result.is_pass:
            pass_reasons[result.steps[-2].code] += 1
        else:
            playable += 1
            trumps[result.trump.value] += 1
    return {"playable": playable / SAMPLES, "trumps": trumps, "factors": factors, "pass_reasons": pass_reasons}


@pytest.mark.parametrize("difficulty", kinds.DIFFICULTIES)
def test_skat_hands_are_fair(difficulty):
    figures = skat_figures(difficulty)
    playable_hands = sum(figures["trumps"].values())
    print(f"\nSkat family ({difficulty}), {SAMPLES} hands: playable {figures['playable']:.0%} "
          f"(random deals: about 9 %); trump suits {dict(figures['trumps'])}; "
          f"jack factors {dict(sorted(figures['factors'].items()))}; pass reasons {dict(figures['pass_reasons'])}")
    assert 0.4 <= figures["playable"] <= 0.7
    for suit in "CSHD":  # every suit is trump in a fair share of the playable hands
        assert figures["trumps"][suit] >= 0.15 * playable_hands, suit
    for with_ in (True, False):  # with and without both common
        assert sum(n for (w, _), n in figures["factors"].items() if w is with_) >= 0.35 * SAMPLES
    highest = 3 if difficulty == "easy" else 5
    for factor in range(2, highest + 1):
        assert figures["factors"][(True, factor)] > 0 and figures["factors"][(False, factor)] > 0, factor
    # both ways of having to pass occur (too few trumps; no ace of another suit)
    assert figures["pass_reasons"]["skat.pass.few_trumps"] > 0
    assert figures["pass_reasons"]["skat.pass.no_ace"] > 0


@pytest.mark.parametrize("difficulty", kinds.DIFFICULTIES)
def test_tichu_questions_are_fair(difficulty):
    rng = random.Random(f"fair-tichu-{difficulty}")
    legal = 0
    kinds_legal: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    specials = 0
    for _ in range(SAMPLES):
        q = tichu_legality.generate(rng, difficulty).to_json()
        table, play = tichu.parse_play(q["table"]), tichu.parse_play(q["play"])
        tichu.check_deck(table, play)  # a question never needs a fifth 7
        verdict = tichu.judge(table, play)
        reasons[verdict.reason] += 1
        specials += any(c.is_special for c in table + play)
        if verdict.legal:
            legal += 1
            kinds_legal[verdict.play.kind.value] += 1
    print(f"\nTichu legality ({difficulty}), {SAMPLES} questions: allowed {legal / SAMPLES:.0%}; "
          f"kinds of allowed plays {dict(kinds_legal)}; with special cards {specials / SAMPLES:.0%}; "
          f"reasons {dict(reasons)}")
    assert 0.4 <= legal / SAMPLES <= 0.6
    for kind in tichu.Kind:  # every combination type is asked, none rarely
        assert kinds_legal[kind.value] >= 0.06 * legal, kind
    for reason in ("tichu.reason.higher", "tichu.reason.not_higher", "tichu.reason.kind", "tichu.play.none",
                   "tichu.reason.lead", "tichu.reason.bomb_beats"):
        assert reasons[reason] > 0, reason
    if difficulty == "easy":
        assert specials == 0
    else:
        assert specials > 0


# --- checking answers and marking the wrong step -----------------------------------------
SEED_36 = {"hand": "JC JS JD AC KC 9C AS 7H QD 8D".split()}  # seed 002 case 1: 36 Clubs
SEED_PASS = {"hand": "JH JD 0S KS 9C 8C QH KH AD 9D".split()}  # seed 002 case 3: pass


def marked(kind, question, answer) -> str | None:
    checked = kind.check(question, answer)
    return None if checked.wrong_step is None else checked.steps[checked.wrong_step].code


def test_skat_right_answer_is_the_seed_value():
    assert skat_family.solve(SEED_36) == {"trump": "C", "value": 36}
    assert skat_family.solve(SEED_PASS) == {"trump": "pass", "value": None}
    assert skat_family.check(SEED_36, {"trump": "C", "value": 36}).correct


def test_skat_wrong_jack_factor_is_marked_at_the_jack_factor():
    # right trump, but "with 3" (factor 4): 4 x 12 = 48 instead of 3 x 12
    assert marked(skat_family, SEED_36, {"trump": "C", "value": 48}) == "skat.factor.jacks"


def test_skat_wrong_suit_and_wrong_sum_are_marked():
    assert marked(skat_family, SEED_36, {"trump": "S", "value": 33}) in ("skat.trump.choice", "skat.trump.tie")
    assert marked(skat_family, SEED_36, {"trump": "C", "value": 37}) == "skat.value"
    assert marked(skat_family, SEED_PASS, {"trump": "H", "value": 30}).startswith("skat.pass.")
    assert marked(skat_family, SEED_36, {"trump": "pass", "value": None}) is None  # cannot be told


def test_tichu_wrong_verdict_marks_the_deciding_step_and_wrong_kind_the_play():
    question = {"table": "44499", "play": "77722"}  # seed 001: full house of 7s beats 4s
    assert tichu_legality.solve(question) == {"legal": "yes", "kind": "full_house"}
    assert marked(tichu_legality, question, {"legal": "no", "kind": None}) == "tichu.reason.higher"
    assert marked(tichu_legality, question, {"legal": "yes", "kind": "straight"}) == "tichu.play.full_house"
    dog = {"table": "5", "play": "D"}  # the Dog only on lead
    assert tichu_legality.solve(dog) == {"legal": "no", "kind": None}
    assert marked(tichu_legality, dog, {"legal": "yes", "kind": "single"}) == "tichu.reason.dog_not_lead"


def test_parse_answer_checks_every_field():
    assert parse_answer(skat_family, {"trump": "C", "value": "36"}) == {"trump": "C", "value": 36}
    assert parse_answer(skat_family, {"trump": "pass", "value": "99"}) == {"trump": "pass", "value": None}
    assert parse_answer(tichu_legality, {"legal": "no", "kind": "pair"}) == {"legal": "no", "kind": None}
    bad = [
        (skat_family, {"value": "36"}, "quiz.error.missing"),
        (skat_family, {"trump": "X", "value": "36"}, "quiz.error.choice"),
        (skat_family, {"trump": "C"}, "quiz.error.missing"),
        (skat_family, {"trump": "C", "value": "-3"}, "quiz.error.number"),
        (skat_family, {"trump": "C", "value": "３６"}, "quiz.error.number"),  # full-width digits
        (skat_family, {"trump": "C", "value": "1000"}, "quiz.error.number"),
        (tichu_legality, {"legal": "yes"}, "quiz.error.missing"),
        (tichu_legality, {"legal": "yes", "kind": "<script>"}, "quiz.error.choice"),
    ]
    for kind, form, code in bad:
        with pytest.raises(AnswerError) as error:
            parse_answer(kind, form)
        assert error.value.step.code == code, form
