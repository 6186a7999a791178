"""Tichu cards, combinations, and whether a play may go on the previous one.

The rules are those of the official Tichu rulebook (Fata Morgana) and its
FAQ; the seed challenge "Is it a valid Tichu play?" (seed 001) is the same game
without suits, and its 47 cases hold unchanged.

A play is written one character a card: ``2``-``9``, ``0`` (ten), ``J Q K A``,
``R`` Dragon, ``P`` Phoenix, ``D`` Dog, ``1`` Mah Jong; ``-`` or the empty
string means nothing is on the table (the player leads). Card order is free.
A natural card may be followed by a lower-case suit letter: ``g`` Jade, ``k``
Sword, ``b`` Pagoda, ``r`` Star (``Ar`` is the Ace of Stars, ``AR`` an Ace and
the Dragon). A card without a suit letter is of an unnamed suit, so a play
written without suits has mixed suits, as in the seed.

>>> verdict = judge(parse_play("JJ"), parse_play("QQ"))
>>> verdict.legal, verdict.reason
(True, 'tichu.reason.higher')
>>> judge(parse_play("JJ"), parse_play("QQKK")).reason
'tichu.reason.kind'
>>> [str(c) for c in readings(parse_play("3456P"))]
['3456P', 'P3456']

The engine never writes prose: a :class:`Verdict` carries a tuple of
:class:`~webapp.core.steps.Step` objects, and :mod:`webapp.catalogue` holds
their sentences.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from itertools import combinations
from typing import Iterable

from webapp.core.steps import RuleInputError, Step

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

_RANK_CHARS = {DOG: "D", MAH_JONG: "1", TEN: "0", JACK: "J", QUEEN: "Q", KING: "K", ACE: "A", PHOENIX: "P", DRAGON: "R"}
_RANK_CHARS.update({r: str(r) for r in range(2, 10)})
_CHAR_RANKS = {ch: r for r, ch in _RANK_CHARS.items()}


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
            "tichu.error.suit_special", f"special cards have no suit: {text!r}", token=text, card=_CARD[rank]
        )
    if text in _SUITS:
        raise RuleInputError("tichu.error.suit_alone", f"a suit letter needs a rank before it: {text!r}", token=text)
    if len(text) == 1 and "a" <= text <= "z":
        raise RuleInputError("tichu.error.lowercase", f"write cards in capital letters: {text!r}", token=text)
    raise RuleInputError("tichu.error.unknown", f"unknown Tichu card: {text!r}", token=text)


def tokens(text: str) -> list[str]:
    """Split a play into card tokens: a character, with the suit letter that follows a rank.

    Whitespace and commas separate; a suit letter after whitespace stands alone
    (and :func:`parse_card` refuses it).

    >>> tokens("5g6g7 AR, Ar")
    ['5g', '6g', '7', 'A', 'R', 'Ar']
    """
    found: list[str] = []
    glued = False  # may the next suit letter join the last token?
    for char in text:
        if char.isspace() or char == ",":
            glued = False
        elif char in _SUITS and glued:
            found[-1] += char
            glued = False
        else:
            found.append(char)
            glued = char in _CHAR_RANKS
    return found


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
    """
    stripped = text.strip()
    if stripped in ("", "-"):
        return ()
    cards = tuple(parse_card(token) for token in tokens(stripped))
    _check_copies(cards, deck=False)
    return cards


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
            code = "tichu.error.deck_duplicate" if deck else "tichu.error.duplicate"
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
            code = "tichu.error.deck_too_many" if deck else "tichu.error.too_many"
            error = RuleInputError(code, f"the deck has only four {plain}s, but {where} {count}", card=plain, count=count)
        else:
            code = "tichu.error.deck_duplicate" if deck else "tichu.error.duplicate"
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


# --- Combinations --------------------------------------------------------------
class Kind(Enum):
    """The kinds of combination (seed 001; the seed's "tractor" is the stairs)."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    FULL_HOUSE = "full_house"
    STRAIGHT = "straight"
    STAIRS = "stairs"
    BOMB = "bomb"


@dataclass(frozen=True)
class Combination:
    """One reading of some cards as a Tichu combination.

    Attributes:
        kind: the :class:`Kind`.
        length: the number of cards.
        rank: the comparison rank: a single's card rank (Dog 0, Mah Jong 1,
            Dragon 16; :data:`PHOENIX` 15 for the Phoenix single, whose value
            depends on the table, see :attr:`is_phoenix_single`); the rank of
            a pair, triple or bomb; a full house's triple; the top rank of a
            straight or stairs.
        cards: the cards from low to high, the Phoenix at the rank it stands
            for (so the order of the input never matters).
        phoenix_as: the natural rank the Phoenix stands for, or None (no
            Phoenix, or the Phoenix as a single).

    >>> best = readings(parse_play("KK55P"))[0]
    >>> best.kind, best.rank, best.phoenix_as, str(best)
    (<Kind.FULL_HOUSE: 'full_house'>, 13, 13, '55KKP')
    """

    kind: Kind
    length: int
    rank: int
    cards: tuple[TichuCard, ...]
    phoenix_as: int | None = None

    @property
    def is_bomb(self) -> bool:
        """True for four of a kind or a straight-flush bomb, which beat every non-bomb."""
        return self.kind is Kind.BOMB

    @property
    def is_straight_flush(self) -> bool:
        """True for a bomb of five or more cards of one suit in a row (Tichu rulebook: "Bombs")."""
        return self.kind is Kind.BOMB and self.length > COPIES

    @property
    def bomb_strength(self) -> tuple[int, int]:
        """How bombs compare: the number of cards first, then the (top) rank.

        Every straight-flush bomb beats every four of a kind, a longer one beats
        a shorter one (Tichu rulebook: "Bombs").
        """
        return (self.length, self.rank)

    @property
    def is_phoenix_single(self) -> bool:
        """True for the Phoenix alone: 1½ when led, ½ above the single it beats.

        Tichu rulebook, "Phoenix"; seed 001, note 2.
        """
        return self.kind is Kind.SINGLE and self.rank == PHOENIX

    @property
    def bottom(self) -> int:
        """The lowest rank of a straight or stairs (else the rank itself)."""
        if self.kind is Kind.STRAIGHT:
            return self.rank - self.length + 1
        if self.kind is Kind.STAIRS:
            return self.rank - self.length // 2 + 1
        return self.rank

    @property
    def pair_rank(self) -> int | None:
        """The rank of a full house's pair (None for other kinds)."""
        if self.kind is not Kind.FULL_HOUSE:
            return None
        for card in self.cards:
            rank = self.phoenix_as if card.rank == PHOENIX else card.rank
            if rank != self.rank:
                return rank
        return None  # pragma: no cover - a full house always has a pair

    def __str__(self) -> str:
        return _text(self.cards)


def _arranged(naturals: tuple[TichuCard, ...], phoenix: TichuCard, phoenix_as: int) -> tuple[TichuCard, ...]:
    """Insert the Phoenix after the naturals it does not exceed (naturals sorted)."""
    at = 0
    while at < len(naturals) and naturals[at].rank <= phoenix_as:
        at += 1
    return naturals[:at] + (phoenix,) + naturals[at:]


def readings(cards: Iterable[TichuCard]) -> tuple[Combination, ...]:
    """Every reading of the cards as one combination, highest first.

    Kinds (seed 001): single; pair; triple; full house (a triple and a pair,
    ranked by the triple); straight (5 or more consecutive ranks, ranked by its
    top; the Mah Jong may be its bottom 1); stairs (2 or more pairs of
    consecutive ranks, ranked by the top pair); bomb (four of a kind, or a
    straight of 5 or more cards all of one named suit: a straight-flush bomb,
    Tichu rulebook "Bombs"; a one-suit straight is never an ordinary one). The
    Phoenix may stand for any one natural rank 2 to Ace in any combination but
    a bomb (Tichu rulebook, "Phoenix"; seed 001 comments: ``5555 777P`` is not
    a bomb). The Dragon and the Dog are only singles.

    All readings of the same cards have the same kind and length; they differ
    only in what the Phoenix stands for.

    >>> [(c.rank, c.phoenix_as) for c in readings(parse_play("KK55P"))]
    [(13, 13), (5, 5)]
    >>> [(c.kind.value, c.rank) for c in readings(parse_play("3456P"))]
    [('straight', 7), ('straight', 6)]
    >>> readings(parse_play("223355"))
    ()
    """
    return _readings(_canonical(cards))


@lru_cache(maxsize=8192)
def _readings(cards: tuple[TichuCard, ...]) -> tuple[Combination, ...]:
    n = len(cards)
    if n == 0:
        return ()
    if n == 1:
        return (Combination(Kind.SINGLE, 1, cards[0].rank, cards),)
    naturals = tuple(c for c in cards if c.is_natural)
    specials = [c.rank for c in cards if not c.is_natural]
    has_phoenix = specials == [PHOENIX]
    has_mah_jong = specials == [MAH_JONG]
    if specials and not (has_phoenix or has_mah_jong or specials == [MAH_JONG, PHOENIX]):
        return ()  # the Dog or the Dragon with other cards, or a special twice
    if specials == [MAH_JONG, PHOENIX]:
        has_phoenix = has_mah_jong = True
    phoenix = cards[-1] if has_phoenix else None
    counts = Counter(c.rank for c in naturals)
    found: list[Combination] = []

    if has_mah_jong:  # the Mah Jong is only ever a single or the bottom of a straight
        found.extend(_straights(cards, naturals, phoenix, counts, has_mah_jong=True))
    else:
        found.extend(_same_rank(n, naturals, phoenix, counts))
        if n == 5:
            found.extend(_full_houses(naturals, phoenix, counts))
        if n >= MIN_STRAIGHT:
            found.extend(_straights(cards, naturals, phoenix, counts, has_mah_jong=False))
        if n >= 2 * MIN_STAIRS_PAIRS and n % 2 == 0:
            found.extend(_stairs(n, naturals, phoenix, counts))
    found.sort(key=lambda c: (c.is_bomb, c.rank, c.phoenix_as or 0), reverse=True)
    return tuple(found)


_Cards = tuple[TichuCard, ...]


def _same_rank(n: int, naturals: _Cards, phoenix: TichuCard | None, counts: Counter[int]) -> list[Combination]:
    """Pair, triple, bomb: n cards of one rank (the Phoenix joins a pair or triple)."""
    if len(counts) != 1 or n > COPIES:
        return []
    (rank,) = counts
    if phoenix is None:
        kind = {2: Kind.PAIR, 3: Kind.TRIPLE, 4: Kind.BOMB}[n]
        return [Combination(kind, n, rank, naturals)]
    if n < COPIES:  # never a bomb with the Phoenix
        kind = Kind.PAIR if n == 2 else Kind.TRIPLE
        return [Combination(kind, n, rank, naturals + (phoenix,), rank)]
    return []


def _full_houses(naturals: _Cards, phoenix: TichuCard | None, counts: Counter[int]) -> list[Combination]:
    """A triple and a pair; with the Phoenix, 3+1 naturals (one reading) or 2+2 (two).

    Four of a kind and the Phoenix is no full house: four naturals of one rank
    are neither 3+1 nor 2+2.
    """
    shape = sorted(counts.items(), key=lambda rc: rc[1])
    if len(shape) != 2:
        return []
    (low_rank, low_count), (high_rank, high_count) = shape
    if phoenix is None:
        if (low_count, high_count) == (2, 3):
            return [Combination(Kind.FULL_HOUSE, 5, high_rank, naturals)]
        return []
    if (low_count, high_count) == (1, 3):
        return [Combination(Kind.FULL_HOUSE, 5, high_rank, _arranged(naturals, phoenix, low_rank), low_rank)]
    if (low_count, high_count) == (2, 2):
        return [
            Combination(Kind.FULL_HOUSE, 5, triple, _arranged(naturals, phoenix, triple), triple)
            for triple in (low_rank, high_rank)
        ]
    return []


def _straights(
    cards: _Cards, naturals: _Cards, phoenix: TichuCard | None, counts: Counter[int], has_mah_jong: bool
) -> list[Combination]:
    """Straights: distinct consecutive ranks; the Phoenix fills one gap or extends an end."""
    n = len(cards)
    if n < MIN_STRAIGHT or any(k != 1 for k in counts.values()):
        return []
    ranks = sorted(counts)
    if has_mah_jong:
        ranks.insert(0, MAH_JONG)
    low, high = ranks[0], ranks[-1]
    span = high - low + 1
    ordered = ((cards[0],) if has_mah_jong else ()) + naturals  # Mah Jong, then naturals, ascending
    if phoenix is None:
        if span != n:
            return []
        suits = {c.suit for c in ordered}
        # One suit throughout (the Mah Jong has none): always a bomb, never a straight.
        kind = Kind.BOMB if len(suits) == 1 and None not in suits else Kind.STRAIGHT
        return [Combination(kind, n, high, ordered)]
    if span == n:  # one gap inside: the Phoenix fills it
        gap = next(r for r in range(low, high + 1) if r not in counts and r != MAH_JONG)
        return [Combination(Kind.STRAIGHT, n, high, _arranged(ordered, phoenix, gap), gap)]
    result: list[Combination] = []
    if span == n - 1:  # already consecutive: the Phoenix goes on top or below
        if high + 1 <= ACE:
            result.append(Combination(Kind.STRAIGHT, n, high + 1, ordered + (phoenix,), high + 1))
        if low - 1 >= 2:
            result.append(Combination(Kind.STRAIGHT, n, high, (phoenix,) + ordered, low - 1))
    return result


def _stairs(n: int, naturals: _Cards, phoenix: TichuCard | None, counts: Counter[int]) -> list[Combination]:
    """Stairs: pairs of consecutive ranks; the Phoenix completes one pair."""
    pairs = n // 2
    ranks = sorted(counts)
    if len(ranks) != pairs or ranks[-1] - ranks[0] != pairs - 1 or any(k > 2 for k in counts.values()):
        return []
    singles = [r for r, k in counts.items() if k == 1]
    if phoenix is None and not singles:
        return [Combination(Kind.STAIRS, n, ranks[-1], naturals)]
    if phoenix is not None and len(singles) == 1:
        return [Combination(Kind.STAIRS, n, ranks[-1], _arranged(naturals, phoenix, singles[0]), singles[0])]
    return []


# --- Judging -----------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """Whether a play (or a pass) is allowed, and why.

    Attributes:
        legal: True if the play is allowed.
        previous: the previous play as counted (its declared or highest
            reading), or None when the player leads.
        play: the play as counted (the declared reading, else the highest), or
            None when the cards are no combination or the player passes.
        reason: the code of the step that decides the verdict, e.g.
            ``"tichu.reason.not_higher"`` (``"tichu.play.none"`` when the
            cards are no combination).
        steps: the explanation in a teacher's order: the table, the play, any
            rule used, the reason, the wish, and ``tichu.verdict.legal``/``illegal``.
    """

    legal: bool
    previous: Combination | None
    play: Combination | None
    reason: str
    steps: tuple[Step, ...]


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
        raise RuleInputError("tichu.error.wish", f"a wish is a rank 2 to Ace: {text!r}", token=text)
    return rank


def _check_wish(wish: int | None) -> None:
    if wish is not None and not (type(wish) is int and 2 <= wish <= ACE):
        raise RuleInputError("tichu.error.wish", f"a wish is a rank 2 to Ace: {wish!r}", token=str(wish))


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
            error = RuleInputError("tichu.error.not_in_hand", f"the hand has no {card}", card=card)
            error.token = str(card)
            raise error
        del left[match]
    return tuple(left)


def judge(
    previous: Iterable[TichuCard] | Combination,
    play: Iterable[TichuCard],
    *,
    wish: int | None = None,
    hand: Iterable[TichuCard] | None = None,
    out_of_turn: bool = False,
    reading: int | None = None,
    phoenix_on: TichuCard | None = None,
) -> Verdict:
    """Judge whether ``play`` may be laid on ``previous`` (Tichu rulebook and FAQ; seed 001).

    Rules:

    * On lead (``previous`` empty) any combination may be played, the Dog
      and bombs included. After the Dog the partner leads, so a play on the
      Dog is judged as a lead (Tichu rulebook, "Dog").
    * Otherwise the play must be the same kind and length and strictly higher.
    * A bomb beats any non-bomb, the Dragon too. Bombs compare by the number of
      cards first (every straight-flush bomb beats every four of a kind), then
      by rank. A bomb may be played out of turn (``out_of_turn``), but only
      onto a trick: never onto an empty table and never onto the Dog.
    * The Dragon is played alone, on lead or on any single.
    * The Phoenix as a single beats any single but the Dragon; it counts ½
      above the single it is laid on. A Phoenix single on the table counts ½
      above ``phoenix_on`` (the single it was played on), or 1½ when it was
      led (``phoenix_on`` None; seed 001, note 2).
    * The Dog is played only on lead, never on other cards.
    * Cards with several readings count at their highest, unless the player
      declares ``reading`` (the rank the Phoenix stands for).
    * The Mah Jong's ``wish`` (a rank 2 to Ace, still open): a player in turn
      who can play a natural card of that rank in a legal combination must do
      so, with a bomb if that is the only way; the Phoenix does not fulfil
      it; a bomb out of turn is exempt (Tichu rulebook, "Mah Jong"; FAQ).
      Whether the player can is decided from ``hand``; without a hand the
      wish is only mentioned.

    Reasons come in a teacher's order: no combination, then the comparison
    with the table, then the wish.

    >>> judge(parse_play("P6"), parse_play("77")).legal
    True
    >>> judge(parse_play("R"), parse_play("P")).reason
    'tichu.reason.phoenix_dragon'
    >>> judge(parse_play("5"), parse_play("9"), wish=8, hand=parse_play("89")).reason
    'tichu.reason.wish_not_fulfilled'

    Args:
        previous: the cards on the table (``()`` when the player leads), or
            the :class:`Combination` they were declared as.
        play: the cards played, at least one.
        wish: the open wish (a rank 2..14) or None.
        hand: the player's hand before the play (it must hold the play), or None.
        out_of_turn: True for a bomb thrown in out of turn.
        reading: the rank the play's Phoenix is declared to stand for, or None.
        phoenix_on: the single a Phoenix single on the table was played on.

    Returns:
        A :class:`Verdict`. Deck consistency between the two plays is not
        checked (see :func:`check_deck`).

    Raises:
        RuleInputError: ``tichu.error.previous_invalid`` (parameter ``cards``)
            when the previous play is no combination; ``tichu.error.empty_play``
            when ``play`` has no cards (passing is :func:`judge_pass`);
            ``tichu.error.not_in_hand`` when the hand lacks a card of the play;
            ``tichu.error.wish`` for a wish outside 2..Ace;
            ``tichu.error.reading`` (``rank``) for a reading the cards do not have.
    """
    play = tuple(play)
    if not play:
        raise RuleInputError("tichu.error.empty_play", "a play needs at least one card")
    _check_wish(wish)
    if hand is not None:
        hand = tuple(hand)
        remove_from_hand(hand, play)
    table, steps = _table_steps(previous, phoenix_on)
    leads = table is None or _is_dog(table)

    play_readings = readings(play)
    if not play_readings:
        steps.append(Step("tichu.play.none", cards=_canonical(play)))
        steps.extend(_why_not(_canonical(play)))
        steps.append(Step("tichu.verdict.illegal"))
        return Verdict(False, table, None, "tichu.play.none", tuple(steps))
    mine = _chosen(play_readings, reading)
    steps.extend(_describe("tichu.play", mine, play_readings, declared=reading is not None))

    if out_of_turn:
        legal, reason = _out_of_turn(table, mine, steps)
    elif leads:
        if mine.is_phoenix_single:
            steps.append(Step("tichu.play.phoenix_led"))
        legal, reason = True, Step("tichu.reason.lead")
    else:
        assert table is not None
        legal, reason = _beats(table, mine, steps, phoenix_on)
    steps.append(reason)
    if legal and wish is not None:
        legal, reason = _wish_steps(table, mine, wish, hand, out_of_turn, phoenix_on, steps, reason)
    steps.append(Step("tichu.verdict.legal" if legal else "tichu.verdict.illegal"))
    return Verdict(legal, table, mine, reason.code, tuple(steps))


def judge_pass(
    previous: Iterable[TichuCard] | Combination,
    *,
    wish: int | None = None,
    hand: Iterable[TichuCard] | None = None,
    phoenix_on: TichuCard | None = None,
) -> Verdict:
    """Judge whether the player in turn may pass (Tichu rulebook: "Passing", "Mah Jong").

    Passing is allowed on any trick, even by a player who could play, except
    on lead and when the player could fulfil the open ``wish`` from ``hand``.

    >>> judge_pass(parse_play("5")).legal, judge_pass(()).legal
    (True, False)
    >>> judge_pass(parse_play("5"), wish=9, hand=parse_play("9")).reason
    'tichu.reason.wish_pass'

    Returns:
        A :class:`Verdict` whose ``play`` is None.

    Raises:
        RuleInputError: as :func:`judge` for the table and the wish.
    """
    _check_wish(wish)
    table, steps = _table_steps(previous, phoenix_on)
    steps.append(Step("tichu.play.pass"))
    if table is None or _is_dog(table):
        reason = Step("tichu.reason.pass_on_lead")
    else:
        reason = Step("tichu.reason.pass")
        if wish is not None and hand is not None:
            example = fulfilling_plays(table, hand, wish, phoenix_on=phoenix_on)
            if example:
                reason = Step("tichu.reason.wish_pass", rank=_CARD[wish], cards=example[0].cards)
    legal = reason.code == "tichu.reason.pass"
    steps.append(reason)
    steps.append(Step("tichu.verdict.legal" if legal else "tichu.verdict.illegal"))
    return Verdict(legal, table, None, reason.code, tuple(steps))


def is_legal(previous: Iterable[TichuCard], play: Iterable[TichuCard], **situation) -> bool:
    """Shorthand for ``judge(previous, play, **situation).legal``.

    >>> is_legal(parse_play("5555"), parse_play("7777")), is_legal((), parse_play("D"))
    (True, True)
    """
    return judge(previous, play, **situation).legal


def _is_dog(combo: Combination) -> bool:
    return combo.kind is Kind.SINGLE and combo.rank == DOG


def _table_steps(
    previous: Iterable[TichuCard] | Combination, phoenix_on: TichuCard | None
) -> tuple[Combination | None, list[Step]]:
    """The table as counted and the steps describing it."""
    if isinstance(previous, Combination):
        table: Combination | None = previous
        table_readings: tuple[Combination, ...] = (previous,)
    else:
        previous = tuple(previous)
        if not previous:
            return None, [Step("tichu.table.lead")]
        table_readings = readings(previous)
        if not table_readings:
            raise RuleInputError(
                "tichu.error.previous_invalid",
                f"the previous play is no combination: {_text(previous)}",
                cards=_canonical(previous),
            )
        table = table_readings[0]
    assert table is not None
    if _is_dog(table):
        return table, [Step("tichu.table.dog")]
    steps = _describe("tichu.table", table, table_readings)
    if table.is_phoenix_single:
        if phoenix_on is not None and phoenix_on.is_natural:
            steps.append(Step("tichu.table.phoenix_over", card=_CARD[phoenix_on.rank]))
        else:
            steps.append(Step("tichu.table.phoenix_led"))
    return table, steps


def _chosen(play_readings: tuple[Combination, ...], reading: int | None) -> Combination:
    if reading is None:
        return play_readings[0]
    for combo in play_readings:
        if combo.phoenix_as == reading:
            return combo
    error = RuleInputError(
        "tichu.error.reading",
        f"the Phoenix cannot stand for {reading!r} in this play",
        rank=_CARD[reading] if type(reading) is int and DOG <= reading <= DRAGON else str(reading),
    )
    error.token = str(reading)
    raise error


def _out_of_turn(table: Combination | None, mine: Combination, steps: list[Step]) -> tuple[bool, Step]:
    """A play out of turn: only a bomb, only onto a trick, never onto the Dog (Tichu FAQ)."""
    if not mine.is_bomb:
        return False, Step("tichu.reason.out_of_turn_bomb_only")
    if table is None:
        return False, Step("tichu.reason.out_of_turn_empty")
    if _is_dog(table):
        return False, Step("tichu.reason.dog_no_bomb")
    return _beats(table, mine, steps, None)


def _wish_steps(
    table: Combination | None,
    mine: Combination,
    wish: int,
    hand: tuple[TichuCard, ...] | None,
    out_of_turn: bool,
    phoenix_on: TichuCard | None,
    steps: list[Step],
    reason: Step,
) -> tuple[bool, Step]:
    """Check the open wish after the play was found to beat the table; add its steps."""
    rank = _CARD[wish]
    if any(c.rank == wish for c in mine.cards):
        steps.append(Step("tichu.wish.fulfilled", rank=rank))
        return True, reason
    if out_of_turn:
        steps.append(Step("tichu.wish.out_of_turn", rank=rank))
        return True, reason
    if hand is None:
        steps.append(Step("tichu.wish.hand_unknown", rank=rank))
        return True, reason
    example = fulfilling_plays(table, hand, wish, phoenix_on=phoenix_on)
    if not example:
        steps.append(Step("tichu.wish.cannot", rank=rank))
        return True, reason
    if mine.phoenix_as == wish:
        steps.append(Step("tichu.wish.phoenix", rank=rank))
    if mine.is_bomb:
        steps.append(Step("tichu.wish.bomb_in_turn"))
    reason = Step("tichu.reason.wish_not_fulfilled", rank=rank, cards=example[0].cards)
    steps.append(reason)
    return False, reason


def _describe(
    prefix: str, combo: Combination, all_readings: tuple[Combination, ...], declared: bool = False
) -> list[Step]:
    """Steps naming a combination: its kind and ranks, then what the Phoenix stands for."""
    kind = combo.kind
    top = _CARD[combo.rank]
    if kind is Kind.SINGLE:
        if combo.is_phoenix_single:
            return [Step(prefix + ".phoenix_single")]
        return [Step(prefix + ".single", card=combo.cards[0])]
    if kind is Kind.FULL_HOUSE:
        step = Step(prefix + ".full_house", triple=top, pair=_CARD[combo.pair_rank or 0])
    elif kind is Kind.STRAIGHT:
        step = Step(prefix + ".straight", length=combo.length, top=top, cards=combo.cards)
    elif kind is Kind.STAIRS:
        step = Step(prefix + ".stairs", pairs=combo.length // 2, top=top, cards=combo.cards)
    elif combo.is_straight_flush:
        suit = combo.cards[0].suit
        step = Step(prefix + ".straight_flush", length=combo.length, top=top, suit=suit, cards=combo.cards)
    else:  # pair, triple, four of a kind
        step = Step(f"{prefix}.{kind.value}", rank=top)
    steps = [step]
    if combo.phoenix_as is not None:
        others = tuple(_CARD[c.phoenix_as] for c in all_readings if c is not combo and c.phoenix_as is not None)
        if declared:
            steps.append(Step(prefix + ".phoenix_declared", rank=_CARD[combo.phoenix_as]))
        else:
            steps.append(Step(prefix + ".phoenix_as", rank=_CARD[combo.phoenix_as]))
            if others:
                steps.append(Step(prefix + ".other_readings", others=others))
    return steps


def _beats(
    table: Combination, mine: Combination, steps: list[Step], phoenix_on: TichuCard | None
) -> tuple[bool, Step]:
    """Decide a play that is not a lead; may add rule steps before the reason."""
    if mine.kind is Kind.SINGLE and mine.rank == DOG:
        return False, Step("tichu.reason.dog_not_lead")
    if mine.is_bomb:
        if not table.is_bomb:
            return True, Step("tichu.reason.bomb_beats")
        return _bomb_on_bomb(table, mine)
    if table.is_bomb:
        return False, Step("tichu.reason.bomb_on_table")
    if mine.kind is Kind.SINGLE and table.kind is Kind.SINGLE:
        return _beats_single(table.cards[0], mine.cards[0], phoenix_on)
    if mine.kind is Kind.SINGLE and mine.rank == DRAGON:
        return False, Step("tichu.reason.dragon_single")
    if mine.kind is not table.kind:
        return False, Step("tichu.reason.kind", previous=table.kind, play=mine.kind)
    if mine.length != table.length:
        return False, Step("tichu.reason.length", kind=mine.kind, previous=table.length, play=mine.length)
    if mine.kind is Kind.FULL_HOUSE:
        steps.append(Step("tichu.rule.by_triple"))
    elif mine.kind in (Kind.STRAIGHT, Kind.STAIRS):
        steps.append(Step("tichu.rule.by_top"))
    return _higher(mine.kind, mine.rank, table.rank)


def _bomb_on_bomb(table: Combination, mine: Combination) -> tuple[bool, Step]:
    """Bombs: more cards first, then the higher rank (Tichu rulebook: "Bombs")."""
    if not table.is_straight_flush and not mine.is_straight_flush:
        params = {"play": _CARD[mine.rank], "previous": _CARD[table.rank]}
        if mine.rank > table.rank:
            return True, Step("tichu.reason.bomb_higher", **params)
        return False, Step("tichu.reason.bomb_not_higher", **params)
    if mine.length != table.length:
        if not table.is_straight_flush:
            return True, Step("tichu.reason.flush_beats_four")
        if not mine.is_straight_flush:
            return False, Step("tichu.reason.four_under_flush")
        code = "tichu.reason.flush_longer" if mine.length > table.length else "tichu.reason.flush_shorter"
        return mine.length > table.length, Step(code, play=mine.length, previous=table.length)
    params = {"play": _CARD[mine.rank], "previous": _CARD[table.rank]}
    if mine.rank > table.rank:
        return True, Step("tichu.reason.flush_higher", **params)
    return False, Step("tichu.reason.flush_not_higher", **params)


def _beats_single(table: TichuCard, mine: TichuCard, phoenix_on: TichuCard | None) -> tuple[bool, Step]:
    """Single on single, with the Phoenix, the Dragon and the Mah Jong."""
    if table.rank == PHOENIX:
        under = phoenix_on.rank if phoenix_on is not None and phoenix_on.is_natural else None
        if mine.rank == PHOENIX:
            return False, Step("tichu.reason.phoenix_on_phoenix")
        if mine.rank == DRAGON:
            return True, Step("tichu.reason.dragon_beats")
        if under is not None:  # the Phoenix counts half a rank above `under`
            if mine.rank > under:
                return True, Step("tichu.reason.beats_phoenix_over", card=mine, under=_CARD[under])
            return False, Step("tichu.reason.under_phoenix_over", card=mine, under=_CARD[under])
        if mine.rank == MAH_JONG:
            return False, Step("tichu.reason.mah_jong_phoenix")
        return True, Step("tichu.reason.beats_phoenix", card=mine)
    if mine.rank == DRAGON:
        if table.rank == DRAGON:
            return _higher(Kind.SINGLE, DRAGON, DRAGON)
        return True, Step("tichu.reason.dragon_beats")
    if mine.rank == PHOENIX:
        if table.rank == DRAGON:
            return False, Step("tichu.reason.phoenix_dragon")
        return True, Step("tichu.reason.phoenix_half", card=table)
    if table.rank == DRAGON:
        return False, Step("tichu.reason.dragon_on_table")
    return _higher(Kind.SINGLE, mine.rank, table.rank)


def _higher(kind: Kind, mine: int, table: int) -> tuple[bool, Step]:
    params = {"kind": kind, "play": _CARD[mine], "previous": _CARD[table]}
    if mine > table:
        return True, Step("tichu.reason.higher", **params)
    return False, Step("tichu.reason.not_higher", **params)


# --- The Mah Jong's wish -------------------------------------------------------
def fulfilling_plays(
    previous: Iterable[TichuCard] | Combination | None,
    hand: Iterable[TichuCard],
    wish: int,
    *,
    phoenix_on: TichuCard | None = None,
) -> tuple[Combination, ...]:
    """The plays from ``hand`` that fulfil ``wish`` on the current trick, lowest first.

    A play fulfils the wish when it holds a natural card of the wished rank
    and may legally be laid on ``previous`` in turn (on lead any play may).
    The Phoenix may help to build the combination but does not count as the
    wished card; a bomb counts too: a player who can fulfil the wish only with
    a bomb must play the bomb (Tichu rulebook, "Mah Jong"; FAQ).

    >>> [str(c) for c in fulfilling_plays(parse_play("55"), parse_play("8P9"), 8)]
    ['8P']
    >>> fulfilling_plays(parse_play("55"), parse_play("9P"), 8)
    ()

    Args:
        previous: the table (cards, a declared :class:`Combination`, or
            ``()``/None on lead).
        hand: the player's cards.
        wish: the wished rank 2..14.

    Returns:
        The fulfilling plays as :class:`Combination` objects, each beating the
        table, non-bombs before bombs, lower before higher; ``()`` when the
        player cannot fulfil the wish.
    """
    hand = tuple(hand)
    wished = [c for c in hand if c.rank == wish]
    if not wished:
        return ()
    if previous is None:
        previous = ()
    table = previous if isinstance(previous, Combination) else (readings(tuple(previous)) or (None,))[0]
    if table is None or _is_dog(table):
        return tuple(readings((wished[0],)))
    found: dict[tuple, Combination] = {}
    for cards in _candidates(hand, table.length, wish):
        for combo in readings(cards):
            if _beats(table, combo, [], phoenix_on)[0] and any(c.rank == wish for c in combo.cards):
                found.setdefault((combo.kind, combo.length, combo.rank, combo.phoenix_as, str(combo)), combo)
    for bomb in _bombs_with(hand, wish):
        if _beats(table, bomb, [], phoenix_on)[0]:
            found.setdefault((bomb.kind, bomb.length, bomb.rank, None, str(bomb)), bomb)
    return tuple(sorted(found.values(), key=lambda c: (c.is_bomb, c.bomb_strength if c.is_bomb else (0, c.rank))))


def can_fulfil_wish(
    previous: Iterable[TichuCard] | Combination | None,
    hand: Iterable[TichuCard],
    wish: int,
    *,
    phoenix_on: TichuCard | None = None,
) -> bool:
    """True when the player in turn must fulfil ``wish`` now (see :func:`fulfilling_plays`).

    >>> can_fulfil_wish(parse_play("K"), parse_play("8"), 8), can_fulfil_wish((), parse_play("8"), 8)
    (False, True)
    """
    return bool(fulfilling_plays(previous, hand, wish, phoenix_on=phoenix_on))


def _candidates(hand: tuple[TichuCard, ...], length: int, wish: int | None) -> Iterable[tuple[TichuCard, ...]]:
    """Every set of ``length`` cards from ``hand`` (with a natural of rank ``wish``), one per rank pattern.

    Cards of one rank are interchangeable here (suits only make bombs, which
    :func:`bombs` finds), so each multiset of ranks is tried once.
    """
    usable = sorted((c for c in hand if c.rank not in (DOG, DRAGON) or length == 1), key=_sort_key)
    if length > len(usable):
        return
    if length <= 3 and wish is not None:  # single, pair, triple: the wished rank and the Phoenix only
        usable = [c for c in usable if c.rank in (wish, PHOENIX)]
    seen: set[tuple[int, ...]] = set()
    for cards in combinations(usable, length):
        ranks = tuple(c.rank for c in cards)
        if (wish is None or wish in ranks) and ranks not in seen:
            seen.add(ranks)
            yield cards


def plays_of_length(hand: Iterable[TichuCard], length: int) -> tuple[Combination, ...]:
    """Every combination of ``length`` cards that ``hand`` can form (one per rank pattern; bombs aside).

    >>> [str(c) for c in plays_of_length(parse_play("5577P"), 2)]
    ['55', '5P', '77', '7P']
    """
    found: list[Combination] = []
    for cards in _candidates(tuple(hand), length, None):
        found.extend(c for c in readings(cards) if not c.is_straight_flush)
    return tuple(found)


def bombs(hand: Iterable[TichuCard]) -> tuple[Combination, ...]:
    """Every bomb in ``hand``: each four of a kind, and each one-suit run of 5 or more cards.

    >>> [str(b) for b in bombs(parse_play("7777 2g3g4g5g6g"))]
    ['7777', '2g3g4g5g6g']
    """
    hand = tuple(hand)
    found: list[Combination] = []
    counts = Counter(c.rank for c in hand if c.is_natural)
    for rank in sorted(r for r, k in counts.items() if k == COPIES):
        found.extend(readings(c for c in hand if c.rank == rank))
    for suit in TichuSuit:
        ranks = {c.rank for c in hand if c.suit is suit}
        for low in sorted(ranks):
            for high in range(low + MIN_STRAIGHT - 1, ACE + 1):
                if not all(r in ranks for r in range(low, high + 1)):
                    break
                found.extend(readings(TichuCard(r, suit) for r in range(low, high + 1)))
    return tuple(found)


def _bombs_with(hand: tuple[TichuCard, ...], wish: int) -> list[Combination]:
    """The bombs in ``hand`` holding a natural of rank ``wish``."""
    return [b for b in bombs(hand) if any(c.rank == wish for c in b.cards)]


def _why_not(cards: tuple[TichuCard, ...]) -> list[Step]:
    """Say why cards (sorted, no reading) are no combination, where that is cheap."""
    n = len(cards)
    for card in cards:
        if card.rank in (DOG, DRAGON):
            return [Step("tichu.why.alone", card=_CARD[card.rank])]
    specials = Counter(c.rank for c in cards if c.is_special)
    if any(k > 1 for k in specials.values()):
        return []  # a special card twice: impossible from parse_play
    has_phoenix = PHOENIX in specials
    has_mah_jong = MAH_JONG in specials
    counts = Counter(c.rank for c in cards if c.is_natural)
    if any(k > COPIES for k in counts.values()):
        return []
    if n >= 3 and all(k == 1 for k in counts.values()):
        ranks = sorted(counts) if not has_mah_jong else [MAH_JONG] + sorted(counts)
        if ranks:
            missing = tuple(_CARD[r] for r in range(ranks[0], ranks[-1] + 1) if r not in ranks)
            if len(missing) <= has_phoenix:
                if n < MIN_STRAIGHT:
                    return [Step("tichu.why.straight_short", length=n)]
                return [Step("tichu.why.phoenix_range")]
            if n >= MIN_STRAIGHT:
                code = "tichu.why.straight_gap_phoenix" if has_phoenix else "tichu.why.straight_gap"
                return [Step(code, count=len(missing), missing=missing)]
    if has_mah_jong:
        return [Step("tichu.why.mah_jong")]
    if has_phoenix and len(counts) == 1 and n - 1 >= 3:
        return [Step("tichu.why.phoenix_bomb")]
    for rank, k in counts.items():
        if k == COPIES:
            return [Step("tichu.why.bomb_alone", rank=_CARD[rank])]
    if n == 2:
        return [Step("tichu.why.pair_ranks")]
    if n == 3:
        return [Step("tichu.why.triple_ranks")]
    singles = sum(1 for k in counts.values() if k == 1)
    if n % 2 == 0 and all(k <= 2 for k in counts.values()) and singles == has_phoenix:
        ranks = sorted(counts)
        missing = tuple(_CARD[r] for r in range(ranks[0], ranks[-1] + 1) if r not in counts)
        if missing:
            return [Step("tichu.why.stairs_gap", count=len(missing), missing=missing)]
    if n == 4:
        return [Step("tichu.why.four_cards")]
    if n == 5:
        return [Step("tichu.why.full_house")]
    return [Step("tichu.why.mixed")]


#: Every step and error code this module emits, with its parameter names.
CODES: dict[str, tuple[str, ...]] = {
    "tichu.error.unknown": ("token",),
    "tichu.error.lowercase": ("token",),
    "tichu.error.suit_special": ("card", "token"),
    "tichu.error.suit_alone": ("token",),
    "tichu.error.wish": ("token",),
    "tichu.error.not_in_hand": ("card",),
    "tichu.error.reading": ("rank",),
    "tichu.error.duplicate": ("card",),
    "tichu.error.too_many": ("card", "count"),
    "tichu.error.deck_duplicate": ("card",),
    "tichu.error.deck_too_many": ("card", "count"),
    "tichu.error.previous_invalid": ("cards",),
    "tichu.error.empty_play": (),
    "tichu.table.lead": (),
    "tichu.table.dog": (),
    "tichu.table.single": ("card",),
    "tichu.table.phoenix_single": (),
    "tichu.table.phoenix_led": (),
    "tichu.table.pair": ("rank",),
    "tichu.table.triple": ("rank",),
    "tichu.table.full_house": ("pair", "triple"),
    "tichu.table.straight": ("cards", "length", "top"),
    "tichu.table.stairs": ("cards", "pairs", "top"),
    "tichu.table.bomb": ("rank",),
    "tichu.table.straight_flush": ("cards", "length", "suit", "top"),
    "tichu.table.phoenix_over": ("card",),
    "tichu.table.phoenix_as": ("rank",),
    "tichu.table.other_readings": ("others",),
    "tichu.play.single": ("card",),
    "tichu.play.phoenix_single": (),
    "tichu.play.phoenix_led": (),
    "tichu.play.pair": ("rank",),
    "tichu.play.triple": ("rank",),
    "tichu.play.full_house": ("pair", "triple"),
    "tichu.play.straight": ("cards", "length", "top"),
    "tichu.play.stairs": ("cards", "pairs", "top"),
    "tichu.play.bomb": ("rank",),
    "tichu.play.straight_flush": ("cards", "length", "suit", "top"),
    "tichu.play.phoenix_declared": ("rank",),
    "tichu.play.pass": (),
    "tichu.play.phoenix_as": ("rank",),
    "tichu.play.other_readings": ("others",),
    "tichu.play.none": ("cards",),
    "tichu.why.alone": ("card",),
    "tichu.why.mah_jong": (),
    "tichu.why.phoenix_bomb": (),
    "tichu.why.bomb_alone": ("rank",),
    "tichu.why.pair_ranks": (),
    "tichu.why.triple_ranks": (),
    "tichu.why.four_cards": (),
    "tichu.why.full_house": (),
    "tichu.why.straight_short": ("length",),
    "tichu.why.straight_gap": ("count", "missing"),
    "tichu.why.straight_gap_phoenix": ("count", "missing"),
    "tichu.why.phoenix_range": (),
    "tichu.why.stairs_gap": ("count", "missing"),
    "tichu.why.mixed": (),
    "tichu.rule.by_triple": (),
    "tichu.rule.by_top": (),
    "tichu.reason.lead": (),
    "tichu.reason.dog_not_lead": (),
    "tichu.reason.bomb_beats": (),
    "tichu.reason.bomb_higher": ("play", "previous"),
    "tichu.reason.bomb_not_higher": ("play", "previous"),
    "tichu.reason.bomb_on_table": (),
    "tichu.reason.flush_beats_four": (),
    "tichu.reason.four_under_flush": (),
    "tichu.reason.flush_longer": ("play", "previous"),
    "tichu.reason.flush_shorter": ("play", "previous"),
    "tichu.reason.flush_higher": ("play", "previous"),
    "tichu.reason.flush_not_higher": ("play", "previous"),
    "tichu.reason.out_of_turn_bomb_only": (),
    "tichu.reason.out_of_turn_empty": (),
    "tichu.reason.dog_no_bomb": (),
    "tichu.reason.beats_phoenix_over": ("card", "under"),
    "tichu.reason.under_phoenix_over": ("card", "under"),
    "tichu.reason.pass": (),
    "tichu.reason.pass_on_lead": (),
    "tichu.reason.wish_pass": ("cards", "rank"),
    "tichu.reason.wish_not_fulfilled": ("cards", "rank"),
    "tichu.wish.fulfilled": ("rank",),
    "tichu.wish.out_of_turn": ("rank",),
    "tichu.wish.hand_unknown": ("rank",),
    "tichu.wish.cannot": ("rank",),
    "tichu.wish.phoenix": ("rank",),
    "tichu.wish.bomb_in_turn": (),
    "tichu.reason.dragon_beats": (),
    "tichu.reason.dragon_single": (),
    "tichu.reason.dragon_on_table": (),
    "tichu.reason.phoenix_dragon": (),
    "tichu.reason.phoenix_half": ("card",),
    "tichu.reason.phoenix_on_phoenix": (),
    "tichu.reason.beats_phoenix": ("card",),
    "tichu.reason.mah_jong_phoenix": (),
    "tichu.reason.kind": ("play", "previous"),
    "tichu.reason.length": ("kind", "play", "previous"),
    "tichu.reason.higher": ("kind", "play", "previous"),
    "tichu.reason.not_higher": ("kind", "play", "previous"),
    "tichu.verdict.legal": (),
    "tichu.verdict.illegal": (),
}
