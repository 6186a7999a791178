"""The Skat table's words for what happened: the hand in order, why a trick went where it did, what lost a game,
a declaration's name (the table page, its tests and the CLI's lines)."""

from __future__ import annotations

from webapp.core.explain import label
from webapp.core.steps import Step
from webapp.games.skat.look import skat_game_name
from webapp.games.skat.official import TRUMP_ORDER, Declaration, GameType, Level
from webapp.games.skat.play import NULL_ORDER, PLAIN_ORDER, Seat, is_trump
from webapp.games.skat.rules import SUITS, Card
from webapp.games.skat.table import Declare, TableState, Trick

__all__ = ["declaration_name", "label_hand", "sort_hand", "trick_reason", "what_went_wrong"]


def sort_hand(cards: tuple[Card, ...], game: GameType | None) -> list[Card]:
    """The cards in the order a player holds them: the trumps first from the highest (before a declaration: the
    jacks), then each suit (clubs, spades, hearts, diamonds) from its highest card (Null: A K Q J 10 9 8 7,
    ISkO 2.3)."""
    trumps = TRUMP_ORDER[GameType.GRAND] if game is None else TRUMP_ORDER.get(game, ())
    order = NULL_ORDER if game is not None and game.is_null else PLAIN_ORDER

    def key(card: Card) -> tuple[int, int, int]:
        if card in trumps:
            return 0, 0, trumps.index(card)
        return 1, SUITS.index(card.suit), order.index(card.rank)

    return sorted(cards, key=key)


def trick_reason(trick: Trick, game: GameType, child: Seat, name: str) -> Step:
    """Why the trick went to its winner (ISkO 2.3): the highest trump in it, else the highest card of the suit led.

    ``name`` is the winner's name (unused when the child won: the sentence says "you")."""
    card = next(c for s, c in trick.cards if s == trick.winner)
    you = "_you" if trick.winner == child else ""
    if is_trump(card, game):
        kind = "trump"
    else:
        kind = "null" if game.is_null else "suit"
    return Step(f"skat.table.page.trick_{kind}{you}", name=name, card=card, points=trick.points, suit=card.suit)


def what_went_wrong(state: TableState) -> tuple[Step, ...]:
    """Why a lost game was lost (ISkO 5.2-5.4): overbid, too few card points, a failed announcement, a Null trick."""
    score, declaration = state.score, state.declaration
    if score is None or declaration is None or score.won:
        return ()
    steps: list[Step] = []
    if declaration.game.is_null:
        number = next(i for i, t in enumerate(state.tricks, start=1) if t.winner == state.declarer)
        return (Step("skat.table.page.wrong.null", number=number),)
    points, tricks = score.outcome.points, score.outcome.tricks
    if score.overbid:
        steps.append(Step("skat.table.page.wrong.overbid", bid=state.bid, value=score.value))
    if points < 61:
        steps.append(Step("skat.table.page.wrong.points", points=points))
        if points <= 30:
            steps.append(Step("skat.table.page.wrong.schneider_against", points=points))
    elif declaration.schwarz_announced and tricks < 10:
        steps.append(Step("skat.table.page.wrong.schwarz", tricks=10 - tricks))
    elif declaration.schneider_announced and points < 90:
        steps.append(Step("skat.table.page.wrong.schneider", points=points))
    return tuple(steps)


def declaration_name(declaration: Declaration | Declare, hand_game: bool | None = None) -> str:
    """A declaration's full name in the reader's language: "Clubs Hand Schneider", "Null Ouvert".

    ``hand_game`` says whether a :class:`Declare` (which does not know it) would be a hand game."""
    hand = getattr(declaration, "hand", False) if hand_game is None else hand_game
    if declaration.game.is_null:
        return skat_game_name(declaration.game, hand, declaration.ouvert)
    parts = [label(declaration.game)] + [label_hand()] * bool(hand)
    if declaration.announced is not None:
        parts.append(label(declaration.announced))
    if declaration.ouvert:
        parts.append("Ouvert")
    return " ".join(parts)


def label_hand() -> str:
    """The word "Hand" in the reader's language (the level's label)."""
    return label(Level.HAND)
