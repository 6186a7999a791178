"""Unit tests of the Tichu play-legality engine (webapp.games.tichu.rules).

The expected values come from the rules: seed 001 ("Is it a valid Tichu
play?", its 20 legal and 27 illegal cases and its comments) and the Tichu
rulebook for the Phoenix, Dragon, Dog and bombs.
"""

from __future__ import annotations

import re

import pytest

from webapp.core.steps import RuleInputError, Step
from webapp.games.tichu.rules import ACE, CODES, DOG, DRAGON, JACK, KING, MAH_JONG, PHOENIX, TEN, Kind, TichuCard, TichuSuit, check_deck, is_legal, judge, parse_card, parse_play, readings

C = TichuCard


def cards(text: str) -> tuple[TichuCard, ...]:
    return parse_play(text)


def codes(previous: str, play: str) -> list[str]:
    return [s.code for s in judge(cards(previous), cards(play)).steps]


# --- Seed 001 -------------------------------------------------------------------
SEED_LEGAL = [
    "6 J", "JJ QQ", "555 KKK", "44499 77722", "23456 56789", "223344 QQKKAA",
    "49494 72727", "A R", "A P", "P R", "66 7P", "P6 77", "58304967 6P0594J7",
    "5P304967 680594J7", "57446765 788657P5", "- D", "- 1", "- 12345",
    "3344556677889900 JJJJ", "5555 7777",
]  # fmt: skip
SEED_ILLEGAL = [
    "9 3", "66 55", "888 444", "44 888", "77722 44499", "44499 777", "44499 777JJJ",
    "45678 34567", "34567 456789", "556677 334455", "5566 778899", "72727 49494",
    "A A", "R A", "R P", "77 RP", "77 6P", "P7 66", "680594J7 5P304967",
    "6P0594J7 58304967", "57446765 3645P536", "1 D", "2 D", "2 1", "- 1234",
    "7777 5555", "- 223355",
]  # fmt: skip


def test_seed_case_counts():
    """Seed 001 lists 20 legal and 27 illegal plays."""
    assert (len(SEED_LEGAL), len(SEED_ILLEGAL)) == (20, 27)


@pytest.mark.parametrize(
    "case, legal",
    [(c, True) for c in SEED_LEGAL] + [(c, False) for c in SEED_ILLEGAL] + [("5555 777P", False)],
)
def test_seed_001(case: str, legal: bool):
    """Seed 001: "previous play" in the seed's notation, '-' = lead.

    ``5555 777P`` comes from the seed's comments: the Phoenix is never part of
    a bomb, so ``777P`` is no combination at all.
    """
    previous, play = case.split()
    verdict = judge(parse_play(previous), parse_play(play))
    assert verdict.legal is legal
    assert is_legal(parse_play(previous), parse_play(play)) is legal
    assert verdict.steps[-1] == Step("tichu.verdict.legal" if legal else "tichu.verdict.illegal")


def test_phoenix_never_in_a_bomb():
    """Seed 001 comments: ``777P`` is no bomb (and no other combination)."""
    verdict = judge(cards("5555"), cards("777P"))
    assert verdict.play is None
    assert verdict.reason == "tichu.play.none"
    assert Step("tichu.why.phoenix_bomb") in verdict.steps
    assert readings(cards("7777P")) == ()


# --- Cards and parsing -----------------------------------------------------------
def test_card_notation_round_trip():
    text = "D123456789" + "0JQKAPR"
    parsed = parse_play(text)
    assert [c.rank for c in parsed] == list(range(17))
    assert "".join(str(c) for c in parsed) == text


def test_card_properties():
    assert C(TEN).is_natural and not C(TEN).is_special
    for rank in (DOG, MAH_JONG, PHOENIX, DRAGON):
        assert C(rank).is_special and not C(rank).is_natural
    assert parse_card("J") == C(JACK)
    assert parse_card("0") == C(10)
    assert C(KING) == C(13, None)


def test_card_with_suit_for_later():
    assert [s.value for s in TichuSuit] == ["g", "k", "b", "r"]
    assert str(C(7, TichuSuit.JADE)) == "7g"
    with pytest.raises(ValueError):
        C(DRAGON, TichuSuit.STAR)
    with pytest.raises(ValueError):
        C(17)


def test_no_play():
    assert parse_play("-") == ()
    assert parse_play("") == ()
    assert parse_play(" K K ") == (C(KING), C(KING))


@pytest.mark.parametrize("text, token", [("5X5", "X"), ("10*", "*"), ("5-5", "-")])
def test_unknown_card_names_the_token(text: str, token: str):
    with pytest.raises(RuleInputError) as err:
        parse_play(text)
    assert err.value.step == Step("tichu.error.unknown", token=token)
    assert err.value.token == token
    assert repr(token) in str(err.value)


@pytest.mark.parametrize("text, token", [("p", "p"), ("7x", "x"), ("qq", "q"), ("7gg", "g")])
def test_lower_case_is_rejected(text: str, token: str):
    """Capital letters for cards; of the small letters only the suits g k b r, right after a rank."""
    with pytest.raises(RuleInputError) as err:
        parse_play(text)
    expected = "tichu.error.suit_alone" if token in "gkbr" else "tichu.error.lowercase"
    assert err.value.step == Step(expected, token=token)
    assert err.value.token == token


@pytest.mark.parametrize("text, token", [("kk", "k"), ("g7", "g"), ("7 g", "g")])
def test_suit_letter_without_a_rank(text: str, token: str):
    with pytest.raises(RuleInputError) as err:
        parse_play(text)
    assert err.value.step == Step("tichu.error.suit_alone", token=token)


@pytest.mark.parametrize("text, token, card", [("Rr", "Rr", DRAGON), ("5Pg", "Pg", PHOENIX), ("1k", "1k", MAH_JONG)])
def test_special_cards_have_no_suit(text: str, token: str, card: int):
    """Tichu rulebook, "The cards": the four special cards belong to no suit."""
    with pytest.raises(RuleInputError) as err:
        parse_play(text)
    assert err.value.step == Step("tichu.error.suit_special", token=token, card=C(card))


def test_parse_card_needs_one_character():
    with pytest.raises(RuleInputError) as err:
        parse_card("10")
    assert err.value.step == Step("tichu.error.unknown", token="10")


@pytest.mark.parametrize("text, card", [("PP", PHOENIX), ("R5R", DRAGON), ("D1D", DOG), ("11", MAH_JONG)])
def test_special_card_twice(text: str, card: int):
    with pytest.raises(RuleInputError) as err:
        parse_play(text)
    assert err.value.step == Step("tichu.error.duplicate", card=C(card))
    assert err.value.token == str(C(card))


def test_five_sevens():
    with pytest.raises(RuleInputError) as err:
        parse_play("777577")
    assert err.value.step == Step("tichu.error.too_many", card=C(7), count=5)
    assert err.value.token == "7"
    assert parse_play("7777") == (C(7),) * 4


def test_deck_across_both_plays():
    """Table and hand share one 56-card deck."""
    check_deck(cards("7777"), cards("8888"))
    check_deck((), cards("P"))
    with pytest.raises(RuleInputError) as err:
        check_deck(cards("P6"), cards("P7"))
    assert err.value.step == Step("tichu.error.deck_duplicate", card=C(PHOENIX))
    assert err.value.token == "P"
    with pytest.raises(RuleInputError) as err:
        check_deck(cards("77766"), cards("88877"))  # seed 001's impossible example
    assert err.value.step == Step("tichu.error.deck_too_many", card=C(7), count=5)
    with pytest.raises(RuleInputError) as err:
        check_deck((C(PHOENIX), C(PHOENIX)), cards("5"))  # one play alone is impossible
    assert err.value.step.code == "tichu.error.duplicate"


def test_previous_play_must_be_a_combination():
    with pytest.raises(RuleInputError) as err:
        judge(cards("2345"), cards("6"))
    assert err.value.step == Step("tichu.error.previous_invalid", cards=(C(2), C(3), C(4), C(5)))


def test_empty_play_is_an_input_error():
    with pytest.raises(RuleInputError) as err:
        judge(cards("5"), ())
    assert err.value.step.code == "tichu.error.empty_play"


# --- Readings --------------------------------------------------------------------
def test_readings_full_house_with_phoenix():
    """KK55P: full house Kings over fives (P = K) or fives over Kings (P = 5)."""
    found = readings(cards("KK55P"))
    assert [(r.kind, r.length, r.rank, r.phoenix_as, r.pair_rank) for r in found] == [
        (Kind.FULL_HOUSE, 5, KING, KING, 5),
        (Kind.FULL_HOUSE, 5, 5, 5, KING),
    ]


def test_readings_straight_with_phoenix_at_either_end():
    """3456P: straight 3-7 (P = 7) or 2-6 (P = 2)."""
    found = readings(cards("3456P"))
    assert [(r.kind, r.length, r.rank, r.phoenix_as, r.bottom) for r in found] == [
        (Kind.STRAIGHT, 5, 7, 7, 3),
        (Kind.STRAIGHT, 5, 6, 2, 2),
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2345P", [(Kind.STRAIGHT, 6, 6)]),  # never 1
        ("JQKAP", [(Kind.STRAIGHT, ACE, TEN)]),  # never above the Ace
        ("1234P", [(Kind.STRAIGHT, 5, 5)]),
        ("1P345", [(Kind.STRAIGHT, 5, 2)]),  # Mah Jong at the bottom, P in the gap
        ("12345", [(Kind.STRAIGHT, 5, None)]),
        ("PA", [(Kind.PAIR, ACE, ACE)]),
        ("99P", [(Kind.TRIPLE, 9, 9)]),
        ("KKK5P", [(Kind.FULL_HOUSE, KING, 5)]),
        ("5P66", [(Kind.STAIRS, 6, 5)]),
        ("556P77", [(Kind.STAIRS, 7, 6)]),
        ("7777", [(Kind.BOMB, 7, None)]),
        ("P", [(Kind.SINGLE, PHOENIX, None)]),
        ("1", [(Kind.SINGLE, MAH_JONG, None)]),
        ("R", [(Kind.SINGLE, DRAGON, None)]),
        ("D", [(Kind.SINGLE, DOG, None)]),
    ],
)
def test_readings(text: str, expected: list):
    assert [(r.kind, r.rank, r.phoenix_as) for r in readings(cards(text))] == expected


def raw(text: str) -> tuple[TichuCard, ...]:
    """Cards without the deck checks of parse_play (to build impossible plays)."""
    return tuple(parse_card(ch) for ch in text)


@pytest.mark.parametrize(
    "text",
    ["7777P", "777P", "77775", "1P", "12", "11", "1123", "RP", "R5", "D5", "DP", "PP", "223355", "5599", "777888",
     "1234", "2345", "77723", "23456789JQKA0P", "1234567890JQKAP", "77777"],
)  # fmt: skip
def test_no_reading(text: str):
    assert readings(raw(text)) == ()


def test_phoenix_single_reading():
    (single,) = readings(cards("P"))
    assert single.is_phoenix_single and single.phoenix_as is None
    assert not readings(cards("9"))[0].is_phoenix_single


def test_reading_cards_are_in_order_with_the_phoenix_in_place():
    """5 6 7 _ 9: the Phoenix fills the 8, and the cards are listed low to high."""
    for text in ("7P956", "9765P", "P5679"):
        (straight,) = readings(cards(text))
        assert straight.cards == (C(5), C(6), C(7), C(PHOENIX), C(9))
        assert (straight.rank, straight.phoenix_as, straight.length) == (9, 8, 5)
        assert str(straight) == "567P9"


# --- Phoenix --------------------------------------------------------------------
def test_phoenix_single_led():
    verdict = judge((), cards("P"))
    assert verdict.legal
    assert verdict.play is not None and verdict.play.is_phoenix_single
    assert [s.code for s in verdict.steps] == [
        "tichu.table.lead",
        "tichu.play.phoenix_single",
        "tichu.play.phoenix_led",
        "tichu.reason.lead",
        "tichu.verdict.legal",
    ]


@pytest.mark.parametrize("previous", ["9", "A", "1", "2"])
def test_phoenix_single_on_a_single(previous: str):
    """Tichu rulebook, Phoenix: half a rank above the single (a 9½ on a 9)."""
    verdict = judge(cards(previous), cards("P"))
    assert verdict.legal
    assert verdict.reason == "tichu.reason.phoenix_half"
    assert Step("tichu.reason.phoenix_half", card=parse_card(previous)) in verdict.steps


def test_phoenix_cannot_beat_the_dragon():
    verdict = judge(cards("R"), cards("P"))
    assert not verdict.legal and verdict.reason == "tichu.reason.phoenix_dragon"


def test_phoenix_single_is_no_pair():
    verdict = judge(cards("33"), cards("P"))
    assert not verdict.legal and verdict.reason == "tichu.reason.kind"


@pytest.mark.parametrize(
    "play, legal, reason",
    [
        ("2", True, "tichu.reason.beats_phoenix"),
        ("A", True, "tichu.reason.beats_phoenix"),
        ("R", True, "tichu.reason.dragon_beats"),
        ("1", False, "tichu.reason.mah_jong_phoenix"),
        ("3333", True, "tichu.reason.bomb_beats"),
        ("33", False, "tichu.reason.kind"),
        ("D", False, "tichu.reason.dog_not_lead"),
    ],
)
def test_previous_phoenix_single_counts_one_and_a_half(play: str, legal: bool, reason: str):
    """Seed 001 note 2: a Phoenix single on the table is taken as led (1½)."""
    verdict = judge(cards("P"), cards(play))
    assert (verdict.legal, verdict.reason) == (legal, reason)
    assert verdict.steps[:2] == (Step("tichu.table.phoenix_single"), Step("tichu.table.phoenix_led"))


def test_phoenix_on_phoenix():
    verdict = judge(cards("P"), cards("P"))
    assert not verdict.legal and verdict.reason == "tichu.reason.phoenix_on_phoenix"


def test_play_counts_at_its_highest_reading():
    """3456P counts as 3-7: it beats 2-6 but not 3-7 (and a table's Phoenix too)."""
    assert judge(cards("23456"), cards("3456P")).legal
    assert not judge(cards("34567"), cards("3456P")).legal
    assert not judge(cards("3456P"), cards("34567")).legal
    assert judge(cards("3456P"), cards("45678")).legal
    assert judge(cards("QQQ22"), cards("KK55P")).legal  # K over 5
    assert not judge(cards("KKK22"), cards("KK55P")).legal  # not higher than a K triple


# --- Dog -------------------------------------------------------------------------
def test_dog_on_lead():
    verdict = judge((), cards("D"))
    assert verdict.legal and verdict.reason == "tichu.reason.lead"


@pytest.mark.parametrize("previous", ["1", "2", "A", "R", "P", "22", "5555"])
def test_dog_only_on_lead(previous: str):
    verdict = judge(cards(previous), cards("D"))
    assert not verdict.legal and verdict.reason == "tichu.reason.dog_not_lead"


@pytest.mark.parametrize("play", ["2", "KK", "P", "R", "12345", "5555", "1"])
def test_after_the_dog_you_lead(play: str):
    """The Dog passes the lead: whatever follows it is a lead."""
    verdict = judge(cards("D"), cards(play))
    assert verdict.legal and verdict.reason == "tichu.reason.lead"
    assert verdict.steps[0] == Step("tichu.table.dog")


def test_dog_only_alone():
    verdict = judge((), cards("D5"))
    assert not verdict.legal
    assert verdict.steps[1:] == (
        Step("tichu.play.none", cards=(C(DOG), C(5))),
        Step("tichu.why.alone", card=C(DOG)),
        Step("tichu.verdict.illegal"),
    )


# --- Dragon and bombs --------------------------------------------------------------
@pytest.mark.parametrize("previous", ["-", "1", "2", "A", "P"])
def test_dragon_on_lead_or_any_single(previous: str):
    assert judge(cards(previous), cards("R")).legal


@pytest.mark.parametrize("previous", ["22", "333", "44455", "23456", "2233"])
def test_dragon_only_on_a_single(previous: str):
    verdict = judge(cards(previous), cards("R"))
    assert not verdict.legal and verdict.reason == "tichu.reason.dragon_single"


def test_dragon_on_dragon_and_singles_on_the_dragon():
    assert judge(cards("R"), cards("R")).reason == "tichu.reason.not_higher"
    verdict = judge(cards("R"), cards("A"))
    assert not verdict.legal and verdict.reason == "tichu.reason.dragon_on_table"


def test_dragon_only_alone():
    verdict = judge(cards("77"), cards("RP"))
    assert verdict.steps[2] == Step("tichu.why.alone", card=C(DRAGON))


@pytest.mark.parametrize("bomb", ["2222", "AAAA"])
def test_bomb_on_the_dragon(bomb: str):
    verdict = judge(cards("R"), cards(bomb))
    assert verdict.legal and verdict.reason == "tichu.reason.bomb_beats"


@pytest.mark.parametrize("previous", ["A", "KK", "AAA", "AAAKK", "23456789", "QQKKAA", "1", "P"])
def test_bomb_beats_any_non_bomb(previous: str):
    assert judge(cards(previous), cards("2222")).legal


@pytest.mark.parametrize("play", ["R", "P", "A", "AA", "AAA", "AAAKK", "90JQKA", "KKAA"])
def test_only_a_bomb_beats_a_bomb(play: str):
    verdict = judge(cards("3333"), cards(play))
    assert not verdict.legal and verdict.reason == "tichu.reason.bomb_on_table"


def test_bombs_by_rank():
    higher = judge(cards("5555"), cards("7777"))
    assert higher.reason == "tichu.reason.bomb_higher"
    assert Step("tichu.reason.bomb_higher", play=C(7), previous=C(5)) in higher.steps
    lower = judge(cards("7777"), cards("5555"))
    assert Step("tichu.reason.bomb_not_higher", play=C(5), previous=C(7)) in lower.steps
    assert not judge(cards("7777"), cards("7777")).legal


def test_mah_jong():
    assert judge(cards("1"), cards("2")).legal
    assert not judge(cards("2"), cards("1")).legal
    assert not judge(cards("1"), cards("1")).legal
    assert judge((), cards("12345")).legal
    assert Step("tichu.why.mah_jong") in judge((), cards("1223")).steps


# --- Explanations ----------------------------------------------------------------------
def test_steps_pair_with_phoenix():
    """66 then 7P: the Phoenix stands for a 7, and 7 beats 6."""
    assert judge(cards("66"), cards("7P")).steps == (
        Step("tichu.table.pair", rank=C(6)),
        Step("tichu.play.pair", rank=C(7)),
        Step("tichu.play.phoenix_as", rank=C(7)),
        Step("tichu.reason.higher", kind=Kind.PAIR, play=C(7), previous=C(6)),
        Step("tichu.verdict.legal"),
    )


def test_steps_straight_with_phoenix():
    """3-10 then 4-J with the Phoenix as the 8."""
    steps = judge(cards("58304967"), cards("6P0594J7")).steps
    assert [s.code for s in steps] == [
        "tichu.table.straight",
        "tichu.play.straight",
        "tichu.play.phoenix_as",
        "tichu.rule.by_top",
        "tichu.reason.higher",
        "tichu.verdict.legal",
    ]
    assert (steps[0]["length"], steps[0]["top"]) == (8, C(TEN))
    assert (steps[1]["length"], steps[1]["top"]) == (8, C(JACK))
    assert steps[1]["cards"] == (C(4), C(5), C(6), C(7), C(PHOENIX), C(9), C(10), C(JACK))
    assert steps[2] == Step("tichu.play.phoenix_as", rank=C(8))


def test_steps_straights_of_different_length():
    assert judge(cards("34567"), cards("456789")).steps == (
        Step("tichu.table.straight", length=5, top=C(7), cards=cards("34567")),
        Step("tichu.play.straight", length=6, top=C(9), cards=cards("456789")),
        Step("tichu.reason.length", kind=Kind.STRAIGHT, previous=5, play=6),
        Step("tichu.verdict.illegal"),
    )


def test_steps_different_kind():
    steps = judge(cards("JJ"), cards("QQKK")).steps
    assert steps[-2] == Step("tichu.reason.kind", previous=Kind.PAIR, play=Kind.STAIRS)
    assert steps[1] == Step("tichu.play.stairs", pairs=2, top=C(KING), cards=cards("QQKK"))


def test_steps_stairs_with_a_gap():
    assert judge((), cards("223355")).steps == (
        Step("tichu.table.lead"),
        Step("tichu.play.none", cards=cards("223355")),
        Step("tichu.why.stairs_gap", count=1, missing=(C(4),)),
        Step("tichu.verdict.illegal"),
    )


def test_steps_full_house_and_other_reading():
    steps = judge((), cards("KK55P")).steps
    assert steps == (
        Step("tichu.table.lead"),
        Step("tichu.play.full_house", triple=C(KING), pair=C(5)),
        Step("tichu.play.phoenix_as", rank=C(KING)),
        Step("tichu.play.other_readings", others=(C(5),)),
        Step("tichu.reason.lead"),
        Step("tichu.verdict.legal"),
    )
    assert judge(cards("77722"), cards("44499")).steps[-3] == Step("tichu.rule.by_triple")


def test_steps_previous_phoenix_then_dragon():
    assert judge(cards("P"), cards("R")).steps == (
        Step("tichu.table.phoenix_single"),
        Step("tichu.table.phoenix_led"),
        Step("tichu.play.single", card=C(DRAGON)),
        Step("tichu.reason.dragon_beats"),
        Step("tichu.verdict.legal"),
    )


@pytest.mark.parametrize(
    "play, why",
    [
        ("1234", Step("tichu.why.straight_short", length=4)),
        ("23", Step("tichu.why.pair_ranks")),
        ("239", Step("tichu.why.triple_ranks")),
        ("2399", Step("tichu.why.four_cards")),
        ("77723", Step("tichu.why.full_house")),
        ("77775", Step("tichu.why.bomb_alone", rank=C(7))),
        ("2345789", Step("tichu.why.straight_gap", count=1, missing=(C(6),))),
        ("3579P", Step("tichu.why.straight_gap_phoenix", count=3, missing=(C(4), C(6), C(8)))),
        ("23456789JQKA0P", Step("tichu.why.phoenix_range")),
        ("777888", Step("tichu.why.mixed")),
    ],
)
def test_why_not_a_combination(play: str, why: Step):
    verdict = judge((), cards(play))
    assert verdict.reason == "tichu.play.none" and verdict.play is None
    assert verdict.steps[2] == why


# --- Messages ------------------------------------------------------------------------
def test_every_code_has_a_sentence_with_its_parameters():
    from webapp.catalogue import LABELS, MESSAGES
    from webapp.games.tichu.messages import MESSAGES as TICHU_MESSAGES
    from webapp.games.tichu.trick import CODES as ROUND_CODES

    assert set(TICHU_MESSAGES) == set(CODES) | set(ROUND_CODES)
    for code, params in {**CODES, **ROUND_CODES}.items():
        entry = MESSAGES[code]
        texts = entry[:2] if isinstance(entry, tuple) else (entry,)
        for text in texts:
            assert set(re.findall(r"%\((\w+)\)s", text)) == set(params), code
        if isinstance(entry, tuple):
            assert entry[2] in params, code
    for kind in Kind:
        assert kind in LABELS
