"""Official Skat rules: the game value of the International Skat Order (ISkO).

The family rule of the seed (:mod:`webapp.games.skat.rules`) is the simple first
mode; this module computes what clubs and tournaments score:

* base values (ISkO 5.1): clubs 12, spades 11, hearts 10, diamonds 9, Grand 24;
  Null has fixed values: Null 23, Null Hand 35, Null Ouvert 46, Null Ouvert Hand 59;
* matadors "with/without N" (ISkO 2.4), counted over the declarer's 12 cards
  (10 in hand plus the 2 of the skat, also in hand games): in a suit game over
  JC JS JH JD A 10 K Q 9 8 7 of the trump suit (N up to 11), in a Grand over
  the four jacks (N up to 4);
* the multiplier (ISkO 5.2): N + 1 for the game, + 1 each for Hand, Schneider,
  Schneider announced, Schwarz, Schwarz announced and Ouvert; value = base x
  multiplier;
* the score (ISkO 5.3): won + value, lost - 2 x value; overbid (ISkO 5.4):
  lost with the smallest multiple of the base value that reaches the bid, x -2.

Three entry points serve the pages, the CLI and the quiz:

* :func:`game_value` -- 10 cards + skat + declared game -> the value (won at
  the declared level) with its explanation steps;
* :func:`score_game` -- the same plus the result of play (card points, tricks)
  and the bid -> the signed score with every step;
* :func:`webapp.games.skat.coach.bidding_coach` -- 10 cards (skat unknown, or given) -> for every
  game the value before the skat, the highest safe bid and the best game to aim for.

>>> hand = parse_hand("JC JS JH AC 0C KC QC AS 0S AH")
>>> game_value(hand, parse_cards("7C 7D"), Declaration(GameType.CLUBS)).value
48
>>> score_game(hand, parse_cards("7C 7D"), Declaration(GameType.CLUBS), Outcome(75, 7), bid=36).score
48
>>> score_game(hand, parse_cards("7C 7D"), Declaration(GameType.CLUBS), Outcome(50, 4), bid=36).score
-96
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Iterable

from webapp.games.skat.rules import (  # noqa: F401 - CARD_POINTS and card_points are part of this module's API
    CARD_POINTS, DECK, JACKS, Card, Rank, Suit, base_value, card_points, check_hand, parse_cards, parse_hand,
)
from webapp.core.steps import RuleInputError, Step

__all__ = [
    "Announcement", "CARD_POINTS", "Declaration", "GameType", "GameValue",
    "Level", "MatadorKind", "Matadors", "NULL_VALUES", "Outcome", "Score",
    "card_points", "count_matadors", "declare", "game_value", "matadors_from_count", "parse_outcome",
    "score_game", "parse_hand", "parse_cards",
]

SKAT_SIZE = 2
WIN_POINTS = 61  # ISkO 5.2.2: the declarer wins with the 61st card point, the skat included
SCHNEIDER_POINTS = 30  # ISkO 5.2.3: a side with 30 card points or fewer is Schneider
TOTAL_POINTS = 120
TRICKS = 10

class GameType(Enum):
    """The games a declarer can announce (ISkO 2.1): four suit games, Grand and Null."""

    CLUBS = "clubs"
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    GRAND = "grand"
    NULL = "null"

    @property
    def suit(self) -> Suit | None:
        """The trump suit of a suit game; None for Grand and Null."""
        return _GAME_SUITS.get(self)

    @property
    def base_value(self) -> int:
        """Base value (ISkO 5.1.1): clubs 12, spades 11, hearts 10, diamonds 9, Grand 24; Null 23 (plain Null)."""
        return 24 if self is GameType.GRAND else 23 if self is GameType.NULL else base_value(_GAME_SUITS[self])

    @property
    def is_null(self) -> bool:
        """True for Null, the game without trumps and matadors."""
        return self is GameType.NULL


_GAME_SUITS = {GameType.CLUBS: Suit.CLUBS, GameType.SPADES: Suit.SPADES,
               GameType.HEARTS: Suit.HEARTS, GameType.DIAMONDS: Suit.DIAMONDS}
SUIT_GAMES: tuple[GameType, ...] = tuple(_GAME_SUITS)
TRUMP_GAMES: tuple[GameType, ...] = SUIT_GAMES + (GameType.GRAND,)

#: Null values (ISkO 5.1.2), by (hand, ouvert): Null 23, Null Hand 35, Null Ouvert 46, Null Ouvert Hand 59.
NULL_VALUES: dict[tuple[bool, bool], int] = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}

_SUIT_TRUMP_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
#: The trumps from the highest down, by game (ISkO 2.3): the jacks, then A 10 K Q 9 8 7 of the trump suit.
TRUMP_ORDER: dict[GameType, tuple[Card, ...]] = {
    **{g: JACKS + tuple(Card(r, s) for r in _SUIT_TRUMP_RANKS) for g, s in _GAME_SUITS.items()},
    GameType.GRAND: JACKS,
}


class Announcement(Enum):
    """What a declarer may announce in a hand game (ISkO 5.2.5): Schneider or Schwarz."""

    SCHNEIDER = "schneider"
    SCHWARZ = "schwarz"


class Level(Enum):
    """The levels that raise the multiplier by one each (ISkO 5.2.1)."""

    GAME = "game"
    HAND = "hand"
    SCHNEIDER = "schneider"
    SCHNEIDER_ANNOUNCED = "schneider_announced"
    SCHWARZ = "schwarz"
    SCHWARZ_ANNOUNCED = "schwarz_announced"
    OUVERT = "ouvert"


class MatadorKind(Enum):
    """Whether the declarer plays "with" the top trumps or "without" them (ISkO 2.4)."""

    WITH = "with"
    WITHOUT = "without"


@dataclass(frozen=True)
class Declaration:
    """A declared game (ISkO 3.4): type, Hand, Ouvert and the announcement.

    Build it with :func:`declare` to get the ISkO's implications and checks
    (a suit or Grand Ouvert is a hand game announced Schwarz; announcements
    only in hand games; Schwarz announced includes Schneider announced).

    Attributes:
        game: the :class:`GameType`.
        hand: True when the skat was not picked up (a hand game).
        ouvert: True when the declarer plays with open cards.
        announced: :class:`Announcement` or None.
    """

    game: GameType
    hand: bool = False
    ouvert: bool = False
    announced: Announcement | None = None

    @property
    def schneider_announced(self) -> bool:
        """True when Schneider was announced, also as part of Schwarz announced (ISkO 5.2.5)."""
        return self.announced is not None

    @property
    def schwarz_announced(self) -> bool:
        """True when Schwarz was announced (always in a suit or Grand Ouvert, ISkO 5.2.6)."""
        return self.announced is Announcement.SCHWARZ


def declare(game: GameType, hand: bool = False, ouvert: bool = False,
            announced: Announcement | None = None) -> tuple[Declaration, tuple[Step, ...]]:
    """Check a declaration and apply the ISkO's implications.

    * A suit or Grand Ouvert is always a hand game and counts Schwarz announced
      (ISkO 5.2.6); announcing Schwarz there is allowed, Schneider is refused.
    * Announcements only in hand games, never in Null (ISkO 5.2.5).
    * Null Ouvert may be played with or without the skat (ISkO 5.1.2).

    Returns:
        ``(declaration, steps)``: the complete declaration and steps explaining
        what was implied.

    Raises:
        RuleInputError: ``skat.official.error.announce_null``,
            ``skat.official.error.announce_hand`` or
            ``skat.official.error.announce_ouvert``.
    """
    steps: list[Step] = []
    if game.is_null:
        if announced is not None:
            raise RuleInputError("skat.official.error.announce_null", "Null has no Schneider or Schwarz to announce",
                                 announced=announced)
        return Declaration(game, hand, ouvert, None), ()
    if ouvert:
        if announced is Announcement.SCHNEIDER:
            raise RuleInputError("skat.official.error.announce_ouvert",
                                 "an Ouvert game is always announced Schwarz, not only Schneider")
        steps.append(Step("skat.official.ouvert_implies", game=game))
        return Declaration(game, True, True, Announcement.SCHWARZ), tuple(steps)
    if announced is not None and not hand:
        raise RuleInputError("skat.official.error.announce_hand", "announcements are allowed only in hand games",
                             announced=announced)
    return Declaration(game, hand, False, announced), ()


@dataclass(frozen=True)
class Matadors:
    """Matadors ("with/without N", ISkO 2.4) of a suit game or Grand.

    Attributes:
        kind: :class:`MatadorKind` WITH when the declarer holds JC, else WITHOUT.
        count: N, the unbroken run from the top trump held (with) or missing (without).
        run: the trumps of that run, highest first.
        counted_over: how many cards were counted: 12 (hand and skat) or 10
            (skat not known).
        from_skat: the skat cards that lie in the run or end it (they made the
            count differ from the 10 cards in hand); empty when the skat did not matter.
        without_skat: the matadors of the 10 cards alone, when the skat changed them.
    """

    kind: MatadorKind
    count: int
    run: tuple[Card, ...] = ()
    counted_over: int = 12
    from_skat: tuple[Card, ...] = ()
    without_skat: tuple[MatadorKind, int] | None = None

    @property
    def with_(self) -> bool:
        """True when playing "with"."""
        return self.kind is MatadorKind.WITH


def _run(order: tuple[Card, ...], held: frozenset[Card] | set[Card]) -> tuple[bool, int]:
    """``(with, N)`` over the trump ``order`` for the cards ``held``."""
    with_ = order[0] in held
    n = 0
    for card in order:
        if (card in held) is not with_:
            break
        n += 1
    return with_, n


def count_matadors(game: GameType, hand: Iterable[Card], skat: Iterable[Card] | None) -> Matadors:
    """Count the matadors of a suit game or Grand over hand and skat (ISkO 2.4.1-2.4.3).

    Args:
        game: a suit game or Grand.
        hand: the declarer's 10 cards.
        skat: the 2 skat cards, or None when unknown (then 10 cards are counted).

    Returns:
        :class:`Matadors`; ``from_skat`` and ``without_skat`` show what the skat changed.

    Raises:
        ValueError: for Null, which has no matadors.
    """
    if game.is_null:
        raise ValueError("Null has no matadors")
    order = TRUMP_ORDER[game]
    own = frozenset(hand)
    with10, n10 = _run(order, own)
    if skat is None:
        return Matadors(MatadorKind.WITH if with10 else MatadorKind.WITHOUT, n10, order[:n10], 10)
    skat = tuple(skat)
    every = own | frozenset(skat)
    with_, n = _run(order, every)
    kind = MatadorKind.WITH if with_ else MatadorKind.WITHOUT
    if (with_, n) == (with10, n10):
        return Matadors(kind, n, order[:n], 12)
    relevant = order[: max(n, n10) + 1]
    from_skat = tuple(c for c in relevant if c in skat)
    before = (MatadorKind.WITH if with10 else MatadorKind.WITHOUT, n10)
    return Matadors(kind, n, order[:n], 12, from_skat, before)


def matadors_from_count(game: GameType, with_: bool, count: int) -> Matadors:
    """Matadors given as a number (score sheet without cards): with/without ``count``.

    Raises:
        RuleInputError: ``skat.official.error.matadors`` when ``count`` is not
            1-11 (suit games) or 1-4 (Grand).
    """
    top = len(TRUMP_ORDER[game]) if not game.is_null else 0
    if not 1 <= count <= top:
        raise RuleInputError("skat.official.error.matadors", f"matadors must be 1 to {top}, not {count}",
                             count=count, top=top, game=game)
    return Matadors(MatadorKind.WITH if with_ else MatadorKind.WITHOUT, count, (), 0)


@dataclass(frozen=True)
class Outcome:
    """The result of play: the declarer's card points (0-120, skat included) and tricks (0-10)."""

    points: int
    tricks: int


def parse_outcome(points: int, tricks: int, skat: Iterable[Card] | None = None, null: bool = False) -> Outcome:
    """Check card points and tricks for a suit game or Grand (ISkO 1.2.2, 4.4).

    The declarer's points include the skat. 1 and 119 points cannot happen
    (no card is worth 1); 10 tricks mean all 120 points; with no trick the
    declarer has only the skat's points (at most 22). For Null (``null``)
    only the tricks count: the points are ignored and stored as 0.

    Raises:
        RuleInputError: ``skat.official.error.points``, ``.tricks`` or ``.impossible``.
    """
    if not 0 <= tricks <= TRICKS:
        raise RuleInputError("skat.official.error.tricks", f"tricks must be 0 to 10, not {tricks}", tricks=tricks)
    if null:
        return Outcome(0, tricks)
    if not 0 <= points <= TOTAL_POINTS:
        raise RuleInputError("skat.official.error.points", f"card points must be 0 to 120, not {points}",
                             points=points)
    skat_points = None if skat is None else card_points(skat)
    impossible = (
        points in (1, TOTAL_POINTS - 1)
        or (tricks == TRICKS and points != TOTAL_POINTS)
        or (tricks == 0 and points > (22 if skat_points is None else skat_points))
        or (skat_points is not None and points < skat_points)
    )
    if impossible:
        raise RuleInputError("skat.official.error.impossible",
                             f"{points} card points with {tricks} tricks cannot happen", points=points, tricks=tricks)
    return Outcome(points, tricks)


# --- game value and score --------------------------------------------------------------


@dataclass(frozen=True)
class GameValue:
    """A game's value (ISkO 5.1-5.2) and the explanation.

    Attributes:
        declaration: the complete :class:`Declaration`.
        base: the base value (Null: the fixed value).
        matadors: :class:`Matadors`, None for Null.
        levels: the levels counted, in order.
        multiplier: matadors + levels (1 for Null).
        value: ``base * multiplier`` (Null: the fixed value).
        steps: the explanation.
    """

    declaration: Declaration
    base: int
    matadors: Matadors | None
    levels: tuple[Level, ...]
    multiplier: int
    value: int
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Score:
    """The score of a finished game (ISkO 5.3-5.4).

    Attributes:
        game: the :class:`GameValue` at the level reached.
        outcome: the :class:`Outcome` of play.
        bid: the bid held, or None.
        won: True when the declarer won.
        overbid: True when the value stayed below the bid (ISkO 5.4).
        score: the signed score for the declarer: + value won, - 2 x value lost.
        steps: the whole explanation (the value's steps, then the verdict).
    """

    game: GameValue
    outcome: Outcome
    bid: int | None
    won: bool
    overbid: bool
    score: int
    steps: tuple[Step, ...]

    @property
    def value(self) -> int:
        """The game value reached (before doubling)."""
        return self.game.value

    def seeger_fabian(self, players: int = 3) -> tuple[int, int]:
        """Seeger-Fabian tournament points: ``(declarer, each other player)``.

        The declarer gets the score + 50 for a won game, - 50 for a lost one;
        for a lost game each other player gets 40 at a table of 3, 30 at a
        table of 4 (the dealer included) (DSkV Skatwettspielordnung; preisskat.org).
        """
        if self.won:
            return self.score + 50, 0
        return self.score - 50, 40 if players == 3 else 30


def _matador_steps(game: GameType, m: Matadors) -> list[Step]:
    steps: list[Step] = []
    if m.counted_over == 0:
        steps.append(Step("skat.official.matadors.given", kind=m.kind, run=m.count))
        return steps
    if m.counted_over == 10:
        steps.append(Step("skat.official.matadors.no_skat"))
    elif game is GameType.GRAND:
        steps.append(Step("skat.official.matadors.grand"))
    else:
        steps.append(Step("skat.official.matadors.suit", suit=game.suit))
    if m.with_:
        steps.append(Step("skat.official.matadors.with", run=m.count, cards=m.run))
    else:
        steps.append(Step("skat.official.matadors.without", run=m.count, cards=m.run))
    if m.from_skat and m.without_skat is not None:
        kind, n = m.without_skat
        steps.append(Step("skat.official.matadors.skat_changed", cards=m.from_skat, before_kind=kind, before=n,
                          kind=m.kind, run=m.count))
    return steps


def _value(declaration: Declaration, matadors: Matadors | None, outcome: Outcome | None,
           implied: tuple[Step, ...]) -> GameValue:
    """The value at the level reached (``outcome``) or, without an outcome, won at the declared level."""
    game = declaration.game
    steps = list(implied)
    if game.is_null:
        value = NULL_VALUES[(declaration.hand, declaration.ouvert)]
        steps.append(Step("skat.official.null_value", value=value, hand=declaration.hand, ouvert=declaration.ouvert,
                          name=_null_name(declaration)))
        return GameValue(declaration, value, None, (), 1, value, tuple(steps))
    assert matadors is not None
    base = game.base_value
    steps.append(Step("skat.official.base", game=game, base=base))
    steps.extend(_matador_steps(game, matadors))
    levels = [Level.GAME]
    steps.append(Step("skat.official.level.game", run=matadors.count, total=matadors.count + 1))
    if declaration.hand:
        levels.append(Level.HAND)
        steps.append(Step("skat.official.level.hand"))
    points = outcome.points if outcome else None
    tricks = outcome.tricks if outcome else None
    # Schneider (ISkO 5.2.3): a side with 30 points or fewer; reached also by announcing it (5.2.5)
    if points is not None and points > TOTAL_POINTS - SCHNEIDER_POINTS - 1:
        levels.append(Level.SCHNEIDER)
        steps.append(Step("skat.official.level.schneider", points=TOTAL_POINTS - points))
    elif points is not None and points <= SCHNEIDER_POINTS:
        levels.append(Level.SCHNEIDER)
        steps.append(Step("skat.official.level.schneider_declarer", points=points))
    elif declaration.schneider_announced:
        levels.append(Level.SCHNEIDER)
        steps.append(Step("skat.official.level.schneider_by_announcement"))
    if declaration.schneider_announced:
        levels.append(Level.SCHNEIDER_ANNOUNCED)
        steps.append(Step("skat.official.level.schneider_announced"))
    # Schwarz (ISkO 5.2.4): a side that took no trick
    if tricks == TRICKS:
        levels.append(Level.SCHWARZ)
        steps.append(Step("skat.official.level.schwarz"))
    elif tricks == 0:
        levels.append(Level.SCHWARZ)
        steps.append(Step("skat.official.level.schwarz_declarer"))
    elif declaration.schwarz_announced:
        levels.append(Level.SCHWARZ)
        steps.append(Step("skat.official.level.schwarz_by_announcement"))
    if declaration.schwarz_announced:
        levels.append(Level.SCHWARZ_ANNOUNCED)
        steps.append(Step("skat.official.level.schwarz_announced"))
    if declaration.ouvert:
        levels.append(Level.OUVERT)
        steps.append(Step("skat.official.level.ouvert"))
    multiplier = matadors.count + len(levels)
    value = base * multiplier
    steps.append(Step("skat.official.value", matadors=matadors.count, levels=len(levels), multiplier=multiplier,
                      base=base, value=value))
    return GameValue(declaration, base, matadors, tuple(levels), multiplier, value, tuple(steps))


def _null_name(declaration: Declaration) -> str:
    return "Null" + (" Ouvert" if declaration.ouvert else "") + (" Hand" if declaration.hand else "")


def _check_cards(hand: tuple[Card, ...], skat: tuple[Card, ...] | None) -> None:
    check_hand(hand)
    if skat is None:
        return
    if len(skat) != SKAT_SIZE:
        raise RuleInputError("skat.official.error.skat_count", f"the skat has 2 cards, not {len(skat)}",
                             count=len(skat))
    for card in skat:
        if card in hand or skat.count(card) > 1:
            raise RuleInputError("skat.error.duplicate", f"duplicate card: {card}", token=str(card), card=card)


def _matadors_for(declaration: Declaration, hand: Iterable[Card] | None, skat: Iterable[Card] | None,
                  matadors: Matadors | None) -> Matadors | None:
    skat_cards = None if skat is None else tuple(skat)
    hand = None if hand is None else tuple(hand)
    if hand is not None and matadors is None:
        _check_cards(hand, skat_cards)
    if declaration.game.is_null or matadors is not None:
        return matadors if not declaration.game.is_null else None
    if hand is None:
        raise ValueError("give the declarer's cards or the matadors")
    return count_matadors(declaration.game, hand, skat_cards)


def game_value(hand: Iterable[Card] | None, skat: Iterable[Card] | None, declaration: Declaration,
               matadors: Matadors | None = None) -> GameValue:
    """The value of a declared game, won at the declared level (ISkO 5.1-5.2).

    This is the entry point for "what is this game worth?" (quiz, bidding):
    no result of play is needed; Schneider and Schwarz count only when
    announced (or implied by Ouvert).

    Args:
        hand: the declarer's 10 cards (ignored when ``matadors`` is given or for Null).
        skat: the 2 skat cards, or None when unknown (matadors over 10 cards).
        declaration: the declared game; use :func:`declare` to build it.
        matadors: the matadors, when known without the cards.

    Returns:
        :class:`GameValue` with steps.

    Raises:
        RuleInputError: bad cards (count, duplicates, skat of 2).
    """
    m = _matadors_for(declaration, hand, skat, matadors)
    return _value(declaration, m, None, ())


def score_game(hand: Iterable[Card] | None, skat: Iterable[Card] | None, declaration: Declaration,
               outcome: Outcome, bid: int | None = None, matadors: Matadors | None = None,
               implied: tuple[Step, ...] = ()) -> Score:
    """Score a finished game by the ISkO (5.2-5.4).

    * Suit games and Grand are won with 61 card points or more (skat included),
      and, if announced, with Schneider (90+) or Schwarz (all tricks); a
      failed announcement loses at the announced level (ISkO 5.2.5).
    * Schneider and Schwarz of either side raise the level, also when the
      declarer loses (ISkO 5.2.3-5.2.4).
    * Won: + value. Lost: - 2 x value (ISkO 5.3; hand games too).
    * Overbid (ISkO 5.4): value below the bid -> lost with the smallest
      multiple of the base value that reaches the bid, x -2.
    * Null is won with no trick (ISkO 5.2.7); card points do not matter.

    Args:
        hand, skat, matadors: as :func:`game_value`.
        declaration: the declared game (see :func:`declare`).
        outcome: the declarer's card points and tricks (:func:`parse_outcome`).
        bid: the bid held (one of :data:`webapp.games.skat.bids.VALID_BIDS`), or None to skip the check.
        implied: steps from :func:`declare` to put first.

    Returns:
        :class:`Score`.

    Raises:
        RuleInputError: ``skat.official.error.null_overbid`` for a Null game
            whose fixed value is below the bid; bad cards.
    """
    game = declaration.game
    m = _matadors_for(declaration, hand, skat, matadors)
    if game.is_null:
        value = _value(declaration, None, None, implied)
        if bid is not None and value.value < bid:
            raise RuleInputError("skat.official.error.null_overbid", f"{_null_name(declaration)} ({value.value}) "
                                 f"cannot be declared after a bid of {bid}", value=value.value, bid=bid,
                                 name=_null_name(declaration))
        steps = list(value.steps)
        won = outcome.tricks == 0
        if won:
            steps.append(Step("skat.official.null_won"))
            score = value.value
            steps.append(Step("skat.official.score.won", value=value.value))
        else:
            steps.append(Step("skat.official.null_lost", tricks=outcome.tricks))
            score = -2 * value.value
            steps.append(Step("skat.official.score.lost", value=value.value, score=score))
        return Score(value, outcome, bid, won, False, score, tuple(steps))

    value = _value(declaration, m, outcome, implied)
    steps = list(value.steps)
    points, tricks = outcome.points, outcome.tricks
    won = points >= WIN_POINTS
    if won:
        steps.append(Step("skat.official.points.won", points=points))
    else:
        steps.append(Step("skat.official.points.lost", points=points))
    if won and declaration.schwarz_announced and tricks < TRICKS:
        won = False
        steps.append(Step("skat.official.announce_failed.schwarz", tricks=TRICKS - tricks))
    elif won and declaration.schneider_announced and points < TOTAL_POINTS - SCHNEIDER_POINTS:
        won = False
        steps.append(Step("skat.official.announce_failed.schneider", points=TOTAL_POINTS - points))
    overbid = bid is not None and value.value < bid
    if overbid:
        assert bid is not None
        multiple = -(-bid // value.base)
        lost_value = multiple * value.base
        score = -2 * lost_value
        steps.append(Step("skat.official.overbid", bid=bid, value=value.value, base=value.base, multiple=multiple,
                          lost_value=lost_value, score=score))
        won = False
    elif won:
        score = value.value
        steps.append(Step("skat.official.score.won", value=value.value))
    else:
        score = -2 * value.value
        steps.append(Step("skat.official.score.lost", value=value.value, score=score))
    return Score(value, outcome, bid, won, overbid, score, tuple(steps))
