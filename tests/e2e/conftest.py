"""Fixtures for the browser tests: a live server, Chromium, and watched pages.

* ``live_server`` (session): the app on 127.0.0.1 and a free port, served by
  Werkzeug in a daemon thread; its value is the base URL.
* ``browser`` (session): Chromium launched headless from ``$CHROMIUM``
  (default ``/usr/bin/chromium``); Playwright cannot download browsers here.
* ``new_page`` (function): a factory for pages, each in a fresh context
  (``new_page(locale="de-DE")``, ``new_page(java_script_enabled=False)``...).
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
import os
import re
import shutil
import threading
from pathlib import Path
from typing import Callable, Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Response, expect, sync_playwright
from werkzeug.serving import make_server

from webapp import create_app

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"

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
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve the app on a fresh database (:func:`served_app`); yield its base URL."""
    with served_app(tmp_path_factory.mktemp("instance"), "e2e-test-secret") as (_app, base):
        yield base


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
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.problems.append(f"uncaught script error: {error}"))
        page.on("requestfailed", self._on_request_failed)
        page.on("response", self._on_response)

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


@pytest.fixture
def new_page(
    browser: Browser, live_server: str, browser_errors: BrowserErrors, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Page]]:
    """A factory: ``new_page(locale=..., viewport=..., java_script_enabled=..., **context_options)``.

    Each page gets its own browser context (no cookies shared), a base URL so
    ``page.goto("/skat")`` works, and the error watch. When the test ends, each
    page's final state is saved as a full-page screenshot (unless ``screenshot=False``:
    the test saves its own).
    """
    opened: list[Page] = []
    unsaved: set[int] = set()

    def make(*, locale: str = "en-US", viewport: dict | None = None, screenshot: bool = True, **options) -> Page:
        context = browser.new_context(
            base_url=live_server, locale=locale, viewport=viewport or DESKTOP, **options
        )
        context.set_default_timeout(ACTION_TIMEOUT)
        page = context.new_page()
        browser_errors.watch(page)
        opened.append(page)
        if not screenshot:
            unsaved.add(id(page))
        return page

    yield make

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    base = screenshot_name(request.node.name)
    for number, page in enumerate(opened, start=1):
        suffix = "" if number == 1 else f"-{number}"
        try:
            if not page.is_closed() and id(page) not in unsaved:
                page.screenshot(path=str(SCREENSHOTS / f"{base}{suffix}.png"), full_page=True)
        finally:
            page.context.close()


@pytest.fixture
def page(new_page: Callable[..., Page]) -> Page:
    """A desktop page: 1280x900, English (en-US), JavaScript on."""
    return new_page()


@pytest.fixture
def tablet_page(new_page: Callable[..., Page]) -> Page:
    """A tablet in portrait (820x1180) with a touch screen, English."""
    return new_page(viewport=TABLET, has_touch=True, is_mobile=False)
