"""A number before a noun takes the noun's plural form of the reader's language (issue 33: "1 sure tricks",
"1 sicheren Stichen"): each such sentence goes through the catalogues' plural forms (``NP_`` in the messages,
``ngettext`` in the templates), and no sentence says "1 points".

Source of the forms: CLDR plural rules as the locked Babel gives them (English and German: one is 1; French: one is
0 and 1; Spanish: one is 1; Portuguese: one is 0 and 1), see ``tests/web/test_languages.py``.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale
from flask_babel import ngettext as babel_ngettext

from test_messages import PLACEHOLDER, english_texts, sample_params
from webapp.catalogue import MESSAGES
from webapp.core.explain import render_step
from webapp.core.i18n import DEFAULT_TRANSLATIONS, languages
from webapp.core.steps import Step

#: The sentences that put a counted number before its noun, and the placeholder that counts (issue 33's list).
COUNTED = {
    "class.error.series_done": "count",
    "skat.official.level.schneider": "points",
    "skat.official.level.schneider_declarer": "points",
    "skat.official.points.lost": "points",
    "skat.table.bot.limit_risk": "strength",
    "skat.table.line.trick": "points",
    "skat.table.line.result": "tricks",
    "skat.table.line.card_points": "num",
    "skat.table.page.trick_trump": "points",
    "skat.table.page.trick_trump_you": "points",
    "skat.table.page.trick_suit": "points",
    "skat.table.page.trick_suit_you": "points",
    "skat.table.page.wrong.points": "points",
    "tichu.round.bot.no_grand": "strength",
    "tichu.round.bot.tichu": "losers",
    "tichu.score.last_hand": "points",
    "tichu.score.last_tricks": "points",
    "tichu.score.team_cards": "points",
    "tichu.trick.won": "points",
    "yahtzee.state.upper_missed": "upper",
}
#: The templates' counted sentences (``ngettext``; the count is ``num``).
TEMPLATE_COUNTED = [
    ("%(num)s point", "%(num)s points", {}),
    ("%(num)s card point", "%(num)s card points", {}),
    ("You are in place %(place)s with %(num)s point.", "You are in place %(place)s with %(num)s points.", {"place": 7}),
    ("Give it to player 2 (%(num)s card)", "Give it to player 2 (%(num)s cards)", {}),
    ("Give it to player 4 (%(num)s card)", "Give it to player 4 (%(num)s cards)", {}),
    ("%(player)s takes it: %(num)s point.", "%(player)s takes it: %(num)s points.", {"player": "Ana"}),
    ("The declarer took %(num)s card point (the skat included) and %(tricks)s of 10 tricks.",
     "The declarer took %(num)s card points (the skat included) and %(tricks)s of 10 tricks.", {"tricks": 7}),
]
#: Where a language's translation says the count without a noun, so its two forms read alike: German "eine Stärke
#: von 1", Portuguese "têm força 1" (no "Punkt", "ponto" to inflect).
SAME_FORMS = {("de", "tichu.round.bot.no_grand"), ("pt", "tichu.round.bot.no_grand")}


def po(lang: str):
    with (DEFAULT_TRANSLATIONS / lang / "LC_MESSAGES/messages.po").open("rb") as f:
        return read_po(f, locale=lang)


CATALOGUES = {lang: po(lang) for lang in languages() if (DEFAULT_TRANSLATIONS / lang).is_dir()}


def masked(text: str, *numbers: int) -> str:
    """The text with each of ``numbers`` written as N wherever it stands alone (the counts compared, and the same
    digits in the sentence's own text, "+ 1 for Schneider", alike in both): what is left is the wording."""
    alone = "|".join(str(n) for n in numbers)
    return re.sub(rf"(?<!\d)(?<!\d[.,])(?:{alone})(?!\d)(?![.,]\d)", "N", str(text))


def params_of(code: str, count_name: str, n: int) -> dict:
    names = set()
    for text in english_texts(MESSAGES[code]):
        names |= set(PLACEHOLDER.findall(text))
    params = sample_params(code, names, 7)  # every other number 7, never 0, 1 or 2
    params[count_name] = n
    return params


def forms_differ(lang: str, singular: str, plural: str, count_name: str) -> bool:
    """Whether the language's catalogue words the count's "one" and "other" forms differently."""
    if lang == "en":
        return singular != plural
    message = CATALOGUES[lang].get((singular, plural))
    one, other = message.string[0], message.string[-1]
    return one != other


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("code", sorted(COUNTED))
def test_a_counted_noun_is_singular_for_one_and_plural_for_two(app, code, lang):
    """Rendered with 1 and with 2 in every language: the wording differs wherever the language has two forms (every
    language here puts 1 and 2 in different plural categories), and 1 reads as the catalogue's singular."""
    entry = MESSAGES[code]
    assert isinstance(entry, tuple) and len(entry) == 3 and entry[2] == COUNTED[code], f"{code} is not counted by NP_"
    with app.test_request_context(), force_locale(lang):
        one = render_step(Step(code, **params_of(code, COUNTED[code], 1)), html=False)
        two = render_step(Step(code, **params_of(code, COUNTED[code], 2)), html=False)
    if (lang, code) in SAME_FORMS:
        assert masked(one, 1, 2) == masked(two, 1, 2)
        return
    assert forms_differ(lang, entry[0], entry[1], COUNTED[code]), f"{lang} words {code} alike for 1 and 2"
    assert masked(one, 1, 2) != masked(two, 1, 2), (one, two)


@pytest.mark.parametrize("code", sorted(COUNTED))
@pytest.mark.parametrize("lang", [lang for lang in ("fr", "pt") if lang in languages()])
def test_zero_is_singular_in_french_and_portuguese(app, code, lang):
    """CLDR: French and Portuguese "one" is i = 0,1: "0 point", "0 ponto" read like "1 point"."""
    if (lang, code) in SAME_FORMS:
        pytest.skip("the translation says the count without a noun")
    with app.test_request_context(), force_locale(lang):
        zero = render_step(Step(code, **params_of(code, COUNTED[code], 0)), html=False)
        one = render_step(Step(code, **params_of(code, COUNTED[code], 1)), html=False)
    assert masked(zero, 0, 1) == masked(one, 0, 1)


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize(("singular", "plural", "extra"), TEMPLATE_COUNTED)
def test_the_templates_counted_nouns_take_the_plural_form(app, singular, plural, extra, lang):
    """The templates' ngettext sentences (the Skat table's points, the classroom's places and points, the Tichu
    round's Dragon gift and trick line, the Skat result) with 1 and 2, in every language."""
    with app.test_request_context(), force_locale(lang):
        one = babel_ngettext(singular, plural, 1, **extra)
        two = babel_ngettext(singular, plural, 2, **extra)
    assert "%(" not in one + two
    assert masked(one, 1, 2) != masked(two, 1, 2), (one, two)


#: English and German plural nouns that a count may stand before.
PLURAL_NOUN = {
    "en": re.compile(r"(?<![Pp]layer )(?<![Pp]layers )(?<!and )\b1 (?:(?!and |of |to )[a-z]+ )?"
                     r"(points|tricks|trumps|cards|questions|seconds|minutes|games|ones|bonuses|characters|moves"
                     r"|dice|children|answers|jacks|bytes|rolls)\b"),
    "de": re.compile(r"(?<!Spieler )\b1 (?:(?!und |von |bis )\w+ )?(Augen|Stichen|Stiche|Punkte|Punkten|Karten|Trümpfe|Fragen"
                     r"|Sekunden|Minuten|Spiele|Spielzüge|Würfe|Kinder|Zeichen)\b"),
}
#: Sentences whose number is never 1 (so they keep one form), and why.
NEVER_ONE = {
    # a fixed number from the rules or a setting
    "skat.error.count": "a Skat hand has 10 (12 with the skat) cards",
    "skat.quiz.error.count": "a question asks for 1 to several cards",
    "skat.score.error.full": "the score sheet's limit",
    "skat.score.error.too_long": "the form's limit of characters (score_views.FIELD_CHARS)",
    "tichu.error.too_long": "a Tichu hand's 14 cards", "tichu.error.too_long_text": "a Tichu hand's 14 cards",
    "tichu.round.page.too_many": "the address's limit of moves",
    "yahtzee.error.count": "five dice", "yahtzee.contest.too_long": "the line limit in bytes",
    "poker.contest.too_long": "the line limit in bytes", "class.error.nickname_long": "the nickname setting",
    "class.error.full": "the class size setting", "poker.error.count": "a poker hand's 5 (or 7) cards",
    "tichu.score.double_victory": "200 points", "tichu.trick.dragon_gift": "the Dragon's trick holds 25 points or more",
    "yahtzee.bonus.yahtzee_now": "100 bonus points", "yahtzee.score.fixed": "25, 30, 40 or 50 points",
    "yahtzee.score.joker_full": "25, 30 or 40 points", "yahtzee.score.sum": "five dice sum to 5 or more",
    "yahtzee.state.upper_done": "63 or more",
    "skat.duplicate.error.count": "a round's most deals, duplicate.MAX_DEALS (8)",
    "skat.duplicate.score.declarer_won": "Seeger-Fabian: a won game's score + 50, at least 68",
    "skat.duplicate.score.declarer_lost": "Seeger-Fabian: a lost game's score - 50, at most -86",
    "skat.duplicate.score.defender_won": "Seeger-Fabian: 40 for each defender of a lost game",
    "skat.duplicate.score.defender_lost": "Seeger-Fabian: 0 for the defenders of a won game",
    # bounded by the situation
    "skat.coach.rule.suit": "6 trumps or more", "skat.coach.rule.no_suit": "10 cards give some suit 3 trumps or more",
    "skat.pass.few_trumps": "10 cards give some suit 3 trumps or more",
    "skat.trump.tie": "10 cards give some suit 3 trumps or more",
    "skat.official.announce_failed.schneider": "more than 30 card points", "skat.official.points.won": "61 or more",
    "skat.table.bot.hand": "a bot plays hand with many trumps",
    "skat.table.bot.limit_risk": "5 trumps or more (bots.RISK_TRUMPS); the sure tricks are counted by NP_",
    "tichu.reason.flush_longer": "a straight-flush bomb has 5 cards or more",
    "tichu.reason.flush_shorter": "a straight-flush bomb has 5 cards or more",
    "tichu.round.bot.grand": "at least round_bots.GRAND_LIMIT (7) points of strength",
    "tichu.round.bot.tichu": "strong plays exceed weak ones by round_bots.TICHU_MARGIN (2); the weak ones by NP_",
    "skat.analysis.deal.points_won": "card points are never 1 (the smallest card that counts, a jack, has 2)",
    "skat.analysis.deal.points_lost": "card points are never 1 (the smallest card that counts, a jack, has 2)",
    "skat.quiz.points.total": "card points are never 1 (the smallest card that counts, a jack, has 2)",
    "skat.quiz.result.won": "card points are never 1 (the smallest card that counts, a jack, has 2)",
    "skat.quiz.result.lost": "card points are never 1 (the smallest card that counts, a jack, has 2)",
    "skat.quiz.schneider.declarer": "card points are never 1 (the smallest card that counts, a jack, has 2)",
    "skat.quiz.schneider.defenders": "card points are never 1 (the smallest card that counts, a jack, has 2)",
    "skat.quiz.schneider.none": "card points are never 1 (the smallest card that counts, a jack, has 2)",
    "skat.analysis.error.too_many": "the table's limit of moves",
    "skat.table.cheer.well.points": "a won game has 61 card points or more",
    "skat.table.cheer.well.schneider": "Schneider is 90 card points or more",
    "skat.table.cheer.defence.well_points": "a won defence has 60 card points or more",
    "skat.table.cheer.defence.tip_schneider": "the number is 31; partner and name are names",
    "yahtzee.end.good.strong": "a strong game has ending.STRONG_SCORE (200) points or more",
    "yahtzee.end.good.upper_bonus": "the upper bonus is 35",
    "tichu.round.end.trick_points": "Tichu's card points come in fives (5, 10, K, Dragon 25, Phoenix -25)",
    "tichu.round.side.cards_ours": "Tichu's card points come in fives (5, 10, K, Dragon 25, Phoenix -25)",
    "tichu.round.side.cards_theirs": "Tichu's card points come in fives (5, 10, K, Dragon 25, Phoenix -25)",
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_sentence_puts_one_before_a_plural_noun(app, lang):
    """Every message rendered with its numbers 1: none reads "1 points" / "1 Punkte", unless its number is never 1
    (:data:`NEVER_ONE`). Reproduces "1 sure tricks" and "1 sicheren Stichen" before the sentences took NP_."""
    wrong = []
    with app.test_request_context(), force_locale(lang):
        for code in sorted(MESSAGES):
            if code in NEVER_ONE:
                continue
            names = set()
            for text in english_texts(MESSAGES[code]):
                names |= set(PLACEHOLDER.findall(text))
            text = render_step(Step(code, **sample_params(code, names, 1)), html=False)
            found = PLURAL_NOUN[lang].search(text)
            if found:
                wrong.append((code, found.group(0)))
    assert wrong == [], "; ".join(f"{code}: {text}" for code, text in wrong)
