"""The Skat table quiz kinds in a real browser, on a tablet and a phone, with and without JavaScript.

"Which cards may you play?": the child taps every playable card of the hand (check boxes drawn as cards);
"Who wins this trick?": the child taps one of the three cards. Each kind is answered wrong, then right; the
right answer is worked out here from what the page shows, by the follow-suit rule of ISkO 2.3 (the jacks as
trumps, none in Null) written out below, not by the app. A classroom child answers on a phone.
Screenshots go to ``test-artifacts/screenshots/skat-quiz/``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .accessibility import assert_accessible
from .conftest import SCREENSHOTS, TABLET
from .helpers import assert_layout, htmx_click

pytestmark = pytest.mark.e2e

SHOTS = SCREENSHOTS / "skat-quiz"
PHONE = {"width": 390, "height": 844}
LIVE = 10_000  # the child's panel polls every 2 s; a busy machine may take a few seconds more

#: What the page says, by language: card names ("Jack of Clubs", "Kreuz-Bube") and game names.
WORDS = {
    "en": {"ranks": {"Ace": "A", "Ten": "0", "King": "K", "Queen": "Q", "Jack": "J", "Nine": "9", "Eight": "8",
                     "Seven": "7"},
           "suits": {"Clubs": "C", "Spades": "S", "Hearts": "H", "Diamonds": "D"},
           "games": {"Clubs": "clubs", "Spades": "spades", "Hearts": "hearts", "Diamonds": "diamonds",
                     "Grand": "grand", "Null": "null"},
           "question": "Question 1 of 2", "right": "Right!", "wrong": "Not quite."},
    "de": {"ranks": {"Ass": "A", "Zehn": "0", "König": "K", "Dame": "Q", "Bube": "J", "Neun": "9", "Acht": "8",
                     "Sieben": "7"},
           "suits": {"Kreuz": "C", "Pik": "S", "Herz": "H", "Karo": "D"},
           "games": {"Kreuz": "clubs", "Pik": "spades", "Herz": "hearts", "Karo": "diamonds", "Grand": "grand",
                     "Null": "null"},
           "question": "Frage 1 von 2", "right": "Richtig!", "wrong": "Nicht ganz."},
}


# --- ISkO 2.3, written out for these tests ----------------------------------------------------
def trumps(game: str) -> list[str]:
    """JC JS JH JD, then A 10 K Q 9 8 7 of the trump suit; Grand: the jacks; Null: none."""
    if game == "null":
        return []
    jacks = ["JC", "JS", "JH", "JD"]
    suit = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}.get(game)
    return jacks + ([rank + suit for rank in "A0KQ987"] if suit else [])


def counts_as(card: str, game: str) -> str:
    return "trump" if card in trumps(game) else card[1]


def playable(hand: list[str], led: str, game: str) -> list[str]:
    """The cards that count as the led card does; none: every card."""
    same = [card for card in hand if counts_as(card, game) == counts_as(led, game)]
    return same or hand


def winner(trick: list[str], game: str) -> str:
    plain = "AKQJ0987" if game == "null" else "A0KQ987"
    order = trumps(game)
    if counts_as(trick[0], game) != "trump":
        order = order + [rank + trick[0][1] for rank in plain if rank + trick[0][1] not in order]
    return min((card for card in trick if card in order), key=order.index)


# --- reading the question from the page -------------------------------------------------------
def card_code(name: str, lang: str) -> str:
    words = WORDS[lang]
    if lang == "de":
        suit, rank = name.split("-")
    else:
        rank, suit = name.split(" of ")
    return words["ranks"][rank] + words["suits"][suit]


def read_question(page: Page, lang: str, field: str) -> tuple[str, list[str], list[str]]:
    """The game, the cards on the table (from their pictures) and the answer buttons' cards (their values)."""
    caption = page.locator(".q-group figcaption").first.inner_text()
    game = WORDS[lang]["games"][caption.rsplit(": ", 1)[1].strip()]
    names = page.locator(".q-group:not(.q-group-answer) .q-card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    buttons = page.locator(f"input[name='{field}']").evaluate_all("els => els.map(e => e.value)")
    return game, [card_code(name, lang) for name in names], buttons


def tap_cards(page: Page, field: str, cards: list[str]) -> None:
    for card in cards:
        page.locator(f"label.q-choice-card:has(input[name='{field}'][value='{card}'])").tap()
        expect(page.locator(f"input[name='{field}'][value='{card}']")).to_be_checked()


def answer(page: Page, kind: str, lang: str, right: bool) -> None:
    """Tap the right cards, or a wrong choice, for the question on the page."""
    if kind == "skat_legal":
        game, table, hand = read_question(page, lang, "cards")
        good = playable(hand, table[0], game)
        cards = good if right else (hand if len(good) < len(hand) else hand[:1])
        tap_cards(page, "cards", cards)
    else:
        game, _, trick = read_question(page, lang, "winner")
        best = winner(trick, game)
        tap_cards(page, "winner", [best if right else next(c for c in trick if c != best)])


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("kind", ["skat_legal", "skat_trick"])
@pytest.mark.parametrize(("device", "viewport", "lang", "locale"), [("tablet", TABLET, "en", "en-US"),
                                                                     ("phone", PHONE, "de", "de-DE")])
def test_a_quiz_answered_wrong_then_right(new_page, kind, device, viewport, lang, locale):
    page: Page = new_page(locale=locale, viewport=viewport, has_touch=True, is_mobile=device == "phone",
                          screenshot=False)
    page.goto("/quiz")
    page.locator(f"input[name='kind'][value='{kind}']").check()
    page.locator("input[name='difficulty'][value='hard']").check()
    page.fill("#quiz-count", "2")
    page.click("#quiz-start")
    expect(page.locator(".quiz-progress")).to_have_text(WORDS[lang]["question"])
    # the hand (or the trick) is drawn once: as the answer buttons; its picture group waits for the feedback
    expect(page.locator(".q-group-answer")).to_be_hidden()
    expect(page.locator("label.q-choice-card").first).to_be_visible()
    assert_layout(page, touch=True, what=f"{kind} question on a {device}")
    assert_accessible(page, f"{kind} question ({device})")

    answer(page, kind, lang, right=False)
    shot(page, f"{kind}-{device}-1-picked")
    htmx_click(page, page.locator("#quiz-submit"))
    expect(page.locator("#feedback-verdict")).to_contain_text(WORDS[lang]["wrong"])
    expect(page.locator("#feedback-steps li.step-wrong")).to_have_count(1)
    expect(page.locator(".q-group-answer")).to_be_visible()  # the feedback shows the cards again
    assert_layout(page, touch=True, what=f"{kind} feedback on a {device}")
    shot(page, f"{kind}-{device}-2-wrong")

    htmx_click(page, page.locator("#quiz-next"))
    answer(page, kind, lang, right=True)
    htmx_click(page, page.locator("#quiz-submit"))
    expect(page.locator("#feedback-verdict")).to_contain_text(WORDS[lang]["right"])
    shot(page, f"{kind}-{device}-3-right")
    assert_accessible(page, f"{kind} feedback ({device})")


def test_which_cards_may_you_play_without_javascript(new_page):
    """The check boxes post as a plain form; the answer is redirected to its feedback."""
    page: Page = new_page(viewport=PHONE, has_touch=True, java_script_enabled=False, screenshot=False)
    page.goto("/quiz")
    page.locator("input[name='kind'][value='skat_legal']").check()
    page.fill("#quiz-count", "2")
    page.click("#quiz-start")
    expect(page.locator(".q-group-answer")).to_be_hidden()
    answer(page, "skat_legal", "en", right=True)
    page.click("#quiz-submit")
    expect(page.locator("#feedback-verdict")).to_contain_text("Right!")
    assert page.url.split("#")[0].endswith("/0")  # the redirect lands at the quiz area (#quiz-area)
    shot(page, "skat_legal-no-javascript-right")


def test_a_class_child_picks_cards_on_a_phone(new_page):
    teacher = new_page(screenshot=False)
    teacher.goto("/class")
    teacher.locator("#class-new-form input[name='kind'][value='skat_legal']").check()
    teacher.click("#class-new")
    code = teacher.locator("#join-code").inner_text().strip()
    child = new_page(viewport=PHONE, has_touch=True, is_mobile=True, screenshot=False)
    child.goto(f"/class/{code}")
    child.fill("#class-nickname", "Mia")
    child.click("#class-join")
    expect(child.locator("#child-wait")).to_be_visible()
    teacher.click("#do-ask")
    expect(child.locator("#child-form")).to_be_visible(timeout=LIVE)
    expect(child.locator(".q-group-answer")).to_be_hidden()
    assert_layout(child, touch=True, what="class question on a phone")
    answer(child, "skat_legal", "en", right=True)
    shot(child, "skat_legal-class-phone-1-picked")
    child.click("#child-submit")
    expect(child.locator("#child-saved")).to_be_visible()
    expect(teacher.locator("#live-count")).to_contain_text("1 of 1 child answered", timeout=LIVE)
    teacher.click("#do-close")
    expect(teacher.locator("#round-answer")).to_be_visible()
    expect(teacher.locator(".q-group-answer .q-card").first).to_be_visible()  # the projector shows the hand
    shot(teacher, "skat_legal-class-projector")
    expect(child.locator("#feedback-verdict")).to_contain_text("Right!", timeout=LIVE)
    shot(child, "skat_legal-class-phone-2-right")
