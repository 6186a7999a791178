"""The Tichu engine's typed state: trick lessons played by actions, typed errors, typed reasons.

Rules: the official Tichu rulebook (Fata Morgana) and its FAQ ("Mah Jong",
"Dragon", "Dog", "Bombs", "Passing", "Scoring"); the lessons' hands are those of
:data:`webapp.games.tichu.lessons.LESSONS`, and the expected ends below are worked
out by hand from those rules and the bots' documented strategy (lowest single
that beats an opponent, never beat the partner, fulfil the wish, bomb an
opponent's Dragon out of turn).
"""

from __future__ import annotations

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.core.steps import RuleInputError, Step
from webapp.games.tichu.lessons import CHILD, LESSONS, GiveDragon, LessonState, Pass, Play
from webapp.games.tichu.rules import ErrorCode, Reason, judge, judge_pass, parse_play
from webapp.games.tichu.trick import IllegalMove, RuleViolation, Trick, TrickError, TrickStep


def cards(text: str):
    return parse_play(text)


# --- Lessons played by actions -------------------------------------------------------
def test_full_lesson_ends_with_the_bombed_dragon():
    """Rulebook "Mah Jong" and "Bombs": the child leads the Mah Jong wishing an 8; player 2 must play
    his 8, player 3 the 10, player 4 the Ace; the child's Dragon is bombed out of turn by player 4
    with four 5s, everybody passes, and player 4 takes the trick: Dragon 25 + 10 + four 5s = 55 points
    (rulebook "Scoring"); a bombed Dragon is not given away."""
    state = LessonState.start(LESSONS["full"])
    assert state.trick.to_move == CHILD and state.trick.moves == ()
    state = state.apply(Play(cards("1"), wish=8))
    assert [str(m.cards[0]) for m in state.trick.moves[1:]] == ["8r", "0b", "Ab"]
    state = state.apply(Play(cards("R")))
    bomb = state.trick.moves[-1]
    assert bomb.seat == 3 and bomb.out_of_turn and bomb.combination.is_bomb
    state = state.apply(Pass())
    assert state.trick.is_over and not state.trick.needs_gift
    result = state.result
    assert (result.winner, result.taker, result.points, result.next_lead) == (3, 3, 55, 3)
    assert Step(TrickStep.BOMB_WINS, seat=4) in result.steps
    assert len(state.actions) == 3


def test_the_url_route_reaches_the_same_end():
    """The view replays its URL moves through the same engine: same trick, same result."""
    from webapp.games.tichu.play_views import replay

    by_url = replay(LESSONS["full"], ["1:w8", "R", "pass"])
    by_actions = LessonState.start(LESSONS["full"])
    for action in (Play(cards("1"), wish=8), Play(cards("R")), Pass()):
        by_actions = by_actions.apply(action)
    assert by_url.problem is None and by_url.moves == ["1:w8", "R", "pass"]
    assert by_url.lesson == by_actions
    assert by_url.lesson.result == by_actions.result


def test_dog_hands_the_lead_to_the_partner():
    """Rulebook "Dog": the Dog ends the trick at once and the partner (seat 2) leads."""
    state = LessonState.start(LESSONS["dog"]).apply(Play(cards("D")))
    assert state.trick.is_over and state.result.next_lead == 2 and state.result.points == 0


def test_dragon_trick_goes_to_an_opponent():
    """Rulebook "Dragon": the child's Dragon wins (nobody holds a bomb), so the child gives the trick,
    the led 5 and the Dragon (30 points), to an opponent; never to the partner."""
    state = LessonState.start(LESSONS["dragon"]).apply(Play(cards("R")))
    assert state.trick.needs_gift and state.result is None
    with pytest.raises(RuleViolation) as error:
        state.apply(GiveDragon(2))
    assert error.value.step.code is TrickError.GIFT and not isinstance(error.value, IllegalMove)
    given_away = state.apply(GiveDragon(1))
    assert (given_away.gift, given_away.result.taker, given_away.result.points) == (1, 1, 30)


# --- Typed errors leave the state unchanged -------------------------------------------
def test_wish_must_be_fulfilled_and_the_state_stays():
    """Rulebook "Mah Jong": player 4 led the Mah Jong wishing a 9; the child holds the 9 of Jade, so
    the child may neither play the Queen nor pass."""
    state = LessonState.start(LESSONS["wish"])
    with pytest.raises(IllegalMove) as error:
        state.apply(Play(cards("Qk")))
    assert error.value.verdict.reason is Reason.WISH_NOT_FULFILLED
    with pytest.raises(IllegalMove) as error:
        state.apply(Pass())
    assert error.value.verdict.reason is Reason.WISH_PASS
    assert state == LessonState.start(LESSONS["wish"]) and state.actions == () and state.verdict is None
    played = state.apply(Play(cards("9g")))
    assert played.verdict is not None and played.verdict.legal and played.trick.wish is None


def test_no_play_after_the_trick_and_cards_not_in_hand():
    """A finished trick takes only the Dragon's gift (rulebook: end of a trick); a card the hand lacks
    is bad input, not a rule violation."""
    over = LessonState.start(LESSONS["dog"]).apply(Play(cards("D")))
    for action in (Pass(), Play(cards("7g"))):
        with pytest.raises(RuleViolation) as error:
            over.apply(action)
        assert error.value.step.code is TrickError.TRICK_OVER
    with pytest.raises(RuleViolation):
        over.apply(GiveDragon(1))  # only a Dragon trick is given away
    start = LessonState.start(LESSONS["dog"])
    with pytest.raises(RuleInputError) as error:
        start.apply(Play(cards("A")))
    assert not isinstance(error.value, RuleViolation) and error.value.step.code is ErrorCode.NOT_IN_HAND


actions = st.lists(
    st.one_of(
        st.just(Pass()),
        st.sampled_from([1, 2, 3, 0, -1]).map(GiveDragon),
        st.sampled_from(["1", "R", "D", "9g", "Qk", "3g", "Kk", "7g", "4b5b6b7b8b", "Jr", "RK", "4b"]).map(
            lambda t: Play(cards(t))
        ),
        st.sampled_from(range(2, 15)).map(lambda w: Play(cards("1"), wish=w)),
    ),
    max_size=6,
)


@settings(max_examples=examples(150), deadline=None)
@given(st.sampled_from(sorted(LESSONS)), actions)
def test_any_actions_give_a_new_state_or_a_typed_error(key, moves):
    """Each action either gives a new state, where the child is in turn or the trick is over (the bots
    answered), or raises a RuleInputError and leaves the state as it was (frozen states)."""
    state = LessonState.start(LESSONS[key])
    for action in moves:
        try:
            after = state.apply(action)
        except RuleInputError:
            again = LessonState.start(LESSONS[key])
            for done in state.actions:  # the refused action left no trace: replaying gives the same state
                again = again.apply(done)
            assert state == again
            continue
        assert after.trick.is_over or after.trick.to_move == CHILD
        assert after.actions == state.actions + (action,)
        held = sum(len(h) for h in after.trick.hands) + len(after.trick.cards)
        assert held == sum(len(cards(h)) for h in LESSONS[key].hands)  # no card lost or made
        state = after


# --- Typed reasons ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "previous, play, reason",
    [
        ("JJ", "QQ", Reason.HIGHER),  # seed 001: same kind, higher
        ("JJ", "QQKK", Reason.KIND),
        ("R", "P", Reason.PHOENIX_DRAGON),  # rulebook "Phoenix": not above the Dragon
        ("", "D", Reason.LEAD),
        ("5", "D", Reason.DOG_NOT_LEAD),  # rulebook "Dog": only on lead
        ("", "77J", Reason.NO_COMBINATION),
    ],
)
def test_verdict_reasons_are_enum_members_and_their_codes(previous, play, reason):
    verdict = judge(cards(previous), cards(play))
    assert verdict.reason is reason and isinstance(verdict.reason, str)
    assert verdict.reason in [s.code for s in verdict.steps]
    assert Step(reason) == Step(reason.value)  # a member is its message code


@pytest.mark.parametrize(
    "previous, hand, legal, reason",
    [
        ("5", None, True, Reason.PASS),  # rulebook "Passing": always allowed on a trick
        ("", None, False, Reason.PASS_ON_LEAD),
        ("5", "9", False, Reason.WISH_PASS),  # rulebook "Mah Jong": the 9 is wished and can be played
    ],
)
def test_pass_is_legal_exactly_for_the_pass_reason(previous, hand, legal, reason):
    verdict = judge_pass(cards(previous), wish=9, hand=cards(hand) if hand else None)
    assert verdict.reason is reason and verdict.legal is legal


def test_a_bomb_that_wins_a_trick_without_the_dragon_says_nothing_of_the_dragon():
    """Rulebook "Bombs": a bomb wins the trick. Only when a Dragon was in it is the trick not given away, so the
    sentence about the bombed Dragon belongs to that case alone (it was said after every winning bomb)."""
    trick = Trick.deal([cards("5"), cards("9999"), cards("2"), cards("3")], leader=0)
    trick = trick.play(0, cards("5")).play(1, cards("9999"))
    for seat in (2, 3, 0):
        if not trick.is_over:
            trick = trick.pass_(seat)
    result = trick.result()
    assert Step(TrickStep.BOMB_WINS_PLAIN, seat=2) in result.steps
    assert Step(TrickStep.BOMB_WINS, seat=2) not in result.steps
