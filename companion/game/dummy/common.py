"""What every part of the Dummy player shares: the rules data it reads, the reducer registry that never lets a
stored event break the page, and the checks its commands share. Where the Dummy stands in the Round (its pointer,
whether its Round is running, the scenario's tactic rule, the Tactics left) is read from
``companion.game.flow.round_state``, which the whole Round flow asks."""

from __future__ import annotations

import copy
from typing import Any, Callable, Mapping

from ...rules import dummy as rules
from ...rules.data import get_rules
from ...rules.text import N_
from ...state import Event, reducer
from ..flow.scenario_info import total_rounds
from ..spine.command import Command, Invalid

MODES = ("virtual", "physical", "mage_lite")
SCOPE = ("dummy",)


# ---------------------------------------------------------------------------------------------- rules data

def heroes() -> list[Any]:
    return list(get_rules().heroes.values())


def hero(hero_id: str | None) -> Any:
    return get_rules().heroes.get(hero_id) if hero_id else None


def players_in_play(state: dict) -> list[str]:
    return [p["hero"] for p in state["players"] if p.get("hero")]


def is_final_day_or_night(state: dict) -> bool:
    """Full Cooperation: removing a Tactic "does not matter on the last day and the last night". The round that
    ends is the dummy's (the round tracker may already show the next one)."""
    ending = (state.get("dummy") or {}).get("round", state["round"])
    return ending >= total_rounds(state) - 1


def advanced_actions() -> list[Any]:
    cards = getattr(get_rules(), "cards", {}) or {}
    return sorted((c for c in cards.values() if getattr(c, "kind", "") == "advanced_action" and c.color),
                  key=lambda c: (rules.COLORS.index(c.color), c.name))


def zeros() -> dict[str, int]:
    return {c: 0 for c in rules.COLORS}


def advance_pointer(state: dict, d: dict) -> None:
    order = state.get("round_order") or []
    if order:
        d["turn"] = (d.get("turn", 0) + 1) % len(order)


def who_name(state: dict, who: Any, dummy_name: str = "Dummy player") -> str:
    if who == "dummy":
        return dummy_name
    try:
        return state["players"][int(who)]["name"]
    except (ValueError, IndexError, TypeError):
        return str(who)


# ---------------------------------------------------------------------------------------------- reducers

RAW_REDUCERS: dict[str, Callable[[dict, dict, Event], None]] = {}
_TOUCHED = ("dummy", "round_order", "round", "time", "players")


def dummy_reducer(event_type: str):
    """Register a reducer of the dummy. The fold runs on every page load, so a stored event that fails (an old log
    after the rules data changed) must not break the game: it is skipped, the state left as it was, and
    ``state["dummy_errors"]`` names it for the Dummy page (the fold would skip it too, but without saying which
    feature's event it was). The raw function is kept (``.raw``) for the commands' dry run, which must see the
    error."""

    def register(fn):
        RAW_REDUCERS[event_type] = fn

        def guarded(state: dict, p: dict, ev: Event) -> None:
            backup = copy.deepcopy({k: state[k] for k in _TOUCHED if k in state})
            try:
                fn(state, p, ev)
            except Exception as err:  # noqa: BLE001 - any failure leaves the state as it was
                for k in _TOUCHED:
                    state.pop(k, None)
                state.update(backup)
                state.setdefault("dummy_errors", []).append({"seq": ev.seq, "type": event_type, "error": str(err)})

        guarded.raw = fn  # what companion.game.spine.command.apply dry-runs
        guarded.__name__ = fn.__name__
        guarded.__doc__ = fn.__doc__
        return reducer(event_type)(guarded)

    return register


def dummy_command(type_: str, payload: dict, sent: dict, scope: tuple[str, ...] = SCOPE) -> Command:
    """The command's event (in the Dummy's scope unless said otherwise). Recording it dry-runs the raw reducer on
    a copy of the state (``companion.game.spine.command.apply``), so a rules error is a refusal, never an error page."""
    return Command(type_, payload, sent, scope)


# ---------------------------------------------------------------------------------------------- shared checks

def need_dummy(state: dict) -> dict:
    d = state.get("dummy")
    if not d:
        raise Invalid(N_("Set up the Dummy player first."))
    return d


def color(data: Mapping[str, Any], name: str = "color", *, required: bool = True) -> str | None:
    return color_value(data.get(name) if hasattr(data, "get") else None, required=required)


def color_value(value: Any, *, required: bool = True) -> str | None:
    if value in (None, ""):
        if required:
            raise Invalid(N_("Choose a colour."))
        return None
    if not isinstance(value, str) or value not in rules.COLORS:
        raise Invalid(N_("Unknown colour: %(color)s."), color=str(value)[:20])
    return value


def text_or_none(data: Mapping[str, Any], name: str) -> str | None:
    """A short id from the form or JSON (anything but text is refused, not coerced)."""
    raw = data.get(name) if hasattr(data, "get") else None
    if raw in (None, ""):
        return None
    if not isinstance(raw, str):
        raise Invalid(N_("%(field)s must be text."), field=name)
    return raw.strip()[:200] or None
