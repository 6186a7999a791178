"""What the Skat table needs beside the game (issue 35): its moves signed by this server, and the app's pool for
the heavy work (:mod:`.analysis_pool`) with who asks for it, and the score sheet it keeps in the session cookie."""

from __future__ import annotations

from flask import current_app, session
from itsdangerous import BadSignature, Signer

from webapp.core.web import session_token
from webapp.games.skat import analysis_pool
from webapp.games.skat.analysis_pool import AnalysisPool, Answer
from webapp.games.skat.bids import VALID_BIDS
from webapp.games.skat.official import GameType
from webapp.games.skat.table import Phase, ScoreSheet, TableState

__all__ = ["MAX_GAME", "MAX_SHEET", "OWNER_KEY", "SHEET_KEY", "current_pool", "is_signed", "owner", "peek", "sheet_rows",
           "signature"]

#: The table's score sheet in the session cookie (:func:`sheet_rows`), at most ``MAX_SHEET`` lines (a small cookie).
SHEET_KEY = "skat_table"
MAX_SHEET = 40
#: The highest game number of a deal on the table page.
MAX_GAME = 99

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
    return session_token(OWNER_KEY)


def sheet_rows(seed: int, state: TableState) -> list[list[int | str | None]]:
    """The table's score sheet of deal ``seed`` from the session cookie, with ``state`` entered when it is finished
    (one line a game number: ``[game number, declarer 0-2 or None, game value or None, bid or None, score]``);
    lines the app never writes are dropped."""
    data = session.get(SHEET_KEY)
    rows = []
    if isinstance(data, dict) and data.get("s") == seed and isinstance(data.get("g"), list):
        rows = [r for r in data["g"][:MAX_SHEET] if _valid_row(r)]
    if state.phase in (Phase.DONE, Phase.THROWN_IN):
        entry = ScoreSheet().enter(state).entries[0]
        row = [entry.game_number, entry.declarer, entry.game.value if entry.game else None, entry.bid, entry.score]
        if row not in rows:
            rows = sorted([r for r in rows if r[0] != entry.game_number] + [row], key=lambda r: r[0])[-MAX_SHEET:]
            session[SHEET_KEY] = {"s": seed, "g": rows}
    return rows


def _valid_row(row: object) -> bool:
    if not (isinstance(row, list) and len(row) == 5):
        return False
    number, declarer, game, bid, score = row
    return (type(number) is int and 1 <= number <= MAX_GAME and (declarer is None or declarer in (0, 1, 2))
            and (game is None or game in {g.value for g in GameType}) and (bid is None or bid in VALID_BIDS)
            and type(score) is int and abs(score) < 10_000)
