"""One strict parsing layer for every command and API field: plain values in, checked values out.

Forms give strings, JSON gives typed values; both go through these functions, so a form and the JSON API can never
read the same field in two ways. A whole number is an ``int`` (never a ``bool``) or a string of ASCII digits with an
optional leading minus sign: ``1.9``, ``true``, ``"1_000"``, ``"1e999"``, ``"Infinity"`` and non-ASCII digits are
refused, never coerced. Every refusal is ``Invalid`` with a translatable reason naming the field. No Flask.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from ..rules.text import N_
from .command import Invalid

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


def optional_whole(data: Mapping[str, Any], name: str, **kw: Any) -> int | None:
    """A whole number, or None when the field is absent or empty."""
    raw = data.get(name)
    if raw is None or raw == "":
        return None
    return whole_value(raw, kw.pop("label", None) or name, **kw)


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
