"""The class plays Skat (issue 37, section 1) in Chromium: a teacher starts a one-deal Skat round, a child on a
phone joins, plays the deal to its end by tapping the coach's move, reloads in the middle and goes on where it was,
then sees its points. Screenshots (phone 390x844, tablet 768x1024): test-artifacts/issue37/."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from webapp.classroom import skat_store
from webapp.core.db import db
from webapp.core.models import ClassSession
from webapp.games.skat.table import Phase

from .accessibility import assert_accessible
from .conftest import ROOT
from .test_skat_table import PHONE, TABLET, board_state, make_move

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
