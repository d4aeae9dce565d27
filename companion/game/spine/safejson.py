"""The one JSON reader for everything that comes from outside (request bodies, imports, the PvP page's log):
bounded in size and nesting depth, numbers finite, every text valid Unicode. Refusals are ``Invalid`` with a
translatable reason. No Flask.

Why: Python's json module recurses once per nesting level (a body nested ~1,000 deep raised RecursionError),
accepts ``NaN``/``Infinity`` and ``1e999`` (which int() cannot convert), and decodes ``"\\ud800"`` into a lone
surrogate that cannot be stored. Everything after this reader can rely on plain, bounded, storable values.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ...rules.text import N_
from .command import Invalid

MAX_DEPTH = 32  # a game export nests about 8 deep; nothing the app reads comes near 32
MAX_BYTES = 1024 * 1024  # a request body (an import allows more: companion.game.spine.exchange)


class _Refused(Exception):
    """Internal: raised from inside json.loads hooks (json would wrap a ValueError into its own message)."""

    def __init__(self, invalid: Invalid):
        self.invalid = invalid


def _constant(name: str) -> Any:
    raise _Refused(Invalid(N_("The JSON contains %(value)s: numbers must be finite."), value=name))


def _float(raw: str) -> float:
    value = float(raw)
    if not math.isfinite(value):
        raise _Refused(Invalid(N_("The JSON contains a number too large to use (%(value)s)."), value=raw[:20]))
    return value


def loads(raw: bytes | str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``raw`` strictly; ``Invalid`` (with a reason a person can act on) for anything refused."""
    if isinstance(raw, (bytes, bytearray)):
        if len(raw) > max_bytes:
            raise Invalid(N_("The JSON is too large (at most %(n)d kB)."), n=max_bytes // 1024)
        try:
            raw = bytes(raw).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise Invalid(N_("The JSON is not valid UTF-8 text.")) from None
    if not isinstance(raw, str):
        raise Invalid(N_("The JSON could not be read."))
    if len(raw) > max_bytes:
        raise Invalid(N_("The JSON is too large (at most %(n)d kB)."), n=max_bytes // 1024)
    _check_depth(raw, max_depth)
    try:
        data = json.loads(raw, parse_constant=_constant, parse_float=_float)
    except _Refused as refused:
        raise refused.invalid from None
    except RecursionError:  # cannot happen after _check_depth; kept so that it never becomes a 500
        raise Invalid(N_("The JSON is nested too deeply (at most %(n)d levels)."), n=max_depth) from None
    except ValueError as err:
        raise Invalid(N_("The JSON could not be read: %(reason)s."), reason=str(err)[:120]) from None
    if _SURROGATE_ESCAPE.search(raw) or not _encodes(raw):
        check_value(data, max_depth)
    return data


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _check_depth(raw: str, max_depth: int) -> None:
    """Refuse more than ``max_depth`` nested arrays/objects before parsing (json.loads recurses per level).
    Strings are cut out, then innermost bracket pairs are peeled off one level at a time (all in C)."""
    if raw.count("[") + raw.count("{") <= max_depth:
        return
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", raw))
    for _level in range(max_depth):
        peeled = brackets.replace("[]", "").replace("{}", "")
        if peeled == brackets:
            return  # empty, or not well-formed: json.loads says what is wrong
        brackets = peeled
    if "[]" in brackets or "{}" in brackets:
        raise Invalid(N_("The JSON is nested too deeply (at most %(n)d levels)."), n=max_depth)


def check_value(data: Any, max_depth: int = MAX_DEPTH) -> None:
    """Walk a parsed value (without recursion): depth, finite numbers, storable text (no lone surrogates)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _storable(value)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise Invalid(N_("The JSON contains %(value)s: numbers must be finite."), value=repr(value))
        elif isinstance(value, (list, dict)):
            if depth > max_depth:
                raise Invalid(N_("The JSON is nested too deeply (at most %(n)d levels)."), n=max_depth)
            if isinstance(value, dict):
                for k, v in value.items():
                    _storable(k) if isinstance(k, str) else None
                    stack.append((v, depth + 1))
            else:
                stack.extend((v, depth + 1) for v in value)


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def _storable(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Invalid(N_("The JSON contains text that is not valid Unicode (a lone surrogate).")) from None
