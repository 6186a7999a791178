"""Benchmark: the teacher's homework report (issue 36, part 2) of a synthetic class of 30 over a term.

    .venv/bin/python benchmarks/learn_report.py [--children 30] [--answers 300] [--runs 3] [--items 10]

A fresh SQLite database (a temporary folder, deleted after) gets a homework of four Skat lessons, 30 children in
it and 300 answers each on the homework's rules since it was set (a term: 9,000 answers; a tenth wrong, more for
the later rules), plus as many answers of 30 learners in no class. Each run asks for the teacher page
(``GET /learn/homework/<code>``: the two aggregate queries, the report, the template) and the CSV once, through
Flask's test client, after one warm-up request. Printed: CPU time (``time.process_time``) of each run, their
median and spread (max - min), for the page and for the CSV. Target (issue 36): the page in under 50 ms of CPU.

Then the class at work: ``--children`` children join the homework (``POST /learn/class``) and each answers
``--items`` items of the Skat path (all right: a lesson is mastered every 4 items, then the next), one child after
the other, as a child does: the lesson page with its item, the answer (``POST``), the feedback page it is sent to.
Printed: the CPU ms of each of the three requests (median and 95th percentile over all children and items), and the
share of the server's cores that 30 children answering an item every 10 seconds each would keep busy. Target (issue
36): every request within the request budget (50 ms of CPU).
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
from learnhelpers import item_fields  # noqa: E402  (a child's right answer, as the route tests give it)

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


def timed(call) -> tuple[float, object]:
    """``call()``'s CPU time in ms and its result."""
    started = time.process_time()
    result = call()
    return (time.process_time() - started) * 1000, result


def at_work(app, code: str, children: int, items: int) -> None:
    """The class at work (see the module's docstring): children join and answer, the CPU of each request."""
    # All answers are right, so each lesson is mastered after its ``mastery`` items and the child goes on.
    lessons = [lesson.id for lesson in path.PATHS["skat"] for _ in range(lesson.practice.mastery)
               if lesson.practice.drills]
    clients = [app.test_client() for _ in range(children)]
    for n, client in enumerate(clients):
        assert client.post("/learn/class", data={"code": code, "nickname": f"Neu {n + 1}"}).status_code == 303
    used: dict[str, list[float]] = {"page": [], "answer": [], "feedback": []}
    for lesson in lessons[:items]:
        for client in clients:
            ms, fields = timed(lambda: item_fields(app, client, lesson))  # the page (and solving it: a bit more)
            used["page"].append(ms)
            ms, response = timed(lambda: client.post(f"/learn/{lesson}", data=fields))
            assert response.status_code == 303, response.status_code
            used["answer"].append(ms)
            ms, shown = timed(lambda: client.get(response.location))
            assert shown.status_code == 200, shown.status_code
            used["feedback"].append(ms)
    per_item = 0.0
    for what, runs in used.items():
        runs.sort()
        median, p95 = statistics.median(runs), runs[int(0.95 * (len(runs) - 1))]
        per_item += median
        print(f"{what:>8}: {len(runs)} requests: median {median:.1f} ms CPU, p95 {p95:.1f} ms; "
              f"{p95 / TARGET_MS:.2f} x the {TARGET_MS:.0f} ms budget at p95")
    load = children / 10 * per_item / 1000 / (os.cpu_count() or 1)
    print(f"{children} children answering an item every 10 s: {per_item:.1f} ms CPU an item, {load:.1%} of "
          f"{os.cpu_count()} cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--children", type=int, default=30)
    parser.add_argument("--answers", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--items", type=int, default=10)
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False, "WTF_CSRF_ENABLED": False,
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
        at_work(app, code, args.children, args.items)
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


if __name__ == "__main__":
    main()
