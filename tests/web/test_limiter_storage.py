"""The rate limiter's shared storage (Redis) down or frozen: the app counts in memory instead, never 500 (issue 34,
finding 4).

The audit set ``KARTENSCHULE_RATELIMIT_STORAGE_URI`` to a Redis and stopped it: ``POST /class/join`` and
``GET /class/<code>`` answered 500 (an uncaught ``TimeoutError`` from the limiter's storage), after 5 s with a
frozen Redis. Here "stopped" is a port nobody listens on, "frozen" a socket that takes the connection and never
answers (what a SIGSTOPped redis-server does): no redis-server is needed.

How long a request waits is not timed here (a loaded test machine makes any wall-clock bound flaky, and speed
aims live in ``benchmarks/``): every blocking step of redis-py (a connect, a read) is recorded with the timeout
it runs under, and their sum per request, the longest the request can wait on the storage, is bounded.
"""

from __future__ import annotations

import logging
import shutil
import socket
from collections.abc import Iterator

import pytest
import redis.connection
from classhelpers import EN, create_class
from conftest import dispose, make_app
from servehelpers import free_port

from webapp.core import security

#: The longest a request may wait on the storage (the sum of the timeouts of its blocking steps): four steps of
#: :data:`security.STORAGE_TIMEOUT`. The request that finds the storage dead pays its count (a connect and a
#: read), then Flask-Limiter's first check whether it is back (another two); later requests pay at most one
#: check. The audit saw 5 s and more.
MOST_WAIT = 4 * security.STORAGE_TIMEOUT


@pytest.fixture
def limiter_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flask-Limiter keeps "the storage is dead" and when it last checked on its one Limiter of the process: give
    them back as they were, so the next test's app (memory storage) starts with a live one."""
    monkeypatch.setattr(security.limiter, "_storage_dead", security.limiter._storage_dead)
    # when it last checked a dead storage, and how often: as if long ago, so the worst case (a check at once)
    # happens whatever ran before in this process
    monkeypatch.setattr(security.limiter, "_Limiter__last_check_backend", 0.0)
    monkeypatch.setattr(security.limiter, "_Limiter__check_backend_count", 0)


@pytest.fixture
def frozen_port() -> Iterator[int]:
    """A port that accepts connections (the kernel's backlog) and never answers a byte: a frozen Redis."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(64)
        yield server.getsockname()[1]


@pytest.fixture
def storage_waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The timeouts (seconds) of every blocking step redis-py takes, in order: each socket connect (under its
    connect timeout) and each read of an answer (under its socket timeout). A step without a timeout counts as
    infinite."""
    waits: list[float] = []

    def recorded(method, timeout_of):
        def step(connection, *args, **kwargs):
            timeout = timeout_of(connection)
            waits.append(float("inf") if timeout is None else timeout)
            return method(connection, *args, **kwargs)
        return step

    monkeypatch.setattr(redis.connection.Connection, "_connect",
                        recorded(redis.connection.Connection._connect, lambda c: c.socket_connect_timeout))
    monkeypatch.setattr(redis.connection.AbstractConnection, "read_response",
                        recorded(redis.connection.AbstractConnection.read_response, lambda c: c.socket_timeout))
    return waits


def _app(tmp_path, migrated_sqlite, port: int):
    path = tmp_path / "test.sqlite3"
    shutil.copy(migrated_sqlite, path)
    return make_app(tmp_path, f"sqlite:///{path}", AUTO_MIGRATE=False,
                    RATELIMIT_STORAGE_URI=f"redis://127.0.0.1:{port}/0")


def _waited(call, waits: list[float]) -> tuple[int, float]:
    """The status of ``call()`` and the longest it could have waited on the storage (seconds)."""
    before = len(waits)
    response = call()
    return response.status_code, sum(waits[before:])


@pytest.mark.parametrize("state", ["stopped", "frozen"])
def test_redis_down_or_frozen_counts_in_memory_and_never_answers_500(state, tmp_path, migrated_sqlite, caplog,
                                                                     limiter_state, storage_waits, request):
    port = request.getfixturevalue("frozen_port") if state == "frozen" else free_port()
    app = _app(tmp_path, migrated_sqlite, port)
    teacher, child, guesser = app.test_client(), app.test_client(), app.test_client()
    try:
        with caplog.at_level(logging.WARNING):
            code, _ = create_class(teacher)  # the create limit: the first storage call of the app
            assert storage_waits, "the storage was never asked"
            assert sum(storage_waits) <= MOST_WAIT, storage_waits
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
                    status, seconds = _waited(call, storage_waits)
                    assert status == expected, (status, expected)
                    timings.append(seconds)
        assert max(timings) <= MOST_WAIT, timings
        assert any("storage unreachable" in record.getMessage() and record.levelno == logging.WARNING
                   for record in caplog.records)
        # the limits still count, in this process's memory: the guess limit still stops a guesser
        statuses = {guesser.get(f"/class/Q{i:05d}", headers=EN).status_code for i in range(130)}
        assert statuses == {404, 429}
    finally:
        dispose(app)
