"""/skat?rules=official (bidding coach) and /skat/score (score sheet): pages, fragments, bad input, CSRF."""

from __future__ import annotations

import csv
import io
import re

import pytest

from conftest import without_terms
from webapp import create_app

EN = {"Accept-Language": "en"}
HX = {"HX-Request": "true"}
TRAP = "JD,AD,0D,KD,QD,9D,8D,AS,0S,AH"  # Diamonds without 3: 36 before the skat, safe only 18
CLUBS_TWO = "JC JS AC 0C KC QC 9C 8C 7C AS"


def pressed(html: str) -> set[str]:
    return set(re.findall(r'id="card-(\w\w)"[^>]*aria-pressed="true"', html))


def text(html: str, element_id: str) -> str:
    match = re.search(rf'id="{element_id}"[^>]*>(.*?)</', html, re.S)
    assert match, element_id
    return match.group(1).strip()


# --- the rules switch and the bidding coach ------------------------------------------------------


def test_family_page_links_the_official_rules_and_keeps_the_hand(client):
    html = client.get(f"/skat?hand={TRAP}", headers=EN).get_data(as_text=True)
    assert re.search(r'id="skat-value">36<', html)  # the family rule: 4 x 9 Diamonds
    link = re.search(r'href="([^"]+)" id="rules-official"', html).group(1)
    assert "rules=official" in link and "hand=" in link


def test_coach_shows_values_safe_bid_and_ladder(client):
    response = client.get(f"/skat?rules=official&hand={TRAP}", headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert text(html, "coach-safe") == "18"
    assert re.search(r'id="coach-stop">18 <span class="ladder-note">stop', html)
    ladder = re.findall(r"<li class=\"(safe|stop|risky)\"[^>]*>(\d+)", html)
    assert [int(b) for _, b in ladder] == [18, 20, 22, 23, 24, 27, 30, 33, 35, 36]
    assert {c for c, b in ladder if int(b) > 18} == {"risky"}
    row = re.search(r'id="coach-diamonds">(.*?)</tr>', html, re.S).group(1)
    assert "aim for this" in row and ">36<" in row and ">18<" in row
    assert "That happens with 26 of 100 skats." in html
    assert pressed(html) == set(TRAP.split(","))


def test_coach_with_the_skat_gives_exact_values(client):
    html = client.get(f"/skat?rules=official&hand={TRAP}&skat=JS,7C", headers=EN).get_data(as_text=True)
    assert "Value with this skat" in html
    row = re.search(r'id="coach-diamonds">(.*?)</tr>', html, re.S).group(1)
    assert ">18<" in row and ">36<" not in row
    assert "The skat changed this" in html
    assert 'class="card skat-card suit-S in-skat" id="card-JS"' in html


def test_clicks_go_to_the_skat_when_chosen(client):
    response = client.get(f"/skat?rules=official&hand={TRAP}&target=skat&toggle=JC", headers={**HX, **EN})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert response.headers["HX-Replace-Url"].endswith("rules=official&skat=JC&target=skat")
    assert "skat: 1 of 2 cards" in html
    third = client.get(f"/skat?rules=official&hand={TRAP}&skat=JC,7C&target=skat&toggle=7H", headers={**HX, **EN})
    assert third.status_code == 422
    assert "The skat already has 2 cards." in third.get_data(as_text=True)


def test_switching_the_target_without_javascript_redirects(client):
    response = client.get(f"/skat?rules=official&hand={TRAP}&set_target=skat")
    assert response.status_code == 303
    assert response.headers["Location"].endswith("rules=official&target=skat")


@pytest.mark.parametrize("query", ["rules=poker", "rules=official&target=table"])
def test_bad_rules_or_target_answer_400(client, query):
    response = client.get(f"/skat?{query}&hand=JC", headers=EN)
    assert response.status_code == 400
    assert "This link is broken" in response.get_data(as_text=True)


def test_card_in_hand_and_skat_is_refused(client):
    response = client.get("/skat?rules=official&hand=JC,JS&skat=JS", headers=EN)
    assert response.status_code == 400
    assert "is there twice" in response.get_data(as_text=True)


# --- the score sheet -------------------------------------------------------------------------------


def game(**fields):
    data = {"declarer": "0", "game": "clubs", "matadors": "w1", "points": "70", "tricks": "6", "bid": ""}
    data.update(fields)
    return data


def test_score_sheet_page_and_first_game(client):
    page = client.get("/skat/score", headers=EN)
    assert page.status_code == 200
    assert "No game yet." in page.get_data(as_text=True)
    posted = client.post("/skat/score", data=game(matadors="w2", bid="36"))
    assert posted.status_code == 303 and posted.headers["Location"] == "/skat/score#last-game"
    html = without_terms(client.get("/skat/score", headers=EN).get_data(as_text=True))
    assert text(html, "score-value") == "36"
    assert "Multiplier: matadors 2 + levels 1 = 3. Game value: 3 × 12 = 36." in html
    assert text(html, "total-0") == "36"


def test_score_from_the_cards_shows_which_cards_make_the_matadors(client):
    client.post("/skat/score", data=game(game="clubs", ouvert="1", cards=CLUBS_TWO, skat="7D 8D",
                                          points="120", tricks="10"))
    html = without_terms(client.get("/skat/score", headers=EN).get_data(as_text=True))
    assert text(html, "score-value") == "108"  # ISkO 5.2.6
    assert 'aria-label="Jack of Clubs"' in html and "That is with 2." in html


def test_overbid_and_lost_games_and_totals(client):
    client.post("/skat/score", data=game(declarer="1", bid="30"))  # with 1 = 24 < 30: overbid, -2 x 36
    client.post("/skat/score", data=game(declarer="2", game="grand", matadors="o2", points="40", tricks="3"))
    html = client.get("/skat/score", headers=EN).get_data(as_text=True)
    assert "Overbid!" not in html  # the last game is the lost Grand
    assert text(html, "score-value") == "-144"  # without 2: 3 x 24, lost twice
    totals = [text(html, f"total-{i}") for i in range(3)]
    assert totals == ["0", "-72", "-144"]


def test_seeger_fabian_for_four_players(client):
    client.post("/skat/score/table", data={"players": "4", "name0": "Ann", "name1": "Ben", "name2": "Cem",
                                           "name3": "Dora", "seeger": "1"})
    client.post("/skat/score", data=game(declarer="3", points="50", tricks="4"))  # lost: -48
    client.post("/skat/score", data=game(declarer="0", game="null", tricks="0"))  # won: 23
    html = client.get("/skat/score", headers=EN).get_data(as_text=True)
    # Dora: -48 - 50; the three others +30 each (preisskat.org); then Ann +23 + 50
    assert [text(html, f"total-{i}") for i in range(4)] == [str(30 + 73), "30", "30", str(-98)]
    rows = list(csv.reader(io.StringIO(client.get("/skat/score.csv").get_data(as_text=True))))
    assert rows[0][-4:] == ["Ann total", "Ben total", "Cem total", "Dora total"]
    assert rows[1][1] == "Dora" and rows[1][6] == "-48" and rows[2][-4:] == ["103", "30", "30", "-98"]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"points": "130"}, "Card points go from 0 to 120, not 130."),
        ({"bid": "19"}, "19 is not a Skat bid. The nearest bids are 18 and 20."),
        ({"announce": "schneider"}, "only in a hand game"),
        ({"game": "null", "bid": "24"}, "Null is worth only 23, but the bid was 24."),
        ({"cards": "JC JS XX"}, "“XX” is not a Skat card."),
        ({"matadors": "", "cards": ""}, "Choose the matadors"),
        ({"points": "100", "tricks": "10"}, "Card points 100 and tricks 10 cannot go together."),
    ],
)
def test_bad_game_answers_400_and_keeps_the_form(client, fields, message):
    response = client.post("/skat/score", data=game(**fields), headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert message in html
    for value in fields.values():
        if value and len(value) > 2:
            assert value in html  # what the child typed is still there
    assert "No game yet." in html


def test_undo_clear_and_table_errors(client):
    client.post("/skat/score/table", data={"players": "4"})
    client.post("/skat/score", data=game(declarer="3"))
    refused = client.post("/skat/score/table", data={"players": "3"}, headers=EN)
    assert refused.status_code == 400 and "Clear the list" in refused.get_data(as_text=True)
    assert client.post("/skat/score/table", data={"players": "7"}).status_code == 400
    client.post("/skat/score/undo")
    assert "No games yet." in client.get("/skat/score", headers=EN).get_data(as_text=True)
    client.post("/skat/score", data=game())
    client.post("/skat/score/clear")
    assert "No games yet." in client.get("/skat/score", headers=EN).get_data(as_text=True)


def test_names_are_escaped(client):
    client.post("/skat/score/table", data={"players": "3", "name0": "<b>x</b>"})
    html = client.get("/skat/score").get_data(as_text=True)
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


def test_post_without_csrf_token_is_refused(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test"})
    app.instance_path = str(tmp_path)
    client = app.test_client()
    assert client.post("/skat/score", data=game()).status_code == 400
    html = client.get("/skat/score").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    assert client.post("/skat/score", data={**game(), "csrf_token": token}).status_code == 303
