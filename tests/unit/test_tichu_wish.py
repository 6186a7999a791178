"""The Mah Jong's wish check (webapp.games.tichu.rules.wish) against a brute-force reference.

Tichu rulebook, "Mah Jong": a player in turn who can play a natural card of the wished rank in a combination
that may go on the trick must do so, with a bomb if that is the only way; the Phoenix helps to build the
combination but is no card of the wished rank (FAQ). The reference below tries every subset of a small hand
(at most 9 cards) and every reading of it; the engine reasons by rank counts. Both must find the same lowest
play: non-bombs before bombs, lower before higher (bombs by length, then rank; Tichu rulebook, "Bombs"), equal
ones by their cards from low to high.
"""

from __future__ import annotations

from itertools import combinations

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.games.tichu.rules import (
    ACE,
    DOG,
    DRAGON,
    MAH_JONG,
    PHOENIX,
    Kind,
    TichuCard,
    TichuSuit,
    can_fulfil_wish,
    judge,
    judge_pass,
    lowest_fulfilling_play,
    parse_play,
    readings,
)

C = TichuCard
p = parse_play
SPECIALS = (C(DOG), C(MAH_JONG), C(PHOENIX), C(DRAGON))


def order(combo) -> tuple:
    """The rulebook's order of plays, written out for the reference (see the module docstring)."""
    ranks = (combo.length, combo.rank) if combo.kind is Kind.BOMB else (0, combo.rank)
    cards = sorted((c.rank, "" if c.suit is None else c.suit.value) for c in combo.cards)
    return (combo.kind is Kind.BOMB, ranks, combo.length, tuple(cards))


def reference(table: tuple[TichuCard, ...], hand: tuple[TichuCard, ...], wish: int, phoenix_on=None):
    """The lowest fulfilling play by brute force: every subset of ``hand``, every reading of it."""
    wished = sorted((c for c in hand if c.rank == wish), key=lambda c: (c.rank, c.suit.value if c.suit else ""))
    if not wished:
        return None
    if not table or table == (C(DOG),):  # on lead any play may; the wished card alone does
        return readings(wished[:1])[0]
    found = []
    for size in range(1, len(hand) + 1):
        for cards in combinations(hand, size):
            for combo in readings(cards):
                if not any(c.rank == wish for c in combo.cards):  # the Phoenix is never the wished card
                    continue
                verdict = judge(table, combo.cards, reading=combo.phoenix_as, phoenix_on=phoenix_on)
                if verdict.legal:
                    found.append(combo)
    return min(found, key=order) if found else None


@st.composite
def situations(draw):
    """A hand of at most 9 cards from a window of six ranks (so combinations are common), a wish in the
    window, and a table of any kind built by the rules (seed 001; Tichu rulebook, "Combinations", "Bombs")."""
    low = draw(st.integers(2, ACE - 5))
    window = range(low, low + 6)
    suited = draw(st.booleans())
    if suited:
        pool = [C(r, s) for r in window for s in TichuSuit]
    else:
        pool = [C(r) for r in window for _ in range(4)]
    pool += list(SPECIALS)
    picks = draw(st.lists(st.sampled_from(range(len(pool))), unique=True, min_size=1, max_size=9))
    hand = tuple(pool[i] for i in picks)
    wish = draw(st.sampled_from(window))
    table = draw(tables(window))
    phoenix_on = draw(st.sampled_from([None, C(low), C(low + 3)])) if table == (C(PHOENIX),) else None
    return table, hand, wish, phoenix_on


@st.composite
def tables(draw, window: range):
    kind = draw(st.sampled_from(["lead", "dog", "single", "same", "full", "straight", "stairs", "flush"]))
    rank = draw(st.sampled_from(range(max(2, window.start - 2), min(ACE, window.stop + 1) + 1)))
    if kind == "lead":
        return ()
    if kind == "dog":
        return (C(DOG),)
    if kind == "single":
        return (draw(st.sampled_from([C(rank), C(MAH_JONG), C(PHOENIX), C(DRAGON)])),)
    if kind == "same":  # pair, triple, four of a kind
        return (C(rank),) * draw(st.integers(2, 4))
    if kind == "full":
        other = draw(st.sampled_from([r for r in range(2, ACE + 1) if r != rank]))
        return (C(rank),) * 3 + (C(other),) * 2
    if kind == "straight":
        length = draw(st.integers(5, 7))
        bottom = draw(st.integers(1, ACE - length + 1))
        return tuple(C(r) for r in range(bottom, bottom + length) if r > 1) + ((C(MAH_JONG),) if bottom == 1 else ())
    if kind == "stairs":
        pairs = draw(st.integers(2, 4))
        bottom = draw(st.integers(2, ACE - pairs + 1))
        return tuple(C(r) for r in range(bottom, bottom + pairs) for _ in range(2))
    length = draw(st.integers(5, 6))
    bottom = draw(st.integers(2, ACE - length + 1))
    return tuple(C(r, TichuSuit.SWORD) for r in range(bottom, bottom + length))


@settings(max_examples=examples(400), deadline=None)
@given(situations())
def test_the_wish_check_finds_what_brute_force_finds(situation):
    """The engine's lowest fulfilling play (or None) is the brute-force one, on any table (Tichu rulebook,
    "Mah Jong"); passing is refused exactly when there is one and the player does not lead."""
    table, hand, wish, phoenix_on = situation
    expected = reference(table, hand, wish, phoenix_on)
    found = lowest_fulfilling_play(table, hand, wish, phoenix_on=phoenix_on)
    assert (found is None) == (expected is None)
    if expected is not None:
        assert order(found) == order(expected), (str(found), str(expected))
    assert can_fulfil_wish(table, hand, wish, phoenix_on=phoenix_on) is (expected is not None)
    if table and table != (C(DOG),):
        assert judge_pass(table, wish=wish, hand=hand, phoenix_on=phoenix_on).legal is (expected is None)


# --- The rulebook's cases -------------------------------------------------------------------------
def test_the_phoenix_is_no_card_of_the_wished_rank():
    """FAQ: the Phoenix standing for an 8 does not fulfil a wish for an 8."""
    assert lowest_fulfilling_play(p("5"), p("P9"), 8) is None
    assert lowest_fulfilling_play(p("34567"), p("4567P"), 8) is None


def test_the_phoenix_helps_to_build_the_wished_combination():
    """FAQ: the wished card must be played even if it takes the Phoenix to make the combination."""
    assert str(lowest_fulfilling_play(p("55"), p("8P3"), 8)) == "8P"
    found = lowest_fulfilling_play(p("33344"), p("88P66"), 8)  # the lowest: a triple of 6s with the Phoenix
    assert (found.rank, found.pair_rank, found.phoenix_as) == (6, 8, 6)
    assert lowest_fulfilling_play(p("23456"), p("3457P8"), 8).rank == 8  # the Phoenix fills the 6


def test_a_bomb_if_that_is_the_only_way():
    """Tichu rulebook, "Mah Jong": a player who can fulfil the wish only with a bomb must play the bomb."""
    assert lowest_fulfilling_play(p("A"), p("8888"), 8).kind is Kind.BOMB
    assert str(lowest_fulfilling_play(p("R"), p("4g5g6g7g8gKk"), 8)) == "4g5g6g7g8g"
    assert lowest_fulfilling_play(p("9999"), p("8888"), 8) is None  # a lower bomb does not beat
    assert str(lowest_fulfilling_play(p("9999"), p("4g5g6g7g8g"), 8)) == "4g5g6g7g8g"  # a straight flush does


def test_a_plain_straight_comes_before_a_bomb():
    """A straight that beats the table fulfils the wish without a bomb (Tichu rulebook, "Mah Jong")."""
    found = lowest_fulfilling_play(p("23456"), p("5g6g7g8g9g9k"), 8)
    assert found.kind is Kind.STRAIGHT and str(found) == "5g6g7g8g9k"


def test_on_lead_the_wished_card_alone():
    """Tichu rulebook, "Mah Jong": on lead the player must play the wished card (any combination with it)."""
    assert str(lowest_fulfilling_play((), p("Ar8b8g"), 8)) == "8b"
    assert str(lowest_fulfilling_play(p("D"), p("8"), 8)) == "8"


def test_the_mah_jong_at_the_bottom_of_a_straight():
    """Seed 001: the Mah Jong may be the 1 at the bottom of a straight, so such a straight tops at its length
    and never beats a straight of the same length."""
    assert lowest_fulfilling_play(p("23456"), p("12345"), 5) is None  # 1-5 is lower than 2-6


def test_a_full_hand_is_checked_at_once():
    """A 14-card hand on a seven-card straight: the search goes by ranks, so the worst hands stay cheap.
    With the Phoenix, 3 to 9 is a plain straight, lower than any bomb (Tichu rulebook, "Phoenix", "Bombs")."""
    hand = p("2g3g4g5g6g7g8g9g0gJgQgKgAgP")
    found = lowest_fulfilling_play(p("2345678"), hand, 9)
    assert (found.kind, found.rank, found.phoenix_as) == (Kind.STRAIGHT, 9, 8)
    found = lowest_fulfilling_play(p("2345678"), hand[:-1], 9)  # without the Phoenix: only the bomb
    assert (found.kind, found.length, found.rank) == (Kind.BOMB, 5, 9)  # the shortest bomb with a 9: 5 to 9


# --- The notation's tokens (the pages count them before any other work) ----------------------------
def loop_tokens(text: str) -> list[str]:
    """The notation read one character at a time (webapp.games.tichu.rules.cards: a suit letter joins the rank
    just before it; whitespace and commas separate)."""
    found: list[str] = []
    glued = False
    for char in text:
        if char.isspace() or char == ",":
            glued = False
        elif char in "gkbr" and glued:
            found[-1] += char
            glued = False
        else:
            found.append(char)
            glued = char in "234567890JQKA1RPD"
    return found


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet="23456789 0JQKA1RPDgkbrx,\t\u00a0\u2003-", max_size=40), st.integers(0, 20))
def test_tokens_and_their_count_agree_with_reading_one_character_at_a_time(text, limit):
    from webapp.games.tichu.rules import count_tokens, tokens

    expected = loop_tokens(text)
    assert tokens(text) == expected
    assert tokens(text, limit=limit) == expected[:limit]
    assert count_tokens(text) == len(expected)
