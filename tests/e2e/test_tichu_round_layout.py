"""A whole Tichu round played by tapping, laid out for the device (issue 33, the Tichu part).

At a phone (390x844), a tablet in portrait (768x1024) and in landscape (1024x768) and a projector (1920x1080), in
English and German: after every tap, the control of the next step and every card of the child's hand are inside
the screen without scrolling, nothing covers them, and the page does not scroll sideways. At the end, the header
shows the game score after the round from the child's side and the round's ending says "You won the round!" or a
kind word with one thing to try next time. Without JavaScript the hand and the next button are on the first
screen after every full page load. Screenshots: test-artifacts/screenshots/tichu-round-layout/.
"""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .accessibility import BLOCKING_IMPACTS, describe
from .conftest import SCREENSHOTS
from .flow_helpers import touch_options
from .helpers import htmx_click

pytestmark = pytest.mark.e2e

START = "/tichu/round?seed={seed}&round=1&a=0&b=0"
#: The most taps a round may take here (a round by the coach's first suggestion takes about 40).
MAX_TAPS = 150
HAND = "#hand-cards .tichu-card"
FOLDER = SCREENSHOTS / "tichu-round-layout"

WORDS = {
    "en": {"won": "You won the round", "lost": "This round went to the opponents", "draw": "A draw",
           "ours": "Your team (you and player 3): {}", "theirs": "Opponents (players 2 and 4): {}",
           "score": "This round: your team {}, opponents {}", "tip": "Next time:"},
    "de": {"won": re.compile(r"Ihr habt die Runde (mit einem Doppelsieg )?gewonnen"), "lost": "Diese Runde ging an die Gegner",
           "draw": "Unentschieden", "ours": "Dein Team (du und Spieler 3): {}",
           "theirs": "Gegner (Spieler 2 und 4): {}", "score": "Diese Runde: dein Team {}, Gegner {}",
           "tip": "Nächstes Mal:"},
}

#: What is wrong with the screen now: the page scrolls sideways, or an element of the selectors is missing, not
#: wholly inside the screen, or covered at its centre.
_PROBLEMS = """(selectors) => {
  const problems = [];
  const root = document.documentElement;
  // a page still loading after a click without JavaScript (the 303's new page) has no root yet: not ready
  if (!root || document.readyState === 'loading') return ['the page is still loading'];
  const w = root.clientWidth, h = window.innerHeight;
  if (root.scrollWidth > w) problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${w} px`);
  for (const selector of selectors) {
    const found = document.querySelectorAll(selector);
    if (!found.length) problems.push(`${selector} is not on the page`);
    for (const e of found) {
      const r = e.getBoundingClientRect();
      const name = `${selector} (${e.id || e.textContent.trim().slice(0, 30)})`;
      if (r.width === 0 || r.top < -0.5 || r.left < -0.5 || r.bottom > h + 0.5 || r.right > w + 0.5) {
        problems.push(`${name} at (${Math.round(r.left)}, ${Math.round(r.top)})-(${Math.round(r.right)}, `
          + `${Math.round(r.bottom)}) is not inside the ${w}x${h} screen`);
        continue;
      }
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      if (!hit || !(hit === e || e.contains(hit) || hit.contains(e))) problems.push(`${name} is covered`);
    }
  }
  return problems;
}"""


def assert_on_screen(page: Page, selectors: list[str], what: str) -> None:
    """Fail unless every element of ``selectors`` is wholly on screen and uncovered and nothing scrolls sideways;
    waits a moment for a scroll htmx makes after a swap, never scrolls itself."""
    try:
        page.wait_for_function(f"(s) => ({_PROBLEMS})(s).length === 0", arg=selectors, timeout=3_000)
    except PlaywrightTimeoutError:
        problems = page.evaluate(_PROBLEMS, selectors)
        raise AssertionError(f"after {what}:\n" + "\n".join(f"  - {p}" for p in problems)) from None


def assert_axe(page: Page, what: str) -> None:
    """axe finds no serious or critical violation, and none of ``label-content-name-mismatch`` (an experimental
    rule, switched on here: every card button's name contains the words drawn on the card)."""
    results = Axe().run(page, options={"resultTypes": ["violations"],
                                       "rules": {"label-content-name-mismatch": {"enabled": True}}})
    found = [v for v in results.response["violations"]
             if v.get("impact") in BLOCKING_IMPACTS or v["id"] == "label-content-name-mismatch"]
    assert not found, f"axe at {what}:\n" + describe(found)


def shoot(page: Page, name: str) -> None:
    """What the screen shows now (not the whole page): test-artifacts/screenshots/tichu-round-layout/<name>.png."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(FOLDER / f"{name}.png"))


def tap(page: Page, selector: str) -> None:
    """Tap (click) the first element of ``selector`` and wait for htmx to swap the answer in. The element must be
    on screen before the tap: the test never scrolls for the child."""
    assert_on_screen(page, [selector], f"the step before tapping {selector}")
    htmx_click(page, page.locator(selector).first)


def next_control(page: Page) -> str | None:
    """The control of the child's next step as the page shows it, or None at the end of the round."""
    for selector in ("#round-next, #round-again", "#round-give-2", "#round-wait", "#round-coach-first button",
                     "#round-pass"):
        if page.locator(selector).count():
            return selector
    return None


def play_round(page: Page, name: str, axe: bool = False) -> None:
    """From the Grand Tichu question to the round's ending, by taps only; the screen is checked after each (and,
    with ``axe``, accessibility in the exchange, at the first play and at the end)."""
    assert_on_screen(page, ["#round-grand-question", "#round-no-grand", HAND], "opening the page")
    shoot(page, f"{name}-1-grand")
    tap(page, "#round-no-grand")
    expect(page.locator("#hand-cards button")).to_have_count(14)
    assert_on_screen(page, ["#round-exchange-help", HAND], "declining Grand Tichu")
    for number in range(3):
        tap(page, f"#hand-cards .hand-slot:nth-child({number + 1}) button")
        expect(page.locator("#hand-cards .to-player")).to_have_count(number + 1)
        assert_on_screen(page, [HAND, "#round-swap"], f"picking card {number + 1} for the exchange")
    shoot(page, f"{name}-2-exchange")
    if axe:
        assert_axe(page, "the exchange")
    tap(page, "#round-swap")
    shot = False
    for taps in range(MAX_TAPS):
        control = next_control(page)
        if control is None or control.startswith("#round-next"):
            break
        assert_on_screen(page, [control, HAND] if page.locator(HAND).count() else [control], f"tap {taps}")
        if control == "#round-coach-first button" and page.locator(control).first.get_attribute("name") == "choose":
            if not shot:
                shoot(page, f"{name}-3-play")
                shot = True
                if axe:
                    assert_axe(page, "the first play")
            tap(page, control)
            expect(page.locator("#hand-cards button[aria-pressed=true]").first).to_be_visible()
            assert_on_screen(page, ["#round-play", HAND], "picking the coach's suggestion")
            tap(page, "#round-play")
        else:
            tap(page, control)
        expect(page.locator("#round-verdict")).to_have_count(0)
    else:
        raise AssertionError("the round did not end")
    assert_on_screen(page, ["#round-totals", "#round-ending-title", "#round-score", "#round-again"], "the last tap")
    shoot(page, f"{name}-4-end")
    if axe:
        assert_axe(page, "the end of the round")


def check_ending(page: Page, lang: str) -> str:
    """The header's game score and the ending's score agree and are the child's side; the headline fits. Returns
    the outcome."""
    words = WORDS[lang]
    score = page.locator("#round-score").inner_text()
    match = re.search(words["score"].format(r"(-?\d+)", r"(-?\d+)"), score)
    assert match, score
    ours, theirs = int(match.group(1)), int(match.group(2))
    expect(page.locator("#round-totals")).to_contain_text(words["ours"].format(ours))
    expect(page.locator("#round-totals")).to_contain_text(words["theirs"].format(theirs))
    headline = page.locator("#round-ending-title")
    outcome = "won" if ours > theirs else "lost" if ours < theirs else "draw"
    expect(headline).to_contain_text(words[outcome])
    expect(page.locator("#round-praise")).not_to_be_empty()
    if outcome == "won":
        expect(page.locator("#round-tip")).to_have_count(0)
    else:
        expect(page.locator("#round-tip")).to_contain_text(words["tip"])
    expect(page.locator("#round-score-steps")).not_to_contain_text(re.compile(r"team [12]\b|Team [12]\b"))
    return outcome


@pytest.mark.parametrize("size, lang, seed, outcome", [
    ("phone", "en", 14, "won"), ("phone", "de", 3, "lost"), ("tablet", "en", 17, "lost"),
    ("tablet-landscape", "de", 7, "won"), ("projector", "en", 3, "lost"),
])
def test_a_whole_round_by_taps_keeps_the_hand_and_the_next_step_on_screen(new_page, size, lang, seed, outcome):
    """Following the coach's first suggestion, seeds 14 and 7 are won (14 by a double victory, 200 to 0: the
    tester's round) and seeds 3 and 17 lost: both endings are seen."""
    page = new_page(locale="de-DE" if lang == "de" else "en-US", screenshot=False, **touch_options(size))
    page.goto(START.format(seed=seed))
    play_round(page, f"{size}-{lang}", axe=(size, lang) == ("phone", "en"))
    assert check_ending(page, lang) == outcome


def test_without_javascript_the_hand_and_the_next_button_are_on_the_first_screen(new_page):
    page = new_page(java_script_enabled=False, screenshot=False, **touch_options("phone"))
    page.goto(START.format(seed=3))
    assert_on_screen(page, ["#round-no-grand", HAND], "opening the page")
    page.locator("#round-no-grand").click()
    for number in range(3):
        page.locator(f"#hand-cards .hand-slot:nth-child({number + 1}) button").click()
        assert_on_screen(page, [HAND, "#round-swap"], f"picking card {number + 1} without JavaScript")
    page.locator("#round-swap").click()
    assert page.url.endswith("#round-view")
    assert_on_screen(page, ["#round-middle h3", HAND, "#round-play", "#round-coach-first button"],
                     "passing the cards without JavaScript")
    shoot(page, "phone-nojs-play")
    page.locator("#round-coach-first button").first.click()
    assert_on_screen(page, ["#round-middle h3", HAND, "#round-play"], "the coach's suggestion without JavaScript")
