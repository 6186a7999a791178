"""The projector's board of a class Skat round and each child's own place (issue 37, section 1), read from the
stored results.

A round's board is read with one query (:func:`board`): every child in the class (not removed) with its stored
games' deal, finished flag and result (:func:`webapp.games.skat.duplicate.score_data` JSON), never the moves: no
deal is replayed. From them:

* the progress: for each deal, how many children are at it (their current deal: the first not finished; a child
  who joined and has not opened deal 1 yet is at deal 1) and how many have finished it; who finished every deal;
* the ranking by the Seeger-Fabian points over the deals played (:func:`duplicate.ranking`), of which the
  projector names the top five (:func:`shown_places`: ties included, never a last place) with each child's deals
  played and points; each deal's best result and who reached it (:func:`duplicate.best_of_deal`);
* a child's own place (:func:`own_place`), for its tablet.

A damaged result (JSON of another shape) counts as a deal not played: the board never breaks on a bad row.
What the board depends on is :func:`progress`: the children in the class, their games started and finished,
one aggregate query (the presenter's poll answers 204 while it is unchanged).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import and_, bindparam, case, func

from webapp.classroom import skat_store
from webapp.core.db import db
from webapp.core.models import ClassSession, ClassSkatGame, Participant
from webapp.games.skat import duplicate
from webapp.games.skat.duplicate import BestResult, DealScore, Place

__all__ = ["Board", "DealProgress", "OwnPlace", "board", "own_place", "progress", "shown_places"]

#: How many places the projector names at most (ties at the last of them included).
TOP = 5


@dataclass(frozen=True)
class DealProgress:
    """Deal ``number``: ``playing`` children have it as their current deal, ``done`` children finished it."""

    number: int
    playing: int
    done: int


@dataclass(frozen=True)
class Board:
    """What the projector shows of a Skat round.

    Attributes:
        count: the round's number of deals.
        joined: children in the class (not removed).
        deals: the :class:`DealProgress` of each deal, in order.
        finished_all: the nicknames of the children who finished every deal (in the ranking's order).
        places: the whole ranking (:func:`duplicate.ranking`), every child in the class, best first.
        shown: the places the projector names (:func:`shown_places`); empty while no child finished a deal.
        best: each deal's :class:`BestResult` for the deals at least one child finished, in order.
        key: :func:`progress` of the same rows (the board's version).
    """

    count: int
    joined: int
    deals: tuple[DealProgress, ...]
    finished_all: tuple[str, ...]
    places: tuple[Place, ...]
    shown: tuple[Place, ...]
    best: tuple[BestResult, ...]
    key: str


@dataclass(frozen=True)
class OwnPlace:
    """A child's own line for its tablet.

    Attributes:
        place: its :class:`Place` (total, deals played, average).
        of: how many children are ranked (the class).
        named: True when its place may be said ("place 3 of 24"): in the top five and not the last place (all tied
            at place 1 counts as first); otherwise the tablet says its points and average with an encouraging word.
        all_played: True when it finished every deal of the round.
    """

    place: Place
    of: int
    named: bool
    all_played: bool


_ACTIVE = and_(Participant.session_id == bindparam("session_id"), Participant.removed.is_(False))
#: Every child of the class with its games' deal, finished flag and result (one row per game; a child without a game
#: once, with None): the board's one query.
_ROWS = (db.select(Participant.id, Participant.nickname, ClassSkatGame.deal, ClassSkatGame.finished,
                   ClassSkatGame.result)
         .outerjoin(ClassSkatGame, and_(ClassSkatGame.participant_id == Participant.id,
                                        ClassSkatGame.session_id == Participant.session_id))
         .where(_ACTIVE).order_by(Participant.id))
#: What the board depends on, one aggregate query: children, their games started, their games finished.
_PROGRESS = (db.select(func.count(func.distinct(Participant.id)), func.count(ClassSkatGame.id),
                       func.count(case((ClassSkatGame.finished.is_(True), 1))))
             .select_from(Participant)
             .outerjoin(ClassSkatGame, and_(ClassSkatGame.participant_id == Participant.id,
                                            ClassSkatGame.session_id == Participant.session_id))
             .where(_ACTIVE))


def _key(joined: int, started: int, finished: int) -> str:
    return f"{joined}-{started}-{finished}"


def progress(row: ClassSession) -> tuple[int, str]:
    """What the board of ``row`` depends on, from one aggregate query: the number of children in the class (not
    removed) and a short string of it with the numbers of their games started and of those finished (part of the
    presenter's version, :attr:`Board.key`). Games are only ever added and finished (never un-finished), so any
    child moving on to a new deal or finishing one changes it; a move inside a deal does not (the board shows
    nothing of it)."""
    joined, started, finished = db.session.execute(_PROGRESS, {"session_id": row.id}).one()
    return joined, _key(joined, started, finished)


def shown_places(places: tuple[Place, ...], n: int = TOP) -> tuple[Place, ...]:
    """The places the projector names: :func:`duplicate.top` (places 1 to ``n``, ties included) of the children who
    finished a deal, without the last place of the class (a small class would otherwise show its last child),
    unless everybody shares place 1."""
    if not places:
        return ()
    last = places[-1].place
    return tuple(p for p in duplicate.top(places, n) if p.played and (p.place == 1 or p.place < last))


@dataclass(frozen=True)
class _Read:
    """The board's query, read: the round's deal ``count``, each child's results by deal (``scores``: None for a
    deal not finished, or finished with a damaged result), each child's finished deal numbers by nickname
    (``finished``), the nicknames by participant id (``names``) and :func:`progress` of the same rows (``key``)."""

    count: int
    scores: dict[str, list[DealScore | None]]
    finished: dict[str, set[int]]
    names: dict[int, str]
    key: str


def _read(row: ClassSession) -> _Read:
    """The board's one query (:data:`_ROWS`), read."""
    count = int(skat_store.settings_of(row)["deals"])
    scores: dict[str, list[DealScore | None]] = {}
    finished: dict[str, set[int]] = {}
    names: dict[int, str] = {}
    started = 0
    for child, nickname, number, done, result in db.session.execute(_ROWS, {"session_id": row.id}):
        names[child] = nickname
        deals = scores.setdefault(nickname, [None] * count)
        mine = finished.setdefault(nickname, set())
        if number is None:
            continue
        started += 1
        if done:
            mine.add(number)
            if 1 <= number <= count and isinstance(result, dict):
                deals[number - 1] = duplicate.score_from_data(number, result)
    return _Read(count, scores, finished, names, _key(len(scores), started, sum(map(len, finished.values()))))


def board(row: ClassSession) -> Board:
    """The :class:`Board` of the Skat round ``row``, from one query (see the module's docstring)."""
    read = _read(row)
    count = read.count
    places = duplicate.ranking(read.scores)
    playing, done = [0] * (count + 2), [0] * (count + 2)
    for numbers in read.finished.values():
        playing[next((n for n in range(1, count + 1) if n not in numbers), count + 1)] += 1
        for number in numbers:
            if 1 <= number <= count:
                done[number] += 1
    complete = {nickname for nickname, numbers in read.finished.items()
                if all(n in numbers for n in range(1, count + 1))}
    shown = shown_places(places)
    best = tuple(b for b in (duplicate.best_of_deal(read.scores, n) for n in range(1, count + 1)) if b is not None)
    return Board(count, len(read.scores), tuple(DealProgress(n, playing[n], done[n]) for n in range(1, count + 1)),
                 tuple(p.nickname for p in places if p.nickname in complete), places, shown, best, read.key)


def own_place(row: ClassSession, participant_id: int) -> tuple[OwnPlace | None, str]:
    """The child ``participant_id``'s :class:`OwnPlace` in the Skat round ``row`` (None when it has finished no deal
    yet, or is not in the class), and the board's key (:func:`progress`: its tablet asks again with it), from one
    query."""
    read = _read(row)
    nickname = read.names.get(participant_id)
    places = duplicate.ranking(read.scores)
    mine = duplicate.place_of(places, nickname) if nickname is not None else None
    if mine is None or not mine.played:
        return None, read.key
    named = mine.place <= TOP and (mine.place == 1 or mine.place < places[-1].place)
    return OwnPlace(mine, len(places), named, all(n in read.finished[nickname] for n in range(1, read.count + 1))), \
        read.key
