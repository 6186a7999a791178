"""The official Tichu rules in Chromium: a straight-flush bomb, a Phoenix reading, the wish, a whole trick, a round score."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from .flow_helpers import TOUCH_SIZES, assert_in_view, history_length, touch_options
from .helpers import htmx_click, htmx_swap

pytestmark = pytest.mark.e2e

SHOTS = "test-artifacts/screenshots"


def click_cards(page: Page, which: str, cards: list[str]) -> None:
    """Turn the deck's switch to ``which`` and tap ``cards`` (suited notation), waiting for each answer."""
    switch = page.locator(f"#target-{which}")
    if switch.get_attribute("aria-pressed") != "true":
        htmx_click(page, switch)
    row = page.locator(f"#{which}-cards button")
    for card in cards:
        before = row.count()
        htmx_click(page, page.locator(f"#add-{card}"))
        expect(row).to_have_count(before + 1)


def test_straight_flush_bomb_beats_four_aces(page: Page):
    """Rulebook, "Bombs": every straight-flush bomb beats every four of a kind."""
    page.goto("/tichu")
    click_cards(page, "table", ["Ag", "Ak", "Ab", "Ar"])
    click_cards(page, "play", ["5r", "6r", "7r", "8r", "9r"])
    expect(page.locator("#tichu-verdict")).to_have_text("Allowed")
    expect(page.locator("#tichu-steps")).to_contain_text("straight-flush bomb")
    expect(page.locator("#tichu-steps")).to_contain_text("5 cards of Stars")
    assert parse_qs(urlsplit(page.url).query)["play"] == ["5r6r7r8r9r"]
    # one card of another suit: an ordinary straight, which cannot beat a bomb
    htmx_click(page, page.locator("#play-card-5"))
    click_cards(page, "play", ["9g"])
    expect(page.locator("#tichu-verdict")).to_have_text("Not allowed")
    page.screenshot(path=f"{SHOTS}/tichu-straight-flush.png", full_page=True)


def test_phoenix_reading_choice(page: Page):
    """3456 + Phoenix reads 3-7 or 2-6: on 2-6 only the higher reading wins; the child may choose."""
    page.goto("/tichu?table=23456&play=3456P")
    readings = page.locator("#tichu-readings")
    expect(readings).to_be_visible()
    expect(page.locator("#tichu-verdict")).to_have_text("Allowed")
    with htmx_swap(page):
        page.locator("#reading-2").check()
    expect(page.locator("#tichu-verdict")).to_have_text("Not allowed")
    expect(page.locator("#tichu-steps")).to_contain_text("You said your Phoenix stands for 2")
    expect(page).to_have_url(re.compile(r"reading=2"))
    page.screenshot(path=f"{SHOTS}/tichu-phoenix-reading.png", full_page=True)


def test_wish_enforced_in_the_trainer(page: Page):
    """Rulebook, "Mah Jong": holding the wished 8, a 9 on the 5 is not allowed."""
    page.goto("/tichu?table=5&play=9")
    expect(page.locator("#tichu-verdict")).to_have_text("Allowed")
    page.locator("#hand-text").fill("89")
    with htmx_swap(page):
        page.locator("#wish").select_option("8")
    expect(page.locator("#tichu-verdict")).to_have_text("Not allowed")
    expect(page.locator("#tichu-steps")).to_contain_text("The wish is for 8")


def test_wish_enforced_at_the_table(page: Page, browser_errors):
    browser_errors.allow_status(422)
    page.goto("/tichu/trick?lesson=wish")
    expect(page.locator("#trick-wish")).to_have_text("Open wish: 9")
    htmx_click(page, page.locator("#hand-Qk"))
    expect(page.locator("#hand-Qk")).to_have_attribute("aria-pressed", "true")
    htmx_click(page, page.locator("#trick-play"))
    expect(page.locator("#trick-verdict")).to_have_text("Not allowed")
    expect(page.locator("#trick-steps")).to_contain_text("you must play it")
    htmx_click(page, page.locator("#trick-pass"))
    expect(page.locator("#trick-steps")).to_contain_text("you may not pass")
    htmx_click(page, page.locator("#hand-Qk"))  # put the Queen back
    htmx_click(page, page.locator("#hand-9g"))
    htmx_click(page, page.locator("#trick-play"))
    expect(page.locator("#trick-verdict")).to_have_text("Allowed")
    expect(page.locator("#trick-wish")).to_have_count(0)


def test_whole_trick_with_wish_bomb_and_dragon(tablet_page: Page):
    """Lead the Mah Jong wishing 8, the opponent must give up the 8, the Dragon is bombed out of turn."""
    page = tablet_page
    page.goto("/tichu/trick?lesson=full")
    htmx_click(page, page.locator("#hand-1"))
    page.locator("#trick-wish-select").select_option("8")
    htmx_click(page, page.locator("#trick-play"))
    moves = page.locator("#trick-moves li")
    expect(moves).to_have_count(4)
    expect(moves.nth(0)).to_contain_text("wishes 8")
    expect(moves.nth(1)).to_contain_text("8")  # player 2 had to play the wished 8
    htmx_click(page, page.locator("#hand-R"))
    htmx_click(page, page.locator("#trick-play"))
    expect(page.locator("#trick-moves")).to_contain_text("(bomb out of turn)")
    htmx_click(page, page.locator("#trick-pass"))
    expect(page.locator("#trick-winner")).to_have_text("Player 4 (opponent) wins the trick")
    expect(page.locator("#trick-result-steps")).to_contain_text("a bombed Dragon is not given away")
    expect(page.locator("#trick-result-steps")).to_contain_text("55 points")  # four 5s, the 10 and the Dragon
    page.screenshot(path=f"{SHOTS}/tichu-trick-bombed.png", full_page=True)
    page.reload()  # the URL holds the whole trick
    expect(page.locator("#trick-winner")).to_be_visible()


def test_dragon_given_away(page: Page):
    page.goto("/tichu/trick?lesson=dragon")
    htmx_click(page, page.locator("#hand-R"))
    htmx_click(page, page.locator("#trick-play"))
    expect(page.locator("#trick-gift-hint")).to_be_visible()
    htmx_click(page, page.locator("#trick-give-4"))
    expect(page.locator("#trick-result-steps")).to_contain_text("to player 4, an opponent")


def test_round_score(page: Page):
    """Player 4 last: 10 hand points to team 1, 15 trick points to player 1; Tichu +100: 180 to 20."""
    page.goto("/tichu/score")
    page.locator("#first").select_option("1")
    page.locator("#second").select_option("2")
    page.locator("#third").select_option("3")
    for field, value in (("t1", "30"), ("t2", "20"), ("t3", "25"), ("t4", "15"), ("hand", "10")):
        page.locator(f"#{field}").fill(value)
    page.locator("#call1").select_option("tichu")
    with htmx_swap(page):
        page.locator("#score-check").click()
    expect(page.locator("#score-total")).to_have_text("Team 1: 180 · Team 2: 20")
    expect(page.locator("#score-steps")).to_contain_text("always add up to 100")
    assert parse_qs(urlsplit(page.url).query)["t4"] == ["15"]
    page.screenshot(path=f"{SHOTS}/tichu-score.png", full_page=True)


@pytest.mark.parametrize("size", TOUCH_SIZES)
def test_own_hand_on_first_view(new_page, size: str):
    """The trick trainer opens with the child's own hand on screen, and the buttons to play it."""
    page = new_page(**touch_options(size))
    page.goto("/tichu/trick")
    assert_in_view(page, page.locator("#hand-cards"))
    assert_in_view(page, page.locator("#hand-1"))


@pytest.mark.parametrize("size", TOUCH_SIZES)
def test_a_finished_lesson_offers_the_next(new_page, size: str):
    """Dragon lesson: win with the Dragon, give it away; the next lesson and "Start again" are on screen."""
    page = new_page(**touch_options(size))
    page.goto("/tichu/trick?lesson=dragon")
    start = history_length(page)
    htmx_click(page, page.locator("#hand-R"))
    htmx_click(page, page.locator("#trick-play"))
    htmx_click(page, page.locator("#trick-give-4"))
    expect(page.locator("#trick-winner")).to_be_visible()
    next_lesson = page.locator("#trick-next-lesson")
    expect(next_lesson).to_have_text("Next lesson: A straight-flush bomb")
    assert_in_view(page, next_lesson)
    assert_in_view(page, page.locator("#trick-again"))
    assert history_length(page) == start  # the taps and moves replaced the address
    next_lesson.click()
    expect(page).to_have_url(re.compile(r"lesson=bomb"))
    expect(page.locator("#lesson-now")).to_contain_text("Lesson 4 of 5")
    page.go_back()  # a new lesson is a step the child can go back from
    expect(page).to_have_url(re.compile(r"lesson=dragon"))


def test_the_last_lesson_leads_back_to_the_first(page: Page):
    page.goto("/tichu/trick?lesson=dog")
    htmx_click(page, page.locator("#hand-D"))
    htmx_click(page, page.locator("#trick-play"))
    expect(page.locator("#trick-next-lesson")).to_have_attribute("href", "/tichu/trick?lesson=full")
    htmx_click(page, page.locator("#trick-again"))
    expect(page.locator("#trick-moves li")).to_have_text(["Nothing played yet."])
