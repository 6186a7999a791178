"""Shared fixtures: the app on a fresh temporary database, its test client and CLI runner.

* ``app``: a testing app (CSRF off unless a test turns it on) on its own SQLite
  database, copied from a template migrated once per session (fast).
* ``db_app``: the same, run once on SQLite and once on PostgreSQL (a fresh
  database migrated by the app itself at start). The PostgreSQL run needs a
  server: ``tests/pgserver.py`` starts a throwaway one, else the run is
  skipped with the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Iterator

import pytest
from flask import Flask
from hypothesis import HealthCheck, settings

from webapp import create_app
from webapp.core.db import db
from webapp.core.work_pool import WorkPool

import pgserver  # tests/pgserver.py (this folder is on sys.path for its conftest)

ROOT = Path(__file__).resolve().parent.parent
#: The Yahtzee strategy table of the test session: computed once a machine (about 20-40 s),
#: kept in test-artifacts/ between runs. Every app the tests create (the live server of the
#: browser tests too) finds it through this variable.
YAHTZEE_TABLE_DIR = ROOT / "test-artifacts" / "yahtzee-table"
os.environ.setdefault("KARTENSCHULE_YAHTZEE_TABLE_DIR", str(YAHTZEE_TABLE_DIR))

#: Hypothesis without timing checks and with the same examples on every run: its per-example deadline (200 ms) and
#: its "too slow" health check measure the machine, not the rules, and failed now and then on a loaded 2-core CI
#: machine; a suite that chose new random examples each run could fail on one run and pass on the next. A longer,
#: random hunt: ``pytest --hypothesis-profile=explore``.
#: ``long`` (``make test-long``, before a release and once per issue): the same, with ten times the examples.
#: A test that sets its own count writes ``max_examples=examples(N)``: N in ``make test``, 10 N in the long run.
settings.register_profile("kartenschule", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow],
                          max_examples=100)
settings.register_profile("long", parent=settings.get_profile("kartenschule"), max_examples=1000)
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=2000)
settings.load_profile("kartenschule")
#: How many times its regular examples a property test runs in ``make test-long``.
LONG_FACTOR = 10


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true", default=False,
                     help="the long runs: property tests with ten times their examples, the route fuzzer's deep "
                          "mode (make test-long)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--long"):
        os.environ["KARTENSCHULE_LONG_TESTS"] = "1"  # read when the test modules are imported (their counts)
        settings.load_profile("long")


def long_runs() -> bool:
    """Whether this run is ``make test-long`` (``pytest --long``)."""
    return os.environ.get("KARTENSCHULE_LONG_TESTS") == "1"


def examples(regular: int) -> int:
    """A property test's example count: ``regular`` in ``make test``, :data:`LONG_FACTOR` times it in the long run."""
    return regular * LONG_FACTOR if long_runs() else regular


def pytest_report_header(config: pytest.Config) -> list[str]:
    """The Chromium the browser tests drive and the run's kind, printed at the start (issue 31)."""
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    try:
        version = subprocess.run([chromium, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired) as error:
        version = f"not runnable ({error})"
    return [f"chromium: {chromium}: {version}",
            "run: long (make test-long)" if long_runs() else "run: regular (make test-long for the long runs)"]

#: The Tichu call advice stays off (no worker process a round page): tests/web/test_tichu_call_coach.py turns it on.
TEST_CONFIG = {"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False, "TICHU_CALL_ADVICE": False}


def make_app(instance: Path, url: str, **config) -> Flask:
    """A testing app with its instance folder and database at ``url``."""
    app = create_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": url, **config})
    app.instance_path = str(instance)
    return app


def dispose(app: Flask) -> None:
    """Close the app's database connections (so the files and databases can go) and stop its pools' worker
    processes (:class:`webapp.core.work_pool.WorkPool`: the Skat analyses, the Tichu call advice)."""
    for extension in list(app.extensions.values()):
        if isinstance(extension, WorkPool):
            extension.close()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


class InThreadPool(WorkPool):
    """A :class:`WorkPool` whose worker is a thread of the test process (no process is spawned): for tests that
    give it a quick or held runner."""

    def _pool(self):
        if self._executor is None:
            from concurrent.futures import ThreadPoolExecutor

            self._executor = ThreadPoolExecutor(1)
        return self._executor


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database file at the newest migration, made once per test session."""
    folder = tmp_path_factory.mktemp("template-db")
    path = folder / "template.sqlite3"
    dispose(make_app(folder, f"sqlite:///{path}"))
    return path

@pytest.fixture
def app(tmp_path: Path, migrated_sqlite: Path) -> Iterator[Flask]:
    """A testing app on a fresh SQLite database; CSRF checks stay off unless a test turns them on."""
    path = tmp_path / "test.sqlite3"
    shutil.copy(migrated_sqlite, path)
    app = make_app(tmp_path, f"sqlite:///{path}", AUTO_MIGRATE=False)
    yield app
    dispose(app)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[pgserver.Server]:
    """A PostgreSQL server for this session, or a skip naming the reason."""
    try:
        server = pgserver.start()
    except pgserver.Unavailable as error:
        pytest.skip(f"PostgreSQL tests skipped: {error}")
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    """A testing app on a fresh database migrated at start: SQLite, then PostgreSQL."""
    if request.param == "sqlite":
        app = make_app(tmp_path, f"sqlite:///{tmp_path / 'test.sqlite3'}")
        yield app
        dispose(app)
        return
    server: pgserver.Server = request.getfixturevalue("postgres_server")
    name, url = server.create_database()
    try:
        app = make_app(tmp_path, url)
        yield app
        dispose(app)
    finally:
        server.drop_database(name)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture(scope="session")
def yahtzee_strategy():
    """The optimal Yahtzee strategy (forced joker rule): the table shipped with the package."""
    from webapp.games.yahtzee.table import SHIPPED, TableStore

    return TableStore(os.environ["KARTENSCHULE_YAHTZEE_TABLE_DIR"], shipped=SHIPPED).ensure()


def without_terms(html: str) -> str:
    """``html`` with each tappable glossary word (:func:`webapp.core.terms.term`: its link, button and explanation)
    back to its plain text, so that a test can look for a whole sentence of the explanation steps."""
    import re

    return re.sub(r'<span class="term"><a class="term-link" href="[^"]*">(.*?)</a>.*?</a></span></span>', r"\1", html)
