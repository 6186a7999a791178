"""Cookies and HTTPS: the session cookie is SameSite=Lax, and Secure with an HSTS header over HTTPS.

Issue 13, section 4: the session cookie lacked SameSite and Secure (the class cookie had both).
"""

from __future__ import annotations

from classhelpers import create_class

HTTPS = "https://localhost"


def _session_cookie(response) -> str:
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert len(cookies) == 1, response.headers.getlist("Set-Cookie")
    return cookies[0]


def _post_a_name(client, **kwargs):
    """The Skat score sheet keeps its table in the session: saving it sets the session cookie."""
    return client.post("/skat/score/table", data={"players": "3", "name0": "Mia"}, **kwargs)


def test_session_cookie_is_samesite_lax_and_not_secure_over_http(client):
    response = _post_a_name(client)
    cookie = _session_cookie(response)
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie
    assert "Secure" not in cookie
    assert "Strict-Transport-Security" not in response.headers


def test_session_cookie_is_secure_and_hsts_sent_over_https(client):
    response = _post_a_name(client, base_url=HTTPS)
    cookie = _session_cookie(response)
    assert "Secure" in cookie and "SameSite=Lax" in cookie
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    assert int(response.headers["Strict-Transport-Security"].split("=")[1]) >= 180 * 86400
    assert "Strict-Transport-Security" in client.get("/", base_url=HTTPS).headers


def test_behind_a_trusted_proxy_forwarded_https_counts(app):
    from webapp import create_app
    from webapp.core.db import db

    proxied = create_app({**app.config, "TRUSTED_PROXIES": 1})  # read when the app is made
    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    response = _post_a_name(proxied.test_client(), headers=headers)
    assert "Secure" in _session_cookie(response)
    assert "Strict-Transport-Security" in response.headers
    with proxied.app_context():
        db.engine.dispose()
    # without a trusted proxy the same header is not believed
    response = _post_a_name(app.test_client(), headers=headers)
    assert "Secure" not in _session_cookie(response)


def test_class_cookie_and_session_cookie_decide_https_alike(app):
    teacher = app.test_client()
    code, _ = create_class(teacher)
    for base, secure in (("http://localhost", False), (HTTPS, True)):
        child = app.test_client()
        response = child.post("/class/join", data={"code": code, "nickname": f"Kim{int(secure)}"}, base_url=base)
        cookie = next(c for c in response.headers.getlist("Set-Cookie") if c.startswith(f"class_{code}="))
        assert ("Secure" in cookie) is secure and "SameSite=Lax" in cookie
        assert ("Secure" in _session_cookie(_post_a_name(child, base_url=base))) is secure


def test_preferred_https_scheme_makes_cookies_secure(app):
    app.config["PREFERRED_URL_SCHEME"] = "https"
    response = _post_a_name(app.test_client())
    assert "Secure" in _session_cookie(response)


def _settings_cookies(response) -> dict[str, str]:
    """The language and deck cookies a ``POST /settings`` set, by name."""
    found = {c.split("=", 1)[0]: c for c in response.headers.getlist("Set-Cookie")}
    return {name: found[name] for name in ("lang", "deck")}


def test_language_and_deck_cookies_are_secure_over_https_only(client):
    """Issue 34, finding 7: the lang and deck cookies were never Secure, also over HTTPS."""
    for base, secure in (("http://localhost", False), (HTTPS, True)):
        response = client.post("/settings", data={"lang": "fr", "deck": "4"}, base_url=base)
        assert response.status_code == 303
        for cookie in _settings_cookies(response).values():
            assert ("Secure" in cookie) is secure and "SameSite=Lax" in cookie and "HttpOnly" in cookie, cookie
            assert "Max-Age=31536000" in cookie


def test_language_and_deck_cookies_are_secure_behind_a_trusted_proxy(app):
    from webapp import create_app
    from webapp.core.db import db

    proxied = create_app({**app.config, "TRUSTED_PROXIES": 1})
    response = proxied.test_client().post("/settings", data={"lang": "es", "deck": "2"},
                                          headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"})
    assert all("Secure" in cookie for cookie in _settings_cookies(response).values())
    with proxied.app_context():
        db.engine.dispose()


def test_every_cookie_is_set_in_one_place():
    """Only webapp/core/security.py calls a response's ``set_cookie`` (its helper decides Secure for every cookie)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "webapp"
    direct = re.compile(r"(?<!security)\.set_cookie\(")
    setters = sorted(str(p.relative_to(root)) for p in root.rglob("*.py") if direct.search(p.read_text()))
    assert setters == ["core/security.py"]
