"""Parser of scenarios.yaml: set-up per player count, scoring, special rules."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any, Mapping

from .records import Scenario
from .setup_rules import check_scenario_setup
from .schema import (MODES, SCENARIO_EFFECTS, SCENARIO_END_WHEN, SCENARIO_GOALS, SCENARIO_LAST_TURNS,
                     TACTICS_RULES, _entries, _Entry, _entry_id, _freeze, _ident, _names, _unique)


_TILE_KEYS = ("countryside", "core_city", "core_non_city")


def _per_players(e: _Entry, key: str, value: Any, players: range, lo: int = 0) -> dict[int, Any]:
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            n = e.check_int(key, k, players.start, players.stop - 1)
            out[n] = e.check_int(key, v, lo)
        missing = [n for n in players if n not in out]
        if missing:
            e.fail(key, f"no value for {missing[0]} players")
        return out
    v = e.check_int(key, value, lo)
    return {n: v for n in players}


def _parse_scenario(file: str, raw: Any, index: int, nested: bool = False) -> Scenario:
    sid = _entry_id(file, raw, index)
    allowed = ("id", "name", "name_de", "name_de_source", "type", "players_min", "players_max", "modes", "rounds",
               "rounds_by_players", "map_shape", "map_shape_de", "tiles", "city_levels", "city_status", "dummy",
               "tactics_rule", "special_rules", "special_rules_de", "end_conditions", "end_conditions_de", "scoring",
               "solo_variant", "page", "setup", "special_rules_effects", "end")
    e = _Entry(file, raw, sid, allowed)
    _ident(e)
    name, name_de = _names(e)
    pmin = e.int("players_min", lo=1, hi=4)
    pmax = e.int("players_max", lo=1, hi=4)
    if pmax < pmin:
        e.fail("players_max", f"{pmax} is below players_min {pmin}")
    players = range(pmin, pmax + 1)
    modes = e.strs("modes", choices=MODES)
    if not modes:
        e.fail("modes", "at least one mode")
    rounds = e.int("rounds", lo=1, hi=12)
    rbp = {}
    if e.has("rounds_by_players"):
        rbp = _per_players(e, "rounds_by_players", e.mapping("rounds_by_players"), players, lo=1)
    tiles_raw = e.mapping("tiles")
    tiles = {}
    for k in _TILE_KEYS:
        if k not in tiles_raw:
            e.fail(f"tiles.{k}", "missing")
        tiles[k] = _per_players(e, f"tiles.{k}", tiles_raw[k], players)
    extra = set(tiles_raw) - set(_TILE_KEYS)
    if extra:
        e.fail(f"tiles.{sorted(extra)[0]}", "unknown tile kind")
    status = e.str("city_status", "conquerable", choices=("conquerable", "not_enterable", "friendly"))
    levels_raw = e.mapping("city_levels", {})
    city_levels = {}
    for k, v in levels_raw.items():
        n = e.check_int("city_levels", k, pmin, pmax)
        if not isinstance(v, list):
            e.fail("city_levels", f"{n} players: must be a list of levels in reveal order")
        city_levels[n] = tuple(e.check_int("city_levels", x, 1, 24) for x in v)
    if status == "conquerable":
        for n in players:
            if n not in city_levels:
                e.fail("city_levels", f"no city levels for {n} players")
            if len(city_levels[n]) != tiles["core_city"][n]:
                e.fail("city_levels", f"{n} players: {len(city_levels[n])} levels for "
                                      f"{tiles['core_city'][n]} city tiles")
    elif city_levels:
        e.fail("city_levels", f"cities are {status}: no levels")
    scoring = e.mapping("scoring")
    for k in ("achievements", "titles"):
        if not isinstance(scoring.get(k), bool):
            e.fail(f"scoring.{k}", "must be true or false")
    if scoring.get("base") not in ("fame", "lowest_fame", "none"):
        e.fail("scoring.base", "must be fame, lowest_fame or none")
    sr = e.strs("special_rules", ())
    sr_de = e.strs("special_rules_de", ())
    if len(sr) != len(sr_de):
        e.fail("special_rules_de", f"{len(sr_de)} German rules for {len(sr)} English ones")
    effects = e.strs("special_rules_effects", (), choices=SCENARIO_EFFECTS)
    if len(effects) != len(sr):
        e.fail("special_rules_effects", f"{len(effects)} entries for {len(sr)} special rules: say for each rule "
                                        "what the app computes, or 'reminder'")
    solo = None
    end = _parse_end(e, status)
    sc = Scenario(
        id=sid, name=name, name_de=name_de, players_min=pmin, players_max=pmax, modes=modes, rounds=rounds,
        day_night=tuple("day" if i % 2 == 0 else "night" for i in range(rounds)),
        map_shape=e.str("map_shape"),
        map_shape_de=e.str("map_shape_de"),
        tiles=_freeze(tiles), city_levels=_freeze({k: list(v) for k, v in city_levels.items()}),
        city_status=status, dummy=e.bool("dummy"),
        tactics_rule=e.str("tactics_rule", choices=TACTICS_RULES), special_rules=sr, special_rules_de=sr_de,
        end_conditions=e.str("end_conditions"),
        end_conditions_de=e.str("end_conditions_de"),
        scoring=_freeze(scoring), type=e.str("type", "competitive"), rounds_by_players=_freeze(rbp),
        page=e.int("page", None), setup=_freeze(e.mapping("setup", {})), name_de_source=e.str("name_de_source", "seed",
                                                        choices=("seed", "translation")),
        special_rules_effects=effects, end=end,
    )
    check_scenario_setup(e, sc.setup, players, rounds)
    if sc.dummy and 1 not in players and "coop" not in modes:
        e.fail("dummy", "a dummy player is only used in solo and cooperative scenarios")
    if e.has("solo_variant"):
        if nested:
            e.fail("solo_variant", "nested solo variants are not allowed")
        # the variant is the scenario with the listed fields changed
        sv = {k: v for k, v in raw.items() if k not in ("solo_variant", "city_levels")}
        variant = e.mapping("solo_variant")
        sv.update(variant)
        sv["id"] = variant.get("id", f"{sid}_solo")
        solo = _parse_scenario(file, sv, index, nested=True)
        sc = dataclasses.replace(sc, solo_variant=solo)
    return sc


def _parse_end(e: _Entry, city_status: str) -> Any:
    """The scenario's end as data (schema.SCENARIO_END_WHEN): required, so no scenario can be left without."""
    raw = e.mapping("end")
    extra = set(raw) - {"when", "goal", "last_turns"}
    if extra:
        e.fail(f"end.{sorted(extra)[0]}", "unknown field")
    when = raw.get("when", [])
    if not isinstance(when, list) or any(w not in SCENARIO_END_WHEN for w in when):
        e.fail("end.when", f"a list of {', '.join(SCENARIO_END_WHEN)}")
    if "all_cities_conquered" in when and city_status != "conquerable":
        e.fail("end.when", "all_cities_conquered needs conquerable cities")
    goal = raw.get("goal")
    if ("goal" in when) != (goal is not None) or (goal is not None and goal not in SCENARIO_GOALS):
        e.fail("end.goal", f"one of {', '.join(SCENARIO_GOALS)}, exactly when 'goal' is in end.when")
    last = raw.get("last_turns", "each_player")
    if last not in SCENARIO_LAST_TURNS:
        e.fail("end.last_turns", f"one of {', '.join(SCENARIO_LAST_TURNS)}")
    return _freeze({"when": list(when), "goal": goal, "last_turns": last})


def _parse_scenarios(file: str, doc: dict) -> Mapping[str, Scenario]:
    out = [_parse_scenario(file, raw, i) for i, raw in enumerate(_entries(file, doc, "scenarios"))]
    _unique(file, (s.id for s in out))
    return MappingProxyType({s.id: s for s in out})
