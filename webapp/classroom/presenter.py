"""What the teacher's presenter page shows: the round's figures (the distribution only once answers are closed),
the question and its solution, the leaderboard and the podium, and the board's version for its poll."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from datetime import datetime
from typing import Any, Mapping

from sqlalchemy import func

from webapp.classroom.service import (
    COUNTDOWNS,
    Mode,
    children_count,
    is_open,
    now,
    podium,
    round_question,
    seconds_left,
    series_over,
    standings,
)
from webapp.core.db import db
from webapp.core.models import ClassSession, Participant
from webapp.core.models import Response as Answer
from webapp.core.steps import Step
from webapp.quiz import kinds

__all__ = ["children_version", "results", "teacher_context", "teacher_version"]


def results(row: ClassSession, at: datetime | None = None) -> dict[str, Any]:
    """Figures of the current round.

    Returns:
        ``joined`` (children in the class), ``answered`` (answers to the round),
        ``bars`` (only once the round is closed, so nobody copies the majority: one a different
        answer, most given first: ``label`` step, ``count``, ``right``, ``names`` of those who gave
        it) and ``names`` (every child's nickname, only while the teacher shows names).
    """
    joined = children_count(row)
    result: dict[str, Any] = {"joined": joined, "answered": 0, "bars": [], "names": []}
    if row.show_names:
        result["names"] = [p.nickname for p in row.participants if not p.removed]
    if row.mode != Mode.QUESTION or not row.round_number:
        return result
    if is_open(row, at):
        result["answered"] = db.session.scalar(
            db.select(func.count()).select_from(Answer)
            .join(Participant, Answer.participant_id == Participant.id)
            .where(Answer.session_id == row.id, Answer.round_number == row.round_number,
                   Participant.removed.is_(False))) or 0
        return result
    asked = round_question(row, row.round_number)
    expected = asked.solution().expected
    rows = db.session.execute(
        db.select(Answer.answer, Participant.nickname)
        .join(Participant, Answer.participant_id == Participant.id)
        .where(Answer.session_id == row.id, Answer.round_number == row.round_number, Participant.removed.is_(False))
        .order_by(Participant.nickname)
    ).all()
    counts: Counter[str] = Counter()
    names: dict[str, list[str]] = {}
    answers: dict[str, dict[str, Any]] = {}
    for given, nickname in rows:
        key = json.dumps(given, sort_keys=True)
        counts[key] += 1
        names.setdefault(key, []).append(nickname)
        answers[key] = given
    result["answered"] = len(rows)
    result["bars"] = [
        {"label": asked.describe(answers[key]), "count": n, "right": answers[key] == expected, "names": names[key]}
        for key, n in counts.most_common()
    ]
    return result


def teacher_context(row: ClassSession, at: datetime | None = None) -> dict[str, Any]:
    """What the presenter page shows.

    Returns:
        ``row``, ``results`` (:func:`results`), ``step_title`` (the kind), ``asked`` and
        ``checked`` (the demo hand or the round's question and its solution, else None), ``open``
        (answers accepted now), ``seconds_left``, ``series_over``, ``board`` (the top 5 once the teacher
        shows the leaderboard, else ()), ``podium`` (top 3 at the end), ``children`` (every child not
        removed: for the teacher's list) and ``version`` (:func:`teacher_version`).
    """
    at = at or now()
    open_now = is_open(row, at)
    context: dict[str, Any] = {"row": row, "results": results(row, at), "asked": None, "checked": None,
                               "step_title": Step(kinds.get(row.kind).TITLE), "open": open_now,
                               "seconds_left": seconds_left(row, at), "series_over": series_over(row),
                               "board": (), "podium": (), "countdowns": COUNTDOWNS,
                               "children": [p for p in row.participants if not p.removed]}
    context["children_version"] = children_version(context["children"])
    if row.mode == Mode.DEMO or (row.mode == Mode.QUESTION and row.round_number):
        demo = row.mode == Mode.DEMO
        context["asked"] = round_question(row, row.demo_number if demo else row.round_number, demo=demo)
        context["checked"] = context["asked"].solution()
    if (row.mode == Mode.QUESTION and row.show_board and not open_now) or row.mode == Mode.ENDED:
        board = standings(row)
        context["board"] = board[:5]
        context["podium"] = podium(board) if row.mode == Mode.ENDED else ()
    context["version"] = teacher_version(row, context["results"], open_now)
    return context


def children_version(children: list[Participant]) -> str:
    """What the teacher's list of children depends on (its poll's ``v``): the children's ids."""
    return hashlib.sha256(",".join(str(p.id) for p in children).encode()).hexdigest()[:12]


def teacher_version(row: ClassSession, figures: Mapping[str, Any], open_now: bool) -> str:
    """What the presenter's board depends on, as a short string (its poll's ``v``)."""
    return ".".join(str(part) for part in (
        row.mode, row.round_number, int(open_now), row.demo_number, row.demo_revealed, int(row.show_names),
        int(row.show_board), int(row.locked), figures["joined"], figures["answered"], len(figures["names"])))
