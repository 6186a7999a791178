"""The Skat table quiz kinds: "Which cards may you play?" and "Who wins this trick?".

Expected answers are worked out by hand from the International Skat Order (ISkO 2.3: following suit, the four
jacks as trumps in a suit game and in a Grand, none in Null; the trick winner; ISkO 1.2.2: card points
A 11, 10 10, K 4, Q 3, J 2), or come from an independent brute force written here, never from the kinds.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from webapp import quiz
from webapp.core.quizkind import AnswerError
from webapp.core.steps import NotationError, RuleInputError
from webapp.games.skat import quiz_legal, quiz_trick
from webapp.games.skat.official import GameType
from webapp.games.skat.rules import DECK, parse_cards
from webapp.quiz import kinds
from webapp.quiz.service import Asked

NAMES = [str(c) for c in DECK]
SUIT_OF_GAME = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}


# --- an independent brute force of ISkO 2.3 ---------------------------------------------------
def trumps_of(game: str) -> list[str]:
    """ISkO 2.3: JC JS JH JD, then A 10 K Q 9 8 7 of the trump suit; Grand: the jacks; Null: none."""
    if game == "null":
        return []
    jacks = ["JC", "JS", "JH", "JD"]
    if game == "grand":
        return jacks
    return jacks + [rank + SUIT_OF_GAME[game] for rank in "A0KQ987"]


def asks_for(card: str, game: str) -> str:
    """What a card counts as for following suit: "trump", or its printed suit letter."""
    return "trump" if card in trumps_of(game) else card[1]


def brute_legal(hand: list[str], trick: list[str], game: str) -> set[str]:
    """ISkO 2.3: the cards that count as the led card does; none of them: every card."""
    same = {card for card in hand if asks_for(card, game) == asks_for(trick[0], game)}
    return same or set(hand)


def brute_winner(trick: list[str], game: str) -> str:
    """ISkO 2.3: the first card in one list from the highest down (the trumps, then the led suit) wins."""
    plain = "AKQJ0987" if game == "null" else "A0KQ987"
    order = trumps_of(game)
    if asks_for(trick[0], game) != "trump":
        order = order + [rank + trick[0][1] for rank in plain if rank + trick[0][1] not in order]
    return min((card for card in trick if card in order), key=order.index)


def answer_of(codes: str) -> dict:
    return {"cards": codes.split()}


# --- which cards may you play? ---------------------------------------------------------------
LEGAL_EXAMPLES = [
    # Hearts game, 9H led: trump. JH is a trump too (a jack), KH a trump; AS and 7D do not follow (ISkO 2.3).
    ("hearts", "9H", "JH AS KH 7D", "JH KH"),
    # Clubs game, AS led: JS is a trump, not a spade; only KS follows spades (ISkO 2.3).
    ("clubs", "AS", "JS KS 7H", "KS"),
    # Grand, JH led: only jacks are trumps; no jack in the hand, so every card (ISkO 2.3).
    ("grand", "JH", "AC KH 7S", "AC KH 7S"),
    # Grand, 9S led: JS is a trump (Grand), so only 8S follows spades (ISkO 2.3).
    ("grand", "9S", "JS 8S AH", "8S"),
    # Null, 9S led: no trumps, JS is a spade and follows; AH does not (ISkO 2.3).
    ("null", "9S", "JS AH", "JS"),
    # Null, JD led: it asks for diamonds, not for jacks: AD follows, JC does not (ISkO 2.3).
    ("null", "JD", "AD JC 7H", "AD"),
    # Spades game, 7H led then JC trumped: only the led card counts, AH must follow hearts (ISkO 2.3).
    ("spades", "7H JC", "AH JS 8S", "AH"),
    # Diamonds game, AD led: trump; JC is a trump and must be played (ISkO 2.3).
    ("diamonds", "AD", "JC 7H KS", "JC"),
    # Diamonds game, 7C led, the hand holds no club (JC is a trump): any card (ISkO 2.3).
    ("diamonds", "7C", "JC 7H KS", "JC 7H KS"),
]


def legal_question(game: str, trick: str, hand: str) -> dict:
    return {"game": game, "trick": trick.split(), "hand": hand.split()}


@pytest.mark.parametrize("game, trick, hand, playable", LEGAL_EXAMPLES)
def test_which_cards_may_be_played_hand_worked(game, trick, hand, playable):
    question = legal_question(game, trick, hand)
    assert set(quiz_legal.solve(question)["cards"]) == set(playable.split())
    assert quiz_legal.check(question, answer_of(playable)).correct
    # the same cards in another order are the same answer
    assert quiz_legal.check(question, answer_of(" ".join(reversed(playable.split())))).correct


def codes_of(checked) -> list[str]:
    return [step.code for step in checked.steps]


def test_a_jack_picked_on_a_plain_suit_marks_the_jacks_step():
    """Clubs game, AS led: JS is a trump, it does not follow spades (ISkO 2.3) - the beginners' mistake."""
    question = legal_question("clubs", "AS", "JS KS 7H")
    checked = quiz_legal.check(question, answer_of("JS KS"))
    assert not checked.correct and checked.expected == {"cards": ["KS"]}
    assert checked.steps[checked.wrong_step].code == "skat.quiz.jacks_not_suit"
    assert "skat.table.refused.follow_suit_no_jack" in codes_of(checked)  # why JS may not be played


def test_a_jack_left_out_on_a_trump_lead_marks_which_cards_are_trumps():
    """Hearts game, 9H led: JH is a trump and must be offered too (ISkO 2.3)."""
    checked = quiz_legal.check(legal_question("hearts", "9H", "JH AS KH 7D"), answer_of("KH"))
    assert not checked.correct
    assert checked.steps[checked.wrong_step].code == "skat.quiz.game.suit"
    assert checked.steps[-1].code == "skat.quiz.legal.missed" and checked.steps[-1]["cards"] == parse_cards("JH")


def test_null_marks_the_jack_that_belongs_to_its_suit():
    """Null, 9S led: JS is a spade (ISkO 2.3: no trumps in Null)."""
    checked = quiz_legal.check(legal_question("null", "9S", "JS AH"), answer_of("AH"))
    assert not checked.correct and checked.steps[checked.wrong_step].code == "skat.quiz.null_jack"


def test_a_second_card_that_trumps_is_explained_as_changing_nothing():
    """Spades game, 7H led, JC played second: the led card alone says what to follow (ISkO 2.3)."""
    checked = quiz_legal.check(legal_question("spades", "7H JC", "AH JS 8S"), answer_of("AH JS 8S"))
    assert not checked.correct
    assert "skat.quiz.second" in codes_of(checked)
    assert checked.steps[checked.wrong_step].code == "skat.quiz.jacks_not_suit"


def test_every_card_picked_names_the_wrong_ones_once_and_the_rule_once():
    """Null, JD led, 8S played second: only AD follows diamonds (ISkO 2.3). Picking the whole hand lists the
    four wrong cards in one step and the rule once, not one refusal a card (seen on a phone screenshot)."""
    question = legal_question("null", "JD 8S", "8C 7C AH AD")
    checked = quiz_legal.check(question, answer_of("8C 7C AH AD"))
    assert not checked.correct and checked.expected == {"cards": ["AD"]}
    codes = codes_of(checked)
    assert codes.count("skat.quiz.legal.refused") == 1 and checked.steps[codes.index("skat.quiz.legal.refused")][
        "cards"] == parse_cards("8C 7C AH")
    assert sum(code.startswith("skat.table.refused.") for code in codes) == 1
    assert checked.steps[checked.wrong_step].code == "skat.quiz.hold.follow"


def test_a_card_that_is_not_in_the_hand_is_a_wrong_answer_not_an_error():
    question = legal_question("clubs", "AS", "JS KS 7H")
    assert not quiz_legal.check(question, answer_of("KS AC")).correct
    assert not quiz_legal.check(question, {"cards": ["XX"]}).correct
    assert not quiz_legal.check(question, {}).correct


def test_the_explanation_names_the_led_suit_and_the_cards_that_follow():
    """Clubs game, 0H led (ISkO 2.3): hearts is asked for; KH and 8H follow, JH is a trump."""
    steps = quiz_legal.explain(legal_question("clubs", "0H", "AC KH JH 8H 8D"))
    assert [s.code for s in steps] == ["skat.quiz.game.suit", "skat.quiz.led.suit", "skat.quiz.jacks_not_suit",
                                       "skat.quiz.hold.follow"]
    assert steps[1]["suit"].value == "H"
    assert steps[-1]["cards"] == parse_cards("KH 8H") and steps[-1]["count"] == 2


# --- who wins this trick? --------------------------------------------------------------------
TRICK_EXAMPLES = [
    # Hearts game: KH led (trump), 0H is the higher trump (A 10 K ...), 7C is no trump. 4 + 10 + 0 = 14.
    ("hearts", "KH 0H 7C", "0H", 14),
    # Grand: JD is a trump and beats the spades. 11 + 10 + 2 = 23.
    ("grand", "AS 0S JD", "JD", 23),
    # Null: A K Q J 10 9 8 7, the jack is above the ten. 10 + 2 + 0 = 12.
    ("null", "0S JS 7D", "JS", 12),
    # Clubs game: 7S does not follow hearts, AH is the highest heart. 11 + 0 + 4 = 15.
    ("clubs", "AH 7S KH", "AH", 15),
    # Spades game: JC is the highest trump. 2 + 2 + 11 = 15.
    ("spades", "JH JC AS", "JC", 15),
    # Diamonds game: the ace of clubs neither follows spades nor is a trump. 0 + 11 + 0 = 11.
    ("diamonds", "8S AC 9S", "9S", 11),
    # Null: a jack led asks for diamonds; the ace is the highest diamond. 2 + 11 + 10 = 23.
    ("null", "JD AD 0D", "AD", 23),
    # Spades game: KH led, 0D is off, JC a trump. 4 + 10 + 2 = 16 (question 2 of quiz K7PX3M, below).
    ("spades", "KH 0D JC", "JC", 16),
]


@pytest.mark.parametrize("game, trick, winner, points", TRICK_EXAMPLES)
def test_who_wins_the_trick_hand_worked(game, trick, winner, points):
    question = {"game": game, "trick": trick.split()}
    assert quiz_trick.solve(question) == {"winner": winner}
    checked = quiz_trick.check(question, {"winner": winner})
    assert checked.correct and checked.wrong_step is None
    assert checked.steps[-1].code == "skat.quiz.points" and checked.steps[-1]["points"] == points


@pytest.mark.parametrize("game, trick, picked, marked", [
    ("hearts", "KH 0H 7C", "KH", "skat.quiz.win.trump"),        # two trumps: the order decides (10 above K)
    ("clubs", "AH 7S KH", "7S", "skat.quiz.card.off"),           # 7S cannot win: no heart, no trump
    ("grand", "AS 0S JD", "AS", "skat.quiz.card.jack_trump"),    # the jack is a trump, not a spade
    ("null", "0S JS 7D", "0S", "skat.quiz.win.suit_null"),       # Null order: the ten is below the jack
    ("diamonds", "8S AC 9S", "AC", "skat.quiz.card.off"),
])
def test_a_wrong_winner_marks_the_rule_it_breaks(game, trick, picked, marked):
    """ISkO 2.3: a card that cannot win, a plain card against a trump, two cards of one kind."""
    checked = quiz_trick.check({"game": game, "trick": trick.split()}, {"winner": picked})
    assert not checked.correct
    assert checked.steps[checked.wrong_step].code == marked


def test_null_says_nothing_of_trumps_when_only_the_led_card_follows():
    """Null, 7S led, 0D and KD: 7S is the only spade and wins; Null has no trumps (ISkO 2.3), so the step does
    not say "no trump was played" as in a suit game."""
    steps = quiz_trick.explain({"game": "null", "trick": ["7S", "0D", "KD"]})
    assert [s.code for s in steps[2:5]] == ["skat.quiz.card.off_null", "skat.quiz.card.off_null",
                                            "skat.quiz.win.only_suit_null"]
    assert quiz_trick.explain({"game": "clubs", "trick": ["7S", "0D", "KD"]})[4].code == "skat.quiz.win.only_suit"


# --- questions, JSON forms, answers ----------------------------------------------------------
def test_quiz_codes_give_the_questions_they_gave_before():
    """Question 0 (and 1) of quiz K7PX3M at "normal"; the answers worked out by hand (ISkO 2.3, 1.2.2)."""
    legal = quiz.question("skat_legal", "normal", "K7PX3M", 0)
    assert legal.to_json() == {"game": "grand", "trick": ["JH"], "hand": ["JC", "KS", "QH", "KD", "8D"]}
    assert quiz_legal.solve(legal) == {"cards": ["JC"]}  # Grand, a jack led: JC is the only trump in the hand
    trick = quiz.question("skat_trick", "normal", "K7PX3M", 0)
    assert trick.to_json() == {"game": "null", "trick": ["7S", "0D", "KD"]}
    assert quiz_trick.solve(trick) == {"winner": "7S"}  # the diamonds do not follow spades
    assert quiz.question("skat_trick", "normal", "K7PX3M", 2).to_json() == {"game": "spades",
                                                                            "trick": ["KH", "0D", "JC"]}


@pytest.mark.parametrize("kind, data", [
    (quiz_legal, {"game": "clubs", "trick": ["AS", "7S", "8S"], "hand": ["KS"]}),   # a trick of three: nobody is next
    (quiz_legal, {"game": "clubs", "trick": [], "hand": ["KS"]}),                   # nothing led
    (quiz_legal, {"game": "clubs", "trick": ["AS"], "hand": ["AS", "KS"]}),         # a card twice
    (quiz_legal, {"game": "ramsch", "trick": ["AS"], "hand": ["KS"]}),              # no such game (not in the ISkO)
    (quiz_legal, {"game": "clubs", "trick": ["AS"], "hand": NAMES[1:12]}),          # 11 cards in the hand
    (quiz_trick, {"game": "grand", "trick": ["AS", "0S"]}),
    (quiz_trick, {"game": "grand", "trick": ["AS", "0S", "XS"]}),
])
def test_a_bad_json_form_is_a_rule_input_error(kind, data):
    with pytest.raises(RuleInputError):
        kind.QUESTION.from_json(data)


def test_notation_errors_of_the_json_form_are_typed():
    with pytest.raises(NotationError) as error:
        quiz_trick.QUESTION.from_json({"game": "ramsch", "trick": ["AS", "0S", "KS"]})
    assert error.value.step.code == "skat.quiz.error.game"


def test_several_cards_are_read_from_a_form_in_the_hand_order():
    question = quiz_legal.QUESTION.from_json(legal_question("hearts", "9H", "JH AS KH 7D"))
    fields = Asked(quiz_legal, question).fields
    # the hand in deck order: suits C S H D, in each A K Q J 10 9 8 7
    assert [c.value for c in fields[0].choices] == ["AS", "KH", "JH", "7D"]
    form = MultiDict([("cards", "JH"), ("cards", "KH"), ("cards", "JH")])
    assert kinds.parse_answer(quiz_legal, form, fields) == {"cards": ["KH", "JH"]}
    assert kinds.parse_answer(quiz_legal, form) == {"cards": ["KH", "JH"]}  # the classroom reads with FIELDS
    with pytest.raises(AnswerError) as error:
        kinds.parse_answer(quiz_legal, MultiDict(), fields)
    assert error.value.step.code == "quiz.error.missing"
    with pytest.raises(AnswerError) as error:
        kinds.parse_answer(quiz_legal, MultiDict([("cards", "KH"), ("cards", "AC")]), fields)  # AC: not in the hand
    assert error.value.step.code == "quiz.error.choice"
    with pytest.raises(AnswerError):
        kinds.parse_answer(quiz_legal, MultiDict([("cards", "<b>")]))


def test_the_trick_answer_form_offers_the_three_cards_in_the_order_played():
    question = quiz_trick.QUESTION.from_json({"game": "grand", "trick": ["AS", "0S", "JD"]})
    (field,) = Asked(quiz_trick, question).fields
    assert [c.value for c in field.choices] == ["AS", "0S", "JD"] and not field.multiple
    assert kinds.parse_answer(quiz_trick, {"winner": "JD"}, (field,)) == {"winner": "JD"}
    with pytest.raises(AnswerError):
        kinds.parse_answer(quiz_trick, {"winner": "AC"}, (field,))


# --- properties against the brute force ------------------------------------------------------
games = st.sampled_from([g.value for g in GameType])


@settings(max_examples=examples(300), deadline=None)
@given(cards=st.lists(st.sampled_from(NAMES), min_size=3, max_size=11, unique=True), game=games,
       on_table=st.integers(1, 2))
def test_the_playable_cards_agree_with_the_brute_force(cards, game, on_table):
    """ISkO 2.3 for any hand and trick: the kind's answer is exactly the brute force's cards."""
    trick, hand = cards[:on_table], cards[on_table:]
    question = {"game": game, "trick": trick, "hand": hand}
    expected = brute_legal(hand, trick, game)
    assert set(quiz_legal.solve(question)["cards"]) == expected
    assert quiz_legal.check(question, {"cards": sorted(expected)}).correct
    if expected != set(hand):  # one card too many is wrong, and the marked step exists
        extra = sorted(set(hand) - expected)[0]
        checked = quiz_legal.check(question, {"cards": sorted(expected | {extra})})
        assert not checked.correct and checked.wrong_step is not None


@settings(max_examples=examples(300), deadline=None)
@given(trick=st.lists(st.sampled_from(NAMES), min_size=3, max_size=3, unique=True), game=games)
def test_the_trick_winner_and_points_agree_with_the_brute_force(trick, game):
    """ISkO 2.3 (winner) and ISkO 1.2.2 (points) for any trick; every wrong pick gets a marked step."""
    question = {"game": game, "trick": trick}
    winner = brute_winner(trick, game)
    assert quiz_trick.solve(question) == {"winner": winner}
    values = {"A": 11, "0": 10, "K": 4, "Q": 3, "J": 2}
    assert quiz_trick.explain(question)[-1]["points"] == sum(values.get(card[0], 0) for card in trick)
    for card in trick:
        checked = quiz_trick.check(question, {"winner": card})
        assert checked.correct == (card == winner)
        assert (checked.wrong_step is None) == (card == winner)


# --- the difficulty levels -------------------------------------------------------------------
SAMPLES = 300


def sample(kind, difficulty: str) -> list[dict]:
    rng = random.Random(f"table-{kind.NAME}-{difficulty}")
    return [kind.generate(rng, difficulty).to_json() for _ in range(SAMPLES)]


def has_jack(cards) -> bool:
    return any(card[0] == "J" for card in cards)


def test_easy_questions_have_no_jacks_and_only_suit_games():
    for question in sample(quiz_legal, "easy") + sample(quiz_trick, "easy"):
        assert question["game"] in SUIT_OF_GAME
        assert not has_jack(question["trick"] + question.get("hand", []))
    for question in sample(quiz_trick, "easy"):  # a plain suit led, at most one trump
        trumps = trumps_of(question["game"])
        assert question["trick"][0] not in trumps and sum(card in trumps for card in question["trick"]) <= 1


def test_hard_questions_always_hold_a_trap_and_mix_the_games():
    """Every hard question has a jack in play, a trump played second, or (trick) cards whose order or suit is
    the point: ten against king, ten against jack in Null, an ace or ten that does not follow."""
    legal, trick = sample(quiz_legal, "hard"), sample(quiz_trick, "hard")
    for question in legal:
        game, led = question["game"], question["trick"][0]
        second_trumps = len(question["trick"]) == 2 and asks_for(question["trick"][1], game) == "trump" != asks_for(led, game)
        assert has_jack(question["trick"] + question["hand"]) or second_trumps, question
    for question in trick:
        game, cards = question["game"], question["trick"]
        ranks_of_led = {card[0] for card in cards if card[1] == cards[0][1]}
        off_high = any(card[0] in "A0" and card != brute_winner(cards, game) and asks_for(card, game) not in
                       (asks_for(cards[0], game), "trump") for card in cards)
        assert has_jack(cards) or {"0", "K"} <= {c[0] for c in cards} or off_high or {"0", "J"} <= ranks_of_led, question
    games_seen = Counter(q["game"] for q in legal + trick)
    assert games_seen["grand"] >= 0.2 * len(legal + trick) and games_seen["null"] >= 0.15 * len(legal + trick)


@pytest.mark.parametrize("difficulty", kinds.DIFFICULTIES)
def test_questions_are_fair(difficulty):
    """The hand can follow in about 70 % of the questions; each position in the trick wins about a third."""
    legal = sample(quiz_legal, difficulty)
    follows = sum(brute_legal(q["hand"], q["trick"], q["game"]) != set(q["hand"]) or
                  all(asks_for(c, q["game"]) == asks_for(q["trick"][0], q["game"]) for c in q["hand"]) for q in legal)
    positions = Counter(q["trick"].index(brute_winner(q["trick"], q["game"])) for q in sample(quiz_trick, difficulty))
    print(f"\n{difficulty}: hand can follow {follows / SAMPLES:.0%}; winner by position {dict(sorted(positions.items()))}")
    assert 0.55 <= follows / SAMPLES <= 0.85
    assert all(positions[p] >= 0.2 * SAMPLES for p in range(3))
