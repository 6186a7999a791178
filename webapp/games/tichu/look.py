"""How Tichu cards are named and drawn in the reader's language (four suits and four special cards)."""

from __future__ import annotations

from webapp.core.explain import CardFace, gettext, label
from webapp.games.tichu import rules as tichu
from webapp.games.tichu.messages import TICHU_CARD_NAMES, TICHU_SUIT_FACES, TICHU_SUITED_NAME

CARD_TYPES: tuple[type, ...] = (tichu.TichuCard,)

#: The big characters of the cards whose rank is not the first letter of their code (the Mah Jong's 1 counts in
#: straights; the other special cards show a picture and their name instead).
_FACES = {tichu.DOG: "D", tichu.MAH_JONG: "1", tichu.PHOENIX: "P", tichu.DRAGON: "R", tichu.TEN: "10"}
_CLASSES = {tichu.DOG: "t-dog", tichu.MAH_JONG: "t-mahjong", tichu.PHOENIX: "t-phoenix", tichu.DRAGON: "t-dragon"}
#: The pictures of the special cards (static/img/tichu/<name>.svg, CSS classes ``pic-<name>``).
_PICTURES = {tichu.DOG: "dog", tichu.MAH_JONG: "mahjong", tichu.PHOENIX: "phoenix", tichu.DRAGON: "dragon"}
#: Ranks whose big character is a letter (J Q K A): their name follows the visible words in a button's label.
_LETTERED = (tichu.JACK, tichu.QUEEN, tichu.KING, tichu.ACE)


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
    """A special card shows its picture and its name (the Mah Jong also its ``1``, the rank it has in a
    straight); a natural card its rank and, small, its suit's name."""
    css = tichu_class(card)
    if card.is_special:
        rank = tichu_face(card) if card.rank == tichu.MAH_JONG else ""
        return CardFace(kind="tichu", css=css, rank=rank, special=card_name(card), picture=_PICTURES[card.rank])
    if card.suit is not None:
        return CardFace(kind="tichu", css=css, rank=tichu_face(card), note=tichu_suit_face(card), note_css=" card-suit-name")
    return CardFace(kind="tichu", css=css, rank=tichu_face(card))


def card_label(card: tichu.TichuCard) -> str:
    """The accessible name of a button that shows ``card``: the words drawn on it, in their order, so that the
    name contains the visible text (WCAG 2.5.3), then the rank's name where the card shows a letter:
    "A Pagoda (Ace)", "7 Jade", "1 Mah Jong", "Dragon"."""
    face = card_face(card)
    if face.special:
        return f"{face.rank} {face.special}" if face.rank else face.special
    shown = f"{face.rank} {face.note}" if face.note else face.rank
    if card.rank in _LETTERED:
        return f"{shown} ({gettext(TICHU_CARD_NAMES[card.rank])})"
    return shown


#: Helpers the Tichu templates call.
TEMPLATE_GLOBALS = {"tichu_face": tichu_face, "tichu_class": tichu_class, "tichu_suit_face": tichu_suit_face,
                    "tichu_label": card_label}
