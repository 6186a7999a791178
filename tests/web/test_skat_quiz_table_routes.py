"""The quiz and classroom routes with the Skat kinds "Which cards may you play?" and "Who wins this trick?".

A quiz of each kind is created and answered (several cards picked as check boxes, or one card of a trick), wrong
and right, with and without htmx; bad answers get 400 with the question kept; a classroom round runs with the
same card buttons; the worksheet CLI prints the questions. Expected answers are worked out by hand from the
ISkO (2.3 following suit and the trick winner), for questions pinned by their quiz code.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from classhelpers import EN, HX, act, create_class, csv_rows, join
from webapp import quiz
from webapp.cli import main
from webapp.core.db import db
from webapp.core.models import ClassSession, QuizRun
from webapp.games.skat.play import legal_cards, trick_winner

DE = {"Accept-Language": "de"}
TABLE_KINDS = ("skat_legal", "skat_trick")

# Hand-worked answers of pinned questions (ISkO 2.3):
#   Grand, JH led; hand JC KS QH KD 8D: a jack asks for trump, only the jacks are trumps: JC alone.
#   Clubs game, 0H led; hand AC KH JH 8H 8D: hearts asked for; JH is a trump, not a heart: KH and 8H.
#   Null, 7S led; 0D KD: no spade follows, no trumps in Null: 7S wins, 0 + 10 + 4 = 14 card points.
#   Spades game, KH led; 0D does not follow; JC is a trump: JC wins.
LEGAL = [({"game": "grand", "trick": ["JH"], "hand": ["JC", "KS", "QH", "KD", "8D"]}, ["JC"], ["JC", "KS"]),
         ({"game": "clubs", "trick": ["0H"], "hand": ["AC", "KH", "JH", "8H", "8D"]}, ["KH", "8H"], ["KH", "JH", "8H"])]
TRICK = [({"game": "null", "trick": ["7S", "0D", "KD"]}, "7S", "KD"),
         ({"game": "spades", "trick": ["KH", "0D", "JC"]}, "JC", "KH")]


def pinned_run(app, client, kind: str, numbers: list[int]) -> str:
    """A run of quiz K7PX3M ("normal") asking the question ``numbers``: the questions pinned above."""
    response = client.post("/quiz", data={"kind": kind, "difficulty": "normal", "count": "3"})
    assert response.status_code == 303
    run_url = response.location
    with app.app_context():
        run = db.session.execute(db.select(QuizRun).filter_by(public_id=run_url.rsplit("/", 1)[1])).scalar_one()
        run.quiz.code = "K7PX3M"
        run.numbers = numbers
        db.session.commit()
    return run_url


@pytest.mark.parametrize("lang, titles", [
    (EN, ("Skat: which cards may you play?", "Skat: who wins this trick?")),
    (DE, ("Skat: Welche Karten darfst du spielen?", "Skat: Wer gewinnt den Stich?")),
])
def test_start_pages_offer_the_table_kinds(client, lang, titles):
    for page in ("/quiz", "/class"):
        html = client.get(page, headers=lang).get_data(as_text=True)
        for name, title in zip(TABLE_KINDS, titles):
            assert f'value="{name}"' in html and title in html, (page, name)


def test_the_pinned_questions_are_the_hand_worked_ones():
    for number, (question, _, _) in enumerate(LEGAL):
        assert quiz.question("skat_legal", "normal", "K7PX3M", number).to_json() == question
    assert quiz.question("skat_trick", "normal", "K7PX3M", 0).to_json() == TRICK[0][0]
    assert quiz.question("skat_trick", "normal", "K7PX3M", 2).to_json() == TRICK[1][0]


def test_which_cards_may_you_play_wrong_then_right(app, client):
    run_url = pinned_run(app, client, "skat_legal", [0, 1])
    page = client.get(run_url, headers=EN).get_data(as_text=True)
    hand = LEGAL[0][0]["hand"]
    boxes = re.findall(r'<input type="checkbox" name="cards" value="(\w\w)"', page)
    assert boxes == hand  # one check box a card of the hand, drawn as the card
    assert page.count('class="q-choice q-choice-card"') == 5 and "Jack of Clubs" in page
    assert "Your hand: tap every card you may play now." in page and 'q-group q-group-answer' in page

    # wrong: JC and KS (KS does not follow a jack in a Grand)
    response = client.post(run_url + "/answer", data={"position": "0", "cards": LEGAL[0][2]}, headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Not quite." in html and 'class="step step-wrong"' in html
    assert "In a Grand only the four jacks are trumps" in html and "You must follow trump" in html
    assert 'type="checkbox"' not in html  # the feedback shows the hand, with no form

    # right, without JavaScript: several values of one name, posted and redirected
    response = client.post(run_url + "/answer", data={"position": "1", "cards": LEGAL[1][1]})
    assert response.status_code == 303
    feedback = client.get(response.location, headers=EN).get_data(as_text=True)
    assert "Right!" in feedback and "You hold 2 cards that follow" in feedback
    summary = client.get(run_url, headers=EN).get_data(as_text=True)
    assert 'id="quiz-result"' in summary and "1 / 2" in summary


def test_who_wins_this_trick_wrong_then_right(app, client):
    run_url = pinned_run(app, client, "skat_trick", [0, 2])
    page = client.get(run_url, headers=EN).get_data(as_text=True)
    radios = re.findall(r'<input type="radio" name="winner" value="(\w\w)" required>', page)
    assert radios == TRICK[0][0]["trick"]  # the three cards in the order played
    response = client.post(run_url + "/answer", data={"position": "0", "winner": TRICK[0][2]}, headers=HX)
    html = response.get_data(as_text=True)
    assert "Not quite." in html and 'class="step step-wrong"' in html
    assert "= 14. Whoever played" in html  # the trick's card points: 0 + 10 + 4
    response = client.post(run_url + "/answer", data={"position": "1", "winner": TRICK[1][1]})
    assert response.status_code == 303
    assert "Right!" in client.get(response.location, headers=EN).get_data(as_text=True)


def test_german_feedback(app, client):
    run_url = pinned_run(app, client, "skat_legal", [1])
    client.post(run_url + "/answer", data={"position": "0", "cards": LEGAL[1][2]})
    html = client.get(run_url + "/0", headers=DE).get_data(as_text=True)
    assert "Nicht ganz." in html
    assert "Im Kreuz-Spiel sind die vier Buben" in html and "bedient" in html and "Herz-Bube" in html


@pytest.mark.parametrize("kind, bad, text", [
    ("skat_legal", {}, "Please answer this question too: Your hand: tap every card you may play now."),
    ("skat_legal", {"cards": ["JC", "AH"]}, "Please use one of the buttons for: Your hand"),  # AH: not in the hand
    ("skat_legal", {"cards": "<script>x</script>"}, "Please use one of the buttons for: Your hand"),
    ("skat_trick", {}, "Please answer this question too: The trick, in the order it was played"),
    ("skat_trick", {"winner": "AC"}, "Please use one of the buttons for: The trick"),
])
def test_bad_answers_are_400_and_keep_the_question(app, client, kind, bad, text):
    run_url = pinned_run(app, client, kind, [0])
    response = client.post(run_url + "/answer", data={"position": "0", **bad}, headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert text in html and 'id="quiz-form"' in html and "<script>x" not in html
    with app.app_context():
        assert db.session.execute(db.select(QuizRun)).scalar_one().answers == []


@pytest.mark.parametrize("kind", TABLE_KINDS)
def test_a_classroom_round_with_card_buttons(app, client, kind):
    code, url = create_class(client, kind=kind)
    anna, ben = join(app, code, "Anna"), join(app, code, "Ben")
    act(client, url, "ask")
    with app.app_context():
        row = db.session.execute(db.select(ClassSession).filter_by(join_code=code)).scalar_one()
        # round n of a class asks question n - 1 of its seed
        question, number = quiz.question(row.kind, row.difficulty, row.seed, row.round_number - 1), row.round_number
    page = anna.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    assert 'id="child-form"' in page and "q-choices q-choices-cards" in page
    if kind == "skat_legal":
        cards = [str(c) for c in question.hand]
        assert re.findall(r'type="checkbox" name="cards" value="(\w\w)"', page) == cards
        right = {"cards": [str(c) for c in legal_cards(question.hand, question.trick, question.game)]}
        wrong = {"cards": cards} if set(right["cards"]) != set(cards) else {"cards": cards[:1]}
        if set(wrong["cards"]) == set(right["cards"]):
            wrong = {"cards": cards[1:]}
    else:
        trick = [str(c) for c in question.trick]
        assert re.findall(r'type="radio" name="winner" value="(\w\w)"', page) == trick
        right = {"winner": trick[trick_winner(question.trick, question.game)]}
        wrong = {"winner": next(c for c in trick if c != right["winner"])}
    assert anna.post(f"/class/{code}/answer", data={"round": str(number), **right}).status_code == 303
    assert ben.post(f"/class/{code}/answer", data={"round": str(number), **wrong}).status_code == 303
    live = client.get(url + "/board", headers=EN).get_data(as_text=True)
    assert "2 of 2 children answered" in live and '<li class="bar' not in live  # no distribution while open
    act(client, url, "close")
    live = client.get(url + "/board", headers=EN).get_data(as_text=True)
    assert live.count('<li class="bar') == 2
    # an answer naming cards is drawn with card chips in the bar's text, but its meter's aria-label is plain text
    assert "chip chip-skat" in live and not re.search(r'aria-label="[^"]*<', live)
    assert live.count("bar bar-right") == 1  # Anna's answer is recognised as the right one on the projector
    assert "Right!" in anna.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    assert "Not quite." in ben.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    rows = csv_rows(client, url)
    assert [(r[1], r[3]) for r in rows[1:]] == [("Anna", "yes"), ("Ben", "no")]
    act(client, url, "demo")
    assert 'class="q-cards huge"' in client.get(url, headers=EN).get_data(as_text=True)


@pytest.mark.parametrize("kind, lines", [
    ("skat_legal", ["1. The declared game: Grand", "On the table (the first card was led): JH",
                    "Your hand: you play next: JC KS QH KD 8D", "-> Jack of Clubs"]),
    ("skat_trick", ["1. The declared game: Null", "The trick, in the order it was played (the first card was led): "
                    "7S 0D KD", "-> Seven of Spades wins the trick"]),
])
def test_the_cli_prints_the_questions(kind, lines):
    result = CliRunner().invoke(main, ["quiz", kind, "K7PX3M", "--count", "1", "--answers"])
    assert result.exit_code == 0, result.output
    for line in lines:
        assert line in result.output, result.output
