"""JSON API of the combat referee: stateless calculators (docs/api.md, "Combat").

Every route reads its body into the rules' types (``combat_body.py``: a refusal is ``Invalid``, answered as a 400),
calls the pure engine (``companion/rules/combat/``: ``attack``, ``block``, ``damage``, ``plan``; ``rules/pvp/fight.py``)
and answers its result with the explanation trace. Bad input: 400 {"error": ...}.
"""
from __future__ import annotations

import random
from typing import Any

from flask import jsonify

from .. import solvers
from ..game.spine.command import Invalid
from ..game.spine.fields import json_flag, json_list, json_object, json_text, json_whole, known_fields
from ..rules.combat.attack import resolve_attack
from ..rules.combat.block import resolve_block
from ..rules.combat.damage import PREFERENCES, DamageResult, assign_damage, suggest_assignment
from ..rules.combat.enemies import CombatError
from ..rules.combat.plan import plan_attacks
from ..rules.pvp.fight import PVP_PHASES, coop_split, pvp_attack, pvp_damage, pvp_fame
from ..rules.text import N_
from .combat_body import (MAX_GARRISON, MAX_PLAN_ATTACKS, MAX_PLAN_ENEMIES, parse_attacks, parse_blocks, parse_enemies,
                          parse_enemy, parse_hero, parse_phase, parse_site, parse_unblocked, parse_unit_id,
                          parse_units)
from .common import ApiError, api_blueprint, json_body

bp = api_blueprint("combat_api", __name__, url_prefix="/api/v1/combat")


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
    phase = parse_phase(data)
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
    phase = parse_phase(data)
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
    phase = parse_phase(data, PVP_PHASES)
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
        spend = [x if x in ("hero", "artifact", "retreat") else parse_unit_id(f"spend[{i}]", x)
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
