"""Extraction markers: texts are marked here and translated when rendered (:mod:`webapp.core.explain`)."""

from __future__ import annotations


def N_(text: str) -> str:
    """Mark ``text`` for extraction; it is translated when rendered."""
    return text


def NP_(singular: str, plural: str, count: str) -> tuple[str, str, str]:
    """Mark a plural pair; ``count`` names the placeholder that picks the form."""
    return (singular, plural, count)


def NC_(context: str, text: str) -> tuple[str, str]:
    """Mark a short text whose translation depends on ``context`` (pgettext)."""
    return (context, text)
