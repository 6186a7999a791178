"""Shared fixtures: the app on a temporary instance folder, its test client and CLI runner."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from webapp import create_app

ROOT = Path(__file__).resolve().parent.parent
#: The Yahtzee strategy table of the test session: computed once a machine (about 20-40 s),
#: kept in test-artifacts/ between runs. Every app the tests create (the live server of the
#: browser tests too) finds it through this variable.
YAHTZEE_TABLE_DIR = ROOT / "test-artifacts" / "yahtzee-table"
os.environ.setdefault("KARTENSCHULE_YAHTZEE_TABLE_DIR", str(YAHTZEE_TABLE_DIR))


@pytest.fixture
def app(tmp_path):
    """A testing app; CSRF checks stay on unless a test turns them off."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    app.instance_path = str(tmp_path)
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture(scope="session")
def yahtzee_strategy():
    """The optimal Yahtzee strategy (forced joker rule), its table computed at most once a session."""
    from webapp.yahtzee_table import store_for

    return store_for(os.environ["KARTENSCHULE_YAHTZEE_TABLE_DIR"]).ensure()
