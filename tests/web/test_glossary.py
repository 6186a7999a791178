"""The games' glossaries (issue 33): a page per game with every word in every language, the words tappable where
they appear (seat names, the value steps, the score card), and every explanation translated."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale
from markupsafe import Markup

from webapp.catalogue import MESSAGES, words
from webapp.core.explain import label
from webapp.core.i18n import DEFAULT_TRANSLATIONS, SOURCE_LANGUAGE, languages
from webapp.core.terms import term, word_marker, word_name, word_text
from webapp.games import games
from webapp.games.skat.play import Seat

GLOSSARIES = words()
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
TIP = re.compile(r'<span class="term-tip" id="([^"]+)" popover>')
TARGET = re.compile(r'popovertarget="([^"]+)">([^<]*)<')


def test_every_game_has_a_glossary():
    assert sorted(GLOSSARIES) == sorted(game.key for game in games())
    for key, entries in GLOSSARIES.items():
        assert len({w.key for w in entries}) == len(entries), key
        assert all(re.fullmatch(r"[a-z][a-z0-9_]*", w.key) for w in entries), key


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("game", sorted(GLOSSARIES))
def test_every_glossary_page_shows_every_word_in_every_language(app, client, game, lang):
    client.set_cookie("lang", lang)
    response = client.get(f"/words/{game}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in page
    with app.test_request_context(), force_locale(lang):
        for word in GLOSSARIES[game]:
            name, text = htmllib.escape(word_name(word), quote=False), str(word_text(word))
            assert f'<div class="word" id="{word.key}"><dt>{name}</dt><dd>{text}</dd></div>' in page, word.key
    assert page.count('<div class="word" id=') == len(GLOSSARIES[game])


def test_the_glossary_speaks_german_with_the_german_skat_words(client):
    client.set_cookie("lang", "de")
    page = client.get("/words/skat").get_data(as_text=True)
    names = re.findall(r"<dt>([^<]+)</dt>", page)
    assert names == ["Skat", "Vorhand", "Mittelhand", "Hinterhand", "Reizen", "Alleinspieler", "Gegenspieler",
                     "Drücken", "Handspiel", "Trumpf", "Bedienen", "Augen", "Grand", "Null", "Ouvert",
                     "Mit / ohne (Spitzen)", "Spielwert", "Schneider", "Schwarz"]
    assert "Skat: Wörter erklärt" in page and 'href="/skat"' in page


@pytest.mark.parametrize("path", ["/words/chess", "/words/", "/words/SKAT", "/words/skat/forehand", "/words/%00"])
def test_an_unknown_glossary_answers_404(client, path):
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("lang", [code for code in languages() if code != SOURCE_LANGUAGE])
def test_every_word_is_translated_in_every_language(lang):
    """The name, the explanation and the marking phrases of every word are in the language's catalogue, not
    fuzzy and not empty; the explanations also in the English source (the catalogue gathers them)."""
    with (DEFAULT_TRANSLATIONS / lang / "LC_MESSAGES/messages.po").open("rb") as f:
        po = read_po(f, locale=lang)
    missing = []
    for game, entries in GLOSSARIES.items():
        for word in entries:
            assert word.text in MESSAGES and MESSAGES[word.text].strip(), word.text
            wanted = [(None, MESSAGES[word.text]), word.name] + ([word.forms] if word.forms else [])
            for context, msgid in wanted:
                message = po.get(msgid, context=context)
                if message is None or not message.string or message.fuzzy:
                    missing.append((game, word.key, msgid))
    assert missing == []


def test_a_word_is_tappable_with_its_explanation_in_place_and_a_link_without_popovers(app):
    with app.test_request_context(), force_locale("de"):
        html = str(term("skat", "forehand"))
        other = str(term("skat", "forehand", "Vorhand (du)"))
    assert '<a class="term-link" href="/words/skat#forehand">Vorhand</a>' in html
    tip = TIP.search(html).group(1)
    assert TARGET.search(html).groups() == (tip, "Vorhand")
    assert "Wer links vom Geber sitzt" in html and 'href="/words/skat#forehand">Alle Wörter</a>' in html
    assert TIP.search(other).group(1) != tip and ">Vorhand (du)</button>" in other


def test_a_template_naming_a_word_that_does_not_exist_fails(app):
    with app.test_request_context(), pytest.raises(KeyError):
        term("skat", "nonsense")
    with app.test_request_context(), pytest.raises(KeyError):
        term("chess", "forehand")


def test_every_word_a_template_names_exists():
    """``term("game", "word", ...)`` in a template names a word of the glossary (else the page would fail)."""
    named = set()
    for path in TEMPLATES.rglob("*.html"):
        named |= set(re.findall(r'term\("(\w+)", "(\w+)"', path.read_text()))
    assert named, "no template marks a word"
    known = {(game, w.key) for game, entries in GLOSSARIES.items() for w in entries}
    assert named - known == set()


def test_the_marker_marks_each_word_once_and_never_inside_a_link_or_a_tag(app):
    with app.test_request_context(), force_locale("en"):
        mark = word_marker("skat")
        first = str(mark(Markup('<a href="/x">card points</a> You play with the <span title="with 2">jack</span>, '
                                "so: with 2. 70 card points.")))
        again = str(mark(Markup("Without 3, and 40 card points.")))
        text = str(word_marker("skat")("<b>with 2</b>"))
        other = str(word_marker("tichu")(Markup("with 2 card points")))
    assert first.count('class="term"') == 2
    assert '<a href="/x">card points</a>' in first and 'title="with 2"' in first  # a link and a tag left alone
    assert "play with the" in first  # "with" is marked only before a number
    assert ">with 2</button>" in first and ">card points</button>" in first
    assert 'class="term"' not in again  # each word once per list
    assert text.startswith("&lt;b&gt;") and text.count('class="term"') == 1  # plain text is escaped first
    assert other == "with 2 card points"  # Tichu has no such words


@pytest.mark.parametrize("lang", languages())
def test_the_skat_table_makes_the_seat_names_tappable(app, client, lang):
    client.set_cookie("lang", lang)
    page = client.get("/skat/table?seed=7&game=1", follow_redirects=True).get_data(as_text=True)
    tips = TIP.findall(page)
    targets = TARGET.findall(page)
    assert len(tips) == len(set(tips)) >= 3  # each explanation its own id
    assert {tip for tip, _text in targets} == set(tips)
    with app.test_request_context(), force_locale(lang):
        seats = {label(seat) for seat in Seat}
    assert seats <= {htmllib.unescape(text) for _tip, text in targets}


def test_the_value_steps_mark_the_matadors_and_the_game_value(client):
    client.set_cookie("lang", "de")
    page = client.get("/skat?hand=JC,JS,JD,AC,KC,9C,AS,7H,QD,8D").get_data(as_text=True)
    shown = [text for _tip, text in TARGET.findall(page)]
    assert shown == ["mit 2", "Spielwert"]


def test_the_score_card_and_the_tichu_coach_mark_their_words(client):
    client.set_cookie("lang", "de")
    yahtzee = [text for _tip, text in TARGET.findall(client.get("/yahtzee").get_data(as_text=True))]
    assert {"Einser", "Bonus oben (ab 63)", "Kniffel-Bonus", "Große Straße", "Chance"} <= set(yahtzee)
    hands = [text for _tip, text in TARGET.findall(client.get("/pokerface/hands").get_data(as_text=True))]
    assert "Vierling" in hands


@pytest.mark.parametrize("game", [g for g in games()])
def test_each_game_page_links_to_its_glossary(client, game):
    page = client.get(f"/{game.key}", follow_redirects=True).get_data(as_text=True)
    assert re.search(rf'<a href="/words/{game.key}" id="footer-words">', page)


def test_pages_outside_a_game_do_not_link_a_glossary(client):
    assert 'id="footer-words"' not in client.get("/").get_data(as_text=True)
    assert 'id="footer-words"' not in client.get("/quiz").get_data(as_text=True)


def test_the_tichu_coach_names_the_combinations_as_words(client):
    from test_tichu_round_routes import to_play

    _url, page = to_play(client)
    if 'id="round-coach-list"' not in page:
        pytest.skip("the child is not in turn in this deal")
    # the plays are buttons (a word's button cannot sit in one): their kinds are named as words beside the list
    kinds = re.findall(r'<span class="coach-word">(.*?)</span>(?: · |</p>)', page, re.S)
    assert kinds and all('class="term"' in kind and "/words/tichu#" in kind for kind in kinds)


def test_the_pokerface_showdown_explains_its_words(client):
    from test_pokerface_routes import EN, fields, follow

    url = follow(client, "/pokerface?seed=class-7b")
    g, _ = fields(client.get(url, headers=EN).get_data(as_text=True))
    url = follow(client, f"/pokerface?g={g}&toggle=0")
    for step in ("&action=exchange", "&action=extras&n=3", "&action=best"):
        url = follow(client, url + step)
    g, sel = fields(client.get(url, headers=EN).get_data(as_text=True))
    page = client.get(follow(client, f"/pokerface?g={g}&sel={sel}&action=reveal"), headers=EN).get_data(as_text=True)
    assert re.search(r'<h2 id="poker-showdown-title"><span class="term"><a class="term-link" '
                     r'href="/words/pokerface#showdown">Showdown</a>', page)


def test_the_table_news_explains_putting_away(client):
    client.set_cookie("lang", "de")
    page = client.get("/skat/table?seed=7&game=1&a=18.yes.20.yes.pass.pass.skat.put:8H,0S",
                      follow_redirects=True).get_data(as_text=True)
    news = re.search(r'<ol class="news-list" id="news-list">(.*?)</ol>\s*</div>', page, re.S).group(1)
    assert [text for _tip, text in TARGET.findall(news)] == ["zwei Karten gedrückt"]
