"""Helpers of the learning path's route tests: master a lesson with quiz items by answering them right.

The first lesson of each path has quiz items (the card points for Skat, the boxes for Yahtzee), so a test that needs
the next lessons open masters it the way a child does: each item answered with the kind's own solution.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from webapp.learn import path, store
from webapp.quiz import kinds


def learner_seed(app: Flask, client: FlaskClient) -> int:
    """The seed of the learner whose signed cookie ``client`` holds."""
    from webapp.core.db import db
    from webapp.core.models import Learner

    public_id = store.signer(app.secret_key).unsign(client.get_cookie(store.COOKIE, path="/").value).decode()
    with app.app_context():
        return db.session.execute(db.select(Learner.seed).filter_by(public_id=public_id)).scalar_one()


def item_fields(app: Flask, client: FlaskClient, lesson_id: str) -> dict:
    """The form a child sends to answer the item ``lesson_id``'s page shows ``client`` now with the kind's own
    solution (right)."""
    lesson = path.get(lesson_id)
    page = client.get(f"/learn/{lesson_id}").get_data(as_text=True)
    number = re.search(r'name="number" value="(\d+)"', page).group(1)
    seed = re.search(r'name="seed" value="(\d+)"', page)
    fields = {"number": number, **({"seed": seed.group(1)} if seed else {})}
    kind_name, question = path.practice_item(lesson, int(seed.group(1)) if seed else learner_seed(app, client),
                                             int(number))
    answer = kinds.get(kind_name).solve(question)
    fields.update({k: v if isinstance(v, list) else str(v) for k, v in answer.items() if v is not None})
    return fields


def master(app: Flask, client: FlaskClient, lesson_id: str) -> None:
    """Answer ``lesson_id``'s items right until it is mastered (its ``mastery`` right answers in a row); a new
    learner's first item is the one of the seed its page carries."""
    for _ in range(path.get(lesson_id).practice.mastery):
        response = client.post(f"/learn/{lesson_id}", data=item_fields(app, client, lesson_id))
        assert response.status_code == 303, response.get_data(as_text=True)[:300]
