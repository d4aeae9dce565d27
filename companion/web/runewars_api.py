"""JSON API of Runewars (docs/api.md, "Runewars"): stateless calculators for damage and rout assignment, the
strength tally and one duel round (seed 001). Input goes through the strict field layer (companion.game.fields):
whole numbers are ints (or ASCII digit strings), never bools or floats; unknown keys are refused."""

from __future__ import annotations

from typing import Any

from flask import jsonify

from ..game.command import Invalid
from ..game.fields import choice, whole
from ..rules import runewars as rw
from .common import ApiError, api_blueprint, json_body

bp = api_blueprint("runewars_api", __name__, url_prefix="/api/v1/runewars")

MAX_UNITS = 100
MAX_POINTS = 100
MAX_HEALTH = 99
MAX_STRENGTH = 1000


def _num(data: dict, key: str, where: str, lo: int, hi: int, default: Any = None) -> int:
    try:
        if default is None:
            return whole(data, key, lo=lo, hi=hi, label=where)
        return whole(data, key, default=default, lo=lo, hi=hi, label=where)
    except Invalid as err:
        raise ApiError(str(err)) from err


def _only(data: Any, keys: set[str], where: str) -> dict:
    if not isinstance(data, dict):
        raise ApiError(f"{where} must be an object")
    extra = sorted(set(data) - keys)
    if extra:
        raise ApiError(f"unknown field {extra[0]!r} in {where}: expected {', '.join(sorted(keys))}")
    return data


def _ident(value: Any, where: str) -> str | int:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ApiError(f"{where} must be a string or a whole number, got {value!r}"[:200])
    if isinstance(value, str) and not 1 <= len(value) <= 64:
        raise ApiError(f"{where} must have 1 to 64 characters")
    if isinstance(value, int) and abs(value) > 10**9:
        raise ApiError(f"{where} is too large")
    return value


def _list(data: dict, key: str, limit: int, required: bool = True) -> list:
    if key not in data:
        if required:
            raise ApiError(f"{key!r} is required: a list")
        return []
    value = data[key]
    if not isinstance(value, list):
        raise ApiError(f"{key!r} must be a list")
    if len(value) > limit:
        raise ApiError(f"{key!r} is too long (at most {limit})")
    return value


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
            raise ApiError(f"{where}.id is required")
        uid = _ident(u["id"], f"{where}.id")
        key = str(uid)
        if key in originals:
            raise ApiError(f"two units have the id {uid!r}")
        health = _num(u, "health", f"{where}.health", 1, MAX_HEALTH)
        damage = _num(u, "damage", f"{where}.damage", 0, MAX_HEALTH, default=0)
        if damage >= health:
            raise ApiError(f"{where}.damage must be less than its health: a unit with damage equal to its health is "
                           "destroyed")
        routed = u.get("routed", False)
        if not isinstance(routed, bool):
            raise ApiError(f"{where}.routed must be true or false, got {routed!r}"[:200])
        originals[key] = uid
        units.append(rw.Unit(key, health, damage, routed))
    routs = _num(data, "routs", "routs", 0, MAX_POINTS, default=0)
    damage = _num(data, "damage", "damage", 0, MAX_POINTS, default=0)
    rts = [str(_ident(x, f"rout_targets[{i}]")) for i, x in enumerate(_list(data, "rout_targets", MAX_POINTS, False))]
    dts = [str(_ident(x, f"damage_targets[{i}]"))
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
    t = rw.tally(_num(data, "attacker_standing", "attacker_standing", 0, MAX_STRENGTH),
                 _num(data, "defender_standing", "defender_standing", 0, MAX_STRENGTH),
                 _num(data, "stronghold", "stronghold", 0, MAX_STRENGTH, default=0))
    return jsonify({"attacker": t.attacker, "defender": t.defender, "winner": t.winner})


def _hero(data: dict, side: str) -> tuple[rw.DuelHero, rw.DuelDraw]:
    if side not in data:
        raise ApiError(f"{side!r} is required: an object with health, damage, icon, value, special")
    h = _only(data[side], {"health", "damage", "icon", "value", "special"}, side)
    health = _num(h, "health", f"{side}.health", 1, MAX_HEALTH)
    damage = _num(h, "damage", f"{side}.damage", 0, MAX_HEALTH, default=0)
    try:
        icon = choice(h, "icon", rw.DUEL_ICONS, label=f"{side}.icon")
        special = choice(h, "special", rw.DUEL_SPECIALS, default="damage", label=f"{side}.special")
    except Invalid as err:
        raise ApiError(str(err)) from err
    needs_value = icon in ("damage", "rout")
    value = _num(h, "value", f"{side}.value", 0, MAX_POINTS, default=None if needs_value else 0)
    return rw.DuelHero(health, damage), rw.DuelDraw(icon, value, special)


@bp.post("/duel-round")
def duel_round():
    data = _only(json_body(), {"attacker", "defender"}, "the body")
    a, ad = _hero(data, "attacker")
    d, dd = _hero(data, "defender")
    r = rw.duel_round(a, d, ad, dd, 1)
    return jsonify({side: {"health": h.health, "damage": h.damage, "defeated": h.defeated}
                    for side, h in (("attacker", r.attacker), ("defender", r.defender))})
