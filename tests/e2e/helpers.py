"""Small helpers shared by the journeys."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from playwright.sync_api import Locator, Page

from .conftest import EXPECT_TIMEOUT

_ARM = """(ms) => {
  window.__e2eSettled = new Promise(resolve => {
    document.body.addEventListener('htmx:afterSettle', () => resolve(true), {once: true});
    setTimeout(() => resolve(false), ms);
  });
}"""


@contextmanager
def htmx_swap(page: Page) -> Iterator[None]:
    """Wait, after the ``with`` body, until htmx has swapped in and settled its answer.

    The ``expect`` assertions that follow then pass on their first look instead
    of polling, and the next click never races an answer still on its way.
    """
    page.evaluate(_ARM, EXPECT_TIMEOUT)
    yield
    settled = page.evaluate("() => window.__e2eSettled")
    assert settled, f"htmx did not swap in an answer within {EXPECT_TIMEOUT} ms"


def htmx_click(page: Page, target: Locator) -> None:
    """Click a button that htmx submits, and wait for the answer to be swapped in."""
    with htmx_swap(page):
        target.click()
