"""Kept for imports of earlier versions: the command core lives in ``companion.game.command`` and the strict field
parsing in ``companion.game.fields``."""

from __future__ import annotations

from typing import Any, Mapping

from .game.command import COMMANDS, Command, Invalid, arg_text, command, term
from .game.fields import choice, player_index, whole
from .game.sentences import sentence
from .rules.text import N_


def get_int(data: Mapping[str, Any], name: str, *, default: int | None = None, lo: int | None = None,
            hi: int | None = None) -> int:
    return whole(data, name, default=default, lo=lo, hi=hi)


def get_choice(data: Mapping[str, Any], name: str, choices, default: str | None = None) -> str:
    return choice(data, name, choices) if default is None else choice(data, name, choices, default=default)


def get_player(state: dict, data: Mapping[str, Any]) -> int:
    return player_index(state, data)


__all__ = ["Command", "COMMANDS", "Invalid", "command", "get_int", "get_choice", "get_player", "sentence", "N_", "term",
           "arg_text"]
