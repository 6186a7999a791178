"""The official Skat rules in a real browser: the bidding coach and the score sheet."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .accessibility import assert_accessible
from .helpers import htmx_click

pytestmark = pytest.mark.e2e

TRAP = "JD AD 0D KD QD 9D 8D AS 0S AH".split()  # Diamonds without 3: 36 before the skat, safe 18


def card(page: Page, code: str):
    return page.locator(f"#card-{code}")


def test_build_a_hand_and_read_the_safe_bid(tablet_page: Page):
    page = tablet_page
    page.goto("/skat")
    page.locator("#rules-official").click()
    expect(page).to_have_url(re.compile(r"rules=official"))
    for code in TRAP:
        htmx_click(page, card(page, code))
    expect(page.locator("#coach-safe")).to_have_text("18")
    expect(page.locator("#coach-stop")).to_contain_text("18")
    expect(page.locator("#coach-diamonds")).to_contain_text("aim for this")
    expect(page.locator("#coach-ladder li")).to_have_count(10)
    expect(page.locator("#skat-steps")).to_contain_text("lies in the skat, you are with 1")
    expect(page).to_have_url(re.compile(r"rules=official"))

    # put the Jack of Clubs and a seven into the skat: the exact value is "with 1"
    htmx_click(page, page.locator("#target-skat"))
    expect(page.locator("#target-skat")).to_have_attribute("aria-pressed", "true")
    htmx_click(page, card(page, "JC"))
    htmx_click(page, card(page, "7C"))
    expect(card(page, "JC")).to_have_accessible_name(re.compile(r"^J Jack of Clubs \(in the skat\)$"))
    expect(page.locator("#coach-diamonds td").first).to_have_text("18")
    expect(page.locator("#skat-skat-count")).to_contain_text("2 of 2")
    page.reload()
    expect(page.locator("#coach-diamonds td").first).to_have_text("18")
    assert_accessible(page, "bidding coach")


def test_coach_in_german(new_page):
    page = new_page(locale="de-DE")
    page.goto("/skat?rules=official&hand=" + ",".join(TRAP))
    expect(page.locator("#coach-safe")).to_have_text("18")
    expect(page.locator("#skat-verdict")).to_contain_text("Reize bis 18 mit Karo")
    assert_accessible(page, "Reiz-Trainer")


def test_enter_a_finished_game_and_read_the_score(page: Page):
    page.goto("/skat/score")
    expect(page.locator("#score-hint")).to_be_visible()
    page.get_by_label("A", exact=True).check()
    page.locator("#score-game").select_option("clubs")
    page.locator("#score-ouvert").check()
    page.locator("#score-cards").fill("JC JS AC 0C KC QC 9C 8C 7C AS")
    page.locator("#score-skat").fill("7D 8D")
    page.locator("#score-points").fill("120")
    page.locator("#score-tricks").fill("10")
    page.locator("#score-submit").click()
    expect(page.locator("#score-value")).to_have_text("108")  # ISkO 5.2.6: clubs ouvert with 2
    expect(page.locator("#score-steps")).to_contain_text("9 × 12 = 108")
    expect(page.locator("#total-0")).to_have_text("108")

    # a lost game by B with the matadors chosen from the list
    page.get_by_label("B", exact=True).check()
    page.locator("#score-game").select_option("grand")
    page.locator("#score-matadors").select_option("o2")
    page.locator("#score-points").fill("55")
    page.locator("#score-tricks").fill("4")
    page.locator("#score-submit").click()
    expect(page.locator("#score-value")).to_have_text("-144")
    expect(page.locator("#total-1")).to_have_text("-144")
    expect(page.locator("#sheet tbody tr")).to_have_count(2)
    assert_accessible(page, "score sheet")


def test_score_sheet_bad_input_keeps_the_form(page: Page, browser_errors):
    browser_errors.allow_status(400)
    page.goto("/skat/score")
    page.get_by_label("A", exact=True).check()
    page.locator("#score-bid").select_option("30")
    page.locator("#score-game").select_option("null")
    page.locator("#score-tricks").fill("0")
    page.locator("#score-submit").click()
    expect(page.locator("#score-problem .problem")).to_contain_text("Null is worth only 23, but the bid was 30.")
    expect(page.locator("#score-game")).to_have_value("null")
    expect(page.locator("#score-bid")).to_have_value("30")


def test_coach_without_javascript(new_page):
    page = new_page(java_script_enabled=False)
    page.goto("/skat?rules=official&hand=" + ",".join(TRAP[:9]))
    card(page, TRAP[9]).click()
    expect(page.locator("#coach-safe")).to_have_text("18")
    page.locator("#target-skat").click()
    card(page, "JS").click()
    card(page, "7C").click()
    expect(page).to_have_url(re.compile(r"skat=7C,JS"))
    expect(page.locator("#coach-diamonds td").first).to_have_text("18")
    expect(page.locator("#skat-steps")).to_contain_text("The skat changed this")
