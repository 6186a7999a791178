"""The games' glossaries in Chromium (issue 33): a tap on a word shows its explanation in place (a popover: HTML,
so JavaScript may be off), its link leads to the word on the glossary page; the glossary pages at phone and
projector size. Screenshots: test-artifacts/screenshots/glossary/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import SCREENSHOTS
from .helpers import assert_in_view, assert_layout

pytestmark = pytest.mark.e2e

SHOTS = SCREENSHOTS / "glossary"
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}
#: Deal 7, game 1: the child (player 0) is forehand.
TABLE = "/skat/table?seed=7&game=1"


def tap_word(page: Page, word, touch: bool = True):
    """Tap (or click) a marked word and return its explanation, which must then be shown and on screen."""
    tip = page.locator(f"#{word.get_attribute('popovertarget')}")
    expect(tip).to_be_hidden()
    word.scroll_into_view_if_needed()
    word.tap() if touch else word.click()
    expect(tip).to_be_visible()
    assert_in_view(page, tip, "the explanation")
    return tip


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
def test_tap_vorhand_at_the_skat_table_on_a_phone(new_page, js):
    page = new_page(locale="de-DE", viewport=PHONE, has_touch=True, is_mobile=True, java_script_enabled=js,
                    screenshot=False)
    page.goto(TABLE)
    word = page.locator("#my-seat-title .term-word")
    expect(word).to_have_text("Vorhand")
    assert_layout(page, touch=True, what="the Skat table with its marked words")
    tip = tap_word(page, word)
    expect(tip).to_contain_text("Vorhand")
    expect(tip).to_contain_text("Wer links vom Geber sitzt. Vorhand spielt die erste Karte")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"skat-table-vorhand-phone-{'js' if js else 'no-js'}.png"))
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    expect(page.locator("#my-hand")).to_be_visible()  # the table is unchanged behind it

    # "Alle Wörter" leads to the word on the glossary page.
    tip = tap_word(page, word)
    tip.locator(".term-more").tap()
    expect(page).to_have_url(re.compile(r"/words/skat#forehand$"))
    expect(page.locator("#forehand")).to_be_in_viewport()
    expect(page.locator("#forehand dd")).to_contain_text("Wer links vom Geber sitzt")


def test_the_bot_seats_and_the_value_steps_explain_their_words(new_page):
    page = new_page(locale="de-DE", viewport=PHONE, has_touch=True, is_mobile=True, screenshot=False)
    page.goto(TABLE)
    for seat in ("#seat-1", "#seat-2"):
        word = page.locator(f"{seat} .seat-line .term-word").first
        expect(word).to_have_text(re.compile("^(Mittelhand|Hinterhand)$"))
        tip = tap_word(page, word)
        expect(tip).to_contain_text(re.compile("Wer links von Vorhand|Der dritte Spieler"))
        page.keyboard.press("Escape")
    page.goto("/skat?hand=JC,JS,JD,AC,KC,9C,AS,7H,QD,8D")
    word = page.locator("#skat-steps .term-word", has_text="mit 2")
    tip = tap_word(page, word)
    expect(tip).to_contain_text("Mit / ohne (Spitzen)")
    page.screenshot(path=str(SHOTS / "skat-value-mit-2-phone.png"))


@pytest.mark.parametrize("screen,size,touch", [("phone", PHONE, True), ("projector", PROJECTOR, False)])
@pytest.mark.parametrize("game", ["skat", "tichu", "pokerface", "yahtzee"])
def test_the_glossary_pages(loaded_page, screen, size, touch, game):
    page = loaded_page(locale="de-DE", viewport=size, has_touch=touch, is_mobile=touch, screenshot=False)
    page.goto(f"/words/{game}")
    words = page.locator("#words .word")
    assert words.count() >= 11
    for dt in words.locator("dt").all():
        expect(dt).not_to_be_empty()
    assert_layout(page, touch=touch, what=f"the {game} glossary at {screen} size")
    columns = page.locator("#words").evaluate("e => getComputedStyle(e).columnCount")
    assert columns == ("2" if screen == "projector" else "auto")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"words-{game}-{screen}.png"), full_page=True)
    expect(page.locator("#words-back")).to_have_attribute("href", f"/{game}")


def test_the_yahtzee_score_card_explains_its_boxes_and_bonuses(new_page):
    page = new_page(locale="de-DE", viewport=PHONE, has_touch=True, is_mobile=True, screenshot=False)
    page.goto("/yahtzee")
    assert_layout(page, touch=True, what="the Yahtzee score card with its marked words")
    tip = tap_word(page, page.locator("#yz-yahtzee-bonus").locator("xpath=..").locator(".term-word"))
    expect(tip).to_contain_text("Jeder weitere Kniffel bringt 100 Extrapunkte")
    page.screenshot(path=str(SHOTS / "yahtzee-bonus-phone.png"))
