"""Where did I lose? (issue 32) in Chromium, as a child meets it: a whole game at the table ends, the score page
says "thinking" and then swaps in the open-cards analysis: the trick and the card that decided the game, the card
that would have kept it, and the better way to play; or, for a game nobody could win, that it was bad luck.

The games are whole games of the deal played by the bots' rules for every seat (the child's moves included), so the
address is the one the table page shows after its last trick. Screenshots: test-artifacts/screenshots/skat-analysis/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from webapp.games.skat.table_codes import bot_game_codes

from .conftest import SCREENSHOTS

pytestmark = pytest.mark.e2e

SHOTS = SCREENSHOTS / "skat-analysis"
TABLET = {"width": 768, "height": 1024}
PHONE = {"width": 390, "height": 844}
#: Deal 33, game 1: the child (forehand) defends a Spades game that the declarer wins with 66; its 9 of clubs in
#: trick 8 decided it (with the King of diamonds or the 10 of hearts the defence had held).
LOST_BY_A_CARD = 33
#: Deal 7, game 1: the child declares Clubs and loses; with these cards the game could not be won.
LOST_BY_THE_DEAL = 7
#: The analysis runs in a worker process (started on first use); the page asks every second.
WAIT_MS = 60_000


def finished(seed: int) -> str:
    return f"/skat/table?seed={seed}&game=1&a={'.'.join(bot_game_codes(seed)[1])}"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_a_child_reads_which_card_lost_the_game(new_page):
    """Tablet, English: "thinking" first, then the trick and card that decided it and the cards that would have
    held; the better way to play opens with a tap."""
    page = new_page(viewport=TABLET)
    page.goto(finished(LOST_BY_A_CARD))
    analysis = page.locator("#analysis")
    expect(analysis).to_be_visible()
    expect(page.locator("#analysis-steps")).to_be_visible(timeout=WAIT_MS)
    text = page.locator("#analysis-steps").inner_text()
    assert "Trick 8" in text and "your side could still beat the declarer" in text
    expect(page.locator("#analysis-retry")).to_be_visible()
    better = page.locator("#analysis-steps .step-skat-analysis-better")
    expect(better).to_contain_text("This card would have kept it")
    assert better.locator('[aria-label="King of Diamonds"]').count() == 1
    page.locator("#analysis-title").scroll_into_view_if_needed()
    shot(page, "tablet-lost-by-a-card")
    page.locator("#better-line summary").click()
    tricks = page.locator("#better-line .line-tricks li")
    expect(tricks.first).to_contain_text("Trick 8")
    assert tricks.count() == 3  # tricks 8, 9 and 10
    page.locator("#better-line").scroll_into_view_if_needed()
    shot(page, "tablet-better-line")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_a_game_nobody_could_win_is_called_bad_luck_in_german(new_page):
    page = new_page(viewport=PHONE, locale="de-DE")
    page.goto(finished(LOST_BY_THE_DEAL))
    expect(page.locator("#analysis-steps")).to_be_visible(timeout=WAIT_MS)
    text = page.locator("#analysis-steps").inner_text()
    assert "nicht gewinnen" in text and "nicht das Problem" in text
    page.locator("#analysis-title").scroll_into_view_if_needed()
    shot(page, "phone-de-bad-luck")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_without_javascript_the_check_is_a_page_that_refreshes_itself(new_page):
    page = new_page(viewport=PHONE, java_script_enabled=False)
    page.goto(finished(LOST_BY_A_CARD))
    page.locator("#analysis a.action").click()
    expect(page.locator("#analysis-steps")).to_be_visible(timeout=WAIT_MS)  # the meta refresh, every 2 s
    expect(page.locator("#back-to-table")).to_be_visible()
    shot(page, "phone-nojs-analysis")
