"""The Skat table's page laid out for the device (issue 33), as the server answers it: where a click lands (htmx's
``show:``, the #anchor without JavaScript), the order of the parts (the news and a refused card's reason right above
the hand; at the game's end the verdict, encouragement and the next step before the table), the hand's names."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from webapp.games.skat import bots, table_codes
from webapp.games.skat.play import legal_cards
from webapp.games.skat.table import Phase
from webapp.games.skat.table_codes import action_code

EN = {"Accept-Language": "en"}
HX = {"HX-Request": "true", **EN}
#: Deal 7, game 1: the child (forehand) wins the bidding at 20 and declares.
TO_DISCARD = "/skat/table?seed=7&game=1&a=18.yes.20.yes.pass.pass.skat"
TO_DECLARE = TO_DISCARD + ".put:8H,0S"


def coach_codes(seed: int, game: int, stop) -> list[str]:
    """The moves of a game in which every seat plays as the bots do, up to the first state ``stop`` accepts."""
    state, codes = table_codes.replay(seed, game, []), []
    while state.to_act is not None and not stop(state):
        action = bots.bot_move(state).action
        codes.append(action_code(action))
        state = state.apply(action)
    return codes


def url_of(seed: int, codes: list[str], **params: str) -> str:
    return f"/skat/table?{urlencode({'seed': seed, 'game': 1, 'a': '.'.join(codes), **params})}"


def test_a_new_deal_lands_on_the_stage(client):
    response = client.get("/skat/table", headers=EN)
    assert response.status_code == 303 and response.headers["Location"].endswith("#table-stage")


def test_without_javascript_the_form_lands_on_the_stage_and_the_declaration_on_the_news(client):
    page = client.get(TO_DISCARD + "&pick=8H,0S", headers=EN).get_data(as_text=True)
    assert re.search(r'<form id="table-form" method="get" action="/skat/table#table-stage"', page)
    assert re.search(r'id="do-put" formaction="/skat/table#table-news"', page)
    declare = client.get(TO_DECLARE, headers=EN).get_data(as_text=True)
    assert re.search(r'id="choose-clubs" formaction="/skat/table#table-news"', declare)
    # the redirect keeps no anchor of its own: the browser carries the form's over (RFC 9110 10.2.2)
    response = client.get(TO_DISCARD + "&pick=8H,0S&do=put:8H,0S", headers=EN)
    assert response.status_code == 303 and "#" not in response.headers["Location"]


def test_htmx_shows_the_stage_after_a_click_and_the_news_while_declaring(client):
    bid = client.get("/skat/table?seed=7&game=1&a=18&do=yes", headers=HX)
    assert bid.headers["HX-Reswap"] == "outerHTML show:#table-stage:top"
    toggle = client.get(TO_DISCARD + "&toggle=8H", headers=HX)
    assert toggle.headers["HX-Reswap"] == "outerHTML show:#table-stage:top"
    choose = client.get(TO_DECLARE + "&choose=clubs", headers=HX)
    assert choose.headers["HX-Reswap"] == "outerHTML show:#table-news:top"
    assert 'id="do-declare"' in choose.get_data(as_text=True)


def test_during_the_play_the_stage_fits_the_screen_and_the_news_comes_right_before_the_hand(client):
    codes = coach_codes(7, 1, lambda s: s.phase is Phase.PLAY and s.to_act.value == 0 and len(s.tricks) == 2)
    page = client.get(url_of(7, codes), headers=EN).get_data(as_text=True)
    assert re.search(r'<div id="table-board" class="skat-table phase-play table-fit">', page)
    order = [page.index(f'id="{part}"') for part in ("table-stage", "table-middle", "table-news", "my-seat")]
    assert order == sorted(order)
    declare = client.get(TO_DECLARE, headers=EN).get_data(as_text=True)
    assert 'class="skat-table phase-declare"' in declare, "declaring flows freely (buttons, the check, the hand)"


def test_a_refused_card_is_described_by_its_reason_which_stands_last_in_the_news(client):
    def refusing(state):
        if state.phase is not Phase.PLAY or state.to_act.value != 0 or not state.trick:
            return False
        return len(legal_cards(state.hands[0], [c for _, c in state.trick], state.game)) < len(state.hands[0])

    for seed in range(1, 60):
        codes = coach_codes(seed, 1, refusing)
        state = table_codes.replay(seed, 1, codes)
        if refusing(state):
            break
    hand = state.hands[0]
    card = next(c for c in hand if c not in legal_cards(hand, [c for _, c in state.trick], state.game))
    response = client.get(url_of(seed, codes, do=str(card)), headers=EN)
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert re.search(rf'id="hand-{card}" name="do" value="{card}" aria-describedby="table-problem"', page)
    problem, news_end = page.index('id="table-problem"'), page.index('id="my-seat"')
    assert page.index('id="news-list"') < problem < news_end


def test_the_hand_is_named_by_its_faces_and_not_by_an_aria_label(client):
    codes = coach_codes(7, 1, lambda s: s.phase is Phase.PLAY and s.to_act.value == 0)
    page = client.get(url_of(7, codes), headers=EN).get_data(as_text=True)
    buttons = re.findall(r'<button type="submit" class="t-card hand-card[^>]*>.*?</button>', page, re.S)
    assert len(buttons) == 10
    for button in buttons:
        opening = button[:button.index(">")]
        assert "aria-label" not in opening
        assert re.search(r'<span class="t-face" role="img" aria-label="(Ace|King|Queen|Jack|Ten|Nine|Eight|Seven) of ',
                         button)


def test_the_end_of_a_game_shows_the_verdict_encouragement_and_the_next_step_before_the_table(client):
    codes = coach_codes(7, 1, lambda s: False)
    page = client.get(url_of(7, codes), headers=EN).get_data(as_text=True)
    order = [page.index(f'id="{part}"') for part in
             ("table-news", "result-verdict", "table-cheer", "next-game", "score-steps", "table-middle", "my-seat")]
    assert order == sorted(order)
    cheer = re.search(r'<div class="table-cheer[^"]*" id="table-cheer">(.*?)</div>', page, re.S).group(1)
    assert len(re.findall(r'class="cheer-line"', cheer)) == 2
    assert re.search(r'id="next-game" href="/skat/table\?seed=7&amp;game=2#table-stage"', page)
