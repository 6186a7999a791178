"""The languages (issue 17): complete catalogues, the reader's language, the CLI's --lang, quiz codes, local numbers.

A language is its catalogue (``webapp/translations/<code>/LC_MESSAGES/messages.po``): each test here runs over
every catalogue found, so a new language is checked by the same tests the moment its file arrives. The German
catalogue is the reference for which texts exist (``make extract`` keeps it in step with the code).
"""

from __future__ import annotations

import gettext
import re

import click
import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from click.testing import CliRunner
from flask_babel import force_locale

from test_quiz_routes import questions_of, start
from webapp.catalogue import MESSAGES
from webapp.cli import main
from webapp.core.explain import decimal, render_step
from webapp.core.i18n import DEFAULT_TRANSLATIONS, LANG_COOKIE, SOURCE_LANGUAGE, language_name, languages
from webapp.core.steps import Step
from webapp.quiz import KINDS

#: %(name)s placeholders; a sentence also may not carry a str.format one ({name}), which nothing would fill.
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
BRACES = re.compile(r"\{\w*\}")
CATALOGUES = sorted(p.parent.parent.name for p in DEFAULT_TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))
#: The languages of issue 17 and their names in their own language, as the switch must show them.
OWN_NAMES = {"de": "Deutsch", "en": "English", "fr": "Français", "es": "Español", "pt": "Português"}


def read(lang: str):
    with (DEFAULT_TRANSLATIONS / lang / "LC_MESSAGES/messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def forms(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


@pytest.fixture(scope="module")
def reference():
    """The German catalogue: every text of the code and the templates, as the last ``make extract`` found them."""
    return read("de")


# --- the catalogues -------------------------------------------------------------------------------


def test_the_issue_languages_are_found():
    """French is shipped and compiled; Spanish and Portuguese are checked as soon as their catalogues arrive."""
    assert {"de", "en", "fr"} <= set(languages())
    assert "fr" in CATALOGUES


@pytest.mark.parametrize("lang", CATALOGUES)
def test_every_entry_is_translated_and_none_is_fuzzy(lang, reference):
    """Reproduces a half-done catalogue: a text missing, left empty, fuzzy or kept only as obsolete fails."""
    po = read(lang)
    problems = []
    for ref in reference:
        if not ref.id:
            continue
        message = po.get(ref.id, context=ref.context)
        if message is None:
            problems.append(("missing", ref.id))
        elif not all(forms(message)) or message.fuzzy:
            problems.append(("untranslated or fuzzy", message.id))
    problems += [("fuzzy header", lang)] if po.fuzzy else []
    assert problems == []


@pytest.mark.parametrize("lang", CATALOGUES)
def test_every_translation_keeps_exactly_the_placeholders(lang):
    """Each form of each entry has the same %(name)s placeholders as the English text: one lost or one made up fails.

    (A lost one drops a number the child needs; an unknown one is a KeyError when the page renders.) Where the
    English singular and plural differ ("Only it is missing" / "you miss %(missing)s"), a form keeps every
    placeholder both English forms have and uses no other.
    """
    wrong = []
    for message in read(lang):
        if not message.id:
            continue
        english = [set(PLACEHOLDER.findall(text)) for text in ids(message)]
        needed, allowed = set.intersection(*english), set.union(*english)
        for text in forms(message):
            used = set(PLACEHOLDER.findall(text))
            if text and (not needed <= used <= allowed or BRACES.search(text)):
                wrong.append((message.id, text))
            if text and re.sub(r"%\(\w+\)[sd]|%%", "", text).count("%"):
                wrong.append((message.id, text))  # a stray % breaks the formatting
    assert wrong == []


@pytest.mark.parametrize("lang", CATALOGUES)
def test_the_plural_rule_is_the_languages_own(lang):
    """The header's Plural-Forms is CLDR's for the language, as the locked Babel gives it, and every plural entry has
    one form for each of them (French, Spanish, Portuguese: one, many for an exact million, other)."""
    po = read(lang)
    count, expression = get_plural(lang)
    assert po.num_plurals == count
    assert po.plural_expr.replace(" ", "") == expression.replace(" ", "")
    short = [m.id for m in po if m.id and isinstance(m.id, tuple) and len(forms(m)) != count]
    assert short == []


@pytest.mark.parametrize(("lang", "n", "form"), [("fr", 0, 0), ("fr", 1, 0), ("fr", 2, 2), ("fr", 5, 2),
                                                 ("fr", 1000000, 1), ("fr", 2000000, 1), ("fr", 1000001, 2),
                                                 ("es", 1, 0), ("es", 0, 2), ("es", 1000000, 1),
                                                 ("pt", 1000000, 1), ("pt", 5, 2),
                                                 ("de", 0, 1), ("de", 1, 0), ("de", 2, 1)])
def test_the_compiled_catalogue_picks_the_plural_form_of_the_language(lang, n, form):
    """French says "0 point", German "0 Punkte", Spanish "0 puntos"; an exact million takes the many form (index 1,
    "1 000 000 de points"): the compiled catalogue chooses by the language's rule.

    Source: CLDR plural rules, Babel 2.19 (French "one" is i = 0,1; Spanish "one" is n = 1; Portuguese "one" is
    i = 0..1; French, Spanish and Portuguese "many" is e = 0 and i != 0 and i % 1000000 = 0 and v = 0; German
    "one" is i = 1 and v = 0).
    """
    translation = gettext.translation("messages", str(DEFAULT_TRANSLATIONS), languages=[lang])
    po = read(lang)
    message = po.get(("You got %(num)s point.", "You got %(num)s points."))
    assert translation.ngettext(*message.id, n) == message.string[form]


#: The languages whose CLDR rule has a "many" form for exact millions: (one, many, other), many at index 1.
MANY = [code for code in ("fr", "es", "pt") if code in CATALOGUES]
#: The placeholder that carries each plural entry's count: an explanation's NP_ triple names it; a template's
#: ngettext passes the count as %(num)s, except where it passes num= itself (templates/classroom/_live_count.html:
#: the count is the children who joined, %(num)s those who answered).
COUNTS = {entry[:2]: entry[2] for entry in MESSAGES.values() if isinstance(entry, tuple) and len(entry) == 3}
TEMPLATE_COUNTS = {"%(num)s of %(joined)s child answered": "joined", "%(num)s of %(total)s game analysed": "total"}
#: Words that follow the count without being its noun, so no "de" comes between: a participle or an adjective agreeing
#: with a noun said before ("3 choisies", "têm 3 juntas"), a verb ("3 enfants sur 5 ont répondu"), an adverb ("en
#: ont 3 ensemble", "y 3 más"), and the Spanish and Portuguese "de" of "3 de 10 cartas".
NOT_NOUNS = {"fr": {"choisies", "ensemble", "ont"}, "es": {"más", "de"}, "pt": {"escolhidas", "juntas", "de"}}


def count_placeholder(message) -> str:
    return COUNTS.get(message.id) or TEMPLATE_COUNTS.get(message.id[0], "num")


@pytest.mark.parametrize("lang", MANY)
def test_the_many_form_puts_de_between_a_round_million_and_its_noun(lang):
    """The many form (msgstr[1], an exact million) is the other form (msgstr[2]) with "de" (French "d’" before a
    vowel) between the count and the noun that follows it: "1 000 000 de points", "1 000 000 d’enfants",
    "1 000 000 de puntos", "1 000 000 de pontos"; everything else reads as the other form (a million is plural for
    the verbs and adjectives too). Reproduces catalogues whose many form is empty, the other form copied in (no
    "de"), or the singular left in the slot after the old two forms moved.

    Source: CLDR plural rules, Babel 2.19: many = e = 0 and i != 0 and i % 1000000 = 0 and v = 0 (fr, es, pt);
    the grammar of the three languages: "million"/"millón"/"milhão" is a noun, so its noun follows with "de".
    """
    wrong, nouns = [], 0
    for message in read(lang):
        if not isinstance(message.id, tuple):
            continue
        _, many, other = message.string
        count = re.escape(f"%({count_placeholder(message)})s")
        if re.sub(rf"({count}) (?:de |d’)(?=[^\W\d_])", r"\1 ", many) != other:
            wrong.append(("not the other form with de", message.id[0], many))
        for word in re.findall(rf"{count} ([^\W\d_]+)", other):
            if word in NOT_NOUNS[lang]:
                continue
            nouns += 1
            de = "d’" if lang == "fr" and word[0] in "aeéèêiîoôu" else "de "
            if not re.search(rf"{count} {de}{word}\b", many):
                wrong.append((f"no {de.strip()} before {word}", message.id[0], many))
    assert wrong == []
    assert nouns >= 30  # the check above did find the nouns (a catalogue of entries with none would prove nothing)


@pytest.mark.parametrize(("lang", "points", "tricks"), [
    ("fr", "Tu as 1000000 de points.", "Tu as fait 1000000 de plis"),
    ("es", "Tienes 1000000 de puntos.", "Ganaste 1000000 de bazas"),
    ("pt", "Você fez 1000000 de pontos.", "Você fez 1000000 de vazas"),
])
def test_a_million_is_rendered_with_de(app, lang, points, tricks):
    """With the app in the language, ngettext (a template's) and an explanation's NP_ sentence for n = 1,000,000
    give the "de" form; 2,000,001 gives the other form again."""
    from flask_babel import ngettext

    if lang not in MANY:
        pytest.skip(f"no catalogue for {lang!r}")
    with app.test_request_context(), force_locale(lang):
        assert ngettext("You got %(num)s point.", "You got %(num)s points.", 1000000) == points
        assert ngettext("You got %(num)s point.", "You got %(num)s points.", 2000001) == points.replace(
            "1000000 de", "2000001")
        assert render_step(Step("skat.official.null_lost", tricks=1000000), html=False).startswith(tricks)


@pytest.mark.parametrize("lang", [code for code in CATALOGUES if code != "de"])
def test_a_translation_is_not_the_english_text_left_in_place(lang):
    """Copying the English text into msgstr passes the "not empty" check: whole English sentences must not."""
    copied = [m.id for m in read(lang) if m.id and not isinstance(m.id, tuple)
              and m.string == m.id and len(m.id.split()) >= 4 and "%(" not in m.id.split()[0]]
    assert copied == []


# --- the reader's language ------------------------------------------------------------------------


@pytest.fixture
def five_languages(app):
    """The test app offering the five languages of the issue, whether or not es and pt have arrived yet."""
    app.config["LANGUAGES"] = ("de", "en", "es", "fr", "pt")
    return app.test_client()


def page_language(client, cookie: str | None = None, accept: str | None = None) -> str:
    if cookie is not None:
        client.set_cookie(LANG_COOKIE, cookie)
    headers = {"Accept-Language": accept} if accept is not None else {}
    html = client.get("/", headers=headers).get_data(as_text=True)
    return re.search(r'<html lang="([^"]+)"', html).group(1)


@pytest.mark.parametrize(("cookie", "accept", "expected"), [
    ("fr", "de-DE,de;q=0.9", "fr"),                 # the switch's cookie wins over the browser
    ("pt", "fr", "pt"),
    (None, "fr-FR,fr;q=0.9,en;q=0.5", "fr"),        # a regional variant finds its language
    (None, "pt-BR,pt;q=0.9", "pt"),
    (None, "es-419,es;q=0.8,en;q=0.4", "es"),
    (None, "es-AR,en;q=0.5", "es"),                 # only the region given: its language beats a less wanted one
    (None, "pt-PT,en;q=0.8", "pt"),
    (None, "fr-CA", "fr"),
    (None, "en-GB,de;q=0.5", "en"),
    (None, "it,de-AT;q=0.9,en;q=0.8", "de"),        # order of preference kept: Austrian German before English
    (None, "it-IT,nl;q=0.8", "de"),                 # nothing offered: German
    (None, None, "de"),                             # no header at all: German
    ("xx", "es", "es"),                             # a cookie naming no language is ignored
    ("fr\x00", "en", "en"),
])
def test_the_language_comes_from_the_cookie_then_the_browser_then_german(five_languages, cookie, accept, expected):
    assert page_language(five_languages, cookie, accept) == expected


def test_the_switch_sets_the_cookie_that_then_wins(five_languages):
    response = five_languages.post("/settings", data={"lang": "fr", "next": "/"}, headers={"Accept-Language": "de"})
    assert response.status_code == 303
    assert page_language(five_languages, accept="de") == "fr"


def test_the_switch_shows_each_language_in_its_own_name(five_languages):
    """Reproduces a switch that names languages in the reader's language ("Französisch"): each is in its own."""
    html = five_languages.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    buttons = dict(re.findall(r'<button type="submit" name="lang" value="(\w+)" lang="\w+"[^>]*>([^<]+)</button>', html))
    assert buttons == {code: OWN_NAMES[code] for code in ("de", "en", "es", "fr", "pt")}
    for code in OWN_NAMES:
        assert language_name(code) == OWN_NAMES[code]


# --- the command line -----------------------------------------------------------------------------

SEED = "JC JS JD AC KC 9C AS 7H QD 8D".split()
#: One case for each command with --explain. A new command with --explain must add its own here.
def _bot_game_codes(seed: int) -> str:
    """The action codes of game 1 of ``seed`` played by the bots' rules (for ``skat analyse``)."""
    from webapp.games.skat.table_codes import bot_game_codes

    return ".".join(bot_game_codes(seed)[1])


CLI_CASES = {
    ("skat", "value"): ["skat", "value", *SEED],
    ("skat", "analyse"): ["skat", "analyse", "--seed", "7", "--moves", _bot_game_codes(7)],
    ("skat", "score"): ["skat", "score", "--game", "clubs", "--skat", "7D", "8D", "--points", "50", "--tricks", "4",
                        *"JC JS AC 0C KC QC 9C 8C 7C AS".split()],
    ("skat", "bid"): ["skat", "bid", *SEED],
    ("skat", "chance"): ["skat", "chance", *SEED],
    ("skat", "play"): ["skat", "play", "--seed", "3"],
    ("tichu", "judge"): ["tichu", "judge", "44499", "77722"],
    ("tichu", "score"): ["tichu", "score", "--out", "1,2,3", "--tricks", "30,20,25,15", "--hand", "10", "--tichu", "1"],
    ("tichu", "round"): ["tichu", "round", "--seed", "3"],
    ("pokerface", "compare"): ["pokerface", "compare", "SA HA D7 C7 S2", "CK DK D6 C6 SQ"],
    ("yahtzee", "score"): ["yahtzee", "score", "44444"],
    ("quiz",): ["quiz", "skat_family", "K7PX3M", "--count", "1", "--answers"],
}


def commands(group: click.Command, path: tuple[str, ...] = ()):
    if isinstance(group, click.Group):
        for name, sub in group.commands.items():
            yield from commands(sub, path + (name,))
    else:
        yield path, group


def test_every_command_with_explain_takes_every_language():
    explaining = {path: cmd for path, cmd in commands(main) if any(p.name == "explain" for p in cmd.params)}
    assert set(explaining) == set(CLI_CASES)
    for path, cmd in explaining.items():
        lang = next((p for p in cmd.params if p.name == "lang"), None)
        assert lang is not None, f"{' '.join(path)} has --explain but no --lang"
        for code in languages():
            assert lang.type.convert(code, lang, None) == code


@pytest.mark.parametrize("lang", [code for code in languages() if code != SOURCE_LANGUAGE])
@pytest.mark.parametrize("path", list(CLI_CASES), ids=[" ".join(p) for p in CLI_CASES])
def test_every_explaining_command_answers_in_the_language(path, lang):
    """The same case with --explain in English and in ``lang``: the answer is translated, line for line."""
    runner = CliRunner()
    english = runner.invoke(main, [*CLI_CASES[path], "--explain", "--lang", "en"])
    other = runner.invoke(main, [*CLI_CASES[path], "--explain", "--lang", lang])
    assert english.exit_code == other.exit_code == 0, other.output
    assert other.stdout != english.stdout
    english_lines = set(english.stdout.splitlines())
    long_lines = [line for line in other.stdout.splitlines() if len(line.split()) >= 5]
    assert long_lines and not [line for line in long_lines if line in english_lines]


def test_an_unknown_language_is_a_usage_error():
    result = CliRunner().invoke(main, ["skat", "value", "--lang", "xx", *SEED])
    assert result.exit_code == 2
    assert "xx" in result.stderr


# --- quiz codes -----------------------------------------------------------------------------------


def choices(html: str) -> list[str]:
    """The language-free parts of a question page: each card's classes (kind, suit), the form's names and values."""
    panel = html.split('id="quiz-panel"', 1)[-1].split("</form>")[0]
    panel = re.sub(r'<input[^>]*name="csrf_token"[^>]*>', "", panel)  # a fresh token each page
    cards = re.findall(r'class="(q-card [^"]*)"', panel)  # none for a bidding question (skat_bid: "after 23?")
    found = cards + re.findall(r'(?:name|value)="([^"]*)"', panel)
    assert len(found) > 2, "nothing to see or answer on the question page"  # more than the hidden round fields
    return found


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_quiz_code_gives_the_same_questions_in_every_language(app, client, kind):
    """A French child shares the code with a German one: both get the same questions, in the same order."""
    run_url = start(client, kind=kind, count="3")
    code, questions = questions_of(app, run_url)
    pages = {}
    for lang in languages():
        response = client.post("/quiz/code", data={"code": code}, headers={"Accept-Language": lang})
        assert response.status_code == 303
        assert questions_of(app, response.location) == (code, questions)
        html = client.get(response.location, headers={"Accept-Language": lang}).get_data(as_text=True)
        assert f'<html lang="{lang}"' in html
        pages[lang] = choices(html)
    assert len({tuple(values) for values in pages.values()}) == 1, pages


# --- numbers ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "expected"), [("en", "1,254.6"), ("de", "1.254,6"), ("fr", "1\u202f254,6"),
                                                ("es", "1.254,6"), ("pt", "1.254,6")])
def test_decimals_are_written_the_local_way(app, lang, expected):
    """CLDR number symbols: a decimal comma in de/fr/es/pt, groups of three with a narrow no-break space in
    French and a dot in German, Spanish and Brazilian Portuguese."""
    with app.test_request_context(), force_locale(lang):
        assert decimal(1254.59) == expected


@pytest.mark.parametrize("lang", ["fr", "es", "pt"])
def test_a_decimal_in_an_explanation_is_local(app, lang):
    """The Yahtzee coach's expected score, 254.59 points, reads 254,6 in fr/es/pt."""
    with app.test_request_context(), force_locale(lang):
        text = render_step(Step("yahtzee.coach.expect", value=254.59), html=False)
    assert "254,6" in text and "254.6" not in text


@pytest.mark.parametrize(("lang", "forbidden"), [("fr", "1,098,240"), ("de", "1,098,240"), ("en", "1 098 240")])
def test_the_poker_hand_counts_are_local_numbers(client, lang, forbidden):
    """Reproduces "1,098,240 of the 2,598,960 possible hands" on the French page: English digit groups everywhere."""
    html = client.get("/pokerface/hands", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert forbidden not in html
    local = {"fr": "1\u202f098\u202f240", "de": "1.098.240", "en": "1,098,240"}[lang]
    assert local in html


# --- error pages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize(("path", "method", "status"), [("/no-such-page", "get", 404),
                                                        ("/quiz/AAAAAAAAAAAAAAAA", "get", 404),
                                                        ("/quiz", "put", 405)])
def test_an_error_page_speaks_the_readers_language(client, lang, path, method, status):
    """Reproduces Werkzeug's English "Not Found" page for a French child who follows an old quiz link."""
    response = getattr(client, method)(path, headers={"Accept-Language": lang})
    html = response.get_data(as_text=True)
    assert response.status_code == status
    assert f'<html lang="{lang}"' in html
    assert "Not Found" not in html and "Method Not Allowed" not in html
    assert 'role="alert"' in html  # the app's own error page, with its sentence


# --- French elision -------------------------------------------------------------------------------


def test_french_elides_before_a_vowel_where_a_name_is_put_in(app):
    """Reproduces "As de Étoiles", "une paire de As" and "bat le As": French writes d’, l’ before a vowel.

    Source: French grammar (elision of "de", "le", "que" before a vowel sound; not before an aspirated h:
    "paire de Huit").
    """
    from webapp.core.explain import card_name
    from webapp.games.tichu import rules as tichu

    with app.test_request_context(), force_locale("fr"):
        assert card_name(tichu.parse_card("Ar")) == "As d’Étoiles"
        assert card_name(tichu.parse_card("Kk")) == "Roi d’Épées"
        assert card_name(tichu.parse_card("7g")) == "7 de Jade"
        ace, king = tichu.parse_card("A"), tichu.parse_card("K")
        pair = render_step(Step("tichu.play.pair", rank=ace), html=False)
        beats = render_step(Step("tichu.reason.higher", kind=tichu.Kind.PAIR, play=ace, previous=king), html=False)
        html = str(render_step(Step("tichu.table.single", card=tichu.parse_card("Ar"))))
    assert "paire d’As" in pair, pair
    assert "de As" not in pair and "le As" not in beats
    assert "d’Étoiles" in html or "As d’Étoiles" in html
    with app.test_request_context(), force_locale("de"):
        assert card_name(tichu.parse_card("Ar")) == "Stern-Ass"


def test_elision_leaves_other_languages_and_aspirated_h_alone():
    from webapp.core.i18n import elide

    assert elide("une paire de Huit, le Hand, de Yam’s", "fr") == "une paire de Huit, le Hand, de Yam’s"
    assert elide("Le As de Étoiles que Ouvert", "fr") == "L’As d’Étoiles qu’Ouvert"
    assert elide("Le As de Étoiles", "de") == "Le As de Étoiles"
    assert elide("Monde entier", "fr") == "Monde entier"
