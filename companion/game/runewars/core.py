"""Runewars state helpers and page queries (pure: no Flask, no database).

``state["runewars"]``::

    unit_types  [{"id": "t1", "owner": player index | "neutral", "name", "initiative" 1-5,
                  "shape" triangle|rectangle|hexagon|circle, "health", "ability"}]
    battle      the battle being fought, or None (see battle.py)
    battles     finished battles: {"no", "area", "winner", "tally", "trace"}
    duel        the current or last duel, or None; duels: finished ones
    tests       attribute tests (latest last)
    limits      {"<player>": {"heroes": n, "quests": n}}
    quest_phase the Quest Phase being played, once the table has marked one: {"no": n, "acted": {hero: "duel" |
                "quest"}} (what each hero did in it, by his name casefolded); None before
"""

from __future__ import annotations

from ...rules.runewars import core as rw
from ...rules.text import N_
from ..spine.command import Invalid

MODE = "runewars"
NEUTRAL = "neutral"
MAX_TYPES = 60
MAX_HEALTH = 9
SIDE_NAMES = {"attacker": N_("attacker"), "defender": N_("defender")}


def fresh() -> dict:
    return {"unit_types": [], "next_id": 1, "battle": None, "battles": [], "duel": None, "duels": [], "tests": [],
            "limits": {}, "quest_phase": None}


def is_runewars(state: dict) -> bool:
    return state.get("game", {}).get("mode") == MODE


def rw_state(state: dict) -> dict:
    """The Runewars part of the state (created on first use by a reducer)."""
    if "runewars" not in state:
        state["runewars"] = fresh()
    return state["runewars"]


def view(state: dict) -> dict:
    """Read-only: the Runewars part, or an empty one for a game without events yet."""
    return state.get("runewars") or fresh()


def require_runewars(state: dict) -> None:
    if not is_runewars(state):
        raise Invalid(N_("This is not a Runewars game."))


def next_id(r: dict, prefix: str) -> str:
    n = r["next_id"]
    r["next_id"] = n + 1
    return f"{prefix}{n}"


BATTLE_SCOPE = "runewars:battle"  # the scope of a battle's events, and of whatever reads whether a battle is fought


def type_scope(type_id: str) -> str:
    """The scope of one unit type: its entry, its removal and every battle event that uses it name it, so a
    per-entry undo of the type is refused while a battle in force uses it (``companion.game.spine.undo``)."""
    return f"runewars:type:{type_id}"


def unit_type(state: dict, type_id: str) -> dict | None:
    return next((t for t in view(state)["unit_types"] if t["id"] == type_id), None)


def types_of(state: dict, owner) -> list[dict]:
    return [t for t in view(state)["unit_types"] if t["owner"] == owner]


# ---------------------------------------------------------------------------------------------- battle queries


def units_of(battle: dict, side: str) -> list[dict]:
    return [u for u in battle["units"] if u["side"] == side]


def as_rules_units(units: list[dict]) -> list[rw.Unit]:
    return [rw.Unit(u["id"], u["health"], u["damage"], u["routed"], u["destroyed"]) for u in units]


def standing_of_type(battle: dict, side: str, type_id: str) -> int:
    return sum(1 for u in units_of(battle, side) if u["type"] == type_id and not u["routed"] and not u["destroyed"])


def eligible_types(state: dict, battle: dict, side: str) -> list[dict]:
    """Rounds of Combat 1/2: a unit type of the round's initiative that has not drawn yet, with standing units."""
    seen = []
    for u in units_of(battle, side):
        if u["type"] in seen or u["type"] in battle["drawn"]:
            continue
        t = unit_type(state, u["type"])
        if t and t["initiative"] == battle["initiative"] and standing_of_type(battle, side, u["type"]):
            seen.append(u["type"])
    return [unit_type(state, t) for t in seen]


def pending_hits(battle: dict, side: str) -> tuple[int, int]:
    """Routs and damage this side must take: the ones on the cards its opponent drew."""
    other = "defender" if side == "attacker" else "attacker"
    d = battle["exchange"].get(other)
    return (d["routs"], d["damage"]) if d else (0, 0)


def needs_resolving(battle: dict, side: str) -> bool:
    routs, damage = pending_hits(battle, side)
    present = [u for u in units_of(battle, side) if not u["destroyed"]]
    return bool(present) and (routs or damage) > 0 and side not in battle["exchange"]["resolved"]


def advance(state: dict, battle: dict) -> None:
    """Move the battle on to whoever acts next (reducers call this after every change)."""
    ex = battle["exchange"]
    if battle["phase"] == "draw":
        if battle["turn"] == "attacker" and (ex.get("attacker") or not eligible_types(state, battle, "attacker")):
            battle["turn"] = "defender"
        if battle["turn"] == "defender" and (ex.get("defender") or not eligible_types(state, battle, "defender")):
            if ex.get("attacker") or ex.get("defender"):
                battle["phase"] = "resolve"
                battle["turn"] = "attacker"
            else:
                _next_initiative(state, battle)
                return
    if battle["phase"] == "resolve":
        for side in rw.SIDES:
            if not needs_resolving(battle, side) and side not in ex["resolved"]:
                ex["resolved"].append(side)
        pending = [s for s in rw.SIDES if s not in ex["resolved"]]
        if pending:
            battle["turn"] = pending[0]
            return
        # Rounds of Combat: "If there are any standing units of this initiative that have not drawn cards yet,
        # these steps are repeated."
        battle["exchange"] = {"attacker": None, "defender": None, "resolved": []}
        battle["phase"] = "draw"
        battle["turn"] = "attacker"
        advance(state, battle)


def _next_initiative(state: dict, battle: dict) -> None:
    battle["exchange"] = {"attacker": None, "defender": None, "resolved": []}
    while battle["initiative"] < 5:
        battle["initiative"] += 1
        if eligible_types(state, battle, "attacker") or eligible_types(state, battle, "defender"):
            battle["phase"] = "draw"
            battle["turn"] = "attacker"
            advance(state, battle)
            return
    battle["phase"] = "tally"
    battle["turn"] = None


def battle_tally(battle: dict) -> rw.Tally:
    a = sum(1 for u in units_of(battle, "attacker") if not u["routed"] and not u["destroyed"])
    d = sum(1 for u in units_of(battle, "defender") if not u["routed"] and not u["destroyed"])
    return rw.tally(a, d, battle["stronghold"])


def side_player(battle: dict, side: str):
    """The player who acts for a side: the defender of unallied neutral units is the player to the attacker's
    left (Battles 2)."""
    return battle["attacker"] if side == "attacker" else battle["controller"]
