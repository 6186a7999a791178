"""The quiz routes: start, codes, answering once, feedback with the wrong step, summary, try again."""

from __future__ import annotations

import re

import pytest

from classhelpers import EN, HX
from webapp import quiz
from webapp.core.models import Quiz, QuizRun
from webapp.quiz import kinds


def start(client, kind="skat_family", count="3", difficulty="normal") -> str:
    response = client.post("/quiz", data={"kind": kind, "difficulty": difficulty, "count": count})
    assert response.status_code == 303
    assert re.fullmatch(r"/quiz/[A-Za-z0-9_-]{16}", response.location)
    return response.location


def questions_of(app, run_url: str) -> tuple[str, list[dict]]:
    """The quiz code and the questions of a run, as the generator makes them."""
    with app.app_context():
        from webapp.core.db import db

        run = db.session.execute(db.select(QuizRun).filter_by(public_id=run_url.rsplit("/", 1)[1])).scalar_one()
        q = run.quiz
        return q.code, [quiz.question(q.kind, q.difficulty, q.code, n).to_json() for n in run.numbers]


def right_form(question: dict, kind="skat_family") -> dict:
    answer = kinds.get(kind).solve(question)
    return {k: "" if v is None else str(v) for k, v in answer.items()}


def wrong_form(question: dict, kind="skat_family") -> dict:
    if kind == "skat_family":
        return {"trump": "C", "value": "999"}
    return {"legal": "no" if kinds.get(kind).solve(question)["legal"] == "yes" else "yes", "kind": "bomb"}


@pytest.mark.parametrize("lang, text", [("en", "A new quiz"), ("de", "Ein neues Quiz")])
def test_start_page(client, lang, text):
    response = client.get("/quiz", headers={"Accept-Language": lang})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert text in html
    assert html.count('name="kind"') == len(kinds.KINDS)
    assert 'name="csrf_token"' in html


@pytest.mark.parametrize("form", [
    {"kind": "chess", "difficulty": "normal", "count": "10"},
    {"kind": "skat_family", "difficulty": "impossible", "count": "10"},
    {"kind": "skat_family", "difficulty": "normal", "count": "0"},
    {"kind": "skat_family", "difficulty": "normal", "count": "31"},
    {"kind": "skat_family", "difficulty": "normal", "count": "ten"},
])
def test_bad_settings_answer_400_with_a_message(client, form):
    response = client.post("/quiz", data=form, headers=EN)
    assert response.status_code == 400
    assert "Choose a kind of question" in response.get_data(as_text=True)


def test_a_whole_quiz_with_feedback_summary_and_try_again(app, client):
    run_url = start(client, count="3")
    code, questions = questions_of(app, run_url)
    page = client.get(run_url, headers=EN).get_data(as_text=True)
    assert "Question 1 of 3" in page and code in page
    for card in questions[0]["hand"]:
        assert f'suit-{card[-1]}' in page

    # question 1 wrong (the value 999 is never right), 2 and 3 right
    response = client.post(run_url + "/answer", data={"position": "0", **wrong_form(questions[0])}, headers=EN)
    # without JavaScript the reload lands at the quiz area: the score, the verdict and "next" on screen
    assert response.status_code == 303 and response.location == run_url + "/0#quiz-area"
    feedback = client.get(run_url + "/0", headers=EN).get_data(as_text=True)
    assert "Not quite." in feedback and "The right answer:" in feedback
    # a kind word and the step to remember, before the next control and the cards
    encourage = feedback.index('id="feedback-encourage"')
    assert "Remember:" in feedback[encourage:] and encourage < feedback.index('id="quiz-next"') < feedback.index('class="q-group')
    assert f'href="{run_url}#quiz-area"' in feedback
    for position in (1, 2):
        response = client.post(run_url + "/answer", data={"position": str(position), **right_form(questions[position])})
        assert response.status_code == 303
    feedback = client.get(run_url + "/2", headers=EN).get_data(as_text=True)
    assert "Right!" in feedback
    assert "Score: 2 of 3" in feedback and "Streak: 2" in feedback

    summary = client.get(run_url, headers=EN).get_data(as_text=True)
    assert 'id="quiz-result"' in summary and "2 / 3" in summary
    assert summary.count("<li><a href=") == 1 and f'href="{run_url}/0"' in summary

    response = client.post(run_url + "/again")
    assert response.status_code == 303 and response.location != run_url
    _, again = questions_of(app, response.location)
    assert again == [questions[0]]


def test_answers_are_stored_once_reload_and_second_tab(app, client):
    run_url = start(client)
    _, questions = questions_of(app, run_url)
    first = right_form(questions[0])
    assert client.post(run_url + "/answer", data={"position": "0", **first}).status_code == 303
    # the same position again (a reload of the POST, a second tab): nothing changes
    other = wrong_form(questions[0])
    response = client.post(run_url + "/answer", data={"position": "0", **other}, headers=EN)
    assert response.status_code == 303
    feedback = client.get(response.location, headers=EN).get_data(as_text=True)
    assert "Right!" in feedback and "Score: 1 of 1" in feedback
    # a second tab opening the run sees question 2, not question 1 again
    tab = app.test_client()
    assert "Question 2 of 3" in tab.get(run_url, headers=EN).get_data(as_text=True)
    # a position not yet asked is refused
    assert client.post(run_url + "/answer", data={"position": "2", **first}).status_code == 409
    assert client.post(run_url + "/answer", data={"position": "x"}).status_code == 400
    assert client.post(run_url + "/answer", data={"position": "99"}).status_code == 400
    assert client.get(run_url + "/2").status_code == 303  # feedback on an unanswered question


def test_htmx_answer_gives_the_fragment_and_puts_the_feedback_url_in_place(app, client):
    run_url = start(client, kind="tichu_legality")
    _, questions = questions_of(app, run_url)
    response = client.post(run_url + "/answer", data={"position": "0", **wrong_form(questions[0], "tichu_legality")},
                           headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    # the feedback is the same question: it replaces the address (the next question pushes one)
    assert response.headers["HX-Replace-Url"] == run_url + "/0" and "HX-Push-Url" not in response.headers
    assert "<html" not in html and 'id="feedback-verdict"' in html
    assert 'class="step step-wrong"' in html and "This is where your answer went wrong." in html


def test_incomplete_answer_keeps_the_question_and_names_the_problem(app, client):
    run_url = start(client)
    response = client.post(run_url + "/answer", data={"position": "0", "trump": "H"}, headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Please answer this question too: What is the game value?" in html
    assert 'id="quiz-form"' in html


def test_the_same_code_gives_the_same_questions_to_everybody(app, client):
    run_url = start(client, count="4", kind="tichu_legality")
    code, questions = questions_of(app, run_url)
    friend = app.test_client()
    response = friend.post("/quiz/code", data={"code": code.lower()[:3] + "-" + code.lower()[3:]})
    assert response.status_code == 303 and response.location != run_url
    assert questions_of(app, response.location) == (code, questions)


@pytest.mark.parametrize("typed, status, text", [
    ("ABC", 400, "A quiz code has 6 letters and digits"),
    ("<script>alert(1)</script>", 400, "A quiz code has 6 letters and digits"),
    ("ZZZZZZ", 404, "There is no quiz with the code ZZZZZZ"),
])
def test_bad_codes(client, typed, status, text):
    response = client.post("/quiz/code", data={"code": typed}, headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == status
    assert text in html
    assert "<script>alert" not in html


def test_unknown_runs_are_404(client):
    assert client.get("/quiz/nope").status_code == 404
    assert client.get("/quiz/" + "x" * 200).status_code == 404
    assert client.post("/quiz/nope/answer", data={"position": "0"}).status_code == 404


def test_quiz_in_german(app, client):
    run_url = start(client)
    html = client.get(run_url, headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Frage 1 von 3" in html and "Welche Farbe ist Trumpf?" in html


def test_quiz_rows_exist(app, client):
    start(client, count="5")
    with app.app_context():
        from webapp.core.db import db

        row = db.session.execute(db.select(Quiz)).scalar_one()
        assert (row.kind, row.difficulty, row.count) == ("skat_family", "normal", 5)
