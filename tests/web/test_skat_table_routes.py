"""The Skat table page (/skat/table): each phase by clicking without JavaScript, htmx fragments, hostile URLs.

The rules under the page are the engine's (ISkO 3.2 bidding, 3.3 skat, 3.4 declaration, 2.3 following suit,
5.2-5.4 score); these tests check that the page lets a child make those moves and says why when it refuses one.
"""

from __future__ import annotations

import html as htmllib
import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from webapp.games.skat import bots, table_codes
from webapp.games.skat.play import legal_cards
from webapp.games.skat.table import Phase, Play, seat_of
from webapp.games.skat.table_views import MAX_CODES

EN = {"Accept-Language": "en"}
HX = {"HX-Request": "true", **EN}


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def add(url: str, **params: str) -> str:
    """``url`` with ``params`` added to its query (as a form's button would send them)."""
    return url + ("&" if "?" in url else "?") + urlencode(params)


def codes_of(url: str) -> list[str]:
    text = query(url).get("a", "")
    return [c for c in text.split(".") if c]


def hidden(page: str, name: str) -> str | None:
    found = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    return htmllib.unescape(found.group(1)) if found else None


def text(page: str) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", page)))


def click(client, url: str, **params) -> tuple[str, str]:
    """One click without JavaScript: the 303 to the canonical URL, followed. Returns (final URL, page)."""
    response = client.get(add(url, **params), headers=EN)
    assert response.status_code == 303, (response.status_code, text(response.get_data(as_text=True))[:400])
    location = response.headers["Location"]
    page = client.get(location, headers=EN)
    assert page.status_code == 200
    return location, page.get_data(as_text=True)


def start(client, seed: int, game: int = 1) -> tuple[str, str]:
    response = client.get(f"/skat/table?seed={seed}&game={game}", headers=EN)
    if response.status_code == 303:  # the bots moved first
        location = response.headers["Location"]
        return location, client.get(location, headers=EN).get_data(as_text=True)
    assert response.status_code == 200
    return f"/skat/table?seed={seed}&game={game}", response.get_data(as_text=True)


def state_of(url: str):
    q = query(url)
    return table_codes.replay(int(q["seed"]), int(q["game"]), codes_of(url))


def coach_move(url: str) -> str:
    """The move the bots' rules make for the child's seat (what the coach suggests)."""
    return table_codes.action_code(bots.bot_move(state_of(url)).action)


def test_without_a_seed_a_new_deal_is_chosen(client):
    response = client.get("/skat/table", headers=EN)
    assert response.status_code == 303
    q = query(response.headers["Location"])
    assert q["game"] == "1" and q["seed"].isdigit()


def test_a_whole_game_by_clicking_without_javascript(client):
    """From the first bid to the score, each click a plain link/form (303 to the game's URL)."""
    url, page = start(client, 3)
    clicks = 0
    while state_of(url).phase not in (Phase.DONE, Phase.THROWN_IN):
        state = state_of(url)
        assert state.to_act == seat_of(0, 1), "the page waits for the child only"
        move = coach_move(url)
        if state.phase is Phase.DISCARD:  # discard by tapping two cards, then "put away"
            first, second = move[4:].split(",")
            url, page = click(client, url, toggle=first)
            url, page = click(client, url, toggle=second)
            assert query(url)["pick"] == f"{first},{second}"
            assert 'id="do-put"' in page
        url, page = click(client, url, do=move)
        clicks += 1
        assert clicks < 40
    final = state_of(url)
    assert final.phase is Phase.DONE
    assert 'id="table-result"' in page and 'id="score-steps"' in page
    assert re.search(r'id="result-score">([+-]\d+)<', page).group(1) == f"{final.score.score:+d}"
    assert 'id="next-game"' in page and "game=2" in re.search(r'id="next-game" href="([^"]+)"', page).group(1)
    assert 'id="same-deal"' in page
    assert 'id="table-sheet"' in page
    # every bot move shown came with its reason
    assert "Why?" in page


def test_the_page_stays_the_same_after_a_reload(client):
    url, page = start(client, 5)
    url, page = click(client, url, do=coach_move(url))
    again = client.get(url, headers=EN)
    assert again.status_code == 200
    assert hidden(again.get_data(as_text=True), "a") == hidden(page, "a")


def _to_play_phase(client, seed: int) -> tuple[str, str]:
    url, page = start(client, seed)
    while state_of(url).phase not in (Phase.PLAY, Phase.DONE, Phase.THROWN_IN):
        url, page = click(client, url, do=coach_move(url))
    return url, page


def _refusable(client):
    """A URL where the child must follow suit and holds a card that may not be played."""
    for seed in range(1, 40):
        url, page = _to_play_phase(client, seed)
        while state_of(url).phase is Phase.PLAY:
            state = state_of(url)
            hand = state.hands[state.to_act.value]
            trick = [c for _, c in state.trick]
            allowed = legal_cards(hand, trick, state.game)
            if trick and len(allowed) < len(hand):
                return url, page, next(c for c in hand if c not in allowed), state
            url, page = click(client, url, do=coach_move(url))
    pytest.fail("no deal where a card is refused")


def test_a_forbidden_card_is_drawn_not_playable_and_a_tap_says_why(client):
    """ISkO 2.3: a player who can follow the led suit (trump counts as a suit) must."""
    url, page, card, state = _refusable(client)
    assert re.search(rf'class="[^"]*not-playable[^"]*" id="hand-{card}"', page)
    response = client.get(add(url, **{"do": str(card)}), headers=EN)
    assert response.status_code == 409
    refused = response.get_data(as_text=True)
    assert "You must follow" in text(refused) or "is a trump, not a card of" in text(refused)
    assert hidden(refused, "a") == ".".join(codes_of(url)), "the game before the tap is kept"
    assert re.search(rf'class="[^"]*refused[^"]*" id="hand-{card}"', refused)


def test_bidding_buttons_and_the_coach(client):
    url, page = start(client, 3)
    state = state_of(url)
    assert state.phase is Phase.AUCTION
    assert 'id="do-pass"' in page and ('id="do-yes"' in page or 'id="do-bid"' in page)
    assert 'id="table-coach"' in page and "safe" in text(page)
    off = client.get(url + "&coach=0", headers=EN).get_data(as_text=True)
    assert 'id="table-coach"' not in off


def test_open_cards_show_the_bots_hands(client):
    url, page = start(client, 3)
    assert 'id="seat-1-cards"' not in page
    url, page = click(client, url, set_open="1")
    assert query(url)["open"] == "1" and 'id="seat-1-cards"' in page and 'id="seat-2-cards"' in page


def test_htmx_gets_the_board_alone_with_the_new_address(client):
    url, _ = start(client, 3)
    response = client.get(add(url, **{"do": coach_move(url)}), headers=HX)
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="table-board"') and "<html" not in body
    assert "a=" in response.headers["HX-Replace-Url"]
    assert len(codes_of(response.headers["HX-Replace-Url"])) > len(codes_of(url))


def test_the_child_as_middlehand_bids_too_high_and_is_warned_before_declaring(client):
    """ISkO 5.4: a game whose value stays below the bid is lost as overbid; the coach says so before."""
    url, page = start(client, 11, game=3)  # game 3: the child is middlehand and says bids first
    assert state_of(url).to_act == seat_of(0, 3)
    url, page = click(client, url, do="120")
    state = state_of(url)
    if state.declarer != seat_of(0, 3):
        pytest.skip("a bot held 120 with this deal")
    url, page = click(client, url, do="skat")
    hand = state_of(url).hands[seat_of(0, 3).value]
    url, page = click(client, url, do=f"put:{hand[0]},{hand[1]}")
    assert state_of(url).phase is Phase.DECLARE and 'id="choose-diamonds"' in page
    preview = client.get(add(url, **{"choose": "diamonds"}), headers=EN)
    assert preview.status_code == 200
    body = preview.get_data(as_text=True)
    assert "overbid-risk" in body and "It would be lost as overbid" in text(body)
    assert 'id="do-declare"' in body
    # Null after 120 is not allowed at all: refused with the reason, the game kept
    refused = client.get(add(url, **{"choose": "null"}), headers=EN)
    assert refused.status_code == 409


def test_a_bad_code_answers_400_and_keeps_the_moves_before(client):
    url, _ = start(client, 3)
    good = codes_of(url)
    response = client.get(url.replace("a=", "a=") + ".XX.yes", headers=EN)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "is no move at the Skat table" in text(page)
    assert hidden(page, "a") == ".".join(good)


def test_a_forged_bot_move_is_refused(client):
    """The bots' moves in the URL must be the moves their rules make."""
    state = table_codes.replay(3, 1, [])
    move = table_codes.action_code(bots.bot_move(state).action)
    other = "pass" if move != "pass" else "18"
    response = client.get(f"/skat/table?seed=3&game=1&a={other}", headers=EN)
    assert response.status_code == 409
    assert "plays by the bots’ rules" in text(response.get_data(as_text=True))


@pytest.mark.parametrize("params, status, words", [
    ("seed=abc", 400, "is no deal number"),
    ("seed=%C2%B2", 400, "is no deal number"),
    ("seed=-4", 400, "is no deal number"),
    ("seed=1234567890", 400, "is no deal number"),
    ("seed=3&game=0", 400, "is no game number"),
    ("seed=3&game=100", 400, "is no game number"),
    ("seed=3&game=x", 400, "is no game number"),
    ("seed=3&a=" + ".".join(["pass"] * (MAX_CODES + 1)), 400, "more moves than a game can have"),
    ("seed=3&a=" + "x" * 50000, 400, ""),
    ("seed=3&do=JC", 409, ""),
    ("seed=3&toggle=JC", 409, ""),
    ("seed=3&toggle=ZZ", 409, ""),
    ("seed=3&choose=grand", 200, ""),
    ("seed=3&pick=%00", 200, ""),
])
def test_hostile_urls_answer_4xx_never_500(client, params, status, words):
    response = client.get(f"/skat/table?{params}", headers=EN)
    if status == 200 and response.status_code == 303:
        response = client.get(response.headers["Location"], headers=EN)
    assert response.status_code == status
    assert words in text(response.get_data(as_text=True))


def test_moves_after_the_end_are_refused(client):
    state = table_codes.replay(3, 1, [])
    codes = []
    while state.to_act is not None:
        action = bots.bot_move(state).action
        codes.append(table_codes.action_code(action))
        state = state.apply(action)
    response = client.get(f"/skat/table?seed=3&game=1&a={'.'.join(codes)}.pass", headers=EN)
    assert response.status_code == 409
    assert "The game is over" in text(response.get_data(as_text=True))
    assert hidden(response.get_data(as_text=True), "a") == ".".join(codes)


def test_a_whole_game_fits_the_bound():
    """The longest auction (every valid bid said and held) plus the skat, declaration and 30 cards fits."""
    from webapp.games.skat.bids import VALID_BIDS
    longest = 2 * len(VALID_BIDS) + 2 + 3 + 30  # each bid and its "yes", two passes, skat + put + declare
    assert longest <= MAX_CODES


def test_a_thrown_in_game_ends_with_links_to_go_on(client):
    """ISkO 3.2: when all three pass, the game is thrown in."""
    for seed in range(1, 60):
        url, page = start(client, seed)
        state = state_of(url)
        if state.phase is Phase.AUCTION and all(c.word == "pass" for c in state.auction.calls):
            url, page = click(client, url, do="pass")
            if state_of(url).phase is Phase.THROWN_IN:
                assert 'id="next-game"' in page and "thrown in" in text(page)
                return
    pytest.fail("no thrown-in deal found")


def test_german(client):
    url, _ = start(client, 3)
    page = client.get(url, headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Passe" in page and "Vorhand" in page


def test_a_card_tap_in_play_uses_the_engine_move(client):
    url, page = _to_play_phase(client, 7)
    state = state_of(url)
    if state.phase is not Phase.PLAY:
        pytest.skip("the game ended before play")
    move = bots.bot_move(state).action
    assert isinstance(move, Play)
    url, page = click(client, url, do=str(move.card))
    assert str(move.card) in codes_of(url)


@pytest.mark.parametrize("code", ["¹", "٣", "²0", "9" * 5000])
def test_a_bid_in_other_digits_is_a_notation_error_not_a_crash(client, code):
    """``str.isdigit`` says yes to "¹" and "٣" that ``int`` refuses or reads (and ``int`` refuses 5000 digits):
    a move code is read with ASCII digits only, and a bad one is a 400 naming it (found by the route fuzzer)."""
    from webapp.core.steps import NotationError

    with pytest.raises(NotationError):
        table_codes.parse_action(code)
    response = client.get(f"/skat/table?seed=3&game=1&a={code}", headers=EN)
    assert response.status_code == 400


def _finish_with_bots(state):
    while state.to_act is not None:
        state = state.apply(bots.bot_move(state).action)
    return state


def test_what_went_wrong_names_the_overbid():
    """ISkO 5.4: a game whose value stays below the bid is lost as overbid, whatever the card points."""
    from webapp.games.skat.table_text_views import what_went_wrong

    child = seat_of(0, 3)
    for seed in range(1, 40):
        state = table_codes.replay(seed, 3, ["120"])  # game 3: the child (middlehand) says 120 at once
        while state.phase is Phase.AUCTION and state.to_act != child:
            state = state.apply(bots.bot_move(state).action)
        if state.phase is not Phase.SKAT or state.declarer != child:
            continue
        hand = state.apply(table_codes.parse_action("skat")).hands[child.value]
        state = state.apply(table_codes.parse_action("skat")).apply(table_codes.parse_action(f"put:{hand[0]},{hand[1]}"))
        state = _finish_with_bots(state.apply(table_codes.parse_action("diamonds")))
        assert state.score.overbid
        codes = [s.code for s in what_went_wrong(state)]
        assert codes[0] == "skat.table.page.wrong.overbid"
        assert what_went_wrong(state)[0]["bid"] == 120
        return
    pytest.fail("no deal where the child declares at 120")


def test_a_won_game_has_nothing_wrong():
    from webapp.games.skat.table_text_views import what_went_wrong

    for seed in range(1, 30):
        state = _finish_with_bots(table_codes.replay(seed, 1, []))
        if state.phase is Phase.DONE and state.score.won:
            assert what_went_wrong(state) == ()
            return
    pytest.fail("no won game found")


def test_the_hand_is_sorted_by_the_declared_game():
    """ISkO 2.3: in a suit game the jacks (JC JS JH JD) and then A 10 K Q 9 8 7 of the trump suit are trumps;
    in Null there are no trumps and each suit runs A K Q J 10 9 8 7."""
    from webapp.games.skat.official import GameType
    from webapp.games.skat.rules import parse_cards
    from webapp.games.skat.table_text_views import sort_hand

    cards = parse_cards("7H JD AS 0H JC KS QH 8D")
    assert [str(c) for c in sort_hand(cards, GameType.HEARTS)] == ["JC", "JD", "0H", "QH", "7H", "AS", "KS", "8D"]
    assert [str(c) for c in sort_hand(cards, GameType.NULL)] == ["JC", "AS", "KS", "QH", "0H", "7H", "JD", "8D"]
    assert [str(c) for c in sort_hand(cards, None)][:2] == ["JC", "JD"]


def test_the_trick_reason_names_the_highest_trump_or_the_led_suit():
    """ISkO 2.3: the highest trump wins; without trump the highest card of the led suit."""
    from webapp.games.skat.official import GameType
    from webapp.games.skat.play import Seat
    from webapp.games.skat.rules import parse_card
    from webapp.games.skat.table import Trick
    from webapp.games.skat.table_text_views import trick_reason

    F, M, R = Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND
    trumped = Trick(((F, parse_card("AS")), (M, parse_card("7C")), (R, parse_card("0S"))), M)
    step = trick_reason(trumped, GameType.CLUBS, F, "Lea")
    assert step.code == "skat.table.page.trick_trump" and str(step["card"]) == "7C" and step["points"] == 21
    by_suit = Trick(((F, parse_card("KS")), (M, parse_card("0H")), (R, parse_card("AS"))), R)
    assert trick_reason(by_suit, GameType.CLUBS, R, "you").code == "skat.table.page.trick_suit_you"
    assert trick_reason(by_suit, GameType.NULL, R, "you").code == "skat.table.page.trick_null_you"


@pytest.mark.parametrize("sheet", [
    "junk", {"s": 3, "g": "x"}, {"s": 3, "g": [[1, 5, "clubs", 18, 24]]}, {"s": 3, "g": [[1, 0, "bogus", 18, 24]]},
    {"s": 3, "g": [[1, 0, "clubs", 19, 24]]}, {"s": 3, "g": [[0, 0, "clubs", 18, 24], None, [1, 0, "clubs", 18]]},
    {"s": 4, "g": [[1, 0, "clubs", 18, 24]]},
])
def test_a_score_sheet_the_page_never_writes_is_dropped_not_a_500(client, sheet):
    with client.session_transaction() as session:
        session["skat_table"] = sheet
    url, _ = start(client, 3)
    response = client.get(url, headers=EN)
    assert response.status_code == 200
    assert 'id="sheet"' not in response.get_data(as_text=True), "no line of the bad sheet is shown"


def test_the_sheet_keeps_one_line_a_game_and_the_totals(client):
    """ISkO 5.3: each game's score is entered for its declarer; playing a game again replaces its line."""
    state = _finish_with_bots(table_codes.replay(3, 1, []))
    url = "/skat/table?seed=3&game=1&a=" + ".".join(_codes_of_game(3, 1))
    for _ in range(2):  # the same finished game shown twice is entered once
        page = client.get(url, headers=EN).get_data(as_text=True)
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>', page)
    assert rows == ["1"]
    declarer = next(p for p in range(3) if seat_of(p, 1) == state.declarer)
    assert re.search(rf'id="sheet-total-{declarer}">(-?\d+)<', page).group(1) == str(state.score.score)


def _codes_of_game(seed: int, game: int) -> list[str]:
    state, codes = table_codes.replay(seed, game, []), []
    while state.to_act is not None:
        action = bots.bot_move(state).action
        codes.append(table_codes.action_code(action))
        state = state.apply(action)
    return codes
