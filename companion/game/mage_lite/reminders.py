"""What the Mage Lite text says to remember (seed 004), remembered: spells, artifacts and Units owned and used this
Round ("Alternate Setup: Cubes"; all ready again at the end of the Round), the base game's commitment to spells or
to artifacts, crystals (Crystal expansion: at most 3 of each colour), the sites beaten, the Hand limit bonus of keeps
and a conquered city, the Influence bonus in a conquered city."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.mage_lite import game as ml_rules
from ...rules.text import N_
from ...state import Event, reducer
from ..spine.command import Command, Invalid, check, command
from ..spine.fields import between, choice, text
from ..spine.payloads import needs, needs_at_record
from ..spine.sentences import sentence
from .core import SCOPE, data, hero_card, live, ml, require_running
from .units import RESISTANCE_NAMES, card_fields, poison_deadline

KINDS = ("spell", "artifact", "unit")
KIND_NAMES = {"spell": N_("Spell"), "artifact": N_("Artifact"), "unit": N_("Unit")}
ITEM_ACTIONS = ("gain", "use", "lose", "ready")
NEAR = ("none", "keep", "city", "both")
NEAR_NAMES = {"none": N_("neither"), "keep": N_("a keep you own"), "city": N_("a conquered city"),
              "both": N_("both a keep you own and a conquered city")}
COLORS = ("red", "blue", "green", "white")


def _item(m: dict, item_id: str) -> dict | None:
    return next((i for i in m["items"] if i["id"] == item_id), None)


@reducer("mage_lite.item")
def _item_event(state: dict, p: dict, ev: Event) -> None:
    m = live(state)
    if p["action"] == "gain":
        m["items"].append({"id": f"i{m['next_id']}", "kind": p["kind"], "name": p["name"], "used": False})
        if p["kind"] == "unit" and p.get("armor"):
            # the Unit card's numbers typed at the gain (units.py); 004 "Newly recruited Units are always Ready and
            # not Wounded"
            m["items"][-1].update(armor=p["armor"], resistances=list(p.get("resistances") or ()), wounds=0)
        m["next_id"] += 1
        if not m["main_expansion"] and p["kind"] != "unit" and m["commitment"] is None:
            m["commitment"] = p["kind"]
        return
    item = _item(m, p["id"])
    if item is None:
        raise ValueError("no such item")
    if p["action"] == "use":
        item["used"] = True
        return
    if p["action"] == "ready":
        item["used"] = False  # 004 "UNITS": "Whenever an effect allows you to 'Ready a Unit' ... The Unit is now Ready"
        return
    m["items"].remove(item)
    if m["commitment"] and not any(i["kind"] == m["commitment"] for i in m["items"]):
        # "If you throw away your last artifact, you are not committed to artifact anymore."
        m["commitment"] = None


@reducer("mage_lite.site")
def _site(state: dict, p: dict, ev: Event) -> None:
    live(state)["sites"].append(p["name"])


@reducer("mage_lite.crystal")
def _crystal(state: dict, p: dict, ev: Event) -> None:
    live(state)
    crystals = state["players"][0]["crystals"]
    crystals[p["color"]], _tokens = ml_rules.add_crystal(crystals[p["color"]], p["delta"], data().crystal_limit)


@reducer("mage_lite.position")
def _position(state: dict, p: dict, ev: Event) -> None:
    live(state).update(keeps=p["keeps"], near=p["near"])


NAMES = ("mage_lite_item", "mage_lite_site", "mage_lite_crystal", "mage_lite_position")


@check(*NAMES)
def _running(state: dict, _form: Mapping[str, Any]) -> None:
    require_running(state)


@needs_at_record("mage_lite.item")
def gain_allowed(state: dict, p: Mapping[str, Any]) -> None:
    """What the state allows of a gain: the base game's commitment, a free Command token (their count follows the
    Fame). Checked where the event is recorded (the command's, an import's replay), not on the fold: a gain stored
    before its scope named the Fame would be lost there after a per-entry undo of an earlier Fame entry."""
    m = require_running(state)
    if p["action"] != "gain":
        return
    kind = p["kind"]
    if kind != "unit" and m["commitment"] and m["commitment"] != kind:
        raise Invalid(N_("In the base game you are committed to %(kind)s: you gain that kind instead."),
                      kind={"$term": KIND_NAMES[m["commitment"]]})
    if kind == "unit" and sum(i["kind"] == "unit" for i in m["items"]) >= hero_card(state).command_tokens:
        raise Invalid(N_("Every Command token has a Unit: disband one first."))


@needs("mage_lite.item")
def item_allowed(state: dict, p: Mapping[str, Any]) -> None:
    """What the state allows of a use or loss (the command's check, and an import's and the fold's:
    ``spine.payloads.needs``)."""
    m = require_running(state)
    if p["action"] == "gain":
        return
    item = _item(m, p["id"])
    if item is None:
        raise Invalid(N_("There is no such spell, artifact or Unit."))
    if p["action"] == "use" and item["used"]:
        raise Invalid(N_("%(name)s was already used this round."), name=item["name"])
    if p["action"] == "ready" and (item["kind"] != "unit" or not item["used"]):
        # 004 "UNITS": "Whenever an effect allows you to "Ready a Unit", you may select one of your spent Unit."
        raise Invalid(N_("Only a spent Unit can be readied."))
    if p["action"] == "use" and item.get("wounds"):
        # 004 "UNITS": "A Unit that is Ready and not Wounded may be activated for one of its abilities"
        raise Invalid(N_("%(name)s is wounded: heal it before you use it."), name=item["name"])


@command("mage_lite_item")
def cmd_item(state: dict, form: Mapping[str, Any]) -> Command:
    """A spell, artifact or Unit gained, used this Round, or lost (thrown away, disbanded). Base game: "When you
    gain your first artifact/spell, you are committing to using ONLY EITHER ARTIFACTS OR SPELLS"; a Unit needs a
    free Command token (its count follows the Fame: the scope names it)."""
    action = choice(form, "action", ITEM_ACTIONS)
    if action == "gain":
        kind = choice(form, "kind", KINDS)
        name = text(form, "name", default="", max_len=40)
        if not name:
            raise Invalid(N_("Enter its name as the card shows it."))
        payload = {"action": action, "kind": kind, "name": name}
        if kind == "unit" and form.get("armor") not in (None, ""):
            # the Unit card's Armor and resistances, typed once (else before its first fight: units.py)
            payload["armor"], payload["resistances"] = card_fields(form)
        gain_allowed(state, payload)
        return Command("mage_lite.item", payload,
                       sentence(N_("%(kind)s gained: %(name)s"), translate=("kind",), kind=KIND_NAMES[kind],
                                name=name), SCOPE + (("player:0:fame",) if kind == "unit" else ()))
    item_id = text(form, "id", default="", max_len=20)
    payload = {"action": action, "id": item_id}
    item_allowed(state, payload)
    item = _item(ml(state), item_id)
    msg = {"use": N_("%(name)s used this round"), "ready": N_("%(name)s is ready again")}.get(action,
                                                                                         N_("%(name)s is gone"))
    return Command("mage_lite.item", payload, sentence(msg, name=item["name"]), SCOPE)


@command("mage_lite_site")
def cmd_site(state: dict, form: Mapping[str, Any]) -> Command:
    """A site beaten ("Which sites on the map have been defeated")."""
    name = text(form, "name", default="", max_len=60)
    if not name:
        raise Invalid(N_("Enter the site (for example: keep on the second card)."))
    return Command("mage_lite.site", {"name": name}, sentence(N_("Site beaten: %(name)s"), name=name), SCOPE)


@command("mage_lite_crystal")
def cmd_crystal(state: dict, form: Mapping[str, Any]) -> Command:
    """Crystal expansion: "you can only have a maximum of 3 crystals of each color at a time. If you are meant to
    gain a crystal but already have 3 crystals of that color, gain a mana token instead.\""""
    if not ml(state)["crystals"]:
        raise Invalid(N_("There are no crystals without the Crystal expansion: you gain mana tokens."))
    color = choice(form, "color", COLORS)
    delta = between(form, "delta", -3, 3, label=N_("Crystals"))
    have = state["players"][0]["crystals"][color]
    if have + delta < 0:
        raise Invalid(N_("You have only %(n)d %(color)s crystals."), n=have, color={"$term": color})
    now, tokens = ml_rules.add_crystal(have, delta, data().crystal_limit)
    if tokens:
        s = sentence(N_("%(color)s crystals: %(before)d -> %(after)d (the rest as mana tokens: 3 is the most)"),
                     translate=("color",), color=color, before=have, after=now)
    else:
        s = sentence(N_("%(color)s crystals: %(before)d -> %(after)d"), translate=("color",), color=color,
                     before=have, after=now)
    return Command("mage_lite.crystal", {"color": color, "delta": delta}, s, SCOPE)


@needs_at_record("mage_lite.position")
def may_stand(state: dict, p: dict) -> None:
    """The hero may stand near a city once one is conquered, near a keep once they own one (the command's
    refusals, and its event's where it is recorded: an import's too; the game running is its registered check)."""
    require_running(state)
    if p["near"] in ("city", "both") and not ml(state)["cities"]:
        raise Invalid(N_("No city is conquered yet."))
    if p["near"] in ("keep", "both") and not p["keeps"]:
        raise Invalid(N_("You own no keep."))


@command("mage_lite_position")
def cmd_position(state: dict, form: Mapping[str, Any]) -> Command:
    """Keeps owned and whether the hero ends the turn on or next to a keep you own or a conquered city (End of
    Turn 3c-e)."""
    keeps = between(form, "keeps", 0, 9, label=N_("Keeps you own"))
    near = choice(form, "near", NEAR)
    may_stand(state, {"keeps": keeps, "near": near})
    return Command("mage_lite.position", {"keeps": keeps, "near": near},
                   sentence(N_("Keeps owned: %(keeps)d; the hero stands near: %(near)s"), translate=("near",),
                            keeps=keeps, near=NEAR_NAMES[near]), SCOPE)


def reminders(state: dict) -> dict:
    m = ml(state)
    card = hero_card(state)
    # 004 "End of Turn" 3e: "If both a keep and a city bonus are possible, use the higher bonus only."
    limit = ml_rules.hand_limit(card.hand_limit, m["keeps"], m["near"] in ("keep", "both"),
                                m["near"] in ("city", "both"), data().hand_bonus)
    return {"owned": m["items"], "commitment": m["commitment"], "sites": m["sites"], "keeps": m["keeps"],
            "near": m["near"], "hand_limit": limit, "hand_bonus": limit - card.hand_limit,
            "crystals": state["players"][0]["crystals"] if m["crystals"] else None,
            "crystal_limit": data().crystal_limit, "city_bonus": dict(m["city_defeated"]),
            "units": sum(i["kind"] == "unit" for i in m["items"]), "kind_names": KIND_NAMES,
            "resistance_names": RESISTANCE_NAMES,
            # a Poisoned Unit's deadline; any wounded Unit: Round 3a's reminder at the start of a turn
            "deadlines": {i["id"]: poison_deadline(state, i) for i in m["items"] if i["kind"] == "unit"},
            "wounded_units": any(i["kind"] == "unit" and i.get("wounds") for i in m["items"])}
