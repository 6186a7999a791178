"""Render explanation steps and input errors in the reader's language.

One renderer serves the pages (HTML, with cards drawn as small card chips) and
the CLI (plain text). Both look the sentence up in :data:`webapp.catalogue.MESSAGES`,
translate it with Flask-Babel (an app context is needed) and fill its named
placeholders with the step's typed parameters.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Iterable

from flask_babel import format_decimal, get_translations
from markupsafe import Markup, escape

from webapp.catalogue import LABELS, MESSAGES, SKAT_CARD_NAME, SKAT_RANK_LETTERS, TICHU_CARD_NAMES, TICHU_SUIT_FACES, TICHU_SUITED_NAME
from webapp.games.pokerface import rules as pokerface
from webapp.games.skat import rules as skat
from webapp.games.tichu import rules as tichu
from webapp.core.steps import RuleInputError, Step


def _gettext(text: str) -> str:
    return get_translations().ugettext(text)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return get_translations().ungettext(singular, plural, n)


def label(member: Enum) -> str:
    """Return the translated name of an enum member listed in ``LABELS``.

    A label is a plain text, or a ``(context, text)`` pair (marked with ``NC_``)
    where the same English word means different things in different games.

    Raises:
        KeyError: when the member has no label (a missing translation entry).
    """
    text = LABELS[member]
    if isinstance(text, tuple):
        return get_translations().upgettext(*text)
    return _gettext(text)


def rank_letter(rank: skat.Rank) -> str:
    """The rank as printed on a Skat card in the reader's language (``B`` for Bube in German)."""
    if rank in SKAT_RANK_LETTERS:
        return get_translations().upgettext(*SKAT_RANK_LETTERS[rank])
    return rank.label


def skat_game_name(game: Enum, hand: bool = False, ouvert: bool = False) -> str:
    """An official Skat game's name: "Clubs", "Grand", "Null Ouvert Hand" (the Null variants read the same in German)."""
    if game.value == "null":
        return " ".join([label(game)] + ["Ouvert"] * ouvert + ["Hand"] * hand)
    return label(game)


def card_name(card: Any) -> str:
    """Return a card's full translated name, e.g. "Jack of Clubs" / "Kreuz-Bube"."""
    if isinstance(card, (skat.Card, pokerface.Card)):
        return _gettext(SKAT_CARD_NAME) % {"rank": label(card.rank), "suit": label(card.suit)}
    rank = _gettext(TICHU_CARD_NAMES[card.rank]) if card.rank in TICHU_CARD_NAMES else str(card.rank)
    if card.suit is not None:
        return _gettext(TICHU_SUITED_NAME) % {"rank": rank, "suit": label(card.suit)}
    return rank


#: Poker's face cards print the same letters as Skat's (German decks: B for Bube, D for Dame).
_POKER_FACES = {pokerface.Rank.ACE: skat.Rank.ACE, pokerface.Rank.KING: skat.Rank.KING,
                pokerface.Rank.QUEEN: skat.Rank.QUEEN, pokerface.Rank.JACK: skat.Rank.JACK}


def poker_rank(rank: pokerface.Rank) -> str:
    """The rank as printed on a poker card in the reader's language: ``2``-``10``, ``J``/``B``, ``Q``/``D``, ``K``, ``A``."""
    face = _POKER_FACES.get(rank)
    return rank.label if face is None else rank_letter(face)


#: Short labels drawn on the special Tichu cards (the rank letter is not enough for a child).
_TICHU_FACES = {tichu.DOG: "D", tichu.MAH_JONG: "1", tichu.PHOENIX: "P", tichu.DRAGON: "R", tichu.TEN: "10"}
_TICHU_CLASSES = {tichu.DOG: "t-dog", tichu.MAH_JONG: "t-mahjong", tichu.PHOENIX: "t-phoenix", tichu.DRAGON: "t-dragon"}


def tichu_face(card: tichu.TichuCard) -> str:
    """The big character on a Tichu card: ``2``..``10``, ``J Q K A``, ``1``, ``R``, ``P``, ``D``."""
    return _TICHU_FACES.get(card.rank, str(card).upper()[:1])


def tichu_suit_face(card: tichu.TichuCard) -> str:
    """The suit's name printed small on a suited Tichu card ("Star"); empty for the special cards."""
    return _gettext(TICHU_SUIT_FACES[card.suit]) if card.suit is not None else ""


def tichu_class(card: tichu.TichuCard) -> str:
    """The CSS classes that colour a Tichu card (a suited card also gets ``t-suit-g`` etc.)."""
    if card.suit is not None:
        return f"t-natural t-suit-{card.suit.value}"
    return _TICHU_CLASSES.get(card.rank, "t-natural")


def card_chip(card: Any) -> Markup:
    """Return a small inline card picture (HTML) with the card's name for screen readers."""
    name = card_name(card)
    if isinstance(card, skat.Card):
        face = f"{rank_letter(card.rank)}{card.suit.symbol}"
        css = f"chip chip-skat suit-{card.suit.value}"
    elif isinstance(card, pokerface.Card):
        face = f"{poker_rank(card.rank)}{card.suit.symbol}"
        css = f"chip chip-poker suit-{card.suit.value}"
    else:
        face = name if card.is_special and card.rank != tichu.MAH_JONG else tichu_face(card)
        css = f"chip chip-tichu {tichu_class(card)}"
    return Markup('<span class="{}" role="img" aria-label="{}" title="{}">{}</span>').format(
        css, name, name, face
    )


def decimal(value: float) -> str:
    """A number with one decimal in the reader's language: 254.6 / 254,6."""
    return format_decimal(value, format="#,##0.0")


def _is_card(value: Any) -> bool:
    return isinstance(value, (skat.Card, tichu.TichuCard, pokerface.Card))


def format_param(value: Any, html: bool) -> Any:
    """Format one step parameter as text, or as :class:`Markup` when ``html``."""
    if _is_card(value):
        return card_chip(value) if html else card_name(value)
    if isinstance(value, Step):  # a nested sentence, e.g. a showdown's reason, a quiz field name
        return render_step(value, html)
    if isinstance(value, float):
        text = decimal(value)
    elif isinstance(value, Enum) and value in LABELS:
        text = label(value)
    elif isinstance(value, tuple):
        parts = [format_param(v, html) for v in value]
        if html:
            if value and all(_is_card(v) for v in value):
                return Markup(" ").join(parts)
            return Markup(", ").join(parts)
        return ", ".join(str(p) for p in parts)
    else:
        text = str(value)
    return escape(text) if html else text


def _template(step: Step) -> str:
    entry = MESSAGES[step.code]
    if isinstance(entry, tuple):
        singular, plural, count = entry
        return _ngettext(singular, plural, int(step[count]))
    return _gettext(entry)


def render_step(step: Step, html: bool = True) -> Any:
    """Render one step: :class:`Markup` when ``html`` (cards as chips), else ``str``.

    Raises:
        KeyError: the step's code has no sentence in ``MESSAGES``.
    """
    template = _template(step)
    params = {name: format_param(value, html) for name, value in step.params}
    if html:
        return Markup(escape(template)) % params
    return template % params


def render_steps(steps: Iterable[Step], html: bool = True) -> list[Any]:
    """Render a sequence of steps in order (see :func:`render_step`)."""
    return [render_step(s, html) for s in steps]


def render_error(error: RuleInputError, html: bool = True) -> Any:
    """Render an input error's message in the reader's language."""
    return render_step(error.step, html)


def init_app(app) -> None:
    """Make the renderers available in every template."""
    app.jinja_env.globals.update(
        render_step=render_step,
        render_steps=render_steps,
        card_name=card_name,
        card_chip=card_chip,
        skat_game_name=skat_game_name,
        label=label,
        rank_letter=rank_letter,
        tichu_face=tichu_face,
        tichu_class=tichu_class,
        tichu_suit_face=tichu_suit_face,
        poker_rank=poker_rank,
        hand_step=pokerface.hand_step,
        decimal=decimal,
    )
