"""The classroom projector read from the back row (issue 33): a 1920 x 1080 projector seen from 8 m, seven
children, one Skat question ("who wins this trick?"), the leaderboard and the podium; one child on a 768 x 1024
tablet answers wrong.

Measured, not only looked at: the question's cards are at least a sixth of the screen high, the question (with
the declared game) is the largest text on the page, what the tablets are to do is said at most once, the join
code and address are large and dark on white; the leaderboard names at most five children and never the last
place; the podium stands 2-1-3 (the first in the middle and highest) and celebrates (not with reduced motion); the
tablet's wrong answer gets a kind word and what to remember, never a bare "+0".
Screenshots in ``test-artifacts/screenshots/classroom/``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Iterator

import pytest
from playwright.sync_api import Page, expect

from webapp.classroom import service
from webapp.core.db import db
from webapp.core.models import ClassSession

from .accessibility import assert_accessible
from .conftest import EXPECT_TIMEOUT, SCREENSHOTS, served_app
from .test_classroom_live import Clock

pytestmark = pytest.mark.e2e

PROJECTOR = {"width": 1920, "height": 1080}
TABLET = {"width": 768, "height": 1024}
SHOTS = SCREENSHOTS / "classroom"
LIVE = 2_000 + EXPECT_TIMEOUT
#: The children answering from the test (no browser): the seconds after the question each answers, right or wrong.
QUIET = {"Anna": (0, True), "Ben": (3, True), "Cem": (6, True), "Dana": (9, True), "Emil": (12, True),
         "Gus": (14, False)}

TEXTS = {
    "en": {"headline": "Skat: who wins this trick?", "declared": "The declared game:", "tap": "Tap the card that wins it",
           "joined": "7 children have joined", "place": "You are in place 6 with 0 points.",
           "cheer": "Your first points are just one right answer away.", "remember": "To remember:",
           "end": "Well done for joining in: you know more now than at the start!"},
    "de": {"headline": "Skat: Wer gewinnt den Stich?", "declared": "Das angesagte Spiel:",
           "tap": "Tippe auf die Karte, die ihn gewinnt", "joined": "7 Kinder sind dabei",
           "place": "Du bist auf Platz 6 mit 0 Punkten.",
           "cheer": "Deine ersten Punkte sind nur eine richtige Antwort entfernt.", "remember": "Merke dir:",
           "end": "Schön, dass du mitgemacht hast: Jetzt weißt du mehr als am Anfang!"},
}

#: The largest font size of any visible text on the page (an element with a text node of its own), and where;
#: the cards are pictures (role="img": their corner index and suit symbols are drawn with letters), not text.
LARGEST_TEXT = """() => {
  let best = {size: 0, text: ""};
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("[role=img]")) continue;
    const own = [...el.childNodes].some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (!own || !el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size > best.size) best = {size, text: el.textContent.trim().slice(0, 60)};
  }
  return best;
}"""

#: The contrast ratio (WCAG) of an element's text against white.
CONTRAST = """(selector) => {
  const [r, g, b] = getComputedStyle(document.querySelector(selector)).color.match(/\\d+/g).map(Number)
    .map(c => c / 255).map(c => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}"""


@pytest.fixture(scope="module")
def projector_server(tmp_path_factory: pytest.TempPathFactory):
    """The app with a test clock on a fresh database, served in a thread: ``(app, clock, base URL)``."""
    clock = Clock()
    with served_app(tmp_path_factory.mktemp("classroom-projector"), "e2e-projector", CLASSROOM_CLOCK=clock,
                    CLASSROOM_BOARD_POLL_MS=500, CLASSROOM_TABLET_POLL_MS=1000) as (app, base):
        yield app, clock, base


@pytest.fixture
def live_server(projector_server) -> Iterator[str]:
    """This module's pages talk to the server with the test clock."""
    yield projector_server[2]


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def join_quietly(app, code: str, nickname: str) -> str:
    """A child joins without a browser (as its tablet's form would); its class cookie's token."""
    with app.test_request_context():
        row = db.session.execute(db.select(ClassSession).filter_by(join_code=code)).scalar_one()
        return service.join(row, nickname)


def answer_quietly(app, code: str, token: str, right: bool) -> None:
    """The child with ``token`` answers the open "who wins this trick?" round, right or wrong."""
    with app.test_request_context():
        seat = service.session_and_child(code, {service.cookie_name(code): token})
        asked = service.round_question(seat.row, seat.row.round_number)
        winner = asked.kind.solve(asked.question)["winner"]
        card = winner if right else next(str(c) for c in asked.question.trick if str(c) != winner)
        assert service.answer(seat.row, seat.child, seat.answer, str(seat.row.round_number), {"winner": card})


def wrong_card(app, code: str) -> str:
    with app.app_context():
        row = db.session.execute(db.select(ClassSession).filter_by(join_code=code)).scalar_one()
        asked = service.round_question(row, row.round_number)
        winner = asked.kind.solve(asked.question)["winner"]
        return next(str(c) for c in asked.question.trick if str(c) != winner)


@pytest.mark.parametrize(("lang", "locale"), [("en", "en-US"), ("de", "de-DE")])
def test_the_projector_from_the_back_row_a_kind_leaderboard_and_a_real_podium(new_page, projector_server, lang,
                                                                              locale):
    app, clock, _ = projector_server
    words = TEXTS[lang]
    teacher = new_page(locale=locale, viewport=PROJECTOR)
    teacher.goto("/class")
    teacher.locator("#class-new-form input[name='kind'][value='skat_trick']").check()
    teacher.fill("#class-count", "1")
    teacher.click("#class-new")
    code = teacher.locator("#join-code").inner_text().strip()

    # The lobby: the code and the address large, dark on white.
    font = "(el) => parseFloat(getComputedStyle(el).fontSize)"
    assert teacher.locator("#join-code").evaluate(font) >= 64
    assert teacher.locator(".lobby-url .join-url").evaluate(font) >= 48
    assert teacher.evaluate(CONTRAST, "#join-code") >= 7 and teacher.evaluate(CONTRAST, ".lobby-url .join-url") >= 7

    tom = new_page(locale=locale, viewport=TABLET, has_touch=True)
    tom.goto(f"/class/{code}")
    tom.fill("#class-nickname", "Tom")
    tom.click("#class-join")
    expect(tom.locator("#child-wait")).to_be_visible()
    tokens = {name: join_quietly(app, code, name) for name in QUIET}
    expect(teacher.locator("#live-count")).to_have_text(words["joined"], timeout=LIVE)
    shot(teacher, f"projector-back-row-lobby-{lang}")

    # The question, with a countdown and the speed bonus.
    teacher.select_option("#ask-countdown", "30")
    teacher.check("#ask-form input[name=speed_bonus][value='1']")
    teacher.click("#do-ask")
    expect(teacher.locator("#round-headline")).to_have_text(words["headline"])
    expect(teacher.locator("#board-countdown")).to_be_visible()
    heights = teacher.locator(".round-question .q-card").evaluate_all("(cards) => cards.map(c => c.offsetHeight)")
    assert len(heights) == 3 and min(heights) >= PROJECTOR["height"] / 6, heights
    largest = teacher.evaluate(LARGEST_TEXT)
    headline = teacher.locator("#round-headline").evaluate(font)
    assert headline >= largest["size"], largest
    assert teacher.locator(".round-declared").evaluate(font) == headline  # the declared game: as large
    expect(teacher.locator(".round-declared")).to_contain_text(words["declared"])
    assert teacher.evaluate("(tap) => document.body.innerText.split(tap).length - 1", words["tap"]) == 1
    assert teacher.locator(".round-tablets").evaluate(font) <= 20  # said once, small
    assert teacher.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    shot(teacher, f"projector-back-row-question-{lang}")

    start = clock.now
    expect(tom.locator("#child-form")).to_be_visible(timeout=LIVE)
    for name, (seconds, right) in QUIET.items():
        clock.now = start + timedelta(seconds=seconds)
        answer_quietly(app, code, tokens[name], right)
    tom.locator(f"#field-winner label.q-choice:has(input[value='{wrong_card(app, code)}'])").tap()
    tom.click("#child-submit")
    expect(tom.locator("#child-saved")).to_be_visible()
    teacher.click("#do-close")
    expect(teacher.locator("#round-answer")).to_be_visible()
    for part in (".round-question", "#round-answer"):  # the question beside its solution, on the screen
        assert teacher.locator(part).bounding_box()["y"] + teacher.locator(part).bounding_box()["height"] <= 1080
    shot(teacher, f"projector-back-row-solution-{lang}")

    # Tom's tablet: a kind word and what to remember, his own place with a cheer; never "+0".
    expect(tom.locator("#child-kind")).to_be_visible(timeout=LIVE)
    expect(tom.locator("#feedback-remember")).to_contain_text(words["remember"])
    expect(tom.locator("#child-place")).to_have_text(words["place"])
    expect(tom.locator("#child-cheer")).to_have_text(words["cheer"])
    assert "+0" not in tom.locator("#child-panel").inner_text()
    expect(tom.locator("#child-points")).to_have_count(0)
    shot(tom, f"tablet-back-row-wrong-answer-{lang}")
    assert_accessible(tom, "tablet: a wrong answer")

    # The leaderboard: the top five with points, never a last place (Tom and Gus, 0 points).
    teacher.click("#do-board")
    lines = teacher.locator("#leaderboard li")
    expect(lines).to_have_count(5)
    expect(lines.first).to_contain_text("Anna")
    expect(lines.last).to_contain_text("Emil")
    board = teacher.locator("#board").inner_text()
    assert "Tom" not in board and "Gus" not in board
    expect(teacher.locator("#leaderboard-tablets")).to_be_visible()
    shot(teacher, f"projector-back-row-leaderboard-{lang}")

    # The podium: 2-1-3, the first in the middle and highest, with a short celebration.
    teacher.click("#do-podium")
    steps = teacher.locator("#podium li")
    expect(steps).to_have_count(3)
    shot(teacher, f"projector-back-row-podium-growing-{lang}")  # a look at the steps growing (no timing asserted)
    teacher.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    boxes = [steps.nth(i).locator(".podium-block").bounding_box() for i in range(3)]
    first, second, third = boxes
    assert second["x"] < first["x"] < third["x"], boxes
    assert first["y"] < second["y"] < third["y"], boxes  # the first stands highest, the third lowest
    expect(steps.nth(0)).to_contain_text("Anna")
    expect(steps.nth(1)).to_contain_text("Ben")
    expect(steps.nth(2)).to_contain_text("Cem")
    expect(teacher.locator("#podium .podium-1 .celebrate")).to_have_count(1)
    grown = "(el) => getComputedStyle(el).animationName"
    assert teacher.locator("#podium .podium-2 .podium-block").evaluate(grown) == "podium-grow"
    assert teacher.evaluate("() => window.scrollY") == 0
    shot(teacher, f"projector-back-row-podium-{lang}")
    assert_accessible(teacher, "projector: the podium")
    expect(tom.locator("#child-cheer")).to_have_text(words["end"], timeout=LIVE)
    expect(tom.locator("#child-podium li")).to_have_count(3)
    shot(tom, f"tablet-back-row-end-{lang}")

    teacher.emulate_media(reduced_motion="reduce")  # nothing moves
    for selector in ("#podium .podium-2 .podium-block", "#podium .podium-1 .celebrate"):
        assert teacher.locator(selector).evaluate("(el) => getComputedStyle(el).animationName") == "none"
