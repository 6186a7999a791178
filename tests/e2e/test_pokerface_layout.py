"""Pokerface on a phone, both tablets and a projector (issue 33): a whole game of ten rounds by tapping, and after
every tap the hand and the next step's control are on screen; nothing scrolls sideways. The "new card" stars and
the "best five" dots sit beside the corner index, never on it; "Show these five" is disabled until five cards are
chosen; the card buttons' names contain their visible text (axe's label-content-name-mismatch)."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .accessibility import BLOCKING_IMPACTS, describe
from .flow_helpers import assert_in_view, shoot, touch_options
from .helpers import htmx_click

pytestmark = pytest.mark.e2e

LAYOUT_SIZES = ("phone", "tablet", "tablet-landscape", "projector")

_SIDEWAYS = """() => {
  const root = document.documentElement, width = root.clientWidth, problems = [];
  if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth - width} px wider than the screen`);
  for (const e of document.querySelectorAll('#poker-game *')) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 0.5) problems.push(`${e.tagName.toLowerCase()}#${e.id} ends at ${Math.round(r.right)} px`);
  }
  return problems.slice(0, 6);
}"""

#: Every "new" star and "best" dot: does its box overlap its card's corner index (rank and suit)?
_MARKS_ON_INDEX = """() => {
  const hits = [];
  for (const mark of document.querySelectorAll('.poker-card .poker-mark')) {
    const card = mark.closest('.poker-card');
    const m = mark.getBoundingClientRect();
    for (const part of card.querySelectorAll('.card-corner .card-rank, .card-corner .card-suit')) {
      const p = part.getBoundingClientRect();
      if (m.left < p.right && p.left < m.right && m.top < p.bottom && p.top < m.bottom)
        hits.push(`${card.getAttribute('aria-label')}: the mark covers ${part.className}`);
    }
  }
  return hits;
}"""


def assert_no_sideways(page: Page, what: str) -> None:
    problems = page.evaluate(_SIDEWAYS)
    assert not problems, f"{what}: " + "; ".join(problems)


def assert_hand_on_screen(page: Page, what: str) -> None:
    cards = page.locator("#poker-status .cards .poker-card")
    assert cards.count() >= 5, what
    for index in range(cards.count()):
        assert_in_view(page, cards.nth(index), f"{what}: card {index + 1}")


def assert_marks_beside_the_index(page: Page, what: str) -> None:
    assert page.locator(".poker-mark").count() > 0, f"{what}: no mark to check"
    hits = page.evaluate(_MARKS_ON_INDEX)
    assert not hits, f"{what}: " + "; ".join(hits)


def assert_card_names_match(page: Page, what: str) -> None:
    """axe with its label-in-name rule switched on (it is experimental, so off in the shared check)."""
    results = Axe().run(page, options={"rules": {"label-content-name-mismatch": {"enabled": True}}})
    wrong = [v for v in results.response["violations"] if v.get("impact") in BLOCKING_IMPACTS]
    assert not wrong, f"{what}:\n{describe(wrong)}"


def tap(page: Page, selector: str, what: str) -> None:
    htmx_click(page, page.locator(selector))
    assert_no_sideways(page, what)


@pytest.mark.parametrize("size", LAYOUT_SIZES)
def test_a_whole_game_by_tapping_fits_the_screen_after_every_tap(new_page, size: str):
    page = new_page(**touch_options(size))
    page.goto(f"/pokerface?seed=layout-{size}")
    for number in range(1, 11):
        what = f"{size}, round {number}"
        expect(page.locator("#poker-round")).to_have_text(f"Round {number} of 10")
        assert_hand_on_screen(page, f"{what}, step 1")
        assert_in_view(page, page.locator("#poker-exchange"), f"{what}: swap")
        if number % 2:  # swap two cards on every other round
            for index in (3, 4):
                tap(page, f"#poker-card-{index}", f"{what}, choosing a card to swap")
                expect(page.locator(f"#poker-card-{index}")).to_have_attribute("aria-pressed", "true")
                assert_in_view(page, page.locator("#poker-exchange"), f"{what}: swap after choosing")
        tap(page, "#poker-exchange", f"{what}, after the swap")
        assert_hand_on_screen(page, f"{what}, step 2")
        for n in range(4):
            assert_in_view(page, page.locator(f"#poker-extra-{n}"), f"{what}: {n} extra cards")
        if number == 1:
            assert_marks_beside_the_index(page, f"{what}: the new cards' stars")
            shoot(page, f"pokerface-layout-{size}-new-cards")
            if size == "tablet":
                assert_card_names_match(page, f"{what}, step 2")
        tap(page, "#poker-extra-3", f"{what}, after taking extra cards")
        assert_hand_on_screen(page, f"{what}, step 3")
        expect(page.locator("#poker-reveal")).to_be_disabled()  # nothing chosen yet
        assert_in_view(page, page.locator("#poker-reveal"), f"{what}: show these five")
        if number == 1:
            assert_marks_beside_the_index(page, f"{what}: the best five's dots")
            shoot(page, f"pokerface-layout-{size}-best-five")
            if size == "tablet":
                assert_card_names_match(page, f"{what}, step 3")
        if number % 2:  # tap the five dotted cards one by one
            for index in range(page.locator("#poker-status .cards .poker-card").count()):
                card = page.locator(f"#poker-card-{index}")
                if "is-best" in (card.get_attribute("class") or ""):
                    tap(page, f"#poker-card-{index}", f"{what}, choosing a card to show")
                    assert_in_view(page, page.locator("#poker-reveal"), f"{what}: show these five after a card")
        else:
            tap(page, "#poker-best-pick", f"{what}, after 'pick the best for me'")
        expect(page.locator("#poker-reveal")).to_be_enabled()
        assert_in_view(page, page.locator("#poker-reveal"), f"{what}: show these five, enabled")
        tap(page, "#poker-reveal", f"{what}, after the showdown")
        assert_in_view(page, page.locator("#poker-showdown-title"), f"{what}: the showdown")
        marks = page.locator(".win-mark").all_inner_texts()
        assert marks and all(re.fullmatch(r"You win the point!|(Leo|Mia|Ben) wins the point!", m) for m in marks), marks
        assert_in_view(page, page.locator("#poker-next" if number < 10 else "#poker-new"), f"{what}: the next step")
        if number == 1:
            shoot(page, f"pokerface-layout-{size}-showdown")
        if number < 10:
            tap(page, "#poker-next", f"{what}, after next round")
    expect(page.locator("#poker-ending li")).to_have_count(2)
    expect(page.locator("#poker-ending li").nth(1)).to_contain_text("Next time:")
    assert_in_view(page, page.locator("#poker-final"), f"{size}: the result")
    assert_in_view(page, page.locator("#poker-new"), f"{size}: New game")
    shoot(page, f"pokerface-layout-{size}-over")


def test_the_winner_label_and_the_disabled_button_in_german(new_page):
    page = new_page(locale="de-DE", **touch_options("phone"))
    page.goto("/pokerface?seed=layout-de")
    tap(page, "#poker-exchange", "de, step 2")
    tap(page, "#poker-extra-2", "de, step 3")
    expect(page.locator("#poker-reveal")).to_be_disabled()
    expect(page.locator("#poker-reveal")).to_have_attribute("aria-describedby", "poker-reveal-why")
    tap(page, "#poker-best-pick", "de, the best five")
    tap(page, "#poker-reveal", "de, showdown")
    marks = page.locator(".win-mark").all_inner_texts()
    assert marks and all(text in ("Du bekommst den Punkt!",) or text.endswith(" bekommt den Punkt!") for text in marks)
    assert "Du Punkt" not in page.locator("#poker-showdown").inner_text()
    shoot(page, "pokerface-layout-phone-de-showdown")
