"""Parsers of heroes.yaml, tactics.yaml and cities.yaml."""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from .records import City, DeckCard, Hero, Skill, Tactic
from .schema import (
    CARD_COLORS, CITY_COLORS, EXPANSIONS, MANA_COLORS, PILE_COLORS, TACTIC_EFFECTS, TIMES, _entries, _Entry, _entry_id, _ident,
    _names, RulesDataError, _unique,
)


def _parse_heroes(file: str, doc: dict) -> Mapping[str, Hero]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "heroes")):
        e = _Entry(file, raw, _entry_id(file, raw, i),
                   ("id", "name", "name_de", "expansion", "crystals", "crystals_source", "crystals_verified",
                    "deck", "skills"))
        hid = _ident(e)
        name, name_de = _names(e)
        crystals = e.strs("crystals", choices=MANA_COLORS)
        if len(crystals) != 3:
            e.fail("crystals", f"a hero card shows exactly 3 crystal dots, got {len(crystals)}")
        deck = []
        for j, c in enumerate(e.list("deck")):
            ce = _Entry(file, c, f"{hid}.deck.{_entry_id(file, c, j)}",
                        ("id", "name", "name_de", "color", "count", "replaces"))
            deck.append(DeckCard(_ident(ce), ce.str("name"), ce.str("name_de"),
                                 ce.str("color", choices=CARD_COLORS), ce.int("count", lo=1, hi=16),
                                 ce.str("replaces", None)))
        _unique(file, (f"{hid}.deck.{c.id}" for c in deck))
        for c in deck:
            if c.replaces is not None and c.replaces == c.id:
                e.fail(f"deck.{c.id}.replaces", "a card cannot replace itself")
        skills = []
        for j, s in enumerate(e.list("skills", ())):
            se = _Entry(file, s, f"{hid}.skills.{_entry_id(file, s, j)}", ("id", "name", "name_de", "interactive"))
            skills.append(Skill(_ident(se), se.str("name"), se.str("name_de"), se.bool("interactive", False)))
        _unique(file, (f"{hid}.skills.{s.id}" for s in skills))
        out.append(Hero(hid, name, name_de, crystals, tuple(deck), tuple(skills),
                        e.str("expansion", "base", choices=EXPANSIONS), e.str("crystals_source"),
                        e.bool("crystals_verified", True)))
    _unique(file, (h.id for h in out))
    return MappingProxyType({h.id: h for h in out})


def _parse_tactics(file: str, doc: dict) -> tuple[Tactic, ...]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "tactics")):
        e = _Entry(file, raw, _entry_id(file, raw, i), ("id", "name", "name_de", "time", "number", "text", "text_de",
                                                             "effect"))
        out.append(Tactic(_ident(e), *_names(e), e.str("time", choices=TIMES), e.int("number", lo=1, hi=6),
                          e.str("text", ""), e.str("text_de", ""), e.str("effect", "reminder", choices=TACTIC_EFFECTS)))
    _unique(file, (t.id for t in out))
    seen: dict[tuple[str, int], str] = {}
    for t in out:
        if (t.time, t.number) in seen:
            raise RulesDataError(f"{file}: {t.id}: number: {t.time} tactic {t.number} is already "
                                 f"{seen[(t.time, t.number)]}")
        seen[(t.time, t.number)] = t.id
    return tuple(sorted(out, key=lambda t: (TIMES.index(t.time), t.number)))


def _parse_cities(file: str, doc: dict) -> Mapping[str, City]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "cities")):
        e = _Entry(file, raw, _entry_id(file, raw, i, "color"),
                   ("color", "name", "name_de", "bonus", "bonus_de", "garrison", "printing_note"))
        color = e.str("color", choices=CITY_COLORS)
        g = e.mapping("garrison")
        garrison = {}
        for lvl in range(1, 12):
            if lvl not in g:
                e.fail(f"garrison.{lvl}", "missing city level")
            piles = g[lvl]
            if not isinstance(piles, list) or not piles:
                e.fail(f"garrison.{lvl}", "must be a non-empty list of pile colours")
            for p in piles:
                if p not in PILE_COLORS:
                    e.fail(f"garrison.{lvl}", f"{p!r} is not a pile colour ({', '.join(PILE_COLORS)})")
            garrison[lvl] = tuple(piles)
        extra = [k for k in g if k not in garrison]
        if extra:
            e.fail(f"garrison.{extra[0]}", "city levels are 1-11")
        out.append(City(color, e.str("name"), e.str("name_de"), e.str("bonus"), e.str("bonus_de"),
                        MappingProxyType(garrison), e.str("printing_note", None)))
    _unique(file, (c.color for c in out))
    return MappingProxyType({c.color: c for c in out})
