"""The class plays Skat (issue 37, section 1): a round's settings and each child's stored games.

A class of kind :data:`KIND` plays ``deals`` deals of :func:`webapp.games.skat.duplicate.round_deals` from the
session's seed, every child the same cards, each against two bots at ``bots`` level, with the coach or without.
Each child's game of each deal is a :class:`~webapp.core.models.ClassSkatGame` row: the table's action codes so
far (the child's and the bots'), written and committed before the page answers (:func:`save`), so a reload, a new
device with the same cookie or a restarted server continues where the child was. A child plays its deals in order:
its current deal is the first one not finished (:func:`current_deal`).
"""

from __future__ import annotations

from typing import Mapping

from sqlalchemy.exc import IntegrityError

from webapp.classroom.service import SKAT_KIND
from webapp.core.db import db, writing
from webapp.core.models import ClassSession, ClassSkatGame, utcnow
from webapp.games.skat.duplicate import MAX_DEALS, DealPlan, DealScore, round_deals, score_data, score_from_data

#: ``ClassSession.kind`` of a Skat round.
KIND = SKAT_KIND
#: The bots' levels a teacher may pick (:data:`webapp.games.skat.table_views.LEVELS`).
BOTS = ("beginner", "club")


def read_settings(form: Mapping[str, str]) -> dict[str, object] | None:
    """The round's settings from the start form: ``deals`` (1 .. :data:`MAX_DEALS`), ``bots`` (:data:`BOTS`) and
    ``coach`` (``"1"`` on, ``"0"`` off). Returns ``{"deals": int, "bots": str, "coach": bool}``, or None when one
    is missing or bad (the form answers 400)."""
    text = form.get("deals", "")[:2]
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= MAX_DEALS:
        return None
    if form.get("bots") not in BOTS or form.get("coach") not in ("0", "1"):
        return None
    return {"deals": int(text), "bots": form["bots"], "coach": form["coach"] == "1"}


def settings_of(row: ClassSession) -> dict[str, object]:
    """The stored settings of a Skat round ``row`` (defaults for a damaged value: 1 deal, beginners, coach on)."""
    data = row.skat if isinstance(row.skat, dict) else {}
    deals = data.get("deals")
    return {"deals": deals if type(deals) is int and 1 <= deals <= MAX_DEALS else 1,
            "bots": data.get("bots") if data.get("bots") in BOTS else "beginner",
            "coach": data.get("coach") is not False}


def plans(row: ClassSession) -> tuple[DealPlan, ...]:
    """The round's deals, the same for the whole class (:func:`round_deals` of the session's seed)."""
    return round_deals(row.seed, int(settings_of(row)["deals"]))


def score_of(game: ClassSkatGame) -> DealScore | None:
    """The stored result of a finished game (None while under way, or for a damaged row)."""
    if not game.finished or not isinstance(game.result, dict):
        return None
    return score_from_data(game.deal, game.result)


def games_of(session_id: int, participant_id: int) -> dict[int, ClassSkatGame]:
    """A child's stored games of the round, by deal number."""
    rows = db.session.scalars(db.select(ClassSkatGame).where(ClassSkatGame.session_id == session_id,
                                                             ClassSkatGame.participant_id == participant_id))
    return {game.deal: game for game in rows}


def current_deal(games: Mapping[int, ClassSkatGame], count: int) -> int | None:
    """The child's current deal: the first of ``1 .. count`` not finished; None when all are."""
    return next((n for n in range(1, count + 1) if n not in games or not games[n].finished), None)


def game_row(session_id: int, participant_id: int, number: int,
             games: Mapping[int, ClassSkatGame]) -> ClassSkatGame:
    """The child's game of deal ``number``: the stored one, else a new one (no moves yet), committed, so that two
    devices of one child share it (the unique constraint keeps one: a lost race reads the other's row)."""
    if number in games:
        return games[number]
    row = ClassSkatGame(session_id=session_id, participant_id=participant_id, deal=number, moves="",
                        finished=False, updated_at=utcnow())
    with writing():  # a GET writes here too: not in the read transaction (SQLite could refuse the lock)
        db.session.add(row)
        try:
            db.session.commit()
        except IntegrityError:  # the child's other device made it first
            db.session.rollback()
            return games_of(session_id, participant_id)[number]
    return row


def save(row: ClassSkatGame, before: str, moves: str, result: DealScore | None) -> bool:
    """Store ``moves`` (action codes joined by ``.``) as the game of ``row`` if it still holds ``before``
    (a compare-and-set: another device of the same child may have moved meanwhile), finished with ``result``
    (the child's :class:`DealScore`) when it is not None. Committed before it returns.

    Returns:
        True when stored; False when the stored game changed meanwhile (nothing written: the page answers 409
        and shows the stored game).
    """
    with writing():  # committed at the block's end; see game_row
        done = db.session.execute(
            db.update(ClassSkatGame)
            .where(ClassSkatGame.id == row.id, ClassSkatGame.moves == before, ClassSkatGame.finished.is_(False))
            .values(moves=moves, finished=result is not None, points=result.points if result else None,
                    result=score_data(result) if result else None, updated_at=utcnow())
            .execution_options(synchronize_session=False)
        ).rowcount
        db.session.expire(row)  # read again on its next use: the update went past it
    return done == 1
