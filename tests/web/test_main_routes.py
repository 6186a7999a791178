"""Home page, language choice and settings."""

from __future__ import annotations

from webapp import create_app


def test_home_links_both_trainers(client):
    html = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert 'href="/skat"' in html and 'href="/tichu"' in html
    assert "Learn the rules of card games" in html


def test_language_from_accept_language_then_default_german(client):
    assert "Lerne die Regeln" in client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Learn the rules" in client.get("/", headers={"Accept-Language": "en-GB,en;q=0.8"}).get_data(as_text=True)
    assert "Lerne die Regeln" in client.get("/").get_data(as_text=True)  # no header: German


def test_language_switch_sets_cookie_and_returns_to_the_page(client):
    response = client.post(
        "/settings", data={"lang": "de", "next": "/skat?hand=JC"}, headers={"Accept-Language": "en"}
    )
    assert response.status_code == 303
    assert response.headers["Location"] == "/skat?hand=JC"
    assert "lang=de" in response.headers["Set-Cookie"]
    html = client.get("/skat?hand=JC", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Skat: Was ist mein Blatt wert?" in html


def test_settings_prefers_the_referrer_of_this_site(client):
    response = client.post(
        "/settings", data={"lang": "en", "next": "/"}, headers={"Referer": "http://localhost/skat?hand=JC,JS"}
    )
    assert response.headers["Location"] == "/skat?hand=JC,JS"


def test_settings_never_redirects_off_site(client):
    for target in ("https://evil.example/", "//evil.example/x", "javascript:alert(1)"):
        response = client.post("/settings", data={"lang": "en", "next": target})
        assert response.headers["Location"] == "/"
    response = client.post("/settings", data={"lang": "en"}, headers={"Referer": "https://evil.example/skat"})
    assert response.headers["Location"] == "/"


def test_four_colour_deck_cookie(client):
    client.post("/settings", data={"deck": "4"})
    assert 'class="deck-four"' in client.get("/skat").get_data(as_text=True)


def test_bad_settings_answer_400(client):
    assert client.post("/settings", data={"lang": "xx"}).status_code == 400  # no catalogue of that name
    assert client.post("/settings", data={"deck": "7"}).status_code == 400


def test_bad_settings_say_what_is_wrong_in_the_readers_language(client):
    """The refusal names the bad value, in the reader's language (it was "unknown language" in English everywhere)."""
    english = client.post("/settings", data={"lang": "xx"}, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "This page has no language “xx”" in english
    german = client.post("/settings", data={"deck": "7"}, headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "„7“" in german and "There is no deck" not in german and "unknown deck" not in german


def test_settings_need_a_csrf_token(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "x"})
    client = app.test_client()
    assert client.post("/settings", data={"lang": "de"}).status_code == 400
    html = client.get("/").get_data(as_text=True)
    token = html.split('name="csrf_token" value="')[1].split('"')[0]
    assert client.post("/settings", data={"lang": "de", "csrf_token": token}).status_code == 303


def test_unknown_page_is_404(client):
    assert client.get("/nope").status_code == 404
