"""Commands: what a person at the table does, validated against the current state and turned into one event.

A command function takes the folded state and plain input values (a form's or a JSON body's mapping) and returns a
``Command`` (the event to record) or raises ``Invalid`` with a translatable reason. The HTML forms
(``POST /games/<id>/do/<name>``) and the JSON API (``POST /api/v1/games/<id>/commands/<name>``) run the same
command functions, so the two can never disagree. No Flask, no database.

``Invalid`` and its kin live in the leaf ``companion.game.spine.invalid`` (the parsing layer and the payload checks raise
them too) and are re-exported here. ``apply`` runs the event type's payload check (``companion.game.spine.payloads``)
before its reducer; importing this module declares the payloads of undo and of the features that are not a package
of their own (``companion.game.spine.payload_schemas``), and each feature package declares its own.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ...rules.text import N_
from ...state import REDUCERS, Event
from ..kinds import kind_of, takes_command
from . import payload_schemas  # noqa: F401  (declares the payloads of undo and of the features outside a package)
from .invalid import Invalid, InvalidN, NeedsConfirm, NotYours, arg_text, term
from .payloads import check_payload
from .sentences import name_arg, sentence


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
    only watches, whether it has said who it is (a phone fresh from the QR code has not: it changes nothing yet).
    The web layer supplies it; the game layer decides what it may do (``GUARDS``)."""

    player: int | None = None
    is_host: bool = False
    is_watcher: bool = False
    chosen: bool = True


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
    declared(name, state)
    if actor is not None and actor.is_watcher:
        raise NotYours(N_("You only watch this game: a watching phone changes nothing."))
    if actor is not None and not actor.chosen and not actor.is_host:
        raise NotYours(N_("This phone has not said who it is yet: choose who you are (the “Who are you?” page) "
                          "before changing the game."))
    for fn_check in CHECKS.get(name, ()):
        fn_check(state, data)
    acting_for = GUARDS[name](state, data, actor) if actor is not None and name in GUARDS else None
    cmd = fn(state, data)
    if acting_for:
        s = {"msg": N_("%(what)s (by the host for %(name)s)"), "args": {"what": cmd.sentence, "name": acting_for},
             "t": [], "nested": "what"}
        cmd = Command(cmd.type, cmd.payload, s, cmd.scope)
    return cmd


def declared(name: str, state: dict) -> None:
    """The game's kind (``companion.game.kinds``) takes the command ``name``, or ``Invalid`` naming the kind and, where
    it has one, its own command for it."""
    kind = kind_of(state)
    if takes_command(kind, name):
        return
    own = kind.own.get(name)
    if own:
        raise Invalid(N_("This is a %(kind)s game: it has no command “%(name)s”; its own is “%(own)s”."),
                      kind=term(kind.name), name=name, own=own)
    raise Invalid(N_("This is a %(kind)s game: it has no command “%(name)s”."), kind=term(kind.name), name=name)


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
    check_payload(state, cmd.type, cmd.payload, at_record=True)  # as an imported event's (game/spine/replay.py)
    trial = copy.deepcopy(state)
    try:
        fn(trial, cmd.payload, Event(seq=seq, type=cmd.type, payload=cmd.payload, sentence=cmd.sentence,
                                     scope=tuple(cmd.scope)))
    except Invalid:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as err:
        raise Invalid(N_("That cannot be done now: %(reason)s"), reason=str(err)[:200]) from err
    return trial


__all__ = ["Actor", "CHECKS", "declared", "GUARDS", "NeedsConfirm", "NotYours", "Command", "COMMANDS", "CommandFn", "Invalid", "InvalidN", "apply",
           "arg_text", "check", "command", "guard", "name_arg", "run", "sentence", "term", "N_"]
