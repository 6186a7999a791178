"""The /tichu route: full page, htmx fragment, permalink, clicks and bad input."""

from __future__ import annotations

import re

import pytest

HX = {"HX-Request": "true"}
EN = {"Accept-Language": "en"}


def verdict(html: str) -> str:
    match = re.search(r'id="tichu-verdict"><span class="big">(.*?)</span>', html)
    return match.group(1) if match else ""


def row(html: str, which: str) -> str:
    """The seed notation of the cards drawn in a play row (from the take-back buttons)."""
    block = html.split(f'id="{which}-cards"')[1].split("</div>")[0]
    return "".join(re.findall(rf'name="remove_{which}" value="(.)"', block))


def test_empty_page(client):
    response = client.get("/tichu", headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Nothing on the table: you lead." in html
    # one picker: the real deck once; on an empty table a tap puts the card on the table
    assert html.count('name="add_table"') == 56 and html.count('name="add_play"') == 0
    assert len(set(re.findall(r'id="add-([^"]+)"', html))) == 56
    assert "Build your play to see whether it is allowed." in html


@pytest.mark.parametrize(
    "table, play, expected",
    [
        ("44499", "77722", "Allowed"),  # seed 001, legal case
        ("", "D", "Allowed"),  # seed 001: "- D"
        ("77722", "44499", "Not allowed"),  # seed 001, illegal case
        ("R", "A", "Not allowed"),  # seed 001: "R A"
        ("5555", "777P", "Not allowed"),  # seed comment: the Phoenix is never part of a bomb
    ],
)
def test_permalink_verdicts(client, table, play, expected):
    html = client.get("/tichu", query_string={"table": table, "play": play}, headers=EN).get_data(as_text=True)
    assert verdict(html) == expected
    assert row(html, "table") == table and row(html, "play") == play


def test_dash_means_lead(client):
    html = client.get("/tichu?table=-&play=12345", headers=EN).get_data(as_text=True)
    assert verdict(html) == "Allowed"
    assert "When you lead, you may play any combination." in html


def test_german_verdict(client):
    html = client.get("/tichu?table=R&play=A", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert verdict(html) == "Nicht erlaubt"


def test_htmx_add_returns_fragment_and_replaces_url(client):
    response = client.get("/tichu", query_string={"table": "44499", "play": "7772", "add_play": "2"}, headers={**HX, **EN})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in html and 'hx-swap-oob="true"' in html
    assert verdict(html) == "Allowed"
    # a tap is no new step to go Back to: the address is replaced, history does not grow
    assert response.headers["HX-Replace-Url"] == "/tichu?table=44499&play=77722"
    assert "HX-Push-Url" not in response.headers


def test_click_without_javascript_redirects(client):
    response = client.get("/tichu", query_string={"table": "6", "add_play": "J"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/tichu?table=6&play=J"


def test_remove_and_clear(client):
    html = client.get("/tichu?table=6&play=JQ&remove_play=J", headers=HX).get_data(as_text=True)
    assert row(html, "play") == "Q"
    response = client.get("/tichu?table=6&play=J&action=clear_table")
    assert response.headers["Location"] == "/tichu?play=J"


def test_fifth_seven_is_refused_and_plays_kept(client):
    response = client.get("/tichu?table=777&play=7&add_play=7", headers={**HX, **EN})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "The deck has only four cards of rank" in html
    assert row(html, "table") == "777" and row(html, "play") == "7"


def test_second_phoenix_is_refused(client):
    response = client.get("/tichu?table=P&play=&add_play=P", headers={**HX, **EN})
    assert response.status_code == 422
    assert row(response.get_data(as_text=True), "table") == "P"


@pytest.mark.parametrize("query, token", [("table=4X4&play=5", "X"), ("table=6&play=j", "j")])
def test_bad_card_is_named_and_the_rest_kept(client, query, token):
    response = client.get(f"/tichu?{query}", headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    problem = re.search(r'class="problem" role="alert">(.*?)</p>', html).group(1)
    assert f"“{token}”" in problem


def test_invalid_table_play_answers_400(client):
    response = client.get("/tichu?table=45&play=6", headers=EN)
    assert response.status_code == 400
    assert "are not a combination" in response.get_data(as_text=True)


def test_unknown_action(client):
    assert client.get("/tichu?action=boom", headers=HX).status_code == 400


def test_the_switch_sends_the_deck_into_the_play(client):
    """One deck: ``set_target`` says where a tap puts the card; the deck's buttons follow it."""
    response = client.get("/tichu?table=44499&target=table&set_target=play")
    assert response.status_code == 303 and response.headers["Location"] == "/tichu?table=44499"  # play: the default here
    html = client.get("/tichu?table=44499", headers=EN).get_data(as_text=True)
    assert html.count('name="add_play"') == 56 and 'name="add_table"' not in html
    assert re.search(r'id="target-play"[^>]*aria-pressed="true"', html)
    html = client.get("/tichu?table=44499&target=table", headers=EN).get_data(as_text=True)
    assert html.count('name="add_table"') == 56
    assert re.search(r'id="target-table"[^>]*aria-pressed="true"', html)


def test_an_empty_table_keeps_the_chosen_target_after_the_first_tap(client):
    """The child taps the first card of the table: the next tap must go to the table too, not jump to the play."""
    response = client.get("/tichu?target=table&add_table=4g")
    assert response.headers["Location"] == "/tichu?table=4g&target=table"


def test_unknown_target_is_named(client):
    response = client.get("/tichu?table=5&target=floor", headers=EN)
    assert response.status_code == 400 and "target=floor" in response.get_data(as_text=True)


def test_used_cards_say_where_they_are(client):
    html = client.get("/tichu?table=Ar&play=P", headers=EN).get_data(as_text=True)
    assert re.search(r'id="add-Ar"[^>]*disabled[^>]*aria-label="[^"]*\(Already on the table\)"', html)
    assert re.search(r'id="add-P"[^>]*disabled[^>]*aria-label="[^"]*\(Already in your play\)"', html)
