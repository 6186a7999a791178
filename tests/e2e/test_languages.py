"""French, Spanish and Portuguese in a real browser (issue 17).

* One journey a language, as a child whose browser speaks it: the Skat value with its explanation, a Tichu
  verdict, a quiz question with its feedback. Screenshots in ``test-artifacts/screenshots/languages/``.
* Every page of the layout test is scanned for English words (``english.py``: a list of common English words
  that are no words of French, Spanish or Portuguese; only Kartenschule, Skat, Tichu and the kept terms of the
  language's glossary, ``docs/glossary-<lang>.md`` section "Kept terms", may stay) by the layout test itself, at
  the tablet, while it has the page open; here the scan's own tests and the page of an address that leads nowhere.

A language whose catalogue has not arrived yet is skipped, with that reason.
"""

from __future__ import annotations

import gettext
import re

import pytest
from playwright.sync_api import Page, expect

from webapp.core.i18n import DEFAULT_TRANSLATIONS

from .conftest import SCREENSHOTS
from .english import english_on, english_words
from .helpers import htmx_click
from .test_layout import SEED_HAND, _answer_first_field, _goto

pytestmark = pytest.mark.e2e

SHOTS = SCREENSHOTS / "languages"
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


# --- no English word on any page (the layout test scans the others) ----------------------------------

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
def test_no_english_word_on_the_page_of_an_address_that_leads_nowhere(new_page, browser_errors, lang):
    """An old link or a typo. Every other page is scanned by ``test_layout.py::test_page_fits_the_screen`` at the
    tablet in each language, while it has the page open."""
    catalogue(lang)
    browser_errors.allow_status(404)
    page = open_in(new_page, lang, viewport={"width": 820, "height": 1180}, has_touch=True)
    _goto("/quiz/no-such-run", 404)(page, {})
    expect(page.locator("html")).to_have_attribute("lang", lang)
    found = english_on(page, lang)
    if found:
        shoot(page, lang, "english-not-found")
    assert found == set(), f"English on the not-found page ({lang}): {sorted(found)}"
