"""JSON API of the combat referee: stateless calculators (docs/api.md, "Combat").

Every route parses and validates the body through the one parsing layer (``companion.game.spine.fields``: a refusal is
``Invalid``, answered as a 400), calls the pure engine (``companion.rules.combat.enemies``, ``damage``,
``combat_plan``, ``pvp``) and answers its result with the explanation trace. Bad input: 400 {"error": ...}.
"""
from __future__ import annotations

import random
from typing import Any

from flask import jsonify

from .. import solvers
from ..game.spine.command import Invalid
from ..game.spine.fields import json_flag, json_id, json_list, json_object, json_text, json_whole, known_fields
from ..rules.combat.attack import resolve_attack
from ..rules.combat.block import resolve_block
from ..rules.combat.damage import (
    PREFERENCES,
    DamageResult,
    Hero,
    UnblockedAttack,
    Unit,
    assign_damage,
    suggest_assignment,
)
from ..rules.combat.enemies import (
    ATTACK_KINDS,
    CITY_COLOURS,
    ELEMENTS,
    PHASES,
    RESISTANCES,
    Block,
    CombatError,
    Enemy,
    EnemyAttack,
    PlayerAttack,
    Site,
    enemy_from_token,
)
from ..rules.combat.plan import plan_attacks
from ..rules.data import get_rules
from ..rules.pvp.fight import PVP_PHASES, coop_split, pvp_attack, pvp_damage, pvp_fame
from ..rules.text import N_
from .common import ApiError, api_blueprint, json_body

bp = api_blueprint("combat_api", __name__, url_prefix="/api/v1/combat")

MAX_VALUE = 99  # no printed value comes near; keeps the exact searches small
MAX_ENEMIES = 12
MAX_ATTACKS = 24
MAX_PLAN_ENEMIES = 10
MAX_PLAN_ATTACKS = 16
MAX_UNITS = 8  # the suggestion is exponential in the number of units (a hero commands at most 5 or so)
MAX_DAMAGE_ATTACKS = 16
MAX_GARRISON = 40

ENEMY_FIELDS = {
    "name", "armor", "elusive_armor", "attacks", "abilities", "resistances", "fame", "defend", "defend_used",
    "rampaging", "all_attacks_blocked", "armor_bonus", "summon", "summoned", "color", "token",
}


# ------------------------------------------------------------------------------------------ parsing


def parse_site(data: dict) -> Site:
    raw = data.get("site")
    if raw is None:
        return Site()
    raw = json_object("site", raw)
    known_fields("site", raw, {"fortified", "city", "across_wall", "megapolis"})
    city = raw.get("city")
    if city is not None:
        city = json_text("site.city", city, CITY_COLOURS)
    megapolis = raw.get("megapolis")
    if megapolis is not None:
        # Scenario Book, Variants, Megapolis: the second city of the pair (its bonuses apply too)
        megapolis = json_text("site.megapolis", megapolis, tuple(c for c in CITY_COLOURS if c != city))
        if city is None:
            raise Invalid(N_("site.megapolis needs site.city (the first city of the Megapolis)"))
    return Site(
        fortified=json_flag("site.fortified", raw.get("fortified", False)),
        city=city,
        across_wall=json_flag("site.across_wall", raw.get("across_wall", False)),
        megapolis=megapolis,
    )


def _enemy_attacks(where: str, value: Any) -> tuple[EnemyAttack, ...]:
    out = []
    for i, a in enumerate(json_list(where, value, 8)):
        a = json_object(f"{where}[{i}]", a)
        known_fields(f"{where}[{i}]", a, {"value", "element"})
        if "value" not in a:
            raise Invalid(N_("%(where)s is required"), where=f"{where}[{i}].value")
        out.append(EnemyAttack(json_whole(f"{where}[{i}].value", a["value"]),
                               json_text(f"{where}[{i}].element", a.get("element", "physical"), ELEMENTS)))
    return tuple(out)


def _strings(where: str, value: Any, choices=None) -> tuple[str, ...]:
    return tuple(json_text(f"{where}[{i}]", v, choices) for i, v in enumerate(json_list(where, value, 20)))


def parse_enemy(where: str, raw: Any, nested: bool = False) -> Enemy:
    """``{"token": id}`` plus overrides, or a typed-in enemy."""
    raw = json_object(where, raw)
    known_fields(where, raw, ENEMY_FIELDS)
    fields: dict[str, Any] = {}
    if "name" in raw:
        fields["name"] = json_text(f"{where}.name", raw["name"])
    for key in ("armor", "fame", "defend", "armor_bonus"):
        if key in raw and raw[key] is not None:
            fields[key] = json_whole(f"{where}.{key}", raw[key], 1 if key == "armor" else 0)
    if "elusive_armor" in raw:
        fields["elusive_armor"] = None if raw["elusive_armor"] is None else json_whole(f"{where}.elusive_armor",
                                                                                  raw["elusive_armor"], 1)
    if "attacks" in raw:
        fields["attacks"] = _enemy_attacks(f"{where}.attacks", raw["attacks"])
    if "abilities" in raw:
        fields["abilities"] = _strings(f"{where}.abilities", raw["abilities"])
    if "resistances" in raw:
        fields["resistances"] = _strings(f"{where}.resistances", raw["resistances"], RESISTANCES)
    for key in ("rampaging", "all_attacks_blocked", "defend_used"):
        if key in raw:
            fields[key] = json_flag(f"{where}.{key}", raw[key])
    if "summon" in raw:
        fields["summon"] = None if raw["summon"] is None else json_text(f"{where}.summon", raw["summon"])
    if "color" in raw:
        fields["color"] = None if raw["color"] is None else json_text(f"{where}.color", raw["color"])
    if "summoned" in raw and raw["summoned"] is not None:
        if nested:
            raise Invalid(N_("%(where)s cannot itself summon"), where=f"{where}.summoned")
        if isinstance(raw["summoned"], list):  # a summoner that draws several tokens (Dragon Summoner)
            fields["summoned"] = tuple(parse_enemy(f"{where}.summoned[{i}]", t, nested=True)
                                       for i, t in enumerate(json_list(f"{where}.summoned", raw["summoned"], 4)))
        else:
            fields["summoned"] = parse_enemy(f"{where}.summoned", raw["summoned"], nested=True)
    if "token" in raw:
        token = json_text(f"{where}.token", raw["token"])
        try:
            return enemy_from_token(token, **fields)
        except CombatError as err:
            raise Invalid(N_("%(where)s: %(reason)s"), where=where, reason=str(err)) from None
        except Exception as err:  # the rules data could not be loaded
            raise ApiError(f"{where}: the enemy tokens are not available ({err})", 503) from None
    if "armor" not in fields:
        raise Invalid(N_("%(where)s is required (or give a \"token\")"), where=f"{where}.armor")
    fields.setdefault("name", "enemy")
    return Enemy(**fields)


def parse_enemies(where: str, value: Any, maximum: int = MAX_ENEMIES) -> list[Enemy]:
    return [parse_enemy(f"{where}[{i}]", e) for i, e in enumerate(json_list(where, value, maximum))]


def parse_attacks(where: str, value: Any, maximum: int = MAX_ATTACKS) -> list[PlayerAttack]:
    out = []
    for i, a in enumerate(json_list(where, value, maximum)):
        a = json_object(f"{where}[{i}]", a)
        known_fields(f"{where}[{i}]", a, {"value", "element", "kind"})
        if "value" not in a:
            raise Invalid(N_("%(where)s is required"), where=f"{where}[{i}].value")
        out.append(PlayerAttack(json_whole(f"{where}[{i}].value", a["value"]),
                                json_text(f"{where}[{i}].element", a.get("element", "physical"), ELEMENTS),
                                json_text(f"{where}[{i}].kind", a.get("kind", "melee"), ATTACK_KINDS)))
    return out


def parse_blocks(where: str, value: Any) -> list[Block]:
    out = []
    for i, b in enumerate(json_list(where, value, MAX_ATTACKS)):
        b = json_object(f"{where}[{i}]", b)
        known_fields(f"{where}[{i}]", b, {"value", "element"})
        if "value" not in b:
            raise Invalid(N_("%(where)s is required"), where=f"{where}[{i}].value")
        out.append(Block(json_whole(f"{where}[{i}].value", b["value"]),
                         json_text(f"{where}[{i}].element", b.get("element", "physical"), ELEMENTS)))
    return out


def parse_hero(data: dict) -> Hero:
    if "hero" not in data:
        raise Invalid(N_("hero is required: {\"armor\", \"hand_limit\", \"wounds_this_combat\"}"))
    h = json_object("hero", data["hero"])
    known_fields("hero", h, {"armor", "hand_limit", "wounds_this_combat"})
    for key in ("armor", "hand_limit"):
        if key not in h:
            raise Invalid(N_("%(where)s is required"), where=f"hero.{key}")
    return Hero(json_whole("hero.armor", h["armor"], 1), json_whole("hero.hand_limit", h["hand_limit"], 1),
                json_whole("hero.wounds_this_combat", h.get("wounds_this_combat", 0)))


def _unit_id(where: str, value: Any) -> str:
    return str(json_id(where, value, max_len=None))


def parse_units(data: dict) -> tuple[list[Unit], dict[str, Any]]:
    """Units and a map from the engine's string id back to the id as sent."""
    units, ids = [], {}
    for i, u in enumerate(json_list("units", data.get("units", []), MAX_UNITS)):
        where = f"units[{i}]"
        u = json_object(where, u)
        known_fields(where, u, {"id", "unit", "level", "armor", "resistances", "wounded", "name"})
        if "id" not in u:
            raise Invalid(N_("%(where)s is required"), where=f"{where}.id")
        uid = _unit_id(f"{where}.id", u["id"])
        if uid in ids:
            raise Invalid(N_("%(where)s %(value)s is used twice"), where=f"{where}.id", value=repr(u["id"])[:40])
        ids[uid] = u["id"]
        wounded = json_flag(f"{where}.wounded", u.get("wounded", False))
        if "unit" in u:
            key = json_text(f"{where}.unit", u["unit"])
            try:
                known = get_rules().units
            except Exception as err:
                raise ApiError(f"the unit list is not available ({err})", 503) from None
            if key not in known:
                raise Invalid(N_("%(where)s: unknown unit %(value)s"), where=f"{where}.unit", value=repr(key))
            d = known[key]
            units.append(Unit(uid, d.armor, d.level, tuple(d.resistances), wounded, d.name))
        else:
            if "armor" not in u:
                raise Invalid(N_("%(where)s: give \"armor\" (and level, resistances) or \"unit\" (a unit id)"),
                              where=where)
            units.append(Unit(uid, json_whole(f"{where}.armor", u["armor"], 1),
                              json_whole(f"{where}.level", u.get("level", 1), 1, 4),
                              _strings(f"{where}.resistances", u.get("resistances", []), RESISTANCES), wounded))
    return units, ids


def parse_unblocked(data: dict, with_assign: bool) -> list[UnblockedAttack]:
    out = []
    for i, a in enumerate(json_list("attacks", data.get("attacks", []), MAX_DAMAGE_ATTACKS)):
        where = f"attacks[{i}]"
        a = json_object(where, a)
        known_fields(where, a, {"enemy", "attack_index", "assign", "move_points"})  # suggest ignores "assign"
        if "enemy" not in a:
            raise Invalid(N_("%(where)s is required"), where=f"{where}.enemy")
        assign = ()
        if with_assign:
            assign = tuple(_unit_id(f"{where}.assign[{j}]", x)
                           for j, x in enumerate(json_list(f"{where}.assign", a.get("assign", []), MAX_UNITS)))
        out.append(UnblockedAttack(parse_enemy(f"{where}.enemy", a["enemy"]),
                                   json_whole(f"{where}.attack_index", a.get("attack_index", 0), 0, 7),
                                   assign, json_whole(f"{where}.move_points", a.get("move_points", 0))))
    return out


def _phase(data: dict, choices=PHASES) -> str:
    if "phase" not in data:
        raise Invalid(N_("phase is required: %(choices)s"), choices=" | ".join(choices))
    return json_text("phase", data["phase"], choices)


# ----------------------------------------------------------------------------------------- answers


def damage_json(result: DamageResult, ids: dict[str, Any]) -> dict:
    return {
        "hero": {
            "wounds_to_hand": result.hero.wounds_to_hand,
            "wounds_to_discard": result.hero.wounds_to_discard,
            "knocked_out": result.hero.knocked_out,
            "discard_non_wounds": result.hero.discard_non_wounds,
        },
        "units": [{"id": ids.get(u.id, u.id), "wounds": u.wounds, "destroyed": u.destroyed, "absorbed": u.absorbed}
                  for u in result.units],
        "vampiric": [{"attack": v.attack, "enemy": v.enemy, "armor_bonus": v.armor_bonus} for v in result.vampiric],
        "explanation": list(result.explanation),
    }


def _engine(fn, *args, **kwargs):
    try:
        if fn in (plan_attacks, suggest_assignment):  # the searches run in the solver pool (companion/solvers.py)
            return solvers.solve(fn, *args, **kwargs)
        return fn(*args, **kwargs)
    except CombatError as err:
        raise ApiError(str(err)) from None


# ------------------------------------------------------------------------------------------- routes


@bp.post("/attack")
def attack():
    data = json_body()
    known_fields("body", data, {"phase", "targets", "attacks", "site", "others"})
    phase = _phase(data)
    if "targets" not in data:
        raise Invalid(N_("%(where)s is required: a list of enemies"), where="targets")
    targets = parse_enemies("targets", data["targets"])
    if not targets:
        raise Invalid(N_("targets must name at least one enemy"))
    attacks = parse_attacks("attacks", data.get("attacks", []))
    others = parse_enemies("others", data.get("others", []))
    res = _engine(resolve_attack, targets, attacks, phase, parse_site(data), others)
    return jsonify({"allowed": res.allowed, "reason": res.reason, "total": res.total, "armor": res.armor,
                    "success": res.success, "fame": res.fame, "defend_bonus": res.defend_bonus,
                    "explanation": list(res.explanation)})


@bp.post("/block")
def block():
    data = json_body()
    known_fields("body", data, {"enemy", "attack_index", "blocks", "move_points", "site"})
    if "enemy" not in data:
        raise Invalid(N_("%(where)s is required"), where="enemy")
    enemy = parse_enemy("enemy", data["enemy"])
    res = _engine(resolve_block, enemy, parse_blocks("blocks", data.get("blocks", [])),
                  json_whole("attack_index", data.get("attack_index", 0), 0, 7),
                  json_whole("move_points", data.get("move_points", 0)), parse_site(data))
    return jsonify({"attack": res.attack, "required": res.required, "total": res.total, "success": res.success,
                    "explanation": list(res.explanation)})


@bp.post("/damage")
def damage():
    data = json_body()
    known_fields("body", data, {"hero", "units", "attacks", "site"})
    hero = parse_hero(data)
    units, ids = parse_units(data)
    attacks = parse_unblocked(data, with_assign=True)
    res = _engine(assign_damage, hero, units, attacks, parse_site(data))
    return jsonify(damage_json(res, ids))


@bp.post("/damage/suggest")
def damage_suggest():
    data = json_body()
    known_fields("body", data, {"hero", "units", "attacks", "site", "prefer"})
    hero = parse_hero(data)
    units, ids = parse_units(data)
    attacks = parse_unblocked(data, with_assign=False)
    prefer = json_text("prefer", data.get("prefer", "units"), PREFERENCES)
    sug = _engine(suggest_assignment, hero, units, attacks, parse_site(data), prefer)
    return jsonify({"attacks": [{"assign": [ids.get(x, x) for x in a]} for a in sug.assign],
                    "prefer": prefer, "result": damage_json(sug.result, ids)})


@bp.post("/plan")
def plan():
    data = json_body()
    known_fields("body", data, {"enemies", "attacks", "phase", "site"})
    phase = _phase(data)
    if "enemies" not in data:
        raise Invalid(N_("%(where)s is required: a list of enemies"), where="enemies")
    enemies = parse_enemies("enemies", data["enemies"], MAX_PLAN_ENEMIES)
    attacks = parse_attacks("attacks", data.get("attacks", []), MAX_PLAN_ATTACKS)
    res = _engine(plan_attacks, enemies, attacks, phase, parse_site(data), best_found=True)
    return jsonify({
        "groups": [{"targets": list(g.targets), "attacks": list(g.attacks), "total": g.total, "armor": g.armor,
                    "fame": g.fame, "explanation": list(g.explanation)} for g in res.groups],
        "fame": res.fame, "points": res.points, "unused_attacks": list(res.unused_attacks),
        "explanation": list(res.explanation),
        "proven_optimal": res.proven_optimal, "bound": res.bound,
    })


@bp.post("/pvp")
def pvp():
    data = json_body()
    known_fields("body", data, {"phase", "attacks", "blocks", "fortified", "block_full", "hero", "units", "spend",
                          "move_cost", "victory"})
    phase = _phase(data, PVP_PHASES)
    res = _engine(pvp_attack, parse_attacks("attacks", data.get("attacks", [])),
                  parse_blocks("blocks", data.get("blocks", [])), phase,
                  json_flag("fortified", data.get("fortified", False)),
                  json_flag("block_full", data.get("block_full", False)))
    out: dict[str, Any] = {"allowed": res.allowed, "reason": res.reason, "attack": res.attack,
                           "elements": list(res.elements), "block": res.block, "reduction": res.reduction,
                           "damage": res.damage, "assignment": None, "fame": None,
                           "explanation": list(res.explanation)}
    if "spend" in data:
        if not res.allowed:
            raise ApiError(f"the attack is not allowed: {res.reason}")
        hero = parse_hero(data)
        units, ids = parse_units(data)
        spend = [x if x in ("hero", "artifact", "retreat") else _unit_id(f"spend[{i}]", x)
                 for i, x in enumerate(json_list("spend", data["spend"], 60))]
        move_cost = data.get("move_cost")
        if move_cost is not None:
            move_cost = json_whole("move_cost", move_cost, 1)
        d = _engine(pvp_damage, res.damage, res.elements, hero, units, spend, phase, move_cost)
        out["assignment"] = {"hero_wounds": d.hero_wounds, "knocked_out": d.knocked_out,
                             "units_wounded": [ids.get(u, u) for u in d.units_wounded],
                             "artifacts_stolen": d.artifacts_stolen, "retreat": d.retreat, "unassigned": d.unassigned,
                             "explanation": list(d.explanation)}
    if "victory" in data:
        v = json_object("victory", data["victory"])
        known_fields("victory", v, {"winner_level", "winner_fame", "loser_level", "loser_fame"})
        for key in ("winner_level", "winner_fame", "loser_level", "loser_fame"):
            if key not in v:
                raise Invalid(N_("%(where)s is required"), where=f"victory.{key}")
        fame, why = _engine(pvp_fame, json_whole("victory.winner_level", v["winner_level"], 1),
                            json_whole("victory.winner_fame", v["winner_fame"]),
                            json_whole("victory.loser_level", v["loser_level"], 1),
                            json_whole("victory.loser_fame", v["loser_fame"]))
        out["fame"] = fame
        out["explanation"] += list(why)
    return jsonify(out)


@bp.post("/coop-split")
def coop():
    data = json_body()
    known_fields("body", data, {"garrison", "counts", "seed"})
    if "garrison" not in data or "counts" not in data:
        raise Invalid(N_("garrison (a list of enemies or token ids) and counts (enemies per participant) are required"))
    garrison = json_list("garrison", data["garrison"], MAX_GARRISON)
    counts = [json_whole(f"counts[{i}]", c, 1, MAX_GARRISON)
              for i, c in enumerate(json_list("counts", data["counts"], 8))]
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise Invalid(N_("seed must be a whole number or a text"))
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    split = _engine(coop_split, garrison, counts, rng)
    return jsonify({"participants": [list(p) for p in split],
                    "explanation": ["Rulebook Cooperative City Assault 5: the garrison tokens are shuffled and dealt at "
                                    "random to the participants by the agreed counts"]})
