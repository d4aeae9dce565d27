"""A game's export (JSON: its set-up, seed and whole event log) and the checks an import passes before anything is
written. The format is a contract: ``format_version`` 1; older exports still load. No Flask, no database: the web
layer writes the checked rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ..rules.text import N_
from .command import Invalid
from .setup import validate_setup

FORMAT_VERSION = 1
MAX_EVENTS = 100_000


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


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _row(e: Any) -> ImportRow:
    n = e["seq"]
    damaged = Invalid("Event %(n)d is damaged.", n=n)
    if not isinstance(e.get("type"), str) or not isinstance(e.get("payload"), dict):
        raise damaged
    sentence = e.get("sentence")
    text = e.get("text")
    scope = e.get("scope")
    device = e.get("device")
    created = e.get("created")
    if sentence is not None and not isinstance(sentence, dict):
        raise damaged
    if text is not None and not isinstance(text, str):
        raise damaged
    if scope is not None and not (isinstance(scope, list) and all(isinstance(s, str) for s in scope)):
        raise damaged
    if device is not None and not isinstance(device, str):
        raise damaged
    if created is not None and not isinstance(created, str):
        raise damaged
    return ImportRow(seq=n, type=e["type"], payload=e["payload"],
                     sentence=sentence or {"msg": text or e["type"], "args": {}}, text=text or "",
                     scope=list(scope or ["*"]), device=device, created=created or None)


def check_import(data: Any) -> ImportPlan:
    """Everything an import needs, checked strictly; ``Invalid`` with the reason otherwise."""
    if not isinstance(data, dict) or not _is_whole(data.get("format_version")) \
            or data.get("format_version") != FORMAT_VERSION:
        raise Invalid("This is not a game export this version can read (format_version %(v)d expected).",
                      v=FORMAT_VERSION)
    setup = data.get("setup")
    if setup is None:
        setup = {}
    if not isinstance(setup, dict):
        raise Invalid(N_("The export's set-up must be an object."))
    had_start = "start" in setup
    setup = validate_setup(setup)
    if not had_start:
        # an export from before the scenario start values were applied: its players started at 0, as the
        # table played it (its log already holds any correction they made)
        setup.pop("start", None)
    events = data.get("events")
    if not isinstance(events, list):
        raise Invalid("The export has no list of events.")
    if len(events) > MAX_EVENTS:
        raise Invalid(N_("The export has too many events (at most %(n)d)."), n=MAX_EVENTS)
    seqs = [e.get("seq") for e in events if isinstance(e, dict)]
    if len(seqs) != len(events) or not all(_is_whole(s) for s in seqs) or seqs != list(range(1, len(events) + 1)):
        raise Invalid("The export's events must be numbered 1, 2, 3 … without gaps.")
    seed = data.get("seed")
    return ImportPlan(setup=setup, seed=seed[:64] if isinstance(seed, str) and seed else None,
                      events=tuple(_row(e) for e in events))
