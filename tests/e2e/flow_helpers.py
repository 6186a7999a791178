"""Helpers for the play-flow journeys (Tichu, Pokerface, Yahtzee): the five screen sizes, "is it on screen",
history growth and one screenshot a page, size and language."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from .conftest import SCREENSHOTS

#: The sizes every page must work at: phone, tablet portrait, tablet landscape, laptop, projector.
SIZES = {"phone": (390, 844), "tablet": (768, 1024), "landscape": (1024, 768), "laptop": (1280, 800),
         "projector": (1920, 1080)}
#: Where the answer must be on screen after the action (the issue's phone and tablet).
TOUCH_SIZES = ("phone", "tablet")


def viewport(size: str) -> dict:
    """The Playwright viewport of a named size."""
    width, height = SIZES[size]
    return {"width": width, "height": height}


def touch_options(size: str) -> dict:
    """Context options for a size: a touch screen on phones and tablets."""
    return {"viewport": viewport(size), "has_touch": size in ("phone", "tablet", "landscape")}


def assert_in_view(page: Page, locator: Locator) -> None:
    """Fail unless ``locator``'s box lies wholly inside the viewport (no scrolling needed to read it)."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None, f"{locator} has no box"
    size = page.viewport_size
    assert size is not None
    inside = box["x"] >= -1 and box["y"] >= -1 and box["x"] + box["width"] <= size["width"] + 1 \
        and box["y"] + box["height"] <= size["height"] + 1
    assert inside, f"{locator} at {box} is not inside the {size['width']}x{size['height']} viewport"


def history_length(page: Page) -> int:
    """How many entries the tab's session history holds."""
    return page.evaluate("() => history.length")


def shoot(page: Page, name: str) -> None:
    """Save what the screen shows now as ``test-artifacts/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
