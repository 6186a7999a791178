"""The /skat route: full page, htmx fragment, permalink, clicks and bad input."""

from __future__ import annotations

import re

import pytest

from conftest import without_terms
SEED_HAND = "JC,JS,JD,AC,KC,9C,AS,7H,QD,8D"  # seed 002, test case 1: 36 Clubs
HX = {"HX-Request": "true"}
EN = {"Accept-Language": "en"}


def pressed(html: str) -> set[str]:
    """The ids of the card buttons drawn as pressed."""
    return set(re.findall(r'id="card-(\w\w)"[^>]*aria-pressed="true"', html))


def test_empty_page_draws_32_card_buttons(client):
    response = client.get("/skat", headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.count('name="toggle"') == 32
    assert html.count('aria-pressed="false"') >= 32
    assert "Click 10 cards to build your hand." in html
    assert "<html" in html


def test_permalink_shows_value_and_steps(client):
    html = without_terms(client.get(f"/skat?hand={SEED_HAND}", headers=EN).get_data(as_text=True))
    assert re.search(r'id="skat-value">36<', html)
    assert "Clubs" in html
    assert "Jack factor: 2 + 1 = 3." in html
    assert "Game value: 3 × 12 (Clubs) = 36." in html
    assert pressed(html) == set(SEED_HAND.split(","))


def test_permalink_in_german(client):
    html = without_terms(client.get(f"/skat?hand={SEED_HAND}", headers={"Accept-Language": "de-DE,de;q=0.9"}).get_data(as_text=True))
    assert '<html lang="de">' in html
    assert "Kreuz" in html and "Spielwert: 3 × 12 (Kreuz) = 36." in html
    # the card faces carry the German letters: B for Bube, D for Dame
    face = re.search(r'id="card-JC".*?<span class="card-rank">(\w+)</span>', html, re.S).group(1)
    assert face == "B"
    # the button is named by its content: the rank as seen in the corner, then the full name (WCAG 2.5.3)
    button = re.search(r'<button[^>]*id="card-JC".*?</button>', html, re.S).group(0)
    assert "aria-label" not in button and '<span class="visually-hidden"> Kreuz-Bube</span>' in button


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("JD,AS,0S,KS,QS,9S,8S,AD,8C,9C", "44"),
        ("jh,jd,10s,ks,9c,8c,qh,kh,ad,9d", "Pass"),
        ("JD AS KS QS 0S 9S 8D 7D 0C QH", "Pass"),
    ],
)
def test_other_seed_hands(client, hand, expected):
    html = client.get("/skat", query_string={"hand": hand}, headers=EN).get_data(as_text=True)
    verdict = re.search(r'id="skat-verdict">(.*?)</p>', html, re.S).group(1)
    assert expected in verdict


def test_htmx_click_returns_fragment_with_oob_grid_and_replaces_the_url(client):
    hand = "JC,JS,JD,AC,KC,9C,AS,7H,QD"
    response = client.get("/skat", query_string={"hand": hand, "toggle": "8D"}, headers={**HX, **EN})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in html
    assert 'id="skat-hand" class="hand-builder" hx-swap-oob="true"' in html
    assert re.search(r'id="skat-value">36<', html)
    # the new URL lists the 10 cards in deck order, and replaces the address (a click inside the page: issue 14)
    assert response.headers["HX-Replace-Url"] == "/skat?hand=AC,KC,JC,9C,AS,JS,7H,QD,JD,8D"
    assert "HX-Push-Url" not in response.headers
    assert response.headers["Vary"] and "HX-Request" in response.headers["Vary"]


def test_the_click_that_completes_the_hand_scrolls_the_value_into_view(client):
    """Issue 14: after the 10th card the game value must be on screen, also where it stands below the cards."""
    tenth = client.get("/skat", query_string={"hand": "JC,JS,JD,AC,KC,9C,AS,7H,QD", "toggle": "8D"}, headers=HX)
    assert tenth.headers["HX-Reswap"] == "innerHTML show:#skat-result-title:top"
    ninth = client.get("/skat", query_string={"hand": "JC,JS,JD,AC,KC,9C,AS,7H", "toggle": "8D"}, headers=HX)
    assert "HX-Reswap" not in ninth.headers
    random_hand = client.get("/skat", query_string={"action": "random"}, headers=HX)
    assert random_hand.headers["HX-Reswap"] == "innerHTML show:#skat-result-title:top"


def test_click_without_javascript_redirects_to_the_permalink(client):
    response = client.get("/skat", query_string={"hand": "JC", "toggle": "js"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/skat?hand=JC,JS"


def test_toggle_removes_a_selected_card(client):
    html = client.get("/skat", query_string={"hand": "JC,JS", "toggle": "JC"}, headers=HX).get_data(as_text=True)
    assert pressed(html) == {"JS"}


def test_eleventh_card_is_refused_and_the_hand_kept(client):
    response = client.get("/skat", query_string={"hand": SEED_HAND, "toggle": "7D"}, headers={**HX, **EN})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "You already have 10 cards. Take one away first." in html
    assert pressed(html) == set(SEED_HAND.split(","))
    assert "HX-Push-Url" not in response.headers and "HX-Replace-Url" not in response.headers


@pytest.mark.parametrize("htmx", [True, False])
def test_unknown_card_in_url_is_named_and_the_rest_kept(client, htmx):
    headers = {**HX, **EN} if htmx else EN
    response = client.get("/skat?hand=JC,XX,JS", headers=headers)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "“XX” is not a Skat card." in html
    assert pressed(html) == {"JC", "JS"}


def test_duplicate_and_too_many_cards_in_url(client):
    dup = client.get("/skat?hand=JC,JS,jc", headers=EN)
    assert dup.status_code == 400
    problem = re.search(r'class="problem" role="alert">(.*?)</p>', dup.get_data(as_text=True)).group(1)
    assert 'aria-label="Jack of Clubs"' in problem and "is there twice." in problem
    many = client.get(f"/skat?hand={SEED_HAND},7D,8H", headers=EN)
    assert many.status_code == 400
    assert "A Skat hand has 10 cards, not 12." in many.get_data(as_text=True)
    assert pressed(many.get_data(as_text=True)) == set(SEED_HAND.split(","))


def test_bad_toggle_and_unknown_action(client):
    assert client.get("/skat?hand=JC&toggle=ZZ", headers=HX).status_code == 400
    response = client.get("/skat?hand=JC&action=explode", headers={**HX, **EN})
    assert response.status_code == 400
    assert "action=explode" in response.get_data(as_text=True)


def test_clear_and_random(client):
    cleared = client.get("/skat", query_string={"hand": SEED_HAND, "action": "clear"})
    assert cleared.status_code == 303 and cleared.headers["Location"] == "/skat"
    html = client.get("/skat", query_string={"action": "random"}, headers=HX).get_data(as_text=True)
    assert len(pressed(html)) == 10


def test_random_hands_are_playable_about_half_of_the_time():
    """A fair deal is playable only ~9 % of the time; the trainer's deals aim at 50 %."""
    import random

    from webapp.games.skat.rules import family_game_value
    from webapp.games.skat.views import random_hand

    rng = random.Random(2026)
    hands = [random_hand(rng) for _ in range(400)]
    assert all(len(set(h)) == 10 for h in hands)
    playable = sum(family_game_value(h).value is not None for h in hands)
    assert 140 <= playable <= 260


def test_partial_hand_shows_what_is_missing(client):
    html = client.get("/skat?hand=JC,JS,JD", headers=EN).get_data(as_text=True)
    assert "Pick 7 more cards." in html
    assert "3 of 10 cards chosen" in html


def test_security_headers(client):
    response = client.get("/skat")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    html = response.get_data(as_text=True)
    assert "<script>" not in html and " style=" not in html
    assert '"allowEval": false' in html
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
