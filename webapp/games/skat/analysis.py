"""Where did I lose? The open-cards analysis of a finished game at the table. Pure, no Flask.

After the last trick every card is known, so each position of the game can be solved with open cards
(:mod:`.solver`, double dummy). The analysis says, for one player (the child):

* what the deal was worth as dealt and declared: with best play by all three, the declarer's card points (or, in
  Null, whether it can take no trick);
* the child's card that decided the result for its side: won to lost, Schneider to no Schneider, safe from
  Schneider to Schneider (the thresholds of ISkO 4.1.2 and 5.1.2: 61, 90 and 31 card points; in Null: no trick),
  the cards that would have held it, and the better line of play with open cards from there;
* for a declarer whose game could not be won from the first card: whether another pair put away, or another game
  with the same cards, would have won, or that nobody could have won it (bad luck, not a mistake); and whether the
  bid was above what the cards were worth.

The work is bounded: every search of one analysis shares one :class:`~.solver.Solver` with a node limit
(:data:`NODE_LIMIT`), so the same game gives the same answer on every machine; a part that passes the limit is
left out and said so.

>>> [outcome_level(points) for points in (30, 31, 60, 61, 89, 90)]
[0, 1, 1, 2, 2, 3]
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from webapp.core.steps import NotationError, Step
from webapp.games.skat.official import SUIT_GAMES, GameType
from webapp.games.skat.play import Seat, card_points, legal_cards, trick_winner
from webapp.games.skat.rules import Card
from webapp.games.skat.solver import DECLARER, Position, SearchLimit, Solver
from webapp.games.skat.table import Phase, TableState

__all__ = ["Analysis", "Mistake", "NODE_LIMIT", "analyse", "outcome_level"]

#: The most positions one analysis may search (about 4 s of one core in CPython at worst; most games need far
#: fewer). Node counts do not depend on the machine, so the answer is the same everywhere.
NODE_LIMIT = 3_000_000
#: The most positions spent on the exact card points of the deal (the rest of the analysis needs only thresholds).
EXACT_LIMIT = 300_000
#: The most positions spent on one other pair put away or one other game.
TRY_LIMIT = 10_000
#: The declarer's card points that change the outcome (ISkO 4.1.2, 5.1.2): 31 (not Schneider), 61 (won),
#: 90 (Schneider). Levels count the thresholds reached: 0 (30 or fewer) .. 3 (90 or more).
THRESHOLDS = (31, 61, 90)
#: In Null a position's ``taken`` is this when the declarer has already taken a trick (the game is lost; the
#: solver ignores ``taken`` in Null).
NULL_TAKEN = 1000


def outcome_level(points: int) -> int:
    """The declarer's level for ``points`` final card points: 0 (30 or fewer, Schneider), 1 (31-60, lost),
    2 (61-89, won), 3 (90 or more, won Schneider) (ISkO 4.1.2, 5.1.2)."""
    return sum(points >= t for t in THRESHOLDS)


@dataclass(frozen=True)
class Mistake:
    """The child's card that decided its side's result (with best play from the positions before and after it).

    Attributes:
        trick: the trick's number (1-10); card: the card played; better: the cards that would have kept the
        outcome, in the order of the hand.
        threshold: the declarer's card points the child's side held before the card and lost after it (61, 90 or
            31: reaching them for a declarer, keeping the declarer below them for a defender; Null: 1, no trick).
        line: the better line with open cards from the mistake: ``(seat, card)`` for every card to the end (may
        stop early when the work limit was reached).
        winner: who took the trick the card was played to (a :class:`Seat`).
        index: the card's place in the game's card play (0-29).
    """

    trick: int
    card: Card
    better: tuple[Card, ...]
    threshold: int
    line: tuple[tuple[Seat, Card], ...]
    winner: Seat
    index: int


@dataclass(frozen=True)
class Analysis:
    """The open-cards analysis of one finished game, for one player.

    Attributes:
        seat: whose game it is (the child's seat); declarer: the declarer's seat; game: the declared game.
        points: with best play from the first card, the declarer's card points (the skat included), or None when
            the exact count passed its work limit; Null: 1 (clean) or 0.
        winnable: True when the declarer wins with best play from the first card; None when unknown (work limit).
        played_level: the level (:func:`outcome_level`) the game ended at.
        mistake: the child's first card that made its outcome worse, or None.
        fix: for a declarer whose game was lost from the first card: a step naming a pair to put away or a game
            that would have won, or None.
        steps: the whole explanation, in order (``skat.analysis.*``).
        complete: False when a part was left out because the work limit was reached.
        nodes: the positions searched.
    """

    seat: Seat
    declarer: Seat
    game: GameType
    points: int | None
    winnable: bool | None
    played_level: int
    mistake: Mistake | None
    fix: Step | None
    steps: tuple[Step, ...]
    complete: bool
    nodes: int


class _Line:
    """The game's card play as positions seen from the declarer (``DECLARER`` = the declarer's seat)."""

    def __init__(self, state: TableState) -> None:
        if state.phase is not Phase.DONE or state.declaration is None or state.declarer is None:
            raise NotationError("skat.analysis.error.not_done", "only a finished game can be analysed")
        self.state = state
        self.game = state.declaration.game
        self.declarer = state.declarer
        self.plays: list[tuple[Seat, Card]] = [pair for trick in state.tricks for pair in trick.cards]
        self.start = {seat: tuple(c for s, c in self.plays if s == seat) for seat in Seat}
        self.skat = () if self.game.is_null else tuple(state.discarded)

    def relative(self, seat: Seat) -> int:
        """0 for the declarer, 1 for the player on its left (plays after it), 2 for the one on its right."""
        return (seat.value - self.declarer.value) % 3

    def seat_of(self, relative: int) -> Seat:
        """The seat of a player numbered from the declarer."""
        return Seat((self.declarer.value + relative) % 3)

    def position(self, index: int) -> Position | None:
        """The position before play number ``index`` (0-29); None after the last card."""
        if index >= len(self.plays):
            return None
        gone = set(c for _, c in self.plays[:index])
        held = {seat: tuple(c for c in self.start[seat] if c not in gone) for seat in Seat}
        in_trick = index % 3
        trick = self.plays[index - in_trick:index]
        leader = self.plays[index - in_trick][0]
        mine = [t for t in self.state.tricks[:index // 3] if t.winner == self.declarer]
        taken = (NULL_TAKEN if mine else 0) if self.game.is_null else sum(t.points for t in mine)
        return Position(self.game, tuple(held[self.seat_of(r)] for r in range(3)), self.skat,
                        self.relative(leader), tuple(c for _, c in trick), taken)


def analyse(state: TableState, seat: Seat, node_limit: int = NODE_LIMIT) -> Analysis:
    """Analyse a finished game with open cards for the player at ``seat`` (see the module's docstring).

    The mistake searched for is the one that decided the result played: of the thresholds the result missed for the
    child's side (won/lost at 61 first, then Schneider at 90 or 31), the first its side held at the first card;
    the child's last card before which its side could still reach it with best play, and after which it could not
    (see :func:`_deciding_mistake`).

    Args:
        state: a game in :attr:`Phase.DONE` (a thrown-in game has no play to analyse).
        seat: the child's seat.
        node_limit: the work limit in positions searched (the default: :data:`NODE_LIMIT`).

    Returns:
        The :class:`Analysis`.

    Raises:
        NotationError: ``skat.analysis.error.not_done`` when the game is not finished.
    """
    line = _Line(state)
    solver = Solver(line.game, node_limit=node_limit)
    declarer_side = seat == line.declarer
    null = line.game.is_null
    if null:
        played = int(not any(t.winner == line.declarer for t in state.tricks))
    else:
        played = outcome_level(state.score.outcome.points)
    # The thresholds the child's side missed: above the result (declarer) or at and below it (defence), the most
    # important first (won/lost before Schneider); the first that its side held at the first card is the one lost.
    if null:
        missed = (1,)
    elif declarer_side:
        missed = tuple(sorted(THRESHOLDS[played:], key=lambda t: (t != 61, t)))  # 61, then 31 or 90
    else:
        missed = tuple(sorted(THRESHOLDS[:played], key=lambda t: (t != 61, -t)))  # 61, then 90 or 31
    complete = True
    steps: list[Step] = []
    winnable: bool | None = None
    mistake = target = None
    first = line.position(0)
    try:
        winnable = _holds(solver, first, 61, True)
        target = next((t for t in missed if _holds(solver, first, t, declarer_side)), None)
        if target is not None:
            mistake = _deciding_mistake(line, seat, declarer_side, target, solver)
    except SearchLimit:
        complete = False
    points = None
    if not null and winnable is not None:
        limit = solver.node_limit
        solver.node_limit = solver.nodes + EXACT_LIMIT
        try:
            points = solver.value(first)
        except SearchLimit:
            points = None
        solver.node_limit = limit
    steps.extend(_deal_steps(null, points, winnable))
    fix = None
    if mistake is not None:
        steps.extend(_mistake_steps(mistake, declarer_side, null, target))
    elif complete and winnable is not None:
        could = winnable == declarer_side  # the child's side wins with best play from the first card
        if state.score.won == declarer_side:
            steps.append(Step("skat.analysis.no_mistake_won"))
            if not could:
                steps.append(Step("skat.analysis.lucky"))
        elif could:
            steps.append(Step("skat.analysis.no_mistake"))  # lost by the partner's cards, not the child's
        elif declarer_side:
            fix, checked = _other_choices(line, solver)
            steps.append(fix if fix is not None else
                         Step("skat.analysis.bad_luck" if checked else "skat.analysis.bad_luck_play"))
        else:
            steps.append(Step("skat.analysis.defence_hopeless"))
    if declarer_side and state.score.overbid and winnable:
        steps.append(Step("skat.analysis.overbid", bid=state.bid))
    if not complete:
        steps.append(Step("skat.analysis.too_hard"))
    return Analysis(seat, line.declarer, line.game, int(bool(winnable)) if null else points, winnable,
                    played, mistake, fix, tuple(steps), complete, solver.nodes)


def _deal_steps(null: bool, points: int | None, winnable: bool | None) -> list[Step]:
    if winnable is None:
        return []
    if null:
        return [Step("skat.analysis.deal.null_won" if winnable else "skat.analysis.deal.null_lost")]
    if points is None:
        return [Step("skat.analysis.deal.won" if winnable else "skat.analysis.deal.lost")]
    return [Step("skat.analysis.deal.points_won" if winnable else "skat.analysis.deal.points_lost",
                 points=points)]


def _holds(solver: Solver, position: Position | None, target: int, declarer_side: bool,
           final: int | None = None) -> bool:
    """True when the child's side gets what it wants at ``target`` from ``position`` with best play: the declarer
    reaches ``target`` card points (Null: takes no trick); the defenders keep it below. ``final`` is the result
    when ``position`` is None (after the last card)."""
    if position is None:
        reached = final >= target
    elif position.game.is_null:
        reached = position.taken < NULL_TAKEN and solver.value(position) == 1
    else:
        reached = solver.reaches(position, target)
    return reached if declarer_side else not reached


def _deciding_mistake(line: _Line, seat: Seat, declarer_side: bool, target: int,
                      solver: Solver) -> Mistake | None:
    """The child's card that decided the result: its last card before which its side still held ``target`` with
    best play, when after it the side did not (and never held it again: the result played is below it).

    Searched from the end back (late positions are small): the first child's card from the end before which the
    side held ``target`` is that card when the side lost it there; when the side still held it after that card,
    the partner's card lost it later, not the child's (None). An earlier slip that an opponent's mistake made good
    again is not the card that lost the game."""
    final = _final(line)
    for index in range(len(line.plays) - 1, -1, -1):
        who, card = line.plays[index]
        if who != seat or not _holds(solver, line.position(index), target, declarer_side, final):
            continue
        if _holds(solver, line.position(index + 1), target, declarer_side, final):
            return None
        position = line.position(index)
        better = tuple(c for c in legal_cards(position.hands[position.to_move], position.trick, position.game)
                       if _keeps(position, c, target, declarer_side, solver))
        trick = index // 3
        best_line = _better_line(line, index, better[0], target, solver) if better else ()
        return Mistake(trick + 1, card, better, target, best_line, line.state.tricks[trick].winner, index)
    return None


def _final(line: _Line) -> int:
    """The result played: the declarer's card points; Null: 1 clean, 0 not."""
    if line.game.is_null:
        return int(not any(t.winner == line.declarer for t in line.state.tricks))
    return line.state.score.outcome.points


def _after(position: Position, card: Card) -> tuple[Position | None, int]:
    """The position after the player to move plays ``card`` (None when that was the last card) and the result
    then known for the last card (the declarer's final card points; Null: 1 clean, 0 not)."""
    mover = position.to_move
    hands = list(position.hands)
    hands[mover] = tuple(c for c in hands[mover] if c != card)
    trick = position.trick + (card,)
    leader, taken = position.leader, position.taken
    if len(trick) == 3:
        winner = (leader + trick_winner(trick, position.game)) % 3
        if winner == DECLARER:
            taken = NULL_TAKEN if position.game.is_null else taken + card_points(trick)
        leader, trick = winner, ()
    if not any(hands):
        final = int(taken < NULL_TAKEN) if position.game.is_null else taken + card_points(position.skat)
        return None, final
    return Position(position.game, tuple(hands), position.skat, leader, trick, taken), 0


def _keeps(position: Position, card: Card, target: int, declarer_side: bool, solver: Solver) -> bool:
    """True when ``card`` keeps ``target`` for the side given (see :func:`_holds`)."""
    after, final = _after(position, card)
    return _holds(solver, after, target, declarer_side, final)


def _better_line(line: _Line, index: int, card: Card, target: int, solver: Solver) -> tuple[tuple[Seat, Card], ...]:
    """Open-cards best play from play ``index`` with ``card``: each player plays its first card (in hand order)
    that keeps ``target`` for its side (the declarer reaching it, the defenders keeping it below)."""
    position: Position | None = line.position(index)
    out: list[tuple[Seat, Card]] = []
    choice: Card | None = card
    try:
        while position is not None:
            mover = position.to_move
            if choice is None:
                legal = legal_cards(position.hands[mover], position.trick, position.game)
                choice = next((c for c in legal if _keeps(position, c, target, mover == DECLARER, solver)), legal[0])
            out.append((line.seat_of(mover), choice))
            position, _ = _after(position, choice)
            choice = None
    except SearchLimit:
        pass
    return tuple(out)


def _mistake_steps(mistake: Mistake, declarer_side: bool, null: bool, target: int) -> list[Step]:
    if null:
        code = "skat.analysis.mistake.null_declarer" if declarer_side else "skat.analysis.mistake.null_defence"
    elif declarer_side:
        code = {61: "skat.analysis.mistake.lost", 90: "skat.analysis.mistake.schneider",
                31: "skat.analysis.mistake.schneidered"}[target]
    else:
        code = {61: "skat.analysis.mistake.defence", 31: "skat.analysis.mistake.schneider_defence",
                90: "skat.analysis.mistake.schneider_saved"}[target]
    steps = [Step(code, trick=mistake.trick, card=mistake.card)]
    if mistake.better:
        steps.append(Step("skat.analysis.better", cards=mistake.better))
    return steps


def _other_choices(line: _Line, solver: Solver) -> tuple[Step | None, bool]:
    """For a declarer who could not win from the first card: a pair put away or another game that would have won
    with open cards, and whether every such choice was checked. Each try is bounded by :data:`TRY_LIMIT` (a try
    that passes it counts as not checked); all of them by the analysis' limit."""
    state = line.state
    game = line.game
    cards = line.start[line.declarer]
    others = tuple(line.start[line.seat_of(1)]), tuple(line.start[line.seat_of(2)])
    skat = tuple(state.discarded)
    checked = True

    def wins(game: GameType, hand: tuple[Card, ...], put: tuple[Card, ...]) -> bool:
        nonlocal checked
        trial = Solver(game, node_limit=TRY_LIMIT)
        position = Position(game, (hand,) + others, () if game.is_null else put)
        try:
            won = trial.value(position) == 1 if game.is_null else trial.reaches(position, 61)
        except SearchLimit:
            won, checked = False, False
        solver.nodes += trial.nodes
        if solver.node_limit is not None and solver.nodes > solver.node_limit:
            raise SearchLimit(solver.nodes)
        return won

    try:
        for other in SUIT_GAMES + (GameType.GRAND, GameType.NULL):
            if other is not game and wins(other, cards, skat):
                return Step("skat.analysis.fix.game", game=other), checked
        if state.picked_up and not game.is_null:
            twelve = cards + skat
            # the most card points first: cards put away count for the declarer
            for pair in sorted(combinations(twelve, 2), key=lambda p: -card_points(p)):
                if set(pair) == set(skat):
                    continue
                hand = tuple(c for c in twelve if c not in pair)
                if wins(game, hand, pair):
                    return Step("skat.analysis.fix.discard", first=pair[0], second=pair[1]), checked
    except SearchLimit:
        return None, False
    return None, checked
