"""Explanation lines that pages can show translated, while staying plain English strings everywhere else.

A rules engine writes ``T(N_("Rulebook, Block phase 6a: %(enemy)s is Swift, block needs twice its attack: %(n)d"),
enemy=Name(e.name, e.name_de), n=10)``. The result IS a ``str`` (the English sentence), so traces keep working as
tuples of strings, in JSON answers and in tests; a page shows ``line|tr`` (see companion.web.common), which looks
up the msgid in the German catalog and fills in the arguments, with game names in the page's language.

Arguments may be plain values, ``Name`` (a name with its German form), ``Term`` (a game term: a msgid itself, such
as an element or an ability), or other ``T`` lines. Lines that were stored as JSON come back with ``to_json()`` /
``from_json()``. Pure Python: no Flask here.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping


def N_(message: str) -> str:
    """Mark a msgid for extraction (translated when shown)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for extraction (shown through ``ngettext``: companion.game.spine.sentences.plural_sentence)."""
    return singular, plural


class Name(str):
    """A proper name from the rules data (an enemy, a unit, a hero) with its German form."""

    def __new__(cls, en: str, de: str | None = None):
        obj = super().__new__(cls, en)
        obj.de = de or en
        return obj

    def __reduce__(self):
        return (Name, (str(self), self.de))

    def in_language(self, lang: str) -> str:
        return self.de if lang == "de" else str(self)


class Term(str):
    """A game term that is itself a msgid (an element, an ability, a phase): translated when shown."""

    def __reduce__(self):
        return (Term, (str(self),))


_FORMAT_WIDTH = re.compile(r"%(\([^)]*\))?[-#0 +]*(\d{3,}|\*|\.\d{3,}|\.\*)")
# the conversions the app's sentences and lines use (``%(n)d``, ``%(name)s``, ``%(x).1f``, ``%%``); any other (``%c``
# of a huge number, ``%(n)x``) or a huge width (``%(x)999999999d``) is a damaged file, never formatted
_CONVERSION = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d{0,2}(?:\.\d{0,2})?([a-zA-Z%]?)")
# what formatting stored text with unfit arguments can raise
UNFIT = (KeyError, TypeError, ValueError, OverflowError, IndexError, AttributeError)


def format_ok(msg: str) -> bool:
    """A stored message the app may format: only its own conversions, no huge widths."""
    return not _FORMAT_WIDTH.search(msg) and all(c in ("s", "d", "i", "f", "%") for c in _CONVERSION.findall(msg))


class T(str):
    """One explanation line: English text that also carries its msgid and arguments."""

    def __new__(cls, msgid: str, **args: Any):
        obj = super().__new__(cls, msgid % args if args else msgid)
        obj.msgid = msgid
        obj.args = args
        return obj

    def __reduce__(self):
        return (_rebuild, (self.msgid, self.args))

    def translated(self, gettext: Callable[[str], str], lang: str = "en") -> str:
        args = {k: render_arg(v, gettext, lang) for k, v in self.args.items()}
        try:
            return gettext(self.msgid) % args if args else gettext(self.msgid)
        except UNFIT:
            return str(self)

    def to_json(self) -> dict:
        return {"msg": self.msgid, "args": {k: arg_to_json(v) for k, v in self.args.items()}}


def plural_form(singular: str, plural: str, n: Any, gettext: Callable[[str], str]) -> str:
    """The translated form of a plural pair for the count ``n``: ``gettext.ngettext`` when the translate function
    carries one (the web layer's does), otherwise the English rule."""
    ngettext = getattr(gettext, "ngettext", None)
    count = n if isinstance(n, int) and not isinstance(n, bool) else 2
    if ngettext is not None:
        return ngettext(singular, plural, count)
    return singular if count == 1 else plural


class Tn(T):
    """An explanation line whose wording depends on a count ("1 Wound", "2 Wounds"): the English form chosen by
    ``args[count]``; shown through ngettext in the page's language. Mark the pair with ``Nn_``-style extraction:
    ``Tn("%(n)d Wound", "%(n)d Wounds", "n", n=2)``."""

    def __new__(cls, singular: str, plural: str, count: str = "n", **args: Any):
        n = args.get(count)
        english = singular if n == 1 else plural
        obj = str.__new__(cls, english % args if args else english)
        obj.msgid = singular
        obj.plural = plural
        obj.count = count
        obj.args = args
        return obj

    def __reduce__(self):
        return (_rebuild_n, (self.msgid, self.plural, self.count, self.args))

    def translated(self, gettext: Callable[[str], str], lang: str = "en") -> str:
        args = {k: render_arg(v, gettext, lang) for k, v in self.args.items()}
        try:
            return plural_form(self.msgid, self.plural, self.args.get(self.count), gettext) % args
        except (KeyError, TypeError, ValueError):
            return str(self)

    def to_json(self) -> dict:
        return {**super().to_json(), "plural": self.plural, "count": self.count}


def _rebuild(msgid: str, args: dict) -> "T":
    return T.__new__(T, msgid, **args)


def _rebuild_n(singular: str, plural: str, count: str, args: dict) -> "Tn":
    return Tn.__new__(Tn, singular, plural, count, **args)


def render_arg(value: Any, gettext: Callable[[str], str], lang: str) -> Any:
    if isinstance(value, T):
        return value.translated(gettext, lang)
    if isinstance(value, Name):
        return value.in_language(lang)
    if isinstance(value, Term):
        return gettext(str(value))
    if isinstance(value, (list, tuple)):
        return ", ".join(str(render_arg(v, gettext, lang)) for v in value)
    return value


def arg_to_json(value: Any) -> Any:
    if isinstance(value, T):
        return {"$t": value.to_json()}
    if isinstance(value, Name):
        return {"$name": [str(value), value.de]}
    if isinstance(value, Term):
        return {"$term": str(value)}
    if isinstance(value, (list, tuple)):
        return [arg_to_json(v) for v in value]
    return value


def arg_from_json(value: Any) -> Any:
    if isinstance(value, dict):
        if "$t" in value:
            return from_json(value["$t"])
        if "$name" in value:
            return Name(*value["$name"])
        if "$term" in value:
            return Term(value["$term"])
    if isinstance(value, list):
        return [arg_from_json(v) for v in value]
    return value


def from_json(data: Mapping[str, Any] | str) -> str:
    """A line stored with ``to_json()`` (or a plain string, returned as it is). Never raises: a stored line this
    version cannot format (a game file edited by hand) comes back as its message text."""
    try:
        return _from_json(data)
    except (RecursionError, *UNFIT):
        msg = data.get("msg") if isinstance(data, Mapping) else data
        return msg if isinstance(msg, str) else str(msg)


def _formattable(data: Mapping[str, Any]) -> bool:
    texts = (data.get("msg", ""), data.get("plural") or "")
    return all(isinstance(t, str) and format_ok(t) for t in texts) and isinstance(data.get("args") or {}, Mapping)


def _from_json(data: Mapping[str, Any] | str) -> str:
    if isinstance(data, Mapping) and not _formattable(data):
        raise ValueError("a line this version cannot format")
    if isinstance(data, Mapping) and "msg" in data and isinstance(data.get("plural"), str):
        return _rebuild_n(data["msg"], data["plural"], str(data.get("count") or "n"),
                          {k: arg_from_json(v) for k, v in (data.get("args") or {}).items()})
    if isinstance(data, Mapping) and "msg" in data:
        return _rebuild(data["msg"], {k: arg_from_json(v) for k, v in (data.get("args") or {}).items()})
    return data if isinstance(data, str) else str(data)


def translate_line(line: Any, gettext: Callable[[str], str], lang: str = "en") -> str:
    """What a page shows for one explanation line in its language (a stored line this version cannot format: its
    text, see ``from_json``)."""
    if isinstance(line, Mapping) and "msg" in line:
        line = from_json(line)
    if isinstance(line, T):
        return line.translated(gettext, lang)
    if isinstance(line, Name):
        return line.in_language(lang)
    if isinstance(line, Term):
        return gettext(str(line))
    return str(line)
