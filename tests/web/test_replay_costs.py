"""What a game link may cost (issue 34, findings 5 and 6): the work a request does is counted, never timed
(the CPU times are measured by ``benchmarks/worst_inputs.py``).

* ``/skat/table`` replays every move of its link, and each bot bid asks the bidding coach for the bot's limit: the
  coach's advice is memoised by hand, so a request computes it at most once a hand (3 hands a deal).
* A move list longer than a game can have, and a click (``do=``) that names no move, are refused (400) before any
  move is replayed; so is a ``/tichu/round`` address with more moves than a round can have.
* ``/tichu/round`` searches a hand's combinations only for the seat in turn (out of turn only bombs may be played),
  and computes each hand's bombs once.
* ``POST /skat/score`` refuses a field longer than a score sheet's (400, the form kept, cut).
* The replaying game pages have a per-address rate limit (``GAME_LIMIT``).
"""

from __future__ import annotations

from collections import Counter
from urllib.parse import urlencode

import pytest

from webapp.games.skat import coach, table_views
from webapp.games.skat.official import TRUMP_GAMES
from webapp.games.skat.table import seat_of
from webapp.games.skat.table_codes import bot_game_codes
from webapp.games.tichu import round_plays, round_views
from webapp.games.tichu.round import Phase as RoundPhase
from webapp.games.tichu.round import deal as tichu_deal

EN = {"Accept-Language": "en"}
#: A deal with a bot that bids up to 120: the child (forehand in game 1) holding every bid makes 109 moves.
LONG_SEED = 1120
#: A Tichu deal whose round takes the child 52 moves (passing whenever it may).
TICHU_SEED = 273


def _longest_skat_link() -> tuple[str, list[str]]:
    _, codes = bot_game_codes(LONG_SEED, 1, holder=seat_of(table_views.CHILD, 1))
    return f"/skat/table?seed={LONG_SEED}&game=1&a={'.'.join(codes)}", codes


@pytest.fixture
def replayed(monkeypatch) -> Counter:
    """Counts the moves the Skat table replays (:meth:`TableGame.apply`) and the Tichu round's moves of the child
    (:meth:`RoundPage.apply_code`)."""
    counts: Counter = Counter()
    for owner, name, key in ((table_views.TableGame, "apply", "skat"), (round_views.RoundPage, "apply_code", "tichu")):
        original = getattr(owner, name)

        def counted(self, *args, _original=original, _key=key, **kwargs):
            counts[_key] += 1
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(owner, name, counted)
    return counts


def test_the_table_asks_the_coach_once_a_hand(client, monkeypatch):
    """Was 39 coach calls (x 5 trump games x 231 skats) for the longest link; now each of the deal's 3 hands once."""
    link, codes = _longest_skat_link()
    assert len(codes) > 100
    computed = Counter()
    original = coach._coach_trump_game

    def counted(game, hand, skat, unknown):
        computed[frozenset(hand)] += 1
        return original(game, hand, skat, unknown)

    monkeypatch.setattr(coach, "_coach_trump_game", counted)
    coach._advice.cache_clear()
    response = client.get(link, headers=EN)
    assert response.status_code == 200
    assert len(computed) <= 3 and set(computed.values()) == {len(TRUMP_GAMES)}
    computed.clear()
    assert client.get(link, headers=EN).status_code == 200
    assert not computed  # the same deal again: all remembered


def test_the_memoised_advice_is_the_callers_hand():
    """The memo keys a hand by its cards (in deck order), and gives each caller its hand in the caller's order."""
    hand = table_views.deal(LONG_SEED).hands[1]
    backwards = tuple(reversed(hand))
    first, second = coach.bidding_coach(hand), coach.bidding_coach(backwards)
    assert first.hand == tuple(hand) and second.hand == backwards
    assert first.games == second.games and first.best == second.best and first.steps == second.steps


def test_a_bad_click_is_refused_before_the_replay(client, replayed):
    link, codes = _longest_skat_link()
    response = client.get(link + "&do=" + "x" * 30, headers=EN)
    assert response.status_code == 400
    assert "xxxx" in response.get_data(as_text=True)  # the bad code is named
    assert replayed["skat"] == 0


def test_more_moves_than_a_game_has_are_refused_before_the_replay(client, replayed):
    codes = _longest_skat_link()[1]
    moves = (codes * 2)[:table_views.MAX_CODES + 1]
    response = client.get(f"/skat/table?seed={LONG_SEED}&game=1&a={'.'.join(moves)}", headers=EN)
    assert response.status_code == 400
    assert "more moves than a game can have" in response.get_data(as_text=True)
    assert replayed["skat"] == 0


def test_a_good_click_still_replays_the_game(client, replayed):
    link, codes = _longest_skat_link()
    short = link.rsplit(".", 30)[0]
    response = client.get(short + "&do=" + codes[-30], headers=EN)
    assert response.status_code == 303 and replayed["skat"] >= len(codes) - 30


def test_a_round_with_more_moves_than_a_round_has_is_refused_before_the_replay(client, replayed):
    codes = round_views.long_round_codes(TICHU_SEED)
    replayed.clear()
    assert len(codes) <= round_views.MAX_MOVES
    extra = ["1.pass"] * (round_views.MAX_MOVES + 1 - len(codes))
    query = urlencode({"seed": TICHU_SEED, "round": 1, "a": 0, "b": 0, "m": codes + extra}, doseq=True)
    response = client.get(f"/tichu/round?{query}", headers=EN)
    assert response.status_code == 400
    assert "more than a round can have" in response.get_data(as_text=True)
    assert replayed["tichu"] == 0


def test_the_longest_round_is_replayed_whole(client, replayed):
    codes = round_views.long_round_codes(TICHU_SEED)
    replayed.clear()
    query = urlencode({"seed": TICHU_SEED, "round": 1, "a": 0, "b": 0, "m": codes}, doseq=True)
    response = client.get(f"/tichu/round?{query}", headers=EN)
    assert response.status_code == 200 and replayed["tichu"] == len(codes)


def test_out_of_turn_only_the_bombs_are_searched(monkeypatch):
    """Out of turn only a bomb may be played (Tichu rulebook, "Bombs"): the hand's other combinations are not
    searched for a seat that is not in turn, and the legal actions are the same as before."""
    state = tichu_deal(5, 1)
    while state.phase is not RoundPhase.PLAY:
        from webapp.games.tichu.round_bots import next_bot_move
        state = state.apply(next_bot_move(state)[1].action)
    waiting = [s for s in range(4) if s != state.to_act]
    expected = {s: state.legal_actions(s) for s in waiting}

    def refuse(*args, **kwargs):
        raise AssertionError("a seat out of turn needs no combinations but bombs")

    from webapp.games.tichu import round as tichu_round
    monkeypatch.setattr(tichu_round, "hand_combinations", refuse)
    assert {s: state.legal_actions(s) for s in waiting} == expected


def test_a_round_computes_each_hands_bombs_once(client, monkeypatch):
    """The replay asks for the bombs of the same hands on every move (about 1,400 times for 52 moves)."""
    seen: Counter = Counter()
    original = round_plays.bombs

    def counted(hand):
        seen[tuple(hand)] += 1
        return original(hand)

    monkeypatch.setattr(round_plays, "bombs", counted)
    round_plays._bombs.cache_clear()
    codes = round_views.long_round_codes(TICHU_SEED)
    seen.clear()
    round_plays._bombs.cache_clear()
    query = urlencode({"seed": TICHU_SEED, "round": 1, "a": 0, "b": 0, "m": codes}, doseq=True)
    assert client.get(f"/tichu/round?{query}", headers=EN).status_code == 200
    assert seen and max(seen.values()) == 1


def test_a_score_sheet_field_too_long_is_refused_unread(client, monkeypatch):
    """400 KB of cards cost 95 ms (split and echoed back); a field longer than a sheet's is refused unread."""
    from webapp.games.skat import score_views

    def refuse(*args, **kwargs):
        raise AssertionError("the cards are not read")

    monkeypatch.setattr(score_views.skat, "parse_hand", refuse)
    game = {"declarer": "0", "game": "grand", "bid": "18", "points": "61", "tricks": "4",
            "cards": "JC," * 130_000, "skat": "7D,8D"}
    response = client.post("/skat/score", data=game, headers=EN)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "far too long for this form" in page and "at most 80 characters" in page
    assert "JC," * 26 + "JC" in page and "JC," * 28 not in page  # the form kept, cut
    assert len(page) < 100_000


def test_a_whole_hand_written_long_still_fits(client):
    cards = ", ".join(f"10{s}" for s in "CSHD") + ", JC, JS, JH, JD, AC, KC"
    assert len(cards) <= 80
    game = {"declarer": "0", "game": "grand", "bid": "18", "points": "61", "tricks": "4", "cards": cards,
            "skat": "7D, 8D"}
    assert client.post("/skat/score", data=game, headers=EN).status_code == 303


@pytest.mark.parametrize("url", ["/skat/table?seed=3&game=1", "/tichu/round?seed=3&round=1&a=0&b=0",
                                 "/tichu/trick?lesson=full", "/skat/table/analysis?seed=3&game=1&a=pass"])
def test_a_flood_of_game_pages_is_refused(app, client, url):
    app.config["GAME_LIMIT"] = "5 per minute"
    statuses = Counter(client.get(url, headers=EN).status_code for _ in range(8))
    assert statuses[429] == 3 and sum(statuses.values()) == 8
    refused = client.get(url, headers={**EN, "HX-Request": "true", "HX-Target": "table"})
    assert refused.status_code == 429 and refused.headers["HX-Reswap"] == "none"  # htmx: the page stays
    assert "Too many tries from this network" in refused.get_data(as_text=True)
    assert 1 <= int(refused.headers["Retry-After"]) <= 61


def test_the_game_limit_lets_a_class_play(app, client):
    """1,200 a minute: 30 children behind one address, a move every 3 s, each with its redirect."""
    assert app.config["GAME_LIMIT"] == "1200 per minute"
    statuses = Counter(client.get("/tichu/trick?lesson=full", headers=EN).status_code for _ in range(300))
    assert statuses == {200: 300}
