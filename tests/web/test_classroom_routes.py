"""The classroom routes: teacher link, joining, answering once, live results, CSV, security."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from flask import request_started

from classhelpers import EN, HX, act, create_class, csv_rows, join, state_url
from webapp import SettingError, create_app, quiz
from webapp.core.db import db
from webapp.core.models import ClassSession, Participant, utcnow
from webapp.quiz import kinds


def current_question(app, code: str) -> dict:
    with app.app_context():
        row = db.session.execute(db.select(ClassSession).filter_by(join_code=code)).scalar_one()
        return quiz.question(row.kind, row.difficulty, row.seed, row.round_number - 1)  # round n: question n - 1


def answer_form(app, code: str, right: bool) -> dict:
    question = current_question(app, code)
    answer = kinds.get("skat_family").solve(question)
    if not right:
        answer = {"trump": "C", "value": 999}
    with app.app_context():
        number = db.session.execute(db.select(ClassSession).filter_by(join_code=code)).scalar_one().round_number
    return {"round": str(number), **{k: "" if v is None else str(v) for k, v in answer.items()}}


@pytest.mark.parametrize("lang, text", [("en", "Join a class"), ("de", "Bei einer Klasse mitmachen")])
def test_start_page(client, lang, text):
    html = client.get("/class", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert text in html and 'name="nickname"' in html and 'maxlength="20"' in html


def test_teacher_page_shows_code_qr_and_keeps_the_link_private(client):
    code, url = create_class(client)
    response = client.get(url, headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert f'id="join-code" aria-label="Class code">{code}<' in html
    assert f'src="/class/{code}/qr.svg?v=' in html
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "unsafe-inline" not in response.headers["Content-Security-Policy"]
    assert "0 children have joined" in html


def test_qr_code_is_svg_made_here(client):
    code, _ = create_class(client)
    response = client.get(f"/class/{code}/qr.svg", follow_redirects=True)
    svg = response.get_data(as_text=True)
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert svg.startswith("<svg") and f"/class/{code}</title>" in svg
    assert client.get("/class/ZZZZZZ/qr.svg").status_code == 404


def test_wrong_or_guessed_teacher_tokens_get_404(app, client):
    code, url = create_class(client)
    other_code, other_url = create_class(client)
    token = client.get_cookie(f"teach_{code}", path=f"/class/{code}").value
    other_token = client.get_cookie(f"teach_{other_code}", path=f"/class/{other_code}").value
    links = [
        f"/class/{code}/teach/{'A' * 43}",
        f"/class/{code}/teach/{token[:-1]}",
        f"/class/{code}/teach/{other_token}",  # another class's token
        f"/class/{other_code}/teach/{token}",
        f"/class/{code}/teach/{'x' * 5000}",
    ]
    for link in links:
        assert app.test_client().get(link).status_code == 404, link
    # The presenter with no cookie, a guessed one, or another class's token under this class's name.
    for value in (None, "A" * 43, other_token, "x" * 3000):
        stranger = app.test_client()
        if value is not None:
            stranger.set_cookie(f"teach_{code}", value, path=f"/class/{code}")
        for suffix in ("", "/board", "/end", "/children", "/export.csv"):
            assert stranger.get(url + suffix).status_code == 404, (value, suffix)
        assert stranger.post(url + "/do", data={"action": "end", "confirm": "yes"}).status_code == 404
    child = join(app, code, "Mia")
    assert child.get(f"/class/{code}/teach/").status_code == 404
    assert child.get(url).status_code == 404  # a child's class cookie is no teacher key
    assert app.test_client().get(f"/class/{code}/teach/{token}").status_code == 303  # the right link still works


def test_a_whole_round_join_answer_live_results_feedback_csv(app, client):
    code, url = create_class(client)
    anna, ben, cem = join(app, code, "Anna"), join(app, code, "Ben"), join(app, code, "Cem")
    assert "3 children have joined" in client.get(url + "/board", headers=HX).get_data(as_text=True)
    assert "Look at the board." in anna.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    # answering before a question is open
    assert anna.post(f"/class/{code}/answer", data={"round": "0", "trump": "pass"}).status_code == 409

    act(client, url, "ask")
    page = anna.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    assert 'id="child-form"' in page and "Question 1" in page
    assert anna.post(f"/class/{code}/answer", data=answer_form(app, code, right=True)).status_code == 303
    response = ben.post(f"/class/{code}/answer", data=answer_form(app, code, right=False), headers=HX)
    assert response.status_code == 200 and 'id="child-saved"' in response.get_data(as_text=True)

    live = client.get(url + "/board", headers=HX).get_data(as_text=True)
    assert "2 of 3 children answered" in live
    assert '<li class="bar' not in live and 'id="live-bars"' not in live  # no distribution while answers are open
    assert "Anna" not in live and "Ben" not in live  # no names unless the teacher shows them
    assert "✓" not in live and 'id="round-answer"' not in live  # the right answer stays hidden while open

    act(client, url, "close")
    live = client.get(url + "/board", headers=HX).get_data(as_text=True)
    assert live.count("✓") == 1 and live.count('<li class="bar') == 2
    projector = client.get(url, headers=EN).get_data(as_text=True)
    assert 'id="round-answer"' in projector and 'id="round-steps"' in projector
    assert "Right!" in anna.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    ben_page = ben.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    assert "Not quite." in ben_page and "Anna" not in ben_page  # a child sees only their own answer
    assert "This question is closed" in cem.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    assert cem.post(f"/class/{code}/answer", data=answer_form(app, code, True)).status_code == 409

    act(client, url, "names")
    live = client.get(url + "/board", headers=HX).get_data(as_text=True)
    assert "Anna" in live and "Ben" in live

    rows = csv_rows(client, url)
    assert rows[0] == ["round", "nickname", "answer", "correct", "points", "seconds", "answered_at_utc"]
    assert [(r[0], r[1], r[3], r[4]) for r in rows[1:]] == [("1", "Anna", "yes", "1000"), ("1", "Ben", "no", "0")]


def test_an_answer_is_stored_once(app, client):
    code, url = create_class(client)
    child = join(app, code, "Mia")
    act(client, url, "ask")
    right, wrong = answer_form(app, code, True), answer_form(app, code, False)
    assert child.post(f"/class/{code}/answer", data=right).status_code == 303
    assert child.post(f"/class/{code}/answer", data=wrong).status_code == 303  # second tab, changes nothing
    rows = csv_rows(client, url)
    assert len(rows) == 2 and rows[1][3] == "yes"


def test_polling_answers_204_until_something_changes(app, client):
    code, url = create_class(client)
    child = join(app, code, "Mia")
    page = child.get(f"/class/{code}/play").get_data(as_text=True)
    state = state_url(page)
    assert child.get(state).status_code == 204
    act(client, url, "ask")
    response = child.get(state, headers=HX)
    assert response.status_code == 200 and 'id="child-form"' in response.get_data(as_text=True)
    stranger = app.test_client().get(state, headers=HX)  # not joined: a way to join instead of a question
    assert stranger.status_code == 401 and "Please join the class first." in stranger.get_data(as_text=True)


def test_an_unchanged_poll_is_answered_before_flask_but_only_for_a_participant(app, client):
    """``QuickPoll`` answers 204 without entering Flask; anything it cannot vouch for goes on to Flask."""
    code, url = create_class(client)
    other_code, _ = create_class(client)
    mia = join(app, code, "Mia")
    ben = join(app, other_code, "Ben")
    page = mia.get(f"/class/{code}/play")
    state = state_url(page.get_data(as_text=True))
    entered = []

    def started(sender, **_extra):
        entered.append(sender)

    request_started.connect(started, app)
    try:
        response = mia.get(state, headers=HX)
        assert response.status_code == 204 and response.data == b"" and entered == []
        for name in ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"):
            assert response.headers[name] == page.headers[name]
        assert response.headers["Vary"] == "HX-Request"

        # Ben's cookie of the other class, or a guessed one, renamed for Mia's class: not a participant.
        for token in (ben.get_cookie(f"class_{other_code}", path=f"/class/{other_code}").value, "guessed-token"):
            stranger = app.test_client()
            stranger.set_cookie(f"class_{code}", token)
            response = stranger.get(state, headers=HX)
            assert response.status_code == 401 and "Please join the class first." in response.get_data(as_text=True)
        assert len(entered) == 2

        assert mia.get(state.replace("v=", "v=x"), headers=HX).status_code == 200  # an old version: the panel
        assert mia.post(state, headers=HX).status_code in (400, 405)  # only GET is answered early
        assert len(entered) == 4
    finally:
        request_started.disconnect(started, app)


def test_a_childs_polls_send_sqlite_one_select_each_on_a_connection_its_thread_keeps(app, client):
    """The 204 of ``QuickPoll`` runs one SELECT and begins no transaction (a single statement is its own read
    transaction), on a connection its thread keeps (``Kept``): the pool is asked once, not for every poll. A
    changed panel (Flask's request) reads the child's seat with one more SELECT on the same connection: no pooled
    connection, no BEGIN (before: a checkout, BEGIN, the ORM's SELECT and ROLLBACK)."""
    from sqlalchemy import event

    code, url = create_class(client)
    mia = join(app, code, "Mia")
    with app.app_context():
        engine = db.engine
    checkouts, sent = [], []

    def checkout(dbapi_connection, *_args):
        checkouts.append(dbapi_connection)
        dbapi_connection.set_trace_callback(lambda text: sent.append(text.split()[0]))

    event.listen(engine, "checkout", checkout)
    try:
        state = state_url(mia.get(f"/class/{code}/play").get_data(as_text=True))
        assert sent == ["SELECT"] and len(checkouts) == 1  # the play page: its seat, on the kept connection
        sent.clear()
        for _ in range(3):
            assert mia.get(state, headers=HX).status_code == 204
        assert sent == ["SELECT"] * 3
        assert len(checkouts) == 1
        sent.clear()
        assert mia.get(state.replace("v=", "v=x"), headers=HX).status_code == 200  # Flask's request
        assert sent == ["SELECT", "SELECT"]  # the poll's, then the seat's
        assert len(checkouts) == 1
    finally:
        event.remove(engine, "checkout", checkout)
        for connection in checkouts:
            connection.set_trace_callback(None)


def test_a_poll_whose_kept_connection_failed_goes_on_to_flask_and_the_next_opens_a_new_one(app, client):
    """A database error on the kept connection (here: it was closed under the poll) is no 500: Flask answers
    the poll, and the thread's next poll opens a new connection and is answered 204 before Flask again."""
    code, url = create_class(client)
    mia = join(app, code, "Mia")
    page = mia.get(f"/class/{code}/play").get_data(as_text=True)
    state = state_url(page)
    assert mia.get(state, headers=HX).status_code == 204
    read = app.wsgi_app.read
    read.kept._local.connection.dbapi_connection.close()
    started = []
    request_started.connect(lambda sender, **_: started.append(1), app, weak=False)
    assert mia.get(state, headers=HX).status_code == 204  # answered by Flask
    assert started == [1]
    assert mia.get(state, headers=HX).status_code == 204  # before Flask, on a new connection
    assert started == [1]


def test_demo_mode_reveals_one_step_at_a_time(client):
    code, url = create_class(client, kind="tichu_legality")
    act(client, url, "demo")
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert 'class="q-cards huge"' in html
    assert re.search(r'id="demo-steps">\s*</ol>', html)
    act(client, url, "reveal")
    act(client, url, "reveal")
    html = client.get(url, headers=EN).get_data(as_text=True)
    steps = re.search(r'id="demo-steps">(.*?)</ol>', html, re.S).group(1)
    assert steps.count("<li") == 2
    for _ in range(40):
        act(client, url, "reveal")
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert 'id="demo-answer"' in html and 'id="do-reveal"' not in html  # every step shown: no "Next step"


def test_ending_the_class(app, client):
    code, url = create_class(client)
    child = join(app, code, "Mia")
    response = client.post(url + "/do", data={"action": "end"})  # not confirmed: the question comes first
    assert response.status_code == 303 and response.location == url + "/end"
    assert "End the class now?" in client.get(response.location, headers=EN).get_data(as_text=True)
    assert "Look at the board." in child.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    act(client, url, "end", confirm="yes")
    assert "The class has ended" in child.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    assert client.post(url + "/do", data={"action": "ask"}).status_code == 409
    response = app.test_client().post("/class/join", data={"code": code, "nickname": "Late"}, headers=EN)
    assert response.status_code == 404
    assert client.get(url + "/export.csv").status_code == 200  # results stay until the class expires


def test_unknown_actions_are_400(client):
    _, url = create_class(client)
    assert client.post(url + "/do", data={"action": "explode"}).status_code == 400


@pytest.mark.parametrize("nickname, status, text", [
    ("", 400, "Please write a nickname."),
    ("   ", 400, "Please write a nickname."),
    ("🂡" * 21, 400, "at most 20 characters"),
    ("Ä" * 5000, 400, "at most 20 characters"),
    ("Anna\u0000", 400, "only have letters"),
    ("a\u202eb", 400, "only have letters"),
])
def test_bad_nicknames(app, client, nickname, status, text):
    code, _ = create_class(client)
    response = app.test_client().post("/class/join", data={"code": code, "nickname": nickname}, headers=EN)
    assert response.status_code == status
    assert text in response.get_data(as_text=True)


def test_script_tags_and_long_unicode_are_escaped_everywhere(app, client):
    code, url = create_class(client)
    evil = "<script>alert(1)</script>"[:20]
    child = join(app, code, evil)
    join(app, code, "Ünïcødé 🂡 Straße ✓✓✓")
    act(client, url, "names")
    act(client, url, "ask")
    child.post(f"/class/{code}/answer", data=answer_form(app, code, True))
    for html in (client.get(url + "/board").get_data(as_text=True), child.get(f"/class/{code}/play").get_data(as_text=True)):
        assert "<script>alert" not in html
        assert "&lt;script&gt;alert(1)&lt;" in html
    assert "Ünïcødé 🂡 Straße ✓✓✓" in client.get(url + "/board").get_data(as_text=True)


def test_nicknames_are_unique_in_a_class(app, client):
    code, _ = create_class(client)
    join(app, code, "Mia")
    response = app.test_client().post("/class/join", data={"code": code, "nickname": " Mia "}, headers=EN)
    assert response.status_code == 409
    assert "already uses the nickname Mia" in response.get_data(as_text=True)


def test_join_with_unknown_or_malformed_codes(app, client):
    for typed in ("ZZZZZZ", "<b>x</b>", "Ä" * 300):
        response = client.post("/class/join", data={"code": typed, "nickname": "Mia"}, headers=EN)
        assert response.status_code == 404
        assert "<b>x</b>" not in response.get_data(as_text=True)
    assert client.get("/class/ZZZZZZ", headers=EN).status_code == 404


def test_join_page_and_redirects(app, client):
    code, _ = create_class(client)
    assert f'value="{code}"' in client.get(f"/class/{code.lower()}").get_data(as_text=True)
    assert client.get(f"/class/{code}/play").location == f"/class/{code}"
    child = join(app, code, "Mia")
    assert child.get(f"/class/{code}").location == f"/class/{code}/play"


def test_csv_cells_cannot_be_formulas(app, client):
    code, url = create_class(client)
    child = join(app, code, "=HYPERLINK(1)")
    act(client, url, "ask")
    child.post(f"/class/{code}/answer", data=answer_form(app, code, True))
    response = client.get(url + "/export.csv")
    assert response.mimetype == "text/csv"
    assert f"kartenschule-{code}.csv" in response.headers["Content-Disposition"]
    assert csv_rows(client, url)[1][1] == "'=HYPERLINK(1)"


def test_expired_classes_are_gone_and_purged(app, client, runner):
    code, url = create_class(client)
    join(app, code, "Mia")
    keep_code, keep_url = create_class(client)
    with app.app_context():
        row = db.session.execute(db.select(ClassSession).filter_by(join_code=code)).scalar_one()
        row.expires_at = utcnow() - timedelta(seconds=1)
        db.session.commit()
    assert client.get(url).status_code == 404
    result = runner.invoke(args=["purge-expired"])
    assert result.exit_code == 0 and "deleted 1 expired class session(s)" in result.output
    with app.app_context():
        assert db.session.execute(db.select(ClassSession.join_code)).scalars().all() == [keep_code]
        assert db.session.execute(db.select(Participant)).first() is None


def test_the_number_of_days_is_configurable(tmp_path, migrated_sqlite):
    import shutil

    shutil.copy(migrated_sqlite, tmp_path / "db.sqlite3")
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "AUTO_MIGRATE": False, "CLASS_SESSION_DAYS": 2,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    code, _ = create_class(app.test_client())
    with app.app_context():
        row = db.session.execute(db.select(ClassSession)).scalar_one()
        assert timedelta(days=2) - timedelta(minutes=1) < row.expires_at - row.created_at <= timedelta(days=2)
        db.engine.dispose()


def test_join_attempts_are_rate_limited(tmp_path, migrated_sqlite):
    import shutil

    shutil.copy(migrated_sqlite, tmp_path / "db.sqlite3")
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "AUTO_MIGRATE": False,
                      "CLASS_JOIN_LIMIT": "3 per minute", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    assert app.config["RATELIMIT_STORAGE_URI"] == "memory://"
    client = app.test_client()
    statuses = [client.post("/class/join", data={"code": "ZZZZZZ", "nickname": "x"}, headers=EN).status_code
                for _ in range(5)]
    assert statuses == [404, 404, 404, 429, 429]
    response = client.post("/class/join", data={"code": "ZZZZZZ", "nickname": "x"}, headers=EN)
    assert "Too many tries from this network" in response.get_data(as_text=True)
    with app.app_context():
        db.engine.dispose()


def test_csrf_protects_every_state_changing_request(tmp_path, migrated_sqlite):
    import shutil

    shutil.copy(migrated_sqlite, tmp_path / "db.sqlite3")
    app = create_app({"TESTING": True, "AUTO_MIGRATE": False, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    client = app.test_client()
    for path in ("/class/new", "/class/join", "/quiz", "/quiz/code", "/class/ABCDEF/answer", "/quiz/x/answer"):
        assert client.post(path, data={"kind": "skat_family"}).status_code == 400, path
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/class").get_data(as_text=True)).group(1)
    response = client.post("/class/new", data={"kind": "skat_family", "difficulty": "easy", "csrf_token": token})
    assert response.status_code == 303
    page = client.get(response.location).get_data(as_text=True)
    header = re.search(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'', page).group(1)
    assert client.post(response.location + "/do", data={"action": "ask"}).status_code == 400
    assert client.post(response.location + "/do", data={"action": "ask"}, headers={"X-CSRFToken": header}).status_code == 303
    with app.app_context():
        db.engine.dispose()


def test_the_polls_ask_at_the_configured_interval(app):
    """The projector asks every second and a tablet every 2 s (``CLASSROOM_*_POLL_MS``: the capacity aims are
    measured at these); the browser tests of whole classes set shorter ones."""
    teacher = app.test_client()
    code, url = create_class(teacher)
    assert 'hx-trigger="every 1000ms"' in teacher.get(url).get_data(as_text=True)
    child = join(app, code, "Anna")
    assert 'hx-trigger="every 2000ms"' in child.get(f"/class/{code}/play").get_data(as_text=True)
    app.config.update(CLASSROOM_BOARD_POLL_MS=500, CLASSROOM_TABLET_POLL_MS=750)
    assert 'hx-trigger="every 500ms"' in teacher.get(url).get_data(as_text=True)
    assert 'hx-trigger="every 750ms"' in child.get(f"/class/{code}/play").get_data(as_text=True)


@pytest.mark.parametrize("value", ["abc", 0, 249, 60_001, 2.5, True, None])
def test_a_poll_interval_that_is_no_sensible_number_stops_the_app_with_its_name(tmp_path, value):
    """A word or a huge number would stop every tablet's updates silently; a tiny one floods the server."""
    with pytest.raises(SettingError, match="CLASSROOM_TABLET_POLL_MS must be a whole number of milliseconds"):
        create_app({"TESTING": True, "SECRET_KEY": "x", "CLASSROOM_TABLET_POLL_MS": value,
                    "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.db'}"})


def test_a_poll_interval_from_the_environment_is_read_as_a_number(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENSCHULE_CLASSROOM_TABLET_POLL_MS", "3000")
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.db'}"})
    assert app.config["CLASSROOM_TABLET_POLL_MS"] == 3000
    monkeypatch.setenv("KARTENSCHULE_CLASSROOM_TABLET_POLL_MS", "abc")
    with pytest.raises(SettingError, match="not 'abc'"):
        create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'y.db'}"})
