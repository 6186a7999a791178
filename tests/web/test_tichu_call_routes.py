"""The Tichu coach's call advice on the round page (issue 38, section 2): "thinking" at once, then the advice.

The advice is computed by a pool off the request thread (webapp/games/tichu/call_coach_views.py); here the pool
runs its jobs in a thread of the test (as tests/web/test_skat_analysis_routes.py does), held by a gate until the
test lets it go, with a few sampled deals instead of 200. Hostile queries to the coach's fragment answer 4xx.
"""

from __future__ import annotations

import shutil
import threading
import time
from functools import partial

import pytest
from conftest import InThreadPool, dispose, make_app

from webapp.games.tichu import call_coach, call_coach_views

START = "seed=3&round=1&a=0&b=0"
DE = {"Accept-Language": "de"}
HX = {"HX-Request": "true", "Accept-Language": "en"}


def held(gate: threading.Event, *key) -> object:
    """The job after ``gate`` opens, with 6 sampled deals."""
    gate.wait(30)
    return call_coach.run(*key, samples=6)


@pytest.fixture
def coached(tmp_path, migrated_sqlite):
    """An app with the call advice on, its pool in a thread, its jobs held until ``app.gate`` is set."""
    path = tmp_path / "test.sqlite3"
    shutil.copy(migrated_sqlite, path)
    app = make_app(tmp_path, f"sqlite:///{path}", AUTO_MIGRATE=False, TICHU_CALL_ADVICE=True)
    app.gate = threading.Event()
    app.extensions[call_coach_views.EXTENSION] = InThreadPool(1, 4, 8, runner=partial(held, app.gate))
    yield app
    app.gate.set()
    dispose(app)


def until_ready(client, query: str, timeout: float = 30.0):
    """Ask the coach's fragment as htmx does until it is no longer 204."""
    deadline = time.monotonic() + timeout
    while True:
        response = client.get(f"/tichu/round/coach?{query}", headers=HX)
        if response.status_code != 204 or time.monotonic() > deadline:
            return response
        time.sleep(0.05)


def test_the_grand_tichu_decision_says_thinking_then_the_advice(coached):
    """8 cards: the page answers at once with "thinking" and the poll; the fragment answers 204 while the job
    runs, then the advice with the chance; the page shows it at once from then on (kept)."""
    client = coached.test_client()
    page = client.get(f"/tichu/round?{START}", headers=DE)
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and 'id="round-call-thinking"' in html
    assert 'hx-get="/tichu/round/coach?seed=3&amp;round=1&amp;a=0&amp;b=0"' in html
    assert 'hx-trigger="every 1000ms"' in html
    assert "Rat des Trainers zeigen" in html  # without JavaScript: a link that reloads the page
    assert client.get(f"/tichu/round/coach?{START}", headers=HX).status_code == 204
    coached.gate.set()
    done = until_ready(client, START)
    part = done.get_data(as_text=True)
    assert done.status_code == 200 and 'id="round-call-advice"' in part and "hx-trigger" not in part
    headline = part.split('id="round-call-why"')[0]
    assert "With these cards you go out first in about" in headline and "Grand Tichu" in headline
    assert "step-tichu-chance-chance" in part and "step-tichu-chance-strength" in part
    again = client.get(f"/tichu/round?{START}", headers=DE).get_data(as_text=True)
    assert 'id="round-call-advice"' in again and "Großes Tichu" in again and "round-call-thinking" not in again


def test_the_exchange_gives_the_tichu_advice(coached):
    """14 cards before the exchange: the Tichu advice (the others' Grand Tichu calls known)."""
    coached.gate.set()
    client = coached.test_client()
    query = START + "&m=1.no"
    assert 'id="round-call-thinking"' in client.get(f"/tichu/round?{query}").get_data(as_text=True)
    part = until_ready(client, query).get_data(as_text=True)
    headline = part.split('id="round-call-why"')[0]
    assert "deals: no Tichu." in headline or "deals: call Tichu!" in headline
    assert "Do not call Tichu:" in part or "Call Tichu!" in part


@pytest.mark.parametrize("query", [START + "&coach=0", START + "&m=1.no&m=1.swap:D,1,2g", START + "&m=1.grand"])
def test_no_advice_with_the_coach_off_or_no_call_to_decide(coached, query):
    """The coach switched off, after the child's exchange, after its own Grand Tichu: no advice, no job."""
    client = coached.test_client()
    page = client.get(f"/tichu/round?{query}")
    assert page.status_code == 200 and 'class="round-call"' not in page.get_data(as_text=True)
    part = client.get(f"/tichu/round/coach?{query}", headers=HX)
    assert part.status_code == 200 and part.get_data(as_text=True).strip() == '<div id="round-call" hidden></div>'
    assert not coached.extensions[call_coach_views.EXTENSION]._running


def test_the_fragment_asked_without_htmx_leads_to_the_page(coached):
    response = coached.test_client().get(f"/tichu/round/coach?{START}&m=1.no")
    assert response.status_code == 303
    assert response.location.endswith(f"/tichu/round?{START}&m=1.no")


def test_the_setting_off_gives_no_advice(client):
    """The tests' default (TICHU_CALL_ADVICE off): the page and the fragment have no advice, no pool starts."""
    assert 'class="round-call"' not in client.get(f"/tichu/round?{START}").get_data(as_text=True)
    assert client.get(f"/tichu/round/coach?{START}", headers=HX).status_code == 200


@pytest.mark.parametrize("query,status", [
    ("seed=abc&round=1", 400), ("seed=3&round=0", 400), ("seed=3&round=1000", 400), ("seed=%D9%A3&round=1", 400),
    ("seed=1234567890&round=1", 400), ("seed=3&round=1&a=x", 400), (START + "&m=junk", 400),
    (START + "&m=2.no", 400), (START + "&m=1.play:P", 422), (START + "&m=1.no&m=1.swap:D,D,D", 400),
    (START + "&pick=" + "x" * 500, 400), (START + "&" + "&".join(["m=1.no"] * 200), 400),
])
def test_hostile_queries_answer_4xx(coached, query, status):
    response = coached.test_client().get(f"/tichu/round/coach?{query}", headers=HX)
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert not coached.extensions[call_coach_views.EXTENSION]._running
