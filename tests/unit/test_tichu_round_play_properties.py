"""Properties of whole Tichu rounds over random seeds (issue 19, section 4; Tichu rulebook and FAQ).

Checked facts come from the rules: every round ends; without a double victory the card points of the tricks
and of the last player's hand add up to 100 ("Scoring"); after the exchange each player holds 14 cards and the
56 cards are all still there ("Exchanging cards"); an open wish that can be fulfilled is fulfilled ("Mah
Jong"); every bot action is one the round lists as legal; every action's code reads back as the same action.
"""

from __future__ import annotations

import random
from collections import Counter

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.games.tichu.round import Exchange, PassTurn, Phase, Play, deal
from webapp.games.tichu.round_bots import MAX_ACTIONS, next_bot_move
from webapp.games.tichu.round_codes import action_code, parse_action, replay
from webapp.games.tichu.rules import DOG, TichuCard, deck, lowest_fulfilling_play
from webapp.games.tichu.trick import CALLS, DOUBLE_VICTORY, ROUND_POINTS, card_points

#: No per-example deadline (a busy machine is no failure); few examples: a whole round is a lot of work.
ROUNDS = settings(max_examples=examples(12), deadline=None)
seeds = st.integers(0, 2**32)


def wish_could_be_fulfilled(state, seat) -> bool:
    """Whether the player in turn can play the wished rank now (Tichu rulebook, "Mah Jong")."""
    trick = state.trick
    top = trick.top
    table = None if top is None or top.cards == (TichuCard(DOG),) else top.combination
    return lowest_fulfilling_play(table, state.hand(seat), state.wish, phoenix_on=trick.phoenix_on) is not None


def check_the_end(state) -> None:
    """The round is over and scored as the rulebook says ("End of a round", "Scoring")."""
    assert state.phase is Phase.DONE and state.to_act is None
    score = state.score
    called = sum((CALLS[c] if state.out[0] == seat else -CALLS[c]) for seat, c in enumerate(state.calls) if c)
    if state.double_victory is not None:
        assert sum(score.points) == DOUBLE_VICTORY + called
        return
    assert len(state.out) == 3
    last = next(s for s in range(4) if s not in state.out)
    assert sum(card_points(pile) for pile in state.piles) + card_points(state.hand(last)) == ROUND_POINTS
    assert sum(len(pile) for pile in state.piles) + len(state.hand(last)) == 56
    assert sum(score.points) == ROUND_POINTS + called


@ROUNDS
@given(seeds)
def test_bots_play_every_round_to_its_end_with_legal_moves_and_the_wish_kept(seed):
    state = deal(seed)
    codes = []
    for _ in range(MAX_ACTIONS):
        found = next_bot_move(state)
        if found is None:
            break
        seat, move = found
        action = move.action
        assert move.steps
        assert action in state.legal_actions(seat)
        if isinstance(action, (Play, PassTurn)) and seat == state.to_act and state.wish is not None \
                and wish_could_be_fulfilled(state, seat):
            assert isinstance(action, Play) and any(c.rank == state.wish for c in action.cards)
        if state.phase is Phase.EXCHANGE and isinstance(action, Exchange) and None not in state.apply(action).exchanges:
            after = state.apply(action)
            assert [len(after.hand(s)) for s in range(4)] == [14] * 4
            assert Counter(c for s in range(4) for c in after.hand(s)) == Counter(deck())
        codes.append(action_code(action))
        state = state.apply(action)
    check_the_end(state)
    assert replay(seed, 1, codes) == state


@ROUNDS
@given(seeds)
def test_random_legal_players_also_end_every_round(seed):
    """Any legal moves, not just the bots' (random calls, exchanges, plays, passes, bombs out of turn)."""
    rng = random.Random(seed)
    state = deal(seed)
    for _ in range(2_000):
        if state.phase is Phase.DONE:
            break
        actions = [a for s in range(4) for a in state.legal_actions(s)]
        assert actions
        action = rng.choice(actions)
        assert parse_action(action_code(action)) == action
        state = state.apply(action)
    check_the_end(state)


@settings(max_examples=examples(40), deadline=None)
@given(seeds, st.data())
def test_an_exchange_keeps_14_cards_each(seed, data):
    """Tichu rulebook, "Exchanging cards": each player passes three and gets three."""
    state = deal(seed)
    for seat in range(4):
        state = state.apply(parse_action(f"{seat + 1}.no"))
    for seat in data.draw(st.permutations(range(4))):
        cards = data.draw(st.lists(st.sampled_from(state.hand(seat)), min_size=3, max_size=3, unique=True))
        state = state.apply(Exchange(seat, tuple(cards)))
    assert state.phase is Phase.PLAY
    assert [len(state.hand(s)) for s in range(4)] == [14] * 4
    assert Counter(c for s in range(4) for c in state.hand(s)) == Counter(deck())
