"""Fair and kind scoring in the live classroom (issue 37, section 2): the scoring switch ("right answers only" by
default, or "speed counts"), the countdown off, more time for one child, rejoining on a new device with the
teacher's yes (and the hostile requests around it), and the question in full on every tablet.

Time comes from the clock the test moves (as in test_classroom_live); expected points by hand from the stated rule.
"""

from __future__ import annotations

import re
from datetime import timedelta

from classhelpers import EN, HX, act, create_class, join
from test_classroom_live import app, board, client, clock, form_for, play, session_row  # noqa: F401 (fixtures)
from conftest import dispose, make_app
from webapp.core.db import db
from webapp.core.models import ClassRejoin, Participant, Response


def points_of(app, code: str) -> dict[str, list[int]]:
    """Every child's stored points, by round."""
    with app.app_context():
        rows = db.session.execute(db.select(Participant.nickname, Response.points)
                                  .join(Response, Response.participant_id == Participant.id)
                                  .order_by(Response.round_number)).all()
    found: dict[str, list[int]] = {}
    for nickname, points in rows:
        found.setdefault(nickname, []).append(points)
    return found


def child_id(app, code: str, nickname: str) -> str:
    with app.app_context():
        return str(db.session.scalar(db.select(Participant.id).filter_by(nickname=nickname)))


def answer(child, app, code: str, right: bool = True, headers=None):
    return child.post(f"/class/{code}/answer", data=form_for(app, code, right), headers=headers)


# --- the scoring switch and the countdown --------------------------------------------------------------------
def test_a_new_class_counts_right_answers_only_and_has_no_countdown(app, client, clock):
    code, url = create_class(client)
    page = client.get(url, headers=EN).get_data(as_text=True)
    assert 'name="speed_bonus" value="0" checked' in page and 'name="speed_bonus" value="1" checked' not in page
    assert re.search(r'<option value="0" selected>none</option>', page)
    mia = join(app, code, "Mia")
    act(client, url, "ask")
    clock.advance(600)  # no countdown: open until the teacher stops the answers, and no clock to race
    assert answer(mia, app, code).status_code == 303
    assert points_of(app, code) == {"Mia": [1000]}


def test_the_teacher_switches_the_scoring_between_questions(app, client, clock):
    code, url = create_class(client)
    mia = join(app, code, "Mia")
    for scoring, expected in (("0", 1000), ("1", 875), ("0", 1000)):  # 5 s of 20: 1000 * (1 - 5/40) = 875
        act(client, url, "ask", countdown="20", speed_bonus=scoring, speed_bonus_shown="1")
        clock.advance(5)
        assert answer(mia, app, code).status_code == 303
        act(client, url, "close")
        assert points_of(app, code)["Mia"][-1] == expected
    assert points_of(app, code) == {"Mia": [1000, 875, 1000]}


# --- more time for one child ---------------------------------------------------------------------------------
def test_a_child_with_more_time_answers_after_the_countdown_until_the_teacher_stops(app, client, clock):
    code, url = create_class(client)
    mia, ben, cem = (join(app, code, name) for name in ("Mia", "Ben", "Cem"))
    clicked = client.post(url + "/do", data={"action": "more_time", "child": child_id(app, code, "Mia")}, headers=HX)
    assert 'id="children-list" open' in clicked.get_data(as_text=True)  # the teacher's list stays open
    listed = client.get(url + "/children", headers=HX).get_data(as_text=True)
    assert re.search(r'id="more-time-\d+" aria-pressed="true"', listed)
    act(client, url, "ask", countdown="10", speed_bonus="1", speed_bonus_shown="1")
    assert answer(cem, app, code).status_code == 303  # at once: 1,000
    clock.advance(30)  # the countdown is over
    assert answer(ben, app, code).status_code == 409
    waiting = play(ben, code)  # Ben waits with the class: no solution while Mia may still answer
    assert 'id="child-waiting"' in waiting and 'id="child-feedback"' not in waiting
    presenter = board(client, url)
    assert 'id="live-bars"' not in presenter and 'id="round-answer"' not in presenter
    page = client.get(url, headers=EN).get_data(as_text=True)
    assert 'id="do-close"' in page and 'id="more-time-note"' in page
    assert 'id="child-form"' in play(mia, code)
    assert answer(mia, app, code).status_code == 303  # late: the slowest speed points, 500
    act(client, url, "close")
    assert 'id="child-missed"' in play(ben, code) and 'id="child-feedback"' in play(cem, code)
    assert 'id="live-bars"' in board(client, url)
    assert points_of(app, code) == {"Cem": [1000], "Mia": [500]}
    act(client, url, "more_time", child=child_id(app, code, "Mia"))  # taken back: the next round is as for all
    act(client, url, "ask", countdown="10")
    clock.advance(30)
    assert answer(mia, app, code).status_code == 409
    assert 'id="child-missed"' in play(mia, code)


def test_more_time_is_the_teachers_and_only_for_a_child_of_the_class(app, client):
    code, url = create_class(client)
    join(app, code, "Mia")
    other = app.test_client()
    other_code, other_url = create_class(other)
    join(app, other_code, "Ben")
    mia = child_id(app, code, "Mia")
    assert app.test_client().post(url + "/do", data={"action": "more_time", "child": mia}).status_code == 404
    assert other.post(other_url + "/do", data={"action": "more_time", "child": mia}, headers=HX).status_code == 409
    for bad in ("x", "-1", "9" * 12, "١"):
        assert client.post(url + "/do", data={"action": "more_time", "child": bad}).status_code == 400
    assert client.post(url + "/do", data={"action": "more_time", "child": "999999"}, headers=HX).status_code == 409
    assert session_row(app, code).held is False


# --- rejoining on a new device -------------------------------------------------------------------------------
def rejoin(app, code: str, nickname: str, client=None):
    """A device (new unless ``client``) asking to take ``nickname``'s seat: (client, response)."""
    device = client or app.test_client()
    return device, device.post("/class/rejoin", data={"code": code, "nickname": nickname}, headers=EN)


def waiting_ids(app) -> list[str]:
    with app.app_context():
        return [str(i) for i in db.session.scalars(db.select(ClassRejoin.id).order_by(ClassRejoin.id))]


def test_a_child_rejoins_on_a_new_device_with_the_teachers_yes_and_keeps_its_points(app, client):
    code, url = create_class(client)
    mia = join(app, code, "Mia")
    act(client, url, "ask")
    assert answer(mia, app, code).status_code == 303
    act(client, url, "close")
    taken = app.test_client().post("/class/join", data={"code": code, "nickname": "Mia"}, headers=EN)
    assert taken.status_code == 409 and 'id="class-rejoin-form"' in taken.get_data(as_text=True)
    tablet, response = rejoin(app, code, "Mia")
    assert response.status_code == 303 and response.location == f"/class/{code}/rejoin"
    assert 'id="rejoin-wait"' in tablet.get(response.location, headers=EN).get_data(as_text=True)
    assert tablet.get(f"/class/{code}/play").status_code == 303  # no seat before the teacher says yes
    listed = client.get(url + "/children", headers=HX).get_data(as_text=True)
    assert "Mia wants to rejoin on another device." in listed and 'hx-swap-oob="true"' in listed
    assert "Mia wants to rejoin" in client.get(url, headers=EN).get_data(as_text=True)
    (request_id,) = waiting_ids(app)
    act(client, url, "let_in", rejoin=request_id)
    moved = tablet.get(f"/class/{code}/rejoin", headers=HX)
    assert moved.headers.get("HX-Redirect") == f"/class/{code}/play"
    page = play(tablet, code)
    assert 'id="child-nickname">Mia<' in page and "You are in place 1 with 1,000 points." in page
    assert mia.get(f"/class/{code}/play").status_code == 303  # the old cookie no longer holds the seat
    assert waiting_ids(app) == []


def test_the_teacher_refuses_a_stranger(app, client):
    code, url = create_class(client)
    mia = join(app, code, "Mia")
    stranger, _ = rejoin(app, code, "Mia")
    act(client, url, "refuse", rejoin=waiting_ids(app)[0])
    assert 'id="rejoin-title">Your teacher did not let this device in.' in stranger.get(
        f"/class/{code}/rejoin", headers=EN).get_data(as_text=True)
    assert stranger.get(f"/class/{code}/play").status_code == 303
    assert 'id="child-nickname">Mia<' in play(mia, code)
    assert "wants to rejoin" not in client.get(url + "/children", headers=HX).get_data(as_text=True)
    assert app.test_client().get(f"/class/{code}/rejoin").status_code == 303  # no request: to the join page


def test_hostile_rejoin_requests_answer_4xx_and_take_no_seat(app, client):
    code, url = create_class(client)
    mia = join(app, code, "Mia")
    other = app.test_client()
    other_code, other_url = create_class(other)
    join(app, other_code, "Ben")
    assert rejoin(app, code, "Ben")[1].status_code == 404  # a nickname of another class
    assert rejoin(app, code, "Nobody")[1].status_code == 404
    assert rejoin(app, "ZZZZZZ", "Mia")[1].status_code == 404
    for bad in ("", " ", "x" * 30, "a\u200bb"):
        assert rejoin(app, code, bad)[1].status_code == 400
    _, stranger = rejoin(app, code, "Mia")
    (request_id,) = waiting_ids(app)
    # Letting in without the teacher cookie, or as another class's teacher, or a request made up: refused.
    assert app.test_client().post(url + "/do", data={"action": "let_in", "rejoin": request_id}).status_code == 404
    assert mia.post(url + "/do", data={"action": "let_in", "rejoin": request_id}).status_code == 404
    assert other.post(other_url + "/do", data={"action": "let_in", "rejoin": request_id},
                      headers=HX).status_code == 409
    assert client.post(url + "/do", data={"action": "let_in", "rejoin": "424242"}, headers=HX).status_code == 409
    assert client.post(url + "/do", data={"action": "let_in", "rejoin": "1x"}).status_code == 400
    assert client.post(url + "/do", data={"action": "let_in"}, headers=HX).status_code == 409
    assert waiting_ids(app) == [request_id]
    # A forged class cookie is nobody's seat.
    forged = app.test_client()
    forged.set_cookie(f"class_{code}", "A" * 32, path=f"/class/{code}")
    assert forged.get(f"/class/{code}/play").status_code == 303
    assert forged.get(f"/class/{code}/rejoin").status_code == 303


def test_rejoin_requests_are_bounded_per_class_and_per_address(app, client):
    code, url = create_class(client)
    for name in ("Anna", "Ben", "Cem", "Dana"):
        join(app, code, name)
    assert [rejoin(app, code, name)[1].status_code for name in ("Anna", "Ben", "Cem")] == [303] * 3
    busy = rejoin(app, code, "Dana")[1]
    assert busy.status_code == 429 and "Other children are waiting for the teacher." in busy.get_data(as_text=True)
    assert rejoin(app, code, "Anna")[1].status_code == 303  # Anna's new request replaces her older one
    assert len(waiting_ids(app)) == 3


def test_the_rejoin_route_is_rate_limited(tmp_path, migrated_sqlite):
    import shutil

    path = tmp_path / "limited.sqlite3"
    shutil.copy(migrated_sqlite, path)
    limited = make_app(tmp_path, f"sqlite:///{path}", AUTO_MIGRATE=False, RATELIMIT_ENABLED=True,
                       CLASS_REJOIN_LIMIT="2 per minute")
    try:
        teacher = limited.test_client()
        code, _ = create_class(teacher)
        join(limited, code, "Mia")
        statuses = [rejoin(limited, code, "Mia")[1].status_code for _ in range(3)]
        assert statuses == [303, 303, 429]
    finally:
        dispose(limited)


# --- the question in full on every tablet --------------------------------------------------------------------
def test_the_tablet_shows_what_the_projector_asks_before_and_after_the_answer(app, client):
    code, url = create_class(client)
    mia = join(app, code, "Mia")
    act(client, url, "ask")
    headline = re.search(r'id="round-headline">([^<]+)<', board(client, url)).group(1)
    open_page = play(mia, code)
    assert f'id="child-question">{headline}<' in open_page and 'class="q-cards' in open_page
    answer(mia, app, code)
    saved = play(mia, code)
    assert 'id="child-saved"' in saved and f'id="child-question">{headline}<' in saved
    assert 'class="q-cards' in saved
    ben = join(app, code, "Ben")
    act(client, url, "close")
    missed = play(ben, code)
    assert 'id="child-missed"' in missed and f'id="child-question">{headline}<' in missed
