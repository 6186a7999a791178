"""The projector and the tablets during a class Skat round (issue 37, section 1): where the class is, the ranking by
Seeger-Fabian points (top five, never a last place), each deal's best result, the board's poll (204 while nothing
moved on), the end of the round, and each child's own place on its tablet."""

from __future__ import annotations

import re

from classhelpers import EN, HX, act, join
from skathelpers import create_round, finish_deal, game_of, next_move, play_deal, stored
from webapp.classroom import skat_board
from webapp.core.db import db
from webapp.core.models import ClassSession
from webapp.games.skat.duplicate import Place

VERSION = re.compile(r'name="v" value="([^"]+)"')
PLACE_POLL = re.compile(r'hx-get="([^"]+/skat/place\?v=[^"]+)"')


def _version(page: str) -> str:
    return VERSION.search(page).group(1)


def _class(app, deals: int, names: list[str]):
    teacher = app.test_client()
    code, url = create_round(teacher, deals=deals)
    children = {name: join(app, code, name) for name in names}
    return teacher, code, url, children


def test_the_presenter_of_a_skat_round_is_the_teachers_only(app):
    teacher, code, url, children = _class(app, 1, ["Ada"])
    finish_deal(app, code, "Ada", 1, 120)
    assert teacher.get(url, headers=EN).status_code == 200
    for stranger in (app.test_client(), children["Ada"]):
        assert stranger.get(url, headers=EN).status_code == 404
        assert stranger.get(url + "/board?v=x", headers=HX).status_code == 404
    _, other_url = create_round(app.test_client(), deals=1)  # another class's teacher cookie
    assert teacher.get(other_url, headers=EN).status_code == 404


def test_the_board_shows_where_the_class_is_and_its_poll_answers_204_until_a_deal_is_finished(app):
    teacher, code, url, children = _class(app, 2, ["Ada", "Ben", "Cem"])
    page = teacher.get(url, headers=EN).get_data(as_text=True)
    assert 'id="skat-progress"' in page and 'id="join-code"' in page  # the lobby stays while nobody finished
    assert re.search(r'id="skat-deal-1"><th scope="row">1</th><td>3</td><td>0</td>', page)
    version = _version(page)
    assert teacher.get(f"{url}/board?v={version}", headers=HX).status_code == 204
    ada = children["Ada"]
    ada.get(f"/class/{code}/skat/1", headers=EN)  # her game of deal 1 starts: the board moves on
    response = teacher.get(f"{url}/board?v={version}", headers=HX)
    assert response.status_code == 200
    version = _version(response.get_data(as_text=True))
    for _ in range(80):  # moves inside the deal change nothing on the board; the one that finishes it does
        move = next_move(game_of(app, code, "Ada", 1), passing=True)
        assert ada.post(f"/class/{code}/skat/1", data={"do": move}, headers=EN).status_code == 303
        response = teacher.get(f"{url}/board?v={version}", headers=HX)
        if stored(app, code, "Ada", 1).finished:
            break
        assert response.status_code == 204
    else:
        raise AssertionError("the deal did not end")
    assert response.status_code == 200
    board = response.get_data(as_text=True)
    assert 'id="skat-ranking"' in board and "Ada" in board and _version(board) != version
    assert re.search(r'id="skat-deal-1"><th scope="row">1</th><td>2</td><td>1</td>', board)
    assert re.search(r'id="skat-deal-2"><th scope="row">2</th><td>1</td><td>0</td>', board)
    assert teacher.get(f"{url}/board?v={_version(board)}", headers=HX).status_code == 204
    ada.get(f"/class/{code}/skat/2", headers=EN)  # Ada opens deal 2: a new game row, the board moves on too
    assert teacher.get(f"{url}/board?v={_version(board)}", headers=HX).status_code == 200
    full = teacher.get(url, headers=EN).get_data(as_text=True)  # without JavaScript: a reload shows the same
    assert 'id="skat-ranking"' in full and 'id="skat-best"' in full


def test_the_ranking_names_the_top_five_and_never_the_last_places(app):
    names = ["Ada", "Ben", "Cem", "Dana", "Eva", "Finn", "Gil", "Hana"]
    teacher, code, url, _children = _class(app, 2, names)
    for points, name in zip((300, 250, 200, 150, 120, 90, 40, 0), names):
        finish_deal(app, code, name, 1, points)
    finish_deal(app, code, "Ada", 2, 40)
    page = teacher.get(url, headers=EN).get_data(as_text=True)
    ranking = page[page.index('id="skat-ranking"'):page.index("</ol>", page.index('id="skat-ranking"'))]
    assert [m for m in re.findall(r'lb-name">([^<]+)<', ranking)] == ["Ada", "Ben", "Cem", "Dana", "Eva"]
    assert "Finn" not in ranking and "Gil" not in ranking and "Hana" not in ranking
    assert "2 deals" in ranking and "340 points" in ranking and "1 deal" in ranking
    assert 'id="skat-finished-all"' in page and "Played every deal:</strong> Ada" in page
    best = page[page.index('id="skat-best"'):]
    assert re.search(r'<th scope="row">1</th><td>300</td><td class="skat-who">Ada</td>', best)
    assert re.search(r'<th scope="row">2</th><td>40</td><td class="skat-who">Ada</td>', best)


def test_ties_share_a_place_and_a_small_class_shows_no_last_place(app):
    teacher, code, url, _children = _class(app, 1, ["Ada", "Ben", "Cem", "Dana"])
    for name, points in (("Ada", 120), ("Ben", 120), ("Cem", 40), ("Dana", 0)):
        finish_deal(app, code, name, 1, points)
    page = teacher.get(url, headers=EN).get_data(as_text=True)
    ranking = page[page.index('id="skat-ranking"'):page.index("</ol>", page.index('id="skat-ranking"'))]
    assert re.findall(r'lb-place">(\d+)</span> <span class="lb-name">([^<]+)<', ranking) == [
        ("1", "Ada"), ("1", "Ben"), ("3", "Cem")]  # Dana is last: never shown
    assert 'class="skat-who">Ada, Ben</td>' in page  # both reached the deal's best result
    finish_deal(app, code, "Dana", 2, 500)  # a deal out of the round's range counts nowhere
    assert teacher.get(url, headers=EN).status_code == 200
    with app.app_context():
        row = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
        everyone_equal = skat_board.shown_places((Place(1, "A", 40, 1, 40.0), Place(1, "B", 40, 1, 40.0)))
        assert [p.nickname for p in everyone_equal] == ["A", "B"]  # all share place 1: nobody is last
        assert skat_board.board(row).key == skat_board.progress(row)[1]


def test_a_child_who_finished_no_deal_is_not_on_the_board(app):
    teacher, code, url, _children = _class(app, 1, ["Ada", "Ben", "Cem"])
    finish_deal(app, code, "Ada", 1, 120)
    finish_deal(app, code, "Ben", 1, -86)  # Cem (0 points, no deal) ranks above Ben, but has played nothing
    finish_deal(app, code, "Cem", 1, None)
    page = teacher.get(url, headers=EN).get_data(as_text=True)
    assert re.findall(r'lb-name">([^<]+)<', page) == ["Ada"]  # Ben is last


def test_a_damaged_result_row_does_not_break_the_board_or_the_tablet(app):
    teacher, code, url, children = _class(app, 2, ["Ada", "Ben", "Cem"])
    finish_deal(app, code, "Ada", 1, 120)
    finish_deal(app, code, "Ben", 1, 0, result={"game": "nonsense", "points": "x"})
    finish_deal(app, code, "Cem", 1, 0, result=[1, 2])
    response = teacher.get(url, headers=EN)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert re.search(r'id="skat-deal-1"><th scope="row">1</th><td>0</td><td>3</td>', page)  # finished all the same
    version = _version(page)
    assert teacher.get(f"{url}/board?v={version}", headers=HX).status_code == 204  # the same key both ways
    assert children["Ben"].get(f"/class/{code}/skat/1", headers=EN).status_code == 200
    response = children["Ben"].get(f"/class/{code}/skat/place?v=x", headers=HX)
    assert response.status_code == 200 and 'id="skat-my-points"' not in response.get_data(as_text=True)
    response = children["Ada"].get(f"/class/{code}/skat/place?v=x", headers=HX)
    assert "You are in place 1 of 3 after 1 deal." in response.get_data(as_text=True)


def test_the_teacher_ends_the_round_and_sees_the_final_ranking(app):
    teacher, code, url, children = _class(app, 1, ["Ada", "Ben", "Cem"])
    finish_deal(app, code, "Ada", 1, 120)
    finish_deal(app, code, "Ben", 1, 40)
    act(teacher, url, "end", confirm="yes")
    page = teacher.get(url, headers=EN).get_data(as_text=True)
    assert "The class has ended. Ranking by Seeger-Fabian points" in page
    assert re.findall(r'lb-name">([^<]+)<', page) == ["Ada", "Ben"]  # Cem played nothing: last, not shown
    assert "Seeger-Fabian" in page[page.index('id="points-rule"'):]
    done = children["Ada"].get(f"/class/{code}/skat", headers=EN).get_data(as_text=True)
    assert "You are in place 1 of 3 after 1 deal." in done and 'hx-get="' not in done  # ended: no poll


def test_each_child_sees_its_own_place_after_a_deal_and_at_the_end(app):
    names = ["Ada", "Ben", "Cem", "Dana", "Eva", "Finn", "Gil"]
    teacher, code, url, children = _class(app, 1, names)
    for points, name in zip((300, 250, 200, 150, 120, 90), names):
        finish_deal(app, code, name, 1, points)
    page = children["Cem"].get(f"/class/{code}/skat", headers=EN).get_data(as_text=True)
    assert "You played the deal: 200 points." in page
    assert "You are in place 3 of 7 after 1 deal." in page and "You are on the podium: well done!" in page
    assert "Your points after 1 deal: 200 (on average 200 a deal)." in page
    finn = children["Finn"].get(f"/class/{code}/skat", headers=EN).get_data(as_text=True)
    assert 'id="skat-my-place"' not in finn and "of 7" not in finn and "Your points after 1 deal: 90" in finn
    assert "Well played to the end" in finn  # a kind word, never "6th of 7"
    poll = PLACE_POLL.search(finn).group(1).replace("&amp;", "&")
    gil = children["Gil"]
    assert children["Finn"].get(poll, headers=HX).status_code == 204
    play_deal(app, gil, code, "Gil", 1)  # Gil finishes: Finn's place may change
    deal_page = gil.get(f"/class/{code}/skat/1", headers=EN).get_data(as_text=True)
    assert 'id="skat-place"' in deal_page and "Your points after 1 deal:" in deal_page  # near "See my points"
    assert deal_page.index('id="skat-place"') < deal_page.index('id="next-game"')
    response = children["Finn"].get(poll, headers=HX)
    assert response.status_code == 200 and 'id="skat-place"' in response.get_data(as_text=True)
    assert children["Finn"].get(poll, headers=EN).status_code == 303  # a link, not htmx: the round's page
    assert app.test_client().get(poll, headers=HX).status_code == 403  # not joined
    assert app.test_client().get("/class/ZZZZZZ/skat/place", headers=HX).status_code == 404
