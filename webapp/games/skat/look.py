"""How Skat cards and games are named and drawn in the reader's language (the French-suited deck)."""

from __future__ import annotations

from enum import Enum

from webapp.core.explain import CARD_NAME, CardFace, face_letter, gettext, label
from webapp.games.skat.rules import Card, Rank

CARD_TYPES: tuple[type, ...] = (Card,)


def rank_letter(rank: Rank) -> str:
    """The rank as printed on a Skat card in the reader's language (``B`` for Bube in German, ``10``)."""
    return rank.label if rank is Rank.TEN else face_letter(rank.value)


def skat_game_name(game: Enum, hand: bool = False, ouvert: bool = False) -> str:
    """An official Skat game's name: "Clubs", "Grand", "Null Ouvert Hand" (the Null variants read the same in German)."""
    if game.value == "null":
        return " ".join([label(game)] + ["Ouvert"] * ouvert + ["Hand"] * hand)
    return label(game)


def card_name(card: Card) -> str:
    """A card's full name, e.g. "Jack of Clubs" / "Kreuz-Bube"."""
    return gettext(CARD_NAME) % {"rank": label(card.rank), "suit": label(card.suit)}


def card_face(card: Card) -> CardFace:
    """The rank letter in the corner and the suit symbol; coloured by suit (``suit-C``)."""
    return CardFace(kind="skat", css=f"suit-{card.suit.value}", rank=rank_letter(card.rank), suit=card.suit.symbol)


#: Helpers the Skat templates call.
TEMPLATE_GLOBALS = {"rank_letter": rank_letter, "skat_game_name": skat_game_name}
