"""Undo you can read: which event an undo takes back, whose change it was, and whether one
chosen event may still be taken back. Pure Python over the event log: no Flask, no database.

A chosen event (this device's own latest change, or an entry picked on the log page) may be taken back only
while no event in force recorded after it touched the same thing (``scopes_overlap``); otherwise the refusal
names the event that did.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ...rules.text import N_
from ...state import REDO, UNDO, UNDO_EVENT, UNDO_TYPES, Event, scopes_overlap, walk
from .command import Invalid, NeedsConfirm
from .invalid import term
from .sentences import render_sentence

ROLE_NAMES = {"host": N_("host"), "watcher": N_("watcher")}
THE_ROLE = {"host": N_("the host"), "watcher": N_("a watching phone")}

# What an event of a type depends on beyond the scope it was stored with: a feature registers how to read an event
# that an earlier version stored with a narrower scope (``register_scope``), so a per-entry undo in a saved game
# follows today's rule. Pure functions of the event.
WIDER_SCOPES: dict[str, Callable[[Event], tuple[str, ...]]] = {}


def register_scope(event_type: str, fn: Callable[[Event], tuple[str, ...]]) -> None:
    WIDER_SCOPES[event_type] = fn


def scope_of(e: Event) -> tuple[str, ...]:
    """The event's scope as the per-entry undo reads it: the stored one, and what its feature adds for an event an
    earlier version stored."""
    wider = WIDER_SCOPES.get(e.type)
    return tuple(e.scope) + wider(e) if wider else tuple(e.scope)


def by_of(role: str | None, player: int | None) -> dict:
    """What an event records about the device that made it (kept in its sentence as ``by``)."""
    return {"role": role, "player": player if isinstance(player, int) and not isinstance(player, bool) else None}


def who(state: dict, s: dict | None, translate: Callable[[str], str] = lambda m: m) -> str | None:
    """The device that made an event, as the log names it: its player's name, or "host", or "watcher"
    (None when the event does not say: an older log, a client of the JSON API)."""
    by = s.get("by") if isinstance(s, dict) else None
    if not isinstance(by, dict):
        return None
    players = state.get("players") or []
    p = by.get("player")
    role = by.get("role") if isinstance(by.get("role"), str) else None  # a stored file may hold anything here
    if role in ("player", "host") and isinstance(p, int) and 0 <= p < len(players):
        return players[p]["name"]
    return translate(ROLE_NAMES[role]) if role in ROLE_NAMES else None


def maker(state: dict, s: dict | None) -> Any:
    """Whoever made an entry, as a refusal's argument: a player's name, a role as a term ("host"), or None."""
    by = s.get("by") if isinstance(s, dict) else None
    if not isinstance(by, dict):
        return None
    name = who(state, s)
    role = by.get("role") if isinstance(by.get("role"), str) else None
    if name is not None and name == ROLE_NAMES.get(role):
        return term(THE_ROLE[role])
    return name


def others_entry(state: dict, target: Event, device: str | None, by: dict | None) -> Any:
    """Whose entry ``target`` is when it is not this device's own (its player's name, or the host as a term), or
    None: this device made it, or this device's player (on another of their phones), or the host's own entry undone
    by the host, or the entry names nobody (an older log)."""
    if device and target.device == device:
        return None
    tb = target.sentence.get("by") if isinstance(target.sentence, dict) else None
    if not isinstance(tb, dict):
        return None
    mine = by or {}
    tp, trole = tb.get("player"), tb.get("role")
    if isinstance(tp, int) and not isinstance(tp, bool) and tp == mine.get("player"):
        return None  # the same player's entry, from another of their devices
    if trole == "host" and tp is None and mine.get("role") == "host":
        return None  # the host's own
    return maker(state, target.sentence)


def ask_first(state: dict, target: Event, device: str | None, by: dict | None, confirmed: bool) -> None:
    """Undo asks before it takes back another player's entry: ``NeedsConfirm`` naming whose it is, unless the
    question was answered (``confirm``). A phone's own entry (and the host's own) is taken back at once."""
    name = others_entry(state, target, device, by)
    if name is not None and not confirmed:
        raise NeedsConfirm(N_("Undo “%(what)s”? It is %(name)s's entry: take it back only if %(name)s agrees."),
                           what=target.sentence, name=name)


def latest_active(events: Iterable[Event]) -> Event | None:
    """What the Undo button takes back: the latest event in force."""
    active, _undone, _ = walk(events)
    return active[-1] if active else None


def next_redo(events: Iterable[Event]) -> Event | None:
    _active, undone, _ = walk(events)
    return undone[-1] if undone else None


def my_latest(events: list[Event], device: str | None) -> Event | None:
    """This device's own latest change still in force."""
    if not device:
        return None
    active, _undone, _ = walk(events)
    for e in reversed(active):
        if e.device == device:
            return e
    return None


def blocker(events: list[Event], target: Event) -> Event | None:
    """The latest event in force recorded after ``target`` that touched the same thing, or None."""
    active, _undone, _ = walk(events)
    return _blocker_in(active, target)


def _blocker_in(active: list[Event], target: Event) -> Event | None:
    for e in reversed(active):  # from the latest back to the target: an undo of a recent entry costs little
        if e.seq <= target.seq:
            return None
        if scopes_overlap(scope_of(target), scope_of(e)):
            return e
    return None


def undo_target(active: list[Event], target_seq: object) -> tuple[Event | None, Event | None]:
    """The one rule of a per-entry undo, over the events in force (in log order, as a walk of the log gives them),
    for the undo routes and an import's replay alike: the target in force (None if it is not) and the latest
    later event in force in its way (None if none). A later event whose scope overlaps the target's depends on what
    the undo would take back (a unit wounded after its recruit, a battle fought with a unit type: the commands'
    scopes say so)."""
    target = next((e for e in reversed(active) if e.seq == target_seq), None)
    return target, (_blocker_in(active, target) if target is not None else None)


def check_undo(events: list[Event], target_seq: int | None, state: dict | None = None,
               device: str | None = None) -> Event:
    """The event ``undo.event`` may take back, or ``Invalid`` saying why not (naming the event in the way and, with
    the ``state`` for the players' names, who made it: "Anna's entry #9, “Ben gains 1 Fame”, changed this since")."""
    active, _undone, _ = walk(events)
    target, after = undo_target(active, target_seq)
    if target is None:
        raise Invalid(N_("Entry #%(seq)s is not in force: there is nothing to take back."), seq=str(target_seq)[:12])
    if after is not None and state is not None:
        if device and after.device == device:
            raise Invalid(N_("Your own entry #%(seq)d, “%(since)s”, changed this since: undo that first."),
                          seq=after.seq, since=after.sentence)
        name = maker(state, after.sentence)
        if name is not None:
            raise Invalid(N_("%(name)s's entry #%(seq)d, “%(since)s”, changed this since: undo that first, or ask "
                             "%(name)s."), name=name, seq=after.seq, since=after.sentence)
        raise Invalid(N_("Entry #%(seq)d, “%(since)s”, changed this since: undo that first."), seq=after.seq,
                      since=after.sentence)
    if after is not None:
        raise Invalid(N_("“%(what)s” cannot be taken back alone: “%(since)s” (#%(seq)d) changed the same thing "
                         "since. Undo that first."), what=target.sentence, since=after.sentence, seq=after.seq)
    return target


def undo_sentence(target: Event, whose: Any = None) -> dict:
    """The log line of an undo; ``whose``: the player whose entry it took back when it was not the undoer's own (the
    log then says who undid whose entry)."""
    if isinstance(whose, dict) and isinstance(whose.get("$term"), str):  # the host's entry
        return {"msg": N_("Undone, %(whose)s's entry: %(what)s"),
                "args": {"what": target.sentence, "whose": whose["$term"]}, "t": ["whose"], "nested": "what"}
    if isinstance(whose, str):
        return {"msg": N_("Undone, %(whose)s's entry: %(what)s"), "args": {"what": target.sentence, "whose": whose},
                "t": [], "nested": "what"}
    return {"msg": N_("Undone: %(what)s"), "args": {"what": target.sentence}, "t": [], "nested": "what"}


def notice(events: list[Event]) -> dict | None:
    """The notice every phone shows after an undo or redo (the latest event of the log is one): who did it and
    what was taken back or put back, or None."""
    if not events or events[-1].type not in UNDO_TYPES:
        return None
    last = events[-1]
    by_seq = {e.seq: e for e in events}
    named = last.payload.get("target") if isinstance(last.payload, dict) else None
    named = named if isinstance(named, int) else None  # a stored log may hold anything here
    target = by_seq.get(named)
    if target is None and last.type == UNDO:
        target = _undo_target(events)
    kind = "redo" if last.type == REDO else "undo"
    if target is None:
        return None
    return {"kind": kind, "by": last.sentence, "what": target.sentence, "seq": last.seq}


def _undo_target(events: list[Event]) -> Event | None:
    """For an old plain ``undo`` without a payload: the event it took back."""
    active, _undone, _ = walk(events[:-1])
    return active[-1] if active else None


def render(s: dict, translate: Callable[[str], str], lang: str) -> str:
    return render_sentence(s, translate, lang)


__all__ = ["UNDO", "REDO", "UNDO_EVENT", "ask_first", "by_of", "maker", "others_entry", "who", "latest_active", "next_redo", "my_latest", "blocker",
           "check_undo", "undo_target", "undo_sentence", "notice", "render"]
