"""A combat calculator's JSON body read into the rules' types (docs/api.md, "Combat"): the enemies (a token with
overrides, or typed in), the site, the player's attacks and blocks, the hero, the Units, the unblocked attacks and the
phase, each through the one parsing layer (``companion.game.spine.fields``: a refusal is ``Invalid``, answered as a
400 that names the field), with the sizes the exact searches can answer in time. ``combat_api.py`` answers with them.
"""
from __future__ import annotations

from typing import Any

from ..game.spine.command import Invalid
from ..game.spine.fields import json_flag, json_id, json_list, json_object, json_text, json_whole, known_fields
from ..rules.combat.damage import Hero, UnblockedAttack, Unit
from ..rules.combat.enemies import (ATTACK_KINDS, CITY_COLOURS, ELEMENTS, PHASES, RESISTANCES, Block, CombatError,
                                    Enemy, EnemyAttack, PlayerAttack, Site, enemy_from_token)
from ..rules.data import get_rules
from ..rules.text import N_
from .common import ApiError

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


def parse_unit_id(where: str, value: Any) -> str:
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
        uid = parse_unit_id(f"{where}.id", u["id"])
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
            assign = tuple(parse_unit_id(f"{where}.assign[{j}]", x)
                           for j, x in enumerate(json_list(f"{where}.assign", a.get("assign", []), MAX_UNITS)))
        out.append(UnblockedAttack(parse_enemy(f"{where}.enemy", a["enemy"]),
                                   json_whole(f"{where}.attack_index", a.get("attack_index", 0), 0, 7),
                                   assign, json_whole(f"{where}.move_points", a.get("move_points", 0))))
    return out


def parse_phase(data: dict, choices=PHASES) -> str:
    if "phase" not in data:
        raise Invalid(N_("phase is required: %(choices)s"), choices=" | ".join(choices))
    return json_text("phase", data["phase"], choices)
