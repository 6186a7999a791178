"""``/skat/table/analysis``: "where did I lose?" for a finished game at the table (blueprint ``skat_analysis``).

The query is the table's (``seed``, ``game``, ``a``: every move), replayed and checked as the table page does
(:func:`.table_views.read_game`: 400/409 for a bad or forbidden move). A game that is not finished answers 409; no
moves at all, 303 to the table.
The analysis runs in :mod:`.analysis_pool` off the request thread; this view only asks for it: when it is not kept
yet, the answer says "thinking" and asks again (htmx: ``hx-trigger="load delay:1s"``; without JavaScript the full
page refreshes itself every 2 seconds with a ``<meta http-equiv="refresh">``).
"""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, request, url_for

from webapp.core import security
from webapp.core.steps import Step
from webapp.core.web import error_page, page_or_fragment
from webapp.games.skat import analysis_pool
from webapp.games.skat.analysis_pool import AnalysisPool, Answer, Status
from webapp.games.skat.table import Phase, deal
from webapp.games.skat.table_views import (
    BOT_NAMES, CHILD, MAX_CODE_CHARS, MAX_CODES, MAX_SEED_DIGITS, SEP, TableGame, level_of, owner, read_game,
)

bp = Blueprint("skat_analysis", __name__)
bp.record_once(lambda state: analysis_pool.init_app(state.app))

#: Seconds between two asks while the analysis is thinking (htmx; the page without JavaScript waits 2 s).
POLL_SECONDS = 1
#: The cards of a whole game's play (10 tricks of 3).
CARDS_PLAYED = 30


def pool() -> AnalysisPool:
    """This app's :class:`AnalysisPool`."""
    return current_app.extensions[analysis_pool.EXTENSION]


@bp.get("/skat/table/analysis")
@security.limiter.limit(lambda: current_app.config["GAME_LIMIT"])
def analysis():
    """The analysis of the finished game in the query (see the module's docstring); without moves, the table."""
    if not request.args.get("a"):
        return redirect(url_for("skat_table.table", **{k: v for k, v in request.args.items() if k in ("seed", "game")}),
                        code=303)
    known = _known()
    if known is not None:  # a poll for a game already checked: no replay (see AnalysisPool.peek)
        return _answer(*known)
    game = read_game()
    if game.problem is not None:
        return error_page(game.problem, game.status)
    if game.state.phase is not Phase.DONE:
        return error_page(Step("skat.analysis.error.not_done"), 409)
    return _answer(game, pool().ask((game.seed, game.number, tuple(game.codes)), CHILD, owner()))


def _known() -> tuple[TableGame, Answer] | None:
    """The game of the query and its answer when the pool already knows the game (its moves exactly as the table
    writes them); None otherwise. Bounded as :func:`.table_views.read_game` reads the query."""
    text = request.args.get("a", "")
    seed, number = request.args.get("seed", ""), request.args.get("game", "1")
    if len(text) > MAX_CODES * (MAX_CODE_CHARS + 1) or not _digits(seed) or not _digits(number):
        return None
    if len(seed) > MAX_SEED_DIGITS or len(number) > 2:
        return None
    key = (int(seed), int(number), tuple(c for c in text.split(SEP) if c))
    answer = pool().peek(key)
    if answer is None:
        return None
    # the game's moves are known to be a finished game's (they were checked when first asked): only the seed, the
    # number and the codes are needed to answer, not the state
    return TableGame(seed=key[0], number=key[1], state=deal(key[0], key[1]), codes=list(key[2]),
                     coach=request.args.get("coach") != "0", level=level_of(request.args.get("bots"))), answer


def _digits(text: str) -> bool:
    """ASCII digits only ("¹" and "٣" are digits to Python's ``isdigit``, not to a URL the table writes)."""
    return text.isascii() and text.isdigit()


def _answer(game: TableGame, answer: Answer):
    """The answer's page or fragment: the analysis with the better line and the "try it yourself" link, or
    "thinking" / "busy" (503) / "failed"."""
    url = url_for("skat_analysis.analysis", **game.args())
    lines, retry = [], None
    if answer.result is not None and answer.result.mistake is not None:
        mistake = answer.result.mistake
        lines = [(mistake.trick + at // 3, [(game.player_at(seat), card) for seat, card in mistake.line[at:at + 3]])
                 for at in range(0, len(mistake.line), 3)]
        # the table again just before the deciding card, the cards open: the child tries the better card itself
        before = game.codes[:len(game.codes) - CARDS_PLAYED + mistake.index]
        retry = url_for("skat_table.table", **game.args(a=SEP.join(before), open=1))
    status = 503 if answer.status is Status.BUSY else 200
    return page_or_fragment("skat/analysis.html", "skat/_analysis.html", status, answer=answer,
                            state=answer.status.value, url=url, lines=lines, retry=retry, names=("you",) + BOT_NAMES,
                            table_url=url_for("skat_table.table", **game.args()), poll=POLL_SECONDS)
