"""The page /tichu/round (issue 19, section 2): a whole Tichu round against three bots, kept in the address.

Every phase through the Flask test client, clicked as a browser without JavaScript does (the form's GET, then
the redirect to the clean address), the htmx fragments, and hostile addresses (4xx, the valid moves kept).
Rules cited: Tichu rulebook ("Dealing", "Grand Tichu", "Exchanging cards", "Tichu", "Mah Jong", "Dragon",
"End of a round", "Scoring").
"""

from __future__ import annotations

import html as htmllib
import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from webapp.games.tichu.round import PassTurn, Phase, Play
from webapp.games.tichu.round_codes import action_code
from webapp.games.tichu.rules import DRAGON, TichuCard, bombs, parse_play
from webapp.games.tichu.round_views import MAX_MOVES, replay

EN = {"Accept-Language": "en"}
DE = {"Accept-Language": "de"}
HX = {"HX-Request": "true", "Accept-Language": "en"}
START = "/tichu/round?seed=3&round=1&a=0&b=0"


def text(html: str) -> str:
    """The visible words of a page, one space between them."""
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def hand(html: str) -> list[str]:
    """The child's hand as the page draws it (buttons in the exchange and the play)."""
    return re.findall(r'name="toggle" value="([^"]+)"', html)


def moves_in_form(html: str) -> list[str]:
    return [htmllib.unescape(m) for m in re.findall(r'<input type="hidden" name="m" value="([^"]*)"', html)]


def click(client, url: str, headers=EN, **params) -> tuple[str, str]:
    """One click without JavaScript: the form's GET with ``params``; a move redirects to the clean address,
    which is then shown. Returns (address, page)."""
    target = url + ("&" if "?" in url else "?") + urlencode(params, doseq=True) if params else url
    response = client.get(target, headers=headers)
    if response.status_code == 303:
        target = response.headers["Location"]
        response = client.get(target, headers=headers)
    assert response.status_code == 200, (target, response.status_code, text(response.get_data(as_text=True))[:400])
    return target, response.get_data(as_text=True)


def to_play(client, url: str = START, tichu: bool = False) -> tuple[str, str]:
    """Decline Grand Tichu, pass the first three cards of the hand (optionally calling Tichu first)."""
    url, page = click(client, url, action="no")
    if tichu:
        url, page = click(client, url, action="tichu")
    for card in hand(page)[:3]:
        url, page = click(client, url, toggle=card)
    return click(client, url, action="swap")


def play_out(client, url: str, headers=EN, limit: int = 200) -> tuple[str, str]:
    """Play the round to its end by the coach's first suggestion (or pass when there is none); give a Dragon
    trick to player 2."""
    url, page = click(client, url, headers=headers)
    for _ in range(limit):
        if 'id="round-score"' in page:
            return url, page
        if 'id="round-give-2"' in page:
            url, page = click(client, url, headers=headers, action="give2")
            continue
        choices = re.findall(r'name="choose" value="([^"]+)"', page)
        if choices:
            url, page = click(client, url, headers=headers, choose=htmllib.unescape(choices[0]))
            url, page = click(client, url, headers=headers, action="play")
        else:
            url, page = click(client, url, headers=headers, action="pass")
    raise AssertionError("the round did not end")


# --- Phases -------------------------------------------------------------------------------------------------------
def test_without_a_seed_a_new_deal_gets_its_own_address(client):
    response = client.get("/tichu/round", headers=EN)
    assert response.status_code == 303
    query = parse_qs(urlsplit(response.headers["Location"]).query)
    assert query["round"] == ["1"] and query["seed"][0].isdigit()


def test_grand_tichu_question_after_eight_cards(client):
    """Tichu rulebook, "Grand Tichu": each player decides after seeing 8 cards; the bots decide after the child,
    so nobody has spoken yet."""
    page = client.get(START, headers=EN).get_data(as_text=True)
    assert 'id="round-grand-question"' in page
    assert len(re.findall(r'class="card tichu-card', page)) == 8
    assert "Nobody has said anything yet" in page


def test_the_same_seed_deals_the_same_cards_and_another_seed_other_cards(client):
    first = client.get(START, headers=EN).get_data(as_text=True)
    again = client.get(START, headers=EN).get_data(as_text=True)
    other = client.get(START.replace("seed=3", "seed=4"), headers=EN).get_data(as_text=True)
    cards = lambda page: re.findall(r'aria-label="([^"]+)">', page.split('id="hand-cards"')[1].split("</div>")[0])  # noqa: E731
    assert cards(first) == cards(again) and cards(first) != cards(other)


def test_declining_shows_fourteen_sorted_cards_and_the_bots_reasons(client):
    url, page = click(client, START, action="no")
    assert parse_qs(urlsplit(url).query)["m"] == ["1.no"]
    cards = hand(page)
    assert len(cards) == 14
    order = "D1234567890JQKAPR"  # Dog, Mah Jong, 2 ... Ace, Phoenix, Dragon (Tichu rulebook, the ranks)
    assert [order.index(c[0]) for c in cards] == sorted(order.index(c[0]) for c in cards)
    assert text(page).count("why?") >= 3 and "points of strength" in page
    assert 'id="round-exchange-help"' in page


def test_calling_grand_tichu_shows_the_call(client):
    url, page = click(client, START, action="grand")
    assert 'id="seat-0-call">Grand Tichu<' in page
    assert "Tichu!" not in text(page.split('id="round-actions"')[1].split('id="round-answer"')[0])  # one call a round


def test_exchange_by_tapping_three_cards_then_pass(client):
    """Tichu rulebook, "Exchanging cards": one card to each other player; the cards change hands after all four
    have chosen, and the Mah Jong's owner leads."""
    url, page = click(client, START, action="no")
    picked = hand(page)[:3]
    for card in picked:
        url, page = click(client, url, toggle=card)
    assert parse_qs(urlsplit(url).query)["pick"] == ["".join(picked)]
    assert page.count('class="to-player"') == 3
    url, page = click(client, url, action="swap")
    assert moves_in_form(page)[-1] == "1.swap:" + ",".join(picked)
    assert len(hand(page)) == 14 and not set(picked) & set(hand(page))
    assert 'id="round-received"' in page and "from your partner" in page
    assert "Everyone passes" not in page


def test_a_fourth_card_in_the_exchange_is_refused_with_a_note(client):
    url, page = click(client, START, action="no")
    for card in hand(page)[:4]:
        url, page = click(client, url, toggle=card)
    assert len(parse_qs(urlsplit(url).query)["pick"][0]) >= 3
    assert page.count('class="to-player"') == 3


def test_passing_two_cards_is_refused(client):
    url, page = click(client, START, action="no")
    for card in hand(page)[:2]:
        url, page = click(client, url, toggle=card)
    response = client.get(url + "&action=swap", headers=EN)
    assert response.status_code == 422 and "tap one card for each other player" in response.get_data(as_text=True)


def test_tichu_call_before_the_first_card(client):
    """Tichu rulebook, "Tichu": called before one's first card."""
    url, page = to_play(client, tichu=True)
    assert 'id="seat-0-call">Tichu<' in page
    assert moves_in_form(page)[:2] == ["1.no", "1.tichu"]


def test_a_whole_round_to_the_score_and_the_next_round(client):
    """Tichu rulebook, "End of a round" and "Scoring": the round ends, the score is told step by step, and the
    next round starts from the totals."""
    url, page = to_play(client)
    url, page = play_out(client, url)
    assert 'id="round-score-steps"' in page and "Play the same deal again" in page
    shown = re.search(r"This round: your team (-?\d+), opponents (-?\d+)", text(page))
    assert shown is not None
    nxt = re.search(r'id="round-next" href="([^"]+)"', page)
    assert nxt is not None
    query = parse_qs(urlsplit(htmllib.unescape(nxt.group(1))).query)
    assert (query["round"], query["a"], query["b"]) == (["2"], [shown.group(1)], [shown.group(2)])
    again = re.search(r'id="round-again" href="([^"]+)"', page)
    assert again and "m=" not in again.group(1)


def test_a_whole_round_in_german(client):
    url, page = to_play(client, START.replace("seed=3", "seed=11"))
    url, page = play_out(client, url, headers=DE)
    assert "Die Runde ist vorbei" in page and "Die gleichen Karten noch einmal" in page  # as at the Skat table


def test_the_coach_lists_the_allowed_plays_and_can_be_switched_off(client):
    url, page = to_play(client)
    if 'id="round-coach-list"' not in page:
        pytest.skip("the child is not in turn in this deal")
    assert "You may play:" in page and 'class="card tichu-card' in page and " playable" in page
    off = client.get(url + "&coach=0", headers=EN).get_data(as_text=True)
    assert "You may play:" not in off and " playable" not in off


def test_open_cards_shows_the_other_hands(client):
    url, page = to_play(client)
    assert 'id="seat-2-cards"' not in page
    opened = client.get(url + "&open=1", headers=EN).get_data(as_text=True)
    assert all(f'id="seat-{s}-cards"' in opened for s in (1, 2, 3))
    # each open hand sorted low to high, as the child's own (Tichu rulebook, the ranks: Dog, Mah Jong, 2 ... Ace,
    # Phoenix, Dragon)
    order = ["Dog", "Mah Jong", *map(str, range(2, 11)), "Jack", "Queen", "King", "Ace", "Phoenix", "Dragon"]
    for seat in (1, 2, 3):
        names = re.findall(r'aria-label="([^"]+)"', opened.split(f'id="seat-{seat}-cards"')[1].split("</p>")[0])
        ranks = [order.index(n.split(" of ")[0]) for n in names]
        assert len(ranks) >= 10 and ranks == sorted(ranks)


def _first_follow(seed: int):
    """A deal (seed) where, after declining and passing the first three cards, the child must follow a play."""
    for s in range(seed, seed + 40):
        page = replay(s, 1, (0, 0), ["1.no"])
        cards = sorted(page.state.hand(0), key=lambda c: (c.rank, str(c)))[:3]
        code = "1.swap:" + ",".join(map(str, cards))
        page = replay(s, 1, (0, 0), ["1.no", code])
        trick = page.state.trick
        if page.state.to_act == 0 and trick.top is not None and trick.top.combination.kind.name == "SINGLE" \
                and trick.top.combination.rank >= 3:
            return s, ["1.no", code], page
    raise AssertionError("no such deal")


def test_an_illegal_play_is_refused_with_the_rules_reason_and_the_moves_stay(client):
    """Tichu rulebook, "Play": a single is beaten only by a higher single."""
    seed, codes, page = _first_follow(1)
    top = page.state.trick.top.combination.rank
    low = next((c for c in page.state.hand(0) if 2 <= c.rank <= top), None)
    if low is None:
        pytest.skip("no lower card")
    url = f"/tichu/round?seed={seed}&round=1&a=0&b=0&" + urlencode({"m": codes}, doseq=True)
    response = client.get(url + f"&pick={low}&action=play", headers=EN)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="round-verdict"' in page and "Not allowed" in page and "must be higher" in page
    assert moves_in_form(page) == codes
    assert f'id="hand-{low}"' in page


def test_a_pass_on_lead_is_refused_with_the_reason(client):
    """Tichu rulebook, "Play": the player who leads must play."""
    for seed in range(1, 40):
        page = replay(seed, 1, (0, 0), ["1.no"])
        cards = sorted(page.state.hand(0), key=lambda c: (c.rank, str(c)))[-3:]
        codes = ["1.no", "1.swap:" + ",".join(map(str, cards))]
        page = replay(seed, 1, (0, 0), codes)
        if page.state.to_act == 0 and not page.state.trick.moves:
            break
    else:
        raise AssertionError("no deal where the child leads")
    url = f"/tichu/round?seed={seed}&round=1&a=0&b=0&" + urlencode({"m": codes}, doseq=True)
    response = client.get(url + "&action=pass", headers=EN)
    assert response.status_code == 422 and "Not allowed" in response.get_data(as_text=True)
    assert moves_in_form(response.get_data(as_text=True)) == codes


def test_a_card_in_no_allowed_play_gets_the_coachs_note(client):
    seed, codes, page = _first_follow(1)
    top = page.state.trick.top.combination.rank
    low = next((c for c in page.state.hand(0) if 2 <= c.rank < top and c.rank != 0), None)
    allowed = {c for a in page.state.legal_actions(0) for c in getattr(a, "cards", ())}
    if low is None or low in allowed:
        pytest.skip("no such card")
    url = f"/tichu/round?seed={seed}&round=1&a=0&b=0&" + urlencode({"m": codes}, doseq=True)
    response = client.get(url + f"&toggle={low}", headers=HX)
    assert response.status_code == 200 and "is in none of the plays you may make now" in response.get_data(as_text=True)


def test_the_mah_jong_play_offers_the_wish(client):
    """Tichu rulebook, "Mah Jong": its player may wish a rank."""
    for seed in range(1, 60):
        page = replay(seed, 1, (0, 0), ["1.no"])
        if any(c.rank == 1 for c in page.state.hand(0)):
            break
    cards = [c for c in sorted(page.state.hand(0), key=lambda c: (c.rank, str(c))) if c.rank > 1][-3:]
    codes = ["1.no", "1.swap:" + ",".join(map(str, cards))]
    url = f"/tichu/round?seed={seed}&round=1&a=0&b=0&" + urlencode({"m": codes}, doseq=True)
    page = client.get(url + "&pick=1", headers=EN).get_data(as_text=True)
    assert 'id="round-wish-select"' in page
    url, page = click(client, url, pick="1", action="play", wish="K")
    assert moves_in_form(page)[-1] == "1.play:1:wK"


def _dragon_gift() -> tuple[int, list[str]]:
    """A deal and the child's moves up to a trick the child won with the Dragon (the child plays the Dragon as
    soon as it may, else its first allowed play, else passes)."""
    for seed in range(1, 200):
        page = replay(seed, 1, (0, 0), ["1.no"])
        if not any(c.rank == DRAGON for c in page.state.hand(0)):
            continue
        cards = [c for c in sorted(page.state.hand(0), key=lambda c: (c.rank, str(c))) if c.rank != DRAGON][:3]
        page.apply_code("1.swap:" + ",".join(map(str, cards)))
        while page.state.phase is Phase.PLAY and page.state.to_act == 0 and page.problem is None:
            plays = [a for a in page.state.legal_actions(0) if isinstance(a, Play) and a.wish is None]
            dragon = [a for a in plays if a.cards == (TichuCard(DRAGON),)]
            chosen = (dragon or plays or [PassTurn(0)])[0]
            page.apply_code(action_code(chosen))
        if page.state.phase is Phase.GIFT and page.state.to_act == 0:
            return seed, page.codes
    raise AssertionError("no deal where the child's Dragon wins a trick")


def test_the_dragon_gift_is_asked_of_the_child(client):
    """Tichu rulebook, "Dragon": a trick won with the Dragon is given to an opponent."""
    seed, codes = _dragon_gift()
    url = f"/tichu/round?seed={seed}&round=1&a=0&b=0&" + urlencode({"m": codes}, doseq=True)
    page = client.get(url, headers=EN).get_data(as_text=True)
    assert 'id="round-give-2"' in page and 'id="round-give-4"' in page
    assert client.get(url + "&action=pass", headers=EN).status_code == 422
    url, page = click(client, url, action="give4")
    assert moves_in_form(page)[-1] == "1.dragon:4" and "gives the Dragon trick to player 4" in page


def _wish_obliges() -> tuple[int, list[str]]:
    """A deal and the child's moves up to a turn where the open wish can be fulfilled, so passing is forbidden
    (the child passes whenever it may, else makes its first allowed play)."""
    for seed in range(1, 300):
        page = replay(seed, 1, (0, 0), ["1.no"])
        cards = sorted(page.state.hand(0), key=lambda c: (c.rank, str(c)))[:3]
        page.apply_code("1.swap:" + ",".join(map(str, cards)))
        while page.state.phase is Phase.PLAY and page.state.to_act == 0 and page.problem is None:
            actions = page.state.legal_actions(0)
            if page.state.wish is not None and page.state.trick.moves and PassTurn(0) not in actions:
                return seed, page.codes
            plays = [a for a in actions if isinstance(a, Play) and a.wish is None]
            page.apply_code(action_code(PassTurn(0) if PassTurn(0) in actions else plays[0]))
    raise AssertionError("no deal where the wish obliges the child")


def test_a_pass_the_wish_forbids_is_refused_with_the_reason(client):
    """Tichu rulebook, "Mah Jong": whoever can fulfil the open wish must do so, and may not pass."""
    seed, codes = _wish_obliges()
    url = f"/tichu/round?seed={seed}&round=1&a=0&b=0&" + urlencode({"m": codes}, doseq=True)
    page = client.get(url, headers=EN).get_data(as_text=True)
    assert 'id="round-wish"' in page
    response = client.get(url + "&action=pass", headers=EN)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and 'id="round-verdict"' in page
    assert "wish" in text(page.split('id="round-verdict-steps"')[1].split("</ol>")[0])
    assert moves_in_form(page) == codes


def _bomb_chance() -> tuple[int, list[str]]:
    """A deal and the child's moves up to a moment when an opponent's play is on the table, it is not the
    child's turn, and the child holds a bomb that beats it (the child passes whenever it may)."""
    for seed in range(1, 400):
        page = replay(seed, 1, (0, 0), ["1.no"])
        cards = sorted(page.state.hand(0), key=lambda c: (c.rank, str(c)))
        if not bombs(cards):
            continue
        keep = {c for b in bombs(cards) for c in b.cards}
        page.apply_code("1.swap:" + ",".join(map(str, [c for c in cards if c not in keep][:3])))
        for _ in range(60):
            state = page.state
            if state.phase is not Phase.PLAY or page.problem is not None:
                break
            if state.to_act != 0:
                return seed, page.codes
            actions = state.legal_actions(0)
            plays = [a for a in actions if isinstance(a, Play) and a.wish is None and not bombs(a.cards)]
            page.apply_code(action_code(PassTurn(0) if PassTurn(0) in actions else (plays or [a for a in actions if isinstance(a, Play)])[0]))
    raise AssertionError("no deal where the child may bomb out of turn")


def test_a_bomb_out_of_turn(client):
    """Tichu rulebook, "Bombs": a bomb may be played at any time, also out of turn, on any play it beats. The page
    stops for the child while a bot is in turn; "play on" lets the bots go on; the bomb is played out of turn."""
    seed, codes = _bomb_chance()
    url = f"/tichu/round?seed={seed}&round=1&a=0&b=0&" + urlencode({"m": codes}, doseq=True)
    page = client.get(url, headers=EN).get_data(as_text=True)
    assert 'id="round-bomb-chance"' in page and 'id="round-pass"' not in page
    choices = re.findall(r'name="choose" value="([^"]+)"', page)
    assert choices and all(len(bombs(parse_play(c))) for c in choices)
    later_url, later = click(client, url, action="wait")
    assert moves_in_form(later)[-1] == "1.wait"
    url, page = click(client, url, choose=htmllib.unescape(choices[0]))
    url, page = click(client, url, action="play")
    assert moves_in_form(page)[-1].startswith("1.play:")
    assert "out of turn" in text(page)


def test_waiting_when_there_is_nothing_to_wait_for_is_refused(client):
    response = client.get(START + "&m=1.no&m=1.wait", headers=EN)
    assert response.status_code == 422 and moves_in_form(response.get_data(as_text=True)) == ["1.no"]


# --- htmx -----------------------------------------------------------------------------------------------------------
def test_htmx_swaps_the_board_and_replaces_the_address(client):
    response = client.get(START + "&action=no", headers=HX)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in page and page.lstrip().startswith('<div id="round-board"')
    assert response.headers["HX-Replace-Url"].endswith("&m=1.no")
    assert response.headers["HX-Reswap"].startswith("outerHTML")


def test_htmx_error_keeps_the_address(client):
    response = client.get(START + "&m=1.no&m=zz", headers=HX)
    assert response.status_code == 400 and "HX-Replace-Url" not in response.headers


# --- Hostile addresses ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("query, status, words", [
    ("&m=1.no&m=1.swap:XX,YY,ZZ", 400, "is no move in a Tichu round"),
    ("&m=1.no&m=2.no", 400, "is a move of player 2"),
    ("&m=1.no&m=1.no", 422, "does not fit now"),
    ("&m=1.no&m=1.grand", 422, "does not fit now"),
    ("&m=1.no&m=1.play:R", 422, "does not fit now"),
    ("&m=1.no&m=" + "x" * 5000, 400, "is no move in a Tichu round"),
    ("&m=1.no&m=1.swap:2g,2g,2g", 400, "is no move in a Tichu round"),
    ("&m=1.no&action=nonsense", 400, "This link is broken"),
    ("&m=1.no&toggle=%C2%B2", 400, ""),
    ("&m=1.no&pick=" + "Q" * 3000, 400, ""),
])
def test_bad_moves_answer_4xx_and_keep_the_valid_prefix(client, query, status, words):
    response = client.get(START + query, headers=EN)
    page = response.get_data(as_text=True)
    assert response.status_code == status
    assert words in text(page)
    assert moves_in_form(page) == ["1.no"]


@pytest.mark.parametrize("query", ["seed=abc", "seed=" + "9" * 5000, "seed=-1", "seed=%D9%A3", "round=0",
                                   "round=1000", "a=99999999", "b=x", "round=%00"])
def test_bad_numbers_answer_400_and_name_the_field(client, query):
    name = query.split("=")[0]
    base = "&".join(p for p in START.split("?")[1].split("&") if not p.startswith(name + "="))
    response = client.get(f"/tichu/round?{base}&{query}&m=1.no", headers=EN)
    assert response.status_code == 400 and "is not a whole number" in text(response.get_data(as_text=True))


def test_too_many_moves_are_refused_with_a_message(client):
    """More moves than a round can have: refused before any replay (issue 34), the deal shown again."""
    response = client.get(START + "&" + urlencode({"m": ["1.no"] + ["1.pass"] * (MAX_MOVES + 5)}, doseq=True),
                          headers=EN)
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and moves_in_form(page) == []
