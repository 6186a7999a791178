"""Storage on SQLite and on PostgreSQL: the real migration, answers stored once, purging.

Each test runs twice through the ``db_app`` fixture: on a fresh SQLite file
and on a fresh database of a throwaway PostgreSQL server (skipped, with the
reason, when none can be started).
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from alembic.script import ScriptDirectory
from alembic.config import Config
from flask import request_started
from sqlalchemy import bindparam, create_engine, inspect, text

from classhelpers import act, create_class, csv_rows, join, state_url
from conftest import TEST_CONFIG, dispose
from webapp import create_app
from webapp.core.db import MIGRATION_LOCK, MIGRATIONS, db
from webapp.core.models import ClassSession, Quiz, QuizAnswer, QuizRun, purge_expired, utcnow


def head_revision() -> str:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


def test_the_app_migrates_a_new_database_to_the_newest_revision(db_app):
    with db_app.app_context():
        assert db.session.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == head_revision()
        tables = set(inspect(db.engine).get_table_names())
        assert {"quiz", "quiz_run", "quiz_answer", "class_session", "class_participant", "class_response",
                "learner", "learn_answer"} <= tables
        if db.engine.dialect.name == "sqlite":
            assert db.session.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
            assert db.session.execute(text("PRAGMA synchronous")).scalar_one() == 2  # FULL


def test_quiz_answers_are_stored_once(db_app):
    client = db_app.test_client()
    run_url = client.post("/quiz", data={"kind": "tichu_legality", "difficulty": "hard", "count": "2"}).location
    for form in ({"legal": "no"}, {"legal": "yes", "kind": "pair"}):
        assert client.post(run_url + "/answer", data={"position": "0", **form}).status_code == 303
    with db_app.app_context():
        answers = db.session.execute(db.select(QuizAnswer)).scalars().all()
        assert [(a.position, a.answer) for a in answers] == [(0, {"legal": "no", "kind": None})]


def test_a_class_round_and_the_csv(db_app):
    teacher = db_app.test_client()
    code, url = create_class(teacher, kind="tichu_legality")
    children = [join(db_app, code, f"Kind {n}") for n in range(3)]
    act(teacher, url, "ask")
    for n, child in enumerate(children):
        form = {"round": "1", "legal": "yes", "kind": "single"} if n else {"round": "1", "legal": "no"}
        assert child.post(f"/class/{code}/answer", data=form).status_code == 303
        assert child.post(f"/class/{code}/answer", data={"round": "1", "legal": "no"}).status_code == 303
    rows = csv_rows(teacher, url)
    assert [r[1] for r in rows[1:]] == ["Kind 0", "Kind 1", "Kind 2"]


def test_a_childs_unchanged_poll_is_answered_before_flask_on_its_kept_connection(db_app):
    """The poll's one read (``KeptStatement``: compiled for the database's dialect, its datetimes bound and read as
    SQLAlchemy would, in autocommit) gives the same answers on both databases: 204 while nothing changed, the
    new panel once the teacher asked a question, and a changed class is seen by the next poll (no stale snapshot)."""
    teacher = db_app.test_client()
    code, url = create_class(teacher, kind="tichu_legality")
    mia = join(db_app, code, "Mia")
    page = mia.get(f"/class/{code}/play").get_data(as_text=True)
    state = state_url(page)
    started = []
    request_started.connect(lambda sender, **_: started.append(1), db_app, weak=False)
    headers = {"HX-Request": "true"}
    assert [mia.get(state, headers=headers).status_code for _ in range(2)] == [204, 204]
    assert started == []  # both before Flask
    act(teacher, url, "ask", countdown="30")
    asked = mia.get(state, headers=headers)
    assert asked.status_code == 200 and 'id="child-form"' in asked.get_data(as_text=True)
    assert db_app.wsgi_app.read is not None


def test_an_answer_is_written_on_the_kept_connection_once_and_a_failed_block_writes_nothing(db_app):
    """``Kept.transaction`` (an answer's write, on both databases): the block's statements are committed
    together; the unique key of a second answer (another tab) rolls the block back, the first answer counts and
    the thread's connection stays usable; a block that raises writes nothing."""
    from webapp.classroom import service
    from webapp.core.db import kept

    teacher = db_app.test_client()
    code, url = create_class(teacher, kind="tichu_legality")
    mia = join(db_app, code, "Mia")
    act(teacher, url, "ask")
    cookies = {service.cookie_name(code): mia.get_cookie(service.cookie_name(code), path=f"/class/{code}").value}
    form = {"round": "1", "legal": "yes", "kind": "single"}
    with db_app.test_request_context():
        row, child, before = service.session_and_child(code, cookies)
        assert before is None
        stored = service.answer(row, child, None, "1", form)
        assert stored.answer == {"legal": "yes", "kind": "single"}
        connection = kept()
        held = connection._local.connection
        assert service.answer(row, child, None, "1", {"round": "1", "legal": "no"}) is None  # the key refuses it
        assert service.session_and_child(code, cookies).answer == stored  # the first counts
        assert connection._local.connection is held  # and the connection was not dropped
        names = connection.statement(db.update(ClassSession).where(ClassSession.join_code == bindparam("code"))
                                     .values(show_names=bindparam("names")))
        with pytest.raises(ZeroDivisionError), connection.transaction():
            names.run({"code": code, "names": True})
            1 / 0
        with connection.transaction():  # the failed block was rolled back: a new one begins
            pass
    with db_app.app_context():
        assert db.session.execute(db.select(ClassSession.show_names)).scalar_one() is False
    assert [row[1] for row in csv_rows(teacher, url)[1:]] == ["Mia"]


def test_purge_removes_expired_classes_and_old_quizzes(db_app):
    client = db_app.test_client()
    create_class(client)
    client.post("/quiz", data={"kind": "skat_family", "difficulty": "easy", "count": "1"})
    with db_app.app_context():
        assert purge_expired(quiz_days=30) == (0, 0)
        later = utcnow() + timedelta(days=31)
        assert purge_expired(quiz_days=30, now=later) == (1, 1)
        for model in (ClassSession, Quiz, QuizRun):
            assert db.session.execute(db.select(model)).first() is None


@pytest.mark.postgres
def test_servers_sharing_a_postgresql_database_migrate_one_after_the_other(tmp_path, postgres_server):
    """Two servers on two machines share the database but not an instance folder (its file lock): while another
    server holds the advisory lock, a starting app waits for it instead of creating the same tables at once
    (which failed with a duplicate key in pg_type when two `kartenschule serve` started together)."""
    name, url = postgres_server.create_database()
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    started: list = []
    try:
        with engine.connect() as other_server:
            other_server.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
            starting = threading.Thread(target=lambda: started.append(
                create_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": url}, instance_path=str(tmp_path))))
            starting.start()
            starting.join(timeout=2)
            assert starting.is_alive() and not inspect(other_server).get_table_names()  # waiting, nothing created
            other_server.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")
        starting.join(timeout=60)
        assert len(started) == 1
        with engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == head_revision()
        dispose(started[0])
    finally:
        engine.dispose()
        postgres_server.drop_database(name)
