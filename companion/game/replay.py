"""A strict replay of an event log (an import's events) through the reducers: the first event that cannot be
replayed refuses the whole log, naming it. The stored-game fold (``companion.state.fold``) is lenient (it skips a
failing event so that a game that loaded always loads); an import must never need that leniency. No Flask.

Undo and redo are followed as the fold follows them (``companion.state.walk``). The replay keeps a copy of the state
every ``CHECKPOINT`` active events, so an undo costs at most one copy and ``CHECKPOINT`` reducer calls: the work
stays linear in the log's length however many undos it holds.
"""

from __future__ import annotations

import copy
from typing import Iterable

from ..rules.text import N_
from ..state import REDO, REDUCERS, UNDO, Event, initial_state
from .command import Invalid

CHECKPOINT = 32


class _Replay:
    def __init__(self, game_id: int, setup: dict, seed: str):
        self.start = initial_state(game_id, setup, seed)
        self.active: list[Event] = []
        self.undone: list[Event] = []
        self.state = copy.deepcopy(self.start)
        self.applied = 0  # how many of ``active`` the state holds
        self.checkpoints: dict[int, dict] = {0: self.start}

    def _apply(self, ev: Event) -> None:
        fn = REDUCERS.get(ev.type)
        if fn is None:
            raise Invalid(N_("Event %(n)d (%(type)s) cannot be replayed: this version does not know that event "
                             "type. Nothing was imported."), n=ev.seq, type=ev.type[:40])
        try:
            fn(self.state, ev.payload, ev)
        except Exception as err:  # noqa: BLE001 - any failure of a reducer refuses the import
            raise Invalid(N_("Event %(n)d (%(type)s) cannot be replayed (%(reason)s). Nothing was imported."),
                          n=ev.seq, type=ev.type[:40], reason=f"{type(err).__name__}: {err}"[:120]) from None

    def _catch_up(self) -> None:
        """Bring the state to the end of ``active`` (after undos/redos: from the nearest checkpoint)."""
        if self.applied > len(self.active) or self.applied < 0:
            base = max(k for k in self.checkpoints if k <= len(self.active))
            self.state = copy.deepcopy(self.checkpoints[base])
            self.applied = base
        while self.applied < len(self.active):
            self._apply(self.active[self.applied])
            self.applied += 1
            if self.applied % CHECKPOINT == 0:
                self.checkpoints[self.applied] = copy.deepcopy(self.state)

    def event(self, ev: Event) -> None:
        if ev.type == UNDO:
            if self.active:
                self.undone.append(self.active.pop())
                self._forget_after(len(self.active))
        elif ev.type == REDO:
            if self.undone:
                self.active.append(self.undone.pop())
                self._catch_up()  # a redone event must apply where it is put back
        else:
            self.undone.clear()
            self._catch_up()
            self.active.append(ev)
            self._catch_up()

    def _forget_after(self, n: int) -> None:
        for k in [k for k in self.checkpoints if k > n]:
            del self.checkpoints[k]
        if self.applied > n:
            self.applied = -1  # the state holds an undone event: rebuild from a checkpoint when needed


def replay_strict(game_id: int, setup: dict, seed: str, events: Iterable[Event]) -> dict:
    """The state after ``events``, every active event applied by its reducer; ``Invalid`` naming the first event
    that cannot be replayed."""
    r = _Replay(game_id, setup, seed)
    for ev in events:
        r.event(ev)
    r._catch_up()
    return r.state
