"""A whole Tichu round in Chromium (issue 19, section 4): played by clicks on a tablet and a phone from the Grand
Tichu question to the score, an illegal play and a pass refused with the rules' reasons, German too.
Screenshots of each phase go to test-artifacts/screenshots/tichu-round/."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from webapp.games.tichu.round_views import replay

from .conftest import SCREENSHOTS
from .flow_helpers import assert_in_view, touch_options
from .helpers import assert_layout, htmx_click

pytestmark = pytest.mark.e2e

START = "/tichu/round?seed=3&round=1&a=0&b=0"
#: The most clicks a round can take here (a child's round is far shorter: 14 cards, passes, a call, the exchange).
MAX_CLICKS = 200


def shoot(page: Page, name: str) -> None:
    """The whole page as ``test-artifacts/screenshots/tichu-round/<name>.png``."""
    folder = SCREENSHOTS / "tichu-round"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def play_round(page: Page, name: str, grand: bool, words: dict[str, str]) -> None:
    """From the Grand Tichu question to the score: call or decline, pass the first three cards, then the coach's
    first suggestion or pass, a Dragon trick to player 2. Screenshots on the way."""
    expect(page.locator("#round-grand-question")).to_be_visible()
    expect(page.locator("#hand-cards .tichu-card")).to_have_count(8)
    shoot(page, f"{name}-1-grand")
    htmx_click(page, page.locator("#round-grand" if grand else "#round-no-grand"))
    hand = page.locator("#hand-cards button")
    expect(hand).to_have_count(14)
    if grand:
        expect(page.locator("#seat-0-call")).to_be_visible()
    for number in range(3):
        htmx_click(page, hand.nth(number))
        expect(page.locator("#hand-cards .to-player")).to_have_count(number + 1)
    shoot(page, f"{name}-2-exchange")
    htmx_click(page, page.locator("#round-swap"))
    expect(page.locator("#round-received")).to_be_visible()
    assert_in_view(page, page.locator("#round-middle"), "the trick after passing the cards")
    shoot(page, f"{name}-3-play")
    for _ in range(MAX_CLICKS):
        if page.locator("#round-score").count():
            break
        if page.locator("#round-give-2").count():
            htmx_click(page, page.locator("#round-give-2"))
            continue
        choose = page.locator("#round-coach-list button[name=choose]")
        if choose.count():
            htmx_click(page, choose.first)
            expect(page.locator("#hand-cards button[aria-pressed=true]").first).to_be_visible()
            htmx_click(page, page.locator("#round-play"))
        else:
            htmx_click(page, page.locator("#round-pass"))
        expect(page.locator("#round-verdict")).to_have_count(0)
    else:
        raise AssertionError("the round did not end")
    assert_in_view(page, page.locator("#round-score"), "the score at the end of the round")
    expect(page.locator("#round-score-steps li").first).to_be_visible()
    expect(page.locator("#round-again")).to_have_text(words["again"])
    shoot(page, f"{name}-4-score")
    page.locator("#round-history > summary").click()
    expect(page.locator("#round-history .round-why").first).to_be_visible()
    page.locator("#round-history .round-why summary").first.click()
    expect(page.locator("#round-history .round-why .steps").first).to_be_visible()
    page.reload()  # the address holds the whole round
    expect(page.locator("#round-score")).to_be_visible()


@pytest.mark.parametrize("size, lang, grand", [("tablet", "en", False), ("phone", "en", True), ("phone", "de", False)])
def test_a_whole_round_by_clicks(new_page, size, lang, grand):
    page = new_page(locale="de-DE" if lang == "de" else "en-US", **touch_options(size))
    page.goto(START)
    words = {"en": {"again": "Play the same deal again"}, "de": {"again": "Die gleichen Karten noch einmal"}}[lang]
    play_round(page, f"{size}-{lang}", grand, words)


def _child_follows_a_single() -> tuple[str, str]:
    """The address of a deal where the child must follow a single, and a card of the hand too low to beat it."""
    for seed in range(1, 60):
        page = replay(seed, 1, (0, 0), ["1.no"])
        low = sorted(page.state.hand(0), key=lambda c: (c.rank, str(c)))[:3]
        codes = ["1.no", "1.swap:" + ",".join(map(str, low))]
        page = replay(seed, 1, (0, 0), codes)
        top = page.state.trick.top if page.state.trick else None
        if page.state.to_act == 0 and top is not None and top.combination.kind.name == "SINGLE":
            lower = [c for c in page.state.hand(0) if 2 <= c.rank < top.combination.rank]
            if lower:
                return f"/tichu/round?seed={seed}&round=1&a=0&b=0&" + urlencode({"m": codes}, doseq=True), str(lower[0])
    raise AssertionError("no such deal")


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_an_illegal_play_is_refused_with_its_reason(new_page, browser_errors, size):
    """Tichu rulebook, "Play": a single is beaten only by a higher single; the moves made stay."""
    browser_errors.allow_status(422)
    url, card = _child_follows_a_single()
    page = new_page(**touch_options(size))
    page.goto(url)
    htmx_click(page, page.locator(f"#hand-{card}"))
    expect(page.locator(f"#hand-{card}")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#round-note")).to_contain_text("is in none of the plays you may make now")
    htmx_click(page, page.locator("#round-play"))
    expect(page.locator("#round-verdict")).to_have_text("Not allowed")
    expect(page.locator("#round-verdict-steps")).to_contain_text("must be higher")
    assert_in_view(page, page.locator("#round-verdict"), "the refusal")
    expect(page.locator(f"#hand-{card}")).to_be_visible()
    shoot(page, f"{size}-refused")
    assert_layout(page, touch=True, what=f"the refused play on the {size}")


def test_works_without_javascript(new_page):
    page = new_page(java_script_enabled=False, **touch_options("phone"))
    page.goto(START)
    page.locator("#round-no-grand").click()
    expect(page.locator("#hand-cards button")).to_have_count(14)
    page.locator("#hand-cards button").first.click()
    expect(page.locator("#hand-cards .to-player")).to_have_count(1)
    assert "pick=" in page.url and "m=1.no" in page.url
    page.locator("#round-open").click()
    expect(page.locator("#seat-2-cards")).to_be_visible()


def test_a_bomb_thrown_in_out_of_turn(new_page):
    """Tichu rulebook, "Bombs": a bomb may be thrown in at any time, also while another player is in turn."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
    from test_tichu_round_routes import _bomb_chance

    seed, codes = _bomb_chance()
    page = new_page(**touch_options("tablet"))
    page.goto(f"/tichu/round?seed={seed}&round=1&a=0&b=0&" + urlencode({"m": codes}, doseq=True))
    expect(page.locator("#round-bomb-chance")).to_be_visible()
    htmx_click(page, page.locator("#round-coach-list button[name=choose]").first)
    htmx_click(page, page.locator("#round-play"))
    expect(page.locator("#round-history")).to_contain_text("Player 1 throws in the bomb")
    expect(page.locator("#round-bomb-chance")).to_have_count(0)
    shoot(page, "tablet-bomb-out-of-turn")
