"""The live classroom (issue 16): presenter without the token, countdown from a stored deadline, points, streaks,
leaderboard and podium, series, lock, removal, the 61st child, code guessing.

Time comes from a clock the test moves (the app's ``CLASSROOM_CLOCK``), so no test waits for a countdown.
Expected points are computed by hand from the rule the teacher's page states: a right answer 1,000; with the speed
bonus and a countdown of T seconds, 1,000 x (1 - t / 2T) after t seconds; a wrong answer 0.
"""

from __future__ import annotations

import re
import shutil
from datetime import datetime, timedelta

import pytest
from flask import Flask

from classhelpers import EN, HX, act, create_class, csv_rows, join, state_url
from conftest import dispose, make_app
from webapp import quiz
from webapp.core.db import db
from webapp.core.models import ClassSession
from webapp.quiz import kinds


class Clock:
    """A clock the test moves by hand (naive UTC, as the app's)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 24, 9, 0, 0)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(tmp_path, migrated_sqlite, clock):
    path = tmp_path / "test.sqlite3"
    shutil.copy(migrated_sqlite, path)
    app = make_app(tmp_path, f"sqlite:///{path}", AUTO_MIGRATE=False, CLASSROOM_CLOCK=clock)
    yield app
    dispose(app)


@pytest.fixture
def client(app):
    return app.test_client()


def session_row(app: Flask, code: str) -> ClassSession:
    with app.app_context():
        row = db.session.execute(db.select(ClassSession).filter_by(join_code=code)).scalar_one()
        db.session.expunge(row)
        return row


def form_for(app: Flask, code: str, right: bool) -> dict:
    """The answer form of the open round: the right answer (from the kind's own solver) or a complete wrong one."""
    row = session_row(app, code)
    question = quiz.question(row.kind, row.difficulty, row.seed, row.round_number - 1)
    kind = kinds.get(row.kind)
    answer = kind.solve(question)
    if not right:
        answer = {"trump": "C", "value": 999} if row.kind == "skat_family" else None
        assert answer is not None, "wrong answers are written for skat_family only"
    def field(value):  # several values of one field (cards picked) are sent as the browser sends them: repeated
        return [str(v) for v in value] if isinstance(value, (list, tuple)) else "" if value is None else str(value)

    return {"round": str(row.round_number), **{k: field(v) for k, v in answer.items()}}


def board(client, url: str) -> str:
    return client.get(url + "/board", headers=HX).get_data(as_text=True)


def play(child, code: str) -> str:
    return child.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)


# --- the presenter address -------------------------------------------------------------------------------------
def test_the_token_is_never_in_an_address_or_a_page_after_the_first_redirect(app, client):
    response = client.post("/class/new", data={"kind": "skat_family", "difficulty": "normal", "count": "3"})
    code = re.fullmatch(r"/class/(\w{6})/present", response.location).group(1)
    token = client.get_cookie(f"teach_{code}", path=f"/class/{code}").value
    assert len(token) == 43 and token not in response.location and token not in response.get_data(as_text=True)
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and f"Path=/class/{code}" in cookie and "SameSite=Strict" in cookie

    url = f"/class/{code}/present"
    seen = [client.get(url, headers=EN), client.get(url + "/board", headers=HX), client.get(url + "/end", headers=EN)]
    for action in ("ask", "close", "board", "names", "lock"):
        seen.append(client.post(url + "/do", data={"action": action}))
        seen.append(client.post(url + "/do", data={"action": action}, headers=HX))
    seen.append(client.get(url + "/export.csv"))
    # An older teacher link: sets the cookie for a new browser and sends it on without the token.
    projector = app.test_client()
    first = projector.get(f"/class/{code}/teach/{token}")
    assert first.status_code == 303 and first.location == url
    assert projector.get(url, headers=EN).status_code == 200
    seen.append(first)
    for answer in seen:
        assert token not in answer.headers.get("Location", ""), answer.request.path
        assert token not in answer.get_data(as_text=True), answer.request.path
        assert answer.status_code < 500
    assert app.test_client().get(url).status_code == 404  # no cookie, no presenter
    assert app.test_client().get(f"/class/{code}/teach/{'A' * 43}").status_code == 404


def test_controls_answer_htmx_with_the_presenter_in_place_and_plain_forms_with_a_redirect(app, client):
    code, url = create_class(client)
    response = client.post(url + "/do", data={"action": "ask"}, headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and html.lstrip().startswith('<div id="presenter"')
    assert "<html" not in html and "HX-Redirect" not in response.headers and "HX-Location" not in response.headers
    assert 'id="do-close"' in html
    response = client.post(url + "/do", data={"action": "close"})
    assert response.status_code == 303 and response.location == url


# --- a round: countdown, what the projector shows, points -----------------------------------------------------
def test_a_countdown_closes_answers_at_the_stored_deadline(app, client, clock):
    code, url = create_class(client)
    mia = join(app, code, "Mia")
    act(client, url, "ask", countdown="20", speed_bonus_shown="1")
    page = play(mia, code)
    assert 'data-seconds="20"' in page and 'class="countdown cd-20"' in page
    clock.advance(7.5)
    assert 'data-seconds="13"' in board(client, url)  # rounded up: 12.5 s left
    state = state_url(page)
    assert mia.get(state, headers=HX).status_code == 204
    clock.advance(12.5)  # the deadline: answers are closed without anybody pressing a button
    response = mia.get(state, headers=HX)
    assert response.status_code == 200 and 'id="child-missed"' in response.get_data(as_text=True)
    assert mia.post(f"/class/{code}/answer", data=form_for(app, code, True)).status_code == 409
    closed = board(client, url)
    assert 'id="round-closed"' in closed and 'id="round-answer"' in closed and "data-seconds" not in closed


def test_the_deadline_survives_a_restart(app, client, clock, tmp_path):
    code, url = create_class(client)
    mia = join(app, code, "Mia")
    act(client, url, "ask", countdown="30")
    clock.advance(10)
    restarted = make_app(tmp_path, app.config["SQLALCHEMY_DATABASE_URI"], AUTO_MIGRATE=False, CLASSROOM_CLOCK=clock)
    try:
        child = restarted.test_client()
        child.set_cookie(f"class_{code}", mia.get_cookie(f"class_{code}", path=f"/class/{code}").value,
                         path=f"/class/{code}")
        assert 'data-seconds="20"' in play(child, code)
        clock.advance(20)
        assert 'id="child-missed"' in play(child, code)
    finally:
        dispose(restarted)


def test_the_projector_shows_the_question_and_only_the_count_while_open(app, client):
    code, url = create_class(client)
    children = [join(app, code, name) for name in ("Anna", "Ben", "Cem")]
    act(client, url, "ask")
    children[0].post(f"/class/{code}/answer", data=form_for(app, code, True))
    children[1].post(f"/class/{code}/answer", data=form_for(app, code, False))
    open_board = board(client, url)
    kind_texts = kinds.get("skat_family").FIELDS
    assert 'class="q-cards huge"' in open_board and 'class="round-choices"' in open_board
    assert open_board.count('class="round-asked"') == len(kind_texts)
    assert "2 of 3 children answered" in open_board
    for secret in ('id="live-bars"', 'id="round-answer"', 'id="round-steps"', "✓", "Anna", "Ben"):
        assert secret not in open_board
    act(client, url, "close")
    closed = board(client, url)
    assert 'id="live-bars"' in closed and 'id="round-answer"' in closed and 'id="round-steps"' in closed


def test_points_streaks_leaderboard_and_csv_against_hand_computed_values(app, client, clock):
    code, url = create_class(client)
    names = ("Anna", "Ben", "Cem", "Dana", "Emil", "Fritz")
    kids = {name: join(app, code, name) for name in names}

    def round_(answers: dict[str, tuple[float, bool]], countdown: str = "20") -> None:
        """Ask; each child answers after t seconds (sorted by t), right or wrong; then close."""
        act(client, url, "ask", countdown=countdown, speed_bonus="1", speed_bonus_shown="1")
        start = clock.now
        for name, (t, right) in sorted(answers.items(), key=lambda item: item[1][0]):
            clock.now = start + timedelta(seconds=t)
            assert kids[name].post(f"/class/{code}/answer", data=form_for(app, code, right)).status_code == 303
        act(client, url, "close")

    # Round 1, 20 s with speed bonus: 1000*(1 - t/40).
    round_({"Anna": (0, True), "Ben": (10, True), "Cem": (5, True), "Dana": (2, False), "Emil": (19, True)})
    # Round 2, 10 s: 1000*(1 - t/20).
    round_({"Anna": (4, True), "Ben": (1, False), "Cem": (0, True), "Emil": (10 - 0.001, True)}, countdown="10")
    # Round 3 without a countdown: no clock to race, 1,000 for a right answer.
    round_({"Anna": (50, True), "Fritz": (3, True)}, countdown="0")
    expected = {"Anna": 1000 + 800 + 1000, "Ben": 750 + 0, "Cem": 875 + 1000, "Dana": 0, "Emil": 525 + 500,
                "Fritz": 1000}
    # Emil: round 1 after 19 s: 1000 * (1 - 19/40) = 525; round 2 after 9.999 s: 1000 * (1 - 9.999/20) = 500.05 -> 500.

    rows = csv_rows(client, url)
    assert rows[0] == ["round", "nickname", "answer", "correct", "points", "seconds", "answered_at_utc"]
    totals: dict[str, int] = {}
    for row in rows[1:]:
        totals[row[1]] = totals.get(row[1], 0) + int(row[4])
    assert totals == {name: points for name, points in expected.items() if name in totals}
    seconds = {(r[0], r[1]): r[5] for r in rows[1:]}
    assert seconds[("1", "Ben")] == "10.0" and seconds[("2", "Emil")] == "10.0" and seconds[("3", "Anna")] == "50.0"

    assert 'id="leaderboard"' not in board(client, url)  # only when the teacher shows it
    act(client, url, "board")
    shown = board(client, url)
    lines = re.findall(r'<span class="lb-place">(\d+)</span> <span class="lb-name">(\w+)</span> '
                       r'<span class="lb-points">([\d,]+) points</span>', shown)
    ranked = sorted(expected.items(), key=lambda item: (-item[1], item[0]))[:5]
    assert [(name, int(points.replace(",", ""))) for _, name, points in lines] == ranked
    assert [int(place) for place, _, _ in lines] == [1, 2, 3, 4, 5]
    assert "Dana" not in shown  # sixth: not on the top 5

    anna = play(kids["Anna"], code)
    assert "3 right in a row!" in anna and "+1,000 points" in anna and "place 1 with 2,800 points" in anna
    assert "right in a row" not in play(kids["Fritz"], code)  # one right answer is no streak yet


def test_a_tie_shares_a_place_and_the_podium_and_places_at_the_end(app, client):
    code, url = create_class(client)
    kids = {name: join(app, code, name) for name in ("Anna", "Ben", "Cem", "Dana")}
    act(client, url, "ask")
    for name in ("Anna", "Ben"):
        kids[name].post(f"/class/{code}/answer", data=form_for(app, code, True))
    kids["Cem"].post(f"/class/{code}/answer", data=form_for(app, code, False))
    act(client, url, "close")
    act(client, url, "end", confirm="yes")
    final = board(client, url)
    steps = re.findall(r'<li class="podium-step podium-(\d)">(.*?)</li>', final, re.S)
    podium = [(place, re.findall(r'<span class="podium-name">(\w+)</span>', step)) for place, step in steps]
    assert podium == [("1", ["Anna", "Ben"])]  # 1000, 1000 share the first step; Cem and Dana (0: last) are not named
    assert "Cem" not in final and "Dana" not in final
    assert "You are in place 1 with 1,000 points." in play(kids["Ben"], code)
    assert "You are in place 3 with 0 points." in play(kids["Dana"], code)


# --- a series ------------------------------------------------------------------------------------------------
def test_a_series_asks_its_questions_in_order_then_the_podium(app, client):
    response = client.post("/class/new", data={"kind": "skat_family", "difficulty": "normal", "count": "2"})
    url = response.location
    code = url.split("/")[2]
    act(client, url, "ask")
    assert "Question 1 of 2" in board(client, url)
    act(client, url, "ask")
    page = client.get(url, headers=EN).get_data(as_text=True)
    assert 'id="do-ask"' not in page and 'id="do-podium"' in page
    refused = client.post(url + "/do", data={"action": "ask"}, headers=HX)
    assert refused.status_code == 409 and "All 2 questions of this class have been asked." in refused.get_data(True)
    act(client, url, "end", confirm="yes")  # "Show the podium"
    assert session_row(app, code).mode == "ended"


def test_a_quiz_code_plays_that_quizs_questions_in_order(app, client):
    with app.app_context():
        from webapp.quiz.service import Settings, create_quiz
        found = create_quiz(Settings("tichu_legality", "hard", 4))
        quiz_code = found.code
    response = client.post("/class/new", data={"quiz": quiz_code.lower(), "kind": "skat_family"})
    assert response.status_code == 303
    row = session_row(app, response.location.split("/")[2])
    assert (row.kind, row.difficulty, row.series_count, row.seed) == ("tichu_legality", "hard", 4, quiz_code)
    bad = client.post("/class/new", data={"quiz": "ZZZZZZ"}, headers=EN)
    assert bad.status_code == 400 and "There is no quiz with the code ZZZZZZ" in bad.get_data(as_text=True)
    assert 'value="ZZZZZZ"' in bad.get_data(as_text=True)  # the form keeps what was typed


@pytest.mark.parametrize("kind", sorted(kinds.KINDS))
def test_every_registered_kind_plays_a_round(app, client, kind):
    code, url = create_class(client, kind=kind)
    child = join(app, code, "Mia")
    act(client, url, "ask")
    row = session_row(app, code)
    shown = kinds.get(kind).show(quiz.question(row.kind, row.difficulty, row.seed, row.round_number - 1))
    # the projector draws the cards big; a question without cards (skat_bid: "the last bid was 23") has none
    assert ('class="q-cards huge"' in board(client, url)) == any(group.cards for group in shown)
    assert 'id="child-form"' in play(child, code)
    assert child.post(f"/class/{code}/answer", data=form_for(app, code, True)).status_code == 303
    act(client, url, "close")
    assert "Right!" in play(child, code)


# --- lock, remove, the 61st child, ending ------------------------------------------------------------------
def test_locking_joining(app, client):
    code, url = create_class(client)
    act(client, url, "lock")
    late = app.test_client().post("/class/join", data={"code": code, "nickname": "Late"}, headers=EN)
    text = late.get_data(as_text=True)
    assert late.status_code == 409 and "closed this class to new children" in text and 'value="Late"' in text
    act(client, url, "lock")
    join(app, code, "Late")


def test_a_removed_child_is_told_and_counts_no_more(app, client):
    code, url = create_class(client)
    mia, ben = join(app, code, "Mia"), join(app, code, "Ben")
    act(client, url, "ask")
    page = play(mia, code)
    state = state_url(page)
    presenter = client.get(url, headers=EN).get_data(as_text=True)
    mia_id = re.search(r'<span>Mia</span> <form.*?name="child" value="(\d+)"', presenter).group(1)
    act(client, url, "remove", child=mia_id)
    told = mia.get(state, headers=HX)
    assert told.status_code == 200 and "The teacher has taken you out of this class." in told.get_data(as_text=True)
    assert 'hx-trigger' not in told.get_data(as_text=True)  # the tablet stops asking
    assert mia.post(f"/class/{code}/answer", data=form_for(app, code, True)).status_code == 409
    assert "1 of 1 child answered" not in board(client, url) and "0 of 1 child answered" in board(client, url)
    ben.post(f"/class/{code}/answer", data=form_for(app, code, True))
    act(client, url, "close")
    act(client, url, "board")
    assert "Mia" not in board(client, url) and "Ben" in board(client, url)
    assert client.post(url + "/do", data={"action": "remove", "child": mia_id}).status_code == 409  # already out
    assert client.post(url + "/do", data={"action": "remove", "child": "x"}).status_code == 400


def test_the_61st_child_is_told_the_class_is_full(app, client):
    code, url = create_class(client)
    for i in range(60):
        join(app, code, f"Kind {i}")
    late = app.test_client().post("/class/join", data={"code": code, "nickname": "Kind 60"}, headers=EN)
    text = late.get_data(as_text=True)
    assert late.status_code == 409 and "This class is full: it already has 60 children." in text
    assert "60 children have joined" in board(client, url)


def test_ending_needs_a_confirmation_without_javascript_too(app, client):
    code, url = create_class(client)
    response = client.post(url + "/do", data={"action": "end"}, headers=HX)
    assert response.status_code == 409 and "Please confirm" in response.get_data(as_text=True)
    page = client.get(url + "/end", headers=EN).get_data(as_text=True)
    assert 'id="do-end-yes"' in page and 'name="confirm" value="yes"' in page and 'id="do-end-no"' in page
    assert session_row(app, code).mode == "lobby"


# --- guessing codes ------------------------------------------------------------------------------------------
def test_presenter_addresses_tell_no_code_and_are_not_guess_limited(app, client):
    """Without the teacher cookie the presenter's pages answer 404 to a live code as to a wrong one: they tell no
    code, so they count no guess (issue 34: they shared the count, and a guesser's 429s locked the teacher out);
    past the guess limit the teacher, with the cookie, is still served."""
    code, url = create_class(client)
    guesser = app.test_client()
    statuses = []
    for i in range(150):
        path = (f"/class/Q{i:05d}/present", f"/class/Q{i:05d}/present/board", f"/class/Q{i:05d}/teach/x",
                url)[i % 4]
        statuses.append(guesser.get(path, headers=EN).status_code)
    assert set(statuses) == {404}
    assert {guesser.get(f"/class/Q{i:05d}", headers=EN).status_code for i in range(130)} == {404, 429}
    assert guesser.get(url, headers=EN).status_code == 404
    assert client.get(url, headers=EN).status_code == 200 and client.get(url + "/board", headers=HX).status_code == 200


# --- what the whole class shares ----------------------------------------------------------------------------
def test_the_question_is_rendered_once_per_round_and_language_for_the_whole_class(app, client):
    """Thirty tablets in two languages ask for the open question: its cards and buttons are rendered once per
    language (three parts: the tablets' cards and buttons, the projector's view), not once per child."""
    from webapp.classroom.shared import KEY

    code, url = create_class(client)
    kids = [join(app, code, f"Kind {i}") for i in range(30)]
    act(client, url, "ask")
    store = app.extensions[KEY]
    before = store.made
    for i, kid in enumerate(kids):
        page = kid.get(f"/class/{code}/play", headers={"Accept-Language": ("en", "de")[i % 2]}).get_data(True)
        assert 'id="child-form"' in page and page.count('class="q-card ') == 10
    assert store.made - before == 2 * 3
    german = kids[1].get(f"/class/{code}/play", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Trumpf" in german and "Pass" in german  # the German buttons
    # After the round: the standings are made once for the class, not once per child.
    act(client, url, "close")
    before = store.made
    for kid in kids:
        assert "You are in place 1 with 0 points." in play(kid, code)
    assert store.made - before == 1
