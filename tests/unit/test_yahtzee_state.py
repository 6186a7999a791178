"""The Yahtzee turn as a state machine (seed 004, which follows the official Hasbro rules:
up to 3 rolls a turn, dice kept between rolls, then exactly one free box; 13 turns a game),
its typed errors, and the joker modes as a StrEnum.

Expected values are written from the rules, not taken from the engine.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.core.steps import RuleInputError
from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee.turn import Keep, NotationError, Place, Roll, RuleViolation, Turn

C = y.Category


def rolled(*dice: int, card: str = "") -> Turn:
    """A turn after its first roll showing ``dice`` on ``card``."""
    return Turn(y.parse_card(card)).apply(Roll(dice))


# --- the two error types ----------------------------------------------------------------

def test_both_error_types_are_rule_input_errors_and_distinct():
    assert issubclass(NotationError, RuleInputError) and issubclass(RuleViolation, RuleInputError)
    assert not issubclass(NotationError, RuleViolation) and not issubclass(RuleViolation, NotationError)


def test_parsing_raises_notation_errors_and_a_filled_box_a_rule_violation():
    with pytest.raises(NotationError):
        y.parse_dice("12347")
    with pytest.raises(NotationError):
        y.parse_category("bananas")
    with pytest.raises(NotationError):
        y.parse_card("aces=6")  # Aces holds 0..5, never 6
    with pytest.raises(RuleViolation):
        y.parse_card("chance=20").place(C.CHANCE, (1, 2, 3, 4, 5))


# --- rolls: at most three a turn (seed 004) ----------------------------------------------------

def test_three_rolls_then_no_fourth():
    turn = Turn()
    assert turn.to_roll == 5
    for faces in [(1, 2, 3, 4, 5), (6, 6, 6, 6, 6), (2, 2, 2, 2, 2)]:
        turn = turn.apply(Roll(faces))
    assert turn.rolls == 3 and turn.dice == (2, 2, 2, 2, 2) and turn.to_roll == 0
    with pytest.raises(RuleViolation) as caught:
        turn.apply(Roll(()))
    assert caught.value.step.code == "yahtzee.web.no_rolls"


def test_kept_dice_stay_and_the_others_take_the_new_faces_in_order():
    turn = rolled(1, 2, 3, 4, 5).apply(Keep(1)).apply(Keep(3))
    assert turn.to_roll == 3
    turn = turn.apply(Roll((6, 5, 4)))
    assert turn.dice == (6, 2, 5, 4, 4) and turn.rolls == 2
    assert turn.kept == (False, True, False, True, False)  # still kept for the third roll


def test_keeping_is_a_toggle():
    turn = rolled(3, 3, 3, 1, 2).apply(Keep(4)).apply(Keep(4))
    assert turn.kept == (False,) * 5 and turn.to_roll == 5


def test_the_first_roll_of_a_turn_rolls_all_five_dice():
    assert Turn().to_roll == 5
    with pytest.raises(NotationError) as caught:
        Turn().apply(Roll((1, 2, 3)))
    assert caught.value.step.code == "yahtzee.error.count"


@pytest.mark.parametrize("faces", [(0, 1, 2, 3, 4), (1, 2, 3, 4, 7), (1, 2, 3, 4, True)])
def test_a_roll_needs_faces_one_to_six(faces):
    with pytest.raises(NotationError) as caught:
        Turn().apply(Roll(faces))
    assert caught.value.step.code == "yahtzee.error.die"


# --- keeping and placing need a roll first ---------------------------------------------------------

@pytest.mark.parametrize("move", [Keep(0), Place(C.CHANCE), Place("chance"), Place("bananas")])
def test_nothing_but_a_roll_before_the_first_roll(move):
    with pytest.raises(RuleViolation) as caught:
        Turn().apply(move)
    assert caught.value.step.code == "yahtzee.web.roll_first"


def test_no_keeping_after_the_third_roll():
    turn = rolled(1, 1, 1, 1, 2).apply(Roll((3, 4, 5, 6, 6))).apply(Roll((1, 1, 1, 1, 1)))
    with pytest.raises(RuleViolation) as caught:
        turn.apply(Keep(0))
    assert caught.value.step.code == "yahtzee.web.no_rolls"


@pytest.mark.parametrize("index", [-1, 5, True, "0"])
def test_a_die_position_outside_0_to_4_is_a_notation_error(index):
    with pytest.raises(NotationError):
        rolled(1, 2, 3, 4, 5).apply(Keep(index))


def test_a_bad_box_name_after_a_roll_is_a_notation_error():
    with pytest.raises(NotationError) as caught:
        rolled(1, 2, 3, 4, 5).apply(Place("bananas"))
    assert caught.value.step.code == "yahtzee.error.category"


# --- placing ends the turn ---------------------------------------------------------------------------

def test_placing_fills_the_box_and_starts_the_next_turn():
    turn = rolled(2, 2, 3, 3, 3).apply(Keep(0)).apply(Place("fullhouse"))
    assert turn.card.get(C.FULL_HOUSE) == 25  # seed 004: Full House scores 25
    assert (turn.dice, turn.kept, turn.rolls, turn.card.turn) == ((), (False,) * 5, 0, 2)


def test_a_filled_box_is_a_rule_violation_and_the_state_is_unchanged():
    turn = rolled(1, 2, 3, 4, 5, card="chance=20")
    with pytest.raises(RuleViolation) as caught:
        turn.apply(Place(C.CHANCE))
    assert caught.value.step.code == "yahtzee.error.taken"
    assert turn.card.get(C.CHANCE) == 20 and turn.rolls == 1


def test_the_forced_joker_rule_forbids_other_boxes():
    # Hasbro rules: a further Yahtzee must go in the upper box of its face while it is free
    turn = rolled(4, 4, 4, 4, 4, card="yahtzee=50")
    with pytest.raises(RuleViolation) as caught:
        turn.apply(Place("chance"))
    assert caught.value.step.code == "yahtzee.joker.not_here"
    assert turn.apply(Place("fours")).card.total == 50 + 20 + 100


def test_free_joker_mode_lets_the_yahtzee_go_anywhere():
    turn = Turn(y.parse_card("yahtzee=50"), joker=y.JokerRule.FREE).apply(Roll((4,) * 5))
    assert turn.apply(Place("chance")).card.get(C.CHANCE) == 20


# --- 13 turns a game --------------------------------------------------------------------------------

def test_thirteen_turns_fill_the_card_and_then_nothing_is_allowed():
    rng = random.Random(4)
    turn = Turn()
    for number in range(1, 14):
        assert not turn.is_over and turn.card.turn == number
        turn = turn.apply(Roll(tuple(rng.randint(1, 6) for _ in range(5))))
        turn = turn.apply(Place(y.legal_categories(turn.dice, turn.card)[0]))
    assert turn.is_over and len(turn.card.boxes) == 13 and turn.to_roll == 0
    for move in (Roll((1, 2, 3, 4, 5)), Keep(0), Place(C.CHANCE)):
        with pytest.raises(RuleViolation) as caught:
            turn.apply(move)
        assert caught.value.step.code == "yahtzee.web.over"


# --- the state is frozen and checked ------------------------------------------------------------------

def test_the_state_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Turn().rolls = 2  # type: ignore[misc]


@pytest.mark.parametrize("fields", [
    {"rolls": 4}, {"rolls": -1}, {"rolls": 1}, {"dice": (1, 2, 3, 4, 5)},
    {"dice": (1, 2, 3, 4), "rolls": 1}, {"dice": (1, 2, 3, 4, 9), "rolls": 1}, {"kept": (True,) * 4},
])
def test_an_inconsistent_state_cannot_be_built(fields):
    with pytest.raises(ValueError):
        Turn(**fields)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.one_of(
    st.tuples(st.just("roll"), st.lists(st.integers(1, 6), min_size=5, max_size=5)),
    st.tuples(st.just("keep"), st.integers(-1, 5)),
    st.tuples(st.just("place"), st.sampled_from(list(C))),
), max_size=60))
def test_any_sequence_of_moves_keeps_the_rules(moves):
    """Whatever is tried, a state never has more than 3 rolls, the score card only grows
    by one box a turn, kept dice stay, and a move is refused exactly when the rules say so."""
    turn = Turn()
    for kind, arg in moves:
        move = Roll(tuple(arg[:turn.to_roll])) if kind == "roll" else Keep(arg) if kind == "keep" else Place(arg)
        before = turn
        if kind == "roll":
            allowed = before.rolls < 3
        elif kind == "keep":
            allowed = 0 <= arg <= 4 and 1 <= before.rolls <= 2
        else:
            allowed = before.rolls >= 1 and arg in y.legal_categories(before.dice, before.card)
        allowed = allowed and len(before.card.boxes) < 13  # 13 turns, then the game is over
        try:
            turn = turn.apply(move)
        except RuleInputError as error:
            bad_index = kind == "keep" and not 0 <= arg <= 4 and not before.is_over
            assert isinstance(error, NotationError if bad_index else RuleViolation)
            assert not allowed
            continue
        assert allowed
        assert 0 <= turn.rolls <= 3
        if kind == "place":
            assert len(turn.card.boxes) == len(before.card.boxes) + 1 and turn.rolls == 0
        else:
            assert turn.card == before.card
        if kind == "roll":
            assert turn.rolls == before.rolls + 1
            assert all(a == b for a, b, k in zip(before.dice, turn.dice, turn.kept) if k)


# --- joker modes --------------------------------------------------------------------------------------

def test_joker_modes_are_a_str_enum_with_the_old_names():
    assert [m.value for m in y.JokerRule] == ["forced", "free"]
    assert y.FORCED == "forced" and y.FREE == "free" and isinstance(y.FORCED, str)
    assert y.JokerRule("free") is y.JokerRule.FREE and f"yahtzee-{y.FORCED}" == "yahtzee-forced"


# --- the strategy-table store: owned, one background computation at a time ------------------------------

def test_the_worker_pool_of_a_table_computation_is_bounded():
    from webapp.games.yahtzee import strategy as ys
    from webapp.games.yahtzee.table import TableStore

    for bad in (0, ys.MAX_WORKERS + 1, 2.0, True):
        with pytest.raises(ValueError):
            ys.compute_table(workers=bad, within=0)
        with pytest.raises(ValueError):
            TableStore("unused", workers=bad)


def test_a_store_computes_missing_tables_one_at_a_time_in_one_thread(tmp_path, monkeypatch):
    import threading

    from webapp.games.yahtzee import table as yt

    running, most, calls = [0], [0], []
    release = threading.Event()

    def slow_table(joker, progress=None, **kwargs):
        running[0] += 1
        most[0] = max(most[0], running[0])
        calls.append(joker)
        release.wait(5)
        running[0] -= 1
        raise OSError("no disk")  # nothing is written; the error is kept for the page

    monkeypatch.setattr(yt.ys, "compute_table", slow_table)
    store = yt.TableStore(tmp_path)
    before = threading.active_count()
    for _ in range(20):  # twenty page views while the tables are missing
        assert store.strategy(y.FORCED) is None and store.strategy("free") is None
    assert threading.active_count() <= before + 1  # one worker thread, not one a request
    release.set()
    assert store.wait(timeout=10)
    assert calls == [y.FORCED, y.FREE] and most[0] == 1
    assert set(store.errors) == {y.FORCED, y.FREE}


def test_each_app_owns_its_table_stores():
    from flask import Flask

    from webapp.games.yahtzee import table as yt
    from webapp.games.yahtzee import views

    first, second = Flask("first"), Flask("second")
    for app in (first, second):
        app.register_blueprint(views.bp)  # the blueprint gives the app its stores
    stores = first.extensions[yt.EXTENSION]
    assert isinstance(stores, yt.TableStores) and stores is not second.extensions[yt.EXTENSION]
    assert stores.for_folder("somewhere") is stores.for_folder("somewhere")
    assert stores.for_folder("somewhere") is not second.extensions[yt.EXTENSION].for_folder("somewhere")
