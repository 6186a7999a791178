"""Fair and kind scoring in Chromium (issue 37, section 2): a teacher on a 1920 x 1080 projector runs a question
with "right answers only" and no countdown; Mia answers on her phone (390 x 844), reads the whole question there,
loses her phone and asks on a second one (another browser context) to rejoin by her nickname; the teacher lets her
in on the projector, and the new phone has her seat with her points. Then the teacher gives Mia more time.

The app's clock is the test's (``CLASSROOM_CLOCK``): "two minutes later" is a step of the test, not a wait.
Screenshots in ``test-artifacts/issue37/``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .accessibility import assert_accessible
from .conftest import ROOT
from .test_classroom_live import LIVE, PHONE, PROJECTOR, classroom_server, live_server, right_answer  # noqa: F401

pytestmark = pytest.mark.e2e

SHOTS = ROOT / "test-artifacts" / "issue37"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_right_answers_only_no_countdown_and_a_rejoin_with_the_teachers_yes(new_page, classroom_server,
                                                                            browser_errors):
    app, clock, _ = classroom_server
    teacher = new_page(locale="en-US", viewport=PROJECTOR)
    teacher.goto("/class")
    teacher.locator("#class-new-form input[name='kind'][value='poker_showdown']").check()
    teacher.fill("#class-count", "3")
    teacher.click("#class-new")
    expect(teacher.locator("#join-code")).to_be_visible()
    code = teacher.locator("#join-code").inner_text().strip()
    # The defaults: right answers only, no countdown (the accessibility review: time limits and speed are barriers).
    expect(teacher.locator("#ask-form input[name=speed_bonus][value='0']")).to_be_checked()
    expect(teacher.locator("#ask-countdown")).to_have_value("0")

    mia = new_page(locale="en-US", viewport=PHONE, has_touch=True, is_mobile=True)
    mia.goto(f"/class/{code}")
    mia.fill("#class-nickname", "Mia")
    mia.click("#class-join")
    expect(mia.locator("#child-wait")).to_be_visible()
    teacher.click("#do-ask")
    expect(teacher.locator("#round-headline")).to_be_visible()
    expect(teacher.locator("#board-countdown")).to_have_count(0)
    headline = teacher.locator("#round-headline").inner_text()
    expect(mia.locator("#child-form")).to_be_visible(timeout=LIVE)
    expect(mia.locator("#child-question")).to_have_text(headline)  # the question itself, not only the buttons
    expect(mia.locator("#child-panel .q-cards .q-card").first).to_be_visible()
    expect(mia.locator("#child-countdown")).to_have_count(0)
    shot(mia, "phone-question")
    shot(teacher, "projector-question")
    assert_accessible(mia, "tablet question with the question text")
    clock.advance(120)  # no countdown: two minutes later the question is still open
    mia.locator(f"#field-winner label.q-choice:has(input[value='{right_answer(app, code)}'])").tap()
    mia.click("#child-submit")
    expect(mia.locator("#child-saved")).to_be_visible()
    expect(mia.locator("#child-question")).to_have_text(headline)
    teacher.click("#do-close")
    expect(teacher.locator("#round-answer")).to_be_visible()
    expect(mia.locator("#child-points")).to_have_text(re.compile(r"\+1,000 points"), timeout=LIVE)

    # Mia's phone is gone: on a second one her nickname is taken, so she asks her teacher to let her back in.
    phone = new_page(locale="en-US", viewport=PHONE, has_touch=True, is_mobile=True)
    browser_errors.allow_status(409)
    phone.goto(f"/class/{code}")
    phone.fill("#class-nickname", "Mia")
    phone.click("#class-join")
    expect(phone.locator("#class-rejoin-form")).to_be_visible()
    shot(phone, "phone-rejoin-offer")
    phone.click("#class-rejoin")
    expect(phone.locator("#rejoin-wait")).to_be_visible()
    shot(phone, "phone-rejoin-wait")
    assert_accessible(phone, "rejoin wait")
    request = teacher.locator("#rejoin-requests .rejoin-request")
    expect(request).to_contain_text("Mia wants to rejoin on another device.", timeout=LIVE)
    shot(teacher, "projector-rejoin-request")
    assert_accessible(teacher, "presenter with a rejoin request")
    browser_errors.allow_status(401)  # the lost phone's next poll: its cookie no longer holds the seat
    request.locator("button[value=let_in]").click()
    expect(request).to_have_count(0)
    expect(phone.locator("#child-nickname")).to_have_text("Mia", timeout=LIVE)
    expect(phone.locator("#child-place")).to_have_text("You are in place 1 with 1,000 points.", timeout=LIVE)
    shot(phone, "phone-rejoined")
    expect(mia.locator("#child-panel")).to_contain_text("join the class", timeout=LIVE)  # the lost phone is told

    # More time for Mia: the next question with a countdown stays open for her after it, until the teacher stops.
    teacher.locator("#children-list summary").click()
    button = teacher.locator("#children button[value=more_time]")
    button.click()
    expect(teacher.locator("#children button[value=more_time]")).to_have_attribute("aria-pressed", "true")
    teacher.select_option("#ask-countdown", "10")
    teacher.click("#do-ask")
    expect(phone.locator("#child-form")).to_be_visible(timeout=LIVE)
    clock.advance(15)
    expect(teacher.locator("#more-time-note")).to_be_visible(timeout=LIVE)
    expect(teacher.locator("#do-close")).to_be_visible()
    expect(teacher.locator("#live-bars")).to_have_count(0)
    shot(teacher, "projector-more-time")
    phone.reload()
    expect(phone.locator("#child-form")).to_be_visible()
    phone.locator(f"#field-winner label.q-choice:has(input[value='{right_answer(app, code)}'])").tap()
    phone.click("#child-submit")
    expect(phone.locator("#child-saved")).to_be_visible()
    teacher.click("#do-close")
    expect(phone.locator("#child-points")).to_have_text(re.compile(r"\+1,000 points"), timeout=LIVE)
    shot(phone, "phone-more-time-points")
