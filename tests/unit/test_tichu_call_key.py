"""The key and the job of the Tichu coach's call advice (issue 38, section 2; webapp/games/tichu/call_coach.py).

The pool keeps answers by the key, so the key must hold exactly what the child knows when it decides: the same
knowledge (however the address got there) gives the same key and so the same advice on every device; other cards,
another round or other Grand Tichu calls give another key.
"""

from __future__ import annotations

from dataclasses import replace

from webapp.games.tichu import call_coach
from webapp.games.tichu.round import CallGrandTichu, Decline, Exchange, Phase, deal


def exchange(seed: int = 3, round_number: int = 1, before: tuple[int, int] = (0, 0), grand_by: int | None = None):
    """Round ``(seed, round_number)`` at the exchange: every seat declined Grand Tichu, but ``grand_by``."""
    state = deal(seed, round_number, before)
    for seat in range(4):
        state = state.apply(CallGrandTichu(seat) if seat == grand_by else Decline(seat))
    assert state.phase is Phase.EXCHANGE
    return state


def test_the_same_knowledge_gives_the_same_key():
    """The teams' totals, the other seats' hidden cards and the way there do not change what the child knows."""
    first, other_totals = deal(3, 1), deal(3, 1, (250, -50))
    assert call_coach.call_key(first, 0) == call_coach.call_key(other_totals, 0)
    hidden_changed = replace(first, dealt=(first.dealt[0],) + tuple(reversed(first.dealt[1:])))
    assert call_coach.call_key(hidden_changed, 0) == call_coach.call_key(first, 0)
    assert call_coach.call_key(exchange(), 0) == call_coach.call_key(exchange(before=(100, 100)), 0)


def test_other_knowledge_gives_another_key():
    """8 cards or 14, another round, another seed, another Grand Tichu caller: another key (and another seed)."""
    keys = {call_coach.call_key(deal(3, 1), 0), call_coach.call_key(exchange(), 0),
            call_coach.call_key(deal(3, 2), 0), call_coach.call_key(deal(4, 1), 0),
            call_coach.call_key(exchange(grand_by=1), 0), call_coach.call_key(exchange(grand_by=3), 0)}
    assert len(keys) == 6
    seed, seat, (cards, callers) = call_coach.call_key(exchange(grand_by=3), 0)
    assert (seat, callers, len(cards.split(","))) == (0, "3", 14)
    assert seed == call_coach.engine_seed(3, 1, 0) != call_coach.engine_seed(3, 1, 1)


def test_there_is_no_key_without_a_call_to_decide():
    """After the child's own Grand Tichu decision (the bots' still open), after its exchange or its own Grand
    Tichu call: nothing to advise."""
    state = deal(3, 1).apply(Decline(0))
    assert state.phase is Phase.GRAND and call_coach.call_key(state, 0) is None
    assert call_coach.call_key(exchange(grand_by=0), 0) is None
    passed = exchange()
    hand = passed.hand(0)
    assert call_coach.call_key(passed.apply(Exchange(0, hand[:3])), 0) is None


def test_the_job_reads_its_key_and_gives_the_same_advice_for_the_same_key():
    """The worker's job is the engine's chance of the key's cards, seeded by the key: the same every time."""
    key = call_coach.call_key(deal(3, 1), 0)
    first = call_coach.run(*key, 0, samples=8)
    assert first == call_coach.run(*key, 0, samples=8)
    assert first.call == "grand" and first.samples == 8
    said, why = call_coach.advice_first(first)
    assert [s.code for s in said] == ["tichu.chance.no_grand" if not first.advised else "tichu.chance.grand"]
    assert {s.code for s in why} == {"tichu.chance.chance", "tichu.chance.strength"}
    tichu = call_coach.run(*call_coach.call_key(exchange(grand_by=1), 0), 0, samples=4)
    assert tichu.call == "tichu"
