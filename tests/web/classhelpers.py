"""Helpers shared by the quiz and classroom route tests (imported by module name)."""

from __future__ import annotations

import re

EN = {"Accept-Language": "en"}
HX = {"HX-Request": "true", "Accept-Language": "en"}
STATE = re.compile(r'hx-get="([^"]+/play/state\?v=[^"]+)"')


def state_url(page: str) -> str:
    """The address a child's panel polls (``/class/<code>/play/state?v=...``), from the page's HTML."""
    return STATE.search(page).group(1).replace("&amp;", "&")


def create_class(client, kind: str = "skat_family", difficulty: str = "normal", host: str | None = None
                 ) -> tuple[str, str]:
    """Start a class (``client`` keeps the teacher cookie, for ``host`` when given: the ``Host`` header the
    teacher's browser sends); return ``(join code, presenter URL)``."""
    response = client.post("/class/new", data={"kind": kind, "difficulty": difficulty},
                           headers={"Host": host} if host else None)
    assert response.status_code == 303, response.get_data(as_text=True)
    url = response.location
    match = re.fullmatch(r"/class/([A-Z0-9]{6})/present", url)
    assert match, url
    return match.group(1), url


def teacher_cookie_for_hosts(client, code: str, *hosts: str) -> None:
    """Give the teacher cookie of ``client`` for the class ``code`` to other host names too (the test client
    keeps cookies by host; a browser reaching the app under another name would have got its own)."""
    cookie = client.get_cookie(f"teach_{code}", path=f"/class/{code}")
    for host in hosts:
        client.set_cookie(cookie.key, cookie.value, domain=host, path=cookie.path)


def join(app, code: str, nickname: str):
    """A new child's test client that has joined the class ``code``."""
    child = app.test_client()
    response = child.post("/class/join", data={"code": code, "nickname": nickname}, headers=EN)
    assert response.status_code == 303, response.get_data(as_text=True)
    assert response.location == f"/class/{code}/play"
    return child


def act(teacher, url: str, action: str, **fields: str) -> None:
    """One teacher action on the presenter ``url`` (plain form, no JavaScript: answered with a redirect back)."""
    response = teacher.post(url + "/do", data={"action": action, **fields})
    assert response.status_code == 303 and response.location == url, (action, response.status_code)


def csv_rows(teacher, url: str) -> list[list[str]]:
    import csv
    import io

    response = teacher.get(url + "/export.csv", headers=EN)
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))
