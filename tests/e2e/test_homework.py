"""Issue 36, part 2, in a browser: a teacher sets homework of two lessons, two children (each in a browser context of
its own, on phones) join with the class code and a nickname, see the homework at the top of their map and answer
items (one of them wrong); the teacher's report shows both with their rules, the wrong one first. Screenshots at
phone 390x844 and projector 1920x1080 in ``test-artifacts/issue36/``; no page scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from webapp.core.db import db
from webapp.core.models import Learner, LearnMember
from webapp.learn import path
from webapp.quiz import kinds

from .accessibility import assert_accessible
from .conftest import served_app
from .flow_helpers import touch_options
from .helpers import htmx_swap
from .test_learn import assert_no_sideways_scroll, master_cards, shot

pytestmark = pytest.mark.e2e

PROJECTOR = {"viewport": {"width": 1920, "height": 1080}}


@pytest.fixture(scope="module")
def homework_server(tmp_path_factory: pytest.TempPathFactory):
    """The app on a database of its own, so the test can read each child's seed (and so its items)."""
    with served_app(tmp_path_factory.mktemp("homework"), "e2e-homework-secret") as served:
        yield served


def seed_of(app, nickname: str) -> int:
    """The seed of the child with ``nickname`` in the homework's class."""
    with app.app_context():
        return db.session.execute(db.select(Learner.seed).join(LearnMember, LearnMember.learner_id == Learner.id)
                                  .where(LearnMember.nickname == nickname)).scalar_one()


def choice(app, nickname: str, lesson_id: str, right: bool, page: Page) -> tuple[str, str]:
    """The (field, value) of a right or a wrong answer to the child's current item of ``lesson_id``."""
    seed = seed_of(app, nickname)
    number = int(page.locator("#learn-form input[name='number']").get_attribute("value"))
    kind_name, question = path.practice_item(path.get(lesson_id), seed, number)
    ((field, value),) = [(k, v) for k, v in kinds.get(kind_name).solve(question).items() if v is not None]
    if right:
        return field, value
    values = page.locator(f"#learn-form input[name='{field}']").evaluate_all("els => els.map(e => e.value)")
    return field, next(v for v in values if v != value)


def child_does_homework(new_page, app, base: str, code: str, nickname: str, right: bool) -> Page:
    page = new_page(locale="en-US", screenshot=False, **touch_options("phone"))
    page.goto(f"{base}/learn")
    page.locator("#learn-class-code").tap()
    page.fill("#hw-code", code.lower())
    page.fill("#hw-nickname", nickname)
    assert_no_sideways_scroll(page, "the join form (phone)")
    shot(page, "homework-join-phone")
    page.locator("#hw-join").tap()
    expect(page.locator(f"#homework-{code}")).to_be_visible()
    expect(page.locator(f"#homework-{code}")).to_contain_text(nickname)
    box = page.locator("#learn-homework").bounding_box()
    assert box is not None and box["y"] < 844, "the homework is at the top of the map"
    page.locator(f"#homework-{code} a[href='/learn/skat.cards']").tap()
    master_cards(app, page, seed_of=lambda: seed_of(app, nickname))  # the card points typed
    page.locator("#learn-next-lesson").tap()  # trumps: the second lesson of the homework
    field, value = choice(app, nickname, "skat.trumps", right, page)
    page.locator(f"label.q-choice:has(input[name='{field}'][value='{value}'])").tap()
    with htmx_swap(page):
        page.locator("#learn-submit").tap()
    expect(page.locator("#feedback-verdict")).to_have_text("Right!" if right else "Not quite.")
    page.goto(f"{base}/learn")
    expect(page.locator(f"#homework-{code} li.is-mastered")).to_have_count(1)  # the cards read, trumps to do
    assert_no_sideways_scroll(page, f"the map with the homework ({nickname}, phone)")
    return page


def test_a_teacher_sets_homework_two_children_do_it_and_the_report_shows_both(new_page, homework_server):
    app, base = homework_server
    teacher = new_page(locale="en-US", screenshot=False, **PROJECTOR)
    teacher.goto(f"{base}/learn")
    teacher.locator("#learn-set-homework").click()
    teacher.locator("#hw-lesson-skat-cards").check()
    teacher.locator("#hw-lesson-skat-trumps").check()
    shot(teacher, "homework-new-projector")
    teacher.locator("#hw-create").click()
    code = teacher.locator("#hw-code").inner_text()
    assert len(code) == 6
    expect(teacher.locator("#hw-nobody")).to_be_visible()

    mia = child_does_homework(new_page, app, base, code, "Mia", right=True)
    shot(mia, "homework-map-phone")
    assert_accessible(mia, "the map with the homework (phone)")
    ben = child_does_homework(new_page, app, base, code, "Ben", right=False)

    teacher.reload()
    rows = teacher.locator("#hw-children tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("th")).to_have_text("Ben")  # A to Z
    expect(rows.nth(1).locator("th")).to_have_text("Mia")
    expect(rows.nth(0)).to_contain_text("0 ✓ 1 ✗")
    expect(rows.nth(1)).to_contain_text("1 ✓ 0 ✗")
    first_rule = teacher.locator("#hw-rules tbody tr").first
    expect(first_rule).to_have_attribute("id", "hw-rule-skat-trumps")  # the only rule with a wrong answer
    expect(first_rule).to_contain_text("50")  # 1 of 2 wrong
    assert_no_sideways_scroll(teacher, "the report (projector)")
    shot(teacher, "homework-report-projector")
    assert_accessible(teacher, "the report (projector)")

    link = teacher.locator("#hw-teacher-link").input_value()
    phone = new_page(locale="en-US", screenshot=False, **touch_options("phone"))
    phone.goto(link)  # the teacher link on the teacher's phone
    expect(phone.locator("#hw-children tbody tr")).to_have_count(2)
    assert_no_sideways_scroll(phone, "the report (phone)")
    shot(phone, "homework-report-phone")
    phone.locator("#hw-delete").tap()
    expect(phone.locator("body")).to_contain_text("own progress stays theirs")
    shot(phone, "homework-delete-phone")
    phone.locator("#hw-delete-confirm").tap()
    expect(phone.locator("#hw-deleted")).to_be_visible()
    ben.goto(f"{base}/learn")
    expect(ben.locator("#learn-homework")).to_have_count(0)
    expect(ben.locator("#lesson-skat-cards")).to_have_class("learn-lesson is-mastered")  # its progress stays
