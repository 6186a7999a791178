"""Homework for a class and the teacher's report (issue 36, part 2; webapp/learn/homework_views.py): a teacher sets
homework, children join with the class code and a nickname, the report and its CSV, deleting, expiry, and hostile
input (an unknown code, a 10 KB nickname, a taken one, a deadline out of range, an unknown lesson, a forged teacher
cookie, another class's teacher token): 4xx with a message naming the problem, never a 500."""

from __future__ import annotations

import re
import shutil
from datetime import date, timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from itsdangerous import Signer
from sqlalchemy import event

from conftest import dispose, make_app
from webapp.core.db import db
from webapp.core.models import LearnAnswer, LearnClass, Learner, LearnMember, purge_homework, utcnow
from webapp.learn import homework, learn_views, path, store
from webapp.quiz import kinds

from learnhelpers import master
from test_learn_routes import TODAY, clock, html  # noqa: F401 (clock: the learning path's clock, an autouse fixture)

EN = {"Accept-Language": "en"}


def ahead(days: int) -> str:
    return (date.fromordinal(TODAY) + timedelta(days=days)).isoformat()


def set_homework(client, lessons=("skat.trumps", "skat.follow_suit"), days: int = 7) -> str:
    response = client.post("/learn/homework/new", data={"lesson": list(lessons), "deadline": ahead(days)})
    assert response.status_code == 303, html(response)
    return re.fullmatch(r"/learn/homework/(\w{6})", response.location).group(1)


def join(client, code: str, nickname: str):
    return client.post("/learn/class", data={"code": code, "nickname": nickname}, headers=EN)


def learner_of(app, client) -> Learner:
    value = client.get_cookie(learn_views.COOKIE, path="/").value
    with app.app_context():
        public_id = Signer(app.secret_key, salt="kartenschule-learner").unsign(value).decode()
        row = db.session.execute(db.select(Learner).filter_by(public_id=public_id)).scalar_one()
        db.session.expunge(row)
        return row


def answer(app, client, lesson_id: str, right: bool = True):
    """Answer the child's current item of ``lesson_id`` right or wrong (its seed from its learner's row); the
    first lesson (the card points) is mastered first, so the next ones are open."""
    cookie = client.get_cookie(learn_views.COOKIE, path="/")
    if cookie is None or not learner_of(app, client).progress["lessons"].get("skat.cards", {}).get("mastered_on"):
        master(app, client, "skat.cards")
    learner = learner_of(app, client)
    number = learner.progress.get("lessons", {}).get(lesson_id, {}).get("answers", 0)
    kind_name, question = path.practice_item(path.get(lesson_id), learner.seed, number)
    kind = kinds.get(kind_name)
    given = kind.solve(question)
    if not right:
        given = next({**given, name: choice} for name, value in given.items() if value is not None
                     for choice in _choices(kind, question, name)
                     if not kind.check(question, {**given, name: choice}).correct)
    data = {"number": str(number),
            **{k: v if isinstance(v, list) else str(v) for k, v in given.items() if v is not None}}
    response = client.post(f"/learn/{lesson_id}", data=data)
    assert response.status_code == 303, html(response)


def _choices(kind, question, name):
    from webapp.quiz.service import Asked

    field = next(f for f in Asked(kind, question).fields if f.name == name)
    return [choice.value for choice in field.choices or ()]


# --- the whole way --------------------------------------------------------------------------------------------
def test_a_teacher_sets_homework_two_children_do_it_and_the_report_shows_both(app):
    teacher = app.test_client()
    form = html(teacher.get("/learn/homework/new", headers=EN))
    assert f'value="{ahead(7)}" min="{ahead(1)}" max="{ahead(60)}"' in form  # 7 days ahead by default
    code = set_homework(teacher)
    mia, ben = app.test_client(), app.test_client()
    assert join(mia, code.lower(), "  Mia ").location == "/learn#learn-homework"
    assert join(ben, f"{code[:3]}-{code[3:]}", "Ben").status_code == 303
    answer(app, mia, "skat.trumps")
    answer(app, ben, "skat.trumps", right=False)
    map_page = html(mia.get("/learn", headers=EN))
    assert 'id="learn-homework"' in map_page and f'id="homework-{code}"' in map_page and "Due by" in map_page
    assert map_page.index('id="learn-homework"') < map_page.index('id="learn-week"')  # at the top
    page = html(teacher.get(f"/learn/homework/{code}", headers=EN))
    assert code in page and "Mia" in page and "Ben" in page
    rules = re.findall(r'<tr id="hw-rule-([\w-]+)"', page)
    assert rules[0] == "skat-trumps"  # the only rule with a wrong answer: hardest first
    csv = html(teacher.get(f"/learn/homework/{code}/report.csv")).splitlines()
    assert csv[1].startswith("Ben,no,no,0,1") and csv[2].startswith("Mia,no,no,1,0")
    with app.app_context():
        assert learner_of(app, mia).nickname == "Mia"  # remembered with the learner


def test_a_lesson_set_as_homework_is_open_for_the_class_and_for_nobody_else(app):
    """A teacher may set a lesson the children have not reached on their path (the Null lesson, eleventh of
    twelve): it is open on the map of every child in the class and can be answered; a child in no class still
    finds it locked (409 for an answer)."""
    code = set_homework(app.test_client(), lessons=("skat.null",))
    mia, other = app.test_client(), app.test_client()
    assert join(mia, code, "Mia").status_code == 303
    assert 'class="learn-lesson is-open" id="lesson-skat-null"' in mia.get("/learn").get_data(as_text=True)
    assert 'id="learn-item"' in mia.get("/learn/skat.null").get_data(as_text=True)
    answer(app, mia, "skat.null")
    assert learner_of(app, mia).progress["lessons"]["skat.null"]["answers"] == 1
    master(app, other, "skat.cards")
    assert 'class="learn-lesson is-locked" id="lesson-skat-null"' in other.get("/learn").get_data(as_text=True)
    page = other.get("/learn/skat.null").get_data(as_text=True)
    assert 'id="learn-locked"' in page and 'id="learn-item"' not in page
    assert other.post("/learn/skat.null", data={"number": "0"}).status_code == 409


def test_answers_before_the_homework_was_set_do_not_count(app, clock):
    child = app.test_client()
    master(app, child, "skat.cards")
    answer(app, child, "skat.trumps", right=False)
    clock.day = TODAY + 1
    teacher = app.test_client()
    code = set_homework(teacher)
    join(child, code, "Mia")
    answer(app, child, "skat.trumps")
    csv = html(teacher.get(f"/learn/homework/{code}/report.csv")).splitlines()
    assert csv[1].startswith("Mia,no,no,1,0")


def test_the_report_reads_a_class_in_a_few_queries_whatever_its_size(app):
    with app.app_context():
        row, _ = homework.create(("skat.trumps",), TODAY + 7, TODAY, 180)
        for n in range(30):
            learner = store.create(n)
            db.session.add(LearnMember(class_id=row.id, learner_id=learner.id, nickname=f"child {n}"))
            db.session.add_all(LearnAnswer(learner_id=learner.id, lesson="skat.trumps", number=k, rule="skat.trumps",
                                           correct=k % 3 > 0, answer={}, day=TODAY) for k in range(10))
        db.session.commit()
        db.session.refresh(row)
        statements = []
        event.listen(db.engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
        result = homework.report(row)
        assert len(result.children) == 30 and result.rules[0].right + result.rules[0].wrong == 300
        selects = [text for text in statements if text.lstrip().upper().startswith("SELECT")]
        assert len(selects) == 2, selects


# --- hostile input --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("lessons", "days", "says"), [
    ((), 7, "Choose one or more lessons"), (("skat.nope",), 7, "Choose one or more lessons"),
    (("skat.trumps",), -1, "Choose a deadline from 1 to 60 days"), (("skat.trumps",), 0, "from 1 to 60 days"),
    (("skat.trumps",), 3653, "from 1 to 60 days"), (("skat.trumps",), 61, "from 1 to 60 days")])
def test_bad_settings_bring_the_form_back_with_a_message(app, client, lessons, days, says):
    response = client.post("/learn/homework/new", data={"lesson": list(lessons), "deadline": ahead(days)}, headers=EN)
    assert response.status_code == 400 and says in html(response) and 'id="hw-new-form"' in html(response)
    with app.app_context():
        assert db.session.execute(db.select(LearnClass)).first() is None


def test_an_unknown_class_code_is_a_404_that_says_so(client):
    response = join(client, "ZZZZZZ", "Mia")
    assert response.status_code == 404 and "There is no homework with the class code ZZZZZZ" in html(response)
    assert join(client, "no!", "Mia").status_code == 404
    for url in ("/learn/homework/ZZZZZZ", "/learn/homework/ZZZZZZ/report.csv", "/learn/homework/nope/delete",
                "/learn/homework/ZZZZZZ/teach/" + "x" * 43):
        response = client.get(url, headers=EN)
        assert response.status_code == 404 and "There is no homework with the class code" in html(response), url


@pytest.mark.parametrize(("nickname", "status", "says"), [
    ("x" * 10_000, 400, "at most 20 characters"), ("   ", 400, "Please write a nickname"),
    ("a\u202eb", 400, "only have letters"), ("mia", 409, "already uses the nickname")])
def test_a_nickname_that_cannot_be_used_is_refused_politely(app, client, nickname, status, says):
    code = set_homework(client)
    assert join(app.test_client(), code, "mia").status_code == 303
    response = join(app.test_client(), code, nickname)
    assert response.status_code == status and says in html(response)
    assert 'id="hw-join-form"' in html(response) and len(html(response)) < 40_000  # the 10 KB name is not echoed


def test_joining_again_renames_and_a_learner_is_in_five_classes_at_most(app):
    teacher, child = app.test_client(), app.test_client()
    codes = [set_homework(teacher) for _ in range(6)]
    for code in codes[:5]:
        assert join(child, code, "Mia").status_code == 303
    assert join(child, codes[0], "Mimi").status_code == 303  # the same class again: a new nickname, no new place
    response = join(child, codes[5], "Mia")
    assert response.status_code == 409 and "already in 5 classes" in html(response)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(LearnMember)) == 5
        assert db.session.execute(db.select(LearnMember.nickname).order_by(LearnMember.id)).scalars().first() == "Mimi"


def test_the_teacher_page_needs_its_own_teachers_cookie(app):
    first, second = app.test_client(), app.test_client()
    code_a, code_b = set_homework(first), set_homework(second)
    token_a = first.get_cookie(homework.teacher_cookie_name(code_a), path=f"/learn/homework/{code_a}").value
    stranger = app.test_client()
    assert stranger.get(f"/learn/homework/{code_a}", headers=EN).status_code == 403
    stranger.set_cookie(homework.teacher_cookie_name(code_b), token_a, path=f"/learn/homework/{code_b}")
    response = stranger.get(f"/learn/homework/{code_b}", headers=EN)  # class A's token under class B's name
    assert response.status_code == 403 and "only for the teacher who set the homework" in html(response)
    stranger.set_cookie(homework.teacher_cookie_name(code_b), token_a[:-2] + "xx", path=f"/learn/homework/{code_b}")
    assert stranger.get(f"/learn/homework/{code_b}/report.csv").status_code == 403  # forged
    assert stranger.post(f"/learn/homework/{code_b}/delete").status_code == 403
    assert stranger.get(f"/learn/homework/{code_b}/teach/{token_a}").status_code == 403  # another class's token
    assert stranger.get(f"/learn/homework/{code_b}/teach/{'y' * 5000}").status_code == 403
    response = stranger.get(f"/learn/homework/{code_a}/teach/{token_a}")  # the teacher link on another device
    assert response.status_code == 303 and response.location == f"/learn/homework/{code_a}"
    assert stranger.get(f"/learn/homework/{code_a}").status_code == 200


def test_guessing_class_codes_is_refused_after_the_limit(tmp_path, migrated_sqlite):
    shutil.copy(migrated_sqlite, tmp_path / "db.sqlite3")
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite3'}", AUTO_MIGRATE=False,
                   LEARN_CODE_LIMIT="3 per minute")
    try:
        client = app.test_client()
        statuses = [join(client, "ABCDEF", "Mia").status_code for _ in range(3)]
        statuses.append(client.get("/learn/homework/ABCDEF").status_code)
        assert statuses == [404, 404, 404, 429]
    finally:
        dispose(app)


def test_deleting_needs_a_post_with_the_csrf_token(tmp_path, migrated_sqlite):
    shutil.copy(migrated_sqlite, tmp_path / "db.sqlite3")
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite3'}", AUTO_MIGRATE=False, WTF_CSRF_ENABLED=True)
    try:
        teacher = app.test_client()
        form = html(teacher.get("/learn/homework/new"))
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
        response = teacher.post("/learn/homework/new", data={"lesson": "skat.trumps", "deadline": ahead(7),
                                                             "csrf_token": csrf})
        code = response.location.rsplit("/", 1)[1]
        assert teacher.post(f"/learn/homework/{code}/delete").status_code == 400  # no CSRF token
        confirm = html(teacher.get(f"/learn/homework/{code}/delete", headers=EN))
        assert "own progress stays theirs" in confirm
        assert teacher.post(f"/learn/homework/{code}/delete", data={"csrf_token": csrf}).status_code == 303
        assert teacher.get(f"/learn/homework/{code}").status_code == 404
    finally:
        dispose(app)


def test_deleting_removes_the_class_and_memberships_but_not_the_childrens_progress(app):
    teacher, child = app.test_client(), app.test_client()
    code = set_homework(teacher)
    join(child, code, "Mia")
    answer(app, child, "skat.trumps")
    response = teacher.post(f"/learn/homework/{code}/delete")
    assert response.location == "/learn/homework/new?deleted=1"
    assert "list of nicknames are deleted" in html(teacher.get(response.location, headers=EN))
    with app.app_context():
        assert db.session.execute(db.select(LearnClass)).first() is None
        assert db.session.execute(db.select(LearnMember)).first() is None
        # the child's answers stay: the 4 that mastered the card points and the one to the trumps
        assert db.session.scalar(db.select(db.func.count()).select_from(LearnAnswer)) == 4 + 1
    assert learner_of(app, child).progress["lessons"]["skat.trumps"]["answers"] == 1
    assert f'id="homework-{code}"' not in html(child.get("/learn"))


def test_purge_expired_deletes_homework_180_days_after_its_deadline(app, runner):
    teacher, child = app.test_client(), app.test_client()
    code = set_homework(teacher, days=7)
    join(child, code, "Mia")
    with app.app_context():
        row = db.session.execute(db.select(LearnClass)).scalar_one()
        deadline = date.fromordinal(row.deadline_day)
        assert (row.expires_at.date() - deadline).days == 181  # the whole 180th day after it
    kept = (deadline + timedelta(days=180)).strftime("%B %-d, %Y")
    assert f"Kept until {kept}," in html(teacher.get(f"/learn/homework/{code}", headers=EN))
    with app.app_context():
        row = db.session.execute(db.select(LearnClass)).scalar_one()
        assert purge_homework(now=row.expires_at - timedelta(seconds=1)) == 0
        row.expires_at = utcnow() - timedelta(seconds=1)
        db.session.commit()
    assert teacher.get(f"/learn/homework/{code}").status_code == 404  # expired: gone before the purge runs
    result = runner.invoke(args=["purge-expired"])
    assert result.exit_code == 0 and "deleted 1 homework class(es)" in result.output
    with app.app_context():
        assert db.session.execute(db.select(LearnMember)).first() is None
        assert db.session.execute(db.select(Learner)).first() is not None


def test_purging_a_learner_takes_its_memberships_with_it(app):
    from webapp.core.models import purge_learners

    teacher, child = app.test_client(), app.test_client()
    code = set_homework(teacher)
    join(child, code, "Mia")
    with app.app_context():
        learner = db.session.execute(db.select(Learner)).scalar_one()
        learner.last_seen = utcnow() - timedelta(days=500)
        db.session.commit()
        assert purge_learners(days=400) == 1
        assert db.session.execute(db.select(LearnMember)).first() is None
    assert "Nobody has joined yet" in html(teacher.get(f"/learn/homework/{code}", headers=EN))


def test_the_models_and_the_migrations_agree(app):
    """Alembic's autogenerate finds nothing to add: migration 0005 makes the tables the models describe."""
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, db.metadata) == []


def test_homework_is_stored_reported_and_purged_on_both_databases(db_app):
    """Migration 0005's tables on SQLite and PostgreSQL: a class, a member, the two aggregate queries, the purge."""
    with db_app.app_context():
        row, _ = homework.create(("skat.trumps",), TODAY + 7, TODAY, 180)
        learner = store.create(7)
        homework.join(row, learner, "Mia")
        db.session.add_all([LearnAnswer(learner_id=learner.id, lesson="skat.trumps", number=n, rule="skat.trumps",
                                        correct=n > 0, answer={"winner": "CJ"}, day=TODAY) for n in range(3)])
        db.session.commit()
        result = homework.report(row)
        assert result.children[0].rules["skat.trumps"] == (2, 1) and result.rules[0].rule == "skat.trumps"
        assert purge_homework(now=row.expires_at) == 1
        assert db.session.execute(db.select(LearnMember)).first() is None
        assert db.session.get(Learner, learner.id) is not None
