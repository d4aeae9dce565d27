"""A game's export (JSON: its set-up, seed and whole event log) and the checks an import passes before anything is
written. The format is a contract: ``format_version`` 1; older exports still load. No Flask, no database: the web
layer writes the checked rows."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Iterable

from ...rules.text import N_, format_ok
from ...state import Event
from ..flow.setup import validate_setup
from .command import Invalid
from .fields import LARGEST, MAX_ID, is_json_whole, text_value
from .replay import replay_strict

FORMAT_VERSION = 1
MAX_EVENTS = 20_000  # a game has hundreds of events
MAX_BYTES = 4 * 1024 * 1024  # an export file
MAX_DEPTH = 32  # nesting of the export's JSON (an export nests about 8 deep)
MAX_SENTENCE = 1000
EVENT_FIELDS = {"seq", "type", "payload", "sentence", "text", "scope", "device", "created", "nonce"}


def export_dict(setup: dict, seed: str, events: Iterable[Any], exported: str) -> dict:
    """The export of a game: ``events`` are the stored events (``companion.state.Event``)."""
    return {
        "format_version": FORMAT_VERSION,
        "exported": exported,
        "setup": setup,
        "seed": seed,
        "events": [
            {"seq": e.seq, "type": e.type, "payload": e.payload, "sentence": e.sentence, "text": e.text,
             "scope": list(e.scope), "device": e.device, "created": e.created}
            for e in events
        ],
    }


@dataclass(frozen=True)
class ImportRow:
    """One event of an import, checked: what the web layer writes into the event table."""

    seq: int
    type: str
    payload: dict
    sentence: dict
    text: str
    scope: list
    device: str | None
    created: str | None


@dataclass(frozen=True)
class ImportPlan:
    setup: dict
    seed: str | None
    events: tuple[ImportRow, ...]


def _damaged(n: Any, what: str) -> Invalid:
    return Invalid(N_("Event %(n)s is damaged (%(what)s). Nothing was imported."), n=str(n)[:12], what=what)


def _short_text(value: Any, n: int, what: str, max_len: int) -> str:
    if not isinstance(value, str) or len(value) > max_len:
        raise _damaged(n, what)
    try:
        return text_value(value, what, max_len=max_len)
    except Invalid:
        raise _damaged(n, what) from None


def _sentence(raw: Any, n: int, depth: int = 0) -> dict:
    """A log sentence as ``companion.game.spine.sentences.render_sentence`` reads it: a short msgid (no huge widths such
    as ``%(x)999999999d``), arguments of plain values, names, terms, lists of text or one nested sentence."""
    if not isinstance(raw, dict) or depth > 2 or not set(raw) <= {"msg", "args", "t", "nested", "by", "plural",
                                                                  "count"}:
        raise _damaged(n, "sentence")
    msg = raw.get("msg")
    if not isinstance(msg, str) or len(msg) > MAX_SENTENCE or not format_ok(msg):
        raise _damaged(n, "sentence")
    plural, count = raw.get("plural"), raw.get("count")
    if (plural is not None or count is not None) and not (
            isinstance(plural, str) and len(plural) <= MAX_SENTENCE and format_ok(plural)
            and isinstance(count, str) and count in (raw.get("args") or {})):
        raise _damaged(n, "sentence")
    by = raw.get("by")  # the device that made it (companion.game.spine.undo.by_of)
    if by is not None and not (isinstance(by, dict) and set(by) <= {"role", "player"}
                               and (by.get("role") is None or (isinstance(by["role"], str) and len(by["role"]) <= 20))
                               and (by.get("player") is None or (isinstance(by["player"], int)
                                                                 and not isinstance(by["player"], bool)))):
        raise _damaged(n, "sentence")
    args = raw.get("args", {})
    t = raw.get("t", [])
    nested = raw.get("nested")
    if not isinstance(args, dict) or len(args) > 40 or not isinstance(t, list) \
            or not all(isinstance(k, str) for k in t) or (nested is not None and not isinstance(nested, str)):
        raise _damaged(n, "sentence")
    for key, value in args.items():
        if value is None or isinstance(value, (str, int, float)):
            continue
        if isinstance(value, list) and len(value) <= 40 and all(isinstance(x, str) for x in value):
            continue
        if isinstance(value, dict) and set(value) == {"$name"} and isinstance(value["$name"], list) \
                and len(value["$name"]) == 2 and all(isinstance(x, str) for x in value["$name"]):
            continue
        if isinstance(value, dict) and set(value) == {"$term"} and isinstance(value["$term"], str):
            continue
        if isinstance(value, dict) and key == nested:
            _sentence(value, n, depth + 1)
            continue
        raise _damaged(n, "sentence")
    return raw


def _row(e: Any) -> ImportRow:
    n = e["seq"]
    if not set(e) <= EVENT_FIELDS:
        raise _damaged(n, "unknown field " + ", ".join(sorted(str(k) for k in set(e) - EVENT_FIELDS))[:60])
    type_ = _short_text(e.get("type"), n, "type", MAX_ID)
    if not isinstance(e.get("payload"), dict):
        raise _damaged(n, "payload")
    text = e.get("text")
    scope = e.get("scope")
    device = e.get("device")
    created = e.get("created")
    sentence = _sentence(e["sentence"], n) if e.get("sentence") is not None else None
    if text is not None:
        _short_text(text, n, "text", MAX_SENTENCE) if text else None
    if scope is not None:
        if not isinstance(scope, list) or len(scope) > 20:
            raise _damaged(n, "scope")
        scope = [_short_text(x, n, "scope", 100) for x in scope]
    if device is not None:
        device = _short_text(device, n, "device", 64) or None
    if created is not None:
        created = _short_text(created, n, "created", 40) or None
    return ImportRow(seq=n, type=type_, payload=e["payload"],
                     sentence=sentence or {"msg": text or type_, "args": {}}, text=text or "",
                     scope=list(scope or ["*"]), device=device, created=created)


def _numbers_in_range(data: Any) -> None:
    """No whole number of an export comes near 10^9 (a huge device id or count is a damaged file)."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > LARGEST:
            raise Invalid(N_("The export contains a number too large to be a game's (%(value)s)."),
                          value=str(value)[:20] + ("…" if len(str(value)) > 20 else ""))


def check_import(data: Any) -> ImportPlan:
    """Everything an import needs, checked strictly, and every event replayed through the reducers (a file that
    cannot be replayed is refused whole, naming the event); ``Invalid`` with the reason otherwise."""
    if not isinstance(data, dict) or not is_json_whole(data.get("format_version")) \
            or data.get("format_version") != FORMAT_VERSION:
        raise Invalid(N_("This is not a game export this version can read (format_version %(v)d expected)."),
                      v=FORMAT_VERSION)
    events = data.get("events")
    if not isinstance(events, list):
        raise Invalid(N_("The export has no list of events."))
    if len(events) > MAX_EVENTS:
        raise Invalid(N_("The export has too many events (at most %(n)d)."), n=MAX_EVENTS)
    _numbers_in_range(data)
    setup = data.get("setup")
    if setup is None:
        setup = {}
    if not isinstance(setup, dict):
        raise Invalid(N_("The export's set-up must be an object."))
    had_start = "start" in setup
    setup = validate_setup(setup, new=False)  # a game an older version made stays importable
    if not had_start:
        # an export from before the scenario start values were applied: its players started at 0, as the
        # table played it (its log already holds any correction they made)
        setup.pop("start", None)
    seqs = [e.get("seq") for e in events if isinstance(e, dict)]
    if len(seqs) != len(events) or not all(is_json_whole(s) for s in seqs) or seqs != list(range(1, len(events) + 1)):
        raise Invalid(N_("The export's events must be numbered 1, 2, 3 … without gaps."))
    seed = data.get("seed")
    if seed is not None and seed != "":
        if not isinstance(seed, str) or len(seed) > 64 or not seed.isascii() or not seed.isprintable():
            raise Invalid(N_("The export's seed must be a short text."))
    rows = tuple(_row(e) for e in events)
    replay_strict(0, setup, seed or "import-check", [
        Event(seq=r.seq, type=r.type, payload=copy.deepcopy(r.payload), sentence=r.sentence, scope=tuple(r.scope),
              created=r.created or "")
        for r in rows])
    return ImportPlan(setup=setup, seed=seed or None, events=rows)
