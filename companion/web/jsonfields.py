"""Validation of JSON API input: each function returns the value or raises ApiError naming the field."""

from __future__ import annotations

from typing import Any

from .common import ApiError


def whole_number(where: str, value: Any, minimum: int | None = 0, maximum: int = 99) -> int:
    """An int (not a bool) from ``minimum`` (None: any sign, bounded by ``maximum`` in size) to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(f"{where} must be a whole number, got {value!r}")
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
