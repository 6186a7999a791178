"""The scan for English words left on a French, Spanish or Portuguese page (issue 17).

Used by the layout test, which scans every page at the tablet in these languages while it has the page open
(one page load for the layout, axe and this scan: issue 31), and by ``test_languages.py`` (the scan's own tests and
the page of an address that leads nowhere).
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

DOCS = Path(__file__).resolve().parents[2] / "docs"

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


def english_on(page: Page, lang: str) -> set[str]:
    """The English words on ``page`` in language ``lang``, less its glossary's kept terms and its homographs."""
    return english_words(page, kept_terms(lang) | HOMOGRAPHS.get(lang, set()))
