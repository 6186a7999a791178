"""Small helpers shared by the journeys."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from playwright.sync_api import Locator, Page

from .conftest import EXPECT_TIMEOUT

#: Waits for the settle of the request the test's own action made. A page that polls (the classroom's
#: panels, the Yahtzee coach getting ready) settles its polls too; the first settle of any request would
#: let the test read the page before its own answer arrived. So: remember the first request made after
#: arming whose trigger is a user's event (a click, a submit, a change, a key), and wait for ITS settle.
_ARM = """(ms) => {
  window.__e2eSettled = new Promise(resolve => {
    const body = document.body;
    const user = new Set(['click', 'submit', 'change', 'input', 'keydown', 'keyup']);
    let mine = null;
    const onRequest = (event) => {
      const trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
      if (mine === null && trigger && user.has(trigger.type)) mine = event.detail.xhr;
    };
    const onSettle = (event) => { if (mine !== null && event.detail.xhr === mine) done(true); };
    const done = (settled) => {
      body.removeEventListener('htmx:beforeRequest', onRequest);
      body.removeEventListener('htmx:afterSettle', onSettle);
      resolve(settled);
    };
    body.addEventListener('htmx:beforeRequest', onRequest);
    body.addEventListener('htmx:afterSettle', onSettle);
    setTimeout(() => done(false), ms);
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
