"""The class's moment of a Skat round on the projector (issue 37, section 1) in Chromium: the reviewed games of a deal
(stored as the analysis pool's answers are), the decision most children got wrong with the open-cards line, at the
projector's, the laptop's and the tablet's size (layout and axe), and a new review swapped in by the 2 s poll.
Screenshots: test-artifacts/issue37/moment-*.png."""

from __future__ import annotations

import re
import secrets

import pytest
from flask import Flask
from playwright.sync_api import expect

from webapp.classroom import skat_review
from webapp.core.db import db
from webapp.core.models import ClassSession, ClassSkatGame, Participant, utcnow
from webapp.games.skat.analysis import Mistake
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import parse_card, parse_cards

from .accessibility import assert_accessible
from .helpers import SCREENS, assert_layout
from .test_classroom_skat import SHOTS

pytestmark = pytest.mark.e2e

#: The projector polls the moment every 2 s: plus slack for a busy machine.
LIVE = 8_000
#: Ada's line from her deciding card in trick 3: the rest of trick 3, then tricks 4 and 5.
LINE = "AH 7H 8H JC 9C 0C AS KS 7S"


def reviewed(app: Flask, code: str, nickname: str, number: int, card: str) -> None:
    """A child (joined) whose finished game of deal ``number`` has its review stored: ``card`` in trick 3 decided it,
    the jack of clubs would have kept the result."""
    line = tuple((seat, c) for seat, c in zip((Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND) * 3,
                                             parse_cards(LINE)))
    mistake = Mistake(3, parse_card(card), (parse_card("JC"),), 61, line, Seat.MIDDLEHAND, 6)
    with app.app_context():
        row = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
        child = Participant(session_id=row.id, nickname=nickname, token_hash=secrets.token_hex(32))
        db.session.add(child)
        db.session.flush()
        db.session.add(ClassSkatGame(session_id=row.id, participant_id=child.id, deal=number, moves=f"e2e-{nickname}",
                                     finished=True, points=-98, updated_at=utcnow(),
                                     result={"game": "hearts", "bid": 20, "declarer": True, "won": False,
                                             "score": -40, "points": -98},
                                     review=skat_review.review_data(type("Done", (), {"mistake": mistake}))))
        db.session.commit()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_projector_shows_the_class_moment_and_polls_for_more(new_page, live_app, lang):
    SHOTS.mkdir(parents=True, exist_ok=True)
    teacher = new_page(locale={"en": "en-US", "de": "de-DE"}[lang], viewport={"width": 1920, "height": 1080})
    teacher.goto("/class")
    teacher.fill("#skat-deals", "2")
    teacher.click("#class-skat-new")
    expect(teacher.locator("#join-code")).to_be_visible()
    code = teacher.locator("#join-code").inner_text().strip()
    reviewed(live_app, code, "Ada", 1, "AH")
    reviewed(live_app, code, "Ben", 1, "AH")
    reviewed(live_app, code, "Cem", 1, "KH")
    teacher.reload()
    moment = teacher.locator("#skat-moment-1")
    expect(moment.locator("#skat-moment-1-steps li").first).to_have_text(
        re.compile(r"^2 (of|von) 3 "))
    expect(moment.locator("#skat-moment-1-line li")).to_have_count(3)  # tricks 3, 4, 5
    expect(moment.locator("#skat-moment-1-line [role=img]")).to_have_count(9)
    for name, size, touch in SCREENS:
        if name in ("projector", "laptop", "tablet"):
            teacher.set_viewport_size(size)
            teacher.screenshot(path=str(SHOTS / f"moment-{name}-{lang}.png"), full_page=True)
            assert_layout(teacher, touch=False, what=f"the class's moment at {name} ({lang})")
    assert_accessible(teacher, f"the class's moment ({lang})")
    reviewed(live_app, code, "Dan", 1, "AH")  # one more child's review: the poll brings it
    expect(moment.locator("#skat-moment-1-steps li").first).to_have_text(re.compile(r"^3 (of|von) 4 "),
                                                                           timeout=LIVE)
