"""The Skat score sheet (official rules, ISkO 5.3-5.5): score finished games, keep a table's list.

* ``GET /skat/score``: the form for a finished game, the running list of the
  table (3 or 4 players) with totals, and the last game's score explained.
* ``POST /skat/score``: score one game and add it to the list (then 303 back);
  bad input answers 400 with the form kept and the problem named.
* ``POST /skat/score/table``: players, their names and Seeger-Fabian scoring.
* ``POST /skat/score/undo`` and ``/skat/score/clear``: take back the last game, clear the list.
* ``GET /skat/score.csv``: the list as CSV.

The list lives in the signed Flask session cookie (no database yet), one compact
record a game; the scores are computed anew from the records on every request.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, session, url_for

from webapp.core.csvfile import csv_text
from webapp.core.explain import label
from webapp.games.skat.look import skat_game_name
from webapp.games.skat import rules as skat
from webapp.games.skat import bids, official
from webapp.core.steps import RuleInputError, Step
from webapp.core.web import ProblemTracker

bp = Blueprint("skat_score", __name__)

SESSION_KEY = "skat_sheet"
MAX_GAMES = 40  # keeps the session cookie well below 4 KB
NAME_LENGTH = 12
GAME_CODES = {g.value: g for g in official.GameType}
ANNOUNCE_FLAGS = {"s": official.Announcement.SCHNEIDER, "z": official.Announcement.SCHWARZ}
MATADOR_CHOICES = [f"{k}{n}" for k in ("w", "o") for n in range(1, 12)]


@dataclass
class Table:
    """The table: player names (3 or 4), Seeger-Fabian on or off, and the game records."""

    names: list[str] = field(default_factory=lambda: ["A", "B", "C"])
    seeger: bool = False
    games: list[list[Any]] = field(default_factory=list)

    @classmethod
    def load(cls) -> "Table":
        """The table in the session. What no page writes (a bug, an older version) is dropped: names other
        than 3 or 4 texts give the default names, and each record :func:`valid_record` refuses is left out."""
        data = session.get(SESSION_KEY)
        data = data if isinstance(data, dict) else {}
        names = data.get("p")
        if not (isinstance(names, list) and len(names) in (3, 4) and all(isinstance(n, str) for n in names)):
            names = ["A", "B", "C"]
        games = data.get("g")
        games = [list(g) for g in games if valid_record(g, len(names))] if isinstance(games, list) else []
        return cls(list(names), bool(data.get("sf")), games[:MAX_GAMES])

    def save(self) -> None:
        session[SESSION_KEY] = {"p": self.names, "sf": int(self.seeger), "g": self.games}


@dataclass
class GameForm(ProblemTracker):
    """The submitted form, kept as text so that a bad entry is shown again as typed."""

    values: dict[str, str] = field(default_factory=dict)


FIELDS = ("declarer", "game", "hand", "ouvert", "announce", "bid", "cards", "skat", "matadors", "points", "tricks")
#: The most characters a field of the game's form may hold: the longest, the declarer's 10 cards, written
#: ``10C, 10S, ...``, takes 48. A longer field is refused (400) before it is read, and shown cut to this.
FIELD_CHARS = 80


def record_score(record: list[Any]) -> tuple[official.Score, tuple[Step, ...]]:
    """Score one stored record ``[declarer, game, flags, bid, points, tricks, matadors or "hand|skat"]``.

    Raises:
        RuleInputError: the record does not describe a valid game.
    """
    _, game, flags, bid, points, tricks, source = record
    announced = ANNOUNCE_FLAGS.get(flags[-1:]) if flags else None
    declaration, implied = official.declare(GAME_CODES[game], "h" in flags, "o" in flags, announced)
    hand = skat_cards = matadors = None
    if isinstance(source, str) and source:
        hand_text, _, skat_text = source.partition("|")
        hand = skat.parse_hand(hand_text)
        skat_cards = skat.parse_cards(skat_text) if skat_text else None
    elif not declaration.game.is_null:
        matadors = official.matadors_from_count(declaration.game, source > 0, abs(source))
    outcome = official.parse_outcome(points, tricks, skat_cards, null=declaration.game.is_null)
    result = official.score_game(hand, skat_cards, declaration, outcome, bid or None, matadors, implied)
    return result, implied


def valid_record(record: Any, players: int) -> bool:
    """Whether ``record`` is one :func:`read_form` could have made for ``players`` players, and scores.

    Shape: ``[declarer (0 .. players-1), game code, flags (text), bid, points, tricks (ints),
    matadors (int) or "hand|skat" (text)]``.
    """
    if not (isinstance(record, list) and len(record) == 7):
        return False
    declarer, game, flags, bid, points, tricks, source = record
    if not (all(type(n) is int for n in (declarer, bid, points, tricks)) and 0 <= declarer < players
            and game in GAME_CODES and isinstance(flags, str) and type(source) in (int, str)):
        return False
    try:
        record_score(record)
    except RuleInputError:
        return False
    return True


def read_form(form, players: int) -> tuple[GameForm, list[Any] | None]:
    """Check the submitted game; return the form and the new record (None on a problem).

    A field longer than :data:`FIELD_CHARS` is refused (400, ``skat.score.error.too_long``) before any is read."""
    state = form_values(form)
    if any(len(form.get(name, "")) > FIELD_CHARS for name in FIELDS):
        state.fail(Step("skat.score.error.too_long", most=FIELD_CHARS))
        return state, None
    v = state.values
    try:
        declarer = int(v["declarer"] or "-1")
        if not 0 <= declarer < players:
            raise ValueError
        if v["game"] not in GAME_CODES:
            raise ValueError
    except ValueError:
        state.fail(Step("web.error.bad_url", detail=f"declarer={v['declarer']}, game={v['game']}"))
        return state, None
    flags = ("h" if v["hand"] else "") + ("o" if v["ouvert"] else "")
    flags += {"schneider": "s", "schwarz": "z"}.get(v["announce"], "")
    try:
        bid = bids.parse_bid(v["bid"]) if v["bid"] else 0
        points = _number(v["points"], "skat.official.error.points", "points") if v["game"] != "null" else 0
        tricks = _number(v["tricks"], "skat.official.error.tricks", "tricks")
        source: Any
        if v["cards"] or v["skat"]:
            hand = skat.parse_hand(v["cards"])
            skat_cards = skat.parse_cards(v["skat"]) if v["skat"] else ()
            source = ",".join(map(str, hand)) + "|" + ",".join(map(str, skat_cards))
        elif v["game"] == "null":
            source = 0
        elif v["matadors"] in MATADOR_CHOICES:
            n = int(v["matadors"][1:])
            source = n if v["matadors"][0] == "w" else -n
        else:
            raise RuleInputError("skat.score.error.matadors", "give the cards or the matadors")
        record = [declarer, v["game"], flags, bid, points, tricks, source]
        record_score(record)
    except RuleInputError as error:
        state.fail(error)
        return state, None
    return state, record


def form_values(form) -> GameForm:
    """The form's fields as typed (stripped), each cut to :data:`FIELD_CHARS` characters."""
    return GameForm(values={name: form.get(name, "")[:FIELD_CHARS].strip() for name in FIELDS})


def _number(text: str, code: str, name: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RuleInputError(code, f"{name} must be a number, not {text!r}", **{name: text or "?"}) from None


def describe(result: official.Score) -> str:
    """A short name of the declared game: "Clubs Hand Schneider announced", "Null Ouvert"."""
    d = result.game.declaration
    if d.game.is_null:
        return skat_game_name(d.game, d.hand, d.ouvert)
    parts = [label(d.game)]
    if d.ouvert:
        parts.append(label(official.Level.OUVERT))
    elif d.hand:
        parts.append(label(official.Level.HAND))
        if d.announced is not None:
            parts.append(label(official.Level.SCHWARZ_ANNOUNCED if d.schwarz_announced
                               else official.Level.SCHNEIDER_ANNOUNCED))
    return " ".join(parts)


@dataclass
class Row:
    """One game of the list with its points for each player and the running totals."""

    number: int
    declarer: int
    result: official.Score
    description: str
    deltas: list[int]
    totals: list[int]


def sheet_rows(table: Table) -> list[Row]:
    """The list with each player's points (plain score, or Seeger-Fabian) and running totals."""
    rows: list[Row] = []
    totals = [0] * len(table.names)
    for number, record in enumerate(table.games, start=1):
        result, _ = record_score(record)
        deltas = [0] * len(table.names)
        if table.seeger:
            declarer_points, others = result.seeger_fabian(len(table.names))
            deltas = [others] * len(table.names)
            deltas[record[0]] = declarer_points
        else:
            deltas[record[0]] = result.score
        totals = [t + d for t, d in zip(totals, deltas)]
        rows.append(Row(number, record[0], result, describe(result), deltas, list(totals)))
    return rows


def render_sheet(table: Table, form: GameForm | None = None, status: int = 200) -> Response:
    rows = sheet_rows(table)
    last = rows[-1] if rows and form is None else None
    values = form.values if form is not None else {"declarer": "0", "game": "clubs", "matadors": "w1"}
    return Response(render_template(
        "skat/score.html", table=table, rows=rows, last=last, values=values,
        problem=form.problem if form is not None else None, games=list(official.GameType),
        bids=bids.VALID_BIDS, matador_choices=MATADOR_CHOICES, full=len(table.games) >= MAX_GAMES,
    ), status)


@bp.get("/skat/score")
def sheet():
    """The score sheet page: the form, the list with totals, the last game explained."""
    return render_sheet(Table.load())


@bp.post("/skat/score")
def add_game():
    """Score a finished game and add it to the list; 400 with the form kept on bad input."""
    table = Table.load()
    if len(table.games) >= MAX_GAMES:
        form = form_values(request.form)
        form.fail(Step("skat.score.error.full", count=MAX_GAMES), status=422)
        return render_sheet(table, form, form.status)
    form, record = read_form(request.form, len(table.names))
    if record is None:
        return render_sheet(table, form, form.status)
    table.games.append(record)
    table.save()
    return redirect(url_for("skat_score.sheet", _anchor="last-game"), code=303)


@bp.post("/skat/score/table")
def set_table():
    """Set the players (3 or 4, names up to 12 characters) and Seeger-Fabian scoring."""
    table = Table.load()
    players = request.form.get("players", "3")
    if players not in ("3", "4"):
        form = GameForm()
        form.fail(Step("web.error.bad_url", detail=f"players={players}"))
        return render_sheet(table, form, form.status)
    count = int(players)
    if any(record[0] >= count for record in table.games):
        form = GameForm()
        form.fail(Step("skat.score.error.players"))
        return render_sheet(table, form, form.status)
    defaults = "ABCD"
    table.names = [(request.form.get(f"name{i}", "").strip()[:NAME_LENGTH] or defaults[i]) for i in range(count)]
    table.seeger = bool(request.form.get("seeger"))
    table.save()
    return redirect(url_for("skat_score.sheet"), code=303)


@bp.post("/skat/score/undo")
def undo():
    """Take back the last game of the list."""
    table = Table.load()
    if table.games:
        table.games.pop()
        table.save()
    return redirect(url_for("skat_score.sheet"), code=303)


@bp.post("/skat/score/clear")
def clear():
    """Clear the list (players and options stay)."""
    table = Table.load()
    table.games.clear()
    table.save()
    return redirect(url_for("skat_score.sheet"), code=303)


@bp.get("/skat/score.csv")
def export_csv():
    """The list as CSV: one line a game, each player's points and running total.

    Player names are the child's text: cells go through the app's one CSV writer
    (:func:`webapp.core.csvfile.csv_text`), so ``=1+1`` is never run as a formula.
    """
    table = Table.load()
    header = (["game", "declarer", "declared", "bid", "value", "won", "score"]
              + [f"{n} points" for n in table.names] + [f"{n} total" for n in table.names])
    rows = ([row.number, table.names[row.declarer], row.description, row.result.bid or "",
             row.result.value, "yes" if row.result.won else "no", row.result.score, *row.deltas, *row.totals]
            for row in sheet_rows(table))
    response = Response(csv_text(header, rows), mimetype="text/csv")
    response.headers["Content-Disposition"] = "attachment; filename=skat-score-sheet.csv"
    return response
