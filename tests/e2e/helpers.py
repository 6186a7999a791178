"""Small helpers shared by the journeys."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

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


# --- layout checks (shared with the other pages' tests) --------------------------------

#: The five screens every page must suit: (name, viewport, touch screen?).
SCREENS = (
    ("phone", {"width": 390, "height": 844}, True),
    ("tablet", {"width": 768, "height": 1024}, True),
    ("tablet-landscape", {"width": 1024, "height": 768}, True),
    ("laptop", {"width": 1280, "height": 800}, False),
    ("projector", {"width": 1920, "height": 1080}, False),
)
#: The smallest target a finger can hit (WCAG 2.5.5, Apple and Android guidelines), in CSS px.
MIN_TOUCH = 44

#: Every control a reader can reach; an input inside a label is checked through its label.
CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary"

_LAYOUT_PROBLEMS = """([controls, minTouch, touch]) => {
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    const wide = [...document.body.querySelectorAll('*')]
      .filter(e => e.getBoundingClientRect().right > root.clientWidth + 1)
      .filter(e => !e.parentElement || e.parentElement.getBoundingClientRect().right <= root.clientWidth + 1)
      .slice(0, 4).map(describe);
    problems.push(`scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px (too wide: ${wide.join(', ')})`);
  }
  function describe(e) {
    const text = (e.innerText || e.value || e.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
    return `<${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className && e.className.baseVal === undefined ? '.' + String(e.className).trim().split(/\\s+/).join('.') : ''}> "${text}"`;
  }
  function shown(e) {
    /* display none, visibility hidden, opacity 0, or inside a closed <details> */
    if (!e.checkVisibility({contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true})) return false;
    const r = e.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;                      /* visually hidden (1 px) */
    const x = r.left + window.scrollX, y = r.top + window.scrollY;
    return x + r.width > 0 && y + r.height > 0;                          /* the skip link waits off screen */
  }
  const seen = new Set();
  for (const control of document.querySelectorAll(controls)) {
    const label = control.matches('input, select, textarea') ? control.closest('label') : null;
    const target = label || control;
    if (seen.has(target) || !shown(target)) continue;
    seen.add(target);
    target.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
    const r = target.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(hit === target || target.contains(hit) || (label && hit === control))) {
      problems.push(`${describe(target)} is covered by ${hit ? describe(hit) : 'nothing on screen'}`);
    }
    if (touch && (r.width < minTouch - 0.5 || r.height < minTouch - 0.5)) {
      problems.push(`${describe(target)} is ${Math.round(r.width)}x${Math.round(r.height)} px, under ${minTouch}x${minTouch}`);
    }
  }
  window.scrollTo(0, 0);
  return problems;
}"""


def layout_problems(page: Page, *, touch: bool) -> list[str]:
    """What is wrong with the page's layout as it is now, as readable lines (empty: nothing).

    Checks: the page scrolls sideways (``scrollWidth > clientWidth``); a visible control (link,
    button, input, select, summary; an input wrapped in a label through its label) scrolled into view
    is not the element at its own centre (something covers it); on a touch screen (``touch``) a
    control is smaller than :data:`MIN_TOUCH` x :data:`MIN_TOUCH` CSS px. Scrolls back to the top.
    """
    return page.evaluate(_LAYOUT_PROBLEMS, [CONTROLS, MIN_TOUCH, touch])


def assert_layout(page: Page, *, touch: bool, what: str = "") -> None:
    """Fail with the listing of :func:`layout_problems` if there is any."""
    problems = layout_problems(page, touch=touch)
    assert not problems, f"layout of {what or page.url}:\n" + "\n".join(f"  - {p}" for p in problems)


_OFF_SCREEN = """(element) => {
  const r = element.getBoundingClientRect();
  const w = document.documentElement.clientWidth, h = window.innerHeight;
  if (r.width === 0 || r.height === 0) return 'it is not shown';
  if (r.top < 0 || r.left < 0 || r.bottom > h + 0.5 || r.right > w + 0.5)
    return `its box (${Math.round(r.left)}, ${Math.round(r.top)})-(${Math.round(r.right)}, ${Math.round(r.bottom)}) `
      + `is not inside the ${w}x${h} screen`;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!hit || !(hit === element || element.contains(hit))) return 'something covers it';
  return '';
}"""


def assert_in_view(page: Page, locator: Locator, what: str = "") -> None:
    """Fail unless ``locator``'s element is wholly on screen, without the reader scrolling, and not covered.

    For "after this action, the result and the next action are on screen": call it right after the
    action (after :func:`htmx_click`, the swap has settled). Waits (up to the expect timeout) for the
    page to get there by itself, as a scroll that htmx makes after a swap; never scrolls itself.
    """
    element = locator.first
    element.wait_for(state="attached", timeout=EXPECT_TIMEOUT)
    handle = element.element_handle()
    try:
        page.wait_for_function(f"(element) => ({_OFF_SCREEN})(element) === ''", arg=handle, timeout=EXPECT_TIMEOUT)
    except PlaywrightTimeoutError:
        problem = handle.evaluate(_OFF_SCREEN)
        raise AssertionError(f"{what or locator} should be on screen, but {problem}") from None
