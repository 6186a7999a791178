"""The learning path for parents (issue 36, part 2): the parents' view, the privacy page, deleting a device's
progress, a whole game at a game page marking its lesson done, the learner's day in the configured time zone and
the phone lesson's jump to its first item."""

from __future__ import annotations

import logging
import re
from datetime import date, datetime, timezone

import pytest
from learnhelpers import master
from test_skat_table_routes import click as table_click
from test_skat_table_routes import coach_move, start, state_of
from test_tichu_round_routes import play_out, to_play
from test_words import finished_game, poker_page

from conftest import dispose, make_app
from webapp.core.db import db
from webapp.core.models import LearnAnswer, Learner
from webapp.games.skat.table import Phase
from webapp.games.yahtzee import rules as yahtzee
from webapp.games.yahtzee import views as yahtzee_views
from webapp.learn import path, store
from webapp.learn.progress import LessonProgress, Progress, RuleProgress, rule_to_practise, to_dict

TODAY = date(2026, 11, 27).toordinal()
EN = {"Accept-Language": "en"}


@pytest.fixture(autouse=True)
def clock(monkeypatch):
    """The learning path's clock, fixed."""
    monkeypatch.setattr(store, "today", lambda: TODAY)


def html(response) -> str:
    return response.get_data(as_text=True)


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html(response)))


def mastered(*lesson_ids: str) -> Progress:
    done = LessonProgress(answers=4, in_a_row=4, mastered_on=TODAY - 1, stars=3)
    return Progress(lessons={lesson_id: done for lesson_id in lesson_ids})


def before(lesson_id: str) -> tuple[str, ...]:
    """Every lesson of the path before ``lesson_id`` (mastered, they open it)."""
    lessons = [lesson.id for lesson in path.PATHS[lesson_id.split(".")[0]]]
    return tuple(lessons[: lessons.index(lesson_id)])


def learner(app, client, progress: Progress = Progress(), nickname: str | None = None) -> int:
    """A learner with ``progress`` whose signed cookie ``client`` holds; its row id."""
    with app.app_context():
        row = store.create(7, nickname)
        row.progress = to_dict(progress)
        db.session.commit()
        client.set_cookie(store.COOKIE, store.signer(app.secret_key).sign(row.public_id).decode(), path="/")
        return row.id


def row_of(app, learner_id: int) -> Learner | None:
    with app.app_context():
        row = db.session.get(Learner, learner_id)
        if row is not None:
            db.session.expunge(row)
        return row


def lesson_state(app, learner_id: int, lesson_id: str) -> LessonProgress:
    with app.app_context():
        return store.progress_of(db.session.get(Learner, learner_id)).lesson(lesson_id)


def answers(app, learner_id: int, rows: list[tuple[int, str, bool]]) -> None:
    with app.app_context():
        for day, rule, correct in rows:
            db.session.add(LearnAnswer(learner_id=learner_id, lesson=path.lesson_for_rule(rule).id, number=0,
                                       review=None, rule=rule, correct=correct, answer={}, day=day))
        db.session.commit()


# --- the parents' view ----------------------------------------------------------------------------------------


def test_the_parents_view_without_a_learner_says_so_and_stores_nothing(app, client):
    response = client.get("/learn/parents", headers=EN)
    assert response.status_code == 200
    assert 'id="parents-none"' in html(response) and 'id="parents-to-learn" href="/learn"' in html(response)
    assert "No progress on this device yet." in text(response)
    with app.app_context():
        assert db.session.execute(db.select(Learner)).first() is None


@pytest.mark.parametrize("cookie", ["", "garbage", "x.y", "A" * 3000, "\x00"])
def test_a_forged_cookie_shows_no_learner(app, client, cookie):
    learner(app, app.test_client())  # somebody else's learner exists
    client.set_cookie(store.COOKIE, cookie, path="/")
    response = client.get("/learn/parents", headers=EN)
    assert response.status_code == 200 and 'id="parents-none"' in html(response)


def test_the_parents_view_shows_the_map_the_week_and_the_rule_to_practise(app, client):
    progress = mastered("skat.cards", "skat.trumps")
    progress = Progress(lessons=progress.lessons, rules={"skat.trick.winner": RuleProgress(1, 2, 0, TODAY)})
    me = learner(app, client, progress, nickname="Mia")
    answers(app, me, [(TODAY, "skat.trumps", True), (TODAY, "skat.trumps", True), (TODAY, "skat.trumps", True),
                      (TODAY, "skat.trick.winner", False), (TODAY - 2, "skat.trumps", True),
                      (TODAY - 9, "skat.trumps", False)])  # 9 days ago: not this week
    response = client.get("/learn/parents", headers=EN)
    page, words = html(response), text(response)
    assert response.status_code == 200 and "Mia" in page
    assert "Skat : 2 of 12 lessons mastered" in words and "Tichu : 0 of 6 lessons mastered" in words
    rows = re.findall(r"<tr><th scope=\"row\">([^<]+)</th><td>(\d+)</td><td>([^<]+)</td><td>(\d+)</td></tr>", page)
    assert len(rows) == 7
    assert rows[0] == ("Fri, 11/27", "4", "75%", "0")  # today first: 3 of 4 right
    assert rows[1] == ("Thu, 11/26", "0", "–", "2")  # the two lessons were mastered yesterday
    assert rows[2][1:3] == ("1", "100%")
    assert sum(int(r[1]) for r in rows) == 5
    # the due rule, in words (its own name), and the way into "practise my mistakes"
    assert re.search(r'id="parents-rule">Who wins the trick<', page)
    assert 'id="parents-practise" href="/learn/mistakes#learn-area"' in page


def test_the_rule_to_practise_is_the_due_one_else_the_weakest():
    rules = {"skat.trumps": RuleProgress(right=1, wrong=3), "skat.trick.winner": RuleProgress(right=3, wrong=1),
             "skat.game": RuleProgress(right=0, wrong=5),  # no quiz items teach it (a whole game): not offered
             "skat.follow_suit": RuleProgress(right=5, wrong=0)}
    assert rule_to_practise(Progress(rules=rules), TODAY) == ("skat.trumps", False)
    due = {**rules, "skat.trick.winner": RuleProgress(right=3, wrong=1, box=0, due=TODAY)}
    assert rule_to_practise(Progress(rules=due), TODAY) == ("skat.trick.winner", True)
    later = {**rules, "skat.trick.winner": RuleProgress(right=3, wrong=1, box=0, due=TODAY + 1)}
    assert rule_to_practise(Progress(rules=later), TODAY) == ("skat.trumps", False)
    assert rule_to_practise(Progress(rules={"skat.follow_suit": RuleProgress(right=5)}), TODAY) is None


def test_a_weak_rule_not_due_is_practised_in_its_lesson(app, client):
    learner(app, client, Progress(rules={"skat.trumps": RuleProgress(right=1, wrong=2)}))
    page = html(client.get("/learn/parents", headers=EN))
    assert 'id="parents-practise" href="/learn/skat.trumps?practise=1#learn-area"' in page


def test_the_map_links_the_parents_view_and_the_privacy_page(client):
    page = html(client.get("/learn", headers=EN))
    assert 'href="/learn/parents" id="learn-parents"' in page and 'href="/privacy" id="learn-privacy"' in page


# --- privacy --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("url", ["/", "/learn", "/skat", "/quiz", "/class", "/words/skat"])
def test_every_page_links_the_privacy_page_in_its_footer(client, url):
    assert 'href="/privacy" id="footer-privacy"' in html(client.get(url, headers=EN))


def test_the_privacy_page_states_the_figures_of_the_config(tmp_path, migrated_sqlite):
    import shutil

    shutil.copy(migrated_sqlite, tmp_path / "db.sqlite3")
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite3'}", AUTO_MIGRATE=False, LEARN_DAYS=123,
                   CLASS_SESSION_DAYS=1, QUIZ_DAYS=9)
    try:
        words = text(app.test_client().get("/privacy", headers=EN))
        assert "deleted 123 days after the last answer" in words
        assert "answers 1 day after it was started" in words and "deleted 9 days after it was last played" in words
    finally:
        dispose(app)


@pytest.mark.parametrize("lang,title", [("de", "Datenschutz"), ("en", "Privacy"), ("fr", "Confidentialité"),
                                        ("es", "Privacidad"), ("pt", "Privacidade")])
def test_the_privacy_page_in_five_languages(client, lang, title):
    response = client.get("/privacy", headers={"Accept-Language": lang})
    assert response.status_code == 200 and f"<h1>{title}</h1>" in html(response)
    assert "400" in text(response) and 'href="/learn/forget"' in html(response)


# --- deleting a device's progress -----------------------------------------------------------------------------


def test_forgetting_deletes_the_learner_its_answers_and_the_cookie(app, client):
    me = learner(app, client, mastered("skat.cards"))
    answers(app, me, [(TODAY, "skat.trumps", True)])
    other = learner(app, app.test_client())
    answers(app, other, [(TODAY, "skat.trumps", False)])
    ask = client.get("/learn/forget", headers=EN)
    assert ask.status_code == 200 and 'id="forget-yes"' in html(ask)
    assert row_of(app, me) is not None  # looking at the question deletes nothing
    response = client.post("/learn/forget", data={"confirm": "yes"})
    assert response.status_code == 303 and response.location == "/learn/forget?done=1"
    assert client.get_cookie(store.COOKIE, path="/") is None
    assert "The progress on this device is deleted." in text(client.get(response.location, headers=EN))
    assert row_of(app, me) is None and row_of(app, other) is not None
    with app.app_context():
        assert [a.learner_id for a in db.session.scalars(db.select(LearnAnswer))] == [other]
    again = client.post("/learn/forget", data={"confirm": "yes"})  # twice: nothing left, still fine
    assert again.status_code == 303 and row_of(app, other) is not None


def test_forgetting_without_the_confirmation_deletes_nothing(app, client):
    me = learner(app, client)
    response = client.post("/learn/forget", data={"confirm": "no"}, headers=EN)
    assert response.status_code == 400 and "Nothing was deleted" in text(response)
    assert row_of(app, me) is not None


def test_forgetting_needs_the_csrf_token(tmp_path, migrated_sqlite):
    import shutil

    shutil.copy(migrated_sqlite, tmp_path / "db.sqlite3")
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'db.sqlite3'}", AUTO_MIGRATE=False, WTF_CSRF_ENABLED=True)
    try:
        client = app.test_client()
        me = learner(app, client)
        assert client.post("/learn/forget", data={"confirm": "yes"}).status_code == 400
        assert row_of(app, me) is not None
        token = re.search(r'name="csrf_token" value="([^"]+)"', html(client.get("/learn/forget"))).group(1)
        assert client.post("/learn/forget", data={"confirm": "yes", "csrf_token": token}).status_code == 303
        assert row_of(app, me) is None
    finally:
        dispose(app)


@pytest.mark.parametrize("method,url", [("post", "/privacy"), ("put", "/learn/forget"), ("delete", "/learn/forget"),
                                        ("put", "/learn/parents")])
def test_other_methods_are_refused(client, method, url):
    assert getattr(client, method)(url).status_code == 405


def test_a_post_to_the_parents_view_is_no_lesson(client):
    assert client.post("/learn/parents").status_code == 404  # POST /learn/<lesson>: no lesson of that name


# --- a whole game played marks its lesson done ----------------------------------------------------------------


def test_complete_for_cookie_marks_an_open_played_lesson_once(app):
    client = app.test_client()
    me = learner(app, client, mastered(*before("skat.table")))
    token = client.get_cookie(store.COOKIE, path="/").value
    with app.app_context():
        assert store.complete_for_cookie(token, app.secret_key, "skat.table", TODAY) is True
    assert lesson_state(app, me, "skat.table") == LessonProgress(mastered_on=TODAY, stars=3)
    seen = row_of(app, me).last_seen
    with app.app_context():
        assert store.complete_for_cookie(token, app.secret_key, "skat.table", TODAY + 5) is True
    assert lesson_state(app, me, "skat.table").mastered_on == TODAY and row_of(app, me).last_seen == seen


@pytest.mark.parametrize("token", [None, "", "forged", "A" * 200])
def test_complete_for_cookie_never_makes_a_learner(app, token):
    with app.app_context():
        assert store.complete_for_cookie(token, app.secret_key, "skat.table", TODAY) is False
        assert db.session.execute(db.select(Learner)).first() is None


def test_complete_for_cookie_leaves_a_locked_or_practised_lesson(app):
    client = app.test_client()
    me = learner(app, client, mastered("skat.cards"))
    token = client.get_cookie(store.COOKIE, path="/").value
    with app.app_context():
        assert store.complete_for_cookie(token, app.secret_key, "skat.table", TODAY) is False  # locked
        assert store.complete_for_cookie(token, app.secret_key, "skat.trumps", TODAY) is False  # has items
        signed_elsewhere = store.signer("another key").sign(row_of(app, me).public_id).decode()
        assert store.complete_for_cookie(signed_elsewhere, app.secret_key, "skat.winning_points", TODAY) is False
    assert not lesson_state(app, me, "skat.table").mastered


def play_skat(client) -> str:
    url, page = start(client, 3)
    while state_of(url).phase is not Phase.DONE:
        move = coach_move(url)
        if state_of(url).phase is Phase.DISCARD:
            for card in move[4:].split(","):
                url, page = table_click(client, url, toggle=card)
        url, page = table_click(client, url, do=move)
    return page


def test_a_whole_game_at_the_skat_table_marks_the_lesson_done(app, client):
    me = learner(app, client, mastered(*before("skat.table")))
    page = play_skat(client)
    assert 'id="lesson-done"' in page and "Lesson done: Play a whole game with the coach" in page
    assert 'href="/learn" id="lesson-done-map"' in page
    assert lesson_state(app, me, "skat.table").mastered


def test_a_new_child_follows_the_whole_skat_path_to_a_game_at_the_table(app, client):
    """Issue 36's "done when": from the first lesson, each Skat lesson mastered in order by answering its items
    (every one now has quiz items, but the whole game), then a whole game at the table: all 12 are mastered."""
    client.get("/learn")
    lessons = path.PATHS["skat"]
    for lesson in lessons[:-1]:
        assert lesson.practice.drills, lesson.id
        master(app, client, lesson.id)
    assert lessons[-1].id == "skat.table"
    assert "Lesson done" in play_skat(client)
    page = client.get("/learn").get_data(as_text=True)
    assert page.count("learn-lesson is-mastered") == len(lessons)


def test_the_skat_table_never_makes_a_learner(app, client):
    client.set_cookie(store.COOKIE, "forged.cookie", path="/")
    page = play_skat(client)
    assert 'id="lesson-done"' not in page
    with app.app_context():
        assert db.session.execute(db.select(Learner)).first() is None


def test_a_whole_tichu_round_marks_its_lesson_done(app, client):
    me = learner(app, client, mastered(*before("tichu.round")))
    url, page = to_play(client)
    url, page = play_out(client, url)
    assert "Lesson done: Play a whole round" in page and lesson_state(app, me, "tichu.round").mastered


def test_a_whole_pokerface_game_marks_its_lesson_done(app, client):
    me = learner(app, client, mastered(*before("pokerface.game")))
    page = poker_page(app, client, finished_game("0", 0))
    assert "Lesson done: Play Pokerface" in page and lesson_state(app, me, "pokerface.game").mastered


def finished_yahtzee(client) -> str:
    """The Yahtzee page of a game whose 13 boxes are filled (in the session, as the page keeps it)."""
    card = ",".join(f"{box.value}={5 if box is yahtzee.Category.CHANCE else 0}" for box in yahtzee.Category)
    with client.session_transaction() as session:
        session[yahtzee_views.SESSION_KEY] = {"card": card, "dice": "", "held": "00000", "roll": 0, "coach": False}
    return html(client.get("/yahtzee", headers=EN))


def test_a_whole_yahtzee_game_marks_its_lesson_done(app, client):
    me = learner(app, client, mastered(*before("yahtzee.game")))
    page = finished_yahtzee(client)
    assert "Lesson done: Play a whole game" in page and lesson_state(app, me, "yahtzee.game").mastered


# --- the learner's day, the phone lesson ----------------------------------------------------------------------


def test_a_day_is_counted_in_the_configured_time_zone():
    late = datetime(2026, 6, 1, 23, 30, tzinfo=timezone.utc)  # 01:30 on 2 June in Berlin (summer time)
    assert store.day_in("Europe/Berlin", late) == date(2026, 6, 2).toordinal()
    assert store.day_in("UTC", late) == date(2026, 6, 1).toordinal()
    assert store.day_in("America/New_York", datetime(2026, 1, 1, 3, 0, tzinfo=timezone.utc)) == date(2025, 12, 31).toordinal()


def test_today_follows_learn_timezone(monkeypatch, tmp_path):
    monkeypatch.undo()  # the real clock
    days = {}
    for zone in ("Pacific/Kiritimati", "Pacific/Pago_Pago"):  # UTC+14 and UTC-11: always a day or two apart
        app = make_app(tmp_path, "sqlite://", LEARN_TIMEZONE=zone)
        try:
            with app.app_context():
                days[zone] = store.today()
        finally:
            dispose(app)
    assert days["Pacific/Kiritimati"] - days["Pacific/Pago_Pago"] in (1, 2)


def test_an_unknown_time_zone_counts_in_utc_with_a_warning(caplog):
    store.zone.cache_clear()
    with caplog.at_level(logging.WARNING, logger="webapp.learn.store"):
        assert store.zone("Mars/Olympus_Mons") is timezone.utc
    assert "Mars/Olympus_Mons" in caplog.text


def test_a_lesson_on_a_phone_jumps_to_its_first_item(app, client):
    master(app, client, "skat.cards")
    page = html(client.get("/learn/skat.trumps", headers=EN))
    jump = page.index('id="learn-jump"')
    assert '<a class="check" href="#learn-item" id="learn-jump">Start practising</a>' in page
    assert jump < page.index('id="learn-words"') and jump < page.index('class="panel learn-example"')
    assert 'id="learn-item"' in page


def test_the_cookie_the_path_sets_reaches_the_game_pages(app, client):
    """The learner's cookie is set for the whole site (path ``/``), not only for ``/learn``: the Yahtzee page sees
    the learner who marked the two Yahtzee lessons before the game done on the path."""
    for lesson_id in before("yahtzee.game"):  # the boxes and the bonus: mastered by their items
        master(app, client, lesson_id)
    cookie = client.get_cookie(store.COOKIE, path="/")
    assert cookie is not None and cookie.path == "/"
    assert 'id="lesson-done"' in finished_yahtzee(client)
    with app.app_context():
        row = db.session.execute(db.select(Learner)).scalar_one()
        assert store.progress_of(row).lesson("yahtzee.game").mastered


def test_a_cookie_left_on_the_old_path_does_not_hide_a_progress_code_taken_over(app, client):
    """The first version kept the cookie on ``/learn``; a browser sends that one first there. Taking over another
    device's progress code (or any answer) expires it, so the new learner is the one the map shows."""
    old = learner(app, app.test_client(), nickname="Old")
    new = learner(app, app.test_client(), nickname="New")
    with app.app_context():
        old_row, new_code = db.session.get(Learner, old), db.session.get(Learner, new).code
        client.set_cookie(store.COOKIE, store.signer(app.secret_key).sign(old_row.public_id).decode(), path="/learn")
    assert client.post("/learn/code", data={"code": new_code}).status_code == 303
    assert client.get_cookie(store.COOKIE, path="/learn") is None
    assert "New" in html(client.get("/learn", headers=EN))
