"""Journaled state for the strict replay of an import (``companion.game.spine.replay``): every change a reducer makes
to the state is noted with its inverse, so the latest events can be taken back by running their inverses in
reverse instead of copying the whole state back from a checkpoint. An undo followed by a new event then costs
what the undone event changed, not the size of the state. No Flask.

``track(state)`` turns the state's dicts and lists into :class:`TDict` and :class:`TList` (subclasses: they
compare equal to plain ones, pickle, and ``isinstance(x, dict)`` holds); any dict or list put into them later is
turned too, so every container reachable in the state is tracked however a reducer reaches it. While a
:class:`Journal` is open (``with journal:``), each change appends its inverse; ``journal.rewind()`` runs them.
``plain(state)`` gives plain dicts and lists back.
"""
from __future__ import annotations

import threading
from typing import Any, Callable

_local = threading.local()  # .open: the inverses being written in this thread; .foreign: an untracked container seen
_ATOMS = (str, int, float, bool, type(None), bytes, frozenset)
_ATOM_TYPES = frozenset(_ATOMS)


def _note(inverse: Callable[[], None]) -> None:
    inverses = getattr(_local, "open", None)
    if inverses is not None:
        inverses.append(inverse)


def reset_foreign() -> None:
    _local.foreign = False


def saw_foreign() -> bool:
    """Whether a value that cannot be tracked (a set, an object) entered a tracked state in this thread since
    ``reset_foreign``: its changes would escape the journal, so the caller must not rewind."""
    return getattr(_local, "foreign", False)


def track(value: Any) -> Any:
    """The value with its dicts and lists (recursively) tracked; tracked containers are kept as they are."""
    t = type(value)
    if t in _ATOM_TYPES or t is TDict or t is TList:
        return value
    if isinstance(value, dict):
        out = TDict()
        for k, v in value.items():
            dict.__setitem__(out, k, track(v))
        return out
    if isinstance(value, list):
        return TList([track(v) for v in value])
    if isinstance(value, tuple):
        for v in value:
            if not isinstance(v, _ATOMS) and not (isinstance(v, tuple) and track(v) is v):
                _local.foreign = True
        return value
    if not isinstance(value, _ATOMS):
        _local.foreign = True
    return value


def plain(value: Any) -> Any:
    t = type(value)
    if t in _ATOM_TYPES:
        return value
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


_MISSING = object()


class TDict(dict):
    __slots__ = ()

    def __setitem__(self, key, value):
        old = dict.get(self, key, _MISSING)
        _note(lambda: dict.__setitem__(self, key, old) if old is not _MISSING else dict.pop(self, key, None))
        dict.__setitem__(self, key, track(value))

    def __delitem__(self, key):
        old = dict.__getitem__(self, key)
        dict.__delitem__(self, key)
        _note(lambda: dict.__setitem__(self, key, old))

    def pop(self, key, *default):
        if key in self:
            old = dict.pop(self, key)
            _note(lambda: dict.__setitem__(self, key, old))
            return old
        return dict.pop(self, key, *default)

    def popitem(self):
        key, old = dict.popitem(self)
        _note(lambda: dict.__setitem__(self, key, old))
        return key, old

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return dict.__getitem__(self, key)

    def update(self, *args, **kwargs):
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def __ior__(self, other):
        self.update(other)
        return self

    def clear(self):
        old = dict(self)
        dict.clear(self)
        _note(lambda: (dict.clear(self), dict.update(self, old)))


class TList(list):
    __slots__ = ()

    def _snapshot(self) -> None:
        inverses = getattr(_local, "open", None)
        if inverses is not None:
            old = list(self)
            inverses.append(lambda: list.__setitem__(self, slice(None), old))

    def append(self, value):
        list.append(self, track(value))
        _note(lambda: list.pop(self))

    def pop(self, index=-1):
        n = len(self)
        old = list.pop(self, index)
        at = index if index >= 0 else n + index
        _note(lambda: list.insert(self, at, old))
        return old

    def extend(self, values):
        values = [track(v) for v in values]
        n = len(self)
        list.extend(self, values)
        _note(lambda: list.__delitem__(self, slice(n, None)))

    def __iadd__(self, values):
        self.extend(values)
        return self

    def insert(self, index, value):
        self._snapshot()
        list.insert(self, index, track(value))

    def __setitem__(self, index, value):
        self._snapshot()
        if isinstance(index, slice):
            list.__setitem__(self, index, [track(v) for v in value])
        else:
            list.__setitem__(self, index, track(value))

    def __delitem__(self, index):
        self._snapshot()
        list.__delitem__(self, index)

    def remove(self, value):
        self._snapshot()
        list.remove(self, value)

    def clear(self):
        self._snapshot()
        list.clear(self)

    def sort(self, *args, **kwargs):
        self._snapshot()
        list.sort(self, *args, **kwargs)

    def reverse(self):
        self._snapshot()
        list.reverse(self)

    def __imul__(self, n):
        self._snapshot()
        return list.__imul__(self, n)


class Journal:
    """The inverses of the changes made while it is open (``with journal:``); ``rewind()`` undoes them."""

    __slots__ = ("inverses",)

    def __init__(self) -> None:
        self.inverses: list[Callable[[], None]] = []

    def __enter__(self) -> "Journal":
        _local.open = self.inverses
        return self

    def __exit__(self, *exc) -> None:
        _local.open = None

    def rewind(self) -> None:
        for inverse in reversed(self.inverses):
            inverse()
        self.inverses.clear()
