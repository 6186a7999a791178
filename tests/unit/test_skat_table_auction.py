"""The Skat auction (ISkO 3.2): middlehand says to forehand, then rearhand to the survivor; the hearer holds at
equal value; a player who passes at once says nothing; forehand may play at 18 after two passes; else thrown in."""

from __future__ import annotations

from itertools import product

import pytest

from webapp.core.steps import NotationError, RuleViolation
from webapp.games.skat.auction import Auction, Bid, Hold, Pass, parse_limits, run_auction
from webapp.games.skat.play import Seat

# The valid bids written out here (ISkO 5.1/5.2: suit and Grand values from 2x upward, and the Null values),
# not taken from the engine.
REFERENCE_BIDS = sorted({base * m for base in (9, 10, 11, 12) for m in range(2, 19)}
                        | {24 * m for m in range(2, 12)} | {23, 35, 46, 59})

LIMITS = (0, 18, 20, 23, 24, 30, 48, 59, 60, 264)


def reference(forehand: int, middlehand: int, rearhand: int) -> tuple[Seat | None, int | None]:
    """An independent auction: each duel as a closed formula over the bids the sayer may say."""
    def duel(sayer: int, hearer: int, reached: int) -> tuple[bool, int]:
        said = [b for b in REFERENCE_BIDS if reached < b <= sayer]
        if not said:
            return False, reached                       # the sayer passes at once
        if hearer >= said[-1]:
            return False, said[-1]                      # the hearer holds every bid: the hearer wins ties
        return True, min(b for b in said if b > hearer)  # the first bid the hearer cannot hold

    middle_wins, bid = duel(middlehand, forehand, 0)
    survivor, survivor_limit = (Seat.MIDDLEHAND, middlehand) if middle_wins else (Seat.FOREHAND, forehand)
    rear_wins, bid = duel(rearhand, survivor_limit, bid)
    if rear_wins:
        return Seat.REARHAND, bid
    if bid:
        return survivor, bid
    return (Seat.FOREHAND, 18) if forehand >= 18 else (None, None)


def test_reference_bids_match_the_count():
    assert len(REFERENCE_BIDS) == 63


@pytest.mark.parametrize("limits", list(product(LIMITS, repeat=3)))
def test_every_combination_against_the_reference(limits):
    """ISkO 3.2 for every combination of limits covering 0, 18, ties and the top bid."""
    result = run_auction(limits)
    assert (result.declarer, result.bid) == reference(*limits)


def test_calls_of_a_whole_auction():
    """ISkO 3.2.3: rearhand continues above the bid reached; the hearer holds at equal value."""
    result = run_auction((20, 18, 22))
    assert [str(c) for c in result.calls] == [
        "middlehand: 18", "forehand: yes", "middlehand: pass",
        "rearhand: 20", "forehand: yes", "rearhand: 22", "forehand: pass"]
    assert (result.declarer, result.bid) == (Seat.REARHAND, 22)


def test_forehand_plays_at_18_or_all_pass():
    """ISkO 3.2.6: after two passes without a bid forehand may play at 18; all pass: thrown in (no Ramsch)."""
    assert [str(c) for c in run_auction((18, 0, 0)).calls] == ["middlehand: pass", "rearhand: pass", "forehand: 18"]
    thrown = run_auction((0, 0, 0))
    assert (thrown.declarer, thrown.bid, len(thrown.calls)) == (None, None, 3)


def test_state_machine_refusals():
    auction = Auction()
    assert auction.to_act is Seat.MIDDLEHAND
    with pytest.raises(RuleViolation):
        auction.apply(Hold())
    with pytest.raises(NotationError):
        auction.apply(Bid(19))
    said = auction.apply(Bid(24))
    assert said.to_act is Seat.FOREHAND and said.legal_actions() == (Hold(), Pass())
    with pytest.raises(RuleViolation):
        said.apply(Bid(27))
    held = said.apply(Hold())
    with pytest.raises(RuleViolation):
        held.apply(Bid(24))
    alone = Auction().apply(Pass()).apply(Pass())
    assert alone.to_act is Seat.FOREHAND and alone.legal_actions() == (Bid(18), Pass())
    with pytest.raises(RuleViolation):
        alone.apply(Bid(20))
    done = alone.apply(Pass())
    assert done.finished and done.declarer is None and done.legal_actions() == ()
    with pytest.raises(RuleViolation):
        done.apply(Pass())


@pytest.mark.parametrize("text", ["18,20", "18,20,19", "a,b,c", "18,20,22,23", "-18,0,0"])
def test_bad_limits(text):
    with pytest.raises(NotationError):
        parse_limits(text)


def test_limits_parse():
    assert parse_limits("0, 18,264") == (0, 18, 264)
