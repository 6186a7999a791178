"""The round page's call advice, off the request thread (issue 38, section 2): the app's pool for it and what the
page shows (:func:`call_part`). The routes are the round page's (:mod:`.round_views`: the page and its fragment
``/tichu/round/coach``, which htmx asks every :data:`POLL_MS` ms while the coach is thinking).

The chance to go out first takes 0.5 to 2.5 s of one core (:mod:`.chance`), so the page only asks the pool
(:class:`~webapp.core.work_pool.WorkPool`, its own instance with :func:`.call_coach.run` as the job, bounded by the
heavy-work settings, answers kept by :func:`.call_coach.call_key` and shared in ``instance/tichu-calls/``): the
first answer says "thinking", the advice follows.
"""

from __future__ import annotations

import math

from flask import Flask, current_app

from webapp.core.web import session_token
from webapp.core.work_pool import Status, WorkPool, init_pool
from webapp.games.tichu import call_coach
from webapp.games.tichu.chance import Chance
from webapp.games.tichu.round import RoundState

__all__ = ["EXTENSION", "OWNER_KEY", "POLL_MS", "call_part", "init_app", "pool"]

EXTENSION = "tichu_calls"
#: Who asks (a token in the session: one advice at a time each).
OWNER_KEY = "tichu_owner"
#: How often htmx asks for the advice while the coach is thinking, in ms.
POLL_MS = 1000


def init_app(app: Flask) -> WorkPool:
    """Give ``app`` its pool of call advice (once; ``app.extensions[EXTENSION]``; see the module's docstring).

    Raises:
        ValueError: a heavy-work setting below 1.
    """
    return init_pool(app, EXTENSION, "tichu-calls", call_coach.run)


def pool() -> WorkPool:
    """This app's pool of call advice (made on first use)."""
    return init_app(current_app)


def call_part(state: RoundState, seat: int, coach: bool) -> dict:
    """What the page shows of the call advice for ``seat`` in ``state``: ``{"key": None}`` when the coach is off or
    there is no call to decide now; else the key, ``thinking`` (the pool is working on it or busy: ask again),
    and when it is there ``chance`` (the :class:`~webapp.games.tichu.chance.Chance`: the page's headline says the call
    and ``percent``, the chance in 100 rounded down as in the engine's steps), ``said`` (the engine's advice step)
    and ``why`` (its sampled chance and the hand's strength); a job that failed shows nothing. Asks the pool, never
    computes the chance here; nothing with the setting ``TICHU_CALL_ADVICE`` off."""
    key = call_coach.call_key(state, seat) if coach and current_app.config.get("TICHU_CALL_ADVICE", True) else None
    if key is None:
        return {"key": None}
    answer = pool().ask(key, seat, session_token(OWNER_KEY))
    out: dict = {"key": key, "thinking": answer.status in (Status.THINKING, Status.BUSY), "chance": None}
    if answer.status is Status.READY and isinstance(answer.result, Chance):
        out["chance"], out["percent"] = answer.result, math.floor(100 * answer.result.chance)
        out["said"], out["why"] = call_coach.advice_first(answer.result)
    return out
