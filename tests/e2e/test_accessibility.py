"""Every page, in English and in German, passes axe-core without serious or critical findings."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .accessibility import assert_accessible

pytestmark = pytest.mark.e2e

SEED_HAND = "JC,JS,JD,AC,KC,9C,AS,7H,QD,8D"

#: (id, path, HTTP status, an element that shows the page is complete)
PAGES = [
    ("home", "/", 200, ".trainers"),
    ("skat-empty", "/skat", 200, "#skat-hint"),
    ("skat-seed-hand", f"/skat?hand={SEED_HAND}", 200, "#skat-value"),
    ("skat-bad-card", "/skat?hand=JC,XX", 400, ".problem"),
    ("skat-coach", f"/skat?rules=official&hand={SEED_HAND}&skat=JH,7D", 200, "#coach-safe"),
    ("skat-score-sheet", "/skat/score", 200, "#score-form"),
    ("tichu-empty", "/tichu", 200, "#tichu-hint"),
    ("tichu-verdict", "/tichu?table=44499&play=77722", 200, "#tichu-verdict"),
    ("tichu-reading", "/tichu?table=23456&play=3456P&wish=8&hand=3456P8", 200, "#tichu-readings"),
    ("tichu-trick", "/tichu/trick?lesson=wish", 200, "#trick-wish"),
    ("tichu-trick-done", "/tichu/trick?lesson=full&m=1:w8&m=R&m=pass", 200, "#trick-winner"),
    ("tichu-score", "/tichu/score?first=1&second=2&third=3&t1=30&t2=20&t3=25&t4=15&hand=10", 200, "#score-total"),
    ("tichu-round-call", "/tichu/round?seed=3&round=1&a=0&b=0", 200, ".round-call"),
    ("yahtzee", "/yahtzee", 200, "#yz-roll"),
    ("quiz-start", "/quiz", 200, "#quiz-new"),
    ("class-start", "/class", 200, "#class-join-form"),
    ("class-unknown", "/class/ZZZZZZ", 404, ".problem"),
    ("learn-map", "/learn", 200, "#learn-go"),
    ("learn-lesson", "/learn/skat.cards", 200, "#learn-item"),
    ("learn-locked", "/learn/skat.game_value", 200, "#learn-locked"),
    ("learn-play", "/learn/tichu.round", 200, "#learn-locked"),
    ("learn-mistakes", "/learn/mistakes", 200, "#learn-nothing"),
    ("homework-new", "/learn/homework/new", 200, "#hw-create"),
    ("homework-join", "/learn/class", 200, "#hw-join"),
    ("homework-unknown", "/learn/homework/ZZZZZZ", 404, ".problem"),
    ("learn-parents", "/learn/parents", 200, "#parents-none"),
    ("learn-forget", "/learn/forget", 200, "#forget-yes"),
    ("privacy", "/privacy", 200, "#privacy-days"),
]
LOCALES = [("en", "en-US"), ("de", "de-DE")]


@pytest.mark.parametrize(("lang", "locale"), LOCALES, ids=[lang for lang, _ in LOCALES])
@pytest.mark.parametrize(("path", "status", "ready"), [p[1:] for p in PAGES], ids=[p[0] for p in PAGES])
def test_page_is_accessible(loaded_page, browser_errors, lang, locale, path, status, ready):
    if status >= 400:
        browser_errors.allow_status(status)
    page = loaded_page(locale=locale)
    response = page.goto(path)
    assert response is not None and response.status == status, f"{path} answered {response and response.status}"
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(ready).first).to_be_visible()
    assert_accessible(page, f"{path} ({lang})")

