"""The quiz and classroom routes with the kinds "Skat official value" and "Poker: which hand wins?".

A quiz of each kind is created, answered (one wrong, one right) and summarised;
bad answers get 400 with the question kept, never a 500; a classroom round
runs with the same answer form; the CLI prints the questions.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from classhelpers import EN, HX, act, create_class, csv_rows, join
from webapp import quiz
from webapp.cli import main
from webapp.core.db import db
from webapp.core.models import ClassSession, QuizRun
from webapp.quiz import kinds

NEW_KINDS = ("skat_official", "poker_showdown")


def start(client, kind: str, count: str = "2", difficulty: str = "hard") -> str:
    response = client.post("/quiz", data={"kind": kind, "difficulty": difficulty, "count": count})
    assert response.status_code == 303
    return response.location


def run_questions(app, run_url: str) -> list[dict]:
    with app.app_context():
        run = db.session.execute(db.select(QuizRun).filter_by(public_id=run_url.rsplit("/", 1)[1])).scalar_one()
        return [quiz.question(run.quiz.kind, run.quiz.difficulty, run.quiz.code, n) for n in run.numbers]


def form(kind: str, question: dict, right: bool) -> dict:
    answer = kinds.get(kind).solve(question)
    if not right:
        if kind == "skat_official":
            answer = {"value": answer["value"] + 1}  # never a multiple of the base value
        else:
            answer = {"winner": "tie" if answer["winner"] != "tie" else "a"}
    return {k: str(v) for k, v in answer.items()}


@pytest.mark.parametrize("lang, titles", [
    ("en", ("Skat: the game value (official rules)", "Poker: which hand wins?")),
    ("de", ("Skat: der Spielwert (offizielle Regeln)", "Poker: Welche Hand gewinnt?")),
])
def test_start_pages_offer_the_new_kinds(client, lang, titles):
    for page in ("/quiz", "/class"):
        html = client.get(page, headers={"Accept-Language": lang}).get_data(as_text=True)
        for name, title in zip(NEW_KINDS, titles):
            assert f'value="{name}"' in html and title in html, (page, name)


@pytest.mark.parametrize("kind", NEW_KINDS)
def test_a_quiz_of_the_new_kind_is_created_answered_and_summarised(app, client, kind):
    run_url = start(client, kind)
    questions = run_questions(app, run_url)
    page = client.get(run_url, headers=EN).get_data(as_text=True)
    assert "Question 1 of 2" in page and 'id="quiz-form"' in page
    if kind == "skat_official":
        assert "The declared game:" in page and 'name="value"' in page and "skat-face" in page
    else:
        assert page.count("poker-face suit-") == 10 and page.count('name="winner"') == 3

    response = client.post(run_url + "/answer", data={"position": "0", **form(kind, questions[0], False)}, headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Not quite." in html and "The right answer:" in html
    assert 'class="step step-wrong"' in html  # the step where the answer went wrong is marked

    response = client.post(run_url + "/answer", data={"position": "1", **form(kind, questions[1], True)})
    assert response.status_code == 303
    assert "Right!" in client.get(response.location, headers=EN).get_data(as_text=True)
    summary = client.get(run_url, headers=EN).get_data(as_text=True)
    assert 'id="quiz-result"' in summary and "1 / 2" in summary and f'href="{run_url}/0"' in summary


@pytest.mark.parametrize("kind, bad, text", [
    ("skat_official", {}, "Please answer this question too: What is the game value if the declarer wins?"),
    ("skat_official", {"value": "forty"}, "Write a whole number from 1 to 999."),
    ("skat_official", {"value": "99999999999999999999"}, "Write a whole number from 1 to 999."),
    ("poker_showdown", {}, "Please answer this question too: Which hand wins?"),
    ("poker_showdown", {"winner": "<script>x</script>"}, "Please use one of the buttons for: Which hand wins?"),
])
def test_bad_answers_are_400_and_keep_the_question(app, client, kind, bad, text):
    run_url = start(client, kind)
    response = client.post(run_url + "/answer", data={"position": "0", **bad}, headers=EN)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert text in html and 'id="quiz-form"' in html and "<script>x" not in html


def test_german_feedback_of_the_official_value(app, client):
    run_url = start(client, "skat_official", count="1")
    question = run_questions(app, run_url)[0]
    client.post(run_url + "/answer", data={"position": "0", **form("skat_official", question, False)})
    html = client.get(run_url + "/0", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Das angesagte Spiel:" in html and "Spielwert" in html and "Grundwert" in html


@pytest.mark.parametrize("kind", NEW_KINDS)
def test_a_classroom_round_with_the_new_kind(app, client, kind):
    code, url = create_class(client, kind=kind)
    anna, ben = join(app, code, "Anna"), join(app, code, "Ben")
    act(client, url, "ask")
    with app.app_context():
        row = db.session.execute(db.select(ClassSession).filter_by(join_code=code)).scalar_one()
        # round n asks question n - 1 of the class's seed
        question, number = quiz.question(row.kind, row.difficulty, row.seed, row.round_number - 1), row.round_number
    page = anna.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    assert 'id="child-form"' in page
    assert anna.post(f"/class/{code}/answer", data={"round": str(number), **form(kind, question, True)}).status_code == 303
    assert ben.post(f"/class/{code}/answer", data={"round": str(number), **form(kind, question, False)}).status_code == 303
    assert ben.post(f"/class/{code}/answer", data={"round": str(number), "value": "x", "winner": "x"},
                    headers=EN).status_code in (400, 409)
    live = client.get(url + "/board", headers=HX).get_data(as_text=True)
    assert "2 of 2 children answered" in live and live.count('<li class="bar') == 0  # no distribution while open
    act(client, url, "close")
    assert client.get(url + "/board", headers=HX).get_data(as_text=True).count('<li class="bar') == 2
    assert "Right!" in anna.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    assert "Not quite." in ben.get(f"/class/{code}/play", headers=EN).get_data(as_text=True)
    rows = csv_rows(client, url)
    assert [(r[1], r[3]) for r in rows[1:]] == [("Anna", "yes"), ("Ben", "no")]
    expected = kinds.get(kind).solve(question)
    if kind == "skat_official":
        assert rows[1][2] == f"Game value {expected['value']}"
    act(client, url, "demo")
    assert 'class="q-cards huge"' in client.get(url, headers=EN).get_data(as_text=True)


@pytest.mark.parametrize("kind", NEW_KINDS)
def test_the_cli_prints_the_questions(kind):
    result = CliRunner().invoke(main, ["quiz", kind, "K7PX3M", "--count", "2", "--answers", "--difficulty", "hard"])
    assert result.exit_code == 0, result.output
    for number in range(2):
        q = quiz.question(kind, "hard", "K7PX3M", number).to_json()
        answer = kinds.get(kind).solve(q)
        if kind == "skat_official":
            assert " ".join(q["hand"]) in result.output and f"-> Game value {answer['value']}" in result.output
        else:
            assert f"Hand A: {' '.join(q['a'])}" in result.output
    assert result.output.count("-> ") == 2
