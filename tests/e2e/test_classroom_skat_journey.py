"""Issue 37's journey in Chromium, in German and in English: a teacher starts a two-deal Skat round on the projector
(1920x1080), three children join on their own devices (two phones and a tablet, separate browser contexts) and play
both deals at their own pace, each its own way; one child reloads in the middle of a deal and goes on where it
was. The projector shows where the class is, the ranking (never the last place) and, once the open-cards analyses
are done off the request thread, the class's moment of each deal. Screenshots: test-artifacts/issue37/journey-*."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from webapp.games.skat.table import Phase

from .accessibility import assert_accessible
from .test_classroom_skat import SHOTS, fix_seed, post_deal
from .test_skat_table import PHONE, TABLET, WIDE, board_state, make_move

pytestmark = pytest.mark.e2e

LOCALES = {"de": "de-DE", "en": "en-US"}
#: The class's seed of the journey (its deals are the same on every run).
SEED = "e2e-journey"
#: How each child plays: the coach's move, or the first or the last move the rules allow (a weaker child).
STYLES = {"Mia": "coach", "Noah": "first", "Lina": "last"}
#: The open-cards analyses of six games run one after another in the app's one worker process.
ANALYSED = 180_000


def tap_deal_with_a_reload(page: Page, table_seed: int) -> None:
    """Play deal 1 by tapping, as the child would; reload once in the second trick and check nothing was lost."""
    reloaded = False
    for _ in range(60):
        state = board_state(page, table_seed)
        if state.phase in (Phase.DONE, Phase.THROWN_IN):
            break
        if not reloaded and state.phase is Phase.PLAY and len(state.tricks) >= 1:
            moves = page.locator("#table-board input[name=a]").get_attribute("value")
            page.reload()
            expect(page.locator("#table-board input[name=a]")).to_have_attribute("value", moves)
            reloaded = True
        make_move(page, seed=table_seed)
    assert reloaded, "the deal ended before the play"
    expect(page.locator("#result-title")).to_be_visible()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_teacher_runs_a_two_deal_skat_round_with_three_children(new_page, live_app, lang):
    SHOTS.mkdir(parents=True, exist_ok=True)
    locale = LOCALES[lang]
    teacher = new_page(locale=locale, viewport=WIDE, screenshot=False)
    teacher.goto("/class")
    expect(teacher.locator("html")).to_have_attribute("lang", lang)
    teacher.fill("#skat-deals", "2")
    teacher.select_option("#skat-bots", "beginner")
    teacher.select_option("#skat-coach", "1")
    teacher.click("#class-skat-new")
    expect(teacher.locator("#join-code")).to_be_visible()
    code = teacher.locator("#join-code").inner_text().strip()
    seeds = fix_seed(live_app, code, SEED)

    children: dict[str, Page] = {}
    for nickname in STYLES:
        child = new_page(locale=locale, viewport=TABLET if nickname == "Noah" else PHONE, has_touch=True,
                         screenshot=False)
        child.goto(f"/class/{code}")
        child.fill("#class-nickname", nickname)
        child.click("#class-join")
        expect(child).to_have_url(re.compile(rf"/class/{code}/skat/1"))
        children[nickname] = child
    expect(teacher.locator("#skat-deal-1")).to_contain_text("3", timeout=8_000)  # all three at deal 1 (the poll)

    tap_deal_with_a_reload(children["Mia"], seeds[0])
    for nickname in ("Noah", "Lina"):
        post_deal(children[nickname], code, 1, seeds[0], STYLES[nickname])
    expect(teacher.locator("#skat-ranking")).to_be_visible(timeout=8_000)
    for nickname, child in children.items():
        child.click("#next-game")
        expect(child).to_have_url(re.compile(rf"/class/{code}/skat/2"))
        post_deal(child, code, 2, seeds[1], STYLES[nickname])
        child.click("#next-game")
        expect(child.locator("#skat-round-done")).to_be_visible()
    children["Mia"].screenshot(path=str(SHOTS / f"journey-child-done-{lang}-phone.png"), full_page=True)

    expect(teacher.locator("#skat-finished-all")).to_contain_text("Mia", timeout=8_000)
    for nickname in STYLES:
        expect(teacher.locator("#skat-finished-all")).to_contain_text(nickname)
    names = teacher.locator("#skat-ranking .lb-name").all_inner_texts()
    assert 1 <= len(names) <= 3 and set(names) <= set(STYLES), names
    for number in (1, 2):  # every game analysed (off the request thread): no "n of m games analysed" left
        expect(teacher.locator(f"#skat-moment-{number}-thinking")).to_have_count(0, timeout=ANALYSED)
        part = teacher.locator(f"#skat-moment-{number}")
        expect(part.locator(f"#skat-moment-{number}-steps, #skat-moment-{number}-clean, "
                            f"#skat-moment-{number}-passed")).to_have_count(1)
    teacher.screenshot(path=str(SHOTS / f"journey-projector-{lang}-1920x1080.png"), full_page=True)
    assert_accessible(teacher)

    teacher.click("#do-end")
    teacher.click("#do-end-yes")
    expect(teacher.locator("#skat-ranking .lb-name")).to_have_text(names)
    for nickname, child in children.items():  # a reload after the end keeps every child's points
        child.reload()
        expect(child.locator("#skat-round-done")).to_be_visible()
