"""The Skat table (/skat/table) laid out for the device (issue 33): a whole game played by tapping at phone, tablet
(portrait and landscape) and projector size, in English and German, with the next step's control on screen after
every tap, every hand card on screen during the play, and nothing scrolling sideways; a refused card stays in view
with its reason right above the hand; the same without JavaScript (each click a full page landing on the stage).

The journey decides from the page alone, as a child would: it keeps bidding (up to 30), picks up the skat or plays
hand, puts away the first two cards, declares the first game offered and plays the first card that is not greyed.
Screenshots (the screen as the child sees it): test-artifacts/screenshots/skat-table-layout/.
"""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .accessibility import BLOCKING_IMPACTS, describe
from .conftest import SCREENSHOTS
from .helpers import htmx_click
from .test_skat_table import refusing_url

pytestmark = pytest.mark.e2e

SHOTS = SCREENSHOTS / "skat-table-layout"
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
LANDSCAPE = {"width": 1024, "height": 768}
PROJECTOR = {"width": 1920, "height": 1080}
#: Deal 7, game 1: the child (forehand) wins the bidding at 20, so every step of a declarer's game comes up.
SEED = 7
HIGHEST_BID = 30

#: For each element of each selector: why it is not wholly on screen (outside the viewport, or covered at its
#: centre), and whether the page scrolls sideways. Looks only; never scrolls.
_OFF_SCREEN = """(selectors) => {
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${window.innerWidth} px`);
  const w = root.clientWidth, h = window.innerHeight;
  for (const selector of selectors) {
    const found = [...document.querySelectorAll(selector)];
    if (!found.length) problems.push(`${selector}: not on the page`);
    for (const e of found) {
      const r = e.getBoundingClientRect();
      const name = `${selector} ${e.id ? '#' + e.id : ''}`.trim();
      if (r.width === 0 || r.height === 0) { problems.push(`${name}: not shown`); continue; }
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > h + 0.5 || r.right > w + 0.5) {
        problems.push(`${name}: (${Math.round(r.left)}, ${Math.round(r.top)})-(${Math.round(r.right)}, ${Math.round(r.bottom)}) is not inside the ${w}x${h} screen`);
        continue;
      }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === e || e.contains(hit))) problems.push(`${name}: covered by ${hit ? hit.tagName + (hit.id ? '#' + hit.id : '') : 'nothing'}`);
    }
  }
  return problems;
}"""


def phase_of(page: Page) -> str:
    """The phase the page shows (the board's ``phase-...`` class)."""
    found = re.search(r"\bphase-(\w+)", page.locator("#table-board").get_attribute("class") or "")
    assert found, "the board names its phase"
    return found.group(1)


def next_controls(page: Page) -> list[str]:
    """What the child needs on screen now: the next step's controls, and while bidding, taking the skat, putting
    away and playing every card of the hand."""
    phase = phase_of(page)
    if page.locator("#do-go-on").count():
        return ["#do-go-on"]
    if phase == "auction":  # the child bids on what it holds: the whole hand under the question
        return ["#prompt", "#do-pass", "#do-yes" if page.locator("#do-yes").count() else "#do-bid",
                "#my-hand .hand-card"]
    if phase == "skat":
        return ["#prompt", "#do-skat", "#do-hand", "#my-hand .hand-card"]
    if phase == "discard":
        return ["#my-hand .hand-card"] + (["#do-put"] if page.locator("#do-put").count() else ["#pick-count"])
    if phase == "declare":
        return ["#prompt", ".declare-games .game-button"] + (
            ["#do-declare"] if page.locator("#do-declare").count() else [])
    if phase == "play":
        return ["#prompt", "#my-hand .hand-card"]
    return ["#result-verdict", "#table-cheer", "#next-game"]


def assert_on_screen(page: Page, selectors: list[str], what: str) -> None:
    """Fail unless every element of ``selectors`` is wholly on screen, uncovered, and nothing scrolls sideways."""
    problems = page.evaluate(_OFF_SCREEN, selectors)
    assert not problems, f"{what} at {page.viewport_size} ({page.url}):\n" + "\n".join(f"  - {p}" for p in problems)


def tap(page: Page, selector: str, js: bool) -> None:
    """Tap what is on screen, as a finger would: htmx swaps the board, or (no JavaScript) a full page loads."""
    button = page.locator(selector).first
    if js:
        htmx_click(page, button)
    else:
        with page.expect_navigation():
            button.click()


def choose(page: Page, hand_game: bool) -> list[str]:
    """The taps that make the child's next move, decided from the page alone."""
    phase = phase_of(page)
    if page.locator("#do-go-on").count():
        return ["#do-go-on"]
    if phase == "auction":
        if page.locator("#do-yes").count():
            return ["#do-yes"]
        bid = page.locator("#do-bid")
        keep_bidding = bid.count() and int(bid.get_attribute("value")) <= HIGHEST_BID
        return ["#do-bid" if keep_bidding else "#do-pass"]
    if phase == "skat":
        return ["#do-hand" if hand_game else "#do-skat"]
    if phase == "discard":
        picked = page.locator("#my-hand .hand-card[aria-pressed=true]").count()
        if picked == 2:
            return ["#do-put"]
        return [f"#{page.locator('#my-hand .hand-card[aria-pressed=false]').first.get_attribute('id')}"]
    if phase == "declare":
        if page.locator("#do-declare").count():
            return ["#do-declare"]
        return [f"#{page.locator('.declare-games .game-button').first.get_attribute('id')}"]
    assert phase == "play", phase
    return [f"#{page.locator('#my-hand .hand-card:not(.not-playable)').first.get_attribute('id')}"]


def refuse_a_card(page: Page, shot: str | None) -> None:
    """Tap a greyed card: its reason shows right above the hand, and the hand and the reason stay on screen."""
    card = page.locator("#my-hand .hand-card.not-playable").first
    card_id = card.get_attribute("id")
    tap(page, f"#{card_id}", js=True)
    problem = page.locator("#table-news .problem")
    expect(problem).to_be_visible()
    expect(page.locator(f"#{card_id}")).to_have_class(re.compile(r"\brefused\b"))
    assert_on_screen(page, ["#table-news .problem", "#my-hand .hand-card"], "the refused card and its reason")
    near = page.evaluate("""() => document.querySelector('#my-hand').getBoundingClientRect().top
                                  - document.querySelector('#table-news .problem').getBoundingClientRect().bottom""")
    assert 0 <= near <= 200, f"the reason should stand right above the hand, {near:.0f} px away"
    if shot:
        page.screenshot(path=str(SHOTS / f"{shot}-refused.png"))


def play_a_whole_game(page: Page, name: str, *, js: bool = True, hand_game: bool = False) -> set[str]:
    """Play from the first screen to the score by tapping; check the screen after every tap; return the phases
    seen. Screenshots: the first screen, the discard, the declaration, the third trick, a refusal, the end."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    refused = False
    shots = {"auction": "first-screen", "discard": "discard", "declare": "declare"}
    for _ in range(80):
        phase = phase_of(page)
        assert_on_screen(page, next_controls(page), f"{name}: the next step ({phase})")
        if phase in shots and phase not in seen:
            page.screenshot(path=str(SHOTS / f"{name}-{shots[phase]}.png"))
        seen.add(phase)
        if phase in ("done", "thrown_in"):
            break
        if phase == "play":
            if page.locator("#my-hand .hand-card").count() == 8 and "trick3" not in seen:
                seen.add("trick3")
                page.screenshot(path=str(SHOTS / f"{name}-trick-3.png"))
            if js and not refused and page.locator("#my-hand .hand-card.not-playable").count():
                refuse_a_card(page, name)
                refused = True
                continue
        for selector in choose(page, hand_game):
            tap(page, selector, js)
    else:
        raise AssertionError(f"{name}: the game did not end")
    page.screenshot(path=str(SHOTS / f"{name}-end.png"))
    expect(page.locator("#table-cheer .cheer-line")).to_have_count(2)
    return seen


@pytest.mark.parametrize(("screen", "size", "locale", "hand_game"), [
    ("phone-en", PHONE, "en-US", False),
    ("phone-de", PHONE, "de-DE", True),
    ("tablet-de", TABLET, "de-DE", False),
    ("tablet-landscape-en", LANDSCAPE, "en-US", True),
    ("projector-de", PROJECTOR, "de-DE", False),
])
def test_a_whole_game_with_the_hand_and_the_next_step_always_on_screen(new_page, browser_errors, screen, size, locale,
                                                                      hand_game):
    browser_errors.allow_status(409)  # the greyed card tapped on the way
    touch = size["width"] < 1366
    page = new_page(viewport=size, locale=locale, has_touch=touch, is_mobile=size["width"] < 500, screenshot=False)
    page.goto(f"/skat/table?seed={SEED}&game=1")
    seen = play_a_whole_game(page, screen, hand_game=hand_game)
    assert {"auction", "skat", "declare", "play", "done"} <= seen
    assert ("discard" in seen) != hand_game
    expect(page.locator("#result-score")).to_have_text(re.compile(r"^[+-]\d+$"))
    # the next game starts with the child's cards and its first step on the same screen
    page.locator("#next-game").click()
    expect(page).to_have_url(re.compile(r"game=2.*#table-stage$"))
    assert_on_screen(page, next_controls(page) + ["#my-hand .hand-card"], f"{screen}: the next game's first screen")


def test_without_javascript_every_click_lands_on_the_hand_and_the_next_step(new_page):
    page = new_page(viewport=PHONE, java_script_enabled=False, has_touch=True, is_mobile=True, screenshot=False)
    page.goto("/skat/table?seed=7&game=1")
    seen = play_a_whole_game(page, "phone-nojs", js=False)
    assert {"auction", "skat", "discard", "declare", "play", "done"} <= seen
    assert page.url.endswith("#table-stage"), "a click's page lands on the stage"


@pytest.mark.parametrize(("screen", "size"), [("phone", PHONE), ("tablet-landscape", LANDSCAPE)])
def test_a_refused_card_stays_in_view_with_its_reason_and_the_hand_is_named_by_what_it_shows(
        new_page, browser_errors, screen, size):
    browser_errors.allow_status(409)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = new_page(viewport=size, has_touch=True, is_mobile=size["width"] < 500, screenshot=False)
    page.goto(refusing_url(tricks_before=2) + "#table-stage")
    assert_on_screen(page, ["#prompt", "#my-hand .hand-card"], f"{screen}: the hand from the third trick on")
    # axe, with its label-in-name rule (experimental, so off by default) on: each card button's name holds what
    # the card shows; the greyed cards keep their contrast
    results = Axe().run(page, options={"rules": {"label-content-name-mismatch": {"enabled": True}}})
    serious = [v for v in results.response["violations"] if v.get("impact") in BLOCKING_IMPACTS]
    assert not serious, describe(serious)
    # a card button is named by its face's picture: the card's name (no aria-label that leaves out what it shows)
    first = page.locator("#my-hand .hand-card").first
    assert first.get_attribute("aria-label") is None
    expect(first).to_have_accessible_name(re.compile(r"^(Ace|King|Queen|Jack|Ten|Nine|Eight|Seven) of \w+"))
    refuse_a_card(page, screen)
    expect(page.locator("#table-news .problem")).to_contain_text(re.compile(r"You must follow|is a trump, not a card of"))
    # the child then plays an allowed card: the reason goes, the hand stays
    tap(page, f"#{page.locator('#my-hand .hand-card:not(.not-playable)').first.get_attribute('id')}", js=True)
    expect(page.locator("#table-news .problem")).to_have_count(0)
    assert_on_screen(page, next_controls(page), f"{screen}: the next step after the refusal")
