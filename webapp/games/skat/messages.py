"""Skat sentences: family rule (seed challenge "Skat hand value") and card names."""

from __future__ import annotations

from typing import Any

from webapp.games.skat.rules import Rank as SkatRank
from webapp.games.skat.rules import Suit as SkatSuit
from webapp.core.explain import CARD_NAME, FACE_LETTERS
from webapp.core.markers import N_, NP_

# --- Skat (family rule: seed challenge "Skat hand value") -------------------
MESSAGES: dict[str, Any] = {
    "skat.error.unknown": N_("“%(token)s” is not a Skat card. Write the value, then the suit: JC, 0S, 10H, 7D."),
    "skat.error.duplicate": N_("%(card)s is there twice. Every card exists only once."),
    "skat.error.count": N_("A Skat hand has %(needed)s cards, not %(count)s."),
    "skat.jacks.held": N_("Your jacks: %(jacks)s."),
    "skat.jacks.none": N_("You hold no jack."),
    "skat.jacks.with": NP_(
        "You have the Jack of Clubs, so you play “with”. The Jack of Spades is missing, so: with %(run)s.",
        "You have the Jack of Clubs, so you play “with”. From the top, without a gap, you have %(jacks)s: with %(run)s.",
        "run",
    ),
    "skat.jacks.without": NP_(
        "You don’t have the Jack of Clubs, so you play “without”. Only it is missing from the top: without %(run)s.",
        "You don’t have the Jack of Clubs, so you play “without”. From the top, without a gap, you miss %(missing)s: without %(run)s.",
        "run",
    ),
    "skat.factor.jacks": N_("Jack factor: %(run)s + 1 = %(factor)s."),
    "skat.trumps.suit": NP_(
        "%(suit)s as trump: %(own)s of the suit + %(jacks)s of the jacks = %(count)s trump.",
        "%(suit)s as trump: %(own)s of the suit + %(jacks)s of the jacks = %(count)s trumps.",
        "count",
    ),
    "skat.trump.choice": N_("%(suit)s gives the most trumps (%(count)s), so %(suit)s is trump."),
    "skat.trump.tie": N_(
        "%(suit)s and %(others)s both give %(count)s trumps; on a tie the higher suit wins: %(suit)s is trump."
    ),
    "skat.pass.few_trumps": N_("The most trumps you can get is %(count)s, but you need at least %(needed)s."),
    "skat.pass.no_ace": N_("You hold no ace of a suit other than %(suit)s, and you need one."),
    "skat.ace.found": N_("An ace outside the trump suit: %(aces)s. Good!"),
    "skat.value": N_("Game value: %(factor)s × %(base)s (%(suit)s) = %(value)s."),
    "skat.verdict.pass": N_("So you pass."),
}

# Enum members used as step parameters -> their translatable names.
LABELS: dict[Any, str] = {
    SkatSuit.CLUBS: N_("Clubs"),
    SkatSuit.SPADES: N_("Spades"),
    SkatSuit.HEARTS: N_("Hearts"),
    SkatSuit.DIAMONDS: N_("Diamonds"),
    SkatRank.ACE: N_("Ace"),
    SkatRank.KING: N_("King"),
    SkatRank.QUEEN: N_("Queen"),
    SkatRank.JACK: N_("Jack"),
    SkatRank.TEN: N_("Ten"),
    SkatRank.NINE: N_("Nine"),
    SkatRank.EIGHT: N_("Eight"),
    SkatRank.SEVEN: N_("Seven"),
}

#: The letters printed on Skat cards: German decks say B (Bube) and D (Dame).
SKAT_RANK_LETTERS: dict[Any, tuple[str, str]] = {rank: FACE_LETTERS[rank.value] for rank in (SkatRank.ACE, SkatRank.KING, SkatRank.QUEEN, SkatRank.JACK)}

#: How a card's full name is built: "%(rank)s of %(suit)s" ("Kreuz-Bube" in German).
SKAT_CARD_NAME = CARD_NAME
