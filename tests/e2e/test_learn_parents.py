"""Issue 36, part 2, in a browser: the parents' view and the privacy page on a phone (390x844) and a projector
(1920x1080) in German and English, and a lesson on a phone whose first item is reachable from the first screen.
Screenshots in ``test-artifacts/issue36/``; no page scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from webapp.core.db import db
from webapp.core.models import LearnAnswer
from webapp.learn import store
from webapp.learn.progress import LessonProgress, Progress, RuleProgress, to_dict

from .accessibility import assert_accessible
from .conftest import served_app
from .flow_helpers import assert_in_view, touch_options
from .test_learn import assert_no_sideways_scroll, master_cards, shot

pytestmark = pytest.mark.e2e

SIZES = {"phone": touch_options("phone"), "projector": {"viewport": {"width": 1920, "height": 1080}}}
LOCALES = {"de": "de-DE", "en": "en-US"}


@pytest.fixture(scope="module")
def parents_server(tmp_path_factory: pytest.TempPathFactory):
    """The app on a database of its own, with a learner who mastered two lessons and has a rule due."""
    with served_app(tmp_path_factory.mktemp("parents"), "e2e-parents-secret") as (app, base):
        with app.app_context():
            today = store.today()
            done = LessonProgress(answers=4, in_a_row=4, mastered_on=today, stars=3)
            learner = store.create(11, "Mia")
            learner.progress = to_dict(Progress(lessons={"skat.cards": done, "skat.trumps": done},
                                                rules={"skat.trumps": RuleProgress(4, 1, 0, today)}))
            for day, correct in ((today, True), (today, True), (today, False), (today - 1, True)):
                db.session.add(LearnAnswer(learner_id=learner.id, lesson="skat.trumps", number=0, review=None,
                                           rule="skat.trumps", correct=correct, answer={}, day=day))
            db.session.commit()
            cookie = store.signer(app.secret_key).sign(learner.public_id).decode()
        yield app, base, cookie


def open_as_learner(new_page, base: str, cookie: str, size: str, lang: str) -> Page:
    page = new_page(locale=LOCALES[lang], screenshot=False, **SIZES[size])
    page.context.add_cookies([{"name": store.COOKIE, "value": cookie, "url": base}])
    return page


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", ["phone", "projector"])
def test_the_parents_view(new_page, parents_server, size, lang):
    _app, base, cookie = parents_server
    page = open_as_learner(new_page, base, cookie, size, lang)
    page.goto(f"{base}/learn")
    page.locator("#learn-parents").click()
    expect(page.locator("#parents-week tbody tr")).to_have_count(7)
    expect(page.locator("#parents-week tbody tr").first.locator("td").first).to_have_text("3")
    expect(page.locator("#parents-rule")).to_have_text("Trumpf im Farbspiel" if lang == "de"
                                                        else "Trumps in a suit game")
    assert_in_view(page, page.locator("#parents-practise"), f"the practise button ({size}, {lang})")
    assert_no_sideways_scroll(page, f"the parents' view ({size}, {lang})")
    shot(page, f"parents-{size}-{lang}")
    assert_accessible(page, f"the parents' view ({size}, {lang})")
    page.locator("#parents-practise").click()
    expect(page.locator("#learn-area")).to_be_visible()
    assert page.url.endswith("/learn/mistakes#learn-area")


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", ["phone", "projector"])
def test_the_parents_view_without_a_learner_and_the_privacy_page(new_page, parents_server, size, lang):
    _app, base, _cookie = parents_server
    page = new_page(locale=LOCALES[lang], screenshot=False, **SIZES[size])
    page.goto(f"{base}/learn/parents")
    assert_in_view(page, page.locator("#parents-to-learn"), f"the way to the path ({size}, {lang})")
    shot(page, f"parents-none-{size}-{lang}")
    page.locator("#footer-privacy").click()
    expect(page.locator("h1")).to_have_text("Datenschutz" if lang == "de" else "Privacy")
    expect(page.locator("#privacy-learn-days")).to_contain_text("400")
    assert_no_sideways_scroll(page, f"the privacy page ({size}, {lang})")
    shot(page, f"privacy-{size}-{lang}")
    assert_accessible(page, f"the privacy page ({size}, {lang})")


def test_a_lesson_on_a_phone_reaches_its_first_item_from_the_first_screen(new_page, parents_server):
    """The explanation (the words, the worked example) fills a phone's screen: "Start practising" is on the first
    screen and brings the first item into view, without JavaScript too."""
    app, base, _cookie = parents_server
    for javascript in (True, False):
        page = new_page(locale="en-US", screenshot=False, java_script_enabled=javascript, **touch_options("phone"))
        page.goto(f"{base}/learn/skat.cards")
        master_cards(app, page, js=javascript)
        page.goto(f"{base}/learn/skat.trumps")
        jump = page.locator("#learn-jump")
        box = jump.bounding_box()
        assert box is not None and box["y"] + box["height"] < 844, box
        assert_in_view(page, jump, "Start practising (phone)")
        item_top = page.locator("#learn-item").bounding_box()["y"]
        if javascript:
            shot(page, "lesson-jump-phone")
        jump.click()
        assert_in_view(page, page.locator("#learn-item h2"), f"the first item after the jump (JavaScript {javascript})")
        assert item_top > 0
    wide = new_page(locale="en-US", screenshot=False, viewport={"width": 1920, "height": 1080})
    wide.goto(f"{base}/learn/skat.cards")
    master_cards(app, wide)
    wide.goto(f"{base}/learn/skat.trumps")
    expect(wide.locator("#learn-jump")).to_be_hidden()
