"""The Tichu trainer: put a play on the table, try yours on top, see the verdict and why.

State lives in the URL in the suited notation (``/tichu?table=44499&play=5g6g7g8g9g``;
an empty table means the player leads), with the situation of the official
rules: ``wish`` (the open Mah Jong wish), ``hand`` (the player's cards, to
check the wish), ``out=1`` (a bomb out of turn), ``reading`` (the rank the
Phoenix stands for, when the play has several readings). Clicks add or remove
one card (``add_table=7g``, ``remove_play=P``) or clear a play (``action=clear_table``).
The page has one picker deck; ``target`` (``table``/``play``, switched by ``set_target``)
says where a tap puts a card, so the deck's buttons send ``add_table`` or ``add_play``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from flask import Blueprint, redirect, request, url_for

from webapp.games.tichu import rules as tichu
from webapp.core.steps import RuleInputError, Step
from webapp.core.web import ProblemTracker, is_htmx, page_or_fragment

bp = Blueprint("tichu", __name__)

PLAYS = ("table", "play")
ACTIONS = frozenset({"clear_table", "clear_play"})
#: The cards offered by the pickers: the real deck, one row a suit, then the special cards.
SUIT_ROWS = tuple((suit, tuple(c for c in tichu.deck() if c.suit is suit)) for suit in tichu.TichuSuit)
SPECIALS = tuple(tichu.parse_card(c) for c in "1RPD")
#: The ranks a Mah Jong wish may name, as written in the notation.
WISHES = tuple(tichu.NATURAL_CHARS)


@dataclass
class PlayState(ProblemTracker):
    """The two plays the child has built, and the first problem found."""

    cards: dict[str, list[tichu.TichuCard]] = field(default_factory=lambda: {p: [] for p in PLAYS})
    wish: int | None = None
    hand: tuple[tichu.TichuCard, ...] | None = None
    out_of_turn: bool = False
    reading: int | None = None
    chosen_target: str | None = None

    @property
    def target(self) -> str:
        """Where a tap on the deck puts a card: ``table`` or ``play`` (as chosen, else :func:`default_target`)."""
        return self.chosen_target or default_target(self)

    def text(self, which: str) -> str:
        return "".join(map(str, self.cards[which]))


def read_cards(tracker: ProblemTracker, text: str) -> Iterator[tichu.TichuCard]:
    """The cards written in ``text``, one at a time; at most :data:`tichu.MAX_CARDS` tokens are read (Tichu
    rulebook: a hand holds 14 cards). Text that is too long and each token that is no card go to ``tracker.fail``
    (the first problem is the one shown); the cards that could be read are still given, so the page keeps them."""
    try:
        tichu.check_text(text)
    except RuleInputError as error:
        tracker.fail(error)
    for token in tichu.tokens(text, limit=tichu.MAX_CARDS):
        try:
            yield tichu.parse_card(token)
        except RuleInputError as error:
            tracker.fail(error)


def read_play(state: PlayState, which: str, text: str) -> None:
    """Parse one play leniently: keep every good card (up to :data:`~webapp.games.tichu.rules.MAX_CARDS`),
    remember the first problem."""
    if text.strip() == "-":
        return
    for card in read_cards(state, text):
        _try_add(state, which, card, status=400)


def _try_add(state: PlayState, which: str, card: tichu.TichuCard, status: int) -> bool:
    """Add ``card`` unless the play is full or the deck has no such card left (then fail: 400 for a full
    play, else ``status``)."""
    try:
        tichu.check_size(len(state.cards[which]) + 1)
    except RuleInputError as error:
        state.fail(error)
        return False
    state.cards[which].append(card)
    try:
        tichu.check_deck(tuple(state.cards["table"]), tuple(state.cards["play"]))
    except RuleInputError as error:
        state.cards[which].pop()
        state.fail(error, status)
        return False
    return True


def apply_clicks(state: PlayState) -> bool:
    """Apply the click in the query string; return True if there was one."""
    clicked = False
    for which in PLAYS:
        add, remove = request.args.get(f"add_{which}"), request.args.get(f"remove_{which}")
        if add:
            clicked = True
            try:
                _try_add(state, which, tichu.parse_card(add), status=422)
            except RuleInputError as error:
                state.fail(error)
        if remove:
            clicked = True
            try:
                card = tichu.parse_card(remove)
            except RuleInputError as error:
                state.fail(error)
            else:
                if card in state.cards[which]:
                    # remove the last copy, so the order the child built stays
                    index = len(state.cards[which]) - 1 - state.cards[which][::-1].index(card)
                    del state.cards[which][index]
    action = request.args.get("action")
    if action:
        clicked = True
        if action in ACTIONS:
            state.cards[action.removeprefix("clear_")].clear()
        else:
            state.fail(Step("web.error.bad_url", detail=f"action={action}"))
    return clicked


def default_target(state: PlayState) -> str:
    """Where a tap goes when the URL does not say: into the play once the table holds cards, else onto the table."""
    return "play" if state.cards["table"] else "table"


def target_param(state: PlayState) -> str | None:
    """The ``target`` the URL and the form carry: only a chosen one that is not the default."""
    return state.chosen_target if state.chosen_target not in (None, default_target(state)) else None


def read_target(state: PlayState) -> bool:
    """Read ``target`` and the switch ``set_target`` (``table``/``play``); return True if the switch was pressed.

    Without either, a tap (``add_table``/``add_play``) says where the child is putting cards.
    An unknown value is reported (400) and the default kept.
    """
    switch = request.args.get("set_target")
    wanted = switch or request.args.get("target") or next((w for w in PLAYS if request.args.get(f"add_{w}")), None)
    if wanted in PLAYS:
        state.chosen_target = wanted
    elif wanted:
        state.fail(Step("web.error.bad_url", detail=f"target={wanted[:20]}"))
    return bool(switch)


def read_situation(state: PlayState) -> None:
    """Read the wish, the hand, out of turn and the declared reading from the query."""
    wish, hand, reading = (request.args.get(k, "").strip() for k in ("wish", "hand", "reading"))
    try:
        state.wish = tichu.parse_wish(wish) if wish else None
    except RuleInputError as error:
        state.fail(error)
    if hand:
        try:
            tichu.check_text(hand)
            state.hand = tichu.parse_play(hand)
        except RuleInputError as error:
            state.fail(error)
    state.out_of_turn = request.args.get("out") == "1"
    try:
        state.reading = tichu.parse_wish(reading) if reading else None
    except RuleInputError as error:
        state.fail(error)


def state_url(state: PlayState) -> str:
    """The canonical URL of the two plays and the situation (empty ones left out)."""
    args = {w: state.text(w) for w in PLAYS if state.cards[w]}
    if state.wish is not None:
        args["wish"] = WISHES[state.wish - 2]
    if state.hand:
        args["hand"] = "".join(map(str, state.hand))
    if state.out_of_turn:
        args["out"] = "1"
    if state.reading is not None:
        args["reading"] = WISHES[state.reading - 2]
    if target_param(state):
        args["target"] = state.target
    return url_for("tichu.page", **args)


@bp.get("/tichu")
def page():
    """The Tichu trainer page, or its result fragment for htmx.

    Query: ``table`` and ``play`` in the suited notation (``-`` or empty: no
    previous play), ``wish``, ``hand``, ``out``, ``reading`` (see the module
    docstring), one click (``add_table``/``add_play``/``remove_table``/
    ``remove_play`` = a card, or ``action=clear_table|clear_play``). Status 400
    for bad input, 422 for a card the deck does not have any more; what the
    child built is kept. ``target``/``set_target`` say where the deck's taps go.
    For htmx the new address replaces the old one (a tap is no step to go Back to).
    """
    state = PlayState()
    for which in PLAYS:
        read_play(state, which, request.args.get(which, ""))
    read_situation(state)
    switched = read_target(state)
    clicked = apply_clicks(state) or switched
    previous, play = tuple(state.cards["table"]), tuple(state.cards["play"])
    choices = tuple(r for r in tichu.readings(play) if r.phoenix_as is not None) if play else ()
    if len(choices) < 2 or all(r.phoenix_as != state.reading for r in choices):
        state.reading = None  # a choice only counts while the play has it (it may have just changed)
    url = state_url(state)
    if clicked and not is_htmx() and state.problem is None:
        return redirect(url, code=303)
    verdict = None
    if state.hand:
        try:  # the hand and the table come from one deck
            tichu.check_deck(previous, state.hand)
        except RuleInputError as error:
            state.fail(error)
    if play and state.problem is None:  # never judge what failed validation
        try:
            verdict = tichu.judge(
                previous, play, wish=state.wish, hand=state.hand, out_of_turn=state.out_of_turn,
                reading=state.reading,
            )
        except RuleInputError as error:
            state.fail(error)
    return page_or_fragment(
        "tichu/page.html",
        "tichu/_update.html",
        state.status,
        replace_url=url,
        game="tichu",
        table=state.cards["table"],
        play=state.cards["play"],
        table_text=state.text("table"),
        play_text=state.text("play"),
        verdict=verdict,
        problem=state.problem,
        suit_rows=SUIT_ROWS,
        specials=SPECIALS,
        wishes=WISHES,
        wish=WISHES[state.wish - 2] if state.wish is not None else "",
        hand_text="".join(map(str, state.hand or ())),
        out_of_turn=state.out_of_turn,
        choices=tuple((WISHES[r.phoenix_as - 2], tichu.TichuCard(r.phoenix_as), r) for r in choices)
        if len(choices) > 1 else (),
        reading=state.reading,
        target=state.target,
        target_param=target_param(state),
        used={**{c: "table" for c in state.cards["table"]}, **{c: "play" for c in state.cards["play"]}},
    )
