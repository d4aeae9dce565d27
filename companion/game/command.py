"""Commands: what a person at the table does, validated against the current state and turned into one event.

A command function takes the folded state and plain input values (a form's or a JSON body's mapping) and returns a
``Command`` (the event to record) or raises ``Invalid`` with a translatable reason. The HTML forms
(``POST /games/<id>/do/<name>``) and the JSON API (``POST /api/v1/games/<id>/commands/<name>``) run the same
command functions, so the two can never disagree. No Flask, no database.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..rules.text import N_
from ..state import REDUCERS, Event
from .sentences import name_arg, sentence


class Invalid(ValueError):
    """The command's input is wrong, or the game's state does not allow it now; the message says why (a msgid
    with arguments, translated when shown)."""

    def __init__(self, message: str, **args: Any):
        super().__init__(message % {k: arg_text(v) for k, v in args.items()} if args else message)
        self.msgid = message
        self.args_ = args

    def translated(self, translate: Callable[[str], str], lang: str = "en") -> str:
        args = {k: arg_text(v, translate, lang) for k, v in self.args_.items()}
        try:
            return translate(self.msgid) % args if args else translate(self.msgid)
        except (KeyError, TypeError, ValueError):
            return str(self)


class InvalidN(Invalid):
    """A refusal whose wording depends on a count ("1 unit", "2 units"): shown through ngettext when the
    translate function carries one (the web layer's ``ui_gettext``), otherwise by the English rule."""

    def __init__(self, singular: str, plural: str, count: str = "n", **args: Any):
        n = args.get(count)
        super().__init__(singular if n == 1 else plural, **args)
        self.msgid = singular
        self.plural = plural
        self.count = count

    def translated(self, translate: Callable[[str], str], lang: str = "en") -> str:
        from ..rules.text import plural_form

        args = {k: arg_text(v, translate, lang) for k, v in self.args_.items()}
        try:
            return plural_form(self.msgid, self.plural, self.args_.get(self.count), translate) % args
        except (KeyError, TypeError, ValueError):
            return str(self)


class NotYours(Invalid):
    """A refusal because of who gives the command (another player's turn): the web layer answers 403."""


def term(msgid: str) -> dict:
    """A message argument that is a game term (a msgid itself), translated when shown."""
    return {"$term": msgid}


def arg_text(value: Any, translate: Callable[[str], str] = lambda m: m, lang: str = "en") -> Any:
    """A message argument in the reader's language: names (``name_arg``) and terms (``term``)."""
    if isinstance(value, dict) and "$name" in value:
        en, de = value["$name"]
        return de if lang == "de" else en
    if isinstance(value, dict) and "$term" in value:
        return translate(value["$term"])
    if isinstance(value, dict) and "msg" in value:  # a log sentence (e.g. the event an undo is refused for)
        from .sentences import render_sentence

        return render_sentence(value, translate, lang)
    return value


@dataclass(frozen=True)
class Command:
    """One event to record: its type, payload, log sentence (``sentence(...)``) and the scope it touches."""

    type: str
    payload: dict
    sentence: dict
    scope: tuple[str, ...]


CommandFn = Callable[[dict, Mapping[str, Any]], Command]
COMMANDS: dict[str, CommandFn] = {}


@dataclass(frozen=True)
class Actor:
    """Who gives a command: the acting device's player (an index, or None), whether it is the host's, whether it
    only watches. The web layer supplies it; the game layer decides what it may do (``GUARDS``)."""

    player: int | None = None
    is_host: bool = False
    is_watcher: bool = False


# name -> check(state, data, actor): raises Invalid, or returns the name of the player the host acts for (the log
# line then says so), or None
Guard = Callable[[dict, Mapping[str, Any], Actor], Any]
GUARDS: dict[str, Guard] = {}


def guard(*names: str) -> Callable[[Guard], Guard]:
    """Register who may give the commands ``names`` (e.g. only the phone whose turn it is, or the host)."""

    def register(fn: Guard) -> Guard:
        for name in names:
            GUARDS[name] = fn
        return fn

    return register


# name -> checks(state, data) run before the command whoever gives it (e.g. no new Round once the game is over)
CHECKS: dict[str, list[Callable[[dict, Mapping[str, Any]], None]]] = {}


def check(*names: str):
    """Register a check that runs before the commands ``names`` (raises Invalid to refuse)."""

    def register(fn):
        for name in names:
            CHECKS.setdefault(name, []).append(fn)
        return fn

    return register


def run(name: str, state: dict, data: Mapping[str, Any], actor: Actor | None = None) -> Command:
    """The command ``name`` given by ``actor`` (None: nobody in particular, e.g. a test or a replay): its guard
    first, then the command. When the host acts for a player, the log line says so."""
    fn = COMMANDS[name]
    if actor is not None and actor.is_watcher:
        raise NotYours(N_("You only watch this game: a watching phone changes nothing."))
    for fn_check in CHECKS.get(name, ()):
        fn_check(state, data)
    acting_for = GUARDS[name](state, data, actor) if actor is not None and name in GUARDS else None
    cmd = fn(state, data)
    if acting_for:
        s = {"msg": N_("%(what)s (by the host for %(name)s)"), "args": {"what": cmd.sentence, "name": acting_for},
             "t": [], "nested": "what"}
        cmd = Command(cmd.type, cmd.payload, s, cmd.scope)
    return cmd


def command(name: str) -> Callable[[CommandFn], CommandFn]:
    """Register a command under the name the shared routes use (``/do/<name>``, ``/commands/<name>``)."""

    def register(fn: CommandFn) -> CommandFn:
        if name in COMMANDS and COMMANDS[name] is not fn:
            raise ValueError(f"a command {name!r} is already registered")
        COMMANDS[name] = fn
        return fn

    return register


def apply(state: dict, cmd: Command, seq: int = 0) -> dict:
    """The state after ``cmd``, on a copy, exactly as the fold will apply it once recorded. A reducer that fails
    on this input becomes ``Invalid`` (the person is told; nothing is recorded), never an error page."""
    fn = REDUCERS.get(cmd.type)
    fn = getattr(fn, "raw", fn)  # a guarded reducer (companion.game.dummy) keeps its raw function for this check
    if fn is None:
        raise Invalid(N_("Unknown event type: %(type)s."), type=cmd.type)
    from .payloads import check_payload

    check_payload(state, cmd.type, cmd.payload)  # the same check an imported event passes (game/replay.py)
    trial = copy.deepcopy(state)
    try:
        fn(trial, cmd.payload, Event(seq=seq, type=cmd.type, payload=cmd.payload, sentence=cmd.sentence,
                                     scope=tuple(cmd.scope)))
    except Invalid:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as err:
        raise Invalid(N_("That cannot be done now: %(reason)s"), reason=str(err)[:200]) from err
    return trial


__all__ = ["Actor", "CHECKS", "GUARDS", "NotYours", "Command", "COMMANDS", "CommandFn", "Invalid", "apply", "arg_text", "check",
           "command", "guard", "name_arg", "run", "sentence", "term", "N_"]
