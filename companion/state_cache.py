"""The folded state of each game, kept in the process so that a request's cost does not grow with the log.

An entry is keyed by (database, game id, game seed) and holds the state folded up to a sequence number. A
request first asks for the game's last sequence number (one indexed query) and then:
- same number: a hit, the cached state is copied out;
- higher number and no undo/redo among the new events: the new events are applied to a copy of the cached
  state (``state.advance``), the cost of the new events only;
- otherwise (undo/redo, a reducer that fails, nothing cached): the whole log is folded again.
The cached state is stored pickled, so no caller can ever mutate it: every caller gets its own copy.
Entries are evicted least recently used first (``MAX_GAMES``); a lock guards the table (waitress serves
requests from several threads); folding happens outside the lock and the newest fold wins.
The game's seed is part of the key: a deleted game whose id is reused by a new game never sees the old state.
"""
from __future__ import annotations

import copy
import pickle
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from .state import UNDO_TYPES, Event, advance, fold

MAX_GAMES = 64


@dataclass(frozen=True)
class _Entry:
    seq: int
    blob: bytes | None  # the pickled state (None: not picklable, then ``obj`` is a private deep copy)
    obj: Any = None

    @classmethod
    def of(cls, seq: int, state: dict) -> "_Entry":
        try:
            return cls(seq, pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
        except Exception:  # noqa: BLE001 - an unpicklable value in some reducer's state: deep copies instead
            return cls(seq, None, copy.deepcopy(state))

    def state(self) -> dict:
        return pickle.loads(self.blob) if self.blob is not None else copy.deepcopy(self.obj)


class StateCache:
    def __init__(self, max_games: int = MAX_GAMES):
        self.max_games = max_games
        self._lock = threading.Lock()
        self._entries: OrderedDict[tuple, _Entry] = OrderedDict()
        self.stats = {"hit": 0, "incremental": 0, "full": 0}

    def _get(self, key: tuple) -> _Entry | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
            return entry

    def _put(self, key: tuple, entry: _Entry) -> None:
        with self._lock:
            old = self._entries.get(key)
            if old is not None and old.seq > entry.seq:
                return  # another thread already stored a newer fold
            self._entries[key] = entry
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_games:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def state(self, db, namespace: str, game_id: int, setup: dict, seed: str, last: int | None = None
              ) -> tuple[dict, int]:
        """(a private copy of the game's state, the sequence number it is folded up to)."""
        from .events import last_seq, load_events

        key = (namespace, game_id, seed)
        if last is None:
            last = last_seq(db, game_id)
        entry = self._get(key)
        if entry is not None and entry.seq == last:
            self.stats["hit"] += 1
            return entry.state(), last
        if entry is not None and entry.seq < last:
            newer = load_events(db, game_id, after=entry.seq)
            if newer and not any(e.type in UNDO_TYPES for e in newer):
                state = entry.state()
                try:
                    advance(state, newer)
                except Exception:  # noqa: BLE001 - fold the whole log, which skips the failing event
                    pass
                else:
                    self.stats["incremental"] += 1
                    self._put(key, _Entry.of(newer[-1].seq, state))
                    return state, newer[-1].seq
        events = load_events(db, game_id)
        state, seq = self.fold(key, setup, events)
        return state, seq

    def fold(self, key: tuple, setup: dict, events: list[Event]) -> tuple[dict, int]:
        """Fold the whole log and remember the result."""
        self.stats["full"] += 1
        state = fold(key[1], setup, key[2], events)
        seq = events[-1].seq if events else 0
        self._put(key, _Entry.of(seq, state))
        return state, seq


CACHE = StateCache()
