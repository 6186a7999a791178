"""The browser game's state machine (webapp/games/pokerface/game.py) and the engine's typed errors.

Rules (seed 003): five cards each; the player may give away cards and draws as
many from the top of the deck, seats in order (the child is seat 0, dealt and
served first); then takes 0 to 3 extra cards; then shows five of the cards held;
the best hand scores a point; a game has 10 rounds. Expected values here come
from the seed and from the contest's own round (an independent implementation),
never from the state machine itself.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.core.steps import RuleInputError
from webapp.games.pokerface import rules as pf
from webapp.games.pokerface.contest.players import BotFailure, InProcessPlayer, parse_reveal
from webapp.games.pokerface.contest.strategies import Strategy
from webapp.games.pokerface.contest.tournament import play_round
from webapp.games.pokerface.game import (TABLE, Best, Exchange, Extras, Game, Hint, NewGame, Next, Phase, Reveal,
                                         Round, Select, Toggle)

NAMES = ("You", "Leo", "Mia", "Ben")


def play(game: Game, *actions) -> Game:
    for action in actions:
        game = game.apply(action)
    return game


def finished(seed: str = "t", give=(0,), extras: int = 3) -> Game:
    """A game at the showdown of round 1: gives ``give``, takes ``extras``, shows the best five."""
    return play(Game.new(seed), *map(Toggle, give), Exchange(), Extras(extras), Best(), Reveal())


# --- the phases of a round (seed 003: exchange, extra cards, reveal, showdown) --------------------
def test_a_round_goes_through_the_four_phases_in_order():
    game = Game.new("order")
    phases = [game.phase]
    for action in (Exchange(), Extras(2), Best(), Reveal()):
        game = game.apply(action)
        phases.append(game.phase)
    assert phases == ["exchange", "extras", "reveal", "reveal", "showdown"]  # Best only selects
    assert [p.value for p in Phase] == ["exchange", "extras", "reveal", "showdown"]  # the values the pages use


def test_held_cards_follow_the_deal_the_exchange_and_the_extras():
    """Seat 0 is dealt the top five cards and draws its replacements first, straight after the deal of 4 x 5."""
    deck = pf.shuffled_deck("deal:1")
    game = Game.new("deal")
    assert game.held == tuple(deck[:5])
    game = play(game, Toggle(1), Toggle(3), Exchange())
    assert game.held == (deck[0], deck[2], deck[4], deck[20], deck[21])  # kept in order, then the new cards
    game = game.apply(Extras(3))
    assert len(game.held) == 8 and game.held[:5] == (deck[0], deck[2], deck[4], deck[20], deck[21])
    assert not set(game.held[5:]) & set(deck[:22])


def test_apply_returns_a_new_state_and_keeps_the_old_one():
    game = Game.new("frozen")
    after = game.apply(Toggle(2))
    assert game.selected == () and after.selected == (2,)
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.hint = False  # type: ignore[misc]


def test_toggle_selects_and_puts_back_in_click_order():
    game = play(Game.new("toggle"), Toggle(3), Toggle(0), Toggle(4), Toggle(0))
    assert game.selected == (3, 4)


def test_hint_and_new_game_keep_or_clear_what_they_should():
    game = play(Game.new("hint"), Toggle(1), Hint())
    assert game.hint is False and game.selected == (1,)
    fresh = game.apply(NewGame("other"))
    assert fresh.seed == "other" and fresh.number == 1 and fresh.selected == () and fresh.hint is False


def test_best_selects_the_best_five_of_the_held_cards():
    """By brute force over every five of the eight cards (standard hand ranking)."""
    game = play(Game.new("best"), Exchange(), Extras(3), Best())
    best = min(pf.evaluate(five) for five in itertools.combinations(game.held, 5))
    assert len(game.selected) == 5 and pf.evaluate([game.held[i] for i in game.selected]) == best


def test_ten_rounds_then_the_game_is_over():
    """Seed 003: a game has 10 rounds; each round gives at least one point."""
    game = Game.new("ten")
    for number in range(1, 11):
        assert game.number == number and not game.over
        game = play(game, Exchange(), Extras(0), Best(), Reveal())
        if number < 10:
            game = game.apply(Next())
    assert game.over
    points, outcomes = game.scores(NAMES)
    assert len(outcomes) == 10 and 10 <= sum(points) <= 40
    with pytest.raises(pf.NotationError):
        game.apply(Next())


# --- typed errors -------------------------------------------------------------------------------
def test_notation_error_and_rule_violation_are_distinct_input_errors():
    assert issubclass(pf.NotationError, RuleInputError) and issubclass(pf.RuleViolation, RuleInputError)
    assert not issubclass(pf.NotationError, pf.RuleViolation) and not issubclass(pf.RuleViolation, pf.NotationError)


@pytest.mark.parametrize("action", [Extras(1), Best(), Reveal(), Next()])
def test_an_action_of_another_phase_is_a_notation_error(action):
    with pytest.raises(pf.NotationError):
        Game.new("phase").apply(action)


@pytest.mark.parametrize("count", [-1, 4, 8])
def test_more_than_three_extra_cards_is_a_notation_error(count):
    """Seed 003: at most three extra cards."""
    with pytest.raises(pf.NotationError):
        Game.new("extras").apply(Exchange()).apply(Extras(count))


@pytest.mark.parametrize("index", [5, 7, -1])
def test_a_card_past_the_five_dealt_cannot_be_selected_or_given(index):
    game = Game.new("range")
    with pytest.raises(pf.NotationError):
        game.apply(Toggle(index))
    with pytest.raises(pf.NotationError):
        game.apply(Select(index))


def test_a_sixth_card_to_show_and_showing_four_are_rule_violations():
    """Seed 003: the player shows exactly five of the cards held."""
    game = play(Game.new("five"), Exchange(), Extras(3), *map(Toggle, range(5)))
    with pytest.raises(pf.RuleViolation) as info:
        game.apply(Toggle(5))
    assert info.value.step.code == "poker.error.five"
    with pytest.raises(pf.RuleViolation) as info:
        game.apply(Toggle(0)).apply(Reveal())
    assert info.value.step.as_dict() == {"count": 4, "needed": "5"}
    assert game.apply(Toggle(0)).apply(Toggle(7)).apply(Reveal()).phase is Phase.SHOWDOWN


def test_select_restores_a_selection_without_the_limit_and_idempotently():
    game = play(Game.new("select"), Exchange(), Extras(1), *map(Select, (5, 0, 5, 1, 2, 3, 4)))
    assert game.selected == (5, 0, 1, 2, 3, 4)  # six: a link may say so; showing them is refused
    with pytest.raises(pf.RuleViolation):
        game.apply(Reveal())


def test_bots_decide_cheat_or_garbage_by_the_error_type():
    held = pf.parse_cards("SA SK SQ SJ ST")
    with pytest.raises(BotFailure) as info:
        parse_reveal("SA SK SQ SJ H2", held)  # a card not held: a rule violation (seed 003: a cheat)
    assert info.value.kind == "cheat"
    for line in ("SA SK SQ SJ", "SA SK SQ SJ XX", "SA SA SK SQ SJ"):
        with pytest.raises(BotFailure) as info:
            parse_reveal(line, held)
        assert info.value.kind == "garbage"


# --- links: the moves as stored, old tokens ----------------------------------------------------
def test_moves_round_trip_in_the_link_format():
    """The token format of the browser game: per round [give, extras, shown] as far as made."""
    stored = [[[0, 3], 2, [0, 1, 2, 4, 6]], [[], 0, [0, 1, 2, 3, 4]], [[1]]]
    game = Game.from_moves("link", stored, hint=False)
    assert game.moves() == stored and game.number == 3 and game.phase is Phase.EXTRAS and game.hint is False


@pytest.mark.parametrize("stored", [
    [], [[[0], 1]] + [[]], [[[5]]], [[[1, 0]]], [[[0], 4]], [[[0], 0, [0, 1, 2, 3]]], [[[0], 0, [0, 1, 2, 3, 5]]],
    [[[], 0, [0, 1, 2, 3, 4], []]], [[[], 0, [0, 1, 2, 3, 4]]] * 11, [["x"]], [[1]], [7], {"a": 1}, 3, [[[0], [1]]],
])
def test_links_no_game_could_make_are_notation_errors(stored):
    with pytest.raises(pf.NotationError):
        Game.from_moves("bad", stored)


def test_a_round_knows_its_phase_and_size_without_dealing():
    assert Round("r:1").phase is Phase.EXCHANGE and Round("r:1", (), 3).size == 8
    with pytest.raises(pf.NotationError):
        Round("r:1", None, 2)  # extras before the exchange


# --- the same round as the contest plays it --------------------------------------------------------
class Scripted(Strategy):
    """The child's seat for the contest's round: fixed moves."""

    def __init__(self, give, extras, shown):
        self.give, self.count, self.shown = give, extras, shown

    def exchange(self, hand):
        return self.give

    def extras(self, hand):
        return self.count

    def reveal(self, held):
        return tuple(held[i] for i in self.shown)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.text(max_size=6), give=st.sets(st.integers(0, 4)), extras=st.integers(0, 3), data=st.data())
def test_a_round_matches_the_contest_round_with_the_same_bots(seed, give, extras, data):
    """The contest's play_round (seed 003's four steps, seat order) is the reference for the child's table."""
    shown = sorted(data.draw(st.sets(st.integers(0, 4 + extras), min_size=5, max_size=5)))
    game = play(Game.new(seed), *map(Toggle, sorted(give)), Exchange(), Extras(extras), *map(Toggle, shown), Reveal())
    players = [InProcessPlayer(Scripted(tuple(sorted(give)), extras, shown), NAMES[0])]
    players += [InProcessPlayer(strategy(), name) for name, strategy in TABLE]
    reference = play_round(players, f"{seed}:1")
    outcome = game.round.outcome(NAMES)
    assert not reference.failures
    assert outcome.held == reference.held and game.held == reference.held[0]
    assert outcome.showdown == reference.showdown and outcome.winners == reference.winners


# --- the evaluator object owns its tables ------------------------------------------------------------
def brute_force_rank(cards) -> int:
    """Standard poker: the best five of the cards (the 5-card evaluator over every five)."""
    return min(pf.evaluate5(*five) for five in itertools.combinations(cards, 5))


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.sampled_from(pf.DECK), min_size=5, max_size=8, unique=True))
def test_an_evaluator_object_ranks_the_best_five(cards):
    evaluator = pf.default_evaluator()
    assert evaluator.evaluate(cards) == brute_force_rank(cards) == pf.evaluate(cards)
    assert evaluator.best_five(cards) == pf.best_five(cards)


def test_a_five_card_evaluator_takes_five_cards_only():
    evaluator = pf.Evaluator(max_cards=5)
    hand = pf.parse_cards("SA HA D7 C7 DK")
    assert evaluator.evaluate(hand) == evaluator.evaluate5(*hand) == pf.evaluate5(*hand)
    with pytest.raises(KeyError):
        evaluator.evaluate(hand + pf.parse_cards("S2"))
    for size in (4, 9):
        with pytest.raises(ValueError):
            pf.Evaluator(max_cards=size)


def test_an_evaluator_is_immutable_and_the_default_is_shared():
    evaluator = pf.Evaluator(max_cards=5)
    with pytest.raises(AttributeError):
        evaluator.evaluate = len  # type: ignore[misc]
    assert pf.default_evaluator() is pf.default_evaluator() and pf.default_evaluator(5) is pf.default_evaluator(5)


PROBE = """
from webapp.games.pokerface import rules as pf
print(pf.evaluate(pf.parse_cards("SA SK SQ SJ ST S9 H2 D3")))
"""


def test_no_cache_file_unless_the_caller_names_a_folder(tmp_path):
    """The default evaluator writes nothing without $KARTENSCHULE_CACHE_DIR, not even in ~/.cache."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "KARTENSCHULE_CACHE_DIR"}
    env.update(HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "xdg"))
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"  # the royal flush, found among eight cards
    assert list(tmp_path.iterdir()) == []
    folder = tmp_path / "cache"
    first = pf.Evaluator(cache_folder=folder)
    assert [p.name for p in folder.iterdir()] == [pf.CACHE_NAME]
    second = pf.Evaluator(cache_folder=folder)  # loaded
    hand = pf.parse_cards("H4 D4 C4 DA SA S2 S3")
    assert first.evaluate(hand) == second.evaluate(hand) == brute_force_rank(hand)


def test_every_reason_is_a_message_code_and_errors_carry_it():
    from webapp.catalogue import MESSAGES

    assert all(isinstance(reason, str) and reason.value in MESSAGES for reason in pf.Reason)
    with pytest.raises(pf.NotationError) as info:
        pf.parse_card("XX")
    assert info.value.step.code is pf.Reason.UNKNOWN and info.value.step.code == "poker.error.unknown"
