"""The coach's call advice at the round's table (issue 38, section 2): before the Grand Tichu decision (8 cards) and
before the exchange, where a Tichu may be called (14 cards). Pure, no Flask.

The advice is :func:`~webapp.games.tichu.chance.out_first_chance` of what the child knows, computed off the request
thread (:mod:`webapp.games.tichu.call_coach_views` gives :func:`run` to a :class:`~webapp.core.work_pool.WorkPool`).
The pool keeps answers by a key, so the key holds exactly what the advice depends on (:func:`call_key`): the seat's
cards, the other seats' Grand Tichu calls (with 14 cards) and the engine's seed, made of the round's seed, its
number and the seat (:func:`engine_seed`). Two addresses of the same moment (another pick, the open cards shown)
have the same key; the same cards in the same round get the same advice on every device.

After its exchange the child holds the three cards it received, which the chance's sampling does not model (it
plays the exchange itself): the advice is given before the child's exchange only.
"""

from __future__ import annotations

from webapp.games.tichu.chance import DEFAULT_SAMPLES, Chance, ChanceStep, out_first_chance
from webapp.games.tichu.round import Phase, RoundState
from webapp.games.tichu.rules import parse_card
from webapp.games.tichu.trick import SEATS

__all__ = ["CallKey", "advice_first", "call_key", "engine_seed", "run"]

#: The pool's key of an advice: ``(engine seed, seat, (cards, callers))``, the cards comma-separated in the deck's
#: order, the callers the other seats that called Grand Tichu as digits (``"13"``; ``""`` for none or 8 cards).
CallKey = tuple[int, int, tuple[str, ...]]
#: Rounds per seed the engine's seed keeps apart (the round page's highest round is 999).
ROUNDS = 1_000


def engine_seed(seed: int, round_number: int, seat: int) -> int:
    """The chance's seed for ``seat`` (0-3) in round ``round_number`` (1-999) of deal ``seed``:
    ``(seed * ROUNDS + round_number) * SEATS + seat``, a different integer for each (the engine mixes it with the
    cards by SHA-256)."""
    return (seed * ROUNDS + round_number) * SEATS + seat


def call_key(state: RoundState, seat: int) -> CallKey | None:
    """The key of ``seat``'s call advice in ``state``, or None when it has no call to decide now: the Grand Tichu
    decision (phase GRAND, ``seat`` not decided: its first 8 cards), or a Tichu it may call before its exchange (phase
    EXCHANGE, ``seat`` has not passed its cards: its 14 cards, the others' Grand Tichu calls known)."""
    if state.phase is Phase.GRAND and state.grand[seat] is None:
        callers = ""
    elif state.phase is Phase.EXCHANGE and state.exchanges[seat] is None and state.may_call_tichu(seat):
        callers = "".join(str(s) for s in range(SEATS) if s != seat and state.calls[s] == "grand")
    else:
        return None
    cards = ",".join(map(str, sorted(state.hand(seat), key=lambda c: (c.rank, str(c)))))
    return engine_seed(state.seed, state.round_number, seat), seat, (cards, callers)


def run(seed: int, seat: int, knowledge: tuple[str, ...], player: int, samples: int = DEFAULT_SAMPLES) -> Chance:
    """The job done in a worker for the key ``(seed, seat, knowledge)`` of :func:`call_key` (``player`` is the
    seat too): the :class:`~webapp.games.tichu.chance.Chance` with ``samples`` deals (the engine's default; tests
    play fewer). Module-level: picklable.

    Raises:
        RuleInputError: a card that cannot be read; ValueError: a bad seat or caller (a key never made here).
    """
    cards, callers = knowledge
    return out_first_chance([parse_card(text) for text in cards.split(",")], seat=seat,
                            grand_calls=[int(s) for s in callers], samples=samples, seed=seed)


#: The steps that say what to do (the rest says why).
ADVICE = frozenset({ChanceStep.GRAND.value, ChanceStep.NO_GRAND.value, ChanceStep.TICHU.value,
                    ChanceStep.NO_TICHU.value})


def advice_first(chance: Chance) -> tuple[tuple, tuple]:
    """The chance's steps split for the page: ``(what to do, why)``: the call advice (which names the chance), then
    the sampled chance with its interval and the hand's strength."""
    said = tuple(s for s in chance.steps if s.code in ADVICE)
    return said, tuple(s for s in chance.steps if s.code not in ADVICE)
