"""Render explanation steps and input errors in the reader's language.

One renderer serves the pages (HTML, with cards drawn as small card chips) and the CLI (plain text).
Both look the sentence up in the app's :class:`Catalogue` (built by :mod:`webapp.catalogue` from the game
registry), translate it with Flask-Babel (an app context is needed) and fill its named placeholders with
the step's typed parameters. Cards are drawn by their game's *look* module (a card type -> the module that
names and draws it), so this module knows no game.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType, ModuleType
from typing import Any, Hashable, Iterable, Mapping

from flask import Flask, current_app
from flask_babel import format_decimal, get_locale, get_translations
from markupsafe import Markup, escape

from webapp.core.i18n import elide
from webapp.core.kept import SharedRender
from webapp.core.markers import NC_, N_
from webapp.core.steps import RuleInputError, Step

#: The letters printed on the court cards of a French-suited deck (Skat and poker share them):
#: German decks print B (Bube) and D (Dame) where English ones print J and Q.
FACE_LETTERS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "A": NC_("card letter", "A"),
    "K": NC_("card letter", "K"),
    "Q": NC_("card letter", "Q"),
    "J": NC_("card letter", "J"),
})

#: How a card's full name is built from its rank's and suit's names: "Jack of Clubs" ("Kreuz-Bube" in German).
CARD_NAME = N_("%(rank)s of %(suit)s")

_EXTENSION = "kartenschule.catalogue"
_RENDERED = "kartenschule.rendered_steps"
#: How many rendered steps an app keeps (each a sentence of a few hundred bytes; the least recently used goes first).
RENDERED_MAX = 4096


@dataclass(frozen=True)
class Catalogue:
    """Everything the renderer looks up: sentences, enum labels and the card looks.

    Attributes:
        messages: step code -> English sentence, ``(singular, plural, count)`` triple (``NP_``).
        labels: enum member -> its name: a text, or a ``(context, text)`` pair (``NC_``).
        looks: card type -> the look module that names and draws cards of that type
            (``card_name(card) -> str``, ``card_face(card) -> CardFace``).
    """

    messages: Mapping[str, Any]
    labels: Mapping[Any, Any]
    looks: Mapping[type, ModuleType]


@dataclass(frozen=True)
class CardFace:
    """How one card is drawn: the big rank text, the suit symbol, and small notes.

    Attributes:
        kind: the CSS family of the card (``"skat"``, ``"poker"``, ``"tichu"``): ``skat-face``, ``chip-skat``.
        css: the classes that colour the card (``"suit-C"``, ``"t-natural t-suit-g"``).
        rank: the big text in the corner (``"B"``, ``"10"``, ``"1"``); empty when ``special`` replaces it.
        suit: the suit symbol (``"♣"``) or empty.
        note: a small text under the rank (a Tichu suit's name, a special card's letter or name).
        note_css: extra class of the note (``" card-suit-name"``).
        special: the name written on a special card instead of a rank (the Tichu Dragon).
        picture: the name of the picture drawn on a special card (``"dragon"``: CSS class ``pic-dragon``), or empty.
    """

    kind: str
    css: str
    rank: str = ""
    suit: str = ""
    note: str = ""
    note_css: str = ""
    special: str = ""
    picture: str = ""

    @property
    def chip_text(self) -> str:
        """The text of a small inline chip: the special card's name, else rank and suit (``"B♣"``)."""
        return self.special or f"{self.rank}{self.suit}"


def catalogue() -> Catalogue:
    """The current app's catalogue (set by :func:`init_app`).

    Raises:
        RuntimeError: outside an app context.
    """
    return current_app.extensions[_EXTENSION]


def gettext(text: str) -> str:
    """Translate ``text`` into the reader's language."""
    return get_translations().ugettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a plural pair for the count ``n``."""
    return get_translations().ungettext(singular, plural, n)


def pgettext(context: str, text: str) -> str:
    """Translate a short ``text`` whose meaning depends on ``context``."""
    return get_translations().upgettext(context, text)


def label(member: Enum) -> str:
    """Return the translated name of an enum member listed in the catalogue's labels.

    A label is a plain text, or a ``(context, text)`` pair (marked with ``NC_``) where the same English
    word means different things in different games.

    Raises:
        KeyError: when the member has no label (a missing translation entry).
    """
    text = catalogue().labels[member]
    if isinstance(text, tuple):
        return pgettext(*text)
    return gettext(text)


def face_letter(letter: str) -> str:
    """A court card's letter in the reader's language (``"J"`` -> ``"B"`` in German); others unchanged."""
    entry = FACE_LETTERS.get(letter)
    return letter if entry is None else pgettext(*entry)


def _look(card: Any) -> ModuleType | None:
    return catalogue().looks.get(type(card))


def is_card(value: Any) -> bool:
    """True when ``value`` is a card of a registered game."""
    return _look(value) is not None


def card_name(card: Any) -> str:
    """Return a card's full translated name, e.g. "Jack of Clubs" / "Kreuz-Bube".

    Raises:
        KeyError: ``card`` is no card of a registered game.
    """
    look = _look(card)
    if look is None:
        raise KeyError(type(card).__name__)
    return elide(look.card_name(card))


def card_face(card: Any) -> CardFace:
    """How ``card`` is drawn (see :class:`CardFace`), from its game's look."""
    return catalogue().looks[type(card)].card_face(card)


def card_chip(card: Any) -> Markup:
    """Return a small inline card picture (HTML) with the card's name for screen readers."""
    name = card_name(card)
    face = card_face(card)
    picture = Markup('<span class="chip-pic pic-{}"></span>').format(face.picture) if face.picture else ""
    return Markup('<span class="{}" role="img" aria-label="{}" title="{}">{}{}</span>').format(
        f"chip chip-{face.kind} {face.css}", name, name, picture, face.chip_text
    )


def decimal(value: float) -> str:
    """A number with one decimal in the reader's language: 254.6 / 254,6."""
    return format_decimal(value, format="#,##0.0")


def format_param(value: Any, html: bool) -> Any:
    """Format one step parameter as text, or as :class:`Markup` when ``html``."""
    if is_card(value):
        return card_chip(value) if html else card_name(value)
    if isinstance(value, Step):  # a nested sentence, e.g. a showdown's reason, a quiz field name
        return render_step(value, html)
    if isinstance(value, float):
        text = decimal(value)
    elif isinstance(value, Enum) and value in catalogue().labels:
        text = label(value)
    elif isinstance(value, tuple):
        parts = [format_param(v, html) for v in value]
        if html:
            if value and all(is_card(v) for v in value):
                return Markup(" ").join(parts)
            return Markup(", ").join(parts)
        return ", ".join(str(p) for p in parts)
    else:
        text = str(value)
    return escape(text) if html else text


def _template(step: Step) -> str:
    entry = catalogue().messages[step.code]
    if isinstance(entry, tuple):
        singular, plural, count = entry
        return ngettext(singular, plural, int(step[count]))
    return gettext(entry)


def render_step(step: Step, html: bool = True) -> Any:
    """Render one step: :class:`Markup` when ``html`` (cards as chips), else ``str``; in the reader's language,
    with its elision where a name was put in (:func:`webapp.core.i18n.elide`).

    A step is rendered once per language and form in each app and kept (at most :data:`RENDERED_MAX`): a step is
    immutable, and its sentence depends on nothing else. Thirty tablets that see the same explanation, or a
    class's many different answers explained by the same steps, do not translate and format it again. The key
    names each parameter's type (:func:`_kept_as`), not only its value: ``1 == 1.0 == True`` would let a step
    with the parameter ``1`` answer for one with ``1.0`` (printed "1,0").

    Raises:
        KeyError: the step's code has no sentence in the catalogue.
    """
    key = (str(get_locale()), html, _kept_as(step))
    try:
        hash(key)
    except TypeError:  # a parameter that cannot be hashed (a Step's should be): rendered each time, not kept
        return _render_step(step, html)
    return current_app.extensions[_RENDERED].get(key, lambda: _render_step(step, html))


def _kept_as(value: Any) -> Hashable:
    """A step or parameter as the key of its kept sentence: each value with its type (equal values of two types,
    such as ``1`` and ``1.0``, an ``IntEnum`` member and its number, or two games' enums with the same name, are
    printed differently)."""
    if isinstance(value, Step):
        return value.code, tuple((name, _kept_as(v)) for name, v in value.params)
    if type(value) is tuple:  # a subclass (a named tuple) is kept with its type, as any other value
        return tuple(_kept_as(v) for v in value)
    return type(value), value


def _render_step(step: Step, html: bool) -> Any:
    template = _template(step)
    params = {name: format_param(value, html) for name, value in step.params}
    if html:
        return elide(Markup(escape(template)) % params)
    return elide(template % params)


def render_steps(steps: Iterable[Step], html: bool = True) -> list[Any]:
    """Render a sequence of steps in order (see :func:`render_step`)."""
    return [render_step(s, html) for s in steps]


def render_error(error: RuleInputError, html: bool = True) -> Any:
    """Render an input error's message in the reader's language."""
    return render_step(error.step, html)


def init_app(app: Flask, catalogue_: Catalogue, template_globals: Mapping[str, Any]) -> None:
    """Keep ``catalogue_`` on the app and make the renderers (and the games' helpers) template globals."""
    app.extensions[_EXTENSION] = catalogue_
    app.extensions[_RENDERED] = SharedRender(RENDERED_MAX)
    app.jinja_env.globals.update(
        render_step=render_step,
        render_steps=render_steps,
        card_name=card_name,
        card_chip=card_chip,
        card_face=card_face,
        label=label,
        decimal=decimal,
        **template_globals,
    )
