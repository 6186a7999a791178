"""Win chances by perfect-information Monte Carlo: deal what a player cannot see, solve each deal with open cards.

The second half of PIMC (the first is :mod:`webapp.games.skat.sampling`): for the player to move in trick play,
each card it may play is scored by the deals in which its side still wins after it with best play by all three
(:meth:`webapp.games.skat.solver.Solver.card_reaches`). The card with the most wins is the sampling player's card.

What "wins" means (ISkO 4.1.2, 5.1.2): in Null, the declarer takes no trick. Otherwise the first open threshold
of the declarer's card points, from the points taken in tricks (which every player sees): 61 while neither side has
its 61 or 60; once the declarer has 61 in tricks, Schneider (90) for the declarer and escaping it (31) for the
defenders; once the defenders have 60, the declarer escaping Schneider (31).

Known limits of the method (Frank and Basin, "Search in games with incomplete information", AI 1998): each deal is
solved as if every card were seen, so the chances are those of a player who would learn everything after this card;
play that only pays off by hiding information is not valued. The figures it gives are measured, not assumed:
``benchmarks/skat_bots.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from webapp.games.skat.analysis import NULL_TAKEN
from webapp.games.skat.official import TRUMP_GAMES, GameType
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import DECK, Card
from webapp.games.skat.sampling import Deal, Knowledge, knowledge_of, sample_deals, situation_seed
from webapp.games.skat.solver import PLAYERS, Position, SearchLimit, Solver
from webapp.games.skat.table import Phase, TableState

__all__ = ["CardChances", "GameChances", "NODE_LIMIT", "SAMPLES", "card_chances", "game_chances", "target_of"]

#: Deals sampled for one decision.
SAMPLES = 30
#: Positions one deal's search may visit; a deal past it is left out of the count (and counted as left out).
NODE_LIMIT = 40_000


@dataclass(frozen=True)
class CardChances:
    """The sampled chances of each card the player to move may play.

    Attributes:
        seat: the player to move; declarer_side: whether it plays for the declarer.
        target: the threshold counted (see :func:`target_of`); 0 in Null.
        cards: ``(card, wins)`` for every legal card, in the order of its hand.
        deals: the deals that were solved (the denominator of every ``wins``).
        left_out: deals whose search passed :data:`NODE_LIMIT` (not counted).
        nodes: the positions searched in all.
    """

    seat: Seat
    declarer_side: bool
    target: int
    cards: tuple[tuple[Card, int], ...]
    deals: int
    left_out: int
    nodes: int

    @property
    def best(self) -> Card:
        """The card with the most wins (the first in hand order on a tie)."""
        return max(self.cards, key=lambda pair: pair[1])[0]


def target_of(state: TableState) -> int:
    """The threshold of the declarer's final card points that decides the game now (see the module's docstring);
    0 in Null."""
    if state.game is not None and state.game.is_null:
        return 0
    declarer = sum(t.points for t in state.tricks if t.winner == state.declarer)
    defenders = sum(t.points for t in state.tricks if t.winner != state.declarer)
    if defenders >= 60:
        return 31
    if declarer >= 61:
        return 90
    return 61


def _position(state: TableState, deal: Deal) -> Position:
    """The deal as the solver sees it: hands from the declarer's side, the skat counted for the declarer."""
    declarer = state.declarer
    assert declarer is not None and state.game is not None

    def relative(seat: Seat) -> int:
        return (seat.value - declarer.value) % PLAYERS

    hands = tuple(deal.hands[(declarer.value + r) % PLAYERS] for r in range(PLAYERS))
    null = state.game.is_null
    mine = [t for t in state.tricks if t.winner == declarer]
    taken = (NULL_TAKEN if mine else 0) if null else sum(t.points for t in mine)
    return Position(state.game, hands, () if null else deal.skat, relative(state.leader),  # type: ignore[arg-type]
                    tuple(c for _, c in state.trick), taken)


def card_chances(state: TableState, samples: int = SAMPLES, seed: int | None = None,
                 node_limit: int = NODE_LIMIT) -> CardChances:
    """The sampled chances of each card of the player to move in trick play (see the module's docstring).

    Args:
        state: a game in :attr:`Phase.PLAY`.
        samples: deals to sample (1-10,000).
        seed: the sampler's seed; None: :func:`webapp.games.skat.sampling.situation_seed` of the situation.
        node_limit: positions one deal's search may visit.

    Returns:
        :class:`CardChances`; with one legal card, that card and no deal solved.

    Raises:
        ValueError: not in trick play, or ``samples`` out of range.
    """
    if state.phase is not Phase.PLAY or state.to_act is None:
        raise ValueError("card chances need a game in trick play")
    seat = state.to_act
    legal = [action.card for action in state.legal_actions()]  # type: ignore[attr-defined]
    declarer_side = seat == state.declarer
    target = target_of(state)
    if len(legal) == 1:
        return CardChances(seat, declarer_side, target, ((legal[0], 0),), 0, 0, 0)
    knowledge = knowledge_of(state, seat)
    deals = sample_deals(knowledge, samples, situation_seed(state, knowledge, "card") if seed is None else seed)
    wins = {card: 0 for card in legal}
    solved = left_out = nodes = 0
    solver = Solver(state.game, node_limit)  # type: ignore[arg-type]
    for deal in deals:
        solver.nodes = 0
        try:
            answers = solver.card_reaches(_position(state, deal), target)
        except SearchLimit:
            left_out += 1
            nodes += solver.nodes
            continue
        nodes += solver.nodes
        solved += 1
        for card, reached in answers:
            wins[card] += reached == declarer_side
    return CardChances(seat, declarer_side, target, tuple((c, wins[c]) for c in legal), solved, left_out, nodes)



@dataclass(frozen=True)
class GameChances:
    """Sampled open-cards results of each suit game and Grand for a 10-card hand before the skat.

    Attributes:
        game: the game; wins: the sampled deals it won (61 or more, picking up the skat and putting away two cards by
        the bots' rule); solved: the deals solved within the node limit (the denominator); left_out: the others.
    """

    game: GameType
    wins: int
    solved: int
    left_out: int


def game_chances(hand: tuple[Card, ...], seat: Seat, samples: int = SAMPLES, seed: int = 0,
                 node_limit: int = NODE_LIMIT * 5) -> tuple[GameChances, ...]:
    """For each suit game and Grand: in how many of ``samples`` deals of the other 22 cards (the others' hands and
    the skat, uniformly) the declarer at ``seat`` wins it with open cards (ISkO 4.1.2: 61 card points, the skat's
    included), after picking up the skat and putting away two cards by the bots' rule. The check of the hand model
    (:mod:`webapp.games.skat.hand_model`) on one hand; seconds of work, not for a request.

    Raises:
        ValueError: not 10 distinct cards, or ``samples`` out of range.
    """
    from webapp.games.skat.bots import discard_for  # the bots' rule for putting away (bots import nothing of this)

    if len(set(hand)) != 10:
        raise ValueError("a hand is 10 distinct cards")
    known = [(), (), (), ()]
    known[seat.value] = tuple(hand)
    unseen = tuple(c for c in DECK if c not in hand)
    counts = tuple(0 if s == seat.value else 10 for s in range(3)) + (2,)
    knowledge = Knowledge(seat, tuple(known), unseen, counts, (frozenset(),) * 4, ((), (), ()), (0, 0, 0), None)
    deals = sample_deals(knowledge, samples, seed)
    results = []
    for game in TRUMP_GAMES:
        wins = solved = left_out = 0
        solver = Solver(game, node_limit)
        for deal in deals:
            twelve = tuple(hand) + deal.skat
            put = discard_for(twelve, game)
            kept = tuple(c for c in twelve if c not in put)
            hands = tuple(kept if (seat.value + r) % PLAYERS == seat.value else deal.hands[(seat.value + r) % PLAYERS]
                          for r in range(PLAYERS))
            leader = (Seat.FOREHAND.value - seat.value) % PLAYERS
            solver.nodes = 0
            try:
                wins += solver.reaches(Position(game, hands, put, leader), 61)  # type: ignore[arg-type]
                solved += 1
            except SearchLimit:
                left_out += 1
        results.append(GameChances(game, wins, solved, left_out))
    return tuple(results)
