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
    ("tichu-empty", "/tichu", 200, "#tichu-hint"),
    ("tichu-verdict", "/tichu?table=44499&play=77722", 200, "#tichu-verdict"),
    ("quiz-start", "/quiz", 200, "#quiz-new"),
    ("class-start", "/class", 200, "#class-join-form"),
    ("class-unknown", "/class/ZZZZZZ", 404, ".problem"),
]
LOCALES = [("en", "en-US"), ("de", "de-DE")]


@pytest.mark.parametrize(("lang", "locale"), LOCALES, ids=[lang for lang, _ in LOCALES])
@pytest.mark.parametrize(("path", "status", "ready"), [p[1:] for p in PAGES], ids=[p[0] for p in PAGES])
def test_page_is_accessible(new_page, browser_errors, lang, locale, path, status, ready):
    if status >= 400:
        browser_errors.allow_status(status)
    page = new_page(locale=locale)
    response = page.goto(path)
    assert response is not None and response.status == status, f"{path} answered {response and response.status}"
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(ready).first).to_be_visible()
    assert_accessible(page, f"{path} ({lang})")

