"""The Skat trainer: click up to 10 cards, see the family-rule game value and why.

State lives in the URL (``/skat?hand=JC,JS,...``) so a teacher can share it.
A click submits the form with ``toggle=<card>`` (or ``action=clear|random``);
htmx gets the result panel plus the card grid as an out-of-band swap, a
browser without JavaScript gets a redirect to the canonical URL.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from flask import Blueprint, redirect, request, url_for

from ..rules import skat
from ..rules.steps import RuleInputError, Step
from . import ProblemTracker, is_htmx, page_or_fragment

bp = Blueprint("skat", __name__)


@dataclass
class HandState(ProblemTracker):
    """What the child has built, and the first problem found in the request."""

    cards: list[skat.Card] = field(default_factory=list)


def read_hand(text: str) -> HandState:
    """Parse ``hand=`` leniently: keep every good card, remember the first problem.

    Unknown tokens and duplicates are dropped, cards past the tenth are dropped;
    each answers 400 with a message naming the problem.
    """
    state = HandState()
    for token in skat.split_tokens(text):
        try:
            card = skat.parse_card(token)
        except RuleInputError as error:
            state.fail(error)
            continue
        if card in state.cards:
            state.fail(RuleInputError("skat.error.duplicate", f"duplicate card: {card}", token=token, card=card))
        elif len(state.cards) >= skat.HAND_SIZE:
            state.fail(Step("skat.error.count", count=len(skat.split_tokens(text)), needed=skat.HAND_SIZE))
        else:
            state.cards.append(card)
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
    elif action == "random":
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
        elif len(state.cards) >= skat.HAND_SIZE:
            state.fail(Step("skat.error.full"), status=422)
        else:
            state.cards.append(card)


def hand_url(cards: list[skat.Card]) -> str:
    """The canonical URL of a hand: cards in deck order, comma-separated."""
    ordered = sorted(cards, key=skat.DECK.index)
    return url_for("skat.page", hand=",".join(map(str, ordered))) if ordered else url_for("skat.page")


@bp.get("/skat")
def page():
    """The Skat trainer page, or its result fragment for htmx.

    Query: ``hand`` (cards, comma-separated), ``toggle`` (one card to add or
    remove), ``action`` (``clear`` or ``random``). Status 400 for bad input,
    422 for an eleventh card; the cards already built are kept.
    """
    state = read_hand(request.args.get("hand", ""))
    toggle, action = request.args.get("toggle"), request.args.get("action")
    apply_action(state, toggle, action)
    url = hand_url(state.cards)
    if (toggle or action) and not is_htmx() and state.problem is None:
        return redirect(url, code=303)
    selected = sorted(state.cards, key=skat.DECK.index)
    result = None
    if len(selected) == skat.HAND_SIZE:
        result = skat.family_game_value(selected)
    return page_or_fragment(
        "skat/page.html",
        "skat/_update.html",
        state.status,
        push_url=url,
        game="skat",
        selected=selected,
        hand_text=",".join(map(str, selected)),
        result=result,
        problem=state.problem,
        missing=skat.HAND_SIZE - len(selected),
        suits=skat.SUITS,
        ranks=skat.RANKS,
        card=skat.Card,
    )
