"""The quiz in a real browser: start, answer with feedback swapped in, reload keeps the state."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .accessibility import assert_accessible
from .conftest import SCREENSHOTS, TABLET
from .helpers import htmx_click

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("lang", "locale", "question"), [("en", "en-US", "Question 1 of 3"), ("de", "de-DE", "Frage 1 von 3")])
def test_a_quiz_on_a_tablet(new_page, lang, locale, question):
    page: Page = new_page(locale=locale, viewport=TABLET, has_touch=True)
    page.goto("/quiz")
    page.fill("#quiz-count", "3")
    page.click("#quiz-start")
    expect(page.locator(".quiz-progress")).to_have_text(question)
    code = page.locator("#quiz-code-value").inner_text()
    assert_accessible(page, f"quiz question ({lang})")
    page.locator("#field-trump label.q-choice").last.tap()  # pass
    htmx_click(page, page.locator("#quiz-submit"))
    expect(page.locator("#feedback-verdict")).to_be_visible()
    expect(page.locator("#feedback-steps li").first).to_be_visible()
    assert page.url.endswith("/0")  # the feedback has its own address
    page.reload()
    expect(page.locator("#feedback-verdict")).to_be_visible()  # nothing lost on reload
    expect(page.locator("#quiz-score")).to_contain_text("1")
    htmx_click(page, page.locator("#quiz-next"))
    expect(page.locator("#quiz-panel-title")).to_contain_text("2")
    assert_accessible(page, f"quiz feedback ({lang})")

    # a friend enters the same code and gets the same first hand
    friend = new_page(locale=locale)
    friend.goto("/quiz")
    friend.fill("#quiz-code", code.lower())
    friend.click("#quiz-code-start")
    expect(friend.locator(".quiz-progress")).to_have_text(question)
    page.goto(page.url + "/0")
    mine = page.locator(".q-card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    theirs = friend.locator(".q-card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert mine == theirs and len(mine) == 10


@pytest.mark.parametrize(("kind", "answer"), [("skat_official", "#input-value"), ("poker_showdown", "#field-winner")])
def test_a_question_of_the_new_kinds(new_page, kind, answer):
    """Skat official value: type a number; poker: tap a hand. Feedback with the steps either way."""
    page: Page = new_page(locale="de-DE", viewport=TABLET, has_touch=True)
    page.goto("/quiz")
    page.locator(f"input[name='kind'][value='{kind}']").check()
    page.locator("input[name='difficulty'][value='hard']").check()
    page.fill("#quiz-count", "2")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"quiz-start-{kind}.png"), full_page=True)
    page.click("#quiz-start")
    expect(page.locator(".quiz-progress")).to_have_text("Frage 1 von 2")
    assert_accessible(page, f"quiz question {kind}")
    if kind == "skat_official":
        expect(page.locator(".q-card")).to_have_count(12)
        page.fill(answer, "1")  # never a game value
    else:
        expect(page.locator(".q-card.poker-face")).to_have_count(10)
        page.locator(f"{answer} label.q-choice").first.tap()
    htmx_click(page, page.locator("#quiz-submit"))
    expect(page.locator("#feedback-verdict")).to_be_visible()
    expect(page.locator("#feedback-steps li").first).to_be_visible()
    if kind == "skat_official":
        expect(page.locator("#feedback-verdict")).to_contain_text("Nicht ganz.")
        expect(page.locator("#feedback-steps li.step-wrong")).to_have_count(1)
    assert_accessible(page, f"quiz feedback {kind}")
