"""The append-only event log of a game.

One event per user action: per-game sequence number, type, JSON payload, device, time, the scope it touches and a
sentence a person reads. A command names the sequence number its view was based on; if an event recorded since then
touches an overlapping scope the command is refused with :class:`Conflict` (the web layer answers 409).
A command carries a nonce: the same nonce twice (a double tap) records one event.
"""

from __future__ import annotations

import json
import threading
from typing import Any
from dataclasses import dataclass
from datetime import datetime, timezone

from sqlite_utils import Database

from .db import write_transaction
from .game.spine.sentences import render_sentence
from .game.spine.undo import check_undo, undo_sentence
from .rules.text import N_
from .state import REDO, UNDO, UNDO_EVENT, Event, Log, scopes_overlap, walk

_write_lock = threading.Lock()


class Conflict(Exception):
    """The command was based on a state that has changed where it matters."""

    def __init__(self, last_seq: int, conflicting: list[Event]):
        super().__init__(f"conflicts with event(s) {[e.seq for e in conflicting]}")
        self.last_seq = last_seq
        self.conflicting = conflicting


class NothingToDo(Exception):
    """Undo with nothing to undo, redo with nothing to redo."""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _whole_log(db: Database, game_id: int, cached: list[Event] | None) -> list[Event]:
    """The whole log, read inside the write lock. ``cached``: the log as the request already has it (the state
    cache's ``Log`` with its walk done): only events after it are read, and its walk is carried on over them."""
    if cached is None:
        return load_events(db, game_id)
    newer = load_events(db, game_id, after=cached[-1].seq if cached else 0)
    if not newer:
        return cached
    out = Log(cached)
    out.extend(newer)
    walker = getattr(cached, "walker", None)
    if walker is not None:
        walker = walker.copy()
        for e in newer:
            walker.push(e)
        out.walker = walker
    return out


def load_events(db: Database, game_id: int, after: int = 0) -> list[Event]:
    rows = db.query(
        "SELECT * FROM events WHERE game_id = ? AND seq > ? ORDER BY seq", [game_id, after]
    )
    return [Event.from_row(r) for r in rows]


def last_seq(db: Database, game_id: int) -> int:
    row = next(db.query("SELECT COALESCE(MAX(seq), 0) AS s FROM events WHERE game_id = ?", [game_id]))
    return row["s"]


@dataclass(frozen=True)
class Recorded:
    event: Event
    duplicate: bool  # True when the nonce was seen before: nothing new was recorded


def record(
    db: Database,
    game_id: int,
    *,
    type: str,
    payload: dict,
    sentence: dict,
    scope: tuple[str, ...] | list[str],
    based_on: int | None = None,
    device: str | None = None,
    nonce: str | None = None,
) -> Recorded:
    """Append one event in one transaction. Raises Conflict when ``based_on`` is stale for this scope."""
    scope = tuple(scope)
    with _write_lock, write_transaction(db):  # BEGIN IMMEDIATE: the write lock before the first read
        if nonce:
            rows = list(db.query("SELECT * FROM events WHERE game_id = ? AND nonce = ?", [game_id, nonce]))
            if rows:
                return Recorded(Event.from_row(rows[0]), duplicate=True)
        last = last_seq(db, game_id)
        if based_on is not None and based_on < last:
            since = load_events(db, game_id, after=based_on)
            conflicting = [e for e in since if scopes_overlap(scope, e.scope)]
            if conflicting:
                raise Conflict(last, conflicting)
        ev = Event(
            seq=last + 1,
            type=type,
            payload=payload,
            sentence=sentence,
            text=render_sentence(sentence),
            scope=scope,
            device=device,
            nonce=nonce,
            created=_now(),
        )
        db["events"].insert(
            {
                "game_id": game_id,
                "seq": ev.seq,
                "type": ev.type,
                "payload": json.dumps(payload, sort_keys=True),
                "sentence": json.dumps(sentence, sort_keys=True),
                "text": ev.text,
                "scope": json.dumps(list(scope)),
                "device": device,
                "nonce": nonce,
                "created": ev.created,
            }
        )
        return Recorded(ev, duplicate=False)


def undo_or_redo(
    db: Database,
    game_id: int,
    which: str,
    *,
    based_on: int | None,
    device: str | None = None,
    nonce: str | None = None,
    by: dict | None = None,
    log: list[Event] | None = None,
    whose: Any = None,
    expect: int | None = None,
) -> Recorded:
    """Record an undo (or redo) of the latest active (or undone) event. The view it was based on must be current:
    undoing something the person has not seen is refused as a conflict. ``log``: the log the request already
    holds (``Game.events``), so that only newer events are read. ``expect``: the seq of the entry the request asked
    about (whose it is: ``whose``); another entry latest by now is a conflict, never taken back unasked."""
    assert which in (UNDO, REDO)
    with _write_lock:
        if nonce:
            rows = list(db.query("SELECT * FROM events WHERE game_id = ? AND nonce = ?", [game_id, nonce]))
            if rows:
                return Recorded(Event.from_row(rows[0]), duplicate=True)
        events = _whole_log(db, game_id, log)
        last = events[-1].seq if events else 0
        if based_on is not None and based_on < last:
            raise Conflict(last, [e for e in events if e.seq > based_on])
        active, undone, _ = walk(events)
        target = (active[-1] if active else None) if which == UNDO else (undone[-1] if undone else None)
        if target is None:
            raise NothingToDo(which)
        if expect is not None and target.seq != expect:
            raise Conflict(last, [e for e in events if e.seq > expect])
        s = (undo_sentence(target, whose) if which == UNDO else
             {"msg": N_("Redone: %(what)s"), "args": {"what": target.sentence}, "t": [], "nested": "what"})
        if by is not None:
            s["by"] = by
    # record() takes the lock again; based_on=last keeps the check that nothing happened in between
    return record(
        db, game_id, type=which, payload={"target": target.seq}, sentence=s,
        scope=("*",), based_on=last, device=device, nonce=nonce,
    )


def undo_event(
    db: Database,
    game_id: int,
    target_seq: int | None,
    *,
    device: str | None = None,
    nonce: str | None = None,
    by: dict | None = None,
    log: list[Event] | None = None,
    state: dict | None = None,
    whose: Any = None,
) -> Recorded:
    """Record an ``undo.event`` taking back the event ``target_seq`` (companion.game.spine.undo.check_undo: refused
    with ``Invalid`` naming the event in the way when something in force since touched the same thing)."""
    with _write_lock:
        if nonce:
            rows = list(db.query("SELECT * FROM events WHERE game_id = ? AND nonce = ?", [game_id, nonce]))
            if rows:
                return Recorded(Event.from_row(rows[0]), duplicate=True)
        events = _whole_log(db, game_id, log)
        last = events[-1].seq if events else 0
        target = check_undo(events, target_seq, state, device)
        s = undo_sentence(target, whose)
        if by is not None:
            s["by"] = by
    # record() takes the lock again; based_on=last refuses a change to the same thing recorded in between
    return record(db, game_id, type=UNDO_EVENT, payload={"target": target.seq}, sentence=s,
                  scope=target.scope or ("*",), based_on=last, device=device, nonce=nonce)
