"""Every page at the five screens of issue 14: phone, tablet (portrait, landscape), laptop, projector.

For each page and screen the test fails on sideways scrolling, on a control that lies under another
(the centre of every link, button, input, select and summary is itself once scrolled into view), and,
on the three touch screens, on a control (cards included) under 44 x 44 CSS px. It saves a screenshot
of every page at every screen in ``test-artifacts/screenshots/layout/<page>-<w>x<h>[-de].png``.
At phone and tablet size it runs in English and German, with axe-core (no serious or critical finding), and in
French, Spanish and Portuguese (issue 17; screenshots in ``screenshots/languages/``), where the tablet's page is also
scanned for English words left in it (``english.py``): one page load for every check (issue 31). axe reads the
markup, which these three languages share with English and German: it runs on them in ``make test-long``.

Then the journeys where the answer must arrive on screen (the Skat value after the 10th card) and
where clicks inside a page must not pile up history entries.
"""

from __future__ import annotations

import re
import uuid
from typing import Callable, Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import long_runs
from web.skathelpers import finished_round
from webapp.classroom import rejoin, service
from webapp.core.i18n import languages

from .accessibility import assert_accessible
from .conftest import ACTION_TIMEOUT, SCREENSHOTS
from .english import english_on
from .helpers import SCREENS, assert_in_view, assert_layout, htmx_click

pytestmark = pytest.mark.e2e

LAYOUT_SHOTS = SCREENSHOTS / "layout"
SEED_HAND = "JC,JS,JD,AC,KC,9C,AS,7H,QD,8D"
#: The Skat table, deal 7: the child bids, picks up the skat and puts two cards away; then the ten tricks.
SKAT_TABLE_DECLARE = "18.yes.20.yes.pass.pass.skat.put:8H,0S"
SKAT_TABLE_TRICKS = "JS.JC.0C.9H.7H.9C.JH.8C.7C.AC.JD.AD.QH.AH.KC.AS.KS.7S.7D.0D.KD.KH.8S.8D.0H.QD.9S.QC.QS.9D"
#: The projector polls every second, a child's tablet every 2 s: plus slack for a busy machine.
LIVE = 6_000


# --- pages that need a class or a quiz run first ------------------------------------------------


@pytest.fixture(scope="module")
def classroom(browser: Browser, live_server: str, live_app) -> Iterator[dict]:
    """One class for the module, with a question asked: its projector URL, its join code and ``rejoin()`` (a new
    request of its child "Rejoiner" to rejoin on another device: the device's class cookie); and a Skat round of
    two deals that eight children played (``skat``: :func:`finished_round`'s code and cookies' values)."""
    context = browser.new_context(base_url=live_server)
    context.set_default_timeout(ACTION_TIMEOUT)
    teacher = context.new_page()
    teacher.goto("/class")
    teacher.click("#class-new")
    expect(teacher.locator("#join-code")).to_be_visible()
    code = teacher.locator("#join-code").inner_text().strip()
    teacher.click("#do-ask")
    expect(teacher.locator(".q-cards.huge .q-card").first).to_be_visible()
    with live_app.app_context():
        service.join(service.find_session(code), "Rejoiner")

    def ask_to_rejoin() -> dict:
        with live_app.app_context():  # made here: the route's rate limit would refuse the layout's many runs
            token = rejoin.ask(service.find_session(code), "Rejoiner")  # replaces the child's older request
        return {"name": service.cookie_name(code), "value": token, "url": live_server + f"/class/{code}"}

    try:
        yield {"code": code, "projector": teacher.url, "teacher_cookies": context.cookies(), "rejoin": ask_to_rejoin,
               "skat": finished_round(live_app, 2, SKAT_ROUND), "host": urlsplit(live_server).hostname}
    finally:
        context.close()


def _quiz_run(page: Page, _class: dict) -> None:
    page.goto("/quiz")
    page.click("#quiz-start")
    expect(page.locator("#quiz-form")).to_be_visible()


def _answer_first_field(page: Page, form: str) -> None:
    """Answer a question whatever its kind: the first choice of each choice field, the lowest number."""
    for field in page.locator(f"{form} fieldset.q-field").all():
        choice = field.locator("label.q-choice")
        if choice.count():
            choice.first.click()
        else:
            number = field.locator("input[type=number]")
            number.fill(number.get_attribute("min") or "0")


def _quiz_feedback(page: Page, class_: dict) -> None:
    _quiz_run(page, class_)
    _answer_first_field(page, "#quiz-form")
    htmx_click(page, page.locator("#quiz-submit"))
    expect(page.locator("#quiz-feedback")).to_be_visible()


def _projector(page: Page, class_: dict) -> None:
    page.context.add_cookies(class_["teacher_cookies"])  # the presenter address opens with the teacher cookie
    page.goto(class_["projector"])
    expect(page.locator("#board")).to_be_visible()


def _child(page: Page, class_: dict) -> None:
    page.goto(f"/class/{class_['code']}")
    page.fill("#class-nickname", f"Kid{uuid.uuid4().hex[:6]}")
    page.click("#class-join")
    expect(page.locator("#child-form")).to_be_visible(timeout=LIVE)


#: The Skat round of the layout pages: eight children, long names among them, ties, one who played both deals.
SKAT_ROUND = {"Maximilian-Alexander": [122, 40], "Ben": [122], "Cem": [40], "Dana": [40, None], "Eva": [0],
              "Finn": [-86], "Gil": [0], "Hana": [None]}


def _skat_cookie(page: Page, class_: dict, name: str, value: str) -> str:
    """Give the page the class cookie ``name`` of the layout's Skat round; return the round's code."""
    code = class_["skat"][0]
    page.context.add_cookies([{"name": f"{name}_{code}", "value": value, "domain": class_["host"],
                               "path": f"/class/{code}"}])
    return code


def _skat_projector(page: Page, class_: dict) -> None:
    code = _skat_cookie(page, class_, "teach", class_["skat"][1])
    page.goto(f"/class/{code}/present")
    expect(page.locator("#skat-ranking")).to_be_visible()


def _skat_child_done(page: Page, class_: dict) -> None:
    code = _skat_cookie(page, class_, "class", class_["skat"][2]["Maximilian-Alexander"])
    page.goto(f"/class/{code}/skat")
    expect(page.locator("#skat-my-place")).to_be_visible()


def _rejoin_wait(page: Page, class_: dict) -> None:
    page.context.add_cookies([class_["rejoin"]()])
    page.goto(f"/class/{class_['code']}/rejoin")
    expect(page.locator("#rejoin-wait")).to_be_visible()


def _goto(path: str, status: int = 200) -> Callable[[Page, dict], int]:
    def visit(page: Page, _class: dict) -> int:
        response = page.goto(path)
        assert response is not None and response.status == status, f"{path} answered {response and response.status}"
        return status
    return visit


def _advised(path: str) -> Callable[[Page, dict], int]:
    """Visit a Tichu round at a call and wait until the coach's call advice has replaced "thinking" (the first
    visit computes it in a worker: up to a few seconds), so the page does not change while it is measured."""
    def visit(page: Page, _class: dict) -> int:
        status = _goto(path)(page, _class)
        expect(page.locator("#round-call-advice")).to_be_visible(timeout=90_000)
        return status
    return visit


#: (name, how to get there). Every GET route that renders a page, and the states a child sees most.
PAGES: list[tuple[str, Callable[[Page, dict], object]]] = [
    ("home", _goto("/")),
    ("skat", _goto("/skat")),
    ("skat-hand", _goto(f"/skat?hand={SEED_HAND}")),
    ("skat-official", _goto("/skat?rules=official")),
    ("skat-coach", _goto(f"/skat?rules=official&hand={SEED_HAND}&skat=JH,7D")),
    ("skat-score", _goto("/skat/score")),
    ("skat-bad-card", _goto("/skat?hand=JC,XX", 400)),
    ("skat-table", _goto("/skat/table?seed=7&game=1&a=18")),
    ("skat-table-declare", _goto(f"/skat/table?seed=7&game=1&a={SKAT_TABLE_DECLARE}&choose=clubs")),
    ("skat-table-play", _goto(f"/skat/table?seed=7&game=1&open=1&a={SKAT_TABLE_DECLARE}.clubs.JS.JC.0C.9H.7H")),
    ("skat-table-score", _goto(f"/skat/table?seed=7&game=1&a={SKAT_TABLE_DECLARE}.clubs.{SKAT_TABLE_TRICKS}")),
    ("tichu", _goto("/tichu")),
    ("tichu-verdict", _goto("/tichu?table=44499&play=77722")),
    ("tichu-trick", _goto("/tichu/trick")),
    ("tichu-score", _goto("/tichu/score?first=1&second=2&third=3&t1=30&t2=20&t3=25&t4=15&hand=10")),
    ("tichu-round", _advised("/tichu/round?seed=3&round=1&a=0&b=0")),
    ("tichu-round-exchange", _advised("/tichu/round?seed=3&round=1&a=0&b=0&m=1.no&pick=D1")),
    ("tichu-round-play", _goto("/tichu/round?seed=3&round=1&a=0&b=0&m=1.no&m=1.swap:D,1,2g&open=1")),
    ("pokerface", _goto("/pokerface?seed=layout")),
    ("pokerface-hands", _goto("/pokerface/hands")),
    ("pokerface-quiz", _goto("/pokerface/quiz")),
    ("yahtzee", _goto("/yahtzee")),
    ("learn", _goto("/learn")),
    ("learn-lesson", _goto("/learn/skat.cards")),
    ("learn-parents", _goto("/learn/parents")),
    ("learn-class", _goto("/learn/class")),
    ("learn-homework-new", _goto("/learn/homework/new")),
    ("privacy", _goto("/privacy")),
    ("quiz", _goto("/quiz")),
    ("quiz-run", _quiz_run),
    ("quiz-feedback", _quiz_feedback),
    ("class", _goto("/class")),
    ("class-projector", _projector),
    ("class-child", _child),
    ("class-skat-projector", _skat_projector),
    ("class-skat-child-done", _skat_child_done),
    ("class-rejoin", _rejoin_wait),
]
#: (screen name, viewport, touch, language): every screen in English, phone and tablet in German too.
RUNS = [(name, size, touch, "en") for name, size, touch in SCREENS] + [
    (name, size, touch, "de") for name, size, touch in SCREENS if name in ("phone", "tablet")
]
#: The languages of issue 17, at phone and tablet size as German: their longer words must not break the layout.
#: A language whose catalogue has not arrived yet is skipped. Their screenshots go to screenshots/languages/.
LANGUAGE_RUNS = [(name, size, touch, lang) for lang in ("fr", "es", "pt")
                 for name, size, touch in SCREENS if name in ("phone", "tablet")]
RUNS += LANGUAGE_RUNS
LOCALES = {"en": "en-US", "de": "de-DE", "fr": "fr-FR", "es": "es-ES", "pt": "pt-BR"}
#: The languages whose pages are scanned for English words left in them (``english.py``), at the tablet.
ENGLISH_SCANNED = ("fr", "es", "pt")


def open_page(new_page, size: dict, touch: bool, lang: str, **options) -> Page:
    """A page at ``size``; a touch screen (and a phone's mobile viewport at phone width) when ``touch``."""
    return new_page(locale=LOCALES[lang], viewport=size, has_touch=touch, is_mobile=touch and size["width"] < 500,
                    **options)


@pytest.mark.parametrize(("screen", "size", "touch", "lang"), RUNS, ids=[f"{r[0]}-{r[3]}" for r in RUNS])
@pytest.mark.parametrize(("name", "reach"), PAGES, ids=[p[0] for p in PAGES])
def test_page_fits_the_screen(loaded_page, browser_errors, classroom, name, reach, screen, size, touch, lang):
    if lang not in languages():
        pytest.skip(f"no compiled catalogue for {lang!r} yet")
    browser_errors.allow_status(400)
    page = open_page(loaded_page, size, touch, lang, screenshot=False)
    reach(page, classroom)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    folder = LAYOUT_SHOTS if lang in ("en", "de") else SCREENSHOTS / "languages"
    folder.mkdir(parents=True, exist_ok=True)
    suffix = "" if lang == "en" else f"-{lang}"
    page.screenshot(path=str(folder / f"{name}-{size['width']}x{size['height']}{suffix}.png"), full_page=True)
    what = f"{name} at {size['width']}x{size['height']} ({lang})"
    assert_layout(page, touch=touch, what=what)
    if screen in ("phone", "tablet") and (lang in ("en", "de") or long_runs()):
        assert_accessible(page, what)  # axe checks the markup: the same in French, Spanish, Portuguese (long run)
    if screen == "tablet" and lang in ENGLISH_SCANNED:
        found = english_on(page, lang)
        assert found == set(), f"English words on {what}: {sorted(found)}"


# --- the answer arrives on screen -----------------------------------------------------------------

SMALL_SCREENS = [s for s in SCREENS if s[0] in ("phone", "tablet", "tablet-landscape")]


@pytest.mark.parametrize(("screen", "size", "touch"), SMALL_SCREENS, ids=[s[0] for s in SMALL_SCREENS])
@pytest.mark.parametrize("rules", ["family", "official"])
def test_the_skat_value_is_on_screen_after_the_tenth_card(new_page, screen, size, touch, rules):
    page = open_page(new_page, size, touch, "en")
    page.goto("/skat" if rules == "family" else "/skat?rules=official")
    for card in SEED_HAND.split(","):
        button = page.locator(f"#card-{card}")
        button.scroll_into_view_if_needed()
        htmx_click(page, button)
        expect(button).to_have_attribute("aria-pressed", "true")
    value = page.locator("#skat-value" if rules == "family" else "#coach-safe")
    expect(value).to_have_text(re.compile(r"^\d+$"))
    assert_in_view(page, page.locator("#skat-verdict"), "the game value after the 10th card")


def test_the_helper_sees_a_value_below_the_screen(new_page):
    """The check itself must be able to fail: a value far below the screen of a phone is not in view."""
    page = open_page(new_page, SCREENS[0][1], True, "en")
    page.goto(f"/skat?hand={SEED_HAND}")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.evaluate("() => document.querySelector('#skat-verdict').style.marginTop = '3000px'")
    with pytest.raises(AssertionError, match="should be on screen"):
        assert_in_view(page, page.locator("#skat-verdict"))


# --- clicks inside a page replace the address ------------------------------------------------------


def test_skat_clicks_replace_the_address(new_page):
    page = open_page(new_page, SCREENS[1][1], True, "en")
    page.goto("/skat")
    before = page.evaluate("() => history.length")
    for card in SEED_HAND.split(",")[:4]:
        htmx_click(page, page.locator(f"#card-{card}"))
    htmx_click(page, page.locator("#skat-random"))
    expect(page).to_have_url(re.compile(r"hand="))
    assert page.evaluate("() => history.length") == before, "each click inside /skat added a history entry"


def test_official_skat_clicks_replace_the_address(new_page):
    page = open_page(new_page, SCREENS[1][1], True, "en")
    page.goto("/skat?rules=official")
    before = page.evaluate("() => history.length")
    htmx_click(page, page.locator("#card-JC"))
    htmx_click(page, page.locator("#target-skat"))
    htmx_click(page, page.locator("#card-7D"))
    expect(page).to_have_url(re.compile(r"skat=7D"))
    assert page.evaluate("() => history.length") == before


def test_a_quiz_question_is_one_step_back(new_page):
    """Answering replaces the address (the feedback is the same question); the next question pushes one."""
    page = open_page(new_page, SCREENS[1][1], True, "en")
    page.goto("/quiz")
    page.click("#quiz-start")
    expect(page.locator("#quiz-form")).to_be_visible()
    before = page.evaluate("() => history.length")
    _answer_first_field(page, "#quiz-form")
    htmx_click(page, page.locator("#quiz-submit"))
    expect(page.locator("#quiz-feedback")).to_be_visible()
    assert page.evaluate("() => history.length") == before, "the answer pushed a history entry"
    htmx_click(page, page.locator("#quiz-next"))
    expect(page.locator("#quiz-form")).to_be_visible()
    assert page.evaluate("() => history.length") == before + 1, "the next question is a step a child goes back to"


def test_the_teachers_clicks_replace_the_address(new_page):
    """Showing a hand, the next step, asking: one page for the teacher, one step back to the start page."""
    teacher = open_page(new_page, SCREENS[4][1], False, "en")
    teacher.goto("/class")
    teacher.click("#class-new")
    expect(teacher.locator("#join-code")).to_be_visible()
    before = teacher.evaluate("() => history.length")
    teacher.click("#do-demo")
    expect(teacher.locator("#do-reveal")).to_be_visible()
    teacher.click("#do-reveal")
    expect(teacher.locator("#demo-steps li").first).to_be_visible()
    teacher.click("#do-ask")
    expect(teacher.locator("#do-close")).to_be_visible()
    assert teacher.evaluate("() => history.length") == before, "each teacher's click added a history entry"


def test_the_phone_menu_opens_without_javascript(new_page):
    """On a phone the header's links fold into a menu that a <details> opens: no JavaScript needed."""
    page = open_page(new_page, SCREENS[0][1], True, "en", java_script_enabled=False)
    page.goto("/skat")
    expect(page.locator("header .nav-wide")).to_be_hidden()
    menu_link = page.locator("header .nav-menu a[href='/tichu']")
    expect(menu_link).to_be_hidden()
    page.locator("header .nav-menu summary").tap()
    expect(menu_link).to_be_visible()
    assert_layout(page, touch=True, what="/skat with the menu open")
    menu_link.tap()
    expect(page).to_have_url(re.compile(r"/tichu$"))


@pytest.mark.parametrize(("screen", "size", "touch"), SMALL_SCREENS[:2], ids=[s[0] for s in SMALL_SCREENS[:2]])
def test_the_quiz_feedback_and_the_next_question_are_on_screen(new_page, screen, size, touch):
    page = open_page(new_page, size, touch, "en")
    page.goto("/quiz")
    page.click("#quiz-start")
    expect(page.locator("#quiz-form")).to_be_visible()
    _answer_first_field(page, "#quiz-form")
    page.locator("#quiz-submit").scroll_into_view_if_needed()
    htmx_click(page, page.locator("#quiz-submit"))
    assert_in_view(page, page.locator("#feedback-verdict"), "the quiz's verdict")
    assert_in_view(page, page.locator("#quiz-next"), "the next question's button")
    htmx_click(page, page.locator("#quiz-next"))
    assert_in_view(page, page.locator("#quiz-panel-title"), "the next question")
