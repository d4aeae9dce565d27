"""Runewars battles (seed 001, Battles and Rounds of Combat): commands and reducers.

A battle in ``state["runewars"]["battle"]``::

    no, area, attacker (player), defender (player | "neutral"), controller (who plays the defender's side),
    stronghold (its strength, 0 without), fortification (bool), routed_at_start {side: n},
    units [{"id", "side", "type", "health", "damage", "routed", "destroyed"}]  (the participating units),
    initiative 1-5, drawn [unit type ids], phase "draw" | "resolve" | "tally",
    turn "attacker" | "defender" | None,
    exchange {"attacker": draw | None, "defender": draw | None, "resolved": [sides]}
        draw = {"type", "cards", "special", "routs", "damage"}
    trace [explanation lines as JSON]
"""

from __future__ import annotations

from ...rules.runewars import core as rw
from ...rules.text import N_, Nn_, T, Term, Tn
from ...state import reducer
from ..spine.command import Command, Invalid, command, term
from ..spine.fields import flag, ident, text, whole
from ..spine.sentences import plural_sentence, sentence
from .core import (BATTLE_SCOPE, NEUTRAL, SIDE_NAMES, _next_initiative, advance, as_rules_units, battle_tally, eligible_types,
                   pending_hits,
                   require_runewars, rw_state, side_player, standing_of_type, type_scope, unit_type, units_of,
                   view)

MAX_ICONS = 30  # routs or damage on one draw: at most 30 cards (the Fate deck), a few points each


def _battle(state: dict) -> dict:
    b = view(state)["battle"]
    if not b:
        raise Invalid(N_("No battle is being fought."))
    return b


# the commands' checks that depend on the state, run for their events too (runewars/payloads.py: ``needs``)


def no_battle(state: dict) -> None:
    if view(state)["battle"]:
        raise Invalid(N_("A battle is already being fought: finish it first."))


def attacker_present(state: dict, p: dict) -> None:
    if not any((unit_type(state, t) or {}).get("owner") == p["attacker"] for t, n in p["units"].items() if n):
        raise Invalid(N_("The attacker needs at least one standing unit in the battle."))


NOT_NOW = {"draw": N_("Now is not the time to draw Fate cards."),
           "resolve": N_("Now is not the time to resolve routs and damage."),
           "tally": N_("The battle is not over yet: finish all five initiative rounds first.")}


def in_phase(state: dict, phase: str, side: str | None = None) -> dict:
    """The battle being fought, in ``phase`` (and, when given, ``side``'s turn), else the command's refusal."""
    b = _battle(state)
    if b["phase"] != phase:
        refusal = NOT_NOW[phase]
        raise Invalid(refusal)
    if side is not None and b["turn"] != side:
        raise Invalid(N_("It is the %(side)s's turn."), side=term(SIDE_NAMES[b["turn"]]))
    return b


def may_draw(state: dict, side: str, type_id: str) -> dict:
    b = in_phase(state, "draw", side)
    if type_id not in [t["id"] for t in eligible_types(state, b, side)]:
        raise Invalid(N_("That unit type cannot draw now: choose a type of initiative %(n)d that has not drawn yet."),
                      n=b["initiative"])
    return b



# ---------------------------------------------------------------------------------------------- start


@command("runewars_battle_start")
def cmd_battle_start(state, data) -> Command:
    """Battles 1-3: place the battle, the participating units by type (routed ones stay in the area)."""
    require_runewars(state)
    no_battle(state)
    n = len(state["players"])
    attacker = whole(data, "attacker", lo=0, hi=n - 1, label="attacker")
    raw_def = data.get("defender")
    defender = NEUTRAL if raw_def == NEUTRAL else whole(data, "defender", lo=0, hi=n - 1, label="defender")
    if defender == attacker:
        raise Invalid(N_("The attacker cannot attack his own units."))
    area = text(data, "area", default="", max_len=40)
    stronghold = whole(data, "stronghold", default=0, lo=0, hi=9)
    fortification = flag(data, "fortification")
    units = {}
    routed = {}
    for side, owner in (("attacker", attacker), ("defender", defender)):
        for t in view(state)["unit_types"]:
            if t["owner"] != owner:
                continue
            count = whole(data, f"count_{t['id']}", default=0, lo=0, hi=30)
            already = whole(data, f"routed_{t['id']}", default=0, lo=0, hi=30)
            if count:
                units[t["id"]] = count
            if already:
                routed[t["id"]] = already
    attacker_present(state, {"attacker": attacker, "units": units})
    # Battles 2: unallied neutral defenders are played by the player to the left of the current player
    controller = defender if defender != NEUTRAL else (attacker + 1) % n
    payload = {"attacker": attacker, "defender": defender, "controller": controller, "area": area,
               "stronghold": stronghold, "fortification": fortification, "units": units, "routed": routed}
    names = state["players"]
    s = sentence(N_("Battle in %(area)s: %(a)s attacks %(d)s."), a=names[attacker]["name"],
                 d=names[defender]["name"] if defender != NEUTRAL else N_("neutral units"),
                 area=area or "?", translate=("d",) if defender == NEUTRAL else ())
    used = sorted(set(units) | set(routed))  # the unit types the battle depends on
    return Command("runewars.battle_start", payload, s, (BATTLE_SCOPE, *map(type_scope, used)))


@reducer("runewars.battle_start")
def _battle_start(state, p, ev):
    r = rw_state(state)
    units = []
    routed_at_start = {"attacker": 0, "defender": 0}
    for type_id, count in p["units"].items():
        t = unit_type(state, type_id)
        side = "attacker" if t["owner"] == p["attacker"] else "defender"
        for k in range(int(count)):
            units.append({"id": f"{t['name'][:20]} {k + 1}", "side": side, "type": type_id, "health": t["health"],
                          "damage": 0, "routed": False, "destroyed": False})
    for type_id, count in p.get("routed", {}).items():
        t = unit_type(state, type_id)
        routed_at_start["attacker" if t["owner"] == p["attacker"] else "defender"] += int(count)
    _unique_ids(units)
    battle = {"no": len(r["battles"]) + 1, "area": p["area"], "attacker": p["attacker"], "defender": p["defender"],
              "controller": p["controller"], "stronghold": p["stronghold"], "fortification": p["fortification"],
              "routed_at_start": routed_at_start, "units": units, "initiative": 1, "drawn": [], "phase": "draw",
              "turn": "attacker", "exchange": {"attacker": None, "defender": None, "resolved": []}, "trace": []}
    # rounds 1..5: skip initiatives nobody has
    if not (eligible_types(state, battle, "attacker") or eligible_types(state, battle, "defender")):
        _next_initiative(state, battle)
    else:
        advance(state, battle)
    r["battle"] = battle


def _unique_ids(units: list[dict]) -> None:
    seen: dict[str, int] = {}
    for u in units:
        if u["id"] in seen:
            seen[u["id"]] += 1
            u["id"] = f"{u['id']}#{seen[u['id']]}"
        else:
            seen[u["id"]] = 1


# ---------------------------------------------------------------------------------------------- draw


@command("runewars_battle_draw")
def cmd_battle_draw(state, data) -> Command:
    """Rounds of Combat 1-2: the side whose turn it is chooses a unit type of this initiative not drawn for yet,
    draws one Fate card per standing unit of it, and enters the icons on its shape's section."""
    require_runewars(state)
    side = in_phase(state, "draw")["turn"]
    type_id = ident(data, "type", label="type")
    b = may_draw(state, side, type_id)
    cards = standing_of_type(b, side, type_id)
    special = whole(data, "special", default=0, lo=0, hi=cards, label="special")
    routs = whole(data, "routs", default=0, lo=0, hi=MAX_ICONS, label="routs")
    damage = whole(data, "damage", default=0, lo=0, hi=MAX_ICONS, label="damage")
    t = unit_type(state, type_id)
    payload = {"side": side, "type": type_id, "cards": cards, "special": special, "routs": routs, "damage": damage}
    s = plural_sentence(*Nn_("%(name)s draws %(cards)d Fate card for %(type)s: special ×%(special)d, rout %(routs)d, damage %(damage)d.",
                    "%(name)s draws %(cards)d Fate cards for %(type)s: special ×%(special)d, rout %(routs)d, damage %(damage)d."), "cards", name=state["players"][side_player(b, side)]["name"], cards=cards,
                 type=t["name"], special=special, routs=routs, damage=damage)
    return Command("runewars.battle_draw", payload, s, (BATTLE_SCOPE, type_scope(type_id)))


@reducer("runewars.battle_draw")
def _battle_draw(state, p, ev):
    b = rw_state(state)["battle"]
    b["exchange"][p["side"]] = {k: p[k] for k in ("type", "cards", "special", "routs", "damage")}
    b["drawn"].append(p["type"])
    b["trace"].append(Tn(*Nn_("Runewars, Rounds of Combat: initiative %(i)d, the %(side)s draws %(n)d card for %(type)s.",
                    "Runewars, Rounds of Combat: initiative %(i)d, the %(side)s draws %(n)d cards for %(type)s."), "n", i=b["initiative"], side=Term(p["side"]), n=p["cards"],
                        type=unit_type(state, p["type"])["name"]).to_json())
    advance(state, b)


# ---------------------------------------------------------------------------------------------- resolve


def _refusal(result: rw.Assignment) -> Invalid:
    """The rule a choice of targets breaks, as a translatable refusal (the trace's last line)."""
    line = result.explanation[-1]
    return Invalid(line.msgid, **line.args)


def _targets(data, prefix: str, n: int) -> list[str]:
    out = []
    for i in range(1, n + 1):
        value = data.get(f"{prefix}_{i}")
        if value in (None, ""):
            continue
        out.append(text({"v": value}, "v", max_len=60, label=f"{prefix}_{i}"))
    return out


@command("runewars_battle_resolve")
def cmd_battle_resolve(state, data) -> Command:
    """Rounds of Combat 4-5: the side whose turn it is routs then damages its own units for what the opponent drew
    (attacker first), choosing targets within the seed's rules (``rout_1``.., ``damage_1``.. unit ids)."""
    require_runewars(state)
    b = in_phase(state, "resolve")
    side = b["turn"]
    routs, damage = pending_hits(b, side)
    rts = _targets(data, "rout", routs)
    dts = _targets(data, "damage", damage)
    result = rw.assign(as_rules_units([u for u in units_of(b, side)]), routs, damage, rts, dts)
    if not result.legal:
        raise _refusal(result)
    payload = {"side": side, "rout_targets": rts, "damage_targets": dts}
    s = plural_sentence(*Nn_("%(name)s takes %(routs)d rout and %(damage)d damage.",
                    "%(name)s takes %(routs)d routs and %(damage)d damage."), "routs",
                 name=state["players"][side_player(b, side)]["name"], routs=routs, damage=damage)
    return Command("runewars.battle_resolve", payload, s, (BATTLE_SCOPE,))


@reducer("runewars.battle_resolve")
def _battle_resolve(state, p, ev):
    b = rw_state(state)["battle"]
    side = p["side"]
    routs, damage = pending_hits(b, side)
    mine = units_of(b, side)
    result = rw.assign(as_rules_units(mine), routs, damage, p["rout_targets"], p["damage_targets"])
    if not result.legal:
        raise _refusal(result)
    by_id = {u.id: u for u in result.units}
    for u in mine:
        after = by_id[u["id"]]
        u.update(damage=after.damage, routed=after.routed, destroyed=after.destroyed)
    b["trace"].extend(line.to_json() for line in result.explanation)
    b["exchange"]["resolved"].append(side)
    advance(state, b)


# ---------------------------------------------------------------------------------------------- end


@command("runewars_battle_end")
def cmd_battle_end(state, data) -> Command:
    """Battles 5-6 after the five rounds: tally, winner, retreat of the loser, the eight-unit check, healing."""
    require_runewars(state)
    b = in_phase(state, "tally")
    can_retreat = flag(data, "can_retreat", default=True)
    at_destination = whole(data, "destination_units", default=0, lo=0, hi=60, label="destination_units")
    t = battle_tally(b)
    s = sentence(N_("Battle %(no)d ends: strength %(a)d against %(d)d, the %(winner)s wins."), no=b["no"],
                 a=t.attacker, d=t.defender, winner=t.winner, translate=("winner",))
    return Command("runewars.battle_end", {"can_retreat": can_retreat,
                                                           "destination_units": at_destination}, s,
                                   (BATTLE_SCOPE,))


@reducer("runewars.battle_end")
def _battle_end(state, p, ev):
    r = rw_state(state)
    b = r["battle"]
    t = battle_tally(b)
    loser = "defender" if t.winner == "attacker" else "attacker"
    participating = sum(1 for u in units_of(b, loser) if not u["destroyed"])
    ret = rw.retreat(participating, b["routed_at_start"][loser], bool(p["can_retreat"]),
                     int(p["destination_units"]), neutral=loser == "defender" and b["defender"] == NEUTRAL)
    trace = list(t.explanation) + list(ret.explanation)
    if b["fortification"]:
        trace.insert(0, T(N_("Runewars, Tally Strength 5a: the defender may use his fortification now.")))
    if b["stronghold"]:
        if t.attacker and any(not u["routed"] and not u["destroyed"] for u in units_of(b, "attacker")):
            trace.append(T(N_("Runewars, Tally Strength 5d: standing enemy units are present: flip the stronghold "
                              "to its damaged side.")))
        if t.winner == "attacker":
            trace.append(T(N_("Runewars, Resolution 6b: the attacker removes the stronghold and may replace it with "
                              "one of his own, damaged side up.")))
    trace.append(T(N_("Runewars, Resolution 6c: both players remove all damage tokens from their units.")))
    trace.append(T(N_("Runewars, Resolution 6d: the winner's surviving units go back into the area; units routed "
                      "in the battle stay routed.")))
    survivors = {side: sum(1 for u in units_of(b, side) if not u["destroyed"]) for side in rw.SIDES}
    r["battles"].append({
        "no": b["no"], "area": b["area"], "attacker": b["attacker"], "defender": b["defender"],
        "winner": t.winner, "strength": {"attacker": t.attacker, "defender": t.defender},
        "survivors": survivors, "retreating": ret.retreating, "destroyed_in_retreat": ret.destroyed,
        "over_limit": ret.over_limit, "trace": b["trace"] + [line.to_json() for line in trace],
    })
    r["battle"] = None
