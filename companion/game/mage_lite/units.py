"""Mage Lite's Units in a fight (seed 004 "UNITS", "Assign Damage phase" 3-6, "Enemy and Hero Abilities"): the
Units recorded on the Mage Lite page (``mage_lite.item`` kind "unit") with the Armor and resistances the player
types from the Unit card once (the text prints no Unit's numbers), fed to the combat referee in place of Mage
Knight's Units (``FightHooks.units``), and what a fight did to them written back at ``combat.end``.

A Unit item: ``{"id", "kind": "unit", "name", "used", "armor"?, "resistances"?, "wounds"?}``: ``armor`` (1-9) and
``resistances`` (some of "physical", "fire", "ice") once typed; ``wounds`` 0, 1 or 2 (Poison: "each Wound are
doubled"): the heals it still needs. Event ``mage_lite.unit``: ``{"action": "card", "id", "armor",
"resistances"}`` (the card's numbers, typed or corrected) or ``{"action": "heal", "id"}`` (one Wound healed).
No Flask.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.text import N_, Nn_
from ...state import Event, reducer
from ..spine.command import Command, Invalid, check, command
from ..spine.fields import between, choice, many, text
from ..spine.payloads import needs
from ..spine.sentences import plural_sentence, sentence
from .core import SCOPE, live, ml, require_running
from .payloads import RESISTANCES

# 004 "Unit Resistances" (Cold Resistance is the Ice Resistance of the Mage Knight referee)
RESISTANCE_NAMES = {"physical": N_("Physical Resistance"), "fire": N_("Fire Resistance"),
                    "ice": N_("Ice Resistance")}
ACTIONS = ("card", "heal")


def uid(item: Mapping[str, Any]) -> int:
    """The number the combat knows a Unit by: its item id without the "i" (``i3`` -> 3)."""
    return int(str(item["id"])[1:])


def unit_items(state: dict) -> list[dict]:
    return [i for i in ml(state)["items"] if i["kind"] == "unit"]


def combat_units(state: dict, _player: int) -> list[dict]:
    """The Units a fight can assign damage to, as the combat reads them: those whose Armor is typed (the others
    wait for their card's numbers). Spent Units too: 004 "Assign Damage phase" 4: "Unwounded Spent Units can have
    damage assigned to them". Their level is 1: the text prints none, and the referee uses it only to spare the
    higher ones when it suggests an assignment."""
    return [{"uid": uid(i), "name": i["name"], "armor": int(i["armor"]), "level": 1,
             "resistances": list(i.get("resistances") or ()), "wounded": bool(i.get("wounds")),
             "state": "spent" if i["used"] else "ready"}
            for i in unit_items(state) if i.get("armor")]


def untyped_units(state: dict) -> list[dict]:
    """The Units whose card numbers are not typed yet (the combat page asks for them)."""
    return [i for i in unit_items(state) if not i.get("armor")]


def apply_fight(state: dict, units) -> None:
    """``combat.end``: the Units a fight hurt. 004 "Assign Damage phase" 6a: Poison, "it is given two Wounds
    instead (meaning you will need to heal it twice, if not the unit will be disbanded)"; 6b / "Paralyze": "it is
    immediately disbanded". A Unit gone since (disbanded on the page) is skipped, and so is an item no fight could
    have offered (no Armor typed: an older game's fight named the player's Mage Knight Units by their own uids)."""
    m = ml(state)
    by_uid = {uid(i): i for i in unit_items(state) if i.get("armor")}
    for u in units:
        item = by_uid.get(int(u["uid"]))
        if item is None:
            continue
        if u.get("destroyed"):
            m["items"].remove(item)
        elif int(u.get("wounds") or 0):
            item["wounds"] = min(2, int(item.get("wounds") or 0) + int(u["wounds"]))
            if int(u["wounds"]) >= 2:
                # Poison: "A unit that is Wound twice need to be healed twice this turn or on the next, if not it
                # is disbanded": the turn it was poisoned (the game's turns played before it)
                item["poisoned_at"] = m.get("all_turns", 0)


def poison_deadline(state: dict, item: Mapping[str, Any]) -> str | None:
    """A Poisoned Unit's deadline (004 "Poison": "healed twice this turn or on the next, if not it is disbanded"):
    "this_or_next" (the turn it was poisoned), "this" (the next turn), "passed", or None (not poisoned, or poisoned
    in a game stored before the deadline was kept)."""
    if item.get("poisoned_at") is None or not item.get("wounds"):
        return None
    played = ml(state).get("all_turns", 0) - int(item["poisoned_at"])
    return ("this_or_next", "this")[played] if played < 2 else "passed"


def _unit(state: dict, item_id: str) -> dict | None:
    return next((i for i in unit_items(state) if i["id"] == item_id), None)


@needs("mage_lite.unit")
def unit_allowed(state: dict, p: Mapping[str, Any]) -> None:
    """What the state allows of a Unit event (the command's check, and an import's: ``spine.payloads.needs``)."""
    require_running(state)
    item = _unit(state, p["id"])
    if item is None:
        raise Invalid(N_("There is no such Unit."))
    if p["action"] != "heal":
        return
    if not item.get("wounds"):
        raise Invalid(N_("%(name)s is not wounded."), name=item["name"])
    if (state.get("combat") or {}).get("current"):
        # 004 "Combat" 5: "no healing effects may be played during combat"
        raise Invalid(N_("No healing during a combat: heal the Unit when the combat is over."))


@reducer("mage_lite.unit")
def _unit_event(state: dict, p: dict, ev: Event) -> None:
    live(state)
    item = _unit(state, p["id"])
    if item is None:
        raise ValueError("no such Unit")
    if p["action"] == "card":
        item["armor"] = p["armor"]
        item["resistances"] = [r for r in RESISTANCES if r in (p.get("resistances") or ())]
        item.setdefault("wounds", 0)
        return
    if not item.get("wounds"):
        raise ValueError("the Unit is not wounded")
    item["wounds"] = int(item["wounds"]) - 1
    if not item["wounds"]:
        item.pop("poisoned_at", None)


@check("mage_lite_unit")
def _running(state: dict, _form: Mapping[str, Any]) -> None:
    require_running(state)


def card_fields(form: Mapping[str, Any]) -> tuple[int, list[str]]:
    """The Unit card's Armor and resistances as typed (a gain's or a correction's)."""
    armor = between(form, "armor", 1, 9, label=N_("Armor"))
    raw = many(form, "resistance") or many(form, "resistances")
    for r in raw:
        if r not in RESISTANCES:
            raise Invalid(N_("The resistances are physical, fire and ice."))
    return armor, [r for r in RESISTANCES if r in raw]


@command("mage_lite_unit")
def cmd_unit(state: dict, form: Mapping[str, Any]) -> Command:
    """A Unit's card numbers typed once (``action`` "card": ``armor``, ``resistance`` repeated; the text prints
    none), or one Wound of a wounded Unit healed (``action`` "heal"; not during a combat: the scope names it)."""
    action = choice(form, "action", ACTIONS)
    item_id = text(form, "id", default="", max_len=20)
    if action == "card":
        armor, resistances = card_fields(form)
        payload = {"action": "card", "id": item_id, "armor": armor, "resistances": resistances}
        unit_allowed(state, payload)
        return Command("mage_lite.unit", payload,
                       plural_sentence(*Nn_("%(name)s, from the Unit card: Armor %(armor)d, %(n)d resistance",
                                            "%(name)s, from the Unit card: Armor %(armor)d, %(n)d resistances"),
                                       "n", name=_unit(state, item_id)["name"], armor=armor, n=len(resistances)),
                       SCOPE)
    payload = {"action": "heal", "id": item_id}
    unit_allowed(state, payload)
    item = _unit(state, item_id)
    msg = (N_("%(name)s is healed once: one more heal and it is unwounded") if int(item["wounds"]) > 1 else
           N_("%(name)s is healed: unwounded"))
    return Command("mage_lite.unit", payload, sentence(msg, name=item["name"]), SCOPE + ("combat",))
