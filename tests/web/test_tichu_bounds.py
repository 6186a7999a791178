"""Issue 13: the Tichu pages bound every input and never judge what failed validation.

A hand holds at most 14 cards (Tichu rulebook, "Dealing": each player gets 14), so a play or the cards on
the table hold no more either. Longer input answers 400 with a message naming the limit, and the page keeps
what the child built. Numbers in forms are ASCII digits (``int()`` also reads other scripts' digits, and
``str.isdigit`` says yes to superscripts that ``int()`` refuses).
"""

from __future__ import annotations

import re

import pytest

EN = {"Accept-Language": "en"}
HX = {"HX-Request": "true"}
LIMIT_TEXT = "at most 14 cards"

#: The request of issue 13 that took 108 s of CPU: 54 cards in the hand, a wish the hand could fulfil.
ISSUE_URL = "/tichu?table=2345678&play=3456789&wish=K&hand=222233334444555566667777888899990000JJJJQQQQKKKKAAAA1P"


def problem(html: str) -> str:
    match = re.search(r'class="problem" role="alert">(.*?)</p>', html, re.S)
    return match.group(1) if match else ""


def test_the_issue_request_is_refused_naming_the_limit(client):
    response = client.get(ISSUE_URL, headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert LIMIT_TEXT in problem(html) and "wrote 54" in problem(html)
    assert 'id="tichu-verdict"' not in html  # nothing judged
    assert 'name="remove_table" value="8"' in html and 'name="remove_play" value="9"' in html  # plays kept


@pytest.mark.parametrize("which", ["table", "play"])
def test_a_play_or_table_of_fifteen_cards_is_refused_and_the_first_fourteen_kept(client, which):
    cards = "2g3g4g5g6g7g8g9g0gJgQgKgAg2k3k"  # 15 cards
    response = client.get(f"/tichu?{which}={cards}", headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and LIMIT_TEXT in problem(html)
    block = html.split(f'id="{which}-cards"')[1].split("</div>")[0]
    assert block.count(f'name="remove_{which}"') == 14


def test_a_card_added_to_fourteen_is_refused(client):
    cards = "2g3g4g5g6g7g8g9g0gJgQgKgAg2k"
    response = client.get(f"/tichu?play={cards}&add_play=3k", headers={**HX, **EN})
    assert response.status_code == 400 and LIMIT_TEXT in problem(response.get_data(as_text=True))


def test_no_verdict_after_a_deck_error(client):
    """The hand and the table come from one deck: four 7s on the table leave none for the hand."""
    response = client.get("/tichu?table=7777&play=8888&wish=7&hand=78888", headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "four cards of rank" in problem(html) and "have 5 together" in problem(html)
    assert 'id="tichu-verdict"' not in html


def test_the_trick_trainer_refuses_a_long_move(client):
    move = "2g3g4g5g6g7g8g9g0gJgQgKgAg2k3k"
    response = client.get(f"/tichu/trick?lesson=full&m={move}", headers=EN)
    assert response.status_code == 400 and LIMIT_TEXT in problem(response.get_data(as_text=True))


@pytest.mark.parametrize("gift", ["give:²", "give:٣", "give:99999999999999999999"])
def test_the_trick_trainer_refuses_a_strange_seat_number(client, gift):
    response = client.get(f"/tichu/trick?lesson=full&m={gift}", headers=EN)
    assert response.status_code in (400, 422)


@pytest.mark.parametrize("field, label", [("third", "Third out"), ("first", "First out"), ("second", "Second out")])
@pytest.mark.parametrize("value", ["x", "²", "٣", "1_0", "9" * 40])
def test_score_fields_refuse_what_is_no_small_number(client, field, label, value):
    query = {"first": "1", "second": "2", "third": "3", "t1": "25", "t2": "25", "t3": "25", "t4": "25"}
    query[field] = value
    response = client.get("/tichu/score", query_string=query, headers=EN)
    assert response.status_code == 400
    assert label in problem(response.get_data(as_text=True))


@pytest.mark.parametrize("field", ["t1", "t2", "t3", "t4", "hand", "a", "b"])
def test_score_points_refuse_other_scripts_digits(client, field):
    query = {"first": "1", "second": "2", "third": "3", "t1": "25", "t2": "25", "t3": "25", "t4": "25", field: "²"}
    response = client.get("/tichu/score", query_string=query, headers=EN)
    assert response.status_code == 400


def test_the_trick_trainer_refuses_a_pick_longer_than_a_hand(client):
    response = client.get("/tichu/trick?lesson=full&pick=" + "1R3g9kKg" * 4, headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "you wrote 20" in problem(html)  # five cards, four times


def test_a_long_play_is_counted_exactly(client):
    response = client.get("/tichu?play=" + "7g " * 60, headers=EN)
    assert response.status_code == 400 and "you wrote 60" in problem(response.get_data(as_text=True))


@pytest.mark.parametrize("query", ["play=" + "7g" * 101, "table=" + "x" * 5000, "hand=" + "7 " * 200_000])
def test_a_text_far_too_long_is_refused_without_reading_it(client, query):
    response = client.get(f"/tichu?{query}", headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "far too long" in problem(html) and LIMIT_TEXT in problem(html)


def test_the_trick_trainer_plays_nothing_after_a_bad_pick(client):
    """A pick with a card that is no card is refused; the good cards of it are not played (nothing is judged)."""
    response = client.get("/tichu/trick?lesson=dog&pick=DX&action=play", headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "“X”" in problem(html)
    assert "player 3, the partner, leads" not in html  # the Dog was not played


def test_a_long_wish_is_named_shortened(client):
    """The message names the bad wish, but a 100 KB one is not sent back whole."""
    response = client.get("/tichu?wish=" + "K" * 100_000, headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "cannot be wished" in problem(html)
    assert "K" * 21 not in problem(html)
