"""Pokerface in a real browser: a full round by clicks, then the rest of a 10-round game; the quiz."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .accessibility import assert_accessible
from .conftest import SCREENSHOTS
from .flow_helpers import SIZES, TOUCH_SIZES, assert_in_view, history_length, shoot, touch_options
from .helpers import htmx_click

pytestmark = pytest.mark.e2e


def play_round(page: Page, number: int, swap: int = 0) -> None:
    expect(page.locator("#poker-round")).to_have_text(f"Round {number} of 10")
    if swap:
        htmx_click(page, page.locator(f"#poker-card-{swap - 1}"))
        expect(page.locator(f"#poker-card-{swap - 1}")).to_have_attribute("aria-pressed", "true")
    htmx_click(page, page.locator("#poker-exchange"))
    htmx_click(page, page.locator("#poker-extra-3"))
    expect(page.locator(".poker-card")).to_have_count(8)
    htmx_click(page, page.locator("#poker-best-pick"))
    expect(page.locator(".poker-card[aria-pressed='true']")).to_have_count(5)
    expect(page.locator("#poker-chosen")).to_be_visible()
    htmx_click(page, page.locator("#poker-reveal"))
    expect(page.locator("#poker-showdown li")).to_have_count(4)
    expect(page.locator("#poker-steps li").last).to_contain_text(re.compile("round goes to|gets a point"))


def test_a_full_round_then_the_whole_game(tablet_page: Page):
    page = tablet_page
    page.goto("/pokerface?seed=e2e")
    expect(page.locator("h1")).to_contain_text("Pokerface")
    assert_accessible(page, "pokerface, step 1")
    play_round(page, 1, swap=2)
    assert_accessible(page, "pokerface, showdown")
    page.screenshot(path=str(SCREENSHOTS / "pokerface-showdown-tablet.png"), full_page=True)
    # the state is in the URL: a reload shows the same showdown
    steps = page.locator("#poker-steps").inner_text()
    page.reload()
    expect(page.locator("#poker-steps")).to_have_text(steps, use_inner_text=True)  # as shown: explanations hidden
    for number in range(2, 11):
        htmx_click(page, page.locator("#poker-next"))
        play_round(page, number)
    expect(page.locator("#poker-final")).to_contain_text(re.compile(r"You won the game!|A shared win!|Lost this time\."))
    total = sum(int(t) for t in page.locator("#poker-score td").all_inner_texts())
    assert total >= 10


def test_quiz_in_german(new_page):
    page = new_page(locale="de-DE")
    page.goto("/pokerface/quiz?q=11")
    expect(page.locator("h1")).to_have_text("Welche Hand gewinnt?")
    htmx_click(page, page.locator("#quiz-tie"))
    expect(page.locator("#quiz-verdict")).to_be_visible()
    expect(page.locator("#quiz-steps li").first).to_be_visible()
    assert_accessible(page, "quiz")


def test_hand_rankings(page: Page):
    page.goto("/pokerface/hands")
    expect(page.locator(".rankings > li")).to_have_count(9)
    assert_accessible(page, "hand rankings")


def test_each_step_in_german_on_a_tablet(new_page):
    """Screenshots of every step, in German, for a look at how they read on a tablet."""
    page = new_page(locale="de-DE", viewport={"width": 820, "height": 1180}, has_touch=True)
    shots = str(SCREENSHOTS / "pokerface-de-{}.png")
    page.goto("/pokerface?seed=tablet-de")
    expect(page.locator("#poker-round")).to_have_text("Runde 1 von 10")
    htmx_click(page, page.locator("#poker-card-0"))
    htmx_click(page, page.locator("#poker-card-3"))
    expect(page.locator("#poker-exchange")).to_have_text("2 Karten tauschen")
    page.screenshot(path=shots.format("1-swap"), full_page=True)
    htmx_click(page, page.locator("#poker-exchange"))
    expect(page.locator(".poker-card.is-new")).to_have_count(2)
    page.screenshot(path=shots.format("2-extras"), full_page=True)
    htmx_click(page, page.locator("#poker-extra-2"))
    expect(page.locator("#poker-best")).to_contain_text("Das Beste, was geht:")
    htmx_click(page, page.locator("#poker-card-0"))
    page.screenshot(path=shots.format("3-show"), full_page=True)
    htmx_click(page, page.locator("#poker-hint"))
    expect(page.locator("#poker-best")).to_have_count(0)
    expect(page.locator(".poker-card.is-best")).to_have_count(0)
    assert_accessible(page, "pokerface in German, hint off")


def test_a_round_without_javascript(new_page):
    page = new_page(java_script_enabled=False)
    page.goto("/pokerface?seed=no-js")
    page.locator("#poker-card-4").click()
    expect(page.locator("#poker-card-4")).to_have_attribute("aria-pressed", "true")
    page.locator("#poker-exchange").click()
    page.locator("#poker-extra-1").click()
    expect(page.locator(".poker-card")).to_have_count(6)
    page.locator("#poker-best-pick").click()
    page.locator("#poker-reveal").click()
    expect(page.locator("#poker-showdown li")).to_have_count(4)
    expect(page).to_have_url(re.compile(r"/pokerface\?g="))


def play_to_showdown(page: Page) -> None:
    """One round by taps: keep all five, no extra card, the best five, show them."""
    htmx_click(page, page.locator("#poker-exchange"))
    htmx_click(page, page.locator("#poker-extra-0"))
    htmx_click(page, page.locator("#poker-best-pick"))
    htmx_click(page, page.locator("#poker-reveal"))
    expect(page.locator("#poker-showdown li")).to_have_count(4)


@pytest.mark.parametrize("size", TOUCH_SIZES)
def test_showdown_and_next_round_on_screen_every_round(new_page, size: str):
    """After every showdown the showdown and "Next round" are on screen; after the tenth, "New game"."""
    page = new_page(**touch_options(size))
    page.goto(f"/pokerface?seed=flow-{size}")
    for number in range(1, 11):
        expect(page.locator("#poker-round")).to_have_text(f"Round {number} of 10")
        assert_in_view(page, page.locator("#poker-card-4"))  # the new hand is in sight
        play_to_showdown(page)
        assert_in_view(page, page.locator("#poker-showdown-title"))
        assert_in_view(page, page.locator("#poker-next" if number < 10 else "#poker-new"))
        if number == 1:
            shoot(page, f"pokerface-showdown-{size}")
        if number < 10:
            htmx_click(page, page.locator("#poker-next"))
    assert_in_view(page, page.locator("#poker-final"))


def test_history_grows_only_by_the_new_rounds(page: Page):
    page.goto("/pokerface?seed=history")
    start = history_length(page)
    for card in (0, 1, 2, 1):  # four taps on cards
        htmx_click(page, page.locator(f"#poker-card-{card}"))
    play_to_showdown(page)  # four more clicks
    htmx_click(page, page.locator("#poker-next"))  # a new round: the one real step
    htmx_click(page, page.locator("#poker-card-3"))
    assert history_length(page) == start + 1
    page.go_back()
    expect(page.locator("#poker-showdown")).to_be_visible()  # Back returns to the showdown of round 1


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots(new_page, size: str, lang: str):
    page = new_page(locale="de-DE" if lang == "de" else "en-US", **touch_options(size))
    page.goto("/pokerface?seed=shots")
    expect(page.locator("#poker-card-0")).to_be_visible()
    shoot(page, f"pokerface-{size}-{lang}")
    play_to_showdown(page)
    shoot(page, f"pokerface-showdown-{size}-{lang}")
    page.goto("/pokerface/hands")
    expect(page.locator(".rankings > li")).to_have_count(9)
    shoot(page, f"pokerface-hands-{size}-{lang}")
    page.goto("/pokerface/quiz?q=11")
    htmx_click(page, page.locator("#quiz-tie"))
    expect(page.locator("#quiz-verdict")).to_be_visible()
    shoot(page, f"pokerface-quiz-{size}-{lang}")


@pytest.mark.parametrize("size", TOUCH_SIZES)
def test_quiz_answer_and_next_question_on_screen(new_page, size: str):
    page = new_page(**touch_options(size))
    page.goto("/pokerface/quiz?q=11")
    start = history_length(page)
    htmx_click(page, page.locator("#quiz-tie"))
    assert_in_view(page, page.locator("#quiz-verdict"))
    assert_in_view(page, page.locator("#quiz-next"))
    assert history_length(page) == start  # the answer replaced the address
    page.locator("#quiz-next").click()
    expect(page.locator("#quiz-tie")).to_be_visible()
    assert history_length(page) == start + 1  # the next question is a new step
