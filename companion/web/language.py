"""This request's language: the page's language code, ``gettext`` with plurals for the rules engines' lines and
refusals, and log sentences rendered in it. Every blueprint (and the shared error pages) uses these."""

from __future__ import annotations

from flask_babel import get_locale, get_translations, gettext

from ..game.spine.command import Invalid
from ..game.spine.sentences import render_sentence


def current_lang() -> str:
    """The page's language code ("en" or "de")."""
    loc = get_locale()
    return loc.language if loc else "en"


def nplural(singular: str, plural: str, n) -> str:
    return get_translations().ngettext(singular, plural, n if isinstance(n, int) else 2)


def ui_gettext(message: str) -> str:
    """``gettext`` of this request that also carries ``ngettext``, so that explanation lines and refusals with a
    count (``Tn``, ``InvalidN``) choose their plural form in the page's language."""
    return gettext(message)


ui_gettext.ngettext = nplural  # type: ignore[attr-defined]


def invalid_text(err: Invalid) -> str:
    """An ``Invalid`` in this request's language."""
    return err.translated(ui_gettext, current_lang())


def render_sentence_here(s: dict) -> str:
    """A log sentence in this request's language, plurals through ngettext ("1 Wound card", "2 Wound cards")."""
    return render_sentence(s, gettext, current_lang(), nplural)
