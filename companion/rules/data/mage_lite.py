"""Parser of mage_lite.yaml: Mage Lite's (seed 004) Mini Blitz difficulties, tiles, cities, Reputation card and
limits."""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from .schema import CITY_COLORS, _entries, _Entry, _entry_id, _ident, _unique, RulesDataError


@dataclass(frozen=True)
class Difficulty:
    id: str
    rounds: int
    fame_bonus: int
    city_levels: tuple[int, ...]
    start_choice: bool  # the player picks Day or Night for Round 1 (Hard, Impossible)


@dataclass(frozen=True)
class MageLiteData:
    difficulties: Mapping[str, Difficulty]
    tiles: Mapping[str, int]
    cities: Mapping[str, tuple[str, ...]]   # "base", "main_expansion"
    max_level: int
    yellow: tuple[int, ...]                 # Influence modifier at reputation 0, 1, ...
    red: tuple[int, ...]                    # at reputation -1, -2, ...; the next step is the X
    reputation_changes: Mapping[str, int]
    crystal_limit: int
    hand_bonus: Mapping[str, int]


def _ints(e: _Entry, key: str, lo: int, hi: int) -> tuple[int, ...]:
    return e.list(key, item=lambda x: e.check_int(key, x, lo, hi))


def _parse_mage_lite(file: str, doc: dict) -> MageLiteData:
    top = _Entry(file, doc, "-", ("sources", "difficulties", "tiles", "cities", "max_level", "reputation",
                                  "reputation_changes", "crystal_limit", "hand_bonus"))
    diffs = []
    for i, raw in enumerate(_entries(file, doc, "difficulties")):
        e = _Entry(file, raw, _entry_id(file, raw, i), ("id", "rounds", "fame_bonus", "city_levels", "start_choice"))
        diffs.append(Difficulty(_ident(e), e.int("rounds", lo=1, hi=12), e.int("fame_bonus", lo=0, hi=9),
                                _ints(e, "city_levels", 1, 11), e.bool("start_choice")))
    _unique(file, (d.id for d in diffs))
    tiles = _Entry(file, top.mapping("tiles"), "tiles", ("countryside", "core", "city"))
    cities = _Entry(file, top.mapping("cities"), "cities", ("base", "main_expansion"))
    rep = _Entry(file, top.mapping("reputation"), "reputation", ("yellow", "red"))
    changes = _Entry(file, top.mapping("reputation_changes"), "reputation_changes",
                     ("assault", "orcs", "draconum", "burn_monastery"))
    bonus = _Entry(file, top.mapping("hand_bonus"), "hand_bonus", ("keep_each", "city"))
    data = MageLiteData(
        difficulties=MappingProxyType({d.id: d for d in diffs}),
        tiles=MappingProxyType({k: tiles.int(k, lo=0, hi=20) for k in ("countryside", "core", "city")}),
        cities=MappingProxyType({k: cities.strs(k, choices=CITY_COLORS) for k in ("base", "main_expansion")}),
        max_level=top.int("max_level", lo=1, hi=10),
        yellow=_ints(rep, "yellow", -9, 9), red=_ints(rep, "red", -9, 9),
        reputation_changes=MappingProxyType({k: changes.int(k, lo=-9, hi=9)
                                             for k in ("assault", "orcs", "draconum", "burn_monastery")}),
        crystal_limit=top.int("crystal_limit", lo=1, hi=9),
        hand_bonus=MappingProxyType({k: bonus.int(k, lo=0, hi=9) for k in ("keep_each", "city")}))
    if len(data.yellow) != 8 or len(data.red) != 6:
        raise RulesDataError(f"{file}: reputation: -: the card has 8 yellow steps (0..7) and 6 red ones before X")
    return data
