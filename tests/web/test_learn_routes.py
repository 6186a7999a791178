"""The learning path's pages (issue 36, part 1): the map, lessons to mastery, mistakes coming back, the progress
code, the learner's cookie, and hostile input (4xx or a fresh start, never a 500)."""

from __future__ import annotations

import logging
import re
from datetime import timedelta

import pytest
from itsdangerous import Signer

from conftest import dispose, make_app
from webapp.core.db import db
from webapp.core.models import LearnAnswer, Learner, purge_learners, utcnow
from webapp.learn import learn_views, path, store
from webapp.quiz import kinds
from webapp.quiz.service import Asked

TODAY = 740000  # a day number (2027): the tests set the clock


@pytest.fixture(autouse=True)
def clock(monkeypatch):
    """The learning path's clock, set by the tests (``clock.day``)."""

    class Clock:
        day = TODAY

    monkeypatch.setattr(store, "today", lambda: Clock.day)
    return Clock


def html(response) -> str:
    return response.get_data(as_text=True)


def hidden(page: str, name: str) -> str | None:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    return found.group(1) if found else None


def only_learner(app) -> Learner:
    with app.app_context():
        row = db.session.execute(db.select(Learner)).scalar_one()
        db.session.expunge(row)
        return row


def item_for(app, client, lesson_id: str, review: str | None = None) -> tuple[Asked, dict[str, str]]:
    """The item the page shows now and its hidden fields (the seed from the page or from the learner's row)."""
    page = html(client.get(f"/learn/{lesson_id}" if review is None else "/learn/mistakes"))
    seed = hidden(page, "seed")
    seed = int(seed) if seed is not None else only_learner(app).seed
    number = int(hidden(page, "number"))
    lesson = path.get(lesson_id)
    kind, question = path.practice_item(lesson, seed, number, salt=f"review:{review}" if review else "")
    fields = {"number": str(number)}
    if hidden(page, "seed") is not None:
        fields["seed"] = hidden(page, "seed")
    if review is not None:
        fields["rule"] = review
    return Asked(kinds.get(kind), question), fields


def form(answer: dict) -> dict:
    """A parsed answer as the form sends it."""
    return {name: value if isinstance(value, list) else str(value) for name, value in answer.items() if value is not None}


def wrong_answer(asked: Asked) -> dict:
    """An answer the kind checks as wrong: another choice of a field than the solution's."""
    right = asked.kind.solve(asked.question)
    for field in asked.fields:
        for choice in field.choices or ():
            if field.multiple:
                continue
            candidate = {**right, field.name: choice.value}
            if not asked.check(candidate).correct:
                return candidate
    raise AssertionError("no wrong answer found")


def answer(app, client, lesson_id: str, right: bool = True, review: str | None = None):
    asked, fields = item_for(app, client, lesson_id, review)
    given = asked.kind.solve(asked.question) if right else wrong_answer(asked)
    url = f"/learn/{lesson_id}" if review is None else "/learn/mistakes"
    return client.post(url, data={**fields, **form(given)}, headers={"Accept-Language": "en"})


def read_cards(app, client):
    """Master the first lesson, the cards and their points, by right answers (its items come from skat_points)."""
    for _ in range(path.get("skat.cards").practice.mastery):
        assert answer(app, client, "skat.cards").status_code == 303


def test_the_map_of_a_new_learner_stores_nothing(app, client):
    page = html(client.get("/learn", headers={"Accept-Language": "en"}))
    assert 'id="learn-go" href="/learn/skat.cards"' in page
    assert "This week: 0 of 20" in page and "learn-mistakes" not in page
    assert 'id="learn-code"' not in page  # no code before the first answer
    assert page.index('id="path-skat"') < page.index('id="path-tichu"')
    assert client.get_cookie(learn_views.COOKIE, path="/") is None
    with app.app_context():
        assert db.session.execute(db.select(Learner)).first() is None


def test_the_home_page_leads_to_the_path(client):
    page = html(client.get("/", headers={"Accept-Language": "en"}))
    assert 'id="learn-start" href="/learn"' in page and "Learn Skat step by step" in page
    assert page.index('id="learn-start"') < page.index('<ul class="trainers">')


def test_right_answers_master_a_lesson_give_stars_and_open_the_next(app, client):
    read_cards(app, client)
    cookie = client.get_cookie(learn_views.COOKIE, path="/")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"
    lesson = path.get("skat.trumps")
    for n in range(lesson.practice.mastery):
        response = answer(app, client, "skat.trumps")
        assert response.status_code == 303 and "/learn/answer/" in response.location
        page = html(client.get(response.location, headers={"Accept-Language": "en"}))
        assert "Right!" in page
    assert 'id="learn-mastered"' in page and 'aria-label="3 stars"' in page
    assert 'id="learn-next-lesson" href="/learn/skat.follow_suit"' in page
    page = html(client.get("/learn", headers={"Accept-Language": "en"}))
    assert re.search(r'is-mastered" id="lesson-skat-trumps"', page)
    assert re.search(r'is-open is-next" id="lesson-skat-follow_suit"', page)
    assert "This week: 8 of 20" in page  # 4 items of the cards and their points, 4 of the trumps
    with app.app_context():
        rows = db.session.execute(db.select(LearnAnswer).filter_by(lesson="skat.trumps")).scalars().all()
        assert [(r.lesson, r.number, r.correct, r.day) for r in rows] == [("skat.trumps", n, True, TODAY) for n in range(4)]


def test_a_wrong_answer_comes_back_in_practise_my_mistakes(app, client, clock):
    read_cards(app, client)
    response = answer(app, client, "skat.trumps", right=False)
    page = html(client.get(response.location, headers={"Accept-Language": "en"}))
    assert "Not quite." in page and 'id="feedback-expected"' in page and 'id="feedback-steps"' in page
    rule = only_learner(app).progress["rules"]
    (wrong_rule,) = [name for name, state in rule.items() if state["wrong"]]
    assert "learn-mistakes" not in html(client.get("/learn"))  # due tomorrow, not today
    assert 'id="learn-nothing"' in html(client.get("/learn/mistakes"))
    clock.day = TODAY + 1
    page = html(client.get("/learn", headers={"Accept-Language": "en"}))
    assert "Practise my mistakes (1)" in page
    assert hidden(html(client.get("/learn/mistakes")), "rule") == wrong_rule
    response = answer(app, client, path.lesson_for_rule(wrong_rule).id, review=wrong_rule)
    assert response.status_code == 303
    assert 'href="/learn/mistakes#learn-area"' in html(client.get(response.location))
    state = only_learner(app).progress["rules"][wrong_rule]
    assert state["box"] == 1 and state["due"] == TODAY + 1 + 3  # up the ladder: next in 3 days
    assert "learn-mistakes" not in html(client.get("/learn"))


def test_sending_an_answer_twice_counts_it_once(app, client):
    read_cards(app, client)
    asked, fields = item_for(app, client, "skat.trumps")
    data = {**fields, **form(asked.kind.solve(asked.question))}
    first = client.post("/learn/skat.trumps", data=data)
    again = client.post("/learn/skat.trumps", data=data)
    assert again.status_code == 303 and again.location == first.location
    assert only_learner(app).progress["lessons"]["skat.trumps"]["answers"] == 1


def test_the_progress_code_moves_the_progress_to_another_device(app, client):
    read_cards(app, client)
    code = re.search(r'id="learn-code" translate="no">(\w+)<', html(client.get("/learn"))).group(1)
    other = app.test_client()
    assert other.post("/learn/code", data={"code": "zzzzzz"}).status_code == 404
    assert other.post("/learn/code", data={"code": "no!"}).status_code == 400
    response = other.post("/learn/code", data={"code": f" {code[:3].lower()}-{code[3:]} "})
    assert response.status_code == 303
    assert re.search(r'is-mastered" id="lesson-skat-cards"', html(other.get("/learn")))


def test_guessing_progress_codes_is_refused_after_the_limit(tmp_path, migrated_sqlite):
    import shutil

    shutil.copy(migrated_sqlite, tmp_path / "db.sqlite3")
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite3'}", AUTO_MIGRATE=False, LEARN_CODE_LIMIT="3 per minute")
    try:
        client = app.test_client()
        statuses = [client.post("/learn/code", data={"code": "ABCDEF"}).status_code for _ in range(4)]
        assert statuses == [404, 404, 404, 429]
    finally:
        dispose(app)


def test_a_restart_keeps_the_progress(tmp_path, migrated_sqlite):
    import shutil

    shutil.copy(migrated_sqlite, tmp_path / "db.sqlite3")
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    first = make_app(tmp_path, url, AUTO_MIGRATE=False)
    client = first.test_client()
    read_cards(first, client)
    cookie = client.get_cookie(learn_views.COOKIE, path="/").value
    dispose(first)
    second = make_app(tmp_path, url, AUTO_MIGRATE=False)
    try:
        again = second.test_client()
        again.set_cookie(learn_views.COOKIE, cookie, path="/")
        assert re.search(r'is-mastered" id="lesson-skat-cards"', html(again.get("/learn")))
    finally:
        dispose(second)


@pytest.mark.parametrize("cookie", ["", "x", "garbage.garbage", "A" * 3000, "ä.ö", "\x00",
                                    "unknownunknownunknown1.sig"])
def test_a_forged_or_malformed_cookie_is_a_fresh_start(app, client, cookie):
    client.set_cookie(learn_views.COOKIE, cookie, path="/")
    assert client.get("/learn").status_code == 200
    assert client.get("/learn/skat.cards").status_code == 200
    read_cards(app, client)
    assert only_learner(app).progress["lessons"]["skat.cards"]["stars"] == 3


def test_a_cookie_signed_by_another_key_or_for_nobody_is_a_fresh_start(app, client):
    read_cards(app, client)
    public_id = only_learner(app).public_id
    stranger = app.test_client()
    stranger.set_cookie(learn_views.COOKIE, Signer("another key", salt="kartenschule-learner").sign(public_id).decode(),
                        path="/")
    assert 'id="learn-code"' not in html(stranger.get("/learn"))
    nobody = app.test_client()
    nobody.set_cookie(learn_views.COOKIE, Signer("test", salt="kartenschule-learner").sign("x" * 22).decode(),
                      path="/")
    assert nobody.get("/learn").status_code == 200


def test_a_stored_progress_that_cannot_be_read_starts_afresh_with_a_warning(app, client, caplog):
    read_cards(app, client)
    with app.app_context():
        row = db.session.execute(db.select(Learner)).scalar_one()
        row.progress = {"v": 1, "lessons": {"skat.cards": {"stars": 9}}, "rules": [], "weeks": {}}
        db.session.commit()
    with caplog.at_level(logging.WARNING, logger="webapp.learn.store"):
        page = html(client.get("/learn"))
    assert 'id="learn-code"' in page and not re.search(r'is-mastered" id="lesson-skat-cards"', page)
    assert "stored progress unreadable" in caplog.text
    read_cards(app, client)  # and it goes on from there
    assert only_learner(app).progress["lessons"]["skat.cards"]["stars"] == 3


def test_unknown_and_locked_lessons(app, client):
    assert client.get("/learn/nope").status_code == 404
    assert client.get("/learn/" + "a" * 5000).status_code == 404
    assert client.post("/learn/nope", data={"number": "0"}).status_code == 404
    page = client.get("/learn/skat.game_value", headers={"Accept-Language": "en"})
    assert page.status_code == 200
    assert "Finish “The cards and their points” first." in html(page)
    assert 'id="learn-before" href="/learn/skat.cards"' in html(page)
    assert client.post("/learn/skat.trumps", data={"number": "0", "card": "x"}).status_code == 409
    assert client.post("/learn/skat.table/done").status_code == 409  # locked
    assert client.post("/learn/skat.trumps/done").status_code == 409  # mastered by its items
    assert client.post("/learn/skat.cards/done").status_code == 409  # so is the first lesson (skat_points)


@pytest.mark.parametrize("number", ["", "-1", "5", "99999999", "9" * 40, "²", "0x1", "<b>"])
def test_a_forged_item_number_keeps_the_page(app, client, number):
    read_cards(app, client)
    asked, fields = item_for(app, client, "skat.trumps")
    response = client.post("/learn/skat.trumps", data={**fields, "number": number,
                                                         **form(asked.kind.solve(asked.question))})
    assert response.status_code in (400, 409) and 'id="learn-form"' in html(response)


@pytest.mark.parametrize("garbage", [{}, {"card": "XX"}, {"card": "<script>"}, {"card": "1' OR '1'='1"},
                                     {"legal": ["yes", "no"]}, {"card": "A" * 10000}])
def test_garbage_answers_are_400_with_the_item_kept(app, client, garbage):
    read_cards(app, client)
    _, fields = item_for(app, client, "skat.trumps")
    response = client.post("/learn/skat.trumps", data={**fields, **garbage})
    assert response.status_code == 400 and 'id="learn-form"' in html(response) and "<script>" not in html(response)
    assert client.post("/learn/mistakes", data={"rule": "x", "number": "0", **garbage}).status_code == 409


@pytest.mark.parametrize("seed", ["", "-3", "99999999999", "abc"])
def test_a_new_learners_forged_seed_is_replaced(app, client, seed):
    response = client.post("/learn/skat.cards", data={"seed": seed, "number": "0", "points": "20"})
    assert response.status_code == 303 and 0 <= only_learner(app).seed < store.SEEDS


def test_nicknames_are_bounded_and_escaped(app, client):
    assert client.post("/learn/name", data={"nickname": "x" * 10_000}).status_code == 400
    with app.app_context():
        assert db.session.execute(db.select(Learner)).first() is None
    assert client.post("/learn/name", data={"nickname": "<b>Mia'); DROP TABLE learner;--"}).status_code == 400
    assert client.post("/learn/name", data={"nickname": "<b>Mia</b>"}).status_code == 303
    page = html(client.get("/learn"))
    assert "<b>Mia</b>" not in page and "&lt;b&gt;Mia&lt;/b&gt;" in page


def test_another_learners_answer_is_404(app, client):
    read_cards(app, client)
    location = answer(app, client, "skat.trumps").location
    assert client.get(location).status_code == 200
    assert app.test_client().get(location).status_code == 404
    assert client.get("/learn/answer/99999999999999999999").status_code == 404


def test_a_day_has_a_bound_of_answers(tmp_path, migrated_sqlite):
    import shutil

    shutil.copy(migrated_sqlite, tmp_path / "db.sqlite3")
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite3'}", AUTO_MIGRATE=False, LEARN_ANSWERS_PER_DAY=2)
    try:
        client = app.test_client()
        responses = [answer(app, client, "skat.cards") for _ in range(3)]
        assert [r.status_code for r in responses] == [303, 303, 429]
        assert "Come back tomorrow" in html(responses[2]) and 'id="learn-form"' in html(responses[2])
        assert only_learner(app).progress["lessons"]["skat.cards"]["answers"] == 2
    finally:
        dispose(app)


def test_purge_expired_deletes_learners_not_seen_for_learn_days(app, client, runner):
    read_cards(app, client)
    answer(app, client, "skat.trumps")
    fresh = app.test_client()
    assert answer(app, fresh, "skat.cards").status_code == 303  # a second learner, one answer
    with app.app_context():
        first = db.session.execute(db.select(Learner).order_by(Learner.id)).scalars().first()
        first.last_seen = utcnow() - timedelta(days=401)
        db.session.commit()
    result = runner.invoke(args=["purge-expired"])
    assert result.exit_code == 0 and "deleted 1 learner(s) not seen for 400 days" in result.output
    with app.app_context():
        assert db.session.execute(db.select(db.func.count()).select_from(Learner)).scalar_one() == 1
        kept = db.session.execute(db.select(Learner.id)).scalar_one()
        assert {row.learner_id for row in db.session.execute(db.select(LearnAnswer)).scalars()} == {kept}
        assert purge_learners(days=400) == 0
    assert client.get("/learn").status_code == 200  # its cookie now names nobody: a fresh start


def test_learners_and_answers_are_stored_and_purged_on_both_databases(db_app):
    """The migration's tables on SQLite and PostgreSQL: a learner, its answers (JSON), its progress, the purge."""
    client = db_app.test_client()
    read_cards(db_app, client)
    assert answer(db_app, client, "skat.trumps").status_code == 303
    assert answer(db_app, client, "skat.trumps", right=False).status_code == 303
    with db_app.app_context():
        learner = db.session.execute(db.select(Learner)).scalar_one()
        assert len(learner.public_id) >= 22 and learner.progress["lessons"]["skat.trumps"]["answers"] == 2
        rows = db.session.execute(db.select(LearnAnswer).filter_by(lesson="skat.trumps").order_by(LearnAnswer.id)
                                  ).scalars().all()
        assert [r.correct for r in rows] == [True, False] and all(isinstance(r.answer, dict) for r in rows)
        assert purge_learners(days=400) == 0
        assert purge_learners(days=400, now=utcnow() + timedelta(days=401)) == 1
        assert db.session.execute(db.select(LearnAnswer)).first() is None


def test_a_mistakes_answer_sent_twice_counts_once(app, client, clock):
    read_cards(app, client)
    answer(app, client, "skat.trumps", right=False)
    clock.day = TODAY + 1
    rule = hidden(html(client.get("/learn/mistakes")), "rule")
    lesson = path.lesson_for_rule(rule).id
    asked, fields = item_for(app, client, lesson, review=rule)
    data = {**fields, **form(asked.kind.solve(asked.question))}
    first = client.post("/learn/mistakes", data=data)
    again = client.post("/learn/mistakes", data=data)  # the rule is no longer due: its feedback again
    assert first.status_code == again.status_code == 303 and again.location == first.location
    assert only_learner(app).progress["rules"][rule]["right"] == 1


def test_the_learner_cookie_is_secure_over_https(app):
    client = app.test_client()
    client.post("/learn/skat.cards", data={"number": "0", "points": "20"}, base_url="https://localhost")
    cookie = client.get_cookie(learn_views.COOKIE, domain="localhost", path="/")
    assert cookie is not None and cookie.secure and cookie.http_only and cookie.same_site == "Lax"
    assert cookie.expires is not None  # long-lived: LEARN_DAYS, not the browser session


def test_every_lesson_explains_words_of_its_own_glossary(app):
    from webapp.core.terms import glossary

    with app.app_context():
        for lesson_id, keys in learn_views.WORDS.items():
            lesson = path.get(lesson_id)
            assert set(keys) <= {word.key for word in glossary().words[lesson.game]}, lesson_id
    page = html(app.test_client().get("/learn/skat.cards", headers={"Accept-Language": "en"}))
    assert 'id="learn-words"' in page and "Ace 11, ten 10" in page


def test_a_new_learners_first_answer_is_checked_against_the_item_it_was_shown(app, client):
    """Before its first answer a learner has no row: the page carries the seed of the item shown, and the learner
    made by the answer keeps it (the feedback shows the same item)."""
    asked, fields = item_for(app, client, "tichu.combinations")
    response = client.post("/learn/tichu.combinations", data={**fields, **form(asked.kind.solve(asked.question))})
    assert response.status_code == 303 and only_learner(app).seed == int(fields["seed"])
    assert "Right!" in html(client.get(response.location, headers={"Accept-Language": "en"}))
    assert only_learner(app).progress["lessons"]["tichu.combinations"] == {
        "answers": 1, "wrong": 0, "in_a_row": 1, "mastered_on": None, "stars": 0}
