"""The class plays Skat (issue 37, section 1) in Chromium: a teacher starts a one-deal Skat round, a child on a
phone joins, plays the deal to its end by tapping the coach's move, reloads in the middle and goes on where it was,
then sees its points. Then the projector and the tablets: two children play the deal (their moves posted with the
page's own form), the projector at 1920x1080 shows the ranking, each child its own place, the teacher ends the
round. Screenshots (phone 390x844, tablet 768x1024, projector 1920x1080): test-artifacts/issue37/."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from webapp.classroom import skat_store
from webapp.core.db import db
from webapp.core.models import ClassSession
from webapp.games.skat import bots, table_codes
from webapp.games.skat.table import Phase
from webapp.games.skat.table_codes import action_code

from .accessibility import assert_accessible
from .conftest import ROOT
from .test_skat_table import PHONE, TABLET, WIDE, board_state, make_move

pytestmark = pytest.mark.e2e

SHOTS = ROOT / "test-artifacts" / "issue37"


def shoot(page: Page, name: str) -> None:
    """Screenshots of the page at the phone's size and at the tablet's, then back to the phone."""
    for screen, size in (("phone", PHONE), ("tablet", TABLET)):
        page.set_viewport_size(size)
        page.screenshot(path=str(SHOTS / f"{name}-{screen}.png"), full_page=True)
    page.set_viewport_size(PHONE)


#: The class's seed the tests give their rounds, so that every run plays the same deals (a new class gets a random
#: one): deal 1 of it is bid and played to the third trick, so both reloads happen.
SEED = "e2e-skat-round"


def fix_seed(app: Flask, code: str, seed: str = SEED) -> list[int]:
    """Give the live class ``code`` the seed ``seed`` (before any child has joined); return its deals' table seeds
    (the class's pages do not show them)."""
    with app.app_context():
        row = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
        row.seed = seed
        db.session.commit()
        return [plan.seed for plan in skat_store.plans(row)]


def test_a_child_plays_a_one_deal_skat_round_on_a_phone_and_reloads_in_the_middle(new_page, live_app):
    SHOTS.mkdir(parents=True, exist_ok=True)
    teacher = new_page(locale="en-US")
    teacher.goto("/class")
    teacher.fill("#skat-deals", "1")
    teacher.select_option("#skat-bots", "beginner")
    teacher.select_option("#skat-coach", "1")
    teacher.screenshot(path=str(SHOTS / "teacher-start.png"), full_page=True)
    assert_accessible(teacher)
    teacher.click("#class-skat-new")
    expect(teacher.locator("#join-code")).to_be_visible()
    expect(teacher.locator("#skat-round-note")).to_be_visible()
    code = teacher.locator("#join-code").inner_text().strip()
    (table_seed,) = fix_seed(live_app, code)
    teacher.screenshot(path=str(SHOTS / "teacher-projector.png"), full_page=True)

    child = new_page(locale="en-US", viewport=PHONE, has_touch=True)
    child.goto(f"/class/{code}")
    child.fill("#class-nickname", "Mia")
    child.click("#class-join")
    expect(child).to_have_url(re.compile(rf"/class/{code}/skat/1"))
    expect(child.locator("h1")).to_have_text("Deal 1 of 1")
    expect(child.locator("#my-hand .hand-card")).to_have_count(10)
    shoot(child, "child-deal-start")
    assert_accessible(child)
    reloads = []  # once in the bidding; once more in the third trick when the class's deal gets there
    for _ in range(60):
        state = board_state(child, table_seed)
        if state.phase in (Phase.DONE, Phase.THROWN_IN):
            break
        moment = ("bidding" if state.phase is Phase.AUCTION and state.auction.calls
                  else "playing" if state.phase is Phase.PLAY and len(state.tricks) >= 2 else None)
        if moment is not None and moment not in reloads:
            moves = child.locator("#table-board input[name=a]").get_attribute("value")
            shoot(child, f"child-{moment}")
            child.reload()
            expect(child.locator("#table-board input[name=a]")).to_have_attribute("value", moves)
            reloads.append(moment)
        make_move(child, seed=table_seed)
    assert reloads == ["bidding", "playing"], reloads
    assert board_state(child, table_seed).phase in (Phase.DONE, Phase.THROWN_IN)
    expect(child.locator("#result-title")).to_be_visible()
    shoot(child, "child-deal-done")
    child.click("#next-game")
    expect(child.locator("#skat-round-done")).to_have_text(re.compile(r"^You played the deal: -?\d+ points\.$"))
    shoot(child, "child-round-done")
    assert_accessible(child)


MOVES = re.compile(r'name="a" value="([^"]*)"')


def choose(state, style: str) -> str:
    """The child's move in ``state`` by its ``style``: "coach" (the coach's move), "first" or "last" (the first or
    last move the rules allow, a weaker child), as an action code."""
    if style == "coach":
        return action_code(bots.bot_move(state).action)
    actions = state.legal_actions()
    return action_code(actions[0] if style == "first" else actions[-1])


def post_deal(page: Page, code: str, number: int, table_seed: int, style: str) -> None:
    """Play deal ``number`` from where it is to its end, each move posted with the page's own form (its CSRF token,
    the context's cookies), then open the deal's page as it is now."""
    url = f"/class/{code}/skat/{number}"
    page.goto(url)
    token = page.locator("#table-form input[name=csrf_token]").get_attribute("value")
    text = page.content()
    for _ in range(80):
        found = MOVES.search(text)
        state = table_codes.replay(table_seed, number, [c for c in (found.group(1) if found else "").split(".") if c])
        if state.phase in (Phase.DONE, Phase.THROWN_IN):
            break
        response = page.request.post(url, form={"csrf_token": token, "do": choose(state, style)})
        assert response.ok, response.status
        text = response.text()
    else:
        raise AssertionError("the deal did not end")
    page.goto(url)
    expect(page.locator("#result-title")).to_be_visible()


def test_the_projector_shows_the_ranking_and_each_child_its_own_place(new_page, live_app):
    SHOTS.mkdir(parents=True, exist_ok=True)
    teacher = new_page(locale="en-US", viewport=WIDE, screenshot=False)
    teacher.goto("/class")
    teacher.fill("#skat-deals", "1")
    teacher.click("#class-skat-new")
    expect(teacher.locator("#join-code")).to_be_visible()
    code = teacher.locator("#join-code").inner_text().strip()
    (table_seed,) = fix_seed(live_app, code)
    children = []
    for nickname in ("Mia", "Noah"):
        child = new_page(locale="en-US", viewport=PHONE, has_touch=True, screenshot=False)
        child.goto(f"/class/{code}")
        child.fill("#class-nickname", nickname)
        child.click("#class-join")
        expect(child).to_have_url(re.compile(rf"/class/{code}/skat/1"))
        children.append(child)
    expect(teacher.locator("#skat-deal-1")).to_contain_text("2", timeout=6_000)  # both at deal 1 (the poll)
    post_deal(children[0], code, 1, table_seed, "coach")
    expect(children[0].locator("#result-title")).to_be_visible()
    expect(children[0].locator("#skat-my-place")).to_have_text("You are in place 1 of 2 after 1 deal.")
    expect(teacher.locator("#skat-ranking")).to_be_visible(timeout=6_000)  # the board's poll brings the ranking
    expect(teacher.locator("#skat-ranking .lb-name")).to_have_text(["Mia"])
    expect(teacher.locator("#stage-title")).to_be_visible()
    post_deal(children[1], code, 1, table_seed, "coach")  # the same deal, the same moves: the same points, a shared place
    expect(teacher.locator("#skat-ranking .lb-name")).to_have_text(["Mia", "Noah"], timeout=6_000)
    expect(teacher.locator("#skat-finished-all")).to_contain_text("Mia, Noah")
    teacher.screenshot(path=str(SHOTS / "projector-ranking-1920x1080.png"))
    assert_accessible(teacher)
    child = children[1]
    child.locator("#skat-place").scroll_into_view_if_needed()
    child.screenshot(path=str(SHOTS / "child-deal-place-phone.png"), full_page=True)
    child.click("#next-game")
    expect(child.locator("#skat-round-done")).to_be_visible()
    expect(child.locator("#skat-my-place")).to_have_text("You are in place 1 of 2 after 1 deal.")
    expect(child.locator("#skat-my-cheer")).to_have_text("You are in the lead: keep it up!")
    child.screenshot(path=str(SHOTS / "child-round-place-phone.png"), full_page=True)
    assert_accessible(child)
    teacher.click("#do-end")
    teacher.click("#do-end-yes")
    expect(teacher.locator("#stage-title")).to_contain_text("The class has ended.")
    expect(teacher.locator("#skat-ranking .lb-name")).to_have_text(["Mia", "Noah"])
    teacher.screenshot(path=str(SHOTS / "projector-final-1920x1080.png"))
