"""The Skat table: one whole game from the deal to the score, as a frozen state machine (ISkO 3-5). Pure, no Flask.

Phases: AUCTION (ISkO 3.2, :mod:`.auction`) -> SKAT (the declarer picks up the skat or plays hand, ISkO 3.3)
-> DISCARD (after picking up: put two cards away; they count for the declarer) -> DECLARE (a suit game, Grand or
Null with Hand, Schneider/Schwarz announced and Ouvert as the ISkO allows, checked by :func:`official.declare`)
-> PLAY (ten tricks, ISkO 4; forehand leads the first) -> DONE (scored by :func:`official.score_game`), or
THROWN_IN when all three pass.

:meth:`TableState.apply` takes one typed action of the seat :attr:`TableState.to_act` and returns the next state,
or raises :class:`~webapp.core.steps.RuleViolation` (409: a card that may not be played is a
:class:`~webapp.games.skat.play.CardRefused` naming the rule) or :class:`~webapp.core.steps.NotationError` (400).

>>> state = deal(seed=7, game_number=1)
>>> state.phase.name, state.to_act.name, len(state.hands[0]), len(state.skat)
('AUCTION', 'MIDDLEHAND', 10, 2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import Enum
from itertools import combinations

from webapp.core.steps import NotationError, RuleInputError, RuleViolation, Step
from webapp.games.skat import official
from webapp.games.skat.auction import Auction, Bid, Hold, Pass
from webapp.games.skat.official import TRUMP_ORDER, Announcement, Declaration, GameType, Outcome, Score
from webapp.games.skat.play import Seat, card_points, check_play, legal_cards, trick_winner
from webapp.games.skat.rules import DECK, Card

__all__ = ["Bid", "Declare", "Discard", "Hold", "Pass", "Phase", "PickUp", "Play", "PlayHand", "TableAction",
           "ScoreSheet", "SheetEntry", "TableState", "Trick", "deal", "dealer_of", "declaration_check", "seat_of"]

PLAYERS = 3
HAND_SIZE = 10


class Phase(Enum):
    """Where a game stands."""

    AUCTION = "auction"
    SKAT = "skat"
    DISCARD = "discard"
    DECLARE = "declare"
    PLAY = "play"
    DONE = "done"
    THROWN_IN = "thrown_in"


@dataclass(frozen=True)
class PickUp:
    """The declarer picks up the skat (then discards two cards)."""


@dataclass(frozen=True)
class PlayHand:
    """The declarer plays hand: the skat stays down (it still counts for the declarer, ISkO 3.3.3)."""


@dataclass(frozen=True)
class Discard:
    """Put two of the declarer's 12 cards away; they count for the declarer (ISkO 3.3.2)."""

    cards: tuple[Card, Card]


@dataclass(frozen=True)
class Declare:
    """Declare the game (ISkO 3.4): ``game``, ``ouvert`` and an ``announced`` Schneider/Schwarz (hand games)."""

    game: GameType
    ouvert: bool = False
    announced: Announcement | None = None


@dataclass(frozen=True)
class Play:
    """Play ``card`` to the trick."""

    card: Card


TableAction = Bid | Hold | Pass | PickUp | PlayHand | Discard | Declare | Play


@dataclass(frozen=True)
class Trick:
    """A finished trick: ``cards`` as ``(seat, card)`` in the order played, the ``winner`` seat and its points."""

    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat

    @property
    def points(self) -> int:
        """The trick's card points (ISkO 1.2.2)."""
        return card_points(c for _, c in self.cards)


def dealer_of(game_number: int) -> int:
    """The player (0, 1, 2) who deals game ``game_number`` (1, 2, ...): the deal passes to the left each game;
    game 1 is dealt by player 2, so player 0 is forehand."""
    return (game_number + 1) % PLAYERS


def seat_of(player: int, game_number: int) -> Seat:
    """The seat player 0, 1 or 2 has in game ``game_number``: forehand is the dealer's left neighbour (ISkO 3.2)."""
    return Seat((player - dealer_of(game_number) - 1) % PLAYERS)


def deal(seed: int, game_number: int = 1) -> "TableState":
    """Deal game ``game_number`` from ``seed``: 3 x 10 cards and the skat, the same for the same seed and number.

    Raises:
        NotationError: ``skat.table.error.game_number`` for a game number below 1.
    """
    if game_number < 1:
        raise NotationError("skat.table.error.game_number", f"games count from 1, not {game_number}",
                            number=game_number)
    deck = list(DECK)
    random.Random(f"kartenschule-skat:{seed}:{game_number}").shuffle(deck)
    hands = tuple(tuple(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(PLAYERS))
    return TableState(seed=seed, game_number=game_number, hands=hands, skat=tuple(deck[30:]))


@dataclass(frozen=True)
class DeclarationCheck:
    """What a declaration can reach before it is made (the coach's overbid warning, ISkO 5.4).

    Attributes:
        highest: the highest value the game can reach (won with Schwarz, at least the declared level); for a hand
            game with an unseen skat, the lowest such value over every possible skat.
        overbid_risk: True when ``highest`` is below the bid: the game cannot be won whatever happens.
        steps: the explanation (``skat.table.check.*``).
    """

    highest: int
    overbid_risk: bool
    steps: tuple[Step, ...]


def declaration_check(cards: tuple[Card, ...], skat: tuple[Card, ...] | None, declaration: Declaration,
                      bid: int) -> DeclarationCheck:
    """The highest value ``declaration`` can reach with the declarer's 10 ``cards`` and ``skat`` (None: unseen),
    and whether it stays below ``bid`` (overbid: lost, ISkO 5.4). Null has its fixed value.

    Raises:
        RuleInputError: bad cards (as :func:`official.game_value`).
    """
    if declaration.game.is_null:
        value = official.game_value(cards, skat, declaration).value
        step = Step("skat.table.check.null", value=value, bid=bid)
        return DeclarationCheck(value, value < bid, (step,))
    skats = [skat] if skat is not None else list(
        combinations([c for c in DECK if c not in cards], 2))
    lowest = None
    for pair in skats:
        value = official.game_value(cards, pair, declaration)
        if lowest is None or value.multiplier < lowest.multiplier:
            lowest = value
    assert lowest is not None
    extra = 0 if declaration.schwarz_announced else 1 if declaration.schneider_announced else 2
    highest = lowest.base * (lowest.multiplier + extra)
    code = "skat.table.check.overbid" if highest < bid else "skat.table.check.ok"
    return DeclarationCheck(highest, highest < bid, (Step(code, highest=highest, bid=bid, base=lowest.base,
                                                          multiplier=lowest.multiplier + extra),))


def _violation(error: RuleInputError) -> RuleViolation:
    return RuleViolation(error.step.code, str(error), **error.step.as_dict())


@dataclass(frozen=True)
class TableState:
    """One game at the table between two actions.

    Attributes:
        seed, game_number: where the deal came from (:func:`deal`).
        hands: the cards each seat holds now, by :class:`Seat` (forehand first).
        skat: the two skat cards as dealt.
        auction: the :class:`Auction`.
        picked_up: True when the declarer picked up the skat; None before the choice.
        discarded: the two cards that count for the declarer: the cards put away, or the skat in a hand game.
        declared_cards: the declarer's 10 cards when the game was declared (for the score's matadors).
        declaration: the declared :class:`Declaration`, with ``implied`` its steps from :func:`official.declare`.
        trick: the cards of the trick under way, ``(seat, card)``; leader: who leads it.
        tricks: the finished :class:`Trick` s.
        score: the :class:`Score` of the official engine when the game is over.
    """

    seed: int
    game_number: int
    hands: tuple[tuple[Card, ...], ...]
    skat: tuple[Card, ...]
    auction: Auction = Auction()
    picked_up: bool | None = None
    discarded: tuple[Card, ...] = ()
    declared_cards: tuple[Card, ...] = ()
    declaration: Declaration | None = None
    implied: tuple[Step, ...] = ()
    trick: tuple[tuple[Seat, Card], ...] = ()
    leader: Seat = Seat.FOREHAND
    tricks: tuple[Trick, ...] = ()
    score: Score | None = None

    # --- reading the state ----------------------------------------------------------

    @property
    def declarer(self) -> Seat | None:
        """The seat that won the auction, or None (auction under way or thrown in)."""
        return self.auction.declarer

    @property
    def bid(self) -> int:
        """The bid reached so far (0: none)."""
        return self.auction.bid

    @property
    def phase(self) -> Phase:
        """The current :class:`Phase`."""
        if not self.auction.finished:
            return Phase.AUCTION
        if self.declarer is None:
            return Phase.THROWN_IN
        if self.score is not None:
            return Phase.DONE
        if self.picked_up is None:
            return Phase.SKAT
        if not self.discarded:
            return Phase.DISCARD
        if self.declaration is None:
            return Phase.DECLARE
        return Phase.PLAY

    @property
    def game(self) -> GameType | None:
        """The declared game, or None before the declaration."""
        return None if self.declaration is None else self.declaration.game

    @property
    def to_act(self) -> Seat | None:
        """The seat whose move it is, or None when the game is over."""
        phase = self.phase
        if phase is Phase.AUCTION:
            return self.auction.to_act
        if phase in (Phase.SKAT, Phase.DISCARD, Phase.DECLARE):
            return self.declarer
        if phase is Phase.PLAY:
            return self.leader if not self.trick else self.trick[-1][0].next
        return None

    @property
    def open_seats(self) -> tuple[Seat, ...]:
        """Seats whose cards are shown to all: the declarer of an Ouvert game (ISkO 5.2.6)."""
        if self.declaration is not None and self.declaration.ouvert and self.declarer is not None:
            return (self.declarer,)
        return ()

    def points_of(self, declarer_side: bool) -> int:
        """Card points taken so far by the declarer (with the skat) or the defenders (ISkO 4.4)."""
        won = sum(t.points for t in self.tricks if (t.winner == self.declarer) == declarer_side)
        return won + (card_points(self.discarded) if declarer_side else 0)

    def legal_actions(self) -> tuple[TableAction, ...]:
        """Every legal action of :attr:`to_act` now (Discard: every pair of the 12 cards; Declare: every game the
        ISkO allows in this state, overbid games included; Play: the cards that may be played)."""
        phase = self.phase
        if phase is Phase.AUCTION:
            return self.auction.legal_actions()
        if phase is Phase.SKAT:
            return (PickUp(), PlayHand())
        seat = self.to_act
        if seat is None:
            return ()
        hand = self.hands[seat.value]
        if phase is Phase.DISCARD:
            return tuple(Discard(pair) for pair in combinations(hand, 2))
        if phase is Phase.DECLARE:
            return tuple(d for d in _declarations(not self.picked_up) if self._declaration_error(d) is None)
        return tuple(Play(c) for c in legal_cards(hand, [c for _, c in self.trick], self.game))

    # --- moves -----------------------------------------------------------------------

    def apply(self, action: TableAction) -> "TableState":
        """The state after ``action`` by :attr:`to_act`.

        Raises:
            RuleViolation: the action does not fit the phase (``skat.table.error.phase``) or the rules forbid it
                (auction refusals, ``.discard_card``, a refused declaration, :class:`CardRefused`).
            NotationError: a malformed action (a bid that is no valid bid, a discard not of two distinct cards).
        """
        phase = self.phase
        if isinstance(action, (Bid, Hold, Pass)) and phase is Phase.AUCTION:
            return replace(self, auction=self.auction.apply(action))
        if isinstance(action, (PickUp, PlayHand)) and phase is Phase.SKAT:
            return self._skat(isinstance(action, PickUp))
        if isinstance(action, Discard) and phase is Phase.DISCARD:
            return self._discard(action)
        if isinstance(action, Declare) and phase is Phase.DECLARE:
            return self._declare(action)
        if isinstance(action, Play) and phase is Phase.PLAY:
            return self._play(action.card)
        raise RuleViolation("skat.table.error.phase", f"{type(action).__name__} is not a move now ({phase.value})",
                            phase=phase.value)

    def _with_hand(self, seat: Seat, cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards if s == seat else h for s, h in zip(Seat, self.hands))

    def _skat(self, pick_up: bool) -> "TableState":
        seat = self.declarer
        assert seat is not None
        if pick_up:
            return replace(self, picked_up=True, hands=self._with_hand(seat, self.hands[seat.value] + self.skat))
        return replace(self, picked_up=False, discarded=self.skat)

    def _discard(self, action: Discard) -> "TableState":
        seat = self.declarer
        assert seat is not None
        cards = tuple(action.cards)
        if len(cards) != 2 or cards[0] == cards[1]:
            raise NotationError("skat.table.error.discard_count", "put exactly two different cards away",
                                count=len(set(cards)))
        hand = self.hands[seat.value]
        for card in cards:
            if card not in hand:
                raise RuleViolation("skat.table.error.discard_card", f"{card} is not in the declarer's hand",
                                    card=card)
        return replace(self, discarded=cards, hands=self._with_hand(seat, tuple(c for c in hand if c not in cards)))

    def _declaration_error(self, action: Declare) -> RuleViolation | None:
        hand_game = not self.picked_up
        if action.ouvert and not action.game.is_null and not hand_game:
            return RuleViolation("skat.table.error.ouvert_hand", "a suit or Grand Ouvert is always a hand game",
                                 game=action.game)
        try:
            declaration, _ = official.declare(action.game, hand_game, action.ouvert, action.announced)
        except RuleInputError as error:
            return _violation(error)
        if declaration.game.is_null:
            value = official.game_value(None, None, declaration).value
            if value < self.bid:
                return RuleViolation("skat.official.error.null_overbid", f"Null worth {value} after a bid of "
                                     f"{self.bid}", value=value, bid=self.bid, name=official._null_name(declaration))
        return None

    def _declare(self, action: Declare) -> "TableState":
        error = self._declaration_error(action)
        if error is not None:
            raise error
        declaration, implied = official.declare(action.game, not self.picked_up, action.ouvert, action.announced)
        seat = self.declarer
        assert seat is not None
        return replace(self, declaration=declaration, implied=implied, declared_cards=self.hands[seat.value])

    def _play(self, card: Card) -> "TableState":
        seat = self.to_act
        game = self.game
        assert seat is not None and game is not None
        hand = self.hands[seat.value]
        check_play(hand, [c for _, c in self.trick], game, card)
        state = replace(self, hands=self._with_hand(seat, tuple(c for c in hand if c != card)),
                        trick=self.trick + ((seat, card),))
        if len(state.trick) < PLAYERS:
            return state
        winner = state.trick[trick_winner([c for _, c in state.trick], game)][0]
        state = replace(state, tricks=state.tricks + (Trick(state.trick, winner),), trick=(), leader=winner)
        null_lost = game.is_null and winner == self.declarer  # ISkO 5.2.7: Null is lost with the declarer's first trick
        if null_lost or len(state.tricks) == HAND_SIZE:
            return replace(state, score=state._score())
        return state

    def _score(self) -> Score:
        assert self.declaration is not None and self.declarer is not None
        tricks = sum(1 for t in self.tricks if t.winner == self.declarer)
        if self.declaration.game.is_null:
            outcome = Outcome(0, tricks)
        else:
            outcome = Outcome(self.points_of(True), tricks)
        return official.score_game(self.declared_cards, self.discarded, self.declaration, outcome, self.bid or None,
                                   implied=self.implied)


def _declarations(hand_game: bool) -> tuple[Declare, ...]:
    """Every declaration to try: each game plain, Ouvert, and (hand games) with Schneider or Schwarz announced."""
    out: list[Declare] = []
    for game in GameType:
        out.append(Declare(game))
        out.append(Declare(game, ouvert=True))
        if hand_game and not game.is_null:
            out.extend((Declare(game, announced=Announcement.SCHNEIDER), Declare(game, announced=Announcement.SCHWARZ)))
    return tuple(out)


#: The trumps of each trump game from the highest down (re-exported for the bots and the pages).
TRUMPS = TRUMP_ORDER


@dataclass(frozen=True)
class SheetEntry:
    """One line of the score sheet: the game's number, the declaring player (0-2, None: thrown in) and the score."""

    game_number: int
    declarer: int | None
    game: GameType | None
    bid: int | None
    score: int


@dataclass(frozen=True)
class ScoreSheet:
    """The table's score sheet (ISkO 5.3: the declarer's score is entered for the declarer alone).

    >>> ScoreSheet().totals
    (0, 0, 0)
    """

    entries: tuple[SheetEntry, ...] = ()

    def enter(self, state: TableState) -> "ScoreSheet":
        """The sheet with the finished game ``state`` entered (a thrown-in game scores 0 for all).

        Raises:
            RuleViolation: ``skat.table.error.not_over`` while the game is still under way.
        """
        if state.phase not in (Phase.DONE, Phase.THROWN_IN):
            raise RuleViolation("skat.table.error.not_over", "the game is not over yet")
        if state.score is None or state.declarer is None:
            return replace(self, entries=self.entries + (SheetEntry(state.game_number, None, None, None, 0),))
        player = next(p for p in range(PLAYERS) if seat_of(p, state.game_number) == state.declarer)
        entry = SheetEntry(state.game_number, player, state.game, state.bid, state.score.score)
        return replace(self, entries=self.entries + (entry,))

    @property
    def totals(self) -> tuple[int, int, int]:
        """Each player's running total (players 0, 1, 2)."""
        sums = [0, 0, 0]
        for entry in self.entries:
            if entry.declarer is not None:
                sums[entry.declarer] += entry.score
        return sums[0], sums[1], sums[2]
