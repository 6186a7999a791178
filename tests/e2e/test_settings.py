"""The header settings: language switch (kept in a cookie) and the four-colour deck."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .helpers import htmx_click

pytestmark = pytest.mark.e2e


def cookie(page: Page, name: str) -> str | None:
    for item in page.context.cookies():
        if item["name"] == name:
            return item["value"]
    return None


def colour(page: Page, selector: str) -> str:
    return page.locator(selector).evaluate("element => getComputedStyle(element).color")


def expect_colours(page: Page, one: str, other: str, *, same: bool) -> None:
    """Wait until the cards ``one`` and ``other`` are drawn in the same (or in different) colours.

    A colour read once, right after the page changed, may be one in passing (a transition, a style sheet
    still loading); waiting for the condition makes the answer the page's final one.
    """
    page.wait_for_function(
        """([one, other, same]) => {
             const colour = (id) => getComputedStyle(document.querySelector(id)).color;
             return (colour(one) === colour(other)) === same;
           }""",
        arg=[one, other, same],
    )
    assert (colour(page, one) == colour(page, other)) is same


def test_switch_to_german_and_back_keeps_the_hand(page: Page):
    page.goto("/skat")
    expect(page.locator("h1")).to_have_text("Skat: what is my hand worth?")
    for code, number in (("JC", 1), ("AS", 2)):
        htmx_click(page, page.locator(f"#card-{code}"))
        expect(page.locator("#skat-count")).to_have_text(f"{number} of 10 cards chosen")
    expect(page).to_have_url(re.compile(r"/skat\?hand=JC,AS$"))

    page.get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("h1")).to_have_text("Skat: Was ist mein Blatt wert?")
    expect(page.locator("#suit-C")).to_contain_text("Kreuz")
    expect(page.get_by_role("button", name="Deutsch")).to_have_attribute("aria-pressed", "true")
    # back where the child was, with the hand built so far
    expect(page).to_have_url(re.compile(r"/skat\?hand=JC,AS$"))
    expect(page.locator("#card-JC")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#card-AS")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".skat-card[aria-pressed='true']")).to_have_count(2)
    expect(page.locator("#skat-count")).to_have_text("2 von 10 Karten gewählt")
    assert cookie(page, "lang") == "de"

    # the cookie keeps German on the next page, although the browser asks for English
    page.locator("header nav.nav-wide a[href='/tichu']").click()
    expect(page).to_have_url(re.compile(r"/tichu$"))
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("h1")).to_have_text("Tichu: Darf ich das spielen?")

    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page).to_have_url(re.compile(r"/tichu$"))
    expect(page.locator("h1")).to_have_text("Tichu: may I play this?")
    assert cookie(page, "lang") == "en"


def test_four_colour_deck(page: Page):
    page.goto("/skat")
    toggle = page.locator(".settings-wide button[name=deck]")  # the header's row (phones: the copy in the menu)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect_colours(page, "#card-AS", "#card-AC", same=True)  # two-colour deck: spades and clubs are both black

    toggle.click()
    expect(page.locator("body")).to_have_class(re.compile(r"\bdeck-four\b"))
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect_colours(page, "#card-AS", "#card-AC", same=False)
    expect_colours(page, "#card-AD", "#card-AH", same=False)
    assert cookie(page, "deck") == "4"

    # the cookie keeps the choice on the next page
    page.goto("/skat?hand=JC")
    expect(page.locator("body")).to_have_class(re.compile(r"\bdeck-four\b"))
    expect(page.locator("#card-JC")).to_have_attribute("aria-pressed", "true")

    toggle.click()
    expect(page.locator("body")).to_have_class(re.compile(r"\bdeck-two\b"))
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect_colours(page, "#card-AS", "#card-AC", same=True)
    expect(page.locator("#card-JC")).to_have_attribute("aria-pressed", "true")  # the hand survives the toggle


def test_on_a_phone_the_languages_are_in_the_menu_and_the_header_is_one_row(new_page):
    """Five language buttons do not fit a phone's header: they wait in the menu, with the deck button, and work
    from there without JavaScript; the closed header is one row, so the page starts near the top."""
    page = new_page(locale="fr-FR", viewport={"width": 390, "height": 844}, has_touch=True, java_script_enabled=False)
    page.goto("/skat?hand=JC")
    expect(page.get_by_role("button", name="Deutsch")).to_have_count(0)  # hidden while the menu is closed
    assert page.locator("header.site").bounding_box()["height"] < 80
    page.locator("details.nav-menu summary").click()
    for name in ("Deutsch", "English", "Español", "Français", "Português"):
        expect(page.get_by_role("button", name=name)).to_be_visible()
    page.get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page).to_have_url(re.compile(r"/skat\?hand=JC$"))
