"""The official-rule Tichu pages: the trainer's situation fields, the trick view and the score calculator."""

from __future__ import annotations

import re

EN = {"Accept-Language": "en"}
HX = {"HX-Request": "true"}


def big(html: str) -> list[str]:
    return re.findall(r'class="(?:big|score-big)">(.*?)</span>', html)


def test_trainer_straight_flush_bomb(client):
    html = client.get("/tichu?table=AAAA&play=5g6g7g8g9g", headers=EN).get_data(as_text=True)
    assert big(html) == ["Allowed"]
    assert "straight-flush bomb" in html


def test_trainer_wish_with_hand(client):
    """Rulebook, "Mah Jong": with an 8 in the hand, a 9 on a 5 is not allowed."""
    html = client.get("/tichu?table=5&play=9&wish=8&hand=89", headers=EN).get_data(as_text=True)
    assert big(html) == ["Not allowed"]
    assert "so you must play it" in html


def test_trainer_reading_choice(client):
    html = client.get("/tichu?table=23456&play=3456P", headers=EN).get_data(as_text=True)
    assert 'id="tichu-readings"' in html and big(html) == ["Allowed"]
    html = client.get("/tichu?table=23456&play=3456P&reading=2", headers=EN).get_data(as_text=True)
    assert big(html) == ["Not allowed"]


def test_trainer_bad_wish_is_400(client):
    response = client.get("/tichu?table=5&play=9&wish=R", headers=EN)
    assert response.status_code == 400 and "cannot be wished" in response.get_data(as_text=True)


def test_trainer_out_of_turn_on_the_dog(client):
    html = client.get("/tichu?table=D&play=7777&out=1", headers=EN).get_data(as_text=True)
    assert big(html) == ["Not allowed"] and "not even by a bomb" in html


def test_trick_whole_lesson(client):
    html = client.get("/tichu/trick?lesson=full&m=1:w8&m=R&m=pass", headers=EN).get_data(as_text=True)
    assert "Player 4 (opponent) wins the trick" in html
    assert "(bomb out of turn)" in html and "wishes 8" in html
    assert "a bombed Dragon is not given away" in html


def test_trick_wish_enforced(client):
    response = client.get("/tichu/trick?lesson=wish&pick=Qk&action=play", headers=EN)
    assert response.status_code == 422
    assert "so you must play it" in response.get_data(as_text=True)


def test_trick_click_redirects_without_javascript(client):
    response = client.get("/tichu/trick?lesson=dragon&toggle=R")
    assert response.status_code == 303 and response.headers["Location"] == "/tichu/trick?lesson=dragon&pick=R"


def test_trick_dragon_gift_must_go_to_an_opponent(client):
    assert client.get("/tichu/trick?lesson=dragon&m=R&m=give:3", headers=EN).status_code == 422
    html = client.get("/tichu/trick?lesson=dragon&m=R&m=give:2", headers=EN).get_data(as_text=True)
    assert "gives it, with its 30 points, to player 2" in html  # the led 5 (5) and the Dragon (25)


def test_trick_fragment_for_htmx(client):
    response = client.get("/tichu/trick?lesson=dog&pick=D&action=play", headers={**HX, **EN})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html
    assert response.headers["HX-Replace-Url"] == "/tichu/trick?lesson=dog&m=D"  # a move is no page to go Back to
    assert "HX-Push-Url" not in response.headers
    assert "player 3, the partner, leads" in html


def test_score_page(client):
    html = client.get("/tichu/score?first=1&second=2&third=3&t1=30&t2=20&t3=25&t4=15&hand=10&call1=tichu",
                      headers=EN).get_data(as_text=True)
    assert big(html) == ["Team 1: 180 · Team 2: 20"]  # 30+15+25+10 card points, +100 Tichu


def test_score_double_victory_in_german(client):
    html = client.get("/tichu/score?first=2&second=4", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert big(html) == ["Team 1: 0 · Team 2: 200"] and "Doppelsieg" in html


def test_score_bad_points_keep_the_form(client):
    response = client.get("/tichu/score?first=1&second=2&third=3&t1=30&t2=20&t3=25&t4=15&hand=5", headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "add up to 95" in html
    assert 'id="t1" name="t1" value="30"' in html


def test_score_escapes_input(client):
    response = client.get("/tichu/score?first=1&second=2&t1=<b>x", headers=EN)
    assert response.status_code == 400 and "<b>x" not in response.get_data(as_text=True)


def test_trainer_hand_must_hold_the_play_and_fit_the_deck(client):
    response = client.get("/tichu?table=5&play=9&wish=8&hand=8", headers=EN)
    assert response.status_code == 400 and "is not in the hand" in response.get_data(as_text=True)
    response = client.get("/tichu?table=R&play=P&hand=PR", headers=EN)  # one Dragon only
    assert response.status_code == 400 and "cannot be on the table and in your play" in response.get_data(as_text=True)


def test_trainer_repeated_suited_card_is_refused(client):
    response = client.get("/tichu?table=7g&add_play=7g", headers={**HX, **EN})
    assert response.status_code == 422 and "There is only one" in response.get_data(as_text=True)


def test_trainer_used_cards_are_greyed_out_in_the_pickers(client):
    html = client.get("/tichu?table=Ar&play=P", headers=EN).get_data(as_text=True)
    for card in ("Ar", "P"):
        assert re.search(rf'id="add-{card}"[^>]*disabled', html)
    assert not re.search(r'id="add-Ak"[^>]*disabled', html)


def test_trainer_reading_is_dropped_when_the_play_changes(client):
    response = client.get("/tichu?table=23456&play=3456P&reading=2&add_play=8g")  # 3456P8: the Phoenix is the 7
    assert response.status_code == 303 and "reading" not in response.headers["Location"]


def test_trick_start_again_by_htmx_shows_the_fresh_trick(client):
    """Start again swapped in by htmx showed the replayed trick (the Dog still played) under a clean address."""
    response = client.get("/tichu/trick?lesson=dog&m=D&action=restart", headers={**HX, **EN})
    html = response.get_data(as_text=True)
    assert response.headers["HX-Replace-Url"] == "/tichu/trick?lesson=dog"
    assert "Nothing played yet." in html and 'id="hand-D"' in html
    assert 'id="trick-winner"' not in html
