"""Storage on SQLite and on PostgreSQL: the real migration, answers stored once, purging.

Each test runs twice through the ``db_app`` fixture: on a fresh SQLite file
and on a fresh database of a throwaway PostgreSQL server (skipped, with the
reason, when none can be started).
"""

from __future__ import annotations

from datetime import timedelta

from alembic.script import ScriptDirectory
from alembic.config import Config
from sqlalchemy import inspect, text

from classhelpers import act, create_class, csv_rows, join
from webapp.core.db import MIGRATIONS, db
from webapp.core.models import ClassSession, Quiz, QuizAnswer, QuizRun, purge_expired, utcnow


def head_revision() -> str:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


def test_the_app_migrates_a_new_database_to_the_newest_revision(db_app):
    with db_app.app_context():
        assert db.session.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == head_revision()
        tables = set(inspect(db.engine).get_table_names())
        assert {"quiz", "quiz_run", "quiz_answer", "class_session", "class_participant", "class_response"} <= tables
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
