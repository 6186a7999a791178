"""The learning path's catalogue (issue 36, webapp/learn/path.py): the lessons in order, reproducible practice
items that every quiz kind can generate and check, and the rule a wrong answer counts against (ISkO 2.3 for
following suit and tricks, 2.4 matadors, 5.1 base values, 5.2 multiplier)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.catalogue import MESSAGES
from webapp.core.quizkind import Checked
from webapp.core.steps import Step
from webapp.learn import path
from webapp.learn.path import (FILTERS, LESSONS, PATHS, RULES, Drill, NoPractice, UnknownLesson, check_catalogue, get,
                               lesson_for_rule, practice_item, rule_of, taught_by)
from webapp.quiz.kinds import KINDS

LEARN = Path(__file__).resolve().parents[2] / "webapp" / "learn"
DRILLED = [lesson for lesson in LESSONS.values() if lesson.practice.drills]


def test_the_skat_path_follows_the_issue_and_ends_at_the_table():
    assert [lesson.id for lesson in PATHS["skat"]] == [
        "skat.cards", "skat.trumps", "skat.follow_suit", "skat.tricks", "skat.winning_points", "skat.matadors",
        "skat.game_value", "skat.bidding", "skat.skat", "skat.hand", "skat.null", "skat.table"]
    assert PATHS["skat"][-1].practice.page == "/skat/table" and PATHS["skat"][-1].practice.mode == "play"
    assert list(PATHS) == list(path.GAMES) == ["skat", "tichu", "pokerface", "yahtzee"]
    assert [lesson.id for lesson in PATHS["tichu"]][-1] == "tichu.round"


def test_the_catalogue_keeps_its_own_rules_and_the_check_sees_a_broken_one(monkeypatch):
    check_catalogue()
    for lesson in LESSONS.values():
        assert path.ID_PATTERN.match(lesson.id) and all(path.ID_PATTERN.match(rule) for rule in lesson.rules)
        assert lesson.title in MESSAGES and lesson.goal in MESSAGES
        assert lesson.practice.mode in ("quiz", "play", "explain")
        assert lesson.practice.drills or lesson.practice.note  # a lesson without items says why
    broken = replace(PATHS["skat"][1], practice=replace(PATHS["skat"][1].practice, drills=(Drill("skat_nope"),)))
    monkeypatch.setattr(path, "PATHS", {**PATHS, "skat": (PATHS["skat"][0], broken)})
    with pytest.raises(ValueError, match="skat.trumps"):
        check_catalogue()


def test_each_lesson_opens_after_the_one_before_it_in_its_own_path():
    for game, lessons in PATHS.items():
        assert path.previous(lessons[0]) is None
        assert [path.previous(lesson) for lesson in lessons[1:]] == list(lessons[:-1])


def test_an_unknown_lesson_is_a_value_error():
    assert get("skat.trumps").game == "skat"
    for bad in ("skat.nope", "", None, ["skat.trumps"]):
        with pytest.raises(UnknownLesson):
            get(bad)


@pytest.mark.parametrize("lesson", DRILLED, ids=lambda lesson: lesson.id)
def test_every_item_is_generated_at_its_difficulty_passes_its_filter_and_its_solution_checks_right(lesson):
    """The kinds' own contract (webapp/quiz/kinds.py): ``check(q, solve(q))`` is right; and the JSON form reads
    back (the storage and the pages keep only that)."""
    for seed in (0, 1, 2**40):
        for number in range(12):
            kind_name, question = practice_item(lesson, seed, number)
            drill = lesson.practice.drills[number % len(lesson.practice.drills)]
            assert kind_name == drill.kind
            kind = KINDS[kind_name]
            data = json.loads(json.dumps(question.to_json()))
            assert drill.only is None or FILTERS[drill.only](data)
            assert kind.check(data, kind.solve(data)).correct
            assert kind.QUESTION.from_json(data) == question


def test_a_lesson_without_quiz_items_refuses_to_make_one():
    with pytest.raises(NoPractice):
        practice_item(get("skat.table"), 1, 0)
    assert get("skat.table").practice.mode == "play" and get("skat.cards").practice.mode == "quiz"


@given(st.sampled_from(DRILLED), st.integers(0, 2**63), st.integers(0, 10**6))
def test_items_are_reproducible_and_vary_with_the_number_and_the_learner(lesson, seed, number):
    first = practice_item(lesson, seed, number)
    assert practice_item(lesson, seed, number)[1].to_json() == first[1].to_json()
    others = {json.dumps(practice_item(lesson, seed, number + k)[1].to_json(), sort_keys=True) for k in range(1, 6)}
    assert len(others | {json.dumps(first[1].to_json(), sort_keys=True)}) > 2
    learners = {json.dumps(practice_item(lesson, seed + k, number)[1].to_json(), sort_keys=True) for k in range(6)}
    assert len(learners) > 2


def test_items_do_not_depend_on_pythons_hash_seed():
    """The seed is a SHA-256, not ``hash()``: another process with another PYTHONHASHSEED sees the same items."""
    code = ("import json; from webapp.learn.path import LESSONS, practice_item; "
            "print(json.dumps([practice_item(l, 12345, n)[1].to_json() for l in LESSONS.values() "
            "if l.practice.drills for n in range(3)], sort_keys=True))")
    here = json.dumps([practice_item(lesson, 12345, n)[1].to_json() for lesson in DRILLED for n in range(3)],
                      sort_keys=True)
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
                             cwd=LEARN.parents[1])
        assert out.stdout.strip() == here


# --- the rule a wrong answer counts against ----------------------------------------------------------------------


def verdict(kind: str, question: dict, answer: dict) -> Checked:
    return KINDS[kind].check(question, answer)


def test_a_jack_played_on_a_plain_suit_counts_against_the_jacks_rule_once_it_is_taught():
    """ISkO 2.3: in a suit game the jacks are trumps, so a jack does not follow a plain suit. Hearts is trump,
    spades led: only the ace of spades may be played, the jack of clubs may not."""
    question = {"game": "hearts", "trick": ["9S"], "hand": ["JC", "AS", "7D"]}
    checked = verdict("skat_legal", question, {"cards": ["JC", "AS"]})
    assert not checked.correct
    assert rule_of(get("skat.follow_suit"), "skat_legal", question, checked) == "skat.follow_suit.jacks"
    # the same mistake in an earlier lesson, before the jacks rule is taught: the lesson's main rule
    assert rule_of(get("skat.trumps"), "skat_legal", question, checked) == "skat.trumps"


def test_a_jack_left_out_when_trump_is_led_counts_against_the_trumps():
    """ISkO 2.3: the ace of clubs is led in a clubs game: trump is asked for, and the jack of hearts is a trump."""
    question = {"game": "clubs", "trick": ["AC"], "hand": ["JH", "7S", "8D"]}
    checked = verdict("skat_legal", question, {"cards": ["8D"]})
    assert rule_of(get("skat.follow_suit"), "skat_legal", question, checked) == "skat.trumps"


def test_a_wrong_card_that_neither_follows_nor_trumps_counts_against_who_wins_the_trick():
    """ISkO 2.3: spades game, hearts led; the ace of diamonds neither follows nor is a trump: it cannot win."""
    question = {"game": "spades", "trick": ["7H", "AD", "KH"]}
    checked = verdict("skat_trick", question, {"winner": "AD"})
    assert rule_of(get("skat.tricks"), "skat_trick", question, checked) == "skat.trick.winner"
    # the ten of hearts over the king: the order of the cards
    question = {"game": "spades", "trick": ["0H", "KH", "7D"]}
    checked = verdict("skat_trick", question, {"winner": "KH"})
    assert rule_of(get("skat.tricks"), "skat_trick", question, checked) == "skat.trick.order"


def test_in_null_the_trick_rules_are_the_null_rules():
    """ISkO 5.3 (Null): no trumps, A K Q J 10 9 8 7: the jack of hearts beats the ten of hearts."""
    question = {"game": "null", "trick": ["0H", "JH", "7S"]}
    checked = verdict("skat_trick", question, {"winner": "0H"})
    assert rule_of(get("skat.null"), "skat_trick", question, checked) == "skat.null"


def test_the_game_value_mistakes_name_their_rule():
    """ISkO 5.1 (base values) and 5.2 (multiplier): a value that is no multiple of the base value counts against
    the base values; forgetting Hand against the Hand level."""
    kind = KINDS["skat_official"]
    hand_q = next(q for q in (practice_item(get("skat.hand"), 3, n)[1] for n in range(40)) if q.hand_game)
    data = hand_q.to_json()
    right = kind.solve(data)["value"]
    base = {"clubs": 12, "spades": 11, "hearts": 10, "diamonds": 9, "grand": 24}[data["game"]]
    forgot_hand = verdict("skat_official", data, {"value": right - base})
    assert rule_of(get("skat.hand"), "skat_official", data, forgot_hand) == "skat.levels.hand"
    not_multiple = verdict("skat_official", data, {"value": right + 1})
    assert rule_of(get("skat.hand"), "skat_official", data, not_multiple) == "skat.value.base"
    assert rule_of(get("skat.matadors"), "skat_official", data, not_multiple) == "skat.matadors"  # not taught yet


def test_poker_and_tichu_mistakes_name_their_rule():
    same = {"a": ["SA", "HA", "C2", "D5", "S9"], "b": ["CA", "DA", "C3", "D6", "SK"]}  # two pairs of aces: the kicker
    checked = verdict("poker_showdown", same, {"winner": "a"})
    assert rule_of(get("pokerface.kickers"), "poker_showdown", same, checked) == "pokerface.kickers"
    assert rule_of(get("pokerface.hands"), "poker_showdown", same, checked) == "pokerface.hands"
    bomb = {"table": "7777", "play": "AA"}  # a pair does not beat a bomb (Tichu rulebook: bombs)
    checked = verdict("tichu_legality", bomb, {"legal": "yes", "kind": "pair"})
    assert rule_of(get("tichu.bombs"), "tichu_legality", bomb, checked) == "tichu.bombs"


def test_a_right_answer_counts_for_the_main_rule_and_a_review_for_the_rule_reviewed():
    question = {"game": "hearts", "trick": ["9S"], "hand": ["JC", "AS", "7D"]}
    right = verdict("skat_legal", question, {"cards": ["AS"]})
    wrong = verdict("skat_legal", question, {"cards": ["JC"]})
    lesson = get("skat.follow_suit")
    assert rule_of(lesson, "skat_legal", question, right) == "skat.follow_suit"
    for checked in (right, wrong):
        assert rule_of(lesson, "skat_legal", question, checked, reviewing="skat.follow_suit.jacks") == \
            "skat.follow_suit.jacks"
    odd = Checked(False, {}, (Step("skat.quiz.game.suit"),), wrong_step=7)  # a step index out of range
    assert rule_of(lesson, "skat_legal", question, odd) == "skat.follow_suit"


@pytest.mark.parametrize("lesson", DRILLED, ids=lambda lesson: lesson.id)
def test_any_wrong_answer_counts_against_a_rule_the_child_was_taught(lesson):
    """Wrong answers (the solution of another item, another card of the trick) always name a rule of this lesson
    or an earlier one of its path, so "practise my mistakes" never sends a child to a lesson it has not met."""
    taught = taught_by(lesson)
    for number in range(30):
        kind_name, question = practice_item(lesson, 5, number)
        kind, data = KINDS[kind_name], question.to_json()
        _, other = practice_item(lesson, 6, number)
        answers = [kind.solve(other.to_json())]
        if kind_name == "skat_trick":
            answers = [{"winner": card} for card in data["trick"]]
        for answer in answers:
            checked = kind.check(data, answer)
            rule = rule_of(lesson, kind_name, data, checked)
            assert rule in taught and rule in RULES
            assert checked.correct or lesson_for_rule(rule) is not None or rule == lesson.main_rule


def test_every_practised_rule_has_a_lesson_to_review_it_from():
    for lesson in DRILLED:
        for rule in lesson.rules:
            found = lesson_for_rule(rule)
            assert found is not None and rule in found.rules and found.practice.drills
    assert lesson_for_rule("skat.game") is None  # played at the table only


def test_the_learning_package_imports_no_web_or_database_module():
    """The pure core: Flask, the database and the translations stay in the storage (``store.py``; the homework's
    ``homework.py`` uses the database but no Flask) and the pages (``*_views.py``)."""
    web = {"flask", "flask_babel", "flask_sqlalchemy", "sqlalchemy", "werkzeug", "jinja2", "babel"}
    for module in LEARN.glob("*.py"):
        assert len(module.read_text().splitlines()) <= 600
        if module.stem == "store" or module.stem.endswith("_views"):
            continue
        forbidden = web - {"sqlalchemy"} if module.stem == "homework" else web
        names = set()
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                names.add(node.module or "")
        assert not {name.split(".")[0] for name in names} & forbidden, module.name


def test_the_poker_lessons_tell_hands_of_another_category_from_hands_of_the_same_one():
    """Seed 003: the nine hands first (the categories differ), then the same category (the ranks and kickers)."""
    from webapp.games.pokerface import rules as pf

    def same(question) -> bool:
        return pf.category(pf.evaluate5(*question.a)) == pf.category(pf.evaluate5(*question.b))

    for number in range(15):
        assert not same(practice_item(get("pokerface.hands"), 4, number)[1])
        assert same(practice_item(get("pokerface.kickers"), 4, number)[1])


def test_the_counting_bidding_and_yahtzee_mistakes_name_the_lessons_rule():
    """ISkO 1.2.2 (card points), 5.2.2-5.2.4 (61 wins, Schneider, Schwarz), 3.2/3.3.1 (the bid ladder, who bids to
    whom), 5.1.2 (the Null values); Yahtzee's upper bonus (63 or more: 35). Each wrong answer counts against the
    rule of the step it went wrong at, a rule of the lesson that drills it."""
    cases = [
        ("skat.cards", "skat_points", {"skat": [], "tricks": [["AH", "0S", "KC"]]}, {"points": 15}, "skat.card_points"),
        ("skat.winning_points", "skat_result",
         {"skat": ["AC", "0C"], "tricks": [["AS", "0S", "KS"], ["AH", "QH", "7H"]], "asks": "easy"},  # 60: lost
         {"won": "yes"}, "skat.winning_points"),
        ("skat.hand", "skat_result",  # 90: the defenders are Schneider
         {"skat": ["AC", "0C"], "tricks": [["AS", "0S", "KS"], ["AH", "0H", "KH"], ["AD", "KD", "KC"]],
          "asks": "normal"}, {"won": "yes", "reached": "none"}, "skat.levels.schneider"),
        ("skat.bidding", "skat_bid", {"ask": "next", "bid": 23, "passed": "", "hand": [], "hand_game": False,
                                      "ouvert": False}, {"bid": 25}, "skat.bidding.ladder"),
        ("skat.bidding", "skat_bid", {"ask": "order", "bid": 0, "passed": "", "hand": [], "hand_game": False,
                                      "ouvert": False}, {"order": "forehand_middlehand"}, "skat.bidding.order"),
        ("skat.null", "skat_bid", {"ask": "null", "bid": 0, "passed": "", "hand_game": True, "ouvert": False,
                                   "hand": "JC JS JH JD AC 0C KC QC 9C 8C".split()},
         {"null_value": "23"}, "skat.null.values"),
        ("yahtzee.bonus", "yahtzee_boxes", {"dice": [], "box": "", "upper": [3, 6, 9, 12, 15, 18]},
         {"upper_total": 63}, "yahtzee.bonus"),
        ("yahtzee.boxes", "yahtzee_boxes", {"dice": [6, 6, 6, 6, 6], "box": "fullhouse", "upper": []},
         {"points": 25}, "yahtzee.boxes"),
    ]
    for lesson_id, kind, question, answer, rule in cases:
        checked = verdict(kind, question, answer)
        assert not checked.correct
        assert rule in get(lesson_id).rules
        assert rule_of(get(lesson_id), kind, question, checked) == rule, lesson_id


def test_every_rule_has_a_name_in_the_messages():
    """The teacher's report and the parents' view name each rule (path.rule_title) by a message of its own."""
    from webapp.learn.messages import MESSAGES

    assert {path.rule_title(rule) for rule in path.RULES} <= set(MESSAGES)
    assert path.rule_title("skat.trumps.grand") == "learn.rule.skat.trumps.grand"
