"""A full disk, a read-only or locked database and any other 500: the app's own translated error page (issue 13, §2).

Every route that writes is tried on a database that refuses to write, in two ways: the SQLite file opened
read-only (``mode=ro``, so the test holds as root too), and the session's commit failing as SQLite does on a
full disk. Each must answer the error page in the reader's language, say that nothing saved before is lost,
keep the stored data as it was, and log the cause with its traceback.
"""

from __future__ import annotations

import logging
import re
import shutil
import sqlite3
from pathlib import Path

import pytest
from flask import Flask

from conftest import dispose, make_app
from webapp.classroom.service import cookie_name
from webapp.core.db import Kept, db
from webapp.quiz import kinds

import classhelpers

KIND = "skat_family"  # its answer: a trump suit or "pass" (the forms below)
assert KIND in kinds.KINDS
#: What the page says, by language: the storage sentence's start and its "nothing lost" part.
SAID = {"en": ("could not save this just now", "Everything saved before is kept"),
        "de": ("konnte das gerade nicht speichern", "Alles, was vorher gespeichert wurde, bleibt erhalten")}


@pytest.fixture
def stored(app: Flask) -> dict:
    """A quiz run, and a class with a question asked and a child who joined: what the writing routes need."""
    client = app.test_client()
    run = client.post("/quiz", data={"kind": KIND, "count": "3"}).location.rsplit("/", 1)[-1]
    # a finished run with a wrong answer (ISkO: no game is worth 1), so "again" has a question to ask again
    wrong = client.post("/quiz", data={"kind": KIND, "count": "1"}).location
    client.post(f"{wrong}/answer", data={"position": "0", "trump": "C", "value": "1"})
    assert "/again" in client.get(wrong).get_data(as_text=True)
    code, teacher = classhelpers.create_class(client, kind=KIND)
    classhelpers.act(client, teacher, "ask")
    child = classhelpers.join(app, code, "Lea")
    cookie = child.get_cookie(cookie_name(code), path=f"/class/{code}")
    teacher_cookie = client.get_cookie(f"teach_{code}", path=f"/class/{code}")
    return {"run": run, "wrong": wrong, "code": code, "teacher": teacher, "child_cookie": cookie,
            "teacher_cookie": teacher_cookie}


def writes(stored: dict) -> list[tuple[str, dict]]:
    """Every request that writes to the database: (path, form)."""
    code = stored["code"]
    return [
        ("/quiz", {"kind": KIND, "count": "3"}),
        (f"/quiz/{stored['run']}/answer", {"position": "0", "trump": "pass"}),
        (f"{stored['wrong']}/again", {}),
        ("/class/new", {"kind": KIND, "difficulty": "normal"}),
        ("/class/join", {"code": code, "nickname": "Max"}),
        (f"/class/{code}/answer", {"round": "1", "trump": "pass"}),
        (stored["teacher"] + "/do", {"action": "ask"}),
    ]


def counts(path: Path) -> tuple[int, ...]:
    """Rows of every table of the database file (to show nothing was written or lost)."""
    with sqlite3.connect(path) as connection:
        tables = [t for (t,) in connection.execute("select name from sqlite_master where type='table' order by name")]
        return tuple(connection.execute(f'select count(*) from "{t}"').fetchone()[0] for t in tables)


def assert_error_page(response, lang: str, caplog, path: str) -> None:
    html = response.get_data(as_text=True)
    assert response.status_code == 503, (path, html[:500])
    assert f'<html lang="{lang}">' in html
    first, kept = SAID[lang]
    assert first in html and kept in html
    assert "Internal Server Error" not in html
    records = [r for r in caplog.records if r.name == "webapp" and r.levelno >= logging.ERROR and r.exc_info]
    assert records and records[-1].exc_info[0].__name__ == "OperationalError"


def _client(app: Flask, stored: dict, lang: str):
    client = app.test_client()
    client.set_cookie("lang", lang)
    for cookie in (stored["child_cookie"], stored["teacher_cookie"]):
        client.set_cookie(cookie.key, cookie.value, path=cookie.path)
    return client


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_full_disk_answers_the_translated_error_page_on_every_write(app, stored, monkeypatch, caplog, lang):
    before = counts(Path(app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")))

    def full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    execute = Kept.execute

    def commit_fails(kept, sql, arguments):  # an answer commits on its thread's kept connection
        return full() if sql == "COMMIT" else execute(kept, sql, arguments)

    for path, form in writes(stored):
        with app.app_context():
            monkeypatch.setattr(db.session, "commit", full)
        monkeypatch.setattr(Kept, "execute", commit_fails)
        caplog.clear()
        response = _client(app, stored, lang).post(path, data=form, headers={"Accept-Language": lang})
        assert_error_page(response, lang, caplog, path)
        monkeypatch.undo()
    assert counts(Path(app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///"))) == before


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_read_only_database_answers_the_translated_error_page_on_every_write(app, stored, tmp_path, caplog, lang):
    path = Path(app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///"))
    dispose(app)
    copy = tmp_path / "read-only.sqlite3"
    shutil.copy(path, copy)
    before = counts(copy)
    read_only = make_app(tmp_path, f"sqlite:///file:{copy}?mode=ro&uri=true", AUTO_MIGRATE=False)
    try:
        for where, form in writes(stored):
            caplog.clear()
            response = _client(read_only, stored, lang).post(where, data=form)
            assert_error_page(response, lang, caplog, where)
        # and reading still works: the quiz run and the class page
        assert _client(read_only, stored, lang).get(f"/quiz/{stored['run']}").status_code == 200
    finally:
        dispose(read_only)
    assert counts(copy) == before


def test_settings_need_no_database(app, monkeypatch):
    """The language and deck are cookies: a full disk does not stop a child from switching them."""
    def full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    with app.app_context():
        monkeypatch.setattr(db.session, "commit", full)
    response = app.test_client().post("/settings", data={"lang": "en", "deck": "4"})
    assert response.status_code == 303 and "lang=en" in response.headers.get("Set-Cookie", "")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_any_500_is_the_translated_error_page_and_logged(tmp_path, migrated_sqlite, caplog, lang):
    """An error no view expects (here a route that raises) answers 500 with the app's page, not Werkzeug's."""
    path = tmp_path / "db.sqlite3"
    shutil.copy(migrated_sqlite, path)
    app = make_app(tmp_path, f"sqlite:///{path}", AUTO_MIGRATE=False, PROPAGATE_EXCEPTIONS=False)

    @app.get("/boom")
    def boom():
        raise ZeroDivisionError("a bug")

    response = app.test_client().get("/boom", headers={"Accept-Language": lang})
    html = response.get_data(as_text=True)
    assert response.status_code == 500 and f'<html lang="{lang}">' in html
    assert {"en": "Nothing saved before is lost", "de": "Nichts, was vorher gespeichert wurde"}[lang] in html
    assert "Internal Server Error" not in html
    assert any(r.exc_info and r.exc_info[0] is ZeroDivisionError for r in caplog.records if r.name == "webapp")
    assert re.search(r"<title>[^<]*</title>", html)
    dispose(app)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_locked_database_on_a_poll_answers_the_error_page(app, stored, monkeypatch, caplog, lang):
    """The children's polls are answered before Flask (QuickPoll): a locked database there goes on to Flask, which
    answers the translated error page (503), not the WSGI server's bare 500."""
    from sqlalchemy.exc import OperationalError

    from webapp.classroom import quickpoll

    def locked(*args, **kwargs):
        raise OperationalError("select", {}, sqlite3.OperationalError("database is locked"))

    monkeypatch.setattr(quickpoll, "poll_state", locked)
    code = stored["code"]
    response = _client(app, stored, lang).get(f"/class/{code}/play/state?v=1", headers={"Accept-Language": lang})
    assert_error_page(response, lang, caplog, "/play/state")


def test_a_postgresql_server_gone_under_a_childs_kept_connection_answers_the_error_page(app, stored, monkeypatch,
                                                                                         caplog):
    """A child's page reads on its thread's kept connection, where psycopg's own error arrives unwrapped by
    SQLAlchemy: a server that went away is the storage error page (503), not a 500."""
    import psycopg

    from webapp.classroom import seats

    def gone(*args, **kwargs):
        raise psycopg.OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(seats, "find", gone)
    response = _client(app, stored, "en").get(f"/class/{stored['code']}/play", headers={"Accept-Language": "en"})
    assert_error_page(response, "en", caplog, "/play")
