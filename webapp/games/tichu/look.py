"""How Tichu cards are named and drawn in the reader's language (four suits and four special cards)."""

from __future__ import annotations

from webapp.core.explain import CardFace, gettext, label
from webapp.games.tichu import rules as tichu
from webapp.games.tichu.messages import TICHU_CARD_NAMES, TICHU_SUIT_FACES, TICHU_SUITED_NAME

CARD_TYPES: tuple[type, ...] = (tichu.TichuCard,)

#: Short labels drawn on the special Tichu cards (the rank letter is not enough for a child).
_FACES = {tichu.DOG: "D", tichu.MAH_JONG: "1", tichu.PHOENIX: "P", tichu.DRAGON: "R", tichu.TEN: "10"}
_CLASSES = {tichu.DOG: "t-dog", tichu.MAH_JONG: "t-mahjong", tichu.PHOENIX: "t-phoenix", tichu.DRAGON: "t-dragon"}


def tichu_face(card: tichu.TichuCard) -> str:
    """The big character on a Tichu card: ``2``..``10``, ``J Q K A``, ``1``, ``R``, ``P``, ``D``."""
    return _FACES.get(card.rank, str(card).upper()[:1])


def tichu_suit_face(card: tichu.TichuCard) -> str:
    """The suit's name printed small on a suited Tichu card ("Star"); empty for the special cards."""
    return gettext(TICHU_SUIT_FACES[card.suit]) if card.suit is not None else ""


def tichu_class(card: tichu.TichuCard) -> str:
    """The CSS classes that colour a Tichu card (a suited card also gets ``t-suit-g`` etc.)."""
    if card.suit is not None:
        return f"t-natural t-suit-{card.suit.value}"
    return _CLASSES.get(card.rank, "t-natural")


def card_name(card: tichu.TichuCard) -> str:
    """A card's full name: "Dragon", "Ace of Stars" / "Stern-Ass", "7" for a card of no named suit."""
    rank = gettext(TICHU_CARD_NAMES[card.rank]) if card.rank in TICHU_CARD_NAMES else str(card.rank)
    if card.suit is not None:
        return gettext(TICHU_SUITED_NAME) % {"rank": rank, "suit": label(card.suit)}
    return rank


def card_face(card: tichu.TichuCard) -> CardFace:
    """A special card (but the Mah Jong) shows its name and, small, the letter to type; a natural card its
    rank and, small, its suit's name; the Mah Jong its ``1`` and, small, its name."""
    css = tichu_class(card)
    if card.is_special and card.rank != tichu.MAH_JONG:
        return CardFace(kind="tichu", css=css, special=card_name(card), note=str(card))
    if card.is_special:
        return CardFace(kind="tichu", css=css, rank=tichu_face(card), note=card_name(card))
    if card.suit is not None:
        return CardFace(kind="tichu", css=css, rank=tichu_face(card), note=tichu_suit_face(card), note_css=" card-suit-name")
    return CardFace(kind="tichu", css=css, rank=tichu_face(card))


#: Helpers the Tichu templates call.
TEMPLATE_GLOBALS = {"tichu_face": tichu_face, "tichu_class": tichu_class, "tichu_suit_face": tichu_suit_face}
