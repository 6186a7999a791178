"""What lets one small server carry a whole school (issue 16, capacity): a child's answer and a teacher's action
hold SQLite's write lock only while they write; the panel of an open round is made once for the whole class and
served before Flask; the feedback on an answer, its verdict and the "saved" panel are made once per answer given;
the projector's poll builds no page while nothing changed. Each test checks the behaviour from outside (locks taken by another connection, requests
that entered Flask, what the store made), not the timing.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest
from flask import before_render_template, request_started

from classhelpers import EN, HX, act, create_class, join, state_url
from conftest import dispose, make_app
from webapp.classroom import presenter, service
from webapp.classroom.shared import KEY
from webapp.core.db import db
from webapp.core.models import ClassSession
from webapp.core.models import Response as Answer
from webapp.quiz import kinds

TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')
BOARD_VERSION = re.compile(r'<span id="board-v"><input type="hidden" name="v" value="([^"]+)"></span>')


def database(app) -> Path:
    return Path(app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///"))


def answer(child, code: str, round_number: int = 1, trump: str = "C", value: str = "24", headers=HX):
    return child.post(f"/class/{code}/answer", data={"round": str(round_number), "trump": trump, "value": value},
                      headers=headers)


class WriteLockProbe:
    """Whenever a template is rendered, tries to take SQLite's write lock from another connection, at once
    (no busy wait): a request that holds the lock while it renders makes the probe fail."""

    def __init__(self, app) -> None:
        self.app, self.results = app, []

    def __call__(self, sender, template, context, **_extra) -> None:
        other = sqlite3.connect(database(self.app), timeout=0, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            self.results.append((template.name, "free"))
        except sqlite3.OperationalError as error:
            self.results.append((template.name, str(error)))
        finally:
            other.close()

    def __enter__(self):
        before_render_template.connect(self, self.app)
        return self

    def __exit__(self, *exc) -> None:
        before_render_template.disconnect(self, self.app)


def test_an_answer_and_a_teacher_action_do_not_hold_the_write_lock_while_they_render(app, client):
    """Before: a POST took the write lock with its first query and kept it through the page it rendered, so 900
    tablets answering at once queued behind each other's rendering (p99 over 2 s in ``classroom_load.py``)."""
    code, url = create_class(client)
    mia = join(app, code, "Mia")
    act(client, url, "ask")
    with WriteLockProbe(app) as probe:
        assert answer(mia, code).status_code == 200
        assert client.post(url + "/do", data={"action": "close"}, headers=HX).status_code == 200
    rendered = {name for name, _ in probe.results}
    assert {"classroom/_child.html", "classroom/_presenter.html"} <= rendered
    assert all(result == "free" for _, result in probe.results), probe.results


def test_a_round_closed_between_reading_and_writing_refuses_the_answer(app, client, monkeypatch):
    """The answer is read and checked without the lock; under it what the teacher may have changed is read again.
    A teacher who closes the round in between (another process) wins: 409, nothing stored."""
    code, url = create_class(client)
    mia = join(app, code, "Mia")
    act(client, url, "ask")
    parse = kinds.parse_answer

    def parse_then_the_teacher_closes(*args, **kwargs):
        with sqlite3.connect(database(app), isolation_level=None) as other:
            other.execute("UPDATE class_session SET round_open = 0 WHERE join_code = ?", (code,))
        return parse(*args, **kwargs)

    monkeypatch.setattr(kinds, "parse_answer", parse_then_the_teacher_closes)
    response = answer(mia, code)
    assert response.status_code == 409
    assert "This question is closed" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Answer)) == 0


def test_writing_reloads_what_another_process_changed_keeps_nothing_unsaved_and_rolls_back_on_error(app, client):
    from webapp.core.db import writing

    code, _ = create_class(client)
    with app.app_context():
        row = db.session.execute(db.select(ClassSession).filter_by(join_code=code)).scalar_one()
        assert row.locked is False
        with sqlite3.connect(database(app), isolation_level=None) as other:
            other.execute("UPDATE class_session SET locked = 1 WHERE join_code = ?", (code,))
        assert row.locked is False  # the read transaction's snapshot
        with writing():
            assert row.locked is True  # read again, under the lock
            row.show_names = True
        assert row.show_names is True
        with pytest.raises(ZeroDivisionError), writing():
            row.show_board = True
            1 / 0
        assert row.show_board is False  # rolled back
        row.mode = "demo"
        with pytest.raises(RuntimeError), writing():
            pass
        db.session.rollback()
    with sqlite3.connect(database(app)) as other:
        assert other.execute("SELECT locked, show_names, show_board, mode FROM class_session").fetchone() == (
            1, 1, 0, "lobby")


def test_a_writing_block_that_cannot_end_the_read_transaction_leaves_no_write_mark(app, monkeypatch):
    """If ending the read transaction fails (a database error), the error goes on and later transactions of the
    thread are not taken for writes (before, every later BEGIN of the thread was a BEGIN IMMEDIATE)."""
    from webapp.core import db as database

    def fails():
        raise sqlite3.OperationalError("disk I/O error")

    with app.app_context():
        monkeypatch.setattr(db.session, "rollback", fails)
        with pytest.raises(sqlite3.OperationalError), database.writing():
            pass
        monkeypatch.undo()
        assert database._WRITING.get() is False


def test_writers_queue_for_each_other_instead_of_meeting_at_sqlites_lock(app, client):
    """A writing() block first waits its turn in the machine's queue of writers (``<database>.writers``, flock),
    without touching SQLite's write lock: before, writers met at SQLite's lock and slept in its busy handler
    (answers waited up to 100-230 ms for a lock held 3 ms). Here another process's writer (another open file)
    holds the queue: the answer waits, SQLite's lock stays free, and it is stored once the queue is released."""
    fcntl = pytest.importorskip("fcntl")
    code, url = create_class(client)
    mia = join(app, code, "Mia")
    act(client, url, "ask")
    other_writer = os.open(f"{database(app)}.writers", os.O_RDWR | os.O_CREAT)
    responses = []
    try:
        fcntl.flock(other_writer, fcntl.LOCK_EX)
        waiting = threading.Thread(target=lambda: responses.append(answer(mia, code)))
        waiting.start()
        waiting.join(timeout=1)
        assert waiting.is_alive() and not responses  # in the queue
        probe = sqlite3.connect(database(app), timeout=0, isolation_level=None)
        probe.execute("BEGIN IMMEDIATE")  # SQLite's lock is free while the answer waits
        probe.execute("ROLLBACK")
        probe.close()
    finally:
        fcntl.flock(other_writer, fcntl.LOCK_UN)
        os.close(other_writer)
    waiting.join(timeout=30)
    assert [response.status_code for response in responses] == [200]
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Answer)) == 1


def test_the_projectors_cheap_version_is_the_pages_version_in_every_state(app, client):
    """The board's poll compares :func:`presenter.board_state` (one query) with the version the page was built
    with; they must agree in every state, or the projector would miss a change or rebuild every second."""
    code, url = create_class(client)
    seen = set()

    def same() -> None:
        with app.app_context():
            row = db.session.execute(db.select(ClassSession).filter_by(join_code=code)).scalar_one()
            version = presenter.teacher_context(row)["version"]
            assert presenter.board_state(row).version == version
            seen.add(version)

    same()  # the lobby, nobody there
    kids = [join(app, code, name) for name in ("Mia", "Ben", "Ida")]
    same()
    for step in (("demo",), ("reveal",), ("names",), ("ask",)):
        act(client, url, *step)
        same()
    assert answer(kids[0], code).status_code == 200
    same()  # one answer while open
    assert answer(kids[1], code, trump="pass").status_code == 200
    act(client, url, "close")
    same()
    for step in ("board", "names", "lock"):
        act(client, url, step)
        same()
    with app.app_context():
        ben = db.session.execute(db.select(service.Participant).filter_by(nickname="Ben")).scalar_one().id
    act(client, url, "remove", child=str(ben))
    same()  # a removed child's answer no longer counts
    act(client, url, "end", confirm="yes")
    same()
    assert len(seen) == 13  # every step above changed what the projector shows


def test_an_unchanged_board_builds_no_page(app, client):
    code, url = create_class(client)
    join(app, code, "Mia")
    act(client, url, "ask")
    html = client.get(url + "/board", headers=HX).get_data(as_text=True)
    version = BOARD_VERSION.search(html).group(1)
    with WriteLockProbe(app) as probe:  # counts the templates rendered
        assert client.get(url + f"/board?v={version}", headers=HX).status_code == 204
    assert probe.results == []


def test_while_a_round_is_open_an_answer_sends_the_projector_the_count_alone(app, client):
    """Before: every answer changed the board's version, so the projector rebuilt the whole board (the question,
    its cards, the countdown) about once a second per class while a round was open: 11 % of the server's CPU in
    ``classroom_load.py``. Now the count and the version come alone, swapped in out of band."""
    code, url = create_class(client)
    mia, ben = join(app, code, "Mia"), join(app, code, "Ben")
    act(client, url, "ask")
    board = client.get(url + "/board", headers=HX).get_data(as_text=True)
    assert "0 of 2 children answered" in board
    version = BOARD_VERSION.search(board).group(1)
    assert answer(mia, code).status_code == 200
    with WriteLockProbe(app) as probe:
        counted = client.get(url + f"/board?v={version}", headers=HX)
    assert counted.status_code == 200 and counted.headers.get("HX-Reswap") == "none"
    assert [name for name, _ in probe.results] == ["classroom/_board_count.html"]
    body = counted.get_data(as_text=True)
    assert re.search(r'<p id="live-count" hx-swap-oob="innerHTML">\s*1 of 2 children answered</p>', body)
    assert 'id="stage-title"' not in body and "hx-get" not in body  # not the board
    newer = re.search(r'<span id="board-v" hx-swap-oob="innerHTML"><input type="hidden" name="v" value="([^"]+)">',
                      body).group(1)
    assert newer != version
    assert client.get(url + f"/board?v={newer}", headers=HX).status_code == 204
    # anything else than the count gets the whole board: a child joining, the round closing, a garbled version
    ida = join(app, code, "Ida")
    joined = client.get(url + f"/board?v={newer}", headers=HX).get_data(as_text=True)
    assert 'id="stage-title"' in joined and "1 of 3 children answered" in joined
    assert 'id="stage-title"' in client.get(url + "/board?v=x.y", headers=HX).get_data(as_text=True)
    assert answer(ben, code).status_code == answer(ida, code).status_code == 200
    act(client, url, "close")
    closed = client.get(url + f"/board?v={newer}", headers=HX).get_data(as_text=True)
    assert 'id="live-bars"' in closed and "3 of 3 children answered" in closed


@pytest.fixture
def csrf_app(tmp_path, migrated_sqlite):
    """An app with CSRF checks on, as in production: the open round's panel carries no token of its own."""
    path = tmp_path / "test.sqlite3"
    shutil.copy(migrated_sqlite, path)
    app = make_app(tmp_path, f"sqlite:///{path}", AUTO_MIGRATE=False, WTF_CSRF_ENABLED=True)
    yield app
    dispose(app)


def join_with_token(app, code: str, nickname: str, language: str = "en"):
    """A child's client that joined ``code`` (CSRF on), and the token its play page gives htmx."""
    child = app.test_client()
    child.set_cookie("lang", language)
    token = TOKEN.search(child.get("/class").get_data(as_text=True)).group(1)
    assert child.post("/class/join", data={"code": code, "nickname": nickname, "csrf_token": token}).status_code == 303
    page = child.get(f"/class/{code}/play").get_data(as_text=True)
    return child, TOKEN.search(page).group(1), state_url(page)


def test_the_open_rounds_panel_is_made_once_for_the_class_and_then_served_before_flask(csrf_app):
    app = csrf_app
    teacher = app.test_client()
    token = TOKEN.search(teacher.get("/class").get_data(as_text=True)).group(1)
    response = teacher.post("/class/new", data={"kind": "skat_family", "difficulty": "normal", "csrf_token": token})
    url = response.location
    code = url.split("/")[2]
    kids = [join_with_token(app, code, f"Kind {i}") for i in range(6)]
    german = join_with_token(app, code, "Jonas", "de")
    page = teacher.get(url).get_data(as_text=True)
    ask = teacher.post(url + "/do", data={"action": "ask", "countdown": "0"},
                       headers={**HX, "X-CSRFToken": TOKEN.search(page).group(1)})
    assert ask.status_code == 200
    entered = []

    def started(sender, **_extra):
        entered.append(request_started)

    request_started.connect(started, app)
    try:
        panels = [child.get(state, headers=HX) for child, _, state in kids]
        assert len(entered) == 1  # only the first tablet's poll entered Flask
        assert {p.status_code for p in panels} == {200}
        assert len({p.data for p in panels}) == 1  # one panel for the whole class
        html = panels[0].get_data(as_text=True)
        assert 'id="child-form"' in html and 'name="csrf_token"' not in html
        assert panels[1].headers["Content-Security-Policy"] == panels[0].headers["Content-Security-Policy"]
        german_panel = german[0].get(german[2], headers=HX).get_data(as_text=True)
        assert "Trumpf" in german_panel and len(entered) == 2  # another language: made once more
    finally:
        request_started.disconnect(started, app)
    # htmx sends the token of the child's page with the form: the answer counts
    child, child_token, state = kids[0]
    saved = answer(child, code, headers={**HX, "X-CSRFToken": child_token})
    assert saved.status_code == 200 and 'id="child-saved"' in saved.get_data(as_text=True)
    assert answer(kids[1][0], code, headers=HX).status_code == 400  # and without a token it does not
    # a child who has answered is not given the shared panel
    again = child.get(state, headers=HX).get_data(as_text=True)
    assert 'id="child-saved"' in again and 'id="child-form"' not in again


def test_the_feedback_is_made_once_per_answer_given_in_the_class(app, client):
    code, url = create_class(client)
    kids = [join(app, code, f"Kind {i}") for i in range(6)]
    act(client, url, "ask")
    for i, kid in enumerate(kids):
        given = {"trump": "pass"} if i % 2 else {"trump": "C", "value": "24"}
        assert kid.post(f"/class/{code}/answer", data={"round": "1", **given}, headers=HX).status_code == 200
    act(client, url, "close")
    store = app.extensions[KEY]
    before = store.made
    pages = [kid.get(f"/class/{code}/play", headers=EN).get_data(as_text=True) for kid in kids]
    assert all('id="child-feedback"' in page for page in pages)
    assert store.made - before == 2 + 1  # two answers given, and the class's standings
    assert pages[0].count('id="feedback-given"') == 1 and pages[0] != pages[1]


def test_the_saved_answer_panel_and_the_verdict_are_made_once_per_answer_given(app, client):
    """Thirty children give a few different answers: "your answer is saved" and the engine's verdict are made
    once per answer given, and every child still sees their own answer (and, after closing, their own points)."""
    code, url = create_class(client)
    kids = [join(app, code, f"Kind {i}") for i in range(6)]
    act(client, url, "ask")
    given = [{"trump": "pass"} if i % 2 else {"trump": "C", "value": "24"} for i in range(6)]
    store, verdicts = app.extensions[KEY], service._VERDICTS
    checked = verdicts.made
    panels = [kids[i].post(f"/class/{code}/answer", data={"round": "1", **given[i]}, headers=HX) for i in range(2)]
    assert verdicts.made - checked == 2 and sum("saved" in key for key in store._items) == 2
    made, checked = store.made, verdicts.made
    panels += [kids[i].post(f"/class/{code}/answer", data={"round": "1", **given[i]}, headers=HX) for i in range(2, 6)]
    assert (store.made, verdicts.made) == (made, checked)  # made for the first two children
    texts = [panel.get_data(as_text=True) for panel in panels]
    assert all(panel.status_code == 200 and 'id="child-saved"' in text for panel, text in zip(panels, texts))
    assert texts[0] == texts[2] == texts[4] != texts[1] == texts[3] == texts[5]
    saved = [re.search(r'id="child-saved">([^<]*)<', text).group(1) for text in texts]  # not the random class code
    assert "Pass" in saved[1] and "24" in saved[0] and "24" not in saved[1]
    # a second answer (another tab) changes nothing: the panel shows the first one
    again = kids[1].post(f"/class/{code}/answer", data={"round": "1", "trump": "C", "value": "24"}, headers=HX)
    assert again.status_code == 200 and again.get_data(as_text=True) == texts[1]
    with app.app_context():
        stored = db.session.execute(db.select(Answer.participant_id, Answer.answer).order_by(Answer.id)).all()
    assert [answer for _id, answer in stored] == [kinds.parse_answer(kinds.get("skat_family"), g) for g in given]
    act(client, url, "close")
    closed = [kid.get(f"/class/{code}/play", headers=EN).get_data(as_text=True) for kid in kids]
    assert verdicts.made == checked and all('id="child-points"' in page or 'id="child-kind"' in page for page in closed)
