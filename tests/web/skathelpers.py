"""Helpers of the class Skat round tests (imported by module name): start a round, read a child's stored game
and choose its next move."""

from __future__ import annotations

import re

from webapp.classroom import skat_store
from webapp.core.db import db
from webapp.core.models import ClassSession, ClassSkatGame, Participant
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
