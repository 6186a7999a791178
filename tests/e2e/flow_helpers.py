"""Helpers for the play-flow journeys (Tichu, Pokerface, Yahtzee): the five screen sizes, "is it on screen",
history growth and one screenshot a page, size and language."""

from __future__ import annotations

from playwright.sync_api import Page

from .conftest import SCREENSHOTS
from .helpers import SCREENS, assert_in_view  # noqa: F401  (the one "is it on screen" check, re-exported)

#: The sizes every page must work at (phone, tablet portrait and landscape, laptop, projector), by name.
SIZES = {name: (size["width"], size["height"]) for name, size, _ in SCREENS}
#: Where the answer must be on screen after the action (the issue's phone and tablet).
TOUCH_SIZES = ("phone", "tablet")
_TOUCH = {name for name, _, touch in SCREENS if touch}


def viewport(size: str) -> dict:
    """The Playwright viewport of a named size."""
    width, height = SIZES[size]
    return {"width": width, "height": height}


def touch_options(size: str) -> dict:
    """Context options for a size: a touch screen on phones and tablets."""
    return {"viewport": viewport(size), "has_touch": size in _TOUCH}


def history_length(page: Page) -> int:
    """How many entries the tab's session history holds."""
    return page.evaluate("() => history.length")


def shoot(page: Page, name: str) -> None:
    """Save what the screen shows now as ``test-artifacts/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
