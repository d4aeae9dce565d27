"""Game state is derived from the event log: ``fold`` replays the active events through registered reducers.

Undo and redo are events too (types ``undo`` and ``redo``): undo takes back the latest active event, redo puts
back the latest undone one as long as nothing new was recorded since. ``undo.event`` takes back one named active
event (a device's own latest change, or an entry chosen on the log page); redo puts it back in its place. Nothing is ever deleted from the log.
"""

from __future__ import annotations

import bisect
import copy
import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

Reducer = Callable[[dict, dict, "Event"], None]
REDUCERS: dict[str, Reducer] = {}

UNDO = "undo"
REDO = "redo"
UNDO_EVENT = "undo.event"  # takes back one named event (payload {"target": seq}): "Undo my last", the log page
UNDO_TYPES = (UNDO, REDO, UNDO_EVENT)
COLORS = ("red", "blue", "green", "white")
SHIELD_KINDS = ("keep", "mage_tower", "monastery", "adventure", "city")


@dataclass(frozen=True)
class Event:
    seq: int
    type: str
    payload: dict
    sentence: dict
    text: str = ""
    scope: tuple[str, ...] = ()
    device: str | None = None
    nonce: str | None = None
    created: str = ""
    extra: dict = field(default_factory=dict)

    @classmethod
    def from_row(cls, row: dict) -> "Event":
        return cls(
            seq=row["seq"],
            type=row["type"],
            payload=json.loads(row["payload"]),
            sentence=json.loads(row["sentence"]),
            text=row.get("text") or "",
            scope=tuple(json.loads(row["scope"])),
            device=row.get("device"),
            nonce=row.get("nonce"),
            created=row.get("created") or "",
        )


def reducer(event_type: str) -> Callable[[Reducer], Reducer]:
    """Register the function that applies events of ``event_type`` to the state."""

    def register(fn: Reducer) -> Reducer:
        if event_type in REDUCERS and REDUCERS[event_type] is not fn:
            raise ValueError(f"a reducer for {event_type!r} is already registered")
        REDUCERS[event_type] = fn
        return fn

    return register


def new_player(name: str, hero: str | None = None, team: str | None = None) -> dict:
    return {
        "name": name,
        "hero": hero,
        "team": team,
        "fame": 0,
        "reputation": 0,
        "crystals": {c: 0 for c in COLORS},
        "wounds": 0,
        "units": [],
        "shields": {k: 0 for k in SHIELD_KINDS},
    }


INITIALIZERS: list[Callable[[dict, dict], None]] = []


def initializer(fn: Callable[[dict, dict], None]) -> Callable[[dict, dict], None]:
    """Register ``fn(state, setup)``: the game layer fills in what it derives from the set-up when the fold starts
    (``companion/game/flow/setup.py``: the set-up numbers), as it registers its reducers: this floor never imports it."""
    INITIALIZERS.append(fn)
    return fn


PayloadCheck = Callable[[dict, str, Any], None]
PAYLOAD_CHECKS: list[PayloadCheck] = []


def payload_check(fn: PayloadCheck) -> PayloadCheck:
    """Register ``fn(state, event_type, payload)``, which raises when ``payload`` is not one this version's
    commands make for ``event_type`` in ``state`` (the state folded so far: the players that exist). The game layer
    registers its check (``companion/game/spine/payloads.py: check_payload``) as it registers reducers: this floor never
    imports it. The fold, ``advance`` and the state cache run it before each event's reducer and skip an event it
    refuses, as they skip one whose reducer raises: a game stored by an earlier version (or imported before imports
    were checked) whose payload the reducer would accept but a page could not show (player -1, a huge number, a
    malformed enemy) loads without it."""
    if fn not in PAYLOAD_CHECKS:
        PAYLOAD_CHECKS.append(fn)
    return fn


def initial_state(game_id: int, setup: dict, seed: str) -> dict:
    """The state before any event: what the game was created with."""
    players = [new_player(p["name"], p.get("hero"), p.get("team")) for p in setup.get("players", [])]
    start = setup.get("start") or {}  # a scenario's or variant's start Fame and Reputation (game/flow/setup.py)
    for pl in players:
        pl["fame"] = int(start.get("fame") or 0)
        pl["reputation"] = int(start.get("reputation") or 0)
    state = {
        "game": {
            "id": game_id,
            "name": setup.get("name") or "",
            "scenario": setup.get("scenario"),
            "mode": setup.get("mode"),
            "seed": seed,
            "variants": list(setup.get("variants") or ()),  # the Scenario Book's variants chosen (game/flow/setup.py)
            "setup_numbers": None,  # dice, offers, tiles, cities, rounds, start (game/flow/setup.py, an initializer)
        },
        "round": 1,
        "time": "day",
        "round_order": list(range(len(players))),
        "players": players,
        "next_uid": 1,
        "finished": False,
        "overrides": {},
    }
    for fn in INITIALIZERS:
        fn(state, setup)
    return state


class Walker:
    """Undo and redo followed one event at a time: the active events in order, the redo stack (last is next to
    redo) and the status by seq, exactly as ``walk`` gives them. The one place that knows which events are in force
    after ``undo``, ``undo.event`` and ``redo``: the fold (``walk``), the state cache and the import's strict replay
    (``companion.game.spine.replay``) all follow the log through it. ``push`` answers the index of the first active
    event that changed (the active events before it are the same objects in the same places), which is what
    lets a folded state be resumed from a checkpoint instead of folded from the start."""

    __slots__ = ("active", "undone", "status")

    def __init__(self) -> None:
        self.active: list[Event] = []
        self.undone: list[Event] = []
        self.status: dict[int, str] = {}

    def copy(self) -> "Walker":
        w = Walker()
        w.active, w.undone, w.status = list(self.active), list(self.undone), dict(self.status)
        return w

    def push(self, ev: Event) -> int:
        """Follow ``ev``; returns the index of the first active event it changed (``len(active)`` before the
        event when nothing in force before it changed)."""
        active, undone, status = self.active, self.undone, self.status
        changed = len(active)
        if ev.type == UNDO:
            if active:
                target = active.pop()
                changed = len(active)
                undone.append(target)
                status[target.seq] = "undone"
            status[ev.seq] = UNDO
        elif ev.type == UNDO_EVENT:
            target_seq = ev.payload.get("target") if isinstance(ev.payload, dict) else None
            i = _find(active, target_seq)
            if i is not None:
                target = active.pop(i)
                undone.append(target)
                status[target.seq] = "undone"
                changed = i
            status[ev.seq] = UNDO
        elif ev.type == REDO:
            if undone:
                target = undone.pop()
                # back in its place in the log (an event taken back from the middle replays where it was)
                at = len(active)
                while at and active[at - 1].seq > target.seq:
                    at -= 1
                active.insert(at, target)
                changed = at
                status[target.seq] = "active"
            status[ev.seq] = REDO
        else:
            active.append(ev)
            undone.clear()
            status[ev.seq] = "active"
        return changed


def _seq(ev: Event) -> int:
    return ev.seq


def _find(active: list[Event], seq: Any) -> int | None:
    """The index of the active event ``seq``, or None. The active events are in log order (a new event goes last, a
    redone one back in its place), so a binary search finds it: an "Undo my last" costs the same in a long game."""
    try:
        i = bisect.bisect_left(active, seq, key=_seq)
    except TypeError:  # not a number: no event has it
        i = len(active)
    if i < len(active) and active[i].seq == seq:
        return i
    # not there, or a log whose numbers are out of order (never written by this app): look at each
    return next((i for i in range(len(active) - 1, -1, -1) if active[i].seq == seq), None)


class Log(list):
    """A game's events in order, with the walk of undo and redo over them already done (``walker``, owned by
    this list and never changed): ``walk`` then costs a copy, not a pass over the log. The state cache hands
    these out (``companion.state_cache``); any other list is walked as before."""

    walker: Walker | None = None


def walk(events: Iterable[Event]) -> tuple[list[Event], list[Event], dict[int, str]]:
    """Apply undo/redo: returns (active events in order, redo stack (last is next to redo), status by seq)."""
    if isinstance(events, Log) and events.walker is not None:
        w = events.walker
        return list(w.active), list(w.undone), dict(w.status)
    w = Walker()
    for ev in events:
        w.push(ev)
    return w.active, w.undone, w.status


def fold(game_id: int, setup: dict, seed: str, events: Iterable[Event]) -> dict:
    """Replay the active events on the initial state.

    A stored event never breaks a game that once loaded: one whose payload today's check refuses (``payload_check``:
    a game stored by an earlier version, or imported before imports were checked) is skipped with the state as it
    was; if a reducer raises on one (an old log after the rules data changed), the fold starts again without that
    event. Either way the event stays in the log and its seq and the reason are noted in ``state["failed_events"]``
    so pages can say so. Failures are rare, so the common path copies nothing."""
    active, _undone, _status = walk(events)
    skipped: dict[int, str] = {}
    types = {ev.seq: ev.type for ev in active}
    while True:
        state = copy.deepcopy(initial_state(game_id, setup, seed))
        try:
            for ev in active:
                if ev.seq in skipped:
                    continue
                try:
                    apply_event(state, ev)
                except Refused as err:  # the state is as it was: go on without it
                    skipped[ev.seq] = err.why
                except Exception as err:  # noqa: BLE001 - any failure: replay without this event
                    skipped[ev.seq] = why_failed(err)
                    raise _Replay from err
        except _Replay:
            continue
        if skipped:
            state["failed_events"] = [failure(seq, types[seq], why) for seq, why in skipped.items()]
        return state


def apply_event(state: dict, ev: Event) -> None:
    """Apply one event in force (not an undo or redo) to ``state`` in place, as the fold does: an event type this
    version does not know (a newer export) is kept in the log without effect (``state["unknown_events"]``); else
    its payload passes the registered checks (``Refused``, the state untouched), then its reducer runs (raising
    whatever it raises)."""
    fn = REDUCERS.get(ev.type)
    if fn is None:
        state.setdefault("unknown_events", []).append(ev.seq)
        return
    for check in PAYLOAD_CHECKS:
        try:
            check(state, ev.type, ev.payload)
        except Exception as err:  # noqa: BLE001 - whatever the check raises, the event is not applied
            raise Refused(why_failed(err)) from err
    fn(state, ev.payload, ev)


def advance(state: dict, events: Iterable[Event]) -> None:
    """Apply new events (none of them an undo or redo) to ``state`` in place, exactly as ``fold`` would after
    the events it has seen: the incremental path of the state cache (``companion.state_cache``). Raises
    ``Refused`` for an event whose payload a check refuses and whatever a reducer raises; the caller then folds
    the whole log again (which skips that event and says so)."""
    for ev in events:
        if ev.type in UNDO_TYPES:
            raise ValueError("undo and redo change the set of active events: fold the whole log")
        apply_event(state, ev)


def failure(seq: int, event_type: str, why: str) -> dict:
    """An entry of ``state["failed_events"]``: the event skipped, its type (a feature's page names its own) and
    why."""
    return {"seq": seq, "type": event_type, "error": why}


def why_failed(err: Exception) -> str:
    """How ``failed_events`` names the reason an event was skipped."""
    return f"{type(err).__name__}: {err}"[:300]


class Refused(Exception):
    """A stored event's payload is not one today's checks accept (``payload_check``): it is skipped."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class _Replay(Exception):
    """Internal: a reducer failed, fold again without its event."""


def rng(state: dict, ev: Event, purpose: str = "") -> random.Random:
    """Randomness for an event: seeded from the game's seed and the event's sequence number, so that replaying
    the log (after an undo, a redo or a restart) draws the same cards and dice."""
    return random.Random(f"{state['game']['seed']}:{ev.seq}:{purpose}")


def scopes_overlap(a: Iterable[str], b: Iterable[str]) -> bool:
    """Scopes are ``:``-separated paths; ``player:0`` overlaps ``player:0:fame``; ``*`` overlaps everything."""
    a, b = list(a), list(b)
    if "*" in a or "*" in b:
        return True
    for x in a:
        for y in b:
            if x == y or x.startswith(y + ":") or y.startswith(x + ":"):
                return True
    return False


def player(state: dict, index: Any) -> dict:
    return state["players"][int(index)]
