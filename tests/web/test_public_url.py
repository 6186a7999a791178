"""The "Join at" address and the QR code never come from a forged Host header (issue 13, section 4)."""

from __future__ import annotations

import re

from classhelpers import EN, create_class, teacher_cookie_for_hosts

EVIL = {"Host": "evil.example", "Accept-Language": "en"}


def _qr_src(html: str) -> str | None:
    found = re.search(r'<img class="qr" src="([^"]+)"', html)
    return found.group(1).replace("&amp;", "&") if found else None


def _qr_title(client, src: str, **kwargs) -> str:
    response = client.get(src, **kwargs)
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    return re.search(r"<title>([^<]+)</title>", response.get_data(as_text=True)).group(1)


def test_configured_public_url_wins_over_a_forged_host(app, client):
    app.config["PUBLIC_URL"] = "https://karten.example-schule.de/"
    code, url = create_class(client)
    teacher_cookie_for_hosts(client, code, "evil.example")
    html = client.get(url, headers=EVIL).get_data(as_text=True)
    assert "evil.example" not in html
    assert f"https://karten.example-schule.de/class/{code}<" in html
    assert _qr_title(client, _qr_src(html), headers=EVIL) == f"https://karten.example-schule.de/class/{code}"


def test_without_configuration_a_forged_host_gets_no_join_address_and_no_qr(client):
    code, url = create_class(client)
    teacher_cookie_for_hosts(client, code, "evil.example")
    html = client.get(url, headers=EVIL).get_data(as_text=True)
    assert "evil.example" not in html and _qr_src(html) is None
    assert f">/class/{code}<" in html  # the path and the code are still on the projector
    assert client.get(f"/class/{code}/qr.svg?v=x", headers=EVIL).status_code == 404


def test_server_name_is_used_when_set(app, client):
    code, url = create_class(client)
    teacher_cookie_for_hosts(client, code, "karten.test")
    app.config["SERVER_NAME"] = "karten.test"
    html = client.get(url, headers={**EN, "Host": "karten.test"}).get_data(as_text=True)
    assert f"http://karten.test/class/{code}<" in html


def test_trusted_hosts_allow_the_request_host_and_refuse_others(app, client):
    code, url = create_class(client)
    teacher_cookie_for_hosts(client, code, "karten.lan", "evil.example")
    app.config["TRUSTED_HOSTS"] = ["karten.lan"]
    html = client.get(url, headers={**EN, "Host": "karten.lan"}).get_data(as_text=True)
    assert f"http://karten.lan/class/{code}<" in html
    assert client.get(url, headers=EVIL).status_code == 400


def test_qr_address_names_the_url_it_encodes(app, client):
    """The QR code is cached for an hour: its address carries a fingerprint of the URL it encodes,
    so changing PUBLIC_URL gives a new address and an old one is redirected, never served stale."""
    code, url = create_class(client)
    first = _qr_src(client.get(url, headers=EN).get_data(as_text=True))
    assert _qr_title(client, first) == f"http://localhost/class/{code}"
    app.config["PUBLIC_URL"] = "https://karten.example-schule.de"
    second = _qr_src(client.get(url, headers=EN).get_data(as_text=True))
    assert second != first
    stale = client.get(first)
    assert stale.status_code == 303 and stale.location == second
    response = client.get(second)
    assert response.headers["Cache-Control"].count("max-age=3600") == 1 and response.headers["ETag"]
    assert _qr_title(client, second) == f"https://karten.example-schule.de/class/{code}"
