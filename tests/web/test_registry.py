"""The registry drives the app: every game's pages, nav link, home tiles and CLI group come from its record,
and a language is its compiled catalogue (issue 12: "a new language is one .po file")."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from click.testing import CliRunner

from webapp import create_app
from webapp.cli import main
from webapp.core.i18n import DEFAULT_TRANSLATIONS, language_name, languages
from webapp.games import games

ROOT = Path(__file__).resolve().parents[2]


def test_the_nav_links_every_game_then_the_quiz_and_the_classroom(client):
    html = client.get("/").get_data(as_text=True)
    nav = html[html.index("<nav"):html.index("</nav>")]
    hrefs = [part.split('"')[0] for part in nav.split('href="')[1:]]
    assert hrefs == ["/skat", "/tichu", "/pokerface", "/yahtzee", "/quiz", "/class"]


def test_every_home_tile_leads_to_a_page(client):
    html = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    tiles = html[html.index('<ul class="trainers">'):html.index("</ul>")]
    # issue 14: one big tile a game and one each for the quiz and the classroom, Skat marked as the start
    firsts = re.findall(r'<a class="trainer" href="([^"]+)"', tiles)
    assert firsts == ["/skat", "/tichu", "/pokerface", "/yahtzee", "/quiz", "/class"]
    assert tiles.count('<li class="tile') == 6 and tiles.count("</li>") == 6
    assert tiles.count("Start here") == 1 and tiles.index("Start here") < tiles.index('href="/tichu"')
    links = [part.split('"')[0].replace("&amp;", "&") for part in tiles.split('href="')[1:]]
    # the games' other pages are small links inside their tiles
    assert {"/skat?rules=official", "/skat/score", "/tichu/trick", "/tichu/score", "/pokerface/hands",
            "/pokerface/quiz"} <= set(links)
    for link in links:
        assert client.get(link).status_code in (200, 303), link


def test_the_nav_marks_the_current_game_on_each_of_its_pages(client):
    html = client.get("/tichu/score").get_data(as_text=True)
    assert '<a href="/tichu" aria-current="page">Tichu</a>' in html.replace("\n", "")


def test_every_game_has_a_cli_group():
    names = set(main.commands)
    assert {game.key for game in games()} <= names and "quiz" in names


def test_the_languages_are_english_and_the_catalogues_found():
    """English and the five compiled catalogues shipped, each named in its own language (issue 17)."""
    compiled = {path.parent.parent.name for path in DEFAULT_TRANSLATIONS.glob("*/LC_MESSAGES/messages.mo")}
    assert compiled == {"de", "es", "fr", "pt"}
    assert languages() == ("de", "en", "es", "fr", "pt")
    assert [language_name(code) for code in languages()] == ["Deutsch", "English", "Español", "Français", "Português"]


@pytest.fixture
def dutch(tmp_path, monkeypatch):
    """A copy of the translations with the German catalogue copied to a new code, ``nl``, compiled (as at set-up)."""
    folder = tmp_path / "translations"
    shutil.copytree(DEFAULT_TRANSLATIONS, folder)
    shutil.copytree(folder / "de", folder / "nl")
    po = folder / "nl/LC_MESSAGES/messages.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale="nl")
    with (folder / "nl/LC_MESSAGES/messages.mo").open("wb") as f:
        write_mo(f, catalog)
    (folder / "de/LC_MESSAGES/messages.mo").exists() or pytest.skip("the German catalogue is not compiled")
    monkeypatch.setenv("KARTENSCHULE_TRANSLATIONS_DIR", str(folder))
    return folder


def test_a_new_catalogue_is_a_new_language_in_the_switch_with_no_code_change(dutch, tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    assert app.config["LANGUAGES"] == ("de", "en", "es", "fr", "nl", "pt")  # nl added, nothing else
    client = app.test_client()
    html = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert 'name="lang" value="nl" lang="nl"' in html and "Nederlands" in html
    assert client.post("/settings", data={"lang": "nl"}).status_code == 303
    client.set_cookie("lang", "nl")
    page = client.get("/skat?hand=JC,JS,JD,AC,KC,9C,AS,7H,QD,8D").get_data(as_text=True)
    assert 'lang="nl"' in page and "Kreuz" in page  # the copied catalogue's (German) words


def test_a_new_catalogue_is_a_new_cli_language_with_no_code_change(dutch):
    result = CliRunner().invoke(main, ["skat", "--explain", "--lang", "nl", "JC", "JS", "JD", "AC", "KC", "9C", "AS", "7H", "QD", "8D"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "36 Kreuz"


def test_an_unknown_cli_language_is_refused():
    result = CliRunner().invoke(main, ["skat", "--lang", "nl", "JC"])
    assert result.exit_code == 2 and "nl" in result.output
