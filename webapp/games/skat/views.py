"""The Skat trainer: click up to 10 cards, see the game value and why.

Two rules, switched in the URL: the family rule of the seed (the default,
``/skat?hand=JC,JS,...``) and the official rules (``/skat?rules=official``),
where the page is a bidding coach: for every game the value before the skat,
the highest safe bid and the bid ladder; the child may also put two cards into
the skat (``skat=JC,7D``; clicks go to the skat while ``target=skat``).

A click submits the form with ``toggle=<card>`` (or ``action=clear|random``);
htmx gets the result panel plus the card grid as an out-of-band swap, a
browser without JavaScript gets a redirect to the canonical URL.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum

from flask import Blueprint, redirect, request, url_for

from webapp.games.skat import rules as skat
from webapp.games.skat import official
from webapp.games.skat.coach import bidding_coach
from webapp.core.steps import RuleInputError, Step
from webapp.core.web import ProblemTracker, is_htmx, page_or_fragment

bp = Blueprint("skat", __name__)


class Rules(StrEnum):
    """Which rules the trainer teaches (the URL's ``rules=``): the seed's family rule or the ISkO."""

    FAMILY = "family"
    OFFICIAL = "official"


class Target(StrEnum):
    """Where a click puts a card in official mode (the URL's ``target=``): the hand or the skat."""

    HAND = "hand"
    SKAT = "skat"


@dataclass
class HandState(ProblemTracker):
    """What the child has built, and the first problem found in the request."""

    cards: list[skat.Card] = field(default_factory=list)
    skat_cards: list[skat.Card] = field(default_factory=list)
    rules: Rules = field(default_factory=lambda: Rules.FAMILY)
    target: Target = field(default_factory=lambda: Target.HAND)


def read_hand(text: str, skat_text: str = "", state: HandState | None = None) -> HandState:
    """Parse ``hand=`` (and ``skat=``) leniently: keep every good card, remember the first problem.

    Unknown tokens and duplicates are dropped, cards past the tenth (past the
    second in the skat) are dropped; each answers 400 with a message naming the problem.
    More tokens than the 32 cards of the deck are refused at once (only the first 32 are read).
    """
    state = state or HandState()
    kinds = ((text, state.cards, skat.HAND_SIZE, "skat.error.count"),
             (skat_text, state.skat_cards, official.SKAT_SIZE, "skat.official.error.skat_count"))
    for text_, cards, size, code in kinds:
        tokens = skat.split_tokens(text_)
        total = len(tokens)
        if total > len(skat.DECK):  # more cards than the deck has: say so, and read no further than a deck
            state.fail(Step(code, count=total, needed=size))
            tokens = tokens[: len(skat.DECK)]
        for token in tokens:
            try:
                card = skat.parse_card(token)
            except RuleInputError as error:
                state.fail(error)
                continue
            if card in state.cards or card in state.skat_cards:
                state.fail(RuleInputError("skat.error.duplicate", f"duplicate card: {card}", token=token, card=card))
            elif len(cards) >= size:
                state.fail(Step(code, count=total, needed=size))
            else:
                cards.append(card)
    return state


def read_options(args) -> HandState:
    """Read ``rules`` and ``target`` (unknown values: 400, the default kept)."""
    state = HandState()
    rules = args.get("rules", Rules.FAMILY)
    target = args.get("set_target") or args.get("target", Target.HAND)
    try:
        state.rules = Rules(rules)
    except ValueError:
        state.fail(Step("web.error.bad_url", detail=f"rules={rules}"))
    try:
        if state.rules is Rules.OFFICIAL:
            state.target = Target(target)
        else:
            Target(target)
    except ValueError:
        state.fail(Step("web.error.bad_url", detail=f"target={target}"))
    return state


def random_hand(rng: random.Random | None = None) -> list[skat.Card]:
    """Deal a random 10-card hand, playable about half of the time.

    Only about 9 % of all hands are playable by the family rule, so a fair deal
    would nearly always say "pass"; this draws deals until it has one of the
    kind chosen by a coin toss (at most 500 draws).
    """
    rng = rng or random.Random()
    playable = rng.random() < 0.5
    for _ in range(500):
        hand = rng.sample(skat.DECK, skat.HAND_SIZE)
        if (skat.family_game_value(hand).value is not None) == playable:
            break
    return hand


def apply_action(state: HandState, toggle: str | None, action: str | None) -> None:
    """Apply one click: ``toggle`` a card in or out, or ``action`` clear/random."""
    if action == "clear":
        state.cards.clear()
        state.skat_cards.clear()
    elif action == "random":
        state.skat_cards.clear()
        state.cards[:] = random_hand()
    elif action:
        state.fail(Step("web.error.bad_url", detail=f"action={action}"))
    if toggle:
        try:
            card = skat.parse_card(toggle)
        except RuleInputError as error:
            state.fail(error)
            return
        if card in state.cards:
            state.cards.remove(card)
        elif card in state.skat_cards:
            state.skat_cards.remove(card)
        elif state.target is Target.SKAT:
            if len(state.skat_cards) >= official.SKAT_SIZE:
                state.fail(Step("skat.error.skat_full"), status=422)
            else:
                state.skat_cards.append(card)
        elif len(state.cards) >= skat.HAND_SIZE:
            state.fail(Step("skat.error.full"), status=422)
        else:
            state.cards.append(card)


def cards_text(cards: list[skat.Card]) -> str:
    """Cards in deck order, comma-separated (the URL form)."""
    return ",".join(str(c) for c in sorted(cards, key=skat.DECK.index))


def hand_url(cards: list[skat.Card], state: HandState | None = None) -> str:
    """The canonical URL of a hand: cards in deck order, comma-separated; official mode adds its state."""
    params = {}
    if cards:
        params["hand"] = cards_text(cards)
    if state is not None and state.rules is Rules.OFFICIAL:
        params["rules"] = Rules.OFFICIAL.value
        if state.skat_cards:
            params["skat"] = cards_text(state.skat_cards)
        if state.target == "skat":
            params["target"] = "skat"
    return url_for("skat.page", **params)


#: How htmx swaps in an answer to a complete hand: the result's heading scrolled to the top of the screen.
SHOW_RESULT = "innerHTML show:#skat-result-title:top"


@bp.get("/skat")
def page():
    """The Skat trainer page, or its result fragment for htmx.

    Query: ``hand`` (cards, comma-separated), ``toggle`` (one card to add or
    remove), ``action`` (``clear`` or ``random``); ``rules`` (``family`` or
    ``official``), and in official mode ``skat`` (two cards), ``target``
    (``hand``/``skat``: where a click puts a card) and ``set_target`` (the
    switch's buttons). Status 400 for bad input, 422 for an eleventh card or a
    third skat card; the cards already built are kept. An htmx click that completes the hand
    answers with ``HX-Reswap`` (:data:`SHOW_RESULT`) so the value arrives on screen.
    """
    state = read_options(request.args)
    read_hand(request.args.get("hand", ""), request.args.get("skat", "") if state.rules is Rules.OFFICIAL else "", state)
    toggle, action = request.args.get("toggle"), request.args.get("action")
    apply_action(state, toggle, action)
    url = hand_url(state.cards, state)
    if (toggle or action or request.args.get("set_target")) and not is_htmx() and state.problem is None:
        return redirect(url, code=303)
    selected = sorted(state.cards, key=skat.DECK.index)
    in_skat = sorted(state.skat_cards, key=skat.DECK.index)
    result = coach = None
    if len(selected) == skat.HAND_SIZE:
        if state.rules is Rules.OFFICIAL:
            coach = bidding_coach(selected, in_skat if len(in_skat) == official.SKAT_SIZE else None)
        else:
            result = skat.family_game_value(selected)
    response = page_or_fragment(
        "skat/page.html",
        "skat/_update.html",
        state.status,
        replace_url=url,  # a click inside the page: Back leaves /skat
        game="skat",
        selected=selected,
        hand_text=",".join(map(str, selected)),
        result=result,
        coach=coach,
        official=state.rules is Rules.OFFICIAL,
        rules_urls={r.value: hand_url(state.cards, HandState(rules=r, skat_cards=state.skat_cards)) for r in Rules},
        in_skat=in_skat,
        skat_text=cards_text(in_skat),
        target=state.target,
        problem=state.problem,
        missing=skat.HAND_SIZE - len(selected),
        suits=skat.SUITS,
        ranks=skat.RANKS,
        card=skat.Card,
    )
    if is_htmx() and (toggle or action == "random") and len(selected) == skat.HAND_SIZE and state.problem is None:
        # the hand is complete: bring the answer on screen (on a phone or tablet it stands after the cards)
        response.headers["HX-Reswap"] = SHOW_RESULT
    return response
