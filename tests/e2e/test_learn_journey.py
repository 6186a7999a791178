"""Issue 36's journey in a browser, across a server restart: a child on a phone answers the first item of the
first Skat lesson wrong, then masters the lesson; the map shows it after a reload and after the server is
restarted on the same database (the cookie on the phone is all the child keeps); the next day "Practise my
mistakes" gives the wrong answer's rule back (the 1-3-7 ladder: the first review is one day later)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from webapp.learn import path, store

from .conftest import served_app
from .flow_helpers import touch_options
from .helpers import htmx_swap
from .test_learn import master_cards, shot

pytestmark = pytest.mark.e2e


def test_a_wrong_answer_the_map_after_a_restart_and_the_mistake_the_next_day(new_page, tmp_path, monkeypatch):
    page = new_page(locale="en-US", screenshot=False, **touch_options("phone"))
    lesson = path.get("skat.cards")
    with served_app(tmp_path, "e2e-journey-secret") as (app, base):
        page.goto(f"{base}/learn")
        page.locator("#learn-go").tap()
        seed = int(page.locator("#learn-form input[name='seed']").get_attribute("value"))
        number = int(page.locator("#learn-form input[name='number']").get_attribute("value"))
        _, question = path.practice_item(lesson, seed, number)
        page.fill("#input-points", str(question.points + 1))
        with htmx_swap(page):
            page.locator("#learn-submit").tap()
        expect(page.locator("#feedback-verdict")).not_to_have_class("verdict verdict-right celebrate")
        with htmx_swap(page):
            page.locator("#learn-next").tap()
        master_cards(app, page)
        page.reload()
        page.goto(f"{base}/learn")
        expect(page.locator("#lesson-skat-cards")).to_have_class("learn-lesson is-mastered")
        expect(page.locator("#learn-week")).to_contain_text("5 of 20")
        expect(page.locator("#learn-mistakes")).to_have_count(0)  # reviewed from tomorrow on
    with served_app(tmp_path, "e2e-journey-secret") as (app, base):  # the server restarted, the database kept
        page.goto(f"{base}/learn")
        expect(page.locator("#lesson-skat-cards")).to_have_class("learn-lesson is-mastered")
        expect(page.locator("#learn-week")).to_contain_text("5 of 20")
        tomorrow = store.today() + 1
        monkeypatch.setattr(store, "today", lambda: tomorrow)
        page.goto(f"{base}/learn")
        expect(page.locator("#learn-mistakes")).to_contain_text("Practise my mistakes (1)")
        shot(page, "journey-mistake-next-day-phone")
        page.locator("#learn-mistakes").tap()
        expect(page.locator("#input-points")).to_be_visible()  # a card points item: the rule got wrong
