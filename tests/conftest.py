"""Shared fixtures: the app on a temporary instance folder, its test client and CLI runner."""

from __future__ import annotations

import pytest

from webapp import create_app


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
