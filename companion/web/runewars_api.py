"""JSON API of Runewars (docs/api.md, "Runewars"): stateless calculators for damage and rout assignment, the
strength tally and one duel round (seed 001). Input goes through the one parsing layer (companion.game.spine.fields):
whole numbers are ints (or ASCII digit strings), never bools or floats; unknown keys are refused; a refusal is
``Invalid``, answered as a 400."""

from __future__ import annotations

from typing import Any

from flask import jsonify

from ..game.spine.command import Invalid
from ..game.spine.fields import choice, json_flag, json_id, json_list, json_object, known_fields, whole
from ..rules.runewars import core as rw
from ..rules.text import N_
from .common import api_blueprint, json_body

bp = api_blueprint("runewars_api", __name__, url_prefix="/api/v1/runewars")

MAX_UNITS = 100
MAX_POINTS = 100
MAX_HEALTH = 99
MAX_STRENGTH = 1000


def _list(data: dict, key: str, limit: int, required: bool = True) -> list:
    if key not in data:
        if required:
            raise Invalid(N_("%(where)s is required: a list"), where=repr(key))
        return []
    return json_list(repr(key), data[key], limit)


def _only(data: Any, keys: set[str], where: str) -> dict:
    known_fields(where, json_object(where, data), keys)
    return data


@bp.post("/assign")
def assign():
    data = _only(json_body(), {"units", "routs", "damage", "rout_targets", "damage_targets"}, "the body")
    raw_units = _list(data, "units", MAX_UNITS)
    units: list[rw.Unit] = []
    originals: dict[str, Any] = {}
    for i, u in enumerate(raw_units):
        where = f"units[{i}]"
        _only(u, {"id", "health", "damage", "routed"}, where)
        if "id" not in u:
            raise Invalid(N_("%(where)s is required"), where=f"{where}.id")
        uid = json_id(f"{where}.id", u["id"])
        key = str(uid)
        if key in originals:
            raise Invalid(N_("two units have the id %(value)s"), value=repr(uid))
        health = whole(u, "health", lo=1, hi=MAX_HEALTH, label=f"{where}.health")
        damage = whole(u, "damage", lo=0, hi=MAX_HEALTH, label=f"{where}.damage", default=0)
        if damage >= health:
            raise Invalid(N_("%(where)s must be less than its health: a unit with damage equal to its health is "
                             "destroyed"), where=f"{where}.damage")
        routed = json_flag(f"{where}.routed", u.get("routed", False))
        originals[key] = uid
        units.append(rw.Unit(key, health, damage, routed))
    routs = whole(data, "routs", lo=0, hi=MAX_POINTS, label="routs", default=0)
    damage = whole(data, "damage", lo=0, hi=MAX_POINTS, label="damage", default=0)
    rts = [str(json_id(f"rout_targets[{i}]", x)) for i, x in enumerate(_list(data, "rout_targets", MAX_POINTS, False))]
    dts = [str(json_id(f"damage_targets[{i}]", x))
           for i, x in enumerate(_list(data, "damage_targets", MAX_POINTS, False))]
    result = rw.assign(units, routs, damage, rts, dts)
    if not result.legal:
        return jsonify({"legal": False, "reason": result.reason})
    return jsonify({"legal": True, "units": [
        {"id": originals[u.id], "health": u.health, "damage": 0 if u.destroyed else u.damage, "routed": u.routed,
         "destroyed": u.destroyed} for u in result.units]})


@bp.post("/tally")
def tally():
    data = _only(json_body(), {"attacker_standing", "defender_standing", "stronghold"}, "the body")
    t = rw.tally(whole(data, "attacker_standing", lo=0, hi=MAX_STRENGTH, label="attacker_standing"),
                 whole(data, "defender_standing", lo=0, hi=MAX_STRENGTH, label="defender_standing"),
                 whole(data, "stronghold", lo=0, hi=MAX_STRENGTH, label="stronghold", default=0))
    return jsonify({"attacker": t.attacker, "defender": t.defender, "winner": t.winner})


def _hero(data: dict, side: str) -> tuple[rw.DuelHero, rw.DuelDraw]:
    if side not in data:
        raise Invalid(N_("%(where)s is required: an object with health, damage, icon, value, special"),
                      where=repr(side))
    h = _only(data[side], {"health", "damage", "icon", "value", "special"}, side)
    health = whole(h, "health", lo=1, hi=MAX_HEALTH, label=f"{side}.health")
    damage = whole(h, "damage", lo=0, hi=MAX_HEALTH, label=f"{side}.damage", default=0)
    icon = choice(h, "icon", rw.DUEL_ICONS, label=f"{side}.icon")
    special = choice(h, "special", rw.DUEL_SPECIALS, default="damage", label=f"{side}.special")
    needs_value = icon in ("damage", "rout")
    value = whole(h, "value", lo=0, hi=MAX_POINTS, label=f"{side}.value", default=None if needs_value else 0)
    return rw.DuelHero(health, damage), rw.DuelDraw(icon, value, special)


@bp.post("/duel-round")
def duel_round():
    data = _only(json_body(), {"attacker", "defender"}, "the body")
    a, ad = _hero(data, "attacker")
    d, dd = _hero(data, "defender")
    r = rw.duel_round(a, d, ad, dd, 1)
    return jsonify({side: {"health": h.health, "damage": h.damage, "defeated": h.defeated}
                    for side, h in (("attacker", r.attacker), ("defender", r.defender))})
