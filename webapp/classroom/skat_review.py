"""The open-cards review of a child's finished game in a class Skat round (issue 37, section 1), kept in the database.

When a child finishes a deal, its game is handed to the app's bounded analysis pool
(:mod:`webapp.games.skat.analysis_pool`, the same key as the table's "where did I lose?", so the child's own analysis
and the class's share the work) and the request goes on: nothing is analysed on a request thread. The result is
written in brief to :attr:`ClassSkatGame.review <webapp.core.models.ClassSkatGame.review>` once the pool has it, so a
restart loses nothing and the projector and the CSV read the database only. A game finished but not reviewed yet (the
pool was busy, the server restarted) is asked for again whenever the projector's moment is polled (:func:`complete`).

The stored shape (:func:`review_data`, read back by :func:`read_review`)::

    {"mistake": null}                                   # analysed: no deciding mistake
    {"mistake": null, "failed": true}                   # the analysis failed: nothing to show
    {"mistake": {"trick": 3, "card": "AH", "better": ["JC"], "threshold": 61,
                 "line": [["FOREHAND", "JC"], ...], "winner": "MIDDLEHAND", "index": 6}}

cards as the seed notation writes them (``str(card)``: ``"0S"`` the ten of spades), seats by their names. A deal all
three passed was not played: it is never analysed and needs no review.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from webapp.core.db import db, writing
from webapp.core.models import ClassSkatGame
from webapp.games.skat.analysis import Mistake
from webapp.games.skat.analysis_pool import AnalysisPool, Key, Status
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import Card, parse_card
from webapp.games.skat.table_views import CHILD, SEP
from webapp.games.skat.table_work_views import current_pool

__all__ = ["Review", "ask", "complete", "key_of", "needs_review", "read_review", "review_data", "start"]

#: The most cards of a line (a whole game's card play).
LINE_MAX = 30


@dataclass(frozen=True)
class Review:
    """A stored review: the child's first deciding ``mistake`` (None: none), or ``failed`` (the analysis raised)."""

    mistake: Mistake | None
    failed: bool = False


def review_data(result: Any) -> dict[str, Any]:
    """The review of the pool's ``result`` (an :class:`~webapp.games.skat.analysis.Analysis`; None: the analysis
    failed) as JSON data (the shape in the module's docstring). Anything else (a bot's move: the pool's answer for
    stored moves that do not end the game, a damaged row) counts as failed, never an error on the page."""
    if getattr(result, "mistake", False) is False:  # not an Analysis (its mistake may be None)
        return {"mistake": None, "failed": True}
    mistake = result.mistake
    if mistake is None:
        return {"mistake": None}
    return {"mistake": {"trick": mistake.trick, "card": str(mistake.card), "better": [str(c) for c in mistake.better],
                        "threshold": mistake.threshold, "line": [[seat.name, str(card)] for seat, card in mistake.line],
                        "winner": mistake.winner.name, "index": mistake.index}}


def read_review(data: Any) -> Review | None:
    """The :class:`Review` stored as :func:`review_data` wrote it; None when there is none or it is damaged (a key
    missing, a value of another type or out of range), so a bad row never breaks a page: it is analysed again."""
    if not isinstance(data, dict) or "mistake" not in data:
        return None
    found = data["mistake"]
    if found is None:
        return Review(None, data.get("failed") is True)
    try:
        trick, threshold, index = found["trick"], found["threshold"], found["index"]
        if not all(type(v) is int for v in (trick, threshold, index)) or not 1 <= trick <= 10 \
                or not 0 <= index < LINE_MAX or not isinstance(found["better"], list) \
                or not isinstance(found["line"], list) or len(found["line"]) > LINE_MAX:
            return None
        line = tuple((Seat[seat], _card(card)) for seat, card in found["line"])
        return Review(Mistake(trick, _card(found["card"]), tuple(_card(c) for c in found["better"][:10]), threshold,
                              line, Seat[found["winner"]], index))
    except (KeyError, TypeError, ValueError):
        return None


def _card(text: Any) -> Card:
    """A card of the stored notation (ValueError, the parser's RuleInputError, for anything else)."""
    if not isinstance(text, str) or len(text) > 3:
        raise ValueError(text)
    return parse_card(text)


def needs_review(game: ClassSkatGame) -> bool:
    """True for a finished, played game (not all passed) whose review is missing or damaged."""
    if not game.finished or not isinstance(game.result, dict) or game.result.get("game") is None:
        return False
    return read_review(game.review) is None


def key_of(table_seed: int, game: ClassSkatGame) -> Key:
    """The pool's key of the game: the table's (seed, game number, every move), as "where did I lose?" asks it."""
    return table_seed, game.deal, tuple(c for c in game.moves.split(SEP) if c)


def _owner(game: ClassSkatGame) -> str:
    """Who asks: the child in its class (one analysis of a child's at a time, as at the table)."""
    return f"class-skat:{game.session_id}:{game.participant_id}"


def ask(pool: AnalysisPool | None, table_seed: int, game: ClassSkatGame) -> dict[str, Any] | None:
    """Ask the pool for the game's analysis (starting it when it is neither kept nor running: never waits).

    Returns:
        The review data (:func:`review_data`) when the pool has the answer (ready or failed); None while it is
        thinking, busy (the queue is full: asked again at the next poll) or when there is no pool.
    """
    if pool is None:
        return None
    answer = pool.ask(key_of(table_seed, game), CHILD, _owner(game))
    if answer.status is Status.READY:
        return review_data(answer.result)
    if answer.status is Status.FAILED:
        return review_data(None)
    return None


def start(table_seed: int, game: ClassSkatGame) -> None:
    """A child has just finished ``game`` (committed): hand it to the app's pool (the answer is stored when the
    projector next asks, :func:`complete`). Never waits for the analysis."""
    if needs_review(game):
        ask(current_pool(), table_seed, game)


def complete(games: Iterable[tuple[int, ClassSkatGame]]) -> dict[int, dict[str, Any]]:
    """Ask the pool for every game of ``games`` (``(table seed, row)``) that :func:`needs_review`, and store the
    reviews it has (one commit, only the rows whose review changes; a row's review is only ever written with the
    same answer, so two polls at once write the same).

    Returns:
        The reviews written, by the game row's id (the caller's rows are not refreshed: the commit expires them).
    """
    pool, written = current_pool(), {}
    for table_seed, game in games:
        if needs_review(game):
            data = ask(pool, table_seed, game)
            if data is not None:
                written[game.id] = data
    if written:
        with writing():  # a GET (the projector's poll): not in its read transaction (SQLite could refuse the lock)
            for game_id, data in written.items():
                db.session.execute(db.update(ClassSkatGame)
                                   .where(ClassSkatGame.id == game_id, ClassSkatGame.finished.is_(True))
                                   .values(review=data).execution_options(synchronize_session=False))
    return written
