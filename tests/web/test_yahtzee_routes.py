"""The Yahtzee page: a full game through the test client, bad buttons, the joker rule, the coach."""

from __future__ import annotations

import random
import re

import pytest

from conftest import without_terms
from webapp import create_app
from webapp.games.yahtzee import table as yahtzee_table
from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import views as view

HX = {"HX-Request": "true"}


@pytest.fixture
def client(app):
    """An English test client (the app's default language is German)."""
    client = app.test_client()
    client.set_cookie("lang", "en")
    return client


@pytest.fixture
def dice(monkeypatch):
    """Make the server's dice reproducible."""
    monkeypatch.setattr(view, "_RNG", random.Random(7))


def post(client, action, htmx=True):
    return client.post("/yahtzee", data={"action": action}, headers=HX if htmx else {})


def game_state(client):
    with client.session_transaction() as s:
        return dict(s.get(view.SESSION_KEY, {}))


def set_state(client, **state):
    base = {"card": "", "dice": "", "held": "00000", "roll": 0, "coach": False}
    with client.session_transaction() as s:
        s[view.SESSION_KEY] = base | state


def test_page_shows_dice_places_and_score_card(client):
    response = client.get("/yahtzee")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'value="roll"' in html and "Score card" in html and "Upper bonus (63 or more)" in html
    assert 'name="csrf_token"' in html


def test_a_full_game_of_13_turns(client, dice):
    for turn in range(13):
        assert post(client, "roll").status_code == 200
        assert post(client, "hold-0").status_code == 200
        assert game_state(client)["held"][0] == "1"
        kept = game_state(client)["dice"][0]
        assert post(client, "roll").status_code == 200
        assert game_state(client)["dice"][0] == kept  # a kept die is not rolled
        state = game_state(client)
        card, roll = y.parse_card(state["card"]), y.parse_dice(state["dice"])
        category = y.legal_categories(roll, card)[0]
        response = post(client, f"place-{category.value}")
        assert response.status_code == 200
    state = game_state(client)
    card = y.parse_card(state["card"])
    assert card.is_complete
    html = client.get("/yahtzee").get_data(as_text=True)
    assert f"Game over! Your score: {card.total} points." in html
    assert post(client, "roll").status_code == 409
    assert post(client, "new").status_code == 200 and game_state(client)["card"] == ""


def test_without_javascript_a_button_redirects(client, dice):
    response = post(client, "roll", htmx=False)
    assert response.status_code == 303 and response.location.endswith("/yahtzee")
    assert len(game_state(client)["dice"]) == 5


@pytest.mark.parametrize("action, status, text", [
    ("bogus", 400, "This button does not exist"),
    ("<script>x</script>", 400, "&lt;script&gt;"),
    ("hold-0", 409, "Roll the dice first."),
    ("place-chance", 409, "Roll the dice first."),
    ("place-bananas", 409, "Roll the dice first."),
])
def test_bad_buttons_answer_4xx_and_keep_the_game(client, action, status, text):
    response = post(client, action)
    assert response.status_code == status
    assert text in response.get_data(as_text=True)
    assert "<script>x" not in response.get_data(as_text=True)


def test_no_fourth_roll_and_no_box_twice(client):
    set_state(client, card="chance=20", dice="12345", roll=3)
    assert post(client, "roll").status_code == 409
    response = post(client, "place-chance")
    assert response.status_code == 409 and "Chance is already filled" in response.get_data(as_text=True)
    assert game_state(client)["card"] == "chance=20"


def test_the_forced_joker_rule_on_the_page(client):
    set_state(client, card="yahtzee=50", dice="44444", roll=1)
    html = without_terms(client.get("/yahtzee").get_data(as_text=True))
    assert re.findall(r'value="place-(\w+)"', html) == ["fours"]  # the only box allowed
    assert "Joker rule: this Yahtzee must go in Fours" in html
    assert post(client, "place-chance").status_code == 409
    assert post(client, "place-fours").status_code == 200
    assert y.parse_card(game_state(client)["card"]).total == 50 + 20 + 100


def test_the_game_survives_a_server_restart(app, client, dice):
    post(client, "roll")
    before = game_state(client)
    cookie = client.get_cookie("session")
    restarted = create_app({"TESTING": True, "SECRET_KEY": app.config["SECRET_KEY"]})
    other = restarted.test_client()
    other.set_cookie("session", cookie.value)
    other.set_cookie("lang", "en")
    html = other.get("/yahtzee").get_data(as_text=True)
    faces = [int(f) for f in before["dice"]]
    assert re.findall(r'aria-label="Die \d: (\d)"', html) == [str(f) for f in faces]


def test_a_damaged_cookie_starts_a_new_game(client):
    set_state(client, card="aces=99", dice="1", roll=7)
    assert client.get("/yahtzee").status_code == 200


def test_the_coach_gets_ready_without_blocking_the_page(app, client, monkeypatch, tmp_path):
    app.config["YAHTZEE_TABLE_DIR"] = str(tmp_path / "empty")
    app.config["YAHTZEE_SHIPPED_TABLE"] = False  # the fallback: no shipped table either

    def failing_table(*args, **kwargs):
        raise MemoryError("no room")

    monkeypatch.setattr(yahtzee_table.ys, "compute_table", failing_table)
    response = post(client, "coach-on")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "The coach is getting ready" in html or "The coach could not get ready" in html
    store = app.extensions[yahtzee_table.EXTENSION].for_folder(tmp_path / "empty")
    store.wait(timeout=10)
    assert "The coach could not get ready" in client.get("/yahtzee").get_data(as_text=True)


def test_the_coach_marks_the_best_choice(client, yahtzee_strategy):
    set_state(client, dice="66612", roll=1, coach=True)
    html = client.get("/yahtzee").get_data(as_text=True)
    assert "Best: keep the dice showing 6, 6, 6 and roll 2 dice again" in html
    assert 'id="yz-coach-steps"' in html and "Chance of Four of a Kind on the next roll" in html
    picked = re.findall(r'id="yz-die-(\d)" class="die coach-pick"', html)
    assert picked == ["0", "1", "2"] and "Die 1: 6 (the coach keeps it)" in html
    set_state(client, dice="33333", roll=3, coach=True)
    html = client.get("/yahtzee").get_data(as_text=True)
    assert 'class="best"' in html and re.search(r'id="yz-row-yahtzee" class="best"', html)


def test_german_page(client):
    client.set_cookie("lang", "de")
    set_state(client, dice="55521", roll=1)
    html = client.get("/yahtzee").get_data(as_text=True)
    assert "Spielblock" in html and "Fünfer" in html and "Dreierpasch" in html and "Kniffel" in html


def test_a_damaged_table_file_is_not_a_500(app, client, tmp_path, monkeypatch):
    folder = tmp_path / "damaged"
    folder.mkdir()
    store = yahtzee_table.TableStore(folder)
    store.path().write_bytes(b"not a table")
    monkeypatch.setattr(yahtzee_table.ys, "compute_table", lambda *a, **k: (_ for _ in ()).throw(OSError("disk full")))
    app.config["YAHTZEE_TABLE_DIR"] = str(folder)
    app.config["YAHTZEE_SHIPPED_TABLE"] = False  # the fallback: no shipped table either
    set_state(client, coach=True)
    response = client.get("/yahtzee")
    assert response.status_code == 200
    assert "The coach is getting ready" in response.get_data(as_text=True) or "could not get ready" in response.get_data(as_text=True)


def test_a_roll_by_htmx_scrolls_the_game_into_view_and_keeps_the_address(client):
    """After a roll the dice, the next roll and the box values are the answer: htmx is told to show the game's top.
    A roll or a kept die is no page to go Back to: no new address is pushed."""
    response = post(client, "roll")
    assert response.status_code == 200
    assert response.headers["HX-Reswap"] == "innerHTML show:#yahtzee-game:top"
    assert "HX-Push-Url" not in response.headers
    response = post(client, "hold-0")
    assert response.status_code == 200 and "HX-Reswap" not in response.headers  # a kept die: the page stays still


def test_the_coach_is_ready_on_the_first_load_with_a_fresh_instance_folder(app, client, tmp_path):
    """Issue 33: no "getting ready (0 %)": the table ships with the package, an empty instance folder is enough."""
    app.config.pop("YAHTZEE_TABLE_DIR", None)
    app.instance_path = str(tmp_path / "fresh-instance")
    response = post(client, "coach-on")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "getting ready" not in html and 'id="yz-coach-steps"' in html
    assert not list((tmp_path / "fresh-instance").glob("yahtzee-*"))  # nothing computed or copied


def test_the_coach_speaks_in_words_and_keeps_its_numbers_behind_why(client, yahtzee_strategy):
    """Issue 33: no "expected final score 253.0" or "0.8 points better" in the advice a child reads first."""
    set_state(client, dice="66612", roll=1, coach=True)
    html = client.get("/yahtzee").get_data(as_text=True)
    advice = re.search(r'<ol class="steps" id="yz-coach-steps">(.*?)</ol>', html, re.S).group(1)
    assert "Best: keep the dice showing 6, 6, 6 and roll 2 dice again." in advice
    assert not re.search(r"\d+\.\d|expected|better on average|%", advice)
    keeps = re.search(r'<table class="coach-keeps".*?</table>', html, re.S).group(0)
    assert "★★★" in keeps and "best" in keeps and not re.search(r"\d+\.\d", keeps)
    why = re.search(r'<details class="why" id="yz-coach-why">(.*?)</details>', html, re.S).group(1)
    assert "you can expect" in why and "Chance of Four of a Kind" in why and re.search(r"\d{3}\.\d", why)
    card = re.search(r'<section class="yz-card".*?</section>', html, re.S).group(0)
    assert re.search(r'class="coach-value"><span class="stars rating-\w+"', card)
    assert not re.search(r'class="coach-value">\d', card)
    client.set_cookie("lang", "de")
    html = client.get("/yahtzee").get_data(as_text=True)
    assert "Am besten: Behalte die Würfel mit 6, 6, 6" in html and "Warum? Die Zahlen des Trainers" in html


def test_the_end_of_a_game_encourages_with_words(client):
    set_state(client, card="aces=3,twos=6,threes=9,fours=12,fives=15,sixes=18,3kind=20,4kind=0,fullhouse=25,"
                           "small=30,large=40,yahtzee=0", dice="12345", roll=1)
    assert post(client, "place-chance").status_code == 200
    html = client.get("/yahtzee").get_data(as_text=True)
    ending = re.search(r'<div class="ending" id="yz-ending">(.*?)</div>', html, re.S).group(1)
    items = re.findall(r"<li[^>]*>(.*?)</li>", ending, re.S)
    assert len(items) == 2 and items[0] == "228 points: that is a really strong game!"
    assert items[1].startswith("Next time: when three or four dice show the same number")
    client.set_cookie("lang", "de")
    html = client.get("/yahtzee").get_data(as_text=True)
    assert "Nächstes Mal:" in html
