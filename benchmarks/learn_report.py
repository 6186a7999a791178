"""Benchmark: the teacher's homework report (issue 36, part 2) of a synthetic class of 30 over a term.

    .venv/bin/python benchmarks/learn_report.py [--children 30] [--answers 300] [--runs 3]

A fresh SQLite database (a temporary folder, deleted after) gets a homework of four Skat lessons, 30 children in
it and 300 answers each on the homework's rules since it was set (a term: 9,000 answers; a tenth wrong, more for
the later rules), plus as many answers of 30 learners in no class. Each run asks for the teacher page
(``GET /learn/homework/<code>``: the two aggregate queries, the report, the template) and the CSV once, through
Flask's test client, after one warm-up request. Printed: CPU time (``time.process_time``) of each run, their
median and spread (max - min), for the page and for the CSV. Target (issue 36): the page in under 50 ms of CPU.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp import create_app  # noqa: E402
from webapp.core.db import db  # noqa: E402
from webapp.core.models import LearnAnswer, LearnMember  # noqa: E402
from webapp.learn import homework, path, store  # noqa: E402
from webapp.learn.progress import Progress, answered, to_dict  # noqa: E402

LESSONS = ("skat.trumps", "skat.follow_suit", "skat.tricks", "skat.matadors")
TARGET_MS = 50.0


def fill(app, children: int, answers: int) -> tuple[str, str]:
    """The class and its answers; returns ``(class code, teacher token)``."""
    rng = random.Random(36)
    today = store.today()
    rules = list(homework.homework_rules(LESSONS))
    with app.app_context():
        row, token = homework.create(LESSONS, today + 7, today - 90, 180)
        for group in ("class", "other"):
            for n in range(children):
                learner = store.create(rng.randrange(store.SEEDS))
                progress = Progress()
                for at, lesson in enumerate(LESSONS[: n % (len(LESSONS) + 1)]):
                    for _ in range(path.get(lesson).practice.mastery):
                        progress = answered(progress, lesson, path.get(lesson).main_rule, True, today - 80 + at)
                learner.progress = to_dict(progress)
                if group == "class":
                    db.session.add(LearnMember(class_id=row.id, learner_id=learner.id, nickname=f"Kind {n + 1}"))
                db.session.add_all(
                    LearnAnswer(learner_id=learner.id, lesson=LESSONS[k % len(LESSONS)], number=k,
                                rule=rules[k % len(rules)], correct=rng.random() > 0.1 * (1 + k % len(rules)) / 2,
                                answer={"x": "y"}, day=today - 90 + k * 90 // answers)
                    for k in range(answers))
            db.session.commit()
        return row.code, token


def cpu_ms(client, url: str) -> float:
    started = time.process_time()
    response = client.get(url, headers={"Accept-Language": "de"})
    used = (time.process_time() - started) * 1000
    assert response.status_code == 200, response.status_code
    return used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--children", type=int, default=30)
    parser.add_argument("--answers", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.sqlite3'}"})
        app.instance_path = folder
        code, token = fill(app, args.children, args.answers)
        with app.app_context():
            counted = homework.report(homework.find(code))
            total = sum(r.right + r.wrong for r in counted.rules)
            assert total == args.children * args.answers, total  # the other learners' answers are not counted
            print(f"the report counts {total} answers of {len(counted.children)} children, "
                  f"hardest rule {counted.rules[0].rule} ({counted.rules[0].wrong_share:.0%} wrong)")
        client = app.test_client()
        assert client.get(f"/learn/homework/{code}/teach/{token}").status_code == 303  # the teacher cookie
        for what, url in (("page", f"/learn/homework/{code}"), ("csv", f"/learn/homework/{code}/report.csv")):
            cpu_ms(client, url)  # warm-up: templates compiled, statements cached
            runs = [cpu_ms(client, url) for _ in range(args.runs)]
            median = statistics.median(runs)
            print(f"{what:>4}: {args.children} children x {args.answers} answers: runs "
                  f"{', '.join(f'{r:.1f}' for r in runs)} ms CPU; median {median:.1f} ms, spread "
                  f"{max(runs) - min(runs):.1f} ms; {median / TARGET_MS:.2f} x the {TARGET_MS:.0f} ms target")
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


if __name__ == "__main__":
    main()
