""""Click" with a mouse, "Tap" on a touch screen (issue 33: pages said "Click" on tablets).

The server cannot know the screen, so a sentence that says how to choose is sent twice
(``templates/_macros.html`` ``by_pointer``: ``<span class="say-mouse">`` then ``<span class="say-touch">``) and
``static/css/app.css`` shows the touch one under ``@media (hover: none) and (pointer: coarse)``; an attribute
(an ``aria-label``) uses a verb that suits both. These tests read every page in every language: a click word
may only stand in a mouse sentence that has its touch sentence beside it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp.core.i18n import languages

#: "Click" in the five languages (English, German "klicken"/"Klick", French "cliquer"/"clic", Spanish "hacer clic",
#: Portuguese "clicar"/"clique").
CLICK = re.compile(r"\b(click|klick|cliqu|clic|clica)\w*", re.I)
#: A mouse sentence and the touch sentence right after it.
PAIR = re.compile(r'<span class="say-mouse">(.*?)</span><span class="say-touch">(.*?)</span>', re.S)
#: The pages a child reads (and the states that explain how to choose: an empty Skat hand, a Yahtzee roll).
PAGES = ["/", "/skat", "/skat?rules=official", "/skat/table", "/skat/score", "/tichu", "/tichu/trick", "/tichu/score",
         "/tichu/round", "/pokerface", "/pokerface/hands", "/pokerface/quiz", "/yahtzee", "/quiz", "/class"]
CSS = Path(__file__).resolve().parents[2] / "static/css/app.css"


def page_in(client, path: str, lang: str) -> str:
    client.set_cookie("lang", lang)
    response = client.get(path, follow_redirects=True)  # a new game redirects to its address
    assert response.status_code == 200, (path, response.status_code)
    return response.get_data(as_text=True)


def without_pairs(html: str) -> tuple[str, list[tuple[str, str]]]:
    """The page with its mouse/touch pairs taken out, and the pairs."""
    return PAIR.sub("", html), PAIR.findall(html)


def click_words_outside_pairs(html: str) -> list[str]:
    rest, pairs = without_pairs(html)
    found = [m.group(0) for m in CLICK.finditer(rest)]
    for mouse, touch in pairs:
        assert mouse.strip() and touch.strip(), (mouse, touch)
        found += [f"touch: {m.group(0)}" for m in CLICK.finditer(touch)]
    return found


@pytest.mark.parametrize("lang", languages())
def test_no_page_says_click_without_tap_beside_it(client, lang):
    """Every page, every language: "Click" only in a mouse sentence with its touch sentence beside it, never in
    the touch sentence, never in an attribute (a screen reader reads it on a tablet too)."""
    wrong = {}
    for path in PAGES:
        found = click_words_outside_pairs(page_in(client, path, lang))
        if found:
            wrong[path] = found
    # a game under way explains how to keep dice
    client.post("/yahtzee", data={"action": "roll"})
    found = click_words_outside_pairs(page_in(client, "/yahtzee", lang))
    if found:
        wrong["/yahtzee (rolled)"] = found
    assert wrong == {}


def test_the_pages_send_both_wordings(client):
    """The home page, the Skat trainer, Pokerface and a Yahtzee roll carry a mouse and a touch sentence; English says
    Click and Tap, German "Klicke" and "Tippe"."""
    client.post("/yahtzee", data={"action": "roll"})
    for path in ("/", "/skat", "/pokerface", "/yahtzee"):
        _, english = without_pairs(page_in(client, path, "en"))
        assert english, f"no mouse/touch pair on {path}"
        assert any(m.lstrip().lower().startswith(("click", "roll", "turn")) for m, _ in english), (path, english)
        assert all(re.search(r"\btap\b", t, re.I) for _, t in english), (path, english)
        _, german = without_pairs(page_in(client, path, "de"))
        assert all(re.search(r"\bTipp", t) for _, t in german), (path, german)
        assert all(re.search(r"\bKlick", m) for m, _ in german), (path, german)


def test_the_touch_sentence_shows_on_a_touch_screen_only():
    """The stylesheet hides the touch sentence by default and swaps the two on a coarse pointer without hover."""
    css = CSS.read_text(encoding="utf-8")
    assert re.search(r"\.say-touch\s*\{\s*display:\s*none;?\s*\}", css)
    assert ("@media (hover: none) and (pointer: coarse) { .say-mouse { display: none; } .say-touch { display: inline; } }"
            in css)


def test_no_english_page_says_tap_to_a_mouse(client):
    """The reverse: "tap" only in a touch sentence that has its mouse sentence beside it (a laptop's child reads
    "click"). Checked on the pages above and in the middle of a Skat game (the card play's prompt)."""
    from webapp.games.skat.bots import bot_move
    from webapp.games.skat.table import deal
    from webapp.games.skat.table_codes import action_code

    state, codes = deal(7, 1), []
    while state.to_act is not None and len(state.tricks) < 2:
        action = bot_move(state).action
        codes.append(action_code(action))
        state = state.apply(action)
    while state.to_act is not None and state.to_act.value != 0:  # on to the child's (forehand's) turn
        action = bot_move(state).action
        codes.append(action_code(action))
        state = state.apply(action)
    tap = re.compile(r"\btap(s|ped|ping)?\b", re.I)
    wrong = {}
    for path in PAGES + [f"/skat/table?seed=7&game=1&a={'.'.join(codes)}", "/words/skat", "/words/tichu"]:
        rest, _ = without_pairs(page_in(client, path, "en"))
        rest = re.sub(r"<!--.*?-->|\{#.*?#\}", "", rest, flags=re.S)
        found = [m.group(0) for m in tap.finditer(re.sub(r"<[^>]+>", " ", rest))]
        if found:
            wrong[path] = found
    assert wrong == {}
