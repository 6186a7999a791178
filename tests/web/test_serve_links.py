"""The projector's join address under `kartenschule serve` (issue 18): the address the children can reach.

The configured public URL wins, else the LAN address `serve --lan` found (``LAN_URLS``); never 127.0.0.1 or
localhost then, even when the teacher opened the projector page that way on the server itself. When the join
address is this computer itself, the projector warns that no tablet can open it.
"""

from __future__ import annotations

import re

import pytest
from flask import render_template

from classhelpers import EN, create_class
from webapp.classroom import links

LAN = ["http://192.168.1.20:8000", "http://10.0.0.5:8000"]
LOOPBACK_HOSTS = ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.1.1:8000"]


def _join_address(html: str) -> str:
    return re.search(r'<strong class="join-url">([^<]+)</strong>', html).group(1)


@pytest.mark.parametrize("host", LOOPBACK_HOSTS)
def test_lan_address_replaces_loopback_when_the_teacher_opened_it_on_the_server(app, client, host):
    app.config["LAN_URLS"] = LAN
    code, url = create_class(client, host=host)
    html = client.get(url, headers={**EN, "Host": host}).get_data(as_text=True)
    assert _join_address(html) == f"http://192.168.1.20:8000/class/{code}"
    qr = re.search(r'<img class="qr" src="([^"]+)"', html).group(1).replace("&amp;", "&")
    svg = client.get(qr, headers={"Host": host}).get_data(as_text=True)
    assert f"<title>http://192.168.1.20:8000/class/{code}</title>" in svg


def test_the_lan_address_the_teacher_opened_is_the_one_shown(app, client):
    """Two networks (Wi-Fi and cable): the projector shows the one its own page came over."""
    app.config["LAN_URLS"] = LAN
    code, url = create_class(client, host="10.0.0.5:8000")
    html = client.get(url, headers={**EN, "Host": "10.0.0.5:8000"}).get_data(as_text=True)
    assert _join_address(html) == f"http://10.0.0.5:8000/class/{code}"


def test_a_forged_host_never_replaces_the_lan_address(app, client):
    app.config["LAN_URLS"] = LAN
    code, url = create_class(client, host="evil.example")
    html = client.get(url, headers={**EN, "Host": "evil.example"}).get_data(as_text=True)
    assert "evil.example" not in html
    assert _join_address(html) == f"http://192.168.1.20:8000/class/{code}"


def test_public_url_wins_over_the_lan_address(app, client):
    app.config["LAN_URLS"] = LAN
    app.config["PUBLIC_URL"] = "https://karten.example-schule.de"
    code, url = create_class(client, host="127.0.0.1:8000")
    html = client.get(url, headers={**EN, "Host": "127.0.0.1:8000"}).get_data(as_text=True)
    assert _join_address(html) == f"https://karten.example-schule.de/class/{code}"


@pytest.mark.parametrize("url, expected", [
    ("http://127.0.0.1:8000/class/ABC234", True),
    ("http://localhost:5000/class/ABC234", True),
    ("http://LOCALHOST/class/ABC234", True),
    ("http://[::1]:8000/class/ABC234", True),
    ("http://kartenschule.localhost:8000/class/ABC234", True),
    ("http://127.0.1.1/class/ABC234", True),
    ("http://192.168.1.20:8000/class/ABC234", False),
    ("https://karten.example-schule.de/class/ABC234", False),
    ("http://localhost.example.org/class/ABC234", False),
    ("http://[fd00::2]:8000/class/ABC234", False),
    (None, False),
])
def test_projector_warns_exactly_when_the_join_address_is_this_computer(app, url, expected):
    """The warning partial (templates/classroom/_join_warning.html) and links.is_loopback agree, and both say
    what a tablet can open: no loopback address, but any other name or address."""
    assert links.is_loopback(url) is expected
    with app.test_request_context("/", headers=EN):
        html = render_template("classroom/_join_warning.html", join_url=url)
    assert ('id="join-warning"' in html) is expected
    if expected:
        assert "kartenschule serve --lan" in html


def test_warning_is_in_german_for_a_german_projector(app):
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        html = render_template("classroom/_join_warning.html", join_url="http://127.0.0.1:8000/class/ABC234")
    assert "Tablets" in html and "kartenschule serve --lan" in html and "Only this computer" not in html
