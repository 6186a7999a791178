"""Helpers shared by the quiz and classroom route tests (imported by module name)."""

from __future__ import annotations

import re

EN = {"Accept-Language": "en"}
HX = {"HX-Request": "true", "Accept-Language": "en"}


def create_class(client, kind: str = "skat_family", difficulty: str = "normal") -> tuple[str, str]:
    """Start a class; return ``(join code, teacher URL)``."""
    response = client.post("/class/new", data={"kind": kind, "difficulty": difficulty})
    assert response.status_code == 303, response.get_data(as_text=True)
    url = response.location
    match = re.fullmatch(r"/class/([A-Z0-9]{6})/teach/([A-Za-z0-9_-]{43})", url)
    assert match, url
    return match.group(1), url


def join(app, code: str, nickname: str):
    """A new child's test client that has joined the class ``code``."""
    child = app.test_client()
    response = child.post("/class/join", data={"code": code, "nickname": nickname}, headers=EN)
    assert response.status_code == 303, response.get_data(as_text=True)
    assert response.location == f"/class/{code}/play"
    return child


def act(teacher, url: str, action: str) -> None:
    response = teacher.post(url + "/do", data={"action": action})
    assert response.status_code == 303, (action, response.status_code)


def csv_rows(teacher, url: str) -> list[list[str]]:
    import csv
    import io

    response = teacher.get(url + "/export.csv", headers=EN)
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))
