"""The Tichu trainer in a real browser: building plays by clicking and typing, taking cards back."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

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


def add(page: Page, which: str, cards: str) -> None:
    """Click the picker buttons for ``cards`` (seed notation, or suited cards from :func:`suited`), waiting for each answer."""
    row = page.locator(f"#{which}-cards button")
    for card in suited(cards):
        before = row.count()
        htmx_click(page, page.locator(f"#add-{which}-{card}"))
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
    htmx_click(page, page.locator("#add-play-4r"))
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
