"""A screenshot Chromium refuses to take is an artifact lost, not a test failed (tests/e2e/conftest.py).

CI failed once on ``Page.captureScreenshot: Unable to capture screenshot`` in a layout test whose page was fine: the
capture is Chromium's, the verdict is the test's. A refused capture is listed and warned about; any other error of
a screenshot still fails the test."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from . import conftest


def _refusing(message: str):
    def take(_page, *args, **kwargs):
        raise PlaywrightError(message)
    return take


def test_a_refused_capture_is_listed_and_warned_and_another_error_still_fails(monkeypatch, tmp_path):
    assert Page.screenshot is conftest._artifact_screenshot  # every page's screenshots go through it
    missing = tmp_path / "missing.txt"
    monkeypatch.setattr(conftest, "MISSING", missing)
    monkeypatch.setattr(conftest, "_take_screenshot", _refusing(
        "Page.screenshot: Protocol error (Page.captureScreenshot): Unable to capture screenshot"))
    with pytest.warns(UserWarning, match="Chromium refused it: shot.png"):
        assert conftest._artifact_screenshot(object(), path="shot.png", full_page=True) == b""
    assert missing.read_text(encoding="utf-8") == "shot.png: Unable to capture screenshot\n"
    monkeypatch.setattr(conftest, "_take_screenshot", _refusing("Target page, context or browser has been closed"))
    with pytest.raises(PlaywrightError, match="has been closed"):
        conftest._artifact_screenshot(object(), path="other.png")
    assert missing.read_text(encoding="utf-8").count("\n") == 1
