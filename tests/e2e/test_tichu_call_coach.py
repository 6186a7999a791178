"""The Tichu coach's call advice in Chromium (issue 38, section 2): a child on a tablet (768 x 1024) in German at
its first 8 cards sees the coach "thinking", then the Grand Tichu advice with the chance beside the question and
its buttons; the advice comes from a worker process (the live server's own pool), swapped in by htmx's poll.
Screenshots in test-artifacts/issue38/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import ROOT
from .flow_helpers import touch_options
from .helpers import assert_in_view, assert_layout

pytestmark = pytest.mark.e2e

SHOTS = ROOT / "test-artifacts" / "issue38"
#: A deal no other test opens, so its advice is not kept yet: the page must say "thinking" first.
START = "/tichu/round?seed=3838&round=1&a=0&b=0"


def test_the_child_at_8_cards_sees_thinking_then_the_grand_tichu_advice(new_page):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = new_page(locale="de-DE", **touch_options("tablet"))
    page.goto(START)
    thinking = page.locator("#round-call-thinking")
    expect(thinking).to_be_visible()
    expect(thinking).to_contain_text("Der Trainer spielt viele Runden mit deinen Karten durch")
    page.screenshot(path=str(SHOTS / "tablet-de-grand-thinking.png"))
    advice = page.locator("#round-call-advice")
    expect(advice).to_be_visible(timeout=90_000)  # the worker starts and plays 200 deals
    expect(thinking).to_have_count(0)
    expect(advice).to_contain_text("Großes Tichu")
    expect(advice).to_contain_text("von 100")
    for part in ("#round-grand-question", "#round-call", "#round-grand", "#round-no-grand"):
        assert_in_view(page, page.locator(part), part)
    page.locator("#round-call-why summary").click()
    expect(page.locator("#round-call-why .step-tichu-chance-chance")).to_be_visible()
    assert_layout(page, touch=True, what="the Grand Tichu advice")
    page.screenshot(path=str(SHOTS / "tablet-de-grand-advice.png"))
    page.reload()  # kept: the advice at once, no "thinking"
    expect(advice).to_be_visible()
    expect(thinking).to_have_count(0)
