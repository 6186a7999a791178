"""French, Spanish and Portuguese in a real browser (issue 17).

* One journey a language, as a child whose browser speaks it: the Skat value with its explanation, a Tichu
  verdict, a quiz question with its feedback. Screenshots in ``test-artifacts/screenshots/languages/``.
* Every page of the layout test, scanned for English words (a list of common English words that are no words of
  French, Spanish or Portuguese): only Kartenschule, Skat, Tichu and the kept terms of the language's glossary
  (``docs/glossary-<lang>.md``, section "Kept terms") may stay.

A language whose catalogue has not arrived yet is skipped, with that reason.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from webapp.core.i18n import DEFAULT_TRANSLATIONS

from .conftest import SCREENSHOTS
from .helpers import htmx_click
from .test_layout import PAGES, SEED_HAND, _answer_first_field, _goto, classroom  # noqa: F401 - classroom is a fixture

pytestmark = pytest.mark.e2e

SHOTS = SCREENSHOTS / "languages"
DOCS = Path(__file__).resolve().parents[2] / "docs"
#: The browser locale of each language (Brazilian usage for Portuguese, as the issue asks).
LOCALES = {"fr": "fr-FR", "es": "es-ES", "pt": "pt-BR"}


def catalogue(lang: str) -> gettext.GNUTranslations:
    """The compiled catalogue of ``lang``; the test is skipped while the language has none."""
    if not (DEFAULT_TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo").exists():
        pytest.skip(f"no compiled catalogue for {lang!r} yet (webapp/translations/{lang}/LC_MESSAGES/messages.mo)")
    return gettext.translation("messages", str(DEFAULT_TRANSLATIONS), languages=[lang])


def open_in(new_page, lang: str, **options) -> Page:
    return new_page(locale=LOCALES[lang], screenshot=False, **options)


def shoot(page: Page, lang: str, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{lang}-{name}.png"), full_page=True)


# --- one journey a language ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_child_learns_in_their_language(new_page, lang):
    """Skat value and its steps, a Tichu verdict, a quiz question and its feedback: all in the browser's language."""
    texts = catalogue(lang)
    page = open_in(new_page, lang, viewport={"width": 820, "height": 1180}, has_touch=True)

    page.goto("/skat")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    for card in SEED_HAND.split(","):
        button = page.locator(f"#card-{card}")
        button.scroll_into_view_if_needed()
        htmx_click(page, button)
        expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#skat-value")).to_have_text("36")
    factor = texts.gettext("Jack factor: %(run)s + 1 = %(factor)s.") % {"run": 2, "factor": 3}
    expect(page.locator("#skat-steps")).to_contain_text(factor)
    expect(page.locator("#skat-verdict")).to_contain_text(texts.gettext("Clubs"))
    shoot(page, lang, "skat-value")

    page.goto("/tichu?table=44499&play=77722")
    expect(page.locator("#tichu-verdict")).to_have_text(texts.gettext("Allowed"))
    expect(page.locator("#tichu-steps")).to_contain_text(texts.gettext("Full houses are compared by their triple."))
    shoot(page, lang, "tichu-verdict")

    page.goto("/quiz")
    expect(page.locator("#quiz-start")).to_have_text(texts.gettext("Start the quiz"))
    page.click("#quiz-start")
    expect(page.locator("#quiz-form")).to_be_visible()
    _answer_first_field(page, "#quiz-form")
    htmx_click(page, page.locator("#quiz-submit"))
    verdict = page.locator("#feedback-verdict")
    expect(verdict).to_have_text(re.compile("^(" + re.escape(texts.gettext("Right!")) + "|"
                                            + re.escape(texts.gettext("Not quite.")) + ")$"))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    shoot(page, lang, "quiz-feedback")


# --- no English word on any page -------------------------------------------------------------------

#: Common English words that are no words of French, Spanish or Portuguese (so "a", "me", "no", "son", "page",
#: "six", "second", "color", "dice", "suit", "clubs", "legal", "do", "has", "he", "ten", "score", "passes" and
#: such are left out).
ENGLISH = set("""
the and you your with without this that what which who why when where how there here have were been will would
could should can cannot not only also every each all some more most less than then now again back next first third
last new good well right wrong yes please try start play played player players game games card cards trick tricks
bid bids suits trump trumps jack jacks queen king ace aces spades hearts diamonds roll rolls keep kept teacher join
answer answers show hide hint check clear random pass value values step steps lesson lessons round rounds
turn team partner opponent opponents win wins won lost tie shared wish bomb phoenix dog single straight stairs kind
high highest low lowest best worst safe risky easy hard language settings deck colour four five three two one seven
eight nine is it its of to in at so if by my we they their them she his her our out up down over under about after
before because between both same other another any many much few just still yet already always never nothing
something everything result results allowed illegal wait save saved download send see look read write choose pick
click tap took get got give take made make may must need needs want like let go done class board sheet card
box dice house nickname learn rules
""".split())
#: The pages of the layout test, and the page of an address that leads nowhere (an old link, a typo).
SCANNED = [*PAGES, ("not-found", _goto("/quiz/no-such-run", 404))]
#: Allowed on every page in every language.
ALWAYS = {"kartenschule", "skat", "tichu"}
#: Words of the list that are words of the language itself, spelt the same (Spanish "dice": says).
HOMOGRAPHS = {"es": {"dice"}}


def kept_terms(lang: str) -> set[str]:
    """The kept terms of ``docs/glossary-<lang>.md``: the backticked items under its "Kept terms" heading."""
    glossary = DOCS / f"glossary-{lang}.md"
    if not glossary.exists():
        return set()
    text = glossary.read_text(encoding="utf-8")
    section = re.search(r"^##\s*Kept terms.*?$(.*?)(?=^## |\Z)", text, re.M | re.S)
    terms = re.findall(r"`([^`]+)`", section.group(1)) if section else []
    return {word.lower() for term in terms for word in re.findall(r"\w+", term)}


def english_words(page: Page, allowed: set[str]) -> set[str]:
    """English words in what the reader sees or hears: the text, and the labels and titles of the page.

    Random codes are no words (the quiz code ``C98MY4`` once failed this test with "my"): the text of elements
    marked ``translate="no"`` (the quiz and class codes) is left out, and so is any run of letters and digits
    that holds a digit."""
    shown = page.evaluate("""() => {
        const codes = Array.from(document.querySelectorAll('[translate="no"]')).map(e => e.innerText);
        let text = [document.title, document.body.innerText,
            ...Array.from(document.querySelectorAll('[aria-label],[title],[alt],[placeholder]'))
                .flatMap(e => ['aria-label', 'title', 'alt', 'placeholder'].map(a => e.getAttribute(a) || ''))].join(' ');
        for (const code of codes) { if (code.trim()) text = text.split(code).join(' '); }
        return text;
    }""")
    shown = re.sub(r"\S*/\S*", " ", shown)  # addresses (the join link on the projector) are no words
    words = {token.lower() for token in re.findall(r"[^\W_]+", shown) if not any(ch.isdigit() for ch in token)}
    return (words & ENGLISH) - allowed - ALWAYS


def test_the_scan_finds_an_english_word(new_page):
    """The check itself must be able to fail: the English start page is full of English words."""
    page = new_page(locale="en-US", screenshot=False)
    page.goto("/")
    assert {"learn", "the", "cards"} & english_words(page, set())


def test_the_scan_reads_no_word_in_a_random_code(new_page):
    """A code is no English, wherever it stands (a code of letters only is marked ``translate="no"``); the same
    letters in a sentence are."""
    page = new_page(locale="pt-BR", screenshot=False)
    page.goto("/")
    page.evaluate("""() => { document.title = 'Kartenschule'; document.body.innerHTML =
        '<p>Código: <strong translate="no">MYCARD</strong> C98MY4 <span title="T2HE">x</span></p>'; }""")
    assert english_words(page, set()) == set()
    page.evaluate("""() => document.body.insertAdjacentHTML('beforeend', '<p>my cards</p>')""")
    assert english_words(page, set()) == {"my", "cards"}


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize(("name", "reach"), SCANNED, ids=[p[0] for p in SCANNED])
def test_no_english_word_on_the_page(new_page, browser_errors, classroom, lang, name, reach):  # noqa: F811
    catalogue(lang)
    browser_errors.allow_status(400, 404)
    page = open_in(new_page, lang, viewport={"width": 820, "height": 1180}, has_touch=True)
    reach(page, classroom)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    found = english_words(page, kept_terms(lang) | HOMOGRAPHS.get(lang, set()))
    if found:
        shoot(page, lang, f"english-{name}")
    assert found == set(), f"English on {name} ({lang}): {sorted(found)}"
