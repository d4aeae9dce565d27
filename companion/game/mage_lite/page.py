"""What the Mage Lite page shows: the Mini Blitz set-up, the Round with the Dummy counter, Fame and the hero card,
the Reputation card step by step, the cities and the verdict, what to remember. Plain data over the folded state."""

from __future__ import annotations

from ...rules.data import get_rules
from ...rules.mage_lite import game as ml_rules
from .core import data, hero_card, level, ml, numbers, reputation
from .fights import SITE_NAMES
from .interact import interaction_view
from .reminders import reminders
from .setup import DIFFICULTY_NAMES, VARIANT_NAMES


def reputation_steps() -> list[dict]:
    """Every step of the card, -7 (the X) to +7, with its Influence modifier, side, quarter turns and number."""
    return [vars(ml_rules.reputation_card(data(), r)) for r in range(ml_rules.X, ml_rules.TOP + 1)]


def page_data(state: dict) -> dict:
    m = ml(state)
    n = numbers(state)
    lv = level(state)
    card = hero_card(state)
    rep = reputation(state)
    levels = get_rules().levels
    next_at = next((x.fame for x in levels if x.level == lv + 1 and x.level <= data().max_level), None)
    return {
        "m": m, "n": n, "player": state["players"][0], "round": state["round"], "time": state["time"],
        "rounds_left": max(0, n["rounds"] - state["round"]), "level": lv, "card": card, "next_at": next_at,
        "reward": ml_rules.level_reward, "rep": ml_rules.reputation_card(data(), rep),
        "steps": reputation_steps(), "changes": data().reputation_changes,
        "cities_left": [c for c in n["cities"] if c not in m["cities"]],
        "difficulty_names": DIFFICULTY_NAMES, "variant_names": VARIANT_NAMES,
        "colors": ("red", "blue", "green", "white"), "max_level": data().max_level,
        "remember": reminders(state),
        "level_ups_now": level_ups_now(m),
        "interact": interaction_view(state),  # interacting with locals and healing (interact.py)
        "fought_sites": set(SITE_NAMES.values()),  # sites a fight recorded: msgids, translated on the page
    }


def level_ups_now(m: dict) -> dict | None:
    """The latest Fame gain while its level-up still has its moment, else None. 004 "GAINING ADVANCED ACTIONS":
    "When you gain an advanced action, wait until you have drawn up your cards for your next turn to gain it": the
    instruction shows on the turn of the gain and the next one (a Round's end in between is no turn), and goes when
    that next turn is over (found by a first-evening walkthrough: it stayed on the page into the next Round)."""
    last = m.get("last_fame")
    if not last or not last.get("level_ups") or last.get("turns_since", 0) > 1:
        return None
    return last
