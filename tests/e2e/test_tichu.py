"""The Tichu trainer in a real browser: building plays by clicking and typing, taking cards back."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from .flow_helpers import SIZES, TOUCH_SIZES, assert_in_view, history_length, shoot, touch_options
from .helpers import htmx_click, htmx_swap

pytestmark = pytest.mark.e2e


SUITS = "gkbr"


def suited(cards: str) -> list[str]:
    """The picker cards for ``cards`` in the seed notation: a natural rank's copies take Jade, Sword, Pagoda, Star in turn."""
    seen: dict[str, int] = {}
    result = []
    for char in cards:
        if char in "1RPD":
            result.append(char)
        else:
            result.append(char + SUITS[seen.get(char, 0)])
            seen[char] = seen.get(char, 0) + 1
    return result


def switch_to(page: Page, which: str) -> None:
    """Turn the deck's switch to ``which`` (``table`` or ``play``) unless it points there already."""
    switch = page.locator(f"#target-{which}")
    if switch.get_attribute("aria-pressed") != "true":
        htmx_click(page, switch)
    expect(switch).to_have_attribute("aria-pressed", "true")


def add(page: Page, which: str, cards: str) -> None:
    """Tap the deck's cards for ``cards`` (seed notation, or suited cards from :func:`suited`) into ``which``,
    waiting for each answer."""
    switch_to(page, which)
    row = page.locator(f"#{which}-cards button")
    for card in suited(cards):
        before = row.count()
        htmx_click(page, page.locator(f"#add-{card}"))
        expect(row).to_have_count(before + 1)


def expect_verdict(page: Page, verdict: str) -> None:
    verdict_box = page.locator("#tichu-verdict")
    expect(verdict_box).to_have_text(verdict)
    expect(verdict_box).to_have_class(re.compile(r"verdict-legal" if verdict == "Allowed" else r"verdict-illegal"))
    expect(page.locator("#tichu-steps li").first).to_be_visible()


def query(url: str) -> dict[str, str]:
    parts = urlsplit(url)
    assert parts.path == "/tichu", url
    return {key: values[0] for key, values in parse_qs(parts.query).items()}


def test_full_house_on_full_house_by_clicking(page: Page):
    page.goto("/tichu")
    expect(page.locator("#tichu-hint")).to_be_visible()
    add(page, "table", "44499")
    expect(page.locator("#table-text")).to_have_value("4g4k4b9g9k")
    expect(page.locator("#tichu-hint")).to_be_visible()  # no play of our own yet
    add(page, "play", "77722")
    expect(page.locator("#play-text")).to_have_value("7g7k7b2g2k")
    expect_verdict(page, "Allowed")
    expect(page).to_have_url(re.compile(r"/tichu\?"))
    assert query(page.url) == {"table": "4g4k4b9g9k", "play": "7g7k7b2g2k"}
    for card in ("4g", "9k", "7b", "2g"):  # one deck: what lies on the table or in the play is greyed, with the reason
        expect(page.locator(f"#add-{card}")).to_be_disabled()
    expect(page.locator("#add-4g")).to_have_attribute("aria-label", re.compile(r"\(Already on the table\)$"))
    expect(page.locator("#add-7b")).to_have_attribute("aria-label", re.compile(r"\(Already in your play\)$"))

    page.reload()
    expect_verdict(page, "Allowed")
    expect(page.locator("#play-cards button")).to_have_count(5)


def test_an_ace_does_not_beat_the_dragon(page: Page):
    page.goto("/tichu")
    add(page, "table", "R")
    add(page, "play", "A")
    expect_verdict(page, "Not allowed")


def test_the_dog_may_lead(page: Page):
    page.goto("/tichu")
    expect(page.locator("#table-cards .empty")).to_be_visible()  # nothing on the table: we lead
    add(page, "play", "D")
    expect_verdict(page, "Allowed")


@pytest.mark.parametrize("submit", ["enter", "check-button"])
def test_typed_plays(page: Page, submit: str):
    page.goto("/tichu")
    page.locator("#table-text").fill("5555")
    page.locator("#play-text").fill("777P")
    with htmx_swap(page):
        if submit == "enter":
            page.locator("#play-text").press("Enter")
        else:
            page.locator("#tichu-check").click()
    expect_verdict(page, "Not allowed")
    expect(page.locator("#table-cards button")).to_have_count(4)
    expect(page.locator("#play-cards button")).to_have_count(4)
    expect(page).to_have_url(re.compile(r"/tichu\?"))
    assert query(page.url) == {"table": "5555", "play": "777P"}


def test_a_card_in_the_play_row_can_be_taken_back(page: Page):
    page.goto("/tichu?table=44499&play=77722")
    expect_verdict(page, "Allowed")
    play_row = page.locator("#play-cards button")
    expect(play_row).to_have_count(5)
    expect(play_row.last).to_have_attribute("aria-label", re.compile(r"^Take back"))

    htmx_click(page, play_row.last)  # one of the twos
    expect(play_row).to_have_count(4)
    expect(page.locator("#play-text")).to_have_value("7772")
    expect_verdict(page, "Not allowed")
    assert query(page.url) == {"table": "44499", "play": "7772"}

    htmx_click(page, page.locator("#clear-play"))
    expect(play_row).to_have_count(0)
    expect(page.locator("#tichu-hint")).to_be_visible()
    expect(page.locator("#table-cards button")).to_have_count(5)


def test_a_fifth_card_of_a_rank_is_refused(page: Page, browser_errors):
    browser_errors.allow_status(422)
    page.goto("/tichu?table=4444")
    expect(page.locator("#table-cards button")).to_have_count(4)
    switch_to(page, "play")
    htmx_click(page, page.locator("#add-4r"))
    expect(page.locator("#tichu-result .problem")).to_be_visible()
    expect(page.locator("#play-cards button")).to_have_count(0)
    expect(page.locator("#table-cards button")).to_have_count(4)


def test_verdict_in_german(new_page):
    page = new_page(locale="de-DE")
    page.goto("/tichu?table=44499&play=77722")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#tichu-verdict")).to_have_text("Erlaubt")
    page.goto("/tichu?table=R&play=A")
    expect(page.locator("#tichu-verdict")).to_have_text("Nicht erlaubt")


def test_one_deck_on_the_page(page: Page):
    """The page shows the 56-card deck once, plus the two rows of chosen cards."""
    page.goto("/tichu")
    expect(page.locator(".picker-deck button")).to_have_count(56)
    expect(page.locator("#target-table")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("size", TOUCH_SIZES)
def test_a_tapped_card_stays_under_the_finger(new_page, size: str):
    """Tapping a deck card swaps the page's parts: the card must not move (no scroll jump) and the verdict shows."""
    page = new_page(**touch_options(size))
    page.goto("/tichu?table=44499&play=777")
    for card in ("2r", "Kr", "9b"):  # the last suit row, a card far right, and one in the middle
        tapped = page.locator(f"#add-{card}")
        tapped.scroll_into_view_if_needed()
        before = tapped.bounding_box()
        scroll_before = page.evaluate("() => scrollY")
        htmx_click(page, tapped)
        after = tapped.bounding_box()
        assert before and after
        assert abs(after["y"] - before["y"]) <= 3, f"{card} moved from y={before['y']} to y={after['y']}"
        assert abs(page.evaluate("() => scrollY") - scroll_before) <= 3
        assert_in_view(page, page.locator("#tichu-verdict"))
        htmx_click(page, page.locator("#play-cards button").last)  # take it back for the next try
    shoot(page, f"tichu-after-taps-{size}")


@pytest.mark.parametrize("size", TOUCH_SIZES)
def test_the_verdict_is_on_screen_after_a_tap(new_page, size: str):
    page = new_page(**touch_options(size))
    page.goto("/tichu?table=R")
    expect(page.locator("#target-play")).to_have_attribute("aria-pressed", "true")
    htmx_click(page, page.locator("#add-Ar"))
    expect(page.locator("#tichu-verdict")).to_have_text("Not allowed")
    assert_in_view(page, page.locator("#tichu-verdict"))
    assert_in_view(page, page.locator("#add-Ar"))


def test_focus_stays_on_the_tapped_take_back_row(page: Page):
    """Keyboard: after a swap htmx gives the focus back to the button with the same id."""
    page.goto("/tichu?table=44499&play=77722")
    page.locator("#table-card-1").focus()
    htmx_click(page, page.locator("#target-table"))
    expect(page.locator("#target-table")).to_be_focused()


def test_taps_inside_the_page_do_not_grow_history(page: Page):
    page.goto("/tichu")
    start = history_length(page)
    add(page, "table", "44499")  # 5 taps
    add(page, "play", "7772")  # the switch, 4 taps
    htmx_click(page, page.locator("#play-cards button").last)  # 11 clicks in all
    expect_verdict(page, "Not allowed")
    assert history_length(page) == start
    assert query(page.url) == {"table": "4g4k4b9g9k", "play": "7g7k7b"}


def test_without_javascript_the_switch_and_the_deck_work(new_page):
    page = new_page(java_script_enabled=False)
    page.goto("/tichu?play=2g")
    page.locator("#target-table").click()
    expect(page.locator("#target-table")).to_have_attribute("aria-pressed", "true")
    page.locator("#add-Ar").click()
    expect(page.locator("#table-cards button")).to_have_count(1)
    expect(page.locator("#tichu-verdict")).to_have_text("Not allowed")
    page.locator("#target-play").click()
    page.locator("#play-card-1").click()  # take the 2 back
    page.locator("#add-R").click()
    expect(page.locator("#tichu-verdict")).to_have_text("Allowed")
    assert query(page.url) == {"table": "Ar", "play": "R"}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots(new_page, size: str, lang: str):
    page = new_page(locale="de-DE" if lang == "de" else "en-US", **touch_options(size))
    page.goto("/tichu?table=44499&play=77722")
    expect(page.locator("#tichu-verdict")).to_be_visible()
    shoot(page, f"tichu-{size}-{lang}")
    page.goto("/tichu/trick")
    expect(page.locator("#hand-cards")).to_be_visible()
    shoot(page, f"tichu-trick-{size}-{lang}")
    page.goto("/tichu/score?first=1&second=2&third=3&t1=30&t2=20&t3=25&t4=15&hand=10&call1=tichu")
    expect(page.locator("#score-total")).to_be_visible()
    shoot(page, f"tichu-score-{size}-{lang}")
