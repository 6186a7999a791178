"""Issue 33 on a phone and a tablet (both ways up), played by tapping: the quiz's start button on the first screen;
after every answer the score, the progress bar, the verdict and the next control on screen, without scrolling;
the home page's "Start here" badge beside the tile's suit symbols, never on them; "Tap" on a touch screen and
"Click" with a mouse; card buttons named with their visible text (axe ``label-content-name-mismatch``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from .accessibility import assert_accessible, describe, label_in_name_violations
from .flow_helpers import SIZES, assert_in_view, shoot, touch_options
from .helpers import htmx_swap

pytestmark = pytest.mark.e2e

#: The issue's touch screens: phone 390x844, tablet 768x1024 and 1024x768.
TOUCH = ("phone", "tablet", "tablet-landscape")
LOCALES = {"en": "en-US", "de": "de-DE"}


def htmx_tap(page: Page, target: Locator) -> None:
    """Tap a control that htmx submits, and wait for its answer to be swapped in."""
    with htmx_swap(page):
        target.tap()


def start_quiz(page: Page, count: int, kind: str | None = None) -> None:
    page.goto("/quiz")
    if kind:
        page.locator(f"label.q-choice:has(input[name='kind'][value='{kind}'])").tap()
    page.fill("#quiz-count", str(count))
    page.locator("#quiz-start").tap()
    expect(page.locator("#quiz-panel-title")).to_be_visible()


def assert_status_in_view(page: Page, what: str) -> None:
    assert_in_view(page, page.locator("#quiz-score"), f"the score ({what})")
    assert_in_view(page, page.locator("#quiz-progress"), f"the progress bar ({what})")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", TOUCH)
def test_the_start_button_is_on_the_first_screen(new_page, size, lang):
    """The quiz's start page: "Start the quiz" on the first screen, with the defaults chosen; a tap starts it."""
    page = new_page(locale=LOCALES[lang], **touch_options(size))
    page.goto("/quiz")
    assert page.evaluate("() => window.scrollY") == 0
    assert_in_view(page, page.locator("#quiz-start"), f"the start button ({size}, {lang})")
    shoot(page, f"quiz-start-{size}-{lang}")
    page.locator("#quiz-start").tap()
    expect(page.locator("#quiz-panel-title")).to_be_visible()


@pytest.mark.parametrize("size", TOUCH)
def test_after_every_answer_the_score_the_verdict_and_next_are_on_screen(new_page, size):
    """A run of four questions answered by tapping (pass, then a suit and a value): after each answer the score,
    the progress bar, the verdict and "Next" are on screen; a wrong answer gets a kind word and the step to
    remember; after "Next" the score and the progress are on screen again; at the end the result."""
    page = new_page(locale="en-US", **touch_options(size))
    start_quiz(page, 4)
    for number in range(1, 5):
        expect(page.locator("#quiz-panel-title")).to_have_text(f"Question {number}")
        assert_status_in_view(page, f"question {number}")
        if number % 2:
            page.locator("#field-trump label.q-choice").last.tap()  # pass
        else:
            page.locator("#field-trump label.q-choice").first.tap()
            page.fill("#input-value", "18")
        htmx_tap(page, page.locator("#quiz-submit"))
        what = f"{size}, feedback {number}"
        assert_status_in_view(page, what)
        assert_in_view(page, page.locator("#feedback-verdict"), f"the verdict ({what})")
        assert_in_view(page, page.locator("#quiz-next"), f"the next control ({what})")
        if page.locator("#feedback-verdict.verdict-wrong").count():
            encourage = page.locator("#feedback-encourage")
            expect(encourage).to_be_visible()
            expect(encourage).to_contain_text("Good try!")
            expect(encourage).to_contain_text("Remember:")
            expect(encourage).not_to_contain_text("+0")
        shoot(page, f"quiz-layout-{size}-answer-{number}")
        htmx_tap(page, page.locator("#quiz-next"))
    assert_status_in_view(page, f"{size}, result")
    assert_in_view(page, page.locator("#quiz-result"), f"the result ({size})")
    shoot(page, f"quiz-layout-{size}-result")


def test_card_buttons_by_tapping_on_a_phone(new_page):
    """"Which cards may you play?" on a phone: the cards are tapped; after the answer the verdict and Next are on
    screen; the card buttons carry their visible text in their names (axe label-content-name-mismatch)."""
    page = new_page(locale="de-DE", **touch_options("phone"))
    start_quiz(page, 2, "skat_legal")
    cards = page.locator("label.q-choice-card")
    expect(cards.first).to_be_visible()
    violations = label_in_name_violations(page)
    assert violations == [], describe(violations)
    name = cards.first.locator("input").evaluate("e => e.labels[0].innerText")
    assert name.split()[0] == cards.first.locator(".card-corner .card-rank").inner_text()
    cards.first.tap()
    htmx_tap(page, page.locator("#quiz-submit"))
    assert_status_in_view(page, "card question")
    assert_in_view(page, page.locator("#feedback-verdict"), "the verdict (card question)")
    assert_in_view(page, page.locator("#quiz-next"), "the next control (card question)")
    assert_accessible(page, "quiz card feedback")
    shoot(page, "quiz-layout-phone-cards")


def test_without_javascript_the_answer_lands_at_the_quiz_area(new_page):
    """No JavaScript: the answer posts and the 303 lands at #quiz-area, so the score, the verdict and Next are on
    the tablet's screen; "Next question" lands there too."""
    page = new_page(locale="en-US", java_script_enabled=False, **touch_options("tablet"))
    start_quiz(page, 2)
    page.locator("#field-trump label.q-choice").last.tap()
    page.locator("#quiz-submit").tap()
    page.wait_for_url("**/0#quiz-area")
    assert_status_in_view(page, "no JavaScript, feedback")
    assert_in_view(page, page.locator("#feedback-verdict"), "the verdict (no JavaScript)")
    assert_in_view(page, page.locator("#quiz-next"), "the next control (no JavaScript)")
    page.locator("#quiz-next").tap()
    page.wait_for_url("**#quiz-area")
    assert_status_in_view(page, "no JavaScript, question 2")


def overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and a["y"] < b["y"] + b["height"] and \
        b["y"] < a["y"] + a["height"]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_start_here_badge_covers_no_suit_symbol(new_page, size, lang):
    """Home, every size, German and English: the badge's box meets neither the tile's suit symbols (each glyph's
    box) nor its title."""
    page = new_page(locale=LOCALES[lang], **touch_options(size))
    page.goto("/")
    tile = page.locator("li.tile-start")
    badge = tile.locator(".start-mark").bounding_box()
    glyphs = tile.locator(".tile-symbol").evaluate("""(e) => {
      const boxes = [], text = e.firstChild, range = document.createRange();
      for (let i = 0; i < text.length; i++) {
        range.setStart(text, i); range.setEnd(text, i + 1);
        const r = range.getBoundingClientRect();
        if (r.width > 0) boxes.push({x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height});
      }
      return boxes;
    }""")
    assert len(glyphs) == 4  # ♣♠♥♦
    title = tile.locator(".trainer-title").bounding_box()
    assert not any(overlap(badge, g) for g in glyphs), (size, lang, badge, glyphs)
    assert not overlap(badge, title), (size, lang, badge, title)
    shoot(page, f"home-badge-{size}-{lang}")


@pytest.mark.parametrize(("touch", "shown", "hidden"), [(True, "Tap cards", "Click cards"), (False, "Click cards", "Tap cards")])
def test_tap_on_a_touch_screen_and_click_with_a_mouse(new_page, touch, shown, hidden):
    """The home page's lead says "Tap" on a touch screen and "Click" with a mouse; only one of them is shown (and
    read)."""
    page = new_page(locale="en-US", viewport={"width": 768, "height": 1024}, has_touch=touch)
    page.goto("/")
    lead = page.locator("p.lead")
    expect(lead).to_contain_text(shown, use_inner_text=True)
    expect(lead).not_to_contain_text(hidden, use_inner_text=True)


def test_the_skat_card_grid_names_each_card_with_its_visible_text(new_page):
    """/skat's 32 card buttons: no label-content-name-mismatch in German (B, D for Bube, Dame) and English."""
    for locale in ("de-DE", "en-US"):
        page = new_page(locale=locale, **touch_options("tablet"))
        page.goto("/skat?hand=JC,JS,AH,0H,KH,QH,9H,8H,7H,AC")
        expect(page.locator("button.skat-card")).to_have_count(32)
        violations = label_in_name_violations(page)
        assert violations == [], describe(violations)
    expect(page.locator("#card-JC")).to_have_accessible_name("J Jack of Clubs")
