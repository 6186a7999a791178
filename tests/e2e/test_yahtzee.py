"""Yahtzee in a real browser: a full 13-turn game following the coach, reload, German tablet."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .accessibility import assert_accessible
from .conftest import SCREENSHOTS
from .flow_helpers import SIZES, TOUCH_SIZES, assert_in_view, history_length, shoot, touch_options
from .helpers import htmx_click

pytestmark = pytest.mark.e2e


def dice_faces(page: Page) -> list[int]:
    labels = page.locator("#yahtzee-game .dice button.die").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    return [int(re.match(r"Die \d: (\d)", label).group(1)) for label in labels]


def pressed(page: Page) -> list[bool]:
    return page.locator("#yahtzee-game .dice button.die").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-pressed') === 'true')")


def follow_keep_advice(page: Page) -> bool:
    """Press the dice the coach says to keep; False when the coach says to fill a box now."""
    best_keep = page.locator(".coach-keeps tr.best")
    if best_keep.count() == 0:
        return False
    wanted = [int(c) for c in best_keep.get_attribute("data-keep")]
    for index, face in enumerate(dice_faces(page)):
        keep = face in wanted
        if keep:
            wanted.remove(face)
        if pressed(page)[index] != keep:
            htmx_click(page, page.locator(f"#yz-die-{index}"))
            expect(page.locator(f"#yz-die-{index}")).to_have_attribute("aria-pressed", "true" if keep else "false")
    return True


def test_a_full_game_with_the_coach(page: Page, yahtzee_strategy):
    page.goto("/yahtzee")
    htmx_click(page, page.locator("#yz-coach-toggle"))
    expect(page.locator("#yz-coach-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#yz-coach-steps")).to_contain_text("Roll the dice!")  # in words; the number behind "why?"
    expect(page.locator("#yz-coach-numbers")).to_contain_text("you can expect 254.6 points")
    for turn in range(1, 14):
        expect(page.locator("#yz-status")).to_contain_text(f"Turn {turn} of 13")
        htmx_click(page, page.locator("#yz-roll"))
        for roll in (1, 2, 3):
            expect(page.locator("#yz-coach-steps li").first).to_contain_text("Best:")
            if roll == 3 or not follow_keep_advice(page):
                break
            if turn == 5 and roll == 1:  # the game survives a reload
                before = dice_faces(page), pressed(page)
                page.reload()
                assert (dice_faces(page), pressed(page)) == before
                assert_accessible(page, "yahtzee mid-game with the coach")
                page.screenshot(path=str(SCREENSHOTS / "yahtzee-coach-keep.png"), full_page=True)
            held = [f for f, p in zip(dice_faces(page), pressed(page)) if p]
            htmx_click(page, page.locator("#yz-roll"))
            assert sorted(held) == sorted(f for f, p in zip(dice_faces(page), pressed(page)) if p)
        best_row = page.locator(".scorecard tr.best")
        expect(best_row).to_have_count(1)
        points = best_row.locator("button.place").inner_text()
        total_before = int(page.locator("#yz-total").inner_text())
        htmx_click(page, best_row.locator("button.place"))
        total_after = int(page.locator("#yz-total").inner_text())
        assert total_after - total_before >= int(points)  # the box's points (plus an upper bonus)
    status = page.locator("#yz-status")
    expect(status).to_contain_text("Game over! Your score:")
    final = int(re.search(r"(\d+) points", status.inner_text()).group(1))
    assert final == int(page.locator("#yz-total").inner_text()) and final > 0
    expect(page.locator("#yz-roll")).to_have_count(0)
    page.screenshot(path=str(SCREENSHOTS / "yahtzee-game-over.png"), full_page=True)
    htmx_click(page, page.locator("#yz-new"))
    expect(page.locator("#yz-status")).to_contain_text("Turn 1 of 13")


def test_german_tablet_and_keyboard(new_page, yahtzee_strategy):
    page = new_page(locale="de-DE", viewport={"width": 820, "height": 1180}, has_touch=True)
    page.goto("/yahtzee")
    expect(page.locator("h1")).to_have_text("Kniffel mit Trainer")
    page.locator("#yz-roll").focus()
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.keyboard.press("Enter")
    expect(page.locator("#yz-die-0")).to_be_visible()
    page.locator("#yz-die-0").focus()
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.keyboard.press("Space")
    expect(page.locator("#yz-die-0")).to_have_attribute("aria-pressed", "true")
    htmx_click(page, page.locator("#yz-coach-toggle"))
    expect(page.locator("#yz-coach-steps li").first).to_contain_text("Am besten")
    expect(page.locator("#yz-card-title")).to_have_text("Spielblock")
    assert_accessible(page, "yahtzee (de, tablet)")


def test_without_javascript(new_page):
    page = new_page(java_script_enabled=False)
    page.goto("/yahtzee")
    page.locator("#yz-roll").click()
    expect(page).to_have_url(re.compile(r"/yahtzee$"))
    assert len(dice_faces(page)) == 5
    page.locator("#yz-die-2").click()
    expect(page.locator("#yz-die-2")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("size", TOUCH_SIZES)
def test_after_a_roll_the_dice_the_next_roll_and_every_box_are_on_screen(new_page, size: str):
    page = new_page(**touch_options(size))
    page.goto("/yahtzee")
    for roll in (1, 2):
        htmx_click(page, page.locator("#yz-roll"))
        expect(page.locator("#yz-die-4")).to_be_visible()
        assert_in_view(page, page.locator("#yz-roll"))  # the next roll
        for die in range(5):
            assert_in_view(page, page.locator(f"#yz-die-{die}"))
        boxes = page.locator(".scorecard .place")
        expect(boxes).to_have_count(13)  # a fresh card: every box offers its value
        for index in range(13):
            assert_in_view(page, boxes.nth(index))
        if roll == 1:
            htmx_click(page, page.locator("#yz-die-0"))  # keep one die
    shoot(page, f"yahtzee-after-roll-{size}")


def test_clicks_do_not_grow_history(page: Page):
    page.goto("/yahtzee")
    start = history_length(page)
    htmx_click(page, page.locator("#yz-roll"))
    for die in (0, 1, 2, 1, 3):
        htmx_click(page, page.locator(f"#yz-die-{die}"))
    htmx_click(page, page.locator("#yz-roll"))
    htmx_click(page, page.locator("#yz-die-4"))
    htmx_click(page, page.locator("#yz-roll"))
    htmx_click(page, page.locator("#yz-place-chance"))  # ten clicks
    expect(page.locator("#yz-status")).to_contain_text("Turn 2 of 13")
    assert history_length(page) == start


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots(new_page, size: str, lang: str):
    page = new_page(locale="de-DE" if lang == "de" else "en-US", **touch_options(size))
    page.goto("/yahtzee")
    shoot(page, f"yahtzee-{size}-{lang}")
    htmx_click(page, page.locator("#yz-roll"))
    expect(page.locator("#yz-die-4")).to_be_visible()
    shoot(page, f"yahtzee-rolled-{size}-{lang}")
