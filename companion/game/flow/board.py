"""What the game's board page shows: each player's trackers with the values derived from the Fame and Reputation
tracks (Rulebook, "Fame and Reputation"), whose turn the Dummy player has, and the scenario's set-up for this
player count (Scenario Book). Pure queries over the folded state; no Flask."""

from __future__ import annotations

from ...rules.data import get_rules
from ...rules.progression import reputation_modifier, standing
from ...state import COLORS, SHIELD_KINDS
from .hand_limit import hand_limit_now
from .round_tokens import planning_hand_limit
from .scenario_info import active, day_night_order, scenario, special_rules_here
from .scenario_play import board_view as scenario_board
from .units import recruit_modifiers


def players_view(state: dict, rules=None) -> list[dict]:
    rules = rules or get_rules()
    players = []
    for i, p in enumerate(state["players"]):
        st = standing(rules.levels, p["fame"])
        players.append({
            "index": i,
            "p": p,
            "standing": st,
            "reputation_modifier": reputation_modifier(rules.reputation, p["reputation"]),
            "hero": rules.heroes.get(p["hero"]) if p.get("hero") else None,
            "units_full": len(p["units"]) >= st.command_tokens,
            "hand": hand_limit_now(p),
            "planning_hand": planning_hand_limit(state, i),
            "recruit_modifiers": recruit_modifiers(p),
            "position": p.get("position") or {"near_keep": False, "city": "none"},
        })
    return players


def dummy_now(state: dict) -> bool:
    """The Dummy player's turn is next in the round order."""
    dummy = state.get("dummy")
    order = state.get("round_order") or []
    return bool(dummy and order and order[dummy.get("turn", 0) % len(order)] == "dummy")


def tracker_view(state: dict) -> dict:
    """Everything the tracker part of the board shows."""
    rules = get_rules()
    return {
        "dummy": state.get("dummy"),
        "dummy_now": dummy_now(state),
        "rules": rules,
        "players": players_view(state, rules),
        "scenario": rules.scenarios.get(state["game"]["scenario"]),
        "colors": COLORS,
        "shield_kinds": SHIELD_KINDS,
        "move_costs": list(rules.terrains.values()) if hasattr(rules.terrains, "values") else list(rules.terrains),
        "day_night": day_night_order(state),
        "scenario_actions": {"tiles": active(state, "fame_per_revealed_tile"),
                             "mines": active(state, "mine_liberation")},
        "scenario_play": scenario_board(state),  # game/flow/scenario_play.py: glades, mage-tower mana, rampage rolls
    }


def scenario_setup(state: dict, lang: str = "en") -> dict | None:
    """The scenario's set-up for this game's player count (Scenario Book), shown on the board; a solo game of a
    scenario with a solo variant shows the variant."""

    sc = scenario(state)
    if sc is None:
        return None
    n = len(state["players"])
    here = special_rules_here(state, sc)  # the Team Rules only in a team game
    return {
        "scenario": sc,
        "day_night": day_night_order(state),
        "tiles": {kind: counts.get(n) for kind, counts in sc.tiles.items() if counts.get(n) is not None},
        "city_levels": sc.city_levels.get(n, ()),
        "dummy": sc.dummy,
        "special_rules": [d if lang == "de" else r for r, d, _e in here],
        "effects": tuple(e for _r, _d, e in here),
        "variants": tuple(state["game"].get("variants") or ()),
    }
