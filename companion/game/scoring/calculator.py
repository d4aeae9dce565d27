"""The stateless score calculator's input (``POST /api/v1/score`` and ``/score/strength``, docs/api.md
"Scoring"): a whole score sheet as JSON, checked strictly into the engine's sheet. JSON numbers must be ints (never
bools, strings or fractions); every refusal is ``Invalid`` naming the field. No Flask."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules import scoring
from ...rules.text import N_
from ..spine.command import Invalid
from ..spine.fields import json_flag, json_whole, known_fields

MAX_PLAYERS = 8  # more than the game allows; the engine gives the scenario's own limit
MAX_COUNT = 999
MAX_UNITS = 20
MAX_NAME = 60
MAX_TEAM = 30

PLAYER_COUNTS = scoring.COUNT_FIELDS
PLAYER_FLAGS = ("on_portal", "chosen")
PLAYER_KEYS = {"name", "team", "fame", "units", *PLAYER_COUNTS, *PLAYER_FLAGS}
GAME_KEYS = {
    "scenario", "players", "cities_conquered", "cities_total", "rounds_left", "dummy_deck",
    "end_of_round_announced", "lowest_counts", "all_mines_liberated", "all_dungeons_conquered",
}
STRENGTH_KEYS = {"name", "level", "fame", "spells", "artifacts", "advanced_actions", "crystals", "units",
                 "turn_position"}


def units(where: str, value: Any) -> tuple[scoring.Unit, ...]:
    """Units as ``[{"level": 1-4, "wounded": bool}]`` (a bare level counts as an unwounded Unit)."""
    if not isinstance(value, list):
        raise Invalid(N_("%(where)s must be a list of {\"level\": 1-4, \"wounded\": true|false}"), where=where)
    if len(value) > MAX_UNITS:
        raise Invalid(N_("%(where)s has too many Units (at most %(n)d)"), where=where, n=MAX_UNITS)
    out = []
    for i, u in enumerate(value):
        here = f"{where}[{i}]"
        if isinstance(u, int) and not isinstance(u, bool):
            u = {"level": u}
        if not isinstance(u, dict):
            raise Invalid(N_("%(where)s must be an object {\"level\": 1-4, \"wounded\": true|false}"), where=here)
        known_fields(here, u, {"level", "wounded"})
        if "level" not in u:
            raise Invalid(N_("%(where)s is required (1 to 4)"), where=f"{here}.level")
        level = json_whole(f"{here}.level", u["level"], maximum=MAX_COUNT)
        if not 1 <= level <= 4:
            raise Invalid(N_("%(where)s must be 1 to 4 (Unit levels I-IV), got %(value)d"), where=f"{here}.level",
                          value=level)
        out.append(scoring.Unit(level, json_flag(f"{here}.wounded", u.get("wounded", False))))
    return tuple(out)


def _name(where: str, p: Mapping[str, Any]) -> str:
    name = p.get("name")
    if not isinstance(name, str) or not name.strip():
        raise Invalid(N_("%(where)s is required (a non-empty string)"), where=f"{where}.name")
    if len(name) > MAX_NAME:
        raise Invalid(N_("%(where)s is too long (at most %(n)d characters)"), where=f"{where}.name", n=MAX_NAME)
    return name.strip()


def _players_list(data: Mapping[str, Any]) -> list:
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise Invalid(N_("'players' is required: a non-empty list of player objects"))
    if len(players) > MAX_PLAYERS:
        raise Invalid(N_("too many players (at most %(n)d)"), n=MAX_PLAYERS)
    return players


def parse_player(i: int, p: Any) -> scoring.PlayerSheet:
    where = f"players[{i}]"
    if not isinstance(p, dict):
        raise Invalid(N_("%(where)s must be an object"), where=where)
    known_fields(where, p, PLAYER_KEYS)
    name = _name(where, p)
    team = p.get("team")
    if team is not None:
        if isinstance(team, int) and not isinstance(team, bool):
            team = str(team)
        if not isinstance(team, str) or not team.strip() or len(team) > MAX_TEAM:
            raise Invalid(N_("%(where)s must be a short string (or null)"), where=f"{where}.team")
    kw: dict[str, Any] = {}
    # Fame may be negative: Variants, Hero auction ("treats it as -2").
    kw["fame"] = json_whole(f"{where}.fame", p.get("fame", 0), None, maximum=MAX_COUNT)
    for f in PLAYER_COUNTS:
        if f in p:
            kw[f] = json_whole(f"{where}.{f}", p[f], maximum=MAX_COUNT)
    for f in PLAYER_FLAGS:
        if f in p:
            kw[f] = json_flag(f"{where}.{f}", p[f])
    if "units" in p:
        kw["units"] = units(f"{where}.units", p["units"])
    return scoring.PlayerSheet(name=name, team=team.strip() if team else None, **kw)


def parse_sheet(data: Mapping[str, Any]) -> scoring.GameSheet:
    """A whole sheet (the body of ``POST /api/v1/score``)."""
    known_fields(None, data, GAME_KEYS)
    scenario = data.get("scenario")
    choices = ", ".join(sorted(scoring.SCENARIOS))
    if not isinstance(scenario, str):
        raise Invalid(N_("'scenario' is required: one of %(choices)s"), choices=choices)
    if scenario not in scoring.SCENARIOS:
        raise Invalid(N_("unknown scenario %(value)s: one of %(choices)s"), value=repr(scenario)[:40],
                      choices=choices)
    players = _players_list(data)
    kw: dict[str, Any] = {}
    for f in ("cities_conquered", "cities_total"):
        if data.get(f) is not None:
            kw[f] = json_whole(f, data[f], maximum=MAX_COUNT)
    for f in ("rounds_left", "dummy_deck"):
        if f in data:
            kw[f] = json_whole(f, data[f], maximum=MAX_COUNT)
    for f in ("end_of_round_announced", "lowest_counts"):
        if f in data:
            kw[f] = json_flag(f, data[f])
    for f in ("all_mines_liberated", "all_dungeons_conquered"):
        if data.get(f) is not None:
            kw[f] = json_flag(f, data[f])
    return scoring.GameSheet(scenario, tuple(parse_player(i, p) for i, p in enumerate(players)), **kw)


def parse_strength(data: Mapping[str, Any]) -> list[scoring.StrengthSheet]:
    """Variants, Action Upgrades: each player's strength inputs (the body of ``POST /api/v1/score/strength``)."""
    sheets = []
    for i, p in enumerate(_players_list(data)):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise Invalid(N_("%(where)s must be an object"), where=where)
        known_fields(where, p, STRENGTH_KEYS)
        name = _name(where, p)
        if "level" not in p:
            raise Invalid(N_("%(where)s is required (1 to 10)"), where=f"{where}.level")
        level = json_whole(f"{where}.level", p["level"], maximum=MAX_COUNT)
        if not 1 <= level <= 10:
            raise Invalid(N_("%(where)s must be 1 to 10, got %(value)d"), where=f"{where}.level", value=level)
        kw = {f: json_whole(f"{where}.{f}", p[f], maximum=MAX_COUNT) for f in
              ("spells", "artifacts", "advanced_actions", "crystals", "turn_position") if f in p}
        sheets.append(scoring.StrengthSheet(
            name=name, level=level, fame=json_whole(f"{where}.fame", p.get("fame", 0), None, maximum=MAX_COUNT),
            units=units(f"{where}.units", p.get("units", [])), **kw,
        ))
    return sheets
