"""The Skat auction (ISkO 3.2) as a frozen state machine, and as a pure function over each seat's limit.

ISkO 3.2: middlehand says bids to forehand (18, 20, 22, 23, ... the valid bids, always higher than the last),
forehand answers "yes" (holds) or passes; then rearhand says bids to the survivor, continuing above the bid
reached. The hearer holds at equal value, so on equal limits the hearer wins. A player who passes at once says
nothing. When middlehand and rearhand both pass without a bid, forehand may play at 18 or pass; when all three
pass, the game is thrown in (no Ramsch: it is not in the ISkO).

>>> result = run_auction((18, 23, 0))
>>> result.declarer.name, result.bid, [str(c) for c in result.calls]
('MIDDLEHAND', 20, ['middlehand: 18', 'forehand: yes', 'middlehand: 20', 'forehand: pass', 'rearhand: pass'])
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from webapp.core.steps import NotationError, RuleViolation
from webapp.games.skat.bids import VALID_BIDS, parse_bid
from webapp.games.skat.play import Seat

__all__ = ["Auction", "AuctionAction", "AuctionResult", "Bid", "Call", "Hold", "Pass", "next_bid", "parse_limits",
           "run_auction"]

FIRST_BID = VALID_BIDS[0]


@dataclass(frozen=True)
class Bid:
    """Say a bid (the sayer), or, as forehand after two passes, play at 18. ``value``: one of the 63 valid bids."""

    value: int


@dataclass(frozen=True)
class Hold:
    """The hearer's "yes": holds the bid just said."""


@dataclass(frozen=True)
class Pass:
    """Pass: leave the auction (a sayer who passes at once says nothing)."""


AuctionAction = Bid | Hold | Pass


@dataclass(frozen=True)
class Call:
    """One call of the auction: ``seat`` said ``word``: a bid (int), ``"yes"`` or ``"pass"``."""

    seat: Seat
    word: int | str

    def __str__(self) -> str:
        """``"middlehand: 18"``, ``"forehand: yes"`` (the CLI's form)."""
        return f"{self.seat.name.lower()}: {self.word}"


def next_bid(bid: int) -> int | None:
    """The lowest valid bid above ``bid`` (0 = nothing said yet -> 18); None above 264."""
    return next((b for b in VALID_BIDS if b > bid), None)


@dataclass(frozen=True)
class Auction:
    """The auction between two calls (ISkO 3.2).

    Attributes:
        bid: the highest bid said so far (0: none).
        sayer: the seat saying bids now (middlehand, then rearhand); None when forehand alone may play at 18.
        hearer: the seat answering (forehand, then the survivor).
        answering: True when the hearer must answer the bid just said (Hold or Pass).
        second_round: True once rearhand says (or has passed).
        calls: every call so far.
        finished: True when the auction is over; ``declarer`` is then the winner or None (thrown in).
        declarer: the seat that won the auction, or None.
    """

    bid: int = 0
    sayer: Seat | None = Seat.MIDDLEHAND
    hearer: Seat = Seat.FOREHAND
    answering: bool = False
    second_round: bool = False
    calls: tuple[Call, ...] = ()
    finished: bool = False
    declarer: Seat | None = None

    @property
    def to_act(self) -> Seat | None:
        """The seat whose call it is, or None when the auction is over."""
        if self.finished:
            return None
        if self.sayer is None or self.answering:
            return self.hearer
        return self.sayer

    def legal_actions(self) -> tuple[AuctionAction, ...]:
        """Every legal call now: a sayer any higher valid bid or Pass; a hearer Hold or Pass; forehand alone
        Bid(18) or Pass; nothing when finished."""
        if self.finished:
            return ()
        if self.sayer is None:
            return (Bid(FIRST_BID), Pass())
        if self.answering:
            return (Hold(), Pass())
        return tuple(Bid(b) for b in VALID_BIDS if b > self.bid) + (Pass(),)

    def apply(self, action: AuctionAction) -> "Auction":
        """The auction after ``action`` by :attr:`to_act`.

        Raises:
            RuleViolation: ``skat.table.error.auction_over``, ``.bid_low`` (not above the bid reached),
                ``.forehand_18`` (forehand alone may only play at 18), ``.not_answer`` (a hearer says a bid),
                ``.no_bid_to_hold`` (Hold without a bid said).
            NotationError: ``skat.official.error.bid`` for a number that is no valid bid.
        """
        if self.finished:
            raise RuleViolation("skat.table.error.auction_over", "the auction is over")
        seat = self.to_act
        assert seat is not None
        calls = self.calls
        if isinstance(action, Bid):
            try:
                value = parse_bid(action.value)
            except NotationError:
                raise
            except ValueError as error:  # RuleInputError of parse_bid: re-raised as a notation error
                raise NotationError(error.step.code, str(error), **error.step.as_dict()) from None
            if self.sayer is None:
                if value != FIRST_BID:
                    raise RuleViolation("skat.table.error.forehand_18", "forehand alone may only play at 18",
                                        bid=value)
                return replace(self, bid=value, calls=calls + (Call(seat, value),), finished=True, declarer=seat)
            if self.answering:
                raise RuleViolation("skat.table.error.not_answer", "the hearer answers yes or pass", seat=seat)
            if value <= self.bid:
                raise RuleViolation("skat.table.error.bid_low", f"{value} is not above the bid {self.bid}",
                                    bid=value, reached=self.bid)
            return replace(self, bid=value, answering=True, calls=calls + (Call(seat, value),))
        if isinstance(action, Hold):
            if not self.answering:
                raise RuleViolation("skat.table.error.no_bid_to_hold", "no bid has been said to hold")
            return replace(self, answering=False, calls=calls + (Call(seat, "yes"),))
        if isinstance(action, Pass):
            calls = calls + (Call(seat, "pass"),)
            if self.sayer is None:
                return replace(self, calls=calls, finished=True, declarer=None)
            survivor = self.sayer if self.answering else self.hearer
            return replace(self, calls=calls, answering=False)._end_round(survivor)
        raise NotationError("skat.table.error.action", f"no auction call: {action!r}", action=repr(action))

    def _end_round(self, survivor: Seat) -> "Auction":
        if not self.second_round:
            return replace(self, sayer=Seat.REARHAND, hearer=survivor, second_round=True)
        if self.bid:
            return replace(self, finished=True, declarer=survivor)
        return replace(self, sayer=None, hearer=Seat.FOREHAND)


@dataclass(frozen=True)
class AuctionResult:
    """The end of an auction: ``declarer`` (None: thrown in), the ``bid`` held (None) and every call."""

    declarer: Seat | None
    bid: int | None
    calls: tuple[Call, ...]


def limit_call(auction: Auction, limit: int) -> AuctionAction:
    """What a player who goes up to ``limit`` (0: pass at once) calls now: the next bid if it is within the
    limit, "yes" to a bid within it, forehand alone 18 when 18 is within it; else Pass."""
    if auction.sayer is None:
        return Bid(FIRST_BID) if limit >= FIRST_BID else Pass()
    if auction.answering:
        return Hold() if auction.bid <= limit else Pass()
    following = next_bid(auction.bid)
    return Bid(following) if following is not None and following <= limit else Pass()


def parse_limits(text: str | Sequence[int | str]) -> tuple[int, int, int]:
    """Read three limits ``"V,M,H"`` (forehand, middlehand, rearhand): each 0 or one of the valid bids.

    Raises:
        NotationError: ``skat.table.error.limits`` (not three numbers), ``skat.official.error.bid`` (no valid bid).
    """
    parts = [p.strip() for p in text.split(",")] if isinstance(text, str) else list(text)
    if len(parts) != 3:
        raise NotationError("skat.table.error.limits", f"give three limits V,M,H, not {len(parts)}",
                            count=len(parts))
    limits = []
    for part in parts:
        if str(part) == "0":
            limits.append(0)
            continue
        try:
            limits.append(parse_bid(part))
        except ValueError as error:
            raise NotationError(error.step.code, str(error), **error.step.as_dict()) from None
    return limits[0], limits[1], limits[2]


def run_auction(limits: Sequence[int]) -> AuctionResult:
    """Run a whole auction where each seat goes up to its limit (forehand, middlehand, rearhand; 0 = pass at once).

    Returns:
        :class:`AuctionResult`.
    """
    auction = Auction()
    while not auction.finished:
        seat = auction.to_act
        assert seat is not None
        auction = auction.apply(limit_call(auction, limits[seat.value]))
    return AuctionResult(auction.declarer, auction.bid or None, auction.calls)
