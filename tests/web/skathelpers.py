"""Helpers of the class Skat round tests (imported by module name; the e2e tests and ``benchmarks/`` import it
too): start a round, read a child's stored game and choose its next move, store finished deals without playing
them."""

from __future__ import annotations

import re

from webapp.classroom import service, skat_store
from webapp.core.db import db
from webapp.core.models import ClassSession, ClassSkatGame, Participant, utcnow
from webapp.games.skat.duplicate import DealScore, score_data
from webapp.games.skat.official import GameType
from webapp.games.skat import table_views
from webapp.games.skat.auction import Pass
from webapp.games.skat.table import Phase
from webapp.games.skat.table_codes import action_code

EN = {"Accept-Language": "en"}


def create_round(client, deals: int = 2, bots: str = "beginner", coach: str = "1") -> tuple[str, str]:
    """Start a Skat round (``client`` keeps the teacher cookie); return ``(join code, presenter URL)``."""
    response = client.post("/class/new", data={"kind": "skat_table", "deals": str(deals), "bots": bots,
                                                "coach": coach})
    assert response.status_code == 303, response.get_data(as_text=True)
    match = re.fullmatch(r"/class/([A-Z0-9]{6})/present", response.location)
    assert match, response.location
    return match.group(1), response.location


def stored(app, code: str, nickname: str, number: int) -> ClassSkatGame | None:
    """The stored game of ``nickname`` in class ``code``, deal ``number`` (None: none yet), detached."""
    with app.app_context():
        found = db.session.scalars(
            db.select(ClassSkatGame).join(Participant, Participant.id == ClassSkatGame.participant_id)
            .join(ClassSession, ClassSession.id == ClassSkatGame.session_id)
            .where(ClassSession.join_code == code, Participant.nickname == nickname, ClassSkatGame.deal == number)
        ).first()
        if found is not None:
            db.session.expunge(found)
        return found


def game_of(app, code: str, nickname: str, number: int) -> table_views.TableGame:
    """The child's game of deal ``number`` replayed from its stored moves."""
    row = stored(app, code, nickname, number)
    with app.app_context():
        session = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
        plan = skat_store.plans(session)[number - 1]
        level = str(skat_store.settings_of(session)["bots"])
    return table_views.replay(plan.seed, number, row.moves if row else "", {}, level, trusted=True)


def next_move(game: table_views.TableGame, passing: bool = False) -> str:
    """A legal move of the child now: the first legal action (``passing``: pass in the bidding when it may)."""
    actions = game.state.legal_actions()
    if passing and any(isinstance(a, Pass) for a in actions):
        return "pass"
    return action_code(actions[0])


def play_deal(app, child, code: str, nickname: str, number: int, passing: bool = False) -> None:
    """Play deal ``number`` to its end with legal moves (each acknowledged), reading the stored game each time."""
    assert child.get(f"/class/{code}/skat/{number}", headers=EN).status_code == 200
    for _ in range(80):
        game = game_of(app, code, nickname, number)
        if game.state.phase in (Phase.DONE, Phase.THROWN_IN):
            return
        response = child.post(f"/class/{code}/skat/{number}", data={"do": next_move(game, passing)}, headers=EN)
        assert response.status_code == 303, response.get_data(as_text=True)
    raise AssertionError("the deal did not end")


def finish_deal(app, code: str, nickname: str, number: int, points: int | None, result: object = None) -> None:
    """Store ``nickname``'s game of deal ``number`` in class ``code`` as finished with ``points`` (Seeger-Fabian:
    a positive number a declarer's won grand, a negative one a lost grand, 40 a defender against a lost game, 0 a
    defender against a won one), or with the raw ``result`` JSON when given (a damaged row); ``points`` None: the
    game started, not finished."""
    with app.app_context():
        row = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
        child = db.session.scalars(db.select(Participant).where(Participant.session_id == row.id,
                                                                 Participant.nickname == nickname)).one()
        if points is not None and result is None:
            declarer = points not in (0, 40)
            score = DealScore(number, GameType.GRAND, 24, declarer, points > 40 or points == 0, False,
                              points - 50 if points > 40 else points + 50 if points < 0 else 0, points, ())
            result = score_data(score)
        db.session.add(ClassSkatGame(session_id=row.id, participant_id=child.id, deal=number, moves="18",
                                     finished=points is not None, points=points,
                                     result=result if points is not None else None, updated_at=utcnow()))
        db.session.commit()


def finished_round(app, deals: int, results: dict[str, list[int | None]]) -> tuple[str, str, dict[str, str]]:
    """A Skat round of ``deals`` deals made in the database (no HTTP, so no CSRF token is needed): each child of
    ``results`` joined, its deals' Seeger-Fabian points in order (:func:`finish_deal`; None: that deal started, not
    finished; a shorter list: the later deals not started).

    Returns:
        ``(join code, teacher token, nickname -> child token)``: the tokens are the cookies' values
        (``teach_<code>`` and ``class_<code>``, path ``/class/<code>``).
    """
    with app.app_context():
        settings = {"deals": deals, "bots": "beginner", "coach": True}
        row, teacher = service.create(service.Settings(skat_store.KIND, "", deals), 1, skat=settings)
        code = row.join_code
        children = {nickname: service.join(row, nickname) for nickname in results}
    for nickname, points in results.items():
        for number, value in enumerate(points, start=1):
            finish_deal(app, code, nickname, number, value)
    return code, teacher, children
