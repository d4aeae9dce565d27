"""A strict replay of an event log (an import's events) through the reducers: the first event that cannot be
replayed refuses the whole log, naming it. The stored-game fold (``companion.state.fold``) is lenient (it skips a
failing event so that a game that loaded always loads); an import must never need that leniency. No Flask.

Every kind of undo is followed by the fold's own walker (``companion.state.Walker``, the one place that knows
which events are in force): ``undo`` takes back the latest active event, ``undo.event`` one named event from
anywhere ("Undo my last", the log page), ``redo`` puts the latest undone event back in its place. Each event's
payload passes its type's check (``companion.game.spine.payloads``, the same check a command's event passes before it is
recorded; where it was recorded, with the needs registered ``needs_at_record``) before its reducer runs, and an undo passes its route's check: ``undo.event`` the rule of
``companion.game.spine.undo.undo_target`` (refused while a later event in force depends on its target), ``undo`` and
``redo`` only with something to take back or put back.

The import replays what the game accepted. An event is checked strictly where it was recorded, against the
events in force before it, as its command was. When an undo or a redo the game accepted later changes the events
before it, the event is applied again there as the game's fold applies it: if it no longer applies (an export
from before the commands' scopes named what a battle or a fight depends on), it is skipped and named in
``state["failed_events"]``, as the game that made the file showed it, instead of refusing the file.

Cost (only ``catch_up`` below is about it): the replay keeps pickled checkpoints of the state,
every ``CHECKPOINT`` active events or more: the gap grows with the size of the state (one event per
``BYTES_PER_EVENT`` bytes), so copying never costs more than replaying and 20,000 unit recruits stay linear.
``Walker.push`` names the first active event each event changed; the replay keeps the lowest since the last
catch-up, so a catch-up compares only from there:
an undo followed by its redo costs nothing; a new event after an undo takes back the undone events' changes
through their journals (``journal.py``: the inverse of every change a reducer made, kept for the latest
``JOURNAL_DEPTH`` events), or, further back, copies a checkpoint and applies the events after it. Checkpoints
after a changed event are dropped, so a checkpoint is always the state after the same active events in the same
order.
"""

from __future__ import annotations

import copy
import pickle
from collections import deque
from typing import Iterable

from ...rules.text import N_
from ...state import (REDO, REDUCERS, UNDO, UNDO_EVENT, UNDO_TYPES, Event, Refused, Walker, apply_event, failure,
                      initial_state, walk, why_failed)
from ..kinds import holds_event, kind_of
from .command import Invalid, term
from .journal import Journal, reset_foreign, saw_foreign, track
from .payloads import check_payload, refusal
from .undo import undo_target

CHECKPOINT = 32
BYTES_PER_EVENT = 256
JOURNAL_DEPTH = 64  # the latest events whose changes can be taken back without a checkpoint


def _refused(ev: Event, err: Invalid) -> Invalid:
    return Invalid(N_("Event %(n)d (%(type)s) cannot be replayed: %(reason)s Nothing was imported."),
                   n=ev.seq, type=ev.type[:40], reason=refusal(err))


def _failed(ev: Event, err: Exception) -> Invalid:
    """A reducer's failure on an event: the import is refused, naming it."""
    return Invalid(N_("Event %(n)d (%(type)s) cannot be replayed (%(reason)s). Nothing was imported."),
                   n=ev.seq, type=ev.type[:40], reason=why_failed(err)[:120])


def _checked(state: dict, ev: Event, at_record: bool = False) -> None:
    """The event's payload passes its type's check (the one its command passes; ``at_record``: where it was
    recorded, with the needs checked only there), else ``Invalid`` naming it."""
    try:
        check_payload(state, ev.type, ev.payload, at_record=at_record)
    except Invalid as err:
        raise _refused(ev, err) from None


def _undo_checked(walker: Walker, ev: Event) -> None:
    """An undo passes the check of the route that records it (``companion.events``: ``undo.event`` the rule of
    ``companion.game.spine.undo.undo_target``), else ``Invalid`` naming it and the event in its way."""
    if ev.type == UNDO_EVENT:
        target, after = undo_target(walker.active, ev.payload.get("target"))
        if target is None:
            raise Invalid(N_("Event %(n)d (%(type)s) cannot be replayed: entry #%(target)s is not in force. Nothing "
                             "was imported."), n=ev.seq, type=ev.type, target=str(ev.payload.get("target"))[:12])
        if after is not None:
            raise Invalid(N_("Event %(n)d (%(type)s) cannot be replayed: entry #%(target)d cannot be taken back "
                             "alone, entry #%(since)d (%(since_type)s) depends on it. Nothing was imported."),
                          n=ev.seq, type=ev.type, target=target.seq, since=after.seq, since_type=after.type[:40])
    elif (ev.type == UNDO and not walker.active) or (ev.type == REDO and not walker.undone):
        raise Invalid(N_("Event %(n)d (%(type)s) cannot be replayed: there is nothing to take back or put back. "
                         "Nothing was imported."), n=ev.seq, type=ev.type)


class _Replay:
    def __init__(self, game_id: int, setup: dict, seed: str):
        start = initial_state(game_id, setup, seed)
        self.walker = Walker()  # which events are in force after every undo and redo, as the fold follows them
        self.changed = 0  # the lowest index of ``walker.active`` changed since the last catch-up
        reset_foreign()
        self.state = track(copy.deepcopy(start))  # journaled (companion/game/spine/journal.py)
        self.held: list[Event] = []  # the events ``state`` holds, in order
        # pickled copies of the state after the first k active events (k ascending): [(k, bytes)]
        self.checkpoints: list[tuple[int, bytes]] = [(0, pickle.dumps(self.state, protocol=pickle.HIGHEST_PROTOCOL))]
        # the inverses of the changes of the latest held events (the last of ``held``, at most JOURNAL_DEPTH)
        self.journals: deque[Journal] = deque(maxlen=JOURNAL_DEPTH)
        self.skipped: dict[int, str] = {}  # held events applied again after an undo that no longer apply: why

    def _apply_again(self, ev: Event, journal: Journal) -> None:
        """Apply an event again after an undo or redo changed the events before it, exactly as the game's fold
        does (``companion.state.apply_event``): one that no longer applies is skipped, its partial changes taken
        back, and noted as the fold notes it."""
        try:
            apply_event(self.state, ev)
        except Refused as err:  # its payload check: the state is as it was
            self.skipped[ev.seq] = err.why
        except Exception as err:  # noqa: BLE001 - the reducer failed: take back what it changed, as the fold does
            journal.rewind()
            if saw_foreign():  # a change the journal cannot take back: refuse rather than guess
                raise _failed(ev, err) from None
            self.skipped[ev.seq] = why_failed(err)

    def _apply(self, ev: Event) -> None:
        fn = REDUCERS.get(ev.type)
        fn = getattr(fn, "raw", fn)  # a guarded reducer (the Dummy's) would hide the failure
        if fn is None:
            raise Invalid(N_("Event %(n)d (%(type)s) cannot be replayed: this version does not know that event "
                             "type. Nothing was imported."), n=ev.seq, type=ev.type[:40])
        _checked(self.state, ev, at_record=True)
        try:
            fn(self.state, ev.payload, ev)
        except Exception as err:  # noqa: BLE001 - any failure of a reducer refuses the import
            raise _failed(ev, err) from None

    def _drop(self, k: int) -> None:
        """Forget the held events from index ``k`` on (they are applied again)."""
        for ev in self.held[k:]:
            self.skipped.pop(ev.seq, None)
        del self.held[k:]

    def catch_up(self, strict_last: bool = False) -> None:
        """Bring the state to the end of the active events; after undos, from the latest checkpoint still valid.
        ``strict_last``: the last active event is new (just read), so it is checked strictly."""
        active, held = self.walker.active, self.held
        same = min(self.changed, len(held), len(active))
        self.changed = len(active)
        while same < len(held) and same < len(active) and held[same] is active[same]:
            same += 1  # e.g. an undo followed by its redo: the same event back in its place
        cps = self.checkpoints
        while cps[-1][0] > same:
            cps.pop()  # the state after events no longer in force at that place
        if same < len(held):
            back = len(held) - same
            if back <= len(self.journals) and not saw_foreign():
                for _ in range(back):  # take back the latest events' changes: their cost, not the state's size
                    self.journals.pop().rewind()
                self._drop(same)
            else:
                k, blob = cps[-1]
                self.state = pickle.loads(blob)
                self.journals.clear()
                self._drop(k)
        while len(held) < len(active):
            ev = active[len(held)]
            journal = Journal()
            with journal:
                if strict_last and len(held) == len(active) - 1:
                    self._apply(ev)  # the event just read: checked where it was recorded, as its command was
                else:
                    self._apply_again(ev, journal)
            self.journals.append(journal)
            held.append(ev)
            last_k, last_blob = cps[-1]
            if len(held) - last_k >= max(CHECKPOINT, len(last_blob) // BYTES_PER_EVENT):
                cps.append((len(held), pickle.dumps(self.state, protocol=pickle.HIGHEST_PROTOCOL)))

    def event(self, ev: Event) -> None:
        """Follow ``ev`` (``Walker.push``: the same walk as the fold's); a new event is applied at once, and so is
        a redone one (it must apply where it is put back); an undo only marks where the state must catch up."""
        self.changed = min(self.changed, self.walker.push(ev))
        if ev.type == REDO or ev.type not in UNDO_TYPES:
            self.catch_up(strict_last=ev.type not in UNDO_TYPES)


# The day the commands began refusing another kind's commands (companion.game.spine.command: declared): an entry
# recorded before it was taken by an older version, and an export holding it is the game as it was stored.
KINDS_HELD_SINCE = "2026-11-29"


def held_to_kind(setup: dict, events: list[Event]) -> None:
    """An import is held to its game's kind (``companion.game.kinds``): an entry in force of another kind of game
    refuses the file, naming it, unless an older version recorded it (``created`` before ``KINDS_HELD_SINCE``: such
    a game still loads where it is stored, so its export imports too: tables have games saved). One that was undone
    is kept: it changes nothing."""
    kind = kind_of(setup)
    active, _undone, _ = walk(events)
    for ev in active:
        if ev.type in REDUCERS and not holds_event(kind, ev.type) and not _older(ev):  # unknown: its replay refuses
            raise Invalid(N_("Event %(n)d (%(type)s) is not of this kind of game: this is a %(kind)s game. Undo that "
                             "entry in the game that was exported, then export it again. Nothing was imported."),
                          n=ev.seq, type=ev.type[:40], kind=term(kind.name))


def _older(ev: Event) -> bool:
    """Recorded before the commands refused another kind's (its ``created`` date, ``YYYY-MM-DD...``)."""
    created = ev.created if isinstance(ev.created, str) else ""
    return len(created) >= 10 and created[:10] < KINDS_HELD_SINCE


def replay_strict(game_id: int, setup: dict, seed: str, events: Iterable[Event]) -> dict:
    """The state after ``events``, every active event applied by its reducer; ``Invalid`` naming the first event
    that cannot be replayed."""
    events = list(events)
    held_to_kind(setup, events)
    r = _Replay(game_id, setup, seed)
    for ev in events:
        if ev.type in UNDO_TYPES:
            _checked(r.state, ev)
            _undo_checked(r.walker, ev)
        r.event(ev)
    r.catch_up()
    if r.skipped:
        types = {e.seq: e.type for e in r.held}
        r.state["failed_events"] = [failure(e.seq, types[e.seq], r.skipped[e.seq]) for e in r.held
                                    if e.seq in r.skipped]
    return r.state  # its dicts and lists are journal.TDict / TList: equal to plain ones, as JSON as plain ones
