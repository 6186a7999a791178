"""A server error met by an htmx click: the child sees the app's error page in place of the page's main part,
with the header (and so the way home and the language switch) kept. Without this, htmx dropped 5xx answers
and the tap seemed to do nothing (issue 13, section 2: a full disk or a read-only database answers 503)."""

from __future__ import annotations

from playwright.sync_api import Route, expect

ERROR_PAGE = """<!doctype html><html><body><header>other header</header>
<main id="main"><h1 id="error-title">Storage full</h1><p>Nothing saved before is lost.</p></main></body></html>"""


def test_an_htmx_click_that_meets_a_server_error_shows_the_error_page(page, browser_errors):
    browser_errors.allow_status(503)
    page.goto("/skat")
    card = page.locator("#main button.card, #main a.card").first
    expect(card).to_be_visible()

    def storage_full(route: Route) -> None:
        if route.request.headers.get("hx-request") == "true":
            route.fulfill(status=503, body=ERROR_PAGE, content_type="text/html; charset=utf-8")
        else:
            route.continue_()

    page.route("**/skat?*", storage_full)
    card.click()
    expect(page.locator("#error-title")).to_have_text("Storage full")
    expect(page.locator("#main")).to_have_count(1)  # replaced, not nested
    expect(page.locator("header").first).not_to_have_text("other header")  # the page's own header stays
