"""JSON API for the rules data: ``GET /api/v1/rules/<kind>``.

The field names are a contract (documented in docs/api.md "Rules data"): other tools read them.
The enemy, hero, level, reputation, city and tactic records carry exactly the documented fields; units,
scenarios and sites are the rules data's own ``to_dict()`` shape.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import Any

from flask import current_app

from companion.rules.data import get_rules

from companion.web.common import ApiError, api_blueprint

bp = api_blueprint("rules_api", __name__, "/api/v1/rules")


def _plain(value: Any) -> Any:
    """A JSON-able copy: dataclasses via their own to_dict()/as_dict() when they have one, tuples as lists."""
    for name in ("to_dict", "as_dict"):
        method = getattr(value, name, None)
        if callable(method):
            return _plain(method())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in value]
    return value


def _values(collection: Any) -> list:
    """The records of a rules collection, whether it is a mapping (id -> record) or a sequence."""
    if isinstance(collection, Mapping):
        return list(collection.values())
    return list(collection)


def enemy_record(e) -> dict:
    return {
        "id": e.id,
        "name": e.name,
        "name_de": e.name_de,
        "color": e.color,
        "expansion": e.expansion,
        "copies": e.copies,
        "armor": e.armor,
        "elusive_armor": e.elusive_armor,
        "attacks": [{"value": a.value, "element": a.element} for a in e.attacks],
        "abilities": list(e.abilities),
        "defend": e.defend,
        "summon": e.summon,
        "resistances": list(e.resistances),
        "fame": e.fame,
    }


def hero_record(h) -> dict:
    return {
        "id": h.id,
        "name": h.name,
        "crystals": list(h.crystals),
        "deck": [{"name": c.name, "color": c.color, "count": c.count} for c in h.deck],
    }


def level_record(lv) -> dict:
    return {
        "level": lv.level,
        "fame": lv.fame,
        "armor": lv.armor,
        "hand_limit": lv.hand_limit,
        "command_tokens": lv.command_tokens,
    }


def reputation_record(r) -> dict:
    return {"space": r.space, "modifier": r.modifier}


def city_record(c) -> dict:
    return {
        "color": c.color,
        "bonus": c.bonus,
        "garrison": {str(level): list(piles) for level, piles in sorted(c.garrison.items())},
    }


def tactic_record(t) -> dict:
    return {"id": t.id, "name": t.name, "time": t.time, "number": t.number}


KINDS: dict[str, Callable[[Any], dict]] = {
    "enemies": enemy_record,
    "units": _plain,
    "heroes": hero_record,
    "levels": level_record,
    "reputation": reputation_record,
    "cities": city_record,
    "tactics": tactic_record,
    "scenarios": _plain,
    "sites": _plain,
    "procedures": _plain,
}


def records(kind: str) -> list[dict]:
    """The API records of one kind (raises KeyError for an unknown kind)."""
    convert = KINDS[kind]
    return [convert(item) for item in _values(getattr(get_rules(), kind))]


def _json(body: dict):
    """JSON in the documented field order (jsonify would sort the keys, e.g. city levels "1", "10", "11", "2")."""
    return current_app.response_class(json.dumps(body, ensure_ascii=False) + "\n", mimetype="application/json")


@bp.get("")
def rules_kinds():
    return _json({"kinds": sorted(KINDS)})


@bp.get("/<kind>")
def rules_kind(kind: str):
    if kind not in KINDS:
        raise ApiError(f"unknown rules kind {kind!r}; known kinds: {', '.join(sorted(KINDS))}", 404)
    return _json({kind: records(kind)})
