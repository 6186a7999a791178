"""Issue 36 in a browser: a child on a phone opens the learning path, masters the first Skat lesson by typing the
card points, does the next quiz lesson to mastery by tapping the cards, and sees the stars and the next lesson
opened; the progress code takes the progress to a tablet and a projector. Screenshots at the three sizes in ``test-artifacts/issue36/``;
no page scrolls sideways, and the controls a child needs are on screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from webapp.core.db import db
from webapp.core.models import Learner
from webapp.learn import path
from webapp.quiz import kinds

from .accessibility import assert_accessible
from .conftest import ROOT, served_app
from .flow_helpers import assert_in_view, touch_options
from .helpers import htmx_swap

pytestmark = pytest.mark.e2e

SHOTS = ROOT / "test-artifacts" / "issue36"


@pytest.fixture(scope="module")
def learn_server(tmp_path_factory: pytest.TempPathFactory):
    """The app on a database of its own, so the test can read the learner's seed (and so its items)."""
    with served_app(tmp_path_factory.mktemp("learn"), "e2e-learn-secret") as served:
        yield served


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def assert_no_sideways_scroll(page: Page, what: str) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right
        > document.documentElement.clientWidth + 1).slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className)""")
    assert width[0] <= width[1], f"{what} scrolls sideways: {width}, {wide}"


def right_choice(app, lesson_id: str, number: int) -> tuple[str, str]:
    """The (field, value) of the right answer to item ``number`` for the only learner."""
    with app.app_context():
        seed = db.session.execute(db.select(Learner.seed)).scalar_one()
    kind_name, question = path.practice_item(path.get(lesson_id), seed, number)
    ((field, value),) = [(k, v) for k, v in kinds.get(kind_name).solve(question).items() if v is not None]
    return field, value


def master_cards(app, page: Page, js: bool = True, seed_of=None) -> None:
    """Master the first lesson, the cards and their points, by typing the right card points of each item (the
    quiz kind skat_points); a new learner's first item carries its seed in the form, later ones are
    ``seed_of()``'s, by default the newest learner's."""
    lesson = path.get("skat.cards")
    for done in range(lesson.practice.mastery):
        seed_field = page.locator("#learn-form input[name='seed']")
        if seed_field.count():
            seed = int(seed_field.get_attribute("value"))
        elif seed_of is not None:
            seed = seed_of()
        else:
            with app.app_context():
                seed = db.session.execute(db.select(Learner.seed).order_by(Learner.id.desc()).limit(1)).scalar_one()
        number = int(page.locator("#learn-form input[name='number']").get_attribute("value"))
        _, question = path.practice_item(lesson, seed, number)
        page.fill("#input-points", str(question.points))
        if js:
            with htmx_swap(page):
                page.locator("#learn-submit").click()
        else:
            page.locator("#learn-submit").click()
        expect(page.locator("#feedback-verdict")).to_have_class("verdict verdict-right celebrate")
        if done + 1 < lesson.practice.mastery:
            if js:
                with htmx_swap(page):
                    page.locator("#learn-next").click()
            else:
                page.locator("#learn-next").click()
            expect(page.locator("#learn-item")).to_be_visible()
    expect(page.locator("#learn-mastered .stars")).to_be_visible()


def test_a_child_on_a_phone_masters_the_first_quiz_lesson_by_tapping(new_page, learn_server):
    app, base = learn_server
    page = new_page(locale="en-US", screenshot=False, **touch_options("phone"))
    page.goto(f"{base}/")
    page.locator("#learn-start").tap()
    expect(page.locator("#learn-go")).to_be_visible()
    assert_in_view(page, page.locator("#learn-go"), "Go on on the map (phone)")
    assert_no_sideways_scroll(page, "the map (phone)")
    shot(page, "map-new-phone")
    page.locator("#learn-go").tap()  # the cards and their points: the card points typed
    expect(page.locator("#input-points")).to_be_visible()
    assert_no_sideways_scroll(page, "the card points lesson (phone)")
    shot(page, "lesson-points-phone")
    master_cards(app, page)
    page.locator("#learn-next-lesson").tap()  # trumps: cards to tap
    expect(page.locator("#learn-item")).to_be_visible()
    shot(page, "lesson-phone")
    assert_accessible(page, "the lesson with its example and first item (phone)")
    assert_no_sideways_scroll(page, "the lesson (phone)")
    mastery = path.get("skat.trumps").practice.mastery
    for number in range(mastery):
        field, value = right_choice(app, "skat.trumps", number)
        page.locator(f"label.q-choice:has(input[name='{field}'][value='{value}'])").tap()
        assert_in_view(page, page.locator("#learn-submit"), f"Check my answer (item {number + 1})")
        with htmx_swap(page):
            page.locator("#learn-submit").tap()
        expect(page.locator("#feedback-verdict")).to_have_text("Right!")
        assert_in_view(page, page.locator("#feedback-verdict"), f"the verdict (item {number + 1})")
        if number + 1 < mastery:
            expect(page.locator("#learn-in-a-row")).to_contain_text(f"{number + 1} of {mastery}")
            with htmx_swap(page):
                page.locator("#learn-next").tap()
            expect(page.locator("#learn-item")).to_be_visible()
    expect(page.locator("#learn-mastered .star.on")).to_have_count(3)
    assert_in_view(page, page.locator("#learn-next-lesson"), "the next lesson's button (phone)")
    expect(page.locator("#learn-next-lesson")).to_contain_text("Following suit")
    assert_no_sideways_scroll(page, "the feedback (phone)")
    shot(page, "mastered-phone")
    assert_accessible(page, "the feedback with the stars (phone)")
    page.goto(f"{base}/learn")
    expect(page.locator("#lesson-skat-trumps")).to_have_class("learn-lesson is-mastered")
    expect(page.locator("#lesson-skat-follow_suit")).to_have_class("learn-lesson is-open is-next")
    expect(page.locator("#learn-week")).to_contain_text("8 of 20")  # 4 items of the card points, 4 of the trumps
    shot(page, "map-phone")
    code = page.locator("#learn-code").inner_text()

    for size, options in (("tablet", touch_options("tablet")),
                          ("projector", {"viewport": {"width": 1920, "height": 1080}})):
        other = new_page(locale="en-US", screenshot=False, **options)
        other.goto(f"{base}/learn")
        other.fill("#learn-code-input", code.lower())
        other.locator("#learn-code-submit").click()
        expect(other.locator("#lesson-skat-trumps")).to_have_class("learn-lesson is-mastered")
        assert_in_view(other, other.locator("#learn-go"), f"Go on ({size})")
        assert_no_sideways_scroll(other, f"the map ({size})")
        shot(other, f"map-{size}")
        other.locator("#learn-go").click()
        expect(other.locator("#learn-item")).to_be_visible()
        assert_no_sideways_scroll(other, f"the lesson ({size})")
        shot(other, f"lesson-{size}")


def test_the_path_works_without_javascript(new_page, learn_server):
    """JavaScript off: every form posts and redirects; a wrong answer gets the right one and the steps, and "Next
    question" brings the next item."""
    app, base = learn_server
    page = new_page(locale="de-DE", java_script_enabled=False, screenshot=False, **touch_options("phone"))
    page.goto(f"{base}/learn")
    page.locator("#learn-go").click()
    if page.locator("#input-points").count():  # the cards and their points (a fresh learner)
        master_cards(app, page, js=False)
        page.locator("#learn-next-lesson").click()
    with app.app_context():
        newest = db.session.execute(db.select(Learner).order_by(Learner.id.desc()).limit(1)).scalar_one()
        seed = newest.seed
    number = int(page.locator("#learn-form input[name='number']").get_attribute("value"))
    kind_name, question = path.practice_item(path.get("skat.trumps"), seed, number)
    right = kinds.get(kind_name).solve(question)["winner"]
    wrong = next(v for v in page.locator("#learn-form input[name='winner']").evaluate_all("els => els.map(e => e.value)")
                 if v != right)
    page.locator(f"label.q-choice:has(input[value='{wrong}'])").click()
    page.locator("#learn-submit").click()
    expect(page.locator("#feedback-verdict")).to_have_text("Nicht ganz.")
    expect(page.locator("#feedback-expected")).to_be_visible()
    expect(page.locator("#feedback-steps li")).not_to_have_count(0)
    shot(page, "feedback-wrong-nojs-phone-de")
    page.locator("#learn-next").click()
    expect(page.locator("#learn-form input[name='number']")).to_have_value(str(number + 1))
