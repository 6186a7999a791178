"""Every explanation code renders in every language, and every language's catalog is complete."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.core import explain
from webapp.core.explain import card_name, decimal, is_card, render_step
from webapp.core.kept import SharedRender
from webapp.catalogue import LABELS, MESSAGES, TEXTS
from webapp.core.i18n import DEFAULT_TRANSLATIONS, SOURCE_LANGUAGE, languages
from webapp.games.skat.messages import SKAT_CARD_NAME, SKAT_RANK_LETTERS
from webapp.games.tichu.messages import TICHU_CARD_NAMES, TICHU_SUIT_FACES, TICHU_SUITED_NAME
from webapp.games.pokerface import rules as pokerface
from webapp.games.skat import rules as skat
from webapp.games.skat import official as skat_official
from webapp.games.skat import coach as skat_coach
from webapp.games.tichu import rules as tichu
from webapp.games.tichu import trick as tichu_round
from webapp.core.steps import Step

PLACEHOLDER = re.compile(r"%\((\w+)\)s")
PO = Path(__file__).resolve().parents[2] / "webapp/translations/de/LC_MESSAGES/messages.po"


def english_texts(entry):
    """The English text(s) of an entry: a text, an NP_ triple (singular, plural, count) or an NC_ pair (context, text)."""
    if isinstance(entry, tuple):
        return entry[:2] if len(entry) == 3 else entry[1:]
    return (entry,)


def catalog_entry(catalog, entry):
    """The catalog's message for an entry, looked up with its context for NC_ pairs."""
    if isinstance(entry, tuple) and len(entry) == 2:
        return catalog.get(entry[1], context=entry[0])
    return catalog.get(entry[:2] if isinstance(entry, tuple) else entry)


@pytest.fixture(scope="module")
def catalog():
    with PO.open("rb") as f:
        return read_po(f, locale="de")


def all_texts():
    for entry in MESSAGES.values():
        yield entry
    yield from LABELS.values()
    yield from TICHU_CARD_NAMES.values()
    yield SKAT_CARD_NAME
    yield TICHU_SUITED_NAME
    yield from TICHU_SUIT_FACES.values()


@pytest.mark.parametrize("lang", [code for code in languages() if code != SOURCE_LANGUAGE])
def test_every_language_translates_every_text_of_the_catalogue(lang):
    """Each catalogue found (a language is its .po file) translates every sentence, label and card text, not fuzzy."""
    with (DEFAULT_TRANSLATIONS / lang / "LC_MESSAGES/messages.po").open("rb") as f:
        po = read_po(f, locale=lang)
    missing = []
    for entry in [*all_texts(), *TEXTS]:
        message = catalog_entry(po, entry)
        strings = () if message is None else (message.string if isinstance(message.string, tuple) else (message.string,))
        if message is None or not all(strings) or message.fuzzy:
            missing.append(entry)
    assert missing == []


@pytest.mark.parametrize("lang", [code for code in languages() if code != SOURCE_LANGUAGE])
def test_every_text_has_a_translation_with_the_same_placeholders(lang):
    """Every language (German first, French, and each catalogue that arrives): no text missing or fuzzy, and no
    translation using a placeholder the English text does not give (that would be a KeyError on the page)."""
    with (DEFAULT_TRANSLATIONS / lang / "LC_MESSAGES/messages.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    missing = []
    for entry in all_texts():
        msgid = entry
        message = catalog_entry(catalog, entry)
        strings = () if message is None else (message.string if isinstance(message.string, tuple) else (message.string,))
        if message is None or not all(strings) or message.fuzzy:
            missing.append(msgid)
            continue
        wanted = set(PLACEHOLDER.findall(english_texts(entry)[-1]))
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) <= wanted | set(PLACEHOLDER.findall(english_texts(entry)[0])), text
    assert missing == []


def sample_params(code: str, names: set[str], count: int) -> dict:
    """Parameters of the right kind for a code's placeholders: the game's cards and suits, a decimal for the
    Yahtzee coach's expectations, ``count`` for the number that chooses the plural form, small integers else."""
    game = code.split(".")[0]
    card = {"skat": skat.parse_card("JC"), "tichu": tichu.parse_card("P"),
            "poker": pokerface.parse_card("SA")}.get(game)
    params: dict = {}
    for name in names:
        if name == "card" and card is not None:
            params[name] = card
        elif name == "cards" and card is not None:
            params[name] = (card,) if game != "skat" else (card, skat.parse_card("0H"))
        elif name == "suit" and game == "skat":
            params[name] = skat.Suit.HEARTS
        elif name in ("value", "margin") and code.startswith("yahtzee.coach"):
            params[name] = 254.59
        else:
            params[name] = count
    return params


@pytest.mark.parametrize("count", [1, 2])
@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_code_renders(module_app, code, lang, count):
    """Every explanation code, in every language, singular and plural, with parameters of the right kind: cards
    come out as the language's card names, decimals in the language's form, no placeholder is left."""
    names = set()
    for text in english_texts(MESSAGES[code]):
        names |= set(PLACEHOLDER.findall(text))
    params = sample_params(code, names, count)
    step = Step(code, **params)
    with module_app.test_request_context(), force_locale(lang):
        html, text = render_step(step), render_step(step, html=False)
        expected = [card_name(v) for v in params.values() if is_card(v)]
        expected += [decimal(v) for v in params.values() if isinstance(v, float)]
    assert "%(" not in text and "%(" not in str(html)
    assert text.strip()
    for part in expected:
        assert part in text, (part, text)
    if lang != "en":
        assert "254.6" not in text


def test_tichu_codes_match_the_messages():
    """The engines list their codes with their parameters; each has a sentence using exactly those."""
    for code, params in {**tichu.CODES, **tichu_round.CODES}.items():
        assert code in MESSAGES, code
        used = set()
        for text in english_texts(MESSAGES[code]):
            used |= set(PLACEHOLDER.findall(text))
        assert used <= set(params), code


hands = st.lists(st.sampled_from(skat.DECK), min_size=10, max_size=10, unique=True)


@pytest.fixture(scope="module")
def module_app():
    from webapp import create_app

    return create_app({"TESTING": True, "SECRET_KEY": "test"})


@settings(max_examples=examples(60), deadline=None)
@given(hand=hands)
def test_every_skat_step_renders_in_german_with_card_names(module_app, hand):
    result = skat.family_game_value(hand)
    with module_app.test_request_context(), force_locale("de"):
        for step in result.steps:
            text = render_step(step, html=False)
            assert "%(" not in text
            for suit in (skat.Suit.CLUBS, skat.Suit.HEARTS):
                assert suit.name.capitalize() not in text  # "Clubs" must have become "Kreuz"


def test_a_step_is_rendered_once_per_language_and_form(app, monkeypatch):
    """A step's sentence is kept once rendered (explain.render_step): thirty tablets shown the same explanation
    translate and format it once. Each language and each form (HTML, text) is its own sentence."""
    made = []
    render = explain._render_step
    monkeypatch.setattr(explain, "_render_step", lambda step, html: made.append((step, html)) or render(step, html))
    with app.test_request_context():
        with force_locale("de"):
            first = render_step(Step("web.error.language", token="xx"))
            again = render_step(Step("web.error.language", token="xx"))
            text = render_step(Step("web.error.language", token="xx"), html=False)
        with force_locale("en"):
            english = render_step(Step("web.error.language", token="xx"))
    assert again is first and len(made) == 3
    assert "Sprache" in first and "language" in english
    assert str(text) == str(first)  # nothing to escape in it: the two forms read the same


def test_steps_equal_in_python_but_printed_differently_are_kept_apart(app):
    """1 == 1.0 == True, so a step with the parameter 1 equals one with 1.0; but a decimal is printed with its
    decimal digit ("1,0" in German), and the kept sentence of the one must not answer for the other."""
    from webapp.games.pokerface.cards import Rank

    values = (1, True, 1.0, 1, Rank.JACK, 11, [1])  # an IntEnum member equals its number; a list is not hashable
    with app.test_request_context(), force_locale("de"):
        texts = [render_step(Step("web.error.language", token=value), html=False) for value in values]
    assert "„1“" in texts[0] and "„True“" in texts[1] and "„1,0“" in texts[2] and texts[3] == texts[0]
    assert "„Bube“" in texts[4] and "„11“" in texts[5] and "„[1]“" in texts[6]


def test_the_kept_sentences_are_bounded(app, monkeypatch):
    """At most RENDERED_MAX sentences are kept; past that the least recently used goes (a class's answers cannot
    grow the store without end)."""
    monkeypatch.setitem(app.extensions, explain._RENDERED, SharedRender(3))
    with app.test_request_context(), force_locale("en"):
        texts = [render_step(Step("web.error.language", token=str(n)), html=False) for n in range(7)]
        assert render_step(Step("web.error.language", token="6"), html=False) is texts[6]
    assert [f"“{n}”" in text for n, text in enumerate(texts)] == [True] * 7
    assert 1 <= len(app.extensions[explain._RENDERED]) <= 3


def test_card_letters_are_translated(catalog):
    """German French-suited Skat decks print B (Bube) and D (Dame) where English ones print J and Q."""
    letters = {text: catalog.get(text, context=ctx).string for ctx, text in SKAT_RANK_LETTERS.values()}
    assert letters == {"A": "A", "K": "K", "Q": "D", "J": "B"}


def test_card_names(app):
    with app.test_request_context():
        from webapp.core.explain import card_name

        with force_locale("de"):
            assert card_name(skat.parse_card("JC")) == "Kreuz-Bube"
            assert card_name(skat.parse_card("0h")) == "Herz-Zehn"
            assert card_name(tichu.parse_card("P")) == "Phönix"
            assert card_name(tichu.parse_card("Ar")) == "Stern-Ass"
            assert card_name(tichu.parse_card("7g")) == "Jade-7"
        with force_locale("en"):
            assert card_name(skat.parse_card("AD")) == "Ace of Diamonds"
            assert card_name(tichu.parse_card("R")) == "Dragon"
            assert card_name(tichu.parse_card("Ar")) == "Ace of Stars"
            assert card_name(tichu.parse_card("Kk")) == "King of Swords"


@settings(max_examples=examples(40), deadline=None)
@given(cards=st.lists(st.sampled_from(skat.DECK), min_size=12, max_size=12, unique=True),
       game=st.sampled_from(list(skat_official.GameType)), hand=st.booleans(), ouvert=st.booleans(),
       tricks=st.integers(1, 9), points=st.integers(2, 118))
def test_every_official_step_renders_in_german(module_app, cards, game, hand, ouvert, tricks, points):
    declaration, implied = skat_official.declare(game, hand=hand, ouvert=ouvert)
    result = skat_official.score_game(cards[:10], cards[10:], declaration,
                                      skat_official.Outcome(points, tricks), implied=implied)
    coach = skat_coach.bidding_coach(cards[:10])
    with module_app.test_request_context(), force_locale("de"):
        for step in result.steps + coach.steps + tuple(s for g in coach.games for s in g.steps):
            text = render_step(step, html=False)
            assert "%(" not in text
            assert not any(word in text for word in ("Clubs", "Spades", "Hearts", "Diamonds", " with ", " without "))


poker_hands = st.lists(st.sampled_from(pokerface.DECK), min_size=10, max_size=10, unique=True)


@settings(max_examples=examples(60), deadline=None)
@given(cards=poker_hands)
def test_every_poker_showdown_step_renders_in_german(module_app, cards):
    """Rank names (singular and plural) and hand kinds come out German: no English name leaks through."""
    result = pokerface.showdown(["A", "B"], [cards[:5], cards[5:]])
    english = {"Aces", "Kings", "Queens", "Jacks", "Sixes", "Twos", "Ace", "King", "Queen", "Jack", "Six", "Two",
               "pair", "flush:", "kickers", "kicker", "high card", "straight"}
    with module_app.test_request_context(), force_locale("de"):
        for step in result.steps:
            text = render_step(step, html=False)
            assert "%(" not in text
            words = set(text.replace(",", " ").replace(".", " ").split())
            assert not words & english, text


def test_every_poker_hand_step_has_its_sentence_with_exactly_its_placeholders():
    """All 7,462 classes: the step's parameters are the sentence's placeholders, no more, no less."""
    for rank in range(1, pokerface.CLASS_COUNT + 1):
        step = pokerface.hand_step(rank)
        assert step.code in MESSAGES, step.code
        assert set(PLACEHOLDER.findall(MESSAGES[step.code])) == set(step.as_dict()), step
