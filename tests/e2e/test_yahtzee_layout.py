"""Yahtzee on a phone, both tablets and a projector (issue 33): a whole game of 13 turns by tapping, and after
every tap the dice, the score card's boxes and the next step's control are on screen; nothing scrolls sideways
and no column of the score card is cut off. The coach is on and ready at once (its table ships with the app)."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from webapp.games.yahtzee import views as yahtzee_views

from .accessibility import assert_accessible
from .flow_helpers import assert_in_view, shoot, touch_options
from .helpers import htmx_click

pytestmark = pytest.mark.e2e

#: The issue's sizes: a phone, a tablet upright and lying, a classroom projector.
LAYOUT_SIZES = ("phone", "tablet", "tablet-landscape", "projector")

#: Everything of the game inside the screen's width, and the score card's columns inside the score card.
_SIDEWAYS = """() => {
  const root = document.documentElement, width = root.clientWidth, problems = [];
  if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth - width} px wider than the screen`);
  for (const e of document.querySelectorAll('#yahtzee-game *')) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 0.5) problems.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className.baseVal ?? e.className} ends at ${Math.round(r.right)} px`);
  }
  const card = document.querySelector('.yz-card');
  if (card) {
    const inner = card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight) + 0.5;
    for (const e of card.querySelectorAll('.scorecard td, .scorecard th, .scorecard .place, .scorecard .stars')) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > inner) problems.push(`score card: ${e.textContent.trim() || e.className} is cut off (${Math.round(r.right)} > ${Math.round(inner)})`);
    }
  }
  return problems.slice(0, 6);
}"""


def assert_no_sideways(page: Page, what: str) -> None:
    problems = page.evaluate(_SIDEWAYS)
    assert not problems, f"{what}: " + "; ".join(problems)


def assert_dice_and_card_on_screen(page: Page, what: str) -> None:
    """The five dice and every box the child may fill now are on screen (not covered)."""
    for index in range(5):
        assert_in_view(page, page.locator(f"#yz-die-{index}"), f"{what}: die {index + 1}")
    places = page.locator(".scorecard button.place")
    for index in range(places.count()):
        assert_in_view(page, places.nth(index), f"{what}: the box {places.nth(index).get_attribute('id')}")


@pytest.fixture
def seeded_dice(monkeypatch):
    """The server's dice from a seed, so every size plays the same reproducible game."""
    monkeypatch.setattr(yahtzee_views, "_RNG", random.Random(33))


@pytest.mark.parametrize("size", LAYOUT_SIZES)
def test_a_whole_game_by_tapping_fits_the_screen_after_every_tap(new_page, seeded_dice, size: str):
    page = new_page(**touch_options(size))
    page.goto("/yahtzee")
    htmx_click(page, page.locator("#yz-coach-toggle"))
    expect(page.locator("#yz-coach-steps")).to_be_visible()  # ready on the first load: no "getting ready"
    expect(page.locator("#yz-coach-wait")).to_have_count(0)
    assert_in_view(page, page.locator("#yz-roll"), f"{size}: the first roll")
    for turn in range(1, 14):
        what = f"{size}, turn {turn}"
        htmx_click(page, page.locator("#yz-roll"))
        expect(page.locator("#yz-status")).to_contain_text(f"Turn {turn} of 13, roll 1 of 3")
        assert_no_sideways(page, f"{what}, after the roll")
        assert_dice_and_card_on_screen(page, f"{what}, after the roll")
        assert_in_view(page, page.locator("#yz-roll"), f"{what}: the next roll")
        if turn == 1:
            shoot(page, f"yahtzee-layout-{size}-rolled")
        if turn % 2:  # keep a die and roll again on every other turn
            htmx_click(page, page.locator("#yz-die-0"))
            expect(page.locator("#yz-die-0")).to_have_attribute("aria-pressed", "true")
            assert_no_sideways(page, f"{what}, after keeping a die")
            assert_in_view(page, page.locator("#yz-roll"), f"{what}: the next roll after keeping a die")
            htmx_click(page, page.locator("#yz-roll"))
            expect(page.locator("#yz-status")).to_contain_text("roll 2 of 3")
            assert_no_sideways(page, f"{what}, after the second roll")
            assert_dice_and_card_on_screen(page, f"{what}, after the second roll")
        best = page.locator(".scorecard tr.best button.place")
        box = best if best.count() else page.locator(".scorecard button.place").first
        assert_in_view(page, box, f"{what}: the coach's best box")
        if turn == 6:
            shoot(page, f"yahtzee-layout-{size}-coach")
        htmx_click(page, box)
        assert_no_sideways(page, f"{what}, after filling a box")
        if turn < 13:
            assert_in_view(page, page.locator("#yz-roll"), f"{what}: the roll of the next turn")
    expect(page.locator("#yz-status")).to_contain_text("Game over!")
    assert_in_view(page, page.locator("#yz-status"), f"{size}: the final score")
    assert_in_view(page, page.locator("#yz-new"), f"{size}: New game")
    ending = page.locator("#yz-ending li")
    expect(ending).to_have_count(2)
    expect(ending.nth(1)).to_contain_text("Next time:")
    assert_in_view(page, ending.nth(1), f"{size}: the encouragement")
    assert_no_sideways(page, f"{size}, game over")
    shoot(page, f"yahtzee-layout-{size}-over")
    if size == "tablet":
        assert_accessible(page, "yahtzee game over on a tablet")


def test_the_coach_explains_its_numbers_behind_why_on_a_phone(new_page, seeded_dice):
    page = new_page(**touch_options("phone"))
    page.goto("/yahtzee")
    htmx_click(page, page.locator("#yz-coach-toggle"))
    htmx_click(page, page.locator("#yz-roll"))
    expect(page.locator("#yz-coach-steps li").first).to_contain_text("Best:")
    expect(page.locator("#yz-coach-numbers")).to_be_hidden()  # the numbers wait behind "why?"
    why = page.locator("#yz-coach-why summary")
    why.scroll_into_view_if_needed()
    why.click()
    expect(page.locator("#yz-coach-numbers li").first).to_contain_text("you can expect")
    expect(page.locator(".coach-numbers td.num").first).to_have_text(re.compile(r"^\d{2,3}\.\d$"))
    assert_no_sideways(page, "phone, the coach's numbers open")
    shoot(page, "yahtzee-layout-phone-why")
    assert_accessible(page, "yahtzee coach with its numbers open on a phone")
