"""How poker cards are named and drawn in the reader's language (the French-suited deck)."""

from __future__ import annotations

from webapp.core.explain import CARD_NAME, CardFace, face_letter, gettext, label
from webapp.games.pokerface.rules import Card, Rank, hand_step

CARD_TYPES: tuple[type, ...] = (Card,)

#: The court cards and the ace print the deck's letters (German decks: B for Bube, D for Dame).
_FACES = {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J"}


def poker_rank(rank: Rank) -> str:
    """The rank as printed on a poker card in the reader's language: ``2``-``10``, ``J``/``B``, ``Q``/``D``, ``K``, ``A``."""
    letter = _FACES.get(rank)
    return rank.label if letter is None else face_letter(letter)


def card_name(card: Card) -> str:
    """A card's full name, e.g. "Ace of Spades" / "Pik-Ass"."""
    return gettext(CARD_NAME) % {"rank": label(card.rank), "suit": label(card.suit)}


def card_face(card: Card) -> CardFace:
    """The rank in the corner and the suit symbol; coloured by suit (``suit-S``)."""
    return CardFace(kind="poker", css=f"suit-{card.suit.value}", rank=poker_rank(card.rank), suit=card.suit.symbol)


#: Helpers the Pokerface templates call.
TEMPLATE_GLOBALS = {"poker_rank": poker_rank, "hand_step": hand_step}
