"""The folded state of each game, kept in the process so that a request's cost follows its work, not the length
of the game's log.

An entry is keyed by (database, game id, game seed) and holds the game's events read so far (parsed once), the
walk of undo and redo over them (``state.Walker``), the state folded up to the last of them (pickled, so no
caller can ever mutate it: every caller gets its own copy) and **checkpoints**: the pickled state after the
first k active events, kept every ``CHECKPOINT_EVERY`` active events or more (the gap grows with the state's
size, so copying never costs more than folding). A request first asks for the game's last sequence number (one
indexed query) and then:
- same number: a hit, the cached state is copied out;
- higher number: only the new events are read. When they only add events in force, they are applied to a copy
  of the cached state; when they take back or put back an event (undo, redo, ``undo.event``), the state is
  resumed from the latest checkpoint before the first active event that changed, and only the events after it
  are applied: an undo at 3,000 events costs what it costs at 30;
- an event whose payload today's check refuses (``state.payload_check``: a game an earlier version stored) is
  skipped and named in ``state["failed_events"]`` exactly as the fold skips it (the check changes nothing, so
  the checkpoints stay the fold's);
- a reducer that fails: the whole log is folded again by ``state.fold`` (which skips that event and says so);
  from then on that game resumes from checkpoints no more (every undo refolds), as before.
Resuming from a checkpoint is exactly the fold: a checkpoint is the state after the same active events, in the
same order (``Walker.push`` names the first one that changed; checkpoints after it are dropped).

The cached log also serves the undo bar, the log page and undo itself (``log()``, ``state.Log``): none of them
reads or walks the whole log again.

Entries are evicted least recently used first (``MAX_GAMES``, and ``MAX_EVENTS`` events over all of them); a
lock guards the table and one lock per game guards its entry (waitress serves requests from several threads). The game's seed is part of the key: a deleted
game whose id is reused by a new game never sees the old state.
"""
from __future__ import annotations

import copy
import pickle
import threading
from collections import OrderedDict
from typing import Any

from .events import last_seq, load_events
from .state import Event, Log, Refused, Walker, apply_event, failure, fold, initial_state

MAX_GAMES = 64
MAX_EVENTS = 200_000  # events kept over all entries (about 150 MB at the worst): older games are dropped first
CHECKPOINT_EVERY = 32  # active events between two checkpoints at least
BYTES_PER_EVENT = 256  # ... and at least one event per this many bytes of the pickled state (copying <= folding)


def _dump(state: dict) -> Any:
    try:
        return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - an unpicklable value in some reducer's state: deep copies instead
        return _Copy(copy.deepcopy(state))


def _load(blob: Any) -> dict:
    return copy.deepcopy(blob.obj) if isinstance(blob, _Copy) else pickle.loads(blob)


def _size(blob: Any) -> int:
    return len(blob) if isinstance(blob, bytes) else 0


class _Copy:
    __slots__ = ("obj",)

    def __init__(self, obj: dict):
        self.obj = obj


class _Game:
    """One game's cached log, walk, state and checkpoints."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seq = 0
        self.events: list[Event] = []
        self.walker = Walker()  # replaced, never changed, once handed out (``log``)
        self.blob: Any = None  # the state after every active event (None: nothing folded yet)
        self.checkpoints: list[tuple[int, Any]] = []  # (k, the state after the first k active events)
        self.lenient = False  # a reducer failed once: the whole log is refolded on undo/redo


class StateCache:
    def __init__(self, max_games: int = MAX_GAMES):
        self.max_games = max_games
        self._lock = threading.Lock()
        self._entries: OrderedDict[tuple, _Game] = OrderedDict()
        self.stats = {"hit": 0, "incremental": 0, "checkpoint": 0, "full": 0}

    def _entry(self, key: tuple) -> _Game:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                entry = self._entries[key] = _Game()
            self._entries.move_to_end(key)
            self._trim()
            return entry

    def _trim(self) -> None:
        """Under the table's lock: drop the least recently used entries beyond the limits."""
        while len(self._entries) > self.max_games or (
                len(self._entries) > 1 and sum(len(e.events) for e in self._entries.values()) > MAX_EVENTS):
            self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def log(self, namespace: str, game_id: int, seed: str, seq: int) -> Log | None:
        """The game's events up to ``seq`` with their walk done, when the cache holds exactly those (else None:
        the caller reads the log)."""
        with self._lock:
            entry = self._entries.get((namespace, game_id, seed))
        if entry is None:
            return None
        with entry.lock:
            if entry.blob is None or entry.seq != seq:
                return None
            out = Log(entry.events)
            out.walker = entry.walker
            return out

    def state(self, db, namespace: str, game_id: int, setup: dict, seed: str, last: int | None = None
              ) -> tuple[dict, int]:
        """(a private copy of the game's state, the sequence number it is folded up to)."""
        key = (namespace, game_id, seed)
        if last is None:
            last = last_seq(db, game_id)
        entry = self._entry(key)
        with entry.lock:
            if entry.blob is not None and entry.seq >= last:
                self.stats["hit"] += 1
                return _load(entry.blob), entry.seq
            newer = load_events(db, game_id, after=entry.seq)
            if not newer and entry.blob is not None:
                self.stats["hit"] += 1
                return _load(entry.blob), entry.seq
            walker = entry.walker.copy()
            held = len(walker.active) if entry.blob is not None else -1  # active events the state holds
            changed = held if held >= 0 else 0
            for ev in newer:
                changed = min(changed, walker.push(ev))
            entry.events.extend(newer)
            entry.walker = walker
            if newer:
                entry.seq = newer[-1].seq
            state = self._catch_up(entry, game_id, setup, seed, held, changed)
            seq = entry.seq
        with self._lock:
            self._trim()
        return state, seq

    def _catch_up(self, entry: _Game, game_id: int, setup: dict, seed: str, held: int, changed: int) -> dict:
        """Bring the entry's state to the end of its active events; returns a private copy of it."""
        active = entry.walker.active
        if held < 0:  # nothing folded yet
            entry.checkpoints = [(0, _dump(copy.deepcopy(initial_state(game_id, setup, seed))))]
            k, state, kind = 0, _load(entry.checkpoints[0][1]), "full"
        elif changed >= held:  # only new events in force
            k, state, kind = held, _load(entry.blob), "incremental"
        elif not entry.lenient:  # an event in force was taken back or put back: from the checkpoint before it
            while entry.checkpoints[-1][0] > changed:
                entry.checkpoints.pop()
            k, blob = entry.checkpoints[-1]
            state, kind = _load(blob), "checkpoint"
        else:
            return self._refold(entry, game_id, setup, seed)
        try:
            last_k, last_size = (entry.checkpoints[-1][0], _size(entry.checkpoints[-1][1])) if entry.checkpoints \
                else (0, 0)
            for i in range(k, len(active)):
                ev = active[i]
                try:
                    apply_event(state, ev)  # its payload checked, then its reducer: as the fold applies it
                except Refused as err:  # skipped with the state as it was, named as the fold names it
                    state.setdefault("failed_events", []).append(failure(ev.seq, ev.type, err.why))
                if (not entry.lenient and i + 1 < len(active)
                        and i + 1 - last_k >= max(CHECKPOINT_EVERY, last_size // BYTES_PER_EVENT)):
                    blob = _dump(state)
                    entry.checkpoints.append((i + 1, blob))
                    last_k, last_size = i + 1, _size(blob)
        except Exception:  # noqa: BLE001 - fold the whole log, which skips the failing event and says so
            return self._refold(entry, game_id, setup, seed)
        self.stats[kind] += 1
        entry.blob = _dump(state)
        n = len(active)
        if not entry.lenient and n - entry.checkpoints[-1][0] >= max(CHECKPOINT_EVERY,
                                                                     _size(entry.checkpoints[-1][1]) // BYTES_PER_EVENT):
            entry.checkpoints.append((n, entry.blob))
        return state

    def _refold(self, entry: _Game, game_id: int, setup: dict, seed: str) -> dict:
        self.stats["full"] += 1
        state = fold(game_id, setup, seed, entry.events)
        entry.lenient = True
        entry.checkpoints = []
        entry.blob = _dump(state)
        return state

    def fold(self, key: tuple, setup: dict, events: list[Event]) -> tuple[dict, int]:
        """Fold the whole log (the events of a game just imported) and remember the result."""
        entry = self._entry(key)
        with entry.lock:
            entry.events, entry.walker, entry.blob, entry.seq, entry.lenient = [], Walker(), None, 0, False
            walker = Walker()
            for ev in events:
                walker.push(ev)
            entry.events = list(events)
            entry.walker = walker
            entry.seq = events[-1].seq if events else 0
            return self._catch_up(entry, key[1], setup, key[2], -1, 0), entry.seq


CACHE = StateCache()
