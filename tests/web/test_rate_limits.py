"""Per-address limits on what children and teachers can start, answer, create and guess (issue 13, section 4).

The audit stored 1,000 anonymous ``POST /quiz`` in 4 s, and answered 600 guessed class
codes in 2 s. The defaults must still never refuse a class of 30 tablets behind one
school NAT address (every test client here comes from the same address, 127.0.0.1).
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from datetime import timedelta

import pytest
from classhelpers import EN, HX, act, create_class, join

from webapp.core.db import db
from webapp.core.models import ClassSession, Quiz, QuizRun

NEW_QUIZ = {"kind": "skat_family", "difficulty": "normal", "count": "3"}
WRONG_BUT_COMPLETE = {"trump": "C", "value": "999"}  # a whole answer to a skat_family question (stored, just wrong)


def _count(app, model) -> int:
    with app.app_context():
        return db.session.query(model).count()


def test_an_app_without_limits_does_not_switch_them_off_for_another(app, client, tmp_path):
    """Flask-Limiter keeps "enabled" on its one Limiter: an app made with RATELIMIT_ENABLED=False after this one
    switched every app's limits off (the whole suite then let floods through). Each app decides for itself."""
    from conftest import make_app

    unlimited = make_app(tmp_path, f"sqlite:///{tmp_path / 'other.db'}", RATELIMIT_ENABLED=False)
    statuses = Counter(client.post("/quiz", data=NEW_QUIZ, headers=EN).status_code for _ in range(130))
    assert statuses[429] == 10
    other = unlimited.test_client()
    assert all(other.get("/class/ZZZZZZ", headers=EN).status_code == 404 for _ in range(100))


def test_a_flood_of_new_quizzes_is_refused_and_not_stored(app, client):
    statuses = Counter(client.post("/quiz", data=NEW_QUIZ, headers=EN).status_code for _ in range(300))
    assert statuses == {303: 120, 429: 180}  # QUIZ_START_LIMIT: 120 a minute
    assert _count(app, QuizRun) == 120 and _count(app, Quiz) == 120
    refused = client.post("/quiz", data=NEW_QUIZ, headers=EN)
    html = refused.get_data(as_text=True)
    said = re.search(r"Too many tries from this network at once\. Please wait (\d+) seconds?, then try again\.", html)
    assert refused.status_code == 429 and said and 1 <= int(said.group(1)) <= 61  # the one-minute window's rest
    assert 1 <= int(refused.headers["Retry-After"]) <= 61
    assert 'name="kind"' in html  # the start form, not an error page
    # the code form shares the count, and keeps what was typed
    refused = client.post("/quiz/code", data={"code": "abc-def"}, headers=EN)
    assert refused.status_code == 429 and 'value="abc-def"' in refused.get_data(as_text=True)


def test_the_refusal_is_translated(app, client):
    app.config["QUIZ_START_LIMIT"] = "1 per minute"
    client.post("/quiz", data=NEW_QUIZ)
    client.set_cookie("lang", "de")
    html = client.post("/quiz", data=NEW_QUIZ).get_data(as_text=True)
    assert "Zu viele Versuche" in html and re.search(r"Warte bitte \d+ Sekunden?", html)


def test_the_hourly_cap_counts_in_the_database_and_stores_no_address(app, client):
    app.config.update(QUIZ_START_LIMIT="10000 per minute", QUIZ_RUNS_PER_HOUR=5)
    statuses = [client.post("/quiz", data=NEW_QUIZ, headers=EN).status_code for _ in range(7)]
    assert statuses == [303] * 5 + [429] * 2
    refused = client.post("/quiz", data=NEW_QUIZ, headers=EN)
    assert "in the last hour. Please wait 60 minutes" in refused.get_data(as_text=True)
    assert 3500 <= int(refused.headers["Retry-After"]) <= 3601
    assert _count(app, QuizRun) == 5 and _count(app, Quiz) == 5  # nothing stored for the refused ones
    with app.app_context():
        hashes = {run.creator_hash for run in db.session.query(QuizRun)}
    (stored,) = hashes
    assert re.fullmatch(r"[0-9a-f]{32}", stored)
    assert "127.0.0.1" not in stored and stored not in hashlib.sha256(b"127.0.0.1").hexdigest()
    # another address is not affected
    other = app.test_client()
    response = other.post("/quiz", data=NEW_QUIZ, environ_base={"REMOTE_ADDR": "198.51.100.7"})
    assert response.status_code == 303
    # an hour later the places are free again
    with app.app_context():
        for run in db.session.query(QuizRun):
            run.created_at -= timedelta(hours=1, minutes=1)
        db.session.commit()
    assert client.post("/quiz", data=NEW_QUIZ).status_code == 303


def test_trying_again_counts_as_a_start(app, client):
    app.config.update(QUIZ_START_LIMIT="10000 per minute", QUIZ_RUNS_PER_HOUR=1)
    run = client.post("/quiz", data={**NEW_QUIZ, "count": "1"}).location
    client.post(run + "/answer", data={"position": "0", **WRONG_BUT_COMPLETE})
    assert client.post(run + "/again", headers=EN).status_code == 429
    assert _count(app, QuizRun) == 1


def test_a_class_of_30_behind_one_address_is_never_refused(app):
    """Defaults: 30 tablets join, answer three class rounds, then each starts two quizzes
    of 10 questions and answers them all, all from one address; nothing may be refused."""
    teacher = app.test_client()
    code, url = create_class(teacher)
    children = [join(app, code, f"Kind {i}") for i in range(30)]
    statuses = Counter()
    for _ in range(3):
        act(teacher, url, "ask")
        with app.app_context():
            number = db.session.query(ClassSession).filter_by(join_code=code).one().round_number
        for child in children:
            statuses[child.get(f"/class/{code}/play").status_code] += 1
            answer = child.post(f"/class/{code}/answer", data={"round": str(number), **WRONG_BUT_COMPLETE}, headers=HX)
            statuses[answer.status_code] += 1
        act(teacher, url, "close")
    for child in children:
        for _ in range(2):
            run = child.post("/quiz", data={**NEW_QUIZ, "count": "10"})
            statuses[run.status_code] += 1
            for position in range(10):
                statuses[child.post(run.location + "/answer", data={"position": str(position), **WRONG_BUT_COMPLETE},
                                    headers=HX).status_code] += 1
    assert statuses == {200: 30 * 3 * 2 + 30 * 2 * 10, 303: 30 * 2}


def test_guessing_class_codes_is_limited(app, client):
    code, _ = create_class(client)
    guesser = app.test_client()
    statuses = Counter()
    for i in range(200):  # class page, join form, QR code, play page and answer share one count of wrong guesses
        path = (f"/class/Q{i:05d}", "/class/join", f"/class/Q{i:05d}/qr.svg", f"/class/Q{i:05d}/play",
                f"/class/Q{i:05d}/answer")[i % 5]
        if path.startswith("/class/join") or path.endswith("/answer"):
            response = guesser.post(path, data={"code": f"Q{i:05d}", "nickname": "Max", "round": "1"}, headers=EN)
        else:
            response = guesser.get(path, headers=EN)
        statuses[response.status_code] += 1
    assert statuses == {404: 120, 429: 80}  # CLASS_GUESS_LIMIT: 120 wrong guesses a minute
    # past the limit the right code is refused too (else the refusal would tell the wrong ones); its teacher is not
    assert guesser.get(f"/class/{code}", headers=EN).status_code == 429
    assert client.get(f"/class/{code}", headers=EN).status_code == 200
    assert "Too many tries from this network" in guesser.get("/class/ZZZZZZ", headers=EN).get_data(as_text=True)


def _play_round(teacher, url: str, code: str, children: list, app) -> Counter:
    """One class round: the projector's page, board, list of children and QR code, the teacher asks, every child
    opens the join page and the play page, polls and answers, the teacher closes the round. The statuses of all
    these requests."""
    statuses = Counter()
    for path in ("", "/board", "/children"):
        statuses[teacher.get(url + path, headers=HX if path else EN).status_code] += 1
    statuses[teacher.get(f"/class/{code}/qr.svg", follow_redirects=True).status_code] += 1  # the projector's QR
    act(teacher, url, "ask")
    with app.app_context():
        number = db.session.query(ClassSession).filter_by(join_code=code).one().round_number
    for child in children:
        statuses[child.get(f"/class/{code}", headers=EN).status_code] += 1  # the join page: on to the play page
        statuses[child.get(f"/class/{code}/play", headers=EN).status_code] += 1
        statuses[child.get(f"/class/{code}/play/state?v=old", headers=HX).status_code] += 1
        answer = child.post(f"/class/{code}/answer", data={"round": str(number), **WRONG_BUT_COMPLETE}, headers=HX)
        statuses[answer.status_code] += 1
    statuses[teacher.get(url + "/board", headers=HX).status_code] += 1
    act(teacher, url, "close")
    statuses[303] += 2  # the two actions (act() checked them)
    return statuses


@pytest.mark.parametrize("servers", [1, 2])
def test_a_child_guessing_codes_does_not_stop_the_class_behind_the_same_address(app, tmp_path, servers):
    """Issue 34, finding 1: one address past the guess limit answered 429 to every class page, so one child typing
    codes stopped the lesson of the whole school NAT. Thirty children and their teacher (all 127.0.0.1, as the
    guesser) play three rounds while one of them guesses 210 codes (the join page and the join form): no request of
    the class is refused, the guesser is, with the kind message. With two servers on one database the guesses
    alternate between them, and the count is shared (the process's one limiter storage, as a shared Redis is)."""
    from conftest import dispose, make_app

    apps = [app]
    if servers == 2:
        apps.append(make_app(tmp_path, app.config["SQLALCHEMY_DATABASE_URI"], AUTO_MIGRATE=False))
    try:
        teacher = apps[-1].test_client()
        code, url = create_class(teacher)
        children = [join(apps[i % servers], code, f"Kind {i}") for i in range(29)]
        guessing_child = join(apps[0], code, "Kind 29")
        children.append(guessing_child)
        class_statuses, guesses = Counter(), Counter()
        guess = 0
        for _ in range(3):
            for _ in range(70):
                server_client = guessing_child if guess % 2 == 0 else apps[-1].test_client()
                if guess % 3 == 0:
                    response = server_client.post("/class/join", data={"code": f"Z{guess:05d}", "nickname": "Max"},
                                                  headers=EN)
                else:
                    response = server_client.get(f"/class/Z{guess:05d}", headers=EN)
                guesses[response.status_code] += 1
                guess += 1
            class_statuses += _play_round(teacher, url, code, children, apps[0])
        assert set(class_statuses) <= {200, 204, 303}, class_statuses
        assert class_statuses[303] == 3 * (30 + 2)  # each child's join page (on to the play page), the actions
        assert class_statuses[200] + class_statuses[204] == 3 * (5 + 30 * 3)  # every other request of the class
        assert guesses == {404: 120, 429: 90}
        refused = guessing_child.get("/class/ZZZZZZ", headers=EN)
        assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 61
        assert "Too many tries from this network at once" in refused.get_data(as_text=True)
    finally:
        if servers == 2:
            dispose(apps[1])


def test_right_codes_do_not_count_as_guesses(app, client):
    code, _ = create_class(client)
    assert {client.get(f"/class/{code}", headers=EN).status_code for _ in range(100)} == {200}


def test_creating_classes_is_capped_and_the_form_says_so(app, client):
    app.config["CLASSES_PER_HOUR"] = 2
    create_class(client)
    create_class(client)
    refused = client.post("/class/new", data={"kind": "skat_family", "difficulty": "normal"}, headers=EN)
    assert refused.status_code == 429 and "in the last hour" in refused.get_data(as_text=True)
    assert _count(app, ClassSession) == 2


def test_a_refused_join_keeps_the_code_and_the_nickname(app, client):
    app.config["CLASS_JOIN_LIMIT"] = "2 per minute"
    code, _ = create_class(client)
    child = app.test_client()
    for name in ("Mia", "Mia"):
        child.post("/class/join", data={"code": code, "nickname": name}, headers=EN)
    refused = child.post("/class/join", data={"code": code, "nickname": "Mia-Sophie"}, headers=EN)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 429 and "Too many tries" in html
    assert f'value="{code}"' in html and 'value="Mia-Sophie"' in html


@pytest.mark.parametrize("target, where", [("quiz-area", "#quiz-area"), ("", "main"), ("x\"><script>", "main")])
def test_an_htmx_refusal_adds_a_note_and_keeps_the_page(app, client, target, where):
    app.config["QUIZ_ANSWER_LIMIT"] = "1 per minute"
    run = client.post("/quiz", data=NEW_QUIZ).location
    client.post(run + "/answer", data={"position": "0", **WRONG_BUT_COMPLETE}, headers=HX)
    headers = {**HX, "HX-Target": target} if target else HX
    refused = client.post(run + "/answer", data={"position": "1", "trump": "H"}, headers=headers)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 429 and refused.headers["HX-Reswap"] == "none"
    assert f'hx-swap-oob="afterbegin:{where}"' in html and "Too many tries" in html
    assert "<script>" not in html and 'name="trump"' not in html  # only the note: the child's form stays


def test_the_cap_query_works_on_every_database(db_app):
    """SQLite and PostgreSQL: the hourly cap counts one address's runs and frees a place an hour after the oldest."""
    from webapp.core.models import CapReached, check_cap, utcnow
    from webapp.quiz import service

    with db_app.app_context():
        quiz_row = service.create_quiz(service.Settings("skat_family", "normal", 3))
        for _ in range(3):
            service.new_run(quiz_row, creator_hash="a" * 32, per_hour=3)
        service.new_run(quiz_row, creator_hash="b" * 32, per_hour=3)  # another address
        with pytest.raises(CapReached) as refused:
            service.new_run(quiz_row, creator_hash="a" * 32, per_hour=3)
        assert 3500 <= refused.value.retry_after <= 3601
        check_cap(QuizRun, "a" * 32, 3, now=utcnow() + timedelta(hours=1, seconds=1))  # no error: the hour is over
        assert db.session.query(QuizRun).filter_by(creator_hash="a" * 32).count() == 3
