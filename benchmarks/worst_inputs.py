"""Benchmark: the CPU time of the worst inputs found for every route (issue 13: at most 50 ms a request).

    .venv/bin/python benchmarks/worst_inputs.py [--runs 5] [--only TEXT]

Each case is one request through the Flask test client of a fresh app (a
temporary SQLite database, rate limits off, CSRF off), repeated ``--runs``
times after one untimed run (Jinja compiles a template on its first use); the
CPU time the app spends on each request (its WSGI call: parsing, the engine,
rendering; not the test client's own work of building the request) is measured
with ``time.process_time()`` (user + system time of this process, so waiting
and other processes do not count). Prints a table route / input / status / median and max CPU ms, then the
slowest request overall and its ratio to the 50 ms budget.

The cases are the inputs whose cost grows fastest that could be found: the
longest plays and hands, Phoenix plays with many readings, wishes that make
the wish check search, the longest replays of the trick trainer, every quiz
kind at the largest count, the coach on every kind of Yahtzee position, full
Skat score sheets, Pokerface games at their last round, the longest valid games
of the Skat table and of a Tichu round (replayed from their links; also with
the memo of what a replay computes again empty, as for a deal no request has
shown), and links longer than a game can have. The Yahtzee coach's
strategy table is a one-time start-up cost (computed once a machine, handled
elsewhere): it is loaded (or computed) before measuring, and the output says so.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

BUDGET_MS = 50.0
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Case:
    """One request: ``method`` ``url`` with ``data``; ``setup(client)`` runs first, untimed (a session to load)."""

    route: str
    label: str
    url: str
    method: str = "GET"
    data: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    setup: Callable[[Any], Any] | None = None


HX = {"HX-Request": "true"}
FOURTEEN = "2g3g4g5g6g7g8g9g0gJgQgKgAgP"  # a one-suit run, Ace high, and the Phoenix


def tichu_cases() -> list[Case]:
    issue = "/tichu?table=2345678&play=3456789&wish=K&hand=222233334444555566667777888899990000JJJJQQQQKKKKAAAA1P"
    long_play = "23456789" * 200
    return [
        Case("/tichu", "issue 13: 54-card hand, 7-card straights, wish K", issue),
        Case("/tichu", "14-card hand, wish 9, 7-card straight on the table",
             "/tichu?table=2345678&play=3456789&wish=9&hand=3k4k5k6k7k8k9k0kJkQkKkAkP1"),
        Case("/tichu", "14-card hand of pairs, wish A, 6-pair stairs", "/tichu?table=223344556677&play=8899&wish=A"
             "&hand=8g8k9g9k0g0kJgJkQgQkKgKkAgP"),
        Case("/tichu", "14-card one-suit run with the Phoenix (readings)", f"/tichu?play={FOURTEEN}&reading=3"),
        Case("/tichu", "14 cards on the table, 14 in the play", f"/tichu?table={FOURTEEN}"
             "&play=2k3k4k5k6k7k8k9k0kJkQkKkAk1&wish=5&hand=2k3k4k5k6k7k8k9k0kJkQkKkAk1"),
        Case("/tichu", "1,600 cards in a play (refused)", f"/tichu?play={long_play}&table={long_play}"),
        Case("/tichu", "a 100 KB wish", "/tichu?wish=" + "K" * 100_000),
        Case("/tichu", "a 400 KB play and hand", f"/tichu?play={'7g' * (BIG // 2)}&hand={'7 ' * (BIG // 2)}"),
        Case("/tichu", "add a card to 14 (htmx)", f"/tichu?play={FOURTEEN[:-1]}&add_play=P", headers=HX),
    ]


def trick_cases() -> list[Case]:
    passes = "&".join(["m=pass"] * 60)
    from webapp.games.tichu.lessons import LESSONS

    return [
        Case("/tichu/trick", "lesson full, 60 moves of passing", f"/tichu/trick?lesson=full&{passes}"),
        Case("/tichu/trick", "lesson full played through", "/tichu/trick?lesson=full&m=1:w8&m=R&m=pass"),
        *(Case("/tichu/trick", f"lesson {key}, first view", f"/tichu/trick?lesson={key}") for key in LESSONS),
        Case("/tichu/trick", "a 15-card move (refused)", "/tichu/trick?lesson=full&m=" + FOURTEEN + "2k"),
        Case("/tichu/trick", "a 400 KB pick", "/tichu/trick?lesson=full&pick=" + "1R3g9kKg" * (BIG // 8)),
        Case("/tichu/trick", "a 400 KB move", "/tichu/trick?lesson=full&m=" + "1R3g9kKg" * (BIG // 8)),
    ]


def score_cases() -> list[Case]:
    return [
        Case("/tichu/score", "a full form", "/tichu/score?first=1&second=2&third=3&t1=30&t2=20&t3=25&t4=25"
             "&hand=0&call1=grand&call2=tichu&a=995&b=990"),
        Case("/tichu/score", "third=x (was a 500)", "/tichu/score?first=1&second=2&third=x"),
        Case("/tichu/score", "a 20-digit number", "/tichu/score?first=1&second=2&third=3&t1=" + "9" * 20),
    ]


#: The deal whose bot says the highest bids (a bot's limit of 120, the most of seeds 1-1500), so the auction the
#: child can hold against it is the longest of a valid link.
SKAT_LONG_SEED = 1120


def skat_table_cases() -> list[Case]:
    from webapp.games.skat.table import seat_of
    from webapp.games.skat.table_codes import bot_game_codes
    from webapp.games.skat.table_views import CHILD

    _, codes = bot_game_codes(SKAT_LONG_SEED, 1, holder=seat_of(CHILD, 1))  # the child holds every bid
    auction = ".".join(codes[:-30])
    longest = "/skat/table?seed=%d&game=1&a=%s" % (SKAT_LONG_SEED, ".".join(codes))

    def cold(client) -> str:  # a deal no request has shown yet: the bidding coach's memo does not know its hands
        from webapp.games.skat import coach
        coach._advice.cache_clear()
        return longest

    would = ("18.yes.20.yes.22.yes.23.pass.pass.skat.put:KS,8S.clubs.AH.7C.7H.JC.KC.JH.JD.AC.JS.8D.9D.0D.8H.QH.8C"
             ".AD.7D.QD.KD.KH")  # club players, the child to play in trick 9 (tests/web/test_skat_table_club.py)

    def signed(client) -> str:  # the address the server writes: its moves signed, so no bot's move is computed again
        from webapp.games.skat.table_views import signature
        with client.application.test_request_context():
            return f"/skat/table?seed=1&game=1&bots=club&sig={signature(1, 1, would)}&a={would}"

    def skat_coach(client) -> str:  # the skat coach scores 66 pairs x 5 games, its memo empty
        from webapp.games.skat import advice
        advice._skat_advice.cache_clear()
        return "/skat/table?seed=5&game=1&bots=club&a=pass.pass.18.skat"

    return [
        Case("/skat/table", "club players in trick 9, signed (the coach's card chances asked of the pool)", "",
             setup=signed),
        Case("/skat/table", "the same unsigned (each cheap bot move computed again, refused at the sampled one)",
             f"/skat/table?seed=1&game=1&bots=club&a={would}"),
        Case("/skat/table", "club players, the skat coach (66 pairs, memo empty)", "", setup=skat_coach),
        Case("/skat/table", f"the longest valid game ({len(codes)} moves), finished", longest),
        Case("/skat/table", "the same, a deal not seen before (the coach's memo empty)", "", setup=cold),
        Case("/skat/table", "the longest auction, the first card to play (htmx)",
             "/skat/table?seed=%d&game=1&a=%s&do=%s" % (SKAT_LONG_SEED, auction, codes[-30]), headers=HX),
        Case("/skat/table", "the longest auction and a bad do=",
             "/skat/table?seed=%d&game=1&a=%s&do=%s" % (SKAT_LONG_SEED, auction, "x" * 21)),
        Case("/skat/table", "the most moves a game can have (all passes, refused)",
             "/skat/table?seed=%d&game=1&a=%s" % (SKAT_LONG_SEED, ".".join(["pass"] * 200))),
        Case("/skat/table", "a 400 KB move list", "/skat/table?seed=1&game=1&a=" + "18." * (BIG // 3)),
    ]


#: The deal where the child makes the most moves (52, of seeds 1-300) by passing whenever it may
#: (:func:`webapp.games.tichu.round_views.long_round_codes`).
TICHU_LONG_SEED = 273


def tichu_round_cases() -> list[Case]:
    from webapp.games.tichu.round_views import long_round_codes

    codes = long_round_codes(TICHU_LONG_SEED)
    start = f"/tichu/round?seed={TICHU_LONG_SEED}&round=1&a=0&b=0&"
    moves = "&".join("m=" + c for c in codes)

    def cold(client) -> str:  # the hands' bombs not remembered yet (a deal no request has shown)
        from webapp.games.tichu import round_plays
        round_plays._bombs.cache_clear()
        return start + moves

    return [
        Case("/tichu/round", f"the longest round found ({len(codes)} moves of the child), over", start + moves),
        Case("/tichu/round", "the same, the bombs' memo empty", "", setup=cold),
        Case("/tichu/round", "the same and 150 more passes (refused)", start + moves + "&m=1.pass" * 150),
        Case("/tichu/round", "the last move as a click (htmx)",
             start + "&".join("m=" + c for c in codes[:-1]) + "&action=" + codes[-1].split(".")[1].split(":")[0]
             + "&pick=" + (codes[-1].split(":")[1] if ":" in codes[-1] else ""), headers=HX),
        Case("/tichu/round", "600 moves of 60 characters (refused)", start + ("&m=1.play:" + "2g" * 25) * 600),
    ]


SKAT_HAND = "JC,JS,JH,JD,AC,0C,KC,QC,9C,8C"
SKAT_WEAK = "7C,8S,9H,7D,8C,9S,0H,QD,KS,AH"


def skat_cases() -> list[Case]:
    long_hand = ",".join(["JC"] * 5000)
    return [
        Case("/skat", "family rule, 10 cards", f"/skat?hand={SKAT_HAND}"),
        Case("/skat", "official coach, 10 cards, no skat (231 skats)", f"/skat?rules=official&hand={SKAT_HAND}"),
        Case("/skat", "official coach, weak hand, no skat", f"/skat?rules=official&hand={SKAT_WEAK}"),
        Case("/skat", "official coach, 10 cards and the skat", f"/skat?rules=official&hand={SKAT_WEAK}&skat=JC,JS"),
        Case("/skat", "5,000 cards in the hand (refused)", f"/skat?rules=official&hand={long_hand}&skat={long_hand}"),
        Case("/skat", "random hand (htmx)", "/skat?rules=official&action=random", headers=HX),
    ]


def _skat_sheet(client) -> str:
    """Fill the score sheet to its last game (untimed), return the sheet's URL."""
    from webapp.games.skat.score_views import MAX_GAMES

    client.post("/skat/score/table", data={"players": "4", "seeger": "1"})
    for n in range(MAX_GAMES - 1):
        client.post("/skat/score", data={"declarer": str(n % 4), "game": "grand", "bid": "18", "points": "61",
                                         "tricks": "4", "matadors": "w1"})
    return "/skat/score"


def skat_score_cases() -> list[Case]:
    game = {"declarer": "0", "game": "grand", "bid": "18", "points": "61", "tricks": "4", "cards": SKAT_HAND,
            "skat": "7D,8D"}
    return [
        Case("/skat/score", "a full sheet", "/skat/score", setup=_skat_sheet),
        Case("/skat/score", "the last game on a full sheet, with cards", "/skat/score", method="POST", data=game,
             setup=_skat_sheet),
        Case("/skat/score.csv", "a full sheet", "/skat/score.csv", setup=_skat_sheet),
        Case("/skat/score", "400 KB of cards in the form", "/skat/score", method="POST",
             data={**game, "cards": "JC," * (BIG // 3), "skat": "7D," * (BIG // 3)}),
    ]


BIG = 400_000  # characters: a form field just under Flask's MAX_FORM_MEMORY_SIZE (500 KB)


def _poker_game(client, first_round: bool = False) -> str:
    """A Pokerface game at its last showdown (every round: three cards exchanged, most extras), as a URL;
    with ``first_round`` a new game at its first exchange."""
    from webapp.games.pokerface.game import Best, Exchange, Extras, Game, Next, Phase, Reveal, Toggle
    from webapp.games.pokerface.rules import MAX_EXTRA
    from webapp.games.pokerface.views import token

    game = Game.new("audit1")
    while not game.over and not first_round:
        if game.phase is Phase.EXCHANGE:
            game = game.apply(Toggle(0)).apply(Toggle(1)).apply(Toggle(2)).apply(Exchange())
        elif game.phase is Phase.EXTRAS:
            game = game.apply(Extras(MAX_EXTRA))
        elif game.phase is Phase.REVEAL:
            game = game.apply(Best()).apply(Reveal())
        else:
            game = game.apply(Next())
    with client.application.test_request_context():
        return f"/pokerface?g={token(game)}"


def pokerface_cases() -> list[Case]:
    return [
        Case("/pokerface", "a new game (htmx)", "/pokerface?seed=audit1", headers=HX),
        Case("/pokerface", "the last showdown of a game of most extras", "", setup=_poker_game),
        Case("/pokerface", "a forged token", "/pokerface?g=" + "A" * 4000),
        Case("/pokerface", "a 100,000-index selection", "", headers=HX,
             setup=lambda c: _poker_game(c, True) + "&sel=" + ",".join(["1", "2"] * 50_000)),
        Case("/pokerface/hands", "the hands page", "/pokerface/hands"),
        Case("/pokerface/quiz", "question 999,999 with an answer", "/pokerface/quiz?q=999999&answer=1"),
    ]


def _yahtzee(card: str, dice: str, held: str, roll: int):
    def setup(client) -> str:
        client.set_cookie("lang", "en")
        with client.session_transaction() as session:
            session["yahtzee"] = {"card": card, "dice": dice, "held": held, "roll": roll, "coach": True}
        return "/yahtzee"
    return setup


def yahtzee_cases() -> list[Case]:
    late = ("aces=3,twos=6,threes=9,fours=12,fives=15,sixes=18,three_of_a_kind=20,four_of_a_kind=0,"
            "full_house=25,small_straight=30,large_straight=40,yahtzee=50,bonus=3")
    return [
        Case("/yahtzee", "coach on, first roll of the game", "/yahtzee", setup=_yahtzee("", "12346", "00000", 1)),
        Case("/yahtzee", "coach on, second roll, nothing kept", "/yahtzee", setup=_yahtzee("", "11256", "00000", 2)),
        Case("/yahtzee", "coach on, a Yahtzee as joker, 12 boxes filled", "/yahtzee",
             setup=_yahtzee(late, "66666", "00000", 3)),
        Case("/yahtzee", "coach on, before the first roll", "/yahtzee", setup=_yahtzee("", "", "00000", 0)),
        Case("/yahtzee", "roll with the coach on (POST)", "/yahtzee", method="POST", data={"action": "roll"},
             headers=HX, setup=_yahtzee("", "11256", "10100", 1)),
        Case("/yahtzee", "hold-² (was a 500)", "/yahtzee", method="POST", data={"action": "hold-²"},
             setup=_yahtzee("", "11256", "00000", 1)),
        Case("/yahtzee", "a 400 KB button", "/yahtzee", method="POST", data={"action": "place-" + "x" * BIG},
             setup=_yahtzee("", "11256", "00000", 1)),
    ]


def _quiz_run(kind: str, difficulty: str, position: int | None = None):
    def setup(client) -> str:
        response = client.post("/quiz", data={"kind": kind, "difficulty": difficulty, "count": "30"})
        return response.location if position is None else f"{response.location}/{position}"
    return setup


def _answered(client, kind: str, answer: dict[str, str]) -> str:
    run = _quiz_run(kind, "hard")(client)
    client.post(run + "/answer", data={"position": "0", **answer})
    return run + "/0"


#: Every answer field name of the quiz kinds (a form may send them all).
ANSWER_FIELDS = ("value", "winner", "legal", "kind", "trump")


def quiz_cases() -> list[Case]:
    from webapp.quiz.kinds import DIFFICULTIES, KINDS

    cases = []
    for kind in KINDS:
        for difficulty in DIFFICULTIES:
            cases.append(Case("/quiz", f"new run: {kind}, {difficulty}, 30 questions", "/quiz", method="POST",
                              data={"kind": kind, "difficulty": difficulty, "count": "30"}))
        cases.append(Case("/quiz/<id>", f"question 1 of 30: {kind}, hard", "", setup=_quiz_run(kind, "hard")))
    answer = {"trump": "C", "value": "999", "legal": "yes", "kind": "single", "winner": "tie"}  # valid, mostly wrong
    for kind in KINDS:
        cases.append(Case("/quiz/<id>/answer", f"an answer with its feedback: {kind}", "", method="POST",
                          data={"position": "0", **answer},
                          setup=lambda c, kind=kind: _quiz_run(kind, "hard")(c) + "/answer"))
        cases.append(Case("/quiz/<id>/<n>", f"the feedback page again: {kind}", "",
                          setup=lambda c, kind=kind: _answered(c, kind, answer)))
    cases.append(Case("/quiz", "count 10^9 (refused)", "/quiz", method="POST",
                      data={"kind": "skat_family", "difficulty": "hard", "count": "1" * 1000}))
    cases.append(Case("/quiz/code", "a 400 KB code", "/quiz/code", method="POST", data={"code": "Z" * BIG}))
    for kind in KINDS:
        cases.append(Case("/quiz/<id>/answer", f"400 KB answer fields: {kind}", "", method="POST",
                          data={"position": "0", **{name: "9" * BIG for name in ANSWER_FIELDS}},
                          setup=lambda c, kind=kind: _quiz_run(kind, "hard")(c) + "/answer"))
    return cases


def _class(kind: str, action: str | None = None):
    def setup(client) -> str:
        teacher = client.post("/class/new", data={"kind": kind, "difficulty": "hard"}).location
        if action == "live":
            client.post(teacher + "/do", data={"action": "ask"})
            return teacher + "/board"
        return teacher + "/do" if action else teacher
    return setup


def classroom_cases() -> list[Case]:
    from webapp.quiz.kinds import KINDS

    cases = []
    for kind in KINDS:
        cases.append(Case("/class/new", f"a new class: {kind}, hard", "/class/new", method="POST",
                          data={"kind": kind, "difficulty": "hard"}))
        cases.append(Case("/class/<c>/present/do", f"ask a question: {kind}", "", method="POST",
                          data={"action": "ask"}, setup=_class(kind, "ask")))
        cases.append(Case("/class/<c>/present/do", f"a demo hand: {kind}", "", method="POST",
                          data={"action": "demo"}, setup=_class(kind, "demo")))
    cases.append(Case("/class/<c>/present/board", "the projector's poll", "", setup=_class("skat_official", "live")))
    cases.append(Case("/class/join", "a 400 KB nickname and code", "/class/join", method="POST",
                      data={"code": "Z" * BIG, "nickname": "N" * BIG}))
    return cases


GROUPS = (tichu_cases, trick_cases, tichu_round_cases, score_cases, skat_cases, skat_table_cases,
          skat_score_cases, pokerface_cases, yahtzee_cases, quiz_cases, classroom_cases)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="requests per case (default 5)")
    parser.add_argument("--only", default="", help="only cases whose route or input contains this text")
    args = parser.parse_args(argv)

    folder = Path(tempfile.mkdtemp(prefix="worst-inputs-"))
    from webapp import create_app
    from webapp.games.yahtzee.table import default_folder

    app = create_app({
        "SECRET_KEY": "benchmark", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'db.sqlite3'}",
        "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
        "QUIZ_RUNS_PER_HOUR": 10**6, "CLASSES_PER_HOUR": 10**6,  # the per-address caps measure nothing here
        "YAHTZEE_TABLE_DIR": str(default_folder()),  # $KARTENSCHULE_YAHTZEE_TABLE_DIR, else instance/
    })
    app.instance_path = str(folder)
    warm = warm_up(app)
    print(warm)

    cases = [c for group in GROUPS for c in group()]
    cases = [c for c in cases if args.only in c.route or args.only in c.label]
    rows = []
    for case in cases:
        times, status = measure(app, case, args.runs)
        rows.append((case, status, statistics.median(times), max(times)))

    width = max(len(c.label) for c, *_ in rows)
    route_width = max(len(c.route) for c, *_ in rows)
    print(f"{'route':<{route_width}} {'input':<{width}} status  median ms   max ms")
    for case, status, median, worst in rows:
        print(f"{case.route:<{route_width}} {case.label:<{width}} {status:>6} {median:>10.1f} {worst:>8.1f}")
    case, status, median, worst = max(rows, key=lambda r: r[3])
    print(f"\nslowest: {case.route} {case.label}: {worst:.1f} ms CPU "
          f"({worst / BUDGET_MS:.2f} x the {BUDGET_MS:.0f} ms budget), {args.runs} runs a case, {len(rows)} cases")


def warm_up(app) -> str:
    """Load (or compute once) the Yahtzee coach's table and build the poker evaluator's tables (both once a
    process, at start-up), and show every page once, before measuring."""
    from webapp.games.pokerface.rules import HAND_SIZE, MAX_EXTRA, default_evaluator
    from webapp.games.yahtzee import rules as y
    from webapp.games.yahtzee import table as yahtzee_table

    started = time.process_time()
    default_evaluator(HAND_SIZE), default_evaluator(HAND_SIZE + MAX_EXTRA)
    with app.app_context():
        store = app.extensions[yahtzee_table.EXTENSION].for_folder(
            yahtzee_table.app_folder(app.config, app.instance_path))
        store.ensure(y.FORCED)
    client = app.test_client()
    for url in ("/", "/skat", "/tichu", "/tichu/trick", "/tichu/score", "/pokerface", "/yahtzee", "/quiz", "/class"):
        client.get(url)
    return (f"warm-up (not measured): the Yahtzee coach's table loaded or computed, the poker evaluator's "
            f"tables built, every page shown once: {time.process_time() - started:.1f} s CPU")


def measure(app, case: Case, runs: int) -> tuple[list[float], int]:
    """CPU milliseconds of each of ``runs`` requests of ``case`` (a fresh client each, set up untimed).

    One more request runs first, untimed (Jinja compiles a template on its first use); the garbage
    collector runs before each timed request, so no case pays for the garbage of another.
    """
    times, status = [], 0
    spent: list[float] = []
    with timing(app, spent):
        for run in range(runs + 1):
            client = app.test_client()
            url = (case.setup(client) or case.url) if case.setup else case.url
            gc.collect()
            spent.clear()
            if case.method == "GET":
                response = client.get(url, headers=case.headers)
            else:
                response = client.post(url, data=case.data, headers=case.headers)
            if run:
                times.append(spent[-1])
            status = response.status_code
    return times, status


@contextmanager
def timing(app, spent: list[float], clock: Callable[[], float] = time.process_time) -> Iterator[None]:
    """While the block runs, each request to ``app`` appends its CPU milliseconds by ``clock`` to ``spent``: the
    app's own work (its WSGI callable), not the test client's."""
    inner = app.wsgi_app

    def timed(environ, start_response):
        started = clock()
        try:
            return inner(environ, start_response)
        finally:
            spent.append(1000 * (clock() - started))

    app.wsgi_app = timed
    try:
        yield
    finally:
        app.wsgi_app = inner


if __name__ == "__main__":
    main()
