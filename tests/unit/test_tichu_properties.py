"""Property tests of the Tichu engine (webapp.games.tichu.rules) with hypothesis.

Combinations are built from the rules (seed 001, Tichu rulebook), not from the
engine: a pair is two cards of one rank or one card and the Phoenix, a
straight is five or more consecutive ranks, and so on.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from webapp.games.tichu.rules import ACE, CODES, DOG, DRAGON, MAH_JONG, PHOENIX, Kind, TichuCard, judge, readings

C = TichuCard
NATURALS = range(2, ACE + 1)
#: The 56-card deck without suits: four of each natural rank, one of each special.
DECK = tuple(C(r) for r in NATURALS for _ in range(4)) + tuple(C(r) for r in (DOG, MAH_JONG, PHOENIX, DRAGON))

#: Any cards that could be one player's play: a non-empty part of the deck.
hands = st.lists(st.sampled_from(range(len(DECK))), unique=True, min_size=1, max_size=14).map(
    lambda idx: tuple(DECK[i] for i in idx)
)


@st.composite
def with_phoenix(draw, naturals: list[TichuCard], replaceable: list[int] | None = None) -> tuple[TichuCard, ...]:
    """Maybe replace one of the cards (at an allowed index) by the Phoenix."""
    choices = list(range(len(naturals))) if replaceable is None else replaceable
    if choices and draw(st.booleans()):
        at = draw(st.sampled_from(choices))
        naturals = naturals[:at] + [C(PHOENIX)] + naturals[at + 1 :]
    return tuple(naturals)


@st.composite
def built(draw, kind: Kind | None = None, length: int | None = None) -> tuple[Kind, int, int, tuple[TichuCard, ...]]:
    """A combination built by the rules: (kind, length, rank, cards in play order).

    With the Phoenix in it, the cards may also have a higher reading than the
    one built (``P3456`` built as 2-6 also reads 3-7), so ``rank`` is a floor.
    """
    kind = kind or draw(st.sampled_from(list(Kind)))
    if kind is Kind.SINGLE:
        rank = draw(st.sampled_from([DOG, MAH_JONG, *NATURALS, PHOENIX, DRAGON]))
        return kind, 1, rank, (C(rank),)
    if kind in (Kind.PAIR, Kind.TRIPLE, Kind.BOMB):
        n = {Kind.PAIR: 2, Kind.TRIPLE: 3, Kind.BOMB: 4}[kind]
        rank = draw(st.sampled_from(NATURALS))
        same = [C(rank)] * n
        cards = tuple(same) if kind is Kind.BOMB else draw(with_phoenix(same))
        return kind, n, rank, cards
    if kind is Kind.FULL_HOUSE:
        triple, pair = draw(st.lists(st.sampled_from(NATURALS), min_size=2, max_size=2, unique=True))
        cards = [C(triple)] * 3 + [C(pair)] * 2
        return kind, 5, triple, draw(with_phoenix(cards))
    if kind is Kind.STRAIGHT:
        n = length or draw(st.integers(5, 14))
        low = draw(st.integers(1, ACE - n + 1))
        cards = [C(r) for r in range(low, low + n)]
        # The Phoenix stands for 2 to Ace only, so it never replaces the Mah Jong.
        allowed = [i for i, card in enumerate(cards) if card.rank != MAH_JONG]
        return kind, n, low + n - 1, draw(with_phoenix(cards, allowed))
    if kind is Kind.STAIRS:
        pairs = (length or 2 * draw(st.integers(2, 7))) // 2
        low = draw(st.integers(2, ACE - pairs + 1))
        cards = [C(r) for r in range(low, low + pairs) for _ in range(2)]
        return kind, 2 * pairs, low + pairs - 1, draw(with_phoenix(cards))
    raise AssertionError(kind)  # pragma: no cover


combos = built()
tables = st.one_of(st.just(()), combos.map(lambda c: c[3]))


def shuffled(draw, cards):
    return tuple(draw(st.permutations(cards)))


@given(combos)
def test_every_built_combination_is_recognised(combo):
    kind, length, rank, cards = combo
    found = readings(cards)
    assert found, cards
    best = found[0]
    assert (best.kind, best.length) == (kind, length)
    assert best.rank >= rank if C(PHOENIX) in cards and kind is not Kind.SINGLE else best.rank == rank


@given(hands, st.data())
def test_card_order_never_changes_a_reading(cards, data):
    assert readings(shuffled(data.draw, cards)) == readings(cards)


@given(tables, hands, st.data())
def test_card_order_never_changes_a_verdict(previous, play, data):
    assert judge(shuffled(data.draw, previous), shuffled(data.draw, play)) == judge(previous, play)


@given(combos)
def test_a_play_never_beats_itself(combo):
    """Excluding the Dog: after the Dog the next player leads."""
    cards = combo[3]
    if cards != (C(DOG),):
        assert not judge(cards, cards).legal


@given(st.data())
def test_same_kind_and_length_must_be_strictly_higher(data):
    kind = data.draw(st.sampled_from([k for k in Kind]))
    table = data.draw(built(kind))
    play = data.draw(built(kind, table[1]))
    previous, mine = readings(table[3])[0], readings(play[3])[0]
    if C(DOG) in table[3] + play[3] or previous.is_phoenix_single or mine.is_phoenix_single:
        return  # the Dog leads; a Phoenix single is valued by the table
    assert (previous.kind, previous.length) == (mine.kind, mine.length)
    verdict = judge(table[3], play[3])
    assert verdict.legal is (mine.rank > previous.rank)
    if mine.rank <= previous.rank:  # no play beats a higher-or-equal copy of its own combination
        assert verdict.reason in ("tichu.reason.not_higher", "tichu.reason.bomb_not_higher", _ONLY_BOMB)


_ONLY_BOMB = "tichu.reason.dragon_on_table"  # a natural single or the Mah Jong on the Dragon


@given(built(Kind.BOMB), combos)
def test_a_bomb_beats_every_non_bomb(bomb, other):
    if other[0] is not Kind.BOMB:
        assert judge(other[3], bomb[3]).legal


@given(combos, combos)
def test_only_a_bomb_beats_a_bomb(bomb_or_not, play):
    table = readings(bomb_or_not[3])[0]
    if table.is_bomb and not readings(play[3])[0].is_bomb:
        assert not judge(bomb_or_not[3], play[3]).legal


@given(hands)
def test_on_lead_every_combination_is_legal(cards):
    verdict = judge((), cards)
    assert verdict.legal is bool(readings(cards))


@given(combos)
def test_on_lead_every_built_combination_is_legal(combo):
    assert judge((), combo[3]).legal


@given(tables, hands)
def test_judge_never_raises_and_explains_in_order(previous, play):
    verdict = judge(previous, play)
    codes = [s.code for s in verdict.steps]
    assert codes[-1] == ("tichu.verdict.legal" if verdict.legal else "tichu.verdict.illegal")
    assert verdict.reason in codes
    assert codes[0].startswith("tichu.table.")
    for step in verdict.steps:
        assert tuple(name for name, _ in step.params) == tuple(sorted(CODES[step.code])), step
        hash(step)
        for _, value in step.params:  # ranks are passed as cards; only counts are ints
            assert not isinstance(value, int) or step.code in _COUNTING, step


_COUNTING = {
    "tichu.table.straight",
    "tichu.play.straight",
    "tichu.table.stairs",
    "tichu.play.stairs",
    "tichu.reason.length",
    "tichu.why.straight_short",
    "tichu.why.straight_gap",
    "tichu.why.straight_gap_phoenix",
    "tichu.why.stairs_gap",
}


@given(hands)
def test_readings_are_sorted_best_first_and_keep_the_cards(cards):
    found = readings(cards)
    ranks = [r.rank for r in found]
    assert ranks == sorted(ranks, reverse=True)
    key = sorted(c.rank for c in cards)
    for reading in found:
        assert reading.length == len(cards)
        assert sorted(c.rank for c in reading.cards) == key
        assert (reading.kind, reading.length) == (found[0].kind, found[0].length)
        if reading.phoenix_as is not None:
            assert 2 <= reading.phoenix_as <= ACE and C(PHOENIX) in cards
            assert reading.kind is not Kind.BOMB


@given(combos)
def test_readings_of_built_combinations_are_sorted(combo):
    found = readings(combo[3])
    assert all(r.length == len(combo[3]) for r in found)
    assert [r.rank for r in found] == sorted((r.rank for r in found), reverse=True)
