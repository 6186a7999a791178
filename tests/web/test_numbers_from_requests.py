"""Issue 13: numbers in forms are read as ASCII digits, never as 500s.

``str.isdigit`` says yes to superscripts (``"²"``) that ``int()`` then refuses, and ``int()`` reads digits of
other scripts (``"٣"`` is 3): a check with one and a parse with the other answered 500. Each kind of number a
form sends is tried here with both.
"""

from __future__ import annotations

import pytest

from webapp.core.numbers import ascii_int

STRANGE = ["²", "٣", "１", "1_0", " ", "-1", "99999999999999999999"]


@pytest.mark.parametrize("text", STRANGE)
def test_ascii_int_refuses_what_is_not_plain_digits(text):
    assert ascii_int(text, 6, signed=False) is None


@pytest.mark.parametrize("text, number", [("0", 0), (" 42 ", 42), ("+7", 7), ("-25", -25), ("125", 125)])
def test_ascii_int_reads_plain_numbers(text, number):
    assert ascii_int(text) == number


@pytest.mark.parametrize("digit", ["²", "٣", "１"])
def test_yahtzee_hold_button_with_a_strange_digit_is_400(app, digit):
    client = app.test_client()
    client.set_cookie("lang", "en")
    client.post("/yahtzee", data={"action": "roll"})
    response = client.post("/yahtzee", data={"action": f"hold-{digit}"}, headers={"HX-Request": "true"})
    assert response.status_code == 400


@pytest.mark.parametrize("position", ["²", "٠", "１"])
def test_quiz_answer_position_with_a_strange_digit_is_400(client, position):
    response = client.post("/quiz", data={"kind": "skat_family", "difficulty": "normal", "count": "3"})
    run_url = response.location
    assert client.post(run_url + "/answer", data={"position": position}).status_code == 400


def test_a_skat_hand_longer_than_the_deck_is_refused_naming_the_count(client):
    """Issue 13: 5,000 cards in ``hand`` cost 55 ms of CPU (an error object a token); now the deck's 32 bound it."""
    hand = ",".join(["JC"] * 5000)
    response = client.get(f"/skat?rules=official&hand={hand}", headers={"Accept-Language": "en"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "A Skat hand has 10 cards, not 5000." in html
