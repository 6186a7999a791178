"""A whole classroom round in real browsers: the teacher's projector and children's tablets.

Two (or more) browser contexts share nothing but the server: the teacher
starts a class, children join with the code and a nickname, the teacher asks
a question, the children answer on their tablets, the projector shows the live
results within two seconds, the teacher shows the solution, the children see
their own feedback, and the teacher downloads the CSV. In English and German.
"""

from __future__ import annotations

import csv
import io

import pytest
from playwright.sync_api import Page, expect

from .accessibility import assert_accessible
from .conftest import EXPECT_TIMEOUT, SCREENSHOTS, TABLET

pytestmark = pytest.mark.e2e

#: The projector polls every second, the tablets every 2 s: a poll's interval plus the usual wait for an
#: answer (a busy two-core machine can take seconds to answer; 4 s in all was not always enough).
LIVE = 2_000 + EXPECT_TIMEOUT

TEXTS = {
    "en": {"joined": "3 children have joined", "answered": "2 of 3 children answered", "saved": "Your answer is saved",
           "right": "Right!", "wrong": "Not quite.", "pass": "Pass", "ended": "The class has ended",
           "closed": "This question is closed"},
    "de": {"joined": "3 Kinder sind dabei", "answered": "2 von 3 Kindern haben geantwortet",
           "saved": "Deine Antwort ist gespeichert", "right": "Richtig!", "wrong": "Nicht ganz.", "pass": "Passe",
           "ended": "Die Stunde ist beendet", "closed": "Diese Frage ist geschlossen"},
}


def start_class(teacher: Page, kind: str = "skat_family") -> str:
    teacher.goto("/class")
    teacher.locator(f"#class-new-form input[name='kind'][value='{kind}']").check()
    teacher.click("#class-new")
    expect(teacher.locator("#join-code")).to_be_visible()
    return teacher.locator("#join-code").inner_text().strip()


def join(child: Page, code: str, nickname: str) -> None:
    child.goto(f"/class/{code}")
    expect(child.locator("#class-code")).to_have_value(code)
    child.fill("#class-nickname", nickname)
    child.click("#class-join")
    expect(child.locator("#child-nickname")).to_have_text(nickname)
    expect(child.locator("#child-wait")).to_be_visible()


def reveal(teacher: Page, shown: int) -> None:
    """Show the next step of the demo; wait until it is on the projector (the controls swap the page in place)."""
    teacher.click("#do-reveal")
    expect(teacher.locator("#demo-steps li")).to_have_count(shown)


def reveal_all(teacher: Page) -> None:
    """Show every remaining step of the demo, one click at a time."""
    shown = teacher.locator("#demo-steps li").count()
    while teacher.locator("#do-reveal").count():  # the button goes when every step is shown
        shown += 1
        reveal(teacher, shown)


@pytest.mark.parametrize(("lang", "locale"), [("en", "en-US"), ("de", "de-DE")])
def test_a_whole_round_from_join_to_csv(new_page, lang, locale):
    words = TEXTS[lang]
    teacher = new_page(locale=locale)
    code = start_class(teacher)
    assert len(code) == 6
    qr = teacher.locator("img.qr")
    expect(qr).to_be_visible()
    # visible is not loaded: wait until the browser has decoded the image (it may fail: then naturalWidth is 0)
    teacher.wait_for_function("() => document.querySelector('img.qr').complete")
    assert teacher.evaluate("() => document.querySelector('img.qr').naturalWidth") > 100

    mia, ben, cem = (new_page(locale=locale, viewport=TABLET, has_touch=True) for _ in range(3))
    join(mia, code, "Mia")
    join(ben, code, "Ben <b>")
    join(cem, code, "Cem 🂡")  # joins, but does not answer
    expect(teacher.locator("#live-count")).to_have_text(words["joined"], timeout=LIVE)

    teacher.click("#do-ask")
    expect(teacher.locator(".q-cards.huge .q-card")).to_have_count(10)
    for child in (mia, ben, cem):  # the question reaches the tablets by itself
        expect(child.locator("#child-form")).to_be_visible(timeout=LIVE)
        expect(child.locator(".q-card")).to_have_count(10)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    mia.screenshot(path=str(SCREENSHOTS / f"classroom-tablet-question-{lang}.png"), full_page=True)

    # while the round is open, an answer updates the count alone: the board itself is not built again
    teacher.evaluate("document.getElementById('stage-title').dataset.mark = 'before the answers'")
    mia.locator("label.q-choice", has_text=words["pass"]).tap()
    mia.click("#child-submit")
    expect(mia.locator("#child-saved")).to_contain_text(words["saved"])
    ben.locator("#field-trump label.q-choice").first.tap()
    ben.fill("#input-value", "999")
    ben.click("#child-submit")
    expect(ben.locator("#child-saved")).to_contain_text("999")

    expect(teacher.locator("#live-count")).to_have_text(words["answered"], timeout=LIVE)
    expect(teacher.locator("#stage-title")).to_have_attribute("data-mark", "before the answers")
    expect(teacher.locator("#live-bars li.bar")).to_have_count(0)  # no distribution while answers are open
    expect(teacher.locator("#board")).not_to_contain_text("Mia")  # no names unless the teacher shows them
    teacher.screenshot(path=str(SCREENSHOTS / f"classroom-projector-live-{lang}.png"), full_page=True)
    assert_accessible(teacher, f"projector ({lang})")
    assert_accessible(mia, f"tablet ({lang})")

    teacher.click("#do-close")
    expect(teacher.locator("#round-answer")).to_be_visible()
    expect(teacher.locator("#live-bars li.bar")).to_have_count(2)
    expect(teacher.locator("#round-steps li").first).to_be_visible()
    expect(ben.locator("#feedback-verdict")).to_have_text(words["wrong"], timeout=LIVE)
    expect(ben.locator("#child-panel")).not_to_contain_text("Mia")  # only their own answer
    expect(mia.locator("#feedback-verdict")).to_be_visible(timeout=LIVE)
    expect(cem.locator("#child-missed")).to_contain_text(words["closed"], timeout=LIVE)
    teacher.screenshot(path=str(SCREENSHOTS / f"classroom-projector-solution-{lang}.png"), full_page=True)
    ben.screenshot(path=str(SCREENSHOTS / f"classroom-tablet-feedback-{lang}.png"), full_page=True)

    teacher.click("#do-names")
    expect(teacher.locator("#live-bars")).to_contain_text("Ben <b>")
    with teacher.expect_download() as download:
        teacher.click("#do-export")
    rows = list(csv.reader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))
    assert rows[0][:2] == ["round", "nickname"]
    assert sorted(r[1] for r in rows[1:]) == ["Ben <b>", "Mia"]
    assert {r[3] for r in rows[1:] if r[1] == "Ben <b>"} == {"no"}

    teacher.click("#do-end")
    teacher.click("#do-end-yes")  # ending asks first
    for child in (mia, ben, cem):
        expect(child.locator("#child-title")).to_contain_text(words["ended"], timeout=LIVE)


def test_demo_mode_on_the_projector(new_page):
    teacher = new_page(viewport={"width": 1600, "height": 1000})
    start_class(teacher, "tichu_legality")
    teacher.click("#do-demo")
    expect(teacher.locator(".q-cards.huge .q-card").first).to_be_visible()
    # visible is not laid out at its final size (styles, fonts, an entrance): wait for the size itself
    teacher.wait_for_function(
        "() => { const c = document.querySelector('.q-cards.huge .q-card'); return c && c.getBoundingClientRect().height >= 150; }"
    )  # readable from the back of the room
    expect(teacher.locator("#demo-steps li")).to_have_count(0)
    reveal(teacher, 1)
    reveal(teacher, 2)
    reveal_all(teacher)
    expect(teacher.locator("#demo-answer")).to_be_visible()
    assert_accessible(teacher, "projector demo")


def test_three_children_and_a_late_tab(new_page):
    """A second tab of the same child never answers twice; a third child sees nothing of the others."""
    teacher = new_page()
    code = start_class(teacher, "tichu_legality")
    kids = [new_page(viewport=TABLET, has_touch=True) for _ in range(3)]
    for n, kid in enumerate(kids):
        join(kid, code, f"Kind {n}")
    second_tab = kids[0].context.new_page()
    second_tab.goto(f"/class/{code}/play")
    teacher.click("#do-ask")
    kids[0].locator("#field-legal label.q-choice").nth(1).tap()
    kids[0].click("#child-submit")
    expect(kids[0].locator("#child-saved")).to_be_visible()
    # the second tab had the form open: it now learns the answer is saved
    expect(second_tab.locator("#child-saved")).to_be_visible(timeout=LIVE)
    expect(teacher.locator("#live-count")).to_contain_text("1 of 3", timeout=LIVE)
    second_tab.close()


def test_a_poker_round_and_a_skat_official_demo(new_page):
    """The new kinds in the classroom: a child answers "which hand wins?" on a tablet; the projector
    shows an official Skat value question with huge cards."""
    teacher = new_page(viewport={"width": 1600, "height": 1000})
    code = start_class(teacher, "poker_showdown")
    kid = new_page(viewport=TABLET, has_touch=True)
    join(kid, code, "Lea")
    teacher.click("#do-ask")
    expect(kid.locator(".q-card.poker-face")).to_have_count(10, timeout=LIVE)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    kid.screenshot(path=str(SCREENSHOTS / "classroom-tablet-poker.png"), full_page=True)
    kid.locator("#field-winner label.q-choice").last.tap()  # "Tie"
    kid.click("#child-submit")
    expect(kid.locator("#child-saved")).to_contain_text("Tie")
    expect(teacher.locator("#live-count")).to_contain_text("1 of 1", timeout=LIVE)

    other = new_page(viewport={"width": 1600, "height": 1000})
    start_class(other, "skat_official")
    other.click("#do-demo")
    expect(other.locator(".q-cards.huge .q-card")).to_have_count(12)  # 10 cards and the skat
    reveal_all(other)
    expect(other.locator("#demo-answer")).to_be_visible()
    assert_accessible(other, "projector demo, Skat official value")
