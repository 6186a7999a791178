"""What a class hands out as files: the teacher's CSV of every answer, and the join page's QR code."""

from __future__ import annotations

import io

import segno

from webapp.classroom import skat_review, skat_store
from webapp.core.csvfile import csv_text
from webapp.core.db import db
from webapp.core.explain import card_name, render_step
from webapp.core.models import ClassSession, ClassSkatGame, Participant
from webapp.core.models import Response as Answer
from webapp.games.skat.table import Phase, seat_of
from webapp.games.skat.table_codes import replay
from webapp.games.skat.table_views import BOT_NAMES, CHILD
from webapp.quiz import kinds

__all__ = ["COLUMNS", "SKAT_COLUMNS", "all_answers", "answers_csv", "export_csv", "qr_svg", "skat_csv"]

#: The CSV's header row.
COLUMNS = ("round", "nickname", "answer", "correct", "points", "seconds", "answered_at_utc")
#: The header row of a Skat round's CSV (:func:`skat_csv`).
SKAT_COLUMNS = ("nickname", "deal", "seat", "declarer", "bid", "game", "result", "list_score", "points",
                "mistake_trick", "mistake_card", "better_cards")


def export_csv(row: ClassSession) -> str:
    """The session's CSV: a Skat round's games (:func:`skat_csv`), else every answer (:func:`answers_csv`)."""
    return skat_csv(row) if row.kind == skat_store.KIND else answers_csv(row)


def answers_csv(row: ClassSession) -> str:
    """Every answer of the session as CSV text: round, nickname, answer in words (the request's language),
    right (``yes``/``no``), points, seconds from the round's start to the answer (one decimal; empty for
    answers stored before they were timed), time (UTC, ISO 8601 to the second); every cell defused
    (:func:`~webapp.core.csvfile.csv_cell`)."""
    kind = kinds.get(row.kind)
    return csv_text(COLUMNS, (
        [given.round_number, nickname, render_step(kind.describe(given.answer), html=False),
         "yes" if given.correct else "no", given.points, "" if given.seconds is None else f"{given.seconds:.1f}",
         given.created_at.isoformat(timespec="seconds")]
        for given, nickname in all_answers(row)
    ))


def all_answers(row: ClassSession) -> list[tuple[Answer, str]]:
    """Every answer of the session with the child's nickname, by round, then nickname."""
    return list(db.session.execute(
        db.select(Answer, Participant.nickname)
        .join(Participant, Answer.participant_id == Participant.id)
        .where(Answer.session_id == row.id)
        .order_by(Answer.round_number, Participant.nickname)
    ).all())


def qr_svg(url: str) -> bytes:
    """The QR code of ``url`` as an SVG image (made here: nothing from the internet)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=8, border=2, xmldecl=False, svgns=True,
                                    title=url, dark="#1d2433")
    return buffer.getvalue()


def skat_csv(row: ClassSession) -> str:
    """Every child's games of the Skat round ``row`` as CSV text (:data:`SKAT_COLUMNS`), one line per child and deal
    (by nickname, then deal): the child's seat (``forehand``, ``middlehand``, ``rearhand``); for a finished deal the
    declarer (the child's nickname or the bot's name), the bid held, the game (``clubs`` .. ``grand``, ``null``), the
    result (``won``/``lost`` for the declarer, ``passed in``), the declarer's list score, the child's Seeger-Fabian
    points and its first deciding mistake (trick, card, the cards that would have kept the result; in the request's
    language) once analysed (empty: none, or not analysed yet). A deal not finished has its seat only. Every cell
    defused (:func:`~webapp.core.csvfile.csv_cell`)."""
    plans = skat_store.plans(row)
    games = {(g.participant_id, g.deal): g for g in db.session.scalars(
        db.select(ClassSkatGame).where(ClassSkatGame.session_id == row.id))}
    children = db.session.execute(db.select(Participant.id, Participant.nickname)
                                  .where(Participant.session_id == row.id).order_by(Participant.nickname)).all()
    return csv_text(SKAT_COLUMNS, (
        [nickname, plan.number, plan.child.name.lower(), *_skat_cells(plan.seed, games.get((child, plan.number)),
                                                                       nickname)]
        for child, nickname in children for plan in plans
    ))


def _skat_cells(table_seed: int, game: ClassSkatGame | None, nickname: str) -> list[object]:
    """The cells after the seat of one child's deal (all empty while it is not finished)."""
    result = skat_store.score_of(game) if game is not None else None
    if result is None:
        return [None] * (len(SKAT_COLUMNS) - 3)
    if result.passed_in:
        return [None, None, None, "passed in", 0, result.points, None, None, None]
    review = skat_review.read_review(game.review)
    mistake = review.mistake if review is not None else None
    return [nickname if result.declarer else _bot_declarer(table_seed, game), result.bid, result.game.value,
            "won" if result.won else "lost", result.score, result.points,
            mistake.trick if mistake else None, card_name(mistake.card) if mistake else None,
            ", ".join(card_name(c) for c in mistake.better) if mistake else None]


def _bot_declarer(table_seed: int, game: ClassSkatGame) -> str | None:
    """The name of the bot that declared the child's game (replayed from its moves: about a millisecond); None
    for moves that no longer replay."""
    try:
        state = replay(table_seed, game.deal, tuple(c for c in game.moves.split(".") if c))
    except ValueError:
        return None
    if state.phase is not Phase.DONE or state.declarer is None:
        return None
    player = next(p for p in range(3) if seat_of(p, game.deal) == state.declarer)
    return BOT_NAMES[player - 1] if player != CHILD else None
