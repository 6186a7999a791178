"""The open-cards Skat solver (webapp/games/skat/solver.py) against a brute-force minimax written here.

The brute force plays by the rules' own functions (ISkO 2.3 following suit and the trick winner, ISkO 1.2.2 card
points, via :mod:`webapp.games.skat.play`), card by card, with no pruning, no table and no merged cards: every
shortcut of the solver is checked against it.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from webapp.core.steps import NotationError
from webapp.games.skat.official import GameType
from webapp.games.skat.play import card_points, legal_cards, trick_winner
from webapp.games.skat.rules import DECK, parse_cards
from webapp.games.skat.solver import DECLARER, LEFT, RIGHT, Position, SearchLimit, Solver, solve


@lru_cache(maxsize=None)
def brute(game: GameType, hands: tuple[tuple, tuple, tuple], leader: int, trick: tuple) -> int:
    """Declarer's points still to come (Null: 1 if it can take no trick, else 0), by plain minimax."""
    mover = (leader + len(trick)) % 3
    if not any(hands):
        return 1 if game.is_null else 0
    results = []
    for card in legal_cards(hands[mover], trick, game):
        rest = list(hands)
        rest[mover] = tuple(c for c in hands[mover] if c != card)
        played = trick + (card,)
        if len(played) == 3:
            winner = (leader + trick_winner(played, game)) % 3
            if game.is_null:
                value = 0 if winner == DECLARER else brute(game, tuple(rest), winner, ())
            else:
                gain = card_points(played) if winner == DECLARER else 0
                value = gain + brute(game, tuple(rest), winner, ())
        else:
            value = brute(game, tuple(rest), leader, played)
        results.append(value)
    return max(results) if mover == DECLARER else min(results)


def brute_values(position: Position) -> dict:
    """Each legal card's value by brute force, as the solver reports it (the skat and ``taken`` added)."""
    game, hands, trick = position.game, position.hands, position.trick
    mover = position.to_move
    base = 0 if game.is_null else position.taken + card_points(position.skat)
    out = {}
    for card in legal_cards(hands[mover], trick, game):
        rest = list(hands)
        rest[mover] = tuple(c for c in hands[mover] if c != card)
        played = trick + (card,)
        if len(played) == 3:
            winner = (position.leader + trick_winner(played, game)) % 3
            if game.is_null:
                value = 0 if winner == DECLARER else brute(game, tuple(rest), winner, ())
            else:
                value = (card_points(played) if winner == DECLARER else 0) + brute(game, tuple(rest), winner, ())
        else:
            value = brute(game, tuple(rest), position.leader, played)
        out[card] = value + base
    return out


@st.composite
def endgames(draw, max_cards: int = 4) -> Position:
    """A random position: 1-4 cards a hand, any game, any leader, 0-2 cards of the trick already played."""
    game = draw(st.sampled_from(list(GameType)))
    size = draw(st.integers(1, max_cards))
    played = draw(st.integers(0, 2))
    leader = draw(st.sampled_from((DECLARER, LEFT, RIGHT)))
    deck = draw(st.permutations(DECK))
    with_skat = draw(st.booleans()) and not game.is_null
    hands, trick, at = [], [], 0
    for i in range(3):
        hands.append(tuple(deck[at:at + size]))
        at += size
    for i in range(played):  # the players who played to the trick hold one card fewer
        seat = (leader + i) % 3
        card = hands[seat][-1]
        hands[seat] = hands[seat][:-1]
        trick.append(card)
    skat = tuple(deck[at:at + 2]) if with_skat else ()
    taken = draw(st.sampled_from((0, 0, 14, 40)))
    if size == 1 and played:  # a player left with no card but the trick unfinished: fine, it played its last
        pass
    return Position(game, tuple(hands), skat, leader, tuple(trick), taken)


@settings(max_examples=examples(300))
@given(endgames())
def test_solver_agrees_with_brute_force_on_endgames(position):
    """Every legal card's value, the best cards and the position's value equal the plain minimax's."""
    solution = solve(position, every_card=True)
    expected = brute_values(position)
    assert dict(solution.values) == expected
    chooser = max if position.to_move == DECLARER else min
    best = chooser(expected.values())
    assert solution.value == best
    assert set(solution.best) == {c for c, v in expected.items() if v == best}
    order = [c for c in position.hands[position.to_move] if c in expected]
    assert list(solution.best) == [c for c in order if c in solution.best]  # in the order of the hand
    quick = solve(position)  # the best cards by null-window searches at the value, without each card's value
    assert (quick.value, quick.best, quick.values) == (solution.value, solution.best, ())


@settings(max_examples=examples(200))
@given(endgames(), st.integers(0, 121))
def test_reaches_is_the_value_compared(position, target):
    """``reaches(p, t)`` is ``value(p) >= t`` (the null-window search agrees with the exact one)."""
    if position.game.is_null:
        return
    solver = Solver(position.game)
    assert solver.reaches(position, target) == (Solver(position.game).value(position) >= target)


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([GameType.CLUBS, GameType.GRAND, GameType.NULL]))
def test_a_deal_agrees_with_itself_one_card_later(seed, game):
    """From 5-card hands: the value equals the value after any best card (the solver is consistent)."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    position = Position(game, (tuple(deck[0:5]), tuple(deck[5:10]), tuple(deck[10:15])), tuple(deck[30:]))
    solution = solve(position)
    for card in solution.best:
        after = Position(game, (tuple(c for c in position.hands[0] if c != card),) + position.hands[1:],
                         position.skat, DECLARER, (card,))
        assert Solver(game).value(after) == solution.value


def test_a_grand_with_every_trick():
    """All four jacks and the top of every suit take all 120 card points (ISkO 1.2.2: the deck has 120)."""
    declarer = parse_cards("JC JS JH JD AC 0C AS 0S AH 0H")
    left = parse_cards("KC QC 9C KS QS 9S KH QH 9H AD")
    right = parse_cards("8C 7C 8S 7S 8H 7H 0D KD QD 9D")
    position = Position(GameType.GRAND, (declarer, left, right), parse_cards("8D 7D"))
    solution = solve(position)
    assert solution.value == 120
    assert solution.declarer_wins


def test_a_null_the_declarer_must_lose():
    """Null (ISkO 5.1.2, Null order A K Q J 10 9 8 7): the declarer's ace and king of hearts over the others' low
    hearts must take a trick; with the 7 and 8 instead it stays clean."""
    left = parse_cards("9H 0H")
    right = parse_cards("JH QH")
    assert solve(Position(GameType.NULL, (parse_cards("AH KH"), left, right))).value == 0
    assert solve(Position(GameType.NULL, (parse_cards("7H 8H"), left, right))).value == 1


def test_null_best_cards_stay_clean():
    """Null: the declarer's best cards are exactly those after which it can still take no trick."""
    position = Position(GameType.NULL, (parse_cards("7C AC"), parse_cards("8C 9H"), parse_cards("9C 0H")))
    solution = solve(position, every_card=True)
    assert dict(solution.values) == {parse_cards("7C")[0]: 1, parse_cards("AC")[0]: 0}
    assert [str(c) for c in solution.best] == ["7C"]
    assert solution.declarer_wins


@pytest.mark.parametrize("hands, trick, leader, code", [
    (("JC JS", "JC AH", "0H 8H"), "", DECLARER, "skat.solver.error.duplicate"),
    (("JC JS", "AH 7H", "0H"), "", DECLARER, "skat.solver.error.sizes"),
    (("JC", "AH 7H", "0H 8H"), "JS", LEFT, "skat.solver.error.sizes"),
    (("JC", "AH", "0H"), "JS 7H 8H", DECLARER, "skat.table.error.trick_size"),
    (("", "", ""), "", DECLARER, "skat.solver.error.sizes"),
])
def test_bad_positions_are_refused_by_name(hands, trick, leader, code):
    """A card twice, hands that do not fit the trick, a trick of three, nothing to play: a NotationError naming it."""
    position = Position(GameType.CLUBS, tuple(parse_cards(h) for h in hands), (), leader, parse_cards(trick))
    with pytest.raises(NotationError) as error:
        solve(position)
    assert error.value.step.code == code


def test_a_position_inside_a_trick_fits():
    """Left led: left holds one card fewer; right and the declarer still to play hold the same."""
    position = Position(GameType.CLUBS, (parse_cards("JC 7H"), parse_cards("AH"), parse_cards("0H 8H")),
                        (), LEFT, parse_cards("KH"))
    assert position.to_move == RIGHT
    assert solve(position).value == brute_values(position)[solve(position).best[0]]


def test_the_node_limit_stops_a_search():
    """A search over its node limit raises SearchLimit (the analysis bounds its work with it)."""
    deck = list(DECK)
    random.Random(3).shuffle(deck)
    position = Position(GameType.CLUBS, (tuple(deck[0:10]), tuple(deck[10:20]), tuple(deck[20:30])), tuple(deck[30:]))
    with pytest.raises(SearchLimit):
        Solver(GameType.CLUBS, node_limit=50).value(position)


@settings(max_examples=examples(200))
@given(endgames(), st.integers(0, 121))
def test_card_reaches_is_each_cards_value_compared(position, target):
    """``card_reaches(p, t)``: for each legal card, in hand order, the brute force's value after it reaches ``t``
    (Null: the declarer stays clean), the question a sampling player asks of each deal."""
    expected = brute_values(position)
    answers = Solver(position.game).card_reaches(position, target)
    assert [c for c, _ in answers] == [c for c in position.hands[position.to_move] if c in expected]
    for card, reached in answers:
        assert reached == (expected[card] == 1 if position.game.is_null else expected[card] >= target)
