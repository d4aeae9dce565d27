"""Parser of enemies.yaml, and a table's correction of one printed token (``apply_override``)."""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any, Mapping

from .records import Attack, Enemy
from .schema import (
    ELEMENTS, ENEMY_ABILITIES, EXPANSIONS, PILE_COLORS, RESISTANCES, as_dict, _entries, _Entry, _entry_id, _ident,
    RulesDataError, _unique,
)


_ENEMY_FIELDS = ("id", "name", "name_de", "color", "expansion", "copies", "armor", "elusive_armor", "attacks",
                 "abilities", "defend", "summon", "resistances", "fame", "reputation", "printing_note", "summon_count",
                 "faction")


def _parse_attacks(e: _Entry, value: Any) -> tuple[Attack, ...]:
    if not isinstance(value, list):
        e.fail("attacks", "must be a list of {value, element}")
    out = []
    for a in value:
        if isinstance(a, int) and not isinstance(a, bool):
            a = {"value": a}
        if not isinstance(a, dict) or set(a) - {"value", "element"}:
            e.fail("attacks", f"each attack is {{value, element}}, got {a!r}")
        v = e.check_int("attacks", a.get("value"), 0, 30)
        el = a.get("element", "physical")
        if el not in ELEMENTS:
            e.fail("attacks", f"element {el!r} is not one of {', '.join(ELEMENTS)}")
        out.append(Attack(v, el))
    return tuple(out)


def _enemy_from_entry(e: _Entry) -> Enemy:
    eid = _ident(e)
    abilities = e.strs("abilities", (), choices=ENEMY_ABILITIES)
    if len(set(abilities)) != len(abilities):
        e.fail("abilities", "duplicate ability")
    defend = e.int("defend", None, lo=1)
    if ("defend" in abilities) != (defend is not None):
        e.fail("defend", "`defend: N` goes with the ability `defend` (both or neither)")
    summon = e.str("summon", None, choices=PILE_COLORS)
    if e.has("summon_count") and summon is None and e.get("summon_count") != 1:
        e.fail("summon_count", "only summoners have a summon count")
    if ("summon" in abilities) != (summon is not None):
        e.fail("summon", "`summon: <pile>` goes with the ability `summon` (both or neither)")
    elusive = e.int("elusive_armor", None, lo=1)
    if ("elusive" in abilities) != (elusive is not None):
        e.fail("elusive_armor", "`elusive_armor` goes with the ability `elusive` (both or neither)")
    armor = e.int("armor", lo=1, hi=30)
    if elusive is not None and elusive <= armor:
        e.fail("elusive_armor", f"elusive armor {elusive} must be higher than armor {armor}")
    if "fortified" in abilities and "unfortified" in abilities:
        e.fail("abilities", "fortified and unfortified exclude each other")
    attacks = _parse_attacks(e, e.req("attacks"))
    if not attacks and "summon" not in abilities:
        e.fail("attacks", "only summoners have no attack of their own")
    res = e.strs("resistances", (), choices=RESISTANCES)
    if len(set(res)) != len(res):
        e.fail("resistances", "duplicate resistance")
    expansion = e.str("expansion", choices=EXPANSIONS)
    if (expansion == "tezla") != e.has("faction"):
        e.fail("faction", "Shades of Tezla tokens (and only they) belong to a faction: elementalist or dark_crusader")
    return Enemy(eid, e.str("name"), e.str("name_de"), e.str("color", choices=PILE_COLORS),
                 expansion, e.int("copies", lo=1, hi=10), armor, elusive,
                 attacks, abilities, defend, summon, res, e.int("fame", lo=0, hi=30),
                 e.int("reputation", None, lo=-5, hi=5), e.str("printing_note", None),
                 e.int("summon_count", 1, lo=1, hi=3), e.str("faction", None, choices=("elementalist", "dark_crusader")))


def _parse_enemies(file: str, doc: dict) -> Mapping[str, Enemy]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "enemies")):
        out.append(_enemy_from_entry(_Entry(file, raw, _entry_id(file, raw, i), _ENEMY_FIELDS)))
    _unique(file, (x.id for x in out))
    out = _told_apart(out)
    return MappingProxyType({x.id: x for x in out})


# What tells tokens of one name apart, in English and in the German rulebook's terms (seed 002).
_TRAIT_NAMES = {"fortified": ("Fortified", "Befestigt"), "swift": ("Swift", "Flink"), "brutal": ("Brutal", "Brutal"),
                "poison": ("Poison", "Giftig"), "paralyze": ("Paralyze", "Lähmend"), "elusive": ("Elusive", "Flüchtig"),
                "fire": ("fire", "Feuer"), "ice": ("ice", "Eis"), "physical": ("physical", "physisch"),
                "cold_fire": ("cold fire", "Kaltfeuer")}


def _told_apart(enemies: list[Enemy]) -> list[Enemy]:
    """Tokens that share a printed name (the four grey "Heroes" of The Lost Legion) are named by what differs:
    "Heroes (Swift)", "Heroes (fire)" - on every page, in the log and in the API."""
    groups: dict[str, list[Enemy]] = {}
    for x in enemies:
        groups.setdefault(x.name, []).append(x)
    renamed: dict[str, Enemy] = {}
    for same in groups.values():
        if len(same) < 2:
            continue
        for x in same:
            others = [o for o in same if o is not x]
            trait = next((a for a in x.abilities if a in _TRAIT_NAMES and not all(a in o.abilities for o in others)),
                         None)
            trait = trait or next((r for r in x.resistances if r in _TRAIT_NAMES
                                   and not all(r in o.resistances for o in others)), None)
            if trait is None:
                en, de = f"armor {x.armor}", f"Rüstung {x.armor}"
            else:
                en, de = _TRAIT_NAMES[trait]
            renamed[x.id] = replace(x, name=f"{x.name} ({en})", name_de=f"{x.name_de} ({de})")
    return [renamed.get(x.id, x) for x in enemies]


# --------------------------------------------------------------------------------------------- overrides
OVERRIDABLE_ENEMY_FIELDS = ("armor", "elusive_armor", "attacks", "abilities", "defend", "summon", "resistances",
                            "fame", "reputation")


def apply_override(enemy: Enemy, changes: Mapping[str, Any]) -> Enemy:
    """A table's correction of one printed token (stored as an event by the game; applied by the combat engine).

    ``changes`` uses the API/YAML shape (``attacks: [{"value": 5, "element": "fire"}]``).  The result is validated
    exactly like the rules data; bad changes raise ``RulesDataError("override: <enemy id>: <field>: <problem>")``.
    """
    if not isinstance(changes, Mapping):
        raise RulesDataError(f"override: {enemy.id}: -: must be a mapping of field -> value")
    for k in changes:
        if k not in OVERRIDABLE_ENEMY_FIELDS:
            raise RulesDataError(f"override: {enemy.id}: {k}: cannot be overridden "
                                 f"(allowed: {', '.join(OVERRIDABLE_ENEMY_FIELDS)})")
    raw = as_dict(enemy)
    raw.update({k: (list(v) if isinstance(v, tuple) else v) for k, v in changes.items()})
    raw = {k: v for k, v in raw.items() if k in _ENEMY_FIELDS}
    return _enemy_from_entry(_Entry("override", raw, enemy.id, _ENEMY_FIELDS))
