"""The Skat table with club players and the coach's chances (issue 35).

A club player's sampled card and the coach's card chances are computed in the app's worker pool (a real spawn
pool here, as the server runs it): the page never waits for them, it says "thinking" and asks again. A page the
server wrote carries a signature of its moves, so replaying it computes no bot's move again; without it, the bots'
moves are checked (a sampled one only against an answer the pool kept). Hostile input answers 4xx, never 500.
"""

from __future__ import annotations

import html as htmllib
import re
import time
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from webapp.games.skat import analysis_pool, table_views
from webapp.games.skat.advice import bid_advice
from webapp.games.skat.bots import bot_move
from webapp.games.skat.chances import card_chances
from webapp.games.skat.club import COACH_SAMPLES, club_move, samples_now
from webapp.games.skat.table import Phase, deal, seat_of
from webapp.games.skat.table_codes import action_code, replay

EN = {"Accept-Language": "en"}
HX = {"HX-Request": "true", **EN}
#: Deal 1, game 1 with club players: the child (forehand, playing the beginner's moves) is to play in trick 9 as a
#: defender; 0♠ wins in 1 of 30 sampled deals, Q♠ in 6 (found by sampling once; the test checks it again).
WOULD = ("18.yes.20.yes.22.yes.23.pass.pass.skat.put:KS,8S.clubs.AH.7C.7H.JC.KC.JH.JD.AC.JS.8D.9D.0D.8H.QH.8C.AD.7D"
         ".QD.KD.KH")


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def text(page: str) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", page)))


def club_codes(seed: int, until) -> list[str]:
    """Game 1 of ``seed`` played by club players, the child's seat by the beginner's rule, up to the first state
    where ``until(state)`` holds (computed here, in the test's process)."""
    state, codes = deal(seed, 1), []
    while state.to_act is not None and not until(state):
        move = bot_move(state) if state.to_act == seat_of(0, 1) else club_move(state)
        codes.append(action_code(move.action))
        state = state.apply(move.action)
    return codes


def signed_url(app, seed: int, codes: list[str], **extra) -> str:
    with app.test_request_context():
        moves = ".".join(codes)
        sig = table_views.signature(seed, 1, moves)
    return f"/skat/table?seed={seed}&game=1&bots=club&sig={sig}&a={moves}" + ("&" + urlencode(extra) if extra else "")


def poll(client, url: str, marker: str, headers=EN, timeout: float = 60.0):
    """GET ``url`` until ``marker`` is no longer in the answer (as htmx or the refreshing page would)."""
    deadline = time.monotonic() + timeout
    while True:
        response = client.get(url, headers=headers)
        if response.status_code != 200 or marker not in response.get_data(as_text=True):
            return response
        assert time.monotonic() < deadline, f"still {marker}"
        time.sleep(0.2)


@pytest.fixture
def pooled(app):
    yield app
    app.extensions[analysis_pool.EXTENSION].close()


def test_a_new_table_has_club_players_and_an_address_without_a_level_keeps_the_beginners(client):
    response = client.get("/skat/table", headers=EN)
    assert response.status_code == 303 and query(response.headers["Location"])["bots"] == "club"
    old = client.get("/skat/table?seed=3&game=1", headers=EN, follow_redirects=True).get_data(as_text=True)
    assert 'id="bots-beginner" name="set_bots" value="beginner" aria-pressed="true"' in old


def test_a_club_players_card_is_thought_off_the_request_thread_and_swapped_in(pooled):
    """After the child's card in trick 4 the next bot samples: the page says so at once (htmx asks again; without
    JavaScript the page refreshes itself), then the card the club player's rule picks arrives with its reason."""
    client = pooled.test_client()
    codes = club_codes(2, lambda s: s.to_act != seat_of(0, 1) and samples_now(s) and len(s.tricks) >= 3)
    state = replay(2, 1, codes)
    expected = club_move(state)
    url = signed_url(pooled, 2, codes)
    first = client.get(url, headers=HX)  # never waits for the sample: it says "thinking"
    page = first.get_data(as_text=True)
    assert first.status_code == 200 and 'id="bot-thinking"' in page and 'hx-trigger="load delay:400ms"' in page
    plain = client.get(url, headers=EN).get_data(as_text=True)
    assert '<meta http-equiv="refresh" content="1">' in plain and 'id="do-go-on"' in plain
    done = poll(client, url, 'id="bot-thinking"', headers=EN)
    assert done.status_code == 303  # the move came: the canonical address of the new state
    moved = query(done.headers["Location"])["a"].split(".")
    assert moved[:len(codes) + 1] == codes + [action_code(expected.action)]
    after = client.get(done.headers["Location"], headers=EN).get_data(as_text=True)
    assert "deals like this one" in text(after)  # the sampled move's "why?"


def test_a_signed_address_replays_without_computing_a_bots_move(pooled, monkeypatch):
    client = pooled.test_client()
    codes = WOULD.split(".")
    url = signed_url(pooled, 1, codes, coach=0)

    def no(*args, **kwargs):
        raise AssertionError("a bot's move was computed")

    monkeypatch.setattr(table_views, "club_move", no)
    monkeypatch.setattr(table_views, "bot_move", no)
    page = client.get(url, headers=EN)
    assert page.status_code == 200 and "Your turn" in text(page.get_data(as_text=True))


def test_without_the_signature_a_sampled_bot_move_is_checked_against_the_pool(pooled):
    """Not signed: the cheap moves are computed again; a sampled card the pool never worked out is refused (409)
    with the moves before kept, and a forged signature counts as none."""
    client = pooled.test_client()
    codes = WOULD.split(".")
    plain = f"/skat/table?seed=1&game=1&bots=club&coach=0&a={WOULD}"
    refused = client.get(plain, headers=EN)
    assert refused.status_code == 409
    kept = re.search(r'name="a" value="([^"]*)"', refused.get_data(as_text=True)).group(1).split(".")
    assert kept == codes[:len(kept)] and len(kept) < len(codes)
    forged = signed_url(pooled, 1, codes).replace("a=18.yes", "a=18.pass.yes")
    assert client.get(forged, headers=EN).status_code in (400, 409)


@pytest.mark.parametrize("sig", ["x" * 5000, "ä", "", "%00", "evn3lAZHFtA5T6GCxOvOkOsIyaY"])
def test_hostile_signatures_answer_without_a_500(client, sig):
    response = client.get(f"/skat/table?seed=1&game=1&bots=club&coach=0&sig={sig}&a={WOULD}", headers=EN)
    assert response.status_code == 409


@pytest.mark.parametrize("bots", ["CLUB", "x" * 300, "club;drop", ""])
def test_an_unknown_level_is_the_beginners(client, bots):
    response = client.get(f"/skat/table?seed=3&game=1&bots={bots}", headers=EN, follow_redirects=True)
    assert response.status_code == 200
    assert 'id="bots-beginner" name="set_bots" value="beginner" aria-pressed="true"' in response.get_data(as_text=True)


def test_the_level_switch_keeps_the_moves_and_the_bots_play_on_at_the_new_level(pooled):
    client = pooled.test_client()
    codes = WOULD.split(".")
    response = client.get(signed_url(pooled, 1, codes, coach=0) + "&set_bots=beginner", headers=EN)
    assert response.status_code == 303
    q = query(response.headers["Location"])
    assert "bots" not in q and q["a"] == WOULD and q["sig"]
    page = client.get(response.headers["Location"], headers=EN).get_data(as_text=True)
    assert 'id="bots-beginner" name="set_bots" value="beginner" aria-pressed="true"' in page


def first_deal(want) -> tuple[int, object]:
    """The first deal number whose club players both pass to the child (forehand) and whose bid advice for the
    child's hand satisfies ``want``: (the deal number, the advice)."""
    for seed in range(1, 400):
        if club_codes(seed, lambda s: s.to_act == seat_of(0, 1)) == ["pass", "pass"]:
            advice = bid_advice(replay(seed, 1, ["pass", "pass"]).hands[0], True)
            if want(advice):
                return seed, advice
    raise AssertionError("no such deal")


def test_the_bidding_coach_gives_each_games_chance_and_the_advice(client):
    """The others pass; the coach's chances advise two games or more, each for a range of bids (bid_advice)."""
    seed, advice = first_deal(lambda a: len(a.plan) >= 2)
    page = text(client.get(f"/skat/table?seed={seed}&game=1&bots=club", headers=EN, follow_redirects=True)
                .get_data(as_text=True))
    assert f"Bid up to {advice.limit}. The game to play depends on the bid:" in page
    for game in advice.plan:
        assert f"up to {game.safe}: {game.game.value.capitalize()}" in page
    for chance in advice.games[:3]:
        assert f"wins about {round(chance.chance * 10)} of 10 games like this (safe up to {chance.safe})" in page
    assert "Both others passed: play at 18." in page  # what to say now


def test_a_weak_hand_is_called_too_weak_or_a_gamble_before_bidding(client):
    seed, advice = first_deal(lambda a: a.best is None)
    page = text(client.get(f"/skat/table?seed={seed}&game=1&bots=club", headers=EN, follow_redirects=True)
                .get_data(as_text=True))
    assert ("Too weak:" in page and "Pass." in page) or ("A gamble:" in page and "Better pass." in page)


def test_the_skat_coach_offers_three_ways_to_put_away_and_a_tap_picks_them(client):
    codes = ["pass", "pass", "18", "skat"]
    url = f"/skat/table?seed=5&game=1&bots=club&a={'.'.join(codes)}"
    page = client.get(url, headers=EN).get_data(as_text=True)
    links = re.findall(r'id="coach-pick-\d" href="([^"]+)"', page)
    assert len(links) == 3 and "Put away" in text(page) and "of 10 games like this" in text(page)
    first = client.get(htmllib.unescape(links[0]), headers=EN).get_data(as_text=True)
    picked = query(htmllib.unescape(links[0]))["pick"]
    assert f'name="do" value="put:{picked}"' in first


def test_before_the_skat_the_coach_says_pick_up_and_for_which_game(client):
    from webapp.games.skat.table_coach import hand_choice

    state = replay(5, 1, ["pass", "pass", "18"])
    aim = hand_choice(state.hands[0], 18, True)
    assert aim is not None
    page = text(client.get("/skat/table?seed=5&game=1&bots=club&a=pass.pass.18", headers=EN).get_data(as_text=True))
    assert (f"Pick up the skat for {aim.game.value.capitalize()}: it wins about {round(aim.chance * 10)} of 10 games"
            in page)


def test_the_coach_thinks_about_the_childs_card_and_says_afterwards_when_a_card_was_worse(pooled):
    """Deal 1 (WOULD): the child is to play; the coach's sampled chances arrive through ``/skat/table/coach``; the child
    plays 0♠ anyway, and the coach says Q♠ would have won in more deals."""
    client = pooled.test_client()
    codes = WOULD.split(".")
    chances = dict(card_chances(replay(1, 1, codes), COACH_SAMPLES).cards)
    assert max(chances.values()) - chances[next(c for c in chances if str(c) == "0S")] >= 5
    url = signed_url(pooled, 1, codes)
    first = client.get(url, headers=HX).get_data(as_text=True)
    assert 'id="coach-thinking"' in first and 'hx-get="/skat/table/coach?' in first
    coach_url = htmllib.unescape(re.search(r'hx-get="(/skat/table/coach\?[^"]+)"', first).group(1))
    ready = poll(client, coach_url, 'id="coach-thinking"', headers=HX)
    assert ready.status_code == 200 and "deals like this one" in text(ready.get_data(as_text=True))
    played = client.get(url + "&do=0S", headers=HX).get_data(as_text=True)
    assert 'id="coach-after"' in played
    assert re.search(r"The coach would have played Q♠ ?: with it your side wins in \d+ of 30 deals", text(played))


@pytest.mark.parametrize("query_text, status", [
    ("seed=1&game=1&a=18.XX", 400),
    ("seed=abc&game=1", 400),
    ("seed=1&game=1&a=" + "x" * 5000, 400),
])
def test_the_coach_route_answers_bad_queries_with_4xx(client, query_text, status):
    assert client.get("/skat/table/coach?" + query_text, headers=HX).status_code == status


def test_without_the_coach_nothing_is_sampled_for_the_child(pooled):
    client = pooled.test_client()
    page = client.get(signed_url(pooled, 1, WOULD.split("."), coach=0), headers=HX).get_data(as_text=True)
    assert 'id="table-coach"' not in page
    assert pooled.extensions[analysis_pool.EXTENSION]._running == {}


def test_the_coach_route_without_htmx_leads_to_the_table_at_its_coach(app):
    url = signed_url(app, 1, WOULD.split(".")).replace("/skat/table?", "/skat/table/coach?")
    response = app.test_client().get(url, headers=EN)
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location.startswith("/skat/table?seed=1&game=1&bots=club&sig=") and location.endswith("#table-coach")
