"""What each event's payload must hold: one check per event type, run before its reducer both when a command's event
is dry-run before it is recorded (``companion.game.spine.command.apply``) and when an import is replayed
(``companion.game.spine.replay``), so an imported event passes the same checks as the command that makes it: types,
ranges, players that exist, the rules' limits. A command only ever makes payloads its check accepts (the commands'
tests run it on every event they record). The fold runs it too (registered with ``companion.state.payload_check``):
a game an earlier version stored with an event it refuses loads without that event's effect, never a failing page.

A check is a small schema built from the field parsers of ``companion.game.spine.fields`` (``Whole``, ``OneOf``, ``Text``,
``Player`` ...); ``payload(type, **fields)`` declares one. Fields a schema does not name are kept as they are (an
older or newer version's extra detail); a field named is required unless wrapped in ``Opt``. No Flask.

A command's refusals that depend on the state are registered beside the schema as the very functions the command
calls: ``needs`` (checked wherever the event is applied, the fold too) and ``needs_at_record`` (checked where the event
is recorded: the command's dry run and an import's strict replay; for what a per-entry undo in another scope can
change, such as whose turn it is).

This module is the registry and the checking machinery only: it imports nothing of the features. Each feature
declares its events' payloads where its reducers are loaded: a feature package in its ``payloads`` module, which the
package's ``__init__`` imports (``combat``, ``scoring``, ``pvp``, ``runewars``); undo and the features that are not a
package of their own (trackers, the Round flow, the scenario's rules, the Dummy player) in
``companion.game.spine.payload_schemas``, which ``companion.game.spine.command`` imports. So a reducer is never loaded without
its event's payload, and an event type with no declared payload is refused, never let through unchecked.
"""

from __future__ import annotations

from typing import Any, Callable

from ...rules.text import N_
from ...state import payload_check
from .fields import LARGEST, MAX_ID, choice, text_value, whole_value
from .invalid import Invalid

Check = Callable[[Any, str, dict], Any]
PAYLOADS: dict[str, "Obj"] = {}
Need = Callable[[dict, dict], None]
NEEDS: dict[str, list[Need]] = {}  # event type -> the command's refusals that depend on the state
AT_RECORD: dict[str, list[Need]] = {}  # event type -> the command's refusals checked where the event is recorded


class Field:
    """One value's check: ``check(value, name, state)`` raises ``Invalid`` naming the field."""

    def check(self, value: Any, name: str, state: dict) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


class Whole(Field):
    def __init__(self, lo: int = -LARGEST, hi: int = LARGEST):
        self.lo, self.hi = lo, hi

    def check(self, value, name, state):
        if not isinstance(value, int):  # a payload holds numbers as numbers: "0" or 1.5 is a damaged event
            raise Invalid(N_("%(field)s must be a whole number, not %(value)s."), field=name, value=repr(value)[:30])
        whole_value(value, name, lo=self.lo, hi=self.hi)


class Flag(Field):
    def check(self, value, name, state):
        if not isinstance(value, bool):
            raise Invalid(N_("%(field)s must be true or false."), field=name)


class OneOf(Field):
    def __init__(self, *choices: Any):
        self.choices = choices

    def check(self, value, name, state):
        options = self.choices[0]() if len(self.choices) == 1 and callable(self.choices[0]) else self.choices
        choice({name: value}, name, options)


class Text(Field):
    def __init__(self, max_len: int = 200, empty: bool = False):
        self.max_len, self.empty = max_len, empty

    def check(self, value, name, state):
        if not isinstance(value, str):
            raise Invalid(N_("%(field)s must be text."), field=name)
        text_value(value, name, max_len=self.max_len)
        if not self.empty and not value.strip():
            raise Invalid(N_("%(field)s is missing."), field=name)


class Ident(Text):
    def __init__(self):
        super().__init__(MAX_ID)


class Player(Field):
    """A player of this game, by index (never -1, never "0")."""

    def __init__(self, dummy: bool = False, key: bool = False):
        self.dummy, self.key = dummy, key

    def check(self, value, name, state):
        if self.dummy and value == "dummy":
            return
        if self.key and isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 4:
            value = int(value)  # a player's index as a JSON object's key
        players = state.get("players") or []
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(players):
            raise Invalid(N_("%(field)s must be a player of this game, not %(value)s."), field=name,
                          value=repr(value)[:30])


class Opt(Field):
    """May be absent or null."""

    def __init__(self, inner: Field):
        self.inner = inner

    def check(self, value, name, state):
        if value is not None:
            self.inner.check(value, name, state)


class Anything(Field):
    """Any JSON value (its size and depth are bounded by the import's reader)."""

    def check(self, value, name, state):
        return None


class Many(Field):
    def __init__(self, item: Field, max_len: int = 100, min_len: int = 0, unique: bool = False):
        self.item, self.max_len, self.min_len, self.unique = item, max_len, min_len, unique

    def check(self, value, name, state):
        if not isinstance(value, list) or not self.min_len <= len(value) <= self.max_len:
            raise Invalid(N_("%(field)s must be a list of the right length."), field=name)
        for i, x in enumerate(value):
            self.item.check(x, f"{name}[{i}]", state)
        if self.unique and len({repr(x) for x in value}) != len(value):
            raise Invalid(N_("%(field)s names an entry twice."), field=name)


class Mapping_(Field):
    """An object whose keys pass ``key`` and values pass ``value``."""

    def __init__(self, key: Field, value: Field, max_len: int = 50):
        self.key, self.value, self.max_len = key, value, max_len

    def check(self, value, name, state):
        if not isinstance(value, dict) or len(value) > self.max_len:
            raise Invalid(N_("%(field)s must be an object."), field=name)
        for k, v in value.items():
            self.key.check(k, f"{name} key", state)
            self.value.check(v, f"{name}.{k}"[:60], state)


class Obj(Field):
    """An object with these fields (each required unless ``Opt``); ``also`` a further check of the whole."""

    def __init__(self, also: Callable[[dict, dict], None] | None = None, **fields: Field):
        self.fields, self.also = fields, also

    def check(self, value, name, state):
        if not isinstance(value, dict):
            raise Invalid(N_("%(field)s must be an object."), field=name)
        for key, f in self.fields.items():
            if key not in value and not isinstance(f, (Opt, Anything)):
                raise Invalid(N_("%(field)s is missing."), field=f"{name}.{key}" if name else key)
            f.check(value.get(key), f"{name}.{key}" if name else key, state)
        if self.also is not None:
            self.also(state, value)


LINES = Many(Anything(), 300)  # explanation lines (``T.to_json``), shown through ``|tr``


def payload(event_type: str, also: Callable[[dict, dict], None] | None = None, **fields: Field) -> None:
    """Declare the payload of ``event_type``."""
    if event_type in PAYLOADS:
        raise ValueError(f"the payload of {event_type!r} is already declared")
    PAYLOADS[event_type] = Obj(also, **fields)


def needs(*event_types: str) -> Callable[[Need], Need]:
    """Register ``fn(state, payload)``, a refusal of the command that makes ``event_types`` which depends on the
    state (a unit the player has, a combat in the right phase, no duel being fought). The command calls the same
    function (one check, not two copies), and every event of these types passes it after its payload's schema,
    wherever it is applied: a command's dry run, an import's replay, the fold. So an import refuses what the
    command refuses. A need that reads another part of the state than the event's scope names makes the command
    name that part in its scope too (a per-entry undo must not take back what the event needs)."""

    def register(fn: Need) -> Need:
        for t in event_types:
            NEEDS.setdefault(t, []).append(fn)
        return fn

    return register


def needs_at_record(*event_types: str) -> Callable[[Need], Need]:
    """Register ``fn(state, payload)``, a refusal of the command that makes ``event_types`` which reads what a
    per-entry undo of an earlier event in another scope can change (whose turn it is, the Round's phase, the
    cities conquered, the next kept enemy's id). The command calls the same function, and every event of these types
    passes it where it is recorded: the command's dry run (``companion.game.spine.command.apply``) and an import's
    strict replay, against the events in force before it, which is the state its command saw
    (``companion.game.spine.replay``). Never on the fold, nor when an import applies an event again after a later
    undo changed what came before it: an event the app recorded passed it there, so a stored game never loses an
    event by it, while a crafted file's event is refused where it stands."""

    def register(fn: Need) -> Need:
        for t in event_types:
            AT_RECORD.setdefault(t, []).append(fn)
        return fn

    return register


@payload_check  # the fold runs it too: a stored event it refuses is skipped (``companion.state.payload_check``)
def check_payload(state: dict, event_type: str, data: Any, at_record: bool = False) -> None:
    """``Invalid`` naming the field when ``data`` is not a payload ``event_type`` can have in ``state``;
    ``at_record``: where the event is recorded (a command's dry run, an import's strict replay), so the needs
    registered with ``needs_at_record`` are checked too."""
    if not isinstance(data, dict):
        raise Invalid(N_("The event's payload must be an object."))
    schema = PAYLOADS.get(event_type)
    if schema is None:
        raise Invalid(N_("This version has no payload check for the event type %(type)s."), type=event_type[:40])
    schema.check(data, "", state)
    for need in NEEDS.get(event_type, ()):
        need(state, data)
    if at_record:
        for need in AT_RECORD.get(event_type, ()):
            need(state, data)


def refusal(err: Invalid) -> dict:
    """An ``Invalid`` as a log-sentence argument (``{"msg", "args"}``), so a message quoting it is translated."""
    args, terms = {}, []
    for k, v in err.args_.items():
        if isinstance(v, dict) and "$term" in v:
            args[k], terms = v["$term"], terms + [k]
        else:
            args[k] = v
    return {"msg": err.msgid, "args": args, "t": terms}


__all__ = ["PAYLOADS", "NEEDS", "AT_RECORD", "needs", "needs_at_record", "payload", "check_payload", "refusal", "Whole", "Flag", "OneOf", "Text", "Ident", "Player",
           "Opt", "Anything", "Many", "Mapping_", "Obj", "LINES"]
