"""Fixtures for the browser tests: a live server, Chromium, and watched pages.

* ``live_server`` (session): the app on 127.0.0.1 and a free port, served by
  Werkzeug in a daemon thread; its value is the base URL.
* ``browser`` (session): Chromium launched headless from ``$CHROMIUM``
  (default ``/usr/bin/chromium``); Playwright cannot download browsers here.
* ``new_page`` (function): a factory for pages, each in a clean context of its own, reused from a
  pool (``new_page(locale="de-DE")``, ``new_page(java_script_enabled=False)``...).
* ``loaded_page`` (function): the same factory for tests that load a page and look at it (layout,
  accessibility): a clean page kept open from test to test, which costs Chromium far less.
  ``page`` is a desktop page (1280x900, en-US), ``tablet_page`` a touch tablet.
* ``browser_errors`` (function): collects console errors, uncaught script
  errors, failed requests and error answers from our server. A test that
  expects an error status says so with ``browser_errors.allow_status(400)``.
  Anything else fails the test (a CSP violation shows up as a console error).

Every page a test opened is saved as a full-page screenshot in
``test-artifacts/screenshots/<test-name>.png`` when the test ends.
If no Chromium executable exists, every test in this folder is skipped.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import threading
import warnings
from pathlib import Path
from typing import Callable, Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Response, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from werkzeug.serving import make_server

from webapp import create_app

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
#: Screenshots Chromium refused to take, one line each (see :func:`_artifact_screenshot`).
MISSING = ROOT / "test-artifacts" / "screenshots-missing.txt"
#: Chromium's answer when it refuses one capture (a browser hiccup it does not repeat when asked again later:
#: robotframework-browser issue 5237; here twice in some 15 full runs, on pages the test had already checked).
REFUSED = "Unable to capture screenshot"
_take_screenshot = Page.screenshot


def _artifact_screenshot(self: Page, *args, **kwargs) -> bytes:
    """``Page.screenshot`` for the tests: a screenshot is an artifact for people to look at, never what a test
    asserts, so a capture Chromium refuses (:data:`REFUSED`) is written to :data:`MISSING` with its file name and
    warned about, and the test goes on to its own verdict (b"" is returned). Any other error is raised."""
    try:
        return _take_screenshot(self, *args, **kwargs)
    except PlaywrightError as error:
        if REFUSED not in str(error):
            raise
        MISSING.parent.mkdir(parents=True, exist_ok=True)
        with MISSING.open("a", encoding="utf-8") as missing:
            missing.write(f"{kwargs.get('path', '(no file)')}: {REFUSED}\n")
        warnings.warn(f"screenshot not taken, Chromium refused it: {kwargs.get('path')}", stacklevel=2)
        return b""


Page.screenshot = _artifact_screenshot  # every test's screenshots, the fixtures' and their own

#: Without these flags Chromium keeps trying to reach Google's servers (no internet here).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 900}
TABLET = {"width": 820, "height": 1180}

#: How long an ``expect`` assertion and a page action may wait (ms). Generous for a busy
#: two-core machine; a passing test never waits this long.
EXPECT_TIMEOUT = 8_000
ACTION_TIMEOUT = 10_000

expect.set_options(timeout=EXPECT_TIMEOUT)


def chromium_executable() -> str | None:
    """The Chromium to launch: ``$CHROMIUM`` (a path or a command name), else ``None``."""
    wanted = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if os.path.isfile(wanted) and os.access(wanted, os.X_OK):
        return wanted
    return shutil.which(wanted)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip this folder's tests, with the reason, when there is no Chromium to drive."""
    if chromium_executable() is not None:
        return
    wanted = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    skip = pytest.mark.skip(
        reason=f"no Chromium executable at {wanted!r}: install one (`make browser`) or set CHROMIUM=/path/to/chromium"
    )
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(skip)


# --- the live server -----------------------------------------------------------


@contextlib.contextmanager
def served_app(instance: Path, secret: str, **config) -> Iterator[tuple[Flask, str]]:
    """Create the app (CSRF protection on, as in production) on a fresh SQLite database in ``instance`` with
    ``config`` added, serve it in a thread on a free loopback port; yield ``(app, base URL)``, then stop it."""
    app = create_app({"TESTING": True, "SECRET_KEY": secret,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance / 'e2e.sqlite3'}", **config})
    app.instance_path = str(instance)
    app.add_url_rule(BLANK, "e2e_blank", lambda: BLANK_PAGE)  # the tests' own page (PagePool), not the app's
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name=f"e2e-server-{instance.name}", daemon=True)
    thread.start()
    try:
        yield app, f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, str]]:
    """Serve the app on a fresh database (:func:`served_app`); yield ``(app, base URL)``."""
    with served_app(tmp_path_factory.mktemp("instance"), "e2e-test-secret") as served:
        yield served


@pytest.fixture(scope="session")
def live_server(live: tuple[Flask, str]) -> str:
    """The live server's base URL (:func:`live`)."""
    return live[1]


@pytest.fixture(scope="session")
def live_app(live: tuple[Flask, str]) -> Flask:
    """The live server's app (:func:`live`), for a test that sets what the browser cannot (a class's seed)."""
    return live[0]


# --- the browser ------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    executable = chromium_executable()
    if executable is None:  # pragma: no cover - the collection hook skips first
        pytest.skip("no Chromium executable")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


# --- watching pages for errors ----------------------------------------------------------

_STATUS_IN_CONSOLE = re.compile(r"status of (\d{3})")


class BrowserErrors:
    """Everything that went wrong in the browser during one test."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.problems: list[str] = []
        self.allowed_statuses: set[int] = set()
        self.pages: list[Page] = []

    def allow_status(self, *statuses: int) -> None:
        """Accept these HTTP error statuses from our server (and Chromium's console note about them)."""
        self.allowed_statuses.update(statuses)

    def watch(self, page: Page) -> None:
        self.pages.append(page)
        for event, handler in self._handlers():
            page.on(event, handler)

    def unwatch(self, page: Page) -> None:
        """Stop watching ``page`` (a page that the next test reuses reports to that test's watch)."""
        for event, handler in self._handlers():
            page.remove_listener(event, handler)

    def _handlers(self) -> list[tuple[str, Callable]]:
        return [("console", self._on_console), ("pageerror", self._on_page_error),
                ("requestfailed", self._on_request_failed), ("response", self._on_response)]

    def _on_page_error(self, error: Exception) -> None:
        self.problems.append(f"uncaught script error: {error}")

    def _ours(self, url: str) -> bool:
        return url == self.base_url or url.startswith(self.base_url + "/")

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type != "error":
            return
        status = _STATUS_IN_CONSOLE.search(message.text)
        if status and int(status.group(1)) in self.allowed_statuses:
            return
        where = message.location or {}
        self.problems.append(f"console error: {message.text} (at {where.get('url', '?')}:{where.get('lineNumber', '?')})")

    def _on_request_failed(self, request: Request) -> None:
        # net::ERR_ABORTED is the browser cancelling a request itself (the test navigated
        # on before the favicon arrived, for instance), not our server failing.
        if self._ours(request.url) and request.failure != "net::ERR_ABORTED":
            self.problems.append(f"request failed: {request.method} {request.url}: {request.failure}")

    def _on_response(self, response: Response) -> None:
        if self._ours(response.url) and response.status >= 400 and response.status not in self.allowed_statuses:
            self.problems.append(f"HTTP {response.status} for {response.request.method} {response.url}")

    def check(self) -> None:
        """Fail the running test if anything went wrong."""
        for page in self.pages:
            if not page.is_closed():
                try:
                    page.title()  # a round trip, so events still in flight are delivered first
                except Exception:  # noqa: BLE001 - a page that died is reported by its events
                    pass
        if self.problems:
            listing = "\n".join(f"  - {p}" for p in self.problems)
            pytest.fail(f"the browser reported {len(self.problems)} problem(s):\n{listing}", pytrace=False)


_ERRORS_KEY = pytest.StashKey[BrowserErrors]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """After a test body passed, fail it if its browser reported problems."""
    result = yield
    errors = item.stash.get(_ERRORS_KEY, None)
    if errors is not None:
        errors.check()
    return result


@pytest.fixture
def browser_errors(request: pytest.FixtureRequest, live_server: str) -> BrowserErrors:
    errors = BrowserErrors(live_server)
    request.node.stash[_ERRORS_KEY] = errors
    return errors


# --- pages -----------------------------------------------------------------------------


def screenshot_name(test_name: str) -> str:
    """A file-system-safe name for a test (``test_x[de-/skat?hand=JC]`` -> ``test_x-de-skat-hand-JC``)."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", test_name).strip("-")
    return name[:150]


#: A page of our origin that runs nothing, asks for nothing (not even a favicon) and sets no cookie, served by the
#: tests' server only: a reused page waits there between tests. The same origin keeps its renderer process (after
#: about:blank Chromium changed process, and a full-page screenshot now and then failed: "Unable to capture
#: screenshot").
BLANK = "/__e2e_blank"
BLANK_PAGE = '<!doctype html><html lang="en"><title>between tests</title><link rel="icon" href="data:,"></html>'
#: Empties our origin's storage (htmx keeps its history in localStorage).
CLEAR_STORAGE = "() => { localStorage.clear(); sessionStorage.clear(); }"


class ContextPool:
    """Browser contexts kept for reuse, one list per set of options, within one worker's browser.

    A new context costs Chromium a renderer process: about 0.7 s of CPU on this 2-core machine, half of what a
    layout test costs in all (issue 31). A context is handed back clean: its pages closed, its cookies cleared
    and our origin's localStorage emptied (htmx keeps its history there); a context whose storage could not be
    emptied is closed instead. Each test still sees no cookie, storage or tab of another.
    """

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.idle: dict[str, list[BrowserContext]] = {}

    @staticmethod
    def key(options: dict) -> str:
        return json.dumps(options, sort_keys=True, default=str)

    def take(self, options: dict) -> BrowserContext:
        """An idle context with exactly these options (``base_url`` among them), else a new one."""
        idle = self.idle.get(self.key(options))
        if idle:
            return idle.pop()
        context = self.browser.new_context(**options)
        context.set_default_timeout(ACTION_TIMEOUT)
        return context

    def give_back(self, context: BrowserContext, options: dict) -> None:
        """Clean ``context`` and keep it for the next test with the same options (or close it)."""
        clean = not options.get("java_script_enabled", True)  # no script ran: nothing in its storage
        for page in context.pages:
            if not clean and not page.is_closed() and page.url.startswith(options["base_url"]):
                try:
                    page.evaluate(CLEAR_STORAGE)
                    clean = True
                except Exception:  # noqa: BLE001 - a page that died: the context is closed below
                    pass
        if not clean:
            context.close()
            return
        for page in list(context.pages):
            page.close()
        context.clear_cookies()
        self.idle.setdefault(self.key(options), []).append(context)

    def close(self) -> None:
        for contexts in self.idle.values():
            for context in contexts:
                context.close()
        self.idle.clear()


@pytest.fixture(scope="session")
def context_pool(browser: Browser) -> Iterator[ContextPool]:
    """The worker's :class:`ContextPool` for :func:`new_page` (a module with a server of its own gets contexts of
    its own: the base URL is one of their options)."""
    pool = ContextPool(browser)
    yield pool
    pool.close()


class PagePool:
    """Pages kept open from test to test, one a set of options, for tests that load a page and look at it.

    A new page costs Chromium a renderer process, more than loading and checking a page in one that is open (the
    layout test: 1.1 against 0.4 s of CPU on this 2-core machine; issue 31). Before its next test the page leaves
    for :data:`BLANK` (its polls and timers stop, and no answer still on its way can set a cookie), our origin's
    storage and its cookies are cleared, so each test starts as a new visitor; the page then reports to that
    test's error watch only. Its history is not cleared: a test of the back button takes :func:`new_page`.
    """

    def __init__(self, contexts: ContextPool) -> None:
        self.contexts = contexts
        self.pages: dict[str, tuple[Page, BrowserErrors]] = {}

    def take(self, errors: BrowserErrors, options: dict) -> Page:
        """The page for these options (``base_url`` among them), clean and watched by ``errors``."""
        key = ContextPool.key(options)
        page = None
        if key in self.pages:
            page, watch = self.pages.pop(key)
            watch.unwatch(page)
            try:
                page.goto(options["base_url"] + BLANK)
                if options.get("java_script_enabled", True):
                    page.evaluate(CLEAR_STORAGE)
                page.context.clear_cookies()
            except Exception:  # noqa: BLE001 - a page that died: a new one
                page.context.close()
                page = None
        if page is None:
            page = self.contexts.take(options).new_page()  # a context of its own: none is given back for these
        self.pages[key] = (page, errors)
        errors.watch(page)
        return page

    def close(self) -> None:
        for page, _watch in self.pages.values():
            page.context.close()
        self.pages.clear()


@pytest.fixture(scope="session")
def page_pool(context_pool: ContextPool) -> Iterator[PagePool]:
    """The worker's :class:`PagePool` for :func:`loaded_page`."""
    pool = PagePool(context_pool)
    yield pool
    pool.close()


def page_options(base_url: str, locale: str, viewport: dict | None, options: dict) -> dict:
    """The context options of :func:`new_page` and :func:`loaded_page`: the server, the language, the screen."""
    return {"base_url": base_url, "locale": locale, "viewport": viewport or DESKTOP, **options}


def save_screenshots(request: pytest.FixtureRequest, pages: list[Page]) -> None:
    """Each page's final state as a full-page screenshot named after the test (``-2``, ``-3``... for the others)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    base = screenshot_name(request.node.name)
    for number, page in enumerate(pages, start=1):
        suffix = "" if number == 1 else f"-{number}"
        if not page.is_closed():
            page.screenshot(path=str(SCREENSHOTS / f"{base}{suffix}.png"), full_page=True)


@pytest.fixture
def loaded_page(
    page_pool: PagePool, live_server: str, browser_errors: BrowserErrors, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Page]]:
    """A factory like :func:`new_page` (the same options) for a page of the :class:`PagePool`: for tests that load
    pages and look at them, with no second tab and no back button. Screenshots as :func:`new_page` saves them."""
    shown: list[Page] = []

    def make(*, locale: str = "en-US", viewport: dict | None = None, screenshot: bool = True, **options) -> Page:
        page = page_pool.take(browser_errors, page_options(live_server, locale, viewport, options))
        if screenshot:
            shown.append(page)
        return page

    yield make
    save_screenshots(request, shown)


@pytest.fixture
def new_page(
    context_pool: ContextPool, live_server: str, browser_errors: BrowserErrors, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Page]]:
    """A factory: ``new_page(locale=..., viewport=..., java_script_enabled=..., **context_options)``.

    Each page gets a browser context of its own (no cookies, storage or tabs shared with another page or test;
    taken clean from the :class:`ContextPool`), a base URL so ``page.goto("/skat")`` works, and the error
    watch. When the test ends, each page's final state is saved as a full-page screenshot (unless
    ``screenshot=False``: the test saves its own).
    """
    opened: list[tuple[Page, dict]] = []
    unsaved: set[int] = set()

    def make(*, locale: str = "en-US", viewport: dict | None = None, screenshot: bool = True, **options) -> Page:
        options = page_options(live_server, locale, viewport, options)
        context = context_pool.take(options)
        page = context.new_page()
        browser_errors.watch(page)
        opened.append((page, options))
        if not screenshot:
            unsaved.add(id(page))
        return page

    yield make

    try:
        save_screenshots(request, [page for page, _options in opened if id(page) not in unsaved])
    finally:
        for page, options in opened:
            context_pool.give_back(page.context, options)


@pytest.fixture
def page(new_page: Callable[..., Page]) -> Page:
    """A desktop page: 1280x900, English (en-US), JavaScript on."""
    return new_page()


@pytest.fixture
def tablet_page(new_page: Callable[..., Page]) -> Page:
    """A tablet in portrait (820x1180) with a touch screen, English."""
    return new_page(viewport=TABLET, has_touch=True, is_mobile=False)
