"""The Skat trainer in a real browser: clicking cards, the URL, keyboard use, no JavaScript."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from .accessibility import assert_accessible
from .conftest import SCREENSHOTS
from .helpers import assert_in_view, htmx_click, htmx_swap

pytestmark = pytest.mark.e2e

#: The four seed hands and what the family rule makes of them (value, trump) or "Pass".
SEED_HANDS = [
    ("JC JS JD AC KC 9C AS 7H QD 8D", "36", "Clubs"),
    ("JD AS 0S KS QS 9S 8S AD 8C 9C", "44", "Spades"),
    ("JH JD 0S KS 9C 8C QH KH AD 9D", None, "Pass"),
    ("JD AS KS QS 0S 9S 8D 7D 0C QH", None, "Pass"),
]
FIRST_HAND = SEED_HANDS[0][0].split()


def hand_url(cards: list[str]) -> str:
    return "/skat?hand=" + ",".join(cards)


def card(page: Page, code: str):
    return page.locator(f"#card-{code}")


def pressed_cards(page: Page):
    return page.locator(".skat-card[aria-pressed='true']")


def count_text(n: int) -> str:
    return f"{n} of 10 cards chosen"


def hand_in_url(url: str) -> set[str]:
    """The cards in a ``/skat?hand=...`` URL, as a set."""
    parts = urlsplit(url)
    assert parts.path == "/skat", url
    values = parse_qs(parts.query).get("hand", [""])
    return {c for c in values[0].split(",") if c}


def expect_result(page: Page, value: str | None, verdict: str) -> None:
    if value is None:
        expect(page.locator("#skat-value")).to_have_count(0)
    else:
        expect(page.locator("#skat-value")).to_have_text(value)
    expect(page.locator("#skat-verdict")).to_contain_text(verdict)
    expect(page.locator("#skat-steps li").first).to_be_visible()


def test_click_the_first_seed_hand_card_by_card(page: Page):
    page.goto("/skat")
    expect(page.locator("#skat-count")).to_have_text(count_text(0))
    for number, code in enumerate(FIRST_HAND, start=1):
        htmx_click(page, card(page, code))
        expect(card(page, code)).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#skat-count")).to_have_text(count_text(number))
        if number < 10:
            expect(page.locator("#skat-hint")).to_be_visible()

    expect_result(page, "36", "Clubs")
    expect(pressed_cards(page)).to_have_count(10)
    # htmx pushed the shareable URL of the hand
    expect(page).to_have_url(re.compile(r"/skat\?hand="))
    assert hand_in_url(page.url) == set(FIRST_HAND)

    page.reload()
    expect_result(page, "36", "Clubs")
    expect(pressed_cards(page)).to_have_count(10)
    for code in FIRST_HAND:
        expect(card(page, code)).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize(("hand", "value", "verdict"), SEED_HANDS[1:], ids=["44-spades", "pass-1", "pass-2"])
def test_seed_hand_by_url(page: Page, hand: str, value: str | None, verdict: str):
    cards = hand.split()
    page.goto(hand_url(cards))
    expect_result(page, value, verdict)
    expect(page.locator("#skat-count")).to_have_text(count_text(10))
    expect(pressed_cards(page)).to_have_count(10)
    for code in cards:
        expect(card(page, code)).to_have_attribute("aria-pressed", "true")


def test_clicking_a_chosen_card_again_takes_it_back(page: Page):
    page.goto(hand_url(FIRST_HAND))
    expect(page.locator("#skat-value")).to_have_text("36")

    htmx_click(page, card(page, "JC"))
    expect(card(page, "JC")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#skat-count")).to_have_text(count_text(9))
    expect(pressed_cards(page)).to_have_count(9)
    expect(page.locator("#skat-value")).to_have_count(0)
    expect(page.locator("#skat-hint")).to_have_text("Pick 1 more card.")
    expect(page).to_have_url(re.compile(r"/skat\?hand="))
    assert hand_in_url(page.url) == set(FIRST_HAND) - {"JC"}

    htmx_click(page, card(page, "JC"))
    expect(card(page, "JC")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#skat-value")).to_have_text("36")


def test_an_eleventh_card_is_refused_kindly(page: Page, browser_errors):
    browser_errors.allow_status(422)  # the app answers 422 and keeps the hand
    page.goto(hand_url(FIRST_HAND))
    expect(page.locator("#skat-value")).to_have_text("36")

    htmx_click(page, card(page, "AH"))
    problem = page.locator("#skat-result .problem")
    expect(problem).to_have_text("You already have 10 cards. Take one away first.")
    expect(problem).to_have_attribute("role", "alert")
    expect(card(page, "AH")).to_have_attribute("aria-pressed", "false")
    expect(pressed_cards(page)).to_have_count(10)
    for code in FIRST_HAND:
        expect(card(page, code)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#skat-count")).to_have_text(count_text(10))
    expect(page.locator("#skat-value")).to_have_text("36")


def test_clear_and_random_hand(page: Page):
    page.goto(hand_url(FIRST_HAND))
    expect(pressed_cards(page)).to_have_count(10)

    htmx_click(page, page.locator("#skat-clear"))
    expect(page.locator("#skat-count")).to_have_text(count_text(0))
    expect(pressed_cards(page)).to_have_count(0)
    expect(page.locator("#skat-hint")).to_have_text("Click 10 cards to build your hand.", use_inner_text=True)  # a mouse: "Click"
    expect(page).to_have_url(re.compile(r"/skat$"))

    htmx_click(page, page.locator("#skat-random"))
    expect(page.locator("#skat-count")).to_have_text(count_text(10))
    expect(pressed_cards(page)).to_have_count(10)
    expect(page.locator("#skat-verdict")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/skat\?hand="))
    chosen = set(pressed_cards(page).evaluate_all("cards => cards.map(c => c.value)"))
    assert hand_in_url(page.url) == chosen and len(chosen) == 10


def test_bad_card_in_the_url_is_explained_and_the_good_cards_kept(page: Page, browser_errors):
    browser_errors.allow_status(400)
    response = page.goto("/skat?hand=JC,XX")
    assert response is not None and response.status == 400
    expect(page.locator("#skat-result .problem")).to_contain_text("XX")
    expect(card(page, "JC")).to_have_attribute("aria-pressed", "true")
    expect(pressed_cards(page)).to_have_count(1)
    expect(page.locator("#skat-count")).to_have_text(count_text(1))


def _focused_id(page: Page) -> str:
    return page.evaluate("document.activeElement ? document.activeElement.id : ''")


def _select_with_key(page: Page, key: str, chosen: int) -> None:
    """Press ``key`` on the focused card; after the swap the same card must have the focus."""
    focused = _focused_id(page)
    assert focused.startswith("card-"), f"focus is on {focused!r}, not on a card"
    with htmx_swap(page):
        page.keyboard.press(key)
    button = page.locator(f"#{focused}")
    expect(button).to_have_attribute("aria-pressed", "true")  # the server's answer has been swapped in
    expect(page.locator("#skat-count")).to_have_text(count_text(chosen))
    expect(button).to_be_focused()
    assert _focused_id(page) == focused


def test_keyboard_only(page: Page):
    page.goto("/skat")
    # Tab through the header (skip link, brand, nav, settings) to the first card.
    for _ in range(20):
        page.keyboard.press("Tab")
        if _focused_id(page).startswith("card-"):
            break
    assert _focused_id(page) == "card-AC", "the first card in tab order should be the Ace of Clubs"

    _select_with_key(page, "Space", 1)
    assert page.evaluate("document.activeElement.matches(':focus-visible')"), "the focus ring is not shown"

    page.keyboard.press("Tab")
    assert _focused_id(page) == "card-KC"
    _select_with_key(page, "Enter", 2)

    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert _focused_id(page) == "card-JC"
    _select_with_key(page, "Space", 3)

    # Shift+Tab goes back, and a chosen card is taken back the same way.
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert _focused_id(page) == "card-KC"
    with htmx_swap(page):
        page.keyboard.press("Space")
    expect(card(page, "KC")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#skat-count")).to_have_text(count_text(2))
    expect(card(page, "KC")).to_be_focused()
    assert hand_in_url(page.url) == {"AC", "JC"}


def test_without_javascript_the_form_still_works(new_page):
    page = new_page(java_script_enabled=False)
    page.goto("/skat")
    card(page, "JC").click()
    expect(page).to_have_url(re.compile(r"/skat\?hand=JC$"))
    expect(card(page, "JC")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#skat-count")).to_have_text(count_text(1))

    card(page, "AS").click()
    expect(page.locator("#skat-count")).to_have_text(count_text(2))
    assert hand_in_url(page.url) == {"JC", "AS"}

    card(page, "JC").click()
    expect(page.locator("#skat-count")).to_have_text(count_text(1))
    assert hand_in_url(page.url) == {"AS"}

    page.goto(hand_url(FIRST_HAND))
    expect_result(page, "36", "Clubs")


def test_tablet_touch(tablet_page: Page):
    page = tablet_page
    page.goto(hand_url(FIRST_HAND[:9]))
    expect(page.locator("#skat-count")).to_have_text(count_text(9))
    with htmx_swap(page):
        card(page, "8D").tap()
    expect(page.locator("#skat-value")).to_have_text("36")
    # issue 14: the result stands after the cards (no panel pinned over them); the 10th card brings it on screen
    assert_in_view(page, page.locator("#skat-verdict"), "the game value after the 10th card")
    assert page.evaluate("getComputedStyle(document.querySelector('.result-panel')).position") == "static"
    page.screenshot(path=str(SCREENSHOTS / "tablet-viewport.png"))
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px on a tablet"
    assert_accessible(page, "/skat seed hand on a tablet")


def test_readme_screenshot(page: Page):
    """The README's hero picture: the first seed hand, in English."""
    page.goto(hand_url(FIRST_HAND))
    expect(page.locator("#skat-value")).to_have_text("36")
    expect(page.locator("#skat-steps li").first).to_be_visible()
    page.mouse.move(0, 0)  # no hover effect in the picture
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "readme-skat.png"), full_page=True)
