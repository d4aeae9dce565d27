"""The one parsing layer for every field of a form, a command, a JSON API body and an imported file: plain values
in, checked values out. Every refusal is ``Invalid`` (``companion.game.spine.invalid``) with a translatable reason
naming the field; nothing else parses a field.

Two families share the checks. ``whole``, ``between``, ``choice``, ``text``, ``flag``, ``yes``, ``many``, ``ident``,
``player_index``, ``colour``, ``enemy_token`` and ``unit_kind`` read a form mapping or a command's data, where a
number may come as text (``"5"``). ``json_whole``, ``json_flag``, ``json_text``, ``json_object``, ``json_list``,
``json_colour``, ``json_id`` and ``known_fields`` read a value of a JSON API body, where a number must be a JSON
number and a yes or no a JSON boolean. A whole number is an ``int`` (never a ``bool``) or a string of ASCII digits with an
optional leading minus sign: ``1.9``, ``true``, ``"1_000"``, ``"1e999"``, ``"Infinity"`` and non-ASCII digits are
refused, never coerced. Every refusal is ``Invalid`` with a translatable reason naming the field. No Flask.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from ...rules.data import get_rules
from ...rules.text import N_
from .invalid import Invalid, term

_DIGITS = re.compile(r"-?[0-9]{1,9}")  # ASCII only (re's [0-9] does not match other scripts' digits)
MAX_TEXT = 200  # characters in a free-text field unless a field says otherwise
LARGEST = 10**9  # no count at a Mage Knight table comes near this
MAX_ID = 64  # characters in an id (enemy, unit, hero, scenario)

_MISSING = object()


def whole(data: Mapping[str, Any], name: str, *, default: Any = _MISSING, lo: int | None = None,
          hi: int | None = None, label: str | None = None) -> int:
    """The whole number in ``data[name]``; ``default`` when absent or empty (else a refusal)."""
    raw = data.get(name) if hasattr(data, "get") else None
    if raw is None or raw == "":
        if default is _MISSING or default is None:
            raise Invalid(N_("%(field)s is missing."), field=label or name)
        return default
    return whole_value(raw, label or name, lo=lo, hi=hi)


def whole_value(raw: Any, field: str, *, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number from one raw value (see the module's docstring for what counts)."""
    if isinstance(raw, bool):
        raise Invalid(N_("%(field)s must be a whole number, not %(value)s."), field=field, value=str(raw).lower())
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str) and _DIGITS.fullmatch(raw.strip()):
        value = int(raw.strip())
    else:
        raise Invalid(N_("%(field)s must be a whole number, not %(value)s."), field=field, value=shown(raw))
    if abs(value) > LARGEST:
        raise Invalid(N_("%(field)s is too large."), field=field)
    if lo is not None and value < lo:
        raise Invalid(N_("%(field)s must be at least %(lo)d."), field=field, lo=lo)
    if hi is not None and value > hi:
        raise Invalid(N_("%(field)s must be at most %(hi)d."), field=field, hi=hi)
    return value


def between(data: Mapping[str, Any], name: str, lo: int, hi: int, *, default: Any = _MISSING,
            label: str | None = None, shown_as: str | None = None) -> int:
    """A whole number from ``lo`` to ``hi``, a refusal naming both ends; ``default`` when absent or blank.
    ``label`` names the field (a msgid, translated when shown); ``shown_as``: a name shown as it is."""
    field = shown_as or (term(label) if label else name)
    return between_value(data.get(name), field, lo, hi, default=default)


def between_value(raw: Any, field: Any, lo: int, hi: int, *, default: Any = _MISSING) -> int:
    """``between`` for one raw value; ``field`` is the name shown in a refusal (text or ``term(msgid)``)."""
    if raw is None or (isinstance(raw, str) and raw.strip() == ""):
        if default is _MISSING or default is None:
            raise Invalid(N_("%(field)s is missing."), field=field)
        return default
    value = whole_value(raw, field)
    if not lo <= value <= hi:
        raise Invalid(N_("%(field)s must be between %(lo)d and %(hi)d."), field=field, lo=lo, hi=hi)
    return value


def choice(data: Mapping[str, Any], name: str, choices: Iterable[Any], *, default: Any = _MISSING,
           label: str | None = None) -> Any:
    """One of ``choices`` (compared exactly: a list or a number is never a choice among strings)."""
    options = list(choices)
    raw = data.get(name) if hasattr(data, "get") else None
    if (raw is None or raw == "") and default is not _MISSING:
        return default
    if not isinstance(raw, (str, int)) or isinstance(raw, bool) or raw not in options:
        raise Invalid(N_("%(field)s must be one of: %(choices)s."), field=label or name,
                      choices=", ".join(map(str, options))[:300])
    return raw


def filter_value(raw: Any, name: str, allowed: Iterable[str]) -> str:
    """A filter of a list page's query string: '' (no filter) or one of ``allowed``."""
    options = list(allowed)
    value = raw.strip() if isinstance(raw, str) else ""
    if value and value not in options:
        raise Invalid(N_("Unknown value %(value)s for %(name)s. Choose one of: %(allowed)s."),
                      value=repr(value)[:60], name=name, allowed=", ".join(options)[:300])
    return value


def text(data: Mapping[str, Any], name: str, *, default: Any = _MISSING, max_len: int = MAX_TEXT,
         label: str | None = None) -> str:
    """A free-text field: a string, stripped, at most ``max_len`` characters, no lone surrogates or control
    characters."""
    raw = data.get(name) if hasattr(data, "get") else None
    if raw is None or raw == "":
        if default is _MISSING:
            raise Invalid(N_("%(field)s is missing."), field=label or name)
        return default
    return text_value(raw, label or name, max_len=max_len)


def text_value(raw: Any, field: str, *, max_len: int = MAX_TEXT) -> str:
    if not isinstance(raw, str):
        raise Invalid(N_("%(field)s must be text."), field=field)
    value = raw.strip()
    if len(value) > max_len:
        raise Invalid(N_("%(field)s is too long (at most %(n)d characters)."), field=field, n=max_len)
    if any(0xD800 <= ord(c) <= 0xDFFF or (ord(c) < 32 and c not in "\t\n\r") for c in value):
        raise Invalid(N_("%(field)s contains characters that cannot be stored."), field=field)
    return value


def flag(data: Mapping[str, Any], name: str, *, default: bool = False) -> bool:
    """A checkbox or a JSON boolean: true/false, "1"/"0", "on", "true"/"false"; absent is ``default``."""
    raw = data.get(name) if hasattr(data, "get") else None
    if raw is None or raw == "":
        return default
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.lower() in ("1", "on", "true", "yes"):
        return True
    if isinstance(raw, str) and raw.lower() in ("0", "off", "false", "no"):
        return False
    raise Invalid(N_("%(field)s must be true or false."), field=name)


def yes(data: Mapping[str, Any], name: str) -> bool:
    """A yes/no choice of the combat forms: yes when the value is "yes" (or a JSON true), otherwise no."""
    raw = data.get(name) if hasattr(data, "get") else None
    return raw is True or raw == "yes"


def many(data: Mapping[str, Any], name: str) -> list:
    """Every value of a repeated field: a form's list (``getlist``), or a JSON list or one value in a plain
    mapping; absent or empty is no value."""
    if hasattr(data, "getlist"):
        return list(data.getlist(name))
    raw = data.get(name) if hasattr(data, "get") else None
    if raw is None or raw == "":
        return []
    return list(raw) if isinstance(raw, (list, tuple)) else [raw]


def colour(data: Mapping[str, Any], name: str, colours: Iterable[str], *, default: Any = _MISSING) -> str:
    """A mana or crystal colour among ``colours``."""
    return choice(data, name, colours, default=default)


def enemy_token(raw: Any) -> str:
    """The id of an enemy token in the rules data."""
    if not isinstance(raw, str) or raw not in get_rules().enemies:
        raise Invalid(N_("There is no enemy token %(token)s."), token=shown(raw))
    return raw


def unit_kind(raw: Any) -> str:
    """The id of a unit card in the rules data."""
    if not isinstance(raw, str) or raw not in get_rules().units:
        raise Invalid(N_("There is no unit %(unit)s."), unit=shown(raw))
    return raw


def ident(data: Mapping[str, Any], name: str, *, default: Any = _MISSING, label: str | None = None) -> str:
    """An id from the rules data or the game (checked against its table by the caller): short text."""
    return text(data, name, default=default, max_len=MAX_ID, label=label)


def shown(raw: Any) -> str:
    """A bad value as a person may read it back: short, printable."""
    value = repr(raw) if not isinstance(raw, str) else raw
    value = "".join(c if c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF else "?" for c in value)
    return value[:40]


def player_index(state: dict, data: Mapping[str, Any], name: str = "player") -> int:
    """A player of this game by index."""
    return whole(data, name, lo=0, hi=max(0, len(state["players"]) - 1))


# ------------------------------------------------------------------------------------- values of a JSON body
# A JSON API body is typed: a number is a JSON number (never text such as "5"), a yes or no a JSON boolean. ``where``
# is the field's path in the body ("site.city", "attacks[2].value"), as a refusal names it.


def is_json_whole(value: Any) -> bool:
    """Whether a JSON value is a whole number: an int, never a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def json_whole(where: str, value: Any, minimum: int | None = 0, maximum: int = 99) -> int:
    """An int (not a bool) from ``minimum`` (None: any sign, bounded by ``maximum`` in size) to ``maximum``."""
    if not is_json_whole(value):
        raise Invalid(N_("%(where)s must be a whole number, got %(value)s"), where=where, value=repr(value)[:40])
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise Invalid(N_("%(where)s must not be negative, got %(value)d"), where=where, value=value)
        raise Invalid(N_("%(where)s must be at least %(lo)d, got %(value)d"), where=where, lo=minimum, value=value)
    if value > maximum or (minimum is None and value < -maximum) or abs(value) > LARGEST:
        raise Invalid(N_("%(where)s is too large (at most %(hi)d)"), where=where, hi=maximum)
    return value


def json_flag(where: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise Invalid(N_("%(where)s must be true or false, got %(value)s"), where=where, value=repr(value)[:40])
    return value


def json_text(where: str, value: Any, choices: Iterable[str] | None = None, max_len: int = 80) -> str:
    """A non-empty text (no control characters, no lone surrogates); one of ``choices`` when given."""
    if not isinstance(value, str) or not value or len(value) > max_len:
        raise Invalid(N_("%(where)s must be a non-empty text of at most %(n)d characters"), where=where, n=max_len)
    try:
        text_value(value, where, max_len=max_len)
    except Invalid:
        raise Invalid(N_("%(where)s contains characters that cannot be used"), where=where) from None
    if choices is not None:
        options = tuple(choices)
        if value not in options:
            raise Invalid(N_("%(where)s must be one of %(choices)s, got %(value)s"), where=where,
                          choices=", ".join(options)[:300], value=repr(value)[:40])
    return value


def json_colour(where: str, value: Any, colours: Iterable[str]) -> str:
    """A colour among ``colours`` (the Dummy player's deck and crystals)."""
    options = tuple(colours)
    if not isinstance(value, str) or value not in options:
        raise Invalid(N_("unknown colour %(value)s in %(where)s: expected one of %(choices)s"),
                      value=repr(value)[:40], where=where, choices=", ".join(options))
    return value


def json_id(where: str, value: Any, max_len: int | None = MAX_ID) -> str | int:
    """An id a caller gives to its own things (a unit in a damage or rout assignment): a text of 1 to ``max_len``
    characters (None: any length) or a whole number, given back as it came."""
    if isinstance(value, bool) or not isinstance(value, (str, int)) or value == "":
        raise Invalid(N_("%(where)s must be a text or a whole number"), where=where)
    if isinstance(value, str) and max_len is not None and len(value) > max_len:
        raise Invalid(N_("%(where)s is too long (at most %(n)d characters)"), where=where, n=max_len)
    if isinstance(value, int) and abs(value) > LARGEST:
        raise Invalid(N_("%(where)s is too large (at most %(hi)d)"), where=where, hi=LARGEST)
    return value


def json_object(where: str, value: Any) -> dict:
    if not isinstance(value, dict):
        raise Invalid(N_("%(where)s must be an object"), where=where)
    return value


def json_list(where: str, value: Any, maximum: int) -> list:
    """A JSON list of at most ``maximum`` entries."""
    if not isinstance(value, list):
        raise Invalid(N_("%(where)s must be a list"), where=where)
    if len(value) > maximum:
        raise Invalid(N_("%(where)s is too long (at most %(n)d entries)"), where=where, n=maximum)
    return value


def known_fields(where: str | None, data: Mapping[str, Any], allowed: set) -> None:
    """Refuse fields the API does not know (a typo is an error, not silently ignored)."""
    extra = set(data) - allowed
    if extra:
        names = ", ".join(sorted(str(x)[:30] for x in extra))[:200]
        if where is None:
            raise Invalid(N_("unknown fields: %(fields)s"), fields=names)
        raise Invalid(N_("%(where)s: unknown fields: %(fields)s"), where=where, fields=names)
