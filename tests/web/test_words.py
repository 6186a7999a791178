"""Words and moods that fit what happened (issue 14): the quiz's closing words, plurals, the Pokerface result,
the Yahtzee bonus note, the Tichu score hint and the Dog lesson's headline, and where the celebration class goes.

The celebration is a class (``celebrate``) the server puts on the result element, so it works without
JavaScript; the browser side (the animation, reduced motion) is in ``tests/e2e/test_celebrate.py``.
"""

from __future__ import annotations

import random
import re

import pytest
from flask_babel import force_locale

from classhelpers import EN, act, create_class, join
from test_classroom_routes import answer_form
from test_quiz_routes import questions_of, right_form, start, wrong_form
from webapp.core.explain import render_step
from webapp.games.pokerface import rules as pf
from webapp.games.pokerface import views as poker_views
from webapp.games.pokerface.game import Best, Exchange, Extras, Game, Next, Reveal
from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import views as yahtzee_views

DE = {"Accept-Language": "de"}


def element(html: str, element_id: str) -> str:
    """The opening tag and text of the element with ``element_id`` up to its first closing ``</p>``/``</h2>``/``</td>``."""
    match = re.search(rf'<(\w+)[^>]*\bid="{element_id}"[^>]*>.*?</\1>', html, re.S)
    assert match, f"no #{element_id} in the page"
    return match.group(0)


def classes(html: str, element_id: str) -> set[str]:
    tag = re.search(rf'<\w+[^>]*\bid="{element_id}"[^>]*>', html).group(0)
    found = re.search(r'class="([^"]*)"', tag)
    return set(found.group(1).split()) if found else set()


def text(fragment: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


# --- The quiz ---------------------------------------------------------------------------------
def finish_quiz(app, client, right: int, count: int = 4) -> tuple[str, str]:
    """Answer a fresh quiz of ``count`` questions, the first ``right`` of them right; the summary, en and de."""
    run_url = start(client, count=str(count))
    _, questions = questions_of(app, run_url)
    for position, question in enumerate(questions):
        form = right_form(question) if position < right else wrong_form(question)
        assert client.post(run_url + "/answer", data={"position": str(position), **form}).status_code == 303
    return (client.get(run_url, headers=EN).get_data(as_text=True),
            client.get(run_url, headers=DE).get_data(as_text=True))


@pytest.mark.parametrize(("right", "english", "german", "celebrates"), [
    (4, "Every answer right", "Alles richtig", True),
    (3, "most of them right", "fast alles richtig", True),
    (1, "A good start", "Ein guter Anfang", False),
    (0, "No right answer this time", "Diesmal war keine Antwort richtig", False),
])
def test_the_closing_words_of_a_quiz_fit_the_score(app, client, right, english, german, celebrates):
    """Reproduces "Well done, the quiz is over!" at 0 of 4: the words (and the celebration) follow the score."""
    en, de = finish_quiz(app, client, right)
    assert english in text(element(en, "quiz-panel-title"))
    assert german in text(element(de, "quiz-panel-title"))
    assert "Well done" not in en or right == 4
    assert ("celebrate" in classes(en, "quiz-result")) is celebrates
    advice = text(element(en, "quiz-advice"))  # the next thing to try
    assert "try" in advice.lower()


@pytest.mark.parametrize(("right", "english", "german"), [
    (1, "1 right answer in a row.", "1 richtige Antwort hintereinander."),
    (2, "2 right answers in a row.", "2 richtige Antworten hintereinander."),
])
def test_the_best_streak_has_the_right_plural(app, client, right, english, german):
    """Reproduces "1 right answers in a row" (and "1 richtige Antworten")."""
    en, de = finish_quiz(app, client, right, count=3)
    assert english in en
    assert german in de


def test_a_right_answer_celebrates_and_a_wrong_one_does_not(app, client):
    run_url = start(client, count="2")
    _, questions = questions_of(app, run_url)
    client.post(run_url + "/answer", data={"position": "0", **right_form(questions[0])})
    client.post(run_url + "/answer", data={"position": "1", **wrong_form(questions[1])})
    assert "celebrate" in classes(client.get(run_url + "/0", headers=EN).get_data(as_text=True), "feedback-verdict")
    assert "celebrate" not in classes(client.get(run_url + "/1", headers=EN).get_data(as_text=True), "feedback-verdict")


# --- Pokerface ----------------------------------------------------------------------------------
def finished_game(seed: str, extras: int) -> Game:
    """A whole game in which the child takes ``extras`` extra cards and shows the best five every round."""
    game = Game.new(seed)
    while True:
        for action in (Exchange(), Extras(extras), Best(), Reveal()):
            game = game.apply(action)
        if game.over:
            return game
        game = game.apply(Next())


def poker_page(app, client, game: Game, headers=EN) -> str:
    with app.test_request_context():
        token = poker_views.token(game)
    response = client.get(f"/pokerface?g={token}", headers=headers)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_a_lost_pokerface_game_says_so_without_green_or_celebration(app, client):
    """Reproduces the big green "Game over" after a 0-6 defeat (seed "0", no extra cards: 0, 4, 6, 0 points)."""
    game = finished_game("0", 0)
    assert game.scores(["You", "a", "b", "c"])[0] == [0, 4, 6, 0]
    html = poker_page(app, client, game)
    final = classes(html, "poker-final")
    assert "verdict-legal" not in final and "celebrate" not in final and "verdict-lost" in final
    words = text(element(html, "poker-final")) + " " + text(element(html, "poker-game-winners"))
    assert "Lost this time." in words and "You got 0 points." in words and "6 points" in words
    german = text(element(poker_page(app, client, game, DE), "poker-game-winners"))
    assert "Du hast 0 Punkte." in german


def test_a_won_pokerface_game_celebrates_with_the_score(app, client):
    game = finished_game("2", 3)  # 6, 2, 2, 0 points
    html = poker_page(app, client, game)
    assert {"verdict-legal", "celebrate"} <= classes(html, "poker-final")
    assert "You won" in text(element(html, "poker-final"))
    assert "6 points" in text(element(html, "poker-game-winners"))


def test_a_shared_pokerface_win_is_a_tie(app, client):
    game = finished_game("2", 2)  # 4, 2, 4, 0 points
    html = poker_page(app, client, game)
    words = text(element(html, "poker-final")) + " " + text(element(html, "poker-game-winners"))
    assert "share" in words and "4 points each" in words


def test_the_showdown_names_each_players_hand(app, client):
    """Each showdown row names the hand next to its cards, in the reader's language."""
    game = finished_game("2", 3)
    html = poker_page(app, client, game)
    rows = re.findall(r"<li[^>]*>(.*?)</li>", element(html, "poker-showdown"), re.S)
    showdown = game.scores(["You", "a", "b", "c"])[1][-1].showdown
    assert len(rows) == 4
    with app.test_request_context(), force_locale("en"):
        for row, rank in zip(rows, showdown.ranks):
            if rank is None:
                continue
            name = render_step(pf.hand_step(rank), html=False)
            assert name[0].upper() + name[1:] in text(row)


def test_a_won_round_celebrates_the_childs_point_only(app, client):
    game = finished_game("2", 3)
    rounds = game.scores(["You", "a", "b", "c"])[1]
    html = poker_page(app, client, game)
    marks = re.findall(r'<span class="(win-mark[^"]*)"', html)
    child_won = 0 in rounds[-1].winners
    assert ("win-mark celebrate" in marks) is child_won
    assert marks.count("win-mark celebrate") <= 1


def test_the_pokerface_quiz_celebrates_a_right_answer_only(client):
    question = pf.which_hand_wins(random.Random(5), names=("A", "B"))
    wrong = next(a for a in ("a", "b", "tie") if a != question.answer)
    right_html = client.get(f"/pokerface/quiz?q=5&answer={question.answer}", headers=EN).get_data(as_text=True)
    wrong_html = client.get(f"/pokerface/quiz?q=5&answer={wrong}", headers=EN).get_data(as_text=True)
    assert "celebrate" in classes(right_html, "quiz-verdict")
    assert "celebrate" not in classes(wrong_html, "quiz-verdict")


# --- Yahtzee ------------------------------------------------------------------------------------
def set_yahtzee(client, **state):
    base = {"card": "", "dice": "", "held": "00000", "roll": 0, "coach": False}
    with client.session_transaction() as s:
        s[yahtzee_views.SESSION_KEY] = base | state


LOWER_ZERO = "3kind=0,4kind=0,fullhouse=0,small=0,large=0,yahtzee=0,chance=5"


@pytest.mark.parametrize(("upper", "english", "german"), [
    ("aces=0,twos=0,threes=0,fours=0,fives=0,sixes=0", "missed", "nicht geschafft"),
    ("aces=3,twos=6,threes=9,fours=12,fives=15,sixes=18", "got it", "geschafft"),
])
def test_a_finished_yahtzee_game_says_whether_the_bonus_was_reached(client, upper, english, german):
    """Reproduces "12 to go" on a finished game: the note says got it or missed it."""
    set_yahtzee(client, card=f"{upper},{LOWER_ZERO}")
    en = client.get("/yahtzee", headers=EN).get_data(as_text=True)
    note = re.search(r'id="yz-upper-bonus".*?<td class="note">(.*?)</td>', en, re.S).group(1)
    assert "to go" not in note and english in note
    de = client.get("/yahtzee", headers=DE).get_data(as_text=True)
    note_de = re.search(r'id="yz-upper-bonus".*?<td class="note">(.*?)</td>', de, re.S).group(1).lower()
    assert german in note_de and ("nicht" in note_de) is (english == "missed")


def test_the_yahtzee_bonus_note_counts_down_while_boxes_are_free(client):
    set_yahtzee(client, card="aces=3,twos=6")
    html = client.get("/yahtzee", headers=EN).get_data(as_text=True)
    assert "54 to go" in html


def test_one_point_is_singular_on_the_yahtzee_buttons(client):
    """Reproduces "Aces: write 1 points" (the box button's label)."""
    set_yahtzee(client, dice="12346", roll=3)
    assert "Aces: write 1 point\"" in client.get("/yahtzee", headers=EN).get_data(as_text=True)
    assert "1 Punkt " in client.get("/yahtzee", headers=DE).get_data(as_text=True) or \
        "1 Punkt\"" in client.get("/yahtzee", headers=DE).get_data(as_text=True)


def test_a_yahtzee_and_a_good_final_score_celebrate(client):
    set_yahtzee(client, dice="44444", roll=1)
    assert "celebrate" in classes(client.get("/yahtzee", headers=EN).get_data(as_text=True), "yz-status")
    set_yahtzee(client, dice="44443", roll=1)
    assert "celebrate" not in classes(client.get("/yahtzee", headers=EN).get_data(as_text=True), "yz-status")
    good = "aces=3,twos=6,threes=9,fours=12,fives=15,sixes=18,3kind=25,4kind=25,fullhouse=25,small=30,large=40,yahtzee=50,chance=25"
    assert y.parse_card(good).total >= 200
    set_yahtzee(client, card=good)
    assert "celebrate" in classes(client.get("/yahtzee", headers=EN).get_data(as_text=True), "yz-status")
    set_yahtzee(client, card=f"aces=0,twos=0,threes=0,fours=0,fives=0,sixes=0,{LOWER_ZERO}")
    assert "celebrate" not in classes(client.get("/yahtzee", headers=EN).get_data(as_text=True), "yz-status")


# --- Tichu --------------------------------------------------------------------------------------
def test_the_tichu_score_hint_only_asks_for_what_is_missing(client):
    """Reproduces "Choose who went out first and second" shown when both were chosen (here: a bad third)."""
    response = client.get("/tichu/score?first=1&second=2&third=2", headers=EN)
    assert 400 <= response.status_code < 500
    assert "Choose who went out first and second" not in response.get_data(as_text=True)
    assert "Choose who went out first and second" in client.get("/tichu/score", headers=EN).get_data(as_text=True)
    assert "Choose who went out first and second" in client.get("/tichu/score?first=1", headers=EN).get_data(as_text=True)


def test_the_dog_lessons_headline_names_the_partner_who_leads(client):
    """Tichu rulebook, the Dog: it passes the lead to the partner; nobody wins a trick with it."""
    html = client.get("/tichu/trick?lesson=dog&m=D", headers=EN).get_data(as_text=True)
    headline = text(element(html, "trick-winner"))
    assert "Player 3 (partner)" in headline and "wins the trick" not in headline
    german = text(element(client.get("/tichu/trick?lesson=dog&m=D", headers=DE).get_data(as_text=True), "trick-winner"))
    assert "Spieler 3" in german and "gewinnt den Stich" not in german


def test_a_finished_tichu_lesson_celebrates(client):
    done = client.get("/tichu/trick?lesson=dragon&m=R&m=give:2", headers=EN).get_data(as_text=True)
    assert "celebrate" in classes(done, "trick-winner")
    wrong = client.get("/tichu/trick?lesson=wish&pick=Qk&action=play", headers=EN).get_data(as_text=True)
    assert not re.search(r'class="[^"]*\bcelebrate\b', wrong)  # a rule violation (the wish) celebrates nothing


# --- The classroom ------------------------------------------------------------------------------
def test_the_classroom_celebrates_a_childs_right_answer_only(app, client):
    """The child's page after the teacher closed the question: a right answer celebrates, a wrong one does not."""
    code, url = create_class(client)
    anna, ben = join(app, code, "Anna"), join(app, code, "Ben")
    act(client, url, "ask")
    assert anna.post(f"/class/{code}/answer", data=answer_form(app, code, right=True)).status_code == 303
    assert ben.post(f"/class/{code}/answer", data=answer_form(app, code, right=False)).status_code == 303
    act(client, url, "close")
    assert "celebrate" in classes(anna.get(f"/class/{code}/play", headers=EN).get_data(as_text=True), "feedback-verdict")
    assert "celebrate" not in classes(ben.get(f"/class/{code}/play", headers=EN).get_data(as_text=True), "feedback-verdict")
