"""The class plays Skat (issue 37, section 1): the same deals for every child, a fair ranking and the class's moment.

Duplicate play: every child of a class gets the same deals at the table against two bots, so luck drops out and
skill is compared (as in Skat leagues and bridge clubs). This module is the pure core the classroom pages build on
(no Flask, no database, no clock):

* :func:`round_deals`: a round's deals from the class's seed; the child's seat rotates as at a real table.
* :func:`child_score`: a child's Seeger-Fabian points for a finished deal (the list scoring of Skat tournaments, as
  :meth:`webapp.games.skat.official.Score.seeger_fabian` computes it).
* :func:`ranking`, :func:`top`, :func:`place_of`, :func:`best_of_deal`: the ranking over the deals played.
* :func:`class_moment`: from the open-cards analyses (:func:`webapp.games.skat.analysis.analyse`) of all children's
  games of one deal, the decision most children got wrong.

Sentences are :class:`~webapp.core.steps.Step` codes ``skat.duplicate.*`` (:mod:`.messages_duplicate`).

>>> [plan.child.name for plan in round_deals("4711", 4)]
['FOREHAND', 'REARHAND', 'MIDDLEHAND', 'FOREHAND']
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Sequence

from webapp.core.steps import NotationError, RuleViolation, Step
from webapp.games.skat.analysis import Mistake
from webapp.games.skat.official import GameType
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import DECK, Card
from webapp.games.skat.table import Phase, TableState, deal, seat_of

__all__ = ["BestResult", "DealPlan", "DealScore", "MAX_DEALS", "Moment", "Place", "TABLE_SEEDS", "best_of_deal",
           "child_score", "class_moment", "place_of", "ranking", "round_deals", "score_data", "score_from_data",
           "top"]

#: The most deals of one round (issue 37: the teacher picks 1-8).
MAX_DEALS = 8
#: Table seeds are drawn from ``1 .. TABLE_SEEDS - 1``: the table page (``/skat/table?seed=``) takes up to 9 digits,
#: so every deal of a round can also be opened there.
TABLE_SEEDS = 10 ** 9
#: The child is player 0 of the table, as on the table page (:data:`webapp.games.skat.table_views.CHILD`).
CHILD_PLAYER = 0
#: Seeger-Fabian points of each defender when the declarer loses, at a table of three (see :func:`child_score`).
DEFENDERS_WIN = 40


# --- 1. The round's deals ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DealPlan:
    """One deal of a round, the same for every child of the class.

    Attributes:
        number: the deal's number in the round (1..count); it is also the table's game number, so the dealer
            rotates as at a real table (:func:`webapp.games.skat.table.dealer_of`).
        seed: the table seed (1 .. :data:`TABLE_SEEDS` - 1) that :func:`webapp.games.skat.table.deal` deals it from.
        child: the child's :class:`Seat` (the bots take the other two).
        state: the deal as dealt (:attr:`Phase.AUCTION`).
    """

    number: int
    seed: int
    child: Seat
    state: TableState


def table_seed(seed: str | int, number: int) -> int:
    """The table seed of deal ``number`` of a round with the class's ``seed``: SHA-256 of
    ``"kartenschule-duplicate:<seed>:<number>"`` read as a number, into ``1 .. TABLE_SEEDS - 1``. The same on every
    machine and Python (no ``hash()``); ``7`` and ``"7"`` give the same deals."""
    digest = hashlib.sha256(f"kartenschule-duplicate:{seed}:{number}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % (TABLE_SEEDS - 1)


def round_deals(seed: str | int, count: int) -> tuple[DealPlan, ...]:
    """The ``count`` deals of a round for the class's ``seed`` (its join code or stored seed).

    Deal k (1..count) is ``table.deal(table_seed(seed, k), k)``. The child sits where player 0 of a real table
    sits in game k (:func:`webapp.games.skat.table.seat_of`): the deal passes to the left each game, so the
    child is forehand in deal 1, the dealer and so rearhand in deal 2, middlehand in deal 3, then forehand again
    (forehand, rearhand, middlehand, ...). Any three deals in a row give the child each seat once.

    Args:
        seed: the class's seed, a string (up to 64 characters) or an integer.
        count: the number of deals, 1 .. :data:`MAX_DEALS`.

    Returns:
        The :class:`DealPlan` of each deal, in order.

    Raises:
        NotationError: ``skat.duplicate.error.count`` for a count outside 1 .. :data:`MAX_DEALS` (or no integer),
            ``skat.duplicate.error.seed`` for a seed longer than 64 characters (or of another type).
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_DEALS:
        raise NotationError("skat.duplicate.error.count", f"a round has 1 to {MAX_DEALS} deals, not {count!r}",
                            count=str(count)[:12], most=MAX_DEALS)
    if isinstance(seed, bool) or not isinstance(seed, (str, int)) or len(str(seed)) > 64:
        raise NotationError("skat.duplicate.error.seed", "the round's seed is a number or text of up to 64 characters")
    plans = []
    for number in range(1, count + 1):
        table = table_seed(seed, number)
        plans.append(DealPlan(number, table, seat_of(CHILD_PLAYER, number), deal(table, number)))
    return tuple(plans)


# --- 2. A child's score for a finished deal ------------------------------------------------------------------------

@dataclass(frozen=True)
class DealScore:
    """A child's result of one finished deal.

    Attributes:
        number: the deal's number (the table's game number).
        game: the declared game, or None when all three passed.
        bid: the bid held (0: all passed).
        declarer: True when the child was the declarer.
        won: True when the declarer won, None when all passed.
        passed_in: True when all three passed (nobody played: 0 points for all).
        score: the declarer's list score (ISkO 5.3-5.4: + value won, - 2 x value lost), 0 when all passed.
        points: the child's Seeger-Fabian points for the deal.
        steps: how the points came about (``skat.duplicate.score.*``).
    """

    number: int
    game: GameType | None
    bid: int
    declarer: bool
    won: bool | None
    passed_in: bool
    score: int
    points: int
    steps: tuple[Step, ...]


def child_score(state: TableState, child: Seat) -> DealScore:
    """The Seeger-Fabian points of the child at ``child`` for the finished deal ``state``.

    The list scoring of Skat tournaments (Seeger-Fabian; DSkV Skatwettspielordnung; preisskat.org
    "Leistungsbewertung": game points + 50 x (games won - games lost) + 40 x the others' games lost at a table of
    three), with the figures of :meth:`webapp.games.skat.official.Score.seeger_fabian`: the declarer gets the game's
    score (ISkO 5.3: + value when won, - 2 x value when lost; overbid: ISkO 5.4) plus 50 when won or minus 50 when
    lost; each defender gets 40 when the declarer loses and 0 when it wins.
    A deal all three passed is not played (ISkO 3.2; the list notes it as "eingepasst", preisskat.org
    "Spielregeln" rule 6) and scores 0 for everybody.

    Args:
        state: a deal in :attr:`Phase.DONE` or :attr:`Phase.THROWN_IN`.
        child: the child's seat.

    Returns:
        The :class:`DealScore`.

    Raises:
        RuleViolation: ``skat.table.error.not_over`` while the deal is still under way.
    """
    if state.phase not in (Phase.DONE, Phase.THROWN_IN):
        raise RuleViolation("skat.table.error.not_over", "the game is not over yet")
    if state.phase is Phase.THROWN_IN or state.score is None or state.declarer is None:
        return _deal_score(state.game_number, None, 0, False, None, 0, 0)
    score = state.score
    declarer_points, defender_points = score.seeger_fabian(players=3)
    is_declarer = state.declarer == child
    return _deal_score(state.game_number, state.game, state.bid, is_declarer, score.won, score.score,
                       declarer_points if is_declarer else defender_points)


def _deal_score(number: int, game: GameType | None, bid: int, declarer: bool, won: bool | None, score: int,
                points: int) -> DealScore:
    """The :class:`DealScore` of these figures with its sentence (``game`` None: all three passed)."""
    if game is None:
        return DealScore(number, None, 0, False, None, True, 0, 0, (Step("skat.duplicate.score.passed"),))
    if declarer:
        code = "skat.duplicate.score.declarer_won" if won else "skat.duplicate.score.declarer_lost"
        step = Step(code, game=game, score=score, points=points)
    else:
        code = "skat.duplicate.score.defender_lost" if won else "skat.duplicate.score.defender_won"
        step = Step(code, game=game, points=points)
    return DealScore(number, game, bid, declarer, won, False, score, points, (step,))


def score_data(result: DealScore) -> dict[str, object]:
    """``result`` as JSON data for storage (:func:`score_from_data` reads it back): ``{"game": GameType value or
    None, "bid": int, "declarer": bool, "won": bool or None, "score": int, "points": int}``."""
    return {"game": result.game.value if result.game else None, "bid": result.bid, "declarer": result.declarer,
            "won": result.won, "score": result.score, "points": result.points}


def score_from_data(number: int, data: Mapping[str, object]) -> DealScore | None:
    """The :class:`DealScore` of deal ``number`` stored as :func:`score_data` gave it; None for damaged data (a
    key missing or of another type), so a bad row never breaks a page."""
    try:
        game = GameType(data["game"]) if data["game"] is not None else None
        bid, score, points = (data[k] for k in ("bid", "score", "points"))
        declarer, won = data["declarer"], data["won"]
    except (KeyError, TypeError, ValueError):
        return None
    if not all(type(v) is int for v in (bid, score, points)) or type(declarer) is not bool \
            or won not in (True, False, None):
        return None
    return _deal_score(number, game, bid, declarer, won, score, points)


# --- 3. The ranking ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    """A child's line in the ranking.

    Attributes:
        place: 1 for the best total; children with equal totals share a place (1, 2, 2, 4).
        nickname: the child's nickname.
        total: the sum of its Seeger-Fabian points over the deals played.
        played: the number of deals it finished.
        average: ``total / played`` (points a deal), or None when it finished none.
    """

    place: int
    nickname: str
    total: int
    played: int
    average: float | None


def _order(nickname: str) -> tuple[str, str]:
    """The display order within a tie: by nickname, case-insensitively, then exactly (stable for equal folds)."""
    return nickname.casefold(), nickname


def ranking(scores: Mapping[str, Sequence[DealScore | None]]) -> tuple[Place, ...]:
    """The class's ranking by the total Seeger-Fabian points over the deals played.

    A child who finished fewer deals is ranked by its total all the same (the average per deal played and the
    number played are given beside it); a child who finished none has total 0. Equal totals share a place (the
    next place skips: 1, 2, 2, 4); within a tie the order is by nickname (:func:`_order`), for a stable display.

    Args:
        scores: each child's nickname -> its deals in order, a :class:`DealScore` for each deal finished and None
            for one not (yet) finished.

    Returns:
        One :class:`Place` per child, best first.
    """
    lines = []
    for nickname, deals in scores.items():
        played = [d for d in deals if d is not None]
        total = sum(d.points for d in played)
        lines.append((nickname, total, len(played), total / len(played) if played else None))
    lines.sort(key=lambda line: (-line[1], _order(line[0])))
    places: list[Place] = []
    for index, (nickname, total, played, average) in enumerate(lines):
        place = places[-1].place if places and places[-1].total == total else index + 1
        places.append(Place(place, nickname, total, played, average))
    return tuple(places)


def top(places: Sequence[Place], n: int = 5) -> tuple[Place, ...]:
    """The places shown on the projector: every child at place ``n`` or better (more than ``n`` lines when a tie
    straddles place ``n``: nobody tied with a child shown is left out). No last places are ever shown."""
    return tuple(p for p in places if p.place <= n)


def place_of(places: Sequence[Place], nickname: str) -> Place | None:
    """The child's own line (shown on its tablet), or None when the nickname is not in the ranking."""
    return next((p for p in places if p.nickname == nickname), None)


@dataclass(frozen=True)
class BestResult:
    """A deal's best result: its ``number`` (1..8), the most Seeger-Fabian ``points`` a child made in it, and the
    ``children`` who made them (by nickname, :func:`_order`)."""

    number: int
    points: int
    children: tuple[str, ...]


def best_of_deal(scores: Mapping[str, Sequence[DealScore | None]], number: int) -> BestResult | None:
    """Deal ``number``'s best result and who reached it (``scores`` as for :func:`ranking`; ``number`` counts
    from 1). None when no child has finished that deal (also for a number out of range)."""
    results = {nickname: deals[number - 1] for nickname, deals in scores.items()
               if 1 <= number <= len(deals) and deals[number - 1] is not None}
    if not results:
        return None
    best = max(r.points for r in results.values())
    return BestResult(number, best, tuple(sorted((n for n, r in results.items() if r.points == best), key=_order)))


# --- 4. The class's moment -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Moment:
    """The decision of one deal that most children got wrong.

    Attributes:
        count: how many children made it; total: how many children's games were analysed (the mapping's size).
        trick: the trick's number (1-10).
        card: the card played (the most played one in that trick when ``same`` is False).
        better: the card that would have kept the child's side's result (the first in hand order), or None when
            the analysis found none.
        same: True when the ``count`` children made the same decision (same trick, same card, same better card);
            False when they went wrong in the same trick in different ways (the fallback).
        children: their nicknames (:func:`_order`); child: the child whose ``line`` is shown.
        line: the open-cards line of ``child``'s analysis from the mistake (``(seat, card)`` to the end).
        threshold: what ``child``'s side lost with the card (:attr:`Mistake.threshold`: the declarer's 61 card
            points to win, 90 Schneider, 31 out of Schneider; Null: 1, no trick), for the page's wording.
        steps: the sentences for the projector (``skat.duplicate.moment.*``).
    """

    count: int
    total: int
    trick: int
    card: Card
    better: Card | None
    same: bool
    children: tuple[str, ...]
    child: str
    line: tuple[tuple[Seat, Card], ...]
    threshold: int
    steps: tuple[Step, ...]


def _better(mistake: Mistake) -> Card | None:
    return mistake.better[0] if mistake.better else None


def _card_order(card: Card | None) -> int:
    return -1 if card is None else DECK.index(card)


def _most(cards: Sequence[Card | None]) -> Card | None:
    """The most frequent card; a tie goes to the first in :data:`DECK` order (None first)."""
    counts = Counter(cards)
    return min(counts, key=lambda c: (-counts[c], _card_order(c)))


def class_moment(mistakes: Mapping[str, Mistake | None]) -> Moment | None:
    """The class's moment of one deal: the decision most children got wrong.

    Each child's first deciding mistake (:attr:`webapp.games.skat.analysis.Analysis.mistake` of its game of this
    deal; None: no deciding mistake) is grouped by the same decision: (trick, card played, better card: the first
    card that would have kept the result). The largest group is the moment when at least two children share it
    (a tie goes to the earlier trick, then the card and the better card in :data:`DECK` order), or when every
    child erred in a trick of its own (then: the earliest). Otherwise (no two children made the same decision, but
    two or more went wrong in the same trick) the fallback groups by the trick alone: the trick most children went
    wrong in (ties: the earlier), with the card most played there and the better card most named with it (ties:
    :data:`DECK` order). The line shown is that of the first child (by nickname) of the group who played that
    card and named that better card.

    Args:
        mistakes: each analysed child's nickname -> its first deciding :class:`Mistake`, or None. Children whose
            game was not analysed (all passed, analysis still queued) are left out: they do not count in ``total``.

    Returns:
        The :class:`Moment`, or None when no child made a deciding mistake.
    """
    wrong = {nickname: m for nickname, m in mistakes.items() if m is not None}
    if not wrong:
        return None
    same = Counter((m.trick, m.card, _better(m)) for m in wrong.values())
    trick, card, better = min(same, key=lambda k: (-same[k], k[0], _card_order(k[1]), _card_order(k[2])))
    tricks = Counter(m.trick for m in wrong.values())
    exact = same[(trick, card, better)] >= 2 or max(tricks.values()) == 1
    if exact:
        group = sorted((n for n, m in wrong.items() if (m.trick, m.card, _better(m)) == (trick, card, better)),
                       key=_order)
    else:
        trick = min(tricks, key=lambda t: (-tricks[t], t))
        group = sorted((n for n, m in wrong.items() if m.trick == trick), key=_order)
        card = _most([wrong[n].card for n in group])
        better = _most([_better(wrong[n]) for n in group if wrong[n].card == card])
    child = next(n for n in group if (wrong[n].card, _better(wrong[n])) == (card, better))
    count, total = len(group), len(mistakes)
    code = "skat.duplicate.moment.same" if exact else "skat.duplicate.moment.trick"
    steps = [Step(code, count=count, total=total, trick=trick, card=card)]
    if better is not None:
        steps.append(Step("skat.duplicate.moment.better", card=better))
    return Moment(count, total, trick, card, better, exact, tuple(group), child, wrong[child].line,
                  wrong[child].threshold, tuple(steps))
