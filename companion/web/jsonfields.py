"""Validation of JSON API input: each function returns the value or raises ApiError naming the field.

The JSON side of the one strict parsing layer: the checks are those of ``companion.game.fields`` (the forms' and
commands' parser), with the API's own messages and one difference JSON allows: a number must be a JSON number
(never text such as ``"5"``), a yes/no a JSON boolean.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..game import fields
from ..game.command import Invalid
from .common import ApiError


def whole_number(where: str, value: Any, minimum: int | None = 0, maximum: int = 99) -> int:
    """An int (not a bool) from ``minimum`` (None: any sign, bounded by ``maximum`` in size) to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(f"{where} must be a whole number, got {value!r}")
    try:
        fields.whole_value(value, where)
    except Invalid:
        raise ApiError(f"{where} is too large (at most {maximum})") from None
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise ApiError(f"{where} must not be negative, got {value}")
        raise ApiError(f"{where} must be at least {minimum}, got {value}")
    if value > maximum or (minimum is None and value < -maximum):
        raise ApiError(f"{where} is too large (at most {maximum})")
    return value


def true_or_false(where: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ApiError(f"{where} must be true or false, got {value!r}")
    return value


def text(where: str, value: Any, choices: Iterable[str] | None = None, max_len: int = 80) -> str:
    """A non-empty text (no control characters, no lone surrogates); one of ``choices`` when given."""
    if not isinstance(value, str) or not value or len(value) > max_len:
        raise ApiError(f"{where} must be a non-empty text of at most {max_len} characters")
    try:
        fields.text_value(value, where, max_len=max_len)
    except Invalid:
        raise ApiError(f"{where} contains characters that cannot be used") from None
    if choices is not None:
        options = tuple(choices)
        if value not in options:
            raise ApiError(f"{where} must be one of {', '.join(options)}, got {value!r}")
    return value


def obj(where: str, value: Any) -> dict:
    if not isinstance(value, dict):
        raise ApiError(f"{where} must be an object")
    return value


def items(where: str, value: Any, maximum: int) -> list:
    """A JSON list of at most ``maximum`` entries."""
    if not isinstance(value, list):
        raise ApiError(f"{where} must be a list")
    if len(value) > maximum:
        raise ApiError(f"{where} is too long (at most {maximum} entries)")
    return value


def known_fields(where: str, data: dict, allowed: set) -> None:
    """Refuse fields the API does not know (a typo is an error, not silently ignored)."""
    extra = set(data) - allowed
    if extra:
        raise ApiError(f"{where}: unknown field(s) {', '.join(sorted(extra))}")
