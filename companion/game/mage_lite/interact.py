"""Mage Lite's interaction with locals and the hero's healing (seed 004, "Interacting with Locals", "HEALING", Site
Reference, City Reference). The app never sees the hand: the player enters the Influence played and what they buy;
the game adds the Reputation card's modifier and a conquered city's bonus once per turn, refuses the X of the
Reputation card and a purchase the Influence does not cover, and says how each point of healing is taken.

Events: ``mage_lite.interact`` ``{site, influence, buys, unit_cost, bonus, reputation_bonus, city_bonus, total,
spent}`` (``bonus``: the Reputation card's modifier and the city's applied with this one: the first interaction of
the turn); ``mage_lite.heal`` ``{amount, source}`` (``source``: "effect", a card's or a Unit's Heal, or "glade", the
Magical Glade's Heal 1 at the end of the turn). ``state["mage_lite"]``: ``interacted`` ([round, turns] of the last
interaction: the turn its bonus was applied), ``last_interaction``, ``last_heal``. No Flask.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.mage_lite import game as ml_rules
from ...rules.text import N_
from ...state import Event, reducer
from ..spine.command import Command, Invalid, check, command
from ..spine.fields import between, choice
from ..spine.payloads import needs_at_record
from ..spine.sentences import sentence
from .core import SCOPE, data, live, ml, reputation, require_running

SITES = tuple(ml_rules.SITE_COSTS)
SITE_NAMES = {"village": N_("Village"), "monastery": N_("Monastery"), "refugee_camp": N_("Refugee Camp"),
              "keep": N_("Keep"), "mage_tower": N_("Mage tower"), "city_white": N_("White city"),
              "city_blue": N_("Blue city"), "city_green": N_("Green city"), "city_red": N_("Red city")}
HEAL_SOURCES = ("effect", "glade")
HEAL_SOURCE_NAMES = {"effect": N_("a card, Unit or Skill"), "glade": N_("Magical Glade"),
                     "village": N_("Village"), "monastery": N_("Monastery")}


def this_turn(state: dict) -> list[int]:
    """The turn now: [Round, turns played this Round]."""
    return [int(state["round"]), int(ml(state)["turns"])]


def bonus_now(state: dict) -> bool:
    """004 "Interacting with Locals" 5a: "You apply the bonus or penalty (for Reputation and for defeated enemy in
    a city) only once per turn": not yet applied this turn."""
    return ml(state).get("interacted") != this_turn(state)


def _modifier(state: dict) -> int | None:
    return ml_rules.reputation_card(data(), reputation(state)).modifier


def _result(state: dict, p: Mapping[str, Any]) -> ml_rules.Interaction:
    """The interaction ``p`` describes, as the rules compute it now (``ValueError`` when they refuse it)."""
    site = p["site"]
    city_bonus = 0
    if site.startswith("city_"):
        city_bonus = int(ml(state)["city_defeated"].get(site[5:], 0))
    return ml_rules.interaction(site, int(p["influence"]), _modifier(state), city_bonus, bonus_now(state),
                                p.get("buys") or {}, int(p.get("unit_cost") or 0), int(p.get("silver") or 0))


@needs_at_record("mage_lite.interact")
def may_interact(state: dict, p: Mapping[str, Any]) -> None:
    """What the state allows of an interaction (the command's refusals, and its event's where it is recorded: an
    import's too): the X of the Reputation card, a city not conquered, a keep not owned, more bought than paid."""
    m = require_running(state)
    if (state.get("combat") or {}).get("current"):
        raise Invalid(N_("Interacting is an action of its own: not during a combat."))
    if _modifier(state) is None:
        # 004 2a: "If your token is on the X space of the Reputation track, you cannot interact at all!"
        raise Invalid(N_("Your Reputation is on the X: you cannot interact with locals at all."))
    site = p["site"]
    if site.startswith("city_") and site[5:] not in m["cities"]:
        raise Invalid(N_("That city is not conquered: you interact only in a conquered city."))
    if site == "keep" and not m["keeps"]:
        raise Invalid(N_("You own no keep: you interact only at a keep you own."))
    sells = ml_rules.SITE_COSTS[site]
    if any(n and w not in sells for w, n in (p.get("buys") or {}).items()):
        raise Invalid(N_("The %(site)s does not sell that (seed 004's Site and City Reference)."),
                      site={"$term": SITE_NAMES[site]})
    res = _result(state, p)
    if res.spent > max(0, res.total):
        # 004 "Interacting with Locals" 5: "as long as you have the Influence points to pay for them"
        raise Invalid(N_("That costs %(spent)d Influence; your Influence total is %(total)d."), spent=res.spent,
                      total=res.total)


@reducer("mage_lite.interact")
def _interact(state: dict, p: dict, ev: Event) -> None:
    m = live(state)
    m["interacted"] = this_turn(state)
    m["last_interaction"] = {**p, "seq": ev.seq}


@reducer("mage_lite.heal")
def _heal(state: dict, p: dict, ev: Event) -> None:
    live(state)["last_heal"] = {**p, "seq": ev.seq}


@check("mage_lite_interact", "mage_lite_heal")
def _running(state: dict, _form: Mapping[str, Any]) -> None:
    require_running(state)


@command("mage_lite_interact")
def cmd_interact(state: dict, form: Mapping[str, Any]) -> Command:
    """004 "Interacting with Locals": the Influence played (``influence``), what is bought (``heal``,
    ``advanced_action``, ``spell``, ``artifact``: how many; ``unit_cost``: the Units recruited, their cost on the
    Unit card) at ``site``. The Reputation card's modifier and a conquered city's bonus are added once per turn."""
    site = choice(form, "site", SITES, label=N_("Site"))
    influence = between(form, "influence", 0, 99, default=0, label=N_("Influence played"))
    buys = {w: between(form, w, 0, 9, default=0, label=ml_rules.BUY_NAMES[w]) for w in ml_rules.BUYS}
    buys = {w: n for w, n in buys.items() if n}
    unit_cost = between(form, "unit_cost", 0, 99, default=0, label=N_("Units recruited: their cost"))
    # 004 "UNITS": recruiting Gold Units, the silver Units' Influence value counts too (optional: older games none)
    silver = between(form, "silver", 0, 99, default=0, label=N_("Your silver Units' Influence value"))
    p = {"site": site, "influence": influence, "buys": buys, "unit_cost": unit_cost,
         **({"silver": silver} if silver else {})}
    may_interact(state, p)
    res = _result(state, p)
    p.update(bonus=bonus_now(state), reputation_bonus=res.reputation_bonus, city_bonus=res.city_bonus,
             total=res.total, spent=res.spent)
    return Command("mage_lite.interact", p,
                   sentence(N_("Interaction at the %(site)s: Influence %(total)d, %(spent)d spent"),
                            translate=("site",), site=SITE_NAMES[site], total=res.total, spent=res.spent),
                   SCOPE + ("player:0:reputation",))


@needs_at_record("mage_lite.heal")
def may_heal(state: dict, p: Mapping[str, Any]) -> None:
    require_running(state)
    if (state.get("combat") or {}).get("current"):
        # 004 "Combat with Enemies" 5: "no healing effects may be played during combat"
        raise Invalid(N_("No healing during a combat: heal when the combat is over."))
    if p["source"] == "glade" and p["amount"] != 1:
        # Site Reference, Magical Glade: "Healing Essence : Heal 1"
        raise Invalid(N_("The Magical Glade heals 1."))


@command("mage_lite_heal")
def cmd_heal(state: dict, form: Mapping[str, Any]) -> Command:
    """004 "HEALING": ``amount`` points of healing from a card, Unit or Skill (``source`` "effect") or the Magical
    Glade's Heal 1 at the end of the turn ("glade": "Can't be used on a Unit"); the page says how each point is
    taken in the hand and the deed deck. A Unit is healed with ``mage_lite_unit`` (not by the glade)."""
    source = choice(form, "source", HEAL_SOURCES, default="effect")
    amount = between(form, "amount", 1, 9, default=1, label=N_("Healing"))
    p = {"amount": amount, "source": source}
    may_heal(state, p)
    return Command("mage_lite.heal", p,
                   sentence(N_("Heal %(n)d (%(source)s)"), translate=("source",), n=amount,
                            source=HEAL_SOURCE_NAMES[source]), SCOPE + ("combat",))


def interaction_view(state: dict) -> dict:
    """What the page shows: the sites to interact at now, the bonus still to come this turn, the last interaction
    and healing with the steps of each point of healing (004 "HEALING")."""
    m = ml(state)
    mod = _modifier(state)
    last = m.get("last_interaction")
    heal = m.get("last_heal")
    healed = (heal or {}).get("amount", 0) if heal and (not last or heal["seq"] > last["seq"]) else 0
    bought = int(((last or {}).get("buys") or {}).get("heal", 0)) if last and not healed else 0
    amount = healed or bought
    sites = [s for s in SITES if not (s.startswith("city_") and s[5:] not in m["cities"])
             and not (s == "keep" and not m["keeps"])]
    return {"sites": sites, "site_names": SITE_NAMES, "modifier": mod, "bonus_now": bonus_now(state),
            "costs": ml_rules.SITE_COSTS, "buy_names": ml_rules.BUY_NAMES, "last": last, "last_heal": heal,
            "heal_lines": ml_rules.heal_steps(amount) if amount else (), "heal_source_names": HEAL_SOURCE_NAMES,
            "city_bonus": dict(m["city_defeated"])}
