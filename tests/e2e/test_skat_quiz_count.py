"""The Skat counting and bidding quiz kinds (skat_points, skat_result, skat_bid) and Yahtzee's yahtzee_boxes in a
real browser: on a phone in
French and on the projector size in German, each question of a hard quiz answered by tapping the first choice and
typing a number; the feedback with its steps, no page scrolling sideways, the answer controls on screen, no
accessibility violation."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .accessibility import assert_accessible
from .flow_helpers import assert_in_view, shoot, touch_options
from .helpers import htmx_swap

pytestmark = pytest.mark.e2e

KINDS = ("skat_points", "skat_result", "skat_bid", "yahtzee_boxes")


def no_sideways_scroll(page: Page, what: str) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"{what} scrolls sideways: {widths}"


def answer_anything(page: Page) -> None:
    """Fill every field of the question shown: a number field with its lowest number (the browser refuses one below
    ``min``), a choice field with its first choice."""
    for field in page.locator("#quiz-panel fieldset.q-field").all():
        number = field.locator("input.q-number")
        if number.count():
            number.fill(number.get_attribute("min") or "0")
        else:
            field.locator("label.q-choice").first.click()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("size", "locale"), [("phone", "fr-FR"), ("projector", "de-DE")])
def test_every_question_of_the_counting_and_bidding_kinds_is_answered_with_its_reasons(new_page, kind, size, locale):
    page = new_page(locale=locale, **touch_options(size))
    page.goto("/quiz")
    page.locator(f"input[name='kind'][value='{kind}']").check()
    page.locator("input[name='difficulty'][value='hard']").check()
    page.fill("#quiz-count", "3")
    page.locator("#quiz-start").click()
    for number in range(3):
        expect(page.locator("#quiz-panel-title")).to_be_visible()
        no_sideways_scroll(page, f"{kind} question {number + 1} ({size})")
        if number == 0:
            shoot(page, f"quiz-{kind}-{size}")
            assert_accessible(page, f"{kind} question ({size})")
        answer_anything(page)
        with htmx_swap(page):
            page.locator("#quiz-submit").click()
        expect(page.locator("#feedback-verdict")).to_be_visible()
        assert_in_view(page, page.locator("#feedback-verdict"), f"{kind}: the verdict ({size})")
        expect(page.locator("#feedback-steps li").first).to_be_visible()
        no_sideways_scroll(page, f"{kind} feedback {number + 1} ({size})")
        if number == 0:
            assert_accessible(page, f"{kind} feedback ({size})")
        if number < 2:
            with htmx_swap(page):
                page.locator("#quiz-next").click()
