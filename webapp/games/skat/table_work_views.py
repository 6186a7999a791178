"""What the Skat table needs beside the game (issue 35): its moves signed by this server, and the app's pool for
the heavy work (:mod:`.analysis_pool`) with who asks for it."""

from __future__ import annotations

import secrets

from flask import current_app, session
from itsdangerous import BadSignature, Signer

from webapp.games.skat import analysis_pool
from webapp.games.skat.analysis_pool import AnalysisPool, Answer

__all__ = ["OWNER_KEY", "current_pool", "is_signed", "owner", "peek", "signature"]

#: Who asks for the table's heavy work: a random token in the signed session (one job at a time each).
OWNER_KEY = "skat_owner"


def signature(seed: int, number: int, moves: str) -> str:
    """This server's signature of a game's moves (``a``): a page that carries it was written by this server, so its
    bots' moves need not be computed again when it is replayed (a club player's card costs about a second).
    itsdangerous (Flask's own signing) with the app's secret key; 27 URL-safe characters."""
    return _signer().get_signature(f"{seed}|{number}|{moves}").decode("ascii")


def is_signed(seed: int, number: int, moves: str, sig: str) -> bool:
    """Whether ``sig`` is this server's :func:`signature` of the moves (any text: a bad one is False)."""
    try:
        return _signer().verify_signature(f"{seed}|{number}|{moves}", sig.encode("ascii", "replace"))
    except BadSignature:
        return False


def _signer() -> Signer:
    return Signer(current_app.secret_key, salt="skat-table-moves")


def current_pool() -> AnalysisPool | None:
    """This app's pool for the table's heavy work (:mod:`.analysis_pool`), or None when it has none."""
    return current_app.extensions.get(analysis_pool.EXTENSION)


def peek(key: analysis_pool.Key) -> Answer | None:
    """What the pool knows of ``key`` without starting anything (None: nothing, or no pool)."""
    pool = current_pool()
    return pool.peek(key) if pool is not None else None


def owner() -> str:
    """Who asks for heavy work: a random token in the signed session (one job at a time each)."""
    if OWNER_KEY not in session:
        session[OWNER_KEY] = secrets.token_urlsafe(12)
    return session[OWNER_KEY]
