"""What the teacher's presenter page shows: the round's figures (the distribution only once answers are closed),
the question and its solution, the leaderboard and the podium, and the board's version for its poll."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterable

from sqlalchemy import bindparam, func

from webapp.classroom import rejoin, skat_board
from webapp.classroom.scores import named_on_board
from webapp.classroom.seats import open_for
from webapp.classroom.service import (
    COUNTDOWNS,
    SKAT_KIND,
    Mode,
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

__all__ = ["BoardState", "board_state", "child_ids", "children_version", "only_answers_changed",
           "results", "teacher_context", "teacher_version"]


def results(row: ClassSession, at: datetime | None = None) -> dict[str, Any]:
    """Figures of the current round.

    Returns:
        ``joined`` (children in the class), ``answered`` (answers to the round),
        ``bars`` (only once the round is closed, so nobody copies the majority: one a different
        answer, most given first: ``label`` step, ``count``, ``right``, ``names`` of those who gave
        it) and ``names`` (every child's nickname, only while the teacher shows names).
    """
    joined, answered = _counts(row)
    result: dict[str, Any] = {"joined": joined, "answered": 0, "bars": [], "names": []}
    if row.show_names:
        result["names"] = [p.nickname for p in row.participants if not p.removed]
    if row.mode != Mode.QUESTION or not row.round_number:
        return result
    if open_for(row, True, at or now()):  # no bars while a child with more time may still answer
        result["answered"] = answered
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


#: The title of a class that plays Skat at the table (kind ``skat_table``, :mod:`.skat_store`).
SKAT_TITLE = "skat.duplicate.class.title"


def teacher_context(row: ClassSession, at: datetime | None = None, children: bool = True) -> dict[str, Any]:
    """What the presenter page shows.

    Returns:
        ``row``, ``results`` (:func:`results`), ``step_title`` (the kind), ``asked`` and
        ``checked`` (the demo hand or the round's question and its solution, else None), ``open``
        (answers accepted now, from somebody: :func:`.seats.open_for`), ``waiting`` (the countdown is over, a
        child with more time may still answer), ``seconds_left``, ``series_over``, ``board`` (the top 5 that
        the projector names, :func:`.scores.named_on_board`, once the teacher shows the leaderboard, else ()), ``podium``
        (top 3 at the end, :func:`.service.podium`), ``children`` (every child not
        removed: for the teacher's list; empty when ``children`` is False: the board alone does not show them),
        ``asking`` (the requests to rejoin that wait: :func:`.rejoin.waiting`; empty likewise), ``skat`` (a Skat round's
        :class:`.skat_board.Board`, else None)
        and ``version`` (:func:`teacher_version`).
    """
    at = at or now()
    open_now = open_for(row, True, at)
    title = kinds.get(row.kind).TITLE if row.kind in kinds.KINDS else SKAT_TITLE
    context: dict[str, Any] = {"row": row, "results": results(row, at), "asked": None, "checked": None,
                               "step_title": Step(title), "open": open_now,
                               "waiting": open_now and not is_open(row, at),
                               "seconds_left": seconds_left(row, at), "series_over": series_over(row),
                               "board": (), "podium": (), "countdowns": COUNTDOWNS, "skat": None,
                               "children": [p for p in row.participants if not p.removed] if children else []}
    context["asking"] = rejoin.waiting(row) if children else []
    context["children_version"] = children_version(((p.id, p.more_time) for p in context["children"]),
                                                   (ask.id for ask, _ in context["asking"]))
    if row.mode == Mode.DEMO or (row.mode == Mode.QUESTION and row.round_number):
        demo = row.mode == Mode.DEMO
        context["asked"] = round_question(row, row.demo_number if demo else row.round_number, demo=demo)
        context["checked"] = context["asked"].solution()
    if row.kind == SKAT_KIND:  # the ranking of the deals played instead of the questions' leaderboard
        context["skat"] = skat_board.board(row)
    elif (row.mode == Mode.QUESTION and row.show_board and not open_now) or row.mode == Mode.ENDED:
        board = standings(row)
        context["board"] = named_on_board(board)
        context["podium"] = podium(board) if row.mode == Mode.ENDED else ()
    figures = context["results"]
    context["version"] = teacher_version(row, open_now + context["waiting"], figures["joined"], figures["answered"],
                                         len(figures["names"]), context["skat"].key if context["skat"] else "")
    return context


@dataclass(frozen=True)
class BoardState:
    """What the board's poll needs to know, from one query: ``version`` (:func:`teacher_version`), ``joined``
    (children in the class), ``answered`` (answers to the current round, 0 outside a round) and ``open``
    (answers accepted now). ``joined`` and ``answered`` are named as in :func:`results`: the count's template
    takes either."""

    version: str
    joined: int
    answered: int
    open: bool


def board_state(row: ClassSession, at: datetime | None = None) -> BoardState:
    """The board's :class:`BoardState`, its version as :func:`teacher_context` gives it, from one query of two
    counts (a Skat round: of three, :func:`.skat_board.progress`): the projector asks every second, and the page is
    built only when it changed."""
    open_now = open_for(row, True, at or now())
    skat = ""
    if row.kind == SKAT_KIND:
        (joined, skat), answered = skat_board.progress(row), 0
    else:
        joined, answered = _counts(row)
    if row.mode != Mode.QUESTION or not row.round_number:
        answered = 0
    waiting = open_now and not is_open(row, at or now())
    version = teacher_version(row, open_now + waiting, joined, answered, joined if row.show_names else 0, skat)
    return BoardState(version, joined, answered, open_now)


def only_answers_changed(given: str | None, state: BoardState) -> bool:
    """True when a board of version ``given`` differs from ``state`` only in the number of answers to an open
    round: the projector then needs the new count alone, not the whole board (which would be rebuilt on every
    answer). False for anything else (another stage, a closed round, a child joined, no or a garbled ``given``)."""
    if not state.open or not given:
        return False
    shown, _, _ = given.rpartition(".")
    return shown == state.version.rpartition(".")[0]


#: How many children are in a class (not removed) and how many of them answered a round: one query, built once.
_ACTIVE = (Participant.session_id == bindparam("session_id")) & Participant.removed.is_(False)
_COUNTS = db.select(
    db.select(func.count()).select_from(Participant).where(_ACTIVE).scalar_subquery(),
    db.select(func.count()).select_from(Answer).join(Participant, Answer.participant_id == Participant.id)
    .where(_ACTIVE, Answer.round_number == bindparam("number")).scalar_subquery(),
)
_CHILD_IDS = db.select(Participant.id, Participant.more_time).where(_ACTIVE).order_by(Participant.id)


def _counts(row: ClassSession) -> tuple[int, int]:
    """How many children are in the class (not removed) and how many of them answered its current round: one
    query."""
    found = db.session.execute(_COUNTS, {"session_id": row.id, "number": row.round_number}).one()
    return found[0], found[1]


def children_version(children: Iterable[tuple[int, bool]], asking: Iterable[int] = ()) -> str:
    """What the teacher's list of children depends on (its poll's ``v``): the ids of the children in the class,
    in the list's order, each with its ``more_time`` (:func:`child_ids`), and the ids of the requests to rejoin
    that wait (:func:`.rejoin.waiting`)."""
    text = ",".join(f"{i}{'+' if more else ''}" for i, more in children) + ";" + ",".join(map(str, asking))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def child_ids(row: ClassSession) -> list[tuple[int, bool]]:
    """The ids of the children in the class (not removed), in the order of ``row.participants``, each with its
    ``more_time``: one query, so the list's poll loads no children while nobody joined or left."""
    return [(i, bool(more)) for i, more in db.session.execute(_CHILD_IDS, {"session_id": row.id})]


def teacher_version(row: ClassSession, open_now: int, joined: int, answered: int, names: int, skat: str = "") -> str:
    """What the presenter's board depends on, as a short string (its poll's ``v``): the class's state (``open_now``:
    0 closed, 1 open, 2 open only for the children with more time), and how many children have joined, are named on
    the board, moved on in a Skat round (``skat``: :func:`.skat_board.progress`'s key, "" for a question class) and
    answered the round (last: see
    :func:`only_answers_changed`)."""
    return ".".join(str(part) for part in (
        row.mode, row.round_number, int(open_now), row.demo_number, row.demo_revealed, int(row.show_names),
        int(row.show_board), int(row.locked), joined, names, skat, answered))
