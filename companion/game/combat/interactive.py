"""Interactive Combat (Scenario Book, Variants): "whenever a player starts a fight with a single enemy", the player
who played before secretly sets a mana die: white, the enemy has +1 Armor in the Ranged and Siege Attack phase;
red, +1 to its Attack; blue, +1 Armor in the Attack phase; "in all the above cases, the enemy is worth 1 more Fame
for being defeated"; black (or green or gold): no bonus, no extra Fame.

Event ``combat.interactive`` ``{color}`` (scope ``("combat",)``), recorded in the set-up phase of a game played
with the ``interactive_combat`` variant; the phase reducer applies the Armor at the start of its phase."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.text import N_
from ...state import reducer
from ..spine.command import Command, Invalid, command
from ..spine.fields import colour
from ..spine.sentences import sentence
from .forms import need_current
from .state import SCOPE, current

COLORS = ("white", "red", "blue", "black", "green", "gold")
BONUS_COLORS = ("white", "red", "blue")


@reducer("combat.interactive")
def _interactive(state, p, ev):
    cur = current(state)
    if cur is None or not cur["enemies"]:
        return
    cur["interactive"] = p["color"]
    if p["color"] == "red":
        for e in cur["enemies"]:
            e["attacks"] = [{**a, "value": int(a["value"]) + 1} for a in e.get("attacks") or ()]


def on_phase(cur: dict, to: str) -> None:
    """White: +1 Armor during the Ranged and Siege Attack phase only; blue: +1 Armor in the Attack phase."""
    color = cur.get("interactive")
    if color not in ("white", "blue"):
        return
    for e in cur["enemies"]:
        bonus = int(e.get("armor_bonus") or 0)
        if color == "white" and to == "ranged_siege" and not e.get("interactive_armor"):
            e["armor_bonus"], e["interactive_armor"] = bonus + 1, True
        elif color == "white" and to != "ranged_siege" and e.get("interactive_armor"):
            e["armor_bonus"], e["interactive_armor"] = bonus - 1, False
        elif color == "blue" and to == "attack" and not e.get("interactive_armor"):
            e["armor_bonus"], e["interactive_armor"] = bonus + 1, True


def extra_fame(cur: dict) -> int:
    """1 more Fame per defeated enemy when the colour gave it a bonus."""
    if cur.get("interactive") not in BONUS_COLORS:
        return 0
    return sum(1 for e in cur["enemies"] if e.get("defeated"))


def interactive_allowed(state: dict, p: dict | None = None) -> None:
    """The command's and its event's check (combat/payloads.py)."""
    cur = need_current(state, ("setup",))
    if "interactive_combat" not in (state["game"].get("variants") or ()):
        raise Invalid(N_("This game is not played with the Interactive Combat variant."))
    if len(cur["enemies"]) != 1:
        raise Invalid(N_("Interactive Combat applies to a fight against a single enemy."))
    if cur.get("interactive"):
        raise Invalid(N_("The colour is already set for this combat."))


@command("combat_interactive")
def cmd_interactive(state: dict, data: Mapping[str, Any]) -> Command:
    interactive_allowed(state)
    color = colour(data, "color", COLORS)
    names = {"white": N_("white"), "red": N_("red"), "blue": N_("blue"), "black": N_("black"),
             "green": N_("green"), "gold": N_("gold")}
    s = sentence(N_("Interactive Combat: the die showed %(color)s."), translate=("color",), color=names[color])
    return Command("combat.interactive", {"color": color}, s, (SCOPE,))
