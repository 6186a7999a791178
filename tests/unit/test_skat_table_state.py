"""The Skat table state machine: deal, skat, declaration, trick play and score (ISkO 3-5), and the bots."""

from __future__ import annotations

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.catalogue import MESSAGES
from webapp.core.steps import NotationError, RuleViolation
from webapp.games.skat import official
from webapp.games.skat.bots import bot_move
from webapp.games.skat.official import Announcement, Declaration, GameType, Outcome
from webapp.games.skat.play import CardRefused, Reason, Seat
from webapp.games.skat.rules import DECK, parse_cards
from webapp.games.skat.table import (
    Bid, Declare, Discard, Hold, Pass, Phase, PickUp, Play, PlayHand, ScoreSheet, TableState, deal, dealer_of,
    declaration_check, seat_of,
)

# Card points written out here (ISkO 1.2.2): A 11, 10 10, K 4, Q 3, J 2, 9 8 7 nothing.
POINTS = {"A": 11, "0": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def points(cards) -> int:
    return sum(POINTS[str(c)[0]] for c in cards)


def bot_game(seed: int, number: int = 1) -> TableState:
    state = deal(seed, number)
    while state.to_act is not None:
        move = bot_move(state)
        if state.phase in (Phase.AUCTION, Phase.PLAY, Phase.SKAT):
            assert move.action in state.legal_actions()
        assert move.steps and all(step.code in MESSAGES for step in move.steps)
        state = state.apply(move.action)
    return state


def test_deal_is_reproducible_and_complete():
    """3 x 10 cards and a skat of 2 (ISkO 3.1); the same seed and game number give the same deal."""
    first, again, other = deal(11), deal(11), deal(11, 2)
    assert first == again and first.hands != other.hands
    cards = [c for h in first.hands for c in h] + list(first.skat)
    assert sorted(map(str, cards)) == sorted(map(str, DECK))
    assert [len(h) for h in first.hands] == [10, 10, 10] and len(first.skat) == 2
    with pytest.raises(NotationError):
        deal(1, 0)


def test_the_dealer_moves_on_each_game():
    """The deal passes to the left; forehand sits left of the dealer (ISkO 3.2)."""
    assert [dealer_of(n) for n in (1, 2, 3, 4)] == [2, 0, 1, 2]
    assert [seat_of(0, n) for n in (1, 2, 3)] == [Seat.FOREHAND, Seat.REARHAND, Seat.MIDDLEHAND]
    for number in (1, 2, 3):
        assert sorted(seat_of(p, number).value for p in range(3)) == [0, 1, 2]


def declared(seed: int = 5, game: GameType = GameType.GRAND, hand: bool = False) -> TableState:
    """Middlehand bids 18, the others pass; then the skat and a declaration."""
    state = deal(seed).apply(Bid(18)).apply(Pass()).apply(Pass())
    assert state.phase is Phase.SKAT and state.declarer is Seat.MIDDLEHAND
    if hand:
        return state.apply(PlayHand()).apply(Declare(game))
    state = state.apply(PickUp())
    cards = state.hands[Seat.MIDDLEHAND.value]
    assert len(cards) == 12
    return state.apply(Discard((cards[0], cards[1]))).apply(Declare(game))


def test_discarded_cards_count_for_the_declarer():
    """ISkO 3.3: the two cards put away count for the declarer."""
    state = declared()
    assert state.phase is Phase.PLAY and len(state.hands[Seat.MIDDLEHAND.value]) == 10
    assert state.points_of(True) == points(state.discarded)
    assert state.to_act is Seat.FOREHAND  # forehand leads the first trick (ISkO 4.1)


def test_hand_game_keeps_the_skat_down():
    state = declared(hand=True)
    assert state.discarded == state.skat and state.declaration.hand


def test_declarations_refused_as_the_isko_says():
    """ISkO 5.2.5/5.2.6: announcements and suit Ouvert only in hand games; Null below the bid may not be declared."""
    state = deal(5).apply(Bid(18)).apply(Pass()).apply(Pass()).apply(PickUp())
    cards = state.hands[1]
    state = state.apply(Discard((cards[0], cards[1])))
    for action in (Declare(GameType.CLUBS, announced=Announcement.SCHNEIDER), Declare(GameType.GRAND, ouvert=True)):
        with pytest.raises(RuleViolation):
            state.apply(action)
    assert Declare(GameType.NULL, ouvert=True) in state.legal_actions()
    high = deal(5).apply(Bid(36)).apply(Pass()).apply(Pass()).apply(PlayHand())
    with pytest.raises(RuleViolation):
        high.apply(Declare(GameType.NULL))  # Null Hand is worth 35 (ISkO 5.1.2), below the bid of 36
    assert Declare(GameType.NULL, ouvert=True) in high.legal_actions()  # Null Ouvert Hand: 59


def test_moves_out_of_phase_and_bad_discards():
    state = deal(5)
    with pytest.raises(RuleViolation):
        state.apply(PickUp())
    picked = state.apply(Bid(18)).apply(Pass()).apply(Pass()).apply(PickUp())
    with pytest.raises(NotationError):
        picked.apply(Discard((picked.hands[1][0], picked.hands[1][0])))
    outside = next(c for c in DECK if c not in picked.hands[1])
    with pytest.raises(RuleViolation):
        picked.apply(Discard((picked.hands[1][0], outside)))


def test_a_card_that_may_not_be_played_is_refused_with_its_reason():
    """ISkO 2.3: a player who holds the led suit must follow it; the refusal names the rule."""
    state = declared(game=GameType.GRAND)
    lead = state.hands[0][0]
    state = state.apply(Play(lead))
    hand = state.hands[1]
    legal = {a.card for a in state.legal_actions()}
    wrong = [c for c in hand if c not in legal]
    for card in wrong:
        with pytest.raises(CardRefused) as refused:
            state.apply(Play(card))
        assert refused.value.reason in set(Reason) and refused.value.step.code == refused.value.reason
    with pytest.raises(CardRefused):
        state.apply(Play(lead))


def test_overbid_warning_before_the_declaration():
    """ISkO 5.4: with only the Jack of Diamonds, Diamonds is "without 3", 4 x 9 = 36, at most 6 x 9 = 54 with
    Schneider and Schwarz; with the Jack of Clubs in the skat it is "with 1": 2 x 9 = 18, at most 4 x 9 = 36,
    below a bid of 48."""
    cards = parse_cards("JD AD 0D KD QD 9D 8D AS 0S AH")
    declaration = Declaration(GameType.DIAMONDS)
    trap = declaration_check(cards, parse_cards("JC 7C"), declaration, 48)
    assert (trap.highest, trap.overbid_risk) == (36, True)
    fine = declaration_check(cards, parse_cards("7C 8C"), declaration, 48)
    assert (fine.highest, fine.overbid_risk) == (54, False)
    unseen = declaration_check(cards, None, declaration, 48)  # hand game: the worst skat counts
    assert unseen.highest == 36 and unseen.overbid_risk


@pytest.mark.parametrize("seed", range(40))
def test_a_whole_bot_game_ends_with_the_official_score(seed):
    """ISkO 4-5: ten tricks (Null: until the declarer's first trick), 120 card points, scored by the official engine."""
    state = bot_game(seed, 1 + seed % 3)
    assert state.phase in (Phase.DONE, Phase.THROWN_IN)
    if state.phase is Phase.THROWN_IN:
        assert state.score is None and state.auction.declarer is None
        return
    all_cards = [c for t in state.tricks for _, c in t.cards] + list(state.discarded) + [c for h in state.hands for c in h]
    assert points(all_cards) == 120 and len(set(all_cards)) == 32
    declarer = state.declarer
    mine = [c for t in state.tricks if t.winner == declarer for _, c in t.cards]
    tricks = sum(1 for t in state.tricks if t.winner == declarer)
    if state.game.is_null:
        assert len(state.tricks) == 10 or tricks == 1
        outcome = Outcome(0, tricks)
    else:
        assert len(state.tricks) == 10 and not any(state.hands)
        outcome = Outcome(points(mine) + points(state.discarded), tricks)
    expected = official.score_game(state.declared_cards, state.discarded, state.declaration, outcome, state.bid)
    assert state.score.score == expected.score and state.score.won == expected.won


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10**6), choices=st.lists(st.integers(0, 10**6), min_size=60, max_size=60))
def test_random_legal_games_always_end(seed, choices):
    """Any sequence of legal actions ends the game: every state before the end offers at least one action, and
    every offered action is accepted."""
    state = deal(seed)
    for step in range(2000):
        choice = choices[step % len(choices)] + step
        if state.to_act is None:
            break
        actions = state.legal_actions()
        assert actions
        action = actions[choice % len(actions)]
        if isinstance(action, Bid) and state.phase is Phase.AUCTION:
            action = Pass() if choice % 3 else action  # keep bids low enough to be declared
        state = state.apply(action)
    assert state.phase in (Phase.DONE, Phase.THROWN_IN)
    if state.phase is Phase.DONE and not state.game.is_null:
        assert state.points_of(True) + state.points_of(False) == 120


def test_hold_is_refused_when_nothing_was_said():
    with pytest.raises(RuleViolation):
        deal(1).apply(Hold())


def test_score_sheet_enters_each_game_for_its_declarer():
    """ISkO 5.3: the score counts for the declarer; a thrown-in game scores nothing."""
    sheet = ScoreSheet()
    expected = [0, 0, 0]
    for number in range(1, 7):
        state = bot_game(21, number)
        sheet = sheet.enter(state)
        if state.score is not None:
            player = [p for p in range(3) if seat_of(p, number) == state.declarer][0]
            expected[player] += state.score.score
    assert list(sheet.totals) == expected and len(sheet.entries) == 6
    with pytest.raises(RuleViolation):
        sheet.enter(deal(21, 7))


@pytest.mark.parametrize("name", ["play", "auction", "table", "table_codes"])
def test_module_examples(name):
    """The examples in the modules' docstrings hold."""
    import doctest
    import importlib

    module = importlib.import_module(f"webapp.games.skat.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_an_overbid_declaration_is_allowed_and_lost_as_overbid():
    """ISkO 5.4: a game whose value stays below the bid may be declared; it is lost with the smallest multiple of
    its base value that reaches the bid, doubled. Here Diamonds (base 9) after a bid of 120, far above any value a
    plain Diamonds game can reach with these cards, so 14 x 9 = 126 reaches 120 and the score is -252."""
    state = deal(3).apply(Bid(120)).apply(Pass()).apply(Pass()).apply(PlayHand())
    cards = state.hands[Seat.MIDDLEHAND.value]
    check = declaration_check(cards, None, Declaration(GameType.DIAMONDS, hand=True), 120)
    assert check.overbid_risk and check.steps[0].code == "skat.table.check.overbid"
    state = state.apply(Declare(GameType.DIAMONDS))
    while state.to_act is not None:
        state = state.apply(bot_move(state).action)
    assert state.score.overbid and state.score.score == -252
