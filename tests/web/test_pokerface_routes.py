"""The Pokerface pages: a game played through the URL, the hand rankings, the quiz, texts in both languages."""

from __future__ import annotations

import random
import re

import pytest
from flask_babel import force_locale

from webapp.core.explain import render_step
from webapp.games.pokerface import rules as pf

EN = {"Accept-Language": "en"}
DE = {"Accept-Language": "de"}
HX = {"HX-Request": "true", "Accept-Language": "en"}


def follow(client, url, headers=EN):
    response = client.get(url, headers=headers)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return response.location


def fields(html):
    g = re.search(r'name="g" value="([^"]+)"', html).group(1)
    sel = re.search(r'name="sel" value="([^"]+)"', html)
    return g, sel.group(1) if sel else ""


def test_a_whole_game_of_ten_rounds(client):
    url = follow(client, "/pokerface?seed=class-7b")
    for number in range(1, 11):
        html = client.get(url, headers=EN).get_data(as_text=True)
        assert f"Round {number} of 10" in html and "Step 1" in html
        g, _ = fields(html)
        url = follow(client, f"/pokerface?g={g}&toggle=0")
        url = follow(client, url + "&action=exchange")
        html = client.get(url, headers=EN).get_data(as_text=True)
        assert "Step 2" in html and "★" not in html.split("poker-card")[0]
        url = follow(client, url + "&action=extras&n=3")
        url = follow(client, url + "&action=best")
        html = client.get(url, headers=EN).get_data(as_text=True)
        assert "Your five:" in html
        # the hint's best five are the best of the eight cards held, by brute force here
        held = re.findall(r'id="poker-card-\d" name="toggle" value="\d"\s+aria-pressed="\w+" aria-label="([^"]+)"', html)
        assert len(held) == 8
        g, sel = fields(html)
        url = follow(client, f"/pokerface?g={g}&sel={sel}&action=reveal")
        html = client.get(url, headers=EN).get_data(as_text=True)
        assert "Showdown" in html and re.search(r"The round goes to|each of them gets a point", html)
        if number < 10:
            g, _ = fields(html)
            url = follow(client, f"/pokerface?g={g}&action=next")
    assert re.search(r"You won the game!|A shared win!|Lost this time\.", html)
    points = [int(p) for p in re.findall(r"<td>(\d+)</td>", html)]
    assert len(points) == 4 and 10 <= sum(points) <= 40  # every round gives at least one point


def test_reload_and_a_new_server_keep_the_game(app, client):
    url = follow(client, "/pokerface?seed=s1")
    url = follow(client, url.replace("/pokerface?", "/pokerface?action=exchange&"))
    first = client.get(url, headers=EN).get_data(as_text=True)
    from webapp import create_app

    restarted = create_app({"TESTING": True, "SECRET_KEY": app.secret_key, "WTF_CSRF_ENABLED": False}).test_client()
    again = restarted.get(url, headers=EN).get_data(as_text=True)

    def panel(html):
        start = html.index('<div id="poker-game"')
        return html[start:html.index("</form>", start)]

    assert panel(again) == panel(first) and "Step 2" in panel(first)


def test_htmx_gets_the_panel_and_the_new_url(client):
    url = follow(client, "/pokerface?seed=s2")
    g = url.split("g=")[1]
    response = client.get(f"/pokerface?g={g}&toggle=1", headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html
    assert html.lstrip().startswith('<div id="poker-game"')
    assert "sel=1" in response.headers["HX-Replace-Url"] and "HX-Push-Url" not in response.headers  # a tap: no new entry
    assert re.search(r'id="poker-card-1"[^>]*aria-pressed="true"', html)


def test_a_new_round_pushes_the_address_and_shows_the_panel(client):
    """Back after "Next round" returns to the showdown; every other click replaces the address."""
    url = follow(client, "/pokerface?seed=s2")
    for action in ("action=exchange", "action=extras&n=0", "action=best", "action=reveal"):
        response = client.get(f"{url}&{action}", headers=HX)
        assert response.status_code == 200, action
        assert "HX-Push-Url" not in response.headers
        url = response.headers["HX-Replace-Url"]
    assert response.headers["HX-Reswap"] == "outerHTML show:#poker-status:top"  # the showdown
    assert 'id="poker-next"' in response.get_data(as_text=True)
    response = client.get(f"{url}&action=next", headers=HX)
    assert "HX-Replace-Url" not in response.headers and response.headers["HX-Push-Url"].startswith("/pokerface?g=")
    assert response.headers["HX-Reswap"] == "outerHTML show:#poker-game:top"


def test_tampered_or_broken_links_answer_400_and_start_over(client):
    url = follow(client, "/pokerface?seed=s3")
    token = url.split("g=")[1]
    response = client.get(f"/pokerface?g={token[:-2]}xx", headers=EN)
    assert response.status_code == 400
    assert "broken" in response.get_data(as_text=True) and "Round 1 of 10" in response.get_data(as_text=True)


def test_wrong_moves_are_4xx_and_keep_the_state(client):
    url = follow(client, "/pokerface?seed=s4")
    url = follow(client, url + "&action=exchange")
    url = follow(client, url + "&action=extras&n=3")
    g = url.split("g=")[1]
    response = client.get(f"/pokerface?g={g}&sel=0,1&action=reveal", headers=EN)
    assert response.status_code == 422 and "You need 5 cards, not 2." in response.get_data(as_text=True)
    assert re.search(r'id="poker-card-1"[^>]*aria-pressed="true"', response.get_data(as_text=True))
    response = client.get(f"/pokerface?g={g}&sel=0,1,2,3,4&toggle=5", headers=EN)
    assert response.status_code == 422
    assert client.get(f"/pokerface?g={g}&action=explode", headers=EN).status_code == 400
    assert client.get(f"/pokerface?g={g}&toggle=<b>", headers=EN).status_code == 400
    assert "<b>" not in client.get(f"/pokerface?g={g}&toggle=<b>", headers=EN).get_data(as_text=True)


def test_hand_rankings_page_lists_the_nine_categories_best_first(client):
    html = client.get("/pokerface/hands", headers=EN).get_data(as_text=True)
    order = [m for m in re.findall(r'id="hand-(\w+)"', html)]
    assert order == ["straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind",
                     "two_pair", "one_pair", "high_card"]
    assert "1,302,540 of the 2,598,960 possible hands" in html


def test_hand_rankings_in_german(client):
    html = client.get("/pokerface/hands", headers=DE).get_data(as_text=True)
    assert "Full House: drei Siebenen und zwei Vieren" in html and "Vierling" in html


def test_quiz_answers_and_explains(client):
    question = pf.which_hand_wins(random.Random(42), names=("A", "B"))
    html = client.get(f"/pokerface/quiz?q=42&answer={question.answer}", headers=EN).get_data(as_text=True)
    assert "Right!" in html and 'id="quiz-steps"' in html
    wrong = "a" if question.answer != "a" else "b"
    assert "Not quite." in client.get(f"/pokerface/quiz?q=42&answer={wrong}", headers=EN).get_data(as_text=True)
    assert client.get("/pokerface/quiz?q=42&answer=zzz", headers=EN).status_code == 400
    assert client.get("/pokerface/quiz").status_code == 303
    for bad in ("²", "1" * 5000, "-3"):
        assert client.get(f"/pokerface/quiz?q={bad}").status_code == 303


@pytest.mark.parametrize("query", ["toggle=²", "toggle=" + "9" * 5000, "sel=²,1&toggle=0", "action=" + "x" * 500])
def test_odd_numbers_in_the_url_never_break_the_page(client, query):
    url = follow(client, "/pokerface?seed=odd")
    response = client.get(f"{url}&{query}", headers=EN)
    assert response.status_code in (303, 400)


@pytest.mark.parametrize("seed", range(30))
def test_quiz_generator_answer_is_the_reference_answer(seed):
    question = pf.which_hand_wins(random.Random(seed))
    a, b = question.hands
    assert not set(a) & set(b)
    ra, rb = pf.evaluate(a), pf.evaluate(b)
    assert question.answer == ("tie" if ra == rb else "a" if ra < rb else "b")
    last = question.steps[-1]
    assert last.code == ("poker.quiz.tie" if ra == rb else "poker.quiz.winner")
    if ra != rb:
        assert last["hand"] == question.answer.upper()


def test_showdown_steps_in_german_name_ranks_in_plural_and_singular(app):
    result = pf.showdown(["Du", "Leo"], [pf.parse_cards("H4 D4 C4 DA SA"), pf.parse_cards("SK HK DK C2 S2")])
    with app.test_request_context(), force_locale("de"):
        lines = [render_step(s, html=False) for s in result.steps]
    assert "Full House: drei Vieren und zwei Asse" in lines[0]
    assert "Herz-Vier" in lines[0]
    assert lines[2] == "Leo – Du: Beide haben einen Drilling, also entscheidet er: drei Könige schlagen drei Vieren."
    with app.test_request_context(), force_locale("en"):
        step = pf.compare(pf.evaluate(pf.parse_cards("ST HT DA C9 S4")), pf.evaluate(pf.parse_cards("CT DT HA S8 S4")))
        assert render_step(step, html=False).endswith("kicker number 2 decides: Nine beats Eight.")


def test_cli_rank_and_compare(runner):
    from webapp.cli import main
    from click.testing import CliRunner

    cli = CliRunner()
    result = cli.invoke(main, ["pokerface", "rank", "H4", "D4", "C4", "DA", "SA"])
    assert result.exit_code == 0 and result.stdout.startswith("full house: three Fours and two Aces (class")
    result = cli.invoke(main, ["pokerface", "compare", "SA HA D7 C7 S2", "CK DK D6 C6 SQ"])
    assert result.stdout.splitlines()[0] == "#1"
    result = cli.invoke(main, ["pokerface", "rank", "SA", "XX", "S2", "S3", "S4"])
    assert result.exit_code == 2 and "XX" in result.stderr
    result = cli.invoke(main, ["pokerface", "compare", "SA HA D7 C7 S2", "SA DK D6 C6 SQ"])
    assert result.exit_code == 2


def test_cli_tournament_table_csv_json(tmp_path):
    import json
    import shutil
    from pathlib import Path

    from click.testing import CliRunner

    from webapp.cli import main

    root = Path(__file__).resolve().parents[2] / "examples/pokerface"
    for name in ("leobot", "shellbot"):
        shutil.copytree(root / name, tmp_path / name, ignore=shutil.ignore_patterns("data"))
    result = CliRunner().invoke(main, ["pokerface", "tournament", str(tmp_path / "leobot"), str(tmp_path / "shellbot"),
                                       "--repeat", "1", "--rounds", "2", "--csv", str(tmp_path / "t.csv"),
                                       "--json", str(tmp_path / "t.json")])
    assert result.exit_code == 0, result.output
    assert "victory points" in result.stdout and "LeoBot" in result.stdout
    assert (tmp_path / "t.csv").read_text().startswith("place,bot,victory_points")
    data = json.loads((tmp_path / "t.json").read_text())
    assert len(data["games"]) == 1 and len(data["standings"]) == 4
    assert len((tmp_path / "leobot/data/hands.txt").read_text().splitlines()) == 2 * 4


def test_a_selection_longer_than_the_cards_held_is_read_only_as_far_as_the_cards_go(client):
    """Issue 13: ``sel=`` with 100,000 indices was applied index by index; the first ones still count."""
    url = follow(client, "/pokerface?seed=long-sel")
    response = client.get(f"{url}&sel=1,2," + ",".join(["3"] * 100_000), headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert re.search(r'id="poker-card-1"[^>]*aria-pressed="true"', html)
    assert re.search(r'id="poker-card-2"[^>]*aria-pressed="true"', html)


# --- Issue 13, section 2: the audit's reproductions (seed "audit1") ------------------------------------------
# Pokerface rules (seed 003): five cards are dealt, the exchange gives away some of those five, then 0-3 extra
# cards are taken; so before the extras the child always holds exactly five cards.


def _token(url):
    """The signed game token ``g`` of a canonical game URL."""
    return re.search(r"g=([^&]+)", url).group(1)


def _held(client, url):
    """How many cards the page shows the child holding."""
    html = client.get(url, headers=EN).get_data(as_text=True)
    return len(re.findall(r'class="card poker-card ', html))


def test_exchange_checks_indices_against_the_hand_not_eight(client):
    url = follow(client, "/pokerface?seed=audit1")
    g = _token(url)
    response = client.get(f"/pokerface?g={g}&sel=5,6,7&action=exchange", headers=EN)
    assert response.status_code in (303, 400)
    after = response.location if response.status_code == 303 else url
    assert _held(client, after) == 5  # five held before the extras, never eight
    url = follow(client, f"/pokerface?g={_token(after)}&action=extras&n=3")
    assert client.get(f"/pokerface?g={_token(url)}", headers=EN).status_code == 200
    assert _held(client, url) == 8  # five plus three extras


def test_a_selection_past_the_hand_then_reveal_never_signs_a_broken_token(client):
    url = follow(client, "/pokerface?seed=audit1")
    url = follow(client, f"/pokerface?g={_token(url)}&action=exchange")
    url = follow(client, f"/pokerface?g={_token(url)}&action=extras&n=0")
    g = _token(url)
    response = client.get(f"/pokerface?g={g}&sel=0,1,2,3,7", headers=EN)
    assert response.status_code == 200
    response = client.get(f"/pokerface?g={g}&sel=0,1,2,3,7&action=reveal", headers=EN)
    assert response.status_code in (303, 422)
    if response.status_code == 303:  # whatever token was signed reads back without a 5xx
        assert client.get(response.location, headers=EN).status_code < 500
    else:
        assert "You need 5 cards, not 4." in response.get_data(as_text=True)


@pytest.mark.parametrize("data", [
    {"s": "audit1", "r": [[[5, 6, 7], 3]], "h": 1},          # gave away cards past the five dealt
    {"s": "audit1", "r": [[[], 0, [0, 1, 2, 3, 7]]], "h": 1},  # showed a card past the five held
    {"s": "audit1", "r": [[[], 4]], "h": 1},                 # four extra cards (at most three)
    {"s": "audit1", "r": [[[0, 0]]], "h": 1},                # one card given twice
    {"s": "audit1", "r": [[[]]] * 11, "h": 1},               # eleven rounds, the first unfinished
    {"s": "audit1", "r": [[[], 0, [0, 1, 2, 3]]], "h": 1},     # four cards shown
    {"s": "audit1", "r": "x", "h": 1},
    {"s": "audit1", "h": 1},
])
def test_a_signed_link_to_an_impossible_game_is_a_400_with_a_clear_message(app, client, data):
    """A token our key signed around a game the rules forbid (as a bug would sign it): 400, "broken link", a new
    game; never a 500 later. Pokerface rules (seed 003): five cards dealt, 0-3 extras, five shown."""
    from itsdangerous import URLSafeSerializer

    token = URLSafeSerializer(app.secret_key, salt="pokerface-game").dumps(data)
    response = client.get(f"/pokerface?g={token}", headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "This game link is broken" in html and "Round 1 of 10" in html


def _at_step_3(client, seed):
    url = follow(client, f"/pokerface?seed={seed}")
    url = follow(client, url + "&action=exchange")
    return follow(client, url + "&action=extras&n=2")


@pytest.mark.parametrize("headers", [EN, HX])
def test_show_these_five_with_no_card_chosen_is_refused_with_a_reason(client, headers):
    """Issue 33: "Show these five" looks disabled while fewer than five cards are chosen, and a request that
    shows none anyway (an old page, a hand-made link) answers 422 with the reason, the round unchanged."""
    url = _at_step_3(client, "empty-reveal")
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert re.search(r'id="poker-reveal"[^>]* disabled aria-describedby="poker-reveal-why"', html)
    assert 'id="poker-reveal-why"' in html and "0 chosen" in html
    g = url.split("g=")[1]
    response = client.get(f"/pokerface?g={g}&action=reveal", headers=headers)
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "You need 5 cards, not 0." in html
    assert "Step 3: show your best five" in html and 'id="poker-showdown"' not in html
    german = client.get(f"/pokerface?g={g}&action=reveal", headers=DE)
    assert german.status_code == 422 and "nicht 0" in german.get_data(as_text=True)
    five = client.get(f"/pokerface?g={g}&sel=0,1,2,3,4", headers=EN).get_data(as_text=True)
    assert re.search(r'id="poker-reveal"[^>]*value="reveal">', five)  # five chosen: enabled


def test_the_winner_wins_the_point_in_words(client):
    """Not "You point!" / "Du Punkt!": the winner's label is a sentence, in every language."""
    url = _at_step_3(client, "point-words")
    url = follow(client, url + "&action=best")
    url = follow(client, url + "&action=reveal")
    html = client.get(url, headers=EN).get_data(as_text=True)
    assert re.search(r"You win the point!|(Leo|Mia|Ben) wins the point!", html) and "point!</span>" in html
    assert not re.search(r">(You|Leo|Mia|Ben) <span class=\"win-mark", html)
    german = client.get(url, headers=DE).get_data(as_text=True)
    assert re.search(r"Du bekommst den Punkt!|(Leo|Mia|Ben) bekommt den Punkt!", german) and "Du Punkt" not in german


def test_the_end_of_a_game_encourages_with_words(client):
    url = follow(client, "/pokerface?seed=ending-words")
    for number in range(1, 11):
        for action in ("action=exchange", "action=extras&n=3", "action=best", "action=reveal"):
            url = follow(client, url + "&" + action)
        if number < 10:
            url = follow(client, url + "&action=next")
    for headers, well in ((EN, r"Your best hand|You won \d+ rounds?|You played all ten"),
                          (DE, r"Deine beste Hand|Du hast \d+ Runden? gegen|Du hast alle zehn")):
        html = client.get(url, headers=headers).get_data(as_text=True)
        ending = re.search(r'<div class="ending" id="poker-ending">(.*?)</div>', html, re.S).group(1)
        items = re.findall(r"<li[^>]*>(.*?)</li>", ending, re.S)
        assert len(items) == 2 and re.search(well, items[0]) and re.match(r"(Next time|Nächstes Mal):", items[1])
