"""The rate limiter's shared storage (Redis) down or frozen: the app counts in memory instead, never 500 (issue 34,
finding 4).

The audit set ``KARTENSCHULE_RATELIMIT_STORAGE_URI`` to a Redis and stopped it: ``POST /class/join`` and
``GET /class/<code>`` answered 500 (an uncaught ``TimeoutError`` from the limiter's storage), after 5 s with a
frozen Redis. Here "stopped" is a port nobody listens on, "frozen" a socket that takes the connection and never
answers (what a SIGSTOPped redis-server does): no redis-server is needed.
"""

from __future__ import annotations

import logging
import shutil
import socket
import time
from collections.abc import Iterator

import pytest
from classhelpers import EN, create_class
from conftest import dispose, make_app
from servehelpers import free_port

from webapp.core import security

#: The longest a request may take with the storage down: its timeouts are 200 ms (the aim), a few storage
#: calls a request, and a loaded test machine.
SLOW = 1.0


@pytest.fixture
def limiter_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flask-Limiter keeps "the storage is dead" on its one Limiter of the process: give it back as it was, so the
    next test's app (memory storage) starts with a live one."""
    monkeypatch.setattr(security.limiter, "_storage_dead", security.limiter._storage_dead)


@pytest.fixture
def frozen_port() -> Iterator[int]:
    """A port that accepts connections (the kernel's backlog) and never answers a byte: a frozen Redis."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(64)
        yield server.getsockname()[1]


def _app(tmp_path, migrated_sqlite, port: int):
    path = tmp_path / "test.sqlite3"
    shutil.copy(migrated_sqlite, path)
    return make_app(tmp_path, f"sqlite:///{path}", AUTO_MIGRATE=False,
                    RATELIMIT_STORAGE_URI=f"redis://127.0.0.1:{port}/0")


def _timed(call) -> tuple[int, float]:
    start = time.perf_counter()
    response = call()
    return response.status_code, time.perf_counter() - start


@pytest.mark.parametrize("state", ["stopped", "frozen"])
def test_redis_down_or_frozen_counts_in_memory_and_never_answers_500(state, tmp_path, migrated_sqlite, caplog,
                                                                     limiter_state, request):
    port = request.getfixturevalue("frozen_port") if state == "frozen" else free_port()
    app = _app(tmp_path, migrated_sqlite, port)
    teacher, child, guesser = app.test_client(), app.test_client(), app.test_client()
    try:
        with caplog.at_level(logging.WARNING):
            start = time.perf_counter()
            code, _ = create_class(teacher)  # the create limit: the first storage call of the app
            assert time.perf_counter() - start < SLOW
            timings = []
            for round_ in range(3):
                for call, expected in (
                    (lambda: guesser.get("/class/QQQQQQ", headers=EN), 404),
                    (lambda: guesser.post("/class/join", data={"code": "QQQQQQ", "nickname": "X"}, headers=EN), 404),
                    (lambda: child.get(f"/class/{code}", headers=EN), 303 if round_ else 200),  # joined: to play
                    (lambda: child.post("/class/join", data={"code": code, "nickname": f"Mia {round_}"},
                                        headers=EN), 303),
                    (lambda: child.get(f"/class/{code}/play", headers=EN), 200),
                ):
                    status, seconds = _timed(call)
                    assert status == expected, (status, expected)
                    timings.append(seconds)
        assert max(timings) < SLOW, timings
        assert any("storage unreachable" in record.getMessage() and record.levelno == logging.WARNING
                   for record in caplog.records)
        # the limits still count, in this process's memory: the guess limit still stops a guesser
        statuses = {guesser.get(f"/class/Q{i:05d}", headers=EN).status_code for i in range(130)}
        assert statuses == {404, 429}
    finally:
        dispose(app)
