"""Tichu cards: ranks, suits, the card, the notation, and the 56-card deck.

A play is written one character a card: ``2``-``9``, ``0`` (ten), ``J Q K A``,
``R`` Dragon, ``P`` Phoenix, ``D`` Dog, ``1`` Mah Jong; ``-`` or the empty
string means nothing is on the table (the player leads). Card order is free.
A natural card may be followed by a lower-case suit letter: ``g`` Jade, ``k``
Sword, ``b`` Pagoda, ``r`` Star (``Ar`` is the Ace of Stars, ``AR`` an Ace and
the Dragon). A card without a suit letter is of an unnamed suit, so a play
written without suits has mixed suits, as in the seed (seed 001; Tichu
rulebook, "The cards").
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from itertools import islice
from types import MappingProxyType
from typing import Iterable, Mapping

from webapp.core.steps import NotationError, RuleInputError
from webapp.games.tichu.rules.codes import ErrorCode

# --- Ranks -------------------------------------------------------------------
#: The Dog: only alone and only on lead; it passes the lead to the partner.
DOG = 0
#: The Mah Jong: a single worth 1, or the 1 at the bottom of a straight.
MAH_JONG = 1
TEN = 10
JACK = 11
QUEEN = 12
KING = 13
ACE = 14
#: The Phoenix: a joker in combinations; alone it is 1½ on lead, ½ above a single.
PHOENIX = 15
#: The Dragon: the highest single; only alone.
DRAGON = 16

#: The natural ranks, 2 to Ace ("Aces are high", seed 001).
NATURAL_RANKS: tuple[int, ...] = tuple(range(2, ACE + 1))
#: A straight has at least this many cards (seed 001).
MIN_STRAIGHT = 5
#: Stairs have at least this many pairs (seed 001: any run of consecutive pairs).
MIN_STAIRS_PAIRS = 2
#: Copies of each natural rank in the 56-card deck (one a suit).
COPIES = 4
#: A hand holds at most this many cards: each player is dealt 14 (Tichu rulebook, "Dealing"), so no play or
#: table may hold more either.
MAX_CARDS = 14
#: The longest text read as one hand or play: 14 cards with suit letters and separators fit many times over.
MAX_TEXT = 200

#: The one notation character of each rank code: the single source of the rank text.
_RANK_CHARS: Mapping[int, str] = MappingProxyType(
    {DOG: "D", MAH_JONG: "1", TEN: "0", JACK: "J", QUEEN: "Q", KING: "K", ACE: "A", PHOENIX: "P", DRAGON: "R"}
    | {r: str(r) for r in range(2, 10)}
)
_CHAR_RANKS: Mapping[str, int] = MappingProxyType({ch: r for r, ch in _RANK_CHARS.items()})
#: The notation characters of the natural ranks, low to high: rank ``r`` is ``NATURAL_CHARS[r - 2]``.
NATURAL_CHARS = "".join(_RANK_CHARS[r] for r in NATURAL_RANKS)
#: How a natural rank is shown to people (a wish, a rank): the notation, but ``10`` for the ten.
RANK_TEXT: Mapping[int, str] = MappingProxyType({r: "10" if r == TEN else _RANK_CHARS[r] for r in NATURAL_RANKS})


class TichuSuit(Enum):
    """The four Tichu suits and their notation letters (Tichu rulebook: "The cards").

    Suits matter only for straight-flush bombs (five or more cards of one suit
    in a row). Colours on the cards: Jade green, Sword black, Pagoda blue, Star red.
    """

    JADE = "g"
    SWORD = "k"
    PAGODA = "b"
    STAR = "r"


@dataclass(frozen=True)
class TichuCard:
    """One Tichu card: a rank code and an optional suit.

    Rank codes: :data:`DOG` 0, :data:`MAH_JONG` 1, 2 to 14 for the natural
    cards (10 ten, 11 Jack, 12 Queen, 13 King, 14 Ace), :data:`PHOENIX` 15,
    :data:`DRAGON` 16. Only natural cards can have a suit.

    >>> str(TichuCard(TEN)), str(TichuCard(DRAGON)), TichuCard(7).is_natural
    ('0', 'R', True)
    >>> str(TichuCard(7, TichuSuit.JADE))
    '7g'

    Raises:
        ValueError: for a rank outside 0..16, or a suit on a special card.
    """

    rank: int
    suit: TichuSuit | None = None

    def __post_init__(self) -> None:
        if type(self.rank) is not int or not DOG <= self.rank <= DRAGON:
            raise ValueError(f"no Tichu rank {self.rank!r}")
        if self.suit is not None and not self.is_natural:
            raise ValueError("only the natural cards 2 to Ace have a suit")

    @property
    def is_natural(self) -> bool:
        """True for the 52 suited cards 2 to Ace."""
        return 2 <= self.rank <= ACE

    @property
    def is_special(self) -> bool:
        """True for the Dog, the Mah Jong, the Phoenix and the Dragon."""
        return not 2 <= self.rank <= ACE

    def __str__(self) -> str:
        text = _RANK_CHARS[self.rank]
        return text if self.suit is None else text + self.suit.value

    def __repr__(self) -> str:
        if self.suit is None:
            return f"TichuCard({self.rank})"
        return f"TichuCard({self.rank}, {self.suit})"


#: One suitless card of each rank, indexed by rank code.
_CARD: tuple[TichuCard, ...] = tuple(TichuCard(r) for r in range(DRAGON + 1))


def _sort_key(card: TichuCard) -> tuple[int, str]:
    return (card.rank, "" if card.suit is None else card.suit.value)


def _canonical(cards: Iterable[TichuCard]) -> tuple[TichuCard, ...]:
    return tuple(sorted(cards, key=_sort_key))


def _text(cards: Iterable[TichuCard]) -> str:
    return "".join(str(c) for c in cards) or "-"


# --- Parsing -----------------------------------------------------------------
_SUITS = {suit.value: suit for suit in TichuSuit}


def parse_card(text: str) -> TichuCard:
    """Parse one card: one upper-case character, optionally a suit letter after a natural rank.

    >>> parse_card("0"), parse_card("P") == TichuCard(PHOENIX)
    (TichuCard(10), True)
    >>> parse_card("Ar")
    TichuCard(14, TichuSuit.STAR)

    Raises:
        RuleInputError: ``tichu.error.suit_special`` for a suit letter after a
            special card (``Rr``); ``tichu.error.suit_alone`` for a suit letter
            with no rank before it (``g``); ``tichu.error.lowercase`` for any
            other lower-case letter (cards are capitals, ``k`` for King would
            clash with the Sword suit); otherwise ``tichu.error.unknown``. All
            have the parameter ``token``.
    """
    rank = _CHAR_RANKS.get(text)
    if rank is not None:
        return _CARD[rank]
    if len(text) == 2 and text[1] in _SUITS and text[0] in _CHAR_RANKS:
        rank = _CHAR_RANKS[text[0]]
        if 2 <= rank <= ACE:
            return TichuCard(rank, _SUITS[text[1]])
        raise RuleInputError(
            ErrorCode.SUIT_SPECIAL, f"special cards have no suit: {text!r}", token=text, card=_CARD[rank]
        )
    if text in _SUITS:
        raise RuleInputError(ErrorCode.SUIT_ALONE, f"a suit letter needs a rank before it: {text!r}", token=text)
    if len(text) == 1 and "a" <= text <= "z":
        raise RuleInputError(ErrorCode.LOWERCASE, f"write cards in capital letters: {text!r}", token=text)
    raise RuleInputError(ErrorCode.UNKNOWN, f"unknown Tichu card: {text!r}", token=text)


#: One card token: a rank character with the suit letter glued to it, or any other single character.
_TOKEN = re.compile("[" + re.escape("".join(_CHAR_RANKS)) + "][" + "".join(_SUITS) + "]?|[^\\s,]")
_SEPARATOR = re.compile(r"[\s,]")
_GLUED = re.compile("(?<=[" + re.escape("".join(_CHAR_RANKS)) + "])[" + "".join(_SUITS) + "]")


def tokens(text: str, limit: int | None = None) -> list[str]:
    """Split a play into card tokens: a character, with the suit letter that follows a rank.

    Whitespace and commas separate; a suit letter after whitespace stands alone
    (and :func:`parse_card` refuses it). With ``limit``, only the first
    ``limit`` tokens (the work stays bounded however long ``text`` is).

    >>> tokens("5g6g7 AR, Ar")
    ['5g', '6g', '7', 'A', 'R', 'Ar']
    >>> tokens("5g6g7 AR, Ar", limit=2)
    ['5g', '6g']
    """
    return [match.group() for match in islice(_TOKEN.finditer(text), limit)]


def count_tokens(text: str) -> int:
    """How many tokens :func:`tokens` finds in ``text``, counted without making them (for long input).

    >>> count_tokens("5g6g7 AR, Ar"), count_tokens("gg 7gg")
    (6, 4)
    """
    return len(text) - len(_SEPARATOR.findall(text)) - len(_GLUED.findall(text))


def parse_play(text: str) -> tuple[TichuCard, ...]:
    """Parse a play: one character a card (plus a suit letter), in the order given.

    ``"-"`` or the empty string is "no play" (the player leads) and gives
    ``()``. Whitespace between cards is ignored (``"K K"`` is ``"KK"``); the
    ten is ``0`` only, since ``10`` reads as Mah Jong and ten.

    >>> [str(c) for c in parse_play("5P304967")]
    ['5', 'P', '3', '0', '4', '9', '6', '7']
    >>> [str(c) for c in parse_play("5g6g7g8g9g")]
    ['5g', '6g', '7g', '8g', '9g']
    >>> parse_play("-")
    ()

    Raises:
        RuleInputError: as :func:`parse_card` for a bad character;
            ``tichu.error.duplicate`` (parameter ``card``) for a special card
            or a suited card given twice (``7g7g``); ``tichu.error.too_many``
            (parameters ``card``, ``count``) for more than four cards of one
            natural rank. The error's ``token`` is the offending card.

    Any number of cards is read (the seed's cases lay up to 16 on the table);
    what comes from a hand in a real game is checked with :func:`check_size`.
    """
    stripped = text.strip()
    if stripped in ("", "-"):
        return ()
    cards = tuple(parse_card(token) for token in tokens(stripped))
    _check_copies(cards, deck=False)
    return cards


def check_size(count: int) -> None:
    """Refuse more than :data:`MAX_CARDS` cards in one hand, play or table (Tichu rulebook, "Dealing").

    The pages call it on every hand and play they read, before any other work.

    >>> check_size(15)
    Traceback (most recent call last):
    ...
    webapp.core.steps.NotationError: a hand or a play holds at most 14 cards, not 15

    Raises:
        NotationError: ``tichu.error.too_long`` (parameters ``count``, ``limit``).
    """
    if count > MAX_CARDS:
        raise NotationError(
            ErrorCode.TOO_LONG, f"a hand or a play holds at most {MAX_CARDS} cards, not {count}",
            count=count, limit=MAX_CARDS,
        )


def check_text(text: str) -> None:
    """Refuse a hand or play written with more than :data:`MAX_CARDS` cards, or longer than :data:`MAX_TEXT`
    characters (then without counting its cards: the work stays bounded however long the text is).

    >>> check_text("7g" * 101)
    Traceback (most recent call last):
    ...
    webapp.core.steps.NotationError: a hand or a play is at most 200 characters, not 202

    Raises:
        NotationError: ``tichu.error.too_long_text`` (parameter ``limit``: the cards a hand holds) for a text
            over :data:`MAX_TEXT` characters, else as :func:`check_size`.
    """
    if len(text) > MAX_TEXT:
        raise NotationError(
            ErrorCode.TOO_LONG_TEXT, f"a hand or a play is at most {MAX_TEXT} characters, not {len(text)}",
            limit=MAX_CARDS,
        )
    check_size(count_tokens(text))


def check_deck(previous: Iterable[TichuCard], play: Iterable[TichuCard]) -> None:
    """Check that the table and the play can come from one 56-card deck.

    The previous play lies on the table and the new play comes from a hand, so
    together they hold each special card at most once and each natural rank at
    most four times. :func:`judge` does not call this: it judges any two plays.

    >>> check_deck(parse_play("7777"), parse_play("7"))
    Traceback (most recent call last):
    ...
    webapp.core.steps.RuleInputError: the deck has only four 7s, but the table and the play have 5

    Raises:
        RuleInputError: ``tichu.error.duplicate`` / ``tichu.error.too_many``
            when one play alone is impossible (as :func:`parse_play`), else
            ``tichu.error.deck_duplicate`` (parameter ``card``) or
            ``tichu.error.deck_too_many`` (``card``, ``count``: the total) when
            only the two together are.
    """
    previous = tuple(previous)
    play = tuple(play)
    _check_copies(previous, deck=False)
    _check_copies(play, deck=False)
    _check_copies(previous + play, deck=True)


def _check_copies(cards: tuple[TichuCard, ...], deck: bool) -> None:
    where = "the table and the play have" if deck else "the play has"
    for card, count in Counter(c for c in cards if c.suit is not None).items():
        if count > 1:  # the deck has one card of each rank and suit
            code = ErrorCode.DECK_DUPLICATE if deck else ErrorCode.DUPLICATE
            error = RuleInputError(code, f"the deck has only one {card}, but {where} {count}", card=card)
            error.token = str(card)
            raise error
    counts = Counter(c.rank for c in cards)
    for card in cards:
        count = counts[card.rank]
        limit = COPIES if card.is_natural else 1
        if count <= limit:
            continue
        plain = _CARD[card.rank]
        if card.is_natural:
            code = ErrorCode.DECK_TOO_MANY if deck else ErrorCode.TOO_MANY
            error = RuleInputError(code, f"the deck has only four {plain}s, but {where} {count}", card=plain, count=count)
        else:
            code = ErrorCode.DECK_DUPLICATE if deck else ErrorCode.DUPLICATE
            error = RuleInputError(code, f"the deck has only one {plain}, but {where} {count}", card=plain)
        error.token = str(card)
        raise error


def deck() -> tuple[TichuCard, ...]:
    """The 56 cards of the real deck: 2 to Ace in each of the four suits, then the four specials.

    Tichu rulebook, "The cards".

    >>> len(deck()), str(deck()[0]), str(deck()[-1])
    (56, '2g', 'R')
    """
    return _DECK


_DECK: tuple[TichuCard, ...] = tuple(TichuCard(r, s) for s in TichuSuit for r in range(2, ACE + 1)) + tuple(
    _CARD[r] for r in (DOG, MAH_JONG, PHOENIX, DRAGON)
)



def parse_wish(text: str) -> int:
    """Parse a wished rank: ``2``-``9``, ``0`` or ``10``, ``J Q K A`` (case-insensitive).

    Tichu rulebook, "Mah Jong": the wish names a rank 2 to Ace, never a special card.

    >>> parse_wish("10"), parse_wish("k")
    (10, 13)

    Raises:
        RuleInputError: ``tichu.error.wish`` (parameter ``token``) for anything else.
    """
    cleaned = text.strip().upper()
    rank = TEN if cleaned == "10" else _CHAR_RANKS.get(cleaned)
    if rank is None or not 2 <= rank <= ACE:
        shown = text if len(text) <= 20 else text[:20] + "…"  # named, but never echoed at any length
        raise RuleInputError(ErrorCode.WISH, f"a wish is a rank 2 to Ace: {shown!r}", token=shown)
    return rank


def _check_wish(wish: int | None) -> None:
    if wish is not None and not (type(wish) is int and 2 <= wish <= ACE):
        raise RuleInputError(ErrorCode.WISH, f"a wish is a rank 2 to Ace: {wish!r}", token=str(wish))


def remove_from_hand(hand: Iterable[TichuCard], play: Iterable[TichuCard]) -> tuple[TichuCard, ...]:
    """Return ``hand`` without the cards of ``play`` (order kept).

    A card written without a suit matches a card of any suit of that rank.

    >>> _text(remove_from_hand(parse_play("7g7k8P"), parse_play("7P")))
    '7k8'

    Raises:
        RuleInputError: ``tichu.error.not_in_hand`` (parameter ``card``) for a
            card of the play that is not in the hand.
    """
    left = list(hand)
    for card in sorted(play, key=lambda c: c.suit is None):  # exact suits first
        match = next((i for i, h in enumerate(left) if h == card), None)
        if match is None:
            match = next(
                (i for i, h in enumerate(left) if h.rank == card.rank and None in (h.suit, card.suit)), None
            )
        if match is None:
            error = RuleInputError(ErrorCode.NOT_IN_HAND, f"the hand has no {card}", card=card)
            error.token = str(card)
            raise error
        del left[match]
    return tuple(left)
