"""The celebration in Chromium: it plays on a right answer only, covers no control, and stands still when the
reader asks for reduced motion (``prefers-reduced-motion: reduce``)."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from webapp import quiz
from webapp.games.pokerface import rules as pf
from webapp.quiz import kinds

from .conftest import TABLET
from .helpers import htmx_click

pytestmark = pytest.mark.e2e

ANIMATION = "el => getComputedStyle(el).animationName"
CELEBRATE = re.compile(r"\bcelebrate\b")
DOTS = "el => getComputedStyle(el, '::before').animationName + ' ' + getComputedStyle(el, '::before').display"
#: The element at the centre of a control is the control itself (or inside it): nothing lies over it.
ON_TOP = """el => { const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit !== null && (hit === el || el.contains(hit)); }"""


def answer(page: Page, code: str, number: int, right: bool) -> None:
    """Answer question ``number`` of the family-rule quiz ``code``: the reference answer, or surely a wrong one."""
    solution = kinds.get("skat_family").solve(quiz.question("skat_family", "normal", code, number).to_json())
    if right:
        trump, value = solution["trump"], solution["value"]
    else:
        trump, value = ("C", 18) if solution["trump"] == "pass" else ("pass", None)
    page.locator(f"#field-trump input[value='{trump}']").check()
    if value is not None:
        page.fill("#input-value", str(value))
    htmx_click(page, page.locator("#quiz-submit"))
    expect(page.locator("#feedback-verdict")).to_be_visible()


def test_a_right_quiz_answer_celebrates_and_a_wrong_one_does_not(new_page):
    page: Page = new_page(viewport=TABLET, has_touch=True)
    page.goto("/quiz")
    page.fill("#quiz-count", "2")
    page.click("#quiz-start")
    code = page.locator("#quiz-code-value").inner_text()

    answer(page, code, 0, right=True)
    verdict = page.locator("#feedback-verdict")
    expect(verdict).to_have_class(CELEBRATE)
    assert verdict.evaluate(ANIMATION) == "celebrate-hop"
    assert verdict.evaluate(DOTS) == "celebrate-burst block"
    next_link = page.locator("#quiz-next")
    next_link.scroll_into_view_if_needed()
    assert next_link.evaluate(ON_TOP), "the celebration covers the next step"

    htmx_click(page, next_link)
    answer(page, code, 1, right=False)
    expect(verdict).to_have_class(re.compile(r"\bverdict-wrong\b"))
    expect(verdict).not_to_have_class(CELEBRATE)
    assert verdict.evaluate(ANIMATION) == "none"


def test_reduced_motion_keeps_the_celebration_still(new_page):
    """With reduced motion the class is still there (the words stay), but nothing moves and no dots burst."""
    question = pf.which_hand_wins(random.Random(5), names=("A", "B"))
    page: Page = new_page(reduced_motion="reduce")
    page.goto(f"/pokerface/quiz?q=5&answer={question.answer}")
    verdict = page.locator("#quiz-verdict")
    expect(verdict).to_have_class(CELEBRATE)
    assert verdict.evaluate(ANIMATION) == "none"
    assert verdict.evaluate(DOTS) == "none none"

    page.emulate_media(reduced_motion="no-preference")
    assert verdict.evaluate(ANIMATION) == "celebrate-hop"


def test_a_won_pokerface_quiz_answer_celebrates_and_a_wrong_one_does_not(new_page):
    question = pf.which_hand_wins(random.Random(11), names=("A", "B"))
    wrong = next(a for a in ("a", "b", "tie") if a != question.answer)
    page: Page = new_page()
    page.goto(f"/pokerface/quiz?q=11&answer={wrong}")
    expect(page.locator("#quiz-verdict")).not_to_have_class(CELEBRATE)
    assert page.locator("#quiz-verdict").evaluate(ANIMATION) == "none"
    page.goto(f"/pokerface/quiz?q=11&answer={question.answer}")
    assert page.locator("#quiz-verdict").evaluate(ANIMATION) == "celebrate-hop"
