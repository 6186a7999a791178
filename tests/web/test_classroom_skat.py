"""The class plays Skat, the child's side (issue 37, section 1): the teacher starts a round, each child plays its
deals at the table, every move stored before it is acknowledged; hostile input answers 4xx."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import dispose, make_app

from classhelpers import EN, HX, join
from skathelpers import create_round, game_of, next_move, stored
from skathelpers import play_deal as _play_deal
from webapp.classroom import skat_store
from webapp.core.db import db
from webapp.core.models import ClassSession, ClassSkatGame, Participant
from webapp.games.skat import duplicate
from webapp.games.skat.duplicate import DealScore
from webapp.games.skat.official import GameType


def _seed(app, code: str) -> str:
    with app.app_context():
        return db.session.scalars(db.select(ClassSession.seed).where(ClassSession.join_code == code)).one()


def _move(child, code: str, number: int, move: str, htmx: bool = False):
    return child.post(f"/class/{code}/skat/{number}", data={"do": move}, headers=HX if htmx else EN)


def test_a_teacher_starts_a_skat_round_and_the_child_lands_at_its_first_deal(app):
    teacher = app.test_client()
    code, url = create_round(teacher, deals=3, bots="club", coach="0")
    with app.app_context():
        row = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
        assert (row.kind, row.skat) == ("skat_table", {"deals": 3, "bots": "club", "coach": False})
    page = teacher.get(url, headers=EN).get_data(as_text=True)
    assert code in page and 'id="skat-round-note"' in page and 'id="do-ask"' not in page
    assert teacher.post(url + "/do", data={"action": "ask"}, headers=EN).status_code == 409  # no questions
    child = join(app, code, "Ada")
    response = child.get(f"/class/{code}/play")
    assert response.status_code == 303 and response.location == f"/class/{code}/skat"
    response = child.get(f"/class/{code}/skat")
    assert response.status_code == 303 and response.location == f"/class/{code}/skat/1#table-stage"
    page = child.get(f"/class/{code}/skat/1", headers=EN).get_data(as_text=True)
    assert "Deal 1 of 3" in page and 'id="my-hand"' in page
    assert 'id="switch-open"' not in page and 'id="table-levels"' not in page  # the teacher's settings
    assert 'id="table-coach"' not in page  # coach off


@pytest.mark.parametrize("form", [{"deals": "9", "bots": "club", "coach": "1"}, {"deals": "0"},
                                  {"deals": "２", "bots": "club", "coach": "1"},
                                  {"deals": "2", "bots": "god", "coach": "1"}, {"deals": "2", "bots": "club"}])
def test_bad_round_settings_answer_400(client, form):
    response = client.post("/class/new", data={"kind": "skat_table", **form}, headers=EN)
    assert response.status_code == 400
    with client.application.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(ClassSession)) == 0


def test_a_child_plays_every_deal_and_sees_its_points(app):
    code, _ = create_round(app.test_client(), deals=2)
    child = join(app, code, "Ben")
    _play_deal(app, child, code, "Ben", 1)
    first = stored(app, code, "Ben", 1)
    assert first.finished and first.points is not None
    assert skat_store.score_of(first) == duplicate.child_score(game_of(app, code, "Ben", 1).state,
                                                               duplicate.round_deals(_seed(app, code), 2)[0].child)
    page = child.get(f"/class/{code}/skat/1", headers=EN).get_data(as_text=True)
    assert "Next deal" in page
    response = child.get(f"/class/{code}/skat")
    assert response.location == f"/class/{code}/skat/2#table-stage"
    _play_deal(app, child, code, "Ben", 2, passing=True)
    second = stored(app, code, "Ben", 2)
    page = child.get(f"/class/{code}/skat", headers=EN).get_data(as_text=True)
    assert f"You played both deals: {first.points + second.points} points." in page
    german = child.get(f"/class/{code}/skat", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert f"Du hast beide Mischungen gespielt: {first.points + second.points} Punkte." in german  # not "alle 2"


def test_each_move_is_stored_before_it_is_acknowledged_and_a_reload_continues(app):
    code, _ = create_round(app.test_client(), deals=1)
    child = join(app, code, "Cem")
    child.get(f"/class/{code}/skat/1", headers=EN)
    for _ in range(3):
        before = stored(app, code, "Cem", 1).moves
        move = next_move(game_of(app, code, "Cem", 1))
        response = _move(child, code, 1, move, htmx=True)
        assert response.status_code == 200
        after = stored(app, code, "Cem", 1).moves
        assert after.startswith(f"{before}.{move}" if before else move)
        assert f'name="a" value="{after}"' in response.get_data(as_text=True)  # the page shows what is stored
    reloaded = child.get(f"/class/{code}/skat/1", headers=EN).get_data(as_text=True)
    assert f'name="a" value="{stored(app, code, "Cem", 1).moves}"' in reloaded
    other_device = app.test_client()  # the same child cookie on a new device
    other_device.set_cookie(f"class_{code}", child.get_cookie(f"class_{code}", path=f"/class/{code}").value,
                            path=f"/class/{code}")
    assert f'name="a" value="{stored(app, code, "Cem", 1).moves}"' in other_device.get(
        f"/class/{code}/skat/1", headers=EN).get_data(as_text=True)


def test_a_server_restart_loses_no_move(tmp_path: Path, migrated_sqlite: Path):
    import shutil

    path = tmp_path / "class.sqlite3"
    shutil.copy(migrated_sqlite, path)
    first = make_app(tmp_path, f"sqlite:///{path}", AUTO_MIGRATE=False)
    code, _ = create_round(first.test_client(), deals=1)
    child = join(first, code, "Dana")
    child.get(f"/class/{code}/skat/1", headers=EN)
    for _ in range(4):
        assert _move(child, code, 1, next_move(game_of(first, code, "Dana", 1))).status_code == 303
    moves = stored(first, code, "Dana", 1).moves
    cookie = child.get_cookie(f"class_{code}", path=f"/class/{code}").value
    dispose(first)
    second = make_app(tmp_path, f"sqlite:///{path}", AUTO_MIGRATE=False)
    try:
        again = second.test_client()
        again.set_cookie(f"class_{code}", cookie, path=f"/class/{code}")
        page = again.get(f"/class/{code}/skat/1", headers=EN).get_data(as_text=True)
        assert f'name="a" value="{moves}"' in page
        assert _move(again, code, 1, next_move(game_of(second, code, "Dana", 1))).status_code == 303
        assert stored(second, code, "Dana", 1).moves.startswith(moves + ".")
    finally:
        dispose(second)


def test_hostile_requests_answer_4xx_and_change_nothing(app):
    code, _ = create_round(app.test_client(), deals=2)
    ada, ben = join(app, code, "Ada"), join(app, code, "Ben")
    ada.get(f"/class/{code}/skat/1", headers=EN)
    moves = stored(app, code, "Ada", 1).moves
    for number in (0, 3, 99, 10 ** 12):  # out of the round
        assert ada.get(f"/class/{code}/skat/{number}", headers=EN).status_code == 404
        assert _move(ada, code, number, "pass").status_code == 404
    assert ada.get(f"/class/{code}/skat/-1", headers=EN).status_code == 404
    assert ada.get(f"/class/{code}/skat/2", headers=EN).status_code == 409  # deal 1 is not finished
    assert _move(ada, code, 2, "pass").status_code == 409
    assert _move(ada, code, 1, "zz9").status_code == 400  # a forged move
    assert _move(ada, code, 1, "x" * 5000).status_code == 400
    assert _move(ada, code, 1, "AC").status_code == 409  # a card in the bidding
    assert ada.post(f"/class/{code}/skat/1", data={"set_open": "1", "set_bots": "club", "set_coach": "0"},
                    headers=EN).status_code == 303  # the teacher's switches are not the child's
    assert ada.get(f"/class/{code}/skat/1?do=pass", headers=EN).status_code == 200  # GET moves nothing
    assert stored(app, code, "Ada", 1).moves == moves
    page = ada.get(f"/class/{code}/skat/1?open=1", headers=EN).get_data(as_text=True)
    assert 'id="seat-1-cards"' not in page  # no open cards
    # another child's cookie: its own game, never Ada's
    assert _move(ben, code, 1, next_move(game_of(app, code, "Ben", 1))).status_code in (303, 409)
    assert stored(app, code, "Ada", 1).moves == moves
    # no cookie, a cookie of another class, a removed child
    stranger = app.test_client()
    assert _move(stranger, code, 1, "pass").status_code == 403
    assert stranger.get(f"/class/{code}/skat/1").status_code == 303
    other_code, _ = create_round(app.test_client(), deals=1)
    assert ada.post(f"/class/{other_code}/skat/1", data={"do": "pass"}).status_code == 403
    assert ada.get("/class/ZZZZZZ/skat/1").status_code == 404
    assert ada.put(f"/class/{code}/skat/1").status_code == 405
    assert ada.post(f"/class/{code}/skat").status_code == 405
    assert stored(app, code, "Ada", 1).moves == moves


def test_a_move_after_the_deal_is_over_answers_409(app):
    code, _ = create_round(app.test_client(), deals=1)
    child = join(app, code, "Eva")
    _play_deal(app, child, code, "Eva", 1, passing=True)
    done = stored(app, code, "Eva", 1)
    for move in ("pass", "AC", "18"):
        assert _move(child, code, 1, move).status_code == 409
    assert stored(app, code, "Eva", 1).moves == done.moves and stored(app, code, "Eva", 1).points == done.points


def test_a_question_class_has_no_skat_pages(app):
    from classhelpers import create_class

    code, _ = create_class(app.test_client())
    child = join(app, code, "Finn")
    assert child.get(f"/class/{code}/skat").status_code == 404
    assert child.post(f"/class/{code}/skat/1", data={"do": "pass"}).status_code == 404


def test_the_stored_games_on_every_database(db_app):
    """One game per child and deal (the unique constraint), and the compare-and-set of :func:`skat_store.save`."""
    code, _ = create_round(db_app.test_client(), deals=2)
    join(db_app, code, "Gil")
    with db_app.app_context():
        row = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
        child = db.session.scalars(db.select(Participant)).one()
        game = skat_store.game_row(row.id, child.id, 1, {})
        assert skat_store.game_row(row.id, child.id, 1, {}).id == game.id  # a second device: the same row
        assert skat_store.save(game, "", "18", None)
        assert not skat_store.save(game, "", "pass", None)  # another device moved first
        result = DealScore(1, GameType.GRAND, 24, True, True, False, 72, 122, ())
        assert skat_store.save(game, "18", "18.yes", result)
        assert not skat_store.save(game, "18.yes", "18.yes.pass", None)  # finished: never written again
        db.session.expire_all()
        assert (game.moves, game.finished, game.points) == ("18.yes", True, 122)
        assert skat_store.score_of(game) == replace(result, steps=skat_store.score_of(game).steps)
        assert skat_store.current_deal(skat_store.games_of(row.id, child.id), 2) == 2
        db.session.delete(row)
        db.session.commit()
        assert db.session.scalar(db.select(db.func.count()).select_from(ClassSkatGame)) == 0


def test_guessing_class_codes_on_the_skat_pages_is_limited(app):
    code, _ = create_round(app.test_client(), deals=1)
    child = join(app, code, "Hana")
    guesser = app.test_client()
    statuses = [guesser.get(f"/class/Q{i:05d}/skat" if i % 2 else f"/class/Q{i:05d}/skat/1", headers=EN).status_code
                for i in range(130)]
    assert statuses.count(404) == 120 and statuses.count(429) == 10  # CLASS_GUESS_LIMIT: 120 a minute
    assert guesser.get(f"/class/{code}/skat/1", headers=EN).status_code == 429  # else the refusal would tell
    assert child.get(f"/class/{code}/skat/1", headers=EN).status_code == 200  # a child of the class: never


def test_the_coach_part_stays_in_the_class_and_the_deals_seed_is_not_shown(app):
    """The coach's poll address is the class's own (its "Pick these" links lead back into the class, not to the
    table page), and the page names neither the deal's table seed nor a signature: with them a child could open the
    deal with the cards open on the table page before the class has played it."""
    teacher = app.test_client()
    code, _url = create_round(teacher, deals=1, coach="1")
    child = join(app, code, "Ada")
    coach = f"/class/{code}/skat/1/coach"
    assert child.get(coach, headers=HX).status_code == 404  # the deal not started yet
    page = child.get(f"/class/{code}/skat/1", headers=EN).get_data(as_text=True)
    with app.app_context():
        row = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
        seed = str(skat_store.plans(row)[0].seed)
    assert seed not in page and 'name="sig"' not in page and "/skat/table" not in page
    response = child.get(coach, headers=HX)
    assert response.status_code == 200 and 'id="table-coach"' in response.get_data(as_text=True)
    assert seed not in response.get_data(as_text=True) and "/skat/table" not in response.get_data(as_text=True)
    response = child.get(coach, headers=EN)  # a link, not htmx: the deal's page at its coach
    assert response.status_code == 303 and response.location == f"/class/{code}/skat/1#table-coach"
    stranger = app.test_client()
    assert stranger.get(coach, headers=HX).status_code == 403
    assert child.get(f"/class/{code}/skat/2/coach", headers=HX).status_code == 404
