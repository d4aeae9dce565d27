"""A game held in memory: the same commands, events and fold as a stored game, without a database or Flask.

Tests drive whole games through it (``LocalGame(setup).run("fame", player=0, amount=5)``), and an import is
replayed through it before anything is written.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...state import REDO, UNDO, UNDO_EVENT, Event, fold, walk
from .. import load_all
from .command import COMMANDS, Actor, Command, Invalid, apply, run
from .sentences import sentence
from .undo import check_undo, undo_sentence


class LocalGame:
    def __init__(self, setup: Mapping[str, Any], seed: str = "local-seed", game_id: int = 1):
        load_all()
        self.id = game_id
        self.setup = dict(setup)
        self.seed = seed
        self.events: list[Event] = []

    @property
    def seq(self) -> int:
        return self.events[-1].seq if self.events else 0

    @property
    def state(self) -> dict:
        return fold(self.id, self.setup, self.seed, self.events)

    def run(self, name: str, data: Mapping[str, Any] | None = None, device: str | None = None,
            actor: Actor | None = None, **fields: Any) -> Event:
        """Run the registered command ``name`` on the current state and record its event (``Invalid`` if refused);
        ``actor`` (the acting phone's player and role) is checked as the web layer checks it."""
        if COMMANDS.get(name) is None:
            raise KeyError(f"no command {name!r}")
        values = dict(data or {}, **fields)
        return self.record(run(name, self.state, values, actor), device=device)

    def record(self, cmd: Command, device: str | None = None) -> Event:
        """Record a command's event after checking that it applies (as the web layer does)."""
        apply(self.state, cmd, self.seq + 1)
        ev = Event(seq=self.seq + 1, type=cmd.type, payload=cmd.payload, sentence=cmd.sentence,
                   scope=tuple(cmd.scope), device=device)
        self.events.append(ev)
        return ev

    def undo(self, device: str | None = None) -> Event:
        active, _undone, _ = walk(self.events)
        if not active:
            raise Invalid("Nothing to undo.")
        return self._append(UNDO, device)

    def redo(self, device: str | None = None) -> Event:
        _active, undone, _ = walk(self.events)
        if not undone:
            raise Invalid("Nothing to redo.")
        return self._append(REDO, device)

    def undo_event(self, target_seq: int, device: str | None = None) -> Event:
        """Take back one chosen event (``undo.event``) under the rule of companion.game.spine.undo (``Invalid`` if refused)."""
        target = check_undo(self.events, target_seq)
        return self._append(UNDO_EVENT, device, {"target": target.seq}, undo_sentence(target))

    def _append(self, type_: str, device: str | None, payload: dict | None = None, s: dict | None = None) -> Event:
        ev = Event(seq=self.seq + 1, type=type_, payload=payload or {}, sentence=s or sentence(type_), device=device)
        self.events.append(ev)
        return ev
