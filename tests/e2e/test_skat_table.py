"""The Skat table (/skat/table) in Chromium: a whole game by tapping, from the first bid to the score, on a tablet
and a phone (English and German); a forbidden card refused with the rule's reason; the same without JavaScript.

The test decides each move as the coach would (the bots' rules for the child's seat, from the engine), then taps
the button or card that makes it. Screenshots: test-artifacts/screenshots/skat-table/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from webapp.games.skat import bots, table_codes
from webapp.games.skat.play import legal_cards
from webapp.games.skat.table import Declare, Discard, Phase, Play
from webapp.games.skat.table_codes import action_code

from .conftest import SCREENSHOTS
from .helpers import assert_in_view, assert_layout, htmx_click

pytestmark = pytest.mark.e2e

SHOTS = SCREENSHOTS / "skat-table"
TABLET = {"width": 768, "height": 1024}
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1920, "height": 1080}
#: Deal 7, game 1: the child (forehand) wins the bidding, so the skat, the discard and the declaration come up.
SEED = 7


def board_state(page: Page, seed: int | None = None):
    """The game the page shows, replayed from its form's hidden fields (what the next tap sends); ``seed``: the
    deal's table seed where the page does not show it (a class round)."""
    board = page.locator("#table-board")
    if seed is None:
        seed = int(board.locator("input[name=seed]").get_attribute("value"))
    game = int(board.locator("input[name=game]").get_attribute("value"))
    codes = board.locator("input[name=a]")
    text = codes.get_attribute("value") if codes.count() else ""
    return table_codes.replay(seed, game, [c for c in text.split(".") if c])


def tap(page: Page, selector: str, js: bool) -> None:
    button = page.locator(selector)
    button.scroll_into_view_if_needed()
    if js:
        htmx_click(page, button)
    else:
        with page.expect_navigation():
            button.click()


def make_move(page: Page, js: bool = True, seed: int | None = None) -> None:
    """Tap what makes the coach's move for the child now (``seed``: as for :func:`board_state`)."""
    state = board_state(page, seed)
    action = bots.bot_move(state).action
    code = action_code(action)
    if state.phase is Phase.AUCTION:
        tap(page, "#do-pass" if code == "pass" else "#do-yes" if code == "yes" else "#do-bid", js)
    elif state.phase is Phase.SKAT:
        tap(page, "#do-skat" if code == "skat" else "#do-hand", js)
    elif isinstance(action, Discard):
        for card in action.cards:
            tap(page, f"#hand-{card}", js)
            expect(page.locator(f"#hand-{card}")).to_have_attribute("aria-pressed", "true")
        tap(page, "#do-put", js)
    elif isinstance(action, Declare):
        tap(page, f"#choose-{code}", js)
        expect(page.locator("#declare-check")).to_be_visible()
        tap(page, "#do-declare", js)
    else:
        assert isinstance(action, Play)
        tap(page, f"#hand-{action.card}", js)


def play_whole_game(page: Page, name: str, js: bool = True) -> None:
    seen = set()
    for _ in range(60):
        state = board_state(page)
        if state.phase in (Phase.DONE, Phase.THROWN_IN):
            break
        if state.phase not in seen:
            seen.add(state.phase)
            page.screenshot(path=str(SHOTS / f"{name}-{state.phase.value}.png"), full_page=True)
        make_move(page, js)
        if js:
            assert_in_view(page, page.locator("#table-news"), "what happened after the tap")
    assert board_state(page).phase is Phase.DONE
    assert {Phase.AUCTION, Phase.SKAT, Phase.DISCARD, Phase.DECLARE, Phase.PLAY} <= seen
    expect(page.locator("#result-score")).to_have_text(re.compile(r"^[+-]\d+$"))
    expect(page.locator("#score-steps li").first).to_be_visible()
    expect(page.locator("#next-game")).to_be_visible()
    page.screenshot(path=str(SHOTS / f"{name}-done.png"), full_page=True)


@pytest.mark.parametrize(("screen", "size", "locale"), [
    ("tablet", TABLET, "en-US"), ("phone", PHONE, "en-US"), ("tablet-de", TABLET, "de-DE"), ("phone-de", PHONE, "de-DE"),
])
def test_a_whole_game_by_tapping(new_page, screen, size, locale):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = new_page(viewport=size, locale=locale, has_touch=True, is_mobile=size["width"] < 500)
    page.goto(f"/skat/table?seed={SEED}&game=1")
    expect(page.locator("#my-hand .hand-card")).to_have_count(10)
    assert_in_view(page, page.locator("#do-pass"), "the bidding buttons on first view")
    assert_layout(page, touch=True, what=f"the table at {screen}")
    play_whole_game(page, screen)
    assert_layout(page, touch=True, what=f"the score at {screen}")
    # the next game: the dealer rotates, so the child now sits in rearhand
    page.locator("#next-game").click()
    expect(page.locator("#table-title")).to_contain_text("2")
    expect(page.locator("#my-seat-title")).to_contain_text("rearhand" if locale == "en-US" else "Hinterhand")


def refusing_url(tricks_before: int = 0) -> str:
    """A game where the child must follow suit and holds a card that may not be played (ISkO 2.3), after at least
    ``tricks_before`` finished tricks."""
    for seed in range(1, 60):
        state = table_codes.replay(seed, 1, [])
        codes: list[str] = []
        while state.to_act is not None:
            if state.phase is Phase.PLAY and state.to_act.value == 0 and state.trick \
                    and len(state.tricks) >= tricks_before:
                hand = state.hands[0]
                if len(legal_cards(hand, [c for _, c in state.trick], state.game)) < len(hand):
                    return f"/skat/table?seed={seed}&game=1&a={'.'.join(codes)}"
            action = bots.bot_move(state).action
            codes.append(action_code(action))
            state = state.apply(action)
    raise AssertionError("no deal where a card is refused")


@pytest.mark.parametrize(("screen", "size"), [("tablet", TABLET), ("phone", PHONE)])
def test_a_forbidden_card_is_refused_with_the_reason(new_page, browser_errors, screen, size):
    browser_errors.allow_status(409)
    page = new_page(viewport=size, has_touch=True, is_mobile=size["width"] < 500)
    page.goto(refusing_url())
    state = board_state(page)
    hand = state.hands[0]
    allowed = legal_cards(hand, [c for _, c in state.trick], state.game)
    card = next(c for c in hand if c not in allowed)
    button = page.locator(f"#hand-{card}")
    expect(button).to_have_class(re.compile(r"\bnot-playable\b"))
    before = page.locator("input[name=a]").get_attribute("value")
    tap(page, f"#hand-{card}", js=True)
    problem = page.locator("#table-news .problem")
    expect(problem).to_contain_text(re.compile(r"You must follow|is a trump, not a card of"))
    assert_in_view(page, problem, "the reason of the refusal")
    assert page.locator("input[name=a]").get_attribute("value") == before, "the game is kept"
    expect(page.locator(f"#hand-{card}")).to_have_class(re.compile(r"\brefused\b"))
    page.screenshot(path=str(SHOTS / f"refused-{screen}.png"), full_page=False)
    # an allowed card is played after the refusal
    tap(page, f"#hand-{allowed[0]}", js=True)
    expect(page.locator("#table-news .problem")).to_have_count(0)


def test_a_whole_game_without_javascript(new_page):
    page = new_page(viewport=TABLET, java_script_enabled=False)
    page.goto(f"/skat/table?seed={SEED}&game=1")
    play_whole_game(page, "nojs", js=False)


def test_open_cards_and_the_coach_switch_and_a_wide_screen(new_page):
    page = new_page(viewport=WIDE)
    page.goto(f"/skat/table?seed={SEED}&game=1")
    expect(page.locator("#table-coach")).to_be_visible()
    htmx_click(page, page.locator("#switch-open"))
    expect(page.locator("#seat-1-cards .t-card")).to_have_count(10)
    htmx_click(page, page.locator("#switch-coach"))
    expect(page.locator("#table-coach")).to_have_count(0)
    assert "open=1" in page.url and "coach=0" in page.url
    assert_layout(page, touch=False, what="the table at 1920x1080")
    page.screenshot(path=str(SHOTS / "wide-open-cards.png"), full_page=False)
