"""The open-cards (double-dummy) Skat solver: best play by all three when every card is seen. Pure, no Flask.

The declarer maximises its card points, the two defenders minimise them (ISkO 4.1.2: the declarer wins a suit game
or a Grand with 61 of the 120 card points; the skat's points count for the declarer, ISkO 3.3.3); in Null the
declarer wins only by taking no trick (ISkO 5.1.2). The rules of play are those of :mod:`.play` (follow suit with
the jacks as trump, the trick winner, card points), which the table engine uses.

Method (the field's known means, as in Kupferschmid and Helmert, "A Skat Player Based on Monte Carlo Simulation",
CG 2006):

* Cards are bits of an int in a per-game *play order*: each non-trump suit a block of adjacent bits, weakest lowest,
  and the trumps in the highest block, so following suit is a mask and the trick winner is the highest bit of the
  led block or the trump block.
* Alpha-beta search card by card, with a transposition table at every trick's start keyed by the three hands and the
  leader (the value stored is the declarer's points *still to come*, so it holds whatever the tricks before were),
  storing bounds and the best card.
* Equivalent cards merged: two cards of one follow-class held by the same player, with no live card between them in
  the play order (cards of finished tricks are gone) and the same card points, lead to the same value; one is
  searched.
* Move ordering: the transposition table's best card first, then cheap winners, points given to a partner who wins,
  low cards thrown on a lost trick.
* The exact value comes from null-window searches ("can the declarer reach at least t?"), MTD(f) style
  (Plaat et al. 1996), sharing the table; Null is a yes/no search ("can the declarer take no trick?").

>>> from webapp.games.skat.rules import parse_cards
>>> from webapp.games.skat.official import GameType
>>> position = Position(GameType.GRAND, (parse_cards("JC JS"), parse_cards("AH 7H"), parse_cards("0H 8H")))
>>> result = solve(position, every_card=True)
>>> result.value, [str(c) for c in result.best], [v for _, v in result.values]
(25, ['JC', 'JS'], [25, 25])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from webapp.core.steps import NotationError
from webapp.games.skat.official import GameType
from webapp.games.skat.play import check_trick
from webapp.games.skat.play_order import bits_of, layout, mask_of, points_of
from webapp.games.skat.rules import Card, card_points

__all__ = ["DECLARER", "LEFT", "RIGHT", "Position", "SearchLimit", "Solution", "Solver", "solve"]

#: Who is who, seen from the declarer: the declarer, the player on its left (plays after it), the one on its right.
DECLARER, LEFT, RIGHT = 0, 1, 2
PLAYERS = 3
#: The most cards a hand holds at the start of play.
MAX_HAND = 10
#: The transposition table is cleared when it holds more entries than this (about 250 bytes an entry: some 250 MB).
TABLE_LIMIT = 1_000_000


@dataclass(frozen=True)
class Position:
    """A position of trick play with every card seen, from the declarer's side.

    Attributes:
        game: the declared game (Hand, Ouvert and announcements do not change play).
        hands: the cards still held by the declarer, the player on its left (who plays after it) and the one on its
            right. Players who played to the current trick hold one card fewer than those still to play.
        skat: the skat's two cards, or none; its points count for the declarer in suit games and Grand.
        leader: who led the current trick: :data:`DECLARER`, :data:`LEFT` or :data:`RIGHT`.
        trick: the cards already played to the current trick (0 to 2), the led card first.
        taken: the card points the declarer has already taken in finished tricks (added to the value).
    """

    game: GameType
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    skat: tuple[Card, ...] = ()
    leader: int = DECLARER
    trick: tuple[Card, ...] = ()
    taken: int = 0

    @property
    def to_move(self) -> int:
        """Who plays the next card: 0 declarer, 1 left, 2 right."""
        return (self.leader + len(self.trick)) % PLAYERS

    def check(self) -> None:
        """Check that the position can arise in a game.

        Raises:
            NotationError: ``skat.solver.error.duplicate`` (a card twice), ``skat.table.error.trick_size`` (a trick
                of three or more), ``skat.solver.error.sizes`` (hands that do not fit the trick: the players still
                to play hold one card more than those who played, at most 10), ``skat.solver.error.skat`` (a skat
                that is not 0 or 2 cards), ``skat.solver.error.leader`` (no such player), ``skat.solver.error.empty``
                (nothing left to play).
        """
        if self.leader not in (DECLARER, LEFT, RIGHT):
            raise NotationError("skat.solver.error.leader", f"no such player: {self.leader}", leader=self.leader)
        trick = check_trick(self.trick)
        if len(trick) == PLAYERS:
            raise NotationError("skat.table.error.trick_size", "a trick has 3 cards, not 3: it is finished",
                                count=len(trick))
        if len(self.skat) not in (0, 2):
            raise NotationError("skat.solver.error.skat", f"the skat has 2 cards, not {len(self.skat)}",
                                count=len(self.skat))
        seen: set[Card] = set()
        for card in (*self.hands[0], *self.hands[1], *self.hands[2], *self.skat, *trick):
            if card in seen:
                raise NotationError("skat.solver.error.duplicate", f"{card} is given twice", card=card)
            seen.add(card)
        played = {(self.leader + i) % PLAYERS for i in range(len(trick))}
        size = len(self.hands[self.to_move])
        want = tuple(size - 1 if p in played else size for p in range(PLAYERS))
        if tuple(len(h) for h in self.hands) != want or not 1 <= size <= MAX_HAND:
            raise NotationError("skat.solver.error.sizes",
                                "the hands do not fit the trick: " + " ".join(str(len(h)) for h in self.hands),
                                sizes=" ".join(str(len(h)) for h in self.hands))


@dataclass(frozen=True)
class Solution:
    """What best play by all three gives (open cards).

    Attributes:
        position: the position solved.
        value: suit games and Grand: the declarer's final card points (``taken``, the skat, the current trick's cards
            if it wins them, and all tricks to come); Null: 1 when the declarer can take no trick, else 0.
        best: the player to move's best cards (every card that reaches ``value``), in the order of its hand.
        values: with ``every_card``, the value after each card the player to move may play, in the order of its
            hand; else empty.
        nodes: the positions searched (a measure of the work).
    """

    position: Position
    value: int
    best: tuple[Card, ...]
    values: tuple[tuple[Card, int], ...]
    nodes: int

    @property
    def declarer_wins(self) -> bool:
        """True when the declarer wins with best play: 61 or more card points, or no trick in Null (ISkO 4.1.2)."""
        return self.value == 1 if self.position.game.is_null else self.value >= 61


@dataclass
class Solver:
    """Searches positions of one game; keeps its transposition table between calls (for one deal's positions).

    Args:
        game: the game to solve positions of.
        node_limit: stop a search that would visit more positions than this (raises :class:`SearchLimit`);
            None for no limit.
    """

    game: GameType
    node_limit: int | None = None
    nodes: int = 0
    _table: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.layout = layout(self.game)
        lay = self.layout
        self._points = lay.points
        self._trumps = lay.trumps
        #: by bit: the cards of its block below it, above it, and its whole block
        self._below = tuple(lay.block[b] & ((1 << b) - 1) for b in range(len(lay.cards)))
        self._above = tuple(lay.block[b] & ~((1 << (b + 1)) - 1) for b in range(len(lay.cards)))
        self._same = lay.block
        self._plain_blocks = tuple(sorted(set(lay.block) - {lay.trumps}))

    # -- the public questions -------------------------------------------------------------------------------------

    def solve(self, position: Position, every_card: bool = False) -> Solution:
        """Solve ``position``: its value and the best cards; with ``every_card`` also each legal card's value.

        The value is exact (null-window searches bisecting the range); a card is best when the value after it
        still reaches the value (one null-window search each), which costs far less than each card's exact value.

        Raises:
            NotationError: as :meth:`Position.check`; ``skat.solver.error.game`` for a position of another game.
        """
        self._check(position)
        start = self.nodes
        hands, trick, mover = self._bits(position)
        lay = self.layout
        null = self.game.is_null
        base = 0 if null else position.taken + card_points(position.skat)
        best_value = self.value(position) - base
        order = {card: i for i, card in enumerate(position.hands[mover])}
        legal = sorted(bits_of(self._legal(hands[mover], trick)), key=lambda b: order[lay.cards[b]])
        best, values = [], []
        for bit in legal:
            after, leader, rest, gain = self._play(hands, position.leader, trick, mover, bit)
            if every_card:
                value = self._finish(after, leader, rest, gain)
                values.append((lay.cards[bit], value + base))
                is_best = value == best_value
            elif null:
                is_best = self._finish(after, leader, rest, gain) == best_value
            elif mover == DECLARER:
                need = best_value - gain
                is_best = need <= 0 or self._search(after, leader, rest, need - 1, need) >= need
            else:
                need = best_value - gain
                is_best = need >= 0 and self._search(after, leader, rest, need, need + 1) <= need
            if is_best:
                best.append(lay.cards[bit])
        return Solution(position, best_value + base, tuple(best), tuple(values), self.nodes - start)

    def value(self, position: Position) -> int:
        """The value of ``position`` only (as :attr:`Solution.value`), without each card's value: faster.

        Raises:
            NotationError: as :meth:`solve`.
        """
        self._check(position)
        hands, trick, _ = self._bits(position)
        if self.game.is_null:
            return int(self._null(*hands, position.leader, trick))
        base = position.taken + card_points(position.skat)
        return base + self._exact(hands, position.leader, trick)

    def reaches(self, position: Position, target: int) -> bool:
        """True when the declarer reaches at least ``target`` final card points with best play (one null-window
        search: the question "won?" is ``reaches(p, 61)``, "Schneider?" ``reaches(p, 90)``).

        Raises:
            NotationError: as :meth:`solve`; ``skat.solver.error.game`` also for Null (use :meth:`value`).
        """
        self._check(position)
        if self.game.is_null:
            raise NotationError("skat.solver.error.game", "Null has no card points", game=self.game)
        hands, trick, _ = self._bits(position)
        need = target - position.taken - card_points(position.skat)
        return self._search(hands, position.leader, trick, need - 1, need) >= need

    def card_reaches(self, position: Position, target: int) -> tuple[tuple[Card, bool], ...]:
        """For each card the player to move may play (in the order of its hand): does the declarer still reach
        ``target`` final card points after it with best play? In Null (``target`` ignored): does the declarer still
        take no trick? One null-window search a card: the question a sampling player asks of each deal.

        Raises:
            NotationError: as :meth:`solve`.
            SearchLimit: past :attr:`node_limit`.
        """
        self._check(position)
        hands, trick, mover = self._bits(position)
        lay = self.layout
        need = 0 if self.game.is_null else target - position.taken - card_points(position.skat)
        order = {card: i for i, card in enumerate(position.hands[mover])}
        answers = []
        for bit in sorted(bits_of(self._legal(hands[mover], trick)), key=lambda b: order[lay.cards[b]]):
            after, leader, rest, gain = self._play(hands, position.leader, trick, mover, bit)
            if self.game.is_null:
                reached = gain >= 0 and self._null(*after, leader, rest)
            else:
                still = need - gain
                reached = still <= 0 or self._search(after, leader, rest, still - 1, still) >= still
            answers.append((lay.cards[bit], bool(reached)))
        return tuple(answers)

    # -- internals ------------------------------------------------------------------------------------------------

    def _check(self, position: Position) -> None:
        if position.game is not self.game:
            raise NotationError("skat.solver.error.game", f"this solver plays {self.game.value}",
                                game=position.game)
        position.check()

    def _bits(self, position: Position) -> tuple[list[int], tuple[int, ...], int]:
        lay = self.layout
        hands = [lay.mask(h) for h in position.hands]
        trick = tuple(lay.bit[c] for c in position.trick)
        return hands, trick, position.to_move

    def _legal(self, hand: int, trick: Sequence[int]) -> int:
        if not trick:
            return hand
        same = hand & self.layout.block[trick[0]]
        return same or hand

    def _play(self, hands: list[int], leader: int, trick: tuple[int, ...], mover: int,
              bit: int) -> tuple[list[int], int, tuple[int, ...], int]:
        """``mover`` plays ``bit``: the hands, leader and trick after it, and what the declarer gained (the trick's
        points when it completes the trick and the declarer wins it; in Null -1 when the declarer wins it)."""
        hands = list(hands)
        hands[mover] &= ~(1 << bit)
        trick = trick + (bit,)
        gain = 0
        if len(trick) == PLAYERS:
            winner = (leader + self._winner_index(trick)) % PLAYERS
            if winner == DECLARER:
                gain = -1 if self.game.is_null else points_of(mask_of(trick), self.layout.points)
            leader, trick = winner, ()
        return hands, leader, trick, gain

    def _finish(self, hands: list[int], leader: int, trick: tuple[int, ...], gain: int) -> int:
        """The exact value after :meth:`_play` (Null: 1 clean, 0 not; else the points still to come, with gain)."""
        if self.game.is_null:
            return 0 if gain < 0 else int(self._null(*hands, leader, trick))
        return gain + self._exact(hands, leader, trick)

    def _winner_index(self, trick: Sequence[int]) -> int:
        """The index in ``trick`` of the card that wins it (ISkO 2.3; see :func:`.play.trick_winner`)."""
        blocks, trumps = self.layout.block, self.layout.trumps
        best = 0
        for i in range(1, len(trick)):
            card, top = trick[i], trick[best]
            if card > top and (blocks[card] == blocks[top] or blocks[card] == trumps):
                best = i
        return best

    def _exact(self, hands: list[int], leader: int, trick: tuple[int, ...]) -> int:
        """The declarer's points still to come (the current trick's cards included) with best play: null-window
        searches bisecting the range of values (the fail-soft bounds narrow it further)."""
        points = self.layout.points
        upper = sum(points[b] for b in trick) + sum(points[b] for b in bits_of(hands[0] | hands[1] | hands[2]))
        lower = 0
        while lower < upper:
            target = (lower + upper + 1) // 2
            found = self._search(hands, leader, trick, target - 1, target)
            if found >= target:
                lower = max(target, found)
            else:
                upper = min(target - 1, found)
        return lower

    def _search(self, hands: list[int], leader: int, trick: tuple[int, ...], alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta over the declarer's points still to come."""
        h0, h1, h2 = hands
        points = self.layout.points
        return self._node(h0, h1, h2, leader, trick, points_of(mask_of(trick), points),
                          points_of(h0 | h1 | h2, points), alpha, beta)

    def _node(self, h0: int, h1: int, h2: int, leader: int, trick: tuple[int, ...], trick_points: int, rest: int,
              alpha: int, beta: int) -> int:
        # trick: the bits played to the current trick; trick_points: their points; rest: the points still held.
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimit(self.nodes)
        most = rest + trick_points
        if most <= alpha:
            return most
        if beta <= 0:
            return 0
        count = len(trick)
        key = entry = None
        if count == 0:
            if not (h0 | h1 | h2):
                return 0
            key = (h0, h1, h2, leader)
            entry = self._table.get(key)
            if entry is not None:
                lo, hi, _ = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            # the leader's sure tricks bound the value (Kupferschmid and Helmert's adversarial heuristics, simply)
            if leader == DECLARER:
                sure = self._sure(h0, h0 | h1 | h2)
                if sure >= beta:
                    return sure
            else:
                sure = most - self._sure(h1 if leader == 1 else h2, h0 | h1 | h2)
                if sure <= alpha:
                    return sure
        points = self._points
        mover = (leader + count) % PLAYERS
        hand = h0 if mover == 0 else h1 if mover == 1 else h2
        if count:
            legal = hand & self._same[trick[0]] or hand
        else:
            legal = hand
        moves = self._ordered(legal, h0 | h1 | h2, trick, leader, mover, entry)
        maximise = mover == DECLARER
        best = -1 if maximise else 1 << 30
        best_move = moves[0]
        a, b = alpha, beta
        if count == 2:
            same, trumps = self._same, self._trumps
            first, second = trick
            top, top_seat = first, leader
            if second > first and (same[second] >> first & 1 or trumps >> second & 1):
                top, top_seat = second, (leader + 1) % PLAYERS
        for bit in moves:
            one = 1 << bit
            if mover == 0:
                n0, n1, n2 = h0 ^ one, h1, h2
            elif mover == 1:
                n0, n1, n2 = h0, h1 ^ one, h2
            else:
                n0, n1, n2 = h0, h1, h2 ^ one
            pts = trick_points + points[bit]
            left = rest - points[bit]
            if count == 2:
                winner = mover if bit > top and (same[bit] >> top & 1 or trumps >> bit & 1) else top_seat
                if winner == DECLARER:
                    value = pts + self._node(n0, n1, n2, winner, (), 0, left, a - pts, b - pts)
                else:
                    value = self._node(n0, n1, n2, winner, (), 0, left, a, b)
            else:
                value = self._node(n0, n1, n2, leader, trick + (bit,), pts, left, a, b)
            if maximise:
                if value > best:
                    best, best_move = value, bit
                    if best > a:
                        a = best
                        if a >= b:
                            break
            elif value < best:
                best, best_move = value, bit
                if best < b:
                    b = best
                    if a >= b:
                        break
        if key is None:
            return best
        lo, hi = (entry[0], entry[1]) if entry is not None else (0, 1 << 30)
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        if len(self._table) >= TABLE_LIMIT:
            self._table.clear()
        self._table[key] = (lo, hi, best_move)
        return best

    def _sure(self, hand: int, live: int) -> int:
        """Card points the holder of ``hand``, on lead, takes for sure: its run of the highest trumps left; when
        it then holds every trump left, all of them and its run of the highest cards of each other suit (no one can
        trump them). A lower bound for its side (the others' cards in those tricks count too)."""
        points = self._points
        total = 0
        left = live & self._trumps
        while left:
            top = left.bit_length() - 1
            if not hand >> top & 1:
                return total
            total += points[top]
            left ^= 1 << top
        for block in self._plain_blocks:
            left = live & block
            while left:
                top = left.bit_length() - 1
                if not hand >> top & 1:
                    break
                total += points[top]
                left ^= 1 << top
        return total

    def _ordered(self, legal: int, live: int, trick: tuple[int, ...], leader: int, mover: int,
                 entry: tuple | None) -> list[int]:
        """The moves to search, equivalent cards merged, the likeliest best first."""
        points = self._points
        below, above, same_block = self._below, self._above, self._same
        for played in trick:
            live |= 1 << played
        moves = []
        rest = legal
        while rest:
            one = rest & -rest
            rest ^= one
            bit = one.bit_length() - 1
            lower = live & below[bit]
            if lower:
                prev = lower.bit_length() - 1
                if legal >> prev & 1 and points[prev] == points[bit]:
                    continue  # the same as the card just below it
            moves.append(bit)
        if len(moves) == 1:
            return moves
        if trick:
            winner_bit = trick[0]
            winner = leader
            trumps = self._trumps
            for i in range(1, len(trick)):
                played = trick[i]
                if played > winner_bit and (same_block[played] & (1 << winner_bit) or trumps >> played & 1):
                    winner_bit, winner = played, (leader + i) % PLAYERS
            friend_wins = (winner == DECLARER) == (mover == DECLARER)
            scored = []
            for bit in moves:
                if bit > winner_bit and (same_block[bit] >> winner_bit & 1 or trumps >> bit & 1):
                    score = 1000 + points[bit] * 4 - bit  # the cheapest winner, points taken home
                elif friend_wins:
                    score = 500 + points[bit] * 4  # give points to the partner's trick
                else:
                    score = -points[bit] * 4 - bit  # a lost trick: the lowest card
                scored.append((score, bit))
        else:
            scored = []
            for bit in moves:
                if live & above[bit]:
                    scored.append((-points[bit] - (bit >> 2), bit))
                else:
                    scored.append((1000 + points[bit], bit))  # a sure winner of its block
        scored.sort(reverse=True)
        moves = [bit for _, bit in scored]
        if entry is not None:
            first = entry[2]
            if first != moves[0] and first in moves:
                moves.remove(first)
                moves.insert(0, first)
        return moves

    def _null(self, h0: int, h1: int, h2: int, leader: int, trick: tuple[int, ...]) -> bool:
        """True when the declarer can take no trick against every defence (Null, ISkO 5.1.2)."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimit(self.nodes)
        blocks = self.layout.block
        count = len(trick)
        key = None
        if count == 0:
            if not h0:
                return True
            key = (h0, h1, h2, leader, "null")
            known = self._table.get(key)
            if known is not None:
                return known
        mover = (leader + count) % PLAYERS
        hand = h0 if mover == 0 else h1 if mover == 1 else h2
        legal = hand & blocks[trick[0]] or hand if count else hand
        live = h0 | h1 | h2 | mask_of(trick)
        result = mover != DECLARER  # declarer: looks for one clean card; defenders: for one card that catches it
        for bit in bits_of(legal):
            below = live & blocks[bit] & ((1 << bit) - 1)
            if below and legal >> (below.bit_length() - 1) & 1:
                continue  # the same as the card just below it
            one = 1 << bit
            n0, n1, n2 = (h0 ^ one, h1, h2) if mover == 0 else (h0, h1 ^ one, h2) if mover == 1 else (h0, h1, h2 ^ one)
            if count == 2:
                cards = trick + (bit,)
                winner_bit = max((c for c in cards if blocks[c] == blocks[cards[0]]))
                winner = (leader + cards.index(winner_bit)) % PLAYERS
                clean = winner != DECLARER and self._null(n0, n1, n2, winner, ())
            else:
                clean = self._null(n0, n1, n2, leader, trick + (bit,))
            if mover == DECLARER and clean:
                result = True
                break
            if mover != DECLARER and not clean:
                result = False
                break
        if key is not None:
            if len(self._table) >= TABLE_LIMIT:
                self._table.clear()
            self._table[key] = result
        return result


class SearchLimit(Exception):
    """A search passed its node limit (:attr:`Solver.node_limit`); ``args[0]`` is the nodes visited."""


def solve(position: Position, node_limit: int | None = None, every_card: bool = False) -> Solution:
    """Solve one position with a fresh :class:`Solver` (see :meth:`Solver.solve`).

    Raises:
        NotationError: as :meth:`Position.check`.
        SearchLimit: the search passed ``node_limit``.
    """
    return Solver(position.game, node_limit).solve(position, every_card)
