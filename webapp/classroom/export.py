"""What a class hands out as files: the teacher's CSV of every answer, and the join page's QR code."""

from __future__ import annotations

import io

import segno

from webapp.core.csvfile import csv_text
from webapp.core.db import db
from webapp.core.explain import render_step
from webapp.core.models import ClassSession, Participant
from webapp.core.models import Response as Answer
from webapp.quiz import kinds

__all__ = ["COLUMNS", "all_answers", "answers_csv", "qr_svg"]

#: The CSV's header row.
COLUMNS = ("round", "nickname", "answer", "correct", "points", "seconds", "answered_at_utc")


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
