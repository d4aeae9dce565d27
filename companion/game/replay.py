"""A strict replay of an event log (an import's events) through the reducers: the first event that cannot be
replayed refuses the whole log, naming it. The stored-game fold (``companion.state.fold``) is lenient (it skips a
failing event so that a game that loaded always loads); an import must never need that leniency. No Flask.

Every kind of undo is followed as the fold follows it (``companion.state.walk``): ``undo`` takes back the latest
active event, ``undo.event`` one named event from anywhere ("Undo my last", the log page), ``redo`` puts the latest
undone event back in its place. Each event's payload passes its type's check (``companion.game.payloads``, the same
check a command's event passes before it is recorded) before its reducer runs. The replay keeps a copy of the state
every ``CHECKPOINT`` active events, so a new event after undos costs at most one copy and ``CHECKPOINT`` reducer
calls (an undo followed by its redo costs nothing): the work stays linear in the log's length however many undos
it holds.
"""

from __future__ import annotations

import copy
from typing import Iterable

from ..rules.text import N_
from ..state import REDO, REDUCERS, UNDO, UNDO_EVENT, Event, initial_state
from .command import Invalid
from .payloads import check_payload, refusal

CHECKPOINT = 32


class _Replay:
    def __init__(self, game_id: int, setup: dict, seed: str):
        start = initial_state(game_id, setup, seed)
        self.active: list[Event] = []
        self.undone: list[Event] = []
        self.state = copy.deepcopy(start)
        self.held: list[Event] = []  # the events ``state`` holds, in order
        # copies of the state after the first k active events: k -> (the k-th event, state)
        self.checkpoints: dict[int, tuple[Event | None, dict]] = {0: (None, start)}
        self.changed_at: int | None = None  # the first place of ``active`` changed since ``state`` was brought up

    def _changed(self, at: int) -> None:
        """An event was taken out of or put back into ``active`` at place ``at`` (not at its end): the
        checkpoints after it no longer hold the events before them."""
        for k in [k for k in self.checkpoints if k > at]:
            del self.checkpoints[k]
        self.changed_at = at if self.changed_at is None else min(self.changed_at, at)

    def _apply(self, ev: Event) -> None:
        fn = REDUCERS.get(ev.type)
        fn = getattr(fn, "raw", fn)  # a guarded reducer (the Dummy's) would hide the failure
        if fn is None:
            raise Invalid(N_("Event %(n)d (%(type)s) cannot be replayed: this version does not know that event "
                             "type. Nothing was imported."), n=ev.seq, type=ev.type[:40])
        try:
            check_payload(self.state, ev.type, ev.payload)
        except Invalid as err:
            raise Invalid(N_("Event %(n)d (%(type)s) cannot be replayed: %(reason)s Nothing was imported."),
                          n=ev.seq, type=ev.type[:40], reason=refusal(err)) from None
        try:
            fn(self.state, ev.payload, ev)
        except Exception as err:  # noqa: BLE001 - any failure of a reducer refuses the import
            raise Invalid(N_("Event %(n)d (%(type)s) cannot be replayed (%(reason)s). Nothing was imported."),
                          n=ev.seq, type=ev.type[:40], reason=f"{type(err).__name__}: {err}"[:120]) from None

    def _is_prefix(self, k: int, last: Event | None) -> bool:
        """Whether the first ``k`` active events end with ``last`` (events are unique and undo/redo work as a
        stack, so the same event at the same place means the same events before it)."""
        return k <= len(self.active) and (k == 0 or self.active[k - 1] is last)

    def catch_up(self) -> None:
        """Bring the state to the end of ``active``; after undos, from the nearest checkpoint still valid."""
        changed = self.changed_at is not None and self.changed_at < len(self.held)
        self.changed_at = None
        if changed or not self._is_prefix(len(self.held), self.held[-1] if self.held else None):
            k = max(k for k, (last, _s) in self.checkpoints.items() if self._is_prefix(k, last))
            self.state = copy.deepcopy(self.checkpoints[k][1])
            self.held = self.active[:k]
        while len(self.held) < len(self.active):
            ev = self.active[len(self.held)]
            self._apply(ev)
            self.held.append(ev)
            if len(self.held) % CHECKPOINT == 0:
                self.checkpoints[len(self.held)] = (ev, copy.deepcopy(self.state))

    def event(self, ev: Event) -> None:
        if ev.type == UNDO:
            if self.active:
                self.undone.append(self.active.pop())
        elif ev.type == UNDO_EVENT:
            target = ev.payload.get("target")
            at = next((i for i, e in enumerate(self.active) if e.seq == target), None)
            if at is not None:
                self.undone.append(self.active.pop(at))
                if at < len(self.active):
                    self._changed(at)
        elif ev.type == REDO:
            if self.undone:
                target = self.undone.pop()
                at = len(self.active)  # back in its place in the log (as ``companion.state.walk``)
                while at and self.active[at - 1].seq > target.seq:
                    at -= 1
                self.active.insert(at, target)
                if at < len(self.active) - 1:
                    self._changed(at)
                self.catch_up()  # a redone event must apply where it is put back
        else:
            self.undone.clear()
            self.catch_up()
            self.active.append(ev)
            self.catch_up()


def replay_strict(game_id: int, setup: dict, seed: str, events: Iterable[Event]) -> dict:
    """The state after ``events``, every active event applied by its reducer; ``Invalid`` naming the first event
    that cannot be replayed."""
    r = _Replay(game_id, setup, seed)
    for ev in events:
        if ev.type in (UNDO, REDO, UNDO_EVENT):
            try:
                check_payload(r.state, ev.type, ev.payload)
            except Invalid as err:
                raise Invalid(N_("Event %(n)d (%(type)s) cannot be replayed: %(reason)s Nothing was imported."),
                              n=ev.seq, type=ev.type, reason=refusal(err)) from None
        r.event(ev)
    r.catch_up()
    return r.state
