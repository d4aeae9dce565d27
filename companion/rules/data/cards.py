"""Parsers of units.yaml, sites.yaml, terrains.yaml and the card files (actions, spells, artifacts)."""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from .records import Card, Site, Terrain, Unit
from .schema import (
    CARD_COLORS, CARD_KINDS, EXPANSIONS, RECRUIT_REPUTATION, RECRUIT_SITES, RESISTANCES, UNIT_KINDS, _entries,
    _Entry, _entry_id, _ident, _names, _unique,
)


def _parse_units(file: str, doc: dict) -> Mapping[str, Unit]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "units")):
        e = _Entry(file, raw, _entry_id(file, raw, i),
                   ("id", "name", "name_de", "kind", "level", "cost", "armor", "resistances", "recruit_sites",
                    "copies", "abilities", "abilities_de", "expansion", "printing_note", "recruit_reputation"))
        ab = e.strs("abilities")
        ab_de = e.strs("abilities_de")
        if len(ab) != len(ab_de):
            e.fail("abilities_de", f"{len(ab_de)} German abilities for {len(ab)} English ones")
        sites = e.strs("recruit_sites", choices=RECRUIT_SITES)
        if not sites:
            e.fail("recruit_sites", "at least one recruit site")
        out.append(Unit(_ident(e), *_names(e), e.str("kind", choices=UNIT_KINDS), e.int("level", lo=1, hi=4),
                        e.int("cost", lo=1, hi=20), e.int("armor", lo=1, hi=10),
                        e.strs("resistances", (), choices=RESISTANCES), sites, e.int("copies", lo=1, hi=6),
                        ab, ab_de, e.str("expansion", "base", choices=EXPANSIONS), e.str("printing_note", None),
                        e.str("recruit_reputation", None, choices=RECRUIT_REPUTATION)))
    _unique(file, (x.id for x in out))
    return MappingProxyType({x.id: x for x in out})


def _parse_sites(file: str, doc: dict) -> Mapping[str, Site]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "sites")):
        e = _Entry(file, raw, _entry_id(file, raw, i), ("id", "name", "name_de", "kind", "rules", "rules_de",
                                                         "expansion"))
        r, r_de = e.strs("rules"), e.strs("rules_de")
        if len(r) != len(r_de):
            e.fail("rules_de", f"{len(r_de)} German rules for {len(r)} English ones")
        out.append(Site(_ident(e), *_names(e), e.str("kind"), r, r_de, e.str("expansion", "base", choices=EXPANSIONS)))
    _unique(file, (x.id for x in out))
    return MappingProxyType({x.id: x for x in out})


def _parse_terrains(file: str, doc: dict) -> Mapping[str, Terrain]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "terrains")):
        e = _Entry(file, raw, _entry_id(file, raw, i), ("id", "name", "name_de", "day", "night", "note", "note_de"))
        out.append(Terrain(_ident(e), *_names(e), e.int("day", None, lo=1, hi=10), e.int("night", None, lo=1, hi=10),
                           e.str("note", ""), e.str("note_de", "")))
    _unique(file, (x.id for x in out))
    return MappingProxyType({x.id: x for x in out})


def _parse_cards(file: str, doc: dict) -> list[Card]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "cards")):
        e = _Entry(file, raw, _entry_id(file, raw, i), ("id", "name", "name_de", "kind", "color", "copies",
                                                         "expansion", "number", "name_night", "name_night_de",
                                                         "interactive"))
        kind = e.str("kind", choices=CARD_KINDS)
        color = e.str("color", None, choices=CARD_COLORS)
        if kind != "artifact" and color is None:
            e.fail("color", "missing (only artifacts have no colour)")
        out.append(Card(_ident(e), *_names(e), kind, color, e.int("copies", 1, lo=1, hi=6),
                        e.str("expansion", "base", choices=EXPANSIONS), e.int("number", None, lo=1),
                        e.str("name_night", None), e.str("name_night_de", None), e.bool("interactive", False)))
    return out
