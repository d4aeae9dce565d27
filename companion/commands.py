"""Commands: what a person at the table does, validated against the current state and turned into one event.

The HTML forms (``POST /games/<id>/do/<name>``) and the JSON API (``POST /api/v1/games/<id>/commands/<name>``)
run the same command functions, so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .events import sentence
from .i18n import N_


class Invalid(ValueError):
    """The command's input is wrong; the message says why (shown to the person, translated)."""

    def __init__(self, message: str, **args: Any):
        super().__init__(message % {k: arg_text(v) for k, v in args.items()} if args else message)
        self.msgid = message
        self.args_ = args

    def translated(self, translate: Callable[[str], str], lang: str = "en") -> str:
        args = {k: arg_text(v, translate, lang) for k, v in self.args_.items()}
        return translate(self.msgid) % args if args else translate(self.msgid)


def term(msgid: str) -> dict:
    """A message argument that is a game term (a msgid itself), translated when shown."""
    return {"$term": msgid}


def arg_text(value: Any, translate: Callable[[str], str] = lambda m: m, lang: str = "en") -> Any:
    """A message argument in the reader's language: names (``events.name_arg``) and terms (``term``)."""
    if isinstance(value, dict) and "$name" in value:
        en, de = value["$name"]
        return de if lang == "de" else en
    if isinstance(value, dict) and "$term" in value:
        return translate(value["$term"])
    return value


@dataclass(frozen=True)
class Command:
    type: str
    payload: dict
    sentence: dict
    scope: tuple[str, ...]


CommandFn = Callable[[dict, Mapping[str, Any]], Command]
COMMANDS: dict[str, CommandFn] = {}


def command(name: str) -> Callable[[CommandFn], CommandFn]:
    def register(fn: CommandFn) -> CommandFn:
        COMMANDS[name] = fn
        return fn

    return register


def get_int(data: Mapping[str, Any], name: str, *, default: int | None = None, lo: int | None = None,
            hi: int | None = None) -> int:
    raw = data.get(name, default)
    if raw is None or raw == "":
        if default is None:
            raise Invalid(N_("%(field)s is missing."), field=name)
        raw = default
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise Invalid(N_("%(field)s must be a whole number, not %(value)s."), field=name, value=str(raw)[:40])
    if lo is not None and value < lo:
        raise Invalid(N_("%(field)s must be at least %(lo)d."), field=name, lo=lo)
    if hi is not None and value > hi:
        raise Invalid(N_("%(field)s must be at most %(hi)d."), field=name, hi=hi)
    return value


def get_choice(data: Mapping[str, Any], name: str, choices, default: str | None = None) -> str:
    raw = data.get(name, default)
    if raw not in choices:
        raise Invalid(N_("%(field)s must be one of: %(choices)s."), field=name, choices=", ".join(map(str, choices)))
    return raw


def get_player(state: dict, data: Mapping[str, Any]) -> int:
    return get_int(data, "player", lo=0, hi=len(state["players"]) - 1)


__all__ = ["Command", "COMMANDS", "Invalid", "command", "get_int", "get_choice", "get_player", "sentence", "N_", "term",
           "arg_text"]
